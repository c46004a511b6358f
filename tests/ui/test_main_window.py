"""The main window as a trainee uses it: home lists the curriculum with the history's figures, a
key starts a drill, Esc ends it on a summary that is already stored, Enter starts again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from trainer.history.store import Store
from trainer.practice.curriculum import CURRICULUM
from trainer.settings import Settings
from ui.main_window import MIN_USABLE, MainWindow
from ui.pages.home import COLUMN


def test_home_lists_every_skill_with_its_target(window):
    table = window.home.table
    assert table.rowCount() == len(CURRICULUM)
    for r, info in enumerate(CURRICULUM):
        assert table.item(r, 0).text() == info.title
        assert table.item(r, COLUMN["What it asks"]).text() == info.blurb  # not a tooltip only
        assert table.item(r, COLUMN["Target"]).text() == f"{info.target:.1f}\xa0s"
    assert "casino-fr" in window.home.sub.text()
    assert "default" in window.status.text()


def test_a_drill_from_the_keyboard_to_the_summary_and_again(qtbot, window):
    window.home.select(["pay-even"])
    qtbot.keyClick(window.home.table, Qt.Key.Key_P)
    page = window.drill_page
    assert window.pages.currentWidget() is page
    q = page.question
    qtbot.keyClicks(page.line, q.expected)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.last.verdict.correct
    qtbot.keyClick(page.line, Qt.Key.Key_Space)
    qtbot.keyClicks(page.line, "1")
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    qtbot.keyClick(page, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.summary
    text = window.summary.body.text()
    assert "<b>1</b> right out of <b>2</b>" in text and "already saved" in text
    assert "To work on: Pay even money: even money on " in text  # named for a person
    rows = list(window.store.attempts(profile="default"))
    assert [r.correct for r in rows] == [True, False]
    # the figures on home follow the history
    qtbot.keyClick(window.summary, Qt.Key.Key_Escape)
    assert window.wait_for_figures()
    row = next(r for r, i in enumerate(CURRICULUM) if i.name == "pay-even")
    assert window.home.table.item(row, COLUMN["Attempts"]).text() == "2"
    assert window.home.table.item(row, COLUMN["Accuracy"]).text() == "50%"
    # Enter on the summary starts the same drill again
    window.summary.again.emit()
    assert window.pages.currentWidget() is window.drill_page
    assert window.drill_page.drill is not None


def test_skills_the_rules_rule_out_are_greyed_and_not_started(new_window):
    w = new_window("home")
    assert w.wait_for_figures()
    w.home.select(["pay-split"])
    started = []
    w.home.start.connect(lambda names, mode: started.append(names))
    w.home.buttons["practice"].click()
    assert started == []  # no split under the home preset [004]


def test_smoke_run_opens_and_quits(qtbot, monkeypatch):
    from ui import app

    monkeypatch.setenv("SABOT_SMOKE", "1")
    assert app.run(["sabot"]) == 0


def test_home_reads_its_figures_by_itself_once_on_screen(qtbot, new_window):
    w = new_window()
    assert "reading your history" in w.home.sub.text()  # nothing read before it is shown
    with qtbot.waitSignal(w.firstPainted, timeout=3000):
        w.show()
    assert w.windowHandle().isExposed()
    qtbot.waitUntil(lambda: "reading your history" not in w.home.sub.text(), timeout=3000)
    assert "0 of" in w.home.sub.text()
    # back home from a drill: the figures are read again, and the window is not "first" painted
    painted = []
    w.firstPainted.connect(lambda: painted.append(1))
    w.start_drill(["pay-even"], "practice")
    w.drill_page.end()
    w.show_home()
    assert "reading your history" in w.home.sub.text()
    qtbot.waitUntil(lambda: "reading your history" not in w.home.sub.text(), timeout=3000)
    assert painted == []
    w.close()


def test_the_app_sets_its_window_icon_once_the_window_is_up(qtbot, monkeypatch, qapp):
    from PySide6.QtGui import QIcon

    from ui import app

    qapp.setWindowIcon(QIcon())
    monkeypatch.setenv("SABOT_SMOKE", "1")
    assert app.run(["sabot"]) == 0
    assert not qapp.windowIcon().isNull()


def test_what_the_app_loads_before_qt_is_pure_python():
    # ui.app imports these ahead of PySide6, which would read the source of each one imported
    # after it: they must not pull Qt in themselves
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import sys, trainer.practice.curriculum, trainer.settings, ui.app, ui.style\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))"
    )
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=repo, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


# What start-up imports of Sabot's own before the window is on screen, and nothing else: every
# other page, dialog and domain room (a drill, the deal mode, the home game, the rules book, the
# progress view, the history) is imported when first used. A module added here costs every
# start-up its import (and PySide reads the source of each one imported after it): defer it to
# its first use instead, unless home's first paint needs it.
START_PATH = {
    "trainer",
    "trainer.game",
    "trainer.game.payout",
    "trainer.game.rules",
    "trainer.i18n",
    "trainer.languages",  # its languages and plural rules, a few constants
    "trainer.practice",
    "trainer.practice.curriculum",
    "trainer.settings",
    "ui",
    "ui.app",
    "ui.pages.home",
    "ui.i18n",
    "ui.language",
    "ui.main_window",
    "ui.pages",
    "ui.style",
}


def test_the_start_path_imports_only_what_home_s_first_paint_needs():
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import sys, ui.app, ui.main_window, trainer.settings\n"
        "print(' '.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('trainer', 'ui', 'pyqtgraph', 'datetime', 'sqlite3'))))"
    )
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=repo, capture_output=True, text=True, check=True
    )
    loaded = set(out.stdout.split())
    for later in (
        "ui.pages.deal",
        "ui.pages.home_game",
        "ui.dialogs.rules_book",
        "ui.pages.drill",
        "ui.progress.window",
        "ui.progress.charts",
        "ui.progress.timeline",
        "ui.progress.skills",
        "ui.progress.sessions",
        "ui.progress.readiness",
        "ui.progress.shoes",
        "ui.dialogs.settings",
        "trainer.practice.deal",
        "trainer.practice.deal_words",
        "trainer.practice.drill",
        "trainer.practice.skills",
        "trainer.game.rulebook",
        "trainer.history.store",
        "trainer.history.plan",
        "pyqtgraph",
        "sqlite3",  # the history's, opened once home is on screen
        "datetime",  # the progress view's and the history's dates: trainer.i18n needs none
    ):
        assert later not in loaded, f"{later} is imported at start-up"
    assert loaded == START_PATH, f"new on the start path: {sorted(loaded - START_PATH)}"


# Run as `python -c`, from the repository: the app started as a user's is, up to the moment its
# window is idle (SABOT_QUIT_WHEN_READY prints "READY ..." then), noting every enum PySide makes
# meanwhile; at READY it prints those of the Qt namespace (Qt.AlignmentFlag, Qt.WindowState...).
ENUM_PROBE = """
import enum, os, sys
made = []
make = enum.EnumType._create_
def _create_(cls, *args, **kwargs):
    made.append(make(cls, *args, **kwargs))
    return made[-1]
