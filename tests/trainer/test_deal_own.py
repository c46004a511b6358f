"""Deal mode on one's own (issue 24): the prompt says the phase at most, the trainee names the
place and the action, and a step left out or done out of turn is an error of order."""

from __future__ import annotations

import pytest

from trainer import i18n
from trainer.game.rules import HouseRules
from trainer.history.store import Store
from trainer.practice.answers import Unreadable
from trainer.practice.deal import EXAM, PRACTICE, DealShoe
from trainer.practice.deal_steps import K_ORDER, PHASE_PROMPTS, Move, move_of, move_text

# casino-fr, 7 boxes, seed 27: the first round shows a dealer Ace (insurance offered), a bust,
# and box 4 settled just before box 3
SEED = 27


def _shoe(mode: str = EXAM, store: Store | None = None) -> DealShoe:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=SEED, mode=mode,
                    guided=False, store=store)  # fmt: skip
    shoe.next_round()
    return shoe


def _until(shoe: DealShoe, wanted) -> None:
    while not wanted(shoe.step):
        assert shoe.answer(move_text(move_of(shoe.step)), 500).correct


def _bust(s) -> bool:
    return s.item == "pay:collect" and s.phase == "play"


def _box_4_settled(s) -> bool:
    return s.phase == "settle" and s.hand == "4"


def test_no_prompt_names_the_box_the_bettor_or_the_action() -> None:
    shoe = _shoe()
    phases = set(PHASE_PROMPTS.values())
    for s in shoe.steps:
        assert s.prompt.split(" — ")[0] in phases, s.prompt
        assert "Settle " not in s.prompt and "box" not in s.prompt and "Ace" not in s.prompt
        assert s.view.active is None and not s.view.highlights


def test_an_exam_flags_a_bust_not_collected_a_box_settled_out_of_turn_and_insurance_not_offered(
    tmp_path,
) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        shoe = _shoe(store=store)
        _until(shoe, lambda s: s.item == "procedure:insurance")
        after = shoe.steps[shoe.position + 1]
        # insurance forgotten: the trainee goes on with the play; the players' insurance is
        # left out with it
        shoe.answer(move_text(move_of(_first_after_insurance(shoe))), 800)
        assert not any(s.item.startswith("pay:insur") for s in shoe.steps[shoe.position :])
        assert after is not shoe.step or after.item != "pay:insure"
        _until(shoe, _bust)
        bust = shoe.step
        following = shoe.steps[shoe.position + 1]
        v = shoe.answer(move_text(move_of(following)), 700)  # the next card, the bust left
        assert v.correct and v.step is following  # the card itself was dealt right
        _until(shoe, _box_4_settled)
        box_4 = shoe.step
        box_3 = shoe.steps[shoe.position + 1]
        assert box_3.hand == "3"
        v = shoe.answer(move_text(move_of(box_3)), 900)  # box 3 before box 4
        assert not v.correct and v.error_kind == K_ORDER and v.step is box_3
        assert shoe.step is box_4  # box 4 is still to settle
        _until(shoe, lambda s: s is None)
        f = shoe.finish()
        assert f.errors[K_ORDER] == 3 and f.error_count == 3
        assert f.over == f.under == 0  # nothing paid wrongly: box 3 was paid its due
        wrong = [v for v in shoe.verdicts if not v.correct]
        assert [v.reason.split(":")[0] for v in wrong] == [
            "insurance not offered", "a bust not collected", "a box settled out of turn",
        ]  # fmt: skip
        assert wrong[1].step is bust and wrong[1].move == move_of(bust)
        # each stored at once, as a deal-mode step of kind order
        rows = [a for a in store.attempts() if not a.correct]
        assert [r.item for r in rows] == [
            "procedure:order-insurance-not-offered",
            "procedure:order-bust-not-collected",
            "procedure:order-settled-out-of-turn",
        ]


