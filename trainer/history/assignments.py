"""Exams an instructor assigns to the class of a school's server (issue 14: "assign an exam —
skills, seed, time limit, a window of dates: trainees see it on their home screen; results arrive
in the class view"). Qt-free: the app, the commands and the server's store build on it.

An assignment is an exam as `trainer.practice.drill` makes one (`mode=exam`: the same seed,
skills and rules give everyone the same questions) with a time limit of its own and a window of
days in which it may be taken: `opens` and `closes` are both inclusive, days of the school's
calendar (the server's time zone, its `TimeZone` setting, where results are counted).

House practice (chosen, not a rule of the table): a trainee may take an assigned exam again as
often as they like inside its window, and the best try counts — ranked as the class view ranks
exams (passed, then complete, then every skill asked, then accuracy). A try started outside the
window (before `opens`, after `closes`) does not count, nor one that did not end or has no
answer.

A try starts the same from the app's Start and from `sabot drill --assignment NUMBER`:
`assigned_exam` finds the exam of that number and refuses one not open today, in one sentence;
`exam_drill` makes its drill.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Final, Literal

from trainer.i18n import _, format_date

if TYPE_CHECKING:  # the drill and the statistics are imported only when checking an exam
    from trainer.history.exams import ExamResult
    from trainer.practice.drill import Drill

TIME_LIMIT_MIN_S: Final = 60  # 1 minute
TIME_LIMIT_MAX_S: Final = 4 * 3600  # 4 hours
TITLE_MAX: Final = 80

State = Literal["upcoming", "open", "closed"]
UPCOMING: Final = "upcoming"
OPEN: Final = "open"
CLOSED: Final = "closed"


@dataclass(frozen=True, slots=True)
class Assignment:
    """An exam assigned to the class: what `Drill(mode=EXAM, seed=…, skills=…, time_limit_s=…)`
    is given under the rules of `preset`, and the days it may be taken (both inclusive)."""

    id: int
    skills: tuple[str, ...]
    seed: int
    preset: str
    time_limit_s: int
    opens: date
    closes: date
    title: str  # may be empty: `label` then names it by its seed
    # withdrawn (UTC): the trainees no longer see it, its tries and results are kept (archived)
    withdrawn: datetime | None = None
    logins: tuple[str, ...] = ()  # a retake set for these trainees alone (empty: the class)

    def archived(self, today: date) -> bool:
        """Whether it is in the archive rather than current: withdrawn, or its days over."""
        return self.withdrawn is not None or self.state(today) == CLOSED

    def for_login(self, login: str) -> bool:
        """Whether `login` is asked to take it: the whole class, or one of a retake's."""
        return not self.logins or login in self.logins

    def state(self, today: date) -> State:
        """Whether, on `today` (the school's calendar), it is still to come, open, or over."""
        if today < self.opens:
            return UPCOMING
        if today > self.closes:
            return CLOSED
        return OPEN

    @property
    def label(self) -> str:
        """Its title, or, when it has none, "exam 42" (by its seed), in the current language."""
        return self.title or _("exam {seed}").format(seed=self.seed)


@dataclass(frozen=True)
class AssignmentResult:
    """One trainee's standing on one assignment: how many tries ended inside its window, and the
    best of them (`None`: not taken)."""

    login: str
    tries: int
    best: ExamResult | None


def rank(result: ExamResult) -> tuple[bool, bool, int, float]:
    """How exam tries compare, the better the greater: passed, then complete, then fewer skills
    left unasked, then accuracy (the class view's order)."""
    return (result.passed, result.complete, -len(result.uncovered), result.accuracy or 0.0)


def assigned_exam(assigned: Sequence[Assignment], number: int, today: date) -> Assignment:
    """The exam `number` of those assigned (`HistoryStore.assignments()`), when a try at it may
    start on `today` — or ValueError with one sentence for the trainee: there is none of that
    number, or it is not open (a try started outside its window does not count). What both the
    app's Start and `sabot drill --assignment` check before a try."""
    found = next((a for a in assigned if a.id == number), None)
    if found is None:
        open_now = [
            str(a.id) for a in sorted(assigned, key=lambda a: a.id) if a.state(today) == OPEN
        ]
        if open_now:
            raise ValueError(
                _("There is no assigned exam {number}; open now: {numbers}.").format(
                    number=number, numbers=", ".join(open_now)
                )
            )
        raise ValueError(
            _("There is no assigned exam {number}; none is open now.").format(number=number)
        )
    check_open(found, today)
    return found


