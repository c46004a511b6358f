"""The interface's language: Qt's own strings from the translations PySide6 ships, the choice in
the settings and the Language menu, and the switch while the app runs — with a drill open, the
texts change and the drill goes on where it was, nothing lost."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit

from trainer import i18n
from trainer.practice.skills.base import same_question
from ui.language import (
    install_qt_translation,
    language_choices,
    qt_language,
    resolve,
)

pytestmark = pytest.mark.usefixtures("english_after")


def _cancel(box: QDialogButtonBox) -> str:
    button = box.button(QDialogButtonBox.StandardButton.Cancel)
    assert button is not None
    return button.text().replace("&", "")


def test_qt_s_own_strings_follow_the_language(qtbot):
    app = QApplication.instance()
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert _cancel(box) == "Cancel"
    assert install_qt_translation(app, "fr") and qt_language(app) == "fr"
    QCoreApplication.processEvents()  # the LanguageChange Qt posts to every widget
    assert _cancel(box) == "Annuler"
    # a line edit's context menu is made when asked for: in the language of the moment
    edit = QLineEdit()
    qtbot.addWidget(edit)
    menu = edit.createStandardContextMenu()
    assert "Copier" in [a.text().replace("&", "").split("\t")[0] for a in menu.actions()]
    menu.deleteLater()
    assert install_qt_translation(app, "it")
    QCoreApplication.processEvents()
    assert _cancel(box) == "Annulla"
    assert not install_qt_translation(app, "en")  # English: Qt's source strings, nothing loaded
    QCoreApplication.processEvents()
    assert _cancel(box) == "Cancel" and qt_language(app) == "en"


def test_the_system_s_language_is_named_among_the_choices():
    assert resolve("", {"LANG": "fr_FR.UTF-8"}) == "fr"
    assert resolve("", {"LANG": "de_DE.UTF-8"}) == "en"
    assert resolve("it", {"LANG": "fr_FR.UTF-8"}) == "it"
    assert language_choices("fr") == [
        ("", "System (Français)"),
        ("en", "English"),
        ("fr", "Français"),
        ("it", "Italiano"),
    ]
    i18n.set_language("fr")
    assert language_choices("it")[0] == ("", "Système (Italiano)")


def test_switching_with_a_drill_open_changes_the_words_and_loses_nothing(qtbot, window):
    window.home.select(["pay-even"])
    qtbot.keyClick(window.home.table, Qt.Key.Key_P)
    page = window.drill_page
    first = page.question
    qtbot.keyClicks(page.line, first.expected)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.last.verdict.correct
    qtbot.keyClick(page.line, Qt.Key.Key_Space)
    second = page.question
    assert second is not first
    qtbot.waitUntil(lambda: page._clock.isValid())  # the question is on screen, timed
    qtbot.keyClicks(page.line, "1")  # an answer begun, not given
    assert page.end_button.text() == "End  (Esc)"
    assert window.windowTitle() == "Sabot — Practice"

    assert window.set_language("fr") == "fr"

    # the words are French: the menus, the title, the page, Qt's own
    menu = window.menuBar().actions()[0].menu()
    assert [a.text() for a in menu.actions()][:2] == ["&Accueil", "&Paramètres…"]
    assert window.windowTitle() == "Sabot — Entraînement"
    assert page.end_button.text() == "Terminer  (Échap)"
    assert page.progress.text() == "question 2   ·   1 justes"
    assert page.hint.text().endswith("objectif 2,0\u00a0s")
    assert page.line.placeholderText() == "votre réponse, puis Entrée"
    assert qt_language(QApplication.instance()) == "fr"
    # the drill is where it was: the same question, in French, the answer begun, the clock on
    # again once it is painted in its new words
    assert page.drill is not None and page.question is page.drill.current
    assert same_question(page.question, second) and page.question.prompt != second.prompt
    assert page.line.text() == "1"
    qtbot.waitUntil(lambda: page._clock.isValid())
    second = page.question
    assert window.pages.currentWidget() is page
    # and it goes on: the answer is judged, said in French, and stored
    qtbot.keyClick(page.line, Qt.Key.Key_Backspace)
    qtbot.keyClicks(page.line, second.expected)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.last.question is second and page.last.verdict.correct
    assert "✓ Juste" in page.feedback.text() and "objectif" in page.feedback.text()
    assert [r.correct for r in window.store.attempts(profile="default")] == [True, True]

    # the verdict on screen is said again in the new words; back to English
    window.set_language("en")
    assert "✓ Right" in page.feedback.text()
    assert page.end_button.text() == "End  (Esc)"
    assert window.windowTitle() == "Sabot — Practice"


def test_the_summary_and_home_are_said_again_after_a_switch(qtbot, window):
    window.start_drill(["pay-even"], "practice")
    page = window.drill_page
    qtbot.keyClicks(page.line, page.question.expected)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    qtbot.keyClick(page, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.summary
    assert "right out of" in window.summary.body.text()
    window.set_language("it")
    assert "giuste su" in window.summary.body.text()
    assert window.summary.title.text() == "Allenamento finito"
    assert window.windowTitle() == "Sabot — Riepilogo"
    qtbot.keyClick(window.summary, Qt.Key.Key_Escape)
    assert window.wait_for_figures()
    header = window.home.table.horizontalHeaderItem(0)
    assert header is not None and header.text() == "Abilità"
    assert window.home.buttons["practice"].text() == "&Allenamento   [P]"


def test_the_language_menu_and_the_settings_choose_and_keep_the_language(qtbot, window):
    window._fill_language_menu()  # as when it is opened
    texts = [a.text() for a in window._language_menu.actions()]
    assert texts == ["System (English)", "English", "Français", "Italiano"]
    assert window._language_menu.actions()[0].isChecked()  # "" follows the system
    window._language_menu.actions()[2].trigger()
    assert i18n.language() == "fr" and window.settings.prefs.language == "fr"
    saved = json.loads(window.settings.path.read_text(encoding="utf-8"))
    assert saved["preferences"]["language"] == "fr"
    assert window.home.buttons["practice"].text() == "&Entraînement   [P]"

    from ui.dialogs.settings import SettingsDialog

    dlg = SettingsDialog(window.settings, window.store, window)
    qtbot.addWidget(dlg)
    dlg.applied.connect(window._settings_applied)
    combo = dlg.language_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Système (English)",
        "English",
        "Français",
        "Italiano",
    ]
    assert combo.currentData() == "fr"
    assert _cancel(dlg.buttons) == "Annuler"  # Qt's own button, in French
    combo.setCurrentIndex(combo.findData("it"))
    dlg.accept()
    assert i18n.language() == "it" and window.settings.prefs.language == "it"
    assert window.home.buttons["practice"].text() == "&Allenamento   [P]"
    assert qt_language(QApplication.instance()) == "it"


@pytest.mark.slow
def test_an_english_start_up_loads_no_catalogue_nor_qt_translation(tmp_path):
    """English is the source language: the window comes up without reading a catalogue or a
    Qt translation file; French reads both."""
    script = """
