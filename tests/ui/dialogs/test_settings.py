"""The settings dialog, driven like a trainee would: presets, overrides, profiles, OK and Cancel."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from trainer.game.rules import OPTIONS, PRESETS, HouseRules
from trainer.history.store import Store
from trainer.settings import Settings, SettingsError, settings_path
from ui.dialogs.keys import assign_mnemonics, mnemonic_of
from ui.dialogs.option_editor import editor_kind
from ui.dialogs.settings import SettingsDialog
from ui.theme import apply_theme

LEFT = Qt.MouseButton.LeftButton

# The offscreen platform says so whenever a window's minimum size changes: not a problem here.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


@pytest.fixture
def settings() -> Settings:
    return Settings.load()


@pytest.fixture
def store() -> Any:
    with Store.open() as opened:
        yield opened


@pytest.fixture
def dialog(qtbot: Any, settings: Settings, store: Store) -> SettingsDialog:
    d = SettingsDialog(settings, store)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def editor(dialog: SettingsDialog, name: str) -> Any:
    """The editor widget of an option (its type depends on the option)."""
    return dialog.option_editors[name].widget


def type_into(qtbot: Any, edit: Any, text: str) -> None:
    """Replace what a line edit holds by typing, as a trainee would."""
    edit.setFocus()
    edit.selectAll()
    if not text.isascii():
        edit.insert(text)  # QTest types ASCII only: what an input method would insert
    elif text:
        qtbot.keyClicks(edit, text)
    else:
        qtbot.keyClick(edit, Qt.Key.Key_Delete)


def choose(combo: QComboBox, value: str) -> None:
    index = combo.findData(value)
    if index < 0:
        index = combo.findText(value)
    assert index >= 0, value
    combo.setCurrentIndex(index)


def press_ok(qtbot: Any, dialog: SettingsDialog) -> None:
    with qtbot.waitSignal(dialog.applied, timeout=2000):
        qtbot.mouseClick(dialog.ok_button, LEFT)


def editor_value(widget: QWidget) -> Any:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        return widget.value()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    assert isinstance(widget, QLineEdit)
    return widget.text()


def shown(rules: HouseRules, name: str) -> Any:
    """How an option of these rules reads in its editor."""
    value = getattr(rules, name)
    if isinstance(value, tuple):
        return " ".join(format(v, "f") for v in sorted(value))
    if isinstance(value, Decimal):
        return format(value, "f")
    if value is None:
        return ""
    return value


def assert_editors_show(dialog: SettingsDialog, rules: HouseRules) -> None:
    for name, widget in dialog.editors.items():
        assert editor_value(widget) == shown(rules, name), name


def is_bold(dialog: SettingsDialog, name: str) -> bool:
    return dialog.option_editors[name].label.font().bold()


# -- house rules ---------------------------------------------------------------------------------


def test_one_editor_per_option_of_the_registry(dialog: SettingsDialog) -> None:
    assert list(dialog.editors) == list(OPTIONS)
    expected = {"bool": QCheckBox, "int": QSpinBox, "choice": QComboBox}
    for name, widget in dialog.editors.items():
        kind, _ = editor_kind(OPTIONS[name])
        assert isinstance(widget, expected.get(kind, QLineEdit)), name
    assert editor(dialog, "decks").minimum() == 1 and editor(dialog, "decks").maximum() == 8
    split = editor(dialog, "split")
    assert [split.itemData(i) for i in range(split.count())] == ["rank", "value", "none"]
    assert_editors_show(dialog, HouseRules.from_spec("casino-fr"))
    assert editor(dialog, "chips").text() == "1 2 5 10 25 100 500"
    assert not any(is_bold(dialog, name) for name in OPTIONS)
    assert dialog.rules_error.text() == ""
    assert dialog.ok_button.isEnabled()


def test_the_five_presets_with_their_sources(dialog: SettingsDialog) -> None:
    combo = dialog.preset_combo
    names = [combo.itemData(i) for i in range(combo.count())]
    assert names == ["casino-fr", "casino-it", "online", "hole-card", "home"] == list(PRESETS)
    sources = [combo.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(combo.count())]
    assert [s[:5] for s in sources] == ["[000]", "[003]", "[002]", "[001]", "[004]"]
    choose(combo, "online")
    assert combo.toolTip() == sources[2]
    assert dialog.preset_source.text() == sources[2]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_changing_the_preset_shows_its_values(dialog: SettingsDialog, preset: str) -> None:
    choose(dialog.preset_combo, "home" if preset != "home" else "online")
    choose(dialog.preset_combo, preset)
    assert_editors_show(dialog, HouseRules.from_spec(preset))
    assert not any(is_bold(dialog, name) for name in OPTIONS)
    assert dialog.ok_button.isEnabled()


def test_changing_the_preset_drops_the_overrides(qtbot: Any, dialog: SettingsDialog) -> None:
    box = editor(dialog, "dealer_hits_soft_17")
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert box.isChecked() and is_bold(dialog, "dealer_hits_soft_17")
    choose(dialog.preset_combo, "hole-card")
    assert not box.isChecked() and not is_bold(dialog, "dealer_hits_soft_17")
    assert dialog.overrides() == {}


def test_an_override_is_marked_and_can_go_back(qtbot: Any, dialog: SettingsDialog) -> None:
    decks = dialog.option_editors["decks"]
    spin = editor(dialog, "decks")
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Down)
    assert spin.value() == 5
    assert is_bold(dialog, "decks") and decks.revert.isVisible()
    assert "casino-fr value: 6" in decks.revert.toolTip()
    assert dialog.overrides() == {"decks": 5}
    qtbot.mouseClick(decks.revert, LEFT)
    assert spin.value() == 6 and not is_bold(dialog, "decks") and not decks.revert.isVisible()

    type_into(qtbot, editor(dialog, "chips"), "1 5 25")
    choose(editor(dialog, "split"), "value")
    assert dialog.overrides() == {"chips": "1 5 25", "split": "value"}
    qtbot.mouseClick(dialog.reset_button, LEFT)
    assert dialog.overrides() == {}
    assert_editors_show(dialog, HouseRules.from_spec("casino-fr"))


def test_an_override_is_saved_and_reloads(
    qtbot: Any, dialog: SettingsDialog, settings: Settings, store: Store
) -> None:
    choose(dialog.preset_combo, "casino-it")
    box = editor(dialog, "dealer_hits_soft_17")
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Space)
    type_into(qtbot, editor(dialog, "chips"), "25, 5 1")
    type_into(qtbot, editor(dialog, "table_min"), "2.50")
    press_ok(qtbot, dialog)
    assert dialog.result() == SettingsDialog.DialogCode.Accepted

    expected = {"dealer_hits_soft_17": True, "table_min": "2.50", "chips": ["1", "5", "25"]}
    assert settings.prefs.preset == "casino-it"
    assert settings.prefs.overrides == expected
    again = Settings.load(settings_path())
    assert again.notice is None
    assert (again.prefs.preset, again.prefs.overrides) == ("casino-it", expected)
    rules = again.rules()
    assert rules.dealer_hits_soft_17 and rules.table_min == Decimal("2.50")

    reopened = SettingsDialog(again, store)
    qtbot.addWidget(reopened)
    assert reopened.preset() == "casino-it"
    assert_editors_show(reopened, rules)
    assert editor(reopened, "chips").text() == "1 5 25"
    assert is_bold(reopened, "chips") and is_bold(reopened, "dealer_hits_soft_17")
    assert not is_bold(reopened, "table_max")


def test_split_none_with_three_hands_is_refused(qtbot: Any, dialog: SettingsDialog) -> None:
    choose(editor(dialog, "split"), "none")
    assert "the hands per box must be 1, not 3" in dialog.rules_error.text()
    assert dialog.rules_error.isVisible()
    assert not dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, LEFT)  # a disabled button does nothing
    assert dialog.isVisible() and not settings_path().exists()

    spin = editor(dialog, "max_hands")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "1")
    assert spin.value() == 1
    assert dialog.rules_error.text() == ""
    assert dialog.ok_button.isEnabled()


def test_table_min_above_table_max_is_refused(
    qtbot: Any, dialog: SettingsDialog, settings: Settings
) -> None:
    type_into(qtbot, editor(dialog, "table_min"), "1000")
    message = dialog.rules_error.text()
    assert message == "The table minimum 1000 is above the table maximum 500."
    assert not dialog.ok_button.isEnabled()
    type_into(qtbot, editor(dialog, "table_max"), "")  # no maximum: then any minimum will do
    assert dialog.rules_error.text() == ""
    press_ok(qtbot, dialog)
    assert settings.rules().table_max is None


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("table_max", "lots", "amount"),
        ("table_min", "-5", "positive"),
        ("chips", "", "list of chip values"),
        ("chips", "1 five", "amount"),
    ],
)
def test_a_value_that_is_not_one_is_refused(
    qtbot: Any, dialog: SettingsDialog, name: str, text: str, message: str
) -> None:
    type_into(qtbot, dialog.editors[name], text)
    assert message in dialog.rules_error.text()
    assert is_bold(dialog, name)
    assert not dialog.ok_button.isEnabled()


def test_stored_rules_that_no_longer_hold_open_as_the_preset(
    qtbot: Any, settings: Settings, store: Store
) -> None:
    settings.prefs.preset = "home"
    settings.prefs.overrides = {"max_hands": 3}
    d = SettingsDialog(settings, store)
    qtbot.addWidget(d)
    assert d.preset() == "home"
    assert_editors_show(d, HouseRules.from_spec("home"))
    assert settings.notice and "max_hands" in settings.notice


# -- table and appearance ------------------------------------------------------------------------


def test_currency_and_theme_are_saved(
    qtbot: Any, dialog: SettingsDialog, settings: Settings
) -> None:
    choose(dialog.currency_combo, "CHF")
    assert "CHF\xa025" in dialog.currency_preview.text()
    dialog.tabs.setCurrentIndex(3)
    qtbot.mouseClick(dialog.theme_buttons["dark"], LEFT)
    press_ok(qtbot, dialog)
    again = Settings.load()
    assert (again.prefs.currency, again.prefs.theme) == ("CHF", "dark")
    assert (settings.prefs.currency, settings.prefs.theme) == ("CHF", "dark")


def test_a_free_currency_symbol_of_up_to_three_characters(
    qtbot: Any, dialog: SettingsDialog
) -> None:
    dialog.tabs.setCurrentIndex(1)
    edit = dialog.currency_combo.lineEdit()
    type_into(qtbot, edit, "  ")
    assert dialog.currency_error.text() and not dialog.ok_button.isEnabled()
    type_into(qtbot, edit, "kr.x")
    assert dialog.currency() == "kr."
    assert dialog.ok_button.isEnabled()
    press_ok(qtbot, dialog)
    assert Settings.load().prefs.currency == "kr."


# -- profiles ------------------------------------------------------------------------------------


def profile_names(store: Store) -> list[str]:
    return [p.name for p in store.profiles()]


def test_the_profiles_with_the_active_one_selected(
    qtbot: Any, settings: Settings, store: Store
) -> None:
    store.profile("Ana")
    store.profile("Marco")
    settings.prefs.profile = "Marco"
    d = SettingsDialog(settings, store)
    qtbot.addWidget(d)
    texts = [d.profile_list.item(i).text() for i in range(d.profile_list.count())]
    assert texts == ["Ana", "Marco  (active)"]
    assert d.selected_profile() == "Marco"
    assert not d.switch_button.isEnabled()  # it is already the active one


def test_create_switch_and_rename_reach_the_store(
    qtbot: Any, dialog: SettingsDialog, settings: Settings, store: Store
) -> None:
    dialog.tabs.setCurrentIndex(2)
    assert profile_names(store) == ["default"]  # the active profile always exists
    assert not dialog.create_button.isEnabled()

    type_into(qtbot, dialog.profile_name, "  Alice  ")
    qtbot.mouseClick(dialog.create_button, LEFT)
    assert profile_names(store) == ["Alice", "default"]
    assert dialog.selected_profile() == "Alice" and dialog.profile_name.text() == ""

    qtbot.mouseClick(dialog.switch_button, LEFT)
    assert dialog.active_profile() == "Alice"
    assert settings.prefs.profile == "default"  # not before OK

    type_into(qtbot, dialog.profile_name, "Bob")
    qtbot.mouseClick(dialog.rename_button, LEFT)
    assert profile_names(store) == ["Bob", "default"]
    assert dialog.active_profile() == "Bob"

    type_into(qtbot, dialog.profile_name, "DEFAULT")
    qtbot.mouseClick(dialog.rename_button, LEFT)
    assert "already taken" in dialog.profile_message.text()  # the store's own sentence
    assert profile_names(store) == ["Bob", "default"]

    press_ok(qtbot, dialog)
    assert Settings.load().prefs.profile == "Bob"


def test_profile_names_are_checked(qtbot: Any, dialog: SettingsDialog, store: Store) -> None:
    dialog.tabs.setCurrentIndex(2)
    type_into(qtbot, dialog.profile_name, "   ")
    assert not dialog.create_button.isEnabled() and not dialog.rename_button.isEnabled()
    qtbot.keyClick(dialog.profile_name, Qt.Key.Key_Return)
    assert "Type a name" in dialog.profile_message.text()
    assert dialog.isVisible()  # Enter in the name field never closes the dialog

    type_into(qtbot, dialog.profile_name, "Default")
    qtbot.keyClick(dialog.profile_name, Qt.Key.Key_Return)
    assert "already a profile named 'default'" in dialog.profile_message.text()
    assert profile_names(store) == ["default"]

    type_into(qtbot, dialog.profile_name, "Zoé")
    qtbot.keyClick(dialog.profile_name, Qt.Key.Key_Return)  # Enter creates
    assert profile_names(store) == ["default", "Zoé"]
    assert dialog.profile_message.text() == "" and dialog.isVisible()


def test_renaming_the_saved_active_profile_follows_even_on_cancel(
    qtbot: Any, dialog: SettingsDialog, settings: Settings, store: Store
) -> None:
    dialog.tabs.setCurrentIndex(2)
    type_into(qtbot, dialog.profile_name, "Léa")
    with qtbot.waitSignal(dialog.profile_renamed) as renamed:
        qtbot.mouseClick(dialog.rename_button, LEFT)
    assert renamed.args == ["default", "Léa"]
    assert profile_names(store) == ["Léa"]
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    assert Settings.load().prefs.profile == "Léa"  # never a profile the store has not


# -- OK, Cancel ----------------------------------------------------------------------------------


def test_cancel_leaves_the_file_untouched(qtbot: Any, settings: Settings, store: Store) -> None:
    settings.set_rules("online", {"decks": 2})
    settings.save()
    before = settings_path().read_bytes()
    prefs_before = (settings.prefs.preset, dict(settings.prefs.overrides))
    d = SettingsDialog(settings, store)
    qtbot.addWidget(d)
    d.show()
    choose(d.preset_combo, "home")
    choose(d.currency_combo, "$")
    qtbot.mouseClick(d.theme_buttons["light"], LEFT)
    with qtbot.assertNotEmitted(d.applied):
        qtbot.mouseClick(d.cancel_button, LEFT)
    assert d.result() == SettingsDialog.DialogCode.Rejected
    assert settings_path().read_bytes() == before
    assert (settings.prefs.preset, settings.prefs.overrides) == prefs_before
    assert (settings.prefs.currency, settings.prefs.theme) == ("€", "system")


def test_escape_cancels_without_a_file(qtbot: Any, dialog: SettingsDialog) -> None:
    choose(dialog.preset_combo, "home")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert not settings_path().exists()


def test_a_failed_save_is_shown_and_changes_nothing(
    qtbot: Any, dialog: SettingsDialog, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail() -> None:
        raise SettingsError("The settings could not be written to x: No space left on device.")

    monkeypatch.setattr(settings, "save", fail)
    choose(dialog.preset_combo, "home")
    with qtbot.assertNotEmitted(dialog.applied):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.isVisible()
    assert "No space left" in dialog.status.text() and dialog.status.isVisible()
    assert settings.prefs.preset == "casino-fr"


# -- keyboard and layout -------------------------------------------------------------------------


def test_mnemonics_are_unique_on_every_page(dialog: SettingsDialog) -> None:
    tab_keys = [mnemonic_of(dialog.tabs.tabText(i)) for i in range(dialog.tabs.count())]
    button_keys = [mnemonic_of(b.text()) for b in dialog.buttons.buttons()]
    common = [k for k in tab_keys + button_keys if k]
    assert len(common) == len(set(common)) == 4 + len([k for k in button_keys if k])
    for i in range(dialog.tabs.count()):
        page = dialog.tabs.widget(i)
        assert page is not None
        texts = [w.text() for w in page.findChildren(QLabel) + page.findChildren(QAbstractButton)]
        keys = [k for k in map(mnemonic_of, texts) if k] + common
        assert len(keys) == len(set(keys)), dialog.tabs.tabText(i)
    # all but three options are reached by a letter (the labels hold no more free letters)
    rules_keys = [mnemonic_of(e.label.text()) for e in dialog.option_editors.values()]
    assert sum(k is not None for k in rules_keys) >= len(OPTIONS) - 3


def test_assign_mnemonics() -> None:
    assert assign_mnemonics(["Decks", "Double on"], {"x"}) == ["&Decks", "Double &on"]
    # a later text takes the only letter it can have, the earlier one moves over
    assert assign_mnemonics(["ab", "a"], set()) == ["a&b", "&a"]
    assert assign_mnemonics(["ab", "ba", "a"], set()) == ["&ab", "&ba", "a"]
    assert assign_mnemonics(["Soft 17"], set("softy")) == ["Soft &17"]


def test_alt_letter_switches_tab_and_focuses(qtbot: Any, dialog: SettingsDialog) -> None:
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)  # not on this page
    assert dialog.tabs.currentIndex() == 0
    qtbot.keyClick(dialog, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert dialog.tabs.currentIndex() == 1
    qtbot.keyClick(dialog, Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    assert dialog.currency_combo.hasFocus()
    qtbot.keyClick(dialog, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(dialog, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    assert dialog.preset_combo.hasFocus()


def test_tab_walks_the_options_in_registry_order(qtbot: Any, dialog: SettingsDialog) -> None:
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    dialog.preset_combo.setFocus()
    seen: list[Any] = []
    for _ in range(len(OPTIONS) + 1):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    widgets = list(dialog.editors.values())
    assert [w.objectName() for w in seen[:-1]] == [w.objectName() for w in widgets]
    assert seen[-1] is dialog.reset_button


@pytest.mark.parametrize("page", range(4))
def test_nothing_is_clipped(qtbot: Any, dialog: SettingsDialog, page: int) -> None:
    dialog.tabs.setCurrentIndex(page)
    qtbot.wait(1)  # let the layout run
    shown_widgets = [
        w
        for w in dialog.findChildren(QWidget)
        if w.isVisible() and isinstance(w, QLabel | QAbstractButton | QComboBox | QSpinBox)
    ]
    assert shown_widgets
    for w in shown_widgets:
        if isinstance(w, QLabel) and w.wordWrap():
            continue  # wraps instead
        hint = w.minimumSizeHint()
        assert w.width() >= hint.width(), (w, w.width(), hint.width())
        assert w.height() >= hint.height(), (w, w.height(), hint.height())
    assert dialog.width() <= 1000 and dialog.height() <= 700


# -- theme ---------------------------------------------------------------------------------------


def test_apply_theme(qapp: QApplication) -> None:
    def window_lightness() -> int:
        return qapp.palette().color(QPalette.ColorRole.Window).lightness()

    try:
        apply_theme(qapp, "dark")
        assert window_lightness() < 128
        assert qapp.palette().color(QPalette.ColorRole.WindowText).lightness() > 128
        apply_theme(qapp, "light")
        assert window_lightness() > 128
        apply_theme(qapp, "dark")
        apply_theme(qapp, "system")
        assert qapp.palette() == QPalette()
    finally:
        apply_theme(qapp, "system")


# -- deleting a profile, the settings' words, Alt keys --------------------------------------------


def _answer_the_confirmation(qtbot: Any, dialog: SettingsDialog, button: str) -> list[str]:
    """Click `button` of the confirmation once it is up; returns the question it asked."""
    from PySide6.QtCore import QTimer

    asked: list[str] = []

    def click() -> None:
        box = dialog._confirmation
        if box is None or not box.isVisible():
            QTimer.singleShot(10, click)
            return
        asked.append(box.text())
        target = next(b for b in box.buttons() if b.text().replace("&", "") == button)
        qtbot.mouseClick(target, LEFT)

    QTimer.singleShot(0, click)
    return asked


def test_an_instructor_deletes_a_profile_after_a_confirmation(
    qtbot: Any, dialog: SettingsDialog, store: Store
) -> None:
    session = store.start_session("Bruno", "practice", ["pay-even"], "casino-fr")
    for _ in range(3):
        store.record(session, "pay-even", "pay-even:10", {}, "10", "10", True, 1500)
    store.end_session(session)
    dialog._fill_profiles(select="Bruno")
    dialog.tabs.setCurrentIndex(2)
    assert dialog.selected_profile() == "Bruno" and dialog.delete_button.isEnabled()

    asked = _answer_the_confirmation(qtbot, dialog, "Cancel")
    qtbot.mouseClick(dialog.delete_button, LEFT)
    assert asked == [
        "Delete the profile 'Bruno' and its 3 answers? Its sessions and figures go with it. "
        "This cannot be undone."
    ]
    assert profile_names(store) == ["Bruno", "default"]  # Cancel keeps it

    asked = _answer_the_confirmation(qtbot, dialog, "Delete")
    with qtbot.waitSignal(dialog.profile_deleted) as deleted:
        qtbot.mouseClick(dialog.delete_button, LEFT)
    assert deleted.args == ["Bruno"] and asked
    assert profile_names(store) == ["default"]
    assert "Bruno and 3 answers deleted" in dialog.profile_message.text()


def test_the_active_profile_is_not_deleted(qtbot: Any, dialog: SettingsDialog, store: Store):
    dialog.tabs.setCurrentIndex(2)
    assert dialog.selected_profile() == "default"
    qtbot.mouseClick(dialog.delete_button, LEFT)  # no confirmation: a sentence
    assert "is the active profile" in dialog.profile_message.text()
    assert profile_names(store) == ["default"]


@pytest.mark.parametrize(
    ("engine", "shown"),
    [
        (
            "table_min 600 is above table_max 500",
            "The table minimum 600 is above the table maximum 500.",
        ),
        (
            "option decks takes a whole number from 1 to 8, not 9",
            "Decks: a whole number from 1 to 8, not 9.",
        ),
        (
            "double_after_split needs both doubling (double_on) and splitting (split)",
            "The double after split needs both doubling (double on) and splitting (split).",
        ),
    ],
)
def test_messages_use_the_words_the_settings_show(engine: str, shown: str) -> None:
    from ui.dialogs.rules_words import in_settings_words

    assert in_settings_words(engine) == shown
    assert "_" not in shown


def test_an_alt_chord_types_nothing_into_a_text_field(qtbot: Any, dialog: SettingsDialog) -> None:
    used = {
        mnemonic_of(w.text())
        for w in dialog.findChildren(QWidget)
        if hasattr(w, "text") and isinstance(w.text(), str)
    }
    free = next(c for c in "zqxjkwyvbgumol" if c not in used)
    dialog.show()
    qtbot.waitExposed(dialog)
    fields = [editor(dialog, "chips"), editor(dialog, "table_min")]
    dialog.tabs.setCurrentIndex(2)
    fields.append(dialog.profile_name)
    for field in fields:
        dialog.tabs.setCurrentWidget(_page_of(dialog, field))
        field.setFocus()
        before = field.text()
        qtbot.keyClick(field, free, Qt.KeyboardModifier.AltModifier)
        assert field.text() == before, field.objectName()
        qtbot.keyClick(field, "z")  # a plain key still types
        assert field.text() == before + "z"
    dialog.tabs.setCurrentIndex(1)
    currency = dialog.currency_combo.lineEdit()
    currency.setFocus()
    before = currency.text()
    qtbot.keyClick(currency, free, Qt.KeyboardModifier.AltModifier)
    assert currency.text() == before


def _page_of(dialog: SettingsDialog, widget: QWidget) -> QWidget:
    for i in range(dialog.tabs.count()):
        page = dialog.tabs.widget(i)
        if page.isAncestorOf(widget):
            return page
    raise LookupError(widget)


def test_a_refusal_shown_is_said_again_after_a_switch_of_language(
    qtbot: Any, dialog: SettingsDialog
) -> None:
    # The refusal stayed in the language it was made in, and French and Italian ones named the
    # options with English articles ("the minimum de la table").
    from trainer import i18n

    type_into(qtbot, editor(dialog, "table_min"), "1000")
    assert dialog.rules_error.text() == "The table minimum 1000 is above the table maximum 500."
    try:
        i18n.set_language("fr")
        dialog.retranslate()
        said = dialog.rules_error.text()
        assert said == "Le minimum de la table (1000) dépasse le maximum de la table (500)."
        i18n.set_language("it")
        dialog.retranslate()
        assert (
            dialog.rules_error.text()
            == "Il minimo del tavolo (1000) supera il massimo del tavolo (500)."
        )
        type_into(qtbot, editor(dialog, "table_min"), "10")
        choose(editor(dialog, "split"), "none")
        said = dialog.rules_error.text()
        assert "le mani per riquadro devono valere 1, non 3" in said and "the " not in said
        i18n.set_language("fr")
        dialog.retranslate()
        assert "les mains par case doivent valoir 1, pas 3" in dialog.rules_error.text()
    finally:
        i18n.set_language("en")
    dialog.retranslate()
    assert "the hands per box must be 1, not 3" in dialog.rules_error.text()


def test_the_window_s_switch_reaches_the_open_settings(qtbot: Any, window: Any) -> None:
    from PySide6.QtCore import QTimer

    from trainer import i18n
    from ui.language import install_qt_translation

    seen: list[str] = []

    def inside() -> None:  # run by the dialog's own event loop
        dlg = window._settings_dialog
        type_into(qtbot, editor(dlg, "table_min"), "1000")
        window.set_language("it")
        seen.append(dlg.rules_error.text())
        dlg.reject()

    QTimer.singleShot(0, inside)
    try:
        window.open_settings()
    finally:
        i18n.set_language("en")
        install_qt_translation(QApplication.instance(), "en")
    assert seen == ["Il minimo del tavolo (1000) supera il massimo del tavolo (500)."]
