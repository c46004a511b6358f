"""The rules book in the app and the Help menu: a feedback's citation opens the rule it cites,
F1 opens the Rules window (on the rule of the question at hand), the table's house-rule choices
are marked, the original sentence is shown with its source, the glossary is there; the keyboard
shortcuts, and About with the data folder one button away."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt, QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu

import trainer
from tests.ui.pages.test_drill import _answer
from trainer.game.rules import HouseRules
from trainer.practice.drill import Drill
from trainer.practice.skills import SKILLS
from ui.dialogs.rules_book import RulesBook

FR = HouseRules.from_spec("casino-fr")


@pytest.fixture
def book(qtbot):
    b = RulesBook(FR)
    qtbot.addWidget(b)
    b.show()
    qtbot.waitExposed(b)
    return b


def _page(book: RulesBook) -> str:
    return book.page.toPlainText()


def test_open_rule_shows_the_rule_its_words_and_the_original_sentence(book):
    assert book.open_rule("9.blackjack", "000")
    assert book.tag == "§9" and book.highlighted() == "9.blackjack"
    text = _page(book)
    assert "A Black Jack is paid 3 to 2: a bet of 10 gets 15" in text
    # the French original, with its source, the cited one pointed at
    assert "▶ « Le croupier paie directement le Black-Jack, 1 fois et demie la mise" in text
    assert "[000] French casino procedure, the original in French" in text
    assert book.contents.currentItem().text(0) == "A Black Jack"


def test_an_italian_original_and_a_house_practice(book):
    book.open_rule("10.others")
    text = _page(book)
    assert "tutti gli altri giocatori" in text and "the original in Italian" in text
    assert "House practice (Sabot's choice)" in text


def test_the_current_table_s_choices_are_marked(qtbot):
    it = RulesBook(HouseRules.from_spec("casino-it"))
    qtbot.addWidget(it)
    it.open_rule("7.split")
    text = _page(it)
    assert "◆ two cards of the same value: any two ten-values too" in text
    assert "this table · casino-it" in text
    assert "casino-it" in it.table_line.text()
    # another table: the mark moves
    it.set_rules(FR)
    text = _page(it)
    assert "◆ two cards of the same rank" in text and "◆ two cards of the same value" not in text


def test_sections_sources_and_the_glossary(book):
    assert book.open_rule("§6") and book.tag == "§6" and book.highlighted() is None
    assert "Insurance" in _page(book)
    assert book.open_rule("[003]") and book.tag == "sources" and book.highlighted() == "003"
    assert "[003] Italian casino rules" in _page(book) and "Written in Italian" in _page(book)
    assert book.open_rule("glossary")
    text = _page(book)
    assert "§13 The table's words" in text and "“bûche”" in text and "“sballato”" in text
    assert not book.open_rule("99.nothing") and book.tag == "contents"


def test_links_on_a_page_open_other_pages(qtbot, book):
    book.open_rule("9.win")
    book.page.anchorClicked.emit(QUrl("rule:000"))
    assert book.tag == "sources" and book.highlighted() == "000"
    book.page.anchorClicked.emit(QUrl("rule:9.win@000"))
    assert book.highlighted() == "9.win"


def test_the_contents_open_a_rule_and_the_filter_finds_words(qtbot, book):
    item = book._items["8.dealer"]
    book.contents.scrollToItem(item)
    rect = book.contents.visualItemRect(item)
    qtbot.mouseClick(book.contents.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert book.highlighted() == "8.dealer" and "soft 17 included" in _page(book)
    qtbot.keyClicks(book.filter, "sballano")  # the Italian word, in a quote
    visible = [t for t, i in book._items.items() if not i.isHidden() and "." in t]
    assert visible and all(t.startswith("1.") for t in visible)
    assert "1.bust" in visible
    book.filter.clear()
    assert not book._items["9.win"].isHidden()


def test_a_feedback_citation_opens_the_rule_it_cites(qtbot, window):
    window.home.select(["pay-even"])
    qtbot.keyClick(window.home.table, Qt.Key.Key_P)
    page = window.drill_page
    _answer(qtbot, page, right=False)
    html = page.feedback.text()
    assert "<a href='rule:9.win@000'>[000]</a>" in html
    page.feedback.linkActivated.emit("rule:9.win@000")  # the trainee clicks "[000]"
    book = window._rules_book
    assert book.isVisible() and book.highlighted() == "9.win"
    assert "▶ « S'il fait un point, entre 17 et 21" in _page(book)
    book.close()


def test_f1_opens_the_rules_on_the_question_at_hand(qtbot, window):
    window.home.select(["announce"])
    qtbot.keyClick(window.home.table, Qt.Key.Key_P)
    q = window.drill_page.question
    qtbot.keyClick(window.drill_page.line, Qt.Key.Key_F1)
    book = window._rules_book
    assert book is not None and book.isVisible()
    from trainer.game.rulebook import load

    assert book.highlighted() == load().rule_for(q.skill, q.item).tag
    assert book.highlighted().startswith("2.")
    book.close()


def test_f1_on_home_opens_the_book(qtbot, window):
    qtbot.keyClick(window.home.table, Qt.Key.Key_F1)
    assert window._rules_book.isVisible() and window._rules_book.tag == "contents"
    window._rules_book.close()


def test_the_help_menu(window):
    menus = {m.text(): m.menu() for m in window.menuBar().actions()}
    actions = {a.text(): a for a in menus["&Help"].actions() if not a.isSeparator()}
    assert list(actions) == ["&Welcome", "&Rules book", "&Keyboard shortcuts", "&About Sabot"]
    assert actions["&Rules book"].shortcut().toString() == "F1"


def test_the_keyboard_shortcuts_list_the_menus_keys_and_the_pages(qtbot, window):
    seen = {}

    def read() -> None:
        dlg = QApplication.activeModalWidget()
        seen["text"] = dlg.text.text()
        dlg.reject()

    QTimer.singleShot(0, read)
    window.show_shortcuts()
    text = seen["text"]
    for key, what in (("F1", "Rules book"), ("Ctrl+P", "Progress"), ("Ctrl+H", "Home")):
        assert f"<code>{key}</code>&nbsp;&nbsp;</td><td>{what}" in text
    assert "Esc twice" in text


@pytest.mark.parametrize("room", [QRect(0, 0, 1024, 600), QRect(0, 0, 800, 300)])
def test_the_keyboard_shortcuts_fit_a_small_screen(qtbot, window, room):
    # the list is taller than a 1024×600 screen leaves room for: it scrolls, and the dialog,
    # its Close button with it, stays within the screen
    from ui.dialogs.help import ShortcutsDialog

    actions = [a for menu in window.menuBar().findChildren(QMenu) for a in menu.actions()]
    dlg = ShortcutsDialog(actions, window, room=room)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.height() <= room.height() - 60 and dlg.width() <= room.width() - 40
    buttons = dlg.findChild(QDialogButtonBox)
    close = buttons.button(QDialogButtonBox.StandardButton.Close)
    assert close.isVisible() and dlg.rect().contains(close.geometry().translated(buttons.pos()))
    if dlg.text.sizeHint().height() > dlg.scroller.viewport().height():
        assert dlg.scroller.verticalScrollBar().maximum() > 0  # the rest is a scroll away
    else:
        assert dlg.height() >= dlg.text.sizeHint().height()  # no scrolling where it fits
    dlg.reject()


def test_about_says_the_version_the_licence_and_where_the_data_lives(qtbot, window, monkeypatch):
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    seen = {}

    def read() -> None:
        dlg = window._about
        seen["text"] = dlg.text.text()
        qtbot.mouseClick(dlg.open_folder, Qt.MouseButton.LeftButton)
        dlg.reject()

    QTimer.singleShot(0, read)
    window.show_about()
    text = seen["text"]
    assert f"Sabot {trainer.__version__}" in text and "Licence: <b>MIT</b>" in text
    assert str(window.store.path) in text and str(window.settings.path) in text
    assert opened == [QUrl.fromLocalFile(str(window.store.path.parent))]


def test_a_practice_s_verdict_links_to_the_rules_but_an_exam_shows_none(qtbot, window):
    drill = Drill([SKILLS["pay-even"]], FR, mode="exam", seed=1)
    page = window.drill_page
    page.start(drill)
    _answer(qtbot, page, right=False)
    assert "rule:" not in page.feedback.text()


def test_the_book_in_french_shows_french_words_and_the_original_sentence(qtbot, window):
    window.set_language("fr")
    qtbot.keyClick(window, Qt.Key.Key_F1)
    book = window._rules_book
    qtbot.waitUntil(lambda: book.isVisible())
    assert book.open_rule("9.blackjack", "000")
    text = _page(book)
    assert "§9 Le paiement" in text
    assert "Un Black Jack est payé 3 pour 2 : une mise de 10 reçoit 15" in text
    # the French original as the source writes it, and its source named in French
    assert "▶ « Le croupier paie directement le Black-Jack, 1 fois et demie la mise" in text
    assert "Procédure des casinos français" in text
    assert book.contents.currentItem().text(0) == "Un Black Jack"
    # the Italian original stays Italian; the house practice is said in French
    book.open_rule("10.others")
    assert "tutti gli altri giocatori" in _page(book)
    assert "Puis aux autres" in _page(book)
    # the glossary's meanings in French, beside the table's words of each language
    book.open_rule("glossary")
    assert "dépasser 21" in _page(book) and "sballato" in _page(book)
    # the filter finds French words
    qtbot.keyClicks(book.filter, "assurance")
    assert any("assurance" in i.text(0).lower() for i in book._items.values() if not i.isHidden())

    # switched back, the open book reads English again, open where it was
    window.set_language("en")
    assert book.tag == "glossary"
    assert "The table's words" in _page(book) and "dépasser 21" not in _page(book)
    assert book.contents.topLevelItem(0).text(0).endswith("Cards and points")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_sections_titles_are_whole_in_french_and_italian(qtbot, lang):
    # "§11 Règles de la maison et prérégla…" was cut in a contents sized for English
    from trainer import i18n

    i18n.set_language(lang)
    try:
        book = RulesBook(FR)
        qtbot.addWidget(book)
        book.resize(980, 540)  # as on a 1024×600 screen
        book.show()
        qtbot.waitExposed(book)
        tree = book.contents
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            shown = tree.visualItemRect(item)
            need = tree.fontMetrics().horizontalAdvance(item.text(0))
            assert shown.left() + need <= tree.viewport().width(), item.text(0)
        english_width = tree.width()
        i18n.set_language("en")
        book.retranslate()
        assert tree.width() <= english_width  # the page gets the room back
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_rule_s_heading_is_its_title_without_its_tag(qtbot, lang):
    """The tags ("2.hard") are the links' anchors, never a reader's words."""
    from trainer.game.rulebook import load, text
    from trainer.i18n import language, set_language

    before = language()
    set_language(lang)
    try:
        b = RulesBook(FR)
        qtbot.addWidget(b)
        for section in load().sections:
            b.open_rule(section.tag)
            lines = _page(b).splitlines()
            for r in section.rules:
                assert text(r.title, lang) in lines, (r.tag, lang)
                assert r.tag not in _page(b), (r.tag, lang)
    finally:
        set_language(before)
