"""One round, hand-written from the rule texts: betting (§4), the deal (§5), the order of a round
and insurance (§6), the player's options (§7), the dealer (§8), the exposed card (§10), and the
announcements made along the way (§2). Settlement (§9) is in test_payout.py.

Cards are scripted in the order they leave the shoe after the burn: box by box, the dealer's up
card, box by box again (then the hole card where the table has one), then every card drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from tests.trainer.rounds import D, hand, new_round
from trainer.game.announce import CLOSED_WORDS, HARD_WORDS, SOFT_WORDS, announce_points
from trainer.game.cards import full_deck
from trainer.game.round import (
    ACTIONS,
    BLACKJACK,
    BUST,
    DEALER,
    DOUBLE,
    HIT,
    PUSH,
    SPLIT,
    STAND,
    UNFINISHED,
    WIN,
    Hand,
    Round,
    RoundError,
)
from trainer.game.rules import HouseRules
from trainer.game.shoe import OutOfCards, ScriptedCards, Shoe


def cur(rnd: Round) -> Hand:
    """The hand whose turn it is (there must be one)."""
    h = rnd.current
    assert h is not None
    return h


def events(rnd: Round, kind: str) -> list[dict[str, Any]]:
    return [e for e in rnd.events if e["type"] == kind]


def net(rnd: Round, label: str) -> dict[str, Decimal]:
    return hand(rnd, label).net


# ---------------------------------------------------------------- [004] the worked example


def test_lea_worked_example_home() -> None:
    """[004] "Léa a un 10 et un 6 : 16. La banque montre un 9. Léa demande une carte : un 4, elle
    a 20 et reste. La banque retourne un 7 : 16, elle doit tirer. Un Roi : 26, la banque saute.
    Léa gagne sa mise." The home preset, whose bank takes a hidden second card."""
    rnd = new_round("home", {1: 10}, ["T", "9", "6", "7", "4", "K"])
    assert rnd.deal_order == ["1", DEALER, "1", DEALER]
    assert rnd.dealer == ["9", "7"]
    assert rnd.snapshot().hole_card  # the 7 lies face down
    assert rnd.dealer_announcements == ["9"]
    lea = rnd.current
    assert lea is not None and lea.label == "1"
    assert lea.announcements == ["16"]
    assert rnd.legal_actions() == (HIT, STAND)  # no double, no split in a family game [004]
    rnd.act(HIT)
    assert lea.cards == ["T", "6", "4"]
    assert lea.announcements == ["16", "20"]
    rnd.act(STAND)
    assert rnd.done
    assert rnd.dealer == ["9", "7", "K"]
    assert rnd.dealer_announcements == ["9", "16", "bust"]
    assert rnd.dealer_result == BUST
    assert not rnd.snapshot().hole_card
    assert lea.result == WIN
    assert lea.net == {"seat": D(10)}  # "elle reçoit 10 et garde sa mise"
    assert rnd.balances() == {"seat": D(10)}
    reveal = events(rnd, "reveal")
    assert reveal == [{"type": "reveal", "card": "7"}]


# ---------------------------------------------------------------- §4 betting and table limits


def test_no_bet_once_the_first_card_is_out() -> None:
    # [000] "Dès que la 1ère carte est sortie, aucune mise ne sera acceptée"; [002]
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "7", "8"])
    with pytest.raises(RoundError, match="box 2: no bet is accepted once the first card is out"):
        rnd.bet(2, "seat", D(10))
    with pytest.raises(RoundError, match="box 1: no bet"):
        rnd.bet(1, "ann", D(10))


def test_no_bet_after_the_round_is_over() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "7", "8"])
    rnd.act(STAND)
    assert rnd.done
    with pytest.raises(RoundError, match="no bet is accepted"):
        rnd.bet(3, "seat", D(10))


@pytest.mark.parametrize(
    ("preset", "amount", "message"),
    [
        ("casino-fr", "4.99", "box 2: seat's bet 4.99 is below the table minimum 5"),
        ("casino-fr", "501", "box 2: the bets on the box total 501, above the table maximum 500"),
        ("online", "0.5", "box 2: seat's bet 0.5 is below the table minimum 1"),
        ("online", "600", "above the table maximum 500"),
    ],
)
def test_bets_outside_the_table_limits_are_refused(preset: str, amount: str, message: str) -> None:
    rnd = new_round(preset, {}, [], deal=False)
    with pytest.raises(RoundError) as e:
        rnd.bet(2, "seat", D(amount))
    assert message in str(e.value)


@pytest.mark.parametrize("amount", ["5", "500", "123.5"])
def test_bets_at_the_table_limits_are_taken(amount: str) -> None:
    rnd = new_round("casino-fr", {}, [], deal=False)
    rnd.bet(3, "seat", D(amount))
    assert rnd.boxes[3].bets == {"seat": D(amount)}


def test_the_total_on_one_box_never_exceeds_the_table_maximum() -> None:
    # [000] "le total des mises par case ne devra pas dépasser le maximum de la case"; [003]
    rnd = new_round("casino-fr", {4: {"seat": 300, "ann": 150}}, [], deal=False)
    with pytest.raises(RoundError, match="box 4: the bets on the box total 501, above the table"):
        rnd.bet(4, "bob", D(51))
    rnd.bet(4, "bob", D(50))
    assert rnd.boxes[4].total == D(500)


class CountedAmount(Decimal):
    """A bet amount that counts the additions it takes part in."""

    adds = 0

    def __add__(self, other: Any) -> Decimal:
        CountedAmount.adds += 1
        return Decimal.__add__(self, other)

    def __radd__(self, other: Any) -> Decimal:
        CountedAmount.adds += 1
        return Decimal.__radd__(self, other)


def test_placing_many_behind_bets_is_linear() -> None:
    # issue 10: every bet added up the ones before it again, 20,000 bettors took seconds; the
    # box keeps its total as the bets come (bench: python -m tests.bench.bench_round --behind)
    rules = HouseRules.from_spec({"preset": "casino-fr", "table_max": "none"})
    rnd = Round(rules, Shoe(6, seed=1))
    rnd.bet(1, "seat", D(10))
    CountedAmount.adds = 0
    n = 2000
    for i in range(n):
        rnd.bet(1, f"behind-{i}", CountedAmount(5))
    assert CountedAmount.adds <= 2 * n  # one addition a bet (quadratic: about n * n / 2)
    assert rnd.boxes[1].total == D(10 + 5 * n)


def test_a_refused_bet_leaves_the_box_free() -> None:
    # regression: a refused first bet left an empty box behind, and the deal then refused the
    # round for a behind bet without a seated player
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "7", "8"], deal=False)
    with pytest.raises(RoundError, match="above the table maximum"):
        rnd.bet(3, "seat", D(600))
    assert 3 not in rnd.boxes
    rnd.deal()
    assert rnd.deal_order == ["1", DEALER, "1"]


def test_home_has_no_table_limits() -> None:
    rnd = new_round("home", {1: "0.5", 2: 100000}, [], deal=False)
    assert rnd.boxes[1].total == D("0.5")
    assert rnd.boxes[2].total == D(100000)


@pytest.mark.parametrize("amount", ["0", "-10", "NaN", "sNaN", "Infinity", "-Infinity"])
def test_a_bet_must_be_a_positive_amount(amount: str) -> None:
    rnd = new_round("home", {}, [], deal=False)
    with pytest.raises(RoundError, match="box 1: seat's bet must be a positive amount"):
        rnd.bet(1, "seat", D(amount))


def test_an_amount_one_table_takes_is_still_held_to_another_table_s_limits() -> None:
    # bet remembers the amounts it found within a table's limits, by the limits: an amount taken
    # at one table is compared again at a table with other limits
    stake = D(600)
    low = new_round({"preset": "casino-fr", "table_max": "none"}, {}, [], deal=False)
    low.bet(1, "seat", stake)
    low.bet(1, "ann", stake)
    fr = new_round("casino-fr", {}, [], deal=False)
    with pytest.raises(RoundError, match="box 1: the bets on the box total 600, above the table"):
        fr.bet(1, "seat", stake)
    high = new_round(
        {"preset": "casino-fr", "table_min": "1000", "table_max": "none"}, {}, [], deal=False
    )
    with pytest.raises(RoundError, match="box 2: seat's bet 600 is below the table minimum 1000"):
        high.bet(2, "seat", stake)
    with pytest.raises(RoundError, match="must be a positive amount"):
        low.bet(2, "seat", 600)  # type: ignore[arg-type]  # an int equal to a known amount
    # and a known amount is still refused where the rest of the bet is wrong
    with pytest.raises(RoundError, match="box 1: ann already has a bet on this box"):
        low.bet(1, "ann", stake)
    online = new_round({"preset": "online", "table_max": "none"}, {1: 600}, [], deal=False)
    with pytest.raises(RoundError, match="behind bets are not taken under online"):
        online.bet(1, "ann", stake)


@pytest.mark.parametrize(("preset", "box"), [("casino-fr", 8), ("casino-fr", 0), ("online", 4)])
def test_a_bet_on_a_box_the_table_does_not_have_is_refused(preset: str, box: int) -> None:
    rnd = new_round(preset, {}, [], deal=False)
    with pytest.raises(RoundError, match=f"box {box}: this table has boxes 1 to"):
        rnd.bet(box, "seat", D(10))


