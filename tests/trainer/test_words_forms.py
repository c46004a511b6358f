"""Said forms (`trainer.history.said_forms.said_form`): the few values a question's words are made
of, stored beside it so the export says it without parsing its JSON. Said from its form, every
question reads word for word as `describe_question` says it from its JSON, in every language;
a question of any other shape has no form and is said from its JSON as before."""

from __future__ import annotations

import copy
import json
import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.trainer.test_export_golden import build, exported
from trainer.game.rules import PRESETS, HouseRules
from trainer.history.said_forms import said_form, say_form
from trainer.history.words import FORM_SEP, describe_question
from trainer.i18n import set_language
from trainer.practice.skills import SKILLS

LANGUAGES = ("en", "fr", "it")


def _asked(per_skill: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """Questions of every skill under every preset, as the history stores them (JSON data)."""
    rng = random.Random(seed)
    asked = []
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        for name, skill in SKILLS.items():
            if skill.available(rules) is None:
                for _ in range(per_skill):
                    asked.append((name, json.loads(json.dumps(skill.make(rng, rules).data))))
    return asked


ASKED = _asked(40, 17)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_skill_s_questions_have_a_form_said_as_their_json_says_them(lang: str) -> None:
    set_language(lang)
    kinds = set()
    for skill, question in ASKED:
        form = said_form(skill, question)
        assert form is not None, (skill, question)  # the skills' own shapes: all of them
        assert say_form(form) == describe_question(question, skill), (lang, skill, form)
        kinds.add(form.split(FORM_SEP)[0])
    assert {skill for skill, _ in ASKED} == set(SKILLS)
    assert len(kinds) >= 20  # the skills' variants: split and stood announces, a table's …


def test_a_form_holds_no_language_and_is_short() -> None:
    """The same form whatever the language of the moment: it is stored once, said in any."""
    forms = [said_form(skill, q) for skill, q in ASKED]
    set_language("fr")
    assert [said_form(skill, q) for skill, q in ASKED] == forms
    stored = sum(len(json.dumps(q, separators=(",", ":"))) for _, q in ASKED)
    assert sum(len(f or "") for f in forms) < stored / 4


@pytest.mark.parametrize(
    ("skill", "question", "form"),
    [
        ("announce", {"cards": ["AS", "TD"], "box": 3, "split": False}, "an\x1f3\x1fA 10"),
        ("announce", {"cards": ["7C"], "box": "2", "split": True, "stood": True}, "aps\x1f2\x1f7"),
        ("pay-even", {"bet": "37.5", "box": 4, "result": "win"}, "pe\x1f4\x1f37.5"),
        (
            "pay-table",
            {"dealer": ["9C"], "cards": [["AD"], ["6S", "KC"]], "hands": ["1", "2.1"],
             "stakes": ["5"]},
            "pt\x1f9\x1fB1\x1eA\x1e5\x1fh2.1\x1e6 K",
        ),
    ],
)  # fmt: skip
def test_a_form_is_its_kind_then_its_values(skill: str, question: Any, form: str) -> None:
    assert said_form(skill, question) == form
    assert say_form(form) == describe_question(question, skill)


@pytest.mark.parametrize(
    ("skill", "question"),
    [
        ("announce", {"cards": "A6", "total": 17, "why": "x"}),  # an older shape
        ("announce", {"cards": ["AS", "6D"]}),  # no box
        ("announce", {"cards": ["AS", "6D"], "box": 3, "split": "yes"}),
        ("announce", {"cards": ["AS", "Z9"], "box": 3}),  # not a card
        ("announce", {"cards": ["AS"], "box": "3 4"}),  # a box with a space in it
        ("announce", {"cards": ["AS"], "box": "3\x1f4"}),
        ("announce", {"cards": ["AS"], "box": True}),
        ("announce", {"cards": ["AS"], "box": 3.0}),
        ("pay-behind", {"bets": [], "box": None, "shoe": ["AS"], "ok": True}),
        ("pay-table", {"dealer": ["9C"], "cards": [["AD"]], "stakes": [12.5]}),
        ("dealer", {"up": ["AS", "KD"]}),
        ("mystery", {"cards": [["AS", "TD"]]}),  # a skill without forms
        ("announce", {"deal": "Announce box 2", "kind": "announce", "cards": ["AS"], "box": 2}),
    ],
)
def test_a_question_of_another_shape_has_no_form(skill: str, question: Any) -> None:
    assert said_form(skill, question) is None


def test_a_form_of_a_kind_this_version_does_not_know_is_not_said() -> None:
    """A form written by a later version (a kind of its own): said from the JSON instead."""
    assert say_form("zz\x1f1\x1f2") is None
    assert say_form("pe\x1f4") is None  # a value short: not this version's "pe"


_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.sampled_from(["", "1", "2.1", "AS", "TD", "10H", "x y", "max", "half", "play", "seat"]),
    st.lists(st.sampled_from(["AS", "5D", "KC", "1", "2.1", "dealer", "Z"]), max_size=3),
    st.lists(st.lists(st.sampled_from(["AS", "5D", "9C"]), max_size=3), max_size=3),
    st.dictionaries(
        st.sampled_from(["seat", "behind-a", "behind-b"]), st.sampled_from(["5", "7.5"])
    ),
)


