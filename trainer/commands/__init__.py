"""The headless subcommands of `sabot`, each a module of its own (`trainer.cli` assembles them)."""
