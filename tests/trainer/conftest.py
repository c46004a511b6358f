"""Fixtures of the domain tests: a hand-moved clock, and a history store that reads it — on
each backend: the SQLite file of a trainee alone, and a school's PostgreSQL server (a real one,
started by the tests: see pg_server.py; skipped, with the reason, where it cannot start)."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.history import Clock
from tests.trainer.pg_server import (  # noqa: F401  (fixtures)
    PgServer,
    pg_server,
    pg_url,
    school_login,
)
from trainer.history.store import Store

_LOGINS = itertools.count(1)


@pytest.fixture
def clock() -> Clock:
    return Clock()


def same_history_on_the_server(store: Any) -> None:
    """The server holds exactly the answers of this PC's copy of a school's history: each
    once, in the order given, the same in every field that was sent."""
    from trainer.history.server_reads import ServerHistory

    assert store.sync(30), f"answers left waiting: {store.status()}"
    local = [
        (a.skill, a.item, a.answer, a.expected, a.correct, a.response_ms, a.at)
        for a in store.attempts()
    ]
    with ServerHistory(store.url) as server:
        remote = [
            (a.skill, a.item, a.answer, a.expected, a.correct, a.response_ms, a.at)
            for a in server.attempts()
        ]
        uids = [a.uid for a in server.attempts()]
    assert len(set(uids)) == len(uids)
    assert remote == local


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> Iterator[Any]:
    """A fresh history: a SQLite file, or a new trainee's login on the test server (row
    security keeps each test to its own rows). A PostgreSQL test ends by checking that the
    server received exactly the answers of the history the test saw."""
    if request.param == "sqlite":
        with Store.open(tmp_path / "history.sqlite3", clock=clock) as opened:
            yield opened
        return
    from trainer.history.postgres import PostgresStore

    server: PgServer = request.getfixturevalue("pg_server")
    url = school_login(server, f"trainee_{os.getpid()}_{next(_LOGINS)}")
    opened = PostgresStore.open(url, data=tmp_path, clock=clock, retry_s=0.2)
    yield opened
    if opened.closed:  # the test closed it: the next start sends what was left
        opened = PostgresStore.open(url, data=tmp_path, clock=clock, retry_s=0.2)
    try:
        same_history_on_the_server(opened)
    finally:
        opened.close()
