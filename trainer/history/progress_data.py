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
- A deal shoe is a session of mode `deal` (`practice.deal.MODE`): its last step says the
  boxes in play, the round it was in, and the rounds dealt to their end (its rounds, as the
  shoe's summary counts them: `ShoeFacts.dealt`) with the time from the
  shuffle to the end of the last of them (`ShoeFacts`); its pace is those rounds over that time,
  as deal mode's live figures paced it at the shoe's end (a round left at its first card counts
  neither as a round nor as time), against the school's reference for its boxes
  (`practice.deal.reference_rounds_per_hour`). A shoe recorded before its steps said the
  rounds dealt to their end has them told from its last round's steps. Its errors are its steps
  done wrong at the first try.
- A deal shoe's steps are no drill skill's figures (`measures.OWN_FIGURES`): a shoe is a line
  of the sessions list and a point of the Deal shoes tab, never a point of a skill's timeline,
  a trend or a cell of the heat map (the store keeps them out of its aggregates).
- Sessions whose answers were piped (the store's `interactive` mark) are left out of all of it:
  the timeline, the sessions list and the exams; `trainer.history.stats` says why.

It stays one long module: its results, the queries that fill them and the pure figures are one
pipeline, `load_progress()`, read top to bottom; the words it shows come from `history.words`.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from trainer.game.events import DEALER
from trainer.history.exams import EXAM_PASS_FRACTION, ExamResult  # noqa: F401  (read here)
from trainer.history.item_words import (  # noqa: F401  (the sessions list and home read them here)
    item_label,
    item_name,
    item_order,
    item_tag,
)
from trainer.history.measures import DAY_SECONDS, OWN_FIGURES
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
from trainer.history.words import (  # noqa: F401  (the sessions list and home read them here)
    QUESTION_WORDS,
    describe_question,
)
from trainer.i18n import (
    SOURCE_LANGUAGE,
    _,
    format_date,
    format_number,
    format_percent,
    format_seconds,
    language,
    ngettext,
    pgettext,
)
from trainer.practice.curriculum import ALL_SKILLS, skill_title  # noqa: F401  (the timeline reads ALL_SKILLS here)
from trainer.practice.deal import MODE as SHOE_MODE
from trainer.practice.deal import reference_rounds_per_hour
from trainer.practice.drill import EXAM

if TYPE_CHECKING:
    from trainer.history.store import Attempt, Store

MOVING_WINDOW: Final = 5
WEEK_DAYS: Final = 7
# The timeline's date ranges: label -> days back from now (None: the whole history).
RANGES: Final[dict[str, int | None]] = {"Last 7 days": 7, "Last 30 days": 30, "All": None}


def _between() -> str:
    """ "; " between the reasons of a sentence ("\u202f; " in French)."""
    return pgettext("between the parts of a sentence", "; ")


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


class ShoeFacts(NamedTuple):
    """What a deal shoe's steps tell of it: the boxes in play, the rounds dealt (the last one
    counted once a step of it is taken, as deal mode's report counts them), the seconds from
    the shuffle to the shoe's end (to its last step, for a shoe that never ended), and what its
    pace counts, as deal mode's live figures did at its end: the rounds dealt to their end and
    the seconds from the shuffle to the end of the last of them (None: every round, `seconds`)."""

    boxes: int
    rounds: int
    seconds: float
    done: int | None = None
    done_seconds: float | None = None

    @property
    def dealt(self) -> int:
        """The rounds the shoe dealt: those dealt to their end, as its summary counts them
        (`practice.deal.Figures.rounds_done`), never a round left before its end."""
        return self.rounds if self.done is None else self.done

    @property
    def rounds_per_hour(self) -> float | None:
        """The rounds dealt to their end over the time to the end of the last one: a shoe
        ended at the first card of a round does not count that round, nor its time."""
        done = self.dealt
        seconds = self.seconds if self.done_seconds is None else self.done_seconds
        if done < 1 or seconds <= 0:
            return None
        return done * 3600 / seconds


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
    shoe: ShoeFacts | None = None  # a deal shoe's rounds and boxes (when its steps say them)

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)

    @property
    def errors(self) -> int:
        return self.attempts - self.correct

    @property
    def is_shoe(self) -> bool:
        return self.mode == SHOE_MODE

    @property
    def rounds_per_hour(self) -> float | None:
        """A deal shoe's pace: its rounds dealt to their end over the time from the shuffle to
        the end of the last one (`ShoeFacts.rounds_per_hour`)."""
        return None if self.shoe is None else self.shoe.rounds_per_hour

    @property
    def reference_per_hour(self) -> float | None:
        """The school's reference pace for the boxes the shoe was dealt to (dealers who speak)."""
        return None if self.shoe is None else reference_rounds_per_hour(self.shoe.boxes)

    @property
    def typed_per_hour(self) -> float | None:
        """The reference for typed dealing, as Sabot's, for those boxes (`practice.pace`)."""
        from trainer.practice.pace import typed_rounds_per_hour

        return None if self.shoe is None else typed_rounds_per_hour(self.shoe.boxes)

    @property
    def shoe_text(self) -> str:
        """How the sessions list names a deal shoe: "Deal shoe · 7 boxes · 22 rounds ·
        48 rounds/h · 3 errors" (what its steps say of it; a shoe recorded before they said
        its rounds: its steps)."""
        parts = [_("Deal shoe")]
        shoe = self.shoe
        if shoe is None:
            n = self.attempts
            steps = ngettext("{count} step", "{count} steps", n)
            parts.append(steps.format(count=format_number(n)))
        else:
            parts += [
                ngettext("{count} box", "{count} boxes", shoe.boxes).format(
                    count=format_number(shoe.boxes)
                ),
                ngettext("{count} round", "{count} rounds", shoe.dealt).format(
                    count=format_number(shoe.dealt)
                ),
            ]
            rate = self.rounds_per_hour
            if rate is not None:
                # grouped as the language writes a count: "1 800" / "1.800" / "1,800"
                parts.append(_("{rate} rounds/h").format(rate=format_number(rate, places=0)))
        n = self.errors
        parts.append(ngettext("{count} error", "{count} errors", n).format(count=format_number(n)))
        return " · ".join(parts)

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
            return _("{answered} of {planned} · incomplete").format(
                answered=format_number(self.attempts), planned=format_number(self.planned)
            )
        return format_number(self.attempts)


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
        """What its tile says: the item in a few words of the language (`item_tag`)."""
        return item_tag(self.item)

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
class ReviewFigures:
    """The review sessions' own figures (`trainer.history.review`): apart from every skill's,
    whose mastery they never count toward."""

    sessions: int  # review sessions with at least one answer
    answered: int
    right: int
    due_today: int
    due_tomorrow: int

    @property
    def accuracy(self) -> float | None:
        return self.right / self.answered if self.answered else None


def review_figures(store: Store, profile: str, now: float) -> ReviewFigures:
    """The review sessions of `profile` (its exact name) and what its schedule has due."""
    from trainer.history.review import REVIEW_MODE, build

    profile_id = store._profile_id(profile)
    with store._snapshot() as conn:
        sessions, answered, right = conn.execute(
            """SELECT count(DISTINCT s.id), coalesce(sum(ss.n), 0), coalesce(sum(ss.correct), 0)
            FROM session s JOIN session_skill ss ON ss.session = s.id
            WHERE s.profile = ? AND s.mode = ? AND ss.n > 0""",
            (profile_id, REVIEW_MODE),
        ).fetchone()
    # read on top of the cache home's worker keeps, and nothing written: the view may be
    # reading an instructor's copy of a trainee's history, a folder that is thrown away
    counts = build(store, profile, keep=False).counts(now)
    return ReviewFigures(int(sessions), int(answered), int(right), counts.today, counts.tomorrow)


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
    reviews: ReviewFigures = ReviewFigures(0, 0, 0, 0, 0)  # the review sessions' own

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


DEFAULT_PROFILE: Final = "default"  # the profile every trainee starts with (settings.Prefs)


def trainee_name(profile: str, login: str | None = None) -> str:
    """Whom a history's figures are of, as the progress view and the report name them: on a
    trainee's own PC, the profile; in an instructor's copy of a trainee's history (`login`),
    the trainee's login, with the profile where it is not the one every trainee starts with —
    "ana", "ana (evening)" — never "default", which every trainee of a class is."""
    if login is None:
        return profile
    if not profile or profile.casefold() == DEFAULT_PROFILE:
        return login
    return _("{login} ({profile})").format(login=login, profile=profile)


_NOT_IN_FILE_NAMES: Final = str.maketrans({c: "_" for c in ' /\\:*?"<>|\t\n\r'})


def file_name(profile: str, login: str | None, day: date, suffix: str) -> str:
    """The name an export of a profile's history is offered under: "sabot-ana-2026-12-07.pdf"
    for a trainee's login (and "sabot-ana-evening-…" for another profile than the one every
    trainee starts with), "sabot-default-…" on a trainee's own PC — so the reports of a class
    do not overwrite each other. No character a file system refuses."""
    parts = [profile] if login is None else [login]
    if login is not None and profile and profile.casefold() != DEFAULT_PROFILE:
        parts.append(profile)
    stem = "-".join(p.translate(_NOT_IN_FILE_NAMES).strip(".") or "_" for p in parts)
    return f"sabot-{stem}-{day.isoformat()}.{suffix}"


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
        shoes = _shoe_facts(conn, where, args) if skill is None else {}
    points: list[SessionPoint] = []
    lines: list[SessionLine] = []
    last = None
    n_sum = correct_sum = total_sum = 0
    parsed: dict[str, tuple[str, ...]] = {}  # most sessions share a few lists of skills
    planned_of: dict[int, int | None] = {}
    for sid, started, ended, mode, skills, name, n, correct, total, mid, p90, planned in rows:
        if mid is None:
            mid, p90 = quantiles.get((sid, name), (None, None))
        if mode not in OWN_FIGURES:  # a shoe's steps are no point of a drill skill's timeline
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
                lines.append(
                    SessionLine(*last, n_sum, correct_sum, total_sum, planned_of[last[0]],
                                shoes.get(last[0]))
                )  # fmt: skip
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
        lines.append(
            SessionLine(*last, n_sum, correct_sum, total_sum, planned_of[last[0]],
                        shoes.get(last[0]))
        )  # fmt: skip
    return points, lines


def _shoe_facts(conn: Any, where: str, args: Sequence[object]) -> dict[int, ShoeFacts]:
    """The boxes, rounds and length of every deal shoe, and the rounds its pace counts, from
    its last step alone (one row a shoe: the attempts of a long history are not read) — but for
    a shoe recorded before its steps said the rounds dealt to their end, whose last round's
    steps tell that (`_told_done`)."""
    from trainer.history.questions import decode_question

    facts: dict[int, ShoeFacts] = {}
    for sid, started, ended, at, own, canonical in conn.execute(
        f"""SELECT s.id, s.started, s.ended, a.at, a.question, i.question FROM session s
            JOIN attempt a ON a.id = s.last_attempt JOIN item i ON i.id = a.item
        WHERE {where} AND s.mode = ?""",
        [*args, SHOE_MODE],
    ):
        try:
            q = decode_question(own if own is not None else canonical)
        except ValueError:
            continue
        boxes, rounds = q.get("boxes"), q.get("round")
        if type(boxes) is int and type(rounds) is int and boxes >= 1 and rounds >= 1:
            seconds = float(max((ended - started) if ended is not None else at, at))
            done, done_ms = q.get("done"), q.get("done_ms")
            if type(done) is int and type(done_ms) is int and 0 <= done <= rounds:
                paced = (done, done_ms / 1000)
            else:
                paced = _told_done(conn, sid, rounds)
            facts[sid] = ShoeFacts(boxes, rounds, seconds, *paced)
    return facts


# A step that settles a hand (not an insurance): what ends a hand's part of a round.
_SETTLES: Final = ("pay:pay", "pay:push", "pay:collect", "pay:blackjack-paid")


def _told_done(conn: Any, session: int, rounds: int) -> tuple[int, float]:
    """The rounds dealt to their end of a shoe whose steps do not say it, and the seconds to
    the end of the last of them, from its steps: every round before the last one taken is
    done, at its last step; the last is done when each hand its steps dealt to (a split hand's
    own, not the hand split) has a step settling it — what deal mode records of a round
    carried to its end (a behind bet left unpaid on a hand whose seat was paid is not told
    apart). Reads the last round's steps and one more, newest first."""
    from trainer.history.questions import decode_question

    hands: set[str] = set()
    settled: set[str] = set()
    last_at: int | None = None

    def told(otherwise: tuple[int, float]) -> tuple[int, float]:
        split = {h for h in hands if any(o.startswith(f"{h}.") for o in hands)}
        if last_at is not None and hands and hands - split <= settled:
            return rounds, float(last_at)
        return otherwise

    for at, key, own, canonical in conn.execute(
        """SELECT a.at, i.key, a.question, i.question FROM attempt a JOIN item i ON i.id = a.item
        WHERE a.session = ? ORDER BY a.id DESC""",
        (session,),
    ):
        try:
            q = decode_question(own if own is not None else canonical)
        except ValueError:
            continue
        r = q.get("round")
        if type(r) is not int:
            continue
        if r < rounds:  # the last step of the round before, which is surely done
            return told((r, float(at)))
        if last_at is None:
            last_at = at
        hand = q.get("hand")
        if isinstance(hand, str) and hand != DEALER:
            hands.add(hand)
            if key in _SETTLES:
                settled.add(hand)
    return told((0, 0.0))


def shoe_lines(lines: Iterable[SessionLine]) -> list[SessionLine]:
    """The deal shoes of a sessions list whose pace is known, oldest first: the points of the
    rounds-per-hour chart, each with the school's reference for the boxes it was dealt to."""
    shoes = [x for x in lines if x.is_shoe and x.rounds_per_hour is not None]
    return sorted(shoes, key=attrgetter("started", "session_id"))


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
    """The drill skill of the profile's latest answered session that drilled one (the last by
    name when it had several; a skill outside the curriculum, such as the home game's score
    sheet, only when no drill skill was ever practised), and how many sessions have an answer."""
    from trainer.practice.curriculum import INFO

    drills = ", ".join("?" * len(INFO))
    with store._snapshot() as conn:
        profile_id = store._profile_id(profile)
        row = conn.execute(
            f"""SELECT k.name FROM session s JOIN session_skill ss ON ss.session = s.id
            JOIN skill k ON k.id = ss.skill
            WHERE s.profile = ?
            ORDER BY CASE WHEN k.name IN ({drills}) THEN 0 ELSE 1 END, s.id DESC, k.name DESC
            LIMIT 1""",
            (profile_id, *INFO),
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
            sum(p.total_ms for p in skills),
        )
        for session_id, skills in by_session.items()
    ]


