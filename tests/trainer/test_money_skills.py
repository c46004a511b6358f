"""The money skills (RULES.md §14, house practice): stack values, buy-in, change, colour-up,
conversions, read the bet and pay. Property tests over every preset, the settings' ways and many
seeds: the total is kept, the answer judged right is the house's way (the fewest chips where the
house asks the fewest, checked against a brute-force minimum), nothing the table's chips cannot
make is asked, and the judge takes the right answer and refuses a wrong total, a wrong make-up
and a wrong amount announced. Then the answers as typed, the terminal and `--json`."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.trainer.commandline import run_sabot
from trainer.game.money import (
    AS_ASKED,
    CUT,
    FULL_STACK,
    HANDING_WAYS,
    HOUSE_MIX,
    NOTES,
    house_mix,
    next_colour,
    unit_chip,
)
from trainer.game.payout import CHIP_PAYMENTS, FEWEST, blackjack_win
from trainer.game.rules import PRESETS, HouseRules
from trainer.i18n import set_language
from trainer.practice.answers import Unreadable, parse_announced_chips
from trainer.practice.skills import SKILLS, Question, Skill
from trainer.practice.skills.base import ANNOUNCED_CHIPS, CHIPS, HOW_TO_ANSWER, Practice, made

MONEY = ("stack-values", "buy-in", "change", "colour-up", "conversions", "read-pay")
RULES = {p: HouseRules.from_spec(p) for p in PRESETS}
PRACTICES = [
    Practice(chip_payment=pay, buy_in=buy, change=change)
    for pay in CHIP_PAYMENTS
    for buy in HANDING_WAYS
    for change in HANDING_WAYS
]


def D(x: object) -> Decimal:
    return Decimal(str(x))


def chips_of(stacks: list[list[object]]) -> list[Decimal]:
    return [D(c) for c, n in stacks for _i in range(int(n))]  # type: ignore[call-overload]


@cache
def fewest_count(amount: Decimal, chips: tuple[Decimal, ...]) -> int | None:
    """The fewest chips that make `amount`, by brute force over every amount up to it (in the
    chips' smallest step): independent of trainer.game.payout's greedy and bounded search."""
    step = min([Decimal(1), *(c for c in chips if c != c.to_integral_value())])
    units = amount / step
    if units != units.to_integral_value():
        return None
    n = int(units)
    values = [int(c / step) for c in chips]
    inf = n + 1
    best = [0] + [inf] * n
    for a in range(1, n + 1):
        for v in values:
            if v <= a and best[a - v] + 1 < best[a]:
                best[a] = best[a - v] + 1
    return None if best[n] == inf else best[n]


def question(name: str, preset: str, practice: Practice, seed: int) -> tuple[Skill, Question]:
    skill = SKILLS[name].configured(practice)
    return skill, made(skill, random.Random(seed), RULES[preset])


def drilled() -> list[tuple[str, str]]:
    return [(n, p) for n in MONEY for p in PRESETS if SKILLS[n].available(RULES[p]) is None]


# ---------------------------------------------------------------------------- who drills what


def test_every_preset_drills_each_money_skill_or_says_why_not() -> None:
    for preset, rules in RULES.items():
        for name in MONEY:
            why = SKILLS[name].available(rules)
            assert why is None or (isinstance(why, str) and len(why) > 20), (preset, name)
    # no money is handed over a table dealt by software [002]; a family game buys in with no
    # notes [004]; reading stacks and paying are every table's
    assert SKILLS["buy-in"].available(RULES["online"]) is not None
    assert "[004]" in (SKILLS["buy-in"].available(RULES["home"]) or "")
    for name in ("stack-values", "read-pay"):
        assert all(SKILLS[name].available(r) is None for r in RULES.values()), name
    for name in MONEY:
        assert SKILLS[name].available(RULES["casino-fr"]) is None, name


# ---------------------------------------------------------------------------- the properties


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(drilled()),
    st.sampled_from(PRACTICES),
    st.integers(min_value=0, max_value=10**9),
)
def test_the_total_is_kept_and_only_what_the_chips_make_is_asked(case, practice, seed) -> None:
    name, preset = case
    rules = RULES[preset]
    table_chips = set(rules.chips)
    skill, q = question(name, preset, practice, seed)
    data = q.data
    json.dumps(data)  # plain JSON, as the history stores it
    assert data["chip_set"] == [str(c) for c in sorted(rules.chips)]
    view = q.table.money if q.table is not None else None
    if name != "conversions":
        assert view is not None and view.box == data["box"]
    if "stacks" in data and view is not None:
        assert [[str(c), n] for c, n in view.stacks] == [[c, n] for c, n in data["stacks"]]
        assert all(1 <= n <= FULL_STACK for _c, n in view.stacks)
    if name == "stack-values":
        held = chips_of(data["stacks"])
        assert len(set(held)) == 1 and set(held) <= table_chips
        assert q.answer == sum(held)
    elif name == "buy-in":
        notes = [D(n) for n in data["notes"]]
        assert set(notes) <= set(NOTES) and notes == sorted(notes, reverse=True)
        assert view is not None and list(view.notes) == notes
        total, chips = q.answer
        assert total == sum(notes) == sum(chips)
        assert set(chips) <= table_chips
    elif name == "change":
        given_chips = chips_of(data["stacks"])
        assert q.answer and sum(q.answer) == sum(given_chips) == D(data["amount"])
        assert set(q.answer) <= table_chips and not set(q.answer) & set(given_chips)
    elif name == "colour-up":
        given_chips = chips_of(data["stacks"])
        total, chips = q.answer
        assert total == sum(given_chips) == sum(chips)
        assert len(chips) < len(given_chips) and set(chips) <= table_chips
    elif name == "conversions":
        rack = [D(c) for c in data.get("rack", data["chip_set"])]
        assert sum(q.answer) == D(data["amount"]) and set(q.answer) <= set(rack)
        stake = [D(c) for c in data["stake"]]
        assert sum(stake) == D(data["bet"])
        if data["case"] == "rack":
            (missing,) = set(rules.chips) - set(rack)
            assert missing in stake  # the rack lacks the stake's colour
        else:
            assert len(set(stake)) >= 2  # a mixed stake
    else:  # read-pay: the stake in chips only, never in words
        read = sum(chips_of(data["stacks"]))
        paid = {
            "win": read,
            "split": read,
            "blackjack": blackjack_win(read, rules),
            "insurance": read * 2,
        }[data["why"]]
        assert q.answer == paid
        # no figure in the question but its box's or hand's number: the stake is not said
        figures = re.findall(r"\d+(?:[.,]\d+)?", q.unread_prompt)
        assert q.unread_prompt and set(figures) <= {str(data["box"]), data["hand"]}, q.prompt
    # nothing the table's chips cannot make is asked: the answer's amount is one of them
    paid_amount = q.answer[0] if q.kind == ANNOUNCED_CHIPS else q.answer
    if q.kind == CHIPS:
        paid_amount = sum(q.answer)
    assert fewest_count(paid_amount, tuple(sorted(rules.chips))) is not None, q.item


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(drilled()),
    st.sampled_from(PRACTICES),
    st.integers(min_value=0, max_value=10**9),
)
def test_the_answer_judged_right_is_the_house_s_way(case, practice, seed) -> None:
    name, preset = case
    rules = RULES[preset]
    skill, q = question(name, preset, practice, seed)
    if name == "colour-up":
        total, chips = q.answer
        assert len(chips) == fewest_count(total, tuple(sorted(rules.chips)))
    elif name == "conversions" and practice.chip_payment == FEWEST:
        rack = tuple(sorted(D(c) for c in q.data.get("rack", q.data["chip_set"])))
        assert len(q.answer) == fewest_count(sum(q.answer), rack)
    elif name == "conversions":
        # colour for colour: each stake chip the rack holds is answered by its own colour
        held = Counter(c for c in q.answer)
        rack = {D(c) for c in q.data.get("rack", q.data["chip_set"])}
        if q.data["why"] == "win":
            for c, n in Counter(D(c) for c in q.data["stake"]).items():
                if c in rack:
                    assert held[c] >= n, (q.data, q.answer)
    elif name in ("buy-in", "change"):
        way = practice.buy_in if name == "buy-in" else practice.change
        chips = q.answer[1] if name == "buy-in" else q.answer
        total = sum(chips)
        if way == HOUSE_MIX:
            # the rule as the rules book writes it: a cut of five of the betting chip, then the
            # colour worth five of them up to a stack of 20, the rest in the fewest chips
            unit = unit_chip(rules)
            high = next_colour(unit, rules.chips)
            count = Counter(chips)
            assert count[unit] >= min(CUT, int(total // unit))
            if high is not None and total - unit * min(CUT, int(total // unit)) >= high:
                assert count[high] >= 1
            assert chips == house_mix(total, rules.chips, unit)
            assert "asked" not in q.data
        else:
            asked = q.data["asked"]
            count = Counter(chips)
            for c, n in asked:
                if n is not None:
                    assert count[D(c)] == n, (asked, chips)
            assert {D(c) for c, _n in asked} == set(chips)
            assert q.table is not None and q.table.money is not None and q.table.money.said
            assert q.data["way"] == AS_ASKED


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(drilled()),
    st.sampled_from(PRACTICES),
    st.integers(min_value=0, max_value=10**9),
)
def test_the_judge_takes_the_answer_and_refuses_a_wrong_total_make_up_or_amount(
    case, practice, seed
) -> None:
    name, preset = case
    rules = RULES[preset]
    skill, q = question(name, preset, practice, seed)
    right = skill.check(q, q.expected)
    assert right.correct, (q.expected, right)
    smallest = min(rules.chips)
    if q.kind == ANNOUNCED_CHIPS:
        total, chips = q.answer
        assert right.parts == (("amount", True), ("chips", True))
        # a wrong total: a chip too many
        v = skill.check(q, f"{q.expected} {smallest}")
        assert not v.correct and v.parts == (("amount", True), ("chips", False))
        # the wrong amount announced, the chips right
        said = total + smallest
        v = skill.check(q, f"{said}: {' '.join(str(c) for c in chips)}")
        assert not v.correct and v.parts == (("amount", False), ("chips", True)), v
        assert "wrong" in v.note
        # the same total made up otherwise: refused as not the house's way (or not the fewest)
        other = _made_otherwise(chips, rules)
        if other is not None:
            v = skill.check(q, f"{total}: {' '.join(str(c) for c in other)}")
            assert not v.correct and v.parts == (("amount", True), ("chips", False)), v
            assert "but not as" in v.note
    elif q.kind == CHIPS:
        v = skill.check(q, f"{q.expected} {smallest}")
        assert not v.correct and v.parts == (("chips", False),)
        other = _made_otherwise(q.answer, rules)
        if other is not None:
            v = skill.check(q, " ".join(str(c) for c in other))
            assert not v.correct, (q.answer, other)
    else:
        assert not skill.check(q, str(q.answer + smallest)).correct


def _made_otherwise(chips: list[Decimal], rules: HouseRules) -> list[Decimal] | None:
    """The same total with one chip of the answer broken into the next smaller colour: more
    chips, or other colours; None when no chip of it can be broken."""
    for c in sorted(set(chips), reverse=True):
        smaller = [s for s in sorted(rules.chips) if s < c and c % s == 0]
        if smaller:
            s = smaller[-1]
            out = list(chips)
            out.remove(c)
            return sorted(out + [s] * int(c / s), reverse=True)
    return None


def test_the_house_s_mix_by_hand() -> None:
    fr = RULES["casino-fr"]
    assert unit_chip(fr) == 5 and next_colour(Decimal(5), fr.chips) == 25
    assert house_mix(Decimal(300), fr.chips, Decimal(5)) == [Decimal(25)] * 11 + [Decimal(5)] * 5
    assert house_mix(Decimal(20), fr.chips, Decimal(5)) == [Decimal(5)] * 4
    # a stack of 20 × 25 at most, then the fewest chips: 1000 = 5 × 5 + 20 × 25 + 475
    big = house_mix(Decimal(1000), fr.chips, Decimal(5))
    assert Counter(big) == {Decimal(5): 5, Decimal(25): 23, Decimal(100): 4}
    online = RULES["online"]
    assert unit_chip(online) == 1 and next_colour(Decimal(1), online.chips) == 5


def test_half_units_only_where_the_table_has_a_half_unit_chip() -> None:
    halves = HouseRules.from_spec({"preset": "casino-fr", "chips": ["0.5", "1", "5", "25", "100"]})
    whole = RULES["casino-fr"]
    seen_half = False
    for seed in range(300):
        q = made(SKILLS["read-pay"], random.Random(seed), whole)
        assert q.answer == q.answer.to_integral_value(), q.item
        h = made(SKILLS["read-pay"], random.Random(seed), halves)
        seen_half |= h.answer != h.answer.to_integral_value()
    assert seen_half  # 3 to 2 on an odd stake is asked where a 0.5 chip pays it


def test_a_weak_item_comes_back_made_on_its_key() -> None:
    for name, preset in drilled():
        for seed in range(10):
            q = made(SKILLS[name], random.Random(seed), RULES[preset])
            again = SKILLS[name].make_item(random.Random(seed + 99), RULES[preset], q.item)
            assert again is not None and again.item == q.item, (name, preset, q.item)


# ---------------------------------------------------------------------------- answers as typed


CHIP_SET = [Decimal(c) for c in (1, 2, 5, 10, 25, 100, 500)]


@pytest.mark.parametrize(
    "raw",
    [
        "300: 10x25 10x5",
        "300 = 10x25 + 10x5",
        "300:10x25,10x5",
        " 300 : 10 × 25 + 10 × 5 ",
        "300€: 10x25 10x5",
    ],
)
def test_an_amount_announced_then_its_chips(raw: str) -> None:
    assert parse_announced_chips(raw, CHIP_SET) == (
        Decimal(300),
        [Decimal(25)] * 10 + [Decimal(5)] * 10,
    )


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("300 10x25 10x5", 'like "110: 4x25 2x5"'),  # no ":" nor "="
        ("300:", 'like "110: 4x25 2x5"'),
        (": 10x25", 'like "110: 4x25 2x5"'),
        ("trois cents: 10x25", "the amount announced"),
        ("300: 10x3", "the chips"),
    ],
)
def test_an_announcement_missing_a_part_is_refused_with_an_example(raw: str, says: str) -> None:
    with pytest.raises(Unreadable) as e:
        parse_announced_chips(raw, CHIP_SET)
    assert says in str(e.value)


def test_the_refusal_is_said_in_the_trainee_s_language() -> None:
    assert HOW_TO_ANSWER[ANNOUNCED_CHIPS]
    try:
        for lang in ("fr", "it"):
            set_language(lang)
            with pytest.raises(Unreadable) as e:
                parse_announced_chips("300 10x25", CHIP_SET)
            assert "110: 4x25 2x5" in str(e.value) and "expected" not in str(e.value), lang
    finally:
        set_language("en")


# ---------------------------------------------------------------------------- the command line


@pytest.mark.parametrize("name", MONEY)
def test_sabot_drill_json_gives_the_money_as_data(name: str, tmp_path: Path) -> None:
    skill, q = question(name, "casino-fr", Practice(), 0)
    r = run_sabot(tmp_path, "drill", name, "--count", "1", "--seed", "4", "--json", stdin="q\n")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    first = json.loads(r.stdout.splitlines()[0])
    assert first["type"] == "question" and first["skill"] == name
    assert first["chip_set"] == ["1", "2", "5", "10", "25", "100", "500"]
    if name == "buy-in":
        assert first["notes"] and all(isinstance(n, str) for n in first["notes"])
    else:
        assert all(isinstance(c, str) and isinstance(n, int) for c, n in first["stacks"])
    if name == "read-pay":
        # the stake is read from its chips: neither the prompt nor the table says it in words
        assert "seat" not in " ".join(first["table"])


def test_the_terminal_says_the_money_in_words(tmp_path: Path) -> None:
    r = run_sabot(
        tmp_path,
        "drill",
        "buy-in",
        "--count",
        "1",
        "--seed",
        "4",
        "--buy-in",
        "as-asked",
        stdin="q\n",
    )
    assert r.returncode == 0, r.stderr
    assert "notes" in r.stdout and "the player says:" in r.stdout
    r = run_sabot(tmp_path, "drill", "stack-values", "--count", "1", "--seed", "2", stdin="q\n")
    assert "a stack of" in r.stdout or "a chip of" in r.stdout


# ---------------------------------------------------------------------------- the settings


def test_the_house_s_ways_are_settings_kept_and_a_bad_one_falls_back(tmp_path: Path) -> None:
    from trainer.practice.drill import Drill
    from trainer.settings import Preferences, Settings

    s = Settings.load(tmp_path / "settings.json")
    assert (s.prefs.buy_in, s.prefs.change) == (HOUSE_MIX, AS_ASKED)
    assert (Preferences().buy_in, Practice().buy_in, Practice().change) == (
        HOUSE_MIX,
        HOUSE_MIX,
        AS_ASKED,
    )
    s.prefs.buy_in, s.prefs.change = AS_ASKED, HOUSE_MIX
    s.save()
    kept = Settings.load(s.path).prefs
    assert (kept.buy_in, kept.change) == (AS_ASKED, HOUSE_MIX)
    doc = json.loads(s.path.read_text())
    doc["preferences"]["buy_in"] = "in fives"
    s.path.write_text(json.dumps(doc))
    again = Settings.load(s.path)
    assert again.prefs.buy_in == HOUSE_MIX and "buy_in" in (again.notice or "")
    with pytest.raises(ValueError, match="unknown way of handing chips"):
        Practice(change="whatever")
    # a drill asks by them: every buy-in as the player asks, every change in the house's mix
    practice = Practice(buy_in=AS_ASKED, change=HOUSE_MIX)
    d = Drill(
        [SKILLS["buy-in"], SKILLS["change"]],
        RULES["casino-fr"],
        count=20,
        seed=3,
        practice=practice,
    )
    while (q := d.next_question()) is not None:
        assert q.data["way"] == (AS_ASKED if q.skill == "buy-in" else HOUSE_MIX), q.item
        d.answer(q.expected, 500)


@pytest.mark.parametrize(
    "chips",
    [["1", "100"], ["1", "5", "25", "100"], ["0.5", "1", "5", "25"], ["5", "25", "100"]],
)
def test_a_table_of_other_chips_drills_what_its_chips_can_make_or_says_why_not(chips) -> None:
    rules = HouseRules.from_spec({"preset": "casino-fr", "chips": chips})
    for name in MONEY:
        for practice in PRACTICES:
            skill = SKILLS[name].configured(practice)
            why = skill.available(rules)
            if why is not None:
                assert len(why) > 20, (chips, name)
                continue
            for seed in range(15):  # made at once, never searched for endlessly
                q = made(skill, random.Random(seed), rules)
                assert skill.check(q, q.expected).correct, (chips, name, q.expected)
    two = HouseRules.from_spec({"preset": "casino-fr", "chips": ["1", "100"]})
    assert SKILLS["colour-up"].available(two) and SKILLS["conversions"].available(two)
