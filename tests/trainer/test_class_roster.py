"""The class view lists every trainee of the class, on a real PostgreSQL server (started by the
tests; skipped with the reason where it cannot be): a login the server knows as a trainee (made
by `add_login`) with no profile and no attempt yet shows with empty figures, "no attempt yet",
as does one with a profile and no answer — in the figures, `sabot class URL` (its table and
--json) and the assigned exams' results; an instructor's or the owner's login is no trainee, and
a trainee's own connection sees only themself."""

from __future__ import annotations

import json
import os
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.trainer.history import NOON, Clock
from tests.trainer.pg_server import ADMIN, PgServer, school_login
from trainer.cli import main
from trainer.history.classview import assignment_results, class_view
from trainer.history.postgres import PostgresStore
from trainer.history.server_exams import assign_exam
from trainer.history.server_setup import add_login

pytestmark = pytest.mark.slow

TARGETS = {"announce": 2.0, "dealer": 3.0}


def _name(url: str) -> str:
    return url.rsplit("user=", 1)[1]


@pytest.fixture(scope="module")
def klass(pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A class of three: one who practised, one with a profile only, one never seen (its login
    made, Sabot never started with it); and its instructor."""
    pid = os.getpid()
    urls = {
        "practised": school_login(pg_server, f"roster_done_{pid}"),
        "profile": school_login(pg_server, f"roster_profile_{pid}"),
        "quiet": school_login(pg_server, f"roster_quiet_{pid}"),
    }
    add_login(pg_server.url, "roster_roux", instructor=True)
    urls["instructor"] = pg_server.login_url("roster_roux")
    folder = tmp_path_factory.mktemp("roster")
    clock = Clock(NOON)
    with PostgresStore.open(urls["practised"], data=folder / "a", clock=clock) as store:
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        for n in range(5):
            clock.now += 5
            store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", True, 900)
        store.end_session(sid)
        assert store.sync(30)
    with PostgresStore.open(urls["profile"], data=folder / "b", clock=clock) as store:
        store.profile("Ben")
        assert store.sync(30)
    return urls


def test_every_trainee_of_the_class_shows_those_with_no_attempt_too(
    pg_server: PgServer, klass: dict[str, str]
) -> None:
    view = class_view(klass["instructor"], TARGETS, now=NOON + 3600)
    rows = {t.login: t for t in view.trainees}
    done, profile, quiet = (_name(klass[k]) for k in ("practised", "profile", "quiet"))
    assert {done, profile, quiet} <= set(rows)
    assert [t.login for t in view.trainees] == sorted(rows)
    assert rows[done].attempted and rows[done].cells["announce"].recent_attempts == 5
    for login in (profile, quiet):
        row = rows[login]
        assert not row.attempted and row.last_activity is None and not row.ready
        assert set(row.cells) == set(TARGETS)
        assert all(c.attempts == c.recent_attempts == 0 for c in row.cells.values())
        assert all(c.recent_median_ms is None and not c.mastered for c in row.cells.values())
        assert row.exams == () and row.attention == ("no practice yet",)
    # neither the instructor nor the server's owner is a trainee of the class
    assert "roster_roux" not in rows and ADMIN not in rows
    # a trainee's own connection: themself alone, answered or not
    for key in ("quiet", "practised"):
        alone = class_view(klass[key], TARGETS, now=NOON)
        assert [t.login for t in alone.trainees] == [_name(klass[key])]


def test_an_assigned_exam_lists_every_trainee_not_taken(
    pg_server: PgServer, klass: dict[str, str]
) -> None:
    today = date.today()
    a = assign_exam(
        klass["instructor"], ["announce"], 7, "casino-fr", 600, today, today + timedelta(days=2)
    )
    results = dict(assignment_results(klass["instructor"]))[a]
    by = {r.login: r for r in results}
    for key in ("practised", "profile", "quiet"):
        assert (by[_name(klass[key])].tries, by[_name(klass[key])].best) == (0, None)
    view = class_view(klass["instructor"], TARGETS, now=NOON)
    assert [r.login for r in dict(view.assignments)[a]] == [t.login for t in view.trainees]
    mine = dict(assignment_results(klass["quiet"]))[a]  # the quiet trainee's own
    assert [r.login for r in mine] == [_name(klass["quiet"])]


def test_sabot_class_shows_a_trainee_with_no_attempt_yet(
    klass: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("SABOT_DATA_DIR", str(tmp_path))
    quiet = _name(klass["quiet"])
    assert main(["class", klass["instructor"]]) == 0
    out = capsys.readouterr().out
    (line,) = [ln for ln in out.splitlines() if ln.startswith(quiet + " ")]
    words = line.split()  # every skill's cell empty, not ready, no attempt yet
    assert words[-4:] == ["no", "no", "attempt", "yet"] and set(words[1:-4]) == {"-"}
    assert f"  {quiet}: no practice yet" in out
    assert main(["class", klass["instructor"], "--json"]) == 0
    trainees = {t["login"]: t for t in json.loads(capsys.readouterr().out)["trainees"]}
    assert trainees[quiet]["attempted"] is False and trainees[quiet]["last_activity"] is None
    assert trainees[quiet]["skills"]["announce"] == {
        "mastered": False,
        "recent_attempts": 0,
        "recent_correct": 0,
        "recent_median_ms": None,
    }
    assert trainees[_name(klass["practised"])]["attempted"] is True
    assert main(["--lang", "fr", "class", klass["instructor"]]) == 0
    (line,) = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith(quiet + " ")]
    assert line.endswith("aucune tentative encore"), line
