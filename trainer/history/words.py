"""Stored questions and item keys in words, as a trainee and a croupier read them.

The sessions list, the summary, home's weak items and the export show these: an item key
(`announce:soft-16`) as "A + 5 (soft 16)", a stored question (the plain JSON a skill of
`trainer.practice.skills` stored) as "A, 4 and 5 at box 4". Pure Python, importing nothing of
the app: `sabot export` reads a whole history with these and nothing else of the reviewing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

from trainer.i18n import (
    N_,
    SOURCE_LANGUAGE,
    _,
    format_amount,
    language,
    ngettext,
    pgettext,
)


def item_label(item: str) -> str:
    """An item key without its skill: `announce:soft-15` -> `soft-15`."""
    return item.split(":", 1)[1] if ":" in item else item


# The words of this module are in the language of the moment (`trainer.i18n`): the tables
# below are marked with N_ and translated where they are used, once per call; in English a
# look-up is one comparison, so the export of a long history pays nothing for it.

_RESULTS: Final = {
    "win": N_("a winning box"),
    "lose": N_("a losing box"),
    "push": N_("a push"),
    "bust": N_("a bust box"),
    "blackjack": N_("a Black Jack"),
}
_PROCEDURE: Final = {
    "collect-bust": N_("collecting a bust hand"),
    "dealer-draws": N_("when the dealer draws"),
    "first-box": N_("who plays first"),
    "insurance": N_("offering insurance"),
    "natural-waits": N_("a Black Jack that waits"),
    "naturals-wait": N_("Black Jacks that wait"),
    "pay-natural-now": N_("paying a Black Jack at once"),
    "next-hand": N_("the next hand to play"),
    "peek": N_("the hole card, and no peek"),
    "reveal": N_("turning the hole card"),
    "split-second-card": N_("a split hand's second card"),
}
_EXPOSED: Final = {
    "box": N_("an exposed card offered to a box"),
    "dealer": N_("an exposed card taken by the dealer"),
    "burned": N_("an exposed card burned"),
}
# what the dealer's hand became, as the pay-table items say it (any other: he stands)
_DEALER_ENDS: Final = {
    "dealer-bust": N_("the table when the dealer busts"),
    "dealer-blackjack": N_("the table when the dealer makes Black Jack"),
    "dealer-unfinished": N_(
        "the table when the dealer stops before his hand is made (nothing left to settle "
        "against it)"
    ),
}


def _soft(total: int) -> str:
    """A soft total as the two cards that make it: 16 -> "A + 5"; 12 -> "A + A"."""
    other = total - 11
    return "A + A" if other == 1 else f"A + {other}"


def _result_verbs() -> dict[str, str]:
    """What hands do, as "hands that …" says it: "bust", "lose", "win"."""
    return {
        "win": pgettext("hands that…", "win"),
        "lose": pgettext("hands that…", "lose"),
        "push": pgettext("hands that…", "push"),
        "bust": pgettext("hands that…", "bust"),
        "blackjack": pgettext("hands that…", "Black Jack"),
    }


def _results(words: str) -> str:
    results = words.split("-")
    if len(results) == 1:
        said = _RESULTS.get(results[0])
        return _(said) if said is not None else results[0]
    verbs = _result_verbs()
    return _("hands that {results}").format(results=words_and([verbs.get(r, r) for r in results]))


def money(amount: str) -> str:
    """An amount as stored ("37.5"), as the language writes it: "37.5" in English (as stored),
    "37,50" in French and Italian (`format_amount` without a currency). A text that is no
    amount is left as it is."""
    if language() == SOURCE_LANGUAGE:
        return str(amount)
    try:
        value = Decimal(str(amount))
    except ArithmeticError:
        return str(amount)
    if not value.is_finite():
        return str(amount)
    return format_amount(value, currency="")


def item_name(item: str) -> str:
    """An item as a trainee reads it, never its key: `announce:soft-16` -> "A + 5 (soft 16)",
    `pay-blackjack:25` -> "Black Jack on 25", `procedure:insurance` -> "offering insurance";
    in the language of the moment ("A + 5 (16 souple)", "Black Jack sur 25").
    A key this does not know is shown without its skill (`item_label`)."""
    skill, _sep, key = item.partition(":")
    number = re.fullmatch(r"(.*?)-?(\d+(?:\.\d+)?)", key)
    n = number.group(2) if number else None
    head = number.group(1) if number else key
    if skill == "announce":
        if head == "hard" and n:
            return _("hard {point}").format(point=n)
        if head == "soft" and n:
            return _("{cards} (soft {point})").format(cards=_soft(int(n)), point=n)
        if head == "soft-stand" and n:
            return _("{cards} standing (soft {point})").format(cards=_soft(int(n)), point=n)
        if key == "21-split":
            return _("21 after a split")
        cards = re.fullmatch(r"21-(\d)cards", key)
        if cards:
            count = int(cards.group(1))
            return ngettext("21 in {count} card", "21 in {count} cards", count).format(count=count)
        if key == "blackjack":
            return "Black Jack"
        if key == "bust":
            return _("a bust hand")
    if skill == "dealer" and key.startswith("up-"):
        up = key[3:]
        if up == "A":
            return _("the dealer shows an Ace")
        if up == "T":
            return _("the dealer shows a ten")
        return _("the dealer shows {card}").format(card=with_article(up))
    if skill == "outcome":
        return _results(key)
    if skill == "pay-behind":
        return _("behind bets on {results}").format(results=_results(key))
    if n is not None and not head:
        if skill == "pay-even":
            return _("even money on {amount}").format(amount=money(n))
        if skill == "pay-double":
            return _("a doubled bet of {amount}").format(amount=money(n))
        if skill == "pay-blackjack":
            return _("Black Jack on {amount}").format(amount=money(n))
        if skill == "chips":
            return _("{amount} in chips").format(amount=money(n))
    if skill == "pay-insurance" and n:
        if head == "max":  # [003] at most half
            return _("the most a bet of {amount} may insure").format(amount=money(n))
        if head == "half":  # [000][001][002] exactly half
            return _("the insurance of a bet of {amount}").format(amount=money(n))
        if head == "pay":
            return _("an insurance of {amount} paid").format(amount=money(n))
    if skill == "pay-split":
        if key == "aces":
            return _("split Aces")
        if key == "double":
            return _("split hands with a double")
        hands = re.fullmatch(r"(\d)-hands", key)
        if hands:
            count = int(hands.group(1))
            return ngettext("{count} split hand", "{count} split hands", count).format(count=count)
    if skill == "pay-table" and key.startswith("dealer-"):
        return _(_DEALER_ENDS.get(key, N_("the table when the dealer stands")))
    if skill == "deal-order":
        if key == "play-split":
            return _("playing split hands")
        deal = re.fullmatch(r"deal-(\d)(-hole)?", key)
        if deal:
            count = int(deal.group(1))
            if deal.group(2):
                said = ngettext(
                    "dealing {count} box with a hole card",
                    "dealing {count} boxes with a hole card",
                    count,
                )
            else:
                said = ngettext("dealing {count} box", "dealing {count} boxes", count)
            return said.format(count=count)
    if skill == "procedure" and key in _PROCEDURE:
        return _(_PROCEDURE[key])
    if skill == "exposed-card" and key in _EXPOSED:
        return _(_EXPOSED[key])
    dealt = _dealt_item_name(item, skill, key)
    return dealt if dealt is not None else item_label(item)


# The steps of a dealt shoe (deal mode, `trainer.practice.deal_steps`) and the lines of a home
# game's score sheet (`trainer.practice.home_score`), by their item keys.
_DEALT: Final = {
    "announce:box": N_("announcing a box"),
    "announce:dealer": N_("announcing the dealer's hand"),
    "deal:box": N_("a card dealt to a box"),
    "deal:dealer": N_("a card dealt to the dealer"),
    "exposed:offer": N_("offering an exposed card"),
    "exposed:burn": N_("burning a refused exposed card"),
    "pay:pay": N_("paying a winning hand"),
    "pay:blackjack-paid": N_("paying a Black Jack"),
    "pay:push": N_("a push"),
    "pay:collect": N_("collecting a losing hand"),
    "pay:insure": N_("taking an insurance"),
    "pay:insurance-paid": N_("paying an insurance"),
    "pay:insurance-collected": N_("collecting an insurance"),
    "procedure:double": N_("carrying out a double"),
    "procedure:split": N_("carrying out a split"),
    "procedure:refuse-double": N_("refusing a double"),
    "procedure:refuse-split": N_("refusing a split"),
    "procedure:insurance-over": N_("refusing an insurance over the amount"),
    # a home game's items have no skill before them: "net-player"
    "net-player": N_("a player's win or loss"),
    "net-bank": N_("the bank's win or loss"),
    "balance-player": N_("a player's chips"),
    "balance-bank": N_("the bank's chips"),
}


def _dealt_item_name(item: str, skill: str, key: str) -> str | None:
    said = _DEALT.get(item)
    if said is not None:
        return _(said)
    point = re.fullmatch(r"dealer-(hard|soft)-(\d+)", key) if skill == "deal" else None
    if point is None:
        return None
    if point.group(1) == "soft":
        return _("the dealer's hand on a soft {point}").format(point=point.group(2))
    return _("the dealer's hand on a hard {point}").format(point=point.group(2))


# the skills whose items are an amount alone: a tile says the amount
_AMOUNT_SKILLS: Final = frozenset({"pay-even", "pay-double", "pay-blackjack", "chips"})


def item_tag(item: str) -> str:
    """An item as its heat-map tile says it, in a few words of the language of the moment
    (a tile is some 14 letters wide): `announce:soft-16` -> "soft 16", `dealer:up-T` -> "10 up",
    `deal-order:deal-3-hole` -> "3 boxes, hole card", `exposed-card:box` -> "to a box",
    `pay-even:25` -> "25"; its tooltip says it whole (`item_name`). An item with no shorter
    way of saying it is said by `item_name`."""
    skill, _sep, key = item.partition(":")
    if skill == "announce":
        soft = re.fullmatch(r"soft(-stand)?-(\d+)", key)
        if soft and soft.group(1):
            return pgettext("a heat-map tile", "soft {point} standing").format(point=soft.group(2))
        if soft:
            return pgettext("a heat-map tile", "soft {point}").format(point=soft.group(2))
    elif skill == "dealer" and key.startswith("up-"):
        return pgettext("a heat-map tile", "{card} up").format(card=rank(key[3:]))
    elif skill in ("outcome", "pay-behind"):
        if "-" not in key:  # one result: "a losing box"
            return _results(key)
        verbs = _result_verbs()  # several: "lose and win", what the hands do
        return words_and([verbs.get(r, r) for r in key.split("-")])
    elif skill in _AMOUNT_SKILLS and re.fullmatch(r"\d+(?:\.\d+)?", key):
        return money(key)
    elif skill == "pay-insurance":
        bet = re.fullmatch(r"(half|max|pay)-(\d+(?:\.\d+)?)", key)
        if bet:
            amount = money(bet.group(2))
            if bet.group(1) == "half":  # [000][001][002] exactly half
                return pgettext("a heat-map tile", "half of {amount}").format(amount=amount)
            if bet.group(1) == "max":  # [003] at most half
                return pgettext("a heat-map tile", "most on {amount}").format(amount=amount)
            return pgettext("a heat-map tile", "pay {amount}").format(amount=amount)
    elif skill == "deal-order":
        deal = re.fullmatch(r"deal-(\d)(-hole)?", key)
        if deal:
            count = int(deal.group(1))
            if deal.group(2):
                said = ngettext("{count} box, hole card", "{count} boxes, hole card", count)
            else:
                said = ngettext("{count} box", "{count} boxes", count)
            return said.format(count=count)
    elif skill == "exposed-card":
        if key == "box":
            return pgettext("a heat-map tile", "to a box")
        if key == "dealer":
            return pgettext("a heat-map tile", "to the dealer")
        if key == "burned":
            return pgettext("a heat-map tile", "burned card")
    elif skill == "pay-table" and key.startswith("dealer-"):
        if key == "dealer-bust":
            return pgettext("a heat-map tile", "dealer busts")
        if key == "dealer-blackjack":
            return pgettext("a heat-map tile", "dealer's Black Jack")
        if key == "dealer-unfinished":
            return pgettext("a heat-map tile", "dealer stops short")
        return pgettext("a heat-map tile", "dealer stands")
    return item_name(item)


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
        return pgettext("a stored value", "yes") if value else pgettext("a stored value", "no")
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
    """`word` with its article, as it is said: "an A", "an 8", "a 10"; "un 8" in French and
    Italian."""
    if word[:1] in ("A", "8"):
        return _("an {card}").format(card=word)
    return _("a {card}").format(card=word)


def words_and(items: Sequence[str]) -> str:
    """ "2", "2 and 4", "2, 4 and 5"; "2, 4 et 5", "2, 4 e 5"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    key = tuple(items)
    said = _SAID_LISTS.get(key)
    if said is None or _said_in[0] != language():
        _keep_for(language())
        said = _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
        if len(_SAID_LISTS) >= 20_000:
            _SAID_LISTS.clear()
        _SAID_LISTS[key] = said
    return said


