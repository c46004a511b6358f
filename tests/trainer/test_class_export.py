"""The class's grid as CSV (`sabot class URL --csv`, the class view's "The grid as CSV…"), and an
instructor's login refused practice on the command line with the true reason — on a real
PostgreSQL server where the server is involved (started by the tests; skipped with the reason
where it cannot be)."""

from __future__ import annotations

import csv
import io
import os
from datetime import UTC, datetime
from pathlib import Path

from tests.trainer.commandline import run_sabot
from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.commands.class_export import CLASS_FIELDS, class_lines
from trainer.history.classview import ClassView, SkillCell, TraineeRow
from trainer.history.postgres import PostgresStore
from trainer.history.server_setup import add_login


def _cell(skill: str, right: int, of: int, median: float | None, mastered: bool) -> SkillCell:
    return SkillCell(skill, of, of, right, median, 0, 0, 2.0, mastered)


def _read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_the_grid_is_a_line_per_trainee_and_skill_with_every_figure() -> None:
    at = datetime(2026, 12, 7, 14, 5, tzinfo=UTC)
    view = ClassView(
        0.0,
        ("announce", "dealer"),
        (
            TraineeRow(
                "ana",
                {
                    "announce": _cell("announce", 30, 30, 900.0, True),
                    "dealer": _cell("dealer", 14, 28, 3125.0, False),
                },
                at,
                (),
                False,
                (),
            ),
            TraineeRow(
                "bob",
                {s: _cell(s, 0, 0, None, False) for s in ("announce", "dealer")},
                None,
                (),
                False,
                ("no practice yet",),
            ),
        ),
    )
    text = "".join(class_lines(view))
    assert text.startswith(",".join(CLASS_FIELDS) + "\r\n")
    rows = _read(text)
    assert [(r["login"], r["skill"]) for r in rows] == [
        ("ana", "announce"),
        ("ana", "dealer"),
        ("bob", "announce"),
        ("bob", "dealer"),
    ]
    ana = rows[1]
    assert ana["skill_title"] == "Dealer's draw"
    assert (ana["answers"], ana["last_answers"], ana["right"]) == ("28", "28", "14")
    assert (ana["accuracy"], ana["median_s"], ana["target_s"]) == ("0.500", "3.12", "2")
    assert (ana["mastered"], ana["ready"]) == ("0", "0")
    assert ana["last_activity"] == "2026-12-07T14:05:00+00:00"
    assert rows[0]["mastered"] == "1"
    never = rows[2]  # a trainee who has not answered: the figures empty, not zero per cent
    assert never["answers"] == "0" and never["right"] == never["accuracy"] == ""
    assert never["median_s"] == never["last_activity"] == ""


def test_a_cell_a_spreadsheet_would_run_is_made_inert_as_the_export_makes_it() -> None:
    # a login is [a-z0-9_] on a real server; the grid guards every cell all the same, with the
    # export's own code (`export.csv_line`)
    row = TraineeRow(
        '=HYPERLINK("http://x","y")',
        {"announce": _cell("announce", 1, 2, 900.0, False)},
        None,
        (),
        False,
        (),
    )
    rows = _read("".join(class_lines(ClassView(0.0, ("announce",), (row,)))))
    assert rows[0]["login"] == '\'=HYPERLINK("http://x","y")'
    assert rows[0]["accuracy"] == "0.500"  # a number stays a number


def _practise(server: PgServer, tmp_path: Path, login: str, marks: str) -> str:
    url = school_login(server, login)
    clock = Clock()
    with PostgresStore.open(url, data=tmp_path / login, clock=clock) as store:
        sid = store.start_session("default", "practice", ["announce"], "casino-fr")
        for n, mark in enumerate(marks):
            clock.now += 5
            store.record(sid, "announce", "hard-14", {"n": n}, "14", "14", mark == "1", 900)
        store.end_session(sid)
        assert store.sync(30)
    return url


def test_sabot_class_csv_on_a_server(pg_server: PgServer, tmp_path: Path) -> None:
    login = f"csv_{os.getpid()}"
    _practise(pg_server, tmp_path, login, "10" * 20)
    add_login(pg_server.url, "csv_roux", instructor=True)
    r = run_sabot(tmp_path / "data", "class", pg_server.login_url("csv_roux"), "--csv")
    assert r.returncode == 0, r.stderr
    rows = _read(r.stdout)
    mine = {row["skill"]: row for row in rows if row["login"] == login}
    assert mine["announce"]["right"] == "15" and mine["announce"]["last_answers"] == "30"
    assert mine["announce"]["answers"] == "40" and mine["announce"]["mastered"] == "0"
    assert mine["dealer"]["answers"] == "0"
    assert "csv_roux" not in {row["login"] for row in rows}  # the instructor is none of the class


