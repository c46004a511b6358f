"""What home shows once the history's figures are in, loaded after its first paint: the reading
of those figures (on a worker thread), the welcome of a first run, today's plan
(trainer.history.plan) in a few lines, and the watch that fits the curriculum's rows to the
window's width."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from trainer.practice.curriculum import INFO
from trainer.practice.drill import WEAK_STREAK
from ui.i18n import N_, _, ngettext
from ui.language import mastery_figures
from ui.style import esc, readable

GOOD = "#2e9d4f"
NOTICE = "#b07d12"


PLAN_KEY = "T"
REVIEW_KEY = "R"
# as Help ▸ Keyboard shortcuts lists them
KEYS = (
    (REVIEW_KEY, N_("review the items due today")),
    (PLAN_KEY, N_("start today's plan")),
)


def home_figures(reader, profile: str, rules) -> tuple[str, dict, dict, dict, Any]:
    """The curriculum's figures for `profile` and today's plan, read on a worker thread through
    `reader` (closed here), so the window is on screen and answering before the history is
    summed up."""
    import time

    from trainer.history.plan import daily_plan
    from trainer.history.progress_data import item_name  # noqa: F401  (home names the items)
    from trainer.history.stats import skill_stats, weakest_items
    from trainer.practice.curriculum import CURRICULUM, TARGETS
    from trainer.practice.skills import SKILLS

    stats: dict[str, Any] = {}
    weak: dict[str, list[str]] = {}
    unavailable = {name: s.available(rules) for name, s in SKILLS.items()}
    available = [name for name, why in unavailable.items() if not why]
    order = [s.name for s in CURRICULUM]
    try:
        stats = skill_stats(reader, profile, TARGETS)
        for w in weakest_items(reader, profile, n=40, min_attempts=1):
            if w.wrong:
                weak.setdefault(w.skill, []).append(w.item)
        plan = daily_plan(
            reader, profile, TARGETS, order, available, time.time(), stats, reviews=False
        )
    except ValueError:  # a profile with no history yet
        plan = daily_plan(reader, profile, TARGETS, order, available, time.time(), reviews=False)
    finally:
        reader.close()
    return profile, stats, weak, unavailable, plan


def review_figures(reader, profile: str) -> tuple[str, Any]:
    """The review schedule's due counts for `profile` (trainer.history.review.DueCounts), read
    on a worker of their own through `reader` (closed here): its first build over a long
    history takes seconds, and the curriculum's figures never wait for it."""
    import time

    from trainer.history.review import DueCounts, due_counts

    try:
        known = {p.name.casefold(): p.name for p in reader.profiles()}
        name = known.get(profile.strip().casefold())
        counts = DueCounts(0, 0) if name is None else due_counts(reader, name, time.time())
    finally:
        reader.close()
    return profile, counts


def readable_on(widget: QWidget, colour: str) -> str:
    """`colour` as it reads on `widget`, light or dark: darker or lighter until 4.5:1."""
    window = widget.palette().color(QPalette.ColorRole.Window)
    return readable(QColor(colour), window).name()


def make_welcome(home, order: Sequence[str]) -> QWidget:
    """The first run's welcome: what Sabot is for, the order of the skills, how mastery works,
    and one button to start (`home.start` on the first skill of `order`)."""
    box = QFrame()
    box.setObjectName("welcome")
    box.setFrameShape(QFrame.Shape.StyledPanel)
    text = QLabel()
    text.setWordWrap(True)
    home.welcome_text = text
    button = QPushButton()
    button.setMinimumHeight(36)
    button.clicked.connect(lambda: home.start.emit([order[0]], "practice"))
    home.welcome_button = button
    # opened again from Help ▸ Welcome once there is a plan: closed again by the trainee
    home.welcome_close = QPushButton()
    home.welcome_close.setMinimumHeight(36)
    home.welcome_close.clicked.connect(home.hide_welcome)
    home.welcome_close.hide()
    lay = QVBoxLayout(box)
    lay.addWidget(text)
    row = QHBoxLayout()
    row.addWidget(button)
    row.addStretch(1)
    row.addWidget(home.welcome_close)
    lay.addLayout(row)
    welcome_texts(home, order)
    return box


def welcome_texts(home, order: Sequence[str]) -> None:
    """The welcome's words, in the current language."""
    steps = " → ".join(f"<b>{esc(INFO[n].title)}</b>" for n in order)
    bar = mastery_figures()  # its share called "accuracy" here
    home.welcome_text.setText(
        "<p>"
        + _(
            "<b>Welcome to Sabot.</b> It trains you to run a blackjack table as a croupier "
            "does: to announce every point, pay every bet, follow the order of the round and "
            "deal in order — right first, then fast, with every answer timed and kept."
        )
        + "</p><p>"
        + _(
            "Take the skills in this order: {steps}; the other skills of each step follow in "
            "the list below."
        ).format(steps=steps)
        + "</p><p>"
        + _(
            "A skill is <b>mastered</b> after at least {attempts} answers, when your last "
            "{window} are {accuracy} right with a median time at or under its target. What you "
            "miss comes back within a few questions until you get it right {streak} times in a "
            "row. F1 opens the rules book."
        ).format(**bar, accuracy=bar["share"], streak=WEAK_STREAK)
        + "</p>"
    )
    home.welcome_button.setText(_("Start with {skill}").format(skill=INFO[order[0]].title))
    home.welcome_close.setText(_("Close the welcome"))


