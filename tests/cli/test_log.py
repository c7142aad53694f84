"""The log file: from a program's start, the events someone helping a user needs (the
program and its version, a database opened, made or migrated, every copy written), more
with --debug, rotated so it never grows without end, and never a traceback on the
screen when it cannot be written."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from scorekeeper import logs
from scorekeeper.about import version
from scorekeeper.cli import main
from scorekeeper.store.database import SCHEMA_HEAD
from tests.store.conftest import upgrade_to


@pytest.fixture(autouse=True)
def log_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The user's state folder (where the log goes on Linux) in this test's folder."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    yield tmp_path / "state"
    logs.stop_logging()


def logged() -> str:
    logs.flush()
    return logs.log_path().read_text(encoding="utf-8")


def test_a_command_logs_its_start_and_the_database_it_made_then_opened(tmp_path, capsys) -> None:
    database = tmp_path / "league.sqlite3"
    assert main(["--database", f"sqlite:///{database}", "nights"]) == 0
    assert main(["--database", f"sqlite:///{database}", "nights"]) == 0
    lines = logged().splitlines()
    assert logs.log_path().is_relative_to(tmp_path / "state")
    starts = [line for line in lines if "INFO" in line and "started" in line]
    assert len(starts) == 2 and f"scorekeeper nights {version()} started" in starts[0]
    assert any(f"database made {database}" in line for line in lines)
    assert any(f"database opened {database}" in line for line in lines)
    assert not any(" DEBUG " in line for line in lines)


def test_a_migration_and_the_copy_before_it_are_logged(tmp_path, capsys) -> None:
    database = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{database}")
    upgrade_to(engine, "0007")  # as an older version of the app left it
    engine.dispose()
    assert main(["--database", f"sqlite:///{database}", "nights"]) == 0
    text = logged()
    assert f"migrating {database} from schema 0007 to {SCHEMA_HEAD}" in text
    (copy,) = tmp_path.glob("old.sqlite3.*.bak")
    assert f"copy of {database} written to {copy} before migrating it" in text
    assert f"migrated {database} to schema {SCHEMA_HEAD}" in text


def test_a_backup_is_logged_and_debug_says_more(tmp_path, url, capsys) -> None:
    target = tmp_path / "copy.sqlite3"
    assert main(["--debug", "--database", url, "backup", str(target)]) == 0
    text = logged()
    assert f"written to {target} (SQLite)" in text
    assert "debug" in next(line for line in text.splitlines() if "started" in line)
    assert " DEBUG scorekeeper.store.database: integrity_check(1) of " in text


def test_the_log_is_rotated_and_only_the_newest_files_kept(monkeypatch) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    logs.start_logging("a test")
    for number in range(200):
        logging.getLogger("scorekeeper.test").info("line %d of the test", number)
    logs.flush()
    folder = logs.log_folder()
    assert sorted(p.name for p in folder.iterdir()) == [
        "scorekeeper.log",
        *(f"scorekeeper.log.{n}" for n in range(1, logs.KEEP + 1)),
    ]
    assert all(p.stat().st_size <= 2_000 for p in folder.iterdir())
    assert "line 199 of the test" in logged()  # the newest in the file of that name


def test_a_log_that_cannot_be_written_stops_nothing(url, log_home, capsys) -> None:
    log_home.write_text("a file where the log's folder would be")
    assert main(["--database", url, "nights"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Ann" in out  # no "Logging error", no traceback


def test_the_app_s_log_is_rotated_from_its_first_paint_every_line_kept_in_order() -> None:
    """The app writes its log from its start, and rotates it from its first paint
    (`logging.handlers` is 6 ms of the start): every line in the one file, in order."""
    logs.start_logging("the app", early=True)
    logging.getLogger("scorekeeper.test").info("before the paint")
    assert "before the paint" in logged()  # written at once, not held
    logs.release()
    logging.getLogger("scorekeeper.test").info("after the paint")
    lines = logged().splitlines()
    assert "the app" in lines[0] and "started" in lines[0]
    assert lines[1].endswith("before the paint") and lines[2].endswith("after the paint")
    assert len(lines) == 3


def test_an_app_that_dies_before_its_first_paint_leaves_its_log(tmp_path: Path) -> None:
    """Its lines are on disk as they are logged: a process that dies without cleaning up
    (a broken Qt plugin aborts) leaves them for whoever helps (a review)."""
    import os
    import subprocess
    import sys

    program = (
        "import logging, os\n"
        "from scorekeeper import logs\n"
        "logs.start_logging('the app', early=True)\n"
        "logging.getLogger('scorekeeper.test').info('died before the paint')\n"
        "os._exit(1)\n"
    )
    root = Path(__file__).resolve().parents[2]
    environment = os.environ | {"XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", program], env=environment, cwd=root, check=False)
    assert done.returncode == 1
    assert "died before the paint" in logs.log_path().read_text(encoding="utf-8")
