"""Deal mode: the dealer's steps read off the engine's rounds, judged, stored, and measured."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import i18n, vocabulary
from trainer.game.payout import COLOUR_FOR_COLOUR, money
from trainer.game.round import DEALER
from trainer.game.rules import PRESETS, HouseRules
from trainer.history.store import Store
from trainer.practice.answers import Unreadable
from trainer.practice.deal import (
    EXAM,
    FREQUENT,
    PRACTICE,
    DealShoe,
    reference_rounds_per_hour,
)
from trainer.practice.deal_steps import (
    ACTION,
    AMOUNT,
    COLLECT,
    K_ANNOUNCE,
    K_DEAL,
    K_ORDER,
    K_PAY,
    K_PROCEDURE,
    PLACE,
    PUSH,
    REFUSE,
    WORDS,
    move_of,
    move_text,
    player_says,
)

D = Decimal


class Clock:
    def __init__(self) -> None:
        self.ns = 0

    def __call__(self) -> int:
        return self.ns


def right(shoe: DealShoe, s) -> str:
    """The right answer to step `s`: as it asks (guided), or the move that names it."""
    return s.expected if shoe.guided else move_text(move_of(s))


def _deal_perfectly(shoe: DealShoe) -> Counter[str]:
    seen: Counter[str] = Counter()
    while not shoe.shoe_over:
        shoe.next_round()
        while not shoe.round_over:
            s = shoe.step
            assert s is not None
            seen[s.skill] += 1
            v = shoe.answer(right(shoe, s), 900)
            assert v.correct, (s.prompt, s.expected, v)
    return seen


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**63 - 1),
    incidents=st.sampled_from(("off", "rare", "frequent")),
)
def test_a_perfect_dealer_finishes_any_shoe_without_an_error(
    preset: str, seed: int, incidents: str
) -> None:
    rules = HouseRules.preset_named(preset)
    shoe = DealShoe(rules, boxes=rules.boxes, incidents=incidents, seed=seed)
    _deal_perfectly(shoe)
    f = shoe.finish()
    assert f.rounds >= 1 and f.steps > 0 and f.error_count == 0
    assert f.over == f.under == 0


def test_a_shoe_runs_every_kind_of_step_and_ends_at_the_cut_card() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, incidents=FREQUENT, seed=3)
    seen = _deal_perfectly(shoe)
    assert {"deal-order", "announce", "dealer", "procedure", "outcome", "pay-even"} <= set(seen)
    assert "exposed-card" in seen
    # six decks, the red card about a quarter from the end: a handful of rounds, not hundreds
    assert 5 <= shoe.figures.rounds <= 30


def test_the_deal_goes_box_by_box_then_the_dealer() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=3, seed=5)
    steps = shoe.next_round()
    places = [s.expected for s in steps if s.ask == PLACE][:7]
    boxes = sorted(shoe.round.boxes)
    # [000] a card to each box in order, one to the dealer, a second to each box (no hole card)
    assert places == [str(b) for b in boxes] + [DEALER] + [str(b) for b in boxes]


def test_with_a_hole_card_the_dealer_takes_his_second_card_face_down() -> None:
    shoe = DealShoe(HouseRules.preset_named("hole-card"), boxes=2, seed=8)
    steps = shoe.next_round()
    deal = [s for s in steps if s.ask == PLACE][:6]
    assert [s.expected for s in deal][-1] == DEALER and "face down" in deal[-1].prompt


@pytest.mark.parametrize("mode", [PRACTICE, EXAM])
def test_one_mistake_of_each_kind_is_flagged(mode: str) -> None:
    # practice guided (each step named, answered as it asks), an exam on one's own (the place
    # and the action named): the same mistakes flagged under the same kinds
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=11, mode=mode)
    assert shoe.guided == (mode == PRACTICE)
    wrong_once: set[str] = set()
    flagged: list[str] = []
    while not shoe.shoe_over and len(wrong_once) < 4:
        shoe.next_round()
        while not shoe.round_over:
            s = shoe.step
            assert s is not None
            answer = right(shoe, s)
            place = move_text(move_of(s)).split()[0]
            # (on one's own the dealer's own act, the shoe's burn, has no wrong answer of its
            # kind: any other move is an error of order)
            if s.kind not in wrong_once and (shoe.guided or move_of(s).target is not None):
                if s.ask == PLACE:
                    answer = "7" if s.expected != "7" else "1"
                elif s.ask == WORDS:
                    answer = "Black Jack" if s.expected != "Black Jack" else "20"
                    answer = answer if shoe.guided else f"{place} {answer}"
                elif s.ask == AMOUNT:
                    answer = "1000" if shoe.guided else f"{place} p 1000"
                elif s.ask == ACTION:
                    answer = REFUSE if s.expected != REFUSE else "draw"
                    answer = answer if shoe.guided else f"{place} {answer}"
                wrong_once.add(s.kind)
            v = shoe.answer(answer, 1000)
            if not v.correct:
                flagged.append(v.error_kind)
                assert v.reason and v.expected == s.expected if shoe.guided else v.reason
                if mode == PRACTICE:
                    assert v.again and shoe.step is s  # the round waits at that step
                    assert shoe.answer(right(shoe, s), 500).correct  # done right, it goes on
                else:
                    assert not v.again and shoe.step is not s
    f = shoe.finish()
    assert sorted(flagged) == sorted([K_DEAL, K_ANNOUNCE, K_PAY, K_PROCEDURE])
    assert f.errors == {K_DEAL: 1, K_ANNOUNCE: 1, K_PAY: 1, K_PROCEDURE: 1, K_ORDER: 0}
    # only the first try of a step counts: the errors per 100 steps are 4 of all steps
    assert f.per_100() == pytest.approx(400 / f.steps)


def _first_step(shoe: DealShoe, ask: str, expected: str | None = None, paid: bool = False):
    """Deal on perfectly up to the first step asking `ask` (for `expected`; with a payment)."""
    while True:
        if shoe.round_over:
            shoe.next_round()
        s = shoe.step
        if (
            s.ask == ask
            and (expected is None or s.expected == expected)
            and (not paid or s.amount is not None)
        ):
            return s
        shoe.answer(right(shoe, s), 100)


def test_money_paid_wrongly_is_summed_over_and_under() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=2, mode=EXAM)
    s = _first_step(shoe, AMOUNT, COLLECT)
    stake = s.data["stake"]
    place = move_text(move_of(s)).split()[0]
    v = shoe.answer(f"{place} {PUSH}", 100)  # a losing hand's stake left to the player
    assert not v.correct and v.over == stake and v.under == 0
    paid = _first_step(shoe, AMOUNT, paid=True)
    place = move_text(move_of(paid)).split()[0]
    v = shoe.answer(f"{place} p {paid.amount - 1}", 100)
    assert v.under == 1 and v.over == 0
    f = shoe.finish()
    assert (f.over, f.under) == (stake, D(1))


def test_unreadable_steps_are_asked_again_and_not_scored() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=2, seed=4)
    shoe.next_round()
    s = shoe.step
    # 5,000 digits (a stuck key, a paste) were Python's "Exceeds the limit" traceback
    for nonsense in ("9", "box", "", "١", "9" * 5000, "0" * 4999 + "1"):
        with pytest.raises(Unreadable):
            shoe.answer(nonsense, 100)
    assert shoe.step is s and shoe.figures.steps == 0


def test_the_same_seed_deals_the_same_shoe() -> None:
    def script(seed: int) -> list[tuple[str, str, str]]:
        shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=5, seed=seed, incidents="rare")
        out = []
        while not shoe.shoe_over:
            for s in shoe.next_round():
                out.append((s.phase, s.prompt, s.expected))
            while not shoe.round_over:
                shoe.answer(right(shoe, shoe.step), 1)
        return out

    assert script(42) == script(42)
    assert script(42) != script(43)


def test_every_step_is_stored_as_an_attempt_of_its_skill(tmp_path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        shoe = DealShoe(
            HouseRules.preset_named("casino-fr"), boxes=3, seed=9, store=store, profile="ana"
        )
        shoe.next_round()
        n = 0
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 700)
            n += 1
            # stored the moment it is answered, before the round or the shoe ends
            assert store.sessions("ana")[0].attempts == n
        shoe.finish()
        [session] = store.sessions("ana")
        assert session.mode == "deal" and session.ended is not None
        assert session.attempts == session.correct == n


def test_time_is_kept_by_phase_and_the_pace_against_the_reference() -> None:
    clock = Clock()
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1, clock=clock)
    shoe.next_round()
    while not shoe.round_over:
        clock.ns += 1_000_000_000
        shoe.answer(right(shoe, shoe.step), 1000)
    f = shoe.finish()
    assert sum(f.phase_ms.values()) == 1000 * f.steps
    assert f.phase_ms["deal"] > 0 and f.phase_ms["settle"] > 0
    assert f.rounds_per_hour() == pytest.approx(3600 / f.steps)
    # a school's reference: about 50-60 rounds an hour at 7 boxes, more with fewer players
    assert 50 <= reference_rounds_per_hour(7) <= 60
    assert reference_rounds_per_hour(1) > reference_rounds_per_hour(7)


def test_the_pace_counts_the_rounds_dealt_to_their_end_and_their_time() -> None:
    clock = Clock()
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=1, seed=1, clock=clock)
    shoe.next_round()
    clock.ns += 10_000_000
    shoe.answer(right(shoe, shoe.step), 10)
    # a round left at its first card: no pace (it read 1 round in 10 ms, 360,000 an hour)
    assert shoe.finish().rounds_per_hour() is None
    assert shoe.figures.rounds == 1  # it is still a round dealt

    clock = Clock()
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=1, seed=1, clock=clock)
    shoe.next_round()
    while not shoe.round_over:
        clock.ns += 1_000_000_000
        shoe.answer(right(shoe, shoe.step), 1000)
    whole = shoe.figures.steps
    shoe.next_round()
    clock.ns += 1_000_000_000
    shoe.answer(right(shoe, shoe.step), 1000)  # the second round begun, then the shoe ended
    clock.ns += 60_000_000_000
    f = shoe.finish()
    assert f.rounds == 2 and f.rounds_done == 1
    assert f.rounds_per_hour() == pytest.approx(3600 / whole)


def test_a_shift_ends_when_its_time_is_up_not_at_the_cut_card() -> None:
    clock = Clock()
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1, clock=clock,
                    shift_minutes=15)  # fmt: skip
    rounds = 0
    while not shoe.shoe_over:
        shoe.next_round()
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 10)
        rounds += 1
        clock.ns += 30 * 1_000_000_000  # half a minute a round
    assert rounds == 30  # past one shoe's cut card, reshuffled, until 15 minutes


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"boxes": 8}, "1 to 7 boxes"),
        ({"mode": "exam!"}, "practice or exam"),
        ({"incidents": "often"}, "off, rare or frequent"),
        ({"seed": 2**63}, "0 to"),
    ],
)
def test_bad_settings_are_one_sentence(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        DealShoe(HouseRules.preset_named("casino-fr"), **kwargs)


def test_a_refused_request_is_asked_before_the_players_real_decision() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=6, incidents=FREQUENT)
    for _ in range(30):
        steps = shoe.next_round()
        refusals = [s for s in steps if s.expected == REFUSE]
        if refusals:
            s = refusals[0]
            # the player's words, in the trainee's language (English here)
            assert s.says in ("double", "split") and s.rule
            assert s.view.signals == ((s.hand, s.data["signal"], s.says),)
            break
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 1)
    else:
        pytest.fail("no refused request in 30 rounds at the frequent rate")


def _steps_until(shoe: DealShoe, wanted, limit: int = 20_000):
    """Deal on perfectly until the step asked now is one `wanted` picks (a new shoe each time
    one ends, the seed moved on)."""
    for _ in range(limit):
        if shoe.shoe_over:
            shoe.__init__(shoe.rules, boxes=shoe.boxes, incidents=shoe.incidents,
                          seed=shoe.seed + 1)  # fmt: skip
        if shoe.round_over:
            shoe.next_round()
        s = shoe.step
        if wanted(s):
            return s
        shoe.answer(right(shoe, s), 1)
    pytest.fail("no such step")


def test_insurance_is_offered_on_an_ace_and_taken_to_the_amount() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
    offer = _steps_until(shoe, lambda s: s.item == "procedure:insurance")
    assert offer.expected == "insurance" and offer.view.dealer_cards[0][0] == "A"
    take = _steps_until(shoe, lambda s: s.item == "pay:insure")
    box = take.view.box(int(take.hand))
    stake = dict(box.bets)[take.bettor]
    # [000] exactly half the bettor's own stake at a French table
    assert take.amount == stake / 2 and take.expected == money(take.amount)


def test_an_insurance_over_the_allowed_amount_is_refused() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=2, incidents=FREQUENT)
    s = _steps_until(shoe, lambda s: s.item == "procedure:insurance-over")
    assert s.expected == REFUSE and "half" in s.rule and "[003]" in s.rule


def test_a_standing_bettor_refusing_a_split_is_refused_at_an_italian_table() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=3, incidents=FREQUENT)
    s = _steps_until(shoe, lambda s: "will not add money" in s.prompt)
    assert s.expected == REFUSE and "[003]" in s.rule


def test_a_soft_point_called_hard_is_wrong_in_deal_mode_too() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=4)
    s = _steps_until(shoe, lambda s: s.ask == WORDS and " or " in s.expected)
    low = s.expected.split(" or ")[0]
    v = shoe.answer(f"hard {low}", 100)
    assert not v.correct
    shoe2 = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=4)
    _steps_until(shoe2, lambda s: s.ask == WORDS and " or " in s.expected)
    assert shoe2.answer(f"soft {int(low) + 10}", 100).correct


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("dealer", "D")), ("fr", ("croupier", "dealer", "D")),
     ("it", ("mazziere", "banchiere", "croupier", "dealer", "D"))],
)  # fmt: skip
def test_the_dealer_is_named_in_the_trainee_s_language_or_english(
    lang: str, words: tuple[str, ...]
) -> None:
    i18n.set_language(lang)
    for word in words:
        shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=1, seed=4)
        _steps_until(shoe, lambda s: s.ask == PLACE and s.expected == DEALER)
        assert shoe.answer(word, 100).correct, word


def _deal_shoe(rules: str, prepare_at: int | None, **options) -> list[tuple[str, str, str]]:
    """The steps of a whole shoe; with `prepare_at`, the next round is played ahead when that
    many steps of a round are left (-1: never)."""
    shoe = DealShoe(HouseRules.preset_named(rules), **options)
    out = []
    while not shoe.shoe_over:
        for s in shoe.next_round():
            out.append((s.phase, s.prompt, s.expected))
        while not shoe.round_over:
            if prepare_at is not None and len(shoe.steps) - shoe.position == prepare_at:
                ahead = shoe.prepare_next()
                assert ahead is None or ahead is shoe.prepare_next()  # played once
            shoe.answer(right(shoe, shoe.step), 1)
    return out


@pytest.mark.parametrize("rules", ["casino-fr", "casino-it"])
def test_the_round_played_ahead_is_the_round_dealt_and_the_shoe_ends_at_the_same_cut(rules):
    plain = _deal_shoe(rules, None, boxes=5, seed=42, incidents="rare")
    for at in (1, 3):
        assert _deal_shoe(rules, at, boxes=5, seed=42, incidents="rare") == plain


def test_the_next_round_is_handed_over_as_it_was_played_ahead() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=3)
    shoe.next_round()
    while shoe.position < len(shoe.steps) - 1:
        shoe.answer(right(shoe, shoe.step), 1)
    ahead = shoe.prepare_next()
    assert ahead and not shoe.round_over and shoe.figures.rounds == 1
    shoe.answer(right(shoe, shoe.step), 1)
    assert shoe.next_round() is ahead and shoe.figures.rounds == 2


def test_nothing_is_played_ahead_of_the_shoes_last_round() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=3)
    while True:
        shoe.next_round()
        if shoe.shoe_over:  # the cut card came out in this round: it is the last
            break
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 1)
    assert shoe.prepare_next() is None
    while not shoe.round_over:
        shoe.answer(right(shoe, shoe.step), 1)
    assert shoe.shoe_over


def test_a_round_played_ahead_does_not_end_the_shoe_before_it_is_dealt() -> None:
    def rounds(ahead: bool) -> int:
        shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=3)
        while not shoe.shoe_over:
            shoe.next_round()
            if ahead:
                shoe.prepare_next()  # at once: the cut card may come out in the round ahead
            while not shoe.round_over:
                shoe.answer(right(shoe, shoe.step), 1)
        return shoe.figures.rounds

    assert rounds(ahead=True) == rounds(ahead=False) > 5


def test_a_shift_plays_ahead_past_the_cut_card() -> None:
    clock = Clock()
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1, clock=clock,
                    shift_minutes=15)  # fmt: skip
    ahead = 0
    while not shoe.shoe_over:
        shoe.next_round()
        ahead += shoe.prepare_next() is not None
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 10)
        clock.ns += 30 * 1_000_000_000
    assert shoe.figures.rounds == 30 and ahead == 30  # the last one is never dealt


def test_the_player_s_words_are_the_trainee_s_language() -> None:
    from trainer.i18n import set_language
    from trainer.practice.deal_steps import SAYS

    assert dict(SAYS) == {"hit": "hit", "stand": "stand", "double": "double", "split": "split"}
    set_language("fr")  # [000] "carte", "non"; [004] the player's "je double", "je sépare"
    assert dict(SAYS) == {
        "hit": "carte",
        "stand": "non",
        "double": "je double",
        "split": "je sépare",
    }
    set_language("it")
    assert dict(SAYS) == {
        "hit": "carta",
        "stand": "sto",  # RULES.md §13: not "servito", which is dealt to [003]
        "double": "raddoppio",
        "split": "divido",
    }
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=6, incidents=FREQUENT)
    for _ in range(30):
        steps = shoe.next_round()
        said = [s for s in steps if s.expected in ("double", "split", "refuse") and s.says]
        if said:
            assert said[0].says in ("raddoppio", "divido")
            assert said[0].prompt.startswith("Riquadro ")
            break
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 100)
    else:
        raise AssertionError("no player's request in 30 rounds")


def test_each_decision_shows_its_hand_signal_until_it_is_carried_out() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=21)
    seen: Counter[str] = Counter()
    for _ in range(12):
        steps = shoe.next_round()
        decisions = [(e["type"], e["hand"]) for e in shoe.round.events
                     if e["type"] in ("hit", "stand", "double", "split")]  # fmt: skip
        signed = [(d, label) for s in steps for label, d, _ in s.view.signals]
        for d, label in decisions:
            seen[d] += 1
            assert (d, label) in signed, (d, label)
        for k, s in enumerate(steps):
            for label, d, words in s.view.signals:
                assert s.phase in ("play", "dealer") and words == player_says(d, "en")
                following = steps[k + 1].view.signals if k + 1 < len(steps) else ()
                if d == "stand":
                    # carried out by going on: shown on one step only
                    assert (label, d, words) not in following
                elif d == "hit" and s.ask == "place" and s.hand == label:
                    assert s.says == words == "hit"  # the card asked for, dealt now
                    assert (label, d, words) not in following
                elif d in ("double", "split") and s.expected == d and s.hand == label:
                    assert s.says == words and (label, d, words) not in following
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 1)
    assert seen["hit"] and seen["stand"] and seen["double"] and seen["split"]


def test_the_players_speak_the_language_given() -> None:
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=21, language="fr")
    said = set()
    for _ in range(12):
        for s in shoe.next_round():
            said |= {(d, words) for _, d, words in s.view.signals}
        while not shoe.round_over:
            shoe.answer(right(shoe, shoe.step), 1)
    assert ("hit", "carte") in said and ("stand", "non") in said  # [000]
    for d, words in said:
        assert words == player_says(d, "fr") and words in vocabulary.words(d, ("fr",))
    with pytest.raises(ValueError, match="the players speak"):
        DealShoe(HouseRules.preset_named("casino-fr"), language="xx")


# -- paying from the chip tray -----------------------------------------------------------------


def _paying(wanted, chip_payment: str = "fewest", store: Store | None = None):
    """A shoe dealt perfectly up to a payment step `wanted` picks (fresh shoes, seeds on)."""
    for seed in range(200):
        shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=seed,
                        chip_payment=chip_payment, store=store, profile="ana")  # fmt: skip
        while not shoe.shoe_over:
            shoe.next_round()
            while not shoe.round_over:
                s = shoe.step
                if shoe.pays_in_chips(s) and wanted(s):
                    return shoe, s
                shoe.answer(right(shoe, s), 1)
    pytest.fail("no such payment")


def test_a_win_paid_in_the_fewest_chips_is_right_and_in_more_chips_is_wrong() -> None:
    shoe, s = _paying(lambda s: s.item == "pay:pay" and s.amount == D(25))
    assert shoe.chips_due() == [D(25)]
    v = shoe.answer_chips([D(10), D(10), D(5)], 900)  # the right amount, too many chips
    assert not v.correct and v.again and v.over == v.under == 0
    assert "fewest chips" in v.reason and "house practice" in v.reason
    assert v.expected == "25 = 25"
    assert shoe.figures.errors["pay"] == 1
    v = shoe.answer_chips([D(25)], 900)
    assert v.correct and shoe.step is not s


def test_a_wrong_amount_from_the_tray_is_paid_wrongly_over_or_under() -> None:
    shoe, _ = _paying(lambda s: s.item == "pay:pay" and s.amount == D(25))
    v = shoe.answer_chips([D(25), D(5)], 900)
    assert not v.correct and v.over == D(5) and v.under == 0
    assert v.reason.endswith("[000]")  # the payout's own rule


def test_colour_for_colour_pays_in_the_stakes_chips() -> None:
    # a Black Jack on 20 (two 10s on the box) is paid 10 + 10 + 10 colour for colour, where the
    # fewest chips would be 25 + 5
    shoe, s = _paying(
        lambda s: s.item == "pay:blackjack-paid" and s.data["stake"] == D(20), COLOUR_FOR_COLOUR
    )
    assert shoe.chips_due() == [D(10), D(10), D(10)]
    v = shoe.answer_chips([D(25), D(5)], 900)
    assert not v.correct and "colour for colour" in v.reason
    assert shoe.answer_chips([D(10), D(10), D(10)], 900).correct


def test_only_payments_are_made_from_the_tray(tmp_path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        shoe, s = _paying(lambda s: s.item == "pay:pay", store=store)
        shoe.answer_chips(shoe.chips_due(), 1200)
        [attempt] = [a for a in store.attempts("ana") if a.response_ms == 1200]
        assert attempt.correct and attempt.question["chips"] == [money(c) for c in
                                                                 shoe.chips_due(s)]  # fmt: skip
        assert attempt.question["payment"] == "fewest"
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=3)
    shoe.next_round()
    assert shoe.answer("burn", 1).correct  # a shoe begins with its burn [000][003]
    assert shoe.step.ask == PLACE and not shoe.pays_in_chips()
    with pytest.raises(Unreadable, match="not paid in chips"):
        shoe.answer_chips([D(5)], 1)
    items = set()
    while not shoe.shoe_over:
        for step in shoe.steps:
            if shoe.pays_in_chips(step):
                items.add(step.item)
            assert not shoe.pays_in_chips(step) or step.amount
        shoe.position = len(shoe.steps)
        shoe.next_round()
    assert items <= {"pay:pay", "pay:blackjack-paid", "pay:insurance-paid"} and "pay:pay" in items
    with pytest.raises(ValueError, match="chips are paid"):
        DealShoe(HouseRules.preset_named("casino-fr"), chip_payment="any")


def test_deal_mode_s_players_take_an_exposed_card_as_they_would_play(monkeypatch) -> None:
    # [003] a player takes an exposed card or refuses it as he would play his hand: never on a
    # hard 17 or more (a quarter of deal mode's exposures were taken on 17-20)
    from trainer.game.cards import points
    from trainer.game.round import Round

    taken: list[tuple[str, ...]] = []
    expose = Round.expose

    def watched(self, refused_by=()):
        offered = self.exposed_offer_order()
        out = expose(self, refused_by=refused_by)
        if out.taken_by not in ("burned", DEALER):
            box = self.boxes[int(out.taken_by)]
            hand = next(h for h in box.hands if h.cards[-1] == out.card and out.card in h.cards)
            taken.append(tuple(hand.cards[:-1]))
        assert list(out.offered) == offered[: len(out.offered)]
        return out

    monkeypatch.setattr(Round, "expose", watched)
    for seed in range(40):
        shoe = DealShoe(
            HouseRules.preset_named("casino-fr"), boxes=7, seed=seed, incidents="frequent"
        )
        for _ in range(6):
            shoe.next_round()
            while not shoe.round_over:
                shoe.answer(shoe.step.expected, 500)
    assert len(taken) > 20
    for cards in taken:
        total, soft = points(cards)
        assert soft or total < 17, cards
