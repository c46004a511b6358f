"""Reading what a trainee types: points, amounts, chips, deal orders, results, draws, choices.

A drill hands the raw text of an answer to one of the `parse_*` functions and gets back a canonical
value to compare with the expected one. The reading is tolerant of how people type (French,
Italian and English words, decimal commas, spare spaces, upper or lower case, accents or none) and
strict about the content:

- a spelling with one reading is read as what it says, even when what it says is wrong (`"26"` is
  the point 26, `"12 or 22"` a soft point that cannot exist), so the checker marks it wrong and can
  say why;
- text with no reading, or with more than one, raises `Unreadable`, whose message is one sentence
  saying what is expected with an example. A refused answer is not scored: the trainee retypes.

The canonical forms are the table's: announcements exactly as RULES.md §2 (and as
`trainer.game.announce` produces them), amounts as `Decimal`, results as the words `HandView.result`
uses. The messages are English; the Qt layer translates what it shows.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from decimal import Context, Decimal

__all__ = [
    "Unreadable",
    "parse_amount",
    "parse_announcement",
    "parse_chips",
    "parse_choice",
    "parse_dealer",
    "parse_results",
    "parse_sequence",
]


class Unreadable(ValueError):
    """Input that cannot be read; `str(exc)` says what is expected, with an example.

    A ValueError so that callers that already guard a conversion keep working; the drills catch
    this class alone, show the message and leave the question open without scoring it.
    """


# --- shared helpers ------------------------------------------------------------------------------

_SPACES = re.compile(r"\s+")


def _fold(text: str) -> str:
    """Casefold, drop accents and collapse white space.

    "Sauté", "SAUTE" and "saute" become one word, "égalité" matches "egalite". NFKD also turns
    the no-break and narrow no-break spaces of French typography ("1 000 €") into plain spaces and
    full-width digits into ASCII ones.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACES.sub(" ", bare).strip()


def _quote(token: str) -> str:
    return f'"{token}"'


# --- announcements (RULES.md §2) -----------------------------------------------------------------

BLACK_JACK = "Black Jack"
BUST = "bust"

_POINT_EXPECTED = 'expected a point like "16", "6 or 16", "21", "Black Jack" or "bust"'
_SOFT_EXPECTED = 'expected the two values of a soft point 10 apart, like "6 or 16"'

# A typed number is read as a point when some hand can reach it: 2 (a lone 2) up to 30 (a hard 20
# hit with a ten). A total over 21 is read, not refused, because saying "26" where the dealer must
# say "bust" is a content mistake the checker should mark wrong. Anything else ("0", "166") is
# not a point at all, most likely a slip of the keyboard, and is refused.
_LOWEST_POINT = 2
_HIGHEST_POINT = 30

_BLACKJACK_RE = re.compile(r"black\s*-?\s*jack|b\.?\s*j\.?")
_BUST_WORDS = frozenset(
    {
        "bust",
        "busted",
        "over",
        "saute",  # "sauté" once accents are dropped; "sauter" is the verb of [000]
        "sautee",
        "sauter",
        "sballa",  # "sballare" is the verb of [003]
        "sballato",
        "sballata",
        "sballare",
    }
)
_TOTAL_RE = re.compile(r"(?:hard\s*)?([0-9]{1,2})")
_SOFT_RE = re.compile(r"(?:soft|s)\s*([0-9]{1,2})")
# "or" in English, "ou" in French [000], "o"/"oppure" in Italian [003], and the slash or dash
# people use when writing both values quickly; either value may come first.
_PAIR_RE = re.compile(r"(?:soft\s*)?([0-9]{1,2})\s*(?:or|ou|oppure|o|/|-)\s*([0-9]{1,2})")


