"""Stored questions and item keys in words, as a trainee and a croupier read them.

The sessions list, the summary, home's weak items and the export show these: an item key
(`announce:soft-16`) as "A + 5 (soft 16)", a stored question (the plain JSON a skill of
`trainer.practice.skills` stored) as "A, 4 and 5 at box 4". Pure Python, importing nothing of
the app: `sabot export` reads a whole history with these and nothing else of the reviewing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final


def item_label(item: str) -> str:
    """An item key without its skill: `announce:soft-15` -> `soft-15`."""
    return item.split(":", 1)[1] if ":" in item else item


_RESULTS: Final = {
    "win": "a winning box",
    "lose": "a losing box",
    "push": "a push",
    "bust": "a bust box",
    "blackjack": "a Black Jack",
}
_PROCEDURE: Final = {
    "collect-bust": "collecting a bust hand",
    "dealer-draws": "when the dealer draws",
    "first-box": "who plays first",
    "insurance": "offering insurance",
    "natural-waits": "a Black Jack that waits",
    "naturals-wait": "Black Jacks that wait",
    "pay-natural-now": "paying a Black Jack at once",
    "next-hand": "the next hand to play",
    "peek": "the hole card, and no peek",
    "reveal": "turning the hole card",
    "split-second-card": "a split hand's second card",
}
_EXPOSED: Final = {
    "box": "offered to a box",
    "dealer": "taken by the dealer",
    "burned": "burned",
}


def _soft(total: int) -> str:
    """A soft total as the two cards that make it: 16 -> "A + 5"; 12 -> "A + A"."""
    other = total - 11
    return "A + A" if other == 1 else f"A + {other}"


def _results(words: str) -> str:
    results = words.split("-")
    if len(results) == 1:
        return _RESULTS.get(results[0], results[0])
    said = [r if r != "blackjack" else "Black Jack" for r in results]
    return "hands that " + ", ".join(said[:-1]) + " and " + said[-1]


# what the dealer's hand became, as the pay-table items say it
_DEALER_ENDS = {
    "dealer-bust": "busts",
    "dealer-blackjack": "makes Black Jack",
    "dealer-unfinished": "stops before his hand is made (nothing left to settle against it)",
}


def item_name(item: str) -> str:
    """An item as a trainee reads it, never its key: `announce:soft-16` -> "A + 5 (soft 16)",
    `pay-blackjack:25` -> "Black Jack on 25", `procedure:insurance` -> "offering insurance".
    A key this does not know is shown without its skill (`item_label`)."""
    skill, _, key = item.partition(":")
    number = re.fullmatch(r"(.*?)-?(\d+(?:\.\d+)?)", key)
    n = number.group(2) if number else None
    head = number.group(1) if number else key
    if skill == "announce":
        if head == "hard" and n:
            return f"hard {n}"
        if head == "soft" and n:
            return f"{_soft(int(n))} (soft {n})"
        if head == "soft-stand" and n:
            return f"{_soft(int(n))} standing (soft {n})"
        if key == "21-split":
            return "21 after a split"
        cards = re.fullmatch(r"21-(\d)cards", key)
        if cards:
            return f"21 in {cards.group(1)} cards"
        if key == "blackjack":
            return "Black Jack"
        if key == "bust":
            return "a bust hand"
    if skill == "dealer" and key.startswith("up-"):
        up = key[3:]
        return {"A": "the dealer shows an Ace", "T": "the dealer shows a ten"}.get(
            up, f"the dealer shows {'an' if up == '8' else 'a'} {up}"
        )
    if skill == "outcome":
        return _results(key)
    if skill == "pay-behind":
        return "behind bets on " + _results(key)
    if n is not None and not head:
        money = {
            "pay-even": f"even money on {n}",
            "pay-double": f"a doubled bet of {n}",
            "pay-blackjack": f"Black Jack on {n}",
            "chips": f"{n} in chips",
        }.get(skill)
        if money:
            return money
    if skill == "pay-insurance" and n:
        if head == "max":  # [003] at most half
            return f"the most a bet of {n} may insure"
        if head == "half":  # [000][001][002] exactly half
            return f"the insurance of a bet of {n}"
        if head == "pay":
            return f"an insurance of {n} paid"
    if skill == "pay-split":
        if key == "aces":
            return "split Aces"
        if key == "double":
            return "split hands with a double"
        hands = re.fullmatch(r"(\d)-hands", key)
        if hands:
            return f"{hands.group(1)} split hands"
    if skill == "pay-table" and key.startswith("dealer-"):
        return "the table when the dealer " + _DEALER_ENDS.get(key, "stands")
    if skill == "deal-order":
        if key == "play-split":
            return "playing split hands"
        deal = re.fullmatch(r"deal-(\d)(-hole)?", key)
        if deal:
            boxes = f"{deal.group(1)} box{'es' if deal.group(1) != '1' else ''}"
            return f"dealing {boxes}" + (" with a hole card" if deal.group(2) else "")
    if skill == "procedure" and key in _PROCEDURE:
        return _PROCEDURE[key]
    if skill == "exposed-card" and key in _EXPOSED:
        return "an exposed card " + _EXPOSED[key]
    return item_label(item)


def item_order(item: str) -> tuple[Any, ...]:
    """Natural order of item keys: hard-4 … hard-20 before soft-12 …; bets 5, 10, 25, 100."""
    parts = re.split(r"(\d+(?:\.\d+)?)", item_label(item))
    return tuple((0, float(p), "") if i % 2 else (1, 0.0, p) for i, p in enumerate(parts) if p)


_CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]?$")
_SKIP_KEYS: Final = frozenset({"choices", "chip_set", "shoe", "why"})


def _show(value: Any) -> str:
    if isinstance(value, str):
        match = _CARD.match(value)
        if match:
            rank = match.group(1)
            return "10" if rank == "T" else rank
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value):
            return " | ".join(_show(v) for v in value)
        return " ".join(_show(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    return str(value)


def _generic(question: Mapping[str, Any]) -> str:
    """Any stored question in one short line, key by key: `cards A 6 · box 3`."""
    parts = []
    for key, value in question.items():
        if key in _SKIP_KEYS or value is None or value is False or value == [] or value == {}:
            continue
        parts.append(key if value is True else f"{key} {_show(value)}")
    return " · ".join(parts)


# -- questions as a croupier says them ----------------------------------------------------------
# One function per kind of stored question (the skill that asked it), each reading the plain
# JSON the skill stored (`trainer.practice.skills`). The sessions list and the CSV export show
# these; the raw JSON stays in the history and in its own CSV column.


# Every card as the table names it, worked out once: an export reads millions of cards, of 52.
# With the suit or without, ten as T or as 10 (`_CARD`).
_RANK_OF: Final[dict[Any, str]] = {
    f"{r}{suit}": "10" if r in ("T", "10") else r
    for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A")
    for suit in ("", "S", "H", "D", "C")
}
_rank_of: Final[Callable[[Any], Any]] = _RANK_OF.get  # a card, or None for any other text


def rank(card: str) -> str:
    """A stored card as the table names it: `TH` -> `10`, `AS` -> `A`, `7` -> `7`."""
    said = _rank_of(card)
    if said is not None:
        return said
    match = _CARD.match(str(card))
    return str(card) if not match else "10" if match.group(1) == "T" else match.group(1)


def with_article(word: str) -> str:
    """`word` with its article, as it is said: "an A", "an 8", "a 10"."""
    return f"an {word}" if word[:1] in ("A", "8") else f"a {word}"


def words_and(items: Sequence[str]) -> str:
    """ "2", "2 and 4", "2, 4 and 5"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# A hand's cards in words, by its cards: hands of two or three cards come back again and again.
