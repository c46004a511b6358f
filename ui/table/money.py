"""The money a player puts on the felt for the dealer to count (RULES.md §14, house practice):
banknotes spread, stacks of one colour seen from the side, and what the player says with it.

`NotesItem` spreads a buy-in's notes as a dealer spreads them in sight of the camera: in a row
from the largest, each one's value showing at its corner, in rows overlapping downwards where
one row has not the width. The notes look like euro notes: each denomination its colour and its
size (a 5 the smallest, a 500 the largest), the value printed large enough to read on a small
window. `MoneyStacksItem` stands stacks of one colour side by side, every chip drawn (a stack of
20 is drawn twenty chips high: the trainee reads its height, never a written amount), cut with
a gap every five chips or one uncut column. `SpeechItem` is the player's words in a bubble, its
tail towards him, like the words of a hand signal (`ui.table.hand_signals`).

The scene (`ui.table.scene`) places them in front of the player's box; the chips are painted by
`ui.table.chips.paint_side_column`, the same code as the stakes on the boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import partial

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from ui.table.chips import (
    ChipStackItem,
    fit_text,
    format_denomination,
    line_height,
    paint_side_column,
    text_path,
    ui_font,
)
from ui.table.hand_signals import DISC, RING, WORDS_INK
from ui.table.labels import wrapped
from ui.table.render_cache import paint_cached

# Euro-like notes: (colour, width, height) in scene units, where a chip is 40 across (a note's
# millimetres, a chip being about 40 mm)
NOTES: dict[Decimal, tuple[str, float, float]] = {
    Decimal(5): ("#8c9296", 120.0, 62.0),
    Decimal(10): ("#c64a45", 127.0, 67.0),
    Decimal(20): ("#4172b8", 133.0, 72.0),
    Decimal(50): ("#e0872e", 140.0, 77.0),
    Decimal(100): ("#3d9a57", 147.0, 77.0),
    Decimal(200): ("#c59a35", 153.0, 77.0),
    Decimal(500): ("#80509f", 160.0, 82.0),
}
_OTHER_NOTE = ("#7b7f86", 140.0, 77.0)

VALUE_CAP = 24.0  # the cap height of a note's value, in scene units: 9 px on a 1024 x 600 window
VALUE_PAD = 6.0  # around the value, on its plate
NOTE_GAP = 8.0  # between a note's value plate and the next note's edge
ROW_STEP = VALUE_CAP + 2 * VALUE_PAD + 6  # a row of notes below another shows the other's values

# a money stack's chips, larger than a stake's: the stacks are the question (a tall one drawn
# smaller where the felt has not the height)
MONEY_CHIP_RADIUS = 26.0
STACK_GAP = 0.4  # between two stacks side by side, in chip radii
CUT = 5  # chips to a cut, as a dealer cuts a stack to count it
CUT_GAP = 0.5  # the gap a cut leaves, in chip thicknesses

SPEECH_PX = 16.0
TAIL = 12.0  # how far the bubble's tail reaches out towards the player


def note_look(denomination: Decimal) -> tuple[QColor, float, float]:
    """(colour, width, height) of a note: grey for a value no euro note has."""
    colour, w, h = NOTES.get(denomination, _OTHER_NOTE)
    return QColor(colour), w, h


def _value_plate(denomination: Decimal) -> tuple[QPainterPath, QRectF]:
    """The value's outline at VALUE_CAP, and its plate, from the note's top-left corner."""
    glyphs = text_path(format_denomination(denomination))
    w = glyphs.boundingRect().width() * VALUE_CAP
    plate = QRectF(4, 4, w + 2 * VALUE_PAD, VALUE_CAP + 2 * VALUE_PAD)
    return glyphs, plate


def value_plate_width(denomination: Decimal) -> float:
    """How much of a note's left must show for its value to be read."""
    return _value_plate(denomination)[1].right() + NOTE_GAP


