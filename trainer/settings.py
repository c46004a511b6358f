"""The settings: one typed registry with defaults, remembered between runs as JSON.

Two parts, kept apart because they change for different reasons:

- `Preferences`, what the trainee chooses in the settings dialog: the house rules (a preset of
  RULES.md §11 and overrides on top), the currency symbol, the active profile, the theme, how
  the chips drill pays (the fewest chips, or colour for colour), the language ("" follows the
  system's locale, `trainer.i18n.system_language`);
- `UiState`, what the application remembers by itself: window geometry, last drill and mode.

On disk, `settings_path()`, a small JSON object (never a pickle, so a damaged or hand-edited
file can only ever cost the settings, never run code):

    {"version": 1, "preferences": {...}, "ui": {...}}

Reading is forgiving, because a settings file must never stop the trainer from starting:
unknown keys are ignored (a newer Sabot may have written them), and written back as they were,
under the newer version, when the settings are saved; a value Sabot cannot use (of the
wrong type, out of range, with control characters, a geometry that is not base64) falls back to
its default, for that key only, and the notice names the key; a file that is not JSON, or not
an object, is moved aside (`settings.json.corrupt-YYYYmmdd-HHMMSS`, never deleted) and the
defaults are used. A file that needed repairing is also kept aside before the repaired settings
replace it. Each time, `Settings.notice` says what happened in a sentence for the GUI to show.
The settings are read before the language is known (the language is one of them): what
happened is kept as facts (`SettingsNotice`, the keys and names it concerns), and its sentence
is made each time `notice` is read, in the language of that moment.

Writing is atomic: a temporary file beside the real one, flushed to disk, then `os.replace`,
so a crash or a full disk leaves the previous settings whole.

Amounts in the rule overrides are stored as strings ("2.50"), never floats: money is Decimal.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

import platformdirs

from trainer.game.payout import AS_ASKED, CHIP_PAYMENTS, FEWEST, HANDING_WAYS, HOUSE_MIX
from trainer.game.rules import DEFAULT_PRESET, PRESETS, HouseRules, RulesError
from trainer.i18n import LANGUAGES, N_, _, ngettext, system_language

SETTINGS_NAME: Final = "settings.json"
FORMAT_VERSION: Final = 1

THEMES: Final = ("system", "light", "dark")
CURRENCY_MAX: Final = 3  # "€", "$", "CHF": the symbol is written beside every amount


class SettingsError(Exception):
    """The settings could not be written; the message is a sentence for the trainee."""


def settings_path() -> Path:
    """`$SABOT_DATA_DIR/settings.json` when set (the tests), else the user config directory."""
    override = os.environ.get("SABOT_DATA_DIR")
    if override:
        return Path(override).expanduser() / SETTINGS_NAME
    # appauthor=False: on Windows "%LOCALAPPDATA%\sabot" rather than "...\sabot\sabot".
    return Path(platformdirs.user_config_dir("sabot", appauthor=False)) / SETTINGS_NAME


# -- the registry ----------------------------------------------------------------------------


@dataclass
class Preferences:
    """What the trainee chooses."""

    preset: str = DEFAULT_PRESET
    # option name -> JSON value, on top of the preset: {"dealer_hits_soft_17": true,
    # "chips": ["1", "5", "25"]}. Set through Settings.set_rules, which validates them.
    overrides: dict[str, Any] = field(default_factory=dict)
    currency: str = "€"
    profile: str = "default"
    theme: str = "system"
    deal_animation: bool = True  # deal mode: a dealt card slides from the shoe (under 150 ms)
    # the felt as the players see it (the dealer at the top, box 1 at the right) rather than as
    # the dealer does (his rack at the bottom, box 1 at his left: the default, issue 24)
    players_view: bool = False
    # practice: payout questions leave the stake out, read from its chips on the felt (exams and
    # deal mode always do, issue 24)
    read_the_bet: bool = False
    # how the chips drill asks a payout made up: the fewest chips, or colour for colour (in the
    # colours of the stake where possible), as the trainee's school teaches
    chip_payment: str = FEWEST
    # how the buy-in and change drills ask the chips handed out (RULES.md §14, house practice):
    # the house's usual mix, or as each player asks ("all in 25s")
    buy_in: str = HOUSE_MIX
    change: str = AS_ASKED
    # "en", "fr", "it", or "" to follow the system's locale (English when it is none of them)
    language: str = ""
    # a school's shared history: postgresql://HOST/DATABASE?user=LOGIN or service=NAME (None:
    # this PC's own). Never with a password: Settings.save refuses one (see set_database_url)
    database_url: str | None = None

    def chosen_language(self) -> str:
        """The language to speak: the one chosen, else the system's."""
        return self.language or system_language()


