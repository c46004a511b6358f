"""House rules, presets and overrides: RULES.md §11.

The expected table below is copied from RULES.md §11 by hand, column by column, not from the
engine's PRESETS, so a drift on either side shows here.
"""

import re
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.game.rules import (
    DEFAULT_PRESET,
    OPTIONS,
    PRESETS,
    HouseRules,
    RulesError,
    read_amount,
)

D = Decimal
STD_CHIPS = tuple(D(c) for c in (500, 100, 25, 10, 5, 2, 1))

# RULES.md §11, one column per preset.
TABLE: dict[str, dict[str, Any]] = {
    "casino-fr": {
        "decks": 6, "reshuffle": "cut-card", "boxes": 7, "hole_card": False,
        "double_on": "9-11", "double_after_split": True, "split": "rank", "max_hands": 3,
        "insurance": True, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": True, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": D(5), "table_max": D(500),
        "round_half_units": False, "chips": STD_CHIPS,
    },
    "casino-it": {
        "decks": 6, "reshuffle": "cut-card", "boxes": 7, "hole_card": False,
        "double_on": "9-11", "double_after_split": True, "split": "value", "max_hands": 3,
        "insurance": True, "insurance_amount": "up-to-half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": True, "behind_consent": True,
        "min_boxes_heads_up": 1, "table_min": D(5), "table_max": D(500),
        "round_half_units": False, "chips": STD_CHIPS,
    },
    "online": {
        "decks": 4, "reshuffle": "every-round", "boxes": 3, "hole_card": False,
        "double_on": "any", "double_after_split": True, "split": "rank", "max_hands": 2,
        "insurance": True, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": False, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": D(1), "table_max": D(500),
        "round_half_units": False, "chips": (D(100), D(25), D(5), D(1)),
    },
    "hole-card": {
        "decks": 6, "reshuffle": "cut-card", "boxes": 7, "hole_card": True,
        "double_on": "any", "double_after_split": True, "split": "rank", "max_hands": 3,
        "insurance": True, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": False, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": D(5), "table_max": D(500),
        "round_half_units": False, "chips": STD_CHIPS,
    },
    "home": {
        "decks": 1, "reshuffle": "cut-card", "boxes": 7, "hole_card": True,
        "double_on": "none", "double_after_split": False, "split": "none", "max_hands": 1,
        "insurance": False, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": False, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": None, "table_max": None,
        "round_half_units": False, "chips": (D(10), D(5), D(1)),
    },
}  # fmt: skip


def test_the_five_presets_and_no_others() -> None:
    assert set(PRESETS) == set(TABLE)


def test_every_option_of_the_table_exists() -> None:
    assert set(OPTIONS) == set(TABLE["casino-fr"])


@pytest.mark.parametrize("preset", sorted(TABLE))
def test_preset_matches_rules_md(preset: str) -> None:
    rules = HouseRules.from_spec(preset)
    assert rules.preset == preset
    assert rules.options() == TABLE[preset]
    assert rules.overrides() == {}
    assert rules.describe() == preset


@pytest.mark.parametrize("preset", sorted(TABLE))
def test_preset_by_name_and_by_spec_are_the_same(preset: str) -> None:
    assert HouseRules.preset_named(preset) == HouseRules.from_spec({"preset": preset})


def test_casino_fr_is_the_default() -> None:
    assert DEFAULT_PRESET == "casino-fr"
    assert HouseRules.from_spec() == HouseRules.from_spec("casino-fr")
    assert HouseRules.from_spec(None).preset == "casino-fr"
    assert HouseRules.from_spec({}).preset == "casino-fr"
    assert HouseRules.from_spec({"dealer_hits_soft_17": True}).preset == "casino-fr"
    assert HouseRules.preset_named().preset == "casino-fr"


def test_dealer_stands_on_soft_17_in_every_preset() -> None:
    # §8 [000][001][003][004]: off in every preset
    assert not any(HouseRules.from_spec(p).dealer_hits_soft_17 for p in PRESETS)


def test_rules_are_immutable() -> None:
    rules = HouseRules.from_spec("casino-fr")
    with pytest.raises(AttributeError):
        rules.decks = 2  # type: ignore[misc]


# ---------------------------------------------------------------- overrides


