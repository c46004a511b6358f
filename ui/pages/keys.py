"""The keys a full page answers to while it is the page on show: Esc to leave or end, Enter to
go on. Only while the page (or a child) has the focus, so pages in one window never compete.

`staged_page` lays out a page that goes through a form, the play and its end on a stack (deal
mode, the home game) and gives it those keys, the same way on each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget


def page_keys(page: QWidget, escape: Callable[[], None], enter: Callable[[], None]) -> None:
    for key, slot in (
        (Qt.Key.Key_Escape, escape),
        (Qt.Key.Key_Return, enter),
        (Qt.Key.Key_Enter, enter),
    ):
        shortcut = QShortcut(QKeySequence(key), page)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)


class Form(Protocol):
    """A page's first stage: the form that starts the play."""

    def submit(self) -> None: ...


def staged_page(
    page: QWidget,
    stages: tuple[Form, QWidget, QWidget],
    *,
    leave: Callable[[], None],
    stop: Callable[[], None],
    playing: Callable[[], None],
    again: Callable[[], None],
) -> QStackedWidget:
    """The page's three `stages` (the form, the play and its end) on a stack that fills it, and
    the page's keys (`page_keys`): Esc stops the play (`stop`) and, anywhere else, leaves the
    page (`leave`); Enter submits the form, does what the play waits for (`playing`), or at
    the end starts again (`again`). The stack, to show each stage in turn."""
    form, play, end = stages
    stack = QStackedWidget()
    for w in stages:
        stack.addWidget(w)  # type: ignore[arg-type]  # the form is a widget too
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(stack)

    def escape() -> None:
        if stack.currentWidget() is play:
            stop()
        else:
            leave()

    def enter() -> None:
        current = stack.currentWidget()
        if current is form:
            form.submit()
        elif current is play:
            playing()
        elif current is end:
            again()

    page_keys(page, escape, enter)
    return stack
