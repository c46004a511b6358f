"""The felt table: what a snapshot puts on it, where, and the clicks it reports."""

from __future__ import annotations

import math
from decimal import Decimal as D
from itertools import combinations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsView

from trainer.game.table import BoxView, HandView, TableView
from ui.table.cards import (
    CARD_H,
    CARD_W,
    COURT_FILL,
    FAN_DY,
    INDEX_CAP,
    INDEX_MARGIN,
    CardItem,
    index_width,
    split_token,
)
from ui.table.chips import ChipStackItem, format_amount
from ui.table.layout import DISCARD_RECT, SCENE_RECT, SHOE_RECT, insurance_y, layout_boxes
from ui.table.scene import TableScene
from ui.table.widget import TableWidget

# The offscreen platform says it cannot pass size hints to a window manager it does not have.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

SEAT = "seat"


def box(n: int, *hands: tuple[str, ...], bet: str = "10", **kw) -> BoxView:
    """A box with a seat bet and one hand per card tuple (labelled n, or n.1, n.2 when split)."""
    stake = ((SEAT, D(bet)),)
    hv: tuple[HandView, ...]
    if len(hands) == 1:
        hv = (HandView(str(n), hands[0], stake),)
    else:
        hv = tuple(HandView(f"{n}.{i + 1}", cards, stake) for i, cards in enumerate(hands))
    return BoxView(n, kw.pop("bets", stake), hv, **kw)


def table(*boxes: BoxView, count: int = 7, **kw) -> TableView:
    given_ = {b.number: b for b in boxes}
    return TableView(tuple(given_.get(n, BoxView(n)) for n in range(1, count + 1)), **kw)


CASINO_FR = table(
    box(1, ("AS", "KH")),
    box(4, ("9C", "7D", "4H")),
    box(6, ("TD", "TC")),
    dealer_cards=("6H",),
)
HOLE_CARD = table(
    box(1, ("AS", "KH")),
    box(4, ("9C", "7D", "4H")),
    box(6, ("TD", "TC")),
    dealer_cards=("6H", "QS"),
    hole_card=True,
)


@pytest.fixture
def widget(qtbot):
    w = TableWidget()
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture(params=[True, False], ids=["dealer-view", "players-view"])
def scene(qapp, request):
    """A scene in each view: what holds of the felt holds as the dealer and the players see it."""
    return TableScene(dealer_view=request.param)


@pytest.fixture
def players_scene(qapp):
    """The table as the players see it: the frame the felt's geometry is written in."""
    return TableScene(dealer_view=False)


@pytest.fixture
def dealer_scene(qapp):
    return TableScene(dealer_view=True)


def cards_in(scene: TableScene) -> list[CardItem]:
    return [i for i in scene.items() if isinstance(i, CardItem)]


# -- cards, face up and face down ---------------------------------------------------------------


def test_casino_fr_deals_every_card_face_up(scene):
    scene.show(CASINO_FR)
    cards = cards_in(scene)
    assert len(cards) == 2 + 3 + 2 + 1
    assert all(c.face_up for c in cards)
    assert [c.token for c in scene.hand_cards["dealer"]] == ["6H"]


def test_hole_card_lies_face_down(scene):
    scene.show(HOLE_CARD)
    cards = cards_in(scene)
    assert len(cards) == 2 + 3 + 2 + 2
    assert [c for c in cards if not c.face_up] == [scene.hand_cards["dealer"][1]]
    assert scene.hand_cards["dealer"][0].face_up


def test_a_hole_card_left_out_of_the_snapshot_is_still_drawn_face_down(scene):
    scene.show(table(box(2, ("5S", "5D")), dealer_cards=("AH",), hole_card=True))
    dealer = scene.hand_cards["dealer"]
    assert [c.face_up for c in dealer] == [True, False]
    assert dealer[1].token is None


def test_redrawing_replaces_the_previous_picture(scene):
    scene.show(HOLE_CARD)
    scene.show(CASINO_FR)
    scene.show(CASINO_FR)
    assert len(cards_in(scene)) == 8


@pytest.mark.parametrize(
    ("token", "shown"),
    [("TS", ("10", "S")), ("T", ("10", None)), ("QH", ("Q", "H")), ("a", ("A", None))],
)
def test_card_tokens_read_as_printed(token, shown):
    assert split_token(token) == shown


# -- where the boxes are ------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 3, 7])
def test_box_one_is_at_the_right_end_of_the_arc(count):
    places = {p.number: p for p in layout_boxes(range(1, count + 1))}
    xs = [places[n].anchor.x() for n in range(1, count + 1)]
    assert xs == sorted(xs, reverse=True)  # box 1 on the dealer's left: the players' right
    if count > 1:
        assert places[1].anchor.x() > places[count].anchor.x()
        assert places[1].anchor.x() > SCENE_RECT.center().x()


def test_boxes_lie_on_an_arc_the_middle_one_lowest():
    places = {p.number: p for p in layout_boxes(range(1, 8))}
    assert places[4].anchor.y() > places[3].anchor.y() > places[2].anchor.y() > places[1].anchor.y()
    assert places[1].anchor.y() == pytest.approx(places[7].anchor.y())


