"""The Deal shoes tab of the progress view: the rounds per hour of every deal shoe over time,
each against a dealer school's reference for the boxes it was dealt to.

Imports pyqtgraph when it is built: `ui.progress.window` builds it once pyqtgraph is in."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

from trainer.history import progress_data as pd
from trainer.i18n import format_number
from ui.i18n import _, ngettext
from ui.progress.charts import ChartTab, ink, when
from ui.style import esc

PACE_COLOUR = QColor("#2a6fdb")
REFERENCE_COLOUR = QColor("#7d8590")
TYPED_COLOUR = QColor("#1a7f37")


class ShoesTab(ChartTab):
    """Rounds per hour of every deal shoe over time, each against the school's reference for
    the boxes it was dealt to (`progress_data.shoe_lines`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__({"left": (_("Rounds per hour"), None)}, 240, parent)
        pg = self.pg
        self.shown: list[pd.SessionLine] = []
        pace = PACE_COLOUR
        self.pace_curve = self.dots(pace, pg.mkPen(pace, width=2), "o", 8)
        # each shoe's reference for its boxes, a step where the number of boxes changes
        self.reference_curve = pg.PlotDataItem(
            pen=pg.mkPen(REFERENCE_COLOUR, width=1.5, style=Qt.PenStyle.DashLine),
            stepMode="center",
        )
        # the reference for typed dealing, as Sabot's trainee deals (trainer.practice.pace)
        self.typed_curve = pg.PlotDataItem(
            pen=pg.mkPen(TYPED_COLOUR, width=1.5, style=Qt.PenStyle.DotLine), stepMode="center"
        )
        self.box.addItem(self.reference_curve)
        self.box.addItem(self.typed_curve)
        self.box.addItem(self.pace_curve)
        self.box.addItem(self.marker)
        self.lay_out(self.summary, self.legend)

    def set_progress(self, progress: pd.Progress) -> None:
        if not progress.complete:
            self.say("<p>" + esc(_("Reading the whole history…")) + "</p>")
            return
        shoes = pd.shoe_lines(progress.sessions)
        self.shown = shoes
        if not shoes:
            self.say(
                "<p style='font-size:large'>" + esc(_("No deal shoe yet.")) + "</p><p>"
                + esc(
                    _(
                        "Deal one (Deal a shoe…) and come back: each shoe's rounds per hour "
                        "show here against two references for the boxes played: typed dealing, "
                        "as here, and a dealer school's, for dealers who speak."
                    )
                )
                + "</p>"
            )  # fmt: skip
            return
        self.stack.setCurrentWidget(self.chart)
        xs = [x.started for x in shoes]
        rates = [x.rounds_per_hour or 0.0 for x in shoes]
        refs = [x.reference_per_hour or 0.0 for x in shoes]
        typed = [x.typed_per_hour or 0.0 for x in shoes]
        self.pace_curve.setData(xs, rates)
        # a step a shoe: from halfway to the shoe before to halfway to the shoe after
        pad = self.fit_dates(xs)
        edges = [xs[0] - pad] + [(a + b) / 2 for a, b in pairwise(xs)] + [xs[-1] + pad]
        self.reference_curve.setData(edges, refs)
        self.typed_curve.setData(edges, typed)
        self.marker.setData([], [])
        top = max(rates + refs + typed)
        self.box.setYRange(0, top * 1.15, padding=0)
        rounds = sum(x.shoe.dealt for x in shoes if x.shoe is not None)
        errors = sum(x.errors for x in shoes)
        from trainer.history.shoes import standings

        # deal mode's own standard per number of boxes dealt, a line each, under the totals
        standard = [
            _("Deal a shoe · {standing}").format(standing=s.text)
            for s in standings(progress.sessions)
        ]
        self.summary.setText(
            "\n".join(
                [
                    " · ".join(
                        (
                            ngettext("{n} deal shoe", "{n} deal shoes", len(shoes)).format(
                                n=format_number(len(shoes))
                            ),
                            ngettext("{n} round", "{n} rounds", rounds).format(
                                n=format_number(rounds)
                            ),
                            ngettext("{n} error", "{n} errors", errors).format(
                                n=format_number(errors)
                            ),
                            _(
                                "the last at {rate} rounds/h (typed reference {typed}; a "
                                "school's, speaking, {reference})"
                            ).format(
                                rate=format_number(round(rates[-1])),
                                typed=format_number(round(typed[-1])),
                                reference=format_number(round(refs[-1])),
                            ),
                        )
                    ),
                    *standard,
                ]
            )
        )
        window = QPalette.ColorRole.Window
        pace_ink, ref_ink = ink(PACE_COLOUR, window).name(), ink(REFERENCE_COLOUR, window).name()
        typed_ink = ink(TYPED_COLOUR, window).name()
        pace = esc(_("rounds per hour, per shoe"))
        typed_reference = esc(
            _("typing every card and point, as here: each step at its drill's target time")
        )
        reference = esc(
            _(
                "a dealer school's reference for dealers who speak (about 50–60 at 7 boxes, "
                "more with fewer players)"
            )
        )
        hover = esc(_("(hover a point for its shoe)"))
        self.legend.setText(
            f"<span style='color:{pace_ink}'>● {pace}</span> &nbsp; "
            f"<span style='color:{typed_ink}'>··· {typed_reference}</span> &nbsp; "
            f"<span style='color:{ref_ink}'>- - {reference}</span> &nbsp; " + self.hover_hint(hover)
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
                    "reference at {boxes} box: typed {typed}, spoken {rate} rounds/h",
                    "reference at {boxes} boxes: typed {typed}, spoken {rate} rounds/h",
                    boxes,
                ).format(
                    boxes=boxes,
                    typed=format_number(round(line.typed_per_hour or 0)),
                    rate=format_number(round(line.reference_per_hour or 0)),
                ),
                _("session {id}").format(id=line.session_id),
            )
        )

    def spots(self, item: pd.SessionLine) -> list[tuple[Any, float, float]]:
        return [(self.box, item.started, item.rounds_per_hour or 0)]
