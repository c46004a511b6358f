"""The instructor's side of a class on a real PostgreSQL server (started by the tests; skipped
with the reason where it cannot be): a trainee's history named by their login, never "default"
(the progress view, its readiness, the PDF report and its file, in three languages); the reports
of the class, a PDF each named by login, and the grid as CSV; an instructor's own home, which
offers no practice the server would refuse and opens on the class view."""

from __future__ import annotations

import csv
import itertools
import os
from datetime import date
from pathlib import Path

import pytest

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, pg_server, school_login  # noqa: F401  (fixture)
from trainer import i18n
from trainer.history.postgres import PostgresStore
from trainer.history.server_setup import add_login
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.school.class_view import ClassWindow

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
TARGETS = {"announce": 2.0, "dealer": 3.0}
TODAY = date.today().isoformat()
_SCHOOLS = itertools.count(1)


def _practise(server: PgServer, tmp_path: Path, login: str, profiles: dict[str, str]) -> str:
    """`login` of the class, who answered under each profile its marks ('1' right)."""
    url = school_login(server, login)
    clock = Clock()
    with PostgresStore.open(url, data=tmp_path / login, clock=clock) as store:
        for profile, marks in profiles.items():
            sid = store.start_session(profile, "practice", ["announce"], "casino-fr")
            for n, mark in enumerate(marks):
                clock.now += 5
                store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", mark == "1", 900)
            store.end_session(sid)
        assert store.sync(30)
    return login


@pytest.fixture
def school(pg_server, tmp_path):  # noqa: F811
    """Two trainees — one with the profile every trainee starts with, one with a second
    profile too — a third who has not answered yet, and the class view of their instructor."""
    pid = f"{os.getpid()}_{next(_SCHOOLS)}"  # a class of its own for each test
    ana = _practise(pg_server, tmp_path, f"rep_ana_{pid}", {"default": "10" * 20})
    bob = _practise(
        pg_server, tmp_path, f"rep_bob_{pid}", {"default": "1" * 10, "evening": "110" * 5}
    )
    idle = f"rep_idle_{pid}"
    school_login(pg_server, idle)
    add_login(pg_server.url, f"rep_roux_{pid}", instructor=True)
    return pg_server.login_url(f"rep_roux_{pid}"), ana, bob, idle


def _class(qtbot, tmp_path, url: str) -> ClassWindow:
    w = ClassWindow(url, TARGETS, Settings.load(tmp_path / "s.json"))
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.loaded, timeout=30_000):
        w.show()
    return w


def _opened(qtbot, w: ClassWindow, login: str):
    with qtbot.waitSignal(w.opened, timeout=30_000):
        w.open_trainee(login)
    view = w._progress[login]
    qtbot.waitUntil(lambda: view.is_loaded, timeout=30_000)
    return view


@pytest.mark.parametrize(
    ("lang", "report", "trainee", "verdict"),
    [
        ("en", "Progress report — {who}", "Trainee: {who}", "{who} is not ready for the table yet"),
        ("fr", "Rapport de progrès — {who}", "Élève\u202f: {who}", "{who} n'est pas"),
        ("it", "Rapporto dei progressi — {who}", "Allievo: {who}", "{who} non è ancora"),
    ],
)
def test_a_trainee_is_named_by_login_never_default(
    qtbot, tmp_path, school, english_after, lang, report, trainee, verdict
):
    from ui.progress.report import header_lines

    url, ana, bob, _idle = school
    i18n.set_language(lang)
    w = _class(qtbot, tmp_path, url)
    view = _opened(qtbot, w, ana)
    assert view.profile == "default"
    assert view.who == ana
    assert ana in view.windowTitle() and "default" not in view.windowTitle()
    assert view.readiness.verdict.text().startswith(verdict.format(who=ana))
    title, who, _facts = header_lines(view.progress, "casino-fr", 0.0, view.who)
    assert title == report.format(who=ana)
    assert who.startswith(trainee.format(who=ana) + " · ")  # then the house rules
    assert "default" not in title + who
    # the file is named by the login: the reports of a class do not overwrite each other
    assert view.file_name("pdf") == f"sabot-{ana}-{TODAY}.pdf"
    out = tmp_path / view.file_name("pdf")
    assert view.export_pdf(out) and out.read_bytes().startswith(b"%PDF")
    # nobody is there to drill the missed ones again: the button is not offered
    assert view.sessions.again.isHidden()
    # another profile than the one every trainee starts with is named beside the login
    other = _opened(qtbot, w, bob)
    other.set_profile("evening")
    qtbot.waitUntil(lambda: other.progress.profile == "evening" and other.is_loaded)
    assert other.who == f"{bob} (evening)"
    assert other.file_name("pdf") == f"sabot-{bob}-evening-{TODAY}.pdf"
    assert f"{bob} (evening)" in other.windowTitle()


