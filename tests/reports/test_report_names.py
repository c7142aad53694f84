"""Long names in the PDFs: shortened with an ellipsis where a cell is narrow, whole
where they can wrap, and the page still holds what it held; stored names that hold
an ESC (an old database) printed as escapes."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from scorekeeper.names import NAME_LENGTH
from scorekeeper.reports import build
from scorekeeper.reports.render import BOLD, ELLIPSIS, fit, register_fonts
from scorekeeper.sample import _sample_hand
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.night_import import import_night
from tests.reports.test_reports import LEAGUE, pages

LONG = [
    f"{first} Wolfeschlegelsteinhausenbergerdorff".ljust(NAME_LENGTH, "x")
    for first in ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "league.sqlite3"


@pytest.fixture
def db(path: Path) -> Iterator[Database]:
    database = open_database(f"sqlite:///{path}")
    yield database
    database.dispose()


def eight_long_names(hands: int = 10) -> dict:
    """A night of eight players with names of the longest length, five dealt in."""
    rng = random.Random(3)
    document = {
        "format": "sheepshead-night/1",
        "date": "2026-11-20",
        "league": LEAGUE,
        "table": "The table by the window near the big door",
        "rules": {"preset": "classic-5", "stake_cents": 25},
        "players": LONG,
        "hands": [],
    }
    for number in range(hands):
        active = [LONG[(number + i) % 8] for i in range(5)]
        hand = _sample_hand(rng, active, number)
        hand.pop("dealer", None)
        document["hands"].append(hand | {"sitting_out": [p for p in LONG if p not in active]})
    return document


def test_fit_shortens_to_the_width_with_an_ellipsis() -> None:
    register_fonts()
    short = fit(LONG[0], 50)
    assert short.endswith(ELLIPSIS) and LONG[0].startswith(short[:-1])
    assert pdfmetrics.stringWidth(short, BOLD, 8) <= 50
    assert fit("Ann", 50) == "Ann"
    assert fit("Ann\x1b[2J", 500) == "Ann\\x1b[2J"


def test_long_names_are_shortened_in_the_sheet_and_whole_in_the_report(db: Database) -> None:
    night_id = import_night(db, eight_long_names())
    printed = pages(build.night_pdf(db, night_id=night_id))
    text = [line for page in printed for line in page]
    shortened = [line for line in text if line.endswith(ELLIPSIS)]
    for name in LONG:
        assert name in text  # whole, in the figures
        assert any(name.startswith(s[:-1]) and len(s) < 20 for s in shortened)
    assert "Players, clockwise: Ann Wolfeschlegelsteinhausenbergerdorff" in printed[0][2]


def test_a_pad_of_long_names_stays_on_one_page_with_every_name_whole() -> None:
    (page,) = pages(build.pad_pdf(LONG))
    joined = " ".join(page)
    assert all(name in joined for name in LONG)
    assert any(line.endswith(ELLIPSIS) for line in page)


def test_the_league_report_wraps_the_players_of_a_night(db: Database) -> None:
    import_night(db, eight_long_names())
    text = " ".join(line for page in pages(build.league_pdf(db, league=LEAGUE)) for line in page)
    assert all(name in text for name in LONG)


def test_a_stored_escape_prints_as_an_escape(db: Database, path: Path) -> None:
    import_night(db, eight_long_names(hands=3))
    with sqlite3.connect(path) as connection:  # what an old version may have stored
        connection.execute("UPDATE player SET name = 'Ann\x1b[2J' WHERE name LIKE 'Ann %'")
    text = [line for page in pages(build.league_pdf(db, league=LEAGUE)) for line in page]
    assert any("Ann\\x1b[2J" in line for line in text)
    assert not any("\x1b" in line for line in text)
