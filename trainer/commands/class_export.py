"""The class view's figures as CSV: the grid of trainees × skills, for a spreadsheet.

One line per trainee and skill — every figure of the cell in a column of its own — rather than
a trainee a line with a column per skill: a cell is several figures (answers, right answers,
median time, mastered), and a spreadsheet sorts, filters and pivots the long form back into the
grid, never the other way. A trainee who has not answered yet has a line per skill too, its
figures empty. Cells are written as `sabot export` writes them (`export.csv_line`): a login,
a profile or a title that starts like a formula is never run by the spreadsheet.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, TextIO

from trainer.commands.export import csv_line
from trainer.history.classview import ClassView, SkillCell
from trainer.practice.curriculum import skill_title

CLASS_FIELDS: Final = (
    "login",
    "skill",
    "skill_title",
    "answers",  # counted by the class view, up to two windows (60)
    "last_answers",  # the mastery window: the last 30, or fewer
    "right",  # right answers of the last ones
    "accuracy",  # right / last_answers
    "median_s",  # median time of the last ones, in seconds
    "target_s",
    "mastered",
    "ready",
    "last_activity",  # ISO 8601, UTC
)


def _figures(cell: SkillCell) -> tuple[object, ...]:
    accuracy = cell.recent_accuracy
    median = cell.recent_median_ms
    return (
        cell.attempts,
        cell.recent_attempts,
        cell.recent_correct if cell.recent_attempts else None,
        None if accuracy is None else f"{accuracy:.3f}",
        None if median is None else f"{median / 1000:.2f}",
        None if cell.target_s is None else f"{cell.target_s:g}",
        int(cell.mastered),
    )


def class_lines(view: ClassView) -> Iterator[str]:
    """The CSV's lines, its header first (`CLASS_FIELDS`), each with its line end."""
    yield csv_line(CLASS_FIELDS)
    for row in view.trainees:
        last = None if row.last_activity is None else row.last_activity.isoformat()
        for skill in view.skills:
            cell = row.cells[skill]
            yield csv_line(
                (row.login, skill, skill_title(skill), *_figures(cell), int(row.ready), last)
            )


def write_class_csv(view: ClassView, out: TextIO) -> int:
    """Write the class's grid to `out` (a text file opened with newline=""); the trainees
    written."""
    for line in class_lines(view):
        out.write(line)
    return len(view.trainees)


# The gradebook: one line per assigned exam and trainee it is for, the best try's figures.
GRADEBOOK_FIELDS: Final = (
    "exam_id",
    "exam",  # its title, or "exam 42" by its seed
    "opens",
    "closes",
    "withdrawn",  # 1: archived, its results kept
    "login",
    "tries",  # ended inside the exam's days
    "verdict",  # passed, scored (on its skills), failed, incomplete; empty: not taken
    "right",
    "answered",
    "questions",
    "started",  # the best try's start, ISO 8601, UTC
)


def gradebook_lines(view: ClassView) -> Iterator[str]:
    """The gradebook's CSV lines, its header first (`GRADEBOOK_FIELDS`), each with its line end:
    the same best tries and verdicts as the Gradebook tab (`exams.verdict`)."""
    from datetime import UTC, datetime

    from trainer.history.exams import verdict

    yield csv_line(GRADEBOOK_FIELDS)
    for a, results in view.assignments:
        head = (
            a.id,
            a.label,
            a.opens.isoformat(),
            a.closes.isoformat(),
            int(a.withdrawn is not None),
        )
        for r in results:
            best = r.best
            if best is None:
                yield csv_line((*head, r.login, r.tries, None, None, None, None, None))
                continue
            started = datetime.fromtimestamp(best.started, UTC).isoformat()
            yield csv_line(
                (
                    *head,
                    r.login,
                    r.tries,
                    verdict(best),
                    best.correct,
                    best.attempts,
                    best.planned,
                    started,
                )
            )


def write_gradebook_csv(view: ClassView, out: TextIO) -> int:
    """Write the gradebook to `out` (a text file opened with newline=""); the exams written."""
    for line in gradebook_lines(view):
        out.write(line)
    return len(view.assignments)
