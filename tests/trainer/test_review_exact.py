"""A review re-asks the very situation missed, never only its category (issue 28): the same ranks
in the same order, split and stood as they were, dealt to a box of a freshly dealt table played by
its players; the same stake at the same box. Only a situation today's rules cannot make falls back
to its category, and then nothing the trainee reads names the old one."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.trainer.test_hands_from_play import cannot_stand, drew_on_hard_17, watched_plays
from trainer import i18n
from trainer.game.rules import PRESETS, HouseRules
from trainer.game.shoe import ScriptedCards
from trainer.game.table import TableView
from trainer.practice.drill import REVIEW, Drill
from trainer.practice.review import (
    ON_CATEGORY,
    REVIEWED,
    SITUATION_FIELDS,
    remake,
    retold_review,
    situation,
)
from trainer.practice.skills import SKILLS, Question
from trainer.practice.skills.base import made, same_question

RULES = HouseRules.preset_named()
SEEDS = st.integers(0, 2**32 - 1)


def hand(*ranks: str, split: bool = False, stood: bool = False) -> dict[str, Any]:
    """A hand's data as the announce drill stores it, in suits of its own (a review keeps the
    ranks, not the suits)."""
    return {"cards": [f"{r}H" for r in ranks], "box": 4, "split": split, "stood": stood}


def ranks(q: Question) -> list[str]:
    return [c[0] for c in q.data["cards"]]


def held_at_the_box(q: Question) -> tuple[str, ...]:
    """The cards of the hand the felt shows as the one announced, at the box the question names."""
    table = q.table
    assert isinstance(table, TableView)
    (box,) = [b for b in table.boxes if b.number == q.data["box"]]
    (shown,) = [h for h in box.hands if h.label == table.active]
    return shown.cards


def assert_a_legal_table(q: Question, rules: HouseRules) -> None:
    """No card shows more often than the shoe's decks hold it."""
    table = q.table
    assert isinstance(table, TableView)
    cards = [c for b in table.boxes for h in b.hands for c in h.cards] + list(table.dealer_cards)
    assert max(Counter(cards).values()) <= rules.decks


def assert_remade_exactly(
    skill: str, item: str, data: dict[str, Any], seed: Any, rules: HouseRules = RULES
) -> Question:
    with watched_plays() as plays:
        q = remake(SKILLS[skill], random.Random(seed), rules, item, data)
    assert q is not None
    assert q.item == item  # the category, kept for the statistics
    assert ON_CATEGORY not in q.data
    assert q.data[REVIEWED] == situation(skill, data)
    bare = {k: v for k, v in q.data.items() if k != REVIEWED}
    assert situation(skill, bare) == situation(skill, data)
    # every play asked of the round is one a player makes
    assert not any(
        action in ("hit", "double") and drew_on_hard_17([*c, "2H"]) for c, action in plays
    )
    assert not any(action == "stand" and cannot_stand(c) for c, action in plays)
    if skill == "announce":
        assert ranks(q) == [c[0] for c in data["cards"]]
        assert (q.data["split"], q.data["stood"]) == (data["split"], data["stood"])
        assert held_at_the_box(q) == tuple(q.data["cards"])
        assert_a_legal_table(q, rules)
    return q


# -- the very hand ---------------------------------------------------------------------------

RARE_HANDS = [
    ("announce:soft-16", hand("A", "2", "2", "A")),  # 0.5 % of the soft 16s
    ("announce:soft-16", hand("A", "A", "A", "A", "2")),
    ("announce:soft-13", hand("A", "A", "A")),
    ("announce:21-6cards", hand("2", "3", "2", "2", "2", "T")),
    ("announce:21-6cards", hand("A", "A", "A", "2", "3", "3")),
    # a 21 in seven cards or more: made again as the very hand only (never searched for)
    ("announce:21-7cards", hand("A", "4", "A", "A", "A", "5", "8")),
    ("announce:21-9cards", hand("A", "A", "2", "A", "2", "A", "2", "3", "8")),
    ("announce:21-split", hand("A", "K", split=True)),
    ("announce:21-split", hand("K", "A", split=True)),  # split tens: a player's mistake
    ("announce:21-3cards", hand("8", "3", "T", split=True)),
    ("announce:hard-12", hand("8", "4", split=True)),
    ("announce:soft-stand-17", hand("A", "6", stood=True)),  # only ever a mistake
    ("announce:soft-stand-18", hand("A", "3", "4", stood=True)),
    ("announce:soft-stand-20", hand("A", "2", "A", "6", stood=True)),
    ("announce:blackjack", hand("Q", "A")),
    ("announce:bust", hand("T", "2", "Q")),
    ("announce:bust", hand("5", "A", "A", "9", "7")),
]


