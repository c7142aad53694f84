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
