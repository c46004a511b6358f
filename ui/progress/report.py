"""The instructor's report: one printable A4 page of a profile's progress, as PDF.

The trainee and the house rules in the header, the readiness verdict with what is still
missing, the per-skill table, a small chart of the last 30 days (answers per day and accuracy),
the exam and the weakest items. Nothing is cut short with "…": a text too long for its place
is set smaller, then wrapped. Drawn with QPainter on Qt's own QPdfWriter (QtGui, shipped with
PySide6-Essentials), from the figures the progress view already holds
(`trainer.history.progress_data.Progress`): nothing is read here.
"""

from __future__ import annotations

import math
import time
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
)

from trainer.game.rules import HouseRules
from trainer.history import progress_data as pd
from trainer.history.stats import DayStats
from trainer.i18n import format_date, format_number
from ui.i18n import _, ngettext
from ui.language import format_percent, format_seconds, mastery_figures

DPI = 300
GOOD = QColor("#2e7d32")
BAD = QColor("#c62828")
WARN = QColor("#b26a00")
INK = QColor("#1d1d1d")
GREY = QColor("#6b6b6b")
RULE = QColor("#c8c8c8")
ACCURACY = QColor("#2a6fdb")
BARS = QColor("#c9d3e0")
MISSING_LINES = 8  # lines of "still missing" at most; the rest are counted
MIN_POINTS = 6.5  # the smallest type a text is set in to fit its place
WEAK_ITEMS = 8


def _pct(x: float | None) -> str:
    return "—" if x is None else format_percent(x)


def _secs(ms: float | None) -> str:
    return "—" if ms is None else format_seconds(ms)


def _day(unix: float) -> str:
    """A day as the language writes it: "7 Dec 2026", "7 déc. 2026", "7 dic 2026"."""
    return format_date(date.fromtimestamp(unix), short=True)


def hours_minutes(ms: float) -> str:
    """A length of time as people say it: "12 h 05 min", "45 min", "under a minute"."""
    minutes = round(ms / 60_000)
    if minutes < 1:
        return _("under a minute")
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def required_skills(settings: Any) -> list[str]:
    """The skills readiness asks for: every skill drillable under the settings' house rules
    (every skill, when the rules cannot be read)."""
    from trainer.practice.skills import SKILLS

    try:
        rules = settings.rules()
    except Exception:  # noqa: BLE001 - readiness then asks for every skill
        return list(SKILLS)
    return [name for name, s in SKILLS.items() if s.available(rules) is None]


def settings_rules_line(settings: Any) -> str:
    """The settings' house rules in one line (`rules_line`), or as the settings name them when
    they cannot be read."""
    try:
        return rules_line(settings.rules())
    except Exception:  # noqa: BLE001 - the rules the settings name, as they are
        try:
            return str(settings.rules().describe())
        except Exception:  # noqa: BLE001
            return str(settings.prefs.preset)


def rules_line(rules: HouseRules) -> str:
    """The house rules in one line of the table's words: "casino-fr: 6 decks, 7 boxes, no hole
    card, Black Jack pays 3:2, …"."""
    from ui.dialogs.rules_words import choice_text

    parts = [
        ngettext("{count} deck", "{count} decks", rules.decks).format(count=rules.decks),
        ngettext("{count} box", "{count} boxes", rules.boxes).format(count=rules.boxes),
        _("a hole card") if rules.hole_card else _("no hole card"),
        _("Black Jack pays {odds}").format(odds=rules.blackjack_pays),
        _("dealer hits soft 17") if rules.dealer_hits_soft_17 else _("dealer stands on soft 17"),
        # the options' values in the settings' words ("on 9, 10 or 11", "two cards of a rank"),
        # never the values themselves ("9-11", "rank")
        _("no doubling")
        if rules.double_on == "none"
        else _("double {how}").format(how=choice_text("double_on", rules.double_on)),
        _("no split")
        if rules.split == "none"
        else _("split {how}").format(how=choice_text("split", rules.split)),
        _("insurance") if rules.insurance else _("no insurance"),
    ]
    if rules.behind_bets:
        parts.append(_("behind bets"))
    if rules.table_min is not None or rules.table_max is not None:
        low = "—" if rules.table_min is None else format_number(rules.table_min)
        high = "—" if rules.table_max is None else format_number(rules.table_max)
        parts.append(_("table {low} to {high}").format(low=low, high=high))
    return f"{rules.describe()}: {', '.join(parts)}"


