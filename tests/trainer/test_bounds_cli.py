"""`sabot deal --shift` is bounded as the other numbers are, and `--profile ''` is refused, never
quietly the default profile: one line, exit status 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.trainer.commandline import usage_error


@pytest.mark.parametrize("minutes", ["0", "-1", "1000000", "481", "1.5"])
def test_a_shift_out_of_bounds_is_refused(tmp_path: Path, minutes: str) -> None:
    said = usage_error(tmp_path, "deal", f"--shift={minutes}")
    assert "a shift is a whole number of minutes, at least 1 and at most 480" in said
    assert not (tmp_path / "history.sqlite3").exists()


@pytest.mark.parametrize("command", [["stats"], ["export"], ["deal"], ["drill", "pay-even"]])
@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_profile_is_refused(tmp_path: Path, command: list[str], name: str) -> None:
    said = usage_error(tmp_path, *command, "--profile", name)
    assert "a profile name cannot be empty or only spaces" in said
