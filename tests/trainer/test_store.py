"""The history store: round trips, durability, damaged files, migrations, threads."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import trainer.history.store as store_module
from tests.trainer.history import DAY, NOON, Clock
from tests.volumes import fill, immutable, remount, small_volume
from trainer.history import stats
from trainer.history.migrations import SCHEMA_VERSION
from trainer.history.said_forms import said_form
from trainer.history.store import (
    RETRY_WAIT_MS,
    Attempt,
    Store,
    StoreError,
    UnwritableError,
    data_dir,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "history.sqlite3"


def raw(path: Path) -> sqlite3.Connection:
    """A plain SQLite connection, independent of the Store under test."""
    return sqlite3.connect(path, isolation_level=None)


# -- where the file lives ------------------------------------------------------------------------


def test_data_dir_follows_the_environment_and_is_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "nested" / "sabot"
    monkeypatch.setenv("SABOT_DATA_DIR", str(target))
    assert data_dir() == target
    assert target.is_dir()
    with Store.open() as opened:
        assert opened.path == target / "history.sqlite3"
    assert (target / "history.sqlite3").is_file()


def test_data_dir_defaults_to_the_platform_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[Any, ...]] = []

    def user_data_dir(*args: Any, **kwargs: Any) -> str:
        asked.append(args)
        return str(tmp_path / "platform")

    monkeypatch.delenv("SABOT_DATA_DIR")
    monkeypatch.setattr(store_module.platformdirs, "user_data_dir", user_data_dir)
    assert data_dir() == tmp_path / "platform"
    assert asked == [("sabot",)]
    assert (tmp_path / "platform").is_dir()


def test_the_domain_does_not_import_qt() -> None:
    code = (
        "import sys, trainer.history.store, trainer.history.stats;"
        "print(sorted(m for m in sys.modules if 'PySide' in m or 'pyqtgraph' in m))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# -- profiles ------------------------------------------------------------------------------------


def test_profiles_are_created_once_and_found_by_name(store: Store, clock: Clock) -> None:
    anna = store.profile("Anna")
    clock.now += 60
    bruno = store.profile("  Bruno ")
    assert anna != bruno
    assert store.profile("anna") == anna  # names are case-insensitive
    assert store.profile("Bruno") == bruno
    profiles = store.profiles()
    assert [(p.id, p.name) for p in profiles] == [(anna, "Anna"), (bruno, "Bruno")]
    assert profiles[0].created == datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert profiles[1].created == datetime(2026, 11, 30, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_an_empty_profile_name_is_refused(store: Store, name: str) -> None:
    with pytest.raises(ValueError, match="cannot be empty"):
        store.profile(name)
    assert store.profiles() == []


def test_rename_profile(store: Store) -> None:
    anna = store.profile("Anna")
    store.profile("Bruno")
    store.rename_profile("anna", "Anna Maria")
    assert store.profile("Anna Maria") == anna
    store.rename_profile("Anna Maria", "ANNA MARIA")  # a change of case is not a clash
    assert [p.name for p in store.profiles()] == ["ANNA MARIA", "Bruno"]
    with pytest.raises(ValueError, match="no profile named 'Zoe'"):
        store.rename_profile("Zoe", "Zoé")
    with pytest.raises(ValueError, match="already taken"):
        store.rename_profile("Anna Maria", "bruno")
    with pytest.raises(ValueError, match="cannot be empty"):
        store.rename_profile("Bruno", " ")
    assert [p.name for p in store.profiles()] == ["ANNA MARIA", "Bruno"]


# -- sessions and attempts -----------------------------------------------------------------------


def test_sessions_round_trip(store: Store, clock: Clock) -> None:
    first = store.start_session("Anna", "practice", ["hand-total", "payout"], "easy", seed=42)
    clock.now += 90
    store.record(first, "payout", "bj-25", {"bet": "25"}, "37.5", "37.50", False, 2500)
    store.record(first, "payout", "bj-25", {"bet": "25"}, "37.50", "37.50", True, 1500)
    clock.now += 30
    store.end_session(first)
    second = store.start_session("anna", "sprint", ("hand-total",), "ten")
    rows = store.sessions("Anna")
    assert [row.id for row in rows] == [first, second]
    one, two = rows
    assert one.profile == "Anna" and one.mode == "practice" and one.preset == "easy"
    assert one.skills == ("hand-total", "payout") and one.seed == 42
    assert one.started == datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert one.ended == datetime(2026, 11, 30, 12, 2, tzinfo=UTC)
    assert (one.attempts, one.correct) == (2, 1)
    assert two.ended is None and two.seed is None and (two.attempts, two.correct) == (0, 0)
    store.end_session(first)  # twice is harmless and keeps the first end
    assert store.sessions("Anna")[0].ended == one.ended
    with pytest.raises(ValueError, match="no profile"):
        store.sessions("Nobody")
    with pytest.raises(ValueError, match="no session 99"):
        store.end_session(99)


def test_attempts_round_trip_in_order(store: Store, clock: Clock) -> None:
    table: dict[str, Any] = {
        "dealer": ["10", "7"],
        "boxes": [
            {"box": box, "bet": "25", "cards": ["9", "7", "5"], "insurance": None}
            for box in range(1, 8)
        ],
    }
    anna = store.start_session("Anna", "practice", ["sums", "settle"], "p")
    bruno = store.start_session("Bruno", "practice", ["sums"], "p")
    specs: list[tuple[int, str, str, dict[str, Any], str, str, bool, int]] = [
        (anna, "sums", "soft 16", {"cards": ["A", "5"]}, "16", "soft 16", False, 1234),
        (bruno, "sums", "soft 16", {"cards": ["A", "5"]}, "soft 16", "soft 16", True, 800),
        (anna, "sums", "soft 16", {"cards": ["5", "A"]}, "soft 16", "soft 16", True, 999),
        (anna, "settle", "table-7", table, "175", "175", True, 12_000),
        (anna, "sums", "21", {"cards": ["A", "K"], "note": "Chloé's ♠"}, "bj", "21", False, 0),
    ]
    ids = []
    for spec in specs:
        clock.now += 7
        ids.append(store.record(*spec))
    assert ids == sorted(ids)

    def expected(index: int) -> Attempt:
        session, skill, item, question, answer, want, correct, ms = specs[index]
        at = datetime.fromtimestamp(NOON + 7 * (index + 1), UTC)
        return Attempt(ids[index], session, skill, item, question, answer, want, correct, ms, at)

    assert list(store.attempts()) == [expected(i) for i in range(5)]
    assert list(store.attempts(profile="anna")) == [expected(i) for i in (0, 2, 3, 4)]
    assert list(store.attempts(session_id=bruno)) == [expected(1)]
    assert list(store.attempts(profile="Bruno", session_id=anna)) == []
    with pytest.raises(ValueError, match="no session"):
        list(store.attempts(session_id=12345))


def test_questions_are_stored_compactly(store: Store) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "practice", ["sums", "settle"], "p")
    big = {"boxes": [{"box": box, "bet": "25", "cards": ["9", "7"]} for box in range(1, 8)]}
    store.record(session, "sums", "soft 16", {"cards": ["A", "5"]}, "x", "x", True, 1)
    store.record(session, "sums", "soft 16", {"cards": ["A", "5"]}, "x", "x", True, 1)
    store.record(session, "sums", "soft 16", {"cards": ["5", "A"]}, "x", "x", True, 1)
    store.record(session, "settle", "t", {"x": 1}, "x", "x", True, 1)
    store.record(session, "settle", "t", big, "x", "x", True, 1)
    with closing(raw(path)) as other:
        stored = [row[0] for row in other.execute("SELECT question FROM attempt ORDER BY id")]
    # The item's own question is not repeated; another is compact JSON text, as it is read.
    assert stored[:4] == [None, None, '{"cards":["5","A"]}', None]
    assert stored[4] == json.dumps(big, separators=(",", ":"))
    assert [a.question for a in store.attempts()][3:] == [{"x": 1}, big]


def test_attempts_are_paged_without_losing_or_repeating_any(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "_PAGE", 7)
    anna = store.start_session("Anna", "practice", ["a"], "p")
    bruno = store.start_session("Bruno", "practice", ["a"], "p")
    with store.batch():
        ids = [
            store.record((anna, bruno)[i % 3 == 0], "a", str(i), {}, "", "", True, i)
            for i in range(50)
        ]
    assert [a.id for a in store.attempts()] == ids
    assert [a.response_ms for a in store.attempts(profile="Bruno")] == list(range(0, 50, 3))
    assert len(list(store.attempts(session_id=anna))) == 50 - 17
    # Only the mastery window of each trainee's skill is kept in `recent`.
    with closing(raw(store.path)) as other:
        kept = other.execute("SELECT profile, count(*) FROM recent GROUP BY profile").fetchall()
    assert sorted(n for _, n in kept) == [17, 30]


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"correct": 1}, TypeError, "correct must be a bool"),
        ({"response_ms": -1}, ValueError, "response_ms"),
        ({"response_ms": 1.5}, ValueError, "response_ms"),
        ({"response_ms": True}, ValueError, "response_ms"),
        ({"question": {"bet": Decimal("25")}}, TypeError, "JSON data"),
        ({"question": {"x": float("nan")}}, TypeError, "JSON data"),
        ({"answer": 37.5}, TypeError, "strings"),
        ({"skill": " "}, ValueError, "skill name cannot be empty"),
        ({"session_id": 999}, ValueError, "no session 999"),
    ],
)
def test_record_refuses_bad_input(
    store: Store, change: dict[str, Any], error: type[Exception], message: str
) -> None:
    session = store.start_session("Anna", "practice", ["a"], "p")
    attempt: dict[str, Any] = {
        "session_id": session,
        "skill": "a",
        "item": "i",
        "question": {"q": 1},
        "answer": "1",
        "expected": "1",
        "correct": True,
        "response_ms": 10,
    }
    with pytest.raises(error, match=message):
        store.record(**(attempt | change))
    assert list(store.attempts()) == []
    store.record(**attempt)  # the store is still fine
    assert len(list(store.attempts())) == 1


def test_an_ended_session_takes_no_more_attempts(store: Store) -> None:
    session = store.start_session("Anna", "sprint", ["a"], "p")
    store.record(session, "a", "i", {}, "1", "1", True, 10)
    store.end_session(session)
    with pytest.raises(ValueError, match="has ended"):
        store.record(session, "a", "i", {}, "1", "1", True, 10)


def test_a_failed_batch_records_nothing_and_the_store_recovers(store: Store) -> None:
    session = store.start_session("Anna", "practice", ["a"], "p")
    with pytest.raises(RuntimeError), store.batch():
        store.record(session, "new skill", "new item", {"q": 1}, "1", "1", True, 10)
        raise RuntimeError("the drill crashed")
    assert list(store.attempts()) == []
    # The skill and item made inside the rolled-back batch must be made again, not reused.
    store.record(session, "new skill", "new item", {"q": 1}, "1", "1", True, 10)
    assert [(a.skill, a.item, a.question) for a in store.attempts()] == [
        ("new skill", "new item", {"q": 1})
    ]


# -- durability ----------------------------------------------------------------------------------


def test_each_attempt_is_committed_when_record_returns(store: Store) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "practice", ["a"], "p")
    attempt = store.record(session, "a", "i", {"q": 1}, "1", "2", False, 321)
    other = raw(path)  # another connection sees it while the store is still open
    assert other.execute("SELECT id, ms, correct FROM attempt").fetchall() == [(attempt, 321, 0)]
    assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    other.close()


CHILD = """
import sys
from pathlib import Path
from trainer.history.store import Store

