"""The felt on screen: `TableWidget`, the view that keeps the whole table scene fitted to the
widget.

Everything lives in a fixed 1600 x 1000 scene; the view scales it to the window, but never so
far down that a card's index drops below MIN_INDEX_PX on screen: a window too small for that
scrolls the felt instead, the hand whose turn it is kept in sight.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from trainer.game.table import TableView
from ui.table.cards import INDEX_CAP
from ui.table.scene import Drawing, TableScene

# The least height of a card's index on screen, in logical pixels (issue 12: read at 1024 x 600,
# split hands included): below it the view stops shrinking the felt and scrolls it.
MIN_INDEX_PX = 10.0


class TableWidget(QGraphicsView):
    """The table scene in a view that keeps the whole table fitted to the widget.

    `prepare(view)` draws the picture of a table to come while the trainee reads the present
    one: when `show_table(view)` puts it on, the viewport is painted from that picture, a single
    blit, instead of item by item. Any other table, or a change of size or screen, is painted
    the usual way. `prepare(view, moving=label)` paints the table without that hand's last card
    too: while `slide(card)` moves it in, each frame is that picture and the one card.
    """

    def __init__(self, scene: TableScene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._table = scene if scene is not None else TableScene(self)
        self.setScene(self._table)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QColor("#1c1714"))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setMouseTracking(True)
        self.setMinimumSize(320, 200)
        self._scrolls = False  # the felt is larger than the widget (see _fit)
        # Every pixel of the viewport is painted, by the background brush or the prepared
        # picture: Qt need not clear it (nor paint what lies behind it) first, a full-viewport
        # fill saved at every question.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.viewport().setAutoFillBackground(False)
        # (drawing, _picture_key, pixmap, the pixmap without the card to slide in or None): the
        # prepared table's pictures and the shown one's
        self._pictures: list[tuple[Drawing, tuple, QPixmap, QPixmap | None]] = []
        self._moving: QGraphicsItem | None = None  # the card sliding in, painted over the rest

    def table_scene(self) -> TableScene:
        return self._table

    def show_table(self, view: TableView) -> None:
        self._table.show(view)
        self._fit()
        if self._scrolls:
            self._keep_in_sight(view)

    def prepare(self, view: TableView, moving: str | None = None) -> None:
        """Build and paint `view` now, for a `show_table(view)` to come; with `moving` (a hand's
        label, or "dealer"), paint it also without that hand's last card, the card to slide in
        once it is shown (`slide`)."""
        vp = self.viewport()
        if vp.width() <= 0 or vp.height() <= 0:
            return  # not laid out yet: nothing to paint to, the table is drawn when shown
        drawing = self._table.stage(view)
        picture = self._paint_staged()
        under = None
        cards = drawing.hand_cards.get(moving) if moving is not None else None
        if cards:
            cards[-1].setVisible(False)
            under = self._paint_staged()
            cards[-1].setVisible(True)
        shown = self._table.drawing
        self._pictures = [pic for pic in self._pictures if pic[0] is shown]
        self._pictures.append((drawing, self._picture_key(), picture, under))

    def _paint_staged(self) -> QPixmap:
        vp = self.viewport()
        dpr = vp.devicePixelRatioF()
        picture = QPixmap(vp.size() * dpr)
        picture.setDevicePixelRatio(dpr)
        picture.fill(self.backgroundBrush().color())
        p = QPainter(picture)
        p.setRenderHints(self.renderHints())
        p.setTransform(self.viewportTransform())
        self._table.paint_staged(p)
        p.end()
        return picture

    def slide(self, card: QGraphicsItem) -> None:
        """`card` of the table shown moves (a card dealt slides in): until `end_slide`, each
        paint is the table's picture without it, and the card where it is now."""
        self._moving = card

    def end_slide(self) -> None:
        self._moving = None
        self.viewport().update()

    def forget_prepared(self) -> None:
        """Paint item by item from now on (an item on the table moves: a card slides in)."""
        self._pictures.clear()

    def _picture_key(self) -> tuple:
        """What a prepared picture depends on besides the table: the viewport's size and screen,
        and where the scene lies in it."""
        vp = self.viewport()
        t = self.viewportTransform()
        return (vp.width(), vp.height(), vp.devicePixelRatioF(), t.m11(), t.m22(), t.dx(), t.dy())

    def paintEvent(self, event) -> None:  # noqa: N802
        shown = self._table.drawing
        moving = self._moving
        for drawing, key, picture, under in self._pictures:
            if drawing is not shown or key != self._picture_key():
                continue
            frame = picture if moving is None else under
            if frame is None:
                break  # a card moves and no picture is without it: item by item
            p = QPainter(self.viewport())
            p.drawPixmap(0, 0, frame)
            if moving is not None:
                p.setRenderHints(self.renderHints())
                p.setTransform(moving.sceneTransform() * self.viewportTransform())
                moving.paint(p, QStyleOptionGraphicsItem(), None)
            p.end()
            return
        super().paintEvent(event)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(1120, 700)

    def zoom_needed(self) -> float:
        """The least zoom at which every card of the table shows its index MIN_INDEX_PX tall."""
        d = self._table.drawing
        least = d.card_scale() if d is not None else 1.0
        return MIN_INDEX_PX / (INDEX_CAP * least)

    def _fit(self) -> None:
        """The whole table in the widget, unless that would draw its cards too small to read:
        then at the least zoom that keeps them readable, with scroll bars."""
        rect = self._table.sceneRect()
        room = self.maximumViewportSize()  # without scroll bars
        fit = min((room.width() - 2) / rect.width(), (room.height() - 2) / rect.height())
        zoom = max(fit, self.zoom_needed())
        # the names and labels are set for this zoom; that may redraw the table, its cards a
        # little smaller under larger labels: the zoom they need then holds
        if self._table.set_zoom(zoom):
            zoom = max(fit, self.zoom_needed())
        scrolls = zoom > fit
        if scrolls != self._scrolls:
            self._scrolls = scrolls
            policy = (
                Qt.ScrollBarPolicy.ScrollBarAsNeeded
                if scrolls
                else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            )
            self.setHorizontalScrollBarPolicy(policy)
            self.setVerticalScrollBarPolicy(policy)
        if abs(self.transform().m11() - zoom) > 1e-9:
            self.setTransform(QTransform.fromScale(zoom, zoom))
        if not scrolls:
            self.centerOn(rect.center())

    def _keep_in_sight(self, view: TableView) -> None:
        """Scroll to the hand whose turn it is, or the first the drill points at."""
        outlines = self._table.outlines
        for label in (view.active, *view.highlights):
            if label in outlines:
                self.ensureVisible(outlines[label], 24, 24)
                return

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        self._fit()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        pos = self.mapToScene(event.position().toPoint())
        clickable = self._table.box_at(pos) is not None or self._table.dealer_rect().contains(pos)
        shape = Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(shape)
        super().mouseMoveEvent(event)
