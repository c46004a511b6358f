"""Start a built Sabot, headless, and fail on anything that is not a clean run.

    python packaging/smoke_test.py --wheel dist/sabot-VERSION-py3-none-any.whl
    python packaging/smoke_test.py --sdist dist/sabot-VERSION.tar.gz    # its contents only
    python packaging/smoke_test.py --frozen [dist/sabot]     # the PyInstaller folder
    python packaging/smoke_test.py [COMMAND...]              # default: the `sabot` on PATH

With --wheel or --frozen, the package is first checked to hold every file of this source
tree's trainer/, ui/ and resources/ (its modules and its data files, whatever their names):

- a wheel: its file list, and its metadata's version is the source tree's; it is then installed
  alone (--no-deps) into a scratch venv, build/wheel-venv, that sees the packages of the
  environment running this script (a venv or the system, where `pip install .` put Sabot's
  dependencies) less Sabot's own, and never the source tree;
- a frozen app: the data files under its _internal/ folder, and the modules in the executable's
  archive (read with PyInstaller, which built it).

--sdist only checks that the source release holds those files, pyproject.toml and README.md,
and every file of packaging/ and tests/, under a sabot-VERSION/ folder.

Then four steps, each a fresh process run from a scratch directory with a private
SABOT_DATA_DIR (so neither a source tree in the working directory nor a real history can stand
in for what was packaged):

1. `COMMAND --version` exits 0 and prints exactly `sabot VERSION`, VERSION being the source
   tree's `trainer.__version__`: the wheel and the frozen app print the same;
2. `COMMAND round SCENARIO` exits 0 and prints valid JSON, SCENARIO being split.json as the
   package ships it (the source tree's for a plain COMMAND);
3. `COMMAND drill announce --count 3 --json`, answered on standard input, stores three answers
   in the history (SQLite through the package's own modules) and prints three verdicts;
4. `COMMAND` with SABOT_SMOKE=1 and QT_QPA_PLATFORM=offscreen: the app looks at each of its
   windows (home, the window icon, a drill's table, the progress view and its chart, the
   settings dialog, then whatever else the menus open: the home game, the rules book once
   there is one; see ui/smoke.py) and quits with status 0; each of those must have been seen.

A step fails on a non-zero exit, a timeout, or anything on standard error but what the
offscreen platform always says: Qt's messages are tagged with their level (QT_MESSAGE_PATTERN),
so a traceback, a Python warning and a Qt warning all fail the step, even one the app carried on
from. The script exits 1 at the first failure and says which step and why. It needs only the
standard library, but for --frozen, which reads the app's archive with PyInstaller.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import site
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OWN_PACKAGES = ("trainer", "ui", "resources")  # Sabot's top-level packages, all in the wheel
SCENARIO = Path("resources", "scenarios", "split.json")
DIST = ROOT / "dist"
FROZEN_DIR = DIST / "sabot"
WHEEL_VENV = ROOT / "build" / "wheel-venv"

CLI_TIMEOUT = 60  # seconds; a frozen app's first start reads a few hundred files from disk
GUI_TIMEOUT = 90  # the app's own looks give up after 15 s each
# "qt.LEVEL: message" for every message Qt prints (see _stderr_problems)
QT_MESSAGE_PATTERN = "qt.%{type}: %{message}"
# What the offscreen platform says of every window it shows or raises: not a fault of the build.
OFFSCREEN_NOTES = re.compile(r"This plugin does not support (propagateSizeHints|raise)\(\)")

USAGE = (
    "usage: python packaging/smoke_test.py"
    " [--wheel WHEEL | --sdist SDIST | --frozen [DIR] | COMMAND...]"
)


class SmokeFailure(Exception):
    pass


def _tail(text: str, lines: int = 40) -> str:
    kept = text.rstrip().splitlines()[-lines:]
    return "\n".join("    " + line for line in kept)


# --- what the package must hold ------------------------------------------------------------


def source_version() -> str:
    text = (ROOT / "trainer" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    if found is None:
        raise SmokeFailure("trainer/__init__.py sets no __version__")
    return found.group(1)


def _tree_files(top: str) -> list[str]:
    return [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / top).rglob("*"))
        if p.is_file()
        and not any(
            part == "__pycache__" or part.startswith(".") for part in p.relative_to(ROOT).parts
        )
        and p.suffix not in (".pyc", ".pyo")
    ]


def needed_files() -> list[str]:
    """Every file of trainer/, ui/ and resources/ the package must carry, as relative POSIX
    paths: modules and data files alike, bytecode caches and hidden files left out."""
    return [f for top in OWN_PACKAGES for f in _tree_files(top)]


def module_name(rel: str) -> str:
    parts = rel.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _missing(what: str, names: Sequence[str]) -> SmokeFailure:
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    return SmokeFailure(f"{what} lacks {len(names)} file(s) it needs: {shown}")


def check_wheel(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        missing = [f for f in needed_files() if f not in names]
        if missing:
            raise _missing(wheel.name, missing)
        # nothing else lands in site-packages: a top-level tests/ or packaging/ there would
        # shadow other projects' (PyPA's `packaging`)
        stray = sorted(
            {n.split("/")[0] for n in names}
            - set(OWN_PACKAGES)
            - {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
        )
        if stray:
            raise SmokeFailure(f"{wheel.name} installs more than Sabot's packages: {stray}")
        metadata_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if metadata_name is None:
            raise SmokeFailure(f"{wheel.name} has no METADATA")
        metadata = Parser().parsestr(z.read(metadata_name).decode("utf-8"))
    if metadata["Version"] != source_version():
        raise SmokeFailure(
            f"{wheel.name} is version {metadata['Version']}, the source tree {source_version()}"
        )
    print(f"smoke: contents: {wheel.name} holds all {len(needed_files())} files", flush=True)


def check_sdist(sdist: Path) -> None:
    import tarfile

    top = f"sabot-{source_version()}/"
    with tarfile.open(sdist) as tar:
        names = {m.name.removeprefix(top) for m in tar.getmembers() if m.name.startswith(top)}
    needed = needed_files() + ["pyproject.toml", "README.md"]
    needed += _tree_files("packaging") + _tree_files("tests")
    missing = [f for f in needed if f not in names]
    if not names:
        raise SmokeFailure(f"{sdist.name} holds no {top} folder")
    if missing:
        raise _missing(sdist.name, missing)
    print(f"smoke: contents: {sdist.name} holds all {len(needed)} files", flush=True)


def _frozen_modules(exe: Path) -> set[str]:
    try:
        from PyInstaller.archive.readers import CArchiveReader
    except ImportError:
        raise SmokeFailure(
            "reading the frozen app's modules needs PyInstaller (pip install pyinstaller)"
        ) from None
    archive = CArchiveReader(str(exe))
    pyz = next((n for n in archive.toc if n.endswith(".pyz")), None)
    if pyz is None:
        raise SmokeFailure(f"{exe} holds no module archive")
    return set(archive.open_embedded_archive(pyz).toc)


def check_frozen(folder: Path) -> None:
    exe = frozen_executable(folder)
    internal = folder / "_internal"
    modules = _frozen_modules(exe)
    missing = []
    for rel in needed_files():
        if rel.endswith(".py"):
            if module_name(rel) not in modules:
                missing.append(f"{rel} (module {module_name(rel)})")
        elif not (internal / rel).is_file():
            missing.append(f"_internal/{rel}")
    if missing:
        raise _missing(str(folder), missing)
    print(f"smoke: contents: {folder} holds all {len(needed_files())} files", flush=True)


def _size(path: Path) -> int:
    if path.is_symlink():
        return 0
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def report_size(folder: Path) -> None:
    """Print the folder's size and its five largest parts and files: what to look at first when
    the bundle grows. The parts are the entries of the folder and of its _internal/, a folder
    over 40 % of the whole (PySide6) split into its own entries."""
    mb = 1_000_000
    total = _size(folder)
    parts = [folder]
    while big := [p for p in parts if p.is_dir() and (p == folder or _size(p) > 0.4 * total)]:
        parts = [p for p in parts if p not in big] + [c for b in big for c in b.iterdir()]
    sized = sorted(((_size(p), p.relative_to(folder).as_posix()) for p in parts), reverse=True)
    files = sorted(
        (p.stat().st_size, p.relative_to(folder).as_posix())
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink()
    )[::-1]
    print(f"smoke: size: {folder} is {total / mb:.0f} MB in {len(files)} files")
    for title, rows in (("parts", sized), ("files", files)):
        shown = ", ".join(f"{name} {size / mb:.1f} MB" for size, name in rows[:5])
        print(f"smoke: size: largest {title}: {shown}", flush=True)


def frozen_executable(folder: Path) -> Path:
    exe = folder / ("sabot.exe" if os.name == "nt" else "sabot")
    if not exe.is_file():
        raise SmokeFailure(f"no frozen app at {exe}: run packaging/build.sh first")
    return exe


# --- the scratch venv that installs the wheel ----------------------------------------------


def site_dirs() -> list[Path]:
    """Where the interpreter running this script finds its packages (a venv's site-packages, or
    the system's dist-packages, and the user's), in its own order."""
    dirs = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    seen: set[Path] = set()
    found = []
    for d in map(Path, dirs):
        if d.is_dir() and d.resolve() not in seen:
            seen.add(d.resolve())
            found.append(d)
    return found


def _is_sabot_own(entry: Path) -> bool:
    """Whether an entry of a site directory belongs to Sabot itself, installed (`pip install .`)
    or editable (`pip install -e .`), rather than to one of its dependencies."""
    name = entry.name
    stem = name.split("-")[0].split(".")[0].lower()
    if name in OWN_PACKAGES or stem == "sabot":
        return True
    if name.startswith("__editable__") and "sabot" in name.lower():
        return True
    if entry.suffix in (".pth", ".egg-link") and entry.is_file():
        # a path file that puts the source tree itself on sys.path
        try:
            return str(ROOT) in entry.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
    return False


def dependency_view(dest: Path, sources: Sequence[Path]) -> list[Path]:
    """Mirror each of `sources` into dest/0, dest/1, ... as symbolic links to every entry but
    Sabot's own: what the wheel's venv sees of the packages around it."""
    if dest.exists():
        shutil.rmtree(dest)
    views = []
    for i, src in enumerate(sources):
        view = dest / str(i)
        view.mkdir(parents=True)
        for entry in sorted(src.iterdir()):
            if not _is_sabot_own(entry):
                (view / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        views.append(view)
    return views


def _missing_dependencies(wheel: Path) -> list[str]:
    from importlib import metadata

    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        requires = Parser().parsestr(z.read(name).decode("utf-8")).get_all("Requires-Dist", [])
    missing = []
    for req in requires:
        if "extra ==" in req:
            continue
        dist = re.match(r"[A-Za-z0-9._-]+", req)
        if dist is None:
            continue
        try:
            metadata.distribution(dist.group(0))
        except metadata.PackageNotFoundError:
            if dist.group(0) not in missing:
                missing.append(dist.group(0))
    return missing


def install_wheel(wheel: Path, venv: Path = WHEEL_VENV) -> tuple[Path, Path]:
    """Install the wheel alone into a scratch venv that sees the running environment's packages
    but Sabot's own; return its `sabot` and its site-packages."""
    missing = _missing_dependencies(wheel)
    if missing:
        raise SmokeFailure(
            f"Sabot's dependencies are not installed where the build runs ({', '.join(missing)}):"
            f" pip install . (or pip install {' '.join(missing)}) first"
        )
    if venv.exists():
        shutil.rmtree(venv)
    # no pip of its own: this environment's pip installs into it (--python, pip 22.3 or later)
    _run_quietly(
        "make the wheel's venv", [sys.executable, "-m", "venv", "--without-pip", str(venv)]
    )
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    _run_quietly(
        "install the wheel",
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
        + ["--no-deps", "--no-index", str(wheel)],
    )
    purelib = Path(
        _run_quietly(
            "find the venv's site-packages",
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        ).strip()
    )
    views = dependency_view(venv / "dependencies", site_dirs())
    # a path file whose import line adds each view as a site directory (its own path files too)
    adds = "; ".join(f"site.addsitedir({str(v)!r})" for v in views)
    (purelib / "_sabot_smoke_dependencies.pth").write_text(f"import site; {adds}\n")
    print(
        f"smoke: install: {wheel.name} into {venv}, beside the packages of "
        + ", ".join(map(str, site_dirs())),
        flush=True,
    )
    return bindir / ("sabot.exe" if os.name == "nt" else "sabot"), purelib


