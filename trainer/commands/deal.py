"""`sabot deal`: deal mode in the terminal — a whole shoe, every step a dealer takes, each judged
and stored at once; `--json` gives one JSON line per step, so a script can deal a shoe."""

from __future__ import annotations

import sys
from decimal import Decimal
from typing import Any

from trainer.commands.common import (
    EXIT_USAGE,
    MAX_SHIFT,
    add_preset_argument,
    add_profile_arguments,
    history_trouble,
    input_lines,
    mode_name,
    not_started,
    open_profile,
    read_answer,
    shift_arg,
    write_json,
)
from trainer.game.announce import spoken
from trainer.game.payout import money
from trainer.game.rules import HouseRules, RulesError
from trainer.i18n import N_, _, format_number, ngettext, pgettext
from trainer.practice.deal import (
    EXAM,
    FREQUENT,
    INCIDENT_RATES,
    MAX_SEED,
    MODES,
    OFF,
    PRACTICE,
    RARE,
    DealShoe,
    Figures,
    dealt_before,
    reference_rounds_per_hour,
    seed_range,
)
from trainer.practice.deal_steps import (
    ACTION,
    ACTION_WORDS,
    AMOUNT,
    COLLECT,
    KINDS,
    PHASES,
    PLACE,
    PUSH,
    WORDS,
    move_of,
    move_text,
)
from trainer.practice.deal_words import action_word, action_words, how_to_move, say_move
from trainer.practice.pace import typed_rounds_per_hour

# How each kind of step is answered, in English for the catalogue: `_how(ask)` says it, with
# the table's words of the trainee's language (the English keywords are read as well).
HOW = {
    PLACE: N_('the box number, or "d" for the dealer'),
    WORDS: N_('the point, "6 or 16", "Black Jack", "bust"'),
}

# A shoe's mode and rate of incidents, as the header names them (the codes are what is typed)


def _rate_name(rate: str) -> str:
    names = {
        OFF: pgettext("incidents", "off"),
        RARE: pgettext("incidents", "rare"),
        FREQUENT: pgettext("incidents", "frequent"),
    }
    return names[rate]


def _how(ask: str) -> str:
    if ask == AMOUNT:
        return _('the amount paid, or "{push}" / "{collect}"').format(
            push=action_word(PUSH), collect=action_word(COLLECT)
        )
    if ask == ACTION:
        return _("one of: {words}").format(words=", ".join(action_words()))
    return _(HOW[ask])


def _shown(expected: str, ask: str) -> str:
    """A step's right answer as the trainee's language writes it (a point as its dealer says
    it; an amount with its decimal mark; the dealer and an action in the table's words); a box
    as it is typed."""
    if ask == WORDS:
        return spoken(expected)
    if expected in ACTION_WORDS:
        return action_word(expected)
    if ask == PLACE and expected == "dealer":
        from trainer.practice.skills.base import dealer_word

        return dealer_word()
    if ask == AMOUNT:
        from trainer.practice.skills.base import amount

        return amount(Decimal(expected))
    return expected


def _right(v: Any, guided: bool) -> str:
    """The right step as a verdict says it: guided, the step's answer; on one's own, the move
    (the one due, for an error of order)."""
    if guided:
        return _shown(v.expected, v.step.ask)
    return say_move(v.move if v.move is not None else move_of(v.step))


def summary(figures: Figures, boxes: int, mode: str) -> dict[str, Any]:
    rate = figures.rounds_per_hour()
    return {
        "type": "summary",
        "mode": mode,
        "rounds": figures.rounds_done,  # dealt to their end, as the history counts them
        "steps": figures.steps,
        "errors": figures.error_count,
        "errors_by_kind": dict(figures.errors),
        "errors_per_100_steps": round(figures.per_100(), 2),
        "overpaid": money(figures.over),
        "underpaid": money(figures.under),
        "seconds_by_phase": {p: round(figures.phase_ms[p] / 1000, 1) for p in PHASES},
        "rounds_per_hour": None if rate is None else round(rate, 1),
        "reference_rounds_per_hour": round(reference_rounds_per_hour(boxes), 1),
        # typing every step, as Sabot's trainee does (trainer.practice.pace)
        "typed_reference_rounds_per_hour": round(typed_rounds_per_hour(boxes), 1),
    }


_KIND_NAMES = {
    "deal": N_("deal"),
    "announce": N_("announce"),
    "pay": N_("pay"),
    "procedure": N_("procedure"),
    "play": N_("play"),
    "dealer": N_("dealer"),
    "settle": N_("settle"),
    "order": N_("order"),
}


def _kind(name: str) -> str:
    return _(_KIND_NAMES[name]) if name in _KIND_NAMES else name


