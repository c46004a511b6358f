"""The Assigned exams tab and its dialog, what issue 29 asked of them: a group's tick leaves the
skills the rules grey out; the exam's outline clear of the checklist in French; days all past
warn; a retake for the trainees chosen (those who have not passed, to begin with); withdrawn and
closed exams archived with their results; the status line said again after a switch of
language; a double click on a result opens that try. On the small fake of the school's server of
test_assignments.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

import pytest
from PySide6.QtCore import QDate, QRect, Qt

from tests.ui.school.test_assignments import ASSIGNED, TODAY, FakeServer, exam
from trainer import i18n
from trainer.game.rules import HouseRules
from trainer.history.assignments import Assignment, AssignmentResult
from trainer.practice.skills import SKILLS
from ui.school.assignments import SKILL_GROUPS, AssignDialog, AssignedExams

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


@pytest.fixture
def server():
    return FakeServer()


@pytest.fixture
def tab(qtbot, server):
    t = AssignedExams(server, today=lambda: TODAY)
    qtbot.addWidget(t)
    t.resize(900, 500)
    t.show()
    qtbot.waitExposed(t)
    return t


def _dialog(qtbot, **kw) -> AssignDialog:
    d = AssignDialog(FakeServer().assign, today=TODAY, seed=42, **kw)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def _click_check(qtbot, tree, item) -> None:
    """Tick an item as a mouse does: a click on its check box."""
    rect = tree.visualItemRect(item)
    indent = rect.left() + 2  # the check box opens the row, after the branch's indent
    pos = rect.center()
    pos.setX(indent + tree.style().pixelMetric(tree.style().PixelMetric.PM_IndicatorWidth) // 2 + 2)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_a_groups_tick_ticks_only_the_skills_the_rules_allow(qtbot):
    d = _dialog(qtbot)
    d.preset.setCurrentText("home")
    home = HouseRules.preset_named("home")
    (payouts,) = [(i, names) for i, (g, names) in enumerate(SKILL_GROUPS) if g == "Payouts"]
    index, names = payouts
    greyed = [n for n in names if SKILLS[n].available(home)]
    allowed = [n for n in names if not SKILLS[n].available(home)]
    assert greyed and allowed, "the home game greys some payouts and not others"
    top = d.skills.topLevelItem(index)
    _click_check(qtbot, d.skills, top)
    assert d.checked() == allowed and top.checkState(0) == Qt.CheckState.Checked
    assert all(d._items[n].checkState(0) == Qt.CheckState.Unchecked for n in greyed)
    assert d.ok.isEnabled(), d.problem.text()  # nothing the rules refuse was ticked
    _click_check(qtbot, d.skills, d._items[allowed[0]])  # one skill off: the group partly
    assert top.checkState(0) == Qt.CheckState.PartiallyChecked
    _click_check(qtbot, d.skills, top)  # ticked again whole, then off whole
    assert d.checked() == allowed
    _click_check(qtbot, d.skills, top)
    assert d.checked() == [] and top.checkState(0) == Qt.CheckState.Unchecked


def test_a_switch_of_language_leaves_the_ticks_as_they_were(qtbot, english_after):
    d = _dialog(qtbot)
    d.set_checked(["dealer"])
    i18n.set_language("fr")
    d.retranslate()  # the groups' words change: no tick with them
    assert d.checked() == ["dealer"]
    assert d.skills.topLevelItem(0).checkState(0) == Qt.CheckState.PartiallyChecked


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_outline_stays_clear_of_the_checklist_at_1024_by_600(qtbot, english_after, lang):
    # In French the outline under the checklist wrapped onto its last skill.
    i18n.set_language(lang)
    d = _dialog(qtbot)
    d.set_checked([n for _g, names in SKILL_GROUPS for n in names])
    d.resize(1000, 560)
    qtbot.waitUntil(lambda: d.outline.isVisible())

    def rect(widget) -> QRect:
        return QRect(widget.mapTo(d, widget.rect().topLeft()), widget.size())

    tree = d.skills
    last = tree.topLevelItem(tree.topLevelItemCount() - 1)
    last = last.child(last.childCount() - 1)
    row = tree.visualItemRect(last)
    assert tree.viewport().rect().contains(row), "every skill in sight"
    assert not rect(d.outline).intersects(rect(tree))
    assert d.outline.text()
    assert d.outline.heightForWidth(d.outline.width()) <= d.outline.height()  # its lines whole


def test_days_all_past_warn_and_still_assign(qtbot):
    d = _dialog(qtbot)
    d.set_checked(["announce"])
    assert not d.warning.isVisible()
    d.opens.setDate(QDate(2026, 11, 30))
    d.closes.setDate(QDate(2026, 12, 4))
    assert d.warning.isVisible() and "Every day of this exam is past" in d.warning.text()
    assert "4 Dec 2026" in d.warning.text()
    assert d.ok.isEnabled()  # a warning, not a refusal
    d.closes.setDate(QDate(2026, 12, 7))  # today is its last day
    assert not d.warning.isVisible()


def test_a_retake_is_for_the_trainees_ticked_who_have_not_passed_to_begin_with(qtbot, tab, server):
    tab.show_assignments(ASSIGNED)
    week = tab.tree.topLevelItem(1)
    tab.tree.setCurrentItem(week)
    assert tab.retake_button.isEnabled()
    qtbot.mouseClick(tab.retake_button, Qt.MouseButton.LeftButton)
    d = tab.dialog
    assert d is not None and d.trainees.isVisible()
    rows = {d.trainees.item(i).text(): d.trainees.item(i) for i in range(d.trainees.count())}
    assert list(rows) == ["ana", "bruno"]
    assert rows["ana"].checkState() == Qt.CheckState.Unchecked  # passed 27/28
    assert rows["bruno"].checkState() == Qt.CheckState.Checked  # failed 20/28
    assert d.checked() == ["announce", "dealer"] and d.limit.value() == 15
    assert d.title.text() == "Week 49, retake" and d.seed.text() != "42"
    rows["bruno"].setCheckState(Qt.CheckState.Unchecked)
    assert not d.ok.isEnabled() and "Tick the trainees who retake it" in d.problem.text()
    rows["bruno"].setCheckState(Qt.CheckState.Checked)
    assert d.ok.isEnabled(), d.problem.text()
    with qtbot.waitSignal(tab.changed, timeout=5000):
        qtbot.mouseClick(d.ok, Qt.MouseButton.LeftButton)
    assert server.logins == [("bruno",)]
    assert server.assigned[0][0] == ("announce", "dealer")


def test_withdrawn_and_closed_exams_are_archived_with_their_results(qtbot, tab):
    week, results = ASSIGNED[1]
    gone = replace(week, id=3, title="Week 48", withdrawn=datetime(2026, 12, 2, 9, 0))
    closed = Assignment(
        4, ("announce",), 5, "casino-fr", 600, date(2026, 11, 23), date(2026, 11, 27), "Week 47"
    )
    taken = (AssignmentResult("ana", 1, exam(12, 28, ended=False)),)
    tab.show_assignments((*ASSIGNED, (gone, results), (closed, taken)))
    assert tab.shown.itemText(0) == "Current exams (2)" and tab.shown.itemText(1) == "Archived (2)"
    tops = [tab.tree.topLevelItem(i).text(0) for i in range(tab.tree.topLevelItemCount())]
    assert tops == ["exam 77", "Week 49"]
    tab.show_archive(True)
    tops = [tab.tree.topLevelItem(i) for i in range(tab.tree.topLevelItemCount())]
    assert [(t.text(0), t.text(5)) for t in tops] == [
        ("Week 48", "withdrawn"),
        ("Week 47", "closed"),
    ]
    assert tops[0].child(0).text(1) == "passed 27/28 (8 Dec)"  # kept
    assert tops[1].child(0).text(1) == "incomplete: 12 right, 12 of 28 answered (8 Dec)"
    tab.tree.setCurrentItem(tops[0])
    assert not tab.withdraw_button.isEnabled() and tab.retake_button.isEnabled()
    tab.tree.setCurrentItem(tops[1])
    assert tab.withdraw_button.isEnabled()  # closed, not withdrawn: it may leave the PCs' lists


def test_the_status_line_is_said_again_in_the_new_language(qtbot, tab, server, english_after):
    # "Assigned:" and "Withdrawn:" stayed English after a switch of language.
    tab._assigned(ASSIGNED[1][0])
    assert tab.status.text() == "Assigned: Week 49."
    i18n.set_language("fr")
    tab.retranslate()
    assert tab.status.text() == "Attribué\u202f: Week 49."
    tab.show_assignments(ASSIGNED)
    tab.tree.setCurrentItem(tab.tree.topLevelItem(1))
    box_yes = []

    def answer() -> None:
        box = tab._confirm
        yes = next(b for b in box.buttons() if b.text().replace("&", "") == "Retirer")
        box_yes.append(yes)
        qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)

    qtbot.mouseClick(tab.withdraw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab._confirm is not None)
    with qtbot.waitSignal(tab.changed, timeout=5000):
        answer()
    assert tab.status.text().startswith("Retiré\u202f: Week 49.")
    i18n.set_language("it")
    tab.retranslate()
    assert tab.status.text().startswith("Ritirato: Week 49.")


def test_a_double_click_on_a_result_opens_that_try(qtbot, tab):
    tab.show_assignments(ASSIGNED)
    week = tab.tree.topLevelItem(1)
    ana = week.child(0)
    rect = tab.tree.visualItemRect(ana)
    qtbot.mouseClick(tab.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(tab.open_try, timeout=2000) as opened:
        qtbot.mouseDClick(tab.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == ["ana", 1]
    # a trainee who has not taken it: nothing to open
    later = tab.tree.topLevelItem(0).child(0)
    with qtbot.assertNotEmitted(tab.open_try):
        tab._activated(later, 1)
