"""Backups of either database kind restore completely, and the restored one keeps working."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.backup_commands import backup, restore
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from tests.sheet import pick
from tests.store.conftest import drop_postgres, fresh_postgres_url
from tests.store.corpus import written


def test_a_json_dump_restores_every_row_and_writing_goes_on(
    db: Database, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    ids = [night_import.import_night(db, d) for d in written()]
    hand_writes.edit_hand(
        db,
        hand_id=night_reads.hand_ids(db, night_id=ids[0])[0],
        hand={"type": "no-pick", "dealer": "Ann"},
    )
    dump = tmp_path / "league.json"
    assert backup(db, str(dump)) == "a JSON dump of every row"

    if db.is_sqlite:
        target_url = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    else:
        target_url = fresh_postgres_url(request.getfixturevalue("postgres_template"))
    target = open_database(target_url)
    try:
        restore(target, str(dump), force=False)
        for night_id in ids:
            assert night_import.export_night(
                target, night_id=night_id
            ) == night_import.export_night(db, night_id=night_id)
        history = night_reads.hand_history(
            target, hand_id=night_reads.hand_ids(target, night_id=ids[0])[0]
        )
        assert [r.action for r in history] == ["insert", "edit"]
        new_hand = hand_writes.record_hand(
            target,
            night_id=ids[2],
            hand=pick("Bob", "Dee", points=70, tricks=3, sitting_out=["Ann", "Gus"]),
        )
        assert all(new_hand not in night_reads.hand_ids(db, night_id=i) for i in ids)
        with pytest.raises(StorageError, match="--force"):
            restore(target, str(dump), force=False)
    finally:
        target.dispose()
        if not db.is_sqlite:
            drop_postgres(target_url)


def test_a_sqlite_backup_is_consistent_while_another_connection_writes(
    sqlite_db: Database, tmp_path: Path
) -> None:
    night_id = night_import.import_night(sqlite_db, written()[0])
    writer = open_database(str(sqlite_db.url))
    hand_writes.record_hand(writer, night_id=night_id, hand=pick("Bob", "Dee", points=70, tricks=3))
    copy = tmp_path / "copy.sqlite3"
    backup(sqlite_db, str(copy))  # the newest hand is still in the write-ahead log
    copied = open_database(f"sqlite:///{copy}")
    assert night_import.export_night(copied, night_id=night_id) == night_import.export_night(
        writer, night_id=night_id
    )
    writer.dispose()
    copied.dispose()
