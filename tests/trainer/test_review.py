"""The review schedule across days (issue 28): how an answer rates its item, what is due and when,
the same schedule from the same answers on every backend, and a review asking the very situation
missed. The clock is the tests' own: nothing sleeps."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import fsrs
import pytest

from tests.trainer.history import DAY, NOON, Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.game.rules import HouseRules
from trainer.history.review import build, cache_path
from trainer.history.store import Store
from trainer.practice.drill import REVIEW, Drill
from trainer.practice.review import AGAIN, EASY, GOOD, HARD, rating, situation
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import made

RULES = HouseRules.preset_named()
A4A = {"cards": ["AS", "4D", "AH"], "box": 3, "split": False, "stood": False}
T = SKILLS["announce"].target  # seconds


def answer(
    store: Any,
    clock: Clock,
    data: dict[str, Any],
    correct: bool,
    ms: int = 1000,
    *,
    skill: str = "announce",
    item: str = "announce:soft-16",
    mode: str = "practice",
) -> None:
    """One answer in a session of its own, at the clock's time."""
    sid = store.start_session("Ana", mode, [skill], "casino-fr", 1)
    store.record(sid, skill, item, data, "x", "6 or 16", correct, ms)
    store.end_session(sid)


# -- the rating ------------------------------------------------------------------------------


def test_an_answer_rates_its_item_by_right_wrong_and_the_skills_target() -> None:
    assert rating(False, 100, 4.0) == AGAIN
    assert rating(True, 4001, 4.0) == HARD  # right, slower than the target
    assert rating(True, 4000, 4.0) == GOOD  # within the target
    assert rating(True, 2001, 4.0) == GOOD
    assert rating(True, 2000, 4.0) == EASY  # within half the target
    assert rating(True, 9000, 4.0, timed=False) == GOOD  # piped: right or wrong alone
    assert rating(False, 500, 4.0, timed=False) == AGAIN


def test_the_rules_book_writes_the_mapping_down() -> None:
    from trainer.game.rulebook import load

    page = load().rule("15.ratings")
    words = page.text["en"].lower()
    for word in ("again", "hard", "good", "easy", "half the target", "target"):
        assert word in words


def test_a_situation_is_the_hand_or_the_stake_seen() -> None:
    assert situation("announce", A4A) == "A-4-A"
    assert situation("announce", {**A4A, "stood": True}) == "A-4-A stood"
    assert situation("pay-blackjack", {"bet": "25", "cards": ["AD", "KS"], "box": 3}) == (
        "bet 25 box 3"
    )
    assert situation("pay-table", {"cards": [["2H", "3C"]]}) == ""  # the whole table: its key


# -- due days --------------------------------------------------------------------------------


def test_an_item_missed_today_is_due_tomorrow(store: Any, clock: Clock) -> None:
    answer(store, clock, A4A, False)
    schedule = build(store, "Ana")
    assert schedule.counts(NOON).today == 0
    assert schedule.counts(NOON).tomorrow == 1
    assert [i.situation for i in schedule.due(NOON + DAY)] == ["A-4-A"]
    assert schedule.due(NOON + DAY)[0].item == "announce:soft-16"  # its category, kept


def test_answered_good_it_moves_out_by_fsrs_intervals(store: Any, clock: Clock) -> None:
    answer(store, clock, A4A, False)
    clock.now = NOON + DAY
    answer(store, clock, A4A, True, ms=int(T * 1000 * 0.75))  # good: within the target
    # what FSRS itself says of an again, then a good a day later
    s = fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    card, _ = s.review_card(fsrs.Card(card_id=1), fsrs.Rating.Again, _at(NOON))
    card, _ = s.review_card(card, fsrs.Rating.Good, _at(NOON + DAY))
    it = build(store, "Ana").items[("announce", "announce:soft-16", "A-4-A", False)]
    assert it.due == card.due.timestamp()
    assert it.due - (NOON + DAY) >= 2 * DAY  # further out than the day after a miss
    assert build(store, "Ana").due(NOON + 2 * DAY) == []
    assert len(build(store, "Ana").due(it.due)) == 1


def test_a_never_missed_item_is_not_due(store: Any, clock: Clock) -> None:
    for day in range(5):
        clock.now = NOON + day * DAY
        answer(store, clock, A4A, True)
    schedule = build(store, "Ana")
    assert schedule.items == {}
    assert schedule.counts(NOON + 30 * DAY).today == 0


def test_another_hand_of_the_same_category_is_another_item(store: Any, clock: Clock) -> None:
    answer(store, clock, A4A, False)
    clock.now = NOON + DAY
    answer(store, clock, {**A4A, "cards": ["AS", "5D"]}, True, ms=500)  # a soft 16 too
    it = build(store, "Ana").items[("announce", "announce:soft-16", "A-4-A", False)]
    assert it.answers == 1  # A-4-A is still where its miss put it
    assert len(build(store, "Ana").items) == 1


