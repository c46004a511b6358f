"""A stored right answer said again in the language of the moment.

The history keeps each attempt's right answer (`expected`) as the trainee read it, in the
language the question was asked in: "3 ou 13", "7,50", "perdu gagné", "1 2 croupier",
"Demandez à la case 4 : carte ou non ?". An export, or any page that lists stored attempts beside
questions said in its own language, says that answer in the same language (`expected_now`): the
table's words are read in any language and said in the one of the moment, amounts take its
decimal mark, and a chosen sentence is read back to its English text and translated.

A form it cannot read (a text stored by an older Sabot, a deal step's English keyword: "collect",
"burn") is left as it was stored: never an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Final

from trainer.i18n import LANGUAGES, _, language

_NUMBER: Final = re.compile(r"-?\d+(?:[.,]\d+)?")
_PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")
_WORD: Final = re.compile(r"[^\W\d_]{3,}")  # a template's own word, not only its placeholders


def expected_now(skill: str, expected: str) -> str:
    """`expected`, a right answer stored for a question of `skill`, in the words of the
    language of the moment; as stored where it cannot be read."""
    from trainer.practice.skills import SKILLS

    s = SKILLS.get(skill)
    if s is None or not expected:
        return expected
    try:
        return _SAY.get(s.kind, _as_stored)(expected)
    except (ValueError, ArithmeticError, KeyError):
        return expected


def _as_stored(text: str) -> str:
    return text


def _amount(token: str) -> str:
    """A figure stored with either decimal mark ("7,50", "7.5") in the language's ("7.50")."""
    if not _NUMBER.fullmatch(token):
        return token
    from trainer.practice.skills.base import amount

    try:
        return amount(Decimal(token.replace(",", ".")))
    except InvalidOperation:
        return token


def _amounts(text: str) -> str:
    return "; ".join(_amount(t.strip()) for t in text.split(";"))


def _tokens(text: str) -> str:
    """Chips, or an amount and the chips it is paid in ("25 + 10 = 35"): each figure said."""
    return " ".join(_amount(t) for t in text.split(" "))


# the table's words a right answer holds, by meaning: read in every language, said in one
_MEANINGS: Final = ("or", "bust", "blackjack", "push", "win", "lose", "burn", "dealer")


@cache
def _table_words() -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every word of `_MEANINGS` in every language (the longest first: "a
    sauté" before "sauté"), and each word's meaning, by its casefolded spelling."""
    from trainer import vocabulary

    meaning = {
        word.casefold(): m for m in _MEANINGS for word in vocabulary.words(m, vocabulary.LANGUAGES)
    }
    spelled = sorted(meaning, key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in spelled)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE), meaning


def _reworded(text: str, say: Callable[[str], str]) -> str:
    """`text` with each table word said anew: `say(meaning)` in the language of the moment."""
    pattern, meaning = _table_words()
    return pattern.sub(lambda m: say(meaning[m.group(0).casefold()]), text)


def _point_word(meaning: str) -> str:
    """A word of an announcement ("ou", "sauté", "Black Jack") as the dealer says it now."""
    from trainer import vocabulary
    from trainer.game.announce import spoken

    if meaning == "or":
        return vocabulary.said("or", language()) if language() != "en" else "or"
    return spoken({"bust": "bust", "blackjack": "Black Jack"}.get(meaning, meaning))


def _announcement(text: str) -> str:
    return _reworded(text, _point_word)


def _results(text: str) -> str:
    from trainer.practice.skills.base import result_word

    return _reworded(text, result_word)


def _sequence(text: str) -> str:
    from trainer import vocabulary
    from trainer.practice.skills.base import dealer_word

    def say(meaning: str) -> str:
        if meaning == "dealer":
            return dealer_word()
        return vocabulary.said(meaning, language())

    return _reworded(text, say)


def _choice(text: str) -> str:
    """A chosen sentence ("Demandez à la case 4 : carte ou non ?") read back to the English
    text it was made from, and said in the language of the moment."""
    for pattern, msgid in _choice_patterns():
        m = pattern.fullmatch(text)
        if m is not None:
            return _(msgid).format(**m.groupdict())
    return text


@cache
def _choice_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each choice a skill offers, as every language writes it, and its English text: read from
    the catalogues once, the first time a stored choice is said again."""
    from trainer import po

    found: list[tuple[re.Pattern[str], str]] = []
    for lang in LANGUAGES:
        if lang == "en":
            continue
        for entry in po.read_catalogue("trainer", lang):
            if not entry.msgid or entry.msgid_plural is not None or entry.msgctxt:
                continue
            if not any(r.startswith("trainer/practice/skills/") for r in entry.references):
                continue
            for text in {entry.msgid, entry.msgstr[0]} - {""}:
                if _WORD.search(_PLACEHOLDER.sub("", text)):
                    found.append((_pattern(text), entry.msgid))
    # the longest first: a sentence that holds another one is tried before it
    return tuple(sorted(found, key=lambda p: len(p[0].pattern), reverse=True))


def _pattern(template: str) -> re.Pattern[str]:
    parts, at, named = [], 0, set()
    for m in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[at : m.start()]))
        name = m.group(1)
        parts.append(f"(?P={name})" if name in named else f"(?P<{name}>.+?)")
        named.add(name)
        at = m.end()
    parts.append(re.escape(template[at:]))
    return re.compile("".join(parts))


def _say() -> dict[str, Callable[[str], str]]:
    from trainer.practice.skills.base import (
        AMOUNT,
        AMOUNTS,
        ANNOUNCEMENT,
        CHIPS,
        CHOICE,
        DEALER,
        RESULTS,
        SEQUENCE,
        SIGNED_AMOUNT,
    )

    return {
        ANNOUNCEMENT: _announcement,
        AMOUNT: _tokens,
        SIGNED_AMOUNT: _tokens,
        AMOUNTS: _amounts,
        CHIPS: _tokens,
        SEQUENCE: _sequence,
        RESULTS: _results,
        DEALER: _announcement,
        CHOICE: _choice,
    }


_SAY: Final = _say()
