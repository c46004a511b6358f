"""The class view's "Gradebook" tab: every trainee × every assigned exam, the best try of each
in one cell (its verdict, `trainer.history.exams.try_words`, as every tab says it), and under
it the debrief of the exam chosen: each trainee's best try skill by skill and question by
question, and the class's hardest questions (`trainer.history.gradebook`). A double click (or
Enter) on a result opens that try's answers (`TryWindow`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.history.exams import FAILED, INCOMPLETE, PASSED, SCORED, try_words, verdict
from trainer.history.gradebook import ExamSheet, Gradebook, TryAnswer
from trainer.i18n import format_date
from ui.i18n import _, ngettext
from ui.language import format_seconds
from ui.style import esc, readable

# a result's colour, by its verdict; not taken is grey, a retake set for others empty
COLOURS = {
    PASSED: QColor("#2e7d32"),
    SCORED: QColor("#558b2f"),
    FAILED: QColor("#c62828"),
    INCOMPLETE: QColor("#b07d12"),
}
MUTED = QColor("#808080")
MARKS = {PASSED: "✓", SCORED: "✓", FAILED: "✗", INCOMPLETE: "…"}
TRY_ROLE = Qt.ItemDataRole.UserRole  # a cell's try: (login, session id)


def _cell(text: str, colour: QColor | None, base: QColor, tip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
    if colour is not None:
        item.setForeground(readable(colour, base))
    if tip:
        item.setToolTip(tip)
    return item


def _skill(name: str) -> str:
    from trainer.practice.curriculum import skill_title

    return skill_title(name)


class GradebookTab(QWidget):
    """The gradebook of the class (`show_gradebook`), read by the class view with the class.
    `open_try(login, session)`: the instructor asked for a try's answers."""

    open_try = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.book: Gradebook | None = None
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.grid = QTableWidget()
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.currentCellChanged.connect(lambda r, c, *_: self._chosen(c))
        self.grid.cellActivated.connect(lambda r, c: self._open(self.grid.item(r, c)))
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.detail = QTableWidget()
        self.detail.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.detail.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.detail.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.detail.cellActivated.connect(lambda r, c: self._open(self.detail.item(r, 0)))
        self.detail.verticalHeader().sectionDoubleClicked.connect(
            lambda r: self._open(self.detail.item(r, 0))
        )
        self.hardest = QLabel()
        self.hardest.setWordWrap(True)
        self.hardest.setTextFormat(Qt.TextFormat.RichText)
        self.hardest.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        debrief = QWidget()
        lay = QVBoxLayout(debrief)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.detail)
        lower.addWidget(self.hardest)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 1)
        lay.addWidget(lower, 1)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.grid)
        self.split.addWidget(debrief)
        self.split.setChildrenCollapsible(False)
        outer = QVBoxLayout(self)
        outer.addWidget(self.hint)
        outer.addWidget(self.split, 1)
        self._shown: int | None = None  # the assignment whose debrief is shown
        self.retranslate()

    def retranslate(self) -> None:
        self.hint.setText(
            _(
                "Each trainee's best try at each assigned exam. Choose an exam for its "
                "debrief; double-click a result for that try's answers."
            )
        )
        if self.book is not None:
            self.show_gradebook(self.book)
        else:
            self.title.setText(_("No exam assigned yet."))

    # ------------------------------------------------------------------ the grid
    def show_gradebook(self, book: Gradebook) -> None:
        self.book = book
        grid = self.grid
        base = grid.palette().color(grid.backgroundRole())
        keep = self._shown
        grid.blockSignals(True)
        grid.clear()
        grid.setRowCount(len(book.logins))
        grid.setColumnCount(len(book.sheets))
        grid.setVerticalHeaderLabels(list(book.logins))
        for c, sheet in enumerate(book.sheets):
            a = sheet.assignment
            head = QTableWidgetItem(a.label)
            head.setToolTip(_details(sheet))
            grid.setHorizontalHeaderItem(c, head)
            for r, login in enumerate(book.logins):
                result = next((x for x in sheet.results if x.login == login), None)
                if result is None:  # a retake set for others
                    grid.setItem(r, c, _cell("", None, base))
                    continue
                if result.best is None:
                    grid.setItem(r, c, _cell(_("not taken"), MUTED, base))
                    continue
                best = result.best
                said = verdict(best)
                total = best.planned if best.planned is not None else best.attempts
                text = f"{MARKS[said]} {best.correct}/{total}"
                tip = _("{login}: {result}, {tries}").format(
                    login=login,
                    result=try_words(best),
                    tries=ngettext("{n} try", "{n} tries", result.tries).format(n=result.tries),
                )
                item = _cell(text, COLOURS[said], base, tip)
                item.setData(TRY_ROLE, (login, best.session_id))
                grid.setItem(r, c, item)
        header = grid.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        grid.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        grid.blockSignals(False)
        column = next(
            (c for c, s in enumerate(book.sheets) if s.assignment.id == keep),
            0 if book.sheets else -1,
        )
        if column >= 0:
            grid.setCurrentCell(0 if book.logins else -1, column)
        self._chosen(column)

    def _chosen(self, column: int) -> None:
        book = self.book
        if book is None or not 0 <= column < len(book.sheets):
            self._shown = None
            self.title.setText(_("No exam assigned yet."))
            self.detail.clear()
            self.detail.setRowCount(0)
            self.detail.setColumnCount(0)
            self.hardest.setText("")
            return
        self.show_sheet(book.sheets[column])

    # ------------------------------------------------------------------ an exam's debrief
    def show_sheet(self, sheet: ExamSheet) -> None:
        self._shown = sheet.assignment.id
        a = sheet.assignment
        taken = sum(1 for r in sheet.results if r.best is not None)
        self.title.setText(
            "<b>{}</b> — {}".format(
                esc(a.label),
                esc(
                    _("{taken} of {total} taken; their best tries, skill by skill and question "
                      "by question").format(taken=taken, total=len(sheet.results))
                ),
            )
        )  # fmt: skip
        t = self.detail
        base = t.palette().color(t.backgroundRole())
        skills = list(a.skills)
        questions = sheet.questions
        t.clear()
        t.setColumnCount(1 + len(skills) + questions)
        t.setRowCount(len(sheet.results))
        heads = [_("Result")] + [_skill(s) for s in skills]
        heads += [_("Q{n}").format(n=n) for n in range(1, questions + 1)]
        t.setHorizontalHeaderLabels(heads)
        for n in range(1, questions + 1):
            asked = sheet.asked.get(n)
            if asked is not None:
                t.horizontalHeaderItem(len(skills) + n).setToolTip(_question(*asked))
        t.setVerticalHeaderLabels([r.login for r in sheet.results])
        for row, r in enumerate(sheet.results):
            if r.best is None:
                t.setItem(row, 0, _cell(_("not taken"), MUTED, base))
                continue
            said = verdict(r.best)
            first = _cell(try_words(r.best), COLOURS[said], base)
            first.setData(TRY_ROLE, (r.login, r.best.session_id))
            first.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            t.setItem(row, 0, first)
            done = sheet.tries.get(r.login)
            if done is None:
                continue
            for c, skill in enumerate(skills, 1):
                right, count = done.skills.get(skill, (0, 0))
                if count:
                    good = right == count
                    colour = (
                        COLOURS[PASSED]
                        if good
                        else COLOURS[FAILED]
                        if right * 2 < count
                        else COLOURS[INCOMPLETE]
                    )
                    t.setItem(row, c, _cell(f"{right}/{count}", colour, base))
            for n, right in enumerate(done.marks, 1):
                mark = _cell("✓" if right else "✗", COLOURS[PASSED if right else FAILED], base)
                t.setItem(row, len(skills) + n, mark)
        header = t.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        t.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hard = sheet.hardest()
        if not sheet.tries:  # no answer read (nobody took it, or read without the server)
            self.hardest.setText("")
            return
        if not hard:
            self.hardest.setText(
                f"<b>{esc(_('Hardest questions'))}</b><br>"
                + esc(_("Nobody missed a question yet."))
            )
            return
        lines = "".join(
            "<li>{}</li>".format(
                esc(
                    _(
                        "Q{n} · {skill}: {question} — missed by {wrong} of {answered} ({logins})"
                    ).format(
                        n=h.number,
                        skill=_skill(h.skill),
                        question=_question(h.skill, h.item, h.question),
                        wrong=h.wrong,
                        answered=h.answered,
                        logins=", ".join(h.missed_by),
                    )
                )
            )
            for h in hard
        )
        self.hardest.setText(f"<b>{esc(_('Hardest questions'))}</b><ol>{lines}</ol>")

    def _open(self, item: QTableWidgetItem | None) -> None:
        if item is None:
            return
        held = item.data(TRY_ROLE)
        if held:
            login, session = held
            self.open_try.emit(str(login), int(session))


