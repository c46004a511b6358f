"""What the progress view and the instructor's report show, beyond `trainer.history.stats`.

This module owns the figures that exist only for reviewing a trainee: the per-session series of
the timeline and its moving average, the trend since last week, the cells of the item heat map,
the sessions list, the exam results and the readiness verdict against the dealer-school bar. It
is pure Python (no Qt), reads the store's aggregate tables the way `history.stats` does (so no
call scans the attempts of a whole history), and leaves every definition it shares with the rest
of the app — percentiles, mastery, days — to `trainer.history.stats`.

Definitions:

- A timeline point is one skill in one session: that skill's attempts, right answers, median
  and p90 in that session (the store's `session_skill`; computed from the attempts for a session
  that never ended). Accuracy is right answers over attempts.
- The moving average runs over the last `MOVING_WINDOW` points shown (fewer at the start):
  accuracy is the window's right answers over its attempts, time the mean of its medians.
- The trend compares this week (the last 7 local days, today included) with the 7 days before:
  the change of accuracy in percentage points and of mean response time (the daily tallies keep
  totals, not medians). No trend without attempts in both weeks.
- Readiness, the dealer-school bar: every required skill mastered (`history.stats.mastery` with
  the skills' targets) and the exam passed: an ended session of mode "exam" that answered every
  question it set (an incomplete exam never counts), right answers over attempts ≥
  `trainer.practice.drill.EXAM_PASS`, with at least one attempt of every required skill.
  Required skills are the caller's (the app: every skill drillable under its house rules).
- Sessions whose answers were piped (the store's `interactive` mark) are left out of all of it:
  the timeline, the sessions list and the exams; `trainer.history.stats` says why.
"""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from trainer.history.stats import (
    MASTERY,
    MEDIAN,
    P90,
    DayStats,
    MasteryRule,
    SkillStats,
    daily_stats,
    local_day,
    quantile_sorted,
    ratio,
    skill_stats,
    weakest_items,
)
from trainer.practice.drill import EXAM, EXAM_PASS

if TYPE_CHECKING:
    from trainer.history.store import Attempt, Store

MOVING_WINDOW: Final = 5
WEEK_DAYS: Final = 7
DAY_SECONDS: Final = 86400
# The timeline's date ranges: label -> days back from now (None: the whole history).
RANGES: Final[dict[str, int | None]] = {"Last 7 days": 7, "Last 30 days": 30, "All": None}
EXAM_PASS_FRACTION: Final = Fraction(repr(EXAM_PASS))  # 0.9 as written: exactly 9/10
ALL_SKILLS: Final = "*"  # the timeline of every skill at once (no skill is named so)


# -- results ----------------------------------------------------------------------------------


class SessionPoint(NamedTuple):
    """One skill in one session: a point of the timeline.

    Tuples, not frozen dataclasses: a long history has tens of thousands, built in one go.
    """

    session_id: int
    started: float  # unix seconds, UTC
    mode: str
    skill: str
    attempts: int
    correct: int
    total_ms: int
    median_ms: float | None
    p90_ms: float | None
    ended: bool
    planned: int | None = None  # the session's planned questions (all its skills together)

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)


class Mark(NamedTuple):
    """Where a profile's history stands: its last attempt and how many of its sessions ended.

    Two reads of a history with the same mark show the same figures; the view reads again when
    the mark moves (an answer given, a session ended)."""

    last_attempt: int = 0
    ended: int = 0


class SessionLine(NamedTuple):
    """One row of the sessions list: a session with at least one answer."""

    session_id: int
    started: float  # unix seconds, UTC
    ended: float | None
    mode: str
    skills: tuple[str, ...]
    attempts: int
    correct: int
    total_ms: int  # time spent answering
    planned: int | None = None  # the questions a sprint or an exam set out to ask

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)

    @property
    def mean_ms(self) -> float | None:
        return ratio(self.total_ms, self.attempts)

    @property
    def complete(self) -> bool:
        """Ended, with every planned question answered."""
        return self.ended is not None and (self.planned is None or self.attempts >= self.planned)

    @property
    def questions_text(self) -> str:
        """The questions column: `28`, or `6 of 28 · incomplete` for one ended early."""
        if self.planned is not None and self.attempts < self.planned:
            return f"{self.attempts:,} of {self.planned:,} · incomplete"
        return f"{self.attempts:,}"


@dataclass(frozen=True, slots=True)
class Trend:
    """A skill this week against the week before (see the module docstring)."""

    skill: str
    attempts: int  # this week
    correct: int
    total_ms: int
    before_attempts: int  # the 7 days before
    before_correct: int
    before_total_ms: int

    @property
    def accuracy_change(self) -> float | None:
        """Percentage points; positive is better."""
        if not self.attempts or not self.before_attempts:
            return None
        return 100 * (self.correct / self.attempts - self.before_correct / self.before_attempts)

    @property
    def mean_ms_change(self) -> float | None:
        """Milliseconds; negative is better (faster)."""
        if not self.attempts or not self.before_attempts:
            return None
        return self.total_ms / self.attempts - self.before_total_ms / self.before_attempts


