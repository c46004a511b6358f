"""The dialogs: settings, setting an exam, help, the rules book and the links into it."""
