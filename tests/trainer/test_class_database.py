"""A class belongs to its database (schema version 6), on a real PostgreSQL server started by the
tests: a login added to another database on the same server is not in this school's class, and
neither reads nor writes here; a server of before version 6 gets the class of the logins with a
history in it, the others named; `sabot server init` with an owner that may not make roles says,
in one sentence, what a superuser runs (no traceback), and works once that is done."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.trainer.pg_server import PgServer
from trainer.history.classview import class_logins, class_view, instructor_login, is_instructor
from trainer.history.server_setup import (
    INSTRUCTOR,
    SCHEMA_VERSION,
    TRAINEE,
    ServerError,
    add_login,
    init_server,
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server() -> Iterator[PgServer]:
    """A server of this module's own: its group roles are made here, by an owner who may not."""
    own = PgServer()
    yield own
    own.remove()


def _sql(url: str, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(query, args)
        return cursor.fetchall() if cursor.description else []


def _database(server: PgServer, name: str, owner: str | None = None) -> str:
    """A new database on `server`, the URL of its owner (the administrator, or `owner`)."""
    _sql(server.url, f"CREATE DATABASE {name}" + (f" OWNER {owner}" if owner else ""))
    url = server.url.replace("/postgres?", f"/{name}?")
    return url.replace("user=sabot_admin", f"user={owner}") if owner else url


def _as(url: str, login: str) -> str:
    return url.rsplit("user=", 1)[0] + f"user={login}"


def test_an_owner_who_may_not_make_roles_is_told_what_a_superuser_runs(
    server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.cli import main

    # the first test of the module: the server has no group role yet
    assert _sql(server.url, "SELECT 1 FROM pg_roles WHERE rolname = %s", (TRAINEE,)) == []
    _sql(server.url, "CREATE ROLE school_it LOGIN")
    url = _database(server, "school_it_db", owner="school_it")

    status = main(["server", "init", url])

    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in err
    assert err == (
        "sabot server: school_it may not create roles (Sabot's two group roles and each "
        "trainee's login are roles): a superuser runs ALTER ROLE school_it CREATEROLE; in psql, "
        "then sabot server init URL again\n"
    )
    assert _sql(url, "SELECT to_regclass('sabot_meta')") == [(None,)]  # nothing made
    with pytest.raises(ServerError, match="school_it may not create roles"):
        add_login(url, "it_pupil")
    # what the sentence says, run by the superuser: init, then adding logins, work
    _sql(server.url, "ALTER ROLE school_it CREATEROLE")
    assert main(["server", "init", url]) == 0
    add_login(url, "it_pupil")
    add_login(url, "it_teacher", instructor=True)
    with _sql_conn(_as(url, "it_teacher")) as conn:
        assert class_logins(conn) == ["it_pupil"]
    # the group roles made by that owner: from PostgreSQL 16, another database's owner who may
    # make roles may not give those, and is told what a superuser runs (15 lets CREATEROLE)
    _sql(server.url, "CREATE ROLE other_it LOGIN CREATEROLE")
    other = _database(server, "other_it_db", owner="other_it")
    init_server(other)
    if _sql(server.url, "SHOW server_version_num")[0][0] >= "160000":
        with pytest.raises(ServerError, match="GRANT sabot_instructor, sabot_trainee TO other_it"):
            add_login(other, "other_pupil")
        _sql(server.url, "GRANT sabot_instructor, sabot_trainee TO other_it WITH ADMIN OPTION")
    add_login(other, "other_pupil")
    with _sql_conn(_as(other, "it_teacher")) as conn:  # school_it_db's instructor: not here
        assert class_logins(conn) == []


def _sql_conn(url: str) -> Any:
    import psycopg

    return psycopg.connect(url, autocommit=True)


def test_a_login_of_another_database_is_not_in_this_class(server: PgServer) -> None:
    a = _database(server, f"school_a_{os.getpid()}")
    b = _database(server, f"school_b_{os.getpid()}")
    for url in (a, b):
        init_server(url)
    add_login(a, "ana_a")
    add_login(a, "roux_a", instructor=True)
    add_login(b, "bob_b")  # the same server, another school: a member of the same group role
    add_login(b, "roux_b", instructor=True)
    assert _sql(server.url, "SELECT pg_has_role('bob_b', %s, 'MEMBER')", (TRAINEE,)) == [(True,)]

    with _sql_conn(_as(a, "roux_a")) as conn:
        assert class_logins(conn) == ["ana_a"]
    view = class_view(_as(a, "roux_a"), {"announce": 2.0}, now=0.0)
    assert [t.login for t in view.trainees] == ["ana_a"]
    assert is_instructor(_as(a, "roux_a")) and not is_instructor(_as(b, "roux_a"))
    assert not is_instructor(_as(a, "roux_b"))
    # school B's instructor is offered school A's practice as anyone of A's would be: none of it
    assert instructor_login(_as(a, "roux_a")) == "roux_a"
    assert instructor_login(_as(a, "roux_b")) is None

    # bob_b can connect to school A (PUBLIC may, by default) but is none of its class: his
    # profile is refused, and school B's instructor reads nothing of A's
    import psycopg

    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        _sql(_as(a, "bob_b"), "INSERT INTO profile (name) VALUES ('Bob')")
    _sql(_as(a, "ana_a"), "INSERT INTO profile (name) VALUES ('Ana')")
    assert _sql(_as(a, "roux_a"), "SELECT owner FROM profile") == [("ana_a",)]
    assert _sql(_as(a, "roux_b"), "SELECT owner FROM profile") == []
    assert _sql(_as(a, "roux_b"), "SELECT login FROM member") == []
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        _sql(
            _as(a, "roux_b"),
            "INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes)"
            " VALUES ('{announce}', 1, 'casino-fr', 600, current_date, current_date)",
        )
    # a trainee reads its own line of the class, not the others'
    add_login(a, "cleo_a")
    assert _sql(_as(a, "cleo_a"), "SELECT login FROM member") == [("cleo_a",)]


def test_a_server_of_before_gets_the_class_of_those_with_a_history_in_it(
    server: PgServer,
) -> None:
    url = _database(server, f"school_v5_{os.getpid()}")
    init_server(url)
    add_login(url, "old_ana")
    add_login(url, "old_quiet")  # added, never practised
    add_login(url, "old_roux", instructor=True)
    _sql(_as(url, "old_ana"), "INSERT INTO profile (name) VALUES ('Ana')")
    _sql(
        _as(url, "old_roux"),
        "INSERT INTO assignment (skills, seed, preset, time_limit_s, opens, closes)"
        " VALUES ('{announce}', 1, 'casino-fr', 600, current_date, current_date)",
    )
    other = _database(server, f"school_v5_other_{os.getpid()}")
    init_server(other)
    add_login(other, "elsewhere")
    # made back into the version-5 database a Sabot of before set up: no class of its own
    _sql(url, "DROP FUNCTION sabot_member(boolean) CASCADE")
    _sql(url, "DROP TABLE member")
    _sql(url, "ALTER TABLE assignment DROP COLUMN withdrawn, DROP COLUMN logins")
    _sql(url, "UPDATE sabot_meta SET value = '5' WHERE key = 'schema'")

    said = init_server(url)

    assert f"schema upgraded from version 5 to {SCHEMA_VERSION}" in said
    assert "2 logins with a history here made this database's class" in said
    (left,) = [line for line in said if line.startswith("not in this database's class")]
    assert "elsewhere" in left and "old_quiet" in left and "old_ana" not in left
    assert left.endswith("add one with sabot server add URL LOGIN")
    assert _sql(url, "SELECT login, instructor FROM member ORDER BY 1") == [
        ("old_ana", False),
        ("old_roux", True),
    ]
    assert _sql(_as(url, "old_ana"), "SELECT name FROM profile") == [("Ana",)]
    assert _sql(_as(url, "old_roux"), "SELECT count(*) FROM assignment") == [(1,)]
    add_login(url, "old_quiet")  # as the line says
    with _sql_conn(_as(url, "old_roux")) as conn:
        assert class_logins(conn) == ["old_ana", "old_quiet"]
    assert not any("made this database's class" in line for line in init_server(url))  # once


def test_adding_a_login_before_init_says_to_run_init(server: PgServer) -> None:
    url = _database(server, f"school_bare_{os.getpid()}")
    with pytest.raises(ServerError, match="run sabot server init URL first"):
        add_login(url, "too_soon")
    assert INSTRUCTOR  # the group roles exist on this server already: the class table does not
