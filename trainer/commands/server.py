"""`sabot server`: set up a school's shared history on PostgreSQL (`init`), and give each
trainee or instructor a login (`add`). No password is ever asked for or stored here: libpq reads
it from ~/.pgpass or a service file."""

from __future__ import annotations

import sys
from typing import Any

from trainer.commands.common import EXIT_USAGE


def cmd_server(args: Any) -> int:
    from trainer.history.postgres import ServerError, add_login, init_server

    if not args.url.startswith(("postgresql://", "postgres://", "service=", "host=", "dbname=")):
        print("sabot server: the URL is postgresql://HOST/DATABASE?user=NAME (or service=NAME)",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    try:
        if args.action == "init":
            for line in init_server(args.url):
                print(line)
        else:
            add_login(args.url, args.login, instructor=args.instructor)
            print(
                f"{args.login} can log in as {'an instructor' if args.instructor else 'a trainee'}"
            )
    except ServerError as e:
        print(f"sabot server: {e}", file=sys.stderr)
        return 1
    return 0


def add_commands(sub: Any) -> None:
    s = sub.add_parser(
        "server",
        help="a school's shared history on PostgreSQL",
        description="Set up a school's PostgreSQL server: `init URL` makes the schema, the "
        "instructor and trainee roles and the row security; `add URL LOGIN` gives a trainee "
        "(or with --instructor, an instructor) a login of their own.",
    )
    actions = s.add_subparsers(dest="action", required=True, metavar="ACTION")
    i = actions.add_parser("init", help="create the schema, roles and row security")
    i.add_argument("url", metavar="URL", help="postgresql://HOST/DATABASE?user=OWNER")
    i.set_defaults(func=cmd_server)
    a = actions.add_parser("add", help="a login for a trainee or an instructor")
    a.add_argument("url", metavar="URL")
    a.add_argument("login", metavar="LOGIN", help="lower-case letters, digits and _")
    a.add_argument("--instructor", action="store_true")
    a.set_defaults(func=cmd_server)
