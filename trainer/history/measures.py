"""The definitions the history is measured by: percentiles, mastery, calendar days, and what
counts as evidence that an accuracy is under a mark or fell (`clearly_under`, `clearly_fell`).

Both the store (which keeps aggregates as it records) and the statistics (which read them) use
these, so they live apart from both: the store never imports the statistics.
"""

from __future__ import annotations

import functools
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

# -- evidence -----------------------------------------------------------------------------------
#
# A trainee's accuracy over a window of answers is an estimate: 27 right of 30 (90 %) is what a
# trainee who answers 95 % right gets one time in five. Saying such a trainee is under the mastery
# accuracy, or has fallen since last week, names noise, and an instructor's list of who needs
# attention fills with it. A window is taken as evidence when a trainee at the mark would answer
# as badly or worse less than one time in 40 (`EVIDENCE`, chosen: the tail of a two-sided 95 %
# interval). The tests are exact, in whole numbers, as the history's figures are:
# - under a mark: the binomial tail, P(so few right or fewer | the mark) — the same as the upper
#   bound of the exact (Clopper-Pearson) 95 % interval being under the mark. Not the Wilson score
#   interval, the usual approximate one: it leaves 26 of 30 under 95 %, which a trainee at 95 %
#   gets one time in 16, not 40; over twenty skills most of a class at the mark would have one;
# - a fall between two windows: Fisher's exact test, P(the wrong answers split between them so
#   unevenly or more, were both windows the same trainee's at one accuracy).

EVIDENCE: Final = Fraction(1, 40)  # one tail of a two-sided 95 % interval


@functools.lru_cache(maxsize=4096)
def clearly_under(correct: int, attempts: int, mark: Fraction) -> bool:
    """Whether `correct` right of `attempts` is evidence that the accuracy behind them is under
    `mark`: a trainee at `mark` would get that many right or fewer less than one time in 40
    (`EVIDENCE`). Over 30 answers and a mark of 95 %: 25 right (83 %) or fewer; 26 (86 %) and 27
    (90 %) are not yet evidence; over 100 answers, 89 right (89 %) is."""
    if attempts <= 0 or correct >= attempts * mark:
        return False
    mark = Fraction(mark)
    right, whole = mark.numerator, mark.denominator
    wrong = whole - right
    # P(X <= correct) for X ~ Binomial(attempts, mark), times whole ** attempts: whole numbers
    tail = sum(
        math.comb(attempts, k) * right**k * wrong ** (attempts - k) for k in range(correct + 1)
    )
    return tail * EVIDENCE.denominator < EVIDENCE.numerator * whole**attempts


@functools.lru_cache(maxsize=4096)
def clearly_fell(before_correct: int, before_attempts: int, correct: int, attempts: int) -> bool:
    """Whether `correct` right of `attempts` after `before_correct` of `before_attempts` is
    evidence of a fall: were both the same trainee's at one accuracy, their wrong answers would
    fall this many or more into the second less than one time in 40 (`EVIDENCE`; Fisher's exact
    test, one-sided). Over 30 answers each: from 30 right to 24 (100 % → 80 %) or lower, from 29
    to 22 (96 % → 73 %); from 30 to 27 (100 % → 90 %) is not yet evidence."""
    if before_attempts <= 0 or attempts <= 0:
        return False
    if correct * before_attempts >= before_correct * attempts:  # no lower at all
        return False
    wrong = (before_attempts - before_correct) + (attempts - correct)  # of the two together
    both = before_attempts + attempts
    # P(the second window holds `attempts - correct` of the wrong answers or more), times
    # comb(both, attempts): whole numbers
    tail = sum(
        math.comb(wrong, x) * math.comb(both - wrong, attempts - x)
        for x in range(attempts - correct, min(wrong, attempts) + 1)
    )
    return tail * EVIDENCE.denominator < EVIDENCE.numerator * math.comb(both, attempts)


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