import json, sys
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication
import ui.language
from trainer import i18n
from trainer.settings import Settings
from ui.main_window import MainWindow
app = QApplication([])
settings = Settings.load()
language = settings.prefs.language
if ui.language.resolve(language) != "en":
    ui.language.apply_language(language, app)
w = MainWindow(settings, open_store=lambda: None)
print(json.dumps({
    "po": "trainer.po" in sys.modules,
    "catalogues": sorted(map(list, i18n._catalogues)),
    "translators": len(app.findChildren(QTranslator)),
    "title": w.windowTitle(),
}))
"""
    found = {}
    for lang in ("C.UTF-8", "fr_FR.UTF-8"):
        env = {"LANG": lang, "SABOT_DATA_DIR": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
        import os

        env["PATH"] = os.environ.get("PATH", "")
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        found[lang] = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["C.UTF-8"] == {
        "po": False,
        "catalogues": [],
        "translators": 0,
        "title": "Sabot — Home",
    }
    assert found["fr_FR.UTF-8"]["translators"] == 1
    # the home screen lists the curriculum, whose titles are the domain's (trainer.po)
    assert found["fr_FR.UTF-8"]["catalogues"] == [["trainer", "fr"], ["ui", "fr"]]
    assert found["fr_FR.UTF-8"]["title"] == "Sabot — Accueil"


def test_no_function_of_the_windows_hides_the_translation_function():
    """`_` is the translation function in every module of ui/: a function (or comprehension)
    that also names a throwaway value `_` ("body, stripe, _ = …") would call that value
    instead, and an exception raised while painting takes the app down."""
    import ast
    from pathlib import Path

    import ui

    scopes = (
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.Lambda,
        ast.ListComp,
        ast.SetComp,
        ast.DictComp,
        ast.GeneratorExp,
    )

    def own(node: ast.AST):
        """The nodes of `node`'s own scope: not those of the scopes inside it."""
        for child in ast.iter_child_nodes(node):
            if isinstance(child, scopes):
                if isinstance(child, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef):
                    yield from child.args.defaults  # evaluated in the enclosing scope
                continue
            yield child
            yield from own(child)

    def binds(node: ast.AST) -> bool:
        names = list(own(node))
        if isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            names += [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]
        if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            names += [t for g in node.generators for t in ast.walk(g.target)]
        return any(
            (isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store))
            or (isinstance(n, ast.arg) and n.arg == "_")
            for n in names
        )

    found = []

    def visit(node: ast.AST, hiding: bool, where: str) -> None:
        if isinstance(node, scopes):
            hiding = hiding or binds(node)  # a closure sees the `_` of the scope around it
        for child in ast.iter_child_nodes(node):
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id == "_"
                and hiding
            ):
                found.append(f"{where}:{child.lineno}")
            visit(child, hiding, where)

    for path in sorted(Path(ui.__file__).parent.rglob("*.py")):
        visit(ast.parse(path.read_text(encoding="utf-8")), False, path.name)
    assert found == []