store = Store.open(Path(sys.argv[1]))
session = store.start_session("Crash", "practice", ["sums"], "p")
n = 0
while True:
    n += 1
    question = {"cards": ["A", str(n % 9 + 2)], "n": n}
    attempt = store.record(session, "sums", f"item {n % 13}", question, "x", "x", n % 4 > 0, n)
    print(attempt, flush=True)
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_killed_program_loses_no_recorded_attempt(path: Path) -> None:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout is not None
    printed = []
    for line in child.stdout:
        printed.append(int(line))
        if len(printed) == 300:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    # Lines still in the pipe were printed after record() returned: they count too.
    printed += [int(line) for line in child.stdout.read().split()]
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL

    with Store.open(path) as reopened:
        assert reopened.notice is None
        stored = [a.id for a in reopened.attempts()]
        assert stored[: len(printed)] == printed
        assert len(stored) - len(printed) <= 1  # at most one committed, not yet printed
        # The aggregates were committed with each attempt too.
        assert stats.skill_stats(reopened, "Crash", {})["sums"].attempts == len(stored)


# -- damaged files -------------------------------------------------------------------------------


def _assert_moved_aside(opened: Store, path: Path, content: bytes) -> Path:
    notice = opened.notice
    assert notice is not None
    kept = [p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.corrupt-")]
    main = [p for p in kept if not p.name.endswith(("-wal", "-shm"))]
    assert len(main) == 1, kept
    assert main[0].read_bytes() == content  # kept as it was, never deleted
    # history.sqlite3.corrupt-20261130-120000: local time of the move
    stamp = datetime.fromtimestamp(NOON).strftime("%Y%m%d-%H%M%S")
    assert main[0].name == f"history.sqlite3.corrupt-{stamp}"
    assert str(path) in notice and str(main[0]) in notice
    assert "\n" not in notice and "Traceback" not in notice and notice.endswith(".")
    assert "new, empty history" in notice
    # ... and the fresh store works.
    session = opened.start_session("Anna", "practice", ["a"], "p")
    opened.record(session, "a", "i", {}, "1", "1", True, 5)
    assert len(list(opened.attempts())) == 1
    return main[0]


def test_a_file_of_garbage_is_moved_aside(path: Path, clock: Clock) -> None:
    garbage = bytes(range(256)) * 40
    path.write_bytes(garbage)
    Path(f"{path}-wal").write_bytes(b"not a wal either")
    with Store.open(path, clock=clock) as opened:
        kept = _assert_moved_aside(opened, path, garbage)
        assert "not a database" in (opened.notice or "")
    assert Path(f"{kept}-wal").read_bytes() == b"not a wal either"
    with Store.open(path, clock=clock) as again:
        assert again.notice is None
        assert len(list(again.attempts())) == 1


def test_a_truncated_file_is_moved_aside(path: Path, clock: Clock) -> None:
    with Store.open(path, clock=clock) as opened:
        session = opened.start_session("Anna", "practice", ["a"], "p")
        with opened.batch():
            for n in range(400):
                opened.record(session, "a", str(n), {"cards": [str(n)] * 5}, "1", "1", True, n)
    whole = path.read_bytes()
    assert not Path(f"{path}-wal").exists()  # closing checkpointed everything into the file
    half = whole[: len(whole) // 2]
    path.write_bytes(half)
    with Store.open(path, clock=clock) as opened:
        _assert_moved_aside(opened, path, half)


def test_a_file_with_a_damaged_page_is_moved_aside(path: Path, clock: Clock) -> None:
    with Store.open(path, clock=clock) as opened:
        session = opened.start_session("Anna", "practice", ["a"], "p")
        with opened.batch():
            for n in range(400):
                opened.record(session, "a", str(n), {"cards": [str(n)] * 5}, "1", "1", True, n)
    damaged = bytearray(path.read_bytes())
    page = len(damaged) // 4096 // 2 * 4096  # a page in the middle; the size is unchanged
    damaged[page : page + 4096] = bytes(range(256)) * 16
    path.write_bytes(damaged)
    with Store.open(path, clock=clock) as opened:
        _assert_moved_aside(opened, path, bytes(damaged))
        assert "damaged" in (opened.notice or "")


def test_two_damaged_files_in_the_same_second_are_both_kept(path: Path, clock: Clock) -> None:
    for garbage in (b"first" * 100, b"second" * 100):
        path.write_bytes(garbage)
        Store.open(path, clock=clock).close()
    kept = sorted(p.name for p in path.parent.iterdir() if ".corrupt-" in p.name)
    stamp = datetime.fromtimestamp(NOON).strftime("%Y%m%d-%H%M%S")
    assert kept == [f"history.sqlite3.corrupt-{stamp}", f"history.sqlite3.corrupt-{stamp}-2"]


def test_another_programs_database_is_moved_aside(path: Path, clock: Clock) -> None:
    other = raw(path)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.close()
    content = path.read_bytes()
    with Store.open(path, clock=clock) as opened:
        _assert_moved_aside(opened, path, content)
        assert "not a Sabot history" in (opened.notice or "")


def test_something_that_cannot_be_opened_is_moved_aside(path: Path, clock: Clock) -> None:
    (path / "inside").mkdir(parents=True)  # a directory where the file should be
    with Store.open(path, clock=clock) as opened:
        assert opened.notice is not None and "could not be opened" in opened.notice
        assert path.is_file()
    stamp = datetime.fromtimestamp(NOON).strftime("%Y%m%d-%H%M%S")
    assert (path.parent / f"history.sqlite3.corrupt-{stamp}" / "inside").is_dir()


def test_an_empty_file_is_simply_a_new_history(path: Path) -> None:
    path.write_bytes(b"")
    with Store.open(path) as opened:
        assert opened.notice is None
        assert opened.profiles() == []
    assert [p.name for p in path.parent.iterdir() if ".corrupt-" in p.name] == []


def test_a_file_from_a_newer_sabot_is_left_alone(path: Path) -> None:
    Store.open(path).close()
    newer = raw(path)
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    content = path.read_bytes()
    with pytest.raises(StoreError, match="newer version of Sabot"):
        Store.open(path)
    assert path.read_bytes() == content
    assert [p.name for p in path.parent.iterdir() if ".corrupt-" in p.name] == []


# -- migrations ----------------------------------------------------------------------------------

# Version 1 as it was written, by hand: not taken from the store, so that a change to the
# store's version-1 step (which would break files in the wild) fails here.
V1 = """
CREATE TABLE profile (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created INTEGER NOT NULL);
CREATE TABLE skill (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE item (id INTEGER PRIMARY KEY, skill INTEGER NOT NULL REFERENCES skill,
    key TEXT NOT NULL, question, UNIQUE (skill, key));
CREATE TABLE session (id INTEGER PRIMARY KEY, profile INTEGER NOT NULL REFERENCES profile,
    mode TEXT NOT NULL, skills TEXT NOT NULL, preset TEXT NOT NULL, seed INTEGER,
    started INTEGER NOT NULL, ended INTEGER);
CREATE INDEX session_profile ON session (profile);
CREATE TABLE attempt (id INTEGER PRIMARY KEY, session INTEGER NOT NULL REFERENCES session,
    item INTEGER NOT NULL REFERENCES item, at INTEGER NOT NULL, ms INTEGER NOT NULL,
    correct INTEGER NOT NULL, answer TEXT NOT NULL, expected TEXT NOT NULL, question);
CREATE INDEX attempt_session ON attempt (session);
PRAGMA user_version = 1;
"""

# (session, skill, item, question, correct, ms, seconds after the session started)
V1_ATTEMPTS: list[tuple[int, str, str, dict[str, Any], bool, int, int]] = [
    *(
        (1, "sums", f"s{n % 4}", {"cards": ["A", str(n % 4 + 2)]}, n % 5 > 0, 1000 + 10 * n, n)
        for n in range(12)
    ),
    *((1, "payout", "bj-25", {"bet": "25"}, True, 3000 + n, 20 + n) for n in range(3)),
    *(
        (2, "sums", f"s{n % 4}", {"cards": ["A", str(n % 4 + 2)]}, True, 900 + n, n)
        for n in range(40)
    ),
    (3, "sums", "s9", {"cards": ["9", "9"]}, False, 5000, 0),
]
V1_SESSIONS = {  # id: (mode, skills, started, ended)
    1: ("practice", ["sums", "payout"], NOON - 2 * DAY, NOON - 2 * DAY + 100),
    2: ("challenge", ["sums"], NOON - DAY, NOON - DAY + 60),
    3: ("practice", ["sums"], NOON, None),
}


def _v1_file(path: Path) -> None:
    v1 = raw(path)
    v1.executescript(V1)
    v1.execute("BEGIN")
    v1.execute("INSERT INTO profile VALUES (1, 'Anna', ?)", (int(NOON - 3 * DAY),))
    v1.execute("INSERT INTO skill VALUES (1, 'sums'), (2, 'payout')")
    for session, (mode, skills, started, ended) in V1_SESSIONS.items():
        v1.execute(
            "INSERT INTO session VALUES (?, 1, ?, ?, 'preset', NULL, ?, ?)",
            (session, mode, json.dumps(skills), int(started), ended and int(ended)),
        )
    items: dict[str, int] = {}
    for session, skill, item, question, correct, ms, at in V1_ATTEMPTS:
        text = json.dumps(question, separators=(",", ":"))
        if item not in items:
            items[item] = len(items) + 1
            v1.execute(
                "INSERT INTO item VALUES (?, ?, ?, ?)",
                (items[item], 1 if skill == "sums" else 2, item, text),
            )
        v1.execute(
            "INSERT INTO attempt (session, item, at, ms, correct, answer, expected, question)"
            " VALUES (?, ?, ?, ?, ?, 'a', 'e', NULL)",
            (session, items[item], at, ms, int(correct)),
        )
    v1.execute("COMMIT")
    v1.close()


def _same_history_recorded_now(path: Path) -> Store:
    clock = Clock()
    native = Store.open(path, clock=clock)
    for session, (mode, skills, started, _) in V1_SESSIONS.items():
        clock.now = started
        assert native.start_session("Anna", mode, skills, "preset") == session
        for s, skill, item, question, correct, ms, at in V1_ATTEMPTS:
            if s == session:
                clock.now = started + at
                native.record(session, skill, item, question, "a", "e", correct, ms)
    for session, (_, _, _, ended) in V1_SESSIONS.items():
        if ended is not None:
            clock.now = ended
            native.end_session(session)
    return native


def test_a_version_1_file_is_migrated_on_open(tmp_path: Path) -> None:
    old = tmp_path / "v1.sqlite3"
    _v1_file(old)
    with Store.open(old) as migrated, _same_history_recorded_now(tmp_path / "v2.sqlite3") as now:
        assert migrated.notice is None
        check = raw(old)
        assert check.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert check.execute("SELECT count(*) FROM recent").fetchone() == (30 + 3,)
        check.close()
        assert list(migrated.attempts()) == list(now.attempts())
        assert migrated.sessions("Anna") == now.sessions("Anna")
        targets = {"sums": 1.0, "payout": 2.0}
        assert stats.skill_stats(migrated, "Anna", targets) == stats.skill_stats(
            now, "Anna", targets
        )
        assert stats.daily_stats(migrated, "Anna") == stats.daily_stats(now, "Anna")
        assert stats.personal_bests(migrated, "Anna") == stats.personal_bests(now, "Anna")
        assert stats.weakest_items(migrated, "Anna") == stats.weakest_items(now, "Anna")
        for session in V1_SESSIONS:
            assert stats.session_stats(migrated, session) == stats.session_stats(now, session)

        # And the figures themselves, by hand: 'sums' has 12 + 40 + 1 attempts, 53 in all,
        # 12 - 3 (n = 0, 5, 10) + 40 correct.
        sums = stats.skill_stats(migrated, "Anna", targets)["sums"]
        assert (sums.attempts, sums.correct) == (53, 49)
        assert sums.recent_attempts == 30 and sums.recent_correct == 29  # the last is wrong
        # Sorted: 900..939 (40), 1000..1110 (12), 5000; the middle (27th, index 26) is 926.
        assert sums.median_ms == 926
        # The challenge best: session 2, all 40 correct.
        bests = stats.personal_bests(migrated, "Anna")
        assert [(b.session_id, b.correct) for b in bests.challenge] == [(2, 40)]
        # The migrated file keeps working.
        migrated.record(3, "sums", "s9", {"cards": ["9", "9"]}, "18", "18", True, 700)
        assert stats.skill_stats(migrated, "Anna", {})["sums"].attempts == 54


# -- threads -------------------------------------------------------------------------------------


def test_a_reader_serves_another_thread(store: Store) -> None:
    session = store.start_session("Anna", "practice", ["a"], "p")
    store.record(session, "a", "i", {}, "1", "1", True, 100)
    reader = store.reader()
    results: list[object] = []

    def work() -> None:
        try:
            results.append(stats.skill_stats(reader, "Anna", {})["a"].attempts)
        except Exception as error:  # reported below, in the test's thread
            results.append(error)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert results == [1]
    store.record(session, "a", "i", {}, "1", "1", True, 100)  # seen by the reader's next call
    assert stats.skill_stats(reader, "Anna", {})["a"].attempts == 2
    with pytest.raises(PermissionError, match="read-only"):
        reader.profile("Bruno")
    reader.close()


def test_a_data_folder_that_cannot_be_made_is_a_clear_store_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SABOT_DATA_DIR", str(blocker / "sabot"))
    with pytest.raises(StoreError, match="cannot be created.*SABOT_DATA_DIR"):
        Store.open()


# -- writes that fail ----------------------------------------------------------------------------

LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""


def _answer(store: Store, session: int, n: int, answer: str = "1") -> int | None:
    return store.record(session, "a", f"i{n % 7}", {"n": n}, answer, "1", n % 3 > 0, 1000 + n)


def _stored(path: Path) -> list[tuple[int, str, int]]:
    """(session, answer, ms) of every attempt on disk, read by another connection."""
    with closing(raw(path)) as other:
        return other.execute("SELECT session, answer, ms FROM attempt ORDER BY id").fetchall()


def test_an_answer_that_cannot_be_written_is_kept_and_saved_with_the_next(store: Store) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "practice", ["a"], "p")
    assert _answer(store, session, 0) is not None
    store._conn.execute("PRAGMA query_only = ON")  # the injected failure: SQLITE_READONLY
    for n in (1, 2, 3):
        assert _answer(store, session, n) is None  # kept, not raised
    assert store.kept == 3
    assert store.trouble == (
        "The history cannot be written: it is read-only. Your last 3 answers are kept and will "
        "be saved as soon as it can."
    )
    assert len(_stored(path)) == 1  # nothing half-written meanwhile
    store._conn.execute("PRAGMA query_only = OFF")
    last = _answer(store, session, 4)
    assert last is not None and store.trouble is None and store.kept == 0
    # all of them, in the order given, their aggregates too
    assert _stored(path) == [(session, "1", 1000 + n) for n in range(5)]
    assert [a.id for a in store.attempts()][-1] == last
    assert stats.skill_stats(store, "Anna", {})["a"].attempts == 5
    assert stats.session_stats(store, session).overall.attempts == 5


def test_a_full_disk_keeps_the_answers_and_the_end_of_the_session(store: Store) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "sprint", ["a"], "p")
    _answer(store, session, 0)
    # SQLite's own limit on the file's size: its real "database or disk is full" error
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    long = "9" * 9000  # an answer that needs new pages
    assert _answer(store, session, 1, long) is None
    assert store.trouble is not None
    assert store.trouble.startswith(
        "The history cannot be written: the disk is full. Your last answer is kept"
    )
    store.end_session(session)  # kept too: the session is over for the caller
    with pytest.raises(ValueError, match="has ended"):
        _answer(store, session, 2)
    with pytest.raises(UnwritableError, match="No new drill can start until then"):
        store.start_session("Anna", "practice", ["a"], "p")
    assert store.retry() is False and store.kept == 1
    assert "Your last answer is kept" in (store.trouble or "")
    store._conn.execute("PRAGMA max_page_count = 1073741823")
    assert store.retry() is True and store.trouble is None
    assert [answer for _, answer, _ in _stored(path)] == ["1", long]
    (row,) = store.sessions("Anna")
    assert row.ended is not None and row.attempts == 2
    # the median stored by the kept end
    assert stats.personal_bests(store, "Anna") is not None
    with closing(raw(path)) as other:
        assert other.execute("SELECT median_ms FROM session_skill").fetchone() == (1000.5,)


