"""`sabot drill`, `sabot stats` and `sabot export`, run as the trainee runs them: a subprocess
with its own SABOT_DATA_DIR (the test's private one) and the answers piped on stdin."""

from __future__ import annotations

import csv
import io
import json
import os
import queue
import re
import signal
import stat
import subprocess
import sys
import threading
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from trainer.commands.export import EXPORT_FIELDS
from trainer.game.rules import HouseRules
from trainer.history.progress_data import describe_question, item_name
from trainer.history.stats import skill_stats
from trainer.history.store import Store
from trainer.practice.curriculum import TARGETS
from trainer.practice.drill import Drill, resolve_skills
from trainer.practice.skills import SKILLS, Question

REPO = Path(__file__).resolve().parents[2]
FR = HouseRules.from_spec("casino-fr")
HAND_SKILLS = {
    "announce",
    "dealer",
    "outcome",
    "pay-blackjack",
    "pay-split",
    "pay-behind",
    "pay-table",
}

pytestmark = pytest.mark.slow


def env() -> dict[str, str]:
    e = dict(os.environ)  # carries the test's SABOT_DATA_DIR
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("SABOT_PROFILE", None)
    e["PYTHONIOENCODING"] = "utf-8"
    return e


def sabot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        input=stdin,
        cwd=REPO,
        env=env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def sabot_typed(*args: str, lines: list[str]) -> subprocess.CompletedProcess[str]:
    """`sabot` with its answers typed at a terminal (a pseudo-terminal), as a trainee types
    them: piped answers count toward none of the trainee's figures."""
    pty = pytest.importorskip("pty")
    master, terminal = pty.openpty()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "trainer.cli", *args],
            stdin=terminal,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=REPO,
            env=env(),
            text=True,
            encoding="utf-8",
        )
        os.close(terminal)
        for line in lines:
            os.write(master, line.encode() + b"\n")
        os.write(master, b"\x04")  # Ctrl-D
        out, err = child.communicate(timeout=60)
    finally:
        os.close(master)
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


def json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def planned(skills: str, count: int, seed: int, answer: Any = None) -> list[tuple[Question, str]]:
    """The questions the CLI will ask (a fresh history carries no weak items) and the answers
    `answer(question, number)` gives them (default: the right one)."""
    d = Drill(resolve_skills(skills, FR), FR, count=count, seed=seed)
    out = []
    while (q := d.next_question()) is not None:
        raw = answer(q, d.position + 1) if answer else q.expected
        d.answer(raw, 100)
        out.append((q, raw))
    return out


