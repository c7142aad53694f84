"""The open check above FULL_CHECK_BYTES (docs/reliability.md, "Damaged files"): a file
that large is checked with SQLite's `quick_check`, which reads every page but does not
compare an index with its table.  Here the limit is lowered so that a small league is
"large": the quick path is taken and still refuses the damage `quick_check` sees; a
write-ahead log left behind brings back the full check; and an import, a backup, a
restore or a migration runs the full `integrity_check` whatever the size, so an index
that lacks a night's hands (the damage `quick_check` cannot see) is refused there.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.store import early_check, night_import
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import open_database
from scorekeeper.store.errors import StorageError
from tests.store.corpus import written
from tests.store.test_damaged_files import DAMAGE, index_missing_rows, refused_clearly, run
from tests.store.test_nights import thirty_hands

# What only the full check reports: the index lacks rows its table holds.
INDEX_DAMAGE = "missing from index ix_hand_night_id"


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A league's file, closed cleanly; night 9 is one of thirty hands."""
    path = tmp_path_factory.mktemp("whole") / "league.sqlite3"
    db = open_database(f"sqlite:///{path}")
    for document in [*written(), *([thirty_hands()] * 12)]:
        night_import.import_night(db, document)
    db.dispose()
    return path


def damaged_copy(whole: Path, folder: Path, damage: str) -> Path:
    path = folder / "league.sqlite3"
    path.write_bytes(bytes(DAMAGE[damage](bytearray(whole.read_bytes()), whole)))
    return path


def sqlite_says(path: Path, pragma: str) -> str:
    with contextlib.closing(sqlite3.connect(path)) as con:
        return str(con.execute(f"PRAGMA {pragma}(1)").fetchone()[0])


def files_in(folder: Path) -> list[str]:
    """The files in FOLDER but the open lock's (`store/open_lock.py`: it stays by design)."""
    return sorted(p.name for p in folder.iterdir() if p.name != "league.sqlite3.lock")


@pytest.fixture
def index_damaged(whole: Path, tmp_path: Path) -> Path:
    """The league with its hands index lacking night 9's hands: `quick_check` says ok,
    the full check does not."""
    path = damaged_copy(whole, tmp_path, "an index lacking a night's hands")
    assert sqlite_says(path, "quick_check") == "ok"
    assert INDEX_DAMAGE in sqlite_says(path, "integrity_check")
    return path


