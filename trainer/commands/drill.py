"""The headless commands on top of the drills and the history: `sabot drill` and `sabot stats`.

`sabot drill` prints a question, reads the answer line, prints the verdict and stores the attempt
at once; EOF (Ctrl-D) or `q` ends it cleanly with the summary. An exam says only "answer recorded"
question by question; its verdicts come in the summary, and one ended before its last question
is said to be incomplete ("incomplete: 6 of 28 answered"). With `--json` every question, verdict
(an exam's: `recorded`) and the summary are one JSON line each, for scripts and instructors.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from trainer.commands.common import (
    DEFAULT_PROFILE,
    EXIT_USAGE,
    MAX_SEED,
    add_preset_argument,
    add_profile_arguments,
    assignment_arg,
    checked_profile,
    count_arg,
    history_trouble,
    input_lines,
    left,
    made,
    mode_name,
    not_started,
    open_profile,
    open_store,
    printable,
    right,
    seed_arg,
    sentence,
    text_width,
    write_json,
)
from trainer.game.dealer import DEALER
from trainer.game.money import AS_ASKED, HANDING_WAYS, HOUSE_MIX, notes_words, stack_words
from trainer.game.payout import CHIP_PAYMENTS, COLOUR_FOR_COLOUR, FEWEST
from trainer.game.rules import DEFAULT_PRESET, HouseRules, RulesError
from trainer.game.table import TableView
from trainer.i18n import N_, _, format_number, format_percent, ngettext
from trainer.practice.answers import Unreadable
from trainer.practice.drill import (
    CHALLENGE,
    EXAM,
    EXAM_PASS,
    MODES,
    PRACTICE,
    REVIEW,
    SPRINT,
    STOPPED_BY_TIME,
    Answered,
    Drill,
    DrillOver,
    Summary,
    resolve_skills,
)
from trainer.practice.skills import SKILLS, TARGETS, Question
from trainer.practice.skills.base import (
    CHOICE,
    Practice,
    Verdict,
    amount,
    answer_hint,
    bettor_name,
    rank_text,
)

if TYPE_CHECKING:
    from trainer.history.assignments import Assignment

# ---------------------------------------------------------------------------- text rendering


def _stakes(stakes: tuple[tuple[str, Decimal], ...]) -> str:
    return ", ".join(f"{bettor_name(who)} {amount(v)}" for who, v in stakes)


def _seconds(ms: float) -> str:
    """Milliseconds as seconds to a tenth, in the trainee's language: "1.2 s", "1,2 s"."""
    return _("{seconds} s").format(seconds=format_number(ms / 1000, places=1))


def table_lines(view: TableView | None, mark: str | None = None) -> list[str]:
    """The table in a few lines of text, box by box, for the terminal; the hand labelled `mark`
    (the one a question asks about) marked as such."""
    if view is None:
        return []

    def marked(line: str, label: str) -> str:
        return line + _("  ← this hand") if label == mark else line

    lines = []
    if view.dealer_cards:
        shown = rank_text(view.dealer_cards[:1])
        if view.hole_card:
            shown = _("{card} [hole card]").format(card=shown)
        elif len(view.dealer_cards) > 1:
            shown = rank_text(view.dealer_cards)
        lines.append(_("dealer: {cards}").format(cards=shown))
    for b in view.boxes:
        if b.empty and not any(h.cards for h in b.hands):
            if b.insurance is not None and b.collected:
                # its hand bust and was collected at once, stake and cards; its insurance is a
                # bet of its own and stays on the felt until settled [000]
                line = ngettext(
                    "box {number}: insured {amount} (hand bust, collected)",
                    "box {number}: insured {amount} (hands bust, collected)",
                    len(b.collected),
                )
                lines.append(line.format(number=b.number, amount=amount(b.insurance)))
            continue
        head = _("box {number}").format(number=b.number)
        if b.bets:
            head = f"{head} ({_stakes(b.bets)})"
        if b.insurance is not None:
            head = _("{box}, insured {amount}").format(box=head, amount=amount(b.insurance))
        if not b.hands or not any(h.cards for h in b.hands):
            lines.append(head)
            continue
        if len(b.hands) == 1:
            h = b.hands[0]
            doubled = _(" (doubled)") if h.doubled else ""
            line = _("{box}: {cards}").format(box=head, cards=rank_text(h.cards)) + doubled
            lines.append(marked(line, h.label))
        else:
            lines.append(_("{box}:").format(box=head))
            for h in b.hands:
                doubled = _(" (doubled)") if h.doubled else ""
                hand = _("{hand}: {cards} ({stakes})").format(
                    hand=h.label, cards=rank_text(h.cards), stakes=_stakes(h.stakes)
                )
                lines.append(marked(f"    {hand}{doubled}", h.label))
    if view.exposed_card:
        lines.append(_("exposed card: {card}").format(card=rank_text([view.exposed_card])))
    return lines


