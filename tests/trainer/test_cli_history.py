"""`sabot drill` when the history cannot be written (locked, full, read-only), and with its answers
piped: run as the trainee runs it, a subprocess on the test's private SABOT_DATA_DIR."""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path
from typing import IO

import pytest

from tests.trainer.test_drill_cli import sabot_typed
from tests.volumes import fill, immutable, small_volume
from trainer.history.stats import skill_stats
from trainer.history.store import Store

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""


def env(data: Path | None = None) -> dict[str, str]:
    e = dict(os.environ)  # carries the test's SABOT_DATA_DIR
    if data is not None:
        e["SABOT_DATA_DIR"] = str(data)
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("SABOT_PROFILE", None)
    e["PYTHONIOENCODING"] = "utf-8"
    return e


def sabot(
    *args: str, stdin: str = "", data: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        input=stdin,
        cwd=REPO,
        env=env(data),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def history() -> Path:
    return Path(os.environ["SABOT_DATA_DIR"]) / "history.sqlite3"


class Drilling:
    """`sabot drill --json` driven answer by answer, its stdout read line by line."""

    def __init__(self, *args: str) -> None:
        self.child = subprocess.Popen(
            [sys.executable, "-m", "trainer.cli", "drill", *args, "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=REPO,
            env=env(),
            text=True,
            encoding="utf-8",
        )
        self.lines: queue.Queue[str] = queue.Queue()
        assert self.child.stdout is not None
        self.reader = threading.Thread(target=self._read, args=(self.child.stdout,), daemon=True)
        self.reader.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    def next(self, kind: str) -> dict[str, object]:
        while True:
            line = json.loads(self.lines.get(timeout=30))
            if line["type"] == kind:
                return line

    def answer(self, raw: str) -> dict[str, object]:
        assert self.child.stdin is not None
        self.child.stdin.write(raw + "\n")
        self.child.stdin.flush()
        return self.next("verdict")

    def end(self) -> tuple[int, str]:
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.next("summary")
        assert self.child.stderr is not None
        err = self.child.stderr.read()
        status = self.child.wait(timeout=30)
        self.reader.join(timeout=30)
        assert self.child.stdout is not None
        self.child.stdout.close()
        self.child.stderr.close()
        return status, err


class Lock:
    """Another program holding the history's write lock until released."""

    def __init__(self, path: Path) -> None:
        self.child = subprocess.Popen(
            [sys.executable, "-c", LOCKER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.child.stdout is not None
        assert self.child.stdout.readline() == "locked\n"

    def release(self) -> None:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write("\n")
        self.child.stdin.close()
        assert self.child.wait(timeout=30) == 0
        self.child.stdout.close()


def stored_answers() -> int:
    with closing(sqlite3.connect(history())) as conn:
        return int(conn.execute("SELECT count(*) FROM attempt").fetchone()[0])


def test_a_lock_during_a_drill_is_told_once_and_every_answer_is_saved_after_it() -> None:
    drilling = Drilling("pay-even", "--count", "10", "--seed", "4")
    drilling.next("question")
    drilling.answer("5")
    lock = Lock(history())
    try:
        drilling.answer("5")  # kept, after the wait
        drilling.answer("5")  # kept at once
    finally:
        lock.release()
    drilling.answer("5")  # saved, with the two kept
    status, err = drilling.end()
    assert status == 0, err
    assert "Traceback" not in err
    assert err.splitlines() == [
        "sabot drill: The history cannot be written: another program is using it. Your last "
        "answer is kept and will be saved as soon as it can.",
        "sabot drill: The history is written again: the kept answers are saved.",
    ]
    assert stored_answers() == 4


def test_a_lock_until_the_end_says_what_was_not_saved_and_exits_1() -> None:
    drilling = Drilling("pay-even", "--count", "10", "--seed", "4")
    drilling.next("question")
    drilling.answer("5")
    lock = Lock(history())
    try:
        drilling.answer("5")
        drilling.answer("5")
        status, err = drilling.end()
    finally:
        lock.release()
    assert status == 1
    assert "Traceback" not in err
    assert err.splitlines() == [
        "sabot drill: The history cannot be written: another program is using it. Your last "
        "answer is kept and will be saved as soon as it can.",
        "sabot drill: The history cannot be written: another program is using it. Your last 2 "
        "answers could not be saved.",
    ]
    assert stored_answers() == 1


def test_a_drill_on_a_full_disk_says_so_and_stats_still_work(tmp_path: Path) -> None:
    with small_volume(tmp_path / "volume", "1m") as volume:
        r = sabot("drill", "pay-even", "--count", "3", "--seed", "4", stdin="5\n" * 3, data=volume)
        assert r.returncode == 0, r.stderr
        fill(volume)
        r = sabot("drill", "pay-even", "--count", "3", "--seed", "4", stdin="5\n" * 3, data=volume)
        assert r.returncode == 1
        assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
        assert len(r.stderr.splitlines()) == 1
        assert "cannot be written: the disk is full" in r.stderr
        r = sabot("stats", "--json", data=volume)
        assert r.returncode == 0, r.stderr
        assert "Traceback" not in r.stderr


def test_a_drill_on_a_read_only_history_cannot_start_but_stats_and_export_work(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    r = sabot("drill", "pay-even", "--count", "3", "--seed", "4", stdin="5\n" * 3, data=data)
    assert r.returncode == 0, r.stderr
    with immutable(data):
        r = sabot("drill", "pay-even", "--count", "3", "--seed", "4", stdin="5\n" * 3, data=data)
        assert r.returncode == 1
        assert r.stderr.splitlines() == [
            "sabot drill: The history cannot be written: its folder is read-only. Statistics, "
            "export and the progress view work, but nothing new can be recorded."
        ]
        r = sabot("stats", "--json", data=data)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["pay-even"]["attempts"] == 0  # piped: stored, not counted
        r = sabot("export", "--format", "json", data=data)
        assert r.returncode == 0, r.stderr
        assert len(json.loads(r.stdout)) == 3


def test_piped_answers_are_stored_as_such_and_never_timed() -> None:
    r = sabot(
        "drill", "pay-even", "--mode", "sprint", "--count", "5", "--seed", "4", stdin="5\n" * 5
    )
    assert r.returncode == 0, r.stderr
    with Store.open() as store:
        (session,) = store.sessions("default")
        assert session.attempts == 5 and session.interactive is False
        assert len(list(store.attempts())) == 5  # every answer stored
        stats = skill_stats(store, "default", {"pay-even": 2.0})["pay-even"]
        assert (stats.attempts, stats.median_ms, stats.mastered) == (0, None, False)


def test_answers_typed_at_a_terminal_count() -> None:
    r = sabot_typed("drill", "pay-even", "--count", "3", "--seed", "4", lines=["5"] * 3)
    assert r.returncode == 0, r.stderr
    with Store.open() as store:
        (session,) = store.sessions("default")
        assert session.attempts == 3 and session.interactive is True
        assert skill_stats(store, "default", {})["pay-even"].attempts == 3


@pytest.mark.parametrize(
    "command, lines",
    [
        (["deal", "--seed", "7", "--boxes", "1"], ["burn", "1", "d", "1"]),  # the shoe's burn first
        (["home", "--names", "Léa,Hugo", "--seed", "3"], ["+10", "110"]),
    ],
)
def test_deal_mode_and_the_home_game_typed_at_a_terminal_count(
    command: list[str], lines: list[str]
) -> None:
    r = sabot_typed(*command, lines=lines)
    assert r.returncode == 0, r.stderr
    with Store.open() as store:
        (session,) = store.sessions("default")
        assert session.interactive is True and session.attempts >= 1


@pytest.mark.parametrize(
    "command", [["home", "--names", "Léa,Hugo,Emma,Ines"], ["deal", "--seed", "7"]]
)
def test_the_home_game_and_deal_mode_cannot_start_on_a_read_only_history(
    tmp_path: Path, command: list[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    Store.open(data / "history.sqlite3").close()
    with immutable(data):
        r = sabot(*command, stdin="", data=data)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [
        f"sabot {command[0]}: The history cannot be written: its folder is read-only. "
        "Statistics, export and the progress view work, but nothing new can be recorded."
    ]


@pytest.mark.slow
def test_a_command_imports_no_other_command_s_module(tmp_path: Path) -> None:
    """`sabot export` parses its line with only its own module of trainer.commands imported
    (the drills, the deal mode, the class view cost its start-up ~0.15 s); `sabot --help` still
    lists every command."""
    probe = (
        "import runpy, sys\n"
        f"sys.argv = ['sabot', 'export', {str(tmp_path / 'out.csv')!r}]\n"
        "try:\n"
        "    runpy.run_module('trainer.cli', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('trainer.commands.'))))\n"
    )
    env = dict(os.environ, SABOT_DATA_DIR=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    )
    from trainer.cli import COMMANDS

    loaded = {m.removeprefix("trainer.commands.") for m in out.stdout.split()}
    assert "export" in loaded
    assert not loaded & (set(COMMANDS.values()) - {"export"}), loaded
    assert (tmp_path / "out.csv").read_text(encoding="utf-8").startswith("profile,session,")
    helped = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for command in ("round", "drill", "stats", "export", "class", "deal", "home", "server"):
        assert f"    {command} " in helped, command


@pytest.mark.parametrize(
    "command",
    [
        ["stats"],
        ["stats", "--json"],
        ["export"],
        ["round", "resources/scenarios/behind.json"],
        ["drill", "pay-even", "--count", "1"],
        ["--lang", "fr", "stats"],
    ],
)
def test_standard_output_on_a_full_disk_is_one_sentence_and_status_1(command: list[str]) -> None:
    """`sabot stats > file` on a full disk (/dev/full: every write fails with ENOSPC) was a
    traceback, and `sabot export` said "cannot write None"."""
    if not Path("/dev/full").exists():
        pytest.skip("this system has no /dev/full")
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [sys.executable, "-m", "trainer.cli", *command],
            input="5\n",
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=REPO,
            env=env(),
            text=True,
            encoding="utf-8",
            timeout=60,
        )
    assert r.returncode == 1
    name = command[2] if command[0] == "--lang" else command[0]
    if command[0] == "--lang":
        said = "impossible d'écrire sur la sortie standard\u202f: plus de place sur le disque"
    else:
        said = "cannot write to standard output: no space left on the disk"
    assert r.stderr.splitlines() == [f"sabot {name}: {said}"], r.stderr
