"""The mastery of deal mode, "Deal a shoe": a standard of its own per number of boxes, earned by
whole shoes — never by a drill skill's figures, and never giving any (`measures.OWN_FIGURES`).

Definitions (the standard is data, `SHOE_MASTERY`; the figures of each shoe are
`progress_data.SessionLine`'s, as the Deal shoes tab and the sessions list read them):

- The shoes that count: the typed ones (a piped shoe counts for nothing, as everywhere) that
  ended, with at least one step, whose steps say the boxes they were dealt to.
- Per number of boxes, the window is the last `shoes` shoes dealt to that number. Over them
  together: the rounds dealt to their end (`ShoeFacts.done`), the steps and the steps done wrong
  at the first try, the time from each shuffle to the end of its last round dealt to its end.
- Errors per 100 steps: the window's errors × 100 over its steps. Pace: the window's rounds
  dealt to their end over its time, in rounds per hour, against the school's reference for the
  number of boxes (`practice.deal.reference_rounds_per_hour`).
- Mastered at that number of boxes: the window full (`shoes` shoes), at least `min_rounds`
  rounds dealt to their end in it, at most `errors_per_100` errors per 100 steps, and a pace at
  or above `pace` times the reference.

The standard is a house practice (a school sets its own bar): Sabot's is chosen here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from trainer.i18n import _, format_number, ngettext
from trainer.practice.deal import reference_rounds_per_hour

if TYPE_CHECKING:
    from trainer.history.progress_data import SessionLine
    from trainer.history.store import Store


@dataclass(frozen=True, slots=True)
class ShoeStandard:
    shoes: int = 3  # the last shoes dealt to a number of boxes that the standard looks at
    min_rounds: int = 50  # rounds dealt to their end over them, at least
    errors_per_100: Fraction = Fraction(2)  # steps done wrong at the first try per 100, at most
    pace: Fraction = Fraction(1)  # rounds per hour over them: at least this share of the reference


# Sabot's standard (chosen: a house practice): over the last 3 shoes at a number of boxes, 50
# rounds or more, at most 2 errors per 100 steps, at the school's reference pace or faster.
SHOE_MASTERY: Final = ShoeStandard()


@dataclass(frozen=True, slots=True)
class ShoeStanding:
    """Deal mode's figures at one number of boxes over the standard's window, and the verdict."""

    boxes: int
    shoes: int  # shoes in the window (at most the standard's)
    rounds: int  # rounds dealt to their end in them
    steps: int
    errors: int  # steps done wrong at the first try
    seconds: float  # from each shuffle to the end of its last round dealt to its end
    rule: ShoeStandard = SHOE_MASTERY

    @property
    def errors_per_100(self) -> float | None:
        return 100 * self.errors / self.steps if self.steps else None

    @property
    def rounds_per_hour(self) -> float | None:
        return self.rounds * 3600 / self.seconds if self.rounds and self.seconds > 0 else None

    @property
    def reference(self) -> float:
        return reference_rounds_per_hour(self.boxes)

    def _fast_enough(self) -> bool:
        rate = self.rounds_per_hour
        return rate is not None and Fraction(rate) >= self.rule.pace * Fraction(self.reference)

    def _accurate(self) -> bool:
        return bool(self.steps) and Fraction(100 * self.errors, self.steps) <= (
            self.rule.errors_per_100
        )

    @property
    def mastered(self) -> bool:
        r = self.rule
        return (
            self.shoes >= r.shoes
            and self.rounds >= r.min_rounds
            and self._accurate()
            and self._fast_enough()
        )

    @property
    def figures_text(self) -> str:
        """ "2 shoes · 41 rounds · 1.2 errors per 100 steps · 52 rounds/h (reference 58)"."""
        parts = [
            ngettext("{count} shoe", "{count} shoes", self.shoes).format(
                count=format_number(self.shoes)
            ),
            ngettext("{count} round", "{count} rounds", self.rounds).format(
                count=format_number(self.rounds)
            ),
        ]
        per_100 = self.errors_per_100
        if per_100 is not None:
            parts.append(
                _("{rate} errors per 100 steps").format(rate=format_number(per_100, places=1))
            )
        rate = self.rounds_per_hour
        if rate is not None:
            parts.append(
                _("{rate} rounds/h (reference {reference})").format(
                    rate=format_number(rate, places=0),
                    reference=format_number(self.reference, places=0),
                )
            )
        return " · ".join(parts)

    @property
    def gaps(self) -> tuple[str, ...]:
        """What the standard still lacks, in words (none once mastered)."""
        r = self.rule
        out: list[str] = []
        if self.shoes < r.shoes:
            n = r.shoes - self.shoes
            out.append(
                ngettext("{count} more shoe", "{count} more shoes", n).format(
                    count=format_number(n)
                )
            )
        if self.rounds < r.min_rounds:
            n = r.min_rounds - self.rounds
            out.append(
                ngettext("{count} more round", "{count} more rounds", n).format(
                    count=format_number(n)
                )
            )
        if self.steps and not self._accurate():
            out.append(
                _("at most {most} errors per 100 steps").format(
                    most=format_number(float(r.errors_per_100), places=0)
                )
            )
        if self.rounds and not self._fast_enough():
            out.append(
                _("at least {rate} rounds/h").format(
                    rate=format_number(float(r.pace) * self.reference, places=0)
                )
            )
        return tuple(out)

    @property
    def text(self) -> str:
        """The standing in a line: "7 boxes: mastered — 3 shoes · …" or what is missing."""
        where = ngettext("{count} box", "{count} boxes", self.boxes).format(
            count=format_number(self.boxes)
        )
        if self.mastered:
            return _("{boxes}: mastered — {figures}").format(boxes=where, figures=self.figures_text)
        return _("{boxes}: not yet ({missing}) — {figures}").format(
            boxes=where, missing=", ".join(self.gaps), figures=self.figures_text
        )


def standings(
    lines: Iterable[SessionLine], rule: ShoeStandard = SHOE_MASTERY
) -> list[ShoeStanding]:
    """Per number of boxes a shoe was dealt to, fewest first: the standard's verdict over the
    last shoes dealt to it (`lines`: a sessions list, `progress_data.session_history`'s)."""
    by_boxes: defaultdict[int, list[SessionLine]] = defaultdict(list)
    for line in sorted(lines, key=lambda x: (x.started, x.session_id)):
        if line.is_shoe and line.shoe is not None and line.ended is not None and line.attempts:
            by_boxes[line.shoe.boxes].append(line)
    out = []
    for boxes in sorted(by_boxes):
        window = by_boxes[boxes][-rule.shoes :]
        rounds = steps = errors = 0
        seconds = 0.0
        for x in window:
            facts = x.shoe
            assert facts is not None
            rounds += facts.dealt
            seconds += facts.seconds if facts.done_seconds is None else facts.done_seconds
            steps += x.attempts
            errors += x.errors
        out.append(ShoeStanding(boxes, len(window), rounds, steps, errors, seconds, rule))
    return out


def shoe_standings(store: Store, profile: str) -> list[ShoeStanding]:
    """The profile's standings (none for a profile without a shoe, or unknown)."""
    from trainer.history.progress_data import session_history

    try:
        _points, lines = session_history(store, profile)
    except ValueError:  # no such profile yet
        return []
    return standings(lines)


def standing_lines(store: Store, profile: str) -> list[str]:
    """The standings as home and `sabot stats` say them, one line per number of boxes."""
    return [
        _("Deal a shoe · {standing}").format(standing=s.text)
        for s in shoe_standings(store, profile)
    ]


def standing_json(standings_: Sequence[ShoeStanding]) -> dict[str, dict[str, object]]:
    """`sabot stats --json`'s "deal-shoe": per number of boxes (as a string key)."""
    return {
        str(s.boxes): {
            "shoes": s.shoes,
            "rounds": s.rounds,
            "steps": s.steps,
            "errors": s.errors,
            "errors_per_100": s.errors_per_100,
            "rounds_per_hour": s.rounds_per_hour,
            "reference_rounds_per_hour": s.reference,
            "mastered": s.mastered,
        }
        for s in standings_
    }
