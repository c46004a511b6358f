"""One round of blackjack as a state machine: bets, the deal, naturals, insurance, the boxes'
decisions, the dealer's play and the settlement, with every step recorded (`events`).

The round only ever offers legal actions (`legal_actions`) and refuses any other with a
`RoundError` naming the box and the reason. It draws cards from any object with a `draw()`
method — a `Shoe`, or a scenario's scripted cards — so a recorded round replays exactly.

Order of a round, RULES.md §6: deal (§5); naturals paid at once unless the dealer shows an Ace
or a ten-value [000] (with a hole card they wait for it [001][004]); insurance on a dealer Ace,
for each bettor [003]; boxes play in deal order, split hands first to last, a bust hand
collected at once [000][003]; no peek with a hole card, which is turned when every player has
finished [001][004]; the dealer draws (§8) only while something is left to settle, and settles
from his right to his left (§9).

The round hands parts of its work to smaller pieces of trainer/game: the hands and boxes
(hand.py), the dealer's hand (dealer.py), insurance (insurance.py), the exposed-card offering
(exposed.py), the settlement (settlement.py) and the record of its steps (events.py).

It stays one long module: it is one class, `Round`, whose states and transitions read in table
order; cut in two, a reader would follow one round across files.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from decimal import Decimal
from typing import Any, Protocol

from trainer.game import events as ev
from trainer.game.announce import BLACK_JACK, HARD_WORDS, POINT_WORDS, SOFT_WORDS
from trainer.game.cards import CARD_VALUE, VALUE
from trainer.game.dealer import DEALER, UNFINISHED, Dealer
from trainer.game.events import ANNOUNCE, COLLECT, DEAL_ROUND, DEAL_SAY, HIT_SAY, Record, Step
from trainer.game.events import DOUBLE as S_DOUBLE
from trainer.game.events import STAND as S_STAND
from trainer.game.exposed import BURNED, ExposedOutcome, offer, offer_order
from trainer.game.hand import (
    BLACKJACK,
    BOX_LABELS,
    BUST,
    LOSE,
    NOTHING,
    PUSH,
    SEAT,
    WIN,
    Box,
    Hand,
    make_hand,
)
from trainer.game.insurance import Insurance
from trainer.game.payout import TWO, ZERO, blackjack_win
from trainer.game.reasons import Amount, Bettor, Card, Explained, Listing, Place, Point, Reason
from trainer.game.rules import HouseRules
from trainer.game.settlement import settle, settlement_order
from trainer.game.shoe import OutOfCards
from trainer.game.table import BoxView, HandView, TableView
from trainer.i18n import N_

__all__ = [
    "ACTIONS", "BETTING", "BLACKJACK", "BUST", "DEALER", "DONE", "DOUBLE", "HIT", "INSURANCE",
    "LOSE", "PLAY", "PUSH", "SEAT", "SPLIT", "STAND", "UNFINISHED", "WIN",
    "Box", "CardSource", "ExposedOutcome", "Hand", "Round", "RoundError",
]  # fmt: skip

HIT = "hit"
STAND = "stand"
DOUBLE = "double"
SPLIT = "split"
ACTIONS = (HIT, STAND, DOUBLE, SPLIT)

# Phases of a round.
BETTING = "betting"
INSURANCE = "insurance"
PLAY = "play"
DONE = "done"

_NO = "no"  # a refusal not worth explaining: legal_actions only asks yes or no

# legal_actions' answers, built once: [may double][may split] -> the actions
_HIT_STAND = (HIT, STAND)
_LEGAL: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (_HIT_STAND, (HIT, STAND, SPLIT)),
    ((HIT, STAND, DOUBLE), (HIT, STAND, DOUBLE, SPLIT)),
)

_DOUBLE_TOTALS: dict[str, frozenset[int]] = {
    "9-11": frozenset((9, 10, 11)),  # [000][003] the first two cards total 9, 10 or 11
    "10-11": frozenset((10, 11)),
    "none": frozenset(),  # [004] no doubling in a family game
    "any": frozenset(range(2, 22)),  # [002] any first two cards
}


# What a hand is on its first two cards: its hard total, an Ace in it or not, the point said
# [000], what it may do when nobody refuses (`legal_actions`), and whether it is a Black Jack
TwoCards = tuple[int, bool, str, tuple[str, ...], bool]

# by (double_on, split), then by first and second card (`_two_cards`), made once for each
_TWO_CARDS: dict[tuple[str, str], dict[str, dict[str, TwoCards]]] = {}


def _two_cards(double_on: str, split: str) -> dict[str, dict[str, TwoCards]]:
    """What every two cards make as a box's first hand, by first and second card, where the
    table doubles on `double_on` and splits by `split` — the deal looks each hand up here rather
    than working it out. What it may do: the totals that double [000][002][004] (the best total:
    A 8 is a soft 19), and pairs by rank [000] or by value [003], two Aces a pair either way; a
    box holds one hand yet, and max_hands is 2 or more where hands split. A Black Jack takes no
    decision."""
    doubles = _DOUBLE_TOTALS[double_on]
    by_rank: dict[tuple[str, str], TwoCards] = {}
    for a in VALUE:
        for b in VALUE:
            v, w = VALUE[a], VALUE[b]
            low = v + w
            ace = v == 1 or w == 1
            if ace and low == 11:
                by_rank[a, b] = (low, True, BLACK_JACK, (), True)
                continue
            said = SOFT_WORDS[low] if ace else HARD_WORDS[low]
            pair = a == b if split == "rank" else v == w if split == "value" else False
            legal = _LEGAL[(low + 10 if ace else low) in doubles][pair]
            by_rank[a, b] = (low, ace, said, legal, False)
    table = {
        first: {second: by_rank[first[0], second[0]] for second in CARD_VALUE}
        for first in CARD_VALUE
    }
    _TWO_CARDS[double_on, split] = table
    return table


# The amounts found within each table's limits — positive, at least its minimum and at most its
# maximum — by (minimum, maximum): `bet` looks an amount up here before it compares it with the
# limits, as the same few stakes come back round after round (a table's chips, a drill's bets).
# At most _FINE_MOST are kept for a table; the others are compared each time.
_FINE: dict[tuple[Decimal | None, Decimal | None], set[Decimal]] = {}
_FINE_MOST = 512


def _limits_kept(rules: HouseRules) -> set[Decimal]:
    """The amounts found within the limits of `rules`' table so far (`_FINE`)."""
    limits = (rules.table_min, rules.table_max)
    fine = _FINE.get(limits)
    if fine is None:
        fine = _FINE[limits] = set()
    return fine


