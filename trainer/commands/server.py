"""`sabot server`: set up a school's shared history on PostgreSQL (`init`), give each
trainee or instructor a login (`add`), upload a trainee's own history to it once (`import`).
No password is ever asked for or stored here: libpq reads it from ~/.pgpass or a service file."""

from __future__ import annotations

import sys
from typing import Any

from trainer.commands.common import EXIT_USAGE, add_url_argument, refused_url
from trainer.i18n import _, ngettext


def cmd_server(args: Any) -> int:
    from trainer.history.server_setup import ServerError, add_login, init_server

    if (refused := refused_url("server", args.url)) is not None:
        return refused
    try:
        if args.action == "init":
            for line in init_server(args.url):
                print(line)
        elif args.action == "import":
            return _import(args)
        else:
            add_login(args.url, args.login, instructor=args.instructor)
            if args.instructor:
                print(_("{login} can log in as an instructor").format(login=args.login))
            else:
                print(_("{login} can log in as a trainee").format(login=args.login))
    except ServerError as e:
        print(f"sabot server: {e}", file=sys.stderr)
        return 1
    return 0


def _import(args: Any) -> int:
    """Upload this PC's own history (the SQLite file, not a school's copy) to the server, as
    the login the URL names; again, it adds nothing."""
    from trainer.history.server_changes import import_history
    from trainer.history.server_setup import ServerError
    from trainer.history.store import Store, StoreError

    try:
        local = Store.open()
    except StoreError as e:
        print(f"sabot server: {e}", file=sys.stderr)
        return 1
    try:
        added, there = import_history(args.url, local, args.profile)
    except ValueError as e:  # no such profile
        print(f"sabot server: {e}", file=sys.stderr)
        return EXIT_USAGE
    except ServerError as e:
        print(f"sabot server: {e}", file=sys.stderr)
        return 1
    finally:
        local.close()
    print(
        ngettext(
            "{added} answer uploaded, {there} already on the server",
            "{added} answers uploaded, {there} already on the server",
            added,
        ).format(added=added, there=there)
    )
    return 0


def add_commands(sub: Any) -> None:
    s = sub.add_parser(
        "server",
        help=_("a school's shared history on PostgreSQL"),
        description=_(
            "Set up a school's PostgreSQL server: `init URL` makes the schema, the instructor "
            "and trainee roles and the row security; `add URL LOGIN` gives a trainee (or with "
            "--instructor, an instructor) a login of their own."
        ),
    )
    actions = s.add_subparsers(dest="action", required=True, metavar="ACTION")
    i = actions.add_parser("init", help=_("create the schema, roles and row security"))
    add_url_argument(i, "owner")
    i.set_defaults(func=cmd_server)
    a = actions.add_parser("add", help=_("a login for a trainee or an instructor"))
    add_url_argument(a, "owner")
    a.add_argument("login", metavar="LOGIN", help=_("lower-case letters, digits and _"))
    a.add_argument(
        "--instructor", action="store_true", help=_("an instructor's login, not a trainee's")
    )
    a.set_defaults(func=cmd_server)
    m = actions.add_parser(
        "import",
        help=_("upload this PC's history to the server, once"),
        description=_(
            "Upload the history of this PC (every profile, or --profile NAME) to the school's "
            "server, as the login the URL names. Each session and answer is sent under an id "
            "made from what it is: importing again adds nothing."
        ),
    )
    add_url_argument(m, "login")
    m.add_argument("--profile", metavar="NAME", help=_("only this profile's history"))
    m.set_defaults(func=cmd_server)
