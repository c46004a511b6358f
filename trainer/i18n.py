"""Languages: which one the trainee reads, the translation functions, and locale formatting.

Sabot speaks English, French and Italian (`LANGUAGES`). English is the source language: every
text is written in English in the code, marked for translation, and looked up in a catalogue of
the current language when it is shown. The catalogues are gettext `.po` files under
`resources/locale/<lang>/LC_MESSAGES/<domain>.po`, one domain for `trainer/` ("trainer") and one
for `ui/` ("ui"). They are read from source by `trainer.po`, lazily, the first time a text is
looked up in a language other than English: English start-up reads no file and imports nothing
beyond this module.

The functions look the language up AT CALL TIME, so a text translated again after
`set_language` comes out in the new language:

    from trainer.i18n import _, N_, ngettext
    _("Shuffle")                                       # the current language's word
    _("{count} answers kept").format(count=n)           # placeholders by name, never an f-string
    ngettext("{count} answer", "{count} answers", n).format(count=n)
    TITLE = N_("Announce")  # a module constant: marked here, translated where shown, _(TITLE)

`_`, `ngettext`, `pgettext` and `npgettext` here are the "trainer" domain's; `ui.i18n` binds the
same for "ui" through `domain("ui")`.

Formatting in the trainee's locale: `format_amount` ("37,50 €" in French and Italian, "€37.50" in
English; a whole amount without decimals, "10 €" and "€10", everywhere), `format_number`,
`format_date`, `format_duration`. Reading amounts (either decimal mark) is
`trainer.practice.answers`'s.

`python -m trainer.i18n update` brings both catalogues of both domains up to date with the
marked texts of the code (see `trainer.po`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from decimal import Context, Decimal
from typing import TYPE_CHECKING, Any, Final, Self

# what the catalogues share with this module, kept apart so that neither imports the other
from trainer.languages import DOMAINS, LANGUAGES, PLURAL, SOURCE_LANGUAGE

if TYPE_CHECKING:  # a type only: the app's start-up imports this module, and needs no dates
    from datetime import date as _date

__all__ = [
    "DOMAINS",
    "Explained",
    "LANGUAGES",
    "N_",
    "Reason",
    "Said",
    "SOURCE_LANGUAGE",
    "Translator",
    "_",
    "domain",
    "format_amount",
    "format_date",
    "format_duration",
    "format_number",
    "format_percent",
    "language",
    "language_code",
    "ngettext",
    "npgettext",
    "pgettext",
    "say_english",
    "say_now",
    "set_language",
    "system_language",
    "translated",
]

_current: str = SOURCE_LANGUAGE


def language_code(text: str) -> str | None:
    """The language of a locale name or code, if Sabot speaks it: "fr_FR.UTF-8", "fr-CH",
    "FR", "it_IT@euro" → "fr", "fr", "fr", "it"; "C", "de_DE", "" → None."""
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, as gettext reads it; English when it asks for
    none Sabot speaks.

    The locale is the first of LC_ALL, LC_MESSAGES, LANG that is set. LANGUAGE, a list of
    languages in order of preference ("it:fr"), comes before it, except when the locale is C or
    POSIX (or none is set), where gettext ignores it and so does Sabot."""
    locale = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    base = locale.split(".")[0].split("@")[0]
    if base in ("", "C", "POSIX"):
        return SOURCE_LANGUAGE
    preferred = environ.get("LANGUAGE", "")
    if preferred:
        for item in preferred.split(":"):
            code = language_code(item)
            if code is not None:
                return code
        return SOURCE_LANGUAGE  # gettext too shows the source text when none is translated
    return language_code(locale) or SOURCE_LANGUAGE


def set_language(code: str) -> None:
    """Make `code` ("en", "fr", "it") the language every text is looked up in from now on.
    Raises ValueError with a sentence for any other code."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"the language is one of {', '.join(LANGUAGES)}, not {code!r}")
    _current = code


def language() -> str:
    """The current language's code."""
    return _current


# -- translation ----------------------------------------------------------------------------

# (domain, language) -> {(context, msgid): translation, or a tuple of plural forms}
_catalogues: dict[tuple[str, str], dict[tuple[str, str], str | tuple[str, ...]]] = {}


def _catalogue(name: str, lang: str) -> dict[tuple[str, str], str | tuple[str, ...]]:
    found = _catalogues.get((name, lang))
    if found is None:
        from trainer import po  # only once a language other than English is used

        found = _catalogues[(name, lang)] = po.load(name, lang)
    return found


