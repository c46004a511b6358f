"""The packaged build's smoke run: with SABOT_SMOKE=1, `sabot` opens the app, looks once at each
window a trainee can open, and quits with status 0, or with status 1 and one line on standard
error saying what failed.

A built package fails where running from the source tree never does: a module PyInstaller did
not collect, a data file the wheel left out, a Qt plugin missing from the bundle. Most of these
fail only when the window that needs them first opens, and some fail quietly (a missing SVG
plugin gives an empty icon, a missing pyqtgraph a message box), so each look checks what it
opened:

- home, painted;
- the window icon, read from `resources/icons/sabot.svg` through Qt's SVG plugins;
- a drill's table (cards, chips, fonts);
- the progress view and its chart (pyqtgraph, numpy and Qt's OpenGL modules are imported only
  there, on a worker thread);
- the settings dialog;
- then every other action of the menu bar but Home and Quit (the home game, and whatever a
  later change adds there: a rules book, About): each must open a window, a dialog or a page
  (Help ▸ Welcome: the welcome on home), which is looked at and closed, and home comes back.
  Such a look is named by its action ("Home game…").

Each look prints `smoke: ok: NAME` on standard output when it passes. A message box that comes
up during the run is a failure (on a fresh history none is expected), and so is a look that does
not finish within LOOK_TIMEOUT_MS. packaging/smoke_test.py runs this in the installed wheel and
in the frozen app, and also fails on any traceback or Qt warning on standard error.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget
from shiboken6 import isValid

SETTLE_MS = 300  # what a window is given to lay itself out and paint before it is looked at
POLL_MS = 100  # how often a look that waits for something is checked again
LOOK_TIMEOUT_MS = 15_000
DRILL_SKILL = "announce"  # a skill every preset offers, whose question is a table of cards


class Wait(Exception):
    """Raised by a check whose window is not ready yet: it is checked again every POLL_MS until
    the look's time is up, and then fails with this reason."""


