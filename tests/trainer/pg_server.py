"""A real PostgreSQL server for the tests, started by the tests themselves: Debian's `postgresql`
package (`initdb`, `pg_ctl`), a cluster in a temporary folder, listening on a Unix socket only,
run as an unprivileged user. Where the server binaries or psycopg are missing, the tests that
need it skip and say why — unless SABOT_REQUIRE_POSTGRES is set, as CI sets it (.ci/run, which
installs them): there they fail, so a CI run cannot pass by skipping them."""

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
    why = "running as root with no unprivileged user (postgres, nobody) to run the server"
    if os.environ.get("SABOT_REQUIRE_POSTGRES"):
        pytest.fail(f"SABOT_REQUIRE_POSTGRES is set, but {why}")
    pytest.skip(why)


def why_no_server() -> str | None:
    if _bindir() is None:
        return "no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed: pip install 'psycopg[binary]'"
    return None


class PgServer:
    """A PostgreSQL cluster of its own in a temporary folder, on a Unix socket only: started,
    stopped (`pg_ctl stop`, as a server restarting) and started again by the tests."""

    def __init__(self) -> None:
        why = why_no_server()
        if why:
            if os.environ.get("SABOT_REQUIRE_POSTGRES"):  # CI: a skip would hide them
                pytest.fail(f"SABOT_REQUIRE_POSTGRES is set, but {why}")
            pytest.skip(why)
        bindir = _bindir()
        assert bindir is not None
        self.bindir = bindir
        self.run_as = _unprivileged()
        self.base = Path(tempfile.mkdtemp(prefix="sabot-pg-"))
        self.data = self.base / "data"
        if self.run_as:
            os.chown(self.base, self.run_as["user"], self.run_as["group"])  # type: ignore[arg-type]
        self.env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
        self.url = f"postgresql:///postgres?host={self.base}&user={ADMIN}"
        self._run(str(bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", ADMIN,
                  "-E", "UTF8", "--no-sync", "--no-instructions")  # fmt: skip
        self.start()

    def _run(self, *cmd: str) -> None:
        p = subprocess.run(
            cmd, env=self.env, capture_output=True, text=True, timeout=120, cwd=self.base,
            **self.run_as,
        )  # type: ignore[call-overload]  # fmt: skip
        if p.returncode != 0:
            pytest.fail(f"{cmd[0]} failed: {p.stderr.strip() or p.stdout.strip()}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.base / "log"),
            "-w", "-t", "60", "-o",
            f"-k {self.base} -c listen_addresses='' -F -c max_connections=200", "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        subprocess.run(
            [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
            env=self.env, capture_output=True, timeout=60, cwd=self.base, **self.run_as,
        )  # type: ignore[call-overload]  # fmt: skip
        shutil.rmtree(self.base, ignore_errors=True)

    def login_url(self, login: str) -> str:
        return self.url.replace(f"user={ADMIN}", f"user={login}")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One server for the whole test session."""
    server = PgServer()
    try:
        yield server
    finally:
        server.remove()


@pytest.fixture(scope="session")
def pg_url(pg_server: PgServer) -> str:
    """The URL of the session's server, as its administrator."""
    return pg_server.url


_SCHOOL: dict[str, bool] = {}


def school_login(server: PgServer, login: str) -> str:
    """A trainee's URL on `server`, its schema made once and the login added."""
    from trainer.history.server_setup import add_login, init_server

    if not _SCHOOL.get(server.url):
        init_server(server.url)
        _SCHOOL[server.url] = True
    add_login(server.url, login)
    return server.login_url(login)
