"""The settings' repair notices are kept as facts and said in the language of the moment: they
are written before the language is known (the language is one of the settings), and the window
shows them once it is chosen — in that language, naming the same keys, files and presets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.volumes import remount, small_volume
from trainer.i18n import set_language
from trainer.settings import Settings, SettingsError, SettingsNotice, SettingsProblem

NB = "\u202f"


def _write(path: Path, document: object) -> None:
    path.write_text(json.dumps(document), "utf-8")


def test_a_reset_key_is_said_in_the_language_shown(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _write(path, {"preferences": {"theme": 12, "language": "fr"}})
    s = Settings.load(path, clock=lambda: 1_800_000_000.0)  # read in English, as at start-up
    english = s.notice
    assert english is not None and english.startswith(f"In the settings file {path}, ")
    assert 'the setting "theme" had a value Sabot cannot use' in english
    set_language(s.prefs.language)
    french = s.notice
    assert french is not None and french.startswith(f"Dans le fichier des réglages {path}, ")
    assert 'le réglage "theme" avait une valeur que Sabot ne peut pas utiliser' in french
    assert f"{NB}; l'original a été gardé sous le nom settings.json.corrupt-" in french
    set_language("it")
    italian = s.notice
    assert italian is not None and 'l\'impostazione "theme" aveva un valore' in italian
    set_language("en")
    assert s.notice == english  # the same facts, said again


def test_several_keys_and_an_unknown_preset_in_french(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _write(path, {"preferences": {"theme": 1, "currency": 2, "preset": "casino-de"}})
    s = Settings.load(path)
    set_language("fr")
    said = s.notice or ""
    assert 'les réglages "currency" et "theme" avaient des valeurs' in said, said
    assert "les règles 'casino-de' sont inconnues, ce sont donc les règles casino-fr" in said
    assert " and " not in said


def test_a_file_that_is_no_json_in_italian(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", "utf-8")
    s = Settings.load(path)
    set_language("it")
    said = s.notice or ""
    assert said.startswith(f"Il file delle impostazioni {path} non è servito (non è un file di")
    assert "si usano le impostazioni predefinite." in said


def test_rules_that_no_longer_fit_said_as_a_sentence() -> None:
    notice = SettingsNotice(
        "rules", problems=(SettingsProblem("overrides-dropped", preset="online", why="x"),)
    )
    assert notice.text() == ("The house-rule changes were dropped for the plain online preset (x).")
    set_language("fr")
    assert notice.text().startswith("Les changements des règles de la maison ont été abandonnés")


def test_a_notice_given_as_a_sentence_stays_as_it_is(tmp_path: Path) -> None:
    s = Settings(tmp_path / "settings.json", notice="Something happened.")
    set_language("fr")
    assert s.notice == "Something happened."
    s.notice = None
    assert s.notice is None and s.notices == []


def test_a_house_rules_refusal_read_in_english_is_said_in_the_language_shown(
    tmp_path: Path,
) -> None:
    """Issue 13: the refusal was kept as the sentence written at load time, in English."""
    path = tmp_path / "settings.json"
    _write(path, {"preferences": {"preset": "casino-fr", "overrides": {"decks": "x"}}})
    s = Settings.load(path)
    assert "(option decks takes a whole number from 1 to 8, not 'x')" in (s.notice or "")
    set_language("fr")
    assert "(l'option decks est un nombre entier de 1 à 8, pas 'x')" in (s.notice or "")
    set_language("it")
    assert "(l'opzione decks è un numero intero da 1 a 8, non 'x')" in (s.notice or "")


# -- what the system says, in the trainee's words ---------------------------------------------


def test_settings_on_a_read_only_volume_say_why_in_the_language(tmp_path: Path) -> None:
    """Quitting with a read-only config folder: the sentence is the trainee's, the reason too
    (Python's own words, "Read-only file system", are English)."""
    with small_volume(tmp_path / "config", "64k") as config:
        settings = Settings.load(config / "settings.json")
        remount(config, "ro")
        set_language("fr")
        with pytest.raises(SettingsError) as refused:
            settings.save()
        assert str(refused.value) == (
            f"Les réglages n'ont pas pu être écrits dans {config / 'settings.json'}{NB}: "
            "le disque est en lecture seule."
        )
        set_language("it")
        with pytest.raises(SettingsError, match="il disco è di sola lettura"):
            settings.save()


def test_a_settings_file_the_system_refuses_is_said_in_the_language_shown(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()  # not a file: the system refuses to read it
    s = Settings.load(path, clock=lambda: 1_800_000_000.0)  # read in English, as at start-up
    assert s.notice is not None and "(it could not be read (it is a folder))" in s.notice
    set_language("fr")
    assert "(il n'a pas pu être lu (c'est un dossier))" in (s.notice or "")
