"""Spreadsheets out: a `Sheet` (a header row and rows of typed cells) written as CSV for
a file or as tab-separated text for the clipboard, the one writer the command line's
`--csv` and the window's File ▸ Export as spreadsheet and Copy all use.

What a sheet holds is decided elsewhere (`scorekeeper.reports.sheets`); this module
only writes it, the same way every time:

- UTF-8 with a byte-order mark, so that Excel reads the names as UTF-8 (LibreOffice
  reads the mark too), a header row first, RFC 4180 quoting (the csv module: a cell
  holding a comma, a quote or a line break is quoted, quotes doubled), CRLF line ends;
- a number is a number we wrote: points, cents and counts are `int` (never a float),
  an average a `Fraction` written with two decimals; a negative number (`-4`) stays a
  number;
- text that a spreadsheet would take for a formula (it starts with = + - @, a tab or a
  carriage return: `=HYPERLINK(...)`, `+cmd`, `-2+3`, `@SUM(...)`) is written with a
  leading apostrophe, so it is shown as the text it is and never run (OWASP's advice
  on CSV injection).  Names come from people, so a name is never trusted as a formula.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from scorekeeper.formatting import decimal

Cell = int | Fraction | str | None  # None: an empty cell
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"


@dataclass(frozen=True)
class Sheet:
    """A table for a spreadsheet: its column headers and its rows of typed cells.
    `name` is what a file of it is called by default ("standings")."""

    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.header):
                raise ValueError(f"a row of {len(row)} cells under {len(self.header)} headers")


def safe_text(text: str) -> str:
    """TEXT as a spreadsheet shows it and never runs it: text starting as a formula
    would (= + - @ tab, carriage return) gets a leading apostrophe."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def cell_text(cell: Cell) -> str:
    """One cell as written: a whole number as it is, a fraction with two decimals
    (exact rounding, never through a float), text made safe, None empty."""
    if cell is None:
        return ""
    if isinstance(cell, bool):  # a bool is an int to Python; no cell should be one
        raise TypeError("a spreadsheet cell cannot be a bool")
    if isinstance(cell, int):
        return str(cell)
    if isinstance(cell, Fraction):
        return str(cell.numerator) if cell.denominator == 1 else decimal(cell)
    return safe_text(cell)


def _rows(sheet: Sheet) -> list[list[str]]:
    return [[safe_text(h) for h in sheet.header]] + [
        [cell_text(c) for c in row] for row in sheet.rows
    ]


def csv_text(sheet: Sheet) -> str:
    """The sheet as CSV text (no byte-order mark): comma-separated, RFC 4180 quoting,
    CRLF line ends."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(_rows(sheet))
    return out.getvalue()


def csv_bytes(sheet: Sheet) -> bytes:
    """The sheet as a CSV file's bytes: UTF-8 with a byte-order mark."""
    return (BOM + csv_text(sheet)).encode("utf-8")


def tsv_text(sheet: Sheet) -> str:
    """The sheet as tab-separated text with its header row, as Copy puts it on the
    clipboard for pasting into a spreadsheet (a cell holding a tab, a quote or a line
    break is quoted, as spreadsheets read pasted text)."""
    out = io.StringIO()
    csv.writer(out, delimiter="\t", lineterminator="\n").writerows(_rows(sheet))
    return out.getvalue()


def write_csv(sheet: Sheet, path: str | Path) -> None:
    """Write the sheet to PATH as CSV, whole or not at all (a `.partial` file renamed
    into place; removed again when writing fails).  Raises OSError."""
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_bytes(csv_bytes(sheet))
        partial.replace(target)
    except OSError:
        partial.unlink(missing_ok=True)
        raise
