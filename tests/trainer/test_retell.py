"""Questions said again in another language: a drill running when the trainee switches language
asks the same questions (the same hands, the same answers) in the new words, its verdicts said
again, right or wrong as they were judged, and nothing asked, judged or stored twice."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import i18n
from trainer.game.round import DEALER
from trainer.game.rules import HouseRules
from trainer.history.store import Store
from trainer.practice.drill import EXAM, PRACTICE, Drill, exam_questions
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import made, retold, same_question

FR = HouseRules.from_spec("casino-fr")
DRILLABLE = [s for s in SKILLS.values() if s.available(FR) is None]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@settings(max_examples=40, deadline=None)  # a table skill plays a whole round
@given(
    skill=st.sampled_from(DRILLABLE),
    seed=st.integers(0, 2**32),
    first=st.sampled_from(i18n.LANGUAGES),
    then=st.sampled_from(i18n.LANGUAGES),
)
def test_a_question_retold_is_the_same_question_in_the_new_words(skill, seed, first, then):
    i18n.set_language(first)
    q = made(skill, random.Random(seed), FR)
    assert q is not None
    i18n.set_language(then)
    fresh = made(skill, random.Random(seed), FR)  # the same question, made in `then` at once
    again = retold(q, skill, FR)
    assert same_question(again, q)
    assert again.making == q.making
    # every word as if it had been asked in the new language from the start
    assert (again.prompt, again.expected, again.reason, again.choices) == (
        fresh.prompt,
        fresh.expected,
        fresh.reason,
        fresh.choices,
    )
    assert again.table == fresh.table


def test_a_question_made_without_its_making_stays_as_it_is():
    skill = SKILLS["announce"]
    q = skill.make(random.Random(3), FR)  # not through `made`: nothing to make it again from
    i18n.set_language("fr")
    assert retold(q, skill, FR) is q


def test_a_question_that_would_come_out_another_stays_as_it_is():
    skill, other = SKILLS["announce"], SKILLS["pay-even"]
    q = made(skill, random.Random(3), FR)
    assert q is not None
    i18n.set_language("it")
    assert retold(q, other, FR) is q  # never the other skill's question in its place


def test_the_prompt_and_the_words_change_language_and_the_answer_does_not():
    i18n.set_language("fr")
    skill = SKILLS["announce"]
    made_all = (made(skill, random.Random(seed), FR) for seed in range(500))
    q = next(q for q in made_all if q is not None and " ou " in q.expected)  # "6 ou 16"
    i18n.set_language("it")
    again = retold(q, skill, FR)
    assert " o " in again.expected and again.prompt != q.prompt
    assert again.answer == q.answer and again.data == q.data


@pytest.fixture
def store() -> Iterator[Store]:
    s = Store.open()  # in the test's private SABOT_DATA_DIR (tests/conftest.py)
    yield s
    s.close()


def test_a_drill_retold_mid_question_is_judged_on_and_stored_once(store):
    i18n.set_language("fr")
    d = Drill([SKILLS["announce"], SKILLS["pay-even"]], FR, PRACTICE, seed=11, store=store)
    first = d.next_question()
    assert first is not None
    wrong = d.answer("0" if first.expected != "0" else "1", 900)
    assert not wrong.verdict.correct
    q = d.next_question()
    assert q is not None
    ahead = d.prefetch()  # the next question, made in French while this one is read
    assert ahead is not None
    i18n.set_language("it")
    d.retell()
    now = d.current
    assert now is not None and now is not q and same_question(now, q)
    assert now.prompt == retold(q, d._skill(q.skill), FR).prompt
    # the answer given before the switch: its verdict in Italian, still wrong, still stored once
    told = d.answered[0]
    assert not told.verdict.correct and told.verdict.reason != wrong.verdict.reason
    assert told.verdict.expected == told.question.expected
    assert told.attempt_id == wrong.attempt_id and told.response_ms == 900
    done = d.answer(now.expected, 1200)
    assert done.verdict.correct and done.question is now
    rows = store.attempts(profile="default")
    assert [(r.correct, r.response_ms) for r in rows] == [(False, 900), (True, 1200)]
    # the question made ahead before the switch comes in Italian
    following = d.next_question()
    assert following is not None and same_question(following, ahead)
    assert following.prompt == retold(ahead, d._skill(ahead.skill), FR).prompt != ahead.prompt


def test_an_exam_retold_keeps_its_questions_and_their_order(store):
    i18n.set_language("fr")
    d = Drill(DRILLABLE, FR, EXAM, seed=42, store=store)
    q = d.next_question()
    assert q is not None
    d.answer(q.expected, 500)
    second = d.next_question()
    assert second is not None
    i18n.set_language("it")
    d.retell()
    in_italian = exam_questions(42, FR, d.skills)
    assert [x.prompt for x in d._plan or []] == [x.prompt for x in in_italian]
    assert d.current is (d._plan or [])[1]
    assert d.answered[0].verdict.correct
    assert d.answered[0].question.prompt == in_italian[0].prompt
    assert d.summary().answered[0].question.prompt == in_italian[0].prompt


def test_why_an_answer_cannot_be_read_is_said_in_the_current_language():
    i18n.set_language("fr")
    d = Drill([SKILLS["pay-even"]], FR, PRACTICE, seed=5)
    d.next_question()
    french = d.why_unreadable("beaucoup")
    i18n.set_language("it")
    italian = d.why_unreadable("beaucoup")
    assert french and italian and french != italian
    assert d.why_unreadable("10") is None


def test_a_dealt_shoe_retold_asks_the_same_steps_in_the_new_words(store):
    from trainer.practice.deal import DealShoe

    i18n.set_language("fr")
    shoe = DealShoe(FR, seed=7, incidents="frequent", store=store)
    shoe.next_round()
    assert shoe.answer("burn", 500).correct  # a shoe begins with its burn [000]
    first = shoe.step
    assert first is not None
    wrong = shoe.answer("d" if first.expected != DEALER else "1", 700)
    assert not wrong.correct and wrong.again  # practice: the step stays until done right
    ahead = shoe.prepare_next()
    assert ahead
    french = [s.prompt for s in shoe.steps]

    i18n.set_language("it")
    told = shoe.retell("it")
    assert shoe.language == "it" and shoe.position == 1
    assert told[id(first)] is shoe.step
    italian = [s.prompt for s in shoe.steps]
    assert italian != french and "Dai la carta seguente" in italian
    step = shoe.step
    assert step is not None and step is not first and step.expected == first.expected
    # the verdict on the step: its rule in Italian, still wrong, stored once
    _burn, v = shoe.verdicts
    assert v.step is step and not v.correct and v.reason == step.rule != wrong.reason
    done = shoe.answer(step.expected, 400)
    assert done.correct
    rows = list(store.attempts(profile="default"))
    # the burn, then only the first try of the step retold
    assert [(r.correct, r.response_ms) for r in rows] == [(True, 500), (False, 700)]
    # the round played ahead comes in Italian
    while shoe.step is not None:
        shoe.answer(shoe.step.expected, 10)
    following = shoe.next_round()
    assert [s.expected for s in following] == [s.expected for s in ahead]
    assert following[0].prompt != ahead[0].prompt


def test_a_shoe_s_players_speak_only_sabot_s_languages():
    from trainer.practice.deal import DealShoe

    shoe = DealShoe(FR, seed=1)
    with pytest.raises(ValueError, match="the players speak"):
        shoe.retell("de")