def check_open(a: Assignment, today: date) -> None:
    """ValueError with one sentence when a try at `a` may not start on `today`: before its first
    day, or after its last (house practice: such a try would not count)."""
    state = a.state(today)
    if state == UPCOMING:
        raise ValueError(
            _("The exam {number} ({title}) opens on {day}: it cannot be taken before.").format(
                number=a.id, title=a.label, day=format_date(a.opens, short=True)
            )
        )
    if state == CLOSED:
        closed = _("The exam {number} ({title}) was open until {day}: a try now would not count.")
        raise ValueError(
            closed.format(number=a.id, title=a.label, day=format_date(a.closes, short=True))
        )


def exam_drill(a: Assignment, **drill: Any) -> Drill:
    """The drill of a try at `a`, from the app as from the command line: the exam of its skills
    under its preset's rules, its seed and its time limit, the session stored as a try at it
    (`Drill.assignment`), so that the class view counts it. `drill`: the rest of what `Drill`
    takes (store, profile, practice, interactive). ValueError: the drill cannot be made."""
    from trainer.game.rules import HouseRules
    from trainer.practice.drill import EXAM, Drill, resolve_skills

    rules = HouseRules.preset_named(a.preset)
    return Drill(
        resolve_skills(",".join(a.skills), rules),
        rules,
        mode=EXAM,
        seed=a.seed,
        time_limit_s=a.time_limit_s,
        assignment=a.id,
        **drill,
    )


_CONTROL: Final = frozenset(("Cc", "Zl", "Zp"))


def check_assignment(
    skills: Sequence[str] | str,
    seed: int,
    preset: str,
    time_limit_s: int,
    opens: date,
    closes: date,
    title: str = "",
) -> tuple[tuple[str, ...], int, str, int, date, date, str]:
    """The fields of an assignment checked, and cleaned (skills stripped, in the order given,
    each once; `skills` may be one text of names joined by commas, or `all`: every skill that can
    be examined under the preset; the title stripped) — or ValueError with one sentence, for the
    instructor, naming the field that is wrong."""
    from trainer.game.rules import PRESETS, HouseRules
    from trainer.practice.drill import SEED_MAX  # 2^63 - 1: a PostgreSQL bigint
    from trainer.practice.skills import SKILLS

    if not isinstance(preset, str) or preset.strip() not in PRESETS:
        raise ValueError(
            _("The rules: {preset} is not a preset; expected one of {presets}.").format(
                preset=repr(preset), presets=", ".join(PRESETS)
            )
        )
    preset = preset.strip()
    rules = HouseRules.from_spec(preset)
    names = skills.split(",") if isinstance(skills, str) else list(skills)
    if any(not isinstance(name, str) for name in names):
        raise ValueError(_("The skills are names, such as pay-even or announce."))
    cleaned = [name.strip() for name in names if name.strip()]
    if cleaned == ["all"]:
        cleaned = [s.name for s in SKILLS.values() if s.available(rules) is None]
    chosen: list[str] = []
    for name in cleaned:
        if name not in SKILLS:
            raise ValueError(
                _("The skills: {name} is not a skill; expected some of {skills}, or all.").format(
                    name=repr(name), skills=", ".join(SKILLS)
                )
            )
        why = SKILLS[name].available(rules)
        if why is not None:
            from trainer.practice.curriculum import skill_title

            raise ValueError(  # the skill by its title, as the instructor ticked it
                _("The skills: “{skill}” cannot be examined under {preset} ({why}).").format(
                    skill=skill_title(name), preset=preset, why=why
                )
            )
        if name not in chosen:
            chosen.append(name)
    if not chosen:
        raise ValueError(_("The skills: an exam asks at least one."))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise ValueError(
            _("The seed is a whole number from 0 to {max}, not {seed}.").format(
                max=SEED_MAX, seed=_shown(seed)
            )
        )
    if (
        not isinstance(time_limit_s, int)
        or isinstance(time_limit_s, bool)
        or not TIME_LIMIT_MIN_S <= time_limit_s <= TIME_LIMIT_MAX_S
    ):
        raise ValueError(
            _("The time limit is from 1 minute to 4 hours, not {limit}.").format(
                limit=_shown_limit(time_limit_s)
            )
        )
    for value in (opens, closes):
        if not isinstance(value, date) or isinstance(value, datetime):
            raise ValueError(
                _("The dates are days, such as 2026-12-07, not {value}.").format(
                    value=_shown(value)
                )
            )
    if opens > closes:
        raise ValueError(
            _("The dates: the exam closes on {closes}, before it opens on {opens}.").format(
                closes=format_date(closes, short=True), opens=format_date(opens, short=True)
            )
        )
    if not isinstance(title, str):
        raise ValueError(_("The title is a text."))
    title = title.strip()
    if len(title) > TITLE_MAX:
        raise ValueError(
            _("The title is at most {max} characters, not {count}.").format(
                max=TITLE_MAX, count=len(title)
            )
        )
    if any(unicodedata.category(c) in _CONTROL for c in title):
        raise ValueError(_("The title is one line of text, without tabs or control characters."))
    return tuple(chosen), seed, preset, time_limit_s, opens, closes, title


