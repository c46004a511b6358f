"""The drill page driven end to end with real key and mouse events, skill by skill: the answer is
judged, stored at once with a sensible time, and the timed modes end on time."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, Qt

from trainer.game.rules import HouseRules
from trainer.practice.drill import Drill
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import ANNOUNCED_CHIPS, CHIPS, CHOICE, SEQUENCE
from ui.pages.drill import DrillPage

RULES = HouseRules.from_spec("casino-fr")


def _click_box(qtbot, page: DrillPage, token: str) -> None:
    scene, view = page.scene, page.table
    if token == "dealer":
        # the dealer's place, in the view drawn (the bottom middle of the felt as he sees it)
        target = view.mapFromScene(scene.dealer_rect().center())
    else:
        number = int(token.split(".")[0])
        target = view.mapFromScene(scene.places[number].area().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(target))


def _answer(qtbot, page: DrillPage, right: bool = True, by_mouse: bool = False) -> None:
    q = page.question
    assert q is not None
    if q.kind == ANNOUNCED_CHIPS:  # the amount announced, Enter, then the chips
        said, given = q.answer
        qtbot.keyClicks(page.announce, str(said if right else said + 1))
        qtbot.keyClick(page.announce, Qt.Key.Key_Return)
        chips = [str(c) for c in sorted(page.drill.rules.chips)]
        for c in given:
            qtbot.keyClick(page.tray, str(chips.index(str(c)) + 1))
        qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    elif q.kind == CHIPS:
        chips = [str(c) for c in sorted(page.drill.rules.chips)]
        wanted = q.answer if right else q.answer[:-1] + [Decimal(1)] * 2
        for c in wanted:
            qtbot.keyClick(page.tray, chips[chips.index(str(c))] and str(chips.index(str(c)) + 1))
        qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    elif q.kind == CHOICE:
        n = q.answer + 1 if right else (q.answer + 1) % len(q.choices) + 1
        if by_mouse:
            qtbot.mouseClick(page.choices.buttons[n - 1], Qt.MouseButton.LeftButton)
        else:
            qtbot.keyClick(page.choices, str(n))
    elif q.kind == SEQUENCE and by_mouse and q.skill == "deal-order":
        for token in q.answer:
            _click_box(qtbot, page, token)
        qtbot.keyClick(page.line, Qt.Key.Key_Return)
    else:
        text = q.expected if right else "bust" if q.expected != "bust" else "12"
        if q.kind in ("amount", "signed-amount"):
            text = q.expected if right else str(Decimal(q.expected) + 1)
        if q.kind == "amounts" and not right:
            text = "; ".join(str(Decimal(x) + 1) for x in q.expected.split("; "))
        if q.kind == "results" and not right:
            text = " ".join("win" if r != "win" else "lose" for r in q.answer)
        if q.kind == "announced-chips" and not right:
            text = f"{q.expected} 1"  # a chip too many: the chips are not the amount announced
        if q.kind == "dealer" and not right:
            text = f"{q.answer[0] + 1} {q.answer[1]}"
        if q.kind == SEQUENCE and not right:
            text = " ".join(reversed(q.answer)) if len(q.answer) > 1 else "dealer 1 burn"
        qtbot.keyClicks(page.line, text)
        qtbot.keyClick(page.line, Qt.Key.Key_Return)


@pytest.mark.parametrize("name", list(SKILLS))
def test_each_skill_end_to_end_reaches_the_store(qtbot, page, store, name):
    drill = Drill([SKILLS[name]], RULES, count=2, seed=11, store=store, profile="ana")
    page.start(drill)
    with qtbot.waitSignal(page.questionShown, timeout=2000):
        pass  # first question painted: the clock runs
    qtbot.wait(120)  # the trainee thinks
    with qtbot.waitSignal(page.answeredSignal, timeout=2000) as first:
        _answer(qtbot, page, right=True)
    assert first.args[0].verdict.correct, first.args[0].verdict
    if page._waiting_next:
        qtbot.keyClick(page, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: page.question is not None and not page._waiting_next, timeout=2000)
    with qtbot.waitSignal(page.finished, timeout=3000):
        with qtbot.waitSignal(page.answeredSignal, timeout=2000) as second:
            _answer(qtbot, page, right=False)
    assert not second.args[0].verdict.correct
    rows = list(store.attempts(profile="ana"))
    assert [r.correct for r in rows] == [True, False]
    assert all(r.skill == name for r in rows)
    # the clock started at the paint and stopped at the key: at least the 120 ms waited, and
    # nowhere near the time a slow test machine could add
    assert 100 <= rows[0].response_ms < 5000
    assert rows[1].expected == second.args[0].question.expected


def test_feedback_shows_the_right_answer_and_rule_on_a_miss(qtbot, page):
    drill = Drill([SKILLS["pay-blackjack"]], RULES, count=3, seed=4)
    page.start(drill)
    q = page.question
    qtbot.keyClicks(page.line, "1")
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    text = page.feedback.text()
    assert q.expected in text and "[000]" in text
    assert page.table.isVisible()  # without leaving the table


def test_unreadable_answer_is_not_scored(qtbot, page, store):
    drill = Drill([SKILLS["announce"]], RULES, count=2, seed=3, store=store, profile="ana")
    page.start(drill)
    qtbot.keyClicks(page.line, "banana")
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert "expected" in page.feedback.text()
    assert drill.position == 0 and not list(store.attempts(profile="ana"))
    assert not page._waiting_next


def test_deal_order_by_clicking_boxes(qtbot, page):
    drill = Drill([SKILLS["deal-order"]], RULES, count=6, seed=5)
    page.start(drill)
    for _ in range(6):
        if page.question is None:
            break
        with qtbot.waitSignal(page.answeredSignal, timeout=2000) as got:
            _answer(qtbot, page, right=True, by_mouse=True)
        assert got.args[0].verdict.correct, (got.args[0].verdict, got.args[0].raw)
        if page._waiting_next:
            qtbot.keyClick(page.line, Qt.Key.Key_Space)


def test_choice_by_mouse(qtbot, page):
    drill = Drill([SKILLS["procedure"]], RULES, count=2, seed=8)
    page.start(drill)
    with qtbot.waitSignal(page.answeredSignal, timeout=2000) as got:
        _answer(qtbot, page, right=True, by_mouse=True)
    assert got.args[0].verdict.correct


class FakeClock:
    def __init__(self) -> None:
        self.ns = 10**12

    def __call__(self) -> int:
        return self.ns


def test_challenge_ends_on_time(qtbot, page, store):
    clock = FakeClock()
    drill = Drill(
        [SKILLS["pay-even"]],
        RULES,
        mode="challenge",
        seed=2,
        store=store,
        profile="ana",
        clock=clock,
    )
    page.start(drill)
    for _ in range(3):
        _answer(qtbot, page, right=True)
        qtbot.waitUntil(lambda: page.question is not None and not page._waiting_next, timeout=2000)
    clock.ns += 59_000 * 10**6
    qtbot.wait(250)
    assert page.drill is drill and "1.0" in page.countdown.text()
    clock.ns += 1_000 * 10**6
    with qtbot.waitSignal(page.finished, timeout=1000) as done:
        pass
    summary = done.args[0][1]
    assert summary.mode == "challenge" and summary.attempts == 3 and summary.correct == 3
    assert len(list(store.attempts(profile="ana"))) == 3


def test_sprint_ends_after_n_questions(qtbot, page):
    drill = Drill([SKILLS["pay-even"]], RULES, mode="sprint", count=4, seed=2)
    page.start(drill)
    with qtbot.waitSignal(page.finished, timeout=5000) as done:
        for _ in range(4):
            qtbot.waitUntil(
                lambda: page.question is not None and not page._waiting_next, timeout=2000
            )
            _answer(qtbot, page, right=True)
    assert done.args[0][1].attempts == 4
    assert "4 / 4" in page.progress.text() or drill.position == 4


def test_a_history_that_fails_mid_drill_never_stops_enter_and_esc(qtbot, page, store):
    drill = Drill([SKILLS["pay-blackjack"]], RULES, seed=4, store=store, profile="ana")
    page.start(drill)
    store._conn.execute("PRAGMA query_only = ON")  # from here on nothing can be written
    for _ in range(3):
        with qtbot.waitSignal(page.answeredSignal, timeout=2000) as answered:
            _answer(qtbot, page, right=False)
        assert answered.args[0].attempt_id is None  # kept by the store, not stored yet
        assert "✗" in page.feedback.text()
        qtbot.keyClick(page.line, Qt.Key.Key_Return)  # on to the next question
        assert not page._waiting_next and page.question is not None
    with qtbot.waitSignal(page.finished, timeout=2000) as finished:
        qtbot.keyClick(page, Qt.Key.Key_Escape)
    assert finished.args[0][1].attempts == 3
    assert store.kept == 3
    store._conn.execute("PRAGMA query_only = OFF")
    assert store.retry()
    assert len(list(store.attempts(profile="ana"))) == 3


def test_the_history_note_is_one_line_shown_only_when_there_is_something_to_say(page):
    assert not page.history_note.isVisible()
    page.set_history_note(
        "The history cannot be written: the disk is full. Your last answer is kept"
    )
    assert page.history_note.isVisible() and "disk is full" in page.history_note.text()
    page.set_history_note(None)
    assert not page.history_note.isVisible()


# -- keys the buttons show, the hint, the chosen answer -----------------------------------------


def _start(qtbot, page: DrillPage, name: str, seed: int = 3) -> None:
    drill = Drill([SKILLS[name]], RULES, count=3, seed=seed)
    page.start(drill)
    qtbot.waitUntil(lambda: page.question is not None, timeout=2000)


def test_b_burns_as_the_button_says(qtbot, page):
    _start(qtbot, page, "exposed-card")
    assert page.burn_button.isVisible() and page.burn_button.text() == "Burn it (B)"
    qtbot.keyClicks(page.line, "1 ")
    qtbot.keyClick(page.line, Qt.Key.Key_B)
    assert page.line.text() == "1 burn"
    page.line.clear()
    qtbot.keyClicks(page.line, "2 3 burn")  # spelt out: typed once, not twice
    assert page.line.text() == "2 3 burn"
    page.line.clear()
    qtbot.keyClicks(page.line, "4 bruciata")  # another word of the table: as typed
    assert page.line.text() == "4 bruciata"


def test_the_drill_page_buttons_have_the_keys_they_show(qtbot, page):
    import re

    _start(qtbot, page, "exposed-card")
    shown = {
        b.text(): re.search(r"\((\w+)\)", b.text())[1] for b in (page.end_button, page.burn_button)
    }
    assert shown == {"End  (Esc)": "Esc", "Burn it (B)": "B"}
    page.line.clear()
    page.line.setFocus()
    qtbot.keyClick(page.line, Qt.Key.Key_B)
    assert page.line.text().endswith("burn")
    with qtbot.waitSignal(page.finished, timeout=2000):
        qtbot.keyClick(page.line, Qt.Key.Key_Escape)


def test_escape_in_the_chip_tray_only_clears_the_tray(qtbot, page):
    _start(qtbot, page, "chips")
    tray = page.tray
    assert tray.hasFocus()
    ended = []
    page.finished.connect(lambda *a: ended.append(a))
    qtbot.keyClick(tray, "3")
    qtbot.keyClick(tray, "2")
    assert len(tray.chips()) == 2
    qtbot.keyClick(tray, Qt.Key.Key_Escape)  # Escape clears the tray…
    assert tray.chips() == [] and page.drill is not None
    qtbot.keyClick(tray, Qt.Key.Key_Escape)  # …and again, on an empty tray, ends nothing
    qtbot.keyClick(tray, Qt.Key.Key_Escape)
    assert ended == [] and page.drill is not None and not page.drill.over
    qtbot.keyClick(tray, "3")
    assert len(tray.chips()) == 1  # the drill goes on, the tray still takes chips
    with qtbot.waitSignal(page.finished, timeout=2000):
        page.end_button.click()  # the End button ends it


def test_the_hint_sits_under_the_answer_field(qtbot, page):
    for name, field in (("announce", "line"), ("chips", "tray"), ("procedure", "choices")):
        _start(qtbot, page, name)
        qtbot.waitUntil(lambda: page.hint.isVisible(), timeout=2000)
        answer = getattr(page, field)
        top = page.hint.mapTo(page, page.hint.rect().topLeft()).y()
        bottom = answer.mapTo(page, answer.rect().bottomLeft()).y()
        assert 0 <= top - bottom <= 16, (name, top, bottom)
        assert "target" in page.hint.text()
        page.end()


def _drawn_contrast(widget) -> float:
    """The highest contrast of a pixel of `widget`'s text against its background, as painted."""
    from PySide6.QtGui import QColor

    from ui.style import contrast

    image = widget.grab().toImage()
    background = QColor(image.pixel(1, 1))
    best = 1.0
    for y in range(0, image.height(), 1):
        for x in range(0, image.width(), 1):
            best = max(best, contrast(QColor(image.pixel(x, y)), background))
    return best


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_hint_reads_in_either_theme(qtbot, qapp, theme):
    from PySide6.QtGui import QPalette

    from ui.style import MIN_CONTRAST, contrast
    from ui.theme import apply_theme

    apply_theme(qapp, theme)
    try:
        page = DrillPage()
        qtbot.addWidget(page)
        page.resize(1024, 600)
        page.show()
        qtbot.waitExposed(page)
        _start(qtbot, page, "announce")
        hint = page.hint
        palette = hint.palette()
        drawn = palette.color(QPalette.ColorRole.WindowText)
        under = palette.color(QPalette.ColorRole.Window)
        assert contrast(drawn, under) >= MIN_CONTRAST
        assert _drawn_contrast(hint) >= MIN_CONTRAST  # as painted, not only as set
        page.end()
    finally:
        apply_theme(qapp, "light")