def _semicolons(parts: Sequence[str]) -> str:
    """Parts of a sentence one after the other, "; " between them ("\u202f; " in French)."""
    return pgettext("between the parts of a sentence", "; ").join(parts)


# A hand's cards in words, by its cards: hands of two or three cards come back again and again.
# Only hands of cards `_RANK_OF` knows: a string is equal to no other kind of value. Lists in
# words (`words_and`), likewise: boxes 1, 2 and 5. Both kept for one language at a time ("and",
# "et", "e").
_SAID_CARDS: dict[tuple[str, ...], str] = {}
_SAID_LISTS: dict[tuple[str, ...], str] = {}
_said_in: list[str] = [SOURCE_LANGUAGE]


def _keep_for(lang: str) -> None:
    """The kept words are those of `lang`: those of another language are forgotten."""
    if _said_in[0] != lang:
        _SAID_CARDS.clear()
        _SAID_LISTS.clear()
        _said_in[0] = lang


def _cards(cards: Sequence[str]) -> str:
    """`words_and` of the cards' ranks: "A, 4 and 5"."""
    lang = language()
    if _said_in[0] != lang:
        _keep_for(lang)
    key = tuple(cards)
    said = _SAID_CARDS.get(key)
    if said is not None:
        return said
    ranks = list(map(_rank_of, key))
    if None in ranks:  # a card in an older form, or not a card
        return words_and([rank(c) for c in key])
    said = words_and(ranks)
    if len(_SAID_CARDS) >= 20_000:
        _SAID_CARDS.clear()
    _SAID_CARDS[key] = said
    return said


