"""`sabot class URL`: the instructor's class view of a school's server in the terminal — every
trainee × every skill, last activity, exams taken (by title where assigned), and who needs
attention (the same figures as the app's class view, `trainer.history.classview`)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from datetime import date
from typing import Any, Final

from trainer.commands.common import add_url_argument, left, refused_url, right, text_width, wrapped
from trainer.history.classview import ClassView, SkillCell
from trainer.i18n import _, format_date, format_percent, pgettext
from trainer.practice.curriculum import skill_title

# a skill's column is headed by its title, over lines of about this many columns (a longer word
# alone on its line): the table stays about as wide as with its keys, in every language
HEAD_WIDTH: Final = 6


def _cell(cell: SkillCell) -> str:
    if cell.mastered:
        return "ok"
    if not cell.recent_attempts:
        return "-"
    # rounded down, as the mastery rule counts: 94.9 % right is not 95 %
    return format_percent(cell.recent_correct * 100 // cell.recent_attempts / 100)


def skill_heads(skills: Sequence[str]) -> list[list[str]]:
    """Each skill's title in the language (`skill_title`: "Pay a Black Jack", "Payer un Black
    Jack"), cut into the lines that head its column, the same number of lines for every skill
    (the shorter ones start lower)."""
    heads = []
    for skill in skills:
        title = skill_title(skill)
        longest = max(text_width(w) for w in title.split(" "))
        heads.append(wrapped(title, max(HEAD_WIDTH, longest)))
    tall = max((len(h) for h in heads), default=1)
    return [[""] * (tall - len(h)) + h for h in heads]


def class_lines(view: ClassView) -> list[str]:
    """The table: a line per trainee of the class (one who has not answered yet too: "no attempt
    yet"), a column per skill headed by its title in the language (ok: mastered; else accuracy
    over the last 30 answers; -: never practised), then the exams taken (an assigned one by its
    title) and who needs attention. Its columns are as wide as a terminal shows their words
    (`text_width`): accented letters, no-break spaces and wide letters keep them aligned."""
    if not view.trainees:
        return [_("No trainee has a login on this server yet.")]
    trainee = pgettext("class view column", "trainee")
    yes, no = pgettext("class view", "yes"), pgettext("class view", "no")
    ready = pgettext("class view column", "ready")
    width = max(text_width(trainee), *(text_width(t.login) for t in view.trainees))
    ready_width = max(text_width(ready), text_width(yes), text_width(no))
    heads = skill_heads(view.skills)
    rows = [[_cell(t.cells[s]) for s in view.skills] for t in view.trainees]
    cols = [
        max(4, *(text_width(line) for line in head), *(text_width(r[n]) for r in rows))
        for n, head in enumerate(heads)
    ]
    tall = len(heads[0]) if heads else 1
    out = []
    for n in range(tall):
        names = "  ".join(right(h[n], w) for h, w in zip(heads, cols, strict=True))
        if n < tall - 1:  # the titles' first lines, over the skills' columns alone
            out.append(f"{' ' * width}  {names}".rstrip())
            continue
        tail = f"{left(ready, ready_width)}  {pgettext('class view column', 'last activity')}"
        out.append(f"{left(trainee, width)}  {names}  {tail}")
    for t, cells in zip(view.trainees, rows, strict=True):
        said = "  ".join(right(c, w) for c, w in zip(cells, cols, strict=True))
        when = (
            pgettext("class view", "no attempt yet")
            if t.last_activity is None
            # the day as the language writes it, "1 déc. 2026 14:05" (--json gives ISO)
            else f"{format_date(t.last_activity.date(), short=True)} "
            f"{t.last_activity.strftime('%H:%M')}"
        )
        answer = left(yes if t.ready else no, ready_width)
        out.append(f"{left(t.login, width)}  {said}  {answer}  {when}")
    groups = view.exam_groups()
    if groups:
        out += ["", _("Exams taken (best try; pass mark 90 % with every skill):")]
        out += [
            "  " + _("{exam}: {results}").format(exam=name, results=", ".join(marks))
            for name, marks in groups
        ]
    if view.assignments:
        from trainer.commands.assign import assignment_line, result_text

        today = date.today()
        out += [
            "",
            _("Assigned exams (house practice: retakes allowed while open, the best counts):"),
        ]
        for a, results in view.assignments:
            out.append("  " + assignment_line(a, today))
            out += [f"      {r.login}: {result_text(r)}" for r in results]
    out += ["", _("Needs attention:")]
    needing = view.attention
    between = pgettext("between the parts of a sentence", "; ")
    out += [
        "  " + _("{login}: {reasons}").format(login=t.login, reasons=between.join(t.attention))
        for t in needing
    ] or ["  " + _("nobody")]
    return out


def _json(view: ClassView) -> dict[str, Any]:
    return {
        "skills": list(view.skills),
        "trainees": [
            {
                "login": t.login,
                "ready": t.ready,
                "last_activity": None if t.last_activity is None else t.last_activity.isoformat(),
                "skills": {
                    s: {
                        "mastered": c.mastered,
                        "recent_attempts": c.recent_attempts,
                        "recent_correct": c.recent_correct,
                        "recent_median_ms": c.recent_median_ms,
                    }
                    for s, c in t.cells.items()
                },
                "exams": [
                    {
                        "seed": e.seed,
                        "attempts": e.result.attempts,
                        "correct": e.result.correct,
                        "passed": e.result.passed,
                        "scored": e.result.scored,
                        "duration_ms": e.result.duration_ms,
                    }
                    for e in t.exams
                ],
                "attention": list(t.attention),
                "attempted": t.attempted,
            }
            for t in view.trainees
        ],
        "assignments": _assignments_json(view),
    }


def _assignments_json(view: ClassView) -> list[dict[str, Any]]:
    from trainer.commands.assign import assignments_json

    return assignments_json(view.assignments, date.today())


def cmd_class(args: Any) -> int:
    from trainer.history.classview import class_view
    from trainer.history.server_setup import ServerError
    from trainer.practice.skills import SKILLS, TARGETS

    if (refused := refused_url("class", args.url)) is not None:
        return refused
    targets = {s: TARGETS[s] for s in SKILLS if s in TARGETS}
    try:
        view = class_view(args.url, targets, now=time.time())
    except ServerError as e:
        print(f"sabot class: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # psycopg's, imported lazily: a login without the right to read
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        why = _("the server refused the class view: {why}").format(why=first)
        print(f"sabot class: {why}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(_json(view), indent=2, ensure_ascii=False))
    elif args.csv or args.gradebook:
        from trainer.commands.class_export import write_class_csv, write_gradebook_csv

        reconfigure = getattr(sys.stdout, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(newline="")  # the lines carry their own ends (\r\n)
        (write_gradebook_csv if args.gradebook else write_class_csv)(view, sys.stdout)
    else:
        print("\n".join(class_lines(view)))
    return 0


def add_commands(sub: Any) -> Any:
    """`sabot class URL`; the parser, for `trainer.commands.assign` to add its actions to."""
    c = sub.add_parser(
        "class",
        help=_("the instructor's class view of a school's server"),
        description=_(
            "Every trainee × every skill (ok: mastered; else right answers over the last 30; "
            "-: never practised), last activity, the exams taken and who needs attention, "
            "read on the school's server with an instructor's login."
        ),
    )
    add_url_argument(c, "instructor")
    shape = c.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help=_("the figures as JSON"))
    shape.add_argument(
        "--csv",
        action="store_true",
        help=_("the grid as CSV: a line per trainee and skill, for a spreadsheet"),
    )
    shape.add_argument(
        "--gradebook",
        action="store_true",
        help=_(
            "the gradebook as CSV: a line per assigned exam and trainee it is for, with the "
            "best try"
        ),
    )
    c.set_defaults(func=cmd_class)
    return c
