"""A history another program holds locked while it opens it (another Sabot creating or migrating
it) is waited for, with a sentence saying what is waited for, and never opened read-only for the
whole session. Two connections or two processes, the time from an injected clock."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.trainer.commandline import REPO, cli_env
from trainer.history import store as store_module
from trainer.history.store import Store, StoreError

DATA = Path(__file__).parent / "data"


class _Clock:
    def __call__(self) -> float:
        return 1_700_000_000.0


class _Ticks:
    """A monotonic clock that moves `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture(autouse=True)
def _short_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "WAIT_MS", 20)  # each try's own wait in SQLite


def _holder(path: Path, *, new: bool) -> sqlite3.Connection:
    """Another program in the middle of creating (or migrating) the history at `path`."""
    conn = sqlite3.connect(path, isolation_level=None)
    if new:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN EXCLUSIVE")
    return conn


@pytest.mark.parametrize("new", [True, False])
def test_a_history_being_created_or_migrated_is_waited_for(tmp_path: Path, new: bool) -> None:
    path = tmp_path / "history.sqlite3"
    if not new:  # a history of an older format, which the other program is migrating
        with closing(sqlite3.connect(path)) as old:
            old.executescript((DATA / "history_v6.sql").read_text(encoding="utf-8"))
    other = _holder(path, new=new)
    said: list[str] = []

    def waiting(sentence: str) -> None:
        said.append(sentence)
        other.execute("ROLLBACK")  # the other program is done

    with Store.open(path, clock=_Clock(), waiting=waiting, monotonic=_Ticks(1)) as store:
        assert store.read_only is None
        session = store.start_session("ana", "practice", ["pay-even"], "casino-fr")
        assert session >= 1
        assert store.sessions("ana")
    other.close()
    assert said == [
        f"Waiting for the history {path}: another program (another Sabot?) is creating or "
        "updating it."
    ]


def test_a_lock_that_is_never_released_ends_in_a_sentence_not_read_only(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    other = _holder(path, new=True)
    said: list[str] = []
    try:
        with pytest.raises(StoreError) as refused:
            Store.open(
                path, clock=_Clock(), waiting=said.append, patience_s=300, monotonic=_Ticks(61)
            )
    finally:
        other.close()
    assert len(said) == 1
    assert "has kept it locked for 305 seconds" in str(refused.value)
    assert "none can be started there" not in str(refused.value)
    with Store.open(path, clock=_Clock()) as store:  # the lock gone: a history as any other
        assert store.read_only is None


LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


def test_the_command_line_says_what_it_waits_for_and_then_starts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(data / "history.sqlite3")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert locker.stdout is not None and locker.stdin is not None
    assert locker.stdout.readline() == "locked\n"
    drill = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "drill", "pay-even", "--count", "1", "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=cli_env(data, PYTHONIOENCODING="utf-8"),
        cwd=REPO,
    )
    assert drill.stderr is not None
    try:
        first = drill.stderr.readline()  # said while it waits: the lock is still held
    finally:
        locker.stdin.write("\n")
        locker.stdin.close()
        assert locker.wait(timeout=30) == 0
        locker.stdout.close()
    out, rest = drill.communicate("5\n", timeout=60)
    assert first == (
        f"sabot: Waiting for the history {data / 'history.sqlite3'}: another program (another "
        "Sabot?) is creating or updating it.\n"
    )
    assert drill.returncode == 0, rest
    assert rest == "" and "Traceback" not in rest
    with Store.open(data / "history.sqlite3", clock=_Clock()) as store:
        (session,) = store.sessions("default")
        assert session.attempts == 1
