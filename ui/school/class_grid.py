"""The class view's heat map and what heads it: every trainee × every skill, a cell's colour and
words, the skills' titles set upright in the columns' heads with the class's figure under each,
the order the instructor sorts the trainees in, and the words above the map — who is ready, who
has not practised, who needs attention and why (`ui.school.class_view` lays them out in its
window)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyleOptionHeader,
    QTableWidgetItem,
    QWidget,
)

from trainer.history.classview import (
    IDLE,
    WEAK_AT_MOST,
    ClassView,
    SkillAverage,
    SkillCell,
    TraineeRow,
    floor_percent,
    weak_line,
)
from trainer.history.measures import MASTERY
from trainer.i18n import format_date
from ui.i18n import _, ngettext, pgettext
from ui.language import format_percent, format_seconds
from ui.style import esc

MASTERED = QColor("#2e7d32")  # the heat map: mastered, then by how far from mastery
NEVER = QColor("#e0e0e0")
TOO_FEW = QColor("#f5f5f5")  # practised, too few answers to read: no colour of mastery
LOW, HIGH = QColor("#c62828"), QColor("#f9a825")  # far from mastery, and all but there
# A weak cell's colour at its best (the most right answers that read weak, 83 %), of the way from
# red to amber: an orange a step short of amber, so that a weak cell never passes for one that
# is not (90 % over 30 is amber, 83 % orange: the attention line names the one, not the other)
WEAK_TOP = 0.55


def _share(value: float) -> float:
    return min(1.0, max(0.0, value))


def cell_colour(cell: SkillCell) -> QColor:
    """A cell's colour: green mastered, grey never practised, a paler grey on too few answers
    to read; else from red (far from mastery) to amber (all but there), by the farther of
    mastery's two halves. Accuracy: a weak cell (`SkillCell.weak`, as the attention line says
    it) from red (half right or less) to orange (the most right answers that read weak); one not
    shown to be under the mastery's accuracy, amber. Speed: a median of twice the target or more,
    red. Right every time but slow is not amber."""
    if cell.mastered:
        return MASTERED
    if not cell.recent_attempts:
        return NEVER
    if cell.too_few:
        return TOO_FEW
    t = 1.0
    if cell.weak:
        accuracy = cell.recent_correct / cell.recent_attempts
        top = WEAK_AT_MOST / MASTERY.window
        t = WEAK_TOP * _share((accuracy - 0.5) / (top - 0.5))
    if cell.slow and cell.recent_median_ms and cell.target_s:
        t = min(t, _share(2 * cell.target_s * 1000 / cell.recent_median_ms - 1))
    return QColor.fromRgbF(
        LOW.redF() + t * (HIGH.redF() - LOW.redF()),
        LOW.greenF() + t * (HIGH.greenF() - LOW.greenF()),
        LOW.blueF() + t * (HIGH.blueF() - LOW.blueF()),
    )


def cell_text(cell: SkillCell) -> str:
    """A cell's words, on two lines: what it says — ✓ mastered, right answers over the window
    (rounded down, as mastery counts), "too few" — over how many answers it stands on, and
    "slow" when its median is over the target; "–" never practised."""
    if not cell.recent_attempts:
        return "–"
    count = str(cell.recent_attempts)
    if cell.too_few:
        return f"{pgettext('a cell of the class view', 'too few')}\n{count}"
    if cell.mastered:
        return f"✓\n{count}"
    said = floor_percent(cell.recent_correct, cell.recent_attempts)
    if cell.slow:
        count = pgettext("a cell of the class view: answers, slow", "{count} slow").format(
            count=count
        )
    return f"{said}\n{count}"


def cell_tip(row: TraineeRow, cell: SkillCell) -> str:
    """A cell's tooltip: its figures in sentences, and what mastery still asks."""
    from trainer.practice.curriculum import skill_title

    skill = skill_title(cell.skill)
    if not cell.recent_attempts:
        return _("{login}, {skill}: never practised").format(login=row.login, skill=skill)
    lines = [
        _("{login}, {skill}: {correct} right of the last {attempts}").format(
            login=row.login, skill=skill, correct=cell.recent_correct, attempts=cell.recent_attempts
        )
    ]
    if cell.too_few:
        lines.append(_("too few answers to read: {count} are needed").format(count=MASTERY.window))
    elif cell.weak:
        lines.append(
            _("weak: clearly under {needed} ({bound} or less over the last {count})").format(
                **weak_line()
            )
        )
    elif cell.recent_correct < cell.recent_attempts * MASTERY.accuracy:
        lines.append(
            _("under {needed}, not clearly: {count} answers cannot tell it from {needed}").format(
                needed=format_percent(float(MASTERY.accuracy)), count=cell.recent_attempts
            )
        )
    median = (
        None if cell.recent_median_ms is None else format_seconds(cell.recent_median_ms, places=2)
    )
    target = None if cell.target_s is None else format_seconds(cell.target_s * 1000)
    if median is not None and target is not None:
        lines.append(_("median {time} (target {target})").format(time=median, target=target))
        if cell.slow:
            lines.append(_("slower than the target: speed is half of mastery"))
    elif median is not None:
        lines.append(_("median {time}").format(time=median))
    elif target is not None:
        lines.append(_("target {target}").format(target=target))
    gaps = cell.gaps()
    if gaps:
        lines.append(_("mastery still needs: {what}").format(what=", ".join(gaps)))
    return "\n".join(lines)