@pytest.mark.parametrize("number", [1, 4, 7])
def test_clicking_a_box_reports_its_number(widget, qtbot, number):
    scene = widget.table_scene()
    scene.show(CASINO_FR)
    pos = widget.mapFromScene(scene.places[number].anchor)
    with qtbot.waitSignal(scene.boxClicked, timeout=1000) as blocker:
        qtbot.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert blocker.args == [number]


def test_clicking_on_a_box_s_cards_is_clicking_the_box(widget, qtbot):
    scene = widget.table_scene()
    scene.show(CASINO_FR)
    card = scene.hand_cards["4"][0]
    pos = widget.mapFromScene(card.card_rect().center())
    with qtbot.waitSignal(scene.boxClicked, timeout=1000) as blocker:
        qtbot.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert blocker.args == [4]


def test_clicking_the_dealer_s_place(widget, qtbot):
    scene = widget.table_scene()
    scene.show(CASINO_FR)
    pos = widget.mapFromScene(scene.hand_cards["dealer"][0].card_rect().center())
    with qtbot.waitSignal(scene.dealerClicked, timeout=1000):
        qtbot.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_clicking_bare_felt_reports_nothing(widget, qtbot):
    scene = widget.table_scene()
    scene.show(CASINO_FR)
    with qtbot.assertNotEmitted(scene.boxClicked), qtbot.assertNotEmitted(scene.dealerClicked):
        qtbot.mouseClick(
            widget.viewport(), Qt.MouseButton.LeftButton, pos=widget.mapFromScene(40, 990)
        )


# -- bets, insurance, splits --------------------------------------------------------------------


def crowded_table(split: tuple[int, ...] = (2, 5), *, settled: bool = False) -> TableView:
    """Seven boxes, each of `split` split four ways, every hand doubled on a ten (the widest
    index, "10" and its suit), €175 a hand; the second hand of the first of them to play (or,
    `settled`, every hand with its result)."""
    tens = [("TS", "9H", "TD"), ("TC", "8H", "TH"), ("TD", "7S", "TC"), ("TH", "6C", "TS")]
    boxes = []
    for n in range(1, 8):
        if n in split:
            hands = tuple(
                HandView(
                    f"{n}.{i + 1}",
                    cards,
                    ((SEAT, D(350)),),
                    True,
                    ("win", "lose", "push", "bust")[i] if settled else None,
                )
                for i, cards in enumerate(tens)
            )
            boxes.append(BoxView(n, ((SEAT, D(175)),), hands))
        else:
            stake = ((SEAT, D(10)),)
            boxes.append(BoxView(n, stake, (HandView(str(n), ("9C", "7D"), stake),)))
    return TableView(tuple(boxes), dealer_cards=("6H",), active=f"{split[0]}.2")


CROWDED = table(
    box(
        1,
        ("AS", "KH"),
        bet="25",
        bets=((SEAT, D(25)), ("Anna", D(10))),
    ),
    box(3, ("9C", "7D", "4H", "2S", "3C"), insurance=D(5)),
    BoxView(
        4,
        ((SEAT, D(20)), ("Marco", D("12.5"))),
        (
            HandView("4.1", ("8H", "3S", "TD"), ((SEAT, D(20)), ("Marco", D("12.5")))),
            HandView("4.2", ("8D", "9C"), ((SEAT, D(40)),), doubled=True),
            HandView("4.3", ("8S",), ((SEAT, D(20)),)),
        ),
    ),
    BoxView(5, ((SEAT, D(50)),), (HandView("5", ("6D", "5C", "9H"), ((SEAT, D(100)),), True),)),
    box(
        7,
        ("TC", "6H"),
        bet="100",
        bets=((SEAT, D(100)), ("Léa", D(25)), ("Bartholomew", D(5))),
    ),
    dealer_cards=("AH",),
    exposed_card="5S",
    active="4.2",
    highlights=("7", "2"),
)


def test_behind_bets_lie_behind_the_seat_s_bet(players_scene):
    players_scene.show(CROWDED)
    seat = players_scene.stacks["7:seat"]
    lea, bart = players_scene.stacks["7:Léa"], players_scene.stacks["7:Bartholomew"]
    assert seat.amount_text == "€100"
    assert (lea.label, lea.amount_text) == ("Léa", "€25")
    assert bart.amount == D(5)
    place = players_scene.places[7]
    assert seat.pos().x() == pytest.approx(place.anchor.x())
    # behind the seat's bet, on the players' side of the box (the dealer is at the top), side
    # by side and not on top of each other
    for behind in (lea, bart):
        assert behind.sceneBoundingRect().top() > seat.sceneBoundingRect().bottom() - 8
        assert place.area().contains(behind.sceneBoundingRect())
    assert not lea.sceneBoundingRect().intersects(bart.sceneBoundingRect())
    assert lea.pos().y() == pytest.approx(bart.pos().y())
    assert players_scene.stacks["4:Marco"].amount_text == "€12.50"


def test_a_doubled_hand_shows_its_doubled_stake_as_two_stacks(scene):
    scene.show(CROWDED)  # box 5: a bet of 50 doubled, the hand's stake 100
    bet, double = scene.stacks["5:seat"], scene.stacks["5:seat:double"]
    assert bet.amount == double.amount == D(50)
    assert bet.pos().y() == pytest.approx(double.pos().y())
    assert not bet.sceneBoundingRect().intersects(double.sceneBoundingRect())
    anchor = scene.places[5].anchor
    assert abs(bet.pos().x() - anchor.x()) < 46 and abs(double.pos().x() - anchor.x()) < 46


