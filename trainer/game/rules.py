"""House rules as data: every option of RULES.md §11, the five presets, and overrides on top.

Each option is declared once in OPTIONS with its allowed values and source; a preset is a plain
mapping of option values; `HouseRules.from_spec` applies overrides and refuses impossible
combinations with a sentence a trainee or instructor can act on.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final, NamedTuple

from trainer.i18n import N_, Explained, Reason, _


class RulesError(Explained):
    """A preset, option or combination of options that cannot be.

    Made by `RulesError.of(template, option_parts=..., **parts)`, it keeps its reason
    (trainer.i18n) — the English sentence marked for translation with named
    placeholders, and the values (a callable is called each time: a text of its own in the
    language of the moment) — and which placeholders name an option, so that `text()` makes the
    sentence again in the language of the moment (after a switch of language), and `text(name)`
    with each option called `name(option)` (the settings' words for it, where the engine writes
    "table_min"). `str()` is the sentence as made when raised, in the language of that moment.
    Made from a sentence alone, `text()` is that sentence."""

    def __init__(self, why: str | Reason = "", *, options: tuple[str, ...] = ()) -> None:
        super().__init__(why)
        self.options = options

    @classmethod
    def of(
        cls, template: str, /, *, option_parts: tuple[str, ...] = (), **parts: Any
    ) -> RulesError:
        return cls(Reason(template, **parts), options=option_parts)

    @staticmethod
    def _message(reason: Reason) -> str:
        return reason.text()

    @property
    def template(self) -> str | None:
        return None if self.reason is None else self.reason.template

    @property
    def parts(self) -> dict[str, Any]:
        return {} if self.reason is None else self.reason.parts

    @property
    def option(self) -> str | None:
        """The option at fault, where the sentence is about one."""
        return str(self.parts[self.options[0]]) if self.options else None

    def values(self, name: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The parts as the sentence shows them now, each option called `name(option)`."""
        values = {} if self.reason is None else self.reason.values()
        if name is not None:
            for key in self.options:
                values[key] = name(str(values[key]))
        return values

    def text(self, name: Callable[[str], str] | None = None) -> str:
        if self.template is None:
            return super().text()
        return _(self.template).format(**self.values(name))


# Amounts are written in plain digits, at most 12 before the point and 2 after: more than any
# table holds, and a bound that keeps a typing slip ("1e999999999") out of the arithmetic.
AMOUNT_DIGITS: Final = 12
AMOUNT_DECIMALS: Final = 2


def amount_form(decimals: int = AMOUNT_DECIMALS) -> str:
    """The bound an amount is held to, in words, for messages."""
    return _("at most {digits} digits, and {decimals} after the point").format(
        digits=AMOUNT_DIGITS, decimals=decimals
    )


AMOUNT_FORM: Final = amount_form()  # in English; `amount_form()` in the language of the moment
_PLAIN_WHOLE: Final = re.compile(r"[0-9]{1,6}", re.ASCII)


def _plain_amount(decimals: int) -> re.Pattern[str]:
    return re.compile(rf"[0-9]{{1,{AMOUNT_DIGITS}}}(?:\.[0-9]{{1,{decimals}}})?", re.ASCII)


_PLAIN_AMOUNTS: Final = {n: _plain_amount(n) for n in (AMOUNT_DECIMALS, AMOUNT_DECIMALS + 1)}


# null, true and false as a scenario or a settings file writes them (JSON), not Python's words
_JSON_WORDS: Final = {None: "null", True: "true", False: "false"}


