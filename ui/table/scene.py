"""The felt table, drawn with Qt's graphics view from a `TableView` snapshot.

The scene owns the picture and nothing else: it draws what the snapshot says (cards, bets,
insurance, the hand whose turn it is) and reports clicks on boxes and on the dealer's place. It
never decides a rule; which card is face down is read from `TableView.hole_card`, and how an amount
breaks down into chips comes from the `breakdown` callable it is given.

Orientation: the dealer stands at the top facing the players; the boxes lie on an arc below,
numbered from the dealer's left, so box 1 is at the right-hand end of the arc as the trainee sees
it [000]. Split hands follow the same direction *(chosen)*: "4.1" on the right, "4.2" to its left;
where a box has not the width for its hands side by side (split three or four ways at a full
table), each lies on the one to its left as a dealer lays them, every card's index left in sight
*(chosen)*, rather than all drawn smaller (`CROWDED_CARD_SCALE`).

Everything lives in a fixed 1600 x 1000 scene; the view scales it to the window, but never so
far down that a card's index drops below MIN_INDEX_PX on screen: a window too small for that
scrolls the felt instead, the hand whose turn it is kept in sight.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from trainer.game.table import BoxView, HandView, TableView
from trainer.i18n import language
from trainer.practice.skills.base import bettor_name
from ui.i18n import N_, _
from ui.table.cards import (
    CARD_H,
    CARD_W,
    FAN_DX,
    FAN_DY,
    FAN_DY_MIN,
    INDEX_CAP,
    CardItem,
    index_width,
)
from ui.table.chips import (
    CHIP_RADIUS,
    ChipStackItem,
    chip_colours,
    fit_text,
    format_amount,
    line_height,
    readable_text,
    ui_font,
)
from ui.table.hand_signals import SignalItem
from ui.table.render_cache import TABLES

SCENE_RECT = QRectF(0, 0, 1600, 1000)
CENTRE_X = 800.0

# The arc of boxes: an ellipse centred above the table, so the end boxes sit higher than the middle.
# The arc of boxes, parallel to the rail: deep enough that a box's bets, behind bets and number
# stay on the felt at both ends (the rail curves in towards the players).
ARC_CY, ARC_AX, ARC_BY = -236.6, 820.0, 1006.6
ARC_SPAN = 1100.0  # from the centre of the last box to the centre of the first
BOX_SPACING_MAX = 420.0
SPOT_R = 46.0
INSURANCE_RISE = 380.0  # the insurance line runs this far above the boxes, towards the dealer
INSURANCE_STEP = 64.0  # between the insurance stakes of a box's bettors on the line
# Behind bets lie behind the seat's, on the players' side of the box [000][003]: a row below the
# spot, then the box's number.
BEHIND_DY = 74.0
BEHIND_R = 17.0
BEHIND_STEP = 64.0
BADGE_DY = 146.0  # the top of the number badge, below the spot's centre and the names over it
BADGE_H = 26.0
DOUBLE_DX = 22.0  # a doubled stake: the double beside the bet
# Split hands side by side fan almost straight down: each covered card still shows its index
# (the strip a fan leaves is its top), and two hands of a few cards fit a box of a full table
# without being drawn smaller.
SPLIT_FAN_DX = 3.0
CAPTION_H = 22.0  # a split hand's label, or "doubled", under its cards
# The least scale of the cards of a crowded box: a box of a full table split four ways, each hand
# doubled (three cards, tens among them: the widest indices), its hands lying on one another,
# where the box has no behind bet or does not lie at an end of the arc (there two rows of stakes
# and the shoe's clearance leave less height). Its index is then 16.9 scene units high, 10 px on
# screen (MIN_INDEX_PX, the least the view reads) at the zoom that fits the whole felt in deal
# mode's table at 1280 x 800 (0.594): such a table is seen whole there, where its cards at 0.49
# made the felt scroll at any size of window. Hands of a box with the width for them are larger
# (0.74 at a full table with no behind bets); at 1024 x 600 the felt fits at 0.43, where only
# full-sized cards read: it scrolls, less than it did.
CROWDED_CARD_SCALE = 0.675
# what a split hand lying under its neighbour keeps in sight of each card beyond its corner
# index (`ui.table.cards.index_width`: the rank and the suit beside it): a hair of felt
INDEX_CLEAR = 1.0
OVERLAP_FAN_DX = 0.0  # and their own cards straight down
HAND_GAP = 12.0

DEALER_RECT = QRectF(560, 0, 480, 300)
DEALER_CARDS_TOP = 150.0
DEALER_CARD_STEP = 46.0
DEALER_CARDS_MAX_W = 470.0
SHOE_RECT = QRectF(1334, 20, 206, 124)
DISCARD_RECT = QRectF(60, 20, 206, 124)
EXPOSED_POS = QPointF(1212, 28)
# the shoe's next cards, when a drill shows them: a row of small cards left of the shoe's mouth
SHOE_NEXT_SCALE = 0.85
SHOE_NEXT_TOP = 18.0
SHOE_NEXT_RIGHT = SHOE_RECT.left() - 8
SHOE_NEXT_LEFT = 1048.0  # clear of the dealer's longest hand
SHOE_NEXT_STEP = 46.0  # each card's jumbo index uncovered by the next, where the row has room
RACK_RECT = QRectF(616, 0, 368, 62)
# The least height of a card's index on screen, in logical pixels (issue 12: read at 1024 x 600,
# split hands included): below it the view stops shrinking the felt and scrolls it.
MIN_INDEX_PX = 10.0
# And the least height of the felt's names and labels on screen (behind bettors, split hands,
# results): the scene sets them no smaller than this at the view's zoom.
MIN_TEXT_PX = 10.0

ACTIVE_COLOUR = QColor("#ffd54a")
HIGHLIGHT_COLOUR = QColor("#5fd3ff")
GOLD = QColor("#d9b860")
CREAM = QColor("#f6ecd0")

# a hand's result on its badge (the words translated as drawn), and the badge's colours
RESULT_STYLE = {
    "blackjack": (N_("BLACK JACK"), "#d9a520", "#1c1404"),
    "win": (N_("WIN"), "#2e9d52", "#ffffff"),
    "push": (N_("PUSH"), "#7d8590", "#ffffff"),
    "lose": (N_("LOSE"), "#b3262e", "#ffffff"),
    "bust": (N_("BUST"), "#b3262e", "#ffffff"),
}

Breakdown = Callable[[Decimal], Sequence[Decimal]]
SEAT = "seat"


def _stake_of(hand: HandView, who: str) -> Decimal | None:
    for bettor, amount in hand.stakes:
        if bettor == who:
            return amount
    return None


STAKE_GAP = 3.0  # between the stakes of split hands side by side, or a row above another


def _extent(group: Sequence[tuple[ChipStackItem, float]]) -> QRectF:
    """What a hand's stake takes on the felt, from the hand's centre: its stacks, each `dx`
    aside, with their amount and label (all of each one's drawn rectangle)."""
    rect = QRectF()
    for item, dx in group:
        rect = rect.united(item.boundingRect().translated(dx, 0.0))
    return rect


def _stake_rows(extents: Sequence[QRectF], room: float) -> list[list[int]]:
    """The split hands' stakes (their extents, in the hands' order) in as few rows as keep each
    row within `room`, the hands taking turns: row r has the hands r, r + k, r + 2k…"""
    k = 1
    while k < len(extents):
        rows = [list(range(r, len(extents), k)) for r in range(k)]
        if all(
            sum(extents[i].width() for i in row) + STAKE_GAP * (len(row) - 1) <= room
            for row in rows
        ):
            return rows
        k += 1
    return [[i] for i in range(len(extents))]


def _spread(wanted: Sequence[tuple[float, QRectF]], left: float, right: float) -> list[float]:
    """Where a row of things lies, each given as (the centre it wants, its extent from that
    centre) from left to right: each as near as it can to where it wants, none over another
    (STAKE_GAP apart), all within `left`..`right`; a row wider than that centred on it."""
    xs = [x for x, _ in wanted]
    total = sum(e.width() for _, e in wanted) + STAKE_GAP * (len(wanted) - 1)
    if total > right - left:  # cannot be: each row is kept within the box
        x = (left + right - total) / 2
        out = []
        for _, e in wanted:
            out.append(x - e.left())
            x += e.width() + STAKE_GAP
        return out
    edge = left
    for i, (_, e) in enumerate(wanted):  # pushed right, off the box's edge and the one before
        xs[i] = max(xs[i], edge - e.left())
        edge = xs[i] + e.right() + STAKE_GAP
    edge = right
    for i in reversed(range(len(wanted))):  # then left, off the edge and the one after
        e = wanted[i][1]
        xs[i] = min(xs[i], edge - e.right())
        edge = xs[i] + e.left() - STAKE_GAP
    return xs


def arc_y(x: float) -> float:
    """The height of the arc of boxes at `x`."""
    u = (x - CENTRE_X) / ARC_AX
    return ARC_CY + ARC_BY * math.sqrt(max(0.0, 1.0 - u * u))


def insurance_stake_y(x: float) -> float:
    """Where an insurance stake lies at `x`: on the insurance line, but never on the shoe or
    the discard tray, where the line itself stops (the end boxes of a full table)."""
    return max(insurance_y(x), SHOE_RECT.bottom() + 50)


def insurance_y(x: float) -> float:
    return arc_y(x) - INSURANCE_RISE


@dataclass(frozen=True, slots=True)
class BoxPlace:
    """Where a box sits: its bet spot's centre, and the width its hands may take."""

    number: int
    anchor: QPointF
    width: float
    spacing: float

    @property
    def insurance_y(self) -> float:
        return insurance_y(self.anchor.x())

    def area(self) -> QRectF:
        """The part of the felt that belongs to the box (a click there is a click on the box)."""
        x, y = self.anchor.x(), self.anchor.y()
        top = self.insurance_y - 48
        bottom = y + BADGE_DY + BADGE_H + 4
        return QRectF(x - self.width / 2 - 6, top, self.width + 12, bottom - top)

    def behind_area(self) -> QRectF:
        """Where the behind bets lie: a strip behind the seat's spot, above the number."""
        x, y = self.anchor.x(), self.anchor.y()
        w = min(self.width - 4, 4 * BEHIND_STEP)
        return QRectF(x - w / 2, y + SPOT_R + 6, w, BADGE_DY - SPOT_R - 10)


def table_path(inset: float) -> QPainterPath:
    """The table's outline, `inset` inside its edge: 0 is the rail's edge, 34 the felt's."""
    left, right, bottom = inset, SCENE_RECT.width() - inset, 990.0 - inset
    p = QPainterPath()
    p.moveTo(left, 0)
    p.lineTo(right, 0)
    p.lineTo(right, 360)
    p.cubicTo(right, 800 - inset * 0.6, 1200 - inset * 0.3, bottom, CENTRE_X, bottom)
    p.cubicTo(400 + inset * 0.3, bottom, left, 800 - inset * 0.6, left, 360)
    p.closeSubpath()
    return p


FELT_INSET = 34.0
_CLOTH = table_path(FELT_INSET + 8)  # what a box may cover: the felt, short of the rail


def _room_on_felt(x: float, top: float, bottom: float, most: float) -> float:
    """The widest band centred on `x`, from `top` to `bottom`, that lies on the felt (at most
    `most`): the end boxes of the arc come near the rail."""
    if _CLOTH.contains(QRectF(x - most / 2, top, most, bottom - top)):
        return most
    lo, hi = 0.0, most
    for _step in range(12):
        mid = (lo + hi) / 2
        if _CLOTH.contains(QRectF(x - mid / 2, top, mid, bottom - top)):
            lo = mid
        else:
            hi = mid
    return lo


def layout_boxes(numbers: Sequence[int]) -> list[BoxPlace]:
    """Box places along the arc: box 1 (lowest number) at the right-hand end [000]. A box takes
    the width between its neighbours, short of the rail at the ends of the arc."""
    ordered = sorted(numbers)
    n = len(ordered)
    spacing = BOX_SPACING_MAX if n < 2 else min(BOX_SPACING_MAX, ARC_SPAN / (n - 1))
    places = []
    for k, number in enumerate(ordered):
        x = CENTRE_X + spacing * ((n - 1) / 2 - k)
        y = arc_y(x)
        top = y - INSURANCE_RISE - 48
        width = _room_on_felt(x, top, y + BADGE_DY + BADGE_H, min(spacing, 280.0) - 14)
        places.append(BoxPlace(number, QPointF(x, y), width, spacing))
    return places


class LabelItem(QGraphicsItem):
    """Text centred on the item's x, its top at the item's y; on a rounded plate if `fill`.

    Lines are separated by "\n". Text wider than `max_width` is set smaller, down to a size
    still readable, and only then elided.
    """

    MIN_PX = 10.0
    PAD = 5.0

    @classmethod
    def fitting_size(
        cls,
        text: str,
        pixel_size: float,
        max_width: float | None,
        *,
        bold: bool = False,
        italic: bool = False,
        padded: bool = False,
        min_px: float = 0.0,
    ) -> float:
        """The pixel size at which `text` fits in `max_width` (never below MIN_PX nor `min_px`,
        the least size the view reads)."""
        least = max(cls.MIN_PX, min_px)
        pixel_size = max(pixel_size, least)
        if max_width is None:
            return pixel_size
        room = max_width - 2 * (cls.PAD if padded else 2.0)
        widest = max(
            fit_text(line, pixel_size, bold=bold, italic=italic)[1] for line in text.split("\n")
        )
        if widest <= room:
            return pixel_size
        return max(least, float(int(pixel_size * room / widest)))

    def __init__(
        self,
        text: str,
        pixel_size: float = 14.0,
        *,
        colour: QColor = CREAM,
        fill: QColor | None = None,
        bold: bool = False,
        italic: bool = False,
        max_width: float | None = None,
        min_px: float = 0.0,
        wrap: bool = False,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        pad = self.PAD if fill is not None else 2.0
        if wrap and max_width is not None:
            # a sentence too wide at the least size read goes on more lines, not smaller
            text = self._wrapped(text, max(pixel_size, min_px), max_width - 2 * pad, bold, italic)
        size = self.fitting_size(
            text,
            pixel_size,
            max_width,
            bold=bold,
            italic=italic,
            padded=fill is not None,
            min_px=min_px,
        )
        lines = text.split("\n")
        room = None if max_width is None else max_width - 2 * pad
        fitted = [
            readable_text(line, size, 1e9 if room is None else room, bold=bold, italic=italic)
            for line in lines
        ]
        self.text = "\n".join(s for s, _ in fitted)
        self.pixel_size = size
        width = max(w for _, w in fitted) + 2 * pad
        lh = line_height(size, bold=bold, italic=italic)
        height = lh * len(lines) + (3 if fill is not None else 0)
        self._font = ui_font(size, bold=bold, italic=italic)
        self._colour = colour
        self._fill = fill
        self._rect = QRectF(-width / 2, 0, width, height)

    @staticmethod
    def _wrapped(text: str, px: float, room: float, bold: bool, italic: bool) -> str:
        """`text` broken at spaces into lines no wider than `room` (greedily; two lines as even
        as they can be, so no word is left alone on the second)."""

        def width(line: str) -> float:
            return fit_text(line, px, bold=bold, italic=italic)[1]

        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            broken: list[str] = []
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if line and width(trial) > room:
                    broken.append(line)
                    line = word
                else:
                    line = trial
            broken.append(line)
            if len(broken) == 2:
                cuts: list[tuple[str, str]] = [
                    (" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))
                ]

                def widest(cut: tuple[str, str]) -> float:
                    return max(width(cut[0]), width(cut[1]))

                first, second = min(cuts, key=widest)
                broken = [first, second]
            lines += broken
        return "\n".join(lines)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self._fill is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._fill)
            r = min(self._rect.height() / 2, 9.0)
            painter.drawRoundedRect(self._rect, r, r)
        painter.setFont(self._font)
        painter.setPen(self._colour)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class OutlineItem(QGraphicsItem):
    """A glowing rounded frame around the hand whose turn it is, or one the drill points at."""

    def __init__(
        self, rect: QRectF, colour: QColor, width: float = 3.5, parent: QGraphicsItem | None = None
    ) -> None:
        super().__init__(parent)
        self.rect = rect
        self._colour = colour
        self._width = width

    def boundingRect(self) -> QRectF:  # noqa: N802
        m = self._width * 2.5
        return self.rect.adjusted(-m, -m, m, m)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        glow = QColor(self._colour)
        glow.setAlpha(70)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(glow, self._width * 3))
        painter.drawRoundedRect(self.rect, 9, 9)
        painter.setPen(QPen(self._colour, self._width))
        painter.drawRoundedRect(self.rect, 9, 9)


class _Layer(QGraphicsItem):
    """An empty parent: everything one snapshot draws hangs from it, so it goes in one call."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pass


class FeltItem(QGraphicsItem):
    """The table itself: rail, felt, the insurance line, box spots and numbers, the dealer's place
    with the chip rack, the shoe and the discard tray. Redrawn only when the number of boxes
    changes."""

    def __init__(self, places: Sequence[BoxPlace], legend: str = "") -> None:
        super().__init__()
        self.places = list(places)
        self.legend = legend
        self.setZValue(-10)
        # Painted once per zoom level and screen (the costliest thing to draw), then blitted.
        # its words (DEALER, SHOE, the legend) are in the language of the moment
        self._key = ("felt", tuple(p.number for p in self.places), legend, language())
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

    def _paint_legend(self, painter: QPainter) -> None:
        """The legend printed along an arc above the insurance line, as on a real layout."""
        path = self._arc_path(INSURANCE_RISE + 62, 260, SCENE_RECT.width() - 260)
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
        badge = QRectF(c.x() - 20, c.y() + BADGE_DY, 40, BADGE_H)
        painter.setPen(QPen(GOLD, 1.5))
        painter.setBrush(QColor(8, 36, 20, 200))
        painter.drawRoundedRect(badge, BADGE_H / 2, BADGE_H / 2)
        painter.setFont(self._number_font)
        painter.setPen(CREAM)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(place.number))

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
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, _("DEALER"))

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
        painter.save()
        painter.translate(r.left() + 6, r.top() + 30)
        painter.rotate(-8)
        painter.scale(0.62, 0.62)
        CardItem._paint_back(painter, QRectF(0, 0, CARD_W, CARD_H))
        painter.restore()
        painter.setFont(self._small_font)
        painter.setPen(QColor(236, 214, 150, 200))
        painter.drawText(
            QRectF(r.left(), r.bottom() + 4, r.width(), 18),
            Qt.AlignmentFlag.AlignCenter,
            _("SHOE"),
        )

    def _paint_discard(self, painter: QPainter) -> None:
        r = DISCARD_RECT
        painter.setPen(QPen(QColor(220, 235, 240, 150), 2))
        painter.setBrush(QColor(200, 225, 235, 45))
        painter.drawRoundedRect(r, 8, 8)
        # a pile of used cards lying lengthwise
        for i in range(4):
            painter.save()
            painter.translate(r.left() + 46 + i * 2.5, r.top() + 104 - i * 2.2)
            painter.rotate(-90)
            painter.scale(0.8, 0.8)
            CardItem._paint_back(painter, QRectF(0, 0, CARD_W, CARD_H))
            painter.restore()
        painter.setFont(self._small_font)
        painter.setPen(QColor(236, 214, 150, 200))
        painter.drawText(
            QRectF(r.left(), r.bottom() + 4, r.width(), 18),
            Qt.AlignmentFlag.AlignCenter,
            _("DISCARD"),
        )


@dataclass(eq=False)
class Drawing:
    """Everything one snapshot draws: its items hang from `layer`; `felt` is a new felt when the
    boxes differ from the table's (None: the felt on the table serves)."""

    view: TableView
    numbers: tuple[int, ...]
    places: dict[int, BoxPlace]
    felt: FeltItem | None
    layer: _Layer
    hand_cards: dict[str, list[CardItem]] = field(default_factory=dict)
    stacks: dict[str, ChipStackItem] = field(default_factory=dict)
    captions: dict[str, LabelItem] = field(default_factory=dict)
    outlines: dict[str, OutlineItem] = field(default_factory=dict)
    signals: dict[str, SignalItem] = field(default_factory=dict)  # hand label -> its signal
    overhead: list[QRectF] = field(default_factory=list)  # what the boxes' cards keep under

    def card_scale(self) -> float:
        """The scale of the smallest face-up card in play (1 when none is smaller): how far the
        view may shrink the felt before an index is too small to read. The shoe's next cards,
        a preview drawn smaller beside the shoe, are left out: they would make the dealer's
        draw drill scroll on a small window for a row read at a glance."""
        return min(
            (
                c.scale()
                for label, cs in self.hand_cards.items()
                if label != "shoe"
                for c in cs
                if c.face_up
            ),
            default=1.0,
        )


class TableScene(QGraphicsScene):
    """The table as a scene. `show(view)` redraws it from a snapshot; clicks come back as
    `boxClicked(number)` and `dealerClicked()`.

    `breakdown`, when given, turns an amount into the chips to draw (the domain's fewest-chips
    breakdown); without it stacks are drawn generic with their amount written under them.
    `legend` is printed along the arc above the insurance line ("INSURANCE PAYS 2 TO 1").
    """

    boxClicked = Signal(int)  # noqa: N815
    dealerClicked = Signal()  # noqa: N815

    def __init__(
        self,
        parent=None,
        *,
        breakdown: Breakdown | None = None,
        legend: str = "",
    ) -> None:
        super().__init__(parent)
        self.setSceneRect(SCENE_RECT)
        # The picture is rebuilt for every question: an index would be rebuilt as often as used.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._breakdown = breakdown
        self._chip_memo: dict[Decimal, tuple[Decimal, ...] | None] = {}
        self._legend = legend
        # the least size of the felt's names and labels, in scene units: what reads MIN_TEXT_PX
        # on screen at the view's zoom (0 until a view says its zoom, see set_zoom)
        self.min_text = 0.0
        self._felt: FeltItem | None = None  # kept from drawing to drawing while the boxes stay
        self._stage: QGraphicsScene | None = None  # where a staged view is built, off the table
        self._staged: Drawing | None = None
        self.drawing: Drawing | None = None  # what is on the table

    # What the last snapshot drew, for whoever needs to point at it (and for the tests).

    @property
    def view(self) -> TableView | None:
        return self.drawing.view if self.drawing is not None else None

    @property
    def places(self) -> dict[int, BoxPlace]:
        return self.drawing.places if self.drawing is not None else {}

    @property
    def hand_cards(self) -> dict[str, list[CardItem]]:
        return self.drawing.hand_cards if self.drawing is not None else {}

    @property
    def stacks(self) -> dict[str, ChipStackItem]:
        return self.drawing.stacks if self.drawing is not None else {}

    @property
    def captions(self) -> dict[str, LabelItem]:
        return self.drawing.captions if self.drawing is not None else {}

    @property
    def outlines(self) -> dict[str, OutlineItem]:
        return self.drawing.outlines if self.drawing is not None else {}

    @property
    def legend(self) -> str:
        return self._legend

    def set_legend(self, legend: str) -> None:
        """The language changed: the felt's words (`legend`, DEALER, SHOE…) in the new one. The
        felt on the table is made again; a view staged in the old words is built again when
        shown, and the table's labels are written anew at the next `show`."""
        self._legend = legend
        if self._staged is not None:
            self._stage_scene().removeItem(self._staged.layer)
            self._staged = None
        if self._felt is not None:
            felt = FeltItem(self._felt.places, legend)
            self.removeItem(self._felt)
            self._felt = felt
            self.addItem(felt)

    # -- drawing ------------------------------------------------------------------------------

    def show(self, view: TableView) -> None:
        """Redraw the whole table from `view` (at once if `stage(view)` built it beforehand)."""
        staged, self._staged = self._staged, None
        if staged is not None:
            self._stage_scene().removeItem(staged.layer)
        d = staged if staged is not None and staged.view is view else self._build(view)
        if d.felt is not None:
            if self._felt is not None:
                self.removeItem(self._felt)
            self._felt = d.felt
            self.addItem(d.felt)
        if self.drawing is not None:
            self.removeItem(self.drawing.layer)
        self.drawing = d
        self.addItem(d.layer)

    def set_zoom(self, zoom: float) -> bool:
        """The view shows the scene at `zoom` screen pixels per scene unit: names and labels are
        set no smaller than MIN_TEXT_PX on screen. Redraws the table if that changes their size
        (and drops a staged view, built at the old size); says whether it did."""
        least = float(math.ceil(MIN_TEXT_PX / zoom)) if zoom > 0 else 0.0
        if least == self.min_text:
            return False
        self.min_text = least
        if self._staged is not None:
            self._stage_scene().removeItem(self._staged.layer)
            self._staged = None
        if self.drawing is not None:
            self.show(self.drawing.view)
        return True

    def stage(self, view: TableView) -> Drawing:
        """Build everything `view` draws now, off the table, for a later `show(view)`.

        `paint_staged` paints it meanwhile. One view is staged at a time; showing any other view
        drops it (it was built against the table as it stood)."""
        if self._staged is not None:
            self._stage_scene().removeItem(self._staged.layer)
        d = self._staged = self._build(view)
        self._stage_scene().addItem(d.layer)
        return d

    def paint_staged(self, painter: QPainter) -> None:
        """Paint the table as the staged view will show it, in scene coordinates."""
        d = self._staged
        if d is None:
            return
        felt = d.felt if d.felt is not None else self._felt
        if felt is not None:
            felt.paint(painter)
        self._stage_scene().render(painter, SCENE_RECT, SCENE_RECT)

    def _stage_scene(self) -> QGraphicsScene:
        if self._stage is None:
            self._stage = QGraphicsScene(SCENE_RECT, self)
            self._stage.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        return self._stage

    def _build(self, view: TableView) -> Drawing:
        numbers = tuple(b.number for b in view.boxes)
        if self.drawing is not None and numbers == self.drawing.numbers:
            places, felt = self.drawing.places, None
        else:
            places = {p.number: p for p in layout_boxes(numbers)}
            felt = FeltItem(list(places.values()), self._legend)
        d = Drawing(view, numbers, places, felt, _Layer())
        marked = {view.active} | set(view.highlights) if view.active else set(view.highlights)
        # the shoe's next cards and the exposed card first: the hands beneath keep under them
        exposed_at = EXPOSED_POS
        if view.shoe_next:
            left = self._draw_shoe_next(d)
            exposed_at = QPointF(min(EXPOSED_POS.x(), left - CARD_W - 14), EXPOSED_POS.y())
        if view.exposed_card:
            card = CardItem(view.exposed_card, True, d.layer)
            card.setPos(exposed_at)
            d.hand_cards["exposed"] = [card]
            cap = LabelItem(
                _("exposed card"),
                14,
                italic=True,
                colour=CREAM,
                max_width=CARD_W + 40,
                min_px=self.min_text,
                wrap=True,
                parent=d.layer,
            )
            cap.setPos(exposed_at.x() + CARD_W / 2, exposed_at.y() + CARD_H + 6)
            d.captions["exposed"] = cap
            # set large on a small window, the caption wraps below the shoe's clearance
            d.overhead.append(cap.sceneBoundingRect())
        for box in view.boxes:
            self._draw_box(d, box, places[box.number], marked)
        self._draw_dealer(d)
        if view.signals:
            self._draw_signals(d)
        return d

    def _chips_for(self, amount: Decimal) -> Sequence[Decimal] | None:
        """The breakdown of `amount`, remembered: the same bets come back at every question."""
        if self._breakdown is None:
            return None
        if amount not in self._chip_memo:
            if len(self._chip_memo) > 1024:
                self._chip_memo.clear()
            try:
                self._chip_memo[amount] = tuple(self._breakdown(amount))
            except ValueError:
                self._chip_memo[amount] = None  # chips cannot make it: the figure still tells it
        return self._chip_memo[amount]

    def _stack(
        self,
        d: Drawing,
        key: str,
        amount: Decimal,
        pos: QPointF,
        *,
        label: str | None = None,
        radius: float = CHIP_RADIUS,
        label_width: float = ChipStackItem.LABEL_MAX_W,
        placed: Sequence[Decimal] = (),
        written: str | None = None,
        written_dx: float = 0.0,
    ) -> ChipStackItem:
        """A stack of `amount`: in the chips it was `placed` in when the view says (and they
        make the amount), else in the breakdown."""
        chips = tuple(placed) if sum(placed, Decimal(0)) == amount else self._chips_for(amount)
        item = ChipStackItem(
            amount,
            d.view.currency,
            chips,
            label=label,
            radius=radius,
            label_width=label_width,
            label_min_px=self.min_text,
            written=written,
            written_dx=written_dx,
            parent=d.layer,
        )
        item.setPos(pos)
        d.stacks[key] = item
        return item

    def _draw_box(self, d: Drawing, box: BoxView, place: BoxPlace, marked: set[str]) -> None:
        """The box's money and cards. The seat's stake lies on the spot (a doubled stake as two
        stacks, the double beside the bet; after a split, each hand's stake under its cards);
        the behind bettors' stakes behind it, towards the players; insurance on the insurance
        line; the cards above, never over a stake."""
        c = place.anchor
        n = box.number
        hands = [h for h in box.hands if h.cards]
        y = c.y() + 4
        placed = dict(box.chips).get(SEAT, ())
        seat: list[tuple[str, ChipStackItem, HandView | None, float]] = []  # key, stack, hand, dx
        if len(hands) > 1:
            for h in hands:
                stake = _stake_of(h, SEAT)
                if stake:
                    seat += self._seat_stacks(d, h.label, stake, h.doubled, 15.0, h, placed)
        elif hands:
            stake = _stake_of(hands[0], SEAT) or dict(box.bets).get(SEAT)
            if stake:
                seat += self._seat_stacks(
                    d, str(n), stake, hands[0].doubled, CHIP_RADIUS, None, placed
                )
        else:
            stake = dict(box.bets).get(SEAT)
            if stake:
                seat += self._seat_stacks(d, str(n), stake, False, CHIP_RADIUS, None, placed)
        for _key, item, hand, dx in seat:
            if hand is None:
                item.setPos(c.x() + dx, y)
        # a split box's stakes, each hand's taken whole as it is drawn (its stack, or the bet and
        # the double with their one amount): in rows under the hands, as few as keep each row
        # within the box, a row above the one before
        groups: dict[str, list[tuple[ChipStackItem, float]]] = {}
        for _key, item, hand, dx in seat:
            if hand is not None:
                groups.setdefault(hand.label, []).append((item, dx))
        extents = {label: _extent(g) for label, g in groups.items()}
        staked = list(groups)  # in the hands' order
        rows = _stake_rows([extents[label] for label in staked], place.width)
        row_of = {staked[i]: r for r, row in enumerate(rows) for i in row}
        if extents:
            depth = max(e.height() for e in extents.values()) + STAKE_GAP
            # the rows from the spot up towards the cards; but the second in front of the spot,
            # on the players' side, where no behind bet lies and it stays above the box's
            # number: the cards above keep its height (a box split four ways and doubled)
            lift = [float(r) for r in range(len(rows))]
            behind = any(who != SEAT for who, _ in box.bets) or any(
                who != SEAT for h in hands for who, _ in h.stakes
            )
            low = max(e.bottom() for e in extents.values())
            if len(rows) > 1 and not behind and y + depth + low <= c.y() + BADGE_DY - 4:
                lift = [0.0, -1.0] + [float(r) for r in range(1, len(rows) - 1)]
            for label, g in groups.items():
                for item, _dx in g:
                    item.setPos(0.0, y - depth * lift[row_of[label]])
        behind_x = self._draw_behind(d, box, place, hands)
        self._draw_insurance(d, box, place, behind_x)
        # the cards end above the tallest stake on the spot
        stakes_top = min(
            (item.pos().y() + item.chips_rect().top() for _, item, _, _ in seat), default=y
        )
        centres = self._draw_hands(d, box, place, marked, min(stakes_top - 6, c.y() - SPOT_R - 10))
        half = place.width / 2
        for k in range(len(rows)):
            # each under its hand's cards as near as it can, none over another, all within the
            # box: a neighbour's cards come close
            row = sorted((label for label in groups if row_of[label] == k), key=centres.__getitem__)
            xs = _spread(
                [(centres[label], extents[label]) for label in row], c.x() - half, c.x() + half
            )
            for label, x in zip(row, xs, strict=True):
                for item, dx in groups[label]:
                    item.setPos(x + dx, item.pos().y())
        if str(n) in marked and not any(h.label == str(n) for h in box.hands):
            colour = ACTIVE_COLOUR if d.view.active == str(n) else HIGHLIGHT_COLOUR
            r = SPOT_R + 8
            self._outline(d, str(n), QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), colour)

    def _seat_stacks(
        self,
        d: Drawing,
        key: str,
        stake: Decimal,
        doubled: bool,
        radius: float,
        hand: HandView | None,
        placed: Sequence[Decimal] = (),
    ) -> list[tuple[str, ChipStackItem, HandView | None, float]]:
        """The seat's stake as it lies: one stack, or for a doubled hand the bet and its double
        side by side (each half the stake)."""
        if not doubled:
            item = self._stack(d, f"{key}:seat", stake, QPointF(), radius=radius, placed=placed)
            return [(f"{key}:seat", item, hand, 0.0)]
        half = stake / 2
        if hand is not None:
            # a split hand's doubled stake, in the narrow room under its cards: the two stacks
            # touching, one amount under both ("€20 ×2")
            dx = radius * 1.08
            written = f"{format_amount(half, d.view.currency)} ×2"
            first = self._stack(
                d,
                f"{key}:seat",
                half,
                QPointF(),
                radius=radius,
                placed=placed,
                written=written,
                written_dx=-dx,
            )
            double = self._stack(
                d, f"{key}:seat:double", half, QPointF(), radius=radius, placed=placed, written=""
            )
            return [(f"{key}:seat", first, hand, dx), (f"{key}:seat:double", double, hand, -dx)]
        first = self._stack(d, f"{key}:seat", half, QPointF(), radius=radius, placed=placed)
        # a player doubles in the colours of his bet
        double = self._stack(d, f"{key}:seat:double", half, QPointF(), radius=radius, placed=placed)
        # apart enough that their amounts do not run into each other
        dx = max(DOUBLE_DX * radius / CHIP_RADIUS, first.boundingRect().width() / 2 + 1.5)
        return [(f"{key}:seat", first, hand, dx), (f"{key}:seat:double", double, hand, -dx)]

    def _draw_insurance(
        self, d: Drawing, box: BoxView, place: BoxPlace, behind_x: dict[str, float]
    ) -> None:
        """Each insuring bettor's insurance on the insurance line, in front of his own bet [003]
        (insurance belongs to each bettor, RULES.md §9): the stacks in a row in the order their
        bets lie from left to right, spaced so none covers another, each labelled with its
        bettor's name when there are several. A view with a total and no bettors is the seat's."""
        c = place.anchor
        insured = list(box.insurances)
        if not insured and box.insurance is not None:
            insured = [(SEAT, box.insurance)]
        if not insured:
            return
        # where each one's bet lies; the seat's on the spot, ahead of a behind bet just behind it
        order = sorted(
            range(len(insured)),
            key=lambda i: (behind_x.get(insured[i][0], c.x()), insured[i][0] != SEAT, i),
        )
        k = len(insured)
        # the row may spread to halfway to the neighbours' (their insurance is as far away)
        step = min(INSURANCE_STEP, (place.spacing - 8) / k)
        x0 = c.x() - step * (k - 1) / 2
        several = k > 1
        for slot, i in enumerate(order):
            who, amount = insured[i]
            x = x0 + slot * step
            self._stack(
                d,
                f"{box.number}:insurance" + ("" if who == SEAT else f":{who}"),
                amount,
                QPointF(x, insurance_stake_y(x)),
                label=bettor_name(who) if several else _("insurance"),
                radius=BEHIND_R if step >= 2.4 * BEHIND_R else step / 2.4,
                label_width=step - 4 if several else place.width - 4,
            )

    def _draw_behind(
        self, d: Drawing, box: BoxView, place: BoxPlace, hands: list[HandView]
    ) -> dict[str, float]:
        """The behind bettors' stakes in a row behind the seat's [000][003]: each bettor's money
        on the box (over all its hands once split or doubled); where each one lies."""
        bettors = [who for who, _ in box.bets if who != SEAT]
        for h in hands:
            bettors += [who for who, _ in h.stakes if who != SEAT and who not in bettors]
        bets = dict(box.bets)
        amounts = []
        for who in bettors:
            amount = sum((_stake_of(h, who) or Decimal(0) for h in hands), Decimal(0))
            amount = amount or bets.get(who, Decimal(0))  # a snapshot with bets and no stakes
            if amount:
                amounts.append((who, amount))
        if not amounts:
            return {}
        row = place.behind_area()
        step = min(BEHIND_STEP, (row.width() - 4) / len(amounts))
        x0 = row.center().x() - step * (len(amounts) - 1) / 2
        where = {}
        for i, (who, amount) in enumerate(amounts):
            # in the order the view gives them, read from left to right as a question lists them
            pos = QPointF(x0 + i * step, place.anchor.y() + BEHIND_DY)
            where[who] = pos.x()
            self._stack(
                d,
                f"{box.number}:{who}",
                amount,
                pos,
                placed=dict(box.chips).get(who, ()),
                label=bettor_name(who),  # "behind-a" in the trainee's words
                radius=BEHIND_R if step >= 2.4 * BEHIND_R else step / 2.4,
                label_width=step - 4 if len(amounts) > 1 else row.width() - 4,  # alone: the row
            )
        return where

    def _draw_hands(
        self, d: Drawing, box: BoxView, place: BoxPlace, marked: set[str], lowest: float
    ) -> dict[str, float]:
        """The box's hands side by side, their cards ending above `lowest`; the centre of each."""
        hands = [h for h in box.hands if h.cards]
        if not hands:
            return {}
        c = place.anchor
        # a split box may be down to one hand, the others bust and collected: still labelled
        split = len(box.hands) > 1 or any("." in h.label for h in box.hands)
        captions = [self._caption(h, split) for h in hands]
        caption_px = max(14.0, self.min_text)
        badge_px = max(12.0, self.min_text)
        caption_h = max(CAPTION_H, line_height(caption_px, bold=True) + 7)
        badge_h = line_height(badge_px, bold=True) + 5
        bottom = lowest - (caption_h if any(captions) else 0)
        insured = box.insurance is not None or bool(box.insurances)
        if insured:
            lowest_stake = max(
                (
                    s.pos().y()
                    for k, s in d.stacks.items()
                    if k.startswith(f"{box.number}:insurance")
                ),
                default=insurance_stake_y(c.x()),
            )
            top = lowest_stake + self._insurance_depth()
        else:
            top = place.insurance_y - 18
        top = max(top, SHOE_RECT.bottom() + 30)  # clear of the shoe and the discard tray
        left_edge, right_edge = c.x() - place.width / 2, c.x() + place.width / 2
        for above in d.overhead:  # and of the exposed card's caption, above the box's area
            if above.left() < right_edge and above.right() > left_edge:
                top = max(top, above.bottom() + 10)
        if any(h.result for h in hands):
            top += badge_h  # room for the result badge above the cards
        avail_h = bottom - top
        avail_w = place.width
        most = max(len(h.cards) for h in hands)
        many = len(hands) > 1
        fan_dx = SPLIT_FAN_DX if many else FAN_DX
        widths = [CARD_W + fan_dx * (len(h.cards) - 1) for h in hands]
        # what a hand lying under its right-hand neighbour keeps showing: the index of each of
        # its cards, the widest ("10" and its suit) whole
        strips = [
            max(index_width(t) for t in h.cards) + INDEX_CLEAR + OVERLAP_FAN_DX * (len(h.cards) - 1)
            for h in hands
        ]
        laid = [CARD_W + OVERLAP_FAN_DX * (len(h.cards) - 1) for h in hands]
        results = [self._result_text(h) for h in hands]

        def tall(height: float) -> tuple[float, float]:
            """The fan's step down and the largest scale that a hand of `most` cards takes in
            `height`."""
            dy = FAN_DY
            if most > 1 and CARD_H + dy * (most - 1) > height:
                dy = max(FAN_DY_MIN, (height - CARD_H) / (most - 1))
            return dy, max(0.0, height / (CARD_H + dy * (most - 1)))

        def plate(text: str, px: float) -> float:
            return fit_text(text, px, bold=True)[1] + 2 * LabelItem.PAD if text else 0.0

        # The hands side by side, sharing the box's width as if the cards were only as small as
        # that needs; the height (a tall hand, a row of stakes under them) shrinks the cards,
        # not the room between the hands: their captions, no smaller than the view reads, keep
        # the room they need.
        total_w = sum(widths) + HAND_GAP * (len(hands) - 1)
        spread = min(1.0, avail_w / total_w)
        dy, high = tall(avail_h)
        scale = min(spread, high)
        steps: list[float] = []  # where the hands overlap: from each one's left to the next's
        tiers = b_tiers = 1  # the rows their captions, and their results, take turns on
        lift = 0.0  # the height a second row of captions takes, under the first
        if many and spread < high:
            # Too narrow side by side: the hands overlap as a dealer lays them when a box is
            # split again and again, each on the one to its left, which keeps its cards'
            # indices in sight — the cards as large as the height allows. Their captions (and
            # results) take turns on two rows where one row has not the room.
            cap_px = max(caption_px, self.min_text)
            bad_px = max(badge_px, self.min_text)
            cap_w = [plate(a, cap_px) for a in captions]
            bad_w = [plate(b, bad_px) for b in results]

            def apart(trial: list[float], plates: list[float], rows: int) -> bool:
                return all(
                    sum(trial[i : i + rows]) >= (plates[i] + plates[i + rows]) / 2 + 3
                    for i in range(len(hands) - rows)
                )

            for c_rows, b_rows in ((1, 1), (1, 2), (2, 1), (2, 2)):
                below = (c_rows - 1) * (caption_h if any(captions) else 0.0)
                over = (b_rows - 1) * (badge_h if any(results) else 0.0)
                dy2, high2 = tall(avail_h - below - over)
                s2 = min(1.0, high2, avail_w / (laid[0] + sum(strips[1:])))
                if s2 <= scale:
                    continue
                # as far apart as the width allows: each step between the least and side by side
                least = [strips[i + 1] * s2 for i in range(len(hands) - 1)]
                full = [(laid[i] + HAND_GAP) * s2 for i in range(len(hands) - 1)]
                slack = avail_w - laid[0] * s2 - sum(least)
                give = sum(f - m for f, m in zip(full, least, strict=True))
                t = 1.0 if give <= 0 else min(1.0, max(0.0, slack / give))
                trial = [m + t * (f - m) for m, f in zip(least, full, strict=True)]
                if apart(trial, cap_w, c_rows) and apart(trial, bad_w, b_rows):
                    scale, dy, steps, tiers, b_tiers, lift = s2, dy2, trial, c_rows, b_rows, below
                    fan_dx, widths = OVERLAP_FAN_DX, laid
                    break
        bottom -= lift
        lefts = []
        centres = []
        if steps:  # the first on the right, each next one further left, under it
            x = c.x() + (widths[0] * scale + sum(steps)) / 2 - widths[0] * scale
            for i, w in enumerate(widths):
                lefts.append(x)
                centres.append(x + w * scale / 2)
                x -= steps[i] if i < len(steps) else 0.0
        else:
            # Split hands side by side, the first on the right: the dealer's left, as the boxes
            # go.
            x = c.x() + total_w * spread / 2
            for w in widths:
                x -= w * spread / 2
                centres.append(x)
                lefts.append(x - w * scale / 2)
                x -= w * spread / 2 + HAND_GAP * spread
        # A caption may spread halfway to its neighbours' on its row (or to the edge of the
        # box's area).
        edge_l, edge_r = c.x() - avail_w / 2 - 6, c.x() + avail_w / 2 + 6
        room = []
        for i, cx in enumerate(centres):
            right_n = centres[i - tiers] - cx if i >= tiers else 2 * (edge_r - cx)
            left_n = cx - centres[i + tiers] if i + tiers < len(centres) else 2 * (cx - edge_l)
            room.append(min(left_n, right_n) - 3)
        b_room = []
        for i, cx in enumerate(centres):
            right_n = centres[i - b_tiers] - cx if i >= b_tiers else 2 * (edge_r - cx)
            left_n = cx - centres[i + b_tiers] if i + b_tiers < len(centres) else 2 * (cx - edge_l)
            b_room.append(min(left_n, right_n) - 3)
        size = min(
            (
                LabelItem.fitting_size(
                    cap, caption_px, r, bold=True, padded=True, min_px=self.min_text
                )
                for cap, r in zip(captions, room, strict=True)
                if cap
            ),
            default=caption_px,
        )
        heights = [(CARD_H + dy * (len(h.cards) - 1)) * scale for h in hands]
        crown = bottom - max(heights)  # the top of the tallest hand: the results above it
        for i, (hand, w, caption, left, cx, r) in enumerate(
            zip(hands, widths, captions, lefts, centres, room, strict=True)
        ):
            height = heights[i]
            y0 = bottom - height
            tier = i % tiers
            cards = []
            for j, token in enumerate(hand.cards):
                card = CardItem(token, True, d.layer)
                card.setScale(scale)
                card.setPos(left + j * fan_dx * scale, y0 + j * dy * scale)
                card.setZValue(-i)  # a hand lies on the one to its left
                cards.append(card)
            d.hand_cards[hand.label] = cards
            hand_rect = QRectF(left, y0, w * scale, height)
            if caption:
                lab = LabelItem(
                    caption,
                    size,
                    bold=True,
                    colour=CREAM,
                    fill=QColor(8, 36, 20, 190),
                    max_width=r,
                    min_px=self.min_text,
                    parent=d.layer,
                )
                lab.setPos(cx, bottom + 2 + tier * caption_h)
                d.captions[hand.label] = lab
            if hand.result:
                _word, bg, fg = RESULT_STYLE.get(hand.result, ("", "#555", "#fff"))
                badge = LabelItem(
                    results[i],
                    badge_px,
                    bold=True,
                    colour=QColor(fg),
                    fill=QColor(bg),
                    max_width=b_room[i],
                    min_px=self.min_text,
                    parent=d.layer,
                )
                # over the tallest of the hands where they overlap: never on a neighbour's cards
                top_of = crown - (i % b_tiers) * badge_h if steps else y0
                badge.setPos(cx, top_of - badge_h)
                d.captions[f"{hand.label}:result"] = badge
            if hand.label in marked:
                colour = ACTIVE_COLOUR if d.view.active == hand.label else HIGHLIGHT_COLOUR
                self._outline(d, hand.label, hand_rect.adjusted(-5, -5, 5, 5), colour)
                if steps:  # under the hands beside it, that lie over it or show their indices
                    d.outlines[hand.label].setZValue(-i - 1.5)
        return {h.label: cx for h, cx in zip(hands, centres, strict=True)}

    @staticmethod
    def _result_text(hand: HandView) -> str:
        """A hand's result as its badge says it ("WIN"), or "" for a hand not settled."""
        if not hand.result:
            return ""
        word = RESULT_STYLE.get(hand.result, (hand.result.upper(), "#555", "#fff"))[0]
        return _(word) if hand.result in RESULT_STYLE else word

    def _insurance_depth(self) -> float:
        """How far below the insurance line its stakes reach (chips, amount, name): the cards
        of an insured box begin under them."""
        px = max(ChipStackItem.LABEL_PX, self.min_text)
        amount = line_height(ChipStackItem.AMOUNT_PX, bold=True) + 2
        return max(72.0, BEHIND_R + 3 + amount + 1 + line_height(px, italic=True) + 6)

    @staticmethod
    def _caption(hand: HandView, split: bool) -> str:
        """A split hand shows its label; a doubled hand says so (its stake is the two stacks
        under it)."""
        if split:
            return hand.label
        return _("doubled") if hand.doubled else ""

    def _outline(self, d: Drawing, key: str, rect: QRectF, colour: QColor) -> None:
        item = OutlineItem(rect, colour, parent=d.layer)
        item.setZValue(5)
        d.outlines[key] = item

    def _draw_shoe_next(self, d: Drawing) -> float:
        """The shoe's next cards, face up in a small row beside the shoe, fanned like a hand and
        read like one: the first to come out on the left; the row's left edge."""
        tokens = d.view.shoe_next
        n = len(tokens)
        w = CARD_W * SHOE_NEXT_SCALE
        step = min(SHOE_NEXT_STEP, (SHOE_NEXT_RIGHT - SHOE_NEXT_LEFT - w) / max(1, n - 1))
        left = SHOE_NEXT_RIGHT - w - (n - 1) * step
        items = []
        for j, token in enumerate(tokens):
            card = CardItem(token, True, d.layer)
            card.setScale(SHOE_NEXT_SCALE)
            card.setPos(left + j * step, SHOE_NEXT_TOP)
            items.append(card)
        d.hand_cards["shoe"] = items
        cap = LabelItem(
            _("the shoe's next cards, in order"),
            13,
            italic=True,
            max_width=SHOE_NEXT_RIGHT - SHOE_NEXT_LEFT + 60,  # over the felt left of the row
            min_px=self.min_text,
            wrap=True,
            parent=d.layer,
        )
        # under the row, and short of the shoe however few the cards
        half = cap.boundingRect().width() / 2
        cx = min((left + SHOE_NEXT_RIGHT) / 2, SHOE_NEXT_RIGHT - half)
        cap.setPos(cx, SHOE_NEXT_TOP + CARD_H * SHOE_NEXT_SCALE + 4)
        d.captions["shoe"] = cap
        return left

    def _draw_signals(self, d: Drawing) -> None:
        """Each player's hand signal beside his hand's cards: on the side away from the box's
        other hands (a single hand: on the right as the trainee sees it), else on the other
        side, else above the cards — the first place that covers no card of the table."""
        taken = [c.card_rect() for cards in d.hand_cards.values() for c in cards]
        taken.append(SHOE_RECT)
        for label, decision, words in d.view.signals:
            place = d.places.get(int(label.split(".")[0]))
            if place is None:
                continue
            item = SignalItem(decision, words, d.layer)
            cards = d.hand_cards.get(label)
            if cards:
                rect = cards[0].card_rect().united(cards[-1].card_rect())
            else:
                c = place.anchor
                rect = QRectF(c.x() - CARD_W / 2, c.y() - SPOT_R - CARD_H, CARD_W, CARD_H)
            shape = item.boundingRect()
            gap = 4.0
            y = rect.bottom() - shape.bottom() + 4
            right = QPointF(rect.right() + gap - shape.left(), y)
            left = QPointF(rect.left() - gap - shape.right(), y)
            sides = [left, right] if rect.center().x() < place.anchor.x() - 1 else [right, left]
            above = QPointF(rect.center().x(), rect.top() - gap - shape.bottom())
            spot = next(
                (
                    p
                    for p in (*sides, above)
                    if not any(shape.translated(p).intersects(r) for r in taken)
                ),
                sides[0],
            )
            item.setPos(spot)
            taken.append(shape.translated(spot))
            d.signals[label] = item

    def _draw_dealer(self, d: Drawing) -> None:
        view = d.view
        cards = view.dealer_cards
        tokens: list[str | None] = list(cards)
        face = [True] * len(tokens)
        if view.hole_card:
            # the dealer's second card lies face down; a snapshot may list it or leave it out
            if len(tokens) >= 2:
                face[1] = False
            else:
                tokens.append(None)
                face.append(False)
        items = []
        if tokens:
            n = len(tokens)
            step = DEALER_CARD_STEP
            if CARD_W + step * (n - 1) > DEALER_CARDS_MAX_W:
                step = (DEALER_CARDS_MAX_W - CARD_W) / (n - 1)
            width = CARD_W + step * (n - 1)
            x0 = CENTRE_X - width / 2
            for j, (token, up) in enumerate(zip(tokens, face, strict=True)):
                card = CardItem(token, up, d.layer)
                card.setPos(x0 + j * step, DEALER_CARDS_TOP)
                items.append(card)
        d.hand_cards["dealer"] = items
        marked = {view.active, *view.highlights}
        if "dealer" in marked:
            colour = ACTIVE_COLOUR if view.active == "dealer" else HIGHLIGHT_COLOUR
            if items:
                rect = QRectF(items[0].pos(), items[-1].pos() + QPointF(CARD_W, CARD_H))
            else:
                rect = QRectF(CENTRE_X - 80, DEALER_CARDS_TOP, 160, CARD_H)
            self._outline(d, "dealer", rect.adjusted(-6, -6, 6, 6), colour)

    # -- clicks -------------------------------------------------------------------------------

    def box_at(self, pos: QPointF) -> int | None:
        """The box whose part of the felt holds `pos`, if any."""
        for number, place in self.places.items():
            if place.area().contains(pos):
                return number
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            pos = event.scenePos()
            number = self.box_at(pos)
            if number is not None:
                event.accept()
                self.boxClicked.emit(number)
                return
            if DEALER_RECT.contains(pos):
                event.accept()
                self.dealerClicked.emit()
                return
        super().mousePressEvent(event)
        event.accept()  # bare felt: the click ends here, nothing under it wants it

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        event.accept()  # the press was taken here, so is its release


