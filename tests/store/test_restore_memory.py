"""A dump restores in the memory it needs, not the most a dump may hold (issue 34,
point 1): under an address-space limit of 1 GiB, where the system will not give a
4 GiB buffer, `scorekeeper restore --force` of a small JSON dump succeeds (it asked
for the whole limit at once and exited 1 with "internal error: MemoryError")."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import open_database
from tests.store.corpus import written
from tests.store.test_restore import ROOT, everything

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
