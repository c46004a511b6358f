"""The school's server on a real PostgreSQL: `sabot server init`, the roles, and row security
that keeps each trainee to their own rows."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.trainer.pg_server import pg_url  # noqa: F401  (the fixture)
from trainer.history.server_setup import INSTRUCTOR, TRAINEE, ServerError, add_login, init_server

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _as(url: str, login: str) -> str:
    return url.replace("user=sabot_admin", f"user={login}")


@pytest.fixture(scope="module")
def school(pg_url: str) -> str:  # noqa: F811
    init_server(pg_url)
    for login in ("ana", "ben"):
        add_login(pg_url, login)
    add_login(pg_url, "mme_roux", instructor=True)
    return pg_url


def _add_history(url: str, profile: str, answers: int) -> int:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        pid = conn.execute(
            "INSERT INTO profile (name) VALUES (%s) RETURNING id", (profile,)
        ).fetchone()[0]
        sid = conn.execute(
            "INSERT INTO session (profile, mode, skills, preset, started)"
            " VALUES (%s, 'practice', '[\"announce\"]', 'casino-fr', now()) RETURNING id",
            (pid,),
        ).fetchone()[0]
        for i in range(answers):
            conn.execute(
                "INSERT INTO attempt (uid, session, skill, item, at, ms, correct, answer,"
                " expected, question) VALUES (%s, %s, 'announce', 'hard-14', now(), %s, true,"
                " '14', '14', '{}')",
                (uuid.uuid4(), sid, 900 + i),
            )
        return sid


def test_init_makes_the_roles_and_is_idempotent(school: str) -> None:
    import psycopg

    assert init_server(school)  # a second time: nothing breaks, nothing doubles
    with psycopg.connect(school) as conn:
        roles = {r[0] for r in conn.execute("SELECT rolname FROM pg_roles")}
        assert {INSTRUCTOR, TRAINEE, "ana", "ben", "mme_roux"} <= roles
        secured = dict(
            conn.execute(
                "SELECT relname, relrowsecurity FROM pg_class WHERE relname IN"
                " ('profile', 'session', 'attempt')"
            ).fetchall()
        )
        assert secured == {"profile": True, "session": True, "attempt": True}


def test_a_trainee_reads_and_writes_only_their_own_rows(school: str) -> None:
    import psycopg

    ana, ben = _as(school, "ana"), _as(school, "ben")
    _add_history(ana, "Ana", 3)
    ben_session = _add_history(ben, "Ben", 2)
    with psycopg.connect(ana, autocommit=True) as conn:
        # another trainee's rows are not there for ana: a read finds nothing ...
        assert conn.execute("SELECT count(*) FROM attempt").fetchone()[0] == 3
        assert [r[0] for r in conn.execute("SELECT name FROM profile")] == ["Ana"]
        assert (
            conn.execute(
                "SELECT count(*) FROM attempt WHERE session = %s", (ben_session,)
            ).fetchone()[0]
            == 0
        )
        # ... a change touches nothing ...
        cur = conn.execute("UPDATE session SET ended = now() WHERE id = %s", (ben_session,))
        assert cur.rowcount == 0
        # (a session's end and a profile's name are all a trainee may change, even of its own)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE session SET mode = 'exam' WHERE id = %s", (ben_session,))
        # ... and a row written in ben's name is refused by the server, in so many words
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            conn.execute("INSERT INTO profile (owner, name) VALUES ('ben', 'Ben 2')")
        # answers are added, never rewritten or deleted by a trainee
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("DELETE FROM attempt")
    with psycopg.connect(ben) as conn:
        assert conn.execute("SELECT count(*) FROM attempt").fetchone()[0] == 2


def test_the_instructor_reads_the_whole_class_and_changes_nothing(school: str) -> None:
    import psycopg

    # each trainee's own answers, whichever tests ran before (or none did)
    _add_history(_as(school, "ana"), "Ana read", 1)
    _add_history(_as(school, "ben"), "Ben read", 1)
    with psycopg.connect(_as(school, "mme_roux"), autocommit=True) as conn:
        owners = {r[0] for r in conn.execute("SELECT DISTINCT owner FROM attempt")}
        assert {"ana", "ben"} <= owners
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE attempt SET correct = false")


def test_an_answer_sent_twice_is_stored_once(school: str) -> None:
    import psycopg

    ana = _as(school, "ana")
    sid = _add_history(ana, "Ana twice", 0)
    uid = uuid.uuid4()
    with psycopg.connect(ana, autocommit=True) as conn:
        for _ in range(3):  # the outbox resends after the network came back
            conn.execute(
                "INSERT INTO attempt (uid, session, skill, item, at, ms, correct, answer,"
                " expected, question) VALUES (%s, %s, 'announce', 'soft-16', now(), 800, true,"
                " '6 or 16', '6 or 16', '{}') ON CONFLICT (uid) DO NOTHING",
                (uid, sid),
            )
        assert (
            conn.execute("SELECT count(*) FROM attempt WHERE session = %s", (sid,)).fetchone()[0]
            == 1
        )


def test_an_unreachable_server_is_one_sentence() -> None:
    with pytest.raises(ServerError, match="cannot reach the school's server"):
        init_server("postgresql:///postgres?host=/nonexistent-sabot&user=nobody")


def test_a_bad_login_name_is_refused(school: str) -> None:
    with pytest.raises(ServerError, match="lower-case letters"):
        add_login(school, "Robert'); DROP TABLE attempt;--")


def test_sabot_server_init_on_the_command_line(pg_url: str) -> None:  # noqa: F811
    env = dict(os.environ, PYTHONPATH=str(REPO))
    p = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "server", "init", pg_url],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert "row security" in p.stdout
    p = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "server", "init",
         "postgresql:///x?host=/nonexistent-sabot"],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert p.returncode == 1 and "cannot reach" in p.stderr and "Traceback" not in p.stderr
