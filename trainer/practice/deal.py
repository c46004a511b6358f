"""Deal mode: the trainee deals a whole shoe, round after round, every step a dealer takes.

The engine plays each round in full first (bets, the players' decisions, the incidents of the
rate the trainee chose), and `deal_steps.steps_of` reads the dealer's steps off its transcript.
The trainee then does those steps one by one: `answer()` judges each against the one right
answer and stores it at once as an attempt of the skill it exercises (deal-order, announce,
pay-*, procedure, exposed-card, dealer), in a session of mode `deal`. In practice an error stops
the round at that step until it is done right (only the first try is scored); in an exam nothing
is said until the shoe ends and every error is kept.

A shoe ends at the cut card [000] (chosen: the round in play is finished first); a shift ends
when its time is up. The figures: rounds per hour against a school's reference for the number
of boxes, errors per 100 steps by kind, money paid wrongly (over and under), time per phase.

It is long because it is one thing, the shoe a trainee deals: `DealShoe`, the verdicts and
figures it keeps, and the incidents it tells. The steps themselves are read off a round in
`deal_steps`; the words a move or an answer is said and read in (guided or on one's own) are
`deal_words`'.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import partial
from typing import Any, Final

from trainer import vocabulary
from trainer.game.exposed import refusing_players
from trainer.game.payout import (
    COLOUR_FOR_COLOUR,
    FEWEST,
    ChipError,
    chip_breakdown,
    money,
    payment,
)
from trainer.game.reasons import Reason
from trainer.game.round import DEALER, DOUBLE, SEAT, SPLIT, Round, RoundError
from trainer.game.rules import HouseRules
from trainer.game.shoe import Shoe
from trainer.game.strategy import basic_action
from trainer.game.table import TableView
from trainer.i18n import N_, _
from trainer.practice import answers
from trainer.practice.deal_steps import (
    ACTION,
    ACTION_WORDS,
    AMOUNT,
    ANNOUNCE,
    BURN_FORGOTTEN,
    BUST_NOT_COLLECTED,
    COLLECT,
    DEAL_CARD,
    HOLE_CARD_TOO_SOON,
    INSURANCE_NOT_OFFERED,
    K_ORDER,
    K_PROCEDURE,
    KINDS,
    OUT_OF_TURN,
    PAY,
    PHASES,
    PLACE,
    PLAY,
    PUSH,
    REFUSE,
    REVEAL,
    SETTLE,
    SHOE_BURN,
    WORDS,
    Move,
    Step,
    amount_asked,
    asked,
    asking,
    insurance_words,
    move_of,
    move_text,
    names_step,
    on_ones_own,
    order_rule,
    player_says,
    shoe_burn,
    steps_of,
)
from trainer.practice.deal_words import (
    _YES_OR_NO,
    _amount,
    _bettor_words,
    _either,
    _players_speak,
    _read_target,
    _trainee,
    _who_asked,
    action_words,
    how_to_move,
    words_read,
)
from trainer.practice.recorder import Recorder

# A shoe dealt in deal mode is a session of this mode, its steps the attempts.
MODE: Final = "deal"

PRACTICE: Final = "practice"
EXAM: Final = "exam"
MODES: Final = (PRACTICE, EXAM)

OFF: Final = "off"
RARE: Final = "rare"
FREQUENT: Final = "frequent"
INCIDENT_RATES: Final = {OFF: 0.0, RARE: 0.08, FREQUENT: 0.3}  # chance per round (chosen)

MAX_SEED: Final = 2**63 - 1
ROUNDS_WITHOUT_CUT_CARD: Final = 20


def reference_rounds_per_hour(boxes: int) -> float:
    """A dealer school's reference pace: about 50–60 rounds an hour at 7 boxes, more with fewer
    players (chosen model: 20 s a round plus 6 s a box, 58 an hour at 7 boxes)."""
    return 3600 / (20 + 6 * boxes)


Decider = Callable[[Sequence[str], str, Sequence[str], HouseRules], str]

# An incident's step, made when it is asked and made again after a language switch (`retell`):
# called with the language the players speak, it says its prompt and rule in the trainee's.
# Its reason is the engine's (trainer.game.reasons), kept as its parts: said again each time.
Incident = Callable[[str], Step]


@dataclass(frozen=True, slots=True)
class StepVerdict:
    step: Step
    given: str
    correct: bool
    expected: str
    reason: str
    over: Decimal = Decimal(0)  # paid too much
    under: Decimal = Decimal(0)  # paid too little
    again: bool = False  # practice: the step stays until done right
    due: tuple[Decimal, ...] = ()  # a payment from the chip tray: the chips it is paid in
    kind: str = ""  # the kind the error counts under: the step's, or K_ORDER (on one's own)
    move: Move | None = None  # on one's own, an error of order: the move that was due

    @property
    def error_kind(self) -> str:
        return self.kind or self.step.kind

    @property
    def expected_words(self) -> str:
        """The right step as the trainee reads it, in the language of the moment: an amount
        and the chips it is paid in with the language's decimal mark ("25 + 10 + 2,50 = 37,50"),
        where `expected` keeps the history's form ("37.5"); any other step's answer as it is."""
        s = self.step
        if s.ask != AMOUNT or s.amount is None or self.expected in (COLLECT, PUSH):
            return self.expected
        try:
            total = Decimal(self.expected.rpartition(" = ")[2])
        except ArithmeticError:  # no amount after all: as it is
            return self.expected
        if not self.due:
            return _amount(total)
        return f"{' + '.join(_amount(c) for c in self.due)} = {_amount(total)}"


@dataclass(slots=True)
class Figures:
    rounds: int = 0
    steps: int = 0
    errors: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    steps_by_kind: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    over: Decimal = Decimal(0)
    under: Decimal = Decimal(0)
    phase_ms: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PHASES, 0))
    elapsed_ms: int = 0
    # the rounds dealt to their end, and the time from the shuffle to the end of the last one:
    # the pace counts these, not a round left at its first card (1 round in 6 ms is no pace)
    rounds_done: int = 0
    done_ms: int = 0

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    def per_100(self, kind: str | None = None) -> float:
        if not self.steps:
            return 0.0
        n = self.error_count if kind is None else self.errors[kind]
        return 100 * n / self.steps

    def rounds_per_hour(self) -> float | None:
        if not self.rounds_done or not self.done_ms:
            return None
        return self.rounds_done * 3_600_000 / self.done_ms


@dataclass(slots=True)
class DealShoe:
    """A shoe dealt by the trainee. `next_round()`, then `answer()` each step until the round is
    done; `finish()` ends the shoe (or the shift)."""

    rules: HouseRules
    boxes: int = 7
    mode: str = PRACTICE
    incidents: str = OFF
    seed: int | None = None
    shift_minutes: int | None = None
    store: Recorder | None = None
    profile: str = "default"
    currency: str = "€"
    language: str | None = None  # the players' words (vocabulary.LANGUAGES); None: the trainee's
    chip_payment: str = FEWEST  # how a payment paid in chips is made up (house practice)
    decide: Decider = basic_action
    clock: Callable[[], int] = time.monotonic_ns
    # Guided: each step's prompt names it ("Settle box 6 (5 staked)"), answered as it asks.
    # On one's own (False): the prompt says the phase at most, and the trainee names both the
    # place and the action ("6 collect"); a step left out or done out of turn is an error of
    # order (K_ORDER). None: guided in practice, on one's own in an exam or a shift, which are
    # never guided.
    guided: bool | None = None
    # False when the steps are not typed as they are asked (piped from a file): stored, but
    # their times are no trainee's and count toward none of the trainee's figures
    interactive: bool = True
    session_id: int | None = field(init=False, default=None)
    figures: Figures = field(init=False, default_factory=Figures)
    round: Round | None = field(init=False, default=None)
    steps: list[Step] = field(init=False, default_factory=list)
    position: int = field(init=False, default=0)
    verdicts: list[StepVerdict] = field(init=False, default_factory=list)
    ended: bool = field(init=False, default=False)
    _rng: random.Random = field(init=False)
    _shoe: Shoe = field(init=False)
    _tried: bool = field(init=False, default=False)
    _started_ns: int = field(init=False, default=0)
    _cut: bool = field(init=False, default=False)  # the cut card came out in a round dealt
    # the next round dealt is the first of a shoe shuffled and cut: its first step is the burn
    _fresh: bool = field(init=False, default=True)
    # the next round, played while the trainee finishes this one (`prepare_next`): the round,
    # its steps, whether the cut card came out in it
    _ahead: tuple[Round, list[Step], bool] | None = field(init=False, default=None)
    # the incidents of the round in play and of the one played ahead, by round: their steps are
    # read off again with the round's when the trainee's language changes (`retell`)
    _incidents: dict[int, dict[int, list[Incident]]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(
                _("a deal mode is {modes}, not {value}").format(
                    modes=_either(MODES), value=repr(self.mode)
                )
            )
        if self.incidents not in INCIDENT_RATES:
            raise ValueError(
                _("incidents are {rates}, not {value}").format(
                    rates=_either(INCIDENT_RATES), value=repr(self.incidents)
                )
            )
        if self.chip_payment not in (FEWEST, COLOUR_FOR_COLOUR):
            raise ValueError(
                _("chips are paid {ways}, not {value}").format(
                    ways=_either((FEWEST, COLOUR_FOR_COLOUR)), value=repr(self.chip_payment)
                )
            )
        if self.language is None:
            self.language = _trainee()
        if self.language not in vocabulary.LANGUAGES:
            raise ValueError(_players_speak(self.language))
        if not 1 <= self.boxes <= self.rules.boxes:
            raise ValueError(
                _("this table has 1 to {most} boxes, not {boxes}").format(
                    most=self.rules.boxes, boxes=self.boxes
                )
            )
        if self.guided is None:
            self.guided = self.mode == PRACTICE and self.shift_minutes is None
        if self.guided and self.mode == EXAM:
            raise ValueError(_("an exam is always dealt on your own, never guided"))
        if self.guided and self.shift_minutes is not None:
            raise ValueError(_("a shift is always dealt on your own, never guided"))
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(MAX_SEED)
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(seed_range())
        self._rng = random.Random(self.seed)
        self._shoe = Shoe(
            self.rules.decks,
            seed=self._rng.randrange(MAX_SEED),
            every_round=self.rules.reshuffle == "every-round",
        )
        self._started_ns = self.clock()
        if self.store is not None:
            self.session_id = self.store.start_session(
                self.profile,
                MODE,
                ["deal"],
                self.rules.preset,
                self.seed,
                interactive=self.interactive,
            )

    # -- the shoe --------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        return self.steps[self.position] if self.position < len(self.steps) else None

    @property
    def round_over(self) -> bool:
        return self.position >= len(self.steps)

    @property
    def shoe_over(self) -> bool:
        """The cut card is out [000], or the shift's time is up, or the trainee ended it."""
        if self.ended:
            return True
        if self.shift_minutes is not None:
            return self.clock() - self._started_ns >= self.shift_minutes * 60 * 1_000_000_000
        if self.rules.reshuffle == "every-round":
            # a table that shuffles every hand [002] has no cut card: a "shoe" is a set of
            # rounds (chosen)
            return self.figures.rounds >= ROUNDS_WITHOUT_CUT_CARD and self.round_over
        # the shoe reshuffles itself once the red card is out (Shoe.end_round) [000]
        return self._cut

    def next_round(self) -> list[Step]:
        if not self.round_over:
            raise ValueError("the round in play is not finished")
        ahead, self._ahead = self._ahead, None
        r, self.steps, cut = ahead if ahead is not None else self._deal_round()
        self.round = r
        self._incidents = {id(r): self._incidents.get(id(r), {})}
        self._cut = self._cut or cut
        self.position = 0
        self._tried = False
        self.figures.rounds += 1
        return self.steps

    def prepare_next(self) -> list[Step] | None:
        """Play the next round now, while the trainee finishes this one, and return its steps
        (the app draws its first table ahead); `next_round()` then hands it over at once. None
        when the shoe ends with this round. The same rounds come whether prepared or not: the
        round played ahead draws on the shoe and the seed as it would have when dealt."""
        if self._ahead is None and not self._last_round():
            self._ahead = self._deal_round()
        return self._ahead[1] if self._ahead is not None else None

    def _last_round(self) -> bool:
        """The round in play is the shoe's last, whatever the clock says (a shift's time may
        still run out before the next one: then the round played ahead is never dealt)."""
        if self.ended:
            return True
        if self.shift_minutes is not None:
            return False  # a shift deals on past the cut card until its time is up
        if self.rules.reshuffle == "every-round":
            return self.figures.rounds >= ROUNDS_WITHOUT_CUT_CARD
        return self._cut

    def _deal_round(self) -> tuple[Round, list[Step], bool]:
        shuffles = self._shoe.shuffles
        fresh, self._fresh = self._fresh, False
        r, extra = self._play_round()
        if fresh and self.rules.dealt_by_hand:
            # [000][003] the shoe shuffled and cut, the dealer burns its first 5 cards before the
            # first card (a table that shuffles every hand [002] is a machine's: nothing to do)
            burn = partial(shoe_burn, r.snapshot(currency=self.currency))
            extra.setdefault(0, []).insert(0, burn)
        cut = self._fresh = self._shoe.shuffles > shuffles
        self._incidents[id(r)] = extra
        steps = steps_of(
            r, currency=self.currency, incidents=self._told(extra), language=self.language
        )
        return r, self._as_asked(steps), cut

    def _as_asked(self, steps: list[Step]) -> list[Step]:
        """The steps as the trainee is asked them: guided, as they are; on his own, the phase."""
        if self.guided:
            return steps
        # each numbered in its round: an exam may leave one out or take one out of turn
        return [on_ones_own(replace(s, data={**s.data, "n": i})) for i, s in enumerate(steps)]

    def _told(self, incidents: dict[int, list[Incident]]) -> dict[int, list[Step]]:
        """The incidents' steps said now: in the trainee's words, the players speaking theirs."""
        assert self.language is not None
        return {i: [make(self.language) for make in made] for i, made in incidents.items()}

    def retell(self, language: str | None = None) -> dict[int, Step]:
        """The steps of the round in play and of the one played ahead read off their rounds
        again, in the trainee's current language (after a switch while the shoe is dealt), the
        players now speaking `language` (None: as they did). The shoe is where it was: the same
        steps, the same step asked, nothing judged or stored again; the last verdicts on this
        round's steps name them in the new words; an incident (a refused request, an insurance
        over the amount) is said again too, the same request of the same bettor. Returns the
        steps said again, by the id of the old one (for `verdict_again`)."""
        if language is not None:
            if language not in vocabulary.LANGUAGES:
                raise ValueError(_players_speak(language))
            self.language = language
        told: dict[int, Step] = {}
        if self.round is not None:
            old = self.steps
            self.steps = self._steps_again(self.round, old)
            told = {id(a): b for a, b in zip(old, self.steps, strict=True)}
            self.verdicts = [verdict_again(v, told) for v in self.verdicts]
        if self._ahead is not None:
            r, steps, cut = self._ahead
            self._ahead = (r, self._steps_again(r, steps), cut)
        return told

    def _steps_again(self, r: Round, steps: list[Step]) -> list[Step]:
        everyone = steps_of(
            r,
            currency=self.currency,
            incidents=self._told(self._incidents.get(id(r), {})),
            language=self.language,
        )
        if not self.guided:
            # on one's own, an exam leaves out a forgotten step or settles a box out of turn:
            # the steps left, each said again
            mine = {_step_key(x): x for x in self._as_asked(everyone)}
            told = [mine.get(_step_key(x)) for x in steps]
            return steps if None in told else [x for x in told if x is not None]
        again = everyone
        same = len(again) == len(steps) and all(
            _same_step(a, b) for a, b in zip(steps, again, strict=True)
        )
        if not same:
            return steps  # never expected: a round's steps are read off its transcript alone
        return again

    def _bets(self) -> dict[int, dict[str, Decimal]]:
        r = self.rules
        low = r.table_min if r.table_min is not None else Decimal(1)
        high = r.table_max if r.table_max is not None else low * 100
        ladder = [low * k for k in (1, 2, 3, 4, 5, 10, 20)] + [Decimal(25), Decimal(50)]
        ladder = sorted({v for v in ladder if low <= v <= min(high, low * 40)})
        bets: dict[int, dict[str, Decimal]] = {}
        boxes = sorted(self._rng.sample(range(1, r.boxes + 1), self.boxes))
        for n in boxes:
            box = {SEAT: self._rng.choice(ladder)}
            if r.behind_bets and self._rng.random() < 0.25:
                for name in ("behind-a", "behind-b")[: self._rng.choice((1, 1, 2))]:
                    stake = self._rng.choice(ladder[:4])
                    if sum(box.values(), Decimal(0)) + stake <= high:
                        box[name] = stake
            bets[n] = box
        return bets

    def _play_round(self) -> tuple[Round, dict[int, list[Incident]]]:
        rate = INCIDENT_RATES[self.incidents]
        rules = self.rules
        r = Round(rules, self._shoe, on_burn=self._shoe.burn)
        bets = self._bets()
        for n, box in bets.items():
            for bettor, amount in box.items():
                r.bet(n, bettor, amount)
        r.deal()
        extra: dict[int, list[Incident]] = {}
        # a card is exposed by mistake only where cards are dealt by hand
        exposed = rate and self._rng.random() < rate and rules.dealt_by_hand
        refused = rate and self._rng.random() < rate
        if r.phase == "insurance":
            self._insurance(r, extra, rate)
        # [003] a standing bettor may refuse to add money for a split or double
        behind_refuses = rate and rules.behind_consent and self._rng.random() < rate
        while not r.done:
            h = r.current
            assert h is not None
            if exposed and len(h.cards) >= 2:
                exposed = False
                # [003] offered to the player whose turn it is, the later boxes, the dealer: each
                # player takes it or refuses it as he would play his hand (never on a hard 17 or
                # more); the dealer, where he may use it, often leaves it to be burned
                candidates = r.exposed_offer_order()
                refusing = refusing_players(self._rng, candidates, r.boxes, r.dealer[0], rules)
                if DEALER in candidates and self._rng.random() < 0.6:
                    refusing.append(DEALER)
                try:
                    r.expose(refused_by=refusing)
                    continue
                except RoundError:
                    pass
            refusals: tuple[str, ...] = ()
            told: str | None = None  # the request a bettor behind refused just now
            legal = r.legal_actions()
            seated = r.boxes[h.box]
            behind = [k for k in seated.bets if k != SEAT]
            if behind_refuses and behind and len(h.cards) == 2:
                wanted = self.decide(h.cards, r.dealer[0], legal, rules)
                if wanted in (DOUBLE, SPLIT):
                    refusals = (behind[0],)
                    why = r.refusal(wanted, refusals)
                    if why is not None:
                        behind_refuses = False
                        # [003] the one reason the engine has here: a bettor's refusal
                        extra.setdefault(len(r.events), []).append(
                            self._refusal(r, h.label, wanted, why, who=behind[0])
                        )
                        told = wanted
                        legal = r.legal_actions(refusals)
                    else:
                        refusals = ()
            if refused:
                asked = [a for a in (DOUBLE, SPLIT) if a not in legal]
                if asked:
                    refused = False
                    a = self._rng.choice(asked)
                    why = r.refusal(a, refusals)
                    assert why is not None  # (not a legal action)
                    if a != told:  # (asked once is enough)
                        # refused for a bettor behind alone (the rules allow it): he is named
                        who = refusals[0] if refusals and r.refusal(a) is None else None
                        extra.setdefault(len(r.events), []).append(
                            self._refusal(r, h.label, a, why, who=who)
                        )
            r.act(self.decide(h.cards, r.dealer[0], legal, rules), refusals)
        self._shoe.end_round()
        return r, extra

    def _insurance(self, r: Round, extra: dict[int, list[Incident]], rate: float) -> None:
        """On a dealer Ace, some bettors insure, each exactly the amount the table takes [000]
        [003]; now and then one first puts up more than allowed, which the dealer refuses."""
        over = rate and self._rng.random() < rate
        for n, bettors in r.insurable().items():
            for bettor, top in bettors.items():
                if self._rng.random() >= 0.3:
                    continue
                if over:
                    over = False
                    too_much = top + max(Decimal(1), top / 2)
                    why = r.insurance_refusal(n, too_much, bettor)
                    assert why is not None
                    extra.setdefault(len(r.events), []).append(
                        partial(_insurance_over, n, bettor, too_much, why, r.snapshot())
                    )
                amount = top
                if self.rules.insurance_amount != "half" and self._rng.random() < 0.3:
                    amount = max(Decimal(1), (top / 2).to_integral_value())
                r.insure(n, amount, bettor)
        r.close_insurance()

    def _refusal(
        self, r: Round, label: str, action: str, why: Reason, who: str | None = None
    ) -> Incident:
        """A player asks for a double or a split the dealer must refuse; `why`, the engine's
        reason (`Round.refusal`), kept as its parts and said when the step is asked."""
        return partial(
            _refused_request, label, action, why, who, r.snapshot(currency=self.currency)
        )

    # -- the trainee's steps ---------------------------------------------------------------

    def pays_in_chips(self, s: Step | None = None) -> bool:
        """Whether the step (the one asked now by default) is a payment the trainee may make
        from the chip tray: a win, a Black Jack or an insurance paid [000]."""
        s = self.step if s is None else s
        return s is not None and s.amount is not None and s.item in _PAID_ITEMS

    def chips_due(self, s: Step | None = None) -> list[Decimal]:
        """The chips the house's practice pays the step's amount in, largest first: the
        fewest chips of the table, or colour for colour in the chips of the stake as it lies
        (a doubled stake as its two stacks) — `trainer.game.payout.payment`."""
        s = self.step if s is None else s
        if s is None or s.amount is None:
            raise ValueError("this step pays nothing")
        chips = sorted(self.rules.chips)
        stake = s.data.get("stake") or Decimal(0)
        if s.item == "pay:insurance-paid":
            stake = s.amount / 2  # insurance pays 2 to 1 on the insured amount [000]
        try:
            if s.data.get("doubled"):
                lying = chip_breakdown(stake / 2, chips) * 2
            else:
                lying = chip_breakdown(stake, chips) if stake else []
            return payment(self.chip_payment, s.amount, lying, chips)
        except ChipError:
            return []  # the table's chips cannot make it: the amount is typed

    def answer_chips(
        self, chips: Sequence[Decimal], response_ms: int, target: str | None = None
    ) -> StepVerdict:
        """Judge a payment made from the chip tray: the amount, as a typed one, and the chips
        by the house's practice — any payout of the fewest chips, or the very chips colour for
        colour (as the chips drill judges them). Stored at once like any step. On one's own the
        trainee names the box paid (`target`, as typed: "3", "4.2", "3a"): paying another box
        than the one due is judged as any move (`_do`)."""
        s = self.step
        if s is None:
            raise ValueError("the round is over: deal the next one")
        if not chips:
            raise answers.Unreadable(_("put the payment's chips on the tray first"))
        if not self.guided:
            place = _read_target(target.strip().casefold()) if target else None
            if place is None:
                raise answers.Unreadable(
                    _("name the box you pay first: click it, or type its number")
                )
            total = sum((Decimal(c) for c in chips), Decimal(0))
            move = Move(place[0], PAY, money(total), place[1])
            text = f"{move_text(move)} ({' + '.join(money(c) for c in chips)})"
            if names_step(s, move) and not self.pays_in_chips(s):
                return self._do(move, text, response_ms)  # an insurance taken is typed
            return self._do(move, text, response_ms, chips=chips)
        if not self.pays_in_chips(s):
            raise answers.Unreadable(_("this step is not paid in chips: type it or press its key"))
        return self._paid_in_chips(s, chips, response_ms)

    def _paid_in_chips(self, s: Step, chips: Sequence[Decimal], response_ms: int) -> StepVerdict:
        if not self.pays_in_chips(s):
            # a push or a collected hand paid with chips: a payment where none is due
            amount = sum((Decimal(c) for c in chips), Decimal(0))
            return self._judge(
                s, " + ".join(money(c) for c in chips), money(amount), amount, response_ms,
                correct=False,
            )  # fmt: skip
        due = self.chips_due(s)
        paid = sorted((Decimal(c) for c in chips), reverse=True)
        amount = sum(paid, Decimal(0))
        right_amount = money(amount) == s.expected
        if self.chip_payment == COLOUR_FOR_COLOUR:
            right_chips = paid == due
        else:
            right_chips = len(paid) == len(due)
        listing = " + ".join(money(c) for c in due)
        if due and right_amount and not right_chips:
            if self.chip_payment == COLOUR_FOR_COLOUR:
                said = _(
                    "{amount} is paid colour for colour: the stake matched chip for chip, the "
                    "rest in its colours — {chips} (house practice, chosen in the settings)"
                )
            else:
                said = _(
                    "{amount} is paid with the fewest chips of the table — {chips} (house "
                    "practice, chosen in the settings)"
                )
            reason = said.format(amount=_amount(amount), chips=" + ".join(_amount(c) for c in due))
        else:
            reason = s.rule
        return self._judge(
            s,
            " + ".join(money(c) for c in paid),
            money(amount),
            amount,
            response_ms,
            correct=right_amount and (right_chips or not due),
            expected=f"{listing} = {s.expected}" if due else s.expected,
            reason=reason,
            chips=paid,
            in_chips=due,
        )

    def answer(self, text: str, response_ms: int) -> StepVerdict:
        """Judge the trainee's step and store it at once (its first try). Raises
        `answers.Unreadable` when the text cannot be read as the step's kind of answer."""
        s = self.step
        if s is None:
            raise ValueError("the round is over: deal the next one")
        if not self.guided:
            return self._do(self.read_move(text), text, response_ms)
        given, value = self._read(s, text)
        return self._judge(s, text, given, value, response_ms, correct=given == s.expected)

    # -- on one's own: the trainee names the place and the action ----------------------------

    def read_move(self, text: str) -> Move:
        """A move as the trainee types it: a place, then an action, then a point or an amount —
        "6 collect", "6 c", "3 p 15", "4.2 14", "3a pay 7,50", "d h", "d 17", "i", "b"; a place
        alone deals a card there. Raises `answers.Unreadable` with how to type one."""
        tokens = text.strip().casefold().split()
        if not tokens:
            raise answers.Unreadable(how_to_move())
        target, bettor = None, SEAT
        place = _read_target(tokens[0])
        if place is not None:
            target, bettor = place
            tokens = tokens[1:]
            bettors = _bettor_words()
            if tokens and tokens[0] in bettors:
                bettor = bettors[tokens[0]]
                tokens = tokens[1:]
        if not tokens:
            if target is None:
                raise answers.Unreadable(how_to_move())
            return Move(target, DEAL_CARD, "", bettor)
        word = words_read().moves.get(tokens[0])
        if word is None:
            if target is None:
                raise answers.Unreadable(how_to_move())
            # a point or an amount after the place: paid in the settlement, else announced
            s = self.step
            rest = " ".join(tokens)
            settling = s is not None and s.phase == SETTLE
            return Move(target, PAY if settling else ANNOUNCE, rest, bettor)
        if target is None and word in (COLLECT, PAY, PUSH, DOUBLE, SPLIT, REFUSE):
            raise answers.Unreadable(how_to_move())  # a box's step: which box?
        return Move(target, word, " ".join(tokens[1:]), bettor)

    def _value(self, s: Step, move: Move) -> tuple[str, Decimal | None]:
        """What the move answers to the step it names, as `Step.expected` writes it."""
        if s.ask == PLACE:
            if move.target is None:
                raise answers.Unreadable(how_to_move())
            return (DEALER if move.target == DEALER else move.target.split(".")[0]), None
        if s.ask == WORDS:
            if not move.value:
                raise answers.Unreadable(
                    _('say the point after the place: "3 14", "d 17", "4.2 bust"')
                )
            return self._read(s, move.value)
        if s.ask == AMOUNT:
            if move.action in (COLLECT, PUSH):
                return move.action, Decimal(0)
            if not move.value:
                raise answers.Unreadable(_('say the amount after the action: "3 p 15"'))
            amount = answers.parse_amount(move.value)
            return money(amount), amount
        return move.action, None

    def _do(
        self, move: Move, text: str, response_ms: int, chips: Sequence[Decimal] | None = None
    ) -> StepVerdict:
        """Judge a move against the step due now: the step itself, done right or wrong, or
        another one — an error of order when the dealer left out what comes first or settled a
        box out of turn. In practice the step due stays until done; in an exam the shoe goes
        on as the trainee dealt it (`_order`)."""
        s = self.step
        assert s is not None
        if names_step(s, move):
            if chips is not None:
                return self._paid_in_chips(s, chips, response_ms)
            given, value = self._value(s, move)
            return self._judge(s, text, given, value, response_ms, correct=given == s.expected)
        return self._order(s, move, text, response_ms)

    def _order(self, s: Step, move: Move, text: str, response_ms: int) -> StepVerdict:
        later = self.steps[self.position + 1 :]
        due = move_of(s)
        exam = self.mode == EXAM
        error: str | None = None
        if s.item == "pay:collect" and s.phase == PLAY:
            error = BUST_NOT_COLLECTED
        elif s.item == "procedure:insurance":
            error = INSURANCE_NOT_OFFERED
        elif s.item in ("exposed:burn", SHOE_BURN):
            error = BURN_FORGOTTEN
        elif move.action == REVEAL and any(x.item == "procedure:reveal" for x in later):
            error = HOLE_CARD_TOO_SOON
        elif s.phase == SETTLE and s.item.startswith("pay:"):
            j = next(
                (
                    k
                    for k, x in enumerate(later)
                    if x.phase == SETTLE and x.item.startswith("pay:") and names_step(x, move)
                ),
                None,
            )
            if j is not None:
                done = later[j]
                reason = order_rule(OUT_OF_TURN, s, done)
                if exam:
                    # the box named is settled now, out of turn; the box due is still to do
                    self.steps.insert(self.position, self.steps.pop(self.position + 1 + j))
                    given, value = self._value(done, move)
                    return self._judge(
                        done, text, given, value, response_ms, correct=False,
                        expected=move_text(due), reason=reason, kind=K_ORDER,
                        item=f"procedure:order-{OUT_OF_TURN}", move=due,
                    )  # fmt: skip
                return self._judge(
                    s, text, move_text(move), None, response_ms, correct=False,
                    expected=move_text(due), reason=reason, kind=K_ORDER,
                    item=f"procedure:order-{OUT_OF_TURN}", move=due,
                )  # fmt: skip
        if error is None:
            # the wrong step, an error of the step's own kind (a card dealt for an announcement)
            return self._judge(
                s, text, move_text(move), None, response_ms, correct=False,
                expected=move_text(due), move=due,
            )  # fmt: skip
        left_out = error != HOLE_CARD_TOO_SOON
        verdict = self._judge(
            s, text, move_text(move), None, 0 if exam and left_out else response_ms,
            correct=False, expected=move_text(due), reason=order_rule(error, s),
            kind=K_ORDER, item=f"procedure:order-{error}", move=due, skip=exam and left_out,
        )  # fmt: skip
        if not (exam and left_out):
            return verdict
        if error == INSURANCE_NOT_OFFERED:
            # nobody could insure: the insurance taken and settled in the engine's round is left
            # out with it
            self.steps[self.position :] = [
                x for x in self.steps[self.position :] if x.item not in _INSURANCE_ITEMS
            ]
        if self.round_over:
            return verdict
        # the dealer went on: what he did is the next step's
        return self._do(move, text, response_ms)

    def _judge(
        self,
        s: Step,
        text: str,
        given: str,
        value: Decimal | None,
        response_ms: int,
        *,
        correct: bool,
        expected: str | None = None,
        reason: str | None = None,
        chips: Sequence[Decimal] | None = None,
        in_chips: Sequence[Decimal] = (),
        kind: str | None = None,
        item: str | None = None,
        move: Move | None = None,
        skip: bool = False,
    ) -> StepVerdict:
        """Score the step's first try and store it; `kind` and `item`: an error of order's
        (the step's own by default); `skip`: the step is left out (an exam on one's own), not
        done."""
        counted = kind or s.kind
        over = under = Decimal(0)
        # money paid wrongly: a payment, a push or a collection made (`value`), never a step left
        # out or another one done instead (the bust's stake is collected late, not given away)
        if s.ask == AMOUNT and not correct and value is not None:
            # what the bettor goes home with from this hand: the stake back and the payment
            # for a win, the stake for a push, nothing for a collected hand
            stake = s.data.get("stake", Decimal(0))
            due = _kept(s.expected, s.amount, stake)
            got = _kept(given, value, stake)
            if got > due:
                over = got - due
            else:
                under = due - got
        first = not self._tried
        again = not correct and self.mode == PRACTICE
        right = s.expected if expected is None else expected
        why = s.rule if reason is None else reason
        verdict = StepVerdict(
            s, text, correct, right, "" if correct else why, over, under, again, tuple(in_chips),
            "" if kind is None else kind, move,
        )  # fmt: skip
        if first:
            f = self.figures
            f.steps += 1
            f.steps_by_kind[s.kind] += 1
            if not self.guided and s.kind != K_ORDER:
                f.steps_by_kind[K_ORDER] += 1  # on one's own every step is a choice of order
            f.phase_ms[s.phase] += response_ms
            if not correct:
                f.errors[counted] += 1
                f.over += over
                f.under += under
            self.verdicts.append(verdict)
            if self.store is not None and self.session_id is not None:
                question = self._question(s, ends=self.position == len(self.steps) - 1)
                question["kind"] = counted
                if not self.guided:
                    question["own"] = True
                if chips is not None:
                    question["chips"] = [money(c) for c in chips]
                    question["payment"] = self.chip_payment
                self.store.record(
                    self.session_id,
                    "procedure" if kind == K_ORDER else s.skill,
                    item or s.item,
                    question,
                    text,
                    right,
                    correct,
                    response_ms,
                )
        if again:
            self._tried = True
        else:
            if skip:
                del self.steps[self.position]  # left out: the dealer went on without it
            else:
                self.position += 1
            self._tried = False
            if self.round_over:
                self.figures.rounds_done += 1
                self.figures.done_ms = self.elapsed_ms()
        return verdict

    def _read(self, s: Step, text: str) -> tuple[str, Decimal | None]:
        t = text.strip().casefold()
        if s.ask == PLACE:
            if t == "d" or t in words_read().dealer:
                return DEALER, None
            if t.isascii() and t.isdigit() and len(t) <= 2 and 1 <= int(t) <= 7:
                return t, None
            # "d" in every language (the reader takes that letter), and the table's word
            raise answers.Unreadable(
                _('expected a box number 1 to 7, or "d" or "{dealer}" for the dealer').format(
                    dealer=vocabulary.said("dealer", _trainee())
                )
            )
        if s.ask == WORDS:
            point = answers.read_point(text)
            # "hard 17" for a soft 17 is wrong even though it says 17
            soft = s.data.get("soft")
            return (point.words if soft is None or point.fits(soft) else str(point)), None
        if s.ask == ACTION:
            if t in words_read().no and s.item in _YES_OR_NO:
                word = REFUSE  # "non" is no to what is asked, not a stand [000]
            else:
                word = words_read().actions.get(t, t)
            if word not in ACTION_WORDS:
                raise answers.Unreadable(
                    _("expected one of: {words}").format(words=", ".join(action_words()))
                )
            return word, None
        word = words_read().actions.get(t, t)
        if word in (COLLECT, PUSH):
            return word, Decimal(0)
        amount = answers.parse_amount(text)
        return money(amount), amount

    def _question(self, s: Step, *, ends: bool) -> dict[str, Any]:
        # the round and the boxes in play, and the rounds dealt to their end with the time to
        # the end of the last one (the live pace's figures, this step's answer counted when it
        # is its round's last): the history reads a shoe's rounds and its pace from its last
        # step alone (progress_data.ShoeFacts). A round's last step answered wrong in practice
        # ends it there for the history — the step done right again is not recorded.
        f = self.figures
        q: dict[str, Any] = {
            # the prompt as its parts, said in the words of whoever reads the history
            "deal": s.prompt if s.asked is None else s.asked,
            "phase": s.phase,
            "kind": s.kind,
            "round": f.rounds,
            "boxes": self.boxes,
            "done": f.rounds_done + 1 if ends else f.rounds_done,
            "done_ms": self.elapsed_ms() if ends else f.done_ms,
        }
        if s.hand is not None:
            q["hand"] = s.hand
        if s.says:
            q["says"] = s.says
        return q

    # -- the end ---------------------------------------------------------------------------

    def finish(self) -> Figures:
        """End the shoe or shift: the session is closed and the figures are final."""
        if not self.ended:
            self.ended = True
            self.figures.elapsed_ms = (self.clock() - self._started_ns) // 1_000_000
            if self.store is not None and self.session_id is not None:
                self.store.end_session(self.session_id)
        return self.figures

    def elapsed_ms(self) -> int:
        return (self.clock() - self._started_ns) // 1_000_000


