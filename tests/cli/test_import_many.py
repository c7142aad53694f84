"""`scorekeeper import a.json b.json c.json`: all in one transaction or none, every
problem named by file and field; a night stored already refused with its id (exit 2)
or, with --skip-existing, left out and said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_store_cli import run, write
from tests.sheet import night_doc, pick


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'league.sqlite3'}"


def played(date: str, *hands: dict[str, Any]) -> dict[str, Any]:
    return {**night_doc("classic-5", list(hands)), "league": "Club", "date": date}


TITLE = "Club · 11/10/26"  # the night b, as people know it: league and date
NIGHTS = [
    played("2026-11-03", pick("Bob", "Dee", points=74, tricks=4)),
    played("2026-11-10", pick("Ann", points=95, tricks=5)),
    played("2026-11-17", pick("Cal", "Eve", points=50, tricks=2)),
]


def made(url: str) -> str:
    """What an import says when it made the database (a new SQLite file)."""
    return f"scorekeeper: a new, empty database was made at {url.removeprefix('sqlite:///')}"


def nights(url: str, capsys) -> list[str]:
    status, out, _ = run("--database", url, "nights", capsys=capsys)
    assert status == 0
    return [] if out == "No nights yet.\n" else out.splitlines()[1:]


def files(tmp_path: Path, documents: list[Any]) -> list[str]:
    return [write(tmp_path, d, f"{name}.json") for name, d in zip("abc", documents, strict=False)]


def test_many_files_import_at_once_and_print_each_id(url, tmp_path, capsys) -> None:
    status, out, err = run("--database", url, "import", *files(tmp_path, NIGHTS), capsys=capsys)
    assert (status, err) == (0, made(url) + "\n")
    assert out.split() == ["1", "2", "3"]
    assert len(nights(url, capsys)) == 3


def test_every_problem_of_every_file_is_named_and_nothing_is_written(url, tmp_path, capsys) -> None:
    bad = played("2026-11-10", pick("Ann", points=130, tricks=5)) | {"season": "Fall"}
    del bad["league"]
    a, b, _ = files(tmp_path, [NIGHTS[0], bad, NIGHTS[2]])
    missing = str(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ', "utf-8")
    status, out, err = run("--database", url, "import", a, b, missing, str(broken), capsys=capsys)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert f"scorekeeper: {b}: hand 1: points: 130 is not between 0 and 120" in lines
    assert f"scorekeeper: {missing}: no such file" in lines
    assert any(line.startswith(f"scorekeeper: {broken}: file: ") for line in lines), lines
    assert all(line.startswith("scorekeeper: ") for line in lines)
    assert not any(a in line for line in lines)  # the good file is not blamed
    assert nights(url, capsys) == []


def test_a_season_without_a_league_is_named_by_its_file(url, tmp_path, capsys) -> None:
    seasonal = {**NIGHTS[1], "season": "Fall"}
    del seasonal["league"]
    a, b = files(tmp_path, [NIGHTS[0], seasonal])
    status, out, err = run("--database", url, "import", a, b, capsys=capsys)
    assert (status, out) == (2, "")
    assert err == f"scorekeeper: {b}: season: a season belongs to a league: give league too\n"
    assert nights(url, capsys) == []


def test_a_night_stored_already_is_refused_with_its_id_and_nothing_is_written(
    url, tmp_path, capsys
) -> None:
    a, b, c = files(tmp_path, NIGHTS)
    assert run("--database", url, "import", b, capsys=capsys)[1] == "1\n"
    status, out, err = run("--database", url, "import", b, capsys=capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"scorekeeper: file: already stored as “{TITLE}” (night 1: the same date, players, "
        "rules and hands); nothing was imported (--skip-existing leaves out what is stored "
        "already)\n"
    )
    status, out, err = run("--database", url, "import", a, b, c, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f"scorekeeper: {b}: already stored as “{TITLE}” (night 1: the same date, players, "
        "rules and hands)",
        "scorekeeper: nothing was imported (--skip-existing leaves out what is stored already)",
    ]
    assert len(nights(url, capsys)) == 1


def test_the_export_of_a_stored_night_is_that_night(url, tmp_path, capsys) -> None:
    run("--database", url, "import", *files(tmp_path, NIGHTS[:1]), capsys=capsys)
    exported = tmp_path / "exported.json"
    run("--database", url, "export", "--night", "1", "-o", str(exported), capsys=capsys)
    status, _, err = run("--database", url, "import", str(exported), capsys=capsys)
    assert status == 2 and "already stored as “" in err and "(night 1: " in err


def test_skip_existing_files_the_rest_and_says_what_it_left_out(url, tmp_path, capsys) -> None:
    a, b, c = files(tmp_path, NIGHTS)
    run("--database", url, "import", b, capsys=capsys)
    status, out, err = run(
        "--database", url, "import", "--skip-existing", a, b, c, a, capsys=capsys
    )
    assert status == 0
    assert out.split() == ["2", "3"]
    assert err.splitlines() == [
        f"scorekeeper: {b}: already stored as “{TITLE}” (night 1: the same date, players, "
        "rules and hands); skipped (--skip-existing)",
        f"scorekeeper: {a}: the same night as {a}; skipped (--skip-existing)",
    ]
    assert len(nights(url, capsys)) == 3
    status, out, err = run("--database", url, "import", "--skip-existing", b, capsys=capsys)
    assert (status, out) == (0, "") and "already stored as “" in err and "(night 1: " in err


def test_the_same_file_twice_in_one_import_is_named(url, tmp_path, capsys) -> None:
    a, b, _ = files(tmp_path, NIGHTS)
    copy = write(tmp_path, json.loads(Path(a).read_text("utf-8")), "copy.json")
    status, out, err = run("--database", url, "import", a, b, copy, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.splitlines()[:2] == [made(url), f"scorekeeper: {copy}: the same night as {a}"]
    assert nights(url, capsys) == []


def test_standard_input_is_read_once(url, tmp_path, capsys) -> None:
    status, out, err = run("--database", url, "import", "-", "-", capsys=capsys)
    assert (status, out, err) == (2, "", "scorekeeper: -: standard input can be read only once\n")
