"""The progress view's tests."""