class SmokeRun(QObject):
    """Drives the looks from the event loop, one after the other, once home is first painted.

    `looks` are (name, open, check): `open()` opens the window (it may block in a dialog's own
    event loop), `check()` runs SETTLE_MS later and returns a complaint, or None once it has
    closed what `open` opened, or raises Wait.
    """

    def __init__(self, app: QApplication, win) -> None:
        super().__init__(app)
        self.app = app
        self.win = win
        self.passed: list[str] = []
        self.failure: str | None = None
        self._done = False
        self._waiting = ""  # why the current look is still waiting
        self._dialog_seen: str | None = None
        self._quit_on_last = app.quitOnLastWindowClosed()
        # the run decides the exit status, not the last window closing
        app.setQuitOnLastWindowClosed(False)
        self.looks: list[tuple[str, Callable[[], None], Callable[[], str | None]]] = [
            ("home", lambda: None, self._check_home),
            ("window icon", lambda: None, self._check_icon),
            ("drill table", self._open_drill, self._check_drill),
            ("progress view", self._open_progress, self._check_progress),
            ("settings dialog", self._open_settings, self._check_settings),
        ]
        self._next = 0
        # The windows shown during the run, and during the current look, as Qt shows them
        # (an event filter on the app): never read from QApplication.topLevelWidgets(), whose
        # wrappers of widgets that earlier runs left behind can be stale in a long test session.
        self._shown: list[QWidget] = []
        self._shown_in_look: list[QWidget] = []
        self._watch = QTimer(self)
        self._watch.setInterval(100)
        self._watch.timeout.connect(self._watch_message_boxes)
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.timeout.connect(self._look_timed_out)
        win.firstPainted.connect(self._start)

    # ------------------------------------------------------------------ the run
    def _start(self) -> None:
        self.app.installEventFilter(self)
        for action in self._menu_actions():
            name = action.text().replace("&", "")
            self.looks.append((name, partial(self._open_modal, action.trigger), self._check_opened))
        self._watch.start()
        self._run_next()

    def _menu_actions(self) -> list[QAction]:
        """Every action shown in the menu bar's menus (and their submenus) but Home and Quit, and
        those the looks above open by name."""
        skipped = {"home", "quit", "exit", "settings…", "progress…"}
        found = []
        menus = [a.menu() for a in self.win.menuBar().actions() if a.menu() is not None]
        while menus:
            menu = menus.pop(0)
            for action in menu.actions():
                if action.menu() is not None:
                    menus.append(action.menu())
                elif not action.isSeparator() and action.isEnabled() and action.isVisible():
                    if action.text().replace("&", "").strip().lower() not in skipped:
                        found.append(action)
        return found

    def _run_next(self) -> None:
        if self._done or self.failure is not None:
            return
        if self._next == len(self.looks):
            self._finish()
            return
        name, open_, check = self.looks[self._next]
        self._deadline.start(LOOK_TIMEOUT_MS)
        self._waiting = ""
        self._shown_in_look = []
        try:
            open_()
        except Exception as e:  # a look that raises is a failed look, said in one line
            self._fail(f"{name}: {type(e).__name__}: {e}")
            return
        QTimer.singleShot(SETTLE_MS, self, lambda: self._check(name, check))

    def _check(self, name: str, check: Callable[[], str | None]) -> None:
        if self._done or self.failure is not None:
            return
        try:
            complaint = check()
        except Wait as e:
            self._waiting = str(e)
            QTimer.singleShot(POLL_MS, self, lambda: self._check(name, check))
            return
        except Exception as e:
            complaint = f"{type(e).__name__}: {e}"
        self._deadline.stop()
        if complaint:
            self._fail(f"{name}: {complaint}")
            return
        self.passed.append(name)
        print(f"smoke: ok: {name}", flush=True)
        self._next += 1
        QTimer.singleShot(0, self, self._run_next)

    def _fail(self, why: str) -> None:
        if self.failure is None:
            self.failure = why
            print(f"smoke: FAILED: {why}", file=sys.stderr, flush=True)
            self._finish()

    def _look_timed_out(self) -> None:
        name = self.looks[self._next][0]
        why = f" ({self._waiting})" if self._waiting else ""
        self._fail(f"{name}: not done within {LOOK_TIMEOUT_MS / 1000:g} s{why}")

    def _finish(self) -> None:
        if self._done:
            return
        # nothing of this run may act on a later one (the tests run the app again and again)
        self._done = True
        self.win.firstPainted.disconnect(self._start)
        self._watch.stop()
        self._deadline.stop()
        self.app.removeEventFilter(self)
        for w in self._visible(self._shown):
            if w is not self.win:
                w.close()
        self.win.close()
        self.app.setQuitOnLastWindowClosed(self._quit_on_last)
        if self.failure is None:
            print(f"smoke: looked at {', '.join(self.passed)}", flush=True)
        self.app.exit(0 if self.failure is None else 1)
        self.deleteLater()  # with it, its timers: none of them fires in a later run

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            event.type() == QEvent.Type.Show
            and isinstance(watched, QWidget)
            and watched.isWindow()
            and watched is not self.win
        ):
            self._shown.append(watched)
            self._shown_in_look.append(watched)
        return False

    @staticmethod
    def _visible(windows: list[QWidget]) -> list[QWidget]:
        found: list[QWidget] = []
        for w in windows:
            if isValid(w) and w.isVisible() and all(w is not f for f in found):
                found.append(w)
        return found

    def _new_windows(self) -> list[QWidget]:
        return self._visible(self._shown_in_look)

    def _watch_message_boxes(self) -> None:
        if self._done:
            return
        box = self.app.activeModalWidget()
        for w in [box, *self._visible(self._shown)]:
            if isinstance(w, QMessageBox) and isValid(w) and w.isVisible():
                text = " ".join(w.text().split())
                w.done(0)
                self._fail(f"a message box came up: {text}")
                return

    # ------------------------------------------------------------------ the looks
    def _check_home(self) -> str | None:
        if not self.win.isVisible():
            return "the main window is not shown"
        return None

    def _check_icon(self) -> str | None:
        icon = self.app.windowIcon()
        if icon.isNull() or icon.pixmap(64, 64).isNull():
            return "the window icon did not load (resources/icons/sabot.svg or Qt's SVG plugin)"
        return None

    def _open_drill(self) -> None:
        self.win.start_drill([DRILL_SKILL], "practice")

    def _check_drill(self) -> str | None:
        page = self.win.pages.currentWidget()
        if page is not self.win.drill_page:
            return "the drill page did not open"
        if page.grab().isNull():
            return "the drill page did not paint"
        page.end()
        self.win.show_home()
        return None

    def _open_progress(self) -> None:
        self.win.open_progress()

    def _check_progress(self) -> str | None:
        opened = self._new_windows()
        if not opened:
            return "the progress view did not open"
        # the chart is built once pyqtgraph is in, even over an empty history
        charts = [
            c for w in opened for c in w.findChildren(QWidget) if type(c).__name__ == "PlotWidget"
        ]
        if not charts:
            raise Wait("its chart never came: pyqtgraph did not load")
        for w in opened:
            if w.grab().isNull():
                return "the progress view did not paint"
            w.close()
        return None

    def _open_settings(self) -> None:
        self._open_modal(self.win.open_settings)

    def _open_modal(self, open_: Callable[[], object]) -> None:
        """Open what may be a modal dialog: `open_` then returns once _close_dialog has closed
        it. A window that is not modal is left for the check to find."""
        self._dialog_seen = None
        QTimer.singleShot(SETTLE_MS, self, self._close_dialog)
        open_()

    def _close_dialog(self) -> None:
        dialog = self.app.activeModalWidget()
        if isinstance(dialog, QDialog) and not isinstance(dialog, QMessageBox):
            self._dialog_seen = dialog.windowTitle()
            dialog.reject()

    def _check_settings(self) -> str | None:
        return None if self._dialog_seen else "the settings dialog did not open"

    def _check_opened(self) -> str | None:
        """A menu action's look: a new window, a dialog (closed already) or a new page."""
        opened = [w for w in self._new_windows() if not isinstance(w, QMessageBox)]
        page = self.win.pages.currentWidget()
        home = self.win.home
        welcome = page is home and home.welcome_wanted  # Help ▸ Welcome: shown on home
        if not opened and not self._dialog_seen and page is home and not welcome:
            return "nothing opened"
        for w in [*opened, page]:
            if w.grab().isNull():
                return f"{w.windowTitle() or type(w).__name__} did not paint"
        for w in opened:
            w.close()
        if welcome:
            home.hide_welcome()
        if page is not self.win.home:
            self.win.show_home()
        return None
