"""Take the README's screenshots of the phones' pages (`scorekeeper serve`) in the
headless chromium the tests drive, as a phone of 360x640 shows them:

    .venv/bin/python scripts/phone_screenshots.py [OUTDIR]   (default docs/screenshots/phones)

The sample league's newest night, that league's night tonight, and its standings, a
tournament's first session under way, in English and German (the browser's language),
and the night again at 200% text (the page's A+).  Each PNG is reduced to a palette of
its few colours, to stay small.
"""

import datetime as dt
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image
from playwright.sync_api import sync_playwright

from benchmarks.tournament import totals_for
from scorekeeper import i18n
from scorekeeper.games import preset_rules
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tournament_draw import draw_session, start_round
from scorekeeper.store.tournament_results import record_totals, table_statuses
from scorekeeper.store.tournaments import create_tournament, register
from scorekeeper.web.pages import Address
from scorekeeper.web.server import serve
from tests.web.conftest import PHONE, chromium_path

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots/phones")


def small(path: Path) -> None:
    """PATH as a PNG of at most 64 colours (the pages have few)."""
    image = Image.open(path).convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    image.save(path, optimize=True)


PLAYERS = [
    "Ann",
    "Bob",
    "Cal",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Jon",
    "Kay",
    "Lou",
    "Max",
    "Ned",
    "Ora",
]


def tournament_under_way(db: Database) -> str:
    """A tournament of three tables of five, its first session started, two tables
    reported: its name."""
    name = "Kohler Falls Oktoberfest"
    tournament = create_tournament(
        db,
        name=name,
        date=dt.date(2026, 10, 4),
        rules=preset_rules("jack-of-diamonds-5"),
        sessions=3,
        hands=20,
    )
    register(db, tournament, PLAYERS, paid=True)
    draw_session(db, tournament, 1, seed=190_271)
    start_round(db, tournament, 1)
    rng = random.Random(37)
    for table in table_statuses(db, tournament, 1)[:2]:
        record_totals(db, tournament, 1, table.number, totals_for(rng, table))
    return name


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="phone-shots-"))
    for language, locale in (("en", "en-US"), ("de", "de-DE")):
        i18n.set_language(language)  # the sample's money: dollars, or euros in German
        db = open_database(f"sqlite:///{folder / f'{language}.sqlite3'}")
        seed_sample_league(db)
        newest = list_nights(db)[0]
        league, date = newest.league or "", newest.date or ""
        pages = {
            "night": Address("night", str(newest.id)),
            "tonight": Address("tonight", league, dt.date.fromisoformat(date)),
            "standings": Address("standings", league),
            "tournament": Address("tournament", tournament_under_way(db)),
        }
        serving = serve(db, bind="127.0.0.1", port=0)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium_path(), args=["--no-sandbox"]
                )
                context = browser.new_context(viewport=PHONE, locale=locale)
                phone = context.new_page()
                for name, where in pages.items():
                    phone.goto(serving.url_of(where))
                    phone.wait_for_selector("#status:not(:empty)")
                    shot = OUT / f"{name}-{language}.png"
                    phone.screenshot(path=str(shot))
                    small(shot)
                phone.goto(serving.url_of(pages["night"]))
                phone.evaluate("localStorage.setItem('textSize', '2')")
                phone.reload()
                shot = OUT / f"night-200-{language}.png"
                phone.screenshot(path=str(shot))
                small(shot)
                browser.close()
        finally:
            serving.stop()
            db.dispose()
        print(f"{language}: {', '.join(sorted(p.name for p in OUT.glob(f'*-{language}.png')))}")


if __name__ == "__main__":
    main()
