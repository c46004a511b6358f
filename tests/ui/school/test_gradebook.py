"""The class view's Gradebook tab: trainees × assigned exams, the best try in each cell in the
words of every tab; an exam's debrief (per skill, per question, the hardest questions); a double
click (or Enter) on a result opens that try's answers — on data made here (the server's reading
is tests/trainer/test_gradebook.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from PySide6.QtCore import Qt

from tests.ui.school.test_assignments import exam
from trainer import i18n
from trainer.history.assignments import Assignment, AssignmentResult
from trainer.history.classview import ClassView, TraineeRow
from trainer.history.gradebook import ExamSheet, ExamTry, Gradebook, TryAnswer
from ui.school.gradebook import GradebookTab

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

WEEK = Assignment(
    1,
    ("announce", "pay-even"),
    42,
    "casino-fr",
    900,
    date(2026, 12, 1),
    date(2026, 12, 8),
    "Week 49",
)
RETAKE = Assignment(
    2,
    ("announce",),
    43,
    "casino-fr",
    600,
    date(2026, 12, 9),
    date(2026, 12, 9),
    "",
    logins=("ben",),
)
RESULTS = (
    AssignmentResult("ana", 2, replace(exam(4, 4), session_id=11)),
    AssignmentResult("ben", 1, replace(exam(2, 4), session_id=12)),
    AssignmentResult("cleo", 0, None),
)


def _book() -> Gradebook:
    ana, ben = RESULTS[0].best, RESULTS[1].best
    assert ana is not None and ben is not None
    asked = {
        1: ("announce", "announce:soft-16", {"cards": ["A", "5"]}),
        2: ("announce", "announce:hard-14", {"cards": ["9", "5"]}),
        3: ("pay-even", "pay-even:25", {"stake": "25"}),
        4: ("pay-even", "pay-even:35", {"stake": "35"}),
    }
    tries = {
        "ana": ExamTry("ana", ana, (True,) * 4, {"announce": (2, 2), "pay-even": (2, 2)}),
        "ben": ExamTry(
            "ben", ben, (True, False, False, True), {"announce": (1, 2), "pay-even": (1, 2)}
        ),
    }
    week = ExamSheet(WEEK, RESULTS, tries, asked)
    retake = ExamSheet(RETAKE, (AssignmentResult("ben", 0, None),))
    return Gradebook(("ana", "ben", "cleo"), (retake, week))


@pytest.fixture
def tab(qtbot):
    t = GradebookTab()
    qtbot.addWidget(t)
    t.resize(1000, 600)
    t.show()
    qtbot.waitExposed(t)
    return t


def test_trainees_by_exams_each_cell_the_best_try(tab):
    tab.show_gradebook(_book())
    g = tab.grid
    assert [g.horizontalHeaderItem(c).text() for c in range(2)] == ["exam 43", "Week 49"]
    assert [g.verticalHeaderItem(r).text() for r in range(3)] == ["ana", "ben", "cleo"]
    assert [g.item(r, 1).text() for r in range(3)] == ["✓ 4/4", "✗ 2/4", "not taken"]
    assert g.item(1, 1).toolTip() == "ben: failed 2/4, 1 try"
    assert [g.item(r, 0).text() for r in range(3)] == ["", "not taken", ""]  # ben's retake alone


def test_an_exams_debrief_per_skill_per_question_and_the_hardest(qtbot, tab):
    tab.show_gradebook(_book())
    rect = tab.grid.visualItemRect(tab.grid.item(0, 1))
    qtbot.mouseClick(tab.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    d = tab.detail
    heads = [d.horizontalHeaderItem(c).text() for c in range(d.columnCount())]
    assert heads == ["Result", "Announce the point", "Pay even money", "Q1", "Q2", "Q3", "Q4"]
    assert "Week 49" in tab.title.text() and "2 of 3 taken" in tab.title.text()
    ben = [d.item(1, c).text() for c in range(d.columnCount())]
    assert ben == ["failed 2/4", "1/2", "1/2", "✓", "✗", "✗", "✓"]
    assert d.item(2, 0).text() == "not taken"
    hardest = tab.hardest.text()
    assert hardest.index("Q2 ·") < hardest.index("Q3 ·") and "Q1 ·" not in hardest
    assert "missed by 1 of 2 (ben)" in hardest


def test_a_double_click_on_a_result_opens_that_try(qtbot, tab):
    tab.show_gradebook(_book())
    g = tab.grid
    rect = g.visualItemRect(g.item(1, 1))
    qtbot.mouseClick(g.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(tab.open_try, timeout=2000) as opened:
        qtbot.mouseDClick(g.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == ["ben", RESULTS[1].best.session_id]
    # Enter on the debrief's row of a trainee does the same
    tab.detail.setFocus()
    tab.detail.setCurrentCell(0, 2)
    with qtbot.waitSignal(tab.open_try, timeout=2000) as opened:
        qtbot.keyClick(tab.detail, Qt.Key.Key_Return)
    assert opened.args == ["ana", RESULTS[0].best.session_id]
    with qtbot.assertNotEmitted(tab.open_try):  # not taken: nothing to open
        tab._open(g.item(2, 1))


def test_the_class_view_opens_a_try_from_the_gradebook_and_the_assigned_exams(
    qtbot, tmp_path, english_after
):
    from trainer.settings import Settings
    from ui.school.class_view import ClassWindow

    rows = tuple(
        TraineeRow(login, {}, None, (), ready=False, attention=())
        for login in ("ana", "ben", "cleo")
    )
    view = ClassView(0.0, (), rows, assignments=((WEEK, RESULTS),))
    answers = [
        TryAnswer(
            1, "announce", "announce:soft-16", {"cards": ["A", "5"]}, "16", "6 or 16", False, 2100
        ),
        TryAnswer(2, "pay-even", "pay-even:25", {"stake": "25"}, "25", "25", True, 1800),
    ]
    asked: list[int] = []

    def read_try(session: int) -> list[TryAnswer]:
        asked.append(session)
        return answers

    w = ClassWindow(
        "postgresql:///nowhere", {}, Settings.load(tmp_path / "s.json"),
        read=lambda: view, writes=object(), answers=read_try,
    )  # fmt: skip
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.loaded, timeout=5000):
        w.show()
    assert w.tabs.tabText(2).replace("&", "") == "Gradebook"
    assert w.gradebook.grid.item(0, 0).text() == "✓ 4/4"
    w.tabs.setCurrentIndex(1)
    window = w.open_try("ben", RESULTS[1].best.session_id)
    qtbot.waitUntil(lambda: window.answers is not None, timeout=5000)
    assert asked == [RESULTS[1].best.session_id]
    assert window.top.text() == "ben — Week 49: 1 right of 2 answered"
    t = window.table
    assert [t.item(0, c).text() for c in (0, 2, 3, 4)] == [
        "Announce the point",
        "16",
        "6 or 16",
        "✗",
    ]
    assert "A" in t.item(0, 1).text()  # the question in the table's words
    i18n.set_language("fr")
    w.retranslate()
    assert window.top.text() == "ben — Week 49\u202f: 1 réponse juste sur 2"
    assert t.horizontalHeaderItem(0).text() != "Skill"