def test_closing_says_which_answers_could_not_be_saved(path: Path) -> None:
    store = Store.open(path)
    session = store.start_session("Anna", "practice", ["a"], "p")
    store._conn.execute("PRAGMA query_only = ON")
    _answer(store, session, 0)
    _answer(store, session, 1)
    assert store.close() == (
        "The history cannot be written: it is read-only. Your last 2 answers could not be saved."
    )
    assert Store.open(path).close() is None  # nothing kept: nothing to say


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Another program holding the history's write lock (LOCKER) while the block runs."""
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert locker.stdout is not None and locker.stdin is not None
    try:
        assert locker.stdout.readline() == "locked\n"
        yield
    finally:
        locker.stdin.write("\n")
        locker.stdin.close()
        locker.wait(timeout=30)
        locker.stdout.close()
    assert locker.returncode == 0


def test_a_lock_held_by_another_program_keeps_the_answers_until_it_is_released(
    store: Store,
) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "practice", ["a"], "p")
    _answer(store, session, 0)
    with _locked(path):
        assert _answer(store, session, 1) is None  # after WAIT_MS, not forever
        assert _answer(store, session, 2) is None  # after RETRY_WAIT_MS
        assert store.trouble == (
            "The history cannot be written: another program is using it. Your last 2 answers "
            "are kept and will be saved as soon as it can."
        )
        assert store.retry() is False
    assert store.retry() is True
    assert [ms for _, _, ms in _stored(path)] == [1000, 1001, 1002]


