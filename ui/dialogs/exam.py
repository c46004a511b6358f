"""Setting an exam: what the exam is (its questions, its time, no verdict until the end), and
the seed an instructor types or pastes — with the skills — to give every trainee the same exam,
the very one `sabot drill all --mode exam --seed 42` asks. Empty seed: a new exam."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from trainer.game.rules import HouseRules
from trainer.practice.drill import (
    EXAM_PASS,
    ExamSetting,
    exam_outline,
    read_exam_setting,
    resolve_skills,
)
from ui.i18n import _, ngettext
from ui.language import format_percent
from ui.style import esc

NOTE = "#b07d12"


class ExamDialog(QDialog):
    """Asks for an exam. After `exec()`, `setting()` is the exam to start: a seed (None: a new
    exam) and the skills (`all`, or names)."""

    def __init__(
        self, rules: HouseRules, parent: QWidget | None = None, *, skills: str = "all"
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Sabot — Exam"))
        self.rules = rules
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.RichText)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(_("empty: a new exam · or the seed you were given, e.g. 42"))
        self.skills = QLineEdit(skills)
        self.skills.setPlaceholderText(_("all, or skill names: pay-even,chips"))
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("&Seed:"), self.seed)
        form.addRow(_("S&kills:"), self.skills)
        hint = QLabel(
            _(
                "An instructor types or pastes the seed (or the whole command line, such as "
                "{command}) to give every trainee the same questions."
            ).format(command="<code>sabot drill all --mode exam --seed 42</code>")
        )
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start.setText(_("&Start the exam"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.about)
        lay.addLayout(form)
        lay.addWidget(hint)
        lay.addWidget(self.problem)
        lay.addStretch(1)
        lay.addWidget(self.buttons)
        self.seed.textChanged.connect(self._check)
        self.skills.textChanged.connect(self._check)
        self._setting: ExamSetting | None = None
        self._new = True
        self._check()
        self.resize(560, self.sizeHint().height())

    def setting(self) -> tuple[int | None, str]:
        """The exam asked for: (seed, skills); seed None for a new exam."""
        if self._setting is None:
            raise ValueError("no exam is set")
        return (None if self._new else self._setting.seed), self._setting.skills

    def _check(self) -> None:
        seed_text, skills_text = self.seed.text(), self.skills.text()
        problem = None
        try:
            self._new = not seed_text.strip() and "--seed" not in skills_text
            if self._new:
                setting = ExamSetting(1, skills_text.replace(" ", "") or "all")
            else:
                setting = read_exam_setting(seed_text, skills_text)
            skills = resolve_skills(setting.skills, self.rules)
            count, limit = exam_outline(self.rules, skills)
            if not count:
                raise ValueError(
                    _("none of these skills can be examined under {rules}").format(
                        rules=self.rules.describe()
                    )
                )
            unavailable = [s.title for s in skills if s.available(self.rules)]
            if unavailable:
                raise ValueError(
                    _("{skills} cannot be examined under {rules}").format(
                        skills=", ".join(unavailable), rules=self.rules.describe()
                    )
                )
        except ValueError as e:
            problem = str(e)
            self._setting = None
            frame = (
                "<p>"
                + _("The exam under the house rules {rules}.").format(
                    rules=f"<b>{esc(self.rules.describe())}</b>"
                )
                + "</p>"
            )
        else:
            self._setting = setting
            which = (
                _("a new exam")
                if self._new
                else _("the exam of seed {seed}").format(seed=setting.seed)
            )
            minutes = limit // 60
            size = ngettext(
                "{count} questions in {minutes} minute",
                "{count} questions in {minutes} minutes",
                minutes,
            ).format(count=count, minutes=minutes)
            frame = (
                f"<p><b>{size}</b> — "
                + _("{which}, under the house rules {rules}.").format(
                    which=which, rules=f"<b>{esc(self.rules.describe())}</b>"
                )
                + "</p>"
            )
        self.about.setText(
            frame
            + "<p>"
            + _(
                "An exam tells you nothing question by question: each answer is recorded, and "
                "the verdicts come in the summary. Pass mark {share}. Ending it early (Esc "
                "twice), or running out of time, leaves it incomplete: not passed, and not "
                "counted for readiness."
            ).format(share=format_percent(float(EXAM_PASS)))
            + "</p>"
        )
        self.problem.setText(
            f"<span style='color:{NOTE}'>{esc(problem[0].upper() + problem[1:])}.</span>"
            if problem
            else ""
        )
        self.problem.setVisible(bool(problem))
        self.start.setEnabled(problem is None)


def ask_exam(win, skills: str = "all") -> tuple[int | None, str] | None:
    """Ask for the exam over `win` (the main window): (seed, skills), seed None for a new exam,
    or None when the trainee cancels."""
    dlg = ExamDialog(win.rules(), win, skills=skills)
    win._exam_dialog = dlg  # for tests: the dialog open
    try:
        if not dlg.exec():
            return None
        return dlg.setting()
    finally:
        win._exam_dialog = None
        dlg.deleteLater()
