"""Issue 26, "The table's words and the answers read": the words the table says, read as a
croupier says them, and never a word that means something else (RULES.md §13, §2; [003])."""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest

from trainer import vocabulary as vocab
from trainer.game.announce import announce
from trainer.game.rules import HouseRules
from trainer.i18n import set_language
from trainer.practice.answers import (
    Unreadable,
    parse_amount,
    parse_amounts,
    parse_announcement,
    parse_results,
    parse_sequence,
    read_dealer,
)
from trainer.practice.deal import FREQUENT, DealShoe
from trainer.practice.deal_steps import PUSH, STAND, player_says
from trainer.practice.deal_words import action_word
from trainer.practice.prompts import say_prompt
from trainer.practice.skills import SKILLS, Question
from trainer.practice.skills.base import ANNOUNCEMENT


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language("en")


# --- 1. "pari" is paid at evens, never a push; the Italian stand is "sto" -----------------------


def test_the_italian_outcome_drill_never_expects_pari_for_a_push() -> None:
    """[003] "il mazziere paga sempre le poste alla pari": paid 1 to 1. The push is "il colpo è
    nullo". Over 1,000 Italian outcome questions, none expects "pari"; every push is "nullo"."""
    set_language("it")
    rng = random.Random(2026)
    rules = HouseRules.from_spec("casino-it")
    expecting_pari = pushes = 0
    for _ in range(1000):
        q = SKILLS["outcome"].make(rng, rules)
        said = q.expected.split()
        expecting_pari += "pari" in said
        pushes += q.answer.count("push")
        # what the drill expects, typed back, is right
        assert SKILLS["outcome"].check(q, q.expected).correct, q.expected
    assert expecting_pari == 0
    assert pushes > 50  # the pushes were asked, said "nullo"
    assert vocab.said("push", "it") == "nullo"


@pytest.mark.parametrize("typed", ["pari", "Pari", "alla pari"])
def test_pari_typed_for_a_result_is_refused_saying_it_is_even_money(typed: str) -> None:
    set_language("it")
    with pytest.raises(Unreadable, match="1 a 1.*nullo"):
        parse_results(typed, 1)
    set_language("en")
    with pytest.raises(Unreadable, match=r"even money \(paid 1 to 1"):
        parse_results(f"win {typed}", 2)


@pytest.mark.parametrize("typed", ["pari", "alla pari"])
def test_pari_typed_for_an_amount_is_refused_saying_it_is_even_money(typed: str) -> None:
    set_language("it")
    with pytest.raises(Unreadable, match="1 a 1"):
        parse_amount(typed)


def test_no_language_reads_pari_as_a_push() -> None:
    for lang in vocab.LANGUAGES:
        assert "pari" not in vocab.words("push", (lang,))
        assert vocab.DEALER_SAID.get(lang, {}).get("push") != "pari"
    assert action_word(PUSH, "it") == "nullo"
    set_language("it")
    assert parse_results("nullo, colpo nullo", 2) == ["push", "push"]


def test_the_italian_stand_is_sto_not_servito() -> None:
    """RULES.md §13: "sto", "restare"; [003]'s players "serviti" are those dealt to."""
    assert vocab.said("stand", "it") == "sto"
    assert player_says(STAND, "it") == "sto"
    assert "servito" not in vocab.words("stand")
    assert {"sto", "restare"} <= set(vocab.words("stand", ("it",)))


# --- 2. what a croupier says, read ------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "typed", "amount"),
    [
        ("fr", "quinze", "15"),
        ("fr", "trente-sept cinquante", "37.5"),
        ("fr", "trente-sept euros cinquante", "37.5"),
        ("fr", "trente sept euros cinquante centimes", "37.5"),
        ("fr", "cinquante centimes", "0.5"),
        ("fr", "50 centimes", "0.5"),
        ("fr", "cent vingt", "120"),  # one number: never 100.20
        ("fr", "deux cents", "200"),  # French: never "two cents"
        ("fr", "soixante et onze", "71"),
        ("fr", "quatre-vingt-dix-sept", "97"),
        ("fr", "mille deux cent cinquante", "1250"),
        ("fr", "fifteen", "15"),  # English is understood in every language
        ("it", "quindici", "15"),
        ("it", "trentasette e cinquanta", "37.5"),
        ("it", "trentasette euro e cinquanta", "37.5"),
        ("it", "50 centesimi", "0.5"),
        ("it", "centoventicinque", "125"),
        ("it", "centottanta", "180"),
        ("it", "duemilacinquecento", "2500"),
        ("en", "fifteen", "15"),
        ("en", "thirty-seven fifty", "37.5"),
        ("en", "50 cents", "0.5"),
        ("en", "one hundred and twenty", "120"),
        ("en", "two thousand five hundred", "2500"),
    ],
)
def test_amounts_said_in_words_are_read(lang: str, typed: str, amount: str) -> None:
    set_language(lang)
    assert parse_amount(typed) == Decimal(amount)


