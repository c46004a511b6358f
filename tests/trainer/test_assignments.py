"""Assigned exams, the part every history shares: an assignment's fields checked with one
sentence naming the field, its state on a day, the session that records which assignment it was
taken for (the SQLite file migrated to hold it), and the exam drill with an instructor's time
limit."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.trainer.history import Clock
from trainer.game.rules import HouseRules
from trainer.history.assignments import (
    TIME_LIMIT_MAX_S,
    TIME_LIMIT_MIN_S,
    Assignment,
    check_assignment,
    describe_limit,
    read_day,
    read_time_limit,
)
from trainer.history.migrations import SCHEMA_VERSION
from trainer.history.store import Store
from trainer.practice.drill import EXAM, SEED_MAX, Drill, exam_questions, exam_time_limit_s
from trainer.practice.skills import SKILLS

MON, FRI = date(2026, 12, 7), date(2026, 12, 11)
GOOD: dict[str, Any] = {
    "skills": ["pay-even", "announce"],
    "seed": 42,
    "preset": "casino-fr",
    "time_limit_s": 900,
    "opens": MON,
    "closes": FRI,
    "title": "Week 1",
}


def _checked(**changes: Any) -> tuple[Any, ...]:
    return check_assignment(**{**GOOD, **changes})


def test_a_good_assignment_comes_back_cleaned() -> None:
    assert _checked(skills=" pay-even, announce,pay-even ,", title="  Week 1 ") == (
        ("pay-even", "announce"),
        42,
        "casino-fr",
        900,
        MON,
        FRI,
        "Week 1",
    )


def test_all_is_every_skill_that_can_be_examined_under_the_preset() -> None:
    home = HouseRules.from_spec("home")
    skills = _checked(skills="all", preset="home")[0]
    assert skills == tuple(s.name for s in SKILLS.values() if s.available(home) is None)
    assert len(skills) < len(SKILLS)  # the home game leaves some out


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"skills": []}, "The skills"),
        ({"skills": " , "}, "The skills"),
        ({"skills": ["pay-even", "juggling"]}, "The skills"),
        ({"skills": [3]}, "The skills"),
        ({"seed": -1}, "The seed"),
        ({"seed": SEED_MAX + 1}, "The seed"),
        ({"seed": True}, "The seed"),
        ({"seed": "42"}, "The seed"),
        ({"preset": "casino-de"}, "The rules"),
        ({"time_limit_s": 59}, "The time limit"),
        ({"time_limit_s": 4 * 3600 + 1}, "The time limit"),
        ({"time_limit_s": 900.0}, "The time limit"),
        ({"opens": FRI, "closes": MON}, "The dates"),
        ({"opens": "2026-12-07"}, "The dates"),
        ({"title": "x" * 81}, "The title"),
        ({"title": "Week\n1"}, "The title"),
        ({"title": "Week\x001"}, "The title"),
        ({"title": "Week\u20281"}, "The title"),
        ({"title": 1}, "The title"),
    ],
)
def test_each_wrong_field_is_one_sentence_naming_it(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(ValueError) as refused:
        _checked(**changes)
    sentence = str(refused.value)
    assert sentence.startswith(field), sentence
    assert sentence.endswith(".") and "\n" not in sentence and "Traceback" not in sentence


def test_a_skill_the_preset_cannot_examine_is_refused_with_why() -> None:
    home = HouseRules.from_spec("home")
    out = next(s for s in SKILLS.values() if s.available(home) is not None)
    from trainer.practice.curriculum import skill_title

    with pytest.raises(ValueError) as refused:
        _checked(skills=[out.name], preset="home")
    # the skill by its title, as the instructor ticked it; never its key
    said = str(refused.value)
    assert said.startswith(f"The skills: “{skill_title(out.name)}” cannot be examined under home")
    assert out.name not in said


@given(st.integers(min_value=-(2**64), max_value=2**64))
def test_seeds_from_0_to_2_63_less_1_and_no_other(seed: int) -> None:
    if 0 <= seed <= SEED_MAX:
        assert _checked(seed=seed)[1] == seed
    else:
        with pytest.raises(ValueError, match="The seed"):
            _checked(seed=seed)


@given(st.integers(min_value=0, max_value=6 * 3600))
def test_time_limits_from_1_minute_to_4_hours(seconds: int) -> None:
    if TIME_LIMIT_MIN_S <= seconds <= TIME_LIMIT_MAX_S:
        assert _checked(time_limit_s=seconds)[3] == seconds
    else:
        with pytest.raises(ValueError, match="The time limit is from 1 minute to 4 hours"):
            _checked(time_limit_s=seconds)


@given(st.dates(), st.dates())
def test_a_window_opens_before_it_closes(opens: date, closes: date) -> None:
    if opens <= closes:
        assert _checked(opens=opens, closes=closes)[4:6] == (opens, closes)
    else:
        with pytest.raises(ValueError, match="The dates"):
            _checked(opens=opens, closes=closes)


@given(st.text(max_size=100))
def test_a_title_is_one_short_line(title: str) -> None:
    import unicodedata

    kept = title.strip()
    fine = len(kept) <= 80 and not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in kept)
    if fine:
        assert _checked(title=title)[6] == kept
    else:
        with pytest.raises(ValueError, match="The title"):
            _checked(title=title)


@given(st.dates(), st.integers(min_value=0, max_value=30), st.dates())
def test_the_state_of_an_assignment_on_a_day(opens: date, length: int, today: date) -> None:
    try:
        closes = opens + timedelta(days=length)
    except OverflowError:
        return
    a = Assignment(1, ("pay-even",), 42, "casino-fr", 900, opens, closes, "")
    expected = "upcoming" if today < opens else "closed" if today > closes else "open"
    assert a.state(today) == expected


def test_both_days_of_the_window_are_inside_it() -> None:
    a = Assignment(1, ("pay-even",), 42, "casino-fr", 900, MON, FRI, "Week 1")
    days = [MON - timedelta(days=1), MON, FRI, FRI + timedelta(days=1)]
    assert [a.state(d) for d in days] == ["upcoming", "open", "open", "closed"]
    assert a.label == "Week 1"
    assert Assignment(2, ("pay-even",), 7, "casino-fr", 900, MON, FRI, "").label == "exam 7"


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("15m", 900), ("1h30m", 5400), ("2h", 7200), ("90s", 90), ("45", 2700), (" 1h 5m ", 3900)],
)
def test_time_limits_as_an_instructor_types_them(text: str, seconds: int) -> None:
    assert read_time_limit(text) == seconds


@pytest.mark.parametrize("text", ["", "m", "quarter", "15 minutes", "-5", "1.5h", "h30"])
def test_a_time_limit_that_cannot_be_read_is_one_sentence(text: str) -> None:
    with pytest.raises(ValueError, match="The time limit is minutes or hours"):
        read_time_limit(text)


def test_limits_and_days_in_words() -> None:
    assert [describe_limit(s) for s in (900, 5400, 7200, 90)] == [
        "15 min",
        "1 h 30 min",
        "2 h",
        "90 s",
    ]
    assert read_day(" 2026-12-07 ", "--from") == MON
    with pytest.raises(ValueError, match="--from: a day is written 2026-12-07, not '7/12'"):
        read_day("7/12", "--from")


# -- the session of an assigned exam, in the SQLite history -------------------------------------


def test_a_history_of_this_pc_alone_has_no_assignment(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        assert store.assignments() == []


def test_a_session_records_the_assignment_it_was_taken_for(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3", clock=Clock()) as store:
        assigned = store.start_session("Ana", EXAM, ["pay-even"], "casino-fr", 42, 2, assignment=7)
        own = store.start_session("Ana", EXAM, ["pay-even"], "casino-fr", 42, 2)
        assert [(s.id, s.assignment) for s in store.sessions("Ana")] == [
            (assigned, 7),
            (own, None),
        ]
        for wrong in (0, -3, True, "7"):
            with pytest.raises(ValueError, match="assignment must be an assigned exam's id"):
                store.start_session("Ana", EXAM, ["pay-even"], "casino-fr", assignment=wrong)


def test_a_version_4_history_gains_the_assignment_column(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with Store.open(path) as store:
        sid = store.start_session("Ana", EXAM, ["pay-even"], "casino-fr", seed=3, planned=1)
        store.record(sid, "pay-even", "pay-even:10", {"bet": "10"}, "10", "10", True, 500)
        store.end_session(sid)
    with closing(sqlite3.connect(path, isolation_level=None)) as old:  # as a Sabot of before
        for table in ("item", "attempt"):
            old.execute(f"ALTER TABLE {table} DROP COLUMN said")  # version 7's
        old.execute("ALTER TABLE session DROP COLUMN assignment")
        old.execute("PRAGMA user_version = 4")
    with Store.open(path) as store:
        (row,) = store.sessions("Ana")
        assert (row.assignment, row.attempts, row.complete) == (None, 1, True)
        store.start_session("Ana", EXAM, ["pay-even"], "casino-fr", seed=3, assignment=12)
        assert store.sessions("Ana")[-1].assignment == 12
    with closing(sqlite3.connect(path)) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (8,)


# -- the exam drill of an assignment -------------------------------------------------------------

FR = HouseRules.from_spec("casino-fr")


def test_an_assigned_exam_has_the_instructors_time_limit_and_records_its_assignment(
    tmp_path: Path,
) -> None:
    skills = [SKILLS["pay-even"], SKILLS["announce"]]
    with Store.open(tmp_path / "h.sqlite3") as store:
        d = Drill(skills, FR, mode=EXAM, seed=42, store=store, time_limit_s=1500, assignment=9)
        assert d.time_limit_ms == 1_500_000
        own = Drill(skills, FR, mode=EXAM, seed=42, store=store)
        assert own.time_limit_ms == exam_time_limit_s(exam_questions(42, FR, skills)) * 1000
        assert [s.assignment for s in store.sessions("default")] == [9, None]
        assert [q.item for q in d._plan or ()] == [q.item for q in own._plan or ()]


@pytest.mark.parametrize(
    ("mode", "kw", "why"),
    [
        ("practice", {"time_limit_s": 600}, "only an exam takes"),
        ("sprint", {"assignment": 3}, "only an exam takes"),
        (EXAM, {"time_limit_s": 0}, "an exam's time limit is a whole number of seconds"),
        (EXAM, {"time_limit_s": 60.5}, "an exam's time limit is a whole number of seconds"),
    ],
)
def test_only_an_exam_takes_a_time_limit_or_an_assignment(
    mode: str, kw: dict[str, Any], why: str
) -> None:
    with pytest.raises(ValueError, match=why):
        Drill([SKILLS["pay-even"]], FR, mode=mode, seed=1, **kw)


class _RecorderOfBefore:
    """A recorder written before assignments: its start_session takes no `assignment`."""

    def start_session(
        self, *args: Any, planned: int | None = None, interactive: bool = True
    ) -> int:
        return 1

    def end_session(self, session_id: int) -> None: ...

    def record(self, *args: Any) -> int:
        return 1


def test_a_drill_without_assignment_asks_nothing_new_of_its_recorder() -> None:
    d = Drill([SKILLS["pay-even"]], FR, mode=EXAM, seed=1, store=_RecorderOfBefore())
    assert d.session_id == 1
