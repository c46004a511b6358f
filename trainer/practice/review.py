"""Review across days: what a reviewed item is, how an answer rates it, and how a review question
is made again on the very situation the trainee missed.

An *item* of the review schedule is what the trainee saw, not only its category: the skill, the
item key (its category, "announce:soft-16", kept for the statistics) and the *situation* — the
concrete hand or stake of the question ("A-4-A", a Black Jack on 25 at box 3), read from the
question's stored data by `situation`. A skill whose whole table is the question (a table to
settle, an order of play) has no situation of its own: its item is its category.

How an answer rates its item (the rules book's "How Sabot schedules", §15) — `rating`:

- wrong: *again*;
- right, slower than the skill's target time: *hard*;
- right within the target: *good*;
- right within half the target: *easy*.

An answer whose time is not the trainee's (piped answers, a deal shoe's single presses) is rated
by right or wrong alone: *good* or *again*.

A review question is made again by `remake`, aimed at the very situation (`Skill.aim_at`): the
same cards in the same order, split and stood as they were, dealt to a box of a freshly dealt
table; the same stake at the same box. Only where today's rules cannot make that situation (the
item was missed under a preset that split, or took a bet today's limits refuse) is it asked on
its category instead, and its data says so (`ON_CATEGORY`), so that the review line names the
category, never a hand the felt does not show. Either way its data names the situation it
reviews (`REVIEWED`), so the answer updates that item's schedule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from trainer.game.rules import HouseRules
from trainer.i18n import N_, _
from trainer.practice.skills.base import Question, Skill, made, retold, seen_of

# The ratings, as the fsrs package numbers them (fsrs.Rating): written here so that rating an
# answer needs no import of the scheduler.
AGAIN: Final = 1
HARD: Final = 2
GOOD: Final = 3
EASY: Final = 4
RATINGS: Final = {AGAIN: "again", HARD: "hard", GOOD: "good", EASY: "easy"}

# The key of a review question's data that names the situation it reviews.
REVIEWED: Final = "review"
# The key of a review question's data, True when it was made on the item's category alone: today's
# rules cannot make the situation reviewed.
ON_CATEGORY: Final = "review-category"

# What makes a question's situation, per skill: the data fields the trainee read. A skill not
# named here has none beyond its item key (its question is a whole table).
SITUATION_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    "announce": ("cards", "split", "stood"),
    "pay-even": ("bet", "box"),
    "pay-double": ("bet", "box"),
    "pay-blackjack": ("bet", "box"),
    "pay-insurance": ("bet", "insured", "ask", "box"),
    "chips": ("amount", "why", "bet", "box"),
}


def rating(correct: bool, response_ms: int, target_s: float, timed: bool = True) -> int:
    """How an answer rates its item: AGAIN, HARD, GOOD or EASY (see the module's docstring)."""
    if not correct:
        return AGAIN
    if not timed:
        return GOOD
    target_ms = target_s * 1000
    if response_ms > target_ms:
        return HARD
    if response_ms * 2 <= target_ms:
        return EASY
    return GOOD


def _ranks(cards: Any) -> str:
    return "-".join("10" if str(c)[0] == "T" else str(c)[0] for c in cards)


def situation(skill: str, data: Mapping[str, Any]) -> str:
    """The concrete situation of a question of `skill` with this data, language-free: "A-4-A",
    "A-4-A stood", "bet 25 box 3"; "" for a skill whose item key is the whole situation. A
    review question's is the situation it reviews."""
    reviewed = data.get(REVIEWED)
    if isinstance(reviewed, str):
        return reviewed
    words = []
    for name in SITUATION_FIELDS.get(skill, ()):
        value = data.get(name)
        if value is None or value is False:
            continue
        if name == "cards":
            words.append(_ranks(value))
        elif value is True:
            words.append(name)
        else:
            words.append(f"{name} {value}")
    return " ".join(words)


def remake(
    skill: Skill, rng: random.Random, rules: HouseRules, item: str, data: Mapping[str, Any]
) -> Question | None:
    """A question reviewing the item `item` seen with `data`: aimed at its very situation, on a
    fresh table (`Skill.make_item` with the situation seen); on its category only where
    today's rules cannot make that situation (its data then says so: `ON_CATEGORY`). Its data
    names the situation it reviews. None when the rules of today cannot make the item."""
    wanted = situation(skill.name, data)
    if wanted:
        seen = seen_of(data, SITUATION_FIELDS[skill.name])
        q = made(skill, rng, rules, item, seen)
        if q is not None and situation(skill.name, q.data) == wanted:
            return _reviewing(q, wanted)
    q = made(skill, rng, rules, item)
    if q is None:
        return None
    return _reviewing(q, wanted, on_category=bool(wanted))


def _reviewing(q: Question, wanted: str, on_category: bool = False) -> Question:
    data = {**q.data, REVIEWED: wanted}
    if on_category:
        data[ON_CATEGORY] = True
    return replace(q, data=data)


def retold_review(q: Question, skill: Skill, rules: HouseRules) -> Question:
    """`retold(q)` for any question, a review's too: said again in the language of the moment,
    still naming the situation it reviews."""
    wanted = q.data.get(REVIEWED)
    if wanted is None:
        return retold(q, skill, rules)
    on_category = q.data.get(ON_CATEGORY) is True
    bare = replace(q, data={k: v for k, v in q.data.items() if k not in (REVIEWED, ON_CATEGORY)})
    again = retold(bare, skill, rules)
    return q if again is bare else _reviewing(again, wanted, on_category)


# A situation's words as a trainee reads them (`said_situation`), translated where used.
_SAID: Final[Mapping[str, str]] = {
    "bet": N_("bet {value}"),
    "box": N_("box {value}"),
    "amount": N_("{value} to pay"),
    "ask": N_("asks {value}"),
    "insured": N_("insured {value}"),
}
_FLAGS: Final[Mapping[str, str]] = {
    "split": N_("after a split"),
    "stood": N_("standing"),
    "insured": N_("insured"),
}
_WHY: Final[Mapping[str, str]] = {
    "win": N_("for a win"),
    "double": N_("for a double"),
    "blackjack": N_("for a Black Jack"),
}


def said_situation(skill: str, text: str, *, amounts: Sequence[str] = ()) -> str:
    """A situation (`situation`'s text) in the words of the moment: "A-4-A, standing",
    "box 3"; the bet left out where it is one of `amounts`, which the item's name says
    already."""
    names = SITUATION_FIELDS.get(skill, ())
    words = text.split()
    out: list[str] = []
    i = 0
    if words and "cards" in names and words[0] not in names:
        out.append(words[0])  # the hand's ranks, the same in every language
        i = 1
    while i < len(words):
        name = words[i]
        value = None
        if i + 1 < len(words) and words[i + 1] not in names:
            value = words[i + 1]
            i += 2
        else:
            i += 1
        if name == "why" and value in _WHY:
            if out:
                out[-1] = f"{out[-1]} {_(_WHY[value])}"
            continue
        if name in _AMOUNTS and value in amounts:
            continue  # the item's name says it already
        if name == "ask":
            continue  # what is asked of the insurance is the item's name ("… paid")
        if name in _AMOUNTS and value is not None:
            value = _amount_words(value)
        form = _SAID.get(name) if value is not None else _FLAGS.get(name)
        if form is None:
            out.append(name if value is None else f"{name} {value}")
        else:
            out.append(_(form).format(value=value))
    return ", ".join(out)


# a situation's fields that are amounts: written as a drill writes one ("32,50" in French)
_AMOUNTS: Final = frozenset({"bet", "amount", "insured"})


def _amount_words(value: str) -> str:
    from decimal import Decimal, InvalidOperation

    from trainer.practice.skills.base import amount

    try:
        return amount(Decimal(value))
    except InvalidOperation:
        return value
