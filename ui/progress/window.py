"""The progress view: what a trainee and an instructor look at.

Five tabs over one profile's history — Timeline (accuracy and median time per session against
the 95 % line and the skill's target, or every skill at once with the mean time), Skills (a row
per skill, and a heat map of its items by error rate and speed), Sessions (every session, a deal
shoe named with its boxes, rounds, pace and errors; open one to see every answer in the table's
words and drill the missed ones again), Readiness (the verdict against the dealer-school bar,
with what is still missing) and Deal shoes (rounds per hour per shoe over time against a dealer
school's reference for the boxes played) — and the exports: a chart as PNG (with its
title, the trainee and the skill above it), the history as CSV, a one-page PDF report for the
instructor.

This module is the window: the profile, the tabs, the reading, the live look and the exports.
Each tab has its module (`timeline`, `skills`, `sessions`, `readiness`, `shoes`), what they
share is in `charts`, the charts' axes in `axes` and the PDF report in `report`.

Every figure comes from `trainer.history.progress_data` (and through it
`trainer.history.stats`), read on a worker thread through `ui.background` with a
`store.reader()`; the view only lays them out.
The history is read in two steps so that a long one shows at once: the first screen (every
table, and the timeline of the skill practised last), then every session. The view is live:
while shown it looks every LIVE_POLL_MS whether the history moved (SQLite's data_version on a
connection of its own, then the profile's `progress_data.Mark`) and reads it again if so; the
CSV export holds the answers of the figures shown, so it and the PDF always agree.

pyqtgraph is never imported at start-up: the main window imports it (and this module, which
imports every tab's) on a worker thread once home is on screen and idle, and builds this window
ahead, hidden; opened before that, the window imports it on a worker while the history is read
(the tables show without waiting for it).

Signals of ProgressWindow:
    drillAgain(list)    [(skill, item), ...] of the missed attempts of the session shown,
                        each once, in the order first missed
    figuresShown()      the first screen of the current profile's figures is filled in
    loaded()            every figure is in, the sessions list too
    exported(str)       a file was written (its path)
    exportFailed(str)   an export failed (a sentence)
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QRect, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QPainter, QPalette, QPixmap, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from trainer.history import progress_data as pd
from trainer.history.store import Store
from trainer.i18n import format_date, format_number
from trainer.practice.skills import TARGETS
from trainer.settings import Settings
from ui.background import Job, run_in_background
from ui.i18n import N_, _, ngettext
from ui.progress.charts import message, on_paper
from ui.progress.readiness import ReadinessTab
from ui.progress.sessions import SessionsTab
from ui.progress.shoes import ShoesTab
from ui.progress.skills import SkillsTab
from ui.progress.timeline import TimelineTab
from ui.screens import fitted
from ui.style import esc

# the progress view's keys as Help ▸ Keyboard shortcuts lists them
KEYS = (
    ("F5", N_("read the history again")),
    ("Esc", N_("close it")),
    ("Ctrl+W", N_("close it")),  # the platform's Close keys
)
LIVE_POLL_MS = 1000  # how often a shown view looks whether the history moved


@dataclass(frozen=True)
class Choices:
    """What the trainee chose in a progress view, for one made again in other words to show
    the same: shown or not, its tab, place and size, the profile, the timeline's skill, mode
    and dates (None: not drawn yet), the skill whose items the Skills tab shows."""

    shown: bool
    tab: int
    geometry: QByteArray
    profile: str
    filters: tuple[str | None, str | None, int | None] | None
    skill: str | None


class ProgressWindow(QWidget):
    """The progress view of any profile (the active one first). See the module docstring."""

    drillAgain = Signal(list)  # noqa: N815 - [(skill, item), ...]
    figuresShown = Signal()  # noqa: N815 - the first screen of figures is drawn
    loaded = Signal()  # every figure is in, the sessions list too, and the chart drawn
    exported = Signal(str)
    exportFailed = Signal(str)  # noqa: N815

    def __init__(
        self,
        store: Store,
        settings: Settings,
        parent: QWidget | None = None,
        *,
        read_now: bool = True,
        trainee: str | None = None,
    ) -> None:
        """`read_now` False: a window built ahead of time, which reads the history when first
        shown (the chart is built now if pyqtgraph is in). `trainee`: the login whose history
        this is, in an instructor's copy of it (the class view): the window, the readiness, the
        report and the files are named by it (`progress_data.trainee_name`), and what only the
        trainee can do — drill the missed ones again — is not offered."""
        super().__init__(parent)
        self.store = store
        self.settings = settings
        self.trainee = trainee
        self.setWindowTitle(_("Sabot — Progress"))
        self.resize(*fitted(1100, 760, self.screen()))  # a 1024×600 screen is smaller
        self.progress: pd.Progress | None = None
        self.is_loaded = False
        self._job: Job | None = None
        self._generation = 0
        self._shown_generation = -1
        self._shown_once = False
        self._kept: Choices | None = None  # a window's choices, until its figures are in
        # Live: while shown, a look every LIVE_POLL_MS at whether the history moved, through a
        # connection of the window's own (see `progress_data.data_version`).
        self._watcher: Store | None = None
        self._version: int | None = None
        self._live = QTimer(self)
        self._live.setInterval(LIVE_POLL_MS)
        self._live.timeout.connect(self._look)
        # A pool of the window's own: deleting the window waits for its workers, so no reader
        # outlives it.
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(2)

        self.profile_box = QComboBox()
        self.profile_box.setMinimumContentsLength(16)
        self.profile_box.currentIndexChanged.connect(self._profile_chosen)
        refresh = QPushButton(_("Refresh"))
        refresh.setToolTip(_("Read the history again (F5)"))
        refresh.clicked.connect(self.reload)
        self.export_button = QToolButton()
        self.export_button.setText(_("Export"))
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.export_button)
        menu.addAction(_("Chart as PNG…"), self._ask_png)
        menu.addAction(_("History as CSV…"), self._ask_csv)
        menu.addAction(_("Report for the instructor (PDF)…"), self._ask_pdf)
        self.export_button.setMenu(menu)
        self.status = QLabel()
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Profile")))
        top.addWidget(self.profile_box)
        top.addWidget(refresh)
        top.addStretch(1)
        top.addWidget(self.status)
        top.addWidget(self.export_button)

        self.message = message("")
        self.tabs = QTabWidget()
        self.timeline: TimelineTab | None = None  # built once pyqtgraph is in
        self._timeline_slot = QStackedWidget()
        self._timeline_slot.addWidget(message(_("Drawing the chart…")))
        self.skills = SkillsTab()
        self.sessions = SessionsTab(store, self.pool)
        self.sessions.drillAgain.connect(self.drillAgain)
        if trainee is not None:  # the instructor's copy: nobody is there to drill them
            self.sessions.again.hide()
        self.readiness = ReadinessTab()
        self.shoes: ShoesTab | None = None  # built once pyqtgraph is in
        self._shoes_slot = QStackedWidget()
        self._shoes_slot.addWidget(message(_("Drawing the chart…")))
        self.tabs.addTab(self._timeline_slot, _("&Timeline"))
        self.tabs.addTab(self.skills, _("S&kills"))
        self.tabs.addTab(self.sessions, _("&Sessions"))
        self.tabs.addTab(self.readiness, _("&Readiness"))
        self.tabs.addTab(self._shoes_slot, _("&Deal shoes"))
        self.body = QStackedWidget()
        self.body.addWidget(self.message)
        self.body.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.body, 1)

        QShortcut(QKeySequence(Qt.Key.Key_F5), self, self.reload)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        QShortcut(QKeySequence.StandardKey.Close, self, self.close)

        self._fill_profiles(settings.prefs.profile)
        self._graphics_ready = "pyqtgraph" in sys.modules
        if read_now:
            self.reload()
        if self._graphics_ready and not read_now:
            self._graphics_in()  # built ahead of time: the chart now, the figures when shown
        elif self._graphics_ready:
            # The charts are built while the worker reads the history, not after.
            QTimer.singleShot(0, self._graphics_in)
        else:
            # Imported on a worker while the history is read: ~0.4 s no one waits for twice.
            run_in_background(
                _import_pyqtgraph, self._graphics_in, self._graphics_in, pool=self.pool, owner=self
            )

    # -- profiles and loading
    @property
    def profile(self) -> str:
        return self.profile_box.currentText()

    @property
    def who(self) -> str:
        """Whom the figures shown are of: the profile, or in an instructor's copy the trainee's
        login (and the profile, where it is not the one every trainee starts with)."""
        progress = self.progress
        profile = progress.profile if progress is not None else self.profile
        return pd.trainee_name(profile, self.trainee)

    def _name_window(self) -> None:
        if self.trainee is not None:
            self.setWindowTitle(_("Sabot — Progress of {login}").format(login=self.who))

    def _fill_profiles(self, wanted: str) -> None:
        try:
            names = [p.name for p in self.store.profiles()]
        except sqlite3.Error:
            names = []
        if wanted and wanted.casefold() not in {n.casefold() for n in names}:
            names.append(wanted)
        self.profile_box.blockSignals(True)
        self.profile_box.clear()
        self.profile_box.addItems(names)
        index = next((i for i, n in enumerate(names) if n.casefold() == wanted.casefold()), 0)
        self.profile_box.setCurrentIndex(index)
        self.profile_box.blockSignals(False)

    def set_profile(self, name: str) -> None:
        """Review another profile (an instructor looking at a trainee)."""
        index = next(
            (
                i
                for i in range(self.profile_box.count())
                if self.profile_box.itemText(i).casefold() == name.casefold()
            ),
            -1,
        )
        if index < 0:
            self.profile_box.addItem(name)
            index = self.profile_box.count() - 1
        if index == self.profile_box.currentIndex():
            self.reload()
        else:
            self.profile_box.setCurrentIndex(index)

    def _profile_chosen(self, _index: int) -> None:
        self.reload()

    def choices(self) -> Choices:
        """What the trainee chose in the window (see `Choices`)."""
        timeline = self.timeline
        filters = None
        if timeline is not None and timeline.progress is not None:
            filters = (
                timeline.skill,
                timeline.mode_box.currentData(),
                timeline.range_box.currentData(),
            )
        elif self._kept is not None:  # made again before its figures were in: still wanted
            filters = self._kept.filters
        skill = self.skills.current() or (self._kept.skill if self._kept is not None else None)
        return Choices(
            self.isVisible(),
            self.tabs.currentIndex(),
            self.saveGeometry(),
            self.profile,
            filters,
            skill,
        )

    def keep(self, choices: Choices) -> None:
        """Show what another window showed (one made again in the new words): its place, tab
        and profile now, the timeline's filters and the Skills tab's skill once the figures
        are in — a value the figures no longer have is let go."""
        self.restoreGeometry(choices.geometry)
        self.tabs.setCurrentIndex(choices.tab)
        self._kept = choices
        if choices.profile and choices.profile.casefold() != self.profile.casefold():
            self.set_profile(choices.profile)

    def _keep_filters(self, timeline: TimelineTab) -> None:
        kept = self._kept
        if kept is None or kept.filters is None:
            return
        self._kept = replace(kept, filters=None)
        boxes = (timeline.skill_box, timeline.mode_box, timeline.range_box)
        for box, value in zip(boxes, kept.filters, strict=True):
            index = box.findData(value)
            if index >= 0:
                box.blockSignals(True)
                box.setCurrentIndex(index)
                box.blockSignals(False)
        timeline.refresh()

    def required_skills(self) -> list[str]:
        """The skills readiness asks for: every skill drillable under the house rules."""
        from ui.progress.report import required_skills

        return required_skills(self.settings)

    def rules_text(self) -> str:
        try:
            return self.settings.rules().describe()
        except Exception:  # noqa: BLE001
            return self.settings.prefs.preset

    def reload(self, *, live: bool = False) -> None:
        """Read the current profile's figures again, on a worker thread, in two steps: the
        first screen (`figuresShown`), then the whole history (`loaded`). `live`: the history
        moved under the figures shown; they stay on screen, unchanged, until the new ones are in."""
        self._generation += 1
        generation = self._generation
        if self._job is not None:
            self._job.cancel()
        self.is_loaded = False
        profile = self.profile
        if self.progress is None or self.progress.profile.casefold() != profile.casefold():
            who = pd.trainee_name(profile, self.trainee)
            self.message.setText(
                "<p>"
                + _("Reading the history of {profile}…").format(profile=f"<b>{esc(who)}</b>")
                + "</p>"
            )
            self.body.setCurrentWidget(self.message)
        if not live:
            self.status.setText(_("Reading…"))
        store, targets, required = self.store, dict(TARGETS), self.required_skills()

        def work() -> pd.Progress:
            with store.reader() as reader:
                return pd.load_progress(reader, profile, targets, required, complete=False)

        self._read(generation, work)

    def _read(self, generation: int, work: Callable[[], pd.Progress]) -> None:
        """Read figures on a worker thread: `_arrived` with them, `_failed` if they cannot be."""
        self._job = run_in_background(
            work,
            lambda progress: self._arrived(generation, progress),
            lambda error: self._failed(generation, error),
            pool=self.pool,
            owner=self,
        )

    def _failed(self, generation: int, error: BaseException) -> None:
        if generation != self._generation:
            return
        self.status.setText("")
        self.message.setText(f"<p>{_('The history could not be read:')}</p><p>{error}</p>")
        self.body.setCurrentWidget(self.message)

    def _arrived(self, generation: int, progress: pd.Progress) -> None:
        if generation != self._generation:
            return
        if progress.empty:
            progress = replace(progress, complete=True)
        elif not progress.complete:
            store = self.store

            def rest() -> pd.Progress:
                with store.reader() as reader:
                    return pd.load_history(reader, progress)

            self._read(generation, rest)
        self._show(progress)

    def _graphics_in(self, _result: object = None) -> None:
        """pyqtgraph is in: build the chart, and draw it if the figures came first."""
        self._graphics_ready = True
        timeline = self._build_timeline()
        shoes = self._build_shoes()
        if self.progress is not None and not self.progress.empty:
            timeline.set_progress(self.progress)
            self._keep_filters(timeline)
            shoes.set_progress(self.progress)
        self._loaded_if_drawn()

    def _build_timeline(self) -> TimelineTab:
        if self.timeline is None:
            self.timeline = TimelineTab()
            self._timeline_slot.addWidget(self.timeline)
            self._timeline_slot.setCurrentWidget(self.timeline)
        return self.timeline

    def _build_shoes(self) -> ShoesTab:
        if self.shoes is None:
            self.shoes = ShoesTab()
            self._shoes_slot.addWidget(self.shoes)
            self._shoes_slot.setCurrentWidget(self.shoes)
        return self.shoes

    def _show(self, progress: pd.Progress) -> None:
        shown_before = self._shown_generation == self._generation
        self._shown_generation = self._generation
        self.progress = progress
        self._name_window()
        if progress.empty:
            none_yet = _("No practice yet for {profile}.").format(profile=esc(self.who))
            self.message.setText(
                f"<p style='font-size:x-large'><b>{none_yet}</b></p><p>"
                + _(
                    "Answer a few questions in any drill and come back: this is where you will "
                    "see your accuracy and speed session after session, every skill against its "
                    "target time, the items that trip you up, and how close you are to being "
                    "ready for the table."
                )
                + "</p>"
            )
            self.body.setCurrentWidget(self.message)
            self.status.setText("")
        else:
            # The chart waits for pyqtgraph on a first opening; the tables do not.
            if self._graphics_ready:
                timeline = self._build_timeline()
                timeline.set_progress(progress)
                self._keep_filters(timeline)
                self._build_shoes().set_progress(progress)
            if not shown_before:  # the second step brings the sessions, not these figures
                focus = self.timeline.skill if self.timeline is not None else progress.focus
                kept = self._kept
                if kept is not None and kept.skill in progress.skills:
                    self._kept = replace(kept, skill=None)
                    focus = kept.skill
                self.skills.set_progress(progress, self.skills.current() or focus)
                self.readiness.set_progress(progress, self.rules_text(), self.who)
            self.sessions.set_progress(progress)
            self.body.setCurrentWidget(self.tabs)
            verdict = _("ready for the table") if progress.readiness.ready else _("not ready yet")
            self.status.setText(
                _("{sessions} sessions · {answers} answers · {verdict}").format(
                    sessions=format_number(progress.session_count),
                    answers=format_number(progress.attempts),
                    verdict=verdict,
                )
            )
        if not shown_before:
            self.figuresShown.emit()
        self._loaded_if_drawn()

    def _loaded_if_drawn(self) -> None:
        """Say `loaded` once the whole history is in and drawn. The chart waits for pyqtgraph,
        imported on a worker beside the reading: whichever of the two comes last says it, so
        the chart can be exported the moment `loaded` is said."""
        progress = self.progress
        if self.is_loaded or progress is None or not progress.complete:
            return
        if self._shown_generation != self._generation:
            return  # a new reading is under way: these figures are on their way out
        if not progress.empty and not self._graphics_ready:
            return
        self.is_loaded = True
        self.loaded.emit()

    # -- live
    @property
    def reading(self) -> bool:
        return self._job is not None and not self._job.done and not self._job.cancelled

    def _look(self) -> None:
        """Whether the history moved under the figures shown: if so, read them again. Asked
        every LIVE_POLL_MS while the window is shown, and when it is shown again."""
        if self.reading or self.progress is None or self.isMinimized():
            return
        try:
            if self._watcher is None:
                self._watcher = self.store.reader()
            version = pd.data_version(self._watcher)
            if version == self._version:
                return  # nothing was written since the last look: the usual answer
            self._version = version
            mark = pd.history_mark(self._watcher, self.progress.profile)
        except (sqlite3.Error, ValueError):
            return  # the history went away: the next Refresh says so
        if mark != self.progress.mark:
            self.reload(live=True)

    def catch_up(self) -> None:
        """Read the history again now if it moved, shown or not (a window kept hidden for a
        quick Ctrl+P keeps up while the trainee drills)."""
        self._look()

    def _stop_looking(self) -> None:
        self._live.stop()
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None
            self._version = None

    # -- window events
    def showEvent(self, event: Any) -> None:  # noqa: N802
        super().showEvent(event)
        if self.progress is None and not self.reading:
            self.reload()  # built ahead of time: read now
        else:
            # shown again, or read ahead while hidden: there may be new practice (or profiles)
            if self._shown_once:
                self._fill_profiles(self.profile)
            self._look()
        self._shown_once = True
        self._live.start()

    def hideEvent(self, event: Any) -> None:  # noqa: N802
        self._stop_looking()
        super().hideEvent(event)

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        if self._job is not None:
            self._job.cancel()
        self._stop_looking()
        super().closeEvent(event)

    # -- exports
    def current_chart(self) -> QWidget | None:
        """The chart of the tab shown: the timeline, or the heat map on the Skills tab."""
        if self.progress is None or self.progress.empty:
            return None
        if self.tabs.currentWidget() is self.skills:
            return self.skills.heatmap
        # a chart not drawn yet, or a message in its place (no session matches the filters): None
        if self.tabs.currentWidget() is self._shoes_slot:
            return None if self.shoes is None else self.shoes.drawn()
        return None if self.timeline is None else self.timeline.drawn()

    def chart_titles(self, chart: QWidget) -> tuple[str, str]:
        """The title of a chart and its line below: the trainee, the skill, the filters."""
        who = self.who
        if chart is self.skills.heatmap:
            skill = pd.skill_title(self.skills.current() or "")
            return _("Items: errors and time against the target"), f"{who} · {skill}"
        if self.shoes is not None and chart is self.shoes.chart:
            return self.shoes.title(), _("{who} · every deal shoe").format(who=who)
        assert self.timeline is not None
        return self.timeline.title(), self.timeline.subtitle(who)

    def export_chart_png(self, path: str | Path, chart: QWidget | None = None) -> bool:
        chart = chart or self.current_chart()
        if chart is None:
            self._export_failed(_("There is no chart to save yet."))
            return False
        if chart is self.skills.heatmap:
            chart.resize(max(chart.width(), 720), chart.heightForWidth(max(chart.width(), 720)))
        title, subtitle = self.chart_titles(chart)
        now = datetime.now()
        moment = f"{format_date(now.date(), short=True)} {now:%H:%M}"  # "7 déc. 2026 14:05"
        exported = _("exported {moment}").format(moment=moment)
        # made for paper and another screen: light, and nothing of the app's hover
        tabs = [t for t in (self.timeline, self.shoes) if t is not None and chart is t.chart]
        with tabs[0].on_paper() if tabs else on_paper(chart):
            image = _titled(chart, title, f"{subtitle} · {exported}")
        if image.isNull() or not image.save(str(path), "PNG"):
            self._export_failed(_("The chart could not be saved to {path}.").format(path=path))
            return False
        self._exported(str(path))
        return True

    def export_pdf(self, path: str | Path) -> bool:
        from ui.progress.report import settings_rules_line, write_report

        if self.progress is None:
            self._export_failed(_("The figures are not read yet."))
            return False
        rules = settings_rules_line(self.settings)
        try:
            write_report(path, self.progress, rules=rules, trainee=self.who)
        except OSError as error:
            self._export_failed(_("The report could not be written: {error}").format(error=error))
            return False
        self._exported(str(path))
        return True

    def export_csv(self, path: str | Path) -> Job:
        """Write the profile's attempts as CSV, on a worker thread; `exported` when done.

        The attempts of the figures shown, no more: the trainee's typed answers (piped ones are
        in no figure) up to the last the figures counted — an answer given since, which the
        view shows at its next look, is not in the file. So the CSV and the PDF report always
        hold the same count."""
        from trainer.commands.export import write_export

        store, profile, target = self.store, self.profile, Path(path)
        known = {p.name.casefold() for p in store.profiles()}
        shown = self.progress
        count = None
        if shown is not None and shown.profile.casefold() == profile.casefold():
            count = shown.attempts

        def work() -> int:
            with store.reader() as reader, target.open("w", encoding="utf-8", newline="") as out:
                if profile.casefold() not in known:
                    return write_export(iter(()), out, "csv")
                source: Any = reader if count is None else _AsShown(reader, count)
                return write_export(source.export_rows(profile), out, "csv")

        self.status.setText(_("Writing {name}…").format(name=target.name))

        def done(n: int) -> None:
            written = ngettext(
                "{count} answer written to {path}", "{count} answers written to {path}", n
            )
            self._exported(str(target), written.format(count=format_number(n), path=target))

        return run_in_background(
            work,
            done,
            lambda e: self._export_failed(
                _("The history could not be written: {error}").format(error=e)
            ),
            pool=self.pool,
            owner=self,
        )

    def _exported(self, path: str, text: str | None = None) -> None:
        self.status.setText(text or _("Saved {path}").format(path=path))
        self.exported.emit(path)

    def _export_failed(self, text: str) -> None:
        self.status.setText(text)
        self.exportFailed.emit(text)

    def _ask(self, title: str, suffix: str, kind: str) -> str | None:
        name = self.file_name(suffix)
        path, _kind = QFileDialog.getSaveFileName(self, title, str(Path.home() / name), kind)
        return path or None

    def file_name(self, suffix: str) -> str:
        """The name an export is offered under: the trainee's login in an instructor's copy
        (`progress_data.file_name`), so a class's reports do not overwrite each other."""
        return pd.file_name(self.profile, self.trainee, datetime.now().date(), suffix)

    def _ask_png(self) -> None:
        path = self._ask(_("Save the chart"), "png", _("PNG image (*.png)"))
        if path:
            self.export_chart_png(path)

    def _ask_csv(self) -> None:
        path = self._ask(_("Export the history"), "csv", "CSV (*.csv)")
        if path:
            self.export_csv(path)

    def _ask_pdf(self) -> None:
        path = self._ask(_("Save the report"), "pdf", "PDF (*.pdf)")
        if path:
            self.export_pdf(path)


