"""The instructor's PDF report: the trainee and the rules in its header, times in hours and
minutes, and every text whole (set smaller or wrapped, never cut with "…")."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QPainter

from trainer.game.rules import HouseRules
from trainer.history import progress_data as pd
from trainer.history.store import Store
from trainer.practice.skills import TARGETS
from ui.progress import report

NOW = time.time()


def test_time_reads_in_hours_and_minutes() -> None:
    assert report.hours_minutes(0) == "under a minute"
    assert report.hours_minutes(45 * 60_000) == "45 min"
    assert report.hours_minutes(12.1 * 3_600_000) == "12 h 06 min"
    assert report.hours_minutes(3_600_000) == "1 h 00 min"


def test_the_rules_in_the_table_s_words() -> None:
    line = report.rules_line(HouseRules.from_spec("casino-fr"))
    assert line.startswith("casino-fr: 6 decks, 7 boxes, no hole card, Black Jack pays 3:2")
    assert "table 5 to 500" in line
    home = report.rules_line(HouseRules.from_spec("home"))
    assert "a hole card" in home and "no doubling" in home and "no split" in home


class _Recorder(QPainter):
    """A painter that keeps every text the report draws."""

    def __init__(self, device) -> None:
        super().__init__(device)
        self.texts: list[str] = []

    def drawText(self, *args) -> None:  # noqa: N802 - Qt's name
        self.texts.append(next(a for a in args if isinstance(a, str)))
        super().drawText(*args)


@pytest.fixture
def long_history(tmp_path: Path) -> pd.Progress:
    from tests.bench.bench_progress import fill_history

    name = "Anna-Maria Fernández-López de la Cruz y Villanueva"
    path = tmp_path / "history.sqlite3"
    fill_history(path, 6000, days=40, profiles={name: (1.0, 0.3)})
    with Store.open(path) as store:
        return pd.load_progress(store, name, TARGETS, now=NOW)


def test_nothing_is_cut_and_the_header_names_the_trainee_and_the_rules(qapp, long_history):
    progress = long_history
    rules = report.rules_line(HouseRules.from_spec("casino-it"))
    image = QImage(2480, 3508, QImage.Format.Format_RGB32)  # A4 at 300 dpi, as the PDF
    image.fill(0xFFFFFFFF)
    painter = _Recorder(image)
    page = report._Page(painter, 2480 - 2 * 189, painter.font().family())
    report._draw(page, progress, rules, NOW)
    painter.end()
    texts = painter.texts
    assert not [t for t in texts if "…" in t]
    title, who, facts = report.header_lines(progress, rules, NOW)
    assert title == f"Progress report — {progress.profile}" and title in texts
    assert who == f"Trainee: {progress.profile} · House rules {rules}" and who in texts
    assert "Sabot · " + facts in texts
    assert report.hours_minutes(progress.answering_ms) + " answering" in facts
    assert f"{progress.attempts:,} answers" in facts
    # every "still missing" sentence whole, however long
    shown = progress.readiness.missing[: report.MISSING_LINES - 1]  # the rest: one paragraph
    assert shown and all("• " + line in texts for line in shown)


def test_the_report_is_a_pdf(qapp, long_history, tmp_path):
    out = tmp_path / "report.pdf"
    report.write_report(out, long_history, rules="casino-fr", now=NOW)
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("lang", "month"), [("fr", "déc."), ("it", "dic"), ("en", "Dec")])
def test_the_report_s_days_are_written_as_the_language_writes_a_date(
    qapp, long_history, lang, month
):
    from datetime import datetime

    from trainer import i18n

    now = datetime(2026, 12, 7, 15, 0).timestamp()
    i18n.set_language(lang)
    try:
        _, _, facts = report.header_lines(long_history, "casino-fr", now)
    finally:
        i18n.set_language("en")
    first, last = long_history.days[0].day, long_history.days[-1].day
    assert first.isoformat() not in facts and last.isoformat() not in facts, facts
    assert f"7 {month} 2026" in facts, facts  # "printed 7 déc. 2026"


def _texts(progress, lang: str = "en") -> list[str]:
    from trainer import i18n

    i18n.set_language(lang)
    try:
        image = QImage(2480, 3508, QImage.Format.Format_RGB32)
        image.fill(0xFFFFFFFF)
        painter = _Recorder(image)
        page = report._Page(painter, 2480 - 2 * 189, painter.font().family())
        report._draw(page, progress, "casino-fr", NOW)
        painter.end()
    finally:
        i18n.set_language("en")
    return painter.texts


def test_the_report_says_everything_missing_on_paper_and_names_no_tab(qapp, long_history):
    """ "see the Readiness tab": paper has no tabs. What does not fit a line each is said whole
    in the last one."""
    missing = long_history.readiness.missing
    assert len(missing) > report.MISSING_LINES  # the case that sent the reader to a tab
    texts = _texts(long_history)
    assert not [t for t in texts if "tab" in t.casefold().split() or "Readiness" in t]
    said = " ".join(texts)
    assert all(line in said for line in missing)


@pytest.mark.parametrize(
    ("rates", "low"),
    [([0.81, 0.97], 0.7), ([0.92, 1.0], 0.8), ([0.55, 0.9], 0.5), ([0.3, 0.9], 0.0), ([], 0.8)],
)
def test_the_accuracy_axis_starts_at_zero_or_a_round_figure_marked_as_cut(rates, low):
    start, ticks = report.accuracy_axis(rates)
    assert start == low and ticks[0] == low and ticks[-1] == 1.0
    assert all(round(t * 10) == t * 10 for t in ticks)  # whole tenths: never "81 %"
    assert all(start < r for r in rates)  # no dot on the axis's edge


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_cut_accuracy_axis_is_said_under_the_chart(qapp, long_history, lang):
    texts = _texts(long_history, lang)
    rates = [d.accuracy for d in long_history.days[-30:] if d.accuracy is not None]
    low, ticks = report.accuracy_axis(rates)
    from ui.language import format_percent

    percents = [format_percent(t, lang) for t in ticks]
    assert all(p in texts for p in percents)
    if low > 0:
        from trainer import i18n

        i18n.set_language(lang)
        try:
            note = report.axis_note(low)
        finally:
            i18n.set_language("en")
        assert note in texts and format_percent(low, lang) in note
    assert not [t for t in texts if t.endswith("%") and t[:-1].isdigit() and lang == "fr"]


@pytest.mark.parametrize(("read_in", "written_in"), [("fr", "it"), ("it", "en"), ("en", "fr")])
def test_what_is_missing_is_said_in_the_report_s_language(qapp, tmp_path, read_in, written_in):
    """The history read in one language, the report made in another (a switch in between): its
    "still missing" lines in the report's words, as the rest of the page."""
    from tests.bench.bench_progress import fill_history
    from trainer import i18n

    path = tmp_path / "history.sqlite3"
    fill_history(path, 3000, days=30, profiles={"Anna": (1.0, 0.3)})
    i18n.set_language(read_in)
    try:
        with Store.open(path) as store:
            progress = pd.load_progress(store, "Anna", TARGETS, now=NOW)
        i18n.set_language(written_in)
        with Store.open(path) as store:
            again = pd.load_progress(store, "Anna", TARGETS, now=NOW)
    finally:
        i18n.set_language("en")
    assert progress.readiness.missing != again.readiness.missing  # the words differ
    said = " ".join(_texts(progress, written_in))
    shown = again.readiness.missing[: report.MISSING_LINES - 1]
    assert all(line in said for line in shown), (shown, said)
    assert not any(line in said for line in progress.readiness.missing[:3])
