"""`sabot export`: every stored attempt, one row each, as CSV or JSON; also what the progress
view's CSV export writes.

The question of each attempt comes twice: in words, as a croupier says it ("A, 4 and 5 at box
4"), and as the JSON the skill stored, in a column of its own for scripts. Its right answer is
said in the export's language too, whatever the language it was asked in ("3 ou 13" in a French
export of a question asked in English: `expected_now`); the answer stays as typed. Writing into FILE
behaves as a user expects of a file: a regular file is replaced whole, at once (written beside
it, then moved over it), a symbolic link is followed to the file it names, and anything that is
not a regular file (a folder, a named pipe, a device) is refused with a sentence, never replaced.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import re
import stat
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import IO, Any, Final

from trainer.commands.common import (
    DEFAULT_PROFILE,
    EXIT_USAGE,
    add_profile_arguments,
    checked_profile,
    made,
    open_store,
    os_reason,
    profile_exists,
)
from trainer.history.expected_words import expected_now
from trainer.history.item_words import item_name
from trainer.history.said_forms import FORM_WORDS
from trainer.history.words import FORM_SEP, describe_question, words_now
from trainer.i18n import N_, _, ngettext

EXPORT_FIELDS = (
    "profile",
    "session",
    "mode",
    "skill",
    "item",
    "item_name",
    "question",
    "question_json",
    "answer",
    "expected",
    "correct",
    "response_ms",
    "answered_at",
)
UNREADABLE_QUESTION = N_("(this stored question cannot be read)")  # shown as _(it)

Row = tuple[Any, ...]


class ExportRefused(Exception):
    """A FILE the export will not write into; the message is one sentence for the user."""


# json.loads without its checks around the value: (value, where it ends), StopIteration for none
_scan: Final[Callable[[str, int], tuple[Any, int]]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_DEFLATED: Final = b"\x01"  # the store's version byte of a deflated question (`encode_question`)
_SAID_AT_MOST: Final = 4096  # distinct questions kept in words: for the repeats, few at a time
_SAID_FOUND: Final = 16  # kept while one question in 16 is found kept …
_SAID_PAUSE: Final = 65_536  # … else none kept for as many rows
_ANSWERS_AT_MOST: Final = 100_000  # answers typed once each would fill it
# a quote in a CSV field, and as the field says it; doubled by the text's own replace, which
# makes one string where replacing the bytes of its UTF-8 makes three (a quarter sooner)
_QUOTE, _QUOTES = '"', '""'
# Lines put together and written at once: ~80 KB, which encodes at the speed of a copy, where
# a string of a megabyte is made anew in memory each time (the file's buffer gathers them).
_LINES_AT_ONCE: Final = 256
_BUFFER: Final = 1 << 20  # the file's write buffer: a write to the system every megabyte


def question_words(stored: str | bytes, skill: str) -> tuple[str, str]:
    """A stored question in words (`describe_question`) and as its JSON text; for one that
    cannot be read, UNREADABLE_QUESTION and no JSON.

    What `question_json` and `json.loads` do, in fewer steps, for a question with no said form
    (`trainer.history.said_forms.said_form`), which the export says from its JSON."""
    try:
        if type(stored) is str:
            text = stored
        elif isinstance(stored, bytes) and stored[:1] == _DEFLATED:
            text = zlib.decompress(stored[1:], -15).decode()
        else:
            raise ValueError("an unknown question encoding")
        try:
            question, end = _scan(text, 0)
        except StopIteration:
            end = -1  # not a value where it starts (space before it?): as json.loads says
        if end != len(text):
            question = json.loads(text)
        if type(question) is not dict:
            raise ValueError("a stored question is not a JSON object")
    except (ValueError, UnicodeDecodeError, zlib.error):
        return _(UNREADABLE_QUESTION), ""
    return describe_question(question, skill), text


# What a spreadsheet reads as the start of a formula in a cell (a profile named
# =HYPERLINK(...) would be a link; a tab or a carriage return first hides one): such a text cell
# is written with a ' before it, which a spreadsheet shows as the text itself. A number is left
# a number: "-5", "+10", "-2.50" are answers as typed.
_FORMULA_STARTS: Final = frozenset("=+-@\t\r")
_NUMBER: Final = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?")


def _inert(text: str) -> str:
    """`text` as a spreadsheet takes it as text, never as a formula (`_FORMULA_STARTS`)."""
    if text[:1] in _FORMULA_STARTS and text and _NUMBER.fullmatch(text) is None:
        return "'" + text
    return text


def _cell(value: Any) -> str:
    """One CSV field as the csv module writes it by default (QUOTE_MINIMAL): quoted when it
    holds a quote, a comma or a line end; a text that a spreadsheet would read as a formula
    made inert first (`_inert`)."""
    text = "" if value is None else str(value)
    if text[:1] in _FORMULA_STARTS:
        text = _inert(text)
    if '"' in text:
        return '"' + text.replace('"', '""') + '"'
    if "," in text or "\n" in text or "\r" in text:
        return f'"{text}"'
    return text


def csv_line(values: Iterable[Any]) -> str:
    """One line of CSV as the export writes it (`_cell`: no formula a spreadsheet would run),
    with its line end: for the other CSV files Sabot writes (the class view's)."""
    return ",".join(_cell(v) for v in values) + "\r\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# the time of day of an answer in pieces: "THH:MM:" of each minute of a day, "SS+00:00"
_MINUTES: Final = tuple(f"T{m // 60:02d}:{m % 60:02d}:" for m in range(1440))
_SECONDS: Final = tuple(f"{second:02d}+00:00" for second in range(60))


def _said_cell(words: str, text: str) -> str:
    """The question's two CSV fields, as _cell quotes them: the JSON has quotes (an object's
    keys), the words mostly a comma."""
    if words[:1] in _FORMULA_STARTS:
        words = _inert(words)
    if '"' in words:
        words = '"' + words.replace(_QUOTE, _QUOTES) + '"'
    elif "," in words or "\n" in words or "\r" in words:
        words = f'"{words}"'
    if '"' in text:
        return f'{words},"{text.replace(_QUOTE, _QUOTES)}"'
    return f"{words},{_cell(text)}"


def _encoded(text: str, lines: list[str]) -> bytes:
    """`text` (the `lines` joined) in UTF-8. Most lines are ASCII, which encodes as a copy; a
    string with one "é" (a trainee's name) would be encoded character by character: then each
    line by itself."""
    if text.isascii():
        return text.encode()
    return b"".join([line.encode() for line in lines])


Target = IO[str] | IO[bytes] | io.RawIOBase | io.BufferedIOBase


def write_export(rows: Iterable[Row], target: Target, fmt: str) -> int:
    """Write the store's export rows (`Store.export_rows`: every attempt, in the order recorded)
    into `target` as CSV (a header, then a line of EXPORT_FIELDS each, as the csv module writes
    them) or as a JSON list of objects; the number of rows written. A binary `target` (a file
    opened "wb", a pipe's buffer) gets the text in UTF-8, encoded here.

    Each line is put together from pieces made once: a session's profile and mode, an item's
    skill, key and name, a question in words and as JSON (for each distinct stored form, a few
    thousand at a time), an answer, the day. A history asks the same questions again and again;
    and where every question is its own, its words are the only piece made for each row. The
    lines go out a few thousand at a time."""
    # The export makes no cycles, only short-lived rows: automatic collection, which would look
    # at them every few hundred (and at everything else the process holds: the progress view's
    # figures, a benchmark's history), is paused while it runs and left as it was found.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _written(rows, target, fmt)
    finally:
        if collecting:
            gc.enable()


def _written(rows: Iterable[Row], target: Target, fmt: str) -> int:
    csv = fmt == "csv"
    cell = _cell if csv else _json
    heads: dict[int, str] = {}  # session -> its profile, number and mode
    items: dict[str, tuple[str, str]] = {}  # item key -> (skill, the skill, key and name)
    said: dict[str | bytes, tuple[str, str]] = {}  # stored question -> (skill, its two fields)
    keeping, found, again = True, 0, 0  # whether `said` is kept, its questions found in it
    answers: dict[str, str] = {}
    rights: dict[tuple[str, str], str] = {}  # (skill, right answer as stored) -> its cell now
    days: dict[int, str] = {}
    minutes, seconds = _MINUTES, _SECONDS
    words_of = question_words
    t = words_now()  # the words of the language of the moment, for the whole export
    sayers = FORM_WORDS.get
    binary = isinstance(target, io.RawIOBase | io.BufferedIOBase)
    out = target.write

    def write(text: str, lines: list[str] | None = None) -> None:
        out(_encoded(text, lines or [text]) if binary else text)  # type: ignore[arg-type]

    write(",".join(EXPORT_FIELDS) + "\r\n" if csv else "[")
    n = 0
    lines: list[str] = []
    line = lines.append
    after = "\n"  # what comes before a JSON object: a comma after the first
    last: Any = None  # the session of the row before, and its head
    head = ""
    day_start, day_end, date = 0, 0, ""  # the day of the row before: [start, end) and its date
    for name, session, mode, skill, item, stored, answer, expected, correct, ms, at, form in rows:
        if session != last:
            known_head = heads.get(session)
            if known_head is None:
                if csv:
                    known_head = f"{cell(name)},{session},{cell(mode)},"
                else:
                    known_head = (
                        f'{{"profile": {cell(name)}, "session": {int(session)}, '
                        f'"mode": {cell(mode)}, '
                    )
                heads[session] = known_head
            head, last = known_head, session
        known = items.get(item)
        if known is None or known[0] != skill:
            if csv:
                words = f"{cell(skill)},{cell(item)},{cell(item_name(item))},"
            else:
                words = (
                    f'"skill": {cell(skill)}, "item": {cell(item)}, '
                    f'"item_name": {cell(item_name(item))}, '
                )
            known = items[item] = (skill, words)
        asked = said.get(stored) if keeping else None
        if asked is not None and asked[0] == skill:
            question = asked[1]  # asked before: a history asks the same questions again and again
            found += 1
        else:
            formed = None
            if form is not None and type(stored) is str:  # `say_form`, in the loop itself
                values = form.split(FORM_SEP)
                say = sayers(values[0])
                if say is not None:
                    try:
                        formed = say(t, values)
                    except (KeyError, IndexError, ValueError):
                        pass  # a form this version cannot read: said from the JSON
            if formed is None:  # no said form: said from its JSON
                words, text = words_of(stored, skill)
                if csv:
                    question = _said_cell(words, text)
                else:
                    question = f'"question": {_json(words)}, "question_json": {text or "null"}'
            elif not csv:  # said from its form, the JSON as stored
                question = f'"question": {_json(formed)}, "question_json": {stored}'
            else:  # the same, made inert and quoted as _said_cell does
                if formed[:1] in _FORMULA_STARTS:
                    formed = _inert(formed)
                if '"' in formed:
                    formed = f'"{formed.replace(_QUOTE, _QUOTES)}"'
                elif "," in formed or "\n" in formed or "\r" in formed:
                    formed = f'"{formed}"'
                if '"' in stored:  # the JSON of an object: its keys are quoted
                    question = f'{formed},"{stored.replace(_QUOTE, _QUOTES)}"'
                else:
                    question = f"{formed},{_cell(stored)}"
            if keeping:
                if len(said) >= _SAID_AT_MOST:
                    # kept while that pays: where nearly every question is its own, looking
                    # each one up and keeping it costs more than it saves; then none are kept
                    # for a while, and the next few thousand tell again
                    keeping = found * _SAID_FOUND >= _SAID_AT_MOST
                    said.clear()
                    found, again = 0, n + _SAID_PAUSE
                said[stored] = (skill, question)
        given = answers.get(answer)
        if given is None:
            if len(answers) >= _ANSWERS_AT_MOST:
                answers.clear()
            given = answers[answer] = cell(answer)
        # the right answer in the export's language, whatever the language it was asked in
        right = rights.get((skill, expected))
        if right is None:
            if len(rights) >= _ANSWERS_AT_MOST:
                rights.clear()
            right = rights[(skill, expected)] = cell(expected_now(skill, expected))
        if not day_start <= at < day_end:
            day = at // 86400
            day_start, day_end = day * 86400, day * 86400 + 86400
            date = days.get(day) or days.setdefault(
                day, datetime.fromtimestamp(day_start, UTC).strftime("%Y-%m-%d")
            )
        second = at - day_start
        if csv:
            line(
                f"{head}{known[1]}{question},{given},{right},{'1' if correct else '0'},{ms},"
                f"{date}{minutes[second // 60]}{seconds[second % 60]}\r\n"
            )
        else:
            line(
                f'{after} {head}{known[1]}{question}, "answer": {given}, "expected": {right}, '
                f'"correct": {"true" if correct else "false"}, "response_ms": {int(ms)}, '
                f'"answered_at": "{date}{minutes[second // 60]}{seconds[second % 60]}"}}'
            )
            after = ",\n"
        if len(lines) == _LINES_AT_ONCE:
            write("".join(lines), lines)
            n += _LINES_AT_ONCE
            lines.clear()
            if not keeping and n >= again:
                keeping = True
    write("".join(lines), lines)
    n += len(lines)
    if not csv:
        write("\n]\n")
    return n


# ---------------------------------------------------------------------------- the file written


def _what_it_is(mode: int) -> str | None:
    """What a file that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


_SIDE_FILES: Final = ("", "-wal", "-shm", "-journal")  # a SQLite file and what goes beside it


def own_files() -> list[str]:
    """Sabot's own files, which an export must never replace: the history and what SQLite keeps
    beside it, every school server's copy on this PC (and theirs), and the settings file.
    Found without creating anything."""
    import platformdirs

    from trainer.history.store import DB_NAME
    from trainer.settings import settings_path

    override = os.environ.get("SABOT_DATA_DIR")
    if override:
        data = os.path.expanduser(override)
    else:
        data = platformdirs.user_data_dir("sabot", appauthor=False)
    bases = [os.path.join(data, DB_NAME)]
    school = os.path.join(data, "school")
    try:
        bases += [
            os.path.join(school, entry)
            for entry in os.listdir(school)
            if entry.endswith(".sqlite3")
        ]
    except OSError:
        pass  # no school's server used on this PC
    return [base + side for base in bases for side in _SIDE_FILES] + [str(settings_path())]


def _refuse_own(name: str, path: str) -> None:
    """ExportRefused when `path` (where the export of FILE `name` would go) is one of Sabot's
    own files, by its name once links are followed or by being the same file (a hard link)."""
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except OSError:
        st = None
    school = os.path.join(os.path.dirname(own_files()[0]), "school")
    for own in own_files():
        same = os.path.realpath(own) == real
        if not same and st is not None:
            try:
                other = os.stat(own)
            except OSError:
                continue
            same = (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)
        if same:
            raise ExportRefused(
                _(
                    "{name} is one of Sabot's own files ({path}): an export never replaces "
                    "it; give another file name"
                ).format(name=name, path=own)
            )
    # a school's copy not made yet, or its log: the folder is Sabot's own
    if os.path.dirname(real) == os.path.realpath(school) and ".sqlite3" in os.path.basename(real):
        raise ExportRefused(
            _(
                "{name} is one of Sabot's own files ({path}): an export never replaces "
                "it; give another file name"
            ).format(name=name, path=real)
        )


def export_target(name: str) -> tuple[str, int | None]:
    """The path the export replaces for the FILE argument `name` (a symbolic link followed to
    the file it names), and the permissions of the file it replaces (None: a new file).
    ExportRefused if `name` is, or leads to, anything but a regular file or a new name, or if
    it is one of Sabot's own files (`own_files`)."""
    path, mode = _export_target(name)
    _refuse_own(name, path)
    return path, mode


def _export_target(name: str) -> tuple[str, int | None]:
    path = os.path.abspath(name)
    if name.endswith(("/", os.sep)) and not os.path.isdir(path):
        raise ExportRefused(
            _("{name} names a folder that does not exist: give a file name").format(name=name)
        )
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path, None
    if stat.S_ISLNK(st.st_mode):
        path = os.path.realpath(path)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            # a link to a file not written yet: the file is made where the link points
            if not os.path.isdir(os.path.dirname(path)):
                raise ExportRefused(
                    _(
                        "{name} is a symbolic link to {path}, in a folder that does not exist"
                    ).format(name=name, path=path)
                ) from None
            return path, None
        except OSError:
            raise ExportRefused(
                _("{name} is a symbolic link that leads nowhere (a loop of links)").format(
                    name=name
                )
            ) from None
        what = _what_it_is(st.st_mode)
        if what is not None:
            raise ExportRefused(
                _(
                    "{name} is a symbolic link to {path}, which is {what}: sabot export writes "
                    "only regular files"
                ).format(name=name, path=path, what=what)
            )
        return path, stat.S_IMODE(st.st_mode)
    what = _what_it_is(st.st_mode)
    if stat.S_ISDIR(st.st_mode):
        raise ExportRefused(
            _("{name} is a folder: give a file name, e.g. {example}").format(
                name=name, example=os.path.join(name, "history.csv")
            )
        )
    if what is not None:
        raise ExportRefused(
            _(
                "{name} is {what}, not a regular file: sabot export writes only regular files "
                "(to send the export there, write it to standard output: sabot export > {name})"
            ).format(name=name, what=what)
        )
    return path, stat.S_IMODE(st.st_mode)


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(name: str, rows: Iterable[Row], fmt: str) -> int:
    """Write the export into the file `name` as `export_target` says: written beside it and
    moved over it once complete, so a failed export never leaves half a file in place of a good
    one. A new file gets the permissions the user's umask gives; a replaced one keeps its own."""
    path, mode = export_target(name)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{os.path.basename(path)}.", suffix=".part", dir=os.path.dirname(path)
    )
    try:
        with os.fdopen(fd, "wb", buffering=_BUFFER) as target:  # UTF-8 by write_export
            # mkstemp makes the file 0600, private; an export is an ordinary file of its folder
            os.fchmod(target.fileno(), (0o666 & ~_umask()) if mode is None else mode)
            n = write_export(rows, target, fmt)
            target.flush()
            os.fsync(target.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return n


def _to_stdout(rows: Iterable[Row], fmt: str) -> int:
    """The export on standard output, in UTF-8 whatever the terminal's encoding, flushed here:
    a reader gone away (`sabot export | head`) is found now, not at exit."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:  # a text-only stream (a test's)
        n = write_export(rows, out, fmt)
        out.flush()
        return n
    out.flush()
    if isinstance(buffer, io.RawIOBase | io.BufferedIOBase):  # UTF-8 by write_export
        n = write_export(rows, buffer, fmt)
        buffer.flush()
        return n
    target = io.TextIOWrapper(buffer, encoding="utf-8", newline="")
    try:
        n = write_export(rows, target, fmt)
        target.flush()
    finally:
        target.detach()  # standard output stays open for the rest of the command
    return n


# ---------------------------------------------------------------------------- the command


def cmd_export(args: argparse.Namespace) -> int:
    to_file = bool(args.file) and args.file != "-"
    if to_file:
        try:
            export_target(args.file)  # refused before the history is even opened
        except ExportRefused as e:
            print(f"sabot export: {e}", file=sys.stderr)
            return EXIT_USAGE
    store = open_store(reading=True)
    if store is None:
        return 1
    profile = None  # every profile
    practised = True  # whether the profile has a history: not the default one before its start
    if args.profile:
        profile = checked_profile(store, args, "export")
        practised = profile is not None and profile_exists(store, profile)
        if profile is None or not (
            practised or profile == DEFAULT_PROFILE or made(store, profile, "export")
        ):
            store.close()
            return 1 if profile else EXIT_USAGE
    try:
        # the default profile before its first session: nothing to export, and nothing made
        # for it, as `sabot stats` makes nothing
        rows = store.export_rows(profile) if practised else iter(())
        if to_file:
            n = write_file(args.file, rows, args.format)
        else:
            n = _to_stdout(rows, args.format)
    except ExportRefused as e:
        print(f"sabot export: {e}", file=sys.stderr)
        return EXIT_USAGE
    except ValueError as e:
        print(f"sabot export: {e}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        raise  # the command line's quiet ending: the reader has what it wanted
    except OSError as e:
        if to_file:
            why = _("cannot write {file}: {why}").format(file=args.file, why=os_reason(e))
        else:
            why = _("cannot write to standard output: {why}").format(why=os_reason(e))
        print(f"sabot export: {why}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if to_file:
        done = ngettext(
            "{count} attempt written to {file}", "{count} attempts written to {file}", n
        ).format(count=n, file=args.file)
        print(f"sabot export: {done}", file=sys.stderr)
    return 0


def add_commands(sub: Any) -> None:
    e = sub.add_parser(
        "export",
        help=_("export every attempt as CSV or JSON"),
        description=_(
            "Every stored attempt, one row each, oldest first: the question in words and as "
            "JSON, the answer, the expected answer, right or wrong, the time. FILE is replaced "
            "whole once the export is complete; a symbolic link is followed."
        ),
    )
    e.add_argument(
        "--format", choices=("csv", "json"), default="csv", help=_("csv or json (default csv)")
    )
    add_profile_arguments(e, _("only this profile (default: every profile)"))
    e.add_argument(
        "file", nargs="?", metavar="FILE", help=_("output file (default: standard output)")
    )
    e.set_defaults(func=cmd_export)
