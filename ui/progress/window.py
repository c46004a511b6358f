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

Every figure comes from `trainer.history.progress_data` (and through it
`trainer.history.stats`), read on a
worker thread through `ui.background` with a `store.reader()`; this module only lays them out.
The history is read in two steps so that a long one shows at once: the first screen (every
table, and the timeline of the skill practised last), then every session. The view is live:
while shown it looks every LIVE_POLL_MS whether the history moved (SQLite's data_version on a
connection of its own, then the profile's `progress_data.Mark`) and reads it again if so; the
CSV export holds the answers of the figures shown, so it and the PDF always agree.

pyqtgraph is never imported at start-up: the main window imports it (and this module) on a
worker thread once home is on screen and idle, and builds this window ahead, hidden; opened
before that, the window imports it on a worker while the history is read (the tables show
without waiting for it).

Signals of ProgressWindow:
    drillAgain(list)    [(skill, item), ...] of the missed attempts of the session shown,
                        each once, in the order first missed
    figuresShown()      the first screen of the current profile's figures is filled in
    loaded()            every figure is in, the sessions list too
    exported(str)       a file was written (its path)
    exportFailed(str)   an export failed (a sentence)
"""

from __future__ import annotations

import math
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from itertools import islice, pairwise
from operator import attrgetter
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from trainer.history import progress_data as pd
from trainer.history.stats import MASTERY, SkillStats
from trainer.history.store import Store
from trainer.i18n import format_date, format_duration, format_number
from trainer.practice.drill import MODES
from trainer.practice.skills import SKILLS, TARGETS
from trainer.settings import Settings
from ui.background import Job, run_in_background
from ui.i18n import N_, _, ngettext
from ui.language import format_percent, format_seconds
from ui.screens import fitted
from ui.style import contrast, esc, muted, over, readable

GOOD = QColor("#2e9d4f")
BAD = QColor("#c8412f")
WARN = QColor("#c98a12")
ACCURACY_COLOUR = QColor("#2a6fdb")
TIME_COLOUR = QColor("#e07b1a")


def ink(colour: QColor, role: QPalette.ColorRole = QPalette.ColorRole.Base) -> QColor:
    """`colour` for a text on the palette's `role` (a table's Base, a label's Window): made
    darker or lighter as needed to stand 4.5:1 against it, in the light and the dark theme."""
    return readable(colour, QApplication.palette().color(role))


def _muted_name() -> str:
    palette = QApplication.palette()
    text = palette.color(QPalette.ColorRole.WindowText)
    return muted(text, palette.color(QPalette.ColorRole.Window)).name()


# the date ranges of progress_data, as the filter names them
RANGE_WORDS = {
    "Last 7 days": N_("Last 7 days"),
    "Last 30 days": N_("Last 30 days"),
    "All": N_("All"),
}
MODE_TITLES = {
    "practice": N_("Practice"),
    "challenge": N_("Challenge"),
    "sprint": N_("Sprint"),
    "exam": N_("Exam"),
}
MODE_NAMES = {
    "practice": N_("practice"),
    "challenge": N_("challenge"),
    "sprint": N_("sprint"),
    "exam": N_("exam"),
    "deal": N_("deal shoe"),
}


def _places(seconds: float) -> int:
    """The decimals a target in seconds is written with: 2 s, 1.5 s."""
    return 0 if float(seconds).is_integer() else 1


LIVE_POLL_MS = 1000  # how often a shown view looks whether the history moved
MIN_PAD_S = 1800.0  # the timeline's margin either side of its sessions, at least


# -- formatting --------------------------------------------------------------------------------


def _pct(x: float | None) -> str:
    if x is None:
        return "—"
    if x < 0.995 or x == 1:
        return format_percent(x)
    figure = format_number(Decimal(str(round(x * 100, 1))), places=1)  # "99.6%": not 100 % yet
    return format_percent(1).replace("100", figure)


def _secs(ms: float | None) -> str:
    if ms is None:
        return "—"
    return format_seconds(ms) if ms < 100_000 else format_seconds(ms, places=0)


def _when(unix: float, with_time: bool = True) -> str:
    """A moment as the language writes it: "1 Dec 2026 14:05", "1 déc. 2026 14:05"."""
    moment = datetime.fromtimestamp(unix)
    day = format_date(moment.date(), short=True)
    return f"{day} {moment:%H:%M}" if with_time else day


def _trend_text(trend: pd.Trend | None) -> tuple[str, QColor | None, str]:
    """Text, colour (None: neutral) and tooltip of the 'since last week' cell."""
    tip = _(
        "This week (the last 7 days) against the 7 days before: change of accuracy, in "
        "percentage points, and of the mean response time."
    )
    if trend is None or (not trend.attempts and not trend.before_attempts):
        return "—", None, tip + "\n" + _("No practice in the last two weeks.")
    if not trend.before_attempts:
        return _("new: {count} this week").format(count=trend.attempts), None, tip
    if not trend.attempts:
        return _("not practised this week"), WARN, tip
    acc = trend.accuracy_change or 0.0
    ms = trend.mean_ms_change or 0.0
    arrow = "▲" if acc > 0.05 else "▼" if acc < -0.05 else "="
    sign = "+" if acc >= 0 else "-"
    points = sign + format_number(Decimal(str(round(abs(acc), 1))), places=1)
    change = format_seconds(abs(ms), places=2)
    speed = _("{time} faster") if ms < 0 else _("{time} slower")
    text = _("{arrow} {points} pts · {speed}").format(
        arrow=arrow, points=points, speed=speed.format(time=change)
    )
    better = (acc >= 0) + (ms <= 0)
    colour = GOOD if better == 2 else BAD if better == 0 else None
    return text, colour, tip


def _bold(label: QLabel, scale: float = 1.0) -> QLabel:
    font = label.font()
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def _message(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setMargin(32)
    return label


# -- timeline ----------------------------------------------------------------------------------


class TimelineTab(QWidget):
    """Per session, accuracy (left axis) and median time (right axis) of one skill."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        import pyqtgraph as pg  # type: ignore[import-untyped]

        self.pg = pg
        self.progress: pd.Progress | None = None
        self.shown: list[pd.SessionPoint] = []
        self._drawn: tuple[Any, ...] | None = None  # what the chart was last drawn from

        self.skill_box = QComboBox()
        self.mode_box = QComboBox()
        self.mode_box.addItem(_("All modes"), None)
        for mode in MODES:
            self.mode_box.addItem(_(MODE_TITLES[mode]) if mode in MODE_TITLES else mode, mode)
        self.range_box = QComboBox()
        for label, days in pd.RANGES.items():
            self.range_box.addItem(_(RANGE_WORDS.get(label, label)), days)
        self.range_box.setCurrentIndex(len(pd.RANGES) - 1)
        filters = QHBoxLayout()
        for label, box in (
            (_("Skill"), self.skill_box),
            (_("Mode"), self.mode_box),
            (_("Dates"), self.range_box),
        ):
            filters.addWidget(QLabel(label))
            filters.addWidget(box)
            box.currentIndexChanged.connect(self.refresh)
        filters.addStretch(1)
        self.summary = QLabel()  # beside the legend: the filters keep the row to themselves
        # the skill's name whole, however long its words in the language of the moment
        self.skill_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        # on two lines where one is too narrow for it (French is a fifth longer than English)
        self.legend.setWordWrap(True)

        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        self.text_colour = text
        axes = _axes("left", "right")
        self.date_axis = axes["bottom"]
        self.plot = pg.PlotWidget(
            background=base,
            axisItems=axes,
            viewBox=pg.ViewBox(enableMenu=False),  # the menus cost time and are not used
        )
        self.plot.setMinimumHeight(260)
        item = self.plot.getPlotItem()
        item.showGrid(x=False, y=True, alpha=0.15)  # an x grid costs a third of a paint
        item.setMenuEnabled(False)
        item.hideButtons()
        item.showAxis("right")
        for side in ("left", "bottom", "right"):
            axis = item.getAxis(side)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))
        item.getAxis("left").setLabel(_("Accuracy"), units="%")
        item.getAxis("right").setLabel(_("Median time"), units="s")
        item.getAxis("left").enableAutoSIPrefix(False)
        item.getAxis("right").enableAutoSIPrefix(False)
        self.accuracy_box = item.getViewBox()
        self.time_box = pg.ViewBox(enableMenu=False)
        item.scene().addItem(self.time_box)
        item.getAxis("right").linkToView(self.time_box)
        self.time_box.setXLink(self.accuracy_box)
        for box in (self.accuracy_box, self.time_box):
            box.setMouseEnabled(x=True, y=False)
            box.disableAutoRange()  # refresh() sets the ranges: no rescans on every setData
        self.accuracy_box.sigResized.connect(self._sync_boxes)

        acc, tim = ACCURACY_COLOUR, TIME_COLOUR
        self.pass_line = pg.InfiniteLine(
            pos=95,
            angle=0,
            pen=pg.mkPen(GOOD, width=1.5, style=Qt.PenStyle.DashLine),
            label=format_percent(0.95),
            labelOpts={"position": 0.005, "color": ink(GOOD), "anchors": [(0, 1), (0, 1)]},
        )
        self.accuracy_curve = pg.PlotDataItem(
            pen=pg.mkPen(QColor(acc.red(), acc.green(), acc.blue(), 90), width=1),
            symbol="o",
            symbolSize=7,
            symbolBrush=acc,
            symbolPen=pg.mkPen(base),
            name="accuracy",
        )
        self.accuracy_average = pg.PlotDataItem(pen=pg.mkPen(acc, width=3))
        self.target_line = pg.InfiniteLine(
            pos=0,
            angle=0,
            pen=pg.mkPen(tim, width=1.5, style=Qt.PenStyle.DashLine),
            label=_("target"),
            labelOpts={"position": 0.97, "color": ink(tim), "anchors": [(1, 1), (1, 1)]},
        )
        self.time_curve = pg.PlotDataItem(
            pen=pg.mkPen(QColor(tim.red(), tim.green(), tim.blue(), 90), width=1),
            symbol="t1",
            symbolSize=8,
            symbolBrush=tim,
            symbolPen=pg.mkPen(base),
            name="median time",
        )
        self.time_average = pg.PlotDataItem(pen=pg.mkPen(tim, width=3))
        for thing in (self.pass_line, self.accuracy_curve, self.accuracy_average):
            self.accuracy_box.addItem(thing)
        for thing in (self.target_line, self.time_curve, self.time_average):
            self.time_box.addItem(thing)
        self.marker = pg.ScatterPlotItem(
            size=16, pen=pg.mkPen(text, width=2), brush=pg.mkBrush(None)
        )
        self.accuracy_box.addItem(self.marker)
        self.plot.scene().sigMouseMoved.connect(self._hover)

        self.empty = _message("")
        self.stack = QStackedWidget()
        chart = QWidget()
        chart_layout = QVBoxLayout(chart)
        chart_layout.setContentsMargins(0, 0, 0, 0)
        legend_row = QHBoxLayout()
        legend_row.addWidget(self.legend, 1)
        legend_row.addWidget(self.summary, 0, Qt.AlignmentFlag.AlignTop)
        chart_layout.addLayout(legend_row)
        chart_layout.addWidget(self.plot, 1)
        self.chart = chart
        self.stack.addWidget(chart)
        self.stack.addWidget(self.empty)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.stack, 1)

    def _sync_boxes(self) -> None:
        self.time_box.setGeometry(self.accuracy_box.sceneBoundingRect())
        self.time_box.linkedViewChanged(self.accuracy_box, self.time_box.XAxis)

    # filters
    def set_progress(self, progress: pd.Progress) -> None:
        new_profile = self.progress is None or self.progress.profile != progress.profile
        self.progress = progress
        if new_profile:
            # A month when there is recent practice (the week's work paying off), else all.
            month = pd.RANGES["Last 30 days"]
            start = date.fromtimestamp(progress.now) - timedelta(days=month or 0)
            days = month if progress.days and progress.days[-1].day >= start else None
            self.range_box.blockSignals(True)
            self.range_box.setCurrentIndex(self.range_box.findData(days))
            self.range_box.blockSignals(False)
        practised = {name for name, s in progress.skills.items() if s.attempts}
        order = [s for s in SKILLS if s in practised] + sorted(practised - set(SKILLS))
        current = None if new_profile else self.skill_box.currentData()
        keep = current if current in practised else progress.focus
        choices = [*order, pd.ALL_SKILLS] if len(order) > 1 else order
        if current == pd.ALL_SKILLS and len(choices) > 1:
            keep = current
        self.skill_box.blockSignals(True)
        self.skill_box.clear()
        for skill in choices:
            self.skill_box.addItem(pd.skill_title(skill), skill)
        if keep in choices:
            self.skill_box.setCurrentIndex(choices.index(keep))
        self.skill_box.blockSignals(False)
        self.refresh()

    def set_filters(
        self,
        skill: str | None = None,
        mode: str | None | bool = False,
        days: int | None | bool = False,
    ) -> None:
        """Choose the skill, mode (None: all) and date range (days back, None: all) shown."""
        for box, value in ((self.skill_box, skill), (self.mode_box, mode), (self.range_box, days)):
            if value is False or (box is self.skill_box and value is None):
                continue
            index = box.findData(value)
            if index < 0:
                raise ValueError(f"nothing to choose for {value!r}")
            box.setCurrentIndex(index)
        self.refresh()

    @property
    def skill(self) -> str | None:
        return self.skill_box.currentData()

    def refresh(self) -> None:
        progress = self.progress
        if progress is None:
            return
        skill = self.skill
        mode = self.mode_box.currentData()
        days = self.range_box.currentData()
        start = pd.since(days, progress.now)
        if not progress.covers(skill):
            # Another skill than the first one shown, before the whole history is read.
            self.shown = []
            self.empty.setText("<p>" + _("Reading the whole history…") + "</p>")
            self.stack.setCurrentWidget(self.empty)
            self.summary.setText("")
            return
        points = pd.timeline(progress.points, skill, mode, start) if skill else []
        drawn = (skill, mode, days, points)
        if drawn == self._drawn and self.stack.currentWidget() is self.chart:
            return  # read again, the same sessions: the chart as it is (and where it was moved)
        self._drawn = drawn
        self.shown = points
        if not points:
            name = f"<b>{pd.skill_title(skill) if skill else _('this skill')}</b>"
            mode_name = self.mode_box.currentText().lower() if mode else ""
            period = self.range_box.currentText().lower()
            if mode and days:
                line = _("No {mode} session of {skill} in the {period}.")
            elif mode:
                line = _("No {mode} session of {skill} yet.")
            elif days:
                line = _("No session of {skill} in the {period}.")
            else:
                line = _("No session of {skill} yet.")
            self.empty.setText(
                "<p style='font-size:large'>"
                + line.format(mode=mode_name, skill=name, period=period)
                + "</p><p>"
                + _("Choose another skill, mode or date range above.")
                + "</p>"
            )
            self.stack.setCurrentWidget(self.empty)
            self.summary.setText("")
            return
        self.stack.setCurrentWidget(self.chart)
        every = skill == pd.ALL_SKILLS
        target_s = None if every else TARGETS.get(skill or "", None)
        if target_s is None and not every:
            target_s = (progress.skills.get(skill or "") or _NO_STATS).target_s
        xs = [p.started for p in points]
        accuracy = [100 * (p.accuracy or 0.0) for p in points]
        times = [pd.point_ms(p) for p in points]
        timed = [(x, t) for x, t in zip(xs, times, strict=True) if t is not None]
        self.accuracy_curve.setData(xs, accuracy)
        self.time_curve.setData([x for x, _ in timed], [t / 1000 for _, t in timed])
        self.plot.getPlotItem().getAxis("right").setLabel(
            _("Mean time") if every else _("Median time"), units="s"
        )
        avg_acc, avg_ms = pd.moving_average(points)
        self.accuracy_average.setData(xs, [100 * (a or 0.0) for a in avg_acc])
        ms_x = [x for x, m in zip(xs, avg_ms, strict=True) if m is not None]
        self.time_average.setData(ms_x, [m / 1000 for m in avg_ms if m is not None])
        self.marker.setData([], [])

        low = min(accuracy)
        self.accuracy_box.setYRange(max(0.0, min(low, 90.0) - 5), 101, padding=0)
        slowest = max([t for _, t in timed] + [(target_s or 0) * 1000]) / 1000
        self.time_box.setYRange(0, max(slowest * 1.15, 0.5), padding=0)
        if target_s is not None:
            self.target_line.setValue(target_s)
            self.target_line.label.setFormat(
                _("target {time}").format(
                    time=format_seconds(target_s * 1000, places=_places(target_s))
                )
            )
            self.target_line.show()
        else:
            self.target_line.hide()
        # The axis fits the sessions shown, not the date range chosen: a day of sessions is
        # spread over that day, not drawn as one line at the end of a month.
        lo, hi = xs[0], xs[-1]
        pad = max((hi - lo) * 0.04, MIN_PAD_S)
        self.accuracy_box.setXRange(lo - pad, hi + pad, padding=0)
        self._sync_boxes()

        n = sum(p.attempts for p in points)
        right = sum(p.correct for p in points)
        self.summary.setText(
            _("{sessions} sessions · {answers} answers · {share} right").format(
                sessions=len(points), answers=format_number(n), share=_pct(right / n)
            )
        )
        window = QPalette.ColorRole.Window
        time_ink, good_ink = ink(TIME_COLOUR, window).name(), ink(GOOD, window).name()
        accuracy_ink = ink(ACCURACY_COLOUR, window).name()
        target = (
            ""
            if target_s is None
            else f" &nbsp; <span style='color:{time_ink}'>-&nbsp;-&nbsp;"
            + _("target {time}").format(
                time=format_seconds(target_s * 1000, places=_places(target_s))
            )
            + "</span>"
        )
        what = _("mean time per session, every skill") if every else _("median time per session")
        average = _("moving average")
        self.legend.setText(
            f"<span style='color:{accuracy_ink}'>● {_('accuracy per session')} &nbsp; "
            f"━ {average} "
            + _("({count} sessions)").format(count=pd.MOVING_WINDOW)
            + "</span> &nbsp; "
            f"<span style='color:{good_ink}'>- - {format_percent(0.95)}</span> &nbsp;&nbsp; "
            f"<span style='color:{time_ink}'>▲ {what} &nbsp; "
            f"━ {average}</span>{target} &nbsp; "
            f"<span style='color:{_muted_name()}'>{_('(hover a point for its session)')}</span>"
        )

    def title(self) -> str:
        """What the chart shows, for the file it is exported to."""
        every = self.skill == pd.ALL_SKILLS
        if every:
            return _("Accuracy and mean time per session")
        return _("Accuracy and median time per session")

    def subtitle(self) -> str:
        """The trainee, the skill and the filters of the chart shown."""
        progress = self.progress
        who = progress.profile if progress is not None else ""
        skill = pd.skill_title(self.skill) if self.skill else ""
        parts = [who, skill, self.mode_box.currentText(), self.range_box.currentText()]
        return " · ".join(p for p in parts if p)

    # hover
    def point_text(self, point: pd.SessionPoint) -> str:
        target = TARGETS.get(point.skill)
        mode = _(MODE_NAMES[point.mode]) if point.mode in MODE_NAMES else point.mode
        lines = [
            f"{_when(point.started)} · {mode}" + ("" if point.ended else _(" (not ended)")),
            _("{skill}: {right} right of {count} ({share})").format(
                skill=pd.skill_title(point.skill),
                right=point.correct,
                count=point.attempts,
                share=_pct(point.accuracy),
            ),
            (
                _("mean {time}").format(time=_secs(pd.point_ms(point)))
                if point.skill == pd.ALL_SKILLS
                else _("median {time} · p90 {p90}").format(
                    time=_secs(point.median_ms), p90=_secs(point.p90_ms)
                )
            )
            + (
                ""
                if target is None
                else " · "
                + _("target {time}").format(
                    time=format_seconds(target * 1000, places=_places(target))
                )
            ),
            _("session {number}").format(number=point.session_id),
        ]
        return "\n".join(lines)

    def nearest(self, scene_x: float, scene_y: float, radius: float = 14) -> int | None:
        """Index (into `shown`) of the session point nearest a scene position, if close."""
        best, best_d = None, radius
        for i, p in enumerate(self.shown):
            spots = [
                self.accuracy_box.mapViewToScene(self.pg.Point(p.started, 100 * (p.accuracy or 0)))
            ]
            ms = pd.point_ms(p)
            if ms is not None:
                spots.append(self.time_box.mapViewToScene(self.pg.Point(p.started, ms / 1000)))
            for spot in spots:
                d = math.hypot(spot.x() - scene_x, spot.y() - scene_y)
                if d < best_d:
                    best, best_d = i, d
        return best

    def _hover(self, pos: Any) -> None:
        index = self.nearest(pos.x(), pos.y())
        if index is None:
            self.marker.setData([], [])
            QToolTip.hideText()
            return
        p = self.shown[index]
        self.marker.setData([p.started], [100 * (p.accuracy or 0)])
        view = self.plot
        QToolTip.showText(view.mapToGlobal(view.mapFromScene(pos)), self.point_text(p), view)


