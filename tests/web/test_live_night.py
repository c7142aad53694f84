"""A phone following a night: the sheet, the totals, the money and who deals next,
updated without a reload within 2 seconds of a hand being saved, edited, undone or
deleted through the store (another program's write: the server hears it from the
database, by PostgreSQL's notifications or by polling a SQLite file), and caught up
after the phone was away."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.store import hand_writes, night_import
from scorekeeper.store.database import Database
from scorekeeper.web.server import Serving, serve
from tests.sheet import FIVE, pick

ROOT = Path(__file__).resolve().parents[2]
LIVE_MS = 2000  # the promise: a page is new within 2 seconds of a write
BOB_WINS = pick("Bob", "Dee", points=74, tricks=4, dealer="Ann")  # Bob +2, Dee +1, others -1
BOB_WINS_AGAIN = pick("Bob", "Dee", points=74, tricks=4, dealer="Bob")
CAL_LOSES = pick("Cal", "Ann", points=40, tricks=2, dealer="Bob")  # Cal -2, Ann -1, others +1


def night(hands: list[dict[str, Any]], players: list[str] = FIVE) -> dict[str, Any]:
    return {
        "format": "sheepshead-night/1",
        "date": "2026-11-19",
        "league": "Thursday League",
        "table": "1",
        "rules": {"preset": "classic-5", "stake_cents": 10},
        "players": players,
        "hands": hands,
    }


def total(phone: Page, player: str) -> Any:
    """PLAYER's line of the totals (points and money)."""
    return phone.locator("table.totals tr", has=phone.locator("th", has_text=player))


def test_a_phone_follows_a_night_as_hands_are_saved_edited_undone_and_deleted(
    db: Database, served: Serving, phone: Page
) -> None:
    night_id = night_import.import_night(db, night([BOB_WINS]))
    phone.goto(served.url + f"night/{night_id}")
    expect(total(phone, "Bob")).to_contain_text("+2")
    expect(total(phone, "Bob")).to_contain_text("$0.20")
    expect(phone.locator(".next")).to_contain_text("Hand 2, dealt by Bob.")
    expect(phone.locator("#status")).to_have_text("Live: this page follows the score.")

    saved = hand_writes.append_hand(db, night_id=night_id, hand=BOB_WINS_AGAIN)
    expect(total(phone, "Bob")).to_contain_text("+4", timeout=LIVE_MS)
    expect(total(phone, "Bob")).to_contain_text("$0.40")
    expect(phone.locator(".sheet .about").first).to_contain_text("#2")
    expect(phone.locator(".next")).to_contain_text("Hand 3, dealt by Cal.")

    edited = hand_writes.edit_hand(db, hand_id=saved.hand_id, hand=CAL_LOSES)
    expect(total(phone, "Bob")).to_contain_text("+3", timeout=LIVE_MS)  # +2, then +1
    expect(total(phone, "Cal")).to_contain_text("-3")

    hand_writes.restore_revision(db, revision_id=edited.replaced)  # the edit undone
    expect(total(phone, "Bob")).to_contain_text("+4", timeout=LIVE_MS)

    hand_writes.delete_hand(db, hand_id=saved.hand_id)
    expect(total(phone, "Bob")).to_contain_text("+2", timeout=LIVE_MS)
    expect(phone.locator(".sheet .about")).to_have_count(1)
    assert phone.url.endswith(f"night/{night_id}")  # never reloaded


def test_a_phone_whose_connection_dropped_catches_up_when_it_is_back(
    db: Database, served: Serving, phone: Page
) -> None:
    """A phone asleep, or out of the room's Wi-Fi, has lost its connection: here the
    server goes away and comes back on the same address, as the phone sees it.  The
    page says it may be old meanwhile, and shows the hands saved meanwhile once back."""
    night_id = night_import.import_night(db, night([BOB_WINS]))
    phone.goto(served.url + f"night/{night_id}")
    expect(phone.locator("#status")).to_have_text("Live: this page follows the score.")
    served.stop()
    expect(phone.locator("#status")).to_contain_text("Not connected")
    hand_writes.append_hand(db, night_id=night_id, hand=BOB_WINS_AGAIN)
    hand_writes.append_hand(db, night_id=night_id, hand=CAL_LOSES)
    expect(total(phone, "Bob")).to_contain_text("+2")  # away: what it had
    back = serve(db, bind="127.0.0.1", port=served.port, token=served.site.token)
    try:
        expect(total(phone, "Bob")).to_contain_text("+5", timeout=LIVE_MS + 1000)
        expect(phone.locator("#status")).to_have_text("Live: this page follows the score.")
    finally:
        back.stop()


def test_a_closed_night_shows_its_settlement(db: Database, served: Serving, phone: Page) -> None:
    from scorekeeper.store.tonight import set_closed

    night_id = night_import.import_night(db, night([BOB_WINS]))
    set_closed(db, night_id=night_id, closed=True)
    phone.goto(served.url + f"night/{night_id}")
    settlement = phone.locator("ul.settlement li")
    expect(settlement).to_have_count(3)  # Ann, Cal, Eve each pay 10 cents
    expect(phone.locator("ul.settlement")).to_contain_text("Ann pays Bob $0.10")
    expect(phone.locator(".badge")).to_have_text("Closed")


def test_a_hand_saved_on_another_laptop_reaches_the_phone(
    db: Database, served: Serving, phone: Page
) -> None:
    """Another program writes to the database (a laptop at the table, here a process of
    its own); the server hears of it from the database alone."""
    night_id = night_import.import_night(db, night([BOB_WINS]))
    phone.goto(served.url + f"night/{night_id}")
    expect(total(phone, "Bob")).to_contain_text("+2")
    url = db.url.render_as_string(hide_password=False)
    done = subprocess.run(
        [sys.executable, "-m", "tests.store.writer", url, str(night_id), "1", "Bob"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr  # Bob alone, 61: +4 for him
    expect(total(phone, "Bob")).to_contain_text("+6", timeout=LIVE_MS)
    expect(phone.locator(".sheet .about").first).to_contain_text("#2")
