"""The gradebook of a school's assigned exams and their debrief: each trainee's best try at each
exam (the class view's `assignments`, ranked there), and for each exam every best try's answers
question by question and skill by skill, and the class's hardest questions. A try's own answers,
one by one, for the instructor who opens it (`try_answers`).

An assigned exam gives everyone the same questions in the same order (its seed, skills and
rules: `trainer.practice.drill`), so question 7 of one trainee's try is question 7 of
everyone's: the class's hardest questions are the places most trainees got wrong. Only the best
try of each trainee counts there, as in the gradebook; a question a trainee did not reach (an
incomplete try) counts as neither right nor wrong.

Read on the server through an instructor's login (row security: a trainee's login reads its own
tries only). Qt-free.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from trainer.history.assignments import Assignment, AssignmentResult
from trainer.history.exams import ExamResult

HARDEST: Final = 10  # the hardest questions listed for an exam


@dataclass(frozen=True, slots=True)
class TryAnswer:
    """One answer of a try, at its place in the exam (from 1)."""

    number: int
    skill: str
    item: str
    question: Mapping[str, Any]
    answer: str
    expected: str
    correct: bool
    ms: int


@dataclass(frozen=True, slots=True)
class ExamTry:
    """A trainee's best try at an assigned exam: its result, whether each question was answered
    right (in the exam's order; the questions not reached are not there), and per skill the
    right answers of those asked."""

    login: str
    result: ExamResult
    marks: tuple[bool, ...]
    skills: Mapping[str, tuple[int, int]]  # skill: (right, asked)


@dataclass(frozen=True, slots=True)
class HardQuestion:
    """A question of an exam the class got wrong: its place, what it asked, and how many of the
    best tries that reached it got it wrong."""

    number: int
    skill: str
    item: str
    question: Mapping[str, Any]
    wrong: int
    answered: int
    missed_by: tuple[str, ...]  # the logins, in the order of the class


@dataclass(frozen=True)
class ExamSheet:
    """One assigned exam in the gradebook: each trainee asked to take it with their standing
    (`AssignmentResult`), and the answers of each best try."""

    assignment: Assignment
    results: tuple[AssignmentResult, ...]
    tries: Mapping[str, ExamTry] = field(default_factory=dict)  # by login, the best tries
    # each question's skill, item and stored question, by its place (from the tries reaching it)
    asked: Mapping[int, tuple[str, str, Mapping[str, Any]]] = field(default_factory=dict)

    @property
    def questions(self) -> int:
        """How many questions the exam asks (as planned; else the most any best try reached)."""
        planned = [t.result.planned for t in self.tries.values() if t.result.planned is not None]
        if planned:
            return max(planned)
        return max((len(t.marks) for t in self.tries.values()), default=0)

    def hardest(self, limit: int = HARDEST) -> list[HardQuestion]:
        """The questions most of the class got wrong, the most missed first (then the most
        answered, then in the exam's order); none that nobody missed."""
        answered: defaultdict[int, int] = defaultdict(int)
        missed: defaultdict[int, list[str]] = defaultdict(list)
        for r in self.results:
            t = self.tries.get(r.login)
            if t is None:
                continue
            for n, right in enumerate(t.marks, 1):
                answered[n] += 1
                if not right:
                    missed[n].append(r.login)
        asked = self.asked
        ranked = sorted(missed, key=lambda n: (-len(missed[n]), -answered[n], n))[:limit]
        return [
            HardQuestion(n, *asked[n], len(missed[n]), answered[n], tuple(missed[n]))
            for n in ranked
            if n in asked
        ]


@dataclass(frozen=True)
class Gradebook:
    """Every trainee of the class × every assigned exam (newest first): the best try of each."""

    logins: tuple[str, ...]
    sheets: tuple[ExamSheet, ...]

    def result(self, login: str, assignment_id: int) -> AssignmentResult | None:
        """`login`'s standing on the exam (None: a retake set for others, not theirs)."""
        for sheet in self.sheets:
            if sheet.assignment.id == assignment_id:
                return next((r for r in sheet.results if r.login == login), None)
        return None


# Each best try's answers, in the order answered (the exam's order), read along attempt_session.
_ANSWERS: Final = """
SELECT a.session, a.skill, a.item, a.question, a.answer, a.expected, a.correct, a.ms
FROM attempt a JOIN session s ON s.id = a.session AND s.owner = a.owner
WHERE a.session = ANY (%s)
ORDER BY a.session, a.id
"""


def read_gradebook(
    conn: Any | None,
    assignments: Sequence[tuple[Assignment, Sequence[AssignmentResult]]],
    logins: Sequence[str],
) -> Gradebook:
    """The gradebook of `assignments` (the class view's, each with the result of the class's
    trainees), their best tries' answers read on the server `conn` reaches (None: the results
    alone, no answer read)."""
    best = {
        r.best.session_id: r.login
        for _a, results in assignments
        for r in results
        if r.best is not None
    }
    answers: defaultdict[int, list[TryAnswer]] = defaultdict(list)
    if best and conn is not None:
        for sid, skill, item, question, answer, expected, correct, ms in conn.execute(
            _ANSWERS, (list(best),)
        ):
            number = len(answers[sid]) + 1
            answers[sid].append(
                TryAnswer(number, skill, item, question or {}, answer, expected, correct, ms)
            )
    sheets = []
    for a, results in assignments:
        tries: dict[str, ExamTry] = {}
        asked: dict[int, tuple[str, str, Mapping[str, Any]]] = {}
        for r in results:
            if r.best is None:
                continue
            given = answers.get(r.best.session_id, [])
            per_skill: dict[str, tuple[int, int]] = {}
            for x in given:
                right, count = per_skill.get(x.skill, (0, 0))
                per_skill[x.skill] = (right + x.correct, count + 1)
                asked.setdefault(x.number, (x.skill, x.item, x.question))
            tries[r.login] = ExamTry(r.login, r.best, tuple(x.correct for x in given), per_skill)
        sheets.append(ExamSheet(a, tuple(results), tries, asked))
    return Gradebook(tuple(logins), tuple(sheets))


def gradebook(url: str) -> Gradebook:
    """The gradebook read from the server `url` names, through an instructor's login."""
    from trainer.history.classview import class_logins, read_assignments
    from trainer.history.server_setup import _connect

    with _connect(url) as conn:
        conn.execute("SET jit = off")  # one short read: see classview.class_view
        logins = class_logins(conn)
        assignments = read_assignments(conn, logins)
        return read_gradebook(conn, assignments, logins)


def read_try(conn: Any, session_id: int) -> list[TryAnswer]:
    """A try's answers, in the order answered ([] when the login may not read it)."""
    rows = conn.execute(_ANSWERS, ([session_id],)).fetchall()
    return [
        TryAnswer(n, skill, item, question or {}, answer, expected, correct, ms)
        for n, (_sid, skill, item, question, answer, expected, correct, ms) in enumerate(rows, 1)
    ]


def try_answers(url: str, session_id: int) -> list[TryAnswer]:
    """A try's answers read on the server `url` names (an instructor's login reads any)."""
    from trainer.history.server_setup import _connect

    with _connect(url) as conn:
        return read_try(conn, session_id)
