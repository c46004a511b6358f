"""Running `sabot` as a script runs it, for the command-line tests: a child process with its own
data folder, the repository's `trainer` on its path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def cli_env(data: Path, **extra: str) -> dict[str, str]:
    """The environment of a `sabot` child process whose data folder is `data`."""
    return dict(os.environ, SABOT_DATA_DIR=str(data), PYTHONPATH=str(REPO), **extra)


def run_sabot(
    data: Path, *args: str, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """`sabot ARGS` run with `stdin` as its input, its data folder `data`, read as UTF-8."""
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env(data, PYTHONIOENCODING="utf-8"),
        cwd=REPO,
        timeout=timeout,
    )


def usage_error(data: Path, *args: str) -> str:
    """What `sabot ARGS` says of a command line it refuses: one line, exit status 2, no
    traceback."""
    p = subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        input="",
        capture_output=True,
        text=True,
        env=cli_env(data),
        cwd=REPO,
        timeout=60,
    )
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr
    return p.stderr
