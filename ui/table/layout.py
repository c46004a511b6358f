"""The geometry of the felt, in the scene's fixed 1600 x 1000 units: where the table's edge, the
arc of boxes, the insurance line, the dealer's place, the shoe and the discard tray lie, the room a
box's hands and stakes take, and how the stakes of split hands are set out in rows.

The geometry is written in the players' frame: the dealer at the top, box 1 at the right-hand
end of the arc. The dealer's view (the default, issue 24) is that frame turned half a turn about
the scene's centre (`turn_point`, `turn_rect`): the dealer's rack and the shoe at the bottom, box 1
at the dealer's left, the screen's left; what is written on the felt stays upright.

No Qt item lives here: `ui.table.felt` paints this geometry and `ui.table.scene` lays the cards
and chips of a snapshot on it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from ui.table.chips import ChipStackItem

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

STAKE_GAP = 3.0  # between the stakes of split hands side by side, or a row above another


def stake_extent(group: Sequence[tuple[ChipStackItem, float]]) -> QRectF:
    """What a hand's stake takes on the felt, from the hand's centre: its stacks, each `dx`
    aside, with their amount and label (all of each one's drawn rectangle)."""
    rect = QRectF()
    for item, dx in group:
        rect = rect.united(item.boundingRect().translated(dx, 0.0))
    return rect


def stake_rows(extents: Sequence[QRectF], room: float) -> list[list[int]]:
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


def spread(wanted: Sequence[tuple[float, QRectF]], left: float, right: float) -> list[float]:
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


def turn_point(p: QPointF) -> QPointF:
    """`p` of the players' frame as the dealer sees it: half a turn about the scene's centre."""
    return QPointF(SCENE_RECT.width() - p.x(), SCENE_RECT.height() - p.y())


def turn_rect(r: QRectF) -> QRectF:
    """`r` of the players' frame as the dealer sees it (the same size, half a turn away)."""
    return QRectF(
        SCENE_RECT.width() - r.right(), SCENE_RECT.height() - r.bottom(), r.width(), r.height()
    )


@dataclass(frozen=True, slots=True)
class BoxPlace:
    """Where a box sits: its bet spot's centre, and the width its hands may take. `turned`: the
    place as the dealer sees it (`turned_over`), its anchor and areas half a turn away."""

    number: int
    anchor: QPointF
    width: float
    spacing: float
    turned: bool = False

    def turned_over(self) -> BoxPlace:
        """This place of the players' frame as the dealer's view shows it."""
        return BoxPlace(self.number, turn_point(self.anchor), self.width, self.spacing, True)

    def _laid(self) -> BoxPlace:
        """The place in the players' frame, where the geometry is written."""
        if not self.turned:
            return self
        return BoxPlace(self.number, turn_point(self.anchor), self.width, self.spacing)

    @property
    def insurance_y(self) -> float:
        if self.turned:
            return SCENE_RECT.height() - self._laid().insurance_y
        return insurance_y(self.anchor.x())

    def area(self) -> QRectF:
        """The part of the felt that belongs to the box (a click there is a click on the box)."""
        if self.turned:
            return turn_rect(self._laid().area())
        x, y = self.anchor.x(), self.anchor.y()
        top = self.insurance_y - 48
        bottom = y + BADGE_DY + BADGE_H + 4
        return QRectF(x - self.width / 2 - 6, top, self.width + 12, bottom - top)

    def badge_rect(self) -> QRectF:
        """The box's number on the felt: on the players' side of its spot."""
        if self.turned:
            return turn_rect(self._laid().badge_rect())
        c = self.anchor
        return QRectF(c.x() - 20, c.y() + BADGE_DY, 40, BADGE_H)

    def behind_area(self) -> QRectF:
        """Where the behind bets lie: a strip behind the seat's spot, beside the number."""
        if self.turned:
            return turn_rect(self._laid().behind_area())
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


def on_cloth(rect: QRectF) -> bool:
    """Whether `rect` lies on the felt, short of the rail."""
    return _CLOTH.contains(rect)


def layout_boxes(numbers: Sequence[int]) -> list[BoxPlace]:
    """Box places along the arc, in the players' frame: box 1 (lowest number) at the right-hand
    end [000], the dealer's left (`BoxPlace.turned_over` for the dealer's view). A box takes the
    width between its neighbours, short of the rail at the ends of the arc."""
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
