"""Assigned exams end to end, on a real PostgreSQL server (started by the tests; skipped with the
reason where it cannot be): the instructor assigns an exam in the class view's dialog, the
trainee's home shows it, the trainee takes it, and the class view's tab shows the result."""

from __future__ import annotations

import os
from datetime import date, timedelta

import pytest
from PySide6.QtCore import QDate, Qt

from tests.trainer.pg_server import pg_server, school_login  # noqa: F401  (fixture)
from tests.ui.pages.test_drill import _answer
from trainer.history import postgres
from trainer.history.postgres import PostgresStore
from trainer.history.server_setup import add_login
from trainer.practice.drill import EXAM_PER_SKILL
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.school.class_view import ClassWindow

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def test_assigned_taken_and_its_result_in_the_class_view(qtbot, pg_server, tmp_path, monkeypatch):  # noqa: F811, E501
    trainee_url = school_login(pg_server, f"ui_exam_ana_{os.getpid()}")
    login = trainee_url.rsplit("user=", 1)[1]
    add_login(pg_server.url, "ui_exam_roux", instructor=True)
    settings = Settings.load(tmp_path / "settings.json")
    monkeypatch.setattr(postgres, "ASSIGNMENTS_EVERY_S", 0.5)  # the PC reads the list often

    # the instructor assigns it, by keys and clicks in the dialog
    klass = ClassWindow(pg_server.login_url("ui_exam_roux"), {"pay-even": 2.0}, settings)
    qtbot.addWidget(klass)
    with qtbot.waitSignal(klass.loaded, timeout=30_000):
        klass.show()
    klass.tabs.setCurrentIndex(1)
    tab = klass.assigned
    qtbot.mouseClick(tab.assign_button, Qt.MouseButton.LeftButton)
    d = tab.dialog
    item = d._items["pay-even"]
    d.skills.setFocus()
    d.skills.setCurrentItem(item)
    qtbot.keyClick(d.skills, Qt.Key.Key_Space)
    d.title.setFocus()
    qtbot.keyClicks(d.title, "Even money, today")
    today = date.today()
    d.opens.setDate(QDate(today.year, today.month, today.day))
    assert d.ok.isEnabled(), d.problem.text()
    with qtbot.waitSignal(klass.loaded, timeout=30_000):  # assigned, then the class read again
        qtbot.mouseClick(d.ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.tree.topLevelItemCount() == 1, timeout=30_000)
    top = tab.tree.topLevelItem(0)
    assert top.text(0) == "Even money, today" and top.text(5) == "open"

    # the trainee's home shows it once the sender has read it from the server
    store = PostgresStore.open(trainee_url, data=tmp_path / "ana")
    w = MainWindow(Settings.load(tmp_path / "ana-settings.json"), store)
    try:
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        assert w.wait_for_figures()
        qtbot.waitUntil(
            lambda: w.home.assigned is not None and bool(w.home.assigned.starts), timeout=30_000
        )
        [(assignment_id, start)] = w.home.assigned.starts.items()
        qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
        page = w.drill_page
        assert page.drill.assignment == assignment_id
        with qtbot.waitSignal(page.finished, timeout=20_000):
            for _n in range(EXAM_PER_SKILL):
                qtbot.waitUntil(lambda: page.question is not None and not page._waiting_next)
                _answer(qtbot, page, right=True)
        assert store.sync(30)
        w.show_home()
        qtbot.waitUntil(
            lambda: bool(w.home.assigned.rows) and w.home.assigned.rows[0].tries == 1,
            timeout=10_000,
        )

        # the class view shows the result
        with qtbot.waitSignal(klass.loaded, timeout=30_000):
            klass.reload()
        top = tab.tree.topLevelItem(0)
        rows = {top.child(i).text(0): top.child(i) for i in range(top.childCount())}
        done = f"passed {EXAM_PER_SKILL}/{EXAM_PER_SKILL}"
        assert login in rows, (rows, klass.view.assignments, [t.login for t in klass.view.trainees])
        assert rows[login].text(1).startswith(done), rows[login].text(1)
        assert rows[login].text(3) == "1"
        assert rows[login].text(2)  # how long it took
        assert top.text(1).startswith("1 passed")

        # withdrawn: the trainee's home no longer lists it
        tab.tree.setCurrentItem(top)
        top.setSelected(True)
        qtbot.mouseClick(tab.withdraw_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: getattr(tab, "_confirm", None) is not None)
        box = tab._confirm
        yes = next(b for b in box.buttons() if b.text().replace("&", "") == "Withdraw")
        with qtbot.waitSignal(klass.loaded, timeout=30_000):
            qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
        assert tab.tree.topLevelItemCount() == 0
        qtbot.waitUntil(lambda: not w.home.assigned.isVisible(), timeout=60_000)
    finally:
        w.close()
        w.deleteLater()
        store.close(wait_s=0)
        klass.close()


def test_the_window_of_days_given_is_the_one_written(qtbot, pg_server, tmp_path):  # noqa: F811
    """The dates picked in the dialog are the days the server keeps (no shift by a time zone)."""
    add_login(pg_server.url, "ui_exam_days", instructor=True)
    klass = ClassWindow(pg_server.login_url("ui_exam_days"), {}, Settings.load(tmp_path / "s.json"))
    qtbot.addWidget(klass)
    with qtbot.waitSignal(klass.loaded, timeout=30_000):
        klass.show()
    d = klass.assigned.open_assign()
    d.set_checked(["announce"])
    first, last = date.today() + timedelta(3), date.today() + timedelta(10)
    d.opens.setDate(QDate(first.year, first.month, first.day))
    d.closes.setDate(QDate(last.year, last.month, last.day))
    with qtbot.waitSignal(d.assigned, timeout=30_000) as sent:
        qtbot.mouseClick(d.ok, Qt.MouseButton.LeftButton)
    a = sent.args[0]
    assert (a.opens, a.closes) == (first, last)
    with qtbot.waitSignal(klass.loaded, timeout=30_000):
        pass
    ours = [x for x, _r in klass.view.assignments if x.id == a.id]
    assert ours and ours[0].state(date.today()) == "upcoming"
    klass.close()
