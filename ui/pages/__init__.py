"""The pages of the main window: home, the drill, deal mode, the home game, a drill's summary."""