def test_the_reports_of_the_class_a_pdf_each_named_by_login(qtbot, tmp_path, school):
    url, ana, bob, idle = school
    w = _class(qtbot, tmp_path, url)
    assert w.reports_button.isEnabled()
    folder = tmp_path / "reports"
    folder.mkdir()
    ours = [ana, bob, idle]
    with qtbot.waitSignal(w.reportsWritten, timeout=60_000) as done:
        w.write_reports(ours, folder)
    written = done.args[0]
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(
        [
            f"sabot-{ana}-{TODAY}.pdf",
            f"sabot-{bob}-{TODAY}.pdf",
            f"sabot-{bob}-evening-{TODAY}.pdf",
        ]
    )
    for path in folder.iterdir():
        assert path.read_bytes().startswith(b"%PDF") and path.stat().st_size > 10_000
    assert written.empty == [idle] and not written.failed
    assert w.status.text() == (f"3 reports written to {folder}; nothing to report for {idle}.")
    assert not list(Path(os.environ.get("TMPDIR", "/tmp")).glob("sabot-report-*/history*"))
    # the whole class at once asks for the trainees who answered, by login
    asked: list[list[str]] = []
    w.write_reports = lambda logins, where: asked.append(logins)  # type: ignore[method-assign]
    from PySide6.QtWidgets import QFileDialog

    original = QFileDialog.getExistingDirectory
    QFileDialog.getExistingDirectory = staticmethod(lambda *a, **k: str(folder))  # type: ignore[method-assign]
    try:
        w._ask_reports_class()
    finally:
        QFileDialog.getExistingDirectory = original  # type: ignore[method-assign]
    assert ana in asked[0] and bob in asked[0] and idle not in asked[0]


def test_the_grid_as_csv_from_the_class_view(qtbot, tmp_path, school):
    url, ana, bob, idle = school
    w = _class(qtbot, tmp_path, url)
    out = tmp_path / "class.csv"
    assert w.export_grid(out)
    assert w.status.text().startswith("The grid of ") and str(out) in w.status.text()
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    mine = {(r["login"], r["skill"]): r for r in rows}
    assert mine[ana, "announce"]["right"] == "15" and mine[ana, "announce"]["last_answers"] == "30"
    assert mine[bob, "announce"]["answers"] == "25"  # both profiles: the class view's login
    assert mine[idle, "announce"]["answers"] == "0" and mine[idle, "announce"]["accuracy"] == ""
    assert w.export_grid(tmp_path / "no" / "such" / "folder.csv") is False
    assert w.status.text() == "The grid could not be written: no such file or folder"
    # the gradebook the same way: a header, the class's assigned exams (none here)
    book = tmp_path / "gradebook.csv"
    assert w.export_gradebook(book)
    assert w.status.text() == f"The gradebook of 0 exams written to {book}"
    assert book.read_text(encoding="utf-8").startswith("exam_id,exam,opens,closes,")


def test_an_instructors_home_opens_on_the_class_view_and_offers_no_practice(
    qtbot, tmp_path, school
):
    url, _ana, _bob, _idle = school
    store = PostgresStore.open(url, data=tmp_path / "roux-pc")
    w = MainWindow(Settings.load(tmp_path / "settings.json"), store)
    try:
        w.show()
        qtbot.waitUntil(lambda: w._instructor is not None, timeout=30_000)
        assert w._instructor is True
        # the class view opens by itself
        qtbot.waitUntil(lambda: w._class is not None and w._class.isVisible(), timeout=30_000)
        home = w.home
        # no practice the server would refuse: the mode buttons, the plan, the assigned exams
        assert home.instructor is not None and home.instructor.isVisible()
        assert all(b.isHidden() for b in home.buttons.values())
        assert home.plan_box is None or home.plan_box.isHidden()
        assert home.welcome is None or home.welcome.isHidden()
        assert home.assigned is None or home.assigned.isHidden()
        said = home._instructor_text.text()
        assert f"{url.rsplit('user=', 1)[1]} is an instructor's login" in said
        assert "already saved" not in said and "could not be reached" not in said
        # nor deal mode, the home game, a drill asked another way (Enter on home)
        a_deal, a_home_game = w._practice_actions
        assert not a_deal.isEnabled() and not a_home_game.isEnabled()
        assert w.start_drill(["announce"], "practice") is False
        assert w.pages.currentWidget() is home
        assert "instructor's login" in w.statusBar().currentMessage()
        w.show_home()  # back home: still none
        assert not a_deal.isEnabled()
        # the class view a click away
        w._class.close()
        home._class_button.click()
        assert w._class.isVisible()
        # in the language of the moment
        i18n.set_language("fr")
        w.retranslate()
        assert "rep_roux_" in home._instructor_text.text()
        assert "instructor's" not in home._instructor_text.text()
    finally:
        i18n.set_language("en")
        w.close()
        w.deleteLater()
        store.close(wait_s=0)
