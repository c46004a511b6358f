"""Benchmark of the round engine: rounds dealt and settled per second on one core.

    python -m tests.bench.bench_round [--seconds 2] [--runs 3] [--preset casino-fr] [--profile]
                                      [--behind 20000]

A realistic casino-fr table: 1, 3 and 7 occupied boxes (and a mixed table whose occupancy
changes every round), bets from 5 to 100 with a behind bettor on some boxes, simple
basic-strategy-like decisions (split Aces and 8s, double 10 and 11 against a weak dealer card,
stand on 17 or on 12-16 against 2-6, hit otherwise), insurance taken now and then on a dealer
Ace. One real 6-deck shoe, reshuffled at the red card, feeds every round, as at the table.
The player's share is kept small, so that the figures are the engine's: the rounds' bets are
drawn before the clock starts (4,096 plans, played in turn), and the strategy is looked up in a
table made from `basic_strategy` (checked against it at start), not worked out at each decision.

Prints rounds per second of CPU time for each mix (the best of `--runs` runs of `--seconds`
each) and the time of one round; the goal is ≥ 20,000 rounds/s. No assertion: speed is
measured, not tested.
`--profile` prints where the time of the 7-box table goes. `--behind N` times instead the replay
of a scenario of one box with N bettors on it (the seat and N - 1 behind bets, issue 10):
placing the bets must stay linear, well under a second for 20,000.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import json
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from decimal import Decimal

from trainer.game.cards import VALUE
from trainer.game.round import DOUBLE, HIT, SEAT, SPLIT, STAND, Round
from trainer.game.rules import HouseRules
from trainer.game.scenario import BoxPlan, Scenario, play, transcript
from trainer.game.shoe import Shoe

GOAL = 20_000
BETS = [Decimal(x) for x in (5, 10, 10, 15, 20, 25, 25, 50, 100)]
BEHIND = Decimal(5)


def decide(rnd: Round, legal: tuple[str, ...]) -> str:
    """A simple basic strategy: enough to make the engine split, double, hit and stand."""
    h = rnd.current
    assert h is not None
    return basic_strategy(h.low, h.ace, h.cards[0][0], rnd.dealer[0][0], legal)


def basic_strategy(low: int, ace: bool, first: str, up: str, legal: tuple[str, ...]) -> str:
    """The decision for a hand of hard total `low` (Aces as 1), an Ace in it or not, its first
    card's rank `first`, against the dealer's up card's rank `up`."""
    up_v = 11 if up == "A" else 10 if up in "TJQK" else int(up)
    if SPLIT in legal and first in "A8":
        return SPLIT
    soft = ace and low <= 11
    total = low + 10 if soft else low
    if DOUBLE in legal and not soft and total in (10, 11) and up_v < total:
        return DOUBLE
    if soft:
        return STAND if total >= 18 else HIT
    if total >= 17 or (total >= 12 and up_v <= 6):
        return STAND
    return HIT


# `basic_strategy` looked up rather than worked out at each decision, so that the player's own
# thinking costs little beside the engine's: STRATEGY[up][low][ace] is what the player does with
# a hand of hard total `low`, an Ace in it or not, against the up card `up`. Where he wants to
# hit or stand, which a hand with the turn always may, it is that action, and he asks the round
# nothing; where he would rather split or double, it is None, and ASKING[up][low][ace] is his
# decision by the actions `legal` the round offers (the round's own tuples, one of LEGAL_SETS):
# the first of the actions he wants, in order, that the hand may take — so he asks
# `legal_actions` only then, as a player asks the dealer only whether he may split or double.
# A hand that may split is a pair, and a pair of Aces or 8s is the only pair with a hard total
# of 2 with an Ace or 16 without.
# (`make_player` checks that the table decides as `basic_strategy` does.)
_ALL = (SPLIT, DOUBLE, HIT, STAND)

LEGAL_SETS = (
    (HIT, STAND),
    (HIT, STAND, SPLIT),
    (HIT, STAND, DOUBLE),
    (HIT, STAND, DOUBLE, SPLIT),
)

ByLegal = dict[tuple[str, ...], str]  # the action by the legal actions


