"""The progress charts' axes write their ticks as the trainee's language writes a number."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer import i18n
from ui.progress.axes import NumberAxis, local_number

NNBSP = "\u202f"  # narrow no-break space: French groups of thousands


@pytest.mark.parametrize(
    ("tick", "lang", "written"),
    [
        ("1000", "fr", f"1{NNBSP}000"),
        ("1000", "it", "1.000"),
        ("1000", "en", "1,000"),
        ("12500.5", "fr", f"12{NNBSP}500,5"),
        ("12500.5", "it", "12.500,5"),
        ("-2500", "fr", f"-2{NNBSP}500"),
        ("1e+06", "en", "1,000,000"),
        ("1e+04", "it", "10.000"),
        ("999", "fr", "999"),
        ("0.50", "fr", "0,50"),
        ("-2.5", "it", "-2,5"),
        ("nan", "fr", "nan"),
    ],
)
def test_a_tick_is_written_with_the_languages_marks(tick, lang, written):
    assert local_number(tick, lang) == written


@given(n=st.integers(-(10**9), 10**9), lang=st.sampled_from(["en", "fr", "it"]))
def test_a_whole_tick_is_grouped_from_a_thousand_up(n, lang):
    text = local_number(str(n), lang)
    group = {"en": ",", "fr": NNBSP, "it": "."}[lang]
    assert text.replace(group, "") == str(n)  # the same figures
    assert (group in text) == (abs(n) >= 1000)
    if group in text:
        assert all(len(part) == 3 for part in text.lstrip("-").split(group)[1:])


@pytest.mark.parametrize(
    ("lang", "written"),
    [("fr", ["0", f"1{NNBSP}000", f"2{NNBSP}000"]), ("it", ["0", "1.000", "2.000"])],
)
def test_a_number_axis_groups_its_thousands(qapp, lang, written, english_after):
    axis = NumberAxis("left")
    assert axis.tickStrings([0, 1000, 2000], 1.0, 1000.0) == ["0", "1,000", "2,000"]
    i18n.set_language(lang)
    assert axis.tickStrings([0, 1000, 2000], 1.0, 1000.0) == written
