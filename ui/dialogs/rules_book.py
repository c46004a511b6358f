"""The Rules window: the rules book of the table (trainer.game.rulebook) to read beside a drill.

Each rule in plain words, the house-rule choices it depends on with the current table's marked,
and the original sentence of the text behind it with its source; the table's words (the
glossary) and the sources. `RulesBook.open_rule(tag)` opens it on a rule (`9.blackjack`), a
section (`§9`), a source (`000`), `glossary` or `sources`: a feedback's citations lead here.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QStyle,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.game import rulebook
from trainer.game.rulebook import Rule, RuleBook, text
from trainer.game.rules import HouseRules
from ui.i18n import N_, _
from ui.language import quoted
from ui.screens import fitted
from ui.style import esc

KEYS = (("Ctrl+F", N_("find a rule or a word")), ("Esc", N_("close it")))  # Help's list
LANGUAGE_NAMES = {"fr": N_("French"), "it": N_("Italian"), "en": N_("English")}


def language_name(code: str) -> str:
    name = LANGUAGE_NAMES.get(code)
    return _(name) if name else code


TAG_ROLE = 256  # Qt.ItemDataRole.UserRole: the page an entry of the contents opens


class RulesBook(QWidget):
    """The rules book in a window of its own. Emits `opened(tag)` when a page is shown."""

    opened = Signal(str)

    def __init__(
        self,
        rules: HouseRules,
        book: RuleBook | None = None,
        parent: QWidget | None = None,
        language: str | None = None,
    ) -> None:
        """`language`: the book's, the language of the moment unless given."""
        super().__init__(parent)
        from trainer.i18n import language as current

        self.setWindowTitle(_("Sabot — Rules"))
        self.book = book if book is not None else rulebook.load()
        self.rules = rules
        self.language = language if language is not None else current()
        self.tag = ""  # the page shown: "§9", "glossary", "sources", "contents"
        self.focus: str | None = None  # the rule or source shown highlighted on it

        self.filter = QLineEdit()
        self.filter.setPlaceholderText(_("Find a rule or a word…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._filter)
        self.contents = QTreeWidget()
        self.contents.setHeaderHidden(True)
        self.contents.itemActivated.connect(self._picked)
        self.contents.itemClicked.connect(self._picked)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._fill_contents()
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.filter)
        ll.addWidget(self.contents, 1)

        self.page = QTextBrowser()
        self.page.setOpenLinks(False)
        self.page.anchorClicked.connect(self._link)
        self.table_line = QLabel()
        self.table_line.setWordWrap(True)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.table_line)
        rl.addWidget(self.page, 1)

        self.split = split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        lay = QHBoxLayout(self)
        lay.addWidget(split)
        QShortcut(QKeySequence("Ctrl+F"), self, self.filter.setFocus)
        QShortcut(QKeySequence("Escape"), self, self.close)
        self.resize(*fitted(980, 680, self.screen()))
        self._fitted = False
        self._fit_contents()
        self.set_rules(rules)

    # ------------------------------------------------------------------ opening

    def set_rules(self, rules: HouseRules) -> None:
        """The table whose house-rule choices are marked."""
        self.rules = rules
        self.table_line.setText(
            _("Marked {mark}: the house rules in use, {rules}.").format(
                mark="<b>" + _("◆ this table") + "</b>", rules=f"<b>{esc(rules.describe())}</b>"
            )
        )
        if self.tag:
            self._show(self.tag, self.focus)
        else:
            self._show("contents", None)

    def retranslate(self) -> None:
        """The book in the language of the moment, open where it was."""
        from trainer.i18n import language

        self.language = language()
        self.setWindowTitle(_("Sabot — Rules"))
        self.filter.setPlaceholderText(_("Find a rule or a word…"))
        self.contents.clear()
        self._items.clear()
        self._fill_contents()
        self._filter(self.filter.text())
        self._fit_contents()
        self.set_rules(self.rules)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self._fitted:  # laid out at its size on screen now; later, as the trainee left it
            self._fitted = True
            self._fit_contents()

    def _fit_contents(self) -> None:
        """The contents as wide as its sections' titles in the language shown ("§11 Règles de la
        maison et préréglages"), up to two fifths of the window; the page has the rest."""
        tree = self.contents
        metrics = tree.fontMetrics()
        items = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
        titles = [item.text(0) for item in items if item is not None]
        # the branch's arrow, the item's margins and the frame, and a scroll bar's room
        widest = max((metrics.horizontalAdvance(t) for t in titles), default=0)
        room = (
            widest
            + tree.indentation()
            + 24
            + tree.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        )
        total = max(self.split.width(), self.width() - 24)
        left = min(max(260, room), total * 2 // 5)
        self.split.setSizes([left, max(total - left, 1)])

    def open_rule(self, tag: str, source: str | None = None) -> bool:
        """Show the page of `tag` (a rule, `§9`, `000`, `glossary`, `sources`), with the rule
        (and `source`'s sentence, when given) highlighted. False, and the contents, when the
        book has no such page."""
        tag = tag.strip()
        if tag.startswith("[") and tag.endswith("]"):
            tag = tag[1:-1]
        if not self.book.knows(tag):
            self._show("contents", None)
            return False
        if tag in self.book.sources:
            self._show("sources", tag)
        elif tag.startswith("§") or tag in ("glossary", "sources"):
            self._show(tag, None)
        else:
            rule = self.book.rule(tag)
            self._show(f"§{rule.section}", tag, source)
        return True

    def _show(self, page: str, focus: str | None, source: str | None = None) -> None:
        self.tag, self.focus = page, focus
        if page == "glossary":
            html = self._glossary_html()
        elif page == "sources":
            html = self._sources_html(focus)
        elif page.startswith("§"):
            html = self._section_html(int(page[1:]), focus, source)
        else:
            html = self._contents_html()
        self.page.setHtml(html)
        item = self._items.get(focus or page)
        if item is not None:
            self.contents.setCurrentItem(item)
        if focus:
            self.page.scrollToAnchor(focus)
        self.opened.emit(focus or page)

    def _picked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        self.open_rule(str(item.data(0, TAG_ROLE)))

    def _link(self, url: QUrl) -> None:
        if url.scheme() == "rule":
            target = url.path() or url.toString().partition(":")[2]
            tag, _at, source = target.partition("@")
            self.open_rule(tag, source or None)

    # ------------------------------------------------------------------ the contents

    def _fill_contents(self) -> None:
        lang = self.language

        def add(parent, label: str, tag: str) -> QTreeWidgetItem:
            item = QTreeWidgetItem([label])
            item.setData(0, TAG_ROLE, tag)
            if parent is None:
                self.contents.addTopLevelItem(item)
            else:
                parent.addChild(item)
            self._items[tag] = item
            return item

        for section in self.book.sections:
            top = add(None, f"§{section.number}  {text(section.title, lang)}", section.tag)
            for r in section.rules:
                add(top, text(r.title, lang), r.tag)
        add(None, "§13  " + _("The table's words (glossary)"), "glossary")
        add(None, _("The sources"), "sources")

    def _filter(self, words: str) -> None:
        """Show the entries whose rule (words, sentences, title) holds every word typed."""
        wanted = words.casefold().split()
        lang = self.language
        for section in self.book.sections:
            top = self._items[section.tag]
            shown = 0
            for r in section.rules:
                hay = " ".join(
                    [text(r.title, lang), text(r.text, lang), *(q.text for q in r.quotes), r.tag]
                ).casefold()
                hit = all(w in hay for w in wanted)
                self._items[r.tag].setHidden(not hit)
                shown += hit
            top.setHidden(bool(wanted) and not shown)
            top.setExpanded(bool(wanted) and bool(shown))
        glossary = " ".join(
            " ".join([text(t.meaning, lang), *(w for ws in t.words.values() for w in ws)])
            for t in self.book.glossary
        ).casefold()
        self._items["glossary"].setHidden(not all(w in glossary for w in wanted))

    # ------------------------------------------------------------------ pages

    def _colours(self) -> tuple[str, str]:
        """The highlight behind the cited rule, and the muted text: from the palette, so they
        read in the light and the dark theme alike."""
        pal = self.palette()
        base = pal.color(QPalette.ColorRole.Base)
        mark = _mix(base, pal.color(QPalette.ColorRole.Highlight), 0.22)
        return mark, _mix(pal.color(QPalette.ColorRole.Text), base, 0.38)

    def _source_name(self, tag: str) -> str:
        s = self.book.sources[tag]
        return f"[{tag}] {text(s.name, self.language)}"

    def _rule_html(self, r: Rule, focused: bool, source: str | None) -> str:
        lang = self.language
        mark, muted = self._colours()
        cites = " ".join(f"<a href='rule:{s}'>[{s}]</a>" for s in r.sources)
        parts = [
            # the tag is the link's anchor, never shown: a reader knows a rule by its title
            f"<a name='{r.tag}'></a><h3>{esc(text(r.title, lang))}</h3>",
            f"<p>{esc(text(r.text, lang))}" + (f" &nbsp;{cites}" if cites else "") + "</p>",
        ]
        if r.chosen is not None:
            parts.append(
                "<p>"
                + _("{house} (Sabot's choice): {rule}").format(
                    house="<b>" + _("House practice") + "</b>", rule=esc(text(r.chosen, lang))
                )
                + "</p>"
            )
        for option in r.options:
            choices = self.book.choices(option, self.rules, lang)
            if not choices:
                continue
            rows = []
            for c in choices:
                who = ", ".join(c.presets) if c.presets else _("no preset")
                if c.chosen:
                    rows.append(
                        f"<tr><td><b>◆ {esc(c.meaning)}</b></td>"
                        f"<td><b>{_('this table')}</b> · {esc(who)}</td></tr>"
                    )
                else:
                    rows.append(
                        f"<tr><td>&nbsp;&nbsp;&nbsp;{esc(c.meaning)}</td>"
                        f"<td style='color:{muted}'>{esc(who)}</td></tr>"
                    )
            house_rule = _("House rule: {option}").format(
                option=esc(self.book.option_title(option, lang))
            )
            parts.append(
                f"<p style='margin-bottom:2px'><b>{house_rule}</b> "
                f"<span style='color:{muted}'>({option})</span></p>"
                f"<table cellspacing=0 cellpadding=2>{''.join(rows)}</table>"
            )
        for q in r.quotes:
            origin = self.book.sources[q.source]
            language = language_name(origin.language)
            cited = focused and source == q.source
            arrow = "▶ " if cited else ""
            name = esc(self._source_name(q.source))
            name = f"<b>{name}</b>" if cited else name
            origin_line = _("{source}, the original in {language}").format(
                source=f"<a href='rule:{q.source}'>{name}</a>", language=language
            )
            parts.append(
                f"<p style='margin-left:18px'>{arrow}<i>« {esc(q.text)} »</i><br>"
                f"<span style='color:{muted}'>— {origin_line}</span></p>"
            )
        return _block("".join(parts), mark if focused else None)

    def _section_html(self, number: int, focus: str | None, source: str | None) -> str:
        section = self.book.section(number)
        rules = "".join(self._rule_html(r, r.tag == focus, source) for r in section.rules)
        return f"<h2>§{number} {esc(text(section.title, self.language))}</h2>{rules}"

    def _contents_html(self) -> str:
        lang = self.language
        items = "".join(
            f"<li><a href='rule:§{s.number}'>§{s.number} {esc(text(s.title, lang))}</a></li>"
            for s in self.book.sections
        )
        words = _("The table's words")
        return (
            f"<h2>{_('The rules of the table')}</h2><p>{esc(text(self.book.about, lang))}</p>"
            f"<ul>{items}<li><a href='rule:glossary'>§13 {words}</a></li>"
            f"<li><a href='rule:sources'>{_('The sources')}</a></li></ul><p>"
            + _(
                "A rule Sabot had to choose, where no source speaks, says so: {house}. The house "
                "rules of this table are marked {mark}."
            ).format(house="<b>" + _("house practice") + "</b>", mark="<b>◆</b>")
            + "</p>"
        )

    def _glossary_html(self) -> str:
        lang = self.language
        muted = self._colours()[1]
        rows = []
        for t in self.book.glossary:
            words = {k: " · ".join(quoted(w) for w in v) for k, v in t.words.items()}
            note = ""
            if t.note:
                note = f"<br><span style='color:{muted}'>{esc(text(t.note, lang))}</span>"
            src = " ".join(f"<a href='rule:{s}'>[{s}]</a>" for s in t.sources)
            rows.append(
                f"<tr><td><b>{esc(text(t.meaning, lang))}</b>{note}</td>"
                f"<td>{esc(words.get('fr', ''))}</td><td>{esc(words.get('it', ''))}</td>"
                f"<td>{esc(words.get('en', ''))}</td><td>{src}</td></tr>"
            )
        title = _("The table's words")
        heads = (_("meaning"), _("French"), _("Italian"), _("English"), _("in"))
        head = "".join(f"<th align=left>{h}</th>" for h in heads)
        return (
            f"<h2>§13 {title}</h2><p>"
            + _(
                "What the dealer and the players say, as the texts write it. An answer in English "
                "is understood in every language."
            )
            + "</p><table cellspacing=0 cellpadding=5 border=1 style='border-collapse:collapse'>"
            f"<tr>{head}</tr>{''.join(rows)}</table>"
        )

    def _sources_html(self, focus: str | None) -> str:
        lang = self.language
        mark, muted = self._colours()
        parts = [f"<h2>{_('The sources')}</h2>"]
        for tag, s in self.book.sources.items():
            citing = [r for r in self.book.rules() if tag in r.sources]
            links = ", ".join(
                f"<a href='rule:{r.tag}@{tag}'>{esc(text(r.title, lang))}</a>" for r in citing
            )
            if s.preset:
                written = _("Written in {language} — the preset {preset}.").format(
                    language=language_name(s.language), preset=f"<b>{s.preset}</b>"
                )
            else:
                written = _("Written in {language}.").format(language=language_name(s.language))
            citing_line = _("Rules citing it: {rules}").format(rules=links)
            body = (
                f"<a name='{tag}'></a><h3>{esc(self._source_name(tag))}</h3>"
                f"<p>{esc(text(s.about, lang))} {written}</p>"
                f"<p style='color:{muted}'>{citing_line}</p>"
            )
            parts.append(_block(body, mark if tag == focus else None))
        return "".join(parts)

    # ------------------------------------------------------------------ for tests

    def highlighted(self) -> str | None:
        """The rule or source shown highlighted, if any."""
        return self.focus


def _mix(a, b, share: float) -> str:
    """`a` with `share` of `b` mixed in, as #rrggbb."""
    rgb = [
        round((1 - share) * x + share * y)
        for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True)
    ]
    return "#" + "".join(f"{c:02x}" for c in rgb)


def _block(body: str, background: str | None) -> str:
    """A rule's block of the page, on a highlight when it is the one cited."""
    colour = f" bgcolor='{background}'" if background else ""
    return f"<table width='100%' cellpadding=8{colour}><tr><td>{body}</td></tr></table>"
