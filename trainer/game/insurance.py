"""Insurance: the side bet offered when the dealer shows an Ace [000][001][002][003].

Every bettor on a box may insure, standing bettors included ("ogni giocatore" [003]), against his
own stake: exactly half of it in `casino-fr`, `online`, `hole-card` ("la moitié de la mise"
[000][001][002]), at most half in `casino-it` ("non può superare la metà di quanto egli ha
puntato" [003]) — option `insurance_amount`. It is placed before any third card is dealt [003]
and settled on the dealer's second card: paid 2 to 1 if he makes Black Jack, else collected
[000][002][003].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from trainer.game.events import INSURANCE_COLLECTED, INSURANCE_PAID, INSURE, Step
from trainer.game.hand import SEAT, Box
from trainer.game.payout import insurance_max, insurance_win, money
from trainer.game.rules import HouseRules


def _whose(bettor: str) -> str:
    return "the seated player's" if bettor == SEAT else f"{bettor}'s"


class Insurance:
    """The insurance bets of one round, kept on their boxes by bettor; the round says when they
    are offered, placed and settled, and this class says what may be placed and what each pays."""

    __slots__ = ("rules", "_steps")

    def __init__(self, rules: HouseRules, steps: list[Step]) -> None:
        self.rules = rules
        self._steps = steps

    def insurable(self, boxes: Mapping[int, Box]) -> dict[int, dict[str, Decimal]]:
        """By box, the bettors who may still insure and the amount: half of the bettor's own bet,
        exactly or at most as the table says (`insurance_amount`)."""
        out: dict[int, dict[str, Decimal]] = {}
        for n, b in boxes.items():
            free = {k: insurance_max(v) for k, v in b.bets.items() if k not in b.insured}
            if free:
                out[n] = free
        return out

    def refusal(self, number: int, b: Box | None, bettor: str, amount: Decimal) -> str | None:
        """Why `bettor` on box `number` may not insure `amount` now, or None if he may."""
        if b is None:
            return f"box {number}: no bet on this box, so nothing to insure"
        if bettor not in b.bets:
            return f"box {number}: {bettor} has no bet on this box, so nothing to insure"
        if bettor in b.insured:
            return f"box {number}: {_whose(bettor)} bet is already insured"
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
            return f"box {number}: insurance must be a positive amount, not {amount}"
        half = insurance_max(b.bets[bettor])
        if self.rules.insurance_amount == "half" and amount != half:
            # [000] "une mise spéciale de la moitié de la mise de la case"; [001][002]
            return (
                f"box {number}: insurance is half the bet, so {_whose(bettor)} is "
                f"{money(half)}, not {money(amount)} [000]"
            )
        if amount > half:
            # [003] "non può superare la metà di quanto egli ha puntato"
            return (
                f"box {number}: insurance {money(amount)} is more than half "
                f"{_whose(bettor)} bet ({money(half)} at most) [003]"
            )
        return None

    def place(self, b: Box, bettor: str, amount: Decimal) -> None:
        b.insured = {**b.insured, bettor: amount}  # a box starts with hand.NOTHING
        self._steps.append((INSURE, str(b.number), bettor, amount))

    @staticmethod
    def waiting(boxes: Iterable[Box]) -> bool:
        """Whether an insurance bet still waits for the dealer's second card."""
        return any(b.insured and not b.insurance_nets for b in boxes)

    def settle(
        self, boxes: Iterable[Box], dealer_natural: bool, balance: dict[str, Decimal]
    ) -> None:
        """[000] paid 2 to 1 on a dealer Black Jack, else lost; bettor by bettor, each net
        added to `balance`, the round's running nets by bettor."""
        add = self._steps.append
        for b in boxes:
            if not b.insured or b.insurance_nets:
                continue
            nets: dict[str, Decimal] = {}
            b.insurance_nets = nets  # in place of hand.NOTHING
            box = str(b.number)
            for bettor, insured in b.insured.items():
                if dealer_natural:
                    n = nets[bettor] = insurance_win(insured)
                    add((INSURANCE_PAID, box, bettor, n))
                else:
                    n = nets[bettor] = -insured
                    add((INSURANCE_COLLECTED, box, bettor, insured))
                balance[bettor] = balance[bettor] + n if bettor in balance else n
