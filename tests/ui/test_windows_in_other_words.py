"""The windows in French and Italian, as a real window showed them cut or half English: a shoe's
report named its kinds of error and its phases by their keys ("deal", "settle") and said
"1 coups"; the home game's sheet said "wins" and "bust"; a long choice was cut at the panel's
edge; the chip tray's buttons were cut on a 1024-wide screen; the progress view's shoes legend
made the window wider than the screen and its day ticks said "Nov"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from trainer import i18n

pytestmark = pytest.mark.usefixtures("english_after")


def test_a_shoe_s_report_names_its_kinds_and_phases_in_the_trainee_s_words(qtbot, window):
    window.set_language("fr")
    window.open_deal()
    deal = window._deal
    deal.setup.seed.setText("7")
    deal.setup.submit()
    step = deal.shoe.step
    wrong = "h" if step.expected == "burn" else "d" if step.expected != "dealer" else "1"
    qtbot.keyClick(deal, wrong)  # one error, one step (the shoe's burn: drawn instead)
    deal.end_shoe()
    text = deal.report.text()
    # the round left at its first step is not dealt to its end: the history counts it so too
    assert "0 coup, 1 geste du croupier" in text and "erreur — " in text
    for french in ("distribution", "annonces", "paiements", "procédure"):
        assert f"<td>{french}</td>" in text
    assert "la donne 0" in text.replace("\u00a0", " ") or "la donne 1" in text
    assert "le règlement" in text
    for key in ("<td>deal</td>", "<td>pay</td>", "settle ", "1 coups"):
        assert key not in text
    window.set_language("it")
    text = deal.report.text()
    assert "<td>pagamenti</td>" in text and "il pagamento" in text and "0 colpi" in text


def test_the_home_game_s_sheet_says_the_results_in_the_table_s_words(qtbot, window):
    window.set_language("it")
    window.open_home_game()
    game = window._home_game
    game.setup.submit()
    hands = [game.grid.item(row, 2).text() for row in range(game.grid.rowCount())]
    words = " ".join(hands) + " " + game.caption.text()
    for english in (" wins", " loses", " ties", "bust"):
        assert english not in words
    from trainer.game.home import RESULT_WORDS, result_words

    assert any(result_words(r) in words for r in RESULT_WORDS)


def test_a_long_choice_is_whole_in_the_drill_s_panel_on_a_1024_wide_window(qtbot, new_window):
    window = new_window()
    window.set_language("fr")
    window.resize(1024, 600)
    window.show()
    qtbot.waitExposed(window)
    window.start_drill(["procedure"], "practice", seed=8)
    page = window.drill_page
    qtbot.waitUntil(lambda: page._clock.isValid())
    for b in page.choices.buttons:
        qtbot.waitUntil(lambda b=b: b.words.heightForWidth(b.words.width()) <= b.words.height())
        assert b.geometry().right() <= page.choices.width()
    window.close()


def test_a_long_choice_wraps_in_its_button_instead_of_being_cut(qtbot):
    from ui.pages.drill import ChoiceButtons

    buttons = ChoiceButtons()
    qtbot.addWidget(buttons)
    long = "Payer tout de suite le Black Jack de la case 1, 3 pour 2"
    buttons.set_choices(("Tirer votre seconde carte", long))
    buttons.resize(280, 300)
    buttons.show()
    qtbot.waitExposed(buttons)
    short, wrapped = buttons.buttons
    assert wrapped.text() == f"2   {long}"
    words = wrapped.words
    assert words.heightForWidth(words.width()) <= words.height()  # every line shown
    assert wrapped.height() > short.height()  # on two lines
    assert wrapped.geometry().right() <= buttons.width()
    buttons.show_verdict(1, 0)  # ✗ on the long one, ✓ on the right one: still whole
    assert wrapped.text().startswith("✗ 2") and words.font().bold()
    assert words.heightForWidth(words.width()) <= words.height()


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_chip_tray_s_buttons_are_whole_on_a_1024_wide_window(qtbot, new_window, lang):
    window = new_window()
    window.set_language(lang)
    window.resize(1024, 600)
    window.show()
    qtbot.waitExposed(window)
    window.start_drill(["chips"], "practice", seed=2)
    page = window.drill_page
    qtbot.waitUntil(lambda: page._clock.isValid())
    tray = page.tray
    assert tray is not None and tray.isVisible()
    for b in (tray.undo_button, tray.clear_button, tray.pay_button):
        assert b.width() >= b.sizeHint().width(), b.text()
    window.close()


def test_the_progress_view_fits_a_1024_wide_screen_in_french(qtbot, window):
    from ui.progress.shoes import ShoesTab
    from ui.progress.timeline import TimelineTab

    window.set_language("fr")
    window.open_progress()
    view = window._progress
    qtbot.waitUntil(lambda: view.is_loaded, timeout=10_000)
    assert view.minimumSizeHint().width() <= 1024
    shoes = ShoesTab()  # its legend, the longest line of the view, on two lines if need be
    qtbot.addWidget(shoes)
    assert shoes.minimumSizeHint().width() <= 1000
    timeline = TimelineTab()
    qtbot.addWidget(timeline)
    # the day ticks in Sabot's words: strftime's "Nov" is the system's word, not the trainee's
    from datetime import datetime

    axis = timeline.date_axis
    timeline.show()
    qtbot.waitUntil(lambda: hasattr(axis, "fontMetrics"))  # drawn once: its ticks are sized
    days = [
        text
        for spacing, values in axis.tickValues(
            datetime(2026, 11, 2).timestamp(), datetime(2026, 11, 12).timestamp(), 400
        )
        for text in axis.tickStrings(values, 1.0, spacing)
    ]
    assert "7 nov." in days and "Nov" not in " ".join(days)


def test_the_rules_book_is_never_taller_than_the_screen(qtbot):
    from PySide6.QtCore import QRect

    from ui.dialogs.rules_book import fitted

    class Screen:
        def __init__(self, w: int, h: int) -> None:
            self.room = QRect(0, 0, w, h)

        def availableGeometry(self) -> QRect:  # noqa: N802
            return self.room

    assert fitted(980, 680, Screen(1024, 600)) == (980, 540)
    assert fitted(980, 680, Screen(1280, 800)) == (980, 680)
    assert fitted(980, 680, None) == (980, 680)


def test_the_settings_name_a_rule_s_values_in_the_trainee_s_words(qtbot, window):
    from ui.dialogs.settings import SettingsDialog

    window.set_language("fr")
    dlg = SettingsDialog(window.settings, window.store, window)
    qtbot.addWidget(dlg)
    combo = dlg.editors["reshuffle"]
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts == ["au carton rouge", "après chaque coup"]
    assert [combo.itemData(i) for i in range(combo.count())] == ["cut-card", "every-round"]
    assert "--option reshuffle=cut-card" in combo.itemData(0, Qt.ItemDataRole.ToolTipRole)
    split = dlg.editors["split"]
    assert split.currentText() == "deux cartes de même rang" and split.currentData() == "rank"


def test_the_shortcuts_name_the_keys_as_the_trainee_s_keyboard_does(qtbot):
    from ui.dialogs.help import ShortcutsDialog

    i18n.set_language("fr")
    dlg = ShortcutsDialog([])
    qtbot.addWidget(dlg)
    text = dlg.text.text()
    for french in ("Entrée", "Espace ou Entrée", "Ctrl/Maj-clic", "Retour arrière", "Échap"):
        assert f"<code>{french}</code>" in text
    assert "<code>Backspace</code>" not in text and "<code>Enter</code>" not in text


def test_a_home_game_of_one_round_says_one_round(qtbot, window):
    window.set_language("fr")
    window.open_home_game()
    game = window._home_game
    game.setup.submit()
    game.end_game()
    assert "Après 1 coup (" in game.over.text()


def test_a_dealt_shoe_s_session_names_its_mode_in_the_trainee_s_words():
    from trainer.practice.deal import MODE as SHOE_MODE
    from ui.i18n import _
    from ui.progress.charts import MODE_NAMES

    i18n.set_language("fr")
    assert _(MODE_NAMES[SHOE_MODE]) == "sabot distribué"  # the sessions list said "deal"


@pytest.mark.parametrize(
    ("lang", "said", "word"),
    [("fr", "1\u202f800", "coups"), ("it", "1.800", "colpi"), ("en", "1,800", "rounds")],
)
def test_a_shoe_s_pace_is_grouped_and_the_rounds_named_by_one_word(qtbot, store, lang, said, word):
    # "1800 colpi/h" had no group separator, and the Italian said "colpi/h" in the sessions list
    # but "mani/h" on the shoes chart for the same rounds
    from trainer.game.rules import HouseRules
    from trainer.history.progress_data import SessionLine, ShoeFacts
    from trainer.practice.deal import Figures
    from ui.pages.deal import DealPage
    from ui.progress.shoes import ShoesTab

    i18n.set_language(lang)
    line = SessionLine(1, 0.0, 1.0, "shoe", ("deal",), 100, 100, 0, None, ShoeFacts(7, 22, 44.0))
    assert f"{said} {word}/h" in line.shoe_text
    tab = ShoesTab()
    qtbot.addWidget(tab)
    reference = tab.point_text(line).splitlines()[2]
    assert f" {word}/h" in reference and "mani" not in reference
    page = DealPage(HouseRules.preset_named("casino-fr"), store, "ana")
    qtbot.addWidget(page)
    figures = Figures(rounds=30, elapsed_ms=60_000, rounds_done=30, done_ms=60_000)
    report = page._report(figures, False, 7, [])
    assert f"<b>{said}</b>" in report
    # a shoe dealt to one box: its reference said in the singular ("at 1 boxes" before)
    one = page._report(figures, False, 1, [])
    box = {"fr": "1 case ", "it": "1 riquadro ", "en": "1 box "}[lang]
    assert box in one and "1 boxes" not in one


def test_the_italian_windows_name_a_round_colpo_never_mano():
    # the shoes chart said "mani all'ora" and "3 mani" where the rest of Sabot says "colpi"
    import re

    from trainer import po

    rounds = re.compile(r"rounds? (per|an) hour|rounds/h|^\{\w+\} rounds?$", re.I)
    checked = 0
    for domain in ("ui", "trainer"):
        for (_context, msgid), said in po.load(domain, "it").items():
            if rounds.search(msgid):
                checked += 1
                for form in said if isinstance(said, tuple) else (said,):
                    assert not re.search(r"\bman[oi]\b", form, re.I), (msgid, form)
                    assert re.search(r"\bcolp[oi]\b", form, re.I), (msgid, form)
    assert checked >= 8