def test_a_shoe_dealt_and_a_home_game_go_on_in_the_new_words(qtbot, window):
    window.open_deal()
    deal = window._deal
    deal.setup.seed.setText("7")
    deal.setup.submit()
    shoe = deal.shoe
    assert shoe.step.expected == "burn"  # a shoe begins with its burn [000]
    qtbot.keyClick(deal, "b")
    step, position = shoe.step, shoe.position
    assert deal.prompt.text() == step.prompt == "Deal the next card"
    window.set_language("fr")
    # the same shoe, at the same step, asked in French
    assert deal.shoe is shoe and shoe.position == position
    assert shoe.step.expected == step.expected and shoe.language == "fr"
    assert deal.prompt.text() == shoe.step.prompt == "Donnez la carte suivante"
    wrong = "d" if shoe.step.expected != "dealer" else "1"
    qtbot.keyClick(deal, wrong)  # the wrong place: the verdict says the rule, in French
    french_rule = shoe.step.rule
    assert french_rule in deal.feedback.text()
    window.set_language("it")
    assert shoe.step.rule != french_rule and shoe.step.rule in deal.feedback.text()
    stored = [a for a in window.store.attempts() if a.session_id == shoe.session_id]
    assert [a.item for a in stored] == ["procedure:burn", "deal:box"]  # the wrong place once
    window.set_language("fr")
    assert deal.buttons["draw"].text() == "Tirer (H)"
    assert deal.status.text().startswith("Coup 1 · entraînement")
    assert window.windowTitle() == "Sabot — Distribuer un sabot"
    felt = deal.table.table_scene()._felt
    assert felt is not None and felt._key[-1] == "fr"  # DEALER, SHOE: "CROUPIER", "SABOT"

    window.open_home_game()
    game = window._home_game
    game.setup.submit()
    assert game.grid.horizontalHeaderItem(0).text() == "Joueur"
    window.set_language("it")
    assert game.grid.horizontalHeaderItem(0).text() == "Giocatore"
    assert game.caption.text().startswith("<b>Colpo 1</b>")
    assert game.end_button.text() == "Termina la partita (Esc)"


