"""`backup` and `restore` never lose what they were asked to protect (issue 15, points
1, 2 and 9): a backup onto the live database is refused while a writer records hands;
a restore checks the backup whole before touching anything and always keeps a copy of
what it replaces; a full disk leaves no partial file."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import night_import, night_reads
from scorekeeper.store.backup_commands import backup, restore
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from tests.store.conftest import drop_postgres, fresh_postgres_url
from tests.store.corpus import written
from tests.store.test_processes import (
    EMPTY_NIGHT,
    assert_night_whole,
    rest_of,
    writer_under_way,
)

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def everything(db: Database) -> list[dict[str, Any]]:
    """Every night exported: what a user would call 'the data'."""
    return [night_import.export_night(db, night_id=n.id) for n in night_reads.list_nights(db)]


# -- 1. a backup onto the database itself -------------------------------------------------


def test_a_backup_onto_the_live_database_is_refused_while_a_writer_records(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    url = f"sqlite:///{path}"
    db = open_database(url)
    night_id = night_import.import_night(db, EMPTY_NIGHT)
    process, reported = writer_under_way(url, night_id, 300, "Bob", reported=20)
    attempts = [
        cli("--database", url, "backup", str(target))
        for target in (
            path,
            Path(f"{path}-wal"),
            Path(f"{path}-shm"),
            tmp_path / "." / "league.sqlite3",
        )
    ]
    rest, err = rest_of(process)
    assert process.returncode == 0, err
    reported += [int(line.split()[1]) for line in rest.splitlines() if line.startswith("recorded")]

    for done in attempts:
        assert done.returncode == 2, done.stderr
        assert "is the database itself" in done.stderr
        assert "Backed up" not in done.stdout
    assert len(reported) == 300
    assert night_reads.hand_ids(db, night_id=night_id) == reported
    assert_night_whole(db, night_id)
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db.dispose()


def test_a_hard_link_to_the_database_is_the_database(sqlite_db: Database, tmp_path: Path) -> None:
    assert sqlite_db.sqlite_path is not None
    link = tmp_path / "another-name.sqlite3"
    os.link(sqlite_db.sqlite_path, link)
    with pytest.raises(StorageError, match="is the database itself"):
        backup(sqlite_db, str(link))


# -- 2. restore checks the backup whole, and keeps what it replaces ----------------------


@pytest.fixture
def league(db: Database) -> Database:
    for document in written():
        night_import.import_night(db, document)
    return db


def complete_dump(db: Database, tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "dump.json"
    backup(db, str(path))
    document: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return document


def write(tmp_path: Path, document: Any) -> str:
    path = tmp_path / "doctored.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("empty", ["no tables", "empty tables"])
def test_restoring_an_empty_dump_leaves_the_database_unchanged(
    league: Database, tmp_path: Path, empty: str
) -> None:
    before = everything(league)
    dump = complete_dump(league, tmp_path)
    if empty == "no tables":
        dump["tables"] = {}
    else:
        dump["tables"] = {name: [] for name in dump["tables"]}
    with pytest.raises(StorageError, match="Nothing was changed"):
        restore(league, write(tmp_path, dump), force=True)
    assert everything(league) == before


@pytest.mark.parametrize(
    ("table", "column", "value", "named"),
    [
        ("hand", "record", {"type": "pick", "picker": 1, "points": "x"}, "night 1 in the backup"),
        ("hand", "position", "first", "table hand, row 1, position"),
        ("night", "rules", {"preset": "no-such-game"}, "night 1 in the backup"),
        ("payment", "cents", "lots", "table payment"),
        ("player", "name", None, "table player, row 1, name"),
    ],
)
def test_a_dump_with_bad_values_is_refused_before_anything_changes(
    league: Database, tmp_path: Path, table: str, column: str, value: Any, named: str
) -> None:
    from scorekeeper.store.money import record_league_payment

    record_league_payment(league, league="Thursday Club", payer="Ann", payee="Bob", cents=125)
    before = everything(league)
    dump = complete_dump(league, tmp_path)
    dump["tables"][table][0][column] = value
    with pytest.raises(StorageError, match=named):
        restore(league, write(tmp_path, dump), force=True)
    assert everything(league) == before


def test_a_dump_of_moments_without_a_time_zone_restores_them_as_utc(
    league: Database, tmp_path: Path
) -> None:
    """A SQLite file keeps its moments without a time zone (the app reads them as UTC),
    and a dump of its tables as stored (`dump_as_stored`) writes them so: such a dump of
    this version's schema restores as one of an older schema does, every moment read
    as the UTC it was, never an internal error."""
    first = night_reads.hand_ids(league, night_id=1)[0]
    moments = [r.recorded_at for r in night_reads.hand_history(league, hand_id=first)]
    before = everything(league)
    dump = complete_dump(league, tmp_path)
    for rows in dump["tables"].values():
        for row in rows:
            for key, value in row.items():
                if isinstance(value, dict) and "$date" in value and "T" in value["$date"]:
                    assert value["$date"].endswith("+00:00")
                    row[key] = {"$date": value["$date"].removesuffix("+00:00")}

    restore(league, write(tmp_path, dump), force=True)

    assert everything(league) == before
    after = [r.recorded_at for r in night_reads.hand_history(league, hand_id=first)]
    assert after == moments and all(m.utcoffset() == dt.timedelta(0) for m in after)


def test_restore_force_keeps_a_copy_of_what_it_replaced(
    league: Database, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """On SQLite a copy beside the file, on PostgreSQL a JSON dump in the backups folder:
    either way the replaced nights can be brought back."""
    before = everything(league)
    other = open_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    night_import.import_night(other, written()[0])
    source = tmp_path / "other-backup.json"
    backup(other, str(source))
    other.dispose()

    kept = restore(league, str(source), force=True)
    assert kept is not None and kept.exists()
    assert len(everything(league)) == 1
    back = open_database(
        f"sqlite:///{tmp_path / 'back.sqlite3'}"
        if league.is_sqlite
        else fresh_postgres_url(request.getfixturevalue("postgres_template"))
    )
    try:
        restore(back, str(kept), force=False)
        assert everything(back) == before
    finally:
        back.dispose()
        if not back.is_sqlite:
            drop_postgres(str(back.url))


def test_a_damaged_sqlite_backup_is_refused(league: Database, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite3"
    backup_db = open_database(f"sqlite:///{tmp_path / 'src.sqlite3'}")
    night_import.import_night(backup_db, written()[1])
    backup(backup_db, str(copy))
    backup_db.dispose()
    data = bytearray(copy.read_bytes())
    page = 4096
    data[3 * page : 5 * page] = bytes(2 * page)  # zero two pages of the backup
    copy.write_bytes(bytes(data))
    before = everything(league)
    with pytest.raises(StorageError, match=r"damaged|cannot be read|is wrong"):
        restore(league, str(copy), force=True)
    assert everything(league) == before


# -- 9. a full disk ---------------------------------------------------------------------


def tiny_disk_available() -> bool:
    if not shutil.which("unshare"):
        return False
    done = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    return done.returncode == 0


needs_tiny_disk = pytest.mark.skipif(
    not tiny_disk_available(), reason="needs unshare to mount a small tmpfs as a full disk"
)


def on_tiny_disk(folder: Path, size: str, script: str) -> subprocess.CompletedProcess[str]:
    """Run SCRIPT (sh) with a tmpfs of SIZE mounted on FOLDER: a disk that fills up."""
    folder.mkdir(exist_ok=True)
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size={size} tmpfs {folder} && {script}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@needs_tiny_disk
def test_a_backup_onto_a_full_disk_says_so_and_leaves_nothing(
    sqlite_db: Database, tmp_path: Path
) -> None:
    for document in written():
        night_import.import_night(sqlite_db, document)
    disk = tmp_path / "disk"
    python = f"{sys.executable} -m scorekeeper --database {sqlite_db.url}"
    for name in ("copy.sqlite3", "copy.json"):
        done = on_tiny_disk(
            disk, "16k", f"{python} backup {disk}/{name}; echo status=$?; ls -A {disk}"
        )
        assert "status=2" in done.stdout, done.stderr
        assert "cannot write the backup (the disk is full); nothing was written" in done.stderr
        assert done.stdout.splitlines()[-1] == "status=2"  # the folder is empty: no .partial


@needs_tiny_disk
def test_a_restore_with_no_room_for_the_copy_changes_nothing(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    source = tmp_path / "backup.json"
    other = open_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    night_import.import_night(other, written()[0])
    backup(other, str(source))
    other.dispose()
    original = tmp_path / "league.sqlite3"
    filled = open_database(f"sqlite:///{original}")
    for document in written():
        night_import.import_night(filled, document)
    before = everything(filled)
    filled.dispose()
    size = original.stat().st_size
    python = f"{sys.executable} -m scorekeeper --database sqlite:///{disk}/league.sqlite3"
    script = (
        f"cp {original} {disk}/ && head -c {size // 2} /dev/zero > {disk}/x; "
        f"{python} restore --force {source}; echo status=$?; rm {disk}/x; "
        f"cp {disk}/league.sqlite3 {tmp_path}/after.sqlite3; ls -A {disk}"
    )
    done = on_tiny_disk(disk, f"{size * 2}", script)
    assert "status=2" in done.stdout, done.stderr
    assert "the disk is full" in done.stderr
    # no .bak, no .partial: the database and the lock file of whoever had it open
    assert done.stdout.splitlines()[-2:] == ["league.sqlite3", "league.sqlite3.lock"]
    after = open_database(f"sqlite:///{tmp_path / 'after.sqlite3'}")
    assert everything(after) == before
    after.dispose()


def test_a_sqlite_backup_with_a_dangling_row_is_refused(league: Database, tmp_path: Path) -> None:
    """A SQLite backup is held to what a dump is: a revision of a night that is not in
    it (written with foreign keys off) is refused, and the database stays as it was."""
    source = open_database(f"sqlite:///{tmp_path / 'src.sqlite3'}")
    night_import.import_night(source, written()[0])
    copy = tmp_path / "copy.sqlite3"
    backup(source, str(copy))
    source.dispose()
    with contextlib.closing(sqlite3.connect(copy)) as con:
        con.execute("UPDATE hand_revision SET night_id = 999")
        con.commit()
    before = everything(league)
    with pytest.raises(StorageError, match="refers to a night that is not in the backup"):
        restore(league, str(copy), force=True)
    assert everything(league) == before


def test_a_database_with_only_a_league_is_not_replaced_without_force(
    sqlite_db: Database, tmp_path: Path
) -> None:
    from scorekeeper.store.league import save_league

    save_league(sqlite_db, name="Tuesday Night League")
    dump = tmp_path / "other.json"
    other = open_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    night_import.import_night(other, written()[0])
    backup(other, str(dump))
    other.dispose()
    with pytest.raises(StorageError, match="--force"):
        restore(sqlite_db, str(dump), force=False)