def test_the_apps_answers_never_wait_long_for_a_locked_history(path: Path) -> None:
    # The app's GUI thread records each answer: with the history held by another program, the
    # first answer waited WAIT_MS (2 s, the window frozen). With the app's patience it waits
    # RETRY_WAIT_MS at most, keeps the answer, and the retry timer saves it later.
    store = Store.open(path)
    store.patience_ms = RETRY_WAIT_MS
    session = store.start_session("Anna", "practice", ["a"], "p")
    _answer(store, session, 0)
    said: list[str] = []  # every statement the history's connection runs from here on
    store._conn.set_trace_callback(said.append)
    with _locked(path):
        assert _answer(store, session, 1) is None  # kept
        store.end_session(session)  # kept too
        assert store.trouble is not None and "another program is using it" in store.trouble
    # the short wait is set before the locked answer is tried, and never the long one
    waits = [i for i, sql in enumerate(said) if "busy_timeout" in sql]
    first_try = said.index("BEGIN IMMEDIATE")  # the locked answer's try
    assert [said[i] for i in waits] == [f"PRAGMA busy_timeout = {RETRY_WAIT_MS}"]
    assert waits[0] < first_try
    assert store.retry() is True
    assert [ms for _, _, ms in _stored(path)] == [1000, 1001]
    store.close()


