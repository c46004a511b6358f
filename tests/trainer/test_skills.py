"""The skills: every generator and checker under every preset, and each question's content
checked against RULES.md with an independent reading of the rules (not the engine's code).

Generated questions are cached per (rules, skill, number of seeds): the same question is read by
several tests, and making them is most of the cost of this file.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from decimal import Decimal
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.announce import announce, spoken
from trainer.game.payout import COLOUR_FOR_COLOUR, money
from trainer.game.rules import PRESETS, HouseRules
from trainer.game.table import TableView
from trainer.history.progress_data import describe_question, item_name
from trainer.i18n import set_language
from trainer.practice.answers import Unreadable
from trainer.practice.skills import SKILLS, Question, Skill, Verdict
from trainer.practice.skills.base import (
    AMOUNT,
    AMOUNTS,
    ANNOUNCED_CHIPS,
    ANNOUNCEMENT,
    CHIPS,
    CHOICE,
    DEALER,
    HOW_TO_ANSWER,
    RESULTS,
    SEQUENCE,
    SIGNED_AMOUNT,
    Practice,
    same_question,
)

# Skills whose questions are about a hand (or hands) of cards: they carry data["cards"].
HAND_SKILLS = (
    "announce",
    "dealer",
    "outcome",
    "pay-blackjack",
    "pay-split",
    "pay-behind",
    "pay-table",
)
TAG = re.compile(r"\[00[0-4]\]|rules book: “")  # a source, or a chapter of the rules book
ROUND_TRIP_SEEDS = 30

# ---------------------------------------------------------------------------- helpers


@cache
def rules_for(spec: str) -> HouseRules:
    """A preset name, or "preset+option=value" for an override (kept hashable for the cache)."""
    preset, _, override = spec.partition("+")
    if not override:
        return HouseRules.from_spec(preset)
    name, _, value = override.partition("=")
    return HouseRules.from_spec({"preset": preset, name: value})


@cache
def questions(spec: str, skill: str, n: int) -> tuple[Question, ...]:
    """Questions of `skill` under `spec`, one per seed 0..n-1 (a fresh Random for each)."""
    rules = rules_for(spec)
    return tuple(SKILLS[skill].make(random.Random(seed), rules) for seed in range(n))


AVAILABLE = [
    (preset, name)
    for preset in PRESETS
    for name, s in SKILLS.items()
    if s.available(HouseRules.from_spec(preset)) is None
]

VAL = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
}


def low_soft(cards: list[str] | tuple[str, ...]) -> tuple[int, bool]:
    low = sum(VAL[c[0]] for c in cards)
    return low, any(c[0] == "A" for c in cards) and low + 10 <= 21


def best(cards: list[str] | tuple[str, ...]) -> int:
    low, soft = low_soft(cards)
    return low + 10 if soft else low


def natural(cards: list[str] | tuple[str, ...], split: bool = False) -> bool:
    """RULES.md §1: an Ace and a ten-value as the first two cards; never after a split (§7)."""
    return not split and len(cards) == 2 and sorted(VAL[c[0]] for c in cards) == [1, 10]


def rules_words(cards: list[str], split: bool, stood: bool) -> str:
    """RULES.md §2, read independently of trainer.game.announce."""
    low, soft = low_soft(cards)
    if low > 21:
        return "bust"
    if natural(cards, split):
        return "Black Jack"
    high = low + 10 if soft else low
    if high == 21:
        return "21"
    if soft and not stood:
        return f"{low} or {low + 10}"
    return str(high)


Cards = list[str] | tuple[str, ...]


def hand_result(cards: Cards, split: bool, dealer: Cards) -> str:
    """RULES.md §9 for one hand against the dealer's final hand."""
    if low_soft(cards)[0] > 21:
        return "bust"  # [000] a bust box loses at once, whatever the dealer does
    if natural(dealer):
        return "push" if natural(cards, split) else "lose"  # [000]
    if natural(cards, split):
        return "blackjack"  # [003] a dealer 21 in 3+ cards does not beat it
    d = best(dealer)
    if d > 21 or best(cards) > d:
        return "win"
    return "push" if best(cards) == d else "lose"


def factor(result: str, rules: HouseRules) -> Decimal:
    return {
        "blackjack": rules.blackjack_ratio,
        "win": Decimal(1),
        "push": Decimal(0),
        "lose": Decimal(-1),
        "bust": Decimal(-1),
    }[result]


def hands_of(view: TableView) -> list[tuple[int, Any]]:
    return [(b.number, h) for b in view.boxes for h in b.hands]


def fewest_chips(amount: Decimal, chip_set: list[Decimal]) -> int | None:
    """Brute force: the fewest chips making `amount` (whole units), by dynamic programming."""
    if amount != amount.to_integral_value():
        return None
    n = int(amount)
    inf = n + 1
    best_n = [0] + [inf] * n
    for a in range(1, n + 1):
        for c in chip_set:
            v = int(c)
            if v <= a and best_n[a - v] + 1 < best_n[a]:
                best_n[a] = best_n[a - v] + 1
    return None if best_n[n] == inf else best_n[n]


def wrong_answer(q: Question) -> str:
    """A plausible wrong answer of the question's kind (the mistakes a trainee makes)."""
    exp = q.expected
    if q.kind == ANNOUNCEMENT:
        if " or " in exp:
            return exp.split(" or ")[1]  # the high value alone
        return {"Black Jack": "21", "21": "Black Jack", "bust": "21"}.get(exp) or str(int(exp) + 1)
    if q.kind in (AMOUNT, SIGNED_AMOUNT):
        return str(Decimal(exp) + 1)
    if q.kind == AMOUNTS:
        parts = exp.split("; ")
        parts[0] = str(Decimal(parts[0]) + 1)
        return "; ".join(parts)
    if q.kind in (CHIPS, ANNOUNCED_CHIPS):
        return exp + " " + q.data["chip_set"][0]  # one chip too many: the wrong amount
    if q.kind == SEQUENCE:
        tokens = exp.split()
        if len(tokens) >= 2 and tokens[0] != tokens[1]:
            tokens[0], tokens[1] = tokens[1], tokens[0]
            return " ".join(tokens)
        if len(tokens) >= 2:
            return " ".join(tokens[:-1])
        return "dealer" if tokens[0] != "dealer" else "1"
    if q.kind == RESULTS:
        words = exp.split()
        words[0] = {"win": "lose", "lose": "win", "push": "win", "blackjack": "win", "bust": "win"}[
            words[0]
        ]
        return " ".join(words)
    if q.kind == DEALER:
        n, point = exp.split(" ", 1)
        return f"{int(n) + 1} {point}"
    if q.kind == CHOICE:
        return str((q.answer + 1) % len(q.choices) + 1)
    raise AssertionError(q.kind)


# ---------------------------------------------------------------------------- every skill


def test_every_skill_is_checked_under_some_preset() -> None:
    assert {name for _, name in AVAILABLE} == set(SKILLS)
    for name, s in SKILLS.items():
        assert s.name == name
        assert s.kind in HOW_TO_ANSWER
        assert s.target > 0 and s.title and s.blurb


