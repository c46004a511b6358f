"""An exam's try as the history reads it back: its answers, how many were right, the required
skills it asked nothing of, how long it took; whether it was complete, scored and passed. What the
progress view, the class view and the assigned exams all rank and show, apart from where each
reads it from.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from trainer.history.measures import ratio
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