def test_a_deal_step_updates_only_deal_items(store: Any, clock: Clock) -> None:
    answer(store, clock, A4A, False)
    clock.now = NOON + 3600
    answer(store, clock, A4A, True, mode="deal")  # the same hand right in a shoe
    answer(store, clock, {**A4A, "cards": ["2C", "3C"]}, False, item="announce:hard-5", mode="deal")
    schedule = build(store, "Ana")
    drill = schedule.items[("announce", "announce:soft-16", "A-4-A", False)]
    assert drill.answers == 1
    assert ("announce", "announce:soft-16", "A-4-A", True) not in schedule.items
    assert [i.situation for i in schedule.due(NOON + DAY, deal=True)] == ["2-3"]
    assert [i.situation for i in schedule.due(NOON + DAY)] == ["A-4-A"]
    assert schedule.counts(NOON + DAY).deal_today == 1


def test_the_due_list_is_oldest_due_first_across_skills(store: Any, clock: Clock) -> None:
    answer(store, clock, {"bet": "25", "box": 3}, False, skill="pay-blackjack",
           item="pay-blackjack:25")  # fmt: skip
    clock.now = NOON + 3600
    answer(store, clock, A4A, False)
    due = build(store, "Ana").due(NOON + DAY + 7200)
    assert [(i.skill, i.situation) for i in due] == [
        ("pay-blackjack", "bet 25 box 3"),
        ("announce", "A-4-A"),
    ]


# -- rebuilt from the attempts, on every backend -----------------------------------------------


def _at(t: float) -> datetime:
    return datetime.fromtimestamp(t, UTC)


def _month(store: Any, clock: Clock, seed: int = 7) -> None:
    """A month of practice: each day a few drill answers, some wrong, some reviewed."""
    rng = random.Random(seed)
    skills = ["announce", "pay-blackjack", "pay-even", "chips"]
    for day in range(30):
        clock.now = NOON + day * DAY
        for name in rng.sample(skills, 2):
            q = made(SKILLS[name], rng, RULES)
            assert q is not None
            sid = store.start_session("Ana", "practice", [name], "casino-fr", day)
            for _n in range(3):
                clock.now += 20
                store.record(sid, name, q.item, q.data, "x", q.expected, rng.random() < 0.7,
                             rng.randint(500, 9000))  # fmt: skip
            store.end_session(sid)


def _due(store: Any, now: float) -> list[tuple[Any, ...]]:
    return [(i.key, i.due, i.answers) for i in build(store, "Ana").due(now)]


@pytest.mark.usefixtures("pg_server")
def test_the_same_history_gives_the_same_due_list_on_sqlite_and_the_schools_server(
    tmp_path: Path, pg_server: PgServer
) -> None:
    from trainer.history.postgres import PostgresStore

    clock = Clock()
    url = school_login(pg_server, f"review_{os.getpid()}")
    with Store.open(tmp_path / "alone.sqlite3", clock=clock) as alone:
        _month(alone, clock)
        on_sqlite = _due(alone, clock.now)
    clock.now = NOON
    with PostgresStore.open(url, data=tmp_path / "pc1", clock=clock, retry_s=0.2) as pc1:
        _month(pc1, clock)
        assert pc1.sync(30)
        on_server = _due(pc1, clock.now)
    with PostgresStore.open(url, data=tmp_path / "pc2", clock=clock, retry_s=0.2) as pc2:
        assert pc2.sync(30)  # the history brought to another PC
        on_other_pc = _due(pc2, clock.now)
    assert on_sqlite  # a month of practice leaves something due
    assert on_server == on_sqlite
    assert on_other_pc == on_sqlite


def test_the_cache_gives_the_rebuilt_schedule_and_is_not_trusted(
    tmp_path: Path, clock: Clock
) -> None:
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as store:
        _month(store, clock)
        rebuilt = _due(store, clock.now)
        first = build(store, "Ana")
        assert cache_path(store).exists()
        again = build(store, "Ana")
        assert again.read == 0  # every attempt came from the cache
        assert _due(store, clock.now) == rebuilt
        assert [i.key for i in first.due(clock.now)] == [i.key for i in again.due(clock.now)]
        # a cache that lies about the attempts it read is thrown away
        doc = json.loads(cache_path(store).read_text())
        doc["profiles"]["Ana"]["items"] = []
        doc["profiles"]["Ana"]["fingerprint"][1] += 1
        cache_path(store).write_text(json.dumps(doc))
        assert _due(store, clock.now) == rebuilt
        cache_path(store).write_text("garbage")
        assert _due(store, clock.now) == rebuilt
        # new answers after the cache are read on top of it
        clock.now += DAY
        answer(store, clock, A4A, False)
        grown = build(store, "Ana")
        assert grown.read == 1
        assert [i.key for i in grown.due(clock.now + DAY)] == [
            i.key for i in build(store, "Ana", cached=False).due(clock.now + DAY)
        ]