@pytest.mark.parametrize(("preset", "name"), AVAILABLE, ids=[f"{p}-{n}" for p, n in AVAILABLE])
def test_generator_and_checker_round_trip(preset: str, name: str) -> None:
    s = SKILLS[name]
    for seed, q in enumerate(questions(preset, name, ROUND_TRIP_SEEDS)):
        where = f"{preset} {name} seed {seed}: {q.prompt!r} expected {q.expected!r}"
        assert q.skill == name and q.kind == s.kind, where
        assert q.item.startswith(name + ":"), where
        assert json.loads(json.dumps(q.data)) == q.data, where
        if name in HAND_SKILLS:
            assert q.data["cards"], where
        right = s.check(q, q.expected)
        assert isinstance(right, Verdict) and right.correct, where
        assert right.expected == q.expected and right.given == q.expected, where
        wrong_text = wrong_answer(q)
        wrong = s.check(q, wrong_text)
        assert not wrong.correct, f"{where}: {wrong_text!r} judged right"
        # the verdict on a wrong answer carries the right answer and the rule that makes it right
        assert wrong.expected == q.expected, where
        assert wrong.reason == q.reason and wrong.reason, where


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(AVAILABLE), seed=st.integers(0, 2**64 - 1))
def test_any_seed_round_trips(pair: tuple[str, str], seed: int) -> None:
    preset, name = pair
    s = SKILLS[name]
    q = s.make(random.Random(seed), rules_for(preset))
    assert q.item.startswith(name + ":")
    assert json.loads(json.dumps(q.data)) == q.data
    assert s.check(q, q.expected).correct
    assert not s.check(q, wrong_answer(q)).correct
    assert TAG.search(q.reason)


@pytest.mark.parametrize("name", list(SKILLS))
def test_reason_cites_a_rule(name: str) -> None:
    preset = next(p for p, n in AVAILABLE if n == name)
    for q in questions(preset, name, ROUND_TRIP_SEEDS):
        assert TAG.search(q.reason), f"{name}: {q.reason!r}"


def test_same_seed_same_question() -> None:
    rules = rules_for("casino-fr")
    for name, s in SKILLS.items():
        a = s.make(random.Random(11), rules)
        b = s.make(random.Random(11), rules)
        assert a == b, name


def test_unavailable_skills_say_why() -> None:
    home = rules_for("home")
    for name in ("pay-double", "pay-insurance", "pay-split", "pay-behind"):
        why = SKILLS[name].available(home)
        assert why and "home" in why
    assert SKILLS["pay-behind"].available(rules_for("online"))
    assert SKILLS["pay-behind"].available(rules_for("casino-fr")) is None


# ---------------------------------------------------------------------------- announce


@pytest.mark.parametrize("preset", ["casino-fr", "home"])
def test_announce_matches_engine_and_rules(preset: str) -> None:
    for q in questions(preset, "announce", 500):
        cards, split, stood = q.data["cards"], q.data["split"], q.data["stood"]
        assert q.expected == announce(cards, split=split, closed=stood), q.data
        assert q.expected == rules_words(cards, split, stood), q.data
        assert q.answer == q.expected


def category(q: Question) -> str:
    cards, split, stood = q.data["cards"], q.data["split"], q.data["stood"]
    low, soft = low_soft(cards)
    if low > 21:
        return "bust"
    if natural(cards, split):
        return "blackjack"
    if best(cards) == 21:
        return "21"
    if soft:
        return "soft-stand" if stood else "soft"
    return "hard"


def test_announce_item_names_the_category() -> None:
    for q in questions("casino-fr", "announce", 500):
        cat = category(q)
        cards = q.data["cards"]
        expect = {
            "bust": "announce:bust",
            "blackjack": "announce:blackjack",
            "21": "announce:21-split"
            if q.data["split"] and len(cards) == 2
            else f"announce:21-{len(cards)}cards",
            "soft": f"announce:soft-{best(cards)}",
            "soft-stand": f"announce:soft-stand-{best(cards)}",
            "hard": f"announce:hard-{best(cards)}",
        }[cat]
        assert q.item == expect, q.data


def test_announce_hard_cases_are_well_represented() -> None:
    shares = Counter(category(q) for q in questions("casino-fr", "announce", 500))
    # soft hands, multi-card 21s, naturals and busts are where dealers slip [000]
    assert shares["soft"] + shares["soft-stand"] >= 100, shares
    assert shares["21"] >= 25, shares
    assert shares["blackjack"] >= 15, shares
    assert shares["bust"] >= 25, shares
    assert shares["hard"] >= 50, shares
    multi_card_21 = [
        q
        for q in questions("casino-fr", "announce", 500)
        if category(q) == "21" and len(q.data["cards"]) >= 3
    ]
    assert len(multi_card_21) >= 15


def test_announce_hands_are_reachable() -> None:
    """A hand stops drawing at 21 or on a bust: no earlier two-card-or-more prefix did either."""
    for q in questions("casino-fr", "announce", 500):
        cards = q.data["cards"]
        for k in range(2, len(cards)):
            assert best(cards[:k]) < 21, q.data
        assert q.data["box"] in range(1, 8)
        if q.data["split"]:
            assert "after a split" in q.prompt


def test_announce_split_aces_take_one_card() -> None:
    """Regression: split hands starting with an Ace once held 3+ cards (A 5 5 after a split);
    split Aces take one card each [000][001] (RULES.md §7)."""
    rules = rules_for("casino-fr")
    for seed in range(1000):
        q = SKILLS["announce"].make(random.Random(seed), rules)
        if q.data["split"] and q.data["cards"][0][0] == "A":
            assert len(q.data["cards"]) == 2, (seed, q.data)


def _announce_with(expected: str) -> Question:
    rules = rules_for("casino-fr")
    for seed in range(5000):
        q = SKILLS["announce"].make(random.Random(seed), rules)
        if q.expected == expected:
            return q
    raise AssertionError(f"no announce question expecting {expected!r}")


@pytest.mark.parametrize(
    "typed", ["6 or 16", "6 ou 16", "6/16", "soft 16", "16 soft", "6 o 16", " SOFT 16 ", "s16"]
)
def test_announce_accepts_the_spellings_of_a_soft_point(typed: str) -> None:
    q = _announce_with("6 or 16")
    # an answer is read in the trainee's language and English: "ou" is French, "o" Italian
    set_language("fr" if " ou " in typed else "it" if " o " in typed else "en")
    v = SKILLS["announce"].check(q, typed)
    assert v.correct, typed
    assert v.given == spoken("6 or 16")  # as the trainee's language says it


@pytest.mark.parametrize("typed", ["16", "6", "7 or 17", "soft 17"])
def test_announce_refuses_wrong_soft_points(typed: str) -> None:
    q = _announce_with("6 or 16")
    v = SKILLS["announce"].check(q, typed)
    assert not v.correct
    assert v.expected == "6 or 16" and TAG.search(v.reason)


@pytest.mark.parametrize(
    ("expected", "typed"),
    [("Black Jack", "blackjack"), ("Black Jack", "BJ"), ("bust", "sauté"), ("bust", "sballato")],
)
def test_announce_accepts_the_table_words(expected: str, typed: str) -> None:
    q = _announce_with(expected)
    set_language({"sauté": "fr", "sballato": "it"}.get(typed, "en"))
    assert SKILLS["announce"].check(q, typed).correct


def test_announce_21_is_not_black_jack() -> None:
    q = next(
        q
        for q in questions("casino-fr", "announce", 500)
        if q.expected == "21" and len(q.data["cards"]) >= 3
    )
    assert not SKILLS["announce"].check(q, "Black Jack").correct
    q = next(q for q in questions("casino-fr", "announce", 500) if q.expected == "Black Jack")
    assert not SKILLS["announce"].check(q, "21").correct


# ---------------------------------------------------------------------------- dealer


def dealer_play(start: list[str], shoe: list[str], h17: bool) -> tuple[int, str]:
    """RULES.md §8: from the dealer's cards at his turn, draw on 16 or less, stand on every 17
    (or hit soft 17 with the option); how many he draws, and his final point."""
    hand = list(start)
    if natural(hand):
        return 0, "Black Jack"
    i = 0
    while True:
        low, soft = low_soft(hand)
        b = best(hand)
        if b > 17 or (b == 17 and not (h17 and soft)):
            break
        if i >= len(shoe):
            raise AssertionError(f"the dealer needs more cards than the {len(shoe)} shown")
        hand.append(shoe[i])
        i += 1
        if natural(hand):
            return 1, "Black Jack"
    if best(hand) > 21:
        return len(hand) - len(start), "bust"
    return len(hand) - len(start), str(best(hand))


