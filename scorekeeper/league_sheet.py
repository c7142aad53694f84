"""A league's spreadsheet of sittings, read (`scorekeeper import-sheet`, File ▸ Import
spreadsheet): the shape leagues keep their history in before they keep it here.

    date,      hands, Ann, Bob, Zoë, Cal
    2013-09-04,   14,  12,  -7,    , -5
    9/11/2013,      ,  -3,    ,   8, -5

Row 1 heads the columns: one headed `date`, then one a player, each cell that player's
net points for the sitting, blank when absent; `hands` (the played hands a sitting stands
for, blank for one) and `table` (its table's label) are read when present.  Every
sitting becomes a night of one result hand (`docs/rules/night-format.md`), its players
those with a value in the row, seated in column order.

The file is UTF-8 (a byte-order mark, as Excel writes, is allowed), its cells separated
by commas, semicolons or tabs (whichever splits the header row into the most cells), a
cell quoted when it holds the separator.  A date is written `2013-09-04`, `2013-9-4`,
`2013/9/4`, `9/4/2013` (slashes with the year last are month/day/year, as in the US) or
`4.9.2013` (dots are day.month.year, as in Germany); a year of two digits (`4.9.13`) is
refused, never guessed.

`read_sheet` reads the file into a `Sheet` and names every problem by row and column, as
a spreadsheet shows them (`row 5, column 3 (C) 'Zoë': '1.5' is not a whole number`);
`sheet_nights` makes the night documents under a league's rules, each night dealing all
its players in (`RuleSet.deal_all_in`).  Nothing here touches a database.
"""

from __future__ import annotations

import calendar
import csv
import datetime as dt
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.document import FORMAT, MONTHS
from scorekeeper.explain import signed
from scorekeeper.games import DEFAULT_PRESET, RESULT, hand_types, parse_rules
from scorekeeper.games.result import MAX_RESULT_HANDS
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import LABEL_LENGTH, clean_name, name_key, quoted
from scorekeeper.problems import Problem, residual
from scorekeeper.rules import RuleSet

DATE, HANDS, TABLE, PLAYER, UNUSED = "date", "hands", "table", "player", "unused"
# Headers a league's spreadsheet gives its own sums and checks; a column so headed is
# refused, never filed as a player who sat at every sitting.
NOT_PLAYERS = frozenset({"total", "totals", "sum", "check", "balance", "zero", "net"})
HEADERS = (DATE, HANDS, TABLE)  # the columns read by their header, not as players
SEPARATORS = (",", ";", "\t")
FEWEST, MOST = 3, 8  # the players a sitting seats, as a night does
DATE_FORMS = (
    "2013-09-04, 2013/9/4, 9/4/2013 (month/day/year) or 4.9.2013 (day.month.year), "
    "the year in four digits"
)

_LINE_BREAK = re.compile(r"[\r\n]+")
_WHOLE = re.compile(r"[+-]?[0-9]+")
_YEAR_FIRST = re.compile(r"([0-9]{4})([-/])([0-9]{1,2})\2([0-9]{1,2})")
_MONTH_FIRST = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})")
_DAY_FIRST = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")


@dataclass(frozen=True)
class Column:
    """A column of the sheet: its number (from 1), its header as written, what it holds
    (`date`, `hands`, `table`, a `player`'s points, or `unused`: blank throughout) and,
    for a player, the name in its stored form."""

    number: int
    header: str
    kind: str
    player: str = ""

    @property
    def letter(self) -> str:
        """The column as a spreadsheet letters it: A, B, ... Z, AA, AB ..."""
        letters, number = "", self.number
        while number:
            number, rest = divmod(number - 1, 26)
            letters = chr(ord("A") + rest) + letters
        return letters

    def __str__(self) -> str:
        """'column 3 (C) 'Zoë'', as every message names it."""
        named = f" {quoted(self.header)}" if self.header else ""
        return f"column {self.number} ({self.letter}){named}"


@dataclass(frozen=True)
class Sitting:
    """One row of the sheet, read: its row number, date, each player's points in column
    order (only those with a value), the hands it stands for and its table."""

    row: int
    date: dt.date
    points: Mapping[str, int]
    hands: int = 1
    table: str | None = None


@dataclass(frozen=True)
class Sheet:
    """What a sheet holds: its columns, its sittings (the rows read without a problem)
    and the separator its cells were split by."""

    columns: tuple[Column, ...]
    sittings: tuple[Sitting, ...]
    separator: str = ","
    rows: int = 0  # the rows of sittings in the file, read or not

    @property
    def players(self) -> tuple[Column, ...]:
        """The columns of players, in order."""
        return tuple(c for c in self.columns if c.kind == PLAYER)

    def column_of(self, player: str) -> Column:
        """The column of a player, by its stored name."""
        return next(c for c in self.players if c.player == player)