class TableWidget(QGraphicsView):
    """The table scene in a view that keeps the whole table fitted to the widget.

    `prepare(view)` draws the picture of a table to come while the trainee reads the present
    one: when `show_table(view)` puts it on, the viewport is painted from that picture, a single
    blit, instead of item by item. Any other table, or a change of size or screen, is painted
    the usual way. `prepare(view, moving=label)` paints the table without that hand's last card
    too: while `slide(card)` moves it in, each frame is that picture and the one card.
    """

    def __init__(self, scene: TableScene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._table = scene if scene is not None else TableScene(self)
        self.setScene(self._table)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QColor("#1c1714"))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setMouseTracking(True)
        self.setMinimumSize(320, 200)
        self._scrolls = False  # the felt is larger than the widget (see _fit)
        # Every pixel of the viewport is painted, by the background brush or the prepared
        # picture: Qt need not clear it (nor paint what lies behind it) first, a full-viewport
        # fill saved at every question.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.viewport().setAutoFillBackground(False)
        # (drawing, _picture_key, pixmap, the pixmap without the card to slide in or None): the
        # prepared table's pictures and the shown one's
        self._pictures: list[tuple[Drawing, tuple, QPixmap, QPixmap | None]] = []
        self._moving: QGraphicsItem | None = None  # the card sliding in, painted over the rest

    def table_scene(self) -> TableScene:
        return self._table

    def show_table(self, view: TableView) -> None:
        self._table.show(view)
        self._fit()
        if self._scrolls:
            self._keep_in_sight(view)

    def prepare(self, view: TableView, moving: str | None = None) -> None:
        """Build and paint `view` now, for a `show_table(view)` to come; with `moving` (a hand's
        label, or "dealer"), paint it also without that hand's last card, the card to slide in
        once it is shown (`slide`)."""
        vp = self.viewport()
        if vp.width() <= 0 or vp.height() <= 0:
            return  # not laid out yet: nothing to paint to, the table is drawn when shown
        drawing = self._table.stage(view)
        picture = self._paint_staged()
        under = None
        cards = drawing.hand_cards.get(moving) if moving is not None else None
        if cards:
            cards[-1].setVisible(False)
            under = self._paint_staged()
            cards[-1].setVisible(True)
        shown = self._table.drawing
        self._pictures = [pic for pic in self._pictures if pic[0] is shown]
        self._pictures.append((drawing, self._picture_key(), picture, under))

    def _paint_staged(self) -> QPixmap:
        vp = self.viewport()
        dpr = vp.devicePixelRatioF()
        picture = QPixmap(vp.size() * dpr)
        picture.setDevicePixelRatio(dpr)
        picture.fill(self.backgroundBrush().color())
        p = QPainter(picture)
        p.setRenderHints(self.renderHints())
        p.setTransform(self.viewportTransform())
        self._table.paint_staged(p)
        p.end()
        return picture

    def slide(self, card: QGraphicsItem) -> None:
        """`card` of the table shown moves (a card dealt slides in): until `end_slide`, each
        paint is the table's picture without it, and the card where it is now."""
        self._moving = card

    def end_slide(self) -> None:
        self._moving = None
        self.viewport().update()

    def forget_prepared(self) -> None:
        """Paint item by item from now on (an item on the table moves: a card slides in)."""
        self._pictures.clear()

    def _picture_key(self) -> tuple:
        """What a prepared picture depends on besides the table: the viewport's size and screen,
        and where the scene lies in it."""
        vp = self.viewport()
        t = self.viewportTransform()
        return (vp.width(), vp.height(), vp.devicePixelRatioF(), t.m11(), t.m22(), t.dx(), t.dy())

    def paintEvent(self, event) -> None:  # noqa: N802
        shown = self._table.drawing
        moving = self._moving
        for drawing, key, picture, under in self._pictures:
            if drawing is not shown or key != self._picture_key():
                continue
            frame = picture if moving is None else under
            if frame is None:
                break  # a card moves and no picture is without it: item by item
            p = QPainter(self.viewport())
            p.drawPixmap(0, 0, frame)
            if moving is not None:
                p.setRenderHints(self.renderHints())
                p.setTransform(moving.sceneTransform() * self.viewportTransform())
                moving.paint(p, QStyleOptionGraphicsItem(), None)
            p.end()
            return
        super().paintEvent(event)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(1120, 700)

    def zoom_needed(self) -> float:
        """The least zoom at which every card of the table shows its index MIN_INDEX_PX tall."""
        d = self._table.drawing
        least = d.card_scale() if d is not None else 1.0
        return MIN_INDEX_PX / (INDEX_CAP * least)

    def _fit(self) -> None:
        """The whole table in the widget, unless that would draw its cards too small to read:
        then at the least zoom that keeps them readable, with scroll bars."""
        rect = self._table.sceneRect()
        room = self.maximumViewportSize()  # without scroll bars
        fit = min((room.width() - 2) / rect.width(), (room.height() - 2) / rect.height())
        zoom = max(fit, self.zoom_needed())
        # the names and labels are set for this zoom; that may redraw the table, its cards a
        # little smaller under larger labels: the zoom they need then holds
        if self._table.set_zoom(zoom):
            zoom = max(fit, self.zoom_needed())
        scrolls = zoom > fit
        if scrolls != self._scrolls:
            self._scrolls = scrolls
            policy = (
                Qt.ScrollBarPolicy.ScrollBarAsNeeded
                if scrolls
                else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            )
            self.setHorizontalScrollBarPolicy(policy)
            self.setVerticalScrollBarPolicy(policy)
        if abs(self.transform().m11() - zoom) > 1e-9:
            self.setTransform(QTransform.fromScale(zoom, zoom))
        if not scrolls:
            self.centerOn(rect.center())

    def _keep_in_sight(self, view: TableView) -> None:
        """Scroll to the hand whose turn it is, or the first the drill points at."""
        outlines = self._table.outlines
        for label in (view.active, *view.highlights):
            if label in outlines:
                self.ensureVisible(outlines[label], 24, 24)
                return

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        self._fit()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        pos = self.mapToScene(event.position().toPoint())
        clickable = self._table.box_at(pos) is not None or DEALER_RECT.contains(pos)
        shape = Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(shape)
        super().mouseMoveEvent(event)
