"""The gradebook and debrief of assigned exams on a real PostgreSQL server (started by the tests):
each trainee's best try at each exam, per skill and per question; the class's hardest
questions; a try's answers one by one; a retake listed for its trainees alone."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.history import NOON, Clock
from tests.trainer.pg_server import PgServer
from trainer.game.rules import HouseRules
from trainer.history.assignments import Assignment
from trainer.history.gradebook import gradebook, try_answers
from trainer.history.postgres import PostgresStore
from trainer.history.server_exams import assign_exam
from trainer.history.server_setup import add_login, init_server
from trainer.practice.drill import EXAM, Drill
from trainer.practice.skills import SKILLS

pytestmark = pytest.mark.slow

FR = HouseRules.from_spec("casino-fr")


def _sql(url: str, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(query, args)
        return cursor.fetchall() if cursor.description else []


@pytest.fixture(scope="module")
def school(pg_server: PgServer) -> Iterator[dict[str, str]]:
    """A school of its own database: an instructor and three trainees."""
    name = f"gradebook_{os.getpid()}"
    _sql(pg_server.url, f"CREATE DATABASE {name}")
    url = pg_server.url.replace("/postgres?", f"/{name}?")
    init_server(url)
    logins = {"roux": f"gb_roux_{os.getpid()}"}
    add_login(url, logins["roux"], instructor=True)
    for who in ("ana", "ben", "cleo"):
        logins[who] = f"gb_{who}_{os.getpid()}"
        add_login(url, logins[who])
    yield {who: url.replace("user=sabot_admin", f"user={login}") for who, login in logins.items()}


def _take(url: str, data: Path, a: Assignment, wrong: set[int], *, stop: int | None = None) -> int:
    """A try at `a`: question n (from 1) answered wrong when n is in `wrong`; `stop`: the try
    ended after that many answers (the time ran out: incomplete)."""
    clock = Clock(NOON)
    with PostgresStore.open(url, data=data, clock=clock) as store:
        drill = Drill(
            [SKILLS[s] for s in a.skills], FR, mode=EXAM, seed=a.seed, store=store,
            profile="Me", time_limit_s=a.time_limit_s, assignment=a.id,
        )  # fmt: skip
        assert drill.session_id is not None
        for n, q in enumerate(drill._plan or [], 1):
            if stop is not None and n > stop:
                break
            clock.now += 2
            right = n not in wrong
            store.record(
                drill.session_id, q.skill, q.item, {"n": n}, f"said {n}", f"due {n}", right, 900
            )
        store.end_session(drill.session_id)
        assert store.sync(30)
        return drill.session_id


def test_the_gradebook_per_skill_per_question_and_the_hardest(
    school: dict[str, str], tmp_path: Path
) -> None:
    roux = school["roux"]
    day = _sql(roux, "SELECT to_timestamp(%s)::date", (NOON,))[0][0]
    a = assign_exam(roux, ["announce", "pay-even"], 42, "casino-fr", 900, day, day, "Week 1")
    _take(school["ana"], tmp_path / "ana", a, {3})
    _take(school["ana"], tmp_path / "ana", a, set())  # her best: all right
    _take(school["ben"], tmp_path / "ben", a, {1, 3})
    _take(school["cleo"], tmp_path / "cleo", a, {3}, stop=3)  # the time ran out after three answers
    retake = assign_exam(
        roux, ["announce"], 43, "casino-fr", 600, day, day, "Week 1, retake",
        logins=[_login(school["ben"])],
    )  # fmt: skip

    book = gradebook(roux)

    ana, ben, cleo = (_login(school[w]) for w in ("ana", "ben", "cleo"))
    assert book.logins == (ana, ben, cleo)
    later, week = book.sheets  # newest first
    assert later.assignment.id == retake.id and [r.login for r in later.results] == [ben]
    assert book.result(ana, retake.id) is None  # not hers to take
    assert week.assignment.id == a.id and week.questions > 3
    n = week.questions
    ana_try, ben_try, cleo_try = (week.tries[x] for x in (ana, ben, cleo))
    assert ana_try.marks == (True,) * n and ana_try.result.passed
    assert ben_try.marks == tuple(q not in (1, 3) for q in range(1, n + 1))
    assert cleo_try.marks == (True, True, False) and not cleo_try.result.complete
    # per skill: the right answers of those asked, as the exam asked them
    assert sum(asked for _r, asked in ben_try.skills.values()) == n
    assert sum(right for right, _a in ben_try.skills.values()) == n - 2
    assert set(ben_try.skills) == {"announce", "pay-even"}
    # question 3: missed by ben and cleo (ana's best try had it right); question 1 by ben alone
    first, second = week.hardest()[:2]
    assert (first.number, first.wrong, first.answered, first.missed_by) == (3, 2, 3, (ben, cleo))
    assert (second.number, second.wrong, second.answered) == (1, 1, 3)
    assert first.skill in a.skills and first.question == {"n": 3}
    assert [h.number for h in week.hardest()] == [3, 1]  # none nobody missed

    answers = try_answers(roux, ben_try.result.session_id)
    assert [x.number for x in answers] == list(range(1, n + 1))
    assert (answers[0].answer, answers[0].expected, answers[0].correct) == (
        "said 1",
        "due 1",
        False,
    )
    assert answers[1].correct and answers[1].ms == 900
    # a trainee reads their own try, not another's
    assert try_answers(school["ana"], ben_try.result.session_id) == []
    assert len(try_answers(school["ben"], ben_try.result.session_id)) == n


def _login(url: str) -> str:
    return url.rsplit("user=", 1)[1]