def _shared(store: Store) -> int:
    # a school's copy writes each answer's outbox row beside it, and deletes it once sent: as
    # many pages again
    return 1 if store.status() is None else 2


def test_the_log_stays_small_as_a_session_goes(store: Store) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "practice", ["a"], "p")
    wal = Path(f"{path}-wal")
    biggest = 0
    for n in range(400):
        _answer(store, session, n)
        biggest = max(biggest, wal.stat().st_size)
        store.tidy()  # as the drills do, while the trainee reads the next question
    # it used to grow by ~32 KiB an answer, up to ~40 MB: now TIDY_EVERY answers' worth
    assert biggest <= 2 * store_module.WAL_BYTES * _shared(store), biggest


def test_the_log_stays_bounded_for_a_writer_that_never_tidies(store: Store) -> None:
    path = store.path  # the file of the history, or this PC's copy of a school's
    session = store.start_session("Anna", "practice", ["a"], "p")
    wal = Path(f"{path}-wal")
    biggest = 0
    for n in range(400):
        _answer(store, session, n)
        biggest = max(biggest, wal.stat().st_size)
    assert biggest <= (2 * store_module.WAL_BYTES + 128 * 1024) * _shared(store), biggest


def test_a_reader_that_takes_folding_never_holds_the_log_back(tmp_path: Path) -> None:
    # a school's sender reads the outbox of this PC's copy at each answer: a read under way at
    # a commit stopped the log's folding there, and a writer that never tidies found it reading
    # at commit after commit. Here a reader reads as fast as it can: taking `folding`, the log
    # keeps the bound of a writer alone (reading without it, the log grew to 4 to 7 MB).
    path = tmp_path / "history.sqlite3"
    with Store.open(path) as store:
        session = store.start_session("Anna", "practice", ["a"], "p")
        stop = threading.Event()
        reads = [0]

        def read() -> None:
            with closing(raw(path)) as other:
                while not stop.is_set():
                    with store.folding:
                        other.execute("SELECT count(*) FROM attempt").fetchone()
                    reads[0] += 1

        reader = threading.Thread(target=read)
        reader.start()
        wal = Path(f"{path}-wal")
        biggest = 0
        try:
            for n in range(400):
                _answer(store, session, n)
                biggest = max(biggest, wal.stat().st_size)
        finally:
            stop.set()
            reader.join()
    assert reads[0] > 0
    assert biggest <= 2 * store_module.WAL_BYTES + 128 * 1024, biggest


