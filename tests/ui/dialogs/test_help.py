"""Help ▸ Keyboard shortcuts: made from the pages' own key tables, so every key a page binds is
listed under its page, in the trainee's language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QMenu

from ui.dialogs.help import key_name, page_keys
from ui.pages import deal, drill, home, home_plan

# a key as the list writes it, and the key sequences Qt binds for it
SPELLED = {
    "Enter": {"Return", "Enter"},
    "Space or Enter": {"Space", "Return", "Enter"},
    "Esc": {"Esc"},
    "1 – 7": set("1234567"),
    "1 – 9": set("123456789"),
    "1 – 9, 0": set("1234567890"),
    "Esc, Delete": {"Esc", "Del"},
    "Ctrl+W": {"Ctrl+W", "Ctrl+F4", "Close"},  # the platform's Close keys
}


def _keys(table) -> set[str]:
    out: set[str] = set()
    for key, _what in table:
        out |= SPELLED.get(key, {key})
    return out


def _section(title: str):
    return next(keys for t, keys in page_keys() if t == title)


def _bound(widget) -> set[str]:
    """Every key sequence a widget's shortcuts answer to."""
    return {seq.toString() for sc in widget.findChildren(QShortcut) for seq in sc.keys()} - {""}


def test_every_shortcut_a_page_binds_is_listed_under_its_page(qtbot, window):
    home_plan.make_plan_box(window.home, lambda: None, lambda: None)  # the plan, its keys
    window.open_deal()
    window.open_home_game()
    window.open_rules()
    window.open_progress()
    summary = window.summary
    pages = {
        "Home": window.home,
        "Deal a shoe, guided": window._deal,
        "The home game": window._home_game,
        "The rules book": window._rules_book,
        "The progress view": window._progress,
        "The summary": summary,
        "At the table": window.drill_page,
    }
    for title, widget in pages.items():
        bound = _bound(widget)
        assert bound, title
        listed = _keys(_section(title))
        assert bound <= listed, (title, bound - listed)


def test_the_pages_tables_are_the_ones_their_keys_are_made_from():
    assert {k for _m, _t, k, _w in home.MODES} <= _keys(_section("Home"))
    assert {home_plan.PLAN_KEY, home_plan.REVIEW_KEY} <= _keys(_section("Home"))
    listed = _keys(_section("Deal a shoe, guided"))
    for key, _what in (*deal.ACTION_KEYS.values(), *deal.AMOUNT_KEYS.values()):
        assert key in listed
    assert set(deal.PLACE_KEYS) | {deal.DEALER_KEY} <= listed
    assert {"1", "B"} <= _keys(drill.KEYS)


def test_the_chip_tray_s_keys_are_listed(qtbot):
    """The tray answers to its keys itself: each listed key does something there."""
    from decimal import Decimal

    from PySide6.QtCore import Qt

    from ui.table.chip_tray import KEYS, ChipTray

    tray = ChipTray([Decimal(1), Decimal(5)], "€")
    qtbot.addWidget(tray)
    paid = []
    tray.submitted.connect(lambda: paid.append(tray.total()))
    listed = _keys(KEYS)
    assert {"1", "2", "Esc", "Del", "Backspace", "Return"} <= listed
    qtbot.keyClicks(tray, "21")
    assert tray.total() == 6
    qtbot.keyClick(tray, Qt.Key.Key_Backspace)
    assert tray.total() == 5
    qtbot.keyClick(tray, Qt.Key.Key_Return)
    assert paid == [5]
    qtbot.keyClick(tray, Qt.Key.Key_Delete)
    assert tray.total() == 0


def test_the_letters_typed_on_one_s_own_are_the_ones_deal_mode_reads():
    from trainer.practice.deal_words import words_read

    moves = words_read("en").moves
    listed = dict(deal.OWN_KEYS)
    for word, letters in deal.OWN_LETTERS.items():
        assert moves[letters] == word, letters
        assert letters in listed


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_shortcuts_list_every_page_in_the_trainee_s_language(
    qtbot, window, lang, english_after
):
    from ui.i18n import _ as tr

    window.set_language(lang)
    seen = {}

    def read() -> None:
        dlg = QApplication.activeModalWidget()
        seen["text"] = dlg.text.text()
        dlg.reject()

    QTimer.singleShot(0, read)
    window.show_shortcuts()
    text = seen["text"]
    for title, keys in page_keys():
        assert f"<b>{tr(title)}</b>" in text or f"<b>{_esc(tr(title))}</b>" in text
        for key, what in keys:
            assert f"<code>{_esc(key_name(key))}</code>" in text
            assert _esc(tr(what)) in text
    for action in (a for m in window.menuBar().findChildren(QMenu) for a in m.actions()):
        if not action.shortcut().isEmpty():
            assert f"<code>{action.shortcut().toString()}</code>" in text


def _esc(text: str) -> str:
    from ui.style import esc

    return esc(text)


def test_the_list_names_deal_modes_keys(qtbot):
    from ui.dialogs.help import ShortcutsDialog

    dlg = ShortcutsDialog([])
    qtbot.addWidget(dlg)
    text = dlg.text.text()
    for key in "HSXPRTBICED":
        assert f"<code>{key}</code>" in text
    assert "<code>1 – 7</code>" in text and "<code>T</code>" in text
    assert QKeySequence("T").toString() == "T"