@pytest.mark.parametrize(
    ("spec", "h17"),
    [("casino-fr", False), ("hole-card", False), ("casino-fr+dealer_hits_soft_17=true", True)],
)
def test_dealer_draw_follows_s17_or_h17(spec: str, h17: bool) -> None:
    assert rules_for(spec).dealer_hits_soft_17 is h17
    hole = rules_for(spec).hole_card
    for q in questions(spec, "dealer", 300):
        # with a hole card the dealer has turned it when his turn comes [001]
        assert q.data["cards"][0] == q.data["up"]
        assert len(q.data["cards"]) == (2 if hole else 1)
        n, point = dealer_play(q.data["cards"], q.data["shoe"], h17)
        assert q.answer == (n, point), q.data
        assert q.expected == f"{n} {point}"


def test_dealer_soft_17_differs_with_the_option() -> None:
    """Same seeds, S17 and H17: some question stands on soft 17 under S17 and draws under H17."""
    s17 = questions("casino-fr", "dealer", 300)
    h17 = questions("casino-fr+dealer_hits_soft_17=true", "dealer", 300)
    differ = [
        (a, b) for a, b in zip(s17, h17, strict=True) if a.data == b.data and a.answer != b.answer
    ]
    assert differ
    for a, b in differ:
        assert a.answer[1] == "17" and b.answer[0] > a.answer[0]
    assert "soft 17" in h17[0].reason


# ---------------------------------------------------------------------------- outcome


@pytest.mark.parametrize("preset", ["casino-fr", "hole-card", "online"])
def test_outcome_results_follow_the_hands(preset: str) -> None:
    seen: Counter[str] = Counter()
    for q in questions(preset, "outcome", 150):
        labels = q.data["hands"]
        split = len(labels) > 1
        expect = [hand_result(c, split, q.data["dealer"]) for c in q.data["cards"]]
        assert q.answer == expect, q.data
        assert q.expected == " ".join(expect)
        assert q.item == "outcome:" + "-".join(sorted(set(expect)))
        # the table must not give the answer away
        assert all(h.result is None for _, h in hands_of(q.table))
        # and it holds the hands asked about: one that bust was collected at once [000]
        assert [h.label for _, h in hands_of(q.table)] == labels
        seen.update(expect)
    assert {"win", "lose", "push", "blackjack"} <= set(seen), seen
    assert "bust" not in seen


def test_outcome_checker_reads_the_table_words() -> None:
    q = next(q for q in questions("casino-fr", "outcome", 150) if q.answer == ["win"])
    for typed in ("win", "W", "gagne", "vince"):
        set_language({"gagne": "fr", "vince": "it"}.get(typed, "en"))
        assert SKILLS["outcome"].check(q, typed).correct
    set_language("en")
    assert not SKILLS["outcome"].check(q, "push").correct
    with pytest.raises(Unreadable, match="expected 1 result"):
        SKILLS["outcome"].check(q, "win win")


# ---------------------------------------------------------------------------- payouts


@pytest.mark.parametrize("preset", ["casino-fr", "online", "home"])
def test_pay_even_and_double(preset: str) -> None:
    for q in questions(preset, "pay-even", 100):
        assert q.answer == Decimal(q.data["bet"]) and q.expected == q.data["bet"]
    if preset == "home":
        return
    for q in questions(preset, "pay-double", 100):
        assert q.answer == 2 * Decimal(q.data["bet"])  # 1 to 1 on the doubled stake (§9)


def _pay_blackjack_on(bet: str) -> Question:
    rules = rules_for("casino-fr")
    for seed in range(3000):
        q = SKILLS["pay-blackjack"].make(random.Random(seed), rules)
        if q.data["bet"] == bet:
            return q
    raise AssertionError(f"no pay-blackjack question on {bet}")


@pytest.mark.parametrize("preset", ["casino-fr", "online", "home"])
def test_pay_blackjack_is_three_to_two_exactly(preset: str) -> None:
    qs = questions(preset, "pay-blackjack", 200)
    for q in qs:
        bet = Decimal(q.data["bet"])
        assert q.answer == bet * 3 / 2, q.data  # [000] 3 to 2, half units paid exactly (§9)
        assert Decimal(q.expected) == bet * 3 / 2
        assert natural(q.data["cards"])
    odd = [q for q in qs if int(Decimal(q.data["bet"])) % 2 == 1]
    assert len(odd) >= 40, "odd bets (half units) should come up often"


@pytest.mark.parametrize("typed", ["37.5", "37,50", "37.50", "37,5", "€37.50", "37.50 €"])
def test_pay_blackjack_25_is_37_5(typed: str) -> None:
    q = _pay_blackjack_on("25")
    assert q.expected == "37.50"  # an amount that is not whole has two decimals
    assert SKILLS["pay-blackjack"].check(q, typed).correct


@pytest.mark.parametrize("typed", ["37", "38", "25", "50", "12.5"])
def test_pay_blackjack_25_wrong_amounts(typed: str) -> None:
    q = _pay_blackjack_on("25")
    v = SKILLS["pay-blackjack"].check(q, typed)
    assert not v.correct
    assert v.expected == "37.50" and "3:2" in v.reason and TAG.search(v.reason)


def test_pay_blackjack_rounds_half_units_with_the_option() -> None:
    for q in questions("casino-fr+round_half_units=true", "pay-blackjack", 100):
        bet = Decimal(q.data["bet"])
        assert q.answer == (bet * 3 / 2).to_integral_value(rounding="ROUND_FLOOR")


@pytest.mark.parametrize(
    "preset",
    [
        "casino-fr",
        "hole-card",
        "online",  # regression: table_min 1 once gave 1 insured on a bet of 1 [003]
    ],
)
def test_pay_insurance_max_half_the_bet_pays_two_to_one(preset: str) -> None:
    for q in questions(preset, "pay-insurance", 500):
        bet = Decimal(q.data["bet"])
        if q.data["ask"] == "half":
            assert q.answer == bet / 2, q.data  # [000] half the bet
            # exactly half: never asked, named or described as "the most" it may insure [000]
            assert q.item == f"pay-insurance:half-{q.data['bet']}"
            assert "most" not in q.prompt and "most" not in item_name(q.item)
            assert "most" not in describe_question(q.data, "pay-insurance")
        else:
            assert q.data["ask"] == "pay", q.data
            insured = Decimal(q.data["insured"])
            assert q.answer == 2 * insured, q.data  # [000] 2 to 1
            # [000][001][002] exactly half the bet: never a quarter-bet insurance there
            assert insured == bet / 2, q.data


def test_pay_insurance_asks_of_less_than_half_where_the_table_takes_it() -> None:
    # [003] "non può superare la metà": at most half, so a part of it comes up too
    parts = set()
    for q in questions("casino-it", "pay-insurance", 500):
        bet = Decimal(q.data["bet"])
        if q.data["ask"] == "max":
            assert q.answer == bet / 2 and "the most" in q.prompt, q.data
            # at most half [003]: the item and its description say so
            assert q.item == f"pay-insurance:max-{q.data['bet']}"
            assert "the most" in item_name(q.item)
            assert "the most" in describe_question(q.data, "pay-insurance")
        else:
            insured = Decimal(q.data["insured"])
            assert 0 < insured <= bet / 2, q.data
            parts.add(insured < bet / 2)
    assert parts == {True, False}


def test_pay_insurance_asks_both_questions() -> None:
    asks = Counter(q.data["ask"] for q in questions("casino-fr", "pay-insurance", 500))
    assert asks["half"] >= 100 and asks["pay"] >= 100
    q = next(
        q
        for q in questions("casino-fr", "pay-insurance", 500)
        if q.data["ask"] == "half" and q.data["bet"] == "25"
    )
    assert SKILLS["pay-insurance"].check(q, "12,50").correct
    assert not SKILLS["pay-insurance"].check(q, "25").correct