# What is said of a hand of hard total `low` after a card, an Ace in it or not, whether it is
# soft, and whether it makes 21: _AFTER[ace][low], for the totals that have not bust
_AFTER: tuple[tuple[tuple[str, bool, bool], ...], ...] = (
    tuple((HARD_WORDS[low], False, low == 21) for low in range(22)),
    tuple(
        (SOFT_WORDS[low], True, low == 11) if low <= 11 else (HARD_WORDS[low], False, low == 21)
        for low in range(22)
    ),
)


class CardSource(Protocol):
    def draw(self) -> str: ...


class RoundError(Explained):
    """A bet or action the rules refuse at this moment; the message names the box. Made with
    `RoundError.of(template, **parts)` (trainer.game.reasons): `str()` is the English sentence,
    `text()` says it in the language of the moment."""


class Round:
    """One round at one table. Place bets, `deal()`, answer insurance, `act()` until done."""

    # (slots: a round is made for every question a drill cuts from one, and thousands a second
    # by the benchmark; its attributes are read at every step)
    __slots__ = (
        "rules", "_draw", "_draw_many", "_begin", "_on_burn", "phase", "boxes", "_steps",
        "_record", "_dealer", "_insurance", "dealer", "dealer_announcements", "dealer_result",
        "current", "burned", "_waiting_naturals", "_unordered", "_last_box", "_unseated",
        "drawing_for", "_order", "_queue", "_turns", "_balance", "_fine",
    )  # fmt: skip

    def __init__(
        self,
        rules: HouseRules,
        cards: CardSource,
        *,
        on_burn: Callable[[str], None] | None = None,
    ) -> None:
        self.rules = rules
        self._draw = cards.draw
        self._draw_many: Callable[[int], list[str] | None] | None = getattr(
            cards, "draw_many", None
        )
        self._begin = getattr(cards, "begin_round", None)
        self._on_burn = on_burn
        self.phase = BETTING
        self.boxes: dict[int, Box] = {}
        # every step, kept short while the round is played and written out when read (`events`,
        # through a Record made then)
        steps: list[Step] = []
        self._steps = steps
        self._record: Record | None = None
        dealer = self._dealer = Dealer(rules, steps)
        self._insurance: Insurance | None = None  # made when insurance is offered
        self.dealer = dealer.cards
        self.dealer_announcements = dealer.announcements
        self.dealer_result: str | None = None  # what the dealer's hand became, once settled
        # the hand whose turn it is, or None outside the play phase (a plain attribute, not a
        # property: it is read before every decision)
        self.current: Hand | None = None
        self.burned: list[str] = []
        self._waiting_naturals = False
        self._unordered = False  # boxes bet on out of their order: sorted at the deal
        self._last_box = 0
        self._unseated = 0  # boxes with behind bets and no seated player's bet yet
        # who the card being drawn when the cards ran out was for: a box number or "dealer"
        self.drawing_for: int | str | None = None
        self._order: list[Box] = []  # the boxes in box order, once dealt
        self._queue: list[Hand] = []  # the hands in playing order
        # each bettor's net so far (`balances`), added to as each hand or insurance is settled
        self._balance: dict[str, Decimal] = {}
        self._turns: Iterator[Hand] = iter(())  # the queue's hands, each taken at its turn
        # the amounts found within the table's limits so far (`_FINE`)
        fine = _FINE.get((rules.table_min, rules.table_max))
        self._fine = _limits_kept(rules) if fine is None else fine

    # ------------------------------------------------------------------ bets
    def bet(self, box: int, bettor: str, amount: Decimal) -> None:
        """[000] bets are placed before the deal; standing players bet on a seated box."""
        r = self.rules
        if self.phase != BETTING:
            raise RoundError.of(
                N_("box {box}: no bet is accepted once the first card is out [000]"), box=box
            )
        if not 1 <= box <= r.boxes:
            raise RoundError.of(
                N_("box {box}: this table has boxes 1 to {boxes}"), box=box, boxes=r.boxes
            )
        # a positive amount, at least the table's minimum and at most its maximum: an amount the
        # table has taken before is known to be (`_limits_kept`); another one is checked
        tmax = r.table_max
        try:
            known = type(amount) is Decimal and amount in self._fine
        except TypeError:  # a signalling NaN, which cannot even be looked for
            known = False
        if not known:
            tmin = r.table_min
            if (
                not isinstance(amount, Decimal)
                or not amount.is_finite()
                or (amount <= ZERO if tmin is None else amount < tmin)
            ):
                raise RoundError(self._refused_amount(box, bettor, amount))
            if (
                type(amount) is Decimal
                and (tmax is None or amount <= tmax)
                and len(self._fine) < _FINE_MOST
            ):
                self._fine.add(amount)
        if bettor != SEAT and not r.behind_bets:
            raise RoundError(self._refused_amount(box, bettor, amount))
        b = self.boxes.get(box)
        if b is None:
            # the box is taken only once its first bet is: a refused one leaves it free
            if not known and tmax is not None and amount > tmax:
                raise self._over_maximum(box, amount, tmax)
            if box < self._last_box:
                self._unordered = True
            self._last_box = box
            # the box opened by its first bet, its bettor's alone, with no hand yet
            b = self.boxes[box] = Box()
            b.number = box
            b.label = BOX_LABELS[box]
            b.bets = {bettor: amount}
            b.hands = []
            b.insured = b.insurance_nets = NOTHING
            b.total = amount
            if bettor != SEAT:
                self._unseated += 1  # until the seated player bets on it
            return
        if bettor in b.bets:
            raise RoundError.of(
                N_("box {box}: {bettor} already has a bet on this box"),
                box=box,
                bettor=Bettor(bettor),
            )
        total = b.total + amount
        if tmax is not None and total > tmax:
            raise self._over_maximum(box, total, tmax)
        b.bets[bettor] = amount
        b.total = total
        if bettor == SEAT:
            self._unseated -= 1

    @staticmethod
    def _over_maximum(box: int, total: Decimal, most: Decimal) -> RoundError:
        return RoundError.of(
            N_(
                "box {box}: the bets on the box total {total}, above the table maximum {most} [000]"
            ),
            box=box,
            total=Amount(total),
            most=Amount(most),
        )

    def _refused_amount(self, box: int, bettor: str, amount: Decimal) -> Reason:
        """Why `bet` refuses an amount that is not positive or below the table minimum, or a
        behind bet: the first of these reasons, in this order."""
        r = self.rules
        who = Bettor(bettor)
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= ZERO:
            return Reason(
                N_("box {box}: {bettor}'s bet must be a positive amount, not {amount}"),
                box=box,
                bettor=who,
                amount=str(amount),
            )
        if bettor != SEAT and not r.behind_bets:
            return Reason(
                N_("box {box}: behind bets are not taken under {preset} ({bettor} bets behind)"),
                box=box,
                preset=r.preset,
                bettor=who,
            )
        tmin = r.table_min
        assert tmin is not None and amount < tmin  # (bet would have taken it)
        return Reason(
            N_("box {box}: {bettor}'s bet {amount} is below the table minimum {minimum}"),
            box=box,
            bettor=who,
            amount=Amount(amount),
            minimum=Amount(tmin),
        )

    # ------------------------------------------------------------------ deal
    def deal(self) -> None:
        """[000] one card face up to each box in order, one to the dealer, a second to each box;
        no second card for the dealer unless the table plays a hole card [001][004]."""
        r = self.rules
        if self.phase != BETTING:
            raise RoundError.of(N_("the cards are already dealt"))
        if not self.boxes:
            raise RoundError.of(N_("no box has a bet: nothing to deal"))
        if self._unseated:
            b = next(b for b in self.boxes.values() if SEAT not in b.bets)
            raise RoundError.of(
                N_("box {box}: behind bets need a seated player's bet on the box [000]"),
                box=b.number,
            )
        if len(self.boxes) < r.min_boxes_heads_up:
            raise RoundError.of(
                N_(
                    "the house refuses a single player heads up: bet on at least {boxes} boxes "
                    "[000]"
                ),
                boxes=r.min_boxes_heads_up,
            )
        if self._begin is not None:
            self._begin()
        bx = self.boxes
        if self._unordered:
            # in box order (sorting the (number, box) pairs never compares two boxes)
            bx = self.boxes = dict(sorted(bx.items()))
        boxes = self._order = list(bx.values())
        n = len(boxes)
        # [000] one card face up to each box in box order, one to the dealer, a second to each
        # box (and the dealer's hole card [001][004]): drawn at once where the source can
        k = 2 * n + 2 if r.hole_card else 2 * n + 1
        many = self._draw_many
        cards = many(k) if many is not None else None
        if cards is None:
            cards = self._deal_cards(k, boxes)
        up = cards[n]
        hands = []
        naturals = False
        # what each hand is on its two cards, looked up by the cards (`_two_cards`)
        two = _TWO_CARDS.get((r.double_on, r.split)) or _two_cards(r.double_on, r.split)
        for b, first, second in zip(boxes, cards, cards[n + 1 : 2 * n + 1], strict=False):
            low, ace, said, legal, natural = two[first][second]
            # the box's hand: make_hand(b.number, [first, second], b.bets, b.bets, [said],
            # b.label, low, ace), written out (a round makes one for every box it deals), with
            # what it may do, and closed if it is a Black Jack; its stakes and original bet are
            # the box's bets, which no longer change once the cards are out (a double gives the
            # hand new stakes)
            h = Hand()
            h.box = b.number
            h.cards = [first, second]
            h.stakes = h.original = b.bets
            h.label = b.label
            h.low = low
            h.ace = ace
            h.split = h.split_aces = h.doubled = h.natural_paid = False
            h.natural = h.closed = natural
            h.result = None
            h.net = {}
            h.announcements = [said]
            h.legal = legal
            b.hands.append(h)
            if natural:  # an Ace and a ten-value [000]
                naturals = True
            hands.append(h)
        self._queue = hands  # the hands in playing order (`_advance`)
        self._turns = iter(hands)
        up_words = self._dealer.take_up_card(up)
        up_value = CARD_VALUE[up]
        if r.hole_card:
            self._dealer.take_hole_card(cards[2 * n + 1])
        # the deal as one step: written out card by card when read (trainer.game.events)
        add = self._steps.append
        add((DEAL_ROUND, boxes, cards, up_words, r.hole_card))
        # (no hand becomes a natural after the deal, so without one there is nothing to pay)
        if up_value not in (1, 10) and not r.hole_card:
            # [000] the dealer cannot make Black Jack: naturals are paid at once, 3 to 2
            if naturals:
                self._pay_naturals()
        else:
            # [000] they wait for his second card; [001] "Si un joueur fait blackjack, il doit
            # attendre la deuxième carte du croupier", turned when all have played
            self._waiting_naturals = naturals
        if up_value == 1 and r.insurance:
            # [000][003] insurance is offered on a dealer Ace, before any third card
            self.phase = INSURANCE
            self._insurance = Insurance(r, self._steps)
            add((ev.INSURANCE_OFFERED, [h.label for h in hands]))
            return
        self.phase = PLAY  # (_after_insurance, written out)
        self._advance()

    def _deal_cards(self, k: int, boxes: list[Box]) -> list[str]:
        """The deal's `k` cards in the order they go out, one by one (where the source cannot
        draw them at once, or has fewer left); when the cards run out, who the missing card was
        for is noted (`drawing_for`, for the message)."""
        cards: list[str] = []
        n = len(boxes)
        try:
            while len(cards) < k:
                cards.append(self._draw())
        except OutOfCards:
            i = len(cards)  # the card missing
            j = i if i < n else i - n - 1
            self.drawing_for = boxes[j].number if 0 <= j < n and i != n else DEALER
            raise
        return cards

    def _deal_to(self, h: Hand, step: str = DEAL_SAY) -> None:
        """Deal `h` a card face up, then announce it and close it if need be (`_after_card`,
        written out: this runs for every card after the deal). `step`: DEAL_SAY, or HIT_SAY for
        the card a hit asked for, recorded with the hit."""
        try:
            c = self._draw()
        except OutOfCards:
            self.drawing_for = h.box
            raise
        # Hand.add written out; the card is never a natural's second card: a hand dealt here
        # holds two cards or more, or is a split hand, which never makes Black Jack [000]
        cards = h.cards
        cards.append(c)
        v = CARD_VALUE[c]
        low = h.low = h.low + v
        if v == 1:
            h.ace = True
        if low > 21:
            self._bust(h, c, step)
            return
        words, soft, made = _AFTER[h.ace][low]
        h.announcements.append(words)
        self._steps.append((step, h.label, c, words))
        if made:  # 21
            h.closed = True
        elif h.doubled or h.split_aces:
            # one card only after a double or on a split Ace [000]: the hand is closed, and a
            # soft point is announced once more by its standing value (chosen, RULES.md §2)
            h.closed = True
            if soft:
                self._say(h, h.words(closed=True))
        elif len(cards) == 2:  # a split hand's second card
            h.legal = self._legal_of(h)

    def _bust(self, h: Hand, card: str | None = None, step: str = DEAL_SAY) -> None:
        """[000][003] a bust box loses at once: the dealer collects the bet and the cards
        (`card`: the card just dealt, recorded with the words in a `step`)."""
        h.announcements.append("bust")
        add = self._steps.append
        add((ANNOUNCE, h.label, "bust") if card is None else (step, h.label, card, "bust"))
        h.closed = True
        h.result = BUST
        net = h.net
        balance = self._balance
        for k, v in h.stakes.items():  # a loop, not a comprehension: see payout.money_map
            n = net[k] = -v
            balance[k] = balance[k] + n if k in balance else n
        add((COLLECT, h.label, h.stakes))

    def _say(self, h: Hand, words: str) -> None:
        h.announcements.append(words)
        self._steps.append((ANNOUNCE, h.label, words))

    def _pay_naturals(self) -> None:
        self._waiting_naturals = False
        for b in self.boxes.values():
            h = b.hands[0]
            if h.natural and not h.natural_paid:
                h.natural_paid = True
                h.result = BLACKJACK
                net = h.net
                balance = self._balance
                for k, v in h.stakes.items():
                    n = net[k] = blackjack_win(v, self.rules)
                    balance[k] = balance[k] + n if k in balance else n
                self._steps.append((ev.BLACKJACK_PAID, h.label, net))

    # ------------------------------------------------------------------ insurance
    def insurable(self) -> dict[int, dict[str, Decimal]]:
        """By box, the bettors who may insure now and the amount, half of each one's bet: exactly
        half, or the most he may put up where the table takes less (`Insurance.insurable`)."""
        ins = self._insurance
        if self.phase != INSURANCE or ins is None:
            return {}
        return ins.insurable(self.boxes)

    def insure(self, box: int, amount: Decimal, bettor: str = SEAT) -> None:
        """`bettor` on `box` insures `amount` against his own bet [000][003]."""
        why = self.insurance_refusal(box, amount, bettor)
        if why is not None:
            raise RoundError(why)
        b = self.boxes[box]
        assert self._insurance is not None  # offered, or insurance_refusal would have said
        self._insurance.place(b, bettor, amount)

    def insurance_refusal(self, box: int, amount: Decimal, bettor: str = SEAT) -> Reason | None:
        """Why `bettor` on `box` may not insure `amount` now (what `insure` would raise), or None
        if he may."""
        ins = self._insurance
        if self.phase != INSURANCE or ins is None:
            up = self.dealer[0] if self.dealer else None
            if not up:
                why = Reason(N_("the cards are not dealt"))
            elif CARD_VALUE[up] == 1 and not self.rules.insurance:
                why = Reason(N_("{preset} offers no insurance"), preset=self.rules.preset)
            else:
                why = Reason(N_("the dealer shows {card}"), card=Card(up, article=True))
            return Reason(N_("box {box}: insurance is not offered now ({why})"), box=box, why=why)
        return ins.refusal(box, self.boxes.get(box), bettor, amount)

    def close_insurance(self) -> None:
        if self.phase != INSURANCE:
            raise RoundError.of(N_("insurance is not being offered"))
        self._steps.append((ev.INSURANCE_CLOSED,))
        self._after_insurance()

    def _after_insurance(self) -> None:
        # No peek, even with a hole card: it is turned only when every player has finished
        # ("quand plus personne ne souhaite ajouter de cartes" [001], [004])
        self.phase = PLAY
        self._advance()

    # ------------------------------------------------------------------ play

    def _advance(self, h: Hand | None = None) -> None:
        """Find the next hand to play, dealing split hands their second card; else the dealer.
        (`h`: the next hand in the queue, already taken from it.)

        Play only ever moves forward (box order, then a box's hands first to last [000]): the
        hands wait in `_queue` in that order (a split puts its new hand after the box's last),
        and `_turns` takes them from it in turn, resuming where it stopped."""
        turns = self._turns
        if h is None:
            h = next(turns, None)
        while h is not None:
            if not h.closed:
                if len(h.cards) == 1:
                    # a split hand gets its second card when its turn comes [000]
                    self._deal_to(h)
                if not h.closed:
                    self.current = h
                    return
            h = next(turns, None)
        self.current = None
        self._dealer_plays()

    def _after_card(self, h: Hand) -> None:
        """Announce the hand and close it when it can take no more [000] (after an exposed card;
        `_deal_to` does the same for every other card)."""
        if len(h.cards) < 2:
            return
        low = h.low
        if low > 21:
            self._bust(h)
            return
        soft = h.ace and low <= 11
        self._say(h, POINT_WORDS[low, soft, h.natural, False])
        if (low + 10 if soft else low) == 21:
            h.closed = True
        elif h.doubled or h.split_aces:
            h.closed = True
            if soft:
                self._say(h, h.words(closed=True))
        elif len(h.cards) == 2:  # a split hand's second card
            h.legal = self._legal_of(h)

    def legal_actions(self, refusals: Collection[str] = ()) -> tuple[str, ...]:
        """The actions the current hand may take. `refusals`: bettors on the box who would refuse
        to put up more money for a double or split."""
        h = self.current
        if h is None:  # (a hand has the turn only in the play phase)
            return ()
        if len(h.cards) != 2:
            return _HIT_STAND  # doubles and splits are for the first two cards only [000]
        if refusals:
            return _LEGAL[self._can_double(h, refusals, False) is None][
                self._can_split(h, refusals, False) is None
            ]
        return h.legal  # worked out when the hand got its second card (`_legal_of`)

    def _legal_of(self, h: Hand) -> tuple[str, ...]:
        """What the two-card hand `h` may do when nobody refuses: `_can_double` and
        `_can_split` without refusals, written out."""
        cards = h.cards
        r = self.rules
        if h.split_aces or (h.split and not r.double_after_split):
            may_double = False
        else:
            low = h.low
            may_double = (low + 10 if h.ace and low <= 11 else low) in _DOUBLE_TOTALS[r.double_on]
        mode = r.split
        if mode == "none":
            may_split = False
        else:
            a = cards[0][0]
            b = cards[1][0]
            may_split = (
                (a == b if mode == "rank" else VALUE[a] == VALUE[b])
                and not (h.split_aces or (h.split and a == "A"))
                and len(self.boxes[h.box].hands) < r.max_hands
            )
        return _LEGAL[may_double][may_split]

    def _consent(self, h: Hand, refusals: Collection[str], what: str) -> Reason | None:
        if not refusals:
            return None
        if SEAT in refusals:
            if what == DOUBLE:
                return Reason(N_("the seated player decides and cannot refuse their own double"))
            return Reason(N_("the seated player decides and cannot refuse their own split"))
        box = self.boxes[h.box]
        unknown = [x for x in refusals if x not in box.bets]
        if unknown:
            return Reason(
                N_("{bettors} has no bet on box {box}"),
                bettors=Listing.of(Bettor, unknown),
                box=h.box,
            )
        # a bettor with no stake on this hand (he refused an earlier split) has no say in it
        refusals = [x for x in refusals if x in h.stakes]
        if refusals and self.rules.behind_consent:
            # [003] every bettor on the box must agree; one refusal and it cannot be done
            return Reason(
                N_("{bettor} refuses, and every bettor on the box must agree [003]"),
                bettor=Listing.of(Bettor, refusals),
            )
        return None

    def _can_double(
        self, h: Hand, refusals: Collection[str], explain: bool = True
    ) -> Reason | str | None:
        """None if the hand may double, else why not (or just _NO when not `explain`ing)."""
        r = self.rules
        if len(h.cards) != 2:
            return (
                Reason(N_("a hand doubles on its first two cards only [000]")) if explain else _NO
            )
        if h.split_aces:
            if not explain:
                return _NO
            return Reason(N_("split Aces take one card each and cannot double [000]"))
        if h.split and not r.double_after_split:
            if not explain:
                return _NO
            return Reason(N_("no double after a split under {preset}"), preset=r.preset)
        low = h.low
        best = low + 10 if h.ace and low <= 11 else low  # h.best, without the property
        # the best total counts (chosen): A 8 is a soft 19, not a 9, and does not double on 9-11
        if best not in _DOUBLE_TOTALS[r.double_on]:
            if not explain:
                return _NO
            if r.double_on == "none":
                return Reason(N_("no doubling under {preset} [004]"), preset=r.preset)
            return Reason(
                N_("doubling needs a first two cards' total of {totals} [000], this is {point}"),
                totals=r.double_on,
                point=Point(h.words()),
            )
        return self._consent(h, refusals, DOUBLE) if refusals else None

    def _can_split(
        self, h: Hand, refusals: Collection[str], explain: bool = True
    ) -> Reason | str | None:
        """None if the hand may split, else why not (or just _NO when not `explain`ing)."""
        r = self.rules
        if r.split == "none":
            return Reason(N_("no split under {preset} [004]"), preset=r.preset) if explain else _NO
        if len(h.cards) != 2:
            return Reason(N_("only the first two cards can be split [000]")) if explain else _NO
        a, b = h.cards
        pair = VALUE[a[0]] == VALUE[b[0]] if r.split == "value" else a[0] == b[0]
        if not pair:
            if not explain:
                return _NO
            if r.split == "value":
                why = N_(
                    "{first} and {second} are not a pair: a split needs two cards of the same "
                    "value [003]"
                )
            else:
                why = N_(
                    "{first} and {second} are not a pair: a split needs two cards of the same "
                    "rank [000]"
                )
            return Reason(why, first=Card(a[0]), second=Card(b[0]))
        box = self.boxes[h.box]
        if h.split_aces or (h.split and a[0] == "A"):
            return Reason(N_("split Aces make 2 hands only [000]")) if explain else _NO
        if len(box.hands) >= r.max_hands:
            if not explain:
                return _NO
            # (a table that splits holds 2 hands or more: RulesError otherwise)
            return Reason(N_("a box holds {count} hands at most [000]"), count=r.max_hands)
        return self._consent(h, refusals, SPLIT) if refusals else None

    def refusal(self, action: str, refusals: Collection[str] = ()) -> Reason | None:
        """Why the current hand may not take `action` now, `refusals` refusing to add money
        (what `act` would refuse, without the box and hand `act`'s error names), or None if it
        may: the engine's one reason, for whoever asks (deal mode says it to the trainee)."""
        h = self.current
        if h is None:
            return self._no_turn(action)
        if action == DOUBLE:
            why = self._can_double(h, refusals)
        elif action == SPLIT:
            why = self._can_split(h, refusals)
        elif action in (HIT, STAND):
            return None
        else:
            return self._unknown(action)
        assert not isinstance(why, str)  # (explained)
        return why

    def _no_turn(self, action: str) -> Reason:
        if self.phase == INSURANCE:
            return Reason(N_("insurance is being offered: close it before the boxes play"))
        return Reason(N_("no hand is waiting for a decision (cannot {action})"), action=action)

    @staticmethod
    def _unknown(action: str) -> Reason:
        return Reason(
            N_("unknown action {action}: expected {actions}"),
            action=repr(action),
            actions=", ".join(ACTIONS),
        )

    def act(self, action: str, refusals: Collection[str] = ()) -> None:
        """Apply the seated player's decision to the current hand [000][003]."""
        h = self.current
        if h is None:  # (a hand has the turn only in the play phase)
            raise RoundError(self._no_turn(action))
        if action == HIT:
            self._deal_to(h, HIT_SAY)  # the hit and its card, one step
        elif action == STAND:
            self._steps.append((S_STAND, h.label))
            h.closed = True
            if h.ace and h.low < 11:  # soft and below 21 (h.soft and h.best < 21)
                # chosen: a soft point is announced once more by its standing value
                self._say(h, h.words(closed=True))
        elif action == DOUBLE:
            why = self._can_double(h, refusals)
            if why is not None:
                raise RoundError.of(
                    N_("box {box}: hand {hand} cannot double: {why}"),
                    box=h.box,
                    hand=h.label,
                    why=why,
                )
            # new stakes, not the old ones changed: a hand's first stakes are its box's bets
            stakes: dict[str, Decimal] = {}
            for k, v in h.stakes.items():
                stakes[k] = v if k in refusals else v * TWO
            h.stakes = stakes
            h.doubled = True
            self._steps.append((S_DOUBLE, h.label, stakes))
            self._deal_to(h)
        elif action == SPLIT:
            why = self._can_split(h, refusals)
            if why is not None:
                raise RoundError.of(
                    N_("box {box}: hand {hand} cannot split: {why}"),
                    box=h.box,
                    hand=h.label,
                    why=why,
                )
            self._split(h, refusals)
        else:
            raise RoundError.of(N_("box {box}: {why}"), box=h.box, why=self._unknown(action))
        if h.closed:
            # _advance's usual case written out: the next hand in the queue holds two cards and
            # has its turn
            nxt = next(self._turns, None)
            if nxt is not None and not nxt.closed and len(nxt.cards) == 2:
                self.current = nxt
                return
            self._advance(nxt)

    def _split(self, h: Hand, refusals: Collection[str]) -> None:
        box = self.boxes[h.box]
        aces = h.cards[0][0] == "A"
        was = h.label
        second = h.cards.pop()
        h.announcements.clear()  # the pair's point was the box's; each hand starts anew
        h.low = VALUE[h.cards[0][0]]
        h.ace = h.low == 1
        new = make_hand(
            h.box,
            [second],
            {k: v for k, v in box.bets.items() if k not in refusals},
            {},  # the new bet is added money: not part of the original bet
            [],
            low=CARD_VALUE[second],
            ace=CARD_VALUE[second] == 1,
            split=True,
            split_aces=aces,
        )
        h.split = True
        h.split_aces = aces
        # chosen: a re-split hand goes to the end of the box, so labels never change in play;
        # in the queue, after the box's last hand (the box's hands follow one another there)
        queue = self._queue
        queue.insert(queue.index(box.hands[-1]) + 1, new)
        box.hands.append(new)
        for i, hh in enumerate(box.hands):
            hh.label = f"{box.number}.{i + 1}"
        self._steps.append((ev.SPLIT, was, (h.label, new.label)))
        if aces:
            # [000] split Aces: one card each, and 21 is not a Black Jack
            for hh in (h, new):
                self._deal_to(hh)
        else:
            self._deal_to(h)

    # ------------------------------------------------------------------ exposed card
    def expose(self, refused_by: Collection[str] = ()) -> ExposedOutcome:
        """[003] The dealer pulls and exposes a card nobody asked for (trainer.game.exposed).

        `refused_by` holds box numbers (as strings) and possibly "dealer"; it is checked before
        the card is pulled, so a refused call changes nothing."""
        h = self.current
        if self.phase != PLAY or h is None:
            raise RoundError.of(N_("a card can only be exposed while the boxes are playing"))
        candidates = self.exposed_offer_order()
        unknown = [x for x in refused_by if x not in candidates]
        if unknown:
            if DEALER in unknown:
                why = N_(
                    "the exposed card is offered to {offered}; {unknown} cannot refuse it (the "
                    "dealer already stands: the card is no use to him [003])"
                )
            else:
                why = N_("the exposed card is offered to {offered}; {unknown} cannot refuse it")
            raise RoundError.of(
                why, offered=Listing.of(Place, candidates), unknown=Listing.of(Place, unknown)
            )
        card = self._draw()
        self._steps.append((ev.EXPOSED, card))
        out = offer(card, candidates, refused_by, self._steps)
        who = out.taken_by
        if who == DEALER:
            self._dealer.kept.append(card)
        elif who == BURNED:
            self._burn(card)
        else:
            box = self.boxes[int(who)]
            target = next(hh for hh in box.hands if not hh.closed)
            target.add(card)
            self._after_card(target)
            if target is h and h.closed:
                self._advance()
        return out

    def exposed_offer_order(self) -> list[str]:
        """Who a card exposed now would be offered to, in turn [003]: the box whose turn it is,
        the later boxes still to play, then the dealer if he may still use a card."""
        h = self.current
        if self.phase != PLAY or h is None:
            return []
        return offer_order(self._order, h.box, not self._dealer.stands_already())

    def _burn(self, card: str) -> None:
        self.burned.append(card)
        if self._on_burn is not None:
            self._on_burn(card)
        self._steps.append((ev.BURN, card))

    # ------------------------------------------------------------------ dealer
    def _dealer_plays(self) -> None:
        """RULES.md §6.5 and §8: the dealer's second card (with a hole card, that card turned
        [001][004]), the insurance and the waiting naturals settled on it, then his draws, and
        the settlement (§9, `settle`).

        He draws only while something is left to settle against his hand (chosen): when every
        hand has bust, or only Black Jacks already paid remain, he takes no card, unless an
        insurance bet waits for his second card; and he stops as soon as nothing is left (a
        natural paid on his second card leaves nothing to draw for). An exposed card he kept
        [003] is his next card."""
        self.phase = DONE
        self.current = None
        dealer = self._dealer
        boxes = self._order
        ins = self._insurance
        kept = dealer.kept
        draw = self._draw
        undecided = self._undecided()
        more = None  # whether he must draw again, once his second card is out
        try:
            if self.rules.hole_card:
                dealer.reveal()
            elif undecided or (ins is not None and ins.waiting(boxes)):
                more = dealer.hit(kept.pop(0) if kept else draw())  # his second card
            cards = dealer.cards
            # (dealer.natural, written out)
            natural = len(cards) == 2 and dealer.ace and dealer.low == 11
            if len(cards) >= 2:
                if ins is not None:
                    ins.settle(boxes, natural, self._balance)
                if not natural and self._waiting_naturals:
                    self._pay_naturals()
                    undecided = self._undecided()
            # (no hand is settled while he draws: what is left to settle is known before his
            # third card)
            if not natural and undecided:
                if more is None:
                    more = dealer.must_draw()
                while more:
                    more = dealer.hit(kept.pop(0) if kept else draw())
        except OutOfCards:
            self.drawing_for = DEALER
            raise
        # a kept card the dealer never needed is in no hand: it is burned, so none goes missing
        # (chosen: §10 burns only a card everyone refuses, and says nothing of this case)
        while kept:
            self._burn(kept.pop(0))
        low = dealer.low
        best = low + 10 if dealer.ace and low <= 11 else low  # (dealer.best, written out)
        settle(self._queue, best, natural, self.rules, self._steps, self._balance)
        self.dealer_result = dealer.result()

    def _undecided(self) -> bool:
        """Whether a hand still waits for the dealer's hand to be settled."""
        for h in self._queue:  # every hand
            if h.result is None:
                return True
        return False

    # ------------------------------------------------------------------ views
    @property
    def events(self) -> list[dict[str, Any]]:
        """Every step of the round so far, in table order, as the transcript writes them
        (trainer.game.events): the same list, growing as the round goes on."""
        record = self._record
        if record is None:
            record = self._record = Record(self._steps)
        return record.written()

    @property
    def deal_order(self) -> list[str]:
        """Who the deal's cards went to, in order [000]: each box, the dealer, each box again,
        and the dealer's hole card where the table has one [001][004]."""
        if not self._order:
            return []
        labels = [b.label for b in self._order]
        hole = [DEALER] if self.rules.hole_card else []
        return [*labels, DEALER, *labels, *hole]

    @property
    def hole_revealed(self) -> bool:
        return self._dealer.hole_revealed

    @property
    def done(self) -> bool:
        return self.phase == DONE

    def settlement_order(self) -> list[Hand]:
        """Every hand as the dealer settles them, box 7 first (`settlement.settlement_order`);
        bust hands and Black Jacks paid at once come in their places, though settled before."""
        return list(settlement_order(self._order))

    def hands(self) -> list[Hand]:
        out: list[Hand] = []
        for b in self.boxes.values():
            out += b.hands
        return out

    def balances(self) -> dict[str, Decimal]:
        """Each bettor's net over the round, his hands and his insurance (those settled so far).

        Kept as the round goes, each net added as it is settled (a bust, a Black Jack paid at
        once, the insurance, the settlement): the sums are exact, so they are the nets' own in
        any order."""
        return self._balance.copy()

    def snapshot(
        self,
        *,
        currency: str = "€",
        highlights: Iterable[str] = (),
        collected: bool | None = None,
    ) -> TableView:
        """The table as a trainee sees it now.

        While play goes on, a hand that bust is gone from the felt, stake and cards: the dealer
        collected it at once [000][003] (a box left with no hand shows no bet either; the labels
        gone are in `BoxView.collected`). Once the round is over every hand is shown with its
        result, as the settlement left them. `collected=True` shows the bust hands whatever the
        moment (the table as it was when the hand bust), `False` never."""
        show = self.phase == DONE if collected is None else collected
        boxes = []
        for n in range(1, self.rules.boxes + 1):
            b = self.boxes.get(n)
            if b is None:
                boxes.append(BoxView(n))
                continue
            hands = []
            gone = []
            for h in b.hands:
                if h.result == BUST and not show:
                    gone.append(h.label)
                    continue
                hands.append(
                    HandView(h.label, tuple(h.cards), tuple(h.stakes.items()), h.doubled, h.result)
                )
            boxes.append(
                BoxView(
                    n,
                    tuple(b.bets.items()) if hands or not gone else (),
                    tuple(hands),
                    b.insurance,
                    tuple(b.insured.items()),
                    collected=tuple(gone),
                )
            )
        hidden = self.rules.hole_card and len(self.dealer) >= 2 and not self._dealer.hole_revealed
        return TableView(
            tuple(boxes),
            tuple(self.dealer),
            hole_card=hidden,
            active=self.current.label if self.current else (DEALER if self.phase == DONE else None),
            highlights=tuple(highlights),
            currency=currency,
        )
