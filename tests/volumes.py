"""Real file systems that fail, for the tests of writes that fail: a small volume that fills up,
one mounted read-only, a file or folder made immutable.

They need root on Linux (CI runs as root); elsewhere each test that asks for one is skipped with
the reason. Everything made is undone when the block ends, even when the test fails.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _need_root(what: str) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip(f"{what} is made with Linux tools")
    if os.geteuid() != 0:
        pytest.skip(f"{what} needs root (mount, chattr)")


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, check=False)


@contextmanager
def small_volume(where: Path, size: str) -> Iterator[Path]:
    """A tmpfs of `size` (e.g. "1m", "512k") mounted on the new folder `where`."""
    _need_root("a small volume")
    if shutil.which("mount") is None:
        pytest.skip("mount(8) is not installed")
    where.mkdir()
    done = _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "sabot-test", str(where))
    if done.returncode:
        pytest.skip(f"a tmpfs cannot be mounted here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        _run("mount", "-o", "remount,rw", str(where))
        # lazy: a connection the test left open must not keep the volume mounted
        _run("umount", "-l", str(where))


def remount(where: Path, mode: str) -> None:
    """Remount a small volume "ro" or "rw" (no file on it may be open for writing)."""
    done = _run("mount", "-o", f"remount,{mode}", str(where))
    assert done.returncode == 0, done.stderr


def fill(where: Path, name: str = "filler") -> Path:
    """Take every free byte of the volume `where` is on, with one file; returns that file."""
    filler = where / name
    block = b"\0" * 4096
    with filler.open("ab", buffering=0) as f:
        try:
            while f.write(block):
                pass
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
        # a last partial page: down to the byte
        try:
            while f.write(b"\0"):
                pass
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
    return filler


@contextmanager
def immutable(*paths: Path) -> Iterator[None]:
    """chattr +i: not even root may change these files or folders (or add to a folder)."""
    _need_root("an immutable file")
    if shutil.which("chattr") is None:
        pytest.skip("chattr(1) is not installed")
    done = _run("chattr", "+i", *map(str, paths))
    if done.returncode:
        _run("chattr", "-i", *map(str, paths))
        pytest.skip(f"files cannot be made immutable here: {done.stderr.strip()}")
    try:
        yield
    finally:
        _run("chattr", "-i", *map(str, paths))
