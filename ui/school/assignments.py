"""Assigned exams, the instructor's side: the "Assign an exam…" dialog (the skills ticked in the
curriculum's groups, the exam's size and suggested time as they change, a seed, a time limit, a
window of days, a title — every value checked by `trainer.history.assignments.check_assignment`,
its sentence shown), and the class view's "Assigned exams" tab (each assignment with its window
and state, each trainee's best result and tries, withdraw). Writing to the school's server runs on
a worker thread (`ui.background`), as the class view's reading does.

House practice (`trainer.history.assignments`): retakes are allowed inside the window and the
best counts; an exam started after the last day does not count."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from functools import partial
from typing import Any

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.game.rules import DEFAULT_PRESET, PRESETS, HouseRules
from trainer.history.assignments import (
    TITLE_MAX,
    Assignment,
    AssignmentResult,
    check_assignment,
    describe_limit,
    past_warning,
)
from trainer.i18n import format_date, format_duration
from trainer.practice.curriculum import CURRICULUM, INFO
from trainer.practice.drill import exam_outline
from trainer.practice.skills import SKILLS
from ui.background import Job, run_in_background
from ui.i18n import N_, _, ngettext
from ui.school.assigned_box import HOUSE_PRACTICE
from ui.style import esc, readable

NOTE = "#b07d12"
MUTED = "#808080"  # not taken: grey on the light theme and the dark alike
PASSED = "#2e7d32"  # the class view's green (mastered)

# The checklist's groups, in the curriculum's order: reading a hand, paying it, the money at the
# table, running the round.
SKILL_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Reading the hands"), ("announce", "dealer", "outcome")),
    (
        N_("Payouts"),
        (
            "pay-even",
            "pay-double",
            "pay-blackjack",
            "pay-insurance",
            "pay-split",
            "pay-behind",
            "pay-table",
            "chips",
        ),
    ),
    (
        N_("The money"),
        ("stack-values", "buy-in", "change", "colour-up", "conversions", "read-pay"),
    ),
    (N_("The round"), ("deal-order", "procedure", "exposed-card")),
)

_GROUP_TICK = Qt.ItemDataRole.UserRole + 1  # a group's tick as last set from its skills
STATES = {"upcoming": N_("upcoming"), "open": N_("open"), "closed": N_("closed")}
NEW_SEEDS = 10**9  # a new seed, as a drill draws one: short enough to read out to a class
WINDOW_DAYS = 4  # a new assignment's window: today and the four days after (a school week)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, NEW_SEEDS)


def window_text(a: Assignment) -> str:
    """ "7 Dec – 11 Dec 2026", or one day."""
    if a.opens == a.closes:
        return format_date(a.opens, short=True)
    return f"{format_date(a.opens, short=True, year=a.opens.year != a.closes.year)} – " + (
        format_date(a.closes, short=True)
    )


def result_text(r: AssignmentResult) -> str:
    """ "not taken", or the best try in the words of every tab (`exams.try_words`): "passed
    27/28 (8 Dec)", "incomplete: 7 right, 9 of 28 answered (8 Dec)"…"""
    from trainer.history.exams import try_words

    best = r.best
    if best is None:
        return _("not taken")
    taken = date.fromtimestamp(best.started)
    return _("{result} ({day})").format(
        result=try_words(best), day=format_date(taken, short=True, year=False)
    )


def _qdate(d: date) -> QDate:
    return QDate(d.year, d.month, d.day)


def _pydate(q: QDate) -> date:
    return date(q.year(), q.month(), q.day())


