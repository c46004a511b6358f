"""Reading what a trainee types: points, amounts, chips, deal orders, results, draws, choices.

A drill hands the raw text of an answer to one of the `parse_*` / `read_*` functions and gets
back a canonical value to compare with the expected one. The reading is tolerant of how people
type and strict about the content:

- the table's words are read in the trainee's language and in English (`trainer.vocabulary`,
  the one place they are kept; the language is `trainer.i18n.language()` when the answer is
  read), and only in those: in French "seize" is 16 and "sei" nothing, in Italian "sei" is 6;
  numbers may be spelled out ("sept ou dix-sept", "ventuno", "trente-sept cinquante"), case,
  accents, spare spaces and a closing stop do not matter; either decimal mark is read in every
  language, but where the trainee's language writes a decimal comma (French, Italian) "37,500"
  is refused as two readings, never taken for 37500;
- a spelling with one reading is read as what it says, even when what it says is wrong (`"26"` is
  the point 26, `"hard 17"` says the hand is hard), so the checker marks it wrong and can say why;
- text with no reading, or with more than one, raises `Unreadable`, whose message is one sentence
  saying what is expected with an example. A refused answer is not scored and nothing is stored:
  the trainee retypes. Nonsense is refused before any reading, never taken for a number: control
  and invisible characters, struck-through (overlaid) characters, marks on digits, digits other
  than 0-9 (full-width, superscript, other scripts), answers over `MAX_LENGTH` characters.

The canonical forms are the table's: announcements exactly as RULES.md §2 (and as
`trainer.game.announce` produces them), amounts as `Decimal`, results as the words `HandView.result`
uses. The messages are in the trainee's language. Every pattern is compiled once, when the module is
imported (English) or when an answer is first read in another language: an answer is read on every
Enter.

It stays one long module: every reader is a short section over the same phrase tables,
number words and tolerance (`_Phrases`, `_Readers`), which a split would scatter or import back.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Context, Decimal
from itertools import combinations

from trainer import i18n
from trainer import vocabulary as vocab
from trainer.i18n import N_, _, ngettext

__all__ = [
    "BLACK_JACK",
    "BURN",
    "BUST",
    "DEALER",
    "MAX_AMOUNT_DIGITS",
    "MAX_DECIMALS",
    "MAX_LENGTH",
    "DealerAnswer",
    "Point",
    "Unreadable",
    "parse_amount",
    "parse_announced_chips",
    "parse_amounts",
    "parse_announcement",
    "parse_chips",
    "parse_choice",
    "parse_dealer",
    "parse_results",
    "parse_sequence",
    "read_dealer",
    "read_point",
]


class Unreadable(ValueError):
    """Input that cannot be read; `str(exc)` says what is expected, with an example.

    A ValueError so that callers that already guard a conversion keep working; the drills catch
    this class alone, show the message and leave the question open without scoring it.
    """


# --- shared helpers ------------------------------------------------------------------------------

# No answer is this long; a longer text is a paste or a stuck key. Refusing it at once also keeps
# every reading below fast and every number small.
MAX_LENGTH = 500

_SPACES = re.compile(r"\s+")
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Tab, line feed and carriage return are white space (a pasted answer ends with one).
_WHITE_CONTROLS = frozenset("\t\n\r")
# The vulgar fractions an amount may end with ("37½"); every other non-ASCII digit is refused.
_FRACTION_CHARS = {"½": " 1/2", "¼": " 1/4", "¾": " 3/4"}
_FRACTION_TABLE = str.maketrans(_FRACTION_CHARS)
# A hyphen between two letters joins the parts of a word ("dix-sept", "vingt-et-un",
# "black-jack"); elsewhere it is a sign or a separator ("6-16", "-20").
_LETTER = re.compile(r"[^\W\d_]")
_LETTER_HYPHEN = re.compile(r"(?<=[^\W\d_])[-\u2010\u2011](?=[^\W\d_])")
# A closing stop or exclamation mark ends a spoken phrase ("Black Jack!", "burn.").
_CLOSING = "!. "


def _fold(text: str) -> str:
    """Casefold, drop accents and collapse white space.

    "Sauté", "SAUTE" and "saute" become one word, "égalité" matches "egalite". NFKD also turns
    the no-break and narrow no-break spaces of French typography ("1 000 €") into plain spaces.
    Full-width and other non-ASCII digits never get here: `_problem` refuses them first.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACES.sub(" ", bare).strip()


def _problem(text: str) -> str | None:
    """What makes `text` unreadable before any reading, or None.

    Refused: control characters (but tab and line ends, which are white space), invisible format
    characters, private and unassigned code points; overlay marks (a struck-through character);
    a combining mark on anything but a letter (a digit with an accent or a keycap); digits other
    than ASCII 0-9 and the fractions ½ ¼ ¾ (full-width "１", superscript "²", circled, Roman or
    another script's digits), which would otherwise be folded into digits and read as numbers.
    """
    if text.isascii():
        return "a control character" if _ASCII_CONTROL.search(text) else None
    after_letter = False
    for ch in text:
        category = unicodedata.category(ch)
        kind = category[0]
        if category == "Cc":
            if ch not in _WHITE_CONTROLS:
                return "a control character"
        elif kind == "C":
            return "an invisible or unknown character"
        elif kind == "M":
            if unicodedata.combining(ch) == 1:
                return _("a struck-through character")
            if not after_letter:
                return _("a mark on a digit or a sign")
            continue  # a letter may carry several accents
        elif kind == "N" and not ("0" <= ch <= "9") and ch not in _FRACTION_CHARS:
            return _('the digit "{digit}", not one of 0-9,').format(digit=ch)
        after_letter = kind == "L"
    return None


def _clean(text: str, expected: str) -> str:
    """`text` screened for nonsense and folded; Unreadable (saying `expected`) if it is nonsense."""
    if len(text) > MAX_LENGTH:
        raise Unreadable(
            _("an answer over {count} characters cannot be read: {expected}").format(
                count=MAX_LENGTH, expected=expected
            )
        )
    problem = _problem(text)
    if problem is not None:
        raise Unreadable(
            _("the answer holds {problem} and cannot be read: {expected}").format(
                problem=problem, expected=expected
            )
        )
    return _fold(text)


def _quote(token: str) -> str:
    return f'"{token}"'


def _folded_word(word: str) -> str:
    """A vocabulary word as the readers see typed text: folded, its hyphens read as spaces."""
    return _LETTER_HYPHEN.sub(" ", _fold(word))


class _Phrases:
    """Vocabulary phrases found in folded text and replaced by one token each.

    One pattern, compiled once, with the longest phrases first so that "vingt et un" is found
    before "vingt", "match nul" before "nul" and "e sballato" before "e". A phrase is matched as
    whole words: a letter may not touch either end ("sei" is not found in "seize"), a digit may
    ("6ou16").
    """

    def __init__(self, mapping: Mapping[str, str]) -> None:
        self.mapping = dict(mapping)
        keys = sorted(self.mapping, key=len, reverse=True)
        alternatives = "|".join(re.escape(k) for k in keys)
        self.pattern = re.compile(rf"(?<![^\W\d_])(?:{alternatives})(?![^\W\d_])")

    def sub(self, text: str) -> str:
        if not _LETTER.search(text):  # most answers are digits alone: nothing to look up
            return text
        return self.pattern.sub(lambda m: self.mapping[m[0]], text)


