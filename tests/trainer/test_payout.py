"""Settlement, RULES.md §9, line by line through real rounds; then the payout arithmetic in
Decimal and the fewest-chips breakdown of an amount.

Amounts are what the dealer pays on top of the returned stake: a hand's `net` is +stake for a win,
0 for a push, -stake for a loss, +1.5 x stake for a Black Jack.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import pytest

from tests.trainer.rounds import D, hand, new_round
from trainer.game.payout import (
    ChipError,
    blackjack_win,
    chip_breakdown,
    insurance_max,
    insurance_win,
    money,
)
from trainer.game.round import (
    BLACKJACK,
    BUST,
    DOUBLE,
    HIT,
    LOSE,
    PUSH,
    SPLIT,
    STAND,
    WIN,
    Round,
)
from trainer.game.rules import HouseRules


def play_out(rnd: Round, decisions: Mapping[str, list[str]]) -> None:
    """Play each hand by its label's list of decisions; close insurance untaken."""
    if rnd.phase == "insurance":
        rnd.close_insurance()
    todo = {k: list(v) for k, v in decisions.items()}
    while rnd.current is not None:
        rnd.act(todo[rnd.current.label].pop(0))


# ---------------------------------------------------------------- §9 the settlement table


def test_a_box_that_beats_the_dealer_is_paid_1_to_1() -> None:
    # [000][001][004] "la banque paie une fois la mise (Léa mise 10, elle reçoit 10)"
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "9", "8"])
    play_out(rnd, {"1": [STAND]})
    h = hand(rnd, "1")
    assert (h.result, h.net) == (WIN, {"seat": D(10)})
    assert rnd.events[-1] == {"type": "pay", "hand": "1", "amounts": {"seat": "10"}}


def test_black_jack_is_paid_3_to_2() -> None:
    # [000] "1 fois et demie la mise, plus la mise"; bet 10 -> 15
    rnd = new_round("casino-fr", {1: 10}, ["A", "9", "K"])
    h = hand(rnd, "1")
    assert (h.result, h.net) == (BLACKJACK, {"seat": D(15)})
    assert rnd.done


def test_equal_points_push() -> None:
    # [000] "Les cases ayant le même point font égalité"; [003] "il colpo è nullo"
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "9", "T"])
    play_out(rnd, {"1": [STAND]})
    h = hand(rnd, "1")
    assert (h.result, h.net) == (PUSH, {"seat": D(0)})
    assert rnd.events[-1] == {"type": "push", "hand": "1", "amounts": {"seat": "0"}}


def test_a_lower_point_loses() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "8", "T"])
    play_out(rnd, {"1": [STAND]})
    h = hand(rnd, "1")
    assert (h.result, h.net) == (LOSE, {"seat": D(-10)})
    assert rnd.events[-1] == {"type": "collect", "hand": "1", "amounts": {"seat": "10"}}


def test_insurance_pays_2_to_1_on_a_dealer_black_jack() -> None:
    # [000][002][003]
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "9", "K"])
    rnd.insure(1, D(5))
    rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.boxes[1].insurance_net == D(10)
    assert rnd.balances() == {"seat": D(0)}


def test_a_split_ace_21_is_paid_even_money() -> None:
    # [000][002][003] 21, not Black Jack
    rnd = new_round("casino-fr", {1: 10}, ["A", "9", "A", "Q", "9", "8"])
    play_out(rnd, {"1": [SPLIT]})
    assert [(h.result, h.net) for h in rnd.hands()] == [
        (WIN, {"seat": D(10)}),  # 21 against 17: 1 to 1
        (WIN, {"seat": D(10)}),  # 20 against 17
    ]


def test_any_split_21_is_paid_even_money() -> None:
    rnd = new_round("casino-it", {1: 10}, ["K", "9", "Q", "A", "9", "8"])
    play_out(rnd, {"1.2": [STAND], "1": [SPLIT]})
    assert hand(rnd, "1.1").cards == ["K", "A"]
    assert (hand(rnd, "1.1").result, hand(rnd, "1.1").net) == (WIN, {"seat": D(10)})


def test_a_doubled_hand_is_paid_1_to_1_on_the_doubled_stake() -> None:
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["6", "5", "9", "5", "4", "9", "6", "8"])
    play_out(rnd, {"1": [DOUBLE], "2": [DOUBLE]})
    assert (hand(rnd, "1").result, hand(rnd, "1").net) == (WIN, {"seat": D(20)})  # 20 v 17
    assert (hand(rnd, "2").result, hand(rnd, "2").net) == (LOSE, {"seat": D(-20)})  # 15 v 17
    assert rnd.balances() == {"seat": D(0)}


