"""What every skill shares: the question a drill asks, the verdict on an answer, and the Skill.

A skill makes questions from real engine states under the active house rules (never from a
hand-typed table of answers), and judges a raw answer with the tolerant readers of
`trainer.practice.answers`. Input that cannot be read raises `Unreadable` and is not scored.
"""

from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from trainer.game.hand import bettor_name  # noqa: F401  (callers read it here)
from trainer.game.payout import AS_ASKED, CHIP_PAYMENTS, FEWEST, HANDING_WAYS, HOUSE_MIX
from trainer.game.rules import HouseRules
from trainer.game.table import TableView
from trainer.i18n import N_, _, format_amount
from trainer.practice import answers
from trainer.practice.curriculum import INFO

# How an answer is typed, and so how it is read.
ANNOUNCEMENT = "announcement"
AMOUNT = "amount"
SIGNED_AMOUNT = "signed-amount"
AMOUNTS = "amounts"
CHIPS = "chips"
# an amount announced, then the chips handed over for it (a buy-in, a colour-up: RULES.md §14)
ANNOUNCED_CHIPS = "announced-chips"
SEQUENCE = "sequence"
RESULTS = "results"
DEALER = "dealer"
CHOICE = "choice"

# In English, marked for the catalogue: `how_to_answer(kind)` says it in the trainee's language.
HOW_TO_ANSWER = {
    ANNOUNCEMENT: N_(
        'the point as the dealer says it: "16", "6 or 16", "21", "Black Jack", "bust"'
    ),
    AMOUNT: N_('an amount: "15", "37.5" or "37,50"'),
    SIGNED_AMOUNT: N_('an amount, negative when the dealer takes it: "50", "-25", "0"'),
    AMOUNTS: N_('one amount each, in the order shown, separated by ";" or ", ": "10; -5; 7,50"'),
    CHIPS: N_('the chips, largest first: "25 10 2" or "2x25 5"'),
    ANNOUNCED_CHIPS: N_('the amount you announce, then ":" and the chips: "300: 11x25 5x5"'),
    SEQUENCE: N_('boxes and the dealer in order: "1 3 dealer 1 3"'),
    RESULTS: N_('one result per hand: blackjack, win, push, lose or bust ("win lose")'),
    DEALER: N_('how many cards the dealer draws and the final point: "2 bust", "0 17"'),
    CHOICE: N_("the number or letter of your choice"),
}


# A form of question whose answer is typed otherwise than its kind says, by its item's start:
# the play of a round names split hands, not two rounds of boxes; an exposed card's order may
# end with "burn".
FORM_HINTS = {
    "deal-order:play": N_(
        'the hands that take a card, in playing order, then the dealer: "1.1 1.2 3 dealer"'
    ),
    "exposed-card:": N_(
        'whom the card is offered to, in order, then "burn" if nobody takes it: "3 5 dealer burn"'
    ),
}


def how_to_answer(kind: str) -> str:
    """How an answer of this kind is typed, in the trainee's language."""
    return _(HOW_TO_ANSWER[kind])


def answer_hint(q: Question) -> str:
    """How the answer to `q` is typed, in the trainee's language: its form's own hint where it
    has one (`FORM_HINTS`), else its kind's."""
    for start, hint in FORM_HINTS.items():
        if q.item.startswith(start):
            return _(hint)
    return how_to_answer(q.kind)


def amount(value: Decimal) -> str:
    """An amount as a drill writes it for the trainee, in the trainee's language: "37.50" or
    "37,50", "15", "1250" (the figures a trainee types, without a thousands separator, which
    "1.250" in Italian would make look like a decimal mark; the currency is the table's)."""
    return format_amount(value, currency="", group=False)


