"""Deal mode's speed through the real widgets (run on demand, prints figures): whole shoes dealt
by key presses and typed answers on the deal page, every step recorded in a real history; for
each trainee action, the time until its result is painted (the input handled, the next step's
table drawn and every pending paint delivered). Goal: p99 <= 16 ms.

    python -m tests.bench.bench_deal [--shoes 2] [--boxes 7] [--scale 1] [--slowest 8]

Runs offscreen unless QT_QPA_PLATFORM is set; --scale 2 paints at a device pixel ratio of 2.
Each action is timed on the wall clock (what the trainee waits) and on the process's CPU clock
(what the app did for it, which other programs on a shared machine do not inflate). The kinds
of action among the slowest are printed: the step answered, what came next (a new round, a
dealer's decision...), how often and how long.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@dataclass(frozen=True)
class Action:
    wall_ms: float
    cpu_ms: float
    kind: str  # the step answered -> what it led to


def _kind(step, following, new_round: bool) -> str:
    def name(s) -> str:
        # a dealer's decision on 16 or on 17 costs the same: one kind
        return re.sub(r"dealer-(hard|soft)-\d+", "dealer-decision", s.item)

    after = "a new round" if new_round else (name(following) if following else "the end")
    return f"{name(step)} -> {after}"


def deal_shoes(shoes: int, boxes: int, animate: bool) -> tuple[list[Action], int]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from trainer.game.round import DEALER
    from trainer.game.rules import HouseRules
    from trainer.history.store import Store
    from trainer.practice.deal_steps import ACTION, AMOUNT, COLLECT, PLACE, PUSH
    from ui.pages.deal import ACTION_KEYS, DealPage

    app = QApplication.instance() or QApplication([])
    store = Store.open(Path(tempfile.mkdtemp(prefix="sabot-bench-")) / "history.sqlite3")
    page = DealPage(HouseRules.preset_named("casino-fr"), store, "bench", animate=animate)
    page.resize(1280, 800)
    page.show()
    page.activateWindow()
    QTest.qWaitForWindowExposed(page)
    actions: list[Action] = []
    rounds = 0
    painted: list[tuple[int, int]] = []
    page.stepShown.connect(
        lambda _s: painted.append((time.perf_counter_ns(), time.process_time_ns()))
    )
    for seed in range(shoes):
        page.new_shoe()
        page.setup.seed.setText(str(1000 + seed))
        page.setup.boxes.setValue(boxes)
        page.setup.submit()
        app.processEvents()
        shoe = page.shoe
        assert shoe is not None
        while page.shoe is not None and not shoe.shoe_over:
            s = shoe.step
            if s is None:
                break
            # the trainee reads the step: what the page does meanwhile (the next table drawn
            # ahead, the next round played, the card's slide) is not counted; the action's
            # time starts at the key
            for _ in range(3):
                app.processEvents()
            before = len(painted)
            played = shoe.figures.rounds
            t0, c0 = time.perf_counter_ns(), time.process_time_ns()
            if s.ask == PLACE:
                QTest.keyClick(page.table, "D" if s.expected == DEALER else s.expected)
            elif s.ask == ACTION:
                QTest.keyClick(page.table, ACTION_KEYS[s.expected][0])
            else:
                text = s.expected
                if s.ask == AMOUNT and text in (COLLECT, PUSH):
                    text = "C" if text == COLLECT else "E"
                page.entry.setText(text)  # the typing itself is the trainee's time
                t0, c0 = time.perf_counter_ns(), time.process_time_ns()
                QTest.keyClick(page.entry, Qt.Key.Key_Return)
            while len(painted) == before and page.shoe is not None and not shoe.shoe_over:
                app.processEvents()
            if len(painted) > before:
                wall, cpu = painted[before]
                kind = _kind(s, shoe.step, shoe.figures.rounds != played)
                actions.append(Action((wall - t0) / 1e6, (cpu - c0) / 1e6, kind))
        rounds += shoe.figures.rounds
        page.end_shoe()
    page.close()
    store.close()
    return actions, rounds


def _figures(times: list[float]) -> str:
    times = sorted(times)
    q = statistics.quantiles(times, n=100, method="inclusive")
    return (
        f"median {statistics.median(times):.2f} ms, p95 {q[94]:.2f} ms, p99 {q[98]:.2f} ms, "
        f"max {times[-1]:.2f} ms"
    )


def slowest_kinds(actions: list[Action], top: int) -> list[str]:
    """The kinds of action among the slowest 2 %, by CPU time: how many, median and max."""
    if not actions or top <= 0:
        return []
    ranked = sorted(actions, key=lambda a: a.cpu_ms, reverse=True)
    slow = ranked[: max(1, len(ranked) // 50)]
    by_kind: dict[str, list[Action]] = defaultdict(list)
    for a in actions:
        by_kind[a.kind].append(a)
    counted: dict[str, int] = defaultdict(int)
    for a in slow:
        counted[a.kind] += 1
    lines = []
    for kind, n in sorted(counted.items(), key=lambda kv: -kv[1])[:top]:
        all_of = by_kind[kind]
        cpu = [a.cpu_ms for a in all_of]
        lines.append(
            f"  {kind}: {n} of the slowest, {len(all_of)} in all — cpu median "
            f"{statistics.median(cpu):.2f} ms, max {max(cpu):.2f} ms; wall max "
            f"{max(a.wall_ms for a in all_of):.2f} ms"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--shoes", type=int, default=2)
    p.add_argument("--boxes", type=int, default=7)
    p.add_argument("--scale", type=int, default=1)
    p.add_argument("--slowest", type=int, default=8, help="kinds of slow action to print")
    args = p.parse_args(argv)
    if args.scale != 1:
        os.environ["QT_SCALE_FACTOR"] = str(args.scale)
    for animate in (True, False):
        actions, rounds = deal_shoes(args.shoes, args.boxes, animate)
        print(
            f"deal mode, {args.boxes} boxes, scale {args.scale}, animation "
            f"{'on' if animate else 'off'}: {len(actions)} actions over {rounds} rounds "
            f"(goal p99 <= 16 ms)\n"
            f"  action -> painted, wall: {_figures([a.wall_ms for a in actions])}\n"
            f"  action -> painted, cpu:  {_figures([a.cpu_ms for a in actions])}"
        )
        print("\n".join(slowest_kinds(actions, args.slowest)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
