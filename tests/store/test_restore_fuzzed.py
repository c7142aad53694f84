"""Backups the restore fuzzer (`benchmarks/fuzz_restore.py`, issue 34) found handled
wrongly, each made here by hand: refused, naming the backup, with the database as it
was (on the command line: status 2, never the internal error's 1), or restored whole."""

from __future__ import annotations

import contextlib
import copy
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.names import name_key
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


# A byte flipped in a column's name where SQLite keeps it (`pot_cents` of the league's
# sums): the file is whole, its tables work, but the column's name is not UTF-8.
NAME_NOT_TEXT = (
    "PRAGMA writable_schema = ON",
    "UPDATE sqlite_master SET sql = replace(sql, 'pot_cents', 'pot' || CAST(X'A0' AS TEXT) || "
    "'cents') WHERE name = 'league_nights'",
)


def test_a_sqlite_backup_whose_column_names_are_not_text_is_refused(
    league: Database, tmp_path: Path
) -> None:
    """The check of JSON columns read every column's name as UTF-8: a
    UnicodeDecodeError (status 1), found by the fuzzer on the code of main."""
    refused(league, sqlite_backup(tmp_path, *NAME_NOT_TEXT), "cannot be read as a backup (")


def test_a_sqlite_backup_whose_column_types_are_not_text_is_refused(
    league: Database, tmp_path: Path
) -> None:
    """SQLite's words about a table quote its declared types, bytes that are not
    UTF-8: an OperationalError escaped the restore's checks (status 1)."""
    says = "cannot be read as a backup (Could not decode to UTF-8 column 'type'"
    refused(league, sqlite_backup(tmp_path, *NOT_TEXT), says)


@pytest.mark.parametrize(
    ("table", "values", "says"),
    [
        (
            "night",
            {"table_label": "\x1b[2J"},
            "night 1 in the backup is wrong: '\\x1b[2J' contains",
        ),
        ("night", {"title": "x" * 121}, "night 1 in the backup is wrong: "),
        ("night", {"table_label": " 2"}, "night 1 in the backup is wrong: ' 2' is not as it"),
        (
            "player",
            {"name": "Ann\u200b", "name_key": name_key("Ann\u200b")},
            "player 'Ann\\u200b' in the backup is wrong: ",
        ),
    ],
    ids=[
        "a table with an escape",
        "a title too long",
        "a table not trimmed",
        "a name invisible",
    ],
)
def test_a_dump_holding_a_name_no_door_lets_in_is_refused(
    league: Database, tmp_path: Path, table: str, values: dict[str, str], says: str
) -> None:
    """A label every import refuses, as the restore's rescoring refuses such a player's
    (or league's) name in a night: the restore took it, and every export of the night
    carried it to a `score` and an `import` that refused it."""
    dump: dict[str, Any] = complete_dump(league, tmp_path)
    dump["tables"][table][0].update(values)
    refused(league, write(tmp_path, dump), says)


@pytest.mark.parametrize(
    ("statement", "says"),
    [
        (
            "UPDATE hand_revision SET night_id = 2 WHERE id = (SELECT min(id) FROM hand)",
            "its history holds a version of another night's hand",
        ),
        (  # a deleted hand's version: its hand is nowhere
            "UPDATE hand_revision SET night_id = 2, hand_id = 9999 WHERE id = 1",
            "its history names a player who is not at its table",
        ),
    ],
    ids=["a hand of another night", "a hand deleted"],
)
def test_a_sqlite_backup_whose_history_names_another_night_is_refused(
    league: Database, tmp_path: Path, statement: str, says: str
) -> None:
    """A hand's version filed under a night it is not in (whose players it does not
    name): the restore took it, and `history` of that night then failed."""
    refused(league, sqlite_backup(tmp_path, statement), f"night 2 in the backup is wrong: {says}")


def test_each_is_refused_on_the_command_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "live.sqlite3"
    url = f"sqlite:///{database}"
    db = open_database(url)
    night_import.import_night(db, written()[0])
    dump: dict[str, Any] = complete_dump(db, tmp_path)
    before = everything(db)
    db.dispose()
    sources = []
    for table, column in (("hand", "position"), ("night_outcome", "partnered")):
        folder = tmp_path / table
        folder.mkdir()
        doctored = copy.deepcopy(dump)
        del doctored["tables"][table][1][column]
        sources.append(write(folder, doctored))
    for number, statement in enumerate(
        [
            "UPDATE player SET created_at = 2 WHERE id = 1",
            "UPDATE hand_revision SET night_id = 2 WHERE id = (SELECT min(id) FROM hand)",
        ]
    ):
        folder = tmp_path / str(number)
        folder.mkdir()
        sources.append(str(sqlite_backup(folder, statement)))
    for number, statements in enumerate([NOT_TEXT, NAME_NOT_TEXT]):
        folder = tmp_path / f"schema-{number}"
        folder.mkdir()
        sources.append(str(sqlite_backup(folder, *statements)))
    for source in sources:
        status = main(["--database", url, "restore", "--force", source])
        out, err = capsys.readouterr()
        assert (status, out) == (2, ""), err
        assert err.startswith(f"scorekeeper: {source}: ") and len(err.splitlines()) == 1, err
        db = open_database(url)
        assert everything(db) == before
        db.dispose()
