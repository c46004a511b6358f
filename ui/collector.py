"""Garbage collection on the GUI thread only, between events.

Python's cyclic garbage collector runs on whichever thread crosses its allocation threshold: a
worker thread computing home's figures too. What it then frees is every cycle of garbage there
is, also one holding the wrappers of a closed window's widgets, whose C++ objects are then
deleted on the worker thread, or on the GUI thread in the middle of a paint (a segfault, once
in a dozen runs of the screenshots walk). Shiboken's wrappers are not thread-safe to destroy.

So, for the app's whole life, automatic collection is off, and `GuiCollector`, a timer on the
GUI thread, does the collector's work from the event loop: every TICK_MS it reads the counts
(`gc.get_count()`) and collects the generation that is due (`due`), the one automatic
collection would have taken by then, so each pause stays the size automatic collection gives
it. Where automatic collection's pace makes for longer pauses here, the collector keeps its
own (`collector_thresholds`), and it keeps CPython's rule for the oldest generation, which
Python does not expose: collected only once what moved into it since its last collection is a
quarter of what that collection left there.

Objects frozen (`gc.freeze()`) are in no generation and no collection looks at them. Start-up's
are (ui.app), and so is what is built once to live as long as the app: a page, the history,
the progress view's modules (`keep_built`). Otherwise the first collection after such a build
looks at all of it at once (some 10,000 objects for the drill page, its drill and the modules
they import: 3-4 ms, where the others take half a millisecond) and the older generations'
collections again later (a full collection that looks at pyqtgraph's modules takes 40 ms).
"""

from __future__ import annotations

import gc
import time
from functools import partial

from PySide6.QtCore import QObject, QTimer, Slot

TICK_MS = 20  # how often the counts are read: a few microseconds each time
_freezes = 0  # made by keep_built


class GuiCollector(QObject):
    """Collects cyclic garbage on the thread it lives on (the GUI thread), from its event loop.

    Made, it turns automatic collection off; `stop()` (or its deletion) gives automatic
    collection back as it found it, on or off. `longest_ns` and `pauses` say what the
    collections it made cost."""

    def __init__(
        self, parent: QObject | None = None, tick_ms: int = TICK_MS, automatic: bool | None = None
    ) -> None:
        super().__init__(parent)
        self.pauses = 0  # collections made
        self.longest_ns = 0  # the longest of them, monotonic clock
        self.by_generation = [0, 0, 0]
        # CPython's quarter rule, which Python does not expose, kept here: the oldest generation
        # is collected only once what has moved into it since its last collection is a quarter
        # of what that collection left there, so that a full collection of a big heap (the
        # progress view's figures) stays rare
        self._oldest_left = 0  # what the last collection of the oldest generation left in it
        self._oldest_pending = 0  # moved into it since (at most: a young object freed is not seen)
        self._middle = 0  # moved into the middle generation since its last collection (likewise)
        self._freezes = _freezes  # keep_built's, the last time it looked
        # what `stop()` gives back: automatic collection as it is now, or as `automatic` says
        # the caller found it before turning it off for a start-up of its own (the app's)
        self._was_enabled = gc.isenabled() if automatic is None else automatic
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
        if _freezes != self._freezes:
            # keep_built emptied every generation: nothing there to weigh the oldest against
            # (counted by keep_built: gc.get_freeze_count() walks every frozen object, 4 ms
            # for the app's, every tick)
            self._freezes = _freezes
            self._oldest_left = self._oldest_pending = self._middle = 0
        counts = gc.get_count()
        oldest = 4 * self._oldest_pending >= self._oldest_left
        generation = due(counts, collector_thresholds(gc.get_threshold()), oldest)
        if generation is None:
            return None
        t0 = time.monotonic_ns()
        found = gc.collect(generation)
        if generation == 0:
            self._middle += max(0, counts[0] - found)
        elif generation == 1:
            self._oldest_pending += max(0, counts[0] + self._middle - found)
            self._middle = 0
        else:
            self._oldest_left = len(gc.get_objects(generation))
            self._oldest_pending = self._middle = 0
        pause = time.monotonic_ns() - t0
        self.pauses += 1
        self.by_generation[generation] += 1
        self.longest_ns = max(self.longest_ns, pause)
        return generation

    def stop(self) -> None:
        """No more collecting here: automatic collection is as this collector found it."""
        self._timer.stop()
        _give_back(self._was_enabled)


def collector_thresholds(automatic: tuple[int, ...]) -> tuple[int, ...]:
    """The collector's thresholds from automatic collection's: the middle generation collected
    twice as often, the oldest one at the same pace.

    The middle generation holds what a drill keeps of its questions (their views, pixmaps,
    answers). Taken at automatic collection's pace, its collections took 1.5-2.6 ms over drills
    of 1,000 answers (thread CPU time), the longest pauses there were; taken twice as often,
    0.9-1.5 ms, for the same total."""
    young, middle, oldest = (*automatic, 0, 0)[:3]
    return (young, (middle + 1) // 2, 2 * oldest)[: len(automatic)]


def due(
    counts: tuple[int, int, int], thresholds: tuple[int, ...], oldest: bool = True
) -> int | None:
    """The generation automatic collection would have collected by these counts, or None.

    The youngest generation's count is the allocations less the deallocations of tracked
    objects since its last collection; each older one's, the collections of the one below
    since its own last. CPython looks each time the youngest passes its threshold, then
    collects the oldest generation whose count passes its own (a threshold of 0 turns
    collection off), the oldest one only if `oldest` (CPython's quarter rule, which the
    collector keeps).

    Between two ticks one event can make many times the youngest's threshold (a page built,
    a module imported): automatic collection would have looked once per threshold's worth,
    and each of those young collections counts towards the next generation. The generation
    due is the oldest of all those, collected once: what survives goes on at once to where
    automatic collection would have moved it, and no later collection of the middle
    generation looks at the whole burst again."""
    if not thresholds or thresholds[0] == 0 or counts[0] <= thresholds[0]:
        return None
    looks = counts[0] // (thresholds[0] + 1)  # times the youngest passed its threshold: >= 1
    pending = list(counts)
    top = min(len(pending), len(thresholds)) - 1  # the oldest generation that may be taken
    if top == len(pending) - 1 and not oldest:
        top -= 1
    oldest_taken = 0
    for _ in range(looks):
        taken = 0
        for generation in range(min(len(pending), len(thresholds)) - 1, 0, -1):
            if pending[generation] > thresholds[generation]:
                if generation == len(pending) - 1 and not oldest:
                    continue  # CPython's quarter rule: not yet
                taken = generation
                break
        for younger in range(1, taken + 1):
            pending[younger] = 0
        if taken + 1 < len(pending):
            pending[taken + 1] += 1
        oldest_taken = max(oldest_taken, taken)
        if oldest_taken >= top:
            break
    return oldest_taken


def keep_built() -> None:
    """What was just built lives as long as the app (a page built once, the history opened, the
    modules they imported): out of every later collection, as start-up's objects are.

    What is garbage in the generations then is kept too: little (a page's build leaves next
    to none), once for each thing built once."""
    global _freezes
    gc.freeze()
    _freezes += 1


def _give_back(enabled: bool) -> None:
    if enabled:
        gc.enable()