def _wanted(low: int, ace: bool, up: str) -> str | ByLegal:
    first = ("A" if ace else "8") if (low, ace) in ((2, True), (16, False)) else "2"
    wanted = [
        a
        for a in _ALL
        if basic_strategy(low, ace, first, up, (HIT, STAND, *([a] if a in (SPLIT, DOUBLE) else ())))
        == a
    ]
    if wanted[0] in (HIT, STAND):
        return wanted[0]
    return {legal: next(a for a in wanted if a in legal) for legal in LEGAL_SETS}


_WANTED = {
    up: tuple((_wanted(low, False, up), _wanted(low, True, up)) for low in range(32))
    for up in "A23456789TJQK"
}
STRATEGY: dict[str, tuple[tuple[str | None, str | None], ...]] = {
    up: tuple(tuple(d if isinstance(d, str) else None for d in by_ace) for by_ace in by_low)
    for up, by_low in _WANTED.items()
}
ASKING: dict[str, tuple[tuple[ByLegal, ByLegal], ...]] = {
    up: tuple(tuple({} if isinstance(d, str) else d for d in by_ace) for by_ace in by_low)
    for up, by_low in _WANTED.items()
}


def _check_strategy() -> None:
    """The table decides as `basic_strategy` does, for every hand, up card and legal actions."""
    for up in STRATEGY:
        for first in "A23456789T":
            for second in "A23456789T":
                for more in range(0, 12):
                    low = VALUE[first] + VALUE[second] + more
                    ace = "A" in (first, second)
                    for legal in LEGAL_SETS:
                        if SPLIT in legal and (first != second or more):
                            continue
                        if len(legal) > 2 and more:
                            continue
                        if low > 21:
                            continue
                        want = basic_strategy(low, ace, first, up, legal)
                        got = STRATEGY[up][low][ace] or ASKING[up][low][ace][legal]
                        assert got == want, (first, second, more, up, legal, got, want)


PLANS = 4096  # rounds of bets drawn before the clock starts, played in turn


def make_player(
    rules: HouseRules, shoe: Shoe, boxes: Callable[[random.Random], list[int]], seed: int
) -> Callable[[], None]:
    """One round a call: the bets of a plan drawn beforehand (the boxes, the stakes, a behind
    bet now and then), insurance taken now and then, `STRATEGY`'s decisions."""
    _check_strategy()
    rng = random.Random(seed)
    behind = rules.behind_bets
    plans = []
    for _ in range(PLANS):
        plan = []
        for n in boxes(rng):
            plan.append((n, rng.choice(BETS), behind and rng.random() < 0.2))
        plans.append(tuple(plan))
    next_plan = itertools.cycle(plans).__next__
    burn = shoe.burn

    def one_round() -> None:
        rnd = Round(rules, shoe, on_burn=burn)
        bet = rnd.bet
        for n, stake, behind_too in next_plan():
            bet(n, SEAT, stake)
            if behind_too:
                bet(n, "behind", BEHIND)
        rnd.deal()
        if rnd.phase == "insurance":
            for n, bettors in rnd.insurable().items():
                for who, half in bettors.items():
                    if rng.random() < 0.15:
                        rnd.insure(n, half, who)
            rnd.close_insurance()
        up = rnd.dealer[0][0]
        wanted = STRATEGY[up]
        asking = ASKING[up]
        legal_actions = rnd.legal_actions
        act = rnd.act
        while (h := rnd.current) is not None:
            a = wanted[h.low][h.ace]
            if a is None:
                a = asking[h.low][h.ace][legal_actions()]
            act(a)
        rnd.balances()
        shoe.end_round()

    return one_round


def fixed(n: int) -> Callable[[random.Random], list[int]]:
    occupied = list(range(1, n + 1)) if n < 7 else list(range(1, 8))
    if n == 3:
        occupied = [2, 4, 6]
    return lambda rng: occupied


def mixed(rng: random.Random) -> list[int]:
    k = rng.choice((1, 1, 2, 3, 3, 4, 5, 7))
    return sorted(rng.sample(range(1, 8), k))


