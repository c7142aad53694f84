"""A tournament's paper read back with pypdf: the seating list with its seed, a card a
table, each table's sheet in its hand count with its dealers and lines to sign, the
standings, the payout list adding up to the pool; and `report pad --hands`."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper.formatting import money
from scorekeeper.games import preset_rules
from scorekeeper.reports import build, tournament_build
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.tournament_draw import draw_session
from scorekeeper.store.tournament_results import prize_list, record_totals, table_statuses
from scorekeeper.store.tournaments import create_tournament, register
from scorekeeper.tournament.day import Tournament

NAMES = ["Łukasz", "Zoë <b>&", "O'Neil", "Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


def pages(data: bytes) -> list[list[str]]:
    assert data.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(data))
    return [[line.strip() for line in page.extract_text().splitlines()] for page in reader.pages]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(f"sqlite:///{tmp_path / 'day.sqlite3'}")
    yield database
    database.dispose()


def day(db: Database, preset: str = "jack-of-diamonds-5", hands: int = 20) -> Tournament:
    tournament = create_tournament(
        db,
        name="Kohler Falls",
        date=dt.date(2026, 10, 4),
        rules=preset_rules(preset),
        sessions=3,
        hands=hands,
        entry_cents=2000,
    )
    register(db, tournament, NAMES if preset != "schafkopf" else [*NAMES, "Ida", "Jo"], paid=True)
    draw_session(db, tournament, 1, seed=4711)
    return tournament


def test_the_seating_list_is_alphabetical_with_table_seat_and_seed(db: Database) -> None:
    tournament = day(db)
    (page,) = pages(tournament_build.seating_pdf(db, tournament, 1))
    assert "Kohler Falls — session 1: seating" in page
    assert "Seed 4711: the same seed draws the same tables." in page
    assert any("1 table of 5 and 1 table of 6, whose dealer sits out" in line for line in page)
    text = "\n".join(page)
    positions = [text.index(name) for name in ("Ann", "Bob", "Łukasz", "O'Neil", "Zoë <b>&")]
    assert positions == sorted(positions)


def test_a_card_for_each_table_names_its_seats(db: Database) -> None:
    tournament = day(db)
    cards = pages(tournament_build.cards_pdf(db, tournament, 1))
    statuses = table_statuses(db, tournament, 1)
    assert len(cards) == len(statuses) == 2
    for card, status in zip(cards, statuses, strict=True):
        assert f"Table {status.number}" in card
        assert f"{status.players[0]} (deals first)" in card
        assert all(any(p in line for line in card) for p in status.players)
    six = next(card for card, s in zip(cards, statuses, strict=True) if len(s.players) == 6)
    assert "Session 1 · 24 hands, the dealer sits out" in six


@pytest.mark.parametrize(
    ("preset", "hands", "rows"),
    [
        ("jack-of-diamonds-5", 15, {5: 15, 6: 18}),
        ("jack-of-diamonds-5", 20, {5: 20, 6: 24}),
        ("schafkopf", 32, {4: 32, 5: 40}),
        ("schafkopf", 48, {4: 48, 5: 60}),
    ],
)
def test_each_table_sheet_has_a_row_a_hand_with_its_dealer(
    db: Database, preset: str, hands: int, rows: dict[int, int]
) -> None:
    tournament = day(db, preset, hands)
    statuses = table_statuses(db, tournament, 1)
    for status in statuses:
        data = tournament_build.sheets_pdf(db, tournament, 1, table=status.number)
        text = [line for page in pages(data) for line in page]
        count = rows[len(status.players)]
        dealers = rows_and_dealers(text)
        assert len(dealers) == count
        for number, dealer in enumerate(dealers):
            assert dealer == status.players[number % len(status.players)]
        struck = text.count("—")  # the dealer's cells, where the dealer sits out
        assert struck == (count if len(status.players) > tournament.rules.dealt_in else 0)
        assert "Checked and signed:" in text and "Official" in text
        assert f"Kohler Falls — session 1, table {status.number}" in text


def rows_and_dealers(text: list[str]) -> list[str]:
    """Each numbered row's dealer, in order: the cell after its number (each cell is a
    line of the page's text), from the first row to the Total."""
    start = text.index("total", text.index("Dealer"))
    numbers = text[start:]
    dealers, expected = [], 1
    for index, cell in enumerate(numbers):
        if cell == "Total":
            break
        if cell == str(expected):
            dealers.append(numbers[index + 1])
            expected += 1
    return dealers


def test_the_payout_list_adds_up_to_the_pool(db: Database) -> None:
    tournament = day(db)
    for status in table_statuses(db, tournament, 1):
        points = [5 * (len(status.players) - 1), *([-5] * (len(status.players) - 1))]
        record_totals(
            db, tournament, 1, status.number, dict(zip(status.players, points, strict=True))
        )
    prizes = prize_list(db, tournament)
    printed = pages(tournament_build.payout_pdf(db, tournament))
    page = [line for lines in printed for line in lines]
    assert "Kohler Falls — provisional prize list" in page
    assert prizes.pool == 11 * 2000 * 90 // 100 // 100 * 100
    rows = [page[i : i + 3] for i in range(len(page) - 2)]
    for award in prizes.awards:
        assert [award.what(), award.player, money(award.cents, "USD")] in rows
    total = prizes.pool - prizes.held  # sessions 2 and 3's top scorers' prizes held
    assert ["Total", money(total, "USD")] in [page[i : i + 2] for i in range(len(page))]
    assert any("Received (signature)" in line for line in page)
    # Printed after session 1 of 3: a heading says so, under the title.
    assert page[page.index("Kohler Falls — provisional prize list") + 1] == (
        "Provisional: sessions 2, 3 not drawn yet."
    )
    assert all("Kohler Falls — provisional prize list" in lines for lines in printed)


def test_the_standings_pdf_shows_penalties_apart(db: Database) -> None:
    tournament = day(db)
    status = table_statuses(db, tournament, 1)[0]
    points = [8, -2, -2, -2, -2, *([0] * (len(status.players) - 5))]
    record_totals(db, tournament, 1, status.number, dict(zip(status.players, points, strict=True)))
    text = [line for page in pages(tournament_build.standings_pdf(db, tournament)) for line in page]
    assert "After session 1 of 3" in text
    first = text.index(status.players[0])
    assert text[first - 1 : first + 5] == ["1", status.players[0], "+8", "+8", "0", "+8"]
    assert "Penalties are points taken from one player, shown apart from the table points." in text


def test_report_pad_with_hands_fills_the_dealer_column() -> None:
    players = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
    (page,) = pages(build.pad_pdf(players, preset="jack-of-diamonds-5", hands=24))
    dealers = rows_and_dealers(page)
    assert dealers == players * 4
    assert page.count("—") == 24  # six at a table of five: the dealer sits out
