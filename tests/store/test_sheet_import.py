"""A league's spreadsheet filed (`store/sheet_import.py`), on SQLite and PostgreSQL: ten
years of sittings whose month and year standings are the plain sums of the file; each
column matched to the stored players; a bad sheet refused whole, the database unchanged;
and any well-formed sheet round-trips into standings."""

from __future__ import annotations

import calendar
import datetime as dt
import itertools
from collections import Counter, defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from sqlmodel import SQLModel

from benchmarks.import_sheet import ten_year_rows, ten_year_sheet
from scorekeeper.games import preset_rules
from scorekeeper.league_sheet import read_sheet
from scorekeeper.problems import InvalidNight
from scorekeeper.standings import StandingsOptions
from scorekeeper.store import night_import
from scorekeeper.store.backup import dump_rows
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import Period, save_league, standings
from scorekeeper.store.night_history import set_deleted
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.people import retire_player
from scorekeeper.store.sheet_import import SheetPlan, describe_plan, file_sheet, plan_sheet
from tests.core.test_league_sheet import BAD, written_sheets
from tests.sheet import night_doc, pick

LEAGUE = "Badger State Sheepshead League"
BY_POINTS = StandingsOptions(rank_by="points")


def plan(db: Database, data: bytes, league: str = LEAGUE, **flags: Any) -> SheetPlan:
    sheet, problems = read_sheet(data)
    assert sheet is not None, problems
    return plan_sheet(db, sheet, league=league, problems=problems, **flags)


def every_row(db: Database) -> dict[str, Any]:
    """Every row of every table: what "the database is unchanged" means."""
    with db.engine.connect() as connection:
        tables: dict[str, Any] = dump_rows(connection, SQLModel.metadata, "")["tables"]
        return tables


def table(db: Database, period: Period) -> dict[str, tuple[int, int, int]]:
    """Each player's points, nights and hands in the period's standings."""
    return {
        s.player: (s.points, s.nights, s.hands) for s in standings(db, period, BY_POINTS).everyone
    }


def test_ten_years_of_sittings_give_the_plain_sums_of_the_file_by_month_and_year(
    db: Database,
) -> None:
    names, rows = ten_year_rows()
    assert len(rows) == 3000 and len(names) == 25
    ready = plan(db, ten_year_sheet())
    assert ready.ready, ready.problems[:5]
    ids = file_sheet(db, ready)
    assert len(ids) == 3000
    months: dict[tuple[int, int], dict[str, list[int]]] = defaultdict(dict)
    for row in rows:
        for year_month in ((row.date.year, row.date.month), (row.date.year, 0)):
            sums = months[year_month]
            for player, points in row.points.items():
                line = sums.setdefault(player, [0, 0, 0])
                line[0] += points
                line[1] += 1
                line[2] += row.hands
    for (year, month), sums in months.items():
        if month:
            since = dt.date(year, month, 1)
            until = dt.date(year, month, calendar.monthrange(year, month)[1])
        else:
            since, until = dt.date(year, 1, 1), dt.date(year, 12, 31)
        expected = {player: tuple(line) for player, line in sums.items()}
        assert table(db, Period(LEAGUE, since=since, until=until)) == expected, (year, month)
    everyone = table(db, Period(LEAGUE))
    assert sum(points for points, _, _ in everyone.values()) == 0
    assert sum(nights for _, nights, _ in everyone.values()) == sum(len(r.points) for r in rows)


def test_each_column_is_matched_to_the_stored_player_by_name_key(db: Database) -> None:
    night_import.import_night(db, night_doc("three-handed", [], ["Zoë", "Hal", "Ann"]))
    retire_player(db, name="Hal")
    sheet = 'date,ZOE\u0308,hal,Newbie,"Smith, Jr."\n2013-09-04,3,-1,-1,-1\n'
    ready = plan(db, sheet.encode(), season="History", stake_cents=25)
    assert ready.ready, ready.problems
    assert [str(p) for p in ready.players] == [
        "column 2 (B) 'ZOE\u0308' -> existing player Zoë",
        "column 3 (C) 'hal' -> existing player Hal (retired)",
        "column 4 (D) 'Newbie' -> new player Newbie",
        "column 5 (E) 'Smith, Jr.' -> new player Smith, Jr.",
    ]
    assert describe_plan(ready)[-3:] == [
        f"Into league '{LEAGUE}' (new), season 'History' (new).",
        "Rules: classic-5 at 25 cents a point, every player of a sitting dealt in.",
        "1 night of one result hand each, 2013-09-04 to 2013-09-04, standing for 1 played hand.",
    ]
    file_sheet(db, ready)
    assert table(db, Period(LEAGUE, "History")) == {
        "Zoë": (3, 1, 1),
        "Hal": (-1, 1, 1),
        "Newbie": (-1, 1, 1),
        "Smith, Jr.": (-1, 1, 1),
    }
    again = plan(db, sheet.encode(), season="History")
    assert (again.league_exists, again.season_exists) == (True, True)
    assert all(p.existing for p in again.players)