def no_traceback(r: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout


def drill_answering(
    plan: list[tuple[Question, str]], *args: str
) -> subprocess.CompletedProcess[str]:
    """`sabot drill ARGS` given the planned answers, one a line; it ended well."""
    r = sabot("drill", *args, stdin="".join(raw + "\n" for _, raw in plan))
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    return r


# ---------------------------------------------------------------------------- sabot drill


def test_drill_human_output() -> None:
    plan = planned("announce", 2, 5, lambda q, n: q.expected if n == 1 else "bust")
    assert plan[1][0].expected != "bust"
    r = drill_answering(plan, "announce", "--count", "2", "--seed", "5")
    out = r.stdout
    assert "seed 5" in out and "casino-fr" in out
    (q1, _), (q2, _) = plan
    assert "q1. " + q1.prompt in out and "q2. " + q2.prompt in out
    assert 'the dealer says it: "16", "6 or 16"' in out  # how to answer, shown once
    assert "✓ right" in out
    assert (
        "✗ wrong" in out and f"the answer is {q2.expected!r}" in out and _sentence(q2.reason) in out
    )
    assert "— practice over —" in out and "1/2 right (50%)" in out
    assert "  Announce the point 1/2" in out.split("— practice over —")[1]  # by its title
    assert f"to work on: {item_name(q2.item)}" in out and q2.item not in out


def test_drill_example_from_the_issue() -> None:
    r = sabot("drill", "announce", "--count", "2", "--seed", "5", "--json", stdin="6 or 16\n17\n")
    assert r.returncode == 0, r.stderr
    lines = json_lines(r.stdout)
    assert [x["type"] for x in lines] == ["question", "verdict", "question", "verdict", "summary"]
    plan = planned("announce", 2, 5, lambda q, n: ["6 or 16", "17"][n - 1])
    for (q, raw), qline, vline in zip(plan, lines[0:4:2], lines[1:4:2], strict=True):
        assert qline["item"] == q.item and qline["cards"] == q.data["cards"]
        assert vline["expected"] == q.expected
        assert vline["correct"] == SKILLS["announce"].check(q, raw).correct


def test_drill_json_lines_for_every_skill() -> None:
    plan = planned("all", 60, 12)
    r = drill_answering(plan, "all", "--count", "60", "--seed", "12", "--json")
    lines = json_lines(r.stdout)
    questions = [x for x in lines if x["type"] == "question"]
    verdicts = [x for x in lines if x["type"] == "verdict"]
    assert lines[-1]["type"] == "summary" and len(questions) == len(verdicts) == 60
    assert [x["type"] for x in lines[:-1]] == ["question", "verdict"] * 60
    for (q, _), ql, vl in zip(plan, questions, verdicts, strict=True):
        assert ql["id"] == vl["id"] and ql["id"].startswith("q")
        assert ql["skill"] == q.skill and ql["item"] == q.item and ql["prompt"] == q.prompt
        assert ql["answer_as"]
        if q.skill in HAND_SKILLS:
            assert ql["cards"] == q.data["cards"], q.skill
        if q.choices:
            assert ql["choices"] == list(q.choices)
        assert vl["correct"] is True and vl["expected"] == q.expected
        assert isinstance(vl["response_ms"], int) and vl["response_ms"] >= 0
        assert vl["target_ms"] == int(TARGETS[q.skill] * 1000)
    assert len({q.skill for q, _ in plan}) >= 10
    summary = lines[-1]
    assert summary["attempts"] == summary["correct"] == 60 and summary["accuracy"] == 1
    assert summary["mode"] == "practice" and summary["seed"] == 12 and summary["passed"] is None
    with Store.open() as store:
        assert len(list(store.attempts())) == 60


def test_drill_unreadable_answer_is_asked_again() -> None:
    [(q, _)] = planned("pay-blackjack", 1, 3)
    r = sabot(
        "drill",
        "pay-blackjack",
        "--count",
        "1",
        "--seed",
        "3",
        "--json",
        stdin=f"lots\n\n{q.expected.replace('.', ',')}\n",
    )
    assert r.returncode == 0, r.stderr
    lines = json_lines(r.stdout)
    assert [x["type"] for x in lines] == ["question", "unreadable", "verdict", "summary"]
    assert "expected an amount" in lines[1]["message"] and lines[1]["id"] == "q1"
    assert lines[2]["correct"] is True
    with Store.open() as store:
        [attempt] = store.attempts()
    assert attempt.answer == q.expected.replace(".", ",") and attempt.correct


@pytest.mark.parametrize("as_json", [False, True])
def test_drill_eof_ends_cleanly(as_json: bool) -> None:
    plan = planned("pay-even", 10, 4)
    flags = ["--json"] if as_json else []
    r = sabot(
        "drill",
        "pay-even",
        "--count",
        "10",
        "--seed",
        "4",
        *flags,
        stdin="".join(raw + "\n" for _, raw in plan[:2]),
    )  # then Ctrl-D
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    assert r.stderr == ""
    if as_json:
        lines = json_lines(r.stdout)
        assert [x["type"] for x in lines] == ["question", "verdict"] * 2 + ["question", "summary"]
        assert lines[-1]["attempts"] == 2
    else:
        assert "2/2 right" in r.stdout and "— practice over —" in r.stdout
    r = sabot("drill", "pay-even", *flags, stdin="")
    assert r.returncode == 0, r.stderr
    if as_json:
        last = json_lines(r.stdout)[-1]
        assert last["type"] == "summary" and last["attempts"] == 0
    else:
        assert "no question answered." in r.stdout
    with Store.open() as store:
        sessions = store.sessions("default")
    assert [s.attempts for s in sessions] == [2, 0]
    assert all(s.ended is not None for s in sessions)


def test_drill_brings_back_what_was_missed_last_time() -> None:
    [(q, _)] = planned("pay-even", 1, 6)
    r = sabot_typed(
        "drill",
        "pay-even",
        "--count",
        "1",
        "--seed",
        "6",
        "--json",
        lines=[str(Decimal(q.expected) + 1)],
    )
    assert r.returncode == 0 and json_lines(r.stdout)[1]["correct"] is False
    # a new session with another seed starts with the item missed in the history
    r = sabot("drill", "pay-even", "--count", "2", "--seed", "99", "--json", stdin="")
    assert r.returncode == 0, r.stderr
    assert json_lines(r.stdout)[0]["item"] == q.item


def test_drill_exam_and_challenge_modes() -> None:
    from trainer.practice.drill import exam_questions

    exam = exam_questions(31, FR, resolve_skills("all", FR))
    answers = [q.expected for q in exam]
    answers[0] = wrong(exam[0])
    r = sabot(
        "drill",
        "all",
        "--mode",
        "exam",
        "--seed",
        "31",
        "--json",
        stdin="".join(a + "\n" for a in answers),
    )
    assert r.returncode == 0, r.stderr
    lines = json_lines(r.stdout)
    asked = [x["item"] for x in lines if x["type"] == "question"]
    assert asked == [q.item for q in exam]
    summary = lines[-1]
    assert summary["mode"] == "exam" and summary["attempts"] == len(exam)
    assert summary["correct"] == len(exam) - 1 and summary["passed"] is True
    # stopped after three answers, all right: not passed
    r = sabot(
        "drill",
        "all",
        "--mode",
        "exam",
        "--seed",
        "31",
        stdin="".join(q.expected + "\n" for q in exam[:3]),
    )
    assert "3/3 right" in r.stdout
    assert "exam not passed: incomplete (pass mark 90 %), seed 31" in r.stdout
    r = sabot("drill", "pay-even", "--mode", "challenge", "--json", stdin="")
    assert r.returncode == 0, r.stderr
    first = json_lines(r.stdout)[0]
    assert 50_000 < first["time_left_ms"] <= 60_000


def test_an_exam_in_the_terminal_says_only_answer_recorded_then_the_verdicts() -> None:
    from trainer.practice.drill import exam_questions

    exam = exam_questions(31, FR, resolve_skills("all", FR))
    answers = [wrong(exam[0]), *(q.expected for q in exam[1:6])]
    r = sabot(
        "drill", "all", "--mode", "exam", "--seed", "31", stdin="".join(a + "\n" for a in answers)
    )
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    head, _, summary = r.stdout.partition("— exam over —")
    # the time limit and the count before the first question
    assert "An exam: 40 questions in 11 min, pass mark 90 %" in head
    # question by question: recorded, never judged
    assert head.count("answer recorded") == 6
    assert "✓" not in head and "✗" not in head and "the answer is" not in head
    assert exam[0].reason not in head
    # ended early (end of input): incomplete, and the verdicts in the summary
    assert "incomplete: 6 of 40 answered" in summary
    assert "exam not passed: incomplete" in summary
    assert f"1. ✗ {exam[0].prompt}" in summary and _sentence(exam[0].reason) in summary
    assert f"2. ✓ {exam[1].prompt}" in summary
    # and the 34 never answered, each missed with its right answer
    assert summary.count("missed (not answered)") == 34
    assert f"7. – {exam[6].prompt} — missed (not answered), right: {exam[6].expected}" in summary
    assert f"40. – {exam[39].prompt}" in summary


@pytest.mark.parametrize("stop", ["q", "Q", "quit"])
def test_q_ends_a_drill_as_ctrl_d_does(stop: str) -> None:
    from trainer.practice.drill import exam_questions

    exam = exam_questions(31, FR, resolve_skills("all", FR))
    stdin = "".join(q.expected + "\n" for q in exam[:2]) + stop + "\n" + exam[2].expected + "\n"
    r = sabot("drill", "all", "--mode", "exam", "--seed", "31", "--json", stdin=stdin)
    assert r.returncode == 0, r.stderr
    lines = json_lines(r.stdout)
    assert [x["type"] for x in lines if x["type"] != "question"] == ["recorded"] * 2 + ["summary"]
    assert not any(x["type"] == "unreadable" for x in lines)
    summary = lines[-1]
    assert summary["attempts"] == 2 and summary["planned"] == 40
    assert summary["incomplete"] == "incomplete: 2 of 40 answered"
    assert summary["stopped"] == "early" and summary["passed"] is False
    assert [a["item"] for a in summary["answers"]] == [q.item for q in exam[:2]]
    assert all(a["correct"] for a in summary["answers"])
    missed = summary["missed"]
    assert [m["item"] for m in missed] == [q.item for q in exam[2:]]
    assert missed[0] == {
        "number": 3, "skill": exam[2].skill, "item": exam[2].item, "expected": exam[2].expected
    }  # fmt: skip
    question = lines[0]
    assert question["of"] == 40 and question["time_limit_ms"] == 11 * 60 * 1000


def test_a_sprint_ended_early_says_so_in_the_terminal() -> None:
    plan = planned("pay-even", 3, 8)
    r = sabot(
        "drill", "pay-even", "--mode", "sprint", "--count", "3", "--seed", "8",
        stdin=plan[0][1] + "\n",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "A sprint: 3 questions" in r.stdout
    assert "incomplete: 1 of 3 answered" in r.stdout and "no personal best" in r.stdout
    assert "✓ right" in r.stdout  # a sprint judges each answer


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["drill", "annoncez"], "unknown skill 'annoncez'"),
        (["drill", "announce", "--preset", "vegas"], "unknown preset 'vegas'"),
        (["drill", "announce", "--mode", "marathon"], "invalid choice: 'marathon'"),
        (["drill", "pay-behind", "--preset", "home"], "pay-behind cannot be drilled under home"),
        (["drill", "announce", "--option", "decks=12"], "decks"),
        (["drill", "announce", "--count", "0"], "at least 1"),
        # too big or absurd: the bound said, never Python's own message
        (["drill", "announce", "--seed", str(2**63)], "from 0 to 9223372036854775807 (2^63 - 1)"),
        (["drill", "announce", "--seed", "9" * 5000], "(5,000 characters)"),
        (["drill", "announce", "--count", "9" * 5000], "at most 100,000"),
        (["drill", "chips", "--option", "chips=1e999999999"], "at most 12 digits, and 2 after"),
        (["drill", "chips", "--option", "chips=1 5 1e999999999"], "not '1e999999999'"),
        (["drill", "announce", "--option", "table_min=2.505"], "at most 12 digits, and 2 after"),
        (["drill", "announce", "--option", "table_max=1_000"], "not '1_000'"),
        (["drill", "announce", "--option", "decks=" + "9" * 5000], "from 1 to 8, not '9999"),
        (["drill", "announce", "--option", "decks=١"], "from 1 to 8, not '١'"),
    ],
)
def test_drill_usage_errors(args: list[str], says: str) -> None:
    r = sabot(*args, stdin="14\n")
    assert r.returncode == 2
    no_traceback(r)
    assert r.stdout == ""
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("sabot drill:") and says in last, r.stderr
    # a long value is not echoed (the skills' twenty names are)
    assert len(last) < 400 and "Exceeds the limit" not in last


