"""Deal mode's reference for typed dealing, derived from the app's own figures: each step of a
round at the target time of the drill skill it is stored as (trainer.practice.pace)."""

from __future__ import annotations

import random
import statistics

import pytest

from trainer.game.rules import HouseRules
from trainer.practice.curriculum import TARGETS
from trainer.practice.deal import reference_rounds_per_hour
from trainer.practice.pace import (
    TYPED_ROUNDS_PER_HOUR,
    derive_typed_rounds_per_hour,
    step_seconds,
    steps_per_round,
    typed_rounds_per_hour,
)
from trainer.practice.skills import SKILLS

FR = HouseRules.from_spec("casino-fr")


def test_a_step_takes_its_skill_s_target_over_the_steps_a_question_stands_for() -> None:
    seconds = step_seconds(FR, questions=60)
    # one question, one step
    for name in ("announce", "pay-even", "pay-blackjack", "procedure"):
        assert seconds[name] == TARGETS[name]
    # a deal order's question is every card of the deal: a card is a fraction of its target
    deals = [
        q
        for q in (SKILLS["deal-order"].make(random.Random(s), FR) for s in range(60))
        if q.item.startswith("deal-order:deal")
    ]
    cards = statistics.mean(len(q.answer) for q in deals)
    assert seconds["deal-order"] == pytest.approx(TARGETS["deal-order"] / cards)
    assert 0.2 < seconds["deal-order"] < 1.0
    # the dealer's question is his draws and his stand
    assert seconds["dealer"] < TARGETS["dealer"]


@pytest.mark.parametrize("boxes", [1, 4, 7])
def test_the_typed_reference_is_what_the_derivation_gives(boxes: int) -> None:
    """The table the app shows is the derivation's, again, from the skills and deal mode."""
    assert round(derive_typed_rounds_per_hour(boxes)) == TYPED_ROUNDS_PER_HOUR[boxes]
    assert typed_rounds_per_hour(boxes) == TYPED_ROUNDS_PER_HOUR[boxes]


def test_the_steps_of_a_round_grow_with_the_boxes_and_so_the_pace_falls() -> None:
    one, seven = steps_per_round(FR, 1, shoes=1), steps_per_round(FR, 7, shoes=1)
    # each box is dealt two cards and announced at least once a round
    assert seven["deal-order"] > one["deal-order"] + 6 * 2
    assert seven["announce"] > one["announce"] + 6
    rates = [TYPED_ROUNDS_PER_HOUR[b] for b in range(1, 8)]
    assert rates == sorted(rates, reverse=True)
    # typing every card and point: near the school's reference for speaking dealers at a full
    # table, a good deal above it at a single box (no cards to gather, no chips to cut)
    assert 0.75 < typed_rounds_per_hour(7) / reference_rounds_per_hour(7) < 1.0
    assert typed_rounds_per_hour(1) > reference_rounds_per_hour(1)


def test_the_user_guide_s_table_is_the_app_s() -> None:
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "docs" / "user-guide.md").read_text(encoding="utf-8")
    typed = " | ".join(str(TYPED_ROUNDS_PER_HOUR[b]) for b in range(1, 8))
    spoken = " | ".join(str(round(reference_rounds_per_hour(b))) for b in range(1, 8))
    assert f"| typed, rounds an hour | {typed} |" in guide
    assert f"| a school's, speaking | {spoken} |" in guide
    # and `sabot deal` says both beside the pace, in --json too
    from trainer.commands.deal import summary_lines

    lines = summary_lines(
        {
            "rounds": 22,
            "steps": 400,
            "errors": 3,
            "errors_by_kind": {"deal": 3},
            "errors_per_100_steps": 0.75,
            "overpaid": "0",
            "underpaid": "0",
            "seconds_by_phase": {"deal": 600.0, "play": 300.0, "dealer": 200.0, "settle": 300.0},
            "rounds_per_hour": 48.0,
            "reference_rounds_per_hour": 58.1,
            "typed_reference_rounds_per_hour": 50.0,
        }
    )
    said = " ".join(lines)
    assert "48 rounds an hour (typing every card and point, as here, the reference at this " in said
    assert "about 50; a school's, for dealers who speak, about 58)" in said
