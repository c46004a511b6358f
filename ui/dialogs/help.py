"""The Help menu's dialogs: the keyboard shortcuts, and About (the version, the licence, and
where the data lives, with a button that opens the folder)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QRect, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import trainer
from ui.i18n import N_, _, pgettext
from ui.style import esc


def page_keys() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Every page's keys, each section under its title: read off the pages' own tables (the
    ones their keys are bound from), so the list cannot drift from what the keys do. The
    menus' own keys are read off their actions. Imported when the list opens."""
    from ui.dialogs import rules_book
    from ui.pages import deal, drill, home, home_game, home_plan, summary
    from ui.progress import window
    from ui.table import chip_tray

    return (
        (N_("Home"), (*home.KEYS, *home_plan.KEYS)),
        (N_("At the table"), drill.KEYS),
        (N_("The chip tray (Tab takes you there)"), chip_tray.KEYS),
        (N_("The summary"), summary.KEYS),
        (N_("Deal a shoe, guided"), deal.KEYS),
        (N_("Deal a shoe, on your own (typed in the answer field)"), deal.OWN_KEYS),
        (N_("The home game"), home_game.KEYS),
        (N_("The progress view"), window.KEYS),
        (N_("The rules book"), rules_book.KEYS),
    )


def key_name(key: str) -> str:
    """A key of `page_keys` as the trainee's keyboard names it ("Entrée", "Échap", "Invio");
    a letter or a digit as it is."""
    names = {
        "Enter": pgettext("key", "Enter"),
        "Space or Enter": pgettext("key", "Space or Enter"),
        "Ctrl/Shift-click": pgettext("key", "Ctrl/Shift-click"),
        "Backspace": pgettext("key", "Backspace"),
        "Esc": pgettext("key", "Esc"),
        "Tab": pgettext("key", "Tab"),
        "Esc, Delete": pgettext("key", "Esc, Delete"),
    }
    return names.get(key, key)


def licence() -> str:
    """The licence the installed package declares (MIT)."""
    try:
        from importlib.metadata import PackageNotFoundError, metadata

        md = metadata("sabot")
        found = md.get_all("License-Expression") or md.get_all("License") or ["MIT"]
        return str(found[0])
    except PackageNotFoundError:  # a frozen build without the package's metadata
        return "MIT"


class ShortcutsDialog(QDialog):
    def __init__(
        self,
        actions: Sequence[QAction],
        parent: QWidget | None = None,
        *,
        room: QRect | None = None,
    ) -> None:
        """`room`: the part of the screen the dialog may take (default: the screen it opens on,
        less its panels)."""
        super().__init__(parent)
        self.setWindowTitle(_("Sabot — Keyboard shortcuts"))
        rows = []
        menu = [
            (a.shortcut().toString(), a.text().replace("&", "").rstrip("…"))
            for a in actions
            if not a.shortcut().isEmpty()
        ]
        rows.append(f"<tr><td colspan=2><br><b>{esc(_('Anywhere'))}</b></td></tr>")
        rows += [
            f"<tr><td><code>{esc(k)}</code>&nbsp;&nbsp;</td><td>{esc(what)}</td></tr>"
            for k, what in menu  # the menu's words, already in the language
        ]
        for title, keys in page_keys():
            rows.append(f"<tr><td colspan=2><br><b>{esc(_(title))}</b></td></tr>")
            rows += [
                f"<tr><td><code>{esc(key_name(k))}</code>&nbsp;&nbsp;</td>"
                f"<td>{esc(_(what))}</td></tr>"
                for k, what in keys
            ]
        self.text = QLabel(f"<table cellspacing=0 cellpadding=2>{''.join(rows)}</table>")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        # the list is taller than a 1024×600 screen: it scrolls, the Close button stays in view
        self.scroller = QScrollArea()
        self.scroller.setWidget(self.text)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self._layout = lay = QVBoxLayout(self)
        lay.addWidget(self.scroller, 1)
        lay.addWidget(self.buttons)
        if room is None:
            screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
            room = screen.availableGeometry()
        self._fit(room)

    def _fit(self, room: QRect) -> None:
        """As tall as the list, within `room`."""
        content = self.text.sizeHint()
        bar = self.scroller.verticalScrollBar().sizeHint().width()
        margins = self._layout.contentsMargins()
        chrome = self.buttons.sizeHint().height() + self._layout.spacing()
        width = content.width() + bar + margins.left() + margins.right()
        height = content.height() + chrome + margins.top() + margins.bottom()
        # a window frame's title bar and borders take some of the room too
        self.resize(min(width, room.width() - 40), min(height, room.height() - 60))


