"""What the window tests share: a fresh history, the main window on it (made, or shown with its
figures read), and the drill page alone. A module that tests another page gives its own `page`;
one that needs a history of its own making (a clock, a profile) gives its own `store`."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from trainer import i18n
from trainer.history.store import Store
from trainer.settings import Settings
from ui.main_window import MainWindow
from ui.pages.drill import DrillPage


@pytest.fixture
def english_after() -> Iterator[None]:
    """Whatever a test switches to, the next one starts in English (Qt's own words too)."""
    yield
    i18n.set_language("en")
    from PySide6.QtWidgets import QApplication

    from ui.language import install_qt_translation

    app = QApplication.instance()
    if app is not None:
        install_qt_translation(app, "en")


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    """A fresh history in the test's folder."""
    s = Store.open(tmp_path / "history.sqlite3")
    yield s
    s.close()


@pytest.fixture
def new_window(qtbot, tmp_path) -> Iterator[Callable[..., MainWindow]]:
    """Makes a main window on a fresh history, not shown yet (under `preset`'s house rules).
    Its history is closed after the window (qtbot closes the windows first)."""
    stores = []

    def make(preset: str | None = None) -> MainWindow:
        settings = Settings.load(tmp_path / "settings.json")
        if preset is not None:
            settings.set_rules(preset, {})
        store = Store.open(tmp_path / "history.sqlite3")
        stores.append(store)
        w = MainWindow(settings, store)
        qtbot.addWidget(w)
        return w

    yield make
    for store in stores:
        store.close()


@pytest.fixture
def window(qtbot, new_window) -> Iterator[MainWindow]:
    """The main window on a fresh history, shown, home's figures read."""
    w = new_window()
    w.show()
    qtbot.waitExposed(w)
    assert w.wait_for_figures()
    yield w
    w.close()


@pytest.fixture
def page(qtbot) -> DrillPage:
    """The drill page alone, shown at 1280×800."""
    p = DrillPage()
    qtbot.addWidget(p)
    p.resize(1280, 800)
    p.show()
    qtbot.waitExposed(p)
    return p