def _axes(*numbers: str) -> dict[str, Any]:
    """A chart's axes, made with its plot (`axisItems`): dates along the bottom, numbers on the
    sides named (a side given an axis is shown), in the trainee's language (`ui.progress.axes`)."""
    from ui.progress.axes import DateAxis, NumberAxis

    return {"bottom": DateAxis(), **{side: NumberAxis(side) for side in numbers}}


_NO_STATS = SkillStats("", 0, 0, 0, None, None, 0, 0, None, None, False)


# -- deal shoes --------------------------------------------------------------------------------

PACE_COLOUR = QColor("#2a6fdb")
REFERENCE_COLOUR = QColor("#7d8590")


class ShoesTab(QWidget):
    """Rounds per hour of every deal shoe over time, each against the school's reference for
    the boxes it was dealt to (`progress_data.shoe_lines`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        import pyqtgraph as pg

        self.pg = pg
        self.shown: list[pd.SessionLine] = []
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        self.summary = QLabel()
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        # on two lines where one is too narrow: French and Italian are longer (1024 wide)
        self.legend.setWordWrap(True)
        self.plot = pg.PlotWidget(
            background=base,
            axisItems=_axes("left"),
            viewBox=pg.ViewBox(enableMenu=False),
        )
        self.plot.setMinimumHeight(240)
        item = self.plot.getPlotItem()
        item.showGrid(x=False, y=True, alpha=0.15)
        item.setMenuEnabled(False)
        item.hideButtons()
        for side in ("left", "bottom"):
            axis = item.getAxis(side)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))
        item.getAxis("left").setLabel(_("Rounds per hour"))
        item.getAxis("left").enableAutoSIPrefix(False)
        self.box = item.getViewBox()
        self.box.setMouseEnabled(x=True, y=False)
        self.box.disableAutoRange()
        pace = PACE_COLOUR
        self.pace_curve = pg.PlotDataItem(
            pen=pg.mkPen(pace, width=2),
            symbol="o",
            symbolSize=8,
            symbolBrush=pace,
            symbolPen=pg.mkPen(base),
        )
        # each shoe's reference for its boxes, a step where the number of boxes changes
        self.reference_curve = pg.PlotDataItem(
            pen=pg.mkPen(REFERENCE_COLOUR, width=1.5, style=Qt.PenStyle.DashLine),
            stepMode="center",
        )
        self.box.addItem(self.reference_curve)
        self.box.addItem(self.pace_curve)
        self.marker = pg.ScatterPlotItem(size=16, pen=pg.mkPen(text, width=2), brush=None)
        self.box.addItem(self.marker)
        self.plot.scene().sigMouseMoved.connect(self._hover)

        self.empty = _message("")
        self.stack = QStackedWidget()
        chart = QWidget()
        chart_layout = QVBoxLayout(chart)
        chart_layout.setContentsMargins(0, 0, 0, 0)
        chart_layout.addWidget(self.legend)
        chart_layout.addWidget(self.plot, 1)
        self.chart = chart
        self.stack.addWidget(chart)
        self.stack.addWidget(self.empty)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.stack, 1)

    def set_progress(self, progress: pd.Progress) -> None:
        if not progress.complete:
            self.shown = []
            self.summary.setText("")
            self.empty.setText("<p>" + esc(_("Reading the whole history…")) + "</p>")
            self.stack.setCurrentWidget(self.empty)
            return
        shoes = pd.shoe_lines(progress.sessions)
        self.shown = shoes
        if not shoes:
            self.summary.setText("")
            self.empty.setText(
                "<p style='font-size:large'>" + esc(_("No deal shoe yet.")) + "</p><p>"
                + esc(
                    _(
                        "Deal one (Deal a shoe…) and come back: each shoe's rounds per hour "
                        "show here against a dealer school's reference for the boxes played."
                    )
                )
                + "</p>"
            )  # fmt: skip
            self.stack.setCurrentWidget(self.empty)
            return
        self.stack.setCurrentWidget(self.chart)
        xs = [x.started for x in shoes]
        rates = [x.rounds_per_hour or 0.0 for x in shoes]
        refs = [x.reference_per_hour or 0.0 for x in shoes]
        self.pace_curve.setData(xs, rates)
        # a step a shoe: from halfway to the shoe before to halfway to the shoe after
        pad = max((xs[-1] - xs[0]) * 0.04, MIN_PAD_S)
        edges = [xs[0] - pad] + [(a + b) / 2 for a, b in pairwise(xs)] + [xs[-1] + pad]
        self.reference_curve.setData(edges, refs)
        self.marker.setData([], [])
        top = max(rates + refs)
        self.box.setYRange(0, top * 1.15, padding=0)
        self.box.setXRange(xs[0] - pad, xs[-1] + pad, padding=0)
        rounds = sum(x.shoe.rounds for x in shoes if x.shoe is not None)
        errors = sum(x.errors for x in shoes)
        self.summary.setText(
            " · ".join(
                (
                    ngettext("{n} deal shoe", "{n} deal shoes", len(shoes)).format(
                        n=format_number(len(shoes))
                    ),
                    ngettext("{n} round", "{n} rounds", rounds).format(n=format_number(rounds)),
                    ngettext("{n} error", "{n} errors", errors).format(n=format_number(errors)),
                    _("the last at {rate} rounds/h (reference {reference})").format(
                        rate=format_number(round(rates[-1])),
                        reference=format_number(round(refs[-1])),
                    ),
                )
            )
        )
        window = QPalette.ColorRole.Window
        pace_ink, ref_ink = ink(PACE_COLOUR, window).name(), ink(REFERENCE_COLOUR, window).name()
        pace = esc(_("rounds per hour, per shoe"))
        reference = esc(
            _(
                "a dealer school's reference for the boxes played (about 50–60 at 7 boxes, "
                "more with fewer players)"
            )
        )
        hover = esc(_("(hover a point for its shoe)"))
        self.legend.setText(
            f"<span style='color:{pace_ink}'>● {pace}</span> &nbsp; "
            f"<span style='color:{ref_ink}'>- - {reference}</span> &nbsp; "
            f"<span style='color:{_muted_name()}'>{hover}</span>"
        )

    def title(self) -> str:
        return _("Rounds per hour per deal shoe")

    def point_text(self, line: pd.SessionLine) -> str:
        boxes = line.shoe.boxes if line.shoe else 0
        return "\n".join(
            (
                _when(line.started) + ("" if line.ended else " " + _("(not ended)")),
                line.shoe_text,
                ngettext(
                    "reference at {boxes} box: {rate} rounds/h",
                    "reference at {boxes} boxes: {rate} rounds/h",
                    boxes,
                ).format(boxes=boxes, rate=format_number(round(line.reference_per_hour or 0))),
                _("session {id}").format(id=line.session_id),
            )
        )

    def nearest(self, scene_x: float, scene_y: float, radius: float = 14) -> int | None:
        best, best_d = None, radius
        for i, line in enumerate(self.shown):
            spot = self.box.mapViewToScene(self.pg.Point(line.started, line.rounds_per_hour or 0))
            d = math.hypot(spot.x() - scene_x, spot.y() - scene_y)
            if d < best_d:
                best, best_d = i, d
        return best

    def _hover(self, pos: Any) -> None:
        index = self.nearest(pos.x(), pos.y())
        if index is None:
            self.marker.setData([], [])
            QToolTip.hideText()
            return
        line = self.shown[index]
        self.marker.setData([line.started], [line.rounds_per_hour or 0])
        view = self.plot
        QToolTip.showText(view.mapToGlobal(view.mapFromScene(pos)), self.point_text(line), view)


# -- skills and the heat map -------------------------------------------------------------------


def error_colour(rate: float) -> QColor:
    """Green when never wrong, through yellow, to red at 25 % wrong and more."""
    t = min(max(rate / 0.25, 0.0), 1.0)
    return QColor.fromHsvF((1 - t) * 0.33, 0.30 + 0.45 * t, 0.97 - 0.1 * t)


def speed_colour(slowness: float | None) -> QColor:
    if slowness is None:
        return QColor("#999999")
    return GOOD if slowness <= 1.0 else WARN if slowness <= 1.5 else BAD


class HeatMap(QWidget):
    """The items of one skill as tiles: fill by error rate, bar by mean time against target."""

    TILE = QSize(112, 52)
    GAP = 6
    HEAD = 52
    FEW = 5  # fewer attempts than this: drawn faded

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cells: list[pd.ItemCell] = []
        self.skill: str | None = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_cells(self, skill: str | None, cells: Sequence[pd.ItemCell]) -> None:
        self.skill = skill
        self.cells = list(cells)
        self.updateGeometry()
        self.setMinimumHeight(self.heightForWidth(max(self.width(), 400)))
        self.update()

    def _columns(self, width: int) -> int:
        return max(1, (width - self.GAP) // (self.TILE.width() + self.GAP))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        rows = math.ceil(len(self.cells) / self._columns(width)) if self.cells else 1
        return self.HEAD + rows * (self.TILE.height() + self.GAP) + self.GAP

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(720, self.heightForWidth(720))

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        self.setMinimumHeight(self.heightForWidth(self.width()))
        super().resizeEvent(event)

    def tile_rect(self, index: int) -> QRect:
        cols = self._columns(self.width())
        row, col = divmod(index, cols)
        return QRect(
            self.GAP + col * (self.TILE.width() + self.GAP),
            self.HEAD + row * (self.TILE.height() + self.GAP),
            self.TILE.width(),
            self.TILE.height(),
        )

    def cell_at(self, pos: QPoint) -> pd.ItemCell | None:
        for i, cell in enumerate(self.cells):
            if self.tile_rect(i).contains(pos):
                return cell
        return None

    def cell_text(self, cell: pd.ItemCell) -> str:
        mean = format_seconds(cell.mean_ms, places=2)
        if cell.target_s is None:
            time = _("mean time {time}").format(time=mean)
        else:
            target = format_seconds(cell.target_s * 1000, places=_places(cell.target_s))
            time = _("mean time {time} (target {target})").format(time=mean, target=target)
        counts = ngettext(
            "{count} attempt, {wrong} wrong ({share})",
            "{count} attempts, {wrong} wrong ({share})",
            cell.attempts,
        ).format(count=cell.attempts, wrong=cell.wrong, share=format_percent(cell.error_rate))
        return f"{pd.item_name(cell.item)}\n{counts}\n{time}"

    def event(self, event: QEvent) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QEvent.Type.ToolTip:
            cell = self.cell_at(event.pos())
            if cell is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.cell_text(cell), self)
            return True
        return super().event(event)

    def tile_colours(self, cell: pd.ItemCell, base: QColor) -> tuple[QColor, QColor]:
        """A tile's fill (its error rate's colour, faded over `base` for a few attempts) and
        the ink of its text: dark or light, whichever stands out more, and the fill moved
        towards the other end until the text stands 4.5:1 on it."""
        fill = error_colour(cell.error_rate)
        if cell.attempts < self.FEW:
            fill.setAlphaF(0.45)
        fill = over(fill, base)
        dark, light = QColor("#1d1d1d"), QColor("#ffffff")
        text = dark if contrast(dark, fill) >= contrast(light, fill) else light
        return readable(fill, text), text

    def paintEvent(self, event: Any) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        text = palette.color(QPalette.ColorRole.Text)
        painter.setPen(text)
        head = QFont(self.font())
        head.setBold(True)
        painter.setFont(head)
        if self.skill is None:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, _("Choose a skill above."))
            return
        target = TARGETS.get(self.skill)
        items = ngettext("{skill}: {count} item", "{skill}: {count} items", len(self.cells))
        title = items.format(skill=pd.skill_title(self.skill), count=len(self.cells))
        painter.drawText(QRect(self.GAP, 4, self.width(), 20), Qt.AlignmentFlag.AlignLeft, title)
        painter.setFont(self.font())
        # The legend: the error scale, then the time bar.
        metrics = painter.fontMetrics()
        line = metrics.height()
        y = 8 + line
        x = self.GAP
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        for words in (_("fill: errors"), format_percent(0)):
            painter.drawText(QRect(x, y, 300, line), left, words)
            x += metrics.horizontalAdvance(words) + 6
        for k in range(6):
            painter.fillRect(QRect(x + k * 22, y + 2, 22, line - 4), error_colour(k * 0.05))
        x += 6 * 22 + 6
        most = format_percent(0.25) + "+"
        painter.drawText(QRect(x, y, 60, line), left, most)
        x += metrics.horizontalAdvance(most) + 28
        mid = y + line // 2
        painter.fillRect(QRect(x, mid - 2, 40, 5), GOOD)
        painter.fillRect(QRect(x + 40, mid - 2, 20, 5), WARN)
        painter.fillRect(QRect(x + 60, mid - 2, 20, 5), BAD)
        painter.setPen(QPen(text, 1.5))
        painter.drawLine(x + 40, mid - 6, x + 40, mid + 6)
        bar = (
            _("bar: mean time; the tick is the target, a full bar twice it")
            if target is not None
            else _("bar: mean time (this skill has no target)")
        )
        painter.drawText(QRect(x + 88, y, 600, line), left, bar)
        if not self.cells:
            painter.drawText(
                QRect(0, self.HEAD, self.width(), 40),
                Qt.AlignmentFlag.AlignCenter,
                _("No item of this skill asked yet."),
            )
            return
        small = QFont(self.font())
        small.setPointSizeF(max(small.pointSizeF() * 0.85, 7))
        label_font = QFont(self.font())
        label_font.setBold(True)
        base = palette.color(QPalette.ColorRole.Base)
        for i, cell in enumerate(self.cells):
            rect = self.tile_rect(i)
            fill, black = self.tile_colours(cell, base)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 4, 4)
            painter.setPen(black)
            painter.setFont(label_font)
            inner = rect.adjusted(6, 3, -6, -10)
            label = painter.fontMetrics().elidedText(
                cell.label, Qt.TextElideMode.ElideRight, inner.width()
            )
            painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)
            painter.setFont(small)
            painter.drawText(
                inner,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                f"{format_percent(cell.error_rate)} · {format_seconds(cell.mean_ms)} · "
                f"{cell.attempts}",
            )
            # The time bar: the tick at half the width is the target, the full width twice it.
            slowness = cell.slowness
            track = QRect(rect.left() + 6, rect.bottom() - 7, rect.width() - 12, 4)
            painter.fillRect(track, QColor(0, 0, 0, 35))
            share = min((slowness if slowness is not None else 0) / 2, 1.0)
            painter.fillRect(
                QRect(track.left(), track.top(), int(track.width() * share), 4),
                speed_colour(slowness),
            )
            if slowness is not None:
                painter.setPen(QPen(black, 1))
                mid = track.left() + track.width() // 2
                painter.drawLine(mid, track.top() - 2, mid, track.bottom() + 2)


class _SortItem(QTableWidgetItem):
    """A table cell that sorts by its raw value (Qt.UserRole), not by its text."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(Qt.ItemDataRole.UserRole), other.data(Qt.ItemDataRole.UserRole)
        if mine is None or theirs is None:
            return (mine is None) > (theirs is None)
        try:
            return bool(mine < theirs)
        except TypeError:
            return str(mine) < str(theirs)


