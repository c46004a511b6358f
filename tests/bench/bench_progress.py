"""Benchmark of the progress view: time from constructing `ProgressWindow` to its data shown.

    python -m tests.bench.bench_progress [--attempts 1000000] [--runs 3] [--keep PATH]
    python -m tests.bench.bench_progress --export-only [--export-attempts 200000]

Fills a fresh store with a year of realistic practice (real skills, real questions and item
keys, several trainees getting faster and surer, practice, challenge, sprint and exam sessions,
some items harder than others), then prints, for the heaviest trainee: the time of the data
load alone (`trainer.history.progress_data.load_progress` on a reader), the time from
constructing the
window to the data shown (the `loaded` signal, then the events it posted), cold — the first
opening in a fresh process, once with pyqtgraph not yet imported and once after the start-up's
background import (`ui.main_window.preload_progress_view`, what the app does while home is on
screen) — and warm, the time to switch profile, and the times of the exports (PNG, PDF, CSV).
The goal: ≤ 300 ms from Ctrl+P to the chart drawn over 1,000,000 attempts, cold, after the
start-up's import.

Then `sabot export` over a history of its own (`--export-attempts`, 200,000 by default): the
CSV and the JSON written in this process (what the progress view's CSV export runs), and the
whole command as a user waits for it, start-up included. The goal: ≤ 2 s for the CSV of
200,000 attempts. `--export-only` measures the exports alone, without Qt.

The fill is fast because it writes a version-1 history (the plain record, no aggregates) with
bulk inserts, then lets `Store.open` migrate it: the version-2 migration computes every
aggregate from the attempts with the same definitions `record()` keeps them by, so the store
is the one a year of drills would have left. `fill_history` is also what the tests and the
screenshot script use for their histories.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import math
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from trainer.practice.drill import EXAM_PER_SKILL
from trainer.practice.skills import SKILLS, Question

DAY = 86400
# name: (share of the attempts, ability: 0 never gets there, 1 masters everything by the end)
PROFILES: dict[str, tuple[float, float]] = {
    "Anna": (0.40, 1.0),
    "Bruno": (0.20, 0.75),
    "Chloé": (0.15, 0.55),
    "Dario": (0.10, 0.9),
    "Emma": (0.10, 0.4),
    "Farid": (0.05, 0.2),
}


@functools.cache
def question_pool(per_skill: int = 60, seed: int = 7) -> dict[str, list[tuple[Question, str]]]:
    """Real questions of every skill under the default house rules, with their stored form."""
    from trainer.game.rules import HouseRules
    from trainer.history.questions import encode_question

    rules = HouseRules.from_spec("casino-fr")
    rng = random.Random(seed)
    pool: dict[str, list[tuple[Question, str]]] = {}
    for name, skill in SKILLS.items():
        if skill.available(rules) is not None:
            continue
        questions = [skill.make(rng, rules) for _ in range(per_skill)]
        pool[name] = [(q, encode_question(q.data)) for q in questions]
    return pool


def _difficulty(item: str) -> float:
    """A fixed difficulty in [0, 1) per item: some soft totals and odd bets are harder."""
    return (zlib.crc32(item.encode()) % 1000) / 1000


def fill_history(
    path: Path,
    attempts: int,
    *,
    now: float | None = None,
    days: float = 365,
    profiles: Mapping[str, tuple[float, float]] = PROFILES,
    seed: int = 20261130,
    exam_share: float = 0.03,
) -> int:
    """Write `attempts` attempts over the last `days` days into a new history at `path`.

    Returns the number of sessions. The file is then opened (and migrated) with Store.open.
    """
    from trainer.history.migrations import _v1_tables
    from trainer.history.store import Store

    if path.exists():
        raise FileExistsError(path)
    now = time.time() if now is None else now
    rng = random.Random(seed)
    pool = question_pool()
    skills = list(pool)
    start = now - days * DAY
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    _v1_tables(conn)
    conn.execute("PRAGMA user_version = 1")
    names, weights = list(profiles), [share for share, _ in profiles.values()]
    for pid, name in enumerate(names, 1):
        conn.execute("INSERT INTO profile VALUES (?, ?, ?)", (pid, name, int(start)))
    skill_ids = {name: sid for sid, name in enumerate(skills, 1)}
    conn.executemany("INSERT INTO skill VALUES (?, ?)", [(i, n) for n, i in skill_ids.items()])
    items: dict[str, tuple[int, str]] = {}  # key -> (id, canonical stored question)
    item_rows = []
    rows: list[tuple[object, ...]] = []
    sessions: list[tuple[object, ...]] = []
    done = session_id = attempt_id = 0
    clock = start
    while done < attempts:
        progress = done / attempts
        profile = rng.choices(range(len(names)), weights)[0]
        ability = profiles[names[profile]][1]
        # Sessions spread over the span, in the evening or not, a few minutes apart at least.
        clock = max(clock + 120, start + progress * (now - start - 3600) + rng.uniform(0, 1800))
        mode = rng.choices(
            ["practice", "challenge", "sprint", "exam"],
            [0.62 - exam_share, 0.2, 0.18, exam_share],
        )[0]
        if mode == "exam":
            chosen = list(skills)
            plan = [s for s in chosen for _ in range(EXAM_PER_SKILL)]
            rng.shuffle(plan)
        else:
            chosen = rng.sample(skills, 1 if mode != "practice" else rng.choice([1, 1, 1, 2, 3]))
            length = {"practice": rng.randint(20, 120), "sprint": rng.choice([10, 20, 50])}
            plan = [rng.choice(chosen) for _ in range(length.get(mode, 400))]
        session_id += 1
        began, at = int(clock), 0.0
        # Getting better: error rate and time shrink with practice, as far as ability allows.
        level = min(1.0, progress * (0.6 + 0.6 * ability)) * ability
        n = 0
        for skill in plan:
            question, stored = rng.choice(pool[skill])
            target = SKILLS[skill].target
            hard = _difficulty(question.item)
            slow = (1.9 - 1.15 * level) * (0.85 + 0.45 * hard)
            ms = int(rng.lognormvariate(math.log(target * 1000 * slow), 0.3))
            if rng.random() < 0.005:
                ms += rng.randint(5_000, 30_000)  # looked away
            wrong = (0.22 - 0.215 * level) * (0.4 + 2.2 * hard * hard)
            correct = rng.random() >= wrong
            answer = question.expected
            if not correct:
                other = rng.choice(pool[skill])[0].expected
                answer = other if other != question.expected else "bust"
            known = items.get(question.item)
            if known is None:
                known = items[question.item] = (len(items) + 1, stored)
                item_rows.append((known[0], skill_ids[skill], question.item, stored))
            attempt_id += 1
            rows.append(
                (
                    attempt_id,
                    session_id,
                    known[0],
                    int(at),
                    ms,
                    int(correct),
                    answer,
                    question.expected,
                    None if stored == known[1] else stored,
                )
            )
            at += ms / 1000 + 0.7
            n += 1
            if mode == "challenge" and at > 60:
                break
            if done + n >= attempts:
                break
        # A few sessions never ended: the program died, or the trainee is still at it.
        ended = None if rng.random() < 0.02 else began + int(at) + 1
        sessions.append(
            (session_id, profile + 1, mode, json.dumps(chosen), "casino-fr", None, began, ended)
        )
        clock = began + at
        done += n
        if len(rows) >= 50_000:
            conn.executemany("INSERT INTO attempt VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            rows.clear()
    conn.executemany("INSERT INTO item VALUES (?, ?, ?, ?)", item_rows)
    conn.executemany("INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?, ?)", sessions)
    conn.executemany("INSERT INTO attempt VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.execute("COMMIT")
    conn.close()
    Store.open(path).close()  # migrates: every aggregate from the attempts
    return session_id


def _reference_ms() -> float:
    """A fixed piece of pure Python, to read the other figures against this machine's speed."""
    began = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        total += i % 7
    return (time.perf_counter() - began) * 1000