def test_a_doubled_hand_that_busts_loses_the_doubled_stake() -> None:
    rnd = new_round("online", {1: 10}, ["T", "9", "6", "8", "T"])
    play_out(rnd, {"1": [DOUBLE]})
    assert (hand(rnd, "1").result, hand(rnd, "1").net) == (BUST, {"seat": D(-20)})


# Dealer Black Jack, with no hole card: the dealer turns it after the boxes have played.
# Box 1 doubles 11 (6 5, +9), box 2 splits 8s (8 3 | 8 2), box 3 stands on 16, box 4 has a
# natural, box 5 makes 21 in three cards; the dealer shows a ten and turns an Ace.
BJ_CARDS = ["6", "8", "7", "A", "7", "T", "5", "8", "9", "K", "7", "9", "3", "2", "7", "A"]
BJ_DECISIONS = {"1": [DOUBLE], "2": [SPLIT], "2.1": [STAND], "2.2": [STAND], "3": [STAND],
                "5": [HIT]}  # fmt: skip


def dealer_bj_round(rules: str | Mapping[str, Any]) -> Round:
    rnd = new_round(rules, {1: 10, 2: 10, 3: 10, 4: 10, 5: 10}, BJ_CARDS)
    play_out(rnd, BJ_DECISIONS)
    assert rnd.dealer == ["T", "A"]
    assert rnd.dealer_result == BLACKJACK
    assert hand(rnd, "5").cards == ["7", "7", "7"]
    return rnd


def test_dealer_black_jack_takes_doubles_and_splits_under_casino_fr() -> None:
    # [000] "S'il fait Black-Jack ... Les cases ayant Black-Jack font égalité, les autres
    # perdent"; chosen: with no hole card that includes money added by doubles and splits
    rnd = dealer_bj_round("casino-fr")
    assert {h.label: (h.result, h.net["seat"]) for h in rnd.hands()} == {
        "1": (LOSE, D(-20)),  # the doubled stake
        "2.1": (LOSE, D(-10)),
        "2.2": (LOSE, D(-10)),  # the split bet too
        "3": (LOSE, D(-10)),
        "4": (PUSH, D(0)),  # Black Jack against Black Jack
        "5": (LOSE, D(-10)),  # [004] a 21 in three cards loses to a dealer Black Jack
    }
    assert rnd.balances() == {"seat": D(-60)}


def test_dealer_black_jack_takes_only_the_original_bets_with_the_override() -> None:
    rnd = dealer_bj_round({"preset": "casino-fr", "dealer_bj_takes": "original"})
    assert {h.label: (h.result, h.net["seat"]) for h in rnd.hands()} == {
        "1": (LOSE, D(-10)),  # the double is returned
        "2.1": (LOSE, D(-10)),
        "2.2": (PUSH, D(0)),  # the split bet is returned
        "3": (LOSE, D(-10)),
        "4": (PUSH, D(0)),
        "5": (LOSE, D(-10)),
    }
    assert rnd.balances() == {"seat": D(-40)}


def test_dealer_black_jack_takes_behind_bettors_original_bets_only_with_the_override() -> None:
    spec = {"preset": "casino-fr", "dealer_bj_takes": "original"}
    rnd = new_round(spec, {1: {"seat": 10, "ann": 10}}, ["6", "T", "5", "9", "A"])
    play_out(rnd, {"1": [DOUBLE]})
    h = hand(rnd, "1")
    assert h.stakes == {"seat": D(20), "ann": D(20)}
    assert h.net == {"seat": D(-10), "ann": D(-10)}


def test_hole_card_dealer_black_jack_takes_every_bet() -> None:
    # [001] "si seul le croupier fait blackjack, toutes les mises des joueurs sont perdues": no
    # peek, so the doubles are out too (dealer_bj_takes all)
    rnd = new_round("hole-card", {1: 10, 2: 25}, ["5", "A", "T", "6", "K", "A", "9"])
    play_out(rnd, {"1": [DOUBLE]})
    assert [h.net for h in rnd.hands()] == [{"seat": D(-20)}, {"seat": D(0)}]
    assert rnd.hands()[1].result == PUSH
    rnd = new_round(
        {"preset": "hole-card", "dealer_bj_takes": "original"},
        {1: 10, 2: 25},
        ["5", "A", "T", "6", "K", "A", "9"],
    )
    play_out(rnd, {"1": [DOUBLE]})
    assert [h.net for h in rnd.hands()] == [{"seat": D(-10)}, {"seat": D(0)}]


