"""The school's windows' tests."""
