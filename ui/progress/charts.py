"""What the progress view's tabs share: the colours of good, bad and "watch out", the ink a
colour is written in on the theme of the moment, the figures as the view writes them (a share,
a time, a moment, a mode, a target's decimals), the labels and tables (a bold title, a centred
message, a read-only table), and `ChartTab`, the base of the tabs that draw a chart over dates
(Timeline, Deal shoes): its plot, axes, legend, hover and message in place of the chart.

No pyqtgraph at import: a `ChartTab` imports it when it is built, and the axes come from
`ui.progress.axes` then. This module is imported with the tabs by `ui.progress.window` (on the
main window's preload worker thread)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QLayout,
    QStackedWidget,
    QTableWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import format_date, format_number
from ui.i18n import N_, _
from ui.language import format_percent, format_seconds
from ui.style import muted, readable

GOOD = QColor("#2e9d4f")
BAD = QColor("#c8412f")
WARN = QColor("#c98a12")


def ink(colour: QColor, role: QPalette.ColorRole = QPalette.ColorRole.Base) -> QColor:
    """`colour` for a text on the palette's `role` (a table's Base, a label's Window): made
    darker or lighter as needed to stand 4.5:1 against it, in the light and the dark theme."""
    return readable(colour, QApplication.palette().color(role))


PAPER = QColor("#ffffff")  # an exported chart's ground: paper, or another screen
PAPER_INK = QColor("#1d1d1d")


def paper_palette() -> QPalette:
    """The palette an exported chart is drawn in, whatever the app's theme: dark ink on white."""
    p = QPalette(QApplication.palette())
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base):
        p.setColor(role, PAPER)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
        p.setColor(role, PAPER_INK)
    return p


@contextmanager
def on_paper(widget: QWidget) -> Iterator[None]:
    """`widget` drawn in `paper_palette` meanwhile, then in the app's again."""
    had_own = widget.testAttribute(Qt.WidgetAttribute.WA_SetPalette)
    before = widget.palette()
    widget.setPalette(paper_palette())
    try:
        yield
    finally:
        widget.setPalette(before if had_own else QPalette())


def paper_html(html: str) -> str:
    """A legend's rich text as paper shows it: each colour readable on white."""
    return re.sub(
        r"color:\s*(#[0-9a-fA-F]{6})",
        lambda m: "color:" + readable(QColor(m[1]), PAPER).name(),
        html,
    )


def muted_name() -> str:
    palette = QApplication.palette()
    text = palette.color(QPalette.ColorRole.WindowText)
    return muted(text, palette.color(QPalette.ColorRole.Window)).name()


# -- formatting --------------------------------------------------------------------------------


# a session's mode as the view names it
MODE_NAMES = {
    "practice": N_("practice"),
    "challenge": N_("challenge"),
    "sprint": N_("sprint"),
    "exam": N_("exam"),
    "review": N_("review"),
    "deal": N_("deal shoe"),
    "home": N_("home game"),
}


def mode_words(mode: str) -> str:
    """A session's mode in the trainee's words ("deal shoe", "entraînement"); one the view
    does not know, as stored."""
    return _(MODE_NAMES[mode]) if mode in MODE_NAMES else mode


def pct(x: float | None) -> str:
    if x is None:
        return "—"
    if x < 0.995 or x == 1:
        return format_percent(x)
    figure = format_number(Decimal(str(round(x * 100, 1))), places=1)  # "99.6%": not 100 % yet
    return format_percent(1).replace("100", figure)


def secs(ms: float | None) -> str:
    if ms is None:
        return "—"
    return format_seconds(ms) if ms < 100_000 else format_seconds(ms, places=0)


def when(unix: float, with_time: bool = True) -> str:
    """A moment as the language writes it: "1 Dec 2026 14:05", "1 déc. 2026 14:05"."""
    moment = datetime.fromtimestamp(unix)
    day = format_date(moment.date(), short=True)
    return f"{day} {moment:%H:%M}" if with_time else day


def places(seconds: float) -> int:
    """The decimals a target in seconds is written with: 2 s, 1.5 s."""
    return 0 if float(seconds).is_integer() else 1


# -- labels and tables -------------------------------------------------------------------------