def _asked(q: Question) -> str | None:
    """The label of the hand a question asks about, when it asks about one: the hand whose turn
    it is on its table (the hand to announce, the hand playing when a card is exposed)."""
    active = q.table.active if q.table is not None else None
    return None if active in (None, DEALER) else active


def _unstaked(view: TableView) -> TableView:
    """`view` without any stake or insurance in words: the bets are read from their chips."""
    boxes = tuple(
        replace(
            b,
            bets=(),
            insurance=None,
            insurances=(),
            hands=tuple(replace(h, stakes=()) for h in b.hands),
        )
        for b in view.boxes
    )
    return replace(view, boxes=boxes)


def money_lines(view: TableView | None) -> list[str]:
    """The money lying on the felt in words: "box 3: notes 100 100 50 20 — the player says:
    in fives", "box 5: a stack of 20 × 25, cut in fives"."""
    m = view.money if view is not None else None
    if m is None:
        return []
    if m.notes:
        line = _("box {box}: notes {notes}").format(box=m.box, notes=notes_words(m.notes))
    else:
        line = _("box {box}: {stacks}").format(box=m.box, stacks=stack_words(m.stacks, m.cut))
    if m.said:
        line = _("{line} — the player says: {said}").format(line=line, said=m.said)
    return [line]


def shown_table(q: Question) -> list[str]:
    """The question's table in lines of text, the money on it included; a bet to be read from
    its chips (read-pay) is not written."""
    if q.skill == "read-pay" and q.table is not None:
        return table_lines(_unstaked(q.table), _asked(q)) + money_lines(q.table)
    return table_lines(q.table, _asked(q)) + money_lines(q.table)


def question_lines(q: Question) -> list[str]:
    lines = [q.prompt]
    skip_table = q.skill in (
        "pay-even",
        "pay-double",
        "pay-blackjack",
        "pay-insurance",
        "chips",
        "conversions",
    )
    if not skip_table:
        lines += shown_table(q)
    else:
        lines += money_lines(q.table)
    if q.skill == "dealer":
        lines.append(_("shoe: {cards} ...").format(cards=rank_text(q.data["shoe"])))
    if q.skill == "conversions":
        stake = " ".join(amount(Decimal(c)) for c in q.data["stake"])
        lines.append(_("the stake's chips: {chips}").format(chips=stake))
        if "rack" in q.data:
            rack = " ".join(amount(Decimal(c)) for c in q.data["rack"])
            lines.append(_("your rack: {chips}").format(chips=rack))
    if q.skill == "chips":
        if q.data.get("payment") == COLOUR_FOR_COLOUR:
            stake = " ".join(amount(Decimal(c)) for c in q.data["stake"])
            lines.append(_("the stake's chips: {chips}").format(chips=stake))
        chip_set = " ".join(amount(Decimal(c)) for c in q.data["chip_set"])
        lines.append(_("chips: {chips}").format(chips=chip_set))
    if q.choices:
        lines += [f"  {i}) {c}" for i, c in enumerate(q.choices, 1)]
    return lines


# ---------------------------------------------------------------------------- drill

# A line of only one of these ends the drill, as Ctrl-D does (no answer of any skill is "q").
STOP_WORDS = frozenset({"q", "quit"})


def _minutes(ms: int) -> str:
    """A time limit as the trainee reads it: "45 s", "7 min", "1 min 30 s"."""
    seconds = round(ms / 1000)
    if seconds < 60:
        return _("{seconds} s").format(seconds=seconds)
    minutes, rest = divmod(seconds, 60)
    if rest:
        return _("{minutes} min {seconds:02d} s").format(minutes=minutes, seconds=rest)
    return _("{minutes} min").format(minutes=minutes)


def _pass_mark() -> str:
    return format_number(EXAM_PASS * 100, places=0)


