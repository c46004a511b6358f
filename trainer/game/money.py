"""The money at the table (RULES.md §14, house practice): the banknotes a player buys in with,
how chips are stacked and read, and how a buy-in, a change, a colour-up or a payment from a rack
short of a colour is made up in chips.

The seed texts say nothing of these; everything here is how dealer schools teach them, so every
choice is *house practice*, and where schools differ a setting chooses (`HANDING_WAYS`). The
chip arithmetic itself — the fewest chips, colour for colour — is `trainer.game.payout`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from trainer.game.payout import (
    AS_ASKED,
    FEWEST,
    HANDING_WAYS,
    HOUSE_MIX,
    ZERO,
    ChipError,
    chip_breakdown,
    colour_for_colour,
)
from trainer.game.rules import HouseRules
from trainer.i18n import _, format_amount, ngettext, pgettext

# The euro banknotes a player buys in with, largest first (the 5 to 500 of the ECB's series).
NOTES: tuple[Decimal, ...] = tuple(Decimal(n) for n in (500, 200, 100, 50, 20, 10, 5))

# RULES.md §14: chips are counted in stacks of 5 (cut) or of 20 (a full stack).
CUT = 5
FULL_STACK = 20

# How chips are handed out for a buy-in or a change: HOUSE_MIX (`house_mix`) or AS_ASKED
# (`as_asked`), trainer.game.payout's HANDING_WAYS (read by the settings at start-up).


def makeable(amount: Decimal, chips: Sequence[Decimal]) -> bool:
    """Whether the table's chips can make `amount` at all (a half unit needs a half-unit
    chip)."""
    try:
        chip_breakdown(amount, chips)
    except ChipError:
        return False
    return True


def unit_chip(rules: HouseRules) -> Decimal:
    """The table's betting chip: the chip of its minimum bet (the largest chip not above it),
    the smallest chip where the table has no minimum."""
    chips = sorted(rules.chips)
    if rules.table_min is None:
        return chips[0]
    under = [c for c in chips if c <= rules.table_min]
    return under[-1] if under else chips[0]


def next_colour(unit: Decimal, chips: Sequence[Decimal]) -> Decimal | None:
    """The next colour up from `unit` as a dealer gives it: the smallest chip worth a cut of
    five of them or more (five 5s make a 25; five 1s a 5); None when the table has none."""
    above = sorted(c for c in chips if c >= unit * CUT)
    return above[0] if above else None


def house_mix(amount: Decimal, chips: Sequence[Decimal], unit: Decimal) -> list[Decimal]:
    """`amount` in the house's usual mix, largest first (house practice, chosen): a cut of five
    of the table's betting chip `unit` (as many as go, up to five), then the next colour up
    (`next_colour`) up to a full stack of 20, and what is left in the fewest chips. 300 at a
    table of 5: 5 × 5, then 11 × 25. ChipError when the chips cannot make `amount`."""
    chip_breakdown(amount, chips)  # ChipError first for an amount the table cannot make
    out: list[Decimal] = []
    rest = amount
    n = min(CUT, int(rest // unit))
    out += [unit] * n
    rest -= unit * n
    high = next_colour(unit, chips)
    if high is not None:
        m = min(FULL_STACK, int(rest // high))
        out += [high] * m
        rest -= high * m
    try:
        out += chip_breakdown(rest, chips)
    except ChipError:  # the unit's chips took what the others cannot make: the fewest, whole
        return chip_breakdown(amount, chips)
    return sorted(out, reverse=True)


# A player's request: (denomination, how many) in the order he says them, the last one's count
# None for "the rest in these": "all in 25s" is ((25, None),), "two 100s, the rest in 25s"
# ((100, 2), (25, None)), "3 × 25 + 5 × 5" ((25, 3), (5, 5)).
Request = tuple[tuple[Decimal, int | None], ...]


def as_asked(amount: Decimal, asked: Request) -> list[Decimal]:
    """`amount` as the player asked it, largest first; ChipError when the request does not make
    the amount exactly (such a request is never asked)."""
    out: list[Decimal] = []
    rest = amount
    for chip, count in asked:
        if count is None:
            if rest < 0 or rest % chip:
                raise ChipError(f"{rest} is not a number of {chip}s")
            count = int(rest // chip)
        out += [chip] * count
        rest -= chip * count
    if rest != 0:
        raise ChipError(f"the request leaves {rest}")
    return sorted(out, reverse=True)


def colour_up(given: Sequence[Decimal], chips: Sequence[Decimal]) -> list[Decimal]:
    """A leaving player's chips colour up: the fewest chips of the same total (RULES.md §14)."""
    return chip_breakdown(sum(given, ZERO), chips)


