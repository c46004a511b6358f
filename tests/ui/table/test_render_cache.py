"""Crisp at 2x scale (issue 11): a card, a chip or the felt cached as a picture is drawn at the
device's resolution and kept per device pixel ratio, never an upscaled or wrongly sized one."""

from __future__ import annotations

import math
from decimal import Decimal as D

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from ui.table.cards import CARD_H, CARD_W, FACE, CardItem
from ui.table.chips import paint_chip
from ui.table.render_cache import PIECES, PictureCache

BACKGROUND = QColor("#17693a")


@pytest.fixture(autouse=True)
def fresh_cache():
    PIECES.clear()
    yield
    PIECES.clear()


def paint_card(token: str, dpr: float, zoom: float) -> QImage:
    """The card painted, through the cache, on a device of pixel ratio `dpr` at `zoom`."""
    device = QPixmap(math.ceil(CARD_W * zoom * dpr) + 8, math.ceil(CARD_H * zoom * dpr) + 8)
    device.setDevicePixelRatio(dpr)
    device.fill(BACKGROUND)
    p = QPainter(device)
    p.scale(zoom, zoom)
    CardItem(token).paint(p, None)
    p.end()
    return device.toImage()


def test_a_card_at_2x_is_cached_at_device_resolution(qapp):
    paint_card("KS", dpr=2.0, zoom=1.5)
    (picture,) = PIECES.pictures_of(("card", "KS", True))
    assert picture.devicePixelRatio() == 2.0
    bounds = CardItem("KS").boundingRect()
    # device pixels: the card's size times the zoom times the ratio, not an upscaled 1x picture
    assert picture.width() == math.ceil(bounds.width() * 1.5 * 2)
    assert picture.height() == math.ceil(bounds.height() * 1.5 * 2)


def test_the_same_pixels_for_another_ratio_are_another_picture(qapp):
    # 2x at zoom 1 and 1x at zoom 2 need pictures of the same pixel size, but not the same one:
    # a 2x picture blitted on a 1x screen would come out at half its size
    paint_card("7H", dpr=2.0, zoom=1.0)
    image = paint_card("7H", dpr=1.0, zoom=2.0)
    pictures = PIECES.pictures_of(("card", "7H", True))
    assert sorted(p.devicePixelRatio() for p in pictures) == [1.0, 2.0]
    # the card fills its place on the 1x device: its face down to near its bottom right corner
    corner = QColor(image.pixel(int((CARD_W - 12) * 2), int((CARD_H - 30) * 2)))
    assert corner == FACE


def test_a_chip_at_2x_is_cached_at_device_resolution(qapp):
    device = QPixmap(200, 200)
    device.setDevicePixelRatio(2.0)
    device.fill(Qt.GlobalColor.transparent)
    p = QPainter(device)
    paint_chip(p, QPointF(40, 40), 20.0, D(25))
    p.end()
    (picture,) = PIECES.pictures_of(("chip", D(25), "25", True, 20.0))  # its figure as written
    assert picture.devicePixelRatio() == 2.0
    assert picture.width() == math.ceil(2 * 20.0 * 1.05 * 2)


def test_a_cache_keeps_one_picture_per_ratio(qapp):
    cache = PictureCache(8)
    drawn = []
    for dpr in (1.0, 2.0, 1.0, 2.0):
        device = QPixmap(40, 40)
        device.setDevicePixelRatio(dpr)
        p = QPainter(device)
        cache.paint(p, "dot", device.rect().toRectF(), lambda q: drawn.append(q))
        p.end()
    assert len(drawn) == 2  # drawn once per ratio, then reused
    assert len(cache) == 2