@dataclass
class _Reading:
    """What `read_sheet` has found so far."""

    problems: list[Problem] = field(default_factory=list)

    def problem(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))


def read_sheet(data: bytes) -> tuple[Sheet | None, list[Problem]]:
    """The sheet in DATA and every problem in it, each named by row and column.  The
    sheet holds the sittings read without a problem; it is None when there is nothing to
    read (not UTF-8 text, empty, a quote never closed, no date column)."""
    reading = _Reading()
    text = _text(data, reading)
    if text is None:
        return None, reading.problems
    separator = _separator(text)
    records = _records(text, separator, reading)
    if records is None:
        return None, reading.problems
    start = next((i for i, cells in enumerate(records) if _filled(cells)), None)
    if start is None:
        return None, [Problem("file", "is empty: " + _SHAPE)]
    columns = _columns(start + 1, records[start], records[start + 1 :], reading)
    if columns is None:
        return None, reading.problems
    sittings, rows = [], 0
    for number, cells in enumerate(records[start + 1 :], start=start + 2):
        if _filled(cells):
            rows += 1
            sitting = _sitting(number, cells, columns, reading)
            if sitting is not None:
                sittings.append(sitting)
    if not rows:
        reading.problem("file", f"has a header row but no sittings under it: {_SHAPE}")
    return Sheet(tuple(columns), tuple(sittings), separator, rows), reading.problems


_SHAPE = (
    "a sheet is a header row (a column headed 'date', then a column a player) and a row a "
    "sitting under it"
)


def _text(data: bytes, reading: _Reading) -> str | None:
    """DATA as text: UTF-8, with or without the byte-order mark Excel writes."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        byte = data[error.start]
        reading.problem(
            f"line {line}",
            f"is not UTF-8 text (the byte 0x{byte:02X}): save the sheet as 'CSV UTF-8'",
        )
        return None
    if not text.strip(' \t\r\n,;"'):  # blank, or empty cells only
        reading.problem("file", "is empty: " + _SHAPE)
        return None
    return text


def _separator(text: str) -> str:
    """The separator that splits the header row (the first with any text) into the most
    cells; a comma when none splits it."""

    def cells(separator: str) -> int:
        rows = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
        try:
            return next((len(r) for r in rows if _filled(r)), 0)
        except csv.Error:
            return 0

    return max(SEPARATORS, key=cells)


def _records(text: str, separator: str, reading: _Reading) -> list[list[str]] | None:
    """Every row's cells (a quoted cell may hold the separator, a quote doubled, a line
    break); None, with the problem, when a quote is left open."""
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    try:
        return list(rows)
    except csv.Error as error:
        reading.problem(
            f"line {rows.line_num}",
            f'cannot be read ({error}): a quote in a cell is doubled (""), and a cell '
            "that holds quotes is quoted whole",
        )
        return None


def _filled(cells: Sequence[str]) -> bool:
    return any(cell.strip() for cell in cells)


def _columns(
    row: int, header: Sequence[str], below: Sequence[Sequence[str]], reading: _Reading
) -> list[Column] | None:
    """What each column holds, by its header; None when no column is the date's."""
    columns: list[Column] = []
    known: dict[tuple[str, str], Column] = {}  # the first of each header and player
    width = max([len(header), *(len(cells) for cells in below)])
    for number in range(1, width + 1):
        written = _unwrapped(header[number - 1]) if number <= len(header) else ""
        column = _column(row, number, written, below, reading)
        key = (column.kind, name_key(column.player))
        if column.kind != UNUSED and key in known:
            same = "the same player as" if column.kind == PLAYER else f"a second {key[0]} column:"
            reading.problem(f"row {row}, {column}", f"{same} {known[key]}")
        known.setdefault(key, column)
        columns.append(column)
    if (DATE, "") not in known:
        reading.problem(f"row {row}", "no column is headed 'date': " + _SHAPE)
        return None
    if not any(c.kind == PLAYER for c in columns):
        reading.problem(f"row {row}", "no column names a player: " + _SHAPE)
    return columns


def _column(
    row: int, number: int, written: str, below: Sequence[Sequence[str]], reading: _Reading
) -> Column:
    key = name_key(written)
    if key in HEADERS:
        return Column(number, written, key)
    if not written:
        used = next((r for r, cells in enumerate(below, start=row + 1) if _cell(cells, number)), 0)
        if used:
            where = f"row {row}, column {number} ({Column(number, '', UNUSED).letter})"
            reading.problem(where, f"no name in the header, but row {used} has a value under it")
        return Column(number, "", UNUSED)
    if key in NOT_PLAYERS:  # a spreadsheet's own check column, never a person
        reading.problem(
            f"row {row}, {Column(number, written, PLAYER)}",
            "a column of totals or checks is not a player: leave it out of the file (or "
            "write the player's name with more to it)",
        )
        return Column(number, written, UNUSED)
    name, problem = clean_name(written)
    if problem is not None:
        reading.problem(f"row {row}, {Column(number, written, PLAYER)}", problem)
    return Column(number, written, PLAYER, name)