def test_the_largest_seed_is_taken() -> None:
    r = sabot("drill", "announce", "--seed", str(2**63 - 1), "--count", "1", stdin="16\n")
    assert r.returncode == 0, r.stderr
    assert f"seed {2**63 - 1}" in r.stdout
    with Store.open() as store:
        [session] = store.sessions("default")
    assert session.seed == 2**63 - 1


def test_drill_unknown_mode_is_one_line() -> None:
    r = sabot("drill", "announce", "--mode", "marathon")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_drill_option_override_reaches_the_rules() -> None:
    r = sabot(
        "drill",
        "dealer",
        "--option",
        "dealer_hits_soft_17=true",
        "--count",
        "1",
        "--seed",
        "2",
        stdin="",
    )
    assert r.returncode == 0, r.stderr
    assert "rules casino-fr + dealer_hits_soft_17=True" in r.stdout


class Lines:
    """A subprocess's stdout read line by line on a thread, so a hang fails instead of blocking."""

    def __init__(self, stream: Any) -> None:
        self.q: queue.Queue[str] = queue.Queue()
        self.thread = threading.Thread(target=self._pump, args=(stream,), daemon=True)
        self.thread.start()

    @staticmethod
    def _pump_lines(stream: Any, q: queue.Queue[str]) -> None:
        try:
            for line in stream:
                q.put(line)
        except (OSError, ValueError):
            pass  # the pipe went away with the process

    def _pump(self, stream: Any) -> None:
        self._pump_lines(stream, self.q)

    def next(self) -> dict[str, Any]:
        return json.loads(self.q.get(timeout=30))