def _first_after_insurance(shoe: DealShoe):
    return next(
        s for s in shoe.steps[shoe.position + 1 :]
        if s.item not in ("pay:insure", "procedure:insurance-over")
    )  # fmt: skip


def test_in_practice_the_step_due_waits_and_says_why() -> None:
    shoe = _shoe(PRACTICE)
    _until(shoe, _bust)
    bust = shoe.step
    following = shoe.steps[shoe.position + 1]
    v = shoe.answer(move_text(move_of(following)), 700)
    assert not v.correct and v.again and v.error_kind == K_ORDER
    assert "before the next player's card" in v.reason and shoe.step is bust
    assert shoe.answer(f"{bust.hand} c", 500).correct  # "6 c": collected, it goes on
    _until(shoe, _box_4_settled)
    box_4 = shoe.step
    v = shoe.answer(move_text(move_of(shoe.steps[shoe.position + 1])), 700)
    assert v.again and v.error_kind == K_ORDER and shoe.step is box_4
    assert shoe.figures.errors[K_ORDER] == 2


def test_the_hole_card_turned_too_soon_is_an_error_of_order() -> None:
    shoe = DealShoe(HouseRules.preset_named("hole-card"), boxes=3, seed=5, mode=EXAM)
    shoe.next_round()
    assert not shoe.guided
    v = shoe.answer("d t", 400)  # the first card not yet dealt
    assert not v.correct and v.error_kind == K_ORDER and v.reason.startswith("the hole card")


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("6 c", Move("6", "collect")),
        ("6 collect", Move("6", "collect")),
        ("3 p 15", Move("3", "pay", "15")),
        ("4.2 14", Move("4.2", "announce", "14")),
        ("d h", Move("dealer", "draw")),
        ("d s", Move("dealer", "stand")),
        ("i", Move(None, "insurance")),
        ("b", Move(None, "burn")),
        ("5", Move("5", "deal")),
        ("2 x", Move("2", "double")),
    ],
)
def test_a_move_is_read_in_few_keys_in_the_trainee_s_words(typed: str, move: Move) -> None:
    shoe = _shoe()
    assert shoe.read_move(typed) == move


@pytest.mark.parametrize(
    ("lang", "typed", "move"),
    [
        ("fr", "6 encaisser", Move("6", "collect")),
        ("fr", "3a payer 7,50", Move("3", "pay", "7,50", "behind-a")),
        ("fr", "2 non", Move("2", "refuse")),
        ("it", "3 pagare 15", Move("3", "pay", "15")),
        ("it", "2 no", Move("2", "refuse")),
        ("fr", "6 collect", Move("6", "collect")),  # English is read in every language
    ],
)
def test_a_move_is_read_in_the_trainee_s_language_and_english(
    lang: str, typed: str, move: Move
) -> None:
    i18n.set_language(lang)
    try:
        assert _shoe().read_move(typed) == move
    finally:
        i18n.set_language("en")


def test_a_move_in_another_language_than_the_trainee_s_is_not_read() -> None:
    i18n.set_language("it")
    try:
        # French: not the Italian trainee's words, so no action ("encaisser" is then taken as
        # what box 6 is announced or paid, and read as a point or an amount: refused there)
        assert _shoe().read_move("6 encaisser").action != "collect"
        assert _shoe().read_move("6 incassa").action == "collect"
    finally:
        i18n.set_language("en")


def test_an_unreadable_move_says_how_to_type_one() -> None:
    shoe = _shoe()
    with pytest.raises(Unreadable, match="name the place"):
        shoe.answer("collect", 100)
    assert shoe.figures.steps == 0  # nothing scored


def test_an_exam_or_a_shift_is_never_guided() -> None:
    rules = HouseRules.preset_named("casino-fr")
    with pytest.raises(ValueError, match="always dealt on your own"):
        DealShoe(rules, mode=EXAM, guided=True)
    with pytest.raises(ValueError, match="always dealt on your own"):
        DealShoe(rules, shift_minutes=15, guided=True)
    assert DealShoe(rules, mode=EXAM).guided is False
