"""How many of the drills' hands a real player would never make (issues 24 and 26).

    python -m tests.bench.bench_hands [--count 2000] [--seed 2024]

For every skill, `--count` questions made from seeded random states, spread over the presets the
skill can be drilled under, each question looked at for a hand no player makes:

- *draw on hard 17+*: a hand on the table (or the announce drill's hand) that took a card while
  it stood on a hard 17 or more, or on 21 — seen in its cards, and in every hit or double the
  round engine was asked for while the question was made;
- *stand on 11 or less*, *stand on soft 12–16*: a stand asked of the engine on such a hand, or
  the announce drill saying "the player stands" on one (nobody stands on a hand one card cannot
  bust).

Then two figures of issue 26: of the exposed-card questions, the share in which a box on a hard
17 or more takes the card; of the behind-bet questions, the share dealt at a table with a free
box ([000] "Si la table est complète, il est possible de jouer debout").

Prints the figures; no assertion (the property test `tests/trainer/test_hands_from_play.py`
holds them at 0).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from trainer.game import round as round_module
from trainer.game.cards import points
from trainer.game.rules import PRESETS, HouseRules
from trainer.practice.skills import SKILLS

DRAW_17 = "draw on hard 17+"
STAND_11 = "stand on 11 or less"
STAND_SOFT = "stand on soft 12-16"
KINDS = (DRAW_17, STAND_11, STAND_SOFT)


def drew_on_hard_17(cards: Sequence[str]) -> bool:
    """Whether a hand took a card while it held a hard 17 or more, or 21 (a split hand's first
    card alone is no hand: its prefixes count from two cards)."""
    for k in range(2, len(cards)):
        low, soft = points(cards[:k])
        if (low >= 17 and not soft) or (soft and low + 10 == 21):
            return True
    return False


def stand_fault(cards: Sequence[str]) -> str | None:
    """What is wrong with standing on `cards`, if anything."""
    low, soft = points(cards)
    best = low + 10 if soft else low
    if best <= 11:
        return STAND_11
    if soft and best <= 16:
        return STAND_SOFT
    return None


class Watch:
    """Every decision the round engine is asked for while it is installed."""

    def __init__(self) -> None:
        self.faults: set[str] = set()
        self._act = round_module.Round.act

    def __enter__(self) -> Watch:
        watch = self
        act = self._act

        def watched(rnd: Any, action: str, *args: Any, **kwargs: Any) -> None:
            h = rnd.current
            if h is not None and len(h.cards) >= 2:
                cards = list(h.cards)
                if action in ("hit", "double") and drew_on_hard_17([*cards, "2"]):
                    watch.faults.add(DRAW_17)
                if action == "stand" and stand_fault(cards):
                    watch.faults.add(stand_fault(cards) or "")
            act(rnd, action, *args, **kwargs)

        round_module.Round.act = watched  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        round_module.Round.act = self._act  # type: ignore[method-assign,assignment]


def faults_of(q: Any, seen: set[str]) -> set[str]:
    """The impossible hands of one question: those the engine was asked for (`seen`), those on
    its table, and the announce drill's own hand."""
    faults = set(seen)
    hands: list[Sequence[str]] = []
    if q.table is not None:
        hands += [h.cards for b in q.table.boxes for h in b.hands]
    if q.skill == "announce":
        hands.append(q.data["cards"])
        if q.data.get("stood"):
            fault = stand_fault(q.data["cards"])
            if fault:
                faults.add(fault)
    if any(drew_on_hard_17(c) for c in hands):
        faults.add(DRAW_17)
    return faults


def presets_for(skill: Any) -> list[HouseRules]:
    return [r for r in (HouseRules.preset_named(p) for p in PRESETS) if skill.available(r) is None]


def exposed_on_17(q: Any) -> bool:
    """Whether a box on a hard 17 or more took the exposed card."""
    taker = q.answer[-1] if q.answer else None
    if taker is None or taker in ("dealer", "burn") or q.table is None:
        return False
    box = next(b for b in q.table.boxes if str(b.number) == taker)
    turn = q.data["turn"]
    hand = next((h for h in box.hands if h.label == turn), box.hands[0])  # a later box's only
    low, soft = points(hand.cards)
    return low >= 17 and not soft


def free_box(q: Any) -> bool:
    """Whether the table of a behind-bet question has a box nobody bet on."""
    return any(not b.bets and not b.collected for b in q.table.boxes)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--seed", type=int, default=2024)
    args = p.parse_args(argv)
    print(f"{'skill':<15}{'questions':>10}  " + "  ".join(f"{k:>20}" for k in KINDS))
    exposed = Counter[str]()
    behind = Counter[str]()
    for name, skill in SKILLS.items():
        presets = presets_for(skill)
        counts = Counter[str]()
        for i in range(args.count):
            rules = presets[i % len(presets)]
            rng = random.Random(f"{args.seed}:{name}:{i}")
            with Watch() as w:
                q = skill.make(rng, rules)
            for fault in faults_of(q, w.faults):
                counts[fault] += 1
            if name == "exposed-card":
                exposed["all"] += 1
                exposed["17"] += exposed_on_17(q)
            if name == "pay-behind":
                behind["all"] += 1
                behind["free"] += free_box(q)
        cells = "  ".join(f"{100 * counts[k] / args.count:>19.1f}%" for k in KINDS)
        print(f"{name:<15}{args.count:>10}  {cells}")
    if exposed["all"]:
        print(
            f"exposed card taken by a box on hard 17+: {exposed['17']} of {exposed['all']} "
            f"({100 * exposed['17'] / exposed['all']:.1f} %)"
        )
    if behind["all"]:
        print(
            f"behind bets at a table with a free box: {behind['free']} of {behind['all']} "
            f"({100 * behind['free'] / behind['all']:.1f} %)"
        )


if __name__ == "__main__":
    main()