# Only hands of cards `_RANK_OF` knows: a string is equal to no other kind of value.
_SAID_CARDS: dict[tuple[str, ...], str] = {}


def _cards(cards: Sequence[str]) -> str:
    """`words_and` of the cards' ranks: "A, 4 and 5"."""
    key = tuple(cards)
    said = _SAID_CARDS.get(key)
    if said is not None:
        return said
    ranks = list(map(_rank_of, key))
    if None in ranks:  # a card in an older form, or not a card
        return words_and([rank(c) for c in key])
    said = ", ".join(ranks[:-1]) + " and " + ranks[-1] if len(ranks) > 2 else " and ".join(ranks)
    if len(_SAID_CARDS) >= 20_000:
        _SAID_CARDS.clear()
    _SAID_CARDS[key] = said
    return said


def _hand_name(label: str) -> str:
    """`3` -> `box 3`; `3.2` -> `hand 3.2` (a split box's second hand)."""
    return f"hand {label}" if "." in str(label) else f"box {label}"


def _boxes(numbers: Sequence[Any]) -> str:
    numbers = [str(n) for n in numbers]
    if not numbers:
        return "no box"
    return ("box " if len(numbers) == 1 else "boxes ") + words_and(numbers)


def _dealer(cards: Sequence[str]) -> str:
    return f"the dealer has {_cards(cards)}"


