"""A league's spreadsheet of sittings read (`scorekeeper/league_sheet.py`): the shapes
spreadsheets save, the dates leagues write, and every problem named by row and column."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.document import load_night
from scorekeeper.games import all_presets, parse_rules, preset_rules, register, unregister
from scorekeeper.games.cards import DECK_CARDS
from scorekeeper.league_sheet import (
    Sheet,
    parse_date,
    read_sheet,
    rows_phrase,
    sheet_nights,
    sheet_rules,
    sitting_line,
)
from scorekeeper.night import score_night
from tests.third_game import HEADS_OR_TAILS

SHEET = """\
date,hands,Ann,Bob,Zoë,Cal,table
2013-09-04,14,12,-7,,-5,1
9/11/2013,,-3,,8,-5,
"""


def read(text: str | bytes) -> Sheet:
    sheet, problems = read_sheet(text.encode("utf-8") if isinstance(text, str) else text)
    assert sheet is not None and problems == [], problems
    return sheet


def problems_of(text: str | bytes) -> list[str]:
    sheet, problems = read_sheet(text.encode("utf-8") if isinstance(text, str) else text)
    assert problems, sheet
    return [str(p) for p in problems]


def sittings(sheet: Sheet) -> list[tuple[int, str, dict[str, int], int, str | None]]:
    return [(s.row, s.date.isoformat(), dict(s.points), s.hands, s.table) for s in sheet.sittings]


def test_a_row_a_sitting_each_player_with_a_value_seated_in_column_order() -> None:
    sheet = read(SHEET)
    assert sittings(sheet) == [
        (2, "2013-09-04", {"Ann": 12, "Bob": -7, "Cal": -5}, 14, "1"),
        (3, "2013-09-11", {"Ann": -3, "Zoë": 8, "Cal": -5}, 1, None),
    ]
    assert list(sheet.sittings[1].points) == ["Ann", "Zoë", "Cal"]
    assert [str(c) for c in sheet.players] == [
        "column 3 (C) 'Ann'",
        "column 4 (D) 'Bob'",
        "column 5 (E) 'Zoë'",
        "column 6 (F) 'Cal'",
    ]
    assert sitting_line(sheet.sittings[0]) == (
        "row 2: 2013-09-04, table 1: Ann +12, Bob -7, Cal -5 (14 hands)"
    )


QUOTED = "\n".join(",".join(f'"{c}"' for c in line.split(",")) for line in SHEET.splitlines())
SHAPES = {
    "Excel's BOM and semicolons": b"\xef\xbb\xbf" + SHEET.replace(",", ";").encode(),
    "tabs": SHEET.replace(",", "\t").encode(),
    "CRLF": SHEET.replace("\n", "\r\n").encode(),
    "every cell quoted": QUOTED.encode(),
    "a blank row above, empty cells and rows after": (
        "\n" + SHEET.replace("\n", ",,\n") + ",,,,\n\n"
    ).encode(),
}


@pytest.mark.parametrize("name", SHAPES)
def test_the_shapes_spreadsheets_save_read_the_same(name: str) -> None:
    data = SHAPES[name]
    expected = sittings(read(SHEET))
    shifted = 1 if data.startswith(b"\n") else 0
    assert [(r - shifted, *rest) for r, *rest in sittings(read(data))] == expected


def test_a_quoted_cell_holds_the_separator_a_doubled_quote_and_a_line_break() -> None:
    sheet = read(
        'date;"Smith; Jr.";"Ann ""the hammer""";"Bob\nB.";Cal\n'
        '2013-09-04;"1";-2;"+3";"-2"\n'
        "2013-09-05;1;1;1;-3\n"
    )
    assert [c.player for c in sheet.players] == ["Smith; Jr.", 'Ann "the hammer"', "Bob B.", "Cal"]
    assert sittings(sheet)[0][2] == {
        "Smith; Jr.": 1,
        'Ann "the hammer"': -2,
        "Bob B.": 3,
        "Cal": -2,
    }
    assert sheet.separator == ";"


def test_names_are_put_in_their_stored_form() -> None:
    decomposed = "Zoe\u0308"
    sheet = read(f"Date, Ｚｏë ,{decomposed} Q.,Ann\n2013-09-04,1,1,-2\n")
    assert [c.player for c in sheet.players] == ["Zoë", "Zoë Q.", "Ann"]


