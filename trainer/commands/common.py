"""What the headless subcommands share: the exit status of a usage mistake, how numbers on the
command line are read (within bounds, said in the message), the language (`--lang` on every
command), the profile a command works on, and opening the history with its notice printed."""

from __future__ import annotations

import argparse
import os
import sys
import time
import unicodedata
from collections.abc import Callable, Collection, Iterator
from typing import IO, Any

from trainer.game.rules import DEFAULT_PRESET, shown
from trainer.i18n import N_, _, format_number, ngettext
from trainer.os_reasons import os_reason as os_reason  # the commands' own name for it

EXIT_USAGE = 2
DEFAULT_PROFILE = "default"
MAX_SEED = 2**63 - 1  # a seed is stored as an SQLite integer: signed 64 bits
MAX_COUNT = 100_000  # questions in one drill


# A school's server as `sabot server` and `sabot class` take it: a libpq URL or connection
# string, and whose login it names, as its help says.
_URL_STARTS = ("postgresql://", "postgres://", "service=", "host=", "dbname=")
URL_HELP = {
    "owner": N_("postgresql://HOST/DATABASE?user=OWNER"),
    "instructor": N_("postgresql://HOST/DATABASE?user=INSTRUCTOR"),
    "login": N_("postgresql://HOST/DATABASE?user=LOGIN"),
}


# a drill's or a shoe's mode as the trainee reads it (the key is what --mode takes)
_MODE_NAMES = {
    "practice": N_("practice"),
    "challenge": N_("challenge"),
    "sprint": N_("sprint"),
    "exam": N_("exam"),
    "review": N_("review"),
}


def mode_name(mode: str) -> str:
    """A mode in the trainee's words: "practice" -> "entraînement", "allenamento"."""
    return _(_MODE_NAMES[mode]) if mode in _MODE_NAMES else mode


def add_url_argument(parser: Any, login: str) -> None:
    """URL, the school's server, whose `login` ("owner", "instructor", "login") it names."""
    parser.add_argument("url", metavar="URL", help=_(URL_HELP[login]))


def refused_url(command: str, url: str) -> int | None:
    """EXIT_USAGE, said in one line, when `url` names no server; None when it may."""
    if url.startswith(_URL_STARTS):
        return None
    why = _("the URL is postgresql://HOST/DATABASE?user=NAME (or service=NAME)")
    print(f"sabot {command}: {why}", file=sys.stderr)
    return EXIT_USAGE


def add_preset_argument(parser: Any) -> None:
    """--preset NAME: the house rules, by their preset's name."""
    parser.add_argument(
        "--preset",
        default=DEFAULT_PRESET,
        help=_("house rules preset (default {preset})").format(preset=DEFAULT_PRESET),
    )


def _whole(text: str, lo: int, hi: int, what: str) -> int:
    # plain ASCII digits, and no more of them than the bound has: never int() of 5,000 digits
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= len(str(hi)):
        n = int(digits)
        if lo <= n <= hi:
            return n
    raise argparse.ArgumentTypeError(_("{what}, not {text}").format(what=what, text=shown(text)))


def seed_arg(text: str) -> int:
    """--seed: a whole number from 0 to 2^63 - 1."""
    return _whole(
        text,
        0,
        MAX_SEED,
        _("a seed is a whole number from 0 to {max} (2^63 - 1)").format(max=MAX_SEED),
    )


def count_arg(text: str) -> int:
    """--count: a whole number of questions, at least 1 and at most MAX_COUNT."""
    return _whole(
        text,
        1,
        MAX_COUNT,
        _("the count is a whole number of questions, at least 1 and at most {max}").format(
            max=format_number(MAX_COUNT, places=0)
        ),
    )


MAX_SHIFT = 480  # minutes: a croupier's shift at the table is at most a working day


def shift_arg(text: str) -> int:
    """--shift: a whole number of minutes, at least 1 and at most MAX_SHIFT."""
    return _whole(
        text,
        1,
        MAX_SHIFT,
        _("a shift is a whole number of minutes, at least 1 and at most {max}").format(
            max=MAX_SHIFT
        ),
    )


def profile_arg(text: str) -> str:
    """--profile NAME: a name with something in it (an empty one is no profile, not the
    default one)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a profile name cannot be empty or only spaces"))
    return text


def assignment_arg(text: str) -> int:
    """An assigned exam's number, as `sabot class URL exams` lists them: a whole number ≥ 1."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= 18 and int(digits) > 0:
        return int(digits)
    raise argparse.ArgumentTypeError(
        _("an assigned exam's number, as sabot class URL exams lists them, not {text}").format(
            text=repr(text)
        )
    )


