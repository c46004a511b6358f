"""What a packager relies on, checked without building anything: the desktop entry, the AppStream
metadata, the icon and its renders, the package data in pyproject.toml, the PyInstaller spec,
every shipped scenario replaying through the CLI, and the smoke test's own verdicts.
"""

from __future__ import annotations

import configparser
import importlib.util
import json
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
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
OWN_PACKAGES = ("trainer", "ui", "resources")


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


def _tree_copy(dest: Path) -> Path:
    """What a build reads of the source tree, copied: a wheel built from it leaves no build/ or
    egg-info behind in the real tree."""
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    for top in OWN_PACKAGES:
        shutil.copytree(ROOT / top, dest / top, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


# Files a later change might add, in folders pyproject.toml names nowhere (and without an
# __init__.py): the wheel built below must ship them all the same.
PLANTED = ["resources/rules/planted-book.json", "resources/locale/xx/LC_MESSAGES/planted.mo"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from a copy of this tree with PLANTED added (in an isolated build
    environment, as pip install . and python -m build do)."""
    tree = _tree_copy(tmp_path_factory.mktemp("tree"))
    for rel in PLANTED:
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_text("{}", encoding="utf-8")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(tree)],
        check=True,
        stdin=subprocess.DEVNULL,
        capture_output=True,
    )
    (built,) = out.glob("sabot-*.whl")
    return built


def _wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


@pytest.mark.slow
def test_the_wheel_ships_every_file_of_the_packages(wheel: Path, smoke: ModuleType) -> None:
    # every module and every data file under trainer/, ui/ and resources/, whatever its name
    names = _wheel_names(wheel)
    needed = smoke.needed_files()
    assert "resources/icons/sabot.svg" in needed and "ui/app.py" in needed
    assert [f for f in needed if f not in names] == []
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    smoke.check_wheel(wheel)  # the build's own check agrees


@pytest.mark.slow
def test_a_new_data_file_anywhere_under_resources_is_shipped(wheel: Path) -> None:
    # a rules book or a catalogue added later needs no change to pyproject.toml
    assert set(PLANTED) <= _wheel_names(wheel)


@pytest.mark.slow
def test_the_wheel_runs_beside_the_dependencies_of_a_venv(
    wheel: Path, smoke: ModuleType, tmp_path: Path
) -> None:
    # The bug: the wheel's venv borrowed the *base* Python's packages (--system-site-packages),
    # so a build run from a venv found no platformdirs. Now it sees the running environment's.
    sabot, purelib = smoke.install_wheel(wheel, tmp_path / "venv")
    python = sabot.parent / "python"
    out = subprocess.run(
        [
            str(python),
            "-c",
            "import platformdirs, PySide6, pyqtgraph, trainer; print(trainer.__file__)",
        ],
        cwd=tmp_path,
        env=smoke._clean_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # Sabot itself comes from the wheel, never from the source tree or its editable install
    assert Path(out.strip()).parent == purelib / "trainer"
    assert (purelib / "resources" / "scenarios" / "split.json").is_file()


# --- the PyInstaller spec ------------------------------------------------------------------


class _Analysis:
    def __init__(self, scripts: list[str], **kwargs: object) -> None:
        self.scripts = scripts
        self.kwargs = kwargs
        # as PyInstaller lists them: (name in the bundle, source, kind)
        self.datas = [
            (str(Path(dest) / Path(src).name), src, "DATA")
            for src, dest in kwargs["datas"]  # type: ignore[attr-defined]
        ]
        self.binaries: list[tuple[str, str, str]] = []
        self.pure: list[object] = []


def _run_spec(tmp_path: Path) -> dict:
    """Execute the spec with PyInstaller's build steps stubbed: what it would hand them."""
    made: dict = {}

    def record(name: str):
        def stub(*args: object, **kwargs: object) -> tuple:
            made[name] = (args, kwargs)
            return args

        return stub

    namespace = {
        "SPECPATH": str(PACKAGING),
        "workpath": str(tmp_path),
        "Analysis": lambda *a, **k: made.setdefault("Analysis", _Analysis(*a, **k)),
        "PYZ": record("PYZ"),
        "EXE": record("EXE"),
        "COLLECT": record("COLLECT"),
    }
    source = (PACKAGING / "sabot.spec").read_text(encoding="utf-8")
    exec(compile(source, "sabot.spec", "exec"), namespace)
    return {**namespace, **made}


def test_the_spec_bundles_every_module_and_data_file(tmp_path: Path, smoke: ModuleType) -> None:
    spec = _run_spec(tmp_path)
    analysis = spec["Analysis"]
    hidden = set(analysis.kwargs["hiddenimports"])
    datas = {(Path(src).resolve(), dest) for src, dest in analysis.kwargs["datas"]}
    for rel in smoke.needed_files():
        if rel.endswith(".py"):
            assert smoke.module_name(rel) in hidden, rel
        else:
            # laid out as the package it belongs to: resources/icons/sabot.svg in resources/icons
            assert ((ROOT / rel).resolve(), str(Path(rel).parent)) in datas, rel
    for module in ("ui.app", "trainer.commands.drill", "pyqtgraph"):
        assert module in hidden
    launcher = (PACKAGING / "sabot_main.py").read_text(encoding="utf-8")
    assert "from trainer.cli import main" in launcher


def test_the_spec_leaves_out_every_qt_module_the_app_does_not_import(tmp_path: Path) -> None:
    spec = _run_spec(tmp_path)
    excludes = set(spec["Analysis"].kwargs["excludes"])
    # pyqtgraph imports QtOpenGL and QtOpenGLWidgets at start, even when it draws without OpenGL
    assert spec["QT_USED"] == {"QtCore", "QtGui", "QtWidgets", "QtOpenGL", "QtOpenGLWidgets"}
    assert spec["qt_installed"] - spec["QT_USED"]  # there is something to leave out
    assert {f"PySide6.{m}" for m in spec["qt_installed"] - spec["QT_USED"]} <= excludes
    assert not {f"PySide6.{m}" for m in spec["QT_USED"]} & excludes


@pytest.mark.slow
def test_the_app_imports_and_plots_without_the_qt_modules_the_spec_leaves_out(
    tmp_path: Path,
) -> None:
    # The frozen app has none of the excluded modules: import every module of Sabot and draw a
    # pyqtgraph plot in a process where importing them fails, as it would there.
    spec = _run_spec(tmp_path)
    left_out = sorted(m for m in spec["Analysis"].kwargs["excludes"] if m.startswith("PySide6."))
    modules = spec["own_modules"]
    code = f"""
import importlib, sys
class LeftOut:
    def find_spec(self, name, path=None, target=None):
        if name in {left_out!r}:
            raise ImportError(f"{{name}} is not in the bundle")
sys.meta_path.insert(0, LeftOut())
for m in {modules!r}:
    importlib.import_module(m)
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
app = QApplication([])
plot = pg.PlotWidget()
plot.plot([1, 2, 3], [2, 1, 3])
plot.resize(200, 100)
plot.show()
app.processEvents()
assert not plot.grab().isNull()
print("imported", len({modules!r}), "modules")
"""
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "imported" in proc.stdout


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
    out = smoke.run_step(
        "ok",
        _python("print('sabot 1.2.3')"),
        cwd=tmp_path,
        timeout=30,
        check_stdout=smoke.version_is("1.2.3"),
    )
    assert out == "sabot 1.2.3\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("code", "timeout", "complaint"),
    [
        ("raise SystemExit(3)", 30, "exit status 3"),
        ("import sys; sys.stderr.write('Traceback (most recent call last):\\n')", 30, "traceback"),
        ("print('no json here')", 30, "not valid JSON"),
        ("import time; time.sleep(30)", 0.5, "no exit within"),
        ("import warnings; warnings.warn('old')", 30, "unexpected output on stderr: .*UserWarning"),
    ],
    ids=["exit-status", "traceback", "bad-json", "timeout", "python-warning"],
)
def test_smoke_step_fails_and_says_why(
    smoke: ModuleType, tmp_path: Path, code: str, timeout: float, complaint: str
) -> None:
    with pytest.raises(smoke.SmokeFailure, match=complaint) as failure:
        smoke.run_step(
            "step-x", _python(code), cwd=tmp_path, timeout=timeout, check_stdout=smoke._is_json
        )
    assert "step step-x" in str(failure.value)


@pytest.mark.slow
def test_smoke_step_fails_on_a_qt_warning_but_not_on_the_offscreen_notes(
    smoke: ModuleType, tmp_path: Path
) -> None:
    # a real Qt program: its messages come tagged with their level through QT_MESSAGE_PATTERN
    def qt(calls: str) -> list[str]:
        return _python("from PySide6.QtCore import qDebug, qWarning\n" + calls + "\nprint('{}')")

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    notes = "qWarning('This plugin does not support propagateSizeHints()'); qDebug('hello')"
    smoke.run_step("notes", qt(notes), cwd=tmp_path, timeout=30, env=env)
    with pytest.raises(smoke.SmokeFailure, match="a Qt warning: QPainter::begin: no device"):
        smoke.run_step(
            "warned",
            qt("qWarning('QPainter::begin: no device')"),
            cwd=tmp_path,
            timeout=30,
            env=env,
        )


@pytest.mark.slow
def test_smoke_step_answers_a_drill_on_its_standard_input(
    smoke: ModuleType, tmp_path: Path
) -> None:
    # a drill that answers from its input as `sabot drill --json` does: one verdict a line
    echo = (
        "import json, sys\n"
        "for line in sys.stdin: print(json.dumps({'type': 'verdict', 'given': line.strip()}))"
    )
    out = smoke.run_step(
        "drill",
        _python(echo),
        cwd=tmp_path,
        timeout=30,
        input="6\n7\n",
        check_stdout=smoke._verdicts(2),
    )
    assert '"given": "7"' in out
    with pytest.raises(smoke.SmokeFailure, match="1 verdicts, not 2"):
        smoke.run_step(
            "drill",
            _python(echo),
            cwd=tmp_path,
            timeout=30,
            input="6\n",
            check_stdout=smoke._verdicts(2),
        )


def test_the_version_must_be_the_one_asked_for(smoke: ModuleType) -> None:
    assert smoke.version_is("0.1.0")("sabot 0.1.0\n") is None
    assert "not 'sabot 0.1.0'" in smoke.version_is("0.1.0")("sabot 0.1.1\n")
    assert smoke.source_version() == cli.__version__


def test_smoke_test_refuses_a_missing_command(smoke: ModuleType) -> None:
    with pytest.raises(smoke.SmokeFailure, match="not an executable"):
        smoke.parse_command(["sabot-no-such-command"])


# --- what the smoke test holds a package to ------------------------------------------------


def _plant(root: Path, files: list[str]) -> None:
    for rel in files:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x", encoding="utf-8")


def test_needed_files_are_every_module_and_data_file_but_caches(
    smoke: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = ["resources/__init__.py", "resources/rules/book.json", "trainer/game/x.py", "ui/a.qss"]
    left = ["trainer/__pycache__/x.cpython-311.pyc", "resources/.DS_Store", "ui/.hidden/y.py"]
    _plant(tmp_path, kept + left)
    monkeypatch.setattr(smoke, "ROOT", tmp_path)
    assert smoke.needed_files() == sorted(kept, key=lambda f: OWN_PACKAGES.index(f.split("/")[0]))
    assert smoke.module_name("trainer/game/x.py") == "trainer.game.x"
    assert smoke.module_name("resources/__init__.py") == "resources"


def test_a_wheel_lacking_a_data_file_fails_and_names_it(
    smoke: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _plant(tmp_path, ["trainer/__init__.py", "resources/rules/book.json"])
    (tmp_path / "trainer" / "__init__.py").write_text('__version__ = "9.9"\n', encoding="utf-8")
    monkeypatch.setattr(smoke, "ROOT", tmp_path)
    wheel = tmp_path / "sabot-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("trainer/__init__.py", "")
        z.writestr(
            "sabot-9.9.dist-info/METADATA", "Metadata-Version: 2.4\nName: sabot\nVersion: 9.9\n"
        )
    with pytest.raises(smoke.SmokeFailure, match="lacks 1 file.*resources/rules/book.json"):
        smoke.check_wheel(wheel)
    with zipfile.ZipFile(wheel, "a") as z:
        z.writestr("resources/rules/book.json", "{}")
    smoke.check_wheel(wheel)
    with zipfile.ZipFile(wheel, "a") as z:
        z.writestr("packaging/__init__.py", "")  # would shadow PyPA's `packaging`
    with pytest.raises(smoke.SmokeFailure, match=r"more than Sabot's packages: \['packaging'\]"):
        smoke.check_wheel(wheel)


def test_the_wheel_s_venv_sees_the_dependencies_but_not_sabot_itself(
    smoke: ModuleType, tmp_path: Path
) -> None:
    site_dir = tmp_path / "site-packages"
    deps = ["platformdirs/__init__.py", "platformdirs-4.3.dist-info/METADATA", "six.py"]
    own = [
        "trainer/__init__.py",
        "ui/__init__.py",
        "resources/__init__.py",
        "sabot-0.1.0.dist-info/METADATA",
        "__editable__.sabot-0.1.0.pth",
        "__editable___sabot_0_1_0_finder.py",
    ]
    _plant(site_dir, deps + own)
    (site_dir / "distutils-precedence.pth").write_text("import os\n", encoding="utf-8")
    (site_dir / "easy-install.pth").write_text(f"{ROOT}\n", encoding="utf-8")  # legacy -e
    (view,) = smoke.dependency_view(tmp_path / "view", [site_dir])
    assert sorted(p.name for p in view.iterdir()) == [
        "distutils-precedence.pth",
        "platformdirs",
        "platformdirs-4.3.dist-info",
        "six.py",
    ]
    assert (view / "platformdirs").resolve() == site_dir / "platformdirs"


def test_the_size_report_names_the_largest_parts_and_files(
    smoke: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = tmp_path / "sabot"
    sizes = {
        "sabot": 1,
        "_internal/libpython.so": 2,
        "_internal/PySide6/Qt/lib/libQt6Gui.so": 6,
        "_internal/PySide6/QtGui.abi3.so": 4,
        "_internal/numpy/core.so": 2,
        "_internal/numpy/linalg.so": 1,
    }
    for rel, mb in sizes.items():
        (app / rel).parent.mkdir(parents=True, exist_ok=True)
        (app / rel).write_bytes(b"x" * mb * 1_000_000)
    smoke.report_size(app)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"smoke: size: {app} is 16 MB in 6 files"
    # PySide6 is over 40 % of the whole: its parts are shown, not the lump
    assert out[1] == (
        "smoke: size: largest parts: _internal/PySide6/Qt 6.0 MB, _internal/PySide6/QtGui.abi3.so"
        " 4.0 MB, _internal/numpy 3.0 MB, _internal/libpython.so 2.0 MB, sabot 1.0 MB"
    )
    assert out[2].startswith(
        "smoke: size: largest files: _internal/PySide6/Qt/lib/libQt6Gui.so 6.0"
    )


def test_an_sdist_lacking_the_desktop_entry_fails_and_names_it(
    smoke: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import tarfile

    tree = tmp_path / "tree"
    files = ["trainer/__init__.py", "pyproject.toml", "README.md", "tests/test_x.py"]
    _plant(tree, files + ["packaging/io.github.sabot.Sabot.desktop"])
    (tree / "trainer" / "__init__.py").write_text('__version__ = "9.9"\n', encoding="utf-8")
    monkeypatch.setattr(smoke, "ROOT", tree)

    def sdist(names: list[str]) -> Path:
        path = tmp_path / "sabot-9.9.tar.gz"
        with tarfile.open(path, "w:gz") as tar:
            for name in names:
                info = tarfile.TarInfo(f"sabot-9.9/{name}")
                tar.addfile(info, io.BytesIO(b""))
        return path

    with pytest.raises(smoke.SmokeFailure, match="lacks 1 file.*Sabot.desktop"):
        smoke.check_sdist(sdist(files))
    smoke.check_sdist(sdist(files + ["packaging/io.github.sabot.Sabot.desktop"]))


def test_the_app_must_look_at_its_fixed_windows_and_at_a_rules_book_once_there_is_one(
    smoke: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _plant(tmp_path, ["ui/app.py"])
    monkeypatch.setattr(smoke, "ROOT", tmp_path)
    assert smoke.unseen_windows([*smoke.LOOKS, "Home game…"]) == []
    assert smoke.unseen_windows(smoke.LOOKS[:-1]) == ["settings dialog"]
    _plant(tmp_path, ["ui/dialogs/rules_book.py"])
    assert smoke.unseen_windows(smoke.LOOKS) == ["the rules book (no menu action names it)"]
    assert smoke.unseen_windows([*smoke.LOOKS, "Rules…"]) == []