def test_dealer_21_in_three_cards_does_not_beat_a_black_jack() -> None:
    # [003] "se invece il banco totalizza 21 punti con più di due carte paga ugualmente la posta
    # una volta e mezzo"; the dealer shows a ten, so the natural waits
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["A", "T", "T", "K", "9", "5", "6"])
    assert hand(rnd, "1").result is None
    play_out(rnd, {"2": [STAND]})
    assert rnd.dealer == ["T", "5", "6"]
    assert rnd.dealer_result == "21"
    assert (hand(rnd, "1").result, hand(rnd, "1").net) == (BLACKJACK, {"seat": D(15)})
    assert (hand(rnd, "2").result, hand(rnd, "2").net) == (LOSE, {"seat": D(-10)})


def test_a_three_card_21_pushes_a_dealer_three_card_21() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["7", "T", "7", "7", "5", "6"])
    play_out(rnd, {"1": [HIT]})
    assert (hand(rnd, "1").result, hand(rnd, "1").net) == (PUSH, {"seat": D(0)})


def test_dealer_bust_pays_every_bet_still_in_play_and_a_bust_box_still_loses() -> None:
    # [000] "toutes les mises restant en jeu ont gagné"; [004] "Dépasser 21 fait perdre
    # immédiatement la mise, même si la banque saute ensuite"
    # 1: T 6 hits an 8, bust; 2: 5 6 doubles a King, 21; 3: 2 6 stands on 8; 4: T 4 stands;
    # the dealer shows a 6, draws T 9: 25
    rnd = new_round(
        "casino-fr",
        {1: 10, 2: 10, 3: 10, 4: 10},
        ["T", "5", "2", "T", "6", "6", "6", "6", "4", "8", "K", "T", "9"],
    )
    play_out(rnd, {"1": [HIT], "2": [DOUBLE], "3": [STAND], "4": [STAND]})
    assert rnd.dealer == ["6", "T", "9"]
    assert rnd.dealer_result == BUST
    assert {h.label: (h.result, h.net["seat"]) for h in rnd.hands()} == {
        "1": (BUST, D(-10)),  # lost at once, before the dealer busts
        "2": (WIN, D(20)),
        "3": (WIN, D(10)),  # even on 8
        "4": (WIN, D(10)),
    }


def test_dealer_17_to_21_pays_higher_pushes_equal_collects_the_rest() -> None:
    # [000] "il paie toutes les cases ayant un point supérieur au sien ... Les cases ayant le même
    # point font égalité. Les autres ont perdu."
    rnd = new_round("casino-fr", {1: 10, 2: 10, 3: 10}, ["T", "T", "T", "8", "9", "8", "7", "T"])
    play_out(rnd, {"1": [STAND], "2": [STAND], "3": [STAND]})
    assert rnd.dealer_result == "18"
    assert [(h.result, h.net["seat"]) for h in rnd.hands()] == [
        (WIN, D(10)),
        (PUSH, D(0)),
        (LOSE, D(-10)),
    ]
    settled = [(e["type"], e["hand"]) for e in rnd.events[-3:]]
    # from the dealer's right to his left, box by box (chosen, RULES.md §6.5)
    assert settled == [("collect", "3"), ("push", "2"), ("pay", "1")]


def test_standing_bettors_share_their_box_s_result_in_proportion() -> None:
    # [000][003]; RULES.md §9
    bets = {2: {"seat": 20, "ann": 10, "bob": 5}}
    win = new_round("casino-fr", bets, ["T", "9", "9", "8"])
    play_out(win, {"2": [STAND]})
    assert hand(win, "2").net == {"seat": D(20), "ann": D(10), "bob": D(5)}
    lose = new_round("casino-fr", bets, ["T", "9", "6", "8"])
    play_out(lose, {"2": [STAND]})
    assert hand(lose, "2").net == {"seat": D(-20), "ann": D(-10), "bob": D(-5)}
    assert lose.events[-1] == {
        "type": "collect", "hand": "2", "amounts": {"seat": "20", "ann": "10", "bob": "5"}
    }  # fmt: skip
    bj = new_round("casino-fr", bets, ["A", "9", "K"])
    assert hand(bj, "2").net == {"seat": D(30), "ann": D(15), "bob": D("7.5")}
    assert bj.balances() == {"seat": D(30), "ann": D(15), "bob": D("7.5")}