def _soft_point(low: int, high: int) -> str:
    """The canonical words for a pair of values, low first; Unreadable unless 10 apart."""
    low, high = min(low, high), max(low, high)
    if high - low != 10 or low < 1 or high > _HIGHEST_POINT:
        raise Unreadable(_SOFT_EXPECTED)
    if high == 21:
        # Soft 21 is announced "21" like any other 21 (RULES.md §2).
        return "21"
    # high > 21 ("12 or 22") is read as written, like a total over 21: wrong, not unreadable.
    return f"{low} or {high}"


def parse_announcement(text: str) -> str:
    """The announcement a trainee typed, in the canonical words of RULES.md §2.

    Returns `"14"` for a hard total, `"6 or 16"` for a soft point (low value first), `"21"`,
    `"Black Jack"` or `"bust"`. Accepted spellings, in any case and with any spacing:

    - totals `14`, `hard 14`; any total a hand can reach (2 to 30) is read, so `"26"` comes back
      as `"26"` for the checker to mark wrong;
    - soft points `6 or 16`, `6 ou 16`, `6 o 16`, `6/16`, `6-16`, `16 or 6`, `soft 16`, `s16`;
      the two values must be 10 apart; a soft 21 (`soft 21`, `11 or 21`) reads `"21"`; a lone
      Ace is `"1 or 11"`;
    - `blackjack`, `black jack`, `black-jack`, `bj`, `b.j.`;
    - `bust`, `busted`, `over`, `sauté`, `sauter`, `sballato`, `sballa`, `sballare`.
    """
    # A closing "!" or "." is how some people end a spoken phrase, not part of the point.
    folded = _fold(text).rstrip("!.").strip()
    if _BLACKJACK_RE.fullmatch(folded):
        return BLACK_JACK
    if folded in _BUST_WORDS:
        return BUST
    if m := _TOTAL_RE.fullmatch(folded):
        total = int(m[1])
        if _LOWEST_POINT <= total <= _HIGHEST_POINT:
            return str(total)
        raise Unreadable(_POINT_EXPECTED)
    if m := _PAIR_RE.fullmatch(folded):
        return _soft_point(int(m[1]), int(m[2]))
    if m := _SOFT_RE.fullmatch(folded):
        high = int(m[1])
        if high < 11:  # "soft 6" names no hand: it is not a pair with a wrong gap
            raise Unreadable(_POINT_EXPECTED)
        return _soft_point(high - 10, high)
    raise Unreadable(_POINT_EXPECTED)


# --- amounts -------------------------------------------------------------------------------------

# Table amounts never come near this; a longer number is a paste or a stuck key, and refusing it
# keeps every value exact within the Decimal context below.
_MAX_INTEGER_DIGITS = 15
_CONTEXT = Context(prec=34)

_CURRENCY = r"(?:€|\$|£|euros|euro|eur)"
_AMOUNT_RE = re.compile(
    rf"(?P<sign>[+-])?\s*(?P<before>{_CURRENCY})?\s*(?P<sign2>[+-])?\s*"
    rf"(?P<number>[0-9.,'][0-9.,' ]*)\s*(?P<after>{_CURRENCY})?"
)
_DIGITS_RE = re.compile(r"[0-9]*")
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


