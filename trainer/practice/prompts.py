"""A deal step's prompt as the history keeps it, in no language; said in the words of the moment.

Deal mode makes its prompts here (`asked`); the history says them again when it is read (the
sessions list, the export: `say_prompt`), so both take them from this room, below the history.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from trainer.i18n import _, format_amount, format_joined, pgettext

# A prompt as the history keeps it, in no language: its English sentence (the catalogue's key)
# and its values, each a plain value, an amount or a sentence of its own; said in the words of
# the moment by `say_prompt`. An export after a language switch, and the progress view's lists,
# say every step in the language of the day, whatever it was asked in.
Asked = dict[str, Any]


def asked(text: str, **values: Any) -> Asked:
    """A prompt kept as its parts: `asked(N_("Announce box {hand}"), hand="2")`."""
    return {"say": text, **values}


# a stored prompt's texts are marked for the catalogue where the prompt is made, not here
_in_context: Final = pgettext


def say_prompt(prompt: Any) -> str:
    """A deal step's prompt as the history keeps it (`asked`), in the words of the
    language of the moment: `{"say": "Settle {who} ({stake} staked)", "who": {"say": "box
    {box}", "box": 3}, "stake": {"amount": "25"}}` -> "Settle box 3 (25 staked)", "Réglez la
    case 3 (25 misés)". "say" is the English sentence (its catalogue key; "context" its
    context, if any), every other key a value: a plain one as it is, an amount as a drill writes
    it, or a sentence of its own. A text is a prompt stored before, in the words it was asked
    in: said as it is."""
    if not isinstance(prompt, Mapping):
        return str(prompt)
    if "amount" in prompt and "say" not in prompt:
        return format_amount(Decimal(prompt["amount"]), currency="", group=False)
    text = str(prompt["say"])
    context = prompt.get("context")
    said = _(text) if context is None else _in_context(str(context), text)
    values = {k: say_prompt(v) for k, v in prompt.items() if k not in ("say", "context")}
    return format_joined(said, **values)  # "di" + "il riquadro 4": "del riquadro 4"
