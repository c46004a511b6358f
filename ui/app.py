"""Starting the desktop app: the QApplication, the settings, the history store, the window.

Set SABOT_SMOKE=1 to open the window, let it settle for a moment and quit with status 0: the
packaged build's smoke test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def run(argv: Sequence[str] | None = None) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QMessageBox

    from trainer.settings import Settings
    from trainer.store import Store, StoreError
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    app.setApplicationName("Sabot")
    app.setOrganizationName("Sabot")
    app.setApplicationDisplayName("Sabot")
    app.setDesktopFileName("io.github.sabot.Sabot")  # matches packaging/*.desktop
    icon = _icon()
    if icon is not None:
        app.setWindowIcon(QIcon(icon))
    settings = Settings.load()
    try:
        store = Store.open()
    except StoreError as e:
        QMessageBox.critical(None, "Sabot", f"The history cannot be opened: {e}")
        return 1
    if settings.prefs.theme != "system":
        # "system" is Qt's own default: nothing to load for it at start-up
        from ui.settings_dialog import apply_theme

        apply_theme(app, settings.prefs.theme)
    win = MainWindow(settings, store)
    win.show()
    if os.environ.get("SABOT_SMOKE"):
        QTimer.singleShot(1500, win.close)
    if os.environ.get("SABOT_QUIT_WHEN_READY"):
        # the start-up benchmark: quit as soon as the shown window is idle and interactive
        QTimer.singleShot(0, win.close)
    try:
        return int(app.exec())
    finally:
        store.close()


def _icon() -> str | None:
    try:
        from importlib.resources import files

        path = files("resources.icons") / "sabot.svg"
        return str(path) if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


if __name__ == "__main__":
    sys.exit(run(sys.argv))
