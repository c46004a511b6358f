"""The end of a drill: attempts, accuracy, median and slowest times against targets, personal
bests beaten, and the items to work on. Everything on it is already stored.

A drill ended before its planned last question says so first ("incomplete: 6 of 28 answered",
and why). An exam's summary gives what the exam kept back question by question — each answer
with its verdict and the rule behind it — and the seed to set the same exam again; each
citation is a link to the rules book (`citation`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from trainer.history.progress_data import describe_question, item_name, skill_title
from trainer.practice.drill import (
    EXAM,
    EXAM_PASS,
    STOPPED_BY_TIME,
    Answered,
    Summary,
    exam_command,
    skills_spec,
)
from trainer.practice.skills import SKILLS
from ui.citations import linked
from ui.style import emphasise, esc, readable

GOOD = "#2e9d4f"
BAD = "#c8412f"
NOTE = "#b07d12"


def _pace(ms: float | None, target_ms: float) -> str:
    """Green when the median is on target, red when it is not."""
    return GOOD if (ms or 0) <= target_ms else BAD


def _s(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f} s"


def _minutes(ms: int) -> str:
    seconds = round(ms / 1000)
    if seconds < 60:
        return f"{seconds} s"
    return f"{seconds // 60} min {seconds % 60:02d} s"


TITLES = {
    "practice": "Practice over",
    "challenge": "Time!",
    "sprint": "Sprint done",
    "exam": "Exam over",
}


def title_of(s: Summary) -> str:
    if s.stopped is None:
        return TITLES.get(s.mode, "Done")
    what = "Exam" if s.mode == EXAM else s.mode.capitalize()
    return f"{what}: time is up" if s.stopped == STOPPED_BY_TIME else f"{what} ended early"


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
        # an exam's verdicts are long: the body scrolls, the buttons stay
        self.scroller = QScrollArea()
        self.scroller.setWidget(self.body)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.again_button = QPushButton("Again  (Enter)")
        self.again_button.clicked.connect(self.again.emit)
        home = QPushButton("Home  (Esc)")
        home.clicked.connect(self.home.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Return), self, self.again.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Enter), self, self.again.emit)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.home.emit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(home)
        row.addWidget(self.again_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(32, 24, 32, 24)
        lay.addWidget(self.title)
        lay.addWidget(self.scroller, 1)
        lay.addLayout(row)

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
        self.again_button.setText("A new exam…  (Enter)" if s.mode == EXAM else "Again  (Enter)")
        self.scroller.verticalScrollBar().setValue(0)
        parts = []
        incomplete = s.incomplete_text()
        if incomplete is not None:
            parts.append(self._incomplete(s, incomplete))
        if not s.attempts:
            parts.append("<p>No question was answered: nothing to sum up.</p>")
            if s.mode == EXAM:
                parts.append(self._exam_verdict(s))
            self.body.setText("".join(parts))
            return
        acc = s.correct / s.attempts
        of = " answered" if incomplete is not None else ""
        parts.append(
            f"<p><b>{s.correct}</b> right out of <b>{s.attempts}</b>{of} — <b>{acc:.0%}</b>"
            f" · median {_s(s.median_ms)} · {s.elapsed_ms / 1000:.0f} s in all</p>"
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
            "<table cellspacing=0 cellpadding=4><tr><th align=left>skill</th><th>right</th>"
            f"<th>median</th><th>target</th></tr>{rows}</table>"
        )
        if s.slowest is not None:
            q = s.slowest.question
            parts.append(
                f"<p>Slowest: {_s(s.slowest.response_ms)} on {item_text(q.item)}, "
                f"target {SKILLS[q.skill].target:.1f} s</p>"
            )
        if bests:
            parts.append(
                f"<p style='color:{self._c(GOOD)}'><b>Personal best!</b> "
                + "; ".join(bests)
                + "</p>"
            )
        if s.to_work_on:
            parts.append(f"<p>To work on: {work_on_text(s.to_work_on)}</p>")
        if s.mode == EXAM:
            parts.append(self._verdicts(s.answered))
        if history_trouble:
            parts.append(f"<p><small>{esc(history_trouble)}</small></p>")
        else:
            parts.append("<p><small>Every answer is already saved.</small></p>")
        self.body.setText("".join(parts))

    def _c(self, colour: str) -> str:
        """`colour` as it reads on the page, light or dark: darker or lighter until 4.5:1."""
        window = self.body.palette().color(QPalette.ColorRole.Window)
        return readable(QColor(colour), window).name()

    def _incomplete(self, s: Summary, incomplete: str) -> str:
        if s.stopped == STOPPED_BY_TIME and s.time_limit_ms is not None:
            why = f"the {_minutes(s.time_limit_ms)} allowed ran out"
        else:
            why = "it was ended before the last question"
        if s.mode == EXAM:
            counts = "an incomplete exam is not passed, and readiness never counts it"
        elif s.mode == "sprint":
            counts = "a sprint cut short counts for no personal best"
        else:
            counts = "every answer given is kept"
        return (
            f"<p style='color:{self._c(NOTE)}'><b>{esc(incomplete.capitalize())}</b> — "
            f"{why}; {counts}.</p>"
        )

    def _exam_verdict(self, s: Summary) -> str:
        mark = f"pass mark {EXAM_PASS:.0%}"
        if s.passed:
            verdict = f"<p style='color:{self._c(GOOD)}'><b>Exam PASSED</b> ({mark})</p>"
        elif not s.complete:
            verdict = (
                f"<p style='color:{self._c(BAD)}'><b>Exam not passed: incomplete</b> — an exam "
                f"counts only when every one of its {s.planned} questions is answered ({mark})</p>"
            )
        else:
            verdict = (
                f"<p style='color:{self._c(BAD)}'><b>Exam not passed</b>: {s.correct} right of "
                f"{s.attempts}, {s.correct / s.attempts:.0%} ({mark})</p>"
            )
        return verdict + self._seed_line(s)

    def _seed_line(self, s: Summary) -> str:
        if s.seed is None:
            return ""
        text = f"<p>Seed <b>{s.seed}</b>"
        if self.rules is not None:
            spec = skills_spec(s.skills, self.rules)
            line = exam_command(s.seed, spec, self.rules)
            text += (
                f" · skills <b>{esc(spec)}</b> · rules <b>{esc(self.rules.describe())}</b>. "
                "To give every trainee this exam: <i>Exam…</i> on home with this seed, or "
                f"<code style='white-space:nowrap'>{esc(line)}</code>"
            )
        else:
            text += ": an instructor sets the same exam with this seed"
        return text + "</p>"

    def _verdicts(self, answered: Sequence[Answered]) -> str:
        """An exam's answers one by one, as the exam kept them back."""
        rows = []
        for a in answered:
            v, q = a.verdict, a.question
            mark = (
                f"<span style='color:{self._c(GOOD)}'>✓</span>"
                if v.correct
                else f"<span style='color:{self._c(BAD)}'>✗</span>"
            )
            said = (
                f"you: {esc(v.given)}"
                if v.correct
                else f"you: {esc(v.given)} · right: {esc(v.expected)}"
            )
            why = "" if v.correct else f"<br><small>{linked(v.reason, q.skill, q.item)}</small>"
            # the cards are on the felt, not in the prompt: a hand's question needs them here
            seen: dict[str, object] = {
                k: q.data[k] for k in ("cards", "dealer", "up") if k in q.data
            }
            shown = f" — {esc(describe_question(seen))}" if seen else ""
            rows.append(
                f"<tr><td valign=top>{a.number}.</td><td valign=top>{mark}</td>"
                f"<td>{esc(q.prompt)}{shown}<br><small>{said} · {_s(a.response_ms)}</small>"
                f"{why}</td></tr>"
            )
        return (
            "<p><b>Question by question</b></p>"
            f"<table cellspacing=0 cellpadding=3>{''.join(rows)}</table>"
        )


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
    more = f" and {len(keys) - most} more" if len(keys) > most else ""
    return "; ".join(parts) + more
