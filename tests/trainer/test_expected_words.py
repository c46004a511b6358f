"""A stored right answer said again in the language of the moment: an export's `expected` column
is in the export's language, as its `question` and `item_name` are, whatever the language the
question was asked in ("3 or 13" in an English export of a question asked in French)."""

from __future__ import annotations

import csv
import io
import random

import pytest

from trainer import i18n
from trainer.game.rules import PRESETS, HouseRules
from trainer.history.expected_words import expected_now
from trainer.practice.skills import SKILLS

LANGS = ("en", "fr", "it")


@pytest.fixture
def speaking():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


def _made(skill: str, rules: HouseRules, seed: int, lang: str):
    i18n.set_language(lang)
    return SKILLS[skill].make(random.Random(seed), rules)


@pytest.mark.parametrize("asked", LANGS)
def test_every_skill_s_right_answer_is_said_in_the_language_of_the_moment(speaking, asked):
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        for name, s in SKILLS.items():
            if s.available(rules) is not None:
                continue
            for seed in range(25):
                stored = _made(name, rules, seed, asked).expected
                for now in LANGS:
                    said = _made(name, rules, seed, now).expected
                    speaking(now)
                    assert expected_now(name, stored) == said, (preset, name, seed, asked, now)


def test_what_cannot_be_read_stays_as_stored(speaking):
    speaking("fr")
    for skill, stored in (
        ("procedure", "burn"),  # a deal step's keyword
        ("pay-even", "collect"),
        ("announce", "xyz"),
        ("no-such-skill", "3 or 13"),
        ("procedure", "a sentence no skill makes"),
        ("announce", ""),
    ):
        assert expected_now(skill, stored) == stored
    assert expected_now("pay-blackjack", "7.5") == "7,50"  # the history's own form


def test_an_export_says_the_right_answer_in_its_language(speaking, tmp_path, monkeypatch):
    from trainer.commands.export import write_file
    from trainer.history.store import Store

    monkeypatch.setenv("SABOT_DATA_DIR", str(tmp_path))
    rules = HouseRules.from_spec("casino-fr")
    store = Store.open()
    try:
        session = store.start_session("ana", "practice", ["announce", "outcome"], rules.preset, 1)
        asked = {}
        for lang, seed in (("fr", 3), ("it", 4), ("en", 5)):
            for name in ("announce", "outcome", "pay-blackjack", "deal-order", "procedure"):
                q = _made(name, rules, seed, lang)
                store.record(session, name, q.item, q.data, q.expected, q.expected, True, 900)
                asked[(name, q.item, q.expected)] = (lang, seed)
        store.end_session(session)
        for now in LANGS:
            speaking(now)
            out = tmp_path / f"export-{now}.csv"
            write_file(str(out), store.export_rows(None), "csv")
            rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
            assert len(rows) == 15
            for row in rows:
                lang, seed = asked[(row["skill"], row["item"], row["answer"])]
                said = _made(row["skill"], rules, seed, now).expected
                assert row["expected"] == said, (lang, now, row)
                speaking(now)
    finally:
        store.close()


# -- a skill named by its title on the command line ------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_skill_is_named_by_its_title_in_every_language(speaking, lang):
    from trainer.practice.drill import resolve_skills, skill_named

    speaking(lang)
    rules = HouseRules.from_spec("casino-fr")
    for name, s in SKILLS.items():
        assert skill_named(name) == name
        assert skill_named(s.title) == name, s.title
        assert skill_named(s.title.upper()) == name  # case aside
    assert [s.name for s in resolve_skills("Annoncer le point, pay-bl", rules)] == [
        "announce",
        "pay-blackjack",
    ]
    assert skill_named("il tiro del mazziere") == "dealer" and skill_named("annonc") == "announce"
    assert skill_named("carte exposee") == "exposed-card"  # accents aside
    speaking("en")
    with pytest.raises(ValueError, match="names several skills"):
        skill_named("pay")
    with pytest.raises(ValueError, match="--list"):
        skill_named("tirage au sort")


def test_the_command_line_takes_and_lists_skills_by_title(tmp_path):
    from tests.trainer.commandline import run_sabot

    r = run_sabot(tmp_path, "drill", "--list", "--lang", "fr", "--preset", "online")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert any(ln.split() == ["announce", "Annoncer", "le", "point"] for ln in lines), lines
    assert any(ln.startswith("pay-behind") and "online" in ln for ln in lines)  # not dealt there
    r = run_sabot(
        tmp_path, "drill", "Annoncer le point", "--count", "1", "--seed", "2", "--lang", "fr",
        "--new-profile", "--json", stdin="16\n",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert '"skill": "announce"' in r.stdout
    r = run_sabot(tmp_path, "drill", "--help", "--lang", "it")
    assert "announce (Annunciare il punto)" in " ".join(r.stdout.split())
    r = run_sabot(tmp_path, "drill", "pagare", "--lang", "it")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "più abilità" in r.stderr
