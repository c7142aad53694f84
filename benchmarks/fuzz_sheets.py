"""The fuzzer's sheets target: a league's spreadsheet, mutated, through `import-sheet`.

The sheet is one a league keeps (a header row: `Date`, `table`, `hands`, a column a
player, one name holding the separator; a row a sitting, its dates written three ways).
Each mutant is that sheet changed a few times, cell by cell: a number too long, text or
a formula in a number cell, a number nudged (the row no longer zero-sum) or moved to
another player, a date that is no date or written another way, a header invisible, a
duplicate, a sum column or another name, a blank row, a row dropped, doubled, cut short
or made longer, a column dropped, doubled or moved; then written with a separator, line
ends and quoting of its own, and sometimes changed as text (a byte-order mark, a byte
that is not UTF-8, a quote left open, a NUL, cut short).

Each is imported (`import-sheet --league History`, now and then `--zero-is-absent`) into
a database that holds a league already.  Every outcome must be one of two:

- status 0, and a night filed for every row the sheet has under its header, in order,
  each what the row says (read here on its own: Python's csv module, the dates by
  `datetime.strptime`): its date, table, played hands and each player's points, and
  its export scoring to a sum of exactly zero;
- status 2, nothing on standard output, every line naming where the problem is (a row,
  a row and column, a line, or the file), and the database exactly as it was.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
import re
import shutil
from collections import Counter
from pathlib import Path

from benchmarks.fuzzing import CONTROL, Chooser, Outcome, run, sqlite_text, unbalanced

LEAGUE = "History"
NAMES = ["Ann", "Bob", "Zoë", "Smith; Jr.", "Cal", "Dee", "Łukasz"]
SEPARATORS = [",", ";", "\t"]
NUMBER_CELLS = [
    "",
    "0",
    "-0",
    "+7",
    "007",
    " 7 ",
    "abc",
    "1.5",
    "1,5",
    "1e3",
    "½",
    "٣",
    "５",
    "−5",
    "1 000",
    "+-1",
    "0x10",
    "=1+1",
    "'5",
    "\u200b5",
    "9" * 13,
    "-" + "9" * 12,
    "1" * 19,
    "9" * 400,
    "1000000000000",
    "-1000000000000",
]
DATES = [
    "2013-09-04",
    "2013-9-4",
    "2013/9/4",
    "9/4/2013",
    "4.9.2013",
    "4.9.13",
    "9/4/13",
    "2013-02-29",
    "2012-02-29",
    "2013-13-01",
    "13/1/2013",
    "31.4.2013",
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "2013-09-04T20:00",
    "Sept 4, 2013",
    "",
    "  2013-09-11  ",
    "2013-09- 4",
    "２０１３-09-04",
]
HEADERS = [
    "Ann\u200b",
    "\u200b",
    "Ann\u202e",
    " ",
    "",
    "ANN",
    "Ｂｏｂ",
    "Zoe\u0308",
    "Total",
    "Summe",
    "Ann\nBob",
    "x" * 61,
    "A\x1bB",
    "date",
    "Hands",
    "TABLE",
    " Date ",
    "Hal",
    "'Hal",
    "\ufeffHal",
]
HANDS = ["0", "-1", "1", "10000", "99999999999", "1.0", "", "two"]
# How the cells are changed, each as often as it is named.
CHANGES = (
    *("cell", "cell", "cell", "nudge", "nudge", "swap", "swap", "date", "date", "header"),
    *("header", "blank row", "drop row", "double row", "short row", "long row"),
    *("drop column", "double column", "move column", "hands", "table"),
)
TABLES = ["", "x" * 50, "A\x00", "1\n2", "  2  ", "\u200b", "Main room"]


def base_grid() -> list[list[str]]:
    """The league's sheet as cells: a header row, then eight sittings of three to six
    players (points summing to zero), dates written ISO, month first and day first."""
    rng = random.Random(2013)
    rows = [["Date", "table", "hands", *NAMES]]
    for number in range(8):
        day = dt.date(2013, 9, 4) + dt.timedelta(days=7 * number)
        forms = [day.isoformat(), f"{day.month}/{day.day}/{day.year}"]
        forms.append(f"{day.day}.{day.month}.{day.year}")
        count = rng.randint(3, 6)
        seated = sorted(rng.sample(range(len(NAMES)), count))
        points = [rng.randint(-45, 45) for _ in seated[1:]]
        points.insert(rng.randrange(count), -sum(points))
        cells = [""] * len(NAMES)
        for index, value in zip(seated, points, strict=True):
            cells[index] = str(value)
        table = str(1 + number % 2) if number % 3 else ""
        hands = str(rng.randint(8, 30)) if number % 4 else ""
        rows.append([forms[number % 3], table, hands, *cells])
    return rows


# -- the mutants -------------------------------------------------------------------------


def sheet_mutant(grid: list[list[str]], choose: Chooser) -> tuple[bytes, bool]:
    """One mutant of GRID, as the bytes of a file, and whether to import it with
    --zero-is-absent."""
    cells = [list(row) for row in grid]
    for _ in range(choose.choice([1, 1, 2, 3])):
        _change(cells, choose)
    buffer = io.StringIO()
    separator = choose.choice(SEPARATORS)
    writer = csv.writer(
        buffer,
        delimiter=separator,
        lineterminator=choose.choice(["\r\n", "\n"]),
        quoting=choose.choice([csv.QUOTE_MINIMAL, csv.QUOTE_MINIMAL, csv.QUOTE_ALL]),
    )
    writer.writerows(cells)
    data = _change_text(buffer.getvalue(), choose)
    return data, choose.integer(0, 7) == 0


def _change(cells: list[list[str]], choose: Chooser) -> None:
    action = choose.choice(CHANGES)
    width = max(len(row) for row in cells)
    row = choose.integer(1, len(cells) - 1) if len(cells) > 1 else 0
    column = choose.integer(0, width - 1)
    if action in ("drop column", "double column", "move column"):
        _change_column(cells, action, column, choose)
    elif action == "blank row":
        cells.insert(choose.integer(0, len(cells)), choose.choice([[], [""] * width, [" "]]))
    elif action == "drop row":
        del cells[row]
    elif action == "double row":
        cells.insert(choose.integer(1, len(cells)), list(cells[row]))
    elif action == "short row":
        del cells[row][choose.integer(0, len(cells[row])) :]
    elif action == "long row":
        cells[row] += choose.choice([["5"], ["5", "-5"], ["", "", "x"]])
    elif action == "header":
        _put(cells[0], column, choose.choice([*HEADERS, *NAMES]))
    else:
        _put(cells[row], *_cell(cells, action, row, column, choose))


def _change_column(cells: list[list[str]], action: str, column: int, choose: Chooser) -> None:
    for row in cells:
        value = row[column] if column < len(row) else ""
        if action == "drop column" and column < len(row):
            del row[column]
        elif action == "double column":
            row.insert(column, value)
        elif action == "move column" and column < len(row):
            del row[column]
            row.insert(min(len(row), choose.integer(0, len(row))), value)


def _cell(
    cells: list[list[str]], action: str, row: int, column: int, choose: Chooser
) -> tuple[int, str]:
    """Where a cell of ROW is changed, and what it becomes."""
    header = [name.strip().casefold() for name in cells[0]]
    if action in ("date", "hands", "table") and action in header:
        return header.index(action), choose.choice(
            {"date": DATES, "hands": HANDS, "table": TABLES}[action]
        )
    line = cells[row]
    numbers = [i for i, cell in enumerate(line) if re.fullmatch(r"-?\d+", cell)]
    if action == "nudge" and numbers:
        index = choose.choice(numbers)
        value = int(line[index])
        return index, str(value + choose.choice([-1, 1, -2 * value, 10**12, -(10**13)]))
    if action == "swap" and len(line) > 1:
        other = choose.integer(0, len(line) - 1)
        here = column % len(line)
        line[here], line[other] = line[other], line[here]
        return here, line[here]
    return column, choose.choice(NUMBER_CELLS)


def _put(row: list[str], column: int, value: str) -> None:
    while len(row) <= column:
        row.append("")
    row[column] = value


def _change_text(text: str, choose: Chooser) -> bytes:
    """The sheet's text as bytes, most often UTF-8 as it is: else with a byte-order mark,
    a byte that is not UTF-8, a quote left open, a NUL, or cut short."""
    action = choose.choice(["none"] * 6 + ["bom", "bom", "latin", "quote", "nul", "cut"])
    data = text.encode("utf-8")
    where = choose.integer(0, len(data))
    if action == "bom":
        return b"\xef\xbb\xbf" + data
    if action == "latin":
        return data[:where] + b"\xe9" + data[where:]
    if action == "quote":
        return data[:where] + b'"' + data[where:]
    if action == "nul":
        return data[:where] + b"\x00" + data[where:]
    if action == "cut":
        return data[:where].decode("utf-8", "ignore").encode("utf-8")
    return data


# -- the check ---------------------------------------------------------------------------

# Where a refusal says the problem is: the file, a line of it (text that cannot be split
# into cells), a row, rows (with the players each seats), or a row and a column (its
# number, letter and header).
SHEET_LINE = re.compile(
    r"scorekeeper: (?:file|line [1-9]\d*|row [1-9]\d*(?:, column [1-9]\d* \([A-Z]+\)"
    r"(?: '[^\n]*')?)?|rows [1-9][\d, and-]*)(?: \(\d+ players? each\))?: \S.*"
)


class SheetChecker:
    """Imports sheet mutants, each into a fresh copy of a database holding a league."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.base = folder / "base.sqlite3"  # a single file (a backup): copied whole
        first = folder / "first.csv"
        first.write_text("date,Ann,Bob,Cal,Hal\n2012-01-03,3,-1,-2,\n", encoding="utf-8")
        at = ["--database", f"sqlite:///{folder / 'made.sqlite3'}"]
        for argv in (["import-sheet", str(first), "--league", LEAGUE], ["backup", str(self.base)]):
            made = run([*at, *argv])
            assert made.status == 0, made.err
        self.original = sqlite_text(self.base)
        self.live = folder / "live" / "league.sqlite3"
        self.url = f"sqlite:///{self.live}"
        self.statuses: Counter[str] = Counter()

    def check(self, data: bytes, *, zero_is_absent: bool = False) -> str | None:
        """The broken promise of one mutant (the bytes of a sheet), or None."""
        sheet = self.folder / "mutant.csv"
        sheet.write_bytes(data)
        shutil.rmtree(self.live.parent, ignore_errors=True)
        self.live.parent.mkdir()
        shutil.copyfile(self.base, self.live)
        flags = ["--zero-is-absent"] if zero_is_absent else []
        done = run(["--database", self.url, "import-sheet", str(sheet), "--league", LEAGUE, *flags])
        self.statuses[f"import-sheet {done.status}"] += 1
        if done.status == 2:
            return self._refused(done)
        if done.status != 0:
            return f"status {done.status}: {done.err.strip()[:300]}"
        return self._filed(data, zero_is_absent)

    def _refused(self, done: Outcome) -> str | None:
        lines = done.err.splitlines()
        if done.out:
            return "status 2 but something on standard output"
        unnamed = [line for line in lines if not SHEET_LINE.fullmatch(line)]
        if not lines or unnamed:
            return f"a message that names no row, column or line: {(unnamed or [''])[0]!r}"
        if CONTROL.search(done.err):
            return "a control character echoed to the terminal"
        if sqlite_text(self.live) != self.original:
            return "refused, but the database was changed"
        return None

    def _filed(self, data: bytes, zero_is_absent: bool) -> str | None:
        """What is wrong with the nights an import said it filed, or None."""
        from scorekeeper.names import name_key

        try:
            expected = said_by(data, zero_is_absent)
        except ValueError as error:  # a number Python reads and the fuzzer does not
            expected = f"numbers cannot be read ({error})"
        if isinstance(expected, str):
            return f"filed a sheet whose {expected}"
        first = 2  # the database holds one night before the import
        found = []
        for night in range(first, first + len(expected) + 1):
            exported = run(["--database", self.url, "export", "--night", str(night)])
            if exported.status != 0:
                break
            document = json.loads(exported.out)
            problem = self._scored(exported.out)
            if problem:
                return f"night {night} {problem}"
            hand = document["hands"][0]
            points = {name_key(name): value for name, value in hand["points"].items()}
            table = document.get("table")
            row = (document["date"], table and name_key(table), points, hand.get("hands", 1))
            found.append(row)
        wanted = [
            (d, t and name_key(t), {name_key(n): v for n, v in p.items()}, h)
            for d, t, p, h in expected
        ]
        if found != wanted:
            return f"filed {found}, but the sheet says {wanted}"
        return None

    def _scored(self, exported: str) -> str | None:
        document = self.folder / "exported.json"
        document.write_text(exported, encoding="utf-8")
        scored = run(["score", str(document)])
        if scored.status != 0:
            return f"is refused when scored: {scored.err.strip()[:300]}"
        return unbalanced(json.loads(scored.out))


