"""Deleting a profile takes every row of it out of the history, and nothing of anyone else."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from trainer.history import stats
from trainer.history.store import Store
from trainer.practice.skills import TARGETS

PROFILE_TABLES = ("session", "tally", "hist", "hist_tenth", "item_tally", "recent")


def practise(store: Store, profile: str, n: int, *, end: bool = True) -> int:
    session = store.start_session(profile, "practice", ["announce", "chips"], "casino-fr")
    for k in range(n):
        skill = "announce" if k % 2 else "chips"
        store.record(session, skill, f"{skill}:i{k % 3}", {"k": k}, "a", "a", k % 4 != 0, 900 + k)
    if end:
        store.end_session(session)
    return session


def rows_of(path: Path, profile_id: int) -> dict[str, int]:
    with sqlite3.connect(path) as conn:
        counts = {
            table: conn.execute(
                f"SELECT count(*) FROM {table} WHERE profile = ?", (profile_id,)
            ).fetchone()[0]
            for table in PROFILE_TABLES
        }
        counts["attempt"] = conn.execute(
            "SELECT count(*) FROM attempt WHERE session NOT IN (SELECT id FROM session)"
        ).fetchone()[0]
        counts["session_skill"] = conn.execute(
            "SELECT count(*) FROM session_skill WHERE session NOT IN (SELECT id FROM session)"
        ).fetchone()[0]
        counts["profile"] = conn.execute(
            "SELECT count(*) FROM profile WHERE id = ?", (profile_id,)
        ).fetchone()[0]
    return counts


def test_a_deleted_profile_s_rows_are_really_gone(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with Store.open(path) as store:
        practise(store, "Anna", 12)
        practise(store, "Bruno", 7)
        practise(store, "Bruno", 5, end=False)  # a session still running
        practise(store, "Anna", 4)
        anna_before = stats.skill_stats(store, "Anna", TARGETS)
        bruno = store._profile_id("Bruno")
        assert store.profile_answers("Bruno") == 12
        assert rows_of(path, bruno)["session"] == 2

        assert store.delete_profile("bruno") == 12  # names are matched as everywhere
        assert [p.name for p in store.profiles()] == ["Anna"]
        assert store.profile_answers("Bruno") == 0
        assert set(rows_of(path, bruno).values()) == {0}
        assert stats.skill_stats(store, "Anna", TARGETS) == anna_before
        assert sum(1 for _ in store.attempts()) == 16
        with pytest.raises(ValueError, match="no profile named"):
            store.delete_profile("Bruno")
        # The name is free again, and a new Bruno starts from nothing.
        practise(store, "Bruno", 2)
        assert store.profile_answers("Bruno") == 2
        assert stats.skill_stats(store, "Bruno", TARGETS)["announce"].attempts == 1
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