def test_insurance_lies_behind_the_box_towards_the_dealer(players_scene):
    players_scene.show(CROWDED)
    ins = players_scene.stacks["3:insurance"]
    assert (ins.amount_text, ins.label) == ("€5", "insurance")
    place = players_scene.places[3]
    assert ins.pos().x() == pytest.approx(place.anchor.x())
    dealer_bottom = max(c.card_rect().bottom() for c in players_scene.hand_cards["dealer"])
    cards_top = min(c.card_rect().top() for c in players_scene.hand_cards["3"])
    assert dealer_bottom < ins.sceneBoundingRect().top()
    assert ins.sceneBoundingRect().bottom() < cards_top
    assert "1:insurance" not in players_scene.stacks


def test_a_bust_box_keeps_its_insurance_on_the_felt(scene):
    """Issue 26: the pay-table question of `sabot drill pay-table --seed 144 --preset casino-fr`:
    boxes 1 and 6 bust and were collected, stake and cards, but their insurance is a bet of its
    own [000] and stays on the insurance line until the dealer pays it (the total counts it)."""
    from trainer.game.rules import HouseRules
    from trainer.practice.drill import Drill
    from trainer.practice.skills import SKILLS

    rules = HouseRules.from_spec("casino-fr")
    q = Drill([SKILLS["pay-table"]], rules, count=1, seed=144).next_question()
    assert q.answer == D(115)  # every insurance paid 2 to 1: 2 x 45 (box 4), 2 x 10, 2 x 2.50
    scene.show(q.table)
    for n, insured in ((1, "€10"), (6, "€2.50")):
        box_ = q.table.box(n)
        assert not box_.hands and not box_.bets and box_.collected  # the hand is gone
        assert scene.stacks[f"{n}:insurance"].amount_text == insured
        assert f"{n}:seat" not in scene.stacks and str(n) not in scene.hand_cards


def test_each_insuring_bettor_s_insurance_lies_in_front_of_his_own_bet(players_scene):
    # [003] every bettor on a box may insure, against his own bet: two insurances, two stacks
    bets = ((SEAT, D(20)), ("behind-a", D(10)))
    view = table(
        BoxView(
            2,
            bets,
            (HandView("2", ("9C", "7D"), bets),),
            insurance=D(15),
            insurances=((SEAT, D(10)), ("behind-a", D(5))),
        ),
        box(5, ("TD", "6S"), insurance=D(5), insurances=((SEAT, D(5)),)),
        dealer_cards=("AH",),
    )
    players_scene.show(view)
    seat_ins, behind_ins = (
        players_scene.stacks["2:insurance"],
        players_scene.stacks["2:insurance:behind-a"],
    )
    assert (seat_ins.amount, seat_ins.label) == (D(10), "seat")
    # named as the table names a standing player, by his letter; his whole name on hover
    assert (behind_ins.amount, behind_ins.label) == (D(5), "a")
    assert behind_ins.toolTip() == "behind-a: insurance on box 2"
    place = players_scene.places[2]
    for ins in (seat_ins, behind_ins):  # on the insurance line, within the box
        assert ins.pos().y() == pytest.approx(insurance_y(ins.pos().x()))
        assert place.area().contains(ins.sceneBoundingRect())
    assert not seat_ins.sceneBoundingRect().intersects(behind_ins.sceneBoundingRect())
    # side by side in front of the box, as the box's bets are
    mid = (seat_ins.pos().x() + behind_ins.pos().x()) / 2
    assert mid == pytest.approx(place.anchor.x(), abs=1)
    assert "2:insurance:seat" not in players_scene.stacks
    # a lone insurance says what it is
    assert players_scene.stacks["5:insurance"].label == "insurance"
    assert players_scene.stacks["5:insurance"].amount == D(5)


def test_an_end_box_s_insurance_lies_on_the_felt_not_on_the_shoe(players_scene):
    # box 1 of a full table sits under the shoe, where the insurance line stops
    view = table(box(1, ("AS", "6D"), insurance=D(5)), box(7, ("9C", "7D"), insurance=D(5)))
    players_scene.show(view)
    for n in (1, 7):
        ins = players_scene.stacks[f"{n}:insurance"].sceneBoundingRect()
        assert not ins.intersects(SHOE_RECT) and not ins.intersects(DISCARD_RECT), n
        cards_top = min(c.card_rect().top() for c in players_scene.hand_cards[str(n)])
        assert ins.bottom() < cards_top, n


def test_behind_bettors_insurances_lie_in_the_order_of_their_bets(scene):
    bets = ((SEAT, D(10)), ("ann", D(20)), ("bob", D(30)))
    insured = (("bob", D(15)), ("ann", D(10)))  # in any order: placed by where the bets lie
    view = table(
        BoxView(3, bets, (HandView("3", ("9C", "7D"), bets),), D(25), insured),
        dealer_cards=("AH",),
    )
    scene.show(view)
    ann, bob = scene.stacks["3:insurance:ann"], scene.stacks["3:insurance:bob"]
    assert (ann.amount, bob.amount) == (D(10), D(15))
    assert "3:insurance" not in scene.stacks  # the seat did not insure
    assert scene.stacks["3:ann"].pos().x() < scene.stacks["3:bob"].pos().x()
    assert ann.pos().x() < bob.pos().x()
    assert not ann.sceneBoundingRect().intersects(bob.sceneBoundingRect())