@dataclass(frozen=True)
class Question:
    """One question, immutable: what the trainee is shown, and the right answer.

    `data` is plain JSON (what the history stores); hand-based skills put the hand in
    `data["cards"]`. `answer` is the canonical value the reader's output is compared with;
    `expected` is how the right answer is written for the trainee.
    """

    skill: str
    item: str
    prompt: str
    data: dict[str, Any]
    kind: str
    answer: Any
    expected: str
    reason: str
    choices: tuple[str, ...] = ()
    table: TableView | None = field(default=None, compare=False)
    # the prompt with the stake left out, for a trainee who reads the bet from its chips on the
    # felt (the setting "Read the bet", issue 24); "" where the prompt names no stake
    unread_prompt: str = field(default="", compare=False)
    # how it was made, so that it can be said again in another language (`retold`)
    making: Making | None = field(default=None, compare=False, repr=False)


# A situation a question is aimed at, as `Making` keeps it: the fields of a question's data that
# make it ("cards", "split", "stood"; "bet", "box"), sorted by name, lists as tuples.
Seen = tuple[tuple[str, Any], ...]


def seen_of(data: Mapping[str, Any], fields: Iterable[str]) -> Seen:
    """The situation `fields` of a question's `data` make, as `Making` keeps it."""

    def frozen(value: Any) -> Any:
        return tuple(frozen(v) for v in value) if isinstance(value, list | tuple) else value

    return tuple(sorted((name, frozen(data[name])) for name in fields if name in data))


@dataclass(frozen=True)
class Making:
    """How a question was made: the random state its skill started from, and for a weak item
    asked again, the item it was made on (`Skill.make_item`) and, for a review, the very
    situation it was aimed at (`seen`). The same state, aim and rules make the same question:
    the same cards, the same answer."""

    state: tuple[Any, ...]
    item: str | None = None
    seen: Seen = ()


def made(
    skill: Skill,
    rng: random.Random,
    rules: HouseRules,
    item: str | None = None,
    seen: Seen = (),
) -> Question | None:
    """`skill.make(rng, rules)` (or `make_item` when `item` is given, on the situation `seen`
    when that is given too), the question remembering how it was made, so that `retold` can say
    it again in another language."""
    making = Making(rng.getstate(), item, seen)
    q = _make(skill, rng, rules, making)
    return None if q is None else replace(q, making=making)


def _make(skill: Skill, rng: random.Random, rules: HouseRules, m: Making) -> Question | None:
    if m.item is None:
        return skill.make(rng, rules)
    return skill.make_item(rng, rules, m.item, dict(m.seen) if m.seen else None)


def retold(q: Question, skill: Skill, rules: HouseRules) -> Question:
    """`q` said again in the current language: made again from where it was made, so its
    prompt, choices, expected answer, reason and table are in today's words while the hand and
    the answer stay the same. `q` itself when it cannot be (made without `made`, or made again
    into another question: never expected, since a question depends on its random state and
    rules alone)."""
    m = q.making
    if m is None:
        return q
    rng = random.Random()
    rng.setstate(m.state)
    again = _make(skill, rng, rules, m)
    if again is None or not same_question(q, again):
        return q
    return replace(again, making=m)


def same_question(a: Question, b: Question) -> bool:
    """Whether `a` and `b` ask the same thing, whatever language each is said in: the same
    skill, item, kind of answer, data and right answer (the texts aside: a choice's words)."""

    def facts(q: Question) -> tuple[Any, ...]:
        data = {k: v for k, v in q.data.items() if k != "choices"}
        return (q.skill, q.item, q.kind, data, q.answer, len(q.choices))

    return facts(a) == facts(b)


def reverdict(q: Question, skill: Skill, raw: str, verdict: Verdict) -> Verdict:
    """The verdict on `raw` given to `q` (`q` retold in the current language) said in the
    current language: its right answer and reason in today's words, the answer as read written
    back in them. Right or wrong stays what it was when judged and stored."""
    try:
        again = skill.check(q, raw)
        given, note = again.given, again.note
    except answers.Unreadable:  # read in the language it was typed in, not in this one
        given, note = verdict.given, verdict.note
    return Verdict(verdict.correct, given, q.expected, q.reason, verdict.parts, note)


