"""A restore takes any good backup, wherever it lies, and never replaces the data under
a window that has it open: a backup made at another page size, one in a read-only
folder (or left in WAL mode by an older version), a backup from a newer version named
as the user's file (never a scratch file), and a restore refused while another program
has the database open."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import backup, restore
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from tests.store.corpus import written
from tests.store.test_restore import ROOT, cli, everything, needs_tiny_disk


def a_backup(
    tmp_path: Path, name: str = "backup.sqlite3", night: dict[str, object] | None = None
) -> tuple[Path, list[object]]:
    """A backup (a SQLite file; a JSON dump when NAME ends in .json) of a database
    holding one night (NIGHT, else the corpus's first), and that night exported."""
    source = open_database(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    night_import.import_night(source, night or written()[0])
    target = tmp_path / "backups" / name
    backup(source, str(target))
    exported = list(everything(source))
    source.dispose()
    return target, exported


def pragma(path: Path, *statements: str) -> object:
    """Run STATEMENTS on one connection to PATH; the first value of the last answer."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as con:
        for statement in statements:
            row = con.execute(statement).fetchone()
        return row[0] if row else None


@pytest.fixture
def filled(sqlite_db: Database) -> Database:
    for document in written()[1:3]:
        night_import.import_night(sqlite_db, document)
    return sqlite_db


def test_a_backup_with_another_page_size_restores_into_a_live_file(
    filled: Database, tmp_path: Path
) -> None:
    copy, exported = a_backup(tmp_path)
    pragma(copy, "PRAGMA page_size = 1024", "VACUUM")
    assert pragma(copy, "PRAGMA page_size") == 1024
    live = filled.sqlite_path
    assert live is not None and pragma(live, "PRAGMA journal_mode") == "wal"

    kept = restore(filled, str(copy), force=True)

    assert everything(filled) == exported
    assert kept is not None and kept.exists()


def test_backups_are_single_files_out_of_wal_mode(tmp_path: Path) -> None:
    copy, _ = a_backup(tmp_path)
    assert pragma(copy, "PRAGMA journal_mode") == "delete"
    assert sorted(p.name for p in copy.parent.iterdir()) == ["backup.sqlite3"]


def test_a_restore_only_reads_the_backup(filled: Database, tmp_path: Path) -> None:
    """Even a backup left in WAL mode (as older versions made them) is read, not
    opened: nothing appears beside it and its bytes stay as they were."""
    copy, exported = a_backup(tmp_path)
    pragma(copy, "PRAGMA journal_mode = WAL")
    data = copy.read_bytes()
    restore(filled, str(copy), force=True)
    assert everything(filled) == exported
    assert copy.read_bytes() == data
    assert sorted(p.name for p in copy.parent.iterdir()) == ["backup.sqlite3"]


@needs_tiny_disk
@pytest.mark.parametrize("mode", ["delete", "wal"])
def test_a_backup_in_a_read_only_folder_restores(tmp_path: Path, mode: str) -> None:
    copy, exported = a_backup(tmp_path)
    pragma(copy, f"PRAGMA journal_mode = {mode}")
    live = tmp_path / "live.sqlite3"
    filled = open_database(f"sqlite:///{live}")
    night_import.import_night(filled, written()[2])
    filled.dispose()
    folder = copy.parent
    python = f"{sys.executable} -m scorekeeper --database sqlite:///{live}"
    done = subprocess.run(
        [
            "unshare",
            "-rm",
            "sh",
            "-c",
            f"mount --bind {folder} {folder} && mount -o remount,ro,bind {folder} && "
            f"touch {folder}/probe 2>/dev/null; {python} restore --force {copy}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert not (folder / "probe").exists()  # the folder really was read-only
    restored = open_database(f"sqlite:///{live}")
    assert everything(restored) == exported
    restored.dispose()


def test_a_backup_from_a_newer_version_is_named_as_the_users_file(
    filled: Database, tmp_path: Path
) -> None:
    copy, _ = a_backup(tmp_path)
    pragma(copy, "UPDATE alembic_version SET version_num = '9999'")
    before = everything(filled)
    with pytest.raises(StorageError) as refused:
        restore(filled, str(copy), force=True)
    message = str(refused.value)
    assert str(copy) in message and "newer version" in message
    assert "scorekeeper-restore-" not in message
    assert everything(filled) == before


@contextlib.contextmanager
def open_elsewhere(path: Path) -> Iterator[None]:
    """Another program (a window, say) with the database open until the block ends."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from scorekeeper.store.database import open_database; "
            f"db = open_database('sqlite:///{path}'); print('open', flush=True); "
            "sys.stdin.read()",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=60)


def test_a_restore_is_refused_while_another_program_has_the_database_open(
    filled: Database, tmp_path: Path
) -> None:
    copy, exported = a_backup(tmp_path)
    live = filled.sqlite_path
    assert live is not None
    before = everything(filled)
    filled.dispose()
    with open_elsewhere(live):
        done = cli("--database", f"sqlite:///{live}", "restore", "--force", str(copy))
        assert done.returncode == 2
        assert "is open in another program" in done.stderr
        assert "Nothing was changed" in done.stderr
    again = open_database(f"sqlite:///{live}")
    assert everything(again) == before
    assert list(live.parent.glob("*.before-restore.bak")) == []
    restore(again, str(copy), force=True)  # the window closed: now it may
    assert everything(again) == exported
    again.dispose()


def test_no_program_opens_the_database_while_a_restore_holds_it(
    filled: Database, tmp_path: Path
) -> None:
    from scorekeeper.store.open_lock import OpenLock

    live = filled.sqlite_path
    assert live is not None
    filled.dispose()
    restoring = OpenLock(live)
    with restoring.alone():
        done = cli("--database", f"sqlite:///{live}", "nights")
    restoring.release()
    assert done.returncode == 2
    assert "is being restored from a backup by another program" in done.stderr


def test_a_database_opened_through_a_link_is_the_same_database(
    filled: Database, tmp_path: Path
) -> None:
    copy, _ = a_backup(tmp_path)
    live = filled.sqlite_path
    assert live is not None
    filled.dispose()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = elsewhere / "league.sqlite3"
    link.symlink_to(live)
    with open_elsewhere(link):
        done = cli("--database", f"sqlite:///{live}", "restore", "--force", str(copy))
    assert done.returncode == 2 and "is open in another program" in done.stderr


def test_a_backup_with_work_still_in_its_write_ahead_log_restores_all_of_it(
    sqlite_db: Database, tmp_path: Path
) -> None:
    """A copy of a database taken with its -wal beside it (by hand, while a program
    had it open) holds hands only the log has: the restore reads the log too."""
    source = open_database(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    night_import.import_night(source, written()[0])
    exported = list(everything(source))
    folder = tmp_path / "by-hand"
    folder.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(
            tmp_path / f"source.sqlite3{suffix}", folder / f"copy.sqlite3{suffix}"
        )  # copied while the source is still open: the night is only in the log
    source.dispose()
    assert (folder / "copy.sqlite3-wal").stat().st_size > 0
    restore(sqlite_db, str(folder / "copy.sqlite3"), force=True)
    assert everything(sqlite_db) == exported