def _mapping(
    meanings: Mapping[str, str], languages: Sequence[str] = vocab.LANGUAGES
) -> dict[str, str]:
    """Every folded spelling of each meaning in `languages` -> its replacement, refusing a
    spelling read two ways (the test of the vocabulary says the same; this keeps a later edit
    honest)."""
    out: dict[str, str] = {}
    for meaning, token in meanings.items():
        for word in vocab.words(meaning, languages):
            key = _folded_word(word)
            if out.get(key, token) != token:
                raise ValueError(f"{word!r} is read both as {out[key]!r} and as {token!r}")
            out[key] = token
    return out


def reading_languages(lang: str | None = None) -> tuple[str, ...]:
    """The languages an answer is read in: the trainee's (the current one), and English."""
    lang = i18n.language() if lang is None else lang
    return (lang,) if lang == "en" else (lang, "en")


class _Readers:
    """The word look-ups of one language's answers (that language and English), made the first
    time an answer is read in it and kept: every pattern is compiled once."""

    def __init__(self, languages: tuple[str, ...]) -> None:
        numbers = vocab.number_words(languages)
        self.numbers = _Phrases({_folded_word(w): str(n) for w, n in numbers.items()})
        self.point = _Phrases(_mapping(_POINT_MEANINGS, languages))
        self.sequence = _Phrases(_mapping({"dealer": DEALER}, languages))
        self.burn = _Phrases(_mapping({"burn": BURN}, languages))
        self.result = _Phrases({**_mapping(_RESULT_MEANINGS, languages), **_RESULT_SHORTHAND})
        self.dealer = _Phrases(
            {
                **_mapping(_POINT_MEANINGS, languages),
                **_mapping({"card": "", "none": "0"}, languages),
            }
        )
        self.amounts = tuple(_SpelledAmounts(lang) for lang in languages)


_READERS: dict[str, _Readers] = {}


def _readers() -> _Readers:
    lang = i18n.language()
    found = _READERS.get(lang)
    if found is None:
        found = _READERS[lang] = _Readers(reading_languages(lang))
    return found


def _words(folded: str) -> str:
    """Folded text with word hyphens as spaces and spelled-out numbers as digits."""
    return _readers().numbers.sub(_LETTER_HYPHEN.sub(" ", folded))


# --- "pari" is even money, never a push -----------------------------------------------------
# [003] "il mazziere paga sempre le poste alla pari": "alla pari" is paid at evens, 1 to 1; the
# push is "il colpo è nullo" (RULES.md §13). Typed where a result or an amount is asked, it is
# refused with a sentence saying so, never read as a push.
_EVEN_MONEY = frozenset(("pari", "alla pari", "a la pari"))
_EVEN_MONEY_RESULT = N_(
    '"pari" is even money (paid 1 to 1, "alla pari"), not a push: a push is "nullo" or '
    '"colpo nullo"'
)
_EVEN_MONEY_AMOUNT = N_(
    '"pari" is even money (paid 1 to 1, "alla pari"): type the amount paid, like "25"; a push is '
    '"nullo"'
)


# --- announcements (RULES.md §2) -----------------------------------------------------------------

BLACK_JACK = "Black Jack"
BUST = "bust"

_POINT_EXPECTED = N_('expected a point like "16", "6 or 16", "21", "Black Jack" or "bust"')
_SOFT_EXPECTED = N_('expected the two values of a soft point 10 apart, like "6 or 16"')
# RULES.md §2: a soft point is announced low first, "6 ou 16" [000]
_LOWER_FIRST = N_('give the lower value of a soft point first, like "6 or 16"')

# A typed number is read as a point when some hand can reach it: 2 (a lone 2) up to 30 (a hard 20
# hit with a ten). A total over 21 is read, not refused, because saying "26" where the dealer must
# say "bust" is a content mistake the checker should mark wrong. Anything else ("0", "166") is
# not a point at all, most likely a slip of the keyboard, and is refused.
_LOWEST_POINT = 2
_HIGHEST_POINT = 30

# The words of a point, each replaced by one token the patterns below know.
_POINT_MEANINGS = {
    "soft": "soft",
    "hard": "hard",
    "or": "or",
    "and": "and",
    "bust": "bust",
    "blackjack": "blackjack",
}

# "blackjack" is what the vocabulary's spellings became; "b.j." is the written shorthand.
_BLACKJACK_RE = re.compile(r"blackjack|b\.?\s*j\.?")
_TOTAL_RE = re.compile(r"(hard\s*)?([0-9]{1,2})(\s*hard)?")
_SOFT_RE = re.compile(r"(?:soft|s)\s*([0-9]{1,2})|([0-9]{1,2})\s*soft")
# "or" ("ou" [000], "o", "oppure"), "and" ("et" [004], "e"), and the slash or dash people use when
# writing both values quickly; either value may come first.
_PAIR_RE = re.compile(
    r"(soft\s*)?([0-9]{1,2})\s*(?:or|and|/|-|\u2010|\u2013|\u2014)\s*([0-9]{1,2})(\s*soft)?"
)


@dataclass(frozen=True, slots=True)
class Point:
    """A point as the trainee announced it.

    `words` is the announcement in the canonical words of RULES.md §2 ("14", "6 or 16", "21",
    "Black Jack", "bust"). `soft` is what the answer said of the hand besides: True when it
    called it soft ("soft 16", any two values), False when it called it hard
    ("hard 17"), None when it said nothing. The words are judged against the announcement; what
    the answer says of the hand must also be true of it (`fits`).
    """

    words: str
    soft: bool | None = None

    def fits(self, soft_hand: bool) -> bool:
        """True unless the answer calls a soft hand hard or a hard hand soft."""
        return self.soft is None or self.soft == soft_hand

    def __str__(self) -> str:
        """The point as the trainee's language writes it ("6 ou 16", "dur 17")."""
        from trainer.game.announce import spoken

        if self.soft is None or " or " in self.words:
            return spoken(self.words)
        kind = vocab.said("soft" if self.soft else "hard", i18n.language())
        return f"{kind} {spoken(self.words)}"


def _soft_point(first: int, second: int) -> Point:
    """The point of a pair of values; Unreadable unless 10 apart, the lower first."""
    low, high = min(first, second), max(first, second)
    if high - low != 10 or low < 1 or high > _HIGHEST_POINT:
        raise Unreadable(_(_SOFT_EXPECTED))
    if first > second:
        raise Unreadable(_(_LOWER_FIRST))
    # Read as written, like a total over 21: "12 or 22" and "11 or 21" are wrong, not unreadable.
    # A hand that reaches 21 is announced "21" (RULES.md §2), a soft one too: "11 or 21", "soft
    # 21" say two values where the dealer says one.
    return Point(f"{low} or {high}", soft=True)


