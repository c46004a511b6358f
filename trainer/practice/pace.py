"""Deal mode's pace, against two references.

- A dealer school's (`practice.deal.reference_rounds_per_hour`): about 50–60 rounds an hour at 7
  boxes, for a dealer who *speaks* each point and handles real cards and chips.
- The typed dealing Sabot's own data supports (`typed_rounds_per_hour`): the trainee here *types*
  every card's box, every point and every payment. Its reference is the time of the steps of a
  round, each at the target time of the drill skill it is stored as:

  1. A step's target time (`step_seconds`): the skill's target (`curriculum.TARGETS`, the median
     seconds a drill question may take for mastery), over the steps one of its questions stands
     for, measured on the skill's own questions: a deal order's cards (`deal-order:deal-*`: the
     boxes and the dealer, 15 at 7 boxes), a split box's or behind bets' amounts, a box's hands'
     results, the dealer's draws and his stand. Every other question is one step.
  2. The steps of a round (`steps_per_round`): whole shoes dealt by the engine in deal mode
     (casino-fr, no incidents, the basic strategy), each step counted under its skill, per round
     dealt.
  3. A round's time is the sum of its steps' target times; the reference, 3600 s over it.

`TYPED_ROUNDS_PER_HOUR` holds what `derive_typed_rounds_per_hour` gives for 1 to 7 boxes (the
test derives it again); a change to a target or to deal mode's steps moves it:
`python -m trainer.practice.pace` prints the table anew.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from typing import Final

from trainer.game.rules import HouseRules

# Derived by `derive_typed_rounds_per_hour` (casino-fr, SHOES shoes, QUESTIONS questions a skill).
TYPED_ROUNDS_PER_HOUR: Final = {1: 219, 2: 140, 3: 108, 4: 84, 5: 69, 6: 61, 7: 50}

SHOES: Final = 4  # shoes dealt per number of boxes (seeds 0…3)
QUESTIONS: Final = 300  # questions made per skill to measure the steps one stands for (seeds)


def typed_rounds_per_hour(boxes: int) -> float:
    """The reference for typed dealing at `boxes` boxes (1 to 7): every step at its skill's
    target time (see the module's docstring)."""
    return float(TYPED_ROUNDS_PER_HOUR[min(max(boxes, 1), 7)])


def step_seconds(rules: HouseRules, questions: int = QUESTIONS) -> dict[str, float]:
    """Each skill's target time for one step of deal mode: its target over the steps one of its
    drill questions stands for (the mean over `questions` questions)."""
    from trainer.practice.skills import SKILLS
    from trainer.practice.skills.base import AMOUNTS, DEALER, RESULTS, SEQUENCE

    out: dict[str, float] = {}
    for name, s in SKILLS.items():
        if s.available(rules) is not None:
            continue
        made = [s.make(random.Random(seed), rules) for seed in range(questions)]
        if name == "deal-order":  # the deal's cards, not the play of a round
            made = [q for q in made if q.item.startswith("deal-order:deal")]
        if s.kind in (SEQUENCE, AMOUNTS, RESULTS):
            steps = statistics.mean(len(q.answer) for q in made)
        elif s.kind == DEALER:
            steps = statistics.mean(q.answer[0] + 1 for q in made)  # each draw, then the stand
        else:
            steps = 1.0
        out[name] = s.target / steps
    return out


def steps_per_round(rules: HouseRules, boxes: int, shoes: int = SHOES) -> dict[str, float]:
    """The steps of a round of deal mode at `boxes` boxes, by the skill each is stored as: the
    mean over `shoes` whole shoes dealt right, step by step."""
    from trainer.practice.deal import DealShoe

    counted: Counter[str] = Counter()
    rounds = 0
    for seed in range(shoes):
        shoe = DealShoe(rules, seed=seed, guided=True, boxes=boxes)
        while not shoe.shoe_over:
            shoe.next_round()
            rounds += 1
            while shoe.step is not None:
                counted[shoe.step.skill] += 1
                shoe.answer(shoe.step.expected, 1000)
    return {skill: n / rounds for skill, n in counted.items()}


def derive_typed_rounds_per_hour(
    boxes: int, rules: HouseRules | None = None, shoes: int = SHOES
) -> float:
    """3600 s over a round's steps, each at its skill's step time."""
    rules = rules if rules is not None else HouseRules.from_spec("casino-fr")
    seconds = step_seconds(rules)
    per_round = sum(n * seconds[skill] for skill, n in steps_per_round(rules, boxes, shoes).items())
    return 3600 / per_round


if __name__ == "__main__":
    print({boxes: round(derive_typed_rounds_per_hour(boxes)) for boxes in range(1, 8)})
