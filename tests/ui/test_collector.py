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


def automatic(counts: tuple[int, int, int], thresholds: tuple[int, int, int], oldest: bool) -> int:
    """CPython's own rule, one allocation at a time (Modules/gcmodule.c, collect_generations):
    the oldest generation it collects while the youngest's count climbs from 0 to counts[0],
    the older ones' counts as given; None when it collects none."""
    c = [0, counts[1], counts[2]]
    taken = None
    for _ in range(counts[0]):
        c[0] += 1
        if c[0] <= thresholds[0]:
            continue
        generation = 0
        for g in (2, 1):
            if c[g] > thresholds[g] and (g < 2 or oldest):
                generation = g
                break
        for g in range(generation + 1):
            c[g] = 0
        if generation < 2:
            c[generation + 1] += 1
        taken = generation if taken is None else max(taken, generation)
    return taken


@given(
    counts=st.tuples(st.integers(0, 6_000), st.integers(0, 20), st.integers(0, 20)),
    thresholds=st.tuples(st.integers(1, 1_000), st.integers(0, 15), st.integers(0, 15)),
    oldest=st.booleans(),
)
def test_the_generation_due_is_the_oldest_automatic_collection_would_have_taken(
    counts, thresholds, oldest
):
    from ui.collector import due

    assert due(counts, thresholds, oldest) == automatic(counts, thresholds, oldest)


def test_a_burst_goes_on_to_the_middle_generation_as_automatic_collection_would_move_it():
    # what building the drill page and importing its modules left for the first tick: automatic
    # collection would have collected it fourteen times on the way, the middle generation
    # once; collected as young, all of it would be looked at again by the middle's next
    # collection (4-6 ms where automatic collection's took 2)
    from ui.collector import due

    assert due((10_249, 0, 0), (700, 10, 10)) == 1
    assert due((10_249, 0, 0), (700, 10, 10)) == automatic((10_249, 0, 0), (700, 10, 10), True)
    assert due((701, 0, 0), (700, 10, 10)) == 0  # an ordinary tick: the youngest


def test_a_threshold_of_zero_turns_collection_off():
    from ui.collector import due

    assert due((10_000, 50, 50), (0, 10, 10)) is None


def test_the_collector_takes_the_middle_generation_twice_as_often_the_oldest_as_often():
    from ui.collector import collector_thresholds

    assert collector_thresholds((700, 10, 10)) == (700, 5, 20)
    # a generation collected every time stays so
    assert collector_thresholds((700, 0, 0)) == (700, 0, 0)
    assert collector_thresholds((0, 10, 10))[0] == 0  # and collection off stays off


@pytest.fixture
def idle_collector(qapp):
    """A collector whose timer never fires: the test calls collect_due itself."""
    from ui.collector import GuiCollector

    collector = GuiCollector(tick_ms=10**8)
    yield collector
    collector.stop()
    collector.deleteLater()


def test_a_big_heap_is_collected_whole_again_only_once_a_quarter_of_it_is_new(idle_collector):
    # CPython's quarter rule: the full collections of a heap that stays the same size (the
    # progress view's figures held) stay rare, whatever the young garbage that passes
    held = [[i] for i in range(100_000)]
    generations: list[int | None] = []
    while 2 not in generations:  # the first full collection, where the heap is weighed
        cyclic_garbage(800)
        generations.append(idle_collector.collect_due())
    heap = len(gc.get_objects(2))  # (the whole process's, in a run of the whole suite)
    generations.clear()
    for _ in range(1_500):  # garbage only: nothing moves on to the oldest generation
        cyclic_garbage(800)
        generations.append(idle_collector.collect_due())
    assert generations.count(1) >= 100  # the middle generation is collected all along
    assert 2 not in generations  # where every 21st of those used to be a full collection
    added = 0
    while idle_collector.collect_due() != 2:  # objects kept, 800 a tick
        held.extend([[i] for i in range(800)])
        added += 800
        # a quarter of the heap more, and a few middle collections' worth, at most
        assert added <= heap // 4 + 10_000, f"no full collection after {added} new objects"
    assert added >= heap // 5  # and not much before
    del held


def test_what_the_window_builds_once_is_in_no_generation(qtbot, window):
    # the drill page, built once for the app's life, is frozen as start-up's objects are: the
    # first collection after it does not look at it all at once, nor any later one
    page = window.drill_page
    young = gc.get_count()[0]
    tracked = {id(x) for x in gc.get_objects()}
    assert id(page) not in tracked and id(page.__dict__) not in tracked
    assert young < 700  # nothing left for the next tick's collection to take at once
    frozen = gc.get_freeze_count()
    assert window.drill_page is page
    assert gc.get_freeze_count() <= frozen  # built once, frozen once: memory stays bounded


@pytest.mark.parametrize("automatic_before", [True, False])
def test_the_app_gives_back_automatic_collection_as_it_found_it(
    qtbot, monkeypatch, automatic_before
):
    from ui import app

    monkeypatch.setenv("SABOT_QUIT_WHEN_READY", "1")
    if automatic_before:
        gc.enable()
    try:
        assert app.run(["sabot"]) == 0
        assert gc.isenabled() is automatic_before
    finally:
        gc.disable()  # as this test's own collector keeps it


def test_a_tick_never_walks_the_frozen_objects(idle_collector, monkeypatch):
    # gc.get_freeze_count() counts them one by one: 4 ms for the app's, every 20 ms tick, was a
    # fifth of the drill's time; a tick reads the counts only, and knows keep_built's freezes
    from ui.collector import keep_built

    def walks() -> int:
        raise AssertionError("a tick walked the frozen objects")

    monkeypatch.setattr(gc, "get_freeze_count", walks)
    cyclic_garbage(1_000)
    assert idle_collector.collect_due() is not None
    idle_collector._oldest_left = 10**9  # as if a huge heap had been weighed: no full collection
    keep_built()  # which empties every generation: nothing to weigh against any more
    idle_collector.collect_due()
    assert idle_collector._oldest_left == 0