def test_online_has_three_boxes() -> None:
    # [002] "jusqu'à trois joueurs"
    rnd = new_round("online", {1: 1, 2: 1, 3: 1}, ["2", "3", "4", "5", "6", "7", "8"])
    assert rnd.deal_order == ["1", "2", "3", DEALER, "1", "2", "3"]


@pytest.mark.parametrize("preset", ["online", "hole-card", "home"])
def test_behind_bets_are_refused_where_the_table_takes_none(preset: str) -> None:
    rnd = new_round(preset, {2: 10}, [], deal=False)
    with pytest.raises(RoundError, match=f"box 2: behind bets are not taken under {preset}"):
        rnd.bet(2, "ann", D(10))


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it"])
def test_standing_players_bet_on_a_seated_box(preset: str) -> None:
    # [000] "miser sur la case d'un (ou plusieurs) joueur assis"; [003]
    rnd = new_round(preset, {2: {"seat": 10, "ann": 5, "bob": 20}}, ["9", "8", "7", "9", "8"])
    assert rnd.boxes[2].bets == {"seat": D(10), "ann": D(5), "bob": D(20)}
    # a box with several bettors is one box: one hand, dealt once per round
    assert rnd.deal_order == ["2", DEALER, "2"]
    assert len(rnd.hands()) == 1


def test_behind_bets_need_a_seated_player() -> None:
    rnd = new_round("casino-fr", {2: {"ann": 10}}, ["9", "8", "7"], deal=False)
    with pytest.raises(RoundError, match="box 2: behind bets need a seated player's bet"):
        rnd.deal()


def test_a_bettor_bets_once_per_box() -> None:
    rnd = new_round("casino-fr", {2: 10}, [], deal=False)
    with pytest.raises(RoundError, match="box 2: seat already has a bet on this box"):
        rnd.bet(2, "seat", D(10))


def test_nothing_to_deal_without_a_bet() -> None:
    rnd = new_round("casino-fr", {}, ["9", "8", "7"], deal=False)
    with pytest.raises(RoundError, match="no box has a bet"):
        rnd.deal()


def test_the_cards_are_dealt_once() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "7", "8"])
    with pytest.raises(RoundError, match="already dealt"):
        rnd.deal()


def test_a_single_player_heads_up_can_be_refused() -> None:
    # [000] "Certains Casinos refusent le jeu en tête-à-tête ... Ils demandent 2 ou 3 cases."
    spec = {"preset": "casino-fr", "min_boxes_heads_up": 2}
    rnd = new_round(spec, {3: 10}, ["T", "9", "7", "8"], deal=False)
    with pytest.raises(RoundError, match="bet on at least 2 boxes"):
        rnd.deal()
    rnd = new_round(spec, {3: 10, 4: 10}, ["T", "9", "7", "8", "6", "5"])
    assert rnd.phase == "play"


# ---------------------------------------------------------------- §5 the deal


def test_deal_order_skips_empty_boxes_and_gives_the_dealer_one_card() -> None:
    # [000] one card to each box, one for the dealer, a second to each box, nothing for him
    rnd = new_round("casino-fr", {7: 10, 2: 10, 5: 10}, ["2", "3", "4", "9", "5", "6", "7"])
    assert rnd.deal_order == ["2", "5", "7", DEALER, "2", "5", "7"]
    deals = [(e["to"], e["card"]) for e in events(rnd, "deal")]
    assert deals == [
        ("2", "2"), ("5", "3"), ("7", "4"), (DEALER, "9"), ("2", "5"), ("5", "6"), ("7", "7"),
    ]  # fmt: skip
    assert rnd.dealer == ["9"]
    assert [h.cards for h in rnd.hands()] == [["2", "5"], ["3", "6"], ["4", "7"]]
    assert [h.label for h in rnd.hands()] == ["2", "5", "7"]
    assert not rnd.snapshot().hole_card


@pytest.mark.parametrize("preset", ["hole-card", "home"])
def test_hole_card_presets_deal_the_dealer_in_both_rounds(preset: str) -> None:
    # [001] "la seconde carte du croupier restera cachée"; [004] "une visible, une cachée"
    rnd = new_round(preset, {2: 10, 5: 10}, ["2", "3", "9", "5", "6", "8"])
    assert rnd.deal_order == ["2", "5", DEALER, "2", "5", DEALER]
    assert rnd.dealer == ["9", "8"]
    hole = events(rnd, "deal")[-1]
    assert hole == {"type": "deal", "to": DEALER, "card": "8", "face": "down"}
    assert rnd.snapshot().hole_card
    assert rnd.dealer_announcements == ["9"]  # the hidden card is not announced


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it", "online"])
def test_no_hole_card_presets(preset: str) -> None:
    rnd = new_round(preset, {1: 10}, ["2", "9", "5"])
    assert rnd.deal_order == ["1", DEALER, "1"]
    assert rnd.dealer == ["9"]


def test_snapshot_shows_every_box_of_the_table() -> None:
    rnd = new_round("casino-fr", {3: {"seat": 10, "ann": 5}}, ["T", "9", "6"])
    view = rnd.snapshot()
    assert [b.number for b in view.boxes] == [1, 2, 3, 4, 5, 6, 7]
    assert view.box(1).empty
    assert view.box(3).bets == (("seat", D(10)), ("ann", D(5)))
    assert view.box(3).hands[0].cards == ("T", "6")
    assert view.dealer_cards == ("9",)
    assert view.active == "3"


# ---------------------------------------------------------------- §2 announcements in play


def test_the_word_tables_say_what_announce_points_says() -> None:
    # the round reads its words from tables (speed): they must be announce_points' words
    for low in range(2, 32):
        assert HARD_WORDS[low] == announce_points(low, False)
        assert CLOSED_WORDS[low] == (str(low) if low <= 21 else "bust")
        if low <= 11:
            assert SOFT_WORDS[low] == announce_points(low, True)
            assert CLOSED_WORDS[low + 10] == announce_points(low, True, closed=True)


def test_hard_hand_is_its_total() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "4"])
    assert cur(rnd).announcements == ["14"]
    assert rnd.dealer_announcements == ["9"]


def test_soft_hand_is_both_values_low_first() -> None:
    # [000] "un As et un 5 valent 6 ou Seize"
    rnd = new_round("casino-fr", {1: 10}, ["A", "9", "5", "8"])
    assert cur(rnd).announcements == ["6 or 16"]


def test_a_soft_hand_that_stands_is_announced_once_more_by_its_standing_value() -> None:
    # chosen (RULES.md §2): the final point, the best total alone, once the hand is closed
    rnd = new_round("casino-fr", {1: 10}, ["A", "9", "6", "8"])
    assert cur(rnd).announcements == ["7 or 17"]
    rnd.act(STAND)
    assert hand(rnd, "1").announcements == ["7 or 17", "17"]


def test_a_hard_hand_that_stands_is_not_announced_twice() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "8", "8"])
    rnd.act(STAND)
    assert hand(rnd, "1").announcements == ["18"]


def test_hits_are_announced_after_every_card() -> None:
    # [000] "Le croupier annonce toujours le point": after each card, up to a soft 21 in 4 cards
    rnd = new_round("casino-fr", {1: 10}, ["A", "9", "2", "5", "3", "9", "8"])
    h = cur(rnd)
    assert h.announcements == ["3 or 13"]
    rnd.act(HIT)  # A 2 5
    rnd.act(HIT)  # A 2 5 3
    assert h.announcements == ["3 or 13", "8 or 18", "21"]
    assert h.closed  # a 21 takes no more card
    assert rnd.done


def test_a_hard_21_in_three_cards_is_21() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["7", "9", "7", "7", "8"])
    rnd.act(HIT)
    assert hand(rnd, "1").announcements == ["14", "21"]


def test_bust_is_announced_and_the_bet_collected_at_once() -> None:
    # [000] "la case aura sauté. Le croupier encaissera directement la mise"; [003]
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["T", "9", "9", "6", "8", "K"])
    rnd.act(HIT)
    h = hand(rnd, "1")
    assert h.announcements == ["16", "bust"]
    assert h.result == BUST
    assert h.net == {"seat": D(-10)}
    # collected before box 2 plays
    kinds = [e["type"] for e in rnd.events]
    assert kinds[-1] == "collect"
    assert rnd.events[-1] == {"type": "collect", "hand": "1", "amounts": {"seat": "10"}}
    assert cur(rnd).label == "2"


def test_a_natural_is_black_jack() -> None:
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["A", "9", "9", "K", "8"])
    assert hand(rnd, "1").announcements == ["Black Jack"]
    assert cur(rnd).label == "2"  # the natural takes no decision


def test_dealer_ace_alone_is_1_or_11_and_a_6_makes_17_at_once() -> None:
    # chosen (RULES.md §2): a dealer hand that must stand is announced by its standing value
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "9", "6"])
    assert rnd.dealer_announcements == ["1 or 11"]
    rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.dealer == ["A", "6"]
    assert rnd.dealer_announcements == ["1 or 11", "17"]
    assert rnd.dealer_result == "17"


def test_dealer_announces_every_card() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "5", "9", "A", "3", "2", "K"])
    rnd.act(STAND)
    # 5, A: 6 or 16; 3: 9 or 19 stands at once; no more card
    assert rnd.dealer == ["5", "A", "3"]
    assert rnd.dealer_announcements == ["5", "6 or 16", "19"]