def _read_number(body: str) -> Decimal | None:
    """Digits with separators read by the comma rule of `parse_amount`; None when unreadable."""
    has_dot, has_comma = "." in body, "," in body
    decimal_mark: str | None
    if has_dot and has_comma:
        # "1,000.50" and "1.000,50": the mark that comes last is the decimal one.
        decimal_mark = "." if body.rfind(".") > body.rfind(",") else ","
        if body.count(decimal_mark) > 1:
            return None
    elif has_dot or has_comma:
        mark = "." if has_dot else ","
        # Repeated, the mark groups thousands ("1.000.000"). Alone, it groups thousands when
        # exactly three digits follow ("1,000", "1.000"): money is never written to three
        # decimals. Otherwise it is the decimal mark ("37,5", "37.50").
        if body.count(mark) > 1 or re.fullmatch(r"[0-9]{3}", body.rsplit(mark, 1)[1]):
            decimal_mark = None
        else:
            decimal_mark = mark
    else:
        decimal_mark = None

    whole, fraction = body.rsplit(decimal_mark, 1) if decimal_mark else (body, "")
    if not _DIGITS_RE.fullmatch(fraction) or len(fraction) > 2:
        return None
    groups = _GROUP_SPLIT_RE.split(whole)
    if len(groups) > 1:
        # Thousands groups: 1 to 3 digits, then groups of exactly 3 ("1 000 000"), no leading zero.
        first, rest = groups[0], groups[1:]
        if not re.fullmatch(r"[1-9][0-9]{0,2}", first):
            return None
        if not all(re.fullmatch(r"[0-9]{3}", g) for g in rest):
            return None
    elif not _DIGITS_RE.fullmatch(whole):
        return None
    digits = "".join(groups)
    if not digits and not fraction:
        return None
    if len(digits.lstrip("0")) > _MAX_INTEGER_DIGITS:
        return None
    return Decimal(f"{digits or '0'}.{fraction or '0'}")


def parse_amount(text: str, *, allow_negative: bool = False) -> Decimal:
    """The amount of money a trainee typed, as a Decimal without trailing zeros.

    Accepted: `37.50`, `37,50`, `37.5`, `€37.50`, `37.50 €`, `37,5€`, `$ 15`, `15 eur`, `1 000`,
    `1'000`, `1,000.50`, `1.000,50`, `+15`, `0`, `.5`; and `-20` or `-€20` when `allow_negative`
    (a balance, a loss), refused otherwise.

    The comma rule: a decimal comma is the French and Italian habit, so `37,50` is 37.5. When both
    a comma and a dot appear, the one that comes last is the decimal mark. A mark that repeats, or
    a lone mark followed by exactly three digits, separates thousands: `1,000` and `1.000` are
    both 1000, because money is never written to three decimals. Spaces and apostrophes only
    separate thousands. At most two decimals are read.

    Consequence, on purpose: `25 100` is 25100 (a French thousands space), not two amounts.
    The result is normalised (`Decimal("37.5")`, `Decimal("100")`, never `1E+2`).
    """
    sign_example = ', "37,50" or "-20"' if allow_negative else ' or "37,50"'
    expected = f'expected an amount like "37.50"{sign_example}'
    folded = _fold(text).replace("\u2212", "-").replace("\u2019", "'")
    m = _AMOUNT_RE.fullmatch(folded)
    if m is None or (m["sign"] and m["sign2"]) or (m["before"] and m["after"]):
        raise Unreadable(expected)
    number = m["number"].strip()
    value = _read_number(number)
    if value is None:
        fraction = re.search(r"[.,]([0-9]{4,})$", number)
        if fraction:
            raise Unreadable('expected an amount with at most two decimals, like "37.50"')
        raise Unreadable(expected)
    if (m["sign"] or m["sign2"]) == "-":
        if not allow_negative and not value.is_zero():
            raise Unreadable('expected an amount without a minus sign, like "37.50"')
        value = -value
    return _plain(value)


# --- chips ---------------------------------------------------------------------------------------

# A guard against "1000000x1": far more chips than any payout on the felt.
_MAX_CHIPS = 1000