class AboutDialog(QDialog):
    def __init__(
        self, data_folder: Path, files: Sequence[tuple[str, Path]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("About Sabot"))
        self.folder = data_folder
        where = "".join(f"<li>{esc(what)}: <code>{esc(str(p))}</code></li>" for what, p in files)
        about = _(
            "A trainer for blackjack croupiers: announce, pay, deal and follow the procedure of "
            "the table, timed and measured."
        )
        self.text = QLabel(
            f"<h2>Sabot {esc(trainer.__version__)}</h2>"
            f"<p>{esc(about)}</p>"
            "<p>"
            + _("Licence: {licence}.").format(licence=f"<b>{esc(licence())}</b>")
            + "</p><p>"
            + _("Your data lives in {folder}:").format(
                folder=f"<code>{esc(str(data_folder))}</code>"
            )
            + f"</p><ul>{where}</ul><p>"
            + _("Set {variable} to keep it elsewhere.").format(
                variable="<code>SABOT_DATA_DIR</code>"
            )
            + "</p>"
        )
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.open_folder = QPushButton(_("&Open the data folder"))
        self.open_folder.clicked.connect(self.open_data_folder)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.open_folder, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.text)
        lay.addWidget(buttons)
        self.resize(560, self.sizeHint().height())

    def open_data_folder(self) -> bool:
        """Open the folder in the desktop's file manager; False if it could not."""
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder)))


# -- the Help menu's actions, for the main window -------------------------------------------


def open_rules(win, tag: str | None = None, source: str | None = None):
    """The main window's rules book, on `tag` (a rule, "§9", "000"), else on the rule of the
    question at hand, else where it was left; closed during an exam. The window, or None."""
    page = win._drill_page
    drill = page.drill if page is not None else None
    if drill is not None and drill.mode == "exam":
        win.statusBar().showMessage(_("The rules book stays closed during an exam."), 5000)
        return None
    if win._rules_book is None:
        from ui.dialogs.rules_book import RulesBook

        win._rules_book = RulesBook(win.rules(), parent=win)
        win._rules_book.setWindowFlag(Qt.WindowType.Window, True)
    book = win._rules_book
    book.set_rules(drill.rules if drill is not None else win.rules())
    if tag is None and drill is not None and page is not None and page.question is not None:
        rule = book.book.rule_for(page.question.skill, page.question.item)
        tag = rule.tag if rule is not None else None
    if tag is not None:
        book.open_rule(tag, source)
    if book.isVisible():  # already open, maybe behind: bring it forward
        book.raise_()
        book.activateWindow()
    else:
        book.show()
    return book


def show_shortcuts(win) -> None:
    actions = [a for menu in win.menuBar().findChildren(QMenu) for a in menu.actions()]
    ShortcutsDialog(actions, win).exec()


def show_about(win) -> None:
    from trainer.history.store import data_dir, default_path

    store = win._store
    history = store.path if store is not None else default_path()
    files = [(_("your history"), history), (_("your settings"), win.settings.path)]
    folder = data_dir() if store is None else history.parent
    win._about = AboutDialog(folder, files, win)
    try:
        win._about.exec()
    finally:
        win._about = None
