"""The chip tray: the trainee builds a payout chip by chip, by mouse or keyboard.

One painted chip button per denomination of the table, keys 1..9 (0 for a tenth) add that chip,
Backspace takes back the last one, Escape or Delete clears, Enter hands the payout in. Escape in
the tray only ever clears it, before anything else sees it: the page's own Escape (ending the
drill) never comes from the tray, even empty, where a second press meant to clear would end the
drill (issue 24); the page's End button ends it. The tray only collects chips: whether they make
the right payout is for `trainer.game.payout` to say. A question may give a rack that lacks some
chips (`set_rack`): those are greyed out, and neither their buttons nor their keys place them.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import partial

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import N_, _, ngettext
from ui.table.chips import format_amount, format_denomination, paint_chip, ui_font
from ui.table.render_cache import paint_cached

FELT = "#17693a"
PROMPT_INK = "#f6ecd0"
_DIGIT_KEYS = [getattr(Qt.Key, f"Key_{i}") for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)]
# the tray's keys (keyPressEvent) as Help ▸ Keyboard shortcuts lists them
KEYS = (
    ("1 – 9, 0", N_("a chip (its badge shows its key)")),
    ("Backspace", N_("take back the last chip")),
    ("Esc, Delete", N_("clear the tray (it never ends the drill or the shoe)")),
    ("Enter", N_("pay what is on the tray")),
)


class ChipButton(QAbstractButton):
    """A chip to click, with its shortcut key in a small badge."""

    def __init__(
        self,
        denomination: Decimal,
        key: str,
        currency: str,
        parent: QWidget | None = None,
        size: int = 66,
    ) -> None:
        super().__init__(parent)
        self.denomination = denomination
        self.key = key
        self._size = size
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys belong to the tray
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.currency = currency
        self.in_rack = True
        self.retranslate()

    def set_in_rack(self, here: bool) -> None:
        """The chip is in the rack for this question (`here`), or greyed out and not to click."""
        self.in_rack = here
        self.setEnabled(here)
        self.retranslate()

    def retranslate(self) -> None:
        self.setText(format_denomination(self.denomination))  # "0.5", "0,5"
        amount = format_amount(self.denomination, self.currency)
        if not self.in_rack:
            tip = _("{amount}: not in the rack").format(amount=amount)
        elif self.key:
            tip = _("Add a {amount} chip (key {key})").format(amount=amount, key=self.key)
        else:
            tip = _("Add a {amount} chip").format(amount=amount)
        self.setToolTip(tip)
        self.setAccessibleName(_("{amount} chip").format(amount=amount))

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self._size, self._size)

    def enterEvent(self, event) -> None:  # noqa: N802
        super().enterEvent(event)
        self.update()

    def leaveEvent(self, event) -> None:  # noqa: N802
        super().leaveEvent(event)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        # a tray of chips appears with every payout question: each look of a button is drawn
        # once per size and screen and then reused
        state = "down" if self.isDown() else "hover" if self.underMouse() else "up"
        key = (
            "chip-button",
            self.denomination,
            self.text(),  # the figure, as the language writes it
            self.key,
            state,
            self.width(),
            self.height(),
        )
        p = QPainter(self)
        if not self.isEnabled():
            p.setOpacity(0.3)  # a tray not in use now (deal mode: a step paid otherwise)
        paint_cached(p, key, QRectF(self.rect()), partial(self._draw, state=state))
        p.end()

    def _draw(self, p: QPainter, state: str) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = min(self.width(), self.height()) / 2 - 5
        c = QPointF(self.width() / 2, self.height() / 2)
        if state == "down":
            c += QPointF(0, 1.5)
        elif state == "hover":
            p.setPen(QPen(QColor(255, 213, 74, 170), 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, r + 2.5, r + 2.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawEllipse(c + QPointF(1, 2), r, r)
        paint_chip(p, c, r, self.denomination)
        if self.key:
            side = 20 if self.width() >= 56 else 13  # a small chip keeps its value in sight
            badge = QRectF(self.width() - side - 1, 0 if side < 20 else 1, side, side)
            p.setPen(QPen(QColor("#f6ecd0"), 1.2))
            p.setBrush(QColor("#1b2a22"))
            p.drawEllipse(badge)
            p.setFont(ui_font(12 if side >= 20 else 9, bold=True))
            p.setPen(QColor("#f6ecd0"))
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, self.key)


class PlacedChips(QWidget):
    """The chips placed so far, in order, on a strip of felt."""

    RADIUS = 16.0

    def __init__(self, tray: ChipTray) -> None:
        super().__init__(tray)
        self._tray = tray
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(360, 50)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(160, 50)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        focused = self._tray.hasFocus()
        p.setPen(QPen(QColor("#ffd54a") if focused else QColor("#0a2e18"), 2 if focused else 1))
        p.setBrush(QColor(FELT))
        p.drawRoundedRect(rect, 10, 10)
        chips = self._tray.chips()
        r = min(self.RADIUS, rect.height() / 2 - 6)
        if not chips:
            p.setFont(ui_font(13, italic=True))
            p.setPen(QColor(PROMPT_INK))  # italic says it is a prompt; 5.5:1 on the felt
            n = len(self._tray.denominations)
            if n > 1:
                prompt = _("Click a chip or press keys 1–{last} to pay").format(last=min(n, 9))
            else:
                prompt = _("Click a chip or press key 1 to pay")
            # on two lines when the strip is narrow (the panel beside a small table)
            p.drawText(
                rect.adjusted(8, 0, -8, 0),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                prompt,
            )
            p.end()
            return
        left, right = rect.left() + 8 + r, rect.right() - 8 - r
        step = 2 * r + 3
        if len(chips) > 1 and step * (len(chips) - 1) > right - left:
            step = max(r * 0.35, (right - left) / (len(chips) - 1))
        shown = chips
        if step * (len(chips) - 1) > right - left:
            # more than the strip can show: the last ones, which Backspace takes back first
            fit = int((right - left) / step) + 1
            shown = chips[-fit:]
        y = rect.center().y()
        for i, d in enumerate(shown):
            paint_chip(p, QPointF(left + i * step, y), r, d)
        p.end()


class ChipTray(QWidget):
    """Build a payout from the table's chips. `chips()` is what was placed, in order."""

    changed = Signal()
    submitted = Signal()

    def __init__(
        self,
        denominations: Sequence[Decimal],
        currency: str = "€",
        parent: QWidget | None = None,
        *,
        chip_size: int = 66,
    ) -> None:
        """`chip_size`: the chip buttons' side in pixels (smaller for a tray in a side panel)."""
        super().__init__(parent)
        self.denominations = [Decimal(d) for d in denominations]
        self.currency = currency
        self._chips: list[Decimal] = []
        self._rack: set[Decimal] | None = None  # the chips to hand for this question (all: None)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(_("Chip tray"))

        self.buttons: list[ChipButton] = []
        chip_row = QHBoxLayout()
        chip_row.setSpacing(6)
        for i, d in enumerate(self.denominations):
            key = str((i + 1) % 10) if i < len(_DIGIT_KEYS) else ""
            b = ChipButton(d, key, currency, self, chip_size)
            b.clicked.connect(lambda _=False, d=d: self._clicked(d))
            chip_row.addWidget(b)
            self.buttons.append(b)
        chip_row.addStretch(1)

        self.placed = PlacedChips(self)
        self.total_label = QLabel(self)
        # as wide as its words, no wider (`_refresh`): a side panel of 300 pixels holds the
        # placed chips' 160 and "Total €0" whole
        self.total_label.setFont(ui_font(18, bold=True))
        self.total_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.count_label = QLabel(self)
        self.count_label.setFont(ui_font(12))
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)

        self.undo_button = self._small_button()
        self.undo_button.clicked.connect(self.remove_last)
        self.clear_button = self._small_button()
        self.clear_button.clicked.connect(self.clear)
        self.pay_button = self._small_button()
        self.pay_button.clicked.connect(self.submitted)
        self._texts()

        placed_row = QHBoxLayout()
        placed_row.addWidget(self.placed, 1)
        totals = QVBoxLayout()
        totals.setSpacing(0)
        totals.addWidget(self.total_label)
        totals.addWidget(self.count_label)
        placed_row.addLayout(totals)
        actions = QHBoxLayout()
        actions.addStretch(1)
        for action in (self.undo_button, self.clear_button, self.pay_button):
            actions.addWidget(action)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addLayout(chip_row)
        layout.addLayout(placed_row)
        layout.addLayout(actions)
        self._refresh()

    def _small_button(self) -> QPushButton:
        b = QPushButton(self)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        return b

    def _texts(self) -> None:
        for button, text, tip in (
            (self.undo_button, _("Undo (⌫)"), _("Take back the last chip (Backspace)")),
            (self.clear_button, _("Clear (Esc)"), _("Clear the payout (Escape or Delete)")),
            (self.pay_button, _("Pay (Enter)"), _("Hand the payout in (Enter)")),
        ):
            button.setText(text)
            button.setToolTip(tip)

    def retranslate(self) -> None:
        """The tray's words in the new language; the chips placed stay."""
        self.setAccessibleName(_("Chip tray"))
        self._texts()
        for b in self.buttons:
            b.retranslate()
        self._refresh()

    # -- the payout -------------------------------------------------------------------------

    def chips(self) -> list[Decimal]:
        return list(self._chips)

    def set_rack(self, rack: Sequence[Decimal] | None) -> None:
        """The chips the rack holds for this question (None: every chip of the table): the
        others are greyed out, their buttons and keys give nothing (a conversion: the rack
        lacks a colour). The keys of the others stay theirs."""
        here = None if rack is None else {Decimal(d) for d in rack}
        self._rack = here
        for b in self.buttons:
            b.set_in_rack(here is None or b.denomination in here)

    def in_rack(self, denomination: Decimal) -> bool:
        return self._rack is None or Decimal(denomination) in self._rack

    def total(self) -> Decimal:
        return sum(self._chips, Decimal(0))

    def add(self, denomination: Decimal) -> None:
        """Place a chip; one the rack has not for this question is not placed."""
        if not self.in_rack(denomination):
            return
        self._chips.append(Decimal(denomination))
        self._refresh()
        self.changed.emit()

    def remove_last(self) -> None:
        if self._chips:
            self._chips.pop()
            self._refresh()
            self.changed.emit()

    def clear(self) -> None:
        if self._chips:
            self._chips.clear()
            self._refresh()
            self.changed.emit()

    def _clicked(self, denomination: Decimal) -> None:
        self.setFocus(Qt.FocusReason.OtherFocusReason)  # so the keys work right after a click
        self.add(denomination)

    def _refresh(self) -> None:
        self.total_label.setText(
            _("Total {amount}").format(amount=format_amount(self.total(), self.currency))
        )
        self.total_label.setMinimumWidth(self.total_label.sizeHint().width())
        n = len(self._chips)
        self.count_label.setText(
            ngettext("{count} chip", "{count} chips", n).format(count=n) if n else ""
        )
        self.undo_button.setEnabled(bool(self._chips))
        self.clear_button.setEnabled(bool(self._chips))
        self.placed.update()

    # -- keyboard ---------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Qt offers a key to the window's shortcuts before the widget: Escape in the tray is the
        # tray's (it clears, empty or not), never the drill page's (which would end the drill).
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Delete)
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        # Shift is allowed: on a French keyboard the digits are shifted keys.
        chord = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        if key in _DIGIT_KEYS and not event.modifiers() & (
            chord | Qt.KeyboardModifier.MetaModifier
        ):
            i = _DIGIT_KEYS.index(key)
            if i < len(self.denominations):
                self.add(self.denominations[i])  # nothing for a chip not in the rack
                event.accept()
                return
        elif key == Qt.Key.Key_Backspace:
            self.remove_last()
            event.accept()
            return
        elif key in (Qt.Key.Key_Escape, Qt.Key.Key_Delete):
            self.clear()
            event.accept()
            return
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            self.submitted.emit()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.placed.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.placed.update()
