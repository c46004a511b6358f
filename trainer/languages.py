"""The languages Sabot speaks, the catalogues' domains and each language's plural rule: what
the translation of the moment (`trainer.i18n`) and its catalogue files (`trainer.po`) both read,
here so that neither of them imports the other."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

LANGUAGES: Final = ("en", "fr", "it")
SOURCE_LANGUAGE: Final = "en"  # the language the texts are written in: it has no catalogue
DOMAINS: Final = ("trainer", "ui")

# The plural rule of each language: which of the catalogue's forms a count takes. The same as
# each .po header's Plural-Forms (a test holds them together): French says "1 carte" and "0
# carte", Italian "1 carta" but "0 carte".
PLURAL: Final[Mapping[str, Callable[[int], int]]] = {
    "en": lambda n: 0 if n == 1 else 1,
    "fr": lambda n: 0 if n in (0, 1) else 1,
    "it": lambda n: 0 if n == 1 else 1,
}
PLURAL_FORMS: Final = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
