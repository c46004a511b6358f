"""The settings file: defaults, round trips, house-rule overrides, damaged files, atomic saves."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trainer.settings as settings_module
from trainer.game.rules import PRESETS, HouseRules, RulesError
from trainer.settings import (
    Preferences,
    Settings,
    SettingsError,
    UiState,
    settings_path,
    to_json_value,
)

NOON = 1_800_000_000.0  # a fixed wall clock for the names of files kept aside


def clock() -> float:
    return NOON


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "settings.json"


def write(path: Path, document: Any) -> None:
    path.write_text(document if isinstance(document, str) else json.dumps(document), "utf-8")


def kept_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


# -- where the file lives ------------------------------------------------------------------------


def test_settings_path_follows_sabot_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SABOT_DATA_DIR", str(tmp_path / "elsewhere"))
    assert settings_path() == tmp_path / "elsewhere" / "settings.json"
    assert Settings.load().path == settings_path()


def test_settings_path_without_override_is_the_user_config_dir(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SABOT_DATA_DIR")
    monkeypatch.setattr(
        settings_module.platformdirs, "user_config_dir", lambda app, appauthor: f"/cfg/{app}"
    )
    assert settings_path() == Path("/cfg/sabot/settings.json")


# -- defaults and round trip ---------------------------------------------------------------------


def test_no_file_gives_the_defaults_quietly(path: Path) -> None:
    s = Settings.load(path)
    assert s.prefs == Preferences()
    assert s.ui == UiState()
    assert s.notice is None
    assert not path.exists()  # loading never writes a file that was not there
    assert s.prefs.preset == "casino-fr"
    assert s.prefs.overrides == {}
    assert s.prefs.currency == "€"
    assert s.prefs.profile == "default"
    assert s.prefs.theme == "system"
    assert s.ui.last_mode == "practice" and s.ui.sprint_count == 20
    assert s.ui.geometry is None and s.ui.last_skill is None
    assert s.rules() == HouseRules.from_spec("casino-fr")


def test_defaults_are_not_shared_between_instances() -> None:
    a, b = Preferences(), Preferences()
    a.overrides["decks"] = 2
    assert b.overrides == {}


def test_round_trip(path: Path) -> None:
    s = Settings.load(path)
    s.prefs.currency = "CHF"
    s.prefs.profile = "Léa"
    s.prefs.theme = "dark"
    s.set_rules("casino-it", {"dealer_hits_soft_17": True})
    s.ui.geometry = "AdnQywADAAAAAAA="
    s.ui.last_skill = "announce"
    s.ui.last_mode = "sprint"
    s.ui.sprint_count = 50
    s.save()

    again = Settings.load(path)
    assert again.notice is None
    assert again.prefs == s.prefs
    assert again.ui == s.ui
    document = json.loads(path.read_text("utf-8"))
    assert document["version"] == 1
    assert set(document) == {"version", "preferences", "ui"}
    assert document["preferences"]["profile"] == "Léa"  # written as text, not \u escapes
    assert "Léa" in path.read_text("utf-8")


def test_save_creates_the_directory(tmp_path: Path) -> None:
    s = Settings.load(tmp_path / "a" / "b" / "settings.json")
    s.save()
    assert Settings.load(s.path).prefs == Preferences()


def test_unknown_keys_are_ignored(path: Path) -> None:
    write(
        path,
        {
            "version": 7,
            "preferences": {"theme": "dark", "font_size": 14},
            "ui": {"sprint_count": 30, "toolbar": [1, 2]},
            "plugins": {},
        },
    )
    s = Settings.load(path)
    assert s.notice is None
    assert s.prefs.theme == "dark"
    assert s.ui.sprint_count == 30
    assert kept_aside(path) == []


def test_missing_keys_take_their_defaults(path: Path) -> None:
    write(path, {"version": 1, "preferences": {"currency": "$"}})
    s = Settings.load(path)
    assert s.notice is None
    assert s.prefs == Preferences(currency="$")
    assert s.ui == UiState()


# -- house rules ---------------------------------------------------------------------------------


def test_overrides_are_applied_to_the_rules(path: Path) -> None:
    s = Settings.load(path)
    rules = s.set_rules(
        "casino-fr", {"dealer_hits_soft_17": True, "chips": "25 5 1", "table_min": "2.50"}
    )
    assert rules.dealer_hits_soft_17 is True
    assert rules.chips == (Decimal(25), Decimal(5), Decimal(1))
    assert rules.table_min == Decimal("2.50")
    assert s.rules() == rules
    # exact strings on disk, smallest chip first, never floats
    assert s.prefs.overrides == {
        "dealer_hits_soft_17": True,
        "table_min": "2.50",
        "chips": ["1", "5", "25"],
    }
    s.save()
    assert Settings.load(path).rules() == rules


def test_overrides_equal_to_the_preset_are_not_kept(path: Path) -> None:
    s = Settings.load(path)
    s.set_rules("online", {"decks": 4, "boxes": "3", "insurance": True, "split": "value"})
    assert s.prefs.preset == "online"
    assert s.prefs.overrides == {"split": "value"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_alone(path: Path, preset: str) -> None:
    s = Settings.load(path)
    assert s.set_rules(preset, {}) == HouseRules.from_spec(preset)
    s.save()
    assert Settings.load(path).rules() == HouseRules.from_spec(preset)


@pytest.mark.parametrize(
    ("preset", "overrides", "message"),
    [
        ("casino-fr", {"split": "none"}, "max_hands must be 1"),
        ("casino-fr", {"table_min": 1000}, "table_min 1000 is above table_max 500"),
        ("home", {"max_hands": 3}, "split is none"),
        ("casino-fr", {"decks": 9}, "from 1 to 8"),
        ("casino-fr", {"surrender": True}, "unknown option 'surrender'"),
        ("casino-fr", {"table_min": float("inf")}, "takes an amount"),
        ("casino-fr", {"preset": "home"}, "'preset' is not an option"),
        ("casino-de", {}, "unknown preset 'casino-de'"),
    ],
)
def test_an_impossible_choice_is_refused_and_changes_nothing(
    path: Path, preset: str, overrides: dict[str, Any], message: str
) -> None:
    s = Settings.load(path)
    s.set_rules("casino-it", {"dealer_hits_soft_17": True})
    before = (s.prefs.preset, dict(s.prefs.overrides))
    with pytest.raises(RulesError, match=message):
        s.set_rules(preset, overrides)
    assert (s.prefs.preset, s.prefs.overrides) == before
    assert s.rules().dealer_hits_soft_17 is True


def test_stored_overrides_no_longer_valid_fall_back_to_the_preset(path: Path) -> None:
    write(path, {"preferences": {"preset": "online", "overrides": {"split": "none"}}})
    s = Settings.load(path)
    assert s.rules() == HouseRules.from_spec("online")
    assert s.prefs.overrides == {}
    assert s.notice and "online" in s.notice and "max_hands must be 1" in s.notice
    assert len(kept_aside(path)) == 1


def test_overrides_made_invalid_in_memory_are_dropped_by_rules(path: Path) -> None:
    s = Settings.load(path)
    s.prefs.overrides = {"decks": 12}
    assert s.rules() == HouseRules.from_spec("casino-fr")
    assert s.prefs.overrides == {}
    assert s.notice is not None and s.notice.startswith("The house-rule changes were dropped")
    assert s.notice.endswith(".")


def test_unknown_preset_in_the_file_gives_the_default_preset(path: Path) -> None:
    write(path, {"preferences": {"preset": "casino-de", "overrides": {"decks": 2}}})
    s = Settings.load(path, clock=clock)
    assert s.prefs.preset == "casino-fr"
    assert s.rules() == HouseRules.from_spec({"preset": "casino-fr", "decks": 2})
    assert s.notice is not None and "'casino-de' is unknown" in s.notice
    # the file was repaired, and what the trainee had is kept
    assert json.loads(path.read_text())["preferences"]["preset"] == "casino-fr"
    (kept,) = kept_aside(path)
    assert json.loads(kept.read_text())["preferences"]["preset"] == "casino-de"


def test_unknown_preset_whose_overrides_do_not_fit_the_default(path: Path) -> None:
    write(path, {"preferences": {"preset": "casino-de", "overrides": {"split": "none"}}})
    s = Settings.load(path)
    assert s.rules() == HouseRules.from_spec("casino-fr")
    assert s.notice and "without the other house-rule changes" in s.notice


@given(
    st.dictionaries(
        st.sampled_from(["decks", "split", "max_hands", "table_min", "chips", "double_on"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-5, 2000),
            st.floats(allow_nan=True),
            st.text(alphabet="0123456789. -eanorvl", max_size=6),
            st.lists(st.integers(-3, 600), max_size=4),
        ),
    )
)
def test_set_rules_either_refuses_or_round_trips(overrides: dict[str, Any]) -> None:
    s = Settings(Path("unused.json"))
    try:
        rules = s.set_rules("casino-fr", overrides)
    except RulesError:
        assert s.prefs == Preferences()
        return
    stored = json.loads(json.dumps(s.prefs.overrides))  # the JSON round trip of the file
    assert HouseRules.from_spec({"preset": "casino-fr", **stored}) == rules


def test_to_json_value() -> None:
    assert to_json_value(Decimal("2.50")) == "2.50"
    assert to_json_value(Decimal("5E+2")) == "500"
    assert to_json_value((Decimal(25), Decimal(1))) == ["1", "25"]
    assert to_json_value(True) is True
    assert to_json_value(None) is None


# -- damaged files -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "garbage {{{",
        "",
        '{"version": 1, "preferences": {',  # cut short
        "[1, 2, 3]",  # a list instead of an object
        '"settings"',
        "null",
        "\udcff",  # not UTF-8 once written with surrogateescape
        "[" * 100_000,  # deeper than the parser goes
    ],
)
def test_a_corrupt_file_is_kept_aside_and_defaults_used(path: Path, content: str) -> None:
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    original = path.read_bytes()
    s = Settings.load(path, clock=clock)
    assert s.prefs == Preferences() and s.ui == UiState()
    assert s.notice is not None
    assert "could not be used" in s.notice and "default settings are used" in s.notice
    (kept,) = kept_aside(path)
    assert kept.read_bytes() == original  # never deleted
    assert kept.name.startswith("settings.json.corrupt-")
    assert kept.name[len("settings.json.corrupt-") :] == _stamp(NOON)
    assert kept.name in s.notice
    assert not path.exists()
    s.save()  # and the trainee can go on
    assert Settings.load(path).notice is None


def _stamp(now: float) -> str:
    import time

    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def test_files_kept_aside_never_overwrite_each_other(path: Path) -> None:
    for n in range(3):
        write(path, f"garbage {n}")
        Settings.load(path, clock=clock)
    kept = kept_aside(path)
    assert len(kept) == 3
    assert sorted(k.read_text() for k in kept) == ["garbage 0", "garbage 1", "garbage 2"]


@pytest.mark.parametrize(
    ("preferences", "ui", "bad"),
    [
        ({"theme": "purple"}, {}, ["theme"]),
        ({"language": "de"}, {}, ["language"]),
        ({"language": "FR"}, {}, ["language"]),
        ({"language": None, "theme": 3}, {}, ["language", "theme"]),
        ({"currency": 5}, {}, ["currency"]),
        ({"currency": "EURO"}, {}, ["currency"]),  # more than 3 characters
        ({"profile": "   "}, {}, ["profile"]),
        ({"overrides": ["decks", 2]}, {}, ["overrides"]),
        ({"preset": None}, {"sprint_count": "20"}, ["preset", "sprint_count"]),
        ({}, {"sprint_count": True}, ["sprint_count"]),
        ({}, {"sprint_count": 0}, ["sprint_count"]),
        ({}, {"geometry": 12, "last_skill": ["a"]}, ["geometry", "last_skill"]),
    ],
)
def test_a_wrong_typed_value_falls_back_for_that_key_only(
    path: Path, preferences: dict[str, Any], ui: dict[str, Any], bad: list[str]
) -> None:
    good_prefs: dict[str, Any] = {
        "preset": "online",
        "currency": "£",
        "profile": "Ana",
        "theme": "light",
        "language": "it",
    }
    good_ui: dict[str, Any] = {
        "geometry": "AAA=",
        "last_skill": "pay",
        "last_mode": "sprint",
        "sprint_count": 40,
    }
    document = {
        "version": 1,
        "preferences": {**good_prefs, **preferences},
        "ui": {**good_ui, **ui},
    }
    write(path, document)
    s = Settings.load(path, clock=clock)
    for key, value in good_prefs.items():
        expected = getattr(Preferences(), key) if key in bad else value
        assert getattr(s.prefs, key) == expected, key
    for key, value in good_ui.items():
        expected = getattr(UiState(), key) if key in bad else value
        assert getattr(s.ui, key) == expected, key
    assert s.notice is not None
    for key in bad:
        assert f'"{key}"' in s.notice
    (kept,) = kept_aside(path)
    assert json.loads(kept.read_text()) == document  # what the trainee had is kept
    assert Settings.load(path).notice is None  # and the repaired file reads cleanly


def test_a_section_that_is_not_an_object_is_reset(path: Path) -> None:
    write(path, {"preferences": [1, 2], "ui": {"sprint_count": 33}})
    s = Settings.load(path)
    assert s.prefs == Preferences()
    assert s.ui.sprint_count == 33
    assert s.notice and '"preferences"' in s.notice


def test_strings_are_stripped(path: Path) -> None:
    write(path, {"preferences": {"currency": " $ ", "profile": " Ana "}})
    s = Settings.load(path)
    assert (s.prefs.currency, s.prefs.profile) == ("$", "Ana")


def test_an_unreadable_file_gives_defaults_and_a_notice(path: Path) -> None:
    path.mkdir()  # a directory where the file should be: reading it fails
    s = Settings.load(path, clock=clock)
    assert s.prefs == Preferences()
    assert s.notice is not None and "could not be used" in s.notice
    assert len(kept_aside(path)) == 1


# -- atomic save ---------------------------------------------------------------------------------


def _files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_a_failed_save_leaves_the_old_file_whole_and_no_partial_file(
    path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    s = Settings.load(path)
    s.prefs.currency = "$"
    s.save()
    before = path.read_bytes()
    s.prefs.currency = "£"

    def fail(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    if failing == "write":
        monkeypatch.setattr(settings_module.os, "fdopen", _failing_fdopen)
    else:
        monkeypatch.setattr(settings_module.os, failing, fail)
    with pytest.raises(SettingsError, match="no space left on the disk"):
        s.save()
    assert path.read_bytes() == before
    assert _files(path.parent) == ["settings.json"]


def _failing_fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
    f = open(fd, *args, **kwargs)  # noqa: SIM115 - closed by the caller's with-block

    def write(text: str) -> int:
        f.buffer.write(text[:10].encode())  # half a file, then the disk is full
        raise OSError(28, "No space left on device")

    f.write = write
    return f


def test_a_value_json_cannot_hold_fails_before_touching_the_file(path: Path) -> None:
    s = Settings.load(path)
    s.save()
    before = path.read_bytes()
    s.ui.last_skill = object()  # type: ignore[assignment]
    with pytest.raises(SettingsError):
        s.save()
    assert path.read_bytes() == before
    assert _files(path.parent) == ["settings.json"]


def test_save_replaces_the_file_in_one_step(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Settings.load(path)
    s.save()
    seen: list[tuple[Path, str, str]] = []
    real_replace = os.replace

    def spy(src: Any, dst: Any) -> None:
        # at the moment of the swap: the new file is complete, beside the old, which is intact
        src, dst = Path(src), Path(dst)
        seen.append(
            (
                src.parent,
                json.loads(src.read_text())["preferences"]["theme"],
                json.loads(dst.read_text())["preferences"]["theme"],
            )
        )
        real_replace(src, dst)

    monkeypatch.setattr(settings_module.os, "replace", spy)
    s.prefs.theme = "dark"
    s.save()
    assert seen == [(path.parent, "dark", "system")]
    assert json.loads(path.read_text())["preferences"]["theme"] == "dark"
    assert _files(path.parent) == ["settings.json"]


# -- any value in any field --------------------------------------------------------------------

FIELDS = [(section, key) for section, checks in settings_module._CHECKS.items() for key in checks]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text()
    | st.sampled_from(["é¿ not base64", "AAA=", "casino-fr", "online", "dark", "€", "\x00", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=8,
)


# Each example writes the file, keeps a copy aside and saves it synced to disk twice: a few ms
# of its own, but the disk's syncs took over 200 ms on a machine busy writing, whatever the
# value. The time is the disk's, not the example's: no deadline.
@settings(deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSON_VALUES)
def test_any_value_in_any_field_is_kept_or_repaired_by_name(
    field: tuple[str, str], value: Any
) -> None:
    import tempfile

    section, key = field
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        write(path, {"version": 1, section: {key: value}})
        s = Settings.load(path, clock=clock)  # never raises
        s.rules()  # nor do the rules built on it
        target = s.prefs if section == "preferences" else s.ui
        default = getattr(Preferences() if section == "preferences" else UiState(), key)
        got = getattr(target, key)
        if s.notice is None:
            # kept as it was (stripped), or the rules it stands for
            assert got == (value.strip() if isinstance(value, str) and key != "geometry" else value)
        else:
            assert "\n" not in s.notice and s.notice.endswith(".")
            if key == "overrides":
                assert f'"{key}"' in s.notice or "house-rule" in s.notice
            elif key == "preset" and isinstance(value, str) and value.strip():
                assert "preset" in s.notice
            else:
                assert f'"{key}"' in s.notice, s.notice
                assert got == default
        s.save()  # what was repaired writes and reads back cleanly
        again = Settings.load(path, clock=clock)
        assert again.notice is None
        assert getattr(again.prefs if section == "preferences" else again.ui, key) == getattr(
            target, key
        )


@pytest.mark.parametrize(
    "geometry", ["é¿ not base64", "not base64!", "AAA", "A" * 5000, "", "AA==\nAA=="]
)
def test_a_geometry_that_is_not_base64_is_reset_by_name(path: Path, geometry: str) -> None:
    write(path, {"ui": {"geometry": geometry, "sprint_count": 30}})
    s = Settings.load(path, clock=clock)
    assert s.ui.geometry is None and s.ui.sprint_count == 30
    assert s.notice is not None and '"geometry"' in s.notice


def test_the_language_follows_the_system_until_one_is_chosen(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    s = Settings.load(path)
    assert s.prefs.language == ""
    assert s.prefs.chosen_language() == "fr"
    s.prefs.language = "it"
    s.save()
    again = Settings.load(path)
    assert again.notice is None
    assert again.prefs.language == "it"
    assert again.prefs.chosen_language() == "it"
