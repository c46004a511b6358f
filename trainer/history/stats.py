"""Statistics over the history: what the progress view shows and how each figure is defined.

This module owns the definitions — percentiles, mastery, personal bests, weakest items — and
computes them from the aggregates that `trainer.history.store` keeps with every attempt, so no call
scans the attempts of a whole history. All figures are exact.

Definitions:

- Percentiles are the usual interpolated ones (Hyndman & Fan type 7; numpy's default,
  Excel's PERCENTILE.INC, `statistics.quantiles(method="inclusive")`): over n sorted times
  x[0..n-1], the q-quantile sits at h = (n - 1)·q; it is x[⌊h⌋] plus the fraction of h times the
  step to the next value. The median (q = ½) is therefore the middle value, or the mean of the
  two middle values; p90 of 1..10 is 9.1. Computed with exact fractions, so a median of whole
  milliseconds is always an exact whole or half.
- Mastery of a skill (`MASTERY`): at least 50 attempts in all and, over the last 30, at least
  95 % correct and a median time at or under the skill's target. Targets come from the caller
  (the skills module owns them), in seconds.
- Personal bests count only ended sessions, and of a sprint only one that answered every
  question it set out to ask (a sprint cut short is not a sprint): the most
  correct answers in a `challenge` session, the least total response time of a `sprint`
  session with every answer correct (per number of questions), and the lowest median of a
  skill over a session with at least 10 attempts of it. Challenges and sprints are compared
  only with sessions on the same set of skills. Ties go to the earlier session. A best needs
  the accuracy mastery needs (`MASTERY.accuracy`, 95 %): of the challenge's answers, of the
  skill's answers in that session for a median (a fast session of wrong answers is no best).
- Weakest items: the highest error rate first, then the slowest mean time (a mean, not a
  median: the store keeps sums per item, not a histogram per item).
- A session's figures come from its own attempts; a skill's from the whole history.
- Answers piped from a file or a program (a session started with `interactive=False`) came
  faster than anyone types: they are stored, and their session has its own figures, but they
  count toward no figure of the profile — no median, mastery, tally or weak item (the store
  leaves them out of those aggregates) and no personal best.
- A deal shoe's steps (a session of a mode in `OWN_FIGURES`, `counts_for_skills`) are stored
  under the skills they exercise, but count toward none of those skills' figures — attempts,
  accuracy, median, mastery, tallies, weak items, personal bests: most are single presses (a box
  number, H or S), not the skill's own questions. The shoe has its own figures and standard
  (`trainer.history.shoes`); only the streak of days practised counts a day a shoe was dealt.
- Days are the trainee's local calendar days at the time of each attempt.

Every function takes a `Store` (the owner or a `reader()`), and a profile by name; an unknown
profile is a ValueError.
"""

from __future__ import annotations

import bisect
import itertools
import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from trainer.history.measures import (  # noqa: F401  (the definitions, read here by callers)
    MASTERY,
    MEDIAN,
    OWN_FIGURES,
    P90,
    MasteryRule,
    counts_for_skills,
    day_date,
    local_day,
    nth,
    quantile,
    quantile_counts,
    quantile_sorted,
    ratio,
)
from trainer.i18n import _

if TYPE_CHECKING:
    from trainer.history.store import Store

CHALLENGE: Final = "challenge"  # session modes that set personal bests
SPRINT: Final = "sprint"
BEST_MEDIAN_MIN_ATTEMPTS: Final = 10
_OWN: Final = ", ".join("?" for _ in OWN_FIGURES)  # placeholders for the modes of OWN_FIGURES


class _Histogram:
    """A skill's 1-ms histogram in the store, read only around the ranks asked for.

    The tenth-of-a-second histogram (a few hundred rows) tells which bucket holds a rank;
    only that bucket's 1-ms rows (at most 100) are then read. The result is exact.
    """

    def __init__(
        self, conn: sqlite3.Connection, profile: int, skill: int, tenths: list[tuple[int, int]]
    ) -> None:
        self._conn, self._profile, self._skill = conn, profile, skill
        self._tenths = [tenth for tenth, _ in tenths]
        self._upto = list(itertools.accumulate(n for _, n in tenths))  # attempts ≤ each bucket
        self._fine: dict[int, list[tuple[int, int]]] = {}

    @property
    def n(self) -> int:
        return self._upto[-1] if self._upto else 0

    def at(self, rank: int) -> int:
        bucket = bisect.bisect_right(self._upto, rank)
        tenth = self._tenths[bucket]
        fine = self._fine.get(tenth)
        if fine is None:
            fine = self._fine[tenth] = self._conn.execute(
                """SELECT ms, n FROM hist WHERE profile = ? AND skill = ? AND ms BETWEEN ? AND ?
                ORDER BY ms""",
                (self._profile, self._skill, tenth * 100, tenth * 100 + 99),
            ).fetchall()
        return nth(fine, rank - (self._upto[bucket - 1] if bucket else 0))