def _run_quietly(what: str, argv: Sequence[str]) -> str:
    proc = subprocess.run(
        list(argv), capture_output=True, text=True, stdin=subprocess.DEVNULL, env=_clean_env()
    )
    if proc.returncode != 0:
        raise SmokeFailure(f"cannot {what}: {_tail(proc.stderr or proc.stdout)}")
    return proc.stdout


def _clean_env() -> dict[str, str]:
    """The environment less what would put other code on the path of a packaged Sabot."""
    return {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV")
    }


# --- the steps -----------------------------------------------------------------------------


def _stderr_problems(stderr: str) -> list[str]:
    problems = []
    other = []
    for line in stderr.splitlines():
        if not line.strip():
            continue
        if line.startswith("qt."):
            level, _, message = line[3:].partition(": ")
            if level in ("debug", "info") or OFFSCREEN_NOTES.search(message):
                continue
            problems.append(f"a Qt {level}: {message.strip()}")
        elif "Traceback (most recent call last)" in line:
            problems.append("a traceback")
        else:
            other.append(line.strip())
    if other and not any(p == "a traceback" for p in problems):
        problems.append(f"unexpected output on stderr: {other[0]}")
    return list(dict.fromkeys(problems))


def run_step(
    name: str,
    argv: Sequence[str],
    *,
    cwd: Path,
    timeout: float,
    env: dict[str, str] | None = None,
    check_stdout: Callable[[str], str | None] | None = None,
    input: str | None = None,
) -> str:
    """Run one step and return its standard output; raise SmokeFailure saying what went wrong.
    `check_stdout` returns a complaint or None; `input` is the step's standard input (none by
    default)."""
    print(f"smoke: {name}: {' '.join(argv)}", flush=True)
    env = dict(os.environ if env is None else env, QT_MESSAGE_PATTERN=QT_MESSAGE_PATTERN)
    try:
        proc = subprocess.run(
            list(argv),
            cwd=cwd,
            env=env,
            input=input,
            stdin=subprocess.DEVNULL if input is None else None,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as e:
        err = e.stderr.decode("utf-8", "replace") if isinstance(e.stderr, bytes) else e.stderr
        raise SmokeFailure(
            f"step {name}: no exit within {timeout:g} s"
            + (f"; stderr:\n{_tail(err)}" if err else "")
        ) from None
    except OSError as e:
        raise SmokeFailure(f"step {name}: cannot start {argv[0]}: {e.strerror}") from None
    problems = []
    if proc.returncode != 0:
        problems.append(f"exit status {proc.returncode}")
    problems += _stderr_problems(proc.stderr)
    if not problems and check_stdout is not None:
        complaint = check_stdout(proc.stdout)
        if complaint:
            problems.append(complaint)
    if problems:
        detail = f"step {name}: " + ", ".join(problems)
        if proc.stderr.strip():
            detail += f"; stderr:\n{_tail(proc.stderr)}"
        if proc.stdout.strip():
            detail += f"; stdout:\n{_tail(proc.stdout)}"
        raise SmokeFailure(detail)
    return proc.stdout


def version_is(expected: str) -> Callable[[str], str | None]:
    def check(out: str) -> str | None:
        said = out.strip()
        return None if said == f"sabot {expected}" else f"it says {said!r}, not 'sabot {expected}'"

    return check


def _is_json(out: str) -> str | None:
    try:
        json.loads(out)
    except ValueError as e:
        return f"the output is not valid JSON ({e})"
    return None


def _verdicts(count: int) -> Callable[[str], str | None]:
    def check(out: str) -> str | None:
        try:
            lines = [json.loads(line) for line in out.splitlines() if line.strip()]
        except ValueError as e:
            return f"a line of the output is not valid JSON ({e})"
        verdicts = sum(1 for line in lines if line.get("type") == "verdict")
        return None if verdicts == count else f"{verdicts} verdicts, not {count}"

    return check


# What the app's smoke run (ui/smoke.py) must have looked at, whatever else its menus offer.
LOOKS = ["home", "window icon", "drill table", "progress view", "settings dialog"]


def unseen_windows(looked: Sequence[str]) -> list[str]:
    """The windows the source tree has that the app's smoke run did not look at: the fixed
    ones, and the rules book (opened from a menu action naming it) once ui/ has one."""
    unseen = [name for name in LOOKS if name not in looked]
    has_rules_book = any((ROOT / "ui").rglob("rules*.py"))
    if has_rules_book and not any("rule" in name.lower() for name in looked):
        unseen.append("the rules book (no menu action names it)")
    return unseen


def smoke(command: Sequence[str], scenario: Path, *, clean: bool = True) -> None:
    """The four steps. `clean`: run without PYTHONPATH and the like (a packaged Sabot)."""
    if not scenario.is_file():
        raise SmokeFailure(f"no scenario at {scenario}")
    with tempfile.TemporaryDirectory(prefix="sabot-smoke-") as tmp:
        scratch = Path(tmp)
        data_dir = scratch / "data"
        data_dir.mkdir()
        env = _clean_env() if clean else dict(os.environ)
        # none of the steps may touch a real trainee's history or settings
        env["SABOT_DATA_DIR"] = str(data_dir)
        version = source_version()
        run_step(
            "version",
            [*command, "--version"],
            cwd=scratch,
            env=env,
            timeout=CLI_TIMEOUT,
            check_stdout=version_is(version),
        )
        run_step(
            "round",
            [*command, "round", str(scenario)],
            cwd=scratch,
            env=env,
            timeout=CLI_TIMEOUT,
            check_stdout=_is_json,
        )
        run_step(
            "drill",
            [*command, "drill", "announce", "--count", "3", "--seed", "1", "--json"],
            cwd=scratch,
            env=env,
            timeout=CLI_TIMEOUT,
            input="6\n7\n8\n",
            check_stdout=_verdicts(3),
        )
        gui_env = dict(env, SABOT_SMOKE="1", QT_QPA_PLATFORM="offscreen")
        out = run_step("gui", list(command), cwd=scratch, env=gui_env, timeout=GUI_TIMEOUT)
        looked = [line for line in out.splitlines() if line.startswith("smoke: looked at ")]
        if not looked:
            raise SmokeFailure("step gui: the app did not run its looks (is SABOT_SMOKE read?)")
        unseen = unseen_windows(looked[-1].removeprefix("smoke: looked at ").split(", "))
        if unseen:
            raise SmokeFailure(f"step gui: the app never looked at {', '.join(unseen)}")
        print(f"{looked[-1]} (sabot {version})", flush=True)


# --- the command line ----------------------------------------------------------------------


def _plain_command(args: Sequence[str]) -> list[str]:
    args = list(args) or ["sabot"]
    found = shutil.which(args[0])
    if found is None:
        raise SmokeFailure(f"{args[0]} is not an executable on PATH (pip install . first?)")
    return [os.path.abspath(found), *args[1:]]


def parse_command(args: Sequence[str]) -> list[str]:
    """The command a plain run smoke-tests (kept for callers of the old interface)."""
    args = list(args)
    if args[:1] == ["--"]:
        args = args[1:]
    return _plain_command(args)


def _resolve_file(arg: str) -> Path:
    matches = [Path(m) for m in sorted(glob.glob(arg))] if glob.has_magic(arg) else [Path(arg)]
    if len(matches) != 1 or not matches[0].is_file():
        raise SmokeFailure(f"{arg}: no single file there (run packaging/build.sh first)")
    return matches[0].resolve()


def run(args: Sequence[str]) -> str:
    """Smoke-test what `args` names; return what was tested, for the closing line."""
    args = list(args)
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        raise SystemExit(0)
    if args[:1] == ["--wheel"]:
        if len(args) != 2:
            raise SystemExit(f"{USAGE}\n--wheel takes one wheel file")
        wheel = _resolve_file(args[1])
        check_wheel(wheel)
        sabot, purelib = install_wheel(wheel)
        smoke([str(sabot)], purelib / SCENARIO)
        return f"the wheel {wheel.name} (contents, version, round, drill, gui)"
    if args[:1] == ["--sdist"]:
        if len(args) != 2:
            raise SystemExit(f"{USAGE}\n--sdist takes one .tar.gz file")
        sdist = _resolve_file(args[1])
        check_sdist(sdist)
        return f"the sdist {sdist.name} (contents)"
    if args[:1] == ["--frozen"]:
        if len(args) > 2:
            raise SystemExit(f"{USAGE}\n--frozen takes at most the app's folder")
        folder = Path(args[1]).resolve() if len(args) == 2 else FROZEN_DIR
        check_frozen(folder)
        report_size(folder)
        smoke([str(frozen_executable(folder))], folder / "_internal" / SCENARIO)
        return f"the frozen app {folder} (contents, version, round, drill, gui)"
    if args[:1] == ["--"]:
        args = args[1:]
    command = _plain_command(args)
    smoke(command, ROOT / SCENARIO, clean=False)
    return f"{' '.join(command)} (version, round, drill, gui)"


def main(argv: Sequence[str] | None = None) -> int:
    try:
        what = run(sys.argv[1:] if argv is None else argv)
    except SmokeFailure as e:
        print(f"smoke: FAILED: {e}", file=sys.stderr, flush=True)
        return 1
    print(f"smoke: passed: {what}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
