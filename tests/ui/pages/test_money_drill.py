"""The drill page for the money at the table (RULES.md §14): the amount announced before the
chips, a rack that lacks colours, the line over the tray that never gives away the amount to
count, and stakes to read left unwritten on the felt."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt

from trainer.game.rules import HouseRules
from trainer.game.table import BoxView, HandView, MoneyView, TableView
from trainer.practice.drill import Drill
from trainer.practice.skills import SKILLS
from trainer.practice.skills.base import ANNOUNCED_CHIPS, CHIPS, Question
from ui.pages.drill import DrillPage

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

RULES = HouseRules.from_spec("casino-fr")  # chips 1 2 5 10 25 100 500: keys 1 to 7
CHIP_SET = ["1", "2", "5", "10", "25", "100", "500"]


def boxes(*given: BoxView) -> tuple[BoxView, ...]:
    by = {b.number: b for b in given}
    return tuple(by.get(n, BoxView(n)) for n in range(1, 8))


def question(kind: str, data: dict, table: TableView | None = None, skill: str = "chips"):
    """A question made by hand (the skill's name only says its target time and words)."""
    return Question(skill, "chips:made", "A question.", data, kind, None, "", "", table=table)


BUY_IN = question(
    ANNOUNCED_CHIPS,
    {"chip_set": CHIP_SET, "notes": ["100", "100", "50", "50"], "cut": True},
    TableView(boxes(), money=MoneyView(3, notes=(D(100), D(100), D(50), D(50)), said="change 300")),
)
NO_GREENS = question(
    CHIPS,
    {"chip_set": CHIP_SET, "rack": ["1", "2", "5", "10", "100", "500"], "amount": "50"},
)
EVERY_CHIP = question(CHIPS, {"chip_set": CHIP_SET, "amount": "35"})


@pytest.fixture
def asked(qtbot, page: DrillPage):
    """The page on a drill whose questions are the ones given, in turn; what it hands in."""
    given: list[str] = []

    def ask(*questions: Question) -> list[str]:
        drill = Drill([SKILLS["chips"]], RULES, count=len(questions) + 1, seed=1)
        queue = list(questions)
        drill.next_question = lambda: queue.pop(0) if queue else None  # type: ignore[method-assign]
        drill.prefetch = lambda: queue[0] if queue else None  # type: ignore[method-assign]
        page._submit = given.append  # type: ignore[method-assign]
        page.start(drill)
        qtbot.waitUntil(lambda: page.question is questions[0], timeout=2000)
        return given

    return ask


def test_the_amount_is_announced_then_the_chips_given(qtbot, page, asked):
    given = asked(BUY_IN)
    assert page.announce_row.isVisible() and page.announce.hasFocus()
    qtbot.keyClicks(page.announce, "300")  # the number keys type the amount here…
    assert page.tray.chips() == []
    qtbot.keyClick(page.announce, Qt.Key.Key_Return)  # …Enter goes on to the tray
    assert page.tray.hasFocus() and given == []
    for key in "5553":  # three 25s and a 5
        qtbot.keyClick(page.tray, key)
    qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    assert given == ["300: 25 25 25 5"]


def test_tab_goes_from_the_announce_to_the_tray_and_back(qtbot, page, asked):
    asked(BUY_IN)
    qtbot.keyClicks(page.announce, "150")
    qtbot.keyClick(page.announce, Qt.Key.Key_Tab)
    assert page.tray.hasFocus() and page.announce.text() == "150"
    qtbot.keyClick(page.tray, Qt.Key.Key_Backtab)
    assert page.announce.hasFocus()


def test_an_amount_left_out_is_handed_in_for_the_domain_to_say(qtbot, page, asked):
    given = asked(BUY_IN)
    qtbot.keyClick(page.announce, Qt.Key.Key_Return)
    qtbot.keyClick(page.tray, "5")
    qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    assert given == [": 25"]
    assert page.announce.hasFocus()  # unread: back to the amount


def test_a_payout_without_an_announce_has_no_announce_field(qtbot, page, asked):
    given = asked(EVERY_CHIP)
    assert not page.announce_row.isVisible() and page.tray.hasFocus()
    qtbot.keyClick(page.tray, "5")
    qtbot.keyClick(page.tray, "4")
    qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    assert given == ["25 10"]


def test_a_rack_without_greens_greys_them_and_their_key_gives_nothing(qtbot, page, asked):
    asked(NO_GREENS, EVERY_CHIP)
    tray = page.tray
    green = next(b for b in tray.buttons if b.denomination == D(25))
    assert not green.isEnabled() and "not in the rack" in green.toolTip()
    assert all(b.isEnabled() for b in tray.buttons if b is not green)
    qtbot.keyClick(tray, "5")  # the 25's key
    qtbot.mouseClick(green, Qt.MouseButton.LeftButton)
    assert tray.chips() == []
    qtbot.keyClick(tray, "6")
    qtbot.keyClick(tray, "3")
    assert tray.chips() == [D(100), D(5)]
    # the next question has every chip again
    page._waiting_next = False
    page._show_next()
    assert page.question is EVERY_CHIP and green.isEnabled()
    qtbot.keyClick(tray, "5")
    assert tray.chips() == [D(25)]


def test_the_line_over_the_tray_never_gives_the_amount_to_count(page):
    change = question(CHIPS, {"chip_set": CHIP_SET, "amount": "100"}, skill="change")
    conversion = question(CHIPS, {"chip_set": CHIP_SET, "amount": "40"}, skill="conversions")
    assert "Change" in page._extra_text(change) and "€100" in page._extra_text(change)
    assert "Pay" in page._extra_text(conversion) and "€40" in page._extra_text(conversion)
    assert page._extra_text(BUY_IN) == ""
    stacks = question("amount", {"chip_set": CHIP_SET, "stacks": [["25", 20]]})
    assert page._extra_text(stacks) == ""


def test_the_hint_says_how_to_announce(qtbot, page, asked):
    asked(BUY_IN)
    assert "announce" in page.hint.text()
    top = page.hint.mapTo(page, page.hint.rect().topLeft()).y()
    bottom = page.tray.mapTo(page, page.tray.rect().bottomLeft()).y()
    assert 0 <= top - bottom <= 16


def test_a_stake_to_read_is_drawn_without_its_amount(qtbot, page, asked):
    stake = (("seat", D(60)),)
    box = BoxView(
        2, stake, (HandView("2", ("AS", "KD"), stake),), chips=(("seat", (D(25),) * 2 + (D(10),)),)
    )
    read = question(
        "amount",
        {"chip_set": CHIP_SET, "stacks": [["25", 2], ["10", 1]]},
        TableView(boxes(box), dealer_cards=("9C",)),
    )
    shown = question("amount", {"chip_set": CHIP_SET}, TableView(boxes(box), dealer_cards=("9C",)))
    asked(read, shown)
    assert page.scene.stacks["2:seat"].written == ""
    page._waiting_next = False
    page._show_next()
    assert page.question is shown
    assert page.scene.stacks["2:seat"].written == "€60"


# -- the real skills ----------------------------------------------------------------------------


def _real(qtbot, page: DrillPage, name: str, seed: int = 4):
    drill = Drill([SKILLS[name]], RULES, count=3, seed=seed)
    page.start(drill)
    qtbot.waitUntil(lambda: page.question is not None, timeout=2000)
    return page.question


def test_a_buy_in_is_announced_then_given_and_judged_right(qtbot, page):
    q = _real(qtbot, page, "buy-in")
    assert q.kind == ANNOUNCED_CHIPS and page.announce.hasFocus()
    assert page._extra_text(q) == ""  # the amount is the trainee's to count
    assert set(page.scene.drawing.money) >= {"notes"}
    said, chips = q.answer
    qtbot.keyClicks(page.announce, str(said))
    qtbot.keyClick(page.announce, Qt.Key.Key_Return)
    keys = [str(c) for c in page.tray.denominations]
    for c in chips:
        qtbot.keyClick(page.tray, str(keys.index(str(c)) + 1))
    with qtbot.waitSignal(page.answeredSignal, timeout=2000) as done:
        qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    assert done.args[0].verdict.correct, done.args[0].verdict


def test_a_conversion_greys_out_what_the_rack_lacks(qtbot, page):
    for seed in range(1, 30):
        q = _real(qtbot, page, "conversions", seed)
        if "rack" in q.data:
            break
        page.end()
    else:
        raise AssertionError("no conversion from a short rack in 30 seeds")
    rack = {D(c) for c in q.data["rack"]}
    for b in page.tray.buttons:
        assert b.isEnabled() == (b.denomination in rack), b.denomination
    assert "Pay" in page._extra_text(q)


@pytest.mark.parametrize("name", ["stack-values", "colour-up", "read-pay"])
def test_the_chips_to_read_carry_no_amount(qtbot, page, name):
    q = _real(qtbot, page, name)
    assert page._extra_text(q) == ""
    texts = [s.written for s in page.scene.stacks.values()]
    assert all(t == "" for t in texts), texts


def test_the_verdict_says_which_part_of_the_answer_was_wrong(qtbot, page):
    q = _real(qtbot, page, "buy-in")
    said, chips = q.answer
    qtbot.keyClicks(page.announce, str(said))
    qtbot.keyClick(page.announce, Qt.Key.Key_Return)
    keys = [str(c) for c in page.tray.denominations]
    for c in chips[1:]:  # one chip short: the amount right, the chips not
        qtbot.keyClick(page.tray, str(keys.index(str(c)) + 1))
    with qtbot.waitSignal(page.answeredSignal, timeout=2000) as done:
        qtbot.keyClick(page.tray, Qt.Key.Key_Return)
    verdict = done.args[0].verdict
    assert not verdict.correct and dict(verdict.parts) == {"amount": True, "chips": False}
    assert verdict.note and verdict.note in page.feedback.text()


@pytest.mark.parametrize("read_the_bet", [False, True])
def test_read_pay_writes_no_amount_whatever_the_read_the_bet_setting(qtbot, page, read_the_bet):
    page.read_the_bet = read_the_bet
    seen = set()
    for seed in range(12):  # a win, a Black Jack, an insurance, a split hand among them
        q = _real(qtbot, page, "read-pay", seed)
        seen.add(q.item.split(":")[1].split("-")[0])
        texts = {k: s.written for k, s in page.scene.stacks.items()}
        assert texts and all(t == "" for t in texts.values()), (q.item, texts)
        assert page._extra_text(q) == ""
        page.end()
    assert len(seen) >= 3, seen
    # the same felt writes a stake's amount in a payout drill that does not read the bet
    if not read_the_bet:
        _real(qtbot, page, "chips")
        assert any(s.written for s in page.scene.stacks.values())
