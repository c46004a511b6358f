"""A history in a folder the trainee cannot write to (the file cleanly closed, no -wal or -shm
beside it) is opened read-only: `stats` and `export` read it and say it is read-only. SQLite
answers SQLITE_READONLY_DIRECTORY there, which is not a reason to refuse it.

Run as a user who cannot write to the folder: as root (CI), the child runs without the
capabilities that let root write anywhere (setpriv)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trainer.commandline import REPO, cli_env
from trainer.history.store import Store


class _Clock:
    def __call__(self) -> float:
        return 1_700_000_000.0


def _as_user(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`sabot ARGS` as a user to whom the folder's permissions apply."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root writes anywhere, and setpriv(1) is not installed to stop it")
        prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner"]
    return subprocess.run(
        [*prefix, sys.executable, "-m", "trainer.cli", *args],
        input="",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env(data, PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1"),
        cwd=REPO,
        timeout=60,
    )


@pytest.fixture
def locked_folder(tmp_path: Path):  # type: ignore[no-untyped-def]
    if not sys.platform.startswith("linux"):
        pytest.skip("permissions as Linux has them")
    data = tmp_path / "data"
    data.mkdir()
    with Store.open(data / "history.sqlite3", clock=_Clock()) as store:
        session = store.start_session("ana", "practice", ["pay-even"], "casino-fr")
        q = {"bet": "15", "result": "win", "box": 1, "cards": ["JD", "QH"], "dealer": ["6S"]}
        store.record(session, "pay-even", "pay-even:15", q, "15", "15", True, 900)
        store.end_session(session)
    assert sorted(p.name for p in data.iterdir()) == ["history.sqlite3"]  # cleanly closed
    os.chmod(data, 0o555)
    probe = _as_user(data, "--version")
    if probe.returncode != 0:
        pytest.skip(f"Sabot cannot run without root's powers here: {probe.stderr[-200:]}")
    try:
        yield data
    finally:
        os.chmod(data, 0o755)


def test_stats_read_a_history_in_a_read_only_folder(locked_folder: Path) -> None:
    r = _as_user(locked_folder, "stats", "--profile", "ana", "--json")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and "readonly database" not in r.stderr
    assert json.loads(r.stdout)["pay-even"]["attempts"] == 1
    assert r.stderr.splitlines() == [
        f"sabot: the history {locked_folder / 'history.sqlite3'} is read-only (its folder is "
        "read-only): it is read, nothing is written."
    ]


def test_export_reads_a_history_in_a_read_only_folder(locked_folder: Path) -> None:
    r = _as_user(locked_folder, "export", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert [row["answer"] for row in json.loads(r.stdout)] == ["15"]
    assert "is read-only (its folder is read-only)" in r.stderr
    assert sorted(p.name for p in locked_folder.iterdir()) == ["history.sqlite3"]


def test_a_drill_there_says_it_cannot_start(locked_folder: Path) -> None:
    r = _as_user(locked_folder, "drill", "pay-even", "--profile", "ana", "--count", "1")
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert "its folder is read-only" in r.stderr
