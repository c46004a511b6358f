"""A feedback's citations made into links to the rules book: "[000]" and a chapter cited by its
title (rules book: “Settlement”; "RULES.md §9" in a feedback stored before) become `rule:` links
that the Rules window opens (ui.dialogs.rules_book). Plain Python: no Qt here."""

from __future__ import annotations

from trainer.game import rulebook
from ui.style import esc

SCHEME = "rule"


def linked(feedback: str, skill: str | None = None, item: str | None = None) -> str:
    """`feedback` as rich text, each citation a link to the rule it cites (for the question of
    `skill` on `item`). Without a rules book (a broken install) the text stays plain."""
    try:
        book = rulebook.load()
    except rulebook.RuleBookError:
        return esc(feedback)
    parts = []
    for run, cite in rulebook.split_citations(feedback, book.citations(feedback, skill, item)):
        if cite is None:
            parts.append(esc(run))
        else:
            target = cite.target + (f"@{cite.source}" if cite.source else "")
            parts.append(f"<a href='{SCHEME}:{target}'>{esc(run)}</a>")
    return "".join(parts)


def target(href: str) -> tuple[str, str | None]:
    """A link's rule tag and cited source: `rule:9.win@000` -> ("9.win", "000")."""
    tag = href.partition(":")[2] if href.startswith(f"{SCHEME}:") else href
    tag, _, source = tag.partition("@")
    return tag, source or None