def _skills_said(skills: Sequence[Any]) -> str:
    """The skills drilled, by their titles in the language ("Payer un Black Jack, Payer en
    jetons"), or "every skill" for all of them."""
    if {s.name for s in skills} == set(SKILLS):
        return _("every skill")
    return ", ".join(s.title for s in skills)


def _mode_line(drill: Drill) -> str:
    """What the drill's mode asks, its count and its clock: said before the first question."""
    if drill.mode == EXAM and drill.time_limit_ms is not None:
        return (
            _(
                "An exam: {count} questions in {limit}, pass mark {mark} %. Each answer is only "
                "recorded: the verdicts come at the end."
            ).format(count=drill.count, limit=_minutes(drill.time_limit_ms), mark=_pass_mark())
            + "\n"
        )
    if drill.mode == CHALLENGE and drill.time_limit_ms is not None:
        return (
            _("A challenge: as many right answers as you can in {limit}.").format(
                limit=_minutes(drill.time_limit_ms)
            )
            + "\n"
        )
    if drill.mode == SPRINT:
        return (
            _("A sprint: {count} questions, as fast as you can.").format(count=drill.count) + "\n"
        )
    if drill.mode == REVIEW:
        return (
            ngettext(
                "A review: {count} item due, the very hand or stake you missed, untimed.",
                "A review: {count} items due, the very hands and stakes you missed, untimed.",
                drill.count or 0,
            ).format(count=drill.count)
            + "\n"
        )
    return ""


def _question_json(q: Question, qid: str, drill: Drill) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "question",
        "id": qid,
        "skill": q.skill,
        "item": q.item,
        "prompt": q.prompt,
        "answer_as": answer_hint(q),
    }
    out.update(q.data)
    out["table"] = shown_table(q)
    if q.choices:
        out["choices"] = list(q.choices)
    if drill.planned is not None:
        out["of"] = drill.planned
    if drill.time_limit_ms is not None:
        out["time_limit_ms"] = drill.time_limit_ms
    left = drill.time_left_ms()
    if left is not None:
        out["time_left_ms"] = left
    return out


_MODE_OVER = {
    "practice": N_("— practice over —"),
    "challenge": N_("— challenge over —"),
    "sprint": N_("— sprint over —"),
    "exam": N_("— exam over —"),
    "review": N_("— review over —"),
}


def _summary_lines(s: Summary) -> list[str]:
    from trainer.history.progress_data import item_name  # only once the drill is over

    lines = ["", _(_MODE_OVER[s.mode]) if s.mode in _MODE_OVER else f"— {s.mode} —"]
    incomplete = s.incomplete_text()
    if incomplete is not None:
        if s.stopped == STOPPED_BY_TIME and s.time_limit_ms is not None:
            why = _("the {limit} allowed ran out").format(limit=_minutes(s.time_limit_ms))
        else:
            why = _("ended before the last question")
        if s.mode == EXAM:
            counts = _("an incomplete exam is not passed, and readiness never counts it")
        else:
            counts = _("a sprint cut short counts for no personal best")
        lines.append(
            _("incomplete: {answered} of {planned} answered — {why}; {counts}.").format(
                answered=s.attempts, planned=s.planned, why=why, counts=counts
            )
        )
    if not s.attempts:
        lines.append(_("no question answered."))
        if s.passed is not None:
            lines.append(_("exam not passed: no answer given (seed {seed})").format(seed=s.seed))
        if s.mode == EXAM and s.unanswered:
            lines.append(_("question by question:"))
            lines += _missed_lines(s)
        return lines
    acc = s.correct / s.attempts
    lines.append(
        _("{correct}/{attempts} right ({percent}%), median {median}, {total} in all").format(
            correct=s.correct,
            attempts=s.attempts,
            percent=format_number(acc * 100, places=0),
            median=_seconds(s.median_ms or 0),
            total=_("{seconds} s").format(seconds=format_number(s.elapsed_ms / 1000, places=0)),
        )
    )
    # each skill by its title, as wide as the widest of them shows on a terminal
    titles = [SKILLS[x.skill].title if x.skill in SKILLS else x.skill for x in s.by_skill]
    wide = max((text_width(t) for t in titles), default=0)
    for line, title in zip(s.by_skill, titles, strict=True):
        mark = "≤" if (line.median_ms or 0) <= line.target_ms else ">"
        lines.append(
            "  "
            + _("{skill} {correct}/{attempts}  median {median} {mark} target {target}").format(
                skill=left(title, wide),
                correct=line.correct,
                attempts=line.attempts,
                median=_seconds(line.median_ms or 0),
                mark=mark,
                target=_seconds(line.target_ms),
            )
        )
    if s.slowest is not None:
        lines.append(
            _("slowest answer: {item}, {seconds}").format(
                seconds=_seconds(s.slowest.response_ms), item=item_name(s.slowest.question.item)
            )
        )
    if s.to_work_on:  # named as the trainee reads them; --json gives the keys
        items = ", ".join(item_name(k) for k in s.to_work_on)
        lines.append(_("to work on: {items}").format(items=items))
    if s.passed is not None:
        if s.passed:
            lines.append(_("exam PASSED (pass mark 90 %), seed {seed}").format(seed=s.seed))
        elif not s.complete:
            lines.append(
                _("exam not passed: incomplete (pass mark 90 %), seed {seed}").format(seed=s.seed)
            )
        else:
            lines.append(_("exam not passed (pass mark 90 %), seed {seed}").format(seed=s.seed))
    if s.mode == EXAM:  # what the exam kept back question by question
        lines.append(_("question by question:"))
        lines += [_verdict_line(a) for a in s.answered]
        lines += _missed_lines(s)
    return lines