def _point_of(text: str) -> Point | None:
    """The point in prepared text (folded, numbers as digits, words as tokens), or None.

    Raises Unreadable for a pair of values that are not 10 apart: that is a point, mistyped.
    """
    if _BLACKJACK_RE.fullmatch(text):
        return Point(BLACK_JACK)
    if text == "bust":
        return Point(BUST)
    if m := _TOTAL_RE.fullmatch(text):
        if m[1] and m[3]:
            return None
        total = int(m[2])
        if _LOWEST_POINT <= total <= _HIGHEST_POINT:
            return Point(str(total), soft=False if (m[1] or m[3]) else None)
        return None
    if m := _PAIR_RE.fullmatch(text):
        if m[1] and m[4]:
            return None
        return _soft_point(int(m[2]), int(m[3]))
    if m := _SOFT_RE.fullmatch(text):
        high = int(m[1] or m[2])
        if high < 11:  # "soft 6" names no hand: it is not a pair with a wrong gap
            return None
        return _soft_point(high - 10, high)  # "soft 21" is "11 or 21": wrong, as written
    return None


def _prepare_point(folded: str) -> str:
    return _readers().point.sub(_words(folded.rstrip(_CLOSING)))


def read_point(text: str) -> Point:
    """The point a trainee announced: its canonical words and what it said of the hand.

    Accepted spellings, in any case and with any spacing, numbers in digits or spelled out in
    English, French or Italian ("seize" is 16, "vingt et un" 21, "ventuno" 21):

    - totals `14`, `hard 14`, `14 hard`, `dur 14`; any total a hand can reach (2 to 30) is read,
      so `"26"` comes back as `"26"` for the checker to mark wrong;
    - soft points `6 or 16`, `6 ou 16`, `6 o 16`, `6 oppure 16`, `7 et 17`, `7 e 17`,
      `7 and 17`, `6/16`, `6-16`, `soft 16`, `16 soft`, `s16`, `sept ou dix-sept`,
      `sette o diciassette`, `seven or seventeen`; the two values must be 10 apart, the lower
      first (`16 or 6` is refused, saying so: RULES.md §2); `soft 21` and `11 or 21` read
      `"11 or 21"`, which is wrong: a 21 is announced `"21"`; a lone Ace is `"1 or 11"`;
    - `blackjack`, `black jack`, `black-jack`, `bj`, `b.j.`;
    - `bust` and the words of RULES.md §13: `sauté`, `a sauté`, `sauter`, `sballato`, `sballa`,
      `ha sballato`, `busted`, `over`, …
    """
    point = _point_of(_prepare_point(_clean(text, _(_POINT_EXPECTED))))
    if point is None:
        raise Unreadable(_(_POINT_EXPECTED))
    return point


def parse_announcement(text: str) -> str:
    """The announcement a trainee typed, in the canonical words of RULES.md §2.

    `read_point(text).words`: `"14"`, `"6 or 16"`, `"21"`, `"Black Jack"` or `"bust"`. What the
    answer said of the hand besides ("hard", "soft") is dropped; a judge that cares reads it with
    `read_point`.
    """
    return read_point(text).words


# --- amounts -------------------------------------------------------------------------------------

# Table amounts never come near these bounds; a longer number is a paste or a stuck key, and
# refusing it keeps every value exact within the Decimal context below. Money is never written to
# more than two decimals.
MAX_AMOUNT_DIGITS = 12
MAX_DECIMALS = 2


def _bounds() -> str:
    return _("at most {digits} digits and {decimals} decimals").format(
        digits=MAX_AMOUNT_DIGITS, decimals=MAX_DECIMALS
    )


_CONTEXT = Context(prec=34)


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


_CURRENCY = _alternation(_folded_word(w) for w in vocab.words("currency"))
_CENTS = _alternation(_folded_word(w) for w in vocab.words("cents"))
_FRACTIONS = {
    "1/2": Decimal("0.5"),
    "1/4": Decimal("0.25"),
    "3/4": Decimal("0.75"),
    "½": Decimal("0.5"),
    "¼": Decimal("0.25"),
    "¾": Decimal("0.75"),
}
_AMOUNT_RE = re.compile(
    rf"(?P<sign>[+-])?\s*(?P<before>{_CURRENCY})?\s*(?P<sign2>[+-])?\s*"
    rf"(?:(?P<whole>[0-9]+)\s*(?P<mid>{_CURRENCY})\s*(?P<cents>[0-9]+)(?:\s*(?:{_CENTS}))?"
    rf"|(?P<number>[0-9.,'](?:[0-9.,' ]*[0-9.,'])?)?\s*(?P<frac>[½¼¾]|(?<![0-9.,'])[13]/[24])?)"
    rf"\s*(?P<after>{_CURRENCY})?"
)
_DIGITS_RE = re.compile(r"[0-9]*")
_THREE_DIGITS_RE = re.compile(r"[0-9]{3}")
_FIRST_GROUP_RE = re.compile(r"[1-9][0-9]{0,2}")
_GROUP_SPLIT_RE = re.compile(r"[ .,']")


def _plain(value: Decimal) -> Decimal:
    """`value` without trailing zeros, never in exponent form: 37.50 -> 37.5, 100 -> 100."""
    reduced = value.normalize(_CONTEXT)
    if reduced.is_zero():
        return Decimal(0)
    exponent = reduced.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:
        reduced = reduced.quantize(Decimal(1), context=_CONTEXT)
    return reduced


def _show(value: Decimal) -> str:
    return format(_plain(value), "f")


def _read_number(body: str, expected: str) -> Decimal:
    """Digits with separators read by the comma rule of `parse_amount`."""
    has_dot, has_comma = "." in body, "," in body
    decimal_mark: str | None
    if has_dot and has_comma:
        # "1,000.50" and "1.000,50": the mark that comes last is the decimal one.
        decimal_mark = "." if body.rfind(".") > body.rfind(",") else ","
        if body.count(decimal_mark) > 1:
            raise Unreadable(expected)
    elif has_dot or has_comma:
        mark = "." if has_dot else ","
        whole, after = body.rsplit(mark, 1)
        if mark == "," and body.count(mark) == 1 and _THREE_DIGITS_RE.fullmatch(after):
            if i18n.language() != "en":
                # In French and Italian the comma is the decimal mark: "37,500" is 37.5 written
                # to three decimals to one, 37500 to another. Neither is guessed.
                raise Unreadable(
                    _(
                        '"{typed}" reads two ways: the comma is the decimal mark here and money '
                        'has two decimals: type "{decimals}", or "{thousands}" for thousands'
                    ).format(
                        typed=body, decimals=f"{whole},{after[:2]}", thousands=f"{whole} {after}"
                    )
                )
        # Repeated, the mark groups thousands ("1.000.000"). Alone, it groups thousands when
        # exactly three digits follow ("1,000" in English, "1.000"): money is never written to
        # three decimals. Otherwise it is the decimal mark ("37,5", "37.50").
        if body.count(mark) > 1 or _THREE_DIGITS_RE.fullmatch(after):
            decimal_mark = None
        else:
            decimal_mark = mark
    else:
        decimal_mark = None

    whole, fraction = body.rsplit(decimal_mark, 1) if decimal_mark else (body, "")
    if not _DIGITS_RE.fullmatch(fraction):
        raise Unreadable(expected)
    groups = _GROUP_SPLIT_RE.split(whole)
    if len(groups) > 1:
        # Thousands groups: 1 to 3 digits, then groups of exactly 3 ("1 000 000"), no leading zero.
        if not _FIRST_GROUP_RE.fullmatch(groups[0]):
            raise Unreadable(expected)
        if not all(_THREE_DIGITS_RE.fullmatch(g) for g in groups[1:]):
            raise Unreadable(expected)
    elif not _DIGITS_RE.fullmatch(whole):
        raise Unreadable(expected)
    digits = "".join(groups)
    if not digits and not fraction:
        raise Unreadable(expected)
    if len(digits) > MAX_AMOUNT_DIGITS or len(fraction) > MAX_DECIMALS:
        raise Unreadable(
            _('expected an amount with {bounds}, like "37.50"').format(bounds=_bounds())
        )
    return Decimal(f"{digits or '0'}.{fraction or '0'}")


