"""Skills about running the table: chips, the deal order, the next step of the procedure, and a
card exposed by mistake [003]. Each question is cut from a real round of the engine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from trainer import i18n, vocabulary
from trainer.game.cards import VALUE
from trainer.game.exposed import refusing_players
from trainer.game.payout import (
    COLOUR_FOR_COLOUR,
    FEWEST,
    ChipError,
    blackjack_win,
    chip_breakdown,
    insurance_win,
    money,
    payment,
)
from trainer.game.round import DEALER, INSURANCE, SEAT, Round
from trainer.game.rulebook import chapter
from trainer.game.rules import HouseRules
from trainer.game.shoe import ScriptedCards
from trainer.game.table import BoxView, HandView, TableView
from trainer.i18n import N_, _, ngettext
from trainer.practice import answers
from trainer.practice.curriculum import INFO
from trainer.practice.skills.base import (
    AIMED_TRIES,
    CHIPS,
    CHOICE,
    SEQUENCE,
    Practice,
    Question,
    Skill,
    Unmade,
    Verdict,
    aimed_box,
    amount,
    amount_of,
    bet_of,
    bet_steps,
    box_of,
    dealer_word,
    pick_bet,
    rank_text,
    shoe_cards,
    tries,
)
from trainer.practice.skills.hands import _strip_results, decide
from trainer.practice.skills.pay import (
    BLACKJACK_PAID,
    DOUBLE_PAID,
    INSURANCE_PAID,
    WIN_PAID,
    round_paying,
)


def stake_chips(rng: random.Random, bet: Decimal, chips: Sequence[Decimal]) -> list[Decimal]:
    """The chips a player puts down for `bet`, largest first: often the fewest, often a few chips
    of one smaller colour (four 5s for 20), as players bet."""
    fewest = chip_breakdown(bet, chips)
    smallest = min(chips)
    stacks = [
        [c] * int(bet / c)
        for c in sorted(set(chips))
        if c < bet
        and bet % c == 0
        and 2 <= bet / c <= 6
        and int(bet / c) != len(fewest)
        and (c != smallest or bet < 5 * c)  # nobody bets a 5 in five 1s
    ]
    if stacks and rng.random() < 0.5:
        return rng.choice(stacks)
    return fewest


_CHIPS_WHY = {
    WIN_PAID: N_("a win, 1 to 1"),
    BLACKJACK_PAID: N_("a Black Jack"),
    DOUBLE_PAID: N_("a doubled win, 1 to 1 on the two stacks"),
    INSURANCE_PAID: N_("insurance, 2 to 1"),
}


def _chip_payments(rules: HouseRules) -> list[str]:
    """What the chips drill pays, a Black Jack twice as often as the others."""
    whys = [BLACKJACK_PAID, BLACKJACK_PAID, WIN_PAID]
    if rules.insurance:
        whys.append(INSURANCE_PAID)
    if rules.double_on != "none":
        whys.append(DOUBLE_PAID)
    return whys


def _paid(how: str, bet: Decimal, rules: HouseRules) -> Decimal:
    """What a box with a seat bet of `bet` is paid for `how`."""
    if how == BLACKJACK_PAID:
        return blackjack_win(bet, rules)
    if how == INSURANCE_PAID:
        return insurance_win(bet / 2)
    if how == DOUBLE_PAID:
        return bet * 2
    return bet


@dataclass(frozen=True)
class _Paying:
    """What a chips question is aimed at: the payments and bets that come to its amount, and
    for a review the box paid."""

    ways: tuple[tuple[str, Decimal], ...]
    box: int | None = None


class Chips(Skill):
    """Pay an amount in chips, the way the settings say the trainee's school does it: the fewest
    chips, or colour for colour."""

    name = "chips"
    kind = CHIPS

    def __init__(self, payment: str = FEWEST) -> None:
        Practice(chip_payment=payment)  # refuses an unknown way of paying
        self.payment = payment

    def configured(self, practice: Practice) -> Skill:
        return self if practice.chip_payment == self.payment else Chips(practice.chip_payment)

    @property
    def blurb(self) -> str:
        return INFO[self.name].blurb_for(self.payment)

    def aim_of(self, key: str, rules: HouseRules) -> _Paying | None:
        """The amount paid: "47.5" (the fewest chips for 47.5) or "colour-47.5" (colour for
        colour), as this skill pays: every payment and bet that come to the amount."""
        colour = self.payment == COLOUR_FOR_COLOUR
        if colour != key.startswith("colour-"):
            return None
        paid = amount_of(key.removeprefix("colour-"))
        ways = tuple(
            (how, bet)
            for how in dict.fromkeys(_chip_payments(rules))
            for bet in bet_steps(rules)
            if _paid(how, bet, rules) == paid
        )
        return _Paying(ways) if ways else None

    def aim_at(self, aim: _Paying, seen: Mapping[str, Any], rules: HouseRules) -> _Paying | None:
        """The very payment ("why") on the very bet, at the very box."""
        box = box_of(seen.get("box"), rules)
        bet = bet_of(str(seen.get("bet")), rules)
        way = next((w for w in aim.ways if w == (seen.get("why"), bet)), None)
        return None if box is None or way is None else _Paying((way,), box)

    def make_on(self, rng: random.Random, rules: HouseRules, aim: _Paying | None) -> Question:
        whys = _chip_payments(rules)
        for _turn in tries(aim):
            if aim is None:
                bet = pick_bet(rng, rules)
                how = rng.choice(whys)
            else:
                how, bet = rng.choice(aim.ways)
            try:
                placed = stake_chips(rng, bet, rules.chips)
                paid = _paid(how, bet, rules)
                if how == INSURANCE_PAID:
                    # the insurance lies apart, in the fewest chips of half the bet
                    stake = chip_breakdown(bet / 2, rules.chips)
                elif how == DOUBLE_PAID:
                    stake = placed * 2
                else:
                    stake = placed
                chips = payment(self.payment, paid, stake, rules.chips)
            except ChipError:
                continue  # a half unit the table's chips cannot make: ask another
            break
        else:
            raise Unmade(aim)
        chip_set = [money(c) for c in sorted(rules.chips)]
        box = aimed_box(rng, rules, aim)
        _round, table = round_paying(rng, rules, box, bet, how)
        # the bet lies on the box in the chips the player put down
        boxes = tuple(
            replace(b, chips=((SEAT, tuple(placed)),)) if b.number == box else b
            for b in table.boxes
        )
        table = replace(table, boxes=boxes)
        listed = " + ".join(amount(c) for c in chips)
        n = ngettext("{count} chip", "{count} chips", len(chips)).format(count=len(chips))
        colour = self.payment == COLOUR_FOR_COLOUR
        if how == WIN_PAID:
            prompt = (
                _("Box {box} wins: pay {amount} colour for colour.")
                if colour
                else _("Box {box} wins: pay {amount} with the fewest chips.")
            )
        elif how == BLACKJACK_PAID:
            prompt = (
                _("Box {box} has Black Jack: pay {amount} colour for colour.")
                if colour
                else _("Box {box} has Black Jack: pay {amount} with the fewest chips.")
            )
        elif how == DOUBLE_PAID:
            prompt = (
                _("Box {box} doubled and wins: pay {amount} colour for colour.")
                if colour
                else _("Box {box} doubled and wins: pay {amount} with the fewest chips.")
            )
        else:
            prompt = (
                _("You make Black Jack: pay box {box}'s insurance, {amount}, colour for colour.")
                if colour
                else _(
                    "You make Black Jack: pay box {box}'s insurance, {amount}, with the fewest "
                    "chips."
                )
            )
        prompt = prompt.format(box=box, amount=amount(paid))
        if colour:
            item = f"chips:colour-{money(paid)}"
            reason = _(
                "{why} on a stake of {stake}: the stake matched chip for chip, the rest in its "
                "colours as far as they go, then the fewest chips — {chips} = {amount} (colour "
                "for colour, house practice, chosen in the settings)"
            ).format(
                why=_(_CHIPS_WHY[how]),
                stake=" + ".join(amount(c) for c in stake),
                chips=listed,
                amount=amount(paid),
            )
        else:
            item = f"chips:{money(paid)}"
            reason = _(
                "largest chips first: {chips} = {amount}, {count} of the table's set ({rules}; "
                "the fewest chips, house practice chosen in the settings)"
            ).format(chips=listed, amount=amount(paid), count=n, rules=chapter(11))
        return Question(
            self.name,
            item,
            prompt,
            {
                "amount": money(paid),
                "chip_set": chip_set,
                "why": how,
                "bet": money(bet),
                "payment": self.payment,
                "stake": [money(c) for c in stake],
                "box": box,
            },
            self.kind,
            chips,
            " ".join(amount(c) for c in chips),
            reason,
            table=table,
        )

    def same(self, q: Question, value: Any) -> bool:
        if q.data.get("payment", FEWEST) == COLOUR_FOR_COLOUR:
            # the very chips, in any order: the stake's colours, then the fewest for the rest
            return sorted(value) == sorted(q.answer)
        # any payout of the right amount with as few chips as the fewest is right
        return sum(value, Decimal(0)) == sum(q.answer, Decimal(0)) and len(value) == len(q.answer)


class DealOrder(Skill):
    name = "deal-order"
    kind = SEQUENCE

    def aim_of(self, key: str, rules: HouseRules) -> int | str | None:
        """The order asked: "deal-3" (the deal to three boxes; "deal-3-hole" where the dealer
        takes a hole card) or "play-split" (the play of a round with a split)."""
        if key == "play-split":
            return key if rules.split != "none" else None
        hole = "-hole" if rules.hole_card else ""
        boxes = key.removeprefix("deal-").removesuffix(hole)
        if key == f"deal-{boxes}{hole}" and boxes.isdigit() and 1 <= int(boxes) <= rules.boxes:
            return int(boxes)
        return None

    def make_on(self, rng: random.Random, rules: HouseRules, aim: int | str | None) -> Question:
        if aim is None:
            play = rules.split != "none" and rng.random() < 0.4
        else:
            play = aim == "play-split"
        if play:
            return self._play_order(rng, rules)
        k = rng.randint(1, rules.boxes) if not isinstance(aim, int) else aim
        numbers = sorted(rng.sample(range(1, rules.boxes + 1), k))
        rnd = Round(rules, ScriptedCards(shoe_cards(rng, rules)))
        for n in numbers:
            rnd.bet(n, SEAT, pick_bet(rng, rules))
        boxes = tuple(
            BoxView(n, ((SEAT, rnd.boxes[n].bets[SEAT]),) if n in rnd.boxes else ())
            for n in range(1, rules.boxes + 1)
        )
        rnd.deal()
        order = list(rnd.deal_order)
        if rules.hole_card:
            why = _(
                "from box 1 on your left towards box {last}, empty boxes skipped, one card each "
                "then one for you, then a second card each; the dealer takes a hole card face "
                "down [000]"
            )
        else:
            why = _(
                "from box 1 on your left towards box {last}, empty boxes skipped, one card each "
                "then one for you, then a second card each; no second card for the dealer (no "
                "hole card) [000]"
            )
        return Question(
            self.name,
            f"deal-order:deal-{k}{'-hole' if rules.hole_card else ''}",
            _("Deal the first two rounds: in what order do the cards go out?"),
            {"boxes": numbers, "phase": "deal"},
            self.kind,
            order,
            _order_text(order),
            why.format(last=rules.boxes),
            table=TableView(boxes),
        )

    def _play_order(self, rng: random.Random, rules: HouseRules) -> Question:
        from trainer.practice.skills.hands import _random_round

        while True:
            rnd = _random_round(rng, rules, boxes=rng.randint(2, rules.boxes), pair=True)
            hands = rnd.hands()
            if len(hands) > len(rnd.boxes):
                break
        # the hands that take a card in play: a hand that stands on its first two cards takes
        # none, nor does a Black Jack, closed at the deal [000]; a split hand takes its second
        # card in play. The dealer takes one only while something is left to settle against
        # his hand (chosen, RULES.md §6.5)
        dealer_draws = len(rnd.dealer) > (2 if rules.hole_card else 1)
        took = [h.label for h in hands if h.split or len(h.cards) > 2]
        order = took + ([DEALER] if dealer_draws else [])
        if dealer_draws:
            why = _(
                "boxes play in deal order, each hand to the end, split hands first to last, then "
                "the dealer; a hand that stands on its first two cards and a Black Jack take no "
                "card [000]"
            )
        else:
            why = _(
                "boxes play in deal order, each hand to the end, split hands first to last, and "
                "the dealer takes no card: nothing is left to settle against his hand (house "
                "practice, {rules}); a hand that stands on its first two cards and a Black Jack "
                "take no card [000]"
            ).format(rules=chapter(6))
        return Question(
            self.name,
            "deal-order:play-split",
            _("Play the round: in what order do the hands take their cards, the dealer included?"),
            {
                "hands": [h.label for h in hands],
                "phase": "play",
                "naturals": [h.label for h in hands if h.natural],
                "took": took,
            },
            self.kind,
            order,
            _order_text(order),
            why,
            table=_strip_results(rnd.snapshot()),
        )


# ---------------------------------------------------------------------------- procedure


def _choices(
    rng: random.Random, right: str, pool: list[str], n: int = 4
) -> tuple[tuple[str, ...], int]:
    others = [p for p in dict.fromkeys(pool) if p != right]
    rng.shuffle(others)
    opts = [right, *others[: n - 1]]
    rng.shuffle(opts)
    return tuple(opts), opts.index(right)


def _order_text(order: Sequence[str]) -> str:
    """A deal order as the trainee's language writes it: "1 2 croupier"."""
    return " ".join(dealer_word() if x == DEALER else x for x in order)


