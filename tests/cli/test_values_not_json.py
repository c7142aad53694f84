"""A stored JSON value that is not JSON, or not the object the app writes (issue 34,
point 5): a backup holding one is refused by restore, naming the table, the row and the
column, with nothing changed; a live database holding one is reported as damaged, with
the way out (`restore --force BACKUP`), and that way out works.  Never exit 1."""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_store_cli import run

BAD_VALUES: list[tuple[str, Any, str]] = [
    ("text", "{not json", "is not JSON"),
    ("bytes", b"\xff\xfe{", "is not JSON"),
    ("list", "[1, 2]", "is not a JSON object"),
    ("number", "5", "is not a JSON object"),
    ("string", '"a hand"', "is not a JSON object"),
]


def _spoil(
    path: Path, value: Any, *, table: str = "hand", column: str = "record", cast: str = "?"
) -> int:
    """Put VALUE (through CAST, say "CAST(? AS TEXT)") in COLUMN of TABLE's first row of
    the SQLite file PATH; its id."""
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        (row,) = connection.execute(f"SELECT min(id) FROM {table}").fetchone()
        connection.execute(f"UPDATE {table} SET {column} = {cast} WHERE id = ?", (value, row))
    return int(row)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(("kind", "value", "said"), BAD_VALUES, ids=[b[0] for b in BAD_VALUES])
@pytest.mark.parametrize("column", ["hand.record", "hand_revision.record", "night.rules"])
def test_a_backup_holding_a_value_not_json_is_refused_by_name(
    url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    value: Any,
    said: str,
    column: str,
) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert run("--database", url, "backup", str(backup), capsys=capsys)[0] == 0
    table, name = column.split(".")
    row = _spoil(backup, value, table=table, column=name)
    live = Path(url.removeprefix("sqlite:///"))
    before = _digest(live)
    status, _, err = run("--database", url, "restore", "--force", str(backup), capsys=capsys)
    assert status == 2, err
    assert f"{backup}: table {table}, row id {row}: {name} {said}" in err
    assert "Nothing was changed" in err and "Error" not in err
    assert _digest(live) == before


