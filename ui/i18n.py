"""The windows' translation functions: `trainer.i18n`'s, bound to the "ui" domain (ui.po)."""

from trainer.i18n import N_, domain

__all__ = ["N_", "_", "ngettext", "npgettext", "pgettext"]

_ui = domain("ui")
_ = _ui.gettext
ngettext = _ui.ngettext
pgettext = _ui.pgettext
npgettext = _ui.npgettext
