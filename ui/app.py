"""Starting the desktop app: the QApplication, the settings, the history store, the window.

Set SABOT_SMOKE=1 to open the window, look once at each window a trainee can open and quit with
status 0, or 1 saying what failed (`ui.smoke`): the packaged build's smoke test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import cast


def run(argv: Sequence[str] | None = None, lang: str | None = None) -> int:
    """The app, in `lang` ("en", "fr", "it": the command line's --lang) or else in the
    language of the settings ("" there follows the system's locale)."""
    import gc

    automatic_gc = gc.isenabled()  # the collector gives it back as found (a test runs the app)
    # start-up only builds what lives as long as the app (Qt's bindings, the window): no garbage
    # collection while it runs, and none of it is scanned again afterwards (gc.freeze below)
    gc.disable()
    # Pure-Python modules first: once PySide6 is imported, it reads the source of every module
    # imported after it (to see whether it uses PySide's feature switches).
    import trainer.practice.curriculum  # noqa: F401  (home's, imported here for the reason above)
    import ui.i18n  # noqa: F401  (likewise)
    import ui.language  # noqa: F401  (likewise)
    import ui.style  # noqa: F401  (likewise)
    from trainer.settings import Settings

    # isort: split
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ui.collector import GuiCollector, keep_built
    from ui.main_window import MainWindow

    app = cast(QApplication, QApplication.instance() or QApplication(list(argv or sys.argv[:1])))
    app.setApplicationName("Sabot")
    app.setOrganizationName("Sabot")
    # no display name: Qt would append it to every window title ("Sabot — Home — Sabot")
    app.setDesktopFileName("io.github.sabot.Sabot")  # matches packaging/*.desktop
    settings = Settings.load()
    language = lang or settings.prefs.language
    if ui.language.resolve(language) != "en":
        # English is the source language: it loads no catalogue and no Qt translation
        ui.language.apply_language(language, app)
    if settings.prefs.theme != "system":
        # "system" is Qt's own default: nothing to load for it at start-up
        from ui.theme import apply_theme

        apply_theme(app, settings.prefs.theme)

    def open_store():  # the history is opened once home is on screen
        def waiting(sentence: str) -> None:
            # another Sabot is creating or updating the file: say what the window waits for
            win.statusBar().showMessage(sentence)
            app.processEvents()

        store = open_app_history(settings.prefs.database_url, waiting=waiting)
        win.statusBar().clearMessage()
        # the history and the modules it imported live as long as the app, as start-up's objects
        keep_built()
        return store

    win = MainWindow(settings, open_store=open_store)

    def set_icon() -> None:
        # The window's icon is drawn by the desktop, not by the window: it follows the first
        # paint (finding it, Qt's icon classes and the SVG reader cost start-up ~8 ms).
        icon = _icon()
        if icon is not None:
            from PySide6.QtGui import QIcon

            app.setWindowIcon(QIcon(icon))

    win.firstPainted.connect(set_icon)
    win.show()
    # what start-up built lives as long as the app: keep it out of every later garbage
    # collection, so none of them stalls an answer
    keep_built()
    # and collect from here on on the GUI thread only, between events: never on a worker
    # thread, never in the middle of a paint (ui/collector.py says why)
    collector = GuiCollector(app, automatic=automatic_gc)
    if os.environ.get("SABOT_SMOKE"):
        from ui.smoke import SmokeRun

        SmokeRun(app, win)  # parented to the app: it lives as long as the run
    if os.environ.get("SABOT_QUIT_WHEN_READY"):
        # the start-up benchmark: say when the shown window is idle and interactive, then quit
        import time

        def ready() -> None:
            # the wall time, and the processor time spent so far (steadier on a busy machine)
            print(f"READY {time.time():.6f} {time.process_time():.6f}", flush=True)
            win.close()

        QTimer.singleShot(0, ready)
    try:
        return int(app.exec())
    finally:
        collector.stop()  # automatic collection on again if it was
        collector.setParent(None)  # the run's, not the app's: gone with it
        if win._store is not None:
            # a last try to save answers the history could not take; the window said it already
            lost = win._store.close()
            if lost:
                print(f"sabot: {lost}", file=sys.stderr)


def open_app_history(setting: str | None, waiting: Callable[[str], None] | None = None):
    """The history the app works on (`trainer.history.opening.open_history`; `waiting` is told
    what the window waits for while another Sabot creates or updates the file), its answers
    recorded on the GUI thread: one that another program keeps from being written at once waits
    a moment at most, is kept, and the window's retry timer saves it — the window never freezes
    for the seconds the command line would wait."""
    from trainer.history.opening import database_url, open_history
    from trainer.history.store import RETRY_WAIT_MS, Store

    store = open_history(database_url(setting), waiting=waiting)
    if isinstance(store, Store):
        store.patience_ms = RETRY_WAIT_MS
    return store


def _icon() -> str | None:
    try:
        from importlib.resources import files

        path = files("resources.icons") / "sabot.svg"
        return str(path) if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


if __name__ == "__main__":
    sys.exit(run(sys.argv))
