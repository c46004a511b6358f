"""The history store: trainees' profiles, their sessions and every attempt, in one SQLite file.

This module owns the file and its schema. It records what happened and keeps, in the same
transaction as each attempt, the small aggregate tables that `trainer.history.stats` reads, so that
statistics never scan the attempts (the goal is ≤ 300 ms over a million attempts and
≤ 120 bytes per attempt on disk). What the numbers mean — median, 90th percentile, mastery,
personal bests — is defined in `trainer.history.stats`; this module only stores what they need.

Where the file lives: `data_dir() / "history.sqlite3"`; `SABOT_DATA_DIR` overrides the
platform's user data directory (the tests use it).

Durability: each `record()` is committed before it returns. The file is in WAL mode with
synchronous=NORMAL, which survives a crash or `kill -9` of the process (only a power cut can lose
the last commits). `batch()` groups many records in one transaction for imports and benchmarks.
The write-ahead log is folded back into the file every `WAL_PAGES` pages (a few answers; see
`tidy()`), so it holds a few hundred KiB at most: a 1 MB volume holds thousands of answers, not
a few dozen.

Writes that fail: when the disk is full, the file or its medium has become read-only, or another
program holds the file locked longer than `WAIT_MS`, `record()` and `end_session()` keep what
they were given in memory, in order, and return; every later write (and `retry()`, which the app
calls on a timer) tries again to save it all first, waiting at most `RETRY_WAIT_MS` meanwhile so
the caller is never held up for long. `trouble` then says what happened in one sentence, and
`close()` makes a last try and says what could not be saved. Every other write that fails for
those reasons raises `UnwritableError`, with a sentence.

Read-only histories: a file (or its folder, or its medium) that can be read but not written is
opened read-only: everything reads as usual, and any write raises `UnwritableError` saying why
(`read_only` holds the reason). A file of an older format is then read from a migrated copy in
memory, the file itself left as it is.

Answers that were not typed: a session started with `interactive=False` (the answers came from a
pipe or a file, faster than a person types) stores its attempts and its own figures like any
other, but none of them goes into the profile's aggregates below (tally, histograms, item
tallies, the mastery window), and it sets no personal best: its response times say nothing of
the trainee's speed. The same holds for a session of a mode with figures of its own
(`measures.OWN_FIGURES`: a shoe dealt in deal mode): its steps are no drill's questions.

Damaged files: a file that is not a database, or that fails SQLite's quick check (garbage,
truncation), is moved aside — kept, never deleted, with its -wal and -shm — and a new, empty
history is started; `Store.notice` then says so in one sentence for the GUI to show. The
quick check reads the whole file at each open: about half a second per million attempts.

Threads: a `Store` belongs to the thread that opened it. For a worker thread, call
`store.reader()`: a second, read-only `Store` on the same file, usable from one other thread.

The schema and its migrations: `trainer.history.migrations`; the stored questions:
`trainer.history.questions`; why a write fails, and the sentences that say so:
`trainer.history.troubles`.

It stays one long module: it is one class, `Store`, whose writes, kept answers and reads share
one connection and one transaction discipline (`_write`, `_snapshot`); its parts apart are
elsewhere, as above.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import platformdirs

if TYPE_CHECKING:
    from trainer.history.assignments import Assignment

from trainer.history.interface import (  # noqa: F401  (re-exported: where they always were)
    Attempt,
    ClosedOnExit,
    Profile,
    SessionRow,
    StoreError,
    SyncStatus,
    UnwritableError,
)
from trainer.history.measures import counts_for_skills, local_day
from trainer.history.migrations import RECENT, SCHEMA_VERSION, _migrate, _store_quantiles
from trainer.history.questions import _form_of, decode_question, encode_question
from trainer.history.troubles import (
    _SQLITE_BUSY,
    _SQLITE_CANTOPEN,
    _SQLITE_CORRUPT,
    _SQLITE_IOERR,
    _SQLITE_LOCKED,
    _SQLITE_NOTADB,
    _SQLITE_READONLY,
    _error_code,
    _not_opened,
    _read_only_reason,
    _write_trouble,
    cannot_write,
    kept_sentence,
    no_new_drill,
    no_profile,
    unsaved_sentence,
)
from trainer.i18n import N_, format_number

# `say`, not `_`: the export's loops name an unused column `_`
from trainer.i18n import _ as say
from trainer.os_reasons import os_reason, os_reason_id

DB_NAME: Final = "history.sqlite3"

_MAGIC: Final = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
_PAGE: Final = 1000  # rows per query when iterating attempts, so no statement stays open long
_EXPORT_PAGE: Final = 5000  # the same for the plain rows of an export

# A write waits this long for another program's lock before its answer is kept in memory; while
# answers are kept, each retry waits at most RETRY_WAIT_MS (the caller may be the GUI thread).
WAIT_MS: Final = 2000
RETRY_WAIT_MS: Final = 100
# What is kept is written back this many at a time, a transaction each (see `_save`).
SAVE_CHUNK: Final = 50

# The log is folded back into the file (a passive checkpoint) by `tidy()` every TIDY_EVERY answers,
# about WAL_PAGES pages at ~8 pages an answer. A checkpoint syncs the file, and the log's next
# start syncs its header: 2–20 ms on a busy disk, so the drills call tidy() while the trainee
# reads a question, never between an answer and the next question. For writers that never call
# it, SQLite folds the log back by itself at a commit past twice that; a log made longer by a
# batch is cut back to JOURNAL_LIMIT.
TIDY_EVERY: Final = 8
WAL_PAGES: Final = 64
WAL_BYTES: Final = WAL_PAGES * 4096
JOURNAL_LIMIT: Final = 4 * WAL_BYTES


class _Unreadable(Exception):
    """The file exists but is not a usable Sabot history: it is moved aside."""


class _Busy(Exception):
    """Another program holds the file locked while it is being opened: tried again."""


# How long `Store.open` waits for another program creating or migrating the history (each try
# waits WAIT_MS in SQLite itself), and who is told that it waits (the command line: stderr).
OPEN_PATIENCE_S: Final = 300.0
on_open_wait: Callable[[str], None] | None = None


def data_dir() -> Path:
    """Sabot's data directory (created if missing): $SABOT_DATA_DIR, else the user data dir."""
    override = os.environ.get("SABOT_DATA_DIR")
    if override:
        path = Path(override).expanduser()
    else:
        # appauthor=False: on Windows, "%LOCALAPPDATA%\sabot" rather than "...\sabot\sabot".
        path = Path(platformdirs.user_data_dir("sabot", appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            say(
                "The data folder {path} cannot be created ({why}). Set SABOT_DATA_DIR to a "
                "folder you can write to."
            ).format(path=path, why=os_reason(error))
        ) from None
    return path


def default_path() -> Path:
    return data_dir() / DB_NAME


@dataclass(slots=True)
class _Live:
    """What record() needs to know about a session, cached so recording costs no look-up."""

    profile: int
    started: int
    ended: bool
    counted: bool  # its answers go into the profile's aggregates (`measures.counts_for_skills`)


@dataclass(frozen=True, slots=True)
class _Answer:
    """An attempt given to record(), kept in memory until it can be written."""

    session: int
    skill: str
    item: str
    question: str | bytes  # encoded
    form: str | None  # its said form (`said_form`)
    answer: str
    expected: str
    correct: bool
    ms: int
    now: int  # unix seconds when it was given


@dataclass(frozen=True, slots=True)
class _End:
    """The end of a session given to end_session(), kept until it can be written."""

    session: int
    now: int


def _utc(unix_seconds: int) -> datetime:
    return datetime.fromtimestamp(unix_seconds, UTC)


def _clean_name(name: str, what: str = N_("A profile name")) -> str:
    """`name` without its outer spaces; `what` (an N_ text) names it in the sentence that
    refuses an empty one."""
    if not isinstance(name, str):
        raise TypeError(f"{what} must be a string, not {type(name).__name__}")
    cleaned = name.strip()
    if not cleaned:
        raise ValueError(say("{what} cannot be empty or only spaces.").format(what=say(what)))
    return cleaned


def _connect(
    target: Path | str, *, uri: bool = False, check_same_thread: bool = True
) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every BEGIN/COMMIT below is explicit.
    conn = sqlite3.connect(
        target,
        timeout=WAIT_MS / 1000,
        isolation_level=None,
        check_same_thread=check_same_thread,
        uri=uri,
    )
    conn.create_function("sabot_day", 1, local_day, deterministic=True)
    return conn


def _connect_checked(target: str) -> sqlite3.Connection:
    """A connection to a URI, once SQLite's quick check has read the whole file."""
    conn = _connect(target, uri=True)
    try:
        (result,) = conn.execute("PRAGMA quick_check(1)").fetchone()
    except BaseException:
        conn.close()
        raise
    if result != "ok":
        conn.close()
        raise _Unreadable(N_("it is damaged"))
    return conn


_COPIES: Final = itertools.count(1)  # names of in-memory copies of read-only histories


def checked_attempt(
    skill: str, item: str, question: Mapping[str, Any], answer: str, expected: str,
    correct: bool, response_ms: int,
) -> tuple[str, str | bytes]:  # fmt: skip
    """An attempt's arguments checked as every history checks them before it keeps or writes
    one (a kept answer is never refused later): the skill's clean name and the question's
    JSON, or TypeError/ValueError naming what is wrong."""
    if not isinstance(correct, bool):
        raise TypeError(f"correct must be a bool, not {type(correct).__name__}")
    if not isinstance(response_ms, int) or isinstance(response_ms, bool) or response_ms < 0:
        raise ValueError(
            f"response_ms must be a whole number of milliseconds ≥ 0, not {response_ms!r}"
        )
    if not isinstance(answer, str) or not isinstance(expected, str):
        raise TypeError("answer and expected must be strings, as typed and as shown")
    if not isinstance(item, str):
        raise TypeError(f"item must be a string key, not {type(item).__name__}")
    return _clean_name(skill, N_("A skill name")), encode_question(question)


class Store(ClosedOnExit):
    """One open history file. Use `Store.open()`; close it, or use it as a context manager."""

    path: Path
    read_only: str | None  # why the history can only be read ("its folder is read-only")

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        *,
        clock: Callable[[], float],
        reader: bool = False,
        moved: tuple[Path, str, Path] | None = None,
        read_only: str | None = None,
        target: tuple[str, bool] | None = None,
    ) -> None:
        self._conn = conn
        self.path = path
        # a damaged file moved aside at open: where it was, why, where it is kept (`notice`)
        self._moved = moved
        self.read_only = read_only
        self._clock = clock
        self._reader = reader
        self._target = target or (str(path), False)  # what reader() connects to: (name, uri)
        self._depth = 0  # nesting of _write()/_snapshot() blocks: only the outermost commits
        self._skills: dict[str, int] = {}
        self._items: dict[tuple[int, str], tuple[int, str | bytes]] = {}
        self._live: dict[int, _Live] = {}
        self._kept: list[_Answer | _End] = []  # given but not yet written, oldest first
        self._ending: set[int] = set()  # sessions whose end is kept
        self._why: str | None = None  # why what is kept could not be written
        self._unfolded = 0  # answers written since the log was last folded back (tidy)
        self._wait_ms = WAIT_MS
        # The longest record() and end_session() wait for a history another program holds, when
        # it was writable until then: WAIT_MS for the command line; the app's GUI thread sets
        # RETRY_WAIT_MS (an answer it cannot write at once is kept, and its retry timer saves it)
        # so that no answer freezes the window for seconds.
        self.patience_ms = WAIT_MS
        # Held by every write and every folding of the log. A reader of the same file in this
        # program that reads often (a school's sender, reading the outbox at each answer) takes
        # it around its reads: a read under way when a commit folds the log back stops the
        # folding at what that read sees, and the log cannot start over; a writer answering in
        # a tight loop found the sender reading at commit after commit, and the log grew past
        # its bound.
        self.folding = threading.RLock()

    # -- opening and closing ---------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        waiting: Callable[[str], None] | None = None,
        patience_s: float | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> Store:
        """Open (creating, migrating or replacing a damaged file as needed) the history.

        `clock` gives wall-clock unix seconds; tests inject one. A history that can be read but
        not written is opened read-only (`read_only` says why). Raises StoreError, with a
        sentence for the trainee, only when no working store can be given: the directory cannot
        be made, the file was written by a newer Sabot, the disk fails.

        A history another program holds locked while it opens it (another Sabot creating or
        migrating it) is waited for, never opened read-only for that: `waiting` (else
        `on_open_wait`, which the command line sets) is told once, in a sentence, what is
        waited for; after `patience_s` (OPEN_PATIENCE_S) of `monotonic` seconds, StoreError.
        """
        path = default_path() if path is None else Path(path)
        patience = OPEN_PATIENCE_S if patience_s is None else patience_s
        since: float | None = None
        while True:
            try:
                return cls._open_once(path, clock)
            except _Busy:
                now = monotonic()
                if since is None:
                    since = now
                    tell = waiting if waiting is not None else on_open_wait
                    if tell is not None:
                        tell(
                            say(
                                "Waiting for the history {path}: another program (another "
                                "Sabot?) is creating or updating it."
                            ).format(path=path)
                        )
                elif now - since >= patience:
                    raise StoreError(
                        say(
                            "The history file {path} could not be opened: another program "
                            "has kept it locked for {seconds} seconds. Close the other Sabot, "
                            "or set SABOT_DATA_DIR to another folder."
                        ).format(path=path, seconds=format_number(now - since, places=0))
                    ) from None

    @classmethod
    def _open_once(cls, path: Path, clock: Callable[[], float]) -> Store:
        """One try of `open`; _Busy while another program holds the file locked."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            why = _read_only_reason(path)
            if why is not None:
                return cls._open_read_only(path, why, clock)
            moved = None
            try:
                conn = cls._open_checked(path)
            except _Unreadable as why_not:
                moved = (path, str(why_not), _move_aside(path, clock()))
                conn = cls._open_checked(path)
            try:
                _migrate(conn, path)
            except BaseException:
                conn.close()
                raise
        except sqlite3.Error as error:
            if _error_code(error) in (_SQLITE_BUSY, _SQLITE_LOCKED):
                # another program creating or migrating it: waited for (`open`), never a
                # read-only session for that
                raise _Busy() from None
            why = _write_trouble(error)
            if why is not None and _error_code(error) != _SQLITE_CORRUPT and path.is_file():
                # read-only in a way os.access cannot see (a network share, a sandbox), full, or
                # locked by a migrating program: what is there can still be read
                return cls._open_read_only(path, why, clock)
            raise StoreError(_not_opened(path, why or str(error))) from None
        except OSError as error:
            raise StoreError(_not_opened(path, os_reason_id(error))) from None
        return cls(conn, path, clock=clock, moved=moved)

    @classmethod
    def _open_read_only(cls, path: Path, why: str, clock: Callable[[], float]) -> Store:
        """The history opened for reading only: nothing is created, moved or migrated on disk."""
        if not path.is_file() or path.stat().st_size == 0:
            raise StoreError(
                say(
                    "There is no history in {folder} yet, and none can be started there: {why}. "
                    "Set SABOT_DATA_DIR to a folder you can write to."
                ).format(folder=path.parent, why=say(why))
            )
        damaged = StoreError(
            say(
                "The history file {path} is damaged, and it cannot be moved aside to start a new "
                "one: {why}."
            ).format(path=path, why=say(why))
        )
        try:
            with path.open("rb") as file:
                if file.read(len(_MAGIC)) != _MAGIC:
                    raise damaged
            uri = path.resolve().as_uri()
            target = f"{uri}?mode=ro"
            try:
                conn = _connect_checked(target)
            except sqlite3.OperationalError as error:
                wal = Path(f"{path}-wal")
                if _error_code(error) not in (
                    _SQLITE_CANTOPEN,
                    _SQLITE_IOERR,
                    _SQLITE_READONLY,  # SQLITE_READONLY_DIRECTORY: no -shm can be made there
                ) or (wal.exists() and wal.stat().st_size > 0):
                    raise
                # mode=ro needs the log's index beside the file; where none can be made (a
                # read-only folder or medium, a full disk) and the log is empty, the file
                # alone is all there is
                target = f"{uri}?immutable=1"
                conn = _connect_checked(target)
            try:
                if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                    # an older format: read from a copy brought up to date in memory
                    target = f"file:sabot-read-only-{next(_COPIES)}?mode=memory&cache=shared"
                    memory = _connect(target, uri=True)
                    conn.backup(memory)
                    conn.close()
                    conn = memory
                _migrate(conn, path)  # refuses a newer format
                conn.execute("PRAGMA query_only = ON")
            except BaseException:
                conn.close()
                raise
        except _Unreadable:
            raise damaged from None
        except sqlite3.DatabaseError as error:
            if _error_code(error) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
                raise damaged from None
            raise StoreError(_not_opened(path, str(error))) from None
        except OSError as error:
            raise StoreError(_not_opened(path, os_reason_id(error))) from None
        return cls(conn, path, clock=clock, read_only=why, target=(target, True))

    @staticmethod
    def _open_checked(path: Path) -> sqlite3.Connection:
        existed = path.exists() and (not path.is_file() or path.stat().st_size > 0)
        if existed and path.is_file():
            # Checked before SQLite sees the file: on a file that is not a database, SQLite
            # would still take a -wal beside it for its own and delete it on closing.
            with path.open("rb") as file:
                if file.read(len(_MAGIC)) != _MAGIC:
                    raise _Unreadable(N_("it is not a database"))
        try:
            conn = _connect(path)
        except sqlite3.Error as error:
            if existed and _error_code(error) in (_SQLITE_CANTOPEN, _SQLITE_NOTADB):
                raise _Unreadable(N_("it could not be opened")) from None
            raise
        try:
            # Only reads until the file is known to be ours: it is kept as it was otherwise.
            # quick_check reads every page: it catches truncation and garbage pages, which a
            # plain open would only meet later, in the middle of a drill.
            (result,) = conn.execute("PRAGMA quick_check(1)").fetchone()
            if result != "ok":
                raise _Unreadable(N_("it is damaged"))
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise _Unreadable(N_("it is a database, but not a Sabot history"))
            conn.execute("PRAGMA journal_mode = WAL").fetchone()
            conn.execute("PRAGMA synchronous = NORMAL")
            # Without this the log grows by ~32 KiB an answer until SQLite folds it back at
            # ~40 MB: a small volume is full after a few dozen answers. See WAL_PAGES.
            conn.execute(f"PRAGMA wal_autocheckpoint = {2 * WAL_PAGES}")
            conn.execute(f"PRAGMA journal_size_limit = {JOURNAL_LIMIT}")
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as error:
            conn.close()
            code = _error_code(error)
            if code == _SQLITE_NOTADB:
                raise _Unreadable(N_("it is not a database")) from None
            if code == _SQLITE_CORRUPT:
                raise _Unreadable(N_("it is damaged")) from None
            if code == _SQLITE_CANTOPEN and existed:
                raise _Unreadable(N_("it could not be opened")) from None
            raise
        except BaseException:
            conn.close()
            raise
        return conn

    def reader(self) -> Store:
        """A second, read-only Store on the same file, for one other thread (the stats worker).

        It may be created in one thread and used in another, but by one thread at a time.
        It sees every attempt committed before each statistics call. Close it when done.
        """
        name, uri = self._target
        conn = _connect(name, uri=uri, check_same_thread=False)
        conn.execute("PRAGMA query_only = ON")
        return Store(
            conn,
            self.path,
            clock=self._clock,
            reader=True,
            read_only=self.read_only,
            target=self._target,
        )

    def close(self) -> str | None:
        """Close the file, after a last try (waiting up to WAIT_MS) to write what is kept.

        Returns what could not be saved, as a sentence for the trainee, or None.
        """
        if self._kept:
            self._save(WAIT_MS)
        lost = self.unsaved
        self._conn.close()
        return lost

    # -- transactions ----------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (or a part of the one already open).

        A failure from outside Sabot (disk full, read-only, locked) is raised as an
        UnwritableError with a sentence; anything else as it is.
        """
        if self._reader:
            raise PermissionError("this Store is a read-only reader(); write through the owner")
        if self.read_only is not None:
            raise UnwritableError(self.read_only_notice or "", self.read_only)
        if self._depth:
            self._depth += 1
            try:
                yield self._conn
            finally:
                self._depth -= 1
            return
        try:
            with self.folding:
                # IMMEDIATE takes the write lock now: two programs never deadlock mid-way.
                self._conn.execute("BEGIN IMMEDIATE")
                self._depth = 1
                yield self._conn
                self._depth = 0
                self._conn.execute("COMMIT")  # and an automatic folding of the log, at times
        except BaseException as error:
            self._depth = 0
            if self._conn.in_transaction:
                try:
                    self._conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # SQLite rolled back by itself (a full disk, an I/O error)
            # Ids handed out inside the rolled-back transaction no longer exist.
            self._skills.clear()
            self._items.clear()
            self._live.clear()
            why = _write_trouble(error)
            if why is None:
                raise
            raise UnwritableError(cannot_write(why), why) from None

    def _set_wait(self, wait_ms: int) -> None:
        if wait_ms != self._wait_ms:
            self._conn.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
            self._wait_ms = wait_ms

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection]:
        """A consistent read of several statements; `history.stats` reads the schema through it."""
        if self._depth:
            yield self._conn
            return
        self._conn.execute("BEGIN")
        self._depth = 1
        try:
            yield self._conn
        finally:
            self._depth = 0
            self._conn.execute("COMMIT")

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Record many attempts in one transaction (imports, benchmarks).

        Much faster, but a crash inside the block loses the whole block; the drills record
        one at a time.
        """
        with self._write():
            yield

    # -- profiles --------------------------------------------------------------------------

    def profile(self, name: str) -> int:
        """The id of the profile with this name (case-insensitive), created if new."""
        name = _clean_name(name)
        with self._write() as conn:
            row = conn.execute("SELECT id FROM profile WHERE name = ?", (name,)).fetchone()
            if row:
                return int(row[0])
            cursor = conn.execute(
                "INSERT INTO profile (name, created) VALUES (?, ?)", (name, int(self._clock()))
            )
            return int(cursor.lastrowid or 0)

    def profiles(self) -> list[Profile]:
        rows = self._conn.execute("SELECT id, name, created FROM profile ORDER BY name, id")
        return [Profile(id, name, _utc(created)) for id, name, created in rows]

    def rename_profile(self, old: str, new: str) -> None:
        old, new = _clean_name(old), _clean_name(new, N_("A new profile name"))
        with self._write() as conn:
            row = conn.execute("SELECT id FROM profile WHERE name = ?", (old,)).fetchone()
            if row is None:
                raise ValueError(no_profile(old))
            taken = conn.execute("SELECT id FROM profile WHERE name = ?", (new,)).fetchone()
            if taken is not None and taken[0] != row[0]:
                raise ValueError(
                    say("The name {name} is already taken by another profile.").format(
                        name=repr(new)
                    )
                )
            conn.execute("UPDATE profile SET name = ? WHERE id = ?", (new, row[0]))

    def profile_answers(self, name: str) -> int:
        """How many answers the profile has in the history, piped ones included (0 if none)."""
        row = self._conn.execute(
            """SELECT count(a.id) FROM profile p JOIN session s ON s.profile = p.id
            JOIN attempt a ON a.session = s.id WHERE p.name = ?""",
            (_clean_name(name),),
        ).fetchone()
        return int(row[0])

    def delete_profile(self, name: str) -> int:
        """Delete the profile and everything of it: its sessions, answers and tallies, for good.
        Returns how many answers went. The items stay: they are shared by every profile."""
        name = _clean_name(name)
        with self._write() as conn:
            row = conn.execute("SELECT id FROM profile WHERE name = ?", (name,)).fetchone()
            if row is None:
                raise ValueError(no_profile(name))
            pid = row[0]
            sessions = "SELECT id FROM session WHERE profile = ?"
            gone = conn.execute(
                f"DELETE FROM attempt WHERE session IN ({sessions})", (pid,)
            ).rowcount
            conn.execute(f"DELETE FROM session_skill WHERE session IN ({sessions})", (pid,))
            for table in ("tally", "hist", "hist_tenth", "item_tally", "recent", "session"):
                conn.execute(f"DELETE FROM {table} WHERE profile = ?", (pid,))
            conn.execute("DELETE FROM profile WHERE id = ?", (pid,))
        self._live = {k: v for k, v in self._live.items() if v.profile != pid}
        return int(gone)

    def _profile_id(self, name: str) -> int:
        row = self._conn.execute(
            "SELECT id FROM profile WHERE name = ?", (_clean_name(name),)
        ).fetchone()
        if row is None:
            raise ValueError(no_profile(name.strip()))
        return int(row[0])

    # -- sessions --------------------------------------------------------------------------

    # start_session, record, end_session: the Recorder's (trainer.practice.recorder), documented
    # there; the signatures repeated as Python needs them

    def start_session(
        self, profile: str, mode: str, skills: Sequence[str], preset: str,
        seed: int | None = None, planned: int | None = None, *, interactive: bool = True,
        assignment: int | None = None,
    ) -> int:  # fmt: skip
        if planned is not None and (not isinstance(planned, int) or planned < 1):
            raise ValueError(f"planned must be a number of questions ≥ 1, not {planned!r}")
        if assignment is not None and (
            not isinstance(assignment, int) or isinstance(assignment, bool) or assignment < 1
        ):
            raise ValueError(f"assignment must be an assigned exam's id ≥ 1, not {assignment!r}")
        mode = _clean_name(mode, N_("A mode"))
        if isinstance(skills, str):
            raise TypeError("skills must be a sequence of skill names, not one string")
        names = [_clean_name(skill, N_("A skill name")) for skill in skills]
        if self._kept:
            self._save(RETRY_WAIT_MS)
            if self._kept:
                raise UnwritableError(no_new_drill(self.trouble or ""), self._why or "")
        now = int(self._clock())
        with self._write() as conn:
            profile_id = self.profile(profile)
            cursor = conn.execute(
                """INSERT INTO session
                    (profile, mode, skills, preset, seed, started, planned, interactive,
                     assignment)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    profile_id,
                    mode,
                    json.dumps(names, ensure_ascii=False),
                    preset,
                    seed,
                    now,
                    planned,
                    int(bool(interactive)),
                    assignment,
                ),
            )
            session_id = int(cursor.lastrowid or 0)
        self._live[session_id] = _Live(
            profile_id, now, ended=False, counted=counts_for_skills(mode, interactive)
        )
        return session_id

    def end_session(self, session_id: int) -> None:
        live = self._session(session_id)  # ValueError for a session that does not exist
        if live.ended or session_id in self._ending:
            return
        self._ending.add(session_id)
        self._kept.append(_End(session_id, int(self._clock())))
        self._save(RETRY_WAIT_MS if self._why else self.patience_ms)

    def _write_end(self, conn: sqlite3.Connection, end: _End) -> None:
        row = conn.execute(
            "SELECT ended, first_attempt, last_attempt FROM session WHERE id = ?",
            (end.session,),
        ).fetchone()
        if row is None or row[0] is not None:
            return  # removed, or ended by another program meanwhile
        _, first, last = row
        conn.execute("UPDATE session SET ended = ? WHERE id = ?", (end.now, end.session))
        if first is not None:
            _store_quantiles(
                conn,
                conn.execute(
                    """SELECT a.session, i.skill, a.ms FROM attempt a
                    JOIN item i ON i.id = a.item
                    WHERE a.id BETWEEN ? AND ? AND a.session = ?
                    ORDER BY i.skill, a.ms""",
                    (first, last, end.session),
                ),
            )

    def tidy(self) -> None:
        """Every TIDY_EVERY answers, fold the log back into the file and start it over: a few
        ms of syncing. Call it when nothing waits on the store — the app once a question is on
        screen, the terminal drill before it reads the answer — so that record() never syncs.
        Does nothing otherwise, nor while answers are kept."""
        if self._reader or self.read_only is not None or self._depth or self._kept:
            return
        if self._unfolded < TIDY_EVERY:
            return
        self._unfolded = 0
        try:
            with self.folding:
                busy, logged, folded = self._conn.execute(
                    "PRAGMA wal_checkpoint(PASSIVE)"
                ).fetchone()
                if not busy and 0 < logged == folded:
                    # All of it is in the file: a write now starts the log over, and syncs its
                    # new header (which the next answer's commit would otherwise do). The
                    # smallest write there is: the format version, unchanged.
                    with self._write() as conn:
                        (version,) = conn.execute("PRAGMA user_version").fetchone()
                        conn.execute(f"PRAGMA user_version = {int(version)}")
        except (sqlite3.Error, UnwritableError):
            pass  # a full disk, a busy file: SQLite folds it back at a later commit

    # -- writes that wait ------------------------------------------------------------------

    @property
    def kept(self) -> int:
        """How many answers are kept in memory because the history could not be written."""
        return sum(1 for op in self._kept if isinstance(op, _Answer))

    @property
    def trouble(self) -> str | None:
        """What is kept in memory and why, in one sentence for the trainee; None when nothing."""
        if not self._kept:
            return None
        return kept_sentence(self._why or "", self.kept)

    @property
    def read_only_notice(self) -> str | None:
        """For a history opened read-only, what that means, in one sentence; else None."""
        if self.read_only is None:
            return None
        return say(
            "The history cannot be written: {why}. Statistics, export and the progress view "
            "work, but nothing new can be recorded."
        ).format(why=say(self.read_only))

    @property
    def notice(self) -> str | None:
        """When a damaged file was moved aside at open, that it was, in one sentence for the
        GUI to show; else None. Made when read, in the trainee's language of that moment (the
        trainee may switch language between the opening and the showing)."""
        if self._moved is None:
            return None
        path, why, kept = self._moved
        return say(
            "The history file {path} could not be read ({why}), so it was kept as {kept} and a "
            "new, empty history was started."
        ).format(path=path, why=say(why), kept=kept)

    @property
    def unsaved(self) -> str | None:
        """What is kept and would be lost if the program ended now, in one sentence; else None."""
        if not self._kept:
            return None
        return unsaved_sentence(self._why or "", self.kept)

    @property
    def trouble_reason(self) -> str | None:
        """Why what is kept cannot be written ("the disk is full"); None when nothing is kept."""
        return self._why if self._kept else None

    def status(self) -> SyncStatus | None:
        """A history of this PC alone has no server to wait on (see `HistoryStore.status`)."""
        return None

    def assignments(self) -> list[Assignment]:
        """A history of this PC alone has no instructor to assign exams: none."""
        return []

    def retry(self, wait_ms: int = RETRY_WAIT_MS) -> bool:
        """Try again to write what is kept, waiting at most `wait_ms` for a lock (the default
        is short enough for the GUI thread's timer). True when nothing is left kept."""
        if self._kept:
            self._save(wait_ms)
        return not self._kept

    def _save(self, wait_ms: int) -> int | None:
        """Write what is kept, oldest first, SAVE_CHUNK at a time, each chunk one transaction,
        until all of it is written or (when the history cannot be written) a chunk fails,
        `_why` saying why: what is still kept is the newest part, never a gap. A failed try
        costs one chunk, however much is kept (an hour on a full disk is thousands of answers,
        and every answer tries). The last attempt's id once everything is written, else None."""
        if not self._kept:
            return None
        self._set_wait(wait_ms)
        last = None
        ended: list[int] = []
        while self._kept:
            chunk = self._kept[:SAVE_CHUNK]
            try:
                with self._write() as conn:
                    for op in chunk:
                        if isinstance(op, _Answer):
                            last = self._write_answer(conn, op)
                        else:
                            self._write_end(conn, op)
            except UnwritableError as error:
                self._why = error.why
                self._ended(ended)
                return None
            del self._kept[: len(chunk)]
            done = [op.session for op in chunk if isinstance(op, _End)]
            self._unfolded += len(chunk) - len(done)
            ended += done
        self._why = None
        self._set_wait(WAIT_MS)
        self._ended(ended)
        if ended:
            # between sessions, not between questions: fold the log back into the file
            try:
                self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.OperationalError:
                pass  # a full disk or a busy file: SQLite folds it back at a later commit
        return last

    def _ended(self, sessions: list[int]) -> None:
        """The kept ends of `sessions` are written: they are ended for good."""
        for session in sessions:
            self._ending.discard(session)
            live = self._live.get(session)
            if live is not None:
                live.ended = True

    def sessions(self, profile: str) -> list[SessionRow]:
        """The profile's sessions, oldest first, with their attempt and correct counts."""
        with self._snapshot() as conn:
            profile_id = self._profile_id(profile)
            name = conn.execute("SELECT name FROM profile WHERE id = ?", (profile_id,)).fetchone()
            rows = conn.execute(
                """SELECT s.id, s.mode, s.skills, s.preset, s.seed, s.started, s.ended,
                    coalesce(sum(ss.n), 0), coalesce(sum(ss.correct), 0), s.planned,
                    s.interactive, s.assignment
                FROM session s LEFT JOIN session_skill ss ON ss.session = s.id
                WHERE s.profile = ? GROUP BY s.id ORDER BY s.id""",
                (profile_id,),
            ).fetchall()
        parsed: dict[str, tuple[str, ...]] = {}  # a trainee repeats a few sets of skills
        return [
            SessionRow(
                id=id,
                profile=name[0],
                mode=mode,
                skills=parsed.get(skills) or parsed.setdefault(skills, tuple(json.loads(skills))),
                preset=preset,
                seed=seed,
                started=_utc(started),
                ended=None if ended is None else _utc(ended),
                attempts=n,
                correct=correct,
                planned=planned,
                interactive=bool(interactive),
                assignment=assignment,
            )
            for (
                id,
                mode,
                skills,
                preset,
                seed,
                started,
                ended,
                n,
                correct,
                planned,
                interactive,
                assignment,
            ) in rows
        ]

    def _session(self, session_id: int) -> _Live:
        live = self._live.get(session_id)
        if live is None:
            row = self._conn.execute(
                "SELECT profile, started, ended, interactive, mode FROM session WHERE id = ?",
                (session_id,),
            ).fetchone()
            if row is None:
                raise ValueError(say("There is no session {session}.").format(session=session_id))
            live = self._live[session_id] = _Live(
                row[0], row[1], row[2] is not None, counts_for_skills(row[4], row[3])
            )
        return live

    # -- attempts --------------------------------------------------------------------------

    def record(
        self, session_id: int, skill: str, item: str, question: Mapping[str, Any], answer: str,
        expected: str, correct: bool, response_ms: int,
    ) -> int | None:  # fmt: skip
        skill, encoded = checked_attempt(
            skill, item, question, answer, expected, correct, response_ms
        )
        live = self._session(session_id)
        if live.ended or session_id in self._ending:
            raise ValueError(
                say("Session {session} has ended; start a new one to record.").format(
                    session=session_id
                )
            )
        given = _Answer(
            session_id,
            skill,
            item,
            encoded,
            _form_of(skill, encoded),
            answer,
            expected,
            correct,
            response_ms,
            int(self._clock()),
        )
        if self._depth:  # inside batch(): the batch commits, or fails, as a whole
            with self._write() as conn:
                return self._write_answer(conn, given)
        self._kept.append(given)
        # while the history cannot be written, each answer waits only a moment for it
        return self._save(RETRY_WAIT_MS if self._why else self.patience_ms)

    def _write_answer(self, conn: sqlite3.Connection, given: _Answer) -> int:
        live = self._session(given.session)
        skill_id = self._skill_id(given.skill)
        item_id, canonical = self._item_id(skill_id, given.item, given.question, given.form)
        own = given.question != canonical
        cursor = conn.execute(
            """INSERT INTO attempt
            (session, item, at, ms, correct, answer, expected, question, said)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                given.session,
                item_id,
                given.now - live.started,
                given.ms,
                int(given.correct),
                given.answer,
                given.expected,
                given.question if own else None,
                given.form if own else None,
            ),
        )
        attempt_id = int(cursor.lastrowid or 0)
        self._account(
            conn,
            live.profile,
            given.session,
            skill_id,
            item_id,
            attempt_id,
            local_day(given.now),
            int(given.correct),
            given.ms,
            profile_wide=live.counted,
        )
        return attempt_id

    @staticmethod
    def _account(
        conn: sqlite3.Connection,
        profile: int,
        session: int,
        skill: int,
        item: int,
        attempt: int,
        day: int,
        correct: int,
        ms: int,
        *,
        profile_wide: bool = True,
    ) -> None:
        """Bring every aggregate up to date with one new attempt (same transaction): the
        session's, and the profile's unless `profile_wide` is False (a piped session, a deal
        shoe: `measures.counts_for_skills`)."""
        conn.execute(
            """UPDATE session SET first_attempt = coalesce(first_attempt, ?), last_attempt = ?
            WHERE id = ?""",
            (attempt, attempt, session),
        )
        conn.execute(
            """INSERT INTO session_skill (session, skill, n, correct, total_ms)
            VALUES (?, ?, 1, ?, ?)
            ON CONFLICT (session, skill) DO UPDATE SET n = n + 1,
                correct = correct + excluded.correct, total_ms = total_ms + excluded.total_ms""",
            (session, skill, correct, ms),
        )
        if not profile_wide:
            return
        conn.execute(
            """INSERT INTO tally (profile, skill, day, n, correct, total_ms)
            VALUES (?, ?, ?, 1, ?, ?)
            ON CONFLICT (profile, skill, day) DO UPDATE SET n = n + 1,
                correct = correct + excluded.correct, total_ms = total_ms + excluded.total_ms""",
            (profile, skill, day, correct, ms),
        )
        conn.execute(
            """INSERT INTO hist (profile, skill, ms, n) VALUES (?, ?, ?, 1)
            ON CONFLICT (profile, skill, ms) DO UPDATE SET n = n + 1""",
            (profile, skill, ms),
        )
        conn.execute(
            """INSERT INTO hist_tenth (profile, skill, tenth, n) VALUES (?, ?, ?, 1)
            ON CONFLICT (profile, skill, tenth) DO UPDATE SET n = n + 1""",
            (profile, skill, ms // 100),
        )
        conn.execute(
            """INSERT INTO item_tally (profile, item, n, wrong, total_ms) VALUES (?, ?, 1, ?, ?)
            ON CONFLICT (profile, item) DO UPDATE SET n = n + 1,
                wrong = wrong + excluded.wrong, total_ms = total_ms + excluded.total_ms""",
            (profile, item, 1 - correct, ms),
        )
        conn.execute("INSERT INTO recent VALUES (?, ?, ?)", (profile, skill, attempt))
        conn.execute(
            f"""DELETE FROM recent WHERE profile = ?1 AND skill = ?2 AND attempt <= (
                SELECT attempt FROM recent WHERE profile = ?1 AND skill = ?2
                ORDER BY attempt DESC LIMIT 1 OFFSET {RECENT})""",
            (profile, skill),
        )

    def _skill_id(self, name: str) -> int:
        skill_id = self._skills.get(name)
        if skill_id is None:
            name = _clean_name(name, N_("A skill name"))
            self._conn.execute("INSERT OR IGNORE INTO skill (name) VALUES (?)", (name,))
            (skill_id,) = self._conn.execute(
                "SELECT id FROM skill WHERE name = ?", (name,)
            ).fetchone()
            self._skills[name] = skill_id
        return skill_id

    def _item_id(
        self, skill: int, key: str, question: str | bytes, form: str | None
    ) -> tuple[int, str | bytes]:
        known = self._items.get((skill, key))
        if known is None:
            # The first question seen for an item becomes its own: many drills ask the same
            # question for an item every time, and then attempts store no question at all.
            self._conn.execute(
                "INSERT OR IGNORE INTO item (skill, key, question, said) VALUES (?, ?, ?, ?)",
                (skill, key, question, form),
            )
            item_id, canonical = self._conn.execute(
                "SELECT id, question FROM item WHERE skill = ? AND key = ?", (skill, key)
            ).fetchone()
            known = self._items[(skill, key)] = (item_id, canonical)
        return known

    def attempts(
        self, profile: str | None = None, session_id: int | None = None
    ) -> Iterator[Attempt]:
        """Attempts in the order recorded: all, or a profile's, or a session's (or both)."""
        where, args = ["a.id > ?"], []
        if profile is not None:
            where.append("s.profile = ?")
            args.append(self._profile_id(profile))
        if session_id is not None:
            span = self._conn.execute(
                "SELECT first_attempt, last_attempt FROM session WHERE id = ?", (session_id,)
            ).fetchone()
            if span is None:
                raise ValueError(say("There is no session {session}.").format(session=session_id))
            if span[0] is None:
                return
            where.append("a.id BETWEEN ? AND ? AND a.session = ?")
            args.extend((span[0], span[1], session_id))
        query = f"""SELECT a.id, a.session, k.name, i.key, coalesce(a.question, i.question),
                a.answer, a.expected, a.correct, a.ms, s.started + a.at
            FROM attempt a JOIN session s ON s.id = a.session
            JOIN item i ON i.id = a.item JOIN skill k ON k.id = i.skill
            WHERE {" AND ".join(where)} ORDER BY a.id LIMIT {_PAGE}"""
        last = 0
        while True:
            # One short query per page (keyset paging), so an abandoned iterator holds no
            # statement open that would stop the WAL from being checkpointed.
            rows = self._conn.execute(query, (last, *args)).fetchall()
            for id, session, skill, item, question, answer, expected, correct, ms, at in rows:
                yield Attempt(
                    id=id,
                    session_id=session,
                    skill=skill,
                    item=item,
                    question=decode_question(question),
                    answer=answer,
                    expected=expected,
                    correct=bool(correct),
                    response_ms=ms,
                    at=_utc(at),
                )
            if len(rows) < _PAGE:
                return
            last = rows[-1][0]

    def export_rows(self, profile: str | None = None) -> Iterator[tuple[Any, ...]]:
        """Every attempt (or a profile's) in the order recorded, as plain rows for an export:
        (profile, session, mode, skill, item, question as stored, answer, expected, correct 0/1,
        ms, answered at in unix seconds, the question's said form or None). The question is left
        as stored (`decode_question` reads it) and the names are shared objects, not one copy a
        row: an export of many attempts reads each distinct question and name once."""
        where, args, join = "a.id > ?1 AND a.id <= ?2", [], ""
        if profile is not None:
            # the sessions are joined only to keep a profile's: every attempt has its session
            join = "JOIN session s ON s.id = a.session"
            where += " AND s.profile = ?3"
            args.append(self._profile_id(profile))
        # each page a range of ids, so the id itself is not read; right and the time in one
        # number: every column read costs ~6% of the export's time
        # the answer NULL where it is the expected one (most are): no text to read for it
        query = f"""SELECT a.session, a.item, a.question, a.said, nullif(a.answer, a.expected),
                a.expected, a.ms * 2 + a.correct, a.at FROM attempt a {join}
            WHERE {where} ORDER BY a.id"""
        sessions: dict[int, tuple[str, str, int]] = {}
        items: dict[int, tuple[str, str, str | bytes, str | None]] = {}

        def known() -> None:
            # joined here once rather than in every row of the query: ~a third of its time
            sessions.update(
                (id, (name, mode, started))
                for id, name, mode, started in self._conn.execute(
                    """SELECT s.id, p.name, s.mode, s.started
                    FROM session s JOIN profile p ON p.id = s.profile"""
                )
            )
            items.update(
                (id, (skill, key, question, said))
                for id, skill, key, question, said in self._conn.execute(
                    """SELECT i.id, k.name, i.key, i.question, i.said
                    FROM item i JOIN skill k ON k.id = i.skill"""
                )
            )

        def top() -> int:
            return int(self._conn.execute("SELECT max(id) FROM attempt").fetchone()[0] or 0)

        known()
        last, end = 0, top()
        current: Any = None  # the session of the row before
        name = mode = ""
        started = 0
        while last < end:
            # keyset paging, as in attempts(): a reader that stops (`sabot export | less`)
            # holds no statement open
            rows = self._conn.execute(query, (last, last + _EXPORT_PAGE, *args)).fetchall()
            last += _EXPORT_PAGE
            if last >= end:
                end = top()  # answered while the export runs: theirs too
            for session, item, question, form, answer, expected, done, at in rows:
                try:
                    if session != current:
                        name, mode, started = sessions[session]
                        current = session
                    skill, key, first, first_form = items[item]
                except KeyError:
                    known()  # begun or first asked while the export runs
                    if session not in sessions:
                        continue  # no attempt is without its session: as the join would
                    name, mode, started = sessions[session]
                    current = session
                    skill, key, first, first_form = items[item]
                yield (
                    name,
                    session,
                    mode,
                    skill,
                    key,
                    first if question is None else question,
                    expected if answer is None else answer,
                    expected,
                    done & 1,
                    done >> 1,
                    started + at,
                    first_form if question is None else form,
                )


def _move_aside(path: Path, now: float) -> Path:
    """Rename a damaged file (and its -wal, -shm) to a free `<name>.corrupt-<local time>`."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = path.with_name(f"{path.name}.corrupt-{stamp}")
    target, n = base, 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
        n += 1
        target = base.with_name(f"{base.name}-{n}")
    # The -wal goes first: left beside a new file, an old WAL could be replayed into it.
    for suffix in ("-wal", "-shm", ""):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.rename(source, Path(f"{target}{suffix}"))
    return target
