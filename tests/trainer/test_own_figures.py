"""Mastery is earned by the skill's own questions: a deal shoe's steps count toward the shoe's
figures and its own standard, never toward a drill skill's — on this PC, on a school's server,
and in a history written before (issue 24)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.history import DAY, NOON, Clock
from trainer.game.rules import HouseRules
from trainer.history import plan, progress_data, stats
from trainer.history.measures import OWN_FIGURES
from trainer.history.store import Store
from trainer.practice import answers
from trainer.practice.curriculum import CURRICULUM, TARGETS
from trainer.practice.deal import MODE, DealShoe
from trainer.practice.drill import Drill
from trainer.practice.skills import SKILLS

RULES = HouseRules.preset_named("casino-fr")


class Mono:
    """The practice's monotonic clock, moved with the wall clock."""

    def __init__(self, wall: Clock) -> None:
        self.wall, self.ns = wall, 0

    def step(self, seconds: float) -> None:
        self.ns += int(seconds * 1e9)
        self.wall.now += seconds

    def __call__(self) -> int:
        return self.ns


def _two_wrong_deal_orders(store: Any, mono: Mono) -> None:
    drill = Drill([SKILLS["deal-order"]], RULES, count=2, seed=5, store=store, profile="t",
                  clock=mono)  # fmt: skip
    for _ in range(2):
        q = drill.next_question()
        assert q is not None
        for wrong in ("1", "2", "3", "d"):
            if wrong == q.expected:
                continue
            try:
                assert not drill.answer(wrong, 3000).verdict.correct
                break
            except answers.Unreadable:
                continue
        mono.step(4)
    drill.finish()


def _deal_rounds(store: Any, mono: Mono, rounds: int, *, boxes: int = 7, **kw: Any) -> DealShoe:
    shoe = DealShoe(RULES, boxes=boxes, seed=11, store=store, profile="t", clock=mono, **kw)
    for _ in range(rounds):
        shoe.next_round()
        while not shoe.round_over:
            s = shoe.step
            assert s is not None
            mono.step(0.4)
            assert shoe.answer(s.expected, 400).correct
    shoe.finish()
    return shoe


def _figures(store: Any) -> tuple[Any, ...]:
    """Every drill figure a trainee or an instructor sees of the profile."""
    points = progress_data.session_points(store, "t")
    return (
        stats.skill_stats(store, "t", TARGETS),
        stats.weakest_items(store, "t", n=100),
        stats.daily_stats(store, "t"),
        stats.personal_bests(store, "t"),
        progress_data.trends(store, "t", NOON + DAY),
        progress_data.item_cells(store, "t", TARGETS),
        points,
        progress_data.readiness(stats.skill_stats(store, "t", TARGETS), [], list(TARGETS)),
        plan.due_items(store, "t"),
    )


def test_the_modes_of_their_own_figures_are_deal_modes() -> None:
    assert MODE in OWN_FIGURES


def test_a_shoe_dealt_perfectly_leaves_every_drill_skill_as_it_was(
    store: Any, clock: Clock
) -> None:
    mono = Mono(clock)
    _two_wrong_deal_orders(store, mono)
    before = _figures(store)
    order = before[0]["deal-order"]
    assert (order.attempts, order.correct, order.mastered) == (2, 0, False)
    shoe = _deal_rounds(store, mono, 4)
    assert shoe.figures.steps > 100 and shoe.figures.error_count == 0
    after = _figures(store)
    assert after == before
    # the steps are kept all the same, and the shoe's own figures read them
    steps = [a for a in store.attempts("t") if a.session_id == shoe.session_id]
    assert len(steps) == shoe.figures.steps
    _points, lines = progress_data.session_history(store, "t")
    (line,) = [x for x in lines if x.is_shoe]
    assert (line.attempts, line.errors, line.shoe.boxes) == (shoe.figures.steps, 0, 7)


def test_a_shoe_keeps_the_streak_and_is_no_first_run(tmp_path: Path) -> None:
    clock = Clock(NOON - 2 * DAY)
    with Store.open(tmp_path / "h.sqlite3", clock=clock) as store:
        mono = Mono(clock)
        _two_wrong_deal_orders(store, mono)
        clock.now = NOON - DAY
        _deal_rounds(store, mono, 1)
        clock.now = NOON
        _deal_rounds(store, mono, 1)
        order = [s.name for s in CURRICULUM]
        daily = plan.daily_plan(store, "t", TARGETS, order, order, NOON)
        assert daily.streak.days == 3 and daily.streak.today
        assert daily.attempts > 2  # the shoes' steps are practice: home is past its welcome


