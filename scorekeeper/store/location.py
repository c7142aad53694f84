"""Where the data lives by default, without the database layer (the start reads it
before SQLAlchemy is imported: store/early_check.py)."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "sheepshead-scorekeeper"
ENV_URL = "SCOREKEEPER_DATABASE_URL"


def default_path() -> Path:
    """The default SQLite file, in the user's data folder."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "scorekeeper.sqlite3"