@pytest.mark.parametrize(
    ("written", "date"),
    [
        ("2013-09-04", "2013-09-04"),
        ("2013-9-4", "2013-09-04"),
        ("2013/9/4", "2013-09-04"),
        ("2013/09/04", "2013-09-04"),
        ("9/4/2013", "2013-09-04"),
        ("09/04/2013", "2013-09-04"),
        ("4.9.2013", "2013-09-04"),
        ("04.09.2013", "2013-09-04"),
        ("2/29/2016", "2016-02-29"),
    ],
)
def test_dates_in_the_usual_spellings(written: str, date: str) -> None:
    assert parse_date(written) == (dt.date.fromisoformat(date), None)


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("4.9.13", "is not a date this import reads: write 2013-09-04, 2013/9/4, 9/4/2013"),
        ("9/4/13", "the year in four digits"),
        ("13/9/2013", "'13/9/2013' (month/day/year) is not a real date (there is no month 13)"),
        ("2013-02-30", "'2013-02-30' is not a real date (February 2013 has 28 days)"),
        ("31.4.2013", "'31.4.2013' (day.month.year) is not a real date (April 2013 has 30 days)"),
        ("2013-9/4", "is not a date this import reads"),
        ("Sept 4, 2013", "is not a date this import reads"),
        ("0000-01-01", "'0000-01-01' is not a real date (the years start at 0001)"),
        ("2013-09-04T20:00", "is not a date this import reads"),
    ],
)
def test_dates_that_cannot_be_read_are_refused_never_guessed(written: str, says: str) -> None:
    date, problem = parse_date(written)
    assert date is None and problem is not None and says in problem


BAD = [
    (
        "a spreadsheet's own total column",
        "date,Ann,Bob,Cal,Total\n2013-09-04,3,-1,-2,0\n",
        [
            "row 1, column 5 (E) 'Total': a column of totals or checks is not a player: "
            "leave it out of the file (or write the player's name with more to it)"
        ],
    ),
    (
        "a German sheet's own sum column",
        "date,Ann,Bob,Cal,Summe\n2013-09-04,3,-1,-2,0\n",
        ["row 1, column 5 (E) 'Summe': a column of totals or checks is not a player"],
    ),
    (
        "a row that does not sum to zero",
        "date,Ann,Bob,Cal\n2013-09-04,3,-1,-1\n",
        ["row 2: the points add up to +1, not 0: a sitting is zero-sum"],
    ),
    (
        "an unknown date",
        "date,Ann,Bob,Cal\n4.9.13,1,-1,0\n",
        ["row 2, column 1 (A) 'date': '4.9.13' is not a date this import reads"],
    ),
    (
        "a missing date",
        "date,Ann,Bob,Cal\n,1,-1,0\n",
        ["row 2, column 1 (A) 'date': missing: every sitting needs its date"],
    ),
    (
        "a name in two columns",
        "date,Zoë,Bob,ZOE\u0308,Cal\n2013-09-04,1,-1,,0\n",
        ["row 1, column 4 (D) 'ZOE\u0308': the same player as column 2 (B) 'Zoë'"],
    ),
    (
        "a decimal",
        "date,Ann,Bob,Cal\n2013-09-04,1.5,-1.5,0\n",
        [
            "row 2, column 2 (B) 'Ann': '1.5' is not a whole number of points",
            "row 2, column 3 (C) 'Bob': '-1.5' is not a whole number of points",
        ],
    ),
    (
        "a word",
        "date,Ann,Bob,Cal\n2013-09-04,abc,-1,1\n",
        ["row 2, column 2 (B) 'Ann': 'abc' is not a whole number of points"],
    ),
    ("an empty file", "", ["file: is empty"]),
    ("only blank lines", "\n  \n;;\n", ["file: is empty"]),
    (
        "no date column",
        "day,Ann,Bob,Cal\n2013-09-04,1,-1,0\n",
        ["row 1: no column is headed 'date'"],
    ),
    (
        "a header and no sittings",
        "date,Ann,Bob,Cal\n",
        ["file: has a header row but no sittings under it"],
    ),
    (
        "too few players",
        "date,Ann,Bob,Cal\n2013-09-04,1,-1,\n",
        ["row 2: 2 players (Ann, Bob) have points; a sitting seats 3 to 8"],
    ),
    (
        "one player",
        "date,Ann,Bob,Cal\n2013-09-04,0,,\n",
        ["row 2: 1 player (Ann) has points; a sitting seats 3 to 8"],
    ),
    (
        "nobody",
        "date,Ann,Bob,Cal\n2013-09-04,,,\n",
        ["row 2: no player has points; a sitting seats 3 to 8"],
    ),
    (
        "nine players",
        "date," + ",".join("ABCDEFGHI") + "\n2013-09-04,8" + ",-1" * 8 + "\n",
        ["row 2: 9 players (A, B, C, D, E, F, G, H, I) have points; a sitting seats 3 to 8"],
    ),
    (
        "a value under no header",
        "date,Ann,Bob,Cal\n2013-09-04,1,-1,0,7\n",
        ["row 1, column 5 (E): no name in the header, but row 2 has a value under it"],
    ),
    (
        "a bad hands cell",
        "date,hands,Ann,Bob,Cal\n2013-09-04,0,1,-1,0\n2013-09-05,x,1,-1,0\n",
        [
            "row 2, column 2 (B) 'hands': 0 is not between 1 and 100,000",
            "row 3, column 2 (B) 'hands': 'x' is not a whole number of hands",
        ],
    ),
    (
        "a name that cannot be stored",
        "date,Ann,B\x1bob,Cal\n2013-09-04,1,-1,0\n",
        ["row 1, column 3 (C) 'B\\x1bob': 'B\\x1bob' contains a control character"],
    ),
    (
        "two date columns",
        "date,Ann,Date,Bob,Cal\n2013-09-04,1,2013-09-04,-1,0\n",
        ["row 1, column 3 (C) 'Date': a second date column: column 1 (A) 'date'"],
    ),
    (
        "an amount past what is kept",
        "date,Ann,Bob,Cal\n2013-09-04,2000000000000,-2000000000000,0\n",
        [
            "row 2, column 2 (B) 'Ann': 2,000,000,000,000 is not between -1,000,000,000,000 "
            "and 1,000,000,000,000",
            "row 2, column 3 (C) 'Bob': -2,000,000,000,000 is not between",
        ],
    ),
    (
        "a quote never closed",
        'date,Ann,Bob,Cal\n2013-09-04,"1,-1,0\n',
        ["line 2: cannot be read"],
    ),
]