def read_exams(store: Store, profile: str, required: Sequence[str]) -> list[ExamResult]:
    """Every exam session of the profile, oldest first, from the store (no timeline needed)."""
    with store._snapshot() as conn:
        rows = conn.execute(
            """SELECT s.id, s.started, s.ended IS NOT NULL, sum(ss.n), sum(ss.correct),
                group_concat(k.name, char(31)), s.planned, sum(ss.total_ms)
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
            total_ms,
        )
        for sid, started, ended, n, correct, names, planned, total_ms in rows
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
    duration_ms: int | None = None,
) -> ExamResult:
    uncovered = tuple(s for s in required if s not in covered)
    duration = None if duration_ms is None else int(duration_ms)
    return ExamResult(session_id, started, ended, attempts, correct, uncovered, planned, duration)


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


def _gaps(stats: SkillStats, rule: MasteryRule) -> list[str]:
    """Which of the mastery rule's conditions a skill misses: "target", "attempts", "accuracy",
    "median" (in that order), or "other" alone for a skill missing none of them yet not
    mastered; empty when mastered."""
    if stats.mastered:
        return []
    gaps = []
    if stats.target_s is None:
        gaps.append("target")
    if stats.attempts < rule.min_attempts:
        gaps.append("attempts")
    if stats.recent_attempts:
        if Fraction(stats.recent_correct, stats.recent_attempts) < rule.accuracy:
            gaps.append("accuracy")
        if (
            stats.target_s is not None
            and stats.recent_median_ms is not None
            and Fraction(stats.recent_median_ms) > Fraction(repr(float(stats.target_s))) * 1000
        ):
            gaps.append("median")
    return gaps or ["other"]


def mastery_gaps(stats: SkillStats, rule: MasteryRule = MASTERY) -> tuple[str, ...]:
    """What stands between a skill and mastery, in words (empty when mastered)."""
    reasons = []
    for gap in _gaps(stats, rule):
        if gap == "target":
            reasons.append(_("it has no target time"))
        elif gap == "attempts":
            more = rule.min_attempts - stats.attempts
            reasons.append(
                ngettext(
                    "{count} more attempt ({attempts} of {needed})",
                    "{count} more attempts ({attempts} of {needed})",
                    more,
                ).format(count=more, attempts=stats.attempts, needed=rule.min_attempts)
            )
        elif gap == "accuracy":
            reasons.append(
                _("accuracy {accuracy} over the last {count} (needs {needed})").format(
                    accuracy=format_percent(
                        float(Fraction(stats.recent_correct, stats.recent_attempts))
                    ),
                    count=stats.recent_attempts,
                    needed=format_percent(float(rule.accuracy)),
                )
            )
        elif gap == "median":  # a recent median and a target, both (`_gaps`)
            median_ms, target_s = stats.recent_median_ms or 0, stats.target_s or 0
            reasons.append(
                _("median {median} over the last {count} (target {target})").format(
                    median=format_seconds(median_ms),
                    count=stats.recent_attempts,
                    target=format_seconds(target_s * 1000),
                )
            )
        else:
            reasons.append(_("not mastered yet"))
    return tuple(reasons)


def mastery_brief(stats: SkillStats, rule: MasteryRule = MASTERY) -> tuple[str, ...]:
    """`mastery_gaps` in a word or two each, for a table's narrow cell ("12 more attempts",
    "accuracy", "speed"): the sentences go in its tooltip. Empty when mastered."""
    words = []
    for gap in _gaps(stats, rule):
        if gap == "target":
            words.append(pgettext("what a skill lacks for mastery", "no target"))
        elif gap == "attempts":
            more = rule.min_attempts - stats.attempts
            words.append(
                ngettext("{count} more attempt", "{count} more attempts", more).format(
                    count=format_number(more)
                )
            )
        elif gap == "accuracy":
            words.append(pgettext("what a skill lacks for mastery", "accuracy"))
        elif gap == "median":
            words.append(pgettext("what a skill lacks for mastery", "speed"))
        else:
            words.append(pgettext("what a skill lacks for mastery", "not yet"))
    return tuple(words)


def _day_text(unix_seconds: float) -> str:
    """A day as the verdict names it: "2026-12-01" in English, "1er décembre 2026" in French."""
    day = date.fromtimestamp(unix_seconds)
    return day.isoformat() if language() == SOURCE_LANGUAGE else format_date(day)


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
            reasons: tuple[str, ...] = (
                ngettext(
                    "never practised ({count} attempt needed)",
                    "never practised ({count} attempts needed)",
                    rule.min_attempts,
                ).format(count=rule.min_attempts),
            )
            mastered = False
        else:
            mastered = figures.mastered
            reasons = mastery_gaps(figures, rule)
        gaps.append(SkillGap(skill, mastered, reasons))
        if not mastered:
            missing.append(
                _("{skill}: {reasons}").format(
                    skill=skill_title(skill), reasons=_between().join(reasons)
                )
            )

    passed = [e for e in exams if e.passed]
    exam: ExamResult | None
    if passed:
        exam = passed[0]
    else:
        pass_mark = _("pass mark {percent} with every skill").format(
            percent=format_percent(float(EXAM_PASS_FRACTION))
        )
        if not exams:
            exam = None
            missing.append(_("Exam: not taken yet ({pass_mark})").format(pass_mark=pass_mark))
        else:
            # The best try: a complete one first, then the most skills covered, then accuracy.
            exam = max(
                exams,
                key=lambda e: (e.complete, -len(e.uncovered), e.accuracy or 0.0, -e.session_id),
            )
            if not exam.ended:
                why = _("it was cut short")
            elif not exam.complete:
                why = _("it was incomplete: {answered} of {planned} answered").format(
                    answered=exam.attempts, planned=exam.planned
                )
            elif exam.uncovered:
                why = _("it left out {skills}").format(
                    skills=", ".join(skill_title(s) for s in exam.uncovered)
                )
            else:
                why = _("{correct} right of {attempts}").format(
                    correct=exam.correct, attempts=exam.attempts
                )
            missing.append(
                _(
                    "Exam: not passed yet; the best try, on {day}, scored {percent} and {why} "
                    "({pass_mark})"
                ).format(
                    day=_day_text(exam.started),
                    percent=format_percent(exam.accuracy or 0),
                    why=why,
                    pass_mark=pass_mark,
                )
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
            reviews=review_figures(store, name, now),
        )


def load_history(store: Store, progress: Progress) -> Progress:
    """The second step: `progress` with every timeline point and the sessions list."""
    if progress.complete or progress.empty:
        return replace(progress, complete=True)
    return progress.with_history(*session_history(store, progress.profile))
