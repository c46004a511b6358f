"""Reports for the class, from the class view: the PDF report of one trainee or of every one at
once, and the grid as CSV.

The reports of a class are one file per trainee, in a folder the instructor chooses, each named
by the trainee's login ("sabot-ana-2026-12-07.pdf", and "sabot-ana-evening-…" for a profile
other than the one every trainee starts with: `progress_data.file_name`) — not one combined
PDF: a report is handed to its trainee (printed for them, mailed to them), and one trainee's
page is nobody else's to read; files named by login sort by trainee and never overwrite one
another; printing the whole class is printing the folder. Each report is the page a trainee's
progress view writes (`ui.progress.report`), named by the login (`progress_data.trainee_name`).

Each trainee's history is read on the server through the instructor's login into a temporary
copy (`classview.trainee_history`, as a double click does) on a worker thread, its figures read
there too, then the page drawn on the GUI thread (Qt's PDF writer), one trainee after another:
the class view answers throughout, and says how far it is. The copy is thrown away at once.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from trainer.history import progress_data as pd
from ui.background import Job, run_in_background
from ui.i18n import _, ngettext


@dataclass
class Written:
    """What a run of reports did: the files written, the trainees with nothing to report, and
    why any could not be written (a sentence each)."""

    folder: Path = field(default_factory=Path)
    files: list[Path] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def sentence(self) -> str:
        """What the status line says once the reports are written."""
        parts = [
            ngettext(
                "{count} report written to {folder}", "{count} reports written to {folder}",
                len(self.files),
            ).format(count=len(self.files), folder=self.folder)
        ]  # fmt: skip
        if self.empty:
            parts.append(_("nothing to report for {logins}").format(logins=", ".join(self.empty)))
        parts.extend(self.failed)
        return "; ".join(parts) + "."


def read_figures(
    url: str, login: str, targets: dict[str, float], required: list[str], now: float
) -> tuple[list[pd.Progress], list[str]]:
    """`login`'s figures, one `Progress` per profile with answers, read on the server into a
    temporary copy thrown away before returning; and the server's rows left out, named. On a
    worker thread."""
    from trainer.history.classview import throw_away, trainee_history

    folder = Path(tempfile.mkdtemp(prefix="sabot-report-"))
    path = folder / "history.sqlite3"
    skipped: list[str] = []
    try:
        store = trainee_history(url, login, path, skipped)
        try:
            out = []
            for profile in store.profiles():
                progress = pd.load_progress(store, profile.name, targets, required, now=now)
                if not progress.empty:
                    out.append(progress)
            return out, skipped
        finally:
            store.close()
    finally:
        throw_away(path)


class ClassReports(QObject):
    """Writes the reports of `logins` into `folder`, one trainee after another (see the module
    docstring); `progressed(sentence)` as it goes, `finished(Written)` at the end."""

    progressed = Signal(str)
    finished = Signal(object)

    def __init__(
        self,
        url: str,
        settings: Any,
        logins: Sequence[str],
        folder: Path,
        parent: QObject | None = None,
        *,
        now: float | None = None,
    ) -> None:
        super().__init__(parent)
        from trainer.practice.skills import TARGETS
        from ui.progress.report import required_skills, settings_rules_line

        self.url, self.folder = url, Path(folder)
        self.logins = list(logins)
        self.now = time.time() if now is None else now
        self.targets = dict(TARGETS)
        self.required = required_skills(settings)
        self.rules = settings_rules_line(settings)
        self.written = Written(folder=self.folder)
        self._next = 0
        self._job: Job | None = None
        self.done = False

    def start(self) -> None:
        self._step()

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self.done = True

    def _step(self) -> None:
        if self.done:
            return
        if self._next >= len(self.logins):
            self.done = True
            self.finished.emit(self.written)
            return
        login = self.logins[self._next]
        self._next += 1
        self.progressed.emit(
            _("Writing the report of {login} ({n} of {count})…").format(
                login=login, n=self._next, count=len(self.logins)
            )
        )
        url, targets, required, now = self.url, self.targets, self.required, self.now
        self._job = run_in_background(
            lambda: read_figures(url, login, targets, required, now),
            lambda read: self._write(login, *read),
            lambda error: self._failed(login, error),
            owner=self,
        )

    def _write(self, login: str, figures: list[pd.Progress], skipped: list[str]) -> None:
        from ui.progress.report import write_report

        if not figures:
            self.written.empty.append(login)
        for progress in figures:
            name = pd.file_name(progress.profile, login, date.fromtimestamp(self.now), "pdf")
            path = self.folder / name
            try:
                write_report(
                    path,
                    progress,
                    rules=self.rules,
                    now=self.now,
                    trainee=pd.trainee_name(progress.profile, login),
                )
            except OSError as error:
                self._failed(login, error, go_on=False)
                continue
            self.written.files.append(path)
        self.written.failed.extend(skipped)
        self._step()

    def _failed(self, login: str, error: BaseException, *, go_on: bool = True) -> None:
        self.written.failed.append(
            _("the report of {login} could not be written: {error}").format(
                login=login, error=error
            )
        )
        if go_on:
            self._step()


def write_grid(view: Any, path: Path) -> int:
    """The class view's grid (`view`, a `ClassView`) as CSV at `path`; the trainees written.
    OSError when it cannot be."""
    from trainer.commands.class_export import write_class_csv

    with Path(path).open("w", encoding="utf-8", newline="") as out:
        return write_class_csv(view, out)


def write_gradebook(view: Any, path: Path) -> int:
    """The gradebook (`view`'s assigned exams, a line per exam and trainee) as CSV at `path`;
    the exams written. OSError when it cannot be."""
    from trainer.commands.class_export import write_gradebook_csv

    with Path(path).open("w", encoding="utf-8", newline="") as out:
        return write_gradebook_csv(view, out)
