"""Benchmark of the review schedule (`trainer.history.review`): the time to compute the due list
over a long history, and the due counts a month of practice leaves.

    python -m tests.bench.bench_review [--attempts 1000000] [--runs 5] [--keep PATH]
    python -m tests.bench.bench_review --month [--per-day 120] [--seed 1]
    python -m tests.bench.bench_review --remake [--situations 2000] [--per-skill 6000]

The first fills a fresh history with one trainee's attempts (the heavy case: all of them hers)
over a year, with Sabot's own skills and question shapes (hands of cards, bets at a box, chips
to pay, tables), about 12 % wrong early and 3 % late, then prints:

- cold: the schedule rebuilt from every attempt, no cache (what a first start after an update,
  or a cache found wrong, costs; done on home's worker thread);
- warm: the due list with the cache beside the history and no new answer (the goal: ≤ 200 ms);
- warm + 100: the same after 100 new answers, read on top of the cache as R on home does (on
  the GUI thread, nothing written), and as home's own worker does (the cache rewritten).

`--month` runs real drills for 30 days of a trainee (the curriculum's first skills, `--per-day`
answers a day, a review of what is due each morning) and prints the due counts each week and at
the end.

`--remake` makes `--per-skill` questions of each skill that has a situation (`SITUATION_FIELDS`),
takes the `--situations` rarest situations among them (those seen least often first: a hand of
six cards, A-2-2-A among the soft 16s, a bet of 475), remakes each for a review as a review
session does (`trainer.practice.review.remake`) and prints the share remade on the very situation
(the same ranks in order, split and stood; the same stake at the same box), per skill and in all,
and the time per remake (median, p99, max).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from trainer.history.review import build, cache_path
from trainer.history.store import Store

DAY = 86400
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
BETS = ["5", "10", "15", "20", "25", "30", "40", "50", "75", "100", "150", "200", "250", "500"]


class Clock:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def _cards(rng: random.Random, n: int) -> list[str]:
    return [rng.choice(RANKS) + rng.choice("SHDC") for _ in range(n)]


def _announce(rng: random.Random) -> tuple[str, dict[str, Any]]:
    cards = _cards(rng, rng.choice([2, 2, 2, 3, 3, 4]))
    return f"announce:hard-{rng.randint(4, 20)}", {
        "cards": cards, "box": rng.randint(1, 7), "split": False, "stood": rng.random() < 0.1
    }  # fmt: skip


def _on_a_bet(skill: str) -> Callable[[random.Random], tuple[str, dict[str, Any]]]:
    def make(rng: random.Random) -> tuple[str, dict[str, Any]]:
        bet = rng.choice(BETS)
        return f"{skill}:{bet}", {"bet": bet, "box": rng.randint(1, 7), "cards": _cards(rng, 2)}

    return make


def _chips(rng: random.Random) -> tuple[str, dict[str, Any]]:
    bet = rng.choice(BETS)
    why = rng.choice(["win", "double", "blackjack"])
    return f"chips:{bet}", {"amount": bet, "why": why, "bet": bet, "box": rng.randint(1, 7)}


def _table(skill: str, keys: list[str]) -> Callable[[random.Random], tuple[str, dict[str, Any]]]:
    def make(rng: random.Random) -> tuple[str, dict[str, Any]]:
        hands = [_cards(rng, rng.randint(2, 4)) for _ in range(rng.randint(1, 7))]
        return f"{skill}:{rng.choice(keys)}", {"cards": hands, "dealer": _cards(rng, 3)}

    return make


MAKERS: dict[str, tuple[Callable[[random.Random], tuple[str, dict[str, Any]]], float]] = {
    "announce": (_announce, 2.0),
    "pay-even": (_on_a_bet("pay-even"), 2.0),
    "pay-blackjack": (_on_a_bet("pay-blackjack"), 3.0),
    "pay-double": (_on_a_bet("pay-double"), 3.0),
    "chips": (_chips, 5.0),
    "outcome": (_table("outcome", ["win", "lose", "push", "bust-win"]), 4.0),
    "pay-table": (_table("pay-table", ["dealer-stands", "dealer-bust"]), 12.0),
    "procedure": (_table("procedure", ["insurance", "first-box", "reveal"]), 3.0),
}


def fill(
    store: Store, clock: Clock, attempts: int, rng: random.Random, profile: str, span: float
) -> None:
    """`attempts` answers of `profile` over `span` seconds from the clock's time, a practice
    session of 30 to 150 at a time."""
    start, year, done = clock.now, span, 0
    skills = list(MAKERS)
    while done < attempts:
        progress = done / attempts
        clock.now = start + progress * year + rng.uniform(0, 3600)
        chosen = rng.sample(skills, rng.choice([1, 2, 3]))
        sid = store.start_session(profile, "practice", chosen, "casino-fr", rng.getrandbits(31))
        n = min(rng.randint(30, 150), attempts - done)
        with store.batch():
            for _ in range(n):
                skill = rng.choice(chosen)
                make, target = MAKERS[skill]
                item, data = make(rng)
                ms = int(rng.lognormvariate(math.log(target * 800 * (1 - 0.4 * progress)), 0.4))
                correct = rng.random() < 0.88 + 0.09 * progress
                store.record(sid, skill, item, data, "x", "y", correct, ms)
                clock.now += ms / 1000 + 0.8
        store.end_session(sid)
        done += n


def _ms(call: Callable[[], object], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        call()
        out.append((time.perf_counter() - t) * 1000)
    return out


def long_history(attempts: int, runs: int, keep: Path | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="sabot-review-bench-")) if keep is None else keep
    path = folder / "history.sqlite3"
    clock = Clock(time.time() - 366 * DAY)
    rng = random.Random(28)
    with Store.open(path, clock=clock) as store:
        if not store.profiles():
            t = time.perf_counter()
            fill(store, clock, attempts, rng, "Anna", 365 * DAY)
            print(f"filled {attempts:,} attempts in {time.perf_counter() - t:.0f} s")
        now = time.time()
        cache_path(store).unlink(missing_ok=True)
        cold = _ms(lambda: build(store, "Anna", cached=False), 1)[0]
        schedule = build(store, "Anna")  # writes the cache
        counts = schedule.counts(now)
        print(
            f"{attempts:,} attempts: {len(schedule.items):,} items in the schedule, "
            f"{counts.today:,} due today, {counts.tomorrow:,} tomorrow "
            f"(cache {cache_path(store).stat().st_size / 1e6:.1f} MB)"
        )
        print(f"  cold, rebuilt from every attempt:   {cold:8.0f} ms")
        warm = _ms(lambda: build(store, "Anna").due(now), runs)
        print(
            f"  warm, the due list from the cache:  {statistics.median(warm):8.0f} ms median "
            f"(max {max(warm):.0f}; goal <= 200 ms)"
        )
        with store._snapshot() as conn:
            (latest,) = conn.execute("SELECT max(started) + 86400 FROM session").fetchone()
        clock.now = max(now, latest)
        more, kept = [], []
        for _ in range(runs):
            fill(store, clock, 100, rng, "Anna", 0)  # one session of 100, after all the others
            more += _ms(lambda: build(store, "Anna", keep=False).due(now), 1)
            kept += _ms(lambda: build(store, "Anna").due(now), 1)
        print(
            f"  warm + 100 new answers, the due list: {statistics.median(more):6.0f} ms median "
            "(R on home: read on top of the cache)"
        )
        print(
            f"  warm + 100, the cache rewritten:    {statistics.median(kept):8.0f} ms median "
            "(home's worker)"
        )
    if keep is None:
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()


def month(per_day: int, seed: int) -> None:
    """A month of a trainee's practice through real drills, a review each morning."""
    from trainer.game.rules import HouseRules
    from trainer.practice.drill import REVIEW, Drill
    from trainer.practice.skills import SKILLS

    rules = HouseRules.preset_named()
    rng = random.Random(seed)
    start = time.time() - 31 * DAY
    clock = Clock(start)
    names = ["announce", "pay-even", "pay-blackjack", "chips", "dealer", "procedure"]
    with tempfile.TemporaryDirectory() as folder:
        with Store.open(Path(folder) / "history.sqlite3", clock=clock) as store:
            for day in range(30):
                clock.now = start + day * DAY + 9 * 3600
                skill_rate = 0.75 + 0.2 * day / 30  # right more often as the month goes
                due = build(store, "Ana").due(clock.now)
                if due:
                    review = Drill(
                        [SKILLS[n] for n in dict.fromkeys(i.skill for i in due)],
                        rules,
                        mode=REVIEW,
                        store=store,
                        profile="Ana",
                        seed=day,
                        reviews=[(i.skill, i.item, i.question) for i in due],
                    )
                    _answer_all(review, rng, skill_rate + 0.05, clock)
                drill = Drill(
                    [SKILLS[n] for n in rng.sample(names, 3)],
                    rules,
                    count=per_day,
                    store=store,
                    profile="Ana",
                    seed=1000 + day,
                )
                _answer_all(drill, rng, skill_rate, clock)
                if day % 7 == 6 or day == 29:
                    c = build(store, "Ana").counts(clock.now + 3600)
                    print(
                        f"day {day + 1:2}: {len(due):3} reviewed this morning; now "
                        f"{c.today} due today, {c.tomorrow} tomorrow"
                    )
            end = start + 30 * DAY + 9 * 3600
            c = build(store, "Ana").counts(end)
            items = build(store, "Ana").items
            print(
                f"the morning after the month: Review: {c.today} due today, {c.tomorrow} "
                f"tomorrow ({len(items)} items in the schedule, "
                f"{sum(1 for i in items.values() if i.situation)} of them a concrete hand or stake)"
            )


