"""A still picture of the table: what a trainee sees at one moment of a round.

The round and the drills produce these immutable views; the Qt table scene draws them and
nothing else. Boxes are numbered 1..7 from the dealer's left (box 1 in front of the players'
rightmost chair) [000].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand on a box: its cards in the order dealt and the stake on it per bettor."""

    label: str  # "4", or "4.1", "4.2" after a split
    cards: tuple[str, ...]
    stakes: tuple[tuple[str, Decimal], ...] = ()  # (bettor, stake); "seat" first
    doubled: bool = False
    result: str | None = None  # blackjack / win / push / lose / bust once settled


@dataclass(frozen=True, slots=True)
class BoxView:
    number: int  # 1..7
    bets: tuple[
        tuple[str, Decimal], ...
    ] = ()  # (bettor, original bet); "seat" is the seated player
    hands: tuple[HandView, ...] = ()
    insurance: Decimal | None = None  # what the box's bettors insured together
    # (bettor, insured) for each bettor who insured [003]; their sum is `insurance`
    insurances: tuple[tuple[str, Decimal], ...] = ()
    # (bettor, the chips of his bet as he put them down, largest first) where they matter (the
    # chips drill's colour for colour); any other bet is drawn in the fewest chips
    chips: tuple[tuple[str, tuple[Decimal, ...]], ...] = ()
    # labels of the hands already collected, stake and cards, and so not in `hands`: a hand
    # that bust is taken at once [000][003]
    collected: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.bets


@dataclass(frozen=True, slots=True)
class MoneyView:
    """Money a player has put on the table for the dealer to count (RULES.md §14, house
    practice): the notes of a buy-in, the chips to change or to colour up, a stack to read.

    Whatever a player gives lies on the felt in front of his box, never in the dealer's hand;
    the dealer spreads it and counts it there."""

    box: int  # the box it lies in front of
    # banknotes spread on the felt, largest first (a buy-in)
    notes: tuple[Decimal, ...] = ()
    # stacks of one colour each, drawn from the side as on the felt: (denomination, chips in it)
    stacks: tuple[tuple[Decimal, int], ...] = ()
    # the stacks are cut in fives (a gap every five chips) rather than one uncut column
    cut: bool = True
    # what the player says with it: "change 300", "in fives", "colouring up" ("" for nothing)
    said: str = ""


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything on the felt. `boxes` holds one BoxView per box of the table, empty ones too."""

    boxes: tuple[BoxView, ...]
    dealer_cards: tuple[str, ...] = ()
    hole_card: bool = False  # the dealer's second card lies face down
    exposed_card: str | None = None  # a card pulled by mistake, awaiting the procedure [003]
    active: str | None = None  # label of the hand whose turn it is, or "dealer"
    highlights: tuple[str, ...] = field(default=())  # labels the drill wants the eye on
    currency: str = "€"
    # the shoe's next cards, shown face up beside the shoe, in the order they will come out (the
    # dealer's draw drill asks what the dealer does with them)
    shoe_next: tuple[str, ...] = ()
    # (hand label, decision, words): the hand signal a player makes at his box — "hit",
    # "stand", "double" or "split" — and what he says with it ("card", "je double"), shown
    # until the dealer has carried it out
    signals: tuple[tuple[str, str, str], ...] = ()
    # money on the table to count, change or colour up (the money skills), None when none
    money: MoneyView | None = None

    def box(self, number: int) -> BoxView:
        for b in self.boxes:
            if b.number == number:
                return b
        raise KeyError(number)
