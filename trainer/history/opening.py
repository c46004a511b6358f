"""Which history Sabot opens, in one place for the app and the commands: a school's server when
`SABOT_DATABASE_URL` (first) or the `database_url` setting names one, else the SQLite file of
this PC (`trainer.history.store`).

A URL is `postgresql://HOST/DATABASE?user=LOGIN`, `service=NAME` (a pg_service.conf entry), or
libpq's `host=… dbname=… user=…`. A password never goes in the settings file: libpq reads it from
~/.pgpass or the service file (`has_password` tells a URL that carries one, which the settings
refuse to save). SABOT_DATABASE_URL, which is not saved anywhere by Sabot, may carry one.

Nothing here imports psycopg: the PostgreSQL backend loads it when it opens.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final
from urllib.parse import parse_qs, urlsplit

if TYPE_CHECKING:
    from trainer.history.interface import HistoryStore

ENV: Final = "SABOT_DATABASE_URL"
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


def database_url(setting: str | None = None) -> str | None:
    """The server to use: SABOT_DATABASE_URL when set, else the setting; None for this PC's
    own history."""
    env = os.environ.get(ENV, "").strip()
    if env:
        return env
    return setting.strip() if setting and setting.strip() else None


def open_history(url: str | None = None, *, clock: Callable[[], float] = time.time) -> HistoryStore:
    """The history to work on: a school's server's (this PC's copy of it, sent as it goes) when
    `url` names one, else this PC's SQLite file. Raises StoreError with a sentence."""
    from trainer.history.interface import StoreError

    if url is None:
        from trainer.history.store import Store

        return Store.open(clock=clock)
    if not is_database_url(url):
        from trainer.i18n import _

        raise StoreError(
            _(
                "The school's server is named {form}, not {url} (check {env} or the "
                "database_url setting)."
            ).format(
                form=_("postgresql://HOST/DATABASE?user=LOGIN or service=NAME"),
                url=repr(url[:40]),
                env=ENV,
            )
        )
    from trainer.history.postgres import PostgresStore

    return PostgresStore.open(url, clock=clock)