def _draw_note(painter: QPainter, denomination: Decimal, currency: str) -> None:
    """A note with its top-left corner at (0, 0)."""
    colour, w, h = note_look(denomination)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    body = QRectF(0, 0, w, h)
    shade = QLinearGradient(0, 0, w, h)
    shade.setColorAt(0, colour.lighter(135))
    shade.setColorAt(0.55, colour)
    shade.setColorAt(1, colour.darker(118))
    # a shadow on the felt, then the paper
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    painter.drawRoundedRect(body.translated(1.5, 2.5), 4, 4)
    painter.setPen(QPen(colour.darker(170), 1.2))
    painter.setBrush(shade)
    painter.drawRoundedRect(body, 4, 4)
    # the print: an arch, fine lines, the foil strip and the watermark's pale window
    ink = QColor(colour.darker(150))
    ink.setAlpha(110)
    painter.setPen(QPen(ink, 1.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    arch = QPainterPath()
    arch.moveTo(w * 0.30, h - 8)
    arch.lineTo(w * 0.30, h * 0.55)
    arch.arcTo(QRectF(w * 0.30, h * 0.30, w * 0.26, h * 0.5), 180, -180)
    arch.lineTo(w * 0.56, h - 8)
    painter.drawPath(arch)
    for k in range(4):
        y = h * 0.62 + k * 5
        painter.drawLine(QPointF(w * 0.06, y), QPointF(w * 0.26, y))
    foil = QColor(255, 255, 255, 90)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(foil)
    painter.drawRect(QRectF(w * 0.62, 0, 9, h))
    painter.setBrush(QColor(255, 255, 255, 70))
    painter.drawEllipse(QRectF(w * 0.72, h * 0.18, w * 0.22, h * 0.6))
    # the currency, faint in the window
    sign = text_path(currency or "€")
    painter.save()
    painter.translate(w * 0.83, h * 0.48)
    painter.scale(h * 0.3, h * 0.3)
    painter.setBrush(QColor(colour.darker(135)))
    painter.drawPath(sign)
    painter.restore()
    # the value, large on a pale plate at the top-left corner (what a spread shows of each
    # note), and again at the bottom right
    glyphs, plate = _value_plate(denomination)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 252, 240, 235))
    painter.drawRoundedRect(plate, 4, 4)
    painter.save()
    painter.translate(plate.center())
    painter.scale(VALUE_CAP, VALUE_CAP)
    painter.setBrush(colour.darker(230))
    painter.drawPath(glyphs)
    painter.restore()
    small = VALUE_CAP * 0.6
    painter.save()
    gw = glyphs.boundingRect().width() * small
    painter.translate(w - 8 - gw / 2, h - 8 - small / 2)
    painter.scale(small, small)
    painter.setBrush(QColor(255, 252, 240, 220))
    painter.drawPath(glyphs)
    painter.restore()