Sitting = tuple[str, str | None, dict[str, int], int]


def said_by(data: bytes, zero_is_absent: bool) -> list[Sitting] | str:
    """Each sitting a sheet's bytes say, read here independently of the app (Python's
    csv module; the dates by `datetime.strptime` in the forms the import promises):
    (date, table, points, hands); or what the fuzzer cannot read in it."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return "text is not UTF-8"
    separator = max(SEPARATORS, key=lambda s: _width(text, s))
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True))
    except csv.Error as error:
        return f"cells cannot be read ({error})"
    filled = [row for row in rows if any(cell.strip() for cell in row)]
    header = [" ".join(cell.split()) for cell in filled[0]] if filled else []
    kinds = [h.casefold() if h.casefold() in ("date", "hands", "table") else h for h in header]
    said = []
    for row in filled[1:]:
        cells = {kind: row[i].strip() for i, kind in enumerate(kinds) if i < len(row)}
        date = _date(cells.get("date", ""))
        if date is None:
            return f"row {row} has no date"
        hands = int(cells["hands"]) if cells.get("hands") else 1
        points = {
            kind: int(value)
            for kind, value in cells.items()
            if kind not in ("date", "hands", "table", "")
            and value
            and not (zero_is_absent and re.fullmatch(r"[+-]?0+", value))
        }
        said.append((date, " ".join(cells.get("table", "").split()) or None, points, hands))
    return said


def _width(text: str, separator: str) -> int:
    try:
        rows = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
        return next((len(r) for r in rows if any(c.strip() for c in r)), 0)
    except csv.Error:
        return 0


def _date(text: str) -> str | None:
    for form in ("%Y-%m-%d", "%Y/%m/%d", "%m/%d/%Y", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(text, form).date().isoformat()
        except ValueError:
            continue
    return None
