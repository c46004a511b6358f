"""The class view in the app, on a real PostgreSQL server (started by the tests; skipped with the
reason where it cannot be): the heat map, the menu entry shown to an instructor only, and a
double click on a trainee opening the progress view on their history."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, pg_server, school_login  # noqa: F401  (fixture)
from trainer.history.classview import ClassView, SeedExam, SkillCell, TraineeRow
from trainer.history.postgres import PostgresStore
from trainer.history.progress_data import ExamResult
from trainer.history.server_setup import add_login
from trainer.practice.curriculum import INFO
from trainer.practice.curriculum import TARGETS as TARGETS_ALL
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.school.class_grid import MASTERED, NEVER
from ui.school.class_view import ClassWindow

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
    rows = {t.verticalHeaderItem(r).text(): r for r in range(t.rowCount())}
    # ready and last activity first, then the skills
    assert [t.horizontalHeaderItem(c).text() for c in range(3)] == [
        "Ready",
        "Last activity",
        "Announce the point",
    ]
    assert t.item(rows[good], 2).text() == "✓\n30"  # mastered, over the last 30 answers
    assert t.item(rows[good], 2).background().color() == MASTERED
    assert t.item(rows[weak], 2).text() == "50%\n30"
    assert t.item(rows[weak], 2).background().color() not in (MASTERED, NEVER)
    assert t.item(rows[weak], 3).text() == "–"  # dealer: never practised
    assert t.item(rows[weak], 3).background().color() == NEVER
    assert t.item(rows[weak], 0).text() == "no\n2 skills, exam"  # what readiness still asks
    assert "Dealer's draw: never practised" in t.item(rows[weak], 0).toolTip()
    # a double click on the trainee: the progress view on their history, read on the server
    qtbot.waitUntil(lambda: t.visualItemRect(t.item(rows[weak], 2)).isValid())
    at = t.visualItemRect(t.item(rows[weak], 2)).center()
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
    # the copy behind it is thrown away when the progress view closes
    copy = Path(progress.store.path)
    assert copy.exists()
    folder = copy.parent
    progress.close()
    qtbot.waitUntil(lambda: not copy.exists() and weak not in w._progress, timeout=30_000)
    assert not list(folder.glob(f"{copy.name}*"))  # its log too
    # ... and, opened again (a new copy), when the class view closes
    for login in (weak, good):
        with qtbot.waitSignal(w.opened, timeout=30_000):
            w.open_trainee(login)
    copies = [Path(w._progress[login].store.path) for login in (weak, good)]
    assert all(c.exists() for c in copies) and copy not in copies
    w.close()
    qtbot.waitUntil(lambda: not any(c.parent.exists() for c in copies), timeout=30_000)
    assert not w._progress


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


def big_class(n: int = 40, now: float = 1_764_590_400.0) -> ClassView:
    """A class of `n` trainees on every skill of the curriculum, of every colour, a third of
    them needing attention, three exam seeds: no server needed to lay it out."""
    skills = tuple(TARGETS_ALL)
    trainees = []
    for t in range(n):
        cells = {}
        for k, skill in enumerate(skills):
            kind = (t + k) % 5
            recent = 0 if kind == 0 else 30
            right = {0: 0, 1: 30, 2: 14, 3: 24, 4: 28}[kind]
            cells[skill] = SkillCell(
                skill, 60 if recent else 0, recent, right, 900.0 if recent else None,
                30 if recent else 0, 29 if recent else 0, TARGETS_ALL[skill], kind == 1,
            )  # fmt: skip
        exams = tuple(
            SeedExam(1000 + e, ExamResult(t * 10 + e, now - 86400 * e, True, 28, 20 + t % 9, ()))
            for e in range(3)
            if (t + e) % 2
        )
        attention = (f"no practice for {7 + t} days",) if t % 3 == 0 else ()
        trainees.append(
            TraineeRow(
                f"trainee_{t:02d}",
                cells,
                datetime.fromtimestamp(now - 3600 * t, UTC),
                exams,
                t % 7 == 0,
                attention,
            )
        )
    return ClassView(now, skills, tuple(trainees))


def _offline_class(qtbot, tmp_path, view: ClassView, size: tuple[int, int]) -> ClassWindow:
    w = ClassWindow(
        "postgresql:///none", TARGETS_ALL, Settings.load(tmp_path / "s.json"), read=lambda: view
    )
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.loaded, timeout=30_000):
        w.resize(*size)
        w.show()
    qtbot.waitExposed(w)
    # the offscreen platform's one screen is 800×800, and the window keeps within its screen
    # (showEvent): given the size again, it is laid out as on a screen of that size (Xvfb at
    # 1280×800 and 1024×600 gives these very sizes)
    w.resize(*size)
    qtbot.waitUntil(lambda: (w.width(), w.height()) == size)
    return w


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_forty_trainees_read_on_a_small_screen(qtbot, tmp_path, size):
    w = _offline_class(qtbot, tmp_path, big_class(40), size)
    t = w.table
    header = t.horizontalHeader()
    qtbot.waitUntil(lambda: header.height() > 100)
    # every skill's column titled by the curriculum's name, whole, what it asks in the tooltip,
    # the class's figure under it
    for c, skill in enumerate(TARGETS_ALL, start=2):
        title = t.horizontalHeaderItem(c)
        assert title.text() == INFO[skill].title
        assert INFO[skill].blurb in title.toolTip() and "the class:" in title.toolTip()
        assert header.shown_whole(c), title.text()
        assert header.figures[c].endswith("%")
    assert header.shown_whole(0) and header.shown_whole(1)  # ready, last activity
    assert header.figures[0] == f"{sum(r.ready for r in w.view.trainees)}/40"
    # ready and last activity in sight, left of the skills; at 1280 every skill too
    assert header.sectionViewportPosition(1) + header.sectionSize(1) <= t.viewport().width()
    if size[0] >= 1280:  # at 1024 the skills may scroll sideways (French: 20 of them do)
        assert t.horizontalScrollBar().maximum() == 0
    # who needs attention first: above the map, in sight, four lines at least
    line = w.fontMetrics().lineSpacing()
    assert w.needs.isVisible() and w.needs.height() >= 4 * line
    top = w.needs.mapTo(w, w.needs.rect().topLeft()).y()
    assert 0 <= top < t.mapTo(w, t.rect().topLeft()).y()
    assert w.overview.isVisible() and "Ready: " in w.overview.text()
    # the trainee's name heads each row; a row of 40 in sight with the notes below
    rows = t.verticalHeader()
    assert [t.verticalHeaderItem(r).text() for r in range(3)] == [
        "trainee_00",
        "trainee_01",
        "trainee_02",
    ]
    assert rows.width() >= t.fontMetrics().horizontalAdvance("trainee_39")
    assert t.viewport().height() >= 5 * t.rowHeight(0)
    assert w.notes.isVisible() and w.notes.height() > 30
    assert w.height() <= size[1] and w.width() <= size[0]
    # no words cut: the line above the map as tall as its words, a cell's lines within its column
    assert w.overview.heightForWidth(w.overview.width()) <= w.overview.height() + 2
    for c in range(t.columnCount()):
        item = t.item(0, c)
        widest = max(map(QFontMetrics(item.font()).horizontalAdvance, item.text().split("\n")))
        assert widest <= header.sectionSize(c), (c, item.text())


def test_the_trainees_name_stays_as_the_skills_scroll(qtbot, tmp_path):
    w = _offline_class(qtbot, tmp_path, big_class(40), (700, 500))  # narrower than the map
    t = w.table
    bar = t.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())
    qtbot.waitUntil(lambda: t.columnViewportPosition(0) < 0)  # the first skill scrolled away
    rows = t.verticalHeader()
    assert rows.isVisible() and rows.x() >= 0 and rows.width() > 0
    assert rows.mapTo(w, rows.rect().topLeft()).x() >= 0  # left of the cells, in the window
    # a double click on a trainee's name asks for their progress
    asked = []
    w.open_trainee = asked.append
    at = QPoint(rows.width() // 2, rows.sectionViewportPosition(1) + rows.sectionSize(1) // 2)
    qtbot.mouseClick(rows.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(rows.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert asked == ["trainee_01"]


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_skills_titles_are_whole_in_french_and_italian(qtbot, tmp_path, language):
    from trainer.i18n import language as current
    from trainer.i18n import set_language

    was = current()
    set_language(language)
    try:
        w = _offline_class(qtbot, tmp_path, big_class(40), (1024, 600))
        t, header = w.table, w.table.horizontalHeader()
        qtbot.waitUntil(lambda: header.height() > 100)
        titles = [t.horizontalHeaderItem(c).text() for c in range(2, 2 + len(TARGETS_ALL))]
        assert titles == [INFO[s].title for s in TARGETS_ALL]
        assert titles != [INFO[s].english_title for s in TARGETS_ALL]
        assert all(header.shown_whole(c) for c in range(t.columnCount())), titles
        assert header.sectionViewportPosition(1) + header.sectionSize(1) <= t.viewport().width()
        assert t.viewport().height() >= 5 * t.rowHeight(0)
        line = w.fontMetrics().lineSpacing()
        assert w.needs.isVisible() and w.needs.height() >= 4 * line
        # at 1024 the skills scroll sideways in French and Italian; at 1280 every one is in sight
        w.resize(1280, 800)
        qtbot.waitUntil(lambda: w.width() == 1280)
        qtbot.waitUntil(lambda: t.horizontalScrollBar().maximum() == 0)
    finally:
        set_language(was)


def test_a_copy_read_as_the_app_quits_is_thrown_away(qtbot, tmp_path, monkeypatch):
    import threading

    from PySide6.QtCore import QThreadPool

    import trainer.history.classview as classview_module
    from trainer.history.store import Store

    release, made = threading.Event(), []

    # the server's answer comes after the window is gone
    def slow_copy(_url, _login, path, *_left_out):
        assert release.wait(30)
        made.append(path)
        return Store.open(path)

    monkeypatch.setattr(classview_module, "trainee_history", slow_copy)
    w = _offline_class(qtbot, tmp_path, big_class(3), (1024, 600))
    w.open_trainee("trainee_01")
    w.deleteLater()  # the app quits: the class view is deleted with the main window
    qtbot.waitUntil(lambda: w._gone.is_set())
    release.set()
    assert QThreadPool.globalInstance().waitForDone(30_000)
    (path,) = made
    assert not path.exists() and not path.parent.exists()


def test_the_exams_text_tells_a_few_skills_exam_from_a_failed_one() -> None:
    from tests.trainer.test_exam_scored import _exam, _view
    from ui.school.class_view import _exam_text

    text = _exam_text(_view(_exam(4), _exam(2)))
    assert "exam 42: ana: passed 4/4 on its skills, not every one" in text
    assert "exam 43: ana: failed 2/4" in text


def test_a_switch_of_language_says_the_reasons_and_verdicts_again_unread(qtbot, tmp_path):
    # Who needs attention and why, and the exams' verdicts, stayed in the language the class
    # was read in until it was read again from the server.
    from dataclasses import replace

    from trainer.history.classview import attention
    from trainer.i18n import set_language

    first = big_class(6)
    now = first.now - 12 * 86400  # the trainees' last practice, read 12 days later
    view = replace(
        first,
        now=first.now,
        trainees=tuple(
            replace(
                r,
                last_activity=datetime.fromtimestamp(now, UTC),
                attention=attention(r.cells.values(), now, r.exams, first.now),
            )
            for r in first.trainees
        ),
    )
    reads = []
    w = ClassWindow(
        "postgresql:///none",
        TARGETS_ALL,
        Settings.load(tmp_path / "s.json"),
        read=lambda: reads.append(1) or view,
    )
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.loaded, timeout=30_000):
        w.show()
    assert "no practice for 12 days" in w.attention.text()
    assert "failed" in w.exams.text()
    try:
        set_language("fr")
        w.retranslate()
        said = w.attention.text()
        assert "aucun entraînement depuis 12 jours" in said and "no practice" not in said
        assert "échoué" in w.exams.text() and "failed" not in w.exams.text()
        assert w.tabs.tabText(0) == "&Classe" and w.windowTitle() != "Sabot — Class"
        tip = w.table.item(0, 3).toolTip()
        assert "over the last" not in tip and "median" not in tip
    finally:
        set_language("en")
    assert reads == [1]  # said again from what was read, the server not asked again


@pytest.mark.parametrize(
    ("lang", "tab", "title"),
    [("fr", "&Chronologie", "Sabot — Progression de trainee_01 (Ana)"), ("it", None, None)],
)
def test_a_trainees_progress_open_is_made_again_in_the_new_words_as_it_was_left(
    qtbot, tmp_path, monkeypatch, english_after, lang, tab, title
):
    # The progress view opened from the class view stayed in the language it was opened in:
    # the main window made its own again, the class view's were left as they were.
    import trainer.history.classview as classview_module
    from trainer import i18n
    from trainer.history.store import Store

    def copy(_url, _login, path, *_left_out):  # the trainee's history, as the server gives it
        clock = Clock()
        store = Store.open(path, clock=clock)
        sid = store.start_session("Ana", "practice", ["announce", "dealer"], "casino-fr")
        for n in range(8):
            clock.now += 5
            store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", n % 2 == 0, 900)
            store.record(sid, "dealer", "stand-17", {"n": n}, "17", "17", True, 1200)
        store.end_session(sid)
        return store

    monkeypatch.setattr(classview_module, "trainee_history", copy)
    w = _offline_class(qtbot, tmp_path, big_class(3), (1024, 600))
    with qtbot.waitSignal(w.opened, timeout=30_000):
        w.open_trainee("trainee_01")
    view = w._progress["trainee_01"]
    qtbot.waitUntil(lambda: view.is_loaded and view.timeline is not None, timeout=30_000)
    assert view.profile == "Ana"
    view.timeline.set_filters("dealer", days=None)
    view.tabs.setCurrentIndex(1)  # Skills
    view.skills.select("dealer")
    copy_path = Path(view.store.path)
    english = [view.tabs.tabText(i) for i in range(view.tabs.count())]
    gone = []
    view.destroyed.connect(lambda: gone.append(True))

    i18n.set_language(lang)
    w.retranslate()
    again = w._progress["trainee_01"]
    assert again is not view and again.isVisible() and again.store is view.store
    qtbot.waitUntil(lambda: again.is_loaded and again.timeline is not None, timeout=30_000)
    said = [again.tabs.tabText(i) for i in range(again.tabs.count())]
    assert not set(said) & set(english), said
    if tab is not None:
        assert said[0] == tab and again.windowTitle() == title
    assert again.windowTitle() != "Sabot — Progress of trainee_01"
    axis = again.timeline.plot.getPlotItem().getAxis("left").labelText
    assert axis and axis != "Accuracy"
    # as the instructor left it: the trainee, the tab, the timeline's skill and dates
    assert again.profile == "Ana" and again.tabs.currentIndex() == 1
    assert again.timeline.skill == "dealer" and again.timeline.range_box.currentData() is None
    assert again.skills.current() == "dealer"
    # the copy stays while the new window shows it, and goes with it
    qtbot.waitUntil(lambda: bool(gone))  # the old window deleted meanwhile
    assert copy_path.exists()
    again.close()
    qtbot.waitUntil(lambda: not copy_path.exists() and "trainee_01" not in w._progress)


def test_a_trainee_with_no_attempt_yet_shows_and_has_no_progress_to_open(qtbot, tmp_path):
    from dataclasses import replace

    first = big_class(3)
    quiet = replace(
        first.trainees[1],
        cells={s: SkillCell(s, 0, 0, 0, None, 0, 0, TARGETS_ALL[s], False) for s in first.skills},
        last_activity=None,
        exams=(),
        ready=False,
        attention=("no practice yet",),
    )
    view = replace(first, trainees=(first.trainees[0], quiet, first.trainees[2]))
    w = _offline_class(qtbot, tmp_path, view, (1280, 800))
    t = w.table
    assert t.verticalHeaderItem(1).text() == quiet.login
    skills = range(2, 2 + len(first.skills))
    assert [t.item(1, c).text() for c in skills] == ["–"] * len(first.skills)
    assert t.item(1, 1).text() == "no attempt yet"
    assert t.item(0, 1).text() != "no attempt yet"
    opened = []
    w.opened.connect(opened.append)
    w.open_trainee(quiet.login)  # nothing to copy: said, no progress view
    assert w.status.text() == f"{quiet.login} has no attempt yet: there is no progress to show."
    assert not w._reading and not w._progress and opened == []


def test_a_rename_on_the_trainees_pc_shows_in_the_progress_view_at_the_next_read(
    qtbot,
    pg_server,  # noqa: F811
    tmp_path,
):
    url = school_login(pg_server, f"ui_rename_{os.getpid()}")
    login = url.rsplit("user=", 1)[1]
    clock = Clock()
    pc = PostgresStore.open(url, data=tmp_path / "pc", clock=clock)
    try:
        sid = pc.start_session("Ana", "practice", ["announce"], "casino-fr")
        for n in range(4):
            clock.now += 5
            pc.record(sid, "announce", "hard-14", {"n": n}, "14", "14", True, 900)
        pc.end_session(sid)
        assert pc.sync(30)
        add_login(pg_server.url, "ui_rename_roux", instructor=True)
        w = ClassWindow(
            pg_server.login_url("ui_rename_roux"), TARGETS, Settings.load(tmp_path / "s.json")
        )
        qtbot.addWidget(w)
        with qtbot.waitSignal(w.loaded, timeout=30_000):
            w.show()
        with qtbot.waitSignal(w.opened, timeout=30_000):
            w.open_trainee(login)
        first = w._progress[login]
        qtbot.waitUntil(lambda: first.progress is not None, timeout=30_000)
        assert first.profile == "Ana"
        first.tabs.setCurrentIndex(1)
        copy = Path(first.store.path)
        pc.rename_profile("Ana", "Ana B.")  # on the trainee's PC, the class view open
        assert pc.sync(30)
        with qtbot.waitSignal(w.loaded, timeout=30_000):
            qtbot.mouseClick(w.reload_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: w._progress.get(login) not in (None, first), timeout=30_000)
        again = w._progress[login]
        qtbot.waitUntil(lambda: again.progress is not None, timeout=30_000)
        assert again.profile == "Ana B." and again.progress.profile == "Ana B."
        assert again.isVisible() and again.tabs.currentIndex() == 1  # as it was left
        assert again.progress.skills["announce"].attempts == 4
        qtbot.waitUntil(lambda: not copy.exists(), timeout=30_000)  # the old copy thrown away
        w.close()
    finally:
        pc.close()


def test_a_cell_says_its_count_its_speed_or_too_few_and_a_click_sorts(qtbot, tmp_path):
    """30/30 at 4.2 s against a 3 s target reads slow and not amber; 2 answers read too few, not
    as a percentage nor in a colour of mastery; the class's figure heads the column; a click on
    the head puts the weakest first, a second the other way, a third back to the logins."""
    from ui.school.class_grid import HIGH, TOO_FEW

    now = 1_764_590_400.0
    target = TARGETS_ALL["dealer"]

    def row(login: str, right: int, n: int, ms: float, mastered: bool = False) -> TraineeRow:
        cells = {s: SkillCell(s, 0, 0, 0, None, 0, 0, TARGETS_ALL[s], False) for s in TARGETS_ALL}
        cells["dealer"] = SkillCell("dealer", n, min(n, 30), right, ms, 0, 0, target, mastered)
        return TraineeRow(login, cells, datetime.fromtimestamp(now, UTC), (), False, ())

    view = ClassView(
        now,
        tuple(TARGETS_ALL),
        (
            row("ana", 30, 30, target * 1400),  # right every time, slow
            row("ben", 2, 2, 900),  # two answers
            row("cleo", 15, 30, 900),  # half right
            row("dan", 30, 60, 900, mastered=True),
        ),
    )
    w = _offline_class(qtbot, tmp_path, view, (1280, 800))
    t = w.table
    column = 2 + list(TARGETS_ALL).index("dealer")
    said = {t.verticalHeaderItem(r).text(): t.item(r, column) for r in range(4)}
    assert said["ana"].text() == "100%\n30 slow"
    assert said["ana"].background().color() != HIGH  # not "all but mastered"
    assert said["ben"].text() == "too few\n2" and "%" not in said["ben"].text()
    assert said["ben"].background().color() == TOO_FEW
    assert said["cleo"].text() == "50%\n30"
    assert said["dan"].text() == "✓\n30"
    # the class: the three on a full window, 75 of 90 right
    header = t.horizontalHeader()
    assert header.figures[column] == "83%"
    assert "mastered by 1 of 4" in t.horizontalHeaderItem(column).toolTip()

    def order() -> list[str]:
        return [t.verticalHeaderItem(r).text() for r in range(t.rowCount())]

    clicks = []
    header.sectionClicked.connect(clicks.append)
    for n, expected in enumerate(
        (
            ["ben", "cleo", "ana", "dan"],  # too few, weak, slow, mastered
            ["dan", "ana", "cleo", "ben"],
            ["ana", "ben", "cleo", "dan"],  # by login again
            ["ben", "cleo", "ana", "dan"],
        )
    ):
        # on the column where it is now; clicks apart, as a hand makes them
        at = QPoint(header.sectionViewportPosition(column) + 5, header.height() // 2 + n % 2)
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)
        qtbot.waitUntil(lambda n=n: len(clicks) == n + 1)
        assert order() == expected, n
    asked = []
    w.open_trainee = asked.append
    w._activated(0, column)
    assert asked == ["ben"]


def test_a_cells_colour_says_weak_as_the_attention_line_does() -> None:
    """Over every count of a full window, quick, not mastered: the cells the attention line names
    weak are red to orange, each a step short of amber; the others (90 % over 30: not yet evidence
    of being under 95 %) amber. A weak cell's tooltip says it is clearly under, a 90 % one that it
    is under, not clearly."""
    from trainer.history.classview import attention
    from trainer.practice.curriculum import skill_title
    from ui.school.class_grid import HIGH, cell_colour, cell_tip

    target = TARGETS_ALL["dealer"]
    cells = [
        SkillCell("dealer", 60, 30, right, target * 500, 30, 30, target, False)
        for right in range(31)
    ]
    said = attention(cells, 0.0, [], 1.0)
    named = said[0] if said else ""
    greens = []
    for c in cells:
        colour = cell_colour(c)
        assert (colour == HIGH) == (not c.weak), (c.recent_correct, colour.name())
        skill = f"{skill_title('dealer')} {c.recent_correct * 100 // 30}%"
        assert (skill in named.split("): ", 1)[-1].split(", ")) == c.weak, (c.recent_correct, named)
        if c.weak:
            greens.append(colour.greenF())
    assert len(greens) == 26 and greens == sorted(greens)  # the fewer right, the redder
    assert max(greens) < HIGH.greenF() - 0.15  # the best weak cell is plainly not amber
    row = TraineeRow("ana", {"dealer": cells[25]}, None, (), False, ())
    assert "weak: clearly under 95% (83% or less over the last 30)" in cell_tip(row, cells[25])
    assert "not clearly: 30 answers cannot tell it from 95%" in cell_tip(row, cells[27])
    assert "clearly" not in cell_tip(row, cells[29])  # 96 %: over the mark
