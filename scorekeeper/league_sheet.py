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

from scorekeeper.document import FORMAT, month_length, not_a_real_date
from scorekeeper.explain import signed
from scorekeeper.games import DEFAULT_PRESET, RESULT, hand_types, parse_rules
from scorekeeper.games.result import MAX_RESULT_HANDS
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import LABEL_LENGTH, clean_name, name_key, quoted
from scorekeeper.problems import Problem, grouped, residual
from scorekeeper.rules import RuleSet

DATE, HANDS, TABLE, PLAYER, UNUSED = "date", "hands", "table", "player", "unused"
# Headers a league's spreadsheet gives its own sums and checks (in English or German);
# a column so headed is refused, never filed as a player who sat at every sitting.
NOT_PLAYERS = frozenset({"total", "totals", "sum", "check", "balance", "zero", "net"})
NOT_PLAYERS |= {"summe", "gesamt", "kontrolle", "saldo", "prüfung", "netto"}
HEADERS = (DATE, HANDS, TABLE)  # the columns read by their header, not as players
SEPARATORS = (",", ";", "\t")
FEWEST, MOST = 3, 8  # the players a sitting seats, as a night does
DATE_FORMS = N_(
    "2013-09-04, 2013/9/4, 9/4/2013 (month/day/year) or 4.9.2013 (day.month.year), "
    "the year in four digits"
)

_LINE_BREAK = re.compile(r"[\r\n]+")
_WHOLE = re.compile(r"[+-]?[0-9]+")
_ZERO = re.compile(r"[+-]?0+")
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
        if not self.header:
            return _("column {number} ({letter})").format(number=self.number, letter=self.letter)
        return _("column {number} ({letter}) {header}").format(
            number=self.number, letter=self.letter, header=quoted(self.header)
        )


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

    def problem(self, where: str, message: str, *, missing: bool = False) -> None:
        self.problems.append(Problem(where, message, missing=missing))


def _row(row: int) -> str:
    """'row 5': where a problem of a whole row is."""
    return _("row {row}").format(row=row)


def _at(row: int, column: Column) -> str:
    """'row 5, column 3 (C) 'Zoë'': where a problem of one cell is."""
    return _("row {row}, {column}").format(row=row, column=column)


def _line(line: int) -> str:
    """'line 3': where a problem is in a file that could not be split into rows."""
    return _("line {line}").format(line=line)


def read_sheet(data: bytes, *, zero_is_absent: bool = False) -> tuple[Sheet | None, list[Problem]]:
    """The sheet in DATA and every problem in it, each named by row and column.  The
    sheet holds the sittings read without a problem; it is None when there is nothing to
    read (not UTF-8 text, empty, a quote never closed, no date column).  A player is
    absent from a sitting where their cell is blank; with ZERO_IS_ABSENT, where it is 0
    too (sheets that write 0 for everyone not there: a sitting's real 0 is then lost,
    which those sheets cannot tell apart anyway)."""
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
        return None, [Problem(_("file"), _("is empty: {shape}").format(shape=_(_SHAPE)))]
    columns = _columns(start + 1, records[start], records[start + 1 :], reading)
    if columns is None:
        return None, reading.problems
    sittings, rows = [], 0
    for number, cells in enumerate(records[start + 1 :], start=start + 2):
        if _filled(cells):
            rows += 1
            sitting = _sitting(number, cells, columns, reading, zero_is_absent)
            if sitting is not None:
                sittings.append(sitting)
    if not rows:
        message = _("has a header row but no sittings under it: {shape}")
        reading.problem(_("file"), message.format(shape=_(_SHAPE)))
    return Sheet(tuple(columns), tuple(sittings), separator, rows), reading.problems


