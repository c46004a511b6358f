"""The review schedule: every item a trainee missed, brought back the day it is about to be
forgotten, as a memory trainer schedules its cards (FSRS, through the `fsrs` package).

The schedule is rebuilt from the stored attempts, never kept as a truth of its own: the same
answers give the same schedule on every PC, on the SQLite file as on a school's server's copy.

- An item is a skill, an item key (the category, for the statistics) and a situation (the
  concrete hand or stake: `trainer.practice.review.situation`). It enters the schedule the first
  time it is answered wrong; a never-missed item is never due. Every later answer on that same
  situation (or a review question naming it) updates it, rated by
  `trainer.practice.review.rating`, in the order the answers were given.
- A deal shoe's steps (mode `deal`) update only deal items: the same hand missed in deal mode
  and in a drill are two items. A review session asks drill items; deal items come back by
  dealing a shoe.
- Answers of piped sessions are rated by right or wrong alone; a deal step too (a single press).
- The scheduler: FSRS's default parameters, no learning steps (a day is the smallest interval:
  an item missed today is due tomorrow) and no fuzz (the same answers, the same days).
- Due *today* is due at or before the end of the trainee's local day; *tomorrow*, during the
  next one. The due list is oldest due first.

The cache: rebuilding means reading every attempt of the profile (seconds over a million); the
schedule reached is kept beside the history (`cache_path`) with the last attempt it has read
(a watermark), so the next build reads only the attempts after it. It is not trusted: the
watermark's attempt must still be there as it was, the profile's sessions before it must hold
as many answers as they did, and no new answer may be older than one already read; else the
schedule is rebuilt from the start. A cache that cannot be read or written is no cache.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from trainer.history.measures import DAY_SECONDS
from trainer.practice.curriculum import TARGETS
from trainer.practice.review import AGAIN, ON_CATEGORY, rating, situation

if TYPE_CHECKING:
    from trainer.history.interface import HistoryStore

DEAL_MODE: Final = "deal"  # trainer.practice.deal.MODE (the history does not import deal mode)
REVIEW_MODE: Final = "review"  # trainer.practice.drill.REVIEW
CACHE_FORMAT: Final = 3


@dataclass(slots=True)
class ReviewItem:
    """One item of the schedule: what was missed, and its FSRS card."""

    skill: str
    item: str  # the item key: its category ("announce:soft-16")
    situation: str  # the concrete hand or stake ("A-4-A"), "" when the key says it all
    deal: bool  # a deal shoe's item
    # the stored question of its last miss, what a review re-asks: a dict, or its JSON text as
    # the cache keeps it (read only for an item asked: `question`)
    stored: dict[str, Any] | str
    first_missed: float  # unix seconds
    due: float = 0.0  # unix seconds
    last: float = 0.0  # its last answer, unix seconds
    stability: float | None = None
    difficulty: float | None = None
    answers: int = 0  # answers rated, its first miss included
    last_attempt: int = 0  # the id of its last answer
    last_missed: float = 0.0  # its last wrong answer, unix seconds

    @property
    def key(self) -> tuple[str, str, str, bool]:
        return (self.skill, self.item, self.situation, self.deal)

    @property
    def question(self) -> dict[str, Any]:
        """The stored question of its last miss."""
        if isinstance(self.stored, str):
            self.stored = _data(self.stored)
        return self.stored


@dataclass(frozen=True, slots=True)
class DueCounts:
    today: int
    tomorrow: int
    deal_today: int = 0  # deal items due today (reviewed by dealing a shoe)


@dataclass
class Schedule:
    """A profile's schedule, as its attempts make it."""

    items: dict[tuple[str, str, str, bool], ReviewItem] = field(default_factory=dict)
    watermark: int = 0  # the last attempt read
    last_at: float = 0.0  # its time
    read: int = 0  # attempts read by the last build (those after the cache's watermark)

    def due(self, now: float, *, deal: bool = False) -> list[ReviewItem]:
        """The items due by the end of `now`'s local day, oldest due first (drill items, or
        deal items with `deal`)."""
        end = _day_end(now)
        mine = [i for i in self.items.values() if i.deal == deal and i.due < end]
        return sorted(mine, key=lambda i: (i.due, i.first_missed, i.skill, i.item, i.situation))

    def counts(self, now: float) -> DueCounts:
        """How many drill items are due today and tomorrow, and deal items today."""
        end = _day_end(now)
        today = tomorrow = deal = 0
        for i in self.items.values():
            if i.due < end:
                if i.deal:
                    deal += 1
                else:
                    today += 1
            elif i.due < end + DAY_SECONDS and not i.deal:
                tomorrow += 1
        return DueCounts(today, tomorrow, deal)


