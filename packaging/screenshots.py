"""Sabot's screenshots, taken from a real window, and a walk through every window to look at.

    python packaging/screenshots.py [--lang fr it] [--out packaging/screenshots]
    python packaging/screenshots.py --walk DIR [--lang fr it]

Run it on a display, at the screen size to show: `Xvfb :N -screen 0 1280x800x24 &`, then
`DISPLAY=:N QT_QPA_PLATFORM=xcb python packaging/screenshots.py`. The main window fills the
screen; on a screen of 1024×600 (or less) the files are named `*-small.png`.

The shots (the issue's, and the README's): home, a drill with its verdict (a Black Jack paid
wrong, the rule it comes from) and the progress view, in each language: `home-fr.png`,
`drill-fr.png`, `progress-fr.png`, `home-fr-small.png`, …

`--walk DIR` saves every window a trainee or an instructor can open (home, the menus, a drill of
every skill with its verdict, each money skill's question before its verdict, an exam and its
summary, a dealt shoe and its report, one with an incident answered wrong, a home game, every tab
of the progress view and of the settings, the rules book, the keyboard shortcuts, About, the class
view of a server that does not answer and of a class as read (a cell's tooltip, the assigned
exams, the dialog that assigns one, the gradebook), the exam dialog, the notices home shows and a
message box) to DIR, and prints every text the window cuts short: a label, a button or a tab
narrower than its words, a wrapped label lower than its lines, a window larger than the screen.
Nothing is printed for a clean window.

Each run is made on a fresh history of its own: a few weeks of practice (tests/bench's
`fill_history`), in a data folder of its own (SABOT_DATA_DIR), nothing of the user's touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SMALL = (1024, 600)  # a screen this size or smaller: the shots are named "-small"
PROFILE = "Anna"
# the money at the table (RULES.md §14): a look of their own, the question before its verdict
MONEY_SKILLS = ("stack-values", "buy-in", "change", "colour-up", "conversions", "read-pay")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="+", default=["fr", "it"], choices=["en", "fr", "it"])
    parser.add_argument("--out", type=Path, default=ROOT / "packaging" / "screenshots")
    parser.add_argument("--walk", type=Path, help="every window, to this folder")
    parser.add_argument("--only", nargs="*", help="with --walk: only the looks of these names")
    options = parser.parse_args(argv)
    if len(options.lang) > 1:
        # one process a language: each starts as a first run would, nothing carried over
        import subprocess

        argv = [a for a in (argv if argv is not None else sys.argv[1:])]
        rest = _without_langs(argv)
        runs = [[sys.executable, __file__, *rest, "--lang", lang] for lang in options.lang]
        return max(subprocess.run(run, check=False).returncode for run in runs)
    data = Path(tempfile.mkdtemp(prefix="sabot-shots-"))
    os.environ["SABOT_DATA_DIR"] = str(data)
    sys.path.insert(0, str(ROOT))
    from tests.bench.bench_progress import fill_history

    fill_history(data / "history.sqlite3", 4000, days=45, profiles={PROFILE: (1.0, 0.7)})

    from PySide6.QtWidgets import QApplication

    from ui.collector import GuiCollector

    app = QApplication(sys.argv[:1])
    app.setApplicationName("Sabot")
    # garbage collected as the app collects it: on the GUI thread only, between events (a
    # collection on the thread computing home's figures once deleted a closed window's widgets
    # under the walk's feet)
    GuiCollector(app)
    screen = app.primaryScreen().availableGeometry()
    small = screen.width() <= SMALL[0] or screen.height() <= SMALL[1]
    shots = Shots(app, data, options.lang[0], small)
    cut = 0
    if options.walk is not None:
        cut = shots.walk(options.walk, set(options.only or ()))
    else:
        shots.readme(options.out)
    shots.close()
    return 1 if cut else 0


def _without_langs(argv: list[str]) -> list[str]:
    """The command line without its --lang and the languages after it."""
    out, skipping = [], False
    for a in argv:
        if a == "--lang":
            skipping = True
            continue
        if skipping and not a.startswith("--"):
            continue
        skipping = False
        out.append(a)
    return out


class Shots:
    """The app in one language, on a history of its own, its windows saved as PNG."""

    def __init__(self, app, data: Path, lang: str, small: bool) -> None:
        from trainer.history.store import Store
        from trainer.settings import Settings
        from ui.language import apply_language
        from ui.main_window import MainWindow

        self.app, self.lang, self.small = app, lang, small
        apply_language(lang, app)
        settings_path = data / "settings.json"
        settings_path.unlink(missing_ok=True)  # each language starts as a first run would
        self.settings = Settings.load(settings_path)
        self.settings.prefs.profile = PROFILE
        self.settings.prefs.language = lang
        self.settings.save()
        self.store = Store.open(data / "history.sqlite3")
        self.win = MainWindow(self.settings, self.store)
        self.win.setGeometry(app.primaryScreen().availableGeometry())
        self.win.show()
        self.settle(400)
        self.win.wait_for_figures()
        self.settle(300)
        self.cut: list[str] = []

    def close(self) -> None:
        self.win.close()
        self.settle(100)
        self.store.close()

    # -- waiting and saving -----------------------------------------------------------------

    def settle(self, ms: int) -> None:
        """Let the windows lay themselves out and paint for `ms`."""
        from PySide6.QtCore import QEventLoop, QTimer

        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def until(self, done: Callable[[], object], ms: int = 60_000) -> None:
        from PySide6.QtCore import QElapsedTimer

        clock = QElapsedTimer()
        clock.start()
        while not done():
            if clock.elapsed() > ms:
                raise RuntimeError("a window did not get ready in time")
            self.settle(50)

    def name(self, what: str) -> str:
        return f"{what}-{self.lang}{'-small' if self.small else ''}.png"

    def save(self, widget, folder: Path, what: str, *, screen: bool = False) -> None:
        """`widget` (a whole window) as it is painted, to folder/what-LANG[-small].png; with
        `screen`, the whole screen (a menu or a tooltip over its window)."""
        folder.mkdir(parents=True, exist_ok=True)
        self.settle(250)
        if screen:
            picture = self.app.primaryScreen().grabWindow(0)
        else:
            picture = widget.grab()
        path = folder / self.name(what)
        picture.save(str(path))
        found = cut_texts(widget, self.app.primaryScreen().availableGeometry())
        for line in found:
            self.cut.append(f"{path.name}: {line}")
            print(f"{path.name}: {line}")
        print(f"saved {path}", file=sys.stderr)

    def modal(self, open_it: Callable[[], object], look: Callable[[object], None]) -> None:
        """Open a dialog that runs its own event loop (`exec`), look at it, and close it."""
        from PySide6.QtCore import QTimer

        def then() -> None:
            dialog = self.app.activeModalWidget()
            if dialog is None:
                QTimer.singleShot(100, then)
                return
            try:
                look(dialog)
            finally:
                dialog.reject()

        QTimer.singleShot(300, then)
        open_it()

    # -- the README's ----------------------------------------------------------------------

    def readme(self, out: Path) -> None:
        self.save(self.win, out, "home")
        self.drill_with_verdict("pay-blackjack")
        self.save(self.win, out, "drill")
        self.win.drill_page.end()
        self.win.show_home()
        view = self.progress()
        self.save(view, out, "progress")
        view.close()

    def drill_with_verdict(self, skill: str, seed: int = 3) -> None:
        """A practice drill of `skill`, its first question answered wrong: the verdict shown."""
        win = self.win
        win.start_drill([skill], "practice", seed=seed)
        page = win.drill_page
        self.until(lambda: page._clock.isValid())
        q = page.question
        assert q is not None
        self.settle(1700)  # the time a trainee takes, said in the verdict
        wrong = wrong_answer(q)
        if q.kind == "choice":
            page._submit(wrong)
        else:
            page.line.setText(wrong)
            page._submit_line()
        self.settle(200)

    def progress(self):
        self.win.open_progress()
        view = self.win._progress
        view.setGeometry(self.app.primaryScreen().availableGeometry())
        self.until(lambda: view.is_loaded)
        self.settle(300)
        return view

    # -- every window ----------------------------------------------------------------------

    def walk(self, out: Path, only: set[str]) -> int:
        looks = {
            "home": self.look_home,
            "menus": self.look_menus,
            "drills": self.look_drills,
            "money": self.look_money,
            "exam": self.look_exam,
            "review": self.look_review,
            "deal": self.look_deal,
            "homegame": self.look_home_game,
            "progress": self.look_progress,
            "settings": self.look_settings,
            "help": self.look_help,
            "classview": self.look_class,
            "notices": self.look_notices,
        }
        for name, look in looks.items():
            if not only or name in only:
                look(out)
                self.win.show_home()
                self.settle(100)
        return len(self.cut)

    def look_home(self, out: Path) -> None:
        self.save(self.win, out, "home")
        self.win.show_welcome()  # Help ▸ Welcome: the first run's welcome again
        self.settle(300)
        self.save(self.win, out, "home-welcome")
        if self.win.home.welcome_close.isVisible():
            self.win.home.hide_welcome()

    def look_review(self, out: Path) -> None:
        """A review session (R on home): its first item, then its verdict."""
        win = self.win
        win.start_review()
        page = win.drill_page
        if win.pages.currentWidget() is not page:  # nothing due: home says so
            return
        self.until(lambda: page._clock.isValid())
        self.settle(300)
        self.save(win, out, "review")
        q = page.question
        self.settle(1200)
        if q.kind == "choice":
            page._submit(wrong_answer(q))
        else:
            page.line.setText(wrong_answer(q))
            page._submit_line()
        self.settle(200)
        self.save(win, out, "review-verdict")
        page.end()

    def look_menus(self, out: Path) -> None:
        bar = self.win.menuBar()
        for i, action in enumerate(bar.actions()):
            menu = action.menu()
            if menu is None:
                continue
            menu.popup(bar.mapToGlobal(bar.actionGeometry(action).bottomLeft()))
            self.settle(200)
            if i == 0:
                language = self.win._language_menu
                where = menu.actionGeometry(language.menuAction()).topRight()
                language.popup(menu.mapToGlobal(where))
                self.settle(200)
                self.save(language, out, "menu-language", screen=True)
                language.hide()
            self.save(menu, out, f"menu-{i}", screen=True)
            menu.hide()

    def look_drills(self, out: Path) -> None:
        from trainer.practice.skills import SKILLS

        rules = self.win.rules()
        for name, skill in SKILLS.items():
            if skill.available(rules) is not None:
                continue
            self.drill_with_verdict(name)
            self.save(self.win, out, f"drill-{name}")
            self.win.drill_page.end()
            self.settle(100)
            if name == "announce":
                self.save(self.win, out, "summary-practice")

    def look_money(self, out: Path) -> None:
        """Each money skill's question on the felt as the trainee first sees it (the notes, the
        stacks to read, the player's words), then answered wrong: its verdict."""
        from trainer.practice.skills import SKILLS

        rules = self.win.rules()
        for name in MONEY_SKILLS:
            skill = SKILLS.get(name)
            if skill is None or skill.available(rules) is not None:
                print(f"no {name} drill at this table", file=sys.stderr)
                continue
            win = self.win
            win.start_drill([name], "practice", seed=5)
            page = win.drill_page
            self.until(lambda page=page: page._clock.isValid())
            self.save(win, out, f"money-{name}")
            q = page.question
            assert q is not None
            page._submit(wrong_answer(q))
            self.save(win, out, f"money-{name}-verdict")
            page.end()
            self.settle(100)

    def look_exam(self, out: Path) -> None:
        win = self.win
        self.modal(win.set_exam, lambda d: self.save(d, out, "exam-dialog"))
        win.start_drill(["all"], "exam", seed=42)
        page = win.drill_page
        self.until(lambda: page._clock.isValid())
        for _each in range(3):
            q = page.question
            assert q is not None
            if q.kind == "choice":
                page._submit(wrong_answer(q))
            elif q.kind == "chips":
                page._submit("25")
            elif q.kind == "announced-chips":
                page._submit("25: 25")
            else:
                page.line.setText(q.expected)
                page._submit_line()
            self.settle(100)
        self.save(win, out, "exam")
        page.request_end()  # asked once: "End the exam now?"
        self.save(win, out, "exam-end")
        page.request_end()
        self.settle(200)
        self.save(win, out, "summary-exam")

    def look_deal(self, out: Path) -> None:
        win = self.win
        win.open_deal()
        deal = win._deal
        self.save(win, out, "deal-setup")
        deal.setup.seed.setText("7")
        deal.setup.submit()
        self.settle(300)
        deal._give("burn", None)  # a shoe begins with its burn [000]
        self.settle(300)
        self.save(win, out, "deal-round")
        s = deal.shoe.step
        deal._give("d" if s.expected != "dealer" else "1", None)
        self.save(win, out, "deal-wrong")
        deal.end_shoe()
        self.save(win, out, "deal-report")
        # a shoe with incidents: one asked (a player's words), answered wrong, and the report
        from trainer.practice.deal import FREQUENT

        # an incident's steps (trainer.practice.deal): an insurance over the amount, a refusal
        INCIDENT_ITEMS = ("procedure:insurance-over", "procedure:refuse-")  # noqa: N806

        win.open_deal()  # a new shoe: its setup again
        self.settle(200)
        deal.setup.guidance.setCurrentIndex(deal.setup.guidance.findData(True))  # guided
        deal.setup.incidents.setCurrentIndex(deal.setup.incidents.findData(FREQUENT))
        deal.setup.seed.setText("11")
        deal.setup.submit()
        self.settle(300)
        for _each in range(600):
            s = deal.shoe.step if deal.shoe is not None else None
            if s is None or s.item.startswith(INCIDENT_ITEMS):
                break
            deal._give(s.expected, None)
        s = deal.shoe.step if deal.shoe is not None else None
        if s is not None and s.item.startswith(INCIDENT_ITEMS):
            self.settle(300)
            self.save(win, out, "deal-incident")
            wrong = "C" if s.expected not in ("C", "collect") else "E"
            deal._give(wrong, None)
            self.save(win, out, "deal-incident-wrong")
        else:
            print("no incident was dealt in 600 steps", file=sys.stderr)
        deal.end_shoe()
        self.save(win, out, "deal-incident-report")
        # on his own: the prompt says the phase alone; a bust left uncollected is an error
        from trainer.practice.deal_steps import move_of
        from trainer.practice.deal_words import say_move

        win.open_deal()
        self.settle(200)
        deal.setup.guidance.setCurrentIndex(deal.setup.guidance.findData(False))
        deal.setup.incidents.setCurrentIndex(deal.setup.incidents.findData("off"))
        deal.setup.seed.setText("27")
        deal.setup.submit()
        self.settle(300)
        for _each in range(600):
            s = deal.shoe.step if deal.shoe is not None else None
            if s is None or (s.item == "pay:collect" and s.phase == "play"):
                break
            deal._give(say_move(move_of(s)), None)
        s = deal.shoe.step if deal.shoe is not None else None
        if s is not None and s.item == "pay:collect":
            deal._give("d h", None)  # the dealer draws: the bust is not collected
            self.settle(300)
            self.save(win, out, "deal-own-bust-forgotten")
        else:
            print("no bust was dealt in 600 steps", file=sys.stderr)
        # guided, taking a bettor's insurance: the step's own hint, no collect or push
        win.open_deal()
        self.settle(200)
        deal.setup.guidance.setCurrentIndex(deal.setup.guidance.findData(True))
        deal.setup.seed.setText("27")
        deal.setup.submit()
        self.settle(300)
        for _each in range(600):
            s = deal.shoe.step if deal.shoe is not None else None
            if s is None or s.item == "pay:insure":
                break
            deal._give(s.expected, None)
        if deal.shoe is not None and deal.shoe.step.item == "pay:insure":
            self.settle(300)
            self.save(win, out, "deal-insurance")
        else:
            print("no insurance was taken in 600 steps", file=sys.stderr)
        deal.end_shoe()

    def look_home_game(self, out: Path) -> None:
        win = self.win
        win.open_home_game()
        game = win._home_game
        self.save(win, out, "homegame-setup")
        game.setup.submit()
        self.settle(300)
        self.save(win, out, "homegame-round")
        game.end_game()
        self.save(win, out, "homegame-over")

    def look_progress(self, out: Path) -> None:
        view = self.progress()
        for i in range(view.tabs.count()):
            view.tabs.setCurrentIndex(i)
            self.settle(300)
            self.save(view, out, f"progress-{i}")
        view.tabs.setCurrentIndex(0)
        self.settle(300)
        view.export_chart_png(out / self.name("progress-export"))  # made for paper
        view.close()

    def look_settings(self, out: Path) -> None:
        def look(dialog) -> None:
            for i in range(dialog.tabs.count()):
                dialog.tabs.setCurrentIndex(i)
                self.save(dialog, out, f"settings-{i}")

        self.modal(self.win.open_settings, look)

    def look_help(self, out: Path) -> None:
        book = self.win.open_rules()
        if book is not None:
            self.settle(300)
            self.save(book, out, "rules-book")
            book.close()
        self.modal(self.win.show_shortcuts, lambda d: self.save(d, out, "shortcuts"))
        self.modal(self.win.show_about, lambda d: self.save(d, out, "about"))

    def look_class(self, out: Path) -> None:
        """The class view of a server that does not answer: what it says then."""
        from trainer.practice.skills import SKILLS, TARGETS
        from ui.school.class_view import ClassWindow

        targets = {s: TARGETS[s] for s in SKILLS if s in TARGETS}
        view = ClassWindow("postgresql://nobody@127.0.0.1:9/none", targets, self.settings)
        view.resize(self.win.size())
        view.show()
        self.settle(1500)
        self.save(view, out, "classview")
        view.close()
        # a class read (offline): the heat map, who needs attention and why, the exams, the
        # assigned exams and the dialog that assigns one, a cell's tooltip
        made = a_class(targets)
        view = ClassWindow("postgresql:///none", targets, self.settings, read=lambda: made)
        view.resize(self.win.size())
        view.show()
        self.until(lambda: view.view is not None)
        self.settle(500)
        self.save(view, out, "classview-read")
        from PySide6.QtWidgets import QToolTip

        cell = view.table.item(1, 0)
        at = view.table.visualItemRect(cell).center()
        QToolTip.showText(view.table.viewport().mapToGlobal(at), cell.toolTip(), view.table)
        self.settle(300)
        self.save(view, out, "classview-tooltip", screen=True)
        QToolTip.hideText()
        view.tabs.setCurrentIndex(1)
        self.settle(300)
        self.save(view, out, "classview-assigned")
        dialog = view.assigned.open_assign()
        self.settle(300)
        self.save(dialog, out, "assign-dialog")
        dialog.reject()
        view.tabs.setCurrentIndex(2)  # the gradebook: each trainee's best try at each exam
        self.settle(300)
        self.save(view, out, "classview-gradebook")
        view.close()

    def look_notices(self, out: Path) -> None:
        from PySide6.QtWidgets import QMessageBox

        from trainer.history.store import Store
        from trainer.settings import SettingsNotice, SettingsProblem

        # the notices home shows, made by the domain as the app would, in the language: the
        # settings repaired, a damaged history moved aside, a history that cannot be written
        folder = Path(tempfile.mkdtemp(prefix="sabot-notices-"))
        damaged = folder / "history.sqlite3"
        damaged.write_bytes(b"not a history" * 100)
        store = Store.open(damaged)
        notices = [
            SettingsNotice(
                "repaired",
                str(folder / "settings.json"),
                problems=(SettingsProblem("reset", keys=("theme",)),),
                kept="settings.json.bad",
            ).text(),
            store.notice,
        ]
        # read-only as a locked folder makes it (the walk may run as a user no folder stops:
        # the reason is the store's own words for a folder that cannot be written)
        store.read_only = "its folder is read-only"
        notices.append(store.read_only_notice)
        store.read_only = None
        store.close()
        self.win.home.set_notice(" ".join(n for n in notices if n))
        self.save(self.win, out, "home-notice")
        self.win.home.set_notice(None)
        box = QMessageBox(QMessageBox.Icon.Warning, "Sabot", "—", QMessageBox.StandardButton.Cancel)
        box.addButton(QMessageBox.StandardButton.Ok)
        self.modal(box.exec, lambda d: self.save(d, out, "messagebox"))


