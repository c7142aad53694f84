"""Backups the restore fuzzer (`benchmarks/fuzz_restore.py`, issue 34) found handled
wrongly, each made here by hand: refused, naming the backup, with the database as it
was (on the command line: status 2, never the internal error's 1), or restored whole."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import backup, restore
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from tests.store.corpus import written
from tests.store.test_restore import complete_dump, everything, write


@pytest.fixture
def league(db: Database) -> Database:
    """The database a backup is restored into: two nights."""
    for document in written()[2:4]:
        night_import.import_night(db, document)
    return db


def sqlite_backup(tmp_path: Path, *statements: str) -> Path:
    """A SQLite backup of two nights (of players none in common), then changed by
    STATEMENTS (as another program could change it)."""
    source = open_database(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    for document in (written()[0], written()[3]):
        night_import.import_night(source, document)
    target = tmp_path / "backup.sqlite3"
    backup(source, str(target))
    source.dispose()
    with contextlib.closing(sqlite3.connect(target, isolation_level=None)) as con:
        for statement in statements:
            con.execute(statement)
    return target


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


def test_a_sqlite_backup_holding_a_number_for_a_moment_is_refused(
    league: Database, tmp_path: Path
) -> None:
    """SQLite keeps any value in any column; reading a number as a moment raised
    TypeError (status 1)."""
    source = sqlite_backup(tmp_path, "UPDATE player SET created_at = 2 WHERE id = 1")
    refused(league, source, "table player: holds a value its column cannot hold")


# A byte flipped in a column's declared type, where SQLite keeps it: the file is whole
# (its integrity check passes) and its tables work, but SQLite's own words about the
# table (its columns' types) are no longer UTF-8.  `retired BOOLEAN` stays numeric.
NOT_TEXT = (
    "PRAGMA writable_schema = ON",
    "UPDATE sqlite_master SET sql = replace(sql, 'BOOLEAN', 'B' || CAST(X'CE' AS TEXT) || "
    "'OLEAN') WHERE name = 'player'",
)


def test_a_sqlite_backup_whose_column_types_are_not_text_is_refused(
    league: Database, tmp_path: Path
) -> None:
    """SQLite's words about a table quote its declared types, bytes that are not
    UTF-8: an OperationalError escaped the restore's checks (status 1)."""
    says = "cannot be read as a backup (Could not decode to UTF-8 column 'type'"
    refused(league, sqlite_backup(tmp_path, *NOT_TEXT), says)
