"""Said forms: the few values a stored question's words are made of, kept beside it by the store
(`said_form`) and said by the export without parsing the question's JSON (`say_form`,
`FORM_WORDS`), word for word as `trainer.history.words.describe_question` says it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from trainer.history.words import (
    _CHIPS_WHY,
    FORM_SEP,
    HAND_SEP,
    _against,
    _behind_bettors,
    _deal_to,
    _in_play,
    _rank_of,
    _refused_by,
    _Said,
    _shows_in_play,
    _split_into,
    say_buy_in,
    say_change,
    say_colour_up,
    say_conversions,
    say_read_pay,
    say_stack_values,
    words_now,
)

# -- said forms: the values a question's words are made of, stored for the export ---------------
# The export says every question of a history, and in a real one nearly every question is one of
# its own: parsing each one's JSON cost as much as saying it. So the store keeps, beside a question
# of one of the skills' own shapes, its *said form*: the few values its words are made of, already
# as the table names them (ranks, box and hand labels, amounts as stored), in no language, in one
# short text — a kind ("an", "pt", …), then the values, FORM_SEP between them; within a value the
# ranks of a hand or the items of a list, one space between; a hand of a table (`_clause`) its
# label, its ranks and its stake, HAND_SEP between.
#
# `said_form` makes it: None for a question of any other shape (an older one, a dealt shoe's step),
# which is said from its JSON (`describe_question`). `say_form` says it in the language of the
# moment, word for word as `describe_question` says the question it was made from (a test holds
# them to it for every skill in every language). Stored forms outlive the code that wrote them: a
# kind means the same values for good; a change to what a kind's values are is a new kind, and a
# kind `say_form` does not know is said from the JSON (None).

_PLAIN: Final = re.compile(r"[0-9A-Za-z.+-]+")  # a value a form may hold: a box, a label, an amount


class _NoForm(Exception):
    """A question whose words a said form does not hold: said from its JSON."""


def _plain(value: Any) -> str:
    """A box, a label or an amount as its words write it (`str`): an int or a short plain text."""
    if type(value) is int:
        return str(value)
    if type(value) is str and _PLAIN.fullmatch(value):
        return value
    raise _NoForm


def _ranks(cards: Any) -> str:
    """A hand's cards as their ranks, one space between: ["AS", "TD"] -> "A 10"."""
    if type(cards) is not list:
        raise _NoForm
    ranks = []
    for card in cards:
        said = _rank_of(card) if type(card) is str else None
        if said is None:
            raise _NoForm
        ranks.append(said)
    return " ".join(ranks)


def _listed(values: Any) -> str:
    """A list of boxes or hands (`str` of each, as their words write them), one space between."""
    if type(values) is not list:
        raise _NoForm
    return " ".join(map(_plain, values))


def _flag(value: Any) -> bool:
    if value is None or type(value) is bool:
        return bool(value)
    raise _NoForm


def _hands_form(cards: Any, labels: Any, stakes: Any) -> list[str]:
    """The hands of a table as `_hands` says them: for each its clause (`_clause`)."""
    if type(cards) is not list or type(labels) is not list or type(stakes) is not list:
        raise _NoForm
    clauses = []
    for i, held in enumerate(cards):
        box = False
        label: Any = i + 1
        if i < len(labels) and labels[i] is not None:
            label = labels[i]
            box = "." not in _plain(label)
        ranks = _ranks(held)
        if i < len(stakes):
            kind = "B" if box else "H"
            clauses.append(f"{kind}{_plain(label)}{HAND_SEP}{ranks}{HAND_SEP}{_plain(stakes[i])}")
        else:
            clauses.append(f"{'b' if box else 'h'}{_plain(label)}{HAND_SEP}{ranks}")
    return clauses


def _form_announce(q: Mapping[str, Any]) -> list[str]:
    split, stood = _flag(q.get("split")), _flag(q.get("stood"))
    kind = ("ap" if split else "a") + ("s" if stood else "n")
    return [kind, _plain(q["box"]), _ranks(q["cards"])]


