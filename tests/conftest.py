"""Test set-up shared by the whole suite.

Qt needs a platform before it is first imported: the suite runs offscreen unless told otherwise,
and every test gets a private data directory so nothing touches a real trainee's history.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Tests that use qtbot are GUI tests: `pytest -m "not gui"` runs the domain alone.
    for item in items:
        if "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    data = tmp_path_factory.mktemp("sabot-data")
    monkeypatch.setenv("SABOT_DATA_DIR", str(data))
    return data
