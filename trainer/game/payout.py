"""Payout arithmetic in Decimal, and how an amount is paid in chips: the fewest chips, or colour
for colour (in the colours of the stake, as many dealing schools teach).

RULES.md §9: amounts are what the dealer pays on top of the returned stake. A win pays 1 to 1,
a Black Jack 3 to 2 (bet 10 -> 15) [000], insurance 2 to 1 [000][002][003], a split 21 evens
[000][002][003]. An odd bet paid 3 to 2 gives a half unit (25 -> 37.5), paid exactly unless the
table rounds half units *(chosen)*.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_FLOOR, Context, Decimal
from functools import lru_cache

from trainer.game.rules import HouseRules
from trainer.i18n import _

ONE = Decimal(1)
TWO = Decimal(2)
ZERO = Decimal(0)


_WIDE = Context(prec=1000)  # no amount is ever rounded while it is written


def money(d: Decimal) -> str:
    """An amount as the transcript writes it: no exponent, no needless zeros ("37.5", "15",
    "-20")."""
    if not d:
        return "0"
    return format(d.normalize(_WIDE), "f")


# the same few amounts are written again and again in a round's events: remember how they read
money_cached = lru_cache(maxsize=4096)(money)


def money_map(m: Mapping[str, Decimal]) -> dict[str, str]:
    """Each bettor's amount as `money` writes it."""
    # An explicit loop, here and on the round's other hot paths: up to Python 3.11 a
    # comprehension runs as a function of its own, which costs more than the one or two bettors
    # of a hand it loops over (PEP 709 inlines them from 3.12).
    out = {}
    for k, v in m.items():
        out[k] = money_cached(v)
    return out


def blackjack_win(stake: Decimal, rules: HouseRules) -> Decimal:
    """What a natural is paid on `stake`: 3 to 2 by default [000]."""
    win = stake * rules.blackjack_ratio
    if rules.round_half_units:
        win = win.to_integral_value(rounding=ROUND_FLOOR)
    return win


def insurance_max(bet: Decimal) -> Decimal:
    """Half of a bettor's bet: what he insures [000][001][002], or the most he may [003]."""
    return bet / TWO


def insurance_win(insured: Decimal) -> Decimal:
    """[000] insurance pays 2 to 1 when the dealer makes Black Jack."""
    return insured * TWO


class ChipError(ValueError):
    """An amount that the chips of the table cannot make."""


def _units(chips: Sequence[Decimal]) -> tuple[int, Decimal]:
    """The smallest step that expresses every chip, as a Decimal, and its scale."""
    exp = min(int(c.normalize().as_tuple().exponent) for c in chips)
    step = Decimal(1).scaleb(min(exp, 0))
    return min(exp, 0), step


@lru_cache(maxsize=64)
def _greedy_is_optimal(values: tuple[int, ...]) -> bool:
    """Kozen & Zaks: greedy is optimal for every amount iff it is for all below c_n + c_(n-1)."""
    if len(values) < 3:
        return True
    limit = values[0] + values[1]
    best = [0] + [limit] * limit
    for a in range(1, limit):
        best[a] = min((best[a - v] + 1 for v in values if v <= a), default=limit)
        g, rest = 0, a
        for v in values:
            g += rest // v
            rest %= v
        if rest == 0 and g > best[a]:
            return False
    return True


