"""The Sessions tab of the progress view: every session, newest first, a deal shoe named with
its boxes, rounds, pace and errors (`SessionsModel`, which sorts itself); a session opened shows
every answer in the table's words, and its missed items can be drilled again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QThreadPool,
    Signal,
)
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.history import progress_data as pd
from trainer.history.expected_words import expected_now
from trainer.history.store import Store
from trainer.i18n import format_number
from trainer.practice.skills import SKILLS, TARGETS
from ui.background import Job, run_in_background
from ui.i18n import N_, _, ngettext
from ui.progress.charts import (
    BAD,
    GOOD,
    MODE_NAMES,
    WARN,
    bold,
    ink,
    mode_words,
    pct,
    secs,
    table,
    when,
)
from ui.style import over, readable

SESSION_COLUMNS = (
    N_("Started"),
    N_("Mode"),
    N_("Skills"),
    N_("Questions"),
    N_("Right"),
    N_("Accuracy"),
    N_("Mean time"),
    N_("Ended"),
)


_Index = QModelIndex | QPersistentModelIndex


class SessionsModel(QAbstractTableModel):
    """The sessions list. It sorts itself (in Python, on the raw values): a proxy model would
    call `data()` a hundred thousand times to sort a long history."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.lines: list[pd.SessionLine] = []
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.DescendingOrder)

    def set_lines(self, lines: Sequence[pd.SessionLine]) -> None:
        self.beginResetModel()
        self.lines = list(lines)
        self._sorted()
        self.endResetModel()

    # Per column: the raw value (what sorts, and what tests read back).
    RAW: tuple[Callable[[pd.SessionLine], Any], ...] = (
        lambda line: line.started,
        lambda line: line.mode,
        lambda line: ",".join(line.skills),
        lambda line: line.attempts,
        lambda line: line.correct,
        lambda line: line.accuracy,
        lambda line: line.mean_ms,
        lambda line: -1.0 if line.ended is None else line.ended - line.started,
    )

    @classmethod
    def raw(cls, line: pd.SessionLine, column: int) -> Any:
        return cls.RAW[column](line)

    def _sorted(self) -> None:
        column, order = self._sort
        value = self.RAW[column]

        def key(line: pd.SessionLine) -> tuple[bool, Any, int]:
            raw = value(line)
            return (raw is not None, 0 if raw is None else raw, line.session_id)

        descending = order == Qt.SortOrder.DescendingOrder
        if column == 0:  # the usual order, and the longest list: a key at C speed
            self.lines.sort(key=attrgetter("started", "session_id"), reverse=descending)
        else:
            self.lines.sort(key=key, reverse=descending)

    def row_of(self, session_id: int) -> int | None:
        return next((i for i, x in enumerate(self.lines) if x.session_id == session_id), None)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._sorted()
        self.layoutChanged.emit()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(SESSION_COLUMNS)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(SESSION_COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        line = self.lines[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return when(line.started)
            if col == 1:
                return mode_words(line.mode)
            if col == 2:
                if line.is_shoe:
                    return line.shoe_text
                if len(line.skills) >= len(SKILLS):
                    return _("every skill")
                return ", ".join(pd.skill_title(s) for s in line.skills)
            if col == 3:
                return line.questions_text  # "6 of 28 · incomplete" for one ended early
            if col == 4:
                return format_number(line.correct)
            if col == 5:
                return pct(line.accuracy)
            if col == 6:
                return secs(line.mean_ms)
            if line.ended is None:
                return _("not ended")
            minutes = round(max(0, line.ended - line.started) / 60)
            return _("after {minutes} min").format(minutes=minutes)
        if col == 1 and line.mode == REVIEW_MODE:
            # a review session stands out: its answers are its own figures, no skill's
            if role == Qt.ItemDataRole.FontRole:
                return _bold()
            if role == Qt.ItemDataRole.ToolTipRole:
                return _(REVIEW_TIP)
        if role == Qt.ItemDataRole.ToolTipRole and col == 2:
            # whole, where the column is too narrow for it: a shoe's figures, one skill a line
            if line.is_shoe:
                return line.shoe_text
            return "\n".join(pd.skill_title(s) for s in line.skills)
        if role == Qt.ItemDataRole.UserRole:
            return self.raw(line, col)
        if role == Qt.ItemDataRole.UserRole + 1:
            return line.session_id
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 3:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col == 5 and line.accuracy is not None:
            return ink(GOOD) if line.accuracy >= 0.95 else None
        return None


REVIEW_MODE = "review"  # trainer.practice.drill.REVIEW
REVIEW_TIP = N_(
    "A review of the items due: its answers count toward no skill's mastery (the Skills tab "
    "gives the reviews' own figures)"
)
_BOLD: list[Any] = []


def _bold() -> Any:
    if not _BOLD:
        from PySide6.QtGui import QFont

        font = QFont()
        font.setBold(True)
        _BOLD.append(font)
    return _BOLD[0]


OPEN_A_SESSION = N_("Open a session (double-click or Enter) to see every answer.")
ATTEMPT_COLUMNS = (
    "#",
    N_("Skill"),
    N_("Item"),
    N_("Question"),
    N_("Answer"),
    N_("Right answer"),
    "",
    N_("Time"),
)


class SessionsTab(QWidget):
    """Every session, newest first; open one (double-click or Enter) to see its answers."""

    drillAgain = Signal(list)  # noqa: N815 - Qt's naming, as the main window connects it
    attemptsShown = Signal(int)  # noqa: N815 - the id of the session whose attempts are shown

    def __init__(self, store: Store, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.pool = pool
        self.model = SessionsModel(self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 8)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        widths = (190, 80, 0, 80, 60, 75, 80, 95)
        metrics = self.view.fontMetrics()
        # as wide as their header and, for the mode, its longest word, in the language shown
        longest_mode = max(metrics.horizontalAdvance(_(m)) for m in MODE_NAMES.values()) + 16
        for col, width in enumerate(widths):
            if width:
                if col == 1:
                    width = max(width, longest_mode)
                self.view.setColumnWidth(col, max(width, header.sectionSizeHint(col)))
        self.view.activated.connect(self._open_index)
        self.view.doubleClicked.connect(self._open_index)

        self.title = bold(QLabel(_(OPEN_A_SESSION)))
        self.title.setWordWrap(True)
        self.attempts = table([_(c) if c else c for c in ATTEMPT_COLUMNS], stretch=3)
        self.attempts.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.attempts.setWordWrap(False)
        self.again = QPushButton(_("Drill the missed ones again"))
        self.again.setEnabled(False)
        self.again.clicked.connect(self._drill_again)
        self.missed: list[tuple[str, str]] = []
        self.session_id: int | None = None
        self._opened: tuple[int, bool] | None = None  # its answers, and whether it had ended
        self._profile: str | None = None
        self._job: Job | None = None

        detail = QWidget()
        dl = QVBoxLayout(detail)
        dl.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.title, 1)
        row.addWidget(self.again)
        dl.addLayout(row)
        dl.addWidget(self.attempts, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.view)
        split.addWidget(detail)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

    def set_progress(self, progress: pd.Progress) -> None:
        same = progress.profile == self._profile
        self._profile = progress.profile
        if same and not progress.complete and self.model.lines:
            return  # read again: the list shown stays until the new one is in
        # The same sessions read again (the history moved): the list keeps its place.
        selected = self._selected_session()
        scroll = self.view.verticalScrollBar().value()
        self.model.set_lines(progress.sessions)
        self._fit_questions(progress.sessions)
        if selected is not None:
            row = self.model.row_of(selected)
            if row is not None:
                self.view.selectRow(row)
        self.view.verticalScrollBar().setValue(scroll)
        if not progress.complete:
            self.title.setText(
                _("Reading the {count} sessions…").format(
                    count=format_number(progress.session_count)
                )
            )
            return
        if self.session_id is None:
            self.title.setText(_(OPEN_A_SESSION))
            return
        line = next((x for x in progress.sessions if x.session_id == self.session_id), None)
        if line is None:
            self._clear()
        elif (line.attempts, line.ended is not None) != self._opened:
            self.open_session(self.session_id)  # the session open went on: its new answers

    def _fit_questions(self, lines: Sequence[pd.SessionLine]) -> None:
        """The questions column as wide as an exam ended early says it ("6 of 28 · incomplete",
        longer in French and Italian); the few such lines are measured, not every row."""
        metrics = self.view.fontMetrics()
        early = [
            metrics.horizontalAdvance(line.questions_text)
            for line in lines
            if line.planned is not None and line.attempts < line.planned
        ]
        if early and max(early) + 16 > self.view.columnWidth(3):
            self.view.setColumnWidth(3, max(early) + 16)

    def _selected_session(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.data(rows[0], Qt.ItemDataRole.UserRole + 1)

    def _clear(self) -> None:
        self.session_id = None
        self._opened = None
        self.missed = []
        self.attempts.setRowCount(0)
        self.again.setEnabled(False)
        self.again.setText(_("Drill the missed ones again"))
        self.title.setText(_(OPEN_A_SESSION))

    def _open_index(self, index: QModelIndex) -> None:
        self.open_session(self.model.data(index, Qt.ItemDataRole.UserRole + 1))

    def open_session(self, session_id: int) -> None:
        """Show every attempt of the session (read on a worker thread)."""
        if self._job is not None:
            self._job.cancel()
        store = self.store

        def work() -> tuple[Any, list[Any]]:
            from trainer.history.stats import session_stats

            with store.reader() as reader:
                return session_stats(reader, session_id), list(
                    reader.attempts(session_id=session_id)
                )

        self.title.setText(_("Reading the session…"))
        self._job = run_in_background(
            work,
            lambda result: self._show(session_id, *result),
            self._failed,
            pool=self.pool,
            owner=self,
        )

    def _failed(self, error: BaseException) -> None:
        self.title.setText(_("The session could not be read: {error}").format(error=error))

    def _show(self, session_id: int, stats: Any, attempts: list[Any]) -> None:
        self.session_id = session_id
        self._opened = (len(attempts), stats.ended is not None)
        o = stats.overall
        end = "" if stats.ended is not None else " · " + _("not ended")
        mode = mode_words(stats.mode)
        self.title.setText(
            f"{when(stats.started.timestamp())} · {mode}{end} — "
            + _("{right} right of {count} ({share}), median {median}, p90 {p90}").format(
                right=o.correct,
                count=o.attempts,
                share=pct(o.accuracy),
                median=secs(o.median_ms),
                p90=secs(o.p90_ms),
            )
        )
        table = self.attempts
        table.setRowCount(len(attempts))
        miss_bg = QColor(BAD)
        miss_bg.setAlpha(40)
        base = QApplication.palette().color(QPalette.ColorRole.Base)
        on_miss = over(miss_bg, base)  # what a missed row's text is drawn on
        for row, a in enumerate(attempts):
            target = TARGETS.get(a.skill)
            values = (
                str(row + 1),
                pd.skill_title(a.skill),
                # as the trainee reads it ("A + 5 (soft 16)"), never its key ("soft-16")
                pd.item_name(a.item if ":" in a.item else f"{a.skill}:{a.item}"),
                pd.describe_question(a.question, a.skill),
                a.answer,
                expected_now(a.skill, a.expected),  # in the words the question is said in
                "✓" if a.correct else "✗",
                secs(a.response_ms),
            )
            for col, text in enumerate(values):
                item = QTableWidgetItem(text)
                if col == 3:
                    item.setToolTip(str(a.question))
                if col == 6:
                    item.setForeground(
                        readable(GOOD if a.correct else BAD, base if a.correct else on_miss)
                    )
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col == 7:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                    if target is not None and a.response_ms > target * 1000:
                        item.setForeground(readable(WARN, base if a.correct else on_miss))
                if not a.correct:
                    item.setBackground(miss_bg)
                table.setItem(row, col, item)
        self.missed = pd.missed_items(attempts)
        n = len(self.missed)
        self.again.setEnabled(bool(n))
        self.again.setText(
            ngettext(
                "Drill the {count} missed item again", "Drill the {count} missed items again", n
            ).format(count=n)
            if n
            else _("Nothing missed in this session")
        )
        self.attemptsShown.emit(session_id)

    def _drill_again(self) -> None:
        if self.missed:
            self.drillAgain.emit(list(self.missed))
