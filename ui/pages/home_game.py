"""The home game page [004]: set up a family table, watch each round dealt on the felt, and keep
the score sheet — every player's win or loss and chips, each entry checked and stored as it is
typed. The game and its judging are `trainer.game.home` and `trainer.practice.home_score`; this
page only lays them out and hands back what the trainee types.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QElapsedTimer, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.game.cards import card_text
from trainer.game.home import (
    BANK_RULES,
    DEFAULT_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PASSES,
    RESULT_WORDS,
    HomeGame,
    HomeGameError,
    HomeRound,
    HomeSetup,
    result_words,
)
from trainer.game.payout import money
from trainer.history.store import StoreError
from trainer.practice.answers import Unreadable
from trainer.practice.home_score import NET, ScoreSheet, signed
from ui.i18n import N_, _, ngettext
from ui.pages.form_card import SUMMARY_WIDTH, form_card
from ui.pages.keys import staged_page
from ui.style import emphasise
from ui.table.widget import TableWidget

if TYPE_CHECKING:
    from trainer.history.store import Store

RIGHT = QColor("#2e7d32")
WRONG = QColor("#c62828")
COLUMNS = (N_("Player"), N_("Stake"), N_("Hand"), N_("Won or lost"), N_("Chips"))
INTRO = N_(
    "A family table [004]: everyone starts with the same chips and one player holds the bank. "
    "Sabot deals each round; you keep the score — every player's win or loss and chips after "
    "the round, each one checked. The game ends when a player has no chips left, or when you end "
    "it; the most chips wins."
)
NET_COL, CHIPS_COL = 3, 4
# the home game's keys as Help ▸ Keyboard shortcuts lists them (ui.pages.keys.staged_page)
KEYS = (
    ("Enter", N_("start the game; enter what is typed; the next round; a new game")),
    ("Esc", N_("end the game; after it, home")),
)


class SetupForm(QWidget):
    """Who plays, with how many chips, and whether the bank passes or stays [004]."""

    start = Signal(object, object)  # HomeSetup, seed (int | None)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel()
        intro = QLabel()
        intro.setWordWrap(True)
        self._title, self._intro = title, intro
        self.players = QSpinBox()
        self.players.setRange(MIN_PLAYERS, MAX_PLAYERS)
        self.players.setValue(4)
        self.names = QLineEdit(", ".join(DEFAULT_NAMES[:4]))
        self.players.valueChanged.connect(self._players_changed)
        self.chips = QSpinBox()
        self.chips.setRange(1, 100_000)
        self.chips.setValue(100)
        self.bank = QComboBox()
        for rule in BANK_RULES:
            self.bank.addItem("", rule)
        self.seed = QLineEdit()
        form = QFormLayout()
        self._labels = [QLabel() for _i in range(5)]
        fields = (self.players, self.names, self.chips, self.bank, self.seed)
        for label, field in zip(self._labels, fields, strict=True):
            form.addRow(label, field)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {WRONG.name()}")
        go = QPushButton()
        self._go = go
        go.setDefault(True)
        go.clicked.connect(self.submit)
        self.card = form_card(self, (title, intro, form, self.message), go)
        self.retranslate()

    def retranslate(self) -> None:
        self._title.setText(f"<h2>{_('A home game')}</h2>")
        self._intro.setText(_(INTRO))
        self.names.setToolTip(_("The players' names, comma separated, the first bank first"))
        for i, rule in enumerate(BANK_RULES):
            text = _("passes to the next player each round") if rule == PASSES else _("stays")
            self.bank.setItemText(i, text)
        self.seed.setPlaceholderText(_("any (type one to deal the same game again)"))
        words = (
            _("Players (the bank included):"),
            _("Names:"),
            _("Chips each:"),
            _("The bank:"),
            _("Seed:"),
        )
        for label, text in zip(self._labels, words, strict=True):
            label.setText(text)
        self._go.setText(_("Start the game (Enter)"))

    def _players_changed(self, n: int) -> None:
        names = [s.strip() for s in self.names.text().split(",") if s.strip()]
        extra = [d for d in DEFAULT_NAMES if d not in names]
        names = (names + extra)[:n]
        self.names.setText(", ".join(names))

    def submit(self) -> None:
        names = tuple(s.strip() for s in self.names.text().split(","))
        seed_text = self.seed.text().strip()
        try:
            if len(names) != self.players.value():
                raise HomeGameError(
                    _("{players} players are asked for, and {names} names given").format(
                        players=self.players.value(), names=len(names)
                    )
                )
            chips = Decimal(self.chips.value())
            setup = HomeSetup(names, chips=chips, bank=self.bank.currentData())
            seed = None
            if seed_text:
                if not seed_text.isascii() or not seed_text.isdigit() or len(seed_text) > 19:
                    raise HomeGameError(_("a seed is a whole number from 0 to 2^63 - 1"))
                seed = int(seed_text)
                if seed >= 2**63:
                    raise HomeGameError(_("a seed is a whole number from 0 to 2^63 - 1"))
        except HomeGameError as e:
            self.message.setText(str(e)[0].upper() + str(e)[1:] + ".")
            return
        self.message.clear()
        self.start.emit(setup, seed)


class HomeGamePage(QWidget):
    """Setup, then round after round on the felt with the score sheet beside it."""

    finished = Signal()
    answered = Signal(object)  # EntryVerdict, once judged and handed to the store

    def __init__(
        self, store: Store | None = None, profile: str = "default", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._profile = profile
        self.sheet: ScoreSheet | None = None
        self._row: dict[str, int] = {}
        self._clock = QElapsedTimer()

        self.setup = SetupForm()
        self.setup.start.connect(self.begin)

        self.table = TableWidget()
        # a click on the felt never takes the focus from the score sheet's entry
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.RichText)
        self.grid = QTableWidget(0, len(COLUMNS))
        self.grid.verticalHeader().setVisible(False)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.grid.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.prompt = QLabel()
        self.entry = QLineEdit()

        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        self.next_button = QPushButton()
        self.next_button.clicked.connect(self.next_round)
        self.end_button = QPushButton()
        self.end_button.clicked.connect(self.end_game)
        buttons = QHBoxLayout()
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.end_button)
        buttons.addStretch(1)

        side = QVBoxLayout()
        side.addWidget(self.caption)
        side.addWidget(self.grid, 1)
        side.addWidget(self.prompt)
        side.addWidget(self.entry)
        side.addWidget(self.feedback)
        side.addLayout(buttons)
        play = QWidget()
        lay = QHBoxLayout(play)
        lay.addWidget(self.table, 3)
        right = QWidget()
        right.setLayout(side)
        right.setMinimumWidth(360)
        lay.addWidget(right, 2)

        self.over = QLabel()
        self.over.setWordWrap(True)
        self.over.setTextFormat(Qt.TextFormat.RichText)
        emphasise(self.over, 1.15)  # as a drill's summary reads
        again = QPushButton()
        again.clicked.connect(self.new_game)
        home = QPushButton()
        self._home_button = home
        home.clicked.connect(self.finished)
        # a card read at once, its buttons at its foot
        end = QWidget()
        self.over_card = form_card(end, (self.over,), (home, again), width=SUMMARY_WIDTH)
        self._again = again

        self._play, self._end = play, end
        self.stack = staged_page(
            self,
            (self.setup, play, end),
            leave=self.finished.emit,
            stop=self.end_game,
            playing=self._enter_playing,
            again=self.new_game,
        )
        self._played: HomeRound | None = None  # the round on the felt
        self._over_text: Any = None  # the end of the game, said again after a switch
        self._texts()

    def _texts(self) -> None:
        self.grid.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.entry.setPlaceholderText(_("+10, -10 or 0; then the chips, 110"))
        self.end_button.setText(_("End the game (Esc)"))
        self._again.setText(_("A new game (Enter)"))
        self._home_button.setText(_("Home (Esc)"))
        self._next_text()

    def _next_text(self) -> None:
        over = self.sheet is not None and not self.sheet.pending and self.sheet.over
        self.next_button.setText(_("See who wins (Enter)") if over else _("Next round (Enter)"))

    def retranslate(self) -> None:
        """Every text again in the current language; the game and its sheet stay as they are."""
        self._texts()
        self.setup.retranslate()
        scene = self.table.table_scene()
        scene.set_legend(scene.legend)  # the felt's words in the new language
        played = self._played
        if self.sheet is not None and played is not None:
            self.caption.setText(self._caption(played))
            for name, row in self._row.items():
                stake, hand = self._hand(played, name)
                for col, text in ((1, stake), (2, hand)):
                    item = self.grid.item(row, col)
                    if item is not None:
                        item.setText(text)
            self._prompt()
            self.table.show_table(played.round.snapshot(currency=""))  # its labels too
        if self._over_text is not None:
            self.over.setText(self._over_text())

    # -- the flow --------------------------------------------------------------------------

    def new_game(self, profile: str | None = None) -> None:
        """The setup form, for `profile`'s history (the one the page was made for by default)."""
        if profile is not None:
            self._profile = profile
        self.stack.setCurrentWidget(self.setup)
        self.setup.names.setFocus()

    def begin(self, setup: HomeSetup, seed: int | None) -> None:
        game = HomeGame(setup, seed=seed)
        try:
            self.sheet = ScoreSheet(game, store=self._store, profile=self._profile)
        except StoreError as e:  # the history cannot be written: no game starts, and why
            self.setup.message.setText(str(e))
            return
        self.grid.setRowCount(len(setup.players))
        self._row = {name: i for i, name in enumerate(setup.players)}
        self.stack.setCurrentWidget(self._play)
        self.next_round()

    def next_round(self) -> None:
        sheet = self.sheet
        if sheet is None or sheet.pending:
            return
        if sheet.over:
            self.end_game()
            return
        played = sheet.next_round()
        self._show_round(played)
        self._ask()

    def _show_round(self, played: HomeRound) -> None:
        assert self.sheet is not None
        self._played = played
        self.table.show_table(played.round.snapshot(currency=""))
        self.caption.setText(self._caption(played))
        for name, row in self._row.items():
            line = played.line(name)
            stake, hand = self._hand(played, name)
            for col, text in enumerate((name, stake, hand, "", "")):
                item = QTableWidgetItem(text)
                if line.bank:
                    f = item.font()
                    f.setItalic(True)
                    item.setFont(f)
                self.grid.setItem(row, col, item)
        self.feedback.clear()

    @staticmethod
    def _caption(played: HomeRound) -> str:
        return _("{round} — {bank} holds the bank: {cards}, {result}").format(
            round="<b>" + _("Round {number}").format(number=played.number) + "</b>",
            bank=played.bank,
            cards=card_text(played.round.dealer),
            result=result_words(played.round.dealer_result),
        )

    @staticmethod
    def _hand(played: HomeRound, name: str) -> tuple[str, str]:
        """A player's stake and hand in the round, as the sheet writes them."""
        line = played.line(name)
        boxes = {who: box for box, who in played.seats.items()}
        if line.bank:
            return "—", _("the bank: {cards}").format(cards=card_text(played.round.dealer))
        if name in boxes:
            h = played.round.boxes[boxes[name]].hands[0]
            result = result_words(h.result) if h.result in RESULT_WORDS else ""
            hand = _("box {box}: {cards} — {result}").format(
                box=boxes[name], cards=card_text(h.cards), result=result
            )
            return (money(line.stake) if line.stake is not None else ""), hand
        return "—", _("sits this round out")

    def _prompt(self) -> None:
        sheet = self.sheet
        if sheet is None:
            return
        if sheet.pending:
            self.prompt.setText(sheet.pending[0].prompt())
        else:
            self.prompt.setText(
                _("A player has no chips left: the game is over.")
                if sheet.over
                else _("The sheet is kept.")
            )
        self._next_text()

    def _ask(self) -> None:
        sheet = self.sheet
        assert sheet is not None
        waiting = bool(sheet.pending)
        self.entry.setEnabled(waiting)
        self.next_button.setEnabled(not waiting)
        self._prompt()
        if waiting:
            entry = sheet.pending[0]
            col = NET_COL if entry.field == NET else CHIPS_COL
            cell = self.grid.item(self._row[entry.player], col)
            if cell is not None:
                cell.setText("…")
            self.entry.clear()
            self.entry.setFocus()
            self._clock.start()
        else:
            self.next_button.setFocus()

    def submit(self) -> None:
        sheet = self.sheet
        if sheet is None or not sheet.pending:
            return
        ms = self._clock.elapsed() if self._clock.isValid() else 0
        entry = sheet.pending[0]
        try:
            v = sheet.answer(self.entry.text(), int(ms))
        except Unreadable as e:
            self.feedback.setText(f"? {e}")
            self.entry.selectAll()
            return
        col = NET_COL if entry.field == NET else CHIPS_COL
        text = v.given.strip() if v.correct else f"{v.given.strip()} → {v.expected}"
        item = QTableWidgetItem(("✓ " if v.correct else "✗ ") + text)
        item.setForeground(RIGHT if v.correct else WRONG)
        self.grid.setItem(self._row[entry.player], col, item)
        self.feedback.setText("" if v.correct else f"{v.expected}: {v.reason}.")  # the domain's
        self.answered.emit(v)
        self._ask()

    def end_game(self) -> None:
        sheet = self.sheet
        if sheet is None:
            self.finished.emit()
            return
        sheet.end()
        game = sheet.game
        winners = game.winners()
        right, wrong = sheet.right, sheet.wrong

        def over() -> str:
            balances = ", ".join(f"{n} {money(v)}" for n, v in game.balances.items())
            if len(winners) == 1:
                heading = _("{player} wins").format(player=winners[0])
            else:
                heading = _("{players} and {last} share the win").format(
                    players=", ".join(winners[:-1]), last=winners[-1]
                )
            out = any(v < 1 for v in game.balances.values())
            why = _("a player has no chips left") if out else _("the table decided to stop")
            return (
                f"<h2>{heading}</h2><p>"
                + ngettext(
                    "After {count} round ({why}): {balances}.",
                    "After {count} rounds ({why}): {balances}.",
                    len(game.rounds),
                ).format(count=len(game.rounds), why=why, balances=balances)
                + "</p><p>"
                + _(
                    "Your score sheet: {right} right, {wrong} wrong — every entry is in your "
                    "history."
                ).format(right=f"<b>{right}</b>", wrong=f"<b>{wrong}</b>")
                + "</p>"
            )

        self._over_text = over
        self.over.setText(over())
        self.sheet = None
        self.stack.setCurrentWidget(self._end)
        self._again.setFocus()

    def _enter_playing(self) -> None:
        """Enter at the table does the one thing it waits for: an entry, or the next round."""
        if self.entry.isEnabled():
            self.submit()
        else:
            self.next_round()


__all__ = ["HomeGamePage", "SetupForm", "signed"]
