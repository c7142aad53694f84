"""A damaged database can be brought back with the commands, and every refusal around
it says what to do: `restore --force` puts a checked backup where a damaged (or emptied)
file lies and keeps the damaged one aside; a file emptied to 0 bytes is named, not
taken for a new database; a read-only disk is told apart from a read-only file; a
backup never invents a database that is not there, nor overwrites a file unasked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import open_database
from tests.store.corpus import written
from tests.store.test_restore import ROOT, cli, everything, needs_tiny_disk


def league_with_backup(tmp_path: Path) -> tuple[Path, Path, list[object]]:
    """A database of two nights, and a backup of it beside it in backups/."""
    path = tmp_path / "league.sqlite3"
    db = open_database(f"sqlite:///{path}")
    for document in written()[:2]:
        night_import.import_night(db, document)
    copy = tmp_path / "backups" / "league-backup.sqlite3"
    backup(db, str(copy))
    exported = list(everything(db))
    db.dispose()
    return path, copy, exported


def zero_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page : 4 * page] = bytes(2 * page)
    path.write_bytes(bytes(data))


def state_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_a_damaged_database_is_replaced_by_restore_force_and_kept_aside(tmp_path: Path) -> None:
    path, copy, exported = league_with_backup(tmp_path)
    zero_middle(path)
    damaged = path.read_bytes()
    url = f"sqlite:///{path}"

    refused = cli("--database", url, "nights")
    assert refused.returncode == 2
    first, advice = refused.stderr.splitlines()
    assert first.startswith(f"scorekeeper: the database {path} is damaged (SQLite's check found:")
    assert advice == (
        "scorekeeper: To put a backup in its place: scorekeeper restore --force BACKUP "
        "(the damaged file is kept aside)."
    )
    without_force = cli("--database", url, "restore", str(copy))
    assert without_force.returncode == 2 and path.read_bytes() == damaged

    done = cli("--database", url, "restore", "--force", str(copy))
    assert done.returncode == 0, done.stderr
    kept = next(tmp_path.glob("league.sqlite3.*.damaged"))
    assert done.stdout.splitlines() == [
        f"Restored from {copy}.",
        f"The damaged database was kept as {kept}.",
    ]
    assert kept.read_bytes() == damaged
    restored = open_database(url)
    assert everything(restored) == exported
    restored.dispose()


def test_a_bad_backup_leaves_the_damaged_database_where_it_was(tmp_path: Path) -> None:
    path, copy, _ = league_with_backup(tmp_path)
    zero_middle(path)
    zero_middle(copy)
    before = state_of(tmp_path)
    done = cli("--database", f"sqlite:///{path}", "restore", "--force", str(copy))
    assert done.returncode == 2
    assert done.stderr.startswith(f"scorekeeper: {copy}: ")
    assert "the backup is damaged" in done.stderr or "cannot be read as a backup" in done.stderr
    assert state_of(tmp_path) == before | {"league.sqlite3.lock": b""}


def test_a_database_emptied_to_nothing_is_named_not_started_afresh(tmp_path: Path) -> None:
    path, copy, exported = league_with_backup(tmp_path)
    older = open_database(f"sqlite:///{path}")
    older.dispose()
    path.write_bytes(b"")  # cut to 0 bytes (a failed sync, a bad copy)
    done = cli("--database", f"sqlite:///{path}", "nights")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(
        f"scorekeeper: the database {path} is empty (0 bytes): whatever it held is gone"
    )
    assert path.read_bytes() == b""  # not made into a new, empty database
    done = cli("--database", f"sqlite:///{path}", "restore", "--force", str(copy))
    assert done.returncode == 0, done.stderr
    restored = open_database(f"sqlite:///{path}")
    assert everything(restored) == exported
    restored.dispose()


@needs_tiny_disk
def test_a_database_on_a_read_only_disk_is_told_apart_from_a_read_only_file(
    tmp_path: Path,
) -> None:
    path, _, _ = league_with_backup(tmp_path)
    os.chmod(path, 0o644)
    script = (
        f"mount --bind {tmp_path} {tmp_path} && mount -o remount,ro,bind {tmp_path} && "
        f"{sys.executable} -m scorekeeper --database sqlite:///{path} nights"
    )
    done = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"scorekeeper: the database {path} is on a read-only disk or folder; copy it to a "
        "writable folder (or make the disk writable) to open it. Nothing was changed.\n"
    )


def test_a_backup_of_a_database_that_is_not_there_is_refused(tmp_path: Path) -> None:
    typo = tmp_path / "leage.sqlite3"
    done = cli("--database", f"sqlite:///{typo}", "backup", str(tmp_path / "copy.json"))
    assert done.returncode == 2
    assert done.stderr == f"scorekeeper: there is no database at {typo}; nothing was backed up\n"
    assert list(tmp_path.iterdir()) == []


def test_a_backup_never_overwrites_a_file_unasked(tmp_path: Path) -> None:
    path, copy, _ = league_with_backup(tmp_path)
    url = f"sqlite:///{path}"
    before = copy.read_bytes()
    done = cli("--database", url, "backup", str(copy))
    assert done.returncode == 2
    assert f"{copy}: already exists; choose another name, or add --force" in done.stderr
    assert copy.read_bytes() == before
    done = cli("--database", url, "backup", "--force", str(copy))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", ["", "  "])
def test_a_backup_needs_a_file_name(tmp_path: Path, name: str) -> None:
    path, _, _ = league_with_backup(tmp_path)
    done = cli("--database", f"sqlite:///{path}", "backup", name)
    assert done.returncode == 2
    assert done.stderr == "scorekeeper: the backup file: name it, e.g. league-backup.sqlite3\n"
