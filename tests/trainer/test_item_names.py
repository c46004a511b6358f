"""Items named as a trainee reads them, never by their keys: "A + 5 (soft 16)", "Black Jack on
25", "offering insurance" — for every item any skill makes under any preset."""

from __future__ import annotations

import random
import re

import pytest

from trainer.game.rules import PRESETS, HouseRules
from trainer.history.progress_data import item_label, item_name
from trainer.practice.skills import SKILLS


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("announce:soft-16", "A + 5 (soft 16)"),
        ("announce:soft-12", "A + A (soft 12)"),
        ("announce:soft-stand-14", "A + 3 standing (soft 14)"),
        ("announce:hard-14", "hard 14"),
        ("announce:21-3cards", "21 in 3 cards"),
        ("pay-blackjack:25", "Black Jack on 25"),
        ("pay-even:37.5", "even money on 37.50"),  # as the drill writes it
        ("pay-insurance:max-20", "the most a bet of 20 may insure"),  # [003] at most half
        ("pay-insurance:half-20", "the insurance of a bet of 20"),  # [000] exactly half
        ("pay-table:dealer-stands", "the table when the dealer stands"),
        ("pay-table:dealer-bust", "the table when the dealer busts"),
        ("pay-table:dealer-blackjack", "the table when the dealer makes Black Jack"),
        (
            "pay-table:dealer-unfinished",
            "the table when the dealer stops before his hand is made (nothing left to settle "
            "against it)",
        ),
        ("dealer:up-A", "the dealer shows an Ace"),
        ("outcome:bust-lose-win", "hands that bust, lose and win"),
        ("procedure:insurance", "offering insurance"),
        ("deal-order:deal-3-hole", "dealing 3 boxes with a hole card"),
        ("exposed-card:burned", "an exposed card burned"),
        ("something:new-kind", "new-kind"),  # a key it does not know: shown without its skill
    ],
)
def test_names(key: str, name: str) -> None:
    assert item_name(key) == name


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_item_of_any_skill_is_named_by_its_key(preset: str) -> None:
    rules = HouseRules.from_spec(preset)
    rng = random.Random(5)
    for skill in SKILLS.values():
        if skill.available(rules):
            continue
        for _ in range(150):
            item = skill.make(rng, rules).item
            name = item_name(item)
            assert name != item_label(item) and ":" not in name, item
            assert not re.search(r"[a-z]-[a-z0-9]", name), (item, name)  # no "soft-16"