@pytest.mark.parametrize("n", [1, 7])
def test_drill_killed_keeps_every_answered_attempt(n: int) -> None:
    p = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "drill", "pay-even", "--json", "--count", "1000"],
        cwd=REPO,
        env=env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        bufsize=1,
    )
    assert p.stdin is not None and p.stdout is not None
    given = []
    out = Lines(p.stdout)
    try:
        for i in range(n):
            q = out.next()
            assert q["type"] == "question" and q["id"] == f"q{i + 1}"
            # pay-even pays the bet, 1 to 1 [000]: the answer is the bet shown in the question;
            # every third one typed with a decimal comma, one in five wrong on purpose
            bet = Decimal(q["bet"])
            raw = str(bet + 1) if i % 5 == 4 else (f"{bet},00" if i % 3 == 2 else str(bet))
            p.stdin.write(raw + "\n")
            p.stdin.flush()
            v = out.next()
            assert v["type"] == "verdict" and v["id"] == q["id"]
            assert v["correct"] is (i % 5 != 4) and v["expected"] == q["bet"]
            given.append((q["item"], raw, v["correct"]))
        assert out.next()["type"] == "question"  # the next one is waiting for an answer
        os.kill(p.pid, signal.SIGKILL)
        assert p.wait(timeout=30) == -signal.SIGKILL
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        out.thread.join(timeout=30)  # the pipe is at EOF once the process is gone
        p.stdout.close()
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
    with Store.open() as store:
        rows = list(store.attempts())
        [session] = store.sessions("default")
    assert [(a.item, a.answer, a.correct) for a in rows] == given
    assert all(a.skill == "pay-even" and a.session_id == session.id for a in rows)
    assert session.ended is None and session.attempts == n  # killed: never ended


# ---------------------------------------------------------------------------- stats and export


def wrong(q: Question) -> str:
    """A readable wrong answer, from a few candidates judged by the skill's own checker."""
    from trainer.practice.answers import Unreadable

    for raw in ("1", "2", "bust", "20", "5", "1; 1", "1; 1; 1", "1; 1; 1; 1", "1 dealer", "0 17"):
        try:
            if not SKILLS[q.skill].check(q, raw).correct:
                return raw
        except Unreadable:
            continue
    raise AssertionError(q.expected)


def record(profile: str, skill: str, answers: list[tuple[bool, int]], seed: int = 1) -> None:
    """Record answers (right?, ms) through a Drill into the history, in this process."""
    with Store.open() as store:
        d = Drill([SKILLS[skill]], FR, seed=seed, store=store, profile=profile)
        for right, ms in answers:
            q = d.next_question()
            assert q is not None
            d.answer(q.expected if right else wrong(q), ms)
        d.finish()


def _stats_rows(lines: list[str]) -> dict[str, list[str]]:
    """The rows of `sabot stats` by skill key: each names its skill by its title, then gives
    its five figures. The review's due counts close the table (issue 28)."""
    assert lines[-1].startswith("Review: ") and " due today, " in lines[-1]
    keys = {skill.title: key for key, skill in SKILLS.items()}
    rows = {}
    for line in lines[:-1]:
        title, *cells = re.split(r"\s{2,}", line.strip())
        rows[keys[title]] = cells
    return rows


def _sentence(reason: str) -> str:
    """A reason as the terminal says it after a full stop: its first letter a capital."""
    return reason[:1].upper() + reason[1:]