def shown(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it, cut short if long: a 5,000-digit number is not echoed;
    null, true and false in the words of the JSON they were read from."""
    if value is None or isinstance(value, bool):
        return _JSON_WORDS[value]
    text = repr(value)
    if len(text) <= limit:
        return text
    size = len(value) if isinstance(value, str | list | tuple) else len(text)
    return f"{text[: limit - 8]}… ({size:,} characters)"


def read_amount(value: Any, decimals: int = AMOUNT_DECIMALS) -> Decimal:
    """An amount of money from a number or text: plain digits, `amount_form(decimals)`,
    positive. (One more decimal than a bet's is half a bet: an insurance of 6.25 is 3.125.)

    ValueError with the reason: "not an amount" (a malformed one, or a float with a binary
    fraction) or "not positive". Floats that are whole or have at most `decimals` decimals as
    written (JSON 12.5) are read from their shortest text, never from their binary value."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValueError("not an amount")
    if isinstance(value, int):
        if value <= 0:
            raise ValueError("not positive")
        if value >= 10**AMOUNT_DIGITS:
            raise ValueError("not an amount")
        return Decimal(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError("not positive" if value.is_signed() else "not an amount")
        if value <= 0:
            raise ValueError("not positive")
        if value >= 10**AMOUNT_DIGITS or value != value.quantize(Decimal(1).scaleb(-decimals)):
            raise ValueError("not an amount")
        return value
    plain = _PLAIN_AMOUNTS.get(decimals) or _plain_amount(decimals)
    text = repr(value) if isinstance(value, float) else value.strip()
    if plain.fullmatch(text):
        amount = Decimal(text)
        if amount <= 0:
            raise ValueError("not positive")
        return amount
    if text.startswith("-") and plain.fullmatch(text[1:]):
        raise ValueError("not positive")
    raise ValueError("not an amount")


def _to_bool(name: str, v: Any) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
        return v.lower() in ("true", "yes", "on", "1")
    raise RulesError.of(
        N_("option {name} takes true or false, not {value}"),
        option_parts=("name",),
        name=name,
        value=shown(v),
    )


def _whole_number(name: str, lo: int, hi: int, v: Any) -> RulesError:
    return RulesError.of(
        N_("option {name} takes a whole number from {low} to {high}, not {value}"),
        option_parts=("name",),
        name=name,
        low=lo,
        high=hi,
        value=shown(v),
    )


def _int_range(lo: int, hi: int) -> Callable[[str, Any], int]:
    def conv(name: str, v: Any) -> int:
        # text is read only in plain digits, and only a few of them: "١", "1_0" or 5,000
        # digits are not a number of decks
        if isinstance(v, str) and _PLAIN_WHOLE.fullmatch(v.strip()):
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            raise _whole_number(name, lo, hi, v)
        if not lo <= v <= hi:
            raise _whole_number(name, lo, hi, v)
        return v

    return conv


def _choice(*values: str) -> Callable[[str, Any], str]:
    def conv(name: str, v: Any) -> str:
        if not isinstance(v, str) or v not in values:
            raise RulesError.of(
                N_("option {name} takes one of {values}, not {value}"),
                option_parts=("name",),
                name=name,
                values=", ".join(values),
                value=shown(v),
            )
        return v

    return conv


def _amount(name: str, v: Any) -> Decimal:
    if isinstance(v, float):
        if not v.is_integer():
            # floats would smuggle binary fractions into money: ask for exact text or integers
            raise RulesError.of(
                N_('option {name} takes an amount like 5 or "2.50", not {value}'),
                option_parts=("name",),
                name=name,
                value=shown(v),
            )
        v = int(v)
    try:
        return read_amount(v)
    except ValueError as e:
        if str(e) == "not positive":
            raise RulesError.of(
                N_("option {name} must be a positive amount, not {value}"),
                option_parts=("name",),
                name=name,
                value=shown(v),
            ) from None
        raise RulesError.of(
            N_('option {name} takes an amount like 5 or "2.50" ({form}), not {value}'),
            option_parts=("name",),
            name=name,
            form=amount_form,
            value=shown(v),
        ) from None


def _optional_amount(name: str, v: Any) -> Decimal | None:
    if v is None or v == "none":
        return None
    return _amount(name, v)


MAX_CHIPS: Final = 20  # chip values on one table: a tray has a dozen at most


def _chips(name: str, v: Any) -> tuple[Decimal, ...]:
    items = v.split() if isinstance(v, str) else v
    if not isinstance(items, list | tuple) or not items:
        raise RulesError.of(
            N_("option {name} takes a list of chip values like [1, 5, 25], not {value}"),
            option_parts=("name",),
            name=name,
            value=shown(v),
        )
    if len(items) > MAX_CHIPS:
        raise RulesError.of(
            N_("option {name} takes at most {most} chip values, not {count}"),
            option_parts=("name",),
            name=name,
            most=MAX_CHIPS,
            count=len(items),
        )
    chips = sorted({_amount(name, x) for x in items}, reverse=True)
    return tuple(chips)


class Option(NamedTuple):
    """One house-rule option: its name, how a value is read, how values are written, and what it
    means with its source. (A named tuple: made at every start-up, ~1 ms cheaper than a
    dataclass.)"""

    name: str
    convert: Callable[[str, Any], Any]
    values: str  # how the values are written, for help texts and settings
    doc: str


OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option("decks", _int_range(1, 8), "1-8", "decks in the shoe [000][002][003][004]"),
        Option(
            "reshuffle",
            _choice("cut-card", "every-round"),
            "cut-card | every-round",
            "shuffle at the red card, or after every hand [002]",
        ),
        Option("boxes", _int_range(1, 7), "1-7", "boxes on the table [000][002]"),
        Option("hole_card", _to_bool, "true | false", "dealer takes a second card face down [001]"),
        Option(
            "double_on",
            _choice("9-11", "10-11", "any", "none"),
            "9-11 | 10-11 | any | none",
            "which first two cards may be doubled [000][002][004]",
        ),
        Option(
            "double_after_split",
            _to_bool,
            "true | false",
            "a split hand may double on the same totals as any hand [000][002][003]",
        ),
        Option(
            "split",
            _choice("rank", "value", "none"),
            "rank | value | none",
            "pairs by rank [000], any two ten-values too [003], or no split [004]",
        ),
        Option(
            "max_hands", _int_range(1, 4), "1-4", "most hands one box may hold by splitting [000]"
        ),
        Option("insurance", _to_bool, "true | false", "insurance offered on a dealer Ace [000]"),
        Option(
            "insurance_amount",
            _choice("half", "up-to-half"),
            "half | up-to-half",
            "each bettor insures exactly half his stake [000][001][002], or up to half [003]",
        ),
        Option("dealer_hits_soft_17", _to_bool, "true | false", "dealer draws on soft 17"),
        Option(
            "dealer_bj_takes",
            _choice("all", "original"),
            "all | original",
            "a dealer Black Jack takes doubles and splits too, or the original bets only",
        ),
        Option("blackjack_pays", _choice("3:2", "6:5", "1:1"), "3:2 | 6:5 | 1:1", "natural payout"),
        Option(
            "behind_bets", _to_bool, "true | false", "standing players may bet on a box [000][003]"
        ),
        Option(
            "behind_consent",
            _to_bool,
            "true | false",
            "every bettor on a box must agree to a split or double [003]",
        ),
        Option(
            "min_boxes_heads_up",
            _int_range(1, 3),
            "1-3",
            "boxes a lone player must play [000]",
        ),
        Option("table_min", _optional_amount, "amount | none", "smallest bet"),
        Option("table_max", _optional_amount, "amount | none", "largest total on one box [000]"),
        Option(
            "round_half_units",
            _to_bool,
            "true | false",
            "3:2 on an odd bet rounded down to the unit, for tables without half-unit chips",
        ),
        Option("chips", _chips, "list of values", "chip denominations of the table"),
    )
}

_STD_CHIPS = (1, 2, 5, 10, 25, 100, 500)

# RULES.md §11, column by column.
PRESETS: dict[str, dict[str, Any]] = {
    "casino-fr": {  # [000] the French casino procedure, the default
        "decks": 6, "reshuffle": "cut-card", "boxes": 7, "hole_card": False,
        "double_on": "9-11", "double_after_split": True, "split": "rank", "max_hands": 3,
        "insurance": True, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": True, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": 5, "table_max": 500,
        "round_half_units": False, "chips": _STD_CHIPS,
    },
    "casino-it": {  # [003] Italian casino: ten-values split, behind bettors must consent
        "decks": 6, "reshuffle": "cut-card", "boxes": 7, "hole_card": False,
        "double_on": "9-11", "double_after_split": True, "split": "value", "max_hands": 3,
        "insurance": True, "insurance_amount": "up-to-half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": True, "behind_consent": True,
        "min_boxes_heads_up": 1, "table_min": 5, "table_max": 500,
        "round_half_units": False, "chips": _STD_CHIPS,
    },
    "online": {  # [002] 4 decks shuffled every hand, up to 3 players
        "decks": 4, "reshuffle": "every-round", "boxes": 3, "hole_card": False,
        "double_on": "any", "double_after_split": True, "split": "rank", "max_hands": 2,
        "insurance": True, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": False, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": 1, "table_max": 500,
        "round_half_units": False, "chips": (1, 5, 25, 100),
    },
    "hole-card": {  # [001] the dealer takes a hidden second card, turned when all have played
        "decks": 6, "reshuffle": "cut-card", "boxes": 7, "hole_card": True,
        "double_on": "any", "double_after_split": True, "split": "rank", "max_hands": 3,
        "insurance": True, "insurance_amount": "half",
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": False, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": 5, "table_max": 500,
        "round_half_units": False, "chips": _STD_CHIPS,
    },
    "home": {  # [004] a family game: a player holds the bank, no doubles, no splits
        "decks": 1, "reshuffle": "cut-card", "boxes": 7, "hole_card": True,
        "double_on": "none", "double_after_split": False, "split": "none", "max_hands": 1,
        "insurance": False, "insurance_amount": "half",  # no insurance: the amount is moot
        "dealer_hits_soft_17": False, "dealer_bj_takes": "all",
        "blackjack_pays": "3:2", "behind_bets": False, "behind_consent": False,
        "min_boxes_heads_up": 1, "table_min": None, "table_max": None,
        "round_half_units": False, "chips": (1, 5, 10),
    },
}  # fmt: skip

DEFAULT_PRESET = "casino-fr"

# what each `blackjack_pays` pays for 1 staked, worked out once: a natural is paid by it
_RATIOS: Final = {
    pays: Decimal(num) / Decimal(den)
    for pays, (num, den) in ((p, p.split(":")) for p in ("3:2", "6:5", "1:1"))
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The rules of one table. Build it with `HouseRules.preset` or `HouseRules.from_spec`."""

    preset: str
    decks: int
    reshuffle: str
    boxes: int
    hole_card: bool
    double_on: str
    double_after_split: bool
    split: str
    max_hands: int
    insurance: bool
    insurance_amount: str
    dealer_hits_soft_17: bool
    dealer_bj_takes: str
    blackjack_pays: str
    behind_bets: bool
    behind_consent: bool
    min_boxes_heads_up: int
    table_min: Decimal | None
    table_max: Decimal | None
    round_half_units: bool
    chips: tuple[Decimal, ...]

    @classmethod
    def preset_named(cls, name: str = DEFAULT_PRESET) -> HouseRules:
        return cls.from_spec(name)

    @classmethod
    def from_spec(cls, spec: str | Mapping[str, Any] | None = None) -> HouseRules:
        """A preset name, or `{"preset": name, option: value, ...}` (the preset defaults to
        casino-fr)."""
        if spec is None:
            spec = DEFAULT_PRESET
        if isinstance(spec, str):
            spec = {"preset": spec}
        if not isinstance(spec, Mapping):
            raise RulesError.of(
                N_(
                    'rules must be a preset name or an object with "preset" and options, not '
                    "{value}"
                ),
                value=shown(spec),
            )
        name = spec.get("preset", DEFAULT_PRESET)
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError.of(
                N_("unknown preset {name}: expected one of {presets}"),
                name=shown(name),
                presets=", ".join(PRESETS),
            )
        values: dict[str, Any] = {"preset": name}
        for opt, raw in PRESETS[name].items():
            values[opt] = OPTIONS[opt].convert(opt, raw)
        for opt, raw in spec.items():
            if opt == "preset":
                continue
            if opt not in OPTIONS:
                raise RulesError.of(
                    N_("unknown option {name}: the options are {options}"),
                    name=repr(opt),
                    options=", ".join(OPTIONS),
                )
            values[opt] = OPTIONS[opt].convert(opt, raw)
        if "double_after_split" not in spec and (
            values["double_on"] == "none" or values["split"] == "none"
        ):
            # the preset's double after a split means nothing once a table has no doubling or no
            # split: it falls away rather than be refused (asked for outright, it is refused)
            values["double_after_split"] = False
        rules = cls(**values)
        rules.check()
        return rules

    def with_options(self, **overrides: Any) -> HouseRules:
        spec: dict[str, Any] = {"preset": self.preset}
        spec.update(self.overrides())
        spec.update(overrides)
        return HouseRules.from_spec(spec)

    def options(self) -> dict[str, Any]:
        """The option values, without the preset name."""
        d = dataclasses.asdict(self)
        d.pop("preset")
        return d

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset."""
        base = HouseRules.from_spec(self.preset)
        return {k: v for k, v in self.options().items() if getattr(base, k) != v}

    def check(self) -> None:
        """Refuse combinations no table can have."""
        if self.table_min is not None and self.table_max is not None:
            if self.table_min > self.table_max:
                raise RulesError.of(
                    N_("{minimum} {low} is above {maximum} {high}"),
                    option_parts=("minimum", "maximum"),
                    minimum="table_min",
                    maximum="table_max",
                    low=self.table_min,
                    high=self.table_max,
                )
        if self.split == "none" and self.max_hands > 1:
            raise RulesError.of(
                N_("{split} is none, so a box holds one hand: {hands} must be 1, not {n}"),
                option_parts=("hands", "split"),
                split="split",
                hands="max_hands",
                n=self.max_hands,
            )
        if self.split != "none" and self.max_hands < 2:
            raise RulesError.of(
                N_("{split} is {value}, so {hands} must be at least 2 (or set {split} to none)"),
                option_parts=("hands", "split"),
                split="split",
                hands="max_hands",
                value=self.split,
            )
        if self.double_after_split and (self.double_on == "none" or self.split == "none"):
            raise RulesError.of(
                N_("{option} needs both doubling ({double}) and splitting ({split})"),
                option_parts=("option", "double", "split"),
                option="double_after_split",
                double="double_on",
                split="split",
            )
        if self.behind_consent and not self.behind_bets:
            raise RulesError.of(
                N_("{option} needs {behind}: there is nobody to consent"),
                option_parts=("option", "behind"),
                option="behind_consent",
                behind="behind_bets",
            )
        if self.min_boxes_heads_up > self.boxes:
            raise RulesError.of(
                N_("{option} {n} is more than the {boxes} boxes of the table"),
                option_parts=("option",),
                option="min_boxes_heads_up",
                n=self.min_boxes_heads_up,
                boxes=self.boxes,
            )

    @property
    def dealt_by_hand(self) -> bool:
        """Whether a croupier deals the cards by hand from a shoe with a cut card [000][003]: a
        table whose software shuffles every hand [002] burns no card after the shuffle and
        exposes none by mistake."""
        return self.reshuffle == "cut-card"

    @property
    def blackjack_ratio(self) -> Decimal:
        return _RATIOS[self.blackjack_pays]

    def describe(self) -> str:
        over = self.overrides()
        if not over:
            return self.preset
        return self.preset + " + " + ", ".join(f"{k}={v}" for k, v in over.items())
