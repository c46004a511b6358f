"""What the dealer says: the announcement of a point, exactly as RULES.md §2.

[000] "Le croupier annonce toujours le point": the dealer announces the point of every hand after
every card. Hard `"14"`; soft below 21 both values low first `"6 or 16"`; `"21"` in three or more
cards or after a split; `"Black Jack"` for a natural; `"bust"` over 21. A closed hand (stood, or a
dealer hand that must stand) is announced by its best total alone *(chosen)*.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.game.cards import RANKS, VALUE, points

BLACK_JACK = "Black Jack"
BUST = "bust"


def announce_points(low: int, soft: bool, *, natural: bool = False, closed: bool = False) -> str:
    """The words for a hand whose hard total is `low` (Aces as 1) and softness `soft`."""
    if natural:
        return BLACK_JACK
    if low > 21:
        return BUST
    if soft:
        high = low + 10
        if high == 21 or closed:
            return str(high)
        return f"{low} or {high}"
    return str(low)


class _PointWords(dict[tuple[int, bool, bool, bool], str]):
    """`announce_points` remembered by (low, soft, natural, closed): a round says the same few
    points again and again, and a dictionary look-up is much cheaper than building the words."""

    def __missing__(self, key: tuple[int, bool, bool, bool]) -> str:
        low, soft, natural, closed = key
        words = announce_points(low, soft, natural=natural, closed=closed)
        if low <= 40:  # every real hand; an absurd total is worked out but not kept
            self[key] = words
        return words


# POINT_WORDS[low, soft, natural, closed] == announce_points(low, soft, natural=..., closed=...)
POINT_WORDS = _PointWords()


def announce(cards: Sequence[str], *, split: bool = False, closed: bool = False) -> str:
    """The words for a hand of `cards`; `split` hands are never a Black Jack [000]."""
    low, soft = points(cards)
    natural = not split and len(cards) == 2 and soft and low == 11
    return announce_points(low, soft, natural=natural, closed=closed)


def spoken(words: str, lang: str | None = None) -> str:
    """An announcement in RULES.md §2's words as the dealer says it in `lang` (by default the
    trainee's, `trainer.i18n.language()`): "6 ou 16", "sauté", "Black Jack" in French, "6 o 16",
    "sballato" in Italian (RULES.md §13); a point in figures stays in figures [000]."""
    from trainer import i18n, vocabulary

    lang = i18n.language() if lang is None else lang
    if lang == "en":
        return words
    if words == BLACK_JACK:
        return vocabulary.said("blackjack", lang)
    if words == BUST:
        return vocabulary.said("bust", lang)
    low, joined, high = words.partition(" or ")
    if joined:
        return f"{low} {vocabulary.said('or', lang)} {high}"
    return words


def announce_up_card(card: str) -> str:
    """The dealer's single up card: an Ace alone is `"1 or 11"`."""
    v = VALUE[card[0]]
    return "1 or 11" if v == 1 else str(v)


# UP_CARD_WORDS[rank] == announce_up_card(card) for a card of that rank
UP_CARD_WORDS: dict[str, str] = {r: announce_up_card(r) for r in RANKS}


# The words of a hand still open, neither a natural nor closed, by its hard total (Aces as 1):
# HARD_WORDS[low], and SOFT_WORDS[low] while an Ace may count 11 (low <= 11). A list look-up
# is cheaper than POINT_WORDS' four keys, and this is what the round says after most cards.
HARD_WORDS: tuple[str, ...] = tuple(announce_points(low, False) for low in range(32))
SOFT_WORDS: tuple[str, ...] = tuple(announce_points(low, True) for low in range(12))
# and of a closed hand (one that stands, or a dealer's that must): CLOSED_WORDS[best], by its
# best total, "bust" over 21 (a natural is "Black Jack" whatever)
CLOSED_WORDS: tuple[str, ...] = tuple(str(best) if best <= 21 else BUST for best in range(32))