def test_a_file_over_the_limit_takes_the_quick_check(
    index_damaged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the limit the full check runs and refuses the file; one byte over, the quick
    check runs, and it does not see this damage."""
    size = index_damaged.stat().st_size
    url = f"sqlite:///{index_damaged}"
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", size)
    with pytest.raises(StorageError, match=INDEX_DAMAGE):
        open_database(url)
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", size - 1)
    open_database(url).dispose()


@pytest.mark.parametrize("damage", ["a middle page zeroed", "index leaf 0 scrambled"])
def test_the_quick_check_still_refuses_the_damage_it_sees(
    whole: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    path = damaged_copy(whole, tmp_path, damage)
    assert sqlite_says(path, "quick_check") != "ok"
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", 0)
    before = path.read_bytes()
    with pytest.raises(StorageError, match="is damaged"):
        open_database(f"sqlite:///{path}")
    status, out, err = run("--database", f"sqlite:///{path}", "nights")
    assert refused_clearly(status, out, err, path), err
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["league.sqlite3"]


def test_a_write_ahead_log_left_behind_brings_back_the_full_check(
    index_damaged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file left with a non-empty -wal (a writer that never closed) is checked whole
    however large it is; the same file closed cleanly takes the quick check."""
    crashed, clean = tmp_path / "crashed", tmp_path / "clean"
    crashed.mkdir()
    clean.mkdir()
    shutil.copy(index_damaged, clean / "league.sqlite3")
    with contextlib.closing(sqlite3.connect(index_damaged)) as writer:
        assert writer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        writer.execute("UPDATE night SET title = 'still being written' WHERE id = 1")
        writer.commit()
        for name in ("league.sqlite3", "league.sqlite3-wal"):  # as a crash leaves them
            shutil.copy(index_damaged.with_name(name), crashed / name)
    assert (crashed / "league.sqlite3-wal").stat().st_size > 0
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", 0)

    with pytest.raises(StorageError, match=INDEX_DAMAGE):
        open_database(f"sqlite:///{crashed / 'league.sqlite3'}")
    open_database(f"sqlite:///{clean / 'league.sqlite3'}").dispose()


@pytest.fixture
def opened_on_the_quick_path(index_damaged: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The index-damaged league, "large": it opens and lists its nights."""
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", 0)
    url = f"sqlite:///{index_damaged}"
    status, out, err = run("--database", url, "nights")
    assert status == 0 and "Thursday Club" in out, err
    return url


def test_an_import_runs_the_full_check_whatever_the_size(
    opened_on_the_quick_path: str, index_damaged: Path, tmp_path: Path
) -> None:
    document = tmp_path / "night.json"
    document.write_text(json.dumps(written()[0]), encoding="utf-8")
    before = index_damaged.read_bytes()
    status, out, err = run("--database", opened_on_the_quick_path, "import", str(document))
    assert refused_clearly(status, out, err, index_damaged) and INDEX_DAMAGE in err, err
    assert index_damaged.read_bytes() == before


def test_a_backup_runs_the_full_check_whatever_the_size(
    opened_on_the_quick_path: str, index_damaged: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "copy.sqlite3"
    status, out, err = run("--database", opened_on_the_quick_path, "backup", str(copy))
    assert refused_clearly(status, out, err, index_damaged) and INDEX_DAMAGE in err, err
    assert not copy.exists()
    status, out, err = run("--database", opened_on_the_quick_path, "backup", f"{copy}.json")
    assert refused_clearly(status, out, err, index_damaged) and INDEX_DAMAGE in err, err
    assert not Path(f"{copy}.json").exists()


def test_a_restore_runs_the_full_check_whatever_the_size(
    opened_on_the_quick_path: str, index_damaged: Path, tmp_path: Path
) -> None:
    source = tmp_path / "other" / "backup.json"
    source.parent.mkdir()
    other = open_database(f"sqlite:///{source.parent / 'other.sqlite3'}")
    night_import.import_night(other, written()[0])
    backup(other, str(source))
    other.dispose()
    before = index_damaged.read_bytes()
    status, out, err = run(
        "--database", opened_on_the_quick_path, "restore", "--force", str(source)
    )
    assert refused_clearly(status, out, err, index_damaged) and INDEX_DAMAGE in err, err
    assert index_damaged.read_bytes() == before
    assert not list(tmp_path.glob("*.bak"))  # not even the copy a restore keeps


def test_a_migration_runs_the_full_check_whatever_the_size(
    whole: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large file at an older schema: the open's quick check passes, the full check
    before the migration refuses it, and nothing is migrated or backed up."""
    older = tmp_path / "older.sqlite3"
    shutil.copy(whole, older)
    with contextlib.closing(sqlite3.connect(older)) as con:
        con.execute("UPDATE alembic_version SET version_num = '0008'")
        con.commit()
    path = tmp_path / "league.sqlite3"
    path.write_bytes(bytes(index_missing_rows(bytearray(older.read_bytes()), older)))
    older.unlink()
    assert sqlite_says(path, "quick_check") == "ok"
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", 0)
    url = f"sqlite:///{path}"
    before = path.read_bytes()

    open_database(url, upgrade=False).dispose()  # the open's own check: quick, and passes
    status, out, err = run("--database", url, "nights")
    assert refused_clearly(status, out, err, path) and INDEX_DAMAGE in err, err
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["league.sqlite3"]  # no backup taken, nothing migrated
