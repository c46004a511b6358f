"""Deal mode at the table: the trainee deals a whole shoe, step by step, from the keyboard or the
mouse — each card sent to its box (click it, or its number key; D for the dealer), every point
announced, the players' decisions carried out or refused, busts collected at once, the dealer's
draw, each hand settled right to left — and sees the shoe's figures at the end.

`trainer.practice.deal.DealShoe` knows every right step and judges; this page draws the table as
it stands before each step, hands back what the trainee did and how long it took
(`QElapsedTimer`, monotonic), and shows the verdict. A dealt card slides from the shoe to its
place in a short animation that never holds up the next input (off in the settings).

One page, with the form that sets its shoe up (`SetupPanel`) beside it: long for the many steps
a dealer takes, not for unrelated parts.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QEasingCurve,
    QElapsedTimer,
    QEvent,
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
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from trainer.game.payout import FEWEST, chip_breakdown
from trainer.game.round import DEALER
from trainer.game.rules import HouseRules
from trainer.history.store import StoreError
from trainer.i18n import format_amount, language
from trainer.practice.answers import Unreadable
from trainer.practice.deal import (
    EXAM,
    INCIDENT_RATES,
    MAX_SEED,
    MODES,
    PRACTICE,
    RARE,
    DealShoe,
    StepVerdict,
    dealt_before,
    reference_rounds_per_hour,
    verdict_again,
)
from trainer.practice.deal_steps import (
    ACTION,
    AMOUNT,
    ANNOUNCE,
    BURN,
    COLLECT,
    DEAL,
    DEAL_CARD,
    DEALER_PHASE,
    DOUBLE,
    DRAW,
    INSURANCE,
    K_ANNOUNCE,
    K_DEAL,
    K_ORDER,
    K_PAY,
    K_PROCEDURE,
    KINDS,
    MOVE_ACTIONS,
    PAY,
    PHASES,
    PLACE,
    PLAY,
    PUSH,
    REFUSE,
    REVEAL,
    SETTLE,
    SPLIT,
    STAND,
    WORDS,
    move_of,
)
from trainer.practice.deal_words import say_move
from ui.i18n import N_, _, ngettext, pgettext
from ui.language import quoted
from ui.pages.drill import INSURANCE_LEGEND, _PaintWatch
from ui.pages.form_card import SUMMARY_WIDTH, CardText, form_card
from ui.pages.keys import staged_page
from ui.style import emphasise, esc
from ui.table.chip_tray import ChipTray
from ui.table.scene import TableScene
from ui.table.widget import TableWidget

if TYPE_CHECKING:
    from trainer.history.store import Store

RIGHT = "#2e9d4f"
SHIFT = Qt.KeyboardModifier.ShiftModifier
WRONG = "#c8412f"
ANIMATION_MS = 120  # a card's slide from the shoe: under 150 ms, and never waited for

# What each action of the dealer is called on its button and in the keyboard shortcuts.
ACTION_WORDS: dict[str, str] = {
    DEAL_CARD: N_("Deal a card"),
    ANNOUNCE: N_("Announce"),
    DRAW: N_("Draw"),
    STAND: N_("Stand"),
    DOUBLE: N_("Take the double"),
    SPLIT: N_("Split the stacks"),
    REFUSE: N_("Refuse"),
    REVEAL: N_("Turn the hole card"),
    BURN: N_("Burn it"),
    INSURANCE: N_("Offer insurance"),
    COLLECT: N_("Collect"),
    PAY: N_("Pay"),
    PUSH: N_("Push — égalité"),
}
# Guided, the keys: one key a decision, the same in every phase (shown on the buttons); the keys
# stay the same in every language: a trainee's hands learn them once. Each does its action at
# once, wherever the focus is (`DealPage._step_key`).
ACTION_KEYS: dict[str, tuple[str, str]] = {
    w: (key, ACTION_WORDS[w])
    for w, key in (
        (DRAW, "H"), (STAND, "S"), (DOUBLE, "X"), (SPLIT, "P"), (REFUSE, "R"), (REVEAL, "T"),
        (BURN, "B"), (INSURANCE, "I"),
    )
}  # fmt: skip
# a payment step's keys: C and E act at once as the answer's first key (an amount never
# begins with a letter); after a figure they are typed ("15 eur", "7 centimes")
AMOUNT_KEYS: dict[str, tuple[str, str]] = {
    COLLECT: ("C", N_("collect, as a payment's first key")),
    PUSH: ("E", N_("push, as a payment's first key")),
}
PLACE_KEYS = "1234567"  # guided, the box a card goes to; D the dealer
DEALER_KEY = "D"
# On one's own: the buttons name the action, done at the place named in the answer field (a box
# clicked, or typed); the letters are typed in the field after the place ("6 c", "3 p 15") and
# act with Enter: letters there are words of the move, never keys (`trainer.practice.deal_words`
# reads them: `_SHORTHANDS`, `_MOVE_SHORTHANDS`).
OWN_LETTERS: dict[str, str] = {
    ANNOUNCE: "a", DRAW: "h", STAND: "s", DOUBLE: "x", SPLIT: "sp", REFUSE: "r", BURN: "b",
    REVEAL: "t", INSURANCE: "i", COLLECT: "c", PAY: "p", PUSH: "e",
}  # fmt: skip

# Each step's hint says that step: how it is answered, and only the keys it takes.
HOW = {
    PLACE: N_("Send the card: click its box, or press 1–7 (D for the dealer)."),
    WORDS: N_('Type the point and press Enter: "14", "6 or 16", "Black Jack", "bust".'),
    AMOUNT: N_("Type the payment and press Enter, or C to collect, E for a push."),
    ACTION: N_("Press the key of what the dealer does."),
}
# [000][003] the insurance put up is taken as an amount; an insurance is paid 2 to 1 or lost,
# never a push
HOW_TAKE = N_("Type the insurance the bettor puts up and press Enter.")
HOW_INSURANCE = N_("Type what the insurance is paid and press Enter, or C to collect it.")
HOW_OWN = N_(
    'Name the place, then what you do, and press Enter: "6 c" collects box 6, "3 p 15" pays '
    'box 3, "4.2 14" announces, "d h" draws, "i" offers insurance, "b" burns; a box alone deals '
    "it a card. Or click a box (D the dealer), then an action; pay from the tray."
)
ESC_AGAIN = N_("<b>End the shoe now?</b> Esc again ends it; any step goes on with the shoe.")
# a payment the trainee may also make from the chip tray
HOW_PAY = N_(
    "Type the payment and press Enter, or pay it from the chip tray below (click the chips, or "
    "Tab to the tray and press 1–{last}; Enter pays). C to collect, E for a push."
)
HOW_PAY_INSURANCE = N_(
    "Type what the insurance is paid and press Enter, or pay it from the chip tray below (click "
    "the chips, or Tab to the tray and press 1–{last}; Enter pays). C to collect it."
)
# the payment steps whose hint is their own, and the keys each takes (`amount_keys`)
_TAKE, _INSURANCE_SETTLED = "pay:insure", ("pay:insurance-paid", "pay:insurance-collected")

# Deal mode's keys as Help ▸ Keyboard shortcuts lists them (ui.dialogs.help), made from the
# tables above that the page reads: guided, and on one's own.
KEYS: tuple[tuple[str, str], ...] = (
    ("1 – 7", N_("send the card to its box (or click the box)")),
    (DEALER_KEY, N_("send the card to the dealer (or click him)")),
    *ACTION_KEYS.values(),
    *AMOUNT_KEYS.values(),
    ("Enter", N_("give the point or the payment typed")),
    ("Tab", N_("to the chip tray, for a payment")),
    ("Esc", N_("end the shoe (twice); before or after a shoe, home")),
)
OWN_KEYS: tuple[tuple[str, str], ...] = (
    ("1 – 7, d", N_("first the place: a box, or d the dealer; a box alone deals it a card")),
    *((letters, ACTION_WORDS[w]) for w, letters in OWN_LETTERS.items()),
    ("Enter", N_("do the move typed")),
    ("Esc", N_("end the shoe (twice); before or after a shoe, home")),
)
TRAY_CHIP = 36  # the tray's chip buttons, in pixels: the table's chips in the panel's width
SHIFTS = ((N_("one shoe"), None), (N_("15 minutes"), 15), (N_("30 minutes"), 30))
INTRO = N_(
    "The table's real test: whole rounds from the shuffle to the cut card. Send each card to its "
    "box, announce every point, carry out or refuse what the players say, collect a bust at "
    "once, draw or stand, and settle from your right to your left. In practice an error stops "
    "the round until you do it right; an exam says nothing until the shoe ends. Every step is "
    "timed and kept in your history."
)


# the kinds of error and the phases of a round, as the shoe's report names them
KIND_NAMES = {
    K_DEAL: N_("dealing"),
    K_ANNOUNCE: N_("announcing"),
    K_PAY: N_("paying"),
    K_PROCEDURE: N_("procedure"),
    K_ORDER: N_("order"),
}
PHASE_NAMES = {
    DEAL: N_("the deal"),
    PLAY: N_("the players' turns"),
    DEALER_PHASE: N_("the dealer's hand"),
    SETTLE: N_("settling"),
}


def incidents_words(rate: str) -> str:
    """How often incidents come, as the set-up form offers it: "Rare — about one round in 12"."""
    share = INCIDENT_RATES[rate]
    if not share:
        return pgettext("incidents", "None")
    text = pgettext("incidents", "Rare") if rate == RARE else pgettext("incidents", "Frequent")
    return _("{how} — about one round in {count}").format(how=text, count=round(1 / share))


class SetupPanel(QWidget):
    """How many boxes, practice or exam, incidents, a timed shift, an instructor's seed."""

    start = Signal(dict)

    def __init__(self, rules: HouseRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel()
        emphasise(title, 1.6, bold=True)
        intro = QLabel()
        intro.setWordWrap(True)
        self._title, self._intro = title, intro
        self.boxes = QSpinBox()
        self.mode = QComboBox()
        for m in MODES:
            self.mode.addItem("", m)
        self.incidents = QComboBox()
        for rate in INCIDENT_RATES:
            self.incidents.addItem("", rate)  # its words in `retranslate`
        self.shift = QComboBox()
        for _text, minutes in SHIFTS:
            self.shift.addItem("", minutes)
        self.seed = QLineEdit()
        # guided (each step named, for a first week) or on your own; an exam and a shift are
        # always on one's own
        self.guidance = QComboBox()
        self.guidance.addItem("", True)
        self.guidance.addItem("", False)
        self._guided_choice = False  # the trainee's choice, kept while an exam is chosen
        self.guidance.activated.connect(self._chose_guidance)
        self.mode.currentIndexChanged.connect(self._guidance_allowed)
        self.shift.currentIndexChanged.connect(self._guidance_allowed)
        form = QFormLayout()
        self._labels = [QLabel() for _i in range(6)]
        for label, field in zip(
            self._labels,
            (self.boxes, self.mode, self.guidance, self.incidents, self.shift, self.seed),
            strict=True,
        ):
            form.addRow(label, field)
        self.message = QLabel()
        self.message.setStyleSheet(f"color: {WRONG}")
        self.message.setWordWrap(True)
        go = QPushButton()
        go.clicked.connect(self.submit)
        self._go = go
        go.setDefault(True)
        self.retranslate()
        self.card = form_card(self, (title, intro, form, self.message), go)
        self.set_rules(rules)

    def retranslate(self) -> None:
        self._title.setText(_("Deal a shoe"))
        self._intro.setText(_(INTRO))
        for i, m in enumerate(MODES):
            self.mode.setItemText(
                i, _("Practice — stop at each error") if m == PRACTICE else _("Exam — no feedback")
            )
        for i, (text, _minutes) in enumerate(SHIFTS):
            self.shift.setItemText(i, _(text))
        for i in range(self.incidents.count()):
            self.incidents.setItemText(i, incidents_words(self.incidents.itemData(i)))
        self.seed.setPlaceholderText(_("any — an instructor's seed gives everyone the same shoe"))
        self.guidance.setItemText(0, _("Guided — each step named (a first week)"))
        self.guidance.setItemText(1, _("On your own — you choose where and what"))
        words = (
            _("Boxes in play:"), _("Mode:"), _("Steps:"), _("Incidents:"), _("Length:"),
            _("Seed:"),
        )  # fmt: skip
        for label, text in zip(self._labels, words, strict=True):
            label.setText(text)
        self._go.setText(_("Shuffle and deal (Enter)"))

    def set_rules(self, rules: HouseRules) -> None:
        self.boxes.setRange(1, rules.boxes)
        self.boxes.setValue(rules.boxes)

    def set_guided(self, guided: bool) -> None:
        """The default: guided for a trainee's first shoe, on his own once one is dealt."""
        self._guided_choice = guided
        self._guidance_allowed()

    def _chose_guidance(self, index: int) -> None:
        self._guided_choice = bool(self.guidance.itemData(index))

    def _guidance_allowed(self) -> None:
        own = self.mode.currentData() == EXAM or self.shift.currentData() is not None
        self.guidance.setEnabled(not own)
        self.guidance.setCurrentIndex(1 if own or not self._guided_choice else 0)

    def submit(self) -> None:
        text = self.seed.text().strip()
        seed = None
        if text:
            if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_SEED:
                self.message.setText(
                    _("A seed is a whole number from 0 to {most}.").format(most=MAX_SEED)
                )
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
                "guided": bool(self.guidance.currentData()) and self.guidance.isEnabled(),
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
        chip_payment: str = FEWEST,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.rules = rules
        self.chip_payment = chip_payment  # how a payment from the tray is made up
        self._store = store
        self._profile = profile
        self.currency = currency
        self.animate = animate
        self.shoe: DealShoe | None = None
        self._clock = QElapsedTimer()
        self._banked_ms = 0  # the step's time before its clock was held (a switch of language)
        self._shown_verdict: StepVerdict | None = None  # the verdict the feedback says
        self._anim: QVariantAnimation | None = None

        self.setup = SetupPanel(rules)
        self.setup.start.connect(self.begin)

        # the play: the felt, and beside it what to do now
        # the felt as the drill's: each stake in the table's chips (the bet is read from them,
        # issue 24) and the insurance line's words
        self.table = TableWidget(
            TableScene(breakdown=self._breakdown, legend=_(INSURANCE_LEGEND)), self
        )
        # a click on the felt never takes the focus: what is typed next still reaches the
        # answer field (a box or the dealer clicked is a place: `_clicked`)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._watch = _PaintWatch(self._painted)
        self.table.viewport().installEventFilter(self._watch)
        scene = self.table.table_scene()
        scene.boxClicked.connect(lambda n: self._clicked(str(n)))
        scene.dealerClicked.connect(lambda: self._clicked(DEALER))
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
        self.entry.installEventFilter(self)
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        # guided, the keys of the step asked; on one's own, every action (MOVE_ACTIONS' order)
        words = [*MOVE_ACTIONS]
        for i, word in enumerate(words):
            b = QPushButton()
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(lambda _=False, w=word: self._button(w))
            self.buttons[word] = b
            grid.addWidget(b, i // 2, i % 2)
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        end = QPushButton()
        self._end_button = end
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
        # the chip tray for the payments, in the panel: under the felt it would take the height
        # the felt needs at 1024 x 600. Made for the table's chips when a shoe begins, there all
        # the shoe long, enabled for a payment as the buttons are
        self.tray: ChipTray | None = None
        self._tray_box = QVBoxLayout()
        self._tray_box.setContentsMargins(0, 4, 0, 0)
        side.addLayout(self._tray_box)
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
        emphasise(self.report, 1.15)  # as a drill's summary reads
        again = QPushButton()
        again.clicked.connect(self.new_shoe)
        leave = QPushButton()
        self._again_button, self._leave_button = again, leave
        leave.clicked.connect(self.finished)
        # a card read at once, its buttons at its foot; an exam's errors scroll inside it
        end_page = QWidget()
        self._report_text_box = CardText(self.report)
        self.report_card = form_card(
            end_page, (self._report_text_box,), (leave, again), width=SUMMARY_WIDTH
        )
        self._end = end_page

        self.stack = staged_page(
            self,
            (self.setup, play, end_page),
            leave=self.finished.emit,
            stop=self.request_end,
            playing=self._enter_playing,
            again=self.new_shoe,
        )
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._show_status)
        # what the feedback and the report say, written again after a switch of language
        self._confirm_end = False  # Esc pressed once: the next Esc ends the shoe
        self._feedback_text: Any = None
        self._report_text: Any = None
        self._texts()

    def _texts(self) -> None:
        own = self.shoe is not None and not self.shoe.guided
        guided = {w: key for w, (key, _what) in {**ACTION_KEYS, **AMOUNT_KEYS}.items()}
        for word, b in self.buttons.items():
            key = OWN_LETTERS.get(word) if own else guided.get(word)
            what = _(ACTION_WORDS[word])
            b.setText(f"{what} ({key})" if key else what)
        self._end_button.setText(_("End the shoe (Esc)"))
        self._again_button.setText(_("Deal another shoe (Enter)"))
        self._leave_button.setText(_("Home (Esc)"))

    def _breakdown(self, amount: Decimal):
        # ChipError (a ValueError) for an amount the chips cannot make: drawn as a figure alone
        return chip_breakdown(amount, self.rules.chips)

    def retranslate(self) -> None:
        """Every text again in the current language; the shoe goes on where it was: the step
        asked, read off its round again in the new words (`DealShoe.retell`, the players now
        speaking it too), the verdict shown said again, the step's clock held meanwhile."""
        self.hold_clock()
        self._texts()
        self.setup.retranslate()
        scene = self.table.table_scene()
        scene.set_legend(_(INSURANCE_LEGEND))  # the felt's words (DEALER, SHOE) in it too
        shoe = self.shoe
        if shoe is not None:
            told = shoe.retell(language())
            if self._shown_verdict is not None:
                self._shown_verdict = verdict_again(self._shown_verdict, told)
        if shoe is not None and shoe.step is not None:
            s = shoe.step
            self.says.setText(quoted(s.says) if s.says else "")
            self.prompt.setText(s.prompt)
            self.how.setText(self._how(s, shoe.pays_in_chips(s)))
            self.table.show_table(s.view)
        self._show_status()
        if self._feedback_text is not None:
            self.feedback.setText(self._feedback_text())
        if self._report_text is not None:
            self.report.setText(self._report_text())
            self._report_text_box.refit()
        self.resume_clock()

    def hold_clock(self) -> None:
        """Stop counting the step's time (the trainee is switching language): what it counted
        so far is kept, and `resume_clock` counts on."""
        if self._clock.isValid():
            self._banked_ms += int(self._clock.elapsed())
            self._clock.invalidate()

    def resume_clock(self) -> None:
        if self.shoe is not None and self.shoe.step is not None and not self._clock.isValid():
            self._clock.start()

    def _elapsed_ms(self) -> int:
        """The step's time since it was asked, the switches of language left out."""
        return self._banked_ms + (int(self._clock.elapsed()) if self._clock.isValid() else 0)

    def _say(self, text) -> None:
        self._feedback_text = text
        self.feedback.setText("" if text is None else text())

    # -- the flow --------------------------------------------------------------------------

    def new_shoe(self, rules: HouseRules | None = None, profile: str | None = None) -> None:
        if rules is not None:
            self.rules = rules
            self.setup.set_rules(rules)
        if profile is not None:
            self._profile = profile
        # a first shoe guided, on one's own from then on (the trainee may choose either)
        first = self._store is None or not dealt_before(self._store, self._profile)
        self.setup.set_guided(first)
        self.stack.setCurrentWidget(self.setup)
        self.setup.boxes.setFocus()

    def begin(self, options: dict[str, Any]) -> None:
        try:
            self.shoe = DealShoe(
                self.rules,
                store=self._store,
                profile=self._profile,
                currency=self.currency,
                language=language(),  # the players speak the trainee's language
                chip_payment=self.chip_payment,
                **options,
            )
        except StoreError as e:  # the history cannot be written: no shoe starts, and why
            self.setup.message.setText(str(e))
            return
        except ValueError as e:
            self.setup.message.setText(str(e)[0].upper() + str(e)[1:] + ".")
            return
        self._make_tray()
        own = not self.shoe.guided
        for word, b in self.buttons.items():
            guided_key = word in ACTION_KEYS or word in AMOUNT_KEYS
            if b.isHidden() != (not own and not guided_key):  # per shoe, never per step
                b.setVisible(own or guided_key)
        self._confirm_end = False
        self._texts()
        self.stack.setCurrentWidget(self._play)
        self._ticker.start()
        self._next_round()

    def _make_tray(self) -> None:
        """The table's chips on the tray (made again only when another table's chips differ)."""
        chips = [Decimal(c) for c in sorted(self.rules.chips)]
        if self.tray is not None and self.tray.denominations == chips:
            return
        if self.tray is not None:
            self._tray_box.removeWidget(self.tray)
            self.tray.hide()
            self.tray.deleteLater()
        self.tray = ChipTray(chips, self.currency, chip_size=TRAY_CHIP)
        # no wider than the panel's buttons: the felt keeps its width
        tray_layout = self.tray.layout()
        if tray_layout is not None:
            tray_layout.setContentsMargins(4, 4, 4, 4)
        self.tray.total_label.setMinimumWidth(80)
        self.tray.setMinimumWidth(self.tray.minimumSizeHint().width())
        self.tray.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)
        self.tray.submitted.connect(self._give_chips)
        self.tray.setEnabled(False)
        self._tray_box.addWidget(self.tray)
        QWidget.setTabOrder(self.entry, self.tray)

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
        self.says.setText(quoted(s.says) if s.says else "")
        self.prompt.setText(s.prompt)
        own = not shoe.guided
        # on one's own nothing tells the step: the tray is there for any payment, the field
        # for any move, every action's button enabled
        paid = own or shoe.pays_in_chips(s)
        self.how.setText(self._how(s, shoe.pays_in_chips(s)))
        tray = self.tray
        if tray is not None:
            tray.clear()
            if tray.isEnabled() != paid:
                tray.setEnabled(paid)
        typed = own or s.ask in (WORDS, AMOUNT)
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
                own
                or (s.ask == ACTION and word in ACTION_KEYS)
                or (s.ask == AMOUNT and word in amount_keys(s))
            )
        self._show_status()
        self._watch.arm()
        self._banked_ms = 0
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
            # after a card dealt, its table without it too: the frames of its slide
            moving = _slides(shoe.steps[shoe.position]) if self.animate else None
            self.table.prepare(shoe.steps[following].view, moving)
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
            clock = _("{minutes}:{seconds} left").format(
                minutes=left // 60, seconds=f"{left % 60:02d}"
            )
        mode = _("exam") if shoe.mode == EXAM else _("practice")
        status = _("Round {round} · {mode} · {clock}").format(
            round=f.rounds, mode=mode, clock=clock
        )
        if shoe.mode != EXAM:
            errors = ngettext("{count} error", "{count} errors", f.error_count)
            status += " · " + errors.format(count=f.error_count)
        self.status.setText(status)

    # -- what the trainee does -------------------------------------------------------------

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if self._step_key(event):
            return
        shoe = self.shoe
        s = shoe.step if shoe is not None else None
        if s is not None and self.stack.currentWidget() is self._play:
            typed = not shoe.guided or s.ask in (WORDS, AMOUNT)
            # typing always reaches the answer field, wherever the focus was (the tray)
            if typed and event.text() and event.text().isprintable() and self.entry.isEnabled():
                self.entry.setFocus()
                self.entry.insert(event.text())
                return
        super().keyPressEvent(event)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        # the answer field: a guided step's key acts before the field types it
        if event.type() == QEvent.Type.KeyPress and watched is self.entry:
            return self._step_key(event)
        return False

    def _step_key(self, event) -> bool:
        """A guided step's key does the step at once, wherever the focus is on the page (the
        answer field included): a place (1–7, D), an action (H S X P R T B I), and in a
        payment C to collect, E for a push as the answer's first key — an amount never begins
        with a letter, so after a figure the letters are typed ("15 eur", "7 centimes"). On
        one's own the letters are words of the move typed ("6 c", "3 p 15"), never keys.
        True when the key was the step's."""
        shoe = self.shoe
        s = shoe.step if shoe is not None else None
        if s is None or not shoe.guided or self.stack.currentWidget() is not self._play:
            return False
        if event.modifiers() & ~(SHIFT | Qt.KeyboardModifier.KeypadModifier):
            return False  # Ctrl+D and the like are the menus'
        text = event.text().upper()
        if not text:
            return False
        if s.ask == PLACE and (text.isdigit() or text == DEALER_KEY):
            self._give(DEALER if text == DEALER_KEY else text, PLACE)
            return True
        keys = ACTION_KEYS if s.ask == ACTION else {}
        if s.ask == AMOUNT and not self.entry.text().strip():
            keys = amount_keys(s)
        for word, (key, _what) in keys.items():
            if text == key:
                self._give(word, None)
                return True
        return False

    def _clicked(self, place: str) -> None:
        """A box or the dealer clicked. Guided, where a card goes (the step asks a place); on
        one's own, the place of the move: written at the head of the answer field, what was
        typed after it kept. Either way the answer field keeps the focus: what is typed next
        reaches it."""
        shoe = self.shoe
        if shoe is None or shoe.step is None:
            return
        if shoe.guided:
            self._give(place, PLACE)
        else:
            self.entry.setText(_with_place(self.entry.text(), place))
        if self.entry.isEnabled():
            self.entry.setFocus()

    def _button(self, word: str) -> None:
        """An action's button: guided, the step's key; on one's own, the action at the place
        named in the answer field, with the point or amount typed after it."""
        shoe = self.shoe
        if shoe is None or shoe.guided:
            self._give(word, None)
            return
        place, rest = _split_place(self.entry.text())
        self._give(" ".join(x for x in (place, word, rest) if x), None)

    def _typed(self) -> None:
        text = self.entry.text()
        s = self.shoe.step if self.shoe is not None else None
        if s is None:
            return
        if self.shoe is not None and not self.shoe.guided:
            self._give(text, None)
            return
        if s.ask == AMOUNT:  # a step's key typed, then Enter (pasted, or typed after a space)
            text = next(
                (w for w, (key, _what) in amount_keys(s).items() if text.strip().upper() == key),
                text,
            )
        self._give(text, None)

    def _give(self, text: str, ask: str | None) -> None:
        shoe = self.shoe
        if shoe is None or self.stack.currentWidget() is not self._play:
            return
        s = shoe.step
        if s is None or (ask is not None and s.ask != ask):
            return
        ms = self._elapsed_ms()
        try:
            v = shoe.answer(text, ms)
        except Unreadable as e:
            said = str(e)
            self._say(lambda: f"<span style='color:{WRONG}'>? {esc(said)}</span>")
            self.entry.selectAll()
            return
        self._verdict(v)
        self.answered.emit(v)
        self._ask(previous=v.step if v.correct or not v.again else None)

    def _how(self, s: Any, paid: bool) -> str:
        """How to answer the step `s`, in the current language: its own way and its own keys
        (taking an insurance is an amount; an insurance is paid or collected, never a push)."""
        if self.shoe is not None and not self.shoe.guided:
            return _(HOW_OWN)
        insurance = s.item in _INSURANCE_SETTLED
        if paid and self.tray is not None:
            how = HOW_PAY_INSURANCE if insurance else HOW_PAY
            return _(how).format(last=min(len(self.tray.denominations), 9))
        if s.item == _TAKE:
            return _(HOW_TAKE)
        if insurance:
            return _(HOW_INSURANCE)
        return _(HOW[s.ask])

    def _give_chips(self) -> None:
        """The payment on the tray, handed in (Enter on the tray, or its Pay button)."""
        shoe, tray = self.shoe, self.tray
        if shoe is None or tray is None or self.stack.currentWidget() is not self._play:
            return
        if shoe.step is None or (shoe.guided and not shoe.pays_in_chips()):
            return
        ms = self._elapsed_ms()
        try:
            place = None if shoe.guided else _split_place(self.entry.text())[0]
            v = shoe.answer_chips(tray.chips(), ms, place)
        except Unreadable as e:
            said = str(e)
            self._say(lambda: f"<span style='color:{WRONG}'>? {esc(said)}</span>")
            return
        self._verdict(v)
        self.answered.emit(v)
        self._ask(previous=v.step if v.correct or not v.again else None)
        if self.shoe is not None and self.shoe.guided and self.shoe.pays_in_chips():
            tray.setFocus()  # paying on from the tray: the next payment is made there too

    def _verdict(self, v: StepVerdict) -> None:
        shoe = self.shoe
        assert shoe is not None
        self._confirm_end = False  # a step done: the shoe goes on, Esc asks again
        if shoe.mode == EXAM:
            self._say(lambda: _("recorded"))
            return
        self._confirm_end = False
        self._shown_verdict = v
        self._say(lambda: self._verdict_text(self._shown_verdict or v))

    def _right_words(self, v: StepVerdict) -> str:
        """The right step as the trainee reads it: guided, the step's answer; on one's own the
        move, place and action (the one due, for an error of order)."""
        if v.move is not None or (v.step.data.get("n") is not None):
            return say_move(v.move if v.move is not None else move_of(v.step))
        return step_words(v.expected_words)

    def _verdict_text(self, v: StepVerdict) -> str:
        if v.correct:
            extra = ""
            taken = v.step.data.get("taken")
            if taken is not None:
                box = v.step.expected
                if v.step.expected == DEALER:
                    said = _("the dealer takes it") if taken else _("the dealer refuses it")
                elif taken:
                    said = _("box {box} takes it").format(box=box)
                else:
                    said = _("box {box} refuses it").format(box=box)
                extra = f" — {said}"
            return f"<span style='color:{RIGHT}'>✓{extra}</span>"
        return (
            f"<span style='color:{WRONG}'>✗ "
            + _("The right step: {step} — {reason}. Do it again.").format(
                step=f"<b>{esc(self._right_words(v))}</b>", reason=v.reason
            )
            + "</span>"
        )

    # -- the card's slide ------------------------------------------------------------------

    def _slide_in(self, previous: Any) -> None:
        """The card just dealt slides from the shoe to its place (never waited for)."""
        label = _slides(previous)
        if label is None:
            return
        cards = self.table.table_scene().hand_cards.get(label)
        if not cards:
            return
        item = cards[-1]
        end = item.pos()
        # from the shoe as the table is drawn: at the dealer's left hand in his view
        shoe = self.table.table_scene().shoe_rect()
        start = item.mapFromScene(shoe.center()) + end - QPointF(40, 60)
        anim = QVariantAnimation(self)
        anim.setDuration(ANIMATION_MS)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        # a card item goes with its table (a page closed mid-slide): a frame never moves it after
        anim.valueChanged.connect(lambda pos, it=item: it.setPos(pos) if isValid(it) else None)
        self._anim = anim
        # each frame: the table's picture without the card (drawn ahead), and the card
        self.table.slide(item)
        anim.finished.connect(self.table.end_slide)
        anim.start()

    def _finish_animation(self) -> None:
        anim = self._anim
        if anim is not None and anim.state() == QVariantAnimation.State.Running:
            anim.setCurrentTime(anim.duration())
            anim.stop()
            self.table.end_slide()
        self._anim = None

    # -- the end ---------------------------------------------------------------------------

    def request_end(self) -> None:
        """Esc during the play: the first asks (a shoe, a shift or an exam is not ended by a
        stray key), the second ends it; any step done in between goes on with the shoe."""
        if self.shoe is None:
            self.end_shoe()
            return
        if not self._confirm_end:
            self._confirm_end = True
            self._say(lambda: _(ESC_AGAIN))
            return
        self.end_shoe()

    def end_shoe(self) -> None:
        shoe = self.shoe
        if shoe is None:
            self.finished.emit()
            return
        self._finish_animation()
        self._ticker.stop()
        cut = shoe.shoe_over
        f = shoe.finish()
        wrong = [v for v in shoe.verdicts if not v.correct] if shoe.mode == EXAM else []
        boxes = shoe.boxes
        self._say(None)
        self._report_text = lambda: self._report(f, cut, boxes, wrong)
        self.report.setText(self._report_text())
        self._report_text_box.refit()
        self.shoe = None
        self.stack.setCurrentWidget(self._end)

    def _report(self, f, cut: bool, boxes: int, wrong: list) -> str:
        """The end of the shoe: its figures, in the current language."""
        from trainer.i18n import format_number
        from trainer.practice.pace import typed_rounds_per_hour

        rate = f.rounds_per_hour()
        ref = reference_rounds_per_hour(boxes)
        pace = (
            ngettext(
                "{rate} rounds an hour — typing every card and point, as here, the reference at "
                "{boxes} box is about {typed}; a school's, for dealers who speak, about {ref}",
                "{rate} rounds an hour — typing every card and point, as here, the reference at "
                "{boxes} boxes is about {typed}; a school's, for dealers who speak, about {ref}",
                boxes,
            ).format(
                rate=f"<b>{format_number(rate, places=0)}</b>",
                boxes=format_number(boxes),
                typed=f"<b>{format_number(typed_rounds_per_hour(boxes), places=0)}</b>",
                ref=format_number(ref, places=0),
            )
            if rate is not None
            else _("no round finished")  # the pace counts the rounds dealt to their end
        )
        by_kind = "".join(
            f"<tr><td>{_(KIND_NAMES.get(k, k))}</td><td align='right'>{f.errors[k]}</td>"
            f"<td align='right'>{f.steps_by_kind[k]}</td></tr>"
            for k in KINDS
        )
        phases = " · ".join(
            f"{_(PHASE_NAMES.get(p, p))} {round(f.phase_ms[p] / 1000)}\u00a0s" for p in PHASES
        )
        mistakes = ""
        if wrong:
            rows = "".join(
                "<li>"
                + _("{step}: you did {given}, right: {expected} — {rule}").format(
                    step=esc(v.step.prompt),
                    given=f"<i>{esc(step_words(v.given))}</i>",
                    expected=f"<b>{esc(self._right_words(v))}</b>",
                    rule=v.step.rule,
                )
                + "</li>"
                for v in wrong[:30]
            )
            more = (
                "<p>" + _("…and {count} more.").format(count=len(wrong) - 30) + "</p>"
                if len(wrong) > 30
                else ""
            )
            mistakes = f"<h3>{_('Your errors')}</h3><ul>{rows}</ul>{more}"
        heading = _("The shoe is over") if cut else _("The shoe ended early")
        return (
            f"<h2>{heading}</h2><p>"
            + _("{rounds}, {steps}, {pace}.").format(
                rounds=ngettext("{count} round", "{count} rounds", f.rounds_done).format(
                    count=f.rounds_done
                ),  # dealt to their end, as the history counts them
                steps=ngettext("{count} dealer step", "{count} dealer steps", f.steps).format(
                    count=f.steps
                ),
                pace=pace,
            )
            + "</p><p>"
            + ngettext(
                "{errors} error — {rate} per 100 steps.",
                "{errors} errors — {rate} per 100 steps.",
                f.error_count,
            ).format(errors=f"<b>{f.error_count}</b>", rate=format_number(f.per_100(), places=1))
            + "</p>"
            f"<table cellspacing='6'><tr><th align='left'>{_('kind')}</th>"
            f"<th>{_('errors')}</th><th>{_('steps')}</th></tr>{by_kind}</table><p>"
            + _("Money paid wrongly: {over} over, {under} under.").format(
                over=format_amount(f.over, currency=self.currency),
                under=format_amount(f.under, currency=self.currency),
            )
            + "</p><p>"
            + _("Time by phase: {phases}.").format(phases=phases)
            + f"</p>{mistakes}"
        )

    def _enter_playing(self) -> None:
        """Enter at the table: the step typed, or the chips on the tray paid."""
        if self.entry.isVisible() and self.entry.hasFocus():
            self._typed()
        elif self.tray is not None and self.tray.hasFocus():
            self._give_chips()  # Enter pays what is on the tray (the page's key comes first)


