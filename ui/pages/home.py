"""Home: the curriculum. Every skill with what it asks, its target time, the trainee's accuracy
and median, mastered or not, the weak items waiting (named as the trainee reads them), and the
buttons that start a drill. Above it, once the history is read: a welcome on a first run (what
Sabot is for, the order to take the skills in, how mastery works, one button to start), or the
daily plan (the items due, the next skill to master, the streak of days practised).

Home is the first thing on screen: the welcome and the plan are built when the history's figures
come in, after the first paint, and nothing here imports more than the curriculum before it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.practice.curriculum import CURRICULUM
from ui.i18n import N_, _
from ui.language import format_percent, format_seconds
from ui.style import esc

# Qt.AlignmentFlag.AlignCenter. Home is the first thing on screen, and merely importing Qt's
# enum namespace costs about 45 ms there: the later pages use it, home does without.
ALIGN_CENTER = 0x0084
TEXT_ALIGNMENT_ROLE = 7  # Qt.ItemDataRole.TextAlignmentRole

NOTICE = "#b07d12"
MUTED = "#808080"
HEADER = "font-size: x-large; font-weight: bold"

# the columns' names, in English as the code reads them, translated as the header shows them
COLUMNS = (
    N_("Skill"),
    N_("What it asks"),
    N_("Target"),
    N_("Attempts"),
    N_("Accuracy"),
    N_("Median"),
    N_("Mastered"),
    N_("Weak items"),
)
COLUMN = {name: i for i, name in enumerate(COLUMNS)}
_FIGURES = range(COLUMN["Target"], COLUMN["Mastered"] + 1)  # the centred columns
_ASKS, _WEAK = COLUMN["What it asks"], COLUMN["Weak items"]
WEAK_SHOWN = 3  # weak items named in a row; the tooltip has them all

# The suggested order of the curriculum, as the welcome gives it.
ORDER = ("announce", "pay-even", "procedure", "deal-order")

# the drills' buttons: (mode, text, key, what the key does as the shortcuts list says it)
MODES = (
    ("practice", N_("&Practice"), "P", N_("a practice on the skills picked")),
    ("challenge", N_("&Challenge 60 s"), "C", N_("a 60-second challenge on the skills picked")),
    ("sprint", N_("&Sprint"), "S", N_("a sprint on the skills picked")),
    ("exam", N_("&Exam…"), "E", N_("set an exam (a new one, or by its seed)")),
)
# Home's keys as Help ▸ Keyboard shortcuts lists them (today's plan adds its own: home_plan)
KEYS = (
    *((key, what) for _mode, _text, key, what in MODES),
    ("Enter", N_("practise the skills picked")),
    ("Ctrl/Shift-click", N_("pick several skills")),
)


class HomePage(QWidget):
    """Emits `start(skill_names, mode)` ("all" skills for the exam), and `startPlan(skills,
    items)` for today's plan: practise those skills, the (skill, item) pairs first."""

    start = Signal(list, str)
    startPlan = Signal(list, list)  # noqa: N815
    startReview = Signal()  # noqa: N815  (the review of the items due today)
    startAssigned = Signal(object)  # noqa: N815  (an exam assigned on a school's server)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Home's text is styled as rich text, not with fonts and style sheets: home is the first
        # thing on screen, and Qt's font class and style-sheet engine each cost it ~3 ms.
        self.header = QLabel()
        self.sub = QLabel()
        self.sub.setWordWrap(True)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.hide()

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        # "What it asks" wraps onto a second line where the window is too narrow for it: one
        # height for every row, one line or two (see _fit_rows), so no row is measured
        self.table.setWordWrap(True)
        self._line = self.table.fontMetrics().lineSpacing()
        self._asks_width = 0  # the widest "What it asks", measured once the table is filled
        self._weak_width = 0  # what the weak items would take, measured at each fill
        self._resizes: QObject | None = None
        hh = self.table.horizontalHeader()
        for i in range(len(COLUMNS)):
            hh.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(_ASKS, QHeaderView.ResizeMode.Stretch)
        self.table.doubleClicked.connect(lambda _i: self._go("practice"))

        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for mode, _text, key, _what in MODES:
            b = QPushButton()
            b.setMinimumHeight(40)
            b.clicked.connect(lambda _=False, m=mode: self._go(m))
            row.addWidget(b)
            self.buttons[mode] = b
            QShortcut(QKeySequence(key), self, lambda m=mode: self._go(m))
        # a muted grey that reads on the light and the dark theme alike
        self.help = QLabel()
        self.help.setWordWrap(True)
        QShortcut(QKeySequence("Return"), self.table, lambda: self._go("practice"))

        lay = QVBoxLayout(self)
        lay.addWidget(self.header)
        lay.addWidget(self.sub)
        lay.addWidget(self.notice)
        lay.addWidget(self.table, 1)
        lay.addLayout(row)
        lay.addWidget(self.help)
        self._layout = lay
        self._available: dict[str, str | None] = {}
        # the welcome (a first run) or today's plan: built when the figures come in
        self.welcome: QWidget | None = None
        self.plan_box: QWidget | None = None
        self.plan = None  # trainer.history.plan.DailyPlan, once read
        # their parts, made with them (ui.pages.home_plan)
        self.welcome_text: Any = None
        self.welcome_button: Any = None
        self.welcome_close: Any = None
        self.welcome_wanted = False  # opened from Help ▸ Welcome: shown above the plan
        self.plan_text: Any = None
        self.plan_button: Any = None
        self.review_text: Any = None
        self.review_button: Any = None
        self._shown: tuple[tuple, dict] | None = None  # what refresh last showed, for a switch
        # the exams an instructor assigned (ui.school.assigned_box), once a school's server has some
        self.assigned: Any = None
        # an instructor's login on a school's server (set_instructor): no practice, said why
        self.instructor: QWidget | None = None
        self._instructor_login = ""
        self._instructor_words: Callable[[], str] | None = None
        self._texts()

    def _texts(self) -> None:
        """The words that do not depend on the figures, in the current language."""
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        for mode, text, key, _what in MODES:
            self.buttons[mode].setText(f"{_(text)}   [{key}]")
        if self.instructor is not None and self._instructor_words is not None:
            self._instructor_text.setText(esc(self._instructor_words()))
            self._class_button.setText(_("Open the &class view"))
        self.help.setText(
            f"<span style='color:{MUTED}'>"
            + esc(
                _(
                    "Pick one skill or several (Ctrl/Shift-click), then a mode. Enter starts "
                    "practice; Esc ends a drill."
                )
            )
            + "</span>"
        )

    def retranslate(self) -> None:
        """Every text again in the current language; the selection and the figures stay."""
        self._texts()
        self._asks_width = 0  # the blurbs are measured again, in their new words
        if self.welcome is not None or self.plan_box is not None:
            from ui.pages import home_plan

            home_plan.retranslate(self, ORDER)
        if self.assigned is not None:
            self.assigned.retranslate()
        if self._shown is not None:
            args, kwargs = self._shown
            self.refresh(*args, **kwargs)

    def set_notice(self, text: str | None) -> None:
        self.notice.setText(f"<span style='color:{NOTICE}'>{esc(text)}</span>" if text else "")
        self.notice.setVisible(bool(text))

    def refresh(
        self,
        profile: str,
        rules_text: str,
        stats: Mapping[str, object],
        weak: Mapping[str, Sequence[str]],
        unavailable: Mapping[str, str | None],
        *,
        loading: bool = False,
        plan=None,
        chip_payment: str | None = None,
    ) -> None:
        """Show the curriculum; `stats` maps a skill to its trainer.history.stats.SkillStats,
        `weak` a skill to its weakest item keys; `plan` is today's plan
        (trainer.history.plan.DailyPlan), or None while the history is being read; `chip_payment`
        the settings' way of paying in chips, which *Pay in chips* is described by."""
        self._shown = (
            (profile, rules_text, stats, weak, unavailable),
            {"loading": loading, "plan": plan, "chip_payment": chip_payment},
        )
        who = self._instructor_login or profile
        self.header.setText(f"<span style='{HEADER}'>Sabot — {esc(who)}</span>")
        mastered = sum(1 for s in stats.values() if getattr(s, "mastered", False))
        figures = (
            _("reading your history…")
            if loading
            else _("{mastered} of {total} skills mastered").format(
                mastered=mastered, total=len(CURRICULUM)
            )
        )
        if self.instructor is not None:
            figures = _("the class's instructor")
        self.sub.setText(
            _("House rules: {rules} · {figures}").format(
                rules=f"<b>{esc(rules_text)}</b>", figures=esc(figures)
            )
        )
        self._available = dict(unavailable)
        selected = self.selected_skills()
        names = _item_names() if weak else None
        # columns sized once after the fill, not again for every one of the ~100 cells
        header = self.table.horizontalHeader()
        sized = [c for c in range(len(COLUMNS)) if c != _ASKS]
        for c in sized:
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
        self.table.setRowCount(len(CURRICULUM))
        for r, skill in enumerate(CURRICULUM):
            name = skill.name
            st = stats.get(name)
            why = unavailable.get(name)
            attempts = getattr(st, "attempts", 0) if st is not None else 0
            acc = getattr(st, "accuracy", None) if st is not None else None
            med = getattr(st, "median_ms", None) if st is not None else None
            weak_items = [names(i) for i in weak.get(name, ())] if names else []
            more = len(weak_items) - WEAK_SHOWN
            blurb = skill.blurb_for(chip_payment)
            cells = [
                skill.title,
                blurb,
                format_seconds(skill.target * 1000),
                "…" if loading else str(attempts),
                "—" if acc is None else format_percent(acc),
                "—" if med is None else format_seconds(med),
                "✓" if getattr(st, "mastered", False) else "",
                ", ".join(weak_items[:WEAK_SHOWN]) + (f" +{more}" if more > 0 else ""),
            ]
            for c, text in enumerate(cells):
                if not text:  # an empty cell needs no item (nor one left from before)
                    if self.table.item(r, c) is not None:
                        self.table.takeItem(r, c)
                    continue
                item = QTableWidgetItem(text)
                if c in (0, _ASKS):
                    item.setToolTip(
                        blurb
                        + ("\n" + _("Not under these rules: {why}").format(why=why) if why else "")
                    )
                if c == _WEAK:  # the cell may be cut short: the whole list here
                    item.setToolTip("\n".join(weak_items))
                if c in _FIGURES:
                    item.setData(TEXT_ALIGNMENT_ROLE, ALIGN_CENTER)
                if why:
                    item.setForeground(QColor("#888888"))
                if c == COLUMN["Median"] and med is not None:
                    item.setForeground(
                        QColor("#2e9d4f" if med <= skill.target * 1000 else "#c8412f")
                    )
                self.table.setItem(r, c, item)
        for c in sized:
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        # "What it asks" and the weak items share what the figures leave (_fit_rows): the weak
        # items, cut with "…" if need be (all of them in the tooltip), never take the room of
        # the description
        if not loading:  # until the figures are in, "What it asks" takes what is left
            header.setSectionResizeMode(_ASKS, QHeaderView.ResizeMode.Fixed)
            header.setSectionResizeMode(_WEAK, QHeaderView.ResizeMode.Fixed)
            self._weak_width = max(
                header.sectionSizeFromContents(_WEAK).width(), self.table.sizeHintForColumn(_WEAK)
            )
        if not self._asks_width:
            metrics = self.table.fontMetrics()
            self._asks_width = (
                max(metrics.horizontalAdvance(s.blurb_for(chip_payment)) for s in CURRICULUM) + 12
            )
        if not loading and self._resizes is None:
            # Watched from the figures on, after the first paint: a resize handled in Python
            # costs the first paint ~2 ms (PySide builds its event classes' bindings).
            from ui.pages.home_plan import Resizes

            self._resizes = Resizes(self._fit_rows)
            self.installEventFilter(self._resizes)
        self._fit_rows()
        if selected:
            for r in range(self.table.rowCount()):
                if CURRICULUM[r].name in selected:
                    self.table.selectRow(r)
        elif self.table.rowCount():
            self.table.selectRow(0)
        self.plan = plan
        if plan is not None:
            self._show_plan(plan, profile)

    def set_instructor(
        self, login: str, words: Callable[[], str], open_class: Callable[[], None]
    ) -> None:
        """An instructor's `login` on a school's server, whose answers the server refuses: no
        drill, no plan and no assigned exams are offered; `words()` says why (in the language
        of the moment), beside a button to the class view (`open_class`). The curriculum stays,
        to read, without figures: an instructor has none of their own."""
        self._instructor_login = login
        if self.instructor is None:
            from PySide6.QtWidgets import QFrame

            box = QFrame()
            box.setFrameShape(QFrame.Shape.StyledPanel)
            row = QHBoxLayout(box)
            self._instructor_text = QLabel()
            self._instructor_text.setWordWrap(True)
            self._class_button = QPushButton()
            self._class_button.setMinimumHeight(40)
            self._class_button.clicked.connect(lambda: open_class())
            row.addWidget(self._instructor_text, 1)
            row.addWidget(self._class_button)
            self._layout.insertWidget(self._layout.indexOf(self.notice) + 1, box)
            self.instructor = box
        self.instructor.show()
        self._instructor_words = words
        for button in self.buttons.values():
            button.hide()
        self.help.hide()
        for column in range(COLUMN["Attempts"], len(COLUMNS)):
            self.table.setColumnHidden(column, True)
        for shown in (self.welcome, self.plan_box, self.assigned):
            if shown is not None:
                shown.hide()
        self._texts()

    def show_assigned(self, rows: Sequence, today) -> None:
        """The exams assigned to the trainee (`ui.school.assigned_box.AssignedRow`s, as of `today`):
        above the plan, a Start button on each open one; nothing when there are none."""
        if self.instructor is not None:
            return  # an instructor is assigned none
        if self.assigned is None:
            if not rows:
                return
            from ui.school.assigned_box import AssignedBox

            self.assigned = AssignedBox(self.startAssigned.emit)
            self._layout.insertWidget(self._layout.indexOf(self.notice) + 1, self.assigned)
        self.assigned.show_rows(rows, today)

    # ------------------------------------------------------------------ welcome and plan

    def _show_plan(self, plan, profile: str) -> None:
        if self.instructor is not None:
            return  # nothing to practise: the server keeps no answers of an instructor
        from ui.pages import home_plan  # after the first paint: the figures are in

        first_run = plan.attempts == 0
        if first_run:
            self._make_welcome()
            self.welcome.show()
            self.welcome_close.hide()  # nothing else on home yet: it stays
            if self.plan_box is not None:
                self.plan_box.hide()
            return
        if self.welcome is not None:
            self.welcome.setVisible(self.welcome_wanted)
            self.welcome_close.setVisible(self.welcome_wanted)
        if self.plan_box is None:
            self.plan_box = home_plan.make_plan_box(self, self._go_plan, self._go_review)
            self._layout.insertWidget(self._layout.indexOf(self.table), self.plan_box)
        self.review_text.setText(home_plan.review_html(plan, self._readable))
        self.review_button.setEnabled(bool(plan.review_today))
        self.plan_text.setText(home_plan.plan_html(plan, _item_names(), self._readable))
        self.plan_button.setEnabled(bool(plan.skills) or bool(plan.review_today))
        self.plan_box.show()

    def _make_welcome(self) -> None:
        from ui.pages import home_plan

        if self.welcome is None:
            self.welcome = home_plan.make_welcome(self, ORDER)
            # above today's plan, where there is one
            above = self.plan_box if self.plan_box is not None else self.table
            self._layout.insertWidget(self._layout.indexOf(above), self.welcome)

    def show_welcome(self) -> None:
        """Help ▸ Welcome: the first run's welcome again, above today's plan, until the trainee
        closes it."""
        self._make_welcome()
        self.welcome_wanted = True
        self.welcome_close.setVisible(self.plan is None or self.plan.attempts > 0)
        self.welcome.show()
        self.welcome_button.setFocus()

    def hide_welcome(self) -> None:
        self.welcome_wanted = False
        if self.welcome is not None and (self.plan is None or self.plan.attempts > 0):
            self.welcome.hide()
            self.table.setFocus()

    def show_reviews(self, profile: str, today: int, tomorrow: int) -> None:
        """The review schedule's due counts of `profile`, counted after the curriculum's
        figures: into today's plan, if it is still that profile's."""
        plan = self.plan
        if plan is None or self._shown is None or self._shown[0][0] != profile:
            return
        from dataclasses import replace

        self.plan = replace(plan, review_today=today, review_tomorrow=tomorrow)
        self._shown[1]["plan"] = self.plan  # a change of language shows them too
        self._show_plan(self.plan, profile)

    def _readable(self, colour: str) -> str:
        """`colour` as it reads on home, light or dark: darker or lighter until 4.5:1."""
        from ui.pages.home_plan import readable_on

        return readable_on(self, colour)

    def _go_review(self) -> None:
        plan = self.plan
        if self.instructor is not None:
            return
        if plan is not None and plan.review_today:
            self.startReview.emit()

    def _go_plan(self) -> None:
        """Today's plan: the reviews due first, then the skills."""
        plan = self.plan
        if self.instructor is not None:
            return
        if plan is not None and plan.review_today:
            self.startReview.emit()
            return
        if plan is None or not plan.skills or plan.attempts == 0:
            return
        allowed = [n for n in plan.skills if not self._available.get(n)]
        if allowed:
            self.startPlan.emit(allowed, [list(p) for p in plan.due if p[0] in allowed])

    def _fit_rows(self, *_args) -> None:
        """ "What it asks" on one line where the window has room for it, else on two lines; the
        weak items take the rest (at least room for a name), cut with "…" where it is short.
        One height for every row: one line, or two."""
        header = self.table.horizontalHeader()
        if self._weak_width:
            others = sum(
                header.sectionSize(c) for c in range(len(COLUMNS)) if c not in (_ASKS, _WEAK)
            )
            room = self.table.viewport().width() - others
            least = min(self._weak_width, 10 * self._line)
            asks = max(min(self._asks_width, room - least), self._asks_width // 2)
            asks = max(asks, room - self._weak_width)  # what the weak items leave, to it
            header.resizeSection(_ASKS, asks)
            header.resizeSection(_WEAK, max(room - asks, least))
        fits = header.sectionSize(_ASKS) >= self._asks_width
        height = (1 if fits else 2) * self._line + 10
        vh = self.table.verticalHeader()
        if vh.defaultSectionSize() != height:
            vh.setDefaultSectionSize(height)

    def selected_skills(self) -> list[str]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        return [CURRICULUM[r].name for r in rows]

    def select(self, names: Sequence[str]) -> None:
        self.table.clearSelection()
        for r in range(self.table.rowCount()):
            if CURRICULUM[r].name in names:
                self.table.selectRow(r)

    def _go(self, mode: str) -> None:
        if self.instructor is not None:
            return  # no practice for an instructor's login (set_instructor)
        if mode == "exam":
            self.start.emit(["all"], mode)
            return
        names = [n for n in self.selected_skills() if not self._available.get(n)]
        if names:
            self.start.emit(names, mode)


def _item_names():
    """The item namer (trainer.history.progress_data.item_name), imported when first needed:
    only once there are items to name, never for home's first paint."""
    from trainer.history.progress_data import item_name

    return item_name
