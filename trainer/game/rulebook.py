"""The rules book: every rule of the table in plain words, the sentences of the original texts
behind it, the house-rule options it depends on, and the glossary of the table's words.

The book is data, shipped with the app (`resources/rules/rules.json`, read with
importlib.resources); this module reads it, checks it, and answers the questions the app asks of
it: which rule a skill's question rests on, which rule a feedback's citation ("[000]",
"RULES.md §9") points to, and which value of each option a table has chosen.

Every text meant for people is keyed by language ({"en": …, "fr": …, "it": …}, one object per
text, so a text and its translations are read side by side); `text(mapping)` gives the language
of the moment (`trainer.i18n.language()`), else English, never a KeyError. The original sentences
(`Quote.text`) are never translated: they are the sources' own words.

Rule tags are "<section>.<name>" (`9.blackjack`); a section is cited as `§9`, a source as `000`.
Those are the code's and the history's words: a text the trainee reads cites a chapter by its
title, as the book shows it (`chapter(9)`: 'rules book: “Settlement”'), and the links find it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Final

from trainer.game.rules import OPTIONS, PRESETS, HouseRules
from trainer.i18n import language as current_language

FALLBACK: Final = "en"
RESOURCE: Final = ("resources.rules", "rules.json")

# "[000]", "[000][003]", "RULES.md §9", "§11": what a feedback cites (a feedback stored before
# it cited chapters by their titles may still say "RULES.md §9").
_CITATION: Final = re.compile(r"\[(\d{3})\]|(?:RULES\.md )?§(\d{1,2})")
# A chapter's title between the quotation marks of the book's languages: “Settlement”,
# « Le paiement », «Il pagamento» (see `chapter`).
_QUOTED: Final = r"[“«][\u00a0\u202f ]?({titles})[\u00a0\u202f ]?[”»]"


class RuleBookError(ValueError):
    """The rules book's data is not what the app expects (a packaging or editing mistake)."""


def text(texts: Mapping[str, str], language: str | None = None) -> str:
    """The text in `language` (the language of the moment when not given), else in English."""
    if language is None:
        language = current_language()
    return texts.get(language) or texts.get(FALLBACK) or ""


@dataclass(frozen=True, slots=True)
class Source:
    tag: str  # "000"
    name: Mapping[str, str]
    language: str  # the language the original is written in: "fr", "it"
    preset: str | None
    about: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Quote:
    source: str
    text: str  # the original sentence, as the source writes it


@dataclass(frozen=True, slots=True)
class Rule:
    tag: str  # "9.blackjack"
    section: int
    title: Mapping[str, str]
    text: Mapping[str, str]
    sources: tuple[str, ...]
    quotes: tuple[Quote, ...]
    options: tuple[str, ...]  # the house-rule options it depends on (trainer.game.rules)
    chosen: Mapping[str, str] | None  # where no source speaks: why Sabot chose what it did


@dataclass(frozen=True, slots=True)
class Section:
    number: int
    title: Mapping[str, str]
    rules: tuple[Rule, ...]

    @property
    def tag(self) -> str:
        return f"§{self.number}"


@dataclass(frozen=True, slots=True)
class Term:
    """One line of the glossary: a meaning and the words the table uses for it."""

    meaning: Mapping[str, str]
    words: Mapping[str, tuple[str, ...]]  # language -> the words, as the texts write them
    sources: tuple[str, ...]
    note: Mapping[str, str] | None


@dataclass(frozen=True, slots=True)
class OptionChoice:
    """One value of a house-rule option: what it means, which presets take it, and whether the
    table in use has it."""

    value: Any
    meaning: str
    presets: tuple[str, ...]
    chosen: bool


@dataclass(frozen=True, slots=True)
class Citation:
    """A citation found in a feedback: its place in the text and what it opens."""

    start: int
    end: int
    target: str  # a rule tag ("9.win"), a section ("§9") or a source ("000")
    source: str | None  # the source a "[000]" citation names


