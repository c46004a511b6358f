"""Skills about the money at the table (RULES.md §14, house practice): reading stacks, buy-ins,
change, colour-ups, payments from a rack short of a colour, and a bet read from its chips and
paid.

What lies on the felt is a `MoneyView` on the question's table, and the same in the question's
plain data: "stacks" ([denomination, count] per stack, in the view's order), "notes" (largest
first), "rack" (the tray's chips where it lacks some of the table's), "amount" where the trainee
is told it, "cut". The chip arithmetic is `trainer.game.payout`'s and `trainer.game.money`'s.
Amounts the table's chips cannot make are never asked; the money is never handed over at a
table whose software deals (online [002]), and a family game buys in with no banknotes [004].

Long, and one thing: the six skills of RULES.md §14 and the verdict they share (what was wrong:
the amount announced, the chips' total or their make-up).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from trainer.game.money import (
    AS_ASKED,
    CUT,
    FULL_STACK,
    HOUSE_MIX,
    NOTES,
    Request,
    as_asked,
    house_mix,
    makeable,
    next_colour,
    notes_words,
    rack_payment,
    request_words,
    stack_words,
    stacks_of,
    unit_chip,
)
from trainer.game.payout import (
    COLOUR_FOR_COLOUR,
    FEWEST,
    ZERO,
    ChipError,
    blackjack_win,
    chip_breakdown,
    money,
)
from trainer.game.round import SEAT, WIN
from trainer.game.rulebook import chapter
from trainer.game.rules import HouseRules
from trainer.game.table import BoxView, MoneyView, TableView
from trainer.i18n import N_, _, ngettext
from trainer.practice.skills.base import (
    AMOUNT,
    ANNOUNCED_CHIPS,
    CHIPS,
    Practice,
    Question,
    Skill,
    Unmade,
    Verdict,
    amount,
    amount_of,
    bet_steps,
    chips_text,
    read,
    show,
    tries,
)
from trainer.practice.skills.hands import _on_felt, _random_round
from trainer.practice.skills.pay import (
    BLACKJACK_PAID,
    INSURANCE_PAID,
    WIN_PAID,
    round_paying,
)

# ---------------------------------------------------------------------------- the table's money


def hands_money(rules: HouseRules) -> str | None:
    """Why no money is handed over the felt at this table, None where it is: a table whose
    software deals every hand [002] keeps the players' balance itself."""
    if not rules.dealt_by_hand:
        return _("at a table dealt by software the balance is kept by it, no money is handed over")
    return None


def chip_set(rules: HouseRules) -> list[str]:
    return [money(c) for c in sorted(rules.chips)]


def _asked_data(asked: Request) -> list[list[Any]]:
    return [[money(c), n] for c, n in asked]


def _stacks_data(stacks: Sequence[tuple[Decimal, int]]) -> list[list[Any]]:
    return [[money(c), n] for c, n in stacks]


def _money_table(rules: HouseRules, view: MoneyView) -> TableView:
    boxes = tuple(BoxView(n) for n in range(1, rules.boxes + 1))
    return TableView(boxes, highlights=(str(view.box),), money=view)


def _fewest_right(value: Sequence[Decimal], answer: Sequence[Decimal]) -> bool:
    """The fewest chips: any make-up of the same total and as few chips (a table's set may have
    more than one)."""
    return sum(value, ZERO) == sum(answer, ZERO) and len(value) == len(answer)


def _house_how(rules: HouseRules) -> str:
    unit = unit_chip(rules)
    high = next_colour(unit, rules.chips)
    if high is None:
        return _("the house's mix: a cut of five {unit}s, the rest in the fewest chips").format(
            unit=amount(unit)
        )
    return _(
        "the house's mix: a cut of five {unit}s, then {high}s up to a stack of 20, the rest in "
        "the fewest chips"
    ).format(unit=amount(unit), high=amount(high))