def _missed_lines(s: Summary) -> list[str]:
    """An exam's questions left unanswered, each said missed with its right answer."""
    first = len(s.answered) + 1
    return [
        f"  {n}. – {q.prompt} — "
        + _("missed (not answered), right: {expected}").format(expected=q.expected)
        for n, q in enumerate(s.unanswered, first)
    ]


def _verdict_line(a: Answered) -> str:
    v = a.verdict
    head = f"  {a.number}. {'✓' if v.correct else '✗'} {a.question.prompt}"
    given = printable(v.given)
    if v.correct:
        return head + " — " + _("you: {given}").format(given=given)
    note = f" {v.note}" if v.note else ""
    return (
        head
        + " — "
        + _("you: {given}, right: {expected}. {reason}").format(
            given=given, expected=v.expected, reason=sentence(v.reason)
        )
        + note
    )


def _summary_json(s: Summary) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "summary",
        "mode": s.mode,
        "attempts": s.attempts,
        "correct": s.correct,
        "accuracy": None if s.accuracy is None else round(s.accuracy, 4),
        "median_ms": s.median_ms,
        "elapsed_ms": s.elapsed_ms,
        "by_skill": [
            {
                "skill": x.skill,
                "attempts": x.attempts,
                "correct": x.correct,
                "median_ms": x.median_ms,
                "target_ms": x.target_ms,
            }
            for x in s.by_skill
        ],
        "to_work_on": list(s.to_work_on),
        "passed": s.passed,
        "seed": s.seed,
        "planned": s.planned,
        "incomplete": s.incomplete_text(),
        "stopped": s.stopped,
        "time_limit_ms": s.time_limit_ms,
    }
    if s.mode == EXAM:  # the verdicts the exam kept back, and the questions left unanswered
        out["answers"] = [_verdict_json(a) for a in s.answered]
        out["missed"] = [
            {"number": n, "skill": q.skill, "item": q.item, "expected": q.expected}
            for n, q in enumerate(s.unanswered, len(s.answered) + 1)
        ]
    return out


def _verdict_json(a: Answered) -> dict[str, Any]:
    return {
        "number": a.number,
        "skill": a.question.skill,
        "item": a.question.item,
        "correct": a.verdict.correct,
        "given": a.verdict.given,
        "expected": a.verdict.expected,
        "reason": a.verdict.reason,
        "response_ms": a.response_ms,
        **_parts_json(a.verdict),
    }


def _parts_json(v: Verdict) -> dict[str, Any]:
    """An answer of several parts judged part by part: {"parts": {"amount": true, "chips":
    false}, "note": "…"}; nothing for an answer of one part."""
    if not v.parts:
        return {}
    return {"parts": dict(v.parts), "note": v.note}


def _practice(args: argparse.Namespace) -> Practice:
    """The school's practice as the options give it."""
    return Practice(chip_payment=args.chip_payment, buy_in=args.buy_in, change=args.change)