def test_a_small_full_volume_keeps_the_answers_until_there_is_room(tmp_path: Path) -> None:
    with small_volume(tmp_path / "volume", "1m") as volume:
        path = volume / "history.sqlite3"
        with Store.open(path) as store:
            session = store.start_session("Anna", "practice", ["a"], "p")
            given = 0
            assert _answer(store, session, given) is not None
            given += 1
            filler = fill(volume)
            while given < 5000 and _answer(store, session, given) is not None:
                given += 1
            given += 1  # the one kept
            assert store.trouble == (
                "The history cannot be written: the disk is full. Your last answer is kept and "
                "will be saved as soon as it can."
            )
            for _ in range(2):
                assert _answer(store, session, given) is None
                given += 1
            assert (store.trouble or "").find("Your last 3 answers are kept") > 0
            store.end_session(session)
            filler.unlink()
            assert store.retry() is True
            assert store.sessions("Anna")[0].ended is not None
        assert [ms for _, _, ms in _stored(path)] == [1000 + n for n in range(given)]
        with Store.open(path) as again:  # whole: quick_check passes, nothing moved aside
            assert again.notice is None and len(list(again.attempts())) == given


def test_each_answer_on_a_full_disk_tries_a_few_kept_answers_not_all(tmp_path: Path) -> None:
    """An hour on a full disk is ~2,000 kept answers; each new one tries to save what is kept.
    Trying them all each time (one transaction) held every Enter 60 ms at 1,000 kept and 200 ms
    at 2,000, growing without end; now a try that fails costs one chunk of them, and the rest
    are still written, in order, once there is room."""
    from trainer.history.store import SAVE_CHUNK

    with small_volume(tmp_path / "volume", "1m") as volume:
        path = volume / "history.sqlite3"
        with Store.open(path) as store:
            session = store.start_session("Anna", "practice", ["a"], "p")
            filler = fill(volume)
            given = 0
            while given < 5000 and _answer(store, session, given) is not None:
                given += 1
            given += 1  # the one kept
            while store.kept < 4 * SAVE_CHUNK:
                _answer(store, session, given)
                given += 1
            tried: list[str] = []
            store._conn.set_trace_callback(tried.append)
            before = store.kept
            assert _answer(store, session, given) is None
            given += 1
            saved = before + 1 - store.kept
            inserts = sum(1 for sql in tried if "INSERT INTO attempt" in sql)
            assert inserts - saved <= SAVE_CHUNK, (inserts, saved, before)
            store._conn.set_trace_callback(None)
            filler.unlink()
            assert store.retry() is True and store.kept == 0
        assert [ms for _, _, ms in _stored(path)] == [1000 + n for n in range(given)]


def test_a_small_volume_holds_thousands_of_answers(tmp_path: Path) -> None:
    with (
        small_volume(tmp_path / "volume", "1m") as volume,
        Store.open(volume / "history.sqlite3") as store,
    ):
        session = store.start_session("Anna", "practice", ["a"], "p")
        n = 0
        while n < 3000 and _answer(store, session, n) is not None:
            store.tidy()
            n += 1
        # it used to be full after 26
        assert n == 3000, store.trouble


# -- read-only histories -------------------------------------------------------------------------


def _some_history(path: Path) -> None:
    with Store.open(path) as store:
        session = store.start_session("Anna", "practice", ["a"], "p")
        for n in range(5):
            _answer(store, session, n)
        store.end_session(session)


def _reads_but_never_writes(path: Path, why: str) -> None:
    with Store.open(path) as store:
        assert store.read_only == why and store.notice is None
        assert [a.response_ms for a in store.attempts()] == [1000 + n for n in range(5)]
        assert stats.skill_stats(store, "Anna", {})["a"].attempts == 5
        assert store.sessions("Anna")[0].attempts == 5
        reader = store.reader()  # the progress view reads on another thread
        results: list[object] = []
        worker = threading.Thread(
            target=lambda: results.append(stats.daily_stats(reader, "Anna")[0].attempts)
        )
        worker.start()
        worker.join()
        reader.close()
        assert results == [5]
        with pytest.raises(UnwritableError, match=f"cannot be written: {why}") as refused:
            store.start_session("Anna", "practice", ["a"], "p")
        assert "Statistics, export and the progress view work" in str(refused.value)
        with pytest.raises(UnwritableError):
            store.profile("Bruno")


def test_a_history_in_a_read_only_folder_opens_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "history.sqlite3"
    _some_history(path)
    before = path.read_bytes()
    with immutable(folder):
        _reads_but_never_writes(path, "its folder is read-only")
    assert path.read_bytes() == before
    assert [p.name for p in folder.iterdir()] == ["history.sqlite3"]


def test_a_read_only_history_file_opens_read_only(path: Path) -> None:
    _some_history(path)
    with immutable(path):
        _reads_but_never_writes(path, "the file is read-only")


def test_a_history_on_read_only_media_opens_read_only(tmp_path: Path) -> None:
    with small_volume(tmp_path / "stick", "1m") as stick:
        path = stick / "history.sqlite3"
        _some_history(path)
        remount(stick, "ro")
        _reads_but_never_writes(path, "it is on a read-only disk or medium")
        remount(stick, "rw")


