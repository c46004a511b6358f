"""The Deal shoes tab of the progress view: the rounds per hour of every deal shoe over time,
each against a dealer school's reference for the boxes it was dealt to.

Imports pyqtgraph when it is built: `ui.progress.window` builds it once pyqtgraph is in."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QStackedWidget, QToolTip, QVBoxLayout, QWidget

from trainer.history import progress_data as pd
from trainer.i18n import format_number
from ui.i18n import _, ngettext
from ui.progress.charts import MIN_PAD_S, chart_axes, ink, message, muted_name, when
from ui.style import esc

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
            axisItems=chart_axes("left"),
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

        self.empty = message("")
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
            f"<span style='color:{muted_name()}'>{hover}</span>"
        )

    def title(self) -> str:
        return _("Rounds per hour per deal shoe")

    def point_text(self, line: pd.SessionLine) -> str:
        boxes = line.shoe.boxes if line.shoe else 0
        return "\n".join(
            (
                when(line.started) + ("" if line.ended else " " + _("(not ended)")),
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