def a_class(targets: dict[str, float], size: int = 40):
    """A class of `size` (forty: a big school's) as the server would give it: most trainees
    practised, some weak on the payouts, falling since last week, slow everywhere, idle, never
    started, an exam left unfinished or not taken near its last day — its reasons made by the
    domain's rule."""
    from datetime import UTC, date, datetime, timedelta

    from trainer.history.assignments import Assignment, AssignmentResult
    from trainer.history.classview import (
        ClassView,
        SeedExam,
        SkillCell,
        TraineeRow,
        attention,
        due_exams,
    )
    from trainer.history.progress_data import ExamResult

    now = datetime(2026, 12, 1, 17, 0, tzinfo=UTC).timestamp()
    day = 86400
    skills = tuple(targets)
    names = (
        "anna", "bruno", "chiara", "dario", "elena", "fabio", "giulia", "hugo", "ines", "jules",
        "karim", "lea", "marco", "nadia", "oscar", "paola", "quentin", "rosa", "sami", "tina",
        "ugo", "vera", "walter", "xenia", "yann", "zoe", "alba", "bastien", "carla", "denis",
        "emma", "felix", "gina", "henri", "irene", "jonas", "katia", "luca", "maya", "nico",
    )  # fmt: skip

    def cell(skill: str, right: int, n: int, ms: float, before: int = -1) -> SkillCell:
        """`right` of the last `n` (30 at most), `ms` the median; last week's `before` of 30."""
        window = min(n, 30)
        mastered = n >= 50 and right >= 29 and ms <= targets[skill] * 1000
        last_week = right if before < 0 else before
        return SkillCell(
            skill, min(n, 60), window, right, ms if n else None, min(max(n - 30, 0), 30),
            min(right, max(n - 30, 0)), targets[skill], mastered,
            30 if n >= 30 else n, right, 30 if n >= 60 else 0, last_week,
        )  # fmt: skip

    today = date(2026, 12, 1)
    exam = Assignment(
        1, skills[:4], 42, "casino-fr", 900, today - timedelta(days=12), today + timedelta(days=1),
        "Payouts, week 2",
    )  # fmt: skip
    rows = []
    for t, login in enumerate(names[:size]):
        kind = t % 10
        cells = {}
        for k, skill in enumerate(skills):
            fast = targets[skill] * 1000 * 0.7
            if kind == 9 or (kind == 8 and k > 6):  # never started; started on the first skills
                cells[skill] = cell(skill, 0, 0, 0)
            elif (t + k) % 7 == 0:  # a skill practised a little
                cells[skill] = cell(skill, 6 + t % 5, 8 + t % 12, fast)
            elif kind == 1 and skill.startswith("pay"):  # weak on the payouts
                cells[skill] = cell(skill, 14 + (t + k) % 5, 60, fast)
            elif kind == 2 and k == 3:  # falling: 100 % last week, 70 % this one
                cells[skill] = cell(skill, 21, 60, fast, before=30)
            elif kind == 3:  # right, and slow everywhere: nothing mastered
                cells[skill] = cell(skill, 29 + k % 2, 60, targets[skill] * 1000 * 1.4)
            else:
                cells[skill] = cell(skill, 27 + (t + k) % 4, 40 + (t * 7 + k) % 30, fast)
        last = now - day * (9 + t % 4 if kind == 4 else (t % 3) + 0.2)
        exams: tuple[SeedExam, ...] = ()
        if kind not in (5, 9):
            # a try at the assigned exam below (1): named by its title on every tab
            exams = (SeedExam(42, ExamResult(t, now - 3 * day, True, 40, 40 - (t % 6), (), 40), 1),)
        if kind == 6:  # an exam left at 11 answers of 40
            exams += (SeedExam(43, ExamResult(100 + t, now - day, True, 11, 10, (), 40)),)
        if kind == 7:  # every skill mastered
            cells = {s: cell(s, 30, 60, targets[s] * 1000 * 0.6) for s in skills}
        ready = kind in (0, 7) and all(c.mastered for c in cells.values())
        rows.append(
            TraineeRow(
                login,
                cells,
                None if kind == 9 else datetime.fromtimestamp(last, UTC),
                exams,
                ready,
                (),
            )  # fmt: skip
        )
    results = tuple(
        AssignmentResult(r.login, 1 if r.exams else 0, r.exams[0].result if r.exams else None)
        for r in rows
    )
    due = due_exams(((exam, results),), [r.login for r in rows], now)
    rows = [
        TraineeRow(
            r.login,
            r.cells,
            r.last_activity,
            r.exams,
            r.ready,
            attention(
                r.cells.values(),
                None if r.last_activity is None else r.last_activity.timestamp(),
                r.exams,
                now,
                due[r.login],
                {exam.id: exam.label},
            ),
            due[r.login],
        )  # fmt: skip
        for r in rows
    ]
    return ClassView(now, skills, tuple(rows), ((exam, results),))


