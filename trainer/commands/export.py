"""`sabot export`: every stored attempt, one row each, as CSV or JSON; also what the progress
view's CSV export writes.

The question of each attempt comes twice: in words, as a croupier says it ("A, 4 and 5 at box
4"), and as the JSON the skill stored, in a column of its own for scripts. Writing into FILE
behaves as a user expects of a file: a regular file is replaced whole, at once (written beside
it, then moved over it), a symbolic link is followed to the file it names, and anything that is
not a regular file (a folder, a named pipe, a device) is refused with a sentence, never replaced.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import stat
import sys
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import IO, Any

from trainer.commands.common import (
    EXIT_USAGE,
    add_profile_arguments,
    checked_profile,
    made,
    open_store,
    profile_exists,
)

EXPORT_FIELDS = (
    "profile",
    "session",
    "mode",
    "skill",
    "item",
    "item_name",
    "question",
    "question_json",
    "answer",
    "expected",
    "correct",
    "response_ms",
    "answered_at",
)
UNREADABLE_QUESTION = "(this stored question cannot be read)"

Row = tuple[Any, ...]


class ExportRefused(Exception):
    """A FILE the export will not write into; the message is one sentence for the user."""


def export_rows(store: Any, profile: str | None) -> Iterator[Row]:
    """Every attempt of one profile (or of all), oldest first, as a row of EXPORT_FIELDS.

    The stored question is decoded and put in words once per distinct stored form, and the time
    written once per minute: a history asks the same questions again and again, and decoding
    every row was most of an export's time."""
    from trainer.history.store import question_json
    from trainer.history.words import describe_question, item_name

    said: dict[tuple[str, str | bytes], tuple[str, str]] = {}
    names: dict[str, str] = {}  # item key -> the item as a trainee reads it
    minutes: dict[int, str] = {}
    for (
        name,
        session,
        mode,
        skill,
        item,
        stored,
        answer,
        expected,
        correct,
        ms,
        at,
    ) in store.export_rows(profile):
        words = said.get((skill, stored))
        if words is None:
            try:
                text = question_json(stored)
                question = json.loads(text)
                if not isinstance(question, dict):
                    raise ValueError("a stored question is not a JSON object")
                words = (describe_question(question, skill), text)
            except (ValueError, UnicodeDecodeError, zlib.error):
                words = (UNREADABLE_QUESTION, "")
            if len(said) > 20_000:
                said.clear()  # every question its own: kept for the repeats, not the whole history
            said[(skill, stored)] = words
        minute, second = divmod(at, 60)
        day_and_minute = minutes.get(minute)
        if day_and_minute is None:
            day_and_minute = minutes[minute] = datetime.fromtimestamp(minute * 60, UTC).strftime(
                "%Y-%m-%dT%H:%M:"
            )
        answered_at = f"{day_and_minute}{second:02d}+00:00"
        label = names.get(item)
        if label is None:
            label = names[item] = item_name(item)
        yield (
            name,
            session,
            mode,
            skill,
            item,
            label,
            *words,
            answer,
            expected,
            correct,
            ms,
            answered_at,
        )


_NEEDS_QUOTES = re.compile(r'[",\r\n]')


def _cell(value: Any) -> str:
    """One CSV field as the csv module writes it by default (QUOTE_MINIMAL)."""
    text = "" if value is None else str(value)
    return '"' + text.replace('"', '""') + '"' if _NEEDS_QUOTES.search(text) else text


def write_export(rows: Iterable[Row], target: IO[str], fmt: str) -> int:
    """Write the rows as CSV (a header, then a line each, as the csv module writes them) or as
    a JSON list of objects; the number of rows written."""
    n = 0
    if fmt == "csv":
        target.write(",".join(EXPORT_FIELDS) + "\r\n")
        # The lines are put together here rather than by csv.writer: most fields repeat from
        # row to row (names, items, the question in words and as JSON), so each distinct one is
        # quoted once; about twice as fast over a long history.
        cells: dict[Any, str] = {}
        known = cells.get

        def new(value: Any) -> str:
            cell = cells[value] = _cell(value)
            return cell

        lines: list[str] = []
        for row in rows:
            name, session, mode, skill, item, label, q, q_json, answer, expected, ok, ms, at = row
            lines.append(
                f"{known(name) or new(name)},{session},{known(mode) or new(mode)},"
                f"{known(skill) or new(skill)},{known(item) or new(item)},"
                f"{known(label) or new(label)},"
                f"{known(q) or new(q)},{known(q_json) or new(q_json)},"
                f"{known(answer) or new(answer)},{known(expected) or new(expected)},"
                f"{int(ok)},{ms},{at}\r\n"
            )
            if len(lines) == 1000:
                target.write("".join(lines))
                n += len(lines)
                lines.clear()
                if len(cells) > 100_000:
                    cells.clear()  # answers typed once each would fill it
        target.write("".join(lines))
        return n + len(lines)
    # JSON: each distinct name, item, question and answer encoded once, as for the CSV
    texts: dict[Any, str] = {}
    encoded = texts.get

    def encode(value: Any) -> str:
        text = texts[value] = json.dumps(value, ensure_ascii=False)
        return text

    target.write("[")
    for name, session, mode, skill, item, label, q, q_json, answer, expected, ok, ms, at in rows:
        # the stored question is JSON already: put in as it is, not decoded and encoded again
        target.write(
            f'{"," if n else ""}\n {{"profile": {encoded(name) or encode(name)}, '
            f'"session": {int(session)}, "mode": {encoded(mode) or encode(mode)}, '
            f'"skill": {encoded(skill) or encode(skill)}, "item": {encoded(item) or encode(item)}, '
            f'"item_name": {encoded(label) or encode(label)}, '
            f'"question": {encoded(q) or encode(q)}, "question_json": {q_json or "null"}, '
            f'"answer": {encoded(answer) or encode(answer)}, '
            f'"expected": {encoded(expected) or encode(expected)}, '
            f'"correct": {"true" if ok else "false"}, "response_ms": {int(ms)}, '
            f'"answered_at": {encoded(at) or encode(at)}}}'
        )
        n += 1
        if len(texts) > 100_000:
            texts.clear()
    target.write("\n]\n")
    return n


