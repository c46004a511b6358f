"""Words written on the felt (`LabelItem`): a bettor's name, a split hand's label, a caption,
a result; set smaller to fit, never below what the view reads, and only then elided or wrapped.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem

from ui.table.chips import fit_text, line_height, readable_text, ui_font
from ui.table.felt import CREAM


class LabelItem(QGraphicsItem):
    """Text centred on the item's x, its top at the item's y; on a rounded plate if `fill`.

    Lines are separated by "\n". Text wider than `max_width` is set smaller, down to a size
    still readable, and only then elided.
    """

    MIN_PX = 10.0
    PAD = 5.0

    @classmethod
    def fitting_size(
        cls,
        text: str,
        pixel_size: float,
        max_width: float | None,
        *,
        bold: bool = False,
        italic: bool = False,
        padded: bool = False,
        min_px: float = 0.0,
    ) -> float:
        """The pixel size at which `text` fits in `max_width` (never below MIN_PX nor `min_px`,
        the least size the view reads)."""
        least = max(cls.MIN_PX, min_px)
        pixel_size = max(pixel_size, least)
        if max_width is None:
            return pixel_size
        room = max_width - 2 * (cls.PAD if padded else 2.0)
        widest = max(
            fit_text(line, pixel_size, bold=bold, italic=italic)[1] for line in text.split("\n")
        )
        if widest <= room:
            return pixel_size
        return max(least, float(int(pixel_size * room / widest)))

    def __init__(
        self,
        text: str,
        pixel_size: float = 14.0,
        *,
        colour: QColor = CREAM,
        fill: QColor | None = None,
        bold: bool = False,
        italic: bool = False,
        max_width: float | None = None,
        min_px: float = 0.0,
        wrap: bool = False,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        pad = self.PAD if fill is not None else 2.0
        if wrap and max_width is not None:
            # a sentence too wide at the least size read goes on more lines, not smaller
            text = wrapped(text, max(pixel_size, min_px), max_width - 2 * pad, bold, italic)
        size = self.fitting_size(
            text,
            pixel_size,
            max_width,
            bold=bold,
            italic=italic,
            padded=fill is not None,
            min_px=min_px,
        )
        lines = text.split("\n")
        room = None if max_width is None else max_width - 2 * pad
        fitted = [
            readable_text(line, size, 1e9 if room is None else room, bold=bold, italic=italic)
            for line in lines
        ]
        self.text = "\n".join(s for s, _ in fitted)
        self.pixel_size = size
        width = max(w for _, w in fitted) + 2 * pad
        lh = line_height(size, bold=bold, italic=italic)
        height = lh * len(lines) + (3 if fill is not None else 0)
        self._font = ui_font(size, bold=bold, italic=italic)
        self._colour = colour
        self._fill = fill
        self._rect = QRectF(-width / 2, 0, width, height)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self._fill is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._fill)
            r = min(self._rect.height() / 2, 9.0)
            painter.drawRoundedRect(self._rect, r, r)
        painter.setFont(self._font)
        painter.setPen(self._colour)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


def wrapped(text: str, px: float, room: float, bold: bool, italic: bool) -> str:
    """`text` broken at spaces into lines no wider than `room` (greedily; two lines as even
    as they can be, so no word is left alone on the second)."""

    def width(line: str) -> float:
        return fit_text(line, px, bold=bold, italic=italic)[1]

    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        broken: list[str] = []
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if line and width(trial) > room:
                broken.append(line)
                line = word
            else:
                line = trial
        broken.append(line)
        if len(broken) == 2:
            cuts: list[tuple[str, str]] = [
                (" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))
            ]

            def widest(cut: tuple[str, str]) -> float:
                return max(width(cut[0]), width(cut[1]))

            first, second = min(cuts, key=widest)
            broken = [first, second]
        lines += broken
    return "\n".join(lines)
