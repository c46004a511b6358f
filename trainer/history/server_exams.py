"""Exams an instructor assigns to the class, set, withdrawn and listed on the school's server
(`sabot assign`, the class view's dialog); what an assignment is and its checks:
`trainer.history.assignments`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any, Final

from trainer.history.server_setup import ServerError, _connect, _first_line
from trainer.i18n import _

if TYPE_CHECKING:
    from trainer.history.assignments import Assignment

_ASSIGNMENT_COLUMNS: Final = "id, skills, seed, preset, time_limit_s, opens, closes, title"
# what the instructor reads besides (schema version 6): withdrawn, and a retake's trainees
ARCHIVE_COLUMNS: Final = f"{_ASSIGNMENT_COLUMNS}, withdrawn, logins"


def _assignment(row: Sequence[Any]) -> Assignment:
    from trainer.history.assignments import Assignment

    id, skills, seed, preset, limit, opens, closes, title, *more = row
    withdrawn, logins = more if more else (None, None)
    return Assignment(
        int(id), tuple(skills), int(seed), preset, int(limit), opens, closes, title,
        withdrawn, tuple(logins or ()),
    )  # fmt: skip


def columns(conn: Any) -> str:
    """The assignments' columns the server `conn` reaches knows: withdrawn and a retake's
    trainees from schema version 6 on (its `member` table)."""
    row = conn.execute("SELECT to_regclass('member') IS NOT NULL").fetchone()
    return ARCHIVE_COLUMNS if row and row[0] else _ASSIGNMENT_COLUMNS


@contextmanager
def _assigning(url: str, doing: str) -> Iterator[Any]:
    """A connection to set, withdraw or list assigned exams, and the server's refusals said in
    one sentence: a login that is not an instructor's, a server not yet at version 4."""
    import psycopg

    with _connect(url) as conn:
        try:
            yield conn
        except psycopg.errors.InsufficientPrivilege:
            raise ServerError(
                _("only an instructor can {doing}: {login} is not one of the school's").format(
                    doing=doing, login=conn.info.user
                )
            ) from None
        except psycopg.errors.UndefinedTable:
            raise ServerError(
                _(
                    "the school's server does not know assigned exams yet: bring it up to date "
                    "with sabot server init URL, as its owner"
                )
            ) from None
        except psycopg.Error as error:
            raise ServerError(
                _("the server refused: {why}").format(why=_first_line(error))
            ) from None


def assign_exam(
    url: str,
    skills: Sequence[str] | str,
    seed: int,
    preset: str,
    time_limit_s: int,
    opens: date,
    closes: date,
    title: str = "",
    logins: Sequence[str] = (),
) -> Assignment:
    """Assign an exam to the class, through an instructor's login; the assignment as stored.
    `logins`: a retake set for these trainees of the class alone (empty: the whole class).
    ValueError (one sentence naming the field) when a field is wrong, or a login is none of the
    class's trainees; ServerError when the server refuses (a trainee's login may not)."""
    from trainer.history.assignments import check_assignment

    checked = check_assignment(skills, seed, preset, time_limit_s, opens, closes, title)
    chosen = list(dict.fromkeys(str(login).strip() for login in logins if str(login).strip()))
    with _assigning(url, _("assign an exam")) as conn:
        if chosen:
            known = {
                r[0]
                for r in conn.execute(
                    "SELECT login FROM member WHERE NOT instructor AND login = ANY (%s)",
                    (chosen,),
                )
            }
            unknown = [login for login in chosen if login not in known]
            if unknown:
                raise ValueError(
                    _("The trainees: {logins} are none of the class's.").format(
                        logins=", ".join(unknown)
                    )
                )
        row = conn.execute(
            f"""INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes, title,
                logins)
            VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING {ARCHIVE_COLUMNS}""",
            (list(checked[0]), *checked[1:], chosen or None),
        ).fetchone()
    return _assignment(row)


def withdraw_exam(url: str, assignment_id: int) -> Assignment:
    """Withdraw an assigned exam (through an instructor's login): it leaves the trainees' home
    screens; it stays on the server, archived, with its tries and results (the class view's
    Archived exams). Withdrawing it again changes nothing. Returns it as withdrawn; ServerError
    when there is no such exam or the login may not."""
    with _assigning(url, _("withdraw an exam")) as conn:
        row = conn.execute(
            f"""UPDATE assignment SET withdrawn = coalesce(withdrawn, now()) WHERE id = %s
            RETURNING {ARCHIVE_COLUMNS}""",
            (assignment_id,),
        ).fetchone()
        if row is None:
            raise ServerError(
                _("there is no assigned exam {id} on the school's server").format(id=assignment_id)
            )
    return _assignment(row)


def list_assignments(url: str) -> list[Assignment]:
    """Every exam assigned on the server, newest first: an instructor's login reads them all,
    the withdrawn too; a trainee's those set for them and not withdrawn."""
    with _assigning(url, _("read the assigned exams")) as conn:
        rows = conn.execute(f"SELECT {columns(conn)} FROM assignment ORDER BY id DESC").fetchall()
    return [_assignment(r) for r in rows]