@dataclass(frozen=True)
class Verdict:
    correct: bool
    given: str  # the answer as it was read
    expected: str
    reason: str  # why the right answer is right, with its rule
    # an answer of several parts judged part by part: (part, right), "amount" and "chips" for an
    # amount announced and the chips handed over (ANNOUNCED_CHIPS); () for an answer of one part
    parts: tuple[tuple[str, bool], ...] = ()
    # the parts' verdicts in a sentence ("The amount is right; the chips are not the house's
    # mix."), "" for an answer of one part
    note: str = ""


def read(kind: str, raw: str, q: Question) -> Any:
    """The canonical value of a raw answer of this kind; `answers.Unreadable` if there is none."""
    if kind == ANNOUNCEMENT:
        return answers.parse_announcement(raw)
    if kind == AMOUNT:
        return answers.parse_amount(raw)
    if kind == SIGNED_AMOUNT:
        return answers.parse_amount(raw, allow_negative=True)
    if kind == AMOUNTS:
        # how a comma separates amounts or marks decimals: answers.parse_amounts
        return answers.parse_amounts(raw, len(q.answer), allow_negative=True)
    if kind == CHIPS:
        return answers.parse_chips(raw, [Decimal(c) for c in q.data["chip_set"]])
    if kind == ANNOUNCED_CHIPS:
        return answers.parse_announced_chips(raw, [Decimal(c) for c in q.data["chip_set"]])
    if kind == SEQUENCE:
        return answers.parse_sequence(raw)
    if kind == RESULTS:
        return answers.parse_results(raw, len(q.answer))
    if kind == DEALER:
        return answers.parse_dealer(raw)
    if kind == CHOICE:
        # a lone letter is the choice's letter, even where a choice's text starts with it
        t = raw.strip().lower().rstrip(").")
        if len(t) == 1 and "a" <= t < chr(ord("a") + len(q.choices)):
            return ord(t) - ord("a")
        return answers.parse_choice(raw, q.choices)
    raise ValueError(f"unknown answer kind {kind}")


def show(kind: str, value: Any, q: Question) -> str:
    """A read answer written back the way `expected` is written."""
    if kind in (AMOUNT, SIGNED_AMOUNT):
        return amount(value)
    if kind == AMOUNTS:
        return "; ".join(amount(v) for v in value)
    if kind == CHIPS:
        return " ".join(amount(v) for v in value) or _("no chips")
    if kind == ANNOUNCED_CHIPS:
        said, chips = value
        return f"{amount(said)}: {chips_text(chips)}"
    if kind == SEQUENCE:
        return " ".join(dealer_word() if v == "dealer" else v for v in value)
    if kind == RESULTS:
        return " ".join(result_word(v) for v in value)
    if kind == DEALER:
        from trainer.game.announce import spoken

        n, point = value
        return f"{n} {spoken(point)}"
    if kind == CHOICE:
        return q.choices[value]
    return str(value)


def chips_text(chips: Sequence[Decimal]) -> str:
    """Chips as an answer writes them, largest first, a run of one colour as a count:
    "11x25 5x5 10", "no chips" for none."""
    if not chips:
        return _("no chips")
    runs: list[str] = []
    for chip, group in itertools.groupby(sorted(chips, reverse=True)):
        n = len(list(group))
        runs.append(f"{n}x{amount(chip)}" if n > 1 else amount(chip))
    return " ".join(runs)


@dataclass(frozen=True)
class Practice:
    """What the trainee's school teaches where the rules leave the croupier a choice, as the
    settings hold it: the drills ask by it, and say so."""

    chip_payment: str = FEWEST  # FEWEST or COLOUR_FOR_COLOUR (trainer.game.payout)
    # how a buy-in's chips are given, and a chip changed (RULES.md §14, house practice): the
    # house's usual mix or as the player asks (trainer.game.payout's HOUSE_MIX, AS_ASKED)
    buy_in: str = HOUSE_MIX
    change: str = AS_ASKED

    def __post_init__(self) -> None:
        if self.chip_payment not in CHIP_PAYMENTS:
            raise ValueError(
                _("unknown chip payment {name}: expected one of {names}").format(
                    name=repr(self.chip_payment), names=", ".join(CHIP_PAYMENTS)
                )
            )
        for way in (self.buy_in, self.change):
            if way not in HANDING_WAYS:
                raise ValueError(
                    _("unknown way of handing chips {name}: expected one of {names}").format(
                        name=repr(way), names=", ".join(HANDING_WAYS)
                    )
                )


