"""The end of a drill: attempts, accuracy, median and slowest times against targets, personal
bests beaten, and the items to work on. Everything on it is already stored.

A drill ended before its planned last question says so first ("incomplete: 6 of 28 answered",
and why). An exam's summary gives what the exam kept back question by question — each answer
with its verdict and the rule behind it — and the seed to set the same exam again, with the
command line that sets it in a field of its own (`command`): one line, never wrapped (rich text
breaks lines after a hyphen, "--" then "mode"), selected or copied whole. Each citation is a link
to the rules book (`citation`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from trainer.history.progress_data import item_name
from trainer.practice.curriculum import INFO, skill_title
from trainer.practice.drill import (
    EXAM,
    EXAM_PASS,
    STOPPED_BY_TIME,
    Answered,
    Summary,
    exam_command,
    skills_spec,
)
from trainer.practice.skills import SKILLS, Question
from ui.dialogs.citations import linked
from ui.i18n import N_, _
from ui.language import format_percent, format_seconds
from ui.pages.form_card import SUMMARY_WIDTH, CardText, form_card
from ui.style import emphasise, esc, readable

GOOD = "#2e9d4f"
KEYS = (("Enter", N_("again")), ("Esc", N_("home")))  # as Help ▸ Keyboard shortcuts lists them
BAD = "#c8412f"
NOTE = "#b07d12"


def _pace(ms: float | None, target_ms: float) -> str:
    """Green when the median is on target, red when it is not."""
    return GOOD if (ms or 0) <= target_ms else BAD


def _s(ms: float | None) -> str:
    return "—" if ms is None else format_seconds(ms)


def _minutes(ms: int) -> str:
    from trainer.i18n import format_duration

    seconds = round(ms / 1000)
    return format_duration(seconds * 1000) if seconds >= 60 else f"{seconds}\u00a0s"


TITLES = {
    "practice": N_("Practice over"),
    "challenge": N_("Time!"),
    "sprint": N_("Sprint done"),
    "exam": N_("Exam over"),
    "review": N_("Review over"),
}
# a drill cut short: (time is up, ended early) for each mode
STOPPED_TITLES = {
    "practice": (N_("Practice: time is up"), N_("Practice ended early")),
    "challenge": (N_("Challenge: time is up"), N_("Challenge ended early")),
    "sprint": (N_("Sprint: time is up"), N_("Sprint ended early")),
    "exam": (N_("Exam: time is up"), N_("Exam ended early")),
    "review": (N_("Review: time is up"), N_("Review ended early")),
}


def title_of(s: Summary) -> str:
    if s.stopped is None:
        return _(TITLES[s.mode]) if s.mode in TITLES else _("Done")
    by_time, early = STOPPED_TITLES.get(s.mode, STOPPED_TITLES["practice"])
    return _(by_time) if s.stopped == STOPPED_BY_TIME else _(early)


class SummaryPage(QWidget):
    again = Signal()
    home = Signal()
    citation = Signal(str)  # a rule:… link of an exam's verdicts, for the rules book

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = None  # the drill's house rules, for the exam's command line
        self.title = QLabel()
        emphasise(self.title, 1.6, bold=True)
        self.body = QLabel()
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.body.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.body.linkActivated.connect(self.citation.emit)
        emphasise(self.body, 1.15)
        # an exam's verdicts are long: the body scrolls inside the card, the buttons stay
        self.scroller = CardText(self.body)
        # an exam's command line, for the instructor to copy: a field, which never wraps
        self.command = QLineEdit()
        self.command.setReadOnly(True)
        self.command.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Enter and Esc stay the page's
        self.command.setAccessibleName(_("The command line of this exam"))
        copy = QPushButton(_("Copy"))
        copy.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        copy.clicked.connect(self.copy_command)
        self.command_row = QWidget()
        command_row = QHBoxLayout(self.command_row)
        command_row.setContentsMargins(0, 0, 0, 0)
        command_row.addWidget(QLabel(_("The same exam for every trainee:")))
        command_row.addWidget(self.command, 1)
        command_row.addWidget(copy)
        self.command_row.hide()
        self.again_button = QPushButton(_("Again  (Enter)"))
        self.again_button.clicked.connect(self.again.emit)
        home = QPushButton(_("Home  (Esc)"))
        home.clicked.connect(self.home.emit)
        self.home_button = home
        QShortcut(QKeySequence(Qt.Key.Key_Return), self, self.again.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Enter), self, self.again.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.home.emit)
        # a card read at once, near the top of the page, its buttons at its foot
        self.card = form_card(
            self,
            (self.title, self.command_row, self.scroller),
            (home, self.again_button),
            width=SUMMARY_WIDTH,
        )

    def retranslate(self) -> None:
        """The buttons' words again (the window shows the summary again, in the new words)."""
        self.home_button.setText(_("Home  (Esc)"))
        self.again_button.setText(_("Again  (Enter)"))

    def show_summary(
        self,
        s: Summary,
        bests: Sequence[str] = (),
        rules=None,
        history_trouble: str | None = None,
    ) -> None:
        """`rules`: the drill's house rules (an exam's command line names them);
        `history_trouble`: why some answers are not saved yet (the store's), said instead of
        "Every answer is already saved"."""
        self.rules = rules
        self.title.setText(title_of(s))
        self.again_button.setText(
            _("A new exam…  (Enter)") if s.mode == EXAM else _("Again  (Enter)")
        )
        self.scroller.verticalScrollBar().setValue(0)
        self._show_command(s)
        parts = []
        incomplete = s.incomplete_text()
        if incomplete is not None:
            parts.append(self._incomplete(s, incomplete))
        if not s.attempts:
            parts.append("<p>" + _("No question was answered: nothing to sum up.") + "</p>")
            if s.mode == EXAM:
                parts.append(self._exam_verdict(s))
                if s.unanswered:
                    parts.append(self._verdicts(s.answered, s.unanswered))
            self.body.setText("".join(parts))
            self.scroller.refit()
            return
        acc = s.correct / s.attempts
        if incomplete is not None:
            score = _("<b>{right}</b> right out of <b>{count}</b> answered")
        else:
            score = _("<b>{right}</b> right out of <b>{count}</b>")
        parts.append(
            "<p>"
            + score.format(right=s.correct, count=s.attempts)
            + f" — <b>{format_percent(acc)}</b> · "
            + _("median {time}").format(time=_s(s.median_ms))
            + " · "
            + _("{time} in all").format(time=f"{round(s.elapsed_ms / 1000)}\u00a0s")
            + "</p>"
        )
        if s.mode == EXAM:
            parts.append(self._exam_verdict(s))
        rows = "".join(
            f"<tr><td>{SKILLS[x.skill].title}</td><td align=right>{x.correct}/{x.attempts}</td>"
            f"<td align=right style='color:{self._c(_pace(x.median_ms, x.target_ms))}'>"
            f"{_s(x.median_ms)}</td><td align=right>{_s(x.target_ms)}</td></tr>"
            for x in s.by_skill
        )
        parts.append(
            "<table cellspacing=0 cellpadding=4><tr>"
            f"<th align=left>{_('skill')}</th><th>{_('right')}</th>"
            f"<th>{_('median')}</th><th>{_('target')}</th></tr>{rows}</table>"
        )
        if s.slowest is not None:
            q = s.slowest.question
            slowest = _("Slowest: {time} on {item}, target {target}").format(
                time=_s(s.slowest.response_ms),
                item=item_text(q.item),
                target=format_seconds(SKILLS[q.skill].target * 1000),
            )
            parts.append(f"<p>{slowest}</p>")
        if bests:
            parts.append(
                f"<p style='color:{self._c(GOOD)}'><b>{_('Personal best!')}</b> "
                + "; ".join(bests)
                + "</p>"
            )
        if s.to_work_on:
            work = _("To work on: {items}").format(items=work_on_text(s.to_work_on))
            parts.append(f"<p>{work}</p>")
        if s.mode == EXAM:
            parts.append(self._verdicts(s.answered, s.unanswered))
        if history_trouble:
            parts.append(f"<p><small>{esc(history_trouble)}</small></p>")
        else:
            parts.append("<p><small>" + _("Every answer is already saved.") + "</small></p>")
        self.body.setText("".join(parts))
        self.scroller.refit()

    def _show_command(self, s: Summary) -> None:
        if s.mode != EXAM or s.seed is None or self.rules is None:
            self.command_row.hide()
            self.command.clear()
            return
        self.command.setText(exam_command(s.seed, skills_spec(s.skills, self.rules), self.rules))
        self.command.setCursorPosition(0)  # its start in view: "sabot drill …"
        self.command_row.show()

    def copy_command(self) -> None:
        QGuiApplication.clipboard().setText(self.command.text())

    def _c(self, colour: str) -> str:
        """`colour` as it reads on the page, light or dark: darker or lighter until 4.5:1."""
        window = self.body.palette().color(QPalette.ColorRole.Window)
        return readable(QColor(colour), window).name()

    def _incomplete(self, s: Summary, incomplete: str) -> str:
        if s.stopped == STOPPED_BY_TIME and s.time_limit_ms is not None:
            why = _("the {time} allowed ran out").format(time=_minutes(s.time_limit_ms))
        else:
            why = _("it was ended before the last question")
        if s.mode == EXAM:
            counts = _("an incomplete exam is not passed, and readiness never counts it")
        elif s.mode == "sprint":
            counts = _("a sprint cut short counts for no personal best")
        else:
            counts = _("every answer given is kept")
        first = incomplete[:1].upper() + incomplete[1:]
        return (
            f"<p style='color:{self._c(NOTE)}'><b>{esc(first)}</b> — "
            + _("{why}; {counts}.").format(why=why, counts=counts)
            + "</p>"
        )

    def _exam_verdict(self, s: Summary) -> str:
        mark = _("pass mark {share}").format(share=format_percent(float(EXAM_PASS)))
        if s.passed:
            text = _("<b>Exam PASSED</b> ({mark})").format(mark=mark)
            verdict = f"<p style='color:{self._c(GOOD)}'>{text}</p>"
        elif not s.complete:
            text = _(
                "<b>Exam not passed: incomplete</b> — an exam counts only when every one of its "
                "{count} questions is answered ({mark})"
            ).format(count=s.planned, mark=mark)
            verdict = f"<p style='color:{self._c(BAD)}'>{text}</p>"
        else:
            text = _("<b>Exam not passed</b>: {right} right of {count}, {share} ({mark})").format(
                right=s.correct,
                count=s.attempts,
                share=format_percent(s.correct / s.attempts),
                mark=mark,
            )
            verdict = f"<p style='color:{self._c(BAD)}'>{text}</p>"
        return verdict + self._seed_line(s)

    def _seed_line(self, s: Summary) -> str:
        if s.seed is None:
            return ""
        seed = f"<b>{s.seed}</b>"
        if self.rules is not None:
            spec = skills_spec(s.skills, self.rules)
            text = _(
                "Seed {seed} · skills {skills} · rules {rules}. To give every trainee this "
                "exam: <i>Exam…</i> on home with this seed, or the command line above"
            ).format(
                seed=seed,
                skills=f"<b>{esc(spec)}</b>",
                rules=f"<b>{esc(self.rules.describe())}</b>",
            )
        else:
            text = _("Seed {seed}: an instructor sets the same exam with this seed").format(
                seed=seed
            )
        return f"<p>{text}</p>"

    def _verdicts(self, answered: Sequence[Answered], missed: Sequence[Question] = ()) -> str:
        """An exam's answers one by one, as the exam kept them back; then the questions it
        never had an answer to (ended early, or out of time), each said missed."""
        rows = []
        for a in answered:
            v, q = a.verdict, a.question
            mark = (
                f"<span style='color:{self._c(GOOD)}'>✓</span>"
                if v.correct
                else f"<span style='color:{self._c(BAD)}'>✗</span>"
            )
            said = (
                _("you: {given}").format(given=esc(v.given))
                if v.correct
                else _("you: {given} · right: {expected}").format(
                    given=esc(v.given), expected=esc(v.expected)
                )
            )
            why = "" if v.correct else f"<br><small>{linked(v.reason, q.skill, q.item)}</small>"
            # the cards are on the felt, not in the prompt: a hand's question needs them here
            seen = cards_seen(q.data) if isinstance(q.data, dict) else ""
            shown = f" — {esc(seen)}" if seen else ""
            rows.append(
                f"<tr><td valign=top>{a.number}.</td><td valign=top>{mark}</td>"
                f"<td>{esc(q.prompt)}{shown}<br><small>{said} · {_s(a.response_ms)}</small>"
                f"{why}</td></tr>"
            )
        for n, q in enumerate(missed, len(answered) + 1):
            seen = cards_seen(q.data) if isinstance(q.data, dict) else ""
            shown = f" — {esc(seen)}" if seen else ""
            said = _("missed: not answered · right: {expected}").format(expected=esc(q.expected))
            rows.append(
                f"<tr><td valign=top>{n}.</td>"
                f"<td valign=top><span style='color:{self._c(BAD)}'>–</span></td>"
                f"<td>{esc(q.prompt)}{shown}<br><small>{said}</small></td></tr>"
            )
        return (
            f"<p><b>{_('Question by question')}</b></p>"
            f"<table cellspacing=0 cellpadding=3>{''.join(rows)}</table>"
        )


