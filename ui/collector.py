"""Garbage collection on the GUI thread only, between events.

Python's cyclic garbage collector runs on whichever thread crosses its allocation threshold: a
worker thread computing home's figures too. What it then frees is every cycle of garbage there
is, also one holding the wrappers of a closed window's widgets, whose C++ objects are then
deleted on the worker thread, or on the GUI thread in the middle of a paint (a segfault, once
in a dozen runs of the screenshots walk). Shiboken's wrappers are not thread-safe to destroy.

So, for the app's whole life, automatic collection is off, and `GuiCollector`, a timer on the
GUI thread, does the collector's work from the event loop: every TICK_MS it reads the counts
(`gc.get_count()`) against the thresholds (`gc.get_threshold()`) and collects the generation
that is due, the youngest one that would be automatically, so each pause stays the size
automatic collection gives it. Objects frozen at start-up (`gc.freeze()`) stay frozen: they are
in no generation and no collection looks at them.

One difference from CPython's own rule: CPython collects the oldest generation only when it
has grown by a quarter since the last full collection (a figure Python does not expose); here
it is collected when its count passes its threshold, every 100 collections of the youngest.
After `gc.freeze()` the oldest generation holds little, and that collection stays short.
"""

from __future__ import annotations

import gc
import time
from functools import partial

from PySide6.QtCore import QObject, QTimer, Slot

TICK_MS = 20  # how often the counts are read: a few microseconds each time


class GuiCollector(QObject):
    """Collects cyclic garbage on the thread it lives on (the GUI thread), from its event loop.

    Made, it turns automatic collection off; `stop()` (or its deletion) gives automatic
    collection back as it found it, on or off. `longest_ns` and `pauses` say what the
    collections it made cost."""

    def __init__(self, parent: QObject | None = None, tick_ms: int = TICK_MS) -> None:
        super().__init__(parent)
        self.pauses = 0  # collections made
        self.longest_ns = 0  # the longest of them, monotonic clock
        self.by_generation = [0, 0, 0]
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(tick_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()
        self.destroyed.connect(partial(_give_back, self._was_enabled))

    @Slot()
    def collect_due(self) -> int | None:
        """Collect the generation due, if one is; returns it (None when none was due)."""
        if gc.isenabled():
            # something turned automatic collection on again (a `gc.disable()` ... `gc.enable()`
            # around a job): off again, or the next one may run on a worker thread
            gc.disable()
        generation = due(gc.get_count(), gc.get_threshold())
        if generation is None:
            return None
        t0 = time.monotonic_ns()
        gc.collect(generation)
        pause = time.monotonic_ns() - t0
        self.pauses += 1
        self.by_generation[generation] += 1
        self.longest_ns = max(self.longest_ns, pause)
        return generation

    def stop(self) -> None:
        """No more collecting here: automatic collection is as this collector found it."""
        self._timer.stop()
        _give_back(self._was_enabled)


def due(counts: tuple[int, int, int], thresholds: tuple[int, ...]) -> int | None:
    """The generation automatic collection would collect at these counts, or None.

    The youngest generation's count is the allocations less the deallocations of tracked
    objects since its last collection; each older one's, the collections of the one below
    since its own last. CPython looks only once the youngest passes its threshold, then
    collects the oldest generation whose count passes its own (a threshold of 0 turns
    collection off)."""
    if not thresholds or thresholds[0] == 0 or counts[0] <= thresholds[0]:
        return None
    for generation in range(len(counts) - 1, 0, -1):
        if generation < len(thresholds) and counts[generation] > thresholds[generation]:
            return generation
    return 0


def _give_back(enabled: bool) -> None:
    if enabled:
        gc.enable()