def test_dealer_hard_total_and_bust() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "T", "8", "6", "K"])
    rnd.act(STAND)
    assert rnd.dealer_announcements == ["10", "16", "bust"]


# ---------------------------------------------------------------- §6 naturals at once or waiting


@pytest.mark.parametrize("up", ["2", "6", "9"])
def test_naturals_are_paid_at_once_when_the_dealer_cannot_make_black_jack(up: str) -> None:
    # [000] "Le croupier paie directement le Black-Jack ... à condition que sa carte ne soit ni
    # une bûche, ni un As"
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["A", "9", up, "K", "8"])
    h = hand(rnd, "1")
    assert h.result == BLACKJACK
    assert h.net == {"seat": D(15)}
    paid = events(rnd, "blackjack-paid")
    assert paid == [{"type": "blackjack-paid", "hand": "1", "amounts": {"seat": "15"}}]
    assert not events(rnd, "stand")  # paid before any box plays
    assert cur(rnd).label == "2"


@pytest.mark.parametrize("up", ["T", "J", "Q", "K"])
def test_naturals_wait_when_the_dealer_shows_a_ten(up: str) -> None:
    # [000] "Dans les 2 cas, il peut, lui aussi faire Black-Jack"
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["A", "9", up, "K", "8", "7"])
    h = hand(rnd, "1")
    assert h.result is None and h.net == {}
    assert not events(rnd, "blackjack-paid")
    rnd.act(STAND)  # box 2; the dealer draws 7: 17, no Black Jack
    assert h.result == BLACKJACK
    assert h.net == {"seat": D(15)}
    paid = events(rnd, "blackjack-paid")[0]
    dealer_second = next(e for e in events(rnd, "deal") if e["to"] == DEALER and e["card"] == "7")
    assert rnd.events.index(dealer_second) < rnd.events.index(paid)


def test_naturals_wait_when_the_dealer_shows_an_ace_and_push_a_dealer_black_jack() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["A", "A", "K", "Q"])
    assert rnd.phase == "insurance"
    rnd.close_insurance()
    assert rnd.done  # the natural takes no decision: the dealer turns a Queen
    h = hand(rnd, "1")
    assert h.result == PUSH
    assert h.net == {"seat": D(0)}
    assert rnd.dealer_result == BLACKJACK
    assert rnd.dealer_announcements == ["1 or 11", "Black Jack"]


# ---------------------------------------------------------------- §6 insurance


def test_insurance_is_offered_on_a_dealer_ace_for_half_of_each_bet() -> None:
    # [000] "une mise spéciale de la moitié de la mise de la case"
    rnd = new_round("casino-fr", {1: 10, 3: 25}, ["T", "9", "A", "9", "7", "K"])
    assert rnd.phase == "insurance"
    assert rnd.insurable() == {1: {"seat": D(5)}, 3: {"seat": D("12.5")}}
    assert events(rnd, "insurance-offered") == [{"type": "insurance-offered", "boxes": ["1", "3"]}]
    assert rnd.current is None
    assert rnd.legal_actions() == ()


@pytest.mark.parametrize("preset", ["casino-fr", "online", "hole-card"])
@pytest.mark.parametrize("amount", ["2", "4.99", "5.01", "10"])
def test_insurance_is_exactly_half_the_bet_where_the_table_says_so(
    preset: str, amount: str
) -> None:
    # [000][001] "la moitié de sa mise initiale"; [002] "un montant égal à la moitié de votre mise"
    hole = ["7"] if HouseRules.from_spec(preset).hole_card else []
    rnd = new_round(preset, {1: 10}, ["T", "A", "9", *hole, "7"])
    message = f"box 1: insurance is half the bet, so the seated player's is 5, not {amount} .000."
    with pytest.raises(RoundError, match=message):
        rnd.insure(1, D(amount))
    rnd.insure(1, D(5))
    assert rnd.boxes[1].insured == {"seat": D(5)}


def test_insurance_above_half_the_bet_is_refused_where_less_is_taken() -> None:
    # [003] "una posta che però non può superare la metà di quanto egli ha puntato"
    rnd = new_round("casino-it", {1: 10}, ["T", "A", "9", "7"])
    with pytest.raises(
        RoundError, match=r"box 1: insurance 5.01 is more than half the seated player's bet \(5 at"
    ):
        rnd.insure(1, D("5.01"))
    rnd.insure(1, D(5))
    assert rnd.boxes[1].insurance == D(5)


def test_insurance_below_half_is_taken_where_the_table_allows_it() -> None:
    rnd = new_round("casino-it", {1: 10}, ["T", "A", "9", "7"])
    assert rnd.insurable() == {1: {"seat": D(5)}}  # the most it may put up
    rnd.insure(1, D(2))
    assert events(rnd, "insure") == [
        {"type": "insure", "box": "1", "bettor": "seat", "amount": "2"}
    ]


def test_insurance_is_placed_once_per_bettor_and_only_on_his_own_bet() -> None:
    rnd = new_round("casino-fr", {1: {"seat": 10, "ann": 10}}, ["T", "A", "9", "7"])
    with pytest.raises(RoundError, match="box 2: no bet on this box"):
        rnd.insure(2, D(5))
    with pytest.raises(RoundError, match="box 1: bob has no bet on this box"):
        rnd.insure(1, D(5), "bob")
    with pytest.raises(RoundError, match="box 1: insurance must be a positive amount"):
        rnd.insure(1, D(0))
    rnd.insure(1, D(5))
    with pytest.raises(RoundError, match="box 1: the seated player's bet is already insured"):
        rnd.insure(1, D(5))
    assert rnd.insurable() == {1: {"ann": D(5)}}
    rnd.insure(1, D(5), "ann")
    with pytest.raises(RoundError, match="box 1: ann's bet is already insured"):
        rnd.insure(1, D(5), "ann")
    assert rnd.insurable() == {}


def test_insurance_is_paid_2_to_1_when_the_dealer_makes_black_jack() -> None:
    # [000] "L'Assurance est payée 2 fois la mise, plus la mise, si la banque fait Black-Jack"
    rnd = new_round("casino-fr", {1: 20}, ["T", "A", "9", "K"])
    rnd.insure(1, D(10))
    rnd.close_insurance()
    rnd.act(STAND)
    b = rnd.boxes[1]
    assert b.insurance_net == D(20)
    assert hand(rnd, "1").net == {"seat": D(-20)}
    assert rnd.balances() == {"seat": D(0)}  # insured: the box breaks even
    assert events(rnd, "insurance-paid") == [
        {"type": "insurance-paid", "box": "1", "bettor": "seat", "amount": "20"}
    ]


def test_insurance_is_lost_when_the_dealer_has_no_black_jack() -> None:
    rnd = new_round("casino-fr", {1: 20}, ["T", "A", "9", "7"])
    rnd.insure(1, D(10))
    rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.boxes[1].insurance_net == D(-10)
    assert hand(rnd, "1").net == {"seat": D(20)}  # 19 beats 18
    assert rnd.balances() == {"seat": D(10)}
    assert events(rnd, "insurance-collected") == [
        {"type": "insurance-collected", "box": "1", "bettor": "seat", "amount": "10"}
    ]


@pytest.mark.parametrize(("up", "said"), [("9", "a 9"), ("T", "a 10"), ("K", "a K"), ("2", "a 2")])
def test_insurance_is_refused_when_the_dealer_shows_no_ace(up: str, said: str) -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", up, "9", "7"])
    assert rnd.phase == "play"
    assert rnd.insurable() == {}
    with pytest.raises(
        RoundError, match=f"box 1: insurance is not offered now .the dealer shows {said}\\)"
    ):
        rnd.insure(1, D(5))
    with pytest.raises(RoundError, match="insurance is not being offered"):
        rnd.close_insurance()


def test_insurance_is_refused_where_the_table_offers_none() -> None:
    # [004] the family game: no insurance; the bank shows an Ace
    rnd = new_round("home", {1: 10}, ["T", "A", "9", "7", "5"])
    assert rnd.phase == "play"
    with pytest.raises(
        RoundError, match="box 1: insurance is not offered now .home offers no insur"
    ):
        rnd.insure(1, D(5))


def test_insurance_is_refused_before_the_deal() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "9", "7"], deal=False)
    with pytest.raises(RoundError, match="box 1: insurance is not offered now .the cards are not"):
        rnd.insure(1, D(5))


def test_no_decision_while_insurance_is_offered() -> None:
    # [003] insurance is placed before any third card is dealt
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "6", "7", "5"])
    with pytest.raises(RoundError, match="insurance is being offered"):
        rnd.act(HIT)
    rnd.close_insurance()
    assert rnd.legal_actions() == (HIT, STAND)
    with pytest.raises(RoundError, match="box 1: insurance is not offered now"):
        rnd.insure(1, D(5))


def test_a_natural_may_be_insured() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["A", "A", "K", "T"])
    rnd.insure(1, D(5))
    rnd.close_insurance()
    assert rnd.done
    assert hand(rnd, "1").result == PUSH
    assert rnd.balances() == {"seat": D(10)}  # "even money"


# ---------------------------------------------------------------- §6 a hole card: no peek


