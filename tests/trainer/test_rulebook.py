"""The rules book shipped with the app: it loads from the package, every rule has its words and
the sentence of the text behind it (or says why Sabot chose), every citation a feedback makes
opens a rule, and the table's house-rule choices are marked."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.game import rulebook
from trainer.game.rulebook import RuleBook, RuleBookError, from_data, load, split_citations, text
from trainer.game.rules import OPTIONS, PRESETS, HouseRules, RulesError
from trainer.i18n import set_language
from trainer.practice.skills import SKILLS

BOOK = load()


def _raw() -> dict[str, Any]:
    return json.loads((files("resources.rules") / "rules.json").read_text(encoding="utf-8"))


def test_the_book_is_package_data_with_sections_1_to_12_14_15_and_the_glossary() -> None:
    assert isinstance(BOOK, RuleBook) and load() is BOOK  # read once
    # §13 of RULES.md is the glossary, §14 the money at the table; §15 is Sabot's own: how it
    # schedules reviews
    assert [s.number for s in BOOK.sections] == [*range(1, 13), 14, 15]
    assert set(BOOK.sources) == {"000", "001", "002", "003", "004"}
    assert {BOOK.sources[s].language for s in BOOK.sources} == {"fr", "it"}
    # RULES.md §13: the table's words, in French, Italian and English
    words = {w for t in BOOK.glossary for w in t.words["fr"]}
    assert {"bûche", "sauter", "égalité", "le sabot"} <= words
    assert all(t.words["it"] and t.words["en"] for t in BOOK.glossary)
    assert BOOK.languages == ("en", "fr", "it")


def test_every_rule_has_plain_words_and_a_source_sentence_or_says_why_sabot_chose() -> None:
    for r in BOOK.rules():
        assert text(r.text) and text(r.title), r.tag
        assert r.quotes or r.chosen, f"{r.tag} neither quotes its sources nor says why"
        for q in r.quotes:
            assert q.source in r.sources, r.tag
            assert len(q.text) > 10


def test_the_home_game_says_the_choices_its_text_leaves_to_the_table() -> None:
    # [004] says neither how often "la banque tourne", nor what a bank short of chips pays, nor
    # how stakes are cut to what the bank can cover; and it has no burn: Sabot's choices are
    # said as house practice, in every language
    chosen = BOOK.rule("12.home").chosen
    assert chosen is not None
    english = text(chosen, "en")
    for words in ("every round", "even money", "pays what it has", "burns no card"):
        assert words in english
    assert "aucune carte" in text(chosen, "fr") and "nessuna carta" in text(chosen, "it")


def test_each_text_is_keyed_by_language_and_falls_back_to_english() -> None:
    r = BOOK.rule("9.blackjack")
    assert text(r.text, "en").startswith("A Black Jack is paid 3 to 2")
    assert text(r.text, "fr").startswith("Un Black Jack est payé 3 pour 2")
    assert text({"en": "Black Jack", "it": "Blackjack"}, "it") == "Blackjack"
    assert text({"en": "Black Jack"}, "it") == "Black Jack"  # no Italian yet: English
    assert text({"en": "Black Jack"}, "xx") == "Black Jack"  # never a KeyError


def test_the_texts_are_those_of_the_language_of_the_moment() -> None:
    r = BOOK.rule("2.bust")
    assert text(r.title) == "Over 21"
    set_language("fr")
    try:
        assert text(r.title) == "Au-delà de 21"
        assert "« sauté »" in text(r.text)
        assert BOOK.option_title("double_on") == "Le double"
        casino = HouseRules.from_spec("casino-fr")
        chosen = [c.meaning for c in BOOK.choices("double_on", casino)]
        assert "sur deux premières cartes qui font 9, 10 ou 11" in chosen
        assert "6 jeux" in [c.meaning for c in BOOK.choices("decks", casino)]
        # the original sentences are the sources' own words, in every language
        assert BOOK.rule("1.values").quotes[0].text.startswith("L'As vaut indifféremment")
    finally:
        set_language("en")


def _texts_of(data: Any, where: str = "") -> Iterator[tuple[str, dict[str, str]]]:
    """Every {language: text} object of the book's data, with where it lies; the glossary's
    words (already the table's words of each language) are not texts to translate."""
    if isinstance(data, dict):
        if "en" in data and all(isinstance(v, str) for v in data.values()):
            yield where, data
            return
        for key, value in data.items():
            if key != "words":
                yield from _texts_of(value, f"{where}/{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _texts_of(value, f"{where}/{i}")


_MARKS = re.compile(r"\{\w+\}|\[\d{3}\]|§\d+")


@pytest.mark.parametrize("language", [lang for lang in BOOK.languages if lang != "en"])
def test_every_text_has_its_translation_with_the_same_placeholders_and_citations(
    language: str,
) -> None:
    found = list(_texts_of(_raw()))
    assert len(found) > 200  # titles, rule texts, choices, options, glossary, sources
    for where, texts in found:
        assert texts.get(language, "").strip(), f"{where} has no {language} text"
        marks = sorted(_MARKS.findall(texts["en"]))
        assert sorted(_MARKS.findall(texts[language])) == marks, (where, language)
        assert set(texts) <= set(BOOK.languages), where


def test_every_skill_and_item_rests_on_a_rule() -> None:
    for name in SKILLS:
        assert BOOK.rule_for(name) is not None, name
    assert BOOK.rule_for("announce", "announce:soft-stand-14").tag == "2.final"
    assert BOOK.rule_for("announce", "announce:soft-14").tag == "2.soft"
    assert BOOK.rule_for("procedure", "procedure:insurance").tag == "6.insurance"
    assert BOOK.rule_for("exposed-card", "exposed-card:burned").tag == "10.burn"
    assert BOOK.rule_for("no-such-skill") is None


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_citation_of_every_feedback_opens_a_page_of_the_book(preset: str) -> None:
    rules = HouseRules.from_spec(preset)
    rng = random.Random(7)
    for skill in SKILLS.values():
        if skill.available(rules):
            continue
        for _ in range(60):
            q = skill.make(rng, rules)
            cited = re.findall(r"\[\d{3}\]|“[^”]+”", q.reason)  # a source, a chapter's title
            found = BOOK.citations(q.reason, q.skill, q.item)
            assert len(found) == len(cited), q.reason
            for c in found:
                assert BOOK.knows(c.target), (q.reason, c)
                if c.source is not None:
                    # the rule opened is the question's, and the text cut at the citation
                    assert q.reason[c.start : c.end] == f"[{c.source}]"


def test_citations_point_to_the_question_s_rule_or_the_section() -> None:
    (c,) = BOOK.citations("paid 1 to 1: 10 on 10 [000]", "pay-even", "pay-even:10")
    assert (c.target, c.source) == ("9.win", "000")
    a, b = BOOK.citations("on the doubled stake (RULES.md §9), chips §11", "pay-double")
    assert a.target == "9.double" and b.target == "§11"
    (alone,) = BOOK.citations("see [003]")  # no question: the source itself
    assert alone.target == "003"
    assert BOOK.citations("nothing [999] §99 here") == []
    parts = split_citations("x [000] y", BOOK.citations("x [000] y"))
    assert [p for p, _ in parts] == ["x ", "[000]", " y"]
    assert parts[1][1] is not None and parts[0][1] is None


def test_the_table_s_choices_are_marked() -> None:
    fr = HouseRules.from_spec("casino-fr")
    choices = BOOK.choices("double_on", fr)
    assert [c.value for c in choices if c.chosen] == ["9-11"]
    assert {c.value: c.presets for c in choices}["any"] == ("online", "hole-card")
    assert next(c for c in choices if c.value == "none").meaning == "no doubling"
    # an override the presets never have is listed, and marked
    two = BOOK.choices("decks", HouseRules.from_spec({"preset": "casino-fr", "decks": 2}))
    assert [(c.value, c.meaning, c.presets) for c in two if c.chosen] == [(2, "2 decks", ())]
    assert BOOK.option_title("decks") == "Decks in the shoe"


@given(st.sampled_from(list(PRESETS)), st.sampled_from(list(OPTIONS)), st.integers(0, 5))
def test_exactly_one_choice_is_the_table_s(preset: str, option: str, pick: int) -> None:
    rules = HouseRules.from_spec(preset)
    values = [c.value for c in BOOK.choices(option, rules)]
    try:
        rules = rules.with_options(**{option: values[pick % len(values)]})
    except RulesError:
        pass  # a combination no table can have: the preset's own value stays
    marked = [c for c in BOOK.choices(option, rules) if c.chosen]
    assert len(marked) == 1 and marked[0].value == getattr(rules, option)


def test_an_option_the_engine_does_not_have_yet_has_no_choices() -> None:
    assert "insurance_amount" in BOOK.options  # RULES.md §6, described ahead of the engine
    if "insurance_amount" not in OPTIONS:
        assert BOOK.choices("insurance_amount", HouseRules.from_spec("casino-it")) == []


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d["sections"][0]["rules"][0]["sources"].append("007"), "unknown source"),
        (lambda d: d["skills"].__setitem__("announce", "99.nothing"), "unknown rule"),
        (lambda d: d["sections"][0]["rules"].append(d["sections"][0]["rules"][0]), "twice"),
        (lambda d: d["sections"][1]["rules"][0].__setitem__("tag", "1.wrong"), "numbered"),
        (lambda d: d["sections"][0]["rules"][0]["options"].append("nope"), "undescribed"),
        (lambda d: d.pop("glossary"), "malformed"),
        (lambda d: d["glossary"][0].__setitem__("note", {"it": "solo"}), "no English"),
        (lambda d: d["sections"][0]["rules"][0].__setitem__("text", "plain"), "language"),
    ],
)
def test_damaged_data_is_one_sentence(damage, message: str) -> None:
    data = _raw()
    data["sections"][0]["rules"][0].setdefault("options", [])
    damage(data)
    with pytest.raises(RuleBookError, match=message):
        from_data(data)


