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

    events = _deal(tmp_path, answer, "--seed", "7", "--guided")
    summary = events[-1]
    assert summary["errors_by_kind"] == {
        "deal": 1, "announce": 1, "pay": 1, "procedure": 1, "order": 0,
    }  # fmt: skip
    assert {e["kind"] for e in events if e["type"] == "verdict" and not e["correct"]} == {
        "deal", "announce", "pay", "procedure",
    }  # fmt: skip


def test_an_exam_is_dealt_on_one_s_own_and_a_bust_not_collected_is_flagged(tmp_path):
    """Issue 24: nothing names the next step; a script sends a place and an action, and a bust
    left on the felt is an error of order in the exam's mistakes."""
    made: set[str] = set()

    def answer(ev: dict) -> str:
        assert ev["guided"] is False and "hand" not in ev and "ask" not in ev
        assert ev["prompt"].split(" — ")[0] in (
            "The deal", "The players", "The dealer's hand", "Settlement",
        )  # fmt: skip
        right = ev["expected"]
        if right.endswith(" collect") and ev["phase"] == "play" and not made:
            made.add("bust")
            return "d h"  # on to the dealer's hand, the bust left on the felt
        return right

    events = _deal(tmp_path, answer, "--seed", "7", "--mode", "exam")
    summary = events[-1]
    assert made and summary["errors_by_kind"]["order"] == 1
    [order] = [m for m in summary["mistakes"] if m["kind"] == "order"]
    assert "bust not collected" in order["rule"] and order["right"].endswith(" collect")


def test_guided_is_refused_for_an_exam(tmp_path):
    p = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "deal", "--mode", "exam", "--guided"],
        capture_output=True, text=True, env=cli_env(tmp_path), cwd=REPO, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert p.returncode == 2 and "always dealt on your own" in p.stderr
    assert "Traceback" not in p.stderr


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
