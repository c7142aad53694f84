"""A league's history filed in one transaction is written a chunk of nights at a time
(`night_import.FILED_AT_ONCE`, issue 34, point 7: the memory of one chunk's rows, not
of the whole history's); the chunks' seams change nothing: every row, id and score is
that of the same nights filed at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.sample import generated_league_documents
from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import dump
from scorekeeper.store.database import Database, open_database
from tests.store.corpus import corpus

SEASONS = {"Spring": ["2026-03-03", "2026-03-10", "2026-03-17"], "Fall": ["2026-10-06"]}
MOMENTS = {"created_at", "updated_at", "recorded_at", "closed_at", "paid_at"}


def _rows(db: Database) -> dict[str, Any]:
    """Every row of every table, the moments of writing left out."""
    tables = dump(db)["tables"]
    return {
        name: [{k: v for k, v in row.items() if k not in MOMENTS} for row in rows]
        for name, rows in tables.items()
    }


def test_nights_filed_in_chunks_are_those_filed_at_once(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documents = [*corpus(), *generated_league_documents(seed=5, seasons=SEASONS)]
    whole = open_database(f"sqlite:///{tmp_path / 'whole.sqlite3'}")
    try:
        monkeypatch.setattr(night_import, "FILED_AT_ONCE", len(documents) + 1)
        once = night_import.import_nights(whole, documents)
        expected = _rows(whole)
    finally:
        whole.dispose()
    monkeypatch.setattr(night_import, "FILED_AT_ONCE", 3)  # seams inside every table
    assert night_import.import_nights(db, documents) == once
    assert _rows(db) == expected