def cards_seen(data: dict) -> str:
    """The cards a question showed on the felt, in the trainee's words: "cards 9 K · dealer
    9 6 K" (the question's other data, the box, the bet, is in its prompt)."""
    parts = []
    if data.get("cards"):
        parts.append(_("cards {cards}").format(cards=_card_text(data["cards"])))
    if data.get("dealer"):
        parts.append(_("dealer {cards}").format(cards=_card_text(data["dealer"])))
    if data.get("up"):
        parts.append(_("dealer's up card {card}").format(card=_card_text(data["up"])))
    return " · ".join(parts)


def _card_text(cards: object) -> str:
    """Cards by their ranks, as the table names them; a box's hands apart: "9 K | 8 8"."""
    from trainer.history.words import rank

    if isinstance(cards, list | tuple):
        if cards and all(isinstance(c, list | tuple) for c in cards):
            return " | ".join(_card_text(c) for c in cards)
        return " ".join(rank(str(c)) for c in cards)
    return rank(str(cards))


def item_text(key: str) -> str:
    """An item as the trainee reads it: "pay-blackjack:25" -> "Black Jack on 25"."""
    if ":" not in key:
        return esc(skill_title(key))
    return esc(item_name(key))


def work_on_text(keys: Sequence[str], most: int = 8) -> str:
    """The items to work on, grouped by skill: "Announce the point: A + 5 (soft 16), hard 14;
    Pay a Black Jack: Black Jack on 25"."""
    groups: dict[str, list[str]] = {}
    for key in keys[:most]:
        skill = key.partition(":")[0]
        groups.setdefault(skill, []).append(item_text(key) if ":" in key else "")
    parts = []
    for skill, names in groups.items():
        named = ", ".join(n for n in names if n)
        parts.append(f"{esc(skill_title(skill))}: {named}" if named else esc(skill_title(skill)))
    more = _(" and {count} more").format(count=len(keys) - most) if len(keys) > most else ""
    return "; ".join(parts) + more


def best_beaten(kind: str, summary: Summary) -> str:
    """A personal best the session beat, as the summary names it."""
    from trainer.i18n import format_duration

    if kind == "challenge":
        return _("most right answers in 60 s: {count}").format(count=summary.correct)
    if kind == "sprint":
        return _("fastest sprint of {count}: {time}").format(
            count=summary.attempts, time=format_duration(summary.elapsed_ms)
        )
    skill = kind.split(":", 1)[1]
    return _("best median for {skill}").format(skill=INFO[skill].title)
