"""The pages a phone reads besides a night: the first page, a league's night tonight
(every table, the standings tonight and in the season), the league's standings; in
the reader's language, with the league's money; and the text size control."""

from __future__ import annotations

import datetime as dt

from playwright.sync_api import Browser, Page, expect

from scorekeeper.store import hand_writes, night_import
from scorekeeper.store.database import Database
from scorekeeper.web.server import Serving, serve
from tests.sheet import pick
from tests.web.conftest import PHONE
from tests.web.test_live_night import BOB_WINS, CAL_LOSES, LIVE_MS, night

TODAY = dt.date.today().isoformat()


def tonight_nights(db: Database) -> tuple[int, int]:
    one = night_import.import_night(db, night([BOB_WINS, BOB_WINS]) | {"date": TODAY})
    two = night_import.import_night(db, night([CAL_LOSES]) | {"date": TODAY, "table": "2"})
    return one, two


def test_tonight_shows_every_table_and_follows_them(
    db: Database, served: Serving, phone: Page
) -> None:
    one, two = tonight_nights(db)
    phone.goto(served.url + "tonight/Thursday%20League")
    cards = phone.locator("section.card", has=phone.locator("h2 a"))
    expect(cards).to_have_count(2)
    expect(cards.nth(0).locator("h2")).to_contain_text("Table 1")
    expect(cards.nth(0).locator("h2")).to_contain_text("2 hands")
    tonight = phone.locator("section.card", has=phone.locator("h2", has_text="Tonight"))
    expect(tonight.locator("tr", has_text="Bob")).to_contain_text("+5")  # +4, then +1
    hand_writes.append_hand(db, night_id=two, hand=pick("Bob", "Dee", points=74, tricks=4))
    expect(tonight.locator("tr", has_text="Bob")).to_contain_text("+7", timeout=LIVE_MS)
    expect(cards.nth(1).locator("h2")).to_contain_text("2 hands")
    cards.nth(0).locator("h2 a").click()
    expect(phone).to_have_url(served.url + f"night/{one}")


def test_the_standings_with_the_leagues_money(db: Database, served: Serving, phone: Page) -> None:
    tonight_nights(db)
    phone.goto(served.url + "standings/Thursday%20League")
    expect(phone.locator("h1")).to_have_text("Thursday League")
    rows = phone.locator("table.standings").first.locator("tbody tr")
    expect(rows.first).to_contain_text("Bob")
    expect(rows.first).to_contain_text("+5")
    expect(rows.first).to_contain_text("$0.50")


def test_a_german_phone_reads_german_and_euros(
    db: Database, served: Serving, browser: Browser
) -> None:
    document = night([BOB_WINS]) | {"date": TODAY, "currency": "EUR"}
    night_id = night_import.import_night(db, document)
    context = browser.new_context(viewport=PHONE, locale="de-DE")  # Accept-Language: de-DE
    try:
        phone = context.new_page()
        phone.goto(served.url + f"night/{night_id}")
        expect(phone.locator("html")).to_have_attribute("lang", "de")
        expect(phone.locator(".next h2")).to_have_text("Nächstes Spiel")
        bob = phone.locator("table.totals tr", has_text="Bob")
        expect(bob).to_contain_text("0,20\xa0€")
        expect(phone.locator("#status")).to_have_text("Live: Diese Seite folgt dem Spielstand.")
        phone.locator("a.lang").click()  # English, chosen on the page
        expect(phone.locator(".next h2")).to_have_text("Next hand")
        expect(bob).to_contain_text("€0.20")
        phone.get_by_role("link", name="Scores").click()  # the next page: English still
        expect(phone.locator("h1")).to_have_text("Scores in this room")
    finally:
        context.close()


def test_the_text_size_control_enlarges_the_page_and_is_kept(db: Database, phone: Page) -> None:
    night_id = night_import.import_night(db, night([BOB_WINS]))
    served = serve(db, bind="127.0.0.1", port=0)  # after the write: no page comes again
    phone.goto(served.url + f"night/{night_id}")
    expect(phone.locator("#status")).to_have_text("Live: this page follows the score.")
    totals = phone.locator("table.totals tbody")

    def size() -> float:
        return float(totals.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))

    before = size()
    for _step in range(4):
        phone.get_by_role("button", name="Larger text").click()
    assert size() == 2 * before  # the largest: 200%
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"]  # nothing runs off the side of the phone
    phone.reload()
    assert size() == 2 * before  # kept on this phone
    phone.get_by_role("button", name="Smaller text").click()
    assert before < size() < 2 * before
    served.stop()


def test_the_first_page_lists_the_leagues_and_nights(
    db: Database, served: Serving, phone: Page
) -> None:
    tonight_nights(db)
    phone.goto(served.url)
    expect(phone.locator("ul.nights li")).to_have_count(2)
    phone.get_by_role("link", name="Standings").click()
    expect(phone.locator("h1")).to_have_text("Thursday League")


def test_a_page_in_german_leaves_the_apps_language_alone() -> None:
    """Each phone's page is made in its reader's language on a thread of the server,
    while the window, on its own thread, goes on in the app's language."""
    import threading

    from scorekeeper import i18n

    i18n.set_language("en")
    inside: list[str] = []
    entered, release = threading.Event(), threading.Event()

    def page_in_german() -> None:
        with i18n.speaking("de"):
            inside.append(i18n._("Next hand"))
            entered.set()
            release.wait(10)

    thread = threading.Thread(target=page_in_german)
    thread.start()
    entered.wait(10)
    try:
        assert i18n._("Next hand") == "Next hand" and i18n.locale_name() == "en_US"
    finally:
        release.set()
        thread.join()
    assert inside == ["Nächstes Spiel"]


def test_a_sheet_wider_than_the_phone_shows_there_is_more_beside_it(
    db: Database, served: Serving, phone: Page
) -> None:
    """A five-player night's sheet is wider than a 360-pixel phone: it scrolls sideways,
    and its edge shows a shadow where more of it lies (a new user saw the fifth player's
    column cut off, with no sign that there was more), which scrolls with the sheet."""
    from scorekeeper.sample import sample_league_documents

    night_id = night_import.import_night(db, sample_league_documents()[-1])  # the user's
    phone.goto(served.url + f"night/{night_id}")
    # The sheet overflows the phone (waited for: the live page may swap it in anew).
    last = "[...document.querySelectorAll('.card .scroll')].pop()"
    phone.wait_for_function(
        f"() => {{ const e = {last}; return e && e.scrollWidth > e.clientWidth; }}",
        timeout=LIVE_MS,
    )
    looks = phone.evaluate(
        f"() => {{ const s = getComputedStyle({last}); return {{overflowX: s.overflowX, "
        "backgroundImage: s.backgroundImage, backgroundAttachment: s.backgroundAttachment}; }"
    )
    assert looks["overflowX"] == "auto"
    assert looks["backgroundImage"].count("gradient") == 4  # two covers, two shadows
    assert "local" in looks["backgroundAttachment"]  # the covers scroll with the sheet
