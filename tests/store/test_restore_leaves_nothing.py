"""A restore takes what it needs and leaves nothing it did not mean to (issue 34):
under an address-space limit of 1 GiB, where the system will not give a 4 GiB buffer,
`scorekeeper restore --force` of a small JSON dump succeeds (it asked for the whole
limit at once and exited 1 with "internal error: MemoryError"); and a restore refused
into a file that was not there leaves no file behind."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import open_database
from tests.store.corpus import written
from tests.store.test_restore import ROOT, cli, everything

ONE_GIB = 1024**3


def limited() -> None:
    """In the child: no more than 1 GiB of address space (an older laptop, a small
    container), well above what the app and a small dump take."""
    resource.setrlimit(resource.RLIMIT_AS, (ONE_GIB, ONE_GIB))


def test_a_dump_restores_under_an_address_space_limit(tmp_path: Path) -> None:
    source = open_database(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    night_import.import_night(source, written()[0])
    dump = tmp_path / "league.json"
    backup(source, str(dump))
    exported = list(everything(source))
    source.dispose()
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
