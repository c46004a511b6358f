"""Cards and points (RULES.md §1) and the words of an announcement (RULES.md §2), as pure functions.

The announcements made during a round are checked in test_round.py; here the building blocks.
"""

from collections import Counter

import pytest

from trainer.game.announce import BLACK_JACK, BUST, announce, announce_points, announce_up_card
from trainer.game.cards import (
    RANKS,
    CardError,
    best,
    full_deck,
    is_natural,
    is_pair,
    is_ten,
    parse_card,
    points,
    rank,
    value,
)

# ---------------------------------------------------------------- reading a card


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("A", "A"),
        ("T", "T"),
        ("TS", "TS"),
        ("10", "T"),
        ("10s", "TS"),
        ("10H", "TH"),
        ("qh", "QH"),
        (" K ", "K"),
        ("2c", "2C"),
        ("9D", "9D"),
    ],
)
def test_parse_card_normalises(token: str, card: str) -> None:
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["Z", "1", "11", "", "TX", "AA", "0", "KSS", 10, None, ["A"]])
def test_parse_card_refuses_what_is_not_a_card(token: object) -> None:
    with pytest.raises(CardError, match="unknown card") as e:
        parse_card(token)
    # the message says what a card looks like, so an instructor can fix the scenario
    assert "A, 2-9, T, J, Q or K" in str(e.value)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


# ---------------------------------------------------------------- values [000][001][003][004]


def test_values_of_every_rank() -> None:
    # Ace 1 (or 11 in a hand), 2-9 their face value, 10 J Q K ("bûches") 10
    assert [value(r) for r in RANKS] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@pytest.mark.parametrize("card", ["T", "J", "Q", "K", "TS", "JH", "QD", "KC"])
def test_ten_values(card: str) -> None:
    assert is_ten(card)
    assert value(card) == 10


@pytest.mark.parametrize("card", ["A", "9", "5S", "AH"])
def test_not_ten_values(card: str) -> None:
    assert not is_ten(card)


def test_suits_never_matter() -> None:
    assert points(["AS", "6H"]) == points(["A", "6"]) == points(["AC", "6D"])
    assert rank("QH") == "Q"


@pytest.mark.parametrize(
    ("cards", "low", "soft", "best_point"),
    [
        (["T", "6"], 16, False, 16),
        (["A", "5"], 6, True, 16),  # [000] "un As et un 5 valent 6 ou Seize"
        (["A", "7"], 8, True, 18),  # [004] "7 et As, c'est 18"
        (["A", "6", "T"], 17, False, 17),  # the Ace must count 1 now: hard
        (["A", "A"], 2, True, 12),
        (["A", "A", "9"], 11, True, 21),
        (["A", "T"], 11, True, 21),
        (["Q", "9"], 19, False, 19),  # [001] "une dame et un 9 vaut 19"
        (["J", "2", "K"], 22, False, 22),  # [001] "un valet et un 2, puis un roi: 22"
        (["A", "A", "A", "A", "7"], 11, True, 21),
        (["5", "5", "A"], 11, True, 21),
        (["9", "A", "A"], 11, True, 21),
        (["T", "T", "A"], 21, False, 21),
        ([], 0, False, 0),
    ],
)
def test_points(cards: list[str], low: int, soft: bool, best_point: int) -> None:
    assert points(cards) == (low, soft)
    assert best(cards) == best_point


@pytest.mark.parametrize(
    "cards", [["A", "T"], ["T", "A"], ["A", "J"], ["Q", "A"], ["AS", "KH"], ("K", "A")]
)
def test_natural_is_an_ace_and_a_ten_value_in_two_cards(cards: list[str]) -> None:
    assert is_natural(cards)


@pytest.mark.parametrize(
    "cards", [["A", "9"], ["T", "T"], ["A", "A"], ["A", "5", "5"], ["7", "7", "7"], ["A"], []]
)
def test_not_a_natural(cards: list[str]) -> None:
    assert not is_natural(cards)