def header_lines(
    progress: pd.Progress, rules: str, now: float, trainee: str | None = None
) -> tuple[str, str, str]:
    """The report's title, the line naming the trainee and the rules, and what the history
    holds: the header, also what a test reads back (the PDF's text is not searchable).
    `trainee`: whom the figures are of (`progress_data.trainee_name`: an instructor's copy names
    the trainee's login), else the profile."""
    name = progress.profile if trainee is None else trainee
    title = _("Progress report — {profile}").format(profile=name)
    who = _("Trainee: {profile}").format(profile=name)
    if rules:
        who += " · " + _("House rules {rules}").format(rules=rules)
    printed = _("printed {day}").format(day=_day(now))
    if progress.empty:
        return title, who, _("No practice recorded yet") + " · " + printed
    right = sum(s.correct for s in progress.skills.values())
    first, last = progress.days[0].day, progress.days[-1].day
    facts = (
        _("{sessions} sessions from {first} to {last}").format(
            sessions=format_number(progress.session_count),
            first=format_date(first, short=True),
            last=format_date(last, short=True),
        )
        + " · "
        + _("{answers} answers, {share} right").format(
            answers=format_number(progress.attempts), share=_pct(right / progress.attempts)
        )
        + " · "
        + _("{time} answering").format(time=hours_minutes(progress.answering_ms))
        + " · "
        + printed
    )
    return title, who, facts


class _Page:
    """A cursor down the page: fonts in points, lengths in device pixels at DPI."""

    def __init__(
        self, painter: QPainter, width: float, family: str, height: float = math.inf
    ) -> None:
        self.p = painter
        self.width = width
        self.height = height  # the page's foot: the footnote stands on it
        self.y = 0.0
        self.family = family

    def mm(self, mm: float) -> float:
        return mm / 25.4 * DPI

    def font(self, points: float, bold: bool = False) -> QFont:
        font = QFont(self.family)
        font.setPointSizeF(points)
        font.setBold(bold)
        return font

    def pen(self, points: float, bold: bool, colour: QColor) -> QFont:
        """Write in the font of `points` (`bold`) and `colour` from now on; the font."""
        font = self.font(points, bold)
        self.p.setFont(font)
        self.p.setPen(colour)
        return font

    def text(
        self,
        rect: QRectF,
        text: str,
        points: float,
        *,
        bold: bool = False,
        colour: QColor = INK,
        flags: int = 0,
    ) -> float:
        """Draw wrapped text in rect; returns the height used."""
        self.pen(points, bold, colour)
        align = flags or int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        wrap = align | int(Qt.TextFlag.TextWordWrap)
        bound = self.p.boundingRect(rect, wrap, text)
        self.p.drawText(rect, wrap, text)
        return bound.height()

    def one_line(
        self,
        rect: QRectF,
        text: str,
        points: float,
        *,
        bold: bool = False,
        colour: QColor = INK,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    ) -> None:
        """Draw text on one line, centred vertically: set smaller (down to MIN_POINTS) when it
        is too wide for the rect, wrapped only if it is too wide even then. Never cut."""
        font = self.pen(self.fitting(text, points, rect.width(), bold), bold, colour)
        flags = int(align | Qt.AlignmentFlag.AlignVCenter)
        if QFontMetricsF(font, self.p.device()).horizontalAdvance(text) > rect.width():
            flags |= int(Qt.TextFlag.TextWordWrap)
        self.p.drawText(rect, flags, text)

    def fitting(self, text: str, points: float, width: float, bold: bool = False) -> float:
        """The largest size up to `points` (and down to MIN_POINTS) that sets text in width."""
        size = points
        while size > MIN_POINTS:
            advance = QFontMetricsF(self.font(size, bold), self.p.device()).horizontalAdvance(text)
            if advance <= width:
                break
            size = max(MIN_POINTS, size - 0.5)
        return size

    def height_of(self, text: str, points: float, width: float, bold: bool = False) -> float:
        """The height of text wrapped in `width`."""
        metrics = QFontMetricsF(self.font(points, bold), self.p.device())
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        return metrics.boundingRect(QRectF(0, 0, width, 1e6), flags, text).height()

    def line(self, points: float) -> float:
        return QFontMetricsF(self.font(points), self.p.device()).height()


