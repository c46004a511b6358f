"""The Skills tab of the progress view: a row per skill (attempts, accuracy, median and p90
against the target, this week against the last, mastered or what is missing) and the heat map
of the selected skill's items, coloured by error rate, with a bar of their mean time."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from trainer.history import progress_data as pd
from trainer.i18n import format_number
from trainer.practice.skills import SKILLS, TARGETS
from ui.i18n import N_, _, ngettext
from ui.language import format_percent, format_seconds, mastery_figures
from ui.progress.charts import BAD, GOOD, WARN, ink, pct, places, secs, table
from ui.style import contrast, over, readable

_NO_TREND = pd.Trend("", 0, 0, 0, 0, 0, 0)


def _trend_text(trend: pd.Trend | None) -> tuple[str, QColor | None, str]:
    """Text, colour (None: neutral) and tooltip of the 'since last week' cell."""
    tip = _(
        "This week (the last 7 days) against the 7 days before: change of accuracy, in "
        "percentage points, and of the mean response time."
    )
    if trend is None or (not trend.attempts and not trend.before_attempts):
        return "—", None, tip + "\n" + _("No practice in the last two weeks.")
    if not trend.before_attempts:
        return _("new: {count} this week").format(count=trend.attempts), None, tip
    if not trend.attempts:
        return _("not practised this week"), WARN, tip
    acc = trend.accuracy_change or 0.0
    ms = trend.mean_ms_change or 0.0
    arrow = "▲" if acc > 0.05 else "▼" if acc < -0.05 else "="
    sign = "+" if acc >= 0 else "-"
    points = sign + format_number(Decimal(str(round(abs(acc), 1))), places=1)
    change = format_seconds(abs(ms), places=2)
    speed = _("{time} faster") if ms < 0 else _("{time} slower")
    text = _("{arrow} {points} pts · {speed}").format(
        arrow=arrow, points=points, speed=speed.format(time=change)
    )
    better = (acc >= 0) + (ms <= 0)
    colour = GOOD if better == 2 else BAD if better == 0 else None
    return text, colour, tip


# -- the heat map ------------------------------------------------------------------------------


def error_colour(rate: float) -> QColor:
    """Green when never wrong, through yellow, to red at 25 % wrong and more."""
    t = min(max(rate / 0.25, 0.0), 1.0)
    return QColor.fromHsvF((1 - t) * 0.33, 0.30 + 0.45 * t, 0.97 - 0.1 * t)


def speed_colour(slowness: float | None) -> QColor:
    if slowness is None:
        return QColor("#999999")
    return GOOD if slowness <= 1.0 else WARN if slowness <= 1.5 else BAD


class HeatMap(QWidget):
    """The items of one skill as tiles: fill by error rate, bar by mean time against target."""

    TILE = QSize(112, 52)
    GAP = 6
    HEAD = 52
    FEW = 5  # fewer attempts than this: drawn faded

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cells: list[pd.ItemCell] = []
        self.skill: str | None = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_cells(self, skill: str | None, cells: Sequence[pd.ItemCell]) -> None:
        self.skill = skill
        self.cells = list(cells)
        self.updateGeometry()
        self.setMinimumHeight(self.heightForWidth(max(self.width(), 400)))
        self.update()

    def _columns(self, width: int) -> int:
        return max(1, (width - self.GAP) // (self.TILE.width() + self.GAP))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        rows = math.ceil(len(self.cells) / self._columns(width)) if self.cells else 1
        return self.HEAD + rows * (self.TILE.height() + self.GAP) + self.GAP

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(720, self.heightForWidth(720))

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        self.setMinimumHeight(self.heightForWidth(self.width()))
        super().resizeEvent(event)

    def tile_rect(self, index: int) -> QRect:
        cols = self._columns(self.width())
        row, col = divmod(index, cols)
        return QRect(
            self.GAP + col * (self.TILE.width() + self.GAP),
            self.HEAD + row * (self.TILE.height() + self.GAP),
            self.TILE.width(),
            self.TILE.height(),
        )

    def cell_at(self, pos: QPoint) -> pd.ItemCell | None:
        for i, cell in enumerate(self.cells):
            if self.tile_rect(i).contains(pos):
                return cell
        return None

    def cell_text(self, cell: pd.ItemCell) -> str:
        mean = format_seconds(cell.mean_ms, places=2)
        if cell.target_s is None:
            time = _("mean time {time}").format(time=mean)
        else:
            target = format_seconds(cell.target_s * 1000, places=places(cell.target_s))
            time = _("mean time {time} (target {target})").format(time=mean, target=target)
        counts = ngettext(
            "{count} attempt, {wrong} wrong ({share})",
            "{count} attempts, {wrong} wrong ({share})",
            cell.attempts,
        ).format(count=cell.attempts, wrong=cell.wrong, share=format_percent(cell.error_rate))
        return f"{pd.item_name(cell.item)}\n{counts}\n{time}"

    def event(self, event: QEvent) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QEvent.Type.ToolTip:
            cell = self.cell_at(event.pos())
            if cell is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.cell_text(cell), self)
            return True
        return super().event(event)

    def tile_colours(self, cell: pd.ItemCell, base: QColor) -> tuple[QColor, QColor]:
        """A tile's fill (its error rate's colour, faded over `base` for a few attempts) and
        the ink of its text: dark or light, whichever stands out more, and the fill moved
        towards the other end until the text stands 4.5:1 on it."""
        fill = error_colour(cell.error_rate)
        if cell.attempts < self.FEW:
            fill.setAlphaF(0.45)
        fill = over(fill, base)
        dark, light = QColor("#1d1d1d"), QColor("#ffffff")
        text = dark if contrast(dark, fill) >= contrast(light, fill) else light
        return readable(fill, text), text

    def paintEvent(self, event: Any) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        text = palette.color(QPalette.ColorRole.Text)
        painter.setPen(text)
        head = QFont(self.font())
        head.setBold(True)
        painter.setFont(head)
        if self.skill is None:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, _("Choose a skill above."))
            return
        target = TARGETS.get(self.skill)
        items = ngettext("{skill}: {count} item", "{skill}: {count} items", len(self.cells))
        title = items.format(skill=pd.skill_title(self.skill), count=len(self.cells))
        painter.drawText(QRect(self.GAP, 4, self.width(), 20), Qt.AlignmentFlag.AlignLeft, title)
        painter.setFont(self.font())
        # The legend: the error scale, then the time bar.
        metrics = painter.fontMetrics()
        line = metrics.height()
        y = 8 + line
        x = self.GAP
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        for words in (_("fill: errors"), format_percent(0)):
            painter.drawText(QRect(x, y, 300, line), left, words)
            x += metrics.horizontalAdvance(words) + 6
        for k in range(6):
            painter.fillRect(QRect(x + k * 22, y + 2, 22, line - 4), error_colour(k * 0.05))
        x += 6 * 22 + 6
        most = format_percent(0.25) + "+"
        painter.drawText(QRect(x, y, 60, line), left, most)
        x += metrics.horizontalAdvance(most) + 28
        mid = y + line // 2
        painter.fillRect(QRect(x, mid - 2, 40, 5), GOOD)
        painter.fillRect(QRect(x + 40, mid - 2, 20, 5), WARN)
        painter.fillRect(QRect(x + 60, mid - 2, 20, 5), BAD)
        painter.setPen(QPen(text, 1.5))
        painter.drawLine(x + 40, mid - 6, x + 40, mid + 6)
        bar = (
            _("bar: mean time; the tick is the target, a full bar twice it")
            if target is not None
            else _("bar: mean time (this skill has no target)")
        )
        painter.drawText(QRect(x + 88, y, 600, line), left, bar)
        if not self.cells:
            painter.drawText(
                QRect(0, self.HEAD, self.width(), 40),
                Qt.AlignmentFlag.AlignCenter,
                _("No item of this skill asked yet."),
            )
            return
        small = QFont(self.font())
        small.setPointSizeF(max(small.pointSizeF() * 0.85, 7))
        label_font = QFont(self.font())
        label_font.setBold(True)
        base = palette.color(QPalette.ColorRole.Base)
        for i, cell in enumerate(self.cells):
            rect = self.tile_rect(i)
            fill, black = self.tile_colours(cell, base)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 4, 4)
            painter.setPen(black)
            painter.setFont(label_font)
            inner = rect.adjusted(6, 3, -6, -10)
            label = painter.fontMetrics().elidedText(
                cell.label, Qt.TextElideMode.ElideRight, inner.width()
            )
            painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)
            painter.setFont(small)
            painter.drawText(
                inner,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                f"{format_percent(cell.error_rate)} · {format_seconds(cell.mean_ms)} · "
                f"{cell.attempts}",
            )
            # The time bar: the tick at half the width is the target, the full width twice it.
            slowness = cell.slowness
            track = QRect(rect.left() + 6, rect.bottom() - 7, rect.width() - 12, 4)
            painter.fillRect(track, QColor(0, 0, 0, 35))
            share = min((slowness if slowness is not None else 0) / 2, 1.0)
            painter.fillRect(
                QRect(track.left(), track.top(), int(track.width() * share), 4),
                speed_colour(slowness),
            )
            if slowness is not None:
                painter.setPen(QPen(black, 1))
                mid = track.left() + track.width() // 2
                painter.drawLine(mid, track.top() - 2, mid, track.bottom() + 2)


# -- the table ---------------------------------------------------------------------------------


class _SortItem(QTableWidgetItem):
    """A table cell that sorts by its raw value (Qt.UserRole), not by its text."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(Qt.ItemDataRole.UserRole), other.data(Qt.ItemDataRole.UserRole)
        if mine is None or theirs is None:
            return (mine is None) > (theirs is None)
        try:
            return bool(mine < theirs)
        except TypeError:
            return str(mine) < str(theirs)


