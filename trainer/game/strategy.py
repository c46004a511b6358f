"""Basic strategy as data: what a sound player does with a hand against the dealer's up card.

The drills' simulated players play by it, with the odd mistake a real player makes
(`player_action`), so the tables a trainee deals look like real tables: nobody stands on 5 or on
a soft 15, nobody hits a hard 18.

The chart is the usual one for several decks, the dealer standing on every 17 [000], doubling
after a split where the house allows it. Each row gives the play against the dealer's 2, 3, …,
9, ten-value, Ace:

    H hit · S stand · D double, else hit · E double, else stand · P split

What the table forbids (RULES.md §7: `double_on`, `double_after_split`, `split`, `max_hands`)
is never played: a double the table refuses becomes the row's fallback, a pair that cannot be
split is played as its total. Without a hole card a dealer Black Jack takes the money added by
doubles and splits too (RULES.md §9, `dealer_bj_takes` "all"), so against a ten or an Ace the
player keeps it on the table: the "no hole card" rows below.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.game.cards import VALUE, points
from trainer.game.rules import HouseRules

HIT = "hit"
STAND = "stand"
DOUBLE = "double"
SPLIT = "split"

# columns: the dealer's up card 2 3 4 5 6 7 8 9 T A
_COLUMN = {2: 0, 3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8, 1: 9}

HARD: dict[int, str] = {
    8: "HHHHHHHHHH",  # 8 or less
    9: "HDDDDHHHHH",
    10: "DDDDDDDDHH",
    11: "DDDDDDDDDH",
    12: "HHSSSHHHHH",
    13: "SSSSSHHHHH",
    14: "SSSSSHHHHH",
    15: "SSSSSHHHHH",
    16: "SSSSSHHHHH",
    17: "SSSSSSSSSS",  # 17 or more
}
SOFT: dict[int, str] = {
    13: "HHHDDHHHHH",  # A 2
    14: "HHHDDHHHHH",
    15: "HHDDDHHHHH",
    16: "HHDDDHHHHH",
    17: "HDDDDHHHHH",
    18: "SEEEESSHHH",
    19: "SSSSSSSSSS",  # 19 or more
}
PAIRS: dict[int, str] = {  # by the value of one card of the pair; 1 is a pair of Aces
    1: "PPPPPPPPPP",
    2: "PPPPPPHHHH",
    3: "PPPPPPHHHH",
    4: "HHHPPHHHHH",
    5: "DDDDDDDDHH",  # never split fives: a hard 10
    6: "PPPPPHHHHH",
    7: "PPPPPPHHHH",
    8: "PPPPPPPPPP",
    9: "PPPPPSPPSS",
    10: "SSSSSSSSSS",
}
# without doubling after a split the small pairs are split less often
PAIRS_NO_DOUBLE_AFTER_SPLIT: dict[int, str] = {
    2: "HPPPPPHHHH",
    3: "HHPPPPHHHH",
    4: "HHHHHHHHHH",
    6: "HPPPPHHHHH",
}
# no hole card, and a dealer Black Jack takes doubles and splits: put no more money out against
# a ten or an Ace than the hand needs
NO_HOLE_CARD: dict[tuple[str, int], str] = {
    ("hard", 11): "DDDDDDDDHH",
    ("pair", 1): "PPPPPPPPPH",
    ("pair", 8): "PPPPPPPPHH",
}


def _row(kind: str, key: int, rules: HouseRules) -> str:
    if not rules.hole_card and rules.dealer_bj_takes == "all":
        row = NO_HOLE_CARD.get((kind, key))
        if row is not None:
            return row
    if kind == "pair":
        if not rules.double_after_split and key in PAIRS_NO_DOUBLE_AFTER_SPLIT:
            return PAIRS_NO_DOUBLE_AFTER_SPLIT[key]
        return PAIRS[key]
    if kind == "soft":
        return SOFT[min(key, 19)]
    return HARD[max(8, min(key, 17))]


def chart_play(cards: Sequence[str], up: str, rules: HouseRules, *, may_split: bool) -> str:
    """The chart's letter for this hand (H, S, D, E or P), before what the table allows."""
    col = _COLUMN[VALUE[up[0]]]
    if may_split and len(cards) == 2 and VALUE[cards[0][0]] == VALUE[cards[1][0]]:
        play = _row("pair", VALUE[cards[0][0]], rules)[col]
        if play == "P":
            return play
        # a pair the chart does not split is played as its total
    low = sum(VALUE[c[0]] for c in cards)
    soft = low <= 11 and any(VALUE[c[0]] == 1 for c in cards)
    if soft and low + 10 >= 13:
        return _row("soft", low + 10, rules)[col]
    return _row("hard", low, rules)[col]


def basic_action(cards: Sequence[str], up: str, legal: Sequence[str], rules: HouseRules) -> str:
    """What basic strategy plays with `cards` against the dealer's `up` card, among the `legal`
    actions the round offers (hit and stand are always among them)."""
    play = chart_play(cards, up, rules, may_split=SPLIT in legal)
    if play == "P":
        return SPLIT
    if play in "DE":
        if DOUBLE in legal:
            return DOUBLE
        return HIT if play == "D" else STAND
    return HIT if play == "H" else STAND


# How often a simulated player strays from basic strategy: real tables are not played perfectly.
MISTAKE_RATE = 0.05


def possible(action: str, cards: Sequence[str]) -> bool:
    """Whether any player makes `action` on `cards`, even by mistake: nobody takes a card on a
    hard 17 or more (or on 21), nobody stands on a hand one card cannot bust (11 or less, a soft
    12 to 16), nobody doubles a stiff 15."""
    low, soft = points(cards)
    best = low + 10 if soft else low
    if action in (HIT, DOUBLE) and (best == 21 or (not soft and low >= 17)):
        return False
    if action == STAND and (best <= 11 or (soft and best <= 16)):
        return False
    if action == DOUBLE and not (8 <= best <= 11 or (soft and best <= 18)):
        return False
    return True


def player_action(
    rng: random.Random,
    cards: Sequence[str],
    up: str,
    legal: Sequence[str],
    rules: HouseRules,
    mistakes: float = MISTAKE_RATE,
) -> str:
    """Basic strategy for `cards` against `up` among the `legal` actions, and now and then
    (`mistakes` of the time, drawn from `rng`) another play a real player might make instead:
    standing on a stiff hand, hitting a 12 against a 4, not doubling, not splitting — never one
    no player makes (`possible`)."""
    right = basic_action(cards, up, legal, rules)
    if rng.random() >= mistakes:
        return right
    others = [a for a in legal if a != right and possible(a, cards)]
    return rng.choice(others) if others else right


__all__ = [
    "DOUBLE",
    "HIT",
    "MISTAKE_RATE",
    "SPLIT",
    "STAND",
    "basic_action",
    "chart_play",
    "player_action",
    "possible",
]
