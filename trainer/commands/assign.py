"""`sabot class URL assign|exams|withdraw`: exams an instructor assigns to the class of a school's
server — the skills, the seed, the time limit and the days it may be taken — the results of each
trainee, and withdrawing one (`trainer.history.assignments`, `trainer.history.postgres`)."""

from __future__ import annotations

import sys
from datetime import date
from typing import Any

from trainer.commands.common import (
    EXIT_USAGE,
    add_preset_argument,
    assignment_arg,
    seed_arg,
    write_json,
)
from trainer.i18n import _, ngettext, pgettext


def _fail(text: str, status: int = 1) -> int:
    print(f"sabot class: {text}", file=sys.stderr)
    return status


def _state(state: str) -> str:
    if state == "upcoming":
        return pgettext("assigned exam", "upcoming")
    if state == "open":
        return pgettext("assigned exam", "open")
    return pgettext("assigned exam", "closed")


def assignment_line(a: Any, today: date) -> str:
    """`12  Week 1 — open, 7 Dec 2026 to 11 Dec 2026; seed 42, casino-fr, 15 min: Announce the
    point, Pay even money` (the skills by their titles in the language)."""
    from trainer.history.assignments import describe_limit
    from trainer.i18n import format_date
    from trainer.practice.curriculum import skill_title

    line = _(
        "{id}  {title} — {state}, {opens} to {closes}; seed {seed}, {preset}, {limit}: {skills}"
    ).format(
        id=a.id,
        title=a.label,
        state=pgettext("assigned exam", "withdrawn")
        if a.withdrawn is not None
        else _state(a.state(today)),
        opens=format_date(a.opens, short=True),  # "7 déc. 2026"; --json gives ISO days
        closes=format_date(a.closes, short=True),
        seed=a.seed,
        preset=a.preset,
        limit=describe_limit(a.time_limit_s),
        skills=", ".join(skill_title(s) for s in a.skills),  # --json gives the keys
    )
    if a.logins:
        line += " " + _("(a retake for {logins})").format(logins=", ".join(a.logins))
    return line


def result_text(r: Any) -> str:
    """`passed 26/28 in 6 min 12 s (2 tries)`, `not taken`: the verdict of every tab
    (`exams.try_words`)."""
    if r.best is None:
        return pgettext("assigned exam", "not taken")
    from trainer.history.classview import taken_in
    from trainer.history.exams import try_words

    tries = ngettext("{count} try", "{count} tries", r.tries).format(count=r.tries)
    return _("{result} ({tries})").format(result=taken_in(try_words(r.best), r.best), tries=tries)


def exams_lines(assigned: Any, today: date) -> list[str]:
    """Each assignment, newest first, with a line per trainee: the best try, or not taken."""
    if not assigned:
        return [_("No exam is assigned on this server.")]
    out: list[str] = []
    for a, results in assigned:
        if out:
            out.append("")
        out.append(assignment_line(a, today))
        width = max((len(r.login) for r in results), default=0)
        out += [f"    {r.login.ljust(width)}  {result_text(r)}" for r in results]
        if not results:
            out.append("    " + _("no trainee has a login on this server yet"))
    return out


def assignments_json(assigned: Any, today: date) -> list[dict[str, Any]]:
    from trainer.history.exams import verdict

    return [
        {
            "id": a.id,
            "title": a.title,
            "skills": list(a.skills),
            "seed": a.seed,
            "preset": a.preset,
            "time_limit_s": a.time_limit_s,
            "opens": a.opens.isoformat(),
            "closes": a.closes.isoformat(),
            "state": a.state(today),
            "withdrawn": a.withdrawn is not None,
            "trainees": list(a.logins) or None,
            "results": [
                {
                    "login": r.login,
                    "tries": r.tries,
                    "best": None
                    if r.best is None
                    else {
                        "session": r.best.session_id,
                        "correct": r.best.correct,
                        "attempts": r.best.attempts,
                        "complete": r.best.complete,
                        "passed": r.best.passed,
                        "verdict": verdict(r.best),
                        "duration_ms": r.best.duration_ms,
                    },
                }
                for r in results
            ],
        }
        for a, results in assigned
    ]