def average_text(average: SkillAverage) -> str:
    """The class's figure heading a skill's column: right answers over the windows of those
    who have one full ("–": nobody yet)."""
    if not average.attempts:
        return "–"
    return floor_percent(average.correct, average.attempts)


def average_tip(skill: str, average: SkillAverage, trainees: int) -> str:
    from trainer.practice.curriculum import skill_title

    lines = [skill_title(skill)]
    if average.attempts:
        lines.append(
            ngettext(
                "the class: {accuracy} right over the last {window} answers of {count} trainee",
                "the class: {accuracy} right over the last {window} answers of {count} trainees",
                average.trainees,
            ).format(accuracy=average_text(average), window=MASTERY.window, count=average.trainees)
        )
        if average.slow:
            lines.append(
                ngettext(
                    "{count} of them slower than the target",
                    "{count} of them slower than the target",
                    average.slow,
                ).format(count=average.slow)
            )
    else:
        lines.append(_("nobody has {window} answers here yet").format(window=MASTERY.window))
    lines.append(
        _("mastered by {count} of {trainees}").format(count=average.mastered, trainees=trainees)
    )
    return "\n".join(lines)


def ready_text(row: TraineeRow, required: Sequence[str]) -> str:
    """The Ready column: "yes", or "no" over what readiness still asks: "2 skills, exam"."""
    if row.ready:
        return pgettext("class view", "yes")
    cells, exam = row.missing(required)
    if cells and exam:
        missing = ngettext("{count} skill, exam", "{count} skills, exam", len(cells))
    elif cells:
        missing = ngettext("{count} skill", "{count} skills", len(cells))
    elif exam:
        missing = pgettext("what readiness still asks", "exam")
    else:
        missing = ""
    no = pgettext("class view", "no")
    return f"{no}\n{missing.format(count=len(cells))}" if missing else no


def ready_tip(row: TraineeRow, required: Sequence[str]) -> str:
    """What readiness still asks of a trainee, a line a skill, then the exam."""
    from trainer.practice.curriculum import skill_title

    if row.ready:
        return _("{login} is ready: every skill mastered and an exam passed").format(
            login=row.login
        )
    cells, exam = row.missing(required)
    lines = [_("{login} is not ready yet:").format(login=row.login)]
    lines += [
        _("{skill}: {what}").format(skill=skill_title(c.skill), what=", ".join(c.gaps()))
        for c in cells
    ]
    if exam:
        lines.append(_("no exam passed yet"))
    return "\n".join(lines)


def activity_text(row: TraineeRow, now: float) -> str:
    """When a trainee last practised, counted in days from the moment the class was read:
    "today", "yesterday", "9 days ago"; "no attempt yet" (the day and hour in `activity_tip`)."""
    if row.last_activity is None:
        return pgettext("class view", "no attempt yet")
    local = row.last_activity.astimezone()
    days = (datetime.fromtimestamp(now).astimezone().date() - local.date()).days
    if days <= 0:
        return pgettext("last activity", "today")
    if days == 1:
        return pgettext("last activity", "yesterday")
    return ngettext("{count} day ago", "{count} days ago", days).format(count=days)


def activity_tip(row: TraineeRow) -> str:
    if row.last_activity is None:
        return pgettext("class view", "no attempt yet")
    local = row.last_activity.astimezone()
    return f"{format_date(local.date())} {local:%H:%M}"


