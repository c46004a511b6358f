"""Keeping the score of a home game [004] as practice: after each round the trainee writes every
player's win or loss and running balance; each entry is judged against the game and stored in
the history the moment it is given, as an attempt of the skill `home-score`.

The game itself (seats, bank, rounds, balances) is `trainer.game.home`; this module asks, judges
and records. Entries are judged one by one against the true figures, so one slip does not make
every later balance wrong: the feedback gives the right balance to carry on from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from trainer.game.home import HomeGame, HomeRound, Line
from trainer.game.payout import money
from trainer.i18n import _
from trainer.practice.answers import Unreadable, parse_amount
from trainer.practice.recorder import Recorder

SKILL: Final = "home-score"
MODE: Final = "home"
NET: Final = "net"  # what the player won (+) or lost (-) this round
BALANCE: Final = "balance"  # the player's chips after the round
FIELDS: Final = (NET, BALANCE)


@dataclass(frozen=True, slots=True)
class Entry:
    """One box of the score sheet to fill in: a player's net or balance for one round."""

    round: int
    player: str
    field: str  # NET or BALANCE
    line: Line

    @property
    def expected(self) -> Decimal:
        return self.line.net if self.field == NET else self.line.balance

    def prompt(self) -> str:
        if self.field == NET and self.line.bank:
            text = _("{player} (the bank): won or lost this round?")
        elif self.field == NET:
            text = _("{player}: won or lost this round?")
        elif self.line.bank:
            text = _("{player} (the bank): chips now?")
        else:
            text = _("{player}: chips now?")
        return text.format(player=self.player)


@dataclass(frozen=True, slots=True)
class EntryVerdict:
    entry: Entry
    given: str
    correct: bool
    expected: str
    reason: str


def signed(amount: Decimal) -> str:
    """A round's win or loss as a score sheet writes it: +10, -10, 0."""
    if amount > 0:
        return f"+{money(amount)}"
    return money(amount)


@dataclass(slots=True)
class ScoreSheet:
    """A home game and its score sheet, with every entry stored as it is written."""

    game: HomeGame
    store: Recorder | None = None
    profile: str = "default"
    session_id: int | None = field(init=False, default=None)
    current: HomeRound | None = field(init=False, default=None)
    pending: list[Entry] = field(init=False, default_factory=list)
    right: int = field(init=False, default=0)
    wrong: int = field(init=False, default=0)
    verdicts: list[EntryVerdict] = field(init=False, default_factory=list)
    on_record_error: Callable[[Exception], None] | None = None
    # False when the entries are not typed as they are asked (piped from a file): stored, but
    # their times are no trainee's and count toward none of the trainee's figures
    interactive: bool = True

    def __post_init__(self) -> None:
        if self.store is not None:
            self.session_id = self.store.start_session(
                self.profile,
                MODE,
                [SKILL],
                self.game.rules.preset,
                self.game.seed,
                interactive=self.interactive,
            )

    @property
    def over(self) -> bool:
        return self.game.over

    def next_round(self) -> HomeRound:
        """Deal the next round; its entries are asked in seating order, the bank last."""
        if self.pending:
            raise ValueError(_("the score sheet of this round is not filled in yet"))
        played = self.game.play_round()
        self.current = played
        order = [played.seats[box] for box in sorted(played.seats)]
        order += [n for n in self.game.setup.players if n not in order and n != played.bank]
        order.append(played.bank)
        self.pending = [
            Entry(played.number, name, f, played.line(name)) for name in order for f in FIELDS
        ]
        return played

    def answer(self, text: str, response_ms: int) -> EntryVerdict:
        """Judge the next entry of the sheet and store it at once. Unreadable (nothing stored,
        the entry stays open) when the text is not an amount."""
        if not self.pending:
            raise ValueError(_("there is no entry to fill in: deal the next round"))
        entry = self.pending[0]
        value = parse_amount(text, allow_negative=True)
        expected = entry.expected
        correct = value == expected
        shown = signed(expected) if entry.field == NET else money(expected)
        if correct:
            reason = ""
        elif entry.field == NET:
            reason = _why_net(entry.line, value)
        else:
            reason = _("the chips before the round plus what was won, minus what was lost [004]")
        verdict = EntryVerdict(entry, text, correct, shown, reason)
        self.pending.pop(0)
        self.verdicts.append(verdict)
        if correct:
            self.right += 1
        else:
            self.wrong += 1
        if self.store is not None and self.session_id is not None:
            self.store.record(
                self.session_id,
                SKILL,
                f"{entry.field}-{'bank' if entry.line.bank else 'player'}",
                _question(entry, self.current),
                text,
                shown,
                correct,
                response_ms,
            )
        return verdict

    def end(self) -> None:
        """The table decides to stop [004], or the game is over: close the session."""
        self.game.end()
        if self.store is not None and self.session_id is not None:
            self.store.end_session(self.session_id)
            self.session_id = None


def _why_net(line: Line, given: Decimal) -> str:
    if line.bank:
        return _("the bank wins what the players lose and pays what they win [004]")
    if line.stake is None:
        return _("this player sat the round out")
    if given == -line.net:
        return _("the sign is the other way round: + for a win, - for a loss")
    return _(
        "a win is paid once the stake, a Black Jack one and a half times, a tie gives the stake "
        "back [004]"
    )


def _question(entry: Entry, played: HomeRound | None) -> dict[str, Any]:
    q: dict[str, Any] = {"round": entry.round, "player": entry.player, "field": entry.field}
    if played is not None:
        box = next((b for b, n in played.seats.items() if n == entry.player), None)
        q["bank"] = entry.line.bank
        q["dealer"] = list(played.round.dealer)
        if box is not None:
            q["box"] = box
            q["cards"] = [list(h.cards) for h in played.round.boxes[box].hands]
            q["stake"] = money(entry.line.stake) if entry.line.stake is not None else None
    return q


__all__ = ["FIELDS", "SKILL", "Entry", "EntryVerdict", "ScoreSheet", "Unreadable", "signed"]