@dataclass
class UiState:
    """What the application remembers by itself."""

    geometry: str | None = None  # base64 of QWidget.saveGeometry()
    last_skill: str | None = None
    last_mode: str = "practice"
    sprint_count: int = 20


# Each key's check: the value read from JSON if it is acceptable, else _BAD.
_BAD: Final = object()
_Check = Callable[[Any], Any]


def _printable(v: str) -> bool:
    # no control, format or unpaired surrogate characters: they would garble every label
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in v)


def _text(*, allowed: tuple[str, ...] = (), max_len: int | None = None) -> _Check:
    def check(v: Any) -> Any:
        if not isinstance(v, str) or not v.strip() or not _printable(v):
            return _BAD
        v = v.strip()
        if allowed and v not in allowed:
            return _BAD
        if max_len is not None and len(v) > max_len:
            return _BAD
        return v

    return check


def _flag(v: Any) -> Any:
    return v if isinstance(v, bool) else _BAD


def _optional_text(v: Any) -> Any:
    return v if v is None or (isinstance(v, str) and _printable(v)) else _BAD


GEOMETRY_MAX: Final = 4096  # characters of base64: Qt's saved geometry is a few dozen bytes


def _geometry(v: Any) -> Any:
    """QWidget.saveGeometry() as base64, or None. Whether Qt can use the bytes is the window's
    to say (restoreGeometry); here, only that they are base64 at all."""
    if v is None:
        return None
    if not isinstance(v, str) or not v or len(v) > GEOMETRY_MAX:
        return _BAD
    try:
        base64.b64decode(v.encode("ascii"), validate=True)
    except (UnicodeEncodeError, ValueError):  # binascii.Error is a ValueError
        return _BAD
    return v


def _language(v: Any) -> Any:
    # "" (follow the system) or a code Sabot speaks, as trainer.i18n writes it
    if not isinstance(v, str):
        return _BAD
    v = v.strip()
    return v if v == "" or v in LANGUAGES else _BAD


def _overrides(v: Any) -> Any:
    # JSON object keys are always strings; the values are checked by the rules themselves.
    return dict(v) if isinstance(v, dict) else _BAD


def _count(v: Any) -> Any:
    # bool is an int in Python, but `true` is not a number of questions.
    return v if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10_000 else _BAD


def _database_url(v: Any) -> Any:
    if v is None:
        return None
    if not isinstance(v, str) or not _printable(v) or not v.strip():
        return _BAD
    from trainer.history.opening import has_password, is_database_url

    # a password found in the file is dropped, never used or written back
    return v.strip() if is_database_url(v) and not has_password(v) else _BAD


_CHECKS: Final[dict[str, dict[str, _Check]]] = {
    "preferences": {
        "preset": _text(),  # an unknown preset is a rules question: see _repair_rules
        "overrides": _overrides,
        "currency": _text(max_len=CURRENCY_MAX),
        "profile": _text(),
        "theme": _text(allowed=THEMES),
        "deal_animation": _flag,
        "players_view": _flag,
        "read_the_bet": _flag,
        "chip_payment": _text(allowed=CHIP_PAYMENTS),
        "buy_in": _text(allowed=HANDING_WAYS),
        "change": _text(allowed=HANDING_WAYS),
        "language": _language,
        "database_url": _database_url,
    },
    "ui": {
        "geometry": _geometry,
        "last_skill": _optional_text,
        "last_mode": _text(),
        "sprint_count": _count,
    },
}


