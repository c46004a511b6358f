"""The home game [004] (RULES.md §12): seats, the bank, the score after every round, the end."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.home import (
    PASSES,
    STAYS,
    HomeGame,
    HomeGameError,
    HomeSetup,
    simple_decision,
)
from trainer.game.round import HIT, STAND
from trainer.game.shoe import ScriptedCards

D = Decimal


def test_lea_example_of_004() -> None:
    # [004] "Léa a un 10 et un 6 : 16. La banque montre un 9. Léa demande une carte : un 4, elle a
    # 20 et reste. La banque retourne un 7 : 16, elle doit tirer. Un Roi : 26, la banque saute.
    # Léa gagne sa mise." — and "Léa mise 10, elle reçoit 10 et garde sa mise".
    game = HomeGame(HomeSetup(("Banque", "Léa"), chips=D(100)), seed=1)
    # deal order: Léa, the bank's up card, Léa, the bank's hidden card; then Léa's 4, the bank's K
    played = game.play_round({"Léa": D(10)}, cards=ScriptedCards(["T", "9", "6", "7", "4", "K"]))
    h = played.round.boxes[1].hands[0]
    assert h.cards == ["T", "6", "4"]
    assert played.round.dealer == ["9", "7", "K"]
    lea, bank = played.line("Léa"), played.line("Banque")
    assert (lea.net, lea.balance, lea.stake) == (D(10), D(110), D(10))
    assert (bank.net, bank.balance, bank.bank) == (D(-10), D(90), True)


def test_a_bust_loses_even_if_the_bank_busts_later() -> None:
    # [004] "Dépasser 21 fait perdre immédiatement la mise, même si la banque saute ensuite."
    game = HomeGame(HomeSetup(("Banque", "Léa", "Hugo")), seed=2)
    # Léa T 6, Hugo T 2; bank 9 (hole 7); Léa hits K: bust; Hugo hits 5 -> 17 stands; bank K: bust
    cards = ScriptedCards(["T", "T", "9", "6", "2", "7", "K", "5", "K"])
    played = game.play_round({"Léa": D(10), "Hugo": D(5)}, cards=cards)
    assert played.line("Léa").net == D(-10)
    assert played.line("Hugo").net == D(5)
    assert played.line("Banque").net == D(5)


def test_a_black_jack_is_paid_one_and_a_half_and_pushes_against_the_banks() -> None:
    # [004] "la mise est payée une fois et demie. Si la banque a le même, la mise est simplement
    # rendue."
    game = HomeGame(HomeSetup(("Banque", "Léa", "Hugo")), seed=3)
    # Léa A K (Black Jack), Hugo T 8; bank 7 (hole T): 17 stands
    played = game.play_round(
        {"Léa": D(10), "Hugo": D(10)}, cards=ScriptedCards(["A", "T", "7", "K", "8", "T"])
    )
    assert played.line("Léa").net == D(15)
    assert played.line("Hugo").net == D(10)
    assert played.line("Banque").net == D(-25)
    game2 = HomeGame(HomeSetup(("Banque", "Léa")), seed=3)
    played = game2.play_round({"Léa": D(10)}, cards=ScriptedCards(["A", "A", "K", "K"]))
    assert played.line("Léa").net == D(0)


def test_the_bank_passes_round_the_table_or_stays() -> None:
    names = ("Léa", "Hugo", "Chloé")
    passing = HomeGame(HomeSetup(names, bank=PASSES), seed=4)
    banks = [passing.play_round().bank for _ in range(4)]
    assert banks == ["Léa", "Hugo", "Chloé", "Léa"]
    staying = HomeGame(HomeSetup(names, bank=STAYS, first_bank=1), seed=4)
    assert [staying.play_round().bank for _ in range(3)] == ["Hugo"] * 3


def test_the_players_sit_from_the_banks_left() -> None:
    game = HomeGame(HomeSetup(("Léa", "Hugo", "Chloé", "Louis"), first_bank=2), seed=5)
    assert game.seating() == {1: "Louis", 2: "Léa", 3: "Hugo"}


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 7),
    chips=st.integers(1, 500),
    seed=st.integers(0, 2**32),
    bank=st.sampled_from((PASSES, STAYS)),
)
def test_chips_are_conserved_and_the_game_ends_with_a_winner(
    n: int, chips: int, seed: int, bank: str
) -> None:
    names = tuple(f"P{i}" for i in range(n))
    game = HomeGame(HomeSetup(names, chips=D(chips), bank=bank), seed=seed)
    rounds = 0
    while not game.over and rounds < 60:
        played = game.play_round()
        rounds += 1
        # the bank wins what the players lose, and nobody's chips go below zero
        assert sum(line.net for line in played.lines) == 0
        assert sum(game.balances.values()) == D(chips) * n
        assert all(v >= 0 for v in game.balances.values())
        assert all(line.stake is None or line.stake >= 1 for line in played.lines)
        for line in played.lines:
            assert line.balance == game.balances[line.player] or game.rounds[-1] is not played
    if not game.over:
        game.end()
    top = max(game.balances.values())
    assert game.winners() and all(game.balances[w] == top for w in game.winners())
    with pytest.raises(HomeGameError, match="over"):
        game.play_round()


def test_the_game_ends_when_a_player_has_no_chips_left() -> None:
    game = HomeGame(HomeSetup(("Banque", "Léa"), chips=D(10)), seed=6)
    # Léa stakes all 10 and busts: T 6, bank 9 (7), Léa hits K
    game.play_round({"Léa": D(10)}, cards=ScriptedCards(["T", "9", "6", "7", "K"]))
    assert game.balances == {"Banque": D(20), "Léa": D(0)}
    assert game.over and game.winners() == ["Banque"]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Léa",), "2 to 7 players"),
        (tuple("ABCDEFGH"), "2 to 7 players"),
        (("Léa", "léa"), "two players are called"),
        (("Léa", " "), "printable"),
        (("Léa", "Hu\x1bgo"), "printable"),
    ],
)
def test_a_bad_setup_is_one_sentence(players: tuple[str, ...], message: str) -> None:
    with pytest.raises(HomeGameError, match=message):
        HomeSetup(players)


def test_stakes_beyond_a_players_chips_are_refused() -> None:
    game = HomeGame(HomeSetup(("Banque", "Léa"), chips=D(10)), seed=7)
    with pytest.raises(HomeGameError, match="cannot stake 11"):
        game.play_round({"Léa": D(11)})


def test_the_bank_covers_what_it_may_have_to_pay() -> None:
    # the bank holds 10: three players' 10s come down until they total at most 10 (chosen)
    game = HomeGame(HomeSetup(("B", "x", "y", "z"), chips=D(10)), seed=8)
    played = game.play_round({"x": D(10), "y": D(10), "z": D(10)})
    stakes = [line.stake for line in played.lines if not line.bank]
    assert sum(s for s in stakes if s is not None) <= 10


def test_a_bank_short_of_chips_pays_what_it_has() -> None:
    # Léa's Black Jack on 10 asks 15 of a bank holding 10: it pays 10 and is out (chosen)
    game = HomeGame(HomeSetup(("Banque", "Léa"), chips=D(10)), seed=9)
    played = game.play_round({"Léa": D(10)}, cards=ScriptedCards(["A", "9", "K", "7"]))
    assert played.line("Léa").net == D(10)
    assert game.balances == {"Banque": D(0), "Léa": D(20)}
    assert game.over and game.winners() == ["Léa"]


@pytest.mark.parametrize(
    ("hand", "up", "decision"),
    [
        (["T", "7"], "A", STAND),  # 17 or more: stand
        (["T", "2"], "5", STAND),  # 12-16 against 2-6: stand
        (["T", "2"], "7", HIT),  # 12-16 against 7 or more: a card
        (["5", "6"], "T", HIT),  # 11 or less: always a card
        (["A", "7"], "9", STAND),  # "7 et As, c'est 18"
        (["A", "4"], "4", HIT),  # a soft 15 cannot bust on one card
    ],
)
def test_family_players_follow_the_advice_of_004(hand: list[str], up: str, decision: str) -> None:
    assert simple_decision(hand, up) == decision


def test_a_family_game_burns_no_card() -> None:
    # [004] has no burn: the first card after the shuffle and the cut is the first dealt (a
    # casino's shoe burns 5 [000])
    game = HomeGame(HomeSetup(("Léa", "Tom", "Zoé")), seed=3)
    shoe = game._shoe
    first = shoe.remaining[0]
    assert shoe.burned == []
    round_ = game.play_round()
    assert round_.round.boxes[1].hands[0].cards[0] == first
