"""The progress view on prepared histories: what it plots and lists is the store's statistics,
the empty and the long history, the exports, drilling missed items again, the verdict."""

from __future__ import annotations

import csv
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QThread
from PySide6.QtGui import QImage

from tests.trainer.history import DAY, Clock
from trainer.history import progress_data as pd
from trainer.history import stats
from trainer.history.stats import MASTERY
from trainer.history.store import Store
from trainer.practice.drill import EXAM_PER_SKILL
from trainer.practice.skills import SKILLS, TARGETS
from trainer.settings import Settings
from ui.background import run_in_background
from ui.progress.skills import SKILL_COLUMNS, error_colour
from ui.progress.window import ProgressWindow

NOW = time.time()  # the view reads "now" from the wall clock: histories are placed before it


@pytest.fixture
def clock() -> Clock:
    return Clock(NOW - 30 * DAY)


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Iterator[Store]:
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as opened:
        yield opened


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    s = Settings(tmp_path / "settings.json")
    s.prefs.profile = "Anna"
    return s


def drill(
    store: Store,
    answers: Sequence[tuple[str, bool, int]],
    *,
    profile: str = "Anna",
    mode: str = "practice",
    skills: Sequence[str] | None = None,
    end: bool = True,
) -> int:
    """One session of (item, correct, ms) answers; the skill is the item's prefix."""
    names = skills or list(dict.fromkeys(item.split(":")[0] for item, _, _ in answers))
    session = store.start_session(profile, mode, names, "casino-fr")
    with store.batch():
        for item, correct, ms in answers:
            skill = item.split(":")[0]
            question = {"cards": ["AS", "5D"], "box": 2} if skill == "announce" else {"bet": "25"}
            answer, expected = ("16", "16") if correct else ("bust", "soft 16")
            store.record(session, skill, item, question, answer, expected, correct, ms)
    if end:
        store.end_session(session)
    return session


def open_window(qtbot, store: Store, settings: Settings) -> ProgressWindow:
    window = ProgressWindow(store, settings)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=20_000):
        window.resize(1100, 760)
        window.show()
    return window


@pytest.fixture
def history(store: Store, clock: Clock) -> dict[str, int]:
    """Three weeks of Anna's practice, and a little of Bruno's."""
    ids = {}
    clock.now = NOW - 20 * DAY
    ids["old"] = drill(
        store,
        [
            ("announce:soft-15", True, 1800),
            ("announce:hard-14", False, 2600),
            ("announce:soft-15", True, 2200),
        ],
    )
    clock.now = NOW - 5 * DAY
    ids["mixed"] = drill(
        store,
        [
            ("announce:soft-15", False, 3100),
            ("chips:37", True, 4200),
            ("announce:hard-14", True, 1500),
            ("chips:37", False, 5000),
            ("announce:blackjack", True, 900),
        ],
    )
    clock.now = NOW - 2 * DAY
    ids["sprint"] = drill(store, [("announce:hard-14", True, 1200)] * 4, mode="sprint")
    clock.now = NOW - DAY
    ids["running"] = drill(
        store, [("announce:soft-15", True, 1700), ("announce:hard-4", False, 2500)], end=False
    )
    drill(store, [("announce:hard-14", True, 1000)] * 3, profile="Bruno")
    return ids


# -- the background helper ---------------------------------------------------------------------


def test_background_work_calls_back_on_the_gui_thread(qtbot) -> None:
    gui = QThread.currentThread()
    seen: list[tuple[object, bool]] = []

    def work() -> int:
        seen.append(("worker", QThread.currentThread() is gui))
        return 42

    with qtbot.waitCallback() as done:
        run_in_background(work, lambda value: done((value, QThread.currentThread() is gui)))
    assert done.args == [(42, True)]
    assert seen == [("worker", False)]

    with qtbot.waitCallback() as failed:
        run_in_background(lambda: 1 / 0, lambda _: None, failed)
    assert isinstance(failed.args[0], ZeroDivisionError)

    called: list[object] = []
    job = run_in_background(lambda: 7, called.append)
    job.cancel()
    qtbot.waitUntil(lambda: job.done)
    QCoreApplication.processEvents()
    assert called == []


def test_a_window_goes_as_soon_as_it_is_dropped(qtbot, store, settings, history, gui_collector):
    # No cycle through a finished job keeps it for the garbage collector, which would delete
    # it at a random moment (once, in the middle of painting the next window).
    import gc
    import weakref

    from ui import background

    gui_collector.stop()  # no collection at all: the window must go without one
    gc.disable()
    try:
        window = ProgressWindow(store, settings)
        with qtbot.waitSignal(window.loaded, timeout=20_000):
            window.show()
        with qtbot.waitSignal(window.sessions.attemptsShown, timeout=10_000):
            window.sessions.open_session(history["mixed"])
        qtbot.waitUntil(lambda: not background._running)  # a running job keeps its window
        gone = weakref.ref(window)
        window.hide()
        del window
        assert gone() is None
    finally:
        gc.enable()


