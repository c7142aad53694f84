"""The first screen imports what it needs and nothing else (docs/performance.md,
"Start-up"): the database layer, the PDFs, the migrations, the server driver, the
dialogs and the league window load only once the window is shown (ui.app.when_shown,
MainWindow.load_rest), so that starting the app does not wait for them.  Counted in a
fresh interpreter; nothing here is timed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import importlib, json, sys
import ui.app
from ui.main_window import LATER
first = sorted(sys.modules)
later = [importlib.import_module(name, "ui").__name__ for name in LATER]
print(json.dumps({"first": first, "later": later}))
"""

# Never before the first screen: what only a menu, a dialog, another window or another
# kind of database needs.
NOT_FIRST = (
    "sqlalchemy",  # the database layer: after the first paint (ui/first_screen.py)
    "sqlmodel",
    "pydantic",
    "scorekeeper.store.database",
    "scorekeeper.store.tables",
    "reportlab",
    "alembic",
    "psycopg",
    "babel.messages",
    "sqlalchemy.dialects.postgresql",
    "scorekeeper.reports.build",
    "scorekeeper.reports.sheets",  # Ctrl+C on the settlement, and the menus' copies
    "ui.file_dialogs",
    "scorekeeper.store.backup_commands",
    "scorekeeper.store.sheet_import",
    "scorekeeper.store.seed",
    "ui.about",
    "ui.help",
    "ui.league",
    "ui.preferences",
    "ui.reports",
    "ui.sheet_dialog",
    "ui.start_dialog",
    "ui.rules_editor",
    # The tabs not shown at first, made after the first paint (MainWindow.make_panels).
    "ui.night_chart",
    "ui.line_chart",
    "ui.settlement_panel",
    "ui.rows_model",
    # What a copy or an export writes with, and the packaged build's self-check.
    "scorekeeper.csv_out",
    "csv",
    "ui.self_check",
    # The second game, registered for later (scorekeeper.games.Later): a Sheepshead
    # night does not need it (tests/test_games_later.py reads one without it).
    "scorekeeper.games.schafkopf",
    "ui.games.schafkopf",
    "platform",  # the log's first line names Python's version from sys.version
    "logging.handlers",  # the log's file, opened after the first paint (logs.release)
)


def _imports() -> dict[str, list[str]]:
    environment = os.environ | {"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=True,
    )
    found: dict[str, list[str]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_first_screen_imports_no_pdf_migration_driver_or_dialog() -> None:
    found = _imports()
    first = set(found["first"])
    loaded = sorted(n for n in first for p in NOT_FIRST if n == p or n.startswith(p + "."))
    assert loaded == []
    # What the first screen does need is there: the window, the night read as stored.
    assert {"ui.main_window", "ui.session", "scorekeeper.store.stored_night"} <= first


def test_what_is_loaded_later_is_what_the_dialogs_need() -> None:
    later = set(_imports()["later"])
    assert {
        "ui.league.window",
        "ui.start_dialog",
        "ui.rules_editor",
        "ui.sheet_dialog",
        "ui.reports",
        "ui.about",
        "ui.help",
        "ui.preferences",
    } <= later