@pytest.mark.parametrize(
    ("item", "data"), RARE_HANDS, ids=[" ".join(d["cards"]) for _i, d in RARE_HANDS]
)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_a_rare_hand_is_remade_exactly_on_a_legal_table(
    item: str, data: dict[str, Any], seed: int
) -> None:
    assert_remade_exactly("announce", item, data, seed)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, again=SEEDS)
def test_any_hand_the_drill_deals_is_remade_exactly(preset: str, seed: int, again: int) -> None:
    """Under every preset: a hole card, splits by value, three boxes, one deck."""
    rules = HouseRules.preset_named(preset)
    q = made(SKILLS["announce"], random.Random(seed), rules)
    assert q is not None
    assert_remade_exactly("announce", q.item, q.data, again, rules)


def test_the_table_around_the_hand_is_fresh() -> None:
    """The hand comes back at boxes, on tables and against up cards of every kind."""
    data = hand("A", "2", "2", "A")
    tables = [remake(SKILLS["announce"], random.Random(i), RULES, "announce:soft-16", data)
              for i in range(40)]  # fmt: skip
    assert all(q is not None for q in tables)
    assert len({q.data["box"] for q in tables if q}) >= 5
    assert len({len([b for b in q.table.boxes if b.hands]) for q in tables if q and q.table}) >= 4
    assert len({tuple(q.data["cards"]) for q in tables if q}) >= 10  # suits of the shoe's


# -- the very stake --------------------------------------------------------------------------


@pytest.mark.parametrize("skill", [s for s in SITUATION_FIELDS if s != "announce"])
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, again=SEEDS)
def test_a_stake_is_remade_at_the_same_box(skill: str, seed: int, again: int) -> None:
    q = made(SKILLS[skill], random.Random(seed), RULES)
    assert q is not None
    r = assert_remade_exactly(skill, q.item, q.data, again)
    for name in SITUATION_FIELDS[skill]:
        assert r.data.get(name) == q.data.get(name)
    # the felt's box holds that stake
    assert r.table is not None
    (box,) = [b for b in r.table.boxes if b.number == q.data["box"]]
    bet = Decimal(q.data["bet"])
    if box.bets:
        assert dict(box.bets)["seat"] == bet
    else:  # an insurance paid: the dealer's Black Jack took the bet, the insurance lies there
        assert q.data["why"] == "insurance" and box.insurance == bet / 2


def test_a_large_bet_at_the_last_box_comes_back_there() -> None:
    data = {"bet": "475", "cards": ["AD", "KS"], "box": 7}
    q = assert_remade_exactly("pay-blackjack", "pay-blackjack:475", data, 3)
    assert (q.data["bet"], q.data["box"]) == ("475", 7)
    assert "Box 7" in q.prompt and "475" in q.prompt


# -- said again ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("skill", "item", "data"),
    [
        ("announce", "announce:soft-16", hand("A", "2", "2", "A")),
        ("announce", "announce:21-3cards", hand("8", "3", "T", split=True)),
        (
            "pay-insurance",
            "pay-insurance:pay-32.5",
            {"bet": "65", "insured": "32.5", "ask": "pay", "box": 7},
        ),  # fmt: skip
        ("chips", "chips:45", {"amount": "45", "why": "blackjack", "bet": "30", "box": 2}),
    ],
)
@pytest.mark.parametrize("language", ["fr", "it"])
def test_a_remade_question_said_again_is_the_same_question(
    skill: str, item: str, data: dict[str, Any], language: str
) -> None:
    q = remake(SKILLS[skill], random.Random(11), RULES, item, data)
    assert q is not None and ON_CATEGORY not in q.data
    try:
        i18n.set_language(language)
        told = retold_review(q, SKILLS[skill], RULES)
    finally:
        i18n.set_language("en")
    assert told is not q  # made again, in other words
    assert same_question(told, q)
    assert told.data == q.data  # the same cards, stake and box, still naming the situation
    assert told.table == q.table
    assert told.prompt != q.prompt or told.expected != q.expected or told.reason != q.reason


# -- what today's rules cannot make ----------------------------------------------------------

NO_SPLIT = RULES.with_options(split="none", max_hands=1)
THREE_BOXES = RULES.with_options(boxes=3)


