"""A disk that fills up during the last step of a restore: the checked rows copied into
the live database (`backup.sqlite_copy_into`, SQLite's backup API, all pages or none).
The copy a restore keeps of what it replaces has room; the restored league does not.
The command says the disk is full with status 2, and the live database is as it was,
whole, with nothing half-written beside it (docs/reliability.md, "Backups and
restores")."""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import nights
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import open_database
from tests.store.corpus import written
from tests.store.test_nights import thirty_hands
from tests.store.test_restore import everything, needs_tiny_disk, on_tiny_disk


def big_backup(folder: Path, name: str) -> Path:
    """A backup of a league many times larger than the database it will replace."""
    folder.mkdir()
    source = open_database(f"sqlite:///{folder / 'big.sqlite3'}")
    for document in [*written(), *([thirty_hands()] * 24)]:
        nights.import_night(source, document)
    backup(source, str(folder / name))
    source.dispose()
    return folder / name


def small_league(path: Path) -> list[dict[str, Any]]:
    """The live database: one night; returns every night exported."""
    db = open_database(f"sqlite:///{path}")
    nights.import_night(db, written()[0])
    before = everything(db)
    db.dispose()
    return before


@dataclass
class Restored:
    status: str  # "status=N"
    err: str
    files: list[str]  # what is on the disk afterwards
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
        f"cp {live} {tmp_path}/after.sqlite3; ls -A {disk}"
    )
    done = on_tiny_disk(disk, f"{3 * size + 64 * 1024}", script)
    lines = done.stdout.splitlines()
    status = next(line for line in lines if line.startswith("status="))
    assert not list(scratch.iterdir()), "the scratch copy of the backup was left behind"
    files = lines[lines.index(status) + 1 :]
    return Restored(status, done.stderr, files, tmp_path / "after.sqlite3", before)


@needs_tiny_disk
@pytest.mark.parametrize("name", ["backup.sqlite3", "backup.json"])
def test_a_restore_that_fills_the_disk_copying_in_changes_nothing(
    tmp_path: Path, name: str
) -> None:
    restored = restored_on_a_full_disk(tmp_path, name)
    err, files, after = restored.err, restored.files, restored.after

    assert restored.status == "status=2", err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "the disk is full" in err and str(tmp_path / "disk" / "league.sqlite3") in err
    assert "before restoring" not in err  # the copy kept of the database was made
    # The live database is the one that was there, whole, with no journal or
    # write-ahead log left beside it; the copy the restore kept of it is the same.
    kept = [f for f in files if f != "league.sqlite3"]
    assert "league.sqlite3" in files
    assert all(f.startswith("league.sqlite3.") and f.endswith(".before-restore.bak") for f in kept)
    assert len(kept) <= 1, files
    with contextlib.closing(sqlite3.connect(after)) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert after.read_bytes() == (tmp_path / "league.sqlite3").read_bytes()
    db = open_database(f"sqlite:///{after}")
    try:
        assert everything(db) == restored.before
    finally:
        db.dispose()


@needs_tiny_disk
@pytest.mark.xfail(
    strict=True,
    reason="the copy a restore keeps of the database is left on the full disk when the "
    "copy-in fails, though the message says nothing was written (backup_commands.restore)",
)
def test_a_restore_that_fills_the_disk_leaves_no_kept_copy_behind(tmp_path: Path) -> None:
    restored = restored_on_a_full_disk(tmp_path, "backup.json")
    assert restored.status == "status=2", restored.err
    assert restored.files == ["league.sqlite3"]