class Skill(ABC):
    """A drillable skill: its name, title, target time and how it makes and judges questions."""

    name: str = ""
    kind: str = ANNOUNCEMENT

    def configured(self, practice: Practice) -> Skill:
        """This skill as `practice` asks it (the registry's own when nothing differs)."""
        return self

    # title, target (median seconds to answer, for mastery) and blurb live in the curriculum
    @property
    def title(self) -> str:
        return INFO[self.name].title

    @property
    def target(self) -> float:
        return INFO[self.name].target

    @property
    def blurb(self) -> str:
        return INFO[self.name].blurb

    def available(self, rules: HouseRules) -> str | None:
        """None when the skill can be drilled under these rules, else why not."""
        return None

    def make(self, rng: random.Random, rules: HouseRules) -> Question:
        """A fresh question under `rules`."""
        return self.make_on(rng, rules, None)

    @abstractmethod
    def make_on(self, rng: random.Random, rules: HouseRules, aim: Any) -> Question:
        """A question under `rules`: a fresh one when `aim` is None, else one on the item `aim`
        was read from (`aim_of`). A fresh one draws from `rng` as it always has, so a seed
        keeps its questions; an aimed one may raise `Unmade` (see `tries`)."""

    def aim_of(self, key: str, rules: HouseRules) -> Any:
        """What an item's key asks a question on ("475" of "pay-even:475": a bet of 475), in
        the form `make_on` takes as its aim; None when it is no item this skill makes under
        `rules` (a bet over the table's maximum, a key of an older version)."""
        return None

    def aim_at(self, aim: Any, seen: Mapping[str, Any], rules: HouseRules) -> Any:
        """`aim` (an item's, from `aim_of`) narrowed to the very situation `seen` — the fields
        of a question's data that make it: a hand's cards, whether it was split and stood; a
        bet and its box — in the form `make_on` takes; None when these rules cannot make that
        situation (a split where the table splits no more, a box the table has not). A skill
        whose question is a whole table has no situation of its own: None."""
        return None

    def make_item(
        self,
        rng: random.Random,
        rules: HouseRules,
        item: str,
        seen: Mapping[str, Any] | None = None,
    ) -> Question | None:
        """A new question on the same item (a weak item coming back), made from its key rather
        than searched for among fresh questions — a search of hundreds missed the rarer items
        (a large bet, a soft 13, a part of an insurance), and the item the trainee got wrong
        never came back; with `seen`, on that very situation of the item (a review: the hand
        A-4-A, not any soft 16; `aim_at`). None when the key, or the situation, is not one this
        skill makes under `rules`."""
        name, sep, key = item.partition(":")
        aim = self.aim_of(key, rules) if sep and name == self.name else None
        if aim is not None and seen is not None:
            aim = self.aim_at(aim, seen, rules)
        if aim is None:
            return None
        try:
            q = self.make_on(rng, rules, aim)
        except Unmade:
            return None
        return q if q.item == item else None

    def check(self, q: Question, raw: str) -> Verdict:
        """Judge a raw answer. Raises `answers.Unreadable` for input that cannot be read."""
        value = read(q.kind, raw, q)
        return Verdict(self.same(q, value), show(q.kind, value, q), q.expected, q.reason)

    def same(self, q: Question, value: Any) -> bool:
        return bool(value == q.answer)

    @property
    def how_to_answer(self) -> str:
        return how_to_answer(self.kind)


# ---------------------------------------------------------------------------- aimed questions

# The turns a maker's loop takes at most for a question aimed at an item. A skill steers its
# draws towards the item where it can (the bet, the branch, the dealer's up card), and loops on
# what it cannot steer (how a round falls); a key these rules cannot make, or make only once in
# thousands of rounds (every one of seven boxes bust), ends in `Unmade` instead of a hang.
AIMED_TRIES = 1000


