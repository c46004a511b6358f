"""`sabot deal` and `sabot home` say at once, on stderr, that the history cannot be written (and
that it can again), as `sabot drill` does, not only at the very end: another program holds the
history locked while they run."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trainer.test_cli_history import Lock, env, history, stored_answers

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    "command, asks, answer",
    [
        (["deal", "--seed", "7", "--boxes", "1", "--transcript"], "step", None),
        (["home", "--names", "Léa,Hugo", "--seed", "3"], "ask", "0"),
    ],
)
def test_a_lock_is_said_at_the_next_answer_and_its_end_too(
    command: list[str], asks: str, answer: str | None
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", *command, "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=env(),
        text=True,
        encoding="utf-8",
    )
    assert child.stdin and child.stdout and child.stderr

    def next_ask() -> dict[str, object]:
        while True:
            line = child.stdout.readline()  # type: ignore[union-attr]
            assert line, child.stderr.read()  # type: ignore[union-attr]
            event = json.loads(line)
            if event["type"] == asks:
                return event

    def give() -> None:
        event = next_ask()
        child.stdin.write(f"{answer if answer is not None else event['expected']}\n")  # type: ignore[union-attr]
        child.stdin.flush()  # type: ignore[union-attr]

    give()
    next_ask_event = next_ask()  # the first answer is stored: the next question is asked
    lock = Lock(history())
    try:
        child.stdin.write(f"{answer if answer is not None else next_ask_event['expected']}\n")
        child.stdin.flush()
        # said now, while the shoe or the game goes on (the answer waits WAIT_MS, 2 s, first)
        ready, _, _ = select.select([child.stderr], [], [], 30)
        first = child.stderr.readline() if ready else "(nothing said while the lock was held)"
    finally:
        lock.release()
    give()  # saved, with the one kept
    child.stdin.close()
    rest = child.stderr.read()
    child.stdout.read()
    status = child.wait(timeout=60)
    child.stdout.close()
    child.stderr.close()
    name = command[0]
    assert first == (
        f"sabot {name}: The history cannot be written: another program is using it. Your last "
        "answer is kept and will be saved as soon as it can.\n"
    )
    assert rest.splitlines() == [
        f"sabot {name}: The history is written again: the kept answers are saved."
    ]
    assert status == 0
    assert stored_answers() == 3
