"""A real PostgreSQL server for the tests, started by the tests themselves: Debian's `postgresql`
package (`initdb`, `pg_ctl`), a cluster in a temporary folder, listening on a Unix socket only,
run as an unprivileged user. Where the server binaries or psycopg are missing, the tests that
need it skip and say why (CI installs them: see .ci/run)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ADMIN = "sabot_admin"


def _bindir() -> Path | None:
    for initdb in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True):
        return Path(initdb).parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _unprivileged() -> dict[str, object]:
    """Run the server as somebody other than root (initdb refuses root)."""
    if os.geteuid() != 0:
        return {}
    for name in ("postgres", "nobody"):
        try:
            pw = pwd.getpwnam(name)
        except KeyError:
            continue
        return {"user": pw.pw_uid, "group": pw.pw_gid}
    pytest.skip("running as root with no unprivileged user (postgres, nobody) to run the server")


def why_no_server() -> str | None:
    if _bindir() is None:
        return "no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed: pip install 'psycopg[binary]'"
    return None


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """The URL of a fresh database on a server of its own, for the whole test session."""
    why = why_no_server()
    if why:
        pytest.skip(why)
    bindir = _bindir()
    assert bindir is not None
    run_as = _unprivileged()
    base = Path(tempfile.mkdtemp(prefix="sabot-pg-"))
    data = base / "data"
    if run_as:
        os.chown(base, run_as["user"], run_as["group"])  # type: ignore[arg-type]
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")

    def run(*cmd: str) -> None:
        p = subprocess.run(
            cmd, env=env, capture_output=True, text=True, timeout=120, cwd=base, **run_as
        )  # type: ignore[call-overload]
        if p.returncode != 0:
            pytest.fail(f"{cmd[0]} failed: {p.stderr.strip() or p.stdout.strip()}")

    run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", ADMIN, "-E", "UTF8",
        "--no-sync", "--no-instructions")  # fmt: skip
    run(
        str(bindir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-t", "60",
        "-o", f"-k {base} -c listen_addresses='' -F -c max_connections=100", "start",
    )  # fmt: skip
    try:
        yield f"postgresql:///postgres?host={base}&user={ADMIN}"
    finally:
        subprocess.run(
            [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            env=env, capture_output=True, timeout=60, cwd=base, **run_as,
        )  # type: ignore[call-overload]  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)
