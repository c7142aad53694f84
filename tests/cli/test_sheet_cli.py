"""`scorekeeper import-sheet FILE.csv --league NAME`: the mapping said before anything is
written (--dry-run writes nothing), the nights filed, and a bad sheet refused with every
problem named by row and column, exit status 2 and the database unchanged."""

from __future__ import annotations

import gettext
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.cli import main
from scorekeeper.store.database import open_database
from tests.store.test_sheet_import import every_row

SHEET = (
    "\ufeffDate;hands;Ann;Bob;Zoë;Cal;table\r\n"
    "2013-09-04;14;12;-7;;-5;1\r\n"
    "9/11/2013;;-3;;8;-5;\r\n"
    "4.9.2013;;1;2;-3;;2\r\n"
)


def run(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def import_sheet(
    url: str, path: str, *flags: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    return run("--database", url, "import-sheet", path, *flags, capsys=capsys)


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    open_database(url).dispose()
    return url


def sheet(tmp_path: Path, text: str = SHEET) -> str:
    path = tmp_path / "league.csv"
    path.write_bytes(text.encode("utf-8"))
    return str(path)


def rows_of(url: str) -> dict[str, object]:
    db = open_database(url)
    try:
        return every_row(db)
    finally:
        db.dispose()


def test_dry_run_prints_the_mapping_and_what_would_be_filed_and_writes_nothing(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = rows_of(url)
    status, out, err = import_sheet(
        url, sheet(tmp_path), "--league", "History", "--dry-run", capsys=capsys
    )
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "column 1 (A) 'Date' -> the date of each sitting",
        "column 2 (B) 'hands' -> the played hands each sitting stands for",
        "column 3 (C) 'Ann' -> new player Ann",
        "column 4 (D) 'Bob' -> new player Bob",
        "column 5 (E) 'Zoë' -> new player Zoë",
        "column 6 (F) 'Cal' -> new player Cal",
        "column 7 (G) 'table' -> the table of each sitting",
        "Into league 'History' (new).",
        "Rules: classic-5 at 5 cents a point, every player of a sitting dealt in.",
        "3 nights of one result hand each, 2013-09-04 to 2013-09-11, standing for 16 played hands.",
        "row 2: 2013-09-04, table 1: Ann +12, Bob -7, Cal -5 (14 hands)",
        "row 3: 2013-09-11: Ann -3, Zoë +8, Cal -5",
        "row 4: 2013-09-04, table 2: Ann +1, Bob +2, Zoë -3",
        "Nothing was written (--dry-run).",
    ]
    assert rows_of(url) == before


def test_the_import_files_a_night_a_row_and_names_existing_players(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = sheet(tmp_path)
    args = ["--database", url, "import-sheet", file, "--league", "History", "--season", "Old"]
    status, out, err = run(*args, "--stake-cents", "25", capsys=capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "Filed 3 nights (ids 1 to 3)."
    status, out, _ = run(
        "--database", url, "standings", "--league", "History", "--json", capsys=capsys
    )
    table = {
        s["player"]: (s["points"], s["cents"], s["nights"], s["hands"]) for s in json.loads(out)
    }
    assert table == {
        "Ann": (10, 250, 3, 16),
        "Zoë": (5, 125, 2, 2),
        "Bob": (-5, -125, 2, 15),
        "Cal": (-10, -250, 2, 15),
    }
    (tmp_path / "more.csv").write_text("date,ann,ZOË,Newbie\n2014-01-01,1,1,-2\n", "utf-8")
    status, out, _ = run(
        *args[:3], str(tmp_path / "more.csv"), *args[4:], "--dry-run", capsys=capsys
    )
    assert out.splitlines()[1:5] == [
        "column 2 (B) 'ann' -> existing player Ann",
        "column 3 (C) 'ZOË' -> existing player Zoë",
        "column 4 (D) 'Newbie' -> new player Newbie",
        "Into league 'History', season 'Old'.",
    ]


BAD_SHEET = (
    "date,Ann,Bob,Zoë,zoë,Cal\n"
    "2013-09-04,1,-1,,,0\n"  # good, and not filed either
    "2013-09-05,3,-1,,,-1\n"
    "4.9.13,1,-1,,,0\n"
    "2013-09-07,1.5,abc,,,0\n"
)


def test_a_bad_sheet_names_every_problem_exits_2_and_writes_nothing(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = rows_of(url)
    status, out, err = import_sheet(
        url, sheet(tmp_path, BAD_SHEET), "--league", "History", capsys=capsys
    )
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "scorekeeper: row 1, column 5 (E) 'zoë': the same player as column 4 (D) 'Zoë'",
        "scorekeeper: row 3: the points add up to +1, not 0: a sitting is zero-sum",
        "scorekeeper: row 4, column 1 (A) 'date': '4.9.13' is not a date this import reads: "
        "write 2013-09-04, 2013/9/4, 9/4/2013 (month/day/year) or 4.9.2013 (day.month.year), "
        "the year in four digits",
        "scorekeeper: row 5, column 2 (B) 'Ann': '1.5' is not a whole number of points",
        "scorekeeper: row 5, column 3 (C) 'Bob': 'abc' is not a whole number of points",
    ]
    assert rows_of(url) == before


@pytest.mark.parametrize(
    ("args", "text", "says"),
    [
        (["--stake-cents", "-1"], SHEET, "--stake-cents: -1 is not between 0 and 1000000"),
        (["--preset", "schafkopf"], SHEET, "rows 2-4 (3 players each): schafkopf cannot deal"),
        (["--season", "\x1b[2J"], SHEET, "--season: '\\x1b[2J' contains a control character"),
        ([], "", "file: is empty"),
        ([], "\xe9t\xe9", "line 1: is not UTF-8 text"),
        ([], "day,Ann,Bob,Cal\n2013-09-04,1,-1,0\n", "row 1: no column is headed 'date'"),
    ],
)
def test_bad_flags_and_unreadable_files_are_named(
    url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    text: str,
    says: str,
) -> None:
    path = tmp_path / "league.csv"
    path.write_bytes(text.encode("latin-1") if "\xe9" in text else text.encode("utf-8"))
    before = rows_of(url)
    status, out, err = import_sheet(url, str(path), "--league", "History", *args, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.startswith(f"scorekeeper: {says}"), err
    assert rows_of(url) == before


def test_a_missing_file_is_named(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nope.csv")
    status, out, err = run(
        "--database", url, "import-sheet", missing, "--league", "L", capsys=capsys
    )
    assert (status, out, err) == (2, "", f"scorekeeper: {missing}: no such file\n")


def test_the_installed_command_refuses_a_bad_sheet_without_a_traceback(
    url: str, tmp_path: Path
) -> None:
    command = [sys.executable, "-m", "scorekeeper", "--database", url, "import-sheet"]
    done = subprocess.run(
        [*command, sheet(tmp_path, BAD_SHEET), "--league", "History"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert len(done.stderr.splitlines()) == 5 and "Traceback" not in done.stderr


def test_the_sheet_may_come_on_standard_input(url: str) -> None:
    command = [sys.executable, "-m", "scorekeeper", "--database", url, "import-sheet", "-"]
    done = subprocess.run(
        [*command, "--league", "History", "--dry-run"],
        input=SHEET.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8").splitlines()[-1] == "Nothing was written (--dry-run)."


def test_a_sheet_that_grows_is_imported_again_with_skip_existing(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same file refused (exit 2, the rows named, nothing written); with a week more
    and --skip-existing, only the new row filed."""
    file = sheet(tmp_path)
    assert import_sheet(url, file, "--league", "History", capsys=capsys)[0] == 0
    before = rows_of(url)
    status, out, err = import_sheet(url, file, "--league", "History", capsys=capsys)
    assert (status, out) == (2, "")
    assert "row 2: already stored as “History · 9/4/13 · table 1” (night 1: " in err
    assert "nothing was imported" in err
    assert rows_of(url) == before
    grown = sheet(tmp_path, SHEET + "2013-09-18;;4;-4;;0;\r\n")
    status, out, err = import_sheet(
        url, grown, "--league", "History", "--skip-existing", capsys=capsys
    )
    assert (status, err) == (0, "")
    assert out.splitlines()[-2:] == [
        "Filed 1 night (id 4).",
        "Left out 3 stored already (--skip-existing).",
    ]


class Counting(gettext.NullTranslations):
    """English that shows which count chose each sentence's form ("[3] Filed 3 nights"):
    a language whose plurals are not English's picks its own form by that count."""

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"[{n}] " + super().ngettext(msgid1, msgid2, n)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The command line speaking `Counting`; English again after."""
    speak = i18n.set_language
    monkeypatch.setattr(i18n, "set_language", lambda language=None: i18n.install(Counting(), "en"))
    yield
    speak("en")


def test_the_nights_filed_are_counted_as_the_language_counts(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], counting
) -> None:
    status, out, err = import_sheet(url, sheet(tmp_path), "--league", "History", capsys=capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "[3] Filed 3 nights (ids 1 to 3)."
    one = sheet(tmp_path, "date,Ann,Bob,Cal\r\n2014-01-08,3,-1,-2\r\n")
    status, out, err = import_sheet(url, one, "--league", "History", capsys=capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "[1] Filed 1 night (id 4)."


def test_zero_is_absent_files_a_sheet_that_writes_0_for_everyone_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, point 10 (the command line's --zero-is-absent)."""
    from tests.cli.test_store_cli import run

    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    sheet = tmp_path / "old.csv"
    sheet.write_text("date,Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal,Ida\n2005-03-01,3,-1,-2,0,0,0,0,0,0\n")
    args = ("--database", url, "import-sheet", str(sheet), "--league", "Old")
    status, _out, err = run(*args, capsys=capsys)
    assert status == 2 and "9 players (Ann, Bob, Cal, Dee, Eve, Fay, Gus, Hal, Ida)" in err
    status, out, err = run(*args, "--zero-is-absent", capsys=capsys)
    assert status == 0, err
    assert out.endswith("Filed 1 night (id 1).\n")
    status, out, _err = run("--database", url, "export", "--night", "1", capsys=capsys)
    assert json.loads(out)["players"] == ["Ann", "Bob", "Cal"]


def test_a_sitting_reopened_exports_a_night_the_app_reads_back(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sitting is filed closed and settled at the table; reopened to correct it, its
    export said `settled` without `closed`, which `score` and `import` refused (the
    restore fuzzer found it, issue 34).  Read back, it is the same night, and closed
    again it still carries no debts."""
    one = sheet(tmp_path, "date,Ann,Bob,Cal\r\n2014-01-08,3,-1,-2\r\n")
    assert import_sheet(url, one, "--league", "History", capsys=capsys)[0] == 0
    assert run("--database", url, "reopen", "--night", "1", capsys=capsys)[0] == 0
    status, exported, err = run("--database", url, "export", "--night", "1", capsys=capsys)
    assert status == 0, err
    document = tmp_path / "night.json"
    document.write_text(exported, encoding="utf-8")
    status, _out, err = run("score", str(document), capsys=capsys)
    assert (status, err) == (0, "")
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    open_database(other).dispose()
    status, out, err = run("--database", other, "import", str(document), capsys=capsys)
    assert (status, err) == (0, ""), err
    again = run("--database", other, "export", "--night", out.strip(), capsys=capsys)[1]
    assert json.loads(again) == json.loads(exported)
    assert json.loads(again)["settled"] is True and "closed" not in json.loads(again)
    assert run("--database", other, "close", "--night", out.strip(), capsys=capsys)[0] == 0
    status, out, _err = run(
        "--database", other, "debts", "--league", "History", "--json", capsys=capsys
    )
    assert json.loads(out)["outstanding"] == []
