"""The chip tray: a payout built chip by chip, by mouse and by keyboard."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFontMetrics, QImage, QPainter

from trainer import i18n
from ui.table.chip_tray import ChipTray
from ui.table.chips import ChipStackItem, paint_chip, ui_font

# The offscreen platform says it cannot pass size hints to a window manager it does not have.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

CHIPS = [D("0.5"), D(1), D(5), D(25), D(100)]


@pytest.fixture
def tray(qtbot):
    t = ChipTray(CHIPS, "€")
    qtbot.addWidget(t)
    t.show()
    qtbot.waitExposed(t)
    return t


def test_a_button_per_chip_with_its_key(tray):
    assert [b.denomination for b in tray.buttons] == CHIPS
    assert [b.key for b in tray.buttons] == ["1", "2", "3", "4", "5"]
    assert tray.chips() == []
    assert tray.total_label.text() == "Total €0"


def test_clicking_a_chip_adds_it(tray, qtbot):
    with qtbot.waitSignal(tray.changed, timeout=1000):
        qtbot.mouseClick(tray.buttons[3], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tray.buttons[2], Qt.MouseButton.LeftButton)
    assert tray.chips() == [D(25), D(5)]
    assert tray.total_label.text() == "Total €30"
    assert tray.count_label.text() == "2 chips"


def test_keys_add_chips_and_the_total_follows(tray, qtbot):
    for key in (Qt.Key.Key_4, Qt.Key.Key_3, Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_2):
        with qtbot.waitSignal(tray.changed, timeout=1000):
            qtbot.keyClick(tray, key)
    qtbot.keyClick(tray, Qt.Key.Key_1)
    assert tray.chips() == [D(25), D(5), D(5), D(1), D(1), D("0.5")]
    assert tray.total() == D("37.5")
    assert tray.total_label.text() == "Total €37.50"


def test_a_key_past_the_last_chip_adds_nothing(tray, qtbot):
    with qtbot.assertNotEmitted(tray.changed):
        qtbot.keyClick(tray, Qt.Key.Key_6)
        qtbot.keyClick(tray, Qt.Key.Key_0)
        qtbot.keyClick(tray, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert tray.chips() == []


def test_backspace_takes_back_the_last_chip(tray, qtbot):
    qtbot.keyClicks(tray, "345")
    with qtbot.waitSignal(tray.changed, timeout=1000):
        qtbot.keyClick(tray, Qt.Key.Key_Backspace)
    assert tray.chips() == [D(5), D(25)]
    qtbot.keyClick(tray, Qt.Key.Key_Backspace)
    qtbot.keyClick(tray, Qt.Key.Key_Backspace)
    with qtbot.assertNotEmitted(tray.changed):
        qtbot.keyClick(tray, Qt.Key.Key_Backspace)
    assert tray.chips() == []


@pytest.mark.parametrize("key", [Qt.Key.Key_Escape, Qt.Key.Key_Delete])
def test_escape_or_delete_clears(tray, qtbot, key):
    qtbot.keyClicks(tray, "5542")
    with qtbot.waitSignal(tray.changed, timeout=1000):
        qtbot.keyClick(tray, key)
    assert tray.chips() == []
    assert tray.total_label.text() == "Total €0"


def test_clear_and_undo_buttons(tray, qtbot):
    assert not tray.undo_button.isEnabled()
    qtbot.keyClicks(tray, "543")
    qtbot.mouseClick(tray.undo_button, Qt.MouseButton.LeftButton)
    assert tray.chips() == [D(100), D(25)]
    qtbot.mouseClick(tray.clear_button, Qt.MouseButton.LeftButton)
    assert tray.chips() == []
    assert not tray.clear_button.isEnabled()


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_enter_hands_the_payout_in(tray, qtbot, key):
    qtbot.keyClicks(tray, "43")
    with qtbot.waitSignal(tray.submitted, timeout=1000):
        qtbot.keyClick(tray, key)
    assert tray.chips() == [D(25), D(5)]  # the tray keeps them until told to clear


def test_the_pay_button_hands_the_payout_in(tray, qtbot):
    with qtbot.waitSignal(tray.submitted, timeout=1000):
        qtbot.mouseClick(tray.pay_button, Qt.MouseButton.LeftButton)


def test_clear_from_code(tray, qtbot):
    qtbot.keyClicks(tray, "22")
    with qtbot.waitSignal(tray.changed, timeout=1000):
        tray.clear()
    assert tray.chips() == []


def test_the_tray_takes_the_keyboard_focus_and_its_buttons_do_not(tray):
    assert tray.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert all(b.focusPolicy() == Qt.FocusPolicy.NoFocus for b in tray.buttons)


def test_the_tray_is_painted(tray, qtbot):
    qtbot.keyClicks(tray, "54321")
    image = tray.grab().toImage()
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)
    }
    assert len(colours) > 30


def test_each_chip_and_each_look_of_a_button_is_its_own_picture(tray, qtbot):
    five, quarter = tray.buttons[2], tray.buttons[3]
    up = five.grab().toImage()
    assert up == five.grab().toImage()  # drawn again from the cache: the same picture
    assert quarter.grab().toImage() != up  # another chip, another picture
    five.setDown(True)  # pressed: the chip sinks a little
    assert five.grab().toImage() != up
    five.setDown(False)
    assert five.grab().toImage() == up


def test_the_empty_strip_s_hint_stays_whole_in_a_narrow_tray(qtbot):
    t = ChipTray(CHIPS, "€")
    qtbot.addWidget(t)
    t.total_label.setMinimumWidth(150)  # a wide total ("Total €1,237.50"): the strip narrows
    t.resize(300, 200)
    t.show()
    qtbot.waitExposed(t)
    strip = t.placed
    hint = "Click a chip or press keys 1–5 to pay"
    assert QFontMetrics(ui_font(13, italic=True)).horizontalAdvance(hint) > strip.width() - 16
    image = strip.grab().toImage()
    w, h = image.width(), image.height()
    felt = image.pixel(w // 2, 5)
    inked = [
        y for y in range(5, h - 5) if any(image.pixel(x, y) != felt for x in range(12, w - 12))
    ]
    # set on two lines (two bands of ink with felt between), not on one line cut at both ends
    gaps = sum(1 for a, b in zip(inked, inked[1:], strict=False) if b > a + 1)
    assert inked and gaps == 1


def test_every_button_has_the_key_it_shows(tray, qtbot):
    import re

    keys = {"⌫": Qt.Key.Key_Backspace, "Esc": Qt.Key.Key_Escape, "Enter": Qt.Key.Key_Return}
    shown = {
        b: keys[re.search(r"\(([^)]+)\)", b.text())[1]]
        for b in (tray.undo_button, tray.clear_button, tray.pay_button)
    }
    assert len(shown) == 3
    tray.setFocus()
    for key in ("3", "3", "2"):
        qtbot.keyClick(tray, key)
    qtbot.keyClick(tray, shown[tray.undo_button])
    assert tray.chips() == [D(5), D(5)]
    qtbot.keyClick(tray, shown[tray.clear_button])
    assert tray.chips() == []
    with qtbot.waitSignal(tray.submitted, timeout=1000):
        qtbot.keyClick(tray, shown[tray.pay_button])


def test_escape_is_the_tray_s_before_any_shortcut_even_on_an_empty_tray(tray, qtbot):
    from PySide6.QtGui import QKeySequence, QShortcut

    fired = []
    QShortcut(QKeySequence(Qt.Key.Key_Escape), tray, lambda: fired.append(1))
    tray.setFocus()
    qtbot.keyClick(tray, "4")
    qtbot.keyClick(tray, Qt.Key.Key_Escape)
    assert tray.chips() == [] and fired == []  # cleared, and nothing else happened
    qtbot.keyClick(tray, Qt.Key.Key_Escape)
    assert fired == []  # an empty tray still keeps Escape: it never ends the drill


def _drawn(paint) -> QImage:
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(p)
    p.end()
    return image


def _chip(figure: str | None) -> QImage:
    return _drawn(lambda p: paint_chip(p, QPointF(40, 40), 30, D("0.5"), figure=figure))


def _stack() -> QImage:
    stack = ChipStackItem(D("0.5"), "€", [D("0.5")], written="")  # the chip, no amount under it

    def paint(p: QPainter) -> None:
        p.translate(40, 50)
        stack.paint(p, None)

    return _drawn(paint)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_chip_figure_is_written_as_the_language_writes_the_number(tray, lang, english_after):
    half = tray.buttons[0]
    english = (half.grab().toImage(), _stack())
    assert half.text() == "0.5" and _chip(None) == _chip("0.5")
    i18n.set_language(lang)
    tray.retranslate()
    assert half.text() == "0,5"
    # so it is drawn: on the tray's button, on a chip, on a stack on the felt
    assert _chip(None) == _chip("0,5") != _chip("0.5")
    assert half.grab().toImage() != english[0]
    assert _stack() != english[1]
