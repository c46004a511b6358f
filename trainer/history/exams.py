"""An exam's try as the history reads it back: its answers, how many were right, the required
skills it asked nothing of, how long it took; whether it was complete, scored and passed. What the
progress view, the class view and the assigned exams all rank and show, apart from where each
reads it from; its verdict (`verdict`) and the verdict in words (`try_words`), the one reading of
a try that the class view's tabs, the gradebook and `sabot class` all say.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from trainer.history.measures import ratio
from trainer.i18n import _
from trainer.practice.drill import EXAM_PASS

EXAM_PASS_FRACTION: Final = Fraction(repr(EXAM_PASS))  # 0.9 as written: exactly 9/10


@dataclass(frozen=True, slots=True)
class ExamResult:
    session_id: int
    started: float  # unix seconds, UTC
    ended: bool
    attempts: int
    correct: int
    uncovered: tuple[str, ...]  # required skills the exam asked nothing of
    planned: int | None = None  # its questions (None: an exam from before they were stored)
    # How long the try took: its answers' times summed, each from its question shown to the
    # answer on the monotonic clock, as they are stored (the session's start and end are wall
    # clock, to the second). A question the time ran out on, unanswered, is not in it; the
    # clock held while the settings are open neither. None: not read.
    duration_ms: int | None = None

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)

    @property
    def complete(self) -> bool:
        return self.ended and (self.planned is None or self.attempts >= self.planned)

    @property
    def scored(self) -> bool:
        """Complete, with the pass mark of right answers — whatever skills it asked. An exam
        of a few skills (an instructor's assigned exam) can be scored without being `passed`."""
        return (
            self.complete
            and self.attempts > 0
            and Fraction(self.correct, self.attempts) >= EXAM_PASS_FRACTION
        )

    @property
    def passed(self) -> bool:
        """Scored, and on every required skill: the exam readiness asks for."""
        return self.scored and not self.uncovered


Verdict = Literal["passed", "scored", "failed", "incomplete"]
PASSED: Final = "passed"
SCORED: Final = "scored"  # the pass mark on its skills, fewer than readiness asks
FAILED: Final = "failed"
INCOMPLETE: Final = "incomplete"


def verdict(result: ExamResult) -> Verdict:
    """A try's verdict: passed; the pass mark reached on its skills (not every one readiness
    asks); failed (complete, under the pass mark); incomplete (not ended, or questions left
    unanswered: never "failed", whatever its right answers so far)."""
    if result.passed:
        return PASSED
    if result.scored:
        return SCORED
    if not result.complete:
        return INCOMPLETE
    return FAILED


def try_words(result: ExamResult) -> str:
    """A try in words, by `verdict`: "passed 27/28", "passed 4/4 on its skills, not every one",
    "failed 20/28", "incomplete: 7 right, 9 of 28 answered" (out of its questions when they are
    known, else of its answers)."""
    total = result.planned if result.planned is not None else result.attempts
    said = {
        PASSED: _("passed {correct}/{total}"),
        SCORED: _("passed {correct}/{total} on its skills, not every one"),
        FAILED: _("failed {correct}/{total}"),
        INCOMPLETE: _("incomplete: {correct} right, {answered} of {total} answered"),
    }[verdict(result)]
    return said.format(correct=result.correct, total=total, answered=result.attempts)