def _split_hand(label: Any) -> bool:
    """A split box's hand ("3.2"), rather than a box ("3")."""
    return "." in str(label)


def _dealer(cards: Sequence[str]) -> str:
    return _("the dealer has {cards}").format(cards=_cards(cards))


def _hands(cards: Sequence[Sequence[str]], labels: Sequence[str], stakes: Sequence[str]) -> str:
    english = language() == SOURCE_LANGUAGE  # amounts said as stored (`money`), looked at once
    parts = []
    for i, hand in enumerate(cards):
        label = labels[i] if i < len(labels) else None
        said = _cards(hand)
        shown = i + 1 if label is None else label
        if i < len(stakes):
            stake = str(stakes[i]) if english else money(stakes[i])
            if label is None or _split_hand(label):
                text = _("hand {label} has {cards} for {stake}")
            else:
                text = _("box {label} has {cards} for {stake}")
            parts.append(text.format(label=shown, cards=said, stake=stake))
        else:
            if label is None or _split_hand(label):
                text = _("hand {label} has {cards}")
            else:
                text = _("box {label} has {cards}")
            parts.append(text.format(label=shown, cards=said))
    return _semicolons(parts)


def say_announce(q: Mapping[str, Any]) -> str:
    """`{"cards": ["AS", "4C", "5S"], "box": 7, "split": False, "stood": False}`."""
    if q.get("split"):
        if q.get("stood"):
            text = _("{cards} at the first hand of split box {box}, the hand stood")
        else:
            text = _("{cards} at the first hand of split box {box}")
    elif q.get("stood"):
        text = _("{cards} at box {box}, the hand stood")
    else:
        text = _("{cards} at box {box}")
    return text.format(cards=_cards(q["cards"]), box=q["box"])