# --- amounts in words ----------------------------------------------------------------------------
# An amount as a croupier says it: "quinze", "quindici", "fifteen"; "trente-sept cinquante",
# "trentasette e cinquanta", "thirty-seven fifty" (the euros, then the cents); "cinquante
# centimes", "50 centesimi", "50 cents"; "trente-sept euros cinquante". Numbers are read up to
# 999 999, each language by its own grammar over the words of `trainer.vocabulary` (NUMBERS,
# TENS, HUNDRED, THOUSAND) and each language alone, the trainee's first: "six cents" is 600 in
# French, never six English cents. A text that is one number is that number ("cent vingt" is
# 120, not 100.20); the euros and their cents are two numbers side by side ("trente-sept
# cinquante"), the cents 10 to 99 when no word says they are cents.

_MAX_SPELLED = 999_999
# A symbol glued to a word ("quinze€"): a word of its own.
_SYMBOL_RE = re.compile(r"([€$£])")


def _spelled_numbers(lang: str) -> dict[str, int]:
    """Every spelling of 0 to 999 in `lang`, folded, hyphens as spaces, words one space apart."""
    units = {n: tuple(_folded_word(w) for w in ws) for n, ws in vocab.NUMBERS[lang].items()}
    tens = {n: tuple(_folded_word(w) for w in ws) for n, ws in vocab.TENS[lang].items()}
    small: dict[str, int] = {w: n for n in range(20) for w in units[n]}
    for t, words in tens.items():
        for w in words:
            small[w] = t
            for u in range(1, 10):
                for unit in units[u]:
                    if lang == "it":  # one word, the vowel dropped before "uno", "otto"
                        small[(w[:-1] if unit[0] in "aeiou" else w) + unit] = t + u
                    elif lang == "fr" and u == 1:
                        small[f"{w} et {unit}"] = t + u  # "vingt et un" [000]
                    else:
                        small[f"{w} {unit}"] = t + u  # "thirty seven", "vingt-deux"
    if lang == "fr":
        for r in range(20):  # 70 to 79, "soixante-dix", "soixante et onze"; 80 to 99
            for unit in units[r]:
                if r >= 10:
                    small[f"soixante {'et ' if r == 11 else ''}{unit}"] = 60 + r
                if r >= 1:
                    small[f"quatre vingt {unit}"] = 80 + r
        small["quatre vingts"] = small["quatre vingt"] = 80
    out = dict(small)
    below = [(w, n) for w, n in small.items() if n]
    hundred = [_folded_word(w) for w in vocab.HUNDRED[lang]]
    for h in range(1, 10):
        if lang == "it":
            heads = ["cento"] if h == 1 else [units[h][0] + "cento"]
        elif lang == "fr":
            heads = ["cent"] if h == 1 else [f"{units[h][0]} {w}" for w in hundred]
        else:
            heads = [f"{u} hundred" for u in units[h]] + (["a hundred"] if h == 1 else [])
        for head in heads:
            out[head] = 100 * h
            for w, n in below:
                if lang == "it":
                    out[head + w] = 100 * h + n
                    if w[0] == "o":  # "centotto" and "centootto", "centottanta"
                        out[head[:-1] + w] = 100 * h + n
                else:
                    out[f"{head} {w}"] = 100 * h + n
                    if lang == "en":
                        out[f"{head} and {w}"] = 100 * h + n
    return out


def _spelled_number(tokens: Sequence[str], lang: str, table: Mapping[str, int]) -> int | None:
    """The number that `tokens` spell in `lang` (digits alone, or words up to 999 999), or None."""
    if len(tokens) == 1 and tokens[0].isdigit() and tokens[0].isascii():
        return int(tokens[0])
    text = " ".join(tokens)
    if text in table:
        return table[text]
    if lang == "it":
        text = text.replace(" ", "")
        if text in table:
            return table[text]
        if text.startswith("mille"):
            left, right = "uno", text[5:]
        elif "mila" in text:
            left, right = text.split("mila", 1)
        else:
            return None
        low, high = table.get(left), (table.get(right) if right else 0)
    else:
        word = "thousand" if lang == "en" else "mille"
        if word not in tokens:
            return None
        at = tokens.index(word)
        left_words, right_words = tokens[:at], list(tokens[at + 1 :])
        if lang == "fr" and not left_words:
            left_words = ["un"]
        if lang == "en" and right_words[:1] == ["and"]:
            right_words = right_words[1:]
        low = table.get(" ".join(left_words))
        high = table.get(" ".join(right_words)) if right_words else 0
    if low is None or high is None or not 1 <= low <= 999 or high > 999:
        return None
    if lang == "fr" and low == 1 and tokens[:1] != ["mille"]:
        return None  # "mille", never "un mille"
    value = low * 1000 + high
    return value if value <= _MAX_SPELLED else None


