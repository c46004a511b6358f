"""A home game [004] (RULES.md §12): a family table where one player holds the bank and the
score is every player's chip balance after each round.

This module owns the game as the family plays it: 2–7 players start with the same chips; one of
them holds the bank, which passes to the next player each round or stays, as agreed; the others
bet and play their hand against the bank under the `home` rules (hole card, no double, no split,
no insurance [004]). After each round every player's win or loss and running balance are known
here, so the trainee's score sheet can be checked line by line. The game ends when a player has
no chips left, or when the table decides; the most chips wins [004].

The rounds themselves are dealt by `trainer.game.round.Round`; this module seats the players,
chooses their stakes and decisions, and keeps the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from trainer.game.cards import VALUE, points
from trainer.game.round import HIT, SEAT, STAND, CardSource, Hand, Round
from trainer.game.rules import HouseRules
from trainer.game.shoe import Shoe
from trainer.i18n import _, format_number, pgettext

PASSES: Final = "passes"  # the bank passes to the next player each round [004]
STAYS: Final = "stays"  # the bank stays with the same player [004]
BANK_RULES: Final = (PASSES, STAYS)

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7  # [004] "2–7 players": the bank and up to six against it
MAX_CHIPS: Final = Decimal(1_000_000)

# a hand's result as the score sheet says it (in English: `result_words` says it in the
# language of the moment)
RESULT_WORDS: Final = {
    "blackjack": "Black Jack",
    "win": "wins",
    "push": "ties",
    "lose": "loses",
    "bust": "bust",
}


def result_words(result: str | None) -> str:
    """A hand's result as the score sheet says it, in the language of the moment: "wins",
    "gagne", "vince"; "" for none, a result it does not know as it is."""
    said = {
        "blackjack": "Black Jack",
        "win": pgettext("a hand's result", "wins"),
        "push": pgettext("a hand's result", "ties"),
        "lose": pgettext("a hand's result", "loses"),
        "bust": pgettext("a hand's result", "bust"),
    }
    return said.get(result or "", result or "")


DEFAULT_NAMES: Final = ("Léa", "Hugo", "Chloé", "Louis", "Emma", "Nathan", "Jade")

ZERO: Final = Decimal(0)
ONE: Final = Decimal(1)  # the smallest stake: a player with less has no chips left to bet


class HomeGameError(ValueError):
    """A home game that cannot be set up or played as asked, in one sentence."""


@dataclass(frozen=True, slots=True)
class HomeSetup:
    """Who plays, with how many chips each, and what the table agreed about the bank."""

    players: tuple[str, ...]
    chips: Decimal = Decimal(100)
    bank: str = PASSES
    first_bank: int = 0  # index into players

    def __post_init__(self) -> None:
        names = self.players
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise HomeGameError(
                _("a home game has {low} to {high} players, not {count} [004]").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names)
                )
            )
        seen: set[str] = set()
        for name in names:
            if not name.strip() or name != name.strip() or not name.isprintable():
                raise HomeGameError(
                    _("a player's name must be printable text, not {name}").format(name=repr(name))
                )
            if name.casefold() in seen:
                raise HomeGameError(
                    _("two players are called {name}: give each a name of their own").format(
                        name=repr(name)
                    )
                )
            seen.add(name.casefold())
        if not isinstance(self.chips, Decimal) or not self.chips.is_finite():
            raise HomeGameError(_("the starting chips must be a whole number"))
        if self.chips != self.chips.to_integral_value() or not 1 <= self.chips <= MAX_CHIPS:
            raise HomeGameError(
                _("each player starts with 1 to {max} chips, a whole number").format(
                    max=format_number(MAX_CHIPS, places=0)
                )
            )
        if self.bank not in BANK_RULES:
            raise HomeGameError(
                _("the bank {rules}, not {given}").format(
                    rules=" or ".join(BANK_RULES), given=repr(self.bank)
                )
            )
        if not 0 <= self.first_bank < len(names):
            raise HomeGameError(_("the first bank must be one of the players"))


def simple_decision(hand: Sequence[str], up_card: str) -> str:
    """How a family player decides, by [004]'s advice to beginners: with 17 or more stand; with
    12 to 16 stand if the bank shows a small card (2 to 6), else take a card; with 11 or less
    always take a card; an Ace counts 11 while it does not bust the hand."""
    low, soft = points(hand)
    best = low + 10 if soft else low
    if best >= 17:
        return STAND
    if best <= 11:
        return HIT
    if soft:  # a soft 12–16 cannot bust on one card: take it
        return HIT
    return STAND if 2 <= VALUE[up_card[0]] <= 6 else HIT


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line of the score sheet for one round."""

    player: str
    bank: bool  # this player held the bank this round
    stake: Decimal | None  # None for the bank
    net: Decimal  # won (+) or lost (-) this round
    balance: Decimal  # chips after the round


@dataclass(slots=True)
class HomeRound:
    """One round of a home game, dealt and settled, with the score sheet's lines."""

    number: int
    bank: str
    seats: dict[int, str]  # box -> player
    round: Round
    lines: tuple[Line, ...]

    def line(self, player: str) -> Line:
        for line in self.lines:
            if line.player == player:
                return line
        raise KeyError(player)


Decider = Callable[[Sequence[str], str], str]


