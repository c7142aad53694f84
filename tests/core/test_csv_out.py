"""The spreadsheet writer: UTF-8 with a BOM, a header row, RFC 4180 quoting, numbers as
numbers and text never run as a formula."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import pytest

from scorekeeper.csv_out import Sheet, csv_bytes, safe_text, tsv_text, write_csv
from scorekeeper.reports.sheets import night_sheet
from tests.core.test_schafkopf import PASS, POT_RULES, call, solo
from tests.sheet import night_doc, pick, score_doc

HOSTILE = ['=HYPERLINK("http://evil.example","click")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"]


def read_back(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("text", [*HOSTILE, "\tTAB", "\rCR"])
def test_text_that_would_be_a_formula_is_written_as_text(text: str) -> None:
    assert safe_text(text) == "'" + text
    sheet = Sheet("t", ("Name",), ((text,),))
    assert read_back(csv_bytes(sheet))[1] == ["'" + text]


def test_numbers_are_written_as_numbers_a_negative_one_too() -> None:
    sheet = Sheet("t", ("a", "b", "c", "d", "e"), ((-4, 0, Fraction(-4, 3), Fraction(6, 2), None),))
    assert read_back(csv_bytes(sheet))[1] == ["-4", "0", "-1.33", "3", ""]
    with pytest.raises(TypeError):
        csv_bytes(Sheet("t", ("a",), ((True,),)))


def test_a_header_is_text_like_any_other_and_quoting_is_rfc_4180() -> None:
    sheet = Sheet("t", ("=1+1", 'He said "hi", twice'), (("Zoë, Łukasz", 'O"Neil'),))
    data = csv_bytes(sheet)
    assert data.decode("utf-8-sig") == (
        '\'=1+1,"He said ""hi"", twice"\r\n"Zoë, Łukasz","O""Neil"\r\n'
    )
    assert read_back(data) == [["'=1+1", 'He said "hi", twice'], ["Zoë, Łukasz", 'O"Neil']]


def test_the_clipboard_text_is_tab_separated_with_a_header_row() -> None:
    sheet = Sheet("t", ("Player", "Points"), (("Ann", -4), ("+cmd", 4), ("a\tb", None)))
    assert tsv_text(sheet) == 'Player\tPoints\nAnn\t-4\n\'+cmd\t4\n"a\tb"\t\n'


def test_a_row_must_fit_its_header() -> None:
    with pytest.raises(ValueError, match="a row of 1 cells under 2 headers"):
        Sheet("t", ("a", "b"), ((1,),))


def test_a_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    write_csv(Sheet("t", ("a",), ((1,),)), target)
    assert target.read_bytes() == b"\xef\xbb\xbfa\r\n1\r\n"
    with pytest.raises(OSError):
        write_csv(Sheet("t", ("a",), ((1,),)), tmp_path / "no folder" / "out.csv")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_a_night_sheet_has_a_row_a_hand_a_column_a_player_and_the_totals() -> None:
    hostile = ['=HYPERLINK("http://x","y")', "+cmd", "Cal", "Dee", "Eve"]
    result = score_doc(
        night_doc(
            {"preset": "classic-5", "stake_cents": 25},
            [pick(hostile[0], "Dee", points=74, tricks=4), pick("Cal", points=50, tricks=3)],
            hostile,
        )
    )
    rows = read_back(csv_bytes(night_sheet(result, ["Eve", None])))
    assert rows[0] == [
        "Hand",
        "Dealer",
        "Played",
        "Multiplier",
        "'" + hostile[0],
        "'+cmd",
        *hostile[2:],
    ]
    assert rows[1][:2] == ["1", "Eve"] and rows[2][:2] == ["2", ""]
    # Every player's points as the core scored them; -4 is a number, never text.
    for row, hand in zip(rows[1:3], result.hands, strict=True):
        assert [int(c) for c in row[4:]] == [hand.points[p] for p in hostile]
    assert rows[2][6] == "-4"  # Cal alone lost: a number, never "'-4"
    assert rows[3] == ["Total", "", "", "", *[str(result.total_points[p]) for p in hostile]]
    assert rows[4] == ["Money (cents)", "", "", "", *[str(result.total_cents[p]) for p in hostile]]
    assert sum(int(c) for c in rows[4][4:]) == 0


def test_a_night_with_a_pot_has_a_pot_column_and_every_row_sums_to_zero() -> None:
    result = score_doc(
        night_doc(POT_RULES, [PASS, call(50, 3), solo("wenz", 70, 5)], ["Ann", "Bob", "Cal", "Dee"])
    )
    rows = read_back(csv_bytes(night_sheet(result, [None, None, None])))
    assert rows[0][-1] == "Pot"
    for row in rows[1:]:
        assert sum(int(c) for c in row[4:]) == 0, row
    assert rows[-2][-1] == str(result.pot) and rows[-1][-1] == str(result.pot_cents)