def median(values: Iterable[int]) -> float | None:
    return quantile_sorted(sorted(values), MEDIAN)


def p90(values: Iterable[int]) -> float | None:
    return quantile_sorted(sorted(values), P90)


def mastery(
    attempts: int,
    recent: Sequence[tuple[bool, int]],
    target_s: float | None,
    rule: MasteryRule = MASTERY,
) -> bool:
    """Whether a skill is mastered.

    `attempts` is the total number ever made; `recent` is the last attempts as (correct,
    response ms), oldest first (at least `rule.window` of them once `attempts` reaches the
    minimum); `target_s` is the skill's target median in seconds, None if it has none.
    """
    window = recent[-rule.window :]
    return window_mastery(
        attempts,
        len(window),
        sum(1 for ok, _ in window if ok),
        quantile_sorted(sorted(ms for _, ms in window), MEDIAN),
        target_s,
        rule,
    )


def window_mastery(
    attempts: int,
    window: int,
    correct: int,
    median_ms: float | None,
    target_s: float | None,
    rule: MasteryRule = MASTERY,
) -> bool:
    """The same verdict from the window's figures alone — its size (the last `rule.window`
    attempts, or fewer), right answers and median time — as a server's aggregates give them."""
    if target_s is None or attempts < rule.min_attempts or window < rule.window:
        return False
    if Fraction(correct, window) < rule.accuracy:
        return False
    return median_ms is not None and not over_target(median_ms, target_s)


def over_target(median_ms: float, target_s: float) -> bool:
    """Whether a median is slower than the skill's target: the speed half of mastery."""
    # repr() gives the decimal the target was written as, so 2.345 s is exactly 2345 ms.
    return Fraction(median_ms) > Fraction(repr(float(target_s))) * 1000


# -- results ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    """Attempts, correct answers and response times of some set of attempts."""

    attempts: int
    correct: int
    total_ms: int
    median_ms: float | None
    p90_ms: float | None

    @property
    def accuracy(self) -> float | None:  # 0..1; None without attempts
        return ratio(self.correct, self.attempts)


@dataclass(frozen=True, slots=True)
class SkillStats:
    skill: str
    attempts: int
    correct: int
    total_ms: int
    median_ms: float | None
    p90_ms: float | None
    recent_attempts: int  # the mastery window: the last `MASTERY.window` attempts (or fewer)
    recent_correct: int
    recent_median_ms: float | None
    target_s: float | None
    mastered: bool

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)

    @property
    def recent_accuracy(self) -> float | None:
        return ratio(self.recent_correct, self.recent_attempts)


@dataclass(frozen=True, slots=True)
class SessionStats:
    session_id: int
    profile: str
    mode: str
    skills: tuple[str, ...]
    preset: str
    started: datetime
    ended: datetime | None
    overall: Summary
    by_skill: Mapping[str, Summary]
    interactive: bool = True  # False: piped answers, whose times are not the trainee's


@dataclass(frozen=True, slots=True)
class DayStats:
    day: date  # the trainee's local calendar day
    attempts: int
    correct: int
    total_ms: int  # time spent answering

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)

    @property
    def mean_ms(self) -> float | None:
        return ratio(self.total_ms, self.attempts)


@dataclass(frozen=True, slots=True)
class ChallengeBest:
    skills: tuple[str, ...]  # sorted
    correct: int
    attempts: int
    session_id: int
    started: datetime


@dataclass(frozen=True, slots=True)
class SprintBest:
    skills: tuple[str, ...]  # sorted
    questions: int
    total_ms: int
    session_id: int
    started: datetime


@dataclass(frozen=True, slots=True)
class MedianBest:
    skill: str
    median_ms: float
    attempts: int
    session_id: int
    started: datetime


@dataclass(frozen=True, slots=True)
class PersonalBests:
    challenge: tuple[ChallengeBest, ...]  # one per set of skills, sorted by skills
    sprint: tuple[SprintBest, ...]  # one per set of skills and length, sorted by both
    median: Mapping[str, MedianBest]  # per skill


@dataclass(frozen=True, slots=True)
class WeakItem:
    skill: str
    item: str
    attempts: int
    wrong: int
    total_ms: int

    @property
    def error_rate(self) -> float:
        return self.wrong / self.attempts

    @property
    def mean_ms(self) -> float:
        return self.total_ms / self.attempts


# -- queries ----------------------------------------------------------------------------------


