"""The Readiness tab of the progress view: the verdict against the dealer-school bar (every
skill mastered and the exam passed), with what is still missing for each."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.history import progress_data as pd
from trainer.i18n import format_duration
from ui.i18n import _
from ui.language import mastery_figures
from ui.progress.charts import BAD, GOOD, WARN, bold, ink, pct, table, when


class ReadinessTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = bold(QLabel(), 1.6)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.table = table((_("Requirement"), "", _("What is still missing")), stretch=2)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.verdict)
        layout.addWidget(self.detail)
        layout.addWidget(self.table, 1)

    def set_progress(self, progress: pd.Progress, rules: str, who: str | None = None) -> None:
        """`who`: whom the figures are of (`progress_data.trainee_name`), else the profile."""
        r = progress.readiness
        who = progress.profile if who is None else who
        if r.ready:
            self.verdict.setText(_("✓ {profile} is ready for the table").format(profile=who))
            self.verdict.setStyleSheet(f"color: {ink(GOOD, QPalette.ColorRole.Window).name()};")
        else:
            self.verdict.setText(_("{profile} is not ready for the table yet").format(profile=who))
            self.verdict.setStyleSheet(f"color: {ink(WARN, QPalette.ColorRole.Window).name()};")
        exam = _("passed") if r.exam_passed else _("not passed yet")
        self.detail.setText(
            "<p>"
            + _(
                "The dealer-school bar: every skill mastered — at least {attempts} attempts and, "
                "over the last {window}, {share} right with a median within the target — and the "
                "exam passed: {exam_share} right with every skill asked."
            ).format(**mastery_figures())
            + "</p><p>"
            + _(
                "{mastered} skills mastered; exam {exam}. Skills required under the house rules "
                "{rules}."
            ).format(
                mastered="<b>"
                + _("{mastered} of {count}").format(mastered=r.mastered, count=len(r.skills))
                + "</b>",
                exam=f"<b>{exam}</b>",
                rules=rules,
            )
            + "</p>"
        )
        rows = len(r.skills) + 1
        self.table.setRowCount(rows)
        for row, gap in enumerate(r.skills):
            self._row(
                row,
                pd.skill_title(gap.skill),
                gap.mastered,
                _("mastered") if gap.mastered else "; ".join(gap.reasons),
            )
        e = r.exam
        if r.exam_passed and e is not None:
            passed = _("passed on {day}: {right} right of {count} ({share})")
            if e.duration_ms is not None:
                passed = _("passed on {day}: {right} right of {count} ({share}) in {time}")
            text = passed.format(
                day=when(e.started, False),
                right=e.correct,
                count=e.attempts,
                share=pct(e.accuracy),
                time=None if e.duration_ms is None else format_duration(e.duration_ms),
            )
        else:
            # the exam's sentence is the last of what is missing (`readiness`), "Exam: …" in
            # English, "Examen : …" in French: what follows its head
            text = r.missing[-1].split(": ", 1)[-1] if r.missing else ""
            if e is not None and e.duration_ms is not None:  # the best try, said above
                text = _("{text}; it took {time}").format(
                    text=text, time=format_duration(e.duration_ms)
                )
        self._row(rows - 1, _("Exam"), r.exam_passed, text)

    def _row(self, row: int, name: str, ok: bool, text: str) -> None:
        first = QTableWidgetItem(name)
        mark = QTableWidgetItem("✓" if ok else "✗")
        mark.setForeground(ink(GOOD if ok else BAD))
        mark.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        what = QTableWidgetItem(text)
        what.setToolTip(text)
        for col, item in enumerate((first, mark, what)):
            self.table.setItem(row, col, item)
