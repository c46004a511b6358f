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
