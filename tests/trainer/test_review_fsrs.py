"""The review schedule's FSRS: the scheduler's formulas called on an item's floats
(`trainer.history.review._Rater`, what a build uses) give the very cards
`fsrs.Scheduler.review_card` gives (`_CardRater`), answer for answer, whatever the ratings and
the times between them; and a build over a history agrees with one made through `review_card`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.trainer.history import DAY, NOON, Clock
from trainer.history import review
from trainer.history.review import ReviewItem, _CardRater, _Rater, build
from trainer.history.store import Store

# an answer: its rating and the seconds since the one before (within a day, or weeks later)
ANSWERS = st.lists(
    st.tuples(
        st.integers(1, 4),
        st.one_of(st.integers(0, DAY - 1), st.integers(DAY, 200 * DAY), st.just(DAY)),
    ),
    min_size=1,
    max_size=30,
)


def _item() -> ReviewItem:
    return ReviewItem("announce", "announce:soft-16", "A-4-A", False, {}, NOON)


def _state(it: ReviewItem) -> tuple[Any, ...]:
    return (it.due, it.last, it.stability, it.difficulty, it.answers)


@settings(max_examples=300, deadline=None)
@given(ANSWERS)
def test_the_formulas_give_review_card_s_cards(answers: list[tuple[int, int]]) -> None:
    fast, slow = _item(), _item()
    at = NOON
    for grade, gap in answers:
        at += gap
        rater, reference = _Rater(), _CardRater()
        rater.rate(fast, grade, at)
        reference.rate(slow, grade, at)
        reference.close()
        assert _state(fast) == _state(slow)


@settings(max_examples=100, deadline=None)
@given(ANSWERS)
def test_one_rater_over_many_answers_is_review_card_too(answers: list[tuple[int, int]]) -> None:
    fast, slow = _item(), _item()
    rater, reference = _Rater(), _CardRater()
    at = NOON
    for grade, gap in answers:
        at += gap
        rater.rate(fast, grade, at)
        reference.rate(slow, grade, at)
    reference.close()
    assert _state(fast) == _state(slow)


def test_a_build_is_the_one_review_card_makes(tmp_path: Path, monkeypatch: Any) -> None:
    from tests.trainer.test_review import _month

    clock = Clock()
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as store:
        _month(store, clock)
        fast = build(store, "Ana", cached=False)
        monkeypatch.setattr(review, "_rater", _CardRater)
        slow = build(store, "Ana", cached=False)
    assert fast.items  # a month leaves items to compare
    assert {k: _state(i) for k, i in fast.items.items()} == {
        k: _state(i) for k, i in slow.items.items()
    }


def test_a_scheduler_without_the_formulas_is_used_through_review_card(monkeypatch: Any) -> None:
    import fsrs

    monkeypatch.delattr(fsrs.Scheduler, "_short_term_stability")
    assert isinstance(review._rater(), _CardRater)
