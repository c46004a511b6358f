"""GUI speed, measured through the real widgets (run on demand, prints figures):

1. answer -> next question painted, over 1,000 questions of every skill in sprint mode (a right
   answer goes straight on), with the history store recording each answer: median and p99 in ms
   (goal: p99 <= 8 ms);
2. start-up to an interactive window, against a bare PySide6 window started the same way
   (goal: <= 1.3x).

    python -m tests.bench.bench_gui [--questions 1000] [--runs 7]

Runs offscreen unless QT_QPA_PLATFORM is set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BARE = (
    "import time\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "from PySide6.QtCore import QTimer\n"
    "app = QApplication([])\n"
    "w = QMainWindow(); w.resize(1280, 800); w.show()\n"
    "def ready():\n"
    "    print(f'READY {time.time():.6f}', flush=True)\n"
    "    w.close()\n"
    "QTimer.singleShot(0, ready)\n"
    "app.exec()\n"
)


def answer_to_next(n: int) -> list[float]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from trainer.drill import Drill
    from trainer.rules import HouseRules
    from trainer.skills import SKILLS
    from trainer.store import Store
    from ui.drill_page import DrillPage

    app = QApplication.instance() or QApplication([])
    rules = HouseRules.from_spec("casino-fr")
    tmp = tempfile.mkdtemp(prefix="sabot-bench-")
    store = Store.open(__import__("pathlib").Path(tmp) / "history.sqlite3")
    page = DrillPage()
    page.resize(1280, 800)
    page.show()
    QTest.qWaitForWindowExposed(page)
    drill = Drill(
        list(SKILLS.values()),
        rules,
        mode="sprint",
        count=n + 1,
        seed=1,
        store=store,
        profile="bench",
    )
    shown: list[int] = []
    page.questionShown.connect(lambda _q: shown.append(time.perf_counter_ns()))
    page.start(drill)
    chips = [str(c) for c in sorted(rules.chips)]
    samples = []
    for _ in range(n):
        while not shown or page.question is None:
            app.processEvents()
        # the trainee reads the question for at least a moment: what the app does in that time
        # (dealing the next question ahead) is not answer-to-next latency
        app.processEvents()
        q = page.question
        before = len(shown)
        # type the right answer without the clock running on the typing itself
        if q.kind == "chips":
            page.tray.clear()
            for c in q.answer:
                QTest.keyClick(page.tray, str(chips.index(str(c)) + 1))
            target = page.tray
        elif q.kind == "choice":
            target = None
        else:
            page.line.setText(q.expected)
            target = page.line
        t0 = time.perf_counter_ns()
        if target is None:
            QTest.keyClick(page.choices, str(q.answer + 1))
        else:
            QTest.keyClick(target, Qt.Key.Key_Return)
        while len(shown) == before:
            app.processEvents()
        samples.append((shown[-1] - t0) / 1e6)
    page.end()
    store.close()
    return samples


def startup(runs: int) -> tuple[list[float], list[float]]:
    env = dict(
        os.environ,
        SABOT_QUIT_WHEN_READY="1",
        SABOT_DATA_DIR=tempfile.mkdtemp(prefix="sabot-bench-"),
        # An installed app starts from compiled bytecode (pip and PyInstaller ship the .pyc).
        # With PYTHONDONTWRITEBYTECODE set and no __pycache__ beside the sources, every run
        # would compile sabot's own modules afresh, a cost no user pays and the bare window (all
        # in site-packages, already compiled) never has. The warm-up run below writes the
        # bytecode of both to a private cache, outside the source tree.
        PYTHONPYCACHEPREFIX=tempfile.mkdtemp(prefix="sabot-bench-pyc-"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    sabot_cmd = [sys.executable, "-m", "trainer.cli"]
    bare_cmd = [sys.executable, "-c", BARE]
    sabot, bare = [], []
    for cmd in (sabot_cmd, bare_cmd):  # warm the file and bytecode caches once each
        subprocess.run(cmd, env=env, check=True, capture_output=True)
    for _ in range(runs):
        for cmd, out in ((sabot_cmd, sabot), (bare_cmd, bare)):
            # from the moment the process is started to the moment its shown window is idle
            # (it prints the wall time then); what it does after, on the way out, is not start-up
            t0 = time.time()
            done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
            ready = next(
                float(line.split()[1])
                for line in done.stdout.splitlines()
                if line.startswith("READY ")
            )
            out.append(ready - t0)
    return sabot, bare


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    s = sorted(answer_to_next(args.questions))
    p99 = s[min(len(s) - 1, int(len(s) * 0.99))]
    print(f"answer -> next question painted, {len(s)} questions of every skill, store recording:")
    print(
        f"  median {statistics.median(s):.2f} ms   p99 {p99:.2f} ms   max {s[-1]:.2f} ms"
        f"   (goal p99 <= 8 ms)"
    )
    sabot, bare = startup(args.runs)
    ms, mb = statistics.median(sabot), statistics.median(bare)
    print(
        f"start-up to an interactive window, median of {args.runs} runs "
        f"({os.environ.get('QT_QPA_PLATFORM')}):"
    )
    print(
        f"  sabot {ms * 1000:.0f} ms   bare PySide6 window {mb * 1000:.0f} ms   "
        f"ratio {ms / mb:.2f}x   (goal <= 1.3x)"
    )


if __name__ == "__main__":
    main()
