"""`sabot export`: every stored attempt, one row each, as CSV or JSON; also what the progress
view's CSV export writes."""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from trainer.commands.common import EXIT_USAGE, open_store

EXPORT_FIELDS = (
    "profile",
    "session",
    "mode",
    "skill",
    "item",
    "question",
    "answer",
    "expected",
    "correct",
    "response_ms",
    "answered_at",
)


def export_rows(store: Any, profile: str | None) -> Iterator[dict[str, Any]]:
    """Every attempt of one profile (or of all), oldest first, with its session's mode."""
    names = [profile] if profile else [p.name for p in store.profiles()]
    for name in names:
        modes = {s.id: s.mode for s in store.sessions(name)}
        for a in store.attempts(profile=name):
            yield _export_row(name, modes.get(a.session_id, ""), a)


def _export_row(profile: str, mode: str, a: Any) -> dict[str, Any]:
    return {
        "profile": profile,
        "session": a.session_id,
        "mode": mode,
        "skill": a.skill,
        "item": a.item,
        "question": a.question,
        "answer": a.answer,
        "expected": a.expected,
        "correct": a.correct,
        "response_ms": a.response_ms,
        "answered_at": a.at.isoformat(),
    }


def cmd_export(args: argparse.Namespace) -> int:
    store = open_store()
    if store is None:
        return 1
    profile = args.profile or None
    to_file = bool(args.file) and args.file != "-"
    try:
        rows = export_rows(store, profile)
        if to_file:
            # written beside the target and moved over it only when complete: a refused or
            # failed export never leaves a half-written file in place of a good one
            path = os.path.abspath(args.file)
            fd, tmp = tempfile.mkstemp(prefix=".sabot-export-", dir=os.path.dirname(path))
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as target:
                    n = write_export(rows, target, args.format)
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
        else:
            n = write_export(rows, sys.stdout, args.format)
    except ValueError as e:
        print(f"sabot export: {e}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as e:
        print(f"sabot export: cannot write {args.file}: {e.strerror}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if to_file:
        print(f"sabot export: {n} attempts written to {args.file}", file=sys.stderr)
    return 0


def write_export(rows: Iterator[dict[str, Any]], target: IO[str], fmt: str) -> int:
    n = 0
    if fmt == "csv":
        w = csv.DictWriter(target, fieldnames=EXPORT_FIELDS)
        w.writeheader()
        for r in rows:
            r = dict(
                r, question=json.dumps(r["question"], ensure_ascii=False), correct=int(r["correct"])
            )
            w.writerow(r)
            n += 1
    else:
        target.write("[")
        for r in rows:
            target.write(("," if n else "") + "\n " + json.dumps(r, ensure_ascii=False))
            n += 1
        target.write("\n]\n")
    return n


def add_commands(sub: Any) -> None:
    e = sub.add_parser(
        "export",
        help="export every attempt as CSV or JSON",
        description="Every stored attempt, one row each.",
    )
    e.add_argument("--format", choices=("csv", "json"), default="csv")
    e.add_argument("--profile", help="only this profile (default: every profile)")
    e.add_argument("file", nargs="?", metavar="FILE", help="output file (default: standard output)")
    e.set_defaults(func=cmd_export)