def lang_arg(text: str) -> str:
    """--lang: en, fr or it (a locale name such as fr_FR.UTF-8 is its language)."""
    from trainer.i18n import LANGUAGES, language_code

    code = language_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            _("the language is one of {languages}, not {text}").format(
                languages=", ".join(LANGUAGES), text=shown(text)
            )
        )
    return code


def add_language_arguments(parser: argparse.ArgumentParser, *, top: bool = True) -> None:
    """--lang on the parser and on every command and sub-command under it: `sabot --lang fr
    drill` and `sabot drill --lang fr` are the same. Without it, the environment's language."""
    parser.add_argument(
        "--lang",
        type=lang_arg,
        metavar="LANG",
        # a command's own --lang, when not given, leaves the one given before the command
        default=None if top else argparse.SUPPRESS,
        help=_(
            "the language of questions, feedback and messages: en, fr or it (default: from "
            "LANG / LC_MESSAGES, else English)"
        ),
    )
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for child in action.choices.values():
                if id(child) not in seen:
                    seen.add(id(child))
                    add_language_arguments(child, top=False)


def language_asked(argv: list[str]) -> str | None:
    """The language `--lang` asks for, read before the parser is built (so that its help and
    its errors are in that language); None when there is none, or none that can be read (the
    parser then says why)."""
    from trainer.i18n import language_code

    for i, token in enumerate(argv):
        if token == "--":
            break
        if token == "--lang" and i + 1 < len(argv):
            return language_code(argv[i + 1])
        if token.startswith("--lang="):
            return language_code(token.removeprefix("--lang="))
    return None


def profile_name(args: argparse.Namespace) -> str:
    return args.profile or os.environ.get("SABOT_PROFILE") or DEFAULT_PROFILE


def add_profile_arguments(parser: Any, help: str) -> None:
    """--profile NAME and --new-profile, the same on every subcommand that takes a profile."""
    parser.add_argument("--profile", metavar="NAME", type=profile_arg, help=help)
    parser.add_argument(
        "--new-profile",
        action="store_true",
        help=_("create the --profile if it does not exist yet (at a terminal Sabot asks instead)"),
    )


def _same_name(a: str, b: str) -> bool:
    # as the history compares names: spaces around cut, ASCII letters in either case (NOCASE)
    fold = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
    return a.strip().translate(fold) == b.strip().translate(fold)


def profile_exists(store: Any, name: str) -> bool:
    return any(_same_name(name, p.name) for p in store.profiles())


def checked_profile(store: Any, args: argparse.Namespace, command: str) -> str | None:
    """The profile the command works on, or None once the reason is said on stderr.

    The default profile, and any that exists, at once (the default is created by its first
    session). A name that is not a profile yet is a new trainee or a typing slip: it is taken
    only with --new-profile, or when the user says yes at the terminal — a mistyped name must
    not quietly start a second history beside the real one."""
    name = profile_name(args)
    profiles = [p.name for p in store.profiles()]
    if any(_same_name(name, p) for p in profiles):
        return name
    if _same_name(name, DEFAULT_PROFILE):
        return DEFAULT_PROFILE
    where = f"sabot {command}"
    if not name.strip():
        print(f"{where}: " + _("a profile name cannot be empty or only spaces"), file=sys.stderr)
        return None
    if not name.isprintable():
        print(
            f"{where}: "
            + _("a profile name cannot have control or invisible characters, not {name}").format(
                name=shown(name)
            ),
            file=sys.stderr,
        )
        return None
    if getattr(args, "new_profile", False):
        return name
    known = ", ".join(printable(p) for p in profiles) or _("none yet")
    missing = _("there is no profile named {name} (profiles: {known})").format(
        name=shown(name), known=known
    )
    if sys.stdin.isatty():
        sys.stderr.write(f"{where}: " + _("{missing}. Create it? [y/N] ").format(missing=missing))
        sys.stderr.flush()
        answer = next(input_lines(), "")
        if answer.strip().lower() in ("y", "yes", "o", "oui", "s", "si", "sì"):
            return name
        print(f"{where}: " + _("no profile created."), file=sys.stderr)
        return None
    if args.profile:
        advice = _("{missing}; add --new-profile to create it")
    else:
        advice = _("{missing}; add --new-profile to create the profile SABOT_PROFILE names")
    print(f"{where}: " + advice.format(missing=missing), file=sys.stderr)
    return None


