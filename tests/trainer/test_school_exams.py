"""Assigned exams on a real PostgreSQL server (started by the tests; skipped with the reason where
it cannot be): schema version 4 and its upgrade from a version-3 database, row security (a
trainee reads the assignments and cannot set, change or withdraw one), assign / withdraw / list,
a trainee's store keeping the list on this PC so it shows offline, a try's session sent with its
assignment (once), and the results of each trainee in the class view."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.history import NOON, Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.game.rules import HouseRules
from trainer.history.assignments import Assignment
from trainer.history.classview import ClassView, class_view
from trainer.history.postgres import PostgresStore
from trainer.history.server_exams import assign_exam, list_assignments, withdraw_exam
from trainer.history.server_setup import SCHEMA_VERSION, ServerError, add_login, init_server
from trainer.practice.drill import EXAM, Drill
from trainer.practice.skills import SKILLS

pytestmark = pytest.mark.slow

_N = itertools.count(1)
FR = HouseRules.from_spec("casino-fr")
TARGETS = {"announce": 2.0, "pay-even": 3.0}


@pytest.fixture(scope="module")
def server() -> Iterator[PgServer]:
    """A server of this module's own: these tests stop and start it."""
    own = PgServer()
    yield own
    own.remove()


@pytest.fixture(scope="module")
def instructor(server: PgServer) -> str:
    init_server(server.url)
    add_login(server.url, "mme_roux", instructor=True)
    return server.login_url("mme_roux")


def _trainee(server: PgServer) -> str:
    return school_login(server, f"exam_{os.getpid()}_{next(_N)}")


def _login(url: str) -> str:
    return url.rsplit("user=", 1)[1]