def test_override_on_top_of_a_preset() -> None:
    rules = HouseRules.from_spec({"preset": "casino-fr", "dealer_hits_soft_17": True})
    assert rules.dealer_hits_soft_17
    assert rules.decks == 6
    assert rules.overrides() == {"dealer_hits_soft_17": True}
    assert rules.describe() == "casino-fr + dealer_hits_soft_17=True"


def test_dealer_bj_takes_original_override() -> None:
    rules = HouseRules.from_spec({"preset": "casino-fr", "dealer_bj_takes": "original"})
    assert rules.dealer_bj_takes == "original"
    assert rules.overrides() == {"dealer_bj_takes": "original"}


def test_with_options_keeps_the_preset_and_earlier_overrides() -> None:
    base = HouseRules.from_spec({"preset": "casino-it", "decks": 2})
    rules = base.with_options(round_half_units=True)
    assert rules.preset == "casino-it"
    assert rules.decks == 2
    assert rules.round_half_units
    assert rules.overrides() == {"decks": 2, "round_half_units": True}
    assert base.round_half_units is False  # the original is untouched


def test_overriding_with_the_preset_value_is_no_override() -> None:
    rules = HouseRules.from_spec({"preset": "online", "decks": 4})
    assert rules.overrides() == {}
    assert rules.describe() == "online"


@pytest.mark.parametrize(
    ("option", "raw", "value"),
    [
        ("hole_card", "true", True),
        ("hole_card", "yes", True),
        ("hole_card", "off", False),
        ("hole_card", "0", False),
        ("decks", "8", 8),
        ("decks", 1, 1),
        ("boxes", 3, 3),
        ("max_hands", 4, 4),
        ("table_min", "2.50", D("2.50")),
        ("table_min", 10, D(10)),
        ("table_min", 10.0, D(10)),  # a whole float is an integer, not a binary fraction
        ("table_max", "none", None),
        ("table_max", None, None),
        ("chips", [1, 5, 25], (D(25), D(5), D(1))),
        ("chips", "5 1 25 5", (D(25), D(5), D(1))),
        ("chips", ["0.5", 1], (D(1), D("0.5"))),
        ("blackjack_pays", "6:5", "6:5"),
        ("double_on", "10-11", "10-11"),
        ("reshuffle", "every-round", "every-round"),
        ("min_boxes_heads_up", 2, 2),
    ],
)
def test_option_values_are_converted(option: str, raw: object, value: object) -> None:
    rules = HouseRules.from_spec({"preset": "casino-fr", option: raw})
    assert getattr(rules, option) == value


@pytest.mark.parametrize(
    ("ratio_text", "ratio"), [("3:2", D("1.5")), ("6:5", D("1.2")), ("1:1", D(1))]
)
def test_blackjack_ratio(ratio_text: str, ratio: Decimal) -> None:
    assert HouseRules.from_spec({"blackjack_pays": ratio_text}).blackjack_ratio == ratio


# ---------------------------------------------------------------- refusals


def test_unknown_preset_is_refused_naming_the_presets() -> None:
    with pytest.raises(RulesError, match="unknown preset 'vegas'") as e:
        HouseRules.from_spec("vegas")
    for p in PRESETS:
        assert p in str(e.value)


def test_unknown_option_is_refused_naming_the_options() -> None:
    with pytest.raises(RulesError, match="unknown option 'surrender'") as e:
        HouseRules.from_spec({"preset": "casino-fr", "surrender": True})
    assert "dealer_hits_soft_17" in str(e.value)


@pytest.mark.parametrize("spec", [5, ["casino-fr"], True])
def test_a_spec_that_is_neither_name_nor_object_is_refused(spec: object) -> None:
    with pytest.raises(RulesError, match="preset name or an object"):
        HouseRules.from_spec(spec)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [["casino-fr"], {"x": 1}])
def test_an_unhashable_preset_name_is_a_rules_error(name: object) -> None:
    with pytest.raises(RulesError, match="unknown preset"):
        HouseRules.from_spec({"preset": name})