@pytest.mark.parametrize(("case", "text", "expected"), BAD, ids=[case for case, _, _ in BAD])
def test_each_bad_sheet_names_the_row_and_column(case: str, text: str, expected: list[str]) -> None:
    found = problems_of(text)
    assert len(found) == len(expected), found
    for line, start in zip(found, expected, strict=True):
        assert line.startswith(start), (case, line)


@pytest.fixture
def german():
    """The words in German for one test (the language is the process's: English again
    after it)."""
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_in_german_every_problem_still_names_its_row_and_column(german) -> None:
    """A German user reads each problem in German, named by row and column as a
    spreadsheet shows them, the header as the file writes it; numbers are grouped the
    German way."""
    text = (
        "date,Ann,Bob,Cal\n"
        "31.4.2013,1.5,-1,0\n"
        "2013-09-05,2000000000000,-2000000000000,0\n"
        "2013-09-06,3,-1,-1\n"
    )
    assert problems_of(text) == [
        "Zeile 2, Spalte 1 (A) 'date': '31.4.2013' (Tag.Monat.Jahr) ist kein echtes Datum "
        "(der April 2013 hat 30 Tage)",
        "Zeile 2, Spalte 2 (B) 'Ann': '1.5' ist keine ganze Punktzahl",
        "Zeile 3, Spalte 2 (B) 'Ann': 2.000.000.000.000 liegt nicht zwischen "
        "-1.000.000.000.000 und 1.000.000.000.000",
        "Zeile 3, Spalte 3 (C) 'Bob': -2.000.000.000.000 liegt nicht zwischen "
        "-1.000.000.000.000 und 1.000.000.000.000",
        "Zeile 4: die Punkte ergeben zusammen +1, nicht 0: ein Abend geht auf null auf",
    ]


def test_in_german_the_headers_are_still_the_files_english_ones(german) -> None:
    """The file format stays English whatever the app speaks: 'date', 'hands' and
    'table' are read, and a column headed 'Datum' is no date column."""
    sheet = read("date,hands,table,Ann,Bob,Cal\n2013-09-04,14,1,12,-7,-5\n")
    assert sitting_line(sheet.sittings[0]) == (
        "Zeile 2: 2013-09-04, Tisch 1: Ann +12, Bob -7, Cal -5 (14 Spiele)"
    )
    assert problems_of("Datum,Ann,Bob,Cal\n2013-09-04,1,-1,0\n")[0].startswith(
        "Zeile 1: keine Spalte hat die Überschrift 'date'"
    )