def _answer_all(drill: Any, rng: random.Random, rate: float, clock: Clock) -> None:
    while (q := drill.next_question()) is not None:
        target = drill._by_name[q.skill].target
        ms = int(rng.lognormvariate(math.log(target * 800), 0.35))
        right = rng.random() < rate
        if q.kind == "choice":
            raw = chr(ord("a") + (q.answer + (0 if right else 1)) % len(q.choices))
        else:
            raw = q.expected if right else _wrong(drill, q)
        drill.answer(raw, ms)
        clock.now += ms / 1000 + 1
    drill.finish()


WRONG = ("0", "1", "2", "0 17", "1 bust", "16", "7 8", "1 2 3", "win", "1 dealer 2")


def _wrong(drill: Any, q: Any) -> str:
    """A readable wrong answer to `q` (its right one when none of WRONG is)."""
    skill = drill._by_name[q.skill]
    for raw in WRONG:
        if drill.why_unreadable(raw) is None and not skill.check(q, raw).correct:
            return raw
    return str(q.expected)


def rare_situations(
    count: int, per_skill: int, seed: int
) -> list[tuple[str, str, dict[str, Any], str]]:
    """The `count` rarest situations (skill, item, data, situation) among `per_skill` questions
    of each skill that has one, the least often seen first (by their share of their skill's)."""
    from trainer.game.rules import HouseRules
    from trainer.practice.review import SITUATION_FIELDS, situation
    from trainer.practice.skills import SKILLS
    from trainer.practice.skills.base import made

    rules = HouseRules.preset_named()
    rng = random.Random(seed)
    seen: dict[tuple[str, str], tuple[str, dict[str, Any], int]] = {}
    for name in SITUATION_FIELDS:
        for _ in range(per_skill):
            q = made(SKILLS[name], rng, rules)
            assert q is not None
            key = (name, situation(name, q.data))
            item, data, n = seen.get(key, (q.item, q.data, 0))
            seen[key] = (item, data, n + 1)
    ranked = list(seen.items())
    rng.shuffle(ranked)  # situations seen as often as one another in no skill's order
    ranked.sort(key=lambda kv: kv[1][2])
    return [(name, item, data, said) for (name, said), (item, data, _n) in ranked[:count]]


