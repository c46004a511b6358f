"""What a packager relies on, checked without building anything: the desktop entry, the AppStream
metadata, the icon and its renders, the package data in pyproject.toml, the PyInstaller spec,
every shipped scenario replaying through the CLI, and the smoke test's own verdicts.
"""

from __future__ import annotations

import configparser
import importlib.util
import json
import struct
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

from trainer import cli

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.sabot.Sabot"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
SVG_NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted((ROOT / "resources" / "scenarios").glob("*.json"))


def _pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    with open(DESKTOP, encoding="utf-8") as f:
        parser.read_file(f)
    return parser["Desktop Entry"]


# --- the desktop entry ---------------------------------------------------------------------


def test_desktop_entry_has_the_required_keys() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Sabot"
    assert entry["Exec"] == "sabot"
    assert entry["Icon"] == APP_ID == DESKTOP.name.removesuffix(".desktop")
    assert entry["Terminal"] == "false"
    assert entry["Comment"]
    categories = entry["Categories"]
    assert categories.endswith(";")
    assert {"Education", "Game", "CardGame"} <= set(filter(None, categories.split(";")))


def test_desktop_entry_runs_the_console_script() -> None:
    exec_name = _desktop_entry()["Exec"].split()[0]
    assert exec_name in _pyproject()["project"]["scripts"]


# --- the AppStream metadata ----------------------------------------------------------------


def test_metainfo_matches_the_desktop_entry() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == DESKTOP.name.removesuffix(".desktop")
    assert METAINFO.name == f"{root.findtext('id')}.metainfo.xml"
    launchable = root.find("launchable")
    assert launchable is not None
    assert launchable.get("type") == "desktop-id"
    assert launchable.text == DESKTOP.name
    assert root.findtext("provides/binary") == _desktop_entry()["Exec"]


def test_metainfo_has_licences_summary_description_and_rating() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == _pyproject()["project"]["license"] == "MIT"
    assert root.findtext("name") == "Sabot"
    summary = root.findtext("summary") or ""
    # AppStream: a short line, no trailing full stop
    assert 0 < len(summary) <= 80 and not summary.endswith(".")
    description = " ".join(" ".join(p.itertext()) for p in root.iterfind("description/p"))
    for topic in ("announcing", "3:2", "insurance", "2:1", "order", "exposed"):
        assert topic in description
    rating = root.find("content_rating")
    assert rating is not None and rating.get("type", "").startswith("oars-")


def test_metainfo_release_matches_the_package_version() -> None:
    from trainer import __version__

    root = ET.parse(METAINFO).getroot()
    versions = [r.get("version") for r in root.iterfind("releases/release")]
    assert __version__ in versions


# --- the icon ------------------------------------------------------------------------------


def test_icon_is_svg_and_reachable_as_package_data() -> None:
    icon = files("resources.icons") / "sabot.svg"
    assert icon.is_file()
    root = ET.fromstring(icon.read_bytes())
    assert root.tag == f"{SVG_NS}svg"
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and w == h  # square, as every icon theme expects
    assert icon.read_bytes() == (ROOT / "resources" / "icons" / "sabot.svg").read_bytes()


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("size", [48, 128, 256])
def test_icon_renders_exist_at_their_size(size: int) -> None:
    png = PACKAGING / "icons" / f"{size}x{size}" / f"{APP_ID}.png"
    assert _png_size(png) == (size, size)


# --- pyproject.toml ------------------------------------------------------------------------


def test_pyproject_declares_the_console_script() -> None:
    assert _pyproject()["project"]["scripts"]["sabot"] == "trainer.cli:main"


def test_pyproject_ships_the_icons_and_scenarios() -> None:
    setuptools = _pyproject()["tool"]["setuptools"]
    assert "resources.icons" in setuptools["packages"]
    assert "*.svg" in setuptools["package-data"]["resources.icons"]
    assert "*.json" in setuptools["package-data"]["resources.scenarios"]


def test_pyproject_lists_every_package() -> None:
    # setuptools takes the list literally: a sub-package left out is missing from the wheel,
    # and only the installed app finds out.
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("trainer", "ui", "resources")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert on_disk <= set(_pyproject()["tool"]["setuptools"]["packages"])


# --- the PyInstaller spec ------------------------------------------------------------------


def test_spec_compiles_and_names_the_lazy_imports() -> None:
    source = (PACKAGING / "sabot.spec").read_text(encoding="utf-8")
    compile(source, "sabot.spec", "exec")
    for module in ('"ui.app"', '"trainer.commands.drill"', '"pyqtgraph"'):
        assert module in source
    # pyqtgraph imports QtOpenGL at start, even when it draws without OpenGL
    assert '"QtOpenGL"' not in source and '"QtOpenGLWidgets"' not in source
    launcher = (PACKAGING / "sabot_main.py").read_text(encoding="utf-8")
    assert "from trainer.cli import main" in launcher


# --- the shipped scenarios -----------------------------------------------------------------


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_replays(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["round", str(path)]) == 0
    out, err = capsys.readouterr()
    assert isinstance(json.loads(out), dict)
    assert "Traceback" not in err


def test_the_smoke_test_scenario_is_shipped() -> None:
    assert "split" in [p.stem for p in SCENARIOS]


# --- the smoke test's verdicts -------------------------------------------------------------


@pytest.fixture(scope="module")
def smoke() -> ModuleType:
    # packaging/ is not a package (the name would shadow PyPA's `packaging`): load it by path.
    spec = importlib.util.spec_from_file_location("sabot_smoke_test", PACKAGING / "smoke_test.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


@pytest.mark.slow
def test_smoke_step_passes_a_clean_run(smoke: ModuleType, tmp_path: Path) -> None:
    smoke.run_step(
        "ok",
        _python("print('sabot 1.2.3')"),
        cwd=tmp_path,
        timeout=30,
        check_stdout=smoke._is_version,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("code", "timeout", "complaint"),
    [
        ("raise SystemExit(3)", 30, "exit status 3"),
        ("import sys; sys.stderr.write('Traceback (most recent call last):\\n')", 30, "traceback"),
        ("print('no json here')", 30, "not valid JSON"),
        ("import time; time.sleep(30)", 0.5, "no exit within"),
    ],
    ids=["exit-status", "traceback", "bad-json", "timeout"],
)
def test_smoke_step_fails_and_says_why(
    smoke: ModuleType, tmp_path: Path, code: str, timeout: float, complaint: str
) -> None:
    with pytest.raises(smoke.SmokeFailure, match=complaint) as failure:
        smoke.run_step(
            "step-x", _python(code), cwd=tmp_path, timeout=timeout, check_stdout=smoke._is_json
        )
    assert "step step-x" in str(failure.value)


def test_smoke_test_refuses_a_missing_command(smoke: ModuleType) -> None:
    with pytest.raises(smoke.SmokeFailure, match="not an executable"):
        smoke.parse_command(["sabot-no-such-command"])
