"""Assigned exams, the instructor's side: the dialog filled by keys and clicks (its refusals are the
domain's sentences, the exam's size and suggested time follow the skills), the write on a worker
thread, and the class view's tab (each trainee's best try, withdraw after a confirmation) — on a
small fake of the school's server; tests/ui/school/test_assigned_server.py runs the real one."""

from __future__ import annotations

import threading
from datetime import date, datetime

import pytest
from PySide6.QtCore import QDate, Qt

from trainer.game.rules import HouseRules
from trainer.history.assignments import Assignment, AssignmentResult
from trainer.history.progress_data import ExamResult
from trainer.practice.curriculum import CURRICULUM
from trainer.practice.drill import exam_outline
from trainer.practice.skills import SKILLS
from ui.school.assignments import SKILL_GROUPS, AssignDialog, AssignedExams, result_text

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
TODAY = date(2026, 12, 7)


class FakeServer:
    """What the tab writes, kept in a list; the write happens on the worker thread."""

    def __init__(self, refuse: str | None = None) -> None:
        self.refuse = refuse
        self.assigned: list[tuple] = []
        self.logins: list[tuple[str, ...]] = []
        self.withdrawn: list[int] = []
        self.threads: set[int] = set()

    def assign(self, *values, logins=()) -> Assignment:
        self.threads.add(threading.get_ident())
        if self.refuse:
            raise ValueError(self.refuse)
        self.assigned.append(values)
        self.logins.append(tuple(logins))
        return Assignment(len(self.assigned), *values, logins=tuple(logins))

    def withdraw(self, assignment_id: int) -> None:
        self.threads.add(threading.get_ident())
        self.withdrawn.append(assignment_id)


def test_the_groups_hold_the_curriculum_in_its_order():
    names = [n for _group, group in SKILL_GROUPS for n in group]
    assert names == [s.name for s in CURRICULUM]


@pytest.fixture
def server():
    return FakeServer()


@pytest.fixture
def dialog(qtbot, server):
    d = AssignDialog(server.assign, today=TODAY, seed=42)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def tick(qtbot, d: AssignDialog, name: str) -> None:
    """Tick (or untick) a skill as a keyboard does: the item made current, then Space."""
    item = d._items[name]
    d.skills.setFocus()
    d.skills.setCurrentItem(item)
    qtbot.keyClick(d.skills, Qt.Key.Key_Space)


