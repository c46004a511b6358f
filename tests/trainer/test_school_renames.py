"""A profile renamed on one PC of the school reaches the others while they stay online, at their
next refresh (the pull runs with each reading of the assigned exams, every minute and at
`sync()`, not only at a connection) — and a rename made on this PC, still waiting in its outbox,
is never undone by the server's older name. On a real PostgreSQL server (started by the tests;
skipped with the reason where it cannot be)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.history.postgres import PostgresStore

pytestmark = pytest.mark.slow

_N = itertools.count(1)


def _login(server: PgServer) -> str:
    return school_login(server, f"rename_{os.getpid()}_{next(_N)}")


def _drill(store: PostgresStore, profile: str, answers: int, clock: Clock) -> int:
    sid = store.start_session(profile, "practice", ["announce"], "casino-fr")
    for n in range(answers):
        clock.now += 5
        store.record(sid, "announce", "hard-12", {"n": n}, "12", "12", True, 800 + n)
    store.end_session(sid)
    return sid


def test_a_rename_on_one_pc_reaches_another_that_stays_online(
    pg_server: PgServer, tmp_path: Path
) -> None:
    url = _login(pg_server)
    clock = Clock()
    with (
        PostgresStore.open(url, data=tmp_path / "pc1", clock=clock) as pc1,
        PostgresStore.open(url, data=tmp_path / "pc2", clock=clock) as pc2,
    ):
        _drill(pc1, "Ana", 3, clock)
        assert pc1.sync(30) and pc2.sync(30)
        assert [p.name for p in pc2.profiles()] == ["Ana"]  # its sessions brought in
        # both stay online: pc1 renames, and practises on under the new name
        pc1.rename_profile("Ana", "Ana B.")
        _drill(pc1, "Ana B.", 2, clock)
        assert pc1.sync(30)
        assert pc2.sync(30)  # its next refresh: no reconnection
        assert [p.name for p in pc2.profiles()] == ["Ana B."]
        assert [s.attempts for s in pc2.sessions("Ana B.")] == [3, 2]
        assert pc2.renamed == {"Ana": "Ana B."}  # the app's active profile follows
        assert pc2.waiting() == 0
        (n,) = pc2._conn.execute("SELECT count(*) FROM sync_outbox").fetchone()
        assert n == 0  # nothing to send back: the server had it
        # and the other way round, renamed again on pc2
        pc2.rename_profile("Ana B.", "Ana C.")
        assert pc2.sync(30) and pc1.sync(30)
        assert [p.name for p in pc1.profiles()] == ["Ana C."]
        assert pc1.renamed == {"Ana B.": "Ana C."}


def test_a_sync_asked_while_a_pull_runs_is_answered_by_a_pull_after_it(
    pg_server: PgServer, tmp_path: Path
) -> None:
    """sync() waits for two passes of the sender; one asked while the pass under way pulls (the
    other PC's rename may reach the server just after that pull read it) must leave the next
    pass to pull again. It was counted as answered by the reading of the assigned exams after
    the pull, and the next pass, not due, pulled nothing: the rename was not seen (a rare
    failure of the test above, under load)."""
    import threading

    url = _login(pg_server)
    with PostgresStore.open(url, data=tmp_path / "pc", clock=Clock()) as pc:
        assert pc.sync(30)
        pulled = pc._pull
        calls = 0
        again = threading.Event()

        def pull_while_asked(server: object) -> int:
            nonlocal calls
            n = pulled(server)
            calls += 1
            if calls == 1:  # what sync() does, arriving as this pull ends
                pc._assignments_asked += 1
                pc._assignments_due = 0.0
            else:
                again.set()
            return n

        pc._pull = pull_while_asked  # type: ignore[method-assign]
        pc._assignments_due = 0.0  # a minute gone: the next pass pulls and reads again
        pc._wake.set()
        # the next pass pulls again at once (it waited a minute: ASSIGNMENTS_EVERY_S)
        assert again.wait(10), calls


def test_a_rename_waiting_here_is_not_undone_by_the_server_s_older_name(
    pg_server: PgServer, tmp_path: Path
) -> None:
    import psycopg

    url = _login(pg_server)
    clock = Clock()
    with PostgresStore.open(url, data=tmp_path / "pc", clock=clock) as pc:
        _drill(pc, "Ana", 2, clock)
        assert pc.sync(30)
    # this PC, its sender not started: the rename waits in the outbox
    pc = PostgresStore.open(url, data=tmp_path / "pc", clock=clock, send=False)
    try:
        pc.rename_profile("Ana", "Ana B.")
        with psycopg.connect(url, autocommit=False) as server:
            pc._pull(server)  # what the sender does: the server still says "Ana"
        assert [p.name for p in pc.profiles()] == ["Ana B."]
        assert pc.renamed == {}
    finally:
        pc.close(wait_s=0)
    with PostgresStore.open(url, data=tmp_path / "pc", clock=clock) as pc:  # it goes, then
        assert pc.sync(30)
        assert [p.name for p in pc.profiles()] == ["Ana B."]
    with psycopg.connect(url) as server:
        names = [r[0] for r in server.execute("SELECT name FROM profile").fetchall()]
    assert names == ["Ana B."]
