"""Why the system refused a file, in the trainee's words: Python's own (`OSError.strerror`,
"Read-only file system") are English whatever the language. Used by the commands, the settings
and the history alike."""

from __future__ import annotations

import errno

from trainer.i18n import N_, _

# what the system says of a file it refuses, in the trainee's words (Python's own are English)
_OS_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
}


def os_reason(error: OSError) -> str:
    """Why the system refused a file, in the trainee's language: "no such file or folder",
    "fichier ou dossier introuvable"; a reason with no words of its own as the system says it."""
    return _(os_reason_id(error))


def os_reason_id(error: OSError) -> str:
    """`os_reason` before it is translated (a text marked here, or the system's own words), for
    a message made now and said later in the language of that moment: `_(os_reason_id(e))`."""
    return _OS_REASONS.get(error.errno or 0) or error.strerror or str(error)
