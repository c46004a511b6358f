"""Reading typed answers: accepted spellings, refusals and their messages, round-trip properties."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.practice.answers import (
    Unreadable,
    parse_amount,
    parse_announcement,
    parse_chips,
    parse_choice,
    parse_dealer,
    parse_results,
    parse_sequence,
)

CASINO_CHIPS = tuple(Decimal(c) for c in ("1", "2", "5", "10", "25", "100", "500"))

# Every announcement RULES.md §2 allows: hard 2..21, soft "low or high" below 21 (a lone Ace is
# "1 or 11"), and the words.
ALL_POINTS = (
    [str(t) for t in range(2, 22)]
    + [f"{low} or {low + 10}" for low in range(1, 11)]
    + ["Black Jack", "bust"]
)


# --- announcements -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("14", "14"),
        (" 14 ", "14"),
        ("hard 14", "14"),
        ("4", "4"),
        ("2", "2"),
        ("21", "21"),
        ("6 or 16", "6 or 16"),
        ("6 ou 16", "6 or 16"),
        ("6 o 16", "6 or 16"),
        ("8 oppure 18", "8 or 18"),
        ("6/16", "6 or 16"),
        ("6 / 16", "6 or 16"),
        ("6-16", "6 or 16"),
        ("16/6", "6 or 16"),
        ("16 or 6", "6 or 16"),
        ("6   OR   16", "6 or 16"),
        ("soft 16", "6 or 16"),
        ("Soft16", "6 or 16"),
        ("s16", "6 or 16"),
        ("S 16", "6 or 16"),
        ("soft 6/16", "6 or 16"),
        ("1 or 11", "1 or 11"),
        ("soft 11", "1 or 11"),
        ("soft 21", "21"),
        ("11 or 21", "21"),
        ("21/11", "21"),
        ("blackjack", "Black Jack"),
        ("Black Jack", "Black Jack"),
        ("black jack", "Black Jack"),
        ("BLACK-JACK", "Black Jack"),
        ("bj", "Black Jack"),
        ("BJ", "Black Jack"),
        ("b.j.", "Black Jack"),
        ("Black Jack!", "Black Jack"),
        ("bust", "bust"),
        ("Busted", "bust"),
        ("over", "bust"),
        ("sauté", "bust"),
        ("SAUTE", "bust"),
        ("sauter", "bust"),
        ("sballato", "bust"),
        ("sballa", "bust"),
        ("16.", "16"),
        ("6\u00a0ou\u00a016", "6 or 16"),  # French typography: no-break spaces
    ],
)
def test_announcement_spellings(typed: str, canonical: str) -> None:
    assert parse_announcement(typed) == canonical


@pytest.mark.parametrize(
    ("typed", "read_as"),
    [
        # Readable but wrong: the checker marks these against the expected announcement.
        ("22", "22"),
        ("26", "26"),
        ("30", "30"),
        ("12 or 22", "12 or 22"),
        ("soft 22", "12 or 22"),
    ],
)
def test_wrong_content_is_read_not_refused(typed: str, read_as: str) -> None:
    assert parse_announcement(typed) == read_as


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "0",
        "1",
        "31",
        "166",
        "abc",
        "soft",
        "soft 6",
        "sixteen",
        "6 or",
        "or 16",
        "6 16",
        "6 or 16 or 26",
        "16,5",
        "bust 22",
        "black",
        "jack",
    ],
)
def test_announcement_refusals_say_what_is_expected(typed: str) -> None:
    with pytest.raises(Unreadable) as excinfo:
        parse_announcement(typed)
    message = str(excinfo.value)
    assert message.startswith("expected a point")
    assert '"6 or 16"' in message and '"Black Jack"' in message


@pytest.mark.parametrize("typed", ["6 or 15", "16/7", "0 or 10", "6 - 26", "20 or 40"])
def test_pair_not_ten_apart_is_not_a_point(typed: str) -> None:
    with pytest.raises(Unreadable, match=r"10 apart.*\"6 or 16\""):
        parse_announcement(typed)


def test_unreadable_is_a_value_error() -> None:
    assert issubclass(Unreadable, ValueError)


@pytest.mark.parametrize("point", ALL_POINTS)
def test_every_canonical_point_reads_as_itself(point: str) -> None:
    assert parse_announcement(point) == point


_SEPARATORS = st.sampled_from([" or ", " ou ", " o ", "/", " / ", "-", " OR ", "  ou  "])


@given(low=st.integers(1, 10), sep=_SEPARATORS, high_first=st.booleans(), upper=st.booleans())
def test_any_spelling_of_a_soft_point_reads_low_first(
    low: int, sep: str, high_first: bool, upper: bool
) -> None:
    a, b = (low + 10, low) if high_first else (low, low + 10)
    typed = f"{a}{sep}{b}"
    assert parse_announcement(typed.upper() if upper else typed) == f"{low} or {low + 10}"


@given(st.integers(-100, 400))
def test_any_number_is_a_point_or_refused(n: int) -> None:
    if 2 <= n <= 30:
        assert parse_announcement(str(n)) == str(n)
    else:
        with pytest.raises(Unreadable):
            parse_announcement(str(n))


# --- amounts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("37,50", "37.5"),
        ("37.5", "37.5"),
        ("37.50", "37.5"),
        ("€37.50", "37.5"),
        ("37.50 €", "37.5"),
        ("37,5€", "37.5"),
        ("€ 37,50", "37.5"),
        ("37,50 EUR", "37.5"),
        ("15 euros", "15"),
        ("$ 15", "15"),
        ("£15", "15"),
        ("1 000", "1000"),
        ("1\u202f000,50", "1000.5"),  # narrow no-break space, as French software writes it
        ("1\u00a0000", "1000"),
        ("1'000", "1000"),
        ("1,000", "1000"),
        ("1.000", "1000"),
        ("1,000.50", "1000.5"),
        ("1.000,50", "1000.5"),
        ("1,234,567.89", "1234567.89"),
        ("1.234.567,89", "1234567.89"),
        ("+15", "15"),
        ("0", "0"),
        ("0,00", "0"),
        ("-0", "0"),
        (".5", "0.5"),
        (",50", "0.5"),
        ("37.", "37"),
        ("100", "100"),
        ("100.00", "100"),
        ("  12,3  ", "12.3"),
    ],
)
def test_amount_spellings(typed: str, amount: str) -> None:
    assert parse_amount(typed) == Decimal(amount)


@pytest.mark.parametrize("typed", ["100", "100.00", "1 000", "500", "20,0"])
def test_amounts_are_never_in_exponent_form(typed: str) -> None:
    result = parse_amount(typed)
    assert "E" not in str(result)
    assert result.as_tuple().exponent == 0


def test_amount_drops_trailing_zeros() -> None:
    assert str(parse_amount("37,50")) == "37.5"


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("-20", "-20"),
        ("- 20", "-20"),
        ("-€20", "-20"),
        ("€-20", "-20"),
        ("\u221220,5", "-20.5"),
        ("+15", "15"),
        ("0", "0"),
    ],
)
def test_negative_amounts_when_allowed(typed: str, amount: str) -> None:
    assert parse_amount(typed, allow_negative=True) == Decimal(amount)


@pytest.mark.parametrize("typed", ["-20", "-€20", "- 0,50"])
def test_negative_amounts_refused_by_default(typed: str) -> None:
    with pytest.raises(Unreadable, match=r"expected an amount without a minus sign"):
        parse_amount(typed)


@pytest.mark.parametrize(
    "typed",
    [
        "",
        " ",
        "abc",
        "fifteen",
        "15 20",
        "15, 20",
        "15 + 20",
        "1e5",
        "€15€",
        "+-3",
        "--3",
        "€",
        ".",
        ",",
        "12,34,56",
        "1,00,000",
        "0,125",
        "1 00",
        "15x",
        "37.50.1",
        "1.000.00",
    ],
)
def test_amount_refusals_say_what_is_expected(typed: str) -> None:
    with pytest.raises(Unreadable, match=r'^expected an amount like "37\.50"'):
        parse_amount(typed)


def test_amount_refusal_mentions_minus_when_allowed() -> None:
    with pytest.raises(Unreadable, match=r'"-20"'):
        parse_amount("abc", allow_negative=True)


@pytest.mark.parametrize("typed", ["37.5000", "1,23456"])
def test_more_than_two_decimals_refused(typed: str) -> None:
    with pytest.raises(Unreadable, match="at most two decimals"):
        parse_amount(typed)


def test_absurdly_long_amount_refused() -> None:
    with pytest.raises(Unreadable):
        parse_amount("9" * 40)


_AMOUNTS = st.decimals(
    min_value=0, max_value=10**9, places=2, allow_nan=False, allow_infinity=False
)


def _spellings(d: Decimal) -> list[str]:
    english = format(d, "f")
    grouped = format(d, ",f")  # 1,234,567.50
    french = grouped.replace(",", "\u202f").replace(".", ",")  # 1 234 567,50
    italian = grouped.replace(",", "#").replace(".", ",").replace("#", ".")  # 1.234.567,50
    plain_comma = english.replace(".", ",")
    return [
        english,
        plain_comma,
        grouped,
        french,
        italian,
        f"€{english}",
        f"{plain_comma} €",
        f"$ {grouped}",
        f"{italian}€",
        f"+{english}",
    ]


@given(_AMOUNTS)
def test_amount_round_trip_in_every_spelling(d: Decimal) -> None:
    for typed in _spellings(d):
        assert parse_amount(typed) == d, typed


@given(_AMOUNTS)
def test_negative_amount_round_trip(d: Decimal) -> None:
    assert parse_amount(f"-{format(d, 'f')}", allow_negative=True) == -d
    assert parse_amount(f"-€{format(d, ',f')}", allow_negative=True) == -d


@given(_AMOUNTS)
def test_amount_result_is_normalised(d: Decimal) -> None:
    result = parse_amount(format(d, "f"))
    assert "E" not in str(result)
    assert result == d.normalize()


# --- chips ---------------------------------------------------------------------------------------

PAYOUT_62 = [Decimal(25), Decimal(25), Decimal(10), Decimal(2)]


@pytest.mark.parametrize(
    "typed",
    [
        "2x25 10 2",
        "25 25 10 2",
        "2×25 + 10 + 2",
        "2*25, 1x10, 1x2",
        "25+25+10+2",
        "25,25,10,2",
        "2 x 25 + 10 + 2",
        "2X25;10;2",
        "2 25 10 25",
        "2x25,10,2",
        "€25 25€ 10 2",
        "1x2 + 2x25 + 10",
    ],
)
def test_chip_spellings(typed: str) -> None:
    assert parse_chips(typed, CASINO_CHIPS) == PAYOUT_62


def test_chips_count_comes_first() -> None:
    assert parse_chips("25x2", CASINO_CHIPS) == [Decimal(2)] * 25


def test_chips_decimal_comma_names_a_fractional_chip() -> None:
    tray = [Decimal("0.5"), Decimal(1), Decimal("2.5"), Decimal(5)]
    assert parse_chips("5 + 2,50 + 0,5", tray) == [Decimal(5), Decimal("2.5"), Decimal("0.5")]
    assert parse_chips("2x2.5", tray) == [Decimal("2.5")] * 2


def test_chips_are_the_tray_entries() -> None:
    tray = [Decimal("25.00"), Decimal("5.00")]
    chips = parse_chips("25 5", tray)
    assert [str(c) for c in chips] == ["25.00", "5.00"]


@pytest.mark.parametrize("typed", ["7", "2x7", "25 25 3", "0,5", "1000"])
def test_chip_not_in_tray_refused_naming_the_chips(typed: str) -> None:
    with pytest.raises(Unreadable) as excinfo:
        parse_chips(typed, CASINO_CHIPS)
    message = str(excinfo.value)
    assert "expected chips of 1, 2, 5, 10, 25, 100 or 500" in message
    assert "is not a chip" in message


@pytest.mark.parametrize("typed", ["", " + ", "0x25", "2x", "x25", "abc", "100000x1"])
def test_unreadable_chips_refused(typed: str) -> None:
    with pytest.raises(Unreadable, match=r"expected chips of 1, 2, 5, 10, 25, 100 or 500, like"):
        parse_chips(typed, CASINO_CHIPS)


def test_chips_message_uses_the_tray() -> None:
    with pytest.raises(Unreadable, match=r'expected chips of 1, 5 or 10, like "2x10 \+ 1"'):
        parse_chips("25", [Decimal(1), Decimal(5), Decimal(10)])


def test_chips_need_a_tray() -> None:
    with pytest.raises(ValueError, match="denomination"):
        parse_chips("5", [])


@given(
    counts=st.lists(
        st.tuples(st.sampled_from(CASINO_CHIPS), st.integers(1, 6)), min_size=1, max_size=8
    ),
    joiner=st.sampled_from([" ", " + ", "+", ", ", "; "]),
    times=st.sampled_from(["x", "×", "*", " x ", " × "]),
    expand=st.booleans(),
)
def test_chips_sum_is_the_written_sum(
    counts: list[tuple[Decimal, int]], joiner: str, times: str, expand: bool
) -> None:
    if expand:
        terms = [format(chip, "f") for chip, n in counts for _ in range(n)]
    else:
        terms = [f"{n}{times}{format(chip, 'f')}" for chip, n in counts]
    chips = parse_chips(joiner.join(terms), CASINO_CHIPS)
    assert sum(chips) == sum(chip * n for chip, n in counts)
    assert chips == sorted(chips, reverse=True)
    assert len(chips) == sum(n for _, n in counts)


# --- deal order ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "order"),
    [
        ("1 2 3 d", ["1", "2", "3", "dealer"]),
        ("1, 2, 3, dealer", ["1", "2", "3", "dealer"]),
        ("1>2>3>D", ["1", "2", "3", "dealer"]),
        ("1 -> 2 -> 3 -> croupier", ["1", "2", "3", "dealer"]),
        ("1 → 2 → banque", ["1", "2", "dealer"]),
        ("1-2-banco", ["1", "2", "dealer"]),
        ("4.1 4.2 5 bank", ["4.1", "4.2", "5", "dealer"]),
        ("1 3 7 Dealer 1 3 7", ["1", "3", "7", "dealer", "1", "3", "7"]),
        ("  7 ;6 ", ["7", "6"]),
    ],
)
def test_sequence_spellings(typed: str, order: list[str]) -> None:
    assert parse_sequence(typed) == order


@pytest.mark.parametrize("typed", ["", " - ", "8", "0", "1 2 x", "4.5", "4.0", "4,1x", "player"])
def test_sequence_refusals(typed: str) -> None:
    with pytest.raises(Unreadable, match=r'expected box numbers 1 to 7, split hands like "4\.1"'):
        parse_sequence(typed)


def test_sequence_refusal_names_the_token() -> None:
    with pytest.raises(Unreadable, match=r'^"9" is not a box'):
        parse_sequence("1 2 9 d")


# --- outcomes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("blackjack", "blackjack"),
        ("bj", "blackjack"),
        ("Black Jack", "blackjack"),
        ("black-jack", "blackjack"),
        ("win", "win"),
        ("w", "win"),
        ("gagne", "win"),
        ("gagné", "win"),
        ("vince", "win"),
        ("push", "push"),
        ("p", "push"),
        ("égalité", "push"),
        ("egalite", "push"),
        ("tie", "push"),
        ("pari", "push"),
        ("lose", "lose"),
        ("l", "lose"),
        ("lost", "lose"),
        ("perd", "lose"),
        ("perde", "lose"),
        ("bust", "bust"),
        ("b", "bust"),
        ("sauté", "bust"),
        ("sballato", "bust"),
    ],
)
def test_result_words(typed: str, word: str) -> None:
    assert parse_results(typed, 1) == [word]


@pytest.mark.parametrize(
    "typed",
    [
        "win, push, lose",
        "W P L",
        "gagne égalité perd",
        "vince/pari/perde",
        "win-push-lose",
        "  WIN ;push  lost ",
    ],
)
def test_results_lists(typed: str) -> None:
    assert parse_results(typed, 3) == ["win", "push", "lose"]


def test_results_black_jack_in_a_list() -> None:
    assert parse_results("black jack, bust, b", 3) == ["blackjack", "bust", "bust"]


@pytest.mark.parametrize(("typed", "count"), [("win lose", 3), ("win lose push", 2), ("", 1)])
def test_results_wrong_count_says_how_many(typed: str, count: int) -> None:
    noun = "result" if count == 1 else "results"
    with pytest.raises(Unreadable, match=rf"^expected {count} {noun}, one per hand, like"):
        parse_results(typed, count)


def test_results_unknown_word_refused() -> None:
    with pytest.raises(Unreadable, match=r'^"draw" is not a result: expected 2 results'):
        parse_results("win draw", 2)


def test_results_need_a_positive_count() -> None:
    with pytest.raises(ValueError, match="positive"):
        parse_results("win", 0)


# --- the dealer's draw ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "reading"),
    [
        ("2, 19", (2, "19")),
        ("2 19", (2, "19")),
        ("2 cards 19", (2, "19")),
        ("2 cartes → 19", (2, "19")),
        ("2 cards: 19", (2, "19")),
        ("2 - 19", (2, "19")),
        ("2 bust", (2, "bust")),
        ("2, sauté", (2, "bust")),
        ("0 17", (0, "17")),
        ("1 Black Jack", (1, "Black Jack")),
        ("1 bj", (1, "Black Jack")),
        ("10 19", (10, "19")),  # a lone number is the count
        ("7 K bust", (2, "bust")),
        ("A 6 → 17", (2, "17")),
        ("a, 6, 17", (2, "17")),
        ("A 6 = 17", (2, "17")),
        ("T 10 Q 20", (3, "20")),
        ("K bust", (1, "bust")),
        ("A -> 1 or 11", (1, "1 or 11")),
        ("2 6/16", (2, "6 or 16")),
        ("A 5 6 ou 16", (2, "6 or 16")),
        ("3 soft 18", (3, "8 or 18")),  # read as announced; the final point would be "18"
        ("3 26", (3, "26")),
    ],
)
def test_dealer_spellings(typed: str, reading: tuple[int, str]) -> None:
    assert parse_dealer(typed) == reading


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "19",
        "bust",
        "2",
        "2 cards",
        "16 19",
        "x 19",
        "2 3 K 19 1",
        "A 6 or 15",
        "7 K banana",
        "13 17",
        "A A A A A A A A A A A A A 17",
    ],
)
def test_dealer_refusals(typed: str) -> None:
    with pytest.raises(Unreadable, match=r'^expected the number of cards .* like "2, 19"'):
        parse_dealer(typed)


# --- multiple choice -----------------------------------------------------------------------------

ACTIONS = ("Hit", "Stand", "Double", "Split")


@pytest.mark.parametrize(
    ("typed", "index"),
    [
        ("1", 0),
        ("4", 3),
        (" 2. ", 1),
        ("(3)", 2),
        ("#2", 1),
        ("2)", 1),
        ("A", 0),
        ("b", 1),
        ("c)", 2),
        ("(a)", 0),
        ("hit", 0),
        ("STAND", 1),
        ("stand", 1),
        ("st", 1),
        ("dou", 2),
        ("spl", 3),
        ("h", 0),
    ],
)
def test_choice_spellings(typed: str, index: int) -> None:
    assert parse_choice(typed, ACTIONS) == index


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "0",
        "5",
        "e",  # a letter past the last option
        "s",  # stand or split
        "d",  # letter d is Split, but "Double" starts with d: refused, not guessed
        "surrender",
        "x",
    ],
)
def test_choice_refusals_list_the_choices(typed: str) -> None:
    with pytest.raises(Unreadable) as excinfo:
        parse_choice(typed, ACTIONS)
    message = str(excinfo.value)
    assert message.startswith("expected the number, the letter or the first letters")
    assert "a) Hit, b) Stand, c) Double, d) Split" in message


def test_choice_whole_text_wins_over_numbers() -> None:
    points = ("17", "18", "2 or 12", "21", "bust")
    assert parse_choice("21", points) == 3
    assert parse_choice("2 OR 12", points) == 2
    assert parse_choice("3", points) == 2  # no option starts with 3: the third option
    with pytest.raises(Unreadable):
        parse_choice("1", points)  # option 1 is "17", but "18" starts with 1 too
    with pytest.raises(Unreadable):
        parse_choice("2", points)  # option 2 is "18", but "21" starts with 2
    with pytest.raises(Unreadable):
        parse_choice("b", points)  # letter b is "18", but "bust" starts with b


def test_choice_accents_ignored() -> None:
    assert parse_choice("egalite", ("Gagné", "Égalité", "Perdu")) == 1
    assert parse_choice("GAGNE", ("Gagné", "Égalité", "Perdu")) == 0


def test_choice_needs_options() -> None:
    with pytest.raises(ValueError, match="option"):
        parse_choice("1", [])


def test_choice_beyond_26_options_by_number() -> None:
    options = [f"option {i}" for i in range(30)]
    assert parse_choice("30", options) == 29
