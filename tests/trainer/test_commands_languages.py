"""The headless commands' own messages in French and Italian: `sabot home`'s rounds, prompts
and ending, `sabot export`'s refusals and count, `sabot server` and `sabot class`, and the class
view's reasons for attention — English unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.trainer.commandline import run_sabot
from trainer.cli import main
from trainer.history.classview import attention

NB = "\u202f"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "said", "english"),
    [
        ("fr", ("Partie entre amis Sabot — Léa, Hugo, 100 jetons chacun, la banque passe",
                "Coup 1 — Léa tient la banque.", "la banque (Léa)", f"Hugo{NB}: gagné ou perdu",
                "La partie finit après 1 coup (la table a décidé d'arrêter).",
                "Votre feuille de marque"),
         ("Round", "holds the bank", "stakes", "The game ends", "score sheet")),
        ("it", ("Partita tra amici Sabot — Léa, Hugo, 100 fiche ciascuno, il banco passa",
                "Colpo 1 — Léa tiene il banco.", "il banco (Léa):", "Hugo: vinto o perso",
                "La partita finisce dopo 1 colpo (il tavolo ha deciso di smettere).",
                "Il tuo foglio dei conti"),
         ("Round", "holds the bank", "stakes", "The game ends", "score sheet")),
    ],
)  # fmt: skip
def test_a_home_game_in_the_language(
    lang: str, said: tuple[str, ...], english: tuple[str, ...], tmp_path: Path
) -> None:
    r = run_sabot(tmp_path, "--lang", lang, "home", "--players", "2", "--seed", "3", "--no-history",
               stdin="end\n")  # fmt: skip
    assert r.returncode == 0, r.stderr
    for words in said:
        assert words in r.stdout, (words, r.stdout)
    for words in english:
        assert words not in r.stdout, (words, r.stdout)


def test_an_export_s_refusals_and_count_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder given as FILE is refused as a folder in every language (the kind of file is
    not read back from its words)."""
    assert main(["--lang", "it", "export", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"sabot export: {tmp_path} è una cartella: dai un nome di file, per esempio "
        f"{tmp_path / 'history.csv'}\n"
    )
    assert main(["--lang", "fr", "export", str(tmp_path / "none") + "/"]) == 2
    assert "désigne un dossier qui n'existe pas" in capsys.readouterr().err
    out = tmp_path / "out.csv"
    assert main(["--lang", "fr", "export", str(out)]) == 0
    assert capsys.readouterr().err == f"sabot export: 0 réponse écrite dans {out}\n"
    assert main(["--lang", "it", "export", str(out)]) == 0
    assert capsys.readouterr().err == f"sabot export: 0 risposte scritte in {out}\n"
    assert main(["export", str(out)]) == 0
    assert capsys.readouterr().err == f"sabot export: 0 attempts written to {out}\n"


def test_server_and_class_refuse_a_bad_url_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "fr", "server", "init", "nowhere"]) == 2
    assert capsys.readouterr().err == (
        "sabot server: l'URL s'écrit postgresql://SERVEUR/BASE?user=NOM (ou service=NOM)\n"
    )
    assert main(["--lang", "it", "class", "nowhere"]) == 2
    assert "l'URL si scrive postgresql://SERVER/DATABASE" in capsys.readouterr().err


def test_the_reasons_for_attention_in_the_language() -> None:
    from trainer.i18n import set_language

    day = 86400.0
    assert attention([], None, [], 10 * day) == ("no practice yet",)
    set_language("fr")
    assert attention([], None, [], 10 * day) == ("aucun entraînement encore",)
    assert attention([], 0.0, [], 9 * day) == ("aucun entraînement depuis 9 jours",)
    set_language("it")
    assert attention([], 0.0, [], 8 * day) == ("nessun allenamento da 8 giorni",)


def test_a_weak_or_falling_skill_is_named_by_its_title_in_the_language() -> None:
    """Issue 13: the reason named the skill by its key ("pay-even : justesse …"); it says the
    title the class view's column heads and the home screen say."""
    from trainer.history.classview import SkillCell
    from trainer.i18n import set_language

    weak = SkillCell("pay-even", 60, 30, 24, 1500.0, 30, 30, 2.0, False)
    falling = SkillCell("dealer", 60, 30, 21, 1500.0, 30, 30, 3.0, False, 30, 21, 30, 30)
    assert attention([weak, falling], 0.0, [], 1.0) == (
        "weak (clearly under 95%: 83% or less over the last 30): Pay even money 80%",
        "falling since last week (each week's last 30): Dealer's draw 100% → 70%",
    )
    try:
        set_language("fr")
        weak_said, falling_said = attention([weak, falling], 0.0, [], 1.0)
        assert weak_said.endswith("\u202f: Payer une mise simple 80\u202f%"), weak_said
        assert "100\u202f% → 70\u202f%" in falling_said, falling_said
        set_language("it")
        weak_said, falling_said = attention([weak, falling], 0.0, [], 1.0)
        assert weak_said.endswith(": Pagare alla pari 80%"), weak_said
        assert "pay-even" not in weak_said and "dealer" not in falling_said
    finally:
        set_language("en")


def test_a_house_rules_mistake_in_the_language() -> None:
    from trainer.game.rules import HouseRules, RulesError
    from trainer.i18n import set_language

    set_language("fr")
    with pytest.raises(RulesError, match="^option inconnue 'foo'\u202f: les options sont decks"):
        HouseRules.from_spec({"preset": "casino-fr", "foo": 1})
    set_language("it")
    with pytest.raises(RulesError, match="^l'opzione decks è un numero intero da 1 a 8, non 'x'"):
        HouseRules.from_spec({"preset": "casino-fr", "decks": "x"})
    set_language("en")
    with pytest.raises(RulesError, match="^option decks takes a whole number from 1 to 8"):
        HouseRules.from_spec({"preset": "casino-fr", "decks": "x"})
