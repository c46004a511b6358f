"""A review question on the drill page says which item it reviews, above its prompt: the hand or
the stake missed, its category, and when it was last missed — in the language of the moment."""

from __future__ import annotations

import time

import pytest

from trainer import i18n
from trainer.game.rules import HouseRules
from trainer.practice.drill import REVIEW, Drill
from trainer.practice.skills import SKILLS
from ui.pages.drill import DrillPage

DAY = 86400
A4A = {"cards": ["AS", "4D", "AH"], "box": 3, "split": False, "stood": False}
BJ = {"bet": "25", "cards": ["AD", "KS"], "box": 3}


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def _review(qtbot, reviews, rules: HouseRules | None = None) -> DrillPage:
    page = DrillPage()
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    skills = [SKILLS[n] for n in dict.fromkeys(r[0] for r in reviews)]
    rules = rules or HouseRules.preset_named()
    page.start(Drill(skills, rules, mode=REVIEW, seed=5, reviews=reviews))
    return page


def test_a_review_question_names_the_hand_missed_and_when(qtbot, english):
    missed = time.time() - 3 * DAY
    page = _review(qtbot, [("announce", "announce:soft-16", A4A, missed)])
    assert page.question.data["review"] == "A-4-A"
    line = page.reviewing.text()
    assert line == "Review · A-4-A (soft 16) · missed 3 days ago"
    assert page.reviewing.isVisible()
    # above the prompt
    assert page.reviewing.geometry().bottom() <= page.prompt.geometry().top()
    now = time.time()
    q = page.question
    assert page.reviewing_text(q, now=missed).endswith("· missed today")
    assert page.reviewing_text(q, now=missed + DAY).endswith("· missed yesterday")
    i18n.set_language("fr")
    page.retranslate()
    assert page.reviewing.text() == "Révision · A-4-A (16 souple) · manquée il y a 3 jours"
    i18n.set_language("it")
    page.retranslate()
    assert page.reviewing.text() == "Ripasso · A-4-A (16 soft) · sbagliata 3 giorni fa"
    assert now  # the line reads the calendar, never a timer


def test_a_stake_reviewed_is_named_by_its_bet_and_box(qtbot, english):
    page = _review(qtbot, [("pay-blackjack", "pay-blackjack:25", BJ, time.time() - DAY)])
    assert page.reviewing.text() == "Review · Black Jack on 25, box 3 · missed yesterday"


def test_a_rare_hand_reviewed_is_the_hand_on_the_felt(qtbot, english):
    a22a = {"cards": ["AS", "2D", "2H", "AC"], "box": 2, "split": False, "stood": False}
    page = _review(qtbot, [("announce", "announce:soft-16", a22a, time.time() - DAY)])
    assert page.reviewing.text() == "Review · A-2-2-A (soft 16) · missed yesterday"
    q = page.question
    table = q.table
    (box,) = [b for b in table.boxes if b.number == q.data["box"]]
    (shown,) = [h for h in box.hands if h.label == table.active]
    assert [c[0] for c in shown.cards] == ["A", "2", "2", "A"]


def test_a_situation_todays_rules_cannot_make_is_named_by_its_category(qtbot, english):
    # missed under a preset that splits; reviewed at a table that splits no more
    split = {"cards": ["8S", "3D", "TH"], "box": 2, "split": True, "stood": False}
    rules = HouseRules.preset_named().with_options(split="none", max_hands=1)
    missed = time.time() - DAY
    page = _review(qtbot, [("announce", "announce:21-3cards", split, missed)], rules)
    q = page.question
    assert q.data["review"] == "8-3-10 split"  # the answer still updates that item
    line = page.reviewing.text()
    assert line == (
        "Review · 21 in 3 cards · another of its kind: today's rules cannot make the one missed"
        " · missed yesterday"
    )
    assert "8-3" not in line and [c[0] for c in q.data["cards"]] != ["8", "3", "T"]
    i18n.set_language("fr")
    page.retranslate()
    assert "8-3" not in page.reviewing.text()
    assert page.reviewing.text().startswith("Révision · 21 en 3 cartes · ")


def test_a_practice_question_says_nothing_of_a_review(qtbot, english):
    page = DrillPage()
    qtbot.addWidget(page)
    page.show()
    page.start(Drill([SKILLS["announce"]], HouseRules.preset_named(), seed=5))
    assert page.reviewing.text() == ""
    assert not page.reviewing.isVisible()