def dealt_before(store: Any, profile: str) -> bool:
    """The profile has dealt a shoe already (a session of deal mode with a step answered): its
    practice is on its own from then on, unless it asks to be guided."""
    try:
        return any(r.mode == MODE and r.attempts for r in store.sessions(profile))
    except Exception:  # noqa: BLE001  a profile not in the history yet: its first shoe
        return False


def _step_key(s: Step) -> int | None:
    """A step's place in its round as it was read off (on one's own)."""
    n = s.data.get("n")
    return n if isinstance(n, int) else None


def _same_step(a: Step, b: Step) -> bool:
    """The same step of the same round, whatever language each is said in."""
    return (a.phase, a.kind, a.skill, a.ask, a.expected, a.item, a.hand, a.amount) == (
        b.phase,
        b.kind,
        b.skill,
        b.ask,
        b.expected,
        b.item,
        b.hand,
        b.amount,
    )


def verdict_again(v: StepVerdict, told: dict[int, Step]) -> StepVerdict:
    """`v` on its step said again (`told`: the steps of its round, old to new), its reason the
    step's rule in the new words when that is what it gave."""
    step = told.get(id(v.step))
    if step is None:
        return v
    reason = step.rule if v.reason and v.reason == v.step.rule else v.reason
    return replace(v, step=step, reason=reason)