def past_warning(closes: date, today: date) -> str | None:
    """The warning, for the instructor, when every day of an exam being assigned is past (a try
    started after its last day does not count); None when a day of it is still to come."""
    if closes >= today:
        return None
    return _(
        "Every day of this exam is past (the last was {day}): no try at it will count."
    ).format(day=format_date(closes, short=True))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:32] + "…"


def _shown_limit(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return describe_limit(value)
    return _shown(value)


_DURATION: Final = re.compile(r"(?:(\d{1,4})h)?(?:(\d{1,5})m(?:in)?)?(?:(\d{1,6})s)?")


def read_time_limit(text: str) -> int:
    """A time limit as an instructor types it — `15m`, `1h30m`, `90s`, `2h`, or a number of
    minutes (`45`) — in seconds; ValueError with one sentence when it cannot be read. (Its
    bounds are `check_assignment`'s.)"""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned.isdigit() and len(cleaned) <= 5:
        return int(cleaned) * 60
    match = _DURATION.fullmatch(cleaned)
    if not cleaned or match is None or not any(match.groups()):
        raise ValueError(
            _("The time limit is minutes or hours, such as 15m, 1h30m or 45, not {text}.").format(
                text=_shown(text)
            )
        )
    hours, minutes, seconds = (int(g or 0) for g in match.groups())
    return hours * 3600 + minutes * 60 + seconds


def describe_limit(seconds: int) -> str:
    """A time limit in words for a table or a message: `15 min`, `1 h 30 min`, `90 s`."""
    if seconds % 60:
        return _("{seconds} s").format(seconds=seconds)
    hours, minutes = divmod(seconds // 60, 60)
    if hours and minutes:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
    if hours:
        return _("{hours} h").format(hours=hours)
    return _("{minutes} min").format(minutes=minutes)


def read_day(text: str, what: str) -> date:
    """A day as the command line takes it (`2026-12-07`); ValueError naming `what` (the field:
    `--from`) when it is not one."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(
            _("{what}: a day is written 2026-12-07, not {text}.").format(
                what=what, text=_shown(text)
            )
        ) from None


__all__ = [
    "CLOSED",
    "OPEN",
    "TIME_LIMIT_MAX_S",
    "TIME_LIMIT_MIN_S",
    "TITLE_MAX",
    "UPCOMING",
    "Assignment",
    "AssignmentResult",
    "assigned_exam",
    "check_assignment",
    "check_open",
    "describe_limit",
    "exam_drill",
    "past_warning",
    "rank",
    "read_day",
    "read_time_limit",
]