def to_json_value(value: Any) -> Any:
    """An option value as JSON: amounts as exact strings, chips as a list, smallest first."""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, tuple | list):
        items = [to_json_value(v) for v in value]
        if all(isinstance(v, Decimal) for v in value):
            items = [format(v, "f") for v in sorted(value)]
        return items
    return value


# -- what had to be repaired, said when it is shown ---------------------------------------------


@dataclass(frozen=True)
class SettingsProblem:
    """One thing read that had to be repaired, as facts; `text()` is its clause ("the setting
    "theme" had a value Sabot cannot use, so its default is used") in the language of the
    moment.

    kind: "reset" (`keys` fell back to their defaults), "password" (database_url held a
    password: dropped, with the URL), "unknown-preset" (`preset` is unknown,
    the default one is used), "unknown-preset-alone" (the same, without the other house-rule
    changes, `why`), "overrides-dropped" (the house-rule changes dropped for `preset`, `why`)."""

    kind: str
    keys: tuple[str, ...] = ()
    preset: str = ""
    # the house rules' refusal, kept whole: said when shown, in the language of that moment
    # (the settings are read before the language is chosen)
    why: RulesError | str = ""

    def reason(self) -> str:
        """`why` in the language of the moment."""
        return self.why.text() if isinstance(self.why, RulesError) else self.why

    def text(self) -> str:
        if self.kind == "reset":
            names = _and([f'"{k}"' for k in self.keys])
            return ngettext(
                "the setting {names} had a value Sabot cannot use, so its default is used",
                "the settings {names} had values Sabot cannot use, so their defaults are used",
                len(self.keys),
            ).format(names=names)
        if self.kind == "password":
            return _(
                'the setting "database_url" held a password, which is never kept in the '
                "settings (put it in ~/.pgpass), so it was dropped and this PC's history is used"
            )
        if self.kind == "unknown-preset":
            return _("the preset {preset} is unknown, so {default} is used").format(
                preset=repr(self.preset), default=DEFAULT_PRESET
            )
        if self.kind == "unknown-preset-alone":
            return _(
                "the preset {preset} is unknown, so {default} is used without the other "
                "house-rule changes ({why})"
            ).format(preset=repr(self.preset), default=DEFAULT_PRESET, why=self.reason())
        return _(
            "the house-rule changes were dropped for the plain {preset} preset ({why})"
        ).format(preset=self.preset, why=self.reason())


@dataclass(frozen=True)
class SettingsNotice:
    """What happened to the settings file, as facts; `text()` is its sentence in the language
    of the moment.

    kind: "env-url" (the environment variable `path` names no server Sabot can use, `detail`
    as it may be shown: it is set aside), "unreadable" (the file at `path` could not be used:
    `reason` "os" with the system's words in `detail`, "not-json" or "no-object"; kept aside as
    `kept`, or not, `error` saying why), "repaired" (`problems` mended in the file at `path`,
    the original kept as `kept` when it could be), "rules" (the house rules chosen could not be
    used: `problems`), "text" (a sentence given as it is, `detail`)."""

    kind: str
    path: str = ""
    reason: str = ""
    detail: str = ""
    problems: tuple[SettingsProblem, ...] = ()
    kept: str | None = None
    error: str | None = None

    def text(self) -> str:
        if self.kind == "text":
            return self.detail
        if self.kind == "env-url":
            return _(
                "{name} does not name a server Sabot can use ({form}, not {url}), so it is set "
                "aside."
            ).format(
                name=self.path,
                form=_("postgresql://HOST/DATABASE?user=LOGIN or service=NAME"),
                url=repr(self.detail),
            )
        what = _and([p.text() for p in self.problems])
        if self.kind == "rules":
            return what[:1].upper() + what[1:] + "."
        if self.kind == "repaired":
            if self.kept is None:
                return _("In the settings file {path}, {what}.").format(path=self.path, what=what)
            if any(p.kind == "password" for p in self.problems):
                return _(
                    "In the settings file {path}, {what}; the original was kept as {kept}, "
                    "without its password and readable by you alone."
                ).format(path=self.path, what=what, kept=self.kept)
            return _(
                "In the settings file {path}, {what}; the original was kept as {kept}."
            ).format(path=self.path, what=what, kept=self.kept)
        if self.reason == "os":
            # the system's reason, said in the language of the moment (os_reason_id)
            why = _("it could not be read ({why})").format(why=_(self.detail))
        elif self.reason == "not-json":
            why = _("it is not a JSON settings file")
        else:
            why = _("it holds no settings object")
        if self.kept is None:
            return _(
                "The settings file {path} could not be used ({why}) nor moved aside ({error}), "
                "so the default settings are used."
            ).format(path=self.path, why=why, error=_(self.error or ""))
        return _(
            "The settings file {path} could not be used ({why}), so it was kept as {kept} and "
            "the default settings are used."
        ).format(path=self.path, why=why, kept=self.kept)