def say_dealer(q: Mapping[str, Any]) -> str:
    """`{"up": "AD", "shoe": ["KD", …], "cards": ["AD"]}`."""
    up = with_article(rank(q["up"]))
    shoe = q.get("shoe") or []
    if shoe:
        return _("the dealer shows {card}; the shoe's next cards {cards}").format(
            card=up, cards=_cards(shoe)
        )
    return _("the dealer shows {card}").format(card=up)


def say_outcome(q: Mapping[str, Any]) -> str:
    """`{"cards": [["JS", "8H"], …], "hands": ["7.1", …], "dealer": ["AD", "6C"]}`."""
    return _semicolons([_hands(q["cards"], q.get("hands") or [], []), _dealer(q["dealer"])])


def say_pay_even(q: Mapping[str, Any]) -> str:
    """`{"bet": "20", "result": "win", "box": 5}`."""
    return _("box {box} wins on a bet of {bet}").format(box=q["box"], bet=money(q["bet"]))


def say_pay_double(q: Mapping[str, Any]) -> str:
    """`{"bet": "20", "doubled": True, "result": "win", "box": 4}`."""
    return _("box {box} doubled a bet of {bet} and wins").format(box=q["box"], bet=money(q["bet"]))


def say_pay_blackjack(q: Mapping[str, Any]) -> str:
    """`{"bet": "5", "cards": ["J", "A"], "box": 5}`."""
    box, bet = q["box"], money(q["bet"])
    if q.get("cards"):
        return _("Black Jack ({cards}) at box {box} on a bet of {bet}").format(
            cards=_cards(q["cards"]), box=box, bet=bet
        )
    return _("Black Jack at box {box} on a bet of {bet}").format(box=box, bet=bet)


