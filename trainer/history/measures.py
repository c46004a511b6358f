"""The definitions the history is measured by: percentiles, mastery, calendar days.

Both the store (which keeps aggregates as it records) and the statistics (which read them) use
these, so they live apart from both: the store never imports the statistics.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Final

MEDIAN: Final = Fraction(1, 2)
P90: Final = Fraction(9, 10)


def ratio(part: int, whole: int) -> float | None:
    """part / whole, or None when there is nothing to divide by (no attempts yet)."""
    return part / whole if whole else None


@dataclass(frozen=True, slots=True)
class MasteryRule:
    min_attempts: int = 50
    window: int = 30
    accuracy: Fraction = Fraction(95, 100)


MASTERY: Final = MasteryRule()

# Session modes whose answers count only toward the figures of their own sessions, never toward a
# drill skill's (accuracy, median, mastery, weak items, the daily tallies, personal bests): a shoe
# dealt in deal mode (`trainer.practice.deal.MODE`), whose steps are stored under the skills they
# exercise but are mostly single presses — a box number, H or S — not the skill's own questions.
# A shoe has its own figures and its own standard (`trainer.history.shoes`). A review session
# (`trainer.practice.drill.REVIEW`) asks the items the review schedule has due: its count is its
# own, never mixed into a skill's median or mastery, and it sets no personal best.
OWN_FIGURES: Final = frozenset({"deal", "review"})


def counts_for_skills(mode: str, interactive: bool) -> bool:
    """Whether a session's answers count toward the profile's figures of their skills: typed
    (a piped session's times are not the trainee's) and not of a mode with figures of its own."""
    return bool(interactive) and mode not in OWN_FIGURES


# -- definitions ------------------------------------------------------------------------------

DAY_SECONDS: Final = 86400  # a day in seconds, for the history's unix times

_EPOCH_DAY: Final = date(1970, 1, 1)


def local_day(unix_seconds: float) -> int:
    """The trainee's calendar day at that moment, as days since 1970-01-01 (how days are kept)."""
    return (date.fromtimestamp(unix_seconds) - _EPOCH_DAY).days


def day_date(day: int) -> date:
    return date.fromordinal(_EPOCH_DAY.toordinal() + day)


def quantile(n: int, q: Fraction, at: Callable[[int], int]) -> float | None:
    """The q-quantile (type 7, see the module docstring) of n sorted values; at(i) is the i-th."""
    if n == 0:
        return None
    h = (n - 1) * q
    lo = math.floor(h)
    below = at(lo)
    if h == lo:
        return float(below)
    return float(below + (h - lo) * (at(lo + 1) - below))


def quantile_sorted(values: Sequence[int], q: Fraction) -> float | None:
    """The q-quantile of values sorted ascending."""
    return quantile(len(values), q, values.__getitem__)


def quantile_counts(counts: Sequence[tuple[int, int]], q: Fraction) -> float | None:
    """The same quantile from a histogram: (value, how many times) pairs, values ascending."""
    return quantile(sum(count for _, count in counts), q, lambda rank: nth(counts, rank))


def nth(counts: Iterable[tuple[int, int]], rank: int) -> int:
    """The value at 0-based rank in the sorted sequence the histogram stands for."""
    seen = 0
    for value, count in counts:
        seen += count
        if rank < seen:
            return value
    raise IndexError(rank)
