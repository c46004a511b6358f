"""Drawing the table once per size and screen, then reusing the picture.

Cards, chips and the felt are vector drawings (crisp at any zoom or pixel density), but a full
table holds dozens of pieces, each made of many antialiased shapes, and the table is redrawn for
every question. A `PictureCache` renders a drawing into a pixmap at the exact device resolution
it is shown at, keeps it, and blits it on the pixel grid the next time: the same picture, drawn
in a fraction of the time. A change of zoom or screen density renders it afresh at the new size.

Two caches: `PIECES` for the small things (cards, chip stacks: many of them, each small) and
`TABLES` for the felt (large, one or two at a time).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

_IDENTITY = QTransform()


class PictureCache:
    """At most `max_pictures` pictures, the least recently used dropped first; a drawing larger
    than `max_side` device pixels is drawn directly (it would crowd the others out)."""

    def __init__(self, max_pictures: int, max_side: int | None = None) -> None:
        self.max_pictures = max_pictures
        self.max_side = max_side
        self._pictures: OrderedDict[tuple[Hashable, float, float, float], QPixmap] = OrderedDict()

    def __len__(self) -> int:
        return len(self._pictures)

    def clear(self) -> None:
        self._pictures.clear()

    def pictures_of(self, key: Hashable) -> list[QPixmap]:
        """The pictures kept of `key`: one per zoom and screen it has been drawn at."""
        return [pm for k, pm in self._pictures.items() if k[0] == key]

    def paint(
        self, painter: QPainter, key: Hashable, rect: QRectF, draw: Callable[[QPainter], None]
    ) -> None:
        """Paint what `draw` paints inside `rect` (item coordinates), from the cache if it can."""
        t = painter.worldTransform()
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        sx, sy = t.m11() * dpr, t.m22() * dpr
        if t.isRotating() or sx <= 0 or sy <= 0:
            draw(painter)
            return
        w, h = math.ceil(rect.width() * sx), math.ceil(rect.height() * sy)
        if self.max_side is not None and (w > self.max_side or h > self.max_side):
            draw(painter)
            return
        # keyed by the device's pixel ratio too: a picture drawn for a 2x screen at half the zoom
        # has the same pixels as one for a 1x screen, but not the same size in logical units
        full = (key, round(sx, 4), round(sy, 4), dpr)
        pm = self._pictures.get(full)
        if pm is None:
            pm = QPixmap(w, h)
            pm.fill(Qt.GlobalColor.transparent)
            q = QPainter(pm)
            q.setRenderHints(
                QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
            )
            q.scale(sx, sy)
            q.translate(-rect.x(), -rect.y())
            draw(q)
            q.end()
            pm.setDevicePixelRatio(dpr)  # w x h device pixels, drawn at w / dpr logical ones
            self._pictures[full] = pm
            if len(self._pictures) > self.max_pictures:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(full)
        # on the device's pixel grid, so the picture stays as sharp as it was drawn: blitted 1:1
        # in device coordinates (the transform only scales and translates, a rotation was drawn
        # directly above), which is also the raster engine's fast path, no filtering of pixels
        cx, cy = rect.x() * t.m11() + t.dx(), rect.y() * t.m22() + t.dy()
        painter.setTransform(_IDENTITY)
        painter.drawPixmap(QPointF(round(cx * dpr) / dpr, round(cy * dpr) / dpr), pm)
        painter.setTransform(t)


PIECES = PictureCache(800, max_side=512)  # a few tables' worth of cards and chips, 2-3 sizes
TABLES = PictureCache(3)  # the felt at the sizes the window has had lately

paint_cached = PIECES.paint
