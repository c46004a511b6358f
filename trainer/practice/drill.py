"""A drill session: which question comes next, judging each answer, storing it at once, and the
summary at the end. The same object runs the terminal drill and the desktop app.

Modes:
- `practice`: untimed, with explanations, as many questions as the trainee wants (or `count`);
- `challenge`: as many right answers as possible in 60 seconds;
- `sprint`: N questions as fast as possible;
- `exam`: a fixed set across skills made from a seed, with a time limit and a pass mark; the
  same seed, skills and rules give the same questions, so an instructor can set and check an
  exam. An exam says nothing question by question (`gives_feedback`): the verdicts come in the
  summary;
- `review`: the items the review schedule has due (`trainer.history.review`), oldest due first,
  each asked once on the very situation missed (`trainer.practice.review.remake`), untimed and
  with explanations. Its answers count toward the schedule and the session's own figures, never
  toward a skill's (`measures.OWN_FIGURES`). An exam is never a review.

A sprint and an exam set out to ask a fixed number of questions (`Summary.planned`). One ended
before the last of them, by the trainee or by its clock, is *incomplete* (`Summary.stopped`):
the store keeps the number planned, an incomplete exam is never passed, and an incomplete
sprint is no sprint for the personal bests.

Missed items come back within the next few questions until answered right three times in a row
(the weak-item queue). Response times are measured by the caller with a monotonic clock, from the
moment the question is shown to the moment the answer is given.
"""

from __future__ import annotations

import math
import random
import shlex
import statistics
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from trainer.game.rules import DEFAULT_PRESET, HouseRules
from trainer.i18n import _, ngettext
from trainer.practice.answers import Unreadable
from trainer.practice.recorder import Recorder
from trainer.practice.review import ON_CATEGORY, REVIEWED, remake, retold_review, situation
from trainer.practice.skills import SKILLS, Question, Skill, Verdict
from trainer.practice.skills.base import Practice, made, reverdict

PRACTICE = "practice"
CHALLENGE = "challenge"
SPRINT = "sprint"
EXAM = "exam"
REVIEW = "review"
MODES = (PRACTICE, CHALLENGE, SPRINT, EXAM, REVIEW)

CHALLENGE_SECONDS = 60
SPRINT_DEFAULT = 20
EXAM_PER_SKILL = 2
EXAM_PASS = 0.9  # 90 % right answers to pass
# An exam's time limit: this many times the target time of each of its questions, summed and
# rounded up to the minute (every skill under casino-fr: 28 questions, 7 minutes). Generous for
# a trainee who knows the table, short enough that looking every answer up does not pass.
EXAM_TIME_FACTOR = 4

# The seeds an instructor may give, as the command line takes them (--seed).
SEED_MAX = 2**63 - 1

# Why a drill with a planned number of questions stopped before the last (Summary.stopped).
STOPPED_EARLY = "early"  # the trainee ended it
STOPPED_BY_TIME = "time"  # its time ran out

# The weak-item queue: a missed item returns after 1 to 3 other questions, and leaves the queue
# once answered right this many times in a row.
WEAK_STREAK = 3
WEAK_GAP = (1, 3)


@dataclass(frozen=True)
class Reviewed:
    """What a review question reviews (`Drill.reviewed`): its item key, the situation missed
    ("A-4-A", "" when the key says it all), when it was last missed (unix seconds, None if not
    told), and whether the question asks that very situation (`exact`) or, today's rules
    unable to make it, another of its category."""

    item: str
    situation: str
    missed: float | None
    exact: bool = True


class DrillOver(Exception):
    """An answer that came after the challenge's time ran out: not scored, not stored."""


@dataclass
class _Weak:
    skill: str
    item: str
    question: Question
    streak: int = 0
    due: int = 0
    prepared: Question | None = None  # its next question, made ahead by Drill.prefetch