def test_every_bettor_on_a_box_insures_half_of_his_own_bet() -> None:
    # [003] "ogni giocatore può fare una scommessa supplementare [...] la metà di quanto egli ha
    # puntato": the standing bettor insures too, against his own bet, and the insurance is his
    rnd = new_round("casino-fr", {1: {"seat": 10, "ann": 20}}, ["T", "A", "9", "K"])
    assert rnd.insurable() == {1: {"seat": D(5), "ann": D(10)}}
    with pytest.raises(ValueError, match="box 1: insurance is half the bet, so ann's is 10, not 5"):
        rnd.insure(1, D(5), "ann")
    rnd.insure(1, D(5))
    rnd.insure(1, D(10), "ann")
    assert rnd.insurable() == {}
    view = rnd.snapshot().box(1)  # each bettor's insurance on the felt, and their sum
    assert view.insurances == (("seat", D(5)), ("ann", D(10)))
    assert view.insurance == D(15)
    rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.boxes[1].insurance_nets == {"seat": D(10), "ann": D(20)}
    assert rnd.boxes[1].insurance_net == D(30)
    assert rnd.balances() == {"seat": D(0), "ann": D(0)}  # each broke even
    assert [e for e in rnd.events if e["type"] == "insurance-paid"] == [
        {"type": "insurance-paid", "box": "1", "bettor": "seat", "amount": "10"},
        {"type": "insurance-paid", "box": "1", "bettor": "ann", "amount": "20"},
    ]


def test_a_standing_bettor_may_insure_alone() -> None:
    rnd = new_round("casino-it", {1: {"seat": 10, "ann": 20}}, ["T", "A", "9", "7"])
    rnd.insure(1, D(4), "ann")  # [003] up to half
    rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.boxes[1].insurance_nets == {"ann": D(-4)}
    assert rnd.balances() == {"seat": D(10), "ann": D(20 - 4)}  # 19 beats 18


def test_black_jack_on_25_is_37_5() -> None:
    # chosen: paid exactly
    rnd = new_round("casino-fr", {1: 25}, ["A", "9", "K"])
    assert hand(rnd, "1").net == {"seat": D("37.5")}
    assert rnd.events[-1]["amounts"] == {"seat": "37.5"}


def test_black_jack_on_25_is_37_with_round_half_units() -> None:
    rnd = new_round({"preset": "casino-fr", "round_half_units": True}, {1: 25}, ["A", "9", "K"])
    assert hand(rnd, "1").net == {"seat": D(37)}


@pytest.mark.parametrize(("pays", "net"), [("6:5", "12"), ("1:1", "10"), ("3:2", "15")])
def test_blackjack_pays_option(pays: str, net: str) -> None:
    rnd = new_round({"preset": "casino-fr", "blackjack_pays": pays}, {1: 10}, ["A", "9", "K"])
    assert hand(rnd, "1").net == {"seat": D(net)}


def test_balances_add_hands_and_insurance_per_bettor() -> None:
    rnd = new_round(
        "casino-fr", {1: {"seat": 20, "ann": 10}, 3: 10}, ["T", "8", "A", "9", "8", "K"]
    )
    rnd.insure(1, D(10))
    rnd.insure(1, D(5), "ann")
    rnd.insure(3, D(5))
    rnd.close_insurance()
    play_out(rnd, {"1": [STAND], "3": [STAND]})
    # dealer Black Jack: box 1 loses 20 + 10, box 3 loses 10; each insurance pays 2 to 1
    assert rnd.balances() == {"seat": D(-20 + 20 - 10 + 10), "ann": D(-10 + 10)}


# ---------------------------------------------------------------- arithmetic


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (D(15), "15"),
        (D("15.0"), "15"),
        (D("37.5"), "37.5"),
        (D("37.50"), "37.5"),
        (D(-20), "-20"),
        (D(0), "0"),
        (D("0.00"), "0"),
        (D("1E+1"), "10"),
        (D("2.25"), "2.25"),
        (D("0.5"), "0.5"),
        (D("-7.5"), "-7.5"),
        (D(500), "500"),
    ],
)
def test_money_is_written_without_exponent_or_needless_zeros(amount: Decimal, text: str) -> None:
    assert money(amount) == text


def test_money_writes_any_amount() -> None:
    assert money(D("1E+30")) == "1" + "0" * 30


