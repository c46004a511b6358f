"""Light, dark or the system's look for the whole app (`apply_theme`), with the dark palette it
falls back on where the platform cannot switch its colour scheme.

The application applies the theme at start-up when it is not the system's, and again when the
settings dialog reports `applied`:

    dialog.applied.connect(lambda: apply_theme(app, settings.prefs.theme))
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication


def apply_theme(app: QApplication, theme: str) -> None:
    """Light, dark, or the system's: through Qt's colour scheme, else a palette.

    "system" leaves Qt following the desktop (QStyleHints.colorScheme, Qt 6.5+). "light" and
    "dark" ask Qt for that scheme (QStyleHints.setColorScheme, Qt 6.8+); where the platform
    cannot switch (no desktop theme, older Qt), a palette does it.
    """
    hints = app.styleHints()
    wanted = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(theme)
    if wanted is None:
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
        app.setPalette(QPalette())  # back to the platform's own palette
        return
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(wanted)
    if hints.colorScheme() == wanted:
        app.setPalette(QPalette())  # the platform draws the scheme itself
    elif wanted == Qt.ColorScheme.Dark:
        app.setPalette(dark_palette())
    else:
        app.setPalette(app.style().standardPalette())


def dark_palette() -> QPalette:
    """A dark palette for styles that have none of their own (Fusion on a bare platform)."""
    p = QPalette()
    window, base, text = QColor("#2d2d30"), QColor("#1e1e1e"), QColor("#e6e6e6")
    disabled = QColor("#7a7a7a")
    highlight = QColor("#3d7bd9")
    roles = QPalette.ColorRole
    for role, colour in (
        (roles.Window, window),
        (roles.WindowText, text),
        (roles.Base, base),
        (roles.AlternateBase, QColor("#262629")),
        (roles.ToolTipBase, QColor("#3a3a3d")),
        (roles.ToolTipText, text),
        (roles.PlaceholderText, QColor("#9a9a9a")),
        (roles.Text, text),
        (roles.Button, QColor("#3a3a3d")),
        (roles.ButtonText, text),
        (roles.BrightText, QColor("#ff6b6b")),
        (roles.Light, QColor("#505054")),
        (roles.Midlight, QColor("#444447")),
        (roles.Mid, QColor("#2a2a2c")),
        (roles.Dark, QColor("#1a1a1b")),
        (roles.Shadow, QColor("#0c0c0c")),
        (roles.Highlight, highlight),
        (roles.HighlightedText, QColor("#ffffff")),
        (roles.Link, QColor("#6ea8fe")),
        (roles.LinkVisited, QColor("#b18cfe")),
    ):
        p.setColor(role, colour)
    for role in (roles.WindowText, roles.Text, roles.ButtonText, roles.PlaceholderText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    p.setColor(QPalette.ColorGroup.Disabled, roles.Highlight, QColor("#505054"))
    return p
