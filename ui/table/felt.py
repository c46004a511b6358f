"""The table itself, painted once for a number of boxes: the rail, the felt, the insurance line
and the legend, the box spots and their numbers, the dealer's place with the chip rack, the shoe
and the discard tray (`FeltItem`), in the geometry of `ui.table.layout`: as the players see it, or
turned half a turn as the dealer sees it (his rack at the bottom, box 1 at his left), its words
upright either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem

from trainer.i18n import language
from ui.i18n import _
from ui.table.cards import CARD_H, CARD_W, CardItem
from ui.table.chips import chip_colours, ui_font
from ui.table.layout import (
    BADGE_H,
    CENTRE_X,
    DISCARD_RECT,
    FELT_INSET,
    INSURANCE_RISE,
    RACK_RECT,
    SCENE_RECT,
    SHOE_RECT,
    SPOT_R,
    BoxPlace,
    arc_y,
    table_path,
)
from ui.table.render_cache import TABLES

GOLD = QColor("#d9b860")
CREAM = QColor("#f6ecd0")


class FeltItem(QGraphicsItem):
    """The table itself: rail, felt, the insurance line, box spots and numbers, the dealer's place
    with the chip rack, the shoe and the discard tray. Redrawn only when the number of boxes
    changes. `places` are in the players' frame; `turned`: painted as the dealer sees it."""

    def __init__(self, places: Sequence[BoxPlace], legend: str = "", turned: bool = False) -> None:
        super().__init__()
        self.places = list(places)
        self.legend = legend
        self.turned = turned
        self.setZValue(-10)
        # Painted once per zoom level and screen (the costliest thing to draw), then blitted.
        # its words (DEALER, SHOE, the legend) are in the language of the moment
        self._key = ("felt", tuple(p.number for p in self.places), legend, turned, language())
        self._outline = table_path(0)
        self._felt = table_path(FELT_INSET)
        self._number_font = ui_font(21, bold=True)
        self._small_font = ui_font(13, bold=True)
        self._plate_font = ui_font(17, bold=True)
        self._legend_font = ui_font(19, bold=True)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return SCENE_RECT

    def paint(self, painter: QPainter, option=None, widget=None) -> None:
        TABLES.paint(painter, self._key, SCENE_RECT, self._draw)

    def _draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.turned:  # the dealer's view: the players' frame half a turn about the centre
            painter.translate(SCENE_RECT.width(), SCENE_RECT.height())
            painter.rotate(180)
        # padded rail
        rail = QLinearGradient(0, 300, 0, 1000)
        rail.setColorAt(0, QColor("#5a3420"))
        rail.setColorAt(1, QColor("#2e190e"))
        painter.setPen(QPen(QColor("#1a0d06"), 2))
        painter.setBrush(QBrush(rail))
        painter.drawPath(self._outline)
        painter.setPen(QPen(QColor(255, 220, 180, 40), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(table_path(8))
        # felt
        felt = QRadialGradient(QPointF(CENTRE_X, 380), 900)
        felt.setColorAt(0, QColor("#23864c"))
        felt.setColorAt(0.6, QColor("#17693a"))
        felt.setColorAt(1, QColor("#0d4826"))
        painter.setPen(QPen(QColor("#0a2e18"), 3))
        painter.setBrush(QBrush(felt))
        painter.drawPath(self._felt)
        painter.setPen(QPen(QColor(217, 184, 96, 120), 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(table_path(46))
        self._paint_insurance_line(painter)
        if self.legend:
            self._paint_legend(painter)
        for place in self.places:
            self._paint_spot(painter, place)
        self._paint_rack(painter)
        self._paint_shoe(painter)
        self._paint_discard(painter)

    @staticmethod
    def _arc_path(rise: float, x0: float, x1: float, top: float = 0.0) -> QPainterPath:
        """The arc of boxes raised by `rise`, from x0 to x1, left out where it climbs above `top`
        (so the insurance line stops short of the shoe and the discard tray)."""
        p = QPainterPath()
        steps = 64
        started = False
        for i in range(steps + 1):
            x = x0 + (x1 - x0) * i / steps
            pt = QPointF(x, arc_y(x) - rise)
            if pt.y() < top:
                started = False
                continue
            if not started:
                p.moveTo(pt)
                started = True
            else:
                p.lineTo(pt)
        return p

    def _span(self) -> tuple[float, float]:
        xs = [p.anchor.x() for p in self.places] or [CENTRE_X]
        return min(xs) - 84, max(xs) + 84

    def _paint_insurance_line(self, painter: QPainter) -> None:
        x0, x1 = self._span()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(217, 184, 96, 150), 1.6))
        top = SHOE_RECT.bottom() + 40
        painter.drawPath(self._arc_path(INSURANCE_RISE + 30, x0, x1, top))
        painter.drawPath(self._arc_path(INSURANCE_RISE - 26, x0, x1, top))

    def _text(self, painter: QPainter, rect: QRectF, text: str) -> None:
        """`text` centred in `rect`, upright on the screen in either view."""
        if not self.turned:
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            return
        painter.save()
        painter.translate(rect.center())
        painter.rotate(180)
        w, h = rect.width(), rect.height()
        painter.drawText(QRectF(-w / 2, -h / 2, w, h), Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def _paint_legend(self, painter: QPainter) -> None:
        """The legend printed along an arc above the insurance line, as on a real layout: read
        from left to right on the screen (turned, the arc is walked the other way)."""
        x0, x1 = 260.0, SCENE_RECT.width() - 260
        path = self._arc_path(INSURANCE_RISE + 62, *((x1, x0) if self.turned else (x0, x1)))
        fm = QFontMetricsF(self._legend_font)
        widths = [fm.horizontalAdvance(ch) for ch in self.legend]
        total = sum(widths) + 2.0 * (len(widths) - 1)
        length = path.length()
        pos = max(0.0, (length - total) / 2)
        painter.setFont(self._legend_font)
        painter.setPen(QColor(236, 214, 150, 210))
        for ch, w in zip(self.legend, widths, strict=True):
            t = path.percentAtLength(min(length, pos + w / 2))
            pt = path.pointAtPercent(t)
            angle = path.angleAtPercent(t)
            painter.save()
            painter.translate(pt)
            painter.rotate(-angle)
            painter.drawText(QPointF(-w / 2, fm.ascent() / 2 - 2), ch)
            painter.restore()
            pos += w + 2.0

    def _paint_spot(self, painter: QPainter, place: BoxPlace) -> None:
        c = place.anchor
        painter.setPen(QPen(QColor(246, 236, 208, 210), 2.5))
        painter.setBrush(QColor(0, 40, 18, 70))
        painter.drawEllipse(c, SPOT_R, SPOT_R)
        painter.setPen(QPen(QColor(246, 236, 208, 90), 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(c, SPOT_R - 6, SPOT_R - 6)
        # the behind bettors' part of the box, faintly marked
        painter.setPen(QPen(QColor(246, 236, 208, 45), 1.2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(place.behind_area(), 14, 14)
        badge = place.badge_rect()
        painter.setPen(QPen(GOLD, 1.5))
        painter.setBrush(QColor(8, 36, 20, 200))
        painter.drawRoundedRect(badge, BADGE_H / 2, BADGE_H / 2)
        painter.setFont(self._number_font)
        painter.setPen(CREAM)
        self._text(painter, badge, str(place.number))

    def _paint_rack(self, painter: QPainter) -> None:
        r = RACK_RECT
        painter.setPen(QPen(QColor("#120a05"), 1.5))
        wood = QLinearGradient(0, r.top(), 0, r.bottom())
        wood.setColorAt(0, QColor("#3b2416"))
        wood.setColorAt(1, QColor("#24150c"))
        painter.setBrush(QBrush(wood))
        painter.drawRoundedRect(r.adjusted(0, -10, 0, 0), 8, 8)
        tubes = [1, 1, 2, 5, 5, 10, 10, 25, 25, 100, 100, 500]
        inner = r.adjusted(10, 6, -10, -8)
        w = inner.width() / len(tubes)
        for i, d in enumerate(tubes):
            body, stripe, _edge = chip_colours(Decimal(d))
            col = QRectF(inner.left() + i * w + 2, inner.top(), w - 4, inner.height())
            g = QLinearGradient(col.left(), 0, col.right(), 0)
            g.setColorAt(0, body.darker(150))
            g.setColorAt(0.45, body.lighter(115))
            g.setColorAt(1, body.darker(160))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(g))
            painter.drawRoundedRect(col, 4, 4)
            painter.setPen(QPen(QColor(0, 0, 0, 70), 0.8))
            y = col.top() + 4
            while y < col.bottom() - 2:
                painter.drawLine(QPointF(col.left() + 1, y), QPointF(col.right() - 1, y))
                y += 4.5
        plate = QRectF(CENTRE_X - 70, r.bottom() + 14, 140, 28)
        painter.setPen(QPen(GOLD, 1.3))
        painter.setBrush(QColor(8, 36, 20, 180))
        painter.drawRoundedRect(plate, 14, 14)
        painter.setFont(self._plate_font)
        painter.setPen(CREAM)
        self._text(painter, plate, _("DEALER"))

    def _paint_shoe(self, painter: QPainter) -> None:
        r = SHOE_RECT
        body = QPainterPath()
        body.moveTo(r.left() + 34, r.top())
        body.lineTo(r.right() - 6, r.top())
        body.quadTo(r.right(), r.top(), r.right(), r.top() + 6)
        body.lineTo(r.right(), r.bottom() - 6)
        body.quadTo(r.right(), r.bottom(), r.right() - 6, r.bottom())
        body.lineTo(r.left() + 6, r.bottom())
        body.quadTo(r.left(), r.bottom(), r.left(), r.bottom() - 6)
        body.lineTo(r.left() + 20, r.top() + 10)
        body.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 80))
        painter.drawPath(body.translated(3, 4))
        g = QLinearGradient(0, r.top(), 0, r.bottom())
        g.setColorAt(0, QColor("#3c4046"))
        g.setColorAt(1, QColor("#16181b"))
        painter.setPen(QPen(QColor("#0b0c0e"), 1.5))
        painter.setBrush(QBrush(g))
        painter.drawPath(body)
        # the cards inside, seen through the smoked front
        deck = QRectF(r.left() + 44, r.top() + 16, r.width() - 58, r.height() - 34)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#e9e4d6"))
        painter.drawRoundedRect(deck, 3, 3)
        painter.setPen(QPen(QColor(120, 110, 95, 140), 0.7))
        x = deck.left() + 3
        while x < deck.right() - 2:
            painter.drawLine(QPointF(x, deck.top() + 2), QPointF(x, deck.bottom() - 2))
            x += 3.2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(30, 34, 40, 120))
        painter.drawRoundedRect(deck, 3, 3)
        # the red cut card standing out of the pack
        painter.setBrush(QColor("#c0202a"))
        painter.drawRect(
            QRectF(deck.left() + deck.width() * 0.62, deck.top() - 6, 3.5, deck.height())
        )
        # the front card waiting at the mouth
        self._paint_back(painter, QPointF(r.left() + 6, r.top() + 30), -8, 0.62)
        self._paint_name(painter, r, _("SHOE"))

    def _paint_discard(self, painter: QPainter) -> None:
        r = DISCARD_RECT
        painter.setPen(QPen(QColor(220, 235, 240, 150), 2))
        painter.setBrush(QColor(200, 225, 235, 45))
        painter.drawRoundedRect(r, 8, 8)
        # a pile of used cards lying lengthwise
        for i in range(4):
            self._paint_back(
                painter, QPointF(r.left() + 46 + i * 2.5, r.top() + 104 - i * 2.2), -90, 0.8
            )
        self._paint_name(painter, r, _("DISCARD"))

    @staticmethod
    def _paint_back(painter: QPainter, corner: QPointF, angle: float, scale: float) -> None:
        """A card face down, its corner at `corner`, turned by `angle` degrees, at `scale`."""
        painter.save()
        painter.translate(corner)
        painter.rotate(angle)
        painter.scale(scale, scale)
        CardItem._paint_back(painter, QRectF(0, 0, CARD_W, CARD_H))
        painter.restore()

    def _paint_name(self, painter: QPainter, r: QRectF, name: str) -> None:
        """`name` printed on the felt under `r` (the shoe, the discard tray)."""
        painter.setFont(self._small_font)
        painter.setPen(QColor(236, 214, 150, 200))
        self._text(painter, QRectF(r.left(), r.bottom() + 4, r.width(), 18), name)