def remakes(count: int, per_skill: int, seed: int) -> None:
    """The share of review questions remade on the very situation missed, and their time."""
    from trainer.game.rules import HouseRules
    from trainer.practice.review import REVIEWED, remake, situation
    from trainer.practice.skills import SKILLS

    rules = HouseRules.preset_named()
    t = time.perf_counter()
    chosen = rare_situations(count, per_skill, seed)
    print(
        f"{len(chosen):,} rarest situations of {per_skill:,} questions a skill "
        f"(found in {time.perf_counter() - t:.0f} s)"
    )
    exact: dict[str, list[bool]] = {}
    times: list[float] = []
    for i, (name, item, data, said) in enumerate(chosen):
        rng = random.Random(f"{seed}:remake:{i}")
        t = time.perf_counter()
        q = remake(SKILLS[name], rng, rules, item, data)
        times.append((time.perf_counter() - t) * 1000)
        bare = {} if q is None else {k: v for k, v in q.data.items() if k != REVIEWED}
        exact.setdefault(name, []).append(q is not None and situation(name, bare) == said)
    for name, hits in exact.items():
        print(f"  {name:14} {sum(hits):5,} of {len(hits):5,} remade exactly "
              f"({100 * sum(hits) / len(hits):5.1f} %)")  # fmt: skip
    every = [h for hits in exact.values() for h in hits]
    share = 100 * sum(every) / len(every)
    print(f"  {'in all':14} {sum(every):5,} of {len(every):5,} remade exactly ({share:5.1f} %)")
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"  time per remake: median {statistics.median(times):.2f} ms, p99 {p99:.1f} ms, "
        f"max {times[-1]:.1f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--attempts", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keep", type=Path, help="keep (or reuse) the filled history in this folder")
    ap.add_argument("--month", action="store_true", help="the due counts of a month of practice")
    ap.add_argument("--per-day", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--remake", action="store_true", help="review questions remade exactly")
    ap.add_argument("--situations", type=int, default=2000)
    ap.add_argument("--per-skill", type=int, default=6000)
    args = ap.parse_args()
    if args.remake:
        remakes(args.situations, args.per_skill, args.seed)
    elif args.month:
        month(args.per_day, args.seed)
    else:
        long_history(args.attempts, args.runs, args.keep)


if __name__ == "__main__":
    main()
