"""Benchmark of the answer readers: how long one typed answer takes to read, per kind of answer.

    python -m tests.bench.bench_answers [--seconds 0.5] [--runs 3]

Every answer is read when the trainee presses Enter, so reading must never be felt. For each
reader, a mix of what trainees type (right, wrong and unreadable answers, digits and words, in
English, French and Italian) is read again and again; the script prints the mean time of one
read (the best of `--runs` runs of `--seconds` each). No assertion: speed is measured, not tested.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from decimal import Decimal

from trainer.practice import answers

CHIPS = [Decimal(c) for c in (1, 2, 5, 10, 25, 100, 500)]

POINTS = [
    "16", "6 or 16", "6 ou 16", "sept ou dix-sept", "vingt et un", "sette o diciassette",
    "ventuno", "seven or seventeen", "soft 17", "17 soft", "hard 21", "Black Jack", "a sauté",
    "bust", "12 or 22", "abc", "1" * 60,
]  # fmt: skip
AMOUNTS = [
    "37.50", "37,50", "37€50", "37 euros 50", "37½", "37 1/2", "1 000,50", "-20", "abc",
    "9" * 60, "€ 15",
]  # fmt: skip
LISTS = ["10; -5; 7,50", "10, -5, 7.5", "10 -5 7.5", "10,-5,7.5", "37,50 12 -5", "1,2,3"]
SEQUENCES = ["1 2 3 dealer 1 2 3", "1 -> 4.1 -> 4.2 -> le croupier", "2 3 mazziere burn."]
RESULTS = ["win push lose", "gagne, match nul, perd", "vince nullo sballato"]
DEALER = ["2 19", "7 K bust", "A 6 → 17", "deux cartes dix-neuf", "3 a sauté", "x 19"]
CHOICES = ["1", "b", "stand", "Draw", "z"]
OPTIONS = ("Hit", "Stand", "Double", "Split")


def _tolerant(read: Callable[[str], object]) -> Callable[[str], object]:
    def call(text: str) -> object:
        try:
            return read(text)
        except answers.Unreadable:
            return None

    return call


def _amounts(text: str) -> object:
    parse = getattr(answers, "parse_amounts", None)
    if parse is None:  # before lists were read here: the amount reader on each part
        return [answers.parse_amount(p, allow_negative=True) for p in text.split()]
    return parse(text, 3)


READERS: dict[str, tuple[Callable[[str], object], list[str]]] = {
    "point": (answers.parse_announcement, POINTS),
    "amount": (answers.parse_amount, AMOUNTS),
    "amounts (3)": (_amounts, LISTS),
    "chips": (lambda t: answers.parse_chips(t, CHIPS), ["2x25 10 2", "25,25,10,2", "7"]),
    "sequence": (answers.parse_sequence, SEQUENCES),
    "results (3)": (lambda t: answers.parse_results(t, 3), RESULTS),
    "dealer": (answers.parse_dealer, DEALER),
    "choice": (lambda t: answers.parse_choice(t, OPTIONS), CHOICES),
}


def measure(read: Callable[[str], object], texts: list[str], seconds: float) -> float:
    """Mean seconds per read over `seconds` of reading the texts round and round."""
    call = _tolerant(read)
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for text in texts:
            call(text)
        n += len(texts)
    return (time.perf_counter() - start) / n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    for name, (read, texts) in READERS.items():
        best = min(measure(read, texts, args.seconds) for _ in range(args.runs))
        print(f"{name:>12}: {best * 1e6:7.1f} µs per answer ({len(texts)} kinds of answer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
