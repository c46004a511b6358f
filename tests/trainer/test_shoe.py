"""The shoe, RULES.md §3: its decks, the seeded shuffle, the cut, the burn of 5, the red card, the
reshuffle every round online [002]; and the scripted cards a scenario deals from."""

import math
import random
from collections import Counter
from collections.abc import Callable
from decimal import Decimal

import pytest

from trainer.game.cards import full_deck
from trainer.game.round import Round
from trainer.game.rules import HouseRules
from trainer.game.shoe import BURN, OutOfCards, ScriptedCards, Shoe, shuffled


def everything(shoe: Shoe) -> Counter[str]:
    return Counter(shoe.dealt) + Counter(shoe.burned) + Counter(shoe.remaining)


def shoe_for(rules: HouseRules, seed: int = 0) -> Shoe:
    return Shoe(rules.decks, seed=seed, every_round=rules.reshuffle == "every-round")


@pytest.mark.parametrize("decks", [1, 4, 6, 8])
def test_a_fresh_shoe_holds_its_decks_and_has_burned_5(decks: int) -> None:
    shoe = Shoe(decks, seed=1)
    assert BURN == 5  # [000][003] "brûle alors les 5 premières"
    assert len(shoe.burned) == 5
    assert shoe.dealt == []
    assert len(shoe.remaining) == 52 * decks - 5
    assert everything(shoe) == Counter(full_deck() * decks)
    assert shoe.shuffles == 1


def test_the_burned_cards_are_the_first_five_of_the_shoe() -> None:
    a = Shoe(6, seed=42)
    b = Shoe(6, seed=42)
    first = b.burned + [b.draw() for _ in range(3)]
    assert a.burned == first[:5]
    assert [a.draw() for _ in range(3)] == first[5:]


def test_the_same_seed_deals_the_same_shoe() -> None:
    a, b = Shoe(6, seed=7), Shoe(6, seed=7)
    assert [a.draw() for _ in range(100)] == [b.draw() for _ in range(100)]


def test_different_seeds_deal_different_shoes() -> None:
    a, b = Shoe(6, seed=7), Shoe(6, seed=8)
    assert [a.draw() for _ in range(30)] != [b.draw() for _ in range(30)]


def test_drawing_moves_cards_from_remaining_to_dealt() -> None:
    shoe = Shoe(2, seed=3)
    top = shoe.remaining[:10]
    drawn = [shoe.draw() for _ in range(10)]
    assert drawn == top
    assert shoe.dealt == drawn
    assert len(shoe.remaining) == 104 - 5 - 10
    assert everything(shoe) == Counter(full_deck() * 2)


def test_the_red_card_leaves_part_of_the_shoe_behind() -> None:
    shoe = Shoe(6, seed=0)
    n = 312
    assert BURN < shoe.red_card_at <= n - 10
    while not shoe.red_card_out:
        shoe.draw()
    # chosen: the red card is out once its position is reached, never before
    assert len(shoe.dealt) + BURN == shoe.red_card_at


def test_end_round_reshuffles_only_once_the_red_card_is_out() -> None:
    shoe = Shoe(6, seed=5)
    for _ in range(20):
        shoe.draw()
    assert shoe.end_round() is False
    assert shoe.shuffles == 1
    assert len(shoe.dealt) == 20  # the cards stay out until the red card
    while not shoe.red_card_out:
        shoe.draw()
    shoe.draw()  # the round in progress is finished after the red card came out
    assert shoe.end_round() is True
    assert shoe.shuffles == 2
    assert shoe.dealt == []
    assert len(shoe.burned) == 5  # a new shoe burns 5 again
    assert everything(shoe) == Counter(full_deck() * 6)


def test_online_reshuffles_every_round() -> None:
    # [002] "4 jeux, qui sont mélangés après chaque main"
    rules = HouseRules.from_spec("online")
    shoe = shoe_for(rules, seed=9)
    assert shoe.decks == 4
    for i in range(5):
        shoe.draw()
        shoe.draw()
        assert not shoe.red_card_out  # no red card to wait for
        assert shoe.end_round() is True
        assert shoe.shuffles == i + 2
        assert shoe.dealt == []
        assert everything(shoe) == Counter(full_deck() * 4)


def test_a_cut_card_shoe_is_not_reshuffled_after_one_round() -> None:
    shoe = shoe_for(HouseRules.from_spec("casino-fr"))
    shoe.draw()
    assert shoe.end_round() is False


