"""Assigned exams on the trainee's home: an open one with its Start button, an upcoming one with its
first day, a closed one gone; Start runs the exam of the assignment's skills, seed, rules and time
limit, the session recorded as a try at it; back home, the best try shows. A history of this PC
alone has no assignments, and home shows nothing of them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta

import pytest
from PySide6.QtCore import Qt

from tests.ui.pages.test_drill import _answer
from trainer.history.assignments import Assignment
from trainer.history.store import Store
from trainer.practice.drill import EXAM_PER_SKILL
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.school.assigned_box import assigned_figures

TODAY = date.today()
OPEN = Assignment(
    3, ("announce",), 4242, "casino-it", 300, TODAY - timedelta(1), TODAY + timedelta(2), "Week 49"
)
UPCOMING = Assignment(
    2, ("pay-even", "chips"), 7, "casino-fr", 600, TODAY + timedelta(3), TODAY + timedelta(5), ""
)
CLOSED = Assignment(
    1, ("dealer",), 5, "casino-fr", 600, TODAY - timedelta(9), TODAY - timedelta(1), "Old one"
)


@pytest.fixture
def school(qtbot, tmp_path) -> Iterator:
    """Makes the main window on a history whose school's server assigned `assignments`."""
    stores: list[Store] = []

    def make(assignments) -> MainWindow:
        store = Store.open(tmp_path / "history.sqlite3")
        store.assignments = lambda: list(assignments)  # type: ignore[method-assign]
        stores.append(store)
        w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        assert w.wait_for_figures()
        return w

    yield make
    for store in stores:
        store.close()


def test_a_history_of_this_pc_alone_shows_no_assigned_exams(window):
    assert window.store.assignments() == []
    assert window.home.assigned is None


def test_home_shows_the_open_and_upcoming_ones_and_not_the_closed(qtbot, school):
    w = school([UPCOMING, OPEN, CLOSED])
    qtbot.waitUntil(lambda: w.home.assigned is not None and w.home.assigned.isVisible())
    box = w.home.assigned
    assert [r.assignment.id for r in box.rows] == [OPEN.id, UPCOMING.id]  # open ones first
    assert list(box.starts) == [OPEN.id]  # only an open one can be started
    texts = [box.grid.itemAtPosition(r, 0).widget().text() for r in range(2)]
    assert "Week 49" in texts[0] and "open until" in texts[0]
    assert f"{EXAM_PER_SKILL} questions in 5 min" in texts[0]
    assert "exam 7" in texts[1] and "opens on" in texts[1]
    assert "Old one" not in " ".join(texts)


def test_start_runs_the_assigned_exam_and_home_then_shows_the_best_try(qtbot, school):
    w = school([OPEN])
    qtbot.waitUntil(lambda: w.home.assigned is not None and OPEN.id in w.home.assigned.starts)
    qtbot.mouseClick(w.home.assigned.starts[OPEN.id], Qt.MouseButton.LeftButton)
    page = w.drill_page
    assert w.pages.currentWidget() is page
    drill = page.drill
    assert drill.mode == "exam" and drill.seed == OPEN.seed
    assert drill.rules.preset == "casino-it"  # the assignment's rules, not the settings'
    assert drill.time_limit_ms == OPEN.time_limit_s * 1000
    assert [s.name for s in drill.skills] == ["announce"]
    assert page.countdown.text() == "5:00 left"
    [session] = w.store.sessions(w.settings.prefs.profile)
    assert session.assignment == OPEN.id
    with qtbot.waitSignal(page.finished, timeout=10_000):
        for _n in range(EXAM_PER_SKILL):
            qtbot.waitUntil(lambda: page.question is not None and not page._waiting_next)
            _answer(qtbot, page, right=True)
    assert w.pages.currentWidget() is w.summary
    w.show_home()
    assert w.wait_for_figures()
    box = w.home.assigned
    qtbot.waitUntil(lambda: box.rows and box.rows[0].tries == 1)
    text = box.grid.itemAtPosition(0, 0).widget().text()
    assert f"best: passed {EXAM_PER_SKILL}/{EXAM_PER_SKILL} (1 try)" in text
    assert box.starts[OPEN.id].text() == "Take it again"


def test_tries_count_inside_the_window_only_and_the_best_counts(store):
    profile = "default"
    for right in (1, 2, 0):  # three tries: the second is the best
        sid = store.start_session(
            profile, "exam", ["announce"], "casino-it", 4242, 2, assignment=OPEN.id
        )
        for n in range(2):
            store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", n < right, 900)
        store.end_session(sid)
    running = store.start_session(
        profile, "exam", ["announce"], "casino-it", 4242, 2, assignment=OPEN.id
    )  # not ended: not a try
    other = store.start_session(profile, "exam", ["announce"], "casino-it", 4242, 2)
    for sid in (running, other):
        store.record(sid, "announce", "hard-14", {}, "14", "14", True, 900)
    store.end_session(other)  # the same exam, not taken for the assignment
    [row] = assigned_figures(store.reader(), profile, [OPEN, CLOSED], TODAY)
    assert row.assignment is OPEN and row.tries == 3
    assert (row.best.correct, row.best.attempts) == (2, 2) and row.best.passed
    # tries made before the window opens count for nothing (the day read now: the tries may
    # have been made after midnight, past the TODAY of the module's import)
    today = date.today()
    late = replace(OPEN, opens=today + timedelta(1), closes=today + timedelta(2))
    [row] = assigned_figures(store.reader(), profile, [late], today)
    assert row.tries == 0 and row.best is None


def test_start_after_the_last_day_is_refused_as_the_command_line_refuses_it(
    qtbot, school, monkeypatch
):
    # The app left open past the exam's last day: its Start is still on home, and a try then
    # would not count — refused in the sentence `sabot drill --assignment` says.
    from PySide6.QtWidgets import QMessageBox

    from trainer.history.assignments import check_open

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: told.append(text))
    w = school([OPEN])
    qtbot.waitUntil(lambda: w.home.assigned is not None and OPEN.id in w.home.assigned.starts)
    over = replace(OPEN, opens=TODAY - timedelta(5), closes=TODAY - timedelta(1))
    w.start_assigned(over)
    with pytest.raises(ValueError) as said:
        check_open(over, TODAY)
    assert told == [str(said.value)] and "a try now would not count" in told[0]
    assert w.pages.currentWidget() is not w.drill_page
    with pytest.raises(ValueError):
        w.store.sessions(w.settings.prefs.profile)  # no session started: no profile made yet
