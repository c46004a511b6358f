"""The main window: home (the curriculum), the drill at the table, and the summary, with the
settings and the progress view one shortcut away, and the Help menu (the rules book on F1, the
keyboard shortcuts, About). Everything it uses is handed to it.

Start-up shows home at once: the table, the drill machinery and the statistics load when first
needed, and the curriculum's figures are summed up on a worker thread.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QObject, QThreadPool, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QWidget

from ui.i18n import N_, _
from ui.pages.home import HomePage

if TYPE_CHECKING:
    from trainer.history.store import Store
    from trainer.practice.drill import Drill, Summary
    from trainer.settings import Settings
    from ui.pages.drill import DrillPage
    from ui.pages.summary import SummaryPage


ON_SCREEN_POLL_MS = 10  # the first look, doubled at each look after, up to the longest
ON_SCREEN_POLL_MAX_MS = 320
PRELOAD_AFTER_MS = 1500  # home is on screen and its figures are in: the progress view's imports


def page_title(page: str) -> str:
    """The window's title on a page: "Sabot — Home" (`page` already in the trainee's language).
    The app sets no display name, which Qt would append ("… — Sabot")."""
    return f"Sabot — {page}"


# The pages' names in the window's title, translated when shown (and again on a switch)
HOME, SUMMARY, DEAL, HOME_GAME = N_("Home"), N_("Summary"), N_("Deal a shoe"), N_("Home game")
MODE_TITLES = {
    "practice": N_("Practice"),
    "challenge": N_("Challenge"),
    "sprint": N_("Sprint"),
    "exam": N_("Exam"),
    "review": N_("Review"),
}


def preload_progress_view(
    then: Callable[[], None] | None = None, owner: QObject | None = None
) -> None:
    """Import the progress view and pyqtgraph (~0.5 s, most of its first opening) on a worker
    thread, then call `then` on the GUI thread — not if `owner` (the window `then` belongs to)
    was deleted meanwhile. Imports only: no Qt object is made on the worker (pyqtgraph's
    module-level Qt calls make colours, no QObject; it makes its QObjects when its first
    widget is built, on the GUI thread)."""
    from ui.background import run_in_background
    from ui.collector import keep_built

    def work() -> None:
        import pyqtgraph  # type: ignore[import-untyped]  # noqa: F401

        import ui.progress.report  # noqa: F401
        import ui.progress.window  # noqa: F401

    def done(_result: object = None) -> None:
        if then is not None:
            then()

    def imported(_result: object = None) -> None:
        # some 85,000 objects, as long-lived as the app: out of every later collection (a full
        # one looking at them takes 40 ms)
        keep_built()
        done()

    if "pyqtgraph" in sys.modules and "ui.progress.report" in sys.modules:
        done()
    else:  # an error is for the view to tell, when it is opened
        run_in_background(work, imported, lambda _error: None, owner=owner)


# The smallest window the drill is usable in (the felt, the answer panel): a window restored
# smaller opens at this size, or the whole screen where the screen is smaller still.
MIN_USABLE = (720, 480)

# QWidget.saveGeometry()'s format (Qt 5 and 6, versions 1 to 3): a magic number, the version,
# the frame's and the window's ("normal") rectangles as left, top, right, bottom, then the
# screen's number, whether maximized or full screen, and the screen's width
_GEOMETRY_MAGIC = 0x1D9D0CB
_GEOMETRY_HEAD = struct.Struct(">IHH4i4i")


def saved_normal_geometry(data: bytes) -> tuple[int, int, int, int] | None:
    """The window's place and size (x, y, width, height) in bytes QWidget.saveGeometry() made,
    whatever the screen it was made on; None for bytes that are not such a geometry."""
    if len(data) < _GEOMETRY_HEAD.size:
        return None
    magic, major, _minor, *rects = _GEOMETRY_HEAD.unpack_from(data)
    if magic != _GEOMETRY_MAGIC or not 1 <= major <= 3:
        return None
    left, top, right, bottom = rects[4:]
    width, height = right - left + 1, bottom - top + 1
    if width <= 0 or height <= 0:
        return None
    return left, top, width, height


GEOMETRY_NOTICE = N_(
    'The saved window size and place (the setting "geometry") could not be used, so the window '
    "opens at its usual size."
)

# While the history cannot be written, the kept answers are tried again this often (each try
# holds the GUI thread at most the store's RETRY_WAIT_MS).
HISTORY_RETRY_MS = 3000
SCHOOL_POLL_MS = 1000  # how often the status bar asks a school's history where its answers are
SAVED_AGAIN = N_("The history is written again: the kept answers are saved.")


class MainWindow(QMainWindow):
    """The one window: its pages (home, the drill, the summary, deal mode, the home game), its
    menus, its title and status bar, and what it follows for them all (the language, the
    history's state, a school's server, the settings, the progress view).

    It stays one long class because it is one thing: the place where those meet. Each page,
    dialog and view lives in a module of its own and is built here when first needed; what is
    left is the wiring between them (a drill's end shows the summary and its bests, a language
    switch says every page again, a history that fails is told on the page on show), and each
    part reads the window's state that the others change. Its sections (the language, a
    school's server, a history that fails, pages, help, dialogs) follow one another below.
    """

    # Home's first paint: the window is on screen. What start-up can leave until then (the
    # history, the window icon) comes in after it.
    firstPainted = Signal()  # noqa: N815

    def __init__(
        self,
        settings: Settings,
        store: Store | None = None,
        parent: QWidget | None = None,
        *,
        open_store: Callable[[], Store] | None = None,
    ) -> None:
        """`store`, or `open_store` to open it once home is on screen (the app's start-up)."""
        super().__init__(parent)
        self.settings = settings
        self._store = store
        self._open_store = open_store
        self._title = HOME  # the page named in the title, untranslated
        self.setWindowTitle(page_title(_(HOME)))
        self.pages = QStackedWidget()
        self.home = HomePage()
        self.pages.addWidget(self.home)
        self.pages.currentChanged.connect(self._title_page)
        # the table and the summary are built when the first drill starts
        self._drill_page: DrillPage | None = None
        self._summary: SummaryPage | None = None
        self.setCentralWidget(self.pages)
        self.status = QLabel()
        self.statusBar().addPermanentWidget(self.status)
        self._figures_due = False  # home waits for its figures until it is first painted
        self._closed = False  # once closed, nothing more is read from the history
        self._painted = False  # home has been on screen
        self._watching = False
        self._last: tuple[list[str], str] | None = None
        self._bests_before: set[tuple[str, int]] = set()
        self._progress: Any = None  # ui.progress.window.ProgressWindow, once built
        self.home.start.connect(self._home_start)
        self.home.startPlan.connect(self._start_plan)
        self.home.startReview.connect(self.start_review)
        self.home.startAssigned.connect(self.start_assigned)
        self._assigned: list[Any] = []  # the exams assigned on a school's server, as last shown
        self._last_assigned: Any = None  # the assigned exam last started, for "again"
        self._rules_book: Any = None  # ui.dialogs.rules_book.RulesBook, made when first opened
        self._exam_dialog: Any = None  # the exam being set, while its dialog is open
        self._about: Any = None

        # The menu makes its own actions: an action made in Python with the window as its parent
        # costs start-up ~4 ms more, for the same action.
        menu = self.menuBar().addMenu("&Sabot")
        a_home = menu.addAction("")
        a_settings = menu.addAction("")
        a_progress = menu.addAction("")
        a_deal = menu.addAction("")
        a_home_game = menu.addAction("")
        # an instructor's login on a school's server: the class view (shown once known)
        self._class_action = menu.addAction("")
        self._class_action.setVisible(False)
        self._class_action.triggered.connect(self.open_class)
        self._instructor: bool | None = None  # not asked yet (or not a school's server)
        self._class: Any = None
        self._settings_dialog: Any = None  # ui.dialogs.settings.SettingsDialog, while it is open
        # the language is the one setting a drill can change: its menu is never disabled
        self._language_menu = menu.addMenu("")
        self._language_menu.aboutToShow.connect(self._fill_language_menu)
        # choosing a language is no part of an answer's time (DrillPage.hold_clock)
        self._language_menu.aboutToShow.connect(self._hold_answer_clock)
        self._language_menu.aboutToHide.connect(self._resume_answer_clock)
        menu.addSeparator()
        a_quit = menu.addAction("")
        # setShortcuts([...]), not setShortcut(...): the same binding, but PySide's overload
        # check for setShortcut builds every enum of the Qt namespace, ~45 ms of start-up
        for action, keys, slot in (
            (a_home, QKeySequence("Ctrl+H"), self.show_home),
            (a_settings, QKeySequence("Ctrl+,"), self.open_settings),
            (a_progress, QKeySequence("Ctrl+P"), self.open_progress),
            (a_deal, QKeySequence("Ctrl+D"), self.open_deal),
            (a_home_game, QKeySequence("Ctrl+G"), self.open_home_game),
            (a_quit, QKeySequence(QKeySequence.StandardKey.Quit), self.close),
        ):
            # the platform's Quit keys, or Ctrl+Q where it has none (a desktop without a theme)
            action.setShortcuts([keys if not keys.isEmpty() else QKeySequence("Ctrl+Q")])
            action.triggered.connect(slot)
        self._practice_actions = (a_deal, a_home_game)  # none for an instructor's login
        self._instructor_login: str | None = None
        self._deal: Any = None
        help_menu = self.menuBar().addMenu("")
        a_welcome = help_menu.addAction("")
        a_rules = help_menu.addAction("")
        a_keys = help_menu.addAction("")
        help_menu.addSeparator()
        a_about = help_menu.addAction("")
        a_rules.setShortcuts([QKeySequence("F1")])
        a_rules.triggered.connect(lambda: self.open_rules())
        a_keys.triggered.connect(self.show_shortcuts)
        a_welcome.triggered.connect(self.show_welcome)
        a_about.triggered.connect(self.show_about)
        self._home_game: Any = None
        self._help_menu = help_menu
        self._actions = (a_home, a_settings, a_progress, a_deal, a_home_game, a_quit)
        self._help_actions = (a_welcome, a_rules, a_keys, a_about)
        # a drill runs to its end: none of these leaves it (Help ▸ Welcome shows home)
        self._drill_actions = (a_home, a_settings, a_progress, a_deal, a_home_game, a_welcome)
        self._menu_texts()

        self._retry = QTimer(self)
        self._retry.setInterval(HISTORY_RETRY_MS)
        self._retry.timeout.connect(self._retry_history)
        self._history_note: str | None = None  # what the drill page says of the history
        self._geometry_notice: str | None = None
        # said again as the history's state changes: the summary, its bests, the drill's rules
        self._summary_shown: tuple[Summary, list[str], Any] | None = None
        self._summary_drill: Drill | None = None  # the drill it sums up
        self._told_on_quit = False

        geo = settings.ui.geometry
        restored = False
        if geo:
            # the settings let only base64 through; whether Qt can use it is Qt's to say
            saved = QByteArray.fromBase64(geo.encode("ascii"))
            restored = self.restoreGeometry(saved)
            if not restored:
                # Qt refuses a geometry saved on a screen more than 25 % wider or narrower
                # (a desktop's monitor, then the laptop): its size and place are fitted here
                normal = saved_normal_geometry(bytes(saved.data()))
                if normal is not None:
                    self.setGeometry(*normal)
                    restored = True
                else:
                    self._geometry_notice = GEOMETRY_NOTICE
        if restored:
            self._fit_to_screen()
        else:
            # 1280×800, or less on a small (or scaled) screen
            screen = self.screen().availableGeometry() if self.screen() else None
            w, h = 1280, 800
            if screen is not None:
                w, h = min(w, int(screen.width() * 0.95)), min(h, int(screen.height() * 0.92))
            self.resize(w, h)
        self._show_notices()
        self.show_home()

    @property
    def store(self) -> Store:
        if self._store is None:
            assert self._open_store is not None, "MainWindow needs a store or open_store"
            self._store = self._open_store()
            self._show_notices()
        return self._store

    def _fit_to_screen(self) -> None:
        """A geometry saved on another screen, or another screen layout, is fitted to a screen
        there is now: the window is never off screen, nor smaller than MIN_USABLE."""
        from PySide6.QtGui import QGuiApplication

        # isMaximized(), not windowState() & Qt.WindowState...: the first use of the Qt enum
        # namespace has PySide build every enum in it, ~40 ms of start-up
        if self.isMaximized() or self.isFullScreen():
            return  # the window system places those
        g = self.geometry()
        screen = QGuiApplication.screenAt(g.center()) or QGuiApplication.primaryScreen()
        if screen is None:
            return
        room = screen.availableGeometry()
        w = min(max(g.width(), MIN_USABLE[0]), room.width())
        h = min(max(g.height(), MIN_USABLE[1]), room.height())
        x = min(max(g.x(), room.left()), room.left() + room.width() - w)
        y = min(max(g.y(), room.top()), room.top() + room.height() - h)
        if (x, y, w, h) != (g.x(), g.y(), g.width(), g.height()):
            self.setGeometry(x, y, w, h)

    def _menu_texts(self) -> None:
        """The menus' words, in the current language (at start and after a switch)."""
        texts = (
            _("&Home"),
            _("&Settings…"),
            _("&Progress…"),
            _("&Deal a shoe…"),
            _("Home &game…"),
            _("&Quit"),
        )
        for action, text in zip(self._actions, texts, strict=True):
            action.setText(text)
        self._class_action.setText(_("&Class view…"))
        self._language_menu.setTitle(_("&Language"))
        self._help_menu.setTitle(_("&Help"))
        helps = (_("&Welcome"), _("&Rules book"), _("&Keyboard shortcuts"), _("&About Sabot"))
        for action, text in zip(self._help_actions, helps, strict=True):
            action.setText(text)

    # ------------------------------------------------------------------ the language
    def set_language(self, code: str) -> str:
        """Speak `code` ("en", "fr", "it", or "" for the system's) from now on, without a
        restart: the domain's words, Qt's own, and every page built so far re-set its texts,
        keeping its place (a running drill keeps its question, its answers and its clock).
        Returns the language now spoken."""
        self._hold_answer_clock()
        lang = self._speak(code)
        self._resume_answer_clock()
        return lang

    def _speak(self, code: str) -> str:
        """`code` spoken from now on, every page built said again in it (the answer's clock
        is the caller's to hold: the settings dialog holds it while it is open)."""
        from ui.language import apply_language

        lang = apply_language(code)
        self.retranslate()
        return lang

    def _timing(self) -> Any:
        """The page shown when it times an answer (a drill's, a dealt shoe's), else None."""
        page = self.pages.currentWidget()
        return page if page is not None and page in (self._drill_page, self._deal) else None

    def _hold_answer_clock(self) -> None:
        page = self._timing()
        if page is not None:
            page.hold_clock()

    def _resume_answer_clock(self) -> None:
        page = self._timing()
        if page is not None:
            page.resume_clock()

    def _follow_language_setting(self) -> None:
        from trainer import i18n
        from ui.language import resolve

        if resolve(self.settings.prefs.language) != i18n.language():
            self.set_language(self.settings.prefs.language)

    def choose_language(self, code: str) -> None:
        """The Language menu: `code` ("" = the system's) becomes the setting, saved at once,
        and is spoken from now on, a drill open or not."""
        from trainer.settings import SettingsError

        self.settings.prefs.language = code
        try:
            self.settings.save()
        except (SettingsError, OSError) as e:
            self.statusBar().showMessage(str(e), 10_000)  # spoken anyway, for this run
        self._follow_language_setting()

    def _fill_language_menu(self) -> None:
        """The Language menu's choices, made when it is first opened (not at start-up)."""
        from trainer import i18n
        from ui.language import language_choices

        menu = self._language_menu
        menu.clear()
        current = self.settings.prefs.language
        for code, text in language_choices(i18n.system_language()):
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.triggered.connect(lambda _=False, c=code: self.choose_language(c))

    def retranslate(self) -> None:
        """Every text of the window and of the pages built so far, again in the current
        language."""
        self._menu_texts()
        self.setWindowTitle(page_title(_(self._title)) if self._title else self.windowTitle())
        self._show_notices()
        self._update_status()
        self.home.retranslate()
        for page in (self._drill_page, self._summary, self._deal, self._home_game):
            if page is not None and hasattr(page, "retranslate"):
                page.retranslate()
        if self._rules_book is not None:
            self._rules_book.retranslate()
        if self._class is not None:
            self._class.retranslate()
        if self._settings_dialog is not None:
            self._settings_dialog.retranslate()
        if self._progress is not None:
            self._progress_again()
        if self._summary_shown is not None and self._summary_drill is not None:
            # the drill's questions and verdicts in the new words (an exam's, one by one)
            self._summary_drill.retell()
            self._summary_shown = (self._summary_drill.summary(), *self._summary_shown[1:])
        if self._history_note is not None:
            # the store says its trouble in the language it is asked in
            note = self._history_note
            trouble = self._store.trouble if self._store is not None else None
            self._tell_history(trouble if trouble is not None and note != SAVED_AGAIN else note)
        elif self._summary_shown is not None:
            self._show_summary()

    def _progress_again(self) -> None:
        """The progress view made again in the new language, where it was and as the trainee
        left it: its tab, place and size on screen, profile and filters (`ProgressWindow.keep`),
        shown if it was (its figures are read again on its worker)."""
        old = self._progress
        assert old is not None
        choices = old.choices()
        old.close()
        old.deleteLater()
        self._progress = self._new_progress(read_now=choices.shown)
        self._progress.keep(choices)
        if choices.shown:
            self._progress.show()

    def _show_notices(self) -> None:
        geometry = _(self._geometry_notice) if self._geometry_notice else None
        notices = [self.settings.notice, geometry]
        if self._store is not None:
            notices[:0] = [self._store.notice, self._store.read_only_notice]
            self._watch_school()
        self.home.set_notice(" ".join(n for n in notices if n) or None)

    # ------------------------------------------------------------------ a school's server
    def _watch_school(self) -> None:
        """A history on a school's server says in the status bar where its answers are
        ("offline — 12 answers waiting"), asked every SCHOOL_POLL_MS; this PC's own says
        nothing, and nothing is polled."""
        store = self._store
        if getattr(self, "_school", None) is not None or store is None or store.status() is None:
            return
        self._school = QLabel()
        self._school.setObjectName("schoolStatus")
        self._school.setContentsMargins(12, 0, 0, 0)  # apart from the profile and rules
        self.statusBar().addPermanentWidget(self._school)
        self._school_poll = QTimer(self)
        self._school_poll.setInterval(SCHOOL_POLL_MS)
        self._school_poll.timeout.connect(self._show_school)
        self._school_poll.start()
        self._show_school()
        self._ask_instructor(store)

    def _ask_instructor(self, store: Any) -> None:
        """Ask the server (on a worker thread) whether this login is an instructor: the Class
        view menu entry is shown only then, and the instructor's home (`_instructor_home`). A
        server that cannot be reached: asked again at the next start."""
        from ui.background import run_in_background

        url = getattr(store, "url", None)
        if url is None:
            return

        def work() -> str | None:
            from trainer.history.classview import instructor_login

            return instructor_login(url)

        def done(login: str | None) -> None:
            self._instructor = login is not None
            self._class_action.setVisible(login is not None)
            if login is not None:
                self._instructor_home(login)

        def failed(_error: BaseException) -> None:
            self._instructor = False

        run_in_background(work, done, failed, owner=self)

    def _instructor_home(self, login: str) -> None:
        """An instructor's login: the server keeps no answers of it, so home offers no practice
        — no drill, no plan, no assigned exams, neither deal mode nor the home game — and says
        why in one sentence; the class view opens, and stays a click away on home."""
        from trainer.history.classview import instructor_refusal

        self._instructor_login = login
        self.home.set_instructor(login, lambda: instructor_refusal(login), self.open_class)
        self.home.retranslate()  # home shown again: the login, without figures
        self._update_status()
        for action in self._practice_actions:
            action.setEnabled(False)
        if self.isVisible() and not self._closed:
            self.open_class()

    def _refuse_practice(self) -> bool:
        """Whether a practice is refused (an instructor's login, whose answers the server
        refuses): said in the status bar, one sentence."""
        if self._instructor_login is None:
            return False
        from trainer.history.classview import instructor_refusal

        self.statusBar().showMessage(instructor_refusal(self._instructor_login), 10_000)
        return True

    def open_class(self) -> None:
        """The class view of the school's server (an instructor's login)."""
        from PySide6.QtCore import Qt

        from trainer.practice.skills import SKILLS, TARGETS
        from ui.school.class_view import ClassWindow

        if self._class is None:
            targets = {s: TARGETS[s] for s in SKILLS if s in TARGETS}
            url = getattr(self.store, "url", "")
            self._class = ClassWindow(url, targets, self.settings, parent=self)
            self._class.setWindowFlag(Qt.WindowType.Window, True)
        self._class.show()
        self._class.raise_()

    def _show_school(self) -> None:
        store = self._store
        if store is None or getattr(store, "closed", False):
            self._school_poll.stop()  # the window outlived its history (a test's, or quitting)
            return
        status = store.status()
        if status is not None:
            self._school.setText(status.text)
        renamed = getattr(store, "renamed", None)
        if renamed and self.settings.prefs.profile in renamed:
            self._follow_rename(renamed[self.settings.prefs.profile])
        if self._on_home() and store.assignments() != self._assigned:
            self._load_assigned()  # the sender read a new list from the server

    def _follow_rename(self, new: str) -> None:
        """The active profile was renamed on another PC of the school (found by the last pull
        from the server): it is this trainee's still, under its new name — practising on under
        the old one would start a second profile."""
        from trainer.settings import SettingsError

        self.settings.prefs.profile = new
        try:
            self.settings.save()
        except (SettingsError, OSError) as e:
            self.statusBar().showMessage(str(e), 10_000)  # followed anyway, for this run
        self._update_status()
        if self._on_home():
            self.show_home()

    # ------------------------------------------------------------------ a history that fails
    def _check_history(self, *_: object) -> None:
        """After each answer and at the end of a drill: say whether the history is being
        written, and try again on a timer while it is not."""
        store = self._store
        if store is None:
            return
        trouble = store.trouble
        if trouble is not None:
            if not self._retry.isActive():
                self._retry.start()
            self._tell_history(trouble)
        elif self._history_note is not None:
            # the kept answers went in with this one: say so once, then nothing
            self._tell_history(SAVED_AGAIN if self._history_note != SAVED_AGAIN else None)

    def _tidy_history(self) -> None:
        if self._store is not None:
            self._store.tidy()

    def _retry_history(self) -> None:
        store = self._store
        if store is None or store.retry():
            self._retry.stop()
            if self._history_note is not None and self._history_note != SAVED_AGAIN:
                self._tell_history(SAVED_AGAIN)
            return
        self._tell_history(store.trouble)

    def _tell_history(self, note: str | None) -> None:
        """The note on the drill page, on the summary last shown, and, on the other pages, in
        the status bar (the drill page has its own line)."""
        self._history_note = note
        shown = _(SAVED_AGAIN) if note == SAVED_AGAIN else note
        if self._drill_page is not None:
            self._drill_page.set_history_note(shown)
        if self._summary_shown is not None:
            self._show_summary()
        drilling = self._drill_page is not None and self.pages.currentWidget() is self._drill_page
        if shown is None or drilling:
            self.statusBar().clearMessage()
        else:
            self.statusBar().showMessage(shown, 0 if note != SAVED_AGAIN else 10_000)

    # ------------------------------------------------------------------ pages
    @property
    def drill_page(self) -> DrillPage:
        if self._drill_page is None:
            from ui.collector import keep_built
            from ui.pages.drill import DrillPage

            self._drill_page = DrillPage(self.settings.prefs.currency)
            self._drill_page.read_the_bet = self.settings.prefs.read_the_bet
            self._follow_table_view()
            self._drill_page.finished.connect(self._drill_finished)
            self._drill_page.answeredSignal.connect(self._check_history)
            # the history's log is folded back while the trainee reads, never after an answer
            self._drill_page.questionShown.connect(
                lambda _: QTimer.singleShot(0, self._tidy_history)
            )
            self._drill_page.citationClicked.connect(self.open_citation)
            self.pages.addWidget(self._drill_page)
            keep_built()  # built once, for the app's life: no collection looks at it again
        return self._drill_page

    @property
    def summary(self) -> SummaryPage:
        if self._summary is None:
            from ui.collector import keep_built
            from ui.pages.summary import SummaryPage

            self._summary = SummaryPage()
            self._summary.again.connect(self._again)
            self._summary.home.connect(self.show_home)
            self._summary.citation.connect(self.open_citation)
            self.pages.addWidget(self._summary)
            keep_built()
        return self._summary

    def rules(self):
        return self.settings.rules()

    def show_home(self) -> None:
        rules = self.rules()
        profile = self.settings.prefs.profile
        chips = self.settings.prefs.chip_payment  # *Pay in chips* is said the settings' way
        self.home.refresh(profile, rules.describe(), {}, {}, {}, loading=True, chip_payment=chips)
        if self.settings.ui.last_skill:
            self.home.select(self.settings.ui.last_skill.split(","))
        # read once home is on screen, so the reading never holds up its paint
        self._figures_due = True
        if self._painted:
            QTimer.singleShot(0, self._load_due_figures)  # after this pass, which paints home
        self.pages.setCurrentWidget(self.home)
        self._set_title(HOME)
        view = self._progress
        if view is not None and not view.isVisible() and hasattr(view, "catch_up"):
            QTimer.singleShot(PRELOAD_AFTER_MS, view, view.catch_up)  # the drill's answers, ahead
        elif view is None and self._painted:
            QTimer.singleShot(PRELOAD_AFTER_MS, self._preload)  # a drill came first, or settings
        self.home.table.setFocus()
        self._update_status()
        for a in self._drill_actions:
            a.setEnabled(self._instructor_login is None or a not in self._practice_actions)

    def _home_figures_shown(self, payload: tuple[str, dict, dict, dict, Any]) -> None:
        profile, stats, weak, unavailable, plan = payload
        if profile != self.settings.prefs.profile:
            return  # the profile changed meanwhile: a newer reading is on its way
        self.home.refresh(
            profile,
            self.rules().describe(),
            stats,
            weak,
            unavailable,
            plan=plan,
            chip_payment=self.settings.prefs.chip_payment,
        )
        if self.settings.ui.last_skill:
            self.home.select(self.settings.ui.last_skill.split(","))
        if plan is not None and plan.review_today is None:
            self._load_reviews(profile)

    def _load_reviews(self, profile: str) -> None:
        """The review schedule's due counts, on a worker of their own once the curriculum's
        figures are shown: rebuilding the schedule over a long history with no cache takes
        seconds, and the figures never wait for it (nor share the interpreter with it)."""
        if self._closed or self._instructor_login is not None:
            return
        from ui.background import run_in_background
        from ui.pages.home_plan import review_figures

        try:
            reader = self.store.reader()
        except Exception as e:  # noqa: BLE001 - said on home, as the figures' own failure is
            self.home.set_notice(_("Your reviews could not be counted: {error}").format(error=e))
            return
        run_in_background(
            lambda: review_figures(reader, profile),
            on_done=lambda got: self.home.show_reviews(got[0], got[1].today, got[1].tomorrow),
            on_error=lambda e: self.home.set_notice(
                _("Your reviews could not be counted: {error}").format(error=e)
            ),
            owner=self,
        )

    def setVisible(self, visible: bool) -> None:  # noqa: N802
        super().setVisible(visible)
        if visible and not self._painted and not self._watching:
            self._watching = True
            # the window system takes a few ms to show a new window: look then, not at once
            QTimer.singleShot(ON_SCREEN_POLL_MS, self._wait_until_on_screen)

    def _wait_until_on_screen(self, wait_ms: int = ON_SCREEN_POLL_MS) -> None:
        """Home is painted once the window system exposes the window (Qt paints it as it takes
        the exposure in): then `firstPainted`, and home's figures.

        Polled, not watched with an event filter: the first event handled in Python has PySide
        build the bindings of Qt's ~50 event classes, ~4 ms ahead of home's first paint. A window
        that stays hidden (started minimised) is looked at less and less often."""
        if not self.isVisible():
            self._watching = False
            return
        handle = self.windowHandle()
        if handle is None or not handle.isExposed():
            wait_ms = min(2 * wait_ms, ON_SCREEN_POLL_MAX_MS)
            # with the window as context: a window deleted meanwhile drops the look
            QTimer.singleShot(wait_ms, self, lambda: self._wait_until_on_screen(wait_ms))
            return
        self._watching = False
        self._painted = True
        self.firstPainted.emit()
        self._load_due_figures()
        QTimer.singleShot(PRELOAD_AFTER_MS, self._preload)

    def _title_page(self, _index: int) -> None:
        # every page names itself in the title; the ones that know more say it after
        page = self.pages.currentWidget()
        name = {id(self.home): HOME, id(self._summary): SUMMARY}.get(id(page))
        if name is not None:  # the drill, deal and home game pages are named as they open
            self._set_title(name)

    def _set_title(self, name: str) -> None:
        """The title names the page `name` (untranslated: a switch translates it again)."""
        self._title = name
        self.setWindowTitle(page_title(_(name)))

    def _on_home(self) -> bool:
        return self.isVisible() and self.pages.currentWidget() is self.home

    def _preload(self) -> None:
        # on home, idle: a drill started meanwhile keeps the processor to itself
        if self._on_home() and self._progress is None and not self._closed:
            preload_progress_view(self._build_progress_ahead, owner=self)

    def _build_progress_ahead(self) -> None:
        """The progress view, built hidden while home is idle, and its figures read (on its
        worker): Ctrl+P then only draws them. Back home after a drill it reads what changed
        (`show_home`), and on Ctrl+P it looks again, so it never shows a stale history."""
        if self._on_home() and self._progress is None:
            try:
                self._progress = self._new_progress()
            except ImportError:
                pass  # open_progress says why, when asked

    def _load_due_figures(self) -> None:
        if self._figures_due and not self._closed:
            self._load_figures()

    def _load_figures(self) -> None:
        from ui.background import run_in_background

        self._figures_due = False
        # the history is opened here, on the GUI thread, the first time: once home is on screen
        try:
            reader = self.store.reader()
        except Exception as e:  # noqa: BLE001 - the history cannot be opened: say so, plainly
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.critical(
                self, "Sabot", _("The history cannot be opened: {error}").format(error=e)
            )
            self.close()
            return
        profile, rules = self.settings.prefs.profile, self.rules()
        self._load_assigned()
        from ui.pages.home_plan import home_figures

        run_in_background(
            lambda: home_figures(reader, profile, rules),
            on_done=self._home_figures_shown,
            on_error=lambda e: self.home.set_notice(
                _("Your figures could not be read: {error}").format(error=e)
            ),
            owner=self,
        )

    def _load_assigned(self) -> None:
        """The exams assigned to this trainee on a school's server, with their tries read on a
        worker thread; a history of this PC alone has none, and nothing more is done."""
        store = self._store
        if store is None or self._instructor_login is not None:  # assigned to the trainees
            return
        assigned = store.assignments()
        if not assigned and not self._assigned:
            return
        self._assigned = assigned
        import datetime

        from ui.background import run_in_background
        from ui.school.assigned_box import assigned_figures

        today, profile, reader = datetime.date.today(), self.settings.prefs.profile, store.reader()
        run_in_background(
            lambda: assigned_figures(reader, profile, assigned, today),
            on_done=lambda rows: self.home.show_assigned(rows, today),
            on_error=lambda e: self.home.set_notice(
                _("Your assigned exams could not be read: {error}").format(error=e)
            ),
            owner=self,
        )

    def wait_for_figures(self, timeout_ms: int = 5000) -> bool:
        """For tests: block until the curriculum's figures are shown."""
        from PySide6.QtCore import QCoreApplication

        QCoreApplication.processEvents()
        if self._figures_due:  # home was never on screen (a hidden window)
            self._load_figures()
        from ui import background

        # the figures, then the review's counts their arrival starts
        ok = True
        for _round in range(2):
            ok = QThreadPool.globalInstance().waitForDone(timeout_ms) and ok
            QCoreApplication.processEvents()
            if not background._running:
                break
        return ok

    def _update_status(self) -> None:
        if self._instructor_login is not None:
            self.status.setText(
                _("instructor {login} · rules {rules}").format(
                    login=self._instructor_login, rules=self.rules().describe()
                )
            )
            return
        self.status.setText(
            _("profile {profile} · rules {rules}").format(
                profile=self.settings.prefs.profile, rules=self.rules().describe()
            )
        )

    def _home_start(self, names: list[str], mode: str) -> None:
        if mode == "exam":
            self.set_exam()
        else:
            self.start_drill(names, mode)

    def _start_plan(self, names: list[str], due: list) -> None:
        """Today's plan: a practice of its skills, the due items coming first."""
        self.start_drill(list(names), "practice", weak=[(str(s), str(i)) for s, i in due])

    def start_review(self) -> None:
        """A review session: the items the review schedule has due today, oldest due first,
        across skills (`trainer.history.review`); said so when none is due."""
        self.start_drill([], "review")

    def set_exam(self, skills: str = "all") -> None:
        """Ask for the exam (a new one, or an instructor's seed), then start it."""
        from ui.dialogs.exam import ask_exam

        asked = ask_exam(self, skills)
        if asked is not None:
            seed, spec = asked
            self.start_drill(spec.split(","), "exam", seed=seed)

    def start_assigned(self, assignment: Any) -> None:
        """A try at an exam assigned on the school's server, as `sabot drill --assignment`
        takes one (`trainer.history.assignments`): while it is open (the app may have stayed
        open past its last day), the exam of its skills, seed, rules and time limit, the session
        recorded as a try at it."""
        import datetime

        from trainer.history.assignments import check_open

        try:
            check_open(assignment, datetime.date.today())
        except ValueError as e:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, "Sabot", str(e))
            if self._on_home():
                self._load_assigned()  # the box as it is today
            return
        if self.start_drill(list(assignment.skills), "exam", assigned=assignment):
            self._last_assigned = assignment

    def start_drill(
        self,
        names: list[str],
        mode: str,
        weak: list[tuple[str, str]] | None = None,
        *,
        seed: int | None = None,
        assigned: Any = None,
    ) -> bool:
        """A drill of `names` in `mode`, under the settings' house rules; or, `assigned`, the
        exam of that assignment (`trainer.history.assignments.exam_drill`: its own rules, seed
        and time limit). False when it cannot start (the trainee is told why)."""
        from trainer.history.store import StoreError
        from trainer.practice.drill import Drill, resolve_skills
        from trainer.practice.skills.base import Practice

        if self._refuse_practice():
            return False
        self._last_assigned = None
        common: dict[str, Any] = {
            "store": self.store,
            "profile": self.settings.prefs.profile,
            "practice": Practice(
                chip_payment=self.settings.prefs.chip_payment,
                buy_in=self.settings.prefs.buy_in,
                change=self.settings.prefs.change,
            ),
        }
        try:
            if assigned is not None:
                from trainer.history.assignments import exam_drill

                drill = exam_drill(assigned, **common)
            elif mode == "review":
                drill = self._review_drill(common)
                names = [s.name for s in drill.skills]
            else:
                rules = self.rules()
                skills = resolve_skills(",".join(names), rules)
                if weak is None:
                    weak = []
                    if mode != "exam":
                        from trainer.history.stats import weakest_items

                        try:
                            weak = [
                                (w.skill, w.item)
                                for w in weakest_items(self.store, self.settings.prefs.profile, n=5)
                                if w.wrong
                            ]
                        except ValueError:
                            weak = []
                drill = Drill(
                    skills,
                    rules,
                    mode=mode,
                    count=self.settings.ui.sprint_count if mode == "sprint" else None,
                    seed=seed,
                    carried_weak=weak,
                    **common,
                )
        except (ValueError, StoreError) as e:  # StoreError: the history cannot be written
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, "Sabot", str(e))
            return False
        self._last = (names, mode)
        if mode != "exam":
            self.settings.ui.last_skill = ",".join(names)
        self.settings.ui.last_mode = mode
        self._bests_before = self._bests_keys()
        page = self.drill_page
        self.pages.setCurrentWidget(page)
        self._set_title(MODE_TITLES.get(mode, HOME))
        for a in self._drill_actions:
            a.setEnabled(False)
        self._summary_shown = None
        self._summary_drill = None
        page.start(drill)
        return True

    def _review_drill(self, common: dict[str, Any]) -> Drill:
        """The review of what is due today under the settings' rules; ValueError, said as a
        sentence, when nothing is."""
        import time

        from trainer.history.review import build
        from trainer.practice.drill import REVIEW, Drill
        from trainer.practice.skills import SKILLS

        rules = self.rules()
        # read on top of the cache home's worker keeps: on the GUI thread, nothing written
        schedule = build(self.store, self.settings.prefs.profile, keep=False)
        due = [
            i
            for i in schedule.due(time.time())
            if i.skill in SKILLS and SKILLS[i.skill].available(rules) is None
        ]
        if not due:
            raise ValueError(_("Nothing is due for review today."))
        return Drill(
            [SKILLS[n] for n in dict.fromkeys(i.skill for i in due)],
            rules,
            mode=REVIEW,
            reviews=[(i.skill, i.item, i.question, i.last_missed) for i in due],
            **common,
        )

    def _bests_keys(self) -> set[tuple[str, int]]:
        from trainer.history.stats import personal_bests

        try:
            pb = personal_bests(self.store, self.settings.prefs.profile)
        except ValueError:
            return set()
        keys = {("challenge", b.session_id) for b in pb.challenge}
        keys |= {("sprint", b.session_id) for b in pb.sprint}
        keys |= {(f"median:{k}", b.session_id) for k, b in pb.median.items()}
        return keys

    def _drill_finished(self, payload: tuple[Drill, Summary]) -> None:
        drill, summary = payload
        kinds = [k for k, sid in self._bests_keys() - self._bests_before if sid == drill.session_id]
        self._summary_shown = (summary, kinds, drill.rules)
        self._summary_drill = drill
        self._show_summary()
        self.pages.setCurrentWidget(self.summary)
        self._check_history()  # the end of the session may be kept too
        self._set_title(SUMMARY)
        self.summary.setFocus()
        for a in self._drill_actions:
            a.setEnabled(True)

    def _show_summary(self) -> None:
        """The summary last shown, in the current language, with its history's state."""
        from ui.pages.summary import best_beaten

        assert self._summary_shown is not None
        summary, kinds, rules = self._summary_shown
        trouble = self._store.trouble if self._store is not None else None
        status = self._store.status() if self._store is not None else None
        if trouble is None and status is not None and status.online and status.problem:
            # kept on this PC, and refused by the school's server: never "already saved"
            trouble = _(
                "Every answer is kept on this PC; the school's server refuses them: {problem}."
            ).format(problem=status.problem)
        beaten = sorted(best_beaten(kind, summary) for kind in kinds)
        self.summary.show_summary(summary, beaten, rules, history_trouble=trouble)

    def _again(self) -> None:
        if self._last is None:
            self.show_home()
            return
        names, mode = self._last
        assigned = self._last_assigned
        if assigned is not None:  # the same assigned exam again, while it is open
            import datetime

            if assigned.state(datetime.date.today()) == "open":
                self.start_assigned(assigned)
            else:
                self.show_home()
            return
        if mode == "exam":
            self.set_exam(",".join(names))  # a new exam, or the instructor's seed again
            return
        self.start_drill(names, mode)

    # ------------------------------------------------------------------ help
    def open_rules(self, tag: str | None = None, source: str | None = None):
        """The rules book, on `tag` (a rule, "§9", "000"), else on the rule of the question at
        hand, else where it was left. Closed during an exam. Returns the window, or None."""
        from ui.dialogs.help import open_rules

        return open_rules(self, tag, source)

    def open_citation(self, href: str) -> None:
        from ui.dialogs.citations import target

        self.open_rules(*target(href))

    def show_welcome(self) -> None:
        """Help ▸ Welcome: home, with the first run's welcome on it again."""
        self.show_home()
        self.home.show_welcome()

    def show_shortcuts(self) -> None:
        from ui.dialogs.help import show_shortcuts

        show_shortcuts(self)

    def show_about(self) -> None:
        from ui.dialogs.help import show_about

        show_about(self)

    # ------------------------------------------------------------------ dialogs
    def open_deal(self) -> None:
        """Deal mode: whole shoes at the table, every step stored in the same history."""
        if self._refuse_practice():
            return
        if self._deal is None:
            from ui.collector import keep_built
            from ui.pages.deal import DealPage

            page = DealPage(
                self.rules(),
                self.store,
                self.settings.prefs.profile,
                currency=self.settings.prefs.currency,
                animate=self.settings.prefs.deal_animation,
                chip_payment=self.settings.prefs.chip_payment,
            )
            page.finished.connect(self.show_home)
            page.answered.connect(self._check_history)  # a history that fails is said here too
            self.pages.addWidget(page)
            self._deal = page
            keep_built()
        self._deal.animate = self.settings.prefs.deal_animation
        self._deal.chip_payment = self.settings.prefs.chip_payment  # as the settings say now
        self._deal.table.table_scene().set_amounts(False)  # deal mode reads each bet (issue 24)
        self._follow_table_view()
        self._deal.new_shoe(self.rules(), self.settings.prefs.profile)
        self.pages.setCurrentWidget(self._deal)
        self._set_title(DEAL)

    def open_home_game(self) -> None:
        """A home game [004]: its own page, the score sheet stored in the same history."""
        if self._refuse_practice():
            return
        if self._home_game is None:
            from ui.collector import keep_built
            from ui.pages.home_game import HomeGamePage

            page = HomeGamePage(self.store, self.settings.prefs.profile)
            page.finished.connect(self.show_home)
            page.answered.connect(self._check_history)
            self.pages.addWidget(page)
            self._home_game = page
            keep_built()
        self._follow_table_view()
        self._home_game.new_game(self.settings.prefs.profile)
        self.pages.setCurrentWidget(self._home_game)
        self._set_title(HOME_GAME)

    def open_settings(self) -> None:
        dlg = self.settings_dialog()
        try:
            dlg.exec()
        finally:
            self._settings_closed()

    def settings_dialog(self) -> Any:
        """The settings dialog, made and wired, not shown yet: its OK applies the settings, a
        language chosen in it is spoken at once (the dialog said again in it), and its end
        (`_settings_closed`) goes back to the saved language if that one was not kept."""
        from ui.dialogs.settings import SettingsDialog

        dlg = SettingsDialog(self.settings, self.store, self)
        dlg.applied.connect(self._settings_applied)
        dlg.languageChosen.connect(self._speak)
        dlg.finished.connect(self._settings_closed)
        self._hold_answer_clock()  # the settings are no part of an answer's time
        self._settings_dialog = dlg
        return dlg

    def _settings_closed(self, *_result: object) -> None:
        if self._settings_dialog is None:
            return  # said once, whether it ended by its buttons or its event loop
        self._settings_dialog = None
        self._follow_language_setting()  # a language tried and cancelled: the saved one
        self._resume_answer_clock()

    def _follow_table_view(self) -> None:
        """The tables drawn as the settings say: as the dealer or as the players see them. Only
        once a page with a table has loaded the felt (never on the start path)."""
        scene = sys.modules.get("ui.table.scene")
        if scene is not None:
            scene.set_dealer_view(not self.settings.prefs.players_view)

    def _settings_applied(self) -> None:
        from PySide6.QtWidgets import QApplication

        from ui.theme import apply_theme

        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.settings.prefs.theme)
        self._follow_language_setting()
        self._follow_table_view()
        if self._drill_page is not None:
            self._drill_page.currency = self.settings.prefs.currency
            self._drill_page.read_the_bet = self.settings.prefs.read_the_bet
        if self._rules_book is not None:
            self._rules_book.set_rules(self.rules())
        if self._progress is not None:
            self._progress.close()
            self._progress.deleteLater()  # the next one opens on the new settings
            self._progress = None
        self.show_home()

    def open_progress(self) -> None:
        try:
            import ui.progress.window  # noqa: F401
        except ImportError as e:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.information(
                self, "Sabot", _("The progress view cannot open: {error}").format(error=e)
            )
            return
        if self._progress is None:
            self._progress = self._new_progress()
        self._progress.show()
        self._progress.raise_()

    def _new_progress(self, *, read_now: bool = True) -> QWidget:
        from PySide6.QtCore import Qt

        from ui.progress.window import ProgressWindow

        window = ProgressWindow(self.store, self.settings, parent=self, read_now=read_now)
        window.setWindowFlag(Qt.WindowType.Window, True)
        drill_again = getattr(window, "drillAgain", None)
        if drill_again is not None:
            drill_again.connect(self.drill_items)
        return window

    def drill_items(self, items: list) -> None:
        """Drill again the items missed in a session (from the progress view)."""
        pairs = [(str(s), str(i)) for s, i in items]
        names = list(dict.fromkeys(s for s, _ in pairs))
        if not names:
            return
        self.raise_()
        self.activateWindow()
        self.start_drill(names, "practice", weak=pairs)

    def closeEvent(self, event) -> None:  # noqa: N802
        """Quit: end the drill, a last try to save what the history could not take, the
        settings saved. What could not be is said once, in one box, and Sabot quits anyway."""
        from trainer.history.store import WAIT_MS
        from trainer.settings import SettingsError

        if self._drill_page is not None and self._drill_page.drill is not None:
            self._drill_page.end()
        # a reading still due (home shown again a moment ago) is not made: the history closes next
        self._closed = True
        QThreadPool.globalInstance().waitForDone(3000)
        self._retry.stop()
        if getattr(self, "_school_poll", None) is not None:
            self._school_poll.stop()
        problems = []
        if self._store is not None and not self._store.retry(WAIT_MS):
            problems.append(self._store.unsaved)
        self.settings.ui.geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        try:
            self.settings.save()
        except (SettingsError, OSError) as e:
            # the settings are a convenience: never block quitting over them
            problems.append(_("{error} Sabot quits without saving them.").format(error=e))
        if problems and not self._told_on_quit:
            from PySide6.QtWidgets import QMessageBox

            self._told_on_quit = True
            QMessageBox.warning(self, "Sabot", "\n\n".join(p for p in problems if p))
        super().closeEvent(event)