def _form_dealer(q: Mapping[str, Any]) -> list[str]:
    up = q["up"]
    shoe = q.get("shoe") or []
    if type(up) is not str or _rank_of(up) is None:
        raise _NoForm
    return ["d", _rank_of(up), _ranks(shoe)]


def _form_outcome(q: Mapping[str, Any]) -> list[str]:
    return ["o", _ranks(q["dealer"]), *_hands_form(q["cards"], q.get("hands") or [], [])]


def _form_pay_even(q: Mapping[str, Any]) -> list[str]:
    return ["pe", _plain(q["box"]), _plain(q["bet"])]


def _form_pay_double(q: Mapping[str, Any]) -> list[str]:
    return ["pd", _plain(q["box"]), _plain(q["bet"])]


def _form_pay_blackjack(q: Mapping[str, Any]) -> list[str]:
    box, bet = _plain(q["box"]), _plain(q["bet"])
    if q.get("cards"):
        return ["pjc", box, bet, _ranks(q["cards"])]
    return ["pj", box, bet]


def _form_pay_insurance(q: Mapping[str, Any]) -> list[str]:
    box, bet = _plain(q["box"]), _plain(q["bet"])
    ask = q.get("ask")
    if ask == "max":
        return ["im", box, bet]
    if ask == "half":
        return ["ih", box, bet]
    return ["ip", box, bet, _plain(q["insured"])]


def _form_pay_split(q: Mapping[str, Any]) -> list[str]:
    box = _plain(q["box"])
    cards = q["cards"]
    labels = [f"{box}.{i + 1}" for i in range(len(cards))]
    return ["ps", box, _ranks(q["dealer"]), *_hands_form(cards, labels, q.get("stakes") or [])]


def _form_pay_behind(q: Mapping[str, Any]) -> list[str]:
    bets = q["bets"]
    if type(bets) is not dict:
        raise _NoForm
    bets = dict(bets)
    seat = bets.pop("seat", None)
    cards, box = q["cards"], _plain(q["box"])
    head = [
        "" if seat is None else _plain(seat),
        " ".join(map(_plain, bets.values())),
        _ranks(q["dealer"]),
    ]
    if type(cards) is list and len(cards) == 1:
        return ["pb1", box, *head, _ranks(cards[0])]
    labels = [f"{box}.{i + 1}" for i in range(len(cards))]
    return ["pb", box, *head, *_hands_form(cards, labels, [])]


def _form_pay_table(q: Mapping[str, Any]) -> list[str]:
    hands = _hands_form(q["cards"], q.get("hands") or [], q.get("stakes") or [])
    return ["pt", _ranks(q["dealer"]), *hands]


def _form_chips(q: Mapping[str, Any]) -> list[str]:
    why = str(q.get("why"))
    amount = _plain(q["amount"])
    if why in _CHIPS_WHY and q.get("bet") is not None:
        return ["cw", amount, why, _plain(q["bet"])]
    return ["c", amount]


def _form_deal_order(q: Mapping[str, Any]) -> list[str]:
    if q.get("phase") == "play":
        return ["dp", _listed(q["hands"]), _listed(q.get("naturals") or [])]
    return ["db", _listed(q["boxes"])]


def _form_procedure(q: Mapping[str, Any]) -> list[str]:
    up: str | None = ""
    if q.get("dealer"):
        card = q["dealer"][0] if type(q["dealer"]) is list else None
        up = _rank_of(card) if type(card) is str else None
        if not up:
            raise _NoForm
    return ["pr", up or "", _listed(q["boxes"])]


def _form_exposed_card(q: Mapping[str, Any]) -> list[str]:
    card = q["card"]
    if type(card) is not str or _rank_of(card) is None:
        raise _NoForm
    return ["x", _rank_of(card), _plain(q["turn"]), _listed(q.get("refused_by") or [])]


# the money skills' forms: their stacks as "20x25 4x5" (count, then chip), a request's parts as
# "2x100 -x25" ("-" for "the rest in these"), lists of amounts one space between; said again by
# the skills' own words (`trainer.history.words.say_*`) from the question they rebuild


