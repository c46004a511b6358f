"""The command line's parser speaks the language of the moment: the help of every command and
option, argparse's own words ("usage:", "options", "-h, --help") and its error messages, each
read against argparse's English and said again with the same values."""

from __future__ import annotations

import argparse

import pytest

from trainer.cli import build_parser, main
from trainer.commands.parsing import ARGPARSE_MESSAGES, Parser, translate_message
from trainer.i18n import set_language

NB = "\u202f"


def _parser(kind: type[argparse.ArgumentParser] = Parser) -> argparse.ArgumentParser:
    p = kind(prog="t")
    p.add_argument("--n", type=int)
    p.add_argument("--mode", choices=("a", "b"))
    p.add_argument("--pair", nargs=2)
    p.add_argument("--some", nargs="+")
    p.add_argument("--one")
    p.add_argument("--other")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--x", action="store_true")
    group.add_argument("--y", action="store_true")
    p.add_argument("thing")
    return p


MISTAKES = [
    (["--n", "z", "t"], "argument --n : 'z' n'est pas un nombre entier"),
    (["--mode", "c", "t"], "argument --mode : choix invalide : 'c' (choisissez parmi 'a', 'b')"),
    (["--pair", "1"], "argument --pair : 2 arguments attendus"),
    (["t", "--some"], "argument --some : au moins un argument attendu"),
    (["t", "--one"], "argument --one : un argument attendu"),
    (["t", "--x", "--y"], "argument --y : interdit avec l'argument --x"),
    (["t", "--o", "1"], "option ambiguë : --o peut être --one, --other"),
    (["t", "u"], "arguments inconnus : u"),
    ([], "ces arguments sont obligatoires : thing"),
]


@pytest.mark.parametrize(("argv", "said"), MISTAKES)
def test_argparse_s_mistakes_in_french(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    set_language("fr")
    with pytest.raises(SystemExit) as stop:
        _parser().parse_args(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err == f"t: {said.replace(' :', NB + ':')} (voir t --help)\n"


@pytest.mark.parametrize(("argv", "said"), MISTAKES)
def test_argparse_s_mistakes_in_english_as_argparse_says_them(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """In English the message is argparse's own, word for word (the templates are read right),
    but for a number: "'z' is not a whole number" rather than "invalid int value: 'z'"."""
    with pytest.raises(SystemExit):
        _parser(argparse.ArgumentParser).parse_args(argv)
    plain = capsys.readouterr().err.splitlines()[-1].removeprefix("t: error: ")
    with pytest.raises(SystemExit):
        _parser().parse_args(argv)
    ours = capsys.readouterr().err
    if "invalid int value" in plain:
        plain = plain.replace("invalid int value: 'z'", "'z' is not a whole number")
    assert ours == f"t: {plain} (see t --help)\n"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["--n", "9" * 5000, "t"],
            "argument --n: '{cut}… (5,000 characters) is not a whole number",
        ),
        (
            ["--mode", "9" * 5000, "t"],
            "argument --mode: invalid choice: '{cut}… (5,000 characters) (choose from 'a', 'b')",
        ),
    ],
)
def test_a_value_of_5000_characters_is_quoted_cut_short(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sabot deal --shift` of 5,000 digits echoed them all back, in one line of 5,000 columns."""
    with pytest.raises(SystemExit) as stop:
        _parser().parse_args(argv)
    assert stop.value.code == 2
    cut = "9" * 91  # the opening quote, then the digits, up to VALUE_MAX - 8 characters
    assert capsys.readouterr().err == f"t: {said.format(cut=cut)} (see t --help)\n"


def test_argparse_s_messages_said_again_with_their_values() -> None:
    assert translate_message("argument --mode: expected one argument") == (
        "argument --mode: expected one argument"
    )
    set_language("it")
    assert translate_message("argument --mode: expected one argument") == (
        "argomento --mode: atteso un argomento"
    )
    assert translate_message("expected 3 arguments") == "attesi 3 argomenti"
    assert translate_message("invalid choice: 'c' (choose from 'a', 'b')") == (
        "scelta non valida: 'c' (scegliere tra 'a', 'b')"
    )
    assert translate_message("the count is 3, not 4") == "the count is 3, not 4"  # not argparse's
    assert len(ARGPARSE_MESSAGES) >= 15


@pytest.mark.parametrize(
    ("lang", "words", "english"),
    [
        ("fr",
         (f"utilisation{NB}: sabot", "options:", "affiche cette aide et quitte", "arguments:"),
         ("usage:", "show this help", "positional arguments", "replay a scenario")),
        ("it", ("uso: sabot", "opzioni:", "mostra questo aiuto ed esce", "argomenti:"),
         ("usage:", "show this help", "positional arguments", "replay a scenario")),
    ],
)  # fmt: skip
def test_the_help_of_every_command_in_the_language(
    lang: str, words: tuple[str, ...], english: tuple[str, ...]
) -> None:
    set_language(lang)
    parser = build_parser()
    texts = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                texts.append(child.format_help())
                for grand in child._actions:
                    if isinstance(grand, argparse._SubParsersAction):
                        texts += [g.format_help() for g in grand.choices.values()]
    assert len(texts) >= 10
    for text in texts:
        for word in words[:1] + words[2:3]:
            assert word.split(" sabot")[0] in text, (word, text)
        for word in english:
            assert word not in text, (word, text)
    assert all(w in texts[0] for w in words)


def test_sabot_help_follows_lang_and_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    assert "affiche cette aide et quitte" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(SystemExit):
        main(["drill", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: sabot drill") and "più come a,b,c" in " ".join(out.split())
    with pytest.raises(SystemExit):
        main(["--lang", "en", "deal", "--boxes", "x"])
    assert capsys.readouterr().err == (
        "sabot deal: argument --boxes: 'x' is not a whole number (see sabot deal --help)\n"
    )
