"""A playing card on the felt, painted entirely with vectors.

Face up: a rounded white card with the rank and suit in two corners and a large suit in the
middle; a Jack, Queen or King is a picture card (a framed, coloured panel with the figure, head
and shoulders, mirrored; the rank only in the corners), its panel and the figure's head showing
beside the index even when a fanned card covers the rest; face down: a patterned back. No
bitmaps, so a card stays crisp at any zoom and any device-pixel ratio. Card tokens are the
domain's (`trainer.game.cards`): a rank `A 2-9 T J Q K` and an optional suit `S H D C`; a card
without a suit is drawn with its rank alone.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem

from ui.table.chips import text_path
from ui.table.render_cache import paint_cached

CARD_W = 72.0
CARD_H = 100.0
CARD_RADIUS = 6.0
# A hand fans down and to the right, each card on top of the one before: the strip left showing
# of every card is tall enough for its index, so every rank stays readable.
FAN_DX = 10.0
FAN_DY = 34.0
FAN_DY_MIN = 31.0  # below this the index of a covered card is cut

# A "jumbo" index, as casino cards have: the rank a quarter of the card's height, so a card drawn
# small on a small window is still read from its corner.
INDEX_CAP = 25.0  # cap height of the rank in the corner
INDEX_MARGIN = 4.5
INDEX_CONDENSE = 0.9  # the index's letters a little narrower than the font's
PIP_INDEX = 15.0  # the small suit beside the rank
PIP_CENTRE = 30.0  # the large suit in the middle, clear of the two indices

RED = QColor("#c8102e")
BLACK = QColor("#17181a")
NEUTRAL_INK = QColor("#2b3a4e")
SHADOW = QColor(0, 0, 0, 70)
FACE = QColor("#fdfcf7")
EDGE = QColor("#a9a79e")
BACK = QColor("#8c1a2b")
BACK_LINES = QColor(255, 235, 210, 90)

SUITS = "SHDC"
COURT = ("J", "Q", "K")
COURT_FILL = QColor("#f4e4a8")
COURT_GOLD = QColor("#e3b22b")
COURT_ROBE = {True: QColor("#c8102e"), False: QColor("#23408e")}  # red suits, black suits

# the picture panel of a court card leaves the two corner indices outside it, as printed cards
# do: notched at the top left and the bottom right, around the widest court index (a Queen's,
# her tail included)
_PANEL = QRectF(8, 8, CARD_W - 16, CARD_H - 16)
_NOTCH_W, _NOTCH_H = 38.0, 29.0
# the figure's headwear: beside the index, in the strip a fanned card leaves showing
_HEADWEAR_AT, _HEADWEAR_SCALE = QPointF(54.0, 27.5), 0.72
# the figure's face under it, and the suit at its shoulder, in the half below the index
_FACE, _FACE_RX, _FACE_RY = QPointF(54.0, 33.5), 5.6, 6.4
_SHOULDER_PIP = QPointF(20.5, 43.0)
COURT_SKIN = QColor("#f6d6b4")
COURT_HAIR = QColor("#6b4424")


@lru_cache(maxsize=1)
def court_frame() -> QPainterPath:
    r = _PANEL
    p = QPainterPath()
    p.moveTo(r.left() + _NOTCH_W, r.top())
    p.lineTo(r.right(), r.top())
    p.lineTo(r.right(), r.bottom() - _NOTCH_H)
    p.lineTo(r.right() - _NOTCH_W, r.bottom() - _NOTCH_H)
    p.lineTo(r.right() - _NOTCH_W, r.bottom())
    p.lineTo(r.left(), r.bottom())
    p.lineTo(r.left(), r.top() + _NOTCH_H)
    p.lineTo(r.left() + _NOTCH_W, r.top() + _NOTCH_H)
    p.closeSubpath()
    return p


@lru_cache(maxsize=1)
def court_robe() -> QPainterPath:
    """The figure's shoulders and robe, from under the head down to the middle of the card,
    where the mirrored half meets it; the panel's left is left for the suit."""
    cx, mid = _FACE.x(), CARD_H / 2
    p = QPainterPath()
    p.moveTo(cx - 21, mid)
    p.cubicTo(cx - 20, 44, cx - 14, 40, cx - 6, 39.5)
    p.lineTo(cx + 6, 39.5)
    p.cubicTo(cx + 12, 40, _PANEL.right(), 41, _PANEL.right(), 45)
    p.lineTo(_PANEL.right(), mid)
    p.closeSubpath()
    return p


