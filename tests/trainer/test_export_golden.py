"""The export's bytes, held to golden files: a small fixed history (every skill's questions
under several house rules, odd names and answers, questions stored in an older shape or that
cannot be read) exported as CSV and as JSON must read exactly as the files in `data/` do.

The history's questions are in `data/export_history.json`, drawn once from the skills and kept,
so a change to a skill's questions does not move the golden files; a change to how the export
writes them does. When the export is meant to change, write the files anew and look at the
difference:

    python -m tests.trainer.test_export_golden
"""

from __future__ import annotations

import csv
import json
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.history import NOON, Clock
from trainer.commands.export import write_file
from trainer.history.store import Store

DATA = Path(__file__).parent / "data"
HISTORY = DATA / "export_history.json"
GOLDEN = {"csv": DATA / "export_golden.csv", "json": DATA / "export_golden.json"}

# names, answers and questions that are hard to write: quotes, commas, line ends, accents
PROFILES = ("Anna", 'Zoé "la croupière", Nice', "Bruno\tB")
ODD_ANSWERS = ("", "12, 13", 'say "21"', "line\nbreak", "cr\r\nlf", "ünï €5", " 7 ", "1,5")
# stored in a shape no skill's words read (an older version, say): listed key by key
OLD_SHAPES = (
    ("exposed-card", "exposed-card:box", {"n": 1}),
    ("announce", "announce:hard-9", {"cards": "A6", "total": 17, "why": "x"}),
    ("pay-behind", "pay-behind:win", {"bets": [], "box": None, "shoe": ["AS"], "ok": True}),
    ("dealer", "dealer:up-A", {"up": ["AS", "KD"], "extra": {"a": [1, 2], "b": False}}),
    ("mystery", "mystery:1", {"cards": [["AS", "TD"], ["9C"]], "flag": True, "x": 1.5}),
)
# stored forms no export can read: an unknown encoding, broken deflate, JSON that is no object
UNREADABLE = (b"\x07what", b"\x01\x00\xff\x13", "[1, 2]", '"text"', "{not json")


def draw_history(seed: int = 2026) -> list[dict[str, Any]]:
    """Questions of every skill under every preset, drawn from the skills (run once, kept)."""
    from trainer.game.rules import PRESETS, HouseRules
    from trainer.practice.skills import SKILLS

    rng = random.Random(seed)
    drawn = []
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        for name, skill in SKILLS.items():
            if skill.available(rules) is not None:
                continue
            for _ in range(4 if preset == "casino-fr" else 2):
                q = skill.make(rng, rules)
                drawn.append(
                    {
                        "preset": preset,
                        "skill": name,
                        "item": q.item,
                        "question": q.data,
                        "expected": q.expected,
                    }
                )
    return json.loads(json.dumps(drawn))  # as stored: tuples become lists


