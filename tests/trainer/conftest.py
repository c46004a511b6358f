"""Fixtures of the domain tests: a hand-moved clock, and a history store that reads it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.trainer.history import Clock
from trainer.history.store import Store


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Iterator[Store]:
    with Store.open(tmp_path / "history.sqlite3", clock=clock) as opened:
        yield opened
