"""The main window on a school's server: the status bar says where the answers are, and says
"offline — N answers waiting" while the server cannot be reached."""

from __future__ import annotations

import os

from tests.trainer.pg_server import pg_server, school_login  # noqa: F401  (fixture)
from trainer.history.postgres import PostgresStore
from trainer.history.store import Store
from trainer.settings import Settings
from ui.main_window import MainWindow

UNREACHABLE = "postgresql:///sabot?host=/nonexistent-sabot-school&user=ana"


def test_the_status_bar_counts_the_answers_waiting_for_the_server(qtbot, tmp_path):
    store = PostgresStore.open(UNREACHABLE, data=tmp_path, retry_s=0.1)
    w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
    qtbot.addWidget(w)
    try:
        w.show()
        qtbot.waitExposed(w)
        label = w._school
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        for n in range(12):
            store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", True, 800 + n)
        qtbot.waitUntil(lambda: label.text() == "offline — 12 answers waiting", timeout=5000)
        assert label.isVisible()
    finally:
        w.close()
        store.close(wait_s=0)
    assert not w._school_poll.isActive()  # a closed window asks no more
    assert store.status().waiting == 12  # and a closed store still answers: what it left


def test_this_pcs_own_history_says_nothing_of_a_server(qtbot, tmp_path):
    store = Store.open(tmp_path / "history.sqlite3")
    w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
    qtbot.addWidget(w)
    try:
        assert getattr(w, "_school", None) is None
    finally:
        w.close()
        store.close()


def test_the_active_profile_follows_a_rename_made_on_another_pc(qtbot, pg_server, tmp_path):  # noqa: F811
    url = school_login(pg_server, f"ui_rename_{os.getpid()}")
    with PostgresStore.open(url, data=tmp_path / "pc1") as pc1:
        sid = pc1.start_session("Ana", "practice", ["announce"], "casino-fr")
        pc1.record(sid, "announce", "hard-14", {"n": 0}, "14", "14", True, 800)
        pc1.end_session(sid)
        assert pc1.sync(30)
    settings = Settings.load(tmp_path / "settings.json")
    settings.prefs.profile = "Ana"  # PC 2 knew the trainee as Ana
    settings.save()
    with PostgresStore.open(url, data=tmp_path / "pc2") as pc2:
        assert pc2.sync(30)
    with PostgresStore.open(url, data=tmp_path / "pc1") as pc1:
        pc1.rename_profile("Ana", "Ana B.")
        assert pc1.sync(30)
    store = PostgresStore.open(url, data=tmp_path / "pc2")
    w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
    qtbot.addWidget(w)
    try:
        w.show()
        qtbot.waitExposed(w)
        qtbot.waitUntil(lambda: w.settings.prefs.profile == "Ana B.", timeout=30_000)
        assert [p.name for p in store.profiles()] == ["Ana B."]
        assert "Ana B." in w.status.text()
        assert Settings.load(tmp_path / "settings.json").prefs.profile == "Ana B."  # saved
    finally:
        w.close()
        store.close(wait_s=0)
