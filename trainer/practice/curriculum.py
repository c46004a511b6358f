"""The curriculum: every skill a trainee croupier drills, in order of difficulty, with its
title, its target time (median seconds to answer, for mastery) and one line saying what it asks.

Plain data, cheap to import: the home screen lists the curriculum before anything else loads.
The skills themselves (trainer.practice.skills) make and judge the questions.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from trainer.i18n import N_, _


class SkillInfo(NamedTuple):
    name: str
    english_title: str
    target: float  # seconds
    english_blurb: str

    @property
    def title(self) -> str:
        """The title in the trainee's language."""
        return _(self.english_title)

    @property
    def blurb(self) -> str:
        """What the skill asks, in one line, in the trainee's language."""
        return _(self.english_blurb)

    def blurb_for(self, chip_payment: str | None = None) -> str:
        """What the skill asks as the settings have it: *Pay in chips* the school's way of
        making up a payment (`chip_payment`, trainer.game.payout's FEWEST or COLOUR_FOR_COLOUR)."""
        if self.name == "chips" and chip_payment in CHIP_BLURBS:
            return _(CHIP_BLURBS[chip_payment])
        return self.blurb


# *Pay in chips* when the school pays otherwise than with the fewest chips, by the setting's value
# (trainer.game.payout.COLOUR_FOR_COLOUR; plain strings here: the curriculum stays cheap to import)
CHIP_BLURBS: dict[str, str] = {
    "colour-for-colour": N_(
        "Make a payout colour for colour: in the stake's colours where it can be"
    ),
}


CURRICULUM: tuple[SkillInfo, ...] = (
    SkillInfo(
        "announce",
        N_("Announce the point"),
        2.0,
        N_("Say every point as the dealer does: 14, 6 or 16, 21, Black Jack, bust"),
    ),
    SkillInfo(
        "dealer",
        N_("Dealer's draw"),
        3.0,
        N_("From the up card and the shoe: how many cards you draw, and your final point"),
    ),
    SkillInfo(
        "outcome",
        N_("Outcome of a hand"),
        2.5,
        N_("A box's hands against the dealer's: blackjack, win, push, lose or bust"),
    ),
    SkillInfo("pay-even", N_("Pay even money"), 2.0, N_("A winning bet is paid 1 to 1")),
    SkillInfo(
        "pay-double",
        N_("Pay a doubled hand"),
        2.5,
        N_("A doubled hand that wins is paid 1 to 1 on the doubled stake"),
    ),
    SkillInfo(
        "pay-blackjack",
        N_("Pay a Black Jack"),
        3.0,
        N_("A natural is paid 3 to 2: 10 → 15, 25 → 37.5"),
    ),
    SkillInfo(
        "pay-insurance",
        N_("Insurance"),
        3.0,
        N_("Insurance is at most half the bet, and pays 2 to 1 on a dealer Black Jack"),
    ),
    SkillInfo(
        "pay-split",
        N_("Pay split hands"),
        4.0,
        N_("Split hands settled one by one: a split-Ace 21 is paid evens"),
    ),
    SkillInfo(
        "pay-behind",
        N_("Pay behind bets"),
        4.0,
        N_("Standing bettors share their box's result in proportion to their stake"),
    ),
    SkillInfo(
        "pay-table",
        N_("Pay the whole table"),
        6.0,
        N_("A settled table: the total you pay out to the winners"),
    ),
    SkillInfo(
        "chips", N_("Pay in chips"), 4.0, N_("Make a payout with the fewest chips of the table")
    ),
    SkillInfo(
        "stack-values",
        N_("Stack values"),
        2.5,
        N_("A stack's value read at a glance: 20 chips of 25 are 500, cut in fives or not"),
    ),
    SkillInfo(
        "buy-in",
        N_("Buy-in"),
        8.0,
        N_("Count a player's notes, announce the amount, give the chips the house's way"),
    ),
    SkillInfo(
        "change",
        N_("Change"),
        5.0,
        N_("Break a player's chip into smaller ones, as he asks or in the house's mix"),
    ),
    SkillInfo(
        "colour-up",
        N_("Colour-up"),
        8.0,
        N_("A leaving player's chips: count, announce, give the fewest chips of that total"),
    ),
    SkillInfo(
        "conversions",
        N_("Conversions"),
        5.0,
        N_("Pay from a rack short of the stake's colour, or on a mixed stake"),
    ),
    SkillInfo(
        "read-pay",
        N_("Read the bet and pay"),
        3.5,
        N_("The stake shown only in chips: read it, pay 1 to 1, 3 to 2, insurance or a split"),
    ),
    SkillInfo(
        "deal-order",
        N_("Deal order"),
        4.0,
        N_("Which boxes get cards, in what order, and when the dealer gets one"),
    ),
    SkillInfo(
        "procedure",
        N_("What next?"),
        3.0,
        N_("At a moment of the round: pay the natural now or later, insurance, who plays next"),
    ),
    SkillInfo(
        "exposed-card",
        N_("Exposed card"),
        5.0,
        N_("A card exposed by mistake: to whom it is offered, in order, and where it ends [003]"),
    ),
)

INFO: dict[str, SkillInfo] = {s.name: s for s in CURRICULUM}

# Skills recorded by a page of their own, not drilled (home does not list them, readiness does
# not ask for them), titled like any other wherever the history shows them.
OTHER_TITLES: dict[str, str] = {
    "home-score": N_("Home game score sheet"),  # trainer.practice.home_score
}
TARGETS: dict[str, float] = {s.name: s.target for s in CURRICULUM}

ALL_SKILLS: Final = "*"  # the timeline of every skill at once (no skill is named so)


def skill_title(skill: str) -> str:
    """The skill's title for people ("Announce the point"), or its name if unknown."""
    if skill == ALL_SKILLS:
        return _("All skills")
    known = INFO.get(skill)  # every drilled skill's (`Skill.title` reads it there too)
    if known is not None:
        return known.title
    return _(OTHER_TITLES[skill]) if skill in OTHER_TITLES else skill
