"""Why the SQLite history cannot be opened or written — SQLite's result codes, a folder or medium
that is read-only — and the sentences that tell the trainee so. The school's history says its
own troubles in the same sentences."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Final

from trainer.i18n import N_, format_number, ngettext
from trainer.i18n import _ as say

# SQLite primary result codes (the low byte of an extended code).
_SQLITE_PERM: Final = 3
_SQLITE_BUSY: Final = 5
_SQLITE_LOCKED: Final = 6
_SQLITE_READONLY: Final = 8
_SQLITE_IOERR: Final = 10
_SQLITE_CORRUPT: Final = 11
_SQLITE_FULL: Final = 13
_SQLITE_CANTOPEN: Final = 14
_SQLITE_NOTADB: Final = 26
_SQLITE_IOERR_SHMSIZE: Final = _SQLITE_IOERR | 19 << 8  # no room to grow the -shm beside it


def _not_opened(path: Path, why: str) -> str:
    said = say("The history file {path} could not be opened: {why}.")
    return said.format(path=path, why=say(why))


def no_profile(name: str) -> str:
    """A name that is no profile of the history, in one sentence."""
    return say("There is no profile named {name}.").format(name=repr(name))


def _error_code(error: sqlite3.Error) -> int:
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


# Why a write failed, for the failures that come from outside Sabot and may pass. Kept in
# English (an UnwritableError's `why`, `Store.read_only`) and said in the trainee's language
# by the sentence that shows it (`cannot_write`, `kept_sentence`, ...).
_TROUBLES: Final = {
    _SQLITE_FULL: N_("the disk is full"),
    _SQLITE_BUSY: N_("another program is using it"),
    _SQLITE_LOCKED: N_("another program is using it"),
    _SQLITE_READONLY: N_("it is read-only"),
    _SQLITE_PERM: N_("the file cannot be reached"),
    _SQLITE_CANTOPEN: N_("the file cannot be reached"),
    _SQLITE_IOERR: N_("the disk reports an error"),
    _SQLITE_CORRUPT: N_("the file is damaged"),
}


def cannot_write(why: str) -> str:
    """ "The history cannot be written: the disk is full." in the trainee's language; `why` is
    one of the English reasons above (or an outside message, shown as it is)."""
    return say("The history cannot be written: {why}.").format(why=say(why))


def kept_sentence(why: str, kept: int) -> str:
    """What is kept in memory while the history cannot be written, and that it will be saved:
    `kept` answers, or (0) the end of the session."""
    if kept == 0:
        said = say(
            "The history cannot be written: {why}. The end of your session is kept and will "
            "be saved as soon as it can."
        )
    else:
        said = ngettext(
            "The history cannot be written: {why}. Your last answer is kept and will be saved "
            "as soon as it can.",
            "The history cannot be written: {why}. Your last {count} answers are kept and will "
            "be saved as soon as it can.",
            kept,
        )
    return said.format(why=say(why), count=format_number(kept, places=0))


def unsaved_sentence(why: str, kept: int) -> str:
    """What would be lost if the program ended now: `kept` answers, or (0) a session's end."""
    if kept == 0:
        said = say(
            "The history cannot be written: {why}. The end of your last session could not be saved."
        )
    else:
        said = ngettext(
            "The history cannot be written: {why}. Your last answer could not be saved.",
            "The history cannot be written: {why}. Your last {count} answers could not be saved.",
            kept,
        )
    return said.format(why=say(why), count=format_number(kept, places=0))


def no_new_drill(trouble: str) -> str:
    """A drill refused while answers wait to be saved: `trouble` (`kept_sentence`) and why."""
    return say("{trouble} No new drill can start until then.").format(trouble=trouble)


def _write_trouble(error: BaseException) -> str | None:
    """Why a write failed, as the end of a sentence ("the disk is full"), when the cause is
    outside Sabot; None for anything else (a bug, a constraint), which is raised as it is."""
    if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.IntegrityError):
        if getattr(error, "sqlite_errorcode", 0) == _SQLITE_IOERR_SHMSIZE:
            return _TROUBLES[_SQLITE_FULL]
        return _TROUBLES.get(_error_code(error))
    return None


def _read_only_reason(path: Path) -> str | None:
    """Why the history at `path` can be read but not written; None when it can be written.

    os.access, not the permission bits: it also sees read-only media and immutable files, for
    root as for anyone.
    """
    folder = path.parent
    if os.access(folder, os.W_OK | os.X_OK) and (not path.exists() or os.access(path, os.W_OK)):
        return None
    try:
        medium = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs on Windows
        medium = False
    if medium:
        return N_("it is on a read-only disk or medium")
    if path.exists() and not os.access(path, os.W_OK):
        return N_("the file is read-only")
    return N_("its folder is read-only")
