"""The editor of one house-rule option (`OptionEditor`): its label, a widget of the kind its
values call for (`editor_kind`: a check box, a spin box, a list of choices, or a text field) and
a button back to the preset's value.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QWidget,
)

from trainer.game.rules import Option
from ui.dialogs.rules_words import choice_text, display
from ui.i18n import _


def editor_kind(option: Option) -> tuple[str, Any]:
    """Which editor an option gets, read from how the registry writes its values."""
    values = option.values.strip()
    if values == "true | false":
        return "bool", None
    if m := re.fullmatch(r"(\d+)\s*-\s*(\d+)", values):
        return "int", (int(m[1]), int(m[2]))
    choices = [v.strip() for v in values.split("|")]
    if "amount" in choices:
        return "amount", "none" in choices  # whether the amount may be left empty
    if "list" in values:
        return "chips", None
    if len(choices) > 1:
        return "choice", choices
    return "text", None


class OptionEditor(QObject):
    """One house-rule option: its label, its editor and a button back to the preset's value."""

    edited = Signal()

    def __init__(self, option: Option, label: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.option = option
        self.name = option.name
        self.kind, self.detail = editor_kind(option)
        self._preset_value: Any = None
        self._preset_name = ""

        self.label = QLabel(label + ":", parent)
        text = label.replace("&", "")
        self.widget = self._make_widget(parent)
        self.widget.setObjectName(f"option_{option.name}")
        self.widget.setAccessibleName(text)
        self.label.setBuddy(self.widget)
        self.revert = QToolButton(parent)
        self.revert.setText("↺")
        self.revert.setAutoRaise(True)
        font = self.revert.font()
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)  # the arrow is small in most fonts
            self.revert.setFont(font)
        self.revert.clicked.connect(self.back_to_preset)
        # Hidden until the option is changed, keeping its place so the form does not jump.
        policy = self.revert.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.revert.setSizePolicy(policy)
        self.revert.hide()

    def _make_widget(self, parent: QWidget) -> QWidget:
        w: QWidget
        if self.kind == "bool":
            w = QCheckBox(parent)
            w.toggled.connect(self.edited)
        elif self.kind == "int":
            w = QSpinBox(parent)
            w.setRange(*self.detail)
            w.valueChanged.connect(self.edited)
        elif self.kind == "choice":
            w = QComboBox(parent)
            for value in self.detail:
                w.addItem(choice_text(self.name, value), value)
                tip = _("{value} on the command line (--option {name}={value})").format(
                    value=value, name=self.name
                )
                w.setItemData(w.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
            w.currentIndexChanged.connect(self.edited)
        else:
            w = QLineEdit(parent)
            if self.kind == "amount" and self.detail:
                w.setPlaceholderText(_("none"))
            elif self.kind == "chips":
                w.setPlaceholderText("1 2 5 10 25 100 500")
            # Wide enough for the usual chips, or an amount like 10000.00, without scrolling.
            sample = "1 2 5 10 25 100 500 1000" if self.kind == "chips" else "10000.00"
            w.setMinimumWidth(w.fontMetrics().horizontalAdvance(sample) + 24)
            w.textChanged.connect(self.edited)
        return w

    def set_value(self, value: Any) -> None:
        """Show `value`: a text field shows it as the trainee reads it (`display`)."""
        if isinstance(self.widget, QLineEdit):
            value = "" if value is None else display(value)
        hold_in(self.widget, value)

    def raw(self) -> Any:
        """What the editor holds, as `HouseRules.from_spec` takes it."""
        held = held_in(self.widget)
        if not isinstance(self.widget, QLineEdit):
            return held
        text = held.strip()
        if self.kind == "chips":
            return text.replace(",", " ")
        if self.kind == "amount" and self.detail and not text:
            return None
        return text

    def set_preset(self, preset: str, value: Any) -> None:
        self._preset_name, self._preset_value = preset, value
        # The option's own name too: the rules' messages use it ("max_hands must be 1").
        tip = f"{self.option.doc} ({self.name})\n{preset}: {display(value)}"
        self.label.setToolTip(tip)
        self.widget.setToolTip(tip)
        self.revert.setToolTip(
            _("Back to the {preset} value: {value}").format(preset=preset, value=display(value))
        )
        self.revert.setAccessibleName(
            _("Back to the {preset} value of {option}").format(preset=preset, option=self.name)
        )

    def back_to_preset(self) -> None:
        self.set_value(self._preset_value)
        self.widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def is_changed(self) -> bool:
        try:
            return self.option.convert(self.name, self.raw()) != self._preset_value
        except (ValueError, ArithmeticError, TypeError):
            return True  # not even a value: certainly not the preset's

    def show_changed(self) -> None:
        changed = self.is_changed()
        font = self.label.font()
        font.setBold(changed)
        self.label.setFont(font)
        self.revert.setVisible(changed)


# -- the dialog ----------------------------------------------------------------------------------


def held_in(w: QWidget) -> Any:
    """What an option's editor holds, as typed (a text as it stands, even one that is no
    value yet)."""
    if isinstance(w, QCheckBox):
        return w.isChecked()
    if isinstance(w, QSpinBox):
        return w.value()
    if isinstance(w, QComboBox):
        return w.currentData()
    assert isinstance(w, QLineEdit)
    return w.text()


def hold_in(w: QWidget, held: Any) -> None:
    """Give an option's editor back what it held (`held_in`)."""
    if isinstance(w, QCheckBox):
        w.setChecked(bool(held))
    elif isinstance(w, QSpinBox):
        w.setValue(int(held))
    elif isinstance(w, QComboBox):
        w.setCurrentIndex(max(0, w.findData(held)))
    elif isinstance(w, QLineEdit):
        w.setText(str(held))
