"""Nothing is served without the token, to another host's name, or for writing; each
refusal is logged without the token.  A hostile name shows as its text, in the first
page and in every live update; the token changes each time serving starts."""

from __future__ import annotations

import http.client
import logging
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.store import hand_writes, night_import
from scorekeeper.store.database import Database
from scorekeeper.web.server import Serving, serve
from tests.sheet import pick
from tests.web.test_live_night import LIVE_MS, night

HOSTILE = '<img src=x onerror="window.hacked=1">'  # a name, as a person could type it
SCRIPT = "<script>window.hacked=2</script>"


def ask(serving: Serving, path: str, *, method: str = "GET", host: str | None = None) -> Any:
    """A request to SERVING by a bare HTTP client (PATH after the port)."""
    connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=10)
    headers = {"Host": host} if host is not None else {}
    connection.request(method, path, headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_a_page_without_the_token_is_refused_in_the_browser(
    db: Database, served: Serving, phone: Page
) -> None:
    night_id = night_import.import_night(db, night([]))
    refused = phone.goto(f"http://127.0.0.1:{served.port}/night/{night_id}")
    assert refused is not None and refused.status == 404
    expect(phone.locator("body")).not_to_contain_text("Ann")
    wrong = phone.goto(f"http://127.0.0.1:{served.port}/{'A' * 22}/night/{night_id}")
    assert wrong is not None and wrong.status == 404


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("/", "no token"),
        ("/static/app.js", "no token"),
        ("/events/night/1", "no token"),
        ("/TOKEN/night/999", "no such page"),
        ("/TOKEN/night/1x", "no such page"),
        ("/TOKEN/static/app.py", "no such file"),
        ("/TOKEN/static/../../pyproject.toml", "no such page"),
        ("/TOKEN/secret/1", "no such page"),
    ],
)
def test_what_is_not_served_is_a_404_and_logged(
    db: Database, served: Serving, caplog: pytest.LogCaptureFixture, path: str, why: str
) -> None:
    night_import.import_night(db, night([]))
    token = served.site.token
    with caplog.at_level(logging.WARNING, logger="scorekeeper.web"):
        response = ask(served, path.replace("TOKEN", token))
    assert response.status == 404
    refusals = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 1 and "(404)" in refusals[0]
    assert token not in caplog.text  # the log never holds the token


def test_another_host_name_is_refused_with_403(
    db: Database, served: Serving, caplog: pytest.LogCaptureFixture
) -> None:
    """A page of another site reaching in by a name of its own (DNS rebinding) is
    refused even with the token."""
    token = served.site.token
    assert ask(served, f"/{token}/").status == 200
    with caplog.at_level(logging.WARNING, logger="scorekeeper.web"):
        response = ask(served, f"/{token}/", host=f"evil.example:{served.port}")
    assert response.status == 403
    assert "evil.example" in caplog.text and token not in caplog.text


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_nothing_is_written_through_the_web(db: Database, served: Serving, method: str) -> None:
    night_id = night_import.import_night(db, night([]))
    response = ask(served, f"/{served.site.token}/night/{night_id}", method=method)
    assert response.status == 405 and response.getheader("Allow") == "GET, HEAD"


def test_a_hostile_name_shows_as_text(db: Database, served: Serving, phone: Page) -> None:
    players = [HOSTILE, SCRIPT, "Cal", "Dee", "Eve"]
    first = pick(HOSTILE, "Cal", points=74, tricks=4)
    night_id = night_import.import_night(db, night([first], players) | {"table": SCRIPT})
    phone.goto(served.url + f"night/{night_id}")
    names = phone.locator("table.totals th[scope=row]")
    expect(names.first).to_have_text(HOSTILE)
    expect(phone.locator("h1")).to_contain_text(SCRIPT)
    hand_writes.append_hand(db, night_id=night_id, hand=pick(SCRIPT, "Cal", points=30, tricks=1))
    expect(phone.locator(".sheet .about")).to_have_count(2, timeout=LIVE_MS)  # live: innerHTML
    expect(phone.locator(".sheet .about").first).to_contain_text(SCRIPT)
    assert phone.evaluate("window.hacked") is None
    assert phone.locator("img").count() == 0
    assert phone.locator("script").count() == 1  # the app's own


def test_the_token_changes_each_time_serving_starts(db: Database) -> None:
    first = serve(db, bind="127.0.0.1", port=0)
    old = first.site.token
    first.stop()
    again = serve(db, bind="127.0.0.1", port=first.port)
    try:
        assert again.site.token != old
        assert ask(again, f"/{old}/").status == 404
        assert ask(again, f"/{again.site.token}/").status == 200
    finally:
        again.stop()


def test_a_request_too_large_is_refused_and_the_server_goes_on(
    db: Database, served: Serving
) -> None:
    token = served.site.token
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request("GET", f"/{token}/", headers={"X-Padding": "x" * 64 * 1024})
    assert connection.getresponse().status == 431  # a head over 16 kB
    connection.close()
    assert ask(served, f"/{token}/").status == 200


def test_live_pages_are_bounded(
    db: Database, served: Serving, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.web import server

    monkeypatch.setattr(server, "MAX_FOLLOWERS", 2)
    night_id = night_import.import_night(db, night([]))
    path = f"/{served.site.token}/events/night/{night_id}"
    following = []
    for _phone in range(2):
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        connection.request("GET", path)
        response = connection.getresponse()
        assert response.status == 200
        assert response.readline() == b"retry: 1000\n"
        following.append(connection)
    assert ask(served, path).status == 503  # the third waits its turn
    for connection in following:
        connection.close()


def test_phones_are_given_the_likeliest_address_of_the_room() -> None:
    from scorekeeper.web.server import likeliest

    interfaces = [
        ("lo", "127.0.0.1", True),
        ("docker0", "172.17.0.1", True),
        ("eth1", "10.0.0.5", False),
        ("wlan0", "192.168.1.20", True),
        ("eth0", "169.254.3.3", True),
        ("eth2", "10.1.2.3", True),
    ]
    assert likeliest(interfaces) == ["192.168.1.20", "10.1.2.3", "172.17.0.1", "10.0.0.5"]


def test_a_page_whose_key_changed_says_so_at_the_top(db: Database, phone: Page) -> None:
    """Serving turned off and on again: a phone still on the old address is told, at the
    top of the page where it is seen, that the address no longer works and to scan the
    new code (it said "Trying again…" forever, below the whole sheet)."""
    night_id = night_import.import_night(db, night([]))
    first = serve(db, bind="127.0.0.1", port=0)
    phone.goto(first.url + f"night/{night_id}")
    expect(phone.locator("#status")).to_contain_text("Live", timeout=LIVE_MS)
    first.stop()
    again = serve(db, bind="127.0.0.1", port=first.port)
    try:
        status = phone.locator("#status")
        expect(status).to_contain_text("This address no longer works", timeout=10_000)
        box = status.bounding_box()
        assert box is not None and box["y"] == 0  # pinned to the top of the screen
    finally:
        again.stop()