def test_stats_table_matches_the_history() -> None:
    record("default", "pay-even", [(True, 1500)] * 50)
    record("default", "chips", [(True, 3000), (False, 5000), (True, 4500)])
    r = sabot("stats")
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    lines = r.stdout.splitlines()
    assert lines[0] == "Sabot — statistics for default"
    assert lines[1].split() == ["skill", "attempts", "accuracy", "median", "target", "mastered"]
    rows = _stats_rows(lines[2:])
    assert set(rows) == set(SKILLS)
    with Store.open() as store:
        stats = skill_stats(store, "default", TARGETS)
    for name, cells in rows.items():
        s = stats[name]
        assert int(cells[0]) == s.attempts
        assert cells[-2] == f"{TARGETS[name]:.1f} s"
        assert cells[-1] == ("yes" if s.mastered else "no")
        if s.attempts:
            assert cells[1] == f"{s.accuracy:.0%}" and cells[2] == f"{s.median_ms / 1000:.1f} s"
        else:
            assert cells[1:3] == ["—", "—"]
    assert rows["pay-even"] == ["50", "100%", "1.5 s", "2.0 s", "yes"]
    assert rows["chips"] == ["3", "67%", "4.5 s", "4.0 s", "no"]
    r = sabot("stats", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["pay-even"]["attempts"] == 50 and data["pay-even"]["mastered"] is True
    assert data["chips"]["correct"] == 2 and data["chips"]["median_ms"] == 4500


def test_stats_unknown_profile() -> None:
    record("ines", "pay-even", [(True, 1000)])
    r = sabot("stats", "--profile", "nobody")
    assert r.returncode == 2
    no_traceback(r)
    assert "nobody" in r.stderr and "ines" in r.stderr


def _attempt_rows() -> list[dict[str, Any]]:
    with Store.open() as store:
        modes = {s.id: s.mode for p in store.profiles() for s in store.sessions(p.name)}
        names = {}
        for p in store.profiles():
            for s in store.sessions(p.name):
                names[s.id] = p.name
        return [
            {
                "profile": names[a.session_id],
                "session": a.session_id,
                "mode": modes[a.session_id],
                "skill": a.skill,
                "item": a.item,
                "question": a.question,
                "answer": a.answer,
                "expected": a.expected,
                "correct": a.correct,
                "response_ms": a.response_ms,
            }
            for a in store.attempts()
        ]


def test_export_csv_and_json(tmp_path: Path) -> None:
    record("ines", "announce", [(True, 1200), (False, 2300), (True, 800)], seed=3)
    record("marc", "pay-behind", [(False, 4100), (True, 3900)], seed=4)
    want = _attempt_rows()
    assert len(want) == 5

    r = sabot("export", "--format", "csv")
    assert r.returncode == 0, r.stderr
    reader = csv.DictReader(io.StringIO(r.stdout))
    assert tuple(reader.fieldnames or ()) == EXPORT_FIELDS
    got = list(reader)
    assert len(got) == len(want)
    for row, w in zip(got, want, strict=True):
        # the question in words, as the sessions list shows it; the stored JSON beside it
        assert row["question"] == describe_question(w["question"], w["skill"])
        assert "{" not in row["question"] and row["question"]
        assert json.loads(row["question_json"]) == w["question"]
        assert row["correct"] == str(int(w["correct"]))
        assert int(row["response_ms"]) == w["response_ms"] and int(row["session"]) == w["session"]
        for k in ("profile", "mode", "skill", "item", "answer", "expected"):
            # a text a spreadsheet would take for a formula ("-25; -10") is made inert
            assert row[k] == w[k] or (row[k] == "'" + w[k] and w[k][:1] in "=+-@"), k
        assert row["item_name"] == item_name(w["item"]) and ":" not in row["item_name"]
        assert row["answered_at"]

    target = tmp_path / "out.json"
    r = sabot("export", "--format", "json", str(target))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and "5 attempts written" in r.stderr
    got_json = json.loads(target.read_text(encoding="utf-8"))
    for x in got_json:
        assert x.pop("item_name") == item_name(x["item"])
        assert x.pop("question") == describe_question(x["question_json"], x["skill"])
        x["question"] = x.pop("question_json")
    assert [{k: v for k, v in x.items() if k != "answered_at"} for x in got_json] == want
    assert all(set(x) == set(EXPORT_FIELDS) - {"question_json", "item_name"} for x in got_json)

    r = sabot("export", "--format", "json", "--profile", "marc")
    assert r.returncode == 0, r.stderr
    only = json.loads(r.stdout)
    assert [x["skill"] for x in only] == ["pay-behind", "pay-behind"]
    assert [x["correct"] for x in only] == [False, True]

    target = tmp_path / "out.csv"
    r = sabot("export", "--format", "csv", str(target))
    assert r.returncode == 0, r.stderr
    with target.open(encoding="utf-8", newline="") as f:
        assert len(list(csv.DictReader(f))) == 5


def test_export_empty_history_and_unknown_profile() -> None:
    r = sabot("export", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == []
    r = sabot("export", "--format", "csv", "--profile", "nobody")
    assert r.returncode == 2
    no_traceback(r)
    assert "nobody" in r.stderr


def test_export_refused_leaves_the_file_alone(tmp_path: Path) -> None:
    target = tmp_path / "last-week.csv"
    target.write_text("an earlier export\n", encoding="utf-8")
    r = sabot("export", "--format", "csv", "--profile", "nobody", str(target))
    assert r.returncode == 2
    assert target.read_text(encoding="utf-8") == "an earlier export\n"


def test_an_unwritable_data_folder_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = dict(os.environ, SABOT_DATA_DIR=str(blocker / "sabot"))
    done = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "stats"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "cannot be created" in done.stderr


def test_export_csv_quotes_as_the_csv_module_does(tmp_path: Path) -> None:
    with Store.open() as store:
        session = store.start_session("ines", "practice", ["pay-even"], "casino-fr", 1)
        for answer in ("25,50", 'say "25"', "two\nlines", "", "25"):
            question = {"bet": "25", "result": "win", "box": 2}
            store.record(session, "pay-even", "pay-even:25", question, answer, "25", False, 900)
        store.end_session(session)
    target = tmp_path / "out.csv"
    r = sabot("export", str(target))
    assert r.returncode == 0, r.stderr
    with target.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == list(EXPORT_FIELDS)
    assert [row[EXPORT_FIELDS.index("answer")] for row in rows[1:]] == [
        "25,50",
        'say "25"',
        "two\nlines",
        "",
        "25",
    ]
    # line for line what csv.writer makes of the same rows
    again = io.StringIO()
    csv.writer(again).writerows(rows)
    assert target.read_bytes().decode("utf-8") == again.getvalue()


def test_export_exposed_card_question_in_words() -> None:
    record("ines", "exposed-card", [(True, 2000)] * 3)
    r = sabot("export")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 3
    for row in rows:
        assert " exposed at " in row["question"] and "'s turn, refused by " in row["question"]
        assert json.loads(row["question_json"])["card"]


# ---------------------------------------------------------------------------- export: the file


def test_export_new_file_gets_the_umask(tmp_path: Path) -> None:
    record("ines", "pay-even", [(True, 1000)])
    target = tmp_path / "new.csv"
    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "export", str(target)],
        cwd=REPO,
        env=env(),
        capture_output=True,
        text=True,
        timeout=60,
        umask=0o027,
    )
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # not 0600
    assert [p.name for p in tmp_path.iterdir()] == ["new.csv"]  # nothing left beside it


