"""Deal mode at the table, as a trainee deals: keys and clicks carry out each step, an error
waits in practice, the card slides without holding up the next input, the shoe's figures."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from trainer.game.payout import money
from trainer.game.round import DEALER
from trainer.game.rules import HouseRules
from trainer.history.store import Store
from trainer.practice.deal_steps import (
    ACTION,
    AMOUNT,
    COLLECT,
    K_ORDER,
    PLACE,
    PUSH,
    WORDS,
    move_of,
    move_text,
)
from ui.i18n import _ as tr
from ui.pages.deal import (
    ACTION_KEYS,
    AMOUNT_KEYS,
    ANIMATION_MS,
    HOW,
    HOW_INSURANCE,
    HOW_TAKE,
    KEYS,
    DealPage,
    _slides,
)


@pytest.fixture
def page(qtbot, store):
    p = DealPage(HouseRules.preset_named("casino-fr"), store, "ana")
    qtbot.addWidget(p)
    p.resize(1280, 800)
    p.show()
    qtbot.waitExposed(p)
    p.new_shoe()
    return p


def _start(qtbot, page, seed="7", boxes=7, mode="practice"):
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow)
    page.setup.seed.setText(seed)
    page.setup.boxes.setValue(boxes)
    page.setup.mode.setCurrentIndex(0 if mode == "practice" else 1)
    qtbot.keyClick(page.setup.seed, Qt.Key.Key_Return)
    assert page.shoe is not None
    if page.shoe.step is not None and page.shoe.step.item == "procedure:burn":
        _do(qtbot, page, page.shoe.step)  # a shoe begins with its burn [000][003]


def _do(qtbot, page, step, answer: str | None = None) -> None:
    """Carry out `step` as a trainee would: keys for places and actions, typing for the rest."""
    if not page.shoe.guided:  # on one's own: the move typed, place and action
        answer = move_text(move_of(step)) if answer is None else answer
        qtbot.keyClicks(page.entry, answer)
        qtbot.keyClick(page.entry, Qt.Key.Key_Return)
        return
    answer = step.expected if answer is None else answer
    if step.ask == PLACE:
        key = "D" if answer == DEALER else answer
        qtbot.keyClick(page.table, key)
    elif step.ask == ACTION:
        qtbot.keyClick(page.table, ACTION_KEYS[answer][0])
    elif step.ask == AMOUNT and answer in (COLLECT, PUSH):
        qtbot.keyClick(page.entry, "C" if answer == COLLECT else "E")  # at once, no Enter
    else:
        qtbot.keyClicks(page.entry, answer)
        qtbot.keyClick(page.entry, Qt.Key.Key_Return)


def test_a_round_dealt_from_the_keyboard_is_stored_step_by_step(qtbot, page, store):
    _start(qtbot, page, boxes=3)
    shoe = page.shoe
    n = shoe.figures.steps  # the burn, done at the start
    while shoe.figures.rounds == 1 and not shoe.round_over:
        step = shoe.step
        with qtbot.waitSignal(page.answered) as got:
            _do(qtbot, page, step)
        assert got.args[0].correct, step.prompt
        n += 1
        assert store.sessions("ana")[0].attempts == n  # stored the moment it is taken
    assert shoe.figures.error_count == 0


def test_a_card_goes_where_the_trainee_clicks(qtbot, page):
    _start(qtbot, page)
    step = page.shoe.step
    assert step.ask == PLACE
    scene = page.table.table_scene()
    target = int(step.expected)
    place = scene.places[target]
    pos = page.table.mapFromScene(place.anchor + QPointF(0, -20))
    with qtbot.waitSignal(page.answered) as got:
        qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert got.args[0].correct


def test_a_card_sent_to_the_wrong_place_waits_in_practice(qtbot, page):
    _start(qtbot, page)
    step = page.shoe.step
    wrong = "7" if step.expected != "7" else "1"
    with qtbot.waitSignal(page.answered) as got:
        _do(qtbot, page, step, wrong)
    v = got.args[0]
    assert not v.correct and v.again
    assert page.shoe.step is step  # the round waits at that step
    assert "The right step" in page.feedback.text() and "[000]" in page.feedback.text()
    _do(qtbot, page, step)
    assert page.shoe.step is not step


def test_an_exam_says_only_recorded(qtbot, page):
    _start(qtbot, page, mode="exam")
    step = page.shoe.step
    _do(qtbot, page, step, "7" if step.expected != "7" else "1")
    assert page.feedback.text() == "recorded"
    assert page.shoe.step is not step
    assert "errors" not in page.status.text()


def test_the_dealt_card_slides_in_and_never_holds_up_the_next_input(qtbot, page):
    _start(qtbot, page)
    first = page.shoe.step
    _do(qtbot, page, first)
    anim = page._anim
    assert anim is not None and anim.duration() == ANIMATION_MS <= 150
    from PySide6.QtCore import QVariantAnimation

    assert anim.state() == QVariantAnimation.State.Running
    second = page.shoe.step
    _do(qtbot, page, second)  # at once, while the first card is still sliding
    assert page.shoe.step is not second  # the input was taken, not queued behind the slide
    # the first slide was brought to its end at once, not left half way
    assert anim.state() == QVariantAnimation.State.Stopped
    assert anim.currentValue() == anim.endValue()


def test_the_dealt_card_slides_from_the_shoe_as_the_table_is_drawn(qtbot, page):
    # in the dealer's view the shoe lies at the bottom left: the card comes from there, not from
    # where the shoe lies in the players' view (the top right)
    _start(qtbot, page)
    scene = page.table.table_scene()
    assert scene.turned  # the dealer's view, the default
    first = page.shoe.step
    _do(qtbot, page, first)
    anim = page._anim
    assert anim is not None
    item = scene.hand_cards[_slides(first)][-1]
    parent = item.parentItem()
    start = anim.startValue()
    came_from = parent.mapToScene(start) if parent is not None else start
    shoe = scene.shoe_rect()
    assert abs(came_from.x() - shoe.center().x()) < 120
    assert abs(came_from.y() - shoe.center().y()) < 120


def test_the_animation_can_be_turned_off(qtbot, store):
    p = DealPage(HouseRules.preset_named("casino-fr"), store, "ana", animate=False)
    qtbot.addWidget(p)
    p.show()
    qtbot.waitExposed(p)
    p.new_shoe()
    _start(qtbot, p)
    _do(qtbot, p, p.shoe.step)
    assert p._anim is None


def test_esc_ends_the_shoe_on_its_figures(qtbot, page, store):
    _start(qtbot, page, boxes=2)
    shoe = page.shoe
    while shoe.figures.rounds_done < 1:  # a round dealt to its end, and the next begun
        _do(qtbot, page, page.shoe.step)
    for _ in range(3):
        _do(qtbot, page, page.shoe.step)
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page._play  # asked once
    assert "Esc again ends it" in page.feedback.text()
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page._end
    text = page.report.text()
    assert "rounds an hour" in text and "per 100 steps" in text and "Time by phase" in text
    # the pace beside both references: typed as here, and a school's for dealers who speak
    from trainer.practice.pace import typed_rounds_per_hour

    typed = round(typed_rounds_per_hour(2))  # the 2 boxes dealt to
    assert "typing every card and point, as here" in text and f"<b>{typed}</b>" in text
    assert "for dealers who speak" in text
    assert store.sessions("ana")[0].ended is not None


def test_a_shoe_ended_in_its_first_round_has_no_pace(qtbot, page):
    _start(qtbot, page, boxes=2)
    for _ in range(3):
        _do(qtbot, page, page.shoe.step)
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    text = page.report.text()
    assert "no round finished" in text and "rounds an hour" not in text


def test_the_dealer_area_takes_the_dealers_card(qtbot, page):
    _start(qtbot, page, boxes=1)
    shoe = page.shoe
    while shoe.step.expected != DEALER:
        _do(qtbot, page, shoe.step)
    pos = page.table.mapFromScene(page.table.table_scene().dealer_rect().center())
    with qtbot.waitSignal(page.answered) as got:
        qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert got.args[0].correct


def test_a_bad_seed_says_why(qtbot, page):
    page.setup.seed.setText("12ab")
    qtbot.keyClick(page.setup.seed, Qt.Key.Key_Return)
    assert page.shoe is None and "whole number" in page.setup.message.text()


def test_announcements_are_typed(qtbot, page):
    _start(qtbot, page)
    shoe = page.shoe
    while shoe.step.ask != WORDS:
        _do(qtbot, page, shoe.step)
    assert page.entry.isVisible() and page.entry.hasFocus()
    with qtbot.waitSignal(page.answered) as got:
        _do(qtbot, page, shoe.step)
    assert got.args[0].correct


def test_a_history_that_cannot_be_written_is_said_in_deal_mode(qtbot, tmp_path):
    from trainer.settings import Settings
    from ui.main_window import MainWindow

    with Store.open(tmp_path / "w.sqlite3") as store:
        w = MainWindow(Settings.load(tmp_path / "s.json"), store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        w.open_deal()
        page = w._deal
        _start(qtbot, page, boxes=2)
        store._conn.execute("PRAGMA query_only = ON")  # from here on nothing can be written
        for _ in range(2):
            _do(qtbot, page, page.shoe.step)
        assert store.kept == 2
        assert "cannot be written" in w.statusBar().currentMessage()
        assert "2 answers are kept" in w.statusBar().currentMessage()
        store._conn.execute("PRAGMA query_only = OFF")
        assert store.retry()
        w.close()


def test_no_widget_is_shown_or_hidden_from_step_to_step(qtbot, page):
    """Showing a widget lays the whole window out at once (tens of ms for a row of buttons):
    the panel only relabels and enables what it has, whatever the steps ask."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QWidget

    class Watch(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[str] = []

        def eventFilter(self, obj, event):  # noqa: N802
            if (
                event.type() in (QEvent.Type.Show, QEvent.Type.Hide)
                and isinstance(obj, QWidget)
                and page.isAncestorOf(obj)
            ):
                self.seen.append(f"{type(obj).__name__} {event.type().name}")
            return False

    _start(qtbot, page, boxes=3)
    shoe = page.shoe
    asked = set()
    watch = Watch()
    QApplication.instance().installEventFilter(watch)
    try:
        while shoe.figures.rounds <= 2:
            asked.add(shoe.step.ask)
            with qtbot.waitSignal(page.answered):
                _do(qtbot, page, shoe.step)
    finally:
        QApplication.instance().removeEventFilter(watch)
    assert asked == {PLACE, WORDS, AMOUNT, ACTION}
    assert watch.seen == []
    assert page.entry.isVisible()
    assert all(page.buttons[w].isVisible() for w in {**ACTION_KEYS, **AMOUNT_KEYS})


def test_a_new_rounds_first_table_is_drawn_ahead_and_shown_in_one_blit(qtbot, page, monkeypatch):
    from PySide6.QtWidgets import QGraphicsView

    item_paints = []
    base = QGraphicsView.paintEvent

    def counted(self, event):
        item_paints.append(event)
        return base(self, event)

    monkeypatch.setattr(QGraphicsView, "paintEvent", counted)
    page.animate = False
    _start(qtbot, page, boxes=2)
    shoe = page.shoe
    while shoe.position < len(shoe.steps) - 1:
        with qtbot.waitSignal(page.stepShown):
            _do(qtbot, page, shoe.step)
    # the round's last step is on screen: the next round is played and its table drawn
    qtbot.waitUntil(lambda: shoe._ahead is not None)
    first = shoe._ahead[1][0]
    qtbot.waitUntil(lambda: any(pic[0].view is first.view for pic in page.table._pictures))
    item_paints.clear()
    with qtbot.waitSignal(page.stepShown) as shown:
        _do(qtbot, page, shoe.step)
    assert shown.args[0] is first and shoe.figures.rounds == 2
    assert not item_paints  # the prepared picture, not item by item


def test_a_players_hand_signal_is_drawn_at_his_box_until_carried_out(qtbot, page):
    _start(qtbot, page, seed="21")
    shoe = page.shoe
    seen = set()
    for _ in range(600):
        step = shoe.step
        drawn = page.table.table_scene().drawing.signals
        assert {label: (i.decision, i.words) for label, i in drawn.items()} == {
            label: (d, words) for label, d, words in step.view.signals
        }
        hit = [label for label, d, _ in step.view.signals if d == "hit" and label == step.hand]
        if hit and step.ask == PLACE:
            assert page.says.text() == "\u201chit\u201d"
        seen |= {d for _, d, _ in step.view.signals}
        with qtbot.waitSignal(page.stepShown):
            _do(qtbot, page, step)
        if hit and step.ask == PLACE:
            # the card asked for is dealt: the tap is gone
            after = page.table.table_scene().drawing.signals.get(hit[0])
            assert after is None or after.decision != "hit"
        if seen >= {"hit", "stand", "double", "split"}:
            break
    assert seen >= {"hit", "stand", "double", "split"}


def test_the_players_speak_the_trainees_language(qtbot, page):
    from trainer.i18n import language, set_language

    was = language()
    set_language("fr")
    try:
        _start(qtbot, page, seed="21")
    finally:
        set_language(was)
    shoe = page.shoe
    for _ in range(300):
        if any(d == "hit" for _, d, _ in shoe.step.view.signals):
            break
        _do(qtbot, page, shoe.step)
    words = {d: w for _, d, w in shoe.step.view.signals}
    assert words["hit"] == "carte"  # [000]
    drawn = page.table.table_scene().drawing.signals
    assert "carte" in {i.words for i in drawn.values()}


def _until_payment(qtbot, page, wanted=lambda s: True):
    shoe = page.shoe
    for _ in range(2000):
        s = shoe.step
        if shoe.pays_in_chips(s) and wanted(s):
            return s
        assert not page.tray.isEnabled() or shoe.pays_in_chips(s)
        with qtbot.waitSignal(page.stepShown):
            _do(qtbot, page, s)
    pytest.fail("no payment")


def test_a_payment_is_made_from_the_chip_tray_by_mouse_and_keys(qtbot, page, store):
    _start(qtbot, page, boxes=7)
    s = _until_payment(qtbot, page, lambda s: s.item == "pay:pay")
    tray = page.tray
    assert tray.isEnabled() and page.entry.isEnabled()  # typed, or paid from the tray
    due = page.shoe.chips_due()
    # the first chip by mouse, the rest by keys on the tray
    first = tray.buttons[tray.denominations.index(due[0])]
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    assert tray.hasFocus() and tray.chips() == [due[0]]
    for chip in due[1:]:
        qtbot.keyClick(tray, str(tray.denominations.index(chip) + 1))
    with qtbot.waitSignal(page.answered) as got:
        qtbot.keyClick(tray, Qt.Key.Key_Return)
    v = got.args[0]
    assert v.correct and v.step is s and tray.chips() == []
    attempt = list(store.attempts("ana"))[-1]
    assert attempt.question["chips"] == [money(c) for c in due]


def test_a_payment_in_too_many_chips_waits_in_practice_with_the_house_practice(qtbot, page):
    _start(qtbot, page, boxes=7)
    s = _until_payment(qtbot, page, lambda s: s.item == "pay:pay" and s.amount >= 10)
    tray = page.tray
    ones = [d for d in tray.denominations if d == 1][0]
    qtbot.mouseClick(tray.buttons[tray.denominations.index(ones)], Qt.MouseButton.LeftButton)
    for _ in range(int(s.amount) - 1):
        tray.add(ones)
    with qtbot.waitSignal(page.answered) as got:
        qtbot.mouseClick(tray.pay_button, Qt.MouseButton.LeftButton)
    v = got.args[0]
    assert not v.correct and v.again and page.shoe.step is s
    assert "fewest chips" in page.feedback.text() and "house practice" in page.feedback.text()
    assert tray.chips() == [] and tray.isEnabled()  # the payment is made again


def test_the_tray_waits_greyed_for_a_step_that_pays_nothing(qtbot, page):
    _start(qtbot, page, boxes=3)
    done = page.shoe.figures.steps  # the shoe's burn
    assert page.tray is not None and not page.tray.isEnabled()
    page.tray.add(page.tray.denominations[0])  # nothing is handed in from a greyed tray
    page._give_chips()
    assert page.shoe.figures.steps == done


def test_the_tray_pays_as_the_settings_say(qtbot, tmp_path):
    from trainer.settings import Settings
    from ui.main_window import MainWindow

    with Store.open(tmp_path / "w.sqlite3") as store:
        settings = Settings.load(tmp_path / "s.json")
        settings.prefs.chip_payment = "colour-for-colour"
        w = MainWindow(settings, store)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        w.open_deal()
        page = w._deal
        _start(qtbot, page, boxes=2)
        assert page.shoe.chip_payment == "colour-for-colour"
        w.close()


def test_a_sliding_card_is_painted_over_the_table_drawn_ahead(qtbot, page, monkeypatch):
    from PySide6.QtWidgets import QGraphicsView

    item_paints = []
    base = QGraphicsView.paintEvent

    def counted(self, event):
        item_paints.append(event)
        return base(self, event)

    monkeypatch.setattr(QGraphicsView, "paintEvent", counted)
    _start(qtbot, page)
    shoe = page.shoe
    first = shoe.step
    # the table after the first card is drawn ahead, and without that card for its slide
    after = shoe.steps[shoe.position + 1]
    qtbot.waitUntil(lambda: any(p[0].view is after.view and p[3] is not None
                                for p in page.table._pictures))  # fmt: skip
    item_paints.clear()
    _do(qtbot, page, first)
    anim = page._anim
    assert anim is not None
    anim.pause()
    anim.setCurrentTime(ANIMATION_MS // 3)  # a third of the way from the shoe
    mid = page.table.viewport().grab().toImage()
    anim.setCurrentTime(ANIMATION_MS)  # the end of the slide: the card at its place
    qtbot.waitUntil(lambda: page.table._moving is None)
    settled = page.table.viewport().grab().toImage()
    assert not item_paints  # every frame from the pictures, none item by item
    assert mid != settled  # the card was on its way, not at its place


def test_a_wrong_step_is_told_in_the_dealer_s_words_and_a_player_in_french_quotes(qtbot, page):
    # the verdict named the right step by deal mode's English keyword ("Le bon geste : refuse")
    # and a player's words were quoted “je double” in French
    from trainer.i18n import set_language
    from trainer.practice.deal import FREQUENT
    from trainer.vocabulary import DEALER_SAID

    set_language("fr")
    try:
        page.setup.incidents.setCurrentIndex(page.setup.incidents.findData(FREQUENT))
        _start(qtbot, page, seed="11")
        shoe = page.shoe
        for _ in range(600):
            s = shoe.step
            if s.ask == ACTION and s.says:
                break
            _do(qtbot, page, s)
        else:
            pytest.fail("no player's words before an action in 600 steps")
        assert page.says.text() == f"«\u202f{s.says}\u202f»"
        wrong = next(a for a in ACTION_KEYS if a != s.expected)
        _do(qtbot, page, s, wrong)
        told = page.feedback.text()
        assert f"<b>{DEALER_SAID['fr'][s.expected]}</b>" in told, told
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_right_payment_is_shown_with_the_language_s_decimal_mark(
    qtbot, store, english_after, lang
):
    # the verdict showed the history's form, "0.5 + 2 = 2.5", under a French or Italian table
    from trainer.i18n import set_language
    from trainer.practice.skills.base import amount

    set_language(lang)
    rules = HouseRules.from_spec({"preset": "casino-fr", "chips": "0.5 1 2 5 10 25 100 500"})
    page = DealPage(rules, store, "ana")
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    qtbot.waitExposed(page)
    page.new_shoe()
    _start(qtbot, page)
    s = _until_payment(qtbot, page, lambda s: s.amount % 1 and page.shoe.chips_due(s))
    half = page.tray.buttons[page.tray.denominations.index(min(page.tray.denominations))]
    for _ in range(int(s.amount * 2)):  # the amount in halves: too many chips
        qtbot.mouseClick(half, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(page.answered):
        qtbot.mouseClick(page.tray.pay_button, Qt.MouseButton.LeftButton)
    told = page.feedback.text()
    due = " + ".join(amount(c) for c in page.shoe.chips_due(s))
    assert f"<b>{due} = {amount(s.amount)}</b>" in told, told
    assert money(s.amount) not in told


def _own(qtbot, page, store=None, mode="practice"):
    """A shoe on one's own (the trainee has dealt one before, or chose it)."""
    _start_with(qtbot, page, guided=False, mode=mode)


def _start_with(qtbot, page, guided: bool, mode: str = "practice") -> None:
    page.setup.set_guided(guided)
    _start(qtbot, page, seed="27", mode=mode)
    assert page.shoe.guided is guided


def test_a_first_shoe_is_guided_and_on_your_own_is_the_default_after(qtbot, page, store):
    assert page.setup.guidance.currentData() is True  # nothing dealt yet
    _start(qtbot, page, boxes=2)
    assert page.shoe.guided
    _do(qtbot, page, page.shoe.step)
    page.end_shoe()
    page.new_shoe()
    assert page.setup.guidance.currentData() is False
    page.setup.mode.setCurrentIndex(1)  # an exam: always on one's own, no choice
    assert not page.setup.guidance.isEnabled() and page.setup.guidance.currentData() is False


def _until(qtbot, page, wanted) -> None:
    while not wanted(page.shoe.step):
        _do(qtbot, page, page.shoe.step)


def test_on_your_own_a_bust_left_on_the_felt_is_an_error_of_order(qtbot, page):
    _own(qtbot, page)
    _until(qtbot, page, lambda s: s.item == "pay:collect" and s.phase == "play")
    bust = page.shoe.step
    assert "box" not in page.prompt.text() and page.prompt.text() == "The players"
    following = page.shoe.steps[page.shoe.position + 1]
    with qtbot.waitSignal(page.answered) as got:
        _do(qtbot, page, following)  # the next card, the bust not collected
    v = got.args[0]
    assert v.error_kind == K_ORDER and page.shoe.step is bust
    assert "bust not collected" in page.feedback.text()
    assert f"{bust.hand} collect" in page.feedback.text()


def test_a_click_on_a_box_names_the_place_and_typing_still_reaches_the_field(qtbot, page):
    _own(qtbot, page)
    _until(qtbot, page, lambda s: s.phase == "settle")
    s = page.shoe.step
    scene = page.table.table_scene()
    box = int(s.hand.split(".")[0])
    for n in (box, 1 if box != 1 else 2, box):  # another box first, then the one meant
        pos = page.table.mapFromScene(scene.places[n].anchor + QPointF(0, -20))
        qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert page.entry.text() == f"{box} " and page.entry.hasFocus()
    rest = move_text(move_of(s)).split(" ", 1)[1]
    if s.bettor and s.bettor != "seat":
        page.entry.setText(page.entry.text().strip() + s.bettor[-1] + " ")
    with qtbot.waitSignal(page.answered) as got:
        qtbot.keyClicks(page.table, rest)  # typed with the focus anywhere on the page
        qtbot.keyClick(page.entry, Qt.Key.Key_Return)
    assert got.args[0].correct


def test_a_click_during_a_guided_payment_keeps_what_is_typed(qtbot, page):
    """The focus bug: a click on a box during a settlement took the focus from the answer
    field, and what was typed next was lost."""
    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.ask == AMOUNT)
    s = page.shoe.step
    pos = page.table.mapFromScene(page.table.table_scene().places[1].anchor + QPointF(0, -20))
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert page.entry.hasFocus()
    answer = "C" if s.expected == COLLECT else "E" if s.expected == PUSH else s.expected
    with qtbot.waitSignal(page.answered) as got:
        qtbot.keyClicks(page.table, answer)
        qtbot.keyClick(page.entry, Qt.Key.Key_Return)
    assert got.args[0].correct


def test_an_action_button_does_the_action_at_the_box_clicked(qtbot, page):
    _own(qtbot, page)
    _until(qtbot, page, lambda s: s.item == "pay:collect" and s.phase == "play")
    s = page.shoe.step
    page._clicked(s.hand)
    with qtbot.waitSignal(page.answered) as got:
        qtbot.mouseClick(page.buttons["collect"], Qt.MouseButton.LeftButton)
    assert got.args[0].correct


def test_esc_once_asks_and_a_step_in_between_goes_on_with_the_exam(qtbot, page):
    _own(qtbot, page, mode="exam")
    qtbot.keyClick(page.entry, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page._play and "End the shoe now?" in page.feedback.text()
    _do(qtbot, page, page.shoe.step)
    qtbot.keyClick(page.entry, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page._play  # asked again: the step went on
    qtbot.keyClick(page.entry, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page._end


def test_deal_mode_s_stakes_are_read_from_their_chips_on_the_drill_s_felt(qtbot, tmp_path):
    # issue 24: in deal mode the bet is read from its chips, as in an exam: each stake drawn in
    # the table's chips, no amount written under it; and the felt says what insurance pays
    from trainer.history.store import Store
    from trainer.settings import Settings
    from ui.main_window import MainWindow
    from ui.pages.drill import INSURANCE_LEGEND

    store = Store.open(tmp_path / "history.sqlite3")
    w = MainWindow(Settings(tmp_path / "settings.json"), store=store)
    qtbot.addWidget(w)
    w.open_deal()
    page = w._deal
    page.setup.seed.setText("7")
    page.setup.submit()
    scene = page.table.table_scene()
    stacks = list(scene.stacks.values())
    assert stacks and all(not s._generic for s in stacks)  # in the table's own chips
    assert [s.written for s in stacks if s.written] == []
    assert scene.legend == INSURANCE_LEGEND
    w.close()
    store.close()


# -- keys and focus (issue 30) ------------------------------------------------------------


def test_c_collects_at_once_with_the_focus_in_the_answer_field(qtbot, page):
    """ "C to collect" typed a c into the field: the key does its step at once."""
    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.ask == AMOUNT and s.expected == COLLECT)
    s = page.shoe.step
    assert page.entry.hasFocus() and page.entry.text() == ""
    with qtbot.waitSignal(page.answered) as got:
        qtbot.keyClick(page.entry, "c")
    assert got.args[0].correct and got.args[0].step is s
    assert "c" not in page.entry.text().casefold()


def test_letters_after_a_figure_are_typed_in_a_payment(qtbot, page):
    """An amount never begins with a letter; after a figure, C and E are letters of it."""
    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.ask == AMOUNT and s.amount is not None)
    s = page.shoe.step
    with qtbot.assertNotEmitted(page.answered):
        qtbot.keyClicks(page.entry, "15 eur c")
    assert page.entry.text() == "15 eur c" and page.shoe.step is s


def test_on_your_own_the_letters_are_words_of_the_move(qtbot, page):
    _own(qtbot, page)
    _until(qtbot, page, lambda s: s.item == "pay:collect" and s.phase == "play")
    s = page.shoe.step
    with qtbot.assertNotEmitted(page.answered):
        qtbot.keyClicks(page.entry, f"{s.hand} c")
    with qtbot.waitSignal(page.answered) as got:
        qtbot.keyClick(page.entry, Qt.Key.Key_Return)
    assert got.args[0].correct


def test_a_click_on_the_bare_felt_leaves_the_focus_in_the_answer_field(qtbot, page):
    """A click between the boxes took the focus, and Backspace or the arrows were lost."""
    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.ask == WORDS)
    qtbot.mouseClick(
        page.table.viewport(), Qt.MouseButton.LeftButton, pos=page.table.rect().center()
    )
    # Qt gives the focus to a clicked widget whose policy takes clicks: the felt's does not
    # (QTest's click does not move the focus, so the policy is what holds it here)
    assert not page.table.focusPolicy() & Qt.FocusPolicy.ClickFocus
    assert page.entry.hasFocus()
    qtbot.keyClicks(page.entry, "155")
    qtbot.keyClick(page.focusWidget(), Qt.Key.Key_Backspace)
    assert page.entry.text() == "15"


def test_a_guided_key_reaches_the_step_from_wherever_the_focus_is(qtbot, page):
    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.ask == PLACE)
    s = page.shoe.step
    key = "D" if s.expected == DEALER else s.expected
    focused = page.focusWidget() or page
    with qtbot.waitSignal(page.answered) as got:
        qtbot.keyClick(focused, key)
    assert got.args[0].correct


def test_taking_the_insurance_says_that_step_and_no_collect_or_push(qtbot, page):
    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.item == "pay:insure")
    assert page.how.text() == tr(HOW_TAKE)
    assert "C to collect" not in page.how.text() and "push" not in page.how.text()
    assert not page.buttons[COLLECT].isEnabled() and not page.buttons[PUSH].isEnabled()
    with qtbot.assertNotEmitted(page.answered):
        qtbot.keyClick(page.entry, "e")  # no key of this step: a letter, refused on Enter
    _do(qtbot, page, page.shoe.step)
    _until(qtbot, page, lambda s: s.item.startswith("pay:insurance-"))
    assert page.how.text().startswith(tr(HOW_INSURANCE).split(" and ")[0])
    assert "push" not in page.how.text()
    assert page.buttons[COLLECT].isEnabled() and not page.buttons[PUSH].isEnabled()
    _until(
        qtbot,
        page,
        lambda s: (
            s.ask == AMOUNT
            and s.item.startswith("pay:")
            and s.item not in ("pay:insure", "pay:insurance-paid", "pay:insurance-collected")
            and s.amount is None
        ),
    )
    assert page.how.text() == tr(HOW[AMOUNT])


