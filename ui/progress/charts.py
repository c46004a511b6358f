"""What the progress view's tabs share: the colours of good, bad and "watch out", the ink a
colour is written in on the theme of the moment, the figures as the view writes them (a share,
a time, a moment, a target's decimals), the chart's axes and margins, and its labels (a bold
title, a centred message).

No pyqtgraph here: the axes are made by `ui.progress.axes` when a chart asks for them, and this
module is imported with the tabs by `ui.progress.window` (on the preload's worker thread)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from trainer.i18n import format_date, format_number
from ui.i18n import N_
from ui.language import format_percent, format_seconds
from ui.style import muted, readable

GOOD = QColor("#2e9d4f")
BAD = QColor("#c8412f")
WARN = QColor("#c98a12")


def ink(colour: QColor, role: QPalette.ColorRole = QPalette.ColorRole.Base) -> QColor:
    """`colour` for a text on the palette's `role` (a table's Base, a label's Window): made
    darker or lighter as needed to stand 4.5:1 against it, in the light and the dark theme."""
    return readable(colour, QApplication.palette().color(role))


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
    "deal": N_("deal shoe"),
}


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


# -- labels ------------------------------------------------------------------------------------


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


# -- charts ------------------------------------------------------------------------------------


MIN_PAD_S = 1800.0  # the timeline's margin either side of its sessions, at least


def chart_axes(*numbers: str) -> dict[str, Any]:
    """A chart's axes, made with its plot (`axisItems`): dates along the bottom, numbers on the
    sides named (a side given an axis is shown), in the trainee's language (`ui.progress.axes`)."""
    from ui.progress.axes import DateAxis, NumberAxis

    return {"bottom": DateAxis(), **{side: NumberAxis(side) for side in numbers}}
