"""The felt's names and labels read on a small window (issue 12): behind bettors' names, split
hands' labels, insurers' names and results are set at least 10 px on screen (font size) at the
view's zoom, and none covers another, a card or a box's number."""

from __future__ import annotations

from decimal import Decimal as D
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from PySide6.QtCore import QRectF

from trainer.game.table import BoxView, HandView, TableView
from trainer.history.store import Store
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.table.labels import LabelItem
from ui.table.scene import MIN_TEXT_PX, TableScene
from ui.table.widget import TableWidget

from .test_scene import crowded_table, snapshots

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

SEAT = "seat"


def crowded_box() -> TableView:
    """Seven boxes; box 4 split in two with three behind bettors on it, box 2 with two behind
    bettors who both insure with the seat, box 1 with one behind bettor and the seat insured,
    box 6 settled."""
    boxes = []
    for n in range(1, 8):
        if n == 4:
            bets = ((SEAT, D(20)), ("behind-a", D(10)), ("behind-b", D(5)), ("behind-c", D(5)))
            hands = (
                HandView("4.1", ("8H", "3S", "TD"), bets),
                HandView("4.2", ("8D", "3C", "5C"), bets),
            )
            boxes.append(BoxView(4, bets, hands))
        elif n == 2:
            bets = ((SEAT, D(20)), ("behind-a", D(10)), ("behind-b", D(30)))
            insured = ((SEAT, D(10)), ("behind-a", D(5)), ("behind-b", D(15)))
            boxes.append(BoxView(2, bets, (HandView("2", ("9C", "7D"), bets),), D(30), insured))
        elif n == 1:
            bets = ((SEAT, D(10)), ("behind-a", D(10)))
            boxes.append(
                BoxView(1, bets, (HandView("1", ("9C", "7D"), bets),), D(5), ((SEAT, D(5)),))
            )
        elif n == 6:
            stake = ((SEAT, D(10)),)
            boxes.append(BoxView(6, stake, (HandView("6", ("TC", "9D"), stake, result="win"),)))
        else:
            stake = ((SEAT, D(10)),)
            boxes.append(BoxView(n, stake, (HandView(str(n), ("9C", "7D"), stake),)))
    return TableView(tuple(boxes), dealer_cards=("AH",), active="4.2")


def texts(scene: TableScene) -> list[tuple[str, float, QRectF]]:
    """Every name and label on the felt: (what it says, its font size in scene units, where)."""
    out = []
    for key, lab in scene.captions.items():
        out.append((f"caption {key}: {lab.text}", lab.pixel_size, lab.sceneBoundingRect()))
    for key, st_ in scene.stacks.items():
        if st_.label_text:
            rect = st_.mapRectToScene(st_.label_rect())
            out.append((f"name {key}: {st_.label_text}", st_.label_px, rect))
    return out


def badges(scene: TableScene) -> list[QRectF]:
    return [p.badge_rect() for p in scene.places.values()]


def no_text_covers_another(scene: TableScene) -> None:
    written = texts(scene)
    for (a, _, ra), (b, _, rb) in combinations(written, 2):
        assert not ra.intersects(rb), f"{a} runs into {b}"
    cards = [c.card_rect() for cs in scene.hand_cards.values() for c in cs]
    for what, _, r in written:
        assert not any(r.intersects(c) for c in cards), f"{what} is under a card"
        assert not any(r.intersects(b) for b in badges(scene)), f"{what} covers a box number"


@pytest.fixture
def window(qtbot, tmp_path):
    store = Store.open(tmp_path / "history.sqlite3")
    w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
    qtbot.addWidget(w)
    w.resize(1024, 600)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()
    store.close()


def on_screen(table: TableWidget) -> list[tuple[str, float]]:
    zoom = table.transform().m11()
    return [(what, px * zoom) for what, px, _ in texts(table.table_scene())]


def test_names_and_labels_read_at_1024_by_600_in_a_drill(qtbot, window):
    window.start_drill(["announce"], "practice")
    table = window.drill_page.table
    qtbot.waitUntil(lambda: table.viewport().width() > 400)
    table.show_table(crowded_box())
    shown = on_screen(table)
    said = {w.split(": ", 1)[0]: w.split(": ", 1)[1] for w, _ in shown}
    # written whole where there is room: a lone behind bettor, a lone insurance
    assert said["caption 4.1"] == "4.1" and said["caption 4.2"] == "4.2"
    assert said["caption 6:result"] == "WIN"
    assert said["name 1:behind-a"] == "a"  # a standing player by his letter, as the table says
    assert said["name 1:insurance"] == "insurance"
    # three names behind one box: each still told apart, none of them cut to nothing
    names = [w.split(": ", 1)[1] for w, _ in shown if w.startswith("name 4:behind")]
    assert len(set(names)) == 3 and all(names), names
    # the insurers of box 2, named
    assert {w.split(": ", 1)[1] for w, _ in shown if w.startswith("name 2:insurance")} >= {"seat"}
    small = [(w, round(px, 1)) for w, px in shown if px < MIN_TEXT_PX]
    assert not small
    no_text_covers_another(table.table_scene())