def test_an_instructors_login_is_refused_practice_in_one_sentence(
    pg_server: PgServer, tmp_path: Path
) -> None:
    school_login(pg_server, f"cli_trainee_{os.getpid()}")  # the schema, made once
    add_login(pg_server.url, "cli_roux", instructor=True)
    url = pg_server.login_url("cli_roux")
    data = tmp_path / "data"
    for args in (("drill", "announce"), ("deal",)):
        r = _with_url(data, url, *args)
        assert r.returncode == 1, r.stdout
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
        assert "cli_roux is an instructor's login" in r.stderr
        assert "could not be reached" not in r.stderr and "already saved" not in r.stderr
        assert not r.stdout.strip()  # no question asked
    # in French too
    r = _with_url(data, url, "--lang", "fr", "drill", "announce")
    assert r.returncode == 1 and "cli_roux" in r.stderr and "instructor's" not in r.stderr


def _with_url(data: Path, url: str, *args: str):
    import subprocess
    import sys

    from tests.trainer.commandline import REPO, cli_env

    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        input="14\n" * 3,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env(data, PYTHONIOENCODING="utf-8", SABOT_DATABASE_URL=url),
        cwd=REPO,
        timeout=120,
    )


def test_the_server_refusing_an_instructors_answers_says_why_to_the_end(
    pg_server: PgServer, tmp_path: Path
) -> None:
    # offline at the start, the practice went on: the server, reached, refuses the answers;
    # the reason stays said once the store is closed (the command line's last words), never
    # "could not be reached"
    school_login(pg_server, f"sender_trainee_{os.getpid()}")
    add_login(pg_server.url, "sender_roux", instructor=True)
    store = PostgresStore.open(pg_server.login_url("sender_roux"), data=tmp_path / "pc")
    sid = store.start_session("default", "practice", ["announce"], "casino-fr")
    store.record(sid, "announce", "hard-14", {"n": 1}, "14", "14", True, 900)
    assert not store.sync(10)
    status = store.status()
    assert status.online and status.waiting == 1
    assert status.problem == (
        "this login may not add answers: an instructor's keeps none on the server"
    )
    assert "refuses them (this login may not add answers" in status.text
    store.close(wait_s=2)
    assert store.left_waiting == 1
    assert store.status().problem == status.problem


def test_the_gradebook_is_a_line_per_exam_and_trainee_with_the_best_try() -> None:
    from datetime import date

    from trainer.commands.class_export import GRADEBOOK_FIELDS, gradebook_lines
    from trainer.history.assignments import Assignment, AssignmentResult
    from trainer.history.exams import ExamResult

    exam = Assignment(
        7, ("announce",), 42, "casino-fr", 600, date(2026, 12, 1), date(2026, 12, 5), "=Week 2"
    )
    passed = ExamResult(1, 1764590400.0, True, 28, 27, (), 28)
    cut = ExamResult(2, 1764590400.0, True, 9, 7, (), 28)
    results = (
        AssignmentResult("ana", 2, passed),
        AssignmentResult("bob", 1, cut),
        AssignmentResult("eve", 0, None),
    )
    view = ClassView(0.0, ("announce",), (), ((exam, results),))
    text = "".join(gradebook_lines(view))
    assert text.splitlines()[0] == ",".join(GRADEBOOK_FIELDS)
    rows = _read(text)
    assert [r["login"] for r in rows] == ["ana", "bob", "eve"]
    assert rows[0]["exam"] == "'=Week 2"  # a title a spreadsheet would run is made inert
    assert (rows[0]["verdict"], rows[0]["right"], rows[0]["questions"]) == ("passed", "27", "28")
    assert rows[0]["tries"] == "2" and rows[0]["started"].startswith("2025-12-01T12:00")
    # the Gradebook tab's verdict: a try cut short is incomplete, never failed
    assert (rows[1]["verdict"], rows[1]["answered"]) == ("incomplete", "9")
    assert rows[2]["verdict"] == "" and rows[2]["tries"] == "0"  # not taken