def _split_payments(q: Question, rules: HouseRules) -> list[Decimal]:
    """What each split hand still on the table gets, in the order the question settles them."""
    by_label = {
        f"{q.data['box']}.{i + 1}": (cards, Decimal(stake))
        for i, (cards, stake) in enumerate(zip(q.data["cards"], q.data["stakes"], strict=True))
    }
    out = []
    for label in q.data["settle"]:
        cards, stake = by_label[label]
        out.append(stake * factor(hand_result(cards, True, q.data["dealer"]), rules))
    return out


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it", "online", "hole-card"])
def test_pay_split_settles_each_hand_from_the_dealer_s_right(preset: str) -> None:
    rules = rules_for(preset)
    for q in questions(preset, "pay-split", 80):
        assert len(q.data["cards"]) >= 2
        assert len(q.data["cards"]) <= rules.max_hands
        box = q.data["box"]
        labels = [f"{box}.{i + 1}" for i in range(len(q.data["cards"]))]
        # a hand that bust was collected at once [000]; the others, last hand first (§6)
        left = [lab for lab, c in zip(labels, q.data["cards"], strict=True) if best(c) <= 21]
        assert q.data["settle"] == left[::-1]
        assert [h.label for _, h in hands_of(q.table)] == left  # the bust ones are gone
        assert q.answer == _split_payments(q, rules), (q.data, q.expected)
        assert [Decimal(x) for x in q.expected.split("; ")] == q.answer
        assert ", ".join(q.data["settle"]) in q.prompt
        assert SKILLS["pay-split"].check(q, q.expected).correct
        if len(q.answer) > 1 and len(set(q.answer)) > 1:
            # the same amounts in the deal's order are not the settlement
            wrong = "; ".join(str(v) for v in q.answer[::-1])
            assert not SKILLS["pay-split"].check(q, wrong).correct


def test_pay_split_aces_21_is_paid_evens() -> None:
    rules = rules_for("casino-fr")
    found = 0
    for q in questions("casino-fr", "pay-split", 300):
        if not all(c[0][0] == "A" for c in q.data["cards"]):
            continue
        assert q.item == "pay-split:aces"
        assert all(len(c) == 2 for c in q.data["cards"]), "split Aces take one card each [000]"
        assert "evens" in q.reason
        twenty_ones = [c for c in q.data["cards"] if best(c) == 21]
        if twenty_ones and not natural(q.data["dealer"]) and best(q.data["dealer"]) != 21:
            found += 1
            assert q.answer == _split_payments(q, rules)
            # 21, not Black Jack: never 3 to 2 [000]
            cards = q.data["cards"][::-1]
            for hand, stake, paid in zip(cards, q.data["stakes"], q.answer, strict=True):
                if best(hand) == 21:
                    assert paid == Decimal(stake)
    assert found >= 3


def test_pay_split_leaves_no_insurance_out() -> None:
    """Regression: the table once showed the box insured ("insured 10", lost) while the
    expected answer left the insurance out (RULES.md §6, §9): the question insures nothing."""
    for q in questions("casino-fr", "pay-split", 300):
        assert q.table.box(q.data["box"]).insurance is None


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it"])
def test_pay_behind_shares_in_proportion(preset: str) -> None:
    rules = rules_for(preset)
    for q in questions(preset, "pay-behind", 80):
        bets = {w: Decimal(v) for w, v in q.data["bets"].items()}
        names = list(bets)
        assert names[0] == "seat" and len(names) >= 2
        assert sum(bets.values()) <= rules.table_max  # [000] the box's total within the maximum
        box = q.table.box(q.data["box"])
        split = len(box.hands) > 1
        expect = {w: Decimal(0) for w in names}
        for h in box.hands:
            f = factor(hand_result(h.cards, split, q.data["dealer"]), rules)
            for who, stake in h.stakes:
                expect[who] += stake * f
        assert q.answer == [expect[w] for w in names], (q.data, q.expected)
        # [000][003] every bettor shares the box's result in proportion to their own stake
        for w, amount in zip(names, q.answer, strict=True):
            assert amount * bets["seat"] == q.answer[0] * bets[w]


def test_pay_behind_reads_several_amounts() -> None:
    q = next(q for q in questions("casino-fr", "pay-behind", 80) if len(q.answer) == 2)
    a, b = q.expected.split("; ")
    assert SKILLS["pay-behind"].check(q, f"{a} {b}").correct
    assert SKILLS["pay-behind"].check(q, f"{a.replace('.', ',')};{b.replace('.', ',')}").correct
    with pytest.raises(Unreadable, match="expected 2 amounts"):
        SKILLS["pay-behind"].check(q, a)


@pytest.mark.parametrize("preset", ["casino-fr", "online", "hole-card", "home"])
def test_pay_table_sums_the_winnings(preset: str) -> None:
    rules = rules_for(preset)
    seen = set()
    for q in questions(preset, "pay-table", 60):
        dealer = q.data["dealer"]
        labels = q.data["hands"]
        split_boxes = {lab.split(".")[0] for lab in labels if "." in lab}
        paid = Decimal(0)
        for lab, cards, stake in zip(labels, q.data["cards"], q.data["stakes"], strict=True):
            f = factor(hand_result(cards, lab.split(".")[0] in split_boxes, dealer), rules)
            paid += max(Decimal(0), Decimal(stake) * f)
        for b in q.table.boxes:
            if b.insurance is not None and natural(dealer):
                paid += 2 * b.insurance  # [000] insurance pays 2 to 1
        assert q.answer == paid, (q.data, q.expected)
        assert len(labels) >= rules.boxes
        if best(dealer) > 21:
            expected_item = "pay-table:dealer-bust"
        elif natural(dealer):
            expected_item = "pay-table:dealer-blackjack"
        elif best(dealer) < 17:
            # he stopped drawing, nothing being left to settle: his hand never stood
            expected_item = "pay-table:dealer-unfinished"
        else:
            expected_item = "pay-table:dealer-stands"
        assert q.item == expected_item
        seen.add(expected_item)
    assert "pay-table:dealer-stands" in seen


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it"])
def test_pay_table_pays_only_the_insurance_the_table_shows(preset: str, monkeypatch) -> None:
    """Regression (issue 26): a box whose hand bust was left off the terminal's table with its
    insurance, while the expected total still paid that insurance 2 to 1 (`--seed 144 --preset
    casino-fr` expected 115 where only box 4's insurance, paid 90, was shown). Insurance is a
    bet of its own [000]: it stays on the felt until settled, the hand's bust collected or not,
    and the total counts exactly what is shown."""
    from trainer.commands.drill import table_lines
    from trainer.practice.skills import pay
    from trainer.practice.skills.base import amount

    made = []
    dealt = pay._random_round

    def keeping(*args: Any, **kw: Any) -> Any:
        made.append(dealt(*args, **kw))
        return made[-1]

    monkeypatch.setattr(pay, "_random_round", keeping)
    rules = rules_for(preset)
    paid_bust = 0
    for seed in range(700):
        q = SKILLS["pay-table"].make(random.Random(seed), rules)
        rnd = made[-1]
        lines = table_lines(q.table)
        for b in rnd.boxes.values():
            if b.insurance_net is None or b.insurance_net <= 0:
                continue  # not in the total
            shown = q.table.box(b.number)
            assert shown.insurance == b.insurance, (seed, b.number)
            assert any(
                re.match(rf"box {b.number}\b.*insured {re.escape(amount(b.insurance))}\b", line)
                for line in lines
            ), (seed, b.number, lines)
            if all(h.result == "bust" for h in b.hands):
                paid_bust += 1
                assert shown.collected and not shown.bets and not shown.hands
                assert f"box {b.number}: insured {amount(b.insurance)} (hand" in "\n".join(lines)
    assert paid_bust >= 3  # the case is met: a bust box's insurance paid


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it"])
def test_chips_for_an_insurance_show_it_on_the_table_even_when_the_hand_bust(preset: str) -> None:
    """Issue 26: the chips drill's insurance to pay lies on the table its question gives (the
    terminal's lines, `--json`'s "table"), the box's hand bust and collected or not [000]."""
    from trainer.commands.drill import table_lines
    from trainer.practice.skills.base import amount

    bust = 0
    for q in questions(preset, "chips", 300):
        if q.data["why"] != "insurance":
            continue
        box = q.table.box(q.data["box"])
        insured = Decimal(q.data["bet"]) / 2
        assert box.insurance == insured
        lines = table_lines(q.table)
        assert any(
            re.match(rf"box {box.number}\b.*insured {re.escape(amount(insured))}\b", line)
            for line in lines
        ), lines
        bust += not box.hands
    assert bust >= 3  # the case is met: the insured box's hand bust before the dealer's Black Jack