class WeakQueue:
    """Items missed in this drill (or carried from the history), due back soon."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._items: dict[str, _Weak] = {}

    def __len__(self) -> int:
        return len(self._items)

    @property
    def items(self) -> list[str]:
        return list(self._items)

    def note(self, q: Question, correct: bool, position: int) -> None:
        """Account for an answer to `q` given as question number `position` (from 1): the
        item is due again after 1 to 3 other questions, i.e. as question position + 2 to + 4,
        asked when `position + 1` to `position + 3` questions have been answered."""
        w = self._items.get(q.item)
        if not correct:
            if w is None:
                w = self._items[q.item] = _Weak(q.skill, q.item, q)
            w.streak = 0
            w.question = q
            w.due = position + self._rng.randint(*WEAK_GAP)
        elif w is not None:
            w.streak += 1
            if w.streak >= WEAK_STREAK:
                del self._items[q.item]
            else:
                w.due = position + self._rng.randint(*WEAK_GAP)

    def pending(self) -> list[_Weak]:
        """The items in the queue, each with the question it comes back with."""
        return list(self._items.values())

    def due(self, position: int, skills: Iterable[str]) -> _Weak | None:
        allowed = set(skills)
        ready = [w for w in self._items.values() if w.due <= position and w.skill in allowed]
        return min(ready, key=lambda w: w.due) if ready else None


@dataclass(frozen=True)
class Answered:
    """One answered question: what was asked, the verdict, the time, and the stored id."""

    number: int
    question: Question
    raw: str
    verdict: Verdict
    response_ms: int
    attempt_id: int | None


@dataclass(frozen=True)
class SkillLine:
    skill: str
    attempts: int
    correct: int
    median_ms: float | None
    target_ms: float


@dataclass(frozen=True)
class Summary:
    mode: str
    attempts: int
    correct: int
    median_ms: float | None
    slowest: Answered | None
    by_skill: tuple[SkillLine, ...]
    to_work_on: tuple[str, ...]  # item keys still in the weak queue, or missed
    elapsed_ms: int
    passed: bool | None = None  # exam only
    seed: int | None = None
    planned: int | None = None  # the questions a sprint or an exam set out to ask
    stopped: str | None = None  # STOPPED_EARLY or STOPPED_BY_TIME when incomplete, else None
    time_limit_ms: int | None = None  # a challenge's or an exam's
    skills: tuple[str, ...] = ()
    answered: tuple[Answered, ...] = ()  # every answer, in order (an exam's verdicts)
    # an exam ended early or out of time: its questions never answered, in the order it had
    # them, numbered on after the answered ones (missed, each as wrong as a wrong answer)
    unanswered: tuple[Question, ...] = ()

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def complete(self) -> bool:
        """Every planned question answered (always, for an open-ended drill)."""
        return self.planned is None or self.attempts >= self.planned

    def incomplete_text(self) -> str | None:
        """`incomplete: 6 of 28 answered`, or None when complete."""
        if self.complete:
            return None
        return _("incomplete: {answered} of {planned} answered").format(
            answered=self.attempts, planned=self.planned
        )


@dataclass
class Drill:
    """One session of drilling one or more skills under one set of house rules."""

    skills: Sequence[Skill]
    rules: HouseRules
    mode: str = PRACTICE
    count: int | None = None
    seed: int | None = None
    store: Recorder | None = None
    profile: str = "default"
    clock: Callable[[], int] = time.monotonic_ns
    carried_weak: Sequence[tuple[str, str]] = ()  # (skill, item) weak in the history
    # False when the answers are not typed as the questions are read (piped from a file): they
    # are stored, but their times count toward none of the trainee's figures
    interactive: bool = True
    # what the trainee's school teaches where the rules leave a choice (chip payments)
    practice: Practice = field(default_factory=Practice)
    # an exam's time limit, in seconds, when an instructor set one (an assigned exam's); None:
    # the exam's own (`exam_time_limit_s`). Only an exam takes one.
    time_limit_s: int | None = None
    # the assigned exam (`Assignment.id`, a school's server's) this one is a try at: stored
    # with the session, for the class view to find its tries
    assignment: int | None = None
    # a review's items: (skill, item key, the data of the question missed[, when it was last
    # missed, unix seconds]), oldest due first
    reviews: Sequence[tuple[Any, ...]] = ()
    session_id: int | None = field(default=None, init=False)
    answered: list[Answered] = field(default_factory=list, init=False)
    correct: int = field(default=0, init=False)  # right answers so far

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(
                _("unknown mode {mode}: expected one of {modes}").format(
                    mode=repr(self.mode), modes=", ".join(MODES)
                )
            )
        if not self.skills:
            raise ValueError(_("a drill needs at least one skill"))
        self.skills = [s.configured(self.practice) for s in self.skills]
        self._by_name = {s.name: s for s in self.skills}
        for s in self.skills:
            why = s.available(self.rules)
            if why:
                raise ValueError(
                    _("{skill} cannot be drilled under {rules}: {why}").format(
                        skill=s.name, rules=self.rules.describe(), why=why
                    )
                )
        if self.count is not None and self.count < 1:
            raise ValueError(
                _("the number of questions must be at least 1, not {count}").format(
                    count=self.count
                )
            )
        if self.time_limit_s is not None or self.assignment is not None:
            if self.mode != EXAM:
                why = _("only an exam takes a time limit of its own or an assignment, not {mode}")
                raise ValueError(why.format(mode=self.mode))
            if self.time_limit_s is not None and (
                not isinstance(self.time_limit_s, int)
                or isinstance(self.time_limit_s, bool)
                or self.time_limit_s < 1
            ):
                raise ValueError(
                    _("an exam's time limit is a whole number of seconds ≥ 1, not {limit}").format(
                        limit=repr(self.time_limit_s)
                    )
                )
        if self.reviews and self.mode != REVIEW:
            raise ValueError(
                _("only a review takes review items, not {mode}").format(mode=self.mode)
            )
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(1, 10**9)
        self._rng = random.Random(self.seed)
        self.weak = WeakQueue(random.Random(self.seed + 1))
        self._current: Question | None = None
        self._started_ns: int | None = None
        self._ended_ns: int | None = None
        self._plan: list[Question] | None = None
        self._ahead: Question | None = None  # the next fresh question, made ahead
        self.time_limit_ms: int | None = None
        self._stopped: str | None = None
        if self.mode == CHALLENGE:
            self.time_limit_ms = CHALLENGE_SECONDS * 1000
        if self.mode == SPRINT and self.count is None:
            self.count = SPRINT_DEFAULT
        if self.mode == EXAM:
            self._plan = exam_questions(self.seed, self.rules, self.skills)
            if not self._plan:
                raise ValueError(
                    _("none of these skills can be examined under {rules}").format(
                        rules=self.rules.describe()
                    )
                )
            self.count = len(self._plan)
            limit_s = self.time_limit_s or exam_time_limit_s(self._plan)
            self.time_limit_ms = limit_s * 1000
        self._reviews = [r for r in self.reviews if r[0] in self._by_name]
        self._reviewed: dict[int, Question] = {}
        if self.mode == REVIEW:
            if not self._reviews:
                raise ValueError(_("nothing is due for review in these skills"))
            self.count = min(self.count or len(self._reviews), len(self._reviews))
        for skill_name, item in self.carried_weak:
            weak_skill = self._by_name.get(skill_name)
            if weak_skill is None:
                continue
            q = made(weak_skill, random.Random(f"{self.seed}:{item}"), self.rules, item)
            if q is not None:
                self.weak.note(q, False, -WEAK_GAP[1] - 1)
        if self.store is not None:
            # given only when there is one: a recorder of before assignments still works
            assigned = {} if self.assignment is None else {"assignment": self.assignment}
            self.session_id = self.store.start_session(
                self.profile,
                self.mode,
                [s.name for s in self.skills],
                self.rules.describe(),
                self.seed,
                planned=self.planned,
                interactive=self.interactive,
                **assigned,
            )

    # ------------------------------------------------------------------ flow
    @property
    def position(self) -> int:
        return len(self.answered)

    @property
    def current(self) -> Question | None:
        return self._current

    @property
    def planned(self) -> int | None:
        """The questions a sprint or an exam sets out to ask (None: open-ended)."""
        return self.count if self.mode in (SPRINT, EXAM) else None

    @property
    def gives_feedback(self) -> bool:
        """Whether each answer's verdict is shown as it is given: not in an exam."""
        return self.mode != EXAM

    def time_left_ms(self) -> int | None:
        """Milliseconds left in a challenge or an exam (None in the other modes, or before it
        starts)."""
        if self.time_limit_ms is None or self._started_ns is None:
            return None
        return max(0, self.time_limit_ms - self.elapsed_ms())

    def elapsed_ms(self) -> int:
        """Milliseconds since the first question was asked (to the end, once it has ended)."""
        if self._started_ns is None:
            return 0
        end = self._ended_ns if self._ended_ns is not None else self.clock()
        return int((end - self._started_ns) // 1_000_000)

    @property
    def over(self) -> bool:
        if self._ended_ns is not None:
            return True
        left = self.time_left_ms()
        if left is not None and left <= 0:
            return True
        return self.count is not None and self.position >= self.count

    def next_question(self) -> Question | None:
        """The next question, or None when the drill is over."""
        if self.over:
            return None
        if self._started_ns is None:
            self._started_ns = self.clock()
        if self._plan is not None:
            q = self._plan[self.position]
        elif self.mode == REVIEW:
            q = self._review(self.position)
        else:
            q = self._fresh()
        self._current = q
        return q

    def _fresh(self) -> Question:
        names = [s.name for s in self.skills]
        w = self.weak.due(self.position, names)
        if w is not None:
            q, w.prepared = w.prepared or self._again(w), None
            return q
        if self._ahead is not None:
            q, self._ahead = self._ahead, None
            return q
        return self._new()

    def _review(self, slot: int) -> Question:
        """The question of the review's `slot`: its item's very situation, made once."""
        q = self._reviewed.get(slot)
        while q is None:
            skill_name, item, data = self._reviews[slot][:3]
            rng = random.Random(f"{self.seed}:review:{slot}")
            q = remake(self._by_name[skill_name], rng, self.rules, item, data)
            if q is None:  # today's rules cannot make it (changed since): the next one instead
                del self._reviews[slot]
                self.count = min(self.count or 0, len(self._reviews))
                if slot >= len(self._reviews):
                    raise ValueError(_("nothing is due for review under these rules"))
                continue
            self._reviewed[slot] = q
        return q

    def reviewed(self, q: Question) -> Reviewed | None:
        """What the review question `q` reviews (`Reviewed`); None for a question that reviews
        nothing."""
        wanted = q.data.get(REVIEWED)
        if self.mode != REVIEW or not isinstance(wanted, str):
            return None
        exact = q.data.get(ON_CATEGORY) is not True
        for entry in self._reviews:
            if (
                entry[0] == q.skill
                and entry[1] == q.item
                and situation(q.skill, entry[2]) == wanted
            ):
                return Reviewed(q.item, wanted, entry[3] if len(entry) > 3 else None, exact)
        return Reviewed(q.item, wanted, None, exact)

    def _again(self, w: _Weak) -> Question:
        again = made(self._by_name[w.skill], self._rng, self.rules, w.item)
        return again if again is not None else w.question

    def _new(self) -> Question:
        s = (
            self.skills[self._rng.randrange(len(self.skills))]
            if len(self.skills) > 1
            else self.skills[0]
        )
        q = made(s, self._rng, self.rules)
        assert q is not None
        return q

    def prefetch(self) -> Question | None:
        """Make the next question now, while the trainee reads this one (the app calls it once
        the question is on screen), so answering never waits for a question to be dealt; it is
        returned, so the table it shows can be drawn ahead too (None: no question to come).

        The next slot's weak item, if one is due, is already known: a miss schedules its item
        two or more questions on, never the very next one.
        """
        slot = self.position + (1 if self._current is not None else 0)
        if self.over or (self.count is not None and slot >= self.count):
            return None
        if self._plan is not None:
            return self._plan[slot]
        if self.mode == REVIEW:
            return self._review(slot)
        w = self.weak.due(slot, [s.name for s in self.skills])
        if w is not None:
            if w.prepared is None:
                w.prepared = self._again(w)
            return w.prepared
        if self._ahead is None:
            self._ahead = self._new()
        return self._ahead

    def answer(self, raw: str, response_ms: int) -> Answered:
        """Judge and store the answer to the current question at once.

        Raises `answers.Unreadable` (nothing scored or stored: the question stays open)
        and ValueError when there is no question to answer.
        """
        q = self._current
        if q is None:
            raise ValueError(_("there is no question to answer"))
        if self.time_limit_ms is not None and self.over:
            self._current = None
            raise DrillOver(
                _("time is up: the {duration} are over, this answer does not count").format(
                    duration=_duration(self.time_limit_ms)
                )
            )
        skill = self._by_name.get(q.skill) or SKILLS[q.skill]
        verdict = skill.check(q, raw)
        ms = max(0, int(response_ms))
        attempt_id = None
        if self.store is not None and self.session_id is not None:
            attempt_id = self.store.record(
                self.session_id,
                q.skill,
                q.item,
                q.data,
                raw.strip(),
                q.expected,
                verdict.correct,
                ms,
            )
        self._current = None
        done = Answered(self.position + 1, q, raw, verdict, ms, attempt_id)
        self.answered.append(done)
        self.correct += verdict.correct
        if self._plan is None and self.mode != REVIEW:
            self.weak.note(q, verdict.correct, done.number)
        return done

    def retell(self) -> None:
        """Say every question of the drill again in the current language (after a switch of
        language while it runs): the one asked, those made ahead, the exam's, the weak items
        due back, and the answers given — their verdicts in the new words, right or wrong as
        judged and stored. Nothing is asked, judged or stored again; the drill's place and
        clock are untouched."""

        told: dict[int, Question] = {}  # each question once, the same one wherever it is kept

        def again(q: Question) -> Question:
            if id(q) not in told:
                told[id(q)] = retold_review(q, self._skill(q.skill), self.rules)
            return told[id(q)]

        if self._plan is not None:
            self._plan = [again(q) for q in self._plan]
        self._reviewed = {slot: again(q) for slot, q in self._reviewed.items()}
        if self._current is not None:
            self._current = again(self._current)
        if self._ahead is not None:
            self._ahead = again(self._ahead)
        for w in self.weak.pending():
            w.question = again(w.question)
            if w.prepared is not None:
                w.prepared = again(w.prepared)
        answered = []
        for a in self.answered:
            q = again(a.question)
            verdict = reverdict(q, self._skill(q.skill), a.raw, a.verdict)
            answered.append(replace(a, question=q, verdict=verdict))
        self.answered = answered

    def why_unreadable(self, raw: str) -> str | None:
        """Why `raw` cannot be read as an answer to the question asked, in the current
        language (None when it can be, or nothing is asked). Nothing is judged or stored."""
        q = self._current
        if q is None:
            return None
        try:
            self._skill(q.skill).check(q, raw)
        except Unreadable as e:
            return str(e)
        return None

    def _skill(self, name: str) -> Skill:
        return self._by_name.get(name) or SKILLS[name]

    def finish(self) -> Summary:
        """End the drill (idempotent), close the session in the store, and sum it up."""
        if self._ended_ns is None:
            planned = self.planned
            if planned is not None and self.position < planned:
                left = self.time_left_ms()
                timed_out = left is not None and left <= 0
                self._stopped = STOPPED_BY_TIME if timed_out else STOPPED_EARLY
            self._ended_ns = self.clock()
            if self.store is not None and self.session_id is not None:
                self.store.end_session(self.session_id)
        return self.summary()

    def summary(self) -> Summary:
        done = self.answered
        times = [a.response_ms for a in done]
        lines = []
        for s in self.skills:
            mine = [a for a in done if a.question.skill == s.name]
            if not mine:
                continue
            lines.append(
                SkillLine(
                    s.name,
                    len(mine),
                    sum(a.verdict.correct for a in mine),
                    statistics.median(a.response_ms for a in mine),
                    s.target * 1000,
                )
            )
        missed = list(dict.fromkeys(a.question.item for a in done if not a.verdict.correct))
        work = tuple(dict.fromkeys([*self.weak.items, *missed]))
        correct = sum(a.verdict.correct for a in done)
        passed = None
        if self.mode == EXAM:
            # an exam ended before its last question is not passed, however well it began
            passed = bool(done) and len(done) == self.count and correct / len(done) >= EXAM_PASS
        return Summary(
            self.mode,
            len(done),
            correct,
            statistics.median(times) if times else None,
            max(done, key=lambda a: a.response_ms) if done else None,
            tuple(lines),
            work,
            self.elapsed_ms(),
            passed,
            self.seed,
            planned=self.planned,
            stopped=self._stopped,
            time_limit_ms=self.time_limit_ms,
            skills=tuple(s.name for s in self.skills),
            answered=tuple(done),
            unanswered=tuple(self._plan[len(done) :]) if self._plan is not None else (),
        )


def exam_questions(
    seed: int, rules: HouseRules, skills: Sequence[Skill] | None = None
) -> list[Question]:
    """The exam for `seed`: EXAM_PER_SKILL questions of every skill drillable under `rules`, in a
    seeded order. The same seed and rules always give the same exam."""
    chosen = [s for s in (skills or SKILLS.values()) if s.available(rules) is None]
    rng = random.Random(f"exam:{seed}")
    qs = [made(s, rng, rules) for s in chosen for _each in range(EXAM_PER_SKILL)]
    rng.shuffle(qs)
    return [q for q in qs if q is not None]


def exam_time_limit_s(questions: Sequence[Question]) -> int:
    """The time an exam of these questions allows, in whole minutes (as seconds): each
    question's target time × EXAM_TIME_FACTOR, summed and rounded up to the minute."""
    seconds = sum(SKILLS[q.skill].target for q in questions) * EXAM_TIME_FACTOR
    return max(1, math.ceil(seconds / 60 - 1e-9)) * 60


def exam_outline(rules: HouseRules, skills: Sequence[Skill]) -> tuple[int, int]:
    """How many questions the exam of these skills asks under `rules`, and its time limit in
    seconds — without making it."""
    chosen = [s for s in skills if s.available(rules) is None]
    seconds = sum(s.target for s in chosen) * EXAM_PER_SKILL * EXAM_TIME_FACTOR
    limit = max(1, math.ceil(seconds / 60 - 1e-9)) * 60 if chosen else 0
    return EXAM_PER_SKILL * len(chosen), limit


def _duration(ms: int) -> str:
    seconds = round(ms / 1000)
    if seconds % 60 or seconds <= 60:
        return ngettext("{count} second", "{count} seconds", seconds).format(count=seconds)
    minutes = seconds // 60
    return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)