@dataclass(frozen=True, slots=True)
class ItemCell:
    """One item of the heat map: its error rate and mean time against the skill's target."""

    skill: str
    item: str
    attempts: int
    wrong: int
    total_ms: int
    target_s: float | None

    @property
    def label(self) -> str:
        return item_label(self.item)

    @property
    def error_rate(self) -> float:
        return self.wrong / self.attempts

    @property
    def mean_ms(self) -> float:
        return self.total_ms / self.attempts

    @property
    def slowness(self) -> float | None:
        """Mean time over target: 1 is on target, 1.5 half as slow again; None without target."""
        if not self.target_s:
            return None
        return self.mean_ms / (self.target_s * 1000)


@dataclass(frozen=True, slots=True)
class ExamResult:
    session_id: int
    started: float  # unix seconds, UTC
    ended: bool
    attempts: int
    correct: int
    uncovered: tuple[str, ...]  # required skills the exam asked nothing of
    planned: int | None = None  # its questions (None: an exam from before they were stored)

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)

    @property
    def complete(self) -> bool:
        return self.ended and (self.planned is None or self.attempts >= self.planned)

    @property
    def passed(self) -> bool:
        return (
            self.complete
            and self.attempts > 0
            and Fraction(self.correct, self.attempts) >= EXAM_PASS_FRACTION
            and not self.uncovered
        )


@dataclass(frozen=True, slots=True)
class SkillGap:
    skill: str
    mastered: bool
    reasons: tuple[str, ...]  # what is still missing, in words; empty when mastered


@dataclass(frozen=True, slots=True)
class Readiness:
    """The verdict against the dealer-school bar, with what is still missing."""

    ready: bool
    skills: tuple[SkillGap, ...]  # one per required skill, in the order required
    exam: ExamResult | None  # the first exam passed, else the best attempt, else None
    exam_passed: bool
    missing: tuple[str, ...]  # one sentence per gap: each skill not mastered, then the exam

    @property
    def mastered(self) -> int:
        return sum(1 for gap in self.skills if gap.mastered)


@dataclass(frozen=True, slots=True)
class Progress:
    """Everything the progress view shows of one profile, read off the GUI thread.

    Read in two steps, so the view shows before a long history is read to its end: first
    (`complete` False) every figure but the full timeline and the sessions list — `points`
    then holds only the sessions of the `focus` skill and the exams; then `with_history` adds
    every point and every session.
    """

    profile: str
    now: float  # unix seconds the figures were read at
    skills: Mapping[str, SkillStats]
    points: tuple[SessionPoint, ...]  # oldest session first (see above)
    sessions: tuple[SessionLine, ...]  # oldest first; empty until complete
    trends: Mapping[str, Trend]
    items: tuple[ItemCell, ...]
    days: tuple[DayStats, ...]
    readiness: Readiness
    exams: tuple[ExamResult, ...] = ()
    focus: str | None = None  # the skill practised last: the timeline's first choice
    session_count: int = 0  # sessions with at least one answer
    complete: bool = True
    mark: Mark = Mark()  # the history these figures were read from (one snapshot)

    @property
    def empty(self) -> bool:
        return self.attempts == 0

    @property
    def attempts(self) -> int:
        return sum(s.attempts for s in self.skills.values())

    @property
    def answering_ms(self) -> int:
        return sum(s.total_ms for s in self.skills.values())

    def covers(self, skill: str | None) -> bool:
        """Whether `points` holds every session of this skill (always, once complete; the
        all-skills timeline only then)."""
        return self.complete or (skill == self.focus and skill != ALL_SKILLS)

    def with_history(
        self, points: Sequence[SessionPoint], sessions: Sequence[SessionLine]
    ) -> Progress:
        return replace(
            self,
            points=tuple(points),
            sessions=tuple(sessions),
            session_count=len(sessions),
            complete=True,
        )


# -- titles and labels ------------------------------------------------------------------------


def skill_title(skill: str) -> str:
    """The skill's title for people ("Announce the point"), or its name if unknown."""
    from trainer.practice.skills import SKILLS

    if skill == ALL_SKILLS:
        return "All skills"
    known = SKILLS.get(skill)
    return known.title if known is not None else skill


def item_label(item: str) -> str:
    """An item key without its skill: `announce:soft-15` -> `soft-15`."""
    return item.split(":", 1)[1] if ":" in item else item


_RESULTS: Final = {
    "win": "a winning box",
    "lose": "a losing box",
    "push": "a push",
    "bust": "a bust box",
    "blackjack": "a Black Jack",
}
_PROCEDURE: Final = {
    "collect-bust": "collecting a bust hand",
    "dealer-draws": "when the dealer draws",
    "first-box": "who plays first",
    "insurance": "offering insurance",
    "natural-waits": "a Black Jack that waits",
    "naturals-wait": "Black Jacks that wait",
    "pay-natural-now": "paying a Black Jack at once",
    "next-hand": "the next hand to play",
    "peek": "the hole card, and no peek",
    "reveal": "turning the hole card",
    "split-second-card": "a split hand's second card",
}
_EXPOSED: Final = {
    "box": "offered to a box",
    "dealer": "taken by the dealer",
    "burned": "burned",
}


