"""The daily plan on home: what to practise today, and the streak of days practised.

Definitions:

- *Reviews due* come first: the items of the review schedule (`trainer.history.review`) due
  today, and how many fall due tomorrow; a review session asks them.

- A *due* item is one missed among the last `MASTERY.window` answers of its skill (the store's
  `recent` table, the same window mastery looks at) and not answered right `WEAK_STREAK` times
  in a row since its last miss — the drill's own rule for an item to leave the weak queue, so
  the plan asks for what a practice would bring back. Most recently missed first.
- The *next skill* is the first skill of the curriculum, in its order, that the house rules
  allow and that is not mastered yet, with what it still lacks (`progress_data.mastery_gaps`).
- *Deal a shoe*: deal mode's own standard per number of boxes dealt (`history.shoes`), mastered
  or what it lacks.
- The *streak* is the number of calendar days in a row, ending today, with at least one answer
  (the store's daily tallies, in the trainee's local days) or a shoe dealt (a deal shoe's steps
  are in no tally, `measures.OWN_FIGURES`: the days of its first and last steps count). A streak
  that ended yesterday is still alive: today has not been practised yet, and practising keeps
  it going.

It reads only the aggregates and the recent window (at most `window` attempts per skill), so it
costs the same on a long history as on a short one. Time comes in as `now` (unix seconds): the
tests move it by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Final

from trainer.history.measures import MASTERY, OWN_FIGURES, day_date, local_day
from trainer.history.stats import SkillStats, daily_stats, skill_stats
from trainer.i18n import _
from trainer.practice.drill import WEAK_STREAK

if TYPE_CHECKING:
    from trainer.history.shoes import ShoeStanding
    from trainer.history.store import Store

DUE_MOST: Final = 6  # the plan names at most this many due items


@dataclass(frozen=True, slots=True)
class Streak:
    days: int  # days in a row with practice, ending today (or yesterday, see `today`)
    today: bool  # practised today already

    @property
    def alive(self) -> bool:
        return self.days > 0


@dataclass(frozen=True, slots=True)
class DailyPlan:
    due: tuple[tuple[str, str], ...]  # (skill, item), most recently missed first
    next_skill: str | None  # None: every skill the rules allow is mastered
    next_gaps: tuple[str, ...]  # what the next skill still lacks, in words
    streak: Streak
    attempts: int  # answers in the whole history, a shoe's steps too: 0 on a first run
    # deal mode's standard per number of boxes dealt (`history.shoes`), fewest boxes first
    shoes: tuple[ShoeStanding, ...] = ()
    # the review schedule's items due today and tomorrow (`history.review`): asked first;
    # None while they are being counted (home counts them on a worker of their own)
    review_today: int | None = 0
    review_tomorrow: int | None = 0

    @property
    def skills(self) -> list[str]:
        """The skills today's practice drills: the due items' and the next skill."""
        names = [skill for skill, _ in self.due]
        if self.next_skill is not None:
            names.append(self.next_skill)
        return list(dict.fromkeys(names))


def streak(days: Iterable[date], today: date) -> Streak:
    """The run of consecutive days practised that ends today, or yesterday."""
    practised = set(days)
    on_today = today in practised
    day = today if on_today else today - timedelta(days=1)
    n = 0
    while day in practised:
        n += 1
        day -= timedelta(days=1)
    return Streak(n, on_today)


def due_items(store: Store, profile: str, most: int = DUE_MOST) -> list[tuple[str, str]]:
    """The profile's due items (see the module docstring), most recently missed first."""
    with store._snapshot() as conn:
        rows = conn.execute(
            """SELECT k.name, i.key, a.id, a.correct FROM recent r
            JOIN attempt a ON a.id = r.attempt JOIN item i ON i.id = a.item
            JOIN skill k ON k.id = i.skill
            WHERE r.profile = ? ORDER BY a.id""",
            (store._profile_id(profile),),
        ).fetchall()
    last_miss: dict[tuple[str, str], int] = {}
    right_since: dict[tuple[str, str], int] = {}
    for skill, item, attempt, correct in rows:
        key = (skill, item)
        if not correct:
            last_miss[key] = attempt
            right_since[key] = 0
        elif key in last_miss:
            right_since[key] += 1
    due = [k for k in last_miss if right_since[k] < WEAK_STREAK]
    due.sort(key=lambda k: -last_miss[k])
    return due[:most]


