"""What the trainee reads is said in the table's words and the book's, never the code's: no file
name ("RULES.md") nor section sign ("§") in a question, an answer, a verdict, a deal step or what
the command line prints, in English, French and Italian; a chapter of the rules book is cited by
its title, as the book shows it, and that citation links to it."""

from __future__ import annotations

import json
import random
import re
from decimal import Decimal as D

import pytest

from tests.trainer.commandline import run_sabot
from trainer import i18n
from trainer.game import rulebook
from trainer.game.rules import PRESETS, HouseRules
from trainer.practice.deal import DealShoe
from trainer.practice.skills import SKILLS

CODE_WORDS = re.compile(r"RULES\.md|§")
# a card in the engine's code: "5S", "TS", "T" (the table says "a 5", "10")
BETTOR_CODES = re.compile(r"behind-|debout-|in piedi-")
CARD_CODES = re.compile(r"\b(?:10|[A2-9TJQK])[SHDC]\b|\bT\b")
LANGS = ("en", "fr", "it")
SEEDS = 40


@pytest.fixture
def speaking():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


def _wrong(q) -> str:
    """An answer that is read and wrong, for the verdict of a miss (its reason in full)."""
    for raw in ("1", "0 17", "10; 10", "win win", "1 dealer", "25 10", "16", "10; 10; 10"):
        try:
            return raw if not SKILLS[q.skill].check(q, raw).correct else "999"
        except ValueError:
            continue
    return "1"


@pytest.mark.parametrize("lang", LANGS)
def test_no_question_nor_verdict_of_any_skill_says_a_file_or_a_section_sign(speaking, lang):
    speaking(lang)
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        for name, s in SKILLS.items():
            if s.available(rules) is not None:
                continue
            for seed in range(SEEDS):
                q = s.make(random.Random(seed), rules)
                said = [q.prompt, q.expected, q.reason, q.unread_prompt, *q.choices]
                try:
                    v = s.check(q, _wrong(q))
                    said += [v.expected, v.reason, v.given]
                except ValueError as error:
                    said.append(str(error))
                for text in said:
                    assert not CODE_WORDS.search(text), (lang, preset, name, seed, text)
                    assert not CARD_CODES.search(text), (lang, preset, name, seed, text)


@pytest.mark.parametrize("lang", LANGS)
def test_no_deal_step_says_a_file_or_a_section_sign(speaking, lang):
    speaking(lang)
    seen_dealer_none = seen_pair = seen_behind = False
    for preset in ("casino-fr", "casino-it", "hole-card", "online"):
        rules = HouseRules.from_spec(preset)
        for seed in range(4):
            shoe = DealShoe(rules, incidents="frequent", seed=seed, guided=True, boxes=rules.boxes)
            for _round in range(4):
                if shoe.shoe_over:
                    break
                shoe.next_round()
                while shoe.step is not None:
                    step = shoe.step
                    v = shoe.answer(step.expected, 1000)
                    for text in (step.prompt, step.rule, step.says or "", v.reason):
                        assert not CODE_WORDS.search(text), (lang, preset, seed, text)
                        assert not CARD_CODES.search(text), (lang, preset, seed, text)
                        # a standing player by his letter, as the felt shows him
                        assert not BETTOR_CODES.search(text), (lang, preset, seed, text)
                    seen_behind |= "standing player" in step.prompt or "debout" in step.prompt
                    seen_dealer_none |= step.item == "deal:dealer-nothing-to-settle"
                    seen_pair |= (
                        "pair" in step.rule or "paire" in step.rule or "coppia" in step.rule
                    )
    assert seen_dealer_none  # the step that cited "RULES.md §6" was dealt and read
    assert seen_pair  # a refused split said "T and 3 are not a pair" in English
    assert seen_behind or lang == "it"  # "Settle box 4, behind-a" was the prompt


