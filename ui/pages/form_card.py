"""A page laid out as a card a person reads at once: its title, what it says, and the buttons that
go on, in a framed box of a reading width near the top of the page — never one field stretched
across a wide window with the button lost below it, nor a few lines of small text in a corner of
an empty page. Deal mode's and the home game's set-up forms; the ends of a drill, of a shoe and of
a home game (a long text scrolls inside the card, `CardText`, the buttons staying at its foot)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

# the card's width at most, in pixels: the intro's lines read at a glance, the fields as wide as
# what they hold (a text field takes the card's width, a number or a choice its own)
CARD_WIDTH = 640
# a summary's card: its table of figures and an exam's answers one a line, still read at a glance
SUMMARY_WIDTH = 760


def form_card(
    page: QWidget,
    parts: Sequence[QWidget | QLayout],
    buttons: QPushButton | Sequence[QPushButton],
    *,
    width: int = CARD_WIDTH,
) -> QFrame:
    """`parts` (a title, an intro, a QFormLayout, a message, a `CardText`) and `buttons` on a
    card in `page`, the buttons at the card's foot on the right, as a dialog has them (the last
    one the rightmost: the one that goes on). The card."""
    card = QFrame()
    card.setObjectName("formCard")
    card.setFrameShape(QFrame.Shape.StyledPanel)
    card.setMaximumWidth(width)
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
    for button in [buttons] if isinstance(buttons, QPushButton) else buttons:
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


class CardText(QScrollArea):
    """A card's text (a QLabel that wraps): as tall as the text at the card's width, so that the
    card ends where the text does; scrolled inside the card when it is taller than the page (an
    exam's answers one by one), the card's buttons staying in view."""

    def __init__(self, body: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # as tall as its text, no taller (the page's foot takes the rest), and shorter if it must
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:  # noqa: N802
        body = self.widget()
        width = max(self.viewport().width(), 200)
        high = body.heightForWidth(width) if body.hasHeightForWidth() else body.sizeHint().height()
        margins = self.contentsMargins()
        return QSize(super().sizeHint().width(), high + margins.top() + margins.bottom())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(super().minimumSizeHint().width(), self.fontMetrics().lineSpacing() * 4)

    def refit(self) -> None:
        """A new text: the card as tall as it now is (a label's new text does not reach the
        card's layout through the scroll area by itself)."""
        self.updateGeometry()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the text wraps anew: its height with it