def _and(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c" in the language of the moment."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


# -- the settings file -----------------------------------------------------------------------


class Settings:
    """The settings of one installation. `Settings.load()`, change, `save()`."""

    path: Path
    prefs: Preferences
    ui: UiState
    notices: list[SettingsNotice]  # what had to be repaired, said by `notice` when shown

    def __init__(
        self,
        path: Path,
        prefs: Preferences | None = None,
        ui: UiState | None = None,
        notice: str | None = None,
    ) -> None:
        self.path = path
        self.prefs = prefs if prefs is not None else Preferences()
        self.ui = ui if ui is not None else UiState()
        self.notices = []
        self.notice = notice
        # what a newer Sabot wrote that this one does not know: written back as it was read
        # (keys of the file, keys of its sections), under the newer format's version
        self._unknown: dict[str, Any] = {}
        self._unknown_in: dict[str, dict[str, Any]] = {}
        self._version = FORMAT_VERSION

    @property
    def notice(self) -> str | None:
        """What had to be repaired, in a sentence or two in the language of the moment; None
        when nothing was."""
        return " ".join(n.text() for n in self.notices) or None

    @notice.setter
    def notice(self, text: str | None) -> None:
        self.notices = [SettingsNotice("text", detail=text)] if text else []

    @classmethod
    def load(cls, path: Path | None = None, *, clock: Callable[[], float] = time.time) -> Settings:
        """Read the settings, or the defaults. Never raises: problems end up in `notice`.

        `clock` gives unix seconds for the name of a file kept aside; tests inject one.
        """
        settings = cls._read(settings_path() if path is None else Path(path), clock)
        from trainer.history.opening import ENV, unusable_env_url

        unusable = unusable_env_url()
        if unusable is not None:
            settings.notices.append(SettingsNotice("env-url", path=ENV, detail=unusable))
        return settings

    @classmethod
    def _read(cls, path: Path, clock: Callable[[], float]) -> Settings:
        settings = cls(path)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return settings
        except OSError as error:
            from trainer.os_reasons import os_reason_id  # only when it fails: not at start-up

            settings._unreadable("os", clock, os_reason_id(error))
            return settings
        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            settings._unreadable("not-json", clock)
            return settings
        if not isinstance(document, dict):
            settings._unreadable("no-object", clock)
            return settings

        version = document.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            settings._version = version
        settings._unknown = {
            k: v for k, v in document.items() if k not in ("version", "preferences", "ui")
        }
        for section in _CHECKS:
            values = document.get(section)
            if isinstance(values, dict):
                extra = {k: v for k, v in values.items() if k not in _CHECKS[section]}
                if extra:
                    settings._unknown_in[section] = extra
        bad: list[str] = []
        secret = False  # a password found in database_url: dropped, and said so
        for section, target in (("preferences", settings.prefs), ("ui", settings.ui)):
            values = document.get(section, {})
            if not isinstance(values, dict):
                bad.append(section)
                continue
            for key, check in _CHECKS[section].items():
                if key not in values:
                    continue  # a missing key is an older file: its default is right
                value = check(values[key])
                if value is _BAD:
                    if key == "database_url" and _holds_password(values[key]):
                        secret = True
                    else:
                        bad.append(key)
                else:
                    setattr(target, key, value)
        problems = []
        if secret:
            problems.append(SettingsProblem("password", keys=("database_url",)))
        if bad:
            problems.append(SettingsProblem("reset", keys=tuple(bad)))
        rules_problem = settings._repair_rules()
        if rules_problem:
            problems.append(rules_problem)
        if problems:
            settings._repaired(tuple(problems), clock, document)
        return settings

    def set_database_url(self, url: str | None) -> None:
        """Use a school's server (None or blank: this PC's own history). Raises SettingsError,
        changing nothing, for a URL that is not one, or that carries a password: a password is
        never written to the settings file."""
        from trainer.history.opening import has_password, is_database_url

        if url is None or not url.strip():
            self.prefs.database_url = None
            return
        if has_password(url):
            raise SettingsError(
                _(
                    "A password is never saved in the settings: put it in ~/.pgpass (or a "
                    "service file, and name it service=NAME), and give the URL without it."
                )
            )
        if not is_database_url(url) or not _printable(url):
            raise SettingsError(
                _(
                    "The school's server is named postgresql://HOST/DATABASE?user=LOGIN or "
                    "service=NAME."
                )
            )
        self.prefs.database_url = url.strip()

    def save(self) -> None:
        """Write the settings atomically. Raises SettingsError with a sentence on failure."""
        from trainer.history.opening import has_password

        if self.prefs.database_url and has_password(self.prefs.database_url):
            raise SettingsError(
                _(
                    "A password is never saved in the settings: put it in ~/.pgpass (or a "
                    "service file, and name it service=NAME), and give the URL without it."
                )
            )
        preferences = dataclasses.asdict(self.prefs)
        preferences["overrides"] = {k: to_json_value(v) for k, v in self.prefs.overrides.items()}
        document = {
            **self._unknown,
            "version": self._version,
            "preferences": {**self._unknown_in.get("preferences", {}), **preferences},
            "ui": {**self._unknown_in.get("ui", {}), **dataclasses.asdict(self.ui)},
        }
        # Serialised first: a value JSON cannot hold fails before any file is touched.
        try:
            text = json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
        except (TypeError, ValueError) as error:
            raise SettingsError(
                _("The settings could not be written: {why}.").format(why=error)
            ) from None
        temp: Path | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            import tempfile  # only when saving: the app's start-up does without it

            fd, name = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
            temp = Path(name)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temp, self.path)
            temp = None
        except OSError as error:
            from trainer.os_reasons import os_reason

            raise SettingsError(
                _("The settings could not be written to {path}: {why}.").format(
                    path=self.path, why=os_reason(error)
                )
            ) from None
        finally:
            if temp is not None:
                temp.unlink(missing_ok=True)

    # -- house rules -------------------------------------------------------------------------

    def rules(self) -> HouseRules:
        """The house rules: the preset with the overrides on top.

        If the stored choice is no longer valid (an option renamed, a preset withdrawn by a
        newer Sabot, a hand-edited file), the preset alone is used, or the default preset,
        and `notice` says so.
        """
        problem = self._repair_rules()
        if problem:
            self.notices.append(SettingsNotice("rules", problems=(problem,)))
        return _build_rules({**self.prefs.overrides, "preset": self.prefs.preset})

    def set_rules(self, preset: str, overrides: Mapping[str, Any]) -> HouseRules:
        """Choose the house rules. Raises RulesError, changing nothing, if they cannot be.

        Only the options that really differ from the preset are kept, in JSON form.
        """
        spec = dict(overrides)
        if "preset" in spec:
            raise RulesError(_("'preset' is not an option: choose the preset on its own"))
        spec["preset"] = preset
        rules = _build_rules(spec)
        self.prefs.preset = rules.preset
        self.prefs.overrides = {k: to_json_value(v) for k, v in rules.overrides().items()}
        return rules

    # -- repairs -----------------------------------------------------------------------------

    def _repair_rules(self) -> SettingsProblem | None:
        """Make preset and overrides valid again; what was dropped, or None."""
        prefs = self.prefs
        try:
            _build_rules({**prefs.overrides, "preset": prefs.preset})
            return None
        except RulesError as error:
            why = error
        if prefs.preset not in PRESETS:
            unknown = prefs.preset
            prefs.preset = DEFAULT_PRESET
            try:
                _build_rules({**prefs.overrides, "preset": prefs.preset})
                return SettingsProblem("unknown-preset", preset=unknown)
            except RulesError as error:
                why = error
            prefs.overrides = {}
            return SettingsProblem("unknown-preset-alone", preset=unknown, why=why)
        prefs.overrides = {}
        return SettingsProblem("overrides-dropped", preset=prefs.preset, why=why)

    def _unreadable(self, reason: str, clock: Callable[[], float], detail: str = "") -> None:
        path = str(self.path)
        try:
            kept = _keep_aside(self.path, clock(), move=True)
        except OSError as error:
            from trainer.os_reasons import os_reason_id

            self.notices.append(
                SettingsNotice("unreadable", path, reason, detail, error=os_reason_id(error))
            )
            return
        self.notices.append(SettingsNotice("unreadable", path, reason, detail, kept=kept.name))

    def _repaired(
        self,
        problems: tuple[SettingsProblem, ...],
        clock: Callable[[], float],
        document: dict[str, Any],
    ) -> None:
        path = str(self.path)
        try:
            if any(p.kind == "password" for p in problems):
                # the copy kept aside is the file as it was, but for the password
                kept = _keep_aside(self.path, clock(), move=False, text=_scrubbed(document))
            else:
                kept = _keep_aside(self.path, clock(), move=False)
            self.save()
        except (OSError, SettingsError):
            self.notices.append(SettingsNotice("repaired", path, problems=problems))
            return
        self.notices.append(SettingsNotice("repaired", path, problems=problems, kept=kept.name))