def _titled(chart: QWidget, title: str, subtitle: str) -> QPixmap:
    """The chart as an image, with its title and what it shows written above it: an exported
    chart says what it is away from the app."""
    shot = chart.grab()
    if shot.isNull():
        return shot
    ratio = shot.devicePixelRatio()
    palette = chart.palette()
    big = QFont(chart.font())
    big.setBold(True)
    big.setPointSizeF(big.pointSizeF() * 1.3)
    head = QFontMetrics(big).height() + QFontMetrics(chart.font()).height() + 18
    width, height = shot.width() / ratio, shot.height() / ratio
    out = QPixmap(int(shot.width()), int(shot.height() + head * ratio))
    out.setDevicePixelRatio(ratio)
    out.fill(palette.color(QPalette.ColorRole.Base))
    painter = QPainter(out)
    painter.setPen(palette.color(QPalette.ColorRole.Text))
    painter.setFont(big)
    top = QRect(10, 6, int(width) - 20, QFontMetrics(big).height())
    painter.drawText(top, Qt.AlignmentFlag.AlignLeft, title)
    painter.setFont(chart.font())
    below = QRect(10, top.bottom() + 4, int(width) - 20, QFontMetrics(chart.font()).height())
    painter.drawText(below, Qt.AlignmentFlag.AlignLeft, subtitle)
    painter.drawPixmap(QRect(0, head, int(width), int(height)), shot)
    painter.end()
    return out


class _AsShown:
    """A store whose export rows are the attempts behind the figures shown: those of sessions
    typed by the trainee (piped answers are in no figure), the first `attempts` of them — the
    ones up to the figures' last attempt, as rows come in the order recorded. The rest of the
    store as it is."""

    def __init__(self, store: Store, attempts: int) -> None:
        self._store = store
        self._attempts = attempts

    def export_rows(self, profile: str | None = None) -> Any:
        names = [profile] if profile else [p.name for p in self._store.profiles()]
        typed = {s.id for name in names for s in self._store.sessions(name) if s.interactive}
        rows = (row for row in self._store.export_rows(profile) if row[1] in typed)
        return islice(rows, self._attempts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


def _import_pyqtgraph() -> None:
    import pyqtgraph  # noqa: F401


__all__ = ["Choices", "ProgressWindow"]
