"""The players' side of a round: a box with its bets, and the hands played on it.

A box holds every bettor's bet (the seated player's, "seat", and the standing players' behind
it [000][003]) and one hand, or several after a split [000]. A hand keeps its cards with their
running point, the stake on it per bettor, and what it came to once settled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import NoReturn

from trainer.game.announce import POINT_WORDS
from trainer.game.cards import CARD_VALUE
from trainer.game.payout import ZERO
from trainer.i18n import _, pgettext

BOX_LABELS = tuple(str(n) for n in range(8))  # a box's number as text, made once


class _Nothing(dict[str, Decimal]):
    """No amount for anyone, and none may be added: one shared empty mapping, in place of an
    empty dict made for every box. A dict, so that it reads at a dict's speed; copied or
    pickled, it stays the one NOTHING."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("NOTHING holds no amount and takes none")

    __setitem__ = __delitem__ = __ior__ = update = setdefault = pop = popitem = clear = _refuse

    def __reduce__(self) -> str:
        return "NOTHING"

    def __copy__(self) -> _Nothing:
        return self

    def __deepcopy__(self, memo: object) -> _Nothing:
        return self


NOTHING: Mapping[str, Decimal] = _Nothing()

SEAT = "seat"  # the seated player, who decides for the box; behind bettors have names [000]

# Results of a hand once settled.
BLACKJACK = "blackjack"
WIN = "win"
PUSH = "push"
LOSE = "lose"
BUST = "bust"


@dataclass(init=False, slots=True, eq=False)
class Hand:
    box: int
    cards: list[str]
    # the stake on the hand per bettor: a hand dealt holds its box's bets themselves, which no
    # longer change once the cards are out, until a double puts new stakes in their place
    stakes: dict[str, Decimal]
    # what a dealer Black Jack may take when dealer_bj_takes is "original"
    original: dict[str, Decimal]
    low: int
    ace: bool
    split: bool  # born of a split: never a Black Jack [000]
    split_aces: bool  # one card each, closed [000]
    doubled: bool
    closed: bool
    # an Ace and a ten-value as the first two cards, not after a split [000]; kept up to date
    # by add() rather than worked out at every look
    natural: bool
    natural_paid: bool
    result: str | None
    net: dict[str, Decimal]  # empty until the hand is settled, then filled once
    announcements: list[str]
    label: str
    # what the hand may do on its first two cards when nobody refuses: worked out when it gets
    # them (Round.legal_actions)
    legal: tuple[str, ...]

    def add(self, card: str) -> None:
        cards = self.cards
        cards.append(card)
        v = CARD_VALUE[card]
        self.low += v
        if v == 1:
            self.ace = True
        self.natural = len(cards) == 2 and self.ace and self.low == 11 and not self.split

    @property
    def soft(self) -> bool:
        return self.ace and self.low <= 11

    @property
    def best(self) -> int:
        return self.low + 10 if self.ace and self.low <= 11 else self.low

    @property
    def bust(self) -> bool:
        return self.low > 21

    def words(self, closed: bool = False) -> str:
        low = self.low
        return POINT_WORDS[low, self.ace and low <= 11, self.natural, closed]


# Hand() and Box() are blank: make_hand fills a hand, and the round fills the boxes it opens
# at a first bet and the hands it deals (Round.bet, Round.deal). A class without __init__ is the
# cheapest to call, and a round makes a box for every box bet on and a hand for every box dealt.


def make_hand(
    box: int,
    cards: list[str],
    stakes: dict[str, Decimal],
    original: dict[str, Decimal],
    announcements: list[str],
    label: str = "",
    low: int = 0,
    ace: bool = False,
    split: bool = False,
    split_aces: bool = False,
) -> Hand:
    """A hand on box `box` holding `cards` (their hard total `low`, an Ace in them or not), with
    its stakes and original bet per bettor, its words so far and its label; `split`: born of a
    split, `split_aces`: of split Aces."""
    h = Hand()
    h.box = box
    h.cards = cards
    h.stakes = stakes
    h.original = original
    h.label = label
    h.low = low
    h.ace = ace
    h.split = split
    h.split_aces = split_aces
    h.doubled = h.closed = h.natural = h.natural_paid = False
    h.result = None
    h.net = {}
    h.announcements = announcements
    h.legal = ()
    return h


@dataclass(init=False, slots=True, eq=False)
class Box:
    number: int
    bets: dict[str, Decimal]
    hands: list[Hand]
    # every bettor on the box may insure, against his own bet [003] "ogni giocatore"; a box
    # starts with NOTHING, one shared empty mapping (most boxes never insure), and insurance
    # puts new dicts in its place (trainer.game.insurance)
    insured: Mapping[str, Decimal]
    insurance_nets: Mapping[str, Decimal]  # once settled
    # the bets' total, kept as they are placed: a box may hold thousands of behind bets, and
    # summing them again at every bet made placing them quadratic
    total: Decimal
    label: str  # the box's number as text, the label of its hand until it splits

    @property
    def insurance(self) -> Decimal | None:
        """What the box's bettors insured together, or None if nobody did."""
        return sum(self.insured.values(), ZERO) if self.insured else None

    @property
    def insurance_net(self) -> Decimal | None:
        """The insurance's net to the box's bettors together, once settled."""
        return sum(self.insurance_nets.values(), ZERO) if self.insurance_nets else None


def bettor_name(who: str) -> str:
    """A bettor on a box as the trainee's language names it: the seated player ("seat"), or
    a player betting behind ("behind-a")."""
    if who == "seat":
        return pgettext("bettor", "seat")
    if who.startswith("behind-"):
        return _("behind-{letter}").format(letter=who.removeprefix("behind-"))
    return who