@pytest.mark.parametrize("lang", LANGS)
def test_a_chapter_is_cited_by_its_title_and_the_citation_opens_it(speaking, lang):
    speaking(lang)
    book = rulebook.load()
    for section in book.sections:
        cited = rulebook.chapter(section.number)
        assert rulebook.text(section.title, lang) in cited and not CODE_WORDS.search(cited)
        (found,) = book.citations(f"paid 1 to 1 ({cited})")
        assert found.target == section.tag
        # a question's own rule, when it lies in the chapter cited
    rule = book.rule_for("pay-double")
    assert rule is not None
    (found,) = book.citations(f"x ({rulebook.chapter(rule.section)})", "pay-double")
    assert found.target == rule.tag


def test_every_skill_s_verdict_links_its_chapter_or_source(speaking):
    """Each citation a reason makes is one the rules book links (in every language)."""
    book = rulebook.load()
    for lang in LANGS:
        speaking(lang)
        for name in ("pay-double", "pay-table", "outcome", "chips", "deal-order", "announce"):
            rules = HouseRules.from_spec("casino-fr")
            for seed in range(SEEDS):
                q = SKILLS[name].make(random.Random(seed), rules)
                if "“" in q.reason or "«" in q.reason:
                    assert book.citations(q.reason, q.skill, q.item), (lang, q.reason)


# the answers tried in turn on each question: the first one read is the trainee's answer
_TRIES = (
    "1",
    "0 17",
    "10; 10",
    "win win",
    "1 dealer",
    "25 10",
    "16",
    "10; 10; 10",
    "win",
    "100: 25",
)


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_line_drill_says_no_file_nor_section_sign(tmp_path, lang):
    stdin = "\n".join(_TRIES * 60) + "\n"
    for args in (("--json",), ()):
        p = run_sabot(
            tmp_path,
            "drill",
            "all",
            "--count",
            "40",
            "--seed",
            "7",
            "--lang",
            lang,
            "--new-profile",
            *args,
            stdin=stdin,
        )
        out = p.stdout + p.stderr
        assert "Traceback" not in out
        assert not CODE_WORDS.search(out), [ln for ln in out.splitlines() if CODE_WORDS.search(ln)]
        if not args:  # (the JSON lines carry the cards as data, in the engine's code)
            assert not CARD_CODES.search(p.stdout), CARD_CODES.search(p.stdout)
        if args:
            verdicts = [json.loads(ln) for ln in p.stdout.splitlines() if '"verdict"' in ln]
            assert len(verdicts) >= 20


def _example(hint: str) -> str:
    """The example a hint ends with, between its last quotation marks."""
    quoted = re.findall(r'"([^"]+)"|«\u202f?([^»]+?)\u202f?»', hint)
    return "".join(quoted[-1])


@pytest.mark.parametrize("lang", LANGS)
def test_each_form_of_question_shows_its_own_hint_and_its_example_is_read(speaking, lang):
    from trainer.practice.skills.base import answer_hint, how_to_answer

    speaking(lang)
    rules = HouseRules.from_spec("casino-fr")
    hints: dict[str, set[str]] = {}
    for name in ("deal-order", "exposed-card"):
        for seed in range(SEEDS):
            q = SKILLS[name].make(random.Random(seed), rules)
            form = "play" if q.item == "deal-order:play-split" else q.item.partition(":")[0]
            hint = answer_hint(q)
            hints.setdefault(form, set()).add(hint)
            SKILLS[name].check(q, _example(hint))  # read, right or wrong: no ValueError
    assert set(hints) == {"deal-order", "play", "exposed-card"}
    assert all(len(h) == 1 for h in hints.values())
    deal, play, exposed = (next(iter(hints[f])) for f in ("deal-order", "play", "exposed-card"))
    assert deal == how_to_answer(SKILLS["deal-order"].kind) and len({deal, play, exposed}) == 3
    assert "1.1" in play and "1 3" not in play  # a play order names split hands


