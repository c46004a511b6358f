"""How long an exam's try took (`ExamResult.duration_ms`): its answers' times summed, as they are
stored (each on the monotonic clock, from the question shown to the answer) — read the same from
this PC's history (SQLite, or a school's copy of it) and on the school's server (the class view,
the assigned exams), and said where exam results are said."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.history import NOON, Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.game.rules import HouseRules
from trainer.history.classview import class_view, exam_mark, taken_in
from trainer.history.postgres import PostgresStore
from trainer.history.progress_data import ExamResult, exam_results, load_progress, read_exams
from trainer.history.server_exams import assign_exam
from trainer.history.server_setup import add_login
from trainer.i18n import set_language
from trainer.practice.drill import EXAM, Drill
from trainer.practice.skills import SKILLS

FR = HouseRules.from_spec("casino-fr")
SKILLS_ASKED = ("announce", "pay-even")


def _exam(store: Any, times: list[int] | None = None, **kw: Any) -> tuple[int, list[int]]:
    """An exam of two skills through the drill, each answer given in `times` ms (by default
    1.0 s, 1.1 s, …): its session and the times given."""
    drill = Drill([SKILLS[s] for s in SKILLS_ASKED], FR, mode=EXAM, seed=42, store=store, **kw)
    plan = drill._plan or []
    times = times or [1000 + 100 * n for n in range(len(plan))]
    for q, ms in zip(plan, times, strict=True):
        assert drill.next_question() is q
        drill.answer(q.expected, ms)
    drill.finish()
    assert drill.session_id is not None
    return drill.session_id, times


def test_an_exam_carries_the_time_its_answers_took(store: Any) -> None:
    sid, times = _exam(store)
    other, more = _exam(store, [61_000, 62_500, 500, 70_000])
    sid_practice = store.start_session("default", "practice", ["announce"], "casino-fr")
    store.record(sid_practice, "announce", "x", {}, "1", "1", True, 99_999)  # not an exam
    store.end_session(sid_practice)
    exams = {e.session_id: e for e in read_exams(store, "default", SKILLS_ASKED)}
    assert set(exams) == {sid, other}
    assert exams[sid].duration_ms == sum(times) == 4600
    assert exams[other].duration_ms == sum(more) == 194_000
    # the progress view reads the same, and its timeline's points sum up the same
    progress = load_progress(store, "default", {s: SKILLS[s].target for s in SKILLS_ASKED})
    assert {e.session_id: e.duration_ms for e in progress.exams} == {sid: 4600, other: 194_000}
    from_points = exam_results(progress.points, SKILLS_ASKED)
    assert {e.session_id: e.duration_ms for e in from_points} == {sid: 4600, other: 194_000}


def test_a_try_s_duration_is_said_with_its_result() -> None:
    passed = ExamResult(1, NOON, True, 28, 27, (), 28, 372_400)
    assert exam_mark("ana", passed) == "ana: passed 27/28 in 6\u00a0min 12\u00a0s"
    unknown = ExamResult(1, NOON, True, 28, 27, (), 28)
    assert exam_mark("ana", unknown) == "ana: passed 27/28"
    try:
        set_language("fr")
        assert taken_in("ana 27/28", passed) == "ana 27/28 en 6\u00a0min 12\u00a0s"
        set_language("it")
        assert taken_in("ana 27/28", passed) == "ana 27/28 in 6\u00a0min 12\u00a0s"
    finally:
        set_language("en")


@pytest.mark.slow
def test_the_server_sums_each_try_as_the_pc_does(pg_server: PgServer, tmp_path: Path) -> None:
    url = school_login(pg_server, f"duration_{os.getpid()}")
    login = url.rsplit("user=", 1)[1]
    add_login(pg_server.url, "roux_duration", instructor=True)
    teacher = pg_server.login_url("roux_duration")
    from datetime import date, timedelta

    today = date.today()
    a = assign_exam(
        teacher, list(SKILLS_ASKED), 42, "casino-fr", 900, today - timedelta(days=1),
        today + timedelta(days=1),
    )  # fmt: skip
    clock = Clock(__import__("time").time())
    with PostgresStore.open(url, data=tmp_path, clock=clock) as store:
        _exam(store, [2000, 3000, 4000, 5000], profile="Ana")
        _exam(store, [1500, 1500, 1500, 1500], profile="Ana", assignment=a.id, time_limit_s=900)
        assert store.sync(30)
        own = {e.session_id: e.duration_ms for e in read_exams(store, "Ana", SKILLS_ASKED)}
    assert sorted(own.values()) == [6000, 14_000]
    view = class_view(teacher, {s: SKILLS[s].target for s in SKILLS_ASKED}, now=clock.now)
    (row,) = [t for t in view.trainees if t.login == login]
    assert sorted(e.result.duration_ms for e in row.exams) == [6000, 14_000]
    results = dict(view.assignments)[a]
    (mine,) = [r for r in results if r.login == login]
    assert mine.best is not None and mine.best.duration_ms == 6000
    # by seed, the first of the best tries: both are 4/4
    assert f"{login}: passed 4/4 in 14.0\u00a0s" in view.exam_marks(42)
