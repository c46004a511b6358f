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

Who needs attention (`ATTENTION_*`), a reason each, in this order:

- no practice for `ATTENTION_IDLE_DAYS` (7) days, or none yet;
- the latest exam taken was failed: under the pass mark (one that reached it on fewer skills than
  readiness asks, an assigned exam of a few skills, is not a failure);
- readiness dropping: a skill whose accuracy over its last 30 answers is
  `ATTENTION_DROP_POINTS` (10) percentage points or more below the 30 before.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from trainer.history.assignments import Assignment, AssignmentResult, rank
from trainer.history.measures import MASTERY, OWN_FIGURES, MasteryRule
from trainer.history.progress_data import ExamResult, _exam, skill_title
from trainer.history.server_setup import INSTRUCTOR, TRAINEE
from trainer.history.stats import ratio, window_mastery
from trainer.i18n import _, format_duration, ngettext
from trainer.practice.drill import EXAM

if TYPE_CHECKING:
    from trainer.history.store import Store

ATTENTION_IDLE_DAYS: Final = 7
ATTENTION_DROP_POINTS: Final = 10
DAY_SECONDS: Final = 86400


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

    @property
    def recent_accuracy(self) -> float | None:
        return ratio(self.recent_correct, self.recent_attempts)

    @property
    def dropping(self) -> bool:
        """Accuracy over the window 10 points or more below the window before (both full)."""
        full = MASTERY.window
        if self.recent_attempts < full or self.previous_attempts < full:
            return False
        drop = Fraction(self.previous_correct, self.previous_attempts) - Fraction(
            self.recent_correct, self.recent_attempts
        )
        return drop * 100 >= ATTENTION_DROP_POINTS


@dataclass(frozen=True, slots=True)
class SeedExam:
    seed: int | None
    result: ExamResult


@dataclass(frozen=True, slots=True)
class TraineeRow:
    login: str
    cells: Mapping[str, SkillCell]  # one per skill of the view, in its order
    last_activity: datetime | None  # UTC
    exams: tuple[SeedExam, ...]  # oldest first
    ready: bool
    attention: tuple[str, ...]  # why the instructor should look, in words; empty: all well

    @property
    def mastered(self) -> int:
        return sum(1 for c in self.cells.values() if c.mastered)

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
    """A trainee's try at an exam as the class view says it: "ana 27/28 passed", "ana 9/28
    failed", or, the pass mark reached on fewer skills than readiness asks (an instructor's
    assigned exam of two skills, `ExamResult.scored`), "ana 4/4 passed on its skills, not every
    one" — each with the time it took ("ana 27/28 passed in 6 min 12 s")."""
    if result.passed:
        mark = _("{login} {correct}/{attempts} passed")
    elif result.scored:
        mark = _("{login} {correct}/{attempts} passed on its skills, not every one")
    else:
        mark = _("{login} {correct}/{attempts} failed")
    return taken_in(
        mark.format(login=login, correct=result.correct, attempts=result.attempts), result
    )


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

    @property
    def attention(self) -> tuple[TraineeRow, ...]:
        return tuple(t for t in self.trainees if t.attention)


# The trainees of the class: every login the server knows as one — a member of the trainees'
# role (`add_login`), practised or not — and every login with a profile (an instructor who
# practises too). Row security keeps a trainee's connection to its own profiles; the logins, in
# the server's catalogue, are kept to its own login here. Parameters: trainee, instructor.
_LOGINS: Final = """
SELECT owner FROM profile
UNION
SELECT r.rolname FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member
WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = %(trainee)s) AND r.rolcanlogin
    AND (r.rolname = session_user OR pg_has_role(session_user, %(instructor)s, 'MEMBER'))
"""

# Each trainee × skill: the last two windows of answers, read backwards from the newest along
# the index (owner, skill, id), so a cell costs at most 60 rows whatever the history's length
# (none for a trainee who has not answered yet: a row of empty cells all the same).
_CELLS: Final = f"""
WITH t AS ({_LOGINS}), k AS (SELECT unnest(%(skills)s::text[]) AS skill)
SELECT t.owner, k.skill, w.n, w.recent, w.recent_correct, w.recent_median, w.previous_correct,
    extract(epoch FROM w.last_at)
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
            WHERE a.owner = t.owner AND a.skill = k.skill AND s.interactive
                AND s.mode <> ALL(%(own)s::text[])
                AND EXISTS (SELECT 1 FROM profile p WHERE p.id = s.profile AND p.owner = s.owner)
            ORDER BY a.id DESC LIMIT %(two)s
        ) a
    ) x
) w
"""

