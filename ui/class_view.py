"""The instructor's class view: every trainee × every skill of a school's server as a readiness
heat map, ready or not, last activity, exam results by seed and who needs attention (the figures
of `trainer.history.classview`, read on a worker thread); a double click on a trainee opens the
progress view on that trainee's history, read through the instructor's login."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.history.classview import ClassView, SkillCell, TraineeRow
from trainer.i18n import format_date
from ui.background import Job, run_in_background
from ui.i18n import _
from ui.language import format_percent
from ui.style import readable

MASTERED = QColor("#2e7d32")  # the heat map: mastered, then by accuracy over the last 30
NEVER = QColor("#e0e0e0")
LOW, HIGH = QColor("#c62828"), QColor("#f9a825")  # 50 % and under, and just under mastery


def cell_colour(cell: SkillCell) -> QColor:
    """A cell's colour: green mastered, grey never practised, else red (half right or less)
    to amber (all but mastered), by accuracy over the window."""
    if cell.mastered:
        return MASTERED
    accuracy = cell.recent_accuracy
    if accuracy is None:
        return NEVER
    t = min(1.0, max(0.0, (accuracy - 0.5) / 0.5))
    return QColor.fromRgbF(
        LOW.redF() + t * (HIGH.redF() - LOW.redF()),
        LOW.greenF() + t * (HIGH.greenF() - LOW.greenF()),
        LOW.blueF() + t * (HIGH.blueF() - LOW.blueF()),
    )


def cell_text(cell: SkillCell) -> str:
    if cell.mastered:
        return "✓"
    if cell.recent_accuracy is None:
        return "–"
    return format_percent(cell.recent_accuracy)


class ClassWindow(QWidget):
    """The class view of the server `url` names (an instructor's login)."""

    loaded = Signal()
    opened = Signal(str)  # a trainee's progress view is open (their login)

    def __init__(
        self,
        url: str,
        targets: Mapping[str, float],
        settings: Any,
        parent: QWidget | None = None,
        *,
        read: Callable[[], ClassView] | None = None,
    ) -> None:
        super().__init__(parent)
        self.url, self.targets, self.settings = url, dict(targets), settings
        self._read = read
        self.view: ClassView | None = None
        self._job: Job | None = None
        self._progress: dict[str, QWidget] = {}
        self._reading: set[str] = set()
        self._copies = Path(tempfile.mkdtemp(prefix="sabot-class-"))
        self.setWindowTitle(_("Sabot — Class"))
        self.resize(1100, 700)
        self.status = QLabel()
        self.reload_button = QPushButton(_("&Read again"))
        self.reload_button.clicked.connect(self.reload)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.cellActivated.connect(self._activated)
        self.attention = QLabel()
        self.attention.setWordWrap(True)
        self.attention.setTextFormat(Qt.TextFormat.RichText)
        self.exams = QLabel()
        self.exams.setWordWrap(True)
        hint = QLabel(
            _(
                "✓ mastered; otherwise right answers over the last 30; – never practised. "
                "Double-click a trainee for their progress."
            )
        )
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.exams)
        layout.addWidget(self.attention)
        layout.addWidget(self.status)
        layout.addWidget(self.reload_button, 0, Qt.AlignmentFlag.AlignRight)
        self.reload()

    def reload(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self.status.setText(_("Reading the class on the school's server…"))
        url, targets = self.url, self.targets

        def work() -> ClassView:
            if self._read is not None:
                return self._read()
            from trainer.history.classview import class_view

            return class_view(url, targets, now=time.time())

        self._job = run_in_background(work, self._show, self._failed, owner=self)

    def _failed(self, error: BaseException) -> None:
        self._reading.clear()
        self.status.setText(_("The class cannot be read: {error}").format(error=error))

    def _show(self, view: ClassView) -> None:
        self.view = view
        skills = list(view.skills)
        heads = [_("Trainee"), *skills, _("Ready"), _("Last activity")]
        t = self.table
        t.clear()
        t.setColumnCount(len(heads))
        t.setRowCount(len(view.trainees))
        t.setHorizontalHeaderLabels(heads)
        for r, row in enumerate(view.trainees):
            t.setItem(r, 0, QTableWidgetItem(row.login))
            for c, skill in enumerate(skills, start=1):
                cell = row.cells[skill]
                item = QTableWidgetItem(cell_text(cell))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                colour = cell_colour(cell)
                item.setBackground(colour)
                white, black = QColor("white"), QColor("black")
                item.setForeground(readable(white if colour.lightnessF() < 0.6 else black, colour))
                item.setToolTip(_cell_tip(row, cell))
                t.setItem(r, c, item)
            t.setItem(r, len(skills) + 1, QTableWidgetItem(_("yes") if row.ready else _("no")))
            when = _("never")
            if row.last_activity is not None:
                local = row.last_activity.astimezone()
                when = f"{format_date(local.date(), short=True)} {local:%H:%M}"
            t.setItem(r, len(skills) + 2, QTableWidgetItem(when))
        header = t.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.exams.setText(_exam_text(view))
        needing = view.attention
        if needing:
            lines = "".join(
                f"<li><b>{row.login}</b>: {'; '.join(row.attention)}</li>" for row in needing
            )
            self.attention.setText(f"<b>{_('Needs attention')}</b><ul>{lines}</ul>")
        else:
            self.attention.setText(_("Nobody needs attention."))
        self.status.setText(
            _("{n} trainees, read at {time}.").format(
                n=len(view.trainees), time=time.strftime("%H:%M")
            )
        )
        self.loaded.emit()

    def _activated(self, row: int, _column: int) -> None:
        if self.view is None or not 0 <= row < len(self.view.trainees):
            return
        self.open_trainee(self.view.trainees[row].login)

    def open_trainee(self, login: str) -> None:
        """The progress view on `login`'s history, copied from the server on a worker thread."""
        shown = self._progress.get(login)
        if shown is not None:
            shown.show()
            shown.raise_()
            return
        if login in self._reading:  # asked again while it is read
            return
        self._reading.add(login)
        self.status.setText(_("Reading the history of {login}…").format(login=login))
        url, path = self.url, self._copies / f"{login}.sqlite3"
        path.unlink(missing_ok=True)

        def work() -> Any:
            from trainer.history.classview import trainee_history

            trainee_history(url, login, path).close()  # a store is its thread's: reopened
            return path

        def done(made: Path) -> None:
            from trainer.history.store import Store
            from ui.progress import ProgressWindow

            store = Store.open(made)

            self._reading.discard(login)
            window = ProgressWindow(store, self.settings, parent=self)
            window.setWindowFlag(Qt.WindowType.Window, True)
            window.setWindowTitle(_("Sabot — Progress of {login}").format(login=login))
            window.destroyed.connect(store.close)
            names = [p.name for p in store.profiles()]
            if names:  # the trainee's own profile, not this PC's
                window.set_profile(names[0])
            self._progress[login] = window
            window.show()
            self.status.setText("")
            self.opened.emit(login)

        run_in_background(work, done, self._failed, owner=self)

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        for window in self._progress.values():
            window.close()
        super().closeEvent(event)


def _cell_tip(row: TraineeRow, cell: SkillCell) -> str:
    if not cell.recent_attempts:
        return _("{login}, {skill}: never practised").format(login=row.login, skill=cell.skill)
    median = (
        "" if cell.recent_median_ms is None else f", median {cell.recent_median_ms / 1000:.2f} s"
    )
    return (
        f"{row.login}, {cell.skill}: {cell.recent_correct}/{cell.recent_attempts} "
        f"over the last {cell.recent_attempts}{median}"
        + (f" (target {cell.target_s:g} s)" if cell.target_s is not None else "")
    )


def _exam_text(view: ClassView) -> str:
    if not view.seeds:
        return _("No exam taken yet.")
    lines = []
    for seed in view.seeds:
        marks = []
        for row in view.trainees:
            e = row.best_by_seed().get(seed)
            if e is not None:
                verdict = _("passed") if e.passed else _("failed")
                marks.append(f"{row.login} {e.correct}/{e.attempts} {verdict}")
        name = _("no seed") if seed is None else _("seed {seed}").format(seed=seed)
        lines.append(f"{_('Exam')} {name}: " + ", ".join(marks))
    return "\n".join(lines)