def test_every_amount_to_a_thousand_said_in_words_reads_as_itself() -> None:
    """Every whole amount up to 1,000 in words, and every amount with cents up to 100 said as a
    croupier says it (the euros, then the cents), in the three languages."""
    from trainer.practice.answers import _spelled_numbers

    for lang in vocab.LANGUAGES:
        set_language(lang)
        spelled = {}
        for words, n in _spelled_numbers(lang).items():
            spelled.setdefault(n, words)
        assert set(spelled) >= set(range(1000)), lang
        for n in range(1000):
            assert parse_amount(spelled[n]) == n, (lang, spelled[n])
        joiner = {"en": " ", "fr": " ", "it": " e "}[lang]
        for euros in range(1, 100):
            for cents in (10, 25, 50, 75, 99):
                # each number written with its hyphens ("vingt-quatre vingt-cinq")
                typed = joiner.join(spelled[n].replace(" ", "-") for n in (euros, cents))
                if typed.replace("-", " ") in _spelled_numbers(lang):
                    continue  # "quatre vingt-cinq" is one number, 85: a croupier says "4,25"
                expected = Decimal(euros) + Decimal(cents) / 100
                assert parse_amount(typed) == expected, (lang, typed)


def test_amounts_in_words_read_in_a_list() -> None:
    set_language("fr")
    assert parse_amounts("quinze; trente-sept cinquante", 2) == [Decimal(15), Decimal("37.5")]


@pytest.mark.parametrize(
    ("lang", "typed"),
    [("fr", "aucune 17"), ("fr", "aucune carte, 17"), ("it", "nessuna 17"), ("en", "none 17")],
)
def test_a_zero_count_in_words_is_read_in_the_dealer_drill(lang: str, typed: str) -> None:
    set_language(lang)
    answer = read_dealer(typed)
    assert (answer.count, answer.point.words) == (0, "17")


@pytest.mark.parametrize(
    ("lang", "typed"), [("fr", "il saute"), ("fr", "elle saute"), ("it", "sballo")]
)
def test_the_busts_a_croupier_says_are_read(lang: str, typed: str) -> None:
    set_language(lang)
    assert parse_announcement(typed) == "bust"
    answer = read_dealer(f"2 {typed}")
    assert (answer.count, answer.point.words) == (2, "bust")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_c_is_the_croupier_in_a_french_or_italian_order(lang: str) -> None:
    set_language(lang)
    assert parse_sequence("1 2 3 c") == ["1", "2", "3", "dealer"]
    assert parse_sequence("1 c 2 c", burn=False) == ["1", "dealer", "2", "dealer"]


def test_c_is_nothing_in_english_where_d_is_the_dealer() -> None:
    set_language("en")
    with pytest.raises(Unreadable, match='"c" is not a box'):
        parse_sequence("1 2 c")
    assert parse_sequence("1 2 d") == ["1", "2", "dealer"]


# --- 3. a decimal comma is never a thousands comma where the language writes it --------------


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("typed", ["37,500", "1,000", "37,500 €"])
def test_a_comma_and_three_digits_is_refused_in_french_and_italian(lang: str, typed: str) -> None:
    set_language(lang)
    with pytest.raises(Unreadable) as refused:
        parse_amount(typed)
    message = str(refused.value)
    whole, after = typed.split()[0].split(",")
    assert f"{whole},{after[:2]}" in message and f"{whole} {after}" in message


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_french_and_italian_amounts_still_read_their_own_marks(lang: str) -> None:
    set_language(lang)
    assert parse_amount("37,50") == Decimal("37.5")
    assert parse_amount("37,5") == Decimal("37.5")
    assert parse_amount("1.000") == Decimal(1000)
    assert parse_amount("1.000,50") == Decimal("1000.5")
    assert parse_amount("1 000") == Decimal(1000)