class _SpelledAmounts:
    """The words of an amount in one language: its numbers, cents and "and"."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.numbers = _spelled_numbers(lang)
        self.cents = frozenset(_folded_word(w) for w in vocab.words("cents", (lang,)))
        self.and_ = frozenset(_folded_word(w) for w in vocab.words("and", (lang,)))

    def number(self, tokens: Sequence[str]) -> int | None:
        return _spelled_number(tokens, self.lang, self.numbers) if tokens else None

    def cents_of(self, tokens: Sequence[str], *, said: bool) -> int | None:
        """The cents `tokens` name: 0 to 99; two digits or 10 to 99 in words unless `said`
        (a currency or cents word says they are cents)."""
        if tokens[:1] and tokens[0] in self.and_:
            tokens = tokens[1:]
        value = self.number(tokens)
        if value is None or value > 99:
            return None
        if not said and not (len(tokens) == 1 and len(tokens[0]) == 2 and tokens[0].isdigit()):
            if tokens[0].isdigit() or value < 10:
                return None
        return value

    def readings(
        self, tokens: list[str], cuts: frozenset[int], currencies: frozenset[str]
    ) -> set[Decimal]:
        """Every amount `tokens` may say in this language; the euros and the cents are cut apart
        only where `cuts` allows (a space, not a hyphen: "vingt-quatre vingt-cinq")."""
        if not any(t not in currencies and _LETTER.search(t) for t in tokens):
            return set()  # figures alone are read by `_read_number`
        out: set[Decimal] = set()
        cents_word = tokens[-1] in self.cents
        body = tokens[:-1] if cents_word else tokens
        at = next((i for i, t in enumerate(body) if t in currencies), None)
        if at is not None and any(t in currencies for t in body[at + 1 :]):
            return set()
        if at is not None and at == 0 and not cents_word:
            whole = self.number(body[1:])  # "€ quinze"
            return set() if whole is None else {Decimal(whole)}
        if at is not None:
            whole = self.number(body[:at])
            rest = body[at + 1 :]
            if whole is None:
                return set()
            if not rest:
                return set() if cents_word else {Decimal(whole)}
            cents = self.cents_of(rest, said=True)
            return set() if cents is None else {whole + Decimal(cents) / 100}
        if cents_word:
            cents = self.cents_of(body, said=True)  # "cinquante centimes", "50 centesimi"
            return set() if cents is None else {Decimal(cents) / 100}
        whole = self.number(body)
        if whole is not None:
            return {Decimal(whole)}
        for cut in sorted(c for c in cuts if 0 < c < len(body)):
            whole = self.number(body[:cut])
            cents = self.cents_of(body[cut:], said=False) if whole is not None else None
            if whole is not None and cents is not None:
                out.add(whole + Decimal(cents) / 100)
        return out


_CURRENCY_WORDS = frozenset(_folded_word(w) for w in vocab.words("currency"))


def _spelled_amount(folded: str) -> Decimal | None:
    """The amount that `folded` says in words, in the trainee's language, else in English; None
    when it says none; Unreadable when it may say two in the same language."""
    tokens: list[str] = []
    cuts: set[int] = set()
    for chunk in _SYMBOL_RE.sub(r" \1 ", folded).split():
        cuts.add(len(tokens))  # between words written apart, never inside "trente-sept"
        tokens += _LETTER_HYPHEN.sub(" ", chunk).split()
    readings: set[Decimal] = set()
    for spelled in _readers().amounts:  # the trainee's language first: "six cents" is 600
        readings = spelled.readings(tokens, frozenset(cuts), _CURRENCY_WORDS)
        if readings:
            break
    if len(readings) > 1:
        raise Unreadable(
            _('"{text}" reads as more than one amount: type it in figures, like "37,50"').format(
                text=folded
            )
        )
    return _plain(readings.pop()) if readings else None


def _amount_expected(allow_negative: bool) -> str:
    if allow_negative:
        return _('expected an amount like "37.50", "37,50" or "-20", {bounds}').format(
            bounds=_bounds()
        )
    return _('expected an amount like "37.50" or "37,50", {bounds}').format(bounds=_bounds())


def _prepare_amount(text: str, expected: str) -> str:
    """Raw text screened and folded for the amount readers, fractions as "1/2"."""
    # NFKD would turn "½" into "1⁄2" with a fraction slash: write it out first.
    spelled = text.translate(_FRACTION_TABLE)
    return _clean(spelled, expected).replace("\u2212", "-").replace("\u2019", "'")


def _amount_of(folded: str, allow_negative: bool) -> Decimal:
    """One amount in prepared text; Unreadable, saying why, when there is none."""
    expected = _amount_expected(allow_negative)
    m = _AMOUNT_RE.fullmatch(folded)
    if m is None and _LETTER.search(folded):
        spelled = _spelled_amount(folded)
        if spelled is not None:
            return spelled
    if folded.rstrip(_CLOSING) in _EVEN_MONEY:
        raise Unreadable(_(_EVEN_MONEY_AMOUNT))
    if m is None or (m["sign"] and m["sign2"]) or (m["before"] and (m["after"] or m["mid"])):
        raise Unreadable(expected)
    if m["whole"] is not None:
        # "37€50", "37 euros 50 centimes": the currency stands where the decimal mark would.
        if m["after"] or len(m["cents"]) != 2:
            raise Unreadable(_('expected the cents after the currency in two digits, like "37€50"'))
        if len(m["whole"]) > MAX_AMOUNT_DIGITS:
            raise Unreadable(
                _('expected an amount with {bounds}, like "37.50"').format(bounds=_bounds())
            )
        value = Decimal(f"{m['whole']}.{m['cents']}")
    else:
        number, frac = m["number"], m["frac"]
        if number is None and frac is None:
            raise Unreadable(expected)
        value = _read_number(number.strip(), expected) if number else Decimal(0)
        if frac is not None:
            if value != value.to_integral_value():
                raise Unreadable(expected)  # "37,5½" is no amount
            value += _FRACTIONS[frac]
    if (m["sign"] or m["sign2"]) == "-":
        if value.is_zero():
            # "-0" is no amount: a minus is a slip on a zero, or a paste of something else.
            raise Unreadable(_("zero takes no minus sign: {expected}").format(expected=expected))
        if not allow_negative:
            raise Unreadable(_('expected an amount without a minus sign, like "37.50"'))
        value = -value
    return _plain(value)


def parse_amount(text: str, *, allow_negative: bool = False) -> Decimal:
    """The amount of money a trainee typed, as a Decimal without trailing zeros.

    Accepted: `37.50`, `37,50`, `37.5`, `€37.50`, `37.50 €`, `37,5€`, `$ 15`, `15 eur`,
    `15 euros`, `37€50` and `37 euros 50` (the currency where the decimal mark would be, the cents
    in two digits, `centimes`/`cents`/`centesimi` after them or not), `37½`, `37 1/2`, `½`
    (and ¼, ¾), `1 000`, `1'000`, `1,000.50`, `1.000,50`, `+15`, `0`, `.5`; and `-20` or `-€20`
    when `allow_negative` (a balance, a loss), refused otherwise. `-0` is refused: zero has no
    sign.

    Bounds: at most `MAX_AMOUNT_DIGITS` (12) digits before the decimal mark and `MAX_DECIMALS`
    (2) after it; the message of a refusal says so.

    The comma rule: a decimal comma is the French and Italian habit, so `37,50` is 37.5. When both
    a comma and a dot appear, the one that comes last is the decimal mark. A mark that repeats, or
    a lone mark followed by exactly three digits, separates thousands: `1,000` and `1.000` are
    both 1000, because money is never written to three decimals. Spaces and apostrophes only
    separate thousands. Consequence, on purpose: `25 100` is 25100 (a French thousands space),
    not two amounts; several amounts are read by `parse_amounts`.
    The result is normalised (`Decimal("37.5")`, `Decimal("100")`, never `1E+2`).
    """
    expected = _amount_expected(allow_negative)
    return _amount_of(_prepare_amount(text, expected), allow_negative)


# Always between two amounts: ";", "|", "/" and a line break, and a comma followed by white space
# (a decimal or thousands comma never is). The slash of "37 1/2" is not one: fractions are
# written "½" before the split.
_HARD_SEPARATOR_RE = re.compile(r"[;|/\n]|,(?=\s)")
_FRACTION_SLASH_RE = re.compile(r"(?<![0-9.,'/])([13])/([24])(?![0-9/])")
_FRACTION_GLYPHS = {"1/2": "½", "1/4": "¼", "3/4": "¾"}
_FRACTION_GLYPHS_SET = frozenset(_FRACTION_GLYPHS.values())
_OPTIONAL_SPACE_RE = re.compile(r"\s+")
_BARE_COMMA_RE = re.compile(r",")
_CHUNK_RE = re.compile(r"\S+")
# More places that may or may not separate amounts than this, and the answer is not guessed at.
_MAX_OPTIONAL_SEPARATORS = 12
_LIST_EXAMPLE = ("10", "-5", "7,50", "25", "12.50", "-100", "0", "15")


def _separators(piece: str) -> tuple[list[int], list[int]]:
    """Where `piece` may be cut into amounts: (always, maybe), as character positions.

    White space may separate amounts. A comma with no space after it is inside an amount when it
    is the only comma of its word and a digit follows it ("37,50", "1,000"); followed by anything
    else it separates ("10,-5"); in a word with several commas ("10,5,20") each one may do
    either, and the count decides.
    """
    always: list[int] = []
    # White space before a fraction is part of the amount: "37 ½" is 37.5, never 37 and ½.
    maybe = [
        m.start()
        for m in _OPTIONAL_SPACE_RE.finditer(piece)
        if piece[m.end() : m.end() + 1] not in _FRACTION_GLYPHS_SET
    ]
    for chunk in _CHUNK_RE.finditer(piece):
        commas = [chunk.start() + m.start() for m in _BARE_COMMA_RE.finditer(chunk[0])]
        for at in commas:
            digit_follows = at + 1 < len(piece) and piece[at + 1].isdigit()
            if not digit_follows:
                always.append(at)
            elif len(commas) > 1:
                maybe.append(at)
    return always, maybe


def _cut(piece: str, cuts: Iterable[int]) -> list[str]:
    """`piece` cut at the separators starting at `cuts` (a comma or a run of white space)."""
    parts: list[str] = []
    start = 0
    for at in sorted(cuts):
        parts.append(piece[start:at])
        if piece[at] == ",":
            start = at + 1
        else:
            m = _OPTIONAL_SPACE_RE.match(piece, at)
            start = m.end() if m else at + 1
    parts.append(piece[start:])
    return [p.strip() for p in parts]


def parse_amounts(text: str, count: int, *, allow_negative: bool = True) -> list[Decimal]:
    """`count` amounts in one line, in order, each read as `parse_amount` reads one.

    The comma rule for a list. These always separate two amounts: `;`, `|`, `/`, a line break,
    and a comma followed by a space (`10, -5, 7.50`). White space separates amounts where each
    side reads as one (`10 -5 7,50`; but `1 000` may be one amount). A comma with no space after
    it:

    - is inside an amount when it is the only comma of its word and a digit follows it: a
      decimal comma before one or two digits (`37,50`, `7,5`), a thousands comma before three
      (`1,000`). So `37,50` alone is one amount, 37.5, and a question asking for two refuses it;
    - separates amounts when no digit follows it (`10,-5,7.5`);
    - in a word with several commas (`10,5,20`, `10,20,30`), may do either: the number of amounts
      asked decides. `10,5,20` is 10, 5 and 20 when three are asked; asked for two, it reads as
      10.5 and 20 or as 10 and 5.20, and is refused as ambiguous.

    An answer is read only when exactly one way of cutting it gives `count` amounts; otherwise it
    is refused, asking for `;` between the amounts. `1/2` and `½` stay fractions ("37 1/2").
    """
    if count < 1:
        raise ValueError(f"parse_amounts needs a positive count, not {count}")
    example = "; ".join(_LIST_EXAMPLE[: min(count, len(_LIST_EXAMPLE))])
    expected = ngettext(
        'expected {count} amount in the order shown, separated by ";" or ", ", like "{example}"',
        'expected {count} amounts in the order shown, separated by ";" or ", ", like "{example}"',
        count,
    ).format(count=count, example=example)
    folded = _prepare_amount(text, expected)
    protected = _FRACTION_SLASH_RE.sub(lambda m: _FRACTION_GLYPHS[m[0]], folded)
    # A comma that ends a piece ("10, 20,") separates nothing.
    pieces = [p.strip(" ,") for p in _HARD_SEPARATOR_RE.split(protected)]
    pieces = [p for p in pieces if p]
    if not pieces:
        raise Unreadable(expected)

    known: dict[str, Decimal | None] = {}

    def amount(part: str) -> Decimal | None:
        if part not in known:
            try:
                known[part] = _amount_of(part, allow_negative) if part else None
            except Unreadable:
                known[part] = None
        return known[part]

    layouts: list[tuple[str, list[int], list[int]]] = []
    fixed = len(pieces)
    for piece in pieces:
        always, maybe = _separators(piece)
        layouts.append((piece, always, maybe))
        fixed += len(always)
    options = [(i, at) for i, (_, _, maybe) in enumerate(layouts) for at in maybe]
    need = count - fixed
    if need < 0 or need > len(options):
        if count == len(pieces):  # one amount per piece, as asked: say what is wrong with it
            for piece in pieces:
                _amount_of(piece, allow_negative)
        raise Unreadable(expected)
    if len(options) > _MAX_OPTIONAL_SEPARATORS and 0 < need < len(options):
        raise Unreadable(expected)

    readings: set[tuple[Decimal, ...]] = set()
    for chosen in combinations(options, need):
        values: list[Decimal] = []
        for i, (piece, always, _rest) in enumerate(layouts):
            cuts = always + [at for j, at in chosen if j == i]
            for part in _cut(piece, cuts):
                value = amount(part)
                if value is None:
                    break
                values.append(value)
            else:
                continue
            break
        else:
            readings.add(tuple(values))
            if len(readings) > 1:
                raise Unreadable(
                    _(
                        "this reads as {count} amounts in more than one way: separate them with "
                        '";", like "{example}"'
                    ).format(count=count, example=example)
                )
    if not readings:
        if count == len(pieces) and not options:
            for piece in pieces:
                _amount_of(piece, allow_negative)
        raise Unreadable(expected)
    return list(readings.pop())


# --- chips ---------------------------------------------------------------------------------------

# A guard against "1000000x1": far more chips than any payout on the felt.
_MAX_CHIPS = 1000

# Between terms: spaces, "+", ";" and a comma followed by a space or the end. A comma between two
# digits is left inside the term and decided there (see parse_chips).
_TERM_SPLIT_RE = re.compile(r"[\s+;]+|,(?=\s|$)")
_TERM_RE = re.compile(r"(?:([0-9]+)x)?(.+)")
# One multiplication sign, glued to its count, so "2 × 25" and "2*25" are the term "2x25".
_TIMES_RE = re.compile(r"\s*[x×*]\s*")


def parse_chips(text: str, denominations: Sequence[Decimal]) -> list[Decimal]:
    """A payout written as chips, each one of `denominations`, highest first.

    Accepted: `2x25 10 2`, `25 25 10 2`, `2×25 + 10 + 2`, `2*25, 1x10, 1x2`, `25+25+10+2`,
    `25,25,10,2`. In `NxV` the count comes first: `2x25` is two chips of 25 and `25x2` is
    twenty-five chips of 2. A comma between digits is a decimal comma when that reading names a
    chip (`0,50` with a 0.50 chip in the tray), and otherwise separates chips (`25,10,2`).
    Each chip is returned as the matching entry of `denominations`.
    """
    tray = sorted(set(denominations), reverse=True)
    if not tray:
        raise ValueError("parse_chips needs at least one denomination")
    shown = [_show(d) for d in sorted(tray)]
    if len(shown) > 1:
        allowed = _("{some} or {last}").format(some=", ".join(shown[:-1]), last=shown[-1])
    else:
        allowed = shown[0]
    # The example uses chips of this tray from the middle of it: "2x25 + 5" for casino-fr.
    middle = len(shown) // 2
    top = shown[min(middle + 1, len(shown) - 1)]
    example = f"2x{top} + {shown[middle - 1]}" if middle else f"2x{top}"
    expected = _('expected chips of {chips}, like "{example}"').format(
        chips=allowed, example=example
    )

    def chip(value_text: str) -> Decimal | None:
        try:
            value = _amount_of(value_text, False)
        except Unreadable:
            return None
        return next((d for d in tray if d == value), None)

    def read_term(term: str) -> list[Decimal]:
        m = _TERM_RE.fullmatch(term)
        if m is None:
            raise Unreadable(expected)
        count = int(m[1]) if m[1] else 1
        if count < 1 or count > _MAX_CHIPS:
            raise Unreadable(expected)
        value = chip(m[2])
        if value is not None:
            return [value] * count
        if "," in m[2] and m[1] is None:
            # Not one chip with a decimal comma: the commas separate chips ("25,10,2x1").
            return [c for part in m[2].split(",") for c in read_term(part)]
        if "," in m[2]:
            # "2x25,10": the count belongs to the first chip only.
            head, tail = m[2].split(",", 1)
            return read_term(f"{m[1]}x{head}") + read_term(tail)
        raise Unreadable(
            _("{text} is not a chip here: {expected}").format(text=_quote(m[2]), expected=expected)
        )

    folded = _TIMES_RE.sub("x", _prepare_amount(text, expected))
    terms = [t for t in _TERM_SPLIT_RE.split(folded) if t]
    if not terms:
        raise Unreadable(expected)
    chips = [c for t in terms for c in read_term(t)]
    if len(chips) > _MAX_CHIPS:
        raise Unreadable(expected)
    return sorted(chips, reverse=True)


_ANNOUNCE_SPLIT_RE = re.compile(r"\s*[:=]\s*")


def parse_announced_chips(
    text: str, denominations: Sequence[Decimal]
) -> tuple[Decimal, list[Decimal]]:
    """An amount announced, then the chips given for it: `300: 10x25 10x5`, `300 = 10x25 +
    10x5` (RULES.md §14: the dealer says the amount before he hands the chips over). The amount
    and the chips are separated by ":" or "=", as `parse_amount` and `parse_chips` read them;
    without that separator, an amount or chips missing, or either unreadable, Unreadable says
    what is expected with an example of this tray."""
    tray = sorted(set(denominations))
    if not tray:
        raise ValueError("parse_announced_chips needs at least one denomination")
    top = _show(tray[min(len(tray) // 2 + 1, len(tray) - 1)])
    low = _show(tray[max(len(tray) // 2 - 1, 0)])
    total = _show(Decimal(top) * 4 + Decimal(low) * 2)
    example = f"{total}: 4x{top} 2x{low}"
    expected = _('expected the amount you announce, ":" and the chips, like "{example}"').format(
        example=example
    )
    cleaned = _clean(text, expected)
    parts = _ANNOUNCE_SPLIT_RE.split(cleaned.strip(), maxsplit=1)
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        raise Unreadable(expected)
    said, given = parts
    try:
        value = parse_amount(said)
    except Unreadable as e:
        raise Unreadable(
            _("the amount announced: {why}; {expected}").format(why=e, expected=expected)
        ) from None
    try:
        chips = parse_chips(given, denominations)
    except Unreadable as e:
        raise Unreadable(_("the chips: {why}").format(why=e)) from None
    return value, chips


# --- deal order ----------------------------------------------------------------------------------

DEALER = "dealer"
BURN = "burn"

_SEQUENCE_EXPECTED = N_(
    'expected box numbers 1 to 7, split hands like "4.1" and "dealer" in order, '
    'like "1 2 4.1 4.2 dealer"'
)
_BURN_EXPECTED = N_(
    'expected boxes, split hands like "4.1" and "dealer" in the order the card is offered, '
    'then "burn" if it is burned, like "3 5 dealer burn"'
)
# Spaces, commas, semicolons, ">", "->", "=>", "→" and dashes all separate: people draw the
# order as an arrow chain or write it as a list. A comma never joins "4,1": hand labels use a dot.
_SEQUENCE_SPLIT_RE = re.compile(r"[\s,;>=→\-–—]+")
# Boxes 1..7 [000]; hands after a split 1..4, the widest `max_hands` option (RULES.md §11).
_HAND_RE = re.compile(r"([1-7])(?:\.([1-4]))?")


def parse_sequence(text: str, *, burn: bool = False) -> list[str]:
    """A deal order: box numbers `"1"`..`"7"`, split hands `"4.1"`, and `"dealer"`.

    The dealer may be written `d`, `dealer`, `the dealer`, `bank`, `croupier`, `le croupier`,
    `banque`, `la banque`, `mazziere`, `il mazziere`, `banchiere`, `banco` … (RULES.md §13).
    Tokens may repeat (the second round of the deal goes round the boxes again); numbers may be
    spelled out. With `burn`, the order may end with a word of burning (`burn`, `burned`,
    `brûler`, `brûlée`, `bruciata`, `bruciato` …), returned as `"burn"`: the order of an exposed
    card's offers [003].
    """
    expected = _(_BURN_EXPECTED if burn else _SEQUENCE_EXPECTED)
    folded = _words(_clean(text, expected).rstrip(_CLOSING))
    folded = _readers().sequence.sub(folded)
    if burn:
        folded = _readers().burn.sub(folded)
    tokens = [t for t in _SEQUENCE_SPLIT_RE.split(folded) if t]
    if not tokens:
        raise Unreadable(expected)
    order: list[str] = []
    for i, token in enumerate(tokens):
        if token == DEALER:
            order.append(DEALER)
        elif _HAND_RE.fullmatch(token):
            order.append(token)
        elif burn and token == BURN and i == len(tokens) - 1:
            order.append(BURN)
        else:
            raise Unreadable(
                _("{text} is not a box, a split hand or the dealer: {expected}").format(
                    text=_quote(token), expected=expected
                )
            )
    return order


# --- outcomes ------------------------------------------------------------------------------------

_RESULT_MEANINGS = {
    "blackjack": "blackjack",
    "win": "win",
    "push": "push",
    "lose": "lose",
    "bust": "bust",
}
# The one-letter shorthand of a score sheet, English only: "W P L", "b" for bust.
_RESULT_SHORTHAND = {"w": "win", "p": "push", "l": "lose", "b": "bust"}
_RESULTS = frozenset(_RESULT_MEANINGS.values())
_RESULT_SPLIT_RE = re.compile(r"[\s,;/|\-]+")
_RESULT_EXAMPLE = ("win", "push", "lose", "blackjack", "bust")


def parse_results(text: str, count: int) -> list[str]:
    """One result per hand, in order: `"blackjack"`, `"win"`, `"push"`, `"lose"` or `"bust"`.

    Accepted words, in English, French and Italian (RULES.md §13): `blackjack`/`bj`/`black jack`;
    `win`/`w`/`gagne`/`vince`; `push`/`p`/`tie`/`égalité`/`nul`/`match nul`/`nullo`/
    `colpo nullo`; `lose`/`l`/`lost`/`perd`/`perde`; `bust`/`b`/`sauté`/`a sauté`/`sballato`;
    separated by spaces, commas, semicolons, slashes or dashes. Exactly `count` results are
    expected. "pari" is refused, saying it is even money (paid 1 to 1), not a push [003].
    """
    if count < 1:
        raise ValueError(f"parse_results needs a positive count, not {count}")
    shown = min(count, len(_RESULT_EXAMPLE))
    lang = i18n.language()
    words = [w if lang == "en" else vocab.said(w, lang) for w in _RESULT_EXAMPLE[:shown]]
    example = ", ".join(words) + (", ..." if count > shown else "")
    expected = ngettext(
        'expected {count} result, one per hand, like "{example}"',
        'expected {count} results, one per hand, like "{example}"',
        count,
    ).format(count=count, example=example)
    folded = _readers().result.sub(_LETTER_HYPHEN.sub(" ", _clean(text, expected).rstrip(_CLOSING)))
    words = [w for w in _RESULT_SPLIT_RE.split(folded) if w]
    results: list[str] = []
    if any(word in _EVEN_MONEY for word in words):
        raise Unreadable(_(_EVEN_MONEY_RESULT))
    for word in words:
        if word not in _RESULTS:
            raise Unreadable(
                _("{text} is not a result: {expected}").format(text=_quote(word), expected=expected)
            )
        results.append(word)
    if len(results) != count:
        raise Unreadable(expected)
    return results


# --- the dealer's draw ---------------------------------------------------------------------------

_DEALER_EXPECTED = N_(
    "expected the number of cards the dealer takes and the final point, "
    'like "2, 19", "0 17" or "7 K bust"'
)
# Card ranks as typed, and the rank each stands for: "10" and "t" are a ten.
_RANK_NAMES = {
    **{str(n): str(n) for n in range(2, 10)},
    "a": "A",
    "10": "T",
    "t": "T",
    "j": "J",
    "q": "Q",
    "k": "K",
}
# Words and marks that only decorate the answer: "2 cards - 19" is "2 19", "2 cartes" is "2".
_DEALER_MARKS_RE = re.compile(r"->|=>|→|[=:,;]")
_COUNT_RE = re.compile(r"[0-9]{1,2}")
# No dealer hand holds more cards than this (six Aces, a six, five more Aces: 17), so a larger
# first number is a point typed in the wrong place, not a count.
_MAX_DEALER_CARDS = 12


@dataclass(frozen=True, slots=True)
class DealerAnswer:
    """What a trainee said of the dealer's draw: how many cards, the final point, and the cards
    themselves when they were named (ranks `"A"`, `"2"`..`"9"`, `"T"` for a ten, `"J"`, `"Q"`,
    `"K"`, in the order drawn), else None."""

    count: int
    point: Point
    cards: tuple[str, ...] | None = None

    def __str__(self) -> str:
        if self.cards is None:
            return f"{self.count} {self.point}"
        return " ".join([*("10" if c == "T" else c for c in self.cards), str(self.point)])


def _dealer_count(prefix: Sequence[str]) -> tuple[int, tuple[str, ...] | None] | None:
    """The count a prefix of tokens stands for, and the cards it names: a lone number is the
    count, a run of ranks is the cards."""
    if len(prefix) == 1 and _COUNT_RE.fullmatch(prefix[0]):
        # A lone number is always the count, even "10": listing one ten is written "T" or "K".
        count = int(prefix[0])
        cards = None
    elif all(token in _RANK_NAMES for token in prefix):
        count = len(prefix)
        cards = tuple(_RANK_NAMES[token] for token in prefix)
    else:
        return None
    return (count, cards) if count <= _MAX_DEALER_CARDS else None


def read_dealer(text: str) -> DealerAnswer:
    """The number of cards the dealer takes, the final point, and the cards if they are named.

    Two forms, the point last in both, read by the rules of `read_point`:

    - a count then the point: `2, 19`, `2 cards 19`, `2 cartes → 19`, `deux cartes, dix-neuf`,
      `2 bust`, `2 a sauté`, `0 17`, `1 Black Jack`; a lone number before the point is always
      the count;
    - the cards themselves then the point: `7 K bust`, `A 6 → 17`, `A, 6, 17`; ranks are
      `A`, `2`-`9`, `10`/`T`, `J`, `Q`, `K`, separated by spaces or commas.

    Arrows (`→`, `->`, `=>`), `=`, `:` and commas may separate the parts. Text that splits into
    count and point in more than one way is refused.
    """
    folded = _clean(text, _(_DEALER_EXPECTED)).rstrip(_CLOSING)
    spaced = _readers().dealer.sub(_words(_DEALER_MARKS_RE.sub(" ", folded)))
    tokens = [t for t in spaced.split() if t != "-"]
    readings: set[DealerAnswer] = set()
    for cut in range(1, len(tokens)):
        counted = _dealer_count(tokens[:cut])
        if counted is None:
            continue
        try:
            point = _point_of(" ".join(tokens[cut:]))
        except Unreadable:
            continue
        if point is not None:
            readings.add(DealerAnswer(counted[0], point, counted[1]))
    if len(readings) != 1:
        raise Unreadable(_(_DEALER_EXPECTED))
    return readings.pop()


def parse_dealer(text: str) -> tuple[int, str]:
    """`read_dealer` as (count, announcement): the number of cards and the final point's words."""
    answer = read_dealer(text)
    return answer.count, answer.point.words


