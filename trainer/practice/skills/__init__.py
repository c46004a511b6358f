"""The curriculum: every skill a trainee croupier drills, in order of difficulty.

Each skill makes questions from real engine states under the active house rules and judges the
answers; `SKILLS` is the registry the drills, the statistics and the app read.
"""

from __future__ import annotations

from trainer.practice.skills.base import HOW_TO_ANSWER, Question, Skill, Verdict
from trainer.practice.skills.hands import Announce, DealerDraw, Outcome
from trainer.practice.skills.money import (
    BuyIn,
    Change,
    ColourUp,
    Conversions,
    ReadPay,
    StackValues,
)
from trainer.practice.skills.pay import (
    PayBehind,
    PayBlackjack,
    PayDouble,
    PayEven,
    PayInsurance,
    PaySplit,
    PayTable,
)
from trainer.practice.skills.table import Chips, DealOrder, ExposedCard, Procedure

SKILLS: dict[str, Skill] = {
    s.name: s
    for s in (
        Announce(),
        DealerDraw(),
        Outcome(),
        PayEven(),
        PayDouble(),
        PayBlackjack(),
        PayInsurance(),
        PaySplit(),
        PayBehind(),
        PayTable(),
        Chips(),
        StackValues(),
        BuyIn(),
        Change(),
        ColourUp(),
        Conversions(),
        ReadPay(),
        DealOrder(),
        Procedure(),
        ExposedCard(),
    )
}

from trainer.practice.curriculum import TARGETS  # noqa: E402  (one source for the targets)


class UnknownSkill(KeyError):
    def __str__(self) -> str:
        from trainer.i18n import _

        return _("unknown skill {name}: expected one of {skills}").format(
            name=repr(self.args[0]), skills=", ".join(SKILLS)
        )


def skill(name: str) -> Skill:
    try:
        return SKILLS[name]
    except KeyError:
        raise UnknownSkill(name) from None


__all__ = ["HOW_TO_ANSWER", "SKILLS", "TARGETS", "Question", "Skill", "Verdict", "skill"]
