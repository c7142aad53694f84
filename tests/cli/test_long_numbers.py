"""Numbers longer than any the database keeps (issue 34, point 4): every whole-number
flag and every cell of an imported sheet is refused with exit status 2, naming the
flag or the cell, before it is converted; never an internal error (exit 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.test_store_cli import run

LONG = "1234567890" * 3  # 30 digits
COMMANDS = [
    ["export", "--night", LONG],
    ["close", "--night", LONG],
    ["reopen", "--night", LONG],
    ["history", "--night", LONG],
    ["history", "--night", "1", "--hand", LONG],
    ["report", "night", "--night", LONG],
    ["pay", "--league", "L", "--from", "Ann", "--to", "Bob", "--cents", LONG],
    ["standings", "--league", "L", "--min-nights", LONG],
    ["league", "L", "--stake", LONG],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_a_flag_too_long_for_the_database_is_refused_by_its_name(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    flag = args[args.index(LONG) - 1]
    with pytest.raises(SystemExit) as stopped:
        run("--database", url, *args, capsys=capsys)
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == ""
    assert f"argument {flag}: '1234567890…1234567890' is larger than any number" in err


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(digits=st.text("0123456789", min_size=1, max_size=60), sign=st.sampled_from(["", "-"]))
def test_any_night_number_is_found_or_refused_never_an_internal_error(
    digits: str, sign: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    try:
        status, _out, _err = run(
            "--database", url, "export", f"--night={sign}{digits}", capsys=capsys
        )
    except SystemExit as stopped:
        status = stopped.code
    capsys.readouterr()
    assert status == 2


def test_a_sheet_cell_too_long_is_named_by_its_row_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    sheet = tmp_path / "history.csv"
    sheet.write_text(f"date,Ann,Bob,Cal\n2013-09-04,{LONG},-{LONG},0\n")
    status, out, err = run(
        "--database", url, "import-sheet", str(sheet), "--league", "L", capsys=capsys
    )
    assert status == 2 and out == ""
    assert err.splitlines()[1] == (
        "scorekeeper: row 2, column 2 (B) 'Ann': '1234567890…1234567890' is not between "
        "-1,000,000,000,000 and 1,000,000,000,000"
    )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(typed=st.text("0123456789+- x", min_size=1, max_size=40) | st.just("0" * 5000 + "1"))
def test_any_text_for_a_number_is_read_or_refused_in_our_words(
    typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Signs doubled (`+-5`), 5,000 leading zeros: never argparse's own "invalid
    whole_number value", never the whole text echoed back."""
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    try:
        status, _out, _err = run("--database", url, "export", f"--night={typed}", capsys=capsys)
    except SystemExit as stopped:
        status = stopped.code
    err = capsys.readouterr().err
    assert status == 2
    assert "invalid whole_number value" not in err and len(err) < 600
