"""Helpers shared by the round tests: a round from literal bets and cards, a hand by its label,
and playing hands out by their labels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from trainer.game.round import Hand, Round
from trainer.game.rules import HouseRules
from trainer.game.shoe import ScriptedCards

D = Decimal
Bets = Mapping[int, int | str | Mapping[str, int | str]]


def new_round(
    rules: str | Mapping[str, Any],
    bets: Bets,
    cards: list[str],
    *,
    deal: bool = True,
    on_burn: Callable[[str], None] | None = None,
) -> Round:
    """A round with `bets` placed ({box: amount} or {box: {bettor: amount}}), dealt from `cards`."""
    rnd = Round(HouseRules.from_spec(rules), ScriptedCards(cards), on_burn=on_burn)
    for box, bet in bets.items():
        by_bettor = bet if isinstance(bet, Mapping) else {"seat": bet}
        for bettor, amount in by_bettor.items():
            rnd.bet(box, bettor, D(amount))
    if deal:
        rnd.deal()
    return rnd


def hand(rnd: Round, label: str) -> Hand:
    return next(h for h in rnd.hands() if h.label == label)