@dataclass(frozen=True)
class RuleBook:
    sections: tuple[Section, ...]
    sources: Mapping[str, Source]
    options: Mapping[str, Mapping[str, Any]]
    glossary: tuple[Term, ...]
    skills: Mapping[str, str]  # skill -> the rule its questions rest on
    items: Mapping[str, str]  # item key prefix -> a more precise rule
    about: Mapping[str, str]
    languages: tuple[str, ...]

    def __post_init__(self) -> None:
        self._check()

    # -- finding rules ------------------------------------------------------------------------

    def rules(self) -> Iterator[Rule]:
        for section in self.sections:
            yield from section.rules

    def rule(self, tag: str) -> Rule:
        for r in self.rules():
            if r.tag == tag:
                return r
        raise KeyError(f"the rules book has no rule {tag!r}")

    def section(self, number: int) -> Section:
        for s in self.sections:
            if s.number == number:
                return s
        raise KeyError(f"the rules book has no section §{number}")

    def knows(self, target: str) -> bool:
        """Whether `target` (a rule tag, "§9", "000", "glossary", "sources") opens a page."""
        if target in ("glossary", "sources") or target in self.sources:
            return True
        if target.startswith("§") and target[1:].isdigit():
            return any(s.number == int(target[1:]) for s in self.sections)
        return any(r.tag == target for r in self.rules())

    def rule_for(self, skill: str, item: str | None = None) -> Rule | None:
        """The rule a question of `skill` (on `item`, if given) rests on."""
        if item:
            best = max((p for p in self.items if item.startswith(p)), key=len, default=None)
            if best is not None:
                return self.rule(self.items[best])
        tag = self.skills.get(skill)
        return None if tag is None else self.rule(tag)

    def citations(
        self, feedback: str, skill: str | None = None, item: str | None = None
    ) -> list[Citation]:
        """Every citation in a feedback text, with what it opens: a "[000]" opens the rule the
        question rests on (with that source's sentence), or the source when the rule is
        unknown; a "§9" opens that rule when it lies in section 9, else the section."""
        rule = self.rule_for(skill, item) if skill else None
        found: list[Citation] = []
        for m in self._chapter_titles.finditer(feedback):
            n = self._chapter_numbers[m.group(1)]
            target = rule.tag if rule is not None and rule.section == n else f"§{n}"
            found.append(Citation(m.start(), m.end(), target, None))
        for m in _CITATION.finditer(feedback):
            source, number = m.group(1), m.group(2)
            if source is not None:
                if source not in self.sources:
                    continue
                target = rule.tag if rule is not None else source
                found.append(Citation(m.start(), m.end(), target, source))
            else:
                n = int(number)
                if not any(s.number == n for s in self.sections):
                    continue
                target = rule.tag if rule is not None and rule.section == n else f"§{n}"
                found.append(Citation(m.start(), m.end(), target, None))
        return sorted(found, key=lambda c: c.start)

    @cached_property
    def _chapter_numbers(self) -> dict[str, int]:
        """Each chapter's title, in every language of the book, and its number."""
        return {
            title: s.number for s in self.sections for title in s.title.values() if title.strip()
        }

    @cached_property
    def _chapter_titles(self) -> re.Pattern[str]:
        titles = sorted(self._chapter_numbers, key=len, reverse=True)  # the longest first
        return re.compile(_QUOTED.format(titles="|".join(re.escape(t) for t in titles)))

    # -- the table's choices ------------------------------------------------------------------

    def choices(
        self, option: str, rules: HouseRules, language: str | None = None
    ) -> list[OptionChoice]:
        """Every value of `option`, what it means, the presets that take it, and which one
        `rules` has. A value only the table has (an override) is listed too. An option this
        version's engine does not have yet (the book may describe it ahead) has no choices."""
        if option not in OPTIONS:
            return []
        doc = self.options.get(option, {"format": {FALLBACK: "{value}"}})
        current = getattr(rules, option)
        values: dict[str, OptionChoice] = {}

        def say(value: Any) -> str:
            if "values" in doc:
                meaning = doc["values"].get(_key(value))
                if meaning is not None:
                    return text(meaning, language)
            return text(doc.get("format", {}), language).replace("{value}", _show(value))

        by_value: dict[str, list[str]] = {}
        for name in PRESETS:
            by_value.setdefault(_key(getattr(HouseRules.from_spec(name), option)), []).append(name)
        # an option of a few named values lists them all; a number or an amount, the presets'
        known = [] if "format" in doc else list(doc.get("values", {}))
        for key in dict.fromkeys([*known, *by_value, _key(current)]):
            value = current if key == _key(current) else _value_of(key, option)
            values[key] = OptionChoice(
                value, say(value), tuple(by_value.get(key, ())), key == _key(current)
            )
        return list(values.values())

    def option_title(self, option: str, language: str | None = None) -> str:
        doc = self.options.get(option)
        if doc is None:  # an option added to the engine and not yet to the book
            return OPTIONS[option].doc if option in OPTIONS else option
        return text(doc["title"], language)

    # -- checking the data --------------------------------------------------------------------

    def _check(self) -> None:
        tags: set[str] = set()
        for section in self.sections:
            for r in section.rules:
                if r.tag in tags:
                    raise RuleBookError(f"rule {r.tag} is written twice")
                tags.add(r.tag)
                if not r.tag.startswith(f"{section.number}."):
                    raise RuleBookError(f"rule {r.tag} is not numbered for §{section.number}")
                for s in (*r.sources, *(q.source for q in r.quotes)):
                    if s not in self.sources:
                        raise RuleBookError(f"rule {r.tag} cites an unknown source [{s}]")
                for o in r.options:
                    if o not in self.options:
                        raise RuleBookError(f"rule {r.tag} names an undescribed option {o!r}")
                if FALLBACK not in r.text or FALLBACK not in r.title:
                    raise RuleBookError(f"rule {r.tag} has no English text")
        for t in self.glossary:
            if FALLBACK not in t.meaning or (t.note is not None and FALLBACK not in t.note):
                raise RuleBookError(f"a glossary line has no English text: {dict(t.meaning)}")
        for what, tag in (*self.skills.items(), *self.items.items()):
            if tag not in tags:
                raise RuleBookError(f"{what} points to an unknown rule {tag!r}")