def skill_stats(store: Store, profile: str, targets: Mapping[str, float]) -> dict[str, SkillStats]:
    """Per skill: every skill practised, and every skill in `targets` (with zeros if new)."""
    with store._snapshot() as conn:
        profile_id = store._profile_id(profile)
        names = dict(conn.execute("SELECT id, name FROM skill").fetchall())
        totals = {
            skill: (n, correct, total)
            for skill, n, correct, total in conn.execute(
                """SELECT skill, sum(n), sum(correct), sum(total_ms) FROM tally
                WHERE profile = ? GROUP BY skill""",
                (profile_id,),
            )
        }
        tenths: defaultdict[int, list[tuple[int, int]]] = defaultdict(list)
        for skill, tenth, n in conn.execute(
            "SELECT skill, tenth, n FROM hist_tenth WHERE profile = ? ORDER BY skill, tenth",
            (profile_id,),
        ):
            tenths[skill].append((tenth, n))
        recents: defaultdict[int, list[tuple[bool, int]]] = defaultdict(list)
        for skill, correct, ms in conn.execute(
            """SELECT r.skill, a.correct, a.ms FROM recent r JOIN attempt a ON a.id = r.attempt
            WHERE r.profile = ? ORDER BY r.skill, r.attempt""",
            (profile_id,),
        ):
            recents[skill].append((bool(correct), ms))

        result: dict[str, SkillStats] = {}
        for skill_id, (n, correct, total) in totals.items():
            name = names[skill_id]
            histogram = _Histogram(conn, profile_id, skill_id, tenths[skill_id])
            recent = recents[skill_id][-MASTERY.window :]
            target = targets.get(name)
            result[name] = SkillStats(
                skill=name,
                attempts=n,
                correct=correct,
                total_ms=total,
                median_ms=quantile(histogram.n, MEDIAN, histogram.at),
                p90_ms=quantile(histogram.n, P90, histogram.at),
                recent_attempts=len(recent),
                recent_correct=sum(1 for ok, _ in recent if ok),
                recent_median_ms=median(ms for _, ms in recent),
                target_s=target,
                mastered=mastery(n, recent, target),
            )
    for name, target in targets.items():
        if name not in result:
            result[name] = SkillStats(name, 0, 0, 0, None, None, 0, 0, None, target, False)
    return result


def session_stats(store: Store, session_id: int) -> SessionStats:
    """One session, overall and per skill, from its own attempts."""
    with store._snapshot() as conn:
        row = conn.execute(
            """SELECT p.name, s.mode, s.skills, s.preset, s.started, s.ended,
                s.first_attempt, s.last_attempt, s.interactive
            FROM session s JOIN profile p ON p.id = s.profile WHERE s.id = ?""",
            (session_id,),
        ).fetchone()
        if row is None:
            raise ValueError(_("There is no session {session}.").format(session=session_id))
        profile, mode, skills, preset, started, ended, first, last, interactive = row
        times: defaultdict[str, list[int]] = defaultdict(list)
        rights: defaultdict[str, int] = defaultdict(int)
        if first is not None:
            for skill, correct, ms in conn.execute(
                """SELECT k.name, a.correct, a.ms FROM attempt a
                JOIN item i ON i.id = a.item JOIN skill k ON k.id = i.skill
                WHERE a.id BETWEEN ? AND ? AND a.session = ?""",
                (first, last, session_id),
            ):
                times[skill].append(ms)
                rights[skill] += correct
    every = [ms for skill_times in times.values() for ms in skill_times]
    return SessionStats(
        session_id=session_id,
        profile=profile,
        mode=mode,
        skills=tuple(json.loads(skills)),
        preset=preset,
        started=datetime.fromtimestamp(started, UTC),
        ended=None if ended is None else datetime.fromtimestamp(ended, UTC),
        overall=_summary(every, sum(rights.values())),
        by_skill={skill: _summary(times[skill], rights[skill]) for skill in sorted(times)},
        interactive=bool(interactive),
    )


def _summary(times: list[int], correct: int) -> Summary:
    times.sort()
    return Summary(
        attempts=len(times),
        correct=correct,
        total_ms=sum(times),
        median_ms=quantile_sorted(times, MEDIAN),
        p90_ms=quantile_sorted(times, P90),
    )


def daily_stats(store: Store, profile: str, skill: str | None = None) -> list[DayStats]:
    """Per day practised, oldest first: all skills, or one."""
    query = "SELECT day, sum(n), sum(correct), sum(total_ms) FROM tally WHERE profile = ?"
    with store._snapshot() as conn:
        args: tuple[object, ...] = (store._profile_id(profile),)
        if skill is not None:
            query += " AND skill = (SELECT id FROM skill WHERE name = ?)"
            args += (skill,)
        rows = conn.execute(query + " GROUP BY day ORDER BY day", args).fetchall()
    return [DayStats(day_date(day), n, correct, total) for day, n, correct, total in rows]


