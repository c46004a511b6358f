"""The French and Italian catalogues hold every text the code marks for translation, and only
those: none lacking, none stale, none untranslated or fuzzy, the same placeholders as the English
text, each header with its language's plural rule. When this fails after adding texts, run
`python -m trainer.i18n update` and translate what it added."""

from __future__ import annotations

from trainer import po


def test_the_catalogues_match_the_code() -> None:
    found = po.problems()
    assert not found, "\n".join(found)


def test_every_catalogue_reads_as_the_app_loads_it() -> None:
    for domain in ("trainer", "ui"):
        for lang in po.TRANSLATED:
            entries = po.read_catalogue(domain, lang)
            table = po.load(domain, lang)
            assert len(table) == sum(1 for e in entries if e.msgid and e.translated)


def test_french_puts_a_narrow_no_break_space_before_its_high_marks() -> None:
    """Both domains: before "?", "!", ":", ";" and inside « », a French text has U+202F, never a
    plain space (a line could break there) nor the wide U+00A0 (one space, everywhere)."""
    bad = []
    for domain in ("trainer", "ui"):
        for entry in po.read_catalogue(domain, "fr"):
            if entry.msgid:
                bad += [
                    f"{domain}: {where}"
                    for form in entry.msgstr
                    for where in po.french_spacing(form)
                ]
    assert not bad, "\n".join(bad)


def test_the_french_spacing_rule_sees_each_mistake() -> None:
    nb = po.FRENCH_SPACE
    assert len(po.french_spacing(f"Case 1{nb}: «{nb}14{nb}» ; et ensuite{nb}?")) == 1
    for wrong in (
        "Et ensuite ?",
        "Temps écoulé !",
        "Case 1 : 14",
        "a ; b",
        "« non »",
        "«non»",
        "Et ensuite\u00a0?",
        f"«{nb}non »",
    ):
        assert po.french_spacing(wrong), wrong
    for right in (
        f"Et ensuite{nb}?",
        f"«{nb}non{nb}»",
        "color:{colour}",
        'par ";" ou ", "',
        "{minutes}:{seconds}",
        "10; -5; 7,50",
        "Et ensuite?",
    ):
        assert not po.french_spacing(right), right


def test_french_and_italian_quote_with_guillemets() -> None:
    """Both domains: a French or Italian text quotes a word, an example or a separator with
    « », never with the straight double quote the English text types."""
    bad = [
        f"{domain} {lang}: {entry.msgid!r}: {where}"
        for domain in ("trainer", "ui")
        for lang in po.QUOTING
        for entry in po.read_catalogue(domain, lang)
        if entry.msgid
        for form in entry.msgstr
        for where in po.straight_quotes(form)
    ]
    assert not bad, "\n".join(bad)


def test_the_quotes_rule_sees_each_straight_quote() -> None:
    nb = po.FRENCH_SPACE
    assert len(po.straight_quotes('comme "6 ou 16", "Black Jack"')) == 4
    assert len(po.straight_quotes('par ";" ou ", "')) == 4
    assert not po.straight_quotes(f"comme «{nb}6 ou 16{nb}», «{nb}Black Jack{nb}»")
    assert not po.straight_quotes("come «6 o 16», «Black Jack»")
    assert not po.straight_quotes("l'assurance, d'abord")  # an apostrophe is no quote


def test_italian_never_calls_a_push_pari() -> None:
    # RULES.md §13: "pari" is paid at evens, 1 to 1 [003]; a push is "colpo nullo" ("Pari —
    # colpo nullo" named deal mode's push button)
    import re

    from trainer import po

    for domain in ("trainer", "ui"):
        for e in po.read_catalogue(domain, "it"):
            # (the message that tells "pari" is not a push names it, rightly)
            if re.search(r"\bpush", e.msgid, re.IGNORECASE) and "pari" not in e.msgid:
                for text in e.msgstr:
                    assert not re.search(r"\bpari\b", text, re.IGNORECASE), (e.msgid, text)
