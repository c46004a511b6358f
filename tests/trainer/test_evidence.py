"""When a window of answers is evidence that a skill is under the mastery accuracy, or fell since
last week (`trainer.history.measures.clearly_under`, `clearly_fell`), and the class view's weak
and falling cells that read them: at their edges, over few answers and many, checked against the
binomial and hypergeometric chances computed here the long way, in fractions."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from hypothesis import given
from hypothesis import strategies as st

from trainer.history.classview import WEAK, WEAK_AT_MOST, SkillCell, attention
from trainer.history.measures import EVIDENCE, MASTERY, clearly_fell, clearly_under

MARK = MASTERY.accuracy  # 95 %


def chance_at_most(correct: int, attempts: int, p: Fraction) -> Fraction:
    """P(X <= correct), X binomial over `attempts` at `p`."""
    return sum(
        (comb(attempts, k) * p**k * (1 - p) ** (attempts - k) for k in range(correct + 1)),
        Fraction(0),
    )


def cell(right: int, n: int = 30, week: tuple[int, int] = (0, 0), last: tuple[int, int] = (0, 0)):
    """A cell of `right` of the last `n`, and this week's and last week's windows (right, n)."""
    return SkillCell(
        "announce", 60, n, right, 900.0, 30, 30, 2.0, False, week[1], week[0], last[1], last[0]
    )  # fmt: skip


# -- weak: under the mastery accuracy, with evidence ----------------------------------------------


def test_27_of_30_is_no_longer_weak_and_20_of_30_still_is() -> None:
    # 90 %: a trainee at 95 % gets 27 or fewer one time in five: not evidence (weak before)
    assert not cell(27).weak
    assert not clearly_under(27, 30, MARK)
    assert chance_at_most(27, 30, MARK) > Fraction(1, 6)
    # 66 %: a trainee at 95 % gets 20 or fewer about once in a million
    assert cell(20).weak
    assert chance_at_most(20, 30, MARK) < Fraction(1, 10**5)


def test_the_edge_over_30_answers_is_25_right() -> None:
    assert WEAK_AT_MOST == 25
    # 25 of 30 (83 %): 1.6 % — under one time in 40, weak; 26 (86 %): 6 %, not yet
    assert chance_at_most(25, 30, MARK) < EVIDENCE < chance_at_most(26, 30, MARK)
    assert cell(25).weak and not cell(26).weak
    assert [k for k in range(31) if cell(k).weak] == list(range(26))


def test_few_answers_or_many() -> None:
    # 90 % is not evidence over 30 answers, over 100 it is (89 of 100; 90 falls a hair short)
    assert not clearly_under(90 * 30 // 100, 30, MARK)
    assert clearly_under(89, 100, MARK) and not clearly_under(90, 100, MARK)
    assert clearly_under(270, 300, MARK)  # 90 % of 300
    # over 10 answers, 7 right (70 %) already is; 8 (80 %) is not
    assert clearly_under(7, 10, MARK) and not clearly_under(8, 10, MARK)
    # but a cell reads fewer than a full window as too few, weak or not: 0 of 10 is "too few"
    few = cell(0, n=10)
    assert few.too_few and not few.weak
    assert not clearly_under(0, 0, MARK)  # nothing answered: nothing known


def test_at_or_over_the_mark_is_never_evidence_under_it() -> None:
    assert not clearly_under(95, 100, MARK)
    assert not clearly_under(30, 30, MARK)
    assert not clearly_under(19, 20, MARK)


@given(st.integers(1, 200), st.data())
def test_under_the_mark_is_the_exact_binomial_test(attempts: int, data: st.DataObject) -> None:
    correct = data.draw(st.integers(0, attempts))
    said = clearly_under(correct, attempts, MARK)
    assert said == (chance_at_most(correct, attempts, MARK) < EVIDENCE)
    if said:  # fewer right is evidence too, and the accuracy is under the mark
        assert correct == 0 or clearly_under(correct - 1, attempts, MARK)
        assert Fraction(correct, attempts) < MARK


def test_the_attention_line_says_where_the_edge_is() -> None:
    weak = attention([cell(20), cell(27)], 0.0, [], 1.0)
    assert weak == (
        "weak (clearly under 95%: 83% or less over the last 30): Announce the point 66%",
    )
    assert [r.kind for r in weak] == [WEAK]  # type: ignore[attr-defined]
    assert attention([cell(27)], 0.0, [], 1.0) == ()  # 90 % over 30: nothing to say


# -- falling: a fall week on week, with evidence --------------------------------------------------


def chance_split(before: tuple[int, int], now: tuple[int, int]) -> Fraction:
    """P(this week's window holds its wrong answers or more of the two windows' together), were
    both one trainee's at one accuracy (the hypergeometric tail)."""
    wrong = (before[1] - before[0]) + (now[1] - now[0])
    both = before[1] + now[1]
    return sum(
        (
            Fraction(comb(wrong, x) * comb(both - wrong, now[1] - x), comb(both, now[1]))
            for x in range(now[1] - now[0], min(wrong, now[1]) + 1)
        ),
        Fraction(0),
    )


def test_a_fall_of_10_points_over_30_answers_is_not_yet_a_fall() -> None:
    # 100 % → 90 %: the 3 wrong answers all in this week one time in eight (flagged before)
    assert not cell(27, week=(27, 30), last=(30, 30)).falling
    assert chance_split((30, 30), (27, 30)) > Fraction(1, 9)
    # 97 % → 87 %, 10 points: neither
    assert not cell(26, week=(26, 30), last=(29, 30)).falling


def test_the_edge_of_a_fall() -> None:
    # from 30 of 30: to 24 (80 %) is a fall, to 25 (83 %) not yet (it is weak: said as weak)
    assert chance_split((30, 30), (24, 30)) < EVIDENCE < chance_split((30, 30), (25, 30))
    assert cell(24, week=(24, 30), last=(30, 30)).falling
    not_yet = cell(25, week=(25, 30), last=(30, 30))
    assert not not_yet.falling and not_yet.weak
    assert [r.kind for r in attention([not_yet], 0.0, [], 1.0)] == [WEAK]  # type: ignore[attr-defined]
    # the fall, 100 % → 70 %
    assert cell(21, week=(21, 30), last=(30, 30)).falling


def test_a_fall_on_more_answers_is_told_sooner() -> None:
    # 100 % → 90 %: not over 30 answers a week, over 100 it is
    assert not clearly_fell(30, 30, 27, 30)
    assert clearly_fell(100, 100, 90, 100)
    assert not clearly_fell(27, 30, 30, 30)  # a rise is no fall
    assert not clearly_fell(30, 30, 30, 30) and not clearly_fell(0, 0, 0, 30)


@given(st.integers(1, 40), st.integers(1, 40), st.data())
def test_a_fall_is_fishers_exact_test(before_n: int, n: int, data: st.DataObject) -> None:
    before = data.draw(st.integers(0, before_n))
    now = data.draw(st.integers(0, n))
    said = clearly_fell(before, before_n, now, n)
    lower = Fraction(now, n) < Fraction(before, before_n)
    assert said == (lower and chance_split((before, before_n), (now, n)) < EVIDENCE)
