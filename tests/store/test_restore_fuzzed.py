"""Backups the restore fuzzer (`benchmarks/fuzz_restore.py`, issue 34) found handled
wrongly, each made here by hand: refused, naming the backup, with the database as it
was (on the command line: status 2, never the internal error's 1), or restored whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import restore
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from tests.store.corpus import written
from tests.store.test_restore import complete_dump, everything, write


@pytest.fixture
def league(db: Database) -> Database:
    """The database a backup is restored into: two nights."""
    for document in written()[2:4]:
        night_import.import_night(db, document)
    return db


def refused(db: Database, source: Path | str, says: str) -> None:
    """Restoring SOURCE into DB is refused, naming SOURCE and saying SAYS; DB's nights
    are as they were."""
    before = everything(db)
    with pytest.raises(StorageError) as refusal:
        restore(db, str(source), force=True)
    assert str(refusal.value).startswith(f"{source}: "), refusal.value
    assert says in str(refusal.value)
    assert everything(db) == before


@pytest.mark.parametrize(
    ("table", "column"), [("hand", "position"), ("night_outcome", "partnered")]
)
def test_a_dump_whose_row_lacks_a_column_is_refused(
    league: Database, tmp_path: Path, table: str, column: str
) -> None:
    """The rows of a table went in together: one without a column made an internal
    error (status 1).  A hand needs its place, a count of outcomes its kind (a part of
    its key): neither has a default."""
    dump: dict[str, Any] = complete_dump(league, tmp_path)
    del dump["tables"][table][1][column]
    says = f"table {table}, row 2: has no {column}, which has no default"
    refused(league, write(tmp_path, dump), says)


def test_a_dump_whose_row_lacks_a_column_with_a_default_restores(
    league: Database, tmp_path: Path
) -> None:
    """A column a row leaves out takes its default, as the rows of an older version's
    dump take a newer column's: a hand not edited is at its first revision."""
    dump: dict[str, Any] = complete_dump(league, tmp_path)
    assert dump["tables"]["hand"][1]["revision"] == 1
    del dump["tables"]["hand"][1]["revision"]
    before = everything(league)
    restore(league, write(tmp_path, dump), force=True)
    assert everything(league) == before
