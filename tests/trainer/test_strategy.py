"""Basic strategy, and the simulated players of the drills who play by it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.cards import best, points
from trainer.game.round import Round
from trainer.game.rules import PRESETS, HouseRules
from trainer.game.strategy import DOUBLE, HIT, SPLIT, STAND, basic_action
from trainer.practice.skills import hands

ALL = (HIT, STAND, DOUBLE, SPLIT)
NO_SPLIT = (HIT, STAND, DOUBLE)
HIT_STAND = (HIT, STAND)


def rules(preset: str, **options) -> HouseRules:
    return HouseRules.from_spec({"preset": preset, **options})


@pytest.mark.parametrize(
    ("preset", "cards", "up", "legal", "play"),
    [
        ("hole-card", ["TS", "6H"], "KD", HIT_STAND, HIT),  # 16 against a ten: hit
        ("hole-card", ["TS", "2H"], "4D", HIT_STAND, STAND),  # 12 against a 4: stand
        ("hole-card", ["TS", "2H"], "2D", HIT_STAND, HIT),  # ... against a 2: hit
        ("hole-card", ["9S", "7H"], "6D", HIT_STAND, STAND),
        ("hole-card", ["6S", "5H"], "6D", NO_SPLIT, DOUBLE),
        ("hole-card", ["6S", "5H"], "TD", NO_SPLIT, DOUBLE),  # a hole card: 11 doubles on a ten
        ("casino-fr", ["6S", "5H"], "TD", NO_SPLIT, HIT),  # no hole card: it does not
        ("hole-card", ["AS", "7H"], "9D", HIT_STAND, HIT),  # soft 18 against a 9: hit
        ("online", ["AS", "7H"], "4D", NO_SPLIT, DOUBLE),
        ("casino-fr", ["AS", "7H"], "4D", HIT_STAND, STAND),  # no double on a soft 18 here
        ("casino-fr", ["AS", "2H"], "5D", HIT_STAND, HIT),
        ("hole-card", ["8S", "8H"], "6D", ALL, SPLIT),
        ("hole-card", ["8S", "8H"], "TD", ALL, SPLIT),
        ("casino-fr", ["8S", "8H"], "TD", ALL, HIT),  # no hole card: no second bet on a ten
        ("casino-fr", ["8S", "8H"], "6D", HIT_STAND, STAND),  # max hands reached: a hard 16
        ("hole-card", ["AS", "AH"], "AD", ALL, SPLIT),
        ("casino-fr", ["AS", "AH"], "AD", ALL, HIT),
        ("hole-card", ["5S", "5H"], "6D", ALL, DOUBLE),  # fives are a 10, never split
        ("hole-card", ["KS", "QH"], "6D", ALL, STAND),  # nor tens
        ("online", ["4S", "4H"], "5D", ALL, SPLIT),  # doubling after a split: fours split on 5
        ("hole-card", ["2S", "3H"], "6D", HIT_STAND, HIT),
        ("hole-card", ["2S", "3H", "4C", "5D"], "TD", HIT_STAND, HIT),  # a hard 14, 4 cards
        ("hole-card", ["TS", "7H"], "AD", HIT_STAND, STAND),
        ("home", ["6S", "5H"], "6D", HIT_STAND, HIT),  # no doubling at home
    ],
)
def test_the_chart(preset, cards, up, legal, play):
    assert basic_action(cards, up, legal, rules(preset)) == play


def test_without_doubling_after_a_split_small_pairs_split_less():
    das = rules("online")
    no_das = das.with_options(double_after_split=False)
    assert basic_action(["4S", "4H"], "5D", ALL, das) == SPLIT
    assert basic_action(["4S", "4H"], "5D", ALL, no_das) == HIT
    assert basic_action(["2S", "2H"], "2D", ALL, no_das) == HIT


RANKS = "A23456789TJQK"
card = st.sampled_from([r + "S" for r in RANKS])


@settings(max_examples=400, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    cards=st.lists(card, min_size=2, max_size=6),
    up=card,
    legal=st.sampled_from([HIT_STAND, NO_SPLIT, ALL, (HIT, STAND, SPLIT)]),
)
def test_the_chart_plays_only_what_the_round_offers_and_nothing_absurd(preset, cards, up, legal):
    low, soft = points(cards)
    if best(cards) >= 21:
        return  # a closed hand is never asked
    play = basic_action(cards, up, legal, rules(preset))
    assert play in legal
    if best(cards) <= 11:
        assert play != STAND  # a hand one card cannot bust is never stood on
    if not soft and low >= 17:
        assert play in (STAND, SPLIT)  # a pair of nines splits; nothing else but stands


def test_players_make_the_occasional_mistake_and_never_an_absurd_one():
    r = rules("hole-card")
    rng = random.Random(7)
    deck = [c + s for c in RANKS for s in "SHDC"]
    spots = mistakes = stood_low = stood_soft = hard_17_hits = hard_17 = 0
    for _ in range(20_000):
        cards = rng.sample(deck, 2)
        up = rng.choice(deck)
        if best(cards) == 21:
            continue
        legal = ALL if cards[0][0] == cards[1][0] else NO_SPLIT
        play = hands.player_action(rng, cards, up, legal, r)
        spots += 1
        mistakes += play != basic_action(cards, up, legal, r)
        stood_low += play == STAND and best(cards) <= 11
        low, soft = points(cards)
        stood_soft += play == STAND and soft and best(cards) <= 16
        if not soft and low >= 17:
            hard_17 += 1
            hard_17_hits += play == HIT
    assert 0.02 < mistakes / spots < 0.07
    assert stood_low == 0
    # nobody stands on a hand one card cannot bust, nobody draws on a hard 17 (issues 24, 26)
    assert stood_soft == 0
    assert hard_17 > 1000 and hard_17_hits == 0


def test_the_drills_tables_are_played_like_real_tables(monkeypatch):
    """Every decision the drills' players take while dealing their rounds."""
    seen: list[tuple[list[str], str, tuple[str, ...], HouseRules, str]] = []
    act = Round.act

    def recording(self, action, *args, **kwargs):
        h = self.current
        seen.append((list(h.cards), self.dealer[0], self.legal_actions(), self.rules, action))
        return act(self, action, *args, **kwargs)

    monkeypatch.setattr(Round, "act", recording)
    rng = random.Random(3)
    for preset in ("casino-fr", "online", "hole-card"):
        r = rules(preset)
        for i in range(150):
            hands._random_round(rng, r, boxes=r.boxes, pair=i % 3 == 0)
    off_chart = sum(basic_action(c, u, legal, r) != a for c, u, legal, r, a in seen)
    assert off_chart / len(seen) < 0.08
    assert not [c for c, _, _, _, a in seen if a == STAND and best(c) <= 5]
    hard_17 = [a for c, _, _, _, a in seen if not points(c)[1] and points(c)[0] >= 17]
    assert hard_17 and HIT not in hard_17