SKILL_COLUMNS = (
    N_("Skill"),
    N_("Attempts"),
    N_("Accuracy"),
    N_("Median"),
    "p90",
    N_("Target"),
    N_("Since last week"),
    N_("Mastered"),
)


def reviews_text(r: pd.ReviewFigures) -> str:
    """The review sessions' line: "Reviews (apart from the skills' mastery): 3 sessions, 42
    answered, 88 % right · 5 due today, 2 tomorrow"."""
    if r.answered:
        done = _("{sessions}, {answered}, {accuracy} right").format(
            sessions=ngettext("{n} session", "{n} sessions", r.sessions).format(
                n=format_number(r.sessions)
            ),
            answered=ngettext("{n} answered", "{n} answered", r.answered).format(
                n=format_number(r.answered)
            ),
            accuracy=pct(r.accuracy),
        )
    else:
        done = _("none done yet")
    due = _("{today} due today, {tomorrow} tomorrow").format(
        today=format_number(r.due_today), tomorrow=format_number(r.due_tomorrow)
    )
    return _("<b>Reviews</b> (apart from the skills' mastery): {done} · {due}").format(
        done=done, due=due
    )


def _skill_of(table: QTableWidget, row: int) -> Any:
    item = table.item(row, 0)
    return None if item is None else item.data(Qt.ItemDataRole.UserRole + 1)


class SkillsTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.progress: pd.Progress | None = None
        self.table = table([_(c) for c in SKILL_COLUMNS], stretch=len(SKILL_COLUMNS) - 1)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        # every column but the last is as wide as its contents; the last, "Mastered", takes
        # the room left, its text short (the sentences in its tooltip) and wrapped onto a second
        # line, its row taller, where even that does not fit: read whole, never cut with "…"
        self.table.setWordWrap(True)
        rows = self.table.verticalHeader()
        rows.setMinimumSectionSize(rows.defaultSectionSize())  # as tall as ever, or taller
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._selected)
        self.heatmap = HeatMap()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.heatmap)
        self.scroll_area = scroll
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(scroll)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        note = QLabel(
            _(
                "Mastered: at least {attempts} attempts and, over the last {window}, {share} "
                "right with a median within the target. Select a skill to see its items."
            ).format(**mastery_figures())
        )
        note.setWordWrap(True)
        # the review sessions' own figures, apart from the skills' above
        self.reviews = QLabel()
        self.reviews.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.reviews)
        layout.addWidget(note)

    def skills_shown(self) -> list[str]:
        return [_skill_of(self.table, r) for r in range(self.table.rowCount())]

    def set_progress(self, progress: pd.Progress, select: str | None = None) -> None:
        self.progress = progress
        self.reviews.setText(reviews_text(progress.reviews))
        stats = progress.skills
        order = [s for s in SKILLS if s in stats] + sorted(set(stats) - set(SKILLS))
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(order))
        for row, skill in enumerate(order):
            s = stats[skill]
            target_ms = None if s.target_s is None else s.target_s * 1000
            trend_text, trend_colour, trend_tip = _trend_text(progress.trends.get(skill))
            gaps = pd.mastery_gaps(s)
            # a word or two a gap, the sentences in the tooltip: the cell reads whole at 1024
            # wide in every language, where the sentences ended in "…"
            mastered = (
                _("✓ mastered")
                if s.mastered
                else _("✗ {gaps}").format(gaps=" · ".join(pd.mastery_brief(s)))
            )
            cells: list[tuple[str, Any, QColor | None, str]] = [
                (pd.skill_title(skill), row, None, skill),  # sorts in curriculum order
                (format_number(s.attempts), s.attempts, None, ""),
                (pct(s.accuracy), s.accuracy, None, ""),
                (
                    secs(s.median_ms),
                    s.median_ms,
                    None
                    if s.median_ms is None or target_ms is None
                    else GOOD
                    if s.median_ms <= target_ms
                    else BAD,
                    "",
                ),
                (secs(s.p90_ms), s.p90_ms, None, ""),
                (secs(target_ms), target_ms, None, ""),
                (
                    trend_text,
                    (progress.trends.get(skill) or _NO_TREND).accuracy_change,
                    trend_colour,
                    trend_tip,
                ),
                (
                    mastered,
                    s.mastered,
                    GOOD if s.mastered else None,
                    "\n".join(gaps),
                ),
            ]
            for col, (text, raw, colour, tip) in enumerate(cells):
                item = _SortItem(text)
                item.setData(Qt.ItemDataRole.UserRole, raw)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole + 1, skill)
                elif tip:
                    item.setToolTip(tip)
                if colour is not None:
                    item.setForeground(ink(colour))
                if 0 < col < len(cells) - 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, col, item)
        self.table.setSortingEnabled(True)
        self.table.sortItems(0, Qt.SortOrder.AscendingOrder)  # the curriculum's order
        want = select if select in order else (order[0] if order else None)
        if want is not None:
            self.select(want)
        else:
            self.heatmap.set_cells(None, [])

    def current(self) -> str | None:
        """The skill whose items are shown."""
        return self.heatmap.skill

    def select(self, skill: str) -> None:
        for row in range(self.table.rowCount()):
            if _skill_of(self.table, row) == skill:
                self.table.selectRow(row)
                self._selected()
                return

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.progress is None:
            return
        skill = _skill_of(self.table, rows[0].row())
        self.heatmap.set_cells(skill, [c for c in self.progress.items if c.skill == skill])