def _stacks_form(stacks: Any) -> str:
    if type(stacks) is not list:
        raise _NoForm
    out = []
    for stack in stacks:
        if type(stack) is not list or len(stack) != 2 or type(stack[1]) is not int:
            raise _NoForm
        out.append(f"{stack[1]}x{_plain(stack[0])}")
    return " ".join(out)


def _stacks_of(text: str) -> list[list[Any]]:
    out: list[list[Any]] = []
    for part in _items(text):
        n, _x, chip = part.partition("x")
        out.append([chip, int(n)])
    return out


def _asked_form(asked: Any) -> str:
    if asked is None:
        return ""
    if type(asked) is not list or not asked:
        raise _NoForm
    out = []
    for part in asked:
        if type(part) is not list or len(part) != 2:
            raise _NoForm
        chip, n = part
        if n is not None and type(n) is not int:
            raise _NoForm
        out.append(f"{'-' if n is None else n}x{_plain(chip)}")
    return " ".join(out)


def _asked_of(text: str) -> list[list[Any]] | None:
    if not text:
        return None
    out: list[list[Any]] = []
    for part in _items(text):
        n, _x, chip = part.partition("x")
        out.append([chip, None if n == "-" else int(n)])
    return out


def _amounts(values: Any) -> str:
    if type(values) is not list:
        raise _NoForm
    return " ".join(map(_plain, values))


def _form_stack_values(q: Mapping[str, Any]) -> list[str]:
    return ["sv", _plain(q["box"]), "1" if _flag(q.get("cut")) else "", _stacks_form(q["stacks"])]


def _form_buy_in(q: Mapping[str, Any]) -> list[str]:
    return ["bi", _plain(q["box"]), _amounts(q["notes"]), _asked_form(q.get("asked"))]


def _form_change(q: Mapping[str, Any]) -> list[str]:
    return ["ch", _plain(q["box"]), _stacks_form(q["stacks"]), _asked_form(q.get("asked"))]


def _form_colour_up(q: Mapping[str, Any]) -> list[str]:
    return ["cu", _plain(q["box"]), _stacks_form(q["stacks"])]


def _form_conversions(q: Mapping[str, Any]) -> list[str]:
    why = str(q.get("why"))
    if why not in _CHIPS_WHY:
        raise _NoForm
    rack = q.get("rack")
    missing = "" if rack is None else _amounts([c for c in q["chip_set"] if c not in rack])
    if rack is not None and not missing:
        raise _NoForm  # a rack that lacks nothing: said from the JSON
    return ["cv", _plain(q["amount"]), why, _amounts(q["stake"]), missing]


def _form_read_pay(q: Mapping[str, Any]) -> list[str]:
    why = q["why"]
    if why not in ("win", "blackjack", "insurance", "split"):
        raise _NoForm
    return ["rp", why, _plain(q["box"]), _plain(q.get("hand", q["box"])), _stacks_form(q["stacks"])]


_FORMS: Final[dict[str, Callable[[Mapping[str, Any]], list[str]]]] = {
    "announce": _form_announce,
    "dealer": _form_dealer,
    "outcome": _form_outcome,
    "pay-even": _form_pay_even,
    "pay-double": _form_pay_double,
    "pay-blackjack": _form_pay_blackjack,
    "pay-insurance": _form_pay_insurance,
    "pay-split": _form_pay_split,
    "pay-behind": _form_pay_behind,
    "pay-table": _form_pay_table,
    "chips": _form_chips,
    "deal-order": _form_deal_order,
    "procedure": _form_procedure,
    "exposed-card": _form_exposed_card,
    "stack-values": _form_stack_values,
    "buy-in": _form_buy_in,
    "change": _form_change,
    "colour-up": _form_colour_up,
    "conversions": _form_conversions,
    "read-pay": _form_read_pay,
}


def said_form(skill: str, question: Mapping[str, Any]) -> str | None:
    """The said form of a stored question of `skill` (see above), or None when its words are not
    made of a form's values: a skill without forms, a dealt shoe's step, an older shape."""
    make = _FORMS.get(skill)
    if make is None or not isinstance(question, Mapping):
        return None
    if "deal" in question and "kind" in question:  # a dealt shoe's step (`describe_question`)
        return None
    try:
        return FORM_SEP.join(make(question))
    except (_NoForm, KeyError, IndexError, TypeError, AttributeError, ValueError):
        return None


