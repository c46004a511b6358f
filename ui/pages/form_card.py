"""A page's set-up form laid out as a card a person reads at once: its title, what it is, its
fields and the button that starts, in a framed box of a reading width near the top of the page
— never one field stretched across a wide window with the button lost below it. Deal mode's
and the home game's set-up forms."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

# the card's width at most, in pixels: the intro's lines read at a glance, the fields as wide as
# what they hold (a text field takes the card's width, a number or a choice its own)
CARD_WIDTH = 640


def form_card(page: QWidget, parts: Sequence[QWidget | QLayout], button: QPushButton) -> QFrame:
    """`parts` (a title, an intro, a QFormLayout, a message) and `button` on a card in `page`,
    the button at the card's foot on the right, as a dialog has it. The card."""
    card = QFrame()
    card.setObjectName("formCard")
    card.setFrameShape(QFrame.Shape.StyledPanel)
    card.setMaximumWidth(CARD_WIDTH)
    inner = QVBoxLayout(card)
    inner.setContentsMargins(20, 16, 20, 16)
    inner.setSpacing(10)
    for part in parts:
        if isinstance(part, QFormLayout):
            # a field as wide as what it holds; a text field the card's width
            part.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        if isinstance(part, QLayout):
            inner.addLayout(part)
        else:
            inner.addWidget(part)
    foot = QHBoxLayout()
    foot.addStretch(1)
    foot.addWidget(button)
    inner.addLayout(foot)
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(card, 100)
    row.addStretch(1)
    outer = QVBoxLayout(page)
    outer.addSpacing(12)
    outer.addLayout(row)
    outer.addStretch(1)
    return card
