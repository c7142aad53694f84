"""A disk that fills up during the last step of a restore: the checked rows copied into
the live database (`backup.sqlite_copy_into`, SQLite's backup API, all pages or none).
The copy a restore keeps of what it replaces has room; the restored league does not.
The command says the disk is full with status 2, and the live database is as it was,
whole, with nothing half-written beside it; the copy kept of it stays, named in the
message (docs/reliability.md, "Backups and restores")."""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import open_database
from tests.store.corpus import written
from tests.store.test_nights import thirty_hands
from tests.store.test_restore import everything, needs_tiny_disk, on_tiny_disk


def big_backup(folder: Path, name: str) -> Path:
    """A backup of a league many times larger than the database it will replace."""
    folder.mkdir()
    source = open_database(f"sqlite:///{folder / 'big.sqlite3'}")
    for document in [*written(), *([thirty_hands()] * 40)]:
        night_import.import_night(source, document)
    backup(source, str(folder / name))
    source.dispose()
    return folder / name


def small_league(path: Path) -> list[dict[str, Any]]:
    """The live database: one night; returns every night exported."""
    db = open_database(f"sqlite:///{path}")
    night_import.import_night(db, written()[0])
    before = everything(db)
    db.dispose()
    return before


@dataclass
class Restored:
    status: str  # "status=N"
    err: str
    files: list[str]  # what is on the disk afterwards, the open lock's file aside
    after: Path  # the live database as the restore left it, copied off the disk
    before: list[dict[str, Any]]  # its nights before the restore


def restored_on_a_full_disk(tmp_path: Path, name: str) -> Restored:
    """Restore a big backup (SQLite copy or JSON dump, by NAME) over a small league on a
    disk with room for the league and the copy kept of it, but not for the restored
    league."""
    source = big_backup(tmp_path / "source", name)
    original = tmp_path / "league.sqlite3"
    before = small_league(original)
    size = original.stat().st_size
    assert source.with_name("big.sqlite3").stat().st_size > 4 * size
    disk, scratch = tmp_path / "disk", tmp_path / "scratch"
    scratch.mkdir()
    live = disk / "league.sqlite3"
    python = f"TMPDIR={scratch} {sys.executable} -m scorekeeper --database sqlite:///{live}"
    script = (
        f"cp {original} {live} && {python} restore --force {source}; echo status=$?; "
        f"cp {live} {tmp_path}/after.sqlite3; "
        f"cp {disk}/*.before-restore.bak {tmp_path}/kept.sqlite3; ls -A {disk}"
    )
    done = on_tiny_disk(disk, f"{3 * size + 64 * 1024}", script)
    lines = done.stdout.splitlines()
    status = next(line for line in lines if line.startswith("status="))
    assert not list(scratch.iterdir()), "the scratch copy of the backup was left behind"
    # Every file on the disk but the open lock's (`store/open_lock.py`: it stays there).
    files = [name for name in lines[lines.index(status) + 1 :] if name != "league.sqlite3.lock"]
    return Restored(status, done.stderr, files, tmp_path / "after.sqlite3", before)


@needs_tiny_disk
@pytest.mark.parametrize("name", ["backup.sqlite3", "backup.json"])
def test_a_restore_that_fills_the_disk_copying_in_changes_nothing(
    tmp_path: Path, name: str
) -> None:
    restored = restored_on_a_full_disk(tmp_path, name)
    err, files, after = restored.err, restored.files, restored.after
    disk = tmp_path / "disk"

    assert restored.status == "status=2", err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "the disk is full" in err and str(disk / "league.sqlite3") in err
    # On the disk: the live database, byte for byte as it was and whole, with no
    # journal or write-ahead log beside it; and the copy the restore kept of it before
    # copying in (so the disk filled up after it), named in the message.
    (kept,) = (f for f in files if f != "league.sqlite3")
    assert files == ["league.sqlite3", kept]
    assert kept.startswith("league.sqlite3.") and kept.endswith(".before-restore.bak")
    assert str(disk / kept) in err
    with contextlib.closing(sqlite3.connect(after)) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert after.read_bytes() == (tmp_path / "league.sqlite3").read_bytes()
    for copy in (after, tmp_path / "kept.sqlite3"):
        db = open_database(f"sqlite:///{copy}")
        try:
            assert everything(db) == restored.before
        finally:
            db.dispose()