# Between terms: spaces, "+", ";" and a comma followed by a space or the end. A comma between two
# digits is left inside the term and decided there (see parse_chips).
_TERM_SPLIT_RE = re.compile(r"[\s+;]+|,(?=\s|$)")
_TERM_RE = re.compile(r"(?:([0-9]+)x)?(.+)")


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
    allowed = ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]
    # The example uses chips of this tray from the middle of it: "2x25 + 5" for casino-fr.
    middle = len(shown) // 2
    top = shown[min(middle + 1, len(shown) - 1)]
    example = f"2x{top} + {shown[middle - 1]}" if middle else f"2x{top}"
    expected = f'expected chips of {allowed}, like "{example}"'

    def chip(value_text: str) -> Decimal | None:
        try:
            value = parse_amount(value_text)
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
        raise Unreadable(f"{_quote(m[2])} is not a chip here: {expected}")

    # One multiplication sign, glued to its count, so "2 × 25" and "2*25" are the term "2x25".
    folded = re.sub(r"\s*[x×*]\s*", "x", _fold(text))
    terms = [t for t in _TERM_SPLIT_RE.split(folded) if t]
    if not terms:
        raise Unreadable(expected)
    chips = [c for t in terms for c in read_term(t)]
    if len(chips) > _MAX_CHIPS:
        raise Unreadable(expected)
    return sorted(chips, reverse=True)


# --- deal order ----------------------------------------------------------------------------------

DEALER = "dealer"

_DEALER_WORDS = frozenset({"d", "dealer", "croupier", "banque", "banco", "bank"})
_SEQUENCE_EXPECTED = (
    'expected box numbers 1 to 7, split hands like "4.1" and "dealer" in order, '
    'like "1 2 4.1 4.2 dealer"'
)
# Spaces, commas, semicolons, ">", "->", "=>", "→" and dashes all separate: people draw the
# order as an arrow chain or write it as a list. A comma never joins "4,1": hand labels use a dot.
_SEQUENCE_SPLIT_RE = re.compile(r"[\s,;>=→\-–—]+")
# Boxes 1..7 [000]; hands after a split 1..4, the widest `max_hands` option (RULES.md §11).
_HAND_RE = re.compile(r"([1-7])(?:\.([1-4]))?")


def parse_sequence(text: str) -> list[str]:
    """A deal order: box numbers `"1"`..`"7"`, split hands `"4.1"`, and `"dealer"`.

    The dealer may be written `d`, `dealer`, `croupier`, `banque`, `banco` or `bank`. Tokens
    may repeat (the second round of the deal goes round the boxes again).
    """
    tokens = [t for t in _SEQUENCE_SPLIT_RE.split(_fold(text)) if t]
    if not tokens:
        raise Unreadable(_SEQUENCE_EXPECTED)
    order: list[str] = []
    for token in tokens:
        if token in _DEALER_WORDS:
            order.append(DEALER)
        elif _HAND_RE.fullmatch(token):
            order.append(token)
        else:
            raise Unreadable(
                f"{_quote(token)} is not a box, a split hand or the dealer: {_SEQUENCE_EXPECTED}"
            )
    return order


# --- outcomes ------------------------------------------------------------------------------------

# The words HandView.result uses, then each one's spellings in English, French and Italian.
_RESULT_WORDS: dict[str, str] = {
    word: result
    for result, words in {
        "blackjack": ("blackjack", "bj"),
        "win": ("win", "w", "won", "wins", "gagne", "gagnant", "vince", "vinto", "vinta"),
        "push": ("push", "p", "egalite", "tie", "pari", "pareggio"),
        "lose": ("lose", "l", "lost", "loss", "loses", "perd", "perdu", "perde", "perso", "persa"),
        "bust": ("bust", "b", "busted", "saute", "sautee", "sauter", "sballato", "sballa"),
    }.items()
    for word in words
}
_RESULT_SPLIT_RE = re.compile(r"[\s,;/|\-]+")
_RESULT_EXAMPLE = ("win", "push", "lose", "blackjack", "bust")


