"""A trainee's history on a school's PostgreSQL server, with a copy on this PC (`PostgresStore`):
every change written to the copy and its outbox at once, a thread that sends the outbox to the
server and brings back what other PCs of the school added.

The server itself: `trainer.history.server_setup` (reaching it, schema, roles, row security),
`server_changes` (the operations the outbox holds), `server_exams` (assigned exams),
`server_reads` (what is read there). psycopg (3) is imported only when a school's server is used.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from trainer.history.addresses import without_password
from trainer.history.interface import (
    Attempt,
    ClosedOnExit,
    HistoryStore,
    Profile,
    SessionRow,
    StoreError,
    SyncStatus,
    UnwritableError,
)
from trainer.history.server_changes import _apply, _Missing
from trainer.history.server_exams import _ASSIGNMENT_COLUMNS, ARCHIVE_COLUMNS, columns
from trainer.history.server_reads import checked_session, skipped_row, start_as_on_server
from trainer.history.server_setup import (
    ServerError,
    _first_line,
    check_schema,
    refused_password,
)
from trainer.i18n import N_, _

if TYPE_CHECKING:
    from trainer.history.assignments import Assignment
    from trainer.history.store import Store

_SYNC_TABLES: Final = (
    # what is still to be sent, oldest first; AUTOINCREMENT: a number is never given twice,
    # even once the outbox is emptied (the sender goes by "after the last one sent")
    """CREATE TABLE IF NOT EXISTS sync_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, body TEXT NOT NULL)""",
    # the uid under which each local session and answer is known on the server
    """CREATE TABLE IF NOT EXISTS sync_uid (
        kind TEXT NOT NULL, local INTEGER NOT NULL, uid TEXT NOT NULL UNIQUE,
        PRIMARY KEY (kind, local)) WITHOUT ROWID""",
    # the exams assigned on the server, as last read there (so they show offline); skills is
    # JSON, opens and closes ISO days
    """CREATE TABLE IF NOT EXISTS sync_assignment (
        id INTEGER PRIMARY KEY, skills TEXT NOT NULL, seed INTEGER NOT NULL,
        preset TEXT NOT NULL, time_limit_s INTEGER NOT NULL, opens TEXT NOT NULL,
        closes TEXT NOT NULL, title TEXT NOT NULL)""",
)

RETRY_S: Final = 2.0  # while the server cannot be reached, the sender tries again this often
# the exams assigned on the server are read again this often (and at each connection, and when
# sync() is called), so one assigned while the app is open shows within a minute
ASSIGNMENTS_EVERY_S: Final = 60.0
CONNECT_TIMEOUT_S: Final = 5
_SEND_MAX: Final = 500  # operations in one transaction on the server


def _refusal(error: BaseException) -> str:
    """Why the server refused what this PC sent, in a few words: a login that may not add
    answers (an instructor's: row security lets them read the class, nothing more) said as
    such, anything else as the server said it."""
    import psycopg

    if isinstance(error, psycopg.errors.InsufficientPrivilege):
        return _("this login may not add answers: an instructor's keeps none on the server")
    return _first_line(error)


class _Held:
    """A change this PC's copy could not take (its disk is full, another program holds it),
    kept in memory in order until it can, as the SQLite history keeps its answers."""

    def __init__(self, what: str, args: tuple[Any, ...], given: float) -> None:
        self.what, self.args, self.given = what, args, given


class PostgresStore(ClosedOnExit):
    """A trainee's history on a school's PostgreSQL server, with a copy on this PC.

    Every change is written first to the copy — a SQLite history like the one of a trainee
    alone, `Store`, at `data_dir()/school/<key>.sqlite3` — together with its operation in the
    copy's outbox, in one transaction committed before `record()` returns; a thread sends the
    outbox to the server as soon as it can. So:

    - an answer costs what it costs on SQLite, never a wait on the network;
    - when the server cannot be reached (network down, server restarting), answers wait in the
      outbox, `status()` says "offline — 12 answers waiting", and they go when it comes back,
      each exactly once (its uid);
    - killing the program loses none: the outbox is on disk; the next start sends it;
    - every figure (stats, progress, plan, export) is computed by the same code from the same
      tables as on SQLite — the copy's — and stays readable offline.

    When the sender first reaches the server, and then every minute while it stays online, it
    also brings into the copy the sessions of this login that it lacks (those practised on
    another PC of the school) and the names its profiles were given there, so a trainee finds
    their whole history on whichever PC is free.

    The server keeps every answer: a trainee cannot delete a profile there (row security does
    not let them); renaming one is sent like any change.
    """

    def __init__(
        self,
        url: str,
        local: Store,
        *,
        send: bool = True,
        retry_s: float = RETRY_S,
        on_sent: Callable[[int], None] | None = None,
    ) -> None:
        self.url = url
        self._on_sent = on_sent
        self._local = local
        self.path: Path = local.path
        self.read_only: str | None = local.read_only
        self._clock: Callable[[], float] = local._clock
        self._retry_s = retry_s
        self._held: list[_Held] = []
        self._ending: set[int] = set()  # sessions whose end is held
        self._why: str | None = None
        if self.read_only is None:
            with local._write() as conn:
                for statement in _SYNC_TABLES:
                    conn.execute(statement)
        self._online = True  # until the first try says otherwise
        self._problem: str | None = None
        self._passes = 0  # finished passes of the sender, for sync() to wait on
        self._sent_upto = 0  # the outbox's operations up to this one are on the server
        self._forgotten = 0  # ... and up to this one deleted from it
        self._pulled = 0
        self._sent = 0
        self._assignments_due = 0.0  # monotonic seconds when the sender reads them again
        self._assignments_asked = 0  # sync()'s requests to read them again, counted
        # profiles renamed on another PC, as the pulls found them: old name -> the latest one
        # (the app's active profile follows, rather than start a new profile of the old name)
        self.renamed: dict[str, str] = {}
        # rows of the server left out of the copy (malformed), each named once, in words
        self.skipped: list[str] = []
        self._skipped_uids: set[str] = set()
        self._cond = threading.Condition()
        self._stop = False
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self.closed = False
        self.left_waiting = 0  # answers still in the outbox when closed
        if send and self.read_only is None:
            self._thread = threading.Thread(
                target=self._send_loop, name="sabot-school-sender", daemon=True
            )
            self._thread.start()

    @classmethod
    def open(
        cls,
        url: str,
        *,
        data: Path | None = None,
        clock: Callable[[], float] = time.time,
        send: bool = True,
        retry_s: float = RETRY_S,
        on_sent: Callable[[int], None] | None = None,
    ) -> PostgresStore:
        """This PC's copy of the history `url` names (made if new), its sender started. The
        server need not be reachable: the copy works offline. `on_sent(n)` is called on the
        sender's thread each time n more answers are committed on the server (in the order they
        were recorded). Raises StoreError with a sentence when psycopg is missing or the copy
        cannot be opened."""
        from trainer.history.store import Store, data_dir

        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise StoreError(
                _("A school's server needs the psycopg package: {install}").format(
                    install="pip install 'psycopg[binary]'."
                )
            ) from None
        key = hashlib.sha256(without_password(url).encode()).hexdigest()[:16]
        folder = (data if data is not None else data_dir()) / "school"
        local = Store.open(folder / f"{key}.sqlite3", clock=clock)
        try:
            return cls(url, local, send=send, retry_s=retry_s, on_sent=on_sent)
        except BaseException:
            local.close()
            raise

    # -- what the app reads: the copy ----------------------------------------------------------

    def reader(self) -> HistoryStore:
        return self._local.reader()

    def _snapshot(self) -> Any:
        return self._local._snapshot()

    def _profile_id(self, name: str) -> int:
        return int(self._local._profile_id(name))

    def profiles(self) -> list[Profile]:
        return self._local.profiles()

    def profile_answers(self, name: str) -> int:
        return int(self._local.profile_answers(name))

    def sessions(self, profile: str) -> list[SessionRow]:
        return self._local.sessions(profile)

    def attempts(
        self, profile: str | None = None, session_id: int | None = None
    ) -> Iterator[Attempt]:
        return self._local.attempts(profile, session_id)

    def export_rows(self, profile: str | None = None) -> Iterator[tuple[Any, ...]]:
        return self._local.export_rows(profile)

    def assignments(self) -> list[Assignment]:
        """The exams assigned on the school's server, newest first, as the sender last read
        them there (at each connection, then every ASSIGNMENTS_EVERY_S): kept in this PC's
        copy, so the list shows offline, and after a restart without the server."""
        from trainer.history.assignments import Assignment

        try:
            rows = self._local._conn.execute(
                """SELECT id, skills, seed, preset, time_limit_s, opens, closes, title
                FROM sync_assignment ORDER BY id DESC"""
            ).fetchall()
        except sqlite3.OperationalError:
            return []  # a read-only copy made before assignments: none were read into it
        return [
            Assignment(
                id=id,
                skills=tuple(json.loads(skills)),
                seed=seed,
                preset=preset,
                time_limit_s=limit,
                opens=date.fromisoformat(opens),
                closes=date.fromisoformat(closes),
                title=title,
            )
            for id, skills, seed, preset, limit, opens, closes, title in rows
        ]

    @property
    def _conn(self) -> sqlite3.Connection:
        """This PC's copy's connection (the tests reach it to make its writes fail)."""
        return self._local._conn

    def tidy(self) -> None:
        if not self._held:
            self._local.tidy()

    # -- what the app changes: the copy and its outbox, in one transaction ---------------------

    @contextmanager
    def batch(self) -> Iterator[None]:
        with self._local.batch():
            yield

    def _queue(self, conn: sqlite3.Connection, kind: str, body: Mapping[str, Any]) -> None:
        self._forget_sent(conn)
        conn.execute(
            "INSERT INTO sync_outbox (kind, body) VALUES (?, ?)",
            (kind, json.dumps(body, ensure_ascii=False, separators=(",", ":"))),
        )

    def _forget_sent(self, conn: sqlite3.Connection) -> None:
        # What the server has committed leaves the outbox in the next change's transaction (or
        # at close): the sender only reads this PC's copy, so it never adds to its log nor
        # waits on its lock. Were the program killed before, those are sent again, harmlessly.
        sent = self._sent_upto
        if sent > self._forgotten:
            conn.execute("DELETE FROM sync_outbox WHERE seq <= ?", (sent,))
            self._forgotten = sent

    def _uid(self, conn: sqlite3.Connection, kind: str, local: int) -> str:
        row = conn.execute(
            "SELECT uid FROM sync_uid WHERE kind = ? AND local = ?", (kind, local)
        ).fetchone()
        if row is None:
            # a local session or attempt never sent: only a program error reaches this
            raise ValueError(
                _("The {kind} {number} is not part of the school's history.").format(
                    kind=kind, number=local
                )
            )
        return str(row[0])

    def _profile_row(self, conn: sqlite3.Connection, profile_id: int) -> tuple[str, int]:
        name, created = conn.execute(
            "SELECT name, created FROM profile WHERE id = ?", (profile_id,)
        ).fetchone()
        return str(name), int(created)

    def profile(self, name: str) -> int:
        with self._local._write() as conn:
            known = {p.id for p in self._local.profiles()}
            profile_id = int(self._local.profile(name))
            if profile_id not in known:
                stored, created = self._profile_row(conn, profile_id)
                self._queue(conn, "profile", {"name": stored, "created": created})
        self._wake.set()
        return profile_id

    def rename_profile(self, old: str, new: str) -> None:
        with self._local._write() as conn:
            row = conn.execute("SELECT id FROM profile WHERE name = ?", (old.strip(),)).fetchone()
            before = None if row is None else self._profile_row(conn, int(row[0]))[0]
            self._local.rename_profile(old, new)
            if row is not None and before is not None:
                after = self._profile_row(conn, int(row[0]))[0]
                self._queue(conn, "rename", {"old": before, "new": after})
        self._wake.set()

    def delete_profile(self, name: str) -> int:
        self._local._profile_id(name)  # ValueError for a profile that does not exist
        raise UnwritableError(
            _(
                "On a school's server every answer is kept: a profile's history can only be "
                "deleted by the school (ask your instructor)."
            ),
            N_("the school's server keeps every answer"),
        )

    # start_session, record, end_session: the Recorder's (trainer.practice.recorder), documented
    # there; each writes this PC's copy and its outbox in one transaction, the sender takes it
    # to the server; what the copy cannot take yet is held in memory, as the SQLite history does

    def start_session(
        self, profile: str, mode: str, skills: Sequence[str], preset: str,
        seed: int | None = None, planned: int | None = None, *, interactive: bool = True,
        assignment: int | None = None,
    ) -> int:  # fmt: skip
        if self._held:
            self.retry()
            if self._held:
                from trainer.history.troubles import no_new_drill

                raise UnwritableError(no_new_drill(self.trouble or ""), self._why or "")
        with self._local._write() as conn:
            session_id = int(
                self._local.start_session(
                    profile,
                    mode,
                    skills,
                    preset,
                    seed,
                    planned,
                    interactive=interactive,
                    assignment=assignment,
                )
            )
            (profile_id, started, skills_json) = conn.execute(
                "SELECT profile, started, skills FROM session WHERE id = ?", (session_id,)
            ).fetchone()
            name, created = self._profile_row(conn, profile_id)
            uid = str(uuid.uuid4())
            conn.execute("INSERT INTO sync_uid VALUES ('session', ?, ?)", (session_id, uid))
            self._queue(
                conn,
                "session",
                {
                    "uid": uid,
                    "profile": name,
                    "created": created,
                    "mode": mode.strip(),
                    "skills": json.loads(skills_json),
                    "preset": preset,
                    "seed": seed,
                    "started": started,
                    "planned": planned,
                    "interactive": bool(interactive),
                    "assignment": assignment,
                },
            )
        self._wake.set()
        return session_id

    def record(
        self, session_id: int, skill: str, item: str, question: Mapping[str, Any], answer: str,
        expected: str, correct: bool, response_ms: int,
    ) -> int | None:  # fmt: skip
        args = (session_id, skill, item, question, answer, expected, correct, response_ms)
        if self._held:
            self._check_record(*args)
            self._held.append(_Held("record", args, self._clock()))
            return self._write_held()
        try:
            return self._record(args)
        except UnwritableError as error:
            self._check_record(*args)
            self._held.append(_Held("record", args, self._clock()))
            self._why = error.why
            return None

    def _check_record(self, session_id: int, *attempt: Any) -> None:
        # what the copy would refuse at once (a bad argument, an ended session) is refused
        # now, never kept
        from trainer.history.store import checked_attempt

        checked_attempt(*attempt)
        if self._local._session(session_id).ended or session_id in self._ending:
            raise ValueError(
                _("Session {session} has ended; start a new one to record.").format(
                    session=session_id
                )
            )

    def _record(self, attempt: tuple[Any, ...], *, given: float | None = None) -> int:
        """`record`'s arguments (`attempt`) written to the copy and queued; `given`: when a held
        answer was given."""
        session_id, skill, item, question, answer, expected, correct, response_ms = attempt
        from trainer.history.questions import encode_question, question_json

        with self._local._write() as conn:
            if given is not None:
                now = self._local._clock
                self._local._clock = lambda: given
            try:
                recorded = self._local.record(
                    session_id, skill, item, question, answer, expected, correct, response_ms
                )
            finally:
                if given is not None:
                    self._local._clock = now
            assert recorded is not None  # inside a transaction: written, or raised
            attempt_id = recorded
            session_uid = self._uid(conn, "session", session_id)
            started, at = conn.execute(
                "SELECT s.started, a.at FROM attempt a JOIN session s ON s.id = a.session"
                " WHERE a.id = ?",
                (attempt_id,),
            ).fetchone()
            uid = str(uuid.uuid4())
            conn.execute("INSERT INTO sync_uid VALUES ('attempt', ?, ?)", (attempt_id, uid))
            self._queue(
                conn,
                "attempt",
                {
                    "uid": uid,
                    "session": session_uid,
                    "skill": skill.strip(),
                    "item": item,
                    "at": started + at,
                    "ms": response_ms,
                    "correct": correct,
                    "answer": answer,
                    "expected": expected,
                    "question": question_json(encode_question(question)),
                },
            )
        self._wake.set()
        return attempt_id

    def end_session(self, session_id: int) -> None:
        live = self._local._session(session_id)  # ValueError for a session that does not exist
        if live.ended or session_id in self._ending:
            return
        if self._held:
            self._held.append(_Held("end", (session_id,), self._clock()))
            self._ending.add(session_id)
            self._write_held()
            return
        try:
            self._end(session_id)
        except UnwritableError as error:
            self._held.append(_Held("end", (session_id,), self._clock()))
            self._ending.add(session_id)
            self._why = error.why

    def _end(self, session_id: int, *, given: float | None = None) -> None:
        live = self._local._session(session_id)
        if live.ended:
            return
        with self._local._write() as conn:
            if given is not None:
                now = self._local._clock
                self._local._clock = lambda: given
            try:
                self._local.end_session(session_id)
            finally:
                if given is not None:
                    self._local._clock = now
            (ended,) = conn.execute(
                "SELECT ended FROM session WHERE id = ?", (session_id,)
            ).fetchone()
            if ended is not None:
                uid = self._uid(conn, "session", session_id)
                self._queue(conn, "end", {"session": uid, "ended": ended})
        self._wake.set()

    # -- changes this PC's copy could not take yet ---------------------------------------------

    def retry(self, wait_ms: int = 100) -> bool:
        """Try again to write what is held in memory, in order. True when nothing is held."""
        self._write_held()
        return not self._held and self._local.retry(wait_ms)

    def _write_held(self) -> int | None:
        """Write what is held, oldest first, SAVE_CHUNK at a time, each chunk one transaction
        of the copy, until all of it is written or a chunk fails: what is still held is the
        newest part, never a gap, and a failed try costs one chunk however much is held (as
        the SQLite history's `_save`: every answer on a full disk tries). The last answer's id
        once all is written."""
        from trainer.history.store import SAVE_CHUNK

        last = None
        while self._held:
            chunk = self._held[:SAVE_CHUNK]
            try:
                with self._local._write():
                    for op in chunk:
                        if op.what == "record":
                            last = self._record(op.args, given=op.given)
                        else:
                            self._end(*op.args, given=op.given)
            except UnwritableError as error:
                self._why = error.why
                return None
            del self._held[: len(chunk)]
        self._ending.clear()
        self._why = None
        return last

    @property
    def kept(self) -> int:
        return sum(1 for op in self._held if op.what == "record") + int(self._local.kept)

    @property
    def trouble(self) -> str | None:
        if not self._held:
            return self._local.trouble
        from trainer.history.troubles import kept_sentence

        return kept_sentence(self._why or "", self.kept)

    @property
    def trouble_reason(self) -> str | None:
        return self._why if self._held else self._local.trouble_reason

    @property
    def unsaved(self) -> str | None:
        if not self._held:
            return self._local.unsaved
        from trainer.history.troubles import unsaved_sentence

        return unsaved_sentence(self._why or "", self.kept)

    @property
    def read_only_notice(self) -> str | None:
        return self._local.read_only_notice

    @property
    def notice(self) -> str | None:
        return self._local.notice

    # -- the server ----------------------------------------------------------------------------

    def waiting(self) -> int:
        """Answers recorded on this PC and not yet on the server."""
        if self.closed:
            return self.left_waiting
        if self.read_only is not None:
            return 0
        (n,) = self._local._conn.execute(
            "SELECT count(*) FROM sync_outbox WHERE kind = 'attempt' AND seq > ?",
            (self._sent_upto,),
        ).fetchone()
        return int(n) + sum(1 for op in self._held if op.what == "record")

    def status(self) -> SyncStatus:
        """Whether the server was reached at the sender's last try, and how many answers wait."""
        return SyncStatus(online=self._online, waiting=self.waiting(), problem=self._problem)

    def sync(self, timeout: float = 10.0) -> bool:
        """Wake the sender and wait (at most `timeout` seconds) for a whole pass of it; True
        when nothing is left waiting. For the commands at their end, the tests, the bench."""
        if self._thread is None:
            return self.waiting() == 0
        deadline = time.monotonic() + timeout
        self._assignments_asked += 1  # and read the assigned exams again, after this call
        self._assignments_due = 0.0
        with self._cond:
            target = self._passes + 2  # the pass under way may have begun before the last change
            while self._passes < target and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._wake.set()  # again after each pass: one may have taken the last wake
                self._cond.wait(left)
        return self.waiting() == 0

    def _send_loop(self) -> None:
        import psycopg

        outbox = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        outbox.execute("PRAGMA query_only = ON")  # it reads; the owner's writes forget
        server: Any = None
        sessions: dict[str, int] = {}
        pulled = False
        try:
            while not self._stop:
                try:
                    if server is None:
                        server = psycopg.connect(
                            self.url, autocommit=False, connect_timeout=CONNECT_TIMEOUT_S
                        )
                        sessions.clear()
                        check_schema(server)  # a later Sabot's server: nothing sent, said why
                        server.rollback()
                    while not self._stop:
                        with self._local.folding:  # never across a commit: see Store.folding
                            rows = outbox.execute(
                                "SELECT seq, kind, body FROM sync_outbox WHERE seq > ?"
                                " ORDER BY seq LIMIT ?",
                                (self._sent_upto, _SEND_MAX),
                            ).fetchall()
                        if not rows:
                            break
                        with server.transaction():
                            for _seq, kind, body in rows:
                                _apply(server, kind, json.loads(body), sessions)
                        self._sent_upto = rows[-1][0]
                        answers = sum(1 for r in rows if r[1] == "attempt")
                        self._sent += answers
                        if answers and self._on_sent is not None:
                            self._on_sent(answers)
                    if self._stop:
                        break  # stopped before the outbox was sent: the problem still holds
                    # the sync() requests answered by this pass: those made before its pull
                    # (one made during it may have been sent after the pull read the server)
                    asked = self._assignments_asked
                    refresh = time.monotonic() >= self._assignments_due
                    if not pulled or refresh:
                        # at each connection, then with the assigned exams (every minute, and
                        # at sync()): what another PC changed while this one stays online — a
                        # profile renamed there, a session practised there — reaches it
                        self._pulled += self._pull(server)
                        pulled = True
                    if refresh:
                        self._read_assignments(server, outbox, asked)
                    self._online, self._problem = True, None
                    server.rollback()  # end the read transaction psycopg opened
                    wait = max(0.0, self._assignments_due - time.monotonic())
                except psycopg.OperationalError as error:
                    # reached, and the password refused: said as such, never "offline"
                    refused = refused_password(str(error)) if server is None else None
                    self._online, self._problem = refused is not None, refused
                    if server is not None:
                        server.close()
                    server, pulled = None, False
                    self._assignments_due = 0.0  # read again once it is back
                    wait = self._retry_s
                except (psycopg.Error, _Missing, ServerError) as error:
                    # reached, but refused (a login that may not write, a schema too old):
                    # the answers wait; the status says why
                    self._online, self._problem = True, _refusal(error)
                    if server is not None:
                        server.close()
                    server = None
                    wait = self._retry_s * 5
                except sqlite3.Error:
                    wait = self._retry_s  # this PC's copy is busy or full: a later pass
                except Exception as error:  # noqa: BLE001  never the end of the sender
                    self._online, self._problem = True, _first_line(error)
                    if server is not None:
                        server.close()
                    server, pulled = None, False
                    wait = self._retry_s * 5
                with self._cond:
                    self._passes += 1
                    self._cond.notify_all()
                if self._stop:
                    break
                self._wake.wait(wait)
                self._wake.clear()
        finally:
            outbox.close()
            if server is not None:
                server.close()
            with self._cond:
                self._passes += 1
                self._cond.notify_all()

    def _read_assignments(self, server: Any, outbox: sqlite3.Connection, asked: int) -> None:
        """Read the exams assigned on the server into this PC's copy (only when they changed:
        the sender writes to the copy as little as it can). Runs on the sender's thread.
        `asked`: the sync() requests counted when the pass began, before its pull; one made
        since is answered by the next pass, which pulls and reads again."""
        import psycopg

        from trainer.history.store import _connect

        try:
            # withdrawn (schema version 6): no longer on the trainee's home screen
            listed = "WHERE withdrawn IS NULL" if columns(server) == ARCHIVE_COLUMNS else ""
            rows = server.execute(
                f"SELECT {_ASSIGNMENT_COLUMNS} FROM assignment {listed} ORDER BY id"
            ).fetchall()
        except psycopg.errors.UndefinedTable:  # a server not yet at version 4: none
            server.rollback()
            rows = []
        fresh = [
            (id, json.dumps(list(skills), ensure_ascii=False), seed, preset, limit,
             opens.isoformat(), closes.isoformat(), title)
            for id, skills, seed, preset, limit, opens, closes, title in rows
        ]  # fmt: skip
        with self._local.folding:  # never across a commit: see Store.folding
            kept = outbox.execute(
                f"SELECT {_ASSIGNMENT_COLUMNS} FROM sync_assignment ORDER BY id"
            ).fetchall()
        if kept != fresh:
            # a connection of its own, as _pull's (see there)
            conn = _connect(self.path)
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM sync_assignment")
                conn.executemany(
                    "INSERT INTO sync_assignment VALUES (?, ?, ?, ?, ?, ?, ?, ?)", fresh
                )
                conn.execute("COMMIT")
            finally:
                conn.close()  # uncommitted (this PC's copy busy or full): rolled back
        if asked == self._assignments_asked:
            self._assignments_due = time.monotonic() + ASSIGNMENTS_EVERY_S
        else:  # what was read may be older than the change that sync() waits for
            self._assignments_due = 0.0

    def _pull(self, server: Any) -> int:
        """Bring into this PC's copy the sessions of this login it lacks (practised on another
        PC), with their answers, and the names its profiles were given on another PC; the
        number of answers brought. Runs on the sender's thread, on a Store of its own.

        A profile is known on the server by its name: one renamed on another PC is found here
        by its sessions, which the server now lists under the new name. This PC's own renames
        went first (the outbox is sent before the pull), so the server's name is the latest —
        unless one was made here since, which the next pull finds sent.

        Run at each connection and then at each refresh of the assigned exams (every
        ASSIGNMENTS_EVERY_S, and at sync()), so a PC that stays online follows another's."""
        from trainer.history.store import Store, _connect

        rows = server.execute(
            """SELECT s.uid::text, p.name, extract(epoch FROM p.created)::bigint, s.mode,
                s.skills, s.preset, s.seed, extract(epoch FROM s.started)::bigint,
                extract(epoch FROM s.ended)::bigint, s.planned, s.interactive, s.assignment
            FROM session s JOIN profile p ON p.id = s.profile AND p.owner = s.owner
            WHERE s.owner = current_user AND s.uid IS NOT NULL ORDER BY s.id"""
        ).fetchall()
        if not rows:
            return 0
        moment = [0.0]
        # a connection of its own, not Store.open: its check reads the file with a plain open()
        # and close(), and closing any descriptor of the file drops every POSIX lock this
        # process holds on it — the owner's included (SQLite's own connections know better)
        conn = _connect(self.path)
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        local = Store(conn, self.path, clock=lambda: moment[0])
        brought = 0
        try:
            with local._write():
                # The names here read under the copy's write lock: a rename made on this PC
                # since the outbox was sent waits in it, not yet on the server, and the server's
                # older name must not undo it — this pull leaves the names to the next one.
                known = dict(
                    conn.execute(
                        """SELECT u.uid, p.name FROM sync_uid u JOIN session s ON s.id = u.local
                        JOIN profile p ON p.id = s.profile WHERE u.kind = 'session'"""
                    ).fetchall()
                )
                waiting = conn.execute(
                    "SELECT 1 FROM sync_outbox WHERE kind = 'rename' AND seq > ? LIMIT 1",
                    (self._sent_upto,),
                ).fetchone()
                renamed: dict[str, str] = {}
                for uid, name, *_rest in rows if waiting is None else ():
                    here = known.get(uid)
                    if here is not None and here != name:
                        renamed.setdefault(here, name)
                for old, new in renamed.items():
                    try:  # here only: the server has it already
                        local.rename_profile(old, new)
                    except ValueError:
                        continue  # a profile of this PC has that name already: both stay
                    for before, now in list(self.renamed.items()):
                        if now == old:  # renamed again since
                            self.renamed[before] = new
                    self.renamed[old] = new
            for uid, *fields in rows:
                if uid in known:
                    continue
                try:
                    session = checked_session(fields)
                except ValueError as error:
                    self._skip(uid, skipped_row("session", uid, error))
                    continue
                answers = server.execute(
                    """SELECT a.uid::text, a.skill, a.item, a.question, a.answer, a.expected,
                        a.correct, a.ms, extract(epoch FROM a.at)::bigint
                    FROM attempt a JOIN session s ON s.id = a.session AND s.owner = a.owner
                    WHERE s.uid = %s ORDER BY a.id""",
                    (uid,),
                ).fetchall()
                try:
                    with local.batch():
                        sid = start_as_on_server(local, moment, session)
                        conn.execute("INSERT INTO sync_uid VALUES ('session', ?, ?)", (sid, uid))
                        for a_uid, *answer in answers:
                            moment[0] = answer[-1]
                            try:
                                aid = local.record(sid, *answer[:-1])
                            except (TypeError, ValueError) as error:  # before writing it
                                self._skip(a_uid, skipped_row("attempt", uid, error))
                                continue
                            conn.execute(
                                "INSERT INTO sync_uid VALUES ('attempt', ?, ?)", (aid, a_uid)
                            )
                            brought += 1
                        if session.ended is not None:
                            moment[0] = session.ended
                            local.end_session(sid)
                except (TypeError, ValueError) as error:  # the session's: none of it copied
                    self._skip(uid, skipped_row("session", uid, error))
        finally:
            local.close()
        return brought

    def _skip(self, uid: str, said: str) -> None:
        """A row of the server this PC's copy cannot take (a trainee can write any row there),
        left out and named once in `skipped`: the rest is copied, the sender goes on."""
        if uid not in self._skipped_uids:
            self._skipped_uids.add(uid)
            self.skipped.append(said)

    # -- closing -------------------------------------------------------------------------------

    def close(self, wait_s: float = 3.0) -> str | None:
        """A last try to send what waits (at most `wait_s`), the sender stopped, the copy
        closed. What is still waiting stays in the outbox, on disk, for the next start."""
        if self._held:
            self.retry(2000)
        if self._thread is not None and self._thread.is_alive():
            if wait_s > 0 and self._online and self.waiting():
                self.sync(wait_s)
            self._stop = True
            self._wake.set()
            self._thread.join(CONNECT_TIMEOUT_S + 1)
        if self._sent_upto > self._forgotten and not self._held and self.read_only is None:
            try:
                with self._local._write() as conn:
                    self._forget_sent(conn)
            except UnwritableError:
                pass  # sent again at the next start, harmlessly
        lost = self.unsaved
        self.left_waiting = self.waiting()
        self._local.close()
        self.closed = True
        return lost