def retype(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClick(widget, Qt.Key.Key_Backspace)
    qtbot.keyClicks(widget, text)


def test_filled_by_keys_and_clicks_it_assigns_on_a_worker_thread(qtbot, dialog, server):
    d = dialog
    assert not d.ok.isEnabled()  # no skill yet
    assert "skill" in d.problem.text()
    tick(qtbot, d, "pay-even")
    tick(qtbot, d, "pay-blackjack")
    assert d.checked() == ["pay-even", "pay-blackjack"]
    rules = HouseRules.preset_named("casino-fr")
    count, limit = exam_outline(rules, [SKILLS["pay-even"], SKILLS["pay-blackjack"]])
    assert f"{count} questions" in d.outline.text()
    assert d.limit.value() == limit // 60  # the suggestion, until the instructor sets another
    retype(qtbot, d.limit.lineEdit(), "25")
    tick(qtbot, d, "chips")
    assert d.limit.value() == 25  # their own stays
    d.title.setFocus()
    qtbot.keyClicks(d.title, "Payouts, week 49")
    qtbot.mouseClick(d.new_seed, Qt.MouseButton.LeftButton)
    assert d.seed.text().isdigit() and d.seed.text() != "42"
    retype(qtbot, d.seed, "4242")
    d.closes.setDate(QDate(2026, 12, 11))
    assert d.ok.isEnabled(), d.problem.text()
    with qtbot.waitSignal(d.assigned, timeout=5000) as sent:
        qtbot.mouseClick(d.ok, Qt.MouseButton.LeftButton)
    assert server.assigned == [
        (
            ("pay-even", "pay-blackjack", "chips"),
            4242,
            "casino-fr",
            25 * 60,
            TODAY,
            date(2026, 12, 11),
            "Payouts, week 49",
        )
    ]
    assert sent.args[0].id == 1
    assert threading.get_ident() not in server.threads  # written off the GUI thread
    qtbot.waitUntil(lambda: not d.isVisible())


def test_bad_values_are_refused_with_the_domains_sentence(qtbot, dialog):
    d = dialog
    tick(qtbot, d, "announce")
    assert d.ok.isEnabled(), d.problem.text()
    retype(qtbot, d.seed, str(2**63))
    assert not d.ok.isEnabled() and "seed" in d.problem.text().lower()
    retype(qtbot, d.seed, "abc")
    assert not d.ok.isEnabled() and "'abc'" in d.problem.text()
    retype(qtbot, d.seed, "7")
    assert d.ok.isEnabled()
    d.closes.setDate(QDate(2026, 12, 6))  # before the first day
    assert not d.ok.isEnabled() and d.problem.isVisible()
    d.closes.setDate(QDate(2026, 12, 7))  # one day: allowed
    assert d.ok.isEnabled(), d.problem.text()
    d.title.setFocus()
    qtbot.keyClicks(d.title, "x" * 81)
    assert not d.ok.isEnabled() and "title" in d.problem.text().lower()
    retype(qtbot, d.title, "Short")
    retype(qtbot, d.limit.lineEdit(), "0")
    assert not d.ok.isEnabled() and d.problem.isVisible()
    retype(qtbot, d.limit.lineEdit(), "300")  # over 4 hours
    assert not d.ok.isEnabled() and d.problem.isVisible()
    retype(qtbot, d.limit.lineEdit(), "20")
    assert d.ok.isEnabled()
    tick(qtbot, d, "announce")  # untick the only skill
    assert not d.ok.isEnabled()


def test_a_preset_greys_the_skills_it_cannot_examine(qtbot, dialog):
    d = dialog
    home = HouseRules.preset_named("home")
    cannot = [n for n, s in SKILLS.items() if s.available(home)]
    assert cannot, "the home game leaves some skill out"
    tick(qtbot, d, cannot[0])
    tick(qtbot, d, "announce")
    d.preset.setCurrentText("home")
    assert cannot[0] not in d.checked() and "announce" in d.checked()
    assert not d._items[cannot[0]].flags() & Qt.ItemFlag.ItemIsEnabled
    assert "Not under these rules" in d._items[cannot[0]].toolTip(0)


def test_a_refusal_of_the_server_is_said_in_the_dialog(qtbot):
    server = FakeServer(refuse="permission denied: only an instructor assigns an exam")
    d = AssignDialog(server.assign, today=TODAY, seed=1)
    qtbot.addWidget(d)
    d.show()
    tick(qtbot, d, "announce")
    qtbot.mouseClick(d.ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "only an instructor" in d.problem.text())
    assert d.isVisible() and d.ok.isEnabled()


def exam(correct: int, planned: int, *, ended=True, day=8, took=None) -> ExamResult:
    started = datetime(2026, 12, day, 10, 0).timestamp()
    attempts = planned if ended else correct
    return ExamResult(1, started, ended, attempts, correct, (), planned, took)


ASSIGNED = (
    (
        Assignment(
            2, ("pay-even",), 77, "casino-fr", 600, date(2026, 12, 9), date(2026, 12, 11), ""
        ),
        (AssignmentResult("ana", 0, None), AssignmentResult("bruno", 0, None)),
    ),
    (
        Assignment(
            1,
            ("announce", "dealer"),
            42,
            "casino-fr",
            900,
            date(2026, 12, 1),
            date(2026, 12, 8),
            "Week 49",
        ),
        (
            AssignmentResult("ana", 2, exam(27, 28, took=372_400)),
            AssignmentResult("bruno", 1, exam(20, 28)),
        ),
    ),
)


@pytest.fixture
def tab(qtbot, server):
    t = AssignedExams(server, today=lambda: TODAY)
    qtbot.addWidget(t)
    t.resize(900, 500)
    t.show()
    qtbot.waitExposed(t)
    return t


def test_the_tab_shows_each_assignment_and_each_trainees_best(tab):
    assert tab.empty.isVisible()
    tab.show_assignments(ASSIGNED)
    assert not tab.empty.isVisible()
    tree = tab.tree
    later, week = tree.topLevelItem(0), tree.topLevelItem(1)
    assert later.text(0) == "exam 77" and later.text(5) == "upcoming"
    assert later.text(4) == "9 Dec – 11 Dec 2026"
    assert [later.child(i).text(1) for i in range(2)] == ["not taken", "not taken"]
    assert [later.child(i).text(2) for i in range(2)] == ["", ""]
    assert week.text(0) == "Week 49" and week.text(5) == "open"
    assert week.text(1) == "1 passed, 2 of 2 taken"
    assert tree.headerItem().text(2) == "Time taken"
    assert week.child(0).text(0) == "ana"
    assert week.child(0).text(1) == "passed 27/28 (8 Dec)" and week.child(0).text(3) == "2"
    assert week.child(0).text(2) == "6\u00a0min 12\u00a0s"  # the best try's answers summed
    assert week.child(1).text(1) == "failed 20/28 (8 Dec)"
    assert week.child(1).text(2) == ""  # a try of before its time was read: not known
    assert "seed 42" in week.toolTip(0) and "15 min" in week.toolTip(0)


def test_results_say_incomplete_and_not_taken():
    assert result_text(AssignmentResult("a", 1, exam(3, 28, ended=False))).startswith(
        "incomplete: 3 right, 3 of 28 answered"
    )
    assert result_text(AssignmentResult("a", 0, None)) == "not taken"


def _answer_withdraw(qtbot, tab, button: str) -> None:
    qtbot.waitUntil(lambda: getattr(tab, "_confirm", None) is not None)
    box = tab._confirm
    qtbot.waitExposed(box)
    wanted = next(b for b in box.buttons() if b.text().replace("&", "") == button)
    qtbot.mouseClick(wanted, Qt.MouseButton.LeftButton)


def test_withdraw_asks_first_and_writes_off_the_gui_thread(qtbot, tab, server):
    tab.show_assignments(ASSIGNED)
    assert not tab.withdraw_button.isEnabled()  # nothing chosen
    tree = tab.tree
    rect = tree.visualItemRect(tree.topLevelItem(1))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tab.selected().id == 1 and tab.withdraw_button.isEnabled()
    qtbot.mouseClick(tab.withdraw_button, Qt.MouseButton.LeftButton)
    _answer_withdraw(qtbot, tab, "Cancel")
    assert server.withdrawn == []
    qtbot.mouseClick(tab.withdraw_button, Qt.MouseButton.LeftButton)
    assert "Week 49" in tab._confirm.text()
    with qtbot.waitSignal(tab.changed, timeout=5000):
        _answer_withdraw(qtbot, tab, "Withdraw")
    assert server.withdrawn == [1]
    assert threading.get_ident() not in server.threads
    assert "Withdrawn" in tab.status.text()


def test_the_tabs_button_opens_the_dialog_and_an_assignment_asks_for_a_new_reading(
    qtbot, tab, server
):
    qtbot.mouseClick(tab.assign_button, Qt.MouseButton.LeftButton)
    d = tab.dialog
    assert d is not None and d.isVisible()
    tick(qtbot, d, "outcome")
    with qtbot.waitSignal(tab.changed, timeout=5000):
        qtbot.mouseClick(d.ok, Qt.MouseButton.LeftButton)
    assert server.assigned[0][0] == ("outcome",)
    assert "Assigned" in tab.status.text()
    qtbot.waitUntil(lambda: tab.dialog is None)


def test_the_class_view_has_the_tab(qtbot, tmp_path, server):
    from trainer.history.classview import ClassView
    from trainer.settings import Settings
    from ui.school.class_view import ClassWindow

    view = ClassView(0.0, (), (), assignments=ASSIGNED)
    w = ClassWindow(
        "postgresql:///nowhere",
        {},
        Settings.load(tmp_path / "s.json"),
        read=lambda: view,
        writes=server,
    )
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.loaded, timeout=5000):
        w.show()
    assert w.tabs.tabText(1).replace("&", "") == "Assigned exams"
    w.tabs.setCurrentIndex(1)
    assert w.assigned.tree.topLevelItemCount() == 2


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "1 passed, 2 of 2 taken"),
        ("fr", "1 réussi, 2 sur 2 l'ont passé"),
        ("it", "1 superato, 2 su 2 l'hanno sostenuto"),
    ],
)
def test_an_exam_s_standing_has_the_plural_of_its_language(tab, lang, said):
    # French wrote "1 réussi(s), 2 sur 2 passé(s)": one sentence for every count
    from trainer import i18n

    i18n.set_language(lang)
    try:
        tab.retranslate()
        tab.show_assignments(ASSIGNED)
        assert tab.tree.topLevelItem(1).text(1) == said
        assert tab.tree.headerItem().text(1) != "Result" or lang == "en"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            ("Sabot — Attribuer un examen", "&Nouvelle graine", "Lire les mains", "&Titre\u202f:"),
        ),
        ("it", ("Sabot — Assegna un esame", "&Nuovo seme", "Leggere le mani", "&Titolo:")),
    ],
)
def test_an_open_assign_dialog_is_said_again_in_the_new_words_keeping_its_values(
    qtbot, tab, english_after, lang, words
):
    # The dialog stayed English after a switch of language until it was opened again.
    from PySide6.QtWidgets import QLabel

    from trainer.practice.curriculum import INFO

    qtbot.mouseClick(tab.assign_button, Qt.MouseButton.LeftButton)
    d = tab.dialog
    tick(qtbot, d, "pay-even")
    tick(qtbot, d, "dealer")
    d.title.setFocus()
    qtbot.keyClicks(d.title, "Semaine 49")
    retype(qtbot, d.seed, "4242")
    retype(qtbot, d.limit.lineEdit(), "25")
    d.preset.setCurrentText("casino-it")
    d.closes.setDate(QDate(2026, 12, 10))
    english_outline = d.outline.text()
    values = d.values
    assert values is not None

    from PySide6.QtWidgets import QApplication

    from ui.language import apply_language

    apply_language(lang)  # the domain's words and Qt's own
    tab.retranslate()  # as the class view does on a switch
    QApplication.processEvents()  # Qt's language change reaches its buttons: "OK" kept off
    assert d.ok.text() == {"fr": "&Attribuer", "it": "Asse&gna"}[lang]
    title, seed_button, group, title_label = words
    assert d.windowTitle() == title
    assert d.new_seed.text() == seed_button
    assert d.skills.topLevelItem(0).text(0) == group
    assert title_label in [label.text() for label in d.findChildren(QLabel)]
    assert d._items["pay-even"].text(0) == INFO["pay-even"].title != INFO["pay-even"].english_title
    assert d.outline.text() != english_outline and "questions;" not in d.outline.text()
    assert d.ok.text() != "&Assign"
    # what the instructor typed and chose, as it was
    assert d.checked() == ["dealer", "pay-even"]
    assert d.title.text() == "Semaine 49" and d.seed.text() == "4242"
    assert d.limit.value() == 25 and d.preset.currentText() == "casino-it"
    assert d.values == values and d.ok.isEnabled()


def test_an_open_withdraw_question_is_asked_again_in_the_new_words(qtbot, tab, english_after):
    from trainer import i18n

    tab.show_assignments(ASSIGNED)
    tree = tab.tree
    rect = tree.visualItemRect(tree.topLevelItem(1))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseClick(tab.withdraw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab._confirm is not None)
    box = tab._confirm
    i18n.set_language("it")
    tab.retranslate()
    assert box.windowTitle() != "Sabot — Withdraw an exam" and "Week 49" in box.text()
    assert "Withdraw" not in box.text()
    _answer_withdraw(qtbot, tab, "Ritira")  # its own button, in the new words, withdraws
    qtbot.waitUntil(lambda: tab.status.text().startswith("Ritirato"), timeout=5000)