def _unwrapped(cell: str) -> str:
    """A header's text on one line: a line break in a cell (Alt+Enter in a spreadsheet,
    to wrap a long name) is a space."""
    return _LINE_BREAK.sub(" ", cell).strip()


def _cell(cells: Sequence[str], number: int) -> str:
    """The text of column NUMBER (from 1) in a row, trimmed; blank past its end."""
    return cells[number - 1].strip() if number <= len(cells) else ""


def _sitting(
    row: int, cells: Sequence[str], columns: Sequence[Column], reading: _Reading
) -> Sitting | None:
    """One row read, or None when anything in it is wrong (each problem kept)."""
    before = len(reading.problems)
    date: dt.date | None = None
    hands, table = 1, None
    points: dict[str, int] = {}
    seated: list[str] = []
    for column in columns:
        text, where = _cell(cells, column.number), f"row {row}, {column}"
        if column.kind == DATE:
            date = _date_cell(text, where, reading)
        elif column.kind == HANDS and text:
            hands = _whole(text, where, reading, "hands", 1, MAX_RESULT_HANDS) or 1
        elif column.kind == TABLE and text:
            table = _label(_unwrapped(text), where, reading)
        elif column.kind == PLAYER and text:
            seated.append(column.player)
            value = _whole(text, where, reading, "points", -MAX_AMOUNT, MAX_AMOUNT)
            if value is not None:
                points[column.player] = value
    if not FEWEST <= len(seated) <= MOST:
        who = f" ({', '.join(seated)})" if seated else ""
        had = "no player has" if not seated else f"{_players(len(seated))}{who} have"
        reading.problem(f"row {row}", f"{had} points; a sitting seats {FEWEST} to {MOST}")
    elif len(points) == len(seated) and (total := residual(points)):
        zero_sum = "not 0: a sitting is zero-sum"
        reading.problem(f"row {row}", f"the points add up to {total:+,}, {zero_sum}")
    if len(reading.problems) > before or date is None:
        return None
    return Sitting(row, date, points, hands, table)


def _players(count: int) -> str:
    return "1 player" if count == 1 else f"{count} players"


def _whole(text: str, where: str, reading: _Reading, what: str, low: int, high: int) -> int | None:
    """TEXT as a whole number between LOW and HIGH, else None and the problem."""
    if not _WHOLE.fullmatch(text):
        reading.problem(where, f"{quoted(text)} is not a whole number of {what}")
        return None
    value = int(text)
    if not low <= value <= high:
        reading.problem(where, f"{value:,} is not between {low:,} and {high:,}")
        return None
    return value


def _label(text: str, where: str, reading: _Reading) -> str | None:
    label, problem = clean_name(text, limit=LABEL_LENGTH)
    if problem is not None:
        reading.problem(where, problem)
        return None
    return label


def _date_cell(text: str, where: str, reading: _Reading) -> dt.date | None:
    if not text:
        reading.problem(where, "missing: every sitting needs its date")
        return None
    date, problem = parse_date(text)
    if problem is not None:
        reading.problem(where, problem)
    return date


def parse_date(text: str) -> tuple[dt.date | None, str | None]:
    """A sitting's date as sheets write it (`DATE_FORMS`), or what is wrong with it."""
    year_first = _YEAR_FIRST.fullmatch(text)
    if year_first:
        year, month, day = (int(year_first[i]) for i in (1, 3, 4))
    elif match := _MONTH_FIRST.fullmatch(text) or _DAY_FIRST.fullmatch(text):
        first, second, year = (int(part) for part in match.groups())
        month, day = (first, second) if "/" in text else (second, first)
    else:
        return None, f"{quoted(text)} is not a date this import reads: write {DATE_FORMS}"
    order = "" if year_first else " (month/day/year)" if "/" in text else " (day.month.year)"
    if year == 0:
        return None, f"{quoted(text)} is not a real date (the years start at 0001)"
    if not 1 <= month <= 12:
        return None, f"{quoted(text)}{order} is not a real date (there is no month {month})"
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        where = f"{MONTHS[month - 1]} {year} has {days} days"
        return None, f"{quoted(text)}{order} is not a real date ({where})"
    return dt.date(year, month, day), None


