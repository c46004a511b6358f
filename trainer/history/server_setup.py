"""A school's server on PostgreSQL: reaching it, and the schema, the two roles and the row security
that keep each trainee to their own answers (issue: one server for a classroom).

`init_server(url)` makes, once per database (running it again changes nothing):

- the group roles `sabot_instructor` (reads every trainee's history) and `sabot_trainee` (adds
  and reads only its own rows); each trainee logs in as a role of their own that is a member of
  `sabot_trainee` (`add_trainee`), the instructor as a member of `sabot_instructor`;
- the tables `profile`, `session` and `attempt`, each row tagged with the login role that owns
  it (`owner`, filled in by the server from `session_user`, never by the client);
- row-level security on all three: a trainee's connection sees and changes its own rows only
  (another's rows are simply not there for it: a read finds nothing, a change touches nothing);
  an insert naming another owner is refused by the server with a clear error;
- the class of this database (`member`, version 6): the group roles are the server's, shared by
  every database on it (a second school, a test database), so being a member of
  `sabot_trainee` does not make a login one of this school's. `add_login` writes the login in
  this database's `member` table too, and row security lets a login in only when it is there:
  a login added to another database on the same server is not in this class, and neither
  reads nor writes here.

Making the group roles takes CREATEROLE (or a superuser): an owner without it is told, in one
sentence, what a superuser runs for it (`init_server`).

Every attempt carries a unique id made by the client (a UUID), so that an answer sent twice
(from an outbox after the network came back) is stored once: `ON CONFLICT (uid) DO NOTHING`.

No password is ever written here: the URL names a host, a database and a user, and libpq finds
the password in `~/.pgpass` or a service file (`service=…`), as a school's IT expects.

psycopg (3) is imported only here, when a school's server is used.
"""

from __future__ import annotations

import re
from typing import Any, Final

from trainer.i18n import N_, _, ngettext

INSTRUCTOR: Final = "sabot_instructor"
TRAINEE: Final = "sabot_trainee"
SCHEMA_VERSION: Final = 6

_ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class ServerError(RuntimeError):
    """The school's server cannot be used as asked, in one sentence."""


# the libpq's reasons a connection fails, said in the language; one not known here as it comes
_UNREACHABLE: Final = (
    (re.compile(r"No such file or directory|Connection refused"), N_("no server answers there")),
    (re.compile(r'role "(?P<name>[^"]*)" does not exist'), N_("the server knows no login {name}")),
    (
        re.compile(r'password authentication failed for user "(?P<name>[^"]*)"'),
        N_("the password of {name} was refused"),
    ),
    (
        re.compile(r'database "(?P<name>[^"]*)" does not exist'),
        N_("the server has no database {name}"),
    ),
    (
        re.compile(
            r'could not translate host name "(?P<name>[^"]*)"|'
            r"failed to resolve host '(?P<host>[^']*)'"
        ),
        N_("no server is named {name}"),
    ),
    (re.compile(r"timeout expired"), N_("the server did not answer in time")),
)


# libpq's words when the server was reached and refused the login's password
_PASSWORD: Final = (
    (
        re.compile(r'password authentication failed for user "(?P<name>[^"]*)"'),
        N_("the password of {name} was refused"),
    ),
    (
        re.compile(r"no password supplied"),
        N_("the server asks for a password and none was found (~/.pgpass)"),
    ),
)


def refused_password(text: str) -> str | None:
    """Why the server refused the login's password (libpq's first line of `text`), in the
    trainee's language; None when that is not why a connection failed."""
    for pattern, said in _PASSWORD:
        found = pattern.search(text)
        if found is not None:
            return _(said).format(name=found.groupdict().get("name", ""))
    return None


def _unreachable(text: str) -> str:
    """Why a connection failed (the first line of libpq's words), in the trainee's language."""
    for pattern, said in _UNREACHABLE:
        found = pattern.search(text)
        if found is not None:
            named = {k: v for k, v in found.groupdict().items() if v is not None}
            return _(said).format(name=named.get("name") or named.get("host", ""))
    return text