@lru_cache(maxsize=1)
def court_collar() -> QPainterPath:
    cx = _FACE.x()
    p = QPainterPath()
    p.moveTo(cx - 7, 39.2)
    p.quadTo(cx, 45.5, cx + 7, 39.2)
    p.quadTo(cx, 42, cx - 7, 39.2)
    p.closeSubpath()
    return p


@lru_cache(maxsize=3)
def court_hair(rank: str) -> QPainterPath:
    """The hair behind the face: a Queen's falls to her shoulders, a King's and a Jack's are
    short."""
    f = _FACE
    p = QPainterPath()
    if rank == "Q":
        p.moveTo(f.x() - 6.5, f.y() - 3)
        p.cubicTo(f.x() - 9.5, f.y() + 3, f.x() - 8, f.y() + 7, f.x() - 5, f.y() + 7.5)
        p.lineTo(f.x() + 5, f.y() + 7.5)
        p.cubicTo(f.x() + 8, f.y() + 7, f.x() + 9.5, f.y() + 3, f.x() + 6.5, f.y() - 3)
        p.closeSubpath()
    else:
        p.addEllipse(f + QPointF(0, -1.2), _FACE_RX + 1.1, _FACE_RY)
    return p


@lru_cache(maxsize=1)
def court_beard() -> QPainterPath:
    f = _FACE
    p = QPainterPath()
    p.moveTo(f.x() - 5.4, f.y() + 1)
    p.quadTo(f.x() - 4, f.y() + 9.5, f.x(), f.y() + 9.5)
    p.quadTo(f.x() + 4, f.y() + 9.5, f.x() + 5.4, f.y() + 1)
    p.quadTo(f.x(), f.y() + 5.5, f.x() - 5.4, f.y() + 1)
    p.closeSubpath()
    return p


@lru_cache(maxsize=3)
def headwear(rank: str) -> QPainterPath:
    """What the figure wears, above the large letter: a King's crown, a Queen's coronet, a Jack's
    feathered cap."""
    cx, base = CARD_W / 2, 36.0
    p = QPainterPath()
    if rank == "K":  # three points
        p.moveTo(cx - 11, base)
        p.lineTo(cx - 12, base - 10)
        p.lineTo(cx - 6, base - 5)
        p.lineTo(cx, base - 13)
        p.lineTo(cx + 6, base - 5)
        p.lineTo(cx + 12, base - 10)
        p.lineTo(cx + 11, base)
        p.closeSubpath()
    elif rank == "Q":  # a rounded coronet with a jewel
        p.moveTo(cx - 10, base)
        p.cubicTo(cx - 11, base - 9, cx - 4, base - 11, cx, base - 6)
        p.cubicTo(cx + 4, base - 11, cx + 11, base - 9, cx + 10, base)
        p.closeSubpath()
        p.addEllipse(QPointF(cx, base - 9), 2.4, 2.4)
    else:  # a cap and its feather
        p.moveTo(cx - 11, base)
        p.quadTo(cx - 9, base - 9, cx + 1, base - 9)
        p.quadTo(cx + 10, base - 9, cx + 11, base)
        p.closeSubpath()
        p.moveTo(cx + 2, base - 8)
        p.quadTo(cx + 12, base - 18, cx + 17, base - 14)
        p.quadTo(cx + 10, base - 12, cx + 4, base - 6)
        p.closeSubpath()
    return p


@lru_cache(maxsize=16)
def _index_rank(rank: str) -> tuple[float, float, float]:
    """Where the corner index's rank lies: its left, its width, and how it is condensed."""
    condense = INDEX_CONDENSE * (0.82 if len(rank) > 1 else 1.0)
    w = text_path(rank).boundingRect().width() * INDEX_CAP * condense
    left = INDEX_MARGIN
    if len(rank) > 1:
        left -= 1.5  # "10" sits a little closer to the edge, as on printed cards
    return left, w, condense


