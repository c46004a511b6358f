"""A school's shared history on PostgreSQL: the schema, the two roles and the row security that
keep each trainee to their own answers (issue: one server for a classroom).

`init_server(url)` makes, once per database (running it again changes nothing):

- the group roles `sabot_instructor` (reads every trainee's history) and `sabot_trainee` (adds
  and reads only its own rows); each trainee logs in as a role of their own that is a member of
  `sabot_trainee` (`add_trainee`), the instructor as a member of `sabot_instructor`;
- the tables `profile`, `session` and `attempt`, each row tagged with the login role that owns
  it (`owner`, filled in by the server from `session_user`, never by the client);
- row-level security on all three: a trainee's connection sees and changes its own rows only
  (another's rows are simply not there for it: a read finds nothing, a change touches nothing);
  an insert naming another owner is refused by the server with a clear error.

Every attempt carries a unique id made by the client (a UUID), so that an answer sent twice
(from an outbox after the network came back) is stored once: `ON CONFLICT (uid) DO NOTHING`.

No password is ever written here: the URL names a host, a database and a user, and libpq finds
the password in `~/.pgpass` or a service file (`service=…`), as a school's IT expects.

psycopg (3) is imported only here, when a school's server is used.
"""

from __future__ import annotations

import re
from typing import Any, Final

INSTRUCTOR: Final = "sabot_instructor"
TRAINEE: Final = "sabot_trainee"
SCHEMA_VERSION: Final = 1

_ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class ServerError(RuntimeError):
    """The school's server cannot be used as asked, in one sentence."""


def _connect(url: str) -> Any:
    try:
        import psycopg
    except ImportError as e:
        raise ServerError(
            "a school's server needs the psycopg package: pip install 'psycopg[binary]'"
        ) from e
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=10)
    except psycopg.OperationalError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ServerError(f"cannot reach the school's server: {first}") from e


SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS sabot_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS profile (
    id bigserial PRIMARY KEY,
    owner name NOT NULL DEFAULT session_user,
    name text NOT NULL,
    created timestamptz NOT NULL DEFAULT now(),
    UNIQUE (owner, name)
);
CREATE TABLE IF NOT EXISTS session (
    id bigserial PRIMARY KEY,
    owner name NOT NULL DEFAULT session_user,
    profile bigint NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    mode text NOT NULL,
    skills jsonb NOT NULL,
    preset text NOT NULL,
    seed bigint,
    started timestamptz NOT NULL,
    ended timestamptz
);
CREATE TABLE IF NOT EXISTS attempt (
    id bigserial PRIMARY KEY,
    uid uuid NOT NULL UNIQUE,
    owner name NOT NULL DEFAULT session_user,
    session bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    skill text NOT NULL,
    item text NOT NULL,
    at timestamptz NOT NULL,
    ms integer NOT NULL CHECK (ms >= 0),
    correct boolean NOT NULL,
    answer text NOT NULL,
    expected text NOT NULL,
    question jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS attempt_session ON attempt (session);
CREATE INDEX IF NOT EXISTS attempt_owner_skill ON attempt (owner, skill);
"""

# Row security: a trainee sees and writes its own rows; the instructor reads everyone's.
_POLICIES: Final = [
    (
        table,
        f"""
    ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
    ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS own_rows ON {table};
    CREATE POLICY own_rows ON {table} TO {TRAINEE}
        USING (owner = session_user) WITH CHECK (owner = session_user);
    DROP POLICY IF EXISTS instructor_reads ON {table};
    CREATE POLICY instructor_reads ON {table} FOR SELECT TO {INSTRUCTOR} USING (true);
    """,
    )
    for table in ("profile", "session", "attempt")
]


def init_server(url: str) -> list[str]:
    """Create (or bring up to date) the schema, the roles and their row security on the
    database `url` names, connected as its owner or a superuser. Returns what was done, a line
    each, for the command to print."""
    done: list[str] = []
    with _connect(url) as conn:
        for role in (INSTRUCTOR, TRAINEE):
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
            if not exists:
                conn.execute(f"CREATE ROLE {role} NOLOGIN")
                done.append(f"role {role} created")
        conn.execute(SCHEMA)
        for _table, sql in _POLICIES:
            conn.execute(sql)
        conn.execute(
            "INSERT INTO sabot_meta VALUES ('schema', %s) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (str(SCHEMA_VERSION),),
        )
        conn.execute(
            f"""
            REVOKE ALL ON profile, session, attempt, sabot_meta FROM PUBLIC;
            GRANT SELECT ON sabot_meta TO {TRAINEE}, {INSTRUCTOR};
            GRANT SELECT, INSERT, UPDATE ON profile, session TO {TRAINEE};
            GRANT SELECT, INSERT ON attempt TO {TRAINEE};
            GRANT USAGE ON SEQUENCE profile_id_seq, session_id_seq, attempt_id_seq TO {TRAINEE};
            GRANT SELECT ON profile, session, attempt TO {INSTRUCTOR};
            """
        )
        done.append(f"schema version {SCHEMA_VERSION} with row security ready")
    return done


def _role(name: str) -> str:
    if not _ROLE_NAME.fullmatch(name) or name.startswith("pg_"):
        raise ServerError(
            f"a login name is lower-case letters, digits and _ (at most 63), not {name!r}"
        )
    return name


def add_login(url: str, login: str, *, instructor: bool = False) -> None:
    """A login role for one trainee (or an instructor), member of the group role. Its password,
    if the school uses passwords, is set by the school's IT (`\\password` in psql), never here."""
    login = _role(login)
    group = INSTRUCTOR if instructor else TRAINEE
    with _connect(url) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (login,)).fetchone():
            conn.execute(f"CREATE ROLE {login} LOGIN")
        conn.execute(f"GRANT {group} TO {login}")


__all__ = ["INSTRUCTOR", "TRAINEE", "ServerError", "add_login", "init_server"]