_SHAPE = N_(
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
        message = _("is not UTF-8 text (the byte {byte}): save the sheet as 'CSV UTF-8'")
        reading.problem(_line(line), message.format(byte=f"0x{byte:02X}"))
        return None
    if not text.strip(' \t\r\n,;"'):  # blank, or empty cells only
        reading.problem(_("file"), _("is empty: {shape}").format(shape=_(_SHAPE)))
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
        message = _(
            'cannot be read ({error}): a quote in a cell is doubled (""), and a cell that '
            "holds quotes is quoted whole"
        )
        reading.problem(_line(rows.line_num), message.format(error=error))
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
            same = (
                _("the same player as {column}")
                if column.kind == PLAYER
                # Translators: {kind} is a header as the file writes it: date, hands, table.
                else _("a second {kind} column: {column}")
            )
            reading.problem(_at(row, column), same.format(kind=key[0], column=known[key]))
        known.setdefault(key, column)
        columns.append(column)
    if (DATE, "") not in known:
        message = _("no column is headed 'date': {shape}")
        reading.problem(_row(row), message.format(shape=_(_SHAPE)))
        return None
    if not any(c.kind == PLAYER for c in columns):
        message = _("no column names a player: {shape}")
        reading.problem(_row(row), message.format(shape=_(_SHAPE)))
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
            message = _("no name in the header, but row {used} has a value under it")
            reading.problem(_at(row, Column(number, "", UNUSED)), message.format(used=used))
        return Column(number, "", UNUSED)
    if key in NOT_PLAYERS:  # a spreadsheet's own check column, never a person
        reading.problem(
            _at(row, Column(number, written, PLAYER)),
            _(
                "a column of totals or checks is not a player: leave it out of the file (or "
                "write the player's name with more to it)"
            ),
        )
        return Column(number, written, UNUSED)
    name, problem = clean_name(written)
    if problem is not None:
        reading.problem(_at(row, Column(number, written, PLAYER)), problem)
    return Column(number, written, PLAYER, name)


def _unwrapped(cell: str) -> str:
    """A header's text on one line: a line break in a cell (Alt+Enter in a spreadsheet,
    to wrap a long name) is a space."""
    return _LINE_BREAK.sub(" ", cell).strip()


def _cell(cells: Sequence[str], number: int) -> str:
    """The text of column NUMBER (from 1) in a row, trimmed; blank past its end."""
    return cells[number - 1].strip() if number <= len(cells) else ""


def _sitting(
    row: int,
    cells: Sequence[str],
    columns: Sequence[Column],
    reading: _Reading,
    zero_is_absent: bool = False,
) -> Sitting | None:
    """One row read, or None when anything in it is wrong (each problem kept)."""
    before = len(reading.problems)
    date: dt.date | None = None
    hands, table = 1, None
    points: dict[str, int] = {}
    seated: list[str] = []
    for column in columns:
        text, where = _cell(cells, column.number), _at(row, column)
        if column.kind == DATE:
            date = _date_cell(text, where, reading)
        elif column.kind == HANDS and text:
            wrong = _("{value} is not a whole number of hands")
            hands = _whole(text, where, reading, wrong, 1, MAX_RESULT_HANDS) or 1
        elif column.kind == TABLE and text:
            table = _label(_unwrapped(text), where, reading)
        elif column.kind == PLAYER and text and not (zero_is_absent and _ZERO.fullmatch(text)):
            seated.append(column.player)
            wrong = _("{value} is not a whole number of points")
            value = _whole(text, where, reading, wrong, -MAX_AMOUNT, MAX_AMOUNT)
            if value is not None:
                points[column.player] = value
    if not FEWEST <= len(seated) <= MOST:
        reading.problem(_row(row), _seats_problem(seated))
    elif len(points) == len(seated) and (total := residual(points)):
        message = _("the points add up to {total}, not 0: a sitting is zero-sum")
        reading.problem(_row(row), message.format(total=grouped(total, signed=True)))
    if len(reading.problems) > before or date is None:
        return None
    return Sitting(row, date, points, hands, table)


def _seats_problem(seated: Sequence[str]) -> str:
    """What is wrong with a row of too few or too many players' points."""
    if not seated:
        message = _("no player has points; a sitting seats {fewest} to {most}")
        return message.format(fewest=FEWEST, most=MOST)
    message = ngettext(
        "{count} player ({players}) has points; a sitting seats {fewest} to {most}",
        "{count} players ({players}) have points; a sitting seats {fewest} to {most}",
        len(seated),
    )
    return message.format(count=len(seated), players=", ".join(seated), fewest=FEWEST, most=MOST)


def _whole(text: str, where: str, reading: _Reading, wrong: str, low: int, high: int) -> int | None:
    """TEXT as a whole number between LOW and HIGH, else None and the problem (WRONG,
    with the text as its {value}, when it is no whole number)."""
    if not _WHOLE.fullmatch(text):
        reading.problem(where, wrong.format(value=quoted(text)))
        return None
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > len(str(max(abs(low), abs(high)))):  # out of range before it is read
        message = _("{value} is not between {low} and {high}")
        shown = quoted(text if len(text) <= 24 else f"{text[:10]}…{text[-10:]}")
        reading.problem(where, message.format(value=shown, low=grouped(low), high=grouped(high)))
        return None
    value = int(text)
    if not low <= value <= high:
        message = _("{value} is not between {low} and {high}")
        reading.problem(
            where, message.format(value=grouped(value), low=grouped(low), high=grouped(high))
        )
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
        reading.problem(where, _("missing: every sitting needs its date"), missing=True)
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
        message = _("{date} is not a date this import reads: write {forms}")
        return None, message.format(date=quoted(text), forms=_(DATE_FORMS))
    if year == 0:
        return None, not_a_real_date(quoted(text), _("the years start at 0001"))
    if year_first:
        shown = quoted(text)
    elif "/" in text:
        shown = _("{date} (month/day/year)").format(date=quoted(text))
    else:
        shown = _("{date} (day.month.year)").format(date=quoted(text))
    if not 1 <= month <= 12:
        return None, not_a_real_date(shown, _("there is no month {month}").format(month=month))
    if not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None, not_a_real_date(shown, month_length(year, month))
    return dt.date(year, month, day), None


def sitting_line(sitting: Sitting) -> str:
    """'row 2: 2013-09-04, table 1: Ann +12, Bob -7, Cal -5 (14 hands)': a sitting as the
    preview lists it."""
    date = sitting.date.isoformat()
    if sitting.table is not None:
        date = _("{date}, table {table}").format(date=date, table=sitting.table)
    points = ", ".join(f"{p} {signed(v)}" for p, v in sitting.points.items())
    if sitting.hands != 1:
        hands = ngettext("{points} ({count} hand)", "{points} ({count} hands)", sitting.hands)
        points = hands.format(points=points, count=grouped(sitting.hands))
    return _("row {row}: {date}: {points}").format(row=sitting.row, date=date, points=points)


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
        return _row(numbers[0])
    listed = runs[0] if len(runs) == 1 else _joined(runs)
    return _("rows {rows}").format(rows=listed)


def _joined(items: Sequence[str]) -> str:
    """'2-4, 7 and 9': ITEMS listed, the last after 'and' (in the user's language)."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


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
        message = _(
            "{preset} plays no result hand, which each sitting is filed as: choose the "
            "rules of a game that does"
        )
        return None, [Problem("preset", message.format(preset=rules.preset))]
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
            where = ngettext("{rows} ({count} player each)", "{rows} ({count} players each)", count)
            cannot = ngettext(
                "{preset} cannot deal {count} player in ({why})",
                "{preset} cannot deal {count} players in ({why})",
                count,
            )
            message = cannot.format(preset=rules.preset, count=count, why=problem.message)
            problems.append(Problem(where.format(rows=rows_phrase(rows), count=count), message))
    return documents, problems


def _dealing(rules: RuleSet, players: int) -> tuple[Any, list[Problem]]:
    """The rules (in a night document's form) dealing PLAYERS in, or their problems."""
    dealt, problems = parse_rules({**rules.to_json(), **rules.deal_all_in(players)})
    if dealt is None:
        return None, problems
    return dealt.to_document(), []


def _cents(sheet: Sheet, sitting: Sitting, stake_cents: int) -> list[Problem]:
    message = _(
        "{points} points at {stake} cents a point is more than Scorekeeper keeps ({most} "
        "cents either way)"
    )
    return [
        Problem(
            _at(sitting.row, sheet.column_of(player)),
            message.format(
                points=grouped(points), stake=grouped(stake_cents), most=grouped(MAX_AMOUNT)
            ),
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
    # A night played and added up on paper, its money handed over there and then: over,
    # and no debt carried (its Settle up, or `scorekeeper reopen`, opens it to correct it).
    document |= {"closed": True, "settled": True}
    return document
