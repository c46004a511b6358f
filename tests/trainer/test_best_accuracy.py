"""A personal best needs the accuracy a skill's mastery needs (issue 24): a session of wrong
answers, however fast or many, sets none."""

from __future__ import annotations

from typing import Any

from tests.trainer.history import Clock
from trainer.history import stats
from trainer.history.measures import MASTERY


def _session(store: Any, clock: Clock, mode: str, marks: str, ms: int) -> int:
    sid = store.start_session("Ana", mode, ["announce"], "casino-fr")
    for n, mark in enumerate(marks):
        clock.now += 3
        store.record(sid, "announce", f"i{n}", {"n": n}, "x", "y", mark == "1", ms)
    store.end_session(sid)
    return sid


def test_a_session_of_wrong_answers_sets_no_personal_best(store: Any, clock: Clock) -> None:
    assert MASTERY.accuracy == stats.Fraction(95, 100)
    _session(store, clock, "challenge", "0" * 12, 300)  # 0 % right, very fast
    _session(store, clock, "practice", "0" * 12, 200)
    bests = stats.personal_bests(store, "Ana")
    assert bests.challenge == () and bests.median == {}
    # 18 of 20 (90 %) is short of mastery's 95 %: still none
    _session(store, clock, "challenge", "1" * 18 + "00", 250)
    bests = stats.personal_bests(store, "Ana")
    assert bests.challenge == () and bests.median == {}
    # 19 of 20 (95 %) is a best, of both kinds
    sid = _session(store, clock, "challenge", "1" * 19 + "0", 900)
    bests = stats.personal_bests(store, "Ana")
    (challenge,) = bests.challenge
    assert (challenge.session_id, challenge.correct) == (sid, 19)
    assert bests.median["announce"].session_id == sid