def retranslate(home, order: Sequence[str]) -> None:
    """The welcome's and the plan's words again, in the current language (the plan's lines
    are written again by home's refresh)."""
    if home.welcome_text is not None:
        welcome_texts(home, order)
    if home.plan_button is not None:
        home.plan_button.setText(_("Today's plan") + f"   [{PLAN_KEY}]")
        home.review_button.setText(_("Review") + f"   [{REVIEW_KEY}]")


def make_plan_box(home, go: Callable[[], None], review: Callable[[], None]) -> QWidget:
    """Today's plan: the review's due counts (`home.review_text`) and the button that starts a
    review (R), then its lines (`home.plan_text`) and the button that starts it (T)."""
    box = QFrame()
    box.setObjectName("plan")
    box.setFrameShape(QFrame.Shape.StyledPanel)
    home.review_text = QLabel()
    home.review_text.setWordWrap(True)
    home.review_button = QPushButton(_("Review") + f"   [{REVIEW_KEY}]")
    home.review_button.setMinimumHeight(36)
    home.review_button.clicked.connect(review)
    QShortcut(QKeySequence(REVIEW_KEY), home, review)
    home.plan_text = QLabel()
    home.plan_text.setWordWrap(True)
    home.plan_button = QPushButton(_("Today's plan") + f"   [{PLAN_KEY}]")
    home.plan_button.setMinimumHeight(36)
    home.plan_button.clicked.connect(go)
    QShortcut(QKeySequence(PLAN_KEY), home, go)
    lay = QVBoxLayout(box)
    for text, button in (
        (home.review_text, home.review_button),
        (home.plan_text, home.plan_button),
    ):
        row = QHBoxLayout()
        row.addWidget(text, 1)
        row.addWidget(button)
        lay.addLayout(row)
    return box


def review_html(plan, colour=lambda c: c) -> str:
    """The review's line: "Review: 23 due today, 8 tomorrow", what is due today stressed;
    "counting…" until the counts are in."""
    if plan.review_today is None or plan.review_tomorrow is None:
        return _("<b>Review:</b> counting what is due…")
    today = ngettext("{count} due today", "{count} due today", plan.review_today).format(
        count=plan.review_today
    )
    if plan.review_today:
        today = f"<b><span style='color:{colour(NOTICE)}'>{today}</span></b>"
    tomorrow = ngettext("{count} tomorrow", "{count} tomorrow", plan.review_tomorrow).format(
        count=plan.review_tomorrow
    )
    return _("<b>Review:</b> {today}, {tomorrow}").format(today=today, tomorrow=tomorrow)


def plan_html(plan, name, colour=lambda c: c) -> str:
    """Today's plan in a few lines: the items due, the next skill, the streak; `name` names an
    item for a person, `colour` makes a colour readable on the page."""
    good, notice = colour(GOOD), colour(NOTICE)
    lines = []
    if plan.review_today:  # the reviews due come first
        lines.append(
            ngettext(
                "<b>Today:</b> review the {count} item due",
                "<b>Today:</b> review the {count} items due",
                plan.review_today,
            ).format(count=plan.review_today)
        )
    elif plan.due:
        items = ", ".join(esc(name(item)) for _skill, item in plan.due)
        lines.append(_("<b>Today:</b> what you missed lately — {items}").format(items=items))
    if plan.next_skill is not None:
        title = esc(INFO[plan.next_skill].title) if plan.next_skill in INFO else plan.next_skill
        why = "; ".join(esc(g) for g in plan.next_gaps)
        if plan.due or plan.review_today:
            line = _("then <b>{skill}</b>, the next skill to master ({why})")
        else:
            line = _("<b>Today:</b> <b>{skill}</b>, the next skill to master ({why})")
        lines.append(line.format(skill=title, why=why))
    elif not plan.due and not plan.review_today:
        lines.append(
            _(
                "<b>Today:</b> <span style='color:{colour}'>every skill is mastered</span> — "
                "keep them with a sprint or an exam"
            ).format(colour=good)
        )
    lines += shoe_lines(plan.shoes, good)
    s = plan.streak
    days = ngettext("{days} day in a row", "{days} days in a row", s.days).format(days=s.days)
    if s.today:
        lines.append(
            _("<span style='color:{colour}'>Practised today</span> · {days}").format(
                colour=good, days=days
            )
        )
    elif s.alive:
        line = _("<span style='color:{colour}'>{days}</span> — practise today to make it {next}")
        lines.append(line.format(colour=notice, days=days, next=s.days + 1))
    else:
        lines.append(_("No streak yet: practise today to start one"))
    return "<br>".join(lines)


def shoe_lines(shoes, good: str) -> list[str]:
    """Deal mode beside the skills: its standard per number of boxes dealt, mastered (✓) or what
    it lacks (`trainer.history.shoes.ShoeStanding`); none before a first shoe."""
    lines = []
    for s in shoes:
        text = esc(_("Deal a shoe · {standing}").format(standing=s.text))
        if s.mastered:
            text = f"<span style='color:{good}'>✓ {text}</span>"
        lines.append(text)
    return lines


class Resizes(QObject):
    """Calls back after each resize of the watched widget, once its table has laid out."""

    def __init__(self, callback: Callable[[], None]) -> None:
        super().__init__()
        self._callback = callback

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            # the stretched column takes its new width as the table lays out: look after that
            QTimer.singleShot(0, self._callback)
        return False