def _soft(total: int) -> str:
    """A soft total as the two cards that make it: 16 -> "A + 5"; 12 -> "A + A"."""
    other = total - 11
    return "A + A" if other == 1 else f"A + {other}"


def _results(words: str) -> str:
    results = words.split("-")
    if len(results) == 1:
        return _RESULTS.get(results[0], results[0])
    said = [r if r != "blackjack" else "Black Jack" for r in results]
    return "hands that " + ", ".join(said[:-1]) + " and " + said[-1]


def item_name(item: str) -> str:
    """An item as a trainee reads it, never its key: `announce:soft-16` -> "A + 5 (soft 16)",
    `pay-blackjack:25` -> "Black Jack on 25", `procedure:insurance` -> "offering insurance".
    A key this does not know is shown without its skill (`item_label`)."""
    skill, _, key = item.partition(":")
    number = re.fullmatch(r"(.*?)-?(\d+(?:\.\d+)?)", key)
    n = number.group(2) if number else None
    head = number.group(1) if number else key
    if skill == "announce":
        if head == "hard" and n:
            return f"hard {n}"
        if head == "soft" and n:
            return f"{_soft(int(n))} (soft {n})"
        if head == "soft-stand" and n:
            return f"{_soft(int(n))} standing (soft {n})"
        if key == "21-split":
            return "21 after a split"
        cards = re.fullmatch(r"21-(\d)cards", key)
        if cards:
            return f"21 in {cards.group(1)} cards"
        if key == "blackjack":
            return "Black Jack"
        if key == "bust":
            return "a bust hand"
    if skill == "dealer" and key.startswith("up-"):
        up = key[3:]
        return {"A": "the dealer shows an Ace", "T": "the dealer shows a ten"}.get(
            up, f"the dealer shows {'an' if up == '8' else 'a'} {up}"
        )
    if skill == "outcome":
        return _results(key)
    if skill == "pay-behind":
        return "behind bets on " + _results(key)
    if n is not None and not head:
        money = {
            "pay-even": f"even money on {n}",
            "pay-double": f"a doubled bet of {n}",
            "pay-blackjack": f"Black Jack on {n}",
            "chips": f"{n} in chips",
        }.get(skill)
        if money:
            return money
    if skill == "pay-insurance" and n:
        if head == "max":
            return f"the most a bet of {n} may insure"
        if head == "pay":
            return f"an insurance of {n} paid"
    if skill == "pay-split":
        if key == "aces":
            return "split Aces"
        if key == "double":
            return "split hands with a double"
        hands = re.fullmatch(r"(\d)-hands", key)
        if hands:
            return f"{hands.group(1)} split hands"
    if skill == "pay-table" and key.startswith("dealer-"):
        return "the table when the dealer " + ("busts" if key == "dealer-bust" else "stands")
    if skill == "deal-order":
        if key == "play-split":
            return "playing split hands"
        deal = re.fullmatch(r"deal-(\d)(-hole)?", key)
        if deal:
            boxes = f"{deal.group(1)} box{'es' if deal.group(1) != '1' else ''}"
            return f"dealing {boxes}" + (" with a hole card" if deal.group(2) else "")
    if skill == "procedure" and key in _PROCEDURE:
        return _PROCEDURE[key]
    if skill == "exposed-card" and key in _EXPOSED:
        return "an exposed card " + _EXPOSED[key]
    return item_label(item)


def item_order(item: str) -> tuple[Any, ...]:
    """Natural order of item keys: hard-4 … hard-20 before soft-12 …; bets 5, 10, 25, 100."""
    parts = re.split(r"(\d+(?:\.\d+)?)", item_label(item))
    return tuple((0, float(p), "") if i % 2 else (1, 0.0, p) for i, p in enumerate(parts) if p)


_CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]?$")
_SKIP_KEYS: Final = frozenset({"choices", "chip_set", "shoe", "why"})


