"""The progress charts' axes in the trainee's language: numbers with the language's decimal mark
("1,5" in French and Italian, not pyqtgraph's "1.5") and groups of thousands ("1\u202f000",
"1.000", "1,000"), and dates with Sabot's own month names (`trainer.i18n`), never strftime's,
which are the C library's in the system's language.

Each tick is written when the axis is drawn, in the language of that moment; a switch of
language builds the progress view again, and with it its axes (an axis is made with its plot,
`axisItems={...}`, never swapped in later: pyqtgraph keeps the one it was built with).

This module imports pyqtgraph: only the progress view imports it, when it builds a chart, never
the app's start-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

import pyqtgraph as pg  # type: ignore[import-untyped]
from pyqtgraph.graphicsItems import DateAxisItem as dates  # type: ignore[import-untyped]

from trainer.i18n import format_date, format_number


def local_number(text: str, lang: str | None = None) -> str:
    """A tick pyqtgraph wrote ("0.50", "-2.5", "1e+04") with the language's decimal mark and as
    many decimals, and from 1000 up its groups of thousands as Sabot writes numbers elsewhere
    ("1,000", "1\u202f000", "1.000"); a text that is no number ("nan") as it was."""
    try:
        value = Decimal(text)
    except InvalidOperation:
        return text
    if not value.is_finite():
        return text
    mantissa = text.lower().partition("e")[0]
    places = len(mantissa.partition(".")[2]) if "e" not in text.lower() else None
    return format_number(value, lang, places=places, group=abs(value) >= 1000)


class NumberAxis(pg.AxisItem):
    """A numeric axis whose ticks are written as the trainee's language writes a number."""

    def tickStrings(self, values: Sequence[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        return [local_number(s) for s in super().tickStrings(values, scale, spacing)]


# The formats of pyqtgraph's zoom levels that name a day, a month or a year; the others (hours,
# minutes, seconds) are figures every language writes alike, but for a second's decimal mark.
_DAY = ("%d", "%a %d", "%d %b")
_MONTH = "%b"
_YEAR = "%Y"
_FRACTION = "%S.%f"


def date_tick(moment: datetime, form: str, lang: str | None = None) -> str:
    """One date tick in the trainee's language: a day as "7 Nov" / "7 nov." / "7 nov", a month
    by its short name, a year by its figures; a time of day as pyqtgraph writes it."""
    day = date(moment.year, moment.month, moment.day)
    if form in _DAY:
        return format_date(day, lang, short=True, year=False)
    if form == _MONTH:  # the month's short name: a short date ("1 Nov") without its day
        return format_date(day.replace(day=1), lang, short=True, year=False).partition(" ")[2]
    if form == _YEAR:
        return str(moment.year)
    text = moment.strftime(form)
    if form == _FRACTION:
        return local_number(text[:-3], lang)  # to the millisecond, as pyqtgraph shows it
    return text


class DateAxis(pg.DateAxisItem):
    """A date axis in the trainee's language, whose day ticks say the month too ("7 Nov", not
    "07"), a month's first day included."""

    def __init__(self, orientation: str = "bottom", **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        days = dates.ZoomLevel(
            [
                dates.TickSpec(dates.MONTH_SPACING, dates.makeMStepper(1), "%d %b"),
                dates.TickSpec(
                    dates.DAY_SPACING,
                    dates.makeSStepper(dates.DAY_SPACING),
                    "%d %b",
                    autoSkip=[1, 2, 7],
                ),
            ],
            "00 MMMM",
        )
        levels: dict[float, Any] = self.zoomLevels  # type: ignore[has-type]  # pyqtgraph's
        self.zoomLevels = {
            spacing: days if level is dates.MONTH_DAY_ZOOM_LEVEL else level
            for spacing, level in levels.items()
        }

    def tickStrings(self, values: Sequence[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        spec = next((s for s in self.zoomLevel.tickSpecs if s.spacing == spacing), None)
        if spec is None:
            return list(super().tickStrings(values, scale, spacing))
        try:
            moments = [
                dates.utcfromtimestamp(dates.adjustTimestampToPreferredUtcOffset(v, self.utcOffset))
                for v in values
            ]
        except (OverflowError, ValueError, OSError):
            return list(super().tickStrings(values, scale, spacing))
        return [date_tick(m, spec.format) for m in moments]
