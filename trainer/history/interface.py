"""What both histories share — the SQLite file of one trainer and a school's PostgreSQL server: the
rows a history gives back (profiles, sessions, attempts) and the errors it raises, each a
sentence for the trainee."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any


class StoreError(Exception):
    """The history cannot be opened at all; the message is a sentence for the trainee."""


class UnwritableError(StoreError, sqlite3.OperationalError):
    """The history cannot be written now (read-only, disk full, locked); a sentence for the
    trainee. `why` is the reason alone ("the disk is full"), to build other sentences on.

    Also an sqlite3.OperationalError, which is what such a write raised before: code that
    caught that (the settings dialog's profiles) still does.
    """

    def __init__(self, sentence: str, why: str) -> None:
        super().__init__(sentence)
        self.why = why


@dataclass(frozen=True, slots=True)
class Profile:
    id: int
    name: str
    created: datetime  # UTC


@dataclass(frozen=True, slots=True)
class SessionRow:
    id: int
    profile: str
    mode: str
    skills: tuple[str, ...]
    preset: str
    seed: int | None
    started: datetime  # UTC
    ended: datetime | None  # None while running, or if the program died during it
    attempts: int
    correct: int
    planned: int | None = None  # questions set (sprint, exam); None: open-ended or unknown
    interactive: bool = True  # False: the answers were piped, their times are not the trainee's

    @property
    def complete(self) -> bool:
        """Ended, and every planned question answered."""
        return self.ended is not None and (self.planned is None or self.attempts >= self.planned)


@dataclass(frozen=True, slots=True)
class Attempt:
    id: int
    session_id: int
    skill: str
    item: str
    question: dict[str, Any]
    answer: str
    expected: str
    correct: bool
    response_ms: int
    at: datetime  # wall clock, UTC, to the second
