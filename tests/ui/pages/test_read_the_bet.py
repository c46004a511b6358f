"""Read the bet (issue 24): the payout questions leave the stake out and the felt writes no amount
under it, so the trainee reads the bet from its chips, then pays: always in an exam, in practice
as the settings say. The terminal's drill, which shows no chips, keeps the amount in words."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.game.rules import HouseRules
from trainer.practice.drill import Drill
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import amount, made
from trainer.settings import Settings
from ui.pages.drill import DrillPage

RULES = HouseRules.from_spec("casino-fr")
PAYOUTS = ("pay-even", "pay-double", "pay-blackjack", "pay-insurance")


def _stake_named(text: str, q) -> bool:
    """Whether `text` names the question's stake (the box's own number aside)."""
    box = str(q.data["box"])
    rest = text.replace(f"Box {box}", "").replace(f"box {box}", "")
    stakes = [Decimal(q.data["bet"])]
    if "insured" in q.data:
        stakes.append(Decimal(q.data["insured"]))
    return any(amount(s) in rest for s in stakes)


@pytest.mark.parametrize("name", PAYOUTS)
def test_a_payout_question_can_be_asked_without_its_stake(name):
    rng = random.Random(7)
    for _ in range(40):
        q = made(SKILLS[name], rng, RULES)
        assert q is not None
        assert _stake_named(q.prompt, q), q.prompt  # in words, as the terminal asks it
        assert q.unread_prompt and not _stake_named(q.unread_prompt, q), q.unread_prompt
        assert f"{q.data['box']}" in q.unread_prompt  # which box, still said
        assert q.table is not None  # the felt shows the stake to read


def _stakes_written(page: DrillPage) -> list[str]:
    return [s.written for s in page.scene.stacks.values() if s.written]


def test_an_exam_reads_the_bet_from_the_felt(qtbot, page: DrillPage):
    page.read_the_bet = False  # whatever practice is set to
    page.start(Drill([SKILLS["pay-even"]], RULES, mode="exam", seed=3, count=3))
    q = page.question
    assert page.prompt.text() == q.unread_prompt != q.prompt
    assert page.scene.stacks and _stakes_written(page) == []  # no amount under the chips


def test_practice_names_the_stake_unless_the_trainee_reads_the_bet(qtbot, page: DrillPage):
    page.read_the_bet = False
    page.start(Drill([SKILLS["pay-blackjack"]], RULES, seed=3, count=3))
    q = page.question
    assert page.prompt.text() == q.prompt
    assert _stakes_written(page)  # the amount under its chips
    page.end()
    page.read_the_bet = True
    page.start(Drill([SKILLS["pay-blackjack"]], RULES, seed=3, count=3))
    q = page.question
    assert page.prompt.text() == q.unread_prompt != q.prompt
    assert _stakes_written(page) == []


def test_the_two_felt_settings_are_kept_and_checked(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings.load(path)
    assert s.prefs.players_view is False and s.prefs.read_the_bet is False  # the defaults
    s.prefs.players_view = True
    s.prefs.read_the_bet = True
    s.save()
    again = Settings.load(path)
    assert again.prefs.players_view is True and again.prefs.read_the_bet is True
    path.write_text('{"version": 1, "preferences": {"players_view": "yes", "read_the_bet": 1}}')
    bad = Settings.load(path)
    assert bad.prefs.players_view is False and bad.prefs.read_the_bet is False
