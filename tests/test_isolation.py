"""The suite never touches the real per-user folders of whoever runs it: the app's
settings (window geometry, last choices) and its default database land in the suite's
own temporary folders, in this process and in the processes it starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import USER_FOLDERS


def test_settings_and_data_go_to_the_suites_own_folders() -> None:
    probe = (
        "from PySide6.QtCore import QCoreApplication, QSettings\n"
        "from scorekeeper.store.location import default_path\n"
        "app = QCoreApplication([]); app.setOrganizationName('x'); app.setApplicationName('y')\n"
        "print(QSettings().fileName()); print(default_path())\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    settings, data = (Path(line) for line in done.stdout.splitlines())
    assert settings.is_relative_to(USER_FOLDERS), settings
    assert data.is_relative_to(USER_FOLDERS), data


def test_a_run_of_the_suite_leaves_no_folder_of_its_own_behind(tmp_path: Path) -> None:
    """Each test process's per-user folders are removed when the run ends (three were
    left in the temporary folder by every run, one a process), and a passing test's
    temporary folder too."""
    import os

    environment = os.environ | {"TMPDIR": str(tmp_path)}
    environment.pop("PYTEST_XDIST_WORKER", None)
    environment.pop("PYTEST_DEBUG_TEMPROOT", None)
    environment.pop("SCOREKEEPER_TESTS_HOMES", None)  # the run below makes its own
    this = f"{Path(__file__)}::test_settings_and_data_go_to_the_suites_own_folders"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            this,
            f"{Path(__file__).parent / 'cli' / 'test_database_path.py'}",
        ],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    left = [p.relative_to(tmp_path) for p in tmp_path.rglob("*") if not p.is_dir()]
    assert left == []
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("scorekeeper-")]
