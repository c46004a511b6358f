"""The set-up forms of deal mode and the home game: a card read at once at 1024×600, in each
language — every field as wide as what it holds, the button at the card's foot, nothing cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox

from ui.pages.form_card import CARD_WIDTH


def _within(outer: QRect, widget, frame) -> bool:
    box = QRect(widget.mapTo(frame, QPoint(0, 0)), widget.size())
    return outer.contains(box)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("which", ["deal", "home game"])
def test_a_set_up_form_is_a_card_read_at_once(qtbot, window, lang, which, english_after):
    window.set_language(lang)
    window.resize(1024, 600)
    if which == "deal":
        window.open_deal()
        form = window._deal.setup
    else:
        window.open_home_game()
        form = window._home_game.setup
    qtbot.waitUntil(form.isVisible)
    qtbot.waitUntil(lambda: form.card.width() > 100)
    card = form.card
    assert form.rect().contains(card.geometry())  # the whole card on the page, button and all
    assert card.width() <= CARD_WIDTH and card.geometry().top() < form.height() // 4
    inside = card.rect()
    for w in (
        w
        for kind in (QSpinBox, QComboBox, QLineEdit, QPushButton, QLabel)
        for w in card.findChildren(kind)
    ):
        if w.isVisible():
            assert _within(inside, w, card), (w, w.geometry())
    for spin in card.findChildren(QSpinBox):
        assert spin.width() < card.width() / 3  # a number is not stretched across the page
    for combo in card.findChildren(QComboBox):
        assert combo.width() >= combo.sizeHint().width() - 1  # each choice read whole
    for label in card.findChildren(QLabel):
        if label.isVisible() and not label.wordWrap() and label.text():
            assert label.width() >= label.sizeHint().width(), label.text()
    go = next(b for b in card.findChildren(QPushButton) if b.isVisible())
    assert go.width() >= go.sizeHint().width()  # its words whole
    bottom = go.mapTo(form, QPoint(0, go.height())).y()
    assert bottom < form.height()


# -- the summaries: the end of a drill, of an exam, of a shoe and of a home game ------------------


def _a_drill_summary(window, exam: bool):
    """A drill answered to its end, a wrong answer among them, shown on the summary page."""
    from trainer.game.rules import HouseRules
    from trainer.practice.drill import Drill
    from trainer.practice.skills import SKILLS

    rules = HouseRules.from_spec("casino-fr")
    skills = [SKILLS[n] for n in ("pay-even", "announce", "pay-split")]
    drill = Drill(
        skills, rules, count=28 if exam else 6, mode="exam" if exam else "practice", seed=4
    )
    wrong = False
    while (q := drill.next_question()) is not None:
        if q.skill == "announce" and not wrong:  # one wrong answer, to work on
            wrong = True
            drill.answer("bust" if q.expected != "bust" else "12", 2600)
        else:
            drill.answer(q.expected, 1500)
    window.pages.setCurrentWidget(window.summary)
    window.summary.show_summary(drill.finish(), rules=rules)
    return window.summary, window.summary.card


def _deal_report(window, exam: bool):
    window.open_deal()
    deal = window._deal
    deal.setup.submit()
    deal.end_shoe()
    return deal, deal.report_card


def _home_game_over(window, exam: bool):
    window.open_home_game()
    game = window._home_game
    game.setup.submit()
    game.end_game()
    return game, game.over_card


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize(
    "which, exam",
    [("drill", False), ("drill", True), ("deal", False), ("home game", False)],
)
def test_a_summary_is_a_card_read_at_once(qtbot, window, lang, which, exam, english_after):
    """At 1024×600: the summary on a card near the top of the page, as tall as what it says (not
    a corner of an empty page, nor a card stretched empty), its buttons at its foot in view; a
    long exam scrolls inside the card, the buttons staying."""
    from PySide6.QtWidgets import QScrollArea

    from ui.pages.form_card import SUMMARY_WIDTH

    window.set_language(lang)
    window.resize(1024, 600)
    make = {"drill": _a_drill_summary, "deal": _deal_report, "home game": _home_game_over}
    page, card = make[which](window, exam)
    qtbot.waitUntil(card.isVisible)
    qtbot.waitUntil(lambda: card.width() > 100)
    qtbot.wait(50)  # the text's height at the card's width
    assert page.rect().contains(card.geometry()), (card.geometry(), page.rect())
    assert card.geometry().top() < page.height() // 4
    assert page.width() * 0.6 < card.width() <= SUMMARY_WIDTH  # a reading width, not a corner
    inside = card.rect()
    for w in (w for kind in (QPushButton, QLabel) for w in card.findChildren(kind)):
        if w.isVisible() and not any(s.isAncestorOf(w) for s in card.findChildren(QScrollArea)):
            assert _within(inside, w, card), (w, w.geometry())
    for label in card.findChildren(QLabel):
        if label.isVisible() and not label.wordWrap() and label.text():
            assert label.width() >= label.sizeHint().width(), label.text()
    for button in (b for b in card.findChildren(QPushButton) if b.isVisible()):
        assert button.width() >= button.sizeHint().width()  # its words whole
        assert button.mapTo(page, QPoint(0, button.height())).y() < page.height()
    scrollers = [s for s in card.findChildren(QScrollArea) if s.isVisible()]
    if exam:  # the answers one by one: the card takes the page, its text scrolls
        assert card.height() > page.height() * 0.7
        assert scrollers and scrollers[0].verticalScrollBar().maximum() > 0
    else:  # all of it read at once: nothing to scroll, and the card ends where its text does
        for scroller in scrollers:
            assert scroller.verticalScrollBar().maximum() == 0
            body = scroller.widget()
            assert scroller.height() <= body.heightForWidth(body.width()) + 4
        assert card.geometry().bottom() < page.height() - 20


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", ["None", "Rare — about one round in 12", "Frequent — about one round in 3"]),
        ("fr", ["Aucun", "Rares — environ un coup sur 12", "Fréquents — environ un coup sur 3"]),
        ("it", ["Nessuno", "Rari — circa un colpo su 12", "Frequenti — circa un colpo su 3"]),
    ],
)
def test_the_incidents_are_offered_in_words(qtbot, window, lang, words, english_after):
    """Deal mode's Incidents: how often, in the language — never the code's "off", "rare"."""
    window.set_language(lang)
    window.open_deal()
    combo = window._deal.setup.incidents
    assert [combo.itemText(i) for i in range(combo.count())] == words
    assert [combo.itemData(i) for i in range(combo.count())] == ["off", "rare", "frequent"]