def measure(play: Callable[[], None], seconds: float) -> tuple[int, float]:
    for _ in range(200):  # warm up
        play()
    n = 0
    # the process's CPU time, not the wall clock: on a machine shared with other work the wall
    # clock counts the time the engine waited for a core, and that varies from run to run
    clock = time.process_time
    start = clock()
    end = start + seconds
    while True:
        for _ in range(100):
            play()
        n += 100
        now = clock()
        if now >= end:
            return n, now - start


def behind_replay(n: int) -> None:
    """Time the replay of a scenario of one box with `n` bettors: the bets, the round, the
    transcript. (A scenario file takes at most 20 bettors a box, so the scenario is built
    here rather than read.)"""
    bets = {"seat": Decimal(10), **{f"behind-{i}": Decimal(5) for i in range(1, n)}}
    rules = HouseRules.from_spec({"preset": "casino-fr", "table_max": "none"})
    sc = Scenario(rules, (BoxPlan(1, bets, ("stand",), {}, ()),), ("T", "9", "8", "8"))
    clock = time.perf_counter
    t0 = clock()
    rnd, _ = play(sc)
    t1 = clock()
    out = json.dumps(transcript(rnd))
    t2 = clock()
    assert len(rnd.boxes[1].bets) == n
    print(f"one box, {n:,} bettors: bets and round {t1 - t0:.3f} s, transcript {t2 - t1:.3f} s "
          f"({len(out):,} bytes); in all {t2 - t0:.3f} s")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.bench.bench_round", description=__doc__)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one run (default 2)")
    ap.add_argument("--runs", type=int, default=3, help="runs per mix; the best is kept")
    ap.add_argument("--preset", default="casino-fr")
    ap.add_argument("--profile", action="store_true", help="profile the 7-box table")
    ap.add_argument("--behind", type=int, metavar="N", help="time a replay with N bettors")
    args = ap.parse_args(argv)
    if args.behind:
        behind_replay(args.behind)
        return 0

    rules = HouseRules.from_spec(args.preset)
    print(f"sabot round engine, {rules.describe()}, Python {platform.python_version()} "
          f"on {platform.machine()}, one core")  # fmt: skip
    mixes = [
        ("1 box", fixed(1)),
        ("3 boxes", fixed(3)),
        ("7 boxes", fixed(min(7, rules.boxes))),
        ("mixed 1-7", mixed),
    ]
    print(f"{'table':<11}{'rounds/s':>12}{'µs/round':>11}{'hands/s':>12}   goal {GOAL:,}/s")
    for name, boxes in mixes:
        best_rate = 0.0
        for run in range(args.runs):
            shoe = Shoe(rules.decks, seed=run, every_round=rules.reshuffle == "every-round")
            play = make_player(rules, shoe, boxes, seed=run)
            n, elapsed = measure(play, args.seconds)
            best_rate = max(best_rate, n / elapsed)
        hands = _hands_per_round(rules, boxes)
        flag = "ok" if best_rate >= GOAL else "below goal"
        print(f"{name:<11}{best_rate:>12,.0f}{1e6 / best_rate:>11.1f}"
              f"{best_rate * hands:>12,.0f}   {flag}")  # fmt: skip
    if args.profile:
        shoe = Shoe(rules.decks, seed=0)
        play = make_player(rules, shoe, fixed(7), seed=0)
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(5000):
            play()
        prof.disable()
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


def _hands_per_round(rules: HouseRules, boxes: Callable[[random.Random], list[int]]) -> float:
    shoe = Shoe(rules.decks, seed=99)
    rng = random.Random(99)
    total = 0
    for _ in range(500):
        rnd = Round(rules, shoe, on_burn=shoe.burn)
        for n in boxes(rng):
            rnd.bet(n, "seat", Decimal(10))
        rnd.deal()
        if rnd.phase == "insurance":
            rnd.close_insurance()
        while rnd.current is not None:
            rnd.act(decide(rnd, rnd.legal_actions()))
        total += len(rnd.hands())
        shoe.end_round()
    return total / 500


if __name__ == "__main__":
    sys.exit(main())