def _hands(cards: Sequence[Sequence[str]], labels: Sequence[str], stakes: Sequence[str]) -> str:
    parts = []
    for i, hand in enumerate(cards):
        if i < len(labels):
            label = labels[i]
            name = f"hand {label}" if "." in str(label) else f"box {label}"  # `_hand_name`
        else:
            name = f"hand {i + 1}"
        if i < len(stakes):
            parts.append(f"{name} has {_cards(hand)} for {stakes[i]}")
        else:
            parts.append(f"{name} has {_cards(hand)}")
    return "; ".join(parts)


def say_announce(q: Mapping[str, Any]) -> str:
    """`{"cards": ["AS", "4C", "5S"], "box": 7, "split": False, "stood": False}`."""
    where = f"box {q['box']}"
    if q.get("split"):
        where = f"the first hand of split box {q['box']}"
    said = f"{_cards(q['cards'])} at {where}"
    return said + (", the hand stood" if q.get("stood") else "")


def say_dealer(q: Mapping[str, Any]) -> str:
    """`{"up": "AD", "shoe": ["KD", …], "cards": ["AD"]}`."""
    said = f"the dealer shows {with_article(rank(q['up']))}"
    shoe = q.get("shoe") or []
    return said + (f"; the shoe's next cards {_cards(shoe)}" if shoe else "")


def say_outcome(q: Mapping[str, Any]) -> str:
    """`{"cards": [["JS", "8H"], …], "hands": ["7.1", …], "dealer": ["AD", "6C"]}`."""
    return f"{_hands(q['cards'], q.get('hands') or [], [])}; {_dealer(q['dealer'])}"


def say_pay_even(q: Mapping[str, Any]) -> str:
    """`{"bet": "20", "result": "win", "box": 5}`."""
    return f"box {q['box']} wins on a bet of {q['bet']}"


def say_pay_double(q: Mapping[str, Any]) -> str:
    """`{"bet": "20", "doubled": True, "result": "win", "box": 4}`."""
    return f"box {q['box']} doubled a bet of {q['bet']} and wins"


def say_pay_blackjack(q: Mapping[str, Any]) -> str:
    """`{"bet": "5", "cards": ["J", "A"], "box": 5}`."""
    cards = f" ({_cards(q['cards'])})" if q.get("cards") else ""
    return f"Black Jack{cards} at box {q['box']} on a bet of {q['bet']}"


def say_pay_insurance(q: Mapping[str, Any]) -> str:
    """`{"bet": "30", "ask": "max", "box": 1}` (at most half [003]), `{…, "ask": "half"}`
    (exactly half [000][001][002]) or `{…, "insured": "1", "ask": "pay"}`."""
    if q.get("ask") == "max":
        return f"the most box {q['box']} may insure on a bet of {q['bet']}"
    if q.get("ask") == "half":
        return f"box {q['box']}'s insurance, half its bet of {q['bet']}"
    return (
        f"box {q['box']} insured {q['insured']} on a bet of {q['bet']}; the dealer makes Black Jack"
    )


def say_pay_split(q: Mapping[str, Any]) -> str:
    """`{"cards": [[…], […]], "dealer": […], "stakes": ["185", "185"], "box": 5}`."""
    box = q["box"]
    labels = [f"{box}.{i + 1}" for i in range(len(q["cards"]))]
    return (
        f"box {box} split into {len(q['cards'])} hands: "
        f"{_hands(q['cards'], labels, q.get('stakes') or [])}; {_dealer(q['dealer'])}"
    )