def test_split_hands_side_by_side_and_labelled(players_scene):
    players_scene.show(CROWDED)
    caps = players_scene.captions
    assert caps["4.1"].text == "4.1"
    assert caps["4.2"].text == "4.2"
    assert caps["4.3"].text == "4.3"
    x = {
        label: players_scene.hand_cards[label][0].card_rect().left()
        for label in ("4.1", "4.2", "4.3")
    }
    assert x["4.1"] > x["4.2"] > x["4.3"]  # the first hand on the dealer's left, like box 1
    assert "1" not in caps  # a hand that was never split needs no label
    assert caps["5"].text == "doubled"
    # each hand's stake lies under its own cards: 4.2 doubled its 20 (a stake of 40)
    for label, amounts in (("4.1", [D(20)]), ("4.2", [D(20), D(20)]), ("4.3", [D(20)])):
        stacks = [players_scene.stacks[f"{label}:seat"]]
        if len(amounts) > 1:
            stacks.append(players_scene.stacks[f"{label}:seat:double"])
        assert [s.amount for s in stacks] == amounts
        cards = QRectF()
        for c in players_scene.hand_cards[label]:
            cards = cards.united(c.card_rect())
        for s in stacks:
            assert cards.left() - 20 < s.pos().x() < cards.right() + 20
            assert s.sceneBoundingRect().top() > cards.bottom()
    assert "4:seat" not in players_scene.stacks


def test_active_hand_and_highlights_are_outlined(scene):
    scene.show(CROWDED)
    assert set(scene.outlines) == {"4.2", "7", "2"}
    hand = QRectF()
    for c in scene.hand_cards["4.2"]:
        hand = hand.united(c.card_rect())
    assert scene.outlines["4.2"].sceneBoundingRect().contains(hand)
    # an empty box pointed at is outlined around its spot
    assert scene.outlines["2"].sceneBoundingRect().contains(scene.places[2].anchor)


def test_the_dealer_can_be_the_active_hand(scene):
    scene.show(table(box(1, ("TS", "7H")), dealer_cards=("9D", "8C"), active="dealer"))
    assert set(scene.outlines) == {"dealer"}


def test_exposed_card_is_shown_apart_face_up(players_scene):
    players_scene.show(CROWDED)
    (card,) = players_scene.hand_cards["exposed"]
    assert card.face_up and card.token == "5S"
    assert players_scene.captions["exposed"].text == "exposed card"
    dealer_right = max(c.card_rect().right() for c in players_scene.hand_cards["dealer"])
    assert card.card_rect().left() > dealer_right


def test_stacks_draw_the_breakdown_they_are_given(qapp):
    given_to: list[D] = []

    def breakdown(amount: D) -> list[D]:
        given_to.append(amount)
        return [D(25), D(10), D(2)] if amount == D(37) else [amount]

    scene = TableScene(breakdown=breakdown)
    scene.show(table(box(2, ("5S", "6S"), bet="37")))
    assert D(37) in given_to
    assert scene.stacks["2:seat"]._chips == [D(25), D(10), D(2)]


def test_amounts_are_written_with_the_currency():
    assert format_amount(D("37.5")) == "€37.50"
    assert format_amount(D("25")) == "€25"
    assert format_amount(D("25.00"), "CHF") == "CHF\xa025"
    assert ChipStackItem(D("37.5"), "$").amount_text == "$37.50"


# -- nothing overlaps, nothing leaves the table -------------------------------------------------


def _box_of(label: str) -> str:
    """The box a hand lies in ("4" for "4.2"), or the dealer's, the shoe's, the exposed card."""
    return label.split(".")[0]


def index_rect(card: CardItem) -> QRectF:
    """A card's corner index on the felt: its rank and the suit beside it."""
    s = card.scale()
    r = card.card_rect()
    return QRectF(r.left(), r.top(), index_width(card.token) * s, (INDEX_MARGIN + INDEX_CAP) * s)


def hands_do_not_overlap(scene: TableScene) -> None:
    """No card of one box lies on a card of another; within a box, split hands may lie on one
    another as a dealer lays them, but nothing lies on a card's index."""
    rects = {
        label: [c.card_rect() for c in cards] for label, cards in scene.hand_cards.items() if cards
    }
    for (a, ra), (b, rb) in combinations(rects.items(), 2):
        if _box_of(a) == _box_of(b):
            continue
        for x in ra:
            for y in rb:
                assert not x.intersects(y), f"a card of {a} overlaps a card of {b}"
    for cards in rects.values():
        for r in cards:
            assert SCENE_RECT.contains(r)
    indices_in_sight(scene)