def skills_spec(skills: Sequence[str], rules: HouseRules) -> str:
    """The skills as `resolve_skills` and the command line take them: `all` when they are every
    skill drillable under `rules`, else their names joined by commas."""
    every = [s.name for s in SKILLS.values() if s.available(rules) is None]
    if set(skills) == set(every):
        return "all"
    return ",".join(skills)


def exam_command(seed: int, skills: str, rules: HouseRules) -> str:
    """The command line that gives the same exam: `sabot drill all --mode exam --seed 42`."""
    words = ["sabot", "drill", skills, "--mode", EXAM, "--seed", str(seed)]
    if rules.preset != DEFAULT_PRESET:
        words += ["--preset", rules.preset]
    for name, value in rules.overrides().items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, tuple):
            text = " ".join(str(v) for v in value)
        else:
            text = "none" if value is None else str(value)
        words += ["--option", f"{name}={text}"]
    return " ".join(shlex.quote(w) for w in words)


@dataclass(frozen=True)
class ExamSetting:
    """An exam as an instructor sets it: a seed and the skills (`all`, or names)."""

    seed: int
    skills: str = "all"


def read_exam_setting(seed_text: str, skills_text: str = "") -> ExamSetting:
    """An exam from what an instructor typed or pasted: a seed (`42`) and the skills (`all`,
    `pay-even,chips`; empty: all), or a whole command line pasted in either field
    (`sabot drill all --mode exam --seed 42`). Raises ValueError with one sentence."""
    seed_text, skills_text = seed_text.strip(), skills_text.strip()
    for text in (seed_text, skills_text):
        if "--seed" in text or text.startswith("sabot"):
            return _exam_from_command(text)
    if not seed_text:
        raise ValueError(_("type the exam's seed: a whole number, such as 42"))
    if not seed_text.isdigit():
        raise ValueError(
            _("the seed is a whole number, such as 42, not {text}").format(text=repr(seed_text))
        )
    seed = int(seed_text)
    if seed > SEED_MAX:
        raise ValueError(
            _("the seed is a whole number from 0 to {max} (2^63 - 1)").format(max=SEED_MAX)
        )
    return ExamSetting(seed, skills_text.replace(" ", "") or "all")