@pytest.mark.parametrize(
    ("option", "raw", "message"),
    [
        ("decks", 0, "decks takes a whole number from 1 to 8, not 0"),
        ("decks", 9, "decks takes a whole number from 1 to 8, not 9"),
        ("decks", "six", "decks takes a whole number from 1 to 8"),
        ("decks", True, "decks takes a whole number"),
        ("decks", 6.0, "decks takes a whole number"),
        ("boxes", 8, "boxes takes a whole number from 1 to 7"),
        ("max_hands", 5, "max_hands takes a whole number from 1 to 4"),
        ("min_boxes_heads_up", 4, "min_boxes_heads_up takes a whole number from 1 to 3"),
        ("hole_card", "maybe", "hole_card takes true or false"),
        ("hole_card", 1, "hole_card takes true or false"),
        ("double_on", "8-11", "double_on takes one of 9-11, 10-11, any, none"),
        ("split", "pairs", "split takes one of rank, value, none"),
        ("reshuffle", "never", "reshuffle takes one of cut-card, every-round"),
        ("dealer_bj_takes", "some", "dealer_bj_takes takes one of all, original"),
        ("blackjack_pays", "2:1", "blackjack_pays takes one of 3:2, 6:5, 1:1"),
        ("table_min", -5, "table_min must be a positive amount"),
        ("table_min", 0, "table_min must be a positive amount"),
        ("table_min", 2.5, "table_min takes an amount like 5"),  # no binary fractions in money
        ("table_min", "lots", "table_min takes an amount like 5"),
        ("table_max", "Infinity", "table_max takes an amount like 5"),
        ("chips", [], "chips takes a list of chip values"),
        ("chips", 5, "chips takes a list of chip values"),
        ("chips", [1, -5], "chips must be a positive amount"),
    ],
)
def test_bad_option_values_are_refused(option: str, raw: object, message: str) -> None:
    with pytest.raises(RulesError) as e:
        HouseRules.from_spec({"preset": "casino-fr", option: raw})
    assert message in str(e.value)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"table_min": 100, "table_max": 50}, "table_min 100 is above table_max 50"),
        ({"split": "none"}, "split is none, so a box holds one hand: max_hands must be 1, not 3"),
        ({"max_hands": 1}, "split is rank, so max_hands must be at least 2"),
        (
            {"preset": "home", "split": "rank"},
            "split is rank, so max_hands must be at least 2 (or set split to none)",
        ),
        (
            {"double_after_split": True, "double_on": "none"},
            "double_after_split needs both doubling (double_on) and splitting (split)",
        ),
        (
            {"double_after_split": True, "split": "none", "max_hands": 1},
            "double_after_split needs both doubling",
        ),
        (
            {"preset": "online", "behind_consent": True},
            "behind_consent needs behind_bets: there is nobody to consent",
        ),
        ({"preset": "casino-it", "behind_bets": False}, "behind_consent needs behind_bets"),
        (
            {"boxes": 2, "min_boxes_heads_up": 3},
            "min_boxes_heads_up 3 is more than the 2 boxes of the table",
        ),
    ],
)
def test_impossible_combinations_are_refused(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as e:
        HouseRules.from_spec(spec)
    assert message in str(e.value)


def test_possible_combinations_are_accepted() -> None:
    # the same table limits, one hand without split, the home game with splits turned on
    HouseRules.from_spec({"table_min": 500, "table_max": 500})
    HouseRules.from_spec({"split": "none", "max_hands": 1})
    rules = HouseRules.from_spec({"preset": "home", "split": "rank", "max_hands": 3})
    assert rules.describe() == "home + split=rank, max_hands=3"
    HouseRules.from_spec({"preset": "casino-fr", "behind_consent": True})
    HouseRules.from_spec({"boxes": 3, "min_boxes_heads_up": 3})
    # a hole-card table whose dealer Black Jack takes everything, and the reverse
    HouseRules.from_spec({"preset": "hole-card", "dealer_bj_takes": "original"})
    HouseRules.from_spec({"preset": "casino-fr", "hole_card": True})


@pytest.mark.parametrize("spec", [{"double_on": "none"}, {"split": "none", "max_hands": 1}])
def test_a_preset_double_after_split_falls_away_without_doubling_or_splitting(
    spec: dict[str, Any],
) -> None:
    # casino-fr doubles after a split [000]; with no doubling or no split that means nothing
    rules = HouseRules.from_spec(spec)
    assert not rules.double_after_split
    assert rules.overrides() == {**spec, "double_after_split": False}


@pytest.mark.parametrize(
    ("option", "values"),
    [
        # RULES.md §11: exactly half the stake [000][001][002], at most half [003]
        ("insurance_amount", {"casino-fr": "half", "online": "half", "hole-card": "half",
                              "casino-it": "up-to-half"}),
        # [000] "chaque jeu fonctionne de la même manière qu'un jeu simple", [003] "due giochi
        # l'uno indipendente dall'altro", [002]; hole-card chosen; home has no split [004]
        ("double_after_split", {"casino-fr": True, "casino-it": True, "online": True,
                                "hole-card": True, "home": False}),
        # [001] "toutes les mises des joueurs sont perdues", [004]
        ("dealer_bj_takes", {"hole-card": "all", "home": "all"}),
    ],
)  # fmt: skip
def test_the_options_issue_9_corrected(option: str, values: dict[str, Any]) -> None:
    for preset, value in values.items():
        assert getattr(HouseRules.from_spec(preset), option) == value, preset


def test_insurance_amount_takes_half_or_up_to_half() -> None:
    rules = HouseRules.from_spec({"preset": "casino-fr", "insurance_amount": "up-to-half"})
    assert rules.insurance_amount == "up-to-half"
    with pytest.raises(RulesError, match="insurance_amount takes one of half, up-to-half"):
        HouseRules.from_spec({"insurance_amount": "quarter"})


def test_with_options_refuses_impossible_combinations_too() -> None:
    with pytest.raises(RulesError, match="max_hands must be 1"):
        HouseRules.from_spec("casino-fr").with_options(split="none")


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


def test_every_option_has_a_doc_and_a_values_text() -> None:
    for name, opt in OPTIONS.items():
        assert opt.name == name
        assert opt.doc
        assert opt.values


# -- amounts: plain digits, at most 12 and 2 decimals ---------------------------------------------


@given(st.text(max_size=24))
def test_an_amount_is_plain_digits_within_bounds_or_refused(text: str) -> None:
    try:
        amount = read_amount(text)
    except ValueError as e:
        assert str(e) in ("not an amount", "not positive")
        return
    assert re.fullmatch(r"[0-9]{1,12}(\.[0-9]{1,2})?", text.strip(), re.ASCII)
    assert 0 < amount < 10**12 and amount == amount.quantize(D("0.01"))


@given(st.decimals(min_value=D("0.01"), max_value=D("999999999999.99"), places=2))
def test_every_amount_within_bounds_is_read(amount: Decimal) -> None:
    assert read_amount(format(amount, "f")) == amount
    assert read_amount(amount) == amount


@pytest.mark.parametrize(
    "value",
    ["1e999999999", "1_0", "１０", "10.123456789", "9" * 5000, 10**12, D("1E+30"), D("NaN"), 1e300],
)
def test_absurd_amounts_are_refused(value: Any) -> None:
    with pytest.raises(ValueError):
        read_amount(value)
    with pytest.raises(RulesError, match="at most 12 digits, and 2 after the point|like 5"):
        HouseRules.from_spec({"chips": [value]})


@pytest.mark.parametrize(
    "spec",
    [
        {"table_min": 600, "table_max": 500},
        {"decks": 99},
        {"split": "none", "max_hands": 3},
        {"table_min": "abc"},
        {"double_after_split": True, "double_on": "none"},
        {"behind_consent": True, "behind_bets": False},
    ],
)
def test_a_refusal_is_said_again_in_the_language_of_the_moment(spec: dict[str, Any]) -> None:
    from trainer import i18n
    from trainer.game.rules import RulesError

    def refusal() -> RulesError:
        with pytest.raises(RulesError) as caught:
            HouseRules.from_spec({"preset": "casino-fr", **spec})
        return caught.value

    error = refusal()
    english = str(error)
    try:
        i18n.set_language("fr")
        french = str(refusal())
        assert error.text() == french != english  # made again from its parts, not kept
        assert str(error) == english  # as it was said when raised
    finally:
        i18n.set_language("en")
    assert error.text() == english
    assert error.option is not None and error.option in OPTIONS
    # its options named in other words: the engine's names are gone from the sentence
    named = error.text(lambda option: f"<{option}>")
    assert f"<{error.option}>" in named