def test_an_older_read_only_history_is_read_through_a_migrated_copy(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "history.sqlite3"
    _some_history(path)
    _as_version_3(path)
    with immutable(folder):
        _reads_but_never_writes(path, "its folder is read-only")
    with closing(raw(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (3,)  # left as it was


def test_no_history_in_a_read_only_folder_is_a_clear_store_error(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    with immutable(folder), pytest.raises(StoreError, match="no history in .* yet.*read-only"):
        Store.open(folder / "history.sqlite3")


# -- answers that were not typed -----------------------------------------------------------------


def _as_version_3(path: Path) -> None:
    """Take a current file back to version 3, which had no session.interactive (nor version
    5's session.assignment)."""
    with closing(raw(path)) as old:
        for table in ("item", "attempt"):
            old.execute(f"ALTER TABLE {table} DROP COLUMN said")  # version 7's
        old.execute("ALTER TABLE session DROP COLUMN assignment")
        old.execute("ALTER TABLE session DROP COLUMN interactive")
        old.execute("PRAGMA user_version = 3")


def test_piped_answers_are_stored_but_count_toward_no_figure_of_the_trainee(store: Store) -> None:
    typed = store.start_session("Anna", "sprint", ["a"], "p")
    for _ in range(12):
        store.record(typed, "a", "i", {}, "1", "1", True, 2000)
    store.end_session(typed)
    piped = store.start_session("Anna", "sprint", ["a"], "p", interactive=False)
    for n in range(12):
        store.record(piped, "a", "j", {}, "1", "1", n > 0, 3)  # faster than anyone types
    store.end_session(piped)

    assert [(s.id, s.interactive, s.attempts) for s in store.sessions("Anna")] == [
        (typed, True, 12),
        (piped, False, 12),
    ]
    assert sum(a.session_id == piped for a in store.attempts()) == 12  # stored as such
    own = stats.session_stats(store, piped)  # its own figures, marked
    assert (own.interactive, own.overall.median_ms, own.overall.correct) == (False, 3, 11)
    skill = stats.skill_stats(store, "Anna", {"a": 2.5})["a"]
    assert (skill.attempts, skill.median_ms, skill.recent_attempts) == (12, 2000, 12)
    assert skill.recent_median_ms == 2000
    bests = stats.personal_bests(store, "Anna")
    assert [b.session_id for b in bests.sprint] == [typed]
    assert bests.median["a"].session_id == typed
    assert [d.attempts for d in stats.daily_stats(store, "Anna")] == [12]
    assert [w.item for w in stats.weakest_items(store, "Anna")] == ["i"]


def test_a_version_3_file_gets_the_interactive_mark_and_keeps_its_sessions(path: Path) -> None:
    _some_history(path)
    _as_version_3(path)
    with Store.open(path) as migrated:
        (row,) = migrated.sessions("Anna")
        assert row.interactive and row.attempts == 5 and row.ended is not None
        assert stats.skill_stats(migrated, "Anna", {})["a"].attempts == 5
    with closing(raw(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (8,)


def test_a_history_on_a_full_disk_opens_read_only(tmp_path: Path) -> None:
    with small_volume(tmp_path / "volume", "1m") as volume:
        path = volume / "history.sqlite3"
        _some_history(path)
        fill(volume)  # not even room for the log's index beside the file
        _reads_but_never_writes(path, "the disk is full")


def test_a_write_refused_is_still_an_sqlite_error_for_those_who_caught_that(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    _some_history(folder / "history.sqlite3")
    with immutable(folder), Store.open(folder / "history.sqlite3") as store:
        with pytest.raises(sqlite3.OperationalError, match="its folder is read-only"):
            store.rename_profile("Anna", "Anne")


# -- questions stored as text (version 6) --------------------------------------------------------


def _deflated(text: str) -> bytes:
    """A question as versions up to 5 stored it when that was shorter: a version byte (1), then
    raw deflate (written out here, not taken from the store)."""
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return b"\x01" + packer.compress(text.encode()) + packer.flush()


def _as_version_5(path: Path, *, broken: bool = False) -> list[Any]:
    """Take a current file back to version 5: every question deflated where that is shorter,
    as the store of version 5 wrote them; the last one `broken`, as a damaged file holds it.
    Returns what each attempt's question column then holds."""
    with closing(raw(path)) as old:
        for table in ("item", "attempt"):
            old.execute(f"ALTER TABLE {table} DROP COLUMN said")  # version 7's
            rows = old.execute(
                f"SELECT id, question FROM {table} WHERE question IS NOT NULL"
            ).fetchall()
            for id, text in rows:
                packed = _deflated(text)
                if len(packed) < len(text.encode()):
                    old.execute(f"UPDATE {table} SET question = ? WHERE id = ?", (packed, id))
        if broken:
            (last,) = old.execute("SELECT max(id) FROM attempt").fetchone()
            old.execute("UPDATE attempt SET question = ? WHERE id = ?", (b"\x01\x00\xff", last))
        old.execute("PRAGMA user_version = 5")
        return [q for (q,) in old.execute("SELECT question FROM attempt ORDER BY id")]


def test_a_version_5_file_gets_its_questions_as_text_and_reads_the_same(path: Path) -> None:
    table = {
        "dealer": ["9C", "8S"],
        "cards": [["AD", "KD"], ["AC", "7H"], ["6S", "6C", "9S"]],
        "hands": ["1.1", "1.2", "2"],
        "stakes": ["15", "15", "25"],
    }
    with Store.open(path) as store:
        session = store.start_session("Anna", "practice", ["pay-table"], "p")
        for n in range(6):
            question = dict(table, box=n) if n else table  # the first one is the item's own
            store.record(session, "pay-table", "pay-table:8", question, "x", "y", n > 2, 900 + n)
        store.end_session(session)
        other = store.start_session("Anna", "practice", ["pay-table"], "p")
        store.record(other, "pay-table", "pay-table:9", {"n": 1}, "x", "y", True, 1)
        before = [(a.question, a.response_ms) for a in store.attempts(session_id=session)]
        exported = list(store.export_rows())
    stored = _as_version_5(path, broken=True)
    assert [type(q) for q in stored] == [type(None), *[bytes] * 6]  # deflated, as they were
    with Store.open(path) as migrated:
        assert [(a.question, a.response_ms) for a in migrated.attempts(session_id=session)] == (
            before
        )
        rows = list(migrated.export_rows())
        assert rows[:-1] == exported[:-1]  # the same rows, the question as text
        assert rows[-1][5] == b"\x01\x00\xff"  # one that cannot be read stays as it was
    with closing(raw(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (8,)
        kinds = check.execute(
            "SELECT typeof(question), count(*) FROM attempt GROUP BY 1 ORDER BY 1"
        ).fetchall()
        assert kinds == [("blob", 1), ("null", 1), ("text", 5)]
        (item,) = check.execute("SELECT question FROM item WHERE key = 'pay-table:8'").fetchone()
        assert item == json.dumps(table, separators=(",", ":"))


def test_a_read_only_version_5_file_is_read_with_its_questions_as_text(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "history.sqlite3"
    _some_history(path)
    with Store.open(path) as store:
        session = store.start_session("Anna", "practice", ["a"], "p")
        big = {"cards": [["AS", "TD"], ["9C", "9D"]] * 5}
        store.record(session, "a", "big", big, "1", "1", True, 1000)
    _as_version_5(path)
    with closing(raw(path)) as check:  # the item's own question, deflated
        (item,) = check.execute("SELECT question FROM item WHERE key = 'big'").fetchone()
        assert item[:1] == b"\x01"
    with immutable(folder), Store.open(path) as store:
        assert store.read_only == "its folder is read-only"
        assert [a.question for a in store.attempts()][-1] == big
    with closing(raw(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (5,)  # left as it was


# -- said forms beside the questions (version 7) -------------------------------------------------

DATA = Path(__file__).parent / "data"


def _version_6_file(path: Path) -> None:
    """The history that the store of version 6 wrote (`data/history_v6.sql`: three questions of
    every skill, one of an older shape), as a file."""
    with closing(raw(path)) as old:
        old.executescript((DATA / "history_v6.sql").read_text(encoding="utf-8"))
        assert old.execute("PRAGMA user_version").fetchone() == (6,)


def _export_csv(store: Store, out: Path) -> bytes:
    from trainer.commands.export import write_file

    write_file(str(out), store.export_rows(), "csv")
    return out.read_bytes()


def test_a_version_6_file_gains_the_said_forms_and_exports_as_before(path: Path) -> None:
    _version_6_file(path)
    with Store.open(path) as store:
        assert (
            _export_csv(store, path.with_name("out.csv")) == (DATA / "history_v6.csv").read_bytes()
        )
        rows = list(store.export_rows())
    with closing(raw(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (8,)
        forms = check.execute(
            """SELECT k.name, i.key, coalesce(a.question, i.question),
            coalesce(a.said, CASE WHEN a.question IS NULL THEN i.said END)
            FROM attempt a JOIN item i ON i.id = a.item JOIN skill k ON k.id = i.skill
            ORDER BY a.id"""
        ).fetchall()
    assert [form for *_, form in forms] == [row[-1] for row in rows]
    for skill, key, question, form in forms:  # each the form of its own question
        assert form == said_form(skill, json.loads(question)), key
    assert sum(form is None for *_, form in forms) == 1  # the older shape: said from its JSON
    assert forms[-1][1] == "announce:hard-9" and forms[-1][3] is None


def test_a_read_only_version_6_file_is_read_through_a_migrated_copy(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "history.sqlite3"
    _version_6_file(path)
    with immutable(folder), Store.open(path) as store:
        assert store.read_only == "its folder is read-only"
        assert _export_csv(store, tmp_path / "out.csv") == (DATA / "history_v6.csv").read_bytes()
        assert all(row[-1] for row in store.export_rows() if row[4] != "announce:hard-9")
    with closing(raw(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (6,)  # left as it was


def test_an_attempt_keeps_the_form_of_its_own_question_only(path: Path) -> None:
    """The item keeps its first question's form; an attempt, the form of a question of its own
    (none when its question is the item's, or of no form's shape)."""
    first = {"cards": ["AS", "6D"], "box": 3, "split": False, "stood": False}
    with Store.open(path) as store:
        session = store.start_session("Anna", "practice", ["announce"], "p")
        for question in (first, first, dict(first, box=5), {"cards": "A6", "box": 1}):
            store.record(session, "announce", "announce:soft-17", question, "17", "17", True, 800)
        rows = list(store.export_rows())
    with closing(raw(path)) as check:
        assert check.execute("SELECT said FROM item").fetchall() == [("an\x1f3\x1fA 6",)]
        assert check.execute("SELECT said FROM attempt ORDER BY id").fetchall() == [
            (None,),
            (None,),
            ("an\x1f5\x1fA 6",),
            (None,),
        ]
    assert [row[-1] for row in rows] == ["an\x1f3\x1fA 6"] * 2 + ["an\x1f5\x1fA 6", None]


def test_a_form_the_export_cannot_read_is_said_from_the_json(path: Path) -> None:
    """A form of a kind this version does not know (a later version's): the words come from the
    question's JSON, as if there were no form."""
    question = {"bet": "20", "result": "win", "box": 5}
    with Store.open(path) as store:
        session = store.start_session("Anna", "practice", ["pay-even"], "p")
        store.record(session, "pay-even", "pay-even:20", question, "20", "20", True, 800)
        want = _export_csv(store, path.with_name("want.csv"))
    with closing(raw(path)) as old:
        old.execute("UPDATE item SET said = 'pe9\x1f5\x1f20'")
    with Store.open(path) as store:
        assert list(store.export_rows())[0][-1] == "pe9\x1f5\x1f20"
        assert _export_csv(store, path.with_name("got.csv")) == want
    assert b"box 5 wins on a bet of 20" in want


def test_export_rows_are_every_attempt_in_order_across_pages_and_gaps(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export reads the attempts a range of ids at a time: none lost or repeated across
    pages, gaps (attempts deleted) or answers given while it reads. (A school's store exports
    its copy here: the same rows.)"""
    monkeypatch.setattr(store_module, "_EXPORT_PAGE", 4)
    store = Store.open(path)
    anna = store.start_session("Anna", "practice", ["a"], "p")
    gone = store.start_session("Gone", "practice", ["a"], "p")
    bruno = store.start_session("Bruno", "practice", ["a"], "p")
    with store.batch():
        for n in range(30):
            session = (anna, gone, bruno)[n % 3] if n < 20 else anna
            store.record(session, "a", f"i{n % 4}", {"n": n}, str(n), "1", n % 2 == 0, 100 + n)
    with closing(raw(store.path)) as other:  # ids 2, 5, 8 … 20 are no more
        other.execute("DELETE FROM attempt WHERE session = ?", (gone,))
    rows = store.export_rows()
    first = [next(rows) for _ in range(5)]
    late = store.record(anna, "a", "i9", {"late": True}, "late", "1", True, 7)  # meanwhile
    got = first + list(rows)
    assert [(r[0], r[6], r[8], r[9]) for r in got[:3]] == [
        ("Anna", "0", 1, 100),
        ("Bruno", "2", 1, 102),
        ("Anna", "3", 0, 103),
    ]
    answers = [r[6] for r in got]
    want = [str(n) for n in range(30) if n >= 20 or n % 3 != 1] + ["late"]
    assert answers == want and late is not None
    assert [r[6] for r in store.export_rows("Bruno")] == [str(n) for n in range(2, 20, 3)]
    assert all(r[10] == r[10] // 1 for r in got)  # whole seconds
    store.close()
