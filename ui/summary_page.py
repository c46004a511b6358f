"""The end of a drill: attempts, accuracy, median and slowest times against targets, personal
bests beaten, and the items to work on. Everything on it is already stored."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from trainer.history.progress_data import item_label, skill_title
from trainer.practice.drill import Summary
from trainer.practice.skills import SKILLS
from ui.style import emphasise, esc


def _pace(ms: float | None, target_ms: float) -> str:
    """Green when the median is on target, red when it is not."""
    return "#2e9d4f" if (ms or 0) <= target_ms else "#c8412f"


def _s(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f} s"


class SummaryPage(QWidget):
    again = Signal()
    home = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        emphasise(self.title, 1.6, bold=True)
        self.body = QLabel()
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        emphasise(self.body, 1.15)
        again = QPushButton("Again  (Enter)")
        again.clicked.connect(self.again.emit)
        home = QPushButton("Home  (Esc)")
        home.clicked.connect(self.home.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Return), self, self.again.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Enter), self, self.again.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.home.emit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(home)
        row.addWidget(again)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(32, 24, 32, 24)
        lay.addWidget(self.title)
        lay.addWidget(self.body, 1)
        lay.addLayout(row)

    def show_summary(
        self, s: Summary, bests: Sequence[str] = (), history_trouble: str | None = None
    ) -> None:
        """`history_trouble`: why some answers are not saved yet (the store's), said instead of
        "Every answer is already saved"."""
        titles = {
            "practice": "Practice over",
            "challenge": "Time!",
            "sprint": "Sprint done",
            "exam": "Exam over",
        }
        self.title.setText(titles.get(s.mode, "Done"))
        if not s.attempts:
            self.body.setText("No question was answered: nothing to sum up.")
            return
        acc = s.correct / s.attempts
        parts = [
            f"<p><b>{s.correct}</b> right out of <b>{s.attempts}</b> — <b>{acc:.0%}</b>"
            f" · median {_s(s.median_ms)} · {s.elapsed_ms / 1000:.0f} s in all</p>"
        ]
        if s.passed is not None:
            colour = "#2e9d4f" if s.passed else "#c8412f"
            verdict = "PASSED" if s.passed else "not passed"
            parts.append(
                f"<p style='color:{colour}'><b>Exam {verdict}</b> (pass mark 90 %, seed {s.seed}: "
                "an instructor can set the same exam with this seed)</p>"
            )
        rows = "".join(
            f"<tr><td>{SKILLS[x.skill].title}</td><td align=right>{x.correct}/{x.attempts}</td>"
            f"<td align=right style='color:{_pace(x.median_ms, x.target_ms)}'>"
            f"{_s(x.median_ms)}</td><td align=right>{_s(x.target_ms)}</td></tr>"
            for x in s.by_skill
        )
        parts.append(
            "<table cellspacing=0 cellpadding=4><tr><th align=left>skill</th><th>right</th>"
            f"<th>median</th><th>target</th></tr>{rows}</table>"
        )
        if s.slowest is not None:
            q = s.slowest.question
            parts.append(
                f"<p>Slowest: {_s(s.slowest.response_ms)} on {item_text(q.item)}, "
                f"target {SKILLS[q.skill].target:.1f} s</p>"
            )
        if bests:
            parts.append(
                "<p style='color:#2e9d4f'><b>Personal best!</b> " + "; ".join(bests) + "</p>"
            )
        if s.to_work_on:
            items = ", ".join(item_text(i) for i in s.to_work_on[:8])
            more = f" and {len(s.to_work_on) - 8} more" if len(s.to_work_on) > 8 else ""
            parts.append(f"<p>To work on: {items}{more}</p>")
        if history_trouble:
            parts.append(f"<p><small>{esc(history_trouble)}</small></p>")
        else:
            parts.append("<p><small>Every answer is already saved.</small></p>")
        self.body.setText("".join(parts))


def item_text(key: str) -> str:
    """An item as the trainee reads it: "procedure:insurance" -> "What next? (insurance)"."""
    title = skill_title(key.partition(":")[0])
    detail = item_label(key) if ":" in key else ""
    return esc(f"{title} ({detail})" if detail else title)