def _day_end(now: float) -> float:
    """The first second of the trainee's local day after `now`'s."""
    tomorrow = datetime.fromtimestamp(now).date() + timedelta(days=1)
    return datetime.combine(tomorrow, datetime.min.time()).timestamp()


def _scheduler() -> Any:
    # imported here: home counts what is due off the GUI thread, and no start-up pays for it
    import fsrs

    return fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


class _Rater:
    """FSRS applied to the items, one answer at a time, on the scheduler's own formulas.

    `fsrs.Scheduler.review_card` copies a card and does its date arithmetic with datetime
    objects: over a million answers that is most of a cold build's time. With no learning or
    relearning steps and no fuzz, a review comes down to the scheduler's formulas, which are
    called here directly on each item's floats (its stability, difficulty, last answer and due
    time, in unix seconds): an item's first answer sets its initial stability and difficulty, a
    later one within a day its short-term stability, a later one after a day its next stability
    from its retrievability; then its difficulty and its next interval in whole days.
    `tests/trainer/test_review_fsrs.py` checks this gives `review_card`'s cards, answer for
    answer; a scheduler without these formulas (another version of the package) is used through
    `review_card` (`_CardRater`)."""

    def __init__(self) -> None:
        import fsrs

        self._fsrs = fsrs
        s = _scheduler()
        self._s = s
        self._ratings = {g: fsrs.Rating(g) for g in (1, 2, 3, 4)}
        self._first = (s._initial_stability, s._initial_difficulty)
        self._short = s._short_term_stability
        self._next = s._next_stability
        self._difficulty = s._next_difficulty
        self._interval = s._next_interval

    def rate(self, it: ReviewItem, grade: int, at: float) -> None:
        rating = self._ratings[grade]
        stability, difficulty = it.stability, it.difficulty
        if stability is None or difficulty is None:
            stability = self._first[0](rating=rating)
            difficulty = self._first[1](rating=rating, clamp=True)
        else:
            # a timedelta's days, as review_card counts them: whole days, rounded down
            if (at - it.last) // DAY_SECONDS < 1:
                stability = self._short(stability=stability, rating=rating)
            else:
                stability = self._next(
                    difficulty=difficulty,
                    stability=stability,
                    retrievability=self._retrievability(it, at),
                    rating=rating,
                )
            difficulty = self._difficulty(difficulty=difficulty, rating=rating)
        it.stability, it.difficulty = stability, difficulty
        it.due = at + self._interval(stability=stability) * DAY_SECONDS
        it.last = at
        it.answers += 1

    def _retrievability(self, it: ReviewItem, at: float) -> float:
        card = self._fsrs.Card(
            card_id=1,
            state=self._fsrs.State.Review,
            stability=it.stability,
            difficulty=it.difficulty,
            last_review=datetime.fromtimestamp(it.last, UTC),
        )
        return float(self._s.get_card_retrievability(card, datetime.fromtimestamp(at, UTC)))

    def close(self) -> None:
        pass


class _CardRater:
    """FSRS applied through `fsrs.Scheduler.review_card`, a card at a time: what `_Rater` is
    checked against, and what it falls back on where the scheduler lacks its formulas."""

    def __init__(self) -> None:
        import fsrs

        self._fsrs = fsrs
        self._scheduler = _scheduler()
        self._ratings = {g: fsrs.Rating(g) for g in (1, 2, 3, 4)}
        self._cards: dict[int, tuple[ReviewItem, Any]] = {}

    def rate(self, it: ReviewItem, grade: int, at: float) -> None:
        fsrs = self._fsrs
        when = datetime.fromtimestamp(at, UTC)
        held = self._cards.get(id(it))
        if held is not None:
            card = held[1]
        elif it.stability is None:
            card = fsrs.Card(card_id=1, due=when)  # a new card, learning
        else:
            # with no learning or relearning steps a card reviewed once stays in review
            card = fsrs.Card(
                card_id=1,
                state=fsrs.State.Review,
                stability=it.stability,
                difficulty=it.difficulty,
                due=when,
                last_review=datetime.fromtimestamp(it.last, UTC),
            )
        card, _log = self._scheduler.review_card(card, self._ratings[grade], when)
        self._cards[id(it)] = (it, card)
        it.last = at
        it.answers += 1

    def close(self) -> None:
        """Write each card's state back to its item."""
        for it, card in self._cards.values():
            it.stability, it.difficulty = card.stability, card.difficulty
            it.due = card.due.timestamp()
        self._cards.clear()


