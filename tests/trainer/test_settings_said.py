"""What had to be repaired in the settings, or set aside, is said on the command line as the app
says it; a database_url that cannot be read (in the file or in SABOT_DATABASE_URL) is one more
unusable setting, never a traceback; a password found in the file is dropped, and the copy of
the file kept aside holds none and is readable by its owner alone."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from tests.trainer.commandline import run_sabot
from trainer.history.opening import database_url, has_password, is_database_url
from trainer.settings import Settings

MALFORMED = "postgresql://ana@[::1/sabot"


def _settings(data: Path, preferences: dict[str, object] | str) -> Path:
    data.mkdir(exist_ok=True)
    path = data / "settings.json"
    text = (
        preferences
        if isinstance(preferences, str)
        else json.dumps({"version": 1, "preferences": preferences})
    )
    path.write_text(text, encoding="utf-8")
    return path


def _kept(data: Path) -> list[Path]:
    return sorted(data.glob("settings.json.corrupt-*"))


def test_a_malformed_url_is_no_url_and_has_no_password() -> None:
    assert not is_database_url(MALFORMED)
    assert not has_password(MALFORMED)
    assert has_password("postgresql://ana:secret@[::1/sabot")
    assert is_database_url("postgresql://ana@[::1]/sabot")


@pytest.mark.parametrize("command", [["stats"], ["export"], ["drill", "pay-even", "--count", "1"]])
def test_a_malformed_url_in_the_settings_is_set_aside_and_said(
    tmp_path: Path, command: list[str]
) -> None:
    data = tmp_path / "data"
    _settings(data, {"database_url": MALFORMED, "theme": "dark"})
    r = run_sabot(data, *command, stdin="5\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines()[0].startswith(
        f'sabot: In the settings file {data / "settings.json"}, the setting "database_url" had '
        "a value Sabot cannot use, so its default is used; the original was kept as "
        "settings.json.corrupt-"
    )
    settings = Settings.load(data / "settings.json")
    assert settings.prefs.database_url is None and settings.prefs.theme == "dark"


def test_a_malformed_url_in_the_environment_is_set_aside_and_said(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    import os
    import subprocess
    import sys

    from tests.trainer.commandline import REPO, cli_env

    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "stats", "--json"],
        input="",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env(
            data, PYTHONIOENCODING="utf-8", SABOT_DATABASE_URL="postgresql://ana:secret@[::1/sabot"
        ),
        cwd=REPO,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and "secret" not in r.stderr
    assert r.stderr.splitlines() == [
        "sabot: SABOT_DATABASE_URL does not name a server Sabot can use (postgresql://HOST/"
        "DATABASE?user=LOGIN or service=NAME, not 'postgresql://ana@[::1/sabot'), so it is set "
        "aside."
    ]
    assert json.loads(r.stdout)
    assert os.path.exists(data / "history.sqlite3")  # this PC's history


def test_the_environment_s_malformed_url_is_set_aside_for_the_app_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SABOT_DATABASE_URL", MALFORMED)
    assert database_url("service=school") == "service=school"
    assert database_url(None) is None
    settings = Settings.load(tmp_path / "settings.json")
    assert settings.notice is not None and "SABOT_DATABASE_URL" in settings.notice


def test_a_damaged_settings_file_is_said(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _settings(data, "{not json")
    r = run_sabot(data, "stats")
    assert r.returncode == 0, r.stderr
    (kept,) = _kept(data)
    assert r.stderr.splitlines() == [
        f"sabot: The settings file {data / 'settings.json'} could not be used (it is not a JSON "
        f"settings file), so it was kept as {kept.name} and the default settings are used."
    ]


def test_an_unknown_preset_is_said(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _settings(data, {"preset": "vegas-strip-2099"})
    r = run_sabot(data, "drill", "pay-even", "--count", "1", "--seed", "4", stdin="5\n")
    assert r.returncode == 0, r.stderr
    assert "the preset 'vegas-strip-2099' is unknown, so casino-fr is used" in r.stderr


def test_a_dropped_password_is_said_and_the_copy_kept_holds_none(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = _settings(data, {"database_url": "postgresql://ana:s3cret@school/sabot"})
    path.chmod(0o644)
    r = run_sabot(data, "stats")
    assert r.returncode == 0, r.stderr
    (kept,) = _kept(data)
    assert r.stderr.splitlines() == [
        f'sabot: In the settings file {path}, the setting "database_url" held a password, '
        "which is never kept in the settings (put it in ~/.pgpass), so it was dropped and this "
        f"PC's history is used; the original was kept as {kept.name}, without its password and "
        "readable by you alone."
    ]
    assert "s3cret" not in kept.read_text(encoding="utf-8")
    assert json.loads(kept.read_text(encoding="utf-8"))["preferences"]["database_url"] == (
        "postgresql://ana@school/sabot"
    )
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert "s3cret" not in path.read_text(encoding="utf-8")


def test_a_repaired_copy_is_private_even_without_a_password(tmp_path: Path) -> None:
    path = _settings(tmp_path / "data", {"theme": "sepia"})
    path.chmod(0o644)
    settings = Settings.load(path)
    assert settings.notice is not None
    (kept,) = _kept(tmp_path / "data")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert json.loads(kept.read_text(encoding="utf-8"))["preferences"]["theme"] == "sepia"


def test_what_a_newer_sabot_wrote_is_kept_when_the_settings_are_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    newer = {
        "version": 3,
        "preferences": {"theme": "dark", "voice": {"speed": 1.5}, "preset": "casino-fr"},
        "ui": {"sprint_count": 30, "dock": ["left"]},
        "school": {"class": "B2"},
    }
    path.write_text(json.dumps(newer), encoding="utf-8")
    settings = Settings.load(path)
    assert settings.notice is None and settings.prefs.theme == "dark"
    settings.prefs.theme = "light"
    settings.save()
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["version"] == 3
    assert written["school"] == {"class": "B2"}
    assert written["preferences"]["voice"] == {"speed": 1.5}
    assert written["preferences"]["theme"] == "light"
    assert written["ui"]["dock"] == ["left"] and written["ui"]["sprint_count"] == 30
    # and read again by this Sabot as before
    assert Settings.load(path).prefs.theme == "light"


def test_a_file_of_this_version_is_written_as_before(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    settings.save()
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["version"] == 1 and set(written) == {"version", "preferences", "ui"}
