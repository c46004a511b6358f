"""Small type settings the pages share, so every title looks like every other title; the
escaping of text set into Qt's rich text; and the contrast of text against what it is drawn on
(WCAG 2's ratio), so that every text reads in the light and the dark palette alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pure Python at run time: the app loads it before Qt (see ui.app)
    from PySide6.QtGui import QColor
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


# -- contrast ----------------------------------------------------------------------------------
# WCAG 2's contrast ratio: every text the app draws stands at least MIN_CONTRAST against what it
# is drawn on, in the light and the dark palette alike.

MIN_CONTRAST = 4.5


def _channel(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG's relative luminance of an opaque colour, 0 (black) to 1 (white)."""
    r, g, b = colour.red(), colour.green(), colour.blue()
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two opaque colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def over(colour: QColor, background: QColor) -> QColor:
    """`colour` as it shows painted over an opaque `background` (its alpha blended in)."""
    from PySide6.QtGui import QColor

    a = colour.alphaF()
    return QColor(
        round(colour.red() * a + background.red() * (1 - a)),
        round(colour.green() * a + background.green() * (1 - a)),
        round(colour.blue() * a + background.blue() * (1 - a)),
    )


def readable(colour: QColor, background: QColor, ratio: float = MIN_CONTRAST) -> QColor:
    """`colour`, made darker on a light background or lighter on a dark one until it stands
    `ratio` against it: the same hue, as little changed as will do."""
    from PySide6.QtGui import QColor

    if contrast(colour, background) >= ratio:
        return QColor(colour)
    towards = QColor(0, 0, 0) if luminance(background) > 0.18 else QColor(255, 255, 255)
    for step in range(1, 21):
        t = step / 20
        mixed = QColor(
            round(colour.red() + (towards.red() - colour.red()) * t),
            round(colour.green() + (towards.green() - colour.green()) * t),
            round(colour.blue() + (towards.blue() - colour.blue()) * t),
        )
        if contrast(mixed, background) >= ratio:
            return mixed
    return towards


def muted(text: QColor, background: QColor, ratio: float = MIN_CONTRAST) -> QColor:
    """A secondary text colour: between `text` and `background`, as near the background as
    still stands `ratio` against it (a hint reads as a hint, and still reads)."""
    from PySide6.QtGui import QColor

    best = QColor(text)
    for step in range(1, 20):
        t = step / 20  # from the text towards the background
        mixed = QColor(
            round(text.red() + (background.red() - text.red()) * t),
            round(text.green() + (background.green() - text.green()) * t),
            round(text.blue() + (background.blue() - text.blue()) * t),
        )
        if contrast(mixed, background) < ratio:
            break
        best = mixed
    return best


def mute(widget: QWidget) -> None:
    """Draw `widget`'s text in the secondary colour of its palette (`muted`), and again so
    whenever the palette changes (the theme switched)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QPalette

    def apply() -> None:
        palette = widget.palette()
        window = palette.color(QPalette.ColorRole.Window)
        text = _plain_text(widget)
        palette.setColor(QPalette.ColorRole.WindowText, muted(text, window))
        widget.setPalette(palette)

    class _Follow(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.ApplicationPaletteChange:
                apply()
            return False

    widget.installEventFilter(_Follow(widget))
    apply()


def _plain_text(widget: QWidget) -> QColor:
    """The text colour the widget would have if it were not muted: the application's."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    return QApplication.palette(widget).color(QPalette.ColorRole.WindowText)
