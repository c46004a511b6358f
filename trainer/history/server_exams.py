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


def _assignment(row: Sequence[Any]) -> Assignment:
    from trainer.history.assignments import Assignment

    id, skills, seed, preset, limit, opens, closes, title = row
    return Assignment(int(id), tuple(skills), int(seed), preset, int(limit), opens, closes, title)


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
) -> Assignment:
    """Assign an exam to the class, through an instructor's login; the assignment as stored.
    ValueError (one sentence naming the field) when a field is wrong, ServerError when the
    server refuses (a trainee's login may not)."""
    from trainer.history.assignments import check_assignment

    checked = check_assignment(skills, seed, preset, time_limit_s, opens, closes, title)
    with _assigning(url, _("assign an exam")) as conn:
        row = conn.execute(
            f"""INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes, title)
            VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING {_ASSIGNMENT_COLUMNS}""",
            (list(checked[0]), *checked[1:]),
        ).fetchone()
    return _assignment(row)


def withdraw_exam(url: str, assignment_id: int) -> Assignment:
    """Withdraw an assigned exam (through an instructor's login): it leaves the trainees' home
    screens and the class view; the tries already taken stay, as exams of the trainees' own.
    Returns what was withdrawn; ServerError when there is no such exam or the login may not."""
    with _assigning(url, _("withdraw an exam")) as conn:
        row = conn.execute(
            f"DELETE FROM assignment WHERE id = %s RETURNING {_ASSIGNMENT_COLUMNS}",
            (assignment_id,),
        ).fetchone()
        if row is None:
            raise ServerError(
                _("there is no assigned exam {id} on the school's server").format(id=assignment_id)
            )
    return _assignment(row)


def list_assignments(url: str) -> list[Assignment]:
    """Every exam assigned on the server, newest first (any login of the school may read them)."""
    with _assigning(url, _("read the assigned exams")) as conn:
        rows = conn.execute(
            f"SELECT {_ASSIGNMENT_COLUMNS} FROM assignment ORDER BY id DESC"
        ).fetchall()
    return [_assignment(r) for r in rows]