class NotesItem(QGraphicsItem):
    """A buy-in's notes spread on the felt, the largest first, from the item's top-left corner:
    in a row, each note over the one before it with that one's value in sight, and in rows
    overlapping downwards where `max_width` has not the room for one."""

    def __init__(
        self,
        notes: Sequence[Decimal],
        currency: str = "€",
        max_width: float = 1e9,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.notes = tuple(Decimal(n) for n in notes)
        self.currency = currency
        self.places: list[QPointF] = []  # each note's top-left corner, in the notes' order
        x = y = 0.0
        width = height = 0.0
        row_h = 0.0
        for i, note in enumerate(self.notes):
            _colour, w, h = note_look(note)
            if i and x + w > max_width:  # a new row, showing the values of the one above
                x, y = 0.0, y + ROW_STEP
                row_h = 0.0
            self.places.append(QPointF(x, y))
            width, row_h = max(width, x + w), max(row_h, h)
            height = max(height, y + row_h)
            x += value_plate_width(note)
        self._rect = QRectF(-1, -1, width + 4, height + 5)  # the shadow too

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def note_rect(self, i: int) -> QRectF:
        """Where note `i` lies, in item coordinates."""
        _colour, w, h = note_look(self.notes[i])
        return QRectF(self.places[i], QPointF(self.places[i].x() + w, self.places[i].y() + h))

    def paint(self, painter: QPainter, option=None, widget=None) -> None:
        for note, at in zip(self.notes, self.places, strict=True):
            _colour, w, h = note_look(note)
            painter.save()
            painter.translate(at)
            paint_cached(
                painter,
                ("note", note, self.currency),
                QRectF(-1, -1, w + 4, h + 5),
                partial(_draw_note, denomination=note, currency=self.currency),
            )
            painter.restore()


class MoneyStacksItem(QGraphicsItem):
    """Stacks of one colour each, side by side, seen from the side as on the felt; the origin is
    the centre of their feet. Every chip is drawn, however tall the stack: the trainee reads its
    value from its height, and no amount is written. `cut`: a gap every five chips."""

    THICK = ChipStackItem.THICK  # a chip's thickness and face as the stakes' chips are drawn
    FACE = ChipStackItem.FACE

    def __init__(
        self,
        stacks: Sequence[tuple[Decimal, int]],
        cut: bool = True,
        radius: float = MONEY_CHIP_RADIUS,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.stacks = tuple((Decimal(d), int(n)) for d, n in stacks)
        self.cut = cut
        self.radius = radius
        r = radius
        n = len(self.stacks)
        self._width = 2 * r * n + STACK_GAP * r * max(0, n - 1)
        # the chips, and their shadows on the felt under the feet
        self._rect = QRectF(-self._width / 2 - 1, -self.height() - 1, self._width + 4, 0.0)
        self._rect.setBottom(4.0)

    def column_height(self, count: int) -> float:
        """From the foot to the top of the top chip's face of a stack of `count` chips."""
        t = self.THICK * self.radius
        cuts = (count - 1) // CUT if self.cut and count else 0
        # the bottom chip's rim below the foot, the top chip's face above its band
        return count * t + cuts * CUT_GAP * t + self.FACE * self.radius

    def height(self) -> float:
        return max((self.column_height(c) for _d, c in self.stacks), default=0.0)

    def column_x(self, i: int) -> float:
        r = self.radius
        return -self._width / 2 + r + i * (2 + STACK_GAP) * r

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def column_rect(self, i: int) -> QRectF:
        """Stack `i`, in item coordinates."""
        r = self.radius
        h = self.column_height(self.stacks[i][1])
        return QRectF(self.column_x(i) - r, -h, 2 * r, h)

    def paint(self, painter: QPainter, option=None, widget=None) -> None:
        r = self.radius
        for i, (denomination, count) in enumerate(self.stacks):
            x = self.column_x(i)
            rect = self.column_rect(i).adjusted(-1, -2, 3, 4)
            painter.save()
            painter.translate(x, 0)
            paint_cached(
                painter,
                ("column", denomination, count, self.cut, r),
                rect.translated(-x, 0),
                partial(self._paint_column, denomination=denomination, count=count),
            )
            painter.restore()

    def _paint_column(self, painter: QPainter, denomination: Decimal, count: int) -> None:
        r = self.radius
        t = self.THICK * r
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_side_column(
            painter,
            0.0,
            -self.FACE * r / 2,
            r,
            [denomination] * count,
            thick=t,
            face=self.FACE * r,
            cut=CUT if self.cut else 0,
            cut_gap=CUT_GAP * t,
        )


class SpeechItem(QGraphicsItem):
    """What a player says, in a bubble like a hand signal's words, its tail pointing at him:
    `tail` is "left" or "right" (the side he is on), "down" or "up". The origin is the tail's
    tip."""

    PX = SPEECH_PX

    def __init__(
        self,
        words: str,
        tail: str = "left",
        pixel_size: float = SPEECH_PX,
        max_width: float = 260.0,
        shift: float = 0.0,
        parent: QGraphicsItem | None = None,
    ) -> None:
        """`shift`: a bubble above or below its speaker moved that far aside, its tail still at
        him (near the rail, towards the table's middle)."""
        super().__init__(parent)
        self.tail = tail
        # every word said, on as many lines as the width needs: what he asks is the question
        self.words = wrapped(words, pixel_size, max_width - 16, True, False)
        width = max(fit_text(line, pixel_size, bold=True)[1] for line in self.words.split("\n"))
        self._font = ui_font(pixel_size, bold=True)
        lh = line_height(pixel_size, bold=True)
        w, h = width + 16, lh * len(self.words.split("\n")) + 8
        if tail == "left":
            self._body = QRectF(TAIL, -h / 2, w, h)
        elif tail == "right":
            self._body = QRectF(-TAIL - w, -h / 2, w, h)
        elif tail == "up":  # the bubble below its speaker
            self._body = QRectF(-w / 2 + shift, TAIL, w, h)
        else:  # down: the bubble above its speaker
            self._body = QRectF(-w / 2 + shift, -TAIL - h, w, h)
        self.setZValue(8)  # over the cards, as a hand signal is

    def turn(self) -> None:
        """The bubble as the dealer's view turns the table: mirrored about its tip (its words
        upright), so that turned half a turn about the tip it covers what it covered, its tail
        still at the player."""
        self.prepareGeometryChange()
        b = self._body
        self._body = QRectF(-b.right(), -b.bottom(), b.width(), b.height())
        self.tail = {"left": "right", "right": "left", "down": "up", "up": "down"}[self.tail]

    def body_rect(self) -> QRectF:
        """The bubble without its tail, in item coordinates."""
        return QRectF(self._body)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._body.united(QRectF(-1, -1, 2, 2)).adjusted(-2, -2, 2, 2)

    def _shape(self) -> QPainterPath:
        b = self._body
        path = QPainterPath()
        path.addRoundedRect(b, 8, 8)
        tail = QPainterPath(QPointF(0, 0))
        if self.tail == "left":
            tail.lineTo(b.left() + 1, b.center().y() - 7)
            tail.lineTo(b.left() + 1, b.center().y() + 5)
        elif self.tail == "right":
            tail.lineTo(b.right() - 1, b.center().y() - 7)
            tail.lineTo(b.right() - 1, b.center().y() + 5)
        else:  # from above the tip, or as near as the bubble reaches
            x = min(max(0.0, b.left() + 12), b.right() - 12)
            y = b.top() + 1 if self.tail == "up" else b.bottom() - 1
            tail.lineTo(x - 8, y)
            tail.lineTo(x + 6, y)
        tail.closeSubpath()
        return path.united(tail)

    def paint(self, painter: QPainter, option=None, widget=None) -> None:
        # drawn once and reused, on the pixel grid: the same picture whether the table was
        # prepared ahead or drawn on the spot
        b = self._body
        key = ("speech", self.words, self.tail, self._font.pixelSize(), b.x(), b.y())
        paint_cached(painter, key, self.boundingRect(), self._draw)

    def _draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(RING, 1.6))
        painter.setBrush(DISC)
        painter.drawPath(self._shape())
        painter.setFont(self._font)
        painter.setPen(WORDS_INK)
        painter.drawText(self._body, Qt.AlignmentFlag.AlignCenter, self.words)


__all__ = ["NOTES", "MoneyStacksItem", "NotesItem", "SpeechItem", "note_look"]
