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
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

# the connection string's own reading, here for the app, the commands and the settings
from trainer.history.addresses import (  # noqa: F401  (read here)
    has_password,
    is_database_url,
    shown_url,
    without_password,
)

if TYPE_CHECKING:
    from trainer.history.interface import HistoryStore

ENV: Final = "SABOT_DATABASE_URL"


def database_url(setting: str | None = None) -> str | None:
    """The server to use: SABOT_DATABASE_URL when set, else the setting; None for this PC's
    own history."""
    env = os.environ.get(ENV, "").strip()
    if env and is_database_url(env):
        return env
    # one that names no server it can use is set aside (the settings say so: `Settings.load`)
    return setting.strip() if setting and setting.strip() else None


def unusable_env_url() -> str | None:
    """SABOT_DATABASE_URL, as it may be shown (`shown_url`), when it is set but names no server
    Sabot can use, and is set aside; else None."""
    env = os.environ.get(ENV, "").strip()
    if env and not is_database_url(env):
        return shown_url(env)
    return None


def open_history(
    url: str | None = None,
    *,
    clock: Callable[[], float] = time.time,
    waiting: Callable[[str], None] | None = None,
) -> HistoryStore:
    """The history to work on: a school's server's (this PC's copy of it, sent as it goes) when
    `url` names one, else this PC's SQLite file. Raises StoreError with a sentence. `waiting` is
    told, once, what is waited for while another program creates or updates the file
    (`Store.open`)."""
    from trainer.history.interface import StoreError

    if url is None:
        from trainer.history.store import Store

        return Store.open(clock=clock, waiting=waiting)
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