class Unmade(Exception):
    """No question on the item aimed at came up within its tries."""


def tries(aim: Any, most: int = AIMED_TRIES) -> Iterable[int]:
    """The turns of a maker's loop: endless for a fresh question (the loop always ends), at most
    `most` for one aimed at an item; the loop raises `Unmade` when they run out
    (`for ... else`)."""
    return itertools.count() if aim is None else range(most)


# ---------------------------------------------------------------------------- shared makers

_BET_STEPS = (
    5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100,
    110, 115, 120, 125, 135, 150, 165, 175, 185, 200, 225, 250, 275, 300, 325, 350, 375,
    400, 425, 450, 475, 500,
)  # fmt: skip


def bet_steps(rules: HouseRules) -> list[Decimal]:
    """The bets `pick_bet` chooses from under `rules`, smallest first."""
    lo = rules.table_min if rules.table_min is not None else Decimal(1)
    hi = rules.table_max if rules.table_max is not None else Decimal(100)
    steps = [Decimal(s) for s in _BET_STEPS if lo <= s <= hi]
    if rules.table_min is None or rules.table_min < 5:
        steps = [Decimal(s) for s in range(int(lo), 31)] + steps
    return steps


def amount_of(text: str) -> Decimal | None:
    """An amount as an item's key writes it ("475", "37.5": `money`), None when it is none."""
    try:
        value = Decimal(text)
    except ArithmeticError:
        return None
    return value if value.is_finite() and value > 0 else None


def box_of(value: Any, rules: HouseRules) -> int | None:
    """The box a situation names (3 of "bet 25 box 3"), when the table has it; None otherwise."""
    return value if type(value) is int and 1 <= value <= rules.boxes else None


def aimed_box(rng: random.Random, rules: HouseRules, aim: Any) -> int:
    """The box a question is asked at: the one its aim names (a review's, `aim.box`), else one
    drawn at random."""
    box = getattr(aim, "box", None)
    return rng.randint(1, rules.boxes) if box is None else box


def bet_of(text: str, rules: HouseRules) -> Decimal | None:
    """The bet an item's key names ("475" of "pay-even:475"), when it is one `pick_bet` may
    draw under `rules`; None otherwise (not an amount, over the table's maximum)."""
    bet = amount_of(text)
    return bet if bet is not None and bet in bet_steps(rules) else None


def pick_bet(rng: random.Random, rules: HouseRules, *, odd: bool | None = None) -> Decimal:
    """A bet a real player would put down: within the table limits, made of the table's chips,
    small bets more often than large ones. `odd`: force or forbid an odd number of units."""
    steps = bet_steps(rules)
    if odd is not None:
        steps = [s for s in steps if (int(s) % 2 == 1) == odd] or steps
    # weight towards the small end, as at a real table
    i = min(int(rng.expovariate(1 / (len(steps) / 4))), len(steps) - 1)
    return steps[i]


def shoe_cards(rng: random.Random, rules: HouseRules) -> list[str]:
    """A freshly shuffled shoe's cards for the table's number of decks (suits included)."""
    from trainer.game.cards import full_deck

    cards = full_deck() * rules.decks
    rng.shuffle(cards)
    return cards


def dealer_word() -> str:
    """The dealer in a deal order, in the trainee's language: "dealer", "croupier", "mazziere"."""
    from trainer import i18n, vocabulary

    return vocabulary.said("dealer", i18n.language())


def result_word(result: str) -> str:
    """A hand's result ("win", "push", "lose", "bust", "blackjack") as the trainee's language
    says it (RULES.md §13): "gagné", "égalité", "perdu", "sauté", "Black Jack"."""
    from trainer import i18n, vocabulary

    lang = i18n.language()
    if lang == "en":
        return result
    return vocabulary.said(result, lang)


def rank_text(cards: Sequence[str]) -> str:
    return " ".join("10" if c[0] == "T" else c[0] for c in cards)
