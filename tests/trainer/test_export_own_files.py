"""`sabot export FILE` never writes over one of Sabot's own files: the history (by its name, a
symbolic or hard link to it, its -wal or -shm), a school server's copy, the settings file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.trainer.commandline import run_sabot

MAGIC = b"SQLite format 3\x00"


def _practised(data: Path) -> Path:
    r = run_sabot(data, "drill", "pay-even", "--count", "2", "--seed", "4", stdin="5\n5\n")
    assert r.returncode == 0, r.stderr
    return data / "history.sqlite3"


def _links(data: Path, history: Path) -> dict[str, Path]:
    (data / "elsewhere").mkdir()
    (data / "elsewhere" / "link.csv").symlink_to(history)
    os.link(history, data / "elsewhere" / "hard.csv")
    school = data / "school"
    school.mkdir()
    (school / "abc.sqlite3").write_bytes(history.read_bytes())
    (data / "settings.json").write_text('{"version": 1}\n', encoding="utf-8")
    return {
        "history": history,
        "symlink": data / "elsewhere" / "link.csv",
        "hard link": data / "elsewhere" / "hard.csv",
        "wal": Path(f"{history}-wal"),
        "shm": Path(f"{history}-shm"),
        "school copy": school / "abc.sqlite3",
        "school log": school / "abc.sqlite3-wal",
        "settings": data / "settings.json",
    }


@pytest.mark.parametrize(
    "which",
    ["history", "symlink", "hard link", "wal", "shm", "school copy", "school log", "settings"],
)
def test_an_export_onto_one_of_sabot_s_own_files_is_refused(tmp_path: Path, which: str) -> None:
    data = tmp_path / "data"
    history = _practised(data)
    target = _links(data, history)[which]
    before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
    r = run_sabot(data, "export", str(target))
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "is one of Sabot's own files" in r.stderr and "another file name" in r.stderr
    assert history.read_bytes()[:16] == MAGIC
    after = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
    assert after == before
    # the history is whole: it is read as before
    r = run_sabot(data, "export", "--format", "json")
    assert r.returncode == 0 and r.stdout.count('"answer"') == 2, r.stderr


def test_an_export_beside_the_history_is_still_written(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _practised(data)
    r = run_sabot(data, "export", str(data / "history.csv"))
    assert r.returncode == 0, r.stderr
    assert (data / "history.csv").read_text(encoding="utf-8").count("\n") == 3