def amount_keys(s: Any) -> dict[str, tuple[str, str]]:
    """The keys a guided payment step takes: C and E to settle a hand; C alone to settle an
    insurance, paid 2 to 1 or lost, never a push [000]; none to take an insurance put up,
    an amount."""
    if s.item == _TAKE:
        return {}
    if s.item in _INSURANCE_SETTLED:
        return {COLLECT: AMOUNT_KEYS[COLLECT]}
    return AMOUNT_KEYS


def _split_place(text: str) -> tuple[str, str]:
    """The place at the head of a move typed so far, and the rest: ("3", "15") of "3 p 15"
    is ("3", "p 15"); no place: ("", text)."""
    head, _sep, rest = text.strip().partition(" ")
    if head and (head[0].isdigit() or head.casefold() == "d"):
        return head, rest.strip()
    return "", text.strip()


def _with_place(text: str, place: str) -> str:
    """The answer field with a clicked place at its head, in place of the one typed."""
    _old, rest = _split_place(text)
    head = "d" if place == DEALER else place
    return f"{head} {rest}" if rest else f"{head} "


def _slides(step: Any) -> str | None:
    """The hand whose new card slides in once `step` is done (a card dealt or offered to it),
    as the table names it, or None."""
    if step.ask != PLACE or step.hand is None or "card" not in step.data:
        return None
    return DEALER if step.expected == DEALER else step.hand


def step_words(answer: str) -> str:
    """A step's answer as the trainee reads it: the dealer's verb of the table in French and
    Italian ("refuser", "ritirare", `vocabulary.DEALER_SAID`), deal mode's keyword in English
    ("refuse"); the dealer by the table's word for him; a box by its number, as it is."""
    from trainer.vocabulary import DEALER_SAID

    if answer == DEALER:
        from trainer.practice.skills.base import dealer_word

        return dealer_word()
    return DEALER_SAID.get(language(), {}).get(answer, answer)
