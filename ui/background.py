"""Background work: run a function on a worker thread, get its result back on the GUI thread.

The one helper every slow job of the GUI goes through (statistics over a long history,
exports), after Anki's CollectionOp:

    job = run_in_background(lambda: load(reader), on_done=self.show, on_error=self.failed)

`fn` runs on a QThreadPool thread and must not touch widgets; `on_done(result)` or
`on_error(exception)` is then called on the thread that called `run_in_background` (the GUI
thread), from its event loop. `job.cancel()` drops the callbacks (the function itself runs to
its end: SQLite queries are not interrupted); with `owner`, the job is cancelled when that
QObject is destroyed, so no callback reaches a deleted widget. Without `on_error`, the
exception is raised again on the GUI thread, where Qt reports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot


class Job(QObject):
    """One piece of background work. Lives on the calling thread; its signal crosses over."""

    _finished = Signal(bool, object)  # emitted on the worker thread: (succeeded, result or error)

    def __init__(
        self,
        on_done: Callable[[Any], None] | None,
        on_error: Callable[[BaseException], None] | None,
    ) -> None:
        super().__init__()
        self._on_done = on_done
        self._on_error = on_error
        self.cancelled = False
        self.done = False
        # The receiver is this object, which lives on the calling thread: the connection is
        # queued, so the callbacks run there whatever thread emits.
        self._finished.connect(self._deliver)

    @Slot()
    def cancel(self) -> None:
        """Drop the callbacks: nothing is called when the work ends."""
        self.cancelled = True
        self._on_done = self._on_error = None

    @Slot(bool, object)
    def _deliver(self, ok: bool, value: object) -> None:
        self.done = True
        _running.discard(self)
        # Let go of the callbacks before calling them: a widget that keeps its last job would
        # otherwise be kept alive by a cycle (widget -> job -> callback -> widget) until the
        # garbage collector runs, and then be deleted at whatever moment that is, perhaps in
        # the middle of painting another window.
        on_done, on_error = self._on_done, self._on_error
        self._on_done = self._on_error = None
        if self.cancelled:
            return
        if ok:
            if on_done is not None:
                on_done(value)
        elif on_error is not None:
            assert isinstance(value, BaseException)
            on_error(value)
        else:
            assert isinstance(value, BaseException)
            raise value


class _Task(QRunnable):
    def __init__(self, fn: Callable[[], Any], job: Job) -> None:
        super().__init__()
        self._fn = fn
        self._job = job

    def run(self) -> None:
        try:
            result: object = self._fn()
            ok = True
        except BaseException as error:  # noqa: BLE001 - handed to the GUI thread, not swallowed
            result, ok = error, False
        finally:
            self._fn = None  # type: ignore[assignment]  # let go of the work's objects here
        try:
            self._job._finished.emit(ok, result)
        except RuntimeError:
            pass  # the job is gone (the application is closing): there is no one to tell


# Jobs whose result has not come back yet: kept alive here, whoever else drops them.
_running: set[Job] = set()


def run_in_background(
    fn: Callable[[], Any],
    on_done: Callable[[Any], None] | None = None,
    on_error: Callable[[BaseException], None] | None = None,
    *,
    pool: QThreadPool | None = None,
    owner: QObject | None = None,
) -> Job:
    """Run `fn()` on `pool` (the global pool by default); call back on the calling thread."""
    job = Job(on_done, on_error)
    if owner is not None:
        owner.destroyed.connect(job.cancel)
    _running.add(job)
    (pool or QThreadPool.globalInstance()).start(_Task(fn, job))
    return job
