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
from trainer.practice.prompts import say_prompt


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
#
# The export says every question of a history, mostly each its own: the words of each language
# are looked up once (`_Said`), each sentence made ready to fill (`_fill`), and the pieces that
# come back again and again — a hand's cards, a list, an amount, a card with its article — kept
# as they were said, in that language.


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


_FIELD: Final = re.compile(r"\{(\w+)\}")
_KEPT_AT_MOST: Final = 20_000  # pieces kept in words per kind and language, then forgotten

Fill = Callable[[tuple[Any, ...]], str]


def _fill(text: str, *names: str) -> Fill:
    """`text.format(name=value, …)` for the values of `names` in that order, as one call on a
    tuple of them; the same words, a third of the time: `text` read once into a `%` template
    when it names each of its fields once, in that order (as the English does; a translation
    that puts them otherwise is filled by `format`)."""
    if _FIELD.findall(text) == list(names) and "{{" not in text and "}}" not in text:
        template = _FIELD.sub("%s", text.replace("%", "%%"))
        if "{" not in template and "}" not in template:
            return template.__mod__
    return lambda values: text.format(**dict(zip(names, values, strict=True)))


class _Said:
    """The words of one language, looked up once: each sentence ready to fill (`_fill`), and
    the pieces said so far (hands, lists, amounts, cards with their article)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.english = lang == SOURCE_LANGUAGE
        self.cards: dict[tuple[Any, ...], str] = {}
        self.ranks: dict[tuple[str, ...], str] = {}
        self.lists: dict[tuple[str, ...], str] = {}
        self.amounts: dict[str, str] = {}
        self.articles: dict[str, str] = {}
        self.plurals: dict[tuple[str, int], Fill] = {}
        self.listeds: dict[str, str] = {}
        self.clauses: dict[str, str] = {}
        self.kept: dict[str, str] = {}  # other pieces of said forms, by their values (`keep`)
        # an amount of a said form (a text) as `money` says it: in English as it is
        self.amount: Callable[[str], str] = str if self.english else self.money
        self.semicolons = pgettext("between the parts of a sentence", "; ")
        self.and_ = _fill(_("{items} and {last}"), "items", "last")
        self.an = _fill(_("an {card}"), "card")
        self.a = _fill(_("a {card}"), "card")
        self.dealer_has = _fill(_("the dealer has {cards}"), "cards")
        hand = ("label", "cards", "stake")
        self.hand_has_for = _fill(_("hand {label} has {cards} for {stake}"), *hand)
        self.box_has_for = _fill(_("box {label} has {cards} for {stake}"), *hand)
        self.hand_has = _fill(_("hand {label} has {cards}"), "label", "cards")
        self.box_has = _fill(_("box {label} has {cards}"), "label", "cards")
        cards_box = ("cards", "box")
        self.announce_split_stood = _fill(
            _("{cards} at the first hand of split box {box}, the hand stood"), *cards_box
        )
        self.announce_split = _fill(_("{cards} at the first hand of split box {box}"), *cards_box)
        self.announce_stood = _fill(_("{cards} at box {box}, the hand stood"), *cards_box)
        self.announce = _fill(_("{cards} at box {box}"), *cards_box)
        self.dealer_shows_shoe = _fill(
            _("the dealer shows {card}; the shoe's next cards {cards}"), "card", "cards"
        )
        self.dealer_shows = _fill(_("the dealer shows {card}"), "card")
        box_bet = ("box", "bet")
        self.wins = _fill(_("box {box} wins on a bet of {bet}"), *box_bet)
        self.doubled = _fill(_("box {box} doubled a bet of {bet} and wins"), *box_bet)
        self.blackjack_cards = _fill(
            _("Black Jack ({cards}) at box {box} on a bet of {bet}"), "cards", *box_bet
        )
        self.blackjack = _fill(_("Black Jack at box {box} on a bet of {bet}"), *box_bet)
        self.insure_max = _fill(_("the most box {box} may insure on a bet of {bet}"), *box_bet)
        self.insure_half = _fill(_("box {box}'s insurance, half its bet of {bet}"), *box_bet)
        self.insured = _fill(
            _("box {box} insured {insured} on a bet of {bet}; the dealer makes Black Jack"),
            "box",
            "insured",
            "bet",
        )
        self.seated_bets = _fill(_("the seated player bets {bet}"), "bet")
        self.hand_has_cards = _fill(_("the hand has {cards}"), "cards")
        self.at_box = _fill(
            _("at box {box} {bettors}; {played}; {dealer}"), "box", "bettors", "played", "dealer"
        )
        self.chips_why = _fill(
            _("pay {amount} in chips: {why} on a bet of {bet}"), "amount", "why", "bet"
        )
        self.chips = _fill(_("pay {amount} in chips"), "amount")
        self.chips_whys = {key: _(why) for key, why in _CHIPS_WHY.items()}
        self.play_naturals = _fill(
            _("the play of hands {hands}, Black Jack at {naturals}"), "hands", "naturals"
        )
        self.play = _fill(_("the play of hands {hands}"), "hands")
        self.deal_none = _("the deal to no box")
        self.no_box_shows = _fill(_("the dealer shows {card}, no box in play"), "card")
        self.no_box = _("no box in play")
        self.exposed_hand = _fill(
            _("{card} exposed at hand {turn}'s turn, {refused}"), "card", "turn", "refused"
        )
        self.exposed_box = _fill(
            _("{card} exposed at box {turn}'s turn, {refused}"), "card", "turn", "refused"
        )
        self.refused_dealer = _("refused by the dealer")
        self.refused_none = _("refused by no one")

    def plural(self, said: Callable[[int], str], n: int, *names: str) -> Fill:
        """The sentence `said(n)` (an ngettext) ready to fill, for this `n`."""
        key = (said.__name__, n)
        fill = self.plurals.get(key)
        if fill is None:
            fill = self.plurals[key] = _fill(said(n), *names)
        return fill

    def money(self, amount: Any) -> str:
        """`money(amount)`, kept: a history bets the same few amounts again and again."""
        text = amount if type(amount) is str else str(amount)
        if self.english:
            return text
        said = self.amounts.get(text)
        if said is None:
            if len(self.amounts) >= _KEPT_AT_MOST:
                self.amounts.clear()
            said = self.amounts[text] = _money(text)
        return said

    def words_and(self, items: Sequence[Any]) -> str:
        said = [i if type(i) is str else str(i) for i in items]
        if len(said) <= 1:
            return "".join(said)
        key = tuple(said)
        text = self.lists.get(key)
        if text is None:
            if len(self.lists) >= _KEPT_AT_MOST:
                self.lists.clear()
            text = self.lists[key] = self.and_((", ".join(said[:-1]), said[-1]))
        return text

    def listed(self, text: str) -> str:
        """`words_and` of a said form's list ("A 4 5": a hand's ranks, boxes), kept."""
        said = self.listeds.get(text)
        if said is None:
            if len(self.listeds) >= _KEPT_AT_MOST:
                self.listeds.clear()
            # `words_and` of its items, without the list: the items hold no space
            head, _sep, last = text.rpartition(" ")
            said = self.and_((head.replace(" ", ", "), last)) if head else text
            self.listeds[text] = said
        return said

    def keep(self, key: str, said: str) -> str:
        """`said`, kept in `kept` by `key` (values of a said form, with a kind's own mark)."""
        if len(self.kept) >= _KEPT_AT_MOST:
            self.kept.clear()
        self.kept[key] = said
        return said

    def clause(self, text: str) -> str:
        """A hand of a said form's table (`_hands_form`) as `_hands` says it, kept: "box 1 has
        A and 5 for 12.5"."""
        said = self.clauses.get(text)
        if said is None:
            parts = text.split(HAND_SEP)
            kind, label, ranks = parts[0][0], parts[0][1:], parts[1]
            if kind == "B":
                said = self.box_has_for((label, self.listed(ranks), self.amount(parts[2])))
            elif kind == "H":
                said = self.hand_has_for((label, self.listed(ranks), self.amount(parts[2])))
            elif kind == "b":
                said = self.box_has((label, self.listed(ranks)))
            elif kind == "h":
                said = self.hand_has((label, self.listed(ranks)))
            else:
                raise ValueError(f"a hand of an unknown kind {kind!r}")
            if len(self.clauses) >= _KEPT_AT_MOST:
                self.clauses.clear()
            self.clauses[text] = said
        return said

    def with_article(self, word: str) -> str:
        said = self.articles.get(word)
        if said is None:
            said = (self.an if word[:1] in ("A", "8") else self.a)((word,))
            if len(self.articles) < _KEPT_AT_MOST:
                self.articles[word] = said
        return said

    def hand(self, cards: Sequence[Any]) -> str:
        """`words_and` of the cards' ranks: "A, 4 and 5"; kept by the cards, and by their ranks
        (a history deals every 7 of 10 and K: the same words)."""
        key = tuple(cards)
        said = self.cards.get(key)
        if said is not None:
            return said
        ranks = tuple(map(_rank_of, key))
        if None in ranks:  # a card in an older form, or not a card
            return self.words_and([rank(c) for c in key])
        said = self.ranks.get(ranks)
        if said is None:
            said = self.words_and(ranks)
            if len(self.ranks) >= _KEPT_AT_MOST:
                self.ranks.clear()
            self.ranks[ranks] = said
        if len(self.cards) >= _KEPT_AT_MOST:
            self.cards.clear()
        self.cards[key] = said
        return said


_SAID: dict[str, _Said] = {}


def words_now() -> _Said:
    """The words of the language of the moment (for a loop that says many questions in one
    language: `FORM_WORDS`)."""
    lang = language()
    said = _SAID.get(lang)
    if said is None:
        said = _SAID[lang] = _Said(lang)
    return said


def _money(text: str) -> str:
    try:
        value = Decimal(text)
    except ArithmeticError:
        return text
    if not value.is_finite():
        return text
    return format_amount(value, currency="")


def money(amount: str) -> str:
    """An amount as stored ("37.5"), as the language writes it: "37.5" in English (as stored),
    "37,50" in French and Italian (`format_amount` without a currency). A text that is no
    amount is left as it is."""
    return words_now().money(amount)


def with_article(word: str) -> str:
    """`word` with its article, as it is said: "an A", "an 8", "a 10"; "un 8" in French and
    Italian."""
    return words_now().with_article(word)


def words_and(items: Sequence[str]) -> str:
    """ "2", "2 and 4", "2, 4 and 5"; "2, 4 et 5", "2, 4 e 5"."""
    return words_now().words_and(items)


def _semicolons(parts: Sequence[str]) -> str:
    """Parts of a sentence one after the other, "; " between them ("\u202f; " in French)."""
    return words_now().semicolons.join(parts)


def _cards(cards: Sequence[str]) -> str:
    """`words_and` of the cards' ranks: "A, 4 and 5"."""
    return words_now().hand(cards)


def _split_hand(label: Any) -> bool:
    """A split box's hand ("3.2"), rather than a box ("3")."""
    return "." in (label if type(label) is str else str(label))


def _hands(
    t: _Said, cards: Sequence[Sequence[str]], labels: Sequence[str], stakes: Sequence[str]
) -> str:
    """Each hand in words, "; " between them: "box 1 has A and 5 for 12.5; hand 2.1 has …"."""
    parts: list[str] = []
    add = parts.append
    kept = t.cards.get
    english = t.english
    box_for, hand_for, box_has, hand_has = t.box_has_for, t.hand_has_for, t.box_has, t.hand_has
    labelled = staked = 0
    for i, held in enumerate(cards):
        if not i:  # as `i < len(…)` would read them: only for a hand
            labelled, staked = len(labels), len(stakes)
        said = kept(tuple(held)) or t.hand(held)
        label: Any
        if i < labelled:
            label = labels[i]
            box = label is not None and "." not in (label if type(label) is str else str(label))
            if label is None:
                label = i + 1
        else:
            label, box = i + 1, False
        if i < staked:
            stake = stakes[i]
            if not english or type(stake) is not str:
                stake = t.money(stake)
            add((box_for if box else hand_for)((label, said, stake)))
        else:
            add((box_has if box else hand_has)((label, said)))
    return t.semicolons.join(parts)


def say_announce(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"cards": ["AS", "4C", "5S"], "box": 7, "split": False, "stood": False}`."""
    t = t or words_now()
    if q.get("split"):
        text = t.announce_split_stood if q.get("stood") else t.announce_split
    elif q.get("stood"):
        text = t.announce_stood
    else:
        text = t.announce
    return text((t.hand(q["cards"]), q["box"]))


def say_dealer(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"up": "AD", "shoe": ["KD", …], "cards": ["AD"]}`."""
    t = t or words_now()
    up = t.with_article(rank(q["up"]))
    shoe = q.get("shoe") or []
    if shoe:
        return t.dealer_shows_shoe((up, t.hand(shoe)))
    return t.dealer_shows((up,))


def say_outcome(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"cards": [["JS", "8H"], …], "hands": ["7.1", …], "dealer": ["AD", "6C"]}`."""
    t = t or words_now()
    return t.semicolons.join(
        (_hands(t, q["cards"], q.get("hands") or [], []), t.dealer_has((t.hand(q["dealer"]),)))
    )


def say_pay_even(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"bet": "20", "result": "win", "box": 5}`."""
    t = t or words_now()
    return t.wins((q["box"], t.money(q["bet"])))


def say_pay_double(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"bet": "20", "doubled": True, "result": "win", "box": 4}`."""
    t = t or words_now()
    return t.doubled((q["box"], t.money(q["bet"])))


def say_pay_blackjack(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"bet": "5", "cards": ["J", "A"], "box": 5}`."""
    t = t or words_now()
    box, bet = q["box"], t.money(q["bet"])
    if q.get("cards"):
        return t.blackjack_cards((t.hand(q["cards"]), box, bet))
    return t.blackjack((box, bet))


def say_pay_insurance(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"bet": "30", "ask": "max", "box": 1}` (at most half [003]), `{…, "ask": "half"}`
    (exactly half [000][001][002]) or `{…, "insured": "1", "ask": "pay"}`."""
    t = t or words_now()
    box, bet = q["box"], t.money(q["bet"])
    ask = q.get("ask")
    if ask == "max":
        return t.insure_max((box, bet))
    if ask == "half":
        return t.insure_half((box, bet))
    return t.insured((box, t.money(q["insured"]), bet))


def _split_into(count: int) -> str:
    return ngettext(
        "box {box} split into {count} hand: {hands}; {dealer}",
        "box {box} split into {count} hands: {hands}; {dealer}",
        count,
    )


def say_pay_split(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"cards": [[…], […]], "dealer": […], "stakes": ["185", "185"], "box": 5}`."""
    t = t or words_now()
    box = q["box"]
    count = len(q["cards"])
    labels = [f"{box}.{i + 1}" for i in range(count)]
    return t.plural(_split_into, count, "box", "count", "hands", "dealer")(
        (
            box,
            count,
            _hands(t, q["cards"], labels, q.get("stakes") or []),
            t.dealer_has((t.hand(q["dealer"]),)),
        )
    )


def _behind_bettors(count: int) -> str:
    return ngettext("a behind bettor {bets}", "behind bettors {bets}", count)


def say_pay_behind(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"bets": {"seat": "5", "behind-a": "30"}, "cards": [[…]], "dealer": […], "box": 2}`."""
    t = t or words_now()
    bets = dict(q["bets"])
    seat = bets.pop("seat", None)
    who = [t.seated_bets((t.money(seat),))] if seat is not None else []
    if bets:
        behind = t.words_and([t.money(b) for b in bets.values()])
        who.append(t.plural(_behind_bettors, len(bets), "bets")((behind,)))
    cards = q["cards"]
    box = q["box"]
    played = (
        t.hand_has_cards((t.hand(cards[0]),))
        if len(cards) == 1
        else _hands(t, cards, [f"{box}.{i + 1}" for i in range(len(cards))], [])
    )
    return t.at_box((box, t.words_and(who), played, t.dealer_has((t.hand(q["dealer"]),))))


def _against(count: int) -> str:
    return ngettext(
        "{dealer} against {count} hand: {hands}", "{dealer} against {count} hands: {hands}", count
    )


def say_pay_table(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"dealer": […], "cards": [[…], …], "hands": ["1.1", …], "stakes": ["5", …]}`."""
    t = t or words_now()
    n = len(q["cards"])
    return t.plural(_against, n, "dealer", "count", "hands")(
        (
            t.dealer_has((t.hand(q["dealer"]),)),
            n,
            _hands(t, q["cards"], q.get("hands") or [], q.get("stakes") or []),
        )
    )


_CHIPS_WHY: Final = {
    "blackjack": N_("a Black Jack"),
    "win": N_("a win"),
    "insurance": N_("an insurance"),
    "double": N_("a doubled win"),
}


def say_chips(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"amount": "30", "chip_set": […], "why": "blackjack", "bet": "20"}`."""
    t = t or words_now()
    why = t.chips_whys.get(str(q.get("why")))
    amount = t.money(q["amount"])
    if why and q.get("bet") is not None:
        return t.chips_why((amount, why, t.money(q["bet"])))
    return t.chips((amount,))


def _deal_to(count: int) -> str:
    return ngettext("the deal to box {boxes}", "the deal to boxes {boxes}", count)


def say_deal_order(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"boxes": [1, 2, 5], "phase": "deal"}` or `{"hands": […], "phase": "play", …}`."""
    t = t or words_now()
    if q.get("phase") == "play":
        hands = t.words_and([str(h) for h in q["hands"]])
        naturals = [str(h) for h in q.get("naturals") or []]
        if naturals:
            return t.play_naturals((hands, t.words_and(naturals)))
        return t.play((hands,))
    boxes = [str(b) for b in q["boxes"]]
    if not boxes:
        return t.deal_none
    return t.plural(_deal_to, len(boxes), "boxes")((t.words_and(boxes),))


def _shows_in_play(count: int) -> str:
    return ngettext(
        "the dealer shows {card}, box {boxes} in play",
        "the dealer shows {card}, boxes {boxes} in play",
        count,
    )


def _in_play(count: int) -> str:
    return ngettext("box {boxes} in play", "boxes {boxes} in play", count)


def say_procedure(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"dealer": ["5S"], "boxes": [7], "choices": […]}`."""
    t = t or words_now()
    up = q["dealer"][0] if q.get("dealer") else None
    boxes = [str(b) for b in q["boxes"]]
    if up:
        card = t.with_article(rank(up))
        if not boxes:
            return t.no_box_shows((card,))
        return t.plural(_shows_in_play, len(boxes), "card", "boxes")((card, t.words_and(boxes)))
    if not boxes:
        return t.no_box
    return t.plural(_in_play, len(boxes), "boxes")((t.words_and(boxes),))


def _refused_by_boxes_and_dealer(count: int) -> str:
    return ngettext(
        "refused by box {boxes} and the dealer",
        "refused by boxes {boxes} and the dealer",
        count,
    )


def _refused_by_boxes(count: int) -> str:
    return ngettext("refused by box {boxes}", "refused by boxes {boxes}", count)


def _refused_by(t: _Said, refused: Sequence[str]) -> str:
    boxes = [r for r in refused if r != "dealer"]
    dealer = "dealer" in refused
    if boxes:
        said = _refused_by_boxes_and_dealer if dealer else _refused_by_boxes
        return t.plural(said, len(boxes), "boxes")((t.words_and(boxes),))
    return t.refused_dealer if dealer else t.refused_none


def say_exposed_card(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"card": "4C", "turn": "2", "boxes": [1, 2], "refused_by": ["2", "dealer"]}`.

    "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5 and the dealer"."""
    t = t or words_now()
    refused = [str(r) for r in q.get("refused_by") or []]
    turn = q["turn"]
    text = t.exposed_hand if _split_hand(turn) else t.exposed_box
    return text((t.with_article(rank(q["card"])), turn, _refused_by(t, refused)))


QUESTION_WORDS: Final[dict[str, Callable[..., str]]] = {
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
    in the words of the moment (`say_prompt`; one stored as text, in the words it was asked
    in), the player's words when the step did not show them: "round 3: Announce box 2 — the
    player says “hit”"."""
    step = say_prompt(question["deal"])
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
        try:
            return _say_dealt(question)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError, ArithmeticError):
            return _generic(question)  # a prompt in a shape no version stored
    if skill == "home-score" and "player" in question and "field" in question:
        return _say_home_score(question)
    say = QUESTION_WORDS.get(skill or "")
    if say is not None:
        try:
            return say(question, words_now())
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            pass  # stored by an older version of the skill: the plain listing below
    return _generic(question)


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

