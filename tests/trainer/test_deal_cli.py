"""`sabot deal --json` as a script deals a shoe: a perfect dealer, a mistake of each kind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trainer.commandline import REPO, cli_env, usage_error
from trainer.history.store import Store

pytestmark = pytest.mark.slow


def _deal(tmp_path: Path, answer, *args: str) -> list[dict]:
    env = cli_env(tmp_path)
    p = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "deal", "--json", "--transcript", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=REPO,
    )
    assert p.stdin and p.stdout and p.stderr
    events = []
    for line in p.stdout:
        ev = json.loads(line)
        events.append(ev)
        if ev["type"] == "step":
            p.stdin.write(answer(ev) + "\n")
            p.stdin.flush()
        elif ev["type"] == "summary":
            break
    p.stdin.close()
    rest, err = p.stdout.read(), p.stderr.read()
    p.stdout.close()
    p.stderr.close()
    assert p.wait(timeout=120) == 0, err
    assert not rest.strip() and "Traceback" not in err
    return events


def test_a_scripted_perfect_dealer_finishes_a_seeded_shoe_with_no_error(tmp_path):
    events = _deal(
        tmp_path, lambda ev: ev["expected"], "--seed", "7", "--profile", "ana", "--new-profile"
    )
    summary = events[-1]
    assert summary["type"] == "summary" and summary["errors"] == 0
    steps = [e for e in events if e["type"] == "step"]
    assert summary["steps"] == len(steps) and summary["rounds"] >= 5
    assert all(e["correct"] for e in events if e["type"] == "verdict")
    with Store.open(tmp_path / "history.sqlite3") as store:
        [session] = store.sessions("ana")
        assert session.mode == "deal" and session.attempts == len(steps)


def test_steps_piped_in_are_stored_but_count_toward_none_of_the_trainee_s_figures(tmp_path):
    """A script deals faster than anyone: its shoe is in the history as a piped session, and
    none of its steps makes a median, a mastery or a tally of the skills they exercise."""
    from trainer.history.stats import skill_stats

    events = _deal(
        tmp_path, lambda ev: ev["expected"], "--seed", "7", "--profile", "ana", "--new-profile"
    )
    steps = [e for e in events if e["type"] == "step"]
    with Store.open(tmp_path / "history.sqlite3") as store:
        [session] = store.sessions("ana")
        assert session.attempts == len(steps) and session.interactive is False
        assert len(list(store.attempts())) == len(steps)  # every step stored
        exercised = {e["skill"] for e in steps}
        figures = skill_stats(store, "ana", dict.fromkeys(exercised, 2.0))
        assert {k: s.attempts for k, s in figures.items()} == dict.fromkeys(exercised, 0)


def test_a_script_that_makes_one_mistake_of_each_kind_gets_each_flagged(tmp_path):
    made: set[str] = set()

    def answer(ev: dict) -> str:
        if ev["kind"] in made:
            return ev["expected"]
        made.add(ev["kind"])
        return {
            "place": "7" if ev["expected"] != "7" else "1",
            "words": "Black Jack" if ev["expected"] != "Black Jack" else "20",
            "amount": "1000",
            "action": "refuse" if ev["expected"] != "refuse" else "draw",
        }[ev["ask"]]

    events = _deal(tmp_path, answer, "--seed", "7", "--mode", "exam")
    summary = events[-1]
    assert summary["errors_by_kind"] == {"deal": 1, "announce": 1, "pay": 1, "procedure": 1}
    assert {m["kind"] for m in summary["mistakes"]} == {"deal", "announce", "pay", "procedure"}
    # an exam says nothing step by step
    assert not [e for e in events if e["type"] == "verdict"]
    assert [e for e in events if e["type"] == "recorded"]


def test_the_same_seed_deals_the_same_steps(tmp_path):
    runs = []
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        events = _deal(tmp_path / sub, lambda ev: ev["expected"], "--seed", "31", "--boxes", "4")
        runs.append([(e["prompt"], e["expected"]) for e in events if e["type"] == "step"])
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--boxes", "9"], "1 to 7 boxes"),
        (["--seed", str(2**63)], "0 to"),
        (["--preset", "nowhere"], "preset"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, args, message):
    assert message in usage_error(tmp_path, "deal", *args)


def test_the_players_speak_the_language_of_the_command(tmp_path):
    events = _deal(tmp_path, lambda ev: ev["expected"], "--seed", "21", "--lang", "fr")
    said = {e["says"] for e in events if e["type"] == "step" and "says" in e}
    assert "carte" in said  # a card asked for at a French table [000]
    assert not said & {"card", "no"}
