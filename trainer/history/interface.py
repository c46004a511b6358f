"""What both histories share — the SQLite file of one trainer and a school's PostgreSQL server: the
rows a history gives back (profiles, sessions, attempts), the errors it raises, each a sentence
for the trainee, and `HistoryStore`, what every backend offers."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Self

if TYPE_CHECKING:
    from trainer.history.assignments import Assignment

from trainer.i18n import _, format_number, ngettext
from trainer.practice.recorder import Recorder


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
    assignment: int | None = None  # the id of the assigned exam it was taken for (school's server)

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


@dataclass(frozen=True, slots=True)
class SyncStatus:
    """Where a shared history's answers are: all on the server, or some still waiting on this PC
    (the server cannot be reached, or refuses them). `problem` says why, in a few words."""

    online: bool
    waiting: int  # answers recorded here and not yet on the server
    problem: str | None = None

    @property
    def text(self) -> str:
        """For the status bar: "offline — 12 answers waiting", or that everything is sent."""
        n = self.waiting
        if not n:
            answers = _("no answer waiting")
        else:
            answers = ngettext("{count} answer waiting", "{count} answers waiting", n).format(
                count=format_number(n)
            )
        if not self.online:
            return _("offline — {answers}").format(answers=answers)
        if self.problem is not None:
            return _("the school's server refuses them ({problem}) — {answers}").format(
                problem=self.problem, answers=answers
            )
        if n:
            return _("sending — {answers}").format(answers=answers)
        return _("school's server: every answer sent")


class ClosedOnExit:
    """Both stores as context managers: `with Store.open() as store:` closes it at the end."""

    def close(self) -> str | None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        self.close()


class HistoryStore(Recorder, Protocol):
    """What the app, the commands and the statistics use of a history, whichever backend holds
    it: `trainer.history.store.Store` (one SQLite file) or `trainer.history.postgres.
    PostgresStore` (a school's server). `trainer.history.opening.open_history` chooses.

    The statistics (`history.stats`, `progress_data`, `plan`) read the aggregates of the SQLite
    schema through `_snapshot()` and `_profile_id()`: both backends keep that schema on this
    PC (the PostgreSQL one as its copy of the trainee's history), so every figure is computed by
    the same code from the same tables.
    """

    path: Path
    read_only: str | None

    @property
    def notice(self) -> str | None: ...

    def close(self) -> str | None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None: ...
    def reader(self) -> HistoryStore: ...
    def batch(self) -> AbstractContextManager[None]: ...
    def _snapshot(self) -> AbstractContextManager[sqlite3.Connection]: ...
    def _profile_id(self, name: str) -> int: ...

    def profile(self, name: str) -> int: ...
    def profiles(self) -> list[Profile]: ...
    def rename_profile(self, old: str, new: str) -> None: ...
    def profile_answers(self, name: str) -> int: ...
    def delete_profile(self, name: str) -> int: ...

    # start_session, record, end_session: a history is the Recorder a practice writes to
    def sessions(self, profile: str) -> list[SessionRow]: ...
    def attempts(
        self, profile: str | None = None, session_id: int | None = None
    ) -> Iterator[Attempt]: ...
    def export_rows(self, profile: str | None = None) -> Iterator[tuple[Any, ...]]: ...

    def tidy(self) -> None: ...
    def retry(self, wait_ms: int = ...) -> bool: ...
    @property
    def kept(self) -> int: ...
    @property
    def trouble(self) -> str | None: ...
    @property
    def trouble_reason(self) -> str | None: ...
    @property
    def unsaved(self) -> str | None: ...
    @property
    def read_only_notice(self) -> str | None: ...
    def status(self) -> SyncStatus | None:
        """None for a history of this PC alone; a shared one says where its answers are."""
        ...

    def assignments(self) -> list[Assignment]:
        """The exams assigned to this trainee, newest first: none for a history of this PC
        alone; a school's, the list last read from its server (kept on this PC, so it shows
        offline)."""
        ...