def say_pay_behind(q: Mapping[str, Any]) -> str:
    """`{"bets": {"seat": "5", "behind-a": "30"}, "cards": [[…]], "dealer": […], "box": 2}`."""
    bets = dict(q["bets"])
    seat = bets.pop("seat", None)
    who = [f"the seated player bets {seat}"] if seat is not None else []
    if bets:
        behind = words_and(list(bets.values()))
        who.append(f"behind bettors {behind}" if len(bets) > 1 else f"a behind bettor {behind}")
    cards = q["cards"]
    box = q["box"]
    played = (
        f"the hand has {_cards(cards[0])}"
        if len(cards) == 1
        else _hands(cards, [f"{box}.{i + 1}" for i in range(len(cards))], [])
    )
    return f"at box {box} {words_and(who)}; {played}; {_dealer(q['dealer'])}"


def say_pay_table(q: Mapping[str, Any]) -> str:
    """`{"dealer": […], "cards": [[…], …], "hands": ["1.1", …], "stakes": ["5", …]}`."""
    n = len(q["cards"])
    return (
        f"{_dealer(q['dealer'])} against {n} hand{'s' if n != 1 else ''}: "
        f"{_hands(q['cards'], q.get('hands') or [], q.get('stakes') or [])}"
    )


_CHIPS_WHY: Final = {
    "blackjack": "a Black Jack",
    "win": "a win",
    "insurance": "an insurance",
    "double": "a doubled win",
}


def say_chips(q: Mapping[str, Any]) -> str:
    """`{"amount": "30", "chip_set": […], "why": "blackjack", "bet": "20"}`."""
    why = _CHIPS_WHY.get(str(q.get("why")))
    on = f": {why} on a bet of {q['bet']}" if why and q.get("bet") is not None else ""
    return f"pay {q['amount']} in chips{on}"


def say_deal_order(q: Mapping[str, Any]) -> str:
    """`{"boxes": [1, 2, 5], "phase": "deal"}` or `{"hands": […], "phase": "play", …}`."""
    if q.get("phase") == "play":
        hands = [str(h) for h in q["hands"]]
        said = f"the play of hands {words_and(hands)}"
        naturals = [str(h) for h in q.get("naturals") or []]
        if naturals:
            said += f", Black Jack at {words_and(naturals)}"
        return said
    return f"the deal to {_boxes(q['boxes'])}"


def say_procedure(q: Mapping[str, Any]) -> str:
    """`{"dealer": ["5S"], "boxes": [7], "choices": […]}`."""
    up = q["dealer"][0] if q.get("dealer") else None
    shows = f"the dealer shows {with_article(rank(up))}, " if up else ""
    return f"{shows}{_boxes(q['boxes'])} in play"


def say_exposed_card(q: Mapping[str, Any]) -> str:
    """`{"card": "4C", "turn": "2", "boxes": [1, 2], "refused_by": ["2", "dealer"]}`.

    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5 and the dealer"."""
    refused = [str(r) for r in q.get("refused_by") or []]
    boxes = [r for r in refused if r != "dealer"]
    who = [_boxes(boxes)] if boxes else []
    if "dealer" in refused:
        who.append("the dealer")
    by = f"refused by {' and '.join(who)}" if who else "refused by no one"
    return f"{with_article(rank(q['card']))} exposed at {_hand_name(q['turn'])}'s turn, {by}"


QUESTION_WORDS: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "announce": say_announce,
    "dealer": say_dealer,
    "outcome": say_outcome,
    "pay-even": say_pay_even,
    "pay-double": say_pay_double,
    "pay-blackjack": say_pay_blackjack,
    "pay-insurance": say_pay_insurance,
    "pay-split": say_pay_split,
    "pay-behind": say_pay_behind,
    "pay-table": say_pay_table,
    "chips": say_chips,
    "deal-order": say_deal_order,
    "procedure": say_procedure,
    "exposed-card": say_exposed_card,
}


def describe_question(question: Mapping[str, Any], skill: str | None = None) -> str:
    """A stored question in words, as a croupier says it (`skill`: the skill that asked it):
    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5". A question of an unknown
    skill, or one stored in another shape, is listed key by key: `cards A 6 · box 3`."""
    say = QUESTION_WORDS.get(skill or "")
    if say is not None:
        try:
            return say(question)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            pass  # stored by an older version of the skill: the plain listing below
    return _generic(question)