def cmd_assign(args: Any) -> int:
    from trainer.history.assignments import read_day, read_time_limit
    from trainer.history.server_exams import assign_exam
    from trainer.history.server_setup import ServerError

    try:
        limit = read_time_limit(args.time_limit)
        opens = read_day(args.opens, "--from")
        closes = read_day(args.closes, "--to")
        logins = [t for t in (args.trainees or "").split(",") if t.strip()]
        a = assign_exam(
            args.url, args.skills, args.seed, args.preset, limit, opens, closes, args.title, logins
        )
    except ValueError as e:
        return _fail(str(e), EXIT_USAGE)
    except ServerError as e:
        return _fail(str(e))
    from trainer.history.assignments import past_warning

    today = date.today()
    print(_("Exam assigned:") + " " + assignment_line(a, today))
    warning = past_warning(a.closes, today)
    if warning is not None:
        print(f"sabot class: {warning}", file=sys.stderr)
    return 0


def cmd_exams(args: Any) -> int:
    from trainer.history.classview import assignment_results
    from trainer.history.server_setup import ServerError

    try:
        assigned = assignment_results(args.url)
    except ServerError as e:
        return _fail(str(e))
    today = date.today()
    if args.json:
        write_json(assignments_json(assigned, today), indent=2)
    else:
        print("\n".join(exams_lines(assigned, today)))
    return 0


def cmd_withdraw(args: Any) -> int:
    from trainer.history.server_exams import withdraw_exam
    from trainer.history.server_setup import ServerError

    try:
        a = withdraw_exam(args.url, args.id)
    except ServerError as e:
        return _fail(str(e))
    print(
        _("Exam withdrawn (archived: its tries and results are kept):")
        + " "
        + assignment_line(a, date.today())
    )
    return 0


def add_actions(class_parser: Any) -> None:
    """`assign`, `exams` and `withdraw` under `sabot class URL` (without one, the class view)."""
    actions = class_parser.add_subparsers(
        dest="action",
        metavar="ACTION",
        help=_("assign, exams or withdraw an assigned exam; without one, the class view"),
    )
    a = actions.add_parser(
        "assign",
        help=_("assign an exam to the class"),
        description=_(
            "Assign an exam to every trainee of the school's server (with an "
            "instructor's login): the same questions for all (the skills, the seed and the rules), "
            "the time limit, and the days it may be taken, both included. House practice: a "
            "trainee may take it again inside those days, and the best try counts."
        ),
    )
    a.add_argument("--skills", required=True, help=_("skills joined by commas, or all"))
    a.add_argument("--seed", required=True, type=seed_arg, help=_("the exam's seed"))
    a.add_argument(
        "--time-limit", required=True, metavar="TIME", help=_("15m, 1h30m, 90s, or minutes: 45")
    )
    first = _("the first day it may be taken, such as 2026-12-07")
    last = _("the last day it may be taken, such as 2026-12-11")
    a.add_argument("--from", dest="opens", required=True, metavar="DAY", help=first)
    a.add_argument("--to", dest="closes", required=True, metavar="DAY", help=last)
    a.add_argument("--title", default="", help=_("what the trainees read (at most 80 characters)"))
    a.add_argument(
        "--trainees",
        metavar="LOGINS",
        help=_("a retake for these trainees alone, logins joined by commas (default: the class)"),
    )
    add_preset_argument(a)
    a.set_defaults(func=cmd_assign)
    e = actions.add_parser(
        "exams",
        help=_("the assigned exams and each trainee's best try"),
        description=_(
            "Every exam assigned on the server, newest first, with each trainee's best "
            "try (passed first, then complete, then accuracy) and how many tries, or not taken. "
            "A try counts when it ended, on the exam's seed, started inside its days."
        ),
    )
    e.add_argument("--json", action="store_true", help=_("the results as JSON"))
    e.set_defaults(func=cmd_exams)
    w = actions.add_parser(
        "withdraw",
        help=_("withdraw an assigned exam"),
        description=_(
            "Withdraw an assigned exam (its number as `exams` lists it): it leaves the "
            "trainees' home screens; it is archived, its tries and results kept."
        ),
    )
    w.add_argument("id", metavar="NUMBER", type=assignment_arg)
    w.set_defaults(func=cmd_withdraw)