def test_english_keeps_a_comma_before_three_digits_as_thousands() -> None:
    set_language("en")
    assert parse_amount("1,000") == Decimal(1000)
    assert parse_amount("37,500") == Decimal(37500)


# --- 4. a 21 is "21"; a soft point low first ---------------------------------------------------


def _split_question(cards: tuple[str, ...]) -> Question:
    words = announce(cards, split=True, closed=False)
    data = {"cards": list(cards), "box": 1, "split": True, "stood": False}
    return Question("announce", "announce:test", "Announce", data, ANNOUNCEMENT, words, words, "")


@pytest.mark.parametrize("cards", [("AS", "KH"), ("TD", "AC"), ("AH", "QS")])
@pytest.mark.parametrize("typed", ["11 or 21", "soft 21", "21 soft", "11/21", "undici o ventuno"])
def test_a_split_ace_and_ten_called_soft_21_is_wrong(cards: tuple[str, ...], typed: str) -> None:
    """RULES.md §2: a 21 after a split is never a Black Jack, and it is announced "21"."""
    set_language("it" if "undici" in typed else "en")
    q = _split_question(cards)
    assert q.answer == "21"
    assert SKILLS["announce"].check(q, "21").correct
    assert not SKILLS["announce"].check(q, typed).correct


@pytest.mark.parametrize(
    ("lang", "typed", "lower"),
    [("fr", "16 ou 6", "6 ou 16"), ("it", "16 o 6", "6 o 16"), ("en", "16 or 6", "6 or 16")],
)
def test_a_soft_point_high_first_is_refused_saying_the_lower_first(
    lang: str, typed: str, lower: str
) -> None:
    set_language(lang)
    with pytest.raises(Unreadable) as refused:
        parse_announcement(typed)
    assert lower in str(refused.value)
    assert parse_announcement(lower) == "6 or 16"


# --- 5. the exposed card said as the table says it ---------------------------------------------

_CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", {"A": "an Ace", "8": "an 8", "T": "a 10", "Q": "a Queen", "K": "a King"}),
        ("fr", {"A": "un As", "8": "un 8", "T": "un 10", "Q": "une Dame", "K": "un Roi"}),
        ("it", {"A": "un Asso", "8": "un 8", "T": "un 10", "Q": "una Donna", "K": "un Re"}),
    ],
)
def test_a_card_is_said_with_its_article_as_the_table_says_it(
    lang: str, said: dict[str, str]
) -> None:
    set_language(lang)
    for rank, words in said.items():
        assert say_prompt(vocab.a_card(rank + "S")) == words


def test_deal_mode_says_the_exposed_card_never_its_code() -> None:
    """Over 200 rounds with frequent incidents, every exposed card is said "a 10", "an Ace"…,
    never as the engine's code ("TS"), and again in French after a switch."""
    set_language("en")
    rules = HouseRules.preset_named("casino-it")
    shoe = DealShoe(rules, boxes=7, seed=26, incidents=FREQUENT)
    offers = []
    for _ in range(200):
        if shoe.shoe_over:
            shoe = DealShoe(rules, boxes=7, seed=shoe.seed + 1, incidents=FREQUENT)
        offers += [s for s in shoe.next_round() if s.item == "exposed:offer"]
        while not shoe.round_over:
            shoe.answer(shoe.step.expected, 1)  # type: ignore[union-attr]
    assert len(offers) > 20
    for s in offers:
        assert not _CARD_CODE.search(s.prompt), s.prompt
        card = s.data["card"]
        assert say_prompt(vocab.a_card(card)) in s.prompt, (s.prompt, card)
    set_language("fr")
    for s in offers:
        again = say_prompt(s.asked)
        assert again.startswith("Une carte est sortie par erreur, un") and not _CARD_CODE.search(
            again
        ), again
