"""The frozen app's entry point: what `sabot` runs in the PyInstaller build.

The same as the `sabot` console script (`trainer.cli:main`): no argument opens the desktop app,
subcommands run headless.
"""

import sys

from trainer.cli import main

if __name__ == "__main__":
    sys.exit(main())