def parse_results(text: str, count: int) -> list[str]:
    """One result per hand, in order: `"blackjack"`, `"win"`, `"push"`, `"lose"` or `"bust"`.

    Accepted words: `blackjack`/`bj`/`black jack`; `win`/`w`/`gagne`/`vince`; `push`/`p`/
    `égalité`/`tie`/`pari`; `lose`/`l`/`lost`/`perd`/`perde`; `bust`/`b`/`sauté`/`sballato`;
    separated by spaces, commas, semicolons, slashes or dashes. Exactly `count` results are
    expected.
    """
    if count < 1:
        raise ValueError(f"parse_results needs a positive count, not {count}")
    shown = min(count, len(_RESULT_EXAMPLE))
    example = ", ".join(_RESULT_EXAMPLE[:shown]) + (", ..." if count > shown else "")
    noun = "result" if count == 1 else "results"
    expected = f'expected {count} {noun}, one per hand, like "{example}"'
    # "black jack" and "black-jack" are one word before the words are split apart.
    folded = re.sub(r"black\s*-?\s*jack", "blackjack", _fold(text))
    words = [w for w in _RESULT_SPLIT_RE.split(folded) if w]
    results: list[str] = []
    for word in words:
        result = _RESULT_WORDS.get(word)
        if result is None:
            raise Unreadable(f"{_quote(word)} is not a result: {expected}")
        results.append(result)
    if len(results) != count:
        raise Unreadable(expected)
    return results


# --- the dealer's draw ---------------------------------------------------------------------------

_DEALER_EXPECTED = (
    "expected the number of cards the dealer takes and the final point, "
    'like "2, 19", "0 17" or "7 K bust"'
)
_RANKS = frozenset({"a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "t", "j", "q", "k"})
# Words and marks that only decorate the answer: "2 cards - 19" is "2 19".
_FILLER_WORDS = frozenset({"card", "cards", "carte", "cartes", "carta", "-"})
# No dealer hand holds more cards than this (six Aces, a six, five more Aces: 17), so a larger
# first number is a point typed in the wrong place, not a count.
_MAX_DEALER_CARDS = 12


def _dealer_count(prefix: Sequence[str]) -> int | None:
    """The count a prefix of tokens stands for: a lone number, or the cards themselves."""
    if len(prefix) == 1 and re.fullmatch(r"[0-9]{1,2}", prefix[0]):
        # A lone number is always the count, even "10": listing one ten is written "T" or "K".
        count = int(prefix[0])
    elif all(token in _RANKS for token in prefix):
        count = len(prefix)
    else:
        return None
    return count if count <= _MAX_DEALER_CARDS else None


def parse_dealer(text: str) -> tuple[int, str]:
    """The number of cards the dealer takes and the final point, as (count, announcement).

    Two forms, the point last in both, read by the rules of `parse_announcement`:

    - a count then the point: `2, 19`, `2 cards 19`, `2 cartes → 19`, `2 bust`, `0 17`,
      `1 Black Jack`; a lone number before the point is always the count;
    - the cards themselves then the point: `7 K bust`, `A 6 → 17`, `A, 6, 17`; ranks are
      `A`, `2`-`9`, `10`/`T`, `J`, `Q`, `K`, separated by spaces or commas.

    Arrows (`→`, `->`, `=>`), `=`, `:` and commas may separate the parts. Text that splits into
    count and point in more than one way is refused.
    """
    spaced = re.sub(r"->|=>|→|[=:,;]", " ", _fold(text))
    tokens = [t for t in spaced.split() if t not in _FILLER_WORDS]
    readings: set[tuple[int, str]] = set()
    for cut in range(1, len(tokens)):
        count = _dealer_count(tokens[:cut])
        if count is None:
            continue
        try:
            point = parse_announcement(" ".join(tokens[cut:]))
        except Unreadable:
            continue
        readings.add((count, point))
    if len(readings) != 1:
        raise Unreadable(_DEALER_EXPECTED)
    return readings.pop()


# --- multiple choice -----------------------------------------------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
# "2", "2.", "2)", "(2)", "#2", "b", "b)", "(b)": how people write a numbered or lettered choice.
_NUMBER_RE = re.compile(r"[(#]?\s*([0-9]+)\s*[).:]?")
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
    expected = f"expected the number, the letter or the first letters of one choice: {choices}"
    typed = _fold(text)
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