def index_width(token: str) -> float:
    """How far from the card's left edge its corner index reaches, the suit beside the rank
    included (at scale 1): what a card lying over it must leave showing."""
    rank, suit = split_token(token) if token else ("", None)
    left, w, _condense = _index_rank(rank)
    return left + w + (2 + PIP_INDEX if suit is not None else 0.0)


def split_token(token: str) -> tuple[str, str | None]:
    """(rank as printed, suit letter or None): "TS" -> ("10", "S"), "A" -> ("A", None)."""
    t = token.strip().upper()
    suit = None
    if len(t) >= 2 and t[-1] in SUITS:
        suit, t = t[-1], t[:-1]
    return ("10" if t in ("T", "10") else t), suit


@lru_cache(maxsize=4)
def suit_path(suit: str) -> QPainterPath:
    """The suit's symbol in a unit box centred on (0, 0)."""
    p = QPainterPath()
    if suit == "H":
        p.moveTo(0, 0.46)
        p.cubicTo(-0.12, 0.3, -0.5, 0.08, -0.5, -0.17)
        p.cubicTo(-0.5, -0.44, -0.16, -0.54, 0, -0.27)
        p.cubicTo(0.16, -0.54, 0.5, -0.44, 0.5, -0.17)
        p.cubicTo(0.5, 0.08, 0.12, 0.3, 0, 0.46)
    elif suit == "D":
        p.moveTo(0, -0.5)
        p.quadTo(0.16, -0.2, 0.38, 0)
        p.quadTo(0.16, 0.2, 0, 0.5)
        p.quadTo(-0.16, 0.2, -0.38, 0)
        p.quadTo(-0.16, -0.2, 0, -0.5)
    elif suit == "S":
        body = QPainterPath()
        body.moveTo(0, -0.5)
        body.cubicTo(0.14, -0.3, 0.5, -0.12, 0.5, 0.12)
        body.cubicTo(0.5, 0.36, 0.2, 0.42, 0.03, 0.22)
        body.lineTo(-0.03, 0.22)
        body.cubicTo(-0.2, 0.42, -0.5, 0.36, -0.5, 0.12)
        body.cubicTo(-0.5, -0.12, -0.14, -0.3, 0, -0.5)
        p = body.united(_stem(0.12))
    elif suit == "C":
        for cx, cy in ((0, -0.26), (-0.25, 0.08), (0.25, 0.08)):
            leaf = QPainterPath()
            leaf.addEllipse(QPointF(cx, cy), 0.23, 0.23)
            p = p.united(leaf)
        core = QPainterPath()
        core.addEllipse(QPointF(0, 0), 0.14, 0.14)
        p = p.united(core).united(_stem(0.05))
    return p


def _stem(top: float) -> QPainterPath:
    """The stem of a spade or a club, from `top` down to its foot, in the suit's unit box."""
    stem = QPainterPath()
    stem.moveTo(-0.04, top)
    stem.quadTo(-0.04, 0.4, -0.2, 0.5)
    stem.lineTo(0.2, 0.5)
    stem.quadTo(0.04, 0.4, 0.04, top)
    stem.closeSubpath()
    return stem


def _clip_segment(a: QPointF, b: QPointF, r: QRectF) -> tuple[QPointF, QPointF] | None:
    """The part of segment a-b inside r (Liang-Barsky), or None."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    t0, t1 = 0.0, 1.0
    for p, q in (
        (-dx, a.x() - r.left()),
        (dx, r.right() - a.x()),
        (-dy, a.y() - r.top()),
        (dy, r.bottom() - a.y()),
    ):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return QPointF(a.x() + t0 * dx, a.y() + t0 * dy), QPointF(a.x() + t1 * dx, a.y() + t1 * dy)


@lru_cache(maxsize=1)
def _back_pattern() -> QPainterPath:
    """A diagonal lattice filling the back's inner panel, clipped once here, not at every paint."""
    panel = QRectF(6, 6, CARD_W - 12, CARD_H - 12)
    p = QPainterPath()
    step = 7.0
    k = -CARD_H
    while k < CARD_W + CARD_H:
        for a, b in (
            (QPointF(k, 0), QPointF(k + CARD_H, CARD_H)),
            (QPointF(CARD_W - k, 0), QPointF(CARD_W - k - CARD_H, CARD_H)),
        ):
            seg = _clip_segment(a, b, panel)
            if seg is not None:
                p.moveTo(seg[0])
                p.lineTo(seg[1])
        k += step
    return p


