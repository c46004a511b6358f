"""The felt table, drawn with Qt's graphics view from a `TableView` snapshot.

The scene owns the picture and nothing else: it draws what the snapshot says (cards, bets,
insurance, the hand whose turn it is, the money a player puts down to count: `ui.table.money`)
and reports clicks on boxes and on the dealer's place. It
never decides a rule; which card is face down is read from `TableView.hole_card`, and how an amount
breaks down into chips comes from the `breakdown` callable it is given.

Orientation: the table is seen as the dealer sees it (issue 24), his rack and the shoe at the
bottom of the screen, the boxes on an arc above him numbered from his left, so box 1 is at the
left-hand end of the arc on the screen [000], and "your left" in the texts is the screen's left.
Split hands follow the same direction *(chosen)*: "4.1" on the left, "4.2" to its right; where a
box has not the width for its hands side by side (split three or four ways at a full table), each
lies on the one to its left as a dealer lays them, every card's index left in sight *(chosen)*,
rather than all drawn smaller (`CROWDED_CARD_SCALE`). The players' view, a setting, is the same
table turned half a turn: the dealer at the top, box 1 at the right-hand end.

A snapshot is laid out in the players' frame (`ui.table.layout` is written in it), then, for the
dealer's view, turned half a turn about the scene's centre (`_turn`): each hand's cards, each
stack, label and signal moved whole to where the turn puts it, upright, so nothing that did not
overlap comes to overlap, and every fan keeps its indices in sight.

The felt's geometry is `ui.table.layout`, the painted felt `ui.table.felt`, the words on it
`ui.table.labels`, and the view that shows the scene in a window `ui.table.widget`. The scene
stays one long class: building a snapshot's picture is one pass (the boxes' stakes, then the hands
above them, then the dealer, the money in front of its box, the shoe's next cards and the
signals), each step placed against what
the steps before it laid, and cutting it apart would only pass that state between modules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneMouseEvent

from trainer.game.table import BoxView, HandView, TableView
from trainer.practice.skills.base import bettor_name
from ui.i18n import N_, _
from ui.table.cards import CARD_H, CARD_W, FAN_DX, FAN_DY, FAN_DY_MIN, CardItem, index_width
from ui.table.chips import CHIP_RADIUS, ChipStackItem, fit_text, format_amount, line_height
from ui.table.felt import CREAM, FeltItem
from ui.table.hand_signals import SignalItem
from ui.table.labels import LabelItem
from ui.table.layout import (
    BADGE_DY,
    BADGE_H,
    BEHIND_DY,
    BEHIND_R,
    BEHIND_STEP,
    CAPTION_H,
    CENTRE_X,
    DEALER_CARD_STEP,
    DEALER_CARDS_MAX_W,
    DEALER_CARDS_TOP,
    DEALER_RECT,
    DOUBLE_DX,
    EXPOSED_POS,
    HAND_GAP,
    INDEX_CLEAR,
    INSURANCE_STEP,
    OVERLAP_FAN_DX,
    SCENE_RECT,
    SHOE_NEXT_LEFT,
    SHOE_NEXT_RIGHT,
    SHOE_NEXT_SCALE,
    SHOE_NEXT_STEP,
    SHOE_NEXT_TOP,
    SHOE_RECT,
    SPLIT_FAN_DX,
    SPOT_R,
    STAKE_GAP,
    BoxPlace,
    insurance_stake_y,
    layout_boxes,
    on_cloth,
    spread,
    stake_extent,
    stake_rows,
    turn_point,
    turn_rect,
)
from ui.table.money import MoneyStacksItem, NotesItem, SpeechItem

# The least height of the felt's names and labels on screen (behind bettors, split hands,
# results): the scene sets them no smaller than this at the view's zoom.
MIN_TEXT_PX = 10.0

ACTIVE_COLOUR = QColor("#ffd54a")
HIGHLIGHT_COLOUR = QColor("#5fd3ff")

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

# The view the app's tables take unless a scene is told otherwise (the settings' "players_view",
# set by the main window): the dealer's, by default.
_dealer_view = True


def set_dealer_view(on: bool) -> None:
    """Every table scene following the app's choice draws from its next snapshot on as the dealer
    sees the table (`on`), or as the players see it."""
    global _dealer_view
    _dealer_view = bool(on)


def dealer_view() -> bool:
    """Whether the app's tables are drawn as the dealer sees them."""
    return _dealer_view