def sitting_line(sitting: Sitting) -> str:
    """'row 2: 2013-09-04, table 1: Ann +12, Bob -7, Cal -5 (14 hands)': a sitting as the
    preview lists it."""
    table = f", table {sitting.table}" if sitting.table is not None else ""
    points = ", ".join(f"{p} {signed(v)}" for p, v in sitting.points.items())
    hands = f" ({sitting.hands:,} hands)" if sitting.hands != 1 else ""
    return f"row {sitting.row}: {sitting.date.isoformat()}{table}: {points}{hands}"


# -- the nights ------------------------------------------------------------------------


def rows_phrase(rows: Iterable[int]) -> str:
    """'row 5', 'rows 2-4, 7 and 9': rows named compactly, in order."""
    numbers = sorted(set(rows))
    runs: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        runs.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    if len(numbers) == 1:
        return f"row {numbers[0]}"
    listed = runs[0] if len(runs) == 1 else f"{', '.join(runs[:-1])} and {runs[-1]}"
    return f"rows {listed}"


def sheet_rules(
    default: RuleSet | None, preset: str | None, stake_cents: int | None
) -> tuple[RuleSet | None, list[Problem]]:
    """The rules the sheet's nights start from: PRESET's when given, else DEFAULT (the
    season's or league's), else the app's first preset; with STAKE_CENTS when given.
    Problems name `preset` or `stake_cents`."""
    if preset is not None:
        value: dict[str, Any] = {"preset": preset}
    elif default is not None:
        value = default.to_json()
    else:
        value = {"preset": DEFAULT_PRESET}
    if stake_cents is not None:
        value["stake_cents"] = stake_cents
    rules, problems = parse_rules(value)
    if rules is not None and RESULT not in hand_types(rules):
        game = f"{rules.preset} plays no result hand, which each sitting is filed as"
        return None, [Problem("preset", f"{game}: choose the rules of a game that does")]
    fields = {"rules.stake_cents": "stake_cents"}
    return rules, [Problem(fields.get(p.field, "preset"), p.message) for p in problems]


def sheet_nights(
    sheet: Sheet, rules: RuleSet, *, league: str, season: str | None = None
) -> tuple[list[dict[str, Any]], list[Problem]]:
    """The night document of each sitting, in row order, under RULES dealing all its
    players in, and the problems (a sitting whose count of players those rules cannot
    deal in, an amount in cents past what is kept), each naming its rows."""
    dealt: dict[int, tuple[Any, list[Problem]]] = {}
    refused: dict[int, list[int]] = {}
    documents: list[dict[str, Any]] = []
    problems: list[Problem] = []
    for sitting in sheet.sittings:
        count = len(sitting.points)
        if count not in dealt:
            dealt[count] = _dealing(rules, count)
        shape, found = dealt[count]
        if found:
            refused.setdefault(count, []).append(sitting.row)
            continue
        problems += _cents(sheet, sitting, rules.stake_cents)
        documents.append(_document(sitting, shape, league, season))
    for count, rows in refused.items():
        for problem in dealt[count][1]:
            where = f"{rows_phrase(rows)} ({_players(count)} each)"
            cannot = f"{rules.preset} cannot deal {_players(count)} in"
            problems.append(Problem(where, f"{cannot} ({problem.message})"))
    return documents, problems


def _dealing(rules: RuleSet, players: int) -> tuple[Any, list[Problem]]:
    """The rules (in a night document's form) dealing PLAYERS in, or their problems."""
    dealt, problems = parse_rules({**rules.to_json(), **rules.deal_all_in(players)})
    if dealt is None:
        return None, problems
    return dealt.to_document(), []


def _cents(sheet: Sheet, sitting: Sitting, stake_cents: int) -> list[Problem]:
    return [
        Problem(
            f"row {sitting.row}, {sheet.column_of(player)}",
            f"{points:,} points at {stake_cents:,} cents a point is more than Scorekeeper "
            f"keeps ({MAX_AMOUNT:,} cents either way)",
        )
        for player, points in sitting.points.items()
        if abs(points * stake_cents) > MAX_AMOUNT
    ]


def _document(sitting: Sitting, rules: Any, league: str, season: str | None) -> dict[str, Any]:
    """A sitting's night document: one result hand, every player dealt in."""
    hand: dict[str, Any] = {"type": RESULT, "points": dict(sitting.points)}
    if sitting.hands != 1:
        hand["hands"] = sitting.hands
    document: dict[str, Any] = {"format": FORMAT, "date": sitting.date.isoformat()}
    document["league"] = league
    if season is not None:
        document["season"] = season
    if sitting.table is not None:
        document["table"] = sitting.table
    document |= {"rules": rules, "players": list(sitting.points), "hands": [hand]}
    return document
