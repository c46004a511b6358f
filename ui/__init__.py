"""Sabot's Qt application: the window, the felt table, the drill widgets and the charts."""
