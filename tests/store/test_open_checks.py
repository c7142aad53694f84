"""What opening a database checks before it changes anything (issue 15, point 10): a
damaged schema record is called damaged, not "newer"; a refused file is not switched
to WAL; a read-only file is refused before SQLite leaves a read-only -shm behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import night_import
from scorekeeper.store.database import open_database
from scorekeeper.store.errors import StorageError
from tests.store.corpus import written

ROOT = Path(__file__).resolve().parents[2]


def league_file(tmp_path: Path) -> Path:
    path = tmp_path / "league.sqlite3"
    db = open_database(f"sqlite:///{path}")
    night_import.import_night(db, written()[0])
    db.dispose()
    return path


def set_versions(path: Path, *versions: object) -> None:
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA journal_mode = DELETE")
        con.execute("DELETE FROM alembic_version")
        for version in versions:
            con.execute("INSERT INTO alembic_version VALUES (?)", (version,))
        con.commit()


def journal_mode(path: Path) -> str:
    with contextlib.closing(sqlite3.connect(path)) as con:
        return str(con.execute("PRAGMA journal_mode").fetchone()[0])


@pytest.mark.parametrize(
    ("versions", "message"),
    [
        (("0003", "0004"), "has a damaged schema record (alembic_version holds '0003', '0004'"),
        (("0000",), "has a schema record this app never wrote ('0000')"),
        (("7",), "has a schema record this app never wrote ('7')"),
        (("9999",), "was made by a newer version of Sheepshead Scorekeeper (schema 9999)"),
    ],
)
def test_a_strange_schema_record_is_named_and_nothing_changes(
    tmp_path: Path, capsys, versions: tuple[object, ...], message: str
) -> None:
    path = league_file(tmp_path)
    set_versions(path, *versions)
    before = path.read_bytes()
    assert main(["--database", f"sqlite:///{path}", "nights"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Nothing was changed" in err, err
    assert path.read_bytes() == before
    assert journal_mode(path) == "delete"  # not switched to WAL behind the message
    assert not Path(f"{path}-wal").exists()


def test_a_foreign_sqlite_file_is_left_exactly_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "recipes.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("CREATE TABLE recipe (name TEXT)")
        con.commit()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="holds tables of another program"):
        open_database(f"sqlite:///{path}")
    assert path.read_bytes() == before
    assert journal_mode(path) == "delete"


def as_nobody_works() -> bool:
    try:
        done = subprocess.run(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                sys.executable,
                "-c",
                "import scorekeeper",
            ],
            cwd=ROOT,
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


@pytest.mark.skipif(
    os.geteuid() != 0 or not as_nobody_works(),
    reason="needs root to run a command as another user whose permissions apply",
)
def test_a_read_only_database_is_refused_and_leaves_nothing_behind() -> None:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-read-only-"))  # reachable by nobody
    path = league_file(folder)
    os.chown(folder, 65534, 65534)
    os.chown(path, 65534, 65534)
    path.chmod(0o444)
    command = [
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        sys.executable,
        "-m",
        "scorekeeper",
        "--database",
        f"sqlite:///{path}",
        "nights",
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "is a read-only file; make it writable" in done.stderr
    assert not Path(f"{path}-shm").exists()
    path.chmod(0o644)
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    shutil.rmtree(folder)
    assert again.returncode == 0, again.stderr