FORM_SEP: Final = "\x1f"  # between the values of a said form (the ASCII unit separator)
HAND_SEP: Final = "\x1e"  # between the label, ranks and stake of a hand of a table
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
    return t.wins((v[1], t.amount(v[2])))


def _say_pd(t: _Said, v: list[str]) -> str:
    return t.doubled((v[1], t.amount(v[2])))


def _say_pjc(t: _Said, v: list[str]) -> str:
    return t.blackjack_cards((t.listed(v[3]), v[1], t.amount(v[2])))


def _say_pj(t: _Said, v: list[str]) -> str:
    return t.blackjack((v[1], t.amount(v[2])))


def _say_im(t: _Said, v: list[str]) -> str:
    return t.insure_max((v[1], t.amount(v[2])))


def _say_ih(t: _Said, v: list[str]) -> str:
    return t.insure_half((v[1], t.amount(v[2])))


def _say_ip(t: _Said, v: list[str]) -> str:
    return t.insured((v[1], t.amount(v[3]), t.amount(v[2])))


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
        who = [t.seated_bets((t.amount(v[2]),))] if v[2] else []
        if v[3]:
            bets = v[3].split(" ")
            behind = t.words_and([t.amount(b) for b in bets])
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
    return t.chips_why((t.amount(v[1]), t.chips_whys[v[2]], t.amount(v[3])))


def _say_c(t: _Said, v: list[str]) -> str:
    return t.chips((t.amount(v[1]),))


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
