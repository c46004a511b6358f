"""A player's hand signals, drawn on the felt beside his hand as he says his decision.

At the table a player shows what he wants with his hand as well as his words, and the dealer
reads the hand [000]: a tap of a finger on the felt behind the cards for a card, a flat hand
waved over them to stand, a second stack pushed beside the first to double, two fingers in a V
and the two stacks drawn apart to split. `SignalItem` draws one of them as a small vector
picture on a dark disc, the player's words under it; the table scene places it at the hand
(`TableView.signals`) and it is gone once the dealer has carried the decision out.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import QGraphicsItem

from ui.table.chips import fit_text, line_height, ui_font

SKIN = QColor("#f3dcc0")
SKIN_EDGE = QColor("#6b4a2b")
DISC = QColor(12, 30, 20, 215)
RING = QColor("#d9b860")
MOTION = QColor("#ffd54a")
CHIP = QColor("#c8412f")
CHIP_EDGE = QColor("#f6ecd0")
WORDS_INK = QColor("#f6ecd0")

RADIUS = 32.0  # the disc, in scene units (a card is 90 wide)
WORDS_PX = 16.0
DECISIONS = ("hit", "stand", "double", "split")


def _rounded(x: float, y: float, w: float, h: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(x, y, w, h), r, r)
    return path


class SignalItem(QGraphicsItem):
    """One hand signal (`decision`: hit, stand, double or split), centred on the item's origin,
    with the words the player says under it."""

    def __init__(self, decision: str, words: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        if decision not in DECISIONS:
            raise ValueError(f"no hand signal for {decision!r}")
        self.decision = decision
        self.words, width = fit_text(words, WORDS_PX, 3 * RADIUS, bold=True)
        self._font = ui_font(WORDS_PX, bold=True)
        lh = line_height(WORDS_PX, bold=True)
        self._words_rect = QRectF(-width / 2 - 5, RADIUS + 3, width + 10, lh + 2)
        self.setZValue(8)  # over the cards and the outline of the hand whose turn it is

    def boundingRect(self) -> QRectF:  # noqa: N802
        disc = QRectF(-RADIUS - 2, -RADIUS - 2, 2 * RADIUS + 4, 2 * RADIUS + 4)
        return disc.united(self._words_rect)

    def paint(self, painter: QPainter, option=None, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(RING, 2.0))
        painter.setBrush(DISC)
        painter.drawEllipse(QPointF(0, 0), RADIUS, RADIUS)
        painter.save()
        painter.scale(RADIUS / 50, RADIUS / 50)  # the pictures are drawn in a 100 x 100 box
        getattr(self, f"_paint_{self.decision}")(painter)
        painter.restore()
        if self.words:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(DISC)
            painter.drawRoundedRect(self._words_rect, 7, 7)
            painter.setFont(self._font)
            painter.setPen(WORDS_INK)
            painter.drawText(self._words_rect, Qt.AlignmentFlag.AlignCenter, self.words)

    # -- the pictures, in a box from -50 to 50 -----------------------------------------------

    @staticmethod
    def _skin(painter: QPainter, *parts: QPainterPath) -> None:
        shape = QPainterPath()
        for part in parts:
            shape = shape.united(part)
        painter.setPen(QPen(SKIN_EDGE, 3.0))
        painter.setBrush(SKIN)
        painter.drawPath(shape)

    @staticmethod
    def _motion(painter: QPainter, *paths: QPainterPath) -> None:
        pen = QPen(MOTION, 4.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path in paths:
            painter.drawPath(path)

    @staticmethod
    def _stack(painter: QPainter, cx: float, bottom: float, chips: int, rx: float = 13.0) -> None:
        painter.setPen(QPen(CHIP_EDGE, 2.0))
        painter.setBrush(CHIP)
        for k in range(chips):
            painter.drawEllipse(QPointF(cx, bottom - 0.55 * rx * k), rx, 0.46 * rx)

    @staticmethod
    def _arrow(x0: float, y0: float, x1: float, y1: float) -> QPainterPath:
        path = QPainterPath(QPointF(x0, y0))
        path.lineTo(x1, y1)
        dx, dy = x1 - x0, y1 - y0
        length = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        ux, uy = dx / length, dy / length
        for side in (1, -1):
            path.moveTo(x1, y1)
            path.lineTo(x1 - 8 * ux + side * 6 * uy, y1 - 8 * uy - side * 6 * ux)
        return path

    def _paint_hit(self, painter: QPainter) -> None:
        """A finger tapping the felt: the fist above, the index finger down, the taps under it."""
        self._skin(
            painter,
            _rounded(-22, -46, 40, 32, 13),  # the fist
            _rounded(-7, -22, 14, 46, 7),  # the index finger, pointing down at the felt
            _rounded(13, -40, 12, 22, 6),  # the thumb against the fist
        )
        # the folded fingers, and the nail at the tip
        painter.setPen(QPen(SKIN_EDGE, 2.0))
        for x in (-13.0, -4.0, 5.0):
            painter.drawLine(QPointF(x, -30), QPointF(x, -16))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(-4, 14, 8, 8), 3, 3)
        taps = QPainterPath(QPointF(-16, 32))
        taps.quadTo(0, 40, 16, 32)
        wide = QPainterPath(QPointF(-28, 38))
        wide.quadTo(0, 52, 28, 38)
        self._motion(painter, taps, wide)

    def _paint_stand(self, painter: QPainter) -> None:
        """A flat hand waved over the cards: the palm, the fingers together, the wave either
        side."""
        fingers = [_rounded(-17 + 9 * k, -34, 8.5, 28, 4.2) for k in range(4)]
        self._skin(
            painter,
            _rounded(-18, -14, 35, 30, 9),  # the palm, seen from above
            *fingers,
            _rounded(13, -4, 18, 10, 5),  # the thumb, along the palm
        )
        left = QPainterPath(QPointF(-30, -22))
        left.quadTo(-40, 0, -30, 22)
        far_left = QPainterPath(QPointF(-40, -16))
        far_left.quadTo(-48, 0, -40, 16)
        right = QPainterPath(QPointF(36, -22))
        right.quadTo(46, 0, 36, 22)
        self._motion(painter, left, far_left, right)

    def _paint_double(self, painter: QPainter) -> None:
        """A second stake pushed in beside the first, in the colours of the bet [000]: the
        stack come to its place, the push behind it."""
        self._stack(painter, -22, 26, 5, 14)
        self._stack(painter, 8, 26, 5, 14)
        self._motion(
            painter,
            self._arrow(42, -6, 28, -6),
            _line(30, 8, 42, 8),
            _line(30, 20, 40, 20),
        )

    def _paint_split(self, painter: QPainter) -> None:
        """Two fingers in a V, and the two stakes drawn apart."""
        fingers = []
        for tip in (-20.0, 20.0):
            line = QPainterPath(QPointF(0.25 * tip, -8))
            line.lineTo(tip, -40)
            fingers.append(_finger(line, 11.0))
        self._skin(painter, _rounded(-13, -14, 26, 24, 9), *fingers)
        self._stack(painter, -30, 36, 3)
        self._stack(painter, 30, 36, 3)
        self._motion(painter, self._arrow(-6, 30, -18, 30), self._arrow(6, 30, 18, 30))


def _line(x0: float, y0: float, x1: float, y1: float) -> QPainterPath:
    path = QPainterPath(QPointF(x0, y0))
    path.lineTo(x1, y1)
    return path


def _finger(line: QPainterPath, width: float = 10.0) -> QPainterPath:
    """A finger along `line`: the line stroked round at both ends."""
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    return stroker.createStroke(line)