def wrong_answer(q) -> str:
    """An answer to `q` that reads and is wrong (a payout paid even money, as a trainee does)."""
    bet = q.data.get("bet") if isinstance(q.data, dict) else None
    if q.kind == "amount" and bet is not None and str(bet) != q.expected:
        return str(bet)
    if q.kind == "choice":
        return str(2 if int(q.answer) == 0 else 1)
    if q.kind == "chips":
        return "1" if q.expected != "1" else "2"
    if q.kind == "announced-chips":  # the amount right, a chip short: the verdict says which
        said, chips = q.answer
        given = list(chips)[1:] or [1]
        counts = {str(c): given.count(c) for c in given}
        return f"{said}: " + " ".join(f"{n}x{c}" for c, n in counts.items())
    if q.kind == "sequence":
        return " ".join(reversed(q.expected.split()))
    if q.kind == "results":
        return " ".join("push" if w != "push" else "lose" for w in q.expected.split())
    if q.kind == "dealer":
        return "0 17" if not q.expected.startswith("0 ") else "1 17"
    if q.kind == "announcement":
        return "12" if q.expected != "12" else "13"
    if q.kind == "amounts":
        return "; ".join("1" for _each in q.answer)
    return "1" if q.expected != "1" else "2"


def cut_texts(top, screen) -> list[str]:
    """What `top` shows cut short: its words, and where."""
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QTabBar, QWidget

    found = []
    if top.width() > screen.width() or top.height() > screen.height():
        found.append(f"the window is {top.width()}×{top.height()}, the screen smaller")
    for w in [top, *top.findChildren(QWidget)]:
        if not w.isVisible() or w.width() <= 1:
            continue
        if isinstance(w, QLabel) and w.text() and w.pixmap().isNull():
            text = w.text()
            if w.wordWrap():
                need = w.heightForWidth(w.width())
                if need > w.height() + 2:
                    found.append(f"label {text[:70]!r}: {need} high, has {w.height()}")
            elif w.minimumSizeHint().width() > w.width() + 1:
                found.append(
                    f"label {text[:70]!r}: {w.minimumSizeHint().width()} wide, has {w.width()}"
                )
        elif isinstance(w, QAbstractButton) and w.text():
            if any(label.wordWrap() for label in w.findChildren(QLabel)):
                continue  # its words wrap in a label of their own (a choice), checked as one
            kind = w.metaObject().className()
            if kind.startswith("Q"):
                need = w.sizeHint().width()
            else:  # a button that paints itself (a chip): its words, not its size hint
                need = w.fontMetrics().horizontalAdvance(w.text()) + 4
            if need > w.width() + 1 and kind != "QToolButton":
                found.append(f"button {w.text()!r}: {need} wide, has {w.width()}")
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                if w.tabSizeHint(i).width() > w.tabRect(i).width() + 1:
                    found.append(f"tab {w.tabText(i)!r} cut")
        elif isinstance(w, QComboBox) and w.currentText():
            # the room the style gives the words (the box less its frame and arrow), where
            # they are drawn a pixel in from either side
            needed = w.fontMetrics().horizontalAdvance(w.currentText()) + 2
            room = _combo_room(w)
            if needed > room:
                found.append(f"combo {w.currentText()!r}: {needed} wide, has {room}")
    return found


def _combo_room(combo) -> int:
    """How wide the words of a combo box may be: its edit field, as its style lays it out."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    return field.width()


if __name__ == "__main__":
    sys.exit(main())
