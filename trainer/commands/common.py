"""What the headless subcommands share: the exit status of a usage mistake, how numbers on the
command line are read (within bounds, said in the message), the profile a command works on, and
opening the history with its notice printed."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Collection, Iterator
from typing import IO, Any

EXIT_USAGE = 2
DEFAULT_PROFILE = "default"
MAX_SEED = 2**63 - 1  # a seed is stored as an SQLite integer: signed 64 bits
MAX_COUNT = 100_000  # questions in one drill


def _whole(text: str, lo: int, hi: int, what: str) -> int:
    # plain ASCII digits, and no more of them than the bound has: never int() of 5,000 digits
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= len(str(hi)):
        n = int(digits)
        if lo <= n <= hi:
            return n
    from trainer.game.rules import shown

    raise argparse.ArgumentTypeError(f"{what}, not {shown(text)}")


def seed_arg(text: str) -> int:
    """--seed: a whole number from 0 to 2^63 - 1."""
    return _whole(text, 0, MAX_SEED, f"a seed is a whole number from 0 to {MAX_SEED} (2^63 - 1)")


def count_arg(text: str) -> int:
    """--count: a whole number of questions, at least 1 and at most MAX_COUNT."""
    return _whole(
        text,
        1,
        MAX_COUNT,
        f"the count is a whole number of questions, at least 1 and at most {MAX_COUNT:,}",
    )


def profile_name(args: argparse.Namespace) -> str:
    return args.profile or os.environ.get("SABOT_PROFILE") or DEFAULT_PROFILE


def open_store() -> Any:
    from trainer.history.store import Store, StoreError

    try:
        store = Store.open()
    except StoreError as e:
        print(f"sabot: {e}", file=sys.stderr)
        return None
    if store.notice:
        print(f"sabot: {store.notice}", file=sys.stderr)
    return store


def write_json(obj: Any, *, indent: int | None = None) -> None:
    """One JSON document and a newline on standard output, always in UTF-8 whatever the
    terminal's encoding, flushed: for scripts reading `--json` lines as they come."""
    import json

    text = json.dumps(obj, ensure_ascii=False, indent=indent, default=str) + "\n"
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:  # a text-only stream (a test's): it takes str
        out.write(text)
        out.flush()
        return
    out.flush()
    # backslashreplace: a lone surrogate, were one to get this far, is written as \\udcff text
    # rather than as bytes that are not UTF-8
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def input_lines(stream: IO[str]) -> Iterator[str]:
    """The trainee's lines as typed: a Windows line end (CR LF) ends a line like LF does."""
    while True:
        line = stream.readline()
        if not line:
            return
        yield line.removesuffix("\n").removesuffix("\r")


def read_answer(
    lines: Iterator[str],
    judge: Callable[[str, int], Any],
    *,
    emit: Callable[[dict[str, Any]], None] | None,
    out: IO[str],
    stop_words: Collection[str] = (),
) -> Any:
    """The trainee's next answer, judged: `judge(text, ms)` with the time since this call (a
    monotonic clock). Blank lines are skipped; an unreadable answer is said (a JSON line when
    `emit` is given) and read again. None at the end of the input, or on a stop word."""
    from trainer.practice.answers import Unreadable

    shown = time.monotonic_ns()
    while True:
        raw = next(lines, None)
        if raw is None or raw.strip().casefold() in stop_words:
            return None
        if not raw.strip():
            continue
        ms = (time.monotonic_ns() - shown) // 1_000_000
        try:
            return judge(raw, ms)
        except Unreadable as e:
            if emit is not None:
                emit({"type": "unreadable", "message": str(e)})
            else:
                out.write(f"    ? {e}\n> ")
                out.flush()
