"""A school server's connection string, read without connecting: whether it names a PostgreSQL
server, whether it carries a password (which the settings must never save), and the string
without it (what names this PC's copy of that server's history). Both the choice of history
(`trainer.history.opening`) and the PostgreSQL backend read it here."""

from __future__ import annotations

import re
from typing import Final
from urllib.parse import parse_qs, urlsplit

_PREFIXES: Final = ("postgresql://", "postgres://", "service=", "host=", "dbname=", "user=")


def is_database_url(url: str) -> bool:
    """Whether `url` names a PostgreSQL server (a URL, a service, or libpq's key=value form)
    that can be read: a URL whose host or port cannot be (`postgresql://ana@[::1/sabot`, an
    unclosed bracket) is none."""
    text = url.strip()
    if not text.startswith(_PREFIXES):
        return False
    if text.startswith(("postgresql://", "postgres://")):
        try:
            parts = urlsplit(text)
            parts.port  # noqa: B018  (a port that is not a number raises here)
            parts.hostname  # noqa: B018
        except ValueError:
            return False
    return True


def shown_url(url: str, at_most: int = 60) -> str:
    """`url` as it may be shown: without its password, even when it cannot be read as a URL,
    and cut to `at_most` characters."""
    text = url.strip()
    try:
        text = without_password(text)
    except ValueError:
        text = re.sub(r"(://[^/@:]*):[^/@]*@", r"\1@", text)
        text = re.sub(r"(password\s*=\s*)[^&\s]*", r"\1", text, flags=re.I)
    return text if len(text) <= at_most else text[: at_most - 1] + "…"


def has_password(url: str) -> bool:
    """Whether a connection string carries a password (`postgresql://u:secret@host/db`,
    `?password=…`, or `password=…` in the key=value form), which must never be saved."""
    text = url.strip()
    if text.startswith(("postgresql://", "postgres://")):
        try:
            parts = urlsplit(text)
            if parts.password is not None:
                return True
        except ValueError:
            # a URL that cannot be read: a password is what stands between "user:" and "@"
            return re.match(r"[a-z]+://[^/@:]*:[^/@]*@", text) is not None
        query = parse_qs(parts.query, keep_blank_values=True)
        return any(k.lower() == "password" for k in query)
    return re.search(r"(?:^|\s)password\s*=", text, re.IGNORECASE) is not None


def without_password(url: str) -> str:
    """The connection string with any password taken out: what names the server and the login
    (this PC's copy of a history is found by it, so a new password keeps the same copy)."""
    text = url.strip()
    if text.startswith(("postgresql://", "postgres://")):
        parts = urlsplit(text)
        netloc = parts.netloc.rpartition("@")
        if netloc[1]:
            user = netloc[0].split(":", 1)[0]
            parts = parts._replace(netloc=f"{user}@{netloc[2]}")
        query = "&".join(
            pair for pair in parts.query.split("&") if pair.split("=", 1)[0].lower() != "password"
        )
        return parts._replace(query=query).geturl()
    return re.sub(r"(?:^|\s)password\s*=\s*(?:'(?:[^'\\]|\\.)*'|\S*)", "", text, flags=re.I).strip()