def test_with_a_hole_card_a_dealer_black_jack_waits_until_every_box_has_played() -> None:
    # [001] "Quand plus personne ne souhaite ajouter de cartes à sa main, le croupier retourne sa
    # seconde carte"; [004] "Quand tous les joueurs ont fini": no peek, box 2 plays and doubles
    rnd = new_round("hole-card", {1: 10, 2: 10}, ["A", "5", "K", "K", "6", "A", "9"])
    assert not rnd.done
    assert not events(rnd, "peek")
    assert hand(rnd, "1").result is None  # the natural waits for the hidden card [001]
    assert cur(rnd).label == "2"
    assert rnd.snapshot().hole_card  # still face down
    assert rnd.dealer_announcements == ["10"]
    rnd.act(DOUBLE)
    assert rnd.done
    kinds = [e["type"] for e in rnd.events]
    assert kinds.index("double") < kinds.index("reveal")
    assert rnd.dealer == ["K", "A"]
    assert rnd.dealer_announcements == ["10", "Black Jack"]
    assert rnd.dealer_result == BLACKJACK
    assert hand(rnd, "1").result == PUSH  # [001] "il y a égalité et le joueur récupère sa mise"
    # [001] "toutes les mises des joueurs sont perdues": the doubled stake too
    assert hand(rnd, "2").net == {"seat": D(-20)}


@pytest.mark.parametrize("up", ["7", "K"])
def test_with_a_hole_card_a_player_s_black_jack_waits_for_the_hidden_card(up: str) -> None:
    # [001] "Si un joueur fait blackjack, il doit attendre la deuxième carte du croupier [...] le
    # joueur gagne 1,5 fois sa mise", whatever the dealer shows
    rnd = new_round("hole-card", {1: 10, 2: 10}, ["A", "9", up, "K", "T", "9", "T"])
    assert hand(rnd, "1").result is None
    assert not events(rnd, "blackjack-paid")
    assert cur(rnd).label == "2"
    rnd.act(STAND)
    assert rnd.done
    assert hand(rnd, "1").result == BLACKJACK
    assert hand(rnd, "1").net == {"seat": D(15)}
    kinds = [e["type"] for e in rnd.events]
    assert kinds.index("stand") < kinds.index("reveal") < kinds.index("blackjack-paid")


def test_with_a_hole_card_insurance_is_settled_when_the_card_is_turned() -> None:
    rnd = new_round("hole-card", {1: 10, 2: 20}, ["9", "T", "A", "T", "9", "K"])
    assert rnd.phase == "insurance"
    rnd.insure(2, D(10))
    rnd.close_insurance()
    assert not rnd.done  # no peek: the boxes play
    rnd.act(STAND)
    rnd.act(STAND)
    assert rnd.done
    assert rnd.boxes[2].insurance_net == D(20)
    assert hand(rnd, "1").net == {"seat": D(-10)}
    assert hand(rnd, "2").net == {"seat": D(-20)}
    kinds = [e["type"] for e in rnd.events]
    assert "peek" not in kinds
    assert kinds.index("insurance-closed") < kinds.index("stand")
    assert kinds.index("stand") < kinds.index("reveal") < kinds.index("insurance-paid")


def test_home_the_bank_turns_its_card_when_the_player_has_finished() -> None:
    # [004] "Quand tous les joueurs ont fini, la banque retourne sa carte cachée"
    rnd = new_round("home", {1: 10}, ["T", "A", "9", "K", "5"])
    assert not rnd.done
    rnd.act(STAND)
    assert rnd.dealer_result == BLACKJACK
    assert hand(rnd, "1").net == {"seat": D(-10)}


def test_with_a_hole_card_a_dealer_black_jack_takes_split_hands_too() -> None:
    rnd = new_round("hole-card", {1: 10}, ["8", "T", "8", "A", "3", "9"])
    rnd.act(SPLIT)
    rnd.act(STAND)  # 8 3
    rnd.act(STAND)  # 8 9
    assert rnd.dealer_result == BLACKJACK
    assert [h.net for h in rnd.hands()] == [{"seat": D(-10)}, {"seat": D(-10)}]


# ---------------------------------------------------------------- §6.4 playing order


def test_boxes_play_in_deal_order_split_hands_first_to_last() -> None:
    rnd = new_round("casino-fr", {6: 10, 2: 10}, ["8", "T", "7", "8", "7", "3", "T", "9", "8"])
    order = []
    while rnd.current is not None:
        h = rnd.current
        order.append(h.label)
        rnd.act(SPLIT if h.label == "2" else STAND)
    assert order == ["2", "2.1", "2.2", "6"]
    deals = [(e["to"], e["card"]) for e in events(rnd, "deal")][5:]
    assert deals == [("2.1", "3"), ("2.2", "T"), (DEALER, "9"), (DEALER, "8")]


# ---------------------------------------------------------------- §7 double


@pytest.mark.parametrize(
    ("preset", "first_two", "may_double"),
    [
        ("casino-fr", ["5", "4"], True),  # 9 [000] "égal à 9,10 ou 11"
        ("casino-fr", ["6", "4"], True),
        ("casino-fr", ["9", "2"], True),
        ("casino-fr", ["6", "2"], False),  # 8
        ("casino-fr", ["T", "2"], False),  # 12
        ("casino-fr", ["A", "8"], False),  # 9 or 19: the point is 19
        ("casino-it", ["5", "4"], True),  # [003] "quando la somma ... è di 9, 10 o 11"
        ("casino-it", ["T", "3"], False),
        ("online", ["T", "8"], True),  # [002] any first two cards
        ("online", ["A", "7"], True),
        ("online", ["3", "2"], True),
        ("hole-card", ["T", "6"], True),  # chosen: any
        ("home", ["6", "5"], False),  # [004] no doubling
        ({"preset": "casino-fr", "double_on": "10-11"}, ["5", "4"], False),
        ({"preset": "casino-fr", "double_on": "10-11"}, ["5", "5"], True),
        ({"preset": "online", "double_on": "none", "double_after_split": False}, ["6", "5"], False),
    ],
)
def test_double_on(preset: str | dict[str, str], first_two: list[str], may_double: bool) -> None:
    a, b = first_two
    rnd = new_round(preset, {1: 10}, [a, "7", b, "9", "T", "T", "T", "T"])
    assert (DOUBLE in rnd.legal_actions()) is may_double
    if not may_double:
        with pytest.raises(RoundError, match="box 1: hand 1 cannot double"):
            rnd.act(DOUBLE)


def test_double_message_says_why() -> None:
    rnd = new_round("casino-fr", {2: 10}, ["T", "7", "6", "9"])
    with pytest.raises(RoundError) as e:
        rnd.act(DOUBLE)
    assert str(e.value) == (
        "box 2: hand 2 cannot double: doubling needs a first two cards' total of 9-11 [000], "
        "this is 16"
    )
    rnd = new_round("home", {2: 10}, ["6", "7", "5", "9", "T"])
    with pytest.raises(RoundError, match="no doubling under home"):
        rnd.act(DOUBLE)


def test_a_double_takes_one_card_only_on_twice_the_stake() -> None:
    # [000] "Il lui faudra doubler la mise, et il ne recevra qu'une seule carte. Le point sera le
    # total des 3 cartes."
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["6", "T", "7", "5", "8", "2", "9"])
    rnd.act(DOUBLE)
    h = hand(rnd, "1")
    assert h.cards == ["6", "5", "2"]
    assert h.doubled and h.closed
    assert h.stakes == {"seat": D(20)}
    assert h.announcements == ["11", "13"]
    assert cur(rnd).label == "2"  # no further card for box 1, even on 13
    assert events(rnd, "double") == [{"type": "double", "hand": "1", "stakes": {"seat": "20"}}]


def test_a_soft_double_is_announced_by_its_standing_value() -> None:
    rnd = new_round("online", {1: 10}, ["A", "7", "2", "5", "T"])
    rnd.act(DOUBLE)
    assert hand(rnd, "1").announcements == ["3 or 13", "8 or 18", "18"]


def test_no_double_after_a_hit() -> None:
    rnd = new_round("online", {1: 10}, ["2", "7", "3", "4", "T"])
    rnd.act(HIT)
    assert rnd.legal_actions() == (HIT, STAND)
    with pytest.raises(RoundError, match="doubles on its first two cards only"):
        rnd.act(DOUBLE)


@pytest.mark.parametrize(
    ("preset", "may"),
    [
        # [000] "Chaque jeu fonctionne de la même manière qu'un jeu simple"
        ("casino-fr", True),
        ("casino-it", True),  # [003] "due giochi l'uno indipendente dall'altro"
        ("online", True),  # [002] "après avoir partagé son jeu"
        ("hole-card", True),  # chosen
        ({"preset": "casino-fr", "double_after_split": False}, False),
    ],
)
def test_double_after_split(preset: str | dict[str, Any], may: bool) -> None:
    rules = HouseRules.from_spec(preset)
    hole = ["8"] if rules.hole_card else []
    rnd = new_round(preset, {1: 10}, ["5", "9", "5", *hole, "5", "9", "T", "T", "T"])
    rnd.act(SPLIT)
    assert hand(rnd, "1.1").cards == ["5", "5"]  # 10
    assert (DOUBLE in rnd.legal_actions()) is may
    if not may:
        with pytest.raises(RoundError, match="no double after a split"):
            rnd.act(DOUBLE)
        return
    rnd.act(DOUBLE)
    h = hand(rnd, "1.1")
    assert h.cards == ["5", "5", "9"] and h.doubled and h.closed  # one card only [000]
    assert h.stakes == {"seat": D(20)}
    assert cur(rnd).label == "1.2"