@pytest.mark.parametrize(
    ("stake", "win"), [("10", "15"), ("25", "37.5"), ("5", "7.5"), ("1", "1.5"), ("2.5", "3.75")]
)
def test_blackjack_win_3_to_2(stake: str, win: str) -> None:
    assert blackjack_win(D(stake), HouseRules.from_spec("casino-fr")) == D(win)


@pytest.mark.parametrize(("stake", "win"), [("25", "37"), ("10", "15"), ("5", "7"), ("3", "4")])
def test_blackjack_win_round_half_units(stake: str, win: str) -> None:
    rules = HouseRules.from_spec({"round_half_units": True})
    assert blackjack_win(D(stake), rules) == D(win)


def test_insurance_arithmetic() -> None:
    assert insurance_max(D(10)) == D(5)
    assert insurance_max(D(25)) == D("12.5")
    assert insurance_win(D(5)) == D(10)
    assert insurance_win(D("12.5")) == D(25)


# ---------------------------------------------------------------- chips

STD = [D(c) for c in (1, 2, 5, 10, 25, 100, 500)]


def fewest(amount: int, chips: list[int]) -> int | None:
    """The fewest chips that make `amount`, by brute force; None if no combination does."""
    best: list[int | None] = [0] + [None] * amount
    for a in range(1, amount + 1):
        options = [n for c in chips if c <= a and (n := best[a - c]) is not None]
        best[a] = min(options) + 1 if options else None
    return best[amount]


@pytest.mark.parametrize(
    ("amount", "chips"),
    [
        ("37", [D(25), D(10), D(2)]),
        ("15", [D(10), D(5)]),
        ("500", [D(500)]),
        ("1234", [D(500), D(500), D(100), D(100), D(25), D(5), D(2), D(2)]),
        ("0", []),
    ],
)
def test_chip_breakdown_standard_chips(amount: str, chips: list[Decimal]) -> None:
    assert chip_breakdown(D(amount), STD) == chips


def test_chip_breakdown_is_largest_first_and_sums_to_the_amount() -> None:
    for amount in range(0, 700):
        chips = chip_breakdown(D(amount), STD)
        assert sum(chips, D(0)) == amount
        assert chips == sorted(chips, reverse=True)
        assert len(chips) == fewest(amount, [1, 2, 5, 10, 25, 100, 500])


@pytest.mark.parametrize("chips", [[1, 3, 4], [1, 5, 10, 25, 100], [1, 7, 10], [1, 15, 25]])
def test_chip_breakdown_is_the_fewest_even_where_greedy_is_not(chips: list[int]) -> None:
    # 1 3 4: greedy pays 6 as 4 1 1, the fewest is 3 3
    denoms = [D(c) for c in chips]
    for amount in range(0, 120):
        got = chip_breakdown(D(amount), denoms)
        assert sum(got, D(0)) == amount
        assert len(got) == fewest(amount, chips)


def test_chip_breakdown_with_half_unit_chips() -> None:
    chips = [D("0.5"), D(1), D(5), D(25)]
    assert chip_breakdown(D("37.5"), chips) == [D(25), D(5), D(5), D(1), D(1), D("0.5")]


def test_chip_breakdown_refuses_what_the_chips_cannot_make() -> None:
    with pytest.raises(ChipError, match="37.5 cannot be paid with chips of 1 2 5 10 25 100 500"):
        chip_breakdown(D("37.5"), STD)
    with pytest.raises(ChipError, match="the smallest chip is 1"):
        chip_breakdown(D("0.5"), STD)
    with pytest.raises(ChipError, match="negative"):
        chip_breakdown(D(-5), STD)
    with pytest.raises(ChipError, match="3 cannot be made with chips of 5 10"):
        chip_breakdown(D(3), [D(5), D(10)])


@pytest.mark.parametrize(
    ("amount", "chips", "expected"),
    [(6, [2, 5], [2, 2, 2]), (12, [4, 6, 10], [6, 6]), (8, [5, 2], [2, 2, 2, 2])],
)
def test_chip_breakdown_without_a_unit_chip(
    amount: int, chips: list[int], expected: list[int]
) -> None:
    got = chip_breakdown(D(amount), [D(c) for c in chips])
    assert got == [D(c) for c in expected]


def test_chip_breakdown_without_a_unit_chip_where_greedy_works() -> None:
    for amount in range(0, 300, 5):
        got = chip_breakdown(D(amount), [D(5), D(25), D(100)])
        assert sum(got, D(0)) == amount
        assert len(got) == fewest(amount, [5, 25, 100])