def _progress_after_one_answer(qtbot, window):
    """The progress view, open and read, on a history of one right answer."""
    window.start_drill(["pay-even"], "practice")
    page = window.drill_page
    qtbot.keyClicks(page.line, page.question.expected)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    page.end()
    window.open_progress()
    view = window._progress
    qtbot.waitUntil(lambda: view.is_loaded, timeout=10_000)
    return view


def test_the_progress_view_is_made_again_in_the_new_words_on_its_tab(qtbot, window):
    view = _progress_after_one_answer(qtbot, window)
    view.tabs.setCurrentIndex(3)  # Readiness
    assert view.tabs.tabText(3) == "&Readiness"
    qtbot.waitUntil(lambda: view.timeline is not None and view.timeline.progress is not None)
    view.timeline.set_filters(mode="practice", days=7)
    window.set_language("fr")
    again = window._progress
    assert again is not view and again.isVisible()
    assert again.tabs.currentIndex() == 3 and again.tabs.tabText(0) == "&Chronologie"
    qtbot.waitUntil(lambda: again.is_loaded, timeout=10_000)
    # the timeline's filters as the trainee left them
    assert again.timeline.mode_box.currentData() == "practice"
    assert again.timeline.range_box.currentData() == 7
    assert "pas encore prêt" in again.readiness.verdict.text()
    assert again.windowTitle() == "Sabot — Progrès"


def test_a_question_open_in_a_switch_of_language_is_asked_again_in_the_new_words(qtbot, window):
    """fr → it mid-question: the prompt, the hint and the table's words in Italian, the answer
    typed so far kept, the clock held while switching; the answer is judged and stored once."""
    import time

    window.set_language("fr")
    # taken before the question is asked: its clock starts later, at its first paint, so the
    # time measured here from this moment is never shorter than the answer's own
    shown_ns = time.monotonic_ns()
    window.start_drill(["announce"], "practice", seed=4)
    page = window.drill_page
    q = page.question
    assert q is not None
    qtbot.waitUntil(lambda: page._clock.isValid())  # on screen, timed
    french = page.prompt.text()
    assert french == q.prompt and "Annoncez" in french
    felt = page.scene._felt
    assert felt is not None and felt._key[-1] == "fr"
    qtbot.keyClicks(page.line, "1")  # an answer begun

    switch_ns = time.monotonic_ns()
    window.set_language("it")
    switch_ms = (time.monotonic_ns() - switch_ns) / 1e6
    # held over the switch, and on again from the first paint of the question in Italian
    assert not page._clock.isValid()
    qtbot.waitUntil(lambda: page._clock.isValid())

    now = page.question
    assert now is not q and now is window.drill_page.drill.current
    assert (now.item, now.data, now.answer) == (q.item, q.data, q.answer)
    assert page.prompt.text() == now.prompt != french
    assert "Annuncia" in page.prompt.text()
    assert "obiettivo" in page.hint.text()
    felt = page.scene._felt
    assert felt is not None and felt._key[-1] == "it"
    assert page.line.text() == "1"

    qtbot.keyClick(page.line, Qt.Key.Key_Backspace)
    qtbot.keyClicks(page.line, now.expected)
    with qtbot.waitSignal(page.answeredSignal) as answered:
        qtbot.keyClick(page.line, Qt.Key.Key_Return)
    done = answered.args[0]
    total_ms = (time.monotonic_ns() - shown_ns) / 1e6
    assert done.question is now and done.verdict.correct
    assert "✓ Giusto" in page.feedback.text()
    rows = list(window.store.attempts(profile="default"))
    assert len(rows) == 1 and rows[0].correct and rows[0].expected == now.expected
    # the switch is not the trainee's time: what it took is left out of the answer's
    assert rows[0].response_ms <= total_ms - switch_ms + 1