def _question(skill: str, item: str, question: Any) -> str:
    from trainer.history import progress_data as pd

    said = pd.describe_question(question, skill) if question else ""
    name = pd.item_name(item if ":" in item else f"{skill}:{item}")
    return f"{name} — {said}" if said and said != name else name


def _details(sheet: ExamSheet) -> str:
    from trainer.history.assignments import describe_limit

    a = sheet.assignment
    days = format_date(a.opens, short=True)
    if a.closes != a.opens:
        days += " – " + format_date(a.closes, short=True)
    return _("{skills}\nseed {seed} · {days} · {time}").format(
        skills=", ".join(_skill(s) for s in a.skills),
        seed=a.seed,
        days=days,
        time=describe_limit(a.time_limit_s),
    )


class TryWindow(QDialog):
    """One try's answers, one by one: the question in the table's words, the answer given, the
    one expected, right or wrong, the time. `read()` gives them (on a worker thread)."""

    def __init__(
        self,
        login: str,
        heading: str,
        read: Callable[[], list[TryAnswer]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        from ui.background import run_in_background

        self.login, self.heading = login, heading
        self.answers: list[TryAnswer] | None = None
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.top = QLabel()
        self.top.setWordWrap(True)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(self.top)
        lay.addWidget(self.table, 1)
        self.resize(900, 520)
        self.retranslate()
        self._job = run_in_background(read, self.show_answers, self._failed, owner=self)

    def retranslate(self) -> None:
        self.setWindowTitle(_("Sabot — {login}'s try").format(login=self.login))
        if self.answers is None:
            self.top.setText(_("Reading the try on the school's server…"))
        else:
            self.show_answers(self.answers)

    def _failed(self, error: BaseException) -> None:
        self.top.setText(_("The try cannot be read: {error}").format(error=error))

    def show_answers(self, answers: list[TryAnswer]) -> None:
        from trainer.history import progress_data as pd

        self.answers = answers
        right = sum(1 for a in answers if a.correct)
        self.top.setText(
            ngettext(
                "{login} — {exam}: {right} right of {count} answered",
                "{login} — {exam}: {right} right of {count} answered",
                right,
            ).format(login=self.login, exam=self.heading, right=right, count=len(answers))
        )
        t = self.table
        base = t.palette().color(t.backgroundRole())
        t.clear()
        heads = [_("Skill"), _("Question"), _("Answer"), _("Expected"), _("Right"), _("Time")]
        t.setColumnCount(len(heads))
        t.setHorizontalHeaderLabels(heads)
        t.setRowCount(len(answers))
        t.setVerticalHeaderLabels([str(a.number) for a in answers])
        for row, a in enumerate(answers):
            values = (
                pd.skill_title(a.skill),
                _question(a.skill, a.item, a.question),
                a.answer,
                a.expected,
                "✓" if a.correct else "✗",
                format_seconds(a.ms),
            )
            for col, text in enumerate(values):
                item = QTableWidgetItem(text)
                if col == 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    item.setForeground(readable(COLOURS[PASSED if a.correct else FAILED], base))
                t.setItem(row, col, item)
        header = t.horizontalHeader()
        for col in range(len(heads)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
