"""Paying in chips: the fewest chips, or colour for colour (in the colours of the stake), as the
settings say the trainee's school teaches; the chips drill asks by it and judges by it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.payout import (
    CHIP_PAYMENTS,
    COLOUR_FOR_COLOUR,
    FEWEST,
    ChipError,
    chip_breakdown,
    colour_for_colour,
    payment,
)
from trainer.game.rules import HouseRules
from trainer.practice.drill import Drill
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import Practice
from trainer.practice.skills.table import Chips, stake_chips
from trainer.settings import Preferences, Settings

FR = HouseRules.from_spec("casino-fr")  # chips 1 2 5 10 25 100 500
CHIPS = FR.chips


def d(*values) -> list[D]:
    return [D(str(v)) for v in values]


@pytest.mark.parametrize(
    ("amount", "stake", "paid"),
    [
        (20, (5, 5, 5, 5), (5, 5, 5, 5)),  # a win: the stake again, chip for chip
        (30, (5, 5, 5, 5), (5, 5, 5, 5, 5, 5)),  # Black Jack on four reds: six reds
        (30, (10, 10), (10, 10, 10)),  # ... on two blues: three blues, not 25 + 5
        (45, (25, 5), (25, 5, 5, 5, 5)),  # the stake, then its half in its colours
        (70, (25, 10, 25, 10), (25, 25, 10, 10)),  # a doubled 35: both stacks again
        (37.5, (25,), None),  # a half unit these chips cannot make
        (15, (10,), (10, 5)),  # the half of a blue in the fewest chips
        (20, (10,), (10, 10)),  # insurance of 10 paid 2 to 1
        (0, (5,), ()),
    ],
)
def test_colour_for_colour(amount, stake, paid):
    if paid is None:
        with pytest.raises(ChipError):
            colour_for_colour(D(str(amount)), d(*stake), CHIPS)
        return
    assert colour_for_colour(D(str(amount)), d(*stake), CHIPS) == d(*paid)


def test_the_fewest_chips_and_colour_for_colour_differ_where_schools_differ():
    four_reds = d(5, 5, 5, 5)
    assert payment(FEWEST, D(30), four_reds, CHIPS) == d(25, 5)
    assert payment(COLOUR_FOR_COLOUR, D(30), four_reds, CHIPS) == d(5, 5, 5, 5, 5, 5)
    with pytest.raises(ValueError, match="unknown chip payment"):
        payment("whatever", D(30), four_reds, CHIPS)


stakes = st.lists(st.sampled_from(list(CHIPS[:6])), min_size=1, max_size=6)
ratios = st.sampled_from([D(1), D("1.5"), D(2), D("1.2")])


@settings(max_examples=300, deadline=None)
@given(stake=stakes, ratio=ratios)
def test_colour_for_colour_pays_the_amount_in_the_stake_s_colours_first(stake, ratio):
    total = sum(stake, D(0))
    amount = total * ratio
    try:
        paid = colour_for_colour(amount, stake, CHIPS)
    except ChipError:
        with pytest.raises(ChipError):
            chip_breakdown(amount, CHIPS)  # only when the table cannot make it at all
        return
    assert sum(paid, D(0)) == amount
    assert set(paid) <= set(CHIPS)
    assert paid == sorted(paid, reverse=True)
    have, want = Counter(paid), Counter(stake)
    # the stake is matched chip for chip as many whole times as it goes into the amount
    whole = int(amount // total)
    assert all(have[c] >= n * whole for c, n in want.items())
    # and what other colours there are make less than the smallest of the stake's
    others = sum((c for c in paid if c not in want), D(0))
    assert others < min(stake)


def test_a_player_bets_in_the_chips_players_use():
    rng = random.Random(1)
    seen = set()
    for _ in range(300):
        bet = D(rng.choice((5, 10, 15, 20, 25, 30, 40, 50, 100)))
        placed = stake_chips(rng, bet, CHIPS)
        assert sum(placed, D(0)) == bet and set(placed) <= set(CHIPS)
        assert placed == sorted(placed, reverse=True)
        assert len(placed) <= max(6, len(chip_breakdown(bet, CHIPS)))
        seen.add(len(set(placed)) == 1 and len(placed) > len(chip_breakdown(bet, CHIPS)))
    assert seen == {True, False}  # four reds for 20 sometimes, the fewest chips others


def questions(payment_: str, n: int = 60, preset: str = "casino-fr"):
    rules = HouseRules.from_spec(preset)
    skill = Chips(payment_)
    return [skill.make(random.Random(seed), rules) for seed in range(n)]


def test_the_chips_drill_says_which_payment_it_asks():
    for q in questions(FEWEST, 20):
        assert "fewest chips" in q.prompt and q.data["payment"] == FEWEST
    for q in questions(COLOUR_FOR_COLOUR, 20):
        assert "colour for colour" in q.prompt and q.data["payment"] == COLOUR_FOR_COLOUR
        assert "house practice" in q.reason


def test_colour_for_colour_questions_are_judged_by_it():
    differ = 0
    for q in questions(COLOUR_FOR_COLOUR, 120):
        amount, stake = D(q.data["amount"]), d(*q.data["stake"])
        assert q.answer == colour_for_colour(amount, stake, CHIPS)
        assert SKILLS["chips"].check(q, q.expected).correct
        shuffled = " ".join(reversed(q.expected.split()))
        assert SKILLS["chips"].check(q, shuffled).correct  # in any order
        fewest = chip_breakdown(amount, CHIPS)
        if sorted(fewest) != sorted(q.answer):
            differ += 1
            # the fewest chips are not what this school pays
            assert not SKILLS["chips"].check(q, " ".join(str(c) for c in fewest)).correct
    assert differ >= 10


def test_fewest_chips_questions_are_judged_by_the_fewest():
    for q in questions(FEWEST, 120):
        amount, stake = D(q.data["amount"]), d(*q.data["stake"])
        assert len(q.answer) == len(chip_breakdown(amount, CHIPS))
        c4c = colour_for_colour(amount, stake, CHIPS)
        assert SKILLS["chips"].check(q, " ".join(str(c) for c in c4c)).correct == (
            len(c4c) == len(q.answer)
        )


def test_the_stake_on_the_table_is_the_stake_the_question_pays_in():
    for q in questions(COLOUR_FOR_COLOUR, 60):
        box = q.table.box(q.data["box"])
        placed = dict(box.chips)["seat"]
        assert sum(placed, D(0)) == D(q.data["bet"])
        why = q.data["why"]
        stake = d(*q.data["stake"])
        if why in ("win", "blackjack"):
            assert list(placed) == stake
        elif why == "double":
            assert sorted(stake) == sorted(list(placed) * 2)
            assert box.hands[0].doubled
        else:
            assert why == "insurance" and box.insurance == D(q.data["bet"]) / 2
            assert sum(stake, D(0)) == box.insurance


def test_a_drill_asks_the_chips_as_its_practice_says():
    drill = Drill([SKILLS["chips"]], FR, practice=Practice(COLOUR_FOR_COLOUR), seed=4, count=5)
    for _ in range(5):
        q = drill.next_question()
        assert q.data["payment"] == COLOUR_FOR_COLOUR
        assert drill.answer(q.expected, 1000).verdict.correct
    assert SKILLS["chips"].payment == FEWEST  # the registry's own skill is left as it was
    exam = Drill(list(SKILLS.values()), FR, mode="exam", seed=9, practice=Practice(FEWEST))
    assert all(q.data["payment"] == FEWEST for q in exam._plan if q.skill == "chips")
    with pytest.raises(ValueError, match="unknown chip payment"):
        Practice("colour")


def test_the_setting_is_kept_and_a_bad_one_falls_back(tmp_path):
    s = Settings.load(tmp_path / "settings.json")
    assert s.prefs.chip_payment == FEWEST == Preferences().chip_payment
    s.prefs.chip_payment = COLOUR_FOR_COLOUR
    s.save()
    assert Settings.load(s.path).prefs.chip_payment == COLOUR_FOR_COLOUR
    doc = json.loads(s.path.read_text())
    doc["preferences"]["chip_payment"] = "colour"
    s.path.write_text(json.dumps(doc))
    again = Settings.load(s.path)
    assert again.prefs.chip_payment == FEWEST
    assert "chip_payment" in (again.notice or "")
    assert set(CHIP_PAYMENTS) == {FEWEST, COLOUR_FOR_COLOUR}


def test_the_command_line_asks_colour_for_colour(tmp_path):
    env = {"SABOT_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "drill", "chips", "--seed", "3", "--count", "1"]
        + ["--chip-payment", COLOUR_FOR_COLOUR, "--json"],
        input="5\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    question = json.loads(out.stdout.splitlines()[0])
    assert "colour for colour" in question["prompt"]
