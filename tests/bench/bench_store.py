"""Benchmark of the history store: bytes per attempt on disk and the time of the statistics.

    python -m tests.bench.bench_store [--attempts 1000000] [--runs 5] [--keep PATH]

Fills a fresh store with realistic attempts (several profiles, one of them heavy; 15 skills;
items that do or do not fix their question; questions from a few cards to a small table;
practice, challenge and sprint sessions over a year), then prints the file size per attempt,
the space per table, the open time (which includes SQLite's quick check) and the median time
of each statistics call for the heaviest profile. The goals: ≤ 120 bytes per attempt and
≤ 300 ms of statistics over 1,000,000 attempts.

The fill records through `Store.record()`, one session per `batch()` (committing every attempt
would take the fill from minutes to an hour); the same layout results. Commit latency of single
records is timed separately at the end.

    python -m tests.bench.bench_store --volume-only [--volume-kib 1024]

How many answers a small volume holds, each committed on its own as a drill does (realistic
questions, practice sessions of 100): on a real tmpfs of that size where it can be mounted
(root on Linux), else by the peak space the file, its log and the log's index take as they
grow. Printed for the store as it is and, for comparison, with the log folded back only at the
end of a session (as before: SQLite's own ~40 MB threshold).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from trainer.history import stats
from trainer.history.store import WAL_PAGES, Store

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(v): v for v in range(2, 11)}
BETS = [5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 500]

Question = tuple[str, dict[str, Any], str]  # item, question, expected answer


class Clock:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def _total(cards: list[str]) -> str:
    hard = sum(VALUES[c] for c in cards)
    if "A" in cards and hard + 10 <= 21:
        return f"soft {hard + 10}"
    return "bust" if hard > 21 else str(hard)


def _cards(rng: random.Random, n: int) -> list[str]:
    return [rng.choice(RANKS) for _ in range(n)]


def _money(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def hand_total(rng: random.Random) -> Question:
    cards = _cards(rng, rng.randint(2, 5))
    total = _total(cards)
    return total, {"cards": cards}, total


def dealer_total(rng: random.Random) -> Question:
    cards = _cards(rng, rng.randint(2, 4))
    total = _total(cards)
    return f"{cards[0]}-up {total}", {"dealer": cards}, total


def blackjack_payout(rng: random.Random) -> Question:
    bet = rng.choice(BETS)
    return str(bet), {"bet": str(bet), "result": "blackjack"}, _money(bet * 1.5)


def win_payout(rng: random.Random) -> Question:
    bet = rng.randint(1, 100) * 5
    return f"{bet // 50 * 50}+", {"bet": str(bet), "result": "win"}, str(bet)


def insurance(rng: random.Random) -> Question:
    bet = rng.choice(BETS)
    return str(bet), {"bet": str(bet), "insurance": True}, _money(bet / 2)


def split_payout(rng: random.Random) -> Question:
    bets = [str(rng.choice(BETS))] * 2
    results = [rng.choice(["win", "lose", "push", "blackjack"]) for _ in range(2)]
    return "-".join(results), {"bets": bets, "results": results}, str(rng.randint(0, 1000))


def settle_table(rng: random.Random) -> Question:
    boxes = []
    for box in sorted(rng.sample(range(1, 8), rng.randint(1, 4))):
        boxes.append({"box": box, "bet": str(rng.choice(BETS)), "cards": _cards(rng, 2)})
    table = {"dealer": _cards(rng, rng.randint(2, 3)), "boxes": boxes}
    return f"table-{len(boxes)}", table, str(rng.randint(0, 2000))


def running_count(rng: random.Random) -> Question:
    cards = _cards(rng, 6)
    count = sum(1 if VALUES[c] <= 6 and c != "A" else -1 if VALUES[c] >= 10 else 0 for c in cards)
    return f"count {count:+d}", {"cards": cards}, str(count)


def chip_cut(rng: random.Random) -> Question:
    amount = rng.randint(1, 400) * 2.5
    return f"{int(amount) // 100 * 100}+", {"amount": _money(amount)}, _money(amount)


def announce(rng: random.Random) -> Question:
    cards = _cards(rng, 2)
    return _total(cards), {"cards": cards, "dealer": rng.choice(RANKS)}, _total(cards)


def procedure(rng: random.Random) -> Question:
    step = rng.choice(["insurance", "even-money", "peek", "burn", "shuffle", "cut", "no-more"])
    return step, {"step": step, "dealer": "A"}, step  # the item fixes the question


def dealer_action(rng: random.Random) -> Question:
    cards = _cards(rng, 2)
    total = _total(cards)
    action = "stand" if total.endswith(("17", "18", "19", "20", "21")) else "hit"
    return total, {"cards": cards}, action


def pair_split(rng: random.Random) -> Question:
    rank = rng.choice(RANKS)
    return f"{rank}-{rank}", {"cards": [rank, rank]}, "split"  # the item fixes the question


def colour_up(rng: random.Random) -> Question:
    chips = {"5": rng.randint(0, 12), "25": rng.randint(0, 8), "100": rng.randint(0, 4)}
    total = 5 * chips["5"] + 25 * chips["25"] + 100 * chips["100"]
    return f"{total // 100 * 100}+", {"chips": chips}, str(total)


def push(rng: random.Random) -> Question:
    player, dealer = _cards(rng, 2), _cards(rng, 2)
    same = _total(player) == _total(dealer)
    return "push" if same else "no-push", {"player": player, "dealer": dealer}, str(same)


SKILLS: dict[str, tuple[Callable[[random.Random], Question], float]] = {
    # name: (question maker, median seconds of a beginner)
    "hand-total": (hand_total, 2.2),
    "dealer-total": (dealer_total, 2.0),
    "blackjack-payout": (blackjack_payout, 3.0),
    "win-payout": (win_payout, 1.5),
    "insurance": (insurance, 2.5),
    "split-payout": (split_payout, 4.0),
    "settle-table": (settle_table, 9.0),
    "running-count": (running_count, 3.5),
    "chip-cut": (chip_cut, 5.0),
    "announce": (announce, 1.8),
    "procedure": (procedure, 2.0),
    "dealer-action": (dealer_action, 1.2),
    "pair-split": (pair_split, 1.0),
    "colour-up": (colour_up, 6.0),
    "push": (push, 1.6),
}
PROFILES = {"Anna": 0.40, "Bruno": 0.20, "Chloé": 0.15, "Dario": 0.10, "Emma": 0.10, "Farid": 0.05}


def fill(store: Store, clock: Clock, attempts: int, rng: random.Random) -> int:
    names, weights = list(PROFILES), list(PROFILES.values())
    skills = list(SKILLS)
    start, year = clock.now, 365 * 86400
    done = sessions = 0
    while done < attempts:
        profile = rng.choices(names, weights)[0]
        progress = done / attempts  # trainees get faster and surer over the year
        clock.now = start + progress * year + rng.uniform(0, 3600)
        mode = rng.choices(["practice", "challenge", "sprint"], [0.6, 0.25, 0.15])[0]
        chosen = rng.sample(skills, 1 if mode != "practice" else rng.choice([1, 1, 2, 3]))
        if mode == "practice":
            length = rng.randint(30, 150)
        elif mode == "sprint":
            length = rng.choice([10, 20, 50])
        else:
            length = 0  # a challenge runs for 60 seconds
        session = store.start_session(profile, mode, chosen, f"{mode}-default", rng.getrandbits(31))
        n, began = 0, clock.now
        with store.batch():
            while True:
                skill = rng.choice(chosen)
                make, beginner = SKILLS[skill]
                item, question, expected = make(rng)
                median_s = beginner * (1.0 - 0.55 * progress)
                ms = int(rng.lognormvariate(math.log(median_s * 1000), 0.4))
                if rng.random() < 0.01:
                    ms += rng.randint(5_000, 60_000)  # looked away
                correct = rng.random() < 0.80 + 0.17 * progress
                answer = expected if correct else rng.choice(["0", "12", "soft 17", "hit", "25"])
                store.record(session, skill, item, question, answer, expected, correct, ms)
                clock.now += ms / 1000 + 0.8
                n += 1
                if mode == "challenge" and clock.now - began > 60:
                    break
                if (mode != "challenge" and n >= length) or done + n >= attempts:
                    break
        if mode != "challenge" or rng.random() < 0.97:
            store.end_session(session)
        done += n
        sessions += 1
    return sessions


def _record_until_full(path: Path, limit: int | None, old_log: bool, rng: random.Random) -> int:
    """Answers recorded one by one until the store must keep one in memory (a real full volume)
    or, with `limit`, until the file, log and index together would pass `limit` bytes."""
    clock = Clock(time.time())
    with Store.open(path, clock=clock) as store:
        if old_log:
            store._conn.execute("PRAGMA wal_autocheckpoint = 10000")
            store._conn.execute("PRAGMA journal_size_limit = -1")
        skills = list(SKILLS)
        n = 0
        while True:
            session = store.start_session("Anna", "practice", skills[:3], "bench")
            for _ in range(100):
                skill = rng.choice(skills[:3])
                item, question, expected = SKILLS[skill][0](rng)
                clock.now += 2
                saved = store.record(session, skill, item, question, expected, expected, True, 1800)
                if saved is None:
                    return n
                if not old_log:
                    store.tidy()  # as the drills do, while the next question is read
                if limit is not None:
                    used = sum(
                        os.path.getsize(f"{path}{suffix}")
                        for suffix in ("", "-wal", "-shm")
                        if os.path.exists(f"{path}{suffix}")
                    )
                    if used > limit:
                        return n
                n += 1
                if n >= 200_000:
                    return n
            store.end_session(session)


def volume_figures(kib: int) -> None:
    import subprocess

    with tempfile.TemporaryDirectory() as scratch:
        for label, old_log in (("now", False), ("folded at session ends only", True)):
            where = Path(scratch) / f"volume-{int(old_log)}"
            where.mkdir()
            mounted = os.geteuid() == 0 and (
                subprocess.run(
                    ["mount", "-t", "tmpfs", "-o", f"size={kib}k", "sabot-bench", str(where)],
                    capture_output=True,
                ).returncode
                == 0
            )
            try:
                rng = random.Random(7)
                limit = None if mounted else kib * 1024
                n = _record_until_full(where / "history.sqlite3", limit, old_log, rng)
            finally:
                if mounted:
                    subprocess.run(["umount", "-l", str(where)], capture_output=True)
            how = f"a {kib} KiB tmpfs" if mounted else f"{kib} KiB of file + log + index"
            print(f"answers that fit in {how}, {label}: {n:,}")


def timed(call: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median and fastest of `runs` calls, in ms."""
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        call()
        samples.append((time.perf_counter() - began) * 1000)
    return statistics.median(samples), min(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="write the store here and keep it")
    parser.add_argument("--reuse", type=Path, help="time a store made before with --keep")
    parser.add_argument("--volume-only", action="store_true", help="only the small-volume figure")
    parser.add_argument("--volume-kib", type=int, default=1024)
    options = parser.parse_args()
    if options.volume_only:
        volume_figures(options.volume_kib)
        return

    with tempfile.TemporaryDirectory() as scratch:
        clock = Clock(time.time() - 366 * 86400)
        rng = random.Random(20261130)
        if options.reuse:
            path = options.reuse
            with Store.open(path) as store:
                attempts = store._conn.execute("SELECT count(*) FROM attempt").fetchone()[0]
                sessions = store._conn.execute("SELECT count(*) FROM session").fetchone()[0]
            print(f"attempts          {attempts:>12,}   sessions {sessions:,}   (reused {path})")
        else:
            path = options.keep or Path(scratch) / "history.sqlite3"
            if path.exists():
                raise SystemExit(f"{path} exists; give a new path")
            attempts = options.attempts
            began = time.perf_counter()
            with Store.open(path, clock=clock) as store:
                sessions = fill(store, clock, attempts, rng)
            filled = time.perf_counter() - began
            print(f"attempts          {attempts:>12,}   sessions {sessions:,}")
            per = filled / attempts * 1e6
            print(f"fill              {filled:>12.1f} s   ({per:.0f} µs/attempt)")
        size = path.stat().st_size
        print(f"file              {size:>12,} bytes")
        print(f"bytes per attempt {size / attempts:>12.1f}")

        with Store.open(path) as store:
            rows = store._conn.execute(
                "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
            ).fetchall()
            for name, bytes_ in rows:
                print(f"  {name:<30} {bytes_:>12,}  {bytes_ / attempts:6.1f} B/attempt")
            counts = {
                table: store._conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("hist", "tally", "item_tally", "item", "session_skill")
            }
            print("  rows:", ", ".join(f"{table} {n:,}" for table, n in counts.items()))

        print(f"load average {os.getloadavg()[0]:.2f} (the figures below are CPU-bound)")
        opened = timed(lambda: Store.open(path).close(), options.runs)
        print(f"open + quick_check {opened[0]:>10.1f} ms   (fastest {opened[1]:.1f})")

        targets = {skill: beginner * 0.5 for skill, (_, beginner) in SKILLS.items()}
        heaviest = max(PROFILES, key=PROFILES.__getitem__)
        with Store.open(path) as owner:
            reader = owner.reader()
            share = sum(s.attempts for s in owner.sessions(heaviest))
            last_session = owner.sessions(heaviest)[-1].id
            print(f"statistics of {heaviest} ({share:,} attempts), median of {options.runs} runs:")
            calls: dict[str, Callable[[], object]] = {
                "skill_stats": lambda: stats.skill_stats(reader, heaviest, targets),
                "daily_stats": lambda: stats.daily_stats(reader, heaviest),
                "personal_bests": lambda: stats.personal_bests(reader, heaviest),
                "weakest_items": lambda: stats.weakest_items(reader, heaviest),
                "session_stats": lambda: stats.session_stats(reader, last_session),
            }
            for name, call in calls.items():
                middle, fastest = timed(call, options.runs)
                print(f"  {name:<16} {middle:8.1f} ms   (fastest {fastest:.1f})")
            middle, fastest = timed(lambda: [call() for call in calls.values()], options.runs)
            print(f"  {'all five':<16} {middle:8.1f} ms   (fastest {fastest:.1f})")
            middle, fastest = timed(lambda: reader.sessions(heaviest), options.runs)
            print(f"the list of {heaviest}'s sessions: {middle:.1f} ms   (fastest {fastest:.1f})")
            reader.close()

            clock.now = time.time()
            owner._clock = clock
            session = owner.start_session(heaviest, "practice", ["hand-total"], "bench")
            latencies, tidied = [], []
            for _ in range(500):
                item, question, expected = hand_total(rng)
                began = time.perf_counter()
                owner.record(session, "hand-total", item, question, expected, expected, True, 1500)
                latencies.append((time.perf_counter() - began) * 1000)
                began = time.perf_counter()
                owner.tidy()  # as the drills do, while the trainee reads the next question
                tidied.append((time.perf_counter() - began) * 1000)
            owner.end_session(session)
            for name, samples in (("record() committed", latencies), ("tidy()", tidied)):
                samples.sort()
                print(
                    f"{name}: median {statistics.median(samples):.3f} ms, "
                    f"p90 {samples[int(len(samples) * 0.9)]:.3f} ms, "
                    f"p99 {samples[int(len(samples) * 0.99)]:.3f} ms, max {samples[-1]:.3f} ms"
                )
            print(f"  (tidy() folds the log back into the file once past {WAL_PAGES} pages)")
    volume_figures(options.volume_kib)


if __name__ == "__main__":
    main()
