"""`sabot review`: the items the review schedule has due today (`trainer.history.review`), asked
in the terminal the way `sabot drill` asks, oldest due first, mixed across skills (the due
counts, which `sabot stats` prints too, are said by `trainer.commands.drill.due_text`).

With nothing due it says so, and when the next items fall due; `--json` then prints the counts
as one JSON line.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from trainer.commands.common import (
    EXIT_USAGE,
    add_preset_argument,
    add_profile_arguments,
    count_arg,
    not_started,
    open_profile,
    printable,
    write_json,
)
from trainer.game.payout import FEWEST
from trainer.game.rules import HouseRules, RulesError
from trainer.i18n import _
from trainer.practice.drill import REVIEW


def cmd_review(args: argparse.Namespace) -> int:
    from trainer.commands.drill import _rules_spec, cmd_drill, due_text
    from trainer.history.review import build
    from trainer.history.store import StoreError
    from trainer.practice.drill import Drill
    from trainer.practice.skills import SKILLS
    from trainer.practice.skills.base import Practice

    try:
        rules = HouseRules.from_spec(_rules_spec(args))
    except (RulesError, ValueError) as e:
        print(f"sabot review: {e}", file=sys.stderr)
        return EXIT_USAGE
    opened = open_profile(args, "review")
    if isinstance(opened, int):
        return opened
    store, profile = opened
    now = time.time()
    try:
        schedule = build(store, profile)
    except ValueError:  # a new profile: nothing practised, nothing due
        from trainer.history.review import Schedule

        schedule = Schedule()
    due = [
        i
        for i in schedule.due(now)
        if i.skill in SKILLS and SKILLS[i.skill].available(rules) is None
    ]
    if not due:
        counts = schedule.counts(now)
        store.close()
        if args.json:
            write_json({"review": {"today": 0, "tomorrow": counts.tomorrow}})
        else:
            print(
                _("Nothing is due for review today, {profile}.").format(profile=printable(profile))
            )
            print(due_text(0, counts.tomorrow))
        return 0
    try:
        drill = Drill(
            [SKILLS[n] for n in dict.fromkeys(i.skill for i in due)],
            rules,
            mode=REVIEW,
            count=args.count,
            seed=args.seed,
            store=store,
            profile=profile,
            interactive=sys.stdin.isatty(),
            practice=Practice(chip_payment=FEWEST),
            reviews=[(i.skill, i.item, i.question) for i in due],
        )
    except StoreError as e:
        return not_started("review", store, e)
    except ValueError as e:
        return not_started("review", store, e, EXIT_USAGE)
    args.prepared = (drill, store)
    return cmd_drill(args)


def add_commands(sub: Any) -> None:
    r = sub.add_parser(
        "review",
        help=_("review the items due today"),
        description=_(
            "Ask the items your review schedule has due today, oldest due first, across skills: "
            "the very hands and stakes you missed, each on a freshly dealt table."
        ),
    )
    r.add_argument("--count", type=count_arg, help=_("at most this many items"))
    add_profile_arguments(r, _("whose review (default: $SABOT_PROFILE or 'default')"))
    add_preset_argument(r)
    r.add_argument("--json", action="store_true", help=_("one JSON line per question and verdict"))
    r.set_defaults(
        func=cmd_review,
        skill=None,
        mode=REVIEW,
        seed=None,
        option=None,
        chip_payment=FEWEST,
        assignment=None,
    )
