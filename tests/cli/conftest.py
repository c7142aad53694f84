"""Fixtures shared by the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.sample import sample_league_documents
from scorekeeper.store.database import open_database
from scorekeeper.store.night_import import import_night


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A SQLite file holding the sample league's nights (a module that needs another
    database defines its own `url`)."""
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    db = open_database(url)
    for document in sample_league_documents():
        import_night(db, document)
    db.dispose()
    return url
