"""Damaged input: never a traceback, never a partial write, and the newest backup named."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import event

from scorekeeper.cli import main
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.backup import timestamped_backup_path
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from tests.sheet import pick
from tests.store.test_nights import thirty_hands


def filled(tmp_path: Path) -> Path:
    path = tmp_path / "scorekeeper.sqlite3"
    db = open_database(f"sqlite:///{path}")
    for _ in range(8):
        night_import.import_night(db, thirty_hands())
    db.dispose()
    return path


def test_a_file_that_is_not_a_database(tmp_path: Path, capsys) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("Tuesday: Ann owes Bob $3\n")
    with pytest.raises(StorageError, match="is not a Scorekeeper database"):
        open_database(f"sqlite:///{path}")
    assert main(["--database", f"sqlite:///{path}", "nights"]) == 2
    err = capsys.readouterr().err
    assert "not a Scorekeeper database" in err and "Traceback" not in err
    assert path.read_text() == "Tuesday: Ann owes Bob $3\n"


def test_a_truncated_database_names_the_newest_backup(tmp_path: Path) -> None:
    path = filled(tmp_path)
    backup = timestamped_backup_path(path)
    shutil.copy(path, backup)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    with pytest.raises(StorageError) as refused:
        db = open_database(f"sqlite:///{path}")
        night_reads.list_nights(db)
    message = str(refused.value)
    assert "damaged" in message
    assert f"the newest backup is {backup}" in message


def test_a_corrupted_database_is_reported_not_read(tmp_path: Path) -> None:
    path = filled(tmp_path)
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page * 3, len(data) - page, page * 2):
        data[start + 100 : start + 1200] = b"\xa5" * 1100
    path.write_bytes(bytes(data))
    with pytest.raises(StorageError, match="damaged"):
        db = open_database(f"sqlite:///{path}")
        night_reads.list_nights(db)


def test_an_unreachable_server_is_a_clear_message(capsys) -> None:
    url = "postgresql+psycopg://scorer:secret@127.0.0.1:1/league"
    with pytest.raises(StorageError) as refused:
        open_database(url)
    assert "127.0.0.1:1" in str(refused.value)
    assert "secret" not in str(refused.value)
    assert main(["--database", url, "nights"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_url_that_is_not_a_url() -> None:
    with pytest.raises(StorageError, match="is not a database URL"):
        open_database("Tuesday league")


def test_a_full_disk_writes_nothing_half_done(sqlite_db: Database) -> None:
    night_id = night_import.import_night(sqlite_db, thirty_hands())
    sqlite_db.dispose()
    pages = sqlite3.connect(sqlite_db.sqlite_path).execute("PRAGMA page_count").fetchone()[0]

    @event.listens_for(sqlite_db.engine, "connect")
    def _limit(dbapi_connection, _record) -> None:  # a disk with no room left
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages + 2}")

    recorded = 0
    with pytest.raises(StorageError, match="is full; nothing was written"):
        for _ in range(500):
            hand_writes.record_hand(
                sqlite_db, night_id=night_id, hand=pick("Bob", "Dee", points=74, tricks=4)
            )
            recorded += 1
    sqlite_db.dispose()
    event.remove(sqlite_db.engine, "connect", _limit)
    hands = night_reads.hand_ids(sqlite_db, night_id=night_id)
    assert len(hands) == 30 + recorded
    assert len(night_reads.cached_points(sqlite_db, night_id=night_id)) == len(hands)
    scored = night_reads.night_result(sqlite_db, night_id=night_id)
    assert [h.points for h in scored.hands] == night_reads.cached_points(
        sqlite_db, night_id=night_id
    )
    with sqlite3.connect(sqlite_db.sqlite_path) as check:
        assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