def build(path: Path) -> None:
    """The fixed history at `path`: sessions of every profile, minutes and days apart."""
    drawn = json.loads(HISTORY.read_text(encoding="utf-8"))
    rng = random.Random(11)
    clock = Clock(NOON - 40 * 86400)
    with Store.open(path, clock=clock) as store:
        attempt = 0
        for start in range(0, len(drawn), 9):
            part = drawn[start : start + 9]
            profile = PROFILES[start // 9 % len(PROFILES)]
            mode = ("practice", "challenge", "sprint", "exam")[start // 9 % 4]
            skills = sorted({d["skill"] for d in part})
            session = store.start_session(profile, mode, skills, part[0]["preset"])
            for d in part:
                clock.now += rng.choice((0.4, 1.7, 13, 59.5, 61, 3600))
                answer = d["expected"]
                if attempt % 5 == 3:
                    answer = ODD_ANSWERS[attempt // 5 % len(ODD_ANSWERS)]
                store.record(
                    session,
                    d["skill"],
                    d["item"],
                    d["question"],
                    answer,
                    d["expected"],
                    answer == d["expected"],
                    rng.randint(300, 40_000),
                )
                attempt += 1
            if start // 9 % 7 != 6:  # a few sessions never ended
                store.end_session(session)
            clock.now += rng.choice((300, 86400, 3 * 86400 + 17))
        session = store.start_session(PROFILES[1], "practice", ["announce"], "casino-fr")
        for d in drawn[::7]:  # asked again: the same stored questions, said the same
            clock.now += 2
            store.record(
                session,
                d["skill"],
                d["item"],
                d["question"],
                d["expected"],
                d["expected"],
                True,
                700,
            )
        store.end_session(session)
        session = store.start_session(PROFILES[0], "practice", ["announce"], "casino-fr")
        for skill, item, question in OLD_SHAPES:
            clock.now += 7
            store.record(session, skill, item, question, "9", "9", True, 1000)
        for n, _ in enumerate(UNREADABLE):
            clock.now += 3
            store.record(
                session,
                "announce",
                "announce:hard-9",
                {"cards": ["4C", "5D"], "n": n},
                "9",
                "9",
                True,
                1000,
            )
        store.end_session(session)
    with sqlite3.connect(path) as conn:  # the unreadable ones, as a damaged file holds them
        ids = [i for (i,) in conn.execute("SELECT id FROM attempt ORDER BY id DESC LIMIT 5")]
        for id, stored in zip(sorted(ids), UNREADABLE, strict=True):
            conn.execute("UPDATE attempt SET question = ? WHERE id = ?", (stored, id))
    conn.close()


def exported(path: Path, fmt: str, out: Path) -> bytes:
    with Store.open(path) as store:
        write_file(str(out), store.export_rows(None), fmt)
    return out.read_bytes()


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_is_byte_for_byte_the_golden_file(tmp_path: Path, fmt: str) -> None:
    build(tmp_path / "history.sqlite3")
    got = exported(tmp_path / "history.sqlite3", fmt, tmp_path / f"out.{fmt}")
    want = GOLDEN[fmt].read_bytes()
    assert len(got.splitlines()) == len(want.splitlines())
    for n, (line, golden) in enumerate(zip(got.splitlines(), want.splitlines(), strict=True)):
        assert line == golden, f"line {n + 1}"
    assert got == want


def test_a_profile_export_is_its_rows_of_the_whole(tmp_path: Path) -> None:
    """What the progress view writes: one trainee's rows, as the whole export has them."""
    build(tmp_path / "history.sqlite3")
    out = tmp_path / "out.csv"
    with Store.open(tmp_path / "history.sqlite3") as store:
        write_file(str(out), store.export_rows(PROFILES[1]), "csv")
    with GOLDEN["csv"].open(encoding="utf-8", newline="") as f:
        whole = list(csv.reader(f))
    with out.open(encoding="utf-8", newline="") as f:
        got = list(csv.reader(f))
    want = [whole[0]] + [row for row in whole[1:] if row[0] == PROFILES[1]]
    assert len(want) > 50 and got == want


def test_the_golden_history_holds_what_it_should(tmp_path: Path) -> None:
    """Every skill, odd answers, old shapes and unreadable questions: what the files test."""
    from trainer.practice.skills import SKILLS

    drawn = json.loads(HISTORY.read_text(encoding="utf-8"))
    assert {d["skill"] for d in drawn} == set(SKILLS)
    text = GOLDEN["csv"].read_text(encoding="utf-8")
    assert "(this stored question cannot be read)" in text
    assert '"Zoé ""la croupière"", Nice"' in text and '"line\nbreak"' in text
    assert "cards A6 · total 17" in text  # an old shape, listed key by key


if __name__ == "__main__":
    import tempfile

    if "--draw" in sys.argv:  # new questions: only when the skills' shapes must be covered anew
        HISTORY.write_text(json.dumps(draw_history(), ensure_ascii=False, indent=0) + "\n")
    with tempfile.TemporaryDirectory() as scratch:
        history = Path(scratch) / "history.sqlite3"
        build(history)
        for fmt, golden in GOLDEN.items():
            golden.write_bytes(exported(history, fmt, Path(scratch) / fmt))
            print(f"wrote {golden}")