def _listed() -> set[str]:
    """Deal mode's keys as the shortcuts list gives them, one key each."""
    out = set()
    for key, _what in KEYS:
        if key == "1 – 7":
            out |= set("1234567")
        elif len(key) == 1:
            out.add(key)
    return out


@pytest.mark.parametrize("ask", [PLACE, ACTION, AMOUNT])
def test_every_key_that_acts_in_deal_mode_is_in_the_shortcuts_list(qtbot, page, ask):
    """Each letter and digit pressed at a guided step of each kind: those that do the step are
    the listed ones; no other acts."""
    import string

    _start_with(qtbot, page, guided=True)
    _until(qtbot, page, lambda s: s.ask == ask and (ask != AMOUNT or s.amount is None))
    acted = set()
    for key in string.ascii_uppercase + string.digits:
        page.entry.clear()
        got = []
        page.answered.connect(got.append)
        qtbot.keyClick(page.focusWidget() or page, key)
        page.answered.disconnect(got.append)
        if got:
            acted.add(key)
            _until(qtbot, page, lambda t: t.ask == ask and (ask != AMOUNT or t.amount is None))
    assert acted and acted <= _listed()
    if ask == ACTION:
        assert acted == {key for key, _w in ACTION_KEYS.values()}
    if ask == AMOUNT:
        assert acted <= {key for key, _w in AMOUNT_KEYS.values()}