def _exam_from_command(text: str) -> ExamSetting:
    try:
        words = shlex.split(text)
    except ValueError:
        raise ValueError(_("that command line has an unclosed quote")) from None
    if "--seed" not in words or words.index("--seed") + 1 >= len(words):
        raise ValueError(_("that command line gives no --seed: the exam needs one"))
    seed = words[words.index("--seed") + 1]
    if "drill" in words and words.index("drill") + 1 < len(words):
        skills = words[words.index("drill") + 1]
    else:
        skills = "all"
    if "--mode" in words and words[words.index("--mode") + 1 :][:1] != [EXAM]:
        raise ValueError(_("that command line is not an exam (--mode exam)"))
    return read_exam_setting(seed, skills)


def resolve_skills(spec: str, rules: HouseRules) -> list[Skill]:
    """`announce`, `pay-blackjack,chips`, `"Annoncer le point"`, or `all` (every skill drillable
    under the rules): each skill by its name or its title (`skill_named`)."""
    spec = spec.strip()
    if spec in ("all", "mixed", "*"):
        return [s for s in SKILLS.values() if s.available(rules) is None]
    return [SKILLS[skill_named(name)] for name in spec.split(",")]


def _folded(text: str) -> str:
    """A name as it is compared: case, accents, apostrophes and spaces aside, no end mark."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(bare.split()).strip(" ?!.")


def skill_titles(name: str) -> tuple[str, ...]:
    """A skill's title in every language Sabot speaks, English first."""
    from trainer.i18n import LANGUAGES, translated
    from trainer.practice.curriculum import INFO

    info = INFO.get(name)
    if info is None:
        return ()
    return tuple(dict.fromkeys(translated(info.english_title, lang) for lang in LANGUAGES))


def skill_named(text: str) -> str:
    """The skill `text` names: its name ("announce"), its title in English, French or Italian
    ("Annoncer le point"; case and accents aside), or the start of one of them that no other
    skill's shares ("annonc", "pay-bl"). ValueError with a sentence otherwise."""
    wanted = _folded(text)
    names: dict[str, set[str]] = {}  # each name and title, folded -> the skills it names
    for name in SKILLS:
        for said in (name, *skill_titles(name)):
            names.setdefault(_folded(said), set()).add(name)
    exact = names.get(wanted)
    if exact is not None and len(exact) == 1:
        return next(iter(exact))
    started = {n for said, skills in names.items() if said.startswith(wanted) for n in skills}
    if wanted and len(started) == 1:
        return next(iter(started))
    if wanted and started:
        raise ValueError(
            _("{name} names several skills: {skills}; type more of one").format(
                name=repr(text.strip()),
                skills=", ".join(SKILLS[n].title for n in SKILLS if n in started),
            )
        )
    raise ValueError(
        _(
            "unknown skill {name}: expected one of {skills}, a skill's title (sabot drill --list "
            "shows them), or all"
        ).format(name=repr(text.strip()), skills=", ".join(SKILLS))
    )
