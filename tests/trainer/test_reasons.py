"""The engine's refusals as their parts (trainer.game.reasons): `str()` the English sentence it
always was, `text()` in the language of the moment — every refusal of the round translated, its
source tags kept, its cards, points, amounts and bettors in the table's words."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import i18n
from trainer.game.reasons import Amount, Bettor, Card, Listing, Place, Point, Reason
from trainer.game.round import ACTIONS, Round, RoundError
from trainer.game.rules import PRESETS, HouseRules
from trainer.game.shoe import ScriptedCards, Shoe


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _refused(
    preset: str, cards: list[str], bets: dict[str, D], *acts: tuple[str, tuple[str, ...]]
) -> RoundError:
    r = Round(HouseRules.preset_named(preset), ScriptedCards(cards))
    for who, amount in bets.items():
        r.bet(1, who, amount)
    r.deal()
    if r.phase == "insurance":
        r.close_insurance()
    for action, refusals in acts:
        try:
            r.act(action, refusals)
        except RoundError as e:
            return e
    pytest.fail("nothing was refused")


def test_a_refusal_raised_in_french_is_english_by_str_and_french_by_text() -> None:
    i18n.set_language("fr")
    e = _refused("casino-fr", ["T", "6", "5", "8"], {"seat": D(10)}, ("split", ()))
    english = (
        "box 1: hand 1 cannot split: 10 and 5 are not a pair: a split needs two cards of the "
        "same rank [000]"
    )
    assert str(e) == english
    # a ten is said "10" at a French table, the source tag stays
    assert e.text() == (
        "case 1\u202f: le jeu 1 ne peut pas séparer\u202f: 10 et 5 ne font pas une paire\u202f: "
        "pour séparer, il faut deux cartes de même rang [000]"
    )
    i18n.set_language("it")  # said again after a switch, in the new language
    assert e.text().startswith("riquadro 1: la mano 1 non può dividere: 10 e 5 non sono una coppia")
    i18n.set_language("en")
    assert e.text() == english


def test_the_point_of_a_refused_double_is_said_as_the_dealer_says_it() -> None:
    e = _refused("casino-fr", ["A", "6", "6", "8"], {"seat": D(10)}, ("double", ()))
    assert str(e).endswith("this is 7 or 17")
    i18n.set_language("fr")
    assert e.text().endswith("celles-ci font 7 ou 17")
    i18n.set_language("it")
    assert e.text().endswith("queste fanno 7 o 17")


def test_a_bettor_and_an_amount_are_said_in_the_trainee_s_words() -> None:
    r = Round(HouseRules.preset_named("casino-fr"), ScriptedCards(["T", "A", "8"]))
    r.bet(1, "seat", D(10))
    r.bet(1, "behind-a", D(5))
    r.deal()
    why = r.insurance_refusal(1, D(7), "behind-a")
    assert why is not None
    assert (
        str(why) == "box 1: insurance is half the bet, so standing player a's is 2.5, not 7 [000]"
    )
    i18n.set_language("fr")
    assert why.text() == (
        "case 1\u202f: l'assurance est la moitié de la mise, celle de joueur debout a est donc de "
        "2,50, pas de 7 [000]"
    )
    with pytest.raises(RoundError) as caught:
        r.insure(1, D(7), "seat")
    assert "celle du joueur assis est donc de 5, pas de 7 [000]" in caught.value.text()
    assert "the seated player's is 5, not 7 [000]" in str(caught.value)


def test_the_parts_say_themselves() -> None:
    i18n.set_language("fr")
    assert (str(Card("TS")), Card("TS").text(), Card("8H", article=True).text()) == (
        "10",  # never the engine's code "TS"
        "10",
        "un 8",
    )
    assert (str(Point("6 or 16")), Point("6 or 16").text()) == ("6 or 16", "6 ou 16")
    assert (str(Amount(D("37.5"))), Amount(D("37.5")).text()) == ("37.5", "37,50")
    assert Bettor("seat").text() == "le joueur assis" and str(Bettor("seat")) == "seat"
    assert Listing.of(Place, ["2", "dealer"]).text() == "2, croupier"
    i18n.set_language("it")
    assert (
        Listing.of(Bettor, ["seat", "behind-b"]).text()
        == "il giocatore seduto, giocatore in piedi b"
    )
    assert Place("dealer").text() == "mazziere" and str(Place("dealer")) == "dealer"
    i18n.set_language("en")
    assert Card("TS", article=True).text() == "a 10" and Amount(D("2.50")).text() == "2.5"


def test_a_reason_holds_a_reason() -> None:
    inner = Reason("the dealer shows {card}", card=Card("5S", article=True))
    outer = Reason("box {box}: insurance is not offered now ({why})", box=2, why=inner)
    assert str(outer) == "box 2: insurance is not offered now (the dealer shows a 5)"
    i18n.set_language("it")
    assert outer.text() == "riquadro 2: l'assicurazione non è offerta adesso (il mazziere ha un 5)"
    assert outer == Reason(outer.template, box=2, why=Reason(inner.template, card=Card("5S", True)))


def test_an_error_made_from_a_sentence_says_that_sentence() -> None:
    i18n.set_language("fr")
    assert RoundError("as it was").text() == "as it was" == str(RoundError("as it was"))
    assert RoundError().text() == ""


# -- every refusal of the round, in every language -----------------------------------------------

_TAG = re.compile(r"\[\d{3}\]")


def _refusals(seed: int) -> list[RoundError]:
    """The refusals of one round played at random, bets, insurance, actions and exposed cards
    often wrong."""
    rng = random.Random(seed)
    rules = HouseRules.preset_named(rng.choice(list(PRESETS)))
    shoe = Shoe(rules.decks, seed=seed)
    r = Round(rules, shoe, on_burn=shoe.burn)
    out: list[RoundError] = []

    def attempt(f: object, *args: object) -> None:
        try:
            f(*args)  # type: ignore[operator]
        except RoundError as e:
            out.append(e)

    for n in rng.sample(range(0, 9), rng.randint(0, 4)):
        amount = rng.choice([D(10), D(-5), D("0.5"), D(1000), D(10000), D("7.5"), D(25)])
        attempt(r.bet, n, rng.choice(["seat", "behind-a"]), amount)
        if rng.random() < 0.4:
            attempt(
                r.bet, n, rng.choice(["seat", "behind-a", "behind-b"]), D(rng.choice([10, 5, 2000]))
            )
    attempt(r.insure, 1, D(5), "seat")
    attempt(r.act, "hit")
    attempt(r.deal)
    attempt(r.deal)
    attempt(r.expose, ["1"])
    for _ in range(3):
        amount = rng.choice([D(5), D(2), D(20), D(-1), D("2.5"), D(100)])
        attempt(r.insure, rng.randint(0, 8), amount, rng.choice(["seat", "behind-a", "x"]))
    if r.phase == "insurance":
        attempt(r.close_insurance)
    attempt(r.close_insurance)
    for _ in range(40):
        if r.done:
            break
        if rng.random() < 0.1:
            attempt(r.expose, rng.sample(["1", "2", "3", "4", "5", "6", "7", "dealer", "9"], 2))
            continue
        refusals = rng.choice(
            [(), (), ("behind-a",), ("seat",), ("zed",), ("behind-a", "behind-b")]
        )
        attempt(r.act, rng.choice([*ACTIONS, "surrender"]), refusals)
    attempt(r.act, "stand")
    return out


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_every_refusal_is_said_in_french_and_italian_with_its_source_tags(seed: int) -> None:
    errors = _refusals(seed)
    for e in errors:
        english = str(e)
        i18n.set_language("en")
        assert e.text() == english  # in English, word for word the sentence of old
        for lang in ("fr", "it"):
            i18n.set_language(lang)
            said = e.text()
            assert said != english, english  # translated, all of it
            assert _TAG.findall(said) == _TAG.findall(english)
            assert "seat" not in said and "dealer" not in said
        i18n.set_language("en")
