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
