"""Chips on the felt: a chip, a stack of chips with its amount, the colour of each denomination.

Everything is painted with vectors (text included, as outlines) so chips stay crisp at any zoom
and screen density. How an amount breaks down into chips is the domain's business
(`trainer.game.payout.chip_breakdown`): a stack draws the breakdown it is given, or a generic stack
when it is given none. The chip tray widget paints its buttons with `paint_chip` from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem

from trainer.i18n import format_amount as amount_in_language
from trainer.i18n import format_number, language
from ui.table.render_cache import paint_cached

FONT_FAMILY = "DejaVu Sans"

# body, edge stripes, figure: the usual casino colours, so a stack reads at a glance
_COLOURS: dict[Decimal, tuple[str, str, str]] = {
    Decimal(1): ("#eeeae0", "#2a62c4", "#1d3566"),
    Decimal(2): ("#f0c419", "#2b2b2b", "#4a3500"),
    Decimal(5): ("#c41e2a", "#f7f3ea", "#8a1019"),
    Decimal(10): ("#215fc2", "#f7f3ea", "#12367a"),
    Decimal(25): ("#1d8a4a", "#f7f3ea", "#0e4d28"),
    Decimal(100): ("#1e1e1e", "#f7f3ea", "#1e1e1e"),
    Decimal(500): ("#6b2b93", "#f0c419", "#431a5e"),
    Decimal(1000): ("#e07020", "#f7f3ea", "#7a3a0c"),
}
_NEUTRAL = ("#8d8f94", "#f7f3ea", "#35373b")
_STANDARD = sorted(_COLOURS)  # for the colour of a stack drawn without a breakdown

CHIP_RADIUS = 20.0
STACK_MAX_CHIPS = 10  # a taller stack is drawn at this height; its amount is written anyway


def chip_colours(denomination: Decimal | None) -> tuple[QColor, QColor, QColor]:
    """(body, stripes, figure) colours of a chip; a neutral grey for an unusual denomination."""
    body, stripe, figure = _COLOURS.get(denomination, _NEUTRAL) if denomination else _NEUTRAL
    return QColor(body), QColor(stripe), QColor(figure)


def format_amount(amount: Decimal, currency: str = "€") -> str:
    """An amount as the table shows it, in the trainee's language: "€25", "€37.50" in English,
    "25 €", "37,50 €" in French and Italian (whole amounts without cents; trainer.i18n)."""
    return amount_in_language(amount, currency=currency)


def format_denomination(denomination: Decimal, lang: str | None = None) -> str:
    """The figure written on a chip, as the trainee's language writes the number: "5", "1K",
    "2.5" in English, "2,5" in French and Italian."""
    d = denomination.normalize()
    if d >= 1000 and d % 1000 == 0:
        return f"{d / 1000:.0f}K"
    if d == d.to_integral_value():
        return f"{d:.0f}"
    return format_number(d, lang, group=False)


@lru_cache(maxsize=64)
def ui_font(pixel_size: float, *, bold: bool = False, italic: bool = False) -> QFont:
    """The font of the table's labels, sized in scene units (pixels before the view's zoom).

    Shared and cached, the table being redrawn for every question: never modify the result.
    """
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(pixel_size)))
    f.setBold(bold)
    f.setItalic(italic)
    # Unhinted glyphs keep their proportions at every zoom, so measured text always fits.
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    f.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    return f


@lru_cache(maxsize=64)
def _metrics(pixel_size: float, bold: bool, italic: bool) -> QFontMetricsF:
    return QFontMetricsF(ui_font(pixel_size, bold=bold, italic=italic))


def line_height(pixel_size: float, *, bold: bool = False, italic: bool = False) -> float:
    return _metrics(pixel_size, bold, italic).height()


@lru_cache(maxsize=4096)
def fit_text(
    text: str,
    pixel_size: float,
    max_width: float = 1e9,
    *,
    bold: bool = False,
    italic: bool = False,
) -> tuple[str, float]:
    """(`text`, elided to `max_width` if need be, and its width) in the given ui_font."""
    fm = _metrics(pixel_size, bold, italic)
    if fm.horizontalAdvance(text) > max_width:
        text = fm.elidedText(text, Qt.TextElideMode.ElideRight, max_width)
    return text, fm.horizontalAdvance(text)


_SEPARATORS = "-_ ."


def short_name(text: str) -> str:
    """What tells a name from its neighbours' when the whole does not fit: the part after its
    last separator ("behind-a" -> "a", "4.2" -> "2"), or the name itself."""
    cut = max(text.rfind(c) for c in _SEPARATORS)
    return text[cut + 1 :] if 0 <= cut < len(text) - 1 else text


@lru_cache(maxsize=1024)
def readable_text(
    text: str, pixel_size: float, max_width: float, *, bold: bool = False, italic: bool = False
) -> tuple[str, float]:
    """(`text` as it fits in `max_width` at `pixel_size`, its width), never set smaller: the whole,
    else its short name, else the short name cut in the middle (its ends are what differ)."""
    fm = _metrics(pixel_size, bold, italic)
    for candidate in (text, short_name(text)):
        if fm.horizontalAdvance(candidate) <= max_width:
            return candidate, fm.horizontalAdvance(candidate)
    cut = fm.elidedText(short_name(text), Qt.TextElideMode.ElideMiddle, max_width)
    return cut, fm.horizontalAdvance(cut)


@lru_cache(maxsize=256)
def text_path(text: str, bold: bool = True) -> QPainterPath:
    """`text` as an outline centred on (0, 0), one unit of cap height tall (vector, cached)."""
    f = ui_font(100, bold=bold)
    cap = QFontMetricsF(f).capHeight()
    p = QPainterPath()
    p.addText(0, 0, f, text)
    t = QTransform()
    t.scale(1 / cap, 1 / cap)
    t.translate(-p.boundingRect().center().x(), cap / 2)
    return t.map(p)


@lru_cache(maxsize=1)
def _stripes_path() -> QPainterPath:
    """Six edge inserts of a unit chip, between radius 0.74 and 1."""
    path = QPainterPath()
    outer = QRectF(-1, -1, 2, 2)
    inner = QRectF(-0.74, -0.74, 1.48, 1.48)
    span = 22.0
    for k in range(6):
        start = k * 60.0 + 15.0
        path.arcMoveTo(outer, start)
        path.arcTo(outer, start, span)
        path.arcTo(inner, start + span, -span)
        path.closeSubpath()
    return path


def paint_chip(
    painter: QPainter,
    centre: QPointF,
    radius: float,
    denomination: Decimal | None,
    *,
    figure: str | None = None,
    face: bool = True,
) -> None:
    """Paint one chip seen from above. `face=False` skips the inlay (a chip hidden in a stack)."""
    r = radius * 1.05
    if figure is None:  # the figure as written in the language now: a switch draws it anew
        figure = format_denomination(denomination) if denomination else ""
    paint_cached(
        painter,
        ("chip", denomination, figure, face, radius),
        QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
        lambda p: _draw_chip(p, centre, radius, denomination, figure=figure, face=face),
    )


def _draw_chip(
    painter: QPainter,
    centre: QPointF,
    radius: float,
    denomination: Decimal | None,
    *,
    figure: str | None = None,
    face: bool = True,
) -> None:
    body, stripe, ink = chip_colours(denomination)
    painter.save()
    painter.translate(centre)
    painter.scale(radius, radius)
    edge = QColor(body).darker(170 if body.lightness() > 200 else 140)
    pen = QPen(edge, 0.05)
    painter.setPen(pen)
    painter.setBrush(body)
    painter.drawEllipse(QPointF(0, 0), 1, 1)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(stripe)
    painter.drawPath(_stripes_path())
    if face:
        ring = QPen(stripe, 0.045, Qt.PenStyle.DashLine)
        ring.setDashPattern([2.0, 1.6])
        painter.setPen(ring)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), 0.66, 0.66)
        painter.setPen(QPen(edge, 0.03))
        painter.setBrush(QColor("#fbf8f0"))
        painter.drawEllipse(QPointF(0, 0), 0.56, 0.56)
        text = (
            figure
            if figure is not None
            else (format_denomination(denomination) if denomination else "")
        )
        if text:
            glyphs = text_path(text)
            w = glyphs.boundingRect().width()
            s = min(0.46, 0.86 / max(w, 0.01))  # cap height, shrunk to fit the inlay
            painter.scale(s, s)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            painter.drawPath(glyphs)
    painter.restore()


class ChipItem(QGraphicsItem):
    """One chip, centred on the item's origin."""

    def __init__(
        self,
        denomination: Decimal,
        radius: float = CHIP_RADIUS,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.denomination = denomination
        self.radius = radius

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.radius * 1.05
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_chip(painter, QPointF(0, 0), self.radius, self.denomination)


class ChipStackItem(QGraphicsItem):
    """An amount on the felt: its chips in stacks seen from the side and, under them, the amount
    written out (issue 24: a bet is read from its chips, colour for colour and chip by chip).

    Each chip is a band of its colour with its edge inserts, the top chip's face showing above;
    the chips are cut in stacks of five as dealers cut them (`CUT`), the largest first, the
    stacks side by side, so a count reads at a glance: a €15 stake in 5s is three red bands.
    The origin is the centre of the stacks' foot. `breakdown` is the chips to draw; without it a
    generic stack is drawn. `written` "" draws no amount: the trainee reads the bet from the
    chips, then every chip is drawn (a written amount lets a tall stake stop at
    STACK_MAX_CHIPS). `label` (a bettor's name, "insurance") is written in small italics under
    the amount.
    """

    AMOUNT_PX = 16.0
    LABEL_PX = 14.0
    LABEL_MIN_PX = 10.0
    LABEL_MAX_W = 96.0
    CUT = 5  # chips to a stack, as a dealer cuts them
    THICK = 0.5  # a chip's thickness, in radii: 10 scene units, 4 px at the least zoom (0.4)
    FACE = 0.6  # the height of the top chip's face seen at a slant, in radii
    GAP = 0.12  # between stacks side by side, in radii
    FOOT = 0.5  # the foot of the stacks below the origin, in radii

    def __init__(
        self,
        amount: Decimal,
        currency: str = "€",
        breakdown: Sequence[Decimal] | None = None,
        *,
        label: str | None = None,
        radius: float = CHIP_RADIUS,
        label_width: float = LABEL_MAX_W,
        label_min_px: float = LABEL_MIN_PX,
        written: str | None = None,
        written_dx: float = 0.0,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.amount = amount
        self.label_px = 0.0
        self.amount_text = format_amount(amount, currency)
        # what the pill under the chips says (the amount, unless told), "" for no pill, and how
        # far aside it sits: two stacks side by side may share one
        self.written = self.amount_text if written is None else written
        self.label = label
        self.radius = radius
        self._chips = self._chips_to_draw(amount, breakdown, every=not self.written)
        self._generic = not breakdown
        self._amount_font = ui_font(self.AMOUNT_PX, bold=True)
        self._label_font = ui_font(self.LABEL_PX, italic=True)
        self._turned = False
        self._chips_dy = 0.0  # how far the chips are moved down within the item (turned)
        chips = self.chips_rect()
        pill_w = fit_text(self.written, self.AMOUNT_PX, bold=True)[1] + 12 if self.written else 0
        pill_h = line_height(self.AMOUNT_PX, bold=True) + 2
        self._pill = QRectF(written_dx - pill_w / 2, chips.bottom() + 3, pill_w, pill_h)
        rect = QRectF(chips)
        rect.setBottom(self._pill.bottom())
        if self.written:
            rect = rect.united(self._pill)
        self._label_rect = QRectF()
        self._label_text = ""  # the label as written (shortened where the room is narrow)
        if label:
            # a name set smaller where the room is narrow (behind bets side by side), down to a
            # size still read (`label_min_px`, what the view needs for 10 px on screen), and only
            # then shortened to what tells it from its neighbours'
            least = max(self.LABEL_MIN_PX, label_min_px)
            px = max(self.LABEL_PX, least)
            while px > least and fit_text(label, px, italic=True)[1] > label_width:
                px = max(least, px - 1)
            self.label_px = px
            self._label_font = ui_font(px, italic=True)
            self._label_text, lw = readable_text(label, px, label_width, italic=True)
            lh = line_height(px, italic=True)
            self._label_rect = QRectF(-lw / 2 - 2, self._pill.bottom() + 1, lw + 4, lh)
            rect = rect.united(self._label_rect)
        self._rect = rect

    def turn(self) -> None:
        """Lay the stack out as the dealer's view turns it: its amount and name above the chips
        instead of below, mirrored about the origin (the chips stay upright), so that the item
        turned half a turn about its origin covers what it covered."""
        if self._turned:
            return
        self.prepareGeometryChange()
        chips = self.chips_rect()
        self._chips_dy = -chips.bottom() - chips.top()
        self._turned = True

        def mirrored(r: QRectF) -> QRectF:
            return QRectF(-r.right(), -r.bottom(), r.width(), r.height()) if not r.isNull() else r

        self._rect = mirrored(self._rect)
        self._pill = mirrored(self._pill)
        self._label_rect = mirrored(self._label_rect)

    @property
    def label_text(self) -> str:
        """The label as written under the stack (shortened where the room is narrow)."""
        return self._label_text

    def label_rect(self) -> QRectF:
        """Where the label is written, in item coordinates (empty without a label)."""
        return self._label_rect

    @staticmethod
    def _chips_to_draw(
        amount: Decimal, breakdown: Sequence[Decimal] | None, every: bool = False
    ) -> list[Decimal]:
        if breakdown:
            chips = sorted(breakdown, reverse=True)
            if len(chips) > STACK_MAX_CHIPS and not every:
                chips = chips[: STACK_MAX_CHIPS - 1] + chips[-1:]
            return chips
        # No breakdown given: three chips in the colour of the largest usual chip under the amount.
        colour = next((d for d in reversed(_STANDARD) if d <= amount), _STANDARD[0])
        return [colour] * 3

    def stacks(self) -> list[list[Decimal]]:
        """The chips as they stand: cut in stacks of CUT, the largest first, each from its foot
        up, the stacks from left to right."""
        return [self._chips[i : i + self.CUT] for i in range(0, len(self._chips), self.CUT)]

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def chips_rect(self) -> QRectF:
        """The chips alone, in item coordinates (without the amount and label under them)."""
        r = self.radius
        n = len(self.stacks())
        w = 2 * r * n + self.GAP * r * (n - 1)
        tallest = min(len(self._chips), self.CUT)
        foot = self.FOOT * r
        top = foot - tallest * self.THICK * r - self.FACE * r / 2
        bottom = foot + self.FACE * r / 2 + 2  # the bottom chip's rim and its shadow
        return QRectF(-w / 2 - 1, top - 1, w + 2, bottom - top + 1).translated(0, self._chips_dy)

    def _paint_chips(self, painter: QPainter) -> None:
        r = self.radius
        t = self.THICK * r
        face = self.FACE * r
        foot = self.FOOT * r
        stacks = self.stacks()
        n = len(stacks)
        x0 = -(2 * r * n + self.GAP * r * (n - 1)) / 2 + r
        figure = "" if self._generic else None
        for k, stack in enumerate(stacks):
            x = x0 + k * (2 + self.GAP) * r
            paint_side_column(painter, x, foot, r, stack, thick=t, face=face, figure=figure)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        # The chips, drawn once per stake and size and then reused: one picture instead of one
        # per chip, as the same stakes come back question after question.
        chips = self.chips_rect().translated(0, -self._chips_dy).adjusted(-1, -1, 3, 3)
        painter.save()
        painter.translate(0, self._chips_dy)
        paint_cached(
            painter,
            ("side", tuple(self._chips), self._generic, self.radius, language()),
            chips,
            self._paint_chips,
        )
        painter.restore()
        if self.written:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(10, 20, 14, 200))
            painter.drawRoundedRect(self._pill, self._pill.height() / 2, self._pill.height() / 2)
            painter.setFont(self._amount_font)
            painter.setPen(QColor("#fff8e0"))
            painter.drawText(self._pill, Qt.AlignmentFlag.AlignCenter, self.written)
        if self._label_text:
            painter.setFont(self._label_font)
            painter.setPen(QColor("#f3e3a6"))
            painter.drawText(self._label_rect, Qt.AlignmentFlag.AlignCenter, self._label_text)


def paint_side_column(
    painter: QPainter,
    x: float,
    foot: float,
    r: float,
    chips: Sequence[Decimal | None],
    *,
    thick: float,
    face: float,
    figure: str | None = None,
    cut: int = 0,
    cut_gap: float = 0.0,
) -> float:
    """One column of chips seen from the side, centred on `x`, its bottom chip's foot at `foot`:
    its shadow on the felt, each chip a band from the foot up (`chips[0]` at the bottom), the top
    chip's face; with `cut`, a gap of `cut_gap` every `cut` chips, as a dealer cuts a stack to
    count it. The top of the top chip's band (where its face is drawn)."""
    # a soft shadow on the felt at the column's foot
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))
    painter.drawEllipse(QRectF(x - r + 2, foot - face / 2 + 2, 2 * r, face))
    bottom = foot
    for i, d in enumerate(chips):
        if cut and i and i % cut == 0:
            bottom -= cut_gap
        _draw_side_chip(painter, x, bottom, r, thick, face, d)
        bottom -= thick
    if chips:
        _draw_chip_face(painter, x, bottom, r, face, chips[-1], figure)
    return bottom


