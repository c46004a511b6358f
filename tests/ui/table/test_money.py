"""The money a player puts on the felt (RULES.md §14): drawn in front of his box, on the felt,
clear of every card and chip, read from the chips alone (no amount written), his words beside
him."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QRectF

from trainer.game.table import BoxView, HandView, MoneyView, TableView
from ui.table.chips import ChipStackItem, format_amount
from ui.table.labels import LabelItem
from ui.table.layout import FELT_INSET, SCENE_RECT, table_path, turn_rect
from ui.table.money import (
    CUT,
    CUT_GAP,
    MoneyStacksItem,
    NotesItem,
    SpeechItem,
    value_plate_width,
)
from ui.table.render_cache import PIECES
from ui.table.widget import TableWidget

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

SEAT = "seat"
FELT = table_path(FELT_INSET)


def table(money: MoneyView, *boxes: BoxView, count: int = 7) -> TableView:
    given = {b.number: b for b in boxes}
    return TableView(
        tuple(given.get(n, BoxView(n)) for n in range(1, count + 1)),
        dealer_cards=("6H",),
        money=money,
    )


def playing(n: int, bet: str = "25") -> BoxView:
    """A box in play beside the one that pays in: its bet and two cards."""
    stake = ((SEAT, D(bet)),)
    return BoxView(n, stake, (HandView(str(n), ("TD", "7C"), stake),))


BUY_IN = MoneyView(4, notes=(D(100), D(100), D(50), D(20), D(20), D(10)), said="change 300")
COLOUR_UP = MoneyView(2, stacks=((D(25), 20), (D(5), 13), (D(1), 4)), cut=True, said="colouring up")
TALL_UNCUT = MoneyView(7, stacks=((D(25), 20),), cut=False)
MANY_NOTES = MoneyView(1, notes=(D(50),) * 12, said="all in 25s")
CHANGE = MoneyView(5, stacks=((D(100), 1),), said="4 × 25")

VIEWS = {
    "buy-in": table(BUY_IN, playing(3), playing(5)),
    "colour-up": table(COLOUR_UP, playing(1), playing(3)),
    "tall-uncut": table(TALL_UNCUT, playing(6)),
    "many-notes": table(MANY_NOTES, playing(2)),
    "change": table(CHANGE, playing(4), playing(6), BoxView(5, ((SEAT, D(25)),))),
    "three-boxes": table(BUY_IN, playing(3), count=5),
}


@pytest.fixture(params=[(1280, 800), (1024, 600)], ids=["1280x800", "1024x600"])
def size(request):
    return request.param


@pytest.fixture(params=[True, False], ids=["dealer-view", "players-view"])
def widget(qtbot, request, size):
    w = TableWidget()
    w.table_scene().set_dealer_view(request.param)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def money_items(scene):
    return scene.drawing.money


@pytest.mark.parametrize("name", list(VIEWS))
def test_the_money_lies_on_the_felt_clear_of_every_card_and_chip(widget, name):
    view = VIEWS[name]
    widget.show_table(view)
    scene = widget.table_scene()
    money = money_items(scene)
    assert ("notes" in money) == bool(view.money.notes)
    assert ("stacks" in money) == bool(view.money.stacks)
    assert ("said" in money) == bool(view.money.said)
    cards = [c.card_rect() for cs in scene.hand_cards.values() for c in cs]
    chips = [s.sceneBoundingRect() for s in scene.stacks.values()]
    rects = {key: item.sceneBoundingRect() for key, item in money.items()}
    for key, rect in rects.items():
        assert SCENE_RECT.contains(rect), (key, rect)
        # the felt is drawn turned in the dealer's view
        assert FELT.contains(turn_rect(rect) if scene.turned else rect), (key, rect)
        for other in cards + chips:
            assert not rect.intersects(other), (key, rect, other)
    if "notes" in rects and "stacks" in rects:
        assert not rects["notes"].intersects(rects["stacks"])
    # the money in front of its box: nearer its spot than any other's
    spot = scene.places[view.money.box].anchor
    for key in ("notes", "stacks"):
        if key in rects:
            centre = rects[key].center()
            mine = abs(centre.x() - spot.x())
            assert all(mine <= abs(centre.x() - p.anchor.x()) + 1 for p in scene.places.values()), (
                key
            )


def test_the_money_is_seen_whole_in_the_view(widget):
    for view in VIEWS.values():
        widget.show_table(view)
        seen = widget.mapToScene(widget.viewport().rect()).boundingRect()
        for key, item in money_items(widget.table_scene()).items():
            assert seen.contains(item.sceneBoundingRect()), key


def test_a_stack_of_twenty_is_drawn_twenty_chips_high(qapp):
    twenty = MoneyStacksItem(((D(25), 20),), cut=False)
    ten = MoneyStacksItem(((D(25), 10),), cut=False)
    t = MoneyStacksItem.THICK * twenty.radius
    face = MoneyStacksItem.FACE * twenty.radius
    assert twenty.column_rect(0).height() == pytest.approx(20 * t + face)
    assert ten.column_rect(0).height() == pytest.approx(10 * t + face)
    # cut in fives: a gap after every fifth chip, three in a stack of twenty
    cut = MoneyStacksItem(((D(25), 20),), cut=True)
    assert cut.column_rect(0).height() == pytest.approx(
        20 * t + (20 // CUT - 1) * CUT_GAP * t + face
    )


def test_stacks_stand_side_by_side_one_colour_each(qapp):
    item = MoneyStacksItem(((D(25), 20), (D(5), 13), (D(1), 4)))
    columns = [item.column_rect(i) for i in range(3)]
    for a, b in zip(columns, columns[1:], strict=False):
        assert a.right() < b.left()
    assert all(item.boundingRect().contains(c) for c in columns)
    # every chip drawn: the tallest column stands highest
    assert columns[0].top() < columns[1].top() < columns[2].top()


def _texts(scene) -> list[str]:
    out = []
    for item in scene.items():
        if isinstance(item, LabelItem):
            out.append(item.text)
        elif isinstance(item, ChipStackItem):
            out.append(item.written)
        elif isinstance(item, SpeechItem):
            out.append(item.words)
    return out


@pytest.mark.parametrize("name", ["colour-up", "tall-uncut", "change"])
def test_no_amount_is_written_on_the_money(widget, name):
    view = VIEWS[name]
    widget.show_table(view)
    total = sum((d * n for d, n in view.money.stacks), D(0))
    written = " ".join(_texts(widget.table_scene()))
    assert format_amount(total) not in written
    assert not any(t == str(total) for t in written.split())


def test_the_player_s_words_are_in_a_bubble_pointing_at_him(widget):
    widget.show_table(VIEWS["buy-in"])
    scene = widget.table_scene()
    said = money_items(scene)["said"]
    assert isinstance(said, SpeechItem) and said.words == "change 300"
    place = scene.places[4]
    body = said.mapRectToScene(said.body_rect())
    tip = said.scenePos()

    def off(p, q) -> float:
        return abs(p.x() - q.x()) + abs(p.y() - q.y())

    # the tail's tip nearer the player (his spot, his seat by the box's number) than the words
    for near in (place.anchor, place.badge_rect().center()):
        if off(tip, near) < place.spacing / 2:
            assert off(tip, near) < off(body.center(), near)
            break
    else:
        raise AssertionError("the bubble is not by the player's box")


def test_every_note_shows_its_value(qapp):
    notes = NotesItem((D(500), D(100), D(100), D(50), D(20), D(10), D(5)), max_width=300)
    for i, note in enumerate(notes.notes):
        r = notes.note_rect(i)
        plate = QRectF(r.left(), r.top(), value_plate_width(note) - 8, 40)
        for j in range(i + 1, len(notes.notes)):
            assert not notes.note_rect(j).intersects(plate.adjusted(0, 0, -1, -1)), (i, j)
        assert notes.boundingRect().contains(r)
    assert notes.boundingRect().width() <= 300 + 4


def test_notes_are_painted_from_the_picture_cache(widget):
    widget.show_table(VIEWS["buy-in"])
    widget.viewport().repaint()
    assert PIECES.pictures_of(("note", D(100), "€"))
    assert PIECES.pictures_of(("note", D(10), "€"))


def test_the_player_s_words_are_never_cut_short(widget):
    words = "2 × 25, the rest in fives, please"
    widget.show_table(table(MoneyView(3, stacks=((D(100), 1),), said=words), playing(2)))
    said = money_items(widget.table_scene())["said"]
    assert said.words.replace("\n", " ") == words
    assert "…" not in said.words
    assert FELT.contains(
        turn_rect(said.sceneBoundingRect())
        if widget.table_scene().turned
        else said.sceneBoundingRect()
    )


def test_a_prepared_table_with_money_is_shown_from_its_picture_the_same_as_drawn(qtbot, widget):
    from PySide6.QtWidgets import QGraphicsView

    widget.show_table(VIEWS["colour-up"])
    drawn = widget.viewport().grab().toImage()
    widget.show_table(VIEWS["buy-in"])
    widget.prepare(VIEWS["colour-up"])
    painted = []
    base = QGraphicsView.paintEvent

    def counted(self, event):
        painted.append(event)
        return base(self, event)

    QGraphicsView.paintEvent = counted
    try:
        widget.show_table(VIEWS["colour-up"])
        assert widget.viewport().grab().toImage() == drawn
    finally:
        QGraphicsView.paintEvent = base
    assert not painted  # one picture, not item by item


@pytest.mark.parametrize("box", [1, 3, 4, 7])
def test_long_words_cover_no_spot_card_or_chip(widget, box):
    words = "2 × 25, le reste en jetons de 5, s'il vous plaît"
    view = table(MoneyView(box, stacks=((D(100), 1),), said=words), playing(2), playing(5))
    widget.show_table(view)
    scene = widget.table_scene()
    said = money_items(scene)["said"].sceneBoundingRect()
    spots = [QRectF(p.anchor.x() - 46, p.anchor.y() - 46, 92, 92) for p in scene.places.values()]
    cards = [c.card_rect() for cs in scene.hand_cards.values() for c in cs]
    chips = [s.sceneBoundingRect() for s in scene.stacks.values()]
    others = [m.sceneBoundingRect() for k, m in money_items(scene).items() if k != "said"]
    for r in spots + cards + chips + others:
        assert not said.intersects(r), (said, r)
    # on three lines at the most: the bubble is wide enough for words to be read as said
    assert money_items(scene)["said"].words.count("\n") <= 2