# -- a review session ------------------------------------------------------------------------


def test_a_review_asks_the_very_cards_missed(tmp_path: Path, clock: Clock) -> None:
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as store:
        answer(store, clock, A4A, False)
        answer(store, clock, {"bet": "25", "cards": ["AD", "KS"], "box": 3}, False,
               skill="pay-blackjack", item="pay-blackjack:25")  # fmt: skip
        clock.now = NOON + DAY
        due = build(store, "Ana").due(clock.now)
        drill = Drill(
            [SKILLS[i.skill] for i in due],
            RULES,
            mode=REVIEW,
            store=store,
            profile="Ana",
            clock=lambda: 0,
            reviews=[(i.skill, i.item, i.question) for i in due],
            seed=5,
        )
        asked = []
        while (q := drill.next_question()) is not None:
            asked.append(q)
            drill.answer(q.expected, int(T * 1000 / 4))  # right, fast: easy
        drill.finish()
        assert [(q.skill, q.item) for q in asked] == [
            ("announce", "announce:soft-16"),
            ("pay-blackjack", "pay-blackjack:25"),
        ]
        assert [c[0] for c in asked[0].data["cards"]] == ["A", "4", "A"]
        assert asked[1].data["bet"] == "25" and asked[1].data["box"] == 3
        assert [s.mode for s in store.sessions("Ana")][-1] == REVIEW
        # answered, they leave today's list
        assert build(store, "Ana").due(clock.now) == []


def test_only_a_review_takes_review_items() -> None:
    with pytest.raises(ValueError, match="only a review"):
        Drill([SKILLS["announce"]], RULES, mode="exam", reviews=[("announce", "x", {})])
    with pytest.raises(ValueError, match="nothing is due"):
        Drill([SKILLS["announce"]], RULES, mode=REVIEW)


def test_a_review_question_is_said_again_in_another_language() -> None:
    from trainer import i18n

    due = [("pay-blackjack", "pay-blackjack:25", {"bet": "25", "cards": ["AD", "KS"], "box": 3})]
    drill = Drill([SKILLS["pay-blackjack"]], RULES, mode=REVIEW, reviews=due, seed=2)
    q = drill.next_question()
    assert q is not None and "Black Jack" in q.prompt
    try:
        i18n.set_language("fr")
        drill.retell()
        told = drill.current
        assert told is not None and told is not q
        assert told.prompt != q.prompt  # in French now
        assert told.data == q.data  # the same stake at the same box, still naming its item
        assert told.data["review"] == "bet 25 box 3"
    finally:
        i18n.set_language("en")


def test_the_due_list_read_on_the_gui_thread_writes_no_cache(tmp_path: Path, clock: Clock) -> None:
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as store:
        _month(store, clock)
        build(store, "Ana")
        before = cache_path(store).read_bytes()
        clock.now += DAY
        answer(store, clock, A4A, False)
        read = build(store, "Ana", keep=False)
        assert read.read == 1  # the new answer, on top of the cache
        assert cache_path(store).read_bytes() == before  # and nothing written
        assert [i.key for i in read.due(clock.now + DAY)] == [
            i.key for i in build(store, "Ana", cached=False).due(clock.now + DAY)
        ]
        assert build(store, "Ana").read == 1  # home's worker writes it
        assert build(store, "Ana").read == 0


def test_an_item_knows_when_it_was_last_missed(store: Any, clock: Clock) -> None:
    answer(store, clock, A4A, False)
    clock.now = NOON + DAY
    answer(store, clock, A4A, False)
    clock.now = NOON + 2 * DAY
    answer(store, clock, A4A, True)
    it = build(store, "Ana", cached=False).items[("announce", "announce:soft-16", "A-4-A", False)]
    assert (it.first_missed, it.last_missed, it.last) == (NOON, NOON + DAY, NOON + 2 * DAY)
    assert build(store, "Ana").items[it.key].last_missed == NOON + DAY  # through the cache too


def test_a_situation_is_said_in_the_table_s_words_not_the_data_s() -> None:
    # the review line read "mise 65, assurée 32.5, demande pay, case 7" in French
    from trainer import i18n
    from trainer.practice.review import said_situation

    try:
        i18n.set_language("fr")
        said = said_situation("pay-insurance", "bet 65 insured 32.5 ask pay box 7")
        assert said == "mise 65, assurée 32,50, case 7"
        # an amount the item's name says already is not said twice
        assert (
            said_situation("pay-insurance", "bet 65 insured 32.5 ask pay box 7", amounts=["32.5"])
            == "mise 65, case 7"
        )
    finally:
        i18n.set_language("en")