def indices_in_sight(scene: TableScene) -> None:
    """Every card of the boxes shows its index whole: no card drawn over it covers it."""
    stacked = [i for i in scene.items(Qt.SortOrder.AscendingOrder) if isinstance(i, CardItem)]
    where = {id(c): k for k, c in enumerate(stacked)}
    for label, cards in scene.hand_cards.items():
        if label in ("dealer", "exposed", "shoe"):
            continue
        for card in cards:
            index = index_rect(card)
            over = [c for c in stacked[where[id(card)] + 1 :] if c.card_rect().intersects(index)]
            assert not over, f"the index of {card.token} in {label} is under {over[0].token}"


def test_no_card_of_one_hand_overlaps_another_hand(scene):
    scene.show(CROWDED)
    hands_do_not_overlap(scene)


def test_a_full_table_of_long_split_hands_still_does_not_overlap(scene):
    long = ("2S", "2H", "AS", "AD", "2C", "AH", "3S", "AC", "2D", "3H")
    crowded = tuple(
        BoxView(
            n,
            ((SEAT, D(5)), ("Zoé", D(5))),
            tuple(HandView(f"{n}.{i}", long[: 4 + 2 * i], ((SEAT, D(5)),)) for i in range(1, 4)),
            insurance=D("2.5"),
        )
        for n in range(1, 8)
    )
    scene.show(TableView(crowded, dealer_cards=long[:9], exposed_card="KD", highlights=("3.2",)))
    hands_do_not_overlap(scene)
    for n in range(1, 8):
        caps = [scene.captions[f"{n}.{i}"].sceneBoundingRect() for i in range(1, 4)]
        assert not any(a.intersects(b) for a, b in combinations(caps, 2))


card = st.sampled_from(["A", "2", "7", "T", "K", "AS", "TD", "QH", "5C"])
hand = st.lists(card, min_size=1, max_size=11).map(tuple)


@st.composite
def snapshots(draw) -> TableView:
    count = draw(st.integers(1, 7))
    boxes = []
    for n in range(1, count + 1):
        if not draw(st.booleans()):
            boxes.append(BoxView(n))
            continue
        hands = draw(st.lists(hand, min_size=1, max_size=4))
        labels = [str(n)] if len(hands) == 1 else [f"{n}.{i + 1}" for i in range(len(hands))]
        bets = ((SEAT, draw(st.sampled_from([D(5), D(10), D(175), D(500)]))),) + tuple(
            (f"behind {k}", D(5 * (k + 1))) for k in range(draw(st.integers(0, 3)))
        )
        views = []
        for lab, h in zip(labels, hands, strict=True):
            doubled = draw(st.booleans()) and len(h) == 3
            stakes = tuple((who, 2 * b if doubled else b) for who, b in bets)
            views.append(HandView(lab, h, stakes, doubled))
        boxes.append(BoxView(n, bets, tuple(views), insurance=draw(st.sampled_from([None, D(5)]))))
    return TableView(
        tuple(boxes),
        dealer_cards=draw(st.lists(card, max_size=10).map(tuple)),
        hole_card=draw(st.booleans()),
        exposed_card=draw(st.sampled_from([None, "9S"])),
        shoe_next=draw(st.lists(card, max_size=8).map(tuple)),
    )


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(view=snapshots())
@example(view=crowded_table())
def test_no_snapshot_makes_hands_overlap(scene, view):
    scene.show(view)
    hands_do_not_overlap(scene)
    drawn = sum(
        len(c) for k, c in scene.hand_cards.items() if k not in ("dealer", "exposed", "shoe")
    )
    assert drawn == sum(len(h.cards) for b in view.boxes for h in b.hands)


def felt_path(scene: TableScene):
    """The cloth inside the padded rail, as the view shows it."""
    path = scene._felt._felt
    if scene.turned:
        path = QTransform(-1, 0, 0, -1, SCENE_RECT.width(), SCENE_RECT.height()).map(path)
    return path


def _split_box(n: int, bet: D, hands: list[tuple[str, ...]], doubled: list[bool]) -> BoxView:
    return BoxView(
        n,
        ((SEAT, bet),),
        tuple(
            HandView(f"{n}.{i + 1}", h, ((SEAT, 2 * bet if dbl else bet),), dbl)
            for i, (h, dbl) in enumerate(zip(hands, doubled, strict=True))
        ),
    )


