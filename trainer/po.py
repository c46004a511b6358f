"""The translation catalogues: gettext `.po` files, read from source, and kept up to date.

Why a small reader of our own rather than the stdlib's compiled `.mo` files or babel: the stdlib's
`gettext` reads only `.mo`, and its compiler (`msgfmt.py`) is a script of CPython's source tree,
not a module, so `.mo` files would have to be built and shipped beside every change of a `.po`
(and a stale `.mo` would show old words); babel is a dependency of several megabytes for what a
hundred lines do here. The `.po` file is the one truth: translators edit it, `load` reads it the
first time a language other than English is used (English never reads a catalogue), and the
test `tests/trainer/test_catalogues.py` holds it to the code.

- `read` / `write`: a `.po` text as `Entry` objects and back (msgctxt, plurals, flags,
  translator comments, the files a text is used in);
- `load(domain, lang)`: the catalogue as the translation functions want it, from the installed
  `resources.locale` package;
- `extract(root)`: every text the code marks, found with `ast` — a call of `_`, `N_`, `ngettext`,
  `pgettext` or `npgettext` imported from `trainer.i18n` (domain "trainer") or `ui.i18n`
  (domain "ui") — and every misuse of them (an f-string or a concatenation inside `_()`, a
  placeholder without a name);
- `problems(root)`: what is wrong between the code and the catalogues;
- `update(root)`, also `python -m trainer.i18n update [DOMAIN ...]`: adds new texts to the French
  and Italian catalogues (untranslated), drops those the code no longer has, keeps every
  translation, and writes the files in the code's order.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trainer.languages import DOMAINS, LANGUAGES, PLURAL_FORMS, SOURCE_LANGUAGE

TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
ROOT = Path(__file__).resolve().parent.parent  # the source tree: trainer/, ui/, resources/
PACKAGES = ("trainer", "ui")  # where marked texts are looked for
# the translation functions, and which of their arguments are (context, singular, plural)
_FUNCTIONS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "gettext": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "npgettext": (0, 1, 2),
}
_MODULES = {"trainer.i18n": "trainer", "ui.i18n": "ui"}


class PoError(ValueError):
    """A .po file that cannot be read; the message says where."""


@dataclass
class Entry:
    msgid: str
    msgctxt: str = ""
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    comments: list[str] = field(default_factory=list)  # the translator's "# ..." lines
    flags: list[str] = field(default_factory=list)  # "#, fuzzy, python-brace-format"
    references: list[str] = field(default_factory=list)  # "#: trainer/practice/drill.py"

    @property
    def key(self) -> tuple[str, str]:
        return (self.msgctxt, self.msgid)

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.msgstr)


# -- reading and writing ----------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str, where: str) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: a string is not between double quotes")
    out = []
    chars = iter(text[1:-1])
    for c in chars:
        if c == "\\":
            e = next(chars, "")
            if e not in _ESCAPES:
                raise PoError(f"{where}: unknown escape \\{e}")
            out.append(_ESCAPES[e])
        elif c == '"':
            raise PoError(f"{where}: a double quote inside a string is not escaped")
        else:
            out.append(c)
    return "".join(out)


def read(text: str, name: str = "catalogue") -> list[Entry]:
    """The entries of a .po text, the header (msgid "") first as it is written. Obsolete
    entries ("#~") are left out. Raises PoError on anything else it cannot read."""
    entries: list[Entry] = []
    current: Entry | None = None
    comments: list[str] = []
    flags: list[str] = []
    references: list[str] = []
    # the field a continuation string belongs to: ("msgid", 0), ("msgstr", 1)…
    target: tuple[str, int] | None = None
    fields: dict[tuple[str, int], str] = {}

    def finish() -> None:
        nonlocal current, fields
        if not fields:
            return
        where = f"{name}: the entry before line {number}"
        if ("msgid", 0) not in fields:
            raise PoError(f"{where} has no msgid")
        plural = fields.get(("msgid_plural", 0))
        forms = sorted(n for f, n in fields if f == "msgstr")
        if not forms or forms != list(range(len(forms))):
            raise PoError(f"{where} has no msgstr, or its plural forms are not 0, 1, …")
        if plural is None and len(forms) > 1:
            raise PoError(f"{where} has plural translations but no msgid_plural")
        entries.append(
            Entry(
                msgid=fields[("msgid", 0)],
                msgctxt=fields.get(("msgctxt", 0), ""),
                msgid_plural=plural,
                msgstr=[fields[("msgstr", n)] for n in forms],
                comments=list(comments),
                flags=list(flags),
                references=list(references),
            )
        )
        comments.clear()
        flags.clear()
        references.clear()
        fields = {}

    number = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip(" \t\r")
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if fields and target is not None and target[0] == "msgstr":
                finish()
                target = None
            if line.startswith("#~"):
                continue
            if line.startswith("#,"):
                flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#:"):
                references.extend(line[2:].split())
            elif line.startswith("#.") or line.startswith("#|"):
                pass  # extracted comments and previous msgids: made again, not kept
            else:
                comments.append(line[1:].removeprefix(" "))
            continue
        if line.startswith('"'):
            if target is None:
                raise PoError(f"{where}: a string belongs to no msgid or msgstr")
            fields[target] += _unquote(line, where)
            continue
        keyword, _sep, rest = line.partition(" ")
        n = 0
        if keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = keyword[7:-1]
            if not index.isdigit():
                raise PoError(f"{where}: {keyword} is not a plural form")
            keyword, n = "msgstr", int(index)
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            raise PoError(f"{where}: {keyword!r} is not a .po keyword")
        if keyword in ("msgctxt", "msgid") and target is not None and target[0] == "msgstr":
            finish()
        if (keyword, n) in fields:
            raise PoError(f"{where}: {keyword} twice in one entry")
        target = (keyword, n)
        fields[target] = _unquote(rest.strip(), where)
    number += 1
    finish()
    return entries


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n") + '"'


def _field(keyword: str, text: str) -> list[str]:
    if "\n" not in text.rstrip("\n"):
        return [f"{keyword} {_quote(text)}"]
    pieces = text.split("\n")
    parts = [piece + "\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return [f'{keyword} ""', *(_quote(part) for part in parts)]


def write(entries: Iterable[Entry]) -> str:
    """A .po text of the entries, in their order, one blank line between them."""
    blocks = []
    for entry in entries:
        lines = [f"# {c}".rstrip() for c in entry.comments]
        lines += [f"#: {ref}" for ref in entry.references]
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        if entry.msgctxt:
            lines += _field("msgctxt", entry.msgctxt)
        lines += _field("msgid", entry.msgid)
        if entry.msgid_plural is not None:
            lines += _field("msgid_plural", entry.msgid_plural)
            for n, form in enumerate(entry.msgstr):
                lines += _field(f"msgstr[{n}]", form)
        else:
            lines += _field("msgstr", entry.msgstr[0])
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def header(lang: str, domain: str) -> Entry:
    fields = [
        f"Project-Id-Version: Sabot {domain}",
        f"Language: {lang}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {PLURAL_FORMS[lang]}",
    ]
    return Entry(msgid="", msgstr=["".join(f + "\n" for f in fields)])


def header_fields(entry: Entry) -> dict[str, str]:
    out = {}
    for line in entry.msgstr[0].split("\n"):
        key, _sep, value = line.partition(":")
        out[key.strip()] = value.strip()
    return out


# -- loading ----------------------------------------------------------------------------------


def catalogue_path(domain: str, lang: str, root: Path = ROOT) -> Path:
    return root / "resources" / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def lookup_table(entries: Iterable[Entry]) -> dict[tuple[str, str], str | tuple[str, ...]]:
    """What the translation functions look up: the translated entries only (an untranslated or
    fuzzy one falls back to English)."""
    table: dict[tuple[str, str], str | tuple[str, ...]] = {}
    for entry in entries:
        if not entry.msgid or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural is not None:
            if all(entry.msgstr):
                table[entry.key] = tuple(entry.msgstr)
        elif entry.msgstr[0]:
            table[entry.key] = entry.msgstr[0]
    return table


def load(domain: str, lang: str) -> dict[tuple[str, str], str | tuple[str, ...]]:
    """The installed catalogue of a domain in a language; empty (so English) when there is none
    or it cannot be read — a damaged catalogue must not stop the trainer."""
    from importlib.resources import files

    try:
        path = files("resources.locale") / lang / "LC_MESSAGES" / f"{domain}.po"
        text = path.read_text(encoding="utf-8")
        return lookup_table(read(text, f"{lang}/{domain}.po"))
    except (OSError, ModuleNotFoundError, UnicodeDecodeError, PoError):
        return {}


# -- the code's marked texts ------------------------------------------------------------------


@dataclass
class Message:
    domain: str
    msgid: str
    msgctxt: str = ""
    msgid_plural: str | None = None
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return (self.msgctxt, self.msgid)


def placeholders(text: str) -> set[str] | None:
    """The names of a text's `{placeholders}`, or None when it is not a valid format string or
    has a placeholder without a name ("{}", "{0}")."""
    names = set()
    try:
        for _literal, name, _spec, _conversion in string.Formatter().parse(text):
            if name is None:
                continue
            base = name.split(".")[0].split("[")[0]
            if not base or base.isdigit():
                return None
            names.add(base)
    except ValueError:
        return None
    return names


def _translation_names(tree: ast.AST) -> dict[str, tuple[str, str]]:
    """local name -> (domain, function) for the translation functions a module imports."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in _MODULES:
            for alias in node.names:
                if alias.name in _FUNCTIONS:
                    names[alias.asname or alias.name] = (_MODULES[node.module], alias.name)
    return names


