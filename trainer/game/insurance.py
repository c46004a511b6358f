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
from trainer.game.payout import insurance_max, insurance_win
from trainer.game.reasons import Amount, Bettor, Reason
from trainer.game.rules import HouseRules
from trainer.i18n import N_


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

    def refusal(self, number: int, b: Box | None, bettor: str, amount: Decimal) -> Reason | None:
        """Why `bettor` on box `number` may not insure `amount` now, or None if he may."""
        if b is None:
            return Reason(N_("box {box}: no bet on this box, so nothing to insure"), box=number)
        who = Bettor(bettor)
        seated = bettor == SEAT
        if bettor not in b.bets:
            return Reason(
                N_("box {box}: {bettor} has no bet on this box, so nothing to insure"),
                box=number,
                bettor=who,
            )
        if bettor in b.insured:
            if seated:
                return Reason(
                    N_("box {box}: the seated player's bet is already insured"), box=number
                )
            return Reason(
                N_("box {box}: {bettor}'s bet is already insured"), box=number, bettor=who
            )
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
            return Reason(
                N_("box {box}: insurance must be a positive amount, not {amount}"),
                box=number,
                amount=str(amount),
            )
        half = insurance_max(b.bets[bettor])
        if self.rules.insurance_amount == "half" and amount != half:
            # [000] "une mise spéciale de la moitié de la mise de la case"; [001][002]
            if seated:
                why = N_(
                    "box {box}: insurance is half the bet, so the seated player's is {half}, not "
                    "{amount} [000]"
                )
            else:
                why = N_(
                    "box {box}: insurance is half the bet, so {bettor}'s is {half}, not {amount} "
                    "[000]"
                )
        elif amount > half:
            # [003] "non può superare la metà di quanto egli ha puntato"
            if seated:
                why = N_(
                    "box {box}: insurance {amount} is more than half the seated player's bet "
                    "({half} at most) [003]"
                )
            else:
                why = N_(
                    "box {box}: insurance {amount} is more than half {bettor}'s bet ({half} at "
                    "most) [003]"
                )
        else:
            return None
        return Reason(why, box=number, bettor=who, half=Amount(half), amount=Amount(amount))

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
