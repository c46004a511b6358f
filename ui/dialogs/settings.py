"""The settings dialog: house rules, the table (currency, chip payments), profiles and theme;
and `apply_theme`.

The dialog edits a copy: nothing reaches `Settings` until OK, which validates the house rules
through `Settings.set_rules` (the domain decides what is possible, the dialog only shows its
sentence), saves the file and emits `applied`. Cancel leaves the settings and their file as
they were.

Profiles are the exception, because they live in the history store, not in the settings:
Create and Rename act on the store at once, as a profile manager does. Switch only chooses the
profile that OK makes active. Renaming the profile the settings name as active also updates and
saves that one setting at once, so the settings never point at a profile that no longer exists.

The application applies the theme when the dialog reports `applied`:

    dialog.applied.connect(lambda: apply_theme(app, settings.prefs.theme))
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from decimal import Decimal
from typing import Any, Final

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QApplication,
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
    QSpinBox,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from trainer.game.payout import COLOUR_FOR_COLOUR, FEWEST
from trainer.game.rules import OPTIONS, PRESETS, HouseRules, Option, RulesError
from trainer.history.store import Store
from trainer.i18n import format_amount, format_number
from trainer.settings import CURRENCY_MAX, THEMES, Settings, SettingsError
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

# The table's words for the options of trainer.game.rules.OPTIONS; a new option without an entry
# here still gets an editor, labelled from its name.
OPTION_LABELS: dict[str, str] = {
    "decks": N_("Decks"),
    "reshuffle": N_("Reshuffle"),
    "boxes": N_("Boxes"),
    "hole_card": N_("Dealer hole card"),
    "double_on": N_("Double on"),
    "double_after_split": N_("Double after split"),
    "split": N_("Split"),
    "max_hands": N_("Hands per box"),
    "insurance": N_("Insurance"),
    "insurance_amount": N_("Insurance amount"),
    "dealer_hits_soft_17": N_("Dealer hits soft 17"),
    "dealer_bj_takes": N_("Dealer Black Jack takes"),
    "blackjack_pays": N_("Black Jack pays"),
    "behind_bets": N_("Behind bets"),
    "behind_consent": N_("Behind bettors consent"),
    "min_boxes_heads_up": N_("Boxes for a lone player"),
    "table_min": N_("Table minimum"),
    "table_max": N_("Table maximum"),
    "round_half_units": N_("Round half units down"),
    "chips": N_("Chips"),
}

CURRENCIES = ("€", "$", "£", "CHF")
THEME_LABELS = {"system": N_("&System"), "light": N_("&Light"), "dark": N_("&Dark")}
CHIP_PAYMENT_LABELS = {
    FEWEST: N_("The fewest chips"),
    COLOUR_FOR_COLOUR: N_("Colour for colour (in the stake's colours)"),
}


# -- the editors of the house-rule options -----------------------------------------------------


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


# An option's values as the trainee reads them in the settings (the command line and the
# settings file keep the values themselves: "cut-card", "rank"); a value not named here is
# shown as it is written ("3:2").
CHOICE_WORDS: dict[tuple[str, str], str] = {
    ("reshuffle", "cut-card"): N_("at the red card"),
    ("reshuffle", "every-round"): N_("after every hand"),
    ("double_on", "9-11"): N_("on 9, 10 or 11"),
    ("double_on", "10-11"): N_("on 10 or 11"),
    ("double_on", "any"): N_("on any two cards"),
    ("double_on", "none"): N_("no doubling"),
    ("split", "rank"): N_("two cards of a rank"),
    ("split", "value"): N_("two cards of a value"),
    ("split", "none"): N_("no splitting"),
    ("insurance_amount", "half"): N_("exactly half the bet"),
    ("insurance_amount", "up-to-half"): N_("up to half the bet"),
    ("dealer_bj_takes", "all"): N_("every bet"),
    ("dealer_bj_takes", "original"): N_("the original bets"),
}


def choice_text(option: str, value: str) -> str:
    """A value of a house-rule option as the settings show it, in the trainee's language."""
    words = CHOICE_WORDS.get((option, value))
    return _(words) if words is not None else value