def test_a_database_holding_a_record_not_json_says_it_is_damaged_and_restore_mends_it(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert run("--database", url, "backup", str(backup), capsys=capsys)[0] == 0
    live = Path(url.removeprefix("sqlite:///"))
    _spoil(live, "{not json")
    command = [sys.executable, "-m", "scorekeeper", "--database", url, "export", "--night", "1"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    assert "is damaged" in done.stderr and "not JSON" in done.stderr
    assert "restore --force BACKUP" in done.stderr and "Traceback" not in done.stderr
    status, _, err = run("--database", url, "restore", "--force", str(backup), capsys=capsys)
    assert status == 0, err
    assert run("--database", url, "export", "--night", "1", capsys=capsys)[0] == 0


def test_a_dump_holding_a_record_that_is_no_object_is_refused_by_name(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    dump = tmp_path / "backup.json"
    assert run("--database", url, "backup", str(dump), capsys=capsys)[0] == 0
    document = json.loads(dump.read_text("utf-8"))
    document["tables"]["hand"][0]["record"] = [1, 2]
    dump.write_text(json.dumps(document), "utf-8")
    live = Path(url.removeprefix("sqlite:///"))
    before = _digest(live)
    status, _, err = run("--database", url, "restore", "--force", str(dump), capsys=capsys)
    assert status == 2, err
    assert "table hand, row 1, record: [1, 2] is not a JSON object" in err
    assert _digest(live) == before


# Bytes that are not UTF-8 text put into the schema SQLite keeps (sqlite_master): in an
# index's or a table's name, or at the head of a table's statement.
SCHEMA_DAMAGE = {
    "an index's name": ("name", "ix_night_newest", b"ix_night_n\xffwest"),
    "a table's name": ("name", "night_change", b"night_ch\xffnge"),
    "a table's statement": ("sql", "player", b"CREATE TABLE\xff player"),
}


def _damage_schema(path: Path, column: str, name: str, new: bytes) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA writable_schema = ON")
        if column == "sql":
            (sql,) = connection.execute(
                "SELECT sql FROM sqlite_master WHERE name = ?", (name,)
            ).fetchone()
            new = sql.encode().replace(b"CREATE TABLE player", new, 1)
        connection.execute(
            f"UPDATE sqlite_master SET {column} = CAST(? AS TEXT) WHERE name = ?", (new, name)
        )
    connection.close()


@pytest.mark.parametrize("where", list(SCHEMA_DAMAGE))
def test_a_schema_that_is_not_utf8_is_damage_and_restore_force_brings_the_backup_back(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    """Issue 34, point 5: every command had stopped with exit 1 (an internal error),
    `restore --force BACKUP`, the documented way out, included."""
    backup = tmp_path / "backup.sqlite3"
    assert run("--database", url, "backup", str(backup), capsys=capsys)[0] == 0
    live = Path(url.removeprefix("sqlite:///"))
    _damage_schema(live, *SCHEMA_DAMAGE[where])
    command = [sys.executable, "-m", "scorekeeper", "--database", url]
    done = subprocess.run([*command, "nights"], capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    assert "is damaged" in done.stderr and "restore --force BACKUP" in done.stderr
    done = subprocess.run(
        [*command, "restore", "--force", str(backup)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("league.sqlite3.*.damaged"))  # the damaged file, kept aside
    assert run("--database", url, "export", "--night", "1", capsys=capsys)[0] == 0


@pytest.mark.parametrize("where", list(SCHEMA_DAMAGE))
def test_a_backup_whose_schema_is_not_utf8_is_refused_and_nothing_changes(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert run("--database", url, "backup", str(backup), capsys=capsys)[0] == 0
    _damage_schema(backup, *SCHEMA_DAMAGE[where])
    live = Path(url.removeprefix("sqlite:///"))
    before = _digest(live)
    status, _, err = run("--database", url, "restore", "--force", str(backup), capsys=capsys)
    assert status == 2, err
    assert f"{backup}:" in err and "damaged" in err and "Error" not in err
    assert _digest(live) == before


# Bytes that are not UTF-8, kept by SQLite as text (not as a blob): Python's sqlite3
# cannot read such a value back at all.
NOT_UTF8 = b"\xff\xfe{"


@pytest.mark.parametrize("column", ["hand.record", "player.name", "night.title"])
def test_a_backup_holding_text_that_is_not_utf8_is_refused_by_name(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], column: str
) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert run("--database", url, "backup", str(backup), capsys=capsys)[0] == 0
    table, name = column.split(".")
    row = _spoil(backup, NOT_UTF8, table=table, column=name, cast="CAST(? AS TEXT)")
    live = Path(url.removeprefix("sqlite:///"))
    before = _digest(live)
    status, _, err = run("--database", url, "restore", "--force", str(backup), capsys=capsys)
    assert status == 2, err
    said = "is not JSON" if name == "record" else "is not UTF-8 text"
    assert f"{backup}: table {table}, row id {row}: {name} {said}" in err
    assert "Nothing was changed" in err and _digest(live) == before


@pytest.mark.parametrize("column", ["hand.record", "player.name"])
def test_a_database_holding_text_that_is_not_utf8_says_it_is_damaged(
    url: str, tmp_path: Path, column: str
) -> None:
    live = Path(url.removeprefix("sqlite:///"))
    table, name = column.split(".")
    _spoil(live, NOT_UTF8, table=table, column=name, cast="CAST(? AS TEXT)")
    command = [sys.executable, "-m", "scorekeeper", "--database", url, "export", "--night", "1"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    assert "is damaged" in done.stderr and "restore --force BACKUP" in done.stderr
    assert "\ufffd" not in done.stderr and "Traceback" not in done.stderr
