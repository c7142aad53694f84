"""`scorekeeper report night|league|statement|pad`: a whole PDF or a named problem."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.cli.test_store_cli import run

LEAGUE = "Tuesday Night League"


@pytest.mark.parametrize(
    "args",
    [
        ["report", "night", "--night", "1"],
        ["report", "league", "--league", LEAGUE, "--season", "Fall 2026"],
        ["report", "statement", "--league", LEAGUE, "--player", "Ann"],
        ["report", "pad", "--players", "Ann,Bob,Cal,Dee,Eve"],
    ],
)
def test_each_report_is_written_as_a_readable_pdf(url, tmp_path, capsys, args) -> None:
    target = tmp_path / "out.pdf"
    status, out, err = run("--database", url, *args, "-o", str(target), capsys=capsys)
    assert status == 0 and err == "" and out == f"Wrote {target}.\n"
    assert len(PdfReader(target).pages) >= 1
    assert not list(tmp_path.glob("*.partial"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "night", "--night", "99"], "there is no night 99"),
        (["report", "league", "--league", "Nope"], "--league: there is no league 'Nope'"),
        (["report", "statement", "--league", LEAGUE, "--player", "Zed"], "--player: 'Zed'"),
        (["report", "pad", "--players", "Ann,Bob"], "--players: a table has 3 to 8 players"),
    ],
)
def test_bad_report_input_is_named_and_writes_nothing(url, tmp_path, capsys, args, message):
    target = tmp_path / "out.pdf"
    status, out, err = run("--database", url, *args, "-o", str(target), capsys=capsys)
    assert status == 2 and out == "" and message in err
    assert not target.exists()


def test_a_pad_for_a_schafkopf_table(url, tmp_path, capsys) -> None:
    target = tmp_path / "pad.pdf"
    pad = ["report", "pad", "--players", "Ann,Bob,Cal,Dee", "--preset", "schafkopf"]
    status, out, err = run("--database", url, *pad, "-o", str(target), capsys=capsys)
    assert status == 0 and err == "" and out == f"Wrote {target}.\n"
    assert "Schafkopf score pad" in PdfReader(target).pages[0].extract_text()
