"""The home game page as a trainee uses it: set up the table, keep the score sheet from the
keyboard, see each entry judged and stored, end the game on its winner."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from trainer.history.store import Store
from trainer.practice.home_score import SKILL
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.pages.home_game import CHIPS_COL, NET_COL, HomeGamePage


@pytest.fixture
def page(qtbot, store):
    p = HomeGamePage(store, "ana")
    qtbot.addWidget(p)
    p.resize(1280, 800)
    p.show()
    qtbot.waitExposed(p)
    p.new_game()
    return p


def _type(qtbot, widget, text: str) -> None:
    widget.clear()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def test_a_round_kept_right_from_the_keyboard(qtbot, page, store):
    page.setup.players.setValue(3)
    page.setup.seed.setText("21")
    qtbot.keyClick(page.setup.seed, Qt.Key.Key_Return)
    sheet = page.sheet
    assert sheet is not None and page.stack.currentWidget() is page._play
    played = sheet.current
    assert played is not None and played.number == 1
    # the round is on the felt: the boxes the players sit at have their cards
    drawn = page.table.table_scene().drawing
    assert drawn is not None
    expected = [(e.player, e.field, e.expected) for e in sheet.pending]
    assert len(expected) == 6
    for player, field, value in expected:
        assert page.entry.hasFocus() and player in page.prompt.text()
        text = (f"+{value}" if value > 0 else str(value)) if field == "net" else str(value)
        _type(qtbot, page.entry, text)
        cell = page.grid.item(page._row[player], NET_COL if field == "net" else CHIPS_COL)
        assert cell.text().startswith("✓")
    assert sheet.right == 6 and sheet.wrong == 0
    # every entry was stored the moment it was typed
    [session] = store.sessions("ana")
    assert (session.mode, session.skills, session.attempts, session.correct) == (
        "home",
        (SKILL,),
        6,
        6,
    )
    # Enter deals the next round
    assert page.next_button.isEnabled()
    qtbot.keyClick(page.next_button, Qt.Key.Key_Return)
    assert sheet.current is not None and sheet.current.number == 2


def test_a_wrong_entry_shows_the_right_figure_and_the_rule(qtbot, page):
    page.setup.seed.setText("3")
    qtbot.keyClick(page.setup.seed, Qt.Key.Key_Return)
    sheet = page.sheet
    entry = sheet.pending[0]
    wrong = entry.expected + 7
    _type(qtbot, page.entry, str(wrong))
    cell = page.grid.item(page._row[entry.player], NET_COL)
    assert cell.text().startswith("✗") and "→" in cell.text()
    assert "[004]" in page.feedback.text() or "sign" in page.feedback.text()
    assert sheet.wrong == 1


def test_unreadable_entries_are_asked_again_and_not_stored(qtbot, page, store):
    page.setup.seed.setText("4")
    qtbot.keyClick(page.setup.seed, Qt.Key.Key_Return)
    before = len(page.sheet.pending)
    _type(qtbot, page.entry, "lots")
    assert len(page.sheet.pending) == before
    assert page.feedback.text().startswith("?")
    assert store.sessions("ana")[0].attempts == 0


def test_a_bad_setup_says_why_in_the_form(qtbot, page):
    page.setup.names.setText("Léa, Léa, Hugo, Emma")
    qtbot.keyClick(page.setup.names, Qt.Key.Key_Return)
    assert page.sheet is None
    assert "two players are called" in page.setup.message.text().lower()


def test_esc_ends_the_game_on_its_winner(qtbot, page, store):
    page.setup.seed.setText("8")
    qtbot.keyClick(page.setup.seed, Qt.Key.Key_Return)
    game = page.sheet.game
    qtbot.keyClick(page.entry, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page._end
    winners = game.winners()
    assert all(w in page.over.text() for w in winners)
    assert store.sessions("ana")[0].ended is not None


def test_the_menu_opens_the_home_game_for_the_current_profile(qtbot, tmp_path):
    settings = Settings.load(tmp_path / "settings.json")
    with Store.open(tmp_path / "h.sqlite3") as store:
        w = MainWindow(settings, store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        w.open_home_game()
        page = w.pages.currentWidget()
        assert isinstance(page, HomeGamePage)
        assert page._profile == settings.prefs.profile
        w.activateWindow()
        qtbot.waitUntil(page.setup.names.hasFocus)
        qtbot.keyClick(page.setup.names, Qt.Key.Key_Escape)
        assert w.pages.currentWidget() is w.home
        w.close()
