"""trainer.i18n and its catalogues: the system's language, switching at run time, the .po reader
and writer, the catalogue check and the update script, and formatting in each language."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer import i18n, po, vocabulary
from trainer.i18n import (
    N_,
    _,
    format_amount,
    format_date,
    format_duration,
    format_number,
    language,
    ngettext,
    pgettext,
    set_language,
    system_language,
)

NB = "\u00a0"
NNB = "\u202f"


# -- which language ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "it_CH"}, "it"),
        ({"LANG": "fr_BE@euro"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": ""}, "en"),
        # the order gettext reads them in: LC_ALL, then LC_MESSAGES, then LANG
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
        ({"LANG": "it_IT.UTF-8", "LC_ALL": ""}, "it"),  # an empty variable is not set
        # LANGUAGE, a list of preferences, comes first, unless the locale is C
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr"}, "fr"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:it:fr"}, "it"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de"}, "en"),
        ({"LANG": "C", "LANGUAGE": "fr"}, "en"),
        ({"LANGUAGE": "fr"}, "en"),
    ],
)
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


@given(st.dictionaries(st.sampled_from(["LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"]), st.text()))
def test_system_language_is_always_one_sabot_speaks(environ: dict[str, str]) -> None:
    assert system_language(environ) in i18n.LANGUAGES


def test_the_languages_are_the_vocabulary_s() -> None:
    assert i18n.LANGUAGES == vocabulary.LANGUAGES


def test_an_unknown_language_is_refused_in_a_sentence() -> None:
    with pytest.raises(ValueError, match="one of en, fr, it, not 'de'"):
        set_language("de")
    assert language() == "en"


# -- switching --------------------------------------------------------------------------------

FR_PO = textwrap.dedent(
    r"""
    msgid ""
    msgstr ""
    "Language: fr\n"
    "Plural-Forms: nplurals=2; plural=(n > 1);\n"

    # the dealer's word
    #: trainer/practice/drill.py
    msgid "Hit"
    msgstr "Carte"

    msgid "{count} answer"
    msgid_plural "{count} answers"
    msgstr[0] "{count} réponse"
    msgstr[1] "{count} réponses"

    msgctxt "player's decision"
    msgid "Stand"
    msgstr "Non"

    #, fuzzy
    msgid "Burnt"
    msgstr "Brûlé"

    msgid "Not yet"
    msgstr ""
    """
).lstrip()


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(i18n._catalogues, ("trainer", "fr"), po.lookup_table(po.read(FR_PO)))


def test_texts_are_looked_up_when_called(french: None) -> None:
    assert _("Hit") == "Hit"
    set_language("fr")
    assert language() == "fr"
    assert _("Hit") == "Carte"
    assert pgettext("player's decision", "Stand") == "Non"
    assert _("Stand") == "Stand"  # without its context it is another text
    assert _("Burnt") == "Burnt"  # a fuzzy translation is not used
    assert _("Not yet") == "Not yet"  # an untranslated one falls back to English
    assert _("Never marked") == "Never marked"
    set_language("en")
    assert _("Hit") == "Hit"


def test_a_constant_marked_with_N_is_translated_where_it_is_shown(french: None) -> None:
    constant = N_("Hit")
    assert constant == "Hit"
    set_language("fr")
    assert _(constant) == "Carte"


def test_plurals_follow_each_language_s_rule(french: None) -> None:
    for n, english in ((0, "0 answers"), (1, "1 answer"), (2, "2 answers")):
        assert ngettext("{count} answer", "{count} answers", n).format(count=n) == english
    set_language("fr")
    # French says "0 réponse": zero takes the singular
    for n, french_text in ((0, "0 réponse"), (1, "1 réponse"), (2, "2 réponses")):
        assert ngettext("{count} answer", "{count} answers", n).format(count=n) == french_text
    assert i18n.PLURAL["it"](0) == 1  # Italian "0 carte"


def test_the_two_domains_are_apart(french: None) -> None:
    set_language("fr")
    assert i18n.domain("trainer").gettext("Hit") == "Carte"
    assert i18n.domain("ui").gettext("Hit") == "Hit"  # ui.po is another catalogue
    with pytest.raises(ValueError, match="domain"):
        i18n.domain("nope")


def test_english_start_up_reads_no_catalogue() -> None:
    code = (
        "import sys\n"
        "from trainer.i18n import _, ngettext\n"
        "assert _('Hit') == 'Hit' and ngettext('a', 'b', 2) == 'b'\n"
        "assert 'trainer.po' not in sys.modules, 'the catalogue reader was loaded'\n"
        "assert 'importlib.resources' not in sys.modules\n"
        "assert 'gettext' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_language_is_loaded_from_its_installed_catalogue_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loads: list[tuple[str, str]] = []
    real = po.load

    def counting(domain: str, lang: str) -> dict[tuple[str, str], str | tuple[str, ...]]:
        loads.append((domain, lang))
        return real(domain, lang)

    monkeypatch.setattr(po, "load", counting)
    monkeypatch.setattr(i18n, "_catalogues", {})
    set_language("it")
    _("anything")
    _("anything else")
    assert loads == [("trainer", "it")]


def test_a_damaged_catalogue_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    def damaged(self: object, encoding: str = "utf-8") -> str:
        return 'msgid "a"\nmsgstr "b" junk\nnot po at all'

    monkeypatch.setattr(Path, "read_text", damaged)
    assert po.load("trainer", "fr") == {}


# -- reading and writing .po ------------------------------------------------------------------


def test_read_and_write_keep_every_part() -> None:
    entries = po.read(FR_PO)
    assert [e.msgid for e in entries] == ["", "Hit", "{count} answer", "Stand", "Burnt", "Not yet"]
    hit = entries[1]
    assert hit.comments == ["the dealer's word"]
    assert hit.references == ["trainer/practice/drill.py"]
    assert entries[2].msgstr == ["{count} réponse", "{count} réponses"]
    assert entries[3].msgctxt == "player's decision"
    assert entries[4].flags == ["fuzzy"]
    assert po.read(po.write(entries)) == entries


@given(
    st.lists(
        st.builds(
            po.Entry,
            msgid=st.text(min_size=1),
            msgctxt=st.text(),
            msgstr=st.lists(st.text(), min_size=1, max_size=1),
            comments=st.lists(
                st.text(alphabet=st.characters(blacklist_categories=["Cc", "Zl", "Zp"])).map(
                    str.strip
                ),
                max_size=2,
            ),
        ),
        max_size=5,
    )
)
def test_any_text_survives_a_write_and_a_read(entries: list[po.Entry]) -> None:
    assert po.read(po.write(entries)) == entries


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgstr "b" junk',
        'msgid "a"\n',
        '"orphan"\n',
        'msgid "a"\nmsgstr "b\\q"\n',
        'msgid "a"\nmsgfoo "b"\n',
        'msgid "a"\nmsgstr[1] "b"\n',
    ],
)
def test_a_damaged_po_is_refused_with_where(text: str) -> None:
    with pytest.raises(po.PoError, match="catalogue"):
        po.read(text)


# -- the check and the update script ----------------------------------------------------------


def tree(tmp_path: Path, code: str, catalogue: str | None = None) -> Path:
    (tmp_path / "trainer").mkdir()
    (tmp_path / "ui").mkdir()
    (tmp_path / "trainer" / "speak.py").write_text(textwrap.dedent(code), "utf-8")
    head = po.write([po.header("fr", "trainer")])
    for lang in po.TRANSLATED:
        for domain in ("trainer", "ui"):
            path = po.catalogue_path(domain, lang, tmp_path)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(po.write([po.header(lang, domain)]), "utf-8")
    if catalogue is not None:
        path = po.catalogue_path("trainer", "fr", tmp_path)
        path.write_text(head + "\n" + textwrap.dedent(catalogue), "utf-8")
    return tmp_path


CODE = """
    from trainer.i18n import N_, _, ngettext, pgettext
    TITLE = N_("Announce")
    def f(n, total):
        _(TITLE)
        _("{count} answers kept").format(count=n)
        ngettext("one card", "{count} cards", n)
        pgettext("dealer", "Burnt")
