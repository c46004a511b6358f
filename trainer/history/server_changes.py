"""Each change of a shared history as an operation on the school's server, replayable (`_apply`):
what a PC's sender sends from its outbox, and what `import_history` uploads of a history of one
PC."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from trainer.history.server_setup import ServerError, _connect, _first_line
from trainer.i18n import _

# Every change of a shared history is an operation in the outbox (a table of this PC's copy,
# written in the same SQLite transaction as the change itself), sent in order and deleted once
# the server has committed it. Each can be sent again without harm — answers and sessions carry
# their uid (ON CONFLICT DO NOTHING), an end or a rename finds nothing left to change — so an
# answer whose sending was cut short between the server's commit and the outbox's delete is
# stored once all the same.

_UID_NAMESPACE: Final = uuid.UUID("9a3c2f0e-61b4-4f7e-9a55-1d5e0b6c7a21")  # import_history's ids


class _Missing(Exception):
    """The server lacks what an operation refers to (an answer's session)."""


def _apply(conn: Any, kind: str, body: Mapping[str, Any], sessions: dict[str, int]) -> int:
    """Apply one operation on the server (inside the caller's transaction); the rows it added."""
    if kind == "profile":
        return int(
            conn.execute(
                "INSERT INTO profile (name, created) VALUES (%s, to_timestamp(%s))"
                " ON CONFLICT (owner, name) DO NOTHING",
                (body["name"], body["created"]),
            ).rowcount
        )
    if kind == "session":
        _apply(conn, "profile", {"name": body["profile"], "created": body["created"]}, sessions)
        values = (
            body["uid"],
            body["mode"],
            json.dumps(body["skills"], ensure_ascii=False),
            body["preset"],
            body["seed"],
            body["started"],
            body["planned"],
            body["interactive"],
        )
        if body.get("assignment") is None:
            # the column named only when there is one: a server not yet at version 4 takes
            # every other session
            return int(
                conn.execute(
                    """INSERT INTO session
                        (uid, profile, mode, skills, preset, seed, started, planned, interactive)
                    SELECT %s, id, %s, %s, %s, %s, to_timestamp(%s), %s, %s FROM profile
                    WHERE owner = session_user AND name = %s
                    ON CONFLICT (uid) DO NOTHING""",
                    (*values, body["profile"]),
                ).rowcount
            )
        # an exam gone while the try waited in the outbox (deleted by hand: a withdrawn one is
        # kept, archived, and the try with it): kept as the trainee's own exam
        return int(
            conn.execute(
                """INSERT INTO session (uid, profile, mode, skills, preset, seed, started,
                    planned, interactive, assignment)
                SELECT %s, id, %s, %s, %s, %s, to_timestamp(%s), %s, %s,
                    (SELECT g.id FROM assignment g WHERE g.id = %s) FROM profile
                WHERE owner = session_user AND name = %s
                ON CONFLICT (uid) DO NOTHING""",
                (*values, body["assignment"], body["profile"]),
            ).rowcount
        )
    if kind == "attempt":
        session = sessions.get(body["session"])
        if session is None:
            row = conn.execute("SELECT id FROM session WHERE uid = %s", (body["session"],))
            found = row.fetchone()
            if found is None:
                raise _Missing(
                    _("the session {session} of an answer is not on the server").format(
                        session=body["session"]
                    )
                )
            session = sessions[body["session"]] = int(found[0])
        return int(
            conn.execute(
                """INSERT INTO attempt
                    (uid, session, skill, item, at, ms, correct, answer, expected, question)
                VALUES (%s, %s, %s, %s, to_timestamp(%s), %s, %s, %s, %s, %s)
                ON CONFLICT (uid) DO NOTHING""",
                (
                    body["uid"],
                    session,
                    body["skill"],
                    body["item"],
                    body["at"],
                    body["ms"],
                    body["correct"],
                    body["answer"],
                    body["expected"],
                    body["question"],
                ),
            ).rowcount
        )
    if kind == "end":
        conn.execute(
            "UPDATE session SET ended = to_timestamp(%s) WHERE uid = %s AND ended IS NULL",
            (body["ended"], body["session"]),
        )
        return 0
    if kind == "rename":
        conn.execute(
            "UPDATE profile SET name = %s WHERE owner = session_user AND name = %s",
            (body["new"], body["old"]),
        )
        return 0
    raise ValueError(f"unknown outbox operation {kind!r}")


def _unix(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp())


def import_history(url: str, local: Any, profile: str | None = None) -> tuple[int, int]:
    """Upload a trainee's local SQLite history (`local`, a Store) to the server: every profile,
    or the one named. Each session and answer gets an id made from what it is and never changes
    (the login, the profile's number and creation, the session's number and start, the answer's
    number), so importing the same history again adds nothing, a profile renamed since
    included. Returns (answers added, answers already there)."""
    chosen = None if profile is None else local._profile_id(profile)  # ValueError: no such
    names = [p for p in local.profiles() if chosen is None or p.id == chosen]
    added = there = 0
    with _connect(url) as conn:
        sessions: dict[str, int] = {}
        (login,) = conn.execute("SELECT session_user").fetchone()
        for p in names:
            # made of what never changes (the login, the profile's number and creation here):
            # a profile renamed since the last import is not uploaded again
            base = f"{login}|profile {p.id}|{_unix(p.created)}"
            named = f"{p.name}|{_unix(p.created)}"  # before: made of the name, as then
            for row in local.sessions(p.name):
                suid = str(
                    uuid.uuid5(_UID_NAMESPACE, f"{base}|session {row.id}|{_unix(row.started)}")
                )
                before = str(
                    uuid.uuid5(_UID_NAMESPACE, f"{named}|session {row.id}|{_unix(row.started)}")
                )
                if conn.execute("SELECT 1 FROM session WHERE uid = %s", (before,)).fetchone():
                    suid = before  # imported by an earlier Sabot: its ids kept
                try:
                    with conn.transaction():
                        _apply(
                            conn,
                            "session",
                            {
                                "uid": suid,
                                "profile": p.name,
                                "created": _unix(p.created),
                                "mode": row.mode,
                                "skills": list(row.skills),
                                "preset": row.preset,
                                "seed": row.seed,
                                "started": _unix(row.started),
                                "planned": row.planned,
                                "interactive": row.interactive,
                                "assignment": row.assignment,
                            },
                            sessions,
                        )
                        for a in local.attempts(session_id=row.id):
                            n = _apply(
                                conn,
                                "attempt",
                                {
                                    "uid": str(uuid.uuid5(_UID_NAMESPACE, f"{suid}|{a.id}")),
                                    "session": suid,
                                    "skill": a.skill,
                                    "item": a.item,
                                    "at": _unix(a.at),
                                    "ms": a.response_ms,
                                    "correct": a.correct,
                                    "answer": a.answer,
                                    "expected": a.expected,
                                    "question": json.dumps(a.question, ensure_ascii=False),
                                },
                                sessions,
                            )
                            added += n
                            there += 1 - n
                        if row.ended is not None:
                            _apply(conn, "end", {"session": suid, "ended": _unix(row.ended)}, {})
                except _Missing as error:
                    raise ServerError(str(error)) from None
                except Exception as error:  # psycopg's, imported lazily
                    raise ServerError(
                        _("the server refused the import: {why}").format(why=_first_line(error))
                    ) from None
    return added, there
