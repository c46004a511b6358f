"""Every text of the progress view, the settings and the chip tray stands 4.5:1 against what it
is drawn on (WCAG 2's ratio), in the light theme and the dark one: the ratio is computed from
the colours the widgets actually use — their palettes, their items' brushes, the heat map's
tiles as painted."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette

from tests.trainer.history import DAY, Clock
from trainer.history.store import Store
from trainer.settings import Settings
from ui.style import MIN_CONTRAST, contrast, luminance, muted, over, readable
from ui.theme import apply_theme

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
NOW = time.time()


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp):
    apply_theme(qapp, request.param)
    yield request.param
    apply_theme(qapp, "light")


def test_the_ratio_is_wcag_s() -> None:
    assert contrast(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21)
    assert contrast(QColor("#777777"), QColor("#ffffff")) == pytest.approx(4.48, abs=0.01)
    assert luminance(QColor("#ffffff")) == pytest.approx(1)
    for colour in ("#2e9d4f", "#c8412f", "#c98a12", "#2a6fdb", "#e07b1a"):
        for background in ("#1e1e1e", "#2d2d30", "#ffffff", "#efefef", "#17693a"):
            fixed = readable(QColor(colour), QColor(background))
            assert contrast(fixed, QColor(background)) >= MIN_CONTRAST
    grey = muted(QColor("#e6e6e6"), QColor("#2d2d30"))
    assert MIN_CONTRAST <= contrast(grey, QColor("#2d2d30")) < 6  # secondary, still readable
    assert over(QColor(255, 0, 0, 0), QColor("#123456")).name() == "#123456"


def _history(path: Path) -> Store:
    clock = Clock(NOW - 20 * DAY)
    store = Store.open(path, clock=clock)
    for day, (skill, wrong) in enumerate([("announce", 0), ("announce", 3), ("chips", 1)] * 3):
        clock.now = NOW - (12 - day) * DAY
        session = store.start_session("Anna", "practice", [skill], "casino-fr")
        for n in range(8):
            item = f"{skill}:i{n % 4}"
            store.record(session, skill, item, {}, "a", "a", n >= wrong, 1500 + 900 * n)
        store.end_session(session)
    return store


def _spans(html: str) -> list[str]:
    return re.findall(r"color:\s*(#[0-9a-fA-F]{6})", html)


def test_the_progress_view_reads_in_either_theme(qtbot, theme, tmp_path):
    from ui.progress.window import ProgressWindow

    settings = Settings(tmp_path / "settings.json")
    settings.prefs.profile = "Anna"
    with _history(tmp_path / "history.sqlite3") as store:
        window = ProgressWindow(store, settings)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.loaded, timeout=20_000):
            window.resize(1100, 760)
            window.show()
        palette = window.palette()
        base = palette.color(QPalette.ColorRole.Base)
        background = palette.color(QPalette.ColorRole.Window)
        checked = 0

        # the tables: every coloured text against the table's base
        table = window.skills.table
        for row in range(table.rowCount()):
            for col in range(table.columnCount()):
                brush = table.item(row, col).foreground()
                if brush.style() != Qt.BrushStyle.NoBrush:
                    assert contrast(brush.color(), base) >= MIN_CONTRAST, table.item(
                        row, col
                    ).text()
                    checked += 1
        model = window.sessions.model
        for row in range(model.rowCount()):
            colour = model.data(model.index(row, 5), Qt.ItemDataRole.ForegroundRole)
            if colour is not None:
                assert contrast(colour, base) >= MIN_CONTRAST
                checked += 1
        readiness = window.readiness.table
        for row in range(readiness.rowCount()):
            mark = readiness.item(row, 1)
            assert contrast(mark.foreground().color(), base) >= MIN_CONTRAST
        verdict = _spans(window.readiness.verdict.styleSheet())
        assert verdict and contrast(QColor(verdict[0]), background) >= MIN_CONTRAST

        # the timeline's legend, on the window
        qtbot.waitUntil(lambda: window.timeline is not None, timeout=10_000)
        window.timeline.set_progress(window.progress)
        for colour in _spans(window.timeline.legend.text()):
            assert contrast(QColor(colour), background) >= MIN_CONTRAST, colour
            checked += 1

        # the heat map: each tile's text on the tile, as painted
        heat = window.skills.heatmap
        window.tabs.setCurrentWidget(window.skills)
        window.skills.select("announce")
        assert heat.cells
        for cell in heat.cells:
            fill, text = heat.tile_colours(cell, base)
            assert contrast(text, fill) >= MIN_CONTRAST, (cell.item, fill.name(), text.name())
        image: QImage = heat.grab().toImage()
        rect = heat.tile_rect(0)
        fill, text = heat.tile_colours(heat.cells[0], base)
        painted = QColor(image.pixel(rect.right() - 3, rect.top() + 3))
        assert contrast(painted, fill) < 1.1  # the fill the test reads is the fill painted
        assert checked > 5
        window.close()


def test_the_session_answers_read_on_their_rows(qtbot, theme, tmp_path):
    from ui.progress.window import ProgressWindow

    settings = Settings(tmp_path / "settings.json")
    settings.prefs.profile = "Anna"
    with _history(tmp_path / "history.sqlite3") as store:
        window = ProgressWindow(store, settings)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.loaded, timeout=20_000):
            window.show()
        session = window.sessions.model.lines[0].session_id
        with qtbot.waitSignal(window.sessions.attemptsShown, timeout=10_000):
            window.sessions.open_session(session)
        attempts = window.sessions.attempts
        base = window.palette().color(QPalette.ColorRole.Base)
        for row in range(attempts.rowCount()):
            for col in range(attempts.columnCount()):
                item = attempts.item(row, col)
                under = item.background()
                ground = (
                    over(under.color(), base) if under.style() != Qt.BrushStyle.NoBrush else base
                )
                ink = item.foreground()
                if ink.style() != Qt.BrushStyle.NoBrush:
                    assert contrast(ink.color(), ground) >= MIN_CONTRAST, item.text()
        window.close()


def test_the_settings_notes_read_in_either_theme(qtbot, theme, tmp_path):
    from ui.dialogs.settings import SettingsDialog

    settings = Settings(tmp_path / "settings.json")
    with Store.open(tmp_path / "history.sqlite3") as store:
        dialog = SettingsDialog(settings, store)
        qtbot.addWidget(dialog)
        for label in (dialog.preset_source, dialog.currency_preview):
            p = label.palette()
            ink = p.color(label.foregroundRole())
            assert contrast(ink, p.color(QPalette.ColorRole.Window)) >= MIN_CONTRAST


def test_the_tray_s_prompt_reads_on_the_felt() -> None:
    from ui.table.chip_tray import FELT, PROMPT_INK

    assert contrast(QColor(PROMPT_INK), QColor(FELT)) >= MIN_CONTRAST
