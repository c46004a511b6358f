"""Home: the curriculum. Every skill with its target time, the trainee's accuracy and median,
mastered or not, the weak items waiting, and the buttons that start a drill."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.practice.curriculum import CURRICULUM
from ui.style import esc

# Qt.AlignmentFlag.AlignCenter. Home is the first thing on screen, and merely importing Qt's
# enum namespace costs about 45 ms there: the later pages use it, home does without.
ALIGN_CENTER = 0x0084
TEXT_ALIGNMENT_ROLE = 7  # Qt.ItemDataRole.TextAlignmentRole

NOTICE = "#b07d12"
MUTED = "#808080"
HEADER = "font-size: x-large; font-weight: bold"

COLUMNS = ("Skill", "Target", "Attempts", "Accuracy", "Median", "Mastered", "Weak items")


class HomePage(QWidget):
    """Emits `start(skill_names, mode)`; "all" skills for the exam."""

    start = Signal(list, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Home's text is styled as rich text, not with fonts and style sheets: home is the first
        # thing on screen, and Qt's font class and style-sheet engine each cost it ~3 ms.
        self.header = QLabel()
        self.sub = QLabel()
        self.sub.setWordWrap(True)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.hide()

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for i in range(1, len(COLUMNS) - 1):
            hh.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.doubleClicked.connect(lambda _i: self._go("practice"))

        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for mode, text, key in (
            ("practice", "&Practice", "P"),
            ("challenge", "&Challenge 60 s", "C"),
            ("sprint", "&Sprint", "S"),
            ("exam", "&Exam (all skills)", "E"),
        ):
            b = QPushButton(f"{text}   [{key}]")
            b.setMinimumHeight(40)
            b.clicked.connect(lambda _=False, m=mode: self._go(m))
            row.addWidget(b)
            self.buttons[mode] = b
            QShortcut(QKeySequence(key), self, lambda m=mode: self._go(m))
        # a muted grey that reads on the light and the dark theme alike
        self.help = QLabel(
            f"<span style='color:{MUTED}'>Pick one skill or several (Ctrl/Shift-click), then a "
            "mode. Enter starts practice; Esc ends a drill.</span>"
        )
        self.help.setWordWrap(True)
        QShortcut(QKeySequence("Return"), self.table, lambda: self._go("practice"))

        lay = QVBoxLayout(self)
        lay.addWidget(self.header)
        lay.addWidget(self.sub)
        lay.addWidget(self.notice)
        lay.addWidget(self.table, 1)
        lay.addLayout(row)
        lay.addWidget(self.help)
        self._available: dict[str, str | None] = {}

    def set_notice(self, text: str | None) -> None:
        self.notice.setText(f"<span style='color:{NOTICE}'>{esc(text)}</span>" if text else "")
        self.notice.setVisible(bool(text))

    def refresh(
        self,
        profile: str,
        rules_text: str,
        stats: Mapping[str, object],
        weak: Mapping[str, Sequence[str]],
        unavailable: Mapping[str, str | None],
        *,
        loading: bool = False,
    ) -> None:
        """Show the curriculum; `stats` maps a skill to its trainer.history.stats.SkillStats."""
        self.header.setText(f"<span style='{HEADER}'>Sabot — {esc(profile)}</span>")
        mastered = sum(1 for s in stats.values() if getattr(s, "mastered", False))
        figures = (
            "reading your history…"
            if loading
            else (f"{mastered} of {len(CURRICULUM)} skills mastered")
        )
        self.sub.setText(f"House rules: <b>{rules_text}</b> · {figures}")
        self._available = dict(unavailable)
        selected = self.selected_skills()
        # columns sized once after the fill, not again for every one of the ~100 cells
        header = self.table.horizontalHeader()
        sized = range(len(COLUMNS) - 1)
        for c in sized:
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
        self.table.setRowCount(len(CURRICULUM))
        for r, skill in enumerate(CURRICULUM):
            name = skill.name
            st = stats.get(name)
            why = unavailable.get(name)
            attempts = getattr(st, "attempts", 0) if st is not None else 0
            acc = getattr(st, "accuracy", None) if st is not None else None
            med = getattr(st, "median_ms", None) if st is not None else None
            cells = [
                skill.title,
                f"{skill.target:.1f} s",
                "…" if loading else str(attempts),
                "—" if acc is None else f"{acc:.0%}",
                "—" if med is None else f"{med / 1000:.1f} s",
                "✓" if getattr(st, "mastered", False) else "",
                ", ".join(i.split(":", 1)[-1] for i in weak.get(name, ())[:4]),
            ]
            for c, text in enumerate(cells):
                if not text:  # an empty cell needs no item (nor one left from before)
                    if self.table.item(r, c) is not None:
                        self.table.takeItem(r, c)
                    continue
                item = QTableWidgetItem(text)
                if c == 0:
                    item.setToolTip(
                        skill.blurb + (f"\nNot under these rules: {why}" if why else "")
                    )
                if c in (1, 2, 3, 4, 5):
                    item.setData(TEXT_ALIGNMENT_ROLE, ALIGN_CENTER)
                if why:
                    item.setForeground(QColor("#888888"))
                if c == 4 and med is not None:
                    item.setForeground(
                        QColor("#2e9d4f" if med <= skill.target * 1000 else "#c8412f")
                    )
                self.table.setItem(r, c, item)
        for c in sized:
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        if selected:
            for r in range(self.table.rowCount()):
                if CURRICULUM[r].name in selected:
                    self.table.selectRow(r)
        elif self.table.rowCount():
            self.table.selectRow(0)

    def selected_skills(self) -> list[str]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        return [CURRICULUM[r].name for r in rows]

    def select(self, names: Sequence[str]) -> None:
        self.table.clearSelection()
        for r in range(self.table.rowCount()):
            if CURRICULUM[r].name in names:
                self.table.selectRow(r)

    def _go(self, mode: str) -> None:
        if mode == "exam":
            self.start.emit(["all"], mode)
            return
        names = [n for n in self.selected_skills() if not self._available.get(n)]
        if names:
            self.start.emit(names, mode)
