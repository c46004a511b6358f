"""The daily plan: the items due today, the next skill to master and the streak of days
practised, read from a history written with a wall clock moved by hand."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.trainer.history import DAY, Clock
from trainer.history.plan import DailyPlan, Streak, daily_plan, due_items, streak
from trainer.history.store import Store
from trainer.practice.curriculum import CURRICULUM, TARGETS
from trainer.practice.drill import WEAK_STREAK

ORDER = [s.name for s in CURRICULUM]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Iterator[Store]:
    s = Store.open(tmp_path / "history.sqlite3", clock=clock)
    yield s
    s.close()


def answer(store: Store, skill: str, item: str, correct: bool, n: int = 1, ms: int = 900) -> None:
    sid = store.start_session("ana", "practice", [skill], "casino-fr")
    for _ in range(n):
        store.record(sid, skill, f"{skill}:{item}", {"x": 1}, "a", "b", correct, ms)
    store.end_session(sid)


def plan(store: Store, clock: Clock, available: list[str] | None = None) -> DailyPlan:
    return daily_plan(store, "ana", TARGETS, ORDER, available or ORDER, clock.now)


# ---------------------------------------------------------------------------- the streak


def test_the_streak_counts_days_in_a_row_as_the_clock_moves(store: Store, clock: Clock) -> None:
    assert plan(store, clock).streak == Streak(0, False)  # a new profile
    answer(store, "announce", "hard-14", True)
    assert plan(store, clock).streak == Streak(1, True)
    clock.now += DAY
    # the next day, before practising: yesterday's streak is still alive
    s = plan(store, clock).streak
    assert s == Streak(1, False) and s.alive
    answer(store, "announce", "hard-14", True)
    clock.now += DAY
    answer(store, "pay-even", "10", False)
    assert plan(store, clock).streak == Streak(3, True)
    # a day missed: the streak is broken
    clock.now += 2 * DAY
    assert plan(store, clock).streak == Streak(0, False)
    answer(store, "announce", "hard-14", True)
    assert plan(store, clock).streak == Streak(1, True)


def test_two_sessions_on_one_day_are_one_day(store: Store, clock: Clock) -> None:
    answer(store, "announce", "hard-14", True)
    clock.now += 3600
    answer(store, "announce", "hard-15", True)
    assert plan(store, clock).streak == Streak(1, True)


@given(st.sets(st.integers(0, 40)))
def test_streak_is_the_run_ending_today_or_yesterday(offsets: set[int]) -> None:
    today = date(2026, 11, 30)
    days = {today - timedelta(days=o) for o in offsets}
    s = streak(days, today)
    start = 0 if 0 in offsets else 1
    n = 0
    while start + n in offsets:
        n += 1
    assert s.days == n and s.today == (0 in offsets)
    assert streak(days, today).days <= len(days)


# ---------------------------------------------------------------------------- due items


def test_a_missed_item_is_due_until_right_three_times_in_a_row(store: Store) -> None:
    answer(store, "announce", "soft-16", False)
    answer(store, "pay-blackjack", "25", True)
    assert due_items(store, "ana") == [("announce", "announce:soft-16")]
    answer(store, "announce", "soft-16", True, n=WEAK_STREAK - 1)
    assert due_items(store, "ana") == [("announce", "announce:soft-16")]
    answer(store, "announce", "soft-16", True)
    assert due_items(store, "ana") == []
    # missed again: due again, the most recent miss first
    answer(store, "pay-blackjack", "25", False)
    answer(store, "announce", "soft-16", False)
    assert due_items(store, "ana") == [
        ("announce", "announce:soft-16"),
        ("pay-blackjack", "pay-blackjack:25"),
    ]


def test_a_miss_that_left_the_mastery_window_is_no_longer_due(store: Store) -> None:
    answer(store, "announce", "soft-16", False)
    answer(store, "announce", "hard-14", True, n=30)  # the window holds the last 30
    assert due_items(store, "ana") == []


# ---------------------------------------------------------------------------- the next skill


def test_the_next_skill_is_the_first_not_mastered_that_the_rules_allow(
    store: Store, clock: Clock
) -> None:
    p = plan(store, clock)
    assert p.next_skill == "announce" and p.next_gaps == ("never practised",) and p.attempts == 0
    # announce mastered: 50 right answers under its 2 s target
    answer(store, "announce", "hard-14", True, n=50, ms=1000)
    p = plan(store, clock)
    assert p.next_skill == "dealer" and p.attempts == 50
    answer(store, "dealer", "up-6", True, n=18)
    p = plan(store, clock)
    assert p.next_skill == "dealer" and p.next_gaps == ("32 more attempts (18 of 50)",)
    # the rules rule a skill out: the plan passes over it
    allowed = [n for n in ORDER if n != "dealer"]
    assert plan(store, clock, allowed).next_skill == "outcome"
    assert plan(store, clock, allowed).skills == ["outcome"]


def test_today_s_practice_drills_the_due_items_skills_and_the_next_skill(
    store: Store, clock: Clock
) -> None:
    answer(store, "pay-blackjack", "25", False)
    p = plan(store, clock)
    assert p.due == (("pay-blackjack", "pay-blackjack:25"),)
    assert p.skills == ["pay-blackjack", "announce"]
