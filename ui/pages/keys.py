"""The keys a full page answers to while it is the page on show: Esc to leave or end, Enter to
go on. Only while the page (or a child) has the focus, so pages in one window never compete."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget


def page_keys(page: QWidget, escape: Callable[[], None], enter: Callable[[], None]) -> None:
    for key, slot in (
        (Qt.Key.Key_Escape, escape),
        (Qt.Key.Key_Return, enter),
        (Qt.Key.Key_Enter, enter),
    ):
        shortcut = QShortcut(QKeySequence(key), page)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)