def _stake_of(hand: HandView, who: str) -> Decimal | None:
    for bettor, amount in hand.stakes:
        if bettor == who:
            return amount
    return None


def felt_name(who: str) -> str:
    """A bettor as the felt names him, short as a dealer does: a standing player by his letter
    ("behind-a" -> "a"), the seated player by his word; the whole name ("behind-a", "debout-a",
    the name the prompts use) is the stack's tooltip."""
    return who.removeprefix("behind-") if who.startswith("behind-") else bettor_name(who)


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


@dataclass(eq=False)
class Drawing:
    """Everything one snapshot draws: its items hang from `layer`; `felt` is a new felt when the
    boxes differ from the table's (None: the felt on the table serves)."""

    view: TableView
    numbers: tuple[int, ...]
    places: dict[int, BoxPlace]
    felt: FeltItem | None
    layer: _Layer
    turned: bool = False  # as the dealer sees it: `places` turned, `laid` as laid out
    laid: dict[int, BoxPlace] = field(default_factory=dict)  # the places in the players' frame
    hand_cards: dict[str, list[CardItem]] = field(default_factory=dict)
    stacks: dict[str, ChipStackItem] = field(default_factory=dict)
    captions: dict[str, LabelItem] = field(default_factory=dict)
    outlines: dict[str, OutlineItem] = field(default_factory=dict)
    signals: dict[str, SignalItem] = field(default_factory=dict)  # hand label -> its signal
    # the money on the table to count (TableView.money): "notes", "stacks", "said"
    money: dict[str, QGraphicsItem] = field(default_factory=dict)
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
    `dealer_view`: True draws the table as the dealer sees it, False as the players see it, None
    (the default) as the app's setting says (`set_dealer_view`). `amounts_written` False leaves
    the amount out under the stakes: the trainee reads the bet from its chips (`set_amounts`).
    """

    boxClicked = Signal(int)  # noqa: N815
    dealerClicked = Signal()  # noqa: N815

    def __init__(
        self,
        parent=None,
        *,
        breakdown: Breakdown | None = None,
        legend: str = "",
        dealer_view: bool | None = None,
    ) -> None:
        super().__init__(parent)
        self._dealer_view = dealer_view
        self._turning = False  # the drawing being built is for the dealer's view
        self.amounts_written = True
        # whether a view's stakes are read from their chips alone whatever `amounts_written` says
        # (a question that asks to read them: the page says which)
        self.read_from_chips: Callable[[TableView], bool] | None = None
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
            felt = FeltItem(self._felt.places, legend, self._felt.turned)
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

    @property
    def turned(self) -> bool:
        """Whether the table is drawn as the dealer sees it (this scene's choice, else the
        app's)."""
        return dealer_view() if self._dealer_view is None else self._dealer_view

    def set_dealer_view(self, on: bool | None) -> None:
        """Draw from the next snapshot on as the dealer (True) or the players (False) see the
        table, or as the app's setting says (None)."""
        self._dealer_view = on

    def set_amounts(self, written: bool) -> None:
        """Write the amount under each stake (True), or leave the chips alone to tell it, from the
        next snapshot on."""
        self.amounts_written = written

    def shoe_rect(self) -> QRectF:
        """Where the shoe lies in the view drawn."""
        return turn_rect(SHOE_RECT) if self.turned else QRectF(SHOE_RECT)

    def dealer_rect(self) -> QRectF:
        """The dealer's place in the view drawn (a click there is a click on the dealer)."""
        return turn_rect(DEALER_RECT) if self.turned else QRectF(DEALER_RECT)

    def _build(self, view: TableView) -> Drawing:
        numbers = tuple(b.number for b in view.boxes)
        turned = self.turned
        self._turning = turned
        old = self.drawing
        if old is not None and numbers == old.numbers and turned == old.turned:
            places, felt = old.laid, None
        else:
            places = {p.number: p for p in layout_boxes(numbers)}
            felt = FeltItem(list(places.values()), self._legend, turned)
        shown = {n: p.turned_over() for n, p in places.items()} if turned else places
        d = Drawing(view, numbers, shown, felt, _Layer(), turned=turned, laid=places)
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
        if view.money is not None:
            self._draw_money(d)
        if view.signals:
            self._draw_signals(d)
        if turned:
            self._turn(d)
        return d

    @staticmethod
    def _turn(d: Drawing) -> None:
        """The picture laid out in the players' frame, turned half a turn for the dealer's view:
        each hand's cards moved together (its fan, its indices in sight, unchanged), each stack
        laid out turned (its amount and name on the far side of its chips from where they were,
        so they keep clear of what they kept clear of), everything else moved whole; all
        upright."""
        moved: set[int] = set()
        for cards in d.hand_cards.values():
            if not cards:
                continue
            rect = QRectF()
            for c in cards:
                rect = rect.united(c.card_rect())  # the cards, not their shadows
            delta = turn_rect(rect).topLeft() - rect.topLeft()
            for c in cards:
                c.setPos(c.pos() + delta)
                moved.add(id(c))
        for item in d.stacks.values():
            item.turn()
            item.setPos(turn_point(item.pos()))
            moved.add(id(item))
        said = d.money.get("said")
        if isinstance(said, SpeechItem):  # its tail turned towards the player still
            said.turn()
            said.setPos(turn_point(said.pos()))
            moved.add(id(said))
        for item in d.layer.childItems():
            if id(item) in moved:
                continue
            rect = item.sceneBoundingRect()
            item.setPos(item.pos() + turn_rect(rect).topLeft() - rect.topLeft())

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
        tip: str = "",
    ) -> ChipStackItem:
        """A stack of `amount`: in the chips it was `placed` in when the view says (and they
        make the amount), else in the breakdown; `tip`, what hovering it says."""
        chips = tuple(placed) if sum(placed, Decimal(0)) == amount else self._chips_for(amount)
        unwritten = not self.amounts_written or (
            self.read_from_chips is not None and self.read_from_chips(d.view)
        )
        if unwritten and chips:
            written = ""  # the bet is read from its chips
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
        if tip:
            item.setToolTip(tip)
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
        extents = {label: stake_extent(g) for label, g in groups.items()}
        staked = list(groups)  # in the hands' order
        rows = stake_rows([extents[label] for label in staked], place.width)
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
            xs = spread(
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
                label=felt_name(who) if several else _("insurance"),
                radius=BEHIND_R if step >= 2.4 * BEHIND_R else step / 2.4,
                label_width=step - 4 if several else place.width - 4,
                tip=_("{bettor}: insurance on box {box}").format(
                    bettor=bettor_name(who), box=box.number
                ),
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
            # (laid from right to left for the dealer's view, which turns them)
            slot = len(amounts) - 1 - i if self._turning else i
            pos = QPointF(x0 + slot * step, place.anchor.y() + BEHIND_DY)
            where[who] = pos.x()
            self._stack(
                d,
                f"{box.number}:{who}",
                amount,
                pos,
                placed=dict(box.chips).get(who, ()),
                label=felt_name(who),  # "a", as the table names a standing player
                radius=BEHIND_R if step >= 2.4 * BEHIND_R else step / 2.4,
                label_width=step - 4 if len(amounts) > 1 else row.width() - 4,  # alone: the row
                tip=_("{bettor}: a standing player's bet on box {box}").format(
                    bettor=bettor_name(who), box=box.number
                ),
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
                # each hand shows the strip of the one under it: in the players' frame the
                # next one (to its left), turned for the dealer's view the one before
                under = strips[:-1] if self._turning else strips[1:]
                s2 = min(1.0, high2, avail_w / (laid[0] + sum(under)))
                if s2 <= scale:
                    continue
                # as far apart as the width allows: each step between the least and side by side
                least = [u * s2 for u in under]
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
                # a hand lies on the one to its left (turned, the next one is to its right)
                card.setZValue(i if self._turning else -i)
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
                    d.outlines[hand.label].setZValue((i if self._turning else -i) - 1.5)
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
            place = d.laid.get(int(label.split(".")[0]))
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

    def _draw_money(self, d: Drawing) -> None:
        """The money a player has put on the table (RULES.md §14): in front of his box, between
        its spot and the dealer where a hand's cards lie, the notes spread above the stacks (or
        beside them where the width allows), clear of every card and chip on the felt and of
        the neighbours' spots, drawn smaller only where the room is short; his words in a bubble
        beside his spot."""
        money = d.view.money
        assert money is not None
        place = d.laid.get(money.box)
        if place is None:
            return
        c = place.anchor
        n = money.box
        mine = (f"{n}:", f"{n}.")

        def own(key: str) -> bool:
            return key == str(n) or key.startswith(mine)

        things = [
            (label, card.card_rect()) for label, cards in d.hand_cards.items() for card in cards
        ]
        things += [(key, s.sceneBoundingRect()) for key, s in d.stacks.items()]
        things += [(key, lab.sceneBoundingRect()) for key, lab in d.captions.items()]
        things += [("", r) for r in d.overhead]
        # the band: under the insurance line and the box's insurance, over its stake and cards
        top = max(place.insurance_y - 18, SHOE_RECT.bottom() + 30)
        bottom = c.y() - SPOT_R - 10
        for key, r in things:
            if not own(key):
                continue
            if key.startswith(f"{n}:insurance"):
                top = max(top, r.bottom() + 6)
            elif r.top() < c.y():
                bottom = min(bottom, r.top() - 8)
        half = place.spacing - 20
        left, right = c.x() - half, c.x() + half
        for other in d.laid.values():  # the neighbours' spots, painted on the felt
            if other.number == n or abs(other.anchor.x() - c.x()) > place.spacing + 1:
                continue
            if other.anchor.y() - SPOT_R - 8 < bottom:
                spot_edge = SPOT_R + 8
                if other.anchor.x() < c.x():
                    left = max(left, other.anchor.x() + spot_edge)
                else:
                    right = min(right, other.anchor.x() - spot_edge)
        for key, r in things:  # what other boxes have on the felt in the band
            if own(key) or r.bottom() < top or r.top() > bottom:
                continue
            if r.center().x() < c.x():
                left = max(left, r.right() + 8)
            else:
                right = min(right, r.left() - 8)
        # on the felt, short of the rail: the side nearer the rail gives way
        for _step in range(80):
            if right - left < 60 or on_cloth(QRectF(left, top, right - left, bottom - top)):
                break
            if c.x() < CENTRE_X:
                left += 6
            else:
                right -= 6
        width, height = right - left, bottom - top
        notes = NotesItem(money.notes, d.view.currency, width, d.layer) if money.notes else None
        stacks = MoneyStacksItem(money.stacks, money.cut, parent=d.layer) if money.stacks else None
        nw = notes.boundingRect().width() if notes else 0.0
        nh = notes.boundingRect().height() if notes else 0.0
        sw = stacks.boundingRect().width() if stacks else 0.0
        sh = stacks.boundingRect().height() if stacks else 0.0
        gap = 16.0 if notes and stacks else 0.0
        beside = nw + gap + sw <= width
        w, h = (nw + gap + sw, max(nh, sh)) if beside else (max(nw, sw), nh + gap + sh)
        scale = min(1.0, width / w if w else 1.0, height / h if h else 1.0)
        x0 = min(max(c.x() - w * scale / 2, left), right - w * scale)
        foot = bottom  # everything rests on the band's bottom, nearest the player
        block = QRectF(x0, foot - h * scale, w * scale, h * scale)
        if notes is not None:
            notes.setScale(scale)
            nb = notes.boundingRect()
            y = foot - nh * scale if beside else block.top()
            notes.setPos(x0 - nb.left() * scale, y - nb.top() * scale)
            d.money["notes"] = notes
        if stacks is not None:
            stacks.setScale(scale)
            sb = stacks.boundingRect()
            x = x0 + (nw + gap) * scale if beside else c.x() - sw * scale / 2
            x = min(max(x, x0), block.right() - sw * scale)
            stacks.setPos(x - sb.left() * scale, foot - sb.bottom() * scale)
            d.money["stacks"] = stacks
        if money.said:
            self._draw_said(d, money.said, place, block, [r for _k, r in things])

    def _draw_said(
        self, d: Drawing, words: str, place: BoxPlace, block: QRectF, taken: list[QRectF]
    ) -> None:
        """The player's words in a bubble, its tail at him: between his spot and his seat, else
        over his money, else beside his spot on the side of the table's centre, else the other;
        the first that covers nothing (no card, chip, spot or box number), on lines as wide as
        the place has."""
        c = place.anchor
        px = max(SpeechItem.PX, self.min_text)
        taken = taken + [item.sceneBoundingRect() for item in d.money.values()]
        for other in d.laid.values():  # every spot and every box's number, painted on the felt
            a = other.anchor
            taken.append(QRectF(a.x() - SPOT_R, a.y() - SPOT_R, 2 * SPOT_R, 2 * SPOT_R))
            if other.number != place.number:
                taken.append(QRectF(a.x() - 20, a.y() + BADGE_DY, 40, BADGE_H))
        # first on the player's side of the spot, over the box's number: said from his seat,
        # as wide as the room between the neighbours' numbers
        wide = min(340.0, 2 * place.spacing - 48)
        inward = 1.0 if c.x() < CENTRE_X else -1.0  # towards the table's middle
        behind = [
            SpeechItem(words, "down", px, max_width=wide, shift=inward * k * 40.0) for k in range(4)
        ]
        over = SpeechItem(words, "down", px, max_width=max(block.width(), 240.0))
        right = SpeechItem(words, "left", px, max_width=240.0)
        left = SpeechItem(words, "right", px, max_width=240.0)
        sides = [
            (right, QPointF(c.x() + SPOT_R + 4, c.y())),
            (left, QPointF(c.x() - SPOT_R - 4, c.y())),
        ]
        if c.x() > CENTRE_X:
            sides.reverse()
        tries = [
            *((b, QPointF(c.x(), c.y() + BADGE_DY - 2)) for b in behind),
            (over, QPointF(block.center().x(), block.top() - 4)),
            *sides,
        ]
        chosen = next(
            (
                (item, at)
                for item, at in tries
                if on_cloth(item.boundingRect().translated(at))
                and not any(item.boundingRect().translated(at).intersects(r) for r in taken)
            ),
            tries[0],
        )
        item, at = chosen  # the others, never on the table, go with this call
        item.setParentItem(d.layer)
        item.setPos(at)
        d.money["said"] = item

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
            if self.dealer_rect().contains(pos):
                event.accept()
                self.dealerClicked.emit()
                return
        super().mousePressEvent(event)
        event.accept()  # bare felt: the click ends here, nothing under it wants it

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        event.accept()  # the press was taken here, so is its release