class Translator:
    """The translation functions of one domain ("trainer" or "ui"), in the current language."""

    def __init__(self, name: str) -> None:
        if name not in DOMAINS:
            raise ValueError(f"the translation domain is one of {', '.join(DOMAINS)}, not {name!r}")
        self.name = name

    def gettext(self, msgid: str) -> str:
        lang = _current
        if lang == SOURCE_LANGUAGE:
            return msgid
        found = _catalogue(self.name, lang).get(("", msgid))
        return found if isinstance(found, str) and found else msgid

    def pgettext(self, context: str, msgid: str) -> str:
        lang = _current
        if lang == SOURCE_LANGUAGE:
            return msgid
        found = _catalogue(self.name, lang).get((context, msgid))
        return found if isinstance(found, str) and found else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.npgettext("", singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        lang = _current
        if lang != SOURCE_LANGUAGE:
            forms = _catalogue(self.name, lang).get((context, singular))
            if isinstance(forms, tuple):
                index = PLURAL[lang](n)
                if index < len(forms) and forms[index]:
                    return forms[index]
        return singular if n == 1 else plural


def translated(msgid: str, lang: str, name: str = "trainer") -> str:
    """`msgid` in `lang`, whatever the language of the moment (a word read in any language: a
    skill's title typed in French at an English terminal); `msgid` itself where untranslated."""
    if lang == SOURCE_LANGUAGE:
        return msgid
    found = _catalogue(name, lang).get(("", msgid))
    return found if isinstance(found, str) and found else msgid


_domains: dict[str, Translator] = {}


def domain(name: str) -> Translator:
    """The translator of a domain: "trainer" for the domain's texts, "ui" for the windows'."""
    found = _domains.get(name)
    if found is None:
        found = _domains[name] = Translator(name)
    return found


_trainer = domain("trainer")
_ = _trainer.gettext
ngettext = _trainer.ngettext
pgettext = _trainer.pgettext
npgettext = _trainer.npgettext


def N_(msgid: str) -> str:
    """Marks a text for the catalogue without translating it (a module constant, translated
    later where it is shown with `_(constant)`)."""
    return msgid


# -- sentences kept as their parts ---------------------------------------------------------
# A refusal or a problem said again each time it is shown, in the language of that moment: the
# English sentence, marked for translation, and the values of its placeholders. The rules' and
# the round's errors are `Explained` (the table's own parts, a card, a point, an amount, a
# bettor, are trainer.game.reasons').


class Said:
    """A value of a reason, said in English by `str()` and in the language of the moment by
    `text()`."""

    __slots__ = ()

    def text(self) -> str:
        raise NotImplementedError


def say_english(value: Any) -> Any:
    """A value of a `Reason` as its English sentence shows it."""
    if isinstance(value, Said):
        return str(value)
    return value() if callable(value) else value


def say_now(value: Any) -> Any:
    """A value of a `Reason` as the sentence shows it in the language of the moment."""
    if isinstance(value, Said):
        return value.text()
    return value() if callable(value) else value


class Reason(Said):
    """An English sentence marked for translation (`N_`) and the values of its placeholders."""

    __slots__ = ("template", "parts")

    def __init__(self, template: str, /, **parts: Any) -> None:
        self.template = template
        self.parts = parts

    def values(self) -> dict[str, Any]:
        """The values as the sentence shows them in the language of the moment."""
        return {k: say_now(v) for k, v in self.parts.items()}

    def text(self) -> str:
        return _(self.template).format(**self.values())

    def __str__(self) -> str:
        return self.template.format(**{k: say_english(v) for k, v in self.parts.items()})

    def __repr__(self) -> str:
        parts = "".join(f", {k}={v!r}" for k, v in self.parts.items())
        return f"Reason({self.template!r}{parts})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reason):
            return NotImplemented
        return (self.template, self.parts) == (other.template, other.parts)

    __hash__ = None  # type: ignore[assignment]  # (its parts are a dict)


class Explained(ValueError):
    """An error that holds why (`reason`), so that `text()` says it in the language of the
    moment; made with `of(template, **parts)` (the `Reason`'s), or from a `Reason`. Made from a
    sentence alone, it has no reason and `text()` is that sentence. `str()` is the message as
    made when raised: the reason in English (`_message`)."""

    def __init__(self, why: str | Reason = "") -> None:
        reason = why if isinstance(why, Reason) else None
        super().__init__(self._message(reason) if reason is not None else why)
        self.reason = reason

    @classmethod
    def of(cls, template: str, /, **parts: Any) -> Self:
        return cls(Reason(template, **parts))

    @staticmethod
    def _message(reason: Reason) -> str:
        return str(reason)

    def text(self) -> str:
        if self.reason is None:
            return str(self.args[0]) if self.args else ""
        return self.reason.text()


# -- locale formatting ----------------------------------------------------------------------

_DECIMAL_MARK: Final = {"en": ".", "fr": ",", "it": ","}
# CLDR's group separators: French writes a narrow no-break space ("1 000"), Italian a point
_GROUP: Final = {"en": ",", "fr": "\u202f", "it": "."}
_WIDE: Final = Context(prec=1000)  # no number is rounded beyond the places asked for
_NBSP: Final = "\u00a0"  # between a figure and its unit, so a line never breaks inside "37,50 €"


def _lang(lang: str | None) -> str:
    return _current if lang is None else lang


def format_number(
    value: int | Decimal | float,
    lang: str | None = None,
    *,
    places: int | None = None,
    group: bool = True,
) -> str:
    """A number as the language writes it: "1,234.5" / "1 234,5" / "1.234,5".

    `places` fixes the number of decimals (rounded half-even); without it, an int or a Decimal is
    written exactly, without needless zeros, and a float with at most 2 decimals."""
    lang = _lang(lang)
    if places is not None:
        text = format(Decimal(value).quantize(Decimal(1).scaleb(-places), context=_WIDE), "f")
    elif isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
    elif isinstance(value, Decimal):
        text = format(value.normalize(), "f") if value else "0"
    else:
        text = str(value)
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
        if not text.strip("0."):
            sign = ""  # "-0" is 0
    whole, _sep, fraction = text.partition(".")
    groups: list[str] = []
    while group and len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    out = _GROUP[lang].join(groups)
    if fraction:
        out += _DECIMAL_MARK[lang] + fraction
    return sign + out


def format_seconds(ms: float, lang: str | None = None, *, places: int = 1) -> str:
    """A time in seconds to a tenth, the unit the targets are given in: "1.5 s", "1,5 s". The
    one way every screen writes a time, so a median and its target read alike wherever shown."""
    seconds = Decimal(round(ms)) / 1000
    return f"{format_number(seconds, lang, places=places)}{_NBSP}s"


def format_amount(
    amount: Decimal, lang: str | None = None, currency: str = "€", *, group: bool = True
) -> str:
    """An amount of money as the language writes it: "€37.50" in English, "37,50 €" in French
    and Italian. The same rule in every language: a whole amount has no decimals ("€10",
    "10 €"), any other at least two ("€2.50"), more only when the amount has them (a 6:5 payout
    on 1.25 is 1.50; 0.125 stays 0.125: money is never rounded while it is written). A
    currency of letters is written apart in English ("CHF 25"); in French and Italian the
    currency always follows, after a no-break space. With `currency=""`, the figures alone
    ("37.50", "37,50"); `group=False` writes no thousands separator ("1250,50")."""
    lang = _lang(lang)
    amount = Decimal(amount)
    normal = amount.normalize() if amount else Decimal(0)
    exponent = normal.as_tuple().exponent
    places = 0 if not isinstance(exponent, int) or exponent >= 0 else max(2, -exponent)
    figures = format_number(amount, lang, places=places, group=group)
    if not currency:  # the figures alone, as a drill writes an amount the trainee types
        return figures
    if lang == "en":
        sign = ""
        if figures.startswith("-"):
            sign, figures = "-", figures[1:]
        if len(currency) > 1 and currency.isalpha():
            return f"{sign}{currency}{_NBSP}{figures}"
        return f"{sign}{currency}{figures}"
    return f"{figures}{_NBSP}{currency}"


_MONTHS: Final = {
    "en": (
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ),
    "fr": (
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
        "octobre", "novembre", "décembre",
    ),
    "it": (
        "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
        "settembre", "ottobre", "novembre", "dicembre",
    ),
}  # fmt: skip
_SHORT_MONTHS: Final = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "fr": (
        "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
        "nov.", "déc.",
    ),
    "it": ("gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"),
}  # fmt: skip