def test_pay_table_names_an_unfinished_dealer_hand_for_what_it_is() -> None:
    # every hand bust, or only paid Black Jacks left: the dealer stops drawing (RULES.md §6.5),
    # and his hand, neither standing nor bust, is not "dealer-stands"
    unfinished = [
        q for q in questions("online", "pay-table", 400) if q.item == "pay-table:dealer-unfinished"
    ]
    assert unfinished
    for q in unfinished:
        assert best(q.data["dealer"]) < 17 and not natural(q.data["dealer"])
        assert item_name(q.item) == (
            "the table when the dealer stops before his hand is made (nothing left to settle "
            "against it)"
        )


# ---------------------------------------------------------------------------- chips


@pytest.mark.parametrize("preset", ["casino-fr", "online", "home"])
def test_chips_are_the_fewest(preset: str) -> None:
    rules = rules_for(preset)
    for q in questions(preset, "chips", 150):
        chip_set = [Decimal(c) for c in q.data["chip_set"]]
        assert sorted(chip_set) == sorted(rules.chips)
        amount = Decimal(q.data["amount"])
        assert sum(q.answer, Decimal(0)) == amount
        assert all(c in chip_set for c in q.answer)
        assert q.answer == sorted(q.answer, reverse=True)
        assert len(q.answer) == fewest_chips(amount, chip_set), q.data


def test_chips_brute_force_small_amounts() -> None:
    """For every small amount, the engine's breakdown against an exhaustive count."""
    from itertools import combinations_with_replacement

    from trainer.game.payout import chip_breakdown

    for chips in ((1, 2, 5, 10, 25, 100, 500), (1, 5, 25, 100), (1, 5, 10), (1, 3, 4)):
        chip_set = [Decimal(c) for c in chips]
        for amount in range(1, 41):
            fewest = next(
                k
                for k in range(1, amount + 1)
                if any(sum(combo) == amount for combo in combinations_with_replacement(chips, k))
            )
            got = chip_breakdown(Decimal(amount), chip_set)
            assert sum(got) == amount and len(got) == fewest, (chips, amount, got)


def test_chips_checker_judges_count_and_sum() -> None:
    s = SKILLS["chips"]
    for q in questions("casino-fr", "chips", 150):
        chips = q.expected.split()
        assert s.check(q, " ".join(reversed(chips))).correct  # any order
        counts = Counter(chips)
        assert s.check(q, " + ".join(f"{n}x{c}" for c, n in counts.items())).correct
        # the right amount with one chip more than the fewest is wrong
        smaller = [c for c in chips if c not in ("1",)]
        if smaller:
            c = smaller[-1]
            rest = list(chips)
            rest.remove(c)
            val = int(c)
            parts = {
                2: ["1", "1"],
                5: ["2", "2", "1"],
                10: ["5", "5"],
                25: ["10", "10", "5"],
                100: ["25", "25", "25", "25"],
                500: ["100"] * 5,
            }[val]
            assert not s.check(q, " ".join(rest + parts)).correct, (q.expected, parts)
        assert not s.check(q, q.expected + " 1").correct
    q = questions("casino-fr", "chips", 150)[0]
    with pytest.raises(Unreadable, match="not a chip here"):
        s.check(q, "3")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_chips_any_seed(seed: int) -> None:
    rules = rules_for("casino-fr")
    q = SKILLS["chips"].make(random.Random(seed), rules)
    amount = Decimal(q.data["amount"])
    assert sum(q.answer, Decimal(0)) == amount
    assert len(q.answer) == fewest_chips(amount, list(rules.chips))
    assert SKILLS["chips"].check(q, q.expected).correct


# ---------------------------------------------------------------------------- deal order


@pytest.mark.parametrize("preset", ["casino-fr", "online", "hole-card", "home"])
def test_deal_order_follows_the_boxes(preset: str) -> None:
    rules = rules_for(preset)
    phases: Counter[str] = Counter()
    ends: Counter[bool] = Counter()
    for q in questions(preset, "deal-order", 120):
        phases[q.data["phase"]] += 1
        if q.data["phase"] == "deal":
            boxes = [str(b) for b in q.data["boxes"]]
            assert boxes == sorted(boxes, key=int)
            shown = [str(b.number) for b in q.table.boxes if not b.empty]
            assert shown == boxes  # the boxes shown with a bet are the ones asked about
            # [000] box 1 to 7, the dealer's card, second round; [001][004] a hole card too
            order = [*boxes, "dealer", *boxes] + (["dealer"] if rules.hole_card else [])
            assert q.answer == order, q.data
            assert q.item.endswith("-hole") == rules.hole_card
        else:
            labels = [h.label for _, h in hands_of(q.table)]
            assert q.data["hands"] == labels
            key = [tuple(int(x) for x in lab.split(".")) for lab in labels]
            assert key == sorted(key)  # [000] boxes in deal order, split hands first to last
            # the hands that take a card in play: a split hand takes its second card; a hand
            # that stands on its first two, or a Black Jack closed at the deal, takes none [000]
            playing = [h.label for _, h in hands_of(q.table) if "." in h.label or len(h.cards) > 2]
            # the dealer takes a card only while something is left to settle (RULES.md §6.5)
            drew = len(q.table.dealer_cards) > (2 if rules.hole_card else 1)
            assert q.answer == [*playing, *(["dealer"] if drew else [])], (q.answer, q.table)
            assert any("." in lab for lab in labels)
            ends[q.answer[-1] == "dealer"] += 1
    assert phases["deal"] > 0
    if rules.split != "none":
        assert phases["play"] > 0
        assert ends[True] > 0
    else:
        assert phases["play"] == 0


def test_the_play_order_never_ends_with_a_dealer_who_takes_no_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # regression: every hand bust, the dealer takes no card (RULES.md §6.5), yet the answer
    # ended with "dealer"
    from trainer.game.round import Round
    from trainer.game.shoe import ScriptedCards
    from trainer.practice.skills import hands as hands_skill

    rules = rules_for("casino-fr")
    rnd = Round(rules, ScriptedCards(["8", "T", "7", "8", "6", "5", "K", "4", "T", "9"]))
    rnd.bet(1, "seat", Decimal(10))
    rnd.bet(2, "seat", Decimal(10))
    rnd.deal()
    for action in ("split", "hit", "hit", "hit"):  # 8 5 K, 8 4 T, T 6 9: all bust
        rnd.act(action)
    assert rnd.done and rnd.dealer == ["7"]
    monkeypatch.setattr(hands_skill, "_random_round", lambda *a, **k: rnd)
    q = SKILLS["deal-order"]._play_order(random.Random(0), rules)  # type: ignore[attr-defined]
    assert q.answer == ["1.1", "1.2", "2"]
    assert "takes no card" in q.reason