# -- the order of the trainees ---------------------------------------------------------------

READY, ACTIVITY = "ready", "activity"  # the columns before the skills'


def sort_key(column: str, row: TraineeRow, required: Sequence[str]) -> tuple[Any, ...]:
    """The key that puts first, in `column`, the trainee who most needs looking at: on a skill
    the weakest (never practised, then too few answers, then the lowest accuracy, the slow before
    the quick, mastered last); on Ready those furthest from it; on Last activity the longest
    idle. The login breaks ties."""
    if column == READY:
        cells, exam = row.missing(required)
        return (row.ready, -len(cells), not exam, row.login)
    if column == ACTIVITY:
        at = row.last_activity.timestamp() if row.last_activity is not None else float("-inf")
        return (at, row.login)
    cell = row.cells[column]
    if not cell.recent_attempts:
        return (0, 0.0, False, row.login)
    if cell.too_few:
        return (1, 0.0, False, row.login)
    accuracy = cell.recent_correct / cell.recent_attempts
    return (2, float(cell.mastered), accuracy, not cell.slow, row.login)


def ordered(view: ClassView, column: str | None, descending: bool) -> tuple[TraineeRow, ...]:
    """The trainees in the order asked: by login (`column` None), or by `sort_key` — those who
    most need looking at first, or last when `descending`."""
    if column is None:
        return view.trainees
    required = view.needed
    return tuple(
        sorted(view.trainees, key=lambda r: sort_key(column, r, required), reverse=descending)
    )


# -- the words above the map -----------------------------------------------------------------


def overview(view: ClassView) -> str:
    """Who is ready, who has not practised this week, how the class did and who needs attention:
    a line of rich text, the counts in bold."""
    count = len(view.trainees)
    ready = view.ready
    said = _("Ready: {ready} of {count}").format(ready=len(ready), count=count)
    parts = [f"<b>{esc(said)}</b>"]
    if 0 < len(ready) <= 8:
        parts[0] += " (" + esc(", ".join(t.login for t in ready)) + ")"
    idle = view.flagged(IDLE)
    parts.append("<b>" + esc(_("No practice this week: {count}").format(count=len(idle))) + "</b>")
    if 0 < len(idle) <= 8:
        parts[-1] += " (" + esc(", ".join(t.login for t in idle)) + ")"
    correct = attempts = mastered = 0
    for skill in view.skills:
        average = view.average(skill)
        correct += average.correct
        attempts += average.attempts
        mastered += average.mastered
    if attempts:
        parts.append(
            esc(
                _("The class: {accuracy} right, {mastered} of {cells} skills mastered").format(
                    accuracy=floor_percent(correct, attempts),
                    mastered=mastered,
                    cells=count * len(view.skills),
                )
            )
        )
    return " · ".join(parts)


def attention_html(view: ClassView, rows: Sequence[TraineeRow] | None = None) -> str:
    """Who needs attention, a line a reason, each trainee's login a link to their progress
    (`trainee:LOGIN`); the trainees in the order of `rows` (default: the view's)."""
    needing = [t for t in (view.trainees if rows is None else rows) if t.attention]
    if not needing:
        return esc(_("Nobody needs attention."))
    head = _("Needs attention: {count} of {total}").format(
        count=len(needing), total=len(view.trainees)
    )
    lines = []
    for t in needing:
        for n, reason in enumerate(t.attention):
            who = f'<a href="trainee:{esc(t.login)}">{esc(t.login)}</a>' if n == 0 else ""
            lines.append(
                f'<tr><td style="padding-right: 12px">{who}</td><td>{esc(reason)}</td></tr>'
            )
    return f"<b>{esc(head)}</b><table cellspacing=0 cellpadding=1>{''.join(lines)}</table>"


# -- the map's heads ---------------------------------------------------------------------------

TITLE_MAX_PX = 220  # a skill's title, set upright in its column's header, is cut past this
PAD = 6


