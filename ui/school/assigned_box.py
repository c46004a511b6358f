"""Assigned exams, the trainee's side: the box on home listing the exams an instructor assigned on
the school's server — an open one with its Start button (the exam of the assignment's skills, seed,
rules and time limit), an upcoming one with its first day, a taken one with its best try; a closed
one is gone after its last day.

The figures (tries and best try of each) are read from the trainee's history on a worker thread
(`assigned_figures`), as home's other figures. Imported once the store has assignments: never
for home's first paint."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from trainer.history.assignments import CLOSED, OPEN, Assignment, describe_limit, rank
from trainer.i18n import format_date
from ui.i18n import N_, _, ngettext
from ui.style import esc

HEADER = "font-size: large; font-weight: bold"
MUTED = "#808080"

# trainer.history.assignments: house practice, chosen, not a rule of the table
HOUSE_PRACTICE = N_(
    "House practice: a trainee may take the exam again while it is open, and the best try "
    "counts; an exam started after the last day does not count."
)


def questions(a: Assignment) -> int:
    """How many questions the assigned exam asks (as `Drill` will make it)."""
    from trainer.game.rules import HouseRules
    from trainer.practice.drill import exam_outline
    from trainer.practice.skills import SKILLS

    rules = HouseRules.preset_named(a.preset)
    return exam_outline(rules, [SKILLS[n] for n in a.skills if n in SKILLS])[0]


@dataclass(frozen=True)
class AssignedRow:
    """One assignment as home shows it: its tries inside the window and the best of them."""

    assignment: Assignment
    tries: int
    best: Any  # trainer.history.progress_data.ExamResult, or None: not taken


def assigned_figures(
    reader: Any, profile: str, assignments: Sequence[Assignment], today: date
) -> list[AssignedRow]:
    """Every assignment still to come or open on `today`, with the profile's tries at it: its
    ended exam sessions taken for it and started inside its window (house practice: retakes are
    allowed while it is open, the best counts — `trainer.history.assignments.rank`). Runs on a
    worker thread; closes `reader`."""
    from trainer.history.progress_data import read_exams

    try:
        # the open ones first (the newest first), then those to come, the nearest first
        shown = sorted(
            (a for a in assignments if a.state(today) != CLOSED),
            key=lambda a: (a.state(today) != OPEN, date.min if a.state(today) == OPEN else a.opens),
        )
        if not shown:
            return []
        try:
            sessions = reader.sessions(profile)
        except ValueError:  # a profile with no history yet
            sessions = []
        rows = []
        for a in shown:
            tried = {
                s.id
                for s in sessions
                if s.assignment == a.id
                and s.mode == "exam"
                and s.ended is not None
                and a.opens <= s.started.astimezone().date() <= a.closes
            }
            best = None
            if tried:
                exams = [e for e in read_exams(reader, profile, a.skills) if e.session_id in tried]
                best = max(exams, key=rank, default=None)
            rows.append(AssignedRow(a, len(tried), best))
        return rows
    finally:
        reader.close()


def best_text(row: AssignedRow) -> str:
    best = row.best
    if best is None:
        return ""
    planned = best.planned if best.planned is not None else best.attempts
    verdict = _("passed") if best.passed else _("failed") if best.complete else _("incomplete")
    tries = ngettext("{count} try", "{count} tries", row.tries).format(count=row.tries)
    return _("best: {verdict} {correct}/{planned} ({tries})").format(
        verdict=verdict, correct=best.correct, planned=planned, tries=tries
    )


class AssignedBox(QFrame):
    """The exams assigned to the trainee, on home. `start(Assignment)` when a Start is clicked."""

    def __init__(self, start: Callable[[Assignment], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assigned")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._start = start
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        self.grid.setVerticalSpacing(6)
        lay = QVBoxLayout(self)
        lay.addWidget(self.title)
        lay.addLayout(self.grid)
        self.rows: list[AssignedRow] = []
        self.starts: dict[int, QPushButton] = {}  # an open assignment's id: its Start button
        self._today = date.today()

    def show_rows(self, rows: Sequence[AssignedRow], today: date) -> None:
        self.rows, self._today = list(rows), today
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.starts = {}
        self.title.setText(
            f"<span style='{HEADER}'>{esc(_('Exams assigned to you'))}</span>"
            f"&nbsp;&nbsp;<span style='color:{MUTED}'>{esc(_(HOUSE_PRACTICE))}</span>"
        )
        for r, row in enumerate(self.rows):
            a = row.assignment
            count = questions(a)
            size = ngettext(
                "{count} question in {time}", "{count} questions in {time}", count
            ).format(count=count, time=describe_limit(a.time_limit_s))
            if a.state(today) == OPEN:
                when = _("open until {day}").format(day=format_date(a.closes, short=True))
            else:
                when = _("opens on {day}").format(day=format_date(a.opens, short=True))
            best = best_text(row)
            text = f"<b>{esc(a.label)}</b> — {esc(size)} — {esc(when)}" + (
                f"<br><span style='color:{MUTED}'>{esc(best)}</span>" if best else ""
            )
            label = QLabel(text)
            label.setWordWrap(True)
            label.setToolTip(
                _("{skills}\nseed {seed} · rules {preset}").format(
                    skills=", ".join(a.skills), seed=a.seed, preset=a.preset
                )
            )
            self.grid.addWidget(label, r, 0)
            if a.state(today) == OPEN:
                button = QPushButton(_("Start") if not row.tries else _("Take it again"))
                button.setMinimumHeight(28)
                button.clicked.connect(lambda _=False, a=a: self._start(a))
                self.grid.addWidget(button, r, 1)
                self.starts[a.id] = button
        self.setVisible(bool(self.rows))

    def retranslate(self) -> None:
        self.show_rows(self.rows, self._today)