def _build_rules(spec: Mapping[str, Any]) -> HouseRules:
    """HouseRules.from_spec, with every refusal as a RulesError.

    A JSON file can hold numbers the option converters do not expect (1e400 reads as infinity,
    and int(inf) raises OverflowError): those are refused like any other bad value.
    """
    try:
        return HouseRules.from_spec(spec)
    except RulesError:
        raise
    except (ValueError, ArithmeticError, TypeError) as error:
        raise RulesError.of(
            N_("a house-rule value cannot be used: {why}"), why=str(error)
        ) from None


def _holds_password(value: Any) -> bool:
    from trainer.history.opening import has_password

    return isinstance(value, str) and has_password(value)


def _scrubbed(document: dict[str, Any]) -> str:
    """The settings `document` as JSON, its database_url without the password."""
    from trainer.history.addresses import shown_url

    copy = dict(document)
    preferences = copy.get("preferences")
    if isinstance(preferences, dict) and _holds_password(preferences.get("database_url")):
        url = preferences["database_url"]
        copy["preferences"] = {**preferences, "database_url": shown_url(url, len(url))}
    return json.dumps(copy, ensure_ascii=False, indent=2) + "\n"


def _keep_aside(path: Path, now: float, *, move: bool, text: str | None = None) -> Path:
    """Move (or copy) a file to a free `<name>.corrupt-<local time>`; never delete it. A copy
    is readable by its owner alone (it may hold what the trainee typed), and is `text` instead
    of the file's bytes when given (the file with its password taken out)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = path.with_name(f"{path.name}.corrupt-{stamp}")
    target, n = base, 1
    while target.exists():
        n += 1
        target = base.with_name(f"{base.name}-{n}")
    if move:
        os.rename(path, target)
        return target
    data = path.read_bytes() if text is None else text.encode("utf-8")
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    return target