def test_names_and_labels_read_at_1024_by_600_in_deal_mode(qtbot, window):
    window.open_deal()
    page = window._deal
    page.begin({"boxes": 7, "mode": "practice", "incidents": "off", "shift_minutes": None})
    qtbot.waitUntil(lambda: page.table.viewport().width() > 400)
    page.table.show_table(crowded_box())
    assert not [(w, px) for w, px in on_screen(page.table) if px < MIN_TEXT_PX]
    no_text_covers_another(page.table.table_scene())


def test_names_grow_back_to_their_size_on_a_large_window(qtbot):
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1024, 560)
    table.show()
    qtbot.waitExposed(table)
    table.show_table(crowded_box())
    small = dict((w.split(":")[0], px) for w, px, _ in texts(table.table_scene()))
    table.resize(1900, 1200)
    qtbot.waitUntil(lambda: table.viewport().width() > 1800)
    large = dict((w.split(":")[0], px) for w, px, _ in texts(table.table_scene()))
    # set larger in scene units on the small window, so as to read the same least size there
    assert small["caption 4.1"] > large["caption 4.1"] == 14
    zoom = table.transform().m11()
    assert all(px * zoom >= MIN_TEXT_PX for px in large.values())


# a box split into four doubled hands of €175, the first of ten cards: the row of stakes under
# the hands and the tall hand shrank the cards, and with them the room between the hands, below
# what their captions (no smaller than the view reads) need
TALL_SPLIT = TableView(
    (
        BoxView(
            1,
            ((SEAT, D(175)),),
            tuple(
                HandView(f"1.{i}", ("A",) * 10 if i == 1 else ("A", "7"), ((SEAT, D(350)),), True)
                for i in range(1, 5)
            ),
        ),
        *(BoxView(n) for n in range(2, 8)),
    )
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(view=snapshots())
@example(view=TALL_SPLIT)
@example(view=crowded_table())
@example(view=crowded_table(tuple(range(1, 8))))
@example(view=crowded_table(settled=True))
@example(view=crowded_table((1, 7), settled=True))
def test_at_the_least_zoom_no_label_covers_another(qapp, view):
    # the least zoom the view goes down to (below it the felt scrolls): the largest labels. (No
    # drill shows an exposed card and the shoe's next cards at once: they share the top right.)
    assume(not (view.exposed_card and view.shoe_next))
    for dealer_view in (True, False):  # as the dealer and as the players see the table
        scene = TableScene(dealer_view=dealer_view)
        scene.set_zoom(0.4)
        scene.show(view)
        for what, px, _ in texts(scene):
            assert px * 0.4 >= MIN_TEXT_PX, what
        no_text_covers_another(scene)


def test_the_exposed_cards_caption_is_not_under_a_tall_hand_of_box_1(qapp):
    # found by the test above: at the least zoom "exposed card" wraps onto two lines that reach
    # below the shoe's clearance, where the six cards of box 1 (on the right, under the
    # exposed card) began
    stake = ((SEAT, D(5)),)
    tall = HandView("1", ("A",) * 6, stake)
    view = TableView(
        (BoxView(1, stake, (tall,)), BoxView(2), BoxView(3), BoxView(4)), exposed_card="9S"
    )
    scene = TableScene()
    scene.set_zoom(0.4)
    scene.show(view)
    assert len(scene.hand_cards["1"]) == 6
    no_text_covers_another(scene)


def test_a_label_too_long_for_its_room_keeps_what_tells_it_apart(qapp):
    lab = LabelItem("behind-bartholomew", 25, max_width=100, min_px=25)
    assert lab.pixel_size == 25  # never set smaller than the view reads
    assert lab.text.endswith("w") and "…" in lab.text  # its end kept: what differs


def test_the_bettors_behind_are_named_in_the_trainee_s_words(qapp):
    # the felt named them by their keys, "behind-a", whatever the language; then "in piedi-a":
    # a standing player is "a", "b" on the felt in every language, his whole name on hover
    from trainer import i18n

    i18n.set_language("it")
    try:
        scene = TableScene()
        scene.show(crowded_box())
        names = [what for what, _, _ in texts(scene) if what.startswith("name ")]
        assert any(n.endswith(":behind-a: a") for n in names), names
        assert not any("behind-" in n.split(": ", 1)[1] for n in names), names
        assert not any("piedi" in n.split(": ", 1)[1] for n in names), names
        assert scene.stacks["1:behind-a"].toolTip().startswith("in piedi-a: ")
    finally:
        i18n.set_language("en")
    scene = TableScene()
    scene.show(crowded_box())
    assert any(w.endswith(":behind-a: a") for w, _, _ in texts(scene))
    assert scene.stacks["1:behind-a"].toolTip().startswith("behind-a: ")