def _key(value: Any) -> str:
    """An option value as the book's data writes it: true/false, 9-11, 6, 1 2 5."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        return " ".join(_show(v) for v in value)
    return str(value)


def _show(value: Any) -> str:
    if isinstance(value, tuple | list):
        return ", ".join(_show(v) for v in value)
    if value is None:
        return "none"
    return str(value)


def _value_of(key: str, option: str) -> Any:
    for name in PRESETS:
        value = getattr(HouseRules.from_spec(name), option)
        if _key(value) == key:
            return value
    return {"true": True, "false": False}.get(key, key)


# -- reading the data ---------------------------------------------------------------------------


def _texts(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise RuleBookError(f"{where}: a text must be an object of language -> text")
    return dict(raw)


def from_data(data: Mapping[str, Any]) -> RuleBook:
    """A rules book from its JSON data; RuleBookError names what is wrong."""
    try:
        sources = {
            tag: Source(
                tag,
                _texts(s["name"], f"source {tag}"),
                s["language"],
                s.get("preset"),
                _texts(s.get("about", {}), f"source {tag}"),
            )
            for tag, s in data["sources"].items()
        }
        sections = tuple(
            Section(
                int(sec["number"]),
                _texts(sec["title"], f"§{sec['number']}"),
                tuple(
                    Rule(
                        r["tag"],
                        int(sec["number"]),
                        _texts(r["title"], r["tag"]),
                        _texts(r["text"], r["tag"]),
                        tuple(r.get("sources", ())),
                        tuple(Quote(q["source"], q["text"]) for q in r.get("quotes", ())),
                        tuple(r.get("options", ())),
                        _texts(r["chosen"], r["tag"]) if "chosen" in r else None,
                    )
                    for r in sec["rules"]
                ),
            )
            for sec in data["sections"]
        )
        glossary = tuple(
            Term(
                _texts(t["meaning"], "glossary"),
                {lang: tuple(words) for lang, words in t["words"].items()},
                tuple(t.get("sources", ())),
                _texts(t["note"], "glossary") if "note" in t else None,
            )
            for t in data["glossary"]
        )
        return RuleBook(
            sections,
            sources,
            dict(data["options"]),
            glossary,
            dict(data["skills"]),
            dict(data["items"]),
            _texts(data.get("about", {}), "about"),
            tuple(data.get("languages", (FALLBACK,))),
        )
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, RuleBookError):
            raise
        raise RuleBookError(f"the rules book's data is malformed: {error!r}") from None


@cache
def load() -> RuleBook:
    """The rules book shipped with the app (read once)."""
    from importlib.resources import files

    package, name = RESOURCE
    try:
        raw = (files(package) / name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as error:
        raise RuleBookError(f"the rules book is missing from this installation ({error})") from None
    return from_data(json.loads(raw))


def cited(preset: str, *sources: str) -> str:
    """A rule's citation for the table in use: the text its preset follows (RULES.md's table of
    sources: `casino-it` follows [003]), when it is among the `sources` that state the rule, else
    the first of them: `cited("casino-it", "000", "003")` -> "[003]"."""
    try:
        own = next((t for t, s in load().sources.items() if s.preset == preset), None)
    except RuleBookError:  # a broken install: the rule's first source
        own = None
    return f"[{own if own in sources else sources[0]}]"


def chapter(number: int) -> str:
    """Chapter `number` of the rules book as a text the trainee reads cites it, in the language of
    the moment: by its title, as the book shows it and as its link opens it ('rules book:
    “Settlement”', « Le paiement », «Il pagamento»). Never a file name nor a "§"."""
    from trainer.i18n import _

    try:
        title = text(load().section(number).title)
    except (RuleBookError, KeyError):  # a broken install: the chapter by its number alone
        return _("rules book, chapter {number}").format(number=number)
    return _("rules book: “{chapter}”").format(chapter=title)


def split_citations(
    feedback: str, citations: Sequence[Citation]
) -> list[tuple[str, Citation | None]]:
    """The feedback cut into plain runs and citations, in order: for a renderer to link them."""
    out: list[tuple[str, Citation | None]] = []
    at = 0
    for c in citations:
        if c.start > at:
            out.append((feedback[at : c.start], None))
        out.append((feedback[c.start : c.end], c))
        at = c.end
    if at < len(feedback):
        out.append((feedback[at:], None))
    return out
