"""Scenario files: an instructor's round written as JSON, replayed by the engine into a transcript.

```json
{"rules": "casino-fr",
 "boxes": {"1": {"bets": {"seat": 10, "behind-a": 5}, "actions": ["hit", "stand"]}},
 "cards": ["T", "8", "9", "6"]}
```
`rules` is a preset name or `{"preset": ..., option: value}`; `boxes` by number, each with its
`bets` by bettor (`seat` decides), optional `insurance` by bettor (`{"seat": 5, "behind-a": 5}`;
a plain amount is the seated player's when it is a valid insurance for his bet, else, when it is
exactly the sum of every bettor's half bet, each bettor's half), optional `refuse` (behind
bettors who refuse to add money for a split or double) and `actions` in playing order; `cards` in
the order they leave the shoe after the burn. An optional `exposed` entry,
`{"at": "4.1", "refused_by": ["4", "dealer"]}`, exposes the next card by mistake when hand `at`
is about to play [003].

Every problem is a `ScenarioError` whose message names the box and the problem.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from trainer.game.cards import CardError, parse_card
from trainer.game.payout import money
from trainer.game.round import ACTIONS, SEAT, Round, RoundError
from trainer.game.rules import (
    AMOUNT_DECIMALS,
    HouseRules,
    RulesError,
    amount_form,
    read_amount,
    shown,
)
from trainer.game.shoe import OutOfCards, ScriptedCards
from trainer.i18n import N_, _, ngettext


class ScenarioError(ValueError):
    """A scenario that cannot be played; the message is one line for the instructor."""


@dataclass(frozen=True)
class BoxPlan:
    number: int
    bets: dict[str, Decimal]
    actions: tuple[str, ...]
    insurance: dict[str, Decimal]  # by bettor; empty when nobody insures
    refuse: tuple[str, ...]
    insurance_plain: bool = False  # written as one amount, the seated player's


@dataclass(frozen=True)
class Scenario:
    rules: HouseRules
    boxes: tuple[BoxPlan, ...]
    cards: tuple[str, ...]
    exposed_at: str | None = None
    exposed_refused_by: tuple[str, ...] = ()


HALF_BET_DECIMALS = AMOUNT_DECIMALS + 1  # an insurance is half a bet: 3.125 of 6.25
MAX_BETTORS = 20  # on one box: the seated player and up to 19 behind [000][003]
_BOX_NUMBER = re.compile(r"[1-9][0-9]?", re.ASCII)


def _amount(where: str, v: Any, decimals: int = AMOUNT_DECIMALS) -> Decimal:
    """An amount in a scenario: a JSON number or text in plain digits, `amount_form`, positive
    ("1_0", "１０", "10.123456789" and 1e999999999 are not amounts)."""
    try:
        return read_amount(v, decimals)
    except ValueError as e:
        if str(e) == "not positive":
            raise ScenarioError(
                _("{where}: an amount must be positive, not {value}").format(
                    where=where, value=shown(v)
                )
            ) from None
        raise ScenarioError(
            _('{where}: expected an amount like 10 or "12.5" ({form}), not {value}').format(
                where=where, form=amount_form(decimals), value=shown(v)
            )
        ) from None


def _bettors(where: str, names: Any) -> None:
    """Bettor names a table can call out: not empty, no control characters, no two the same
    but for spaces around them, at most MAX_BETTORS."""
    if len(names) > MAX_BETTORS:
        raise ScenarioError(
            _(
                "{where}: at most {most} bettors on a box (the seat and {behind} behind), not "
                "{count}"
            ).format(where=where, most=MAX_BETTORS, behind=MAX_BETTORS - 1, count=len(names))
        )
    seen: dict[str, str] = {}
    for name in names:
        if not name.strip():
            raise ScenarioError(
                _(
                    '{where}: a bettor\'s name cannot be empty or blank, not {name} ("seat" is '
                    "the seated player)"
                ).format(where=where, name=shown(name))
            )
        if not name.replace(" ", "").isprintable():
            raise ScenarioError(
                _(
                    "{where}: the bettor name {name} has a control or invisible character in it"
                ).format(where=where, name=shown(name))
            )
        other = seen.setdefault(name.strip(), name)
        if other != name:
            raise ScenarioError(
                _(
                    "{where}: the bettor names {first} and {second} differ only by spaces: give "
                    "each bettor one name"
                ).format(where=where, first=shown(other), second=shown(name))
            )


def _number(text: str) -> float | str:
    """A JSON number with a fraction or an exponent, as json reads it — but one written with an
    exponent (1e9, 1e999999999) stays its text: amounts are written in plain digits, and a
    message quotes what was written, not "1000000000.0" or "inf"."""
    if "e" in text or "E" in text:
        return text
    value = float(text)
    return value if math.isfinite(value) else text


def _whole(text: str) -> int | str:
    """A JSON whole number, as json reads it — but one of more than WHOLE_DIGITS digits stays
    its text, which the field it is in refuses with its own bound (Python will not even read one
    of a few thousand digits)."""
    return int(text) if len(text) <= WHOLE_DIGITS else text


WHOLE_DIGITS: Final = 30  # well past any amount (12 digits) or option


# the parser's words (`json.JSONDecodeError.msg`): English as Python writes them, translated in
# the catalogue; one Python adds later is said as it writes it
_JSON_PROBLEMS: Final = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)


def _json_problem(msg: str) -> str:
    return _(msg) if msg in _JSON_PROBLEMS else msg


def parse_scenario(text: str) -> Scenario:
    """Read a scenario from JSON text; ScenarioError on anything malformed."""
    try:
        data = json.loads(text, parse_float=_number, parse_int=_whole)
    except json.JSONDecodeError as e:
        raise ScenarioError(
            _("malformed JSON: {problem} at line {line} column {column}").format(
                problem=_json_problem(e.msg), line=e.lineno, column=e.colno
            )
        ) from None
    except RecursionError:
        raise ScenarioError(
            _(
                "malformed JSON: nested too deeply (a scenario is a few levels deep: rules, "
                "boxes, bets)"
            )
        ) from None
    except ValueError:  # a number of thousands of digits: Python will not read it
        raise ScenarioError(_("malformed JSON: a number too long to be read")) from None
    return scenario_from_data(data)


def scenario_from_data(data: Any) -> Scenario:
    if not isinstance(data, Mapping):
        raise ScenarioError(_('a scenario is a JSON object with "rules", "boxes" and "cards"'))
    unknown = set(data) - {"rules", "boxes", "cards", "exposed", "title", "note"}
    if unknown:
        raise ScenarioError(
            _(
                "unknown field {field}: a scenario has rules, boxes, cards (and optionally "
                "exposed, title, note)"
            ).format(field=repr(sorted(unknown)[0]))
        )
    spec = data.get("rules", "casino-fr")
    if spec is None:  # a null is a mistake, not a wish for the default
        raise ScenarioError(
            _(
                'rules: expected a preset name like "casino-fr" or an object like '
                '{example}, not null (leave "rules" out for casino-fr)'
            ).format(example='{"preset": "casino-it", "decks": 2}')
        )
    try:
        rules = HouseRules.from_spec(spec)
    except RulesError as e:
        raise ScenarioError(_("rules: {problem}").format(problem=e)) from None
    raw_boxes = data.get("boxes")
    if not isinstance(raw_boxes, Mapping) or not raw_boxes:
        raise ScenarioError(
            _("boxes: expected an object of boxes by number, e.g. {example}").format(
                example='{"1": {...}}'
            )
        )
    plans = []
    for key, spec in raw_boxes.items():
        if not _BOX_NUMBER.fullmatch(key):  # not "١", "01" or " 1": one box, one name
            raise ScenarioError(
                _("box {key}: boxes are numbered 1 to {last}, in plain digits").format(
                    key=shown(key), last=rules.boxes
                )
            )
        n = int(key)
        where = _("box {number}").format(number=n)
        if not 1 <= n <= rules.boxes:
            raise ScenarioError(
                _("{where}: this table has boxes 1 to {last}").format(where=where, last=rules.boxes)
            )
        if not isinstance(spec, Mapping):
            raise ScenarioError(
                _('{where}: expected an object with "bets" and "actions"').format(where=where)
            )
        extra = set(spec) - {"bets", "actions", "insurance", "refuse"}
        if extra:
            raise ScenarioError(
                _(
                    "{where}: unknown field {field} (a box has bets, actions, insurance, refuse)"
                ).format(where=where, field=repr(sorted(extra)[0]))
            )
        bets_raw = spec.get("bets")
        if not isinstance(bets_raw, Mapping) or not bets_raw:
            raise ScenarioError(
                _('{where}: expected "bets" by bettor, e.g. {example}').format(
                    where=where, example='{"seat": 10}'
                )
            )
        _bettors(where, bets_raw)
        bets = {
            str(k): _amount(_("{where}: bet of {bettor}").format(where=where, bettor=k), v)
            for k, v in bets_raw.items()
        }
        actions = spec.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ScenarioError(
                _('{where}: "actions" is a list like {example}').format(
                    where=where, example='["hit", "stand"]'
                )
            )
        for a in actions:
            if a not in ACTIONS:
                raise ScenarioError(
                    _("{where}: unknown action {action}: expected {actions}").format(
                        where=where, action=repr(a), actions=", ".join(ACTIONS)
                    )
                )
        ins = spec.get("insurance")
        insurance: dict[str, Decimal] = {}
        if isinstance(ins, Mapping):
            # [003] every bettor on the box may insure, against his own bet
            for k, v in ins.items():
                who = str(k)
                if who not in bets:
                    raise ScenarioError(
                        _(
                            "{where}: insurance of {bettor}: {bettor} has no bet on the box (the "
                            "bettors are {bettors})"
                        ).format(where=where, bettor=who, bettors=", ".join(bets))
                    )
                of = _("{where}: insurance of {bettor}").format(where=where, bettor=who)
                insurance[who] = _amount(of, v, HALF_BET_DECIMALS)
        elif ins is not None:
            of = _("{where}: insurance").format(where=where)
            insurance[SEAT] = _amount(of, ins, HALF_BET_DECIMALS)
        refuse = spec.get("refuse", [])
        if not isinstance(refuse, list) or not all(isinstance(x, str) for x in refuse):
            raise ScenarioError(
                _('{where}: "refuse" is a list of bettor names').format(where=where)
            )
        for who in refuse:
            # [000][003] the seated player takes every decision; a standing bettor on the box
            # may refuse to follow his double or split (behind_consent); a stranger has nothing
            # to refuse
            if who not in bets:
                raise ScenarioError(
                    _(
                        "{where}: refusal of {bettor}: {bettor} has no bet on the box (the "
                        "bettors are {bettors})"
                    ).format(where=where, bettor=who, bettors=", ".join(bets))
                )
            if who == SEAT:
                raise ScenarioError(
                    _(
                        "{where}: refusal of {bettor}: only a behind bettor refuses to follow "
                        "the seated player's double or split"
                    ).format(where=where, bettor=who)
                )
        plans.append(
            BoxPlan(n, bets, tuple(actions), insurance, tuple(refuse), not isinstance(ins, Mapping))
        )
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        raise ScenarioError(
            _("cards: expected a list of cards like {example}").format(example='["T", "8", "AS"]')
        )
    cards = []
    for i, c in enumerate(raw_cards, 1):
        try:
            cards.append(parse_card(c))
        except CardError as e:
            raise ScenarioError(
                _("cards: card {number}: {problem}").format(number=i, problem=e)
            ) from None
    exposed = data.get("exposed")
    at: str | None = None
    refused: tuple[str, ...] = ()
    if exposed is not None:
        if not isinstance(exposed, Mapping) or "at" not in exposed:
            raise ScenarioError(
                _("exposed: expected {example}").format(
                    example='{"at": "<hand about to play>", "refused_by": [...]}'
                )
            )
        at = str(exposed["at"])
        rb = exposed.get("refused_by", [])
        if not isinstance(rb, list):
            raise ScenarioError(_('exposed: "refused_by" is a list of box numbers and "dealer"'))
        refused = tuple(str(x) for x in rb)
    return Scenario(rules, tuple(sorted(plans, key=lambda p: p.number)), tuple(cards), at, refused)


def play(sc: Scenario) -> tuple[Round, list[str]]:
    """Play a scenario to the end. Returns the round and warnings (actions left unused)."""
    cards = ScriptedCards(sc.cards)
    rnd = Round(sc.rules, cards)
    plans = {p.number: p for p in sc.boxes}
    queues = {p.number: list(p.actions) for p in sc.boxes}
    try:
        for p in sc.boxes:
            for bettor, amount in p.bets.items():
                rnd.bet(p.number, bettor, amount)
        rnd.deal()
        for p in sc.boxes:
            # out of the insurance phase, insure raises: not offered, and says why
            for bettor, amount in _insurances(p, rnd).items():
                try:
                    rnd.insure(p.number, amount, bettor)
                except RoundError as e:
                    raise ScenarioError(e.text() + _insurance_hint(p, rnd)) from None
        if rnd.phase == "insurance":
            rnd.close_insurance()
        exposed_pending = sc.exposed_at
        while rnd.current is not None:
            h = rnd.current
            if exposed_pending is not None and h.label == exposed_pending:
                exposed_pending = None
                rnd.expose(sc.exposed_refused_by)
                continue
            q = queues[h.box]
            if not q:
                raise ScenarioError(
                    _("box {box}: no action left for hand {hand} ({cards}, {point})").format(
                        box=h.box, hand=h.label, cards=" ".join(h.cards), point=h.words()
                    )
                )
            rnd.act(q.pop(0), plans[h.box].refuse)
        if exposed_pending is not None:
            raise ScenarioError(
                _("exposed: hand {hand} never came to play").format(hand=exposed_pending)
            )
    except RoundError as e:
        raise ScenarioError(e.text()) from None
    except OutOfCards as e:
        d = rnd.drawing_for
        where = _("box {number}").format(number=d) if isinstance(d, int) else str(d or "")
        said = (
            _("{where}: {problem}; the scenario needs more cards")
            if where
            else _("{problem}; the scenario needs more cards")
        )
        raise ScenarioError(said.format(where=where, problem=e)) from None
    warnings = [
        ngettext(
            "box {box}: {count} action not used ({actions}): its hands were already closed",
            "box {box}: {count} actions not used ({actions}): its hands were already closed",
            len(q),
        ).format(box=n, count=len(q), actions=", ".join(q))
        for n, q in queues.items()
        if q
    ]
    if cards.left:
        warnings.append(
            ngettext(
                "cards: {count} card not used", "cards: {count} cards not used", cards.left
            ).format(count=cards.left)
        )
    return rnd, warnings


def _insurances(p: BoxPlan, rnd: Round) -> dict[str, Decimal]:
    """What each bettor of box `p` insures. A plain amount N is the seated player's when it is a
    valid insurance for the seat's bet; else, when N is exactly the sum of every bettor's half
    stake, every bettor on the box insures half of his own [003] (the box's insurance written
    as one amount); else it is refused, with the most the seat may insure and the per-bettor
    form."""
    amount = p.insurance.get(SEAT) if p.insurance_plain else None
    if amount is None or len(p.bets) < 2 or rnd.phase != "insurance":
        return p.insurance
    if rnd.insurance_refusal(p.number, amount, SEAT) is None:
        return p.insurance
    halves = rnd.insurable().get(p.number, {})
    if len(halves) == len(p.bets) and sum(halves.values(), Decimal(0)) == amount:
        return halves
    each = ", ".join(f'"{k}": {money(v)}' for k, v in halves.items())
    most = money(halves.get(SEAT, Decimal(0)))
    raise ScenarioError(
        _(
            "box {box}: insurance {amount} is neither the seated player's (at most {most}) nor "
            "half of every bettor's bet ({total} in all): write each bettor's insurance, {write}"
        ).format(
            box=p.number,
            amount=money(amount),
            most=most,
            total=money(sum(halves.values(), Decimal(0))),
            write='"insurance": {' + each + "}",
        )
    )


def _insurance_hint(p: BoxPlan, rnd: Round) -> str:
    """For a plain amount refused on a box with standing bettors: how to insure each of them."""
    if not p.insurance_plain or len(p.bets) < 2 or rnd.phase != "insurance":
        return ""
    each = ", ".join(f'"{k}": {money(v)}' for k, v in rnd.insurable().get(p.number, {}).items())
    said = _("; a plain amount is the seated player's: each bettor insures his own bet, {each}")
    return said.format(each="{" + each + "}")


def transcript(rnd: Round) -> dict[str, Any]:
    """The round as the `sabot round` JSON: deal order, hands, insurance, dealer, events."""
    return {
        "rules": rnd.rules.describe(),
        "deal": list(rnd.deal_order),
        "hands": [
            {
                "hand": h.label,
                "cards": list(h.cards),
                "announcements": list(h.announcements),
                "result": h.result,
                "net": {k: money(v) for k, v in h.net.items()},
            }
            for h in rnd.hands()
        ],
        "insurance": {
            str(b.number): {k: money(v) for k, v in b.insurance_nets.items()}
            for b in rnd.boxes.values()
            if b.insurance_nets
        },
        "dealer": {
            "cards": list(rnd.dealer),
            "announcements": list(rnd.dealer_announcements),
            "result": rnd.dealer_result,
        },
        "events": list(rnd.events),
    }


def replay(text: str) -> tuple[dict[str, Any], list[str]]:
    rnd, warnings = play(parse_scenario(text))
    return transcript(rnd), warnings
