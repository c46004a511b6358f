"""The heat map's tiles name an item in a few words of the trainee's language (`item_tag`),
never by its key: issue 13 found "box", "deal-1" and "play-split" on the tiles of the progress
view in French and Italian."""

from __future__ import annotations

import random
import re

import pytest

from trainer.game.rules import PRESETS, HouseRules
from trainer.history.item_words import item_label, item_name, item_tag
from trainer.history.progress_data import ItemCell
from trainer.i18n import set_language
from trainer.practice.skills import SKILLS

NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _every_item() -> set[str]:
    items = set()
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        rng = random.Random(5)
        for skill in SKILLS.values():
            if skill.available(rules):
                continue
            items.update(skill.make(rng, rules).item for _ in range(150))
    return items


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_no_tile_shows_an_item_s_key(lang: str) -> None:
    items = _every_item()
    assert {i.partition(":")[0] for i in items} >= {"deal-order", "procedure", "exposed-card"}
    set_language(lang)
    for item in sorted(items):
        tag = item_tag(item)
        assert tag and ":" not in tag, (item, tag)
        assert tag != item_label(item) or NUMBER.fullmatch(tag), (item, tag)
        assert not re.search(r"[a-z]-[a-z0-9]", tag), (item, tag)  # no "deal-1", "soft-15"
        label = ItemCell(item.partition(":")[0], item, 1, 0, 1000, None).label
        assert label == tag  # what the tile draws
    set_language("en")


@pytest.mark.parametrize(
    ("item", "en", "fr", "it"),
    [
        ("announce:soft-15", "soft 15", "15 souple", "15 soft"),
        ("announce:hard-14", "hard 14", "14 dur", "14 hard"),
        ("dealer:up-T", "10 up", "10 visible", "10 scoperta"),
        ("outcome:lose-win", "lose and win", "perdent et gagnent", "perdono e vincono"),
        ("pay-even:37.5", "37.50", "37,50", "37,50"),
        ("pay-insurance:half-20", "half of 20", "moitié de 20", "metà di 20"),
        ("deal-order:deal-1", "1 box", "1 case", "1 riquadro"),
        (
            "deal-order:deal-3-hole",
            "3 boxes, hole card",
            "3 cases, carte cachée",
            "3 riquadri, carta coperta",
        ),
        ("exposed-card:box", "to a box", "à une case", "a un riquadro"),
        ("exposed-card:burned", "burned card", "carte brûlée", "carta bruciata"),
        ("pay-table:dealer-bust", "dealer busts", "croupier saute", "mazziere sballa"),
    ],
)
def test_tiles_in_each_language(item: str, en: str, fr: str, it: str) -> None:
    assert item_tag(item) == en
    set_language("fr")
    assert item_tag(item) == fr
    set_language("it")
    assert item_tag(item) == it
    set_language("en")


def test_an_item_with_no_shorter_words_is_named_whole() -> None:
    set_language("fr")
    for item in ("procedure:first-box", "deal-order:play-split", "pay-split:aces"):
        assert item_tag(item) == item_name(item) != item_label(item)
    set_language("en")