def _old_writer(path: Path) -> None:
    """What a history of schema version 7 held: every typed answer in the profile's aggregates,
    a shoe's steps too (written here as that version's store wrote them)."""
    conn = sqlite3.connect(path)
    conn.create_function("sabot_day", 1, stats.local_day, deterministic=True)
    rows = conn.execute(
        """SELECT a.id, s.profile, i.skill, a.item, sabot_day(s.started + a.at), a.correct, a.ms
        FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
        WHERE s.mode = 'deal' AND s.interactive ORDER BY a.id"""
    ).fetchall()
    assert rows
    with conn:
        for attempt, profile, skill, item, day, correct, ms in rows:
            conn.execute(
                """INSERT INTO tally VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT DO UPDATE SET
                n = n + 1, correct = correct + excluded.correct,
                total_ms = total_ms + excluded.total_ms""",
                (profile, skill, day, correct, ms),
            )
            conn.execute(
                """INSERT INTO hist VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1""",
                (profile, skill, ms),
            )
            conn.execute(
                """INSERT INTO hist_tenth VALUES (?, ?, ?, 1)
                ON CONFLICT DO UPDATE SET n = n + 1""",
                (profile, skill, ms // 100),
            )
            conn.execute(
                """INSERT INTO item_tally VALUES (?, ?, 1, ?, ?) ON CONFLICT DO UPDATE SET
                n = n + 1, wrong = wrong + excluded.wrong,
                total_ms = total_ms + excluded.total_ms""",
                (profile, item, 1 - correct, ms),
            )
            conn.execute("INSERT INTO recent VALUES (?, ?, ?)", (profile, skill, attempt))
            conn.execute(
                """DELETE FROM recent WHERE profile = ?1 AND skill = ?2 AND attempt <= (
                SELECT attempt FROM recent WHERE profile = ?1 AND skill = ?2
                ORDER BY attempt DESC LIMIT 1 OFFSET 30)""",
                (profile, skill),
            )
        conn.execute("PRAGMA user_version = 7")
    conn.close()


def test_a_history_written_before_is_read_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    clock = Clock()
    with Store.open(path, clock=clock) as store:
        mono = Mono(clock)
        _two_wrong_deal_orders(store, mono)
        _deal_rounds(store, mono, 4)
        _deal_rounds(store, mono, 1, interactive=False)  # piped: in no aggregate, then as now
        expected = _figures(store)
        kept = list(store.attempts())
        sessions = store.sessions("t")
    _old_writer(path)
    with sqlite3.connect(path) as raw:  # the old aggregates: the shoe's steps in them
        (n,) = raw.execute("SELECT sum(n) FROM tally").fetchone()
        assert n > 100
    with Store.open(path, clock=clock) as store:
        assert _figures(store) == expected
        assert list(store.attempts()) == kept  # no row lost
        assert store.sessions("t") == sessions
        assert stats.skill_stats(store, "t", TARGETS)["deal-order"].attempts == 2


@pytest.mark.parametrize("store", ["postgres"], indirect=True)
def test_the_class_view_leaves_a_shoes_steps_out(store: Any, clock: Clock, pg_server: Any) -> None:
    from trainer.history.classview import class_view
    from trainer.history.server_setup import add_login

    mono = Mono(clock)
    _two_wrong_deal_orders(store, mono)
    _deal_rounds(store, mono, 4)
    assert store.sync(30)
    add_login(pg_server.url, "roux_own", instructor=True)
    view = class_view(pg_server.login_url("roux_own"), TARGETS, now=clock.now)
    mine = stats.skill_stats(store, "t", TARGETS)
    (row,) = [t for t in view.trainees if t.login == store.url.rsplit("user=", 1)[1]]
    for skill, figures in mine.items():
        cell = row.cells[skill]
        assert (cell.attempts, cell.recent_correct, cell.mastered) == (
            figures.attempts,
            figures.recent_correct,
            figures.mastered,
        ), skill
    assert row.cells["deal-order"].attempts == 2
