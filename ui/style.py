"""Small type settings the pages share, so every title looks like every other title, and the
escaping of text set into Qt's rich text."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pure Python at run time: the app loads it before Qt (see ui.app)
    from PySide6.QtWidgets import QWidget


def emphasise(widget: QWidget, scale: float, *, bold: bool = False) -> None:
    """Set `widget`'s font `scale` times the default, bold if asked."""
    f = widget.font()
    f.setPointSizeF(f.pointSizeF() * scale)
    f.setBold(bold)
    widget.setFont(f)


def esc(text: str) -> str:
    """`text` as rich text shows it: <, > and & escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