class AssignDialog(QDialog):
    """Sets an exam for the class. `assign(skills, seed, preset, time_limit_s, opens, closes,
    title) -> Assignment` writes it (on a worker thread); `assigned` then carries what was written
    and the dialog closes. A refusal (the check's, or the server's) is said in the dialog."""

    assigned = Signal(object)  # the Assignment written

    def __init__(
        self,
        assign: Callable[..., Assignment],
        parent: QWidget | None = None,
        *,
        today: date | None = None,
        preset: str = DEFAULT_PRESET,
        seed: int | None = None,
        retake: Assignment | None = None,
        trainees: Sequence[tuple[str, bool]] = (),
    ) -> None:
        super().__init__(parent)
        self._assign = assign
        self._retake = retake
        self._job: Job | None = None
        self._suggested: int | None = None  # the time limit suggested last, in minutes
        self.values: tuple | None = None  # what check_assignment accepted, while valid
        self._refusal: str | None = None  # the server's refusal shown, until a value changes
        today = self._today = today or date.today()
        if retake is not None:
            preset = retake.preset

        self.title = QLineEdit()
        self.preset = QComboBox()
        self.preset.addItems(list(PRESETS))
        self.preset.setCurrentText(preset)
        self.skills = QTreeWidget()
        self.skills.setHeaderHidden(True)
        self.skills.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._groups: list[tuple[QTreeWidgetItem, str]] = []
        for group, names in SKILL_GROUPS:
            top = QTreeWidgetItem(self.skills, [_(group)])
            self._groups.append((top, group))
            # a group's tick ticks the skills of it the rules allow, no other (`_ticked`): Qt's
            # own tristate would tick the greyed ones too, which could then not be unticked
            top.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            top.setCheckState(0, Qt.CheckState.Unchecked)
            for name in names:
                item = QTreeWidgetItem(top, [INFO[name].title])
                item.setData(0, Qt.ItemDataRole.UserRole, name)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(0, Qt.CheckState.Unchecked)
                item.setToolTip(0, INFO[name].blurb)
                self._items[name] = item
        self.skills.expandAll()
        self.outline = QLabel()
        self.seed = QLineEdit(str(seed if seed is not None else new_seed()))
        self.new_seed = QPushButton()
        self.new_seed.clicked.connect(lambda: self.seed.setText(str(new_seed())))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.new_seed)
        self.limit = QSpinBox()
        self.limit.setRange(0, 24 * 60)  # the check says what it takes (1 min to 4 h)
        self.limit.setSuffix(" min")
        self.opens = QDateEdit(_qdate(today))
        self.closes = QDateEdit(_qdate(today + timedelta(days=WINDOW_DAYS)))
        for day in (self.opens, self.closes):
            day.setCalendarPopup(True)
            day.setDisplayFormat("dd/MM/yyyy")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.warning = QLabel()  # every day past: assigned all the same, once warned
        self.warning.setWordWrap(True)
        self.warning.hide()
        # a retake: the trainees who take it (those who have not passed ticked to begin with)
        self.trainees = QListWidget()
        for login, ticked in trainees:
            row = QListWidgetItem(login)
            row.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            row.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
            self.trainees.addItem(row)
        self.trainees.setVisible(retake is not None)
        self.trainees.setMaximumHeight(
            min(8, max(3, len(trainees))) * max(self.trainees.sizeHintForRow(0), 18) + 6
        )
        self.practice = practice = QLabel()
        practice.setWordWrap(True)

        form = QFormLayout()
        # each row's label with the words it says, set again on a switch of language
        self._labels: list[tuple[QLabel, str]] = []
        for words, field in (
            (N_("&Title:"), self.title),
            (N_("&Rules:"), self.preset),
            (N_("&Seed:"), self.seed),
            (N_("Time &limit:"), self.limit),
            (N_("&First day:"), self.opens),
            (N_("L&ast day:"), self.closes),
        ):
            label = QLabel()
            label.setBuddy(field)
            self._labels.append((label, words))
            form.addRow(label, seed_row if field is self.seed else field)
        # the checklist at full height beside the form: every skill in sight, even at 1024×600
        rows = len(self._items) + len(SKILL_GROUPS)
        self.skills.setMinimumHeight(
            rows * self.skills.sizeHintForRow(0) + 2 * self.skills.frameWidth() + 4
        )
        self.skills.setMinimumWidth(self.skills.sizeHintForColumn(0) + 24)
        skills_label = QLabel()
        skills_label.setBuddy(self.skills)
        self._labels.append((skills_label, N_("S&kills:")))
        left = QVBoxLayout()
        left.addWidget(skills_label)
        left.addWidget(self.skills, 1)
        right = QVBoxLayout()
        right.addLayout(form)
        self.trainees_label = QLabel()
        self.trainees_label.setBuddy(self.trainees)
        self.trainees_label.setVisible(retake is not None)
        self._labels.append((self.trainees_label, N_("T&rainees who retake it:")))
        right.addWidget(self.trainees_label)
        right.addWidget(self.trainees)
        # the exam's size and suggested time under the form, where a line that wraps in a
        # longer language has the room: under the checklist it ran over its last skill
        right.addWidget(self.outline)
        right.addWidget(practice)
        right.addWidget(self.problem)
        right.addWidget(self.warning)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left)
        columns.addSpacing(12)
        columns.addLayout(right, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self._write)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(columns, 1)
        lay.addWidget(self.buttons)
        self.outline.setWordWrap(True)
        self._texts()
        self.resize(max(720, self.sizeHint().width()), self.sizeHint().height())

        if retake is not None:  # the exam again: its skills, rules, time; a new seed, new days
            self.title.setText(_("{title}, retake").format(title=retake.label)[:TITLE_MAX])
            self.set_checked(retake.skills)
            self._suggested = None
        self.skills.itemChanged.connect(self._ticked)
        self.trainees.itemChanged.connect(lambda *_: self._check())
        self.preset.currentTextChanged.connect(self._preset_changed)
        for edit in (self.title, self.seed):
            edit.textChanged.connect(self._check)
        self.limit.valueChanged.connect(self._check)
        self.opens.dateChanged.connect(self._check)
        self.closes.dateChanged.connect(self._check)
        self._preset_changed()
        if retake is not None:
            self.limit.setValue(max(1, retake.time_limit_s // 60))

    def _ticked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        """A tick of a group ticks (or unticks) its skills the rules allow; a skill's tick sets
        its group's: ticked when all its allowed skills are, partly when some are."""
        if item.parent() is None and item.checkState(0) == item.data(0, _GROUP_TICK):
            return  # the group's words changed (a switch of language), not its tick
        self.skills.blockSignals(True)
        if item.parent() is None:
            state = item.checkState(0)
            if state == Qt.CheckState.PartiallyChecked:
                state = Qt.CheckState.Checked
            for i in range(item.childCount()):
                child = item.child(i)
                if child.flags() & Qt.ItemFlag.ItemIsEnabled:
                    child.setCheckState(0, state)
        self._group_ticks()
        self.skills.blockSignals(False)
        self._check()

    def _group_ticks(self) -> None:
        for top, _group in self._groups:
            allowed = [
                top.child(i)
                for i in range(top.childCount())
                if top.child(i).flags() & Qt.ItemFlag.ItemIsEnabled
            ]
            ticked = sum(1 for c in allowed if c.checkState(0) == Qt.CheckState.Checked)
            if allowed and ticked == len(allowed):
                state = Qt.CheckState.Checked
            elif ticked:
                state = Qt.CheckState.PartiallyChecked
            else:
                state = Qt.CheckState.Unchecked
            top.setCheckState(0, state)
            top.setData(0, _GROUP_TICK, state)

    def logins(self) -> list[str]:
        """A retake's trainees ticked (none for an exam of the whole class)."""
        if self._retake is None:
            return []
        rows = (self.trainees.item(i) for i in range(self.trainees.count()))
        return [r.text() for r in rows if r.checkState() == Qt.CheckState.Checked]

    def _texts(self) -> None:
        """The dialog's own words in the language of the moment (what is typed and chosen in
        it stays as it is)."""
        self.setWindowTitle(_("Sabot — Assign an exam"))
        self.title.setPlaceholderText(_("e.g. Payouts, week 49"))
        for top, group in self._groups:
            top.setText(0, _(group))
        self.skills.blockSignals(True)  # a title is no tick: nothing to check again
        for name, item in self._items.items():
            item.setText(0, INFO[name].title)
        self.skills.blockSignals(False)
        self.new_seed.setText(_("&New seed"))
        self.practice.setText(_(HOUSE_PRACTICE))
        for label, words in self._labels:
            label.setText(_(words))
        self.ok.setText(_("Assigning…") if self._job is not None else _("&Assign"))

    def retranslate(self) -> None:
        """Every text again in the language of the moment, the skills ticked, the title, seed,
        time limit and days typed kept; the exam's outline and what is wrong with the values
        said again (a refusal of the server as it came)."""
        from PySide6.QtCore import QCoreApplication, QEvent

        # Qt says its own OK again when the language change reaches the dialog (posted to the
        # windows), over "Assign": let it, then say "Assign"
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        refusal = self._refusal
        self._texts()
        self._preset_changed()  # the skills' tooltips, the outline and the check, said again
        if refusal is not None and self.values is not None:
            self._refusal = refusal
            self._say(refusal)
        self.skills.setMinimumWidth(self.skills.sizeHintForColumn(0) + 24)

    # ------------------------------------------------------------------ reading the form
    def rules(self) -> HouseRules:
        return HouseRules.preset_named(self.preset.currentText())

    def checked(self) -> list[str]:
        return [
            n
            for n in (s.name for s in CURRICULUM)
            if n in self._items and self._items[n].checkState(0) == Qt.CheckState.Checked
        ]

    def set_checked(self, names: Sequence[str]) -> None:
        self.skills.blockSignals(True)
        for name, item in self._items.items():
            if item.flags() & Qt.ItemFlag.ItemIsEnabled:
                state = Qt.CheckState.Checked if name in names else Qt.CheckState.Unchecked
                item.setCheckState(0, state)
        self._group_ticks()
        self.skills.blockSignals(False)
        self._check()

    def _preset_changed(self, *_args: Any) -> None:
        """Skills that cannot be examined under the chosen rules: greyed and unticked, why in
        their tooltip."""
        rules = self.rules()
        self.skills.blockSignals(True)
        for name, item in self._items.items():
            why = SKILLS[name].available(rules)
            flags = Qt.ItemFlag.ItemIsUserCheckable | (
                Qt.ItemFlag.NoItemFlags if why else Qt.ItemFlag.ItemIsEnabled
            )
            item.setFlags(flags)
            if why:
                item.setCheckState(0, Qt.CheckState.Unchecked)
            tip = INFO[name].blurb
            item.setToolTip(
                0, tip + ("\n" + _("Not under these rules: {why}").format(why=why) if why else "")
            )
        self._group_ticks()
        self.skills.blockSignals(False)
        self._check()

    def _check(self, *_args: Any) -> None:
        self._refusal = None  # a value changed: the server has not refused these yet
        names = self.checked()
        count, limit_s = exam_outline(self.rules(), [SKILLS[n] for n in names])
        if count:
            suggested = limit_s // 60
            self.outline.setText(
                ngettext(
                    "{count} question; suggested time limit: {time}",
                    "{count} questions; suggested time limit: {time}",
                    count,
                ).format(count=count, time=describe_limit(limit_s))
            )
            # the time limit follows the suggestion until the instructor sets one of their own
            if self._suggested is None or self.limit.value() == self._suggested:
                self.limit.blockSignals(True)
                self.limit.setValue(suggested)
                self.limit.blockSignals(False)
            self._suggested = suggested
        else:
            self.outline.setText(_("Tick the skills the exam asks."))
        problem = None
        try:
            seed_text = self.seed.text().strip()
            if not seed_text.isdigit():
                raise ValueError(
                    _("the seed is a whole number, such as 42, not {text}").format(
                        text=repr(seed_text)
                    )
                )
            self.values = check_assignment(
                tuple(names),
                int(seed_text),
                self.preset.currentText(),
                self.limit.value() * 60,
                _pydate(self.opens.date()),
                _pydate(self.closes.date()),
                self.title.text(),
            )
        except ValueError as e:
            self.values = None
            problem = str(e)
        if problem is None and self._retake is not None and not self.logins():
            self.values = None
            problem = _("Tick the trainees who retake it.")
        self._say(problem)
        warning = past_warning(_pydate(self.closes.date()), self._today)
        self.warning.setText(
            f"<span style='color:{NOTE}'>⚠ {esc(warning)}</span>" if warning else ""
        )
        self.warning.setVisible(warning is not None)
        self.ok.setEnabled(problem is None and self._job is None)

    def _say(self, problem: str | None) -> None:
        sentence = problem[0].upper() + problem[1:].rstrip(".") + "." if problem else ""
        self.problem.setText(
            f"<span style='color:{NOTE}'>{esc(sentence)}</span>" if problem else ""
        )
        self.problem.setVisible(bool(problem))

    # ------------------------------------------------------------------ writing
    def _write(self) -> None:
        values = self.values
        if values is None or self._job is not None:
            return
        self.ok.setEnabled(False)
        self.ok.setText(_("Assigning…"))
        assign, logins = self._assign, tuple(self.logins())
        self._job = run_in_background(
            lambda: assign(*values, logins=logins), self._written, self._refused, owner=self
        )

    def _written(self, assignment: Assignment) -> None:
        self._job = None
        self.assigned.emit(assignment)
        self.accept()

    def _refused(self, error: BaseException) -> None:
        self._job = None
        self.ok.setText(_("&Assign"))
        self._refusal = str(error)
        self._say(self._refusal)
        self.ok.setEnabled(self.values is not None)


class ServerWrites:
    """The writes of the tab to the school's server `url` (an instructor's login)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def assign(self, *values: Any, logins: Sequence[str] = ()) -> Assignment:
        from trainer.history.server_exams import assign_exam

        return assign_exam(self.url, *values, logins=logins)

    def withdraw(self, assignment_id: int) -> None:
        from trainer.history.server_exams import withdraw_exam

        withdraw_exam(self.url, assignment_id)


COLUMNS = (
    N_("Exam / trainee"),
    N_("Result"),
    N_("Time taken"),
    N_("Tries"),
    N_("Days"),
    N_("State"),
)


def time_taken(r: AssignmentResult) -> str:
    """How long the best try took (`ExamResult.duration_ms`): "6 min 12 s"; empty when not
    taken, or not known."""
    if r.best is None or r.best.duration_ms is None:
        return ""
    return format_duration(r.best.duration_ms)


class AssignedExams(QWidget):
    """The class view's "Assigned exams" tab: each assignment (newest first) with its days and
    state, and under it each trainee's best try and number of tries — the current exams, or the
    archived ones (withdrawn, or their days over: their results kept). `changed` after an exam is
    assigned or withdrawn: the class view reads the class again. `open_try(login, session)` on a
    double click (or Enter) on a trainee's result: that try's answers."""

    changed = Signal()
    open_try = Signal(str, int)  # the trainee's login, the try's session on the server

    def __init__(
        self,
        writes: Any,
        parent: QWidget | None = None,
        *,
        today: Callable[[], date] = date.today,
    ) -> None:
        super().__init__(parent)
        self.writes, self._today = writes, today
        self.assignments: tuple[tuple[Assignment, tuple[AssignmentResult, ...]], ...] = ()
        self.shown = QComboBox()  # the current exams, or the archived ones
        self.shown.addItems(["", ""])
        self.shown.currentIndexChanged.connect(lambda _i: self.show_assignments(self.assignments))
        self.shown_label = QLabel()
        self.shown_label.setBuddy(self.shown)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels([_(c) for c in COLUMNS])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setAlternatingRowColors(True)
        self.tree.itemActivated.connect(self._activated)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, len(COLUMNS)):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self._status_words: Callable[[], str] = lambda: ""  # said again on a switch of language
        self.assign_button = QPushButton()
        self.assign_button.clicked.connect(lambda: self.open_assign())
        self.retake_button = QPushButton()
        self.retake_button.clicked.connect(lambda: self.open_assign(retake=self.selected()))
        self.withdraw_button = QPushButton()
        self.withdraw_button.clicked.connect(self.ask_withdraw)
        self.withdraw_button.setEnabled(False)
        self.retake_button.setEnabled(False)
        self.tree.itemSelectionChanged.connect(self._selected)
        top = QHBoxLayout()
        top.addWidget(self.shown_label)
        top.addWidget(self.shown)
        top.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.withdraw_button)
        buttons.addWidget(self.retake_button)
        buttons.addWidget(self.assign_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.empty)
        lay.addWidget(self.tree, 1)
        lay.addWidget(self.note)
        lay.addLayout(buttons)
        self.dialog: AssignDialog | None = None
        self._confirm: QMessageBox | None = None  # the withdraw's question, while it is open
        self._confirm_texts: Callable[[], None] = lambda: None  # its words, said again
        self._job: Job | None = None
        self._texts()
        self.show_assignments(())

    def _texts(self) -> None:
        self.tree.setHeaderLabels([_(c) for c in COLUMNS])
        self.note.setText(_(HOUSE_PRACTICE))
        self.shown_label.setText(_("S&how:"))
        self.assign_button.setText(_("A&ssign an exam…"))
        self.retake_button.setText(_("Re&take…"))
        self.retake_button.setToolTip(
            _("The same exam again, for the trainees you choose, with a new seed and new days")
        )
        self.withdraw_button.setText(_("&Withdraw…"))
        self.status.setText(self._status_words())

    def _say(self, words: Callable[[], str]) -> None:
        """The status line, kept as words to say again in another language."""
        self._status_words = words
        self.status.setText(words())

    def archive_shown(self) -> bool:
        return self.shown.currentIndex() == 1

    def show_archive(self, archived: bool) -> None:
        self.shown.setCurrentIndex(1 if archived else 0)

    def show_assignments(
        self, assignments: Sequence[tuple[Assignment, Sequence[AssignmentResult]]]
    ) -> None:
        self.assignments = tuple((a, tuple(rs)) for a, rs in assignments)
        today = self._today()
        archived = [a for a, _r in self.assignments if a.archived(today)]
        self.shown.blockSignals(True)
        self.shown.setItemText(
            0, _("Current exams ({count})").format(count=len(self.assignments) - len(archived))
        )
        self.shown.setItemText(1, _("Archived ({count})").format(count=len(archived)))
        self.shown.blockSignals(False)
        in_archive = self.archive_shown()
        tree = self.tree
        shown = self.selected()
        green = readable(QColor(PASSED), tree.palette().color(QPalette.ColorRole.Base))
        tree.clear()
        listed = [(a, rs) for a, rs in self.assignments if a.archived(today) == in_archive]
        for a, results in listed:
            passed = sum(1 for r in results if r.best is not None and r.best.passed)
            taken = sum(1 for r in results if r.best is not None)
            state = _("withdrawn") if a.withdrawn is not None else _(STATES[a.state(today)])
            title = a.label
            if a.logins:
                title = _("{title} (a retake for {count})").format(
                    title=title,
                    count=ngettext("{n} trainee", "{n} trainees", len(a.logins)).format(
                        n=len(a.logins)
                    ),
                )
            top = QTreeWidgetItem(
                tree,
                [
                    title,
                    class_results(passed, taken, len(results)),
                    "",
                    "",
                    window_text(a),
                    state,
                ],
            )
            top.setData(0, Qt.ItemDataRole.UserRole, a.id)
            top.setToolTip(0, _details(a))
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            for r in results:
                child = QTreeWidgetItem(
                    top,
                    [
                        r.login,
                        result_text(r),
                        time_taken(r),
                        str(r.tries) if r.tries else "",
                        "",
                        "",
                    ],
                )
                child.setData(0, Qt.ItemDataRole.UserRole, a.id)
                if r.best is None:
                    child.setForeground(1, QColor(MUTED))
                else:
                    child.setData(1, Qt.ItemDataRole.UserRole, r.best.session_id)
                    child.setToolTip(
                        1,
                        _("Double-click for the answers of this try of {login}").format(
                            login=r.login
                        ),
                    )
                    if r.best.passed:
                        child.setForeground(1, green)
            if shown is not None and shown.id == a.id:
                top.setSelected(True)
            # a closed one folded: the class's results stay one click away
            top.setExpanded(not in_archive)
        if in_archive:
            self.empty.setText(_("No exam archived yet: a withdrawn or closed exam goes there."))
        else:
            self.empty.setText(_("No exam assigned yet."))
        self.empty.setVisible(not listed)
        self._selected()

    def retranslate(self) -> None:
        """The tab's words and the exams' results again in the language of the moment."""
        self._texts()
        self.show_assignments(self.assignments)
        if self.dialog is not None:  # the instructor's choices in it kept
            self.dialog.retranslate()
        if self._confirm is not None:  # the withdraw's question, asked again in the new words
            self._confirm_texts()

    def selected(self) -> Assignment | None:
        items = self.tree.selectedItems()
        if not items:
            return None
        wanted = items[0].data(0, Qt.ItemDataRole.UserRole)
        return next((a for a, _r in self.assignments if a.id == wanted), None)

    def _selected(self) -> None:
        a = self.selected()
        self.retake_button.setEnabled(a is not None)
        self.withdraw_button.setEnabled(a is not None and a.withdrawn is None and self._job is None)

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        session = item.data(1, Qt.ItemDataRole.UserRole)
        if item.parent() is not None and session is not None:
            self.open_try.emit(item.text(0), int(session))

    def open_assign(self, retake: Assignment | None = None) -> AssignDialog:
        """The dialog, not modal: the class view stays readable behind it. `retake`: the exam
        again, for the trainees ticked (those who have not passed it, to begin with)."""
        if self.dialog is not None:
            self.dialog.raise_()
            return self.dialog
        trainees: list[tuple[str, bool]] = []
        if retake is not None:
            results = next((rs for a, rs in self.assignments if a.id == retake.id), ())
            trainees = [(r.login, r.best is None or not r.best.passed) for r in results]
        dlg = AssignDialog(
            self.writes.assign, self, today=self._today(), retake=retake, trainees=trainees
        )
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.assigned.connect(self._assigned)
        dlg.finished.connect(lambda _r: setattr(self, "dialog", None))
        self.dialog = dlg
        dlg.show()
        return dlg

    def _assigned(self, a: Assignment) -> None:
        self._say(lambda: _("Assigned: {title}.").format(title=a.label))
        self.changed.emit()

    def ask_withdraw(self) -> None:
        a = self.selected()
        if a is None or a.withdrawn is not None:
            return
        box = QMessageBox(
            QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.Cancel, self
        )
        yes = box.addButton("", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        self._confirm = box
        self._confirm_texts = partial(_withdraw_texts, box, yes, a)
        self._confirm_texts()
        box.finished.connect(lambda _r: self._answered(box, yes, a))
        box.open()

    def _answered(self, box: QMessageBox, yes: Any, a: Assignment) -> None:
        self._confirm = None
        if box.clickedButton() is not yes:
            return
        self._say(lambda: _("Withdrawing “{title}”…").format(title=a.label))
        self.withdraw_button.setEnabled(False)
        writes = self.writes

        def done(_none: object) -> None:
            self._job = None
            self._say(
                lambda: _("Withdrawn: {title}. Its results are kept under Archived.").format(
                    title=a.label
                )
            )
            self.changed.emit()

        def failed(error: BaseException) -> None:
            self._job = None
            self._say(lambda: _("The exam cannot be withdrawn: {error}").format(error=error))
            self._selected()

        self._job = run_in_background(lambda: writes.withdraw(a.id), done, failed, owner=self)


def _withdraw_texts(box: QMessageBox, yes: Any, a: Assignment) -> None:
    """The words of the question asked before `a` is withdrawn, in the language of the moment."""
    box.setWindowTitle(_("Sabot — Withdraw an exam"))
    box.setText(
        _(
            "Withdraw “{title}”? The trainees no longer see it. Its tries and results are "
            "kept: the exam moves to Archived."
        ).format(title=a.label)
    )
    yes.setText(_("&Withdraw"))


def class_results(passed: int, taken: int, total: int) -> str:
    """An assigned exam's standing in the class: "1 passed, 2 of 3 taken", each count with the
    plural its language gives it ("1 réussi, 2 sur 3 l'ont passé")."""
    return _("{passed}, {taken}").format(
        passed=ngettext("{n} passed", "{n} passed", passed).format(n=passed),
        taken=ngettext("{taken} of {total} taken", "{taken} of {total} taken", taken).format(
            taken=taken, total=total
        ),
    )


def _details(a: Assignment) -> str:
    skills = ", ".join(INFO[s].title if s in INFO else s for s in a.skills)
    return _("{skills}\nseed {seed} · rules {preset} · {time}").format(
        skills=skills, seed=a.seed, preset=a.preset, time=describe_limit(a.time_limit_s)
    )
