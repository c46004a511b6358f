"""`sabot deal` in the terminal in French and Italian: the header names the mode and the rate
of incidents, the hints and the verdicts give the table's words (which the reader takes), a
bad seed is said in the language, the table's lines keep French spacing, and a narrow no-break
space is printed as a space, not as an escape."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trainer.commandline import run_sabot
from trainer import i18n, vocabulary
from trainer.commands.common import printable
from trainer.commands.drill import table_lines
from trainer.game.rules import HouseRules
from trainer.practice import deal_words
from trainer.practice.deal import DealShoe
from trainer.practice.deal_steps import ACTION_WORDS
from trainer.practice.deal_words import action_word

REPO = Path(__file__).resolve().parents[2]
NB = "\u202f"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _right_answers(tmp_path: Path, *args: str, steps: int) -> list[dict]:
    """The first `steps` steps of a seeded shoe with their right answers (--json --transcript)."""
    env = dict(os.environ, SABOT_DATA_DIR=str(tmp_path), PYTHONPATH=str(REPO))
    p = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "deal", "--json", "--transcript", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, encoding="utf-8", env=env, cwd=REPO,
    )  # fmt: skip
    assert p.stdin and p.stdout
    found = []
    for line in p.stdout:
        ev = json.loads(line)
        if ev["type"] == "step":
            found.append(ev)
            if len(found) == steps:
                break
            p.stdin.write(ev["expected"] + "\n")
            p.stdin.flush()
    p.stdin.close()
    p.stdout.close()
    p.wait(timeout=60)
    return found


@pytest.mark.slow
def test_a_shoe_dealt_in_french_in_the_terminal_speaks_french(tmp_path: Path) -> None:
    args = ("--seed", "11", "--boxes", "5", "--incidents", "frequent")
    steps = _right_answers(tmp_path / "a", *args, steps=80)
    # every step right, except a collected hand first paid 1 and a dealer's stand typed wrong
    lines = []
    wrong = {}
    for s in steps:
        if s["expected"] in ("collect", "stand") and s["expected"] not in wrong:
            wrong[s["expected"]] = s
            lines.append("5" if s["expected"] == "collect" else "banana")
        lines.append(s["expected"])
    assert set(wrong) == {"collect", "stand"}
    p = run_sabot(tmp_path / "b", "--lang", "fr", "deal", *args, stdin="\n".join(lines) + "\n")
    out = p.stdout
    assert p.returncode == 0, p.stderr
    assert out.startswith(
        "Sabot, distribution — 5 cases, casino-fr, entraînement, incidents fréquents, graine 11."
    )
    assert "égalité/encaisser, tirer/rester" in out and "push/collect" not in out
    # the table: French spacing before the colon
    assert f"case 1 (assis 100){NB}: 4" in out
    # the hints and the verdicts in the table's words
    assert f"le montant payé, ou «{NB}égalité{NB}» / «{NB}encaisser{NB}»" in out
    words = ", ".join(action_word(w, "fr") for w in ACTION_WORDS)
    assert f"l'un de{NB}: {words}" in out
    assert f"✗ encaisser{NB}: le croupier encaisse" in out
    assert f"? attendu l'un de ces mots{NB}: {words}" in out
    assert "\\u202f" not in out  # printed as the space it is
    for english in ("push", "collect", "draw", "insurance", "practice", "frequent"):
        assert f"«{NB}{english}" not in out and f" {english} " not in out, english


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "une graine est un nombre entier de 0 à 9223372036854775807"),
        ("it", "un seme è un numero intero da 0 a 9223372036854775807"),
    ],
)
def test_a_bad_seed_for_a_shoe_is_said_in_the_language(tmp_path: Path, lang, said) -> None:
    p = run_sabot(tmp_path, "--lang", lang, "deal", "--seed", "-5")
    assert p.returncode == 2 and p.stderr.strip() == f"sabot deal: {said}"


@pytest.mark.slow
def test_the_largest_count_of_a_drill_is_written_as_the_language_writes_numbers(tmp_path) -> None:
    p = run_sabot(tmp_path, "--lang", "fr", "drill", "announce", "--count", "0")
    assert p.returncode == 2 and f"de 1 à 100{NB}000" in p.stderr, p.stderr
    p = run_sabot(tmp_path, "drill", "announce", "--count", "0")
    assert "at most 100,000" in p.stderr


def test_a_no_break_space_is_printed_as_it_is_and_an_escape_is_not() -> None:
    assert printable(f"Case 1{NB}: «{NB}non{NB}» \u00a0") == f"Case 1{NB}: «{NB}non{NB}» \u00a0"
    assert printable("Hu\x1bgo\u202e") == "Hu\\x1bgo\\u202e"


def test_the_table_s_lines_keep_french_spacing() -> None:
    i18n.set_language("fr")
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=3)
    steps = shoe.next_round()
    lines = table_lines(steps[-1].view)
    boxes = [line for line in lines if line.startswith("case ")]
    assert boxes and all(f"){NB}: " in line for line in boxes if ": " in line)
    assert not any(") : " in line or "): " in line for line in boxes)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_dealer_s_words_are_the_vocabulary_s_and_read_as_their_action(lang: str) -> None:
    for action, meaning in deal_words._ACTION_MEANINGS.items():
        word = action_word(action, lang)
        assert word == vocabulary.DEALER_SAID[lang][meaning]
        assert word in vocabulary.words(meaning, [lang]), (lang, word)
        assert deal_words.words_read(lang).actions[word.casefold()] == action, word
    assert [action_word(w, "en") for w in ACTION_WORDS] == list(ACTION_WORDS)