def test_the_chosen_answer_shows_the_verdict(qtbot, page):
    _start(qtbot, page, "procedure", seed=5)
    q = page.question
    wrong = (q.answer + 1) % len(q.choices)
    qtbot.keyClick(page.choices, str(wrong + 1))
    chosen, right = page.choices.buttons[wrong], page.choices.buttons[q.answer]
    assert chosen.text().startswith("✗ ") and "solid #c8412f" in chosen.styleSheet()
    assert right.text().startswith("✓ ") and "solid #2e9d4f" in right.styleSheet()
    qtbot.keyClick(page, Qt.Key.Key_Space)  # the next question: the colours are gone
    qtbot.waitUntil(lambda: not page._waiting_next, timeout=2000)
    if page.question is not None and page.question.kind == CHOICE:
        assert all(not b.text().startswith(("✓", "✗")) for b in page.choices.buttons)
        assert all("solid" not in b.styleSheet() for b in page.choices.buttons)
    q = page.question
    qtbot.keyClick(page.choices, str(q.answer + 1))
    assert page.choices.buttons[q.answer].text().startswith("✓ ")


def test_a_play_order_shows_the_play_order_s_hint_not_the_deal_s(qtbot, page):
    """Deal order: the play of a round names split hands; the deal, two rounds of boxes."""
    seen = set()
    for seed in range(12):
        _start(qtbot, page, "deal-order", seed)
        qtbot.waitUntil(lambda: page.hint.isVisible(), timeout=2000)
        q = page.question
        hint = page.hint.text()
        if q.item == "deal-order:play-split":
            assert "1.1 1.2 3 dealer" in hint and "1 3 dealer 1 3" not in hint
        else:
            assert "1 3 dealer 1 3" in hint and "1.1" not in hint
        seen.add(q.item == "deal-order:play-split")
        page.end()
    assert seen == {True, False}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_verdict_sits_right_under_the_answer(qtbot, lang, english_after):
    """At 1024×600 in each language: the verdict a few lines under what was answered (the typed
    line and its hint, the tray, the choices), not at the panel's foot; the felt keeps its size
    from one kind of question to another."""
    from trainer import i18n

    i18n.set_language(lang)
    page = DrillPage()
    qtbot.addWidget(page)
    page.resize(1024, 600)
    page.show()
    qtbot.waitExposed(page)
    felt = None
    for name, field in (("announce", "line"), ("chips", "tray"), ("procedure", "choices")):
        _start(qtbot, page, name)
        answer = getattr(page, field)
        _answer(qtbot, page, right=False)
        qtbot.waitUntil(lambda: bool(page.feedback.text()), timeout=2000)
        qtbot.waitUntil(lambda: page.feedback.isVisible(), timeout=2000)

        def under() -> int:
            return (
                page.feedback.mapTo(page, QPoint(0, 0)).y()
                - page.hint.mapTo(page, page.hint.rect().bottomLeft()).y()
            )

        qtbot.waitUntil(lambda: under() > 0, timeout=2000)  # under the hint, once laid out
        bottom = answer.mapTo(page, answer.rect().bottomLeft()).y()
        top = page.feedback.mapTo(page, page.feedback.rect().topLeft()).y()
        assert page.hint.height() >= page.hint.heightForWidth(page.hint.width())  # not cut
        # the hint's lines and the spacing between them, no empty room
        room = page.hint.height() + 3 * page.panel.layout().spacing() + 4
        assert 0 <= top - bottom <= room, (name, lang, top - bottom, room)
        feedback = page.feedback.mapTo(page, page.feedback.rect().bottomLeft()).y()
        assert feedback <= page.panel.mapTo(page, page.panel.rect().bottomLeft()).y()
        if felt is None:
            felt = page.table.size()
        assert page.table.size() == felt, name  # the felt never moves for a kind of input
        page.end()


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_tray_s_total_is_whole_at_1024_by_600(qtbot, lang, english_after):
    # the side panel is 300 pixels there: "Total €0" was cut to "Total €"
    from trainer import i18n

    i18n.set_language(lang)
    page = DrillPage()
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.resize(1024, 600)  # after showing: the offscreen screen is narrower
    for name in ("chips", "change"):
        _start(qtbot, page, name)
        assert page.width() == 1024
        label = page.tray.total_label
        need = label.fontMetrics().horizontalAdvance(label.text())
        right = label.mapTo(page, label.rect().topLeft()).x() + need
        assert label.width() >= need, (name, label.text())
        assert right <= page.panel.mapTo(page, page.panel.rect().topRight()).x(), name
        page.end()


def test_after_a_tray_question_a_typed_one_s_verdict_is_right_under_its_answer(qtbot):
    # a mixed drill (a review, "all"): the stack kept the tray's height for the next typed
    # question, and its verdict floated 140 pixels under the answer
    page = DrillPage()
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.resize(1280, 760)
    rules = HouseRules.preset_named("casino-fr")
    names = ("procedure", "pay-even", "chips", "pay-insurance", "buy-in")
    page.start(Drill([SKILLS[n] for n in names], rules, seed=5))
    kinds = []
    for _ in range(10):
        qtbot.wait(1)
        hint = page._hints[page.inputs.currentIndex()]
        below = hint.mapTo(page, hint.rect().bottomLeft()).y()
        top = page.feedback.mapTo(page, page.feedback.rect().topLeft()).y()
        assert 0 <= top - below <= 12, (page.question.skill, below, top)
        kinds.append(page.question.kind)
        page._show_next()
    assert CHIPS in kinds and kinds.index(CHIPS) < len(kinds) - 1  # a tray, then others