class CardItem(QGraphicsItem):
    """One card, its top-left corner at the item's origin. `token=None` or `face_up=False` draws
    the back (a hole card whose value the trainee must not see)."""

    def __init__(
        self, token: str | None, face_up: bool = True, parent: QGraphicsItem | None = None
    ) -> None:
        super().__init__(parent)
        self.token = token
        self.face_up = bool(token) and face_up
        self.rank, self.suit = split_token(token) if token else ("", None)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-0.5, -0.5, CARD_W + 3.5, CARD_H + 4.5)  # the card, its edge and its shadow

    def card_rect(self) -> QRectF:
        """The card itself in scene coordinates, without the shadow."""
        return self.sceneTransform().mapRect(QRectF(0, 0, CARD_W, CARD_H))

    def paint(self, painter: QPainter, option, widget=None) -> None:
        # the same card looks the same wherever it lies: drawn once per size, then reused
        paint_cached(painter, ("card", self.token, self.face_up), self.boundingRect(), self._draw)

    def _draw(self, painter: QPainter) -> None:
        rect = QRectF(0, 0, CARD_W, CARD_H)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADOW)
        painter.drawRoundedRect(rect.translated(1.8, 2.6), CARD_RADIUS, CARD_RADIUS)
        if not self.face_up:
            self._paint_back(painter, rect)
            return
        painter.setPen(QPen(EDGE, 0.8))
        painter.setBrush(FACE)
        painter.drawRoundedRect(rect, CARD_RADIUS, CARD_RADIUS)
        ink = NEUTRAL_INK if self.suit is None else (RED if self.suit in "HD" else BLACK)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        self._paint_index(painter)
        painter.save()
        painter.translate(CARD_W, CARD_H)
        painter.rotate(180)
        self._paint_index(painter)
        painter.restore()
        centre = rect.center() + QPointF(0, 3)
        if self.suit is None:
            # no suit known: the rank itself, large, where the pips would be
            self._draw_glyphs(painter, text_path(self.rank), centre, 30.0, condense=True)
            return
        if self.rank in COURT:
            self._paint_court(painter, ink, self.suit)
            return
        size = PIP_CENTRE * (1.12 if self.rank == "A" else 1.0)
        self._draw_glyphs(painter, suit_path(self.suit), centre, size, unit=1)

    def _paint_court(self, painter: QPainter, ink: QColor, suit: str) -> None:
        """A picture card as a croupier's eye knows it: the indices in the corners and, in a
        framed, tinted panel beside them, the figure — head and shoulders in the suit's colour,
        wearing a King's crown, a Queen's coronet or a Jack's cap, the suit at the shoulder —
        mirrored about the middle as court cards are. Never a second, larger rank in the
        middle: at table size "A J" would read as three cards. The head and its headwear lie
        beside the index, in the strip a fanned card leaves showing."""
        frame = court_frame()
        painter.setPen(QPen(ink, 1.1))
        painter.setBrush(COURT_FILL)
        painter.drawPath(frame)
        for half in (0, 1):
            painter.save()
            if half:
                painter.translate(CARD_W, CARD_H)
                painter.rotate(180)
            painter.setClipPath(frame)
            # the shoulders in the suit's colour, a gold collar, the head
            painter.setPen(QPen(ink, 0.8))
            painter.setBrush(COURT_ROBE[suit in "HD"])
            painter.drawPath(court_robe())
            painter.setBrush(COURT_GOLD)
            painter.drawPath(court_collar())
            painter.setBrush(COURT_HAIR)
            painter.drawPath(court_hair(self.rank))
            painter.setBrush(COURT_SKIN)
            painter.drawEllipse(_FACE, _FACE_RX, _FACE_RY)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            for dx in (-2.4, 2.4):
                painter.drawEllipse(_FACE + QPointF(dx, -1.2), 0.9, 0.9)
            painter.setPen(QPen(ink, 0.7))
            painter.drawLine(_FACE + QPointF(-1.6, 3.6), _FACE + QPointF(1.6, 3.6))
            if self.rank == "K":  # a King's beard
                painter.setBrush(COURT_HAIR)
                painter.drawPath(court_beard())
            # the headwear on the head
            painter.save()
            painter.translate(_HEADWEAR_AT)
            painter.scale(_HEADWEAR_SCALE, _HEADWEAR_SCALE)
            painter.translate(-CARD_W / 2, -36.0)
            painter.setPen(QPen(ink, 0.9 / _HEADWEAR_SCALE))
            painter.setBrush(COURT_GOLD)
            painter.drawPath(headwear(self.rank))
            painter.restore()
            # the suit at the figure's shoulder
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            self._draw_glyphs(painter, suit_path(suit), _SHOULDER_PIP, 11.0)
            painter.restore()
        # the line the two halves are mirrored about
        painter.setPen(QPen(ink, 0.8))
        painter.drawLine(QPointF(_PANEL.left(), CARD_H / 2), QPointF(_PANEL.right(), CARD_H / 2))

    def _paint_index(self, painter: QPainter) -> None:
        glyphs = text_path(self.rank)
        left, w, condense = _index_rank(self.rank)
        mid_y = INDEX_MARGIN + INDEX_CAP / 2
        t = QTransform()
        t.translate(left + w / 2, mid_y)
        t.scale(INDEX_CAP * condense, INDEX_CAP)
        painter.drawPath(t.map(glyphs))
        if self.suit is not None:
            pip = QTransform()
            pip.translate(left + w + 2 + PIP_INDEX / 2, mid_y)
            pip.scale(PIP_INDEX, PIP_INDEX)
            painter.drawPath(pip.map(suit_path(self.suit)))

    @staticmethod
    def _draw_glyphs(
        painter: QPainter,
        path: QPainterPath,
        centre: QPointF,
        size: float,
        *,
        unit: float = 1.0,
        condense: bool = False,
    ) -> None:
        sx = size * (0.82 if condense and path.boundingRect().width() > 1.2 else 1.0)
        t = QTransform()
        t.translate(centre.x(), centre.y())
        t.scale(sx / unit, size / unit)
        painter.drawPath(t.map(path))

    @staticmethod
    def _paint_back(painter: QPainter, rect: QRectF) -> None:
        painter.setPen(QPen(EDGE, 0.8))
        painter.setBrush(FACE)
        painter.drawRoundedRect(rect, CARD_RADIUS, CARD_RADIUS)
        panel = rect.adjusted(4, 4, -4, -4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BACK)
        painter.drawRoundedRect(panel, 3.5, 3.5)
        painter.setPen(QPen(BACK_LINES, 1.1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(_back_pattern())
        painter.setPen(QPen(QColor(255, 235, 210, 160), 1.0))
        painter.drawRoundedRect(rect.adjusted(7.5, 7.5, -7.5, -7.5), 2.5, 2.5)
        c = rect.center()
        diamond = QPainterPath()
        diamond.moveTo(c + QPointF(0, -13))
        diamond.lineTo(c + QPointF(9, 0))
        diamond.lineTo(c + QPointF(0, 13))
        diamond.lineTo(c + QPointF(-9, 0))
        diamond.closeSubpath()
        painter.setPen(QPen(QColor("#f3dfb2"), 1.2))
        painter.setBrush(BACK.darker(120))
        painter.drawPath(diamond)


def fan_size(cards: int, dy: float = FAN_DY) -> tuple[float, float]:
    """Width and height of a hand of `cards` fanned at scale 1."""
    n = max(cards, 1) - 1
    return CARD_W + FAN_DX * n, CARD_H + dy * n
