"""How many of the money drills' amounts the table could not pay in its chips (issue 27).

    python -m tests.bench.bench_money [--count 2000] [--seed 2027]

For every money skill (RULES.md §14), `--count` questions made from seeded random states,
spread over the presets the skill can be drilled under and over the settings' ways (the fewest
chips or colour for colour; the house's mix or as the player asks), each looked at for:

- *unpayable*: the amount the question turns on (the stack's value, the buy-in, the chip
  changed, the colour-up's total, the payment, the payout of the bet read) cannot be made with
  the table's chips — or, for a conversion, with the chips the rack holds — found by a
  reachability search of its own, not by trainer.game.payout;
- *total not kept*: the right answer's chips do not add up to that amount;
- *off the table*: the right answer holds a chip the table (or the rack) has none of.

Prints the shares (all 0 by issue 27) and the median chips of an answer; no assertion (the
property tests of `tests/trainer/test_money_skills.py` hold them).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Iterable
from decimal import Decimal
from functools import cache
from typing import Any

from trainer.game.payout import CHIP_PAYMENTS
from trainer.game.rules import PRESETS, HouseRules
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import ANNOUNCED_CHIPS, CHIPS, Practice, made

MONEY = ("stack-values", "buy-in", "change", "colour-up", "conversions", "read-pay")
UNPAYABLE = "unpayable"
NOT_KEPT = "total not kept"
OFF_TABLE = "off the table"
KINDS = (UNPAYABLE, NOT_KEPT, OFF_TABLE)
PRACTICES = [
    Practice(chip_payment=pay, buy_in=way, change=way)
    for pay in CHIP_PAYMENTS
    for way in ("house-mix", "as-asked")
]


@cache
def reachable(amount: Decimal, chips: tuple[Decimal, ...]) -> bool:
    """Whether some chips of `chips` add up to `amount` (a search over every amount below it,
    in the chips' smallest step)."""
    step = min([Decimal(1), *(c for c in chips if c != c.to_integral_value())])
    units = amount / step
    if amount <= 0 or units != units.to_integral_value():
        return amount == 0
    n = int(units)
    values = [int(c / step) for c in chips]
    can = [True] + [False] * n
    for a in range(1, n + 1):
        can[a] = any(v <= a and can[a - v] for v in values)
    return can[n]


def chips_of(stacks: Iterable[list[Any]]) -> list[Decimal]:
    return [Decimal(c) for c, n in stacks for _i in range(int(n))]


def looked_at(q: Any, rules: HouseRules) -> tuple[set[str], int]:
    """The faults of one question, and the chips of its right answer."""
    held = tuple(sorted(Decimal(c) for c in q.data.get("rack", q.data["chip_set"])))
    table = tuple(sorted(rules.chips))
    if q.kind == ANNOUNCED_CHIPS:
        amount, chips = q.answer
    elif q.kind == CHIPS:
        chips = list(q.answer)
        amount = Decimal(q.data["amount"])
    else:  # an amount: a stack's value, or a payout read from the chips
        chips = []
        amount = q.answer
    faults = set()
    if not reachable(amount, held if "rack" in q.data else table):
        faults.add(UNPAYABLE)
    if q.skill == "stack-values" and sum(chips_of(q.data["stacks"])) != amount:
        faults.add(NOT_KEPT)
    if chips and sum(chips) != amount:
        faults.add(NOT_KEPT)
    if any(c not in held for c in chips):
        faults.add(OFF_TABLE)
    return faults, len(chips)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--seed", type=int, default=2027)
    args = p.parse_args(argv)
    print(f"{'skill':<14}{'questions':>10}  " + "  ".join(f"{k:>15}" for k in KINDS) + "  chips")
    for name in MONEY:
        rules_list = [
            r
            for r in (HouseRules.preset_named(x) for x in PRESETS)
            if SKILLS[name].available(r) is None
        ]
        counts = Counter[str]()
        sizes = []
        for i in range(args.count):
            rules = rules_list[i % len(rules_list)]
            skill = SKILLS[name].configured(PRACTICES[(i // len(rules_list)) % len(PRACTICES)])
            q = made(skill, random.Random(f"{args.seed}:{name}:{i}"), rules)
            faults, size = looked_at(q, rules)
            counts.update(faults)
            if size:
                sizes.append(size)
        cells = "  ".join(f"{100 * counts[k] / args.count:>14.1f}%" for k in KINDS)
        median = f"{statistics.median(sizes):>5.0f}" if sizes else "    -"
        print(f"{name:<14}{args.count:>10}  {cells}  {median}")
    print("presets: " + ", ".join(PRESETS))


if __name__ == "__main__":
    main()
