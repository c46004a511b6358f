"""The chip payment the trainee's school teaches: chosen in the settings, asked by the chips
drill in the app, the stake drawn in the chips it was put down in."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt

from trainer.game.payout import AS_ASKED, COLOUR_FOR_COLOUR, FEWEST, HOUSE_MIX, chip_breakdown
from trainer.game.table import BoxView, HandView, TableView
from trainer.settings import Settings
from ui.dialogs.settings import SettingsDialog
from ui.table.scene import TableScene

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def test_the_settings_choose_the_chip_payment(qtbot, tmp_path, store):
    settings = Settings.load(tmp_path / "settings.json")
    dialog = SettingsDialog(settings, store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    combo = dialog.chip_payment_combo
    assert combo.currentData() == FEWEST
    assert [combo.itemData(i) for i in range(combo.count())] == [FEWEST, COLOUR_FOR_COLOUR]
    dialog.tabs.setCurrentIndex(1)  # the Table page
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == COLOUR_FOR_COLOUR
    with qtbot.waitSignal(dialog.applied, timeout=2000):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert settings.prefs.chip_payment == COLOUR_FOR_COLOUR
    assert Settings.load(settings.path).prefs.chip_payment == COLOUR_FOR_COLOUR


# The first question of these seeds pays an insurance (its box's bet collected: no seat stake on
# the felt), a Black Jack, a win, a double (the stake in two stacks, the bet and its double).
@pytest.mark.parametrize(
    ("seed", "why"), [(0, "insurance"), (1, "blackjack"), (2, "win"), (3, "double")]
)
def test_the_app_s_chips_drill_asks_as_the_settings_say(qtbot, tmp_path, new_window, seed, why):
    settings = Settings.load(tmp_path / "settings.json")
    settings.prefs.chip_payment = COLOUR_FOR_COLOUR
    settings.save()
    w = new_window()
    w.show()
    qtbot.waitExposed(w)
    w.start_drill(["chips"], "practice", seed=seed)
    page = w.drill_page
    q = page.question
    assert q is not None and q.data["payment"] == COLOUR_FOR_COLOUR
    assert q.data["why"] == why
    assert "colour for colour" in page.prompt.text()
    # the stake being paid lies on the felt in the chips the question names: the seat's
    # (with its double) or, for an insurance, the insurance's
    box = q.data["box"]
    keys = [f"{box}:insurance"] if why == "insurance" else [f"{box}:seat", f"{box}:seat:double"]
    drawn = [c for k in keys if k in page.scene.stacks for c in page.scene.stacks[k]._chips]
    assert drawn == [D(c) for c in q.data["stake"]]
    if why != "insurance":  # in the chips the player put down
        placed = dict(q.table.box(box).chips)["seat"]
        assert page.scene.stacks[f"{box}:seat"]._chips == sorted(placed, reverse=True)
    page.end()
    w.close()


def test_a_bet_is_drawn_in_the_chips_it_was_put_down_in(qapp):
    scene = TableScene(breakdown=lambda a: chip_breakdown(a, [D(c) for c in (1, 5, 25, 100)]))
    stakes = (("seat", D(20)),)
    box = BoxView(3, stakes, (HandView("3", ("TS", "9H"), stakes),), chips=(("seat", (D(5),) * 4),))
    other = BoxView(2, stakes, (HandView("2", ("TD", "8H"), stakes),))
    scene.show(TableView((BoxView(1), other, box), ("7C",)))
    assert scene.stacks["3:seat"]._chips == [D(5)] * 4
    assert scene.stacks["2:seat"]._chips == [D(5)] * 4  # 20 in the fewest chips of 1 5 25 100
    odd = BoxView(4, stakes, (HandView("4", ("TD", "8H"), stakes),), chips=(("seat", (D(25),)),))
    scene.show(TableView((odd,), ("7C",)))
    assert scene.stacks["4:seat"]._chips == [D(5)] * 4  # chips that do not make it: the fewest


@pytest.mark.parametrize(
    ("skill", "setting", "default", "chosen", "words"),
    [
        ("buy-in", "buy_in", HOUSE_MIX, AS_ASKED, "as the player asks"),
        ("change", "change", AS_ASKED, HOUSE_MIX, "the house's mix"),
    ],
)
def test_the_settings_choose_how_chips_are_handed_and_the_drill_asks_so(
    qtbot, tmp_path, store, new_window, skill, setting, default, chosen, words
):
    def first_question():
        w = new_window()
        w.show()
        qtbot.waitExposed(w)
        w.start_drill([skill], "practice", seed=3)
        q = w.drill_page.question
        prompt = w.drill_page.prompt.text()
        w.drill_page.end()
        w.close()
        return q, prompt

    settings = Settings.load(tmp_path / "settings.json")
    asked, _prompt = first_question()
    assert asked is not None and asked.data["way"] == default
    dialog = SettingsDialog(settings, store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    combo = getattr(dialog, f"{setting}_combo")
    assert combo.currentData() == default
    assert {combo.itemData(i) for i in range(combo.count())} == {HOUSE_MIX, AS_ASKED}
    dialog.tabs.setCurrentIndex(1)  # the Table page
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == chosen
    with qtbot.waitSignal(dialog.applied, timeout=2000):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert Settings.load(settings.path).prefs.__dict__[setting] == chosen
    asked, prompt = first_question()
    assert asked is not None and asked.data["way"] == chosen
    assert words in prompt