class SkillHeader(QHeaderView):
    """The heat map's column heads: a skill's title set upright (read from the bottom up), so that
    fourteen skills and the trainee's figures fit a 1024-pixel screen with every title whole; the
    other columns' as usual; under every title, across, the class's figure for the column
    (`figures`). A click on a head sorts the trainees by it (the window's `sort`). The full title
    and what the skill asks are in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.upright: set[int] = set()  # the sections set upright
        self.figures: dict[int, str] = {}  # the class's figure under a section's title
        self.setSectionsClickable(True)
        self.setHighlightSections(False)
        self.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignBottom)

    def _title(self, index: int) -> str:
        model = self.model()
        if model is None:
            return ""
        return str(model.headerData(index, Qt.Orientation.Horizontal) or "")

    def _title_width(self, index: int) -> int:
        return min(self.fontMetrics().horizontalAdvance(self._title(index)), TITLE_MAX_PX)

    def _figure_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def band(self) -> int:
        """The height of the band under the titles that holds the class's figures."""
        return self.fontMetrics().height() + PAD

    def _figure_width(self, index: int) -> int:
        from PySide6.QtGui import QFontMetrics

        figure = self.figures.get(index, "")
        return QFontMetrics(self._figure_font()).horizontalAdvance(figure) + PAD if figure else 0

    def sectionSizeFromContents(self, index: int) -> QSize:  # noqa: N802
        if index not in self.upright:
            size = super().sectionSizeFromContents(index)
            return QSize(max(size.width(), self._figure_width(index)), size.height() + self.band())
        fm = self.fontMetrics()
        width = max(fm.height() + 2 * PAD, self._figure_width(index))
        return QSize(width, self._title_width(index) + 2 * PAD + self.band())

    def sizeHint(self) -> QSize:  # noqa: N802
        hint = super().sizeHint()
        tallest = max((self._title_width(i) + 2 * PAD for i in self.upright), default=0)
        return QSize(hint.width(), max(hint.height(), tallest + self.band()))

    def paintSection(self, painter: QPainter, rect: QRect, index: int) -> None:  # noqa: N802
        option = QStyleOptionHeader()
        self.initStyleOption(option)
        option.rect = rect
        option.section = index
        option.text = ""
        option.orientation = Qt.Orientation.Horizontal
        if self.isSortIndicatorShown() and self.sortIndicatorSection() == index:
            option.sortIndicator = (
                QStyleOptionHeader.SortIndicator.SortDown
                if self.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
                else QStyleOptionHeader.SortIndicator.SortUp
            )
        self.style().drawControl(QStyle.ControlElement.CE_Header, option, painter, self)
        fm = self.fontMetrics()
        band = self.band()
        title = rect.adjusted(0, 0, 0, -band)
        painter.save()
        painter.setPen(self.palette().color(self.foregroundRole()))
        if index in self.upright:
            text = fm.elidedText(self._title(index), Qt.TextElideMode.ElideRight, TITLE_MAX_PX)
            painter.save()
            # bottom up, centred on the column
            painter.translate(
                title.center().x() + (fm.ascent() - fm.descent()) / 2, title.bottom() - PAD
            )
            painter.rotate(-90)
            painter.drawText(0, 0, text)
            painter.restore()
        else:
            text = fm.elidedText(self._title(index), Qt.TextElideMode.ElideRight, title.width())
            painter.drawText(
                title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, text
            )
        figure = self.figures.get(index)
        if figure:
            painter.setFont(self._figure_font())
            under = QRect(rect.left(), rect.bottom() - band + 1, rect.width(), band)
            painter.drawText(under, Qt.AlignmentFlag.AlignCenter, figure)
        painter.restore()

    def shown_whole(self, index: int) -> bool:
        """Whether the title of section `index` is drawn whole, and its figure (for the tests)."""
        width = self.fontMetrics().horizontalAdvance(self._title(index))
        if self._figure_width(index) > self.sectionSize(index):
            return False
        if index in self.upright:
            return (
                width <= TITLE_MAX_PX
                and self._title_width(index) + PAD + self.band() <= self.height()
            )
        return width + PAD <= self.sectionSize(index)


def skill_head(skill: str) -> QTableWidgetItem:
    """A skill's column title: the curriculum's name of it, what it asks in the tooltip."""
    from trainer.practice.curriculum import INFO

    info = INFO.get(skill)
    if info is None:
        item = QTableWidgetItem(skill)
        item.setToolTip(skill)
        return item
    item = QTableWidgetItem(info.title)
    item.setToolTip(f"<b>{esc(info.title)}</b> ({skill})<br>{esc(info.blurb)}")
    return item


def link_login(link: str, open_trainee: Callable[[str], None]) -> None:
    """A click on a login in the words above the map (`trainee:LOGIN`): their progress."""
    if link.startswith("trainee:"):
        open_trainee(link.removeprefix("trainee:"))