class _MoneySkill(Skill):
    """A money skill's verdict says what was wrong: the amount announced, the chips' total, or
    their make-up (not the house's way)."""

    # how the chips are judged: "exact" (the very chips, in any order) or "fewest"
    judged = "exact"

    def chips_right(self, q: Question, chips: Sequence[Decimal], answer: Sequence[Decimal]) -> bool:
        rack = q.data.get("rack")
        if rack is not None and any(money(c) not in rack for c in chips):
            return False  # a chip the rack has none of
        if self.judged == "fewest":
            return _fewest_right(chips, answer)
        return sorted(chips) == sorted(answer)

    def way_words(self, q: Question) -> str:
        """What the chips should have been, in a few words: "the house's mix"."""
        return _("the fewest chips") if self.judged == "fewest" else _("what was asked")

    def _chips_note(self, q: Question, chips: Sequence[Decimal], total: Decimal) -> str:
        given = sum(chips, ZERO)
        if self.chips_right(q, chips, self._chips_answer(q)):
            return _("The chips are right.")
        if given != total:
            return _("The chips make {given}, not {total}.").format(
                given=amount(given), total=amount(total)
            )
        rack = q.data.get("rack")
        if rack is not None and any(money(c) not in rack for c in chips):
            return _("The chips make {total}, but your rack has none of some of them.").format(
                total=amount(total)
            )
        return _("The chips make {total}, but not as {way}.").format(
            total=amount(total), way=self.way_words(q)
        )

    def _chips_answer(self, q: Question) -> Sequence[Decimal]:
        return q.answer[1] if q.kind == ANNOUNCED_CHIPS else q.answer

    def same(self, q: Question, value: Any) -> bool:
        if q.kind == ANNOUNCED_CHIPS:
            said, chips = value
            return bool(said == q.answer[0]) and self.chips_right(q, chips, q.answer[1])
        if q.kind == CHIPS:
            return self.chips_right(q, value, q.answer)
        return bool(value == q.answer)

    def check(self, q: Question, raw: str) -> Verdict:
        value = read(q.kind, raw, q)
        correct = self.same(q, value)
        # chips written back as the right answer writes them: a run of one colour as a count
        given = chips_text(value) if q.kind == CHIPS else show(q.kind, value, q)
        if q.kind == ANNOUNCED_CHIPS:
            said, chips = value
            total = q.answer[0]
            said_right = bool(said == total)
            chips_right = self.chips_right(q, chips, q.answer[1])
            if said_right:
                first = _("The amount announced, {amount}, is right.").format(amount=amount(total))
            else:
                first = _("The amount announced is wrong: {said}, not {amount}.").format(
                    said=amount(said), amount=amount(total)
                )
            note = f"{first} {self._chips_note(q, chips, total)}"
            parts = (("amount", said_right), ("chips", chips_right))
            return Verdict(correct, given, q.expected, q.reason, parts, note)
        if q.kind == CHIPS and not correct:
            total = sum(q.answer, ZERO)
            note = self._chips_note(q, value, total)
            return Verdict(correct, given, q.expected, q.reason, (("chips", False),), note)
        return Verdict(correct, given, q.expected, q.reason)


# ---------------------------------------------------------------------------- stack values

# how many chips a question's stacks hold at most: three full stacks
_MOST_CHIPS = 3 * FULL_STACK


class StackValues(_MoneySkill):
    """A stack, or a few, of one colour: its value read at a glance (RULES.md §14: a full stack
    is 20 chips, a cut 5; read by its height, not chip by chip)."""

    name = "stack-values"
    kind = AMOUNT

    def aim_of(self, key: str, rules: HouseRules) -> tuple[Decimal, int] | None:
        """ "20x25": twenty chips of 25."""
        count, sep, chip = key.partition("x")
        value = amount_of(chip)
        if not sep or value not in rules.chips or not count.isdigit():
            return None
        n = int(count)
        return (value, n) if 1 <= n <= _MOST_CHIPS else None

    def make_on(
        self, rng: random.Random, rules: HouseRules, aim: tuple[Decimal, int] | None
    ) -> Question:
        if aim is None:
            chip = rng.choice(sorted(rules.chips))
            # a full stack, a cut stack, or several: the heights a dealer reads most
            n = rng.choice(
                (
                    FULL_STACK,
                    rng.randrange(CUT, FULL_STACK + 1, CUT),
                    rng.randint(2, FULL_STACK),
                    rng.randint(FULL_STACK + 1, _MOST_CHIPS),
                )
            )
        else:
            chip, n = aim
        cut = rng.random() < 0.6
        stacks = stacks_of([chip] * n)
        value = chip * n
        box = rng.randint(1, rules.boxes)
        view = MoneyView(box, stacks=tuple(stacks), cut=cut)
        return Question(
            self.name,
            f"{self.name}:{n}x{money(chip)}",
            ngettext(
                "What is the stack in front of box {box} worth?",
                "What are the stacks in front of box {box} worth?",
                len(stacks),
            ).format(box=box),
            {"chip_set": chip_set(rules), "stacks": _stacks_data(stacks), "cut": cut, "box": box},
            self.kind,
            value,
            amount(value),
            _(
                "{count} × {chip} = {value}: {stacks}; a full stack is 20 chips, a cut 5 ({rules}, "
                "house practice)"
            ).format(
                rules=chapter(14),
                count=n,
                chip=amount(chip),
                value=amount(value),
                stacks=stack_words(stacks, cut),
            ),
            table=_money_table(rules, view),
        )


