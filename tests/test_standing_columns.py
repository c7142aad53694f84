"""Every door's standings come from the one declaration of their columns
(scorekeeper/standing_columns.py): the command line's table, the spreadsheet, the league
report, the league window and the phones' pages show the same columns where they show
them, headed alike,
in one order, and the same text for the same value (they differed: points '16' here and
'+16' there, a player listed apart '-' or '—')."""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
from PySide6.QtCore import Qt

from scorekeeper.reports.build import league_data
from scorekeeper.reports.sheets import standings_sheet
from scorekeeper.sample import sample_league_documents
from scorekeeper.standing_columns import EVERY, standing_columns
from scorekeeper.standings import Standings, StandingsOptions
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.league import Period, league_info, save_league, standings
from scorekeeper.store.night_import import import_night
from scorekeeper.web.pages import Address, page
from tests.cli.test_store_cli import run
from tests.sheet import night_doc

SHEEPSHEAD, SCHAFKOPF = "Tuesday Night League", "Stammtisch"
# Ranked by placement points (the score shown beside them), four nights to qualify (two
# at the Stammtisch): some players are listed apart, unranked.
OPTIONS = StandingsOptions(rank_by="placement", min_nights=4)

Texts = dict[str, dict[str, str]]  # header -> player -> the text shown


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'doors.sqlite3'}"
    db = open_database(url)
    for document in sample_league_documents():
        import_night(db, document)
    hands = [
        {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 95, "tricks": 6},
        {"type": "solo", "declarer": "Bob", "game": "wenz", "points": 40, "tricks": 2},
    ]
    for date, fourth in (("2026-05-05", "Dee"), ("2026-05-12", "Eve")):
        four = ["Ann", "Bob", "Cal", fourth]
        document = {**night_doc("schafkopf", hands, four), "league": SCHAFKOPF, "date": date}
        import_night(db, document)
    save_league(db, name=SHEEPSHEAD, standings=OPTIONS)
    save_league(db, name=SCHAFKOPF, standings=replace(OPTIONS, min_nights=2))
    db.dispose()
    return url


def terminal(url: str, league: str, capsys: pytest.CaptureFixture[str]) -> Texts:
    """`scorekeeper standings`' tables (the qualified, then those listed apart), read
    back by column."""
    status, out, _ = run("--database", url, "standings", "--league", league, capsys=capsys)
    assert status == 0
    ranked, apart, *_rules = out.split("\n\n")
    lines = [*ranked.splitlines(), *apart.removeprefix("Not yet qualified:\n").splitlines()]
    rows = [re.split(r" {2,}", line.strip()) for line in lines]
    header = rows[0]
    assert header[0] == "#"
    body = [row for row in rows if row != header]
    return {h: {row[1]: row[i] for row in body} for i, h in enumerate(header)}


def paper(db: Database, league: str) -> Texts:
    report = league_data(db, league=league)
    body = report.qualified + report.not_qualified
    return {h: {row[1]: row[i] for row in body} for i, h in enumerate(report.header)}


def window(result: Standings, currency: str) -> Texts:
    from ui.league.models import StandingsModel

    model = StandingsModel()
    model.set_currency(currency)
    model.set_game(result.game)
    model.set_rows(result.everyone)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    players = [model.text(r, 1) for r in range(model.rowCount())]
    return {
        str(h): {p: model.text(r, c) for r, p in enumerate(players)} for c, h in enumerate(headers)
    }


class _Columns(HTMLParser):
    """A page's tables, each a list of rows, each row the words of its elements marked
    with a column (`data-column`; the money under the points is a column of its own)."""

    VOID: ClassVar[set[str]] = {"br", "img", "input", "meta", "link", "hr", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[dict[str, str]]] = []
        self.open: list[tuple[str, list[str]]] = []  # every element being read, its column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append({})
        column = dict(attrs).get("data-column") or ""
        if column:  # in the order the columns start
            self.tables[-1][-1][column] = ""
        if tag not in self.VOID:
            self.open.append((column, []))

    def handle_endtag(self, tag: str) -> None:
        column, words = self.open.pop()
        if column:
            self.tables[-1][-1][column] = "".join(words)

    def handle_data(self, data: str) -> None:
        marked = [words for column, words in self.open if column]
        if marked:  # the innermost marked element's words
            marked[-1].append(data)


def phone(db: Database, league: str) -> Texts:
    """The phones' standings page of LEAGUE: its last table (over all the nights), read
    back by the columns it marks."""
    reader = _Columns()
    reader.feed(page(db, Address("standings", league)).body)
    header, *body = reader.tables[-1]
    return {header[key]: {row["player"]: row[key] for row in body} for key in header}


@pytest.mark.parametrize("league", [SHEEPSHEAD, SCHAFKOPF])
def test_every_door_shows_the_declared_columns_and_their_text(
    url: str, league: str, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    db = open_database(url)
    try:
        result = standings(db, Period(league))
        currency = league_info(db, league=league).currency
        doors = {
            "terminal": terminal(url, league, capsys),
            "paper": paper(db, league),
            "window": window(result, currency),
            "phone": phone(db, league),
        }
    finally:
        db.dispose()
    assert result.not_qualified and result.qualified  # a rank and none are both shown
    every = standing_columns(result.game, EVERY)
    headers = [c.heading() for c in every]
    by_header = {c.heading(): c for c in every}
    for door, texts in doors.items():
        # The door's columns, in the declared order, each as declared.
        assert list(texts) == [h for h in headers if h in texts], door
        for header, cells in texts.items():
            column = by_header[header]
            assert cells == {s.player: column.text(s, currency) for s in result.everyone}, (
                door,
                header,
            )
    # The same value reads the same at every door that shows it: the points signed, a
    # player listed apart unranked alike.
    for header in ("#", "Points", "Money", "Pts/hand", "Score"):
        shown = [texts[header] for texts in doors.values() if header in texts]
        assert len(shown) >= 2 and all(cells == shown[0] for cells in shown), header
    assert "—" in doors["terminal"]["#"].values()
    # A phone shows the place, the player, the points and the money under them.
    assert list(doors["phone"]) == ["#", "Player", "Points", "Money"]
    assert doors["phone"]["#"] == doors["terminal"]["#"]
    assert any(text.startswith("+") for text in doors["paper"]["Points"].values())
    # The spreadsheet holds every column, headed for a file, each cell the raw value.
    sheet = standings_sheet(result.everyone, result.game)
    assert sheet.header == tuple(c.sheet_header for c in every)
    assert sheet.rows == tuple(tuple(c.value(s) for c in every) for s in result.everyone)
