"""A file dialog never opens the files it lists: opening and closing the app's SQLite
file in this process would release SQLite's own locks on it (POSIX locks belong to the
process, and any close drops them), so that another program could write under the app.
Found in a trial: Qt's icon provider reads each listed file to learn its type."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QFileInfo
from PySide6.QtWidgets import QFileDialog, QFileIconProvider

from ui.file_dialogs import configure

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX locks, as Linux has them")


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """A SQLite file this process holds a shared lock on (a read under way)."""
    path = tmp_path / "league.db"  # a name that does not say its type: Qt reads the bytes
    with sqlite3.connect(path) as made:
        made.execute("CREATE TABLE t (x)")
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT * FROM t").fetchall()  # SHARED lock, held until the end
    yield path
    reader.execute("COMMIT")
    reader.close()


def another_program_can_write(path: Path) -> bool:
    """Whether another process can take the write lock on PATH right now."""
    code = (
        "import sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)\n"
        "try:\n    c.execute('BEGIN EXCLUSIVE')\nexcept sqlite3.OperationalError:\n"
        "    sys.exit(1)\n"
        "c.execute('ROLLBACK')\n"
    )
    return subprocess.run([sys.executable, "-c", code, str(path)], check=False).returncode == 0


def test_the_app_s_dialogs_list_the_database_and_keep_its_locks(qtbot, held: Path) -> None:
    assert not another_program_can_write(held)  # our read holds it
    dialog = configure(QFileDialog(None, "Import", str(held.parent)))
    qtbot.addWidget(dialog)
    provider = dialog.iconProvider()
    assert provider is not None
    provider.icon(QFileInfo(str(held)))  # what the dialog asks for each file it lists
    provider.type(QFileInfo(str(held)))
    assert not another_program_can_write(held)


def test_qt_s_own_icon_provider_would_drop_them(qtbot, held: Path) -> None:
    """The trap this guards against, shown: the stock provider reads the file."""
    QFileIconProvider().type(QFileInfo(str(held)))  # its type, read from the bytes
    assert another_program_can_write(held)
