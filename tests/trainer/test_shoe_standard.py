"""Deal a shoe: deal mode's own mastery per number of boxes (errors per 100 steps and rounds per
hour against the school's reference, over the last shoes), shown by home's plan, the Deal shoes
tab and `sabot stats`; and the rounds a shoe dealt, counted the same by its summary and the
history (issue 24)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.trainer.history import NOON, Clock
from tests.trainer.test_own_figures import RULES, Mono, _deal_rounds
from trainer.cli import main
from trainer.commands.deal import summary
from trainer.history import plan, progress_data
from trainer.history.progress_data import SessionLine, ShoeFacts
from trainer.history.shoes import SHOE_MASTERY, shoe_standings, standings
from trainer.history.store import Store
from trainer.practice.curriculum import CURRICULUM, TARGETS
from trainer.practice.deal import MODE, DealShoe, reference_rounds_per_hour

_IDS = iter(range(1, 10_000))


def _shoe(boxes: int, rounds: int, per_hour: float, steps: int, errors: int) -> SessionLine:
    n = next(_IDS)
    seconds = rounds * 3600 / per_hour
    facts = ShoeFacts(boxes, rounds, seconds, rounds, seconds)
    return SessionLine(n, NOON + n, NOON + n + seconds, MODE, ("deal",), steps, steps - errors,
                       steps * 400, None, facts)  # fmt: skip


def test_the_standard_is_the_last_shoes_errors_and_pace_at_each_number_of_boxes() -> None:
    ref7 = reference_rounds_per_hour(7)
    assert SHOE_MASTERY.shoes == 3 and SHOE_MASTERY.min_rounds == 50
    good = [_shoe(7, 20, ref7 + 1, 1000, 20) for _ in range(3)]  # 2.0 per 100, at the pace
    (s,) = standings(good)
    assert s.mastered and s.gaps == () and (s.shoes, s.rounds, s.errors) == (3, 60, 60)
    # one error more: over 2 per 100
    (s,) = standings([*good[:2], _shoe(7, 20, ref7 + 1, 1000, 21)])
    assert not s.mastered and s.gaps == ("at most 2 errors per 100 steps",)
    # slower than the school's reference
    (s,) = standings([_shoe(7, 20, ref7 - 2, 1000, 0) for _ in range(3)])
    assert not s.mastered and s.gaps == (f"at least {round(ref7)} rounds/h",)
    # too few shoes, too few rounds
    (s,) = standings([_shoe(7, 20, ref7 + 10, 1000, 0) for _ in range(2)])
    assert not s.mastered and s.gaps == ("1 more shoe", "10 more rounds")
    # only the last three count: an old bad shoe is forgotten, a new one is not
    old = _shoe(7, 20, 10, 1000, 500)._replace(session_id=0, started=NOON - 86400)
    assert standings([*good, old])[0].mastered
    assert not standings([*good, _shoe(7, 20, 10, 1000, 500)])[0].mastered
    # each number of boxes on its own: 7 boxes mastered says nothing of 3
    both = standings([*good, _shoe(3, 30, 500, 900, 0)])
    assert [(s.boxes, s.mastered) for s in both] == [(3, False), (7, True)]


def test_a_shoe_not_ended_or_empty_counts_for_nothing() -> None:
    live = _shoe(7, 20, 90, 1000, 0)._replace(ended=None)
    assert standings([live]) == []


def test_a_history_of_four_rounds_says_what_is_missing(store: Any, clock: Clock) -> None:
    mono = Mono(clock)
    _deal_rounds(store, mono, 4)
    (s,) = shoe_standings(store, "t")
    assert (s.boxes, s.shoes, s.rounds, s.errors) == (7, 1, 4, 0)
    assert not s.mastered and s.gaps == ("2 more shoes", "46 more rounds")
    assert s.text.startswith("7 boxes: not yet (2 more shoes, 46 more rounds) — 1 shoe · 4 rounds")
    order = [c.name for c in CURRICULUM]
    daily = plan.daily_plan(store, "t", TARGETS, order, order, clock.now)
    assert daily.shoes == (s,)


def test_a_piped_shoe_never_counts(store: Any, clock: Clock) -> None:
    _deal_rounds(store, Mono(clock), 4, interactive=False)
    assert shoe_standings(store, "t") == []


def test_sabot_stats_says_the_standard(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    with Store.open(clock=clock) as store:
        _deal_rounds(store, Mono(clock), 4, boxes=3)
    assert main(["stats", "--profile", "t"]) == 0
    out = capsys.readouterr().out
    assert (
        "Deal a shoe · 3 boxes: not yet (2 more shoes, 46 more rounds) — 1 shoe · 4 rounds" in out
    )
    assert main(["stats", "--profile", "t", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    shoe = data["deal-shoe"]["3"]
    assert (shoe["shoes"], shoe["rounds"], shoe["errors"], shoe["mastered"]) == (1, 4, 0, False)
    assert data["deal-order"]["attempts"] == 0  # the shoe's steps are not the skill's


def test_the_summary_and_the_history_count_the_same_rounds(tmp_path: Any) -> None:
    clock = Clock()
    with Store.open(tmp_path / "h.sqlite3", clock=clock) as store:
        mono = Mono(clock)
        shoe = DealShoe(RULES, boxes=5, seed=3, store=store, profile="t", clock=mono)
        for _ in range(3):
            shoe.next_round()
            while not shoe.round_over:
                mono.step(0.5)
                shoe.answer(shoe.step.expected, 500)
        shoe.next_round()  # the fourth round is on the felt, and the trainee ends the shoe
        f = shoe.finish()
        _points, lines = progress_data.session_history(store, "t")
    (line,) = lines
    assert summary(f, 5, "practice")["rounds"] == line.shoe.dealt == 3
    assert "· 3 rounds ·" in line.shoe_text
