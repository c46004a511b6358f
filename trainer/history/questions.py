"""A question as the history stores it: compact JSON text (deflated before version 6 of the
SQLite history, still read), and its said form beside it (`trainer.history.said_forms.said_form`).
Both histories store questions so, and the statistics, the export and the migrations read them
back through these."""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any, Final

from trainer.history.said_forms import said_form

_DEFLATE_V1: Final = b"\x01"  # version byte of questions deflated before version 6: raw deflate


def encode_question(question: Mapping[str, Any]) -> str:
    """A question as it is stored: compact JSON text."""
    try:
        text = json.dumps(question, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise TypeError(
            f"a question must be JSON data (str, number, list, dict): {error}"
        ) from None
    return text


def question_json(stored: str | bytes) -> str:
    """A stored question as its compact JSON text (what decode_question reads); one deflated
    before version 6 (and not migrated: a damaged file's) inflated."""
    if isinstance(stored, bytes):
        if stored[:1] != _DEFLATE_V1:
            raise ValueError(f"unknown question encoding {stored[:1]!r}")
        return zlib.decompress(stored[1:], -15).decode()
    return stored


def decode_question(stored: str | bytes) -> dict[str, Any]:
    value = json.loads(question_json(stored))
    if not isinstance(value, dict):
        raise ValueError("a stored question is not a JSON object")
    return value


def _as_text(stored: Any) -> Any:
    """A question deflated before version 6 as its JSON text; anything else as it is (a stored
    form that cannot be read stays as it was: the export says so, as before)."""
    if isinstance(stored, bytes) and stored[:1] == _DEFLATE_V1:
        try:
            return zlib.decompress(stored[1:], -15).decode()
        except (zlib.error, UnicodeDecodeError):
            pass
    return stored


def _form_of(skill: Any, stored: Any) -> str | None:
    """The said form of a stored question of `skill` (`said_form`); None for one that cannot be
    read, or has none."""
    if not isinstance(skill, str) or not isinstance(stored, str | bytes):
        return None
    try:
        question = decode_question(stored)
    except (ValueError, UnicodeDecodeError, zlib.error):
        return None
    return said_form(skill, question)
