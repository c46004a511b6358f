"""Deal mode at the table: the trainee deals a whole shoe, step by step, from the keyboard or the
mouse — each card sent to its box (click it, or its number key; D for the dealer), every point
announced, the players' decisions carried out or refused, busts collected at once, the dealer's
draw, each hand settled right to left — and sees the shoe's figures at the end.

`trainer.practice.deal.DealShoe` knows every right step and judges; this page draws the table as
it stands before each step, hands back what the trainee did and how long it took
(`QElapsedTimer`, monotonic), and shows the verdict. A dealt card slides from the shoe to its
place in a short animation that never holds up the next input (off in the settings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QEasingCurve,
    QElapsedTimer,
    QPointF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.game.payout import money
from trainer.game.round import DEALER
from trainer.game.rules import HouseRules
from trainer.history.store import StoreError
from trainer.practice.answers import Unreadable
from trainer.practice.deal import (
    EXAM,
    INCIDENT_RATES,
    MAX_SEED,
    MODES,
    PRACTICE,
    DealShoe,
    StepVerdict,
    reference_rounds_per_hour,
)
from trainer.practice.deal_steps import (
    ACTION,
    AMOUNT,
    BURN,
    COLLECT,
    DOUBLE,
    DRAW,
    INSURANCE,
    KINDS,
    PHASES,
    PLACE,
    PUSH,
    REFUSE,
    REVEAL,
    SPLIT,
    STAND,
    WORDS,
)
from ui.drill_page import _PaintWatch
from ui.page_keys import page_keys
from ui.style import emphasise
from ui.table_scene import SHOE_RECT, TableWidget

if TYPE_CHECKING:
    from trainer.history.store import Store

RIGHT = "#2e9d4f"
WRONG = "#c8412f"
ANIMATION_MS = 120  # a card's slide from the shoe: under 150 ms, and never waited for

# The action keys: one key a decision, the same in every phase (shown on the buttons).
ACTION_KEYS: dict[str, tuple[str, str]] = {
    DRAW: ("H", "Draw (H)"),
    STAND: ("S", "Stand (S)"),
    DOUBLE: ("X", "Take the double (X)"),
    SPLIT: ("P", "Split the stacks (P)"),
    REFUSE: ("R", "Refuse (R)"),
    REVEAL: ("T", "Turn the hole card (T)"),
    BURN: ("B", "Burn it (B)"),
    INSURANCE: ("I", "Offer insurance (I)"),
}
AMOUNT_KEYS: dict[str, tuple[str, str]] = {
    COLLECT: ("C", "Collect (C)"),
    PUSH: ("E", "Push — égalité (E)"),
}
HOW = {
    PLACE: "Send the card: click its box, or press 1–7 (D for the dealer).",
    WORDS: 'Type the point and press Enter: "14", "6 or 16", "Black Jack", "bust".',
    AMOUNT: "Type the payment and press Enter, or C to collect, E for a push.",
    ACTION: "Press the key of what the dealer does.",
}


class SetupPanel(QWidget):
    """How many boxes, practice or exam, incidents, a timed shift, an instructor's seed."""

    start = Signal(dict)

    def __init__(self, rules: HouseRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Deal a shoe")
        emphasise(title, 1.6, bold=True)
        intro = QLabel(
            "The table's real test: whole rounds from the shuffle to the cut card. Send each card "
            "to its box, announce every point, carry out or refuse what the players say, collect "
            "a bust at once, draw or stand, and settle from your right to your left. In practice "
            "an error stops the round until you do it right; an exam says nothing until the shoe "
            "ends. Every step is timed and kept in your history."
        )
        intro.setWordWrap(True)
        self.boxes = QSpinBox()
        self.mode = QComboBox()
        for m in MODES:
            self.mode.addItem(
                "Practice — stop at each error" if m == PRACTICE else "Exam — no feedback", m
            )
        self.incidents = QComboBox()
        for rate in INCIDENT_RATES:
            self.incidents.addItem(rate, rate)
        self.shift = QComboBox()
        for text, minutes in (("one shoe", None), ("15 minutes", 15), ("30 minutes", 30)):
            self.shift.addItem(text, minutes)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("any — an instructor's seed gives everyone the same shoe")
        form = QFormLayout()
        form.addRow("Boxes in play:", self.boxes)
        form.addRow("Mode:", self.mode)
        form.addRow("Incidents:", self.incidents)
        form.addRow("Length:", self.shift)
        form.addRow("Seed:", self.seed)
        self.message = QLabel()
        self.message.setStyleSheet(f"color: {WRONG}")
        self.message.setWordWrap(True)
        go = QPushButton("Shuffle and deal (Enter)")
        go.clicked.connect(self.submit)
        box = QVBoxLayout(self)
        box.addWidget(title)
        box.addWidget(intro)
        box.addLayout(form)
        box.addWidget(self.message)
        box.addWidget(go, alignment=Qt.AlignmentFlag.AlignLeft)
        box.addStretch(1)
        self.set_rules(rules)

    def set_rules(self, rules: HouseRules) -> None:
        self.boxes.setRange(1, rules.boxes)
        self.boxes.setValue(rules.boxes)

    def submit(self) -> None:
        text = self.seed.text().strip()
        seed = None
        if text:
            if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_SEED:
                self.message.setText(f"A seed is a whole number from 0 to {MAX_SEED}.")
                return
            seed = int(text)
        self.message.clear()
        self.start.emit(
            {
                "boxes": self.boxes.value(),
                "mode": self.mode.currentData(),
                "incidents": self.incidents.currentData(),
                "shift_minutes": self.shift.currentData(),
                "seed": seed,
            }
        )


class DealPage(QWidget):
    """A shoe dealt at the table. Emits `finished` when the trainee leaves."""

    finished = Signal()
    stepShown = Signal(object)  # noqa: N815  the step now asked, once its table is painted
    answered = Signal(object)  # StepVerdict — for tests and the benchmark

    def __init__(
        self,
        rules: HouseRules,
        store: Store | None = None,
        profile: str = "default",
        *,
        currency: str = "€",
        animate: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.rules = rules
        self._store = store
        self._profile = profile
        self.currency = currency
        self.animate = animate
        self.shoe: DealShoe | None = None
        self._clock = QElapsedTimer()
        self._anim: QVariantAnimation | None = None

        self.setup = SetupPanel(rules)
        self.setup.start.connect(self.begin)

        # the play: the felt, and beside it what to do now
        self.table = TableWidget()
        self._watch = _PaintWatch(self._painted)
        self.table.viewport().installEventFilter(self._watch)
        scene = self.table.table_scene()
        scene.boxClicked.connect(lambda n: self._give(str(n), PLACE))
        scene.dealerClicked.connect(lambda: self._give(DEALER, PLACE))
        self.status = QLabel()
        self.says = QLabel()
        emphasise(self.says, 1.6, bold=True)
        self.says.setWordWrap(True)
        # a line kept for the player's words even when none are said: the panel never jumps
        self.says.setMinimumHeight(self.says.fontMetrics().lineSpacing() + 4)
        self.prompt = QLabel()
        emphasise(self.prompt, 1.25, bold=True)
        self.prompt.setWordWrap(True)
        self.how = QLabel()
        self.how.setWordWrap(True)
        self.entry = QLineEdit()
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, (word, (_, label)) in enumerate({**ACTION_KEYS, **AMOUNT_KEYS}.items()):
            b = QPushButton(label)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(lambda _=False, w=word: self._give(w, None))
            self.buttons[word] = b
            grid.addWidget(b, i // 2, i % 2)
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        end = QPushButton("End the shoe (Esc)")
        end.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        end.clicked.connect(self.end_shoe)
        side = QVBoxLayout()
        side.addWidget(self.status)
        side.addSpacing(8)
        side.addWidget(self.says)
        side.addWidget(self.prompt)
        side.addWidget(self.how)
        side.addWidget(self.entry)
        side.addLayout(grid)
        side.addWidget(self.feedback)
        side.addStretch(1)
        side.addWidget(end)
        right = QWidget()
        right.setLayout(side)
        right.setMinimumWidth(250)
        right.setMaximumWidth(380)
        play = QWidget()
        lay = QHBoxLayout(play)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.table, 1)
        lay.addWidget(right)
        self._play = play

        # the end of the shoe
        self.report = QLabel()
        self.report.setWordWrap(True)
        self.report.setTextFormat(Qt.TextFormat.RichText)
        self.report.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        again = QPushButton("Deal another shoe (Enter)")
        again.clicked.connect(self.new_shoe)
        leave = QPushButton("Home (Esc)")
        leave.clicked.connect(self.finished)
        end_page = QWidget()
        e = QVBoxLayout(end_page)
        e.addWidget(self.report, 1)
        row = QHBoxLayout()
        row.addWidget(again)
        row.addWidget(leave)
        row.addStretch(1)
        e.addLayout(row)
        self._end = end_page

        self.stack = QStackedWidget()
        for w in (self.setup, play, end_page):
            self.stack.addWidget(w)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.stack)

        page_keys(self, self._escape, self._enter)
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._show_status)

    # -- the flow --------------------------------------------------------------------------

    def new_shoe(self, rules: HouseRules | None = None, profile: str | None = None) -> None:
        if rules is not None:
            self.rules = rules
            self.setup.set_rules(rules)
        if profile is not None:
            self._profile = profile
        self.stack.setCurrentWidget(self.setup)
        self.setup.boxes.setFocus()

    def begin(self, options: dict[str, Any]) -> None:
        try:
            self.shoe = DealShoe(
                self.rules,
                store=self._store,
                profile=self._profile,
                currency=self.currency,
                **options,
            )
        except StoreError as e:  # the history cannot be written: no shoe starts, and why
            self.setup.message.setText(str(e))
            return
        except ValueError as e:
            self.setup.message.setText(str(e)[0].upper() + str(e)[1:] + ".")
            return
        self.stack.setCurrentWidget(self._play)
        self._ticker.start()
        self._next_round()

    def _next_round(self) -> None:
        shoe = self.shoe
        assert shoe is not None
        if shoe.shoe_over:
            self.end_shoe()
            return
        shoe.next_round()
        self._ask(previous=None)

    def _ask(self, previous: Any) -> None:
        shoe = self.shoe
        assert shoe is not None
        s = shoe.step
        if s is None:
            self._next_round()
            return
        self._finish_animation()
        self.table.show_table(s.view)
        if self.animate and previous is not None:
            self._slide_in(previous)
        # Nothing of the panel is shown or hidden from step to step, only relabelled or
        # enabled: showing a widget lays out the whole window there and then (~6 ms a button,
        # 40-50 ms for the row of actions), an enabled state is one repaint.
        self.says.setText(f"\u201c{s.says}\u201d" if s.says else "")
        self.prompt.setText(s.prompt)
        self.how.setText(HOW[s.ask])
        typed = s.ask in (WORDS, AMOUNT)
        if typed:
            self.entry.setEnabled(True)
            self.entry.clear()
            self.entry.setFocus()
        else:
            self.table.setFocus()
            self.entry.clear()
            self.entry.setEnabled(False)
        for word, b in self.buttons.items():
            b.setEnabled(
                (s.ask == ACTION and word in ACTION_KEYS)
                or (s.ask == AMOUNT and word in AMOUNT_KEYS)
            )
        self._show_status()
        self._watch.arm()
        self._clock.start()

    def _painted(self) -> None:
        """The step's table is on screen: say so, and draw the next step's table ahead while the
        trainee acts (`TableWidget.prepare`: shown in one blit when its turn comes)."""
        shoe = self.shoe
        if shoe is None or shoe.step is None:
            return
        self.stepShown.emit(shoe.step)
        # while a card slides the table is painted item by item, but the next step's picture
        # can be drawn already: it is used only once its table is shown
        self._prepare_following()

    def _prepare_following(self) -> None:
        """Draw the table of the step after this one; at a round's last step, play the next
        round now (`DealShoe.prepare_next`) and draw its first table: a new round then costs
        the trainee no more than any other step."""
        shoe = self.shoe
        if shoe is None:
            return
        following = shoe.position + 1
        if following < len(shoe.steps):
            self.table.prepare(shoe.steps[following].view)
        elif following == len(shoe.steps):
            steps = shoe.prepare_next()
            if steps:
                self.table.prepare(steps[0].view)

    def _show_status(self) -> None:
        shoe = self.shoe
        if shoe is None:
            return
        f = shoe.figures
        seconds = shoe.elapsed_ms() // 1000
        clock = f"{seconds // 60}:{seconds % 60:02d}"
        if shoe.shift_minutes is not None:
            left = max(0, shoe.shift_minutes * 60 - seconds)
            clock = f"{left // 60}:{left % 60:02d} left"
        mode = "exam" if shoe.mode == EXAM else "practice"
        errors = "" if shoe.mode == EXAM else f" · {f.error_count} errors"
        self.status.setText(f"Round {f.rounds} · {mode} · {clock}{errors}")

    # -- what the trainee does -------------------------------------------------------------

    def keyPressEvent(self, event) -> None:  # noqa: N802
        s = self.shoe.step if self.shoe is not None else None
        if s is None or self.stack.currentWidget() is not self._play:
            super().keyPressEvent(event)
            return
        text = event.text().upper()
        if s.ask == PLACE and text and (text.isdigit() or text == "D"):
            self._give(DEALER if text == "D" else text, PLACE)
            return
        keys = ACTION_KEYS if s.ask == ACTION else AMOUNT_KEYS if s.ask == AMOUNT else {}
        for word, (key, _) in keys.items():
            if text == key:
                self._give(word, None)
                return
        super().keyPressEvent(event)

    def _typed(self) -> None:
        text = self.entry.text()
        s = self.shoe.step if self.shoe is not None else None
        if s is None:
            return
        if s.ask == AMOUNT and text.strip().upper() in ("C", "E"):
            text = COLLECT if text.strip().upper() == "C" else PUSH
        self._give(text, None)

    def _give(self, text: str, ask: str | None) -> None:
        shoe = self.shoe
        if shoe is None or self.stack.currentWidget() is not self._play:
            return
        s = shoe.step
        if s is None or (ask is not None and s.ask != ask):
            return
        ms = int(self._clock.elapsed()) if self._clock.isValid() else 0
        try:
            v = shoe.answer(text, ms)
        except Unreadable as e:
            self.feedback.setText(f"<span style='color:{WRONG}'>? {e}</span>")
            self.entry.selectAll()
            return
        self._verdict(v)
        self.answered.emit(v)
        self._ask(previous=v.step if v.correct or not v.again else None)

    def _verdict(self, v: StepVerdict) -> None:
        shoe = self.shoe
        assert shoe is not None
        if shoe.mode == EXAM:
            self.feedback.setText("recorded")
            return
        if v.correct:
            extra = ""
            taken = v.step.data.get("taken")
            if taken is not None:
                who = "the dealer" if v.step.expected == DEALER else f"box {v.step.expected}"
                extra = f" — {who} {'takes it' if taken else 'refuses it'}"
            self.feedback.setText(f"<span style='color:{RIGHT}'>✓{extra}</span>")
            return
        self.feedback.setText(
            f"<span style='color:{WRONG}'>✗ The right step: <b>{v.expected}</b> — {v.reason}."
            " Do it again.</span>"
        )

    # -- the card's slide ------------------------------------------------------------------

    def _slide_in(self, previous: Any) -> None:
        """The card just dealt slides from the shoe to its place (never waited for)."""
        if previous.ask != PLACE or previous.hand is None or "card" not in previous.data:
            return
        label = DEALER if previous.expected == DEALER else previous.hand
        cards = self.table.table_scene().hand_cards.get(label)
        if not cards:
            return
        item = cards[-1]
        end = item.pos()
        start = item.mapFromScene(SHOE_RECT.center()) + end - QPointF(40, 60)
        anim = QVariantAnimation(self)
        anim.setDuration(ANIMATION_MS)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(item.setPos)
        self._anim = anim
        # the prepared picture holds the card at its place: paint item by item while it slides
        self.table.forget_prepared()
        anim.start()

    def _finish_animation(self) -> None:
        anim = self._anim
        if anim is not None and anim.state() == QVariantAnimation.State.Running:
            anim.setCurrentTime(anim.duration())
            anim.stop()
        self._anim = None

    # -- the end ---------------------------------------------------------------------------

    def end_shoe(self) -> None:
        shoe = self.shoe
        if shoe is None:
            self.finished.emit()
            return
        self._finish_animation()
        self._ticker.stop()
        cut = shoe.shoe_over
        f = shoe.finish()
        rate = f.rounds_per_hour()
        ref = reference_rounds_per_hour(shoe.boxes)
        pace = (
            f"<b>{rate:.0f}</b> rounds an hour — a school's reference at {shoe.boxes} boxes is "
            f"about {ref:.0f}"
            if rate is not None
            else "no round dealt"
        )
        by_kind = "".join(
            f"<tr><td>{k}</td><td align='right'>{f.errors[k]}</td>"
            f"<td align='right'>{f.steps_by_kind[k]}</td></tr>"
            for k in KINDS
        )
        phases = " · ".join(f"{p} {f.phase_ms[p] / 1000:.0f} s" for p in PHASES)
        mistakes = ""
        if shoe.mode == EXAM:
            wrong = [v for v in shoe.verdicts if not v.correct]
            rows = "".join(
                f"<li>{v.step.prompt}: you did <i>{v.given}</i>, right: <b>{v.expected}</b>"
                f" — {v.step.rule}</li>"
                for v in wrong[:30]
            )
            more = f"<p>…and {len(wrong) - 30} more.</p>" if len(wrong) > 30 else ""
            mistakes = f"<h3>Your errors</h3><ul>{rows}</ul>{more}" if wrong else ""
        self.report.setText(
            f"<h2>{'The shoe is over' if cut else 'The shoe ended early'}</h2>"
            f"<p>{f.rounds} rounds, {f.steps} dealer steps, {pace}.</p>"
            f"<p><b>{f.error_count}</b> errors — {f.per_100():.1f} per 100 steps.</p>"
            f"<table cellspacing='6'><tr><th align='left'>kind</th><th>errors</th>"
            f"<th>steps</th></tr>{by_kind}</table>"
            f"<p>Money paid wrongly: {self.currency}{money(f.over)} over, "
            f"{self.currency}{money(f.under)} under.</p>"
            f"<p>Time by phase: {phases}.</p>{mistakes}"
        )
        self.shoe = None
        self.stack.setCurrentWidget(self._end)

    def _escape(self) -> None:
        if self.stack.currentWidget() is self._play:
            self.end_shoe()
        else:
            self.finished.emit()

    def _enter(self) -> None:
        current = self.stack.currentWidget()
        if current is self.setup:
            self.setup.submit()
        elif current is self._end:
            self.new_shoe()
        elif self.entry.isVisible() and self.entry.hasFocus():
            self._typed()