@pytest.mark.parametrize(
    ("lang", "stake", "dealer"),
    [("en", "stake", "dealer"), ("fr", "mise", "croupier"), ("it", "posta", "mazziere")],
)
def test_a_split_box_s_feedback_tells_each_point_from_its_stake_and_says_the_dealer_s(
    speaking, lang, stake, dealer
):
    """Not "6.2 7 8 (20) win +20" (a point of 20?): "6.2: 7 8 = 15, stake 20, win +20", after
    the dealer's cards and result that decided it."""
    from trainer.game.announce import spoken
    from trainer.game.cards import best
    from trainer.practice.skills.base import amount, rank_text

    speaking(lang)
    rules = HouseRules.from_spec("casino-fr")
    for seed in range(SEEDS):
        q = SKILLS["pay-split"].make(random.Random(seed), rules)
        dealer_cards = q.data["dealer"]
        assert q.reason.startswith(f"{dealer} {rank_text(dealer_cards)}"), q.reason
        for i, (cards, staked) in enumerate(zip(q.data["cards"], q.data["stakes"], strict=True)):
            label = f"{q.data['box']}.{i + 1}"
            if label not in q.data["settle"]:
                continue  # bust, collected at once
            line = f"{label}: {rank_text(cards)} = {best(cards)}, {stake} {amount(D(staked))}"
            assert line in q.reason.replace("\u202f:", ":"), (line, q.reason)
        assert f"({amount(D(q.data['stakes'][0]))})" not in q.reason
    # the dealer's result as the dealer says it, "sauté" in French
    i18n.set_language(lang)
    assert any(
        spoken("bust") in SKILLS["pay-split"].make(random.Random(s), rules).reason
        for s in range(SEEDS)
    )


# RULES.md's table of sources: the text each preset follows
OWN_TEXT = {"casino-fr": "[000]", "hole-card": "[001]", "online": "[002]", "casino-it": "[003]"}


@pytest.mark.parametrize("preset", list(OWN_TEXT))
def test_the_insurance_verdict_cites_the_text_of_the_table_in_use(speaking, preset):
    """Under casino-it the insurance is paid 2 to 1 as [003] says it, not [000]."""
    rules = HouseRules.from_spec(preset)
    own = OWN_TEXT[preset]
    for lang in LANGS:
        speaking(lang)
        seen = set()
        for seed in range(SEEDS):
            q = SKILLS["pay-insurance"].make(random.Random(seed), rules)
            seen.add(q.data["ask"])
            assert own in q.reason, (preset, q.reason)
            assert re.findall(r"\[\d{3}\]", q.reason) == [own], (preset, q.reason)
        assert seen == {"pay", "half" if rules.insurance_amount == "half" else "max"}
        # and deal mode's insurance steps, taken and settled
        told = set()
        for seed in range(8):
            shoe = DealShoe(rules, incidents="frequent", seed=seed, guided=True, boxes=rules.boxes)
            for _round in range(6):
                if shoe.shoe_over:
                    break
                shoe.next_round()
                while shoe.step is not None:
                    step = shoe.step
                    if step.item in ("pay:insure", "pay:insurance-paid", "pay:insurance-collected"):
                        assert re.findall(r"\[\d{3}\]", step.rule) == [own], (preset, step.rule)
                        told.add(step.item)
                    shoe.answer(step.expected, 1000)
        assert "pay:insure" in told, preset


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the standing players a, b"),
        ("fr", "les joueurs debout a, b"),
        ("it", "in piedi a, b"),
    ],
)
def test_behind_bets_are_asked_by_the_letters_the_felt_shows(speaking, lang, said):
    """Not "(seat, behind-a, behind-b)": the standing players by their letters, as on the felt."""
    speaking(lang)
    rules = HouseRules.from_spec("casino-fr")
    seen = False
    for seed in range(SEEDS):
        q = SKILLS["pay-behind"].make(random.Random(seed), rules)
        assert "behind-" not in q.prompt and "debout-" not in q.prompt, q.prompt
        letters = [b.removeprefix("behind-") for b in q.data["bets"] if b != "seat"]
        if letters == ["a", "b"]:
            assert said in q.prompt, q.prompt
            seen = True
    assert seen