def test_a_split_hand_doubles_on_the_same_totals_as_any_hand() -> None:
    # casino-fr doubles on 9, 10 or 11 [000]: a split 5 that makes 12 does not
    rnd = new_round("casino-fr", {1: 10}, ["5", "9", "5", "7", "4", "T", "T"])
    rnd.act(SPLIT)
    assert hand(rnd, "1.1").cards == ["5", "7"]
    assert rnd.legal_actions() == (HIT, STAND)
    with pytest.raises(RoundError, match="doubling needs a first two cards' total of 9-11"):
        rnd.act(DOUBLE)
    rnd.act(STAND)
    assert hand(rnd, "1.2").cards == ["5", "4"]  # 9: doubles
    assert DOUBLE in rnd.legal_actions()


def test_split_aces_still_take_one_card_where_split_hands_double() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["A", "9", "A", "9", "T", "T"])
    assert HouseRules.from_spec("casino-fr").double_after_split
    rnd.act(SPLIT)
    assert [hand(rnd, x).cards for x in ("1.1", "1.2")] == [["A", "9"], ["A", "T"]]
    assert all(hand(rnd, x).closed for x in ("1.1", "1.2"))
    assert rnd.done


# ---------------------------------------------------------------- §7 split


@pytest.mark.parametrize(
    ("preset", "pair", "may"),
    [
        ("casino-fr", ["8", "8"], True),  # [000] "identiques, quelle que soit leur valeur"
        ("casino-fr", ["K", "K"], True),
        ("casino-fr", ["K", "Q"], False),  # by rank
        ("casino-fr", ["T", "J"], False),
        ("casino-it", ["K", "Q"], True),  # [003] "Figure e Dieci si considerano carte uguali"
        ("casino-it", ["T", "J"], True),
        ("casino-it", ["8", "8"], True),
        ("casino-it", ["9", "8"], False),
        ("online", ["A", "A"], True),
        ("online", ["K", "Q"], False),
        ("hole-card", ["4", "4"], True),
        ("home", ["8", "8"], False),  # [004] no split
        ("casino-fr", ["8S", "8H"], True),  # suits never matter
    ],
)
def test_split_by_rank_or_value(preset: str, pair: list[str], may: bool) -> None:
    a, b = pair
    rnd = new_round(preset, {1: 10}, [a, "7", b, "9", "T", "T", "T", "T", "T"])
    assert (SPLIT in rnd.legal_actions()) is may
    if not may:
        with pytest.raises(RoundError, match="box 1: hand 1 cannot split"):
            rnd.act(SPLIT)


def test_split_kings_and_queens_under_casino_it() -> None:
    rnd = new_round("casino-it", {1: 10}, ["K", "7", "Q", "9", "8", "T"])
    rnd.act(SPLIT)
    assert [h.cards for h in rnd.hands()] == [["K", "9"], ["Q"]]
    rnd.act(STAND)
    assert hand(rnd, "1.2").cards == ["Q", "8"]


def test_split_not_a_pair_message() -> None:
    rnd = new_round("casino-fr", {4: 10}, ["K", "7", "Q", "9"])
    with pytest.raises(RoundError) as e:
        rnd.act(SPLIT)
    assert str(e.value) == (
        "box 4: hand 4 cannot split: K and Q are not a pair: a split needs two cards of the same "
        "rank [000]"
    )


def test_a_split_adds_a_bet_equal_to_the_original() -> None:
    # [000] "Il lui suffira de rajouter la 2ème mise"; [001] "égale au montant de sa mise
    # initiale"
    rnd = new_round("casino-fr", {3: 25}, ["8", "7", "8", "3", "T", "T"])
    rnd.act(SPLIT)
    assert [h.label for h in rnd.hands()] == ["3.1", "3.2"]
    assert [h.stakes for h in rnd.hands()] == [{"seat": D(25)}, {"seat": D(25)}]
    assert events(rnd, "split") == [{"type": "split", "hand": "3", "into": ["3.1", "3.2"]}]
    # the first hand gets its second card at once, the second when its turn comes
    assert [h.cards for h in rnd.hands()] == [["8", "3"], ["8"]]
    assert hand(rnd, "3.1").announcements == ["11"]  # each hand is announced anew


def test_three_hands_at_most() -> None:
    # [000] "Si la 3ème carte est encore identique, il est possible de faire un 3ème jeu. Ceci est
    # le maximum." [001]
    rnd = new_round("casino-fr", {1: 10}, ["8", "7", "8", "8", "8", "2", "3", "4", "T", "T"])
    rnd.act(SPLIT)
    assert hand(rnd, "1.1").cards == ["8", "8"]
    assert SPLIT in rnd.legal_actions()
    rnd.act(SPLIT)
    assert [h.label for h in rnd.hands()] == ["1.1", "1.2", "1.3"]
    assert hand(rnd, "1.1").cards == ["8", "8"]
    assert SPLIT not in rnd.legal_actions()
    with pytest.raises(RoundError, match="a box holds 3 hands at most"):
        rnd.act(SPLIT)
    rnd.act(STAND)
    assert cur(rnd).label == "1.2"
    assert cur(rnd).cards == ["8", "2"]
    assert sum(h.stakes["seat"] for h in rnd.hands()) == D(30)


def test_online_allows_two_hands() -> None:
    rnd = new_round("online", {1: 10}, ["8", "7", "8", "8", "T", "T", "T"])
    rnd.act(SPLIT)
    assert hand(rnd, "1.1").cards == ["8", "8"]
    assert SPLIT not in rnd.legal_actions()


def test_split_aces_take_one_card_each_and_a_ten_there_is_21_not_black_jack() -> None:
    # [000] "Si les 2 premières cartes sont des As, il ne sera possible de ne faire que 2 jeux, et
    # chaque jeu ne recevra qu'une seule carte. Si la carte tirée est une Bûche, il n'y aura pas
    # Black-Jack, mais 21." [001][002][003]
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["A", "T", "7", "A", "9", "K", "5", "8", "T"])
    rnd.act(SPLIT)
    h1, h2 = hand(rnd, "1.1"), hand(rnd, "1.2")
    assert h1.cards == ["A", "K"] and h2.cards == ["A", "5"]
    assert h1.closed and h2.closed
    assert h1.announcements == ["21"]
    assert h2.announcements == ["6 or 16", "16"]
    assert not h1.natural
    assert cur(rnd).label == "2"  # box 1 takes no more decision
    rnd.act(STAND)
    assert rnd.done
    assert rnd.dealer == ["7", "8", "T"]


def test_split_ace_21_is_paid_even_money() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["A", "7", "A", "K", "5", "T"])
    rnd.act(SPLIT)
    assert rnd.done  # dealer 7 T: 17
    assert hand(rnd, "1.1").result == WIN
    assert hand(rnd, "1.1").net == {"seat": D(10)}  # 1 to 1, not 3 to 2
    assert hand(rnd, "1.2").net == {"seat": D(-10)}  # 16 against 17
    assert not events(rnd, "blackjack-paid")


def test_split_aces_make_two_hands_only() -> None:
    # one card each: a third Ace closes the hand, no re-split, even with max_hands 4
    rnd = new_round(
        {"preset": "casino-fr", "max_hands": 4}, {1: 10}, ["A", "7", "A", "A", "A", "T"]
    )
    rnd.act(SPLIT)
    assert [h.cards for h in rnd.hands()] == [["A", "A"], ["A", "A"]]
    assert rnd.done
    assert [h.announcements for h in rnd.hands()] == [["2 or 12", "12"], ["2 or 12", "12"]]


def test_any_split_21_in_two_cards_is_21() -> None:
    rnd = new_round("casino-it", {1: 10}, ["K", "7", "Q", "A", "9", "T"])
    rnd.act(SPLIT)
    h = hand(rnd, "1.1")
    assert h.cards == ["K", "A"]
    assert h.announcements == ["21"] and h.closed and not h.natural
    assert cur(rnd).label == "1.2"


def test_no_split_after_a_hit() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["2", "7", "2", "2", "T"])
    rnd.act(HIT)
    assert SPLIT not in rnd.legal_actions()
    with pytest.raises(RoundError, match="only the first two cards can be split"):
        rnd.act(SPLIT)


def test_unknown_action_is_refused_naming_the_box() -> None:
    rnd = new_round("casino-fr", {5: 10}, ["2", "7", "2", "T"])
    with pytest.raises(RoundError, match="box 5: unknown action 'surrender'"):
        rnd.act("surrender")


def test_no_action_before_the_deal_or_after_the_round() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "7", "9", "T"], deal=False)
    assert rnd.legal_actions() == ()
    with pytest.raises(RoundError, match="no hand is waiting for a decision"):
        rnd.act(HIT)
    rnd.deal()
    rnd.act(STAND)
    assert rnd.done and rnd.current is None
    assert rnd.legal_actions() == ()
    for action in ACTIONS:
        with pytest.raises(RoundError, match="no hand is waiting"):
            rnd.act(action)


# ---------------------------------------------------------------- §4 behind bettors' consent