@pytest.mark.parametrize(
    ("a", "b", "by_rank", "by_value"),
    [
        ("8", "8", True, True),
        ("8S", "8H", True, True),  # suits never matter
        ("K", "K", True, True),
        ("K", "Q", False, True),  # [003] any two ten-value cards count as a pair
        ("T", "J", False, True),
        ("A", "A", True, True),
        ("A", "T", False, False),
        ("9", "8", False, False),
    ],
)
def test_pairs_by_rank_and_by_value(a: str, b: str, by_rank: bool, by_value: bool) -> None:
    assert is_pair(a, b, by_value=False) is by_rank  # [000] two cards of the same rank
    assert is_pair(a, b, by_value=True) is by_value


def test_full_deck_is_52_cards_4_of_each_rank() -> None:
    deck = full_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert Counter(rank(c) for c in deck) == dict.fromkeys(RANKS, 4)
    assert all(parse_card(c) == c for c in deck)


# ---------------------------------------------------------------- announcing the point, §2


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (["T", "4"], "14"),  # hard hand: the total
        (["9", "5"], "14"),
        (["A", "5"], "6 or 16"),  # soft below 21: both values, low first [000]
        (["A", "7"], "8 or 18"),  # "8 o 18"
        (["A", "A"], "2 or 12"),
        (["A", "2", "3"], "6 or 16"),
        (["A", "5", "5"], "21"),  # soft 21 in three cards
        (["7", "7", "7"], "21"),  # hard 21 in three cards
        (["A", "9", "A"], "21"),
        (["A", "K"], BLACK_JACK),  # natural
        (["Q", "A"], BLACK_JACK),
        (["T", "6", "K"], BUST),  # over 21
        (["A", "6", "T"], "17"),  # the Ace now counts 1: hard 17
        (["A", "6", "9", "5"], "21"),
    ],
)
def test_announce(cards: list[str], words: str) -> None:
    assert announce(cards) == words


def test_announcement_constants() -> None:
    assert BLACK_JACK == "Black Jack"
    assert BUST == "bust"


@pytest.mark.parametrize(("cards", "words"), [(["A", "K"], "21"), (["T", "A"], "21")])
def test_a_split_hand_of_21_in_two_cards_is_21_not_black_jack(cards: list[str], words: str) -> None:
    # [000][001][002][003] a split hand that reaches 21 in two cards is never a Black Jack
    assert announce(cards, split=True) == words


def test_split_hands_are_announced_like_any_other_hand() -> None:
    assert announce(["8", "3"], split=True) == "11"
    assert announce(["A", "6"], split=True) == "7 or 17"


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (["A", "6"], "17"),  # a closed soft hand: the best total alone
        (["A", "2", "5"], "18"),
        (["T", "8"], "18"),
        (["A", "T"], BLACK_JACK),
        (["T", "6", "K"], BUST),
    ],
)
def test_announce_closed_hand_gives_the_standing_value(cards: list[str], words: str) -> None:
    # chosen (RULES.md §2): a closed hand is announced by its best total alone
    assert announce(cards, closed=True) == words


@pytest.mark.parametrize(
    ("card", "words"),
    [("A", "1 or 11"), ("AS", "1 or 11"), ("T", "10"), ("K", "10"), ("9", "9"), ("2H", "2")],
)
def test_announce_up_card(card: str, words: str) -> None:
    # the dealer's up card alone; an Ace is "1 or 11"
    assert announce_up_card(card) == words


@pytest.mark.parametrize(
    ("low", "soft", "kw", "words"),
    [
        (14, False, {}, "14"),
        (6, True, {}, "6 or 16"),
        (11, True, {}, "21"),
        (11, True, {"natural": True}, BLACK_JACK),
        (7, True, {"closed": True}, "17"),
        (22, False, {}, BUST),
        (26, False, {"closed": True}, BUST),
    ],
)
def test_announce_points(low: int, soft: bool, kw: dict[str, bool], words: str) -> None:
    assert announce_points(low, soft, **kw) == words
