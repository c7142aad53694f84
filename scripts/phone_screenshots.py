"""Take the README's screenshots of the phones' pages (`scorekeeper serve`) in the
headless chromium the tests drive, as a phone of 360x640 shows them:

    .venv/bin/python scripts/phone_screenshots.py [OUTDIR]   (default docs/screenshots/phones)

The sample league's newest night, that league's night tonight, and its standings, in
English and German (the browser's language), and the night again at 200% text (the
page's A+).  Each PNG is reduced to a palette of its few colours, to stay small.
"""

import datetime as dt
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image
from playwright.sync_api import sync_playwright

from scorekeeper import i18n
from scorekeeper.store.database import open_database
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.web.pages import Address
from scorekeeper.web.server import serve
from tests.web.conftest import PHONE, chromium_path

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots/phones")


def small(path: Path) -> None:
    """PATH as a PNG of at most 64 colours (the pages have few)."""
    image = Image.open(path).convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    image.save(path, optimize=True)


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
