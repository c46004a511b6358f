"""The table as the dealer sees it (issue 24): his rack and the shoe at the bottom of the screen,
box 1 at his left (the screen's left), box 7 at his right, so "your left" in the texts is the
screen's left; the players' view, a setting, turns it half a turn. Clicks find the box and the
dealer in both views."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QRectF, Qt

from trainer.game.table import BoxView, HandView, TableView
from ui.table.layout import SCENE_RECT
from ui.table.scene import TableScene, dealer_view, set_dealer_view
from ui.table.widget import TableWidget

from .test_scene import CASINO_FR, CROWDED

SEAT = "seat"


def cards_of(scene: TableScene, label: str) -> QRectF:
    rect = QRectF()
    for c in scene.hand_cards[label]:
        rect = rect.united(c.card_rect())
    return rect


def test_the_app_s_tables_are_drawn_as_the_dealer_sees_them_by_default(qapp):
    assert dealer_view() is True
    scene = TableScene()
    scene.show(CASINO_FR)
    places = scene.places
    xs = [places[n].anchor.x() for n in sorted(places)]
    assert xs == sorted(xs)  # box 1 at the dealer's left: the screen's left, box 7 at his right
    assert places[1].anchor.x() < SCENE_RECT.center().x() < places[7].anchor.x()
    # the dealer's cards, his rack and the shoe below the boxes, at the bottom of the screen
    dealer = cards_of(scene, "dealer")
    assert all(dealer.top() > p.anchor.y() for p in places.values())
    assert scene.dealer_rect().bottom() == SCENE_RECT.bottom()
    assert scene.shoe_rect().top() > SCENE_RECT.center().y()
    assert scene.shoe_rect().center().x() < SCENE_RECT.center().x()  # at the dealer's left
    # the arc bends away from the dealer: the middle box furthest from him
    assert places[4].anchor.y() < places[1].anchor.y()
    assert places[1].anchor.y() == pytest.approx(places[7].anchor.y())


def test_the_players_view_is_the_same_table_turned(qapp):
    scene = TableScene(dealer_view=False)
    scene.show(CASINO_FR)
    assert scene.places[1].anchor.x() > scene.places[7].anchor.x()
    assert cards_of(scene, "dealer").bottom() < min(p.anchor.y() for p in scene.places.values())
    turned = TableScene(dealer_view=True)
    turned.show(CASINO_FR)
    for n, p in scene.places.items():
        q = turned.places[n].anchor
        assert (q.x(), q.y()) == pytest.approx((1600 - p.anchor.x(), 1000 - p.anchor.y()))


def test_the_setting_turns_every_table_following_it(qapp):
    scene = TableScene()
    try:
        set_dealer_view(False)
        scene.show(CASINO_FR)
        assert not scene.turned and scene.places[1].anchor.x() > SCENE_RECT.center().x()
        set_dealer_view(True)
        scene.show(CASINO_FR)
        assert scene.turned and scene.places[1].anchor.x() < SCENE_RECT.center().x()
        assert scene.drawing.felt is not None and scene.drawing.felt.turned  # painted turned too
    finally:
        set_dealer_view(True)


def test_as_the_dealer_sees_it_cards_lie_between_him_and_the_bets(qapp):
    scene = TableScene(dealer_view=True)
    scene.show(CROWDED)
    # split hands from his left to his right, as he settles them from his right to his left
    x = {label: cards_of(scene, label).left() for label in ("4.1", "4.2", "4.3")}
    assert x["4.1"] < x["4.2"] < x["4.3"]
    for label in ("4.1", "4.2", "4.3"):
        stake = scene.stacks[f"{label}:seat"].sceneBoundingRect()
        assert stake.bottom() < cards_of(scene, label).top()  # the stake beyond the cards
    # a box's number on the players' side, beyond its spot; its cards on the dealer's side
    for n, place in scene.places.items():
        if str(n) in scene.hand_cards:
            assert cards_of(scene, str(n)).top() > place.anchor.y()
        assert place.badge_rect().bottom() < place.anchor.y()


def test_as_the_dealer_sees_it_behind_bets_read_left_to_right_beyond_the_seat_s(qapp):
    bets = ((SEAT, D(10)), ("behind-a", D(5)), ("behind-b", D(25)))
    view = TableView(
        tuple(
            BoxView(n, bets, (HandView(str(n), ("9C", "7D"), bets),)) if n == 3 else BoxView(n)
            for n in range(1, 8)
        ),
        dealer_cards=("AH",),
    )
    scene = TableScene(dealer_view=True)
    scene.show(view)
    seat, a, b = (scene.stacks[f"3:{who}"] for who in (SEAT, "behind-a", "behind-b"))
    assert a.pos().x() < b.pos().x()  # in the order a question names them
    assert a.sceneBoundingRect().bottom() < seat.sceneBoundingRect().top() + 1
    for item in (seat, a, b):  # each amount written under the stack, readable, not on its chips
        chips = item.mapRectToScene(item.chips_rect())
        assert not chips.intersects(item.mapRectToScene(item._pill))


@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("number", [1, 4, 7])
def test_clicking_a_box_or_the_dealer_in_either_view(qtbot, dealer, number):
    scene = TableScene(dealer_view=dealer)
    widget = TableWidget(scene)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    scene.show(CASINO_FR)
    spots = [scene.places[number].anchor]
    if str(number) in scene.hand_cards:
        spots.append(cards_of(scene, str(number)).center())
    for where in spots:
        with qtbot.waitSignal(scene.boxClicked, timeout=1000) as blocker:
            qtbot.mouseClick(
                widget.viewport(), Qt.MouseButton.LeftButton, pos=widget.mapFromScene(where)
            )
        assert blocker.args == [number]
    with qtbot.waitSignal(scene.dealerClicked, timeout=1000):
        qtbot.mouseClick(
            widget.viewport(),
            Qt.MouseButton.LeftButton,
            pos=widget.mapFromScene(cards_of(scene, "dealer").center()),
        )


# -- stakes read from their chips ----------------------------------------------------------------


def _column(stack, zoom: float, dx: float) -> list[tuple[int, int, int]]:
    """The colours down a vertical line through the stack's chips, `dx` aside of its centre,
    as drawn at `zoom` screen pixels per scene unit."""
    from PySide6.QtGui import QColor, QImage, QPainter

    chips = stack.chips_rect()
    w, h = int(chips.width() * zoom) + 4, int(chips.height() * zoom) + 4
    image = QImage(w, h, QImage.Format.Format_ARGB32)
    image.fill(QColor(*BACKGROUND))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(zoom, zoom)
    p.translate(-chips.left(), -chips.top())
    stack.paint(p, None)
    p.end()
    x = int((dx - chips.left()) * zoom)
    return [QColor(image.pixel(x, y)).getRgb()[:3] for y in range(h)]


def _bands(colours, body) -> int:
    """How many chips of a body colour the line crosses below the top chip's face: runs of that
    colour, each ended by the dark seam under a chip or by another colour."""

    def luma(c) -> float:
        return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]

    def near(c, other) -> bool:
        return sum(abs(a - b) for a, b in zip(c, other, strict=True)) < 110

    rgb = body.getRgb()[:3]
    inlay = max(i for i, c in enumerate(colours) if min(c) > 200)  # the face's white inlay
    count, inside = 0, False
    for c in colours[inlay + 1 :]:
        if near(c, rgb):
            count += not inside
            inside = True
        elif luma(c) < 0.55 * luma(rgb) or c == BACKGROUND or min(c) > 200:
            inside = False  # a seam, the felt, or a chip of another colour's insert
    return count


BACKGROUND = (48, 48, 48)


@pytest.mark.parametrize("zoom", [0.43, 0.6])  # 1024 x 600, 1280 x 800
def test_a_stake_reads_chip_by_chip_and_colour_for_colour(qapp, zoom):
    from ui.table.chips import ChipStackItem, chip_colours

    red, green = chip_colours(D(5))[0], chip_colours(D(25))[0]
    fifteen = ChipStackItem(D(15), "€", [D(5)] * 3, written="")
    assert fifteen.stacks() == [[D(5)] * 3]
    column = _column(fifteen, zoom, 0.3 * fifteen.radius)
    assert _bands(column, red) == 3  # three red chips, each one seen
    sixty_five = ChipStackItem(D(65), "€", [D(5), D(25), D(5), D(25), D(5)], written="")
    assert sixty_five.stacks() == [[D(25), D(25), D(5), D(5), D(5)]]  # the largest at the foot
    column = _column(sixty_five, zoom, 0.3 * sixty_five.radius)
    assert _bands(column, green) == 2 and _bands(column, red) == 3


def test_stakes_are_cut_in_fives_and_all_drawn_when_the_bet_is_read(qapp):
    from ui.table.chips import STACK_MAX_CHIPS, ChipStackItem

    seven = ChipStackItem(D(35), "€", [D(5)] * 7)
    assert [len(s) for s in seven.stacks()] == [5, 2]  # cut in five, as a dealer cuts them
    assert seven.chips_rect().width() > 4 * seven.radius  # the two stacks side by side
    many = [D(1)] * (STACK_MAX_CHIPS + 3)
    assert sum(map(len, ChipStackItem(D(13), "€", many, written="").stacks())) == len(many)