def _ask(label: str) -> str:
    if "." in label:
        return _("Ask hand {label}: card or no?").format(label=label)
    return _("Ask box {label}: card or no?").format(label=label)


# The steps a procedure question asks (its item's key), by the moment it is asked at: right
# after the deal, or as a hand ends its play; and those that follow a natural dealt.
_AT_THE_DEAL = (
    "insurance", "pay-natural-now", "natural-waits", "first-box", "naturals-wait",
)  # fmt: skip
_IN_PLAY = ("collect-bust", "split-second-card", "next-hand", "reveal", "dealer-draws")
_AFTER_A_NATURAL = ("insurance", "pay-natural-now", "natural-waits", "naturals-wait")


class Procedure(Skill):
    name = "procedure"
    kind = CHOICE

    def aim_of(self, key: str, rules: HouseRules) -> str | None:
        """The step due: "insurance", "first-box", "collect-bust", "reveal", ..."""
        if key not in (*_AT_THE_DEAL, *_IN_PLAY):
            return None
        if (key == "insurance" and not rules.insurance) or (
            key == "split-second-card" and rules.split == "none"
        ):
            return None
        if key in ("pay-natural-now", "dealer-draws") and rules.hole_card:
            return None
        return None if key == "reveal" and not rules.hole_card else key

    def make_on(self, rng: random.Random, rules: HouseRules, aim: str | None) -> Question:
        # a round often ends up with nothing procedural to ask at the moment drawn: cut another
        for _attempt in range(200) if aim is None else range(AIMED_TRIES):
            q = self._try(rng, rules, aim)
            if q is not None and (aim is None or q.item == f"procedure:{aim}"):
                return q
        if aim is not None:
            raise Unmade(aim)
        raise RuntimeError("no procedure question could be cut from 200 rounds")

    def _try(self, rng: random.Random, rules: HouseRules, aim: str | None) -> Question | None:
        shoe = shoe_cards(rng, rules)
        if rng.random() < 0.35 if aim is None else aim in _AFTER_A_NATURAL:
            # put a natural in the first box and, often, an Ace or ten in front of the dealer
            k = rng.randint(1, min(4, rules.boxes))
            ace = next(i for i, c in enumerate(shoe) if c[0] == "A")
            shoe[0], shoe[ace] = shoe[ace], shoe[0]
            ten = next(i for i in range(k + 2, len(shoe)) if VALUE[shoe[i][0]] == 10)
            shoe[k + 1], shoe[ten] = shoe[ten], shoe[k + 1]
            if rng.random() < 0.6:
                want = "A" if rng.random() < 0.5 else "T"
                j = next(
                    i
                    for i in range(k + 2, len(shoe))
                    if (shoe[i][0] == "A") == (want == "A")
                    and (want == "A" or VALUE[shoe[i][0]] == 10)
                )
                shoe[k], shoe[j] = shoe[j], shoe[k]
        else:
            k = rng.randint(1, rules.boxes)
        numbers = sorted(rng.sample(range(1, rules.boxes + 1), k))
        if rng.random() < 0.35:
            numbers = list(range(1, k + 1))
        rnd = Round(rules, ScriptedCards(shoe))
        for n in numbers:
            rnd.bet(n, SEAT, pick_bet(rng, rules))
        rnd.deal()
        up = rnd.dealer[0]
        naturals = [str(b.number) for b in rnd.boxes.values() if b.hands[0].natural]
        pool_pay = [
            _("Pay box {box}'s Black Jack now, 3 to 2").format(box=n)
            for n in (naturals or [str(numbers[0])])
        ]
        offer = _("Offer insurance to every box")
        draw_second = _("Draw your own second card")
        turn_over = _("Turn over your hole card")
        pool = [*pool_pay, offer, draw_second, *(_ask(str(n)) for n in numbers)]
        if rules.hole_card:
            # a wrong step, as a choice: there is no peek (RULES.md §6 [001][004])
            pool += [_("Check your hole card for Black Jack"), turn_over]
        if rng.random() < 0.45 if aim is None else aim in _AT_THE_DEAL:
            # the moment right after the deal, read from the table as it stands then (the round
            # may have gone on by itself since: naturals paid, the dealer's peek, ...)
            dealt = 2 if rules.hole_card else 1
            up_v = VALUE[up[0]]
            first = next((h for b in rnd.boxes.values() for h in b.hands if not h.natural), None)
            if up_v == 1 and rules.insurance:
                right, item, why = (
                    offer,
                    "procedure:insurance",
                    _("you show an Ace: insurance is offered before any third card [000][003]"),
                )
            elif naturals and up_v not in (1, 10) and not rules.hole_card:
                right, item, why = (
                    pool_pay[0],
                    "procedure:pay-natural-now",
                    _(
                        "you show {card}: you cannot make Black Jack, so naturals are paid at "
                        "once, 3 to 2 [000]"
                    ).format(card=rank_text([up])),
                )
            elif first is not None:
                right = _ask(first.label)
                if naturals and rules.hole_card:
                    item, why = (
                        "procedure:natural-waits",
                        _(
                            "with a hole card there is no peek: box {natural}'s natural waits "
                            "until every box has played and you turn your hidden card; play "
                            "starts with box {first} [001][004]"
                        ).format(natural=naturals[0], first=first.box),
                    )
                elif naturals:
                    item, why = (
                        "procedure:natural-waits",
                        _(
                            "you show {card}: you may still make Black Jack, so box {natural}'s "
                            "natural waits for your second card; play starts with box {first} "
                            "[000]"
                        ).format(card=rank_text([up]), natural=naturals[0], first=first.box),
                    )
                else:
                    item, why = (
                        "procedure:first-box",
                        _("play starts with the first box in deal order: box {box} [000]").format(
                            box=first.box
                        ),
                    )
            elif rules.hole_card:
                # every box holds a natural: nobody plays, the hidden card settles them [001]
                right, item, why = (
                    turn_over,
                    "procedure:naturals-wait",
                    _(
                        "every box has Black Jack: nobody plays; turn your hidden card, then pay "
                        "the naturals 3 to 2 or push them against your Black Jack [001][004]"
                    ),
                )
            else:
                # every box holds a natural and the dealer may make Black Jack: nobody plays,
                # the dealer draws a second card to settle them [000]
                right, item, why = (
                    draw_second,
                    "procedure:naturals-wait",
                    _(
                        "you show {card} and every box has Black Jack: nobody plays; draw your "
                        "second card, then pay the naturals 3 to 2 or push them [000]"
                    ).format(card=rank_text([up])),
                )
            snap = _strip_results(rnd.snapshot())
            table = TableView(
                tuple(
                    BoxView(
                        b.number,
                        b.bets,
                        tuple(HandView(h.label, h.cards[:2], h.stakes) for h in b.hands[:1])
                        if b.hands
                        else (),
                        None,
                    )
                    for b in snap.boxes
                ),
                tuple(rnd.dealer[:dealt]),
                hole_card=rules.hole_card,
            )
            prompt = _("The cards are dealt. What do you do next?")
        else:
            if rnd.phase == INSURANCE:
                rnd.close_insurance()
            steps = rng.randint(0, 6)
            while rnd.current is not None and steps > 0:
                rnd.act(decide(rng, rnd))
                steps -= 1
            if rnd.current is None:
                return None
            h = rnd.current
            before = len(rnd.events)
            action = decide(rng, rnd)
            if action == "split":
                return None
            rnd.act(action)
            if rnd.current is h:
                return None  # the hand goes on: nothing procedural to ask
            new = rnd.events[before:]
            # a bust hand is collected at once [000]: the question shows it as it bust, before
            table = _strip_results(rnd.snapshot(collected=h.result == "bust"))
            prompt = {
                "double": _("Hand {label} doubles: {cards}. What do you do next?"),
                "hit": _("Hand {label} hits: {cards}. What do you do next?"),
                "stand": _("Hand {label} stands: {cards}. What do you do next?"),
            }.get(action, _("Hand {label} plays: {cards}. What do you do next?"))
            prompt = prompt.format(label=h.label, cards=rank_text(h.cards))
            nxt = rnd.current
            after_pool = list(pool)
            if h.result == "bust":
                right, item, why = (
                    _("Collect hand {label}'s bet and cards at once").format(label=h.label),
                    "procedure:collect-bust",
                    _(
                        "a bust box loses at once: the dealer collects the bet and the cards "
                        "immediately, even if the dealer busts later [000][003]"
                    ),
                )
                if nxt is not None:
                    after_pool.append(_ask(nxt.label))
                else:
                    # the last hand: the dealer has not played yet at this moment
                    table = TableView(
                        table.boxes,
                        (up,) if not rules.hole_card else tuple(rnd.dealer[:2]),
                        hole_card=rules.hole_card,
                    )
                after_pool.append(_("Leave the bust hand until the settlement"))
            elif nxt is not None:
                dealt_second = any(e["type"] == "deal" and e["to"] == nxt.label for e in new)
                if dealt_second and "." in nxt.label:
                    right = _("Deal hand {label} its second card").format(label=nxt.label)
                    item = "procedure:split-second-card"
                    why = _(
                        "a split hand gets its second card when its turn comes, first to last [000]"
                    )
                    table = _without_last_card(table, nxt.label)
                else:
                    right = _ask(nxt.label)
                    item = "procedure:next-hand"
                    why = _(
                        "boxes play in deal order, split hands first to last: next is {label} [000]"
                    ).format(label=nxt.label)
                after_pool += [_ask(x.label) for x in rnd.hands() if x is not h]
            else:
                if rules.hole_card:
                    right, item, why = (
                        turn_over,
                        "procedure:reveal",
                        _("every box has played: the dealer turns the hole card and plays [001]"),
                    )
                    after_pool.append(_("Draw a third card for yourself"))
                else:
                    right, item, why = (
                        draw_second,
                        "procedure:dealer-draws",
                        _(
                            "every box has played: only now the dealer draws a second card "
                            "[000][003]"
                        ),
                    )
                dealer_box = rnd.snapshot()
                table = TableView(
                    _strip_results(dealer_box).boxes,
                    (up,) if not rules.hole_card else tuple(rnd.dealer[:2]),
                    hole_card=rules.hole_card,
                    active=None,
                )
            pool = after_pool
        choices, index = _choices(rng, right, pool)
        return Question(
            self.name,
            item,
            prompt,
            {"dealer": [up], "boxes": numbers, "choices": list(choices)},
            self.kind,
            index,
            choices[index],
            why,
            choices=choices,
            table=table,
        )