# a box split into four, the 4th doubled: its "€10 ×2" lies off centre of its stack, and was
# laid as if centred, reaching over box 2's first card
FOURTH_DOUBLED = TableView(
    (
        _split_box(1, D(10), [("A",), ("A",), ("A",) * 4, ("A",) * 3], [False, False, False, True]),
        _split_box(2, D(5), [("A",)] * 3, [False] * 3),
        *(BoxView(n) for n in range(3, 7)),
    )
)
# seven boxes, each split into four doubled hands of the widest amounts: no row of four fits
ALL_DOUBLED = TableView(
    tuple(
        _split_box(n, D(500) if n % 2 else D(175), [("A", "7", "K")] * 4, [True] * 4)
        for n in range(1, 8)
    )
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(view=snapshots())
@example(view=FOURTH_DOUBLED)
@example(view=crowded_table())
@example(view=crowded_table(tuple(range(1, 8))))
@example(view=ALL_DOUBLED)
def test_every_stake_stays_on_the_felt_uncovered_and_whole(scene, view):
    scene.show(view)
    cloth = felt_path(scene)
    cards = [c.card_rect() for cs in scene.hand_cards.values() for c in cs]
    for key, st_ in scene.stacks.items():
        rect = st_.sceneBoundingRect()
        assert cloth.contains(rect), f"{key} lies on the rail"
        assert not any(rect.intersects(c) for c in cards), f"{key} is under a card"
    # the split hands' stakes (their chips and amounts) lie clear of each other; a doubled hand's
    # two stacks share one amount and touch
    split = [(k, v.sceneBoundingRect()) for k, v in scene.stacks.items() if "." in k.split(":")[0]]
    for (a, x), (b, y) in combinations(split, 2):
        if a.split(":")[0] != b.split(":")[0]:
            assert not x.intersects(y), f"{a} lies over {b}"
    for b in view.boxes:
        n = b.number
        seat = [v for k, v in scene.stacks.items() if k.startswith(str(n)) and ":seat" in k]
        behind = [
            v
            for k, v in scene.stacks.items()
            if k.split(":")[0] == str(n) and k.split(":")[1] not in ("seat", "insurance")
        ]
        towards_players = -1 if scene.turned else 1  # up the screen as the dealer sees it
        for x in behind:  # behind the seat's, towards the players
            assert all((x.pos().y() - s.pos().y()) * towards_players > 40 for s in seat), n
        # every chip on the box is money of the view: the hands' stakes, or the bets
        drawn = sum(
            (v.amount for k, v in scene.stacks.items() if k.split(":")[0].split(".")[0] == str(n)),
            D(0),
        )
        money = sum((a for h in b.hands for _, a in h.stakes), D(0)) or sum(
            (a for _, a in b.bets), D(0)
        )
        assert drawn == money + (b.insurance or 0), n


# -- the widget ---------------------------------------------------------------------------------


def test_the_table_is_painted(widget):
    widget.table_scene().show(CROWDED)
    image = widget.grab().toImage().scaled(160, 100)
    colours = {image.pixel(x, y) for x in range(160) for y in range(100)}
    assert len(colours) > 50  # felt, cards, chips and text: far from a blank widget
    felt = QColor(image.pixel(80, 60 if widget.table_scene().turned else 40))
    assert felt.green() > felt.red() and felt.green() > felt.blue()


def test_the_whole_table_stays_fitted_to_the_widget(widget, qtbot):
    widget.table_scene().show(CASINO_FR)
    for w, h in ((1280, 800), (700, 700), (1600, 500)):
        widget.resize(w, h)
        qtbot.waitUntil(lambda w=w, h=h: widget.viewport().size().width() == w)
        shown = widget.mapFromScene(SCENE_RECT).boundingRect()
        view = widget.viewport().rect().adjusted(-1, -1, 1, 1)
        assert view.contains(shown)
        # fitted: the table fills the widget along one side
        assert max(shown.width() / view.width(), shown.height() / view.height()) > 0.97
        assert not widget.horizontalScrollBar().isVisible()
        assert not widget.verticalScrollBar().isVisible()


def _hover(widget, pos: QPoint) -> None:
    """The pointer moved to `pos` of the viewport, sent to it straight: through the platform, a
    window an earlier test left open over that spot would take it."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QMouseEvent

    event = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(widget.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget.viewport(), event)


def test_pointing_at_a_box_shows_a_hand_cursor(widget, qtbot):
    scene = widget.table_scene()
    scene.show(CASINO_FR)
    _hover(widget, widget.mapFromScene(scene.places[2].anchor))
    qtbot.waitUntil(lambda: widget.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor)
    _hover(widget, QPoint(2, widget.viewport().height() - 2))
    qtbot.waitUntil(lambda: widget.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor)


# -- a table drawn ahead ------------------------------------------------------------------------


@pytest.fixture
def item_paints(monkeypatch):
    """How many times the view paints the scene item by item (not from a prepared picture)."""
    calls = []
    base = QGraphicsView.paintEvent

    def counted(self, event):
        calls.append(event)
        return base(self, event)

    monkeypatch.setattr(QGraphicsView, "paintEvent", counted)
    return calls


def test_a_prepared_table_is_shown_from_its_picture_the_same_as_drawn(widget, qtbot, item_paints):
    widget.show_table(CROWDED)
    drawn = widget.viewport().grab().toImage()
    cards = sorted(
        (c.token or "", c.face_up, c.scenePos().toTuple()) for c in cards_in(widget.table_scene())
    )
    assert item_paints
    widget.show_table(HOLE_CARD)
    widget.prepare(CROWDED)
    assert widget.table_scene().view is HOLE_CARD  # prepared, not shown yet
    item_paints.clear()
    widget.show_table(CROWDED)
    assert widget.viewport().grab().toImage() == drawn
    assert not item_paints  # one picture, not item by item
    # and the scene holds the table's items as if drawn on the spot
    again = cards_in(widget.table_scene())
    assert sorted((c.token or "", c.face_up, c.scenePos().toTuple()) for c in again) == cards


def test_a_prepared_picture_is_not_used_at_another_size(widget, qtbot, item_paints):
    widget.show_table(HOLE_CARD)
    widget.prepare(CASINO_FR)
    widget.resize(900, 640)
    qtbot.waitUntil(lambda: widget.viewport().width() == 900)
    widget.show_table(CASINO_FR)
    item_paints.clear()
    image = widget.viewport().grab().toImage()
    assert item_paints  # drawn afresh at the new size
    assert image.size() == widget.viewport().size() * widget.viewport().devicePixelRatio()


def test_showing_another_table_drops_the_prepared_one(widget, qtbot, item_paints):
    widget.prepare(HOLE_CARD)
    widget.show_table(CASINO_FR)
    scene = widget.table_scene()
    assert scene.view is CASINO_FR
    assert all(c.face_up for c in cards_in(scene))  # nothing of the hole-card table is left
    assert len(cards_in(scene)) == 8
    item_paints.clear()
    widget.viewport().grab()
    assert item_paints


def test_preparing_a_table_for_a_widget_never_laid_out_is_harmless(qtbot):
    w = TableWidget()
    qtbot.addWidget(w)
    w.viewport().resize(0, 0)
    w.prepare(CASINO_FR)  # nothing to paint to: no picture, no warning
    assert w._pictures == []
    w.show_table(CASINO_FR)
    assert len(cards_in(w.table_scene())) == 8


# -- picture cards ------------------------------------------------------------------------------


def card_image(token: str, scale: int = 2):
    from PySide6.QtGui import QImage, QPainter

    image = QImage(int(CARD_W * scale), int(CARD_H * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor("#17693a"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    CardItem(token).paint(p, None)
    p.end()
    return image


def share_of(image, rect: QRectF, colour: QColor, scale: int = 2) -> float:
    """The share of the pixels in `rect` (card units) within a few levels of `colour`."""
    hits = total = 0
    for x in range(int(rect.left() * scale), int(rect.right() * scale)):
        for y in range(int(rect.top() * scale), int(rect.bottom() * scale)):
            c = QColor(image.pixel(x, y))
            total += 1
            dist = (
                abs(c.red() - colour.red())
                + abs(c.green() - colour.green())
                + abs(c.blue() - colour.blue())
            )
            hits += dist < 24
    return hits / total


# What a fanned hand leaves of a card the next one covers: its top strip, its left edge.
FAN_STRIP = QRectF(0, 0, CARD_W, FAN_DY)
DEALER_STRIP = QRectF(0, 0, 46, CARD_H)


@pytest.mark.parametrize("suit", ["S", "H"])
def test_picture_cards_are_picture_cards_even_where_a_fan_covers_them(qapp, suit):
    for rank in "JQK":
        image = card_image(rank + suit)
        # the picture's coloured panel shows beside the index, in the strip left uncovered
        assert share_of(image, FAN_STRIP, COURT_FILL) > 0.08, rank
        assert share_of(image, DEALER_STRIP, COURT_FILL) > 0.08, rank
    for rank in ("A", "T", "9", "2"):
        image = card_image(rank + suit)
        assert share_of(image, FAN_STRIP, COURT_FILL) == 0, rank  # a plain card is plain


def test_each_picture_card_has_its_own_face(qapp):
    faces = [card_image(t) for t in ("JS", "QS", "KS")]
    assert faces[0] != faces[1] != faces[2] != faces[0]
    # the corner index, the part every fan shows, differs too
    strips = [f.copy(0, 0, 30 * 2, int(FAN_DY * 2)) for f in faces]
    assert strips[0] != strips[1] != strips[2] != strips[0]


def test_a_picture_card_has_no_second_index_in_its_middle(qapp):
    # at table size a large letter in the middle reads as a third card ("A J" as three cards):
    # the middle of a Jack, a Queen and a King of one suit is the same figure's robe, the rank is
    # in the corners alone
    from PySide6.QtGui import QImage, QPainter

    scale = 2

    def middle_of(token: str) -> QImage:
        # drawn afresh, not through the picture cache another test may have filled; the strip is
        # kept as an image and compared pixel by pixel (the bytes of a temporary copy's buffer
        # may be read after it is freed)
        image = QImage(int(CARD_W * scale), int(CARD_H * scale), QImage.Format.Format_ARGB32)
        image.fill(QColor("#17693a"))
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(scale, scale)
        CardItem(token)._draw(p)
        p.end()
        return image.copy(10 * scale, 46 * scale, (CARD_W - 20) * scale, 8 * scale)

    for suit in "SH":
        jack, queen, king = (middle_of(rank + suit) for rank in "JQK")
        assert jack == queen == king, suit
    # and the strip is the figure's, not the bare card: a spade's and a heart's robes differ
    assert middle_of("KS") != middle_of("KH")


# -- the shoe's next cards ----------------------------------------------------------------------


def test_the_shoe_s_next_cards_lie_face_up_by_the_shoe_in_order(players_scene):
    nxt = ("9D", "JS", "8H", "KH", "QS", "AH")
    players_scene.show(
        table(box(3, ("TS", "7C")), dealer_cards=("5D",), active="dealer", shoe_next=nxt)
    )
    row = players_scene.hand_cards["shoe"]
    assert [c.token for c in row] == list(nxt)
    assert all(c.face_up for c in row)
    xs = [c.card_rect().left() for c in row]
    assert xs == sorted(xs)  # read left to right, the first to come out first
    # each one's index is uncovered by the next
    for a, b in zip(row, row[1:], strict=False):
        assert b.card_rect().left() - a.card_rect().left() >= 30 * b.scale()
    dealer = players_scene.hand_cards["dealer"][0].card_rect()
    shoe = SHOE_RECT
    for c in row:
        r = c.card_rect()
        assert r.left() > dealer.right() and r.right() < shoe.left()
        assert r.bottom() < players_scene.places[1].insurance_y
    assert players_scene.captions["shoe"].text == "the shoe's next cards, in order"
    hands_do_not_overlap(players_scene)


def test_no_shoe_row_unless_the_view_has_one(scene):
    scene.show(CASINO_FR)
    assert "shoe" not in scene.hand_cards


# -- the players' hand signals ------------------------------------------------------------------

FULL_TABLE = table(
    *(box(n, ("9C", "7D", "4H")) for n in (1, 2, 3, 5, 6, 7)),
    box(4, ("8S", "3D"), ("8H", "TC")),
    dealer_cards=("6H",),
)


def _rect(item) -> QRectF:
    return item.sceneBoundingRect()


@pytest.mark.parametrize("decision", ["hit", "stand", "double", "split"])
def test_a_players_decision_is_drawn_as_his_hand_signal_beside_his_cards(scene, decision):
    from ui.table.hand_signals import SignalItem

    scene.show(FULL_TABLE)
    assert not [i for i in scene.items() if isinstance(i, SignalItem)]
    signed = TableView(FULL_TABLE.boxes, FULL_TABLE.dealer_cards,
                       signals=(("3", decision, "carte"), ("4.2", decision, "non")))  # fmt: skip
    scene.show(signed)
    drawn = scene.drawing.signals
    assert set(drawn) == {"3", "4.2"}
    assert {i.decision for i in drawn.values()} == {decision}
    assert drawn["3"].words == "carte"
    every_card = [c for cards in scene.hand_cards.values() for c in cards]
    for label, item in drawn.items():
        # beside its hand, over no card of the table (its own or a neighbour's)
        mine = scene.hand_cards[label]
        hand = mine[0].card_rect().united(mine[-1].card_rect())
        assert hand.adjusted(-12, -12, 12, 12).intersects(_rect(item))  # next to the cards
        disc = _rect(item).adjusted(6, 6, -6, -6)
        assert not any(disc.intersects(c.card_rect()) for c in every_card), label
    # each split hand's signal is by that hand, not by the other one

    def far(label: str, hand: str) -> float:
        a, b = _rect(drawn[label]).center(), _rect(scene.hand_cards[hand][-1]).center()
        return math.hypot(a.x() - b.x(), a.y() - b.y())

    assert far("4.2", "4.2") < far("4.2", "4.1")


def test_a_signal_is_a_picture_not_a_glyph(qapp):
    from PySide6.QtGui import QImage, QPainter

    from ui.table.hand_signals import DECISIONS, SignalItem

    pictures = []
    for decision in DECISIONS:
        item = SignalItem(decision, "")
        image = QImage(80, 80, QImage.Format.Format_ARGB32)
        image.fill(0)
        p = QPainter(image)
        p.translate(40, 40)
        item.paint(p)
        p.end()
        pictures.append(image)
    # four different drawings
    assert len({bytes(image.constBits()) for image in pictures}) == 4
    with pytest.raises(ValueError):
        SignalItem("surrender", "")


@pytest.mark.parametrize("token", ["TS", "TH", "AD", "7C", "2H", "9S"])
def test_a_card_s_index_ends_where_index_width_says(qapp, token):
    # what a split hand lying on another leaves showing of each card: the rank and the suit
    # beside it, whole, and no more (court cards draw their headwear beside it)
    scale = 4
    image = card_image(token, scale)
    w = index_width(token)

    def inked(lo: float, hi: float) -> bool:
        return any(
            QColor(image.pixel(x, y)).green() < 150
            for y in range(int(INDEX_MARGIN * scale), int((INDEX_MARGIN + INDEX_CAP) * scale))
            for x in range(int(lo * scale), int(hi * scale))
        )

    assert inked(w - 2.5, w)  # the suit's right-hand edge
    assert not inked(w + 0.5, w + 3.5)  # then the card's face


@pytest.mark.parametrize(
    ("lang", "tip"),
    [
        ("en", "behind-a: a standing player's bet on box 3"),
        ("fr", "debout-a\u202f: la mise d'un joueur debout sur la case 3"),
        ("it", "in piedi-a: la puntata di un giocatore in piedi sul riquadro 3"),
    ],
)
def test_a_standing_player_is_named_by_his_letter_on_the_felt(players_scene, lang, tip):
    """Not "behind-a" / "debout-a" under the stack: "a", "b", as the table says; the whole
    name, the one the prompts use, in the tooltip."""
    from trainer import i18n

    before = i18n.language()
    i18n.set_language(lang)
    try:
        bets = ((SEAT, D(20)), ("behind-a", D(10)), ("behind-b", D(5)))
        players_scene.show(table(BoxView(3, bets, (HandView("3", ("9C", "7D"), bets),))))
        a, b = players_scene.stacks["3:behind-a"], players_scene.stacks["3:behind-b"]
        assert (a.label, b.label) == ("a", "b")
        assert a.toolTip() == tip
        assert "behind" not in (players_scene.stacks["3:seat"].toolTip() or "")
    finally:
        i18n.set_language(before)
