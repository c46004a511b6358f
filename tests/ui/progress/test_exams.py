"""The progress view's exam, on the Readiness tab: the exam passed, or the best try, with how long
it took (its answers' times summed), in English and in French — where the best try not passed
was said in English only (its sentence was looked for by its English head, "Exam:")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.trainer.history import DAY, Clock
from trainer import i18n
from trainer.history.store import Store
from trainer.practice.skills import SKILLS
from trainer.settings import Settings
from ui.progress.window import ProgressWindow

NOW = time.time()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "history.sqlite3", clock=Clock(NOW - 2 * DAY)) as opened:
        yield opened


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    s = Settings(tmp_path / "settings.json")
    s.prefs.profile = "Anna"
    return s


def exam(store: Store, right: int, ms: int) -> None:
    """An exam of every skill, two answers each, the first `right` right, each in `ms`."""
    names = list(SKILLS)
    session = store.start_session("Anna", "exam", names, "casino-fr", 42, len(names) * 2)
    with store.batch():
        for n, skill in enumerate(s for s in names for _ in range(2)):
            store.record(session, skill, f"{skill}:e{n}", {}, "x", "x", n < right, ms)
    store.end_session(session)


def exam_row(qtbot, store: Store, settings: Settings) -> str:
    window = ProgressWindow(store, settings)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=20_000):
        window.resize(1100, 760)
        window.show()
    table = window.readiness.table
    return table.item(table.rowCount() - 1, 2).text()


def test_the_best_try_not_passed_says_how_long_it_took(qtbot, store, settings, english_after):
    exam(store, 10, 12_000)  # 40 answers of 12 s: 8 min 00 s, 10 right
    said = exam_row(qtbot, store, settings)
    assert "scored 25%" in said, said
    assert said.endswith("; it took 8\u00a0min 00\u00a0s"), said
    i18n.set_language("fr")
    said = exam_row(qtbot, store, settings)
    assert said.startswith("pas encore réussi"), said  # was empty: looked for "Exam:"
    assert said.endswith("\u202f; il a duré 8\u00a0min 00\u00a0s"), said


def test_the_exam_passed_says_how_long_it_took(qtbot, store, settings, english_after):
    exam(store, 40, 4_000)  # 40 right of 40, 2 min 40 s
    said = exam_row(qtbot, store, settings)
    assert said.startswith("passed on ") and said.endswith(
        ": 40 right of 40 (100%) in 2\u00a0min 40\u00a0s"
    ), said
    i18n.set_language("it")
    said = exam_row(qtbot, store, settings)
    assert said.startswith("superato il ") and said.endswith(" in 2\u00a0min 40\u00a0s"), said