def _python_files(root: Path) -> list[Path]:
    files: list[Path] = []
    for package in PACKAGES:
        files += sorted((root / package).rglob("*.py"))
    return files


def extract(root: Path = ROOT) -> tuple[dict[str, list[Message]], list[str]]:
    """Each domain's marked texts in the order the code has them (file by file, line by line),
    and the misuses found on the way, one sentence each."""
    found: dict[str, dict[tuple[str, str], Message]] = {d: {} for d in DOMAINS}
    misuses: list[str] = []
    for path in _python_files(root):
        relative = path.relative_to(root).as_posix()
        if relative in ("trainer/i18n.py", "trainer/po.py", "ui/i18n.py"):
            continue
        source = path.read_text(encoding="utf-8")
        if "i18n" not in source:
            continue
        tree = ast.parse(source, relative)
        names = _translation_names(tree)
        if not names:
            continue
        misuses += _rebound(tree, names, relative)
        calls = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in names
        ]
        calls.sort(key=lambda node: (node.lineno, node.col_offset))
        for call in calls:
            assert isinstance(call.func, ast.Name)
            domain, function = names[call.func.id]
            where = f"{relative}:{call.lineno}"
            context_at, singular_at, plural_at = _FUNCTIONS[function]
            texts: list[str | None] = []
            bad = False
            for index in (context_at, singular_at, plural_at):
                if index is None:
                    texts.append(None)
                    continue
                if index >= len(call.args):
                    misuses.append(f"{where}: {function}() lacks an argument")
                    bad = True
                    break
                arg = call.args[index]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    texts.append(arg.value)
                elif isinstance(arg, ast.JoinedStr | ast.BinOp):
                    misuses.append(
                        f"{where}: {function}() is given an f-string or a concatenation: "
                        "write the whole sentence with named placeholders and .format() it"
                    )
                    bad = True
                    break
                elif function in ("_", "gettext", "pgettext") and index == singular_at:
                    bad = True  # _(CONSTANT): a text marked elsewhere with N_
                    break
                else:
                    misuses.append(f"{where}: {function}() needs its texts written out")
                    bad = True
                    break
            if bad:
                continue
            context, singular, plural = texts
            assert singular is not None
            for text in (singular, plural):
                if text is not None and placeholders(text) is None:
                    misuses.append(
                        f"{where}: {text!r} has a placeholder without a name, or stray braces"
                    )
            key = (context or "", singular)
            message = found[domain].get(key)
            if message is None:
                message = found[domain][key] = Message(domain, singular, context or "", plural)
            elif message.msgid_plural != plural:
                misuses.append(f"{where}: {singular!r} is marked with two different plurals")
            if relative not in message.references:
                message.references.append(relative)
    return {d: list(m.values()) for d, m in found.items()}, misuses


