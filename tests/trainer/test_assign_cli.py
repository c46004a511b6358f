"""`sabot class URL assign|exams|withdraw` against a real PostgreSQL server (started by the tests;
skipped with the reason where it cannot be): what the instructor types, what is printed, and
every mistake said in one sentence with the usage status, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.cli import main
from trainer.game.rules import HouseRules
from trainer.history.postgres import PostgresStore
from trainer.history.server_exams import list_assignments
from trainer.history.server_setup import add_login, init_server
from trainer.i18n import format_date
from trainer.practice.drill import EXAM, Drill
from trainer.practice.skills import SKILLS

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
TODAY = date.today()


@pytest.fixture(scope="module")
def school(pg_server: PgServer) -> Iterator[tuple[PgServer, str]]:
    init_server(pg_server.url)
    add_login(pg_server.url, "mme_cli", instructor=True)
    yield pg_server, pg_server.login_url("mme_cli")


def _sabot(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _assign(url: str, *extra: str) -> list[str]:
    return [
        "class", url, "assign", "--skills", "pay-even,announce", "--seed", "42",
        "--time-limit", "15m", "--from", TODAY.isoformat(),
        "--to", (TODAY + timedelta(days=4)).isoformat(), *extra,
    ]  # fmt: skip


def test_an_instructor_assigns_an_exam_and_reads_each_trainees_best_try(
    school: tuple[PgServer, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    server, teacher = school
    status, out, err = _sabot(capsys, *_assign(teacher, "--title", "Payouts, week 1"))
    assert (status, err) == (0, "")
    (a,) = [x for x in list_assignments(teacher) if x.title == "Payouts, week 1"]
    assert out == (
        f"Exam assigned: {a.id}  Payouts, week 1 — open, {format_date(TODAY, short=True)} to "
        f"{format_date(TODAY + timedelta(days=4), short=True)}; seed 42, casino-fr, 15 min: "
        "Pay even money, Announce the point\n"  # the skills by their titles (--json: keys)
    )
    ana = school_login(server, f"cli_ana_{os.getpid()}")
    ben = school_login(server, f"cli_ben_{os.getpid()}")
    clock = Clock(__import__("time").time())
    with PostgresStore.open(ana, data=tmp_path / "a", clock=clock) as store:
        for right in (3, 4):
            d = Drill(
                [SKILLS[s] for s in a.skills], HouseRules.from_spec(a.preset), mode=EXAM,
                seed=a.seed, store=store, time_limit_s=a.time_limit_s, assignment=a.id,
            )  # fmt: skip
            assert d.session_id is not None
            for n, q in enumerate(d._plan or []):
                store.record(d.session_id, q.skill, q.item, {}, "x", "x", n < right, 1200)
            store.end_session(d.session_id)
        assert store.sync(30)
    with PostgresStore.open(ben, data=tmp_path / "b", clock=clock) as store:
        store.profile("Ben")
        assert store.sync(30)

    status, out, err = _sabot(capsys, "class", teacher, "exams")
    assert (status, err) == (0, "")
    block = out.split("\n\n")
    (mine,) = [b for b in block if b.startswith(f"{a.id}  Payouts, week 1")]
    lines = mine.splitlines()
    # the best try, and how long it took: its four answers of 1.2 s
    assert any(
        line.split() == [ana.rsplit("=", 1)[1], "passed", "4/4", "in", "4.8", "s", "(2", "tries)"]
        for line in lines
    )
    assert any(line.split() == [ben.rsplit("=", 1)[1], "not", "taken"] for line in lines)

    status, out, _ = _sabot(capsys, "class", teacher, "exams", "--json")
    (row,) = [r for r in json.loads(out) if r["id"] == a.id]
    results = {r["login"]: r for r in row["results"]}
    assert results[ana.rsplit("=", 1)[1]]["tries"] == 2
    assert results[ana.rsplit("=", 1)[1]]["best"]["passed"] is True
    assert results[ana.rsplit("=", 1)[1]]["best"]["duration_ms"] == 4 * 1200
    assert results[ben.rsplit("=", 1)[1]] == {
        "login": ben.rsplit("=", 1)[1],
        "tries": 0,
        "best": None,
    }
    assert row["state"] == "open" and row["skills"] == ["pay-even", "announce"]

    status, out, _ = _sabot(capsys, "class", teacher)  # the class view shows them too
    assert status == 0 and "Assigned exams" in out and f"{a.id}  Payouts, week 1" in out
    status, out, _ = _sabot(capsys, "class", teacher, "--json")
    assert a.id in [x["id"] for x in json.loads(out)["assignments"]]
    # the gradebook as CSV, as the class view's Reports menu writes it: a line per trainee
    status, out, err = _sabot(capsys, "class", teacher, "--gradebook")
    assert (status, err) == (0, "")
    import csv

    rows = [r for r in csv.DictReader(out.splitlines()) if r["exam_id"] == str(a.id)]
    by_login = {r["login"]: r for r in rows}
    ana_row = by_login[ana.rsplit("=", 1)[1]]
    assert (ana_row["exam"], ana_row["tries"], ana_row["verdict"]) == (
        "Payouts, week 1",
        "2",
        "passed",
    )
    assert (ana_row["right"], ana_row["questions"]) == ("4", "4")
    ben_row = by_login[ben.rsplit("=", 1)[1]]
    assert (ben_row["tries"], ben_row["verdict"]) == ("0", "")  # not taken
    with pytest.raises(SystemExit) as usage:  # one shape at a time
        _sabot(capsys, "class", teacher, "--csv", "--gradebook")
    assert usage.value.code == 2 and "not allowed with" in capsys.readouterr().err

    status, out, err = _sabot(capsys, "class", ana, "exams")  # a trainee sees their own
    assert status == 0 and ben.rsplit("=", 1)[1] not in out and "passed 4/4" in out

    status, out, err = _sabot(capsys, "class", teacher, "withdraw", str(a.id))
    assert (status, err) == (0, "") and out.startswith("Exam withdrawn (archived")
    # archived, not lost: listed as withdrawn, ana's best try kept
    status, out, err = _sabot(capsys, "class", teacher, "exams")
    (mine,) = [b for b in out.split("\n\n") if b.startswith(f"{a.id}  Payouts, week 1")]
    assert "— withdrawn," in mine and "passed 4/4" in mine
    status, out, err = _sabot(capsys, "class", teacher, "withdraw", "999999")
    assert status == 1 and err == (
        "sabot class: there is no assigned exam 999999 on the school's server\n"
    )


def test_a_retake_for_some_trainees_and_a_warning_for_days_all_past(
    school: tuple[PgServer, str], capsys: pytest.CaptureFixture[str]
) -> None:
    server, teacher = school
    ana = school_login(server, f"retake_ana_{os.getpid()}")
    ben = school_login(server, f"retake_ben_{os.getpid()}")
    ana_login = ana.rsplit("=", 1)[1]
    past = TODAY - timedelta(days=3)
    status, out, err = _sabot(
        capsys, "class", teacher, "assign", "--skills", "announce", "--seed", "7",
        "--time-limit", "10m", "--from", past.isoformat(), "--to", past.isoformat(),
        "--title", "Retake 1", "--trainees", ana_login,
    )  # fmt: skip
    assert status == 0 and f"(a retake for {ana_login})" in out
    # assigned all the same, with a warning: a try now would not count
    assert err == (
        f"sabot class: Every day of this exam is past (the last was "
        f"{format_date(past, short=True)}): no try at it will count.\n"
    )
    (r,) = [x for x in list_assignments(teacher) if x.title == "Retake 1"]
    assert r.logins == (ana_login,)
    assert [x.title for x in list_assignments(ana)].count("Retake 1") == 1
    assert "Retake 1" not in [x.title for x in list_assignments(ben)]  # not his to take
    status, out, err = _sabot(capsys, "class", teacher, "exams", "--json")
    (row,) = [x for x in json.loads(out) if x["id"] == r.id]
    assert row["trainees"] == [ana_login] and [x["login"] for x in row["results"]] == [ana_login]
    status, out, err = _sabot(capsys, *_assign(teacher, "--trainees", "nobody_here"))
    assert (
        status == 2 and err == "sabot class: The trainees: nobody_here are none of the class's.\n"
    )


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("--time-limit", "quarter"), "The time limit is minutes or hours"),
        (("--time-limit", "5h"), "The time limit is from 1 minute to 4 hours, not 5 h."),
        (("--from", "7/12"), "--from: a day is written 2026-12-07, not '7/12'."),
        (("--skills", "juggling"), "The skills: 'juggling' is not a skill"),
        (("--preset", "casino-de"), "The rules: 'casino-de' is not a preset"),
        (("--title", "x" * 81), "The title is at most 80 characters, not 81."),
    ],
)
def test_a_wrong_field_is_one_sentence_and_the_usage_status(
    school: tuple[PgServer, str],
    capsys: pytest.CaptureFixture[str],
    change: tuple[str, str],
    said: str,
) -> None:
    _, teacher = school
    args = _assign(teacher)
    flag, value = change
    if flag in args:
        args[args.index(flag) + 1] = value
    else:
        args += [flag, value]
    before = len(list_assignments(teacher))
    status, out, err = _sabot(capsys, *args)
    assert (status, out) == (2, "")
    assert err.startswith(f"sabot class: {said}") and err.count("\n") == 1, err
    assert len(list_assignments(teacher)) == before  # nothing assigned


def test_the_dates_the_wrong_way_round_and_a_bad_seed(
    school: tuple[PgServer, str], capsys: pytest.CaptureFixture[str]
) -> None:
    _, teacher = school
    args = _assign(teacher)
    args[args.index("--from") + 1] = (TODAY + timedelta(days=9)).isoformat()
    status, _, err = _sabot(capsys, *args)
    assert status == 2 and "The dates: the exam closes on" in err
    args = _assign(teacher)
    args[args.index("--seed") + 1] = "-4"
    with pytest.raises(SystemExit) as usage:
        main(args)
    assert usage.value.code == 2
    assert "a seed is a whole number from 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["class", teacher, "withdraw", "three"])
    assert "an assigned exam's number, as sabot class URL exams lists them" in (
        capsys.readouterr().err
    )


def test_a_trainee_cannot_assign_or_withdraw(
    school: tuple[PgServer, str], capsys: pytest.CaptureFixture[str]
) -> None:
    server, teacher = school
    pupil = school_login(server, f"cli_pupil_{os.getpid()}")
    status, out, err = _sabot(capsys, *_assign(pupil))
    assert (status, out) == (1, "")
    assert err == (
        f"sabot class: only an instructor can assign an exam: {pupil.rsplit('=', 1)[1]} is not "
        "one of the school's\n"
    )
    _sabot(capsys, *_assign(teacher))
    newest = list_assignments(teacher)[0]
    status, out, err = _sabot(capsys, "class", pupil, "withdraw", str(newest.id))
    assert status == 1 and "only an instructor can withdraw an exam" in err
    assert list_assignments(teacher)[0] == newest


def test_sabot_class_assign_on_the_command_line(school: tuple[PgServer, str]) -> None:
    _, teacher = school
    done = subprocess.run(
        [sys.executable, "-m", "trainer.cli", *_assign(teacher, "--lang", "fr")],
        capture_output=True, text=True, cwd=REPO, timeout=120,
        env=dict(os.environ, LANG="C.UTF-8"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Examen assigné")
    unreachable = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "class", "postgresql:///x?host=/nowhere", "exams"],
        capture_output=True, text=True, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert unreachable.returncode == 1
    assert unreachable.stderr.startswith("sabot class: cannot reach the school's server")
    assert "Traceback" not in unreachable.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "open, 7 Dec 2026 to 11 Dec 2026;"),
        ("fr", "ouvert, du 7 déc. 2026 au 11 déc. 2026\u202f;"),
        ("it", "7 dic 2026"),
    ],
)
def test_an_exam_s_days_are_written_as_the_language_writes_a_date(lang: str, said: str) -> None:
    from trainer import i18n
    from trainer.commands.assign import assignment_line
    from trainer.history.assignments import Assignment

    a = Assignment(
        3, ("pay-even",), 42, "casino-fr", 900, date(2026, 12, 7), date(2026, 12, 11), "Week 1"
    )
    i18n.set_language(lang)
    try:
        line = assignment_line(a, date(2026, 12, 8))
    finally:
        i18n.set_language("en")
    assert said in line and "2026-12-07" not in line, line
