"""`sabot home` as a script plays it: a perfect score keeper, a wrong entry, the history."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trainer.commandline import REPO, cli_env, usage_error
from trainer.history.stats import skill_stats
from trainer.history.store import Store
from trainer.practice.home_score import SKILL

pytestmark = pytest.mark.slow


def _start(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = cli_env(tmp_path)
    return subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "home", "--json", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=REPO,
    )


def _play(p: subprocess.Popen[str], answer: object, rounds: int) -> list[dict[str, object]]:
    """Answer every entry with answer(expected, ask) until `rounds` rounds are kept, then end."""
    assert p.stdin is not None and p.stdout is not None
    seen: list[dict[str, object]] = []
    expected: dict[str, dict[str, str]] = {}
    played = 0
    for line in p.stdout:
        ev = json.loads(line)
        seen.append(ev)
        if ev["type"] == "round":
            played += 1
            expected = ev["expected"]  # type: ignore[assignment]
        elif ev["type"] == "ask":
            if played > rounds:
                p.stdin.write("end\n")
            else:
                right = expected[ev["player"]][ev["field"]]  # type: ignore[index]
                p.stdin.write(answer(right, ev) + "\n")  # type: ignore[operator]
            p.stdin.flush()
        elif ev["type"] == "end":
            break
    p.stdin.close()
    rest = p.stdout.read()
    err = p.stderr.read() if p.stderr else ""
    p.stdout.close()
    if p.stderr:
        p.stderr.close()
    assert p.wait(timeout=60) == 0, err
    assert not rest.strip(), rest
    return seen


def test_a_perfect_score_keeper_makes_no_error(tmp_path: Path) -> None:
    p = _start(tmp_path, "--players", "4", "--seed", "11", "--profile", "ana", "--new-profile")
    events = _play(p, lambda right, ev: right, rounds=5)
    end = events[-1]
    assert end["type"] == "end" and end["wrong"] == 0 and end["right"] == 5 * 4 * 2
    verdicts = [e for e in events if e["type"] == "verdict"]
    assert len(verdicts) == 40 and all(v["correct"] for v in verdicts)
    # every entry is in the history, as the skill home-score of a session of mode home
    with Store.open(tmp_path / "history.sqlite3") as store:
        sessions = store.sessions("ana")
        assert [(s.mode, s.skills, s.attempts, s.correct) for s in sessions] == [
            ("home", (SKILL,), 40, 40)
        ]
        # typed by a script, not by a trainee: stored, and counted in no figure of hers
        assert sessions[0].interactive is False
        assert skill_stats(store, "ana", {SKILL: 2.0})[SKILL].attempts == 0


def test_a_wrong_sign_and_a_wrong_balance_are_flagged(tmp_path: Path) -> None:
    def flip(right: str, ev: dict[str, object]) -> str:
        if ev["field"] == "net" and right.startswith("+"):
            return "-" + right[1:]
        if ev["field"] == "balance":
            return str(int(right) + 1)
        return right

    events = _play(_start(tmp_path, "--players", "3", "--seed", "5"), flip, rounds=3)
    wrong = [e for e in events if e["type"] == "verdict" and not e["correct"]]
    balances = [e for e in wrong if e["field"] == "balance"]
    assert len(balances) == 3 * 3  # every balance was off by one
    assert all("chips before the round" in str(e["reason"]) for e in balances)
    signs = [e for e in wrong if e["field"] == "net"]
    assert signs and all("other way round" in str(e["reason"]) or e["player"] for e in signs)


def test_the_same_seed_deals_the_same_game(tmp_path: Path) -> None:
    rounds = []
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        events = _play(_start(tmp_path / sub, "--seed", "99"), lambda r, ev: r, rounds=3)
        rounds.append([e for e in events if e["type"] == "round"])
    assert rounds[0] == rounds[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--names", "Léa"], "2 to 7 players"),
        (["--names", "Léa,léa"], "two players are called"),
        (["--chips", "lots"], "whole number"),
        (["--chips", "0"], "1 to"),
        (["--seed", str(2**63)], "0 to"),
    ],
)
def test_a_bad_setup_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    assert message in usage_error(tmp_path, "home", *args)


@pytest.mark.parametrize("command", ["home", "deal"])
def test_json_lines_are_utf_8_whatever_the_terminal_s_encoding(
    tmp_path: Path, command: str
) -> None:
    # the JSON writer the commands share: an ASCII terminal never gets "\xe9" (not JSON)
    env = cli_env(tmp_path, PYTHONIOENCODING="ascii")
    args = ["--names", "Zoé,Inès"] if command == "home" else ["--profile", "Zoé", "--new-profile"]
    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", command, "--json", "--seed", "3", *args],
        input=b"q\n",
        capture_output=True,
        env=env,
        cwd=REPO,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in r.stdout.decode("utf-8").splitlines()]
    assert events and events[-1]["type"] in ("end", "summary")
    if command == "home":
        assert events[0]["bank"] == "Zoé"
