"""`sabot review` and the due counts of `sabot stats`, run as the trainee runs them: a child
process with its own data folder, the answers piped. The history is written a day back by the
store's own clock, so the items are due now without anyone waiting."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.trainer.commandline import run_sabot
from tests.trainer.history import DAY
from trainer.history.store import Store

A4A = {"cards": ["AS", "4D", "AH"], "box": 3, "split": False, "stood": False}
BJ25 = {"bet": "25", "cards": ["AD", "KS"], "box": 3}


def _missed_yesterday(data: Path) -> None:
    with Store.open(data / "history.sqlite3", clock=lambda: time.time() - DAY) as store:
        sid = store.start_session("default", "practice", ["announce"], "casino-fr", 1)
        store.record(sid, "announce", "announce:soft-16", A4A, "16", "6 or 16", False, 3000)
        store.record(sid, "pay-blackjack", "pay-blackjack:25", BJ25, "30", "37.50", False, 3000)
        store.end_session(sid)


def test_stats_gives_the_due_counts(tmp_path: Path) -> None:
    _missed_yesterday(tmp_path)
    p = run_sabot(tmp_path, "stats")
    assert p.returncode == 0, p.stderr
    assert "Review: 2 due today, 0 tomorrow" in p.stdout
    p = run_sabot(tmp_path, "stats", "--json")
    assert json.loads(p.stdout)["review-due"] == {"today": 2, "tomorrow": 0, "deal_today": 0}


def test_review_asks_the_very_hands_missed_then_nothing_is_due(tmp_path: Path) -> None:
    _missed_yesterday(tmp_path)
    p = run_sabot(tmp_path, "review", "--json", stdin="6 or 16\n37.5\n")
    assert p.returncode == 0, p.stderr
    lines = [json.loads(line) for line in p.stdout.splitlines()]
    questions = [x for x in lines if x.get("type") == "question"]
    assert len(questions) == 2
    assert [c[0] for c in questions[0]["cards"]] == ["A", "4", "A"]
    assert questions[0]["review"] == "A-4-A"  # the item it reviews
    assert questions[1]["bet"] == "25" and questions[1]["box"] == 3
    with Store.open(tmp_path / "history.sqlite3") as store:
        assert [s.mode for s in store.sessions("default")] == ["practice", "review"]
    p = run_sabot(tmp_path, "review")
    assert p.returncode == 0, p.stderr
    assert "Nothing is due for review today" in p.stdout
    assert "Review: 0 due today, 0 tomorrow" in p.stdout


def test_review_count_asks_at_most_that_many(tmp_path: Path) -> None:
    _missed_yesterday(tmp_path)
    p = run_sabot(tmp_path, "review", "--count", "1", stdin="6 or 16\n")
    assert p.returncode == 0, p.stderr
    assert "q1." in p.stdout and "q2." not in p.stdout
    assert "A 4 A" in p.stdout  # the hand missed, on the felt as the terminal draws it
    p = run_sabot(tmp_path, "stats", "--json")
    assert json.loads(p.stdout)["review-due"]["today"] == 1


def test_review_of_a_new_trainee_and_a_bad_count(tmp_path: Path) -> None:
    p = run_sabot(tmp_path, "review", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {"review": {"today": 0, "tomorrow": 0}}
    p = run_sabot(tmp_path, "review", "--count", "zero")
    assert p.returncode == 2 and "Traceback" not in p.stderr
