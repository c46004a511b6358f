"""What a practice (a drill, deal mode, the home game's score sheet) needs of the history
store: start a session, record each answer the moment it is given, end the session. Every
history is one (the history room's `HistoryStore` extends this protocol); a test may hand in
another."""

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
        """A new session's id. `planned`: the questions a sprint or an exam sets out to ask
        (None: open-ended); `interactive`: False when the answers are not typed as the
        questions are read (piped from a file); `assignment`: the id of the assigned exam
        (`Assignment.id`) the session is a try at, recorded with it (and sent to the school's
        server), None for anything else."""
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
    ) -> int | None: ...  # None: kept by the store until the history can be written

    def end_session(self, session_id: int) -> None: ...