def test_a_verdict_and_a_choice_shown_are_said_again_in_the_new_words(qtbot, window):
    window.set_language("fr")
    window.start_drill(["procedure"], "practice", seed=8)
    page = window.drill_page
    q = page.question
    assert q is not None and q.choices
    qtbot.waitUntil(lambda: page._clock.isValid())
    wrong = str(2 if int(q.answer) == 0 else 1)
    qtbot.keyClick(page.choices, wrong)
    assert page.last is not None and not page.last.verdict.correct
    french = page.feedback.text()
    buttons = [b.text() for b in page.choices.buttons]
    window.set_language("it")
    now = page.last.question
    assert now.choices != q.choices and page.last.verdict.reason != ""
    assert [b.text().lstrip("✓✗ ") for b in page.choices.buttons] == [
        f"{i + 1}   {c}" for i, c in enumerate(now.choices)
    ]
    marked = [b.text()[:1] for b in page.choices.buttons]
    assert marked == [b[:1] for b in buttons]  # the same buttons marked ✓ and ✗
    assert page.feedback.text() != french and page.last.verdict.expected in page.feedback.text()
    assert len(list(window.store.attempts(profile="default"))) == 1
    qtbot.keyClick(page.choices, Qt.Key.Key_Space)  # and it goes on
    assert page.question is not None and page.question is not now


def _ticks(axis, low: float, high: float, pixels: int = 400) -> list[str]:
    """The texts `axis` draws for the range low–high on `pixels` of screen, every level."""
    words = []
    for spacing, values in axis.tickValues(low, high, pixels):
        words += axis.tickStrings(values, 1.0, spacing)
    return words


def test_the_charts_axes_write_numbers_and_months_in_the_new_words(qtbot, window):
    from datetime import datetime

    view = _progress_after_one_answer(qtbot, window)
    right = view.timeline.plot.getPlotItem().getAxis("right")
    assert "1.5" in _ticks(right, 0.0, 2.0)
    window.set_language("fr")
    again = window._progress
    qtbot.waitUntil(lambda: again.is_loaded, timeout=10_000)
    timeline, shoes = again.timeline.plot.getPlotItem(), again.shoes.plot.getPlotItem()
    seconds = _ticks(timeline.getAxis("right"), 0.0, 2.0)
    assert "1,5" in seconds and not any("." in s for s in seconds)
    assert "97,5" in _ticks(timeline.getAxis("left"), 95.0, 100.0)
    assert "0,5" in _ticks(shoes.getAxis("left"), 0.0, 2.0)
    assert timeline.getAxis("right").isVisible() and not shoes.getAxis("right").isVisible()
    # a year of sessions: its months by Sabot's names, not strftime's (the system's language)
    year = datetime(2026, 1, 1).timestamp(), datetime(2026, 12, 31).timestamp()
    months = _ticks(timeline.getAxis("bottom"), *year)
    assert "févr." in months and "juin" in months and not {"Feb", "Jun"} & set(months)
    days = _ticks(
        timeline.getAxis("bottom"),
        datetime(2026, 11, 2).timestamp(),
        datetime(2026, 11, 12).timestamp(),
    )
    assert "7 nov." in days
    window.set_language("it")
    last = window._progress
    qtbot.waitUntil(lambda: last.is_loaded, timeout=10_000)
    assert "1,5" in _ticks(last.timeline.plot.getPlotItem().getAxis("right"), 0.0, 2.0)
    assert "giu" in _ticks(last.timeline.plot.getPlotItem().getAxis("bottom"), *year)


def test_a_house_rules_refusal_on_home_is_said_in_the_language_shown(qtbot, store, tmp_path):
    """Issue 13: the settings are read before the language is chosen, and the notice of house
    rules that cannot be kept held the refusal as written then, in English, under a French
    interface; it keeps the refusal whole and says it when shown, again after a switch."""
    from trainer.settings import Settings
    from ui.language import apply_language
    from ui.main_window import MainWindow

    overrides = {"decks": "x"}
    document = {"preferences": {"language": "fr", "preset": "casino-fr", "overrides": overrides}}
    (tmp_path / "settings.json").write_text(json.dumps(document), "utf-8")
    settings = Settings.load(tmp_path / "settings.json")  # as at start-up: read in English,
    apply_language(settings.prefs.language, QApplication.instance())  # then its language
    w = MainWindow(settings, store)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert i18n.language() == "fr"
    notice = w.home.notice
    assert notice.isVisible()
    french = notice.text()
    assert "les changements des règles de la maison ont été abandonnés" in french, french
    assert "l'option decks" in french and "option decks takes" not in french, french
    w.set_language("it")
    italian = notice.text()
    assert "l'opzione decks è un numero intero da 1 a 8, non 'x'" in italian, italian
    assert "l'option decks" not in italian