def bold(label: QLabel, scale: float = 1.0) -> QLabel:
    font = label.font()
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def message(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setMargin(32)
    return label


def table(headers: Sequence[str], stretch: int) -> QTableWidget:
    """A table of figures to read, not edit: `headers` (in the trainee's words), its rows not
    numbered, each column as wide as its contents but `stretch`, which takes the room left."""
    widget = QTableWidget(0, len(headers))
    widget.setHorizontalHeaderLabels(list(headers))
    widget.verticalHeader().hide()
    widget.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = widget.horizontalHeader()
    for column in range(len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return widget


# -- charts ------------------------------------------------------------------------------------


MIN_PAD_S = 1800.0  # the timeline's margin either side of its sessions, at least


def chart_axes(*numbers: str) -> dict[str, Any]:
    """A chart's axes, made with its plot (`axisItems`): dates along the bottom, numbers on the
    sides named (a side given an axis is shown), in the trainee's language (`ui.progress.axes`)."""
    from ui.progress.axes import DateAxis, NumberAxis

    return {"bottom": DateAxis(), **{side: NumberAxis(side) for side in numbers}}


class ChartTab(QWidget):
    """A tab whose chart is a plot of points over dates, one point (or two) an item of `shown`:
    the plot and its axes (dates along the bottom, numbers on the sides named), the legend and
    the summary, the message shown in the chart's place (`say`), and the hover — the point
    nearest the mouse ringed by `marker`, its tooltip `point_text`.

    A tab adds its curves to `box` (the view box of the first numbers side) and `marker` last,
    so that it is drawn over them; it says where an item's points stand (`spots`) and what its
    tooltip says; it places `legend` and `summary` (`lay_out`)."""

    def __init__(
        self,
        numbers: dict[str, tuple[str, str | None]],
        min_height: int,
        parent: QWidget | None = None,
    ) -> None:
        """`numbers`: the sides with a numbers axis, and each one's label and units."""
        super().__init__(parent)
        import pyqtgraph as pg  # type: ignore[import-untyped]

        self.pg = pg
        self.shown: list[Any] = []
        palette = self.palette()
        self.base = palette.color(QPalette.ColorRole.Base)
        self.text_colour = palette.color(QPalette.ColorRole.Text)
        self.summary = QLabel()
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        # on two lines where one is too narrow for it (French and Italian are a fifth longer
        # than English, and the view fits a 1024-wide screen)
        self.legend.setWordWrap(True)

        axes = chart_axes(*numbers)
        self.date_axis = axes["bottom"]
        self.plot = pg.PlotWidget(
            background=self.base,
            axisItems=axes,
            viewBox=pg.ViewBox(enableMenu=False),  # the menus cost time and are not used
        )
        self.plot.setMinimumHeight(min_height)
        item = self.plot.getPlotItem()
        item.showGrid(x=False, y=True, alpha=0.15)  # an x grid costs a third of a paint
        item.setMenuEnabled(False)
        item.hideButtons()
        for side in ("bottom", *numbers):
            item.showAxis(side)
            axis = item.getAxis(side)
            axis.setPen(pg.mkPen(self.text_colour))
            axis.setTextPen(pg.mkPen(self.text_colour))
        for side, (label, units) in numbers.items():
            item.getAxis(side).setLabel(label, units=units)
            item.getAxis(side).enableAutoSIPrefix(False)
        self.box = item.getViewBox()
        self.box.setMouseEnabled(x=True, y=False)
        self.box.disableAutoRange()  # the tab sets the ranges: no rescans on every setData
        self.marker = pg.ScatterPlotItem(
            size=16, pen=pg.mkPen(self.text_colour, width=2), brush=pg.mkBrush(None)
        )
        self._dotted: list[Any] = []  # the curves of dots ringed in the chart's ground
        self.value_boxes: list[Any] = [self.box]  # a view box per numbers axis
        self._hint = ""  # the legend's how to hover, as `hover_hint` wrote it
        self.plot.scene().sigMouseMoved.connect(self._hover)
        self.empty = message("")
        self.stack = QStackedWidget()
        self.chart = QWidget()

    def lay_out(self, top: QWidget | QLayout, head: QWidget | QLayout) -> None:
        """The tab laid out, once the tab has made its parts: `top` (the filters, a summary)
        above the chart or the message in its place, `head` (the legend) above the plot. The
        keyboard goes through `top` first, then the chart."""
        chart_layout = QVBoxLayout(self.chart)
        chart_layout.setContentsMargins(0, 0, 0, 0)
        _add(chart_layout, head)
        chart_layout.addWidget(self.plot, 1)
        self.stack.addWidget(self.chart)
        self.stack.addWidget(self.empty)
        layout = QVBoxLayout(self)
        _add(layout, top)
        layout.addWidget(self.stack, 1)

    def dots(self, colour: QColor, line: Any, symbol: str, size: int, **more: Any) -> Any:
        """A curve of `colour`ed points (`symbol`, `size`), ringed in the chart's background,
        joined by `line` (a pen)."""
        curve = self.pg.PlotDataItem(
            pen=line,
            symbol=symbol,
            symbolSize=size,
            symbolBrush=colour,
            symbolPen=self.pg.mkPen(self.base),
            **more,
        )
        self._dotted.append(curve)
        return curve

    def say(self, html: str) -> None:
        """A message in the chart's place (nothing to draw yet, or nothing matches)."""
        self.shown = []
        self.summary.setText("")
        self.empty.setText(html)
        self.stack.setCurrentWidget(self.empty)

    def drawn(self) -> QWidget | None:
        """The chart, when it is drawn: None when a message stands in its place."""
        return self.chart if self.stack.currentWidget() is self.chart else None

    def fit_dates(self, xs: Sequence[float]) -> float:
        """The dates axis over the points at `xs` (in order), a margin either side, which is
        returned: it fits the points shown, not the date range chosen (a day of sessions is
        spread over that day, not drawn as one line at the end of a month)."""
        pad = max((xs[-1] - xs[0]) * 0.04, MIN_PAD_S)
        self.box.setXRange(xs[0] - pad, xs[-1] + pad, padding=0)
        return pad

    def hover_hint(self, text: str) -> str:
        """The legend's last words, muted: how to see a point's details (never on paper)."""
        self._hint = f"<span style='color:{muted_name()}'>{text}</span>"
        return self._hint

    @contextmanager
    def on_paper(self) -> Iterator[None]:
        """The chart as an export shows it, made for paper and another screen: dark ink on
        white whatever the app's theme, the legend's colours readable there and without how to
        hover (nothing hovers on paper), no point ringed, every numbers axis from 0 (the screen
        starts them near the figures, where a reader can tell them apart). The app's look
        again after."""
        legend = self.legend.text()
        self.marker.setData([], [])
        ranges = [(box, box.viewRange()[1]) for box in self.value_boxes]
        for box, (low, high) in ranges:
            if low > 0:
                box.setYRange(0, high, padding=0)
        with on_paper(self.chart):
            self.paint_ground(PAPER, PAPER_INK)
            bare = re.sub(r"(\s|&nbsp;)+$", "", legend.replace(self._hint, ""))
            self.legend.setText(paper_html(bare))
            try:
                yield
            finally:
                self.paint_ground(self.base, self.text_colour)
                self.legend.setText(legend)
                for box, (low, high) in ranges:
                    box.setYRange(low, high, padding=0)

    def paint_ground(self, ground: QColor, ink: QColor) -> None:
        """The plot's ground, its axes and the dots' rings in these colours."""
        self.plot.setBackground(ground)
        item = self.plot.getPlotItem()
        for side in ("bottom", "left", "right"):
            axis = item.getAxis(side)
            if axis.isVisible():
                axis.setPen(self.pg.mkPen(ink))
                axis.setTextPen(self.pg.mkPen(ink))
        for curve in self._dotted:
            curve.setSymbolPen(self.pg.mkPen(ground))

    # hover
    def spots(self, item: Any) -> list[tuple[Any, float, float]]:
        """Where the points of one item of `shown` stand: (view box, x, y) each, the first the
        one the marker rings."""
        raise NotImplementedError

    def point_text(self, item: Any) -> str:
        """The tooltip of one item of `shown`."""
        raise NotImplementedError

    def nearest(self, scene_x: float, scene_y: float, radius: float = 14) -> int | None:
        """Index (into `shown`) of the item with a point nearest a scene position, if close."""
        best, best_d = None, radius
        for i, item in enumerate(self.shown):
            for box, x, y in self.spots(item):
                spot = box.mapViewToScene(self.pg.Point(x, y))
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
        item = self.shown[index]
        _box, x, y = self.spots(item)[0]
        self.marker.setData([x], [y])
        view = self.plot
        QToolTip.showText(view.mapToGlobal(view.mapFromScene(pos)), self.point_text(item), view)


def _add(layout: QVBoxLayout, thing: QWidget | QLayout) -> None:
    if isinstance(thing, QLayout):
        layout.addLayout(thing)
    else:
        layout.addWidget(thing)