def test_casino_it_one_refusal_and_there_is_no_double() -> None:
    # [003] "tutti i giocatori che hanno puntato debbono essere d'accordo. Se uno si oppone ...
    # il raddoppio non si può fare"
    rnd = new_round("casino-it", {1: {"seat": 10, "ann": 10}}, ["6", "9", "5", "T", "T"])
    assert DOUBLE in rnd.legal_actions()
    assert DOUBLE not in rnd.legal_actions(["ann"])
    with pytest.raises(RoundError, match=r"box 1: hand 1 cannot double: ann refuses, and every "):
        rnd.act(DOUBLE, ["ann"])


def test_casino_it_one_refusal_and_there_is_no_split() -> None:
    rnd = new_round("casino-it", {1: {"seat": 10, "ann": 10}}, ["K", "9", "Q", "T", "T"])
    assert SPLIT in rnd.legal_actions()
    assert SPLIT not in rnd.legal_actions(["ann"])
    with pytest.raises(RoundError, match="cannot split: ann refuses"):
        rnd.act(SPLIT, ["ann"])


def test_casino_it_double_with_everyone_agreeing() -> None:
    rnd = new_round("casino-it", {1: {"seat": 10, "ann": 10}}, ["6", "9", "5", "T", "8"])
    rnd.act(DOUBLE)
    h = hand(rnd, "1")
    assert h.stakes == {"seat": D(20), "ann": D(20)}
    assert h.net == {"seat": D(20), "ann": D(20)}  # 21 against 17


def test_casino_fr_the_seat_decides_and_a_refuser_keeps_his_stake() -> None:
    # [000] "c'est le joueur assis qui prendra la décision, quelles que soient les mises de chacun"
    rnd = new_round("casino-fr", {1: {"seat": 10, "ann": 10}}, ["6", "9", "5", "T", "8"])
    assert DOUBLE in rnd.legal_actions(["ann"])
    rnd.act(DOUBLE, ["ann"])
    h = hand(rnd, "1")
    assert h.stakes == {"seat": D(20), "ann": D(10)}
    assert h.net == {"seat": D(20), "ann": D(10)}


def test_casino_fr_split_with_a_refuser() -> None:
    rnd = new_round("casino-fr", {1: {"seat": 10, "ann": 5}}, ["8", "9", "8", "T", "9", "8"])
    rnd.act(SPLIT, ["ann"])
    assert [h.stakes for h in rnd.hands()] == [{"seat": D(10), "ann": D(5)}, {"seat": D(10)}]


def test_casino_fr_a_refusal_does_not_block_a_resplit_of_the_new_hand() -> None:
    rnd = new_round("casino-fr", {1: {"seat": 10, "ann": 5}}, ["8", "9", "8", "T", "8", "T"])
    rnd.act(SPLIT, ["ann"])
    rnd.act(STAND, ["ann"])
    assert cur(rnd).label == "1.2" and cur(rnd).cards == ["8", "8"]
    assert SPLIT in rnd.legal_actions(["ann"])


@pytest.mark.parametrize("preset", ["casino-fr", "casino-it"])
def test_the_seated_player_cannot_refuse_his_own_decision(preset: str) -> None:
    rnd = new_round(preset, {1: {"seat": 10, "ann": 10}}, ["6", "9", "5", "T", "8"])
    assert DOUBLE not in rnd.legal_actions(["seat"])
    with pytest.raises(RoundError, match="the seated player decides and cannot refuse"):
        rnd.act(DOUBLE, ["seat"])


def test_a_refusal_by_somebody_without_a_bet_is_refused() -> None:
    rnd = new_round("casino-fr", {1: {"seat": 10, "ann": 10}}, ["6", "9", "5", "T", "8"])
    with pytest.raises(RoundError, match="bob has no bet on box 1"):
        rnd.act(DOUBLE, ["bob"])


# ---------------------------------------------------------------- §8 dealer play


@pytest.mark.parametrize(
    ("dealer_cards", "final"),
    [
        (["6", "T", "A"], "17"),  # 16 draws
        (["A", "6"], "17"),  # soft 17 stands [000] "Il ne peut plus tirer dès qu'il a 17"
        (["T", "7"], "17"),
        (["5", "A", "A"], "17"),  # 7 or 17: stands
        (["2", "4", "A"], "17"),  # 6 + A = 7 or 17: stands
        (["T", "2", "4", "K"], "bust"),
        (["9", "9"], "18"),
        (["A", "5", "5"], "21"),
        (["A", "5", "K", "5"], "21"),  # 6 or 16, hard 16, 21
    ],
)
def test_dealer_draws_to_16_and_stands_on_every_17(dealer_cards: list[str], final: str) -> None:
    up, *rest = dealer_cards
    rnd = new_round("casino-fr", {1: 10}, ["T", up, "8", *rest, "T", "T"])
    if rnd.phase == "insurance":
        rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.dealer == dealer_cards
    assert rnd.dealer_announcements[-1] == final


def test_dealer_hits_soft_17_when_the_option_says_so() -> None:
    spec = {"preset": "casino-fr", "dealer_hits_soft_17": True}
    rnd = new_round(spec, {1: 10}, ["T", "A", "8", "6", "3"])
    rnd.close_insurance()
    rnd.act(STAND)
    assert rnd.dealer == ["A", "6", "3"]
    assert rnd.dealer_announcements == ["1 or 11", "7 or 17", "20"]
    # a hard 17 still stands
    rnd = new_round(spec, {1: 10}, ["T", "T", "8", "7", "3"])
    rnd.act(STAND)
    assert rnd.dealer == ["T", "7"]


def test_the_dealer_does_not_draw_when_no_bet_is_left_in_play() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "6", "6", "K", "5"])
    rnd.act(HIT)
    assert rnd.done
    assert rnd.dealer == ["6"]


def test_the_dealer_draws_for_a_waiting_natural_and_stops_once_it_is_paid() -> None:
    # chosen (RULES.md §6.5): he draws only while something is left to settle against his hand
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["A", "T", "T", "K", "6", "K", "5", "9"])
    rnd.act(HIT)  # box 2 busts; box 1's natural still waits for the dealer's second card
    assert rnd.done
    assert rnd.dealer == ["T", "5"]  # no Black Jack: the natural is paid, nothing is left
    assert hand(rnd, "1").result == BLACKJACK
    assert rnd.dealer_announcements == ["10", "15"]


def test_the_dealer_draws_no_card_for_a_natural_paid_at_once() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["A", "7", "K", "5", "9"])
    assert rnd.done
    assert rnd.dealer == ["7"]
    assert hand(rnd, "1").net == {"seat": D(15)}
    assert rnd.dealer_result == UNFINISHED  # not "7": his hand was never made


@pytest.mark.parametrize(
    ("preset", "cards", "insure", "dealer", "result"),
    [
        # every hand bust: the dealer's lone 9 is no "9"
        ("casino-fr", ["T", "9", "6", "K"], False, ["9"], UNFINISHED),
        # a lone Ace is no "11", even once the insurance has its second card: A 5 is unfinished
        ("casino-fr", ["T", "A", "6", "K", "5"], True, ["A", "5"], UNFINISHED),
        ("casino-fr", ["T", "A", "6", "K", "6"], True, ["A", "6"], "17"),  # made: it stands
        ("hole-card", ["T", "9", "6", "5", "K"], False, ["9", "5"], UNFINISHED),
        ("hole-card", ["T", "9", "6", "8", "K"], False, ["9", "8"], "17"),
        ("home", ["T", "T", "6", "A", "K"], False, ["T", "A"], BLACKJACK),
    ],
)
def test_the_dealer_s_result_reads_what_his_hand_became(
    preset: str, cards: list[str], insure: bool, dealer: list[str], result: str
) -> None:
    rnd = new_round(preset, {1: 10}, cards)
    if rnd.phase == "insurance":
        if insure:
            rnd.insure(1, D(5))
        rnd.close_insurance()
    rnd.act(HIT)  # 26: bust
    assert rnd.done
    assert rnd.dealer == dealer
    assert rnd.dealer_result == result


def test_the_dealer_draws_his_second_card_for_an_insurance_alone() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "6", "K", "5", "9"])
    rnd.insure(1, D(5))
    rnd.close_insurance()
    rnd.act(HIT)  # 26: the box is collected, the insurance still waits for his second card
    assert rnd.done
    assert rnd.dealer == ["A", "5"]  # 6 or 16, and no more: nothing else is left
    assert rnd.boxes[1].insurance_nets == {"seat": D(-5)}


@pytest.mark.parametrize("preset", ["hole-card", "home"])
def test_with_a_hole_card_the_dealer_turns_it_and_draws_nothing_when_every_hand_bust(
    preset: str,
) -> None:
    rnd = new_round(preset, {1: 10}, ["T", "9", "6", "5", "K", "8"])
    rnd.act(HIT)  # 26
    assert rnd.done
    assert rnd.dealer == ["9", "5"]  # turned, 14, and no card: nothing is left to settle
    assert events(rnd, "reveal") == [{"type": "reveal", "card": "5"}]


def test_while_play_goes_on_a_bust_hand_is_gone_from_the_table() -> None:
    # [000] "Le croupier encaissera directement la mise en enlevant les cartes"; [003]
    # "si impadronisce immediatamente della loro puntata e delle loro carte"
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["T", "T", "7", "6", "9", "K", "9", "T"])
    rnd.act(HIT)  # box 1: 26
    view = rnd.snapshot()
    assert view.box(1).hands == () and view.box(1).bets == ()  # stake and cards collected
    assert view.box(1).collected == ("1",)
    assert [h.label for h in view.box(2).hands] == ["2"]
    shown = rnd.snapshot(collected=True).box(1)  # as it was when it bust
    assert shown.hands[0].cards == ("T", "6", "K") and shown.bets == (("seat", D(10)),)
    rnd.act(STAND)
    done = rnd.snapshot()  # the round is over: every hand with its result
    assert [(h.label, h.result) for b in done.boxes for h in b.hands] == [("1", BUST), ("2", WIN)]


