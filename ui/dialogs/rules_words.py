"""The house rules in the trainee's words, as the settings show them: each option's label
(`option_label`), its values (`choice_text`, `display`), and the engine's refusals said again
with those labels (`rules_sentence`, `in_settings_words`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Final

from trainer.game.rules import OPTIONS, RulesError
from ui.i18n import N_, _

# The table's words for the options of trainer.game.rules.OPTIONS; a new option without an entry
# here still gets an editor, labelled from its name.
OPTION_LABELS: dict[str, str] = {
    "decks": N_("Decks"),
    "reshuffle": N_("Reshuffle"),
    "boxes": N_("Boxes"),
    "hole_card": N_("Dealer hole card"),
    "double_on": N_("Double on"),
    "double_after_split": N_("Double after split"),
    "split": N_("Split"),
    "max_hands": N_("Hands per box"),
    "insurance": N_("Insurance"),
    "insurance_amount": N_("Insurance amount"),
    "dealer_hits_soft_17": N_("Dealer hits soft 17"),
    "dealer_bj_takes": N_("Dealer Black Jack takes"),
    "blackjack_pays": N_("Black Jack pays"),
    "behind_bets": N_("Behind bets"),
    "behind_consent": N_("Behind bettors consent"),
    "min_boxes_heads_up": N_("Boxes for a lone player"),
    "table_min": N_("Table minimum"),
    "table_max": N_("Table maximum"),
    "round_half_units": N_("Round half units down"),
    "chips": N_("Chips"),
}


# An option's values as the trainee reads them in the settings (the command line and the
# settings file keep the values themselves: "cut-card", "rank"); a value not named here is
# shown as it is written ("3:2").
CHOICE_WORDS: dict[tuple[str, str], str] = {
    ("reshuffle", "cut-card"): N_("at the red card"),
    ("reshuffle", "every-round"): N_("after every hand"),
    ("double_on", "9-11"): N_("on 9, 10 or 11"),
    ("double_on", "10-11"): N_("on 10 or 11"),
    ("double_on", "any"): N_("on any two cards"),
    ("double_on", "none"): N_("no doubling"),
    ("split", "rank"): N_("two cards of a rank"),
    ("split", "value"): N_("two cards of a value"),
    ("split", "none"): N_("no splitting"),
    ("insurance_amount", "half"): N_("exactly half the bet"),
    ("insurance_amount", "up-to-half"): N_("up to half the bet"),
    ("dealer_bj_takes", "all"): N_("every bet"),
    ("dealer_bj_takes", "original"): N_("the original bets"),
}


def choice_text(option: str, value: str) -> str:
    """A value of a house-rule option as the settings show it, in the trainee's language."""
    words = CHOICE_WORDS.get((option, value))
    return _(words) if words is not None else value


def display(value: Any) -> str:
    """An option value as the trainee reads it."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return _("none")
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, tuple | list):
        return " ".join(display(v) for v in sorted(value))
    return str(value)


def as_sentence(message: str) -> str:
    """A rules message as a sentence; an option name that opens it keeps its spelling."""
    if not message:
        return message
    first = message.split(" ", 1)[0]
    if "_" not in first:
        message = message[0].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def option_label(name: str) -> str:
    label = OPTION_LABELS.get(name)
    return _(label) if label else name.replace("_", " ").capitalize()


def in_settings_words(message: str) -> str:
    """A rules message in the words the settings show: the option names the engine writes
    ("table_min 600 is above table_max 500") become the labels beside the editors ("The table
    minimum 600 is above the table maximum 500."), as a sentence."""
    names = sorted(OPTIONS, key=len, reverse=True)
    option = re.match(r"option (\w+) (takes )?", message)
    if option and option[1] in OPTIONS:  # "option decks takes a number…": "Decks: a number…"
        rest = message[option.end() :]
        title = option_label(option[1])
        message = f"{title}: {rest}" if option[2] else f"the {title.lower()} {rest}"

    def label(match: re.Match[str]) -> str:
        words = option_label(match[0]).lower()
        inside = match.start() > 0 and message[match.start() - 1] == "("
        return words if inside else f"the {words}"

    # the names only the engine writes (table_min); plain words (split, boxes) read as they are
    engine = [n for n in names if "_" in n]
    if engine:
        message = re.sub(r"\b(" + "|".join(map(re.escape, engine)) + r")\b", label, message)
    return as_sentence(message)


# The engine's refusals (trainer.game.rules.RulesError's templates) as the settings say them: the
# options by the labels beside their editors, each sentence whole so that a translation can put
# the label where its language wants it ("Decks: a whole number…", "le minimum de la table…").
SETTINGS_SENTENCES: Final = {
    "option {name} takes true or false, not {value}": N_("{name}: true or false, not {value}."),
    "option {name} takes a whole number from {low} to {high}, not {value}": N_(
        "{name}: a whole number from {low} to {high}, not {value}."
    ),
    "option {name} takes one of {values}, not {value}": N_("{name}: one of {values}, not {value}."),
    'option {name} takes an amount like 5 or "2.50", not {value}': N_(
        '{name}: an amount like 5 or "2.50", not {value}.'
    ),
    "option {name} must be a positive amount, not {value}": N_(
        "{name}: a positive amount, not {value}."
    ),
    'option {name} takes an amount like 5 or "2.50" ({form}), not {value}': N_(
        '{name}: an amount like 5 or "2.50" ({form}), not {value}.'
    ),
    "option {name} takes a list of chip values like [1, 5, 25], not {value}": N_(
        "{name}: a list of chip values like 1 5 25, not {value}."
    ),
    "option {name} takes at most {most} chip values, not {count}": N_(
        "{name}: at most {most} chip values, not {count}."
    ),
    "{minimum} {low} is above {maximum} {high}": N_(
        "The {minimum} {low} is above the {maximum} {high}."
    ),
    "{split} is none, so a box holds one hand: {hands} must be 1, not {n}": N_(
        "{split} is none, so a box holds one hand: the {hands} must be 1, not {n}."
    ),
    "{split} is {value}, so {hands} must be at least 2 (or set {split} to none)": N_(
        "{split} is {value}, so the {hands} must be at least 2 (or set {split} to none)."
    ),
    "{option} needs both doubling ({double}) and splitting ({split})": N_(
        "The {option} needs both doubling ({double}) and splitting ({split})."
    ),
    "{option} needs {behind}: there is nobody to consent": N_(
        "{option} needs {behind}: there is nobody to consent."
    ),
    "{option} {n} is more than the {boxes} boxes of the table": N_(
        "The {option} ({n}) are more than the {boxes} boxes of the table."
    ),
}


def _label_in_sentence(name: str) -> str:
    """An option's label inside a sentence: "table minimum" (the sentence's first letter is
    made a capital where it opens it)."""
    label = option_label(name)
    return label[:1].lower() + label[1:]


def rules_sentence(error: RulesError) -> str:
    """A refusal of the house rules as the settings say it, in the language of the moment —
    made again from the error's parts each time, so a switch of language words it again."""
    if error.template is None:  # a sentence alone (the settings' own checks)
        return in_settings_words(error.text())
    template = SETTINGS_SENTENCES.get(error.template)
    if template is None:
        return as_sentence(error.text(_label_in_sentence))
    return as_sentence(_(template).format(**error.values(_label_in_sentence)))
