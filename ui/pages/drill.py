"""The drill at the table: the felt with the question on it, the answer input for the skill, the
clock, and the verdict — without leaving the table.

The page renders the domain's question objects and hands back the trainee's raw input and the
time it took; the `Drill` judges and stores. In an exam the page shows no verdict (only that the
answer was recorded) and its clock counts the time left; ending an exam early takes a second
Esc, since it leaves the exam incomplete. A sprint's clock counts up.

The answer's clock starts when the question is first painted (not when it is built) and stops
at the key press or click that submits: `QElapsedTimer`, which is monotonic.

A switch of language while a question is open says it again in the new words (the domain makes
it again: `Drill.retell`), with the answer typed so far and the verdict shown. The switch is not
the trainee's answering time: the clock is held while the settings or the Language menu are open
and while the page is said again (`hold_clock`: the time so far is banked), and goes on from the
first paint of the question in its new words (`resume_clock`), the same clock as always.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import cast

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.game.payout import chip_breakdown, money
from trainer.game.table import TableView
from trainer.i18n import format_amount
from trainer.practice.answers import Unreadable
from trainer.practice.drill import CHALLENGE, EXAM, REVIEW, SPRINT, Answered, Drill, DrillOver
from trainer.practice.skills import SKILLS, Question
from trainer.practice.skills.base import ANNOUNCED_CHIPS, CHIPS, CHOICE, SEQUENCE, answer_hint
from ui.dialogs.citations import linked
from ui.i18n import N_, _, ngettext
from ui.language import format_seconds
from ui.style import emphasise, esc, mute, readable
from ui.table.chip_tray import ChipTray
from ui.table.scene import TableScene
from ui.table.widget import TableWidget

RIGHT = "#2e9d4f"
WRONG = "#c8412f"
NOTE = "#b07d12"
# the button's own: a rule without a selector would frame its words' label too
CHOICE_STYLE = "QPushButton { text-align: left; padding: 6px 12px; }"
SHIFT = Qt.KeyboardModifier.ShiftModifier
INSURANCE_LEGEND = N_("INSURANCE PAYS 2 TO 1")  # printed on the felt
# The drill's keys as Help ▸ Keyboard shortcuts lists them: keyPressEvent, eventFilter and
# _burn_key below answer to these
KEYS = (
    ("Enter", N_("give the answer")),
    ("Space or Enter", N_("the next question, after a verdict")),
    ("1 – 9", N_("pick a choice; a chip of the tray")),
    ("Backspace", N_("take back the last chip or box")),
    ("B", N_("burn the exposed card")),
    ("Esc", N_("end the drill (an exam: Esc twice)")),
)
# what the line over the tray says of the amount shown, per skill ("Pay" unless told): never
# the amount a trainee has to count (a buy-in, a colour-up), only one he is given
AMOUNT_SHOWN = {"change": N_("Change {amount}")}
# how to answer the skills whose input alone does not say it
SKILL_HINTS = {
    "stack-values": N_("read the stacks by their height, then type their value and Enter"),
    "read-pay": N_("read the stake from its chips, then type the payout and Enter"),
    "change": N_("click the chips of the change or press their number keys; Enter gives them"),
    "conversions": N_(
        "pay with the chips the rack holds (the greyed ones are not in it); Enter pays"
    ),
}
MODE_NAMES = {
    "practice": N_("practice"),
    "challenge": N_("challenge"),
    "sprint": N_("sprint"),
    "exam": N_("exam"),
    "review": N_("review"),
}


class _PaintWatch(QObject):
    """Calls back once the first paint of the watched widget after `arm()` is done."""

    def __init__(self, callback) -> None:
        super().__init__()
        self._armed = False
        self._callback = callback

    def arm(self) -> None:
        self._armed = True

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if self._armed and event.type() == QEvent.Type.Paint:
            self._armed = False
            # A filter sees the paint before the widget has drawn anything: the call comes back
            # after the window's whole repaint (the table, the panel) has been delivered, when the
            # question is on screen.
            QTimer.singleShot(0, self._callback)
        return False


class ChoiceButton(QPushButton):
    """A choice, its words wrapped on as many lines as they need: a button's own text never
    wraps, and a French or an Italian choice ("Payer tout de suite le Black Jack de la case 1,
    3 pour 2") is often wider than the panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = QLabel(self)
        self.words.setTextFormat(Qt.TextFormat.PlainText)
        self.words.setWordWrap(True)
        self.words.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 6, 12, 6)
        lay.addWidget(self.words)
        self._margins = lay.contentsMargins()
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def text(self) -> str:
        return self.words.text()

    def setText(self, text: str) -> None:  # noqa: N802
        self.words.setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """As tall as its lines at its width: the panel's layouts do not ask a button's height
        for its width (a stacked widget holds it), so the button says it as its minimum."""
        need = self.heightForWidth(self.width())
        if need != self.minimumHeight():
            self.setMinimumHeight(need)

    def set_bold(self, bold: bool) -> None:
        font = self.words.font()
        font.setBold(bold)
        self.words.setFont(font)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        m = self._margins
        inner = self.words.heightForWidth(max(1, width - m.left() - m.right()))
        return max(super().sizeHint().height(), inner + m.top() + m.bottom())

    def sizeHint(self):  # noqa: N802
        hint = super().sizeHint()
        width = max(hint.width(), self.width())
        hint.setHeight(self.heightForWidth(width))
        return hint

    def minimumSizeHint(self):  # noqa: N802
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), 120))
        return hint