# --- multiple choice -----------------------------------------------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
# "2", "2.", "2)", "(2)", "#2", "b", "b)", "(b)": how people write a numbered or lettered choice.
_NUMBER_RE = re.compile(r"[(#]?\s*([0-9]{1,3})\s*[).:]?")
_LETTER_RE = re.compile(r"\(?\s*([a-z])\s*[).:]?")


def parse_choice(text: str, options: Sequence[str]) -> int:
    """The index (0-based) in `options` of the choice a trainee typed.

    A choice may be typed as its whole text, its number `1`..`n`, its letter `a`..`z`, or an
    unambiguous start of its text, all case- and accent-insensitive. The whole text wins outright
    (options that are themselves numbers, like points, are typed as they read). Otherwise every
    reading is taken and they must all name the same option: "d" when the fourth option is
    "Split" and another is "Double", or "1" among "17" and "18", is refused as ambiguous rather
    than guessed.
    """
    if not options:
        raise ValueError("parse_choice needs at least one option")
    labels = [
        f"{_LETTERS[i]}) {option}" if i < len(_LETTERS) else f"{i + 1}) {option}"
        for i, option in enumerate(options)
    ]
    choices = ", ".join(labels)
    expected = _(
        "expected the number, the letter or the first letters of one choice: {choices}"
    ).format(choices=choices)
    typed = _clean(text, expected)
    if not typed:
        raise Unreadable(expected)
    folded_options = [_fold(option) for option in options]

    exact = [i for i, option in enumerate(folded_options) if option == typed]
    if len(exact) == 1:
        return exact[0]

    readings: set[int] = set()
    if m := _NUMBER_RE.fullmatch(typed):
        number = int(m[1])
        if 1 <= number <= len(options):
            readings.add(number - 1)
    if m := _LETTER_RE.fullmatch(typed):
        index = _LETTERS.index(m[1])
        if index < len(options):
            readings.add(index)
    prefixed = {i for i, option in enumerate(folded_options) if option.startswith(typed)}
    # A number or letter that is also the start of another option ("1" among "17", "18") could
    # mean either; a prefix alone must name one option.
    readings |= prefixed
    if len(readings) != 1:
        raise Unreadable(expected)
    return readings.pop()


_READERS["en"] = _Readers(("en",))  # the default language's, made with the module
