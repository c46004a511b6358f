"""Reads of the school's server itself (not of a PC's copy): a trainee's own rows, or with an
instructor's login the class (`ServerHistory`, `ServerAttempt`); a session read there and started
as it was in a SQLite history (`ServerSession`, `start_as_on_server`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, NamedTuple

from trainer.history.server_setup import _connect
from trainer.i18n import _


class ServerSession(NamedTuple):
    """A session as read from the server to be copied into a SQLite history (a PC's copy, or
    the instructor's copy of one trainee's), its times in unix seconds."""

    name: str
    created: Any
    mode: str
    skills: list[str]
    preset: str
    seed: int | None
    started: Any
    ended: Any
    planned: int | None
    interactive: bool
    assignment: int | None


def checked_session(fields: Sequence[Any]) -> ServerSession:
    """A session's row as read from the server, checked as this PC's history would take it:
    ValueError naming what is wrong (a trainee can write any row there: skills that are a
    number, a mode of no drill). The checks of `Store.start_session` and `Store.record` come on
    top, when it is copied."""
    session = ServerSession(*fields)
    if not isinstance(session.name, str) or not session.name.strip():
        raise ValueError(_("its profile has no name"))
    if not isinstance(session.skills, list) or not all(isinstance(s, str) for s in session.skills):
        raise ValueError(
            _("its skills are not a list of skill names: {skills}").format(
                skills=json.dumps(session.skills, ensure_ascii=False)[:60]
            )
        )
    for moment in (session.created, session.started, session.ended):
        if moment is not None and not isinstance(moment, (int, float, Decimal)):
            raise ValueError(_("a moment of it is not a time"))
    return session


def skipped_row(what: str, uid: Any, error: BaseException) -> str:
    """A row of the server left out of a copy, in words: "the session 1b9e… on the school's
    server was left out: its skills are not a list of skill names: 5"."""
    why = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if what == "session":
        said = _("the session {uid} on the school's server was left out: {why}")
    else:
        said = _("an answer of the session {uid} on the school's server was left out: {why}")
    return said.format(uid=uid, why=why)


def start_as_on_server(local: Any, moment: list[Any], session: ServerSession) -> int:
    """Start `session` in the SQLite history `local` as it was on the server: its profile
    made at the server's moment, the session at its start (`moment` is what `local`'s clock
    reads). Returns the session's id here."""
    moment[0] = session.created
    local.profile(session.name)
    moment[0] = session.started
    return int(
        local.start_session(
            session.name, session.mode, session.skills, session.preset, session.seed,
            session.planned, interactive=session.interactive, assignment=session.assignment,
        )
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class ServerAttempt:
    owner: str  # the trainee's login
    profile: str
    session: str  # the session's uid
    uid: str
    skill: str
    item: str
    at: datetime
    response_ms: int
    correct: bool
    answer: str
    expected: str


class ServerHistory:
    """The rows on the school's server, read there (not from this PC's copy). Row security
    decides what a connection sees: a trainee's login its own rows, an instructor's every
    trainee's — the reader the class view is built on."""

    def __init__(self, url: str) -> None:
        self._conn = _connect(url)

    def trainees(self) -> list[str]:
        """The logins with a profile on the server."""
        return [r[0] for r in self._conn.execute("SELECT DISTINCT owner FROM profile ORDER BY 1")]

    def attempts(self, owner: str | None = None) -> list[ServerAttempt]:
        """Every attempt (or one login's), in the order they reached the server."""
        where, args = ("WHERE a.owner = %s", (owner,)) if owner is not None else ("", ())
        rows = self._conn.execute(
            f"""SELECT a.owner, p.name, s.uid::text, a.uid::text, a.skill, a.item, a.at, a.ms,
                a.correct, a.answer, a.expected
            FROM attempt a JOIN session s ON s.id = a.session AND s.owner = a.owner
            JOIN profile p ON p.id = s.profile AND p.owner = s.owner
            {where} ORDER BY a.id""",
            args,
        ).fetchall()
        return [ServerAttempt(*r) for r in rows]

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> ServerHistory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