def personal_bests(store: Store, profile: str) -> PersonalBests:
    with store._snapshot() as conn:
        profile_id = store._profile_id(profile)
        sessions = conn.execute(
            """SELECT s.id, s.mode, s.skills, s.started, sum(ss.n), sum(ss.correct),
                sum(ss.total_ms)
            FROM session s JOIN session_skill ss ON ss.session = s.id
            WHERE s.profile = ? AND s.ended IS NOT NULL AND s.interactive AND s.mode IN (?, ?)
            GROUP BY s.id HAVING s.planned IS NULL OR sum(ss.n) >= s.planned
            ORDER BY s.id""",
            (profile_id, CHALLENGE, SPRINT),
        ).fetchall()
        medians = conn.execute(
            f"""SELECT k.name, ss.median_ms, ss.n, s.id, s.started, ss.correct
            FROM session s JOIN session_skill ss ON ss.session = s.id
            JOIN skill k ON k.id = ss.skill
            WHERE s.profile = ? AND s.ended IS NOT NULL AND s.interactive AND ss.n >= ?
                AND ss.median_ms IS NOT NULL AND s.mode NOT IN ({_OWN})
            ORDER BY s.id""",
            (profile_id, BEST_MEDIAN_MIN_ATTEMPTS, *sorted(OWN_FIGURES)),
        ).fetchall()

    challenge: dict[tuple[str, ...], ChallengeBest] = {}
    sprint: dict[tuple[tuple[str, ...], int], SprintBest] = {}
    # Sessions come oldest first and only a strictly better one replaces a best: ties go to
    # whoever set the figure first.
    keys: dict[str, tuple[str, ...]] = {}  # a trainee repeats a few sets of skills: parse once
    for session_id, mode, skills, started, n, correct, total in sessions:
        key = keys.get(skills)
        if key is None:
            key = keys[skills] = tuple(sorted(set(json.loads(skills))))
        if Fraction(correct, n) < MASTERY.accuracy:
            continue  # no best without the accuracy mastery asks (a sprint: every answer)
        if mode == CHALLENGE:
            best = challenge.get(key)
            if best is None or correct > best.correct:
                when = datetime.fromtimestamp(started, UTC)
                challenge[key] = ChallengeBest(key, correct, n, session_id, when)
        elif correct == n:  # a sprint counts only with every answer right
            fastest = sprint.get((key, n))
            if fastest is None or total < fastest.total_ms:
                when = datetime.fromtimestamp(started, UTC)
                sprint[(key, n)] = SprintBest(key, n, total, session_id, when)
    best_median: dict[str, MedianBest] = {}
    for skill, middle, n, session_id, started, correct in medians:
        if Fraction(correct, n) < MASTERY.accuracy:
            continue
        held = best_median.get(skill)
        if held is None or middle < held.median_ms:
            when = datetime.fromtimestamp(started, UTC)
            best_median[skill] = MedianBest(skill, middle, n, session_id, when)
    return PersonalBests(
        challenge=tuple(challenge[key] for key in sorted(challenge)),
        sprint=tuple(sprint[key] for key in sorted(sprint)),
        median=dict(sorted(best_median.items())),
    )


def weakest_items(
    store: Store,
    profile: str,
    n: int = 10,
    *,
    skill: str | None = None,
    min_attempts: int = 1,
) -> list[WeakItem]:
    """The profile's n weakest items over all its history: most errors, then slowest.

    `min_attempts` leaves out items seen too rarely for their error rate to mean much.
    """
    # Error rates are compared as doubles: two different fractions with denominators below
    # 2**26 never round to the same double and equal ones always do, so that order is exact.
    query = """SELECT k.name, i.key, t.n, t.wrong, t.total_ms
        FROM item_tally t JOIN item i ON i.id = t.item JOIN skill k ON k.id = i.skill
        WHERE t.profile = ? AND t.n >= ?"""
    with store._snapshot() as conn:
        args: tuple[object, ...] = (store._profile_id(profile), min_attempts)
        if skill is not None:
            query += " AND k.name = ?"
            args += (skill,)
        query += """ ORDER BY CAST(t.wrong AS REAL) / t.n DESC, CAST(t.total_ms AS REAL) / t.n DESC,
            t.n DESC, k.name, i.key LIMIT ?"""
        rows = conn.execute(query, (*args, n)).fetchall()
    return [WeakItem(*row) for row in rows]