def made(store: Any, name: str, command: str) -> bool:
    """Make the new profile a user agreed to (see checked_profile); False once the reason it
    cannot be is said on stderr."""
    from trainer.history.store import StoreError

    try:
        store.profile(name)
    except (StoreError, ValueError) as e:
        print(f"sabot {command}: {e}", file=sys.stderr)
        return False
    return True


def printable(text: str) -> str:
    """Text safe to print on a terminal or in a table: control and invisible characters (an
    escape sequence in a profile name, a right-to-left override) written as `\\x1b`-style
    escapes, never sent to the terminal. A space is printed as it is, the no-break ones too:
    French puts a narrow one before its "?", ":" and inside « »."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or _is_space(c) else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def _is_space(c: str) -> bool:
    return unicodedata.category(c) == "Zs"


def sentence(text: str) -> str:
    """`text` as a sentence of its own, its first letter a capital: a reason said after a
    full stop ("… is '7.50'. A winning hand is paid 1 to 1 [000]")."""
    return text[:1].upper() + text[1:]


def text_width(text: str) -> int:
    """How many columns of a terminal `text` takes: a combining accent (an "é" typed as "e" and
    its accent) and an invisible character none, a wide (East Asian) letter two, any other one
    (the no-break spaces too)."""
    if text.isascii():
        return len(text)
    width = 0
    for c in text:
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
    return width


def left(text: str, width: int) -> str:
    """`text` padded on its right to `width` columns (`text_width`), as `str.ljust` does by
    letters."""
    return text + " " * max(0, width - text_width(text))


def right(text: str, width: int) -> str:
    """`text` padded on its left to `width` columns (`text_width`)."""
    return " " * max(0, width - text_width(text)) + text


def wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, cut between words (a word longer than that
    alone on its line); a no-break space joins the words on either side of it."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(lines[-1]) + 1 + text_width(word) <= width:
            lines[-1] += " " + word
        elif word:
            lines.append(word)
    return lines or [""]


def input_lines(stream: Any = None) -> Iterator[str]:
    """The lines typed or piped on standard input, without their line ending.

    The ending is "\\n" or a Windows "\\r\\n": that carriage return belongs to the ending, it
    is neither part of the answer nor an answer of its own. Input is read as bytes and decoded
    here, the same in every locale: bytes that are not UTF-8 stay visible as `\\xff` text, so an
    answer is always text the history can store and the JSON output can carry."""
    stream = sys.stdin if stream is None else stream
    raw = getattr(stream, "buffer", None)
    if raw is None:  # a text-only stream (a test's)
        for line in iter(stream.readline, ""):
            text = line.removesuffix("\n").removesuffix("\r")
            yield text.encode("utf-8", "backslashreplace").decode("utf-8")
        return
    for data in iter(raw.readline, b""):
        data = data.removesuffix(b"\n").removesuffix(b"\r")
        yield data.decode("utf-8", "backslashreplace")


def open_profile(args: argparse.Namespace, command: str) -> tuple[Any, str] | int:
    """The history and the profile `command` works on (`open_store`, `checked_profile`: a
    mistyped name is not a new profile), or its exit status once the reason is said on stderr:
    1 when the history cannot be opened, EXIT_USAGE for a profile it may not take."""
    store = open_store()
    if store is None:
        return 1
    profile = checked_profile(store, args, command)
    if profile is None:
        store.close()
        return EXIT_USAGE
    return store, profile


def not_started(command: str, store: Any, error: Exception, status: int = 1) -> int:
    """`status` (1: the history cannot be written, read-only, full or locked), once `error` is
    said on stderr and the history `command` opened is closed again: a practice that could
    not start."""
    print(f"sabot {command}: {error}", file=sys.stderr)
    if store is not None:
        store.close()
    return status


def _instructor(store: Any) -> str | None:
    """Why a practice is refused to the login of a school's server, when it is an instructor's
    (the server keeps no answers of it: `classview.instructor_refusal`); None for a trainee's,
    or when the server cannot tell now (offline: the answers wait on this PC, and the sender
    says at the end why they were not taken)."""
    from trainer.history.classview import instructor_login, instructor_refusal
    from trainer.history.postgres import CONNECT_TIMEOUT_S

    try:
        login = instructor_login(store.url, timeout=CONNECT_TIMEOUT_S)
    except Exception:  # noqa: BLE001 - ServerError, psycopg's: not known now
        return None
    return None if login is None else instructor_refusal(login)


def open_store(*, reading: bool = False) -> Any:
    """The history the commands work on (`trainer.history.opening` chooses: a school's server
    when SABOT_DATABASE_URL or the database_url setting names one), its notice said; None once
    the reason it cannot be opened is said on stderr. `reading`: the command only reads (stats,
    export), and a history that can only be read is said to be so, then read."""
    from trainer.history import store as sqlite_store
    from trainer.history.opening import database_url, open_history
    from trainer.history.store import StoreError
    from trainer.settings import Settings

    def waiting(said: str) -> None:  # another Sabot creating or migrating the history
        print(f"sabot: {said}", file=sys.stderr, flush=True)

    sqlite_store.on_open_wait = waiting
    settings = Settings.load()
    try:
        store = open_history(database_url(settings.prefs.database_url))
    except StoreError as e:
        print(f"sabot: {e}", file=sys.stderr)  # the one thing to say: nothing can be done
        return None
    # what had to be repaired in the settings, or set aside, said as the app says it
    if settings.notice:
        print(f"sabot: {settings.notice}", file=sys.stderr)
    if store.notice:
        print(f"sabot: {store.notice}", file=sys.stderr)
    if reading and store.read_only is not None:
        said = _("the history {path} is read-only ({why}): it is read, nothing is written.")
        print("sabot: " + said.format(path=store.path, why=_(store.read_only)), file=sys.stderr)
    if not reading and store.status() is not None and (refused := _instructor(store)):
        print(f"sabot: {refused}", file=sys.stderr)
        store.close(wait_s=0)
        return None
    if store.status() is not None:  # a school's server: say what is left for the next start
        import atexit

        def waiting() -> None:
            for said in getattr(store, "skipped", ()):  # malformed rows of the server
                print(f"sabot: {said}", file=sys.stderr)
            n = getattr(store, "left_waiting", 0)
            problem = getattr(store, "_problem", None)
            if n and problem:  # reached, and refused them (a password, a later schema)
                said = ngettext(
                    "the school's server refused them ({problem}): {count} answer waits on "
                    "this PC and goes with the next start of Sabot.",
                    "the school's server refused them ({problem}): {count} answers wait on "
                    "this PC and go with the next start of Sabot.",
                    n,
                ).format(problem=problem, count=format_number(n, places=0))
                print(f"sabot: {said}", file=sys.stderr)
            elif n:
                said = ngettext(
                    "the school's server could not be reached: {count} answer waits on this PC "
                    "and goes with the next start of Sabot.",
                    "the school's server could not be reached: {count} answers wait on this PC "
                    "and go with the next start of Sabot.",
                    n,
                ).format(count=format_number(n, places=0))
                print(f"sabot: {said}", file=sys.stderr)

        atexit.register(waiting)
    return store


def write_json(obj: Any, *, indent: int | None = None) -> None:
    """One JSON document and a newline on standard output, always in UTF-8 whatever the
    terminal's encoding, flushed: for scripts reading `--json` lines as they come."""
    import json

    text = json.dumps(obj, ensure_ascii=False, indent=indent, default=str) + "\n"
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:  # a text-only stream (a test's): it takes str
        out.write(text)
        out.flush()
        return
    out.flush()
    # backslashreplace: a lone surrogate, were one to get this far, is written as \\udcff text
    # rather than as bytes that are not UTF-8
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def read_answer(
    lines: Iterator[str],
    judge: Callable[[str, int], Any],
    *,
    emit: Callable[[dict[str, Any]], None] | None,
    out: IO[str],
    stop_words: Collection[str] = (),
) -> Any:
    """The trainee's next answer, judged: `judge(text, ms)` with the time since this call (a
    monotonic clock). Blank lines are skipped; an unreadable answer is said (a JSON line when
    `emit` is given) and read again. None at the end of the input, or on a stop word."""
    from trainer.practice.answers import Unreadable

    shown = time.monotonic_ns()
    while True:
        raw = next(lines, None)
        if raw is None or raw.strip().casefold() in stop_words:
            return None
        if not raw.strip():
            continue
        ms = (time.monotonic_ns() - shown) // 1_000_000
        try:
            return judge(raw, ms)
        except Unreadable as e:
            if emit is not None:
                emit({"type": "unreadable", "message": str(e)})
            else:
                out.write(f"    ? {e}\n> ")
                out.flush()


def history_trouble(store: Any, said: str | None, command: str) -> str | None:
    """Say on stderr, once, that the history cannot be written (and once that it can again);
    the reason now, to give back at the next answer as `said`."""
    if store is None:
        return None
    why = store.trouble_reason
    if why is not None and why != said:
        print(f"sabot {command}: {store.trouble}", file=sys.stderr, flush=True)
    elif why is None and said is not None:
        print(
            f"sabot {command}: " + _("The history is written again: the kept answers are saved."),
            file=sys.stderr,
            flush=True,
        )
    return why