"""


def only_fr_trainer(problems: list[str]) -> list[str]:
    return [p for p in problems if p.startswith("fr/trainer.po") or ".py:" in p]


def test_the_check_finds_missing_texts(tmp_path: Path) -> None:
    found = po.problems(tree(tmp_path, CODE))
    assert any("it/trainer.po: lacks '{count} answers kept'" in p for p in found)
    assert any("fr/trainer.po: lacks 'Announce' (trainer/speak.py)" in p for p in found)
    assert any("lacks 'Burnt'" in p for p in found)


GOOD_FR = """
    #: trainer/speak.py
    msgid "Announce"
    msgstr "Annonce"

    msgid "{count} answers kept"
    msgstr "{count} réponses gardées"

    msgid "one card"
    msgid_plural "{count} cards"
    msgstr[0] "une carte"
    msgstr[1] "{count} cartes"

    msgctxt "dealer"
    msgid "Burnt"
    msgstr "Brûlée"
"""


def test_a_complete_catalogue_passes(tmp_path: Path) -> None:
    assert only_fr_trainer(po.problems(tree(tmp_path, CODE, GOOD_FR))) == []


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (
            ("{count} réponses gardées", "{n} réponses gardées"),
            "placeholders {n} are not the text's {count}",
        ),
        (
            ("{count} réponses gardées", "réponses gardées"),
            "placeholders (none) are not the text's {count}",
        ),
        (('"{count} cartes"', '"{total} cartes"'), "beyond the text's {count}"),
        (('"{count} cartes"', '"cartes"'), "placeholders (none) are not the text's {count}"),
        (('msgstr "Annonce"', 'msgstr ""'), "'Announce' is not translated"),
        (('msgstr[0] "une carte"', 'msgstr[0] ""'), "'one card' is not translated"),
        (('msgid "Announce"', '#, fuzzy\nmsgid "Announce"'), "fuzzy"),
        (('msgctxt "dealer"\n', ""), "'Burnt' is stale"),
        (
            ('msgstr "Annonce"', 'msgstr "Annonce"\n\nmsgid "Gone"\nmsgstr "Parti"'),
            "'Gone' is stale",
        ),
    ],
)
def test_the_check_finds_what_is_wrong(
    tmp_path: Path, change: tuple[str, str], complaint: str
) -> None:
    catalogue = GOOD_FR.replace(*change)
    assert catalogue != GOOD_FR
    found = only_fr_trainer(po.problems(tree(tmp_path, CODE, catalogue)))
    assert any(complaint in p for p in found), found


def test_the_check_holds_the_header_to_the_plural_rule(tmp_path: Path) -> None:
    root = tree(tmp_path, CODE, GOOD_FR)
    path = po.catalogue_path("trainer", "fr", root)
    path.write_text(path.read_text("utf-8").replace("(n > 1)", "(n != 1)"), "utf-8")
    assert any("Plural-Forms" in p for p in po.problems(root))


@pytest.mark.parametrize(
    ("call", "complaint"),
    [
        ('_(f"{n} answers")', "f-string or a concatenation"),
        ('_("answers: " + str(n))', "f-string or a concatenation"),
        ('_("{} answers").format(n)', "placeholder without a name"),
        ('_("{0} answers").format(n)', "placeholder without a name"),
        ("ngettext(SINGULAR, PLURAL, n)", "needs its texts written out"),
        ("[_('a') for _ in range(n)]", "bound again"),
    ],
)
def test_the_check_finds_misused_functions(tmp_path: Path, call: str, complaint: str) -> None:
    code = f"from trainer.i18n import _, ngettext\ndef f(n):\n    return {call}\n"
    found = po.problems(tree(tmp_path, code))
    assert any("trainer/speak.py:3" in p and complaint in p for p in found), found


def test_texts_of_other_functions_named_alike_are_not_taken(tmp_path: Path) -> None:
    code = "def _(x):\n    return x\n_('not marked')\n"
    messages, misuses = po.extract(tree(tmp_path, code))
    assert messages["trainer"] == [] and misuses == []


def test_ui_texts_go_to_the_ui_domain(tmp_path: Path) -> None:
    root = tree(tmp_path, "from trainer.i18n import _\n_('Deal')\n")
    (root / "ui" / "window.py").write_text("from ui.i18n import _\n_('Settings…')\n", "utf-8")
    messages, _misuses = po.extract(root)
    assert [m.msgid for m in messages["trainer"]] == ["Deal"]
    assert [m.msgid for m in messages["ui"]] == ["Settings…"]


def test_update_adds_new_texts_drops_stale_ones_and_keeps_translations(tmp_path: Path) -> None:
    root = tree(tmp_path, CODE, GOOD_FR.replace("Announce", "Old title"))
    report = po.update(root)
    assert any(
        line.startswith("resources/locale/fr/LC_MESSAGES/trainer.po: 4 texts, 1 new, 1 stale")
        for line in report
    )
    fr = {e.key: e for e in po.read_catalogue("trainer", "fr", root)}
    assert fr[("", "{count} answers kept")].msgstr == ["{count} réponses gardées"]
    assert fr[("", "one card")].msgstr == ["une carte", "{count} cartes"]
    assert fr[("", "Announce")].msgstr == [""]
    assert ("", "Old title") not in fr
    it = {e.key: e for e in po.read_catalogue("trainer", "it", root)}
    assert it[("", "one card")].msgstr == ["", ""]  # both forms, to translate
    assert it[("dealer", "Burnt")].references == ["trainer/speak.py"]
    found = only_fr_trainer(po.problems(root))
    assert found == ["fr/trainer.po: 'Announce' is not translated"]
    # and a second run changes nothing
    before = po.catalogue_path("trainer", "fr", root).read_text("utf-8")
    po.update(root)
    assert po.catalogue_path("trainer", "fr", root).read_text("utf-8") == before


def test_the_update_script_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "trainer.i18n", "frobnicate"], capture_output=True, text=True
    )
    assert done.returncode == 2 and "usage: python -m trainer.i18n update" in done.stdout


# -- formatting -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "en", "fr", "it"),
    [
        ("37.50", "€37.50", f"37,50{NB}€", f"37,50{NB}€"),
        ("37.5", "€37.50", f"37,50{NB}€", f"37,50{NB}€"),
        ("10", "€10", f"10{NB}€", f"10{NB}€"),
        ("10.00", "€10", f"10{NB}€", f"10{NB}€"),
        ("0", "€0", f"0{NB}€", f"0{NB}€"),
        ("0.125", "€0.125", f"0,125{NB}€", f"0,125{NB}€"),
        ("-20", "-€20", f"-20{NB}€", f"-20{NB}€"),
        ("1250", "€1,250", f"1{NNB}250{NB}€", f"1.250{NB}€"),
        ("1234567.5", "€1,234,567.50", f"1{NNB}234{NNB}567,50{NB}€", f"1.234.567,50{NB}€"),
    ],
)
def test_format_amount_in_each_language(amount: str, en: str, fr: str, it: str) -> None:
    d = Decimal(amount)
    assert (format_amount(d, "en"), format_amount(d, "fr"), format_amount(d, "it")) == (en, fr, it)


def test_format_amount_follows_the_current_language_and_currency() -> None:
    assert format_amount(Decimal("2.5")) == "€2.50"
    set_language("fr")
    assert format_amount(Decimal("2.5")) == f"2,50{NB}€"
    assert format_amount(Decimal("25"), currency="CHF") == f"25{NB}CHF"
    assert format_amount(Decimal("25"), "en", currency="CHF") == f"CHF{NB}25"
    assert format_amount(Decimal("25"), "en", currency="$") == "$25"


@given(
    st.decimals(min_value=-(10**6), max_value=10**6, places=2, allow_nan=False),
    st.sampled_from(i18n.LANGUAGES),
)
def test_a_formatted_amount_reads_back_as_the_same_amount(amount: Decimal, lang: str) -> None:
    from trainer.practice.answers import parse_amount

    assert parse_amount(format_amount(amount, lang), allow_negative=True) == amount


def test_format_number() -> None:
    assert format_number(1234, "en") == "1,234"
    assert format_number(1234, "fr") == f"1{NNB}234"
    assert format_number(1234, "it") == "1.234"
    assert format_number(999, "it") == "999"
    assert format_number(Decimal("2.50"), "fr") == "2,5"
    assert format_number(0.875, "it", places=1) == "0,9"
    assert format_number(12.5, "en") == "12.5"
    assert format_number(-0.0001, "en", places=2) == "0.00"


def test_format_date() -> None:
    day = date(2026, 12, 1)
    assert format_date(day, "en") == "1 December 2026"
    assert format_date(day, "fr") == "1er décembre 2026"
    assert format_date(day, "it") == "1 dicembre 2026"
    assert format_date(date(2026, 2, 14), "fr", short=True) == "14 févr. 2026"
    assert format_date(date(2026, 8, 3), "it", short=True, year=False) == "3 ago"


@pytest.mark.parametrize(
    ("ms", "en", "fr"),
    [
        (850, f"850{NB}ms", f"850{NB}ms"),
        (1240, f"1.2{NB}s", f"1,2{NB}s"),
        (59_960, f"1{NB}min 00{NB}s", f"1{NB}min 00{NB}s"),
        (185_000, f"3{NB}min 05{NB}s", f"3{NB}min 05{NB}s"),
        (3_900_000, f"1{NB}h 05{NB}min", f"1{NB}h 05{NB}min"),
    ],
)
def test_format_duration(ms: int, en: str, fr: str) -> None:
    assert format_duration(ms, "en") == en
    assert format_duration(ms, "fr") == fr


# -- the command line -------------------------------------------------------------------------

SCENARIO = str(Path(__file__).resolve().parents[2] / "resources" / "scenarios" / "split.json")


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "it", "round", SCENARIO],
        ["round", SCENARIO, "--lang", "it"],
        ["round", SCENARIO, "--lang=it_IT.UTF-8"],
    ],
)
def test_lang_on_the_command_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.cli import main

    assert main(argv) == 0
    assert language() == "it"


def test_without_lang_the_command_line_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.cli import main

    monkeypatch.setenv("LC_MESSAGES", "fr_FR.UTF-8")
    assert main(["round", SCENARIO]) == 0
    assert language() == "fr"
    monkeypatch.setenv("LC_MESSAGES", "C")
    assert main(["round", SCENARIO]) == 0
    assert language() == "en"


def test_an_unknown_lang_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.cli import main

    with pytest.raises(SystemExit) as done:
        main(["drill", "announce", "--lang", "de"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err == (
        "sabot drill: argument --lang: the language is one of en, fr, it, not 'de' "
        "(see sabot drill --help)\n"
    )


def test_a_throwaway_named_like_the_function_is_refused_only_where_it_is_called(
    tmp_path: Path,
) -> None:
    code = (
        "from trainer.i18n import _\n"
        "def harmless(n):\n"
        "    for _ in range(n):\n"
        "        pass\n"
        "    return [0 for _ in range(n)], (lambda _=False: 1)\n"
        "def harmful(pair):\n"
        "    _, kept = pair\n"
        "    return _('Shuffle')\n"
    )
    _messages, misuses = po.extract(tree(tmp_path, code))
    assert len(misuses) == 1 and misuses[0].startswith("trainer/speak.py:7: _ is"), misuses