def display(value: Any) -> str:
    """An option value as the trainee reads it."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return _("none")
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, tuple | list):
        return " ".join(display(v) for v in sorted(value))
    return str(value)


def as_sentence(message: str) -> str:
    """A rules message as a sentence; an option name that opens it keeps its spelling."""
    if not message:
        return message
    first = message.split(" ", 1)[0]
    if "_" not in first:
        message = message[0].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def option_label(name: str) -> str:
    label = OPTION_LABELS.get(name)
    return _(label) if label else name.replace("_", " ").capitalize()


def in_settings_words(message: str) -> str:
    """A rules message in the words the settings show: the option names the engine writes
    ("table_min 600 is above table_max 500") become the labels beside the editors ("The table
    minimum 600 is above the table maximum 500."), as a sentence."""
    names = sorted(OPTIONS, key=len, reverse=True)
    option = re.match(r"option (\w+) (takes )?", message)
    if option and option[1] in OPTIONS:  # "option decks takes a number…": "Decks: a number…"
        rest = message[option.end() :]
        title = option_label(option[1])
        message = f"{title}: {rest}" if option[2] else f"the {title.lower()} {rest}"

    def label(match: re.Match[str]) -> str:
        words = option_label(match[0]).lower()
        inside = match.start() > 0 and message[match.start() - 1] == "("
        return words if inside else f"the {words}"

    # the names only the engine writes (table_min); plain words (split, boxes) read as they are
    engine = [n for n in names if "_" in n]
    if engine:
        message = re.sub(r"\b(" + "|".join(map(re.escape, engine)) + r")\b", label, message)
    return as_sentence(message)


# The engine's refusals (trainer.game.rules.RulesError's templates) as the settings say them: the
# options by the labels beside their editors, each sentence whole so that a translation can put
# the label where its language wants it ("Decks: a whole number…", "le minimum de la table…").
SETTINGS_SENTENCES: Final = {
    "option {name} takes true or false, not {value}": N_("{name}: true or false, not {value}."),
    "option {name} takes a whole number from {low} to {high}, not {value}": N_(
        "{name}: a whole number from {low} to {high}, not {value}."
    ),
    "option {name} takes one of {values}, not {value}": N_("{name}: one of {values}, not {value}."),
    'option {name} takes an amount like 5 or "2.50", not {value}': N_(
        '{name}: an amount like 5 or "2.50", not {value}.'
    ),
    "option {name} must be a positive amount, not {value}": N_(
        "{name}: a positive amount, not {value}."
    ),
    'option {name} takes an amount like 5 or "2.50" ({form}), not {value}': N_(
        '{name}: an amount like 5 or "2.50" ({form}), not {value}.'
    ),
    "option {name} takes a list of chip values like [1, 5, 25], not {value}": N_(
        "{name}: a list of chip values like 1 5 25, not {value}."
    ),
    "option {name} takes at most {most} chip values, not {count}": N_(
        "{name}: at most {most} chip values, not {count}."
    ),
    "{minimum} {low} is above {maximum} {high}": N_(
        "The {minimum} {low} is above the {maximum} {high}."
    ),
    "{split} is none, so a box holds one hand: {hands} must be 1, not {n}": N_(
        "{split} is none, so a box holds one hand: the {hands} must be 1, not {n}."
    ),
    "{split} is {value}, so {hands} must be at least 2 (or set {split} to none)": N_(
        "{split} is {value}, so the {hands} must be at least 2 (or set {split} to none)."
    ),
    "{option} needs both doubling ({double}) and splitting ({split})": N_(
        "The {option} needs both doubling ({double}) and splitting ({split})."
    ),
    "{option} needs {behind}: there is nobody to consent": N_(
        "{option} needs {behind}: there is nobody to consent."
    ),
    "{option} {n} is more than the {boxes} boxes of the table": N_(
        "The {option} ({n}) are more than the {boxes} boxes of the table."
    ),
}


def _label_in_sentence(name: str) -> str:
    """An option's label inside a sentence: "table minimum" (the sentence's first letter is
    made a capital where it opens it)."""
    label = option_label(name)
    return label[:1].lower() + label[1:]


def rules_sentence(error: RulesError) -> str:
    """A refusal of the house rules as the settings say it, in the language of the moment —
    made again from the error's parts each time, so a switch of language words it again."""
    if error.template is None:  # a sentence alone (the settings' own checks)
        return in_settings_words(error.text())
    template = SETTINGS_SENTENCES.get(error.template)
    if template is None:
        return as_sentence(error.text(_label_in_sentence))
    return as_sentence(_(template).format(**error.values(_label_in_sentence)))


def mnemonic_of(text: str) -> str | None:
    """The letter after a single & in a widget's text, lower case."""
    m = re.search(r"&([^&])", text)
    return m[1].lower() if m else None


def assign_mnemonics(texts: list[str], taken: set[str] | frozenset[str]) -> list[str]:
    """Each text with an & before a letter of its own, none in `taken`.

    As many texts as possible get one (a bipartite matching, as KDE's accelerator manager
    does), trying the first letters of words first. A text left without one is reached with
    Tab alone.
    """

    def candidates(text: str) -> list[int]:
        starts = [m.start() for m in re.finditer(r"\b\w", text)]
        seen: set[str] = set()
        out = []
        for i in [*starts, *range(len(text))]:
            ch = text[i].lower()
            if ch.isalnum() and ch.isascii() and ch not in taken and ch not in seen:
                seen.add(ch)
                out.append(i)
        return out

    options = [candidates(t) for t in texts]
    owner: dict[str, int] = {}  # letter -> index of the text that has it
    chosen: dict[int, int] = {}  # text index -> position of its letter

    def place(n: int, visited: set[str]) -> bool:
        # A free letter first; only then take one from another text that can move over.
        free = [p for p in options[n] if texts[n][p].lower() not in owner]
        for pos in [*free, *options[n]]:
            ch = texts[n][pos].lower()
            if ch in visited:
                continue
            visited.add(ch)
            if ch not in owner or place(owner[ch], visited):
                owner[ch] = n
                chosen[n] = pos
                return True
        return False

    for n in range(len(texts)):
        place(n, set())
    return [
        t[: chosen[n]] + "&" + t[chosen[n] :] if n in chosen else t for n, t in enumerate(texts)
    ]


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
        w = self.widget
        if isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(int(value))
        elif isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))
        elif isinstance(w, QLineEdit):
            w.setText("" if value is None else display(value))

    def raw(self) -> Any:
        """What the editor holds, as `HouseRules.from_spec` takes it."""
        held = _held(self.widget)
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
            "options": {n: _held(e.widget) for n, e in self.option_editors.items()},
            "currency": self.currency_combo.currentText(),
            "chip_payment": self.chip_payment_combo.currentData(),
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
                    _hold(self.option_editors[name].widget, held)
            self.currency_combo.setCurrentText(kept["currency"])
            self.chip_payment_combo.setCurrentIndex(
                max(0, self.chip_payment_combo.findData(kept["chip_payment"]))
            )
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
        pay_label = QLabel(_("Chip pa&yments:"), page)
        self.chip_payment_combo = QComboBox(page)
        self.chip_payment_combo.setObjectName("chip_payment")
        for method, text in CHIP_PAYMENT_LABELS.items():
            self.chip_payment_combo.addItem(_(text), method)
        current = self.chip_payment_combo.findData(self._settings.prefs.chip_payment)
        self.chip_payment_combo.setCurrentIndex(max(0, current))
        self.chip_payment_combo.setToolTip(
            _(
                "How the chips drill asks you to pay: with the fewest chips, or colour for "
                "colour (the stake matched chip for chip, the rest in its colours where they go)"
            )
        )
        pay_label.setBuddy(self.chip_payment_combo)
        grid.addWidget(pay_label, 1, 0)
        grid.addWidget(self.chip_payment_combo, 1, 1, 1, 2, Qt.AlignmentFlag.AlignLeft)
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
        self._enter = _EnterFilter(self._create_profile, self)
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


