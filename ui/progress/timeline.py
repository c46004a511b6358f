"""The Timeline tab of the progress view: per session, the accuracy and the median time of one
skill (or of every skill, with the mean time) against the 95 % line and the skill's target,
filtered by skill, mode and dates, with a moving average and a tooltip for each session.

Imports pyqtgraph when it is built: `ui.progress.window` builds it once pyqtgraph is in."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from trainer.history import progress_data as pd
from trainer.history.measures import OWN_FIGURES
from trainer.history.stats import SkillStats
from trainer.i18n import format_number
from trainer.practice.drill import MODES
from trainer.practice.skills import SKILLS, TARGETS
from ui.i18n import N_, _
from ui.language import format_percent, format_seconds
from ui.progress.charts import GOOD, ChartTab, ink, mode_words, pct, places, secs, when
from ui.style import readable

ACCURACY_COLOUR = QColor("#2a6fdb")
TIME_COLOUR = QColor("#e07b1a")


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
    "review": N_("Review"),
}


_NO_STATS = SkillStats("", 0, 0, 0, None, None, 0, 0, None, None, False)


class TimelineTab(ChartTab):
    """Per session, accuracy (left axis) and median time (right axis) of one skill."""

    def __init__(self, parent: QWidget | None = None) -> None:
        numbers = {"left": (_("Accuracy"), "%"), "right": (_("Median time"), "s")}
        super().__init__(numbers, 260, parent)
        pg = self.pg
        self.progress: pd.Progress | None = None
        self.shown: list[pd.SessionPoint] = []
        self._drawn: tuple[Any, ...] | None = None  # what the chart was last drawn from

        self.skill_box = QComboBox()
        self.mode_box = QComboBox()
        self.mode_box.addItem(_("All modes"), None)
        for mode in MODES:
            if mode in OWN_FIGURES:  # a review's answers are no point of a skill's timeline
                continue
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
        # the skill's name whole, however long its words in the language of the moment
        self.skill_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

        item = self.plot.getPlotItem()
        self.accuracy_box = self.box
        self.time_box = pg.ViewBox(enableMenu=False)
        item.scene().addItem(self.time_box)
        item.getAxis("right").linkToView(self.time_box)
        self.time_box.setXLink(self.accuracy_box)
        self.time_box.setMouseEnabled(x=True, y=False)
        self.time_box.disableAutoRange()  # refresh() sets the ranges: no rescans on every setData
        self.value_boxes.append(self.time_box)
        self.accuracy_box.sigResized.connect(self._sync_boxes)

        acc, tim = ACCURACY_COLOUR, TIME_COLOUR
        self.pass_line = pg.InfiniteLine(
            pos=95,
            angle=0,
            pen=pg.mkPen(GOOD, width=1.5, style=Qt.PenStyle.DashLine),
            label=format_percent(0.95),
            labelOpts={"position": 0.005, "color": ink(GOOD), "anchors": [(0, 1), (0, 1)]},
        )
        self.accuracy_curve = self.dots(
            acc, pg.mkPen(_faint(acc), width=1), "o", 7, name="accuracy"
        )
        self.accuracy_average = pg.PlotDataItem(pen=pg.mkPen(acc, width=3))
        self.target_line = pg.InfiniteLine(
            pos=0,
            angle=0,
            pen=pg.mkPen(tim, width=1.5, style=Qt.PenStyle.DashLine),
            label=_("target"),
            labelOpts={"position": 0.97, "color": ink(tim), "anchors": [(1, 1), (1, 1)]},
        )
        self.time_curve = self.dots(
            tim, pg.mkPen(_faint(tim), width=1), "t1", 8, name="median time"
        )
        self.time_average = pg.PlotDataItem(pen=pg.mkPen(tim, width=3))
        for thing in (self.pass_line, self.accuracy_curve, self.accuracy_average):
            self.accuracy_box.addItem(thing)
        for thing in (self.target_line, self.time_curve, self.time_average):
            self.time_box.addItem(thing)
        self.accuracy_box.addItem(self.marker)

        legend_row = QHBoxLayout()
        legend_row.addWidget(self.legend, 1)
        # the summary beside the legend: the filters keep the row to themselves
        legend_row.addWidget(self.summary, 0, Qt.AlignmentFlag.AlignTop)
        self.lay_out(filters, legend_row)

    def paint_ground(self, ground: QColor, ink_colour: QColor) -> None:
        super().paint_ground(ground, ink_colour)
        # the lines' labels readable on the ground: the app's theme, or paper
        self.pass_line.label.setColor(readable(GOOD, ground))
        self.target_line.label.setColor(readable(TIME_COLOUR, ground))

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
            self.say("<p>" + _("Reading the whole history…") + "</p>")
            return
        points = pd.timeline(progress.points, skill, mode, start) if skill else []
        drawn = (skill, mode, days, points)
        if drawn == self._drawn and self.drawn() is not None:
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
            self.say(
                "<p style='font-size:large'>"
                + line.format(mode=mode_name, skill=name, period=period)
                + "</p><p>"
                + _("Choose another skill, mode or date range above.")
                + "</p>"
            )
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
                    time=format_seconds(target_s * 1000, places=places(target_s))
                )
            )
            self.target_line.show()
        else:
            self.target_line.hide()
        self.fit_dates(xs)
        self._sync_boxes()

        n = sum(p.attempts for p in points)
        right = sum(p.correct for p in points)
        self.summary.setText(
            _("{sessions} sessions · {answers} answers · {share} right").format(
                sessions=len(points), answers=format_number(n), share=pct(right / n)
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
                time=format_seconds(target_s * 1000, places=places(target_s))
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
            + self.hover_hint(_("(hover a point for its session)"))
        )

    def title(self) -> str:
        """What the chart shows, for the file it is exported to."""
        every = self.skill == pd.ALL_SKILLS
        if every:
            return _("Accuracy and mean time per session")
        return _("Accuracy and median time per session")

    def subtitle(self, who: str | None = None) -> str:
        """The trainee (`who`, else the profile), the skill and the filters of the chart shown."""
        progress = self.progress
        if who is None:
            who = progress.profile if progress is not None else ""
        skill = pd.skill_title(self.skill) if self.skill else ""
        parts = [who, skill, self.mode_box.currentText(), self.range_box.currentText()]
        return " · ".join(p for p in parts if p)

    # hover
    def point_text(self, point: pd.SessionPoint) -> str:
        target = TARGETS.get(point.skill)
        mode = mode_words(point.mode)
        lines = [
            f"{when(point.started)} · {mode}" + ("" if point.ended else _(" (not ended)")),
            _("{skill}: {right} right of {count} ({share})").format(
                skill=pd.skill_title(point.skill),
                right=point.correct,
                count=point.attempts,
                share=pct(point.accuracy),
            ),
            (
                _("mean {time}").format(time=secs(pd.point_ms(point)))
                if point.skill == pd.ALL_SKILLS
                else _("median {time} · p90 {p90}").format(
                    time=secs(point.median_ms), p90=secs(point.p90_ms)
                )
            )
            + (
                ""
                if target is None
                else " · "
                + _("target {time}").format(
                    time=format_seconds(target * 1000, places=places(target))
                )
            ),
            _("session {number}").format(number=point.session_id),
        ]
        return "\n".join(lines)

    def spots(self, item: pd.SessionPoint) -> list[tuple[Any, float, float]]:
        """Its accuracy (ringed when hovered) and, if timed, its time."""
        spots = [(self.accuracy_box, item.started, 100 * (item.accuracy or 0))]
        ms = pd.point_ms(item)
        if ms is not None:
            spots.append((self.time_box, item.started, ms / 1000))
        return spots


def _faint(colour: QColor) -> QColor:
    """`colour` for a line joining points: seen through, the points stand out."""
    return QColor(colour.red(), colour.green(), colour.blue(), 90)