def test_a_sheet_imported_again_is_refused_by_row_naming_the_stored_night(
    db: Database,
) -> None:
    sheet = b"date,Ann,Bob,Cal\n2013-09-04,3,-1,-2\n2013-09-11,-3,1,2\n"
    first = file_sheet(db, plan(db, sheet))
    before = every_row(db)
    with pytest.raises(StorageError) as refused:
        file_sheet(db, plan(db, sheet))
    said = str(refused.value)
    # Each by the league and date people know it by, and the id --night takes.
    assert f"row 2: already stored as “{LEAGUE} · 9/4/13” (night {first[0]}:" in said
    assert f"row 3: already stored as “{LEAGUE} · 9/11/13” (night {first[1]}:" in said
    assert said.endswith("nothing was imported") and every_row(db) == before


def test_a_whole_sheet_imported_again_is_said_in_a_few_lines(db: Database) -> None:
    rows = "".join(f"2013-09-{day:02d},3,-1,-2\n" for day in range(1, 21))
    sheet = f"date,Ann,Bob,Cal\n{rows}".encode()
    file_sheet(db, plan(db, sheet))
    with pytest.raises(StorageError) as refused:
        file_sheet(db, plan(db, sheet))
    said = str(refused.value)
    assert said.count("already stored as “") == 5
    assert said.endswith("and 15 more rows stored already; nothing was imported")


def test_a_sheet_imported_again_under_another_stake_or_column_order_is_still_stored(
    db: Database,
) -> None:
    """What was played is the date, the players and their points: the stake, the
    preset and the order of the columns are the import's choices, not the sitting's."""
    file_sheet(db, plan(db, b"date,Ann,Bob,Cal\n2013-09-04,3,-1,-2\n"))
    before = every_row(db)
    for again, flags in [
        (b"date,Ann,Bob,Cal\n2013-09-04,3,-1,-2\n", {"stake_cents": 10}),
        (b"date,Cal,Ann,Bob\n2013-09-04,-2,3,-1\n", {}),
        (b"date,Ann,Bob,Cal\n2013-09-04,3,-1,-2\n", {"preset": "three-handed"}),
    ]:
        with pytest.raises(StorageError, match=r"row 2: already stored as “.*” \(night 1:"):
            file_sheet(db, plan(db, again, league="Another League", **flags))
        assert every_row(db) == before


def test_a_sitting_typed_twice_in_one_sheet_is_refused_by_its_rows(db: Database) -> None:
    sheet = b"date,Ann,Bob,Cal\n2013-09-04,3,-1,-2\n2013-09-04,3,-1,-2\n"
    before = every_row(db)
    with pytest.raises(StorageError, match="row 3: the same night as row 2"):
        file_sheet(db, plan(db, sheet))
    assert every_row(db) == before


def test_the_nights_take_the_seasons_rules_and_deal_every_player_in(db: Database) -> None:
    save_league(db, name=LEAGUE, rules=preset_rules("penny").with_options({"stake_cents": 10}))
    ids = file_sheet(
        db,
        plan(db, b"date,table,A,B,C,D,E,F,G,H\n2013-09-04,2,7,-1,-1,-1,-1,-1,-1,-1\n"),
    )
    document = night_import.export_night(db, night_id=ids[0])
    assert document["rules"] == {
        "preset": "penny",
        "dealt_in": 8,
        "tricks": 4,
        "blind": 0,
        "stake_cents": 10,
    }
    assert document["players"] == list("ABCDEFGH") and document["table"] == "2"
    assert document["hands"] == [
        {"type": "result", "points": {"A": 7, **dict.fromkeys("BCDEFGH", -1)}}
    ]


@pytest.mark.parametrize(("case", "text", "expected"), BAD, ids=[case for case, _, _ in BAD])
def test_a_bad_sheet_is_refused_whole_and_the_database_is_unchanged(
    db: Database, case: str, text: str, expected: list[str]
) -> None:
    night = night_doc("classic-5", [pick("Bob", "Dee", points=74, tricks=4)])
    night_import.import_night(db, {**night, "league": LEAGUE})
    header, _, rows = text.partition("\n")
    if header == "date,Ann,Bob,Cal" and rows:  # a good row above the bad: not filed either
        text = f"{header}\n2013-09-01,1,-1,0\n{rows}"
    before = every_row(db)
    sheet, problems = read_sheet(text.encode())
    assert problems
    if sheet is not None:
        refused = plan_sheet(db, sheet, league=LEAGUE, problems=problems)
        assert not refused.ready
        with pytest.raises(InvalidNight) as error:
            file_sheet(db, refused)
        assert [str(p) for p in error.value.problems] == [str(p) for p in problems]
    assert every_row(db) == before


def test_rows_the_leagues_game_cannot_deal_are_refused_by_row(db: Database) -> None:
    save_league(db, name=LEAGUE, rules=preset_rules("schafkopf"))
    before = every_row(db)
    refused = plan(db, b"date,A,B,C,D,E\n2013-09-04,1,-1,0,0,\n2013-09-05,1,-1,0,0,0\n")
    assert [p.field for p in refused.problems] == ["row 3 (5 players each)"]
    with pytest.raises(InvalidNight):
        file_sheet(db, refused)
    assert every_row(db) == before