def _sql(url: str, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(query, args)
        return cursor.fetchall() if cursor.description else []


def _server_day(url: str, moment: float) -> date:
    """The day of `moment` in the server's calendar (its time zone), where windows are read."""
    day = _sql(url, "SELECT to_timestamp(%s)::date", (moment,))[0][0]
    assert isinstance(day, date)
    return day


def _assign(url: str, opens: date, closes: date, **kw: Any) -> Assignment:
    fields: dict[str, Any] = {
        "skills": ["announce", "pay-even"],
        "seed": 42,
        "preset": "casino-fr",
        "time_limit_s": 900,
        "title": "Week 1",
    }
    return assign_exam(url, opens=opens, closes=closes, **{**fields, **kw})


def _assigned_for_today(server: PgServer, instructor: str) -> tuple[str, Clock, date, Assignment]:
    """A new trainee, a clock at noon, that noon's day on the server, and an exam assigned for
    that one day."""
    pupil = _trainee(server)
    day = _server_day(pupil, NOON)
    return pupil, Clock(NOON), day, _assign(instructor, day, day)


def _take(store: PostgresStore, a: Assignment, right: int, clock: Clock, **kw: Any) -> int:
    """A try at `a`, through the exam drill: the first `right` answers right, the others wrong."""
    skills = [SKILLS[s] for s in a.skills]
    drill = Drill(
        skills,
        FR,
        mode=EXAM,
        seed=kw.pop("seed", a.seed),
        store=store,
        profile="Ana",
        time_limit_s=a.time_limit_s,
        assignment=a.id,
        **kw,
    )
    plan = drill._plan or []
    assert drill.session_id is not None
    for n, q in enumerate(plan):
        clock.now += 3
        ok = n < right
        store.record(drill.session_id, q.skill, q.item, {"n": n}, "x", "y", ok, 1500)
    store.end_session(drill.session_id)
    return drill.session_id


# -- the schema -----------------------------------------------------------------------------------


def test_a_version_3_database_is_brought_to_version_4_its_history_kept(server: PgServer) -> None:
    name = f"school_v3_{os.getpid()}"
    _sql(server.url, f"CREATE DATABASE {name}")
    url = server.url.replace("/postgres?", f"/{name}?")
    init_server(url)
    add_login(url, "old_pupil")
    pupil = url.replace("user=sabot_admin", "user=old_pupil")
    _sql(pupil, "INSERT INTO profile (name) VALUES ('Ana')")
    _sql(
        pupil,
        "INSERT INTO session (profile, mode, skills, preset, started)"
        " SELECT id, 'exam', '[\"announce\"]', 'casino-fr', now() FROM profile",
    )
    # made back into the version-3 database a Sabot of before set up
    _sql(url, "ALTER TABLE session DROP COLUMN assignment")
    _sql(url, "DROP TABLE assignment")
    _sql(url, "UPDATE sabot_meta SET value = '3' WHERE key = 'schema'")

    said = init_server(url)  # `sabot server init URL` again, with this version

    assert f"schema upgraded from version 3 to {SCHEMA_VERSION}" in said
    assert _sql(url, "SELECT value FROM sabot_meta") == [(str(SCHEMA_VERSION),)]
    assert _sql(pupil, "SELECT mode, assignment FROM session") == [("exam", None)]
    add_login(url, "old_roux", instructor=True)
    teacher = url.replace("user=sabot_admin", "user=old_roux")
    today = date.today()
    a = _assign(teacher, today, today)
    assert list_assignments(pupil) == [a]
    assert "schema upgraded" not in " ".join(init_server(url))  # once


def test_an_instructor_assigns_lists_and_withdraws(server: PgServer, instructor: str) -> None:
    mon = date(2026, 12, 7)
    a = _assign(instructor, mon, mon + timedelta(days=4), skills="pay-even, announce")
    assert a == Assignment(
        a.id, ("pay-even", "announce"), 42, "casino-fr", 900, mon, mon + timedelta(days=4), "Week 1"
    )
    b = _assign(instructor, mon, mon, seed=7, title="")
    assert [x.id for x in list_assignments(instructor)][:2] == [b.id, a.id]  # newest first
    assert _sql(server.url, "SELECT created_by FROM assignment WHERE id = %s", (a.id,)) == [
        ("mme_roux",)
    ]
    withdrawn = withdraw_exam(instructor, b.id)
    assert withdrawn.withdrawn is not None and replace(withdrawn, withdrawn=None) == b
    # archived, not lost: the instructor still lists it, withdrawn
    assert [x for x in list_assignments(instructor) if x.id == b.id] == [withdrawn]
    assert withdraw_exam(instructor, b.id) == withdrawn  # again: nothing changes
    with pytest.raises(ServerError, match="there is no assigned exam 999999 on the school's"):
        withdraw_exam(instructor, 999999)
    with pytest.raises(ValueError, match="The time limit is from 1 minute to 4 hours"):
        _assign(instructor, mon, mon, time_limit_s=5)


def test_a_trainee_reads_the_assignments_and_cannot_set_change_or_withdraw_one(
    server: PgServer, instructor: str
) -> None:
    import psycopg

    pupil = _trainee(server)
    today = date.today()
    a = _assign(instructor, today, today)
    assert a in list_assignments(pupil)
    refused = f"only an instructor can assign an exam: {_login(pupil)} is not one of the school's"
    with pytest.raises(ServerError, match=refused):
        _assign(pupil, today, today)
    with pytest.raises(ServerError, match="only an instructor can withdraw an exam"):
        withdraw_exam(pupil, a.id)
    for change in (
        "UPDATE assignment SET seed = 1",
        "DELETE FROM assignment",
        "INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes)"
        " VALUES ('{announce}', 1, 'casino-fr', 600, now(), now())",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            _sql(pupil, change)
    assert a in list_assignments(instructor)  # untouched


def test_the_server_keeps_a_row_written_by_hand_within_bounds(server: PgServer) -> None:
    import psycopg

    init_server(server.url)
    for values in (
        "('{}', 1, 'casino-fr', 600, '2026-12-07', '2026-12-07', '')",  # no skill
        "('{announce}', -1, 'casino-fr', 600, '2026-12-07', '2026-12-07', '')",
        "('{announce}', 1, 'casino-fr', 10, '2026-12-07', '2026-12-07', '')",
        "('{announce}', 1, 'casino-fr', 600, '2026-12-08', '2026-12-07', '')",
    ):
        with pytest.raises(psycopg.errors.CheckViolation):
            _sql(
                server.url,
                "INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes, title)"
                f" VALUES {values}",
            )


# -- a trainee's store ----------------------------------------------------------------------------


def test_the_assignments_show_on_this_pc_offline_too(
    server: PgServer, instructor: str, tmp_path: Path
) -> None:
    pupil = _trainee(server)
    today = date.today()
    store = PostgresStore.open(pupil, data=tmp_path, retry_s=0.2)
    try:
        assert store.sync(30)
        before = store.assignments()
        a = _assign(instructor, today, today + timedelta(days=2), title="Friday's exam")
        assert store.sync(30)  # read again at once when asked
        shown = store.assignments()
        assert shown[0] == a and shown[1:] == before  # newest first
        server.stop()
        try:
            store.sync(3)
            assert store.status().online is False
            assert store.assignments() == shown  # the server gone: the last list still shows
            store.close()
            with PostgresStore.open(pupil, data=tmp_path, retry_s=0.2) as again:
                assert again.assignments() == shown  # and after a restart without it
        finally:
            server.start()
    finally:
        if not store.closed:
            store.close()
    with PostgresStore.open(pupil, data=tmp_path, retry_s=0.2) as store:
        withdraw_exam(instructor, a.id)
        assert store.sync(30)
        assert a not in store.assignments()  # withdrawn: gone from the list once read again


def test_a_try_is_sent_with_its_assignment_once(
    server: PgServer, instructor: str, tmp_path: Path
) -> None:
    pupil, clock, day, a = _assigned_for_today(server, instructor)
    store = PostgresStore.open(pupil, data=tmp_path, clock=clock)
    sid = _take(store, a, 4, clock)
    assert store.sessions("Ana")[-1].assignment == a.id
    assert store.sync(30)
    store._forgotten = store._sent_upto = 0  # as a new process finds the outbox: sent again
    store._forget_sent = lambda conn: None  # type: ignore[method-assign]
    store.close()
    with PostgresStore.open(pupil, data=tmp_path, clock=clock) as again:
        assert again.status().waiting == 4
        assert again.sync(30)
    assert _sql(pupil, "SELECT assignment, mode, seed FROM session") == [(a.id, "exam", 42)]
    assert _sql(pupil, "SELECT count(*) FROM attempt") == [(4,)]
    with PostgresStore.open(pupil, data=tmp_path / "pc2", clock=clock) as other_pc:
        assert other_pc.sync(30)  # brought to another PC with its assignment
        assert [s.assignment for s in other_pc.sessions("Ana")] == [a.id]
    assert sid


def test_a_try_at_an_exam_withdrawn_meanwhile_keeps_its_exam_archived_with_its_result(
    server: PgServer, instructor: str, tmp_path: Path
) -> None:
    pupil, clock, day, a = _assigned_for_today(server, instructor)
    with PostgresStore.open(pupil, data=tmp_path, clock=clock, send=False) as offline:
        _take(offline, a, 4, clock)  # taken offline: it waits in the outbox ...
    withdraw_exam(instructor, a.id)  # ... while the instructor withdraws the exam
    with PostgresStore.open(pupil, data=tmp_path, clock=clock) as store:
        assert store.sync(30) and store.status().problem is None
    # the try keeps its exam: withdrawn, it is archived with its results
    assert _sql(pupil, "SELECT assignment, mode FROM session") == [(a.id, "exam")]
    b = _assign(instructor, day, day)
    with PostgresStore.open(pupil, data=tmp_path, clock=clock) as store:
        _take(store, b, 4, clock)
        assert store.sync(30)
        assert b.id in [x.id for x in store.assignments()]
    withdraw_exam(instructor, b.id)  # withdrawn after the try: the try stays, with its exam
    assert _sql(pupil, "SELECT assignment FROM session ORDER BY id") == [(a.id,), (b.id,)]
    assert _sql(pupil, "SELECT count(*) FROM attempt") == [(8,)]
    with PostgresStore.open(pupil, data=tmp_path, clock=clock) as store:
        assert store.sync(30)
        assert b.id not in [x.id for x in store.assignments()]  # off the trainee's home
    by_id = {
        x.id: results for x, results in class_view(instructor, TARGETS, now=clock()).assignments
    }
    (mine,) = [r for r in by_id[b.id] if r.login == _login(pupil)]
    assert mine.tries == 1 and mine.best is not None and mine.best.passed


# -- the class view -------------------------------------------------------------------------------


def _view(server: PgServer) -> ClassView:
    return class_view(server.login_url("mme_roux"), TARGETS, now=NOON + 3600)


def test_the_class_view_gives_each_trainees_best_try_inside_the_window(
    server: PgServer, instructor: str, tmp_path: Path
) -> None:
    ana, ben, cleo = _trainee(server), _trainee(server), _trainee(server)
    clock = Clock(NOON)
    day = _server_day(ana, NOON)
    a = _assign(instructor, day, day + timedelta(days=1))
    with PostgresStore.open(ana, data=tmp_path / "ana", clock=clock) as store:
        _take(store, a, 2, clock)  # 2 of 4
        _take(store, a, 4, clock)  # 4 of 4: the best
        _take(store, a, 3, clock)  # 3 of 4 after it: still the 4 of 4
        _take(store, a, 4, clock, seed=43)  # not the assignment's seed: not a try at it
        clock.now += 3 * 86400  # after the window closed: does not count
        _take(store, a, 4, clock)
        assert store.sync(30)
    clock.now = NOON
    with PostgresStore.open(ben, data=tmp_path / "ben", clock=clock) as store:
        _take(store, a, 1, clock)
        _take(store, a, 4, clock, interactive=False)  # piped answers count for nothing
        unended = Drill(
            [SKILLS["announce"]], FR, mode=EXAM, seed=42, store=store, profile="Ana",
            assignment=a.id,
        )  # fmt: skip
        assert unended.session_id  # begun and never ended: not a try
        assert store.sync(30)
    with PostgresStore.open(cleo, data=tmp_path / "cleo", clock=clock) as store:
        store.profile("Ana")  # in the class, never took it
        assert store.sync(30)
    b = _assign(instructor, day + timedelta(days=5), day + timedelta(days=9), seed=9)

    view = _view(server)

    assert [x.id for x, _ in view.assignments][:2] == [b.id, a.id]  # newest first
    results = dict(view.assignments)
    logins = [t.login for t in view.trainees]
    assert [r.login for r in results[a]] == logins == sorted(logins)  # one per trainee
    by = {r.login: r for r in results[a]}
    best = by[_login(ana)].best
    assert best is not None and by[_login(ana)].tries == 3  # failed, passed, and one after
    assert (best.correct, best.attempts, best.passed, best.uncovered) == (4, 4, True, ())
    ben_best = by[_login(ben)].best
    assert by[_login(ben)].tries == 1 and ben_best is not None
    assert (ben_best.correct, ben_best.passed) == (1, False)
    assert (by[_login(cleo)].tries, by[_login(cleo)].best) == (0, None)
    assert all(r.tries == 0 and r.best is None for r in results[b])  # not open yet


def test_a_server_of_before_shows_no_assignment_in_the_class_view(server: PgServer) -> None:
    from trainer.history.classview import read_assignments

    name = f"school_v3_view_{os.getpid()}"
    _sql(server.url, f"CREATE DATABASE {name}")
    url = server.url.replace("/postgres?", f"/{name}?")
    init_server(url)
    _sql(url, "ALTER TABLE session DROP COLUMN assignment")
    _sql(url, "DROP TABLE assignment")
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        assert read_assignments(conn, ["ana"]) == ()
