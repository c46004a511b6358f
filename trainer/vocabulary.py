"""The table's words in English, French and Italian: what the dealer and the players say.

This module owns the vocabulary (RULES.md §13) as plain data, one dictionary per language code
("en", "fr", "it"), so that every part of the trainer reads the same words: the answer readers
of `trainer.practice.answers` today, and the drills, announcements and windows once they speak
the trainee's language. It imports only `N_` (a card said in a sentence, `a_card`, is marked for
the catalogue) and computes nothing beyond the look-ups at the end.

Each entry is a `(words, source)` pair. `words` is written as the language writes it, accents
and hyphens included ("dix-sept", "brûlée"); readers fold case, accents and hyphens themselves.
`source` is the tag of the text that uses the word ("[000]" … "[004]", RULES.md's sources), or
"" for a word the texts do not use but players do (a common spelling, an inflection, the
English shorthand of a score sheet). An answer in English is understood in every language
(RULES.md §13), so a reader that does not know the trainee's language reads them all at once;
`tests/trainer/test_answers.py` checks that no spelling means two things where they are read
together.
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.i18n import N_

__all__ = [
    "LANGUAGES",
    "MEANINGS",
    "NUMBERS",
    "TENS",
    "HUNDRED",
    "THOUSAND",
    "DEALER_SAID",
    "SAID",
    "WORDS",
    "a_card",
    "number_words",
    "said",
    "source",
    "words",
]

LANGUAGES = ("en", "fr", "it")

Entry = tuple[str, str]  # (a word or phrase, its source tag or "")

# --- numbers, spelled out --------------------------------------------------------------------
# 0 to 31 in each language: every point a hand can show (2 to 30) and a little beyond, so that
# "trente et un" is read as 31 and refused as a point rather than misread. [000] writes a point
# in words ("un As et un 5 valent 6 ou Seize"). French keeps both the traditional spelling and
# the 1990 one with hyphens throughout ("vingt et un", "vingt-et-un"); readers fold hyphens, so
# the two read the same.

NUMBERS: dict[str, dict[int, tuple[str, ...]]] = {
    "en": {
        0: ("zero",),
        1: ("one",),
        2: ("two",),
        3: ("three",),
        4: ("four",),
        5: ("five",),
        6: ("six",),
        7: ("seven",),
        8: ("eight",),
        9: ("nine",),
        10: ("ten",),
        11: ("eleven",),
        12: ("twelve",),
        13: ("thirteen",),
        14: ("fourteen",),
        15: ("fifteen",),
        16: ("sixteen",),
        17: ("seventeen",),
        18: ("eighteen",),
        19: ("nineteen",),
        20: ("twenty",),
        21: ("twenty-one",),
        22: ("twenty-two",),
        23: ("twenty-three",),
        24: ("twenty-four",),
        25: ("twenty-five",),
        26: ("twenty-six",),
        27: ("twenty-seven",),
        28: ("twenty-eight",),
        29: ("twenty-nine",),
        30: ("thirty",),
        31: ("thirty-one",),
    },
    "fr": {
        0: ("zéro",),
        1: ("un", "une"),
        2: ("deux",),
        3: ("trois",),
        4: ("quatre",),
        5: ("cinq",),
        6: ("six",),
        7: ("sept",),
        8: ("huit",),
        9: ("neuf",),
        10: ("dix",),
        11: ("onze",),
        12: ("douze",),
        13: ("treize",),
        14: ("quatorze",),
        15: ("quinze",),
        16: ("seize",),  # [000] "6 ou Seize"
        17: ("dix-sept",),
        18: ("dix-huit",),
        19: ("dix-neuf",),
        20: ("vingt",),
        21: ("vingt et un", "vingt-et-un"),
        22: ("vingt-deux",),
        23: ("vingt-trois",),
        24: ("vingt-quatre",),
        25: ("vingt-cinq",),
        26: ("vingt-six",),
        27: ("vingt-sept",),
        28: ("vingt-huit",),
        29: ("vingt-neuf",),
        30: ("trente",),
        31: ("trente et un", "trente-et-un"),
    },
    "it": {
        0: ("zero",),
        1: ("uno", "una", "un"),
        2: ("due",),
        3: ("tre",),
        4: ("quattro",),
        5: ("cinque",),
        6: ("sei",),
        7: ("sette",),
        8: ("otto",),
        9: ("nove",),
        10: ("dieci",),  # [003] "Figure e Dieci"
        11: ("undici",),  # [003] "sia uno che undici punti"
        12: ("dodici",),
        13: ("tredici",),
        14: ("quattordici",),
        15: ("quindici",),
        16: ("sedici",),
        17: ("diciassette",),
        18: ("diciotto",),
        19: ("diciannove",),
        20: ("venti",),  # [003] "abbiano venti punti"
        21: ("ventuno",),
        22: ("ventidue",),
        23: ("ventitré", "ventitre"),
        24: ("ventiquattro",),
        25: ("venticinque",),
        26: ("ventisei",),
        27: ("ventisette",),
        28: ("ventotto",),
        29: ("ventinove",),
        30: ("trenta",),
        31: ("trentuno",),
    },
}

# --- larger numbers, for amounts ------------------------------------------------------------
# An amount a croupier says ("trente-sept cinquante", "trentasette e cinquanta", "thirty-seven
# fifty") is read up to 999 999: the tens beyond NUMBERS, and the words of a hundred and a
# thousand. How they combine is each language's grammar, kept with the reader
# (`trainer.practice.answers`): French "quatre-vingt-dix" and "soixante et onze", Italian words
# written as one ("centoventicinque", "duemila") with the vowel dropped before "uno" and "otto"
# ("ventuno", "trentotto"). French also has the Belgian and Swiss "septante", "huitante",
# "octante", "nonante".

TENS: dict[str, dict[int, tuple[str, ...]]] = {
    "en": {
        20: ("twenty",),
        30: ("thirty",),
        40: ("forty",),
        50: ("fifty",),
        60: ("sixty",),
        70: ("seventy",),
        80: ("eighty",),
        90: ("ninety",),
    },
    "fr": {
        20: ("vingt",),
        30: ("trente",),
        40: ("quarante",),
        50: ("cinquante",),
        60: ("soixante",),
        70: ("septante",),
        80: ("huitante", "octante"),
        90: ("nonante",),
    },
    "it": {
        20: ("venti",),
        30: ("trenta",),
        40: ("quaranta",),
        50: ("cinquanta",),
        60: ("sessanta",),
        70: ("settanta",),
        80: ("ottanta",),
        90: ("novanta",),
    },
}
HUNDRED: dict[str, tuple[str, ...]] = {
    "en": ("hundred",),
    "fr": ("cent", "cents"),
    "it": ("cento",),
}
THOUSAND: dict[str, tuple[str, ...]] = {
    "en": ("thousand",),
    "fr": ("mille",),
    "it": ("mille", "mila"),  # "mille", "duemila"
}

# --- words, by meaning -----------------------------------------------------------------------
# The meanings, in the order of RULES.md §13 and then the small words the readers need:
#   place-bets, no-more-bets  the dealer's calls before and after the bets
#   hit, stand                what a player says to take a card or keep the point
#   soft, hard                said of a point with an Ace counted 11, or without
#   or, and                   between the two values of a soft point ("6 ou 16", "7 et 17")
#   bust, blackjack, push     what a hand became; win, lose: how it was settled
#   ten-value                 a card worth 10
#   burn                      a card put aside unused
#   double, split, insurance  the player's options
#   dealer                    the dealer, or the bank in a home game
#   shoe, cut-card            the equipment
#   yes, no                   answers to a question
#   card                      the word that counts cards ("2 cartes")
#   none                      no card at all, a count of zero ("aucune carte, 17")
#   currency, cents           the words around an amount ("37 euros 50", "50 centimes")
#   collect, refuse, reveal   what the dealer does: takes a lost stake, refuses a request,
#                             turns his hidden card (the words deal mode reads)

WORDS: dict[str, dict[str, tuple[Entry, ...]]] = {
    "en": {
        "place-bets": (("place your bets", ""),),
        "no-more-bets": (("no more bets", ""),),
        "hit": (("card", ""), ("hit", "")),
        "stand": (("no", ""), ("stand", ""), ("stay", "")),
        "soft": (("soft", ""),),
        "hard": (("hard", ""),),
        "or": (("or", ""),),
        "and": (("and", ""),),
        # "Bust" is the word of [002]'s online table; "over" is how players say it.
        "bust": (
            ("bust", "[002]"),
            ("busted", ""),
            ("busts", ""),
            ("over", ""),
            ("has bust", ""),
            ("is bust", ""),
            ("has busted", ""),
        ),
        "blackjack": (("Black Jack", "[002]"), ("blackjack", "[003]"), ("BJ", "")),
        "push": (("push", "[004]"), ("tie", ""), ("stand-off", "")),
        "win": (("win", ""), ("wins", ""), ("won", "")),
        "lose": (("lose", ""), ("loses", ""), ("lost", ""), ("loss", "")),
        "ten-value": (("ten", ""), ("face card", "")),
        "burn": (("burn", ""), ("burned", ""), ("burnt", "")),
        "double": (("double", ""),),
        "split": (("split", ""),),
        "insurance": (("insurance", ""),),
        "dealer": (
            ("d", ""),  # the shorthand of a written deal order, "1 2 3 d"
            ("dealer", ""),
            ("the dealer", ""),
            ("bank", ""),
            ("the bank", ""),
            ("banker", ""),
        ),
        "shoe": (("the shoe", ""), ("shoe", "")),
        "cut-card": (("the cut card", ""), ("cut card", "")),
        "yes": (("yes", ""),),
        "no": (("no", ""),),
        "card": (("card", ""), ("cards", "")),
        "none": (("none", ""), ("no", "")),
        "currency": (
            ("€", ""),
            ("euro", ""),
            ("euros", ""),
            ("EUR", ""),
            ("$", "[002]"),
            ("dollar", ""),
            ("dollars", "[002]"),
            ("£", ""),
        ),
        "cents": (("cents", ""), ("cent", "")),
        "collect": (("collect", ""),),
        "refuse": (("refuse", ""),),
        "reveal": (("reveal", ""), ("turn", "")),
    },
    "fr": {
        "place-bets": (("faites vos jeux", ""),),
        "no-more-bets": (("rien ne va plus", ""),),
        # [000] "Chacun peut tirer autant de cartes": the dealer's own word for a card taken
        "hit": (("carte", "[000][004]"), ("tirer", "[000]")),
        "stand": (("non", "[000]"), ("je reste", "[004]"), ("rester", "[000][001][004]")),
        # The French texts say "6 ou 16" and never name the kind of point; players who do
        # say "main souple" and "main dure".
        "soft": (("souple", ""),),
        "hard": (("dur", ""), ("dure", "")),
        "or": (("ou", "[000]"),),
        "and": (("et", "[004]"),),  # [004] "7 et As, c'est 18"
        "bust": (
            ("sauté", "[000]"),
            ("sautée", ""),
            ("sauter", "[004]"),
            ("saute", "[000][004]"),
            ("a sauté", ""),
            ("il a sauté", ""),
            ("elle a sauté", ""),
            ("il saute", ""),  # [004] "la banque saute"
            ("elle saute", ""),
        ),
        "blackjack": (("Black-Jack", "[000]"), ("Black Jack", "[002]"), ("blackjack", "[001]")),
        "push": (
            ("égalité", "[000][002]"),
            ("nul", "[002]"),
            ("match nul", "[002]"),  # [002] "le match est nul"
        ),
        "win": (("gagne", "[004]"), ("gagné", "[000]"), ("gagnant", ""), ("gagnent", "[001]")),
        "lose": (("perd", "[000][004]"), ("perdu", "[000][004]"), ("perdent", "[000]")),
        "ten-value": (("bûche", "[000]"), ("figure", "[002][004]")),
        "burn": (
            ("brûler", "[000]"),
            ("brûle", "[000]"),
            ("brûlée", "[000]"),
            ("brûlé", ""),
        ),
        "double": (("doubler", "[000]"), ("je double", "")),
        "split": (
            ("spliter", "[000]"),
            ("séparer", "[004]"),
            ("partager", "[002]"),
            ("je sépare", ""),
        ),
        "insurance": (("assurance", "[000]"),),
        "dealer": (
            ("c", ""),  # the shorthand of a written deal order, "1 2 3 c" (croupier)
            ("croupier", "[000]"),
            ("le croupier", "[000]"),
            ("banque", "[000][004]"),
            ("la banque", "[000][004]"),
        ),
        "shoe": (("le sabot", "[000]"), ("sabot", "[000]")),
        "cut-card": (("le carton rouge", "[000]"), ("carton rouge", "[000]")),
        "yes": (("oui", ""),),
        "no": (("non", "[000]"),),
        "card": (("carte", "[000]"), ("cartes", "[000]")),
        "none": (("aucune", ""), ("aucun", ""), ("pas de", "")),
        "currency": (("€", ""), ("euro", ""), ("euros", ""), ("EUR", "")),
        "cents": (("centimes", ""), ("centime", ""), ("cts", "")),
        # [000] "Le croupier encaissera directement la mise"
        "collect": (
            ("encaisser", "[000]"),
            ("encaisse", ""),
            ("ramasser", ""),
            ("ramasse", ""),
            ("collecte", ""),
        ),
        "refuse": (("refuser", "[000]"), ("refuse", ""), ("refus", "")),
        # [001][004] "la banque retourne sa carte cachée"
        "reveal": (("retourner", ""), ("retourne", "[001][004]")),
    },
    "it": {
        "place-bets": (("fate il vostro gioco", ""),),
        "no-more-bets": (("nulla va più", ""), ("rien ne va plus", "")),
        "hit": (("carta", "[003]"), ("tirare", "[003]")),
        # "sto", "restare" (RULES.md §13; [003]: the dealer "deve restare"). Not "servito": the
        # players "serviti" of [003] are those dealt to, not a stand.
        "stand": (("sto", ""), ("restare", "[003]"), ("stare", "")),
        # Italian tables use the English words for the kind of point.
        "soft": (("soft", ""),),
        "hard": (("hard", ""),),
        "or": (("o", ""), ("oppure", "")),
        "and": (("e", ""),),
        "bust": (
            ("sballato", "[003]"),
            ("sballata", ""),
            ("sballare", "[003]"),
            ("sballa", "[003]"),
            ("ha sballato", ""),
            ("è sballato", ""),
            ("sballo", ""),  # what the table says of a hand over 21, as "sballato"
        ),
        "blackjack": (("Black Jack", "[003]"), ("Blackjack", "[003]")),
        "push": (
            ("colpo nullo", "[003]"),
            ("nullo", "[003]"),  # [003] "il colpo è nullo"
            ("pareggio", ""),
            # Never "pari": [003] "il mazziere paga sempre le poste alla pari" is paid at evens,
            # 1 to 1 (the readers refuse it, saying so: `NOT_A_PUSH`).
        ),
        "win": (("vince", ""), ("vinto", ""), ("vinta", "")),
        "lose": (("perde", ""), ("perso", ""), ("persa", ""), ("perderà", "[003]")),
        "ten-value": (("figura", "[003]"), ("dieci", "[003]")),
        "burn": (
            ("bruciare", "[003]"),
            ("bruciata", "[003]"),
            ("bruciato", "[003]"),
        ),
        "double": (("raddoppiare", "[003]"), ("raddoppio", "")),
        "split": (("dividere", ""), ("doppio gioco", "[003]"), ("divido", "")),
        "insurance": (("assicurazione", "[003]"),),
        "dealer": (
            ("c", ""),  # the shorthand of a written deal order, "1 2 3 c" (croupier [003])
            ("mazziere", "[003]"),
            ("il mazziere", "[003]"),
            ("banchiere", "[003]"),
            ("il banchiere", "[003]"),
            ("banco", "[003]"),
            ("il banco", "[003]"),
            ("croupier", "[003]"),
            ("il croupier", "[003]"),
        ),
        "shoe": (("il sabot", "[003]"), ("sabot", "[003]")),
        "cut-card": (),
        "yes": (("sì", ""), ("si", "")),
        "no": (("no", ""),),
        "card": (("carta", "[003]"), ("carte", "[003]")),
        "none": (("nessuna", ""), ("nessuno", ""), ("niente", "")),
        "currency": (("€", ""), ("euro", ""), ("EUR", "")),
        "cents": (("centesimi", ""), ("centesimo", ""), ("cent", "")),
        # [003] "ritirerà le assicurazioni"
        "collect": (("ritirare", "[003]"), ("ritira", ""), ("incassare", ""), ("incassa", "")),
        "refuse": (("rifiutare", "[003]"), ("rifiuto", ""), ("rifiuta", "")),
        "reveal": (("scoprire", ""), ("scopre", ""), ("girare", ""), ("gira", "")),
    },
}

MEANINGS = tuple(WORDS["en"])

# The one word Sabot writes for a meaning when it speaks a language (an expected announcement,
# a player's decision), where it is not the first of WORDS: the word a croupier of that table
# says. "Black Jack" as [002] and [003] write it; the player's "je double", "je sépare" [004].
SAID: dict[str, dict[str, str]] = {
    "en": {"hit": "hit", "stand": "stand", "dealer": "dealer", "burn": "burn"},
    "fr": {
        "blackjack": "Black Jack",
        "double": "je double",
        "split": "je sépare",
        "dealer": "croupier",
        "burn": "brûlée",
        "push": "égalité",
        "win": "gagné",
        "lose": "perdu",
    },
    "it": {
        "stand": "sto",
        "double": "raddoppio",
        "split": "divido",
        "dealer": "mazziere",
        "burn": "bruciata",
        "win": "vinto",
        "lose": "perso",
        "push": "nullo",  # [003] "il colpo è nullo"
    },
}


# What the dealer does, as deal mode names it in each language (RULES.md §13): the verb a
# croupier's manual uses for his own step, where SAID has the player's word ("tirer" where the
# player says "carte"). English names them by deal mode's keywords (`deal_steps.ACTION_WORDS`).
DEALER_SAID: dict[str, dict[str, str]] = {
    "fr": {
        "collect": "encaisser",  # [000] "Le croupier encaissera directement la mise"
        "push": "égalité",
        "hit": "tirer",
        "stand": "rester",
        "double": "doubler",
        "split": "séparer",
        "refuse": "refuser",
        "reveal": "retourner",
        "burn": "brûler",
        "insurance": "assurance",
    },
    "it": {
        "collect": "ritirare",
        "push": "nullo",  # [003] "il colpo è nullo"; "alla pari" is paid 1 to 1
        "hit": "tirare",
        "stand": "stare",  # as the dealer's question says it: "tirare o stare?"
        "double": "raddoppiare",
        "split": "dividere",
        "refuse": "rifiutare",
        "reveal": "scoprire",
        "burn": "bruciare",
        "insurance": "assicurazione",
    },
}


def words(meaning: str, languages: Iterable[str] = LANGUAGES) -> tuple[str, ...]:
    """Every spelling of `meaning` in `languages`, in order, each once (case kept)."""
    if meaning not in MEANINGS:
        raise KeyError(f"no words for {meaning!r}: expected one of {', '.join(MEANINGS)}")
    spelled = (word for lang in languages for word, _ in WORDS[lang][meaning])
    return tuple(dict.fromkeys(spelled))


def said(meaning: str, language: str) -> str:
    """The word Sabot writes for `meaning` in `language`: SAID's, else the first of WORDS."""
    if meaning not in MEANINGS:
        raise KeyError(f"no words for {meaning!r}: expected one of {', '.join(MEANINGS)}")
    chosen = SAID[language].get(meaning)
    if chosen is not None:
        return chosen
    return WORDS[language][meaning][0][0]


