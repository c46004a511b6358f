"""Sabot's domain: cards, house rules, the shoe, the round, payouts, drills and the history.

Pure Python: nothing here imports Qt, so the headless commands start fast and the rules can be
tested without a display.
"""

__version__ = "0.1.0"
