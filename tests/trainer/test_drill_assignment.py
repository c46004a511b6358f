"""`sabot drill --assignment NUMBER`: a try at an exam assigned on the school's server, from the
command line, as the app's Start takes one (`trainer.history.assignments.assigned_exam` and
`exam_drill`, shared by both): the same questions, rules and time limit, only inside its window
of days, counted in the class view's results — on a real PostgreSQL server (started by the tests;
skipped with the reason where it cannot be). Each refusal is one sentence and the usage status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.trainer.pg_server import PgServer, school_login
from trainer.history.assignments import Assignment, assigned_exam, check_open, exam_drill
from trainer.history.classview import assignment_results
from trainer.history.server_exams import assign_exam
from trainer.history.server_setup import add_login, init_server
from trainer.practice.drill import EXAM, Drill

REPO = Path(__file__).resolve().parents[2]
TODAY = date.today()
WEEK = Assignment(
    4, ("announce", "pay-even"), 42, "casino-it", 600, TODAY, TODAY + timedelta(2), "Week 49"
)
LATER = Assignment(
    5, ("announce",), 7, "casino-fr", 300, TODAY + timedelta(3), TODAY + timedelta(5), ""
)
OVER = Assignment(
    3, ("dealer",), 9, "casino-fr", 300, TODAY - timedelta(5), TODAY - timedelta(1), "Old"
)


def env(**extra: str) -> dict[str, str]:
    e = dict(os.environ)  # carries the test's SABOT_DATA_DIR
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("SABOT_PROFILE", None)
    e.pop("SABOT_DATABASE_URL", None)
    e["PYTHONIOENCODING"] = "utf-8"
    e.update(extra)
    return e


def sabot(*args: str, stdin: str = "", **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args], input=stdin, cwd=REPO, env=env(**extra),
        capture_output=True, text=True, encoding="utf-8", timeout=120,
    )  # fmt: skip


def typed(*args: str, lines: list[str], **extra: str) -> subprocess.CompletedProcess[str]:
    """`sabot` with its answers typed at a terminal (a pseudo-terminal): a try that counts."""
    pty = pytest.importorskip("pty")
    master, terminal = pty.openpty()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "trainer.cli", *args], stdin=terminal, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, cwd=REPO, env=env(**extra), text=True, encoding="utf-8",
        )  # fmt: skip
        os.close(terminal)
        for line in lines:
            os.write(master, line.encode() + b"\n")
        os.write(master, b"\x04")  # Ctrl-D, were any question left
        out, err = child.communicate(timeout=120)
    finally:
        os.close(master)
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


# -- what the app and the command share ------------------------------------------------------


def test_the_exam_of_an_assignment_is_its_skills_seed_rules_and_time_limit() -> None:
    drill = exam_drill(WEEK)
    assert (drill.mode, drill.seed, drill.assignment) == (EXAM, 42, WEEK.id)
    assert drill.rules.preset == "casino-it" and drill.time_limit_ms == 600_000
    assert [s.name for s in drill.skills] == ["announce", "pay-even"]
    # the questions are those of the exam of that seed, skills and rules, for everyone
    again = Drill(list(drill.skills), drill.rules, mode=EXAM, seed=42)
    assert [q.data for q in drill._plan or []] == [q.data for q in again._plan or []]


def test_a_try_starts_only_at_an_open_exam_of_that_number() -> None:
    assert assigned_exam([LATER, WEEK, OVER], 4, TODAY) is WEEK
    with pytest.raises(ValueError) as unknown:
        assigned_exam([LATER, WEEK, OVER], 12, TODAY)
    assert str(unknown.value) == "There is no assigned exam 12; open now: 4."
    with pytest.raises(ValueError) as none:
        assigned_exam([LATER], 12, TODAY)
    assert str(none.value) == "There is no assigned exam 12; none is open now."
    with pytest.raises(ValueError, match=r"^The exam 5 \(exam 7\) opens on .*: it cannot be taken"):
        assigned_exam([LATER], 5, TODAY)
    with pytest.raises(
        ValueError, match=r"^The exam 3 \(Old\) was open until .*: a try now would not"
    ):
        check_open(OVER, TODAY)
    check_open(WEEK, TODAY + timedelta(2))  # its last day is in


def test_without_a_school_s_server_the_option_is_refused_in_one_sentence() -> None:
    r = sabot("drill", "--assignment", "4")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (
        "sabot drill: --assignment takes an exam assigned on a school's server, and none is set "
        "(SABOT_DATABASE_URL or the database_url setting names one)\n"
    )
    r = sabot("drill", "announce", "--assignment", "4", "--seed", "3")
    assert r.returncode == 2 and r.stderr == (
        "sabot drill: --assignment takes the exam as it was assigned (its skills, seed, rules "
        "and time limit), not SKILL, --seed\n"
    )
    for bad in ("0", "x", "-3"):
        r = sabot("drill", f"--assignment={bad}")
        assert r.returncode == 2 and "an assigned exam's number" in r.stderr
        assert "Traceback" not in r.stderr
    r = sabot("drill")
    assert r.returncode == 2 and r.stderr == (
        "sabot drill: a SKILL to drill is needed, or --assignment NUMBER for an assigned exam\n"
    )


# -- on a school's server ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def school(pg_server: PgServer) -> Iterator[tuple[PgServer, str]]:
    init_server(pg_server.url)
    add_login(pg_server.url, "mme_drill", instructor=True)
    yield pg_server, pg_server.login_url("mme_drill")


def _assign(teacher: str, opens: date, closes: date, **kw: object) -> Assignment:
    fields: dict[str, object] = {
        "skills": ["pay-even", "announce"],
        "seed": 4711,
        "preset": "casino-fr",
        "time_limit_s": 900,
        "title": "Command line",
    }
    return assign_exam(teacher, opens=opens, closes=closes, **{**fields, **kw})  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_try_from_the_command_line_counts_in_the_class_view(
    school: tuple[PgServer, str], tmp_path: Path
) -> None:
    server, teacher = school
    a = _assign(teacher, TODAY - timedelta(1), TODAY + timedelta(1))
    pupil = school_login(server, f"drill_cli_{os.getpid()}")
    login = pupil.rsplit("=", 1)[1]
    plan = exam_drill(a)._plan or []
    data = str(tmp_path / "pc")
    r = typed(
        "drill", "--assignment", str(a.id), "--new-profile", "--profile", "Ana",
        lines=[q.expected for q in plan], SABOT_DATABASE_URL=pupil, SABOT_DATA_DIR=data,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert f"The exam {a.id} assigned on the school's server: Command line, open until" in r.stdout
    assert "seed 4711" in r.stdout and f"An exam: {len(plan)} questions in 15 min" in r.stdout
    assert "exam PASSED" in r.stdout
    results = dict(assignment_results(teacher))[a]
    (mine,) = [x for x in results if x.login == login]
    assert mine.tries == 1 and mine.best is not None and mine.best.passed
    assert mine.best.attempts == len(plan) and mine.best.duration_ms is not None

    # piped answers: stored, said not to count, and not counted
    r = sabot(
        "drill", "--assignment", str(a.id), "--profile", "Ana", "--json",
        stdin="".join(q.expected + "\n" for q in plan), SABOT_DATABASE_URL=pupil,
        SABOT_DATA_DIR=data,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "the answers are not typed at a terminal" in r.stderr
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["assignment"] == a.id and summary["passed"] is True
    (mine,) = [x for x in dict(assignment_results(teacher))[a] if x.login == login]
    assert mine.tries == 1


@pytest.mark.slow
def test_an_unknown_upcoming_or_closed_exam_is_refused(
    school: tuple[PgServer, str], tmp_path: Path
) -> None:
    server, teacher = school
    later = _assign(teacher, TODAY + timedelta(2), TODAY + timedelta(4), title="Later")
    over = _assign(teacher, TODAY - timedelta(6), TODAY - timedelta(2), title="Over")
    pupil = school_login(server, f"drill_cli_refused_{os.getpid()}")
    extra = {"SABOT_DATABASE_URL": pupil, "SABOT_DATA_DIR": str(tmp_path / "pc")}
    for number, said in (
        (later.id, f"The exam {later.id} (Later) opens on "),
        (over.id, f"The exam {over.id} (Over) was open until "),
        (10**9, "There is no assigned exam 1000000000; "),
    ):
        r = sabot("drill", "--assignment", str(number), **extra)
        assert r.returncode == 2, r.stderr
        assert r.stderr.startswith(f"sabot drill: {said}") and r.stderr.count("\n") == 1, r.stderr
        assert r.stdout == ""
    r = sabot("--lang", "fr", "drill", "--assignment", str(over.id), **extra)
    assert r.returncode == 2 and r.stderr.startswith(f"sabot drill: L'examen {over.id} (Over) ")


@pytest.mark.slow
def test_offline_the_exam_is_taken_from_the_list_kept_on_this_pc(tmp_path: Path) -> None:
    from tests.trainer.history import Clock
    from trainer.history.postgres import PostgresStore

    own = PgServer()  # a server of its own: this test stops it
    try:
        init_server(own.url)
        add_login(own.url, "mme_offline", instructor=True)
        a = _assign(own.login_url("mme_offline"), TODAY, TODAY + timedelta(1), title="Offline")
        pupil = school_login(own, f"drill_offline_{os.getpid()}")
        data = tmp_path / "pc"
        with PostgresStore.open(pupil, data=data, clock=Clock(__import__("time").time())) as pc:
            pc.profile("Ana")
            assert pc.sync(30) and [x.id for x in pc.assignments()] == [a.id]
        own.stop()  # the network is down
        plan = exam_drill(a)._plan or []
        r = sabot(
            "drill", "--assignment", str(a.id), "--profile", "Ana",
            stdin="".join(q.expected + "\n" for q in plan), SABOT_DATABASE_URL=pupil,
            SABOT_DATA_DIR=str(data),
        )  # fmt: skip
        assert r.returncode == 0, r.stderr
        assert f"The exam {a.id} assigned on the school's server: Offline" in r.stdout
        assert "exam PASSED" in r.stdout
        assert "answers wait on this PC" in r.stderr  # sent with the next start
    finally:
        own.remove()