_SESSIONS: Final = """
SELECT s.owner, extract(epoch FROM max(coalesce(s.ended, s.started)))
FROM session s JOIN profile p ON p.id = s.profile AND p.owner = s.owner GROUP BY s.owner
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
    f"x.n, x.correct, x.covered, x.ms, g.id\nFROM session s LEFT JOIN assignment g\n"
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


_ROLES: Final = {"trainee": TRAINEE, "instructor": INSTRUCTOR}


def class_logins(conn: Any) -> list[str]:
    """The logins of the class, in order (`_LOGINS`): an instructor's connection reads every
    trainee's, a trainee's only their own."""
    return [r[0] for r in conn.execute(f"SELECT * FROM ({_LOGINS}) l ORDER BY 1", _ROLES)]


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
    from trainer.history.server_exams import _ASSIGNMENT_COLUMNS, _assignment

    if tries_read is None and not has_assignments(conn):
        return ()
    assigned = [
        _assignment(r)
        for r in conn.execute(f"SELECT {_ASSIGNMENT_COLUMNS} FROM assignment ORDER BY id DESC")
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
    for owner, skill, n, recent, right, middle, before, at in conn.execute(
        _CELLS,
        {
            "skills": skills,
            "window": rule.window,
            "two": 2 * rule.window,
            "own": sorted(OWN_FIGURES),
            **_ROLES,
        },
    ):
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
        exams[owner].append(SeedExam(seed, result))
        if counted and counted[0] is not None:
            tries.append((counted[0], owner, sid, started, planned, n, right, covered, ms))
    rows = []
    for owner in sorted(cells):
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
                attention=attention(row_cells.values(), at, row_exams, now),
            )
        )
    logins = [r.login for r in rows]
    assignments = read_assignments(conn, logins, tries) if assigned else ()
    return ClassView(now, tuple(skills), tuple(rows), assignments)


def attention(
    cells: Sequence[SkillCell] | Any, last: float | None, exams: Sequence[SeedExam], now: float
) -> tuple[str, ...]:
    """Why a trainee needs the instructor's attention (the module docstring's rule)."""
    why = []
    if last is None:
        why.append(_("no practice yet"))
    elif now - last >= ATTENTION_IDLE_DAYS * DAY_SECONDS:
        days = int((now - last) // DAY_SECONDS)
        why.append(
            ngettext("no practice for {days} day", "no practice for {days} days", days).format(
                days=days
            )
        )
    taken = [e for e in exams if e.result.complete]
    if taken and not taken[-1].result.scored:
        e = taken[-1]
        if e.seed is None:
            failed = _("failed the latest exam: {correct} right of {attempts}")
        else:
            failed = _("failed the latest exam (seed {seed}): {correct} right of {attempts}")
        why.append(failed.format(seed=e.seed, correct=e.result.correct, attempts=e.result.attempts))
    for cell in cells:
        if cell.dropping:
            why.append(
                _(
                    "{skill}: accuracy {correct}/{attempts} over the last {attempts}, was "
                    "{before_correct}/{before_attempts} before"
                ).format(
                    skill=skill_title(cell.skill),
                    correct=cell.recent_correct,
                    attempts=cell.recent_attempts,
                    before_correct=cell.previous_correct,
                    before_attempts=cell.previous_attempts,
                )
            )
    return tuple(why)


def is_instructor(url: str) -> bool:
    """Whether `url`'s login is an instructor of the school (a member of its role)."""
    from trainer.history.server_setup import INSTRUCTOR, _connect

    with _connect(url) as conn:
        row = conn.execute(
            "SELECT pg_has_role(session_user, %s, 'MEMBER')", (INSTRUCTOR,)
        ).fetchone()
    return bool(row and row[0])


def instructor_login(url: str, timeout: int = 10) -> str | None:
    """The login `url` connects as when it is an instructor's of the school (a member of its
    role), else None (`ServerError`: the server cannot be reached within `timeout` seconds)."""
    from trainer.history.server_setup import INSTRUCTOR, _connect

    with _connect(url, timeout=timeout) as conn:
        row = conn.execute(
            "SELECT session_user, pg_has_role(session_user, %s, 'MEMBER')", (INSTRUCTOR,)
        ).fetchone()
    return str(row[0]) if row and row[1] else None


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
