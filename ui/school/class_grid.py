"""The class view's heat map: every trainee × every skill, a cell's colour and words, the skills'
titles set upright in the columns' heads (`ui.school.class_view` lays it out in its window)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyleOptionHeader,
    QTableWidgetItem,
    QWidget,
)

from trainer.history.classview import SkillCell, TraineeRow
from ui.i18n import _
from ui.language import format_percent, format_seconds

MASTERED = QColor("#2e7d32")  # the heat map: mastered, then by accuracy over the last 30
NEVER = QColor("#e0e0e0")
LOW, HIGH = QColor("#c62828"), QColor("#f9a825")  # 50 % and under, and just under mastery


def cell_colour(cell: SkillCell) -> QColor:
    """A cell's colour: green mastered, grey never practised, else red (half right or less)
    to amber (all but mastered), by accuracy over the window."""
    if cell.mastered:
        return MASTERED
    accuracy = cell.recent_accuracy
    if accuracy is None:
        return NEVER
    t = min(1.0, max(0.0, (accuracy - 0.5) / 0.5))
    return QColor.fromRgbF(
        LOW.redF() + t * (HIGH.redF() - LOW.redF()),
        LOW.greenF() + t * (HIGH.greenF() - LOW.greenF()),
        LOW.blueF() + t * (HIGH.blueF() - LOW.blueF()),
    )


def cell_text(cell: SkillCell) -> str:
    if cell.mastered:
        return "✓"
    if cell.recent_accuracy is None:
        return "–"
    return format_percent(cell.recent_accuracy)


TITLE_MAX_PX = 220  # a skill's title, set upright in its column's header, is cut past this
PAD = 6


class SkillHeader(QHeaderView):
    """The heat map's column titles: a skill's set upright (read from the bottom up), so that
    fourteen skills and the trainee's figures fit a 1024-pixel screen with every title whole;
    the other columns' as usual. The full title and what the skill asks are in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.upright: set[int] = set()  # the sections set upright
        self.setSectionsClickable(False)
        self.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignBottom)

    def _title(self, index: int) -> str:
        model = self.model()
        if model is None:
            return ""
        return str(model.headerData(index, Qt.Orientation.Horizontal) or "")

    def _title_width(self, index: int) -> int:
        return min(self.fontMetrics().horizontalAdvance(self._title(index)), TITLE_MAX_PX)

    def sectionSizeFromContents(self, index: int) -> QSize:  # noqa: N802
        if index not in self.upright:
            return super().sectionSizeFromContents(index)
        fm = self.fontMetrics()
        return QSize(fm.height() + 2 * PAD, self._title_width(index) + 2 * PAD)

    def sizeHint(self) -> QSize:  # noqa: N802
        hint = super().sizeHint()
        tallest = max((self._title_width(i) + 2 * PAD for i in self.upright), default=0)
        return QSize(hint.width(), max(hint.height(), tallest))

    def paintSection(self, painter: QPainter, rect: QRect, index: int) -> None:  # noqa: N802
        if index not in self.upright:
            super().paintSection(painter, rect, index)
            return
        option = QStyleOptionHeader()
        self.initStyleOption(option)
        option.rect = rect
        option.section = index
        option.text = ""
        option.orientation = Qt.Orientation.Horizontal
        self.style().drawControl(QStyle.ControlElement.CE_Header, option, painter, self)
        fm = self.fontMetrics()
        text = fm.elidedText(self._title(index), Qt.TextElideMode.ElideRight, TITLE_MAX_PX)
        painter.save()
        painter.setPen(self.palette().color(self.foregroundRole()))
        # bottom up, centred on the column
        painter.translate(rect.center().x() + (fm.ascent() - fm.descent()) / 2, rect.bottom() - PAD)
        painter.rotate(-90)
        painter.drawText(0, 0, text)
        painter.restore()

    def shown_whole(self, index: int) -> bool:
        """Whether the title of section `index` is drawn whole (for the tests)."""
        width = self.fontMetrics().horizontalAdvance(self._title(index))
        if index in self.upright:
            return width <= TITLE_MAX_PX and self._title_width(index) + PAD <= self.height()
        return width + PAD <= self.sectionSize(index)


def _skill_head(skill: str) -> QTableWidgetItem:
    """A skill's column title: the curriculum's name of it, what it asks in the tooltip."""
    from trainer.practice.curriculum import INFO

    info = INFO.get(skill)
    if info is None:
        item = QTableWidgetItem(skill)
        item.setToolTip(skill)
        return item
    item = QTableWidgetItem(info.title)
    item.setToolTip(f"<b>{info.title}</b> ({skill})<br>{info.blurb}")
    return item


def _cell_tip(row: TraineeRow, cell: SkillCell) -> str:
    from trainer.practice.curriculum import INFO

    skill = INFO[cell.skill].title if cell.skill in INFO else cell.skill
    if not cell.recent_attempts:
        return _("{login}, {skill}: never practised").format(login=row.login, skill=skill)
    lines = [
        _("{login}, {skill}: {correct} right of the last {attempts}").format(
            login=row.login, skill=skill, correct=cell.recent_correct, attempts=cell.recent_attempts
        )
    ]
    median = (
        None if cell.recent_median_ms is None else format_seconds(cell.recent_median_ms, places=2)
    )
    target = None if cell.target_s is None else format_seconds(cell.target_s * 1000)
    if median is not None and target is not None:
        lines.append(_("median {time} (target {target})").format(time=median, target=target))
    elif median is not None:
        lines.append(_("median {time}").format(time=median))
    elif target is not None:
        lines.append(_("target {target}").format(target=target))
    return "\n".join(lines)