@pytest.mark.parametrize(
    ("skill", "item", "data", "rules"),
    [
        # split under a preset that split, reviewed where the table splits no more
        ("announce", "announce:21-3cards", hand("8", "3", "T", split=True), NO_SPLIT),
        # a box the table no longer has
        ("pay-blackjack", "pay-blackjack:25", {"bet": "25", "box": 7}, THREE_BOXES),
        (
            "chips",
            "chips:45",
            {"amount": "45", "why": "blackjack", "bet": "30", "box": 6},
            THREE_BOXES,
        ),  # fmt: skip
        # five Aces of a six-deck shoe, reviewed on a one-deck table
        (
            "announce",
            "announce:soft-15",
            hand("A", "A", "A", "A", "A"),
            RULES.with_options(decks=1),
        ),
    ],
)
def test_a_situation_todays_rules_cannot_make_falls_back_to_its_category(
    skill: str, item: str, data: dict[str, Any], rules: HouseRules
) -> None:
    q = remake(SKILLS[skill], random.Random(5), rules, item, data)
    assert q is not None
    assert q.item == item  # its category
    assert q.data[ON_CATEGORY] is True
    assert q.data[REVIEWED] == situation(skill, data)  # the answer still updates that item
    drill = Drill([SKILLS[skill]], rules, mode=REVIEW, reviews=[(skill, item, data)], seed=5)
    asked = drill.next_question()
    assert asked is not None
    what = drill.reviewed(asked)
    assert what is not None and not what.exact and what.situation == situation(skill, data)
    # said again in another language, still on its category
    try:
        i18n.set_language("fr")
        told = retold_review(asked, SKILLS[skill], rules)
    finally:
        i18n.set_language("en")
    assert told.data[ON_CATEGORY] is True and told.data[REVIEWED] == asked.data[REVIEWED]


def test_a_shoe_brings_a_rank_from_further_down_and_keeps_its_cards() -> None:
    cards = ["2H", "3H", "KD", "AS", "4C", "AD"]
    shoe = ScriptedCards(cards)
    assert shoe.draw() == "2H"
    assert shoe.bring("A")
    assert shoe.draw() == "AS"
    assert shoe.bring("TJQK")
    assert shoe.draw() == "KD"
    assert not shoe.bring("9")  # none left: nothing moves
    assert sorted([shoe.draw() for _ in range(shoe.left)]) == ["3H", "4C", "AD"]


def test_a_miss_on_the_category_keeps_the_situation_to_review_next(store: Any, clock: Any) -> None:
    """Missed again when asked on its category, the item still reviews its own hand next time
    (at a table whose rules can deal it again), not the other hand its category showed."""
    from tests.trainer.history import DAY, NOON
    from trainer.history.review import build

    split = hand("8", "3", "T", split=True)
    sid = store.start_session("Ana", "practice", ["announce"], "casino-fr", 1)
    store.record(sid, "announce", "announce:21-3cards", split, "x", "21", False, 900)
    store.end_session(sid)
    clock.now = NOON + DAY
    (due,) = build(store, "Ana").due(clock.now)
    reviews = [(due.skill, due.item, due.question)]
    review = Drill([SKILLS["announce"]], NO_SPLIT, mode=REVIEW, store=store, profile="Ana",
                   clock=lambda: 0, reviews=reviews, seed=3)  # fmt: skip
    q = review.next_question()
    assert q is not None and q.data[ON_CATEGORY] is True
    review.answer("20", 900)  # wrong
    review.finish()
    (again,) = build(store, "Ana", cached=False).due(clock.now + DAY)
    assert again.situation == "8-3-10 split"
    assert [c[0] for c in again.question["cards"]] == ["8", "3", "T"]
    r = remake(SKILLS["announce"], random.Random(1), RULES, again.item, again.question)
    assert r is not None and ON_CATEGORY not in r.data and ranks(r) == ["8", "3", "T"]


def test_a_21_in_seven_cards_is_never_searched_for_as_its_kind() -> None:
    """A weak item of a 21 in seven cards comes back as that hand in a review; asked as "any 21
    in seven cards" it is no item the drill deals (thousands of rounds would seldom bring one),
    and says so at once."""
    skill = SKILLS["announce"]
    assert skill.make_item(random.Random(1), RULES, "announce:21-7cards") is None
    assert skill.make_item(random.Random(1), RULES, "announce:21-22cards") is None
    seen = hand("A", "4", "A", "A", "A", "5", "8")
    q = skill.make_item(random.Random(1), RULES, "announce:21-7cards", seen)
    assert q is not None and [c[0] for c in q.data["cards"]] == list("A4AAA58")
