"""Garbage is collected on the GUI thread only, between events (ui/collector.py): never on the
worker thread computing home's figures, where it once deleted a closed window's widgets under
the screenshots walk's feet (a segfault, once in a dozen runs). And it is collected: what a
closed window leaves in a cycle is gone once the event loop has turned."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from ui.background import run_in_background


class Cycle:
    """Garbage only the cyclic collector can free: it holds itself."""

    def __init__(self, payload: object = None) -> None:
        self.me = self
        self.payload = payload


def cyclic_garbage(n: int) -> int:
    """Make and drop `n` cycles, as a long computation of figures makes garbage."""
    for i in range(n):
        Cycle([i])
    return n


@pytest.fixture
def collections() -> Iterator[list[tuple[int, int]]]:
    """(thread, generation) of every collection from now on."""
    seen: list[tuple[int, int]] = []

    def record(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append((threading.get_ident(), info["generation"]))

    gc.callbacks.append(record)
    yield seen
    gc.callbacks.remove(record)


def test_a_background_job_making_garbage_never_collects_it_on_its_thread(qtbot, collections):
    gui = threading.get_ident()
    jobs = [run_in_background(lambda: cyclic_garbage(100_000)) for _ in range(4)]
    qtbot.waitUntil(lambda: all(job.done for job in jobs), timeout=30_000)
    # the garbage they left is collected all the same, from the GUI thread's event loop
    qtbot.waitUntil(lambda: any(thread == gui for thread, _ in collections), timeout=5_000)
    workers = [(thread, g) for thread, g in collections if thread != gui]
    assert workers == [], f"{len(workers)} collections ran on a worker thread"


def test_no_collection_runs_on_the_gui_thread_outside_the_event_loop(qtbot, collections):
    # between two events (a handler, a paint) the collector never cuts in: the garbage made
    # here is collected after, once the loop turns
    cyclic_garbage(50_000)
    assert collections == []
    qtbot.waitUntil(lambda: collections != [], timeout=5_000)


def test_a_closed_window_held_by_a_cycle_is_gone_once_the_loop_turns(qtbot):
    # memory does not grow: window after window dropped in a cycle, none stays
    gone: list[weakref.ref[QWidget]] = []
    before = len(QApplication.allWidgets())
    for i in range(30):
        w = QWidget()
        w.label = QLabel(f"window {i}", w)  # type: ignore[attr-defined]
        w.cycle = Cycle(w)  # type: ignore[attr-defined]  # the window kept by a cycle alone
        w.show()
        w.close()
        gone.append(weakref.ref(w))
        del w
        cyclic_garbage(1_000)  # what the app makes meanwhile: the collector's count goes up
        qtbot.waitUntil(lambda: sum(r() is not None for r in gone) <= 1, timeout=5_000)
    qtbot.waitUntil(lambda: all(r() is None for r in gone), timeout=5_000)
    held = [x for x in gc.get_objects() if isinstance(x, Cycle) and isinstance(x.payload, QWidget)]
    assert held == []
    assert len(QApplication.allWidgets()) <= before


def test_the_app_collects_this_way_for_as_long_as_it_runs(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QTimer

    from ui import app
    from ui.collector import GuiCollector

    monkeypatch.setenv("SABOT_QUIT_WHEN_READY", "1")
    qapp = QApplication.instance()
    seen: list[tuple[bool, int]] = []

    def look() -> None:
        seen.append((gc.isenabled(), len(qapp.findChildren(GuiCollector))))

    QTimer.singleShot(0, look)
    assert app.run(["sabot"]) == 0
    assert seen == [(False, 1)]  # automatic collection off, the app's collector on
    assert qapp.findChildren(GuiCollector) == []  # and gone with the run


@given(
    counts=st.tuples(st.integers(0, 2_000), st.integers(0, 20), st.integers(0, 20)),
    thresholds=st.tuples(st.integers(1, 1_000), st.integers(1, 15), st.integers(1, 15)),
)
def test_the_generation_due_is_the_one_automatic_collection_would_take(counts, thresholds):
    from ui.collector import due

    generation = due(counts, thresholds)
    if counts[0] <= thresholds[0]:
        assert generation is None  # CPython looks only when the youngest passes its threshold
    else:
        assert generation is not None
        # the oldest generation past its threshold; the youngest when no older one is
        older = [g for g in (1, 2) if counts[g] > thresholds[g]]
        assert generation == (max(older) if older else 0)


def test_a_threshold_of_zero_turns_collection_off():
    from ui.collector import due

    assert due((10_000, 50, 50), (0, 10, 10)) is None