def test_deal_order_accepts_arrows_and_dealer_words() -> None:
    q = next(
        q
        for q in questions("casino-fr", "deal-order", 120)
        if q.data["phase"] == "deal" and len(q.data["boxes"]) == 2
    )
    a, b = (str(x) for x in q.data["boxes"])
    s = SKILLS["deal-order"]
    assert s.check(q, f"{a} {b} dealer {a} {b}").correct
    set_language("fr")  # "croupier" is French
    assert s.check(q, f"{a} → {b} → croupier → {a} → {b}").correct
    set_language("en")
    assert s.check(q, f"{a}, {b}, D, {a}, {b}").correct
    assert not s.check(q, f"{a} {b} {a} {b} dealer").correct  # the dealer's card comes between
    assert not s.check(q, f"{b} {a} dealer {b} {a}").correct


# ---------------------------------------------------------------------------- exposed card


def _exposed_order(q: Question) -> list[str]:
    """RULES.md §10 from what the question shows: the player whose turn it is, then the other
    boxes still to play in order, then the dealer; burned only if everyone refuses."""
    turn = int(q.data["turn"].split(".")[0])
    to_play = [str(turn)]
    for b in q.table.boxes:
        if b.number > turn and b.hands and not natural(b.hands[0].cards):
            to_play.append(str(b.number))
    to_play.append("dealer")
    refused = set(q.data["refused_by"])
    offered: list[str] = []
    for who in to_play:
        offered.append(who)
        if who not in refused:
            return offered
    return [*offered, "burn"]


@pytest.mark.parametrize("preset", ["casino-fr", "online", "hole-card", "home"])
def test_exposed_card_is_offered_in_order(preset: str) -> None:
    ends: Counter[str] = Counter()
    for q in questions(preset, "exposed-card", 150):
        assert q.answer == _exposed_order(q), (q.data, q.expected)
        assert q.table.exposed_card == q.data["card"]
        ends[q.item] += 1
    assert {"exposed-card:box", "exposed-card:dealer", "exposed-card:burned"} <= set(ends)


def test_exposed_card_checker_reads_burn_words() -> None:
    s = SKILLS["exposed-card"]
    q = next(q for q in questions("casino-fr", "exposed-card", 150) if q.answer[-1] == "burn")
    order = " ".join(q.answer[:-1])
    for word in ("burn", "burned", "brûlée", "bruciata", "BURNT"):
        set_language({"brûlée": "fr", "bruciata": "it"}.get(word, "en"))
        assert s.check(q, f"{order} {word}").correct, word
    set_language("en")
    assert not s.check(q, order).correct  # it is burned, not kept by the dealer
    q = next(q for q in questions("casino-fr", "exposed-card", 150) if q.answer[-1] == "dealer")
    assert not s.check(q, f"{q.expected} burn").correct
    with pytest.raises(Unreadable):
        s.check(q, "somebody")
    with pytest.raises(Unreadable):
        s.check(q, "   ")


# ---------------------------------------------------------------------------- procedure


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it", "online", "hole-card", "home"])
def test_procedure_answer_is_one_of_the_choices(preset: str) -> None:
    s = SKILLS["procedure"]
    for q in questions(preset, "procedure", 80):
        assert 2 <= len(q.choices) <= 4
        assert len(set(q.choices)) == len(q.choices)
        assert q.choices[q.answer] == q.expected
        assert q.data["choices"] == list(q.choices)
        assert s.check(q, str(q.answer + 1)).correct
        assert s.check(q, q.expected.upper()).correct
        for i in range(len(q.choices)):
            if i != q.answer:
                assert not s.check(q, str(i + 1)).correct
        with pytest.raises(Unreadable, match="expected the number"):
            s.check(q, "9")


def test_procedure_letter_of_a_choice_is_read() -> None:
    """Regression: HOW_TO_ANSWER promises 'the number or letter of your choice', but a letter
    was once refused as ambiguous whenever another choice started with it ('c' beside
    'Collect hand 7's bet...'): a third of letter answers were refused."""
    assert "letter" in HOW_TO_ANSWER[CHOICE]
    for seed, q in enumerate(questions("casino-fr", "procedure", 80)):
        for i in range(len(q.choices)):
            assert SKILLS["procedure"].check(q, "abcd"[i]).correct == (i == q.answer), (seed, i)


def _right_after_deal(q: Question, rules: HouseRules) -> str:
    """RULES.md §6 steps 2-3, and no peek with a hole card, for the moment right after the
    deal."""
    up = q.data["dealer"][0]
    boxes = [b for b in q.table.boxes if not b.empty]
    naturals = [b.number for b in boxes if natural(b.hands[0].cards)]
    ace_or_ten = VAL[up[0]] in (1, 10)
    if up[0] == "A" and rules.insurance:
        return "Offer insurance to every box"  # [000][003]
    if naturals and not ace_or_ten and not rules.hole_card:
        return f"Pay box {naturals[0]}'s Black Jack now, 3 to 2"  # [000]
    first = next((b.number for b in boxes if not natural(b.hands[0].cards)), None)
    if first is None:
        # every box holds a natural waiting for the dealer's second card: nobody plays [000];
        # with a hole card, that card is turned [001]
        return "Turn over your hole card" if rules.hole_card else "Draw your own second card"
    return f"Ask box {first}: card or no?"  # [000] play starts with the first box


def _only_naturals_facing_a_ten(q: Question) -> bool:
    boxes = [b for b in q.table.boxes if not b.empty]
    return VAL[q.data["dealer"][0][0]] in (1, 10) and all(natural(b.hands[0].cards) for b in boxes)


def _after_deal(preset: str) -> list[Question]:
    return [
        q
        for q in questions(preset, "procedure", 250)
        if q.prompt == "The cards are dealt. What do you do next?"
    ]


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it", "online"])
def test_procedure_right_after_the_deal(preset: str) -> None:
    rules = rules_for(preset)
    items: Counter[str] = Counter()
    for q in _after_deal(preset):
        if _only_naturals_facing_a_ten(q):
            continue  # see test_procedure_only_naturals_facing_a_ten
        assert q.expected == _right_after_deal(q, rules), (q.data, q.expected, q.table)
        items[q.item] += 1
    assert {
        "procedure:pay-natural-now",
        "procedure:insurance",
        "procedure:natural-waits",
        "procedure:first-box",
    } <= set(items), items


@pytest.mark.parametrize("preset", ["casino-fr", "online"])
def test_procedure_only_naturals_facing_a_ten(preset: str) -> None:
    """Regression: every box with a natural, a ten up, no hole card: the question once showed
    the dealer's hand already drawn and expected "Pay ... now" because "you cannot make Black
    Jack"; RULES.md §6 step 2 [000]: the naturals wait for the dealer's second card."""
    rules = rules_for(preset)
    cases = [q for q in _after_deal(preset) if _only_naturals_facing_a_ten(q)]
    assert cases
    for q in cases:
        assert q.expected == _right_after_deal(q, rules), (q.data, q.expected, q.reason)
        assert len(q.table.dealer_cards) == 1, "the dealer's second card is not drawn yet"


@pytest.mark.parametrize("preset", ["hole-card", "home"])
def test_procedure_right_after_the_deal_with_a_hole_card(preset: str) -> None:
    """Regression: a ten (or an Ace at home) up and a natural on a box once expected "Pay box
    N's Black Jack now"; with a hole card it waits for the hidden card [001][004]."""
    rules = rules_for(preset)
    for q in _after_deal(preset):
        assert q.expected == _right_after_deal(q, rules), (q.data, q.expected)


@pytest.mark.parametrize("preset", ["hole-card", "home"])
def test_procedure_never_teaches_a_peek(preset: str) -> None:
    """Regression: with a hole card the drill taught "Check your hole card for Black Jack" after
    the deal; there is no peek, the card is turned when every player has finished [001][004]."""
    rules = rules_for(preset)
    asked = Counter()
    for q in questions(preset, "procedure", 250):
        assert q.expected != "Check your hole card for Black Jack", (q.data, q.reason)
        assert "peek" not in q.item
        if q.prompt == "The cards are dealt. What do you do next?":
            up = q.data["dealer"][0]
            if VAL[up[0]] in (1, 10) and not (up[0] == "A" and rules.insurance):
                asked[q.expected.split(":")[0]] += 1
                assert q.expected == _right_after_deal(q, rules), (q.data, q.expected)
    assert asked, "an Ace or a ten up after the deal came up"


