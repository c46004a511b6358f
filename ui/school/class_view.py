"""The instructor's class view: who is ready, who has not practised this week, how the class did
and who needs attention and why, first; under them every trainee × every skill of a school's server
as a readiness heat map (`ui.school.class_grid`: ready or not and what is missing, last activity,
the class's figure heading each skill, sorted by a click on a head), then the exam results by
seed (the figures of `trainer.history.classview`, read on a worker thread). A double click on a
trainee, or a click on their name among those who need attention, opens the progress view on that
trainee's history, read through the instructor's login."""

from __future__ import annotations

import itertools
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from trainer.history.classview import ClassView, TraineeRow, attention, throw_away
from trainer.os_reasons import os_reason
from ui.background import Job, run_in_background
from ui.i18n import _, ngettext
from ui.school.class_grid import (
    ACTIVITY,
    READY,
    SkillHeader,
    activity_text,
    activity_tip,
    attention_html,
    average_text,
    average_tip,
    cell_colour,
    cell_text,
    cell_tip,
    link_login,
    ordered,
    overview,
    ready_text,
    ready_tip,
    skill_head,
)
from ui.style import readable


class ClassWindow(QWidget):
    """The class view of the server `url` names (an instructor's login)."""

    loaded = Signal()
    opened = Signal(str)  # a trainee's progress view is open (their login)
    reportsWritten = Signal(object)  # noqa: N815 - the reports are written (class_reports.Written)

    def __init__(
        self,
        url: str,
        targets: Mapping[str, float],
        settings: Any,
        parent: QWidget | None = None,
        *,
        read: Callable[[], ClassView] | None = None,
        writes: Any = None,
        answers: Callable[[int], Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.url, self.targets, self.settings = url, dict(targets), settings
        self._read = read
        # a try's answers (`gradebook.try_answers`), and the gradebook's reading: the server's,
        # unless given (the tests: the results alone, without a server)
        self._answers = answers
        self._tries: list[Any] = []  # the try windows open
        self.view: ClassView | None = None
        self._job: Job | None = None
        self._progress: dict[str, Any] = {}  # the trainees' progress views, by login
        self._reading: set[str] = set()
        # the trainees' histories copied for their progress views: each thrown away with its
        # window, the folder with the last of them
        self._copies: Path | None = None
        self._numbers = itertools.count(1)
        # set once the window is deleted (the app quitting): a copy made after is thrown away
        self._gone = threading.Event()
        self.destroyed.connect(self._gone.set)
        self.resize(1100, 700)
        self.status = QLabel()
        self.reload_button = QPushButton()
        self.reload_button.clicked.connect(self.reload)
        # reports for the class (ui.school.class_reports): PDFs by login, the grid as CSV
        self.reports_button = QToolButton()
        self.reports_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        reports = QMenu(self.reports_button)
        self._report_one = reports.addAction("", self._ask_report_selected)
        self._report_all = reports.addAction("", self._ask_reports_class)
        reports.addSeparator()
        self._grid_csv = reports.addAction("", self._ask_grid)
        self._gradebook_csv = reports.addAction("", self._ask_gradebook)
        self.reports_button.setMenu(reports)
        self.reports_button.setEnabled(False)  # until the class is read
        self._reports: Any = None  # the reports being written (class_reports.ClassReports)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.cellActivated.connect(self._activated)
        # the trainees' logins are the rows' headers: they stay in sight as the skills scroll
        header = SkillHeader(self.table)
        header.sectionClicked.connect(self._sort_by)
        self.table.setHorizontalHeader(header)
        self.table.setWordWrap(False)
        rows = self.table.verticalHeader()
        rows.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        rows.sectionDoubleClicked.connect(lambda r: self._activated(r, -1))
        self.sort: tuple[str | None, bool] = (None, False)  # the column sorted by, descending
        self.shown: tuple[TraineeRow, ...] = ()  # the trainees in the table's order
        # first, the four answers: who is ready, who has not practised, how the class did, who
        # needs attention and why — above the map, in sight at 1024×600 whatever the class
        self.overview = QLabel()
        self.overview.setWordWrap(True)
        self.overview.setTextFormat(Qt.TextFormat.RichText)
        self.attention = QLabel()
        self.attention.setWordWrap(True)
        self.attention.setTextFormat(Qt.TextFormat.RichText)
        self.attention.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.attention.linkActivated.connect(lambda link: link_login(link, self.open_trainee))
        self.needs = QScrollArea()
        self.needs.setWidget(self.attention)
        self.needs.setWidgetResizable(True)
        self.needs.setFrameShape(QFrame.Shape.NoFrame)
        self.exams = QLabel()
        self.exams.setWordWrap(True)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        # the exams by seed and how to read a cell under the map, scrolled within what it
        # leaves: a class of 40 may have many, and the map keeps the room
        notes = QWidget()
        notes_layout = QVBoxLayout(notes)
        notes_layout.setContentsMargins(0, 0, 0, 0)
        notes_layout.addWidget(self.exams)
        notes_layout.addWidget(self.hint)
        notes_layout.addStretch(1)
        self.notes = QScrollArea()
        self.notes.setWidget(notes)
        self.notes.setWidgetResizable(True)
        self.notes.setFrameShape(QFrame.Shape.NoFrame)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.needs)
        self.split.addWidget(self.table)
        self.split.addWidget(self.notes)
        self.split.setStretchFactor(0, 2)
        self.split.setStretchFactor(1, 5)
        self.split.setStretchFactor(2, 1)
        self.split.setChildrenCollapsible(False)
        # who needs attention four lines at least, the exams two: below a scroll area's own
        # minimum, which would squeeze the line above the map on a 600-pixel screen
        line = self.fontMetrics().lineSpacing()
        self.needs.setMinimumHeight(4 * line + 4)
        self.notes.setMinimumHeight(2 * line + 4)
        self._panes_moved = False  # once the instructor moves them, the panes stay so
        self.split.splitterMoved.connect(lambda *_: setattr(self, "_panes_moved", True))
        heat = QWidget()
        layout = QVBoxLayout(heat)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.overview)
        layout.addWidget(self.split, 1)
        # the exams assigned to the class (ui.school.assignments), in a tab of their own
        from ui.school.assignments import AssignedExams, ServerWrites

        self.assigned = AssignedExams(writes or ServerWrites(url))
        self.assigned.changed.connect(self.reload)
        self.assigned.open_try.connect(self.open_try)
        # the assigned exams' gradebook and debrief (ui.school.gradebook)
        from ui.school.gradebook import GradebookTab

        self.gradebook = GradebookTab()
        self.gradebook.open_try.connect(self.open_try)
        self.tabs = QTabWidget()
        self.tabs.addTab(heat, "")
        self.tabs.addTab(self.assigned, "")
        self.tabs.addTab(self.gradebook, "")
        outer = QVBoxLayout(self)
        outer.addWidget(self.tabs, 1)
        # the reports, the status and the button on one line: the map keeps the height
        foot = QHBoxLayout()
        foot.addWidget(self.reports_button)
        foot.addWidget(self.status, 1)
        foot.addWidget(self.reload_button, 0, Qt.AlignmentFlag.AlignRight)
        outer.addLayout(foot)
        self._texts()
        self.reload()

    def _texts(self) -> None:
        """The window's own words, in the language of the moment."""
        self.setWindowTitle(_("Sabot — Class"))
        self.reload_button.setText(_("&Read again"))
        self.reports_button.setText(_("Re&ports"))
        self._report_one.setText(_("Report of the selected trainee (PDF)…"))
        self._report_all.setText(_("Reports of the whole class (a PDF each)…"))
        self._grid_csv.setText(_("The grid as CSV…"))
        self._gradebook_csv.setText(_("The gradebook as CSV…"))
        self.hint.setText(
            _(
                "Each cell: ✓ mastered, or right answers over the last 30, over how many answers "
                "it stands on; slow: median over the target; too few: under 30 answers; "
                "– never practised. Click a column's head to sort; double-click a trainee for "
                "their progress."
            )
        )
        self.tabs.setTabText(0, _("&Class"))
        self.tabs.setTabText(1, _("Assigned &exams"))
        self.tabs.setTabText(2, _("&Gradebook"))

    def retranslate(self) -> None:
        """Every text again in the language of the moment, the class as it was read: who needs
        attention and why made again from the figures (`classview.attention`, at the moment
        the class was read), the exams' verdicts too, without reading the server again."""
        self._texts()
        self.assigned.retranslate()
        self.gradebook.retranslate()
        for window in self._tries:
            window.retranslate()
        for login, window in list(self._progress.items()):
            if window.isVisible():  # a closed one is on its way out
                self._progress_again(login)
        view = self.view
        if view is None:
            if self._job is not None and not self._job.done:
                self.status.setText(_("Reading the class on the school's server…"))
            return
        self._show(
            replace(view, trainees=tuple(_reasons_again(r, view) for r in view.trainees)),
            read=False,
        )

    def showEvent(self, event: Any) -> None:  # noqa: N802
        # within the screen it opens on: a 1024×600 one is smaller than the size asked
        screen = self.screen()
        if screen is not None:
            room = screen.availableGeometry()
            if self.width() > room.width() or self.height() > room.height():
                self.resize(min(self.width(), room.width()), min(self.height(), room.height()))
        super().showEvent(event)

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

    def _show(self, view: ClassView, read: bool = True) -> None:
        self.view = view
        self.reports_button.setEnabled(True)
        self._fill()
        self.exams.setText(_exam_text(view))
        self.assigned.show_assignments(view.assignments)
        self.overview.setText(overview(view))
        self._fit_overview()
        if read:
            self._read_gradebook(view)
        self.status.setText(
            _("{n} trainees, read at {time}.").format(
                n=len(view.trainees), time=time.strftime("%H:%M", time.localtime(view.now))
            )
        )
        if read:
            self._read_progress_again()
            self.loaded.emit()

    def _read_gradebook(self, view: ClassView) -> None:
        """The gradebook of the exams just read: their best tries' answers read on the server
        on a worker thread (the results alone when the class was not read from a server)."""
        from trainer.history.gradebook import read_gradebook

        logins = [t.login for t in view.trainees]
        if self._read is not None or not view.assignments:
            self.gradebook.show_gradebook(read_gradebook(None, view.assignments, logins))
            return
        url = self.url

        def work() -> Any:
            from trainer.history.server_setup import _connect

            with _connect(url) as conn:
                return read_gradebook(conn, view.assignments, logins)

        run_in_background(work, self.gradebook.show_gradebook, self._failed, owner=self)

    def open_try(self, login: str, session: int) -> Any:
        """A try's answers in a window of its own, read on the server on a worker thread."""
        from ui.school.gradebook import TryWindow

        heading = ""
        for a, results in self.view.assignments if self.view else ():
            if any(r.best is not None and r.best.session_id == session for r in results):
                heading = a.label
        url, answers = self.url, self._answers

        def read() -> Any:
            if answers is not None:
                return answers(session)
            from trainer.history.gradebook import try_answers

            return try_answers(url, session)

        window = TryWindow(login, heading, read, self)
        self._tries.append(window)
        tries = self._tries
        window.destroyed.connect(lambda *_: window in tries and tries.remove(window))
        window.show()
        return window

    def columns(self) -> list[str]:
        """What each column of the map holds: Ready, Last activity, then the skills."""
        return [READY, ACTIVITY, *(self.view.skills if self.view is not None else ())]

    def _fill(self) -> None:
        """The map and who needs attention, the trainees in the order sorted by."""
        view = self.view
        assert view is not None
        column, descending = self.sort
        self.shown = ordered(view, column, descending)
        required = view.needed
        columns = self.columns()
        t = self.table
        t.clear()
        t.setColumnCount(len(columns))
        t.setRowCount(len(self.shown))
        header = t.horizontalHeader()
        assert isinstance(header, SkillHeader)
        header.upright = set(range(2, len(columns)))
        ready = QTableWidgetItem(_("Ready"))
        ready.setToolTip(_("Ready: every skill mastered and an exam passed"))
        t.setHorizontalHeaderItem(0, ready)
        t.setHorizontalHeaderItem(1, QTableWidgetItem(_("Last activity")))
        header.figures = {0: f"{len(view.ready)}/{len(view.trainees)}"}
        for c, skill in enumerate(view.skills, start=2):
            head = skill_head(skill)
            average = view.average(skill)
            head.setToolTip(
                head.toolTip() + "<br><br>"
                + average_tip(skill, average, len(view.trainees)).replace("\n", "<br>")
            )  # fmt: skip
            t.setHorizontalHeaderItem(c, head)
            header.figures[c] = average_text(average)
        white, black = QColor("white"), QColor("black")
        small = QFont(t.font())  # a cell's two lines a little smaller: fourteen skills in 1024
        small.setPointSizeF(t.font().pointSizeF() * 0.9)
        for r, row in enumerate(self.shown):
            login = QTableWidgetItem(row.login)
            login.setToolTip(_("Double-click for the progress of {login}").format(login=row.login))
            t.setVerticalHeaderItem(r, login)
            item = QTableWidgetItem(ready_text(row, required))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            item.setToolTip(ready_tip(row, required))
            t.setItem(r, 0, item)
            item = QTableWidgetItem(activity_text(row, view.now))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            item.setToolTip(activity_tip(row))
            t.setItem(r, 1, item)
            for c, skill in enumerate(view.skills, start=2):
                cell = row.cells[skill]
                item = QTableWidgetItem(cell_text(cell))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setFont(small)
                colour = cell_colour(cell)
                item.setBackground(colour)
                item.setForeground(readable(white if colour.lightnessF() < 0.6 else black, colour))
                item.setToolTip(cell_tip(row, cell))
                t.setItem(r, c, item)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        if column is None:
            header.setSortIndicatorShown(False)
        else:
            header.setSortIndicatorShown(True)
            header.setSortIndicator(
                columns.index(column),
                Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder,
            )
        header.updateGeometry()
        # who needs attention: the most in need first, or in the map's order once sorted
        self.attention.setText(
            attention_html(view, view.most_urgent if column is None else self.shown)
        )
        self.size_panes()

    def size_panes(self) -> None:
        """The panes' heights: who needs attention as tall as it needs, up to a quarter of the
        room and whatever leaves the map its heads and five trainees, four lines at least; the
        exams under it three lines at most (two where the room is short); the map the rest.
        Once the instructor moves them, as left."""
        if self._panes_moved or self.view is None:
            return
        line = self.fontMetrics().lineSpacing()
        total = self.split.height() - 2 * self.split.handleWidth()
        rows = sum(self.table.rowHeight(r) for r in range(min(5, self.table.rowCount())))
        table = self.table.horizontalHeader().sizeHint().height() + rows
        table += 2 * self.table.frameWidth() + 4
        if self.table.horizontalScrollBar().maximum() > 0:  # the skills scroll: its bar too
            table += self.table.horizontalScrollBar().sizeHint().height()
        width = self.needs.viewport().width() or self.split.width()
        wanted = self.attention.heightForWidth(width) + 4
        # the exams: three lines, two where the room is short
        lines = 3 if total - table - 4 * line >= 3 * line + 4 else 2
        below = max(
            self.notes.minimumHeight(),
            min(self.notes.widget().sizeHint().height(), lines * line + 4),
        )
        top = min(wanted, max(4 * line, min(int(0.25 * total), total - table - below)))
        self.split.setSizes([top, max(0, total - top - below), below])

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_overview()
        self.size_panes()

    def _fit_overview(self) -> None:
        """The line above the map as tall as its words at its width (two lines in French at
        1024 pixels): never squeezed under the panes."""
        width = self.overview.width()
        if width > 1:
            self.overview.setMinimumHeight(max(0, self.overview.heightForWidth(width)))

    def _sort_by(self, index: int) -> None:
        """A click on a column's head: those who most need looking at first, a second click the
        other way round, a third back to the logins' order."""
        columns = self.columns()
        if self.view is None or not 0 <= index < len(columns):
            return
        column, descending = self.sort
        if column != columns[index]:
            self.sort = (columns[index], False)
        elif not descending:
            self.sort = (column, True)
        else:
            self.sort = (None, False)
        self._fill()

    def _activated(self, row: int, _column: int) -> None:  # -1: the row's header
        if self.view is None or not 0 <= row < len(self.shown):
            return
        self.open_trainee(self.shown[row].login)

    def open_trainee(self, login: str) -> None:
        """The progress view on `login`'s history, copied from the server on a worker thread;
        for a trainee who has not answered yet, a word in the status line (nothing to show)."""
        row = next((t for t in self.view.trainees if t.login == login), None) if self.view else None
        if row is not None and not row.attempted and row.last_activity is None:
            self.status.setText(
                _("{login} has no attempt yet: there is no progress to show.").format(login=login)
            )
            return
        shown = self._progress.get(login)
        if shown is not None and shown.isVisible():  # a closed one is on its way out
            shown.show()
            shown.raise_()
            return
        if login in self._reading:  # asked again while it is read
            return
        self.status.setText(_("Reading the history of {login}…").format(login=login))

        def done(made: Path) -> None:
            from trainer.history.store import Store

            if not self.isVisible():  # the class view was closed meanwhile
                throw_away(made)
                return
            store = Store.open(made)
            window = self._progress_window(login, store, made)
            names = [p.name for p in store.profiles()]
            if names:  # the trainee's own profile, not this PC's
                window.set_profile(names[0])
            window.show()
            self.status.setText("")
            self.opened.emit(login)

        self._copy(login, done)

    def _copy(self, login: str, done: Callable[[Path], None]) -> None:
        """`login`'s history read on the server into a copy of the class view's (a new file),
        on a worker thread; `done(path)` on the GUI thread, which keeps or throws away it."""
        self._reading.add(login)
        if self._copies is None or not self._copies.is_dir():
            self._copies = Path(tempfile.mkdtemp(prefix="sabot-class-"))
        url, path = self.url, self._copies / f"{next(self._numbers)}.sqlite3"
        gone = self._gone
        skipped: list[str] = []  # rows of the server left out of the copy, named

        def work() -> Any:
            from trainer.history.classview import trainee_history

            try:
                trainee_history(url, login, path, skipped).close()  # a store is its thread's
            except BaseException:
                throw_away(path)
                raise
            if gone.is_set():  # nobody is left to show it, nor to throw it away
                throw_away(path)
            return path

        def finished(made: Path) -> None:
            self._reading.discard(login)
            done(made)
            if skipped:
                self.status.setText("\n".join(skipped))

        def failed(error: BaseException) -> None:
            self._reading.discard(login)
            self._failed(error)

        run_in_background(work, finished, failed, owner=self)

    def _read_progress_again(self) -> None:
        """The trainees' progress views still open, read again from the server with the class:
        what changed meanwhile shows — a profile renamed on a trainee's PC under its new name —
        each view as the instructor left it (`ProgressWindow.keep`)."""
        for login, window in list(self._progress.items()):
            if window.isVisible() and login not in self._reading:
                self._copy(login, partial(self._progress_read_again, login, window))

    def _still_shown(self, login: str, window: Any) -> bool:
        return self._progress.get(login) is window

    def _progress_read_again(self, login: str, old: Any, made: Path) -> None:
        from trainer.history.store import Store

        if not (self.isVisible() and old.isVisible() and self._still_shown(login, old)):
            throw_away(made)  # closed, or opened again, meanwhile
            return
        store = Store.open(made)
        choices = old.choices()
        names = {p.name.casefold() for p in store.profiles()}
        if choices.profile.casefold() not in names:
            # renamed since: the same profile, known by the moment it was made (the server's,
            # in both copies), under its new name
            made_at = {p.name.casefold(): p.created for p in old.store.profiles()}
            at = made_at.get(choices.profile.casefold())
            same = next((p.name for p in store.profiles() if p.created == at), None)
            if same is not None:
                choices = replace(choices, profile=same)
        window = self._progress_window(login, store, made, read_now=False)
        window.keep(choices)
        window.show()
        old.close()  # deleted, and its copy thrown away

    def _progress_window(self, login: str, store: Any, made: Path, *, read_now: bool = True) -> Any:
        """The progress view on `login`'s copy of their history (`store`, at `made`): closed,
        it is deleted (its workers waited for) and the copy goes with it."""
        from ui.progress.window import ProgressWindow

        window: Any = ProgressWindow(
            store, self.settings, parent=self, read_now=read_now, trainee=login
        )
        window.setWindowFlag(Qt.WindowType.Window, True)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        window.setWindowTitle(_("Sabot — Progress of {login}").format(login=login))
        window.forget = partial(_forget, self._progress, login, store, made)
        window.destroyed.connect(window.forget)
        self._progress[login] = window
        return window

    def _progress_again(self, login: str) -> None:
        """`login`'s progress view made again in the new words on the same copy, as the
        instructor left it: its tab, place, profile and filters (`ProgressWindow.keep`)."""
        old = self._progress[login]
        choices = old.choices()
        old.destroyed.disconnect(old.forget)  # the copy stays: the new window reads it
        old.close()  # and deleted
        window = self._progress_window(login, old.store, Path(old.store.path), read_now=False)
        window.keep(choices)
        if choices.shown:
            window.show()

    # -- reports for the class (ui.school.class_reports)
    def selected_login(self) -> str | None:
        """The login of the trainee whose row is selected, if any."""
        if self.view is None:
            return None
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        row = rows[0].row() if rows else self.table.currentRow()
        if not 0 <= row < len(self.shown):  # the rows in the order shown, sorted or not
            return None
        return self.shown[row].login

    def write_reports(self, logins: list[str], folder: Path) -> Any:
        """The PDF reports of `logins`, a file each in `folder` named by login, written one
        trainee after another; `reportsWritten` at the end. The run under way, if any, stops."""
        from ui.school.class_reports import ClassReports

        if self._reports is not None:
            self._reports.cancel()
        reports = ClassReports(self.url, self.settings, logins, folder, parent=self)
        reports.progressed.connect(self.status.setText)
        reports.finished.connect(self._reports_written)
        self._reports = reports
        reports.start()
        return reports

    def _reports_written(self, written: Any) -> None:
        self._reports = None
        self.status.setText(written.sentence())
        self.reportsWritten.emit(written)

    def export_grid(self, path: str | Path) -> bool:
        """The grid as CSV at `path` (`class_reports.write_grid`), said in the status line."""
        from ui.school.class_reports import write_grid

        return self._export(
            path,
            write_grid,
            _("The grid could not be written: {error}"),
            lambda n: ngettext(
                "The grid of {count} trainee written to {path}",
                "The grid of {count} trainees written to {path}",
                n,
            ),
        )

    def export_gradebook(self, path: str | Path) -> bool:
        """The gradebook (every assigned exam's best tries) as CSV at `path`, said in the status
        line."""
        from ui.school.class_reports import write_gradebook

        return self._export(
            path,
            write_gradebook,
            _("The gradebook could not be written: {error}"),
            lambda n: ngettext(
                "The gradebook of {count} exam written to {path}",
                "The gradebook of {count} exams written to {path}",
                n,
            ),
        )

    def _export(
        self, path: str | Path, write: Callable[..., int], failed: str, done: Callable[[int], str]
    ) -> bool:
        if self.view is None:
            self.status.setText(_("The class is not read yet."))
            return False
        try:
            n = write(self.view, Path(path))
        except OSError as error:
            self.status.setText(failed.format(error=os_reason(error)))
            return False
        self.status.setText(done(n).format(count=n, path=path))
        return True

    def _ask_folder(self) -> Path | None:
        folder = QFileDialog.getExistingDirectory(
            self, _("Choose the folder for the reports"), str(Path.home())
        )
        return Path(folder) if folder else None

    def _ask_report_selected(self) -> None:
        login = self.selected_login()
        if login is None:
            self.status.setText(_("Select a trainee first: a click on their row."))
            return
        folder = self._ask_folder()
        if folder is not None:
            self.write_reports([login], folder)

    def _ask_reports_class(self) -> None:
        if self.view is None:
            return
        folder = self._ask_folder()
        if folder is not None:
            self.write_reports([t.login for t in self.view.trainees if t.attempted], folder)

    def _ask_grid(self) -> None:
        from datetime import date

        name = f"sabot-class-{date.today().isoformat()}.csv"
        path, _kind = QFileDialog.getSaveFileName(
            self, _("Save the grid"), str(Path.home() / name), "CSV (*.csv)"
        )
        if path:
            self.export_grid(path)

    def _ask_gradebook(self) -> None:
        from datetime import date

        name = f"sabot-gradebook-{date.today().isoformat()}.csv"
        path, _kind = QFileDialog.getSaveFileName(
            self, _("Save the gradebook"), str(Path.home() / name), "CSV (*.csv)"
        )
        if path:
            self.export_gradebook(path)

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        if self._reports is not None:
            self._reports.cancel()
        for window in list(self._progress.values()):
            window.close()  # deleted, and its copy thrown away
        super().closeEvent(event)


def _forget(shown: dict[str, QWidget], login: str, store: Any, path: Path, *_: object) -> None:
    # a plain function: it runs as the window is deleted, perhaps with the class view
    if getattr(shown.get(login), "store", None) is store:  # not a window opened since
        del shown[login]
    store.close()
    throw_away(path)


def _reasons_again(row: TraineeRow, view: ClassView) -> TraineeRow:
    """`row` with why it needs attention said again in the language of the moment, from its
    figures, as at the moment the class was read."""
    last = None if row.last_activity is None else row.last_activity.timestamp()
    titles = {a.id: a.label for a, _results in view.assignments}
    why = attention(row.cells.values(), last, row.exams, view.now, row.due, titles)
    return replace(row, attention=why)


def _exam_text(view: ClassView) -> str:
    """The exams taken, named as the Assigned exams tab names them (`ClassView.exam_groups`)."""
    groups = view.exam_groups()
    if not groups:
        return _("No exam taken yet.")
    return "\n".join(
        _("{exam}: {results}").format(exam=name, results=", ".join(marks)) for name, marks in groups
    )
