"""The curriculum: every skill a trainee croupier drills, in order of difficulty, with its
title, its target time (median seconds to answer, for mastery) and one line saying what it asks.

Plain data, cheap to import: the home screen lists the curriculum before anything else loads.
The skills themselves (trainer.practice.skills) make and judge the questions.
"""

from __future__ import annotations

from typing import NamedTuple


class SkillInfo(NamedTuple):
    name: str
    title: str
    target: float  # seconds
    blurb: str


CURRICULUM: tuple[SkillInfo, ...] = (
    SkillInfo(
        "announce",
        "Announce the point",
        2.0,
        "Say every point as the dealer does: 14, 6 or 16, 21, Black Jack, bust",
    ),
    SkillInfo(
        "dealer",
        "Dealer's draw",
        3.0,
        "From the up card and the shoe: how many cards you draw, and your final point",
    ),
    SkillInfo(
        "outcome",
        "Outcome of a hand",
        2.5,
        "A box's hands against the dealer's: blackjack, win, push, lose or bust",
    ),
    SkillInfo("pay-even", "Pay even money", 2.0, "A winning bet is paid 1 to 1"),
    SkillInfo(
        "pay-double",
        "Pay a doubled hand",
        2.5,
        "A doubled hand that wins is paid 1 to 1 on the doubled stake",
    ),
    SkillInfo(
        "pay-blackjack", "Pay a Black Jack", 3.0, "A natural is paid 3 to 2: 10 → 15, 25 → 37.5"
    ),
    SkillInfo(
        "pay-insurance",
        "Insurance",
        3.0,
        "Insurance is at most half the bet, and pays 2 to 1 on a dealer Black Jack",
    ),
    SkillInfo(
        "pay-split",
        "Pay split hands",
        4.0,
        "Split hands settled one by one: a split-Ace 21 is paid evens",
    ),
    SkillInfo(
        "pay-behind",
        "Pay behind bets",
        4.0,
        "Standing bettors share their box's result in proportion to their stake",
    ),
    SkillInfo(
        "pay-table",
        "Pay the whole table",
        6.0,
        "A settled table: the total you pay out to the winners",
    ),
    SkillInfo("chips", "Pay in chips", 4.0, "Make a payout with the fewest chips of the table"),
    SkillInfo(
        "deal-order",
        "Deal order",
        4.0,
        "Which boxes get cards, in what order, and when the dealer gets one",
    ),
    SkillInfo(
        "procedure",
        "What next?",
        3.0,
        "At a moment of the round: pay the natural now or later, insurance, who plays next",
    ),
    SkillInfo(
        "exposed-card",
        "Exposed card",
        5.0,
        "A card exposed by mistake: to whom it is offered, in order, and where it ends [003]",
    ),
)

INFO: dict[str, SkillInfo] = {s.name: s for s in CURRICULUM}
TARGETS: dict[str, float] = {s.name: s.target for s in CURRICULUM}