_SCOPES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


def _bound_here(scope: ast.AST) -> list[tuple[str, int]]:
    """The names a scope binds itself (not in the scopes nested in it), with their lines."""
    found: list[tuple[str, int]] = []
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        every = [*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs]
        every += [a for a in (scope.args.vararg, scope.args.kwarg) if a is not None]
        found += [(a.arg, a.lineno) for a in every]
        children: list[ast.AST] = list(scope.body) if isinstance(scope.body, list) else [scope.body]
    elif isinstance(scope, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        children = [g.target for g in scope.generators]
    else:
        children = list(ast.iter_child_nodes(scope))
    while children:
        node = children.pop()
        if isinstance(node, _SCOPES):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.append((node.id, node.lineno))
        children.extend(ast.iter_child_nodes(node))
    return found


def _rebound(tree: ast.AST, names: dict[str, tuple[str, str]], where: str) -> list[str]:
    """A translation function bound again in a scope that also calls it: a loop variable or an
    unpacking named `_` turns the texts after it into calls of something else."""
    out = []
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, _SCOPES))]:
        bound = [(name, line) for name, line in _bound_here(scope) if name in names]
        if not bound:
            continue
        called = {
            n.func.id
            for n in ast.walk(scope)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
        for name, line in bound:
            if name in called:
                out.append(
                    f"{where}:{line}: {name} is the translation function, yet it is bound "
                    "again where it is called (a loop, an unpacking, an argument): name the "
                    "throwaway otherwise"
                )
    return out


def read_catalogue(domain: str, lang: str, root: Path = ROOT) -> list[Entry]:
    path = catalogue_path(domain, lang, root)
    return read(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())


def problems(root: Path = ROOT) -> list[str]:
    """Everything wrong between the marked texts and the catalogues, one sentence each: a
    misused translation function, a text a catalogue lacks, a stale one, an untranslated or
    fuzzy one, placeholders that differ, a header that does not say the language's plural rule."""
    messages, out = extract(root)
    for domain in DOMAINS:
        wanted = {m.key: m for m in messages[domain]}
        for lang in TRANSLATED:
            name = f"{lang}/{domain}.po"
            try:
                entries = read_catalogue(domain, lang, root)
            except FileNotFoundError:
                out.append(f"{name}: the catalogue is missing")
                continue
            except PoError as error:
                out.append(str(error))
                continue
            head = [e for e in entries if not e.msgid and not e.msgctxt]
            if not head:
                out.append(f"{name}: no header")
            else:
                fields = header_fields(head[0])
                if fields.get("Plural-Forms") != PLURAL_FORMS[lang]:
                    out.append(f"{name}: its Plural-Forms is not {PLURAL_FORMS[lang]!r}")
                if fields.get("Language") != lang:
                    out.append(f"{name}: its Language is not {lang}")
            seen = set()
            for entry in entries:
                if not entry.msgid and not entry.msgctxt:
                    continue
                label = f"{name}: {entry.msgid!r}" + (
                    f" (context {entry.msgctxt!r})" if entry.msgctxt else ""
                )
                if entry.key in seen:
                    out.append(f"{label} is there twice")
                seen.add(entry.key)
                message = wanted.get(entry.key)
                if message is None:
                    out.append(f"{label} is stale: the code no longer has it")
                    continue
                out += _entry_problems(label, entry, message, lang)
            for key, message in wanted.items():
                if key not in seen:
                    out.append(f"{name}: lacks {message.msgid!r} ({', '.join(message.references)})")
    return out


# French typography: a narrow no-break space (U+202F) before "?", "!", ":" and ";" and inside
# « » — one space everywhere, so a line never breaks between a word and its mark. A plain space
# or a wide no-break one (U+00A0) there is a mistake; a mark glued to a word ("10:30", "color:",
# ";" in quotes, the separator typed) is left alone.
FRENCH_SPACE = "\u202f"
_FRENCH_BAD = re.compile(
    r"[ \u00a0](?=[?!:;»])|(?<=«)[ \u00a0]|«(?=[^ \u00a0\u202f])|(?<=[^ \u00a0\u202f])»"
)


def french_spacing(text: str) -> list[str]:
    """Where a French text breaks the typography rule above, one excerpt each."""
    return [repr(text[max(0, m.start() - 12) : m.end() + 12]) for m in _FRENCH_BAD.finditer(text)]


# French and Italian quote with « » (French with its narrow spaces, above), never with the
# straight " of a keyboard: a typed example, a word of the table, a separator all are quoted so.
_STRAIGHT_QUOTE = re.compile('"')
QUOTING = ("fr", "it")


def straight_quotes(text: str) -> list[str]:
    """Where a French or Italian text quotes with a straight double quote, one excerpt each."""
    return [
        repr(text[max(0, m.start() - 12) : m.end() + 12]) for m in _STRAIGHT_QUOTE.finditer(text)
    ]


def _entry_problems(label: str, entry: Entry, message: Message, lang: str) -> list[str]:
    out = []
    if lang == "fr":
        for form in entry.msgstr:
            for where in french_spacing(form):
                out.append(
                    f"{label}: French wants a narrow no-break space (U+202F) before ? ! : ; "
                    f"and inside « », not a plain one, at {where}"
                )
    if (entry.msgid_plural is None) != (message.msgid_plural is None):
        return [f"{label} is plural in one of the code and the catalogue, not in the other"]
    if lang in QUOTING:
        for form in entry.msgstr:
            for where in straight_quotes(form):
                out.append(f"{label}: quote with « », not a straight quote, at {where}")
    if entry.msgid_plural is not None and entry.msgid_plural != message.msgid_plural:
        out.append(f"{label} has a stale plural")
    nplurals = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    if entry.msgid_plural is not None and len(entry.msgstr) != nplurals:
        out.append(f"{label} has {len(entry.msgstr)} plural forms, not {nplurals}")
    if "fuzzy" in entry.flags:
        out.append(f"{label} is marked fuzzy: check the translation and remove the flag")
    if not all(entry.msgstr):
        out.append(f"{label} is not translated")
        return out
    source = placeholders(message.msgid) or set()
    if message.msgid_plural is None:
        got = placeholders(entry.msgstr[0])
        if got != source:
            out.append(
                f"{label}: the translation's placeholders {_names(got)} are not the text's "
                f"{_names(source)}"
            )
        return out
    # plural forms: a form may leave out the count ("un seul"), never bring a name of its own
    source |= placeholders(message.msgid_plural) or set()
    together: set[str] = set()
    for form in entry.msgstr:
        got = placeholders(form)
        if got is None or not got <= source:
            out.append(
                f"{label}: the plural form {form!r} has placeholders {_names(got)} beyond the "
                f"text's {_names(source)}"
            )
        else:
            together |= got
    if together != source and not out:
        out.append(
            f"{label}: its plural forms' placeholders {_names(together)} are not the text's "
            f"{_names(source)}"
        )
    return out


def _names(names: set[str] | None) -> str:
    if names is None:
        return "(unreadable)"
    return "{" + ", ".join(sorted(names)) + "}" if names else "(none)"


def update(root: Path = ROOT, domains: Sequence[str] = DOMAINS) -> list[str]:
    """Bring the French and Italian catalogues of `domains` up to date with the code; a line
    per catalogue saying what changed."""
    messages, misuses = extract(root)
    report = [f"warning: {m}" for m in misuses]
    for domain in domains:
        for lang in TRANSLATED:
            path = catalogue_path(domain, lang, root)
            old: dict[tuple[str, str], Entry] = {}
            head = header(lang, domain)
            if path.exists():
                for was in read_catalogue(domain, lang, root):
                    if not was.msgid and not was.msgctxt:
                        fresh = header_fields(head)
                        kept = header_fields(was)
                        kept.update({k: fresh[k] for k in ("Language", "Plural-Forms")})
                        head.msgstr = ["".join(f"{k}: {v}\n" for k, v in kept.items() if k)]
                        head.comments = was.comments
                    else:
                        old[was.key] = was
            entries = [head]
            added = 0
            for message in messages[domain]:
                entry = old.pop(message.key, None)
                forms = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
                if entry is None:
                    added += 1
                    entry = Entry(message.msgid, message.msgctxt)
                    entry.msgstr = [""] * (forms if message.msgid_plural is not None else 1)
                elif (entry.msgid_plural is None) != (message.msgid_plural is None):
                    # became (or stopped being) plural: the old words are kept for the
                    # translator to rework, as a fuzzy first form
                    first = entry.msgstr[0]
                    entry.msgstr = [first] + [""] * (
                        forms - 1 if message.msgid_plural is not None else 0
                    )
                    if "fuzzy" not in entry.flags:
                        entry.flags.append("fuzzy")
                entry.msgid_plural = message.msgid_plural
                entry.references = list(message.references)
                entries.append(entry)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = write(entries)
            before = path.read_text(encoding="utf-8") if path.exists() else ""
            if text != before:
                path.write_text(text, encoding="utf-8")
            todo = sum(1 for e in entries[1:] if not e.translated)
            report.append(
                f"{path.relative_to(root).as_posix()}: {len(entries) - 1} texts, {added} new, "
                f"{len(old)} stale dropped, {todo} to translate"
            )
    return report


def main(argv: Sequence[str]) -> int:
    usage = "usage: python -m trainer.i18n update [trainer|ui ...] | check"
    if not argv or argv[0] not in ("update", "check"):
        print(usage)
        return 2
    if argv[0] == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    domains = argv[1:] or list(DOMAINS)
    unknown = [d for d in domains if d not in DOMAINS]
    if unknown:
        print(f"the domains are {', '.join(DOMAINS)}, not {', '.join(unknown)}")
        return 2
    for line in update(ROOT, domains):
        print(line)
    return 0
