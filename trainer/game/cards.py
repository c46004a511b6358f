"""Cards and points: reading a card token, the value of a hand, soft and hard, natural and bust.

A card is a short string: its rank (`A 2-9 T J Q K`) and, when known, its suit (`S H D C`), e.g.
`"T"`, `"TS"`, `"QH"`. Suits never matter to the game [000][001][003][004]; they are kept only so
a drawn card looks like a card.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "SHDC"

# [000] the Ace counts 1 or 11, 2-9 their face value, 10 J Q K ("bûches") count 10
VALUE: dict[str, int] = {r: min(i + 1, 10) for i, r in enumerate(RANKS)}

# Every card token the engine accepts, with or without suit, and what it normalises to.
_CARD: dict[str, str] = {}
for _r in RANKS:
    _CARD[_r] = _r
    for _s in SUITS:
        _CARD[_r + _s] = _r + _s
for _s in ("", *SUITS):
    _CARD["10" + _s] = "T" + _s


# VALUE by the whole card, for every card as the engine holds it ("TS" -> 10, "T" -> 10, as
# `parse_card` writes them): the round looks up the value of every card it deals, and one
# look-up is cheaper than taking the rank first
CARD_VALUE: dict[str, int] = {c: VALUE[c[0]] for c in _CARD.values()}


class CardError(ValueError):
    """A token that is not a card."""


def parse_card(token: object) -> str:
    """The card a token names, normalised (`"10s"` -> `"TS"`), or CardError."""
    if isinstance(token, str):
        card = _CARD.get(token.strip().upper())
        if card is not None:
            return card
    from trainer.i18n import _  # only a scenario's card written wrong comes here

    raise CardError(
        _(
            "unknown card {card}: expected a rank A, 2-9, T, J, Q or K, with an optional suit "
            "S, H, D or C ({example})"
        ).format(card=repr(token), example='"TS"')
    )


def rank(card: str) -> str:
    return card[0]


def value(card: str) -> int:
    """1 for an Ace, 10 for a ten-value card, the face value otherwise."""
    return VALUE[card[0]]


def is_ten(card: str) -> bool:
    return VALUE[card[0]] == 10


def points(cards: Iterable[str]) -> tuple[int, bool]:
    """(hard total with every Ace as 1, soft) — soft while one Ace can count 11 without busting."""
    low = 0
    ace = False
    for c in cards:
        v = VALUE[c[0]]
        low += v
        ace = ace or v == 1
    return low, ace and low <= 11


def best(cards: Iterable[str]) -> int:
    """The best point of a hand: with an Ace counted 11 when that does not bust it."""
    low, soft = points(cards)
    return low + 10 if soft else low


def is_pair(a: str, b: str, by_value: bool) -> bool:
    """[000] two cards of the same rank; [003] any two ten-value cards count as a pair."""
    if by_value:
        return VALUE[a[0]] == VALUE[b[0]]
    return a[0] == b[0]


def is_natural(cards: list[str] | tuple[str, ...]) -> bool:
    """[000] an Ace and a ten-value card as the first two cards (a split hand never is one)."""
    return len(cards) == 2 and {VALUE[cards[0][0]], VALUE[cards[1][0]]} == {1, 10}


def full_deck() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


_SUIT_SIGNS = str.maketrans({"S": "♠", "H": "♥", "D": "♦", "C": "♣", "T": "10"})


def card_text(cards: Iterable[str]) -> str:
    """Cards as a person reads them: "10♠ A♥"."""
    return " ".join(c.translate(_SUIT_SIGNS) for c in cards)
