"""Items and stored questions in French and Italian, as a croupier of each table says them:
"la case 4", "le jeu 5.2", "il riquadro 3", "et" / "e", plurals and articles of the language,
amounts with a decimal comma, French typography. English stays as it was (the export's golden
files hold it byte for byte)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.game.rules import PRESETS, HouseRules
from trainer.history import words
from trainer.history.item_words import item_name
from trainer.history.words import describe_question, with_article, words_and
from trainer.i18n import set_language
from trainer.practice.skills import SKILLS

NB = "\u202f"  # French: a narrow no-break space before ; : ? ! and inside « »


@pytest.mark.parametrize(
    ("key", "fr", "it"),
    [
        ("announce:hard-14", "14 dur", "14 hard"),
        ("announce:soft-16", "A + 5 (16 souple)", "A + 5 (16 soft)"),
        ("announce:21-3cards", "21 en 3 cartes", "21 con 3 carte"),
        ("announce:bust", "une main qui a sauté", "una mano sballata"),
        ("pay-even:37.5", "1 pour 1 sur 37,50", "alla pari su 37,50"),
        ("pay-blackjack:25", "Black Jack sur 25", "Black Jack su 25"),
        ("chips:1250", f"1{NB}250 en jetons", "1.250 in fiche"),
        ("pay-insurance:max-20", "le plus qu'une mise de 20 peut assurer",
         "il massimo che una puntata di 20 può assicurare"),
        ("dealer:up-A", "le croupier a un As", "il mazziere ha un Asso"),
        ("dealer:up-8", "le croupier a un 8", "il mazziere ha un 8"),
        ("outcome:win", "une case gagnante", "un riquadro vincente"),
        ("outcome:bust-lose-win", "des mains qui sautent, perdent et gagnent",
         "mani che sballano, perdono e vincono"),
        ("pay-split:3-hands", "3 jeux d'un split", "3 mani divise"),
        ("deal-order:deal-1", "distribuer à 1 case", "distribuire a 1 riquadro"),
        ("deal-order:deal-3-hole", "distribuer à 3 cases avec une carte cachée",
         "distribuire a 3 riquadri con la carta coperta"),
        ("pay-table:dealer-bust", "la table quand le croupier saute",
         "il tavolo quando il mazziere sballa"),
        ("procedure:insurance", "proposer l'assurance", "offrire l'assicurazione"),
        ("exposed-card:burned", "une carte sortie par erreur, brûlée",
         "una carta scoperta per errore, bruciata"),
        ("something:new-kind", "new-kind", "new-kind"),
    ],
)  # fmt: skip
def test_items_in_french_and_italian(key: str, fr: str, it: str) -> None:
    english = item_name(key)
    set_language("fr")
    assert item_name(key) == fr
    set_language("it")
    assert item_name(key) == it
    set_language("en")
    assert item_name(key) == english


QUESTIONS: list[tuple[str, dict[str, Any], str, str]] = [
    ("announce", {"cards": ["AS", "4C", "5S"], "box": 7}, "A, 4 et 5 à la case 7",
     "A, 4 e 5 al riquadro 7"),
    ("announce", {"cards": ["AS", "5S"], "box": 3, "split": True, "stood": True},
     "A et 5 au premier jeu du split de la case 3, qui reste",
     "A e 5 alla prima mano divisa del riquadro 3, che sta"),
    ("dealer", {"up": "8D", "shoe": ["KD", "5C"]},
     f"le croupier a un 8{NB}; les prochaines cartes du sabot sont K et 5",
     "il mazziere ha un 8; le prossime carte del sabot sono K e 5"),
    ("pay-even", {"bet": "12.5", "result": "win", "box": 5},
     "la case 5 gagne avec une mise de 12,50", "il riquadro 5 vince con una puntata di 12,50"),
    ("pay-insurance", {"bet": "30", "ask": "pay", "insured": "15", "box": 1},
     f"la case 1 s'est assurée pour 15 sur une mise de 30{NB}; le croupier fait Black Jack",
     "il riquadro 1 si è assicurato per 15 su una puntata di 30; il mazziere fa Black Jack"),
    ("pay-split", {"cards": [["8S", "TD"], ["8H", "3C"]], "dealer": ["TS", "7D"],
                   "stakes": ["10", "20"], "box": 5},
     f"la case 5 séparée en 2 jeux{NB}: le jeu 5.1 a 8 et 10 pour 10{NB}; le jeu 5.2 a 8 et 3 "
     f"pour 20{NB}; le croupier a 10 et 7",
     "il riquadro 5 diviso in 2 mani: la mano 5.1 ha 8 e 10 per 10; la mano 5.2 ha 8 e 3 per "
     "20; il mazziere ha 10 e 7"),
    ("pay-behind", {"bets": {"seat": "5", "behind-a": "30"}, "cards": [["9S", "TD"]],
                    "dealer": ["TS", "7D"], "box": 2},
     f"à la case 2, le joueur assis mise 5 et un joueur debout mise 30{NB}; la main a 9 et 10"
     f"{NB}; le croupier a 10 et 7",
     "al riquadro 2, il giocatore seduto punta 5 e un giocatore in piedi punta 30; la mano ha 9 "
     "e 10; il mazziere ha 10 e 7"),
    ("pay-table", {"dealer": ["TS", "7D"], "cards": [["9S", "TD"]], "hands": ["3"],
                   "stakes": ["5"]},
     f"le croupier a 10 et 7 contre 1 main{NB}: la case 3 a 9 et 10 pour 5",
     "il mazziere ha 10 e 7 contro 1 mano: il riquadro 3 ha 9 e 10 per 5"),
    ("chips", {"amount": "30", "why": "blackjack", "bet": "20"},
     f"payer 30 en jetons{NB}: un Black Jack sur une mise de 20",
     "pagare 30 in fiche: un Black Jack su una puntata di 20"),
    ("deal-order", {"boxes": [3], "phase": "deal"}, "la distribution à la case 3",
     "la distribuzione al riquadro 3"),
    ("deal-order", {"boxes": [1, 2, 5], "phase": "deal"}, "la distribution aux cases 1, 2 et 5",
     "la distribuzione ai riquadri 1, 2 e 5"),
    ("procedure", {"dealer": ["AS"], "boxes": [7]}, "le croupier a un A, la case 7 en jeu",
     "il mazziere ha un A, il riquadro 7 in gioco"),
    ("exposed-card", {"card": "4C", "turn": "2", "refused_by": ["2", "4", "dealer"]},
     "un 4 sorti par erreur au tour de la case 2, refusé par les cases 2 et 4 et le croupier",
     "un 4 scoperto per errore al turno del riquadro 2, rifiutato dai riquadri 2 e 4 e dal "
     "mazziere"),
    ("exposed-card", {"card": "TC", "turn": "2.1", "refused_by": []},
     "un 10 sorti par erreur au tour du jeu 2.1, refusé par personne",
     "un 10 scoperto per errore al turno della mano 2.1, rifiutato da nessuno"),
]  # fmt: skip


@pytest.mark.parametrize(("skill", "question", "fr", "it"), QUESTIONS)
def test_questions_in_french_and_italian(
    skill: str, question: dict[str, Any], fr: str, it: str
) -> None:
    english = describe_question(question, skill)
    set_language("fr")
    assert describe_question(question, skill) == fr
    set_language("it")
    assert describe_question(question, skill) == it
    set_language("en")
    assert describe_question(question, skill) == english  # the cards said again in English


def test_and_and_articles() -> None:
    assert (words_and(["2", "4", "5"]), with_article("8"), with_article("10")) == (
        "2, 4 and 5",
        "an 8",
        "a 10",
    )
    set_language("fr")
    assert (words_and(["2", "4", "5"]), with_article("8"), with_article("A")) == (
        "2, 4 et 5",
        "un 8",
        "un A",
    )
    set_language("it")
    assert (words_and(["2", "4"]), with_article("8")) == ("2 e 4", "un 8")


# English words that must not be left in a French or Italian sentence
_ENGLISH = re.compile(r"\b(box|boxes|hand|hands|dealer|and|the|bet|shows|split into|chips|at)\b")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_skill_s_items_and_questions_speak_the_language(lang: str) -> None:
    """Every question any skill asks under every preset, and its item, in French or Italian:
    no English word left, French typography kept."""
    rng = random.Random(3)
    set_language(lang)
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        for name, skill in SKILLS.items():
            if skill.available(rules) is not None:
                continue
            for _ in range(30):
                q = skill.make(rng, rules)
                for said in (item_name(q.item), describe_question(q.data, name)):
                    assert not _ENGLISH.search(said), (lang, name, said)
                    if lang == "fr":
                        assert not re.search(r" [;:?!]", said), said
                    assert "{" not in said, said


def test_the_cards_in_words_are_kept_per_language() -> None:
    """The cache of hands in words does not give a French "et" to an English reader."""
    set_language("fr")
    assert words._cards(["AS", "5D"]) == "A et 5"
    set_language("en")
    assert words._cards(["AS", "5D"]) == "A and 5"


_NAMES = ("a", "box", "cards", "stake")
_TEXT = st.text(alphabet="ab %{}()s\u202f;", max_size=12)


@given(
    fields=st.one_of(st.just(list(_NAMES)), st.lists(st.sampled_from(_NAMES), max_size=5)),
    literals=st.lists(_TEXT, min_size=6, max_size=6),
    values=st.tuples(*[st.one_of(st.text(max_size=5), st.integers(), st.none())] * 4),
)
def test_a_sentence_made_ready_says_what_format_says(
    fields: list[str], literals: list[str], values: tuple[Any, ...]
) -> None:
    """`_fill`: the same words as `str.format` with the fields named, or the same error; for
    any text, the English one or a translation that moves, repeats, drops or escapes fields."""
    pieces = zip(literals, fields, strict=False)  # a literal before each field, one after
    text = "".join(f"{literal}{{{name}}}" for literal, name in pieces) + literals[-1]
    try:
        want: Any = text.format(**dict(zip(_NAMES, values, strict=True)))
    except (ValueError, KeyError, IndexError) as error:
        want = type(error)
    try:
        got: Any = words._fill(text, *_NAMES)(values)
    except (ValueError, KeyError, IndexError) as error:
        got = type(error)
    assert got == want


def test_a_translation_that_moves_the_fields_is_filled_as_it_says() -> None:
    fill = words._fill("{cards} sur la case {box}", "box", "cards")
    assert fill((3, "A et 5")) == "A et 5 sur la case 3"
    fill = words._fill("100% {box}: {cards}", "box", "cards")  # a % of its own, in order
    assert fill((3, "A")) == "100% 3: A"


def test_the_words_of_each_language_are_kept_apart() -> None:
    """The sentences made ready in one language are not those of another."""
    question = {
        "cards": [["AS", "5D"], ["TH", "9C"]],
        "hands": ["1", "2.1"],
        "stakes": ["12.5", "10"],
        "dealer": ["7S", "KD"],
    }
    english = describe_question(question, "pay-table")
    set_language("fr")
    french = describe_question(question, "pay-table")
    set_language("en")
    assert describe_question(question, "pay-table") == english
    assert english == (
        "the dealer has 7 and K against 2 hands: box 1 has A and 5 for 12.5; "
        "hand 2.1 has 10 and 9 for 10"
    )
    assert "12,50" in french and " et " in french and french != english
