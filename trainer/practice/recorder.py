"""What a practice (a drill, deal mode, the home game's score sheet) needs of the history
store: start a session, record each answer the moment it is given, end the session. Every
history is one (the history room's `HistoryStore` extends this protocol); a test may hand in
another. The protocol holds the documentation; the stores repeat only the signatures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Recorder(Protocol):
    """What a practice needs of the history store."""

    def start_session(
        self,
        profile: str,
        mode: str,
        skills: Sequence[str],
        preset: str,
        seed: int | None = None,
        planned: int | None = None,
        *,
        interactive: bool = True,
        assignment: int | None = None,
    ) -> int:
        """Start a session for the profile (created if new) and return its id. `planned`: the
        questions a sprint or an exam sets out to ask (None: open-ended); `assignment`: the id
        of the assigned exam (`Assignment.id`) the session is a try at, recorded with it (and
        sent to the school's server), None for anything else.

        `interactive`: False when the answers do not come from a person typing them as they
        read the questions (standard input is a pipe or a file): the session's times then
        count toward no figure of the profile.

        Raises UnwritableError when the history cannot be written, or when answers kept from
        before still cannot be: a new session starts only once they are saved."""
        ...

    def record(
        self,
        session_id: int,
        skill: str,
        item: str,
        question: Mapping[str, Any],
        answer: str,
        expected: str,
        correct: bool,
        response_ms: int,
    ) -> int | None:
        """Record one attempt and commit it before returning its id.

        `question` is JSON data (tuples come back as lists); `response_ms` is whole
        milliseconds measured by the caller on a monotonic clock.

        When the history cannot be written (see `trouble`), the attempt is kept in memory,
        with any kept before it, and None is returned; each later record tries again to save
        them all first, in order."""
        ...

    def end_session(self, session_id: int) -> None:
        """Mark the session ended (its per-skill median and p90 stored). Ending twice is a
        no-op. Only ended sessions count for personal bests (a sprint cut short is not a
        sprint). When the history cannot be written the end is kept with the answers (see
        `trouble`)."""
        ...
