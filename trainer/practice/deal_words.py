"""The words of deal mode, said and read: how an action or a move is said to the trainee
(`action_word`, `say_move`, `action_words`, `how_to_move`) and how what the trainee types is read,
in English, French and Italian (`words_read`, a place as typed: `_read_target`), with the few
phrases the shoe says of itself (a bettor, an amount, the codes a setting takes). Deal mode's
shoe (`trainer.practice.deal`) reads its moves and answers in these words.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Final

from trainer import vocabulary
from trainer.game.round import DEALER, DOUBLE, SEAT, SPLIT
from trainer.i18n import N_, _, format_amount
from trainer.practice import answers
from trainer.practice.deal_steps import (
    ACTION_WORDS,
    ANNOUNCE,
    BURN,
    COLLECT,
    DEAL_CARD,
    DRAW,
    INSURANCE,
    MOVE_ACTIONS,
    PAY,
    PUSH,
    REFUSE,
    REVEAL,
    STAND,
    Asked,
    Move,
    asked,
    bettor_asked,
    place_text,
)


def action_word(action: str, language: str | None = None) -> str:
    """An action word (ACTION_WORDS) as the trainee types it in `language` (None: the
    trainee's): the English keyword, or the table's word (RULES.md §13); the reader takes
    both."""
    lang = _trainee() if language is None else language
    if lang == "en":
        return action
    return vocabulary.DEALER_SAID[lang][_ACTION_MEANINGS[action]]


# the moves' own actions in the table's words (the readers take these too: `_MOVE_SHORTHANDS`)
_MOVE_SAID: Final = {
    "fr": {DEAL_CARD: "donner", ANNOUNCE: "annoncer", PAY: "payer"},
    "it": {DEAL_CARD: "dare", ANNOUNCE: "annunciare", PAY: "pagare"},
}


def say_move(move: Move, language: str | None = None) -> str:
    """A move as the trainee types it in `language` (None: the trainee's): "6 collect",
    "6 encaisser", "3a payer 7,50", "d tirer"; an amount with the language's decimal mark."""
    lang = _trainee() if language is None else language
    place = place_text(move)
    parts = [] if place is None else [place]
    if move.action in _MOVE_SAID.get(lang, {}):
        parts.append(_MOVE_SAID[lang][move.action])
    elif move.action in ACTION_WORDS:
        parts.append(action_word(move.action, lang))
    else:
        parts.append(move.action)
    if move.value:
        if move.action in (PAY, INSURANCE):
            try:
                parts.append(format_amount(Decimal(move.value), lang, currency="", group=False))
            except ArithmeticError:
                parts.append(move.value)
        elif move.action == ANNOUNCE:
            from trainer.game.announce import spoken

            parts.append(spoken(move.value))
        else:
            parts.append(move.value)
    return " ".join(parts)


def action_words(language: str | None = None) -> list[str]:
    """Every action word as the trainee types it in `language`, in ACTION_WORDS' order."""
    return [action_word(w, language) for w in ACTION_WORDS]


def _read_target(token: str) -> tuple[str, str] | None:
    """A place as typed: a box "3", a split hand "4.2", a bettor behind "3a" / "4.2b", the
    dealer "d" (or the table's word for him); None when the token is no place."""
    import re

    if token == "d" or token in words_read().dealer:
        return DEALER, SEAT
    m = re.fullmatch(r"([1-9])(\.[1-9])?([ab])?", token)
    if m is None:
        return None
    return m.group(1) + (m.group(2) or ""), f"behind-{m.group(3)}" if m.group(3) else SEAT


def how_to_move() -> str:
    """How a move is typed, said when one cannot be read."""
    return _(
        'name the place, then what you do: "6 collect" or "6 c", "3 p 15", "4.2 14", "3a e", '
        '"d h", "i" to offer insurance, "b" to burn; a box alone deals it a card'
    )


def _who_asked(bettor: str) -> Asked | str:
    """A bettor as an incident's prompt names him, the seated player or a standing one, kept
    as its parts (`asked`) to be said again in another language."""
    return asked(N_("the seated player")) if bettor == SEAT else bettor_asked(bettor)


def _amount(value: Decimal) -> str:
    from trainer.practice.skills.base import amount

    return amount(value)


def _trainee() -> str:
    from trainer.i18n import language

    return language()


def _either(choices: Sequence[str] | dict[str, Any]) -> str:
    """Codes a setting takes, as a sentence lists them: "practice or exam", "off, rare or
    frequent" (the codes themselves: they are what is typed)."""
    names = list(choices)
    if len(names) == 1:
        return names[0]
    return _("{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1])


def _players_speak(language: str) -> str:
    return _("the players speak {languages}, not {value}").format(
        languages=_either(vocabulary.LANGUAGES), value=repr(language)
    )


# each action word's meaning in the vocabulary: the reader takes every language's words for it
_ACTION_MEANINGS: Final = {
    COLLECT: "collect", PUSH: "push", DRAW: "hit", STAND: "stand", DOUBLE: "double",
    SPLIT: "split", REFUSE: "refuse", REVEAL: "reveal", BURN: "burn", INSURANCE: "insurance",
}  # fmt: skip

# the shorthands and spellings beyond the vocabulary's, by language ("any": the letters, read in
# every language); "no" is a refusal here, not a stand, and "non" a stand but where the step asks
# yes or no (`_YES_OR_NO`). [003] "pari" is even money, never a push: it is read as no action.
_SHORTHANDS: Final[dict[str, dict[str, str]]] = {
    "any": {
        "i": "insurance", "c": COLLECT, "p": PUSH, "h": "draw", "s": "stand", "x": "double",
        "r": "refuse", "t": "reveal", "b": "burn",
    },
    "en": {
        "lose": COLLECT, "tie": PUSH, "hit": "draw", "split": "split", "no": "refuse",
        "turn": "reveal",
    },
    "fr": {
        "assurance": "insurance", "collecte": COLLECT, "ramasse": COLLECT, "encaisse": COLLECT,
        "égalité": PUSH, "egalite": PUSH, "nul": PUSH, "carte": "draw", "tire": "draw",
        "tirer": "draw", "reste": "stand", "non": "stand", "doubler": "double", "split": "split",
        "sépare": "split", "separe": "split", "séparer": "split", "refus": "refuse",
        "refuser": "refuse", "retourne": "reveal", "brûle": "burn", "brule": "burn",
        "brûler": "burn",
    },
    "it": {
        "assicurazione": "insurance", "sto": "stand", "raddoppio": "double", "split": "split",
        "no": "refuse",
    },
}  # fmt: skip

# The steps where the dealer grants or refuses what is asked or offered: a player's request to
# double or split (one to grant, one to refuse: the table's rules, or a bettor behind who will
# not add money [003]), an insurance put up over the amount, the insurance offered on an Ace.
# There a "no" of any language ("non", "no") is the answer no, a refusal; on a play step the
# French player's "non" is a stand [000] (`_SHORTHANDS`).
_YES_OR_NO: Final = frozenset((
    "procedure:double", "procedure:split", "procedure:refuse-double", "procedure:refuse-split",
    "procedure:insurance-over", "procedure:insurance",
))  # fmt: skip


def _no_words(languages: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w.casefold() for w in vocabulary.words("no", languages))


def _action_aliases(languages: tuple[str, ...]) -> dict[str, str]:
    """Every word of an action read in `languages` (the trainee's and English: RULES.md §13),
    the table's words and the shorthands."""
    return {
        **{
            word.casefold(): action
            for action, meaning in _ACTION_MEANINGS.items()
            for word in vocabulary.words(meaning, languages)
        },
        **{w: a for lang in ("any", *languages) for w, a in _SHORTHANDS.get(lang, {}).items()},
    }


# The actions of a move on one's own: the words above, and one letter each where it is quick —
# p to pay (a push is e, égalité, and a split sp), a to announce, c to collect; "no" in the
# languages read refuses. Documented in docs/user-guide.md (deal mode).
_MOVE_SHORTHANDS: Final[dict[str, dict[str, str]]] = {
    "any": {"o": DEAL_CARD, "a": ANNOUNCE, "p": PAY, "e": PUSH, "sp": SPLIT, "v": SPLIT},
    "en": {"deal": DEAL_CARD, "offer": DEAL_CARD, "announce": ANNOUNCE, "pay": PAY},
    "fr": {
        "donne": DEAL_CARD, "donner": DEAL_CARD, "offre": DEAL_CARD, "annonce": ANNOUNCE,
        "annoncer": ANNOUNCE, "paie": PAY, "payer": PAY,
    },
    "it": {
        "dai": DEAL_CARD, "dare": DEAL_CARD, "offri": DEAL_CARD, "annuncia": ANNOUNCE,
        "annunciare": ANNOUNCE, "paga": PAY, "pagare": PAY,
    },
}  # fmt: skip


def _move_aliases(
    languages: tuple[str, ...], actions: dict[str, str], no: frozenset[str]
) -> dict[str, str]:
    """The words of a move on one's own read in `languages`: the actions' words (`actions`),
    the moves' own, and a refusal in each language's "no" (`no`)."""
    return {
        **actions,
        **{word: word for word in MOVE_ACTIONS},
        **{w: a for lang in ("any", *languages) for w, a in _MOVE_SHORTHANDS.get(lang, {}).items()},
        **{w: REFUSE for w in no},
    }


class _Words:
    """The words deal mode reads in one set of languages, made the first time and kept."""

    def __init__(self, languages: tuple[str, ...]) -> None:
        self.no = _no_words(languages)
        self.actions = _action_aliases(languages)
        self.moves = _move_aliases(languages, self.actions, self.no)
        self.dealer = frozenset(w.casefold() for w in vocabulary.words("dealer", languages))


_WORDS_READ: dict[tuple[str, ...], _Words] = {}


def words_read(language: str | None = None) -> _Words:
    """The words deal mode reads for a trainee of `language` (None: the trainee's): that
    language's and English, and no other (RULES.md §13)."""
    languages = answers.reading_languages(language)
    found = _WORDS_READ.get(languages)
    if found is None:
        found = _WORDS_READ[languages] = _Words(languages)
    return found


def _bettor_words() -> dict[str, str]:
    """A bettor behind as the table names him: in English ("behind-a") and in the trainee's
    language (`bettor_name`)."""
    from trainer.game.hand import bettor_name

    out: dict[str, str] = {}
    for letter in "ab":
        who = f"behind-{letter}"
        out[who] = who
        out[bettor_name(who).casefold()] = who
    return out
