"""Benchmarks: scripts run on demand (`python -m tests.bench.<name>`) that print figures.

Not collected by pytest (their files are not named test_*): speed is measured, not asserted.
"""
