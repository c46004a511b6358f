"""The command line's parser in the trainee's language: argparse's own words too.

argparse writes a few words of its own — "usage:", "options", "show this help message and
exit", and its error messages ("argument --mode: invalid choice: …") — through gettext's
default domain, which Sabot does not use. Rather than patch argparse's module globals (which
would leak into every other parser of the process, tests included), the parser here says its
fixed words itself:

- `HelpFormatter` writes "usage:" in the language of the moment;
- `Parser` titles its groups and writes its own -h/--help line; its `error` reads argparse's
  English message against argparse's own templates (`ARGPARSE_MESSAGES`) and says it again in
  the language of the moment, with the same values; a message argparse does not write (one of
  Sabot's own argument types, already translated) is left as it is.

The language must be set before the parser is built (`trainer.cli.main` reads `--lang` and the
environment first): help texts are translated when the parser is made.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from typing import Any, Final, NoReturn

from trainer.i18n import _, ngettext

EXIT_USAGE: Final = 2


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, "usage:" in the language of the moment."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


def _whole(text: str) -> str:
    return _("{value} is not a whole number").format(value=text)


def _expected(count: str) -> str:
    return ngettext("expected {count} argument", "expected {count} arguments", int(count)).format(
        count=count
    )


# argparse's English messages (as Python 3.11 to 3.13 write them, "%(name)s" or "%s" for the
# values) and how to say each again: a function of the values found, in their order.
ARGPARSE_MESSAGES: Final[tuple[tuple[str, Callable[..., str]], ...]] = (
    (
        "argument %(argument_name)s: %(message)s",
        lambda argument, message: _("argument {argument}: {message}").format(
            argument=argument, message=translate_message(message)
        ),
    ),
    (
        "unrecognized arguments: %s",
        lambda arguments: _("unrecognized arguments: {arguments}").format(arguments=arguments),
    ),
    (
        "the following arguments are required: %s",
        lambda arguments: _("the following arguments are required: {arguments}").format(
            arguments=arguments
        ),
    ),
    (
        "invalid choice: %(value)r (choose from %(choices)s)",
        lambda value, choices: _("invalid choice: {value} (choose from {choices})").format(
            value=value, choices=choices
        ),
    ),
    ("invalid int value: %(value)r", _whole),
    (
        "invalid %(type)s value: %(value)r",
        lambda kind, value: _("invalid {type} value: {value}").format(type=kind, value=value),
    ),
    ("expected one argument", lambda: _("expected one argument")),
    ("expected at most one argument", lambda: _("expected at most one argument")),
    ("expected at least one argument", lambda: _("expected at least one argument")),
    # argparse writes "1 argument" and "2 arguments" apart: one plural says both
    ("expected %s argument", _expected),
    ("expected %s arguments", _expected),
    (
        "ambiguous option: %(option)s could match %(matches)s",
        lambda option, matches: _("ambiguous option: {option} could match {matches}").format(
            option=option, matches=matches
        ),
    ),
    (
        "not allowed with argument %s",
        lambda argument: _("not allowed with argument {argument}").format(argument=argument),
    ),
    (
        "one of the arguments %s is required",
        lambda arguments: _("one of the arguments {arguments} is required").format(
            arguments=arguments
        ),
    ),
    (
        "ignored explicit argument %r",
        lambda value: _("ignored explicit argument {value}").format(value=value),
    ),
    (
        "unexpected option string: %s",
        lambda option: _("unexpected option string: {option}").format(option=option),
    ),
    (
        "unknown parser %(parser_name)r (choices: %(choices)s)",
        lambda name, choices: _("unknown command {name} (choices: {choices})").format(
            name=name, choices=choices
        ),
    ),
)


def _pattern(template: str) -> re.Pattern[str]:
    """A template's regular expression: each value a group, the rest as written."""
    pieces = re.split(r"%(?:\(\w+\))?[sr]", template)
    return re.compile("(.+?)".join(re.escape(p) for p in pieces), re.DOTALL)


_PATTERNS: Final = tuple((_pattern(t), say) for t, say in ARGPARSE_MESSAGES)


def translate_message(message: str) -> str:
    """argparse's English message said in the language of the moment; any other message (one
    of Sabot's own, already translated) as it is."""
    for pattern, say in _PATTERNS:
        found = pattern.fullmatch(message)
        if found is not None:
            if say is _PATTERNS[0][1]:  # "argument --x: message": the message is said in turn
                return say(*found.groups())
            return say(*(_cut(value) for value in found.groups()))
    return message


VALUE_MAX: Final = 100  # characters of a value a message quotes whole


def _cut(value: str) -> str:
    """A value as a message quotes it, cut short if long: `--shift` of 5,000 digits is not
    echoed back whole (as `rules.shown` cuts a scenario's)."""
    if len(value) <= VALUE_MAX:
        return value
    quoted = value[0] == value[-1] and value[0] in "'\""  # argparse's repr() of what was typed
    return f"{value[: VALUE_MAX - 8]}… ({len(value) - 2 * quoted:,} characters)"


class Parser(argparse.ArgumentParser):
    """An argument parser that speaks the language of the moment, and says a usage mistake in
    one line with where to look, instead of the whole usage block."""

    def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=_("show this help message and exit"),
            )

    def error(self, message: str) -> NoReturn:
        advice = _("{message} (see {command} --help)").format(
            message=translate_message(message), command=self.prog
        )
        self.exit(EXIT_USAGE, f"{self.prog}: {advice}\n")


__all__ = ["ARGPARSE_MESSAGES", "EXIT_USAGE", "HelpFormatter", "Parser", "translate_message"]
