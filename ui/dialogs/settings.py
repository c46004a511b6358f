"""The settings dialog: house rules, the table (currency, chip payments, the view of the table,
reading the bet), profiles and theme.

The dialog edits a copy: nothing reaches `Settings` until OK, which validates the house rules
through `Settings.set_rules` (the domain decides what is possible, the dialog only shows its
sentence), saves the file and emits `applied`. Cancel leaves the settings and their file as
they were.

Profiles are the exception, because they live in the history store, not in the settings:
Create and Rename act on the store at once, as a profile manager does. Switch only chooses the
profile that OK makes active. Renaming the profile the settings name as active also updates and
saves that one setting at once, so the settings never point at a profile that no longer exists.

The application applies the theme (`ui.theme.apply_theme`) when the dialog reports `applied`:

    dialog.applied.connect(lambda: apply_theme(app, settings.prefs.theme))

The words the rules page shows are `ui.dialogs.rules_words`, an option's editor
`ui.dialogs.option_editor`, and the form's keys (mnemonics, Alt, Enter) `ui.dialogs.keys`.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.game.payout import AS_ASKED, COLOUR_FOR_COLOUR, FEWEST, HOUSE_MIX
from trainer.game.rules import OPTIONS, PRESETS, HouseRules, RulesError
from trainer.history.store import Store
from trainer.i18n import format_amount, format_number
from trainer.settings import CURRENCY_MAX, THEMES, Settings, SettingsError
from ui.dialogs.keys import AltKeysStayOut, EnterFilter, assign_mnemonics, mnemonic_of
from ui.dialogs.option_editor import OptionEditor, held_in, hold_in
from ui.dialogs.rules_words import option_label, rules_sentence
from ui.i18n import N_, _, ngettext
from ui.style import mute

# RULES.md, the table of sources: where each preset comes from.
PRESET_SOURCES: dict[str, str] = {
    "casino-fr": N_(
        "[000] French casino procedure: 6 decks, 7 boxes, no dealer hole card, table staff "
        "(the default)"
    ),
    "casino-it": N_(
        "[003] Italian casino rules: 6 decks, standing players, misdealt-card procedure"
    ),
    "online": N_("[002] Online casino table: 4 decks shuffled every hand, up to 3 players"),
    "hole-card": N_("[001] French player's guide: the dealer takes a hidden second card"),
    "home": N_("[004] Family game: a player holds the bank, chips are scored"),
}

CURRENCIES = ("€", "$", "£", "CHF")
THEME_LABELS = {"system": N_("&System"), "light": N_("&Light"), "dark": N_("&Dark")}
CHIP_PAYMENT_LABELS = {
    FEWEST: N_("The fewest chips"),
    COLOUR_FOR_COLOUR: N_("Colour for colour (in the stake's colours)"),
}
# how a buy-in's chips are given and a chip changed (RULES.md §14, house practice), each in the
# order of its default first
HANDING_LABELS = {HOUSE_MIX: N_("The house's mix"), AS_ASKED: N_("As the player asks")}
BUY_IN_WAYS = (HOUSE_MIX, AS_ASKED)
CHANGE_WAYS = (AS_ASKED, HOUSE_MIX)


class SettingsDialog(QDialog):
    """Edit the settings; OK validates, saves and emits `applied`; Cancel changes nothing.
    A language chosen is said at once (`languageChosen`: the window speaks it, and the dialog
    is said again in it, `retranslate`), saved on OK like the rest."""

    applied = Signal()
    profile_renamed = Signal(str, str)  # old, new: the history store has already renamed it
    profile_deleted = Signal(str)  # the name: the history store has already deleted it
    languageChosen = Signal(str)  # noqa: N815 - the language chosen ("" the system's), not saved

    def __init__(self, settings: Settings, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._store = store
        self._loading = False
        self._rules_ok = True
        self._rules_problem: RulesError | None = None  # the refusal shown, if one is
        self._currency_ok = True
        self._active = settings.prefs.profile  # what OK makes active
        self._confirmation: QMessageBox | None = None

        # The buttons first, unparented (the layout adopts them last, so Tab reaches them
        # last): the letters they and the tabs use are kept off every page.
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.tabs = QTabWidget(self)
        self.status = _message_label(self)  # a save that failed
        self.status.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        # An Alt chord that is no shortcut of the dialog types nothing into a text field.
        self._alt_keys = AltKeysStayOut(self)

        self._make_pages(settings.rules())
        self.resize(self.sizeHint())

    def _make_pages(self, rules: HouseRules) -> None:
        """The dialog's words and pages in the language of the moment, showing `rules` and
        the settings' values."""
        self.setWindowTitle(_("Sabot — Settings"))
        tab_titles = (_("&House rules"), _("&Table"), _("&Profile"), _("&Appearance"))
        self._global_keys = {
            k
            for k in map(mnemonic_of, [*tab_titles, *(b.text() for b in self.buttons.buttons())])
            if k
        }
        pages = (
            self._rules_page(rules),
            self._table_page(),
            self._profile_page(),
            self._appearance_page(),
        )
        for page, title in zip(pages, tab_titles, strict=True):
            self.tabs.addTab(page, title)
            for field in page.findChildren(QLineEdit):
                field.installEventFilter(self._alt_keys)
        self._load_rules(rules)
        self._update_ok()
        # Pages not shown yet are not polished, and an unpolished page under-reports its size:
        # polish them all, so the dialog opens large enough for every tab, whichever is first.
        for page in pages:
            page.ensurePolished()

    def retranslate(self) -> None:
        """Every text of the dialog again in the language of the moment — a language chosen
        in it, or in the Language menu behind it — with what the trainee chose and typed and
        has not saved yet: the pages made again in the new words (the letters of their
        shortcuts chosen again), given back the tab, the preset and every option as edited,
        the currency, the chip payment, the profile selected and the name typed, the theme,
        the language; the house rules' refusal said again."""
        from PySide6.QtCore import QCoreApplication

        # Qt's own buttons are said again when the language change reaches them (posted to
        # the windows): now, so their letters are known before the pages choose theirs
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        kept = self._choices()
        focused = self.focusWidget()
        focus = focused.objectName() if focused is not None else ""
        old = self._pages()
        self.tabs.clear()
        for page in old:
            page.hide()
            page.deleteLater()
        self._make_pages(HouseRules.from_spec(kept["preset"]))
        self._give_back(kept)
        # the focus where it was: on the new page's field of the same name
        again = [w for p in self._pages() if focus for w in p.findChildren(QWidget, focus)]
        if again:
            again[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self.resize(self.size().expandedTo(self.sizeHint()))

    def _pages(self) -> list[QWidget]:
        pages = (self.tabs.widget(i) for i in range(self.tabs.count()))
        return [p for p in pages if p is not None]

    def _choices(self) -> dict[str, Any]:
        """What the pages hold now, saved or not (see `retranslate`)."""
        return {
            "tab": self.tabs.currentIndex(),
            "preset": self.preset(),
            "options": {n: held_in(e.widget) for n, e in self.option_editors.items()},
            "currency": self.currency_combo.currentText(),
            "chip_payment": self.chip_payment_combo.currentData(),
            "buy_in": self.buy_in_combo.currentData(),
            "change": self.change_combo.currentData(),
            "players_view": self.players_view(),
            "read_the_bet": self.read_bet_box.isChecked(),
            "profile": self.selected_profile(),
            "profile_name": self.profile_name.text(),
            "theme": self.theme(),
            "language": self.language(),
        }

    def _give_back(self, kept: dict[str, Any]) -> None:
        self._loading = True
        try:
            for name, held in kept["options"].items():
                if name in self.option_editors:
                    hold_in(self.option_editors[name].widget, held)
            self.currency_combo.setCurrentText(kept["currency"])
            for combo, name in (
                (self.chip_payment_combo, "chip_payment"),
                (self.buy_in_combo, "buy_in"),
                (self.change_combo, "change"),
            ):
                combo.setCurrentIndex(max(0, combo.findData(kept[name])))
            self.view_combo.setCurrentIndex(1 if kept["players_view"] else 0)
            self.read_bet_box.setChecked(kept["read_the_bet"])
            self._fill_profiles(select=kept["profile"])
            self.profile_name.setText(kept["profile_name"])
            self.theme_buttons.get(kept["theme"], self.theme_buttons["system"]).setChecked(True)
            self.language_combo.setCurrentIndex(
                max(0, self.language_combo.findData(kept["language"]))
            )
        finally:
            self._loading = False
        self._rules_edited()
        self._currency_edited()
        self.tabs.setCurrentIndex(kept["tab"])

    # -- house rules -----------------------------------------------------------------------

    def _rules_page(self, rules: HouseRules) -> QWidget:
        page = QWidget()
        preset_text, reset_text = _("Pr&eset:"), _("&Reset to preset")
        labels = assign_mnemonics(
            [option_label(name) for name in OPTIONS],
            self._global_keys | {mnemonic_of(t) or "" for t in (preset_text, reset_text)},
        )

        preset_label = QLabel(preset_text, page)
        self.preset_combo = QComboBox(page)
        self.preset_combo.setObjectName("preset")
        for name in PRESETS:
            self.preset_combo.addItem(name, name)
            source = _(PRESET_SOURCES[name]) if name in PRESET_SOURCES else ""
            self.preset_combo.setItemData(
                self.preset_combo.count() - 1, source, Qt.ItemDataRole.ToolTipRole
            )
        preset_label.setBuddy(self.preset_combo)
        self.preset_source = QLabel(page)
        # As wide as the longest source, so choosing another preset never resizes the dialog.
        metrics = self.preset_source.fontMetrics()
        widest = max((metrics.horizontalAdvance(_(s)) for s in PRESET_SOURCES.values()), default=0)
        self.preset_source.setMinimumWidth(widest + 4)
        mute(self.preset_source)  # secondary, and 4.5:1 in either theme

        # One editor per option of the registry, in its order, in two columns.
        self.option_editors: dict[str, OptionEditor] = {}
        columns = [QGridLayout(), QGridLayout()]
        half = (len(OPTIONS) + 1) // 2
        for i, (option, label) in enumerate(zip(OPTIONS.values(), labels, strict=True)):
            editor = OptionEditor(option, label, page)
            editor.edited.connect(self._rules_edited)
            self.option_editors[option.name] = editor
            grid, row = columns[i // half], i % half
            grid.addWidget(editor.label, row, 0)
            grid.addWidget(editor.widget, row, 1, _editor_alignment(editor))
            grid.addWidget(editor.revert, row, 2)
        self.editors: dict[str, QWidget] = {n: e.widget for n, e in self.option_editors.items()}

        self.rules_error = _message_label(page)
        self.reset_button = QPushButton(reset_text, page)
        self.reset_button.setToolTip(_("Every option back to the preset's value"))
        self.reset_button.clicked.connect(self._reset_to_preset)

        top = QHBoxLayout()
        top.addWidget(preset_label)
        top.addWidget(self.preset_combo)
        top.addSpacing(8)
        top.addWidget(self.preset_source, 1)
        grids = QHBoxLayout()
        for n, grid in enumerate(columns):
            grid.setColumnStretch(1, 1)
            grid.setHorizontalSpacing(8)
            grid.setVerticalSpacing(4)
            if n:
                line = QFrame(page)
                line.setFrameShape(QFrame.Shape.VLine)
                line.setFrameShadow(QFrame.Shadow.Sunken)
                grids.addSpacing(6)
                grids.addWidget(line)
                grids.addSpacing(6)
            grids.addLayout(grid, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.rules_error, 1)
        bottom.addWidget(self.reset_button, 0, Qt.AlignmentFlag.AlignTop)

        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addSpacing(4)
        layout.addLayout(grids)
        layout.addStretch(1)
        layout.addLayout(bottom)

        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        return page

    def _load_rules(self, rules: HouseRules) -> None:
        """Show these rules: the preset in the combo, every option in its editor."""
        base = HouseRules.from_spec(rules.preset)
        self._loading = True
        try:
            self.preset_combo.setCurrentIndex(self.preset_combo.findData(rules.preset))
            self._show_preset_source(rules.preset)
            for name, editor in self.option_editors.items():
                editor.set_preset(rules.preset, getattr(base, name))
                editor.set_value(getattr(rules, name))
        finally:
            self._loading = False
        self._rules_edited()

    def _preset_chosen(self) -> None:
        if self._loading:
            return
        self._load_rules(HouseRules.from_spec(self.preset()))

    def _reset_to_preset(self) -> None:
        self._load_rules(HouseRules.from_spec(self.preset()))

    def _show_preset_source(self, preset: str) -> None:
        source = _(PRESET_SOURCES[preset]) if preset in PRESET_SOURCES else ""
        self.preset_source.setText(source)
        self.preset_combo.setToolTip(source)

    def preset(self) -> str:
        return str(self.preset_combo.currentData())

    def overrides(self) -> dict[str, Any]:
        """The options the editors change from the preset, as raw editor values."""
        return {n: e.raw() for n, e in self.option_editors.items() if e.is_changed()}

    def _rules_edited(self) -> None:
        if self._loading:
            return
        for editor in self.option_editors.values():
            editor.show_changed()
        try:
            HouseRules.from_spec({**self.overrides(), "preset": self.preset()})
        except RulesError as error:
            self._say_rules(error)
        except (ValueError, ArithmeticError, TypeError) as error:
            self._rules_problem = None
            self.rules_error.setText(_("A value cannot be used: {error}.").format(error=error))
            self._rules_ok = False
        else:
            self._rules_problem = None
            self.rules_error.setText("")
            self._rules_ok = True
        self._update_ok()

    def _say_rules(self, error: RulesError) -> None:
        self._rules_problem = error  # kept whole, to be said again in another language
        self.rules_error.setText(rules_sentence(error))
        self._rules_ok = False

    # -- table -----------------------------------------------------------------------------

    def _table_page(self) -> QWidget:
        page = QWidget()
        label = QLabel(_("C&urrency symbol:"), page)
        self.currency_combo = QComboBox(page)
        self.currency_combo.setObjectName("currency")
        self.currency_combo.setEditable(True)
        self.currency_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.currency_combo.addItems(CURRENCIES)
        edit = self.currency_combo.lineEdit()
        assert edit is not None  # an editable combo has one
        edit.setMaxLength(CURRENCY_MAX)
        self.currency_combo.setCurrentText(self._settings.prefs.currency)
        self.currency_combo.setToolTip(
            _("One of the usual symbols, or your own, up to {count} characters").format(
                count=CURRENCY_MAX
            )
        )
        label.setBuddy(self.currency_combo)
        self.currency_preview = QLabel(page)
        mute(self.currency_preview)  # secondary, and 4.5:1 in either theme
        self.currency_error = _message_label(page)
        self.currency_combo.currentTextChanged.connect(self._currency_edited)

        grid = QGridLayout()
        grid.addWidget(label, 0, 0)
        grid.addWidget(self.currency_combo, 0, 1)
        grid.addWidget(self.currency_preview, 0, 2)
        grid.setColumnStretch(2, 1)
        # how the chips drill asks a payout made up: the practice the trainee's school teaches
        self.chip_payment_combo = QComboBox(page)
        self.chip_payment_combo.setObjectName("chip_payment")
        for method, text in CHIP_PAYMENT_LABELS.items():
            self.chip_payment_combo.addItem(_(text), method)
        current = self.chip_payment_combo.findData(self._settings.prefs.chip_payment)
        self.chip_payment_combo.setCurrentIndex(max(0, current))
        # how the buy-in and change drills ask the chips handed out (RULES.md §14)
        self.buy_in_combo = self._handing_combo(page, "buy_in", BUY_IN_WAYS)
        self.change_combo = self._handing_combo(page, "change", CHANGE_WAYS)
        for row, (text, combo, tip) in enumerate(
            (
                (
                    _("Chip pa&yments:"),
                    self.chip_payment_combo,
                    _(
                        "How the chips drill asks you to pay: with the fewest chips, or colour "
                        "for colour (the stake matched chip for chip, the rest in its colours "
                        "where they go)"
                    ),
                ),
                (
                    _("Buy-&ins:"),
                    self.buy_in_combo,
                    _(
                        "How the buy-in drill asks the chips for a player's notes: the house's "
                        "mix (a cut of the table's betting chip, the next colour up, the rest in "
                        "the fewest chips), or as the player asks"
                    ),
                ),
                (
                    _("Cha&nge:"),
                    self.change_combo,
                    _(
                        "How the change drill asks a player's chip broken into smaller ones: as "
                        'he asks ("all in 25s"), or in the house\'s mix'
                    ),
                ),
            ),
            start=1,
        ):
            combo.setToolTip(tip)
            label_of = QLabel(text, page)
            label_of.setBuddy(combo)
            grid.addWidget(label_of, row, 0)
            grid.addWidget(combo, row, 1, 1, 2, Qt.AlignmentFlag.AlignLeft)
        # the felt as the dealer sees it (the default) or as the players do (issue 24)
        view_label = QLabel(_("&View of the table:"), page)
        self.view_combo = QComboBox(page)
        self.view_combo.setObjectName("table_view")
        self.view_combo.addItem(_("The dealer's: his rack at the bottom, box 1 on his left"), False)
        self.view_combo.addItem(_("The players': the dealer at the top, box 1 on the right"), True)
        self.view_combo.setCurrentIndex(1 if self._settings.prefs.players_view else 0)
        self.view_combo.setToolTip(
            _('The texts\' "your left" and "your right" are the dealer\'s in either view')
        )
        view_label.setBuddy(self.view_combo)
        grid.addWidget(view_label, 4, 0)
        grid.addWidget(self.view_combo, 4, 1, 1, 2, Qt.AlignmentFlag.AlignLeft)
        self.read_bet_box = QCheckBox(_("Read the &bet from its chips in practice"), page)
        self.read_bet_box.setObjectName("read_the_bet")
        self.read_bet_box.setChecked(self._settings.prefs.read_the_bet)
        self.read_bet_box.setToolTip(
            _(
                "Payout questions leave the stake out and the felt writes no amount under it: "
                "you count the chips, then pay. Exams and deal mode always do."
            )
        )
        grid.addWidget(self.read_bet_box, 5, 0, 1, 3)
        layout = QVBoxLayout(page)
        layout.addLayout(grid)
        layout.addWidget(self.currency_error)
        layout.addStretch(1)
        self._currency_edited()
        return page

    def currency(self) -> str:
        return self.currency_combo.currentText().strip()

    def chip_payment(self) -> str:
        return str(self.chip_payment_combo.currentData())

    def _handing_combo(self, page: QWidget, name: str, ways: tuple[str, ...]) -> QComboBox:
        """A choice of how chips are handed out (HANDING_LABELS), set to the saved one."""
        combo = QComboBox(page)
        combo.setObjectName(name)
        for way in ways:
            combo.addItem(_(HANDING_LABELS[way]), way)
        combo.setCurrentIndex(max(0, combo.findData(getattr(self._settings.prefs, name))))
        return combo

    def buy_in(self) -> str:
        return str(self.buy_in_combo.currentData())

    def change(self) -> str:
        return str(self.change_combo.currentData())

    def players_view(self) -> bool:
        return bool(self.view_combo.currentData())

    def _currency_edited(self) -> None:
        symbol = self.currency()
        self._currency_ok = bool(symbol)
        if symbol:
            amounts = (format_amount(Decimal(a), currency=symbol) for a in ("25", "7.50", "1500"))
            self.currency_preview.setText(
                _("Amounts read: {amounts}").format(amounts=",  ".join(amounts))
            )
            self.currency_error.setText("")
        else:
            self.currency_preview.setText("")
            self.currency_error.setText(_("Choose or type a currency symbol."))
        self._update_ok()

    # -- profiles --------------------------------------------------------------------------

    def _profile_page(self) -> QWidget:
        page = QWidget()
        list_label = QLabel(_("Pro&files:"), page)
        self.profile_list = QListWidget(page)
        self.profile_list.setObjectName("profiles")
        list_label.setBuddy(self.profile_list)
        self.switch_button = QPushButton(_("&Switch to this profile"), page)
        self.switch_button.setToolTip(_("Make the selected profile the active one (on OK)"))
        name_label = QLabel(_("&Name:"), page)
        self.profile_name = QLineEdit(page)
        self.profile_name.setObjectName("profile_name")
        self.profile_name.setPlaceholderText(_("A trainee's name"))
        name_label.setBuddy(self.profile_name)
        self.create_button = QPushButton(_("Cr&eate"), page)
        self.create_button.setToolTip(_("A new profile with this name"))
        self.rename_button = QPushButton(_("&Rename selected"), page)
        self.rename_button.setToolTip(_("Give the selected profile this name"))
        self.delete_button = QPushButton(_("&Delete…"), page)
        self.delete_button.setToolTip(_("Delete the selected profile and all its answers"))
        self.profile_message = _message_label(page)
        note = QLabel(
            _(
                "Create, Rename and Delete change the history at once. Switching takes effect "
                "on OK."
            ),
            page,
        )
        note.setWordWrap(True)
        mute(note)  # secondary, and 4.5:1 in either theme

        self.switch_button.clicked.connect(self._switch_profile)
        self.create_button.clicked.connect(self._create_profile)
        self.rename_button.clicked.connect(self._rename_profile)
        self.delete_button.clicked.connect(self._delete_profile)
        self.profile_list.currentItemChanged.connect(self._update_profile_buttons)
        self.profile_list.itemDoubleClicked.connect(self._switch_profile)
        self.profile_name.textChanged.connect(self._update_profile_buttons)
        # Enter in the name field creates the profile rather than closing the dialog.
        self._enter = EnterFilter(self._create_profile, self)
        self.profile_name.installEventFilter(self._enter)

        name_row = QHBoxLayout()
        name_row.addWidget(name_label)
        name_row.addWidget(self.profile_name, 1)
        name_row.addWidget(self.create_button)
        name_row.addWidget(self.rename_button)
        switch_row = QHBoxLayout()
        switch_row.addStretch(1)
        switch_row.addWidget(self.delete_button)
        switch_row.addWidget(self.switch_button)
        layout = QVBoxLayout(page)
        layout.addWidget(list_label)
        layout.addWidget(self.profile_list, 1)
        layout.addLayout(switch_row)
        layout.addLayout(name_row)
        layout.addWidget(self.profile_message)
        layout.addWidget(note)

        try:
            self._store.profile(self._active)  # the active profile is always in the list
        except (ValueError, sqlite3.Error):
            pass
        self._fill_profiles(select=self._active)
        return page

    def _profile_names(self) -> list[str]:
        try:
            return [p.name for p in self._store.profiles()]
        except sqlite3.Error as error:
            self._profile_error(_("The profiles could not be read: {error}.").format(error=error))
            return []

    def _fill_profiles(self, select: str | None) -> None:
        self.profile_list.clear()
        for name in self._profile_names():
            item = QListWidgetItem(name, self.profile_list)
            item.setData(Qt.ItemDataRole.UserRole, name)
            if name.casefold() == self._active.casefold():
                item.setText(_("{name}  (active)").format(name=name))
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            if select is not None and name.casefold() == select.casefold():
                self.profile_list.setCurrentItem(item)
        self._update_profile_buttons()

    def selected_profile(self) -> str | None:
        item = self.profile_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def active_profile(self) -> str:
        """The profile OK will make active."""
        return self._active

    def _update_profile_buttons(self) -> None:
        selected = self.selected_profile()
        has_name = bool(self.profile_name.text().strip())
        self.create_button.setEnabled(has_name)
        self.rename_button.setEnabled(has_name and selected is not None)
        self.switch_button.setEnabled(
            selected is not None and selected.casefold() != self._active.casefold()
        )
        self.delete_button.setEnabled(selected is not None)

    def _profile_error(self, message: str) -> None:
        self.profile_message.setText(message)

    def _create_profile(self) -> None:
        name = self.profile_name.text().strip()
        if not name:
            self._profile_error(_("Type a name for the new profile."))
            return
        existing = [n for n in self._profile_names() if n.casefold() == name.casefold()]
        if existing:
            self._fill_profiles(select=existing[0])
            self._profile_error(
                _("There is already a profile named {name}.").format(name=repr(existing[0]))
            )
            return
        try:
            self._store.profile(name)
        except (ValueError, TypeError, sqlite3.Error) as error:
            self._profile_error(str(error))
            return
        self.profile_name.clear()
        self._profile_error("")
        self._fill_profiles(select=name)

    def _switch_profile(self) -> None:
        selected = self.selected_profile()
        if selected is None:
            return
        self._active = selected
        self._profile_error("")
        self._fill_profiles(select=selected)

    def delete_question(self, name: str, answers: int) -> str:
        """What the confirmation asks: the profile, and how many answers go with it."""
        if answers:
            what = ngettext(
                "Delete the profile {name} and its {count} answer?",
                "Delete the profile {name} and its {count} answers?",
                answers,
            ).format(name=repr(name), count=format_number(answers))
        else:
            what = _("Delete the profile {name} and no answer?").format(name=repr(name))
        return what + " " + _("Its sessions and figures go with it. This cannot be undone.")

    def _confirm_delete(self, name: str, answers: int) -> bool:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            _("Delete a profile"),
            self.delete_question(name, answers),
            QMessageBox.StandardButton.Cancel,
            self,
        )
        delete = box.addButton(_("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)  # Enter keeps the profile
        self._confirmation = box  # for tests: the box on screen
        box.exec()
        self._confirmation = None
        return box.clickedButton() is delete

    def _delete_profile(self) -> None:
        name = self.selected_profile()
        if name is None:
            self._profile_error(_("Select the profile to delete."))
            return
        in_use = {self._active.casefold(), self._settings.prefs.profile.casefold()}
        if name.casefold() in in_use:
            self._profile_error(
                _(
                    "{name} is the active profile: switch to another one first (Switch, then OK)."
                ).format(name=name)
            )
            return
        try:
            answers = self._store.profile_answers(name)
            if not self._confirm_delete(name, answers):
                return
            self._store.delete_profile(name)
        except (ValueError, TypeError, sqlite3.Error) as error:
            self._profile_error(str(error))
            return
        self._profile_error(
            ngettext(
                "{name} and {count} answer deleted.", "{name} and {count} answers deleted.", answers
            ).format(name=name, count=format_number(answers))
        )
        self._fill_profiles(select=self._active)
        self.profile_deleted.emit(name)

    def _rename_profile(self) -> None:
        old, new = self.selected_profile(), self.profile_name.text().strip()
        if old is None:
            self._profile_error(_("Select the profile to rename."))
            return
        try:
            self._store.rename_profile(old, new)
        except (ValueError, TypeError, sqlite3.Error) as error:
            self._profile_error(str(error))
            return
        if self._active.casefold() == old.casefold():
            self._active = new
        prefs = self._settings.prefs
        if prefs.profile.casefold() == old.casefold():
            # The store has renamed it already: the saved setting follows, even on Cancel.
            prefs.profile = new
            try:
                self._settings.save()
            except SettingsError as error:
                self._show_status(str(error))
        self.profile_name.clear()
        self._profile_error("")
        self._fill_profiles(select=new)
        self.profile_renamed.emit(old, new)

    # -- appearance ------------------------------------------------------------------------

    def _appearance_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel(_("Theme:"), page))
        self.theme_group = QButtonGroup(page)
        self.theme_buttons: dict[str, QRadioButton] = {}
        for theme in THEMES:
            label = THEME_LABELS.get(theme)
            b = QRadioButton(_(label) if label else theme.capitalize(), page)
            b.setObjectName(f"theme_{theme}")
            self.theme_group.addButton(b)
            self.theme_buttons[theme] = b
            layout.addWidget(b, 0, Qt.AlignmentFlag.AlignLeft)  # only the words are clickable
        self.theme_buttons["system"].setToolTip(_("Follow the desktop's light or dark setting"))
        current = self._settings.prefs.theme
        self.theme_buttons.get(current, self.theme_buttons["system"]).setChecked(True)
        layout.addSpacing(12)
        # the language: the system's (named, so the trainee sees what it is) or one of Sabot's,
        # each in its own words; spoken at once when chosen (`languageChosen`), saved on OK
        from trainer.i18n import system_language
        from ui.language import language_choices

        language_label = QLabel(_("Lan&guage:"), page)
        self.language_combo = QComboBox(page)
        self.language_combo.setObjectName("language")
        for code, text in language_choices(system_language()):
            self.language_combo.addItem(text, code)
        chosen = self.language_combo.findData(self._settings.prefs.language)
        self.language_combo.setCurrentIndex(max(0, chosen))
        self.language_combo.currentIndexChanged.connect(self._language_chosen)
        language_label.setBuddy(self.language_combo)
        layout.addWidget(language_label)
        layout.addWidget(self.language_combo, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        return page

    def language(self) -> str:
        """The language chosen: "" follows the system."""
        return str(self.language_combo.currentData())

    def _language_chosen(self) -> None:
        if not self._loading:
            self.languageChosen.emit(self.language())

    def theme(self) -> str:
        for theme, b in self.theme_buttons.items():
            if b.isChecked():
                return theme
        return "system"

    # -- OK and Cancel ---------------------------------------------------------------------

    def _update_ok(self) -> None:
        if hasattr(self, "ok_button"):
            self.ok_button.setEnabled(self._rules_ok and self._currency_ok)

    def _show_status(self, message: str) -> None:
        self.status.setText(message)
        self.status.setVisible(bool(message))

    def accept(self) -> None:
        if not (self._rules_ok and self._currency_ok):
            return
        settings = self._settings
        before = dataclasses.replace(settings.prefs, overrides=dict(settings.prefs.overrides))
        try:
            settings.set_rules(self.preset(), self.overrides())
        except RulesError as error:
            self.tabs.setCurrentIndex(0)
            self._say_rules(error)
            self._update_ok()
            return
        settings.prefs.currency = self.currency()
        settings.prefs.chip_payment = self.chip_payment()
        settings.prefs.buy_in = self.buy_in()
        settings.prefs.change = self.change()
        settings.prefs.players_view = self.players_view()
        settings.prefs.read_the_bet = self.read_bet_box.isChecked()
        settings.prefs.profile = self._active
        settings.prefs.theme = self.theme()
        settings.prefs.language = self.language()
        try:
            settings.save()
        except SettingsError as error:
            for f in dataclasses.fields(before):  # nothing changed after all
                setattr(settings.prefs, f.name, getattr(before, f.name))
            self._show_status(str(error))
            return
        self._show_status("")
        self.applied.emit()
        super().accept()


def _message_label(parent: QWidget) -> QLabel:
    """A label for a sentence that needs attention: red, readable on light and dark."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    palette = label.palette()
    dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#ff7b72" if dark else "#c62828"))
    label.setPalette(palette)
    # Two lines kept free, so a message appearing does not push the form around.
    label.setMinimumHeight(2 * label.fontMetrics().lineSpacing())
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    return label


def _editor_alignment(editor: OptionEditor) -> Qt.AlignmentFlag:
    # Line edits take the column's width; checkboxes, spin boxes and combos keep their own.
    if isinstance(editor.widget, QLineEdit):
        return Qt.AlignmentFlag(0)
    return Qt.AlignmentFlag.AlignLeft