def _connect(url: str, *, check: bool = True, timeout: int = 10) -> Any:
    try:
        import psycopg
    except ImportError as e:
        raise ServerError(
            _("a school's server needs the psycopg package: pip install 'psycopg[binary]'")
        ) from e
    try:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=timeout)
    except psycopg.OperationalError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        refused = refused_password(str(e))
        if refused is not None:  # reached: it refused the password
            raise ServerError(
                _("the school's server refused the login: {why}").format(why=refused)
            ) from e
        why = _unreachable(first)
        raise ServerError(_("cannot reach the school's server: {why}").format(why=why)) from e
    if check:  # a server of a later Sabot is never used as if it were this one's
        try:
            check_schema(conn)
        except BaseException:
            conn.close()
            raise
    return conn


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
-- version 2: a session made on a PC carries its own id, so that it is sent once whatever
-- happens to the network; what a sprint or an exam set out to ask; typed or piped answers
ALTER TABLE session ADD COLUMN IF NOT EXISTS uid uuid UNIQUE;
ALTER TABLE session ADD COLUMN IF NOT EXISTS planned integer;
ALTER TABLE session ADD COLUMN IF NOT EXISTS interactive boolean NOT NULL DEFAULT true;
CREATE INDEX IF NOT EXISTS session_owner ON session (owner);
-- version 3: the class view reads each trainee's latest answers to a skill, newest first
CREATE INDEX IF NOT EXISTS attempt_owner_skill_id ON attempt (owner, skill, id);
-- version 4: exams an instructor assigns to the class (trainer.history.assignments: its checks
-- are the client's; these keep a row written by hand in the same bounds), and the assigned
-- exam a session is a try at (withdrawn: the try stays, an exam of the trainee's own)
CREATE TABLE IF NOT EXISTS assignment (
    id bigserial PRIMARY KEY,
    skills text[] NOT NULL CHECK (cardinality(skills) > 0),
    seed bigint NOT NULL CHECK (seed >= 0),
    preset text NOT NULL,
    time_limit_s integer NOT NULL CHECK (time_limit_s BETWEEN 60 AND 14400),
    opens date NOT NULL,
    closes date NOT NULL,
    title text NOT NULL DEFAULT '' CHECK (char_length(title) <= 80),
    created_by text NOT NULL DEFAULT current_user,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (opens <= closes)
);
ALTER TABLE session ADD COLUMN IF NOT EXISTS assignment bigint
    REFERENCES assignment ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS session_assignment ON session (assignment)
    WHERE assignment IS NOT NULL;
-- version 6: the class of this database (the group roles are the whole server's); an assigned
-- exam withdrawn is archived, its tries kept (`withdrawn`), and a retake set for some trainees
-- only (`logins`; NULL: the whole class)
CREATE TABLE IF NOT EXISTS member (
    login name PRIMARY KEY,
    instructor boolean NOT NULL,
    added timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE assignment ADD COLUMN IF NOT EXISTS withdrawn timestamptz;
ALTER TABLE assignment ADD COLUMN IF NOT EXISTS logins text[]
    CHECK (logins IS NULL OR cardinality(logins) > 0);
-- whether the session's login is of this database's class, as an instructor (true) or a trainee
-- (false): run as the owner of `member`, so that a policy can ask it of any login
CREATE OR REPLACE FUNCTION sabot_member(as_instructor boolean) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS
    $$ SELECT EXISTS (SELECT 1 FROM member m
        WHERE m.login = session_user AND m.instructor = as_instructor) $$;
-- ... and the class view reads each trainee's latest answers to a skill in a week, newest first
-- (a week against the week before: `trainer.history.classview`)
CREATE INDEX IF NOT EXISTS attempt_owner_skill_at ON attempt (owner, skill, at);
-- ... each trainee's latest session started or ended, and the exams alone, without reading
-- every session
CREATE INDEX IF NOT EXISTS session_owner_last ON session (owner, (coalesce(ended, started)));
CREATE INDEX IF NOT EXISTS session_exam ON session (id) WHERE mode = 'exam';
"""

# Version 5: the owner is part of every reference. Foreign keys do not pass through row
# security: with `session.profile REFERENCES profile (id)` alone, a trainee could add a session
# under another's profile, and an answer to another's session. A session's (profile, owner)
# now references a profile's (id, owner), an answer's (session, owner) a session's (id, owner):
# a row can only hang from a row of its own owner, and a reference to another's row fails as
# one to no row at all (the error tells nothing of what exists). Rows written before are kept
# (the constraints added NOT VALID, then validated when every row agrees); the class view
# counts only the rows whose owners agree (`trainer.history.classview`).
_OWNED_REFERENCES: Final = (
    ("profile", "profile_id_owner", "UNIQUE (id, owner)"),
    ("session", "session_id_owner", "UNIQUE (id, owner)"),
    (
        "session",
        "session_profile_owner",
        "FOREIGN KEY (profile, owner) REFERENCES profile (id, owner) ON DELETE CASCADE NOT VALID",
    ),
    (
        "attempt",
        "attempt_session_owner",
        "FOREIGN KEY (session, owner) REFERENCES session (id, owner) ON DELETE CASCADE NOT VALID",
    ),
)
# the references of version 4 and before, the owner left out: dropped once those above stand
_UNOWNED_REFERENCES: Final = (
    ("session", "session_profile_fkey"),
    ("attempt", "attempt_session_fkey"),
)

# Row security: a trainee of this database's class sees and writes its own rows; an instructor
# of it reads everyone's. `(SELECT sabot_member(…))` is asked once a query, not once a row.
_TRAINEE_HERE: Final = "(SELECT sabot_member(false))"
_INSTRUCTOR_HERE: Final = "(SELECT sabot_member(true))"
_POLICIES: Final = [
    (
        table,
        f"""
    ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
    ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS own_rows ON {table};
    CREATE POLICY own_rows ON {table} TO {TRAINEE}
        USING (owner = session_user AND {_TRAINEE_HERE})
        WITH CHECK (owner = session_user AND {_TRAINEE_HERE});
    DROP POLICY IF EXISTS instructor_reads ON {table};
    CREATE POLICY instructor_reads ON {table} FOR SELECT TO {INSTRUCTOR}
        USING ({_INSTRUCTOR_HERE});
    """,
    )
    for table in ("profile", "session", "attempt")
]

# Assigned exams: a trainee of the class reads those set for them (the whole class, or a retake
# naming them), the withdrawn too — a try taken offline is still sent as a try at one withdrawn
# meanwhile, its result archived with it; the PC lists only those not withdrawn
# (`PostgresStore`); only an instructor of the class sets or withdraws one. Not
# FORCEd: the database's owner (the school's IT) may put one right by hand. The class itself:
# a login reads its own line, an instructor every line.
_ASSIGNMENT_POLICIES: Final = f"""
    ALTER TABLE assignment ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS trainee_reads ON assignment;
    CREATE POLICY trainee_reads ON assignment FOR SELECT TO {TRAINEE}
        USING ({_TRAINEE_HERE} AND (logins IS NULL OR session_user = ANY (logins)));
    DROP POLICY IF EXISTS instructor_sets ON assignment;
    CREATE POLICY instructor_sets ON assignment TO {INSTRUCTOR}
        USING ({_INSTRUCTOR_HERE}) WITH CHECK ({_INSTRUCTOR_HERE});
    ALTER TABLE member ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS own_line ON member;
    CREATE POLICY own_line ON member FOR SELECT TO {TRAINEE}, {INSTRUCTOR}
        USING (login = session_user);
    DROP POLICY IF EXISTS instructor_reads ON member;
    CREATE POLICY instructor_reads ON member FOR SELECT TO {INSTRUCTOR}
        USING ({_INSTRUCTOR_HERE});
"""


def init_server(url: str) -> list[str]:
    """Create (or bring up to date) the schema, the roles and their row security on the
    database `url` names, connected as its owner or a superuser, in one transaction. Returns
    what was done, a line each, for the command to print. ServerError, and nothing changed, on a
    server whose schema a later Sabot made (`check_schema`)."""
    done: list[str] = []
    with _connect(url, check=False) as conn, conn.transaction():
        before = schema_version(conn)
        check_schema(conn, before)
        for role in (INSTRUCTOR, TRAINEE):
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
            if not exists:
                _create_group(conn, role)
                done.append(_("role {role} created").format(role=role))
        conn.execute(SCHEMA)
        done += _own_references(conn)
        if before is not None and before < 6:
            done += _class_of_before(conn)
        for _table, sql in _POLICIES:
            conn.execute(sql)
        conn.execute(_ASSIGNMENT_POLICIES)
        conn.execute(
            "INSERT INTO sabot_meta VALUES ('schema', %s) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (str(SCHEMA_VERSION),),
        )
        # A trainee names the columns it fills, never an id (the server numbers the rows: an
        # id chosen by the client would tell, by its conflict, which ids exist), and changes a
        # profile's name and a session's end only. The owner may be named: row security
        # refuses any but the login's own.
        conn.execute(
            f"""
            REVOKE ALL ON profile, session, attempt, sabot_meta, assignment FROM PUBLIC;
            REVOKE ALL ON profile, session, attempt, sabot_meta, assignment FROM {TRAINEE};
            GRANT SELECT ON sabot_meta TO {TRAINEE}, {INSTRUCTOR};
            GRANT SELECT ON profile, session, attempt TO {TRAINEE};
            GRANT INSERT (owner, name, created), UPDATE (name) ON profile TO {TRAINEE};
            GRANT INSERT (owner, uid, profile, mode, skills, preset, seed, started, ended,
                planned, interactive, assignment), UPDATE (ended) ON session TO {TRAINEE};
            GRANT INSERT (owner, uid, session, skill, item, at, ms, correct, answer, expected,
                question) ON attempt TO {TRAINEE};
            GRANT USAGE ON SEQUENCE profile_id_seq, session_id_seq, attempt_id_seq TO {TRAINEE};
            GRANT SELECT ON profile, session, attempt TO {INSTRUCTOR};
            GRANT SELECT ON assignment TO {TRAINEE};
            GRANT SELECT, INSERT, UPDATE, DELETE ON assignment TO {INSTRUCTOR};
            GRANT USAGE ON SEQUENCE assignment_id_seq TO {INSTRUCTOR};
            REVOKE ALL ON member FROM PUBLIC;
            GRANT SELECT ON member TO {TRAINEE}, {INSTRUCTOR};
            REVOKE ALL ON FUNCTION sabot_member(boolean) FROM PUBLIC;
            GRANT EXECUTE ON FUNCTION sabot_member(boolean) TO {TRAINEE}, {INSTRUCTOR};
            """
        )
        if before is not None and before < SCHEMA_VERSION:
            done.append(
                _("schema upgraded from version {old} to {new}").format(
                    old=before, new=SCHEMA_VERSION
                )
            )
        done.append(
            _("schema version {version} with row security ready").format(version=SCHEMA_VERSION)
        )
    return done


def _create_group(conn: Any, role: str) -> None:
    """Make Sabot's group role `role`, or ServerError when the owner may not make roles: what a
    superuser runs for it, in one sentence (the transaction, and nothing else, is undone)."""
    import psycopg

    try:
        with conn.transaction():
            conn.execute(f"CREATE ROLE {role} NOLOGIN")
    except psycopg.errors.InsufficientPrivilege:
        raise ServerError(may_not_create_roles(conn.info.user)) from None


def may_not_create_roles(owner: str) -> str:
    """What an owner who may not make roles is told: the group roles and each login are roles."""
    return _(
        "{owner} may not create roles (Sabot's two group roles and each trainee's login are "
        "roles): a superuser runs ALTER ROLE {owner} CREATEROLE; in psql, then sabot server "
        "init URL again"
    ).format(owner=owner)


def may_not_grant(owner: str) -> str:
    """What an owner who may not give a login the group roles (made by another) is told."""
    return _(
        "{owner} may not give logins Sabot's group roles (another made them): a superuser runs "
        "GRANT {instructor}, {trainee} TO {owner} WITH ADMIN OPTION; in psql"
    ).format(owner=owner, instructor=INSTRUCTOR, trainee=TRAINEE)


def _class_of_before(conn: Any) -> list[str]:
    """Version 6 on a server of before: the class of this database made from the members of the
    group roles — those with something of theirs here (a profile, a session, an exam they
    assigned). A member with nothing here may be another database's: left out, and named, with
    the command that adds them."""
    conn.execute(
        """INSERT INTO member (login, instructor)
        SELECT r.rolname, g.rolname = %(instructor)s
        FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
            JOIN pg_roles r ON r.oid = m.member
        WHERE g.rolname IN (%(instructor)s, %(trainee)s) AND r.rolcanlogin
            AND (EXISTS (SELECT 1 FROM profile p WHERE p.owner = r.rolname)
                OR EXISTS (SELECT 1 FROM session s WHERE s.owner = r.rolname)
                OR EXISTS (SELECT 1 FROM assignment a WHERE a.created_by = r.rolname))
        ON CONFLICT (login) DO NOTHING""",
        {"instructor": INSTRUCTOR, "trainee": TRAINEE},
    )
    (kept,) = conn.execute("SELECT count(*) FROM member").fetchone()
    left = [
        row[0]
        for row in conn.execute(
            """SELECT DISTINCT r.rolname FROM pg_auth_members m
            JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
            WHERE g.rolname IN (%s, %s) AND r.rolcanlogin
                AND NOT EXISTS (SELECT 1 FROM member c WHERE c.login = r.rolname)
            ORDER BY 1""",
            (INSTRUCTOR, TRAINEE),
        )
    ]
    done = [
        ngettext(
            "{count} login with a history here made one of this database's class",
            "{count} logins with a history here made this database's class",
            kept,
        ).format(count=kept)
    ]
    if left:
        done.append(
            _(
                "not in this database's class (nothing of theirs here; perhaps another "
                "database's): {logins}; add one with sabot server add URL LOGIN"
            ).format(logins=", ".join(left))
        )
    return done


def _own_references(conn: Any) -> list[str]:
    """Version 5's references, the owner part of each (`_OWNED_REFERENCES`): added where
    missing, the old ones dropped, and validated when every row agrees — else said, the rows
    kept and left out of every figure."""
    import psycopg

    done: list[str] = []
    for table, name, definition in _OWNED_REFERENCES:
        if _constraint(conn, table, name) is None:
            conn.execute(f"ALTER TABLE {table} ADD CONSTRAINT {name} {definition}")
    for table, name in _UNOWNED_REFERENCES:
        conn.execute(f"ALTER TABLE {table} DROP CONSTRAINT IF EXISTS {name}")
    for table, name, _definition in _OWNED_REFERENCES:
        if _constraint(conn, table, name) is False:
            try:
                with conn.transaction():
                    conn.execute(f"ALTER TABLE {table} VALIDATE CONSTRAINT {name}")
            except psycopg.errors.ForeignKeyViolation:
                (n,) = conn.execute(_DISAGREEING[table]).fetchone()
                done.append(
                    ngettext(
                        "{count} row of {table} hangs from another login's row: kept, never "
                        "counted",
                        "{count} rows of {table} hang from another login's rows: kept, never "
                        "counted",
                        n,
                    ).format(count=n, table=table)
                )
    return done


# the rows of a table that hang from a row of another owner (written before version 5)
_DISAGREEING: Final = {
    "session": """SELECT count(*) FROM session s WHERE NOT EXISTS
        (SELECT 1 FROM profile p WHERE p.id = s.profile AND p.owner = s.owner)""",
    "attempt": """SELECT count(*) FROM attempt a WHERE NOT EXISTS
        (SELECT 1 FROM session s WHERE s.id = a.session AND s.owner = a.owner)""",
}


def _constraint(conn: Any, table: str, name: str) -> bool | None:
    """Whether the constraint `name` of `table` is validated; None: there is none."""
    row = conn.execute(
        "SELECT convalidated FROM pg_constraint WHERE conrelid = %s::regclass AND conname = %s",
        (table, name),
    ).fetchone()
    return None if row is None else bool(row[0])


def schema_version(conn: Any) -> int | None:
    """The version of Sabot's schema on the server `conn` reaches (None: none made yet)."""
    if not conn.execute("SELECT to_regclass('sabot_meta') IS NOT NULL").fetchone()[0]:
        return None
    row = conn.execute("SELECT value FROM sabot_meta WHERE key = 'schema'").fetchone()
    return int(row[0]) if row is not None and str(row[0]).isdigit() else None


def check_schema(conn: Any, version: int | None = None) -> None:
    """ServerError when the server's schema is of a later Sabot than this one (`version`: as
    already read, else read here): this one would misread it, and `init` would write its own
    older marker over it."""
    if version is None:
        version = schema_version(conn)
    if version is not None and version > SCHEMA_VERSION:
        raise ServerError(
            _(
                "the school's server has the schema of a later Sabot (version {found}); this "
                "Sabot knows up to version {known}: install the Sabot the school uses"
            ).format(found=version, known=SCHEMA_VERSION)
        )


def _role(name: str) -> str:
    if not _ROLE_NAME.fullmatch(name) or name.startswith("pg_"):
        raise ServerError(
            _("a login name is lower-case letters, digits and _ (at most 63), not {name}").format(
                name=repr(name)
            )
        )
    return name


def add_login(url: str, login: str, *, instructor: bool = False) -> None:
    """A login role for one trainee (or an instructor), member of the group role. Its password,
    if the school uses passwords, is set by the school's IT (`\\password` in psql), never here.

    Only a plain login is made one of the class: ServerError, and nothing changed, for Sabot's
    own group roles, a superuser, a role that cannot log in, one with powers beyond a login's
    (making roles or databases, replication, passing row security, owning the school's tables,
    having members), a login of the other group, and a word PostgreSQL reserves."""
    import psycopg
    from psycopg import sql

    login = _role(login)
    group, other = (INSTRUCTOR, TRAINEE) if instructor else (TRAINEE, INSTRUCTOR)
    if login in (INSTRUCTOR, TRAINEE):
        raise ServerError(
            _(
                "{name} is one of Sabot's group roles, not a login: give each trainee and "
                "instructor a login of their own"
            ).format(name=login)
        )
    with _connect(url, check=False) as conn:
        reserved = conn.execute(
            "SELECT 1 FROM pg_get_keywords() WHERE word = %s AND catcode = 'R'", (login,)
        ).fetchone()
        if reserved or login in ("public", "none"):
            raise ServerError(
                _("{name} is a word PostgreSQL reserves, not a login: choose another").format(
                    name=login
                )
            )
        row = conn.execute(
            """SELECT r.rolcanlogin, r.rolsuper, r.rolcreaterole OR r.rolcreatedb
                OR r.rolreplication OR r.rolbypassrls
                OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.roleid = r.oid)
                OR EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid
                    AND c.relname IN ('profile', 'session', 'attempt')
                    AND c.relnamespace = 'public'::regnamespace),
                EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
                    WHERE m.member = r.oid AND g.rolname = %s)
            FROM pg_roles r WHERE r.rolname = %s""",
            (other, login),
        ).fetchone()
        if row is not None:
            can_login, superuser, powers, of_other = row
            if superuser:
                refusal = _(
                    "{name} is a superuser of the server: row security does not hold for it; "
                    "give the trainee or instructor a login of their own"
                )
            elif not can_login:
                refusal = _(
                    "{name} exists on the server and cannot log in: it is not a login "
                    "(choose another name, or have the school's IT make it one)"
                )
            elif powers:
                refusal = _(
                    "{name} is not a plain login (it can do more on the server than a "
                    "trainee or an instructor may): give them a login of their own"
                )
            elif of_other:
                trainee = _(
                    "{name} is a trainee's login already: an instructor needs a login of their own"
                )
                teacher = _(
                    "{name} is an instructor's login already: a trainee needs a login of their own"
                )
                refusal = trainee if instructor else teacher
            else:
                refusal = None
            if refusal is not None:
                raise ServerError(refusal.format(name=login))
        try:
            with conn.transaction():
                if row is None:
                    try:
                        conn.execute(sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(login)))
                    except psycopg.errors.InsufficientPrivilege:
                        raise ServerError(may_not_create_roles(conn.info.user)) from None
                try:
                    conn.execute(
                        sql.SQL("GRANT {} TO {}").format(
                            sql.Identifier(group), sql.Identifier(login)
                        )
                    )
                except psycopg.errors.InsufficientPrivilege:
                    raise ServerError(may_not_grant(conn.info.user)) from None
                # one of this database's class (the group role is the whole server's)
                conn.execute(
                    """INSERT INTO member (login, instructor) VALUES (%s, %s)
                    ON CONFLICT (login) DO UPDATE SET instructor = excluded.instructor""",
                    (login, instructor),
                )
        except psycopg.errors.UndefinedTable:
            raise ServerError(
                _(
                    "the database has no class of Sabot's yet (or one of before version 6): "
                    "run sabot server init URL first, as its owner"
                )
            ) from None
        except psycopg.Error as error:
            raise ServerError(
                _("the server refused the login {name}: {why}").format(
                    name=login, why=_first_line(error)
                )
            ) from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