def summary_lines(s: dict[str, Any], early: bool = False) -> list[str]:
    """The shoe's figures in words; `early`: ended before the cut card came out (Ctrl-D)."""
    # a summary of before the kind "order" counts none of it
    by_kind = ", ".join(f"{_kind(k)} {s['errors_by_kind'].get(k, 0)}" for k in KINDS)
    rate = s["rounds_per_hour"]
    if rate is not None:
        pace = _(
            "{rate} rounds an hour (typing every card and point, as here, the reference at this "
            "table is about {typed}; a school's, for dealers who speak, about {reference})"
        ).format(
            rate=format_number(rate, places=0),
            typed=format_number(s["typed_reference_rounds_per_hour"], places=0),
            reference=format_number(s["reference_rounds_per_hour"], places=0),
        )
    else:
        pace = _("no round finished")
    phases = ", ".join(
        f"{_kind(p)} {format_number(s['seconds_by_phase'][p], places=0)} s" for p in PHASES
    )
    return [
        (
            _("The shoe ended early: {rounds}, {steps}, {pace}.")
            if early
            else _("The shoe is over: {rounds}, {steps}, {pace}.")
        ).format(
            rounds=ngettext("{count} round", "{count} rounds", s["rounds"]).format(
                count=s["rounds"]
            ),
            steps=ngettext("{count} dealer step", "{count} dealer steps", s["steps"]).format(
                count=s["steps"]
            ),
            pace=pace,
        ),
        _("Errors: {errors} ({rate} per 100 steps) — {kinds}.").format(
            errors=s["errors"],
            rate=format_number(s["errors_per_100_steps"], places=1),
            kinds=by_kind,
        ),
        _("Money paid wrongly: {over} over, {under} under.").format(
            over=_shown(s["overpaid"], AMOUNT), under=_shown(s["underpaid"], AMOUNT)
        ),
        _("Time by phase: {phases}.").format(phases=phases),
    ]