SKILL_COLUMNS = (
    N_("Skill"),
    N_("Attempts"),
    N_("Accuracy"),
    N_("Median"),
    "p90",
    N_("Target"),
    N_("Since last week"),
    N_("Mastered"),
)


def _skill_of(table: QTableWidget, row: int) -> Any:
    item = table.item(row, 0)
    return None if item is None else item.data(Qt.ItemDataRole.UserRole + 1)


class SkillsTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.progress: pd.Progress | None = None
        self.table = QTableWidget(0, len(SKILL_COLUMNS))
        self.table.setHorizontalHeaderLabels([_(c) for c in SKILL_COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        # every column but the last is as wide as its contents; the last, "Mastered", takes
        # the room left, its text short (the sentences in its tooltip) and wrapped onto a second
        # line, its row taller, where even that does not fit: read whole, never cut with "…"
        self.table.setWordWrap(True)
        rows = self.table.verticalHeader()
        rows.setMinimumSectionSize(rows.defaultSectionSize())  # as tall as ever, or taller
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        for i in range(len(SKILL_COLUMNS)):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(SKILL_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selected)
        self.heatmap = HeatMap()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.heatmap)
        self.scroll_area = scroll
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(scroll)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        note = QLabel(
            _(
                "Mastered: at least {attempts} attempts and, over the last {window}, {share} "
                "right with a median within the target. Select a skill to see its items."
            ).format(
                attempts=MASTERY.min_attempts,
                window=MASTERY.window,
                share=format_percent(float(MASTERY.accuracy)),
            )
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(note)

    def skills_shown(self) -> list[str]:
        return [_skill_of(self.table, r) for r in range(self.table.rowCount())]

    def set_progress(self, progress: pd.Progress, select: str | None = None) -> None:
        self.progress = progress
        stats = progress.skills
        order = [s for s in SKILLS if s in stats] + sorted(set(stats) - set(SKILLS))
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(order))
        for row, skill in enumerate(order):
            s = stats[skill]
            target_ms = None if s.target_s is None else s.target_s * 1000
            trend_text, trend_colour, trend_tip = _trend_text(progress.trends.get(skill))
            gaps = pd.mastery_gaps(s)
            # a word or two a gap, the sentences in the tooltip: the cell reads whole at 1024
            # wide in every language, where the sentences ended in "…"
            mastered = (
                _("✓ mastered")
                if s.mastered
                else _("✗ {gaps}").format(gaps=" · ".join(pd.mastery_brief(s)))
            )
            cells: list[tuple[str, Any, QColor | None, str]] = [
                (pd.skill_title(skill), row, None, skill),  # sorts in curriculum order
                (format_number(s.attempts), s.attempts, None, ""),
                (_pct(s.accuracy), s.accuracy, None, ""),
                (
                    _secs(s.median_ms),
                    s.median_ms,
                    None
                    if s.median_ms is None or target_ms is None
                    else GOOD
                    if s.median_ms <= target_ms
                    else BAD,
                    "",
                ),
                (_secs(s.p90_ms), s.p90_ms, None, ""),
                (_secs(target_ms), target_ms, None, ""),
                (
                    trend_text,
                    (progress.trends.get(skill) or _NO_TREND).accuracy_change,
                    trend_colour,
                    trend_tip,
                ),
                (
                    mastered,
                    s.mastered,
                    GOOD if s.mastered else None,
                    "\n".join(gaps),
                ),
            ]
            for col, (text, raw, colour, tip) in enumerate(cells):
                item = _SortItem(text)
                item.setData(Qt.ItemDataRole.UserRole, raw)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole + 1, skill)
                elif tip:
                    item.setToolTip(tip)
                if colour is not None:
                    item.setForeground(ink(colour))
                if 0 < col < len(cells) - 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, col, item)
        self.table.setSortingEnabled(True)
        self.table.sortItems(0, Qt.SortOrder.AscendingOrder)  # the curriculum's order
        want = select if select in order else (order[0] if order else None)
        if want is not None:
            self.select(want)
        else:
            self.heatmap.set_cells(None, [])

    def current(self) -> str | None:
        """The skill whose items are shown."""
        return self.heatmap.skill

    def select(self, skill: str) -> None:
        for row in range(self.table.rowCount()):
            if _skill_of(self.table, row) == skill:
                self.table.selectRow(row)
                self._selected()
                return

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.progress is None:
            return
        skill = _skill_of(self.table, rows[0].row())
        self.heatmap.set_cells(skill, [c for c in self.progress.items if c.skill == skill])