# ---------------------------------------------------------------------------- buy-in

# the buy-ins players make, in notes: the amounts a dealer counts most
_BUY_INS = tuple(
    Decimal(a)
    for a in (20, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 750, 1000)
)
_MOST_NOTES = 10
_MOST_ASKED = 40  # no player asks for more chips than that


def _notes_for(rng: random.Random, total: Decimal) -> list[Decimal]:
    """Banknotes a player may put down for `total`, largest first: each note one of the three
    largest that still fit, as a wallet holds them."""
    while True:
        out: list[Decimal] = []
        rest = total
        while rest > 0:
            fit = [n for n in NOTES if n <= rest][:3]
            note = rng.choice(fit)
            out.append(note)
            rest -= note
        if len(out) <= _MOST_NOTES:
            return sorted(out, reverse=True)


def _requests(
    total: Decimal,
    chips: Sequence[Decimal],
    unit: Decimal,
    *,
    but: Decimal | None = None,
    exact: bool = False,
) -> list[Request]:
    """What a player may ask for `total` in the table's chips, none of them `but` (the chip he
    changes) nor below the table's betting chip, in no more than 40 chips: all in one colour, or
    a few of a higher one and the rest in a lower; `exact` adds a whole make-up named
    ("3 × 25 + 5 × 5")."""
    colours = sorted(c for c in chips if c >= unit and c != but and c < total)
    out: list[Request] = []
    for c in colours:
        if total % c == 0 and total / c <= _MOST_ASKED:
            out.append(((c, None),))
    for hi in colours:
        for lo in colours:
            if lo >= hi:
                continue
            for n in range(1, min(FULL_STACK, int(total // hi)) + 1):
                rest = total - hi * n
                if rest <= 0 or rest % lo or n + rest / lo > _MOST_ASKED:
                    continue
                out.append(((hi, n), (lo, None)))
                if exact:
                    out.append(((hi, n), (lo, int(rest / lo))))
    return out


class _Handing(_MoneySkill):
    """A skill whose chips are handed out the house's way or as the player asks (the settings'
    `buy_in` or `change`, trainer.game.money's HOUSE_MIX or AS_ASKED)."""

    setting = "buy_in"

    def __init__(self, way: str = HOUSE_MIX) -> None:
        Practice(**{self.setting: way})  # refuses an unknown way
        self.way = way

    def configured(self, practice: Practice) -> Skill:
        way = getattr(practice, self.setting)
        return self if way == self.way else type(self)(way)

    def way_words(self, q: Question) -> str:
        if q.data.get("way") == HOUSE_MIX:
            return _("the house's mix")
        return _("the player asked")

    def can_hand(self, rules: HouseRules, total: Decimal, but: Decimal | None = None) -> bool:
        """Whether `total` can be handed this way at this table (`handed` then never fails)."""
        unit = unit_chip(rules)
        if self.way == HOUSE_MIX:
            try:
                return but not in house_mix(total, rules.chips, unit)
            except ChipError:
                return False
        return bool(_requests(total, rules.chips, unit, but=but, exact=but is not None))

    def handed(
        self, rng: random.Random, rules: HouseRules, total: Decimal, but: Decimal | None = None
    ) -> tuple[list[Decimal], Request | None]:
        """The chips `total` is given in, and the player's request (None for the house's mix);
        ChipError when this total cannot be handed this way."""
        unit = unit_chip(rules)
        if self.way == HOUSE_MIX:
            chips = house_mix(total, rules.chips, unit)
            if but is not None and but in chips:
                raise ChipError("the house's mix gives the chip back")
            return chips, None
        asked = _requests(total, rules.chips, unit, but=but, exact=but is not None)
        if not asked:
            raise ChipError(f"nothing to ask for {total}")
        request = rng.choice(asked)
        return as_asked(total, request), request


class BuyIn(_Handing):
    """A player buys in with notes: the dealer counts them, announces the amount, and gives the
    chips the house's way or as the player asks (RULES.md §14)."""

    name = "buy-in"
    kind = ANNOUNCED_CHIPS
    setting = "buy_in"

    def available(self, rules: HouseRules) -> str | None:
        why = hands_money(rules)
        if why is None and rules.table_min is None:
            why = _("a family game buys in with no banknotes: everyone starts with the same chips")
            why += " [004]"
        if why is None and not self._amounts(rules):
            why = _("the table's chips cannot give a buy-in this way")
        return why

    def _amounts(self, rules: HouseRules) -> list[Decimal]:
        """The buy-ins asked: at least the table's minimum, each one the table's chips can give
        this way."""
        lo = rules.table_min or Decimal(1)
        return [a for a in _BUY_INS if a >= lo and self.can_hand(rules, a)]

    def aim_of(self, key: str, rules: HouseRules) -> Decimal | None:
        total = amount_of(key)
        return total if total in self._amounts(rules) else None

    def make_on(self, rng: random.Random, rules: HouseRules, aim: Decimal | None) -> Question:
        for _turn in tries(aim):
            total = rng.choice(self._amounts(rules)) if aim is None else aim
            try:
                chips, request = self.handed(rng, rules, total)
            except ChipError:
                continue
            break
        else:
            raise Unmade(aim)
        notes = _notes_for(rng, total)
        box = rng.randint(1, rules.boxes)
        said = _("chips, please") if request is None else request_words(request)
        view = MoneyView(box, notes=tuple(notes), said=said)
        if request is None:
            prompt = _(
                "Box {box} buys in. Count the notes, announce the amount, and give the chips in "
                "the house's mix."
            )
            how = _house_how(rules)
        else:
            prompt = _(
                "Box {box} buys in. Count the notes, announce the amount, and give the chips as "
                "the player asks."
            )
            how = _("as the player asks: {said}").format(said=said)
        data: dict[str, Any] = {
            "chip_set": chip_set(rules),
            "notes": [money(n) for n in notes],
            "box": box,
            "way": self.way,
        }
        if request is not None:
            data["asked"] = _asked_data(request)
        return Question(
            self.name,
            f"{self.name}:{money(total)}",
            prompt.format(box=box),
            data,
            self.kind,
            (total, chips),
            f"{amount(total)}: {chips_text(chips)}",
            _(
                "the notes {notes} make {amount}, announced before any chip is given; {how}: "
                "{chips} ({rules}, house practice chosen in the settings)"
            ).format(
                rules=chapter(14),
                notes=notes_words(notes),
                amount=amount(total),
                how=how,
                chips=chips_text(chips),
            ),
            table=_money_table(rules, view),
        )


# ---------------------------------------------------------------------------- change


class Change(_Handing):
    """A player's high chip broken into lower ones, as he asks or in the house's mix; the high
    chip goes into the rack (RULES.md §14)."""

    name = "change"
    kind = CHIPS
    setting = "change"

    def __init__(self, way: str = AS_ASKED) -> None:
        super().__init__(way)

    def available(self, rules: HouseRules) -> str | None:
        why = hands_money(rules)
        if why is None and not self._chips(rules):
            why = _("the table has no chip worth changing into its smaller ones")
        return why

    def _chips(self, rules: HouseRules) -> list[Decimal]:
        """The chips changed: above the table's betting chip, each one the table's smaller chips
        can give this way."""
        unit = unit_chip(rules)
        return [c for c in sorted(rules.chips) if c > unit and self.can_hand(rules, c, but=c)]

    def aim_of(self, key: str, rules: HouseRules) -> Decimal | None:
        chip = amount_of(key)
        return chip if chip in self._chips(rules) else None

    def make_on(self, rng: random.Random, rules: HouseRules, aim: Decimal | None) -> Question:
        for _turn in tries(aim):
            chip = rng.choice(self._chips(rules)) if aim is None else aim
            # a few chips of a small colour at once, a high one alone
            count = 1 if chip >= 100 or rng.random() < 0.7 else rng.randint(2, 4)
            total = chip * count
            try:
                chips, request = self.handed(rng, rules, total, but=chip)
            except ChipError:
                continue
            break
        else:
            raise Unmade(aim)
        box = rng.randint(1, rules.boxes)
        stacks = [(chip, count)]
        said = _("change, please") if request is None else request_words(request)
        view = MoneyView(box, stacks=tuple(stacks), cut=False, said=said)
        if request is None:
            prompt = _("Box {box} asks for change of {amount}: give it in the house's mix.")
            how = _house_how(rules)
        else:
            prompt = _("Box {box} asks for change of {amount}: give it as the player asks.")
            how = _("as the player asks: {said}").format(said=said)
        data: dict[str, Any] = {
            "chip_set": chip_set(rules),
            "stacks": _stacks_data(stacks),
            "amount": money(total),
            "cut": False,
            "box": box,
            "way": self.way,
        }
        if request is not None:
            data["asked"] = _asked_data(request)
        return Question(
            self.name,
            f"{self.name}:{money(chip)}",
            prompt.format(box=box, amount=amount(total)),
            data,
            self.kind,
            chips,
            chips_text(chips),
            _(
                "{given} changed {how}: {chips} = {amount}; the chip changed goes into the rack "
                "({rules}, house practice chosen in the settings)"
            ).format(
                rules=chapter(14),
                given=chips_text([chip] * count),
                how=how,
                chips=chips_text(chips),
                amount=amount(total),
            ),
            table=_money_table(rules, view),
        )


# ---------------------------------------------------------------------------- colour-up

_MOST_COLOUR_UP = Decimal(3000)


class ColourUp(_MoneySkill):
    """A leaving player's chips, several colours, counted in stacks, announced, and exchanged for
    the fewest chips of the same total (RULES.md §14)."""

    name = "colour-up"
    kind = ANNOUNCED_CHIPS
    judged = "fewest"

    def available(self, rules: HouseRules) -> str | None:
        why = hands_money(rules)
        if why is None and not self._small(rules):
            why = _("the table's chips are too far apart for a player's chips to colour up")
        return why

    def _small(self, rules: HouseRules) -> list[Decimal]:
        """The colours a player leaves with: each one whose next colour up is worth no more than
        a handful of them (25), so that a player's stack of it colours up."""
        chips = sorted(rules.chips)
        return [a for a, b in zip(chips, chips[1:], strict=False) if b <= a * 25]

    def aim_of(self, key: str, rules: HouseRules) -> Decimal | None:
        total = amount_of(key)
        if total is None or total > _MOST_COLOUR_UP or not makeable(total, rules.chips):
            return None
        return total

    def _given(self, rng: random.Random, rules: HouseRules, total: Decimal | None) -> list[Decimal]:
        small = self._small(rules)
        colours = sorted(rng.sample(small, min(len(small), rng.randint(2, 4))), reverse=True)
        given: list[Decimal] = []
        if total is None:
            for c in colours:
                given += [c] * rng.randint(1, 25)
            return given
        rest = total
        for i, c in enumerate(colours):
            last = i == len(colours) - 1
            n = int(rest // c) if last else rng.randint(0, min(25, int(rest // c)))
            given += [c] * n
            rest -= c * n
        if rest:
            given += chip_breakdown(rest, small or rules.chips)
        return given

    def make_on(self, rng: random.Random, rules: HouseRules, aim: Decimal | None) -> Question:
        for _turn in tries(aim):
            try:
                given = self._given(rng, rules, aim)
            except ChipError:
                continue
            total = sum(given, ZERO)
            if total > _MOST_COLOUR_UP or len(given) > 3 * _MOST_CHIPS:
                continue
            fewest = chip_breakdown(total, rules.chips)
            if len(fewest) < len(given):  # a colour-up that changes the chips
                break
        else:
            raise Unmade(aim)
        cut = rng.random() < 0.6
        stacks = stacks_of(given)
        box = rng.randint(1, rules.boxes)
        view = MoneyView(box, stacks=tuple(stacks), cut=cut, said=_("colouring up"))
        return Question(
            self.name,
            f"{self.name}:{money(total)}",
            _(
                "Box {box} is leaving and colours up. Count the chips, announce the amount, and "
                "give the fewest chips of that total."
            ).format(box=box),
            {
                "chip_set": chip_set(rules),
                "stacks": _stacks_data(stacks),
                "cut": cut,
                "box": box,
            },
            self.kind,
            (total, fewest),
            f"{amount(total)}: {chips_text(fewest)}",
            _(
                "{given} make {amount}, announced before the chips are handed over; the fewest "
                "chips of that total: {chips} ({rules}, house practice; a partial colour-up "
                "needs the floor)"
            ).format(
                rules=chapter(14),
                given=chips_text(given),
                amount=amount(total),
                chips=chips_text(fewest),
            ),
            table=_money_table(rules, view),
        )


# ---------------------------------------------------------------------------- conversions

RACK = "rack"  # the rack lacks the stake's colour
MIXED = "mixed"  # the stake is of several colours
_CONVERSIONS = (RACK, MIXED)
_CONVERTED = (WIN_PAID, BLACKJACK_PAID)
_WHY = {WIN_PAID: N_("a win, 1 to 1"), BLACKJACK_PAID: N_("a Black Jack")}


def _paid(how: str, bet: Decimal, rules: HouseRules) -> Decimal:
    return blackjack_win(bet, rules) if how == BLACKJACK_PAID else bet


def _mixed_stake(rng: random.Random, bet: Decimal, chips: Sequence[Decimal]) -> list[Decimal]:
    """`bet` put down in two colours or more: the fewest chips with its largest chip broken, or
    the fewest where they are mixed already."""
    fewest = chip_breakdown(bet, chips)
    if len(set(fewest)) > 1:
        return fewest
    top = fewest[0]
    smaller = [c for c in chips if c < top]
    if not smaller:
        return fewest
    broken = chip_breakdown(top, smaller[: rng.randint(1, len(smaller))] or smaller)
    return sorted(fewest[1:] + broken, reverse=True)


class Conversions(_MoneySkill):
    """A bet paid partly in another colour: the rack lacks the stake's colour, or the stake is
    mixed; made up the way the settings pay (RULES.md §14, `chip_payment`)."""

    name = "conversions"
    kind = CHIPS

    def __init__(self, payment: str = FEWEST) -> None:
        Practice(chip_payment=payment)
        self.payment = payment
        self.judged = "fewest" if payment == FEWEST else "exact"

    def configured(self, practice: Practice) -> Skill:
        return self if practice.chip_payment == self.payment else Conversions(practice.chip_payment)

    def way_words(self, q: Question) -> str:
        if self.payment == FEWEST:
            return _("the fewest chips of your rack")
        return _("colour for colour")

    def available(self, rules: HouseRules) -> str | None:
        why = hands_money(rules)
        if why is None and len(rules.chips) < 3:
            why = _("the table has too few colours for a rack to lack one")
        return why

    def aim_of(self, key: str, rules: HouseRules) -> tuple[str, str] | None:
        """ "rack-blackjack": a Black Jack paid from a rack that lacks the stake's colour."""
        case, _sep, how = key.partition("-")
        return (case, how) if case in _CONVERSIONS and how in _CONVERTED else None

    def make_on(
        self, rng: random.Random, rules: HouseRules, aim: tuple[str, str] | None
    ) -> Question:
        from trainer.practice.skills.base import pick_bet

        for _turn in tries(aim):
            case, how = (rng.choice(_CONVERSIONS), rng.choice(_CONVERTED)) if aim is None else aim
            bet = pick_bet(rng, rules)
            paid = _paid(how, bet, rules)
            try:
                if case == MIXED:
                    stake = _mixed_stake(rng, bet, rules.chips)
                    if len(set(stake)) < 2:
                        continue
                    rack = sorted(rules.chips)
                    missing: list[Decimal] = []
                else:
                    stake = chip_breakdown(bet, rules.chips)
                    gone = max(stake)
                    rack = [c for c in sorted(rules.chips) if c != gone]
                    missing = [gone]
                    # a conversion only where the full rack would have paid in that colour
                    if gone not in rack_payment(self.payment, paid, stake, rules.chips):
                        continue
                chips = rack_payment(self.payment, paid, stake, rack)
            except ChipError:
                continue  # a half unit, or an amount the rack cannot make: ask another
            break
        else:
            raise Unmade(aim)
        box = rng.randint(1, rules.boxes)
        _round, table = round_paying(rng, rules, box, bet, how)
        boxes = tuple(
            replace(b, chips=((SEAT, tuple(stake)),)) if b.number == box else b for b in table.boxes
        )
        table = replace(table, boxes=boxes)
        why = _(_WHY[how])
        colour = self.payment == COLOUR_FOR_COLOUR
        if case == RACK:
            lacks = amount(missing[0])
            if colour:
                prompt = _(
                    "Box {box}, {why}: pay {amount} colour for colour as far as your rack "
                    "allows. It has no {chip}s."
                )
                rule = _(
                    "each stake chip your rack lacks taken as its value in the fewest chips it "
                    "has, then colour for colour"
                )
            else:
                prompt = _(
                    "Box {box}, {why}: pay {amount} with the fewest chips of your rack. It has no "
                    "{chip}s."
                )
                rule = _("the fewest chips of what your rack holds")
        else:
            lacks = ""
            if colour:
                prompt = _("Box {box}, {why}, on a mixed stake: pay {amount} colour for colour.")
                rule = _(
                    "the stake matched chip for chip, the rest in its colours, then the fewest"
                )
            else:
                prompt = _(
                    "Box {box}, {why}, on a mixed stake: pay {amount} with the fewest chips."
                )
                rule = _("the fewest chips, whatever the stake's colours")
        data: dict[str, Any] = {
            "amount": money(paid),
            "chip_set": chip_set(rules),
            "why": how,
            "bet": money(bet),
            "payment": self.payment,
            "stake": [money(c) for c in stake],
            "stacks": _stacks_data(stacks_of(stake)),
            "case": case,
            "cut": False,
            "box": box,
        }
        if case == RACK:
            data["rack"] = [money(c) for c in rack]
        return Question(
            self.name,
            f"{self.name}:{case}-{how}",
            prompt.format(box=box, why=why, amount=amount(paid), chip=lacks),
            data,
            self.kind,
            chips,
            chips_text(chips),
            _(
                "{why} on a stake of {stake}: {amount} as {rule} — {chips} ({rules}, house "
                "practice; the payment chosen in the settings)"
            ).format(
                rules=chapter(14),
                why=why,
                stake=chips_text(stake),
                amount=amount(paid),
                rule=rule,
                chips=chips_text(chips),
            ),
            table=table,
        )


# ---------------------------------------------------------------------------- read the bet and pay

SPLIT_PAID = "split"
_READ_WHYS = (WIN_PAID, BLACKJACK_PAID, INSURANCE_PAID, SPLIT_PAID)


def readable_chips(rng: random.Random, stake: Decimal, rules: HouseRules) -> list[Decimal]:
    """`stake` as a player stacks it to be read: the fewest chips, or a column of one colour and
    the rest in the fewest."""
    fewest = chip_breakdown(stake, rules.chips)
    tall = [
        c
        for c in rules.chips
        if c >= unit_chip(rules) and 2 <= stake // c <= FULL_STACK and c < max(fewest)
    ]
    if tall and rng.random() < 0.5:
        c = rng.choice(tall)
        n = int(stake // c)
        return sorted([c] * n + chip_breakdown(stake - c * n, rules.chips), reverse=True)
    return fewest


class ReadPay(_MoneySkill):
    """The stake shown as chips only, on a table in play: read it, then pay 1 to 1, 3 to 2, the
    2 to 1 of an insurance, or a split hand's share (RULES.md §9, §14)."""

    name = "read-pay"
    kind = AMOUNT

    def _whys(self, rules: HouseRules) -> list[str]:
        whys = [WIN_PAID, BLACKJACK_PAID]
        if rules.insurance:
            whys.append(INSURANCE_PAID)
        if rules.split != "none" and rules.max_hands >= 2:
            whys.append(SPLIT_PAID)
        return whys

    def _stakes(self, rules: HouseRules, how: str) -> list[Decimal]:
        """The chips read: the stake, or for insurance the insured half; each one whose payment
        the table's chips can make."""
        out = []
        for bet in bet_steps(rules):
            read_ = bet / 2 if how == INSURANCE_PAID else bet
            paid = self._paid(how, read_, rules)
            if makeable(read_, rules.chips) and makeable(paid, rules.chips):
                out.append(read_)
        return out

    def _paid(self, how: str, read_: Decimal, rules: HouseRules) -> Decimal:
        if how == BLACKJACK_PAID:
            return blackjack_win(read_, rules)
        if how == INSURANCE_PAID:
            return read_ * 2
        return read_

    def aim_of(self, key: str, rules: HouseRules) -> tuple[str, Decimal] | None:
        """ "blackjack-25": a Black Jack on a stake of 25 read from its chips."""
        how, _sep, written = key.partition("-")
        value = amount_of(written)
        if how not in self._whys(rules) or value not in self._stakes(rules, how):
            return None
        return how, value

    def make_on(
        self, rng: random.Random, rules: HouseRules, aim: tuple[str, Decimal] | None
    ) -> Question:
        if aim is None:
            how = rng.choice(self._whys(rules))
            stakes = self._stakes(rules, how)
            # weight towards the small end, as at a real table
            read_ = stakes[min(int(rng.expovariate(4 / len(stakes))), len(stakes) - 1)]
        else:
            how, read_ = aim
        paid = self._paid(how, read_, rules)
        chips = readable_chips(rng, read_, rules)
        stacks = stacks_of(chips)
        cut = rng.random() < 0.5
        box = rng.randint(1, rules.boxes)
        label = str(box)
        if how == SPLIT_PAID:
            table, label = self._split_table(rng, rules, box, read_)
        else:
            bet = read_ * 2 if how == INSURANCE_PAID else read_
            _round, table = round_paying(rng, rules, box, bet, how)
            if how != INSURANCE_PAID:
                boxes = tuple(
                    replace(b, chips=((SEAT, tuple(chips)),)) if b.number == box else b
                    for b in table.boxes
                )
                table = replace(table, boxes=boxes)
        table = replace(table, money=MoneyView(box, stacks=tuple(stacks), cut=cut))
        if how == WIN_PAID:
            prompt = _("Box {box} wins. Read the bet from its chips: how much do you pay?")
            why = _("a win is paid 1 to 1: {paid} [000]")
        elif how == BLACKJACK_PAID:
            prompt = _(
                "Box {box} has Black Jack. Read the bet from its chips: how much do you pay?"
            )
            why = _("Black Jack is paid {ratio}: {paid} [000]")
        elif how == INSURANCE_PAID:
            prompt = _(
                "You make Black Jack. Read box {box}'s insurance from its chips: how much do you "
                "pay on it?"
            )
            why = _("insurance pays 2 to 1 when the dealer makes Black Jack: {paid} [000]")
        else:
            prompt = _("Hand {hand} wins. Read its stake from its chips: how much do you pay?")
            why = _("each split hand is paid on its own stake, 1 to 1: {paid} [000]")
        prompt = prompt.format(box=box, hand=label)
        return Question(
            self.name,
            f"{self.name}:{how}-{money(read_)}",
            prompt,
            {
                "chip_set": chip_set(rules),
                "stacks": _stacks_data(stacks),
                "cut": cut,
                "why": how,
                "box": box,
                "hand": label,
            },
            self.kind,
            paid,
            amount(paid),
            _("the chips {chips} make {stake}; {why} ({settled}; {money})").format(
                settled=chapter(9),
                money=chapter(14),
                chips=chips_text(chips),
                stake=amount(read_),
                why=why.format(paid=amount(paid), ratio=rules.blackjack_pays),
            ),
            table=table,
            unread_prompt=prompt,
        )

    def _split_table(
        self, rng: random.Random, rules: HouseRules, box: int, stake: Decimal
    ) -> tuple[TableView, str]:
        """A real round in which `box`, with a seat bet of `stake`, split and a hand of it won
        without doubling; the table as the dealer pays it, and that hand's label."""
        for _turn in tries(None):
            rnd = _random_round(
                rng,
                rules,
                bets={box: {SEAT: stake}},
                pair=True,
                pair_box=box,
                insure=0,
                split_into=2,
            )
            won = [h for h in rnd.boxes[box].hands if h.split and h.result == WIN and not h.doubled]
            if won:
                hand = rng.choice(won)
                view = _on_felt(rnd.snapshot(highlights=(hand.label,)))
                return replace(view, active=hand.label), hand.label
        raise Unmade(stake)  # never reached: the loop ends when a hand wins


__all__ = [
    "BuyIn",
    "Change",
    "ColourUp",
    "Conversions",
    "ReadPay",
    "StackValues",
]
