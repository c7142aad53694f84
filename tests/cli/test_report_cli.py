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


@pytest.mark.parametrize(("flag", "width"), [("letter", 792), ("a4", 842)])
def test_the_paper_is_chosen_with_paper(url, tmp_path, capsys, flag: str, width: int) -> None:
    target = tmp_path / "out.pdf"
    args = ["report", "night", "--night", "1", "--paper", flag, "-o", str(target)]
    status, _, err = run("--database", url, *args, capsys=capsys)
    assert status == 0 and err == ""
    page = PdfReader(target).pages[0]
    assert round(float(page.mediabox.width)) == width  # landscape: Letter 11in, A4 297mm


def test_without_paper_the_locale_chooses(url, tmp_path, capsys, monkeypatch) -> None:
    from scorekeeper import i18n

    target = tmp_path / "out.pdf"
    monkeypatch.setenv("LANGUAGE", "de_DE")  # Germany prints on A4
    try:
        args = ["report", "night", "--night", "1", "-o", str(target)]
        status, _, _ = run("--database", url, *args, capsys=capsys)
    finally:
        i18n.set_language("en")
    assert status == 0
    assert round(float(PdfReader(target).pages[0].mediabox.width)) == 842


def test_a_paper_not_offered_is_refused(url, tmp_path, capsys) -> None:
    target = tmp_path / "out.pdf"
    args = ["report", "pad", "--players", "Ann,Bob,Cal", "--paper", "legal", "-o", str(target)]
    with pytest.raises(SystemExit) as exit_:
        run("--database", url, *args, capsys=capsys)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == "" and "--paper" in err and not target.exists()


@pytest.mark.parametrize("flag", ["letter", "a4"])
def test_a_pad_is_one_page_on_either_paper(url, tmp_path, capsys, flag: str) -> None:
    target = tmp_path / "pad.pdf"
    pad = ["report", "pad", "--players", "Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal", "--paper", flag]
    status, _, _ = run("--database", url, *pad, "-o", str(target), capsys=capsys)
    assert status == 0 and len(PdfReader(target).pages) == 1
