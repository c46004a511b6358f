"""Item keys in words, as a trainee reads them: `announce:soft-16` as "A + 5 (soft 16)", with a
tag for the kind of item and a natural order (home's weak items, the progress view, the export).
"""

from __future__ import annotations

import re
from typing import Any, Final

from trainer.history.words import money, rank, with_article, words_and
from trainer.i18n import N_, _, ngettext, pgettext


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


_AMOUNT = r"\d+(?:\.\d+)?"

# the money skills' items (trainer.practice.skills.money) by what they name
_MONEY_AMOUNTS: Final = {
    "buy-in": N_("buying in for {amount}"),
    "change": N_("changing a chip of {amount}"),
    "colour-up": N_("colouring up {amount}"),
}
_CONVERSIONS: Final = {
    "rack-win": N_("a win paid from a rack short of its colour"),
    "rack-blackjack": N_("a Black Jack paid from a rack short of its colour"),
    "mixed-win": N_("a win on a mixed stake"),
    "mixed-blackjack": N_("a Black Jack on a mixed stake"),
}
_READ_PAID: Final = {
    "win": N_("a win on {amount} read from its chips"),
    "blackjack": N_("a Black Jack on {amount} read from its chips"),
    "insurance": N_("an insurance of {amount} read from its chips"),
    "split": N_("a split hand of {amount} read from its chips"),
}


def _money_item(skill: str, key: str) -> str | None:
    """A money skill's item in words: `stack-values:20x25` -> "20 chips of 25", `buy-in:300` ->
    "buying in for 300", `read-pay:blackjack-25` -> "a Black Jack on 25 read from its chips";
    None for any other item."""
    if skill == "stack-values":
        m = re.fullmatch(rf"(\d+)x({_AMOUNT})", key)
        if m:
            count = int(m.group(1))
            return ngettext("{count} chip of {chip}", "{count} chips of {chip}", count).format(
                count=count, chip=money(m.group(2))
            )
    elif skill in _MONEY_AMOUNTS and re.fullmatch(_AMOUNT, key):
        return _(_MONEY_AMOUNTS[skill]).format(amount=money(key))
    elif skill == "conversions" and key in _CONVERSIONS:
        return _(_CONVERSIONS[key])
    elif skill == "read-pay":
        m = re.fullmatch(rf"([a-z]+)-({_AMOUNT})", key)
        if m and m.group(1) in _READ_PAID:
            return _(_READ_PAID[m.group(1)]).format(amount=money(m.group(2)))
    return None


def item_name(item: str) -> str:
    """An item as a trainee reads it, never its key: `announce:soft-16` -> "A + 5 (soft 16)",
    `pay-blackjack:25` -> "Black Jack on 25", `procedure:insurance` -> "offering insurance";
    in the language of the moment ("A + 5 (16 souple)", "Black Jack sur 25").
    A key this does not know is shown without its skill (`item_label`)."""
    skill, _sep, key = item.partition(":")
    said = _money_item(skill, key)
    if said is not None:
        return said
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
    "deal:dealer-nothing-to-settle": N_("the dealer's hand with nothing left to settle"),
    "exposed:offer": N_("offering an exposed card"),
    "exposed:burn": N_("burning a refused exposed card"),
    "procedure:burn": N_("burning the first 5 cards of a shoe"),
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
_AMOUNT_SKILLS: Final = frozenset(
    {"pay-even", "pay-double", "pay-blackjack", "chips", "buy-in", "change", "colour-up"}
)


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
    elif skill == "stack-values" and re.fullmatch(rf"\d+x{_AMOUNT}", key):
        many, _x, chip = key.partition("x")
        return f"{many} × {money(chip)}"
    elif skill == "read-pay" and re.fullmatch(rf"[a-z]+-{_AMOUNT}", key):
        why, _dash, amount = key.partition("-")
        tiles = {
            "win": pgettext("a heat-map tile", "win on {amount}"),
            "blackjack": pgettext("a heat-map tile", "Black Jack on {amount}"),
            "insurance": pgettext("a heat-map tile", "insured {amount}"),
            "split": pgettext("a heat-map tile", "split hand {amount}"),
        }
        if why in tiles:
            return tiles[why].format(amount=money(amount))
    elif skill == "conversions" and key.partition("-")[0] in ("rack", "mixed"):
        case, _dash, why = key.partition("-")
        if case == "rack":
            tile = pgettext("a heat-map tile", "short rack, {why}")
        else:
            tile = pgettext("a heat-map tile", "mixed stake, {why}")
        return tile.format(why=_results(why))
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