def cmd_deal(args: Any) -> int:
    out = sys.stdout
    from trainer.commands.drill import table_lines
    from trainer.i18n import language

    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        print(f"sabot deal: {seed_range()}", file=sys.stderr)
        return EXIT_USAGE
    own = args.mode == EXAM or args.shift is not None
    if args.guided and own:
        what = _("an exam") if args.mode == EXAM else _("a shift")
        print(
            "sabot deal: "
            + _("{what} is always dealt on your own: leave out --guided").format(what=what),
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        rules = HouseRules.preset_named(args.preset)
        shoe_args = dict(
            boxes=args.boxes if args.boxes is not None else rules.boxes,
            mode=args.mode,
            incidents=args.incidents,
            seed=args.seed,
            shift_minutes=args.shift,
            language=language(),  # the players speak the command's language (--lang)
        )
        DealShoe(rules, **shoe_args)  # checks the arguments
    except (RulesError, ValueError) as e:
        print(f"sabot deal: {e}", file=sys.stderr)
        return EXIT_USAGE
    opened = open_profile(args, "deal")
    if isinstance(opened, int):
        return opened
    store, profile = opened
    from trainer.history.store import StoreError

    if args.guided:
        guided = True
    elif args.on_your_own or own:
        guided = False
    else:
        guided = not dealt_before(store, profile)  # a first shoe is guided, then on one's own
    try:
        shoe = DealShoe(
            rules,
            store=store,
            profile=profile,
            guided=guided,
            # piped steps come faster than anyone deals: stored, but never timed
            interactive=sys.stdin.isatty(),
            **shoe_args,
        )
    except StoreError as e:
        return not_started("deal", store, e)
    as_json = args.json

    if not as_json:
        out.write(
            _("Sabot deal — {boxes}, {rules}, {mode}, incidents {incidents}, seed {seed}.").format(
                boxes=ngettext("{count} box", "{count} boxes", shoe.boxes).format(count=shoe.boxes),
                rules=rules.describe(),
                mode=mode_name(shoe.mode),
                incidents=_rate_name(shoe.incidents),
                seed=shoe.seed,
            )
            + " "
            + (_("Guided.") if shoe.guided else _("On your own."))
            + "\n"
            + (
                _(
                    "At each step type what the dealer does (a box number or d, the point, the "
                    "amount or push/collect, draw/stand, refuse...); Ctrl-D ends the shoe."
                )
                if shoe.guided
                else _(
                    "At each step name the place and what you do there: {how}. Ctrl-D ends the "
                    "shoe."
                ).format(how=how_to_move())
            )
            + "\n"
        )
    lines = input_lines(sys.stdin)
    stopped = False
    told: str | None = None  # the history's trouble last told on stderr
    try:
        while not shoe.shoe_over and not stopped:
            shoe.next_round()
            if as_json:
                write_json({"type": "round", "round": shoe.figures.rounds})
            else:
                out.write("\n" + _("— Round {number} —").format(number=shoe.figures.rounds) + "\n")
            while not shoe.round_over:
                s = shoe.step
                assert s is not None
                if as_json:
                    ev: dict[str, Any] = {
                        "type": "step", "round": shoe.figures.rounds, "index": shoe.position,
                        "phase": s.phase, "prompt": s.prompt, "guided": shoe.guided,
                    }  # fmt: skip
                    if shoe.guided:  # on one's own nothing tells the step but the phase
                        ev.update(kind=s.kind, skill=s.skill, ask=s.ask, hand=s.hand)
                    if s.says:
                        ev["says"] = s.says
                    if args.transcript:
                        ev["expected"] = s.expected if shoe.guided else move_text(move_of(s))
                    write_json(ev)
                else:
                    out.write("\n".join("    " + x for x in table_lines(s.view)) + "\n")
                    if s.says:
                        out.write("  " + _("the player says: {words}").format(words=s.says) + "\n")
                    how = _how(s.ask) if shoe.guided else _("place and action")
                    out.write(f"  {s.prompt} ({how})\n> ")
                    out.flush()
                v = read_answer(lines, shoe.answer, emit=write_json if as_json else None, out=out)
                if v is None:
                    stopped = True
                    break
                told = history_trouble(store, told, "deal")  # at once, as the drill does
                if shoe.mode == EXAM:
                    if as_json:
                        write_json({"type": "recorded", "index": shoe.position - 1})
                    continue
                if as_json:
                    write_json(
                        {
                            "type": "verdict", "correct": v.correct, "given": v.given,
                            "expected": v.expected, "kind": v.error_kind, "reason": v.reason,
                            "again": v.again, "over": money(v.over), "under": money(v.under),
                        }
                    )  # fmt: skip
                elif v.correct:
                    out.write("    ✓\n")
                else:
                    again = " " + _("Do it again.") if v.again else ""
                    said = _("{expected}: {reason}.").format(
                        expected=_right(v, bool(shoe.guided)), reason=v.reason
                    )
                    out.write(f"    ✗ {said}{again}\n")
    finally:
        figures = shoe.finish()
        # a last try to save what the history could not take; what it still could not, said
        lost = store.close()
    if lost:
        print(f"sabot deal: {lost}", file=sys.stderr)
    result = summary(figures, shoe.boxes, shoe.mode)
    if shoe.mode == EXAM:
        result["mistakes"] = [
            {"step": v.step.prompt, "given": v.given, "expected": v.expected,
             "kind": v.error_kind, "rule": v.reason or v.step.rule, "ask": v.step.ask,
             "right": _right(v, bool(shoe.guided))}
            for v in shoe.verdicts if not v.correct
        ]  # fmt: skip
    if as_json:
        write_json(result)
    else:
        out.write("\n" + "\n".join(summary_lines(result, early=stopped)) + "\n")
        for m in result.get("mistakes", []):
            out.write(
                "  ✗ "
                + _("{step}: '{given}', right: {expected} ({rule})").format(
                    step=m["step"],
                    given=m["given"],
                    expected=m["right"],
                    rule=m["rule"],
                )
                + "\n"
            )
    return 1 if lost else 0


def add_commands(sub: Any) -> None:
    d = sub.add_parser(
        "deal",
        help=_("deal a shoe: every step of every round, judged and timed"),
        description=_(
            "Deal mode: whole rounds from the shuffle to the cut card — deal each card to its "
            "box, announce every point, carry out or refuse the players' decisions, collect "
            "busts at once, draw or stand, settle right to left. Every step is stored."
        ),
    )
    d.add_argument("--boxes", type=int, metavar="N", help=_("boxes in play (default: the table's)"))
    d.add_argument(
        "--mode",
        choices=MODES,
        default=PRACTICE,
        help=_("practice stops at each error; exam says nothing until the shoe ends"),
    )
    d.add_argument(
        "--incidents",
        choices=tuple(INCIDENT_RATES),
        default=OFF,
        help=_("exposed cards, refused requests: off, rare or frequent"),
    )
    d.add_argument(
        "--shift",
        type=shift_arg,
        metavar="MINUTES",
        help=_("a timed shift instead of a shoe (1 to {max} minutes)").format(max=MAX_SHIFT),
    )
    d.add_argument("--seed", type=int, help=_("deal the same shoe again (an instructor's seed)"))
    guide = d.add_mutually_exclusive_group()
    guide.add_argument(
        "--guided",
        action="store_true",
        help=_("practice: each step named for you (default for a first shoe)"),
    )
    guide.add_argument(
        "--on-your-own",
        action="store_true",
        help=_(
            "you name the place and the action of each step (the default once a shoe has "
            "been dealt; an exam and a shift always)"
        ),
    )
    add_preset_argument(d)
    add_profile_arguments(d, _("the trainee's profile (default: $SABOT_PROFILE or 'default')"))
    d.add_argument("--json", action="store_true", help=_("one JSON line per step and verdict"))
    d.add_argument(
        "--transcript",
        action="store_true",
        help=_("with --json, each step carries the engine's right answer (for scripts)"),
    )
    d.set_defaults(func=cmd_deal)


__all__ = ["Decimal", "add_commands", "cmd_deal", "summary", "summary_lines"]
