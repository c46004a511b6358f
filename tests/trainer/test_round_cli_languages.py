"""`sabot round` says what the round refuses in a scenario in the instructor's language: the
engine's own reason (trainer.game.reasons), its cards, points, amounts and bettors in the table's
words and its source tag kept; in English the sentence it always was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.trainer.commandline import usage_error

NB = "\u202f"  # French puts a narrow no-break space before its high marks


def _scenario(
    tmp_path: Path, box: dict[str, Any], cards: list[str], rules: str = "casino-fr"
) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"rules": rules, "boxes": {"1": box}, "cards": cards}))
    return str(path)


# (the box, the cards after the burn, the table) -> the refusal in English, French, Italian
CASES = [
    pytest.param(
        {"bets": {"seat": 10}, "actions": ["hit", "double"]}, ["2", "9", "3", "4"], "casino-fr",
        "box 1: hand 1 cannot double: a hand doubles on its first two cards only [000]",
        f"case 1{NB}: le jeu 1 ne peut pas doubler{NB}: on ne double que sur les deux premières "
        "cartes [000]",
        "riquadro 1: la mano 1 non può raddoppiare: si raddoppia solo sulle prime due carte [000]",
        id="a double on three cards",
    ),
    pytest.param(
        {"bets": {"seat": 10}, "actions": ["split"]}, ["T", "9", "5"], "casino-fr",
        "box 1: hand 1 cannot split: 10 and 5 are not a pair: a split needs two cards of the same "
        "rank [000]",
        f"case 1{NB}: le jeu 1 ne peut pas séparer{NB}: 10 et 5 ne font pas une paire{NB}: pour "
        "séparer, il faut deux cartes de même rang [000]",
        "riquadro 1: la mano 1 non può dividere: 10 e 5 non sono una coppia: per dividere servono "
        "due carte dello stesso rango [000]",
        id="a split of no pair",
    ),
    pytest.param(
        {"bets": {"seat": 10}, "insurance": {"seat": 7}, "actions": ["stand"]},
        ["T", "A", "9", "8"], "casino-fr",
        "box 1: insurance is half the bet, so the seated player's is 5, not 7 [000]",
        f"case 1{NB}: l'assurance est la moitié de la mise, celle du joueur assis est donc de 5, "
        "pas de 7 [000]",
        "riquadro 1: l'assicurazione è la metà della puntata, quella del giocatore seduto è quindi "
        "5, non 7 [000]",
        id="an insurance over half",
    ),
    pytest.param(
        {"bets": {"seat": 10, "behind-a": 5}, "insurance": {"behind-a": "2.5"},
         "actions": ["stand"]},
        ["T", "9", "9", "8"], "casino-it",
        "box 1: insurance is not offered now (the dealer shows a 9)",
        f"case 1{NB}: l'assurance n'est pas proposée maintenant (le croupier a un 9)",
        "riquadro 1: l'assicurazione non è offerta adesso (il mazziere ha un 9)",
        id="an insurance out of turn",
    ),
    pytest.param(
        {"bets": {"seat": 10, "behind-a": 5}, "refuse": ["behind-a"], "actions": ["double"]},
        ["5", "9", "6", "8"], "casino-it",
        "box 1: hand 1 cannot double: standing player a refuses, and every bettor on the box must "
        "agree [003]",
        f"case 1{NB}: le jeu 1 ne peut pas doubler{NB}: joueur debout a refuse, et tous les "
        "joueurs de la case doivent être d'accord [003]",
        "riquadro 1: la mano 1 non può raddoppiare: giocatore in piedi a rifiuta, e tutti i "
        "giocatori del riquadro devono essere d'accordo [003]",
        id="a bettor behind who refuses",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("box", "cards", "rules", "en", "fr", "it"), CASES)
def test_a_scenario_s_refusal_is_said_in_the_instructor_s_language(
    tmp_path: Path, box: dict[str, Any], cards: list[str], rules: str, en: str, fr: str, it: str
) -> None:
    file = _scenario(tmp_path, box, cards, rules)
    for lang, said in (("en", en), ("fr", fr), ("it", it)):
        assert usage_error(tmp_path, "round", file, "--lang", lang) == f"sabot round: {said}\n"