_NO_TREND = pd.Trend("", 0, 0, 0, 0, 0, 0)


# -- sessions ----------------------------------------------------------------------------------

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
                return _when(line.started)
            if col == 1:
                return _(MODE_NAMES[line.mode]) if line.mode in MODE_NAMES else line.mode
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
                return _pct(line.accuracy)
            if col == 6:
                return _secs(line.mean_ms)
            if line.ended is None:
                return _("not ended")
            minutes = round(max(0, line.ended - line.started) / 60)
            return _("after {minutes} min").format(minutes=minutes)
        if role == Qt.ItemDataRole.ToolTipRole and col == 2 and line.is_shoe:
            return line.shoe_text  # whole, where the column is too narrow for it
        if role == Qt.ItemDataRole.UserRole:
            return self.raw(line, col)
        if role == Qt.ItemDataRole.UserRole + 1:
            return line.session_id
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 3:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col == 5 and line.accuracy is not None:
            return ink(GOOD) if line.accuracy >= 0.95 else None
        return None


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

        self.title = _bold(QLabel(_(OPEN_A_SESSION)))
        self.title.setWordWrap(True)
        self.attempts = QTableWidget(0, len(ATTEMPT_COLUMNS))
        self.attempts.setHorizontalHeaderLabels([_(c) if c else c for c in ATTEMPT_COLUMNS])
        self.attempts.verticalHeader().hide()
        self.attempts.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.attempts.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.attempts.setWordWrap(False)
        ah = self.attempts.horizontalHeader()
        for col in range(len(ATTEMPT_COLUMNS)):
            ah.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        ah.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
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
        mode = _(MODE_NAMES[stats.mode]) if stats.mode in MODE_NAMES else stats.mode
        self.title.setText(
            f"{_when(stats.started.timestamp())} · {mode}{end} — "
            + _("{right} right of {count} ({share}), median {median}, p90 {p90}").format(
                right=o.correct,
                count=o.attempts,
                share=_pct(o.accuracy),
                median=_secs(o.median_ms),
                p90=_secs(o.p90_ms),
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
                a.expected,
                "✓" if a.correct else "✗",
                _secs(a.response_ms),
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


# -- readiness ---------------------------------------------------------------------------------


class ReadinessTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = _bold(QLabel(), 1.6)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels((_("Requirement"), "", _("What is still missing")))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(False)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.verdict)
        layout.addWidget(self.detail)
        layout.addWidget(self.table, 1)

    def set_progress(self, progress: pd.Progress, rules: str) -> None:
        r = progress.readiness
        if r.ready:
            self.verdict.setText(
                _("✓ {profile} is ready for the table").format(profile=progress.profile)
            )
            self.verdict.setStyleSheet(f"color: {ink(GOOD, QPalette.ColorRole.Window).name()};")
        else:
            self.verdict.setText(
                _("{profile} is not ready for the table yet").format(profile=progress.profile)
            )
            self.verdict.setStyleSheet(f"color: {ink(WARN, QPalette.ColorRole.Window).name()};")
        exam = _("passed") if r.exam_passed else _("not passed yet")
        self.detail.setText(
            "<p>"
            + _(
                "The dealer-school bar: every skill mastered — at least {attempts} attempts and, "
                "over the last {window}, {share} right with a median within the target — and the "
                "exam passed: {exam_share} right with every skill asked."
            ).format(
                attempts=MASTERY.min_attempts,
                window=MASTERY.window,
                share=format_percent(float(MASTERY.accuracy)),
                exam_share=format_percent(float(pd.EXAM_PASS_FRACTION)),
            )
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
                day=_when(e.started, False),
                right=e.correct,
                count=e.attempts,
                share=_pct(e.accuracy),
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


# -- the window --------------------------------------------------------------------------------


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
    ) -> None:
        """`read_now` False: a window built ahead of time, which reads the history when first
        shown (the chart is built now if pyqtgraph is in)."""
        super().__init__(parent)
        self.store = store
        self.settings = settings
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

        self.message = _message("")
        self.tabs = QTabWidget()
        self.timeline: TimelineTab | None = None  # built once pyqtgraph is in
        self._timeline_slot = QStackedWidget()
        self._timeline_slot.addWidget(_message(_("Drawing the chart…")))
        self.skills = SkillsTab()
        self.sessions = SessionsTab(store, self.pool)
        self.sessions.drillAgain.connect(self.drillAgain)
        self.readiness = ReadinessTab()
        self.shoes: ShoesTab | None = None  # built once pyqtgraph is in
        self._shoes_slot = QStackedWidget()
        self._shoes_slot.addWidget(_message(_("Drawing the chart…")))
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
        try:
            rules = self.settings.rules()
        except Exception:  # noqa: BLE001 - readiness then asks for every skill
            return list(SKILLS)
        return [name for name, s in SKILLS.items() if s.available(rules) is None]

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
            self.message.setText(
                "<p>"
                + _("Reading the history of {profile}…").format(profile=f"<b>{profile}</b>")
                + "</p>"
            )
            self.body.setCurrentWidget(self.message)
        if not live:
            self.status.setText(_("Reading…"))
        store, targets, required = self.store, dict(TARGETS), self.required_skills()

        def work() -> pd.Progress:
            with store.reader() as reader:
                return pd.load_progress(reader, profile, targets, required, complete=False)

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

            self._job = run_in_background(
                rest,
                lambda whole: self._arrived(generation, whole),
                lambda error: self._failed(generation, error),
                pool=self.pool,
                owner=self,
            )
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
        if progress.empty:
            none_yet = _("No practice yet for {profile}.").format(profile=progress.profile)
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
                self.readiness.set_progress(progress, self.rules_text())
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
        if self.tabs.currentWidget() is self._shoes_slot:
            shoes = self.shoes
            if shoes is None or shoes.stack.currentWidget() is not shoes.chart:
                return None
            return shoes.chart
        if self.timeline is None or self.timeline.stack.currentWidget() is not self.timeline.chart:
            return None  # no session matches the filters: a message, not a chart
        return self.timeline.chart

    def chart_titles(self, chart: QWidget) -> tuple[str, str]:
        """The title of a chart and its line below: the trainee, the skill, the filters."""
        progress = self.progress
        who = progress.profile if progress is not None else self.profile
        if chart is self.skills.heatmap:
            skill = pd.skill_title(self.skills.current() or "")
            return _("Items: errors and time against the target"), f"{who} · {skill}"
        if self.shoes is not None and chart is self.shoes.chart:
            return self.shoes.title(), _("{who} · every deal shoe").format(who=who)
        assert self.timeline is not None
        return self.timeline.title(), self.timeline.subtitle()

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
        image = _titled(chart, title, f"{subtitle} · {exported}")
        if image.isNull() or not image.save(str(path), "PNG"):
            self._export_failed(_("The chart could not be saved to {path}.").format(path=path))
            return False
        self._exported(str(path))
        return True

    def export_pdf(self, path: str | Path) -> bool:
        from ui.progress.report import rules_line, write_report

        if self.progress is None:
            self._export_failed(_("The figures are not read yet."))
            return False
        try:
            rules = rules_line(self.settings.rules())
        except Exception:  # noqa: BLE001 - the rules the settings name, as they are
            rules = self.rules_text()
        try:
            write_report(path, self.progress, rules=rules)
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
        day = datetime.now().strftime("%Y-%m-%d")
        name = f"sabot-{self.profile}-{day}.{suffix}".replace(" ", "_")
        path, _kind = QFileDialog.getSaveFileName(self, title, str(Path.home() / name), kind)
        return path or None

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


__all__ = ["ProgressWindow", "HeatMap", "error_colour", "speed_colour"]