def test_a_missing_book_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulebook, "RESOURCE", ("resources.rules", "no-such.json"))
    rulebook.load.cache_clear()
    try:
        with pytest.raises(RuleBookError, match="missing from this installation"):
            rulebook.load()
    finally:
        rulebook.load.cache_clear()


def test_the_italian_book_speaks_the_italian_table_s_words() -> None:
    r = BOOK.rule("2.bust")
    assert text(r.title, "it") != text(r.title, "en")
    assert "sballato" in text(r.text, "it").lower()


def test_the_dealer_s_draw_is_his_drawing_in_italian_not_his_card() -> None:
    # the skill and its rule say the dealer draws ("tira"), not "the dealer's card"
    set_language("it")
    try:
        titles = [SKILLS["dealer"].title, text(BOOK.rule("8.dealer").title)]
    finally:
        set_language("en")
    assert titles == ["Il tiro del mazziere", "Il tiro del mazziere"]


def test_the_money_chapter_marks_every_point_as_house_practice_citing_rules_md_14() -> None:
    money = BOOK.section(14)
    assert text(money.title, "en") == "The money at the table"
    for r in money.rules:
        assert r.chosen is not None, r.tag
        assert "House practice (RULES.md §14)" in text(r.chosen, "en"), r.tag
        assert "Usage de la maison" in text(r.chosen, "fr"), r.tag
        assert "Uso della casa" in text(r.chosen, "it"), r.tag
    for name in ("stack-values", "buy-in", "change", "colour-up", "conversions", "read-pay"):
        assert BOOK.rule_for(name).section == 14, name
    # the house's buy-in mix is written out, and the setting that chooses it named
    buy_in = text(BOOK.rule("14.buy-in").text, "en")
    assert "a cut of five" in buy_in and "up to a stack of 20" in buy_in and "settings" in buy_in
    assert BOOK.rule_for("read-pay", "read-pay:blackjack-25").tag == "9.blackjack"