def _after_action(q: Question) -> tuple[str, list[str]] | None:
    """For a "Hand 3 hits: 9 7 5. What do you do next?" question: the hand and its cards."""
    m = re.fullmatch(r"Hand (\S+) (hits|doubles|stands): (.*)\. What do you do next\?", q.prompt)
    if m is None:
        return None
    return m[1], ["T" if r == "10" else r for r in m[3].split()]


def test_procedure_bust_hand_is_collected_at_once() -> None:
    found = 0
    for preset in ("casino-fr", "hole-card"):
        for q in questions(preset, "procedure", 250):
            after = _after_action(q)
            if after is None:
                continue
            label, cards = after
            if low_soft(cards)[0] > 21:
                found += 1
                # [000][003] a bust box loses at once
                assert q.expected == f"Collect hand {label}'s bet and cards at once", q.prompt
                # the table shows the hand as it bust, before it is collected
                shown = [h for _, h in hands_of(q.table) if h.label == label]
                assert shown and [c[0] for c in shown[0].cards] == cards, (q.prompt, q.table)
                # and the dealer not played yet
                assert len(q.table.dealer_cards) == (2 if rules_for(preset).hole_card else 1)
    assert found >= 5


def _ask(label: str) -> str:
    return f"Ask {'hand' if '.' in label else 'box'} {label}: card or no?"


@pytest.mark.parametrize("preset", ["casino-fr", "online", "hole-card", "home"])
def test_procedure_next_step_after_an_action(preset: str) -> None:
    """[000] boxes play in deal order, each hand to the end, split hands first to last (a split
    hand gets its second card when its turn comes); then the dealer draws — or, with a hole
    card, turns it over [001]."""
    rules = rules_for(preset)
    checked = 0
    for q in questions(preset, "procedure", 250):
        after = _after_action(q)
        if after is None:
            continue
        label, cards = after
        if low_soft(cards)[0] > 21:
            continue  # test_procedure_bust_hand_is_collected_at_once
        box, _, idx = label.partition(".")
        waiting = []
        for b in q.table.boxes:
            for i, h in enumerate(b.hands, 1):
                if b.number == int(box) and idx and i > int(idx) and best(h.cards) < 21:
                    waiting.append(h)  # later split hands of the same box, still open
                elif b.number > int(box) and not natural(h.cards):
                    waiting.append(h)  # boxes still to play (a natural does not play)
        if waiting:
            nxt = waiting[0]
            if "." in nxt.label and len(nxt.cards) == 1:
                right = f"Deal hand {nxt.label} its second card"
            else:
                right = _ask(nxt.label)
        else:
            right = "Turn over your hole card" if rules.hole_card else "Draw your own second card"
        assert q.expected == right, (q.prompt, q.expected, q.table)
        checked += 1
    assert checked >= 30


# ---------------------------------------------------------------------------- unreadable input

GARBAGE = {
    ANNOUNCEMENT: "banana",
    AMOUNT: "a dozen",  # "twelve" is read: an amount a croupier says in words
    SIGNED_AMOUNT: "a dozen",
    AMOUNTS: "x",
    CHIPS: "lots",
    ANNOUNCED_CHIPS: "lots",
    SEQUENCE: "everyone",
    RESULTS: "maybe",
    DEALER: "banana",
    CHOICE: "zz",
}


@pytest.mark.parametrize("name", list(SKILLS))
def test_unreadable_input_says_what_is_expected(name: str) -> None:
    preset = next(p for p, n in AVAILABLE if n == name)
    q = questions(preset, name, ROUND_TRIP_SEEDS)[0]
    for raw in (GARBAGE[q.kind], "", "   "):
        with pytest.raises(Unreadable) as err:
            SKILLS[name].check(q, raw)
        assert "expected" in str(err.value), (name, raw, str(err.value))


def test_unreadable_is_a_value_error() -> None:
    assert issubclass(Unreadable, ValueError)


@pytest.mark.parametrize("typed", ["-25", "37.5.5", "1e3"])
def test_amount_refusals_through_a_skill(typed: str) -> None:
    q = _pay_blackjack_on("25")
    with pytest.raises(Unreadable, match="expected"):
        SKILLS["pay-blackjack"].check(q, typed)


def test_signed_amounts_take_a_minus() -> None:
    q = next(q for q in questions("casino-fr", "pay-split", 80) if q.answer[0] < 0)
    assert SKILLS["pay-split"].check(q, q.expected).correct
    assert SKILLS["pay-split"].check(q, q.expected.replace("-", "−")).correct
    assert not SKILLS["pay-split"].check(q, q.expected.lstrip("-")).correct


def test_the_exposed_card_is_named_with_its_article() -> None:
    rules = HouseRules.from_spec("casino-fr")
    rng = random.Random(4)
    seen = set()
    for _ in range(300):
        q = SKILLS["exposed-card"].make(rng, rules)
        rank = q.prompt.split("You pull ")[1].split(" by mistake")[0]
        seen.add(rank)
        article, card = rank.split(" ")
        assert article == ("an" if card in ("A", "8") else "a")
    assert {"an A", "an 8", "a 10"} <= seen


@pytest.mark.parametrize("name", ["pay-even", "pay-double", "pay-blackjack"])
def test_a_bet_item_is_made_again_on_its_bet_whatever_the_bet(name: str) -> None:
    # the largest bets are drawn rarely: a weak item on one is made on its bet, not searched for
    from trainer.practice.skills.base import bet_steps

    rules = HouseRules.preset_named()
    skill = SKILLS[name]
    for bet in bet_steps(rules):
        item = f"{name}:{bet}"
        q = skill.make_item(random.Random(item), rules, item)
        assert q is not None and q.item == item, item
        assert q.data["bet"] == str(bet)
        assert skill.check(q, q.expected).correct
    # not a bet of this table, or not a bet at all: not made up
    for item in (f"{name}:3.5", f"{name}:9999", f"{name}:lots", "pay-even-x:5"):
        assert skill.make_item(random.Random(1), rules, item) is None


# ---------------------------------------------------------------------------- weak items again


def _configured(name: str) -> Skill:
    """A skill of the registry, or "chips-colour": chips paid colour for colour."""
    if name == "chips-colour":
        return SKILLS["chips"].configured(Practice(chip_payment=COLOUR_FOR_COLOUR))
    return SKILLS[name]


_DRILLABLE = [
    (preset, name)
    for preset in PRESETS
    for name in [*SKILLS, "chips-colour"]
    if _configured(name).available(HouseRules.preset_named(preset)) is None
]


@pytest.mark.parametrize(("preset", "name"), _DRILLABLE)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_missed_item_is_made_again_from_its_key(preset: str, name: str, seed: int) -> None:
    # whatever the item a trainee misses, it comes back: made again from its key. Searched for
    # among 200 fresh questions, 8.6 % of pay-insurance's items, 6 % of chips' and 3.5 % of
    # announce's never turned up (a part of an insurance, a large payment, a soft 13)
    rules = HouseRules.preset_named(preset)
    skill = _configured(name)
    q = skill.make(random.Random(seed), rules)
    again = skill.make_item(random.Random(f"again:{seed}"), rules, q.item)
    assert again is not None and again.item == q.item
    assert skill.check(again, again.expected).correct
    # made from the random state alone, as a retold question is made again
    same = skill.make_item(random.Random(f"again:{seed}"), rules, q.item)
    assert same is not None and same_question(same, again)