def _drain(app: object, until: float = 0.0) -> None:
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.processEvents()
    while time.perf_counter() < until:
        QCoreApplication.processEvents()


def _show_window(store: Any, settings: Any, built: Any = None) -> tuple[float, float, float, Any]:
    """Milliseconds from constructing the window (or showing the one `built` ahead) to its
    first figures painted, to the chart drawn too (later only on a first opening, which
    imports pyqtgraph), and to the whole history in (the sessions list); and the window."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    from ui.progress.window import ProgressWindow

    marks: dict[str, float] = {}
    began = time.perf_counter()
    window = built or ProgressWindow(store, settings)

    def charted() -> bool:
        return window.timeline is not None and window.timeline.progress is not None

    def shown() -> None:
        window.repaint()  # paint now, synchronously: the figures are on screen after this
        marks["shown"] = time.perf_counter()
        if charted():
            marks["chart"] = marks["shown"]
            marks["chart_cpu"] = time.process_time()

    window.figuresShown.connect(shown)
    window.resize(1200, 800)
    window.show()
    loop = QEventLoop()
    window.loaded.connect(loop.quit)
    if not window.is_loaded:
        loop.exec()
    window.repaint()
    done = time.perf_counter()
    while not charted():
        QCoreApplication.processEvents()
    if "chart" not in marks:
        window.repaint()
        marks["chart"] = time.perf_counter()
        marks["chart_cpu"] = time.process_time()
    window.chart_cpu = marks["chart_cpu"]  # for `_cold`: the processor time to the chart
    ms = [(marks[k] - began) * 1000 for k in ("shown", "chart")]
    return ms[0], ms[1], (done - began) * 1000, window


def _every_question_its_own(path: Path) -> int:
    """Give every attempt a question of its own, as real drills (whole tables dealt at random)
    mostly do: the stored question plus a key no skill reads, so each reads as the skill's words
    but none is like another. Returns the number of distinct questions."""
    from trainer.history.questions import decode_question, encode_question
    from trainer.history.said_forms import said_form

    conn = sqlite3.connect(path, isolation_level=None)
    rows = conn.execute(
        """SELECT a.id, k.name, coalesce(a.question, i.question) FROM attempt a
        JOIN item i ON i.id = a.item JOIN skill k ON k.id = i.skill"""
    ).fetchall()
    changed = []
    for id, skill, stored in rows:
        question = decode_question(stored)
        question["n"] = id
        changed.append((encode_question(question), said_form(skill, question), id))
    conn.execute("BEGIN")
    conn.executemany("UPDATE attempt SET question = ?, said = ? WHERE id = ?", changed)
    conn.execute("COMMIT")
    conn.close()
    return len(changed)


def bench_export(attempts: int, runs: int) -> None:
    """`sabot export` over a fresh history of `attempts` attempts, in this process and as a
    command; then over the same history with every question its own (the worst case: no
    question's words can be reused)."""
    import shutil

    from trainer.commands.export import write_file
    from trainer.history.store import Store

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "history.sqlite3"
        fill_history(path, attempts)
        distinct = Path(scratch) / "distinct"
        distinct.mkdir()
        shutil.copy(path, distinct / path.name)
        with sqlite3.connect(path) as conn:
            kinds, skills = conn.execute(
                """SELECT count(DISTINCT coalesce(a.question, i.question)), count(DISTINCT i.skill)
                FROM attempt a JOIN item i ON i.id = a.item"""
            ).fetchone()
        print(
            f"export history      {attempts:>12,} attempts, {path.stat().st_size:,} bytes, "
            f"{kinds:,} distinct questions, {skills} of the {len(SKILLS)} skills"
        )
        for folder, what in ((Path(scratch), "as filled"), (distinct, "all distinct")):
            if folder == distinct:
                _every_question_its_own(folder / path.name)
            with sqlite3.connect(folder / path.name) as conn:
                pages, free, size = (
                    conn.execute(f"PRAGMA {pragma}").fetchone()[0]
                    for pragma in ("page_count", "freelist_count", "page_size")
                )
            print(
                f"history {what:<12} {(pages - free) * size / attempts:>8.1f} bytes per attempt "
                "(the pages in use)"
            )
            out = Path(scratch) / "export"
            with Store.open(folder / path.name) as store:
                for fmt in ("csv", "json"):
                    times, cpu = [], []
                    for _ in range(runs):
                        t, c = time.perf_counter(), time.process_time()
                        n = write_file(str(out), store.export_rows(None), fmt)
                        times.append(time.perf_counter() - t)
                        cpu.append(time.process_time() - c)
                    print(
                        f"export {fmt.upper():<4} {what:<12} {statistics.median(times):>6.2f} s   "
                        f"(cpu {statistics.median(cpu):.2f} s, in this process, median of "
                        f"{runs}; {n:,} rows, {out.stat().st_size:,} bytes)"
                    )
            env = dict(os.environ, SABOT_DATA_DIR=str(folder))
            # as installed: the sources compiled once (pip compiles them as it installs), here
            # into a folder of the scratch space; and as a checkout run with bytecode never
            # written (PYTHONDONTWRITEBYTECODE): every module compiled at each start, ~0.05 s
            installed = dict(env, PYTHONPYCACHEPREFIX=str(Path(scratch) / "bytecode"))
            installed.pop("PYTHONDONTWRITEBYTECODE", None)
            compiled = dict(env, PYTHONDONTWRITEBYTECODE="1")
            command = [sys.executable, "-m", "trainer.cli", "export", str(out)]
            subprocess.run(command, env=installed, check=True, stderr=subprocess.DEVNULL)
            for how, environment in (("as installed", installed), ("no bytecode", compiled)):
                times, cpu = [], []
                for _ in range(runs):
                    t = time.perf_counter()
                    before = os.times()
                    subprocess.run(command, env=environment, check=True, stderr=subprocess.DEVNULL)
                    after = os.times()
                    times.append(time.perf_counter() - t)
                    cpu.append(
                        after.children_user
                        + after.children_system
                        - before.children_user
                        - before.children_system
                    )
                goal = (
                    "; goal ≤ 2 s for 200,000 attempts, all distinct: the realistic worst case, "
                    "as drills deal every question anew"
                    if how == "as installed"
                    else ", the sources compiled at its start"
                )
                print(
                    f"sabot export FILE   {statistics.median(times):>10.2f} s   (cpu "
                    f"{statistics.median(cpu):.2f} s; CSV, {what}, the whole command with its "
                    f"start-up, {how}, median of {runs}{goal})"
                )


COLD = {
    "none": "nothing imported",
    "imported": "after the start-up's background import",
    "app": "as the app does: imported, the window built and its figures read while home is idle",
}


def _Painted(widget: Any) -> Any:  # noqa: N802 - a class made on demand, after Qt is in
    """Watches `widget` until its first paint is done (`.done`)."""
    from PySide6.QtCore import QEvent, QObject

    class Watch(QObject):
        done = False

        def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                # seen before it is drawn; drawn before the processEvents() that delivered it
                # returns, which is when the caller reads `done`
                obj.removeEventFilter(self)
                self.done = True
            return False

    watch = Watch(widget)
    widget.installEventFilter(watch)
    return watch


def _cold(path: Path, how: str) -> None:
    """In this fresh process: the first opening of the view, `how` (a key of COLD). Prints the
    three figures of `_show_window`, and the process's CPU time to the chart, as JSON."""
    from PySide6.QtCore import QCoreApplication, QThreadPool
    from PySide6.QtWidgets import QApplication

    from trainer.history.store import Store
    from trainer.settings import Settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as scratch, Store.open(path) as store:
        os.environ["SABOT_DATA_DIR"] = scratch
        settings = Settings(Path(scratch) / "settings.json")
        settings.prefs.profile = max(PROFILES, key=lambda name: PROFILES[name][0])
        built = None
        if how != "none":
            from ui.main_window import preload_progress_view

            preload_progress_view()
            QThreadPool.globalInstance().waitForDone()  # the trainee spent a while on home
            QCoreApplication.processEvents()
        if how == "app":
            from PySide6.QtCore import QEventLoop

            from ui.progress.window import ProgressWindow

            built = ProgressWindow(store, settings)  # as MainWindow does, hidden: it reads
            built.resize(1200, 800)
            loop = QEventLoop()
            built.loaded.connect(loop.quit)
            if not built.is_loaded:
                loop.exec()
            _drain(app)
            painted = _Painted(built.timeline.plot.viewport())
            cpu = time.process_time()
            began = time.perf_counter()
            built.show()  # Ctrl+P: it looks whether the history moved (not here), and draws
            while not painted.done:
                QCoreApplication.processEvents()
            chart = (time.perf_counter() - began) * 1000
            cpu_ms = (time.process_time() - cpu) * 1000
            print(json.dumps([chart, chart, chart, cpu_ms]))
            built.close()
            built.deleteLater()
            _drain(app)
            return
        cpu = time.process_time()
        shown, chart, whole, window = _show_window(store, settings, built)
        cpu_ms = (window.chart_cpu - cpu) * 1000  # every thread's: the readers' too
        print(json.dumps([shown, chart, whole, cpu_ms]))
        window.close()
        window.deleteLater()
        _drain(app)


def _cold_runs(path: Path, how: str, runs: int) -> list[list[float]]:
    out = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-m", "tests.bench.bench_progress", "--keep", str(path)]
            + ["--cold", how],
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--keep", type=Path, help="write the store here and keep it (reused if it exists)"
    )
    parser.add_argument("--export-attempts", type=int, default=200_000)
    parser.add_argument(
        "--export-only", action="store_true", help="only the `sabot export` figures (no Qt)"
    )
    parser.add_argument("--cold", choices=COLD, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.export_only:
        print(
            f"machine             {_reference_ms():>10.1f} ms for a reference loop "
            "(~30 ms on a recent desktop)"
        )
        bench_export(options.export_attempts, options.runs)
        return
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if options.cold:
        _cold(options.keep, options.cold)
        return

    from trainer.history import progress_data
    from trainer.history.store import Store
    from trainer.practice.skills import TARGETS

    with tempfile.TemporaryDirectory() as scratch:
        os.environ["SABOT_DATA_DIR"] = scratch
        path = options.keep or Path(scratch) / "history.sqlite3"
        print(
            f"machine             {_reference_ms():>10.1f} ms for a reference loop "
            "(~30 ms on a recent desktop)"
        )
        if path.exists():
            print(f"reusing {path} ({path.stat().st_size:,} bytes)")
        else:
            began = time.perf_counter()
            sessions = fill_history(path, options.attempts)
            filled = time.perf_counter() - began
            print(f"attempts            {options.attempts:>12,}   sessions {sessions:,}")
            print(f"fill + migration    {filled:>12.1f} s   file {path.stat().st_size:,} bytes")

        from PySide6.QtWidgets import QApplication

        from trainer.settings import Settings

        app = QApplication.instance() or QApplication(sys.argv[:1])
        store = Store.open(path)
        heaviest = max(PROFILES, key=lambda name: PROFILES[name][0])
        rows = store.sessions(heaviest)
        share = sum(s.attempts for s in rows)
        total = store._conn.execute("SELECT count(*) FROM attempt").fetchone()[0]
        print(
            f"history             {total:,} attempts; heaviest profile {heaviest} with "
            f"{share:,} attempts in {len(rows):,} sessions"
        )

        firsts, rests = [], []
        for _ in range(options.runs):
            with store.reader() as reader:
                t = time.perf_counter()
                first = progress_data.load_progress(reader, heaviest, TARGETS, complete=False)
                firsts.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                progress = progress_data.load_history(reader, first)
                rests.append((time.perf_counter() - t) * 1000)
        print(
            f"load, first step  {statistics.median(firsts):>10.1f} ms   (median of "
            f"{options.runs}; {len(first.points):,} points of {first.focus}, "
            f"{len(first.items):,} items, {len(first.exams)} exams)"
        )
        print(
            f"load, second step {statistics.median(rests):>10.1f} ms   "
            f"({len(progress.sessions):,} sessions, {len(progress.points):,} points)"
        )
        parts = {
            "skill_stats": lambda r: progress_data.skill_stats(r, heaviest, TARGETS),
            "last_practised": lambda r: progress_data.last_practised(r, heaviest),
            "session_points": lambda r: progress_data.session_points(r, heaviest, first.focus),
            "read_exams": lambda r: progress_data.read_exams(r, heaviest, list(TARGETS)),
            "session_history": lambda r: progress_data.session_history(r, heaviest),
            "trends": lambda r: progress_data.trends(r, heaviest, time.time()),
            "item_cells": lambda r: progress_data.item_cells(r, heaviest, TARGETS),
            "daily_stats": lambda r: progress_data.daily_stats(r, heaviest),
        }
        with store.reader() as reader:
            for name, call in parts.items():
                t = time.perf_counter()
                call(reader)
                print(f"  {name:<17} {(time.perf_counter() - t) * 1000:>10.1f} ms")

        settings = Settings(Path(scratch) / "settings.json")
        settings.prefs.profile = heaviest
        store.close()  # the cold openings run in fresh processes, on the same file
        for how, label in COLD.items():
            runs = _cold_runs(path, how, options.runs)
            shown, chart, whole, cpu = (statistics.median(r[k] for r in runs) for k in range(4))
            print(
                f"cold to chart       {chart:>10.1f} ms   ({label}; figures at {shown:.1f} ms, "
                f"whole history in at {whole:.1f} ms; median of {options.runs} processes; "
                f"~{cpu:.0f} ms of processor time to the chart)"
            )
        store = Store.open(path)
        firsts, wholes = [], []
        for _ in range(options.runs):
            shown, _, whole, w = _show_window(store, settings)
            firsts.append(shown)
            wholes.append(whole)
            w.close()
            w.deleteLater()
            _drain(app)
        print(
            f"window to figures   {statistics.median(firsts):>10.1f} ms   (warm, chart "
            f"included, median of {options.runs}); whole history in at "
            f"{statistics.median(wholes):.1f} ms"
        )

        from PySide6.QtCore import QCoreApplication, QEventLoop

        *_, window = _show_window(store, settings)
        again, moved = [], []
        for run in range(options.runs):
            window.hide()
            _drain(app)
            if run % 2:
                # an answer given meanwhile: shown again, the view reads the history anew
                session = store.start_session(heaviest, "practice", ["announce"], "casino-fr")
                store.record(session, "announce", "announce:hard-9", {}, "9", "9", True, 900)
                store.end_session(session)
            painted = _Painted(window.timeline.plot.viewport())
            read: list[int] = []
            window.loaded.connect(functools.partial(read.append, 1))
            t = time.perf_counter()
            window.show()  # as the main window does on Ctrl+P
            while not painted.done or (run % 2 and not read):
                QCoreApplication.processEvents()  # drawn; and read again, when it moved
            if run % 2:
                window.repaint()
            (moved if run % 2 else again).append((time.perf_counter() - t) * 1000)
            window.loaded.disconnect()
        print(
            f"reopen to chart     {statistics.median(again):>10.1f} ms   (the window kept, as "
            f"the main window does, nothing new: drawn, not read); with a new answer, read "
            f"again and drawn in {statistics.median(moved or [0.0]):.1f} ms"
        )
        other = "Bruno"
        t = time.perf_counter()
        loop = QEventLoop()
        window.loaded.connect(loop.quit)
        window.set_profile(other)
        loop.exec()
        _drain(app)
        switched = (time.perf_counter() - t) * 1000
        print(f"switch to {other:<10} {switched:>9.1f} ms   (whole history in)")

        out = Path(scratch)
        t = time.perf_counter()
        window.export_chart_png(out / "timeline.png")
        print(f"export PNG          {(time.perf_counter() - t) * 1000:>10.1f} ms")
        t = time.perf_counter()
        window.export_pdf(out / "report.pdf")
        print(
            f"export PDF          {(time.perf_counter() - t) * 1000:>10.1f} ms   "
            f"{(out / 'report.pdf').stat().st_size:,} bytes"
        )
        t = time.perf_counter()
        loop = QEventLoop()
        window.exported.connect(lambda _path: loop.quit())
        window.export_csv(out / "history.csv")
        loop.exec()
        with (out / "history.csv").open(encoding="utf-8", newline="") as written:
            csv_rows = sum(1 for _ in csv.DictReader(written))
        print(
            f"export CSV          {(time.perf_counter() - t) * 1000:>10.1f} ms   "
            f"{csv_rows:,} rows of {other}"
        )
        window.close()
        window.deleteLater()
        _drain(app)
        store.close()
    bench_export(options.export_attempts, options.runs)


if __name__ == "__main__":
    main()
