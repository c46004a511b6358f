"""The keys of a form: Alt+letter mnemonics given to its labels so that no two share a letter
(`assign_mnemonics`), Alt chords kept out of its text fields (`AltKeysStayOut`), and Enter in a
line edit that runs an action of its own (`EnterFilter`).
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent


def mnemonic_of(text: str) -> str | None:
    """The letter after a single & in a widget's text, lower case."""
    m = re.search(r"&([^&])", text)
    return m[1].lower() if m else None


def assign_mnemonics(texts: list[str], taken: set[str] | frozenset[str]) -> list[str]:
    """Each text with an & before a letter of its own, none in `taken`.

    As many texts as possible get one (a bipartite matching, as KDE's accelerator manager
    does), trying the first letters of words first. A text left without one is reached with
    Tab alone.
    """

    def candidates(text: str) -> list[int]:
        starts = [m.start() for m in re.finditer(r"\b\w", text)]
        seen: set[str] = set()
        out = []
        for i in [*starts, *range(len(text))]:
            ch = text[i].lower()
            if ch.isalnum() and ch.isascii() and ch not in taken and ch not in seen:
                seen.add(ch)
                out.append(i)
        return out

    options = [candidates(t) for t in texts]
    owner: dict[str, int] = {}  # letter -> index of the text that has it
    chosen: dict[int, int] = {}  # text index -> position of its letter

    def place(n: int, visited: set[str]) -> bool:
        # A free letter first; only then take one from another text that can move over.
        free = [p for p in options[n] if texts[n][p].lower() not in owner]
        for pos in [*free, *options[n]]:
            ch = texts[n][pos].lower()
            if ch in visited:
                continue
            visited.add(ch)
            if ch not in owner or place(owner[ch], visited):
                owner[ch] = n
                chosen[n] = pos
                return True
        return False

    for n in range(len(texts)):
        place(n, set())
    return [
        t[: chosen[n]] + "&" + t[chosen[n] :] if n in chosen else t for n, t in enumerate(texts)
    ]


class AltKeysStayOut(QObject):
    """Keeps Alt chords out of a text field. Alt+letter is for the dialog's shortcuts (Qt
    runs those before the field sees the key); one that is no shortcut would otherwise type
    its letter into the field the focus is in."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            mods = event.modifiers()
            alt = bool(mods & Qt.KeyboardModifier.AltModifier)
            # Ctrl+Alt is AltGr on some systems: the letters it types (€, @) are typed
            if alt and not mods & Qt.KeyboardModifier.ControlModifier and event.text():
                return True
        return False


class EnterFilter(QObject):
    """Enter in a line edit runs an action, instead of pressing the dialog's default button."""

    def __init__(self, action: Any, parent: QObject) -> None:
        super().__init__(parent)
        self._action = action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self._action()
                return True
        return False
