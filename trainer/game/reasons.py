"""Why the engine refuses, kept as its parts: the English sentence, marked for translation with
named placeholders, and the values that fill them.

A `Reason` (trainer.i18n, where `Said` and `Explained` live too: the rules' errors are made at
start-up) is said again each time it is shown: `text()` in the language of the moment (after a
switch of language, in the new one), `str()` in English, the sentence the transcript, the logs
and the tests read. Its values are plain (a box number, a preset's name, a keyword: the same in
every language), a callable (called each time: a text of its own in the language of the moment),
or a part that says itself (`Said`; the table's parts are here): a card, a hand's point, an
amount, a bettor, a place at the table, a list of them, or another reason. In English `text()`
is `str()`, word for word.

The rules' and the round's errors (`RulesError`, `RoundError`) are `Explained`: each holds its
reason, and the round gives the same reasons without raising (`Round.refusal`,
`Round.insurance_refusal`) to whoever asks why — deal mode says them to the trainee.
A reason is made only when something is refused: the round's usual path never builds one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from trainer.i18n import (  # noqa: F401  (Explained, Reason: callers read them here too)
    SOURCE_LANGUAGE,
    Explained,
    Reason,
    Said,
    _,
    format_amount,
    language,
    say_english,
    say_now,
)


def _foreign() -> bool:
    return language() != SOURCE_LANGUAGE


class _Part(Said):
    """A value of one field (plain classes, not dataclasses: made at import, they cost the
    start-up nothing to speak of)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self.value == other.value)

    def __hash__(self) -> int:
        return hash((type(self), self.value))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.value!r})"

    def __str__(self) -> str:
        return str(self.value)


class Card(_Part):
    """A card as the engine writes it ("TS", "5", "A"); said by its rank as the table names it,
    "10" for a ten, never its suit nor the engine's code, with its article where the sentence
    wants one ("a 5", "un 5": `article`)."""

    __slots__ = ("article",)

    def __init__(self, card: str, article: bool = False) -> None:
        self.value = card
        self.article = article

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.value, self.article) == (other.value, other.article)

    def __hash__(self) -> int:
        return hash((Card, self.value, self.article))

    def __repr__(self) -> str:
        return f"Card({self.value!r}, article={self.article!r})"

    def _said(self, an: str, a: str) -> str:
        rank = str(self.value)[:1]
        said = "10" if rank == "T" else rank
        if not self.article:
            return said
        # (the article as the history's words give it: "an 8", "un A")
        return (an if rank in ("A", "8") else a).format(card=said)

    def __str__(self) -> str:
        return self._said("an {card}", "a {card}")

    def text(self) -> str:
        return self._said(_("an {card}"), _("a {card}"))


class Point(_Part):
    """A hand's point in RULES.md §2's words ("7 or 17"), said as the dealer says it
    (`announce.spoken`: "7 ou 17", "7 o 17")."""

    __slots__ = ()

    def text(self) -> str:
        from trainer.game.announce import spoken

        return spoken(self.value)


class Amount(_Part):
    """An amount as the transcript writes it ("7.5"), said in the language's figures ("7,50")."""

    __slots__ = ()

    def __str__(self) -> str:
        from trainer.game.payout import money

        return money(self.value)

    def text(self) -> str:
        if not _foreign():
            return str(self)
        return format_amount(self.value, currency="", group=False)


class Bettor(_Part):
    """A bettor by the name the engine knows him by ("seat", "behind-a"), said as the trainee's
    language names him: "le joueur assis"; a standing player by the letter the felt shows him
    by, "standing player a", "joueur debout a" (never the engine's "behind-a")."""

    __slots__ = ()

    def __str__(self) -> str:
        name = str(self.value)
        if name.startswith("behind-"):
            return "standing player " + name.removeprefix("behind-")
        return name

    def text(self) -> str:
        name = str(self.value)
        if name.startswith("behind-"):
            return _("standing player {letter}").format(letter=name.removeprefix("behind-"))
        if not _foreign():
            return name
        from trainer.game.hand import SEAT, bettor_name

        return _("the seated player") if name == SEAT else bettor_name(name)


class Place(_Part):
    """A box's number, or "dealer", said as the table names him ("croupier", "mazziere")."""

    __slots__ = ()

    def text(self) -> str:
        name = str(self.value)
        if not _foreign() or name != "dealer":
            return name
        from trainer import vocabulary

        return vocabulary.said("dealer", language())


class Listing(_Part):
    """Several values one after the other, ", " between them ("2, 4, dealer")."""

    __slots__ = ()

    @classmethod
    def of(cls, kind: Callable[[str], Said], names: Iterable[str]) -> Listing:
        """Each of `names` as a `kind` (`Bettor`, `Place`)."""
        return cls(tuple(kind(n) for n in names))

    def __str__(self) -> str:
        return ", ".join(str(say_english(i)) for i in self.value)

    def text(self) -> str:
        return ", ".join(str(say_now(i)) for i in self.value)
