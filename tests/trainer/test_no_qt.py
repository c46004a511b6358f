"""The domain stays apart from the GUI (STYLE.md): importing `trainer` and every one of its modules
in a fresh interpreter loads no PySide6, shiboken6 or pyqtgraph."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
QT = ("PySide6", "shiboken6", "pyqtgraph")

PROBE = """
import importlib, json, pkgutil, sys, traceback
import trainer
names, errors = ["trainer"], {}
for info in pkgutil.walk_packages(trainer.__path__, "trainer."):
    names.append(info.name)
    try:
        importlib.import_module(info.name)
    except Exception:
        errors[info.name] = traceback.format_exc(limit=1).strip().splitlines()[-1]
qt = sorted(m for m in sys.modules if m.split(".")[0] in QT_NAMES)
print(json.dumps({"modules": names, "errors": errors, "qt": qt}))
""".replace("QT_NAMES", repr(QT))


@pytest.fixture(scope="module")
def imported() -> dict[str, object]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    env.pop("QT_QPA_PLATFORM", None)
    p = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_trainer_and_all_its_modules_import_without_qt(imported: dict[str, object]) -> None:
    assert imported["qt"] == [], f"the domain loaded Qt: {imported['qt']}"


@pytest.mark.slow
def test_every_trainer_module_imports(imported: dict[str, object]) -> None:
    modules = imported["modules"]
    assert isinstance(modules, list)
    for name in (
        "game.cards",
        "game.announce",
        "game.rules",
        "game.shoe",
        "game.payout",
        "game.round",
        "game.scenario",
        "cli",
    ):
        assert f"trainer.{name}" in modules
    assert imported["errors"] == {}


@pytest.mark.slow
def test_sabot_round_does_not_load_qt(tmp_path: Path) -> None:
    # the headless command runs on machines with no display: it must not touch Qt either
    scenario = str(REPO / "resources" / "scenarios" / "split.json")
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['sabot', 'round', {scenario!r}, '--compact']\n"
        "try:\n"
        "    runpy.run_module('trainer.cli', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print([m for m in sys.modules if m.split('.')[0] in {QT!r}], file=sys.stderr)\n"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    p = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["dealer"]["result"] == "bust"
    assert p.stderr.strip().splitlines()[-1] == "[]"