def _draw_side_chip(
    painter: QPainter,
    x: float,
    bottom: float,
    r: float,
    t: float,
    face: float,
    denomination: Decimal | None,
) -> None:
    """One chip of a stack seen from the side: a band of its colour, rounded like a cylinder
    seen at a slant, with its edge inserts; a dark seam under it parts it from the one below."""
    body, stripe, _ink = chip_colours(denomination)
    edge = QColor(body).darker(175 if body.lightness() > 200 else 150)
    band = QPainterPath()
    band.moveTo(x - r, bottom - t)
    band.lineTo(x - r, bottom)
    band.arcTo(QRectF(x - r, bottom - face / 2, 2 * r, face), 180, 180)
    band.lineTo(x + r, bottom - t)
    band.arcTo(QRectF(x - r, bottom - t - face / 2, 2 * r, face), 0, -180)
    band.closeSubpath()
    shade = QLinearGradient(x - r, 0, x + r, 0)
    shade.setColorAt(0, body.darker(150))
    shade.setColorAt(0.35, body.lighter(112))
    shade.setColorAt(1, body.darker(165))
    painter.setPen(QPen(edge, max(0.8, t * 0.1)))
    painter.setBrush(QBrush(shade))
    painter.drawPath(band)
    # the seam under the chip, dark enough to count the chips by on a small window
    seam = QPainterPath()
    seam.arcMoveTo(QRectF(x - r, bottom - face / 2, 2 * r, face), 180)
    seam.arcTo(QRectF(x - r, bottom - face / 2, 2 * r, face), 180, 180)
    painter.setPen(QPen(QColor(16, 10, 6, 230), t * 0.24))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(seam)
    # the edge inserts: three on the side facing the eye, narrower towards the sides
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(stripe)
    for u, half in ((-0.62, 0.09), (0.0, 0.14), (0.62, 0.09)):
        cx = x + u * r
        sag = face / 2 * (1 - u * u) ** 0.5  # the band's curve at that point
        painter.drawRect(QRectF(cx - half * r, bottom - t * 0.78 + sag, 2 * half * r, t * 0.56))


def _draw_chip_face(
    painter: QPainter,
    x: float,
    top: float,
    r: float,
    face: float,
    denomination: Decimal | None,
    figure: str | None,
) -> None:
    """The top chip's face seen at a slant: its colour, the inlay and the figure, flattened."""
    painter.save()
    painter.translate(x, top)
    painter.scale(r, face / 2)
    _draw_chip(painter, QPointF(0, 0), 1.0, denomination, figure=figure)
    painter.restore()


__all__ = [
    "CHIP_RADIUS",
    "ChipItem",
    "ChipStackItem",
    "chip_colours",
    "format_amount",
    "fit_text",
    "format_denomination",
    "line_height",
    "paint_chip",
    "paint_side_column",
    "readable_text",
    "short_name",
    "text_path",
    "ui_font",
]
