"""A restore takes what it needs and leaves nothing it did not mean to (issue 34):
a SQLite backup's triggers, views and tables the app never made are refused by name;
under an address-space limit of 1 GiB, where the system will not give a 4 GiB buffer,
`scorekeeper restore --force` of a small JSON dump succeeds (it asked for the whole
limit at once and exited 1 with "internal error: MemoryError"); and a restore refused
into a file that was not there leaves no file behind."""

from __future__ import annotations

import contextlib
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.store import night_import
from scorekeeper.store.database import open_database
from tests.store.corpus import written
from tests.store.test_restore import ROOT, cli, everything
from tests.store.test_restore_sources import a_backup

ONE_GIB = 1024**3


def limited() -> None:
    """In the child: no more than 1 GiB of address space (an older laptop, a small
    container), well above what the app and a small dump take."""
    resource.setrlimit(resource.RLIMIT_AS, (ONE_GIB, ONE_GIB))


def test_a_dump_restores_under_an_address_space_limit(tmp_path: Path) -> None:
    dump, exported = a_backup(tmp_path, "league.json")
    live = tmp_path / "live.sqlite3"
    filled = open_database(f"sqlite:///{live}")
    night_import.import_night(filled, written()[2])
    filled.dispose()
    done = subprocess.run(
        [
            *(sys.executable, "-m", "scorekeeper", "--database", f"sqlite:///{live}"),
            *("restore", "--force", str(dump)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limited,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    restored = open_database(f"sqlite:///{live}")
    assert list(everything(restored)) == exported
    restored.dispose()


def test_a_refused_restore_into_a_new_file_leaves_no_file_behind(tmp_path: Path) -> None:
    """Issue 34, point 3: a restore refused leaves the folder as it was (it left an
    empty database, and its lock, where the user had none)."""
    bad = tmp_path / "notes.json"
    bad.write_text('{"format": "something else"}')
    target = tmp_path / "new" / "league.sqlite3"
    target.parent.mkdir()
    done = cli("--database", f"sqlite:///{target}", "restore", str(bad))
    assert done.returncode == 2 and "is not a Scorekeeper dump" in done.stderr
    assert "new, empty database" not in done.stderr
    assert list(target.parent.iterdir()) == []
    good = tmp_path / "good.sqlite3"
    source = open_database(f"sqlite:///{good}")
    night_import.import_night(source, written()[0])
    exported = list(everything(source))
    source.dispose()
    done = cli("--database", f"sqlite:///{target}", "restore", str(good))
    assert done.returncode == 0, done.stderr
    restored = open_database(f"sqlite:///{target}")
    assert list(everything(restored)) == exported
    restored.dispose()


@pytest.mark.parametrize(
    ("statement", "named"),
    [
        (
            "CREATE TRIGGER rewrite AFTER INSERT ON hand_points BEGIN "
            "UPDATE hand_points SET points = points + 1 WHERE 0; END",
            "trigger 'rewrite'",
        ),
        ("CREATE VIEW totals AS SELECT 1", "view 'totals'"),
        ("CREATE TABLE notes (x)", "table 'notes'"),
        ("ALTER TABLE night ADD COLUMN sneaky TEXT", "column 'night.sneaky'"),
        ("CREATE INDEX by_points ON hand_points (points)", "index 'by_points'"),
    ],
)
def test_a_backup_holding_what_the_app_never_writes_is_refused_by_name(
    tmp_path: Path, statement: str, named: str
) -> None:
    """Issue 34, point 2: a SQLite backup is a file from anywhere; its triggers, views
    and tables the app never made were carried into the live database by the page
    copy (a trigger then rewrote every later score)."""
    copy, _night = a_backup(tmp_path)
    with contextlib.closing(sqlite3.connect(copy, isolation_level=None)) as con:
        con.execute(statement)
    live = tmp_path / "live.sqlite3"
    filled = open_database(f"sqlite:///{live}")
    night_import.import_night(filled, written()[2])
    before = list(everything(filled))
    filled.dispose()
    done = cli("--database", f"sqlite:///{live}", "restore", "--force", str(copy))
    assert done.returncode == 2, done.stderr
    assert named in done.stderr and "Nothing was changed." in done.stderr
    kept = open_database(f"sqlite:///{live}")
    assert list(everything(kept)) == before
    kept.dispose()
    with contextlib.closing(sqlite3.connect(live)) as con:
        assert con.execute(
            "SELECT count(*) FROM sqlite_master WHERE type != 'table' AND type != 'index'"
        ).fetchone() == (0,)


@pytest.mark.parametrize(
    ("statement", "said"),
    [
        (
            "UPDATE player SET name_key = 'someone else' WHERE name = 'Ann'",
            "player 'Ann' in the backup is wrong: its key is not its name's",
        ),
        (
            "UPDATE league SET currency = 'XYZ'",
            "is wrong: 'XYZ' is not an ISO 4217 currency code",
        ),
        (
            "UPDATE hand SET position = position + 100 WHERE position > 1",
            "hands are at places 1 to",
        ),
    ],
)
def test_a_backup_a_later_command_would_refuse_is_refused_by_the_restore(
    tmp_path: Path, statement: str, said: str
) -> None:
    """Issue 34, point 6: what passed the restore's check and broke later (a second
    "Ann" on the next import, every CSV export refused, a night read as damaged with a
    message that contradicted itself) is refused by the restore, named."""
    copy, _night = a_backup(tmp_path, night={**written()[0], "league": "Tuesday"})
    with contextlib.closing(sqlite3.connect(copy, isolation_level=None)) as con:
        con.execute(statement)
    live = tmp_path / "live.sqlite3"
    done = cli("--database", f"sqlite:///{live}", "restore", str(copy))
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and "Nothing was changed." in done.stderr, done.stderr
    assert not live.exists()


def test_a_copy_killed_half_made_is_cleared_by_the_next_one(tmp_path: Path) -> None:
    """Issue 34, point 9: a kill during the copy made before a migration (or a
    restore) left its .partial pair beside the database for ever; the next such copy,
    made by the one program that has the database alone, clears it."""
    live = tmp_path / "live.sqlite3"
    filled = open_database(f"sqlite:///{live}")
    night_import.import_night(filled, written()[2])
    filled.dispose()
    stale = tmp_path / "live.sqlite3.20261101-000000.before-0020.bak.partial"
    stale.write_bytes(b"half a copy")
    stale.with_name(stale.name + "-journal").write_bytes(b"its journal")
    other = tmp_path / "live.sqlite3.20261101-000000.daily.bak"  # not a half-made copy
    other.write_bytes(b"kept")
    good = tmp_path / "good.sqlite3"
    source = open_database(f"sqlite:///{good}")
    night_import.import_night(source, written()[0])
    source.dispose()
    done = cli("--database", f"sqlite:///{live}", "restore", "--force", str(good))
    assert done.returncode == 0, done.stderr
    assert not list(tmp_path.glob("*.partial*"))
    assert len(list(tmp_path.glob("live.sqlite3.*.before-restore.bak"))) == 1
    assert other.read_bytes() == b"kept"


@pytest.mark.parametrize(
    ("table", "column", "value", "said"),
    [
        ("player", "retired", "yes", "retired: 'yes' is not true or false"),
        ("hand", "position", True, "position: true is not a whole number"),
        ("night", "title", 7, "title: 7 is not text"),
        ("night", "created_at", [1], "created_at: [1] is not a moment"),
        ("hand", "colour", None, "null is not a column of hand"),
    ],
)
def test_a_dumps_bad_value_is_named_in_json_words(
    tmp_path: Path, table: str, column: str, value: object, said: str
) -> None:
    """Issue 34, point 9: a dump's misfit was said in Python's words ('True', 'str',
    'datetime'); the docs promise the JSON spelling the dump is written in."""
    import json

    dump, _night = a_backup(tmp_path, "backup.json")
    document = json.loads(dump.read_text("utf-8"))
    row = document["tables"][table][0]
    if value is None:  # an unknown column
        row["null"] = 1
    else:
        row[column] = value
    dump.write_text(json.dumps(document))
    done = cli("--database", f"sqlite:///{tmp_path / 'live.sqlite3'}", "restore", str(dump))
    assert done.returncode == 2, done.stderr
    assert said in done.stderr, done.stderr
    for python in ("True", "'str'", " str", "datetime", "bool", "NoneType"):
        assert python not in done.stderr


def test_a_backup_whose_tables_lost_their_rules_is_refused(tmp_path: Path) -> None:
    """Found in review: a backup whose player table was made again without its unique
    name key restored, and the live database then took a second "Ann"."""
    copy, _night = a_backup(tmp_path)
    with contextlib.closing(sqlite3.connect(copy, isolation_level=None)) as con:
        sql = con.execute("SELECT sql FROM sqlite_master WHERE name = 'player'").fetchone()[0]
        loose = sql.replace("UNIQUE (name_key)", "CHECK (1)")
        assert loose != sql, sql
        con.executescript(
            "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; BEGIN;"
            "ALTER TABLE player RENAME TO old_player;"
            f"{loose};"
            "INSERT INTO player SELECT * FROM old_player; DROP TABLE old_player; COMMIT;"
        )
    live = tmp_path / "live.sqlite3"
    done = cli("--database", f"sqlite:///{live}", "restore", str(copy))
    assert done.returncode == 2, done.stderr
    assert "its tables player are not as the app makes them" in done.stderr
    assert not live.exists()