def rack_payment(
    method: str, amount: Decimal, stake: Sequence[Decimal], rack: Sequence[Decimal]
) -> list[Decimal]:
    """`amount` paid from a `rack` that may lack some of the table's colours (a conversion),
    largest first: the fewest chips of the rack, or colour for colour, each stake chip the rack
    lacks taken as its value in the fewest chips the rack holds (a 25 the rack has none of is
    paid 10 10 5 at a table of 1 2 5 10). ChipError when the rack cannot make the amount."""
    if method == FEWEST:
        return chip_breakdown(amount, rack)
    held = set(rack)
    converted: list[Decimal] = []
    for c in stake:
        converted += [c] if c in held else chip_breakdown(c, rack)
    return colour_for_colour(amount, converted, rack)


def stacks_of(chips: Sequence[Decimal]) -> list[tuple[Decimal, int]]:
    """Chips as a dealer stacks them: one colour a stack, full stacks of 20 then the rest, the
    largest colour first."""
    out: list[tuple[Decimal, int]] = []
    for c in sorted(set(chips), reverse=True):
        n = sum(1 for x in chips if x == c)
        while n > 0:
            out.append((c, min(n, FULL_STACK)))
            n -= FULL_STACK
    return out


def chips_in(stacks: Sequence[tuple[Decimal, int]]) -> list[Decimal]:
    """Every chip of `stacks`, largest first."""
    return sorted((c for c, n in stacks for _i in range(n)), reverse=True)


# ---------------------------------------------------------------------------- in words


def amount(value: Decimal) -> str:
    """An amount as a drill writes it in the trainee's language: "37.5", "37,5", "1250"."""
    return format_amount(value, currency="", group=False)


def stack_words(stacks: Sequence[tuple[Decimal, int]], cut: bool) -> str:
    """Stacks in words: "a stack of 20 × 25, cut in fives; a stack of 7 × 5"."""
    out = []
    for chip, n in stacks:
        one = ngettext("a chip of {chip}", "a stack of {count} × {chip}", n).format(
            count=n, chip=amount(chip)
        )
        if cut and n > CUT:
            one = _("{stack}, cut in fives").format(stack=one)
        out.append(one)
    return pgettext("between the parts of a sentence", "; ").join(out)


def notes_words(notes: Sequence[Decimal]) -> str:
    return " ".join(amount(n) for n in notes)


def request_words(asked: Request) -> str:
    """What a player asks for, in his words: "all in 25s, please", "2 × 100, the rest in 25s",
    "3 × 25 + 5 × 5"."""
    if len(asked) == 1 and asked[0][1] is None:
        return _("all in {chip}s, please").format(chip=amount(asked[0][0]))
    if asked[-1][1] is None:
        named = " + ".join(f"{n} × {amount(c)}" for c, n in asked[:-1])
        return _("{chips}, the rest in {chip}s, please").format(
            chips=named, chip=amount(asked[-1][0])
        )
    named = " + ".join(f"{n} × {amount(c)}" for c, n in asked)
    return _("{chips}, please").format(chips=named)


__all__ = [
    "AS_ASKED",
    "CUT",
    "FULL_STACK",
    "HANDING_WAYS",
    "HOUSE_MIX",
    "NOTES",
    "Request",
    "amount",
    "as_asked",
    "chips_in",
    "colour_up",
    "house_mix",
    "makeable",
    "next_colour",
    "notes_words",
    "rack_payment",
    "request_words",
    "stack_words",
    "stacks_of",
    "unit_chip",
]