def test_export_replaces_a_regular_file_whole(tmp_path: Path) -> None:
    record("ines", "pay-even", [(True, 1000)])
    target = tmp_path / "last-week.csv"
    target.write_text("an earlier export\n", encoding="utf-8")
    target.chmod(0o604)
    kept = tmp_path / "a-hard-link"
    os.link(target, kept)
    r = sabot("export", str(target))
    assert r.returncode == 0, r.stderr
    assert target.read_text(encoding="utf-8").startswith("profile,session,")
    assert stat.S_IMODE(target.stat().st_mode) == 0o604  # the file's own permissions kept
    # a new file moved over the old one, not the old one rewritten in place
    assert kept.read_text(encoding="utf-8") == "an earlier export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-hard-link", "last-week.csv"]


def test_export_follows_a_symbolic_link(tmp_path: Path) -> None:
    record("ines", "pay-even", [(True, 1000)])
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "history.csv"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "latest.csv"
    link.symlink_to(real)
    r = sabot("export", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8").startswith("profile,session,")
    # a link to a file not made yet: the file is made where it points
    dangling = tmp_path / "next.csv"
    dangling.symlink_to(tmp_path / "real" / "next.csv")
    r = sabot("export", str(dangling))
    assert r.returncode == 0, r.stderr
    assert dangling.is_symlink() and (tmp_path / "real" / "next.csv").is_file()
    loop = tmp_path / "loop.csv"
    loop.symlink_to(loop)
    r = sabot("export", str(loop))
    assert r.returncode == 2 and loop.is_symlink()
    no_traceback(r)
    assert "symbolic link" in r.stderr and len(r.stderr.splitlines()) == 1


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _device(path: Path) -> Path:
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("making a device file needs privileges this test does not have")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    (path / "inside.txt").write_text("kept")
    return path


@pytest.mark.parametrize(
    ("make", "says", "kind"),
    [
        (_fifo, "is a named pipe", stat.S_ISFIFO),
        (_device, "is a device", stat.S_ISCHR),
        (_folder, "is a folder", stat.S_ISDIR),
    ],
    ids=["fifo", "device", "folder"],
)
def test_export_refuses_what_is_not_a_regular_file(
    tmp_path: Path, make: Any, says: str, kind: Any
) -> None:
    record("ines", "pay-even", [(True, 1000)])
    target = make(tmp_path / "out.csv")
    for name in (target, tmp_path / "link-to-it"):
        if name != target:
            name.symlink_to(target)
        r = sabot("export", str(name))
        assert r.returncode == 2, r.stderr
        no_traceback(r)
        assert len(r.stderr.splitlines()) == 1 and says in r.stderr, r.stderr
        assert kind(os.stat(target, follow_symlinks=False).st_mode)  # never replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link-to-it", "out.csv"]


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_into_a_pipe_closed_early_ends_quietly(fmt: str) -> None:
    from tests.bench.bench_progress import fill_history

    fill_history(Path(os.environ["SABOT_DATA_DIR"]) / "history.sqlite3", 3000)
    # `sabot export | head -1`: the reader takes one line and goes away
    p = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "export", "--format", fmt],
        cwd=REPO,
        env=env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert p.stdout is not None and p.stderr is not None
    assert p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    p.stderr.close()
    assert p.wait(timeout=60) == 0
    assert err == ""


# ---------------------------------------------------------------------------- the command line