def _keys(name: str, rules: HouseRules) -> list[str]:
    """Every item a skill with few of them asks, rare ones included, and every bet's."""
    from trainer.practice.skills.base import bet_steps

    bets = [money(b) for b in bet_steps(rules)]
    if name == "announce":
        return [
            *(f"hard-{n}" for n in range(4, 21)),
            *(f"soft-{n}" for n in range(12, 21)),
            *(f"soft-stand-{n}" for n in range(17, 21)),
            *(f"21-{n}cards" for n in range(3, 7)),
            *("blackjack", "bust"),
            *(["21-split"] if rules.split != "none" else []),
        ]
    if name == "dealer":
        return ["up-A", *(f"up-{r}" for r in "23456789"), "up-T"]
    if name == "deal-order":
        hole = "-hole" if rules.hole_card else ""
        play = ["play-split"] if rules.split != "none" else []
        return [*(f"deal-{n}{hole}" for n in range(1, rules.boxes + 1)), *play]
    if name == "procedure":
        keys = ["first-box", "next-hand", "collect-bust", "natural-waits", "naturals-wait"]
        keys.append("reveal" if rules.hole_card else "dealer-draws")
        keys += [] if rules.hole_card else ["pay-natural-now"]
        keys += ["insurance"] if rules.insurance else []
        return keys + (["split-second-card"] if rules.split != "none" else [])
    if name == "exposed-card":
        return ["box", "dealer", "burned"]
    if name == "pay-insurance":
        ask = "half" if rules.insurance_amount == "half" else "max"
        return [f"{ask}-{b}" for b in bets] + [f"pay-{money(Decimal(b) / 2)}" for b in bets]
    if name == "pay-split":
        return ["aces", "double", *(f"{n}-hands" for n in range(2, rules.max_hands + 1))]
    raise AssertionError(name)


_FEW_ITEMS = [
    (preset, name)
    for preset, name in _DRILLABLE
    if name in ("announce", "dealer", "deal-order", "procedure", "exposed-card", "pay-insurance")
]


@pytest.mark.parametrize(("preset", "name"), _FEW_ITEMS)
def test_every_item_of_a_skill_is_made_again(preset: str, name: str) -> None:
    # the rarest too: a hard 4 (2 and 2), a 21 in six cards, a split hand's second card, a
    # table where every box has Black Jack
    rules = HouseRules.preset_named(preset)
    skill = SKILLS[name]
    for key in _keys(name, rules):
        item = f"{name}:{key}"
        q = skill.make_item(random.Random(item), rules, item)
        assert q is not None and q.item == item, item
        assert skill.check(q, q.expected).correct, item


@pytest.mark.parametrize(
    ("preset", "name", "key"),
    [
        ("casino-fr", "announce", "hard-3"),  # no such point
        ("casino-fr", "announce", "soft-21"),  # a soft 21 is announced "21"
        ("casino-fr", "dealer", "up-1"),
        ("casino-fr", "outcome", "blackjack-win"),  # a split hand's 21 is no Black Jack
        ("online", "outcome", "lose-push-win"),  # two hands at most at this table
        ("casino-fr", "pay-insurance", "max-20"),  # this table insures exactly half
        ("casino-it", "pay-insurance", "half-20"),  # this one at most half
        ("casino-fr", "pay-insurance", "pay-0.25"),
        ("casino-fr", "pay-split", "4-hands"),  # three hands at most
        ("casino-fr", "pay-table", "dealer-drinks"),
        ("casino-fr", "chips", "colour-25"),  # paid with the fewest chips here
        ("casino-fr", "chips-colour", "25"),
        ("casino-fr", "chips", "0.5"),
        ("casino-fr", "deal-order", "deal-8"),  # seven boxes
        ("casino-fr", "deal-order", "deal-3-hole"),  # no hole card at this table
        ("home", "deal-order", "play-split"),  # no split
        ("casino-fr", "procedure", "reveal"),  # no hole card to turn
        ("hole-card", "procedure", "pay-natural-now"),  # a natural waits for the hole card
        ("casino-fr", "exposed-card", "nobody"),
    ],
)
def test_an_item_the_rules_do_not_make_is_not_made_up(preset: str, name: str, key: str) -> None:
    # a weak item carried from another table (another preset, older keys): not asked here
    rules = HouseRules.preset_named(preset)
    skill = _configured(name)
    assert skill.aim_of(key, rules) is None
    assert skill.make_item(random.Random(1), rules, f"{skill.name}:{key}") is None


def test_an_item_never_dealt_ends_in_none(monkeypatch: pytest.MonkeyPatch) -> None:
    # an item the key reads but no deal brings (here: every table as the dealer stands) is
    # tried for a while and given up, rather than dealt for ever
    from trainer.practice.skills import pay

    item = "pay-table:dealer-unfinished"
    rules = HouseRules.preset_named("casino-fr")
    monkeypatch.setattr(pay, "_dealer_item", lambda rnd: "dealer-stands")
    assert SKILLS["pay-table"].aim_of("dealer-unfinished", rules) == "dealer-unfinished"
    assert SKILLS["pay-table"].make_item(random.Random(1), rules, item) is None


def test_announce_asks_no_hand_after_a_split_where_the_table_does_not_split() -> None:
    # the home game splits nothing [004]: "a hand after a split" was asked there, and on its
    # one-deck shoe the search for the pair's twin could eat the shoe (seed 3642: the table's
    # other boxes then found no card, and the question was never made)
    rules = HouseRules.preset_named("home")
    skill = SKILLS["announce"]
    assert not skill.make(random.Random(3642), rules).data["split"]
    assert not any(skill.make(random.Random(s), rules).data["split"] for s in range(300))
    assert skill.aim_of("21-split", rules) is None


def test_announce_on_a_one_deck_shoe_that_splits_always_makes_its_question() -> None:
    rules = HouseRules.from_spec({"preset": "casino-fr", "decks": 1})
    skill = SKILLS["announce"]
    made = [skill.make(random.Random(s), rules) for s in range(3000)]
    assert any(q.data["split"] for q in made)
    assert all(skill.check(q, q.expected).correct for q in made)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_missed_table_the_dealer_never_finished_is_made_again(preset: str) -> None:
    """Every box bust or Black Jack, so the dealer draws nothing: under one round in 10,000 at
    seven boxes (it was sought among 1,000 full tables, and mostly not found: a hypothesis seed
    of the test above found it so, under the hole-card rules); made again whenever it is missed."""
    rules = HouseRules.preset_named(preset)
    skill = _configured("pay-table")
    for seed in range(40):
        again = skill.make_item(
            random.Random(f"again:{seed}"), rules, "pay-table:dealer-unfinished"
        )
        assert again is not None and again.item == "pay-table:dealer-unfinished"
        assert skill.check(again, again.expected).correct


@pytest.mark.parametrize("preset", ["hole-card", "home"])
@pytest.mark.parametrize("skill", ["exposed-card", "procedure"])
def test_the_hole_card_stays_face_down_while_a_box_still_plays(preset: str, skill: str) -> None:
    # [001][004] the dealer's second card stays hidden until no player wants a card: a question
    # asked while a box plays never shows it (it did in every exposed-card question)
    rules = HouseRules.preset_named(preset)
    rng = random.Random(20240501)
    for _ in range(300):
        q = SKILLS[skill].make(rng, rules)
        assert q.table is not None
        assert len(q.table.dealer_cards) < 2 or q.table.hole_card, q.item


def test_no_exposed_card_drill_where_no_card_is_dealt_by_hand():
    # [002] online, the software shuffles and deals every hand: nothing is exposed by mistake
    from trainer.practice.skills import SKILLS

    online = HouseRules.preset_named("online")
    assert not online.dealt_by_hand
    assert "by hand" in SKILLS["exposed-card"].available(online)
    for preset in ("casino-fr", "casino-it", "hole-card"):
        assert SKILLS["exposed-card"].available(HouseRules.preset_named(preset)) is None