def _drill(args: argparse.Namespace) -> tuple[Drill, Any] | int:
    """The drill `sabot drill SKILL` asks for and its history, or the exit status once the
    reason it cannot start is said."""
    from trainer.history.store import StoreError

    try:
        rules = HouseRules.from_spec(_rules_spec(args))
        if args.skill is None:
            raise ValueError(
                _("a SKILL to drill is needed, or --assignment NUMBER for an assigned exam")
            )
        skills = resolve_skills(args.skill, rules)
    except (RulesError, ValueError) as e:
        print(f"sabot drill: {e}", file=sys.stderr)
        return EXIT_USAGE
    opened = open_profile(args, "drill")
    if isinstance(opened, int):
        return opened
    store, profile = opened
    weak: list[tuple[str, str]] = []
    try:
        from trainer.history.stats import weakest_items

        for w in weakest_items(store, profile, n=5):
            if w.wrong:
                weak.append((w.skill, w.item))
    except ValueError:
        pass  # a new profile has no history yet
    try:
        drill = Drill(
            skills,
            rules,
            mode=args.mode or PRACTICE,
            count=args.count,
            seed=args.seed,
            store=store,
            profile=profile,
            carried_weak=weak,
            # piped answers come faster than anyone types: stored, but never timed
            interactive=sys.stdin.isatty(),
            practice=_practice(args),
        )
    except StoreError as e:
        return not_started("drill", store, e)
    except ValueError as e:
        return not_started("drill", store, e, EXIT_USAGE)
    return drill, store


# How long `sabot drill --assignment` waits for the school's server to give the assigned exams as
# they are now (one assigned a moment ago, one withdrawn); unreached, the list kept on this PC.
ASSIGNMENTS_WAIT_S = 5.0


def _assigned_drill(args: argparse.Namespace) -> tuple[Drill, Any, Assignment] | int:
    """The try at the exam assigned as `--assignment NUMBER` (`trainer.history.assignments`: the
    same checks and the same drill as the app's Start), its history and the assignment, or the
    exit status once the reason it cannot start is said."""
    from trainer.history.assignments import assigned_exam, exam_drill
    from trainer.history.store import StoreError

    given = [
        name
        for name, on in (
            ("SKILL", args.skill is not None),
            ("--mode", args.mode not in (None, EXAM)),
            ("--count", args.count is not None),
            ("--seed", args.seed is not None),
            ("--preset", args.preset != DEFAULT_PRESET),
            ("--option", bool(args.option)),
        )
        if on
    ]
    if given:
        print(
            "sabot drill: "
            + _(
                "--assignment takes the exam as it was assigned (its skills, seed, rules and "
                "time limit), not {given}"
            ).format(given=", ".join(given)),
            file=sys.stderr,
        )
        return EXIT_USAGE
    store = open_store()
    if store is None:
        return 1
    if store.status() is None:  # a history of this PC alone
        store.close()
        print(
            "sabot drill: "
            + _(
                "--assignment takes an exam assigned on a school's server, and none is set "
                "(SABOT_DATABASE_URL or the database_url setting names one)"
            ),
            file=sys.stderr,
        )
        return EXIT_USAGE
    profile = checked_profile(store, args, "drill")
    if profile is None:
        store.close()
        return EXIT_USAGE
    store.sync(ASSIGNMENTS_WAIT_S)  # the assigned exams read again on the server, if it answers
    try:
        a = assigned_exam(store.assignments(), args.assignment, date.today())
        drill = exam_drill(
            a,
            store=store,
            profile=profile,
            interactive=sys.stdin.isatty(),
            practice=_practice(args),
        )
    except StoreError as e:
        return not_started("drill", store, e)
    except ValueError as e:
        return not_started("drill", store, e, EXIT_USAGE)
    return drill, store, a


def _list_skills(args: argparse.Namespace) -> int:
    """`sabot drill --list`: every skill, the name and title it may be asked by, and whether the
    table of --preset deals it."""
    try:
        rules = HouseRules.from_spec(_rules_spec(args))
    except (RulesError, ValueError) as e:
        print(f"sabot drill: {e}", file=sys.stderr)
        return EXIT_USAGE
    wide = max(text_width(name) for name in SKILLS)
    for name, s in SKILLS.items():
        why = s.available(rules)
        line = f"{left(name, wide)}  {s.title}"
        print(line if why is None else f"{line} — {why}")
    example = f'sabot drill "{SKILLS["announce"].title}"'  # a command line's own quotes
    print(
        _("Ask for a skill by its name or its title, or the start of one: {example}").format(
            example=example
        )
    )
    return 0