def test_burn_moves_an_exposed_card_from_dealt_to_burned() -> None:
    # [003] a card exposed by mistake and refused by all is burned
    shoe = Shoe(6, seed=11)
    c = shoe.draw()
    d = shoe.draw()
    shoe.burn(c)
    assert shoe.dealt == [d]
    assert shoe.burned[-1] == c
    assert len(shoe.burned) == 6
    assert everything(shoe) == Counter(full_deck() * 6)


def test_shoe_and_round_keep_every_card_across_a_reshuffle() -> None:
    rules = HouseRules.from_spec("casino-fr")
    shoe = shoe_for(rules, seed=4)
    rounds = 0
    while shoe.shuffles < 3:
        rnd = Round(rules, shoe, on_burn=shoe.burn)
        for box in (1, 4, 7):
            rnd.bet(box, "seat", Decimal(10))
        rnd.deal()
        if rnd.phase == "insurance":
            rnd.close_insurance()
        while rnd.current is not None:
            rnd.act("hit" if rnd.current.best < 17 else "stand")
        assert rnd.done
        assert everything(shoe) == Counter(full_deck() * 6)
        shoe.end_round()
        rounds += 1
    assert rounds > 20


@pytest.mark.parametrize("seed", range(5))
def test_a_home_shoe_can_finish_a_full_table_round_at_the_red_card(seed: int) -> None:
    # §3: the round in progress is finished when the red card comes out; with one deck [004]
    # and 7 boxes the 13 cards behind the red card may not be enough for it
    rules = HouseRules.from_spec("home")
    shoe = shoe_for(rules, seed=seed)
    for _ in range(shoe.red_card_at - BURN - 1):
        shoe.draw()
    shoe.end_round()  # the cards drawn so far are an earlier round's discards
    assert not shoe.red_card_out  # one card before the red card: a round may start
    rnd = Round(rules, shoe, on_burn=shoe.burn)
    for box in range(1, 8):
        rnd.bet(box, "seat", Decimal(1))
    rnd.deal()  # 7 boxes and a hole card: 16 cards, only 14 are left before the discards
    while rnd.current is not None:
        rnd.act("hit" if rnd.current.best < 17 else "stand")
    assert rnd.done
    held = Counter(c for h in rnd.hands() for c in h.cards) + Counter(rnd.dealer)
    assert sum(held.values()) > 14
    assert everything(shoe) == Counter(full_deck())
    assert shoe.end_round() is True  # the red card is out: a fresh shoe for the next round
    assert everything(shoe) == Counter(full_deck())
    assert len(shoe.remaining) == 52 - 5


def test_a_shoe_without_discards_still_runs_out() -> None:
    shoe = Shoe(1, seed=2)
    with pytest.raises(OutOfCards):
        for _ in range(53):
            shoe.draw()


# ---------------------------------------------------------------- scripted cards


def test_scripted_cards_are_dealt_in_order() -> None:
    s = ScriptedCards(["T", "9", "AS"])
    assert (s.used, s.left) == (0, 3)
    assert [s.draw(), s.draw()] == ["T", "9"]
    assert (s.used, s.left) == (2, 1)
    assert s.draw() == "AS"
    with pytest.raises(OutOfCards, match="too few cards: all 3 were used"):
        s.draw()


def test_scripted_cards_take_any_iterable() -> None:
    s = ScriptedCards(c for c in "A23")
    assert [s.draw() for _ in range(3)] == ["A", "2", "3"]


# ---------------------------------------------------------------- the shuffle is uniform
#
# Chi-square tests over many fresh shuffles, from a fixed seed so that they are deterministic.
# The threshold is a p-value of one in a million: a fair shuffle passes it whatever the seed
# (but once in a million seeds), a biased one -- like those below -- fails it by far. The
# random-key sort the shoe uses shows no bias: its keys are 53-bit floats.

RANK_VALUES = "A23456789T"
P_MIN = 1e-6


def chi_square_p(observed: list[int], expected: list[float], dof: int) -> float:
    """The chance that a fair source gives a chi-square this large (Wilson-Hilferty)."""
    x = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    k = dof
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def positions_p(shuffle: Callable[[list[str], random.Random], list[str]], n: int) -> float:
    """Each card of a deck at each place after `n` shuffles: one cell of 52 x 52, each
    expected n / 52 times."""
    deck = full_deck()
    index = {c: i for i, c in enumerate(deck)}
    counts = [0] * (52 * 52)
    rng = random.Random(20260101)
    for _ in range(n):
        for place, card in enumerate(shuffle(list(deck), rng)):
            counts[index[card] * 52 + place] += 1
    return chi_square_p(counts, [n / 52] * len(counts), 51 * 51)