def say_pay_insurance(q: Mapping[str, Any]) -> str:
    """`{"bet": "30", "ask": "max", "box": 1}` (at most half [003]), `{…, "ask": "half"}`
    (exactly half [000][001][002]) or `{…, "insured": "1", "ask": "pay"}`."""
    box, bet = q["box"], money(q["bet"])
    if q.get("ask") == "max":
        return _("the most box {box} may insure on a bet of {bet}").format(box=box, bet=bet)
    if q.get("ask") == "half":
        return _("box {box}'s insurance, half its bet of {bet}").format(box=box, bet=bet)
    return _("box {box} insured {insured} on a bet of {bet}; the dealer makes Black Jack").format(
        box=box, insured=money(q["insured"]), bet=bet
    )


def say_pay_split(q: Mapping[str, Any]) -> str:
    """`{"cards": [[…], […]], "dealer": […], "stakes": ["185", "185"], "box": 5}`."""
    box = q["box"]
    count = len(q["cards"])
    labels = [f"{box}.{i + 1}" for i in range(count)]
    return ngettext(
        "box {box} split into {count} hand: {hands}; {dealer}",
        "box {box} split into {count} hands: {hands}; {dealer}",
        count,
    ).format(
        box=box,
        count=count,
        hands=_hands(q["cards"], labels, q.get("stakes") or []),
        dealer=_dealer(q["dealer"]),
    )


