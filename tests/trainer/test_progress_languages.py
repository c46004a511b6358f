"""The progress figures' words in French and Italian: the sessions list's deal shoes and
questions, what stands between a skill and mastery, the verdict's missing steps, the school's
status line — plurals by the language's rule, numbers and percentages as it writes them."""

from __future__ import annotations

import pytest

from trainer.history.interface import SyncStatus
from trainer.history.progress_data import (
    SessionLine,
    ShoeFacts,
    mastery_brief,
    mastery_gaps,
    readiness,
)
from trainer.history.stats import SkillStats
from trainer.i18n import format_percent, set_language

NB = "\u202f"


def _shoe(errors: int, boxes: int = 7, rounds: int = 22) -> SessionLine:
    # 22 rounds in 1650 s: 48 rounds an hour
    return SessionLine(1, 0.0, 1.0, "shoe", ("deal",), 100, 100 - errors, 0, None,
                       ShoeFacts(boxes, rounds, 1650.0))  # fmt: skip


def test_a_deal_shoe_in_the_sessions_list() -> None:
    assert _shoe(3).shoe_text == "Deal shoe · 7 boxes · 22 rounds · 48 rounds/h · 3 errors"
    assert _shoe(1, boxes=1, rounds=1).shoe_text.startswith("Deal shoe · 1 box · 1 round · ")
    set_language("fr")
    assert _shoe(3).shoe_text == "Sabot distribué · 7 cases · 22 coups · 48 coups/h · 3 erreurs"
    assert _shoe(0).shoe_text.endswith(" · 0 erreur")  # French: 0 takes the singular
    set_language("it")
    assert _shoe(0).shoe_text == (
        "Sabot distribuito · 7 riquadri · 22 colpi · 48 colpi/h · 0 errori"
    )


def test_questions_of_a_session_ended_early() -> None:
    line = SessionLine(1, 0.0, 1.0, "exam", ("announce",), 1234, 1200, 0, 2000)
    assert line.questions_text == "1,234 of 2,000 · incomplete"
    set_language("fr")
    assert line.questions_text == f"1{NB}234 sur 2{NB}000 · incomplet"
    set_language("it")
    assert line.questions_text == "1.234 su 2.000 · incompleto"


def _stats(**changes: object) -> SkillStats:
    base = dict(skill="announce", attempts=12, correct=10, total_ms=0, median_ms=None,
                p90_ms=None, recent_attempts=12, recent_correct=10, recent_median_ms=2500.0,
                target_s=2.0, mastered=False)  # fmt: skip
    base.update(changes)
    return SkillStats(**base)  # type: ignore[arg-type]


def test_what_stands_between_a_skill_and_mastery() -> None:
    english = mastery_gaps(_stats())
    assert english == (
        "38 more attempts (12 of 50)",
        "accuracy 83% over the last 12 (needs 95%)",
        "median 2.5\u00a0s over the last 12 (target 2.0\u00a0s)",
    )
    set_language("fr")
    assert mastery_gaps(_stats()) == (
        "encore 38 réponses (12 sur 50)",
        f"justesse de 83{NB}% sur les 12 dernières (il faut 95{NB}%)",
        "médiane de 2,5\u00a0s sur les 12 dernières (objectif 2,0\u00a0s)",
    )
    assert mastery_gaps(_stats(attempts=49))[0] == "encore 1 réponse (49 sur 50)"
    set_language("it")
    assert mastery_gaps(_stats())[1] == "precisione 83% sulle ultime 12 (serve 95%)"


def test_the_plan_s_times_are_written_as_the_skills_table_writes_them() -> None:
    # one screen, one format: home's plan said "median 5.08 s (target 2 s)" beside the
    # table's "5.1 s / 2.0 s"; both now come from format_seconds
    from trainer.i18n import format_seconds

    for language in ("en", "fr", "it"):
        set_language(language)
        median, target = format_seconds(5080), format_seconds(2000)
        said = mastery_gaps(_stats(recent_median_ms=5080.0, recent_correct=12))
        assert len(said) == 2 and median in said[1] and target in said[1]
    assert (median, target) == ("5,1\u00a0s", "2,0\u00a0s")


def test_what_stands_between_a_skill_and_mastery_in_a_word_or_two() -> None:
    # the cell of a table 1024 wide; the sentences above go in its tooltip
    assert mastery_brief(_stats()) == ("38 more attempts", "accuracy", "speed")
    assert mastery_brief(_stats(mastered=True)) == mastery_gaps(_stats(mastered=True)) == ()
    assert mastery_brief(_stats(target_s=None)) == ("no target", "38 more attempts", "accuracy")
    set_language("fr")
    assert mastery_brief(_stats()) == ("encore 38", "justesse", "temps")
    set_language("it")
    assert mastery_brief(_stats(attempts=60, recent_correct=12)) == ("tempo",)


def test_the_verdict_s_missing_steps_in_french() -> None:
    set_language("fr")
    verdict = readiness({"announce": _stats()}, [], ["announce", "dealer"])
    first, second, exam = verdict.missing
    assert first.startswith(f"Annoncer le point{NB}: encore 38 réponses")
    assert f"{NB}; justesse de 83{NB}%" in first
    assert second.endswith(f"{NB}: jamais pratiquée (50 réponses nécessaires)")
    assert exam == (f"Examen{NB}: pas encore passé (réussi à 90{NB}% avec chaque compétence)")


@pytest.mark.parametrize(
    ("status", "en", "fr", "it"),
    [
        (SyncStatus(False, 12), "offline — 12 answers waiting",
         "hors ligne — 12 réponses en attente", "non in linea — 12 risposte in attesa"),
        (SyncStatus(True, 1), "sending — 1 answer waiting",
         "envoi — 1 réponse en attente", "invio — 1 risposta in attesa"),
        (SyncStatus(False, 0), "offline — no answer waiting",
         "hors ligne — aucune réponse en attente", "non in linea — nessuna risposta in attesa"),
        (SyncStatus(True, 0), "school's server: every answer sent",
         f"serveur de l'école{NB}: toutes les réponses sont envoyées",
         "server della scuola: tutte le risposte sono inviate"),
    ],
)  # fmt: skip
def test_the_school_s_status_line(status: SyncStatus, en: str, fr: str, it: str) -> None:
    assert status.text == en
    set_language("fr")
    assert status.text == fr
    set_language("it")
    assert status.text == it


def test_percentages() -> None:
    assert (format_percent(0.855), format_percent(0.9, "fr"), format_percent(1, "it")) == (
        "86%",
        f"90{NB}%",
        "100%",
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "1,800 rounds/h"), ("fr", f"1{NB}800 coups/h"), ("it", "1.800 colpi/h")],
)
def test_a_fast_shoe_s_pace_is_grouped_as_the_language_writes_a_count(lang: str, said: str) -> None:
    # 22 rounds in 44 s, 1800 an hour: written "1800" in every language
    set_language(lang)
    line = SessionLine(1, 0.0, 1.0, "shoe", ("deal",), 100, 100, 0, None, ShoeFacts(7, 22, 44.0))
    assert f" · {said} · " in line.shoe_text
