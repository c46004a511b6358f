"""Drawing the table's small pieces once per size and screen, then reusing the picture.

Cards and chips are vector drawings (crisp at any zoom or pixel density), but a full table holds
dozens of them, each made of many antialiased shapes, and the table is redrawn for every
question. `paint_cached` renders a piece into a pixmap at the exact device resolution it is
shown at, keeps it, and blits it on the pixel grid the next time: the same picture, drawn in a
fraction of the time. A change of zoom or screen density renders it afresh at the new size.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

_CACHE: OrderedDict[tuple[Hashable, float, float], QPixmap] = OrderedDict()
MAX_PIECES = 800  # a few tables' worth of cards and chips at two or three sizes
MAX_SIDE = 512  # larger pieces are drawn directly: they are rare and would crowd the cache
_IDENTITY = QTransform()


def paint_cached(
    painter: QPainter, key: Hashable, rect: QRectF, draw: Callable[[QPainter], None]
) -> None:
    """Paint what `draw` paints inside `rect` (item coordinates), from the cache when it can."""
    t = painter.worldTransform()
    device = painter.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    sx, sy = t.m11() * dpr, t.m22() * dpr
    if t.isRotating() or sx <= 0 or sy <= 0:
        draw(painter)
        return
    w, h = math.ceil(rect.width() * sx), math.ceil(rect.height() * sy)
    if w > MAX_SIDE or h > MAX_SIDE:
        draw(painter)
        return
    full = (key, round(sx, 4), round(sy, 4))
    pm = _CACHE.get(full)
    if pm is None:
        pm = QPixmap(w, h)
        pm.fill(Qt.GlobalColor.transparent)
        q = QPainter(pm)
        q.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        q.scale(sx, sy)
        q.translate(-rect.x(), -rect.y())
        draw(q)
        q.end()
        pm.setDevicePixelRatio(dpr)  # w x h device pixels, drawn at w / dpr logical ones
        _CACHE[full] = pm
        if len(_CACHE) > MAX_PIECES:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(full)
    # on the device's pixel grid, so the picture stays as sharp as it was drawn: blitted 1:1 in
    # device coordinates (the transform only scales and translates, a rotation was drawn
    # directly above), which is also the raster engine's fast path, no filtering of the pixels
    cx, cy = rect.x() * t.m11() + t.dx(), rect.y() * t.m22() + t.dy()
    painter.setTransform(_IDENTITY)
    painter.drawPixmap(QPointF(round(cx * dpr) / dpr, round(cy * dpr) / dpr), pm)
    painter.setTransform(t)