class ChoiceButtons(QWidget):
    """One button per choice, numbered; the number keys pick a choice and submit it."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self.buttons: list[ChoiceButton] = []  # the current choices' buttons, in order
        self._pool: list[ChoiceButton] = []
        self._marked: list[ChoiceButton] = []  # the buttons the last verdict coloured
        # as tall as four choices whatever the question, so the layout never jumps
        row = QPushButton("1   x").sizeHint().height()
        self.setMinimumHeight(4 * row + 3 * 6)

    def set_choices(self, choices: tuple[str, ...]) -> None:
        # The buttons are kept from question to question and only relabelled: a new button is
        # styled and polished afresh, several milliseconds a question for the same picture.
        while len(self._pool) < len(choices):
            i = len(self._pool) + 1
            b = ChoiceButton(self)
            b.setStyleSheet(CHOICE_STYLE)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(lambda _=False, n=i: self.chosen.emit(str(n)))
            b.hide()
            self._layout.addWidget(b)
            self._pool.append(b)
        for b in self._marked:  # the last verdict's colours off (only theirs: a restyle costs)
            b.setStyleSheet(CHOICE_STYLE)
            b.set_bold(False)
        self._marked = []
        for i, b in enumerate(self._pool):
            if i < len(choices):
                b.setText(f"{i + 1}   {choices[i]}")
                b.setDown(False)
                b.show()
            else:
                b.hide()
        self.buttons = self._pool[: len(choices)]

    def show_verdict(self, chosen: int, right: int) -> None:
        """The chosen answer in the verdict's colour, marked ✓ or ✗; when it was wrong, the
        right one marked too."""
        for index, ok in ((chosen, chosen == right), (right, True)):
            if not 0 <= index < len(self.buttons) or self.buttons[index] in self._marked:
                continue
            b = self.buttons[index]
            colour = QColor(RIGHT if ok else WRONG)
            tint = f"rgba({colour.red()}, {colour.green()}, {colour.blue()}, 50)"
            b.setStyleSheet(
                f"QPushButton {{ text-align: left; padding: 6px 12px; "
                f"border: 2px solid {colour.name()}; background-color: {tint}; }}"
            )
            b.set_bold(True)
            b.setText(("✓ " if ok else "✗ ") + b.text())
            self._marked.append(b)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        text = event.text()
        if text.isdigit() and 1 <= int(text) <= len(self.buttons):
            self.chosen.emit(text)
            return
        super().keyPressEvent(event)


class DrillPage(QWidget):
    """Runs one `Drill` on the table. Emits `finished(summary)` when the drill ends."""

    finished = Signal(object)  # trainer.practice.drill.Summary
    answeredSignal = Signal(object)  # noqa: N815  (Answered) — for tests and the benchmark
    questionShown = Signal(object)  # noqa: N815  (Question), once painted and the clock runs
    citationClicked = Signal(str)  # noqa: N815  a feedback's "[000]" or "§9": a rule:… link

    def __init__(self, currency: str = "€", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drillPage")
        self.currency = currency
        self.read_the_bet = False  # practice: the bet read from its chips (the settings say)
        self.drill: Drill | None = None
        self.question: Question | None = None
        self.last: Answered | None = None
        self._clock = QElapsedTimer()
        self._banked_ms = 0  # the answer's time before its clock was held (a switch of language)
        self._held = False
        self._timed = False  # the question shown has been painted and its clock started
        self._waiting_next = False
        self._burn_rest = ""  # what is left of "burn" after its B key (see _burn_key)
        self._ahead: Question | None = None  # the next question, dealt while this one is read

        # top bar: what, how far, how long
        self.title = QLabel()
        emphasise(self.title, 1.25, bold=True)
        self.progress = QLabel()
        self.countdown = QLabel()
        emphasise(self.countdown, 1.5, bold=True)
        self.end_button = QPushButton()
        self.end_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.end_button.clicked.connect(self.request_end)
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.progress)
        top.addSpacing(16)
        top.addWidget(self.countdown)
        top.addSpacing(16)
        top.addWidget(self.end_button)

        self.scene = TableScene(breakdown=self._breakdown, legend=_(INSURANCE_LEGEND))
        self.scene.read_from_chips = self._read_from_chips
        self.table = TableWidget(self.scene, self)
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        # the keys belong to the answer, and the table is clicked, never typed into: it takes no
        # focus (nor is it handed the focus while one input makes way for another)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scene.boxClicked.connect(self._box_clicked)
        self.scene.dealerClicked.connect(lambda: self._append_token("dealer"))
        self._watch = _PaintWatch(self._painted)
        self.table.viewport().installEventFilter(self._watch)

        # the question and the answer; a review's question says first what it reviews
        self.reviewing = QLabel()
        self.reviewing.setWordWrap(True)
        mute(self.reviewing)
        self.reviewing.hide()
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        emphasise(self.prompt, 1.1)
        self.extra = QLabel()  # the amount to pay in chips, …
        self.extra.setWordWrap(True)
        # how to answer, right under the answer field: one label per kind of input, each in its
        # page, so the hint moves with the input and the panel never relayouts for it
        self._hints = [QLabel() for _ in range(3)]
        for hint in self._hints:
            hint.setWordWrap(True)
            mute(hint)  # secondary, and still 4.5:1 against the panel in either theme

        self.line = QLineEdit()
        emphasise(self.line, 1.3)
        self.burn_button = QPushButton()
        self.burn_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.burn_button.clicked.connect(lambda: self._append_token("burn"))
        line_row = QWidget()
        outer = QVBoxLayout(line_row)  # the line at the top of the answer area
        outer.setContentsMargins(0, 0, 0, 0)
        lr = QHBoxLayout()
        outer.addLayout(lr)
        outer.addWidget(self._hints[0])
        outer.addStretch(1)
        lr.addWidget(self.line, 1)
        lr.addWidget(self.burn_button)
        self.tray: ChipTray | None = None
        self.tray_holder = QWidget()
        self._tray_layout = QVBoxLayout(self.tray_holder)
        self._tray_layout.setContentsMargins(0, 0, 0, 0)
        # the amount a dealer announces before he gives the chips (a buy-in, a colour-up): typed
        # first, then Enter or Tab goes to the tray
        self.announce = QLineEdit()
        emphasise(self.announce, 1.2)
        self.announce_label = QLabel()
        self.announce_label.setBuddy(self.announce)
        self.announce_row = QWidget()
        ar = QHBoxLayout(self.announce_row)
        ar.setContentsMargins(0, 0, 0, 0)
        ar.addWidget(self.announce_label)
        ar.addWidget(self.announce, 1)
        self.announce_row.hide()
        self._tray_layout.addWidget(self.announce_row)
        self._tray_layout.addWidget(self._hints[1])
        self._tray_layout.addStretch(1)
        self.choices = ChoiceButtons()
        self.choices.chosen.connect(self._submit)
        choice_page = QWidget()
        cl = QVBoxLayout(choice_page)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(self.choices)
        cl.addWidget(self._hints[2])
        cl.addStretch(1)
        self.inputs = QStackedWidget()
        self.inputs.addWidget(line_row)  # 0
        self.inputs.addWidget(self.tray_holder)  # 1
        self.inputs.addWidget(choice_page)  # 2
        self.inputs.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        # its citations are links to the rules book; clicking one never takes the answer's keys
        self.feedback.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.feedback.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.feedback.linkActivated.connect(self.citationClicked.emit)
        # room for a verdict and its reason: the panel keeps one height from question to question,
        # so the table never moves (and never has its felt redrawn at a new size) as you answer
        self.feedback.setMinimumHeight(self.feedback.fontMetrics().lineSpacing() * 5)
        emphasise(self.feedback, 1.05)

        # the verdict right under the answer given (the line, the tray or the choices), never
        # under the room the tallest of them would take: the inputs shown are as tall as the one
        # in use (`_fit_inputs`), and the area keeps the tallest one's height all the same
        answer = QWidget()
        al = QVBoxLayout(answer)
        al.setContentsMargins(0, 0, 0, 0)
        al.addWidget(self.inputs)
        al.addWidget(self.feedback)
        al.addStretch(1)
        self._answer_area = answer
        self.inputs.currentChanged.connect(self._fit_inputs)
        self.inputs.installEventFilter(self)

        panel = QFrame()
        panel.setFrameShape(QFrame.Shape.StyledPanel)
        panel.setMinimumWidth(300)
        pl = QVBoxLayout(panel)
        pl.addWidget(self.reviewing)
        pl.addWidget(self.prompt)
        pl.addWidget(self.extra)
        pl.addWidget(answer)
        pl.addStretch(1)
        self.panel = panel
        # every line of the panel keeps its height from question to question (see feedback)
        for label, lines in ((self.prompt, 3), (self.extra, 1), *((h, 2) for h in self._hints)):
            label.setMinimumHeight(label.fontMetrics().lineSpacing() * lines)

        # the question goes under the table, or beside it on a very wide window, whichever
        # leaves the felt larger (see resizeEvent); the trainee can move the divider
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(panel)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setChildrenCollapsible(False)
        self.splitter = split

        # one line, over the table, when the history cannot be written (set by the window)
        self.history_note = QLabel()
        self.history_note.setWordWrap(True)
        self.history_note.setStyleSheet(f"color: {NOTE};")
        self.history_note.hide()

        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.history_note)
        lay.addWidget(split, 1)

        self._tick = QTimer(self)
        self._tick.setInterval(100)
        self._tick.timeout.connect(self._update_clock)

        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.request_end)
        self._confirm_end = False  # an exam asked to end once: the next Esc ends it
        # Space or Enter goes on after a verdict, wherever the focus is
        for w in (self.line, self.choices, self.announce):
            w.installEventFilter(self)
        # what the feedback says, written again in the new language after a switch
        self._feedback_text: Callable[[], str] | None = None
        self._texts()
        self._fit_inputs()

    def _texts(self) -> None:
        """The page's own words, in the current language."""
        self.end_button.setText(_("End  (Esc)"))
        self.line.setPlaceholderText(_("your answer, then Enter"))
        self.burn_button.setText(_("Burn it (B)"))
        self.announce_label.setText(_("&Announce"))
        self.announce.setPlaceholderText(_("the amount, then Enter"))
        self.announce.setAccessibleName(_("The amount you announce"))

    def retranslate(self) -> None:
        """Every text again in the current language. The drill goes on where it was: the
        question, made again by the domain in the new words (`Drill.retell`: the same hand, the
        same answer), the answer being typed, the verdict shown, the clock held meanwhile."""
        self.hold_clock()
        self._texts()
        self.scene.set_legend(_(INSURANCE_LEGEND))
        if self.tray is not None:
            self.tray.retranslate()
            self._fit_panel()
        d = self.drill
        if d is None:
            self.resume_clock()
            return
        d.retell()
        if self.last is not None:
            self.last = next((a for a in d.answered if a.number == self.last.number), self.last)
        if self._waiting_next and self.last is not None:
            self.question = self.last.question  # its verdict is on screen
        elif d.current is not None:
            self.question = d.current
        q = self.question
        if q is not None:
            self.prompt.setText(self.prompt_of(q))
            self._show_reviewing(q)
            if q.kind == CHOICE:
                self.choices.set_choices(q.choices)  # the answer not given yet: none marked
                last = self.last
                if self._waiting_next and last is not None and last.verdict.given in q.choices:
                    self.choices.show_verdict(q.choices.index(last.verdict.given), int(q.answer))
            if q.table is not None:
                self.table.show_table(q.table)  # its labels, in the new words
            self._show_hint(q)
            self.extra.setText(self._extra_text(q))
            self._fit_inputs()
        self.title.setText(self._title_text(d))
        self._update_progress()
        self._update_clock()
        if self._feedback_text is not None:
            self.feedback.setText(self._feedback_text())
        self.resume_clock()

    # ------------------------------------------------------------------ the answer's clock
    def hold_clock(self) -> None:
        """Stop counting the answer's time (the trainee is switching language, not answering):
        what it counted so far is kept. `resume_clock` goes on."""
        self._held = True
        if self._clock.isValid():
            self._banked_ms += int(self._clock.elapsed())
            self._clock.invalidate()

    def resume_clock(self) -> None:
        """Count on from the next paint of the question (in its new words, if it changed)."""
        if not self._held:
            return
        self._held = False
        if self.question is not None and not self._waiting_next and not self._clock.isValid():
            self._watch.arm()
            self.table.viewport().update()

    def _say(self, text: Callable[[], str] | None) -> None:
        """The feedback line: `text()` now, and again after a switch of language."""
        self._feedback_text = text
        self.feedback.setText("" if text is None else text())

    def set_history_note(self, text: str | None) -> None:
        """Say (or stop saying) what became of the answers: the history cannot be written and
        they are kept, or they are saved again. The drill goes on either way."""
        self.history_note.setStyleSheet(f"color: {self._colour(NOTE)};")  # 4.5:1, either theme
        self.history_note.setText(text or "")
        self.history_note.setVisible(bool(text))

    @property
    def hint(self) -> QLabel:
        """How to answer the question shown: the label under its answer field."""
        return self._hints[self.inputs.currentIndex()]

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        # whichever leaves the felt larger: the question under the table, or beside it
        w, h = self.splitter.width(), self.splitter.height()
        below = self.panel.minimumSizeHint().height()
        beside = max(self.panel.minimumWidth(), int(w * 0.3))
        rect = self.scene.sceneRect()
        under = min(w / rect.width(), (h - below) / rect.height())
        side = min((w - beside) / rect.width(), h / rect.height())
        wide = side > under
        want = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != want:
            self.splitter.setOrientation(want)
            total, part = (w, beside) if wide else (h, below)
            self.splitter.setSizes([max(100, total - part), part])

    # ------------------------------------------------------------------ set-up
    def _breakdown(self, amount: Decimal):
        if self.drill is None:
            raise ValueError("no table yet")
        # ChipError (a ValueError) for an amount the chips cannot make: drawn as a figure alone
        return chip_breakdown(amount, self.drill.rules.chips)

    def reads_the_bet(self) -> bool:
        """Whether the trainee reads each bet from its chips (issue 24): always in an exam, in
        practice as the settings say (`read_the_bet`)."""
        d = self.drill
        return d is not None and (d.mode == EXAM or self.read_the_bet)

    def _show_reviewing(self, q: Question) -> None:
        text = self.reviewing_text(q)
        self.reviewing.setText(text)
        self.reviewing.setVisible(bool(text))

    def reviewing_text(self, q: Question, now: float | None = None) -> str:
        """What a review question reviews, in a line above its prompt: "Review · A-4-A (soft
        16) · missed 3 days ago"; "" for any other question. `now`: unix seconds (the days
        are the trainee's calendar days)."""
        d = self.drill
        what = d.reviewed(q) if d is not None else None
        if what is None:
            return ""
        import time

        from trainer.history.item_words import item_name
        from trainer.history.measures import local_day
        from trainer.practice.review import said_situation

        item, situation, missed = what.item, what.situation, what.missed
        name = item_name(item)
        import re

        # the bet the item's name says already ("Black Jack on 25"), not said twice
        amounts = re.findall(r"\d+(?:\.\d+)?", item.partition(":")[2])
        said = said_situation(q.skill, situation, amounts=amounts) if situation else ""
        if q.skill == "announce" and (said or not what.exact):
            # the hand seen, then its category as the name gives it in brackets: "(soft 16)";
            # the category alone where the question is another hand of it
            inner = name[name.rfind("(") + 1 : -1] if name.endswith(")") else name
            name = f"{said} ({inner})" if what.exact else inner
        elif said and what.exact:
            name = f"{name}, {said}"
        parts = [_("Review"), name]
        if not what.exact:
            # today's rules cannot make the situation missed: never name it over another one
            parts.append(_("another of its kind: today's rules cannot make the one missed"))
        if missed:
            days = local_day(time.time() if now is None else now) - local_day(missed)
            if days <= 0:
                parts.append(_("missed today"))
            elif days == 1:
                parts.append(_("missed yesterday"))
            else:
                parts.append(
                    ngettext("missed {days} day ago", "missed {days} days ago", days).format(
                        days=days
                    )
                )
        return " · ".join(esc(p) for p in parts)

    def prompt_of(self, q: Question) -> str:
        """The question as asked: without its stake where the bet is read from the felt."""
        return q.unread_prompt if q.unread_prompt and self.reads_the_bet() else q.prompt

    def start(self, drill: Drill) -> None:
        self.drill = drill
        self.last = None
        self.scene._chip_memo.clear()  # the chips may have changed with the rules
        self.scene.set_amounts(not self.reads_the_bet())  # read from the chips, not written
        self.title.setText(self._title_text(drill))
        if self.tray is not None:
            self._tray_layout.removeWidget(self.tray)  # out of the page now, not when deleted
            self.tray.hide()
            self.tray.deleteLater()
            self.tray = None
        self.tray = ChipTray([Decimal(c) for c in sorted(drill.rules.chips)], self.currency)
        self.tray.submitted.connect(self._submit_chips)
        self.tray.installEventFilter(self)
        self._tray_layout.insertWidget(1, self.tray)  # under the announce field, above its hint
        self._fit_panel()
        self._confirm_end = False
        self.countdown.setText("")
        self.countdown.setStyleSheet("")
        if drill.time_limit_ms is not None or drill.mode == SPRINT:
            self._tick.start()
        else:
            self._tick.stop()
        self._show_next()
        self._update_clock()

    def _fit_panel(self) -> None:
        """The panel as wide as the tray's buttons need ("Annuler (⌫)", "Payer (Entrée)" are
        longer than "Undo (⌫)", "Pay (Enter)"), 300 pixels at least: on a 1024-wide screen
        the panel beside the felt would cut them."""
        tray = self.tray
        if tray is None:
            return
        row = tray.undo_button, tray.clear_button, tray.pay_button
        need = sum(b.sizeHint().width() for b in row) + 2 * 6 + 20 + 24  # spacing, margins
        self.panel.setMinimumWidth(max(300, need))

    def _fit_inputs(self) -> None:
        """The inputs as tall as the one shown, so that the verdict sits right under it; the
        answer area as tall as the tallest with its verdict, so that the panel, and the felt
        beside or above it, never move from one kind of question to another."""
        stack = self.inputs
        shown = stack.currentWidget()
        # the hint's lines at the panel's width: the stack lays a page out at its size hint,
        # which does not wrap a label's words at the width it has
        hint = self._hints[stack.currentIndex()]
        lines = hint.fontMetrics().lineSpacing() * 2
        hint.setMinimumHeight(max(lines, hint.heightForWidth(max(stack.width(), 200))))
        tallest = 0
        for i in range(stack.count()):
            page = stack.widget(i)
            tallest = max(tallest, page.minimumSizeHint().height(), page.sizeHint().height())
            vertical = QSizePolicy.Policy.Preferred if page is shown else QSizePolicy.Policy.Ignored
            page.setSizePolicy(QSizePolicy.Policy.Preferred, vertical)
        spacing = max(0, self._answer_area.layout().spacing())
        self._answer_area.setMinimumHeight(tallest + spacing + self.feedback.minimumHeight())
        # and no taller than the one shown: a stacked layout answers a height for a width as its
        # tallest page's, and a typed answer's verdict after a tray question floated under the
        # tray's room
        most = max(shown.minimumSizeHint().height(), shown.sizeHint().height())
        if stack.maximumHeight() != most:  # another kind of input: laid out now, not later
            stack.setMaximumHeight(most)
            stack.updateGeometry()
            self._answer_area.layout().activate()
        else:
            stack.updateGeometry()

    def _title_text(self, drill: Drill) -> str:
        names = (
            ", ".join(s.title for s in drill.skills) if len(drill.skills) < 4 else _("Mixed skills")
        )
        if drill.mode == EXAM:
            every = len(drill.skills) == sum(
                1 for s in SKILLS.values() if not s.available(drill.rules)
            )
            what = _("every skill") if every else names
            return _("Exam — {skills} · seed {seed}").format(skills=what, seed=drill.seed)
        mode = MODE_NAMES.get(drill.mode)
        return _("{skills} — {mode}").format(skills=names, mode=_(mode) if mode else drill.mode)

    # ------------------------------------------------------------------ questions
    def _show_next(self) -> None:
        d = self.drill
        if d is None:
            return
        q = d.next_question()
        if q is None:
            self.end()
            return
        self.question = q
        self._waiting_next = False
        self._confirm_end = False
        self._say(None)
        self.prompt.setText(self.prompt_of(q))
        self._show_reviewing(q)
        self.extra.setText(self._extra_text(q))
        self._show_hint(q)
        self._update_progress()
        if q.kind in (CHIPS, ANNOUNCED_CHIPS) and self.tray is not None:
            self.tray.clear()
            rack = q.data.get("rack")
            self.tray.set_rack(None if rack is None else [Decimal(d) for d in rack])
            self.inputs.setCurrentIndex(1)
            announced = q.kind == ANNOUNCED_CHIPS
            self.announce.clear()
            self.announce_row.setVisible(announced)
            (self.announce if announced else self.tray).setFocus()
        elif q.kind == CHOICE:
            self.choices.set_choices(q.choices)
            self.inputs.setCurrentIndex(2)
            self.choices.setFocus()
        else:
            self.line.clear()
            self.line.setEnabled(True)
            self.inputs.setCurrentIndex(0)
            self.burn_button.setVisible(q.skill == "exposed-card")
            self.line.setFocus()
        self._fit_inputs()  # the choices' height changes with them
        self._clock.invalidate()
        self._banked_ms = 0
        self._timed = False
        self._watch.arm()
        if q.table is not None:
            self.table.show_table(q.table)
        self.table.viewport().update()

    def _read_from_chips(self, view: TableView) -> bool:
        """Whether the stakes of `view` are read from their chips alone, no amount written: a
        question whose money is on the felt as stacks to read (the shown one or the next)."""
        return any(
            q is not None and q.table is view and "stacks" in q.data
            for q in (self.question, self._ahead)
        )

    def _extra_text(self, q: Question) -> str:
        """The amount the question gives (to pay, to change), never one the trainee counts."""
        if q.kind != CHIPS or "amount" not in q.data:
            return ""
        amount = format_amount(Decimal(q.data["amount"]), currency=self.currency)
        words = AMOUNT_SHOWN.get(q.skill, N_("Pay {amount}"))
        return _(words).format(amount=f"<b>{esc(amount)}</b>")

    def _show_hint(self, q: Question) -> None:
        """How to answer `q`, under its input, with the skill's target time."""
        if q.skill in SKILL_HINTS:
            hint = _(SKILL_HINTS[q.skill])
        elif q.kind == CHIPS:
            hint = _("click chips or press their number keys; Backspace removes, Enter pays")
        elif q.kind == ANNOUNCED_CHIPS:
            hint = _(
                "type the amount you announce, Enter, then click chips or press their number "
                "keys; Enter gives them"
            )
        elif q.kind == CHOICE:
            hint = _("press the number of your choice, or click it")
        else:
            hint = answer_hint(q)  # the question's form's own hint, else its kind's
            if q.kind == SEQUENCE:
                hint += _(" — or click the boxes and the dealer on the table; Backspace undoes")
        target = _("target {time}").format(time=format_seconds(SKILLS[q.skill].target * 1000))
        page = 1 if q.kind in (CHIPS, ANNOUNCED_CHIPS) else 2 if q.kind == CHOICE else 0
        self._hints[page].setText(f"{hint}   ·   {target}")

    def _painted(self) -> None:
        if self._held or self.question is None or self._waiting_next or self._clock.isValid():
            return
        self._clock.start()
        if self._timed:
            return  # the question said again after a switch: its clock goes on, nothing more
        self._timed = True
        self.questionShown.emit(self.question)
        # deal the next question while the trainee reads this one
        QTimer.singleShot(0, self._prefetch)

    def _prefetch(self) -> None:
        if self.drill is None:
            return
        ahead = self._ahead = self.drill.prefetch()
        if ahead is not None and ahead.table is not None:
            self.table.prepare(ahead.table)

    def _elapsed_ms(self) -> int:
        """The answer's time: since the question was first painted, the switches of language
        left out. Answered before the first paint reached us: counted from now, i.e. zero."""
        running = int(self._clock.elapsed()) if self._clock.isValid() else 0
        return self._banked_ms + running

    def _update_progress(self) -> None:
        d = self.drill
        if d is None:
            return
        n = d.position + (0 if self._waiting_next else 1)
        right = d.correct
        if not d.gives_feedback and d.count:
            # an exam tells nothing of the answers until its summary: not even how many are right
            text = _("question {number} / {count}").format(number=min(n, d.count), count=d.count)
        elif d.mode in (SPRINT, EXAM, REVIEW) and d.count:
            text = _("question {number} / {count}   ·   {right} right").format(
                number=min(n, d.count), count=d.count, right=right
            )
        else:
            text = _("question {number}   ·   {right} right").format(number=n, right=right)
        self.progress.setText(text)

    def _update_clock(self) -> None:
        d = self.drill
        if d is None:
            return
        if d.mode == SPRINT:
            self.countdown.setText(format_seconds(d.elapsed_ms()))  # a sprint's clock runs up
            return
        left = d.time_left_ms()
        if left is None:
            return
        if d.mode == EXAM:
            seconds = -(-left // 1000)  # whole seconds left, rounded up
            self.countdown.setText(
                _("{minutes}:{seconds} left").format(
                    minutes=seconds // 60, seconds=f"{seconds % 60:02d}"
                )
            )
            warn = left < 60_000
        else:
            self.countdown.setText(format_seconds(left))
            warn = left < 10_000
        colour = WRONG if warn else "palette(text)"
        self.countdown.setStyleSheet(f"color: {colour};")
        if left <= 0:
            self.end()

    # ------------------------------------------------------------------ answers
    def _box_clicked(self, number: int) -> None:
        if self.question is None or self.question.kind != SEQUENCE or self._waiting_next:
            return
        token = str(number)
        # a box with several hands: the n-th click on it names its n-th hand
        view = self.question.table
        if view is not None:
            box = view.box(number)
            if len(box.hands) > 1:
                said = self.line.text().split()
                k = sum(1 for t in said if t.split(".")[0] == token)
                if k < len(box.hands):
                    token = box.hands[k].label
        self._append_token(token)

    def _append_token(self, token: str) -> None:
        if self.question is None or self.question.kind != SEQUENCE or self._waiting_next:
            return
        text = self.line.text().strip()
        self.line.setText(f"{text} {token}".strip())
        self.line.setFocus()

    def _submit_line(self) -> None:
        if self._waiting_next:
            self._show_next()
            return
        self._submit(self.line.text())

    def _submit_chips(self) -> None:
        if self._waiting_next:
            self._show_next()
            return
        chips = self.tray.chips() if self.tray is not None else []
        raw = " ".join(money(c) for c in chips) or "0"
        q = self.question
        if q is None or q.kind != ANNOUNCED_CHIPS:
            self._submit(raw)
            return
        # "AMOUNT: CHIPS", the amount as typed: one not announced is the domain's to say
        said = self.announce.text().strip()
        self._submit(f"{said}: {raw}")
        if not self._waiting_next and self.question is q and not said:
            self.announce.setFocus()  # unread: the amount comes first

    def _submit(self, raw: str) -> None:
        d = self.drill
        if d is None or self.question is None or self._waiting_next:
            return
        ms = self._elapsed_ms()
        if not raw.strip():
            return
        self._confirm_end = False  # an answer goes on with the exam
        try:
            done = d.answer(raw, ms)
        except Unreadable as e:
            first = str(e)

            def said() -> str:  # the domain's sentence, said again after a switch of language
                why = d.why_unreadable(raw) if self.drill is d else None
                return f"<span style='color:{self._colour(NOTE)}'>{esc(why or first)}</span>"

            self._say(said)
            return
        except DrillOver:
            self.end()
            return
        self.last = done
        self._waiting_next = True
        if not d.gives_feedback:
            # an exam: no verdict, straight on to the next question (or to the summary)
            self.answeredSignal.emit(done)
            recorded = done.number
            if d.over:
                self._say(lambda: _("Answer {number} recorded.").format(number=recorded))
                QTimer.singleShot(0, self.end)
                return
            self._show_next()
            self._say(
                lambda: (
                    _("Answer {number} recorded.").format(number=recorded)
                    + "<br><small>"
                    + _("The verdicts come at the end of the exam.")
                    + "</small>"
                )
            )
            return
        # timed modes keep the rhythm: a right answer goes straight on
        straight_on = d.mode in (CHALLENGE, SPRINT) and done.verdict.correct
        if straight_on and not d.over:
            # The next question replaces the verdict before anything is painted: the verdict is
            # never on screen, so it is not laid out either, and the next question comes in this
            # same pass instead of after a paint of a page about to change.
            self.answeredSignal.emit(done)
            self._show_next()
            return
        self._show_verdict(done)
        self.answeredSignal.emit(done)
        if straight_on:
            QTimer.singleShot(0, self._show_next)  # the drill is over: this ends it
        if d.over:
            QTimer.singleShot(0 if d.mode == CHALLENGE else 900, self.end)

    def _colour(self, colour: str) -> str:
        """`colour` as it reads on the panel: darker or lighter until it stands 4.5:1."""
        window = self.feedback.palette().color(QPalette.ColorRole.Window)
        return readable(QColor(colour), window).name()

    def _show_verdict(self, done: Answered) -> None:
        v = done.verdict
        q = done.question
        if q.kind == CHOICE and v.given in q.choices:
            self.choices.show_verdict(q.choices.index(v.given), int(q.answer))
        # the answer as the drill keeps it: said again in the new words after a switch
        self._say(lambda: self._verdict_text(self.last or done))
        self._update_progress()
        if self.drill is not None and self.drill.mode in (CHALLENGE, SPRINT) and v.correct:
            return  # _submit goes straight on
        self.line.setFocus()

    def _verdict_text(self, done: Answered) -> str:
        v = done.verdict
        target = SKILLS[done.question.skill].target
        t = _("{time} (target {target})").format(
            time=format_seconds(done.response_ms), target=format_seconds(target * 1000)
        )
        following = "<br><small>" + _("Space or Enter: next") + "</small>"
        if v.correct:
            right = _("✓ Right")
            return (
                f"<span style='color:{self._colour(RIGHT)}'><b>{right}</b></span> — "
                f"{esc(v.expected)} · {t}{following}"
            )
        wrong = f"<span style='color:{self._colour(WRONG)}'><b>✗ {esc(v.expected)}</b></span>"
        # an answer of two parts (the amount announced, the chips): which part was right
        note = f"{esc(v.note)}<br>" if v.note else ""
        return (
            _("{expected} (you: {given})").format(expected=wrong, given=esc(v.given))
            + f" · {t}<br>"
            + note
            + linked(v.reason, done.question.skill, done.question.item)
            + following
        )

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if self._waiting_next and event.key() in (
            Qt.Key.Key_Space,
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
        ):
            self._show_next()
            return
        super().keyPressEvent(event)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.inputs:
            if (
                event.type() == QEvent.Type.Resize
                and event.size().width() != event.oldSize().width()
            ):
                self._fit_inputs()  # the hint's words wrap anew at the new width
            return False
        # Space or Enter goes on after a verdict, wherever the focus is
        if event.type() != QEvent.Type.KeyPress:
            return False
        key = cast(QKeyEvent, event).key()
        if self._waiting_next:
            if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self._show_next()
                return True
            return key != Qt.Key.Key_Escape  # nothing to type until the next one
        if obj is self.line and self._burn_key(cast(QKeyEvent, event)):
            return True
        if obj is self.announce and key in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Tab,
        ):
            if self.tray is not None:
                self.tray.setFocus(Qt.FocusReason.TabFocusReason)  # the chips come next
            return True
        if obj is self.tray and key == Qt.Key.Key_Backtab and self.announce_row.isVisible():
            self.announce.setFocus(Qt.FocusReason.BacktabFocusReason)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # submit here and swallow the key, so it cannot travel on and skip the verdict
            if obj is self.line:
                self._submit_line()
                return True
            if obj is self.tray:
                self._submit_chips()
                return True
        return False

    def _burn_key(self, event: QKeyEvent) -> bool:
        """B in the answer line of an exposed card does what the "Burn it (B)" button does. A
        trainee who goes on spelling the word ("burn") types nothing twice; one who meant
        another word ("brûlée", "bruciata") gets back the letters typed."""
        q = self.question
        if q is None or q.skill != "exposed-card" or event.modifiers() & ~SHIFT:
            self._burn_rest = ""
            return False
        text = event.text().lower()
        if self._burn_rest:
            if text == self._burn_rest[0]:
                self._burn_rest = self._burn_rest[1:]
                return True
            typed = "burn"[: len("burn") - len(self._burn_rest)]
            line = self.line.text()
            if line.endswith("burn"):
                self.line.setText(line[: -len("burn")] + typed)
            self._burn_rest = ""
            return False
        said = self.line.text()
        if text == "b" and (not said.strip() or said[-1] == " " or said[-1].isdigit()):
            self._append_token("burn")
            self._burn_rest = "urn"
            return True
        return False

    def request_end(self) -> None:
        """Esc or the End button: ends the drill; an exam only at the second asking."""
        d = self.drill
        if d is None:
            return
        if d.mode == EXAM and not d.over and not self._confirm_end:
            self._confirm_end = True
            answered, count = d.position, d.count
            self._say(
                lambda: (
                    f"<span style='color:{self._colour(NOTE)}'>"
                    + _(
                        "<b>End the exam now?</b> It would be marked incomplete: {answered} of "
                        "{count} answered, and not passed."
                    ).format(answered=answered, count=count)
                    + "</span><br><small>"
                    + _("Esc again ends it; answering goes on with the exam.")
                    + "</small>"
                )
            )
            return
        self.end()

    def end(self) -> None:
        d = self.drill
        if d is None:
            return
        self._tick.stop()
        self.drill = None
        self.question = None
        summary = d.finish()
        self.finished.emit((d, summary))