def format_date(
    day: _date, lang: str | None = None, *, short: bool = False, year: bool = True
) -> str:
    """A date as the language writes it: "1 December 2026", "1er décembre 2026", "1 dicembre
    2026"; `short`: "1 Dec 2026", "1 déc. 2026", "1 dic 2026"; without the year when `year` is
    False. Day first in all three (as a European school writes it)."""
    lang = _lang(lang)
    months = _SHORT_MONTHS if short else _MONTHS
    number = "1er" if lang == "fr" and day.day == 1 and not short else str(day.day)
    text = f"{number} {months[lang][day.month - 1]}"
    return f"{text} {day.year}" if year else text


def format_percent(fraction: float, lang: str | None = None) -> str:
    """A fraction (0.85) as a whole percentage, rounded as Python's "%" format does: "85%" in
    English and Italian, "85\u202f%" in French (a narrow no-break space before the sign)."""
    text = f"{fraction:.0%}"
    return text[:-1] + "\u202f%" if _lang(lang) == "fr" else text


def format_duration(ms: int, lang: str | None = None) -> str:
    """A length of time given in milliseconds, in the units all three languages write (SI):
    "850 ms", "1.2 s" / "1,2 s", "3 min 05 s", "1 h 05 min"."""
    lang = _lang(lang)
    ms = int(ms)
    sign = "-" if ms < 0 else ""
    ms = abs(ms)
    if ms < 1000:
        text = f"{ms}{_NBSP}ms"
    elif ms < 60_000:
        tenths = (ms + 50) // 100  # to a tenth of a second, a half rounded up
        if tenths >= 600:
            text = f"1{_NBSP}min 00{_NBSP}s"
        else:
            whole, tenth = divmod(tenths, 10)
            text = f"{whole}{_DECIMAL_MARK[lang]}{tenth}{_NBSP}s"
    elif ms < 3_600_000:
        minutes, seconds = divmod((ms + 500) // 1000, 60)
        if minutes >= 60:
            text = f"1{_NBSP}h 00{_NBSP}min"
        else:
            text = f"{minutes}{_NBSP}min {seconds:02d}{_NBSP}s"
    else:
        hours, minutes = divmod((ms + 30_000) // 60_000, 60)
        text = f"{hours}{_NBSP}h {minutes:02d}{_NBSP}min"
    return sign + text


if __name__ == "__main__":  # python -m trainer.i18n update
    import sys

    from trainer import po

    sys.exit(po.main(sys.argv[1:]))


# A preposition and the article that opens a value put after it, as each language joins them:
# Italian "di" + "il riquadro 4" is "del riquadro 4", never "di il riquadro 4"; French "de" +
# "le croupier" is "du croupier". Only where a sentence puts a value after a preposition
# (`format_joined`): a sentence's own words are the translator's.
_IT_PREPOSITIONS: Final = ("di", "a", "da", "in", "su")
_IT_JOINED: Final = {
    "il": ("del", "al", "dal", "nel", "sul"),
    "lo": ("dello", "allo", "dallo", "nello", "sullo"),
    "la": ("della", "alla", "dalla", "nella", "sulla"),
    "l'": ("dell'", "all'", "dall'", "nell'", "sull'"),
    "i": ("dei", "ai", "dai", "nei", "sui"),
    "gli": ("degli", "agli", "dagli", "negli", "sugli"),
    "le": ("delle", "alle", "dalle", "nelle", "sulle"),
}
_FR_JOINED: Final = {"le": {"de": "du", "à": "au"}, "les": {"de": "des", "à": "aux"}}


def _joined(preposition: str, value: str, lang: str) -> str | None:
    """`preposition` and `value` as one, if the language joins them ("di", "il riquadro 4" ->
    "del riquadro 4"), else None."""
    low = preposition.casefold()
    for article in sorted(_IT_JOINED if lang == "it" else _FR_JOINED, key=len, reverse=True):
        apostrophe = article.endswith("'")
        if not value.startswith(article if apostrophe else article + " "):
            continue
        rest = value[len(article) :] if apostrophe else value[len(article) + 1 :]
        if lang == "it" and low in _IT_PREPOSITIONS:
            word = _IT_JOINED[article][_IT_PREPOSITIONS.index(low)]
        elif lang == "fr" and low in _FR_JOINED[article]:
            word = _FR_JOINED[article][low]
        else:
            return None
        word = word.capitalize() if preposition[:1].isupper() else word
        return word + rest if apostrophe else f"{word} {rest}"
    return None


def format_joined(text: str, lang: str | None = None, **values: Any) -> str:
    """`text.format(**values)`, a preposition of `text` joined to the article a value opens with
    as the language writes them: Italian "Prendi l'assicurazione di {who}" with "il riquadro 4"
    reads "Prendi l'assicurazione del riquadro 4"."""
    import re
    from string import Formatter

    lang = _lang(lang)
    if lang not in ("it", "fr"):
        return text.format(**values)
    out: list[str] = []
    for literal, field, spec, conversion in Formatter().parse(text):
        out.append(literal)
        if field is None:
            continue
        value = values[field]
        if conversion:
            value = repr(value) if conversion == "r" else str(value)
        said = format(value, spec or "")
        before = "".join(out)
        found = re.search(r"(?:^|(?<=[\s(«“]))(\w+) $", before)
        joined = _joined(found[1], said, lang) if found else None
        if found and joined is not None:
            out = [before[: found.start(1)], joined]
        else:
            out.append(said)
    return "".join(out)
