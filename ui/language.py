"""The interface's language, switched while the app runs: the domain's catalogues
(`trainer.i18n`) and Qt's own strings (the standard dialog buttons, a line edit's context menu,
the file dialog), which come from the Qt base translations PySide6 ships (`qtbase_fr.qm`,
`qtbase_it.qm`).

English is Qt's and Sabot's source language: choosing it loads nothing, so an English start-up
reads no catalogue and no translation file. The Qt translator lives on the application, found
again by its object name, so nothing here is a module-level singleton.

How a switch reaches the pages: `MainWindow.set_language` calls `apply_language`, then each page
it has built re-sets its texts (`retranslate()`), keeping what it shows (a running drill keeps
its question, its answers and its clock). Pages built later are built in the new language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

QT_TRANSLATOR = "sabot-qtbase"  # the object name of the installed QTranslator

# How each language names itself in the settings (never translated: a trainee who cannot read
# the current language still finds their own).
NATIVE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}


def resolve(code: str, environ=None) -> str:
    """The language a setting means: "" follows the system (LC_ALL, LC_MESSAGES, LANG,
    LANGUAGE), English where the system's is none of Sabot's."""
    from trainer import i18n

    if code in i18n.LANGUAGES:
        return code
    return i18n.system_language() if environ is None else i18n.system_language(environ)


def apply_language(code: str, app: QCoreApplication | None = None) -> str:
    """Make `code` ("" = the system's) the language of the domain and of Qt's own strings;
    returns the language now in use. The pages are retranslated by their window."""
    from trainer import i18n

    lang = resolve(code)
    i18n.set_language(lang)
    if app is None:
        from PySide6.QtCore import QCoreApplication

        app = QCoreApplication.instance()
    if app is not None:
        install_qt_translation(app, lang)
    return lang


def install_qt_translation(app: QCoreApplication, lang: str) -> bool:
    """Qt's own strings in `lang`: the shipped qtbase translation installed on `app`, the one
    before removed. English removes it and loads nothing. False when no translation was found
    for `lang` (Qt's strings stay English)."""
    from PySide6.QtCore import QTranslator

    old = app.findChild(QTranslator, QT_TRANSLATOR)
    if old is not None:
        if old.property("lang") == lang:
            return True
        app.removeTranslator(old)
        old.setObjectName("")
        old.deleteLater()
    if lang == "en":
        return False
    from PySide6.QtCore import QLibraryInfo

    translator = QTranslator(app)
    where = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{lang}", where):
        translator.deleteLater()
        return False
    translator.setObjectName(QT_TRANSLATOR)
    translator.setProperty("lang", lang)
    app.installTranslator(translator)
    return True


def qt_language(app: QCoreApplication) -> str:
    """The language Qt's own strings are in: "en" when no translation is installed."""
    from PySide6.QtCore import QTranslator

    t = app.findChild(QTranslator, QT_TRANSLATOR)
    return "en" if t is None else str(t.property("lang"))


def language_choices(system: str) -> list[tuple[str, str]]:
    """The choices of the settings and of the Language menu, as (setting, text): the system's
    first, saying which language that is ("System (Français)"), then each language by its own
    name."""
    from trainer.i18n import LANGUAGES
    from ui.i18n import _

    system_text = _("System ({language})").format(language=NATIVE_NAMES.get(system, system))
    return [("", system_text), *((code, NATIVE_NAMES[code]) for code in LANGUAGES)]


# -- figures the windows show -----------------------------------------------------------------
# Beside trainer.i18n's amounts, dates and durations: the two the pages write most.

_NBSP = "\u00a0"


def format_percent(fraction: float, lang: str | None = None) -> str:
    """A share as a whole percentage: "85%" in English and Italian, "85 %" in French (a
    narrow no-break space, as French typography writes it)."""
    from trainer.i18n import language

    lang = language() if lang is None else lang
    figure = f"{fraction * 100:.0f}"
    return f"{figure}\u202f%" if lang == "fr" else f"{figure}%"


def mastery_figures() -> dict[str, object]:
    """The dealer-school bar as its sentences state it (`.format(**mastery_figures())`): a skill
    is mastered after at least `attempts` answers, when its last `window` are `share` right (with
    a median within its target); the exam is passed at `exam_share` right."""
    from trainer.history.exams import EXAM_PASS_FRACTION
    from trainer.history.measures import MASTERY

    return {
        "attempts": MASTERY.min_attempts,
        "window": MASTERY.window,
        "share": format_percent(float(MASTERY.accuracy)),
        "exam_share": format_percent(float(EXAM_PASS_FRACTION)),
    }


def quoted(words: str) -> str:
    """Words as someone says them, in the language's quotes: “carte”, « carte », «carta»."""
    from ui.i18n import _

    return _("“{words}”").format(words=words)


def format_seconds(ms: float, lang: str | None = None, *, places: int = 1) -> str:
    """A time in seconds to a tenth: "1.5 s", "1,5 s" (`trainer.i18n.format_seconds`, which the
    domain's sentences use too, so a screen writes its times one way)."""
    from trainer.i18n import format_seconds as seconds

    return seconds(ms, lang, places=places)
