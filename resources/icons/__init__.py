"""The app's icons, shipped as package data.

Read them with `importlib.resources.files("resources.icons") / APP_ICON`; the packaged build
carries the same files, and packaging/icons holds PNG renders of sabot.svg for desktop menus.
"""

APP_ICON = "sabot.svg"