def test_stats_on_a_fresh_install_is_an_empty_table() -> None:
    r = sabot("stats")
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    lines = r.stdout.splitlines()
    assert lines[0] == "Sabot — statistics for default"
    rows = _stats_rows(lines[2:])
    assert set(rows) == set(SKILLS)
    assert all(cells[:3] == ["0", "—", "—"] and cells[-1] == "no" for cells in rows.values())
    r = sabot("stats", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data.pop("deal-shoe") == {}  # deal mode's standard: no shoe dealt yet
    assert data.pop("review-due") == {"today": 0, "tomorrow": 0, "deal_today": 0}
    assert set(data) == set(SKILLS)
    assert all(s["attempts"] == 0 and s["mastered"] is False for s in data.values())
    assert data["pay-even"]["target_s"] == TARGETS["pay-even"]
    with Store.open() as store:
        assert store.profiles() == []  # looking created nothing


@pytest.mark.parametrize("command", ["stats", "export"])
def test_the_default_profile_named_in_another_case_is_the_default_one(command: str) -> None:
    """`Ines` is `ines`: `--profile Default` on a fresh install is the default profile too, not
    a mistyped one."""
    r = sabot(command, "--profile", "Default", stdin="")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    if command == "stats":
        assert r.stdout.splitlines()[0] == "Sabot — statistics for default"
    with Store.open() as store:
        assert {p.name for p in store.profiles()} <= {"default"}  # no second history


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_of_the_default_profile_on_a_fresh_install_is_empty_and_makes_nothing(
    fmt: str,
) -> None:
    """As `sabot stats` shows an empty table: the header (or an empty list), and no profile made
    by looking."""
    r = sabot("export", "--format", fmt, "--profile", "default")
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    if fmt == "json":
        assert json.loads(r.stdout) == []
    else:
        assert r.stdout.splitlines() == [",".join(EXPORT_FIELDS)]
    with Store.open() as store:
        assert store.profiles() == []


SUBCOMMANDS = {
    "drill": ["drill", "pay-even", "--count", "1"],
    "stats": ["stats"],
    "export": ["export"],
    "home": ["home", "--players", "2"],
    "deal": ["deal"],
}


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_a_mistyped_profile_is_not_created(command: str) -> None:
    record("ines", "pay-even", [(True, 1000)])
    r = sabot(*SUBCOMMANDS[command], "--profile", "inse", stdin="")
    assert r.returncode == 2, r.stderr
    no_traceback(r)
    [line] = r.stderr.splitlines()
    assert line.startswith(f"sabot {command}: there is no profile named 'inse' (profiles: ines)")
    assert "--new-profile" in line
    with Store.open() as store:
        assert [p.name for p in store.profiles()] == ["ines"]
    # the existing one, in another case, is the same profile
    r = sabot(*SUBCOMMANDS[command], "--profile", "INES", stdin="")
    assert "no profile named" not in r.stderr
    with Store.open() as store:
        assert [p.name for p in store.profiles()] == ["ines"]


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_new_profile_creates_it(command: str) -> None:
    r = sabot(*SUBCOMMANDS[command], "--profile", "marc", "--new-profile", stdin="")
    assert "no profile named" not in r.stderr
    no_traceback(r)
    with Store.open() as store:
        names = [p.name for p in store.profiles()]
    assert names == ["marc"], r.stderr


def test_a_profile_named_by_the_environment_follows_the_same_rule() -> None:
    record("ines", "pay-even", [(True, 1000)])
    e = dict(env(), SABOT_PROFILE="inse")
    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "drill", "pay-even"],
        cwd=REPO,
        env=e,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "no profile named 'inse'" in r.stderr
    assert "SABOT_PROFILE" in r.stderr


def test_the_default_profile_is_made_by_its_first_drill() -> None:
    r = sabot("drill", "pay-even", "--count", "1", stdin="")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    with Store.open() as store:
        assert [p.name for p in store.profiles()] == ["default"]


def _at_a_terminal(args: list[str], typed: list[tuple[str, bytes]]) -> tuple[int, str, str]:
    """Run sabot with its standard input and error on a pseudo-terminal and its output on a
    pipe; for each (prompt, keys) of `typed`, wait until the prompt is shown (on the terminal or
    the output) and type the keys. Returns the status, the output and what the terminal showed."""
    import pty
    import select

    master, slave = pty.openpty()
    p = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", *args],
        cwd=REPO,
        env=env(),
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=slave,
    )
    os.close(slave)
    assert p.stdout is not None
    shown = {master: b"", p.stdout.fileno(): b""}
    both = b""  # what either showed, in the order it came
    still_open = set(shown)

    def read(timeout: float) -> bool:
        nonlocal both
        ready, _, _ = select.select(list(still_open), [], [], timeout)
        for fd in ready:
            try:
                data = os.read(fd, 4096)
            except OSError:  # the terminal closes with the process
                data = b""
            if not data:
                still_open.discard(fd)
            shown[fd] += data
            both += data
        return bool(ready)

    try:
        start = 0
        for prompt, keys in typed:
            while prompt.encode() not in both[start:]:
                assert read(30), both
            start = both.index(prompt.encode(), start) + len(prompt)
            os.write(master, keys)
        code = p.wait(timeout=60)
        while still_open and read(1):
            pass
        out, err = shown[p.stdout.fileno()], shown[master]
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stdout.close()
        os.close(master)
    return code, out.decode("utf-8"), err.decode("utf-8", "replace")


def test_at_a_terminal_a_new_profile_is_asked_for() -> None:
    record("ines", "pay-even", [(True, 1000)])
    # no: nothing made, status 2
    code, out, err = _at_a_terminal(["stats", "--profile", "inse"], [("[y/N] ", b"n\n")])
    assert code == 2 and out == ""
    assert "there is no profile named 'inse' (profiles: ines). Create it? [y/N]" in err
    assert "no profile created" in err
    with Store.open() as store:
        assert [p.name for p in store.profiles()] == ["ines"]
    # yes: the drill goes on for the new trainee; Ctrl-D then ends it
    code, out, err = _at_a_terminal(
        ["drill", "pay-even", "--profile", "marc"], [("[y/N] ", b"y\n"), ("\n> ", b"\x04")]
    )
    assert code == 0, err
    assert "Create it? [y/N]" in err
    assert "profile marc" in out and "— practice over —" in out
    with Store.open() as store:
        assert [p.name for p in store.profiles()] == ["ines", "marc"]


