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
    """Whether `url` names a PostgreSQL server (a URL, a service, or libpq's key=value form)."""
    return url.strip().startswith(_PREFIXES)


def has_password(url: str) -> bool:
    """Whether a connection string carries a password (`postgresql://u:secret@host/db`,
    `?password=…`, or `password=…` in the key=value form), which must never be saved."""
    text = url.strip()
    if text.startswith(("postgresql://", "postgres://")):
        parts = urlsplit(text)
        try:
            if parts.password is not None:
                return True
        except ValueError:
            return False
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
