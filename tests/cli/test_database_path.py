"""Where the database is: a mistyped `--database` path is refused, naming the folder
that is not there, and nothing is made; a new database says where it was made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.sample import sample_night_document


def run(*args: str, capsys) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def everything_under(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*"))


def test_a_path_in_a_folder_that_does_not_exist_is_refused_and_nothing_is_made(
    tmp_path: Path, capsys
) -> None:
    (tmp_path / "league").mkdir()
    typo = tmp_path / "leauge" / "2027" / "league.sqlite3"
    before = everything_under(tmp_path)

    status, out, err = run("--database", f"sqlite:///{typo}", "nights", capsys=capsys)

    assert (status, out) == (2, "")
    assert err == (
        f"scorekeeper: --database: the folder {typo.parent} does not exist, so there is no "
        "database league.sqlite3 in it; check the path (a new database is made only in a "
        "folder that exists). Nothing was created.\n"
    )
    assert everything_under(tmp_path) == before


def test_a_path_given_by_the_environment_is_refused_the_same_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    typo = tmp_path / "nowhere" / "league.sqlite3"
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{typo}")

    status, _, err = run("players", capsys=capsys)

    assert status == 2
    assert err.startswith(f"scorekeeper: the folder {typo.parent} does not exist")
    assert not typo.parent.exists()


def test_a_folder_that_is_a_file_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes").write_text("not a folder", "utf-8")
    path = tmp_path / "notes" / "league.sqlite3"

    status, _, err = run("--database", f"sqlite:///{path}", "nights", capsys=capsys)

    assert status == 2
    assert err.startswith(f"scorekeeper: --database: the folder {path.parent} is not a folder")


def test_a_new_database_says_where_it_was_made_once(tmp_path: Path, capsys) -> None:
    path = tmp_path / "league.sqlite3"
    night = tmp_path / "night.json"
    night.write_text(json.dumps(sample_night_document()), "utf-8")

    status, out, err = run("--database", f"sqlite:///{path}", "import", str(night), capsys=capsys)
    assert (status, out.strip().isdigit()) == (0, True)
    assert err == f"scorekeeper: a new, empty database was made at {path}\n"

    status, _, err = run("--database", f"sqlite:///{path}", "nights", capsys=capsys)
    assert (status, err) == (0, "")


def test_the_default_database_is_made_in_its_new_folder_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    default = tmp_path / "data" / "sheepshead-scorekeeper" / "scorekeeper.sqlite3"

    status, _, err = run("players", capsys=capsys)

    assert status == 0
    assert err == f"scorekeeper: a new, empty database was made at {default}\n"
    assert default.exists()
