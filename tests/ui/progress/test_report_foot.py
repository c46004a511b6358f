"""The PDF report's footnote stands whole at the page's foot in every language (in English and
Italian it ran past it, cut, under a long list of items to work on), and its rules line says the
options in words, never their values ("séparer par rank", "divisione per rank")."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.ui.progress.test_report import _Recorder
from trainer import i18n
from trainer.game.rules import PRESETS, HouseRules
from trainer.history import progress_data as pd
from trainer.history.store import Store
from trainer.practice.skills import TARGETS
from ui.progress import report

NOW = time.time()
A4_W, A4_H, MARGIN_X, MARGIN_Y = 2480, 3508, 189, 165  # 300 dpi, the report's margins


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.bench.bench_progress import fill_history

    path = tmp_path_factory.mktemp("report") / "history.sqlite3"
    # many weak items: the list of items to work on as long as it gets
    fill_history(path, 6000, days=40, profiles={"Anna-Maria Fernández-López": (1.0, 0.3)})
    return path


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_footnote_stands_whole_on_the_page(qapp, history, english_after, lang):
    i18n.set_language(lang)
    with Store.open(history) as store:
        progress = pd.load_progress(store, "Anna-Maria Fernández-López", TARGETS, now=NOW)
    rules = report.rules_line(HouseRules.from_spec("casino-it"))
    image = QImage(A4_W, A4_H, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = _Recorder(image)
    height = A4_H - 2 * MARGIN_Y
    page = report._Page(painter, A4_W - 2 * MARGIN_X, painter.font().family(), height)
    bottom = report._draw(page, progress, rules, NOW)
    painter.end()
    footnote = painter.texts[-1]
    from ui.language import mastery_figures

    # the last text drawn: the footnote, the mastery bar in the language's words
    assert str(mastery_figures()["attempts"]) in footnote and len(footnote) > 200
    assert bottom <= height, (bottom, height)


@pytest.mark.parametrize(
    ("lang", "split", "leaks"),
    [
        ("en", "split two cards of a value", ("by rank", "by value")),
        ("fr", "séparer deux cartes de même valeur", ("par rank", "par value")),
        ("it", "divisione di due carte dello stesso valore", ("per rank", "per value")),
    ],
)
def test_the_rules_line_says_the_options_in_words(english_after, lang, split, leaks):
    i18n.set_language(lang)
    line = report.rules_line(HouseRules.from_spec("casino-it"))
    assert split in line
    for name in PRESETS:
        said = report.rules_line(HouseRules.from_spec(name))
        assert not any(leak in said for leak in leaks), said
        # the values of the options, as the settings file writes them, never shown
        assert not {"9-11", "10-11"} & set(said.replace(",", " ").split()), said