def say_pay_behind(q: Mapping[str, Any]) -> str:
    """`{"bets": {"seat": "5", "behind-a": "30"}, "cards": [[…]], "dealer": […], "box": 2}`."""
    bets = dict(q["bets"])
    seat = bets.pop("seat", None)
    who = [_("the seated player bets {bet}").format(bet=money(seat))] if seat is not None else []
    if bets:
        behind = words_and([money(b) for b in bets.values()])
        who.append(
            ngettext("a behind bettor {bets}", "behind bettors {bets}", len(bets)).format(
                bets=behind
            )
        )
    cards = q["cards"]
    box = q["box"]
    played = (
        _("the hand has {cards}").format(cards=_cards(cards[0]))
        if len(cards) == 1
        else _hands(cards, [f"{box}.{i + 1}" for i in range(len(cards))], [])
    )
    return _("at box {box} {bettors}; {played}; {dealer}").format(
        box=box, bettors=words_and(who), played=played, dealer=_dealer(q["dealer"])
    )


def say_pay_table(q: Mapping[str, Any]) -> str:
    """`{"dealer": […], "cards": [[…], …], "hands": ["1.1", …], "stakes": ["5", …]}`."""
    n = len(q["cards"])
    return ngettext(
        "{dealer} against {count} hand: {hands}", "{dealer} against {count} hands: {hands}", n
    ).format(
        dealer=_dealer(q["dealer"]),
        count=n,
        hands=_hands(q["cards"], q.get("hands") or [], q.get("stakes") or []),
    )


_CHIPS_WHY: Final = {
    "blackjack": N_("a Black Jack"),
    "win": N_("a win"),
    "insurance": N_("an insurance"),
    "double": N_("a doubled win"),
}


def say_chips(q: Mapping[str, Any]) -> str:
    """`{"amount": "30", "chip_set": […], "why": "blackjack", "bet": "20"}`."""
    why = _CHIPS_WHY.get(str(q.get("why")))
    amount = money(q["amount"])
    if why and q.get("bet") is not None:
        return _("pay {amount} in chips: {why} on a bet of {bet}").format(
            amount=amount, why=_(why), bet=money(q["bet"])
        )
    return _("pay {amount} in chips").format(amount=amount)


def say_deal_order(q: Mapping[str, Any]) -> str:
    """`{"boxes": [1, 2, 5], "phase": "deal"}` or `{"hands": […], "phase": "play", …}`."""
    if q.get("phase") == "play":
        hands = words_and([str(h) for h in q["hands"]])
        naturals = [str(h) for h in q.get("naturals") or []]
        if naturals:
            return _("the play of hands {hands}, Black Jack at {naturals}").format(
                hands=hands, naturals=words_and(naturals)
            )
        return _("the play of hands {hands}").format(hands=hands)
    boxes = [str(b) for b in q["boxes"]]
    if not boxes:
        return _("the deal to no box")
    return ngettext("the deal to box {boxes}", "the deal to boxes {boxes}", len(boxes)).format(
        boxes=words_and(boxes)
    )


def say_procedure(q: Mapping[str, Any]) -> str:
    """`{"dealer": ["5S"], "boxes": [7], "choices": […]}`."""
    up = q["dealer"][0] if q.get("dealer") else None
    boxes = [str(b) for b in q["boxes"]]
    if up:
        card = with_article(rank(up))
        if not boxes:
            return _("the dealer shows {card}, no box in play").format(card=card)
        return ngettext(
            "the dealer shows {card}, box {boxes} in play",
            "the dealer shows {card}, boxes {boxes} in play",
            len(boxes),
        ).format(card=card, boxes=words_and(boxes))
    if not boxes:
        return _("no box in play")
    return ngettext("box {boxes} in play", "boxes {boxes} in play", len(boxes)).format(
        boxes=words_and(boxes)
    )