def _items(text: str) -> list[str]:
    """A form's list value as its items: "" is none."""
    return text.split(" ") if text else []


def _say_an(t: _Said, v: list[str]) -> str:
    return t.announce((t.listed(v[2]), v[1]))


def _say_as(t: _Said, v: list[str]) -> str:
    return t.announce_stood((t.listed(v[2]), v[1]))


def _say_apn(t: _Said, v: list[str]) -> str:
    return t.announce_split((t.listed(v[2]), v[1]))


def _say_aps(t: _Said, v: list[str]) -> str:
    return t.announce_split_stood((t.listed(v[2]), v[1]))


def _say_d(t: _Said, v: list[str]) -> str:
    up = t.with_article(v[1])
    if v[2]:
        return t.dealer_shows_shoe((up, t.listed(v[2])))
    return t.dealer_shows((up,))


def _say_o(t: _Said, v: list[str]) -> str:
    clause = t.clause
    hands = t.semicolons.join([clause(c) for c in v[2:]])
    return t.semicolons.join((hands, t.dealer_has((t.listed(v[1]),))))


def _say_pe(t: _Said, v: list[str]) -> str:
    return t.wins((v[1], t.money(v[2])))


def _say_pd(t: _Said, v: list[str]) -> str:
    return t.doubled((v[1], t.money(v[2])))


def _say_pjc(t: _Said, v: list[str]) -> str:
    return t.blackjack_cards((t.listed(v[3]), v[1], t.money(v[2])))


def _say_pj(t: _Said, v: list[str]) -> str:
    return t.blackjack((v[1], t.money(v[2])))


def _say_im(t: _Said, v: list[str]) -> str:
    return t.insure_max((v[1], t.money(v[2])))


def _say_ih(t: _Said, v: list[str]) -> str:
    return t.insure_half((v[1], t.money(v[2])))


def _say_ip(t: _Said, v: list[str]) -> str:
    return t.insured((v[1], t.money(v[3]), t.money(v[2])))


def _say_ps(t: _Said, v: list[str]) -> str:
    clause = t.clause
    count = len(v) - 3
    return t.plural(_split_into, count, "box", "count", "hands", "dealer")(
        (
            v[1],
            count,
            t.semicolons.join([clause(c) for c in v[3:]]),
            t.dealer_has((t.listed(v[2]),)),
        )
    )


def _behind_form(t: _Said, v: list[str], played: str) -> str:
    """pay-behind's words from its form's values: box, seat, behind bets, dealer, …; who bets
    what kept (a table's few amounts, again and again)."""
    key = f"b{FORM_SEP}{v[2]}{FORM_SEP}{v[3]}"
    said = t.kept.get(key)
    if said is None:
        who = [t.seated_bets((t.money(v[2]),))] if v[2] else []
        if v[3]:
            bets = v[3].split(" ")
            behind = t.words_and([t.money(b) for b in bets])
            who.append(t.plural(_behind_bettors, len(bets), "bets")((behind,)))
        said = t.keep(key, t.words_and(who))
    return t.at_box((v[1], said, played, t.dealer_has((t.listed(v[4]),))))


def _say_pb1(t: _Said, v: list[str]) -> str:
    return _behind_form(t, v, t.hand_has_cards((t.listed(v[5]),)))


def _say_pb(t: _Said, v: list[str]) -> str:
    clause = t.clause
    return _behind_form(t, v, t.semicolons.join([clause(c) for c in v[5:]]))


def _say_pt(t: _Said, v: list[str]) -> str:
    clause = t.clause
    n = len(v) - 2
    return t.plural(_against, n, "dealer", "count", "hands")(
        (t.dealer_has((t.listed(v[1]),)), n, t.semicolons.join([clause(c) for c in v[2:]]))
    )