@dataclass(slots=True)
class HomeGame:
    """A home game in progress. `play_round()` deals the next round and updates the balances."""

    setup: HomeSetup
    seed: int | None = None
    rules: HouseRules = field(default_factory=lambda: HouseRules.preset_named("home"))
    decide: Decider = simple_decision
    balances: dict[str, Decimal] = field(init=False)
    rounds: list[HomeRound] = field(init=False, default_factory=list)
    bank_index: int = field(init=False)
    ended: bool = field(init=False, default=False)
    _rng: random.Random = field(init=False)
    _shoe: Shoe = field(init=False)

    def __post_init__(self) -> None:
        self.balances = {name: self.setup.chips for name in self.setup.players}
        self.bank_index = self.setup.first_bank
        self._rng = random.Random(self.seed)
        self._shoe = Shoe(
            self.rules.decks,
            seed=self._rng.randrange(2**63),
            every_round=self.rules.reshuffle == "every-round",
            burn=0,  # [004] a family game burns no card after the shuffle (a casino burns 5 [000])
        )

    # -- who plays -------------------------------------------------------------------------

    @property
    def bank(self) -> str:
        return self.setup.players[self.bank_index]

    def seating(self) -> dict[int, str]:
        """The players against the bank, box 1 first: the one after the bank, then round the
        table (the bank deals from its left, as the dealer does [000])."""
        names = self.setup.players
        n = len(names)
        order = [names[(self.bank_index + k) % n] for k in range(1, n)]
        return {box: name for box, name in enumerate(order, start=1)}

    # -- the game --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """A player has no chips left, or the table decided to stop [004]."""
        return self.ended or any(v < ONE for v in self.balances.values())

    def end(self) -> None:
        """The table decides to stop [004]."""
        self.ended = True

    def winners(self) -> list[str]:
        """The players with the most chips (more than one on a tie) [004]."""
        top = max(self.balances.values())
        return [name for name in self.setup.players if self.balances[name] == top]

    def stake_for(self, player: str) -> Decimal:
        """A family stake: a few chips, never more than the player has, in an even number of
        chips while the player has two or more (chosen: a Black Jack then pays whole chips)."""
        have = int(self.balances[player])
        if have < 2:
            return Decimal(1)
        top = max(2, min(have, have // 5) // 2 * 2)
        return Decimal(self._rng.choice([c for c in (2, 4, 6, 10, top) if c <= top]))

    def play_round(
        self, stakes: Mapping[str, Decimal] | None = None, cards: CardSource | None = None
    ) -> HomeRound:
        """Deal, play and settle the next round; return it with the score sheet's lines.

        `stakes` (player -> chips) replaces the players' own choice and `cards` the shoe, for a
        scripted round (a rule text's example).
        """
        if self.over:
            raise HomeGameError(_("the game is over: start a new one"))
        seats = self.seating()
        chosen = {name: self.stake_for(name) for name in seats.values()}
        if stakes is not None:
            unknown = set(stakes) - set(seats.values())
            if unknown:
                raise HomeGameError(
                    _("{name} does not bet this round").format(name=sorted(unknown)[0])
                )
            chosen.update(stakes)
        self._cover(chosen)
        seats = {box: name for box, name in seats.items() if name in chosen}
        r = Round(self.rules, self._shoe if cards is None else cards)
        for box, name in seats.items():
            r.bet(box, SEAT, chosen[name])
        r.deal()
        if r.phase == "insurance":  # never with home rules [004]; a house may add it
            r.close_insurance()
        while not r.done:
            h = r.current
            assert h is not None
            r.act(self.decide(h.cards, r.dealer[0]))
        if cards is None:
            self._shoe.end_round()
        return self._score(r, seats, chosen)

    def _cover(self, stakes: dict[str, Decimal]) -> None:
        """Stakes within what each player has, and in all no more than the bank holds (chosen:
        the bank must be able to pay every box even money; the largest stakes come down a chip
        at a time until it can)."""
        for name, amount in stakes.items():
            if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= ZERO:
                raise HomeGameError(
                    _("{name}'s stake must be a positive number of chips").format(name=name)
                )
            if amount > self.balances[name]:
                raise HomeGameError(
                    _("{name} has {chips} chips and cannot stake {amount}").format(
                        name=name, chips=self.balances[name], amount=amount
                    )
                )
        bank = self.balances[self.bank]
        while sum(stakes.values(), ZERO) > bank:
            name = max(stakes, key=lambda k: (stakes[k], k))
            stakes[name] -= 1
            if stakes[name] < ONE:  # nothing left to cover: this player sits the round out
                del stakes[name]

    def _score(self, r: Round, seats: dict[int, str], stakes: dict[str, Decimal]) -> HomeRound:
        nets: dict[str, Decimal] = {}
        for box, name in seats.items():
            net = ZERO
            for h in r.boxes[box].hands:
                net += h.net.get(SEAT, ZERO)
            nets[name] = net
        # the bank pays from its right to its left (RULES.md §6); should a Black Jack's half ask
        # for more than it holds, it pays what it has and the boxes settled last get less
        # (chosen: a family bank cannot pay chips it does not have)
        short = sum(nets.values(), ZERO) - self.balances[self.bank]
        for box in sorted(seats):
            name = seats[box]
            if short <= ZERO:
                break
            if nets[name] > ZERO:
                cut = min(short, nets[name])
                nets[name] -= cut
                short -= cut
        nets[self.bank] = -sum(nets.values(), ZERO)  # the bank wins what the players lose
        lines = []
        for name in self.setup.players:
            self.balances[name] += nets.get(name, ZERO)
            lines.append(
                Line(
                    name,
                    bank=name == self.bank,
                    stake=stakes.get(name),
                    net=nets.get(name, ZERO),
                    balance=self.balances[name],
                )
            )
        played = HomeRound(len(self.rounds) + 1, self.bank, seats, r, tuple(lines))
        self.rounds.append(played)
        if self.setup.bank == PASSES:
            self.bank_index = (self.bank_index + 1) % len(self.setup.players)
        return played


def hand_words(h: Hand) -> str:
    """A hand as the score sheet shows it: its cards and its result."""
    return f"{' '.join(h.cards)} ({h.result})"
