"""A tournament on a phone: the session in play, the seating of every table, the tables
still to report and the standings, followed live as a table reports and the round
starts; a player's name written as markup shows as that text; the first page lists
the tournament; a tournament that is not there is not served."""

from __future__ import annotations

import datetime as dt

from playwright.sync_api import Page, expect

from scorekeeper.games import preset_rules
from scorekeeper.store.database import Database
from scorekeeper.store.tournament_draw import draw_session, start_round
from scorekeeper.store.tournament_results import add_penalty, record_totals, table_statuses
from scorekeeper.store.tournaments import create_tournament, register
from scorekeeper.tournament.day import Tournament
from scorekeeper.web.server import Serving
from tests.web.test_live_night import LIVE_MS

HOSTILE = "<b>Eve</b>"
PLAYERS = ["Ann", "Bob", "Cal", "Dee", HOSTILE, "Fay", "Gus", "Hal", "Ida", "Jon"]


def kohler(db: Database) -> Tournament:
    tournament = create_tournament(
        db,
        name="Kohler Falls",
        date=dt.date(2026, 10, 4),
        rules=preset_rules("jack-of-diamonds-5"),
        sessions=2,
        hands=20,
    )
    register(db, tournament, PLAYERS, paid=True)
    draw_session(db, tournament, 1, seed=4242)
    return tournament


def test_a_tournament_is_followed_on_a_phone(db: Database, served: Serving, phone: Page) -> None:
    tournament = kohler(db)
    one, two = table_statuses(db, tournament, 1)
    phone.goto(served.url)
    phone.get_by_role("link", name="Kohler Falls").click()
    expect(phone.locator("h1")).to_have_text("Kohler Falls · 10/4/26")
    expect(phone.locator(".next h2")).to_have_text("Session 1 of 2")
    expect(phone.locator(".next")).to_contain_text("not started yet")
    expect(phone.locator(".next")).to_contain_text("Still to report (2): tables 1, 2")
    seating = phone.locator("table.seating tr")
    expect(seating).to_have_count(2)
    for row, table in zip((0, 1), (one, two), strict=True):
        expect(seating.nth(row)).to_contain_text(f"Table {table.number}")
        expect(seating.nth(row)).to_contain_text(", ".join(table.players))
    expect(phone.locator("table.seating b")).to_have_count(0)  # the name is text, not markup
    # Table 1 reports its totals: the page follows, without a reload.
    points = dict(zip(one.players, (8, 4, -2, -4, -6), strict=True))
    record_totals(db, tournament, 1, one.number, points)
    expect(phone.locator(".next")).to_contain_text(
        f"Still to report: table {two.number}", timeout=LIVE_MS
    )
    expect(seating.nth(0)).to_contain_text("reported")
    first = phone.locator("table.standings tbody tr").first
    expect(first.locator("[data-column=player]")).to_have_text(one.players[0])
    expect(first.locator("[data-column=total]")).to_have_text("+8")
    expect(phone.locator("[data-column=penalties]")).to_have_count(0)  # nobody has one
    # The round started, a penalty: writes only the tournament's own tables hold (they
    # notify nothing), followed too.
    start_round(db, tournament, 1)
    expect(phone.locator(".next")).to_contain_text("Started at", timeout=LIVE_MS)
    add_penalty(db, tournament, 1, one.players[0], 2, "talked while sitting out")
    expect(first.locator("[data-column=penalties]")).to_have_text("-2", timeout=LIVE_MS)
    expect(first.locator("[data-column=total]")).to_have_text("+6")  # still first


def test_a_tournament_that_is_not_there_is_not_served(
    db: Database, served: Serving, phone: Page
) -> None:
    kohler(db)
    response = phone.goto(served.url + "tournament/Nowhere%20Open")
    assert response is not None and response.status == 404
