"""The dialogs' tests."""
