"""Home as a trainee meets it: a welcome on the first run with one button to start, the
curriculum with what each skill asks, weak items named as the trainee reads them, and the daily
plan with its streak — none of which home's first paint waits for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt

from tests.ui.pages.test_drill import _answer
from trainer.practice.curriculum import CURRICULUM
from ui.pages.home import COLUMN

REPO = Path(__file__).resolve().parents[3]


def _miss_once(qtbot, window, skill: str) -> str:
    """Practise `skill`, miss its first question, and go home: the item missed."""
    window.start_drill([skill], "practice")
    page = window.drill_page
    item = page.question.item
    _answer(qtbot, page, right=False)
    page.end()
    window.show_home()
    assert window.wait_for_figures()
    return item


def test_a_first_run_is_welcomed_with_the_order_mastery_and_one_button(qtbot, window):
    home = window.home
    assert home.welcome is not None and home.welcome.isVisible()
    assert home.plan_box is None  # nothing to plan from yet
    text = home.welcome_text.text()
    assert "run a blackjack table as a croupier does" in text
    order = "Announce the point</b> → <b>Pay even money</b> → <b>What next?</b> → <b>Deal order"
    assert order in text
    assert "at least 50 answers" in text and "95%" in text and "median" in text
    qtbot.mouseClick(home.welcome_button, Qt.MouseButton.LeftButton)
    page = window.drill_page
    assert window.pages.currentWidget() is page
    assert [s.name for s in page.drill.skills] == ["announce"] and page.drill.mode == "practice"


def test_the_curriculum_shows_what_each_skill_asks(qtbot, window):
    table = window.home.table
    for r, info in enumerate(CURRICULUM):
        assert table.item(r, COLUMN["What it asks"]).text() == info.blurb
    # one line a row where they fit, two where the window is narrow: they wrap, never hide
    line = table.fontMetrics().lineSpacing()
    widest = max(table.fontMetrics().horizontalAdvance(i.blurb) for i in CURRICULUM)
    window.resize(1500, 800)
    qtbot.waitUntil(lambda: table.rowHeight(0) < 2 * line)
    assert table.horizontalHeader().sectionSize(COLUMN["What it asks"]) > widest
    assert table.rowHeight(0) >= line
    window.resize(900, 600)
    qtbot.waitUntil(lambda: table.rowHeight(0) >= 2 * line)
    assert table.horizontalHeader().sectionSize(COLUMN["What it asks"]) < widest


def test_weak_items_and_the_plan_name_items_as_the_trainee_reads_them(qtbot, window):
    item = _miss_once(qtbot, window, "pay-blackjack")
    bet = item.split(":")[1]
    home = window.home
    assert not home.welcome.isVisible() and home.plan_box.isVisible()
    row = next(r for r, i in enumerate(CURRICULUM) if i.name == "pay-blackjack")
    assert home.table.item(row, COLUMN["Weak items"]).text() == f"Black Jack on {bet}"
    plan = home.plan_text.text()
    assert f"what you missed lately — Black Jack on {bet}" in plan
    assert "pay-blackjack" not in plan and ":" + bet not in plan  # never the raw key
    assert "<b>Announce the point</b>, the next skill to master (never practised)" in plan
    assert "Practised today</span> · 1 day in a row" in plan


def test_an_announce_item_is_named_by_its_cards(qtbot, window):
    item = _miss_once(qtbot, window, "announce")
    row = next(r for r, i in enumerate(CURRICULUM) if i.name == "announce")
    shown = window.home.table.item(row, COLUMN["Weak items"]).text()
    from trainer.history.progress_data import item_name

    assert shown == item_name(item) and "-" not in shown and ":" not in shown


def test_today_s_plan_starts_with_the_items_due(qtbot, window):
    item = _miss_once(qtbot, window, "pay-even")
    qtbot.keyClick(window.home.table, Qt.Key.Key_T)
    page = window.drill_page
    assert window.pages.currentWidget() is page
    assert [s.name for s in page.drill.skills] == ["pay-even", "announce"]
    assert page.question.item == item  # the item due comes first


def test_home_s_first_paint_imports_neither_the_history_nor_the_plan():
    probe = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from ui.pages.home import HomePage\n"
        "h = HomePage(); h.refresh('ana', 'casino-fr', {}, {}, {}, loading=True); h.show()\n"
        "app.processEvents()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('trainer.history', "
        "'trainer.practice.drill', 'trainer.practice.skills', 'trainer.game'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_weak_items_never_take_the_room_of_what_a_skill_asks(qtbot, window):
    # long weak items on several skills: they share what the figures leave, cut with "…"
    store = window.store
    session = store.start_session("default", "practice", ["pay-insurance"], "casino-fr")
    for item in (
        "pay-insurance:max-200",
        "pay-insurance:max-115",
        "pay-insurance:pay-37.5",
        "pay-insurance:max-85",
        "announce:soft-20",
    ):
        store.record(session, item.partition(":")[0], item, {}, "1", "2", False, 3000)
    store.end_session(session)
    window.show_home()
    assert window.wait_for_figures()
    home = window.home
    table, header = home.table, home.table.horizontalHeader()
    asks, weak = COLUMN["What it asks"], COLUMN["Weak items"]
    r = [i.name for i in CURRICULUM].index("pay-insurance")
    named = table.item(r, weak).text()
    assert named and table.item(r, weak).toolTip()  # the whole list, wherever the cell is cut
    widest = max(table.fontMetrics().horizontalAdvance(i.blurb) for i in CURRICULUM)
    line = table.fontMetrics().lineSpacing()
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: header.sectionSize(asks) > widest)  # on one line
    assert table.rowHeight(0) < 2 * line
    assert header.sectionSize(weak) >= 8 * line  # and room for a name or two
    total = sum(header.sectionSize(c) for c in range(table.columnCount()))
    assert total <= table.viewport().width()  # nothing pushed off the right edge
    window.resize(900, 600)
    qtbot.waitUntil(lambda: table.rowHeight(0) >= 2 * line)  # two lines: it wraps, not hides
    assert 2 * header.sectionSize(asks) > widest and header.sectionSize(weak) >= 8 * line


def test_pay_in_chips_is_described_as_the_settings_pay(qtbot, window):
    from trainer.game.payout import COLOUR_FOR_COLOUR
    from trainer.i18n import set_language
    from trainer.practice.skills import SKILLS
    from trainer.practice.skills.base import Practice

    table = window.home.table
    row = [info.name for info in CURRICULUM].index("chips")
    asks = COLUMN["What it asks"]
    assert "fewest chips" in table.item(row, asks).text()
    window.settings.prefs.chip_payment = COLOUR_FOR_COLOUR
    window._settings_applied()  # as the settings dialog's OK does
    said = table.item(row, asks).text()
    assert "colour for colour" in said and "fewest" not in said
    assert table.item(row, COLUMN["Skill"]).toolTip() == said
    # the skill the drill asks says the same
    assert SKILLS["chips"].configured(Practice(chip_payment=COLOUR_FOR_COLOUR)).blurb == said
    set_language("fr")
    window.home.retranslate()
    assert table.item(row, asks).text().startswith("Faire un paiement couleur pour couleur")


def _missed_yesterday(window) -> None:
    """An A-4-A announced wrong and a Black Jack on 25 at box 3 paid wrong, a day ago."""
    import time

    from trainer.history.store import Store

    a4a = {"cards": ["AS", "4D", "AH"], "box": 3, "split": False, "stood": False}
    bj = {"bet": "25", "cards": ["AD", "KS"], "box": 3}
    profile = window.settings.prefs.profile
    with Store.open(window.store.path, clock=lambda: time.time() - 86400) as store:
        sid = store.start_session(profile, "practice", ["announce"], "casino-fr", 1)
        store.record(sid, "announce", "announce:soft-16", a4a, "16", "6 or 16", False, 3000)
        store.record(sid, "pay-blackjack", "pay-blackjack:25", bj, "30", "37.50", False, 3000)
        store.end_session(sid)


def test_home_shows_the_reviews_due_and_r_asks_the_very_cards_missed(qtbot, window):
    _missed_yesterday(window)
    window.show_home()
    assert window.wait_for_figures()
    home = window.home
    assert "Review:" in home.review_text.text() and "2 due today" in home.review_text.text()
    assert "0 tomorrow" in home.review_text.text()
    assert "review the 2 items due" in home.plan_text.text()  # the plan: reviews first
    # above the curriculum
    assert home.plan_box.geometry().bottom() < home.table.geometry().top()
    qtbot.keyClick(home.table, Qt.Key.Key_R)
    page = window.drill_page
    assert window.pages.currentWidget() is page
    assert page.drill.mode == "review" and page.drill.count == 2
    assert [c[0] for c in page.question.data["cards"]] == ["A", "4", "A"]
    assert page.question.data["review"] == "A-4-A"


def test_t_starts_the_review_first_when_one_is_due(qtbot, window):
    _missed_yesterday(window)
    window.show_home()
    assert window.wait_for_figures()
    qtbot.keyClick(window.home.table, Qt.Key.Key_T)
    assert window.drill_page.drill.mode == "review"


def test_with_nothing_due_r_does_nothing(qtbot, window):
    _miss_once(qtbot, window, "pay-even")  # missed now: due tomorrow, not today
    home = window.home
    assert "0 due today, 1 tomorrow" in home.review_text.text()
    assert not home.review_button.isEnabled()
    qtbot.keyClick(home.table, Qt.Key.Key_R)
    assert window.pages.currentWidget() is home


def test_help_welcome_opens_the_welcome_again_once_there_is_a_plan(qtbot, window):
    """Once a first answer exists the welcome gave way to the plan, and nothing opened it again."""
    _miss_once(qtbot, window, "announce")
    home = window.home
    assert not home.welcome.isVisible() and home.plan_box.isVisible()
    menus = {m.text(): m.menu() for m in window.menuBar().actions()}
    welcome = next(a for a in menus["&Help"].actions() if a.text() == "&Welcome")
    welcome.trigger()
    assert window.wait_for_figures()  # home's figures read again: the welcome stays
    assert home.welcome.isVisible() and home.plan_box.isVisible()
    layout = home._layout
    assert layout.indexOf(home.welcome) < layout.indexOf(home.plan_box)  # read first
    assert "Welcome to Sabot" in home.welcome_text.text()
    assert home.welcome_close.isVisible()
    qtbot.mouseClick(home.welcome_close, Qt.MouseButton.LeftButton)
    assert not home.welcome.isVisible() and home.plan_box.isVisible()
    window.show_home()
    assert window.wait_for_figures()
    assert not home.welcome.isVisible()


def test_the_curriculum_s_figures_never_wait_for_the_review_count(qtbot, window, monkeypatch):
    """The review schedule is counted on a worker of its own, after the figures: while it runs
    (here held until the test lets it go) the curriculum is in and the review line says so."""
    import threading

    from ui.pages import home_plan

    _missed_yesterday(window)
    go = threading.Event()
    counting = threading.Event()
    real = home_plan.review_figures

    def held(reader, profile):
        counting.set()
        assert go.wait(30)  # let go by the test below, never by the clock
        return real(reader, profile)

    monkeypatch.setattr(home_plan, "review_figures", held)
    window.show_home()
    home = window.home
    qtbot.waitUntil(counting.is_set)
    qtbot.waitUntil(lambda: "skills mastered" in home.sub.text())
    assert "counting" in home.review_text.text()
    assert not home.review_button.isEnabled()
    qtbot.keyClick(home.table, Qt.Key.Key_R)  # nothing counted: nothing starts
    assert window.pages.currentWidget() is home
    go.set()
    assert window.wait_for_figures()
    assert "2 due today" in home.review_text.text()
    assert home.review_button.isEnabled()
