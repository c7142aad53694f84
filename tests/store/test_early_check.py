"""The open's check begun before the database layer is imported (store/early_check.py):
its answer is taken only for the same file, unchanged since; damage it finds is
refused as the open's own check refuses it; it makes no file beside the database."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.store import database, early_check
from scorekeeper.store.database import open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.location import ENV_URL, default_path
from tests.store.test_quick_check import damaged_copy, files_in, whole  # noqa: F401


@pytest.fixture
def large(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file is "large": the quick check, as on a league of 32 MB and more."""
    monkeypatch.setattr(early_check, "FULL_CHECK_BYTES", 0)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The checks the open makes itself (not taken from the early check)."""
    made: list[str] = []
    real = database._integrity_check

    def spy(db: database.Database, connection: object, *, full: bool) -> None:
        made.append("full" if full else "quick")
        real(db, connection, full=full)

    monkeypatch.setattr(database, "_integrity_check", spy)
    yield made
    early_check.answer(Path("/"))  # nothing left running for the next test


def copy_of(whole: Path, folder: Path) -> Path:  # noqa: F811
    path = folder / "league.sqlite3"
    path.write_bytes(whole.read_bytes())
    return path


@pytest.mark.usefixtures("large")
def test_the_open_takes_the_early_answer_for_the_file_unchanged(
    whole: Path,  # noqa: F811
    tmp_path: Path,
    checks: list[str],
) -> None:
    path = copy_of(whole, tmp_path)
    started = early_check.start(f"sqlite:///{path}")
    assert started is not None and started.pragma == "quick_check(1)"
    db = open_database(f"sqlite:///{path}")
    db.dispose()
    assert checks == []  # answered by the early check
    open_database(f"sqlite:///{path}").dispose()
    assert checks == ["quick"]  # an answer is given once


@pytest.mark.usefixtures("large")
@pytest.mark.parametrize("damage", ["a middle page zeroed", "index leaf 0 scrambled"])
def test_damage_the_early_check_finds_is_refused_and_nothing_is_written(
    whole: Path,  # noqa: F811
    tmp_path: Path,
    checks: list[str],
    damage: str,
) -> None:
    path = damaged_copy(whole, tmp_path, damage)
    before = path.read_bytes()
    check = early_check.start(f"sqlite:///{path}")
    assert check is not None
    check.done.wait()
    assert check.rows is not None and check.rows != [("ok",)]
    with pytest.raises(StorageError, match=f"the database {path} is damaged"):
        open_database(f"sqlite:///{path}")
    assert checks == []  # refused on the early answer
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["league.sqlite3"]  # no -wal or -shm made beside it


@pytest.mark.usefixtures("large")
def test_a_file_changed_after_the_check_began_is_checked_again(
    whole: Path,  # noqa: F811
    tmp_path: Path,
    checks: list[str],
) -> None:
    path = copy_of(whole, tmp_path)
    check = early_check.start(f"sqlite:///{path}")
    assert check is not None
    check.done.wait()
    with contextlib.closing(sqlite3.connect(path)) as writer:
        writer.execute("PRAGMA journal_mode = DELETE")
        writer.execute("UPDATE night SET title = 'changed meanwhile' WHERE id = 1")
        writer.commit()
    open_database(f"sqlite:///{path}").dispose()
    assert checks == ["quick"]


@pytest.mark.usefixtures("large")
def test_an_early_check_of_another_file_is_not_taken(
    whole: Path,  # noqa: F811
    tmp_path: Path,
    checks: list[str],
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = copy_of(whole, tmp_path / "a"), copy_of(whole, tmp_path / "b")
    assert early_check.start(f"sqlite:///{first}") is not None
    open_database(f"sqlite:///{second}").dispose()
    assert checks == ["quick"]


def test_a_file_with_a_log_left_behind_or_none_at_all_is_left_to_the_open(
    whole: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = copy_of(whole, tmp_path)
    path.with_name(path.name + "-wal").write_bytes(b"\0" * 32)
    assert early_check.start(f"sqlite:///{path}") is None
    assert early_check.start(f"sqlite:///{tmp_path / 'none.sqlite3'}") is None
    assert early_check.start("postgresql://club@localhost/league") is None
    assert early_check.start("sqlite:///league.sqlite3?mode=ro") is None


def test_the_database_the_arguments_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_URL, raising=False)
    assert early_check.database_argument(["--database", "sqlite:///a.db"]) == "sqlite:///a.db"
    assert early_check.database_argument(["--debug", "--database=sqlite:///b.db"]) == (
        "sqlite:///b.db"
    )
    assert early_check.database_argument(["--debug"]) is None
    assert early_check.file_of(None) == default_path()
    assert early_check.file_of("sqlite:////srv/club.db") == Path("/srv/club.db")
    monkeypatch.setenv(ENV_URL, "sqlite:///c.db")
    assert early_check.database_argument([]) == "sqlite:///c.db"


@given(st.lists(st.text()))
def test_any_arguments_name_a_database_or_none(arguments: list[str]) -> None:
    """Whatever the app is started with, the early check finds its file or gives up:
    it never stops the start (the app's own parser says what is wrong)."""
    named = early_check.database_argument(arguments)
    given_by = [*arguments, os.environ.get(ENV_URL)]
    assert named is None or any(a is not None and a.endswith(named) for a in given_by)
    path = early_check.file_of(named)
    assert path is None or isinstance(path, Path)


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:////tmp/" + "x" * 300 + ".db",  # a name too long for the file system
        "sqlite:///\0.db",
        "sqlite:////proc/self/mem",
    ],
)
def test_a_path_the_early_check_cannot_read_is_left_to_the_open(url: str) -> None:
    """Whatever --database names, the early check never stops the start: the app's own
    open says what is wrong with it."""
    assert early_check.start(url) is None


@pytest.mark.usefixtures("large")
def test_a_reader_in_another_program_leaves_the_open_database_its_log(
    whole: Path,  # noqa: F811
    tmp_path: Path,
    checks: list[str],
) -> None:
    """Opened on the early answer, the database keeps SQLite's lock on its file: another
    program's reader, closing, does not take itself for the last user and fold away the
    log this program still writes (a new user's trial lost hands saved after a read of
    the file from the shell, once the app was killed)."""
    path = copy_of(whole, tmp_path)
    assert early_check.start(f"sqlite:///{path}") is not None
    db = open_database(f"sqlite:///{path}")
    try:
        assert checks == []  # the early answer was taken
        with db.engine.begin() as connection:
            connection.exec_driver_sql("UPDATE night SET title = 'saved' WHERE id = 1")
        read = "SELECT count(*) FROM night"
        reader = f"import sqlite3; sqlite3.connect({str(path)!r}).execute({read!r}).fetchall()"
        subprocess.run([sys.executable, "-c", reader], check=True)
        assert path.with_name(path.name + "-wal").exists()  # still the log written into
    finally:
        db.dispose()
    with contextlib.closing(sqlite3.connect(path)) as after:
        assert after.execute("SELECT title FROM night WHERE id = 1").fetchone() == ("saved",)