# the steps that exist only because insurance was offered: left out with the offer (an exam)
_INSURANCE_ITEMS: Final = frozenset(
    ("pay:insure", "procedure:insurance-over", "pay:insurance-paid", "pay:insurance-collected")
)


# the payments a dealer makes from his chips: a win, a Black Jack, an insurance won (taking an
# insurance bet is the player's money, typed)
_PAID_ITEMS: Final = frozenset(("pay:pay", "pay:blackjack-paid", "pay:insurance-paid"))


def seed_range() -> str:
    """What a seed is, said when a bad one is given (here and by `sabot deal`)."""
    return _("a seed is a whole number from 0 to {most}").format(most=MAX_SEED)


# -- incidents: what is said, in the trainee's words when it is asked -----------------------------


def _insurance_over(
    box: int, bettor: str, amount: Decimal, why: Reason, view: TableView, language: str
) -> Step:
    """A bettor puts up more insurance than the table takes: the dealer refuses [000][003],
    for the engine's reason (`Round.insurance_refusal`), said in the trainee's words."""
    return asking(
        "deal", K_PROCEDURE, "procedure", ACTION,
        asked(
            N_("Box {box}: {who} puts up {amount} for insurance"),
            box=box, who=_who_asked(bettor), amount=amount_asked(amount),
        ),
        REFUSE, why.text(), "procedure:insurance-over", view, hand=str(box),
        says=insurance_words(amount, language),
    )  # fmt: skip


def _refused_request(
    label: str, action: str, why: Reason, who: str | None, view: TableView, language: str
) -> Step:
    """A player asks for a double or a split the dealer must refuse, for the engine's reason
    `why` (`Round.refusal`), said in the trainee's words; `who`, a bettor behind who will not
    add his money [003]."""
    says = player_says(action, language)
    if who is None:
        prompt = asked(N_("Box {hand}: \u201c{says}\u201d"), hand=label, says=says)
    else:
        prompt = asked(
            N_("Box {hand}: \u201c{says}\u201d — {who} will not add money"),
            hand=label, says=says, who=_who_asked(who),
        )  # fmt: skip
    return asking(
        PLAY, K_PROCEDURE, "procedure", ACTION, prompt, REFUSE,
        why.text(), f"procedure:refuse-{action}",
        view, hand=label, says=says, data={"signal": action},
    )  # fmt: skip


def _kept(word: str, amount: Decimal | None, stake: Decimal) -> Decimal:
    if word == COLLECT:
        return Decimal(0)
    if word == PUSH:
        return stake
    return stake + (amount or Decimal(0))