class AltKeysStayOut(QObject):
    """Keeps Alt chords out of a text field. Alt+letter is for the dialog's shortcuts (Qt
    runs those before the field sees the key); one that is no shortcut would otherwise type
    its letter into the field the focus is in."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            mods = event.modifiers()
            alt = bool(mods & Qt.KeyboardModifier.AltModifier)
            # Ctrl+Alt is AltGr on some systems: the letters it types (€, @) are typed
            if alt and not mods & Qt.KeyboardModifier.ControlModifier and event.text():
                return True
        return False


class _EnterFilter(QObject):
    """Enter in a line edit runs an action, instead of pressing the dialog's default button."""

    def __init__(self, action: Any, parent: QObject) -> None:
        super().__init__(parent)
        self._action = action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self._action()
                return True
        return False


def _held(w: QWidget) -> Any:
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


def _hold(w: QWidget, held: Any) -> None:
    """Give an option's editor back what it held (`_held`)."""
    if isinstance(w, QCheckBox):
        w.setChecked(bool(held))
    elif isinstance(w, QSpinBox):
        w.setValue(int(held))
    elif isinstance(w, QComboBox):
        w.setCurrentIndex(max(0, w.findData(held)))
    elif isinstance(w, QLineEdit):
        w.setText(str(held))


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


