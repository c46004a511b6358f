"""The school's server against a curious trainee (issue 25), on a real PostgreSQL server: each
login as itself — a real trainee's, a real instructor's login, never `SET ROLE` from the owner —
tries every table with SELECT, INSERT, UPDATE and DELETE, foreign keys included; a server of a
schema before version 5 is brought up to it, its rows that hang from another login's kept and
counted nowhere."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.commandline import run_sabot
from tests.trainer.history import NOON
from tests.trainer.pg_server import PgServer
from trainer.history.classview import class_view
from trainer.history.server_setup import SCHEMA_VERSION, add_login, init_server

pytestmark = pytest.mark.slow

TARGETS = {"announce": 2.0}
_P = os.getpid()
ANA, BOB, ROUX = f"sec_ana_{_P}", f"sec_bob_{_P}", f"sec_roux_{_P}"


def _database(server: PgServer, name: str) -> str:
    """A database of its own on the test server (the roles are the cluster's), as its owner."""
    import psycopg

    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return server.url.replace("postgresql:///postgres?", f"postgresql:///{name}?")


def _as(url: str, login: str) -> str:
    return url.replace("user=sabot_admin", f"user={login}")


def _school(server: PgServer, name: str) -> str:
    url = _database(server, name)
    init_server(url)
    for login in (ANA, BOB):
        add_login(url, login)
    add_login(url, ROUX, instructor=True)
    return url


@pytest.fixture(scope="module")
def school(pg_server: PgServer) -> Iterator[str]:
    yield _school(pg_server, f"sabot_sec_{_P}")


def _connect(url: str, login: str) -> Any:
    import psycopg

    conn = psycopg.connect(_as(url, login), autocommit=True)
    assert conn.execute("SELECT session_user").fetchone()[0] == login  # logged in as itself
    return conn


def _exam(conn: Any, profile: str, marks: str) -> tuple[int, int]:
    """A profile and an ended exam of `marks` ('1' right, '0' wrong) of one skill: (its
    profile's id, the session's id)."""
    pid = conn.execute(
        "INSERT INTO profile (name) VALUES (%s) RETURNING id", (profile,)
    ).fetchone()[0]
    sid = conn.execute(
        "INSERT INTO session (uid, profile, mode, skills, preset, seed, started, planned)"
        " VALUES (%s, %s, 'exam', '[\"announce\"]', 'casino-fr', 7, to_timestamp(%s), %s)"
        " RETURNING id",
        (uuid.uuid4(), pid, NOON, len(marks)),
    ).fetchone()[0]
    for n, mark in enumerate(marks):
        _answer(conn, sid, mark == "1", n)
    conn.execute("UPDATE session SET ended = to_timestamp(%s) WHERE id = %s", (NOON + 600, sid))
    return pid, sid


def _answer(conn: Any, session: int, correct: bool, n: int = 0) -> None:
    conn.execute(
        "INSERT INTO attempt (uid, session, skill, item, at, ms, correct, answer, expected,"
        " question) VALUES (%s, %s, 'announce', 'hard-14', to_timestamp(%s), 900, %s, '14',"
        " '14', '{}')",
        (uuid.uuid4(), session, NOON + 10 + n, correct),
    )


def _refused(conn: Any, sql: str, args: tuple[Any, ...] = ()) -> Any:
    """The error the server answers `sql` with (it must refuse it)."""
    import psycopg

    with pytest.raises(psycopg.Error) as caught:
        conn.execute(sql, args)
    return caught.value


def _bobs_exam(school: str) -> tuple[int, int]:
    with _connect(school, BOB) as bob:
        return _exam(bob, f"Bob {uuid.uuid4().hex[:6]}", "00")


def _bob_in_class_view(url: str) -> Any:
    view = class_view(_as(url, ROUX), TARGETS, ["announce"], now=NOON + 3600)
    (bob,) = [t for t in view.trainees if t.login == BOB]
    return bob


def test_a_trainee_cannot_hang_a_row_from_anothers(school: str) -> None:
    import psycopg

    bob_profile, bob_session = _bobs_exam(school)
    with _connect(school, ANA) as ana:
        own_profile, own_session = _exam(ana, "Ana", "1")
        # a session under bob's profile, an answer in bob's session: refused, and in the words
        # a reference to no row at all gets (nothing tells ana which ids exist)
        said = []
        for profile in (bob_profile, 10**12):
            error = _refused(
                ana,
                "INSERT INTO session (profile, mode, skills, preset, started)"
                " VALUES (%s, 'exam', '[\"announce\"]', 'casino-fr', now())",
                (profile,),
            )
            assert isinstance(error, psycopg.errors.ForeignKeyViolation)
            said.append(str(error).replace(str(profile), "N"))
        assert said[0] == said[1] and BOB not in said[0]
        said = []
        for session in (bob_session, 10**12):
            error = _refused(
                ana,
                "INSERT INTO attempt (uid, session, skill, item, at, ms, correct, answer,"
                " expected, question) VALUES (gen_random_uuid(), %s, 'announce', 'x', now(),"
                " 900, true, '1', '1', '{}')",
                (session,),
            )
            assert isinstance(error, psycopg.errors.ForeignKeyViolation)
            said.append(str(error).replace(str(session), "N"))
        assert said[0] == said[1] and BOB not in said[0]
        # nor by naming bob as the owner, nor by choosing an id (its conflict would tell)
        for sql in (
            f"INSERT INTO profile (owner, name) VALUES ('{BOB}', 'B')",
            f"INSERT INTO session (owner, profile, mode, skills, preset, started) VALUES"
            f" ('{BOB}', {bob_profile}, 'exam', '[]', 'casino-fr', now())",
            f"INSERT INTO attempt (owner, uid, session, skill, item, at, ms, correct, answer,"
            f" expected, question) VALUES ('{BOB}', gen_random_uuid(), {bob_session}, 'a',"
            f" 'x', now(), 1, true, '1', '1', '{{}}')",
            f"INSERT INTO profile (id, name) VALUES ({bob_profile}, 'B')",
            f"INSERT INTO session (id, profile, mode, skills, preset, started) VALUES"
            f" ({bob_session}, {own_profile}, 'exam', '[]', 'casino-fr', now())",
        ):
            assert isinstance(_refused(ana, sql), psycopg.errors.InsufficientPrivilege), sql
        # her own rows moved under bob's: refused; bob's rows: not there to change
        for sql in (
            f"UPDATE session SET profile = {bob_profile} WHERE id = {own_session}",
            f"UPDATE session SET owner = '{BOB}' WHERE id = {own_session}",
            f"UPDATE profile SET owner = '{BOB}' WHERE id = {own_profile}",
            f"UPDATE profile SET id = {bob_profile} + 1000 WHERE id = {own_profile}",
            f"UPDATE attempt SET session = {bob_session} WHERE session = {own_session}",
            "UPDATE attempt SET correct = true",
        ):
            assert isinstance(_refused(ana, sql), psycopg.errors.InsufficientPrivilege), sql
        assert ana.execute(f"UPDATE profile SET name = 'x' WHERE id = {bob_profile}").rowcount == 0
        assert (
            ana.execute(f"UPDATE session SET ended = now() WHERE id = {bob_session}").rowcount == 0
        )
        # ... nor to delete, hers or his
        for table in ("profile", "session", "attempt", "sabot_meta", "assignment"):
            error = _refused(ana, f"DELETE FROM {table}")
            assert isinstance(error, psycopg.errors.InsufficientPrivilege), table
        for sql in (
            "INSERT INTO sabot_meta VALUES ('x', 'y')",
            "UPDATE sabot_meta SET value = '99'",
            "INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes)"
            " VALUES ('{announce}', 1, 'casino-fr', 600, current_date, current_date)",
            "UPDATE assignment SET seed = 2",
        ):
            assert isinstance(_refused(ana, sql), psycopg.errors.InsufficientPrivilege), sql
        # what she reads: her own rows, the schema's version and the assigned exams
        assert {r[0] for r in ana.execute("SELECT owner FROM profile")} == {ANA}
        assert {r[0] for r in ana.execute("SELECT owner FROM session")} == {ANA}
        assert {r[0] for r in ana.execute("SELECT owner FROM attempt")} == {ANA}
        assert ana.execute("SELECT value FROM sabot_meta").fetchone()[0] == str(SCHEMA_VERSION)
        ana.execute("SELECT count(*) FROM assignment")
    with _connect(school, BOB) as bob:  # bob's exam as he left it
        assert bob.execute(
            "SELECT count(*), count(*) FILTER (WHERE correct) FROM attempt WHERE session = %s",
            (bob_session,),
        ).fetchone() == (2, 0)


def test_the_instructor_reads_every_table_and_changes_none(school: str) -> None:
    import psycopg

    bob_profile, bob_session = _bobs_exam(school)
    with _connect(school, ROUX) as roux:
        for table in ("profile", "session", "attempt"):
            assert BOB in {r[0] for r in roux.execute(f"SELECT owner FROM {table}")}
        for sql in (
            "INSERT INTO profile (name) VALUES ('Roux')",
            f"INSERT INTO session (profile, mode, skills, preset, started)"
            f" VALUES ({bob_profile}, 'exam', '[]', 'casino-fr', now())",
            f"INSERT INTO attempt (uid, session, skill, item, at, ms, correct, answer, expected,"
            f" question) VALUES (gen_random_uuid(), {bob_session}, 'a', 'x', now(), 1, true,"
            f" '1', '1', '{{}}')",
            "INSERT INTO sabot_meta VALUES ('x', 'y')",
            "UPDATE profile SET name = 'x'",
            "UPDATE session SET ended = now()",
            "UPDATE attempt SET correct = true",
            "UPDATE sabot_meta SET value = '99'",
            "DELETE FROM profile",
            "DELETE FROM session",
            "DELETE FROM attempt",
            "DELETE FROM sabot_meta",
        ):
            assert isinstance(_refused(roux, sql), psycopg.errors.InsufficientPrivilege), sql


def test_forty_answers_in_anothers_exam_do_not_pass_it(school: str) -> None:
    import psycopg

    _profile, bob_session = _bobs_exam(school)
    with _connect(school, ANA) as ana:
        for n in range(40):
            with pytest.raises(psycopg.errors.ForeignKeyViolation):
                _answer(ana, bob_session, True, n)
    bob = _bob_in_class_view(school)
    tries = [e.result for e in bob.exams if e.result.session_id == bob_session]
    assert [(r.attempts, r.correct, r.passed, r.scored) for r in tries] == [(2, 0, False, False)]


def _as_version_4(url: str) -> None:
    """Put a server made by this Sabot back as version 4 left it: references without the
    owner, the version's marker 4."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for table, name in (
            ("attempt", "attempt_session_owner"),
            ("session", "session_profile_owner"),
            ("session", "session_id_owner"),
            ("profile", "profile_id_owner"),
        ):
            conn.execute(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
        conn.execute(
            "ALTER TABLE session ADD CONSTRAINT session_profile_fkey FOREIGN KEY (profile)"
            " REFERENCES profile (id) ON DELETE CASCADE"
        )
        conn.execute(
            "ALTER TABLE attempt ADD CONSTRAINT attempt_session_fkey FOREIGN KEY (session)"
            " REFERENCES session (id) ON DELETE CASCADE"
        )
        conn.execute(
            "GRANT INSERT, UPDATE ON profile, session TO sabot_trainee;"
            "GRANT INSERT ON attempt TO sabot_trainee"
        )
        conn.execute("UPDATE sabot_meta SET value = '4' WHERE key = 'schema'")


def test_a_server_of_version_4_is_brought_up_and_counts_only_agreeing_rows(
    pg_server: PgServer,
) -> None:
    import psycopg

    url = _school(pg_server, f"sabot_sec4_{_P}")
    _as_version_4(url)
    bob_profile, bob_session = _bobs_exam(url)
    with _connect(url, ANA) as ana:  # as version 4 let her: forty right answers in bob's exam
        for n in range(40):
            _answer(ana, bob_session, True, n)
        ana.execute(
            "INSERT INTO session (profile, mode, skills, preset, started)"
            " VALUES (%s, 'practice', '[\"announce\"]', 'casino-fr', now())",
            (bob_profile,),
        )
    done = init_server(url)
    assert f"schema upgraded from version 4 to {SCHEMA_VERSION}" in done
    assert "40 rows of attempt hang from another login's rows: kept, never counted" in done
    assert "1 row of session hangs from another login's row: kept, never counted" in done
    bob = _bob_in_class_view(url)
    assert [(e.result.attempts, e.result.correct, e.result.passed) for e in bob.exams] == [
        (2, 0, False)
    ]
    view = class_view(_as(url, ROUX), TARGETS, ["announce"], now=NOON + 3600)
    (ana_row,) = [t for t in view.trainees if t.login == ANA]
    assert ana_row.cells["announce"].attempts == 0 and ana_row.last_activity is None
    with _connect(url, ANA) as ana:  # and from now on refused
        with pytest.raises(psycopg.errors.ForeignKeyViolation):
            _answer(ana, bob_session, True)
    assert init_server(url)[-1].startswith(f"schema version {SCHEMA_VERSION}")  # again: no change


def _member_of(url: str, login: str) -> set[str]:
    import psycopg

    with psycopg.connect(url) as conn:
        return {
            r[0]
            for r in conn.execute(
                "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid"
                " JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = %s",
                (login,),
            )
        }


def test_add_refuses_what_is_not_a_plain_login(school: str) -> None:
    import psycopg

    from trainer.history.server_setup import INSTRUCTOR, TRAINEE, ServerError

    nologin, powerful = f"sec_group_{_P}", f"sec_power_{_P}"
    with psycopg.connect(school, autocommit=True) as conn:
        for role, how in ((nologin, "NOLOGIN"), (powerful, "LOGIN CREATEROLE")):
            conn.execute(f"DROP ROLE IF EXISTS {role}")
            conn.execute(f"CREATE ROLE {role} {how}")
    refused = {
        TRAINEE: "one of Sabot's group roles",
        INSTRUCTOR: "one of Sabot's group roles",
        "sabot_admin": "superuser",
        nologin: "cannot log in",
        powerful: "not a plain login",
        ANA: "a trainee's login already",
        "user": "PostgreSQL reserves",
        "public": "PostgreSQL reserves",
    }
    for login, why in refused.items():
        before = _member_of(school, login)
        with pytest.raises(ServerError, match=why):
            add_login(school, login, instructor=True)
        assert _member_of(school, login) == before, login  # nothing granted
    with pytest.raises(ServerError, match="an instructor's login already"):
        add_login(school, ROUX)
    with pytest.raises(ServerError, match="one of Sabot's group roles"):
        add_login(school, TRAINEE)
    assert INSTRUCTOR not in _member_of(school, TRAINEE)
    with psycopg.connect(school) as conn:
        assert not conn.execute(
            "SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", (nologin,)
        ).fetchone()[0]
    # a plain login that exists already is made one of the class, and can log in
    plain = f"sec_plain_{_P}"
    with psycopg.connect(school, autocommit=True) as conn:
        conn.execute(f"DROP ROLE IF EXISTS {plain}")
        conn.execute(f"CREATE ROLE {plain} LOGIN")
    add_login(school, plain)
    assert _member_of(school, plain) == {TRAINEE}
    with _connect(school, plain) as conn:
        assert conn.execute("SELECT count(*) FROM attempt").fetchone()[0] == 0


def test_sabot_server_add_of_the_trainee_group_as_an_instructor_is_refused(
    school: str, tmp_path: Path
) -> None:
    r = run_sabot(tmp_path, "server", "add", school, "sabot_trainee", "--instructor")
    assert r.returncode == 1
    assert "one of Sabot's group roles" in r.stderr and "Traceback" not in r.stderr
    assert "can log in" not in r.stdout
    assert "sabot_instructor" not in _member_of(school, "sabot_trainee")


def test_a_server_of_a_later_sabot_is_refused_never_written_over(
    pg_server: PgServer, tmp_path: Path
) -> None:
    import psycopg

    from trainer.history.postgres import PostgresStore
    from trainer.history.server_setup import ServerError

    url = _school(pg_server, f"sabot_later_{_P}")
    later = SCHEMA_VERSION + 1
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE sabot_meta SET value = %s WHERE key = 'schema'", (str(later),))
    said = f"later Sabot \\(version {later}\\); this Sabot knows up to version {SCHEMA_VERSION}"
    with pytest.raises(ServerError, match=said):
        init_server(url)
    with pytest.raises(ServerError, match=said):
        class_view(_as(url, ROUX), TARGETS, now=NOON)
    r = run_sabot(tmp_path, "server", "init", url)
    assert r.returncode == 1 and f"version {later}" in r.stderr and "Traceback" not in r.stderr
    with psycopg.connect(url) as conn:  # its marker as the later Sabot left it
        assert conn.execute("SELECT value FROM sabot_meta").fetchone()[0] == str(later)
    # a trainee's PC keeps its answers and says why, rather than send them
    store = PostgresStore.open(_as(url, ANA), data=tmp_path, retry_s=0.05)
    try:
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        store.record(sid, "announce", "hard-14", {"n": 1}, "14", "14", True, 900)
        assert not store.sync(5)
        status = store.status()
        assert status.waiting == 1 and status.problem and f"version {later}" in status.problem
    finally:
        store.close(0)
    with _connect(url, ANA) as ana:
        assert ana.execute("SELECT count(*) FROM session").fetchone()[0] == 0


def _malformed(url: str) -> tuple[str, str]:
    """As ana with psql: a session whose skills hold a number, and a session with an answer to
    no skill beside a good one. (The bad session's uid, the other's.)"""
    with _connect(url, ANA) as ana:
        pid = ana.execute(
            "INSERT INTO profile (name) VALUES ('Ana') ON CONFLICT (owner, name) DO UPDATE"
            " SET name = excluded.name RETURNING id"
        ).fetchone()[0]
        bad, good = str(uuid.uuid4()), str(uuid.uuid4())
        ana.execute(
            "INSERT INTO session (uid, profile, mode, skills, preset, started)"
            " VALUES (%s, %s, 'practice', '5', 'casino-fr', to_timestamp(%s))",
            (bad, pid, NOON),
        )
        sid = ana.execute(
            "INSERT INTO session (uid, profile, mode, skills, preset, started)"
            " VALUES (%s, %s, 'practice', '[\"announce\"]', 'casino-fr', to_timestamp(%s))"
            " RETURNING id",
            (good, pid, NOON + 60),
        ).fetchone()[0]
        _answer(ana, sid, True, 100)
        ana.execute(
            "INSERT INTO attempt (uid, session, skill, item, at, ms, correct, answer, expected,"
            " question) VALUES (gen_random_uuid(), %s, '', 'x', to_timestamp(%s), 900, true,"
            " '1', '1', '{}')",
            (sid, NOON + 200),
        )
    return bad, good


def test_a_malformed_row_on_the_server_is_left_out_and_named(
    pg_server: PgServer, tmp_path: Path
) -> None:
    from trainer.history.classview import trainee_history
    from trainer.history.postgres import PostgresStore

    url = _school(pg_server, f"sabot_bad_{_P}")
    bad, good = _malformed(url)
    # the PC's sender: the rest copied, the bad rows named, and it goes on sending
    store = PostgresStore.open(_as(url, ANA), data=tmp_path / "pc", retry_s=0.05)
    try:
        assert store.sync(10)
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        store.record(sid, "announce", "hard-14", {"n": 1}, "14", "14", True, 900)
        assert store.sync(10), store.status()
        assert store._thread is not None and store._thread.is_alive()
        assert len(list(store.attempts())) == 2  # the good answer brought, the new one sent
        said = "\n".join(store.skipped)
        assert f"the session {bad} on the school's server was left out" in said
        assert "skills are not a list of skill names: 5" in said
        assert f"an answer of the session {good} on the school's server was left out" in said
        assert len(store.skipped) == 2
    finally:
        store.close(0)
    # the instructor's copy of ana's history: opened all the same, the bad rows named
    left_out: list[str] = []
    copy = trainee_history(_as(url, ROUX), ANA, tmp_path / "copy.sqlite3", left_out)
    try:
        assert len(list(copy.attempts())) == 2
    finally:
        copy.close()
    assert any(bad in s and "left out" in s for s in left_out)
    assert any(good in s and "an answer" in s for s in left_out)


@pytest.fixture
def with_password(pg_server: PgServer) -> Iterator[tuple[str, str]]:
    """A school whose login `sec_pw_…` logs in with a password ("right") — the test server
    trusts every other login — as (the school's URL, the login)."""
    import psycopg

    url = _school(pg_server, f"sabot_pw_{_P}")
    login = f"sec_pw_{_P}"
    add_login(url, login)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"ALTER ROLE {login} PASSWORD 'right'")
    hba = pg_server.data / "pg_hba.conf"
    before = hba.read_text()
    hba.write_text(f"local all {login} scram-sha-256\n{before}")
    pg_server._run(str(pg_server.bindir / "pg_ctl"), "-D", str(pg_server.data), "reload")
    try:
        yield url, login
    finally:
        hba.write_text(before)
        pg_server._run(str(pg_server.bindir / "pg_ctl"), "-D", str(pg_server.data), "reload")


def test_a_refused_password_is_said_never_offline(
    with_password: tuple[str, str], tmp_path: Path
) -> None:
    from trainer.history.postgres import PostgresStore
    from trainer.history.server_setup import ServerError

    url, login = with_password
    wrong = _as(url, login) + "&password=wrong"
    with pytest.raises(ServerError, match=f"refused the login: the password of {login} was"):
        class_view(wrong, TARGETS, now=NOON)
    store = PostgresStore.open(wrong, data=tmp_path, retry_s=0.05)
    try:
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        store.record(sid, "announce", "hard-14", {"n": 1}, "14", "14", True, 900)
        assert not store.sync(3)
        status = store.status()
        assert status.online and status.waiting == 1
        assert status.problem == f"the password of {login} was refused"
        assert "offline" not in status.text and "password" in status.text
    finally:
        store.close(0)
    # the right one: what waited goes
    store = PostgresStore.open(_as(url, login) + "&password=right", data=tmp_path, retry_s=0.05)
    try:
        assert store.sync(10), store.status()
    finally:
        store.close(0)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the school's server refuses them (the password of ana was refused)"),
        ("fr", "le serveur de l'école les refuse (le mot de passe de ana est refusé)"),
        ("it", "il server della scuola le rifiuta (la password di ana è stata rifiutata)"),
    ],
)
def test_a_refused_password_in_the_trainees_language(lang: str, said: str) -> None:
    from trainer.history.interface import SyncStatus
    from trainer.history.server_setup import refused_password
    from trainer.i18n import set_language

    set_language(lang)
    problem = refused_password('FATAL:  password authentication failed for user "ana"')
    assert SyncStatus(online=True, waiting=3, problem=problem).text.startswith(said)


def test_import_after_a_rename_uploads_nothing_again(school: str, tmp_path: Path) -> None:
    from tests.trainer.history import Clock
    from trainer.history.server_changes import import_history
    from trainer.history.store import Store

    login = f"sec_import_{_P}"
    add_login(school, login)
    clock = Clock()
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as local:
        sid = local.start_session("Ana", "practice", ["announce"], "casino-fr")
        for n in range(5):
            clock.now += 5
            local.record(sid, "announce", "hard-14", {"n": n}, "14", "14", True, 900 + n)
        local.end_session(sid)
        assert import_history(_as(school, login), local) == (5, 0)
        local.rename_profile("Ana", "Ana Rossi")
        assert import_history(_as(school, login), local) == (0, 5)
    with _connect(school, login) as conn:
        assert conn.execute("SELECT count(*) FROM attempt").fetchone()[0] == 5
        assert conn.execute("SELECT count(*) FROM session").fetchone()[0] == 1
