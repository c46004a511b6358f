"""The table every drill shows is a whole, plausible table (RULES.md §5–§9): what a croupier would
see at that moment of a real round, nothing missing, nothing that could not be."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.game.cards import SUITS, best
from trainer.game.rules import HouseRules
from trainer.game.table import TableView
from trainer.practice.skills import SKILLS

PRESETS = ("casino-fr", "casino-it", "online", "hole-card", "home")
CASES = [
    (preset, name)
    for preset in PRESETS
    for name, skill in SKILLS.items()
    if skill.available(HouseRules.from_spec(preset)) is None
]


# Where a bust hand is still on the felt, because the question is about that very moment: the
# dealer saying "bust", the step of collecting it, the order in which every hand took its cards.
BUST_SHOWN = {"announce", "procedure", "deal-order"}


def tables(preset: str, name: str, n: int = 40):
    rules = HouseRules.from_spec(preset)
    for seed in range(n):
        q = SKILLS[name].make(random.Random(seed), rules)
        assert q.table is not None, (name, "every drill is asked on the table")
        yield q, q.table


def every_card(view: TableView) -> list[str]:
    cards = [c for b in view.boxes for h in b.hands for c in h.cards]
    cards += list(view.dealer_cards) + list(view.shoe_next)
    if view.exposed_card:
        cards.append(view.exposed_card)
    return cards


@pytest.mark.parametrize(("preset", "name"), CASES)
def test_every_drill_shows_a_whole_plausible_table(preset: str, name: str) -> None:
    rules = HouseRules.from_spec(preset)
    for q, view in tables(preset, name):
        where = (name, q.prompt, view)
        # every card is a card: a rank and a suit
        assert all(len(c) == 2 and c[1] in SUITS for c in every_card(view)), where
        hands = [(b, h) for b in view.boxes for h in b.hands]
        if any(h.cards for _, h in hands):
            # cards are out: the dealer's up card lies on the felt [000]
            assert view.dealer_cards, where
            if rules.hole_card and len(view.dealer_cards) < 2:
                assert view.hole_card, where
        for b, h in hands:
            assert h.cards or not view.dealer_cards, where  # no hand without its cards
            if best(h.cards) > 21:
                # collected at once, stake and cards [000]: gone from every other table
                assert name in BUST_SHOWN, where
                if name == "announce":
                    assert view.active == h.label, where
            if h.doubled:
                # one card only after a double [000]; the doubled stake is on the felt
                assert len(h.cards) == 3, where
                bets = dict(b.bets)
                for who, stake in h.stakes:
                    if "." not in h.label:
                        assert stake == 2 * bets[who], where
        for b in view.boxes:
            if b.hands:
                assert b.bets, (where, "a box with cards has a bet")
            stakes = [amount for h in b.hands for _, amount in h.stakes]
            assert all(isinstance(a, Decimal) and a > 0 for a in stakes), where


def test_the_pay_drills_point_at_the_box_they_ask_about() -> None:
    for name in ("pay-even", "pay-double", "pay-blackjack"):
        for q, view in tables("casino-fr", name, 20):
            box = q.data["box"]
            assert str(box) in view.highlights, (name, view)
            assert view.box(box).hands, (name, view)


def test_a_doubled_win_is_a_doubled_hand_that_wins() -> None:
    for q, view in tables("casino-fr", "pay-double", 30):
        (hand,) = view.box(q.data["box"]).hands
        assert hand.doubled and len(hand.cards) == 3
        assert 9 <= best(hand.cards[:2]) <= 11  # [000] a double on 9, 10 or 11
        dealer = best(view.dealer_cards)
        assert len(view.dealer_cards) >= 2
        assert best(hand.cards) <= 21 and (dealer > 21 or best(hand.cards) > dealer)