_FORMULAS: Final = (
    "_initial_stability",
    "_initial_difficulty",
    "_short_term_stability",
    "_next_stability",
    "_next_difficulty",
    "_next_interval",
    "get_card_retrievability",
)


def _rater() -> _Rater | _CardRater:
    s = _scheduler()
    return _Rater() if all(hasattr(s, name) for name in _FORMULAS) else _CardRater()


def _read(store: HistoryStore, profile_id: int, after: int) -> Iterator[tuple[Any, ...]]:
    """The profile's attempts after the attempt `after`, in the order they were given (their
    time, then their id: the same order on every PC, whatever order a sync stored them in):
    (id, at, mode, interactive, skill, item, correct, ms, question), as the database gives
    them (`apply` reads its integers as truths)."""
    with store._snapshot() as conn:
        cursor = conn.execute(
            """SELECT a.id, s.started + a.at AS t, s.mode, s.interactive, k.name, i.key,
                a.correct, a.ms, coalesce(a.question, i.question)
            FROM attempt a JOIN session s ON s.id = a.session
            JOIN item i ON i.id = a.item JOIN skill k ON k.id = i.skill
            WHERE s.profile = ? AND a.id > ?
            ORDER BY t, a.id""",
            (profile_id, after),
        )
        try:
            while rows := cursor.fetchmany(5000):
                yield from rows
        finally:
            cursor.close()


_DECODER: Final = json.JSONDecoder()


def _data(raw: Any) -> dict[str, Any]:
    if isinstance(raw, str):
        try:
            value = json.loads(raw)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}
    if raw is None:
        return {}
    from trainer.history.questions import decode_question

    try:
        value = decode_question(raw)
    except (ValueError, UnicodeDecodeError, zlib.error):
        return {}
    return value if isinstance(value, dict) else {}


def apply(schedule: Schedule, attempts: Iterable[tuple[Any, ...]]) -> None:
    """Bring `schedule` up to date with `attempts` (id, at, mode, interactive, skill, item,
    correct, ms, question), given in the order answered."""
    rater: _Rater | _CardRater | None = None
    items = schedule.items
    # the categories with an item in the schedule: a right answer of any other category is
    # passed over without reading its question
    kinds = {(i.skill, i.item, i.deal) for i in items.values()}
    watermark, last_at, read = schedule.watermark, schedule.last_at, 0
    loads = _DECODER.raw_decode  # json.loads without its two Python calls around it
    try:
        for attempt, at, mode, interactive, skill, item, correct, ms, raw in attempts:
            # the watermark is the highest id read (new answers have higher ones), and the
            # latest time: an answer that comes in older than it (synced from another PC)
            # rebuilds all
            if attempt > watermark:
                watermark = attempt
            if at > last_at:
                last_at = at
            read += 1
            deal = mode == DEAL_MODE
            if correct and (skill, item, deal) not in kinds:
                continue
            if type(raw) is str:  # the stored form of today, read here without a call more
                try:
                    data = loads(raw)[0]
                except ValueError:
                    data = {}
                if type(data) is not dict:
                    data = {}
            else:
                data = _data(raw)
            key = (skill, item, situation(skill, data), deal)
            it = items.get(key)
            if it is None:
                if correct:
                    continue
                it = items[key] = ReviewItem(skill, item, key[2], deal, data, at)
                kinds.add((skill, item, deal))
            if correct:
                timed = interactive and not deal and skill in TARGETS
                grade = rating(True, ms, TARGETS.get(skill, 0.0), bool(timed))
            else:
                if data.get(ON_CATEGORY) is not True:
                    # a review asked on its category shows another hand: the item keeps the
                    # question of its own situation, for the next review to aim at
                    it.stored = data
                it.last_missed = at
                grade = AGAIN
            if rater is None:
                rater = _rater()
            rater.rate(it, grade, at)
            it.last_attempt = attempt
    finally:
        schedule.watermark, schedule.last_at, schedule.read = watermark, last_at, read
        if rater is not None:
            rater.close()