def test_a_failure_while_filing_writes_nothing(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = every_row(db)
    ready = plan(db, ten_year_sheet(rows=50))
    assert ready.ready

    def fail(*_: Any) -> None:
        raise RuntimeError("the disk filled up")

    monkeypatch.setattr(night_import, "insert_cache", fail)  # after nights, seats, hands
    with pytest.raises(RuntimeError):
        file_sheet(db, ready)
    assert every_row(db) == before


_leagues = itertools.count()


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(case=written_sheets())
def test_any_well_formed_sheet_imports_and_its_sums_are_the_standings(
    db: Database, case: tuple[bytes, list[tuple[dt.date, dict[str, int], int]]]
) -> None:
    data, rows = case
    # Two rows alike (the date, every point, the hands) are one sitting typed twice: the
    # import refuses the second (test_a_sheet_imported_again_...); here each is its own.
    assume(len({(d, tuple(sorted(p.items())), h) for d, p, h in rows}) == len(rows))
    league = f"Property {next(_leagues)}"
    for stored in list_nights(db):  # an earlier example's same sitting would be a duplicate
        set_deleted(db, night_id=stored.id, deleted=True)
    file_sheet(db, plan(db, data, league=league))
    sums: dict[str, list[int]] = {}
    nights: Counter[str] = Counter()
    for _, points, hands in rows:
        for player, value in points.items():
            line = sums.setdefault(player, [0, 0])
            line[0] += value
            line[1] += hands
            nights[player] += 1
    expected = {p: (points, nights[p], hands) for p, (points, hands) in sums.items()}
    assert table(db, Period(league)) == expected


def test_a_sheet_filed_into_a_league_takes_the_rules_and_stake_of_its_nights(
    db: Database,
) -> None:
    """A league whose every night was played at 25 cents, its rules never set: the
    sheet's sittings are planned at 25 cents under its game (they were planned at the
    first preset's 5 cents)."""
    document = {
        "format": "sheepshead-night/1",
        "rules": {"preset": "jack-of-diamonds-5", "stake_cents": 25},
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": [],
        "league": "Office",
        "date": "2026-11-03",
    }
    night_import.import_night(db, document)
    planned = plan(db, b"date;Ann;Bob\n2013-09-04;3;-3\n", league="Office")
    assert planned.rules is not None
    assert (planned.rules.preset, planned.rules.stake_cents) == ("jack-of-diamonds-5", 25)
    assert "Rules: jack-of-diamonds-5 at 25 cents a point" in "\n".join(describe_plan(planned))


def test_the_same_scores_at_two_tables_of_one_date_are_two_sittings(db: Database) -> None:
    """Issue 34, point 10: two sittings of one date with the same players' scores at two
    tables were refused as one ("the same night as row 2"), and --skip-existing dropped
    the second; the table tells them apart (the league still does not: the same sitting
    imported into another league is stored already)."""
    sheet = b"date,table,Ann,Bob,Cal\n2013-09-04,1,0,0,0\n2013-09-04,2,0,0,0\n"
    ids = file_sheet(db, plan(db, sheet))
    assert len(ids) == 2
    with pytest.raises(StorageError, match=r"row 2: already stored as"):
        file_sheet(db, plan(db, sheet, league="Another League"))
    assert file_sheet(db, plan(db, sheet), skip_existing=True) == []


def test_sittings_come_in_closed_and_settled_at_the_table(db: Database) -> None:
    """Issue 33, point 6: sittings from a sheet came in as open nights (the newest one
    then the night the app opened on); filed closed, each settlement became a league
    debt nobody typed (found in review). A sitting is closed and settled at the table:
    no debt carried, its Settle up all paid, and it exports and imports so."""
    from scorekeeper.store.money import league_money, night_settled
    from scorekeeper.store.night_import import export_night, import_night
    from scorekeeper.store.night_reads import night_result
    from scorekeeper.store.tonight import is_closed, night_to_reopen

    tonight = night_import.import_night(db, night_doc("three-handed", [], ["Zoë", "Hal", "Ann"]))
    sheet = "date,Ann,Bob,Cal\n2015-09-04,3,-1,-2\n2015-09-11,-3,1,2\n"
    file_sheet(db, plan(db, sheet.encode(), stake_cents=25))
    sittings = [n.id for n in list_nights(db) if n.id != tonight]
    assert len(sittings) == 2 and all(is_closed(db, night_id=n) for n in sittings)
    assert night_to_reopen(db) == tonight
    money = league_money(db, league=LEAGUE)
    assert money.debts == () and set(money.balances.values()) <= {0}
    for night_id in sittings:
        settlement = night_result(db, night_id=night_id).settlement
        assert settlement and all(
            row.owed == 0 for row in night_settled(db, night_id=night_id, settlement=settlement)
        )
    document = export_night(db, night_id=sittings[0])
    assert (document["closed"], document["settled"]) == (True, True)
    set_deleted(db, night_id=sittings[0], deleted=True)
    again = import_night(db, document)
    assert export_night(db, night_id=again)["settled"] is True
    assert league_money(db, league=LEAGUE).debts == ()
