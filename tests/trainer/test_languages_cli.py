"""`sabot drill` in French and Italian, end to end: a subprocess with `--lang` (or the locale of
its environment), answers typed in that language, questions and feedback in it; and English,
the default, unchanged."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from trainer import vocabulary
from trainer.game.announce import announce, spoken

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def env(**extra: str) -> dict[str, str]:
    e = dict(os.environ)  # carries the test's SABOT_DATA_DIR
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("SABOT_PROFILE", None)
    e["PYTHONIOENCODING"] = "utf-8"
    e.update(extra)
    return e


def sabot(*args: str, stdin: str = "", **environ: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        input=stdin,
        cwd=REPO,
        env=env(**environ),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def said_in_words(words: str, lang: str) -> str:
    """An announcement as a trainee of `lang` says it aloud, numbers in words: "cinq ou
    quinze", "sedici", "sauté"."""
    if words in ("Black Jack", "bust"):
        return spoken(words, lang)
    low, joined, high = words.partition(" or ")
    name = vocabulary.NUMBERS[lang]
    if joined:
        return f"{name[int(low)][0]} {vocabulary.said('or', lang)} {name[int(high)][0]}"
    return name[int(words)][0]


def _pump(stream: Any, q: queue.Queue[str]) -> None:
    try:
        for line in stream:
            q.put(line)
    except (OSError, ValueError):
        pass  # the pipe went away with the process


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_drill_answered_in_the_trainee_s_language(lang: str) -> None:
    """Every question answered in words of the language, one at a time as it comes: each is
    read right, and the expected announcement is written as that language's dealer says it."""
    p = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "drill", "announce", "--lang", lang, "--json"]
        + ["--seed", "1", "--count", "12", "--mode", "sprint"],
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
    lines: queue.Queue[str] = queue.Queue()
    thread = threading.Thread(target=_pump, args=(p.stdout, lines), daemon=True)
    thread.start()
    seen_soft = False
    try:
        for _n in range(12):
            q = json.loads(lines.get(timeout=30))
            assert q["type"] == "question"
            words = announce(q["cards"], split=q["split"], closed=q["stood"])
            seen_soft |= " or " in words
            p.stdin.write(said_in_words(words, lang) + "\n")
            p.stdin.flush()
            v = json.loads(lines.get(timeout=30))
            assert v["type"] == "verdict" and v["correct"], (q, v)
            assert v["expected"] == spoken(words, lang)
            assert "[000]" in v["reason"] or "RULES.md" in v["reason"]
        summary = json.loads(lines.get(timeout=30))
        assert summary["type"] == "summary" and summary["correct"] == 12
        assert set(summary) >= {"mode", "attempts", "accuracy"}  # the keys stay English
    finally:
        p.stdin.close()
        p.wait(timeout=30)
        thread.join(timeout=30)
        p.stdout.close()
    assert seen_soft


FRENCH_ANSWERS = "seize\nsept ou dix-sept\nsauté\nBlack Jack\n7 ou 17\n6\n"


def test_a_french_drill_on_the_command_line() -> None:
    r = sabot("drill", "announce", "--lang", "fr", "--seed", "1", stdin=FRENCH_ANSWERS)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith(
        "Exercice Sabot — Annoncer le point (entraînement), règles casino-fr, graine 1"
    )
    assert "Tapez votre réponse puis Entrée" in out
    assert out.count("Annoncez le point") + out.count("Annoncez le point —") >= 6
    assert "(réponse\u202f: le point comme l'annonce le croupier" in out
    verdicts = [line.strip() for line in out.splitlines() if "✓" in line or "✗" in line]
    assert len(verdicts) == 6
    said = [v.removeprefix(">").strip() for v in verdicts]
    assert all(v.startswith(("✓ juste (", "✗ faux (")) for v in said), verdicts
    # a wrong answer's feedback: the announcement as a French dealer says it, and why
    wrong = [v for v in verdicts if "✗" in v]
    assert wrong and all("la réponse est «\u202f" in v for v in wrong)
    assert " or " not in out and "Announce" not in out and "right (" not in out
    assert "— entraînement terminé —" in out and "justes (" in out
    assert r.stderr == ""


def test_an_italian_drill_follows_the_locale() -> None:
    r = sabot(
        "drill",
        "announce",
        "--seed",
        "1",
        stdin="sedici\nsette o diciassette\nsballato\n",
        LANG="it_IT.UTF-8",
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith(
        "Esercizio Sabot — Annunciare il punto (allenamento), regole casino-fr, seme 1"
    )
    assert "Annuncia il punto" in out
    verdicts = [line.strip() for line in out.splitlines() if "✓" in line or "✗" in line]
    assert len(verdicts) == 3
    said = [v.removeprefix(">").strip() for v in verdicts]
    assert all(v.startswith(("✓ giusto (", "✗ sbagliato (")) for v in said), verdicts
    assert "— allenamento finito —" in out


def test_lang_comes_before_the_locale() -> None:
    r = sabot("drill", "announce", "--lang", "en", "--seed", "1", stdin="8\n", LANG="fr_FR.UTF-8")
    assert r.returncode == 0, r.stderr
    assert "Announce the point" in r.stdout and "Annoncez" not in r.stdout


def test_english_is_the_default_and_reads_english_only() -> None:
    r = sabot("drill", "announce", "--seed", "1", stdin="seize\n8\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith("Sabot drill — Announce the point (practice), rules casino-fr, seed 1")
    assert "Announce the point" in out
    # "seize" is no English word: not read, not scored, asked again
    assert "? expected a point like" in out
    assert "✓ right (" in out or "✗ wrong (" in out
    assert "— practice over —" in out


def test_a_usage_mistake_is_said_in_the_language() -> None:
    r = sabot("drill", "nonsense", "--lang", "fr")
    assert r.returncode == 2
    assert r.stderr.startswith("sabot drill: compétence inconnue 'nonsense'")