def test_not_utf8_is_named_by_its_line() -> None:
    assert problems_of("date,Ann\n2013-09-04,Andr\xe9\n".encode("latin-1")) == [
        "line 2: is not UTF-8 text (the byte 0xE9): save the sheet as 'CSV UTF-8'"
    ]


def test_every_problem_of_the_file_is_listed_at_once_and_good_rows_still_read() -> None:
    sheet, problems = read_sheet(
        b"date,hands,Ann,Bob,Cal,Dee\n"
        b"2013-09-04,2,1,-1,0,\n"  # good
        b"2013-09-05,,3,-1,-1,\n"  # +1
        b"4.9.13,,1,-1,0,\n"  # a date
        b"2013-09-07,,1.5,abc,0,\n"  # two cells
        b"2013-09-08,,1,,,\n"  # one player
        b"2013-09-09,,1,-2,1,0\n"  # good
    )
    assert sheet is not None
    assert [s.row for s in sheet.sittings] == [2, 7]
    assert sheet.rows == 6
    assert [p.field for p in problems] == [
        "row 3",
        "row 4, column 1 (A) 'date'",
        "row 5, column 3 (C) 'Ann'",
        "row 5, column 4 (D) 'Bob'",
        "row 6",
    ]


def test_a_player_may_be_called_as_a_blank_column_is() -> None:
    sheet = read("date,,Unused,Ann,Bob\n2013-09-04,,1,-1,0\n")
    assert [c.player for c in sheet.players] == ["Unused", "Ann", "Bob"]


def test_columns_past_z_are_lettered_as_a_spreadsheet_does() -> None:
    names = [f"P{i}" for i in range(1, 30)]
    text = "date," + ",".join(names) + "\n2013-09-04,1,-1,0" + "," * 26 + "x\n"
    assert problems_of(text) == ["row 2, column 30 (AD) 'P29': 'x' is not a whole number of points"]


def test_rows_are_named_compactly() -> None:
    assert rows_phrase([5]) == "row 5"
    assert rows_phrase([9, 2, 3, 4, 7]) == "rows 2-4, 7 and 9"
    assert rows_phrase([1, 3]) == "rows 1 and 3"


# -- the nights ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", [p for p in all_presets() if "schafkopf" not in p])
@pytest.mark.parametrize("players", range(3, 9))
def test_every_sheepshead_preset_deals_three_to_eight_all_in(preset: str, players: int) -> None:
    base = preset_rules(preset)
    rules, problems = parse_rules({**base.to_json(), **base.deal_all_in(players)})
    assert rules is not None, problems
    assert rules.dealt_in == players
    assert rules.dealt_in * rules.tricks + rules.blind == DECK_CARDS


def test_a_sitting_is_a_night_of_one_result_hand_everyone_dealt_in() -> None:
    sheet = read(SHEET + "2013-09-18,,3,-1,-1,-1,\n")
    rules, problems = sheet_rules(None, None, 25)
    assert rules is not None and problems == []
    documents, problems = sheet_nights(sheet, rules, league="History", season="2013")
    assert problems == [] and len(documents) == 3
    first = documents[0]
    assert first == {
        "format": "sheepshead-night/1",
        "date": "2013-09-04",
        "league": "History",
        "season": "2013",
        "table": "1",
        "rules": {"preset": "classic-5", "dealt_in": 3, "tricks": 10, "stake_cents": 25},
        "players": ["Ann", "Bob", "Cal"],
        "hands": [{"type": "result", "points": {"Ann": 12, "Bob": -7, "Cal": -5}, "hands": 14}],
        "closed": True,  # a night played and added up on paper,
        "settled": True,  # its money handed over at the table: no debts
    }
    for document in documents:
        night, found = load_night(document)
        assert night is not None, found
        result = score_night(night)
        assert result.total_points == document["hands"][0]["points"]
    assert documents[2]["rules"] == {
        "preset": "classic-5",
        "dealt_in": 4,
        "tricks": 8,
        "blind": 0,
        "stake_cents": 25,
    }


