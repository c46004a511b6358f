"""The instructor's class view of a school's server: every trainee × every skill, last activity,
exam results by seed, and who needs attention — computed by aggregates on the server, never by
reading a trainee's attempts into Python.

Row security decides whose rows a connection sees (`trainer.history.server_setup`): an
instructor's login reads every trainee, a trainee's only their own. A trainee is a login (the
`owner` of the rows), whatever profiles they made under it.

Definitions (the same as a trainee's own progress view, `trainer.history.stats` and
`trainer.history.progress_data`):

- A cell is one trainee's figures on one skill over the mastery window: the last
  `MASTERY.window` (30) answers, their right answers and median time (type-7 interpolation,
  PostgreSQL's `percentile_cont`, as `stats.quantile`). Piped answers (a session started with
  `interactive` false) count for nothing, as everywhere else, and neither do a deal shoe's steps
  (`measures.OWN_FIGURES`): a drill skill's cell is its own questions'.
- Mastered: `stats.window_mastery` — at least 50 answers in all, and over the last 30 at least
  95 % right and a median at or under the skill's target. The server counts a trainee's answers
  to a skill only up to the 60 it reads (two windows), enough to tell whether 50 were reached.
- An exam is an ended session of mode "exam"; passed as `progress_data.ExamResult.passed`.
  Exams are grouped by their seed: the same questions for everyone who took that seed. How
  long a try took is its answers' times summed (`ExamResult.duration_ms`), as on the PC.
- Ready: every required skill mastered and an exam passed (`progress_data.readiness`).
- The trainees: every login of the class — a member of the trainees' role, whether or not it
  has answered yet (its cells empty, "no attempt yet") — and any login with a profile.
- Last activity: the latest answer, or the latest session started or ended.
- Only rows whose owners agree count: an answer in a session of its own login, a session under
  a profile of its own login. The server refuses any other since schema version 5
  (`trainer.history.server_setup`); one written before is kept there and counted nowhere.
- Assigned exams (`trainer.history.assignments`): every one on the server, newest first, with
  one result per trainee: the tries that count (an ended exam session taken for it, on its seed,
  typed, answered at least once, started inside its window of days) and the best of them,
  ranked as `rank`; its required skills are the assignment's own. The server sums each try's
  answers, in the same reading as the exams by seed; Python only ranks the tries.

A cell's figures stand on enough answers once its window is full (`MASTERY.window`, the 30
answers the mastery rule judges accuracy and speed over): a cell on fewer is read as too few,
neither weak nor strong. Its speed is met when its median is at or under the skill's target
(`stats.over_target`): slowness is half of mastery.

Who needs attention (`ATTENTION_*`), a reason each (`Reason`, its kind for whoever sorts them), in
this order, each said in one line:

- no practice this week: none for `ATTENTION_IDLE_DAYS` (7) days, or none yet;
- weak: skills whose full window is evidence of an accuracy under the mastery's (95 %), each
  with its accuracy (a skill falling is said as falling, not again as weak): a trainee at 95 %
  would get that few right or fewer less than one time in 40 (`measures.clearly_under`, the
  exact binomial test; the exact 95 % interval's upper bound under 95 %) — over 30 answers, 25
  right (83 %) or fewer. Why not every window under 95 %: a trainee who answers 95 % right has 28
  or fewer of 30 nearly half the time (27 or fewer one time in five), so "under 95 %" flagged
  nearly a whole class of good trainees (37 of the screenshots' class of 40, most at 90-93 %, and
  every one of a generated class at 95 %), and those at 46 % drowned among them. A 90 % window is
  weak over enough answers (89 of 100 is), not over 30. Why exact, not the Wilson interval: its
  95 % leaves 26 of 30 under the mark, which a trainee at 95 % gets one time in 16 — over twenty
  skills, most of a class at the mark would have one. The rule is `SkillCell.weak`, once: the
  attention line and the heat map's colour both read it;
- falling: a skill whose accuracy this week (the 7 days before the view's moment) is
  `ATTENTION_DROP_POINTS` (10) percentage points or more below the week before, each week on its
  latest full window (its last 30 answers, as mastery judges) — a week against a week, not the
  last 30 answers against the 30 before, which a trainee who practised much at a low level has
  both already bad; a window each, so that a week read costs 30 rows however much was practised.
  The same noise lives there (a trainee at 95 % in both weeks drops 10 points between two windows
  of 30 one skill in fifteen: most of a class over twenty skills), so the fall must be evidence
  too: were both windows one trainee's at one accuracy, their wrong answers would split so
  unevenly less than one time in 40 (`measures.clearly_fell`, Fisher's exact test) — over 30
  answers each, 100 % → 80 % or lower, 96 % → 73 %. A smaller fall to a weak accuracy is said
  as weak;
- slow everywhere: nothing mastered, and over the target on every skill judged, at least
  `ATTENTION_SLOW_SKILLS` (2) of them;
- the latest exam taken (by when it started; one under way, started less than the longest time
  limit ago, not yet) was failed: under the pass mark (one that reached it on fewer skills than
  readiness asks, an assigned exam of a few skills, is not a failure);
- unfinished: exams started this week and left incomplete (ended before their questions were
  all answered, or never ended), with no complete try of the same seed since;
- an assigned exam open and not yet taken, its last day within `ATTENTION_DUE_DAYS` (3) days
  (today, tomorrow or the day after).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from trainer.history.assignments import (
    OPEN,
    TIME_LIMIT_MAX_S,
    Assignment,
    AssignmentResult,
    rank,
)
from trainer.history.measures import (
    DAY_SECONDS,
    MASTERY,
    OWN_FIGURES,
    MasteryRule,
    clearly_fell,
    clearly_under,
)
from trainer.history.progress_data import ExamResult, _exam
from trainer.history.server_setup import INSTRUCTOR
from trainer.history.stats import over_target, ratio, window_mastery
from trainer.i18n import _, format_date, format_duration, format_percent, ngettext, pgettext
from trainer.practice.curriculum import skill_title
from trainer.practice.drill import EXAM

if TYPE_CHECKING:
    from trainer.history.store import Store

ATTENTION_IDLE_DAYS: Final = 7
ATTENTION_DROP_POINTS: Final = 10
ATTENTION_SLOW_SKILLS: Final = 2
ATTENTION_DUE_DAYS: Final = 3
WEEK_SECONDS: Final = 7 * DAY_SECONDS

# The kinds of reason (`Reason.kind`), in the order they are said
IDLE: Final = "idle"
WEAK: Final = "weak"
FALLING: Final = "falling"
SLOW: Final = "slow"
FAILED: Final = "failed"
UNFINISHED: Final = "unfinished"
DUE: Final = "due"


# How grave a reason other than accuracy is, as an accuracy would be (chosen): no practice, slow
# everywhere, a failed exam as half right; an exam left unfinished or not taken as all but there.
_GRAVITY: Final = {IDLE: 0.5, SLOW: 0.5, FAILED: 0.5, UNFINISHED: 0.9, DUE: 0.9}


def urgency(row: TraineeRow) -> tuple[float, int, str]:
    """How a trainee who needs attention ranks among them, the most in need first: by the gravest
    of their reasons — a weak or falling skill by its accuracy (this week's for a fall), the others
    as `_GRAVITY` weighs them — then the more kinds of reason, the sooner."""
    kinds = {getattr(r, "kind", None) for r in row.attention}
    grave = [_GRAVITY[k] for k in kinds if k in _GRAVITY]
    for c in row.cells.values():
        if c.falling:
            grave.append(c.week_correct / c.week_attempts)
        elif c.weak:
            grave.append(c.recent_correct / c.recent_attempts)
    return (min(grave, default=1.0), -len(kinds), row.login)


def floor_percent(correct: int, attempts: int) -> str:
    """Right answers as a whole percentage rounded down, as the mastery rule counts: 94.9 % right
    is not 95 %."""
    return format_percent(correct * 100 // attempts / 100)


@dataclass(frozen=True, slots=True)
class SkillCell:
    skill: str
    attempts: int  # answers counted, up to two windows (60): enough to tell the 50 of mastery
    recent_attempts: int  # the window: the last 30 (or fewer)
    recent_correct: int
    recent_median_ms: float | None
    previous_attempts: int  # the 30 before the window (or fewer)
    previous_correct: int
    target_s: float | None
    mastered: bool
    week_attempts: int = 0  # the window of this week: the last 30 (or fewer) of the 7 days
    week_correct: int = 0  # before the view's moment
    last_week_attempts: int = 0  # the window of the 7 days before those
    last_week_correct: int = 0

    @property
    def recent_accuracy(self) -> float | None:
        return ratio(self.recent_correct, self.recent_attempts)

    @property
    def judged(self) -> bool:
        """Whether its figures stand on enough answers: a full window."""
        return self.recent_attempts >= MASTERY.window

    @property
    def too_few(self) -> bool:
        """Practised, on fewer answers than a window: too few to read as weak or strong."""
        return 0 < self.recent_attempts < MASTERY.window

    @property
    def slow(self) -> bool | None:
        """Whether its median is over the skill's target (None: no median or no target)."""
        if self.recent_median_ms is None or self.target_s is None:
            return None
        return over_target(self.recent_median_ms, self.target_s)

    @property
    def weak(self) -> bool:
        """A full window that is evidence of an accuracy under the mastery's (the module
        docstring's rule): 25 right of 30 or fewer."""
        return self.judged and clearly_under(
            self.recent_correct, self.recent_attempts, MASTERY.accuracy
        )

    @property
    def falling(self) -> bool:
        """This week's accuracy `ATTENTION_DROP_POINTS` or more below last week's, each week on
        its last window (`MASTERY.window` answers), full, and the fall evidence, not noise
        (`measures.clearly_fell`)."""
        full = MASTERY.window
        if self.week_attempts < full or self.last_week_attempts < full:
            return False
        drop = Fraction(self.last_week_correct, self.last_week_attempts) - Fraction(
            self.week_correct, self.week_attempts
        )
        return drop * 100 >= ATTENTION_DROP_POINTS and clearly_fell(
            self.last_week_correct, self.last_week_attempts, self.week_correct, self.week_attempts
        )

    def gaps(self, rule: MasteryRule = MASTERY) -> tuple[str, ...]:
        """What stands between the skill and mastery, a word or two each, as the progress view's
        Readiness tab says them (`progress_data.mastery_brief`); empty when mastered."""
        if self.mastered:
            return ()
        if not self.attempts:
            return (pgettext("what a skill lacks for mastery", "never practised"),)
        words = []
        if self.target_s is None:
            words.append(pgettext("what a skill lacks for mastery", "no target"))
        if self.attempts < rule.min_attempts:
            more = rule.min_attempts - self.attempts
            words.append(
                ngettext("{count} more attempt", "{count} more attempts", more).format(count=more)
            )
        if self.recent_attempts and (
            Fraction(self.recent_correct, self.recent_attempts) < rule.accuracy
        ):
            words.append(pgettext("what a skill lacks for mastery", "accuracy"))
        if self.slow:
            words.append(pgettext("what a skill lacks for mastery", "speed"))
        return tuple(words) or (pgettext("what a skill lacks for mastery", "not yet"),)


# The most right answers of a full window that read weak (`SkillCell.weak`): 25 of 30, said in
# the attention line so that the instructor knows where the line is drawn
WEAK_AT_MOST: Final = max(
    (k for k in range(MASTERY.window + 1) if clearly_under(k, MASTERY.window, MASTERY.accuracy)),
    default=0,
)


def weak_line() -> dict[str, Any]:
    """Where the weak rule draws its line, as the sentences that say it fill it in: `needed`
    (the mastery's accuracy, "95%"), `bound` (the most right answers that read weak, "83%") and
    `count` (the window, 30)."""
    return {
        "needed": format_percent(float(MASTERY.accuracy)),
        "bound": floor_percent(WEAK_AT_MOST, MASTERY.window),
        "count": MASTERY.window,
    }


class Reason(str):
    """Why a trainee needs the instructor's attention, in words — a text wherever one goes —
    with its kind (`IDLE`, `WEAK`, …) for whoever sorts or counts them."""

    kind: str

    def __new__(cls, text: str, kind: str) -> Reason:
        made = super().__new__(cls, text)
        made.kind = kind
        return made


@dataclass(frozen=True, slots=True)
class SkillAverage:
    """The class on one skill: the trainees whose figures on it stand on a full window, their
    right answers over those windows, how many of those are slow; how many trainees mastered it."""

    trainees: int
    correct: int
    attempts: int
    slow: int
    mastered: int

    @property
    def accuracy(self) -> float | None:
        return ratio(self.correct, self.attempts)


@dataclass(frozen=True, slots=True)
class SeedExam:
    seed: int | None
    result: ExamResult
    assignment: int | None = None  # the assigned exam it is a try at (None: the trainee's own)


@dataclass(frozen=True, slots=True)
class TraineeRow:
    login: str
    cells: Mapping[str, SkillCell]  # one per skill of the view, in its order
    last_activity: datetime | None  # UTC
    exams: tuple[SeedExam, ...]  # oldest first
    ready: bool
    attention: tuple[str, ...]  # why the instructor should look, in words; empty: all well
    # the assigned exams open, not taken by this trainee, their last day near (`ATTENTION_DUE_DAYS`)
    due: tuple[Assignment, ...] = ()

    @property
    def mastered(self) -> int:
        return sum(1 for c in self.cells.values() if c.mastered)

    def missing(self, required: Sequence[str]) -> tuple[tuple[SkillCell, ...], bool]:
        """What readiness still asks of this trainee: the cells of the `required` skills not
        mastered, and whether an exam is still to pass."""
        cells = tuple(
            self.cells.get(s) or SkillCell(s, 0, 0, 0, None, 0, 0, None, False) for s in required
        )
        exam = not any(e.result.passed for e in self.exams)
        return tuple(c for c in cells if not c.mastered), exam

    @property
    def attempted(self) -> bool:
        """Whether the trainee has answered anything the view counts (a login of the class
        with no attempt yet shows all the same, its cells empty)."""
        return bool(self.exams) or any(c.attempts for c in self.cells.values())

    def best_by_seed(self) -> dict[int | None, ExamResult]:
        """Per seed, the first exam passed, else the best try (complete first, then accuracy)."""
        best: dict[int | None, ExamResult] = {}
        for e in self.exams:
            held = best.get(e.seed)
            if held is None or rank(e.result) > rank(held):
                best[e.seed] = e.result
        return best


def exam_mark(login: str, result: ExamResult) -> str:
    """A trainee's try at an exam as the class view says it, its verdict `exams.try_words`'s
    (the one every tab says): "ana: passed 27/28", "ana: failed 9/28", "ana: incomplete: 7
    right, 9 of 28 answered" — each with the time it took ("ana: passed 27/28 in 6 min 12 s")."""
    from trainer.history.exams import try_words

    return taken_in(_("{login}: {result}").format(login=login, result=try_words(result)), result)


def taken_in(text: str, result: ExamResult) -> str:
    """`text`, a try at an exam in words, with how long it took (`ExamResult.duration_ms`):
    "ana 27/28 passed in 6 min 12 s"; `text` alone when that is not known."""
    if result.duration_ms is None:
        return text
    return _("{result} in {time}").format(result=text, time=format_duration(result.duration_ms))


@dataclass(frozen=True, slots=True)
class ClassView:
    now: float  # unix seconds the view was read at
    skills: tuple[str, ...]
    trainees: tuple[TraineeRow, ...]  # by login
    # every assigned exam, newest first, with one result per trainee (in the order of trainees)
    assignments: tuple[tuple[Assignment, tuple[AssignmentResult, ...]], ...] = ()
    required: tuple[str, ...] | None = None  # the skills readiness asks for (None: all of them)

    @property
    def needed(self) -> tuple[str, ...]:
        """The skills readiness asks for."""
        return self.skills if self.required is None else self.required

    def average(self, skill: str) -> SkillAverage:
        """The class on `skill` (`SkillAverage`)."""
        cells = [t.cells[skill] for t in self.trainees if skill in t.cells]
        judged = [c for c in cells if c.judged]
        return SkillAverage(
            trainees=len(judged),
            correct=sum(c.recent_correct for c in judged),
            attempts=sum(c.recent_attempts for c in judged),
            slow=sum(1 for c in judged if c.slow),
            mastered=sum(1 for c in cells if c.mastered),
        )

    @property
    def ready(self) -> tuple[TraineeRow, ...]:
        return tuple(t for t in self.trainees if t.ready)

    def flagged(self, kind: str) -> tuple[TraineeRow, ...]:
        """The trainees with a reason of `kind` (`IDLE`, `WEAK`, …) to need attention."""
        return tuple(
            t for t in self.trainees if any(getattr(r, "kind", None) == kind for r in t.attention)
        )

    def exam_marks(self, seed: int | None) -> list[str]:
        """The best try of each trainee who took the exam of `seed`, in the order of trainees,
        as `exam_mark` says it."""
        marks = []
        for t in self.trainees:
            e = t.best_by_seed().get(seed)
            if e is not None:
                marks.append(exam_mark(t.login, e))
        return marks

    @property
    def seeds(self) -> tuple[int | None, ...]:
        """Every exam seed taken by someone, in order (None: an exam without a seed)."""
        seen = {e.seed for t in self.trainees for e in t.exams}
        return tuple(sorted(seen, key=lambda s: (s is None, s or 0)))

    def exam_groups(self) -> list[tuple[str, list[str]]]:
        """The exams taken, each named as the Assigned exams tab names it — an assigned exam by
        its title (`Assignment.label`), the tries at it together; a trainee's own exam by its
        seed, "exam 4242" — with the best try of each trainee who took it (`exam_mark`): the
        assigned exams newest first, then the others by seed."""
        from trainer.history.assignments import rank

        titled = {a.id: a for a, _results in self.assignments}
        best: dict[tuple[int, int | None], dict[str, ExamResult]] = {}
        for t in self.trainees:
            for e in t.exams:
                key = (0, -e.assignment) if e.assignment in titled else (1, e.seed)
                held = best.setdefault(key, {}).get(t.login)
                if held is None or rank(e.result) > rank(held):
                    best[key][t.login] = e.result
        groups = []
        for kind, key in sorted(best, key=lambda k: (k[0], k[1] is None, k[1] or 0)):
            if kind == 0:
                name = titled[-key].label  # type: ignore[operator]
            elif key is None:
                name = _("exam without a seed")
            else:
                name = _("exam {seed}").format(seed=key)
            results = best[kind, key]
            marks = [
                exam_mark(t.login, results[t.login]) for t in self.trainees if t.login in results
            ]
            groups.append((name, marks))
        return groups

    @property
    def attention(self) -> tuple[TraineeRow, ...]:
        return tuple(t for t in self.trainees if t.attention)

    @property
    def most_urgent(self) -> tuple[TraineeRow, ...]:
        """Those who need attention, the most in need first (`urgency`)."""
        return tuple(sorted(self.attention, key=urgency))


# The trainees of the class: every login this database knows as one — a trainee of its `member`
# table (`add_login`), practised or not — and every login with a profile (an instructor who
# practises too). Row security keeps a trainee's connection to its own profiles and its own
# line of the class. A login added to another database on the same server (the group roles are
# the server's) is not of this class.
_LOGINS: Final = """
SELECT owner FROM profile
UNION
SELECT login FROM member WHERE NOT instructor
"""

# The answers a cell counts: typed, not a deal shoe's steps (`OWN_FIGURES`), in a session of
# their own login under a profile of its own. `a` is the attempt, `t.owner` and `k.skill` the
# cell's trainee and skill.
_COUNTED: Final = """a.owner = t.owner AND a.skill = k.skill AND s.interactive
    AND s.mode <> ALL(%(own)s::text[])
    AND EXISTS (SELECT 1 FROM profile p WHERE p.id = s.profile AND p.owner = s.owner)"""


def _week_window(since: str, until: str) -> str:
    """A week's window of a cell: its last `MASTERY.window` answers from the moment `since` to
    `until` (parameters, unix seconds), read backwards from `until` along the index (owner,
    skill, at): at most a window's rows whatever the week held."""
    return f"""(
    SELECT count(*) AS n, count(*) FILTER (WHERE x.correct) AS correct FROM (
        SELECT a.correct FROM attempt a JOIN session s ON s.id = a.session AND s.owner = a.owner
        WHERE {_COUNTED}
            AND a.at >= to_timestamp(%({since})s) AND a.at < to_timestamp(%({until})s)
        ORDER BY a.at DESC, a.id DESC LIMIT %(window)s
    ) x
)"""


# Each trainee × skill: the last two windows of answers, read backwards from the newest along
# the index (owner, skill, id); and the window of this week (the 7 days before the view's
# moment) and of the week before, along (owner, skill, at). A cell costs at most 120 rows
# whatever the history's length (none for a trainee who has not answered yet: a row of empty
# cells all the same).
_CELLS: Final = f"""
WITH t AS ({_LOGINS}), k AS (SELECT unnest(%(skills)s::text[]) AS skill)
SELECT t.owner, k.skill, w.n, w.recent, w.recent_correct, w.recent_median, w.previous_correct,
    extract(epoch FROM w.last_at), this.n, this.correct, before.n, before.correct
FROM t CROSS JOIN k CROSS JOIN LATERAL (
    SELECT count(*) AS n,
        count(*) FILTER (WHERE x.r <= %(window)s) AS recent,
        count(*) FILTER (WHERE x.r <= %(window)s AND x.correct) AS recent_correct,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY x.ms) FILTER (WHERE x.r <= %(window)s)
            AS recent_median,
        count(*) FILTER (WHERE x.r > %(window)s AND x.correct) AS previous_correct,
        max(x.at) AS last_at
    FROM (
        SELECT a.correct, a.ms, a.at, row_number() OVER (ORDER BY a.id DESC) AS r
        FROM (
            SELECT a.id, a.correct, a.ms, a.at FROM attempt a
            JOIN session s ON s.id = a.session AND s.owner = a.owner
            WHERE {_COUNTED}
            ORDER BY a.id DESC LIMIT %(two)s
        ) a
    ) x
) w CROSS JOIN LATERAL {_week_window("week", "now")} this
CROSS JOIN LATERAL {_week_window("since", "week")} before
"""

# Each trainee's latest session started or ended, read backwards along the index (owner,
# coalesce(ended, started)): a row or two each, whatever the sessions' number.
_SESSIONS: Final = f"""
WITH t AS ({_LOGINS})
SELECT t.owner, extract(epoch FROM l.at) FROM t CROSS JOIN LATERAL (
    SELECT coalesce(s.ended, s.started) AS at FROM session s
    WHERE s.owner = t.owner
        AND EXISTS (SELECT 1 FROM profile p WHERE p.id = s.profile AND p.owner = s.owner)
    ORDER BY coalesce(s.ended, s.started) DESC LIMIT 1
) l
"""

# Each exam's answers summed up on their own, along attempt_session: the same rows as a join
# grouped by session, which the server read whole in session order first (~20 % slower).
_EXAMS: Final = """
SELECT s.owner, s.seed, s.id, extract(epoch FROM s.started), s.ended IS NOT NULL, s.planned,
    x.n, x.correct, x.covered, x.ms
FROM session s CROSS JOIN LATERAL (
    SELECT count(*) AS n, count(*) FILTER (WHERE a.correct) AS correct,
        array_agg(DISTINCT a.skill) AS covered, sum(a.ms) AS ms
    FROM attempt a WHERE a.session = s.id AND a.owner = s.owner
) x
WHERE s.mode = %(exam)s AND s.interactive AND x.n > 0
    AND EXISTS (SELECT 1 FROM profile p WHERE p.id = s.profile AND p.owner = s.owner)
ORDER BY s.id
"""


# A try at an assigned exam that counts: an exam above (typed, answered), ended, on the
# assignment's seed, started inside its window — of the server's calendar: a date cast to a
# moment is its midnight in the server's time zone.
_COUNTS: Final = """s.ended IS NOT NULL AND s.seed = g.seed
    AND s.started >= g.opens::timestamptz AND s.started < (g.closes + 1)::timestamptz"""

# The exams with the assignment each counts as a try at (NULL: none): one reading of the exams
# for both the exams by seed and the assigned exams.
_EXAMS_TRIES: Final = _EXAMS.replace(
    "x.n, x.correct, x.covered, x.ms\nFROM session s",
    f"x.n, x.correct, x.covered, x.ms, g.id, s.assignment\nFROM session s LEFT JOIN assignment g\n"
    f"    ON g.id = s.assignment AND {_COUNTS}",
)
assert _EXAMS_TRIES != _EXAMS

# The tries alone, for `sabot class URL exams`.
_TRIES: Final = f"""
SELECT g.id, s.owner, s.id, extract(epoch FROM s.started), s.planned, x.n, x.correct, x.covered,
    x.ms
FROM session s JOIN assignment g ON g.id = s.assignment CROSS JOIN LATERAL (
    SELECT count(*) AS n, count(*) FILTER (WHERE a.correct) AS correct,
        array_agg(DISTINCT a.skill) AS covered, sum(a.ms) AS ms
    FROM attempt a WHERE a.session = s.id AND a.owner = s.owner
) x
WHERE s.mode = %(exam)s AND s.interactive AND x.n > 0 AND {_COUNTS}
    AND EXISTS (SELECT 1 FROM profile p WHERE p.id = s.profile AND p.owner = s.owner)
ORDER BY s.id
"""


def class_logins(conn: Any) -> list[str]:
    """The logins of the class, in order (`_LOGINS`): an instructor's connection reads every
    trainee's, a trainee's only their own."""
    return [r[0] for r in conn.execute(f"SELECT * FROM ({_LOGINS}) l ORDER BY 1")]


def has_assignments(conn: Any) -> bool:
    """Whether the server knows assigned exams (schema version 4 on)."""
    row = conn.execute("SELECT to_regclass('assignment') IS NOT NULL").fetchone()
    return bool(row and row[0])


def read_assignments(
    conn: Any, logins: Sequence[str], tries_read: Sequence[Sequence[Any]] | None = None
) -> tuple[tuple[Assignment, tuple[AssignmentResult, ...]], ...]:
    """Every exam assigned on the server, newest first, each with the result of every login of
    `logins`, in that order (see the module docstring for which tries count). `tries_read`: the
    tries as _TRIES gives them, when the caller read them already (the class view)."""
    from trainer.history.server_exams import _assignment, columns

    if tries_read is None and not has_assignments(conn):
        return ()
    assigned = [
        _assignment(r)
        for r in conn.execute(f"SELECT {columns(conn)} FROM assignment ORDER BY id DESC")
    ]
    skills = {a.id: a.skills for a in assigned}
    tries: defaultdict[tuple[int, str], list[ExamResult]] = defaultdict(list)
    if tries_read is None:
        tries_read = conn.execute(_TRIES, {"exam": EXAM}).fetchall()
    for aid, owner, sid, started, planned, n, right, covered, ms in tries_read:
        result = _exam(sid, float(started), True, n, right, set(covered), skills[aid], planned, ms)
        tries[aid, owner].append(result)
    out = []
    for a in assigned:
        results = []
        for login in logins:
            if not a.for_login(login):  # a retake set for others
                continue
            taken = tries.get((a.id, login), [])
            best = None
            for t in taken:  # the first of the best, as the exams by seed
                if best is None or rank(t) > rank(best):
                    best = t
            results.append(AssignmentResult(login, len(taken), best))
        out.append((a, tuple(results)))
    return tuple(out)


def read_class(
    conn: Any,
    targets: Mapping[str, float],
    required: Sequence[str] | None = None,
    *,
    now: float,
    rule: MasteryRule = MASTERY,
) -> ClassView:
    """The class view from a psycopg connection to the school's server: one row per trainee of
    the class (`class_logins`: those who have not answered yet too, their cells empty), one
    cell per skill of `targets` (their target medians in seconds);
    `required` are the skills readiness asks for (default: all of them)."""
    skills = list(targets)
    need = skills if required is None else list(required)
    cells: defaultdict[str, dict[str, SkillCell]] = defaultdict(dict)
    last: dict[str, float] = {}
    for row in conn.execute(
        _CELLS,
        {
            "skills": skills,
            "window": rule.window,
            "two": 2 * rule.window,
            "own": sorted(OWN_FIGURES),
            "now": now,
            "week": now - WEEK_SECONDS,
            "since": now - 2 * WEEK_SECONDS,
        },
    ):
        owner, skill, n, recent, right, middle, before, at, *weeks = row
        week, week_right, last_week, last_week_right = weeks
        median_ms = None if middle is None else float(middle)
        target = targets.get(skill)
        cells[owner][skill] = SkillCell(
            skill=skill,
            attempts=n,
            recent_attempts=recent,
            recent_correct=right,
            recent_median_ms=median_ms,
            previous_attempts=n - recent,
            previous_correct=before,
            target_s=target,
            mastered=window_mastery(n, recent, right, median_ms, target, rule),
            week_attempts=week,
            week_correct=week_right,
            last_week_attempts=last_week,
            last_week_correct=last_week_right,
        )
        if at is not None:
            last[owner] = max(last.get(owner, 0.0), float(at))
    for owner, at in conn.execute(_SESSIONS):
        if at is not None:
            last[owner] = max(last.get(owner, 0.0), float(at))
    exams: defaultdict[str, list[SeedExam]] = defaultdict(list)
    assigned = has_assignments(conn)
    tries: list[tuple[Any, ...]] = []
    for owner, seed, sid, started, ended, planned, n, right, covered, ms, *counted in conn.execute(
        _EXAMS_TRIES if assigned else _EXAMS, {"exam": EXAM}
    ):
        result = _exam(sid, float(started), ended, n, right, set(covered), need, planned, ms)
        exams[owner].append(SeedExam(seed, result, counted[1] if counted else None))
        if counted and counted[0] is not None:
            tries.append((counted[0], owner, sid, started, planned, n, right, covered, ms))
    logins = sorted(cells)
    assignments = read_assignments(conn, logins, tries) if assigned else ()
    titles = {a.id: a.label for a, _results in assignments}
    due = due_exams(assignments, logins, now)
    rows = []
    for owner in logins:
        row_exams = tuple(exams.get(owner, ()))
        row_cells = cells[owner]
        at = last.get(owner)
        ready = (
            bool(need)
            and all(row_cells[s].mastered if s in row_cells else False for s in need)
            and any(e.result.passed for e in row_exams)
        )
        rows.append(
            TraineeRow(
                login=owner,
                cells={s: row_cells[s] for s in skills},
                last_activity=None if at is None else datetime.fromtimestamp(at, UTC),
                exams=row_exams,
                ready=ready,
                attention=attention(row_cells.values(), at, row_exams, now, due[owner], titles),
                due=due[owner],
            )
        )
    required_skills = None if required is None else tuple(need)
    return ClassView(now, tuple(skills), tuple(rows), assignments, required_skills)


def due_exams(
    assignments: Sequence[tuple[Assignment, Sequence[AssignmentResult]]],
    logins: Sequence[str],
    now: float,
) -> dict[str, tuple[Assignment, ...]]:
    """Per login, the assigned exams open on the day of `now`, not taken yet, whose last day is
    within `ATTENTION_DUE_DAYS` days, the nearest first."""
    today = date.fromtimestamp(now)
    due: dict[str, list[Assignment]] = {login: [] for login in logins}
    for a, results in assignments:
        if a.state(today) != OPEN or (a.closes - today).days >= ATTENTION_DUE_DAYS:
            continue
        for r in results:
            if not r.tries and r.login in due:
                due[r.login].append(a)
    return {login: tuple(sorted(d, key=lambda a: (a.closes, a.id))) for login, d in due.items()}


def attention(
    cells: Sequence[SkillCell] | Any,
    last: float | None,
    exams: Sequence[SeedExam],
    now: float,
    due: Sequence[Assignment] = (),
    titles: Mapping[int, str] | None = None,
) -> tuple[Reason, ...]:
    """Why a trainee needs the instructor's attention at the moment `now`, a line each, in the
    order of their kinds (the module docstring's rule)."""
    cells = list(cells)
    why = []
    if last is None:
        why.append(Reason(_("no practice yet"), IDLE))
    elif now - last >= ATTENTION_IDLE_DAYS * DAY_SECONDS:
        days = int((now - last) // DAY_SECONDS)
        idle = ngettext("no practice for {days} day", "no practice for {days} days", days)
        why.append(Reason(idle.format(days=days), IDLE))
    between = pgettext("between the items of a list", ", ")
    # the weakest first
    weak = sorted(
        (c for c in cells if c.weak and not c.falling),
        key=lambda c: Fraction(c.recent_correct, c.recent_attempts),
    )
    if weak:
        skills = between.join(
            _("{skill} {accuracy}").format(
                skill=skill_title(c.skill),
                accuracy=floor_percent(c.recent_correct, c.recent_attempts),
            )
            for c in weak
        )
        said = _("weak (clearly under {needed}: {bound} or less over the last {count}): {skills}")
        said = said.format(skills=skills, **weak_line())
        why.append(Reason(said, WEAK))
    falling = [c for c in cells if c.falling]
    if falling:
        skills = between.join(
            _("{skill} {before} → {now}").format(
                skill=skill_title(c.skill),
                before=floor_percent(c.last_week_correct, c.last_week_attempts),
                now=floor_percent(c.week_correct, c.week_attempts),
            )
            for c in falling
        )
        said = _("falling since last week (each week's last {count}): {skills}").format(
            count=MASTERY.window, skills=skills
        )
        why.append(Reason(said, FALLING))
    judged = [c for c in cells if c.judged and c.slow is not None]
    if (
        len(judged) >= ATTENTION_SLOW_SKILLS
        and all(c.slow for c in judged)
        and not any(c.mastered for c in cells)
    ):
        slow = ngettext(
            "nothing mastered, and slower than the target on the {count} skill practised",
            "nothing mastered, and slower than the target on all {count} skills practised",
            len(judged),
        )
        why.append(Reason(slow.format(count=len(judged)), SLOW))
    # the tries over, oldest first: one under way (not ended, started less than the longest
    # time limit ago) is not yet a try to judge
    over = sorted(
        (e for e in exams if e.result.ended or now - e.result.started >= TIME_LIMIT_MAX_S),
        key=lambda e: (e.result.started, e.result.session_id),
    )
    if over and over[-1].result.complete and not over[-1].result.scored:
        e = over[-1]
        title = (titles or {}).get(e.assignment) if e.assignment is not None else None
        if title is not None:  # an assigned exam: by its title, as every tab names it
            failed = _("failed the latest exam, {title}: {correct} right of {attempts}")
        elif e.seed is None:
            failed = _("failed the latest exam: {correct} right of {attempts}")
        else:
            failed = _("failed the latest exam (seed {seed}): {correct} right of {attempts}")
        said = failed.format(
            title=title, seed=e.seed, correct=e.result.correct, attempts=e.result.attempts
        )
        why.append(Reason(said, FAILED))
    unfinished = [
        e
        for n, e in enumerate(over)
        if not e.result.complete
        and now - e.result.started < ATTENTION_IDLE_DAYS * DAY_SECONDS
        and not any(later.seed == e.seed and later.result.complete for later in over[n + 1 :])
    ]
    if unfinished:
        latest = unfinished[-1].result
        if latest.planned is None:
            left = ngettext(
                "{count} exam left unfinished this week, the latest after {answered} answers",
                "{count} exams left unfinished this week, the latest after {answered} answers",
                len(unfinished),
            )
        else:
            left = ngettext(
                "{count} exam left unfinished this week, the latest at {answered} answers "
                "of {planned}",
                "{count} exams left unfinished this week, the latest at {answered} answers "
                "of {planned}",
                len(unfinished),
            )
        said = left.format(count=len(unfinished), answered=latest.attempts, planned=latest.planned)
        why.append(Reason(said, UNFINISHED))
    today = date.fromtimestamp(now)
    for a in due:
        days = (a.closes - today).days
        if days == 0:
            day = pgettext("an assigned exam's last day", "today")
        elif days == 1:
            day = pgettext("an assigned exam's last day", "tomorrow")
        else:
            day = format_date(a.closes, short=True, year=False)
        said = _("assigned exam not taken yet: {exam}, its last day {day}").format(
            exam=a.label, day=day
        )
        why.append(Reason(said, DUE))
    return tuple(why)


def is_instructor(url: str) -> bool:
    """Whether `url`'s login is an instructor of this database's class (`instructor_here`)."""
    from trainer.history.server_setup import _connect

    with _connect(url) as conn:
        return instructor_here(conn)


def instructor_here(conn: Any) -> bool:
    """Whether the login of `conn` is an instructor of this database's class (`member`; on a
    server of before version 6, a member of the instructors' role): the group roles are the
    whole server's, so another database's instructor is none of this one's."""

    if conn.execute("SELECT to_regclass('member') IS NOT NULL").fetchone()[0]:
        row = conn.execute("SELECT sabot_member(true)").fetchone()
    else:
        row = conn.execute(
            "SELECT pg_has_role(session_user, %s, 'MEMBER')", (INSTRUCTOR,)
        ).fetchone()
    return bool(row and row[0])


def instructor_login(url: str, timeout: int = 10) -> str | None:
    """The login `url` connects as when it is an instructor's of this database's class
    (`instructor_here`), else None (`ServerError`: the server cannot be reached within
    `timeout` seconds)."""
    from trainer.history.server_setup import _connect

    with _connect(url, timeout=timeout) as conn:
        login = conn.execute("SELECT session_user").fetchone()[0]
        return str(login) if instructor_here(conn) else None


def instructor_refusal(login: str) -> str:
    """Why an instructor's login is not offered practice, in one sentence: the server keeps
    trainees' answers only (row security: an instructor reads the class and changes nothing)."""
    return _(
        "{login} is an instructor's login: the school's server keeps no answers of it. To "
        "practise, use a trainee's login, or Sabot on this PC alone (without a database_url)."
    ).format(login=login)


def class_view(
    url: str,
    targets: Mapping[str, float],
    required: Sequence[str] | None = None,
    *,
    now: float,
) -> ClassView:
    """The class view read from the server `url` names (`ServerError`: cannot be reached)."""
    from trainer.history.server_setup import _connect

    with _connect(url) as conn:
        # The cells' query is costed far above the server's JIT threshold (560 short index
        # scans estimated as long ones): compiling it took 45-55 ms of a read of ~200, for a
        # query run once. Off for this connection, which reads the class and closes.
        conn.execute("SET jit = off")
        # Row security's check of a trainee's sessions (`sabot_member`) makes the planner cache
        # a whole trainee's sessions for each answer read (a Materialize node) rather than look
        # the one session up by its key: 0.35-0.5 s against 1.1-1.2 s at 40 x 20,000 answers.
        conn.execute("SET enable_material = off")
        return read_class(conn, targets, required, now=now)


def assignment_results(url: str) -> tuple[tuple[Assignment, tuple[AssignmentResult, ...]], ...]:
    """The assigned exams read on the server `url` names, newest first, each with the result of
    every trainee of the class (`class_logins`: an instructor's login sees them all, a
    trainee's only their own) — the class view's `assignments` without the rest of it."""
    from trainer.history.server_setup import _connect

    with _connect(url) as conn:
        return read_assignments(conn, class_logins(conn))


def trainee_history(url: str, login: str, path: Path, skipped: list[str] | None = None) -> Store:
    """One trainee's history, read on the server through `url`'s login (an instructor's reads
    every row), copied into a SQLite history at `path` (a new file), for the progress view to
    read as it reads a trainee's own. The copy is the instructor's to throw away. A row it
    cannot take (a trainee can write any row on the server) is left out, and named in
    `skipped`: the rest is copied."""
    from trainer.history.server_reads import checked_session, skipped_row, start_as_on_server
    from trainer.history.server_setup import _connect
    from trainer.history.store import Store

    moment: list[Any] = [0.0]  # the server's numeric seconds, read as floats by the clock
    local = Store.open(path, clock=lambda: float(moment[0]))
    try:
        with _connect(url) as conn:
            assigned = "s.assignment" if has_assignments(conn) else "NULL::bigint"
            sessions = conn.execute(
                f"""SELECT s.id, s.uid::text, p.name, extract(epoch FROM p.created), s.mode,
                    s.skills, s.preset,
                    s.seed, extract(epoch FROM s.started), extract(epoch FROM s.ended),
                    s.planned, s.interactive, {assigned}
                FROM session s JOIN profile p ON p.id = s.profile AND p.owner = s.owner
                WHERE s.owner = %s ORDER BY s.id""",
                (login,),
            ).fetchall()
            answers: defaultdict[int, list[tuple[Any, ...]]] = defaultdict(list)
            with conn.cursor() as cur:
                cur.execute(
                    """SELECT a.session, a.skill, a.item, a.question, a.answer, a.expected,
                        a.correct, a.ms, extract(epoch FROM a.at)
                    FROM attempt a JOIN session s ON s.id = a.session AND s.owner = a.owner
                    WHERE a.owner = %s ORDER BY a.id""",
                    (login,),
                )
                for row in cur:
                    answers[row[0]].append(row[1:])
        left_out = skipped if skipped is not None else []
        with local.batch():  # one transaction: the checks come before each write
            for sid, uid, *fields in sessions:
                name = uid or sid
                try:
                    session = checked_session(fields)
                    here = start_as_on_server(local, moment, session)
                except (TypeError, ValueError) as error:  # the session's: none of it copied
                    left_out.append(skipped_row("session", name, error))
                    continue
                for *answer, at in answers[sid]:
                    moment[0] = at
                    try:
                        local.record(here, *answer)
                    except (TypeError, ValueError) as error:  # before writing it
                        left_out.append(skipped_row("attempt", name, error))
                if session.ended is not None:
                    moment[0] = session.ended
                    local.end_session(here)
    except BaseException:
        local.close()
        raise
    return local


def throw_away(path: Path) -> None:
    """Delete the copy of a history at `path` (`trainee_history`'s, with its log and the review
    schedule's cache beside it, trainer.history.review.cache_path), and its folder once empty."""
    from trainer.history.review import CACHE_ENDING

    sidecars = ("-wal", "-shm", "-journal", CACHE_ENDING)
    for part in (path, *(Path(f"{path}{end}") for end in sidecars)):
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass  # still open elsewhere (Windows): the system's temporary files keep it
    try:
        path.parent.rmdir()
    except OSError:
        pass  # another trainee's copy is still open