def shoe_practice(store: Store, profile: str) -> tuple[set[date], int]:
    """The days a shoe was dealt on (those of each shoe's first and last steps) and the steps of
    every shoe: deal mode's practice, which no tally holds. Typed shoes only."""
    modes = sorted(OWN_FIGURES)
    marks = ", ".join("?" for _ in modes)
    with store._snapshot() as conn:
        profile_id = store._profile_id(profile)
        moments = conn.execute(
            f"""SELECT s.started + a.at FROM session s
            JOIN attempt a ON a.id IN (s.first_attempt, s.last_attempt)
            WHERE s.profile = ? AND s.interactive AND s.mode IN ({marks})""",
            (profile_id, *modes),
        ).fetchall()
        (steps,) = conn.execute(
            f"""SELECT coalesce(sum(ss.n), 0) FROM session s
            JOIN session_skill ss ON ss.session = s.id
            WHERE s.profile = ? AND s.interactive AND s.mode IN ({marks})""",
            (profile_id, *modes),
        ).fetchone()
    return {day_date(local_day(m)) for (m,) in moments}, int(steps)


def next_skill(
    stats: Mapping[str, SkillStats], curriculum: Sequence[str], available: Iterable[str]
) -> tuple[str | None, tuple[str, ...]]:
    """The first skill of `curriculum` allowed (in `available`) and not mastered, and why."""
    from trainer.history.progress_data import mastery_gaps

    allowed = set(available)
    for name in curriculum:
        if name not in allowed:
            continue
        figures = stats.get(name)
        if figures is None or not figures.attempts:
            return name, (_("never practised"),)
        if not figures.mastered:
            return name, mastery_gaps(figures, MASTERY)
    return None, ()


def daily_plan(
    store: Store,
    profile: str,
    targets: Mapping[str, float],
    curriculum: Sequence[str],
    available: Iterable[str],
    now: float,
    stats: Mapping[str, SkillStats] | None = None,
    *,
    reviews: bool = True,
) -> DailyPlan:
    """Today's plan for `profile` (a new profile: nothing due, the first skill, no streak).
    `stats`: the skills' figures when the caller has read them already; without `reviews`, the
    review schedule is not counted (its counts are None): the caller counts it apart, its
    first build over a long history taking seconds."""
    known = {p.name.casefold(): p.name for p in store.profiles()}
    name = known.get(profile.strip().casefold())
    today = day_date(local_day(now))
    if name is None:
        first, gaps = next_skill({}, curriculum, available)
        return DailyPlan((), first, gaps, Streak(0, False), 0)
    if reviews:
        from trainer.history.review import due_counts

        counts = due_counts(store, name, now)
        review_today, review_tomorrow = counts.today, counts.tomorrow
    else:
        review_today = review_tomorrow = None
    if stats is None:
        stats = skill_stats(store, name, targets)
    skill, gaps = next_skill(stats, curriculum, available)
    from trainer.history.shoes import shoe_standings

    shoe_days, shoe_steps = shoe_practice(store, name)
    days = [d.day for d in daily_stats(store, name)] + sorted(shoe_days)
    return DailyPlan(
        tuple(due_items(store, name)),
        skill,
        gaps,
        streak(days, today),
        sum(s.attempts for s in stats.values()) + shoe_steps,
        tuple(shoe_standings(store, name)) if shoe_steps else (),
        review_today,
        review_tomorrow,
    )
