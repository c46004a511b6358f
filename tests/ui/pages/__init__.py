"""The pages' tests."""
