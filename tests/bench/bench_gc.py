"""Garbage collection's pauses during a drill (run on demand, prints figures).

A drill of 200 answers through the real drill page (bench_gui's answer-to-next loop, every
skill, the history recording each answer), start-up's objects frozen as the app freezes them
and the drill page's once it is built (as the app's window does: ui.collector.keep_built),
with garbage collected:

- "gui": as the app collects it (ui/collector.py): on the GUI thread only, from a timer;
- "automatic": by Python's own collector, wherever the threshold is crossed;
- "before" (with `--before DIR`): DIR's own bench run there, its "gui" way: the code of another
  worktree (a detached one at the commit to compare with), measured in the same minute.

Each collection is timed on the monotonic clock and in the GUI thread's CPU time (gc.callbacks,
start to stop); printed per way: the number of collections by generation, the longest pause
(wall clock, and CPU: on this shared machine a long wall-clock pause with a short CPU time is
the process waiting for a core, not the collector working), the total, how many ran off the GUI
thread, and answer-to-next's median and p99. Each way runs in a process of its own, the ways in
turn `--runs` times (this shared machine's speed drifts).

    python -m tests.bench.bench_gc [--answers 200] [--runs 3] [--before DIR]

Runs offscreen unless QT_QPA_PLATFORM is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

WAYS = ("gui", "automatic")  # and "before", DIR's "gui"


def one_drill(way: str, answers: int) -> dict:
    import gc
    import threading
    import time

    gc.disable()  # start-up as the app's: no collection, then frozen
    from PySide6.QtWidgets import QApplication

    import ui.pages.drill  # noqa: F401
    from tests.bench.bench_gui import answer_to_next

    app = QApplication.instance() or QApplication([])
    gui = threading.get_ident()
    # (generation, ns on the monotonic clock, ns of the thread's CPU, on the GUI thread, young
    # objects it looked at)
    pauses: list[tuple[int, int, int, bool, int]] = []
    started: dict[int, tuple[int, int, int]] = {}

    def timed(phase: str, info: dict) -> None:
        me = threading.get_ident()
        if phase == "start":
            started[me] = (time.monotonic_ns(), time.thread_time_ns(), gc.get_count()[0])
        else:
            t0, c0, young = started.pop(me)
            pauses.append(
                (
                    info["generation"],
                    time.monotonic_ns() - t0,
                    time.thread_time_ns() - c0,
                    me == gui,
                    young,
                )
            )

    gc.freeze()
    from ui.collector import keep_built
    from ui.pages.drill import DrillPage

    build = DrillPage.__init__

    def built(page: DrillPage, *args, **kwargs) -> None:
        # the app's window freezes its drill page as soon as it has built it
        build(page, *args, **kwargs)
        keep_built()

    DrillPage.__init__ = built  # type: ignore[method-assign]
    collector = None
    if way == "gui":
        from ui.collector import GuiCollector

        collector = GuiCollector(app)
    else:
        gc.enable()
    gc.callbacks.append(timed)
    cpu0 = time.process_time()
    samples, _skills, _ahead, _size = answer_to_next(answers)
    cpu = time.process_time() - cpu0
    gc.callbacks.remove(timed)
    if collector is not None:
        collector.stop()
    return {"pauses": pauses, "samples": samples, "cpu": cpu}


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--before", type=str, help="a worktree of the code to compare with: its bench's gui way"
    )
    parser.add_argument("--one", choices=WAYS, help=argparse.SUPPRESS)  # a child process
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_drill(args.one, args.answers)))
        return
    ways = (*WAYS, "before") if args.before else WAYS
    results: dict[str, list[dict]] = {way: [] for way in ways}
    for _ in range(args.runs):
        for way in ways:
            out = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "tests.bench.bench_gc",
                    "--one",
                    "gui" if way == "before" else way,
                    "--answers",
                    str(args.answers),
                ],
                capture_output=True,
                text=True,
                check=True,
                cwd=args.before if way == "before" else None,
            ).stdout
            results[way].append(json.loads(out.splitlines()[-1]))
    print(
        f"garbage collection over a drill of {args.answers} answers, {args.runs} runs a way "
        f"({os.environ.get('QT_QPA_PLATFORM')}):"
    )
    for way in ways:
        runs = results[way]
        pauses = [p for r in runs for p in r["pauses"]]
        by_gen = [sum(1 for p in pauses if p[0] == gen) / len(runs) for gen in range(3)]
        longest_wall = max(pauses, key=lambda p: p[1], default=(0, 0, 0))
        longest = longest_wall[1] / 1e6
        longest_cpu = max((p[2] for p in pauses), default=0) / 1e6
        longest_each = [max((p[1] for p in r["pauses"]), default=0) / 1e6 for r in runs]
        total = statistics.mean(sum(p[1] for p in r["pauses"]) / 1e6 for r in runs)
        off = sum(1 for p in pauses if not p[3])
        young = max((p[4] for p in pauses), default=0)
        cpu_by_gen = "/".join(
            f"{max((p[2] for p in pauses if p[0] == gen), default=0) / 1e6:.2f}" for gen in range(3)
        )
        samples = sorted(s for r in runs for s in r["samples"])
        cpu = statistics.median(r["cpu"] for r in runs)
        print(
            f"  {way:9}: collections a drill gen0/1/2 {by_gen[0]:.0f}/{by_gen[1]:.0f}/"
            f"{by_gen[2]:.0f}; longest pause {longest:.2f} ms (its CPU "
            f"{longest_wall[2] / 1e6:.2f} ms; each run: "
            f"{', '.join(f'{x:.2f}' for x in longest_each)}); longest in CPU {longest_cpu:.2f} ms "
            f"(gen0/1/2 {cpu_by_gen} ms); "
            f"all pauses {total:.1f} ms a drill; at most {young} young objects a collection; "
            f"{off} off the GUI thread; answer-to-next median {statistics.median(samples):.2f} "
            f"ms, p99 {_p99(samples):.2f} ms; CPU {cpu:.2f} s"
        )


if __name__ == "__main__":
    main()