def test_stats_escapes_a_profile_name_for_the_terminal() -> None:
    evil = "Red\x1b[31m\x1b]0;owned\x07\u202eeman"
    record(evil, "pay-even", [(True, 1000)])
    r = sabot("stats", "--profile", evil)
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout and "\u202e" not in r.stdout
    assert r.stdout.splitlines()[0] == (
        "Sabot — statistics for Red\\x1b[31m\\x1b]0;owned\\x07\\u202eeman"
    )
    # named among the profiles when another one is mistyped
    r = sabot("stats", "--profile", "nobody")
    assert r.returncode == 2
    assert "\x1b" not in r.stderr and "Red\\x1b[31m" in r.stderr
    # and a new name with control characters is refused outright
    r = sabot("drill", "pay-even", "--profile", "bad\x1bname", "--new-profile", stdin="")
    assert r.returncode == 2 and "\x1b" not in r.stderr
    assert "cannot have control or invisible characters" in r.stderr


# ---------------------------------------------------------------------------- answers on stdin


def test_a_windows_line_ending_is_one_answer() -> None:
    plan = planned("pay-even", 3, 4)
    stdin = "".join(raw + "\r\n" for _, raw in plan) + "\r\n"
    r = sabot("drill", "pay-even", "--count", "3", "--seed", "4", "--json", stdin=stdin)
    assert r.returncode == 0, r.stderr
    lines = json_lines(r.stdout)
    assert [x["type"] for x in lines] == ["question", "verdict"] * 3 + ["summary"]
    assert all(x["correct"] for x in lines if x["type"] == "verdict")
    with Store.open() as store:
        assert [a.answer for a in store.attempts()] == [raw for _, raw in plan]  # no "\r"


@pytest.mark.parametrize(
    "settings",
    [{"LC_ALL": "C.UTF-8"}, {"LC_ALL": "C"}, {"PYTHONIOENCODING": "ascii"}],
    ids=["utf8-locale", "c-locale", "ascii-terminal"],
)
def test_json_output_is_utf8_whatever_comes_in_or_the_terminal_says(
    settings: dict[str, str],
) -> None:
    [(q, _)] = planned("announce", 1, 4)
    e = env()
    e.pop("PYTHONIOENCODING")  # Python's own choice for the locale: surrogateescape in C
    e.update(settings)
    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "drill", "announce", "--count", "1", "--seed", "4"]
        + ["--json"],
        cwd=REPO,
        env=e,
        input=b"\xff\xfe lots\n" + q.expected.encode() + b"\xe9\n" + q.expected.encode() + b"\n",
        capture_output=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    no_traceback(subprocess.CompletedProcess(r.args, 0, "", r.stderr.decode("utf-8", "replace")))
    text = r.stdout.decode("utf-8")  # strict: raises on any byte that is not UTF-8
    lines = json_lines(text)
    assert [x["type"] for x in lines] == [
        "question",
        "unreadable",
        "unreadable",
        "verdict",
        "summary",
    ]
    assert lines[0]["prompt"] == q.prompt  # "—" and all, as UTF-8
    assert lines[3]["correct"] is True
    with Store.open() as store:
        assert [a.answer for a in store.attempts()] == [q.expected]


def test_a_carriage_return_inside_a_line_does_not_cut_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On Windows Python reads standard input with universal newlines, where a lone carriage
    return ends a line: "5\r5" would be two answers. The drill reads its lines itself."""
    from trainer import cli

    [(q, _)] = planned("pay-even", 1, 4)
    typed = b"5\r5\r\n" + q.expected.encode() + b"\r\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(typed), newline=None))
    assert cli.main(["drill", "pay-even", "--count", "1", "--seed", "4", "--json"]) == 0
    lines = json_lines(capsys.readouterr().out)
    assert [x["type"] for x in lines] == ["question", "unreadable", "verdict", "summary"]
    assert lines[2]["correct"] is True


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_a_5000_digit_answer_is_one_sentence(skill: str) -> None:
    from trainer.practice.drill import resolve_skills as drillable

    try:
        drillable(skill, FR)
    except ValueError:
        pytest.skip(f"{skill} is not drilled under casino-fr")
    r = sabot("drill", skill, "--count", "1", "--seed", "8", "--json", stdin="9" * 5000 + "\n")
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    lines = json_lines(r.stdout)
    assert [x["type"] for x in lines] == ["question", "unreadable", "summary"]
    message = lines[1]["message"]
    assert "cannot be read" in message and "9" * 50 not in message
    r = sabot("drill", skill, "--count", "1", "--seed", "8", stdin="9" * 5000 + "\n")
    assert r.returncode == 0, r.stderr
    assert f"    ? {message}\n" in r.stdout


def test_the_terminal_marks_the_hand_a_question_asks_about() -> None:
    # issue 24: the terminal listed several boxes without saying which hand to announce
    import random

    from trainer.commands.drill import question_lines
    from trainer.game.cards import RANKS
    from trainer.i18n import set_language

    set_language("en")
    rules = HouseRules.preset_named()
    several = 0
    for seed in range(80):
        q = SKILLS["announce"].make(random.Random(seed), rules)
        lines = question_lines(q)
        boxes = [x for x in lines if x.lstrip().startswith("box ") or x.startswith("    ")]
        marked = [x for x in lines if x.endswith("← this hand")]
        assert len(marked) == 1, lines
        # the marked line holds the hand asked about, its cards as the table shows them
        shown = marked[0].removesuffix("  ← this hand").rsplit(": ", 1)[-1].split(" (")[0]
        said = " ".join("10" if c[0] == "T" else c[0] for c in q.data["cards"])
        assert shown == said and all(c[0] in RANKS for c in q.data["cards"]), (shown, said)
        several += len(boxes) > 1
    assert several > 20