def chip_breakdown(amount: Decimal, chips: Sequence[Decimal]) -> list[Decimal]:
    """The fewest chips that make `amount`, largest first; ChipError if none can."""
    if amount < 0:
        raise ChipError(f"{money(amount)} is negative: a payout is never paid in negative chips")
    if amount == 0:
        return []
    denoms = sorted(set(chips), reverse=True)
    exp, step = _units(denoms)
    scaled = amount / step
    if scaled != scaled.to_integral_value():
        raise ChipError(
            f"{money(amount)} cannot be paid with chips of "
            f"{' '.join(money(c) for c in reversed(denoms))}: "
            f"the smallest chip is {money(denoms[-1])}"
        )
    n = int(scaled)
    values = tuple(int(c / step) for c in denoms)
    # the greedy-optimality test holds for chip sets with a 1-unit chip; others get the search
    if values[-1] == 1 and _greedy_is_optimal(values):
        counts: list[int] = []
        rest = n
        for v in values:
            counts.append(rest // v)
            rest %= v
        if rest:
            raise ChipError(
                f"{money(amount)} cannot be made with chips of "
                f"{' '.join(money(c) for c in reversed(denoms))}"
            )
    else:
        # In an optimal payout fewer than c_max chips are not the largest one (pigeonhole on the
        # prefix sums modulo c_max), so only a bounded remainder needs the exact search.
        top = values[0]
        bound = top * top
        k = max(0, (n - bound) // top)
        rest_amount = n - k * top
        best: list[int | None] = [0] + [None] * rest_amount
        choice = [0] * (rest_amount + 1)
        for a in range(1, rest_amount + 1):
            for v in values:
                if v <= a and best[a - v] is not None:
                    cand = best[a - v] + 1  # type: ignore[operator]
                    if best[a] is None or cand < best[a]:  # type: ignore[operator]
                        best[a] = cand
                        choice[a] = v
        if best[rest_amount] is None:
            raise ChipError(
                f"{money(amount)} cannot be made with chips of "
                f"{' '.join(money(c) for c in reversed(denoms))}"
            )
        tally = dict.fromkeys(values, 0)
        tally[top] += k
        a = rest_amount
        while a:
            tally[choice[a]] += 1
            a -= choice[a]
        counts = [tally[v] for v in values]
    out: list[Decimal] = []
    for c, k2 in zip(denoms, counts, strict=True):
        out.extend([c] * k2)
    return out


# How a payout is made up in chips: the two practices the chips drill teaches.
FEWEST = "fewest"  # the fewest chips the table's set allows
COLOUR_FOR_COLOUR = "colour-for-colour"  # in the colours of the stake where possible
CHIP_PAYMENTS = (FEWEST, COLOUR_FOR_COLOUR)

# How chips are handed out for a buy-in or a change (RULES.md §14, house practice): the house's
# usual mix (trainer.game.money.house_mix), or as the player asks ("all in 25s", "in fives").
# Here, beside the payments, because the settings read them at start-up and money.py is not
# needed before a money drill.
HOUSE_MIX = "house-mix"
AS_ASKED = "as-asked"
HANDING_WAYS = (HOUSE_MIX, AS_ASKED)


def colour_for_colour(
    amount: Decimal, stake: Sequence[Decimal], chips: Sequence[Decimal]
) -> list[Decimal]:
    """`amount` paid in the colours of the `stake` (its chips as they lie on the box), largest
    first: the stake matched chip for chip as many whole times as it goes into the amount (a win
    is the stake again, a doubled win the two stacks again, insurance twice its stake); what is
    left in the stake's own colours, largest first, as far as they go (the half of a Black Jack);
    and only what they cannot make in the fewest chips of the table. ChipError if the table's
    chips cannot make the amount."""
    if amount < 0:
        raise ChipError(f"{money(amount)} is negative: a payout is never paid in negative chips")
    total = sum(stake, ZERO)
    if not stake or total <= 0:
        return chip_breakdown(amount, chips)
    copies = int(amount // total)
    out = sorted(stake, reverse=True) * copies
    rest = amount - total * copies
    colours = sorted(set(stake), reverse=True)
    own: list[Decimal] = []
    left = rest
    for c in colours:
        n = int(left // c)
        own += [c] * n
        left -= c * n
    try:
        tail = chip_breakdown(left, chips)
    except ChipError:
        # the stake's colours took what the table's smallest chips now cannot make: the whole
        # rest in the fewest chips, then (ChipError again if the table cannot make it at all)
        own, tail = [], chip_breakdown(rest, chips)
    return sorted(out + own + tail, reverse=True)


def payment(
    method: str, amount: Decimal, stake: Sequence[Decimal], chips: Sequence[Decimal]
) -> list[Decimal]:
    """`amount` in chips by `method` (FEWEST or COLOUR_FOR_COLOUR), largest first."""
    if method == COLOUR_FOR_COLOUR:
        return colour_for_colour(amount, stake, chips)
    if method == FEWEST:
        return chip_breakdown(amount, chips)
    raise ValueError(
        _("unknown chip payment {method}: expected one of {methods}").format(
            method=repr(method), methods=", ".join(CHIP_PAYMENTS)
        )
    )
