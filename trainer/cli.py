"""The `sabot` command: with no argument the desktop app; subcommands for headless use.

Qt is imported only on the GUI path, so `sabot round`, `sabot drill` and friends start fast and
run on machines with no display.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from trainer import __version__
from trainer.i18n import _

if TYPE_CHECKING:
    import argparse

EXIT_USAGE = 2


def _read_input(path: str) -> str:
    """The text of a file, or of standard input for `-`, read as UTF-8 the same strict way
    (Python's own stdin may be lenient: surrogateescape in the C locale)."""
    if path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # a text-only stream (a test's): checked as if it were bytes
            text = sys.stdin.read()
            text.encode("utf-8", "strict")  # lone surrogates are not UTF-8
            return text
        return stdin.read().decode("utf-8")
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmd_round(args: argparse.Namespace) -> int:
    from trainer.commands.common import os_reason, write_json
    from trainer.game.scenario import ScenarioError, replay

    try:
        text = _read_input(args.file)
    except OSError as e:
        why = _("cannot read {file}: {why}").format(file=args.file, why=os_reason(e))
        print(f"sabot round: {why}", file=sys.stderr)
        return EXIT_USAGE
    except (UnicodeDecodeError, UnicodeEncodeError):
        name = _("standard input") if args.file == "-" else args.file
        print("sabot round: " + _("{file} is not UTF-8 text").format(file=name), file=sys.stderr)
        return EXIT_USAGE
    try:
        out, warnings = replay(text)
    except ScenarioError as e:
        print(f"sabot round: {e}", file=sys.stderr)
        return EXIT_USAGE
    for w in warnings:
        print("sabot round: " + _("warning: {text}").format(text=w), file=sys.stderr)
    write_json(out, indent=None if args.compact else 1)
    return 0


def no_display(environ: Mapping[str, str], platform: str) -> bool:
    """A Unix desktop session gives the app a display; a bare terminal (ssh, a console) has
    none, unless Qt is told to draw elsewhere (QT_QPA_PLATFORM=offscreen, vnc...)."""
    if platform in ("win32", "darwin") or environ.get("QT_QPA_PLATFORM"):
        return False
    return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def cmd_gui(lang: str | None = None) -> int:
    """The desktop app, in `lang` (`sabot --lang fr`), else in the language of its settings."""
    if no_display(os.environ, sys.platform):
        # Qt would abort with its own English lines (and a core dump): say it in one sentence
        print(
            "sabot: "
            + _(
                "there is no display to open the window on (DISPLAY and WAYLAND_DISPLAY are "
                "not set); the subcommands work without one: sabot --help"
            ),
            file=sys.stderr,
        )
        return 1
    try:
        from ui.app import run
    except ImportError as e:
        print("sabot: " + _("the desktop app cannot start: {why}").format(why=e), file=sys.stderr)
        return 1
    return run(sys.argv[:1], lang=lang)


# Each command and the module of trainer.commands that adds it to the parser (`add_commands`):
# a command imports its own module only, so `sabot export` does not import the drills, the deal
# mode or the class view to parse its line. Help, or a line that names no command, adds them all.
COMMANDS = {
    "drill": "drill",
    "stats": "drill",
    "review": "review",
    "export": "export",
    "class": "classview",
    "deal": "deal",
    "home": "home",
    "server": "server",
}
# the modules that may be left out of a build (their commands are then not offered)
OPTIONAL = frozenset({"drill", "export"})
# the class command's actions (assign, exams, withdraw) come from a module of their own
ACTIONS = {"classview": "assign"}


def command_named(argv: Sequence[str]) -> str | None:
    """The command a command line names ("export" in `sabot --lang fr export out.csv`), or None
    when it names none before its first other argument (`sabot --help`, `sabot`, a typo)."""
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--lang":
            i += 2  # and its value
            continue
        if token == "round" or token in COMMANDS:
            return token
        if not token.startswith("-") or token == "--":
            return None
        i += 1
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with `command` ("export"), only that command's module is
    imported and added; without it, every command's."""
    import importlib

    from trainer.commands.parsing import Parser

    p = Parser(
        prog="sabot",
        description=_("Sabot, a trainer for blackjack croupiers. With no command, opens the app."),
    )
    p.add_argument(
        "--version",
        action="version",
        version=f"sabot {__version__}",
        help=_("show the version of Sabot and exit"),
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    r = sub.add_parser(
        "round",
        help=_("replay a scenario file and print what a perfect dealer does, as JSON"),
        description=_(
            "Replay a round from a scenario file (JSON; - reads standard input) and print the "
            "transcript: deal order, every hand with its announcements, results and payouts, "
            "the dealer, and every event in table order."
        ),
    )
    r.add_argument("file", metavar="FILE", help=_("scenario JSON file, or - for standard input"))
    r.add_argument("--compact", action="store_true", help=_("print the JSON on one line"))
    r.set_defaults(func=cmd_round)

    if command == "round":
        modules: list[str] = []
    elif command in COMMANDS:
        modules = [COMMANDS[command]]
    else:
        modules = list(dict.fromkeys(COMMANDS.values()))  # in the order of the help
    for name in modules:
        try:
            module = importlib.import_module(f"trainer.commands.{name}")
        except ImportError:
            if name not in OPTIONAL:
                raise
        else:
            added = module.add_commands(sub)
            if name in ACTIONS:
                importlib.import_module(f"trainer.commands.{ACTIONS[name]}").add_actions(added)
    from trainer.commands.common import add_language_arguments

    add_language_arguments(p)
    return p


# what writing out fails with when the disk (or the device) has no room left
_OUTPUT_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        # the app: skip building the headless commands' parser (and importing argparse); the
        # app chooses its language from its settings
        return cmd_gui()
    from trainer.commands.common import language_asked
    from trainer.i18n import set_language, system_language

    # the language first: the parser's help and errors are written in it
    set_language(language_asked(argv) or system_language())
    for stream in (sys.stdout, sys.stderr):
        # a terminal that cannot show "—" or "é" gets \u2014-style escapes, not a traceback
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser(command_named(argv))
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        return cmd_gui(language_asked(argv))
    try:
        status = int(func(args))
        sys.stdout.flush()  # a reader gone away is found here, not in the flush at exit
        return status
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`sabot round f | head`): not an error worth a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        if error.errno not in _OUTPUT_FULL:
            raise
        # standard output on a full disk (`sabot stats > f`), or a device that refuses it: the
        # commands say their own files' failures, and the history's are StoreErrors
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's flush too
        from trainer.os_reasons import os_reason

        said = _("cannot write to standard output: {why}").format(why=os_reason(error))
        command = command_named(argv)
        print(f"{f'sabot {command}' if command else 'sabot'}: {said}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