enum.EnumType._create_ = _create_
class Out:
    def __init__(self, stream):
        self.stream = stream
    def write(self, text):
        if text.startswith("READY "):
            seen = list(made)
            from PySide6.QtCore import Qt
            names = sorted(e.__name__ for e in seen if getattr(Qt, e.__name__, None) is e)
            self.stream.write("QT " + " ".join(names) + "\\n")
        return self.stream.write(text)
    def flush(self):
        self.stream.flush()
sys.stdout = Out(sys.stdout)
from ui.app import run
sys.exit(run(["sabot"]))
"""


@pytest.mark.slow
def test_start_up_builds_no_enum_of_the_qt_namespace(tmp_path):
    """The first use of `Qt.` (Qt.WindowState, Qt.AlignmentFlag...) has PySide build all ~90
    enums of Qt's namespace, ~40 ms of start-up: up to the idle window, a user's start-up (the
    window's size and place saved by the run before, and fitted to the screen) uses none."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SABOT_DATA_DIR=str(tmp_path), SABOT_QUIT_WHEN_READY="1", LANG="C.UTF-8")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    runs = [
        subprocess.run(
            [sys.executable, "-c", ENUM_PROBE],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
        for _ in range(2)  # the first run saves the window's geometry, the second restores it
    ]
    assert '"geometry": "' in (tmp_path / "settings.json").read_text(encoding="utf-8")
    for out in runs:
        built = next(line for line in out.splitlines() if line.startswith("QT ")).split()[1:]
        assert built == [], f"Qt's namespace built at start-up: {built}"


def test_a_window_not_yet_on_screen_is_looked_at_less_and_less_often(
    qtbot, new_window, monkeypatch
):
    import time

    w = new_window()
    exposed, looks = [False], []

    class Handle:  # a window the window system has not shown yet (started minimised, say)
        def isExposed(self) -> bool:
            looks.append(time.monotonic())
            return exposed[0]

    monkeypatch.setattr(MainWindow, "windowHandle", lambda self: Handle())
    w.show()
    qtbot.waitUntil(lambda: len(looks) >= 5, timeout=5000)
    # the looks come 20, 40, 80, 160 ms apart (a timer never fires early; a busy machine only
    # stretches the gaps): without the backing off they would all be 10 ms
    assert looks[4] - looks[3] >= 0.15
    assert "reading your history" in w.home.sub.text()  # nothing read while off screen
    exposed[0] = True
    with qtbot.waitSignal(w.firstPainted, timeout=3000):
        pass
    qtbot.waitUntil(lambda: "reading your history" not in w.home.sub.text(), timeout=3000)
    w.close()


def test_the_summary_names_items_as_the_trainee_reads_them():
    from ui.pages.summary import item_text, work_on_text

    assert item_text("procedure:insurance") == "offering insurance"
    assert item_text("pay-blackjack:25") == "Black Jack on 25"
    assert item_text("announce:soft-16") == "A + 5 (soft 16)"
    assert item_text("chips") == "Pay in chips"
    assert item_text("odd:<b>") == "&lt;b&gt;"  # an unknown key is shown, escaped
    assert (
        work_on_text(["announce:soft-16", "pay-blackjack:25", "announce:hard-14"])
        == "Announce the point: A + 5 (soft 16), hard 14; Pay a Black Jack: Black Jack on 25"
    )


def test_the_menu_s_actions_and_their_shortcuts(qtbot, window):
    menu = window.menuBar().actions()[0].menu()
    # the class view's entry is hidden unless the login is a school's instructor
    shown = [a for a in menu.actions() if a.isVisible()]
    actions = {a.text(): a for a in shown if not a.isSeparator() and a.menu() is None}
    language = next(a for a in menu.actions() if a.menu() is not None)
    assert language.text() == "&Language"
    assert [a.shortcut().toString() for a in actions.values()] == [
        "Ctrl+H",
        "Ctrl+,",
        "Ctrl+P",
        "Ctrl+D",
        "Ctrl+G",
        "Ctrl+Q",
    ]
    window.start_drill(["pay-even"], "practice")
    # during a drill only Quit is offered: the drill is left with Esc, onto its summary
    assert [a.isEnabled() for a in actions.values()] == [False] * 5 + [True]
    assert language.isEnabled()  # the language may change with a drill open
    window.drill_page.end()
    window.show_home()
    assert all(a.isEnabled() for a in actions.values())
    actions["&Quit"].trigger()
    assert not window.isVisible()


def _shown_title(title: str, display_name: str | None) -> str:
    """The title the window system shows: Qt appends the application's display name, if one is
    set, to every title that does not end with it already."""
    if display_name and not title.endswith(display_name):
        return f"{title} — {display_name}"
    return title


def test_the_title_names_sabot_once_and_the_page(qtbot, monkeypatch, new_window):
    from PySide6.QtWidgets import QApplication

    from ui import app

    named: list[str] = []
    monkeypatch.setattr(QApplication, "setApplicationDisplayName", named.append, raising=False)
    monkeypatch.setenv("SABOT_SMOKE", "1")
    assert app.run(["sabot"]) == 0  # what the app sets up
    display = named[-1] if named else None

    w = new_window()
    w.show()
    assert _shown_title(w.windowTitle(), display) == "Sabot — Home"
    w.start_drill(["pay-even"], "practice")
    assert _shown_title(w.windowTitle(), display) == "Sabot — Practice"
    w.drill_page.end()
    assert _shown_title(w.windowTitle(), display) == "Sabot — Summary"
    w.show_home()
    assert _shown_title(w.windowTitle(), display) == "Sabot — Home"
    w.open_home_game()
    assert _shown_title(w.windowTitle(), display) == "Sabot — Home game"
    w.show_home()
    w.open_deal()
    assert _shown_title(w.windowTitle(), display) == "Sabot — Deal a shoe"
    w.show_home()
    assert w.windowTitle().count("Sabot") == 1
    w.close()


@pytest.mark.qt_log_ignore("does not support raise")
def test_the_progress_view_is_made_ready_while_home_is_idle(qtbot, new_window, monkeypatch):
    import sys

    from ui import main_window

    monkeypatch.setattr(main_window, "PRELOAD_AFTER_MS", 0)
    w = new_window()
    with qtbot.waitSignal(w.firstPainted, timeout=3000):
        w.show()
    qtbot.waitUntil(lambda: w._progress is not None, timeout=10_000)
    assert "pyqtgraph" in sys.modules
    view = w._progress
    qtbot.waitUntil(lambda: view.is_loaded, timeout=10_000)  # its figures read ahead
    assert not view.isVisible() and view.timeline is not None  # built, the chart too
    assert view.progress.attempts == 0

    # A drill, then home: the hidden view reads the new answers, ahead of Ctrl+P.
    w.start_drill(["pay-even"], "practice")
    page = w.drill_page
    qtbot.keyClicks(page.line, page.question.expected)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    page.end()
    w.show_home()
    qtbot.waitUntil(lambda: view.progress.attempts == 1 and view.is_loaded, timeout=10_000)
    generation = view._generation
    w.open_progress()  # shown: nothing to read, the figures are there
    assert w._progress is view and view.isVisible()
    assert view._generation == generation and view.body.currentWidget() is view.tabs
    view.close()
    w.close()


def test_no_progress_view_is_made_ahead_once_a_drill_started(qtbot, new_window, monkeypatch):
    from ui import main_window

    monkeypatch.setattr(main_window, "PRELOAD_AFTER_MS", 0)
    w = new_window()
    with qtbot.waitSignal(w.firstPainted, timeout=3000):
        w.show()
    w.start_drill(["pay-even"], "practice")  # before the look: the drill keeps the processor
    from PySide6.QtCore import QCoreApplication, QThreadPool

    for _ in range(3):
        QCoreApplication.processEvents()
        QThreadPool.globalInstance().waitForDone(5000)
    assert w._progress is None
    w.drill_page.end()
    w.show_home()  # back home, idle: now it is made ready
    qtbot.waitUntil(lambda: w._progress is not None, timeout=10_000)
    w.close()


# -- when the history or the settings cannot be written ------------------------------------------


def _answer_by_keys(qtbot, page, raw: str) -> None:
    qtbot.keyClicks(page.line, raw)
    qtbot.keyClick(page.line, Qt.Key.Key_Return)


def test_answers_the_history_cannot_take_are_kept_said_and_saved_later(qtbot, window):
    from ui.main_window import SAVED_AGAIN

    window.home.select(["pay-even"])
    qtbot.keyClick(window.home.table, Qt.Key.Key_P)
    page = window.drill_page
    _answer_by_keys(qtbot, page, page.question.expected)
    assert not page.history_note.isVisible()
    window.store._conn.execute("PRAGMA query_only = ON")  # the history becomes read-only
    qtbot.keyClick(page.line, Qt.Key.Key_Space)
    _answer_by_keys(qtbot, page, "1")
    assert page.last.number == 2 and "✗" in page.feedback.text()  # judged all the same
    assert page.history_note.isVisible()
    assert page.history_note.text() == (
        "The history cannot be written: it is read-only. Your last answer is kept and will be "
        "saved as soon as it can."
    )
    assert window.statusBar().currentMessage() == ""  # the page has its own line
    qtbot.keyClick(page.line, Qt.Key.Key_Return)  # Enter still goes on
    assert page.question is not None and page.last.number == 2
    _answer_by_keys(qtbot, page, page.question.expected)
    assert "Your last 2 answers are kept" in page.history_note.text()
    window.store._conn.execute("PRAGMA query_only = OFF")  # room again
    qtbot.waitUntil(lambda: page.history_note.text() == SAVED_AGAIN, timeout=10_000)
    qtbot.keyClick(page, Qt.Key.Key_Escape)  # Esc still ends it
    assert window.pages.currentWidget() is window.summary
    assert "Every answer is already saved." in window.summary.body.text()
    assert len(list(window.store.attempts())) == 3


def test_a_drill_ended_while_the_history_cannot_be_written_says_so_on_the_summary(qtbot, window):
    from ui.main_window import SAVED_AGAIN

    window.start_drill(["pay-even"], "practice")
    page = window.drill_page
    window.store._conn.execute("PRAGMA query_only = ON")
    _answer_by_keys(qtbot, page, page.question.expected)
    qtbot.keyClick(page, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.summary
    text = window.summary.body.text()
    assert "already saved" not in text
    assert "Your last answer is kept and will be saved as soon as it can." in text
    assert "Your last answer is kept" in window.statusBar().currentMessage()
    window.store._conn.execute("PRAGMA query_only = OFF")
    qtbot.waitUntil(lambda: "already saved" in window.summary.body.text(), timeout=10_000)
    assert window.store.trouble is None
    assert window.store.sessions("default")[0].ended is not None
    assert window.statusBar().currentMessage() == SAVED_AGAIN


def test_quitting_with_answers_the_history_cannot_take_says_so_once(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    told = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: told.append(text))
    window.start_drill(["pay-even"], "practice")
    window.store._conn.execute("PRAGMA query_only = ON")
    page = window.drill_page
    _answer_by_keys(qtbot, page, page.question.expected)
    window.close()
    assert not window.isVisible()
    assert told == [
        "The history cannot be written: it is read-only. Your last answer could not be saved."
    ]
    window.close()
    assert len(told) == 1


def test_quitting_when_the_settings_cannot_be_saved_says_so_once_and_quits(
    qtbot, window, monkeypatch, tmp_path
):
    from PySide6.QtWidgets import QMessageBox

    told = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: told.append(text))
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    window.settings.path = blocker / "settings.json"
    window.close()
    assert not window.isVisible()
    (message,) = told
    assert "The settings could not be written" in message and "Sabot quits" in message


def test_quitting_when_the_disk_of_the_settings_is_full(qtbot, new_window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    from tests.volumes import fill, small_volume

    told = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: told.append(text))
    with small_volume(tmp_path / "volume", "256k") as volume:
        w = new_window()
        w.settings.path = volume / "settings.json"
        w.show()
        fill(volume)
        w.close()
        assert not w.isVisible()
    (message,) = told
    assert "The settings could not be written" in message and "no space left on the disk" in message


def test_a_read_only_history_says_why_and_no_drill_starts(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from tests.volumes import immutable

    told = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: told.append(text))
    data = tmp_path / "data"
    data.mkdir()
    with Store.open(data / "history.sqlite3") as store:
        session = store.start_session("default", "practice", ["pay-even"], "casino-fr")
        store.record(session, "pay-even", "10", {}, "10", "10", True, 1500)
        store.end_session(session)
    with immutable(data):
        store = Store.open(data / "history.sqlite3")
        try:
            w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
            qtbot.addWidget(w)
            w.show()
            assert w.wait_for_figures()
            assert "its folder is read-only" in w.home.notice.text()
            row = next(r for r, i in enumerate(CURRICULUM) if i.name == "pay-even")
            assert w.home.table.item(row, COLUMN["Attempts"]).text() == "1"  # the figures are read
            w.home.select(["pay-even"])
            qtbot.keyClick(w.home.table, Qt.Key.Key_P)
            assert w.pages.currentWidget() is w.home
            (message,) = told
            assert message.startswith("The history cannot be written: its folder is read-only.")
            w.close()
        finally:
            store.close()


# -- the window's place ----------------------------------------------------------------------------


def _geometry_of(qtbot, x: int, y: int, width: int, height: int) -> str:
    from PySide6.QtWidgets import QMainWindow

    other = QMainWindow()  # the window as it was on another screen
    qtbot.addWidget(other)
    other.setGeometry(x, y, width, height)
    return bytes(other.saveGeometry().toBase64().data()).decode("ascii")


@pytest.mark.parametrize(
    "saved",
    [
        (5000, 4000, 120, 90),  # a small window on a screen far right, no longer there
        (-3000, 200, 900, 600),  # a screen on the left, gone
        (100, 100, 3840, 2160),  # a window as large as a 4K screen
    ],
)
def test_a_geometry_saved_on_another_screen_is_fitted_to_this_one(qtbot, tmp_path, saved):
    from PySide6.QtGui import QGuiApplication

    settings = Settings.load(tmp_path / "settings.json")
    settings.ui.geometry = _geometry_of(qtbot, *saved)
    with Store.open(tmp_path / "history.sqlite3") as store:
        w = MainWindow(settings, store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        room = QGuiApplication.primaryScreen().availableGeometry()
        g = w.geometry()
        assert room.contains(g), (g, room)
        assert g.width() >= min(MIN_USABLE[0], room.width())
        assert g.height() >= min(MIN_USABLE[1], room.height())
        w.close()


def test_a_geometry_saved_on_a_much_wider_screen_is_fitted_with_no_notice(qtbot, tmp_path):
    """Qt's restoreGeometry refuses a geometry saved on a screen more than 25 % wider (a
    2,560-pixel monitor, then a 1,024-pixel laptop): the window opened at its usual size, and
    said the setting could not be used. Its size and place are fitted to this screen instead."""
    import base64
    import struct

    from PySide6.QtGui import QGuiApplication

    room = QGuiApplication.primaryScreen().availableGeometry()
    saved = bytearray(base64.b64decode(_geometry_of(qtbot, 5000, 4000, 700, 450)))
    struct.pack_into(">i", saved, 46, room.width() * 3)  # the screen's width, as Qt writes it
    settings = Settings.load(tmp_path / "settings.json")
    settings.ui.geometry = base64.b64encode(bytes(saved)).decode("ascii")
    with Store.open(tmp_path / "history.sqlite3") as store:
        w = MainWindow(settings, store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        g = w.geometry()
        assert room.contains(g), (g, room)
        assert (g.width(), g.height()) == (
            min(max(700, MIN_USABLE[0]), room.width()),
            min(max(450, MIN_USABLE[1]), room.height()),
        )
        assert '"geometry"' not in w.home.notice.text()
        w.close()


@pytest.mark.parametrize("geometry", ["é¿ not base64", "AAA="])
def test_a_geometry_sabot_cannot_use_is_named_and_the_window_opens(qtbot, tmp_path, geometry):
    import json

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ui": {"geometry": geometry}}), "utf-8")
    settings = Settings.load(path)
    with Store.open(tmp_path / "history.sqlite3") as store:
        w = MainWindow(settings, store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        assert '"geometry"' in w.home.notice.text()
        assert w.width() >= 600 and w.height() >= 400
        w.close()


def test_the_history_s_log_is_folded_back_while_a_question_is_read(qtbot, window, monkeypatch):
    tidied: list[int] = []
    tidy = Store.tidy
    monkeypatch.setattr(Store, "tidy", lambda self: tidied.append(1) or tidy(self))
    window.start_drill(["pay-even"], "practice")
    page = window.drill_page
    for n in range(1, 4):
        qtbot.waitUntil(lambda n=n: len(tidied) >= n, timeout=3000)  # once the question is up
        _answer_by_keys(qtbot, page, page.question.expected)
        qtbot.keyClick(page.line, Qt.Key.Key_Space)
    assert len(list(window.store.attempts())) == 3


def test_the_settings_open_on_a_read_only_history_and_say_why_no_profile_is_made(qtbot, tmp_path):
    from tests.volumes import immutable
    from ui.dialogs.settings import SettingsDialog

    data = tmp_path / "data"
    data.mkdir()
    with Store.open(data / "history.sqlite3") as store:
        store.profile("default")
    with immutable(data), Store.open(data / "history.sqlite3") as store:
        dialog = SettingsDialog(Settings.load(tmp_path / "settings.json"), store)
        qtbot.addWidget(dialog)
        dialog.profile_name.setText("Ines")
        dialog.create_button.click()
        assert "its folder is read-only" in dialog.profile_message.text()
        assert [p.name for p in store.profiles()] == ["default"]


def test_the_home_game_and_deal_mode_say_why_they_cannot_start_on_a_read_only_history(
    qtbot, tmp_path
):
    from tests.volumes import immutable
    from trainer.game.rules import HouseRules
    from ui.pages.deal import DealPage
    from ui.pages.home_game import HomeGamePage

    data = tmp_path / "data"
    data.mkdir()
    Store.open(data / "history.sqlite3").close()
    with immutable(data), Store.open(data / "history.sqlite3") as store:
        game = HomeGamePage(store, "ana")
        qtbot.addWidget(game)
        game.show()
        qtbot.waitExposed(game)
        game.activateWindow()
        qtbot.waitUntil(game.isActiveWindow)
        game.new_game()
        game.setup.names.setText("Léa, Hugo, Emma, Ines")
        qtbot.keyClick(game.setup.names, Qt.Key.Key_Return)
        assert game.sheet is None
        assert "cannot be written: its folder is read-only" in game.setup.message.text()
        deal = DealPage(HouseRules.preset_named("casino-fr"), store, "ana")
        qtbot.addWidget(deal)
        deal.show()
        qtbot.waitExposed(deal)
        deal.activateWindow()
        qtbot.waitUntil(deal.isActiveWindow)
        deal.new_shoe()
        deal.setup.seed.setText("7")
        qtbot.keyClick(deal.setup.seed, Qt.Key.Key_Return)
        assert deal.shoe is None
        assert "cannot be written: its folder is read-only" in deal.setup.message.text()


def test_a_window_closed_while_the_progress_view_is_imported_is_not_called_back(qtbot, monkeypatch):
    # A window closed while pyqtgraph was still being imported on the worker was called back
    # once deleted ("Internal C++ object (MainWindow) already deleted"), under a loaded machine.
    import sys

    from PySide6.QtCore import QObject

    from ui import background
    from ui.main_window import preload_progress_view

    # imported on the worker again
    monkeypatch.delitem(sys.modules, "ui.progress.report", raising=False)
    called = []
    owner = QObject()
    preload_progress_view(lambda: called.append(True), owner=owner)
    del owner  # the window goes before the import is done
    qtbot.waitUntil(lambda: not background._running, timeout=20_000)  # the job has answered
    assert called == []


def test_a_window_closed_with_home_s_figures_still_due_reads_nothing_after(qtbot, tmp_path):
    # A rename pulled from the school's server shows home again (its figures due at the next
    # turn of the event loop); a window closed, and its history closed, before that turn read
    # the closed history: "Cannot operate on a closed database", seen under a loaded machine.
    store = Store.open(tmp_path / "history.sqlite3")
    w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.wait_for_figures()
    read = []
    real_reader = store.reader
    store.reader = lambda: read.append(True) or real_reader()  # type: ignore[method-assign]
    w.show_home()  # its figures due at the next turn
    w.close()
    store.close()
    qtbot.wait(50)  # the turn comes
    assert read == []


def test_the_apps_history_never_holds_the_window_for_seconds(tmp_path, monkeypatch):
    # the app records answers on the GUI thread: a locked history must not freeze it for the
    # command line's WAIT_MS (tests/trainer/test_store.py shows what the patience does)
    from trainer.history.store import RETRY_WAIT_MS, WAIT_MS
    from ui.app import open_app_history

    monkeypatch.setenv("SABOT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SABOT_DATABASE_URL", raising=False)
    store = open_app_history(None)
    try:
        assert store.patience_ms == RETRY_WAIT_MS < WAIT_MS
    finally:
        store.close()


def test_the_app_says_what_it_waits_for_while_another_sabot_updates_the_history(
    tmp_path, monkeypatch
):
    # another Sabot holds the file while it creates (or migrates) it: the app waits, saying so
    # through `waiting`, and opens it writable once the other is done (never read-only)
    import sqlite3

    from ui.app import open_app_history

    monkeypatch.setenv("SABOT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SABOT_DATABASE_URL", raising=False)
    other = sqlite3.connect(tmp_path / "history.sqlite3", isolation_level=None)
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("BEGIN EXCLUSIVE")
    said = []

    def waiting(sentence):
        said.append(sentence)
        other.execute("ROLLBACK")  # the other Sabot is done

    store = open_app_history(None, waiting=waiting)
    try:
        assert store.read_only is None
        assert len(said) == 1 and "another program (another Sabot?)" in said[0]
    finally:
        store.close()
        other.close()