def build(store: HistoryStore, profile: str, *, cached: bool = True, keep: bool = True) -> Schedule:
    """The profile's schedule from its attempts (an unknown profile: an empty one). With
    `cached`, from the cache beside the history and the attempts after it, when it holds; with
    `keep` too, the schedule reached is cached when it read any attempt (home's worker does;
    the due list of a review session, asked on the GUI thread, reads and writes nothing more)."""
    try:
        profile_id = store._profile_id(profile)
    except (KeyError, LookupError, ValueError):
        return Schedule()
    path = cache_path(store)
    schedule = _from_cache(store, path, profile, profile_id) if cached else None
    fresh = schedule is None
    if schedule is None:
        schedule = Schedule()
    new = _read(store, profile_id, schedule.watermark)
    if not fresh:
        first = next(new, None)
        if first is not None and first[1] < schedule.last_at:
            # an answer older than one read (a history synced from another PC): from the start
            new.close()
            schedule, fresh = Schedule(), True
            new = _read(store, profile_id, 0)
        elif first is not None:
            new = _chain(first, new)
    apply(schedule, new)
    if cached and keep and (fresh or schedule.read):
        _to_cache(store, path, profile, profile_id, schedule)
    return schedule


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


# -- the cache -------------------------------------------------------------------------------


# the schedule's cache, beside the history's file: its name and this ending
CACHE_ENDING: Final = ".review.json"


def cache_path(store: HistoryStore) -> Path:
    """Where the schedule is cached: beside the history's file."""
    return Path(store.path).with_name(Path(store.path).name + CACHE_ENDING)


def _fingerprint(store: HistoryStore, profile_id: int, watermark: int) -> list[Any]:
    """What must not change below the watermark for the cache to hold."""
    with store._snapshot() as conn:
        row = conn.execute(
            """SELECT s.started + a.at, i.key, a.correct FROM attempt a
            JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
            WHERE a.id = ? AND s.profile = ?""",
            (watermark, profile_id),
        ).fetchone()
        (answers,) = conn.execute(
            """SELECT coalesce(sum(ss.n), 0) FROM session s
            JOIN session_skill ss ON ss.session = s.id
            WHERE s.profile = ? AND s.last_attempt <= ?""",
            (profile_id, watermark),
        ).fetchone()
    return [None if row is None else list(row), int(answers)]


def _from_cache(store: HistoryStore, path: Path, profile: str, profile_id: int) -> Schedule | None:
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        mine = doc["profiles"][profile]
        if doc.get("format") != CACHE_FORMAT or mine["profile"] != profile_id:
            return None
        watermark = int(mine["watermark"])
        if _fingerprint(store, profile_id, watermark) != mine["fingerprint"]:
            return None
        schedule = Schedule(watermark=watermark, last_at=float(mine["last_at"]))
        for row in mine["items"]:
            it = ReviewItem(*row)
            schedule.items[it.key] = it
        return schedule
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def _to_cache(
    store: HistoryStore, path: Path, profile: str, profile_id: int, schedule: Schedule
) -> None:
    try:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            if doc.get("format") != CACHE_FORMAT or not isinstance(doc.get("profiles"), dict):
                raise ValueError
        except (OSError, ValueError):
            doc = {"format": CACHE_FORMAT, "profiles": {}}
        doc["profiles"][profile] = {
            "profile": profile_id,
            "watermark": schedule.watermark,
            "last_at": schedule.last_at,
            "fingerprint": _fingerprint(store, profile_id, schedule.watermark),
            "items": [
                [
                    i.skill,
                    i.item,
                    i.situation,
                    i.deal,
                    i.stored if isinstance(i.stored, str) else json.dumps(i.stored),
                    i.first_missed,
                    i.due,
                    i.last,
                    i.stability,
                    i.difficulty,
                    i.answers,
                    i.last_attempt,
                    i.last_missed,
                ]  # fmt: skip
                for i in schedule.items.values()
            ],
        }
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        with open(part, "w", encoding="utf-8") as f:
            json.dump(doc, f, separators=(",", ":"))
        os.replace(part, path)
    except (OSError, ValueError, TypeError):
        pass  # no cache: the next build reads every attempt again


def due_counts(store: HistoryStore, profile: str, now: float) -> DueCounts:
    """How many of the profile's items are due today and tomorrow."""
    return build(store, profile).counts(now)


def due_list(store: HistoryStore, profile: str, now: float) -> list[ReviewItem]:
    """The profile's drill items due today, oldest due first."""
    return build(store, profile).due(now)


def by_skill(items: Iterable[ReviewItem]) -> Mapping[str, int]:
    """How many of `items` each skill has, in the order they come."""
    out: dict[str, int] = {}
    for i in items:
        out[i.skill] = out.get(i.skill, 0) + 1
    return out