def ranks_p(n: int) -> float:
    """Each rank at each place of a fresh 6-deck shoe after the cut and the burn (307 places),
    over `n` shoes: one cell of 13 x 307, each expected n / 13 times."""
    rank = {r: i for i, r in enumerate("A23456789TJQK")}
    places = 6 * 52 - BURN
    counts = [0] * (13 * places)
    seeds = random.Random(20260102)
    for _ in range(n):
        shoe = Shoe(6, seed=seeds.getrandbits(64))
        for place, card in enumerate(shoe.remaining):
            counts[rank[card[0]] * places + place] += 1
    return chi_square_p(counts, [n / 13] * len(counts), 12 * (places - 1))


def dealer_cards_p(n: int, decks: int = 1) -> float:
    """The dealer's second card given his first, at a 3-box table with a hole card (his cards
    are the 4th and 8th after the burn), over `n` fresh shoes: against the odds of a fair shoe,
    one card of the first's value fewer."""
    counts = [0] * 100
    seeds = random.Random(20260103)
    for _ in range(n):
        shoe = Shoe(decks, seed=seeds.getrandbits(64))
        cards = [shoe.draw() for _ in range(8)]
        first, second = (RANK_VALUES.index("T" if c[0] in "TJQK" else c[0]) for c in cards[3::4])
        counts[first * 10 + second] += 1
    per = [4 * decks] * 9 + [16 * decks]
    total = 52 * decks
    expected = [
        n * per[f] / total * (per[s] - (f == s)) / (total - 1) for f in range(10) for s in range(10)
    ]
    return chi_square_p(counts, expected, 99)


def naive_swaps(cards: list[str], rng: random.Random) -> list[str]:
    """The classic wrong shuffle: swap each place with any place at all (n^n ways, not n!)."""
    for i in range(len(cards)):
        j = rng.randrange(len(cards))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def short_keys(cards: list[str], rng: random.Random) -> list[str]:
    """A random-key sort with keys too short to be told apart: ties keep the deck's order."""
    return sorted(cards, key=lambda _: rng.randrange(16))


def four_keys(cards: list[str], rng: random.Random) -> list[str]:
    """The same with four keys: each quarter of the shoe runs in the deck's order."""
    return sorted(cards, key=lambda _: rng.randrange(4))


def late_tens(cards: list[str], rng: random.Random) -> list[str]:
    """A random-key sort whose keys favour the ten-values late in the shoe."""
    return sorted(cards, key=lambda c: rng.random() + (0.25 if c[0] in "TJQK" else 0.0))


@pytest.mark.slow
def test_every_card_is_as_likely_at_every_place() -> None:
    assert positions_p(shuffled, 20_000) > P_MIN


@pytest.mark.slow
def test_every_rank_is_as_likely_at_every_place_of_a_fresh_shoe() -> None:
    assert ranks_p(4_000) > P_MIN


@pytest.mark.slow
def test_the_dealer_s_second_card_does_not_depend_on_his_first() -> None:
    assert dealer_cards_p(30_000) > P_MIN


@pytest.mark.slow
@pytest.mark.parametrize("broken", [naive_swaps, short_keys])
def test_a_biased_shuffle_fails_the_place_test(
    broken: Callable[[list[str], random.Random], list[str]],
) -> None:
    assert positions_p(broken, 20_000) < P_MIN


@pytest.mark.slow
def test_a_biased_shuffle_fails_the_rank_test(monkeypatch: pytest.MonkeyPatch) -> None:
    import trainer.game.shoe

    monkeypatch.setattr(trainer.game.shoe, "shuffled", late_tens)
    assert ranks_p(4_000) < P_MIN


@pytest.mark.slow
@pytest.mark.parametrize("broken", [four_keys, late_tens])
def test_a_biased_shuffle_fails_the_dealer_test(
    broken: Callable[[list[str], random.Random], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import trainer.game.shoe

    monkeypatch.setattr(trainer.game.shoe, "shuffled", broken)
    assert dealer_cards_p(30_000) < P_MIN