def test_a_split_hand_that_busts_leaves_the_others_on_the_table() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["8", "9", "8", "6", "K", "3"])
    rnd.act(SPLIT)  # 1.1: 8 6
    rnd.act(HIT)  # 8 6 K: bust
    box = rnd.snapshot().box(1)
    assert [h.label for h in box.hands] == ["1.2"]
    assert box.bets == (("seat", D(10)),) and box.collected == ("1.1",)


# ---------------------------------------------------------------- §6.5 the settlement's order


def test_the_dealer_settles_from_his_right_to_his_left() -> None:
    # RULES.md §6.5 (chosen, the French casino practice): box 7 first, box 1 last, the reverse
    # of the deal; a split box from its last hand to its first; every hand as he comes to it
    rnd = new_round(
        "casino-fr",
        {1: 10, 3: 10, 5: 10, 7: 10},
        ["T", "8", "9", "T", "8", "9", "8", "7", "8", "T", "2", "T"],
    )
    # box 1: T 9 = 19; box 3: 8 8; box 5: 9 7 = 16; box 7: T 8 = 18; the dealer shows 8
    rnd.act(STAND)
    rnd.act(SPLIT)  # 3.1: 8 T = 18
    rnd.act(STAND)
    rnd.act(STAND)  # 3.2: 8 2 = 10, stands
    rnd.act(STAND)  # box 5
    rnd.act(STAND)  # box 7
    assert rnd.dealer == ["8", "T"]
    settled = [
        (e["type"], e["hand"]) for e in rnd.events if e["type"] in ("pay", "push", "collect")
    ]
    assert settled == [
        ("push", "7"), ("collect", "5"), ("collect", "3.2"), ("push", "3.1"), ("pay", "1")
    ]  # fmt: skip
    assert [h.label for h in rnd.settlement_order()] == ["7", "5", "3.2", "3.1", "1"]


def test_a_bust_hand_is_collected_at_once_not_at_the_settlement() -> None:
    # [000] "Le croupier encaissera directement la mise en enlevant les cartes"
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["T", "T", "7", "6", "9", "K", "9", "T"])
    rnd.act(HIT)  # box 1: T 6 K = 26
    assert rnd.events[-2:][0] == {"type": "announce", "hand": "1", "words": "bust"}
    assert rnd.events[-1] == {"type": "collect", "hand": "1", "amounts": {"seat": "10"}}
    rnd.act(STAND)  # box 2: 19; the dealer 7 9 T: bust
    assert [h.label for h in rnd.settlement_order()] == ["2", "1"]
    assert [e["hand"] for e in events(rnd, "collect")] == ["1"]
    assert [e["hand"] for e in events(rnd, "pay")] == ["2"]


# ---------------------------------------------------------------- §10 a card exposed by mistake


def three_boxes(on_burn: Callable[[str], None] | None = None) -> Round:
    # box 1: T 6 = 16, box 2: 5 5 = 10, box 3: 6 4 = 10; the dealer shows 9; next card: 2
    return new_round(
        "casino-fr",
        {1: 10, 2: 10, 3: 10},
        ["T", "5", "6", "9", "6", "5", "4", "2", "3", "K", "8", "7", "7"],
        on_burn=on_burn,
    )


def test_the_exposed_card_is_offered_first_to_the_player_whose_turn_it_is() -> None:
    # [003] "dovrà offrirla al giocatore di turno, che però può rifiutarla"
    rnd = three_boxes()
    out = rnd.expose()
    assert out.card == "2" and out.offered == ("1",) and out.taken_by == "1"
    h = hand(rnd, "1")
    assert h.cards == ["T", "6", "2"]
    assert h.announcements == ["16", "18"]
    assert rnd.current is h  # still box 1's turn
    assert events(rnd, "exposed") == [{"type": "exposed", "card": "2"}]
    assert events(rnd, "offer") == [{"type": "offer", "to": "1", "card": "2", "taken": True}]


def test_then_to_the_others_still_to_play_in_playing_order() -> None:
    # [003] "La carta è offerta allora, a turno, a tutti gli altri giocatori"
    rnd = three_boxes()
    out = rnd.expose(["1", "2"])
    assert out.offered == ("1", "2", "3") and out.taken_by == "3"
    assert hand(rnd, "3").cards == ["6", "4", "2"]
    assert hand(rnd, "3").announcements == ["10", "12"]
    assert cur(rnd).label == "1"  # box 1 plays on
    assert [e["to"] for e in events(rnd, "offer")] == ["1", "2", "3"]


def test_boxes_that_have_played_are_not_offered_the_card() -> None:
    rnd = three_boxes()
    rnd.act(STAND)  # box 1 has played
    out = rnd.expose(["2"])
    assert out.offered == ("2", "3") and out.taken_by == "3"
    with pytest.raises(RoundError, match="offered to 2, 3, dealer; 1 cannot refuse it"):
        rnd.expose(["1"])


def test_then_it_is_at_the_dealer_s_disposal() -> None:
    # [003] "fino ad arrivare, se nessuno la prende, ad essere a disposizione dello stesso
    # banchiere"
    rnd = three_boxes()
    out = rnd.expose(["1", "2", "3"])
    assert out.offered == ("1", "2", "3", DEALER) and out.taken_by == DEALER
    for _ in range(3):
        rnd.act(STAND)
    assert rnd.dealer[:2] == ["9", "2"]  # it became the dealer's next card
    assert rnd.dealer_announcements[:2] == ["9", "11"]


def test_only_when_everyone_refuses_is_it_burned() -> None:
    # [003] "Solo se tutti l'avranno rifiutata, la carta verrà «bruciata»"
    burned: list[str] = []
    rnd = three_boxes(on_burn=burned.append)
    out = rnd.expose(["1", "2", "3", DEALER])
    assert out.taken_by == "burned"
    assert out.offered == ("1", "2", "3", DEALER)
    assert rnd.burned == ["2"] and burned == ["2"]
    assert events(rnd, "burn") == [{"type": "burn", "card": "2"}]
    # the next card is the 3, drawn by box 1
    rnd.act(HIT)
    assert hand(rnd, "1").cards == ["T", "6", "3"]


def test_an_exposed_card_that_busts_the_current_box_moves_play_on() -> None:
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["T", "5", "9", "6", "5", "K", "8"])
    out = rnd.expose()
    assert out.taken_by == "1"
    assert hand(rnd, "1").result == BUST
    assert cur(rnd).label == "2"


def test_a_split_box_is_offered_the_card_on_its_current_hand() -> None:
    rnd = new_round("casino-fr", {1: 10, 2: 10}, ["8", "T", "9", "8", "7", "3", "2", "T"])
    rnd.act(SPLIT)
    assert cur(rnd).label == "1.1"
    out = rnd.expose()
    assert out.taken_by == "1"
    assert hand(rnd, "1.1").cards == ["8", "3", "2"]


def test_a_card_is_exposed_only_while_the_boxes_play() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "9", "7", "5"])
    with pytest.raises(RoundError, match="only be exposed while the boxes are playing"):
        rnd.expose()
    rnd.close_insurance()
    rnd.act(STAND)
    with pytest.raises(RoundError, match="only be exposed while the boxes are playing"):
        rnd.expose()


def test_exposed_and_burned_cards_are_kept_in_the_shoe_count() -> None:
    rules = HouseRules.from_spec("casino-fr")
    for seed in range(100):
        shoe = Shoe(6, seed=seed)
        rnd = Round(rules, shoe, on_burn=shoe.burn)
        rnd.bet(1, "seat", D(10))
        rnd.bet(2, "seat", D(10))
        rnd.deal()
        if rnd.phase == "play" and rnd.current is not None and cur(rnd).label == "1":
            break
    if hand(rnd, "2").closed:
        refusals = ["1", DEALER]
    else:
        refusals = ["1", "2", DEALER]
    out = rnd.expose(refusals)
    assert out.taken_by == "burned"
    assert shoe.burned[-1] == out.card
    assert len(shoe.burned) == 6
    while rnd.current is not None:
        rnd.act(STAND)
    total = Counter(shoe.dealt) + Counter(shoe.burned) + Counter(shoe.remaining)
    assert total == Counter(full_deck() * 6)
    in_round = Counter(c for h in rnd.hands() for c in h.cards) + Counter(rnd.dealer)
    assert in_round + Counter(rnd.burned) == Counter(shoe.dealt) + Counter([out.card])


def test_an_exposed_card_the_dealer_keeps_is_never_lost() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "5", "6", "K", "9"])
    out = rnd.expose(["1"])
    assert out.taken_by == DEALER
    rnd.act(HIT)  # 25: bust, nothing left in play
    assert rnd.done
    assert out.card in rnd.dealer or out.card in rnd.burned


def drawn_and_held(rnd: Round, cards: list[str]) -> tuple[Counter[str], Counter[str]]:
    held = Counter(c for h in rnd.hands() for c in h.cards) + Counter(rnd.dealer)
    return Counter(cards), held + Counter(rnd.burned)