def number_words(languages: Iterable[str] = LANGUAGES) -> dict[str, int]:
    """Every spelled-out number of `languages`, as written, with its value."""
    return {
        spelling: value
        for lang in languages
        for value, spellings in NUMBERS[lang].items()
        for spelling in spellings
    }


def source(language: str, meaning: str, word: str) -> str:
    """The source tag of one entry ("[000]", …), or "" where the texts do not use the word."""
    for spelled, tag in WORDS[language][meaning]:
        if spelled == word:
            return tag
    raise KeyError(f"{word!r} is not a {language} word for {meaning!r}")


# A card in a sentence, with its article, as the table says it: "a 10", "an 8", "an Ace"; "un 8",
# "un As", "une Dame"; "un 8", "un Asso", "una Donna" (ten-value cards by their face: "a King").
# Marked whole, each with its article, for the gender of "une Dame" and "una Donna".
_A_CARD = {
    "A": N_("an Ace"),
    "2": N_("a 2"),
    "3": N_("a 3"),
    "4": N_("a 4"),
    "5": N_("a 5"),
    "6": N_("a 6"),
    "7": N_("a 7"),
    "8": N_("an 8"),
    "9": N_("a 9"),
    "T": N_("a 10"),
    "J": N_("a Jack"),
    "Q": N_("a Queen"),
    "K": N_("a King"),
}


def a_card(card: str) -> dict[str, str]:
    """A card of the engine ("TS", "8H", "A") as a sentence's part, its words kept in no language
    (`trainer.practice.prompts.asked`'s form, said again in the language of the moment): "a 10",
    "un 8", "un As"."""
    rank = card[:1]
    if rank not in _A_CARD:
        raise KeyError(f"{card!r} is not a card: a rank of {''.join(_A_CARD)} and a suit")
    return {"say": _A_CARD[rank]}
