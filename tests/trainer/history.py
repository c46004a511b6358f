"""A wall clock moved by hand, for the tests of the history: the store, its statistics and the
progress data all stamp attempts with it."""

from __future__ import annotations

from datetime import UTC, datetime

NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC).timestamp()
DAY = 86400


class Clock:
    """Wall clock for tests: unix seconds, moved by hand."""

    def __init__(self, now: float = NOON) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