def cmd_drill(args: argparse.Namespace) -> int:
    if getattr(args, "list", False):  # (sabot review drills through here, with no --list)
        return _list_skills(args)
    out = sys.stdout
    assigned: Assignment | None = None
    if args.assignment is not None:
        made = _assigned_drill(args)
        if isinstance(made, int):
            return made
        drill, store, assigned = made
    elif getattr(args, "prepared", None) is not None:  # sabot review's
        drill, store = args.prepared
    else:
        started = _drill(args)
        if isinstance(started, int):
            return started
        drill, store = started
    as_json = args.json
    if assigned is not None and not drill.interactive:
        print(
            "sabot drill: "
            + _(
                "the answers are not typed at a terminal: the try is stored, but the class "
                "view does not count it"
            ),
            file=sys.stderr,
        )

    if not as_json:
        out.write(
            _(
                "Sabot drill — {skills} ({mode}), rules {rules}, seed {seed}, profile {profile}."
            ).format(
                skills=_skills_said(drill.skills),
                mode=mode_name(drill.mode),
                rules=drill.rules.describe(),
                seed=drill.seed,
                profile=printable(drill.profile),
            )
            + "\n"
            + ("" if assigned is None else _assigned_line(assigned))
            + _mode_line(drill)
            + _("Type your answer and press Enter; q or Ctrl-D ends the drill.")
            + "\n"
        )
    lines = input_lines()
    finished_by_eof = False
    said: str | None = None  # the history's trouble last told on stderr
    hinted: str | None = None  # how to answer, as last told
    try:
        while True:
            q = drill.next_question()
            if q is None:
                break
            qid = f"q{drill.position + 1}"
            if as_json:
                write_json(_question_json(q, qid, drill))
            else:
                out.write(f"\n{qid}. " + "\n    ".join(question_lines(q)) + "\n")
                # how to answer: at first, and again whenever it changes (each form its own)
                how = answer_hint(q)
                if how != hinted or q.kind == CHOICE:
                    out.write("    " + _("(answer: {how})").format(how=how) + "\n")
                    hinted = how
                left = drill.time_left_ms()
                if left is not None:
                    out.write("    " + _("[{seconds} s left]").format(seconds=left // 1000) + "\n")
                out.write("> ")
                out.flush()
            store.tidy()  # the log folded back now, while nothing waits, not after the answer
            shown = time.monotonic_ns()
            while True:
                raw = next(lines, None)
                if raw is None or raw.strip().casefold() in STOP_WORDS:
                    finished_by_eof = True
                    break
                ms = (time.monotonic_ns() - shown) // 1_000_000
                if not raw.strip():
                    if not as_json:
                        out.write("> ")
                        out.flush()
                    continue
                try:
                    done = drill.answer(raw, ms)
                except Unreadable as e:
                    if as_json:
                        write_json({"type": "unreadable", "id": qid, "message": str(e)})
                    else:
                        out.write(f"    ? {printable(str(e))}\n> ")
                        out.flush()
                    continue
                except DrillOver as e:
                    if as_json:
                        write_json({"type": "late", "id": qid, "message": str(e)})
                    else:
                        out.write(f"    ⏱ {e}\n")
                    done = None
                break
            if finished_by_eof:
                break
            if done is None:
                break
            said = history_trouble(store, said, "drill")
            v = done.verdict
            if not drill.gives_feedback:  # an exam: the verdicts wait for the summary
                if as_json:
                    write_json({"type": "recorded", "id": qid, "response_ms": done.response_ms})
                else:
                    out.write("    " + _("answer recorded") + "\n")
            elif as_json:
                write_json(
                    {
                        "type": "verdict",
                        "id": qid,
                        "correct": v.correct,
                        "given": v.given,
                        "expected": v.expected,
                        "reason": v.reason,
                        "response_ms": done.response_ms,
                        "target_ms": int(SKILLS[q.skill].target * 1000),
                        **_parts_json(v),
                    }
                )
            else:
                t = _("{seconds}, target {target}").format(
                    seconds=_seconds(done.response_ms),
                    target=_seconds(SKILLS[q.skill].target * 1000),
                )
                if v.correct:
                    out.write("    " + _("✓ right ({time})").format(time=t) + "\n")
                else:
                    if v.note:
                        out.write(f"    {v.note}\n")
                    out.write(
                        "    "
                        + _("✗ wrong ({time}): the answer is '{answer}'. {reason}").format(
                            time=t, answer=v.expected, reason=sentence(v.reason)
                        )
                        + "\n"
                    )
            out.flush()
    finally:
        summary = drill.finish()
        lost = store.close()  # a last try to save what the history could not take
    if as_json:
        summed = _summary_json(summary)
        if assigned is not None:
            summed["assignment"] = assigned.id
        write_json(summed)
    else:
        out.write("\n".join(_summary_lines(summary)) + "\n")
    if lost:
        print(f"sabot drill: {lost}", file=sys.stderr)
        return 1
    return 0


def _assigned_line(a: Assignment) -> str:
    """Which assigned exam this try is at, and the house practice it is counted by."""
    from trainer.i18n import format_date

    return (
        _(
            "The exam {number} assigned on the school's server: {title}, open until {day}. House "
            "practice: it may be taken again while it is open, and the best try counts."
        ).format(number=a.id, title=a.label, day=format_date(a.closes, short=True))
        + "\n"
    )


def _rules_spec(args: argparse.Namespace) -> Any:
    spec: dict[str, Any] = {"preset": args.preset}
    for item in args.option or ():
        if "=" not in item:
            raise RulesError(_("--option takes NAME=VALUE, not {item}").format(item=repr(item)))
        k, v = item.split("=", 1)
        spec[k.strip()] = _option_value(v.strip())
    return spec


def _option_value(v: str) -> Any:
    """The value of --option NAME=VALUE as the rules read it: true/false, a list of words, or
    the text itself (the option reads its numbers from it, in plain digits and within bounds)."""
    if v.lower() in ("true", "false"):
        return v.lower() == "true"
    if " " in v:
        return v.split()
    return v


# ---------------------------------------------------------------------------- stats & export


def due_text(today: int, tomorrow: int) -> str:
    """ "Review: 23 due today, 8 tomorrow", in the language of the moment."""
    return _("Review: {today}, {tomorrow}").format(
        today=ngettext("{count} due today", "{count} due today", today).format(count=today),
        tomorrow=ngettext("{count} tomorrow", "{count} tomorrow", tomorrow).format(count=tomorrow),
    )


def due_json(store: Any, profile: str, now: float) -> dict[str, int]:
    """The due counts as `sabot stats --json` and `sabot review --json` write them."""
    from trainer.history.review import due_counts

    c = due_counts(store, profile, now)
    return {"today": c.today, "tomorrow": c.tomorrow, "deal_today": c.deal_today}


def cmd_stats(args: argparse.Namespace) -> int:
    from trainer.history.shoes import shoe_standings, standing_json
    from trainer.history.stats import skill_stats

    store = open_store(reading=True)
    if store is None:
        return 1
    try:
        profile = checked_profile(store, args, "stats")
        if profile is None:
            return EXIT_USAGE
        shoes = shoe_standings(store, profile)  # deal mode's own standard (none: no shoe yet)
        due = due_json(store, profile, time.time())  # the review schedule's
        try:
            stats = skill_stats(store, profile, TARGETS)
        except ValueError:
            stats = {}  # a fresh install, or the new trainee: nothing practised yet
            if profile != DEFAULT_PROFILE and not made(store, profile, "stats"):
                return 1
    finally:
        store.close()
    if args.json:
        write_json(
            {
                name: _skill_json(stats[name]) if name in stats else _no_skill_json(name)
                for name in (*SKILLS, *(n for n in stats if n not in SKILLS))
            }
            | {SHOE_KEY: standing_json(shoes), REVIEW_KEY: due}
        )
        return 0
    # a stored name is printed escaped: its control characters never reach the terminal
    print(_("Sabot — statistics for {profile}").format(profile=printable(profile)))
    heads = (_("skill"), _("attempts"), _("accuracy"), _("median"), _("target"), _("mastered"))
    yes, no = _("yes"), _("no")
    rows = []
    for name in SKILLS:
        s = stats.get(name)
        target = _seconds(TARGETS[name] * 1000)
        if s is None or not s.attempts:
            rows.append((SKILLS[name].title, "0", "—", "—", target, no))
            continue
        acc = format_percent(s.accuracy or 0)  # "67 %" in French, a narrow no-break space
        med = _seconds(s.median_ms or 0)
        said = yes if s.mastered else no
        rows.append(
            (SKILLS[name].title, format_number(s.attempts, places=0), acc, med, target, said)
        )
    # each skill by its title in the language, the columns as wide as a terminal shows them
    widths = [max(text_width(r[n]) for r in (heads, *rows)) for n in range(len(heads))]
    for r in (heads, *rows):
        figures = "  ".join(right(c, w) for c, w in zip(r[1:5], widths[1:5], strict=True))
        print(f"{left(r[0], widths[0])}  {figures}  {r[5]}")
    for s in shoes:
        print(_("Deal a shoe · {standing}").format(standing=s.text))
    print(due_text(due["today"], due["tomorrow"]))
    return 0


# `sabot stats --json`'s key for deal mode's standard, per number of boxes (no skill's name)
SHOE_KEY = "deal-shoe"
# and for the review schedule's due counts (`sabot review`)
REVIEW_KEY = "review-due"


def _no_skill_json(name: str) -> dict[str, Any]:
    """A skill never practised, as _skill_json writes one."""
    return {
        "attempts": 0,
        "correct": 0,
        "accuracy": None,
        "median_ms": None,
        "p90_ms": None,
        "target_s": TARGETS.get(name),
        "mastered": False,
    }


def _skill_json(s: Any) -> dict[str, Any]:
    return {
        "attempts": s.attempts,
        "correct": s.correct,
        "accuracy": s.accuracy,
        "median_ms": s.median_ms,
        "p90_ms": s.p90_ms,
        "target_s": s.target_s,
        "mastered": s.mastered,
    }


# ---------------------------------------------------------------------------- wiring


def add_commands(sub: Any) -> None:
    d = sub.add_parser(
        "drill",
        help=_("drill a skill in the terminal"),
        description=_(
            "Drill a skill: a question, your answer, the verdict, stored at once. Skills: "
            "{skills}; or several separated by commas, or all. A skill may be named by its "
            "title too, or the start of one (--list shows them)."
        ).format(skills=", ".join(f"{name} ({s.title})" for name, s in SKILLS.items())),
    )
    d.add_argument(
        "skill",
        metavar="SKILL",
        nargs="?",
        help=_('a skill by its name or title ("{title}"), several as a,b,c, or all').format(
            title=SKILLS["announce"].title
        ),
    )
    d.add_argument(
        "--list", action="store_true", help=_("list the skills, by name and title, and stop")
    )
    d.add_argument(
        "--mode",
        choices=[m for m in MODES if m != REVIEW],  # a review is `sabot review`'s
        help=_("practice, challenge, sprint or exam (default practice)"),
    )
    d.add_argument("--count", type=count_arg, help=_("number of questions (sprint: default 20)"))
    d.add_argument(
        "--seed",
        type=seed_arg,
        help=_("make the questions reproducible, 0 to {max} (exam: set by the instructor)").format(
            max=MAX_SEED
        ),
    )
    add_profile_arguments(d, _("the trainee's profile (default: $SABOT_PROFILE or 'default')"))
    add_preset_argument(d)
    d.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help=_("override one house-rule option, e.g. --option dealer_hits_soft_17=true"),
    )
    d.add_argument(
        "--chip-payment",
        choices=CHIP_PAYMENTS,
        default=FEWEST,
        help=_("how the chips skill asks a payout made up (default: the fewest chips)"),
    )
    d.add_argument(
        "--buy-in",
        choices=HANDING_WAYS,
        default=HOUSE_MIX,
        help=_(
            "how the buy-in skill asks the chips given: the house's mix or as each player asks "
            "(default: the house's mix)"
        ),
    )
    d.add_argument(
        "--change",
        choices=HANDING_WAYS,
        default=AS_ASKED,
        help=_(
            "how the change skill asks a chip broken: as each player asks or the house's mix "
            "(default: as the player asks)"
        ),
    )
    d.add_argument(
        "--assignment",
        type=assignment_arg,
        metavar="NUMBER",
        help=_(
            "take the exam assigned on the school's server as NUMBER (as sabot class URL exams "
            "lists them): its skills, seed, rules and time limit, while it is open"
        ),
    )
    d.add_argument("--json", action="store_true", help=_("one JSON line per question and verdict"))
    d.set_defaults(func=cmd_drill)

    s = sub.add_parser(
        "stats",
        help=_("statistics per skill"),
        description=_("Attempts, accuracy, median time against target, and mastery, per skill."),
    )
    add_profile_arguments(s, _("whose statistics (default: $SABOT_PROFILE or 'default')"))
    s.add_argument("--json", action="store_true", help=_("the statistics as JSON"))
    s.set_defaults(func=cmd_stats)