def _choose_language(qtbot, dlg, code: str) -> None:
    """Choose a language in the settings as a keyboard does: its combo focused, then Down or
    Up until it shows `code`."""
    combo = dlg.language_combo
    combo.setFocus()
    wanted = combo.findData(code)
    while combo.currentIndex() != wanted:
        key = Qt.Key.Key_Down if combo.currentIndex() < wanted else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)
        combo = dlg.language_combo  # the dialog is made again in each language it passes


@pytest.mark.parametrize(
    ("lang", "title", "tab", "theme"),
    [
        ("fr", "Sabot — Paramètres", "Règles de la &maison", "Thème\u202f:"),
        ("it", "Sabot — Impostazioni", "&Regole della casa", "Tema:"),
    ],
)
def test_a_language_chosen_in_the_settings_says_the_dialog_again_keeping_its_choices(
    qtbot, window, lang, title, tab, theme
):
    # The settings dialog is modal: a language chosen in it changed nothing until OK, and
    # after OK the dialog was gone; the dialog stayed English while it was open.
    from PySide6.QtWidgets import QLabel

    path = window.settings.path
    saved = path.read_text("utf-8") if path.exists() else None
    dlg = window.settings_dialog()
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.preset_combo.setCurrentIndex(dlg.preset_combo.findData("casino-it"))
    dlg.option_editors["decks"].widget.setValue(4)
    dlg.option_editors["table_max"].widget.setText("12x")  # no amount yet: kept as typed
    dlg.currency_combo.setCurrentText("CHF")
    dlg.profile_name.setText("Zoé")
    dlg.theme_buttons["dark"].setChecked(True)
    dlg.tabs.setCurrentIndex(3)  # Appearance
    refusal = dlg.rules_error.text()
    assert refusal and not dlg.ok_button.isEnabled()

    _choose_language(qtbot, dlg, lang)
    assert i18n.language() == lang  # spoken at once, the window behind too
    assert dlg.windowTitle() == title and dlg.tabs.tabText(0) == tab
    assert theme in [label.text() for label in dlg.findChildren(QLabel) if label.isVisibleTo(dlg)]
    assert dlg.rules_error.text() != refusal and dlg.rules_error.text()
    assert _cancel(dlg.buttons) != "Cancel"  # Qt's own button too
    assert window.home.buttons["practice"].text() != "&Practice   [P]"
    # every choice as it was, none saved
    assert dlg.tabs.currentIndex() == 3 and dlg.focusWidget() is dlg.language_combo, (
        dlg.focusWidget()
    )
    assert dlg.preset() == "casino-it" and dlg.option_editors["decks"].widget.value() == 4
    assert dlg.option_editors["table_max"].widget.text() == "12x"
    assert dlg.option_editors["decks"].label.font().bold()  # changed from the preset
    assert dlg.currency() == "CHF" and dlg.profile_name.text() == "Zoé"
    assert dlg.theme() == "dark" and dlg.language() == lang
    assert window.settings.prefs.language == ""
    assert (path.read_text("utf-8") if path.exists() else None) == saved

    # Cancel: the saved language again, nothing saved
    qtbot.mouseClick(dlg.cancel_button, Qt.MouseButton.LeftButton)
    assert i18n.language() == "en" and window._settings_dialog is None
    assert window.home.buttons["practice"].text() == "&Practice   [P]"
    assert (path.read_text("utf-8") if path.exists() else None) == saved

    # chosen again and kept: OK saves it, and it stays
    dlg = window.settings_dialog()
    dlg.show()
    qtbot.waitExposed(dlg)
    _choose_language(qtbot, dlg, lang)
    dlg.currency_combo.setCurrentText("CHF")
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert i18n.language() == lang and window.settings.prefs.language == lang
    assert window.settings.prefs.currency == "CHF"
    assert json.loads(window.settings.path.read_text("utf-8"))["preferences"]["language"] == lang
