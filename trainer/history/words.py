"""Stored questions in words, as a croupier says them: "A, 4 and 5 at box 4" for the plain JSON a
skill of `trainer.practice.skills` stored, in the language of the moment.

The sessions list, the summary and the export show these. Item keys in words:
`trainer.history.item_words`; the said forms the export reads instead of the JSON:
`trainer.history.said_forms`. Pure Python, importing nothing of the app: `sabot export` reads a
whole history with these and nothing else of the reviewing.
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


# The separators of a said form (`trainer.history.said_forms`), which `_Said.clause` reads too.
FORM_SEP: Final = "\x1f"  # between the values of a said form (the ASCII unit separator)
HAND_SEP: Final = "\x1e"  # between the label, ranks and stake of a hand of a table

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
        if self.english and "." not in text:
            return text  # a whole amount, as stored
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
                said = self.box_has_for((label, self.listed(ranks), self.money(parts[2])))
            elif kind == "H":
                said = self.hand_has_for((label, self.listed(ranks), self.money(parts[2])))
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
    """An amount as stored ("37.5"), as the language writes it and as the drill's questions and
    the felt wrote it: "37.50" in English (a whole amount as stored: "25"), "37,50" in French
    and Italian (`format_amount` without a currency). A text that is no amount is left as it
    is."""
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


# -- the money at the table (trainer.practice.skills.money) -------------------------------------


def _chips_of(stacks: Sequence[Sequence[Any]], t: _Said) -> str:
    """Stacks as `[["25", 20], ["5", 3]]` in words: "20 × 25 and 3 × 5"."""
    return t.words_and([f"{n} × {t.money(c)}" for c, n in stacks])


def _asked_words(q: Mapping[str, Any]) -> str | None:
    from trainer.game.money import request_words

    asked = q.get("asked")
    if not asked:
        return None
    return request_words(tuple((Decimal(c), n) for c, n in asked))


def say_stack_values(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"stacks": [["25", 20], ["25", 4]], "cut": true, "box": 3}`.

    "20 × 25 and 4 × 25 at box 3, cut in fives"."""
    t = t or words_now()
    said = _("{chips} at box {box}").format(chips=_chips_of(q["stacks"], t), box=q["box"])
    return _("{stacks}, cut in fives").format(stacks=said) if q.get("cut") else said


def say_buy_in(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"notes": ["100", "50"], "box": 3, "asked": [["25", null]]}`.

    "box 3 buys in with notes of 100 and 50; the player asks: all in 25s, please"."""
    t = t or words_now()
    notes = t.words_and([t.money(n) for n in q["notes"]])
    said = _("box {box} buys in with notes of {notes}").format(box=q["box"], notes=notes)
    asked = _asked_words(q)
    return (
        said
        if asked is None
        else _("{said}; the player asks: {asked}").format(said=said, asked=asked)
    )


def say_change(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"stacks": [["100", 1]], "amount": "100", "box": 3, "asked": [["25", null]]}`.

    "box 3 changes 1 × 100; the player asks: all in 25s, please"."""
    t = t or words_now()
    said = _("box {box} changes {chips}").format(box=q["box"], chips=_chips_of(q["stacks"], t))
    asked = _asked_words(q)
    return (
        said
        if asked is None
        else _("{said}; the player asks: {asked}").format(said=said, asked=asked)
    )


def say_colour_up(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"stacks": [["5", 20], ["1", 7]], "box": 3}`: "box 3 colours up 20 × 5 and 7 × 1"."""
    t = t or words_now()
    return _("box {box} colours up {chips}").format(box=q["box"], chips=_chips_of(q["stacks"], t))


def say_conversions(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"amount": "25", "why": "win", "stake": ["25"], "rack": [...], "chip_set": [...]}`.

    "pay 25, a win, 1 to 1, on a stake of 25, from a rack without 25"."""
    t = t or words_now()
    why = t.chips_whys.get(str(q.get("why")), str(q.get("why")))
    stake = t.words_and([t.money(c) for c in q["stake"]])
    said = _("pay {amount}, {why}, on a stake of {stake}").format(
        amount=t.money(q["amount"]), why=why, stake=stake
    )
    rack = q.get("rack")
    if rack is None:
        return said
    missing = [c for c in q["chip_set"] if c not in rack]
    return _("{said}, from a rack without {chips}").format(
        said=said, chips=t.words_and([t.money(c) for c in missing])
    )


_READ_PAY: Final = {
    "win": N_("box {box} wins on a stake of {chips}, read from its chips"),
    "blackjack": N_("Black Jack at box {box} on a stake of {chips}, read from its chips"),
    "insurance": N_("box {box} insured {chips}, read from its chips; the dealer makes Black Jack"),
    "split": N_("hand {hand} wins on a stake of {chips}, read from its chips"),
}


def say_read_pay(q: Mapping[str, Any], t: _Said | None = None) -> str:
    """`{"stacks": [["25", 3]], "why": "blackjack", "box": 3, "hand": "3"}`.

    "Black Jack at box 3 on a stake of 3 × 25, read from its chips"."""
    t = t or words_now()
    return _(_READ_PAY[q["why"]]).format(
        box=q["box"], hand=q.get("hand", q["box"]), chips=_chips_of(q["stacks"], t)
    )


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
    "stack-values": say_stack_values,
    "buy-in": say_buy_in,
    "change": say_change,
    "colour-up": say_colour_up,
    "conversions": say_conversions,
    "read-pay": say_read_pay,
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
