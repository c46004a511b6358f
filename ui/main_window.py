"""The main window: home (the curriculum), the drill at the table, and the summary, with the
settings and the progress view one shortcut away. Everything it uses is handed to it."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QStackedWidget, QWidget

from trainer.drill import Drill, Summary, resolve_skills
from trainer.settings import Settings
from trainer.skills import SKILLS, TARGETS
from trainer.store import Store
from ui.drill_page import DrillPage
from ui.home import HomePage
from ui.summary_page import SummaryPage


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.store = store
        self.setWindowTitle("Sabot — blackjack dealer trainer")
        self.pages = QStackedWidget()
        self.home = HomePage()
        self.drill_page = DrillPage(settings.prefs.currency)
        self.summary = SummaryPage()
        for w in (self.home, self.drill_page, self.summary):
            self.pages.addWidget(w)
        self.setCentralWidget(self.pages)
        self.status = QLabel()
        self.statusBar().addPermanentWidget(self.status)

        self.home.start.connect(self.start_drill)
        self.drill_page.finished.connect(self._drill_finished)
        self.summary.again.connect(self._again)
        self.summary.home.connect(self.show_home)
        self._last: tuple[list[str], str] | None = None
        self._progress = None

        menu = self.menuBar().addMenu("&Sabot")
        a_home = QAction("&Home", self, shortcut=QKeySequence("Ctrl+H"), triggered=self.show_home)
        a_settings = QAction(
            "&Settings…", self, shortcut=QKeySequence("Ctrl+,"), triggered=self.open_settings
        )
        a_progress = QAction(
            "&Progress…", self, shortcut=QKeySequence("Ctrl+P"), triggered=self.open_progress
        )
        a_quit = QAction(
            "&Quit", self, shortcut=QKeySequence.StandardKey.Quit, triggered=self.close
        )
        for a in (a_home, a_settings, a_progress):
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(a_quit)
        self._drill_actions = (a_settings, a_progress)

        geo = settings.ui.geometry
        if geo:
            self.restoreGeometry(QByteArray.fromBase64(geo.encode("ascii")))
        else:
            self.resize(1280, 800)
        notices = [n for n in (store.notice, settings.notice) if n]
        self.home.set_notice(" ".join(notices) or None)
        self.show_home()

    # ------------------------------------------------------------------ pages
    def rules(self):
        return self.settings.rules()

    def show_home(self) -> None:
        rules = self.rules()
        profile = self.settings.prefs.profile
        from trainer.stats import skill_stats, weakest_items

        try:
            stats = skill_stats(self.store, profile, TARGETS)
            weak_rows = weakest_items(self.store, profile, n=40, min_attempts=1)
        except ValueError:  # a profile with no history yet
            stats, weak_rows = {}, []
        weak: dict[str, list[str]] = {}
        for w in weak_rows:
            if w.wrong:
                weak.setdefault(w.skill, []).append(w.item)
        unavailable = {name: s.available(rules) for name, s in SKILLS.items()}
        self.home.refresh(profile, rules.describe(), stats, weak, unavailable)
        if self.settings.ui.last_skill:
            self.home.select(self.settings.ui.last_skill.split(","))
        self.pages.setCurrentWidget(self.home)
        self.home.table.setFocus()
        self._update_status()
        for a in self._drill_actions:
            a.setEnabled(True)

    def _update_status(self) -> None:
        self.status.setText(
            f"profile {self.settings.prefs.profile} · rules {self.rules().describe()}"
        )

    def start_drill(self, names: list[str], mode: str) -> None:
        rules = self.rules()
        try:
            skills = resolve_skills(",".join(names), rules)
            weak: list[tuple[str, str]] = []
            if mode != "exam":
                from trainer.stats import weakest_items

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
                store=self.store,
                profile=self.settings.prefs.profile,
                carried_weak=weak,
            )
        except ValueError as e:
            QMessageBox.warning(self, "Sabot", str(e))
            return
        self._last = (names, mode)
        if mode != "exam":
            self.settings.ui.last_skill = ",".join(names)
        self.settings.ui.last_mode = mode
        self._bests_before = self._bests_keys()
        self.pages.setCurrentWidget(self.drill_page)
        for a in self._drill_actions:
            a.setEnabled(False)
        self.drill_page.start(drill)

    def _bests_keys(self) -> set[tuple[str, int]]:
        from trainer.stats import personal_bests

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
        beaten = []
        for kind, sid in self._bests_keys() - self._bests_before:
            if sid != drill.session_id:
                continue
            if kind == "challenge":
                beaten.append(f"most right answers in 60 s: {summary.correct}")
            elif kind == "sprint":
                beaten.append(
                    f"fastest sprint of {summary.attempts}: {summary.elapsed_ms / 1000:.1f} s"
                )
            else:
                skill = kind.split(":", 1)[1]
                beaten.append(f"best median for {SKILLS[skill].title}")
        self.summary.show_summary(summary, beaten)
        self.pages.setCurrentWidget(self.summary)
        self.summary.setFocus()
        for a in self._drill_actions:
            a.setEnabled(True)

    def _again(self) -> None:
        if self._last is None:
            self.show_home()
            return
        self.start_drill(*self._last)

    # ------------------------------------------------------------------ dialogs
    def open_settings(self) -> None:
        from ui.settings_dialog import SettingsDialog

        dlg = SettingsDialog(self.settings, self.store, self)
        dlg.applied.connect(self._settings_applied)
        dlg.exec()

    def _settings_applied(self) -> None:
        from PySide6.QtWidgets import QApplication

        from ui.settings_dialog import apply_theme

        app = QApplication.instance()
        if app is not None:
            apply_theme(app, self.settings.prefs.theme)
        self.drill_page.currency = self.settings.prefs.currency
        self.show_home()

    def open_progress(self) -> None:
        try:
            from ui.progress import ProgressWindow
        except ImportError:
            QMessageBox.information(self, "Sabot", "The progress view is not available yet.")
            return
        if self._progress is None:
            self._progress = ProgressWindow(self.store, self.settings, parent=self)
            self._progress.setWindowFlag(Qt.WindowType.Window, True)
        self._progress.show()
        self._progress.raise_()

    def closeEvent(self, event) -> None:  # noqa: N802
        if self.drill_page.drill is not None:
            self.drill_page.end()
        self.settings.ui.geometry = bytes(self.saveGeometry().toBase64()).decode("ascii")
        try:
            self.settings.save()
        except OSError:
            pass  # the settings are a convenience: never block quitting over them
        super().closeEvent(event)
