"""Start a built Sabot once, headless, and fail on anything that is not a clean run.

    python packaging/smoke_test.py [COMMAND...]     # default: sabot (from PATH)
    python packaging/smoke_test.py --frozen         # the PyInstaller folder: dist/sabot/sabot

Three steps, each a fresh process run from a scratch directory (so a source tree in the working
directory cannot stand in for what was packaged):

1. `COMMAND --version` exits 0 and prints a version;
2. `COMMAND round resources/scenarios/split.json` exits 0 and prints valid JSON;
3. `COMMAND` with SABOT_SMOKE=1, QT_QPA_PLATFORM=offscreen and a private SABOT_DATA_DIR opens
   the main window, lets it settle and quits with status 0.

A step fails on a non-zero exit, on a timeout, or on the word "Traceback" anywhere in its
standard error: a traceback that the app caught and carried on from is still a bug in the build.
The script exits 1 at the first failing step and names it. Standard library only, so it runs
with any Python, including one that has none of Sabot's dependencies.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "resources" / "scenarios" / "split.json"
FROZEN = ROOT / "dist" / "sabot" / ("sabot.exe" if os.name == "nt" else "sabot")

CLI_TIMEOUT = 60  # seconds; a frozen app's first start reads a few hundred files from disk
GUI_TIMEOUT = 30
VERSION_RE = re.compile(r"\b\d+\.\d+(\.\d+)?")

USAGE = "usage: python packaging/smoke_test.py [--frozen | COMMAND...]"


class SmokeFailure(Exception):
    pass


def _tail(text: str, lines: int = 40) -> str:
    kept = text.rstrip().splitlines()[-lines:]
    return "\n".join("    " + line for line in kept)


def run_step(
    name: str,
    argv: Sequence[str],
    *,
    cwd: Path,
    timeout: float,
    env: dict[str, str] | None = None,
    check_stdout: Callable[[str], str | None] | None = None,
) -> None:
    """Run one step; raise SmokeFailure saying what went wrong. `check_stdout` returns a
    complaint or None."""
    print(f"smoke: {name}: {' '.join(argv)}", flush=True)
    try:
        proc = subprocess.run(
            list(argv),
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as e:
        err = e.stderr.decode("utf-8", "replace") if isinstance(e.stderr, bytes) else e.stderr
        raise SmokeFailure(
            f"step {name}: no exit within {timeout:g} s"
            + (f"; stderr:\n{_tail(err)}" if err else "")
        ) from None
    except OSError as e:
        raise SmokeFailure(f"step {name}: cannot start {argv[0]}: {e.strerror}") from None
    problems = []
    if proc.returncode != 0:
        problems.append(f"exit status {proc.returncode}")
    if "Traceback" in proc.stderr:
        problems.append("a traceback on stderr")
    if not problems and check_stdout is not None:
        complaint = check_stdout(proc.stdout)
        if complaint:
            problems.append(complaint)
    if problems:
        detail = f"step {name}: " + ", ".join(problems)
        if proc.stderr.strip():
            detail += f"; stderr:\n{_tail(proc.stderr)}"
        elif proc.stdout.strip():
            detail += f"; stdout:\n{_tail(proc.stdout)}"
        raise SmokeFailure(detail)
    if proc.stderr.strip():
        # Not a failure (Qt may say where it found no fonts), but worth seeing in a build log.
        print(f"smoke: {name}: stderr (not fatal):\n{_tail(proc.stderr, 10)}", flush=True)


def _is_version(out: str) -> str | None:
    return None if VERSION_RE.search(out) else f"no version in the output {out.strip()!r}"


def _is_json(out: str) -> str | None:
    try:
        json.loads(out)
    except ValueError as e:
        return f"the output is not valid JSON ({e})"
    return None


def smoke(command: Sequence[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="sabot-smoke-") as tmp:
        scratch = Path(tmp)
        data_dir = scratch / "data"
        data_dir.mkdir()
        env = dict(os.environ)
        # The first two steps must not touch a real trainee's history either.
        env["SABOT_DATA_DIR"] = str(data_dir)
        run_step(
            "version",
            [*command, "--version"],
            cwd=scratch,
            env=env,
            timeout=CLI_TIMEOUT,
            check_stdout=_is_version,
        )
        run_step(
            "round",
            [*command, "round", str(SCENARIO)],
            cwd=scratch,
            env=env,
            timeout=CLI_TIMEOUT,
            check_stdout=_is_json,
        )
        gui_env = dict(env, SABOT_SMOKE="1", QT_QPA_PLATFORM="offscreen")
        run_step("gui", list(command), cwd=scratch, env=gui_env, timeout=GUI_TIMEOUT)


def parse_command(args: Sequence[str]) -> list[str]:
    args = list(args)
    if args[:1] == ["--"]:
        args = args[1:]
    elif args[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        raise SystemExit(0)
    elif args[:1] == ["--frozen"]:
        if len(args) > 1:
            raise SystemExit(f"{USAGE}\n--frozen takes no command")
        if not FROZEN.is_file():
            raise SmokeFailure(f"no frozen app at {FROZEN}: run packaging/build.sh first")
        return [str(FROZEN)]
    if not args:
        args = ["sabot"]
    found = shutil.which(args[0])
    if found is None:
        raise SmokeFailure(f"{args[0]} is not an executable on PATH (pip install . first?)")
    return [os.path.abspath(found), *args[1:]]


def main(argv: Sequence[str] | None = None) -> int:
    try:
        command = parse_command(sys.argv[1:] if argv is None else argv)
        smoke(command)
    except SmokeFailure as e:
        print(f"smoke: FAILED: {e}", file=sys.stderr)
        return 1
    print("smoke: passed (version, round, gui)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
