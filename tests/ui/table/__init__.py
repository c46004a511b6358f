"""The felt's tests."""