def _say_cw(t: _Said, v: list[str]) -> str:
    return t.chips_why((t.money(v[1]), t.chips_whys[v[2]], t.money(v[3])))


def _say_c(t: _Said, v: list[str]) -> str:
    return t.chips((t.money(v[1]),))


def _say_dp(t: _Said, v: list[str]) -> str:
    hands = t.listed(v[1])
    if v[2]:
        return t.play_naturals((hands, t.listed(v[2])))
    return t.play((hands,))


def _say_db(t: _Said, v: list[str]) -> str:
    if not v[1]:
        return t.deal_none
    return t.plural(_deal_to, v[1].count(" ") + 1, "boxes")((t.listed(v[1]),))


def _say_pr(t: _Said, v: list[str]) -> str:
    boxes = v[2]
    n = boxes.count(" ") + 1
    if v[1]:
        card = t.with_article(v[1])
        if not boxes:
            return t.no_box_shows((card,))
        return t.plural(_shows_in_play, n, "card", "boxes")((card, t.listed(boxes)))
    if not boxes:
        return t.no_box
    return t.plural(_in_play, n, "boxes")((t.listed(boxes),))


def _say_x(t: _Said, v: list[str]) -> str:
    text = t.exposed_hand if "." in v[2] else t.exposed_box
    key = f"x{FORM_SEP}{v[3]}"
    refused = t.kept.get(key) or t.keep(key, _refused_by(t, _items(v[3])))
    return text((t.with_article(v[1]), v[2], refused))


def _say_sv(t: _Said, v: list[str]) -> str:
    return say_stack_values({"box": v[1], "cut": bool(v[2]), "stacks": _stacks_of(v[3])}, t)


def _say_bi(t: _Said, v: list[str]) -> str:
    return say_buy_in({"box": v[1], "notes": _items(v[2]), "asked": _asked_of(v[3])}, t)


def _say_ch(t: _Said, v: list[str]) -> str:
    return say_change({"box": v[1], "stacks": _stacks_of(v[2]), "asked": _asked_of(v[3])}, t)


def _say_cu(t: _Said, v: list[str]) -> str:
    return say_colour_up({"box": v[1], "stacks": _stacks_of(v[2])}, t)


def _say_cv(t: _Said, v: list[str]) -> str:
    q: dict[str, Any] = {"amount": v[1], "why": v[2], "stake": _items(v[3])}
    if v[4]:
        q["chip_set"], q["rack"] = _items(v[4]), []
    return say_conversions(q, t)


def _say_rp(t: _Said, v: list[str]) -> str:
    return say_read_pay({"why": v[1], "box": v[2], "hand": v[3], "stacks": _stacks_of(v[4])}, t)


FORM_WORDS: Final[dict[str, Callable[[_Said, list[str]], str]]] = {
    "an": _say_an,
    "as": _say_as,
    "apn": _say_apn,
    "aps": _say_aps,
    "d": _say_d,
    "o": _say_o,
    "pe": _say_pe,
    "pd": _say_pd,
    "pjc": _say_pjc,
    "pj": _say_pj,
    "im": _say_im,
    "ih": _say_ih,
    "ip": _say_ip,
    "ps": _say_ps,
    "pb1": _say_pb1,
    "pb": _say_pb,
    "pt": _say_pt,
    "cw": _say_cw,
    "c": _say_c,
    "dp": _say_dp,
    "db": _say_db,
    "pr": _say_pr,
    "x": _say_x,
    "sv": _say_sv,
    "bi": _say_bi,
    "ch": _say_ch,
    "cu": _say_cu,
    "cv": _say_cv,
    "rp": _say_rp,
}


def say_form(form: str) -> str | None:
    """A said form in words, in the language of the moment, as `describe_question` says the
    question it was made from; None for a kind this version does not know (or values it does
    not read). The export does the same in its loop: `FORM_WORDS[kind](words_now(), values)`."""
    values = form.split(FORM_SEP)
    said = FORM_WORDS.get(values[0])
    if said is None:
        return None
    try:
        return said(words_now(), values)
    except (KeyError, IndexError, ValueError):
        return None  # a form this version cannot read: said from the JSON