def _show(value: Any) -> str:
    if isinstance(value, str):
        match = _CARD.match(value)
        if match:
            rank = match.group(1)
            return "10" if rank == "T" else rank
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value):
            return " | ".join(_show(v) for v in value)
        return " ".join(_show(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    return str(value)


def _generic(question: Mapping[str, Any]) -> str:
    """Any stored question in one short line, key by key: `cards A 6 · box 3`."""
    parts = []
    for key, value in question.items():
        if key in _SKIP_KEYS or value is None or value is False or value == [] or value == {}:
            continue
        parts.append(key if value is True else f"{key} {_show(value)}")
    return " · ".join(parts)


# -- questions as a croupier says them ----------------------------------------------------------
# One function per kind of stored question (the skill that asked it), each reading the plain
# JSON the skill stored (`trainer.practice.skills`). The sessions list and the CSV export show
# these; the raw JSON stays in the history and in its own CSV column.


_RANKS: dict[Any, str] = {}  # card -> rank, as read: an export reads a million cards, of 52


def rank(card: str) -> str:
    """A stored card as the table names it: `TH` -> `10`, `AS` -> `A`, `7` -> `7`."""
    said = _RANKS.get(card)
    if said is not None:
        return said
    match = _CARD.match(str(card))
    said = str(card) if not match else "10" if match.group(1) == "T" else match.group(1)
    if len(_RANKS) < 1000:  # cards, not whatever odd text an old question may hold
        _RANKS[card] = said
    return said


def with_article(word: str) -> str:
    """`word` with its article, as it is said: "an A", "an 8", "a 10"."""
    return f"an {word}" if word[:1] in ("A", "8") else f"a {word}"


def words_and(items: Sequence[str]) -> str:
    """ "2", "2 and 4", "2, 4 and 5"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _cards(cards: Sequence[str]) -> str:
    return words_and([rank(c) for c in cards])


def _hand_name(label: str) -> str:
    """`3` -> `box 3`; `3.2` -> `hand 3.2` (a split box's second hand)."""
    return f"hand {label}" if "." in str(label) else f"box {label}"


def _boxes(numbers: Sequence[Any]) -> str:
    numbers = [str(n) for n in numbers]
    if not numbers:
        return "no box"
    return ("box " if len(numbers) == 1 else "boxes ") + words_and(numbers)


def _dealer(cards: Sequence[str]) -> str:
    return f"the dealer has {_cards(cards)}"


def _hands(cards: Sequence[Sequence[str]], labels: Sequence[str], stakes: Sequence[str]) -> str:
    parts = []
    for i, hand in enumerate(cards):
        name = _hand_name(labels[i]) if i < len(labels) else f"hand {i + 1}"
        stake = f" for {stakes[i]}" if i < len(stakes) else ""
        parts.append(f"{name} has {_cards(hand)}{stake}")
    return "; ".join(parts)


def say_announce(q: Mapping[str, Any]) -> str:
    """`{"cards": ["AS", "4C", "5S"], "box": 7, "split": False, "stood": False}`."""
    where = f"box {q['box']}"
    if q.get("split"):
        where = f"the first hand of split box {q['box']}"
    said = f"{_cards(q['cards'])} at {where}"
    return said + (", the hand stood" if q.get("stood") else "")


def say_dealer(q: Mapping[str, Any]) -> str:
    """`{"up": "AD", "shoe": ["KD", …], "cards": ["AD"]}`."""
    said = f"the dealer shows {with_article(rank(q['up']))}"
    shoe = q.get("shoe") or []
    return said + (f"; the shoe's next cards {_cards(shoe)}" if shoe else "")


def say_outcome(q: Mapping[str, Any]) -> str:
    """`{"cards": [["JS", "8H"], …], "hands": ["7.1", …], "dealer": ["AD", "6C"]}`."""
    return f"{_hands(q['cards'], q.get('hands') or [], [])}; {_dealer(q['dealer'])}"


def say_pay_even(q: Mapping[str, Any]) -> str:
    """`{"bet": "20", "result": "win", "box": 5}`."""
    return f"box {q['box']} wins on a bet of {q['bet']}"


def say_pay_double(q: Mapping[str, Any]) -> str:
    """`{"bet": "20", "doubled": True, "result": "win", "box": 4}`."""
    return f"box {q['box']} doubled a bet of {q['bet']} and wins"


def say_pay_blackjack(q: Mapping[str, Any]) -> str:
    """`{"bet": "5", "cards": ["J", "A"], "box": 5}`."""
    cards = f" ({_cards(q['cards'])})" if q.get("cards") else ""
    return f"Black Jack{cards} at box {q['box']} on a bet of {q['bet']}"


def say_pay_insurance(q: Mapping[str, Any]) -> str:
    """`{"bet": "30", "ask": "max", "box": 1}` or `{…, "insured": "1", "ask": "pay"}`."""
    if q.get("ask") == "max":
        return f"the most box {q['box']} may insure on a bet of {q['bet']}"
    return (
        f"box {q['box']} insured {q['insured']} on a bet of {q['bet']}; the dealer makes Black Jack"
    )


def say_pay_split(q: Mapping[str, Any]) -> str:
    """`{"cards": [[…], […]], "dealer": […], "stakes": ["185", "185"], "box": 5}`."""
    box = q["box"]
    labels = [f"{box}.{i + 1}" for i in range(len(q["cards"]))]
    return (
        f"box {box} split into {len(q['cards'])} hands: "
        f"{_hands(q['cards'], labels, q.get('stakes') or [])}; {_dealer(q['dealer'])}"
    )


def say_pay_behind(q: Mapping[str, Any]) -> str:
    """`{"bets": {"seat": "5", "behind-a": "30"}, "cards": [[…]], "dealer": […], "box": 2}`."""
    bets = dict(q["bets"])
    seat = bets.pop("seat", None)
    who = [f"the seated player bets {seat}"] if seat is not None else []
    if bets:
        behind = words_and(list(bets.values()))
        who.append(f"behind bettors {behind}" if len(bets) > 1 else f"a behind bettor {behind}")
    cards = q["cards"]
    box = q["box"]
    played = (
        f"the hand has {_cards(cards[0])}"
        if len(cards) == 1
        else _hands(cards, [f"{box}.{i + 1}" for i in range(len(cards))], [])
    )
    return f"at box {box} {words_and(who)}; {played}; {_dealer(q['dealer'])}"


def say_pay_table(q: Mapping[str, Any]) -> str:
    """`{"dealer": […], "cards": [[…], …], "hands": ["1.1", …], "stakes": ["5", …]}`."""
    n = len(q["cards"])
    return (
        f"{_dealer(q['dealer'])} against {n} hand{'s' if n != 1 else ''}: "
        f"{_hands(q['cards'], q.get('hands') or [], q.get('stakes') or [])}"
    )


_CHIPS_WHY: Final = {
    "blackjack": "a Black Jack",
    "win": "a win",
    "insurance": "an insurance",
    "double": "a doubled win",
}


def say_chips(q: Mapping[str, Any]) -> str:
    """`{"amount": "30", "chip_set": […], "why": "blackjack", "bet": "20"}`."""
    why = _CHIPS_WHY.get(str(q.get("why")))
    on = f": {why} on a bet of {q['bet']}" if why and q.get("bet") is not None else ""
    return f"pay {q['amount']} in chips{on}"


def say_deal_order(q: Mapping[str, Any]) -> str:
    """`{"boxes": [1, 2, 5], "phase": "deal"}` or `{"hands": […], "phase": "play", …}`."""
    if q.get("phase") == "play":
        hands = [str(h) for h in q["hands"]]
        said = f"the play of hands {words_and(hands)}"
        naturals = [str(h) for h in q.get("naturals") or []]
        if naturals:
            said += f", Black Jack at {words_and(naturals)}"
        return said
    return f"the deal to {_boxes(q['boxes'])}"


def say_procedure(q: Mapping[str, Any]) -> str:
    """`{"dealer": ["5S"], "boxes": [7], "choices": […]}`."""
    up = q["dealer"][0] if q.get("dealer") else None
    shows = f"the dealer shows {with_article(rank(up))}, " if up else ""
    return f"{shows}{_boxes(q['boxes'])} in play"


def say_exposed_card(q: Mapping[str, Any]) -> str:
    """`{"card": "4C", "turn": "2", "boxes": [1, 2], "refused_by": ["2", "dealer"]}`.

    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5 and the dealer"."""
    refused = [str(r) for r in q.get("refused_by") or []]
    boxes = [r for r in refused if r != "dealer"]
    who = [_boxes(boxes)] if boxes else []
    if "dealer" in refused:
        who.append("the dealer")
    by = f"refused by {' and '.join(who)}" if who else "refused by no one"
    return f"{with_article(rank(q['card']))} exposed at {_hand_name(q['turn'])}'s turn, {by}"


QUESTION_WORDS: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "announce": say_announce,
    "dealer": say_dealer,
    "outcome": say_outcome,
    "pay-even": say_pay_even,
    "pay-double": say_pay_double,
    "pay-blackjack": say_pay_blackjack,
    "pay-insurance": say_pay_insurance,
    "pay-split": say_pay_split,
    "pay-behind": say_pay_behind,
    "pay-table": say_pay_table,
    "chips": say_chips,
    "deal-order": say_deal_order,
    "procedure": say_procedure,
    "exposed-card": say_exposed_card,
}


def describe_question(question: Mapping[str, Any], skill: str | None = None) -> str:
    """A stored question in words, as a croupier says it (`skill`: the skill that asked it):
    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5". A question of an unknown
    skill, or one stored in another shape, is listed key by key: `cards A 6 · box 3`."""
    say = QUESTION_WORDS.get(skill or "")
    if say is not None:
        try:
            return say(question)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            pass  # stored by an older version of the skill: the plain listing below
    return _generic(question)


# -- queries ----------------------------------------------------------------------------------


def session_points(
    store: Store, profile: str, skill: str | None = None, *, exams: bool = False
) -> list[SessionPoint]:
    """The timeline points of a profile, oldest session first: every skill of every session,
    or only those of `skill` (and, with `exams`, every skill of the exam sessions)."""
    return _history(store, profile, skill, exams)[0]


def session_history(store: Store, profile: str) -> tuple[list[SessionPoint], list[SessionLine]]:
    """Every timeline point and the sessions list of a profile, both oldest first, in one pass
    over the sessions. Sessions with no answer are left out."""
    return _history(store, profile, None, False)


def _history(
    store: Store, profile: str, skill: str | None, exams: bool
) -> tuple[list[SessionPoint], list[SessionLine]]:
    where = "s.profile = ? AND s.interactive"  # piped answers: not the trainee's times
    args: list[object] = []
    with store._snapshot() as conn:
        args.append(store._profile_id(profile))
        if skill is not None:
            where += " AND (k.name = ?" + (" OR s.mode = ?)" if exams else ")")
            args += [skill, EXAM] if exams else [skill]
        rows = conn.execute(
            f"""SELECT s.id, s.started, s.ended, s.mode, s.skills, k.name,
                ss.n, ss.correct, ss.total_ms, ss.median_ms, ss.p90_ms, s.planned
            FROM session s JOIN session_skill ss ON ss.session = s.id
            JOIN skill k ON k.id = ss.skill
            WHERE {where} ORDER BY s.id, k.name""",
            args,
        ).fetchall()
        # A session that never ended has no stored medians: its own attempts give them (one
        # query for them all: each is a range of attempt ids).
        quantiles: dict[tuple[int, str], tuple[float | None, float | None]] = {}
        if any(row[9] is None for row in rows):
            times: defaultdict[tuple[int, str], list[int]] = defaultdict(list)
            for session_id, name, ms in conn.execute(
                f"""SELECT s.id, k.name, a.ms FROM session s JOIN attempt a
                    ON a.id BETWEEN s.first_attempt AND s.last_attempt AND a.session = s.id
                JOIN item i ON i.id = a.item JOIN skill k ON k.id = i.skill
                WHERE {where} AND s.ended IS NULL""",
                args,
            ):
                times[(session_id, name)].append(ms)
            for key, values in times.items():
                values.sort()
                quantiles[key] = (quantile_sorted(values, MEDIAN), quantile_sorted(values, P90))
    points: list[SessionPoint] = []
    lines: list[SessionLine] = []
    last = None
    n_sum = correct_sum = total_sum = 0
    parsed: dict[str, tuple[str, ...]] = {}  # most sessions share a few lists of skills
    planned_of: dict[int, int | None] = {}
    for sid, started, ended, mode, skills, name, n, correct, total, mid, p90, planned in rows:
        if mid is None:
            mid, p90 = quantiles.get((sid, name), (None, None))
        points.append(
            SessionPoint(
                sid,
                float(started),
                mode,
                name,
                n,
                correct,
                total,
                mid,
                p90,
                ended is not None,
                planned,
            )
        )
        planned_of[sid] = planned
        if last is None or last[0] != sid:
            if last is not None:
                lines.append(SessionLine(*last, n_sum, correct_sum, total_sum, planned_of[last[0]]))
            last = (
                sid,
                float(started),
                None if ended is None else float(ended),
                mode,
                parsed.get(skills) or parsed.setdefault(skills, tuple(json.loads(skills))),
            )
            n_sum = correct_sum = total_sum = 0
        n_sum += n
        correct_sum += correct
        total_sum += total
    if last is not None:
        lines.append(SessionLine(*last, n_sum, correct_sum, total_sum, planned_of[last[0]]))
    return points, lines


def data_version(store: Store) -> int:
    """A number that changes whenever another connection commits to the history (SQLite's
    data_version): cheap enough to ask every second. Ask it of a connection of its own — the
    writes of the connection asked do not change it."""
    with store._snapshot() as conn:
        return int(conn.execute("PRAGMA data_version").fetchone()[0])


def history_mark(store: Store, profile: str) -> Mark:
    """The profile's `Mark` now (an empty one for a profile not in the history)."""
    with store._snapshot() as conn:
        row = conn.execute("SELECT id FROM profile WHERE name = ?", (profile.strip(),)).fetchone()
        if row is None:
            return Mark()
        last, ended = conn.execute(
            "SELECT max(last_attempt), count(ended) FROM session"
            " WHERE profile = ? AND first_attempt IS NOT NULL",
            (row[0],),
        ).fetchone()
    return Mark(last or 0, ended or 0)


def last_practised(store: Store, profile: str) -> tuple[str | None, int]:
    """The skill of the profile's latest answered session (the last by name when it had
    several), and how many sessions have an answer."""
    with store._snapshot() as conn:
        profile_id = store._profile_id(profile)
        row = conn.execute(
            """SELECT k.name FROM session s JOIN session_skill ss ON ss.session = s.id
            JOIN skill k ON k.id = ss.skill
            WHERE s.profile = ? ORDER BY s.id DESC, k.name DESC LIMIT 1""",
            (profile_id,),
        ).fetchone()
        (count,) = conn.execute(
            "SELECT count(*) FROM session WHERE profile = ? AND first_attempt IS NOT NULL",
            (profile_id,),
        ).fetchone()
    return (None if row is None else row[0]), count


def trends(store: Store, profile: str, now: float) -> dict[str, Trend]:
    """Per skill practised in the last two weeks: this week against the week before."""
    today = local_day(now)
    week_start = today - WEEK_DAYS + 1
    with store._snapshot() as conn:
        rows = conn.execute(
            """SELECT k.name, t.day >= ?, sum(t.n), sum(t.correct), sum(t.total_ms)
            FROM tally t JOIN skill k ON k.id = t.skill
            WHERE t.profile = ? AND t.day BETWEEN ? AND ?
            GROUP BY 1, 2""",
            (week_start, store._profile_id(profile), week_start - WEEK_DAYS, today),
        ).fetchall()
    weeks: defaultdict[str, dict[bool, tuple[int, int, int]]] = defaultdict(dict)
    for skill, this_week, n, correct, total in rows:
        weeks[skill][bool(this_week)] = (n, correct, total)
    return {
        skill: Trend(skill, *both.get(True, (0, 0, 0)), *both.get(False, (0, 0, 0)))
        for skill, both in sorted(weeks.items())
    }


def item_cells(store: Store, profile: str, targets: Mapping[str, float]) -> list[ItemCell]:
    """Every item the profile was asked, by skill, in natural order within each skill."""
    every = weakest_items(store, profile, n=2**62)
    cells = [
        ItemCell(w.skill, w.item, w.attempts, w.wrong, w.total_ms, targets.get(w.skill))
        for w in every
    ]
    cells.sort(key=lambda c: (c.skill, item_order(c.item)))
    return cells


def exam_results(points: Iterable[SessionPoint], required: Sequence[str]) -> list[ExamResult]:
    """Every exam session among the points, oldest first, judged against the required skills."""
    by_session: dict[int, list[SessionPoint]] = {}
    for point in points:
        if point.mode == EXAM:
            by_session.setdefault(point.session_id, []).append(point)
    return [
        _exam(
            session_id,
            skills[0].started,
            skills[0].ended,
            sum(p.attempts for p in skills),
            sum(p.correct for p in skills),
            {p.skill for p in skills if p.attempts},
            required,
            skills[0].planned,
        )
        for session_id, skills in by_session.items()
    ]


def read_exams(store: Store, profile: str, required: Sequence[str]) -> list[ExamResult]:
    """Every exam session of the profile, oldest first, from the store (no timeline needed)."""
    with store._snapshot() as conn:
        rows = conn.execute(
            """SELECT s.id, s.started, s.ended IS NOT NULL, sum(ss.n), sum(ss.correct),
                group_concat(k.name, char(31)), s.planned
            FROM session s JOIN session_skill ss ON ss.session = s.id
            JOIN skill k ON k.id = ss.skill
            WHERE s.profile = ? AND s.mode = ? AND s.interactive
            GROUP BY s.id ORDER BY s.id""",
            (store._profile_id(profile), EXAM),
        ).fetchall()
    return [
        _exam(
            sid,
            float(started),
            bool(ended),
            n,
            correct,
            set(names.split("\x1f")),
            required,
            planned,
        )
        for sid, started, ended, n, correct, names, planned in rows
    ]


def _exam(
    session_id: int,
    started: float,
    ended: bool,
    attempts: int,
    correct: int,
    covered: set[str],
    required: Sequence[str],
    planned: int | None = None,
) -> ExamResult:
    uncovered = tuple(s for s in required if s not in covered)
    return ExamResult(session_id, started, ended, attempts, correct, uncovered, planned)


# -- pure figures -----------------------------------------------------------------------------


def since(range_days: int | None, now: float) -> float | None:
    """The start of a date range of the timeline, in unix seconds (None: all)."""
    return None if range_days is None else now - range_days * DAY_SECONDS


def timeline(
    points: Iterable[SessionPoint],
    skill: str,
    mode: str | None = None,
    start: float | None = None,
) -> list[SessionPoint]:
    """The points of one skill (or, for `ALL_SKILLS`, of each session, every skill summed up),
    optionally of one mode and from `start` on, oldest first."""
    if skill == ALL_SKILLS:
        return [
            p
            for p in every_skill(points)
            if (mode is None or p.mode == mode) and (start is None or p.started >= start)
        ]
    return [
        p
        for p in points
        if p.skill == skill
        and (mode is None or p.mode == mode)
        and (start is None or p.started >= start)
    ]


def every_skill(points: Iterable[SessionPoint]) -> list[SessionPoint]:
    """One point per session, every skill of it summed up: its attempts, right answers and
    time answering. No median: the medians of different skills do not add up (the all-skills
    timeline shows the mean time, `point_ms`)."""
    out: list[SessionPoint] = []
    for point in points:  # oldest session first, its skills together
        last = out[-1] if out else None
        if last is not None and last.session_id == point.session_id:
            out[-1] = last._replace(
                attempts=last.attempts + point.attempts,
                correct=last.correct + point.correct,
                total_ms=last.total_ms + point.total_ms,
            )
        else:
            out.append(point._replace(skill=ALL_SKILLS, median_ms=None, p90_ms=None))
    return out


def point_ms(point: SessionPoint) -> float | None:
    """The time a timeline point shows: its median, or for the all-skills timeline the mean."""
    if point.skill == ALL_SKILLS:
        return ratio(point.total_ms, point.attempts)
    return point.median_ms


def moving_average(
    points: Sequence[SessionPoint], window: int = MOVING_WINDOW
) -> tuple[list[float | None], list[float | None]]:
    """Trailing moving averages of accuracy (0..1) and of the time shown (`point_ms`: the
    median, or the mean for all skills), in ms, one per point."""
    accuracy: list[float | None] = []
    times: list[float | None] = []
    for i in range(len(points)):
        span = points[max(0, i - window + 1) : i + 1]
        n = sum(p.attempts for p in span)
        accuracy.append(ratio(sum(p.correct for p in span), n))
        shown = [t for t in map(point_ms, span) if t is not None]
        times.append(sum(shown) / len(shown) if shown else None)
    return accuracy, times


def mastery_gaps(stats: SkillStats, rule: MasteryRule = MASTERY) -> tuple[str, ...]:
    """What stands between a skill and mastery, in words (empty when mastered)."""
    if stats.mastered:
        return ()
    reasons = []
    if stats.target_s is None:
        reasons.append("it has no target time")
    if stats.attempts < rule.min_attempts:
        more = rule.min_attempts - stats.attempts
        reasons.append(
            f"{more} more attempt{'s' if more != 1 else ''} "
            f"({stats.attempts} of {rule.min_attempts})"
        )
    if stats.recent_attempts:
        accuracy = Fraction(stats.recent_correct, stats.recent_attempts)
        if accuracy < rule.accuracy:
            reasons.append(
                f"accuracy {float(accuracy):.0%} over the last {stats.recent_attempts} "
                f"(needs {float(rule.accuracy):.0%})"
            )
        if (
            stats.target_s is not None
            and stats.recent_median_ms is not None
            and Fraction(stats.recent_median_ms) > Fraction(repr(float(stats.target_s))) * 1000
        ):
            reasons.append(
                f"median {stats.recent_median_ms / 1000:.2f} s over the last "
                f"{stats.recent_attempts} (target {stats.target_s:g} s)"
            )
    if not reasons:
        reasons.append("not mastered yet")
    return tuple(reasons)


def _day_text(unix_seconds: float) -> str:
    return date.fromtimestamp(unix_seconds).isoformat()


def readiness(
    stats: Mapping[str, SkillStats],
    exams: Sequence[ExamResult],
    required: Sequence[str],
    rule: MasteryRule = MASTERY,
) -> Readiness:
    """The verdict: every required skill mastered and an exam passed; what is missing if not."""
    gaps = []
    missing = []
    for skill in required:
        figures = stats.get(skill)
        if figures is None:
            reasons: tuple[str, ...] = (f"never practised ({rule.min_attempts} attempts needed)",)
            mastered = False
        else:
            mastered = figures.mastered
            reasons = mastery_gaps(figures, rule)
        gaps.append(SkillGap(skill, mastered, reasons))
        if not mastered:
            missing.append(f"{skill_title(skill)}: {'; '.join(reasons)}")

    passed = [e for e in exams if e.passed]
    exam: ExamResult | None
    if passed:
        exam = passed[0]
    else:
        pass_mark = f"pass mark {float(EXAM_PASS_FRACTION):.0%} with every skill"
        if not exams:
            exam = None
            missing.append(f"Exam: not taken yet ({pass_mark})")
        else:
            # The best try: a complete one first, then the most skills covered, then accuracy.
            exam = max(
                exams,
                key=lambda e: (e.complete, -len(e.uncovered), e.accuracy or 0.0, -e.session_id),
            )
            if not exam.ended:
                why = "it was cut short"
            elif not exam.complete:
                why = f"it was incomplete: {exam.attempts} of {exam.planned} answered"
            elif exam.uncovered:
                why = "it left out " + ", ".join(skill_title(s) for s in exam.uncovered)
            else:
                why = f"{exam.correct} right of {exam.attempts}"
            missing.append(
                f"Exam: not passed yet; the best try, on {_day_text(exam.started)}, scored "
                f"{(exam.accuracy or 0):.0%} and {why} ({pass_mark})"
            )
    ready = bool(required) and all(g.mastered for g in gaps) and bool(passed)
    return Readiness(ready, tuple(gaps), exam, bool(passed), tuple(missing))


def missed_items(attempts: Iterable[Attempt]) -> list[tuple[str, str]]:
    """The (skill, item) of every missed attempt, each once, in the order first missed."""
    return list(dict.fromkeys((a.skill, a.item) for a in attempts if not a.correct))


# -- everything at once -----------------------------------------------------------------------


def empty_progress(
    profile: str, now: float, targets: Mapping[str, float], required: Sequence[str]
) -> Progress:
    """The figures of a profile with no history yet."""
    stats = {
        name: SkillStats(name, 0, 0, 0, None, None, 0, 0, None, target, False)
        for name, target in targets.items()
    }
    return Progress(profile, now, stats, (), (), {}, (), (), readiness(stats, [], required))


def load_progress(
    store: Store,
    profile: str,
    targets: Mapping[str, float],
    required: Sequence[str] | None = None,
    *,
    now: float | None = None,
    complete: bool = True,
) -> Progress:
    """Read the figures of the progress view for one profile (a new profile: all empty).

    `targets` are the skills' target medians in seconds; `required` the skills readiness asks
    for (default: every skill in `targets`). With `complete` False, the quick first step (see
    `Progress`); finish it with `load_history`. A handful of queries on the aggregates: give
    it a `store.reader()` on a worker thread.
    """
    now = time.time() if now is None else now
    need = list(targets) if required is None else list(required)
    with store._snapshot():  # one read: the figures and their mark agree
        known = {p.name.casefold(): p.name for p in store.profiles()}
        name = known.get(profile.strip().casefold())
        if name is None:
            return empty_progress(profile, now, targets, need)
        mark = history_mark(store, name)
        stats = skill_stats(store, name, targets)
        focus, count = last_practised(store, name)
        if complete:
            points, lines = session_history(store, name)
        else:
            points = session_points(store, name, focus) if focus else []
            lines = []
        exams = read_exams(store, name, need)
        return Progress(
            profile=name,
            now=now,
            skills=stats,
            points=tuple(points),
            sessions=tuple(lines),
            trends=trends(store, name, now),
            items=tuple(item_cells(store, name, targets)),
            days=tuple(daily_stats(store, name)),
            readiness=readiness(stats, exams, need),
            exams=tuple(exams),
            focus=focus,
            session_count=count,
            complete=complete,
            mark=mark,
        )


def load_history(store: Store, progress: Progress) -> Progress:
    """The second step: `progress` with every timeline point and the sessions list."""
    if progress.complete or progress.empty:
        return replace(progress, complete=True)
    return progress.with_history(*session_history(store, progress.profile))
