"""The dealer's hand: his cards with their running point, what he announces, a hole card where
the table plays one [001][004], and the exposed cards he kept [003].

RULES.md §8: the dealer draws on 16 or less and stands on every 17, soft 17 included [000][001]
[003][004] (option `dealer_hits_soft_17`); he never doubles or splits. His point is announced
after every card [000]; a hand that must stand is announced by its standing value at once
(A 6 -> "17") *(chosen, RULES.md §2)*.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from trainer.game.announce import (
    BLACK_JACK,
    CLOSED_WORDS,
    HARD_WORDS,
    SOFT_WORDS,
    UP_CARD_WORDS,
    announce_points,
    announce_up_card,
)
from trainer.game.cards import CARD_VALUE, VALUE, is_natural, points
from trainer.game.events import ANNOUNCE, DEAL_SAY, DEALER, REVEAL, Step
from trainer.game.hand import BLACKJACK, BUST
from trainer.game.rules import HouseRules

__all__ = ["DEALER", "UNFINISHED", "Dealer", "dealer_draws", "dealer_must_draw", "dealer_words"]
# the dealer's result when he stopped before his hand was made: nothing was left to settle
# against it (RULES.md §6.5), so it is neither a point nor bust
UNFINISHED = "unfinished"


class Dealer:
    """The dealer's side of one round. The round draws the cards and hands them over; the dealer
    adds them up, says the point and records it in the round's steps (trainer.game.events)."""

    __slots__ = ("rules", "cards", "low", "ace", "announcements", "hole_revealed", "kept", "_steps")

    def __init__(self, rules: HouseRules, steps: list[Step]) -> None:
        self.rules = rules
        self.cards: list[str] = []
        self.low = 0  # the hard total (Aces as 1) and whether an Ace is in it
        self.ace = False
        self.announcements: list[str] = []
        self.hole_revealed = False
        self.kept: list[str] = []  # exposed cards the dealer took, his next cards [003]
        self._steps = steps

    # ------------------------------------------------------------------ the deal
    def take_up_card(self, card: str) -> str:
        """[000] the dealer's one face-up card of the first round; returns what he says of it
        (the round records the deal as one step)."""
        self.cards.append(card)
        v = self.low = CARD_VALUE[card]
        self.ace = v == 1
        words = UP_CARD_WORDS[card[0]]
        self.announcements.append(words)
        return words

    def take_hole_card(self, card: str) -> None:
        """[001][004] the second card, face down, in the second round of the deal."""
        self._add(card)

    def _add(self, card: str) -> None:
        self.cards.append(card)
        v = CARD_VALUE[card]
        self.low += v
        if v == 1:
            self.ace = True

    # ------------------------------------------------------------------ play
    def hit(self, card: str) -> bool:
        """The dealer takes `card` face up and announces the hand; True while he must draw
        again [000].

        One call per dealer card: the adding and the words are written out here, and the
        must-draw answer serves both the words (a standing hand says its total) and the loop."""
        cards = self.cards
        cards.append(card)
        v = CARD_VALUE[card]
        low = self.low = self.low + v
        if v == 1:
            self.ace = True
        soft = self.ace and low <= 11
        # _must_draw(low, soft, self.rules), written out [000]: draw to 16, stand on 17; and the
        # words (POINT_WORDS[low, soft, natural, not must], from the tables)
        best = low + 10 if soft else low
        must = best < 17 or (soft and best == 17 and self.rules.dealer_hits_soft_17)
        if must:
            words = SOFT_WORDS[low] if soft else HARD_WORDS[low]
        elif soft and low == 11 and len(cards) == 2:
            words = BLACK_JACK
        else:
            words = CLOSED_WORDS[best]
        self.announcements.append(words)
        self._steps.append((DEAL_SAY, DEALER, card, words))
        return must

    def reveal(self) -> None:
        """[001][004] the hole card is turned face up and the hand announced."""
        if self.hole_revealed or len(self.cards) < 2:
            return
        self.hole_revealed = True
        self._steps.append((REVEAL, self.cards[1]))
        self.say(self.words())

    def say(self, words: str) -> None:
        self.announcements.append(words)
        self._steps.append((ANNOUNCE, DEALER, words))

    # the dealer's words and draws, from the running total rather than the cards again
    def words(self) -> str:
        low = self.low
        return _dealer_say(self.cards[0], len(self.cards), low, self.ace and low <= 11, self.rules)

    def must_draw(self) -> bool:
        low = self.low
        return _must_draw(low, self.ace and low <= 11, self.rules)

    @property
    def natural(self) -> bool:
        """is_natural(self.cards), from the running total: two cards, an Ace, 11 hard."""
        return len(self.cards) == 2 and self.ace and self.low == 11

    @property
    def best(self) -> int:
        low = self.low
        return low + 10 if self.ace and low <= 11 else low

    def stands_already(self) -> bool:
        """Whether his hand, the exposed cards he kept [003] included, must stand as it is, so
        that no further card could ever be his. With the hole card still face down nobody knows
        his hand (there is no peek): he may yet need a card (chosen)."""
        if self.rules.hole_card and not self.hole_revealed:
            return False
        low, ace = self.low, self.ace
        for c in self.kept:
            v = VALUE[c[0]]
            low += v
            ace = ace or v == 1
        if len(self.cards) + len(self.kept) == 2 and ace and low == 11:
            return True  # Black Jack
        return not _must_draw(low, ace and low <= 11, self.rules)

    def result(self) -> str:
        """What his hand became: "blackjack", "bust", the point he stands on ("17"), or
        "unfinished" for a hand he stopped drawing to, never the point of a hand that must still
        draw ("9", "11")."""
        low = self.low
        soft = self.ace and low <= 11
        if soft and low == 11 and len(self.cards) == 2:  # self.natural
            return BLACKJACK
        if low > 21:
            return BUST
        if _must_draw(low, soft, self.rules):
            return UNFINISHED
        return CLOSED_WORDS[low + 10 if soft else low]  # str(self.best), made once


def _must_draw(low: int, soft: bool, rules: HouseRules) -> bool:
    """[000] the dealer draws on 16 or less and stands on every 17; option dealer_hits_soft_17."""
    best = low + 10 if soft else low
    if best < 17:
        return True
    return soft and best == 17 and rules.dealer_hits_soft_17


def _dealer_say(first: str, n: int, low: int, soft: bool, rules: HouseRules) -> str:
    """What the dealer says of a hand of `n` cards: a lone Ace is "1 or 11"; a hand that must
    stand is announced by its standing value at once (A 6 -> "17") (chosen, RULES.md §2)."""
    if n == 1:
        return announce_up_card(first)
    natural = n == 2 and soft and low == 11
    return announce_points(low, soft, natural=natural, closed=not _must_draw(low, soft, rules))


def dealer_must_draw(cards: Sequence[str], rules: HouseRules) -> bool:
    low, soft = points(cards)
    return _must_draw(low, soft, rules)


def dealer_words(cards: Sequence[str], rules: HouseRules) -> str:
    low, soft = points(cards)
    return _dealer_say(cards[0], len(cards), low, soft, rules)


def dealer_draws(cards: Iterable[str], rules: HouseRules) -> list[str]:
    """The dealer's hand from the up card on, drawing from `cards` (the up card first) by the
    rules of §8 until the hand must stand, or is a natural."""
    it = iter(cards)
    hand = [next(it)]
    while dealer_must_draw(hand, rules):
        hand.append(next(it))
        if len(hand) == 2 and is_natural(hand):
            break
    return hand