# -- the timeline ------------------------------------------------------------------------------


def test_the_timeline_plots_each_sessions_accuracy_and_median(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    timeline = window.timeline
    assert timeline is not None and window.body.currentWidget() is window.tabs
    assert timeline.skill == "announce"  # the last practised
    timeline.set_filters("announce", None, None)

    sessions = [history["old"], history["mixed"], history["sprint"], history["running"]]
    expected = [stats.session_stats(store, s) for s in sessions]
    xs, ys = timeline.accuracy_curve.getData()
    assert list(xs) == [e.started.timestamp() for e in expected]
    assert list(ys) == pytest.approx([100 * e.by_skill["announce"].accuracy for e in expected])
    xs, ys = timeline.time_curve.getData()
    assert list(ys) == pytest.approx([e.by_skill["announce"].median_ms / 1000 for e in expected])
    assert timeline.target_line.value() == TARGETS["announce"]
    assert timeline.pass_line.value() == 95

    points = pd.timeline(window.progress.points, "announce")
    averages, times = pd.moving_average(points)
    assert list(timeline.accuracy_average.getData()[1]) == pytest.approx(
        [100 * a for a in averages]
    )
    assert list(timeline.time_average.getData()[1]) == pytest.approx([t / 1000 for t in times])

    # Hovering a point tells the session's figures.
    first = timeline.shown[0]
    spot = timeline.accuracy_box.mapViewToScene(timeline.pg.Point(first.started, 100 * 2 / 3))
    assert timeline.nearest(spot.x(), spot.y()) == 0
    text = timeline.point_text(first)
    assert "2 right of 3 (67%)" in text and "median 2.2\xa0s" in text and first.mode in text


def test_the_first_screen_comes_before_the_whole_history(qtbot, store, settings, history):
    window = ProgressWindow(store, settings)
    qtbot.addWidget(window)
    with qtbot.waitSignals([window.figuresShown, window.loaded], order="strict", timeout=20_000):
        window.show()
    assert window.progress.complete and window.sessions.model.rowCount() == 4

    # Before the second step, the timeline has only the last practised skill.
    from ui.progress.timeline import TimelineTab

    first = pd.load_progress(store, "Anna", TARGETS, complete=False)
    tab = TimelineTab()
    qtbot.addWidget(tab)
    tab.set_progress(first)
    assert tab.skill == "announce" and tab.stack.currentWidget() is tab.chart
    tab.set_filters("chips", None, None)
    assert tab.stack.currentWidget() is tab.empty and "Reading" in tab.empty.text()
    tab.set_progress(pd.load_history(store, first))
    assert tab.stack.currentWidget() is tab.chart and len(tab.shown) == 1


def test_the_timeline_filters(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    timeline = window.timeline
    timeline.set_filters("announce", "sprint", None)
    assert [p.session_id for p in timeline.shown] == [history["sprint"]]
    timeline.set_filters("announce", None, 7)
    assert [p.session_id for p in timeline.shown] == [
        history["mixed"],
        history["sprint"],
        history["running"],
    ]
    timeline.set_filters("chips", None, None)
    assert len(timeline.accuracy_curve.getData()[0]) == 1
    assert timeline.target_line.value() == TARGETS["chips"]
    timeline.set_filters("chips", "exam", None)  # nothing: a sentence, not empty axes
    assert timeline.stack.currentWidget() is timeline.empty
    assert "No exam session" in timeline.empty.text()
    assert window.current_chart() is None


# -- skills ------------------------------------------------------------------------------------


def test_the_skills_table_is_the_statistics(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    table = window.skills.table
    figures = stats.skill_stats(store, "Anna", TARGETS)
    assert window.skills.skills_shown() == list(SKILLS)  # every skill, curriculum order
    role = Qt.ItemDataRole.UserRole
    for row in range(table.rowCount()):
        skill = table.item(row, 0).data(role + 1)
        s = figures[skill]
        assert table.item(row, 1).data(role) == s.attempts
        assert table.item(row, 2).data(role) == s.accuracy
        assert table.item(row, 3).data(role) == s.median_ms
        assert table.item(row, 4).data(role) == s.p90_ms
        assert table.item(row, 5).data(role) == (None if s.target_s is None else s.target_s * 1000)
        assert table.item(row, 7).data(role) == s.mastered
    announce = figures["announce"]
    assert announce.attempts == 12 and table.item(0, 1).text() == "12"
    assert table.item(0, 3).text() == f"{announce.median_ms / 1000:.1f}\xa0s"
    assert table.item(0, 7).text() == "✗ 38 more attempts · accuracy"
    assert table.item(0, 7).toolTip().startswith("38 more attempts (12 of 50)\naccuracy ")

    # The heat map of the chosen skill: one tile per item, its tallies.
    window.skills.select("announce")
    heat = window.skills.heatmap
    assert [c.label for c in heat.cells] == ["Black Jack", "hard 4", "hard 14", "soft 15"]
    soft = heat.cells[-1]
    assert (soft.attempts, soft.wrong) == (4, 1)
    assert error_colour(1.0) != error_colour(0.0)
    tile = heat.tile_rect(3)
    assert heat.cell_at(tile.center()) is soft
    assert "4 attempts, 1 wrong (25%)" in heat.cell_text(soft)


# -- sessions ----------------------------------------------------------------------------------


def test_a_session_shows_every_answer_and_drills_the_missed_again(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    window.tabs.setCurrentWidget(window.sessions)
    model = window.sessions.model
    assert model.rowCount() == 4  # Anna's sessions with answers, newest first
    assert model.lines[0].session_id == history["running"]
    window.sessions.view.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # by questions
    assert [line.attempts for line in model.lines] == [5, 4, 3, 2]

    with qtbot.waitSignal(window.sessions.attemptsShown, timeout=10_000):
        window.sessions.open_session(history["mixed"])
    table = window.sessions.attempts
    assert table.rowCount() == 5
    row = [table.item(1, col).text() for col in range(table.columnCount())]
    assert row == ["2", "Pay in chips", "37 in chips", "bet 25", "16", "16", "✓", "4.2\xa0s"]
    assert table.item(0, 2).text() == "A + 4 (soft 15)"  # its name, never "soft-15"
    assert table.item(0, 3).text() == "A and 5 at box 2"
    assert [table.item(0, c).text() for c in (4, 5, 6)] == ["bust", "soft 16", "✗"]

    button = window.sessions.again
    assert button.isEnabled() and button.text() == "Drill the 2 missed items again"
    with qtbot.waitSignal(window.drillAgain, timeout=2000) as signal:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert signal.args == [[("announce", "announce:soft-15"), ("chips", "chips:37")]]

    with qtbot.waitSignal(window.sessions.attemptsShown, timeout=10_000):
        window.sessions.open_session(history["sprint"])
    assert not window.sessions.again.isEnabled()


# -- readiness ---------------------------------------------------------------------------------


def test_not_ready_says_what_is_missing(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    r = window.progress.readiness
    assert not r.ready
    assert "not ready" in window.readiness.verdict.text()
    table = window.readiness.table
    assert table.rowCount() == len(SKILLS) + 1
    assert table.item(0, 0).text() == "Announce the point"
    assert table.item(0, 1).text() == "✗"
    assert table.item(0, 2).text().startswith("38 more attempts")
    assert table.item(table.rowCount() - 1, 2).text().startswith("not taken yet")


def test_ready_when_every_skill_is_mastered_and_the_exam_passed(qtbot, store, settings):
    for skill in SKILLS:
        fast = int(TARGETS[skill] * 1000) - 100
        drill(store, [(f"{skill}:x", True, fast)] * MASTERY.min_attempts)
    answers = [
        (f"{s}:e", n > 0 or s != "chips", 1500) for s in SKILLS for n in range(EXAM_PER_SKILL)
    ]
    drill(store, answers, mode="exam", skills=list(SKILLS))
    window = open_window(qtbot, store, settings)
    assert window.progress.readiness.ready
    assert window.readiness.verdict.text() == "✓ Anna is ready for the table"
    table = window.readiness.table
    assert all(table.item(row, 1).text() == "✓" for row in range(table.rowCount()))
    assert "39 right of 40" in table.item(table.rowCount() - 1, 2).text()
    assert "ready for the table" in window.status.text()


# -- the empty and the long history ------------------------------------------------------------


def test_the_window_opens_within_a_screen_smaller_than_its_size(qtbot, store, settings):
    """It asks 1100×760; on a 1024×600 laptop (this test's screen is smaller still) it opens
    within the screen, its whole width seen, where the first-run message ran off its edge."""
    window = ProgressWindow(store, settings, read_now=False)
    qtbot.addWidget(window)
    room = window.screen().availableGeometry()
    assert room.width() < 1100 or room.height() < 760  # the case this test is about
    assert window.width() <= room.width() and window.height() <= room.height()


def test_a_first_run_is_a_friendly_message(qtbot, store, settings, tmp_path):
    settings.prefs.profile = "Newcomer"
    window = open_window(qtbot, store, settings)
    assert window.body.currentWidget() is window.message
    assert "No practice yet for Newcomer" in window.message.text()
    assert not window.tabs.isVisible()  # no empty axes
    assert window.current_chart() is None
    assert window.profile_box.currentText() == "Newcomer"
    with qtbot.waitSignal(window.exportFailed, timeout=2000):
        assert not window.export_chart_png(tmp_path / "none.png")
    assert window.export_pdf(tmp_path / "first.pdf")
    assert (tmp_path / "first.pdf").read_bytes().startswith(b"%PDF")
    with qtbot.waitSignal(window.exported, timeout=10_000):
        window.export_csv(tmp_path / "none.csv")
    with (tmp_path / "none.csv").open(encoding="utf-8", newline="") as f:
        assert list(csv.DictReader(f)) == []


def test_an_instructor_chooses_the_profile(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    names = [window.profile_box.itemText(i) for i in range(window.profile_box.count())]
    assert names == ["Anna", "Bruno"]
    with qtbot.waitSignal(window.loaded, timeout=10_000):
        window.set_profile("Bruno")
    assert window.progress.profile == "Bruno"
    assert window.sessions.model.rowCount() == 1
    assert list(window.timeline.accuracy_curve.getData()[1]) == [100.0]


def test_a_long_history(qtbot, tmp_path, settings):
    from tests.bench.bench_progress import fill_history

    path = tmp_path / "long.sqlite3"
    fill_history(path, 50_000, days=120, profiles={"Anna": (0.8, 1.0), "Bruno": (0.2, 0.5)})
    with Store.open(path) as store:
        window = open_window(qtbot, store, settings)
        rows = store.sessions("Anna")
        answered = [s for s in rows if s.attempts]
        assert window.sessions.model.rowCount() == len(answered)
        assert window.progress.attempts == sum(s.attempts for s in rows)
        skill = window.timeline.skill
        shown = window.timeline.shown
        assert len(window.timeline.accuracy_curve.getData()[0]) == len(shown) > 0
        assert all(p.skill == skill for p in shown)
        assert window.progress.skills == stats.skill_stats(store, "Anna", TARGETS)
        with qtbot.waitSignal(window.exported, timeout=20_000):
            window.export_csv(tmp_path / "long.csv")
        with (tmp_path / "long.csv").open(encoding="utf-8", newline="") as f:
            assert sum(1 for _ in csv.DictReader(f)) == window.progress.attempts
        window.close()


# -- exports -----------------------------------------------------------------------------------


def test_the_exports_open(qtbot, store, settings, history, tmp_path):
    window = open_window(qtbot, store, settings)
    png = tmp_path / "timeline.png"
    with qtbot.waitSignal(window.exported, timeout=2000) as signal:
        assert window.export_chart_png(png)
    assert signal.args == [str(png)]
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 200 and image.height() > 100

    window.tabs.setCurrentWidget(window.skills)
    assert window.current_chart() is window.skills.heatmap
    assert window.export_chart_png(tmp_path / "items.png")
    assert QImage(str(tmp_path / "items.png")).height() > 50

    pdf = tmp_path / "report.pdf"
    assert window.export_pdf(pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 5000

    out = tmp_path / "history.csv"
    with qtbot.waitSignal(window.exported, timeout=10_000):
        window.export_csv(out)
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == sum(1 for _ in store.attempts(profile="Anna")) == 14
    assert rows[0]["item"] == "announce:soft-15" and rows[0]["response_ms"] == "1800"
    assert "14 answers written" in window.status.text()


def test_loaded_waits_for_the_chart_when_pyqtgraph_comes_last(
    qtbot, store, settings, history, tmp_path, monkeypatch
):
    # A first opening imports pyqtgraph on a worker beside the reading: on a busy machine the
    # reading can end first. `loaded` must wait for the chart, or an export right after it
    # finds "no chart to save yet".
    import threading

    import pyqtgraph

    import ui.progress.window

    gate = threading.Event()

    def slow_import() -> None:
        gate.wait(20)
        sys.modules["pyqtgraph"] = pyqtgraph  # imported at last

    monkeypatch.delitem(sys.modules, "pyqtgraph")
    monkeypatch.setattr(ui.progress.window, "_import_pyqtgraph", slow_import)
    try:
        window = ProgressWindow(store, settings)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.progress is not None and window.progress.complete)
        assert not window.is_loaded and window.current_chart() is None
    finally:
        gate.set()
    with qtbot.waitSignal(window.loaded, timeout=10_000):
        pass
    assert window.is_loaded and window.current_chart() is window.timeline.chart
    assert window.export_chart_png(tmp_path / "timeline.png")


TABS = ("charts", "timeline", "skills", "sessions", "readiness", "shoes")


@pytest.mark.slow
def test_pyqtgraph_waits_for_the_progress_view() -> None:
    # and the window brings every tab's module with it: the main window's preload imports the
    # window on a worker thread, and nothing of the view is left to import on the GUI thread
    code = (
        "import sys; import ui.main_window, ui.progress.window; print('pyqtgraph' in sys.modules, "
        f"all('ui.progress.' + tab in sys.modules for tab in {TABS!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False True"


# -- live --------------------------------------------------------------------------------------


def test_answers_given_while_the_view_is_open_appear(qtbot, store, settings, history, clock):
    window = open_window(qtbot, store, settings)
    window.tabs.setCurrentWidget(window.sessions)
    with qtbot.waitSignal(window.sessions.attemptsShown, timeout=10_000):
        window.sessions.open_session(history["running"])
    assert window.sessions.attempts.rowCount() == 2
    before = window.progress.attempts
    clock.now = NOW - 3600
    # The running session goes on (its new answer shows in the session open), and a new one.
    store.record(history["running"], "announce", "announce:hard-9", {}, "9", "9", True, 900)
    drill(store, [("chips:37", True, 4000)])
    qtbot.waitUntil(lambda: window.progress.attempts == before + 2, timeout=5000)
    qtbot.waitUntil(lambda: window.is_loaded, timeout=5000)
    assert window.sessions.model.rowCount() == 5
    qtbot.waitUntil(lambda: window.sessions.attempts.rowCount() == 3, timeout=5000)
    assert window.sessions.session_id == history["running"]

    # Hidden, it looks no more; shown again, it catches up at once.
    window.hide()
    assert not window._live.isActive()
    drill(store, [("announce:hard-14", True, 1100)] * 2)
    window.show()
    qtbot.waitUntil(lambda: window.progress.attempts == before + 4, timeout=5000)


def test_the_view_reads_again_only_when_the_history_moved(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    generation = window._generation
    window._look()
    window._look()
    assert window._generation == generation  # nothing new: nothing read
    drill(store, [("announce:hard-14", True, 1100)], profile="Bruno")
    window._look()
    assert window._generation == generation  # another trainee's answer: Anna's figures stand
    store.end_session(store.start_session("Anna", "practice", ["announce"], "casino-fr"))
    window._look()
    assert window._generation == generation  # an empty session: nothing to show
    drill(store, [("announce:hard-14", True, 1100)])
    window._look()
    assert window._generation == generation + 1


def test_the_pdf_and_the_csv_always_hold_the_same_count(qtbot, store, settings, history, tmp_path):
    from ui.progress.report import header_lines

    piped = store.start_session("Anna", "practice", ["announce"], "casino-fr", interactive=False)
    store.record(piped, "announce", "announce:hard-9", {}, "9", "9", True, 3)  # in no figure
    window = open_window(qtbot, store, settings)
    window._live.stop()  # between two looks: the figures shown are behind the history
    drill(store, [("announce:hard-14", True, 1100)] * 3)
    shown = window.progress.attempts
    assert sum(1 for _ in store.attempts(profile="Anna")) == shown + 4
    assert window.export_pdf(tmp_path / "report.pdf")
    assert f"{shown:,} answers" in header_lines(window.progress, "casino-fr", NOW)[2]
    with qtbot.waitSignal(window.exported, timeout=10_000):
        window.export_csv(tmp_path / "history.csv")
    with (tmp_path / "history.csv").open(encoding="utf-8", newline="") as f:
        assert sum(1 for _ in csv.DictReader(f)) == shown
    assert f"{shown} answers written" in window.status.text()


# -- the timeline fits its sessions ------------------------------------------------------------


def test_a_day_of_sessions_is_spread_over_the_day(qtbot, store, settings, clock):
    day = NOW - 6 * 3600
    for hour in range(0, 5):
        clock.now = day + hour * 3600
        drill(store, [("announce:hard-14", True, 1500 + 100 * hour)] * 4)
    window = open_window(qtbot, store, settings)
    timeline = window.timeline
    timeline.set_filters("announce", None, 30)  # the last 30 days: the sessions of one day
    lo, hi = timeline.accuracy_box.viewRange()[0]
    xs = list(timeline.accuracy_curve.getData()[0])
    assert lo < xs[0] and xs[-1] < hi
    assert hi - lo < 6 * 3600  # not a month: the four hours, and a margin
    assert (xs[-1] - xs[0]) / (hi - lo) > 0.6


def test_the_timeline_of_every_skill(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    timeline = window.timeline
    titles = [timeline.skill_box.itemText(i) for i in range(timeline.skill_box.count())]
    assert titles == ["Announce the point", "Pay in chips", "All skills"]
    timeline.set_filters(pd.ALL_SKILLS, None, None)
    sessions = [history["old"], history["mixed"], history["sprint"], history["running"]]
    expected = [stats.session_stats(store, s).overall for s in sessions]
    xs, ys = timeline.accuracy_curve.getData()
    assert len(xs) == 4
    assert list(ys) == pytest.approx([100 * e.accuracy for e in expected])
    mixed = timeline.shown[1]
    assert (mixed.attempts, mixed.correct) == (5, 3)
    _, times = timeline.time_curve.getData()
    assert times[1] == pytest.approx((3100 + 4200 + 1500 + 5000 + 900) / 5 / 1000)  # the mean
    assert not timeline.target_line.isVisible()
    assert "mean time" in timeline.title()
    # kept when the view reads again
    with qtbot.waitSignal(window.loaded, timeout=10_000):
        window.reload()
    assert timeline.skill == pd.ALL_SKILLS


def test_an_exported_chart_says_what_it_is(qtbot, store, settings, history, tmp_path):
    window = open_window(qtbot, store, settings)
    window.timeline.set_filters("announce", "practice", None)
    title, subtitle = window.chart_titles(window.timeline.chart)
    assert title == "Accuracy and median time per session"
    assert subtitle == "Anna · Announce the point · Practice · All"
    png = tmp_path / "timeline.png"
    assert window.export_chart_png(png)
    image = QImage(str(png))
    chart = window.timeline.chart.grab()
    assert image.height() > chart.height() + 20  # a band above the chart
    band = image.copy(0, 0, image.width(), image.height() - chart.height())
    colours = {band.pixel(x, y) for x in range(0, band.width(), 3) for y in range(band.height())}
    assert len(colours) > 2  # written on, not blank

    window.tabs.setCurrentWidget(window.skills)
    window.skills.select("chips")
    assert window.chart_titles(window.skills.heatmap) == (
        "Items: errors and time against the target",
        "Anna · Pay in chips",
    )


# -- deal shoes --------------------------------------------------------------------------------


def deal_shoe(store: Store, clock: Clock, boxes: int, rounds: int, seconds_a_step: int) -> int:
    """A shoe dealt perfectly in deal mode, the store's clock moved a few seconds a step."""
    from trainer.game.rules import HouseRules
    from trainer.practice.deal import DealShoe

    shoe = DealShoe(
        HouseRules.preset_named("casino-fr"), boxes=boxes, seed=11, store=store, profile="Anna",
        clock=lambda: round(clock.now * 1e9),  # the shoe's pace on the store's clock
    )  # fmt: skip
    for _ in range(rounds):
        shoe.next_round()
        while not shoe.round_over:
            clock.now += seconds_a_step
            shoe.answer(shoe.step.expected, 800)
    shoe.finish()
    return shoe.session_id


def test_deal_shoes_are_named_in_the_sessions_list_and_charted_by_pace(
    qtbot, store, settings, history, clock
):
    first = deal_shoe(store, clock, boxes=7, rounds=3, seconds_a_step=2)
    clock.now += DAY
    second = deal_shoe(store, clock, boxes=3, rounds=2, seconds_a_step=1)
    window = open_window(qtbot, store, settings)

    model = window.sessions.model
    rows = {model.data(model.index(r, 0), Qt.ItemDataRole.UserRole + 1): r
            for r in range(model.rowCount())}  # fmt: skip
    named = model.data(model.index(rows[first], 2))
    assert named.startswith("Deal shoe · 7 boxes · 3 rounds · ") and named.endswith(" · 0 errors")
    assert "rounds/h" in named
    assert model.data(model.index(rows[first], 2), Qt.ItemDataRole.ToolTipRole) == named
    practice = model.data(model.index(rows[history["old"]], 2))
    assert not practice.startswith("Deal shoe")
    # a list of skills cut in its column is whole in its tooltip, a skill a line
    tip = model.data(model.index(rows[history["old"]], 2), Qt.ItemDataRole.ToolTipRole)
    assert tip.split("\n") == practice.split(", ")

    qtbot.waitUntil(lambda: window.shoes is not None, timeout=20_000)  # pyqtgraph is in
    shoes = window.shoes
    assert shoes.stack.currentWidget() is shoes.chart
    lines = pd.shoe_lines(window.progress.sessions)
    assert [x.session_id for x in lines] == [first, second]
    xs, ys = shoes.pace_curve.getData()
    assert list(xs) == [x.started for x in lines]
    assert list(ys) == pytest.approx([x.rounds_per_hour for x in lines])
    # the reference of each shoe's boxes: 7 boxes, then 3 (faster with fewer players)
    _, refs = shoes.reference_curve.getData()
    assert list(refs) == pytest.approx([3600 / (20 + 6 * 7), 3600 / (20 + 6 * 3)])
    assert "2 deal shoes · 5 rounds · 0 errors" in shoes.summary.text()

    window.tabs.setCurrentWidget(window._shoes_slot)
    assert window.current_chart() is shoes.chart
    assert window.chart_titles(shoes.chart)[0] == "Rounds per hour per deal shoe"
    spot = shoes.box.mapViewToScene(shoes.pg.Point(lines[0].started, lines[0].rounds_per_hour))
    assert shoes.nearest(spot.x(), spot.y()) == 0
    assert "7 boxes" in shoes.point_text(lines[0])


def test_no_deal_shoe_yet_is_said(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    qtbot.waitUntil(lambda: window.shoes is not None, timeout=20_000)
    shoes = window.shoes
    assert shoes.stack.currentWidget() is shoes.empty
    assert "No deal shoe yet" in shoes.empty.text()


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_an_exam_ended_early_is_read_whole_in_the_sessions_list(qtbot, store, settings, lang):
    # "3 su 28 · incompleto" was cut to "3 su 28 · …" in a column sized for English
    from trainer import i18n

    session = store.start_session("Anna", "exam", ["announce"], "casino-fr", 42, 28)
    store.record(session, "announce", "announce:hard-14", {"n": 1}, "14", "14", True, 900)
    store.end_session(session)
    i18n.set_language(lang)
    try:
        window = open_window(qtbot, store, settings)
        tab = window.sessions
        row = tab.model.row_of(session)
        text = tab.model.index(row, 3).data()
        assert "28" in text and text != "28"
        need = tab.view.fontMetrics().horizontalAdvance(text)
        assert tab.view.columnWidth(3) >= need + 8, (text, tab.view.columnWidth(3))
    finally:
        i18n.set_language("en")


@pytest.fixture
def every_skill(store: Store, clock: Clock) -> None:
    """Every skill drilled: some mastered, some short of every condition (attempts, accuracy,
    time), some not practised this week, some new this week — the longest texts of each column."""
    for k, skill in enumerate(SKILLS):
        target_ms = int(1000 * TARGETS[skill])
        for days in ((9,), (9, 2), (2,))[k % 3]:
            clock.now = NOW - days * DAY
            n, wrong, ms = [(60, 0, target_ms // 2), (24, 3, target_ms * 2), (35, 4, target_ms)][
                k % 3
            ]
            drill(
                store,
                [(f"{skill}:x{i % 6}", i % wrong != 0 if wrong else True, ms) for i in range(n)],
                skills=[skill],
            )


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_skills_table_reads_whole_in_every_language(
    qtbot, store, settings, every_skill, lang, size, english_after
):
    # "pas encore : encore 26 réponses (24 sur 50); justesse de 67 % sur les…" at 1024 wide
    from PySide6.QtCore import QRect

    from ui.language import apply_language

    apply_language(lang)
    window = ProgressWindow(store, settings)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=20_000):
        window.resize(*size)
        window.show()
    window.tabs.setCurrentWidget(window.skills)
    table = window.skills.table
    qtbot.waitUntil(lambda: table.rowCount() == len(SKILLS) and table.viewport().width() > 0)
    assert table.horizontalScrollBar().maximum() == 0  # the columns fit the window
    margin = table.style().pixelMetric(table.style().PixelMetric.PM_FocusFrameHMargin) + 1
    fm = table.fontMetrics()
    short = 0
    for row in range(table.rowCount()):
        for col in range(table.columnCount()):
            item = table.item(row, col)
            room = table.visualItemRect(item).adjusted(margin, 0, -margin, 0)
            laid = fm.boundingRect(
                QRect(0, 0, room.width(), 10_000), Qt.TextFlag.TextWordWrap, item.text()
            )
            assert laid.width() <= room.width() and laid.height() <= room.height(), (
                item.text(), laid, room)  # fmt: skip
        mastered = table.item(row, len(SKILL_COLUMNS) - 1)
        if not mastered.data(Qt.ItemDataRole.UserRole):
            short += 1
            skill = table.item(row, 0).data(Qt.ItemDataRole.UserRole + 1)
            # the detail is whole in the tooltip: the sentences of mastery_gaps
            assert mastered.toolTip() == "\n".join(pd.mastery_gaps(window.progress.skills[skill]))
    assert 0 < short < len(SKILLS)


def test_a_home_game_session_s_mode_is_named_in_the_language() -> None:
    from trainer.i18n import set_language
    from ui.progress.charts import mode_words

    said = {}
    for language in ("en", "fr", "it"):
        set_language(language)
        said[language] = mode_words("home")
    assert said == {"en": "home game", "fr": "partie en famille", "it": "partita in famiglia"}


def test_an_exported_chart_is_made_for_paper_whatever_the_theme(
    qtbot, store, settings, history, tmp_path, monkeypatch
):
    """The PNG kept the dark theme and "(hover a point for its session)": an export is read on
    paper or another screen, dark ink on white, and nothing there hovers."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    from ui.progress import window as window_module
    from ui.theme import dark_palette

    app = QApplication.instance()
    before = app.palette()
    app.setPalette(dark_palette())
    try:
        window = open_window(qtbot, store, settings)
        timeline = window.timeline
        legend = timeline.legend.text()
        assert "hover a point" in legend
        seen = {}
        titled = window_module._titled

        def spy(chart, title, subtitle):
            seen["legend"] = timeline.legend.text()
            seen["ground"] = chart.palette().color(QPalette.ColorRole.Window)
            return titled(chart, title, subtitle)

        def spy_ranges(chart, title, subtitle):
            seen["ranges"] = [box.viewRange()[1] for box in timeline.value_boxes]
            return spy(chart, title, subtitle)

        on_screen = [box.viewRange()[1] for box in timeline.value_boxes]
        assert on_screen[0][0] > 0  # the screen's accuracy axis starts near the figures
        monkeypatch.setattr(window_module, "_titled", spy_ranges)
        png = tmp_path / "timeline.png"
        assert window.export_chart_png(png)
        assert "hover" not in seen["legend"] and "accuracy per session" in seen["legend"]
        assert seen["ground"] == QColor("#ffffff")
        assert [low for low, _high in seen["ranges"]] == [0, 0]  # accuracy and time from 0
        assert [box.viewRange()[1] for box in timeline.value_boxes] == on_screen
        image = QImage(str(png))
        plot = timeline.plot.geometry()
        head = image.height() - timeline.chart.height()
        ground = [
            QColor(image.pixel(x, head + plot.top() + plot.height() // 2)).lightness()
            for x in range(plot.left() + 60, plot.right() - 60, 7)
        ]
        assert sorted(ground)[len(ground) // 2] > 240  # the plot's ground is white
        assert QColor(image.pixel(2, 2)).lightness() > 240  # the title's band too
        # the app's look again after
        assert timeline.legend.text() == legend
        assert not timeline.chart.testAttribute(Qt.WidgetAttribute.WA_SetPalette)
        window.tabs.setCurrentWidget(window.skills)
        heat = tmp_path / "items.png"
        assert window.export_chart_png(heat)
        assert QColor(QImage(str(heat)).pixel(2, 2)).lightness() > 240
        window.close()
    finally:
        app.setPalette(before)


# -- the review sessions' own figures ----------------------------------------------------------


def test_the_reviews_have_figures_of_their_own_apart_from_the_skills(
    qtbot, store, settings, history, clock
):
    before = {
        s: (st.attempts, st.mastered) for s, st in stats.skill_stats(store, "Anna", TARGETS).items()
    }
    clock.now = NOW - 3600
    review = drill(
        store,
        [("announce:hard-14", True, 1400), ("announce:soft-15", False, 2000)],
        mode="review",
    )
    window = open_window(qtbot, store, settings)
    window.tabs.setCurrentWidget(window.skills)
    line = window.skills.reviews.text()
    assert "<b>Reviews</b> (apart from the skills' mastery): 1 session, 2 answered, 50" in line
    figures = window.progress.reviews
    assert (figures.sessions, figures.answered, figures.right) == (1, 2, 1)
    # the history's misses (hard 14, soft 15, hard 4) are the schedule's: one missed a day ago
    assert figures.due_today >= 1 and f"{figures.due_today} due today" in line
    # no skill's figures count the review's answers
    after = {s: (st.attempts, st.mastered) for s, st in window.progress.skills.items()}
    assert {s: v for s, v in after.items() if s in before} == before
    window.tabs.setCurrentWidget(window.sessions)
    model = window.sessions.model
    row = next(r for r, x in enumerate(model.lines) if x.session_id == review)
    mode = model.index(row, 1)
    assert model.data(mode) == "review"
    assert model.data(mode, Qt.ItemDataRole.FontRole).bold()
    assert "no skill's mastery" in model.data(mode, Qt.ItemDataRole.ToolTipRole)
    other = model.index(row - 1 if row else row + 1, 1)
    assert model.data(other, Qt.ItemDataRole.FontRole) is None


def test_a_history_with_no_review_says_none_done(qtbot, store, settings, history):
    window = open_window(qtbot, store, settings)
    assert "none done yet" in window.skills.reviews.text()