@pytest.mark.parametrize(
    ("preset", "cards", "takers"),
    [
        # box 1: T 6; the dealer 9 and a hidden T: 19 stands; the exposed 5 is kept (nobody
        # knows the hidden card), then burned as never needed
        ("hole-card", ["T", "9", "6", "T", "5"], [DEALER]),
        # box 1: T 6; the dealer 9 keeps a K: 9 K = 19 stands, so the 3 is burned at once
        ("casino-fr", ["T", "9", "6", "K", "3"], [DEALER, "burned"]),
    ],
)
def test_an_exposed_card_the_dealer_keeps_but_does_not_need_is_never_lost(
    preset: str, cards: list[str], takers: list[str]
) -> None:
    rnd = new_round(preset, {1: 10}, cards)
    assert [rnd.expose(["1"]).taken_by for _ in takers] == takers
    rnd.act(STAND)
    assert rnd.done
    drawn, accounted = drawn_and_held(rnd, cards)
    assert accounted == drawn


def test_an_exposed_card_the_dealer_cannot_use_is_burned_at_once() -> None:
    # the dealer kept a K under his 9: he stands on 19, so the next exposed card is no use to
    # him; refused by box 1, it is burned at once, as a card refused by all [003]
    burned: list[str] = []
    rnd = new_round(
        "casino-fr", {1: 10}, ["T", "9", "6", "K", "7", "3", "8"], on_burn=burned.append
    )
    assert rnd.expose(["1"]).taken_by == DEALER  # the K
    assert rnd.exposed_offer_order() == ["1"]
    before = len(rnd.events)
    out = rnd.expose(["1"])  # the 7
    assert (out.card, out.offered, out.taken_by) == ("7", ("1",), "burned")
    assert rnd.events[before:] == [
        {"type": "exposed", "card": "7"},
        {"type": "offer", "to": "1", "card": "7", "taken": False},
        {"type": "burn", "card": "7"},
    ]
    assert burned == ["7"]
    with pytest.raises(RoundError, match="dealer cannot refuse it .the dealer already stands"):
        rnd.expose(["1", DEALER])
    rnd.act(STAND)  # 16 against the 9 K
    assert rnd.dealer == ["9", "K"]
    assert hand(rnd, "1").result == "lose"


def test_a_dealer_who_may_still_draw_is_offered_the_exposed_card() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "6", "5", "3", "8"])
    assert rnd.expose(["1"]).taken_by == DEALER  # the 5: 9 5 = 14, he still draws
    assert rnd.exposed_offer_order() == ["1", DEALER]
    # with a hole card nobody knows his hand (no peek): it is always offered to him
    rnd = new_round("hole-card", {1: 10}, ["T", "9", "6", "8", "3", "8"])
    assert rnd.exposed_offer_order() == ["1", DEALER]


def test_a_refusal_that_cannot_be_is_refused_before_any_card_is_pulled() -> None:
    rnd = three_boxes()
    with pytest.raises(RoundError, match="offered to 1, 2, 3, dealer; 9 cannot refuse it"):
        rnd.expose(["9"])
    assert not events(rnd, "exposed")
    rnd.act(HIT)  # the next card is still the 2
    assert hand(rnd, "1").cards == ["T", "6", "2"]


def test_the_dealer_never_draws_a_kept_card_past_a_standing_hand() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "6", "K", "7", "Q"])
    rnd.expose(["1"])  # the K, kept
    rnd.expose(["1"])  # the 7, kept
    rnd.act(HIT)  # the Q: 26, bust; nothing left in play
    assert rnd.done
    for k in range(2, len(rnd.dealer)):
        low = sum(min(10, "A23456789TJQK".index(c[0]) + 1) for c in rnd.dealer[:k])
        assert low < 17, rnd.dealer  # §8: the dealer stands on every 17
    assert rnd.dealer_result != BUST


def test_a_dealer_black_jack_made_with_a_kept_exposed_card_is_black_jack() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "6", "K"])
    rnd.close_insurance()
    assert rnd.expose(["1"]).taken_by == DEALER  # the K
    rnd.act(STAND)
    assert rnd.dealer == ["A", "K"]
    assert rnd.dealer_announcements[-1] == "Black Jack"
    assert rnd.dealer_result == BLACKJACK


def test_a_kept_exposed_card_is_burned_when_nothing_is_left_to_settle() -> None:
    burned: list[str] = []
    rnd = new_round("casino-fr", {1: 10}, ["T", "A", "6", "K", "Q"], on_burn=burned.append)
    rnd.close_insurance()
    assert rnd.expose(["1"]).taken_by == DEALER  # the K
    rnd.act(HIT)  # the Q: bust, and nothing is left for the dealer to play for
    assert rnd.dealer == ["A"]
    assert rnd.burned == burned == ["K"]


# ---------------------------------------------------------------- odds and ends


def test_a_round_drawing_past_its_cards_raises_out_of_cards() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "6"])
    with pytest.raises(OutOfCards):
        rnd.act(HIT)


def test_every_step_is_an_event() -> None:
    rnd = new_round("casino-fr", {1: 10}, ["T", "9", "6", "4", "8"])
    rnd.act(HIT)
    rnd.act(STAND)
    kinds = [e["type"] for e in rnd.events]
    assert kinds == [
        "deal", "deal", "announce", "deal", "announce",
        "hit", "deal", "announce", "stand",
        "deal", "announce", "pay",
    ]  # fmt: skip
    assert rnd.events[-1] == {"type": "pay", "hand": "1", "amounts": {"seat": "10"}}


@pytest.mark.parametrize(
    ("cards", "legal", "natural"),
    [
        (["9S", "8H"], (HIT, STAND), False),
        (["AS", "6H"], (HIT, STAND), False),
        (["5S", "5H"], (HIT, STAND, DOUBLE, SPLIT), False),
        (["AS", "KH"], (), True),
    ],
)
def test_the_deal_s_hand_is_the_hand_make_hand_makes(
    cards: list[str], legal: tuple[str, ...], natural: bool
) -> None:
    """The deal fills each hand itself, written out: every field as make_hand sets it, then what
    the deal sets on it (what it may do, a Black Jack closed); and it is on its box."""
    from trainer.game.cards import points
    from trainer.game.hand import make_hand

    bets = {"seat": "10", "ann": "5"}
    rnd = new_round("casino-fr", {1: 10, 3: bets}, ["TC", cards[0], "TD", "9C", cards[1]])
    box = rnd.boxes[3]
    low, soft = points(cards)
    said = announce_points(low, soft, natural=natural)
    made = make_hand(3, list(cards), box.bets, box.bets, [said], "3", low, "A" in "".join(cards))
    made.legal = legal
    made.natural = made.closed = natural
    fast = box.hands[0]
    for field in Hand.__slots__:
        assert getattr(fast, field) == getattr(made, field), field
    assert fast.stakes is fast.original is box.bets
    assert box.hands == [fast] and rnd.hands()[1] is fast


@pytest.mark.parametrize(("number", "bettor"), [(1, "seat"), (7, "ann")])
def test_the_box_a_first_bet_opens_holds_that_bet_and_no_hand(number: int, bettor: str) -> None:
    """Round.bet fills the box it opens itself: every field of a Box."""
    from trainer.game.hand import NOTHING, Box

    rnd = Round(HouseRules.from_spec("casino-it"), ScriptedCards([]))
    rnd.bet(number, bettor, D(25))
    box = rnd.boxes[number]
    assert (box.number, box.label, box.bets, box.total, box.hands) == (
        number, str(number), {bettor: D(25)}, D(25), []
    )  # fmt: skip
    assert box.insured is box.insurance_nets is NOTHING
    assert (box.insurance, box.insurance_net) == (None, None)
    assert set(Box.__slots__) == {
        "number", "label", "bets", "total", "hands", "insured", "insurance_nets"
    }  # fmt: skip


def test_the_two_cards_table_reads_each_hand_as_the_rules_do() -> None:
    """The deal's table of two-card hands says what the rules say of every two cards: the point
    and its words, the pairs by rank or by value, the totals that double, the Black Jacks."""
    from trainer.game.announce import announce_points
    from trainer.game.cards import CARD_VALUE, is_natural, is_pair, points
    from trainer.game.round import _DOUBLE_TOTALS, _two_cards

    ACTIONS_OF = {  # noqa: N806
        (False, False): (HIT, STAND),
        (False, True): (HIT, STAND, SPLIT),
        (True, False): (HIT, STAND, DOUBLE),
        (True, True): (HIT, STAND, DOUBLE, SPLIT),
    }
    for double_on in ("9-11", "10-11", "none", "any"):
        for split in ("rank", "value", "none"):
            table = _two_cards(double_on, split)
            for a in CARD_VALUE:
                for b in CARD_VALUE:
                    low, soft = points([a, b])
                    natural = is_natural([a, b])
                    best = low + 10 if soft else low
                    may_double = not natural and best in _DOUBLE_TOTALS[double_on]
                    may_split = not natural and split != "none" and is_pair(a, b, split == "value")
                    legal = () if natural else ACTIONS_OF[may_double, may_split]
                    said = announce_points(low, soft, natural=natural)
                    assert table[a][b] == (low, "A" in (a[0], b[0]), said, legal, natural)
