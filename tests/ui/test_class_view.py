"""The class view in the app, on a real PostgreSQL server (started by the tests; skipped with the
reason where it cannot be): the heat map, the menu entry shown to an instructor only, and a
double click on a trainee opening the progress view on their history."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, pg_server, school_login  # noqa: F401  (fixture)
from trainer.history.postgres import PostgresStore, add_login
from trainer.settings import Settings
from ui.class_view import MASTERED, NEVER, ClassWindow
from ui.main_window import MainWindow

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
TARGETS = {"announce": 2.0, "dealer": 3.0}


def _trainee(server: PgServer, tmp_path: Path, marks: str, name: str) -> str:
    url = school_login(server, f"ui_{name}_{os.getpid()}")
    clock = Clock()
    with PostgresStore.open(url, data=tmp_path / name, clock=clock) as store:
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        for n, mark in enumerate(marks):
            clock.now += 5
            store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", mark == "1", 900)
        store.end_session(sid)
        assert store.sync(30)
    return url.rsplit("user=", 1)[1]


def test_the_heat_map_and_a_trainees_progress(qtbot, pg_server, tmp_path):  # noqa: F811
    good = _trainee(pg_server, tmp_path, "1" * 60, "good")
    weak = _trainee(pg_server, tmp_path, "10" * 30, "weak")
    add_login(pg_server.url, "ui_roux", instructor=True)
    w = ClassWindow(pg_server.login_url("ui_roux"), TARGETS, Settings.load(tmp_path / "s.json"))
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.loaded, timeout=30_000):
        w.show()
    qtbot.waitExposed(w)
    t = w.table
    rows = {t.item(r, 0).text(): r for r in range(t.rowCount())}
    assert t.horizontalHeaderItem(1).text() == "announce"
    assert t.item(rows[good], 1).text() == "✓"
    assert t.item(rows[good], 1).background().color() == MASTERED
    assert t.item(rows[weak], 1).text() == "50%"
    assert t.item(rows[weak], 1).background().color() not in (MASTERED, NEVER)
    assert t.item(rows[weak], 2).text() == "–"  # dealer: never practised
    assert t.item(rows[weak], 2).background().color() == NEVER
    # a double click on the trainee: the progress view on their history, read on the server
    qtbot.waitUntil(lambda: t.visualItemRect(t.item(rows[weak], 0)).isValid())
    at = t.visualItemRect(t.item(rows[weak], 0)).center()
    with qtbot.waitSignal(w.opened, timeout=30_000) as opened:
        # a double click as a mouse makes it: a click, then the second press
        qtbot.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=at)
        qtbot.mouseDClick(t.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert opened.args == [weak], w.status.text()
    progress = w._progress[weak]
    qtbot.waitUntil(
        lambda: progress.progress is not None and progress.progress.profile == "Ana",
        timeout=30_000,
    )
    figures = progress.progress.skills["announce"]
    assert (figures.attempts, figures.correct) == (60, 30)
    w.close()


def test_the_menu_shows_the_class_view_to_an_instructor_only(qtbot, pg_server, tmp_path):  # noqa: F811
    school_login(pg_server, "ui_menu_trainee")
    add_login(pg_server.url, "ui_menu_roux", instructor=True)
    for login, shown in (("ui_menu_roux", True), ("ui_menu_trainee", False)):
        store = PostgresStore.open(pg_server.login_url(login), data=tmp_path / login)
        w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
        try:
            qtbot.waitUntil(lambda w=w: w._instructor is not None, timeout=30_000)
            assert w._instructor is shown
            assert w._class_action.isVisible() is shown
            if shown:
                w._class_action.trigger()
                with qtbot.waitSignal(w._class.loaded, timeout=30_000):
                    pass
                assert w._class.isVisible()
        finally:
            w.close()  # once: closing the window again would try its closed history
            w.deleteLater()
            store.close(wait_s=0)
