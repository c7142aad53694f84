"""The app started with no locale set at all (LANG unset, as in a bare session or a
desktop entry started without one) says nothing about it: Qt warned "Detected locale
"C" ... which is not UTF-8" on every start of the frozen app, whose interpreter does
not make characters UTF-8 as Python's own start does (PYTHONCOERCECLOCALE=0 here
stands for it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.profile import new_user_folders


def test_no_locale_set_starts_the_window_without_a_word_about_the_locale(tmp_path: Path) -> None:
    facts = tmp_path / "started.json"
    environment = new_user_folders(tmp_path) | {
        "PATH": "/usr/bin:/bin",
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONCOERCECLOCALE": "0",
        "SCOREKEEPER_SELF_CHECK": str(facts),
    }
    done = subprocess.run(
        [str(Path(sys.executable).with_name("sheepshead-scorekeeper"))],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(facts.read_text(encoding="utf-8"))["window_shown"]
    assert "locale" not in done.stderr.lower(), done.stderr