def write_report(
    path: str | Path,
    progress: pd.Progress,
    *,
    rules: str = "",
    now: float | None = None,
    trainee: str | None = None,
) -> None:
    """Write the one-page report of `progress` to `path` (PDF). OSError if it cannot be.
    `trainee`: whom it names (`header_lines`), else the profile."""
    now = time.time() if now is None else now
    name = progress.profile if trainee is None else trainee
    writer = QPdfWriter(str(path))
    writer.setResolution(DPI)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(16, 14, 16, 14),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(_("Sabot progress report: {profile}").format(profile=name))
    writer.setCreator("Sabot")
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(_("cannot write {path}").format(path=path))
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = writer.pageLayout().paintRectPixels(DPI)
        page = _Page(painter, float(area.width()), painter.font().family(), float(area.height()))
        _draw(page, progress, rules, now, name)
    finally:
        painter.end()
    if not Path(path).is_file() or Path(path).stat().st_size == 0:
        raise OSError(_("cannot write {path}").format(path=path))


def _draw(
    page: _Page, progress: pd.Progress, rules: str, now: float, trainee: str | None = None
) -> float:
    """Draw the report on `page`; the bottom of what was drawn (the footnote's)."""
    p, w = page.p, page.width
    gap = page.mm(3.5)
    # The bar, in words, at the page's foot: its room kept from the start (in English and
    # Italian it ran past the foot, cut, under a long list of items to work on)
    footer = _(
        "Mastered: at least {attempts} attempts and, over the last {window}, at least {share} "
        "right with a median time within the skill's target. Exam: at least {exam_share} right "
        "in an ended exam session that asked every skill. Times are response times, from the "
        "question shown to the answer given. Last week: this week against the week before, "
        "accuracy in points and mean time."
    ).format(**mastery_figures())
    footer_h = page.height_of(footer, 7.5, w) + page.mm(1)
    foot = page.height - footer_h  # where the footnote starts (inf: no foot, as it comes)

    # The title, the trainee and the rules, and what the history holds.
    title, who, facts = header_lines(progress, rules, now, trainee)
    title_h = page.line(17) * 1.1
    page.one_line(QRectF(0, 0, w, title_h), title, 17, bold=True)
    page.y = title_h + page.mm(1)
    page.y += page.text(QRectF(0, page.y, w, page.mm(14)), who, 9.5)
    page.y += page.text(QRectF(0, page.y, w, page.mm(12)), "Sabot · " + facts, 9, colour=GREY)
    page.y += gap

    # The verdict, and what is missing: one line each, so the page always holds everything.
    # Said again from the figures, in the report's language (the history may have been read in
    # another: its sentences are in that one)
    r = pd.readiness(
        progress.skills, progress.exams, [gap.skill for gap in progress.readiness.skills]
    )
    colour = GOOD if r.ready else WARN
    verdict = _("Ready for the table") if r.ready else _("Not ready for the table yet")
    summary = _("{mastered} of {count} skills mastered · exam {exam}").format(
        mastered=r.mastered,
        count=len(r.skills),
        exam=_("passed") if r.exam_passed else _("not passed yet"),
    )
    # paper has no tabs: past MISSING_LINES, the rest go whole in one last paragraph
    lines = list(r.missing[:MISSING_LINES])
    if len(r.missing) > MISSING_LINES:
        lines[-1] = "; ".join(r.missing[MISSING_LINES - 1 :])
    if r.exam_passed and r.exam is not None:
        e = r.exam
        lines.append(
            _("Exam passed on {day}: {right} right of {count} ({share}).").format(
                day=_day(e.started), right=e.correct, count=e.attempts, share=_pct(e.accuracy)
            )
        )
    pad = page.mm(3)
    head_h = page.line(13) * 1.15
    inner_w = w - pad * 3
    spacing = page.line(8.5) * 0.25
    heights = [page.height_of("• " + line, 8.5, inner_w) + spacing for line in lines]
    box = QRectF(0, page.y, w, pad * 2 + head_h + page.line(9.5) * 1.2 + sum(heights))
    fill = QColor(colour)
    fill.setAlpha(28)
    p.setPen(QPen(colour, page.mm(0.4)))
    p.setBrush(fill)
    p.drawRoundedRect(box, page.mm(2), page.mm(2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    x, y = pad * 1.5, page.y + pad
    page.one_line(QRectF(x, y, inner_w, head_h), verdict, 13, bold=True, colour=colour)
    y += head_h
    page.one_line(QRectF(x, y, inner_w, page.line(9.5) * 1.2), summary, 9.5)
    y += page.line(9.5) * 1.2
    for line, height in zip(lines, heights, strict=True):
        page.text(QRectF(x, y, inner_w, height), "• " + line, 8.5)
        y += height
    page.y = box.bottom() + gap

    # Per skill.
    page.one_line(QRectF(0, page.y, w, page.line(11) * 1.2), _("Skills"), 11, bold=True)
    page.y += page.line(11) * 1.2
    columns = (
        (_("Skill"), 0.23),
        (_("Attempts"), 0.10),
        (_("Accuracy"), 0.10),
        (_("Median"), 0.08),
        ("p90", 0.08),
        (_("Target"), 0.08),
        (_("Last week"), 0.21),
        (_("Mastered"), 0.12),
    )
    xs = [0.0]
    for _name, share in columns:
        xs.append(xs[-1] + share * w)
    row_h = page.line(9) * 1.35

    def cell(i: int, text: str, points: float, ink: QColor = INK, bold: bool = False) -> None:
        align = Qt.AlignmentFlag.AlignLeft if i == 0 else Qt.AlignmentFlag.AlignRight
        page.one_line(
            QRectF(xs[i], page.y, xs[i + 1] - xs[i] - page.mm(1.2), row_h),
            text,
            points,
            bold=bold,
            colour=ink,
            align=align,
        )

    for i, (name, _share) in enumerate(columns):
        cell(i, name, 8.5, GREY, bold=True)
    page.y += row_h
    p.setPen(QPen(RULE, page.mm(0.25)))
    p.drawLine(QPointF(0, page.y), QPointF(w, page.y))
    required = [g.skill for g in r.skills]
    for skill in required + sorted(set(progress.skills) - set(required)):
        s = progress.skills.get(skill)
        if s is None:
            continue
        target_ms = None if s.target_s is None else s.target_s * 1000
        trend = progress.trends.get(skill)
        if trend is None or not trend.attempts:
            week = "—"
        elif trend.accuracy_change is None:
            week = _("new: {count} answers").format(count=format_number(trend.attempts))
        else:
            change = trend.mean_ms_change or 0
            sign = "+" if change >= 0 else "-"
            points = ("+" if trend.accuracy_change >= 0 else "-") + format_number(
                Decimal(str(round(abs(trend.accuracy_change), 1))), places=1
            )
            week = _("{points} pts · {time}").format(
                points=points, time=sign + format_seconds(abs(change), places=2)
            )
        median_colour = INK
        if s.median_ms is not None and target_ms is not None:
            median_colour = GOOD if s.median_ms <= target_ms else BAD
        cells = (
            (pd.skill_title(skill), INK),
            (format_number(s.attempts), INK),
            (_pct(s.accuracy), INK),
            (_secs(s.median_ms), median_colour),
            (_secs(s.p90_ms), INK),
            (_secs(target_ms), INK),
            (week, INK),
            (_("✓ yes") if s.mastered else _("no"), GOOD if s.mastered else GREY),
        )
        for i, (text, ink) in enumerate(cells):
            cell(i, text, 9, ink)
        page.y += row_h
        p.setPen(QPen(RULE, page.mm(0.15)))
        p.drawLine(QPointF(0, page.y), QPointF(w, page.y))
    page.y += gap

    # The last 30 days.
    days = _last_days(progress.days, now, 30)
    title = _("The last 30 days: answers per day (bars) and accuracy (line)")
    if days and days[-1][0] < date.fromtimestamp(now) - timedelta(days=1):
        title = _(
            "The 30 days to {day}, the last practised: answers per day (bars) and accuracy (line)"
        ).format(day=format_date(days[-1][0], short=True))
    page.one_line(QRectF(0, page.y, w, page.line(11) * 1.2), title, 11, bold=True)
    page.y += page.line(11) * 1.2
    chart = QRectF(page.mm(12), page.y + page.mm(2), w - page.mm(26), page.mm(42))
    _chart(page, chart, days)
    page.y = chart.bottom() + page.line(7.5) * 1.5
    rates = [a for _d, n, a in days if n and a is not None]
    low = accuracy_axis(rates)[0] if rates else 0.0
    if low > 0:
        page.one_line(QRectF(0, page.y, w, page.line(7.5) * 1.3), axis_note(low), 7.5, colour=GREY)
        page.y += page.line(7.5) * 1.3
    page.y += gap

    # The weakest items.
    weak = sorted(
        (c for c in progress.items if c.attempts >= 5 and c.wrong),
        key=lambda c: (-c.error_rate, -c.mean_ms),
    )[:WEAK_ITEMS]
    if not math.isinf(foot):  # as many as the page holds above the footnote
        weak = weak[: int(max(0.0, foot - gap - page.y - page.line(11) * 1.2) // row_h)]
    if weak:
        page.one_line(
            QRectF(0, page.y, w, page.line(11) * 1.2),
            _("Items to work on (most errors, at least 5 attempts)"),
            11,
            bold=True,
        )
        page.y += page.line(11) * 1.2
        for item in weak:
            page.one_line(
                QRectF(0, page.y, w, row_h),
                f"{pd.skill_title(item.skill)} · {pd.item_name(item.item)}: "
                + _("{share} wrong of {count}, mean {time}").format(
                    share=format_percent(item.error_rate),
                    count=item.attempts,
                    time=format_seconds(item.mean_ms),
                ),
                8.5,
            )
            page.y += row_h
        page.y += gap

    top = page.y if math.isinf(foot) else max(page.y, foot)
    used = page.text(QRectF(0, top, w, footer_h), footer, 7.5, colour=GREY)
    return top + used


def _last_days(
    days: tuple[DayStats, ...], now: float, span: int
) -> list[tuple[date, int, float | None]]:
    """(day, answers, accuracy) for each of `span` days ending today, or at the last practised
    day when nothing was practised in the last `span` days."""
    if not days:
        return []
    end = date.fromtimestamp(now)
    if days[-1].day <= end - timedelta(days=span):
        end = days[-1].day
    by_day = {d.day: d for d in days}
    out = []
    for k in range(span - 1, -1, -1):
        day = end - timedelta(days=k)
        d = by_day.get(day)
        out.append((day, d.attempts if d else 0, d.accuracy if d else None))
    return out


def accuracy_axis(rates: list[float]) -> tuple[float, tuple[float, ...]]:
    """The chart's accuracy axis: where it starts, and its marked values. From 0 % when the
    accuracies reach below 50 %; above that, cut at the tenth under the lowest and the 95 %
    line (it reads a trainee's 85 to 100 % where the eye can tell them apart) — the cut is
    drawn and said (`axis_note`)."""
    lowest = min([*rates, 0.9])
    if lowest < 0.5:
        return 0.0, (0.0, 0.5, 1.0)
    low = min(int(lowest * 10) / 10, 0.8)
    if lowest - low < 0.03:
        low -= 0.1  # the lowest dot never on the axis's edge
    low = round(low, 1)
    return low, tuple(round(low + k / 10, 1) for k in range(round((1 - low) * 10) + 1))


def axis_note(low: float) -> str:
    """Under the chart, where the accuracy axis is cut: from what, said in words."""
    return _("The accuracy axis is cut: it starts at {low}, not at {zero}.").format(
        low=format_percent(low), zero=format_percent(0)
    )


def _chart(page: _Page, rect: QRectF, days: list[tuple[date, int, float | None]]) -> None:
    p = page.p
    p.setPen(QPen(RULE, page.mm(0.25)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(rect)
    if not days or not any(n for _d, n, _rate in days):
        page.text(
            rect,
            _("No practice to chart yet."),
            9,
            colour=GREY,
            flags=int(Qt.AlignmentFlag.AlignCenter),
        )
        return
    most = max(n for _d, n, _rate in days)
    low, ticks = accuracy_axis([a for _d, _n, a in days if a is not None])
    slot = rect.width() / len(days)

    def acc_y(a: float) -> float:
        return rect.bottom() - (a - low) / (1.0 - low) * rect.height()

    # Bars: answers per day, on the right-hand scale.
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(BARS)
    for i, (_d, n, _rate) in enumerate(days):
        if n:
            height = n / most * rect.height() * 0.92
            p.drawRect(
                QRectF(
                    rect.left() + i * slot + slot * 0.15, rect.bottom() - height, slot * 0.7, height
                )
            )
    # Accuracy, with the 95 % line.
    p.setPen(QPen(GOOD, page.mm(0.3), Qt.PenStyle.DashLine))
    p.drawLine(QPointF(rect.left(), acc_y(0.95)), QPointF(rect.right(), acc_y(0.95)))
    path = QPainterPath()
    started = False
    p.setBrush(ACCURACY)
    dots = []
    for i, (_d, _n, a) in enumerate(days):
        if a is None:
            continue
        point = QPointF(rect.left() + (i + 0.5) * slot, acc_y(a))
        dots.append(point)
        if started:
            path.lineTo(point)
        else:
            path.moveTo(point)
            started = True
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(ACCURACY, page.mm(0.5)))
    p.drawPath(path)
    p.setBrush(ACCURACY)
    p.setPen(Qt.PenStyle.NoPen)
    for dot in dots:
        p.drawEllipse(dot, page.mm(0.8), page.mm(0.8))

    # Scales: accuracy on the left, answers on the right, dates below.
    label_w = page.mm(11)
    small = 7.5
    for a in ticks:
        page.text(
            QRectF(rect.left() - label_w - page.mm(1), acc_y(a) - page.mm(2), label_w, page.mm(4)),
            format_percent(a),
            small,
            colour=ACCURACY,
            flags=int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
        )
    if low > 0:
        # the axis is cut: a break on the left edge, and said in words under the chart
        p.setPen(QPen(ACCURACY, page.mm(0.3)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        x, y, d = rect.left(), rect.bottom() - page.mm(2.5), page.mm(1.2)
        for dy in (0.0, d):
            p.drawLine(QPointF(x - d, y + dy + d / 2), QPointF(x + d, y + dy - d / 2))
    # the 95 % line named inside the chart, at its start: the scale's labels keep the left edge
    label = QRectF(rect.left() + page.mm(0.8), acc_y(0.95) - page.mm(4.2), page.mm(9), page.mm(3.6))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#ffffff"))
    p.drawRect(label)
    page.text(
        label,
        format_percent(0.95),
        small,
        colour=GOOD,
        flags=int(Qt.AlignmentFlag.AlignCenter),
    )
    for n in (0, most):
        y = rect.bottom() - n / most * rect.height() * 0.92
        page.text(
            QRectF(rect.right() + page.mm(1), y - page.mm(2), page.mm(13), page.mm(4)),
            format_number(n),
            small,
            colour=GREY,
            flags=int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
        )
    step = 5 if len(days) > 10 else 1
    for i, (day, _n, _rate) in enumerate(days):
        if (len(days) - 1 - i) % step:
            continue
        x = rect.left() + (i + 0.5) * slot
        page.text(
            QRectF(x - page.mm(10), rect.bottom() + page.mm(0.8), page.mm(20), page.mm(4)),
            format_date(day, short=True, year=False),
            small,
            colour=GREY,
            flags=int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
        )
