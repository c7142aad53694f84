"""The phones' pages in a real browser: Debian's chromium (installed by
`scripts/system-packages test`), driven headless by Playwright; no browser is ever
downloaded.  A browser that cannot be started fails the tests, never skips them.

The databases are the storage tests' (tests/store/conftest.py): each test runs on a
SQLite file and on a PostgreSQL database, the server on a free port of 127.0.0.1."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from scorekeeper.store.database import Database
from scorekeeper.web.server import Serving, serve
from tests.store.conftest import database_url, db, postgres_template  # noqa: F401 (fixtures)

PHONE = {"width": 360, "height": 640}


def chromium_path() -> str:
    """Debian's chromium; its absence fails the run (the README's test command installs
    it)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.fail("no chromium to test the phones' pages: run scripts/system-packages test")
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        # --no-sandbox: the suite runs as root in CI, where chromium's sandbox cannot start.
        started = playwright.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield started
        started.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone-sized page (360x640) of a browser context of its own (its own storage)."""
    context: BrowserContext = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def served(db: Database) -> Iterator[Serving]:  # noqa: F811 (the fixture)
    """DB served on a free port of 127.0.0.1, stopped after the test."""
    serving = serve(db, bind="127.0.0.1", port=0)
    yield serving
    serving.stop()