# ---------------------------------------------------------------------------- the file written


def _what_it_is(mode: int) -> str | None:
    """What a file that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def export_target(name: str) -> tuple[str, int | None]:
    """The path the export replaces for the FILE argument `name` (a symbolic link followed to
    the file it names), and the permissions of the file it replaces (None: a new file).
    ExportRefused if `name` is, or leads to, anything but a regular file or a new name."""
    path = os.path.abspath(name)
    if name.endswith(("/", os.sep)) and not os.path.isdir(path):
        raise ExportRefused(f"{name} names a folder that does not exist: give a file name")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path, None
    if stat.S_ISLNK(st.st_mode):
        path = os.path.realpath(path)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            # a link to a file not written yet: the file is made where the link points
            if not os.path.isdir(os.path.dirname(path)):
                raise ExportRefused(
                    f"{name} is a symbolic link to {path}, in a folder that does not exist"
                ) from None
            return path, None
        except OSError:
            raise ExportRefused(
                f"{name} is a symbolic link that leads nowhere (a loop of links)"
            ) from None
        what = _what_it_is(st.st_mode)
        if what is not None:
            raise ExportRefused(
                f"{name} is a symbolic link to {path}, which is {what}: sabot export writes "
                "only regular files"
            )
        return path, stat.S_IMODE(st.st_mode)
    what = _what_it_is(st.st_mode)
    if what == "a folder":
        raise ExportRefused(
            f"{name} is a folder: give a file name, e.g. {os.path.join(name, 'history.csv')}"
        )
    if what is not None:
        raise ExportRefused(
            f"{name} is {what}, not a regular file: sabot export writes only regular files "
            f"(to send the export there, write it to standard output: sabot export > {name})"
        )
    return path, stat.S_IMODE(st.st_mode)


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(name: str, rows: Iterable[Row], fmt: str) -> int:
    """Write the export into the file `name` as `export_target` says: written beside it and
    moved over it once complete, so a failed export never leaves half a file in place of a good
    one. A new file gets the permissions the user's umask gives; a replaced one keeps its own."""
    path, mode = export_target(name)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{os.path.basename(path)}.", suffix=".part", dir=os.path.dirname(path)
    )
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as target:
            # mkstemp makes the file 0600, private; an export is an ordinary file of its folder
            os.fchmod(target.fileno(), (0o666 & ~_umask()) if mode is None else mode)
            n = write_export(rows, target, fmt)
            target.flush()
            os.fsync(target.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return n


def _to_stdout(rows: Iterable[Row], fmt: str) -> int:
    """The export on standard output, in UTF-8 whatever the terminal's encoding, flushed here:
    a reader gone away (`sabot export | head`) is found now, not at exit."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:  # a text-only stream (a test's)
        n = write_export(rows, out, fmt)
        out.flush()
        return n
    out.flush()
    target = io.TextIOWrapper(buffer, encoding="utf-8", newline="")
    try:
        n = write_export(rows, target, fmt)
        target.flush()
    finally:
        target.detach()  # standard output stays open for the rest of the command
    return n


# ---------------------------------------------------------------------------- the command


def cmd_export(args: argparse.Namespace) -> int:
    to_file = bool(args.file) and args.file != "-"
    if to_file:
        try:
            export_target(args.file)  # refused before the history is even opened
        except ExportRefused as e:
            print(f"sabot export: {e}", file=sys.stderr)
            return EXIT_USAGE
    store = open_store()
    if store is None:
        return 1
    profile = None  # every profile
    if args.profile:
        profile = checked_profile(store, args, "export")
        if profile is None or not (
            profile_exists(store, profile) or made(store, profile, "export")
        ):
            store.close()
            return 1 if profile else EXIT_USAGE
    try:
        rows = export_rows(store, profile)
        if to_file:
            n = write_file(args.file, rows, args.format)
        else:
            n = _to_stdout(rows, args.format)
    except ExportRefused as e:
        print(f"sabot export: {e}", file=sys.stderr)
        return EXIT_USAGE
    except ValueError as e:
        print(f"sabot export: {e}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        raise  # the command line's quiet ending: the reader has what it wanted
    except OSError as e:
        print(f"sabot export: cannot write {args.file}: {e.strerror}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if to_file:
        print(f"sabot export: {n} attempts written to {args.file}", file=sys.stderr)
    return 0


def add_commands(sub: Any) -> None:
    e = sub.add_parser(
        "export",
        help="export every attempt as CSV or JSON",
        description="Every stored attempt, one row each, oldest first: the question in words "
        "and as JSON, the answer, the expected answer, right or wrong, the time. FILE is "
        "replaced whole once the export is complete; a symbolic link is followed.",
    )
    e.add_argument("--format", choices=("csv", "json"), default="csv")
    add_profile_arguments(e, "only this profile (default: every profile)")
    e.add_argument("file", nargs="?", metavar="FILE", help="output file (default: standard output)")
    e.set_defaults(func=cmd_export)