# -- theme -----------------------------------------------------------------------------------


def apply_theme(app: QApplication, theme: str) -> None:
    """Light, dark, or the system's: through Qt's colour scheme, else a palette.

    "system" leaves Qt following the desktop (QStyleHints.colorScheme, Qt 6.5+). "light" and
    "dark" ask Qt for that scheme (QStyleHints.setColorScheme, Qt 6.8+); where the platform
    cannot switch (no desktop theme, older Qt), a palette does it.
    """
    hints = app.styleHints()
    wanted = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(theme)
    if wanted is None:
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
        app.setPalette(QPalette())  # back to the platform's own palette
        return
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(wanted)
    if hints.colorScheme() == wanted:
        app.setPalette(QPalette())  # the platform draws the scheme itself
    elif wanted == Qt.ColorScheme.Dark:
        app.setPalette(dark_palette())
    else:
        app.setPalette(app.style().standardPalette())


def dark_palette() -> QPalette:
    """A dark palette for styles that have none of their own (Fusion on a bare platform)."""
    p = QPalette()
    window, base, text = QColor("#2d2d30"), QColor("#1e1e1e"), QColor("#e6e6e6")
    disabled = QColor("#7a7a7a")
    highlight = QColor("#3d7bd9")
    roles = QPalette.ColorRole
    for role, colour in (
        (roles.Window, window),
        (roles.WindowText, text),
        (roles.Base, base),
        (roles.AlternateBase, QColor("#262629")),
        (roles.ToolTipBase, QColor("#3a3a3d")),
        (roles.ToolTipText, text),
        (roles.PlaceholderText, QColor("#9a9a9a")),
        (roles.Text, text),
        (roles.Button, QColor("#3a3a3d")),
        (roles.ButtonText, text),
        (roles.BrightText, QColor("#ff6b6b")),
        (roles.Light, QColor("#505054")),
        (roles.Midlight, QColor("#444447")),
        (roles.Mid, QColor("#2a2a2c")),
        (roles.Dark, QColor("#1a1a1b")),
        (roles.Shadow, QColor("#0c0c0c")),
        (roles.Highlight, highlight),
        (roles.HighlightedText, QColor("#ffffff")),
        (roles.Link, QColor("#6ea8fe")),
        (roles.LinkVisited, QColor("#b18cfe")),
    ):
        p.setColor(role, colour)
    for role in (roles.WindowText, roles.Text, roles.ButtonText, roles.PlaceholderText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    p.setColor(QPalette.ColorGroup.Disabled, roles.Highlight, QColor("#505054"))
    return p
