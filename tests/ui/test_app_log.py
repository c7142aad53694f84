"""The app writes its log from its start: which program and version, the language it
speaks, the database it opened; with --debug more (each open's check)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from scorekeeper.about import version

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_logs_its_start_and_with_debug_more(tmp_path: Path) -> None:
    env = os.environ | {
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "SCOREKEEPER_SCREENSHOT": str(tmp_path / "screen.png"),
    }
    database = tmp_path / "league.sqlite3"
    done = subprocess.run(
        [sys.executable, "-m", "ui", "--debug", "--database", f"sqlite:///{database}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    (log,) = (tmp_path / "state").rglob("scorekeeper.log")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert f"sheepshead-scorekeeper {version()} started" in lines[0] and "debug" in lines[0]
    assert any("INFO ui.app: language: en" in line for line in lines)
    assert any(
        f"INFO scorekeeper.store.database: database made {database}" in line for line in lines
    )
    assert any(" DEBUG scorekeeper.store.database: " in line for line in lines)
