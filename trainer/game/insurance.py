"""Insurance: the side bet offered when the dealer shows an Ace [000][001][002][003].

It is placed before any third card is dealt [003] and settled on the dealer's second card: paid
2 to 1 if he makes Black Jack, else collected [000][002][003].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from trainer.game.hand import SEAT, Box
from trainer.game.payout import insurance_max, insurance_win, money
from trainer.game.rules import HouseRules


class Insurance:
    """The insurance bets of one round, kept on their boxes; the round says when they are
    offered, placed and settled, and this class says what may be placed and what each pays."""

    __slots__ = ("rules", "_ev")

    def __init__(self, rules: HouseRules, events: list[dict[str, Any]]) -> None:
        self.rules = rules
        self._ev = events.append

    def insurable(self, boxes: Mapping[int, Box]) -> dict[int, Decimal]:
        """Boxes that may still insure and the most each may put up: half of what the seated
        player (the insurer) bet [003]."""
        return {n: insurance_max(b.bets[SEAT]) for n, b in boxes.items() if b.insurance is None}

    def refusal(self, number: int, b: Box | None, amount: Decimal) -> str | None:
        """Why box `number` may not insure `amount` now, or None if it may."""
        if b is None:
            return f"box {number}: no bet on this box, so nothing to insure"
        if b.insurance is not None:
            return f"box {number}: the box is already insured"
        # [003] each player insures at most half of what he himself bet: the seated player
        # insures the seat's bet, and the insurance is his alone
        top = insurance_max(b.bets[SEAT])
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
            return f"box {number}: insurance must be a positive amount, not {amount}"
        if amount > top:
            return (
                f"box {number}: insurance {money(amount)} is more than half the bet "
                f"({money(top)} at most) [003]"
            )
        return None

    def place(self, b: Box, amount: Decimal) -> None:
        b.insurance = amount
        self._ev({"type": "insure", "box": str(b.number), "amount": money(amount)})

    @staticmethod
    def waiting(boxes: Iterable[Box]) -> bool:
        """Whether an insurance bet still waits for the dealer's second card."""
        return any(b.insurance is not None and b.insurance_net is None for b in boxes)

    def settle(self, boxes: Iterable[Box], dealer_natural: bool) -> None:
        """[000] paid 2 to 1 on a dealer Black Jack, else lost."""
        ev = self._ev
        for b in boxes:
            if b.insurance is None or b.insurance_net is not None:
                continue
            if dealer_natural:
                b.insurance_net = insurance_win(b.insurance)
                ev(
                    {
                        "type": "insurance-paid",
                        "box": str(b.number),
                        "amount": money(b.insurance_net),
                    }
                )
            else:
                b.insurance_net = -b.insurance
                ev(
                    {
                        "type": "insurance-collected",
                        "box": str(b.number),
                        "amount": money(b.insurance),
                    }
                )