def _without_last_card(view: TableView, label: str) -> TableView:
    boxes = tuple(
        BoxView(
            b.number,
            b.bets,
            tuple(
                HandView(h.label, h.cards[:-1], h.stakes, h.doubled, h.result)
                if h.label == label
                else h
                for h in b.hands
            ),
            b.insurance,
        )
        for b in view.boxes
    )
    return TableView(
        boxes,
        view.dealer_cards,
        view.hole_card,
        view.exposed_card,
        label,
        view.highlights,
        view.currency,
    )


# ---------------------------------------------------------------------------- exposed card


class ExposedCard(Skill):
    name = "exposed-card"
    kind = SEQUENCE

    def available(self, rules: HouseRules) -> str | None:
        if rules.dealt_by_hand:
            return None
        # [002] the software shuffles and deals every hand: no card is ever exposed by mistake
        return _("no card is dealt by hand under {preset}").format(preset=rules.preset)

    def aim_of(self, key: str, rules: HouseRules) -> str | None:
        """Who ends up with the card: "box", "dealer", or nobody ("burned")."""
        return key if key in ("box", DEALER, "burned") else None

    def make_on(self, rng: random.Random, rules: HouseRules, aim: str | None) -> Question:
        for _turn in tries(aim):
            k = rng.randint(2, rules.boxes) if rules.boxes > 1 else 1
            numbers = sorted(rng.sample(range(1, rules.boxes + 1), k))
            rnd = Round(rules, ScriptedCards(shoe_cards(rng, rules)))
            for n in numbers:
                rnd.bet(n, SEAT, pick_bet(rng, rules))
            rnd.deal()
            if rnd.phase == INSURANCE:
                rnd.close_insurance()
            steps = rng.randint(0, 3)
            while rnd.current is not None and steps:
                rnd.act(decide(rng, rnd))
                steps -= 1
            if rnd.current is None:
                continue
            candidates = rnd.exposed_offer_order()  # the dealer too, unless he already stands
            # each player takes it or refuses it as he would play his hand [003]; the dealer,
            # where he may use it, now takes it, now leaves it to be burned
            refusers = set(refusing_players(rng, candidates, rnd.boxes, rnd.dealer[0], rules))
            if DEALER in candidates and (aim == "burned" or (aim is None and rng.random() < 0.5)):
                refusers.add(DEALER)
            taker = next((c for c in candidates if c not in refusers), "burned")
            if aim is None or aim == (taker if taker in ("burned", DEALER) else "box"):
                break
        else:
            raise Unmade(aim)
        h = rnd.current
        assert h is not None
        table = _strip_results(rnd.snapshot())
        out = rnd.expose(sorted(refusers))
        answer = list(out.offered) + (["burn"] if out.taken_by == "burned" else [])
        names = sorted(refusers - {DEALER}, key=int)
        who = ", ".join(_("box {number}").format(number=n) for n in names) or _("no box")
        if DEALER not in candidates:
            dealer_says = _("You already stand: it is no use to you.")
        elif DEALER in refusers:
            dealer_says = _("You would not take it either.")
        else:
            dealer_says = _("You would take it.")
        if out.taken_by == "burned":
            where = _("nobody takes it: it is burned")
        elif out.taken_by == DEALER:
            where = _("it is at the dealer's disposal")
        else:
            where = _("box {number} takes it").format(number=out.taken_by)
        offered = _(" then ").join(dealer_word() if x == DEALER else x for x in out.offered)
        if DEALER in candidates:
            why = _(
                "offered to {offered}: first the player whose turn it is, then the others still "
                "to play in order, then the dealer; {where}. Only a card everyone refuses is "
                "burned [003]"
            )
        else:
            why = _(
                "offered to {offered}: first the player whose turn it is, then the others still "
                "to play in order, then the dealer (not you: you already stand); {where}. Only a "
                "card everyone refuses is burned [003]"
            )
        burn = vocabulary.said("burn", i18n.language())
        return Question(
            self.name,
            f"exposed-card:{out.taken_by if out.taken_by in ('burned', DEALER) else 'box'}",
            _(
                "Hand {label} is playing. You pull {card} by mistake and expose it. Refusing it: "
                '{who}. {dealer} In what order is it offered? (End with "{burn}" if it is '
                "burned.)"
            ).format(
                label=h.label,
                card=_a(rank_text([out.card])),
                who=who,
                dealer=dealer_says,
                burn=burn,
            ),
            {"card": out.card, "turn": h.label, "boxes": numbers, "refused_by": sorted(refusers)},
            self.kind,
            answer,
            _order_text([burn if x == "burn" else x for x in answer]),
            why.format(offered=offered, where=where),
            table=TableView(
                table.boxes,
                table.dealer_cards,
                table.hole_card,
                out.card,
                h.label,
                table.highlights,
                table.currency,
            ),
        )

    def check(self, q: Question, raw: str) -> Verdict:
        """The order the card is offered in, then "burn" if nobody takes it [003].

        A hand may be named wherever its box may: the card is offered to the box whose turn it
        is, and so to the hand that is playing there, so "1.2" when hand 1.2 is playing stands
        for box 1 and is right; a hand of the box that is not playing ("1.1", finished) is not
        offered the card, and a box that has not split has no hand "3.1".
        """
        said = answers.parse_sequence(raw, burn=True)
        turn = q.data["turn"]
        playing_box = turn.split(".")[0]
        value = [playing_box if token == turn else token for token in said]
        reason = q.reason
        stray = next((t for t in value if "." in t), None)
        if stray is not None:
            reason = _(
                "hand {stray} is not offered the card, hand {turn} is playing; {reason}"
            ).format(stray=stray, turn=turn, reason=reason)
        given = " ".join(
            vocabulary.said("burn", i18n.language()) if x == "burn" else x for x in said
        )
        return Verdict(value == q.answer, _order_text(given.split(" ")), q.expected, reason)


def _a(word: str) -> str:
    """`word` with its article, as it is said: "an A", "an 8", "a 10" ("un 8", "un 8")."""
    if word[:1] in ("A", "8"):
        return _("an {card}").format(card=word)
    return _("a {card}").format(card=word)
