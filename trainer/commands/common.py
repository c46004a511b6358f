"""What the headless subcommands share: the exit status of a usage mistake, the profile a command
works on, and opening the history with its notice printed."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

EXIT_USAGE = 2
DEFAULT_PROFILE = "default"


def profile_name(args: argparse.Namespace) -> str:
    return args.profile or os.environ.get("SABOT_PROFILE") or DEFAULT_PROFILE


def open_store() -> Any:
    from trainer.history.store import Store, StoreError

    try:
        store = Store.open()
    except StoreError as e:
        print(f"sabot: {e}", file=sys.stderr)
        return None
    if store.notice:
        print(f"sabot: {store.notice}", file=sys.stderr)
    return store