def test_rows_a_game_cannot_deal_all_in_are_named_together() -> None:
    sheet = read(
        "date,A,B,C,D,E\n"
        "2013-09-04,1,-1,0,,\n"
        "2013-09-05,1,-1,0,0,\n"
        "2013-09-06,1,-1,0,,\n"
        "2013-09-07,1,-1,0,0,0\n"
    )
    rules, _ = sheet_rules(None, "schafkopf", None)
    assert rules is not None
    documents, problems = sheet_nights(sheet, rules, league="L")
    assert [str(p) for p in problems] == [
        "rows 2 and 4 (3 players each): schafkopf cannot deal 3 players in (Schafkopf deals "
        "four players in, eight cards each (six with the short deck of 24), no blind)",
        "row 5 (5 players each): schafkopf cannot deal 5 players in (Schafkopf deals four "
        "players in, eight cards each (six with the short deck of 24), no blind)",
    ]
    assert [d["date"] for d in documents] == ["2013-09-05"]


def test_the_rules_come_from_the_preset_else_the_league_and_the_stake_from_its_flag() -> None:
    league = preset_rules("penny").with_options({"stake_cents": 10})
    assert sheet_rules(league, None, None)[0] == league
    rules = sheet_rules(league, "six-handed", 50)[0]
    assert rules is not None and (rules.preset, rules.stake_cents) == ("six-handed", 50)
    rules, problems = sheet_rules(league, None, -1)
    assert rules is None and [p.field for p in problems] == ["stake_cents"]


def test_a_game_without_a_result_hand_is_refused_by_its_preset() -> None:
    register(HEADS_OR_TAILS)
    try:
        rules, problems = sheet_rules(preset_rules("heads-or-tails"), None, None)
    finally:
        unregister(HEADS_OR_TAILS)
    assert rules is None
    assert [str(p) for p in problems] == [
        "preset: heads-or-tails plays no result hand, which each sitting is filed as: "
        "choose the rules of a game that does"
    ]


def test_cents_past_what_is_kept_are_named_by_row_and_column() -> None:
    sheet = read("date,Ann,Bob,Cal\n2013-09-04,2000000000,-2000000000,0\n")
    rules, _ = sheet_rules(None, None, 1000)
    assert rules is not None
    _, problems = sheet_nights(sheet, rules, league="L")
    assert [p.field for p in problems] == ["row 2, column 2 (B) 'Ann'", "row 2, column 3 (C) 'Bob'"]


# -- any well-formed sheet reads back as it was written -----------------------------------

NAMES = ["Ann", "Bob", "Zoë", "Łukasz", "O'Neil", "Smith, Jr.", 'Ed "Ace"', "Cal", "Dee"]


@st.composite
def written_sheets(draw: st.DrawFn) -> tuple[bytes, list[tuple[dt.date, dict[str, int], int]]]:
    """A sheet as a spreadsheet might save it, and the sittings it holds."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=len(NAMES), unique=True))
    rows = []
    for _ in range(draw(st.integers(1, 12))):
        seated = draw(
            st.lists(st.sampled_from(names), min_size=3, max_size=min(8, len(names)), unique=True)
        )
        values = draw(
            st.lists(st.integers(-500, 500), min_size=len(seated) - 1, max_size=len(seated) - 1)
        )
        points = dict(zip(seated, [*values, -sum(values)], strict=True))
        date = draw(st.dates(dt.date(1990, 1, 1), dt.date(2040, 12, 31)))
        rows.append((date, {n: points[n] for n in names if n in points}, draw(st.integers(1, 40))))
    separator = draw(st.sampled_from([",", ";", "\t"]))
    quoting = draw(st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
    spelling = draw(st.sampled_from(["iso", "us", "dots", "slashes"]))
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, quoting=quoting, lineterminator="\r\n")
    writer.writerow(["Date", "Hands", *names])
    for date, points, hands in rows:
        written = {
            "iso": date.isoformat(),
            "us": f"{date.month}/{date.day}/{date.year}",
            "dots": f"{date.day}.{date.month}.{date.year}",
            "slashes": f"{date.year}/{date.month}/{date.day}",
        }[spelling]
        cells = [str(points[n]) if n in points else "" for n in names]
        writer.writerow([written, str(hands), *cells])
    bom = b"\xef\xbb\xbf" if draw(st.booleans()) else b""
    return bom + buffer.getvalue().encode("utf-8"), rows


@settings(max_examples=150, deadline=None)
@given(written_sheets())
def test_any_well_formed_sheet_reads_back_as_written(case) -> None:
    data, rows = case
    sheet = read(data)
    assert [(s.date, dict(s.points), s.hands) for s in sheet.sittings] == rows
    assert [list(s.points) for s in sheet.sittings] == [list(p) for _, p, _ in rows]
