"""What the practice modes (deal mode, the home game's score sheet) need of the history store:
start a session, record each answer the moment it is given, end the session. The SQLite store
is one; a test may hand in another."""

from __future__ import annotations

from typing import Any, Protocol


class Recorder(Protocol):
    """What the score sheet needs of the history store."""

    def start_session(
        self, profile: str, mode: str, skills: Any, preset: str, seed: int | None = None
    ) -> int: ...

    def record(
        self,
        session_id: int,
        skill: str,
        item: str,
        question: Any,
        answer: str,
        expected: str,
        correct: bool,
        response_ms: int,
    ) -> int | None: ...  # None: kept by the store until the history can be written

    def end_session(self, session_id: int) -> None: ...