@settings(max_examples=300, deadline=None)
@given(
    pick=st.integers(0, len(ASKED) - 1),
    changes=st.lists(st.tuples(st.integers(0, 20), _VALUES), min_size=1, max_size=3),
    drop=st.integers(0, 20),
    lang=st.sampled_from(LANGUAGES),
)
def test_a_changed_question_has_no_form_or_one_said_as_its_json_says_it(
    pick: int, changes: list[tuple[int, Any]], drop: int, lang: str
) -> None:
    """Any question near a skill's own (a value of another type, a key gone): either no form,
    or a form said word for word as its JSON is."""
    skill, question = ASKED[pick]
    question = copy.deepcopy(question)
    keys = list(question)
    for at, value in changes:
        question[keys[at % len(keys)]] = value
    if drop < len(keys):
        del question[keys[drop]]
    set_language(lang)
    form = said_form(skill, question)
    if form is not None:
        assert say_form(form) == describe_question(question, skill)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_export_says_the_same_bytes_from_the_forms_as_from_the_json(
    tmp_path: Path, lang: str, fmt: str
) -> None:
    """The golden history (every skill under every preset, odd names, old shapes, unreadable
    questions) exported in each language: the same bytes with its said forms as without them."""
    path = tmp_path / "history.sqlite3"
    build(path)
    with closing(sqlite3.connect(path)) as check:
        (formed,) = check.execute("SELECT count(said) FROM attempt").fetchone()
        (items,) = check.execute("SELECT count(said) FROM item").fetchone()
    assert formed + items > 100
    set_language(lang)
    with_forms = exported(path, fmt, tmp_path / f"forms.{fmt}")
    with closing(sqlite3.connect(path, isolation_level=None)) as old:
        old.execute("UPDATE attempt SET said = NULL")
        old.execute("UPDATE item SET said = NULL")
    assert exported(path, fmt, tmp_path / f"json.{fmt}") == with_forms


def test_an_export_of_questions_each_its_own_reads_row_by_row_as_they_are_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More questions each its own than the export keeps (a few here): it stops keeping them, and
    starts again when questions come back; every row reads as the csv module writes it, its
    question in words as `describe_question` says its JSON."""
    import csv
    import io
    from datetime import UTC, datetime

    from trainer.commands import export
    from trainer.history.item_words import item_name
    from trainer.history.store import Store

    monkeypatch.setattr(export, "_SAID_AT_MOST", 64)
    monkeypatch.setattr(export, "_SAID_PAUSE", 512)
    path = tmp_path / "history.sqlite3"
    again = [(skill, q) for skill, q in ASKED[:: len(ASKED) // 5]]
    with Store.open(path) as store, store.batch():
        session = store.start_session("Anna", "practice", ["announce"], "p")
        for n in range(3000):  # each its own, then the same few again and again, then its own
            skill, question = again[n % 5] if 1000 <= n < 2000 else ASKED[n % len(ASKED)]
            asked = question if 1000 <= n < 2000 else dict(question, n=n)
            store.record(session, skill, f"{skill}:x", asked, str(n % 7), "3", n % 7 == 3, n)
    out = io.BytesIO()
    with Store.open(path) as store:
        rows = list(store.export_rows())
        assert export.write_export(iter(rows), out, "csv") == 3000
    want = io.StringIO(newline="")
    writer = csv.writer(want)
    writer.writerow(export.EXPORT_FIELDS)
    for name, session, mode, skill, item, stored, answer, expected, right, ms, at, _ in rows:
        words = describe_question(json.loads(stored), skill)
        when = datetime.fromtimestamp(at, UTC).isoformat()
        writer.writerow(
            [name, session, mode, skill, item, item_name(item), words, stored]
            + [answer, expected, right, ms, when]
        )
    assert out.getvalue().decode() == want.getvalue()


@pytest.mark.parametrize("collecting", [True, False])
def test_an_export_runs_with_automatic_collection_paused_and_leaves_it_as_found(
    collecting: bool,
) -> None:
    """The export's rows make no cycles: no automatic collection looks at them (nor at all the
    process holds besides) while it runs, and the collector is left on or off as it was found."""
    import gc
    import io

    from trainer.commands import export

    rows = [
        ("Anna", 1, "practice", skill, f"{skill}:x", json.dumps(dict(question, n=n)), "5", "5")
        + (1, 900, 1_700_000_000 + n, None)
        for n, (skill, question) in enumerate(ASKED * (3000 // len(ASKED) + 1))
    ]
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    gc.callbacks.append(seen)
    try:
        assert export.write_export(iter(rows), io.BytesIO(), "csv") == len(rows)
        assert gc.isenabled() is collecting
    finally:
        gc.callbacks.remove(seen)
        (gc.enable if was else gc.disable)()
    assert collections == []