def _refused_by(refused: Sequence[str]) -> str:
    boxes = [r for r in refused if r != "dealer"]
    dealer = "dealer" in refused
    if boxes:
        if dealer:
            text = ngettext(
                "refused by box {boxes} and the dealer",
                "refused by boxes {boxes} and the dealer",
                len(boxes),
            )
        else:
            text = ngettext("refused by box {boxes}", "refused by boxes {boxes}", len(boxes))
        return text.format(boxes=words_and(boxes))
    return _("refused by the dealer") if dealer else _("refused by no one")


def say_exposed_card(q: Mapping[str, Any]) -> str:
    """`{"card": "4C", "turn": "2", "boxes": [1, 2], "refused_by": ["2", "dealer"]}`.

    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5 and the dealer"."""
    refused = [str(r) for r in q.get("refused_by") or []]
    turn = q["turn"]
    if _split_hand(turn):
        text = _("{card} exposed at hand {turn}'s turn, {refused}")
    else:
        text = _("{card} exposed at box {turn}'s turn, {refused}")
    return text.format(card=with_article(rank(q["card"])), turn=turn, refused=_refused_by(refused))


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


def _say_dealt(question: Mapping[str, Any]) -> str:
    """A step of a dealt shoe (`DealShoe._question`): its round and the step as it was asked,
    in the words of the moment it was asked, the player's words when the step did not show
    them: "round 3: Announce box 2 — the player says “hit”"."""
    step = str(question["deal"])
    says = question.get("says")
    if says and str(says) not in step:
        step = _("{step} — the player says \u201c{says}\u201d").format(step=step, says=says)
    if "round" not in question:
        return step
    return _("round {round}: {step}").format(round=question["round"], step=step)


def _say_home_score(question: Mapping[str, Any]) -> str:
    """A line of a home game's score sheet (`trainer.practice.home_score`), asked as the game
    asked it, with the hand it was about: "round 2: Hugo: won or lost this round? (10 3, 6
    staked, against the bank's 4 7 5 8)"."""
    player, bank = question["player"], question.get("bank")
    if question["field"] == "net":
        asked = (
            _("{player} (the bank): won or lost this round?")
            if bank
            else _("{player}: won or lost this round?")
        )
    else:
        asked = _("{player} (the bank): chips now?") if bank else _("{player}: chips now?")
    step = asked.format(player=player)
    dealer = " ".join(rank(c) for c in question.get("dealer") or ())
    hands = question.get("cards") or ()
    if hands and question.get("stake") is not None:
        cards = " | ".join(" ".join(rank(c) for c in hand) for hand in hands)
        step = _("{question} ({cards}, {stake} staked, against the bank's {bank})").format(
            question=step, cards=cards, stake=money(question["stake"]), bank=dealer
        )
    elif dealer:
        step = _("{question} (the bank's {bank})").format(question=step, bank=dealer)
    if "round" not in question:
        return step
    return _("round {round}: {step}").format(round=question["round"], step=step)


def describe_question(question: Mapping[str, Any], skill: str | None = None) -> str:
    """A stored question in words, as a croupier says it (`skill`: the skill that asked it):
    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5". A question of an unknown
    skill, or one stored in another shape, is listed key by key: `cards A 6 · box 3`."""
    if "deal" in question and "kind" in question:  # a step of a dealt shoe, whatever its skill
        return _say_dealt(question)
    if skill == "home-score" and "player" in question and "field" in question:
        return _say_home_score(question)
    say = QUESTION_WORDS.get(skill or "")
    if say is not None:
        try:
            return say(question)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            pass  # stored by an older version of the skill: the plain listing below
    return _generic(question)
