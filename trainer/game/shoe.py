"""The shoe ("sabot"): its decks, the seeded shuffle, the cut, the red card and the burn.

[000][003] The dealer shuffles, a player cuts with the blue card, the dealer places the red card
to mark the end of the shoe ("talon") and burns the first 5 cards. When the red card comes out
the round is finished and the shoe is reshuffled *(chosen)*. [002] Online, the shoe is shuffled
after every hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial
from itertools import repeat, starmap

from trainer.game.cards import full_deck

BURN = 5  # [000] "Le croupier brûle alors les 5 premières"


class OutOfCards(LookupError):
    """The shoe (or a scripted card list) has no card left."""


def shuffled(cards: Sequence[str], rng: random.Random) -> list[str]:
    """`cards` in a uniformly random order: each card draws a seeded random key (a 53-bit
    float) and the cards are read in the order of their keys — every order as likely as with
    Random.shuffle, a little faster in CPython since the keys are drawn and sorted in C where
    Random.shuffle runs a Python loop (the shoe is reshuffled every round online). Two equal keys
    would keep those two cards in the deck's order: about once in 10^11 shuffles of six decks."""
    # The sort asks each card for its key once, first card first, before it compares any: the
    # key "function" is the next of the random draws (next(draws, card), the card never used),
    # so the cards are sorted by their own keys at once, with no list of keys or of positions.
    # (starmap calls random() once per card without a Python loop.)
    draws = starmap(rng.random, repeat((), len(cards)))
    return sorted(cards, key=partial(next, draws))


# the cards of a shoe of n decks in the makers' order, made once
_DECKS: dict[int, tuple[str, ...]] = {}


class Shoe:
    """A seeded shoe of `decks` decks. `draw()` gives the next card.

    Every card is accounted for: `dealt`, `burned` and `remaining` together always hold exactly
    the cards of the decks.
    """

    def __init__(
        self,
        decks: int = 6,
        *,
        seed: int | None = None,
        every_round: bool = False,
        penetration: float = 0.75,
        burn: int = BURN,
    ) -> None:
        self.decks = decks
        # the cards burned after each shuffle: 5 at a casino's table [000][003]; none in a family
        # game, whose text has no burn [004]
        self.burn_count = burn
        self.every_round = every_round
        self.penetration = penetration
        self._rng = random.Random(seed)
        self.shuffles = 0
        self.shuffle()

    def shuffle(self) -> None:
        fresh = _DECKS.get(self.decks)
        if fresh is None:
            fresh = _DECKS[self.decks] = tuple(full_deck() * self.decks)
        cards = shuffled(fresh, self._rng)
        # The cut: a player puts the blue card somewhere past the first and last deck-quarter.
        n = len(cards)
        cut = self._rng.randrange(n // 4, 3 * n // 4 + 1)
        cards = cards[cut:] + cards[:cut]
        self._cards = cards
        # The red card: about a quarter of the shoe (at least 10 cards) stays behind it.
        self.red_card_at = min(n - 10, max(self.burn_count + 1, int(n * self.penetration)))
        if self.every_round:
            self.red_card_at = n
        self._burned_at: set[int] = set()  # positions of exposed cards burned in play [003]
        self.shuffles += 1
        # [000] burn the first 5
        self.burned: list[str] = cards[: self.burn_count]
        self._pos = self._pos_after_burn = self._round_start = self.burn_count

    @property
    def dealt(self) -> list[str]:
        """The cards drawn since the shuffle, less any exposed card burned in play."""
        return [
            self._cards[i]
            for i in range(self._pos_after_burn, self._pos)
            if i not in self._burned_at
        ]

    @property
    def remaining(self) -> list[str]:
        return self._cards[self._pos :]

    @property
    def red_card_out(self) -> bool:
        return self._pos >= self.red_card_at

    def draw(self) -> str:
        # every card of every round comes through here: ask forgiveness for the rare empty shoe
        # rather than comparing with len() at each card (the position is never negative)
        pos = self._pos
        try:
            card = self._cards[pos]
        except IndexError:
            self._reshuffle_discards()
            pos = self._pos
            card = self._cards[pos]
        self._pos = pos + 1
        return card

    def draw_many(self, n: int) -> list[str] | None:
        """The next `n` cards at once, or None when the shoe holds fewer (draw them one by one
        then: the discards are reshuffled as need be)."""
        pos = self._pos
        end = pos + n
        if end > len(self._cards):
            return None
        self._pos = end
        return self._cards[pos:end]

    def _reshuffle_discards(self) -> None:
        """A small shoe ran out in the middle of a round (a one-deck home game at a full table):
        the discards of the earlier rounds are shuffled and dealing goes on *(chosen)*; the cards
        of the round in play stay where they are."""
        discards = [
            self._cards[i]
            for i in range(self._pos_after_burn, self._round_start)
            if i not in self._burned_at
        ]
        if not discards:
            raise OutOfCards("the shoe is empty and there are no discards to reshuffle")
        self._rng.shuffle(discards)
        in_play = self._cards[self._round_start : self._pos]
        burned_here = {i - self._round_start for i in self._burned_at if i >= self._round_start}
        self._cards = in_play + discards
        self._burned_at = burned_here
        self._pos = len(in_play)
        self._pos_after_burn = 0
        self._round_start = 0
        self.red_card_at = self._pos  # the red card is long gone: shuffle after this round
        self.shuffles += 1

    def burn(self, card: str) -> None:
        """[003] an exposed card refused by everyone is burned: move it to the burned pile."""
        # the exposed card is always the last one drawn
        if self._pos > 0 and self._cards[self._pos - 1] == card:
            self._burned_at.add(self._pos - 1)
        else:
            idx = max(i for i in range(self._pos) if self._cards[i] == card)
            self._burned_at.add(idx)
        self.burned.append(card)

    def begin_round(self) -> None:
        """The cards drawn from here on belong to the round being dealt; the ones before it are
        discards (the Round calls this when it deals)."""
        self._round_start = self._pos

    def end_round(self) -> bool:
        """Call after each round: reshuffles when due. True if it did."""
        if self.every_round or self._pos >= self.red_card_at:  # self.red_card_out
            self.shuffle()
            return True
        self._round_start = self._pos
        return False


class ScriptedCards:
    """The cards of a scenario, in the order they leave the shoe after the burn."""

    def __init__(self, cards: Iterable[str]) -> None:
        self._cards = list(cards)
        self._pos = 0

    def draw(self) -> str:
        if self._pos >= len(self._cards):
            raise OutOfCards(f"too few cards: all {len(self._cards)} were used")
        card = self._cards[self._pos]
        self._pos += 1
        return card

    def draw_many(self, n: int) -> list[str] | None:
        """The next `n` cards, or None when fewer are left (draw them one by one then, to learn
        which card was missing)."""
        pos = self._pos
        if pos + n > len(self._cards):
            return None
        self._pos = pos + n
        return self._cards[pos : pos + n]

    def bring(self, ranks: str) -> bool:
        """Make the next card drawn one of `ranks` ("TJQK": any ten-value card), swapped in
        from further down: the cards stay the shoe's, in another order no card drawn yet can
        tell apart. False (nothing changed) when none is left."""
        cards, pos = self._cards, self._pos
        if pos >= len(cards):
            return False
        if cards[pos][0] in ranks:
            return True
        for j in range(pos + 1, len(cards)):
            if cards[j][0] in ranks:
                cards[pos], cards[j] = cards[j], cards[pos]
                return True
        return False

    @property
    def used(self) -> int:
        return self._pos

    @property
    def left(self) -> int:
        return len(self._cards) - self._pos
