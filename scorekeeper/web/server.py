"""The phones' web server: Starlette on uvicorn (docs/decisions.md, "The score on
every phone"), read-only, behind a token.

Every address starts with the token (`/TOKEN/night/3`); without it, or with a wrong
one, nothing is served (404).  A request naming another host than the ones served
(a page of another site reaching in by DNS rebinding) is refused (403), and so is any
method but GET and HEAD (405); each refusal is logged, without the token.  Pages are
made in a worker thread in the reader's language (`?lang=de`, else the browser's
Accept-Language), from `pages`.

Live pages: a page's script opens `/TOKEN/events/PAGE` (Server-Sent Events).  When
the `ChangeFeed` moves to a new version, the `Hub` makes each page that a phone is
showing once per language and sends it to all of them; a phone that reconnects (a
dropped connection, a phone woken up) says the version it has (`Last-Event-ID`, or
`v=`), and is sent the page at once when that is not the newest.

Bounds: at most MAX_CONNECTIONS connections (uvicorn answers 503 beyond), request
heads of at most MAX_HEAD bytes, no request body ever read, MAX_FOLLOWERS live pages.
`Serving.stop` ends every live page and the server (the window stops it on closing).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import ipaddress
import logging
import secrets
import socket
import threading
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

import anyio.to_thread
import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.resources import resource_path
from scorekeeper.store.database import Database
from scorekeeper.web.feed import POLL_S, ChangeFeed
from scorekeeper.web.pages import Address, NotServed, Page, address, page

logger = logging.getLogger(__name__)

APP_ID = "io.github.sheepshead_scorekeeper.SheepsheadScorekeeper"  # the icon's name (ui/paths.py)
MAX_CONNECTIONS = 600  # phones and their page loads at once; uvicorn says 503 beyond
MAX_FOLLOWERS = 500  # live pages at once
MAX_KEPT = 256  # pages kept made, each for its version and language
MAX_HEAD = 16 * 1024  # bytes of a request's line and headers
KEEP_ALIVE_S = 15  # a comment line on each live page this often keeps it open
STATIC = {
    "app.css": ("text/css; charset=utf-8", ("web", "app.css")),
    "app.js": ("text/javascript; charset=utf-8", ("web", "app.js")),
    "icon.svg": (
        "image/svg+xml",
        ("icons", "hicolor", "scalable", "apps", f"{APP_ID}.svg"),
    ),
}
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the token never leaves in a Referer
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"
    ),
}
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}  # each in its own words
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
AsgiApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def new_token() -> str:
    """A new access token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def choose_language(request: Request) -> str:
    """The reader's language: `lang` in the address, else the one they chose on an
    earlier page (the `lang` cookie), else the first of the browser's Accept-Language
    that the app speaks, else the app's own."""
    for asked in (request.query_params.get("lang", ""), request.cookies.get("lang", "")):
        if asked in i18n.LANGUAGES:
            return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in i18n.LANGUAGES:
            return code
    return i18n.language()


@dataclass(eq=False)  # each phone its own, in a set
class Follower:
    """One phone following a page: the newest version sent it waits in `latest`."""

    latest: tuple[int, str] | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    """The live pages: who follows which page in which language, and each page made
    once a version for all of them."""

    def __init__(self, db: Database, feed_version: Callable[[], int]) -> None:
        self.db = db
        self.version = feed_version
        self.followers: dict[tuple[Address, str], set[Follower]] = defaultdict(set)
        self.made: dict[tuple[Address, str], tuple[int, Page]] = {}
        self.sent: dict[tuple[Address, str], str] = {}  # what each page's followers have
        self.closed = asyncio.Event()
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._send_changes())

    def changed(self) -> None:
        """The feed moved on (called in the server's loop)."""
        self._dirty.set()

    def close(self) -> None:
        self.closed.set()
        for followers in self.followers.values():
            for follower in followers:
                follower.ready.set()
        if self._task is not None:
            self._task.cancel()

    async def page(self, where: Address, language: str) -> tuple[int, Page]:
        """WHERE in LANGUAGE at the newest version (made once a version)."""
        version = self.version()
        kept = self.made.get((where, language))
        if kept is not None and kept[0] == version:
            return kept
        made = await anyio.to_thread.run_sync(_make, self.db, where, language)
        if len(self.made) >= MAX_KEPT:  # many pages asked once: kept no longer
            self.made.clear()
        self.made[(where, language)] = (version, made)
        return version, made

    async def _send_changes(self) -> None:
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            for key in [k for k, v in self.followers.items() if v]:
                try:
                    version, made = await self.page(*key)
                except NotServed:  # a night deleted while shown
                    version, made = self.version(), Page("", _gone())
                except Exception:
                    logger.exception("phones: a page could not be made again")
                    continue
                if self.sent.get(key) == made.body:  # another table's hand: nothing new
                    continue
                self.sent[key] = made.body
                for follower in list(self.followers.get(key, ())):
                    follower.latest = (version, made.body)
                    follower.ready.set()


def _gone() -> str:
    gone = _("This page is no longer there.")
    return f'<p class="card">{escape(gone)}</p>'


def _make(db: Database, where: Address, language: str) -> Page:
    with i18n.speaking(language):
        return page(db, where)


def refuse(request: Request | Scope, status: int, why: str) -> None:
    """Log a refused request (never its token) and say so with STATUS."""
    scope = request.scope if isinstance(request, Request) else request
    path = "/" + "/".join(scope.get("path", "").split("/")[2:])
    client = scope.get("client") or ("?", 0)
    logger.warning(
        "phones: refused %s %s from %s (%s): %s",
        scope.get("method"),
        path,
        client[0],
        status,
        why,
    )


class Guard:
    """The ASGI app in front of the pages: a request whose head is over MAX_HEAD bytes
    (431: uvicorn bounds only one that arrives in pieces), naming another host (403),
    any method but GET and HEAD (405) refused and logged."""

    def __init__(self, app: AsgiApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw = scope.get("headers") or []
        size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        if size + sum(len(k) + len(v) + 4 for k, v in raw) > MAX_HEAD:
            refuse(scope, 431, "the request's head is too large")
            await PlainTextResponse("431", status_code=431)(scope, receive, send)
            return
        headers = dict(raw)
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            refuse(scope, 403, f"host {host[:80]!r} is not served")
            await PlainTextResponse("403", status_code=403)(scope, receive, send)
            return
        if scope.get("method") not in ("GET", "HEAD"):
            refuse(scope, 405, "only reading is served")
            response = PlainTextResponse("405", status_code=405, headers={"Allow": "GET, HEAD"})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class Site:
    """The pages of DB behind TOKEN (see the module's docstring)."""

    def __init__(self, db: Database, token: str, *, poll_s: float = POLL_S) -> None:
        self.db, self.token = db, token
        self.loop: asyncio.AbstractEventLoop | None = None
        self.feed = ChangeFeed(db, self._changed, poll_s=poll_s)
        self.hub = Hub(db, lambda: self.feed.version)
        routes = [
            Route("/{token}/events/{page:path}", self.events),
            Route("/{token}/static/{name}", self.static),
            Route("/{token}/{page:path}", self.html),
        ]
        self.app = Starlette(
            routes=routes,
            exception_handlers={404: self.not_found, 405: self.not_found},
            lifespan=self.lifespan,
        )

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.loop = asyncio.get_running_loop()
        self.hub.start()
        self.feed.start()
        try:
            yield
        finally:
            self.feed.stop()
            self.hub.close()

    def _changed(self, version: int) -> None:
        """From the feed's thread: tell the hub in the server's loop."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closing meanwhile
                loop.call_soon_threadsafe(self.hub.changed)

    def _check(self, request: Request) -> None:
        if not secrets.compare_digest(request.path_params["token"], self.token):
            raise HTTPException(404, "no token")

    async def not_found(self, request: Request, error: Exception) -> Response:
        why = error.detail if isinstance(error, HTTPException) else "not served"
        refuse(request, 404, why)
        return PlainTextResponse("404", status_code=404, headers=HEADERS)

    def _where(self, request: Request) -> Address:
        self._check(request)
        try:
            return address(request.path_params["page"], request.query_params.get("date"))
        except NotServed:
            raise HTTPException(404, "no such page") from None

    async def html(self, request: Request) -> Response:
        where = self._where(request)
        language = choose_language(request)
        try:
            version, made = await self.hub.page(where, language)
        except NotServed:
            raise HTTPException(404, "no such page") from None
        with i18n.speaking(language):
            text = document(self.token, where, made, version, language)
        response = HTMLResponse(text, headers=HEADERS)
        if request.query_params.get("lang") == language:  # chosen: kept for the next pages
            response.set_cookie(
                "lang", language, max_age=365 * 86400, path=f"/{self.token}/", samesite="strict"
            )
        return response

    async def static(self, request: Request) -> Response:
        self._check(request)
        name = request.path_params["name"]
        if name not in STATIC:
            raise HTTPException(404, "no such file")
        kind, parts = STATIC[name]
        return Response(resource_path(*parts).read_bytes(), media_type=kind, headers=HEADERS)

    async def events(self, request: Request) -> Response:
        where = self._where(request)
        if sum(len(f) for f in self.hub.followers.values()) >= MAX_FOLLOWERS:
            refuse(request, 503, "too many live pages")
            return PlainTextResponse("503", status_code=503, headers={"Retry-After": "5"})
        language = choose_language(request)
        had = request.headers.get("last-event-id") or request.query_params.get("v", "")
        follower = Follower()
        key = (where, language)
        self.hub.followers[key].add(follower)
        if had != str(self.hub.version()):  # a phone behind: the page now
            try:
                version, made = await self.hub.page(where, language)
                follower.latest = (version, made.body)
            except NotServed:
                follower.latest = (self.hub.version(), _gone())
        headers = HEADERS | {"X-Accel-Buffering": "no"}
        return StreamingResponse(
            self._stream(key, follower), media_type="text/event-stream", headers=headers
        )

    async def _stream(self, key: tuple[Address, str], follower: Follower) -> AsyncIterator[str]:
        try:
            yield "retry: 1000\n\n"
            while not self.hub.closed.is_set():
                if follower.latest is not None:
                    version, body = follower.latest
                    follower.latest = None
                    yield sse(version, body)
                    continue
                follower.ready.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(follower.ready.wait(), KEEP_ALIVE_S)
                    continue
                yield ": still here\n\n"
        finally:
            self.hub.followers[key].discard(follower)


def sse(version: int, body: str) -> str:
    """One Server-Sent Event: the page at VERSION (each line of BODY a data line)."""
    data = "".join(f"data: {line}\n" for line in body.split("\n"))
    return f"id: {version}\nevent: page\n{data}\n"


def document(token: str, where: Address, made: Page, version: int, language: str) -> str:
    """The whole HTML page around MADE's live part."""
    base = f"/{token}/"
    other = "de" if language == "en" else "en"
    switch = f"{where.path}{'&' if '?' in where.path else '?'}lang={other}"
    events = f"events/{where.path}"
    events += f"{'&' if '?' in events else '?'}lang={language}"
    words = {
        "home": _("Scores"),
        "smaller": _("Smaller text"),
        "larger": _("Larger text"),
        "live": _("Live: this page follows the score."),
        "away": _("Not connected: the score shown may be old. Trying again…"),
        "gone": _(
            "This address no longer works: serving was turned off, or on again with a new "
            "code. Scan the code on the scorer's screen."
        ),
        "connecting": _("Connecting…"),
    }
    said = {key: escape(text) for key, text in words.items()}
    return f"""<!doctype html>
<html lang="{language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<base href="{escape(base)}"><title>{escape(made.title)}</title>
<link rel="icon" href="static/icon.svg"><link rel="stylesheet" href="static/app.css"></head>
<body><header><a class="home" href="./">{said["home"]}</a>
<button id="smaller" type="button" aria-label="{said["smaller"]}">A−</button>
<button id="larger" type="button" aria-label="{said["larger"]}">A+</button>
<a class="lang" href="{escape(switch)}" hreflang="{other}">{LANGUAGE_NAMES[other]}</a>
</header>
<main id="live" data-version="{version}" data-events="{escape(events)}">{made.body}</main>
<p id="status" role="status" data-live="{said["live"]}"
 data-away="{said["away"]}" data-gone="{said["gone"]}">
{said["connecting"]}</p>
<script src="static/app.js"></script></body></html>
"""


def served_hosts(addresses: list[str], port: int) -> frozenset[str]:
    """The Host headers served: each address (and localhost) with the port."""
    names = {*addresses, "127.0.0.1", "localhost", "[::1]"}
    return frozenset(f"{name}:{port}".lower() for name in names)


# Interfaces no phone in the room is on: containers' and virtual machines' bridges.
VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxc", "lxd", "podman", "cni")


def room_addresses() -> list[str]:
    """This computer's IPv4 addresses a phone in the room may reach, the likeliest
    first (`likeliest`)."""
    import psutil

    stats = psutil.net_if_stats()
    return likeliest(
        (name, entry.address, bool(stats.get(name) and stats[name].isup))
        for name, addresses in psutil.net_if_addrs().items()
        for entry in addresses
        if entry.family == socket.AF_INET
    )


def likeliest(interfaces: Iterable[tuple[str, str, bool]]) -> list[str]:
    """The addresses of INTERFACES (name, IPv4 address, up) a phone may reach, the
    likeliest first: of interfaces that are up before those that are down, of a real
    interface before a container's bridge, a home or club network's (192.168.x.x)
    before others; never loopback nor a link-local address (169.254.x.x)."""
    found = []
    for name, text, up in interfaces:
        address = ipaddress.IPv4Address(text)
        if address.is_loopback or address.is_link_local:
            continue
        rank = (not up, name.startswith(VIRTUAL), not text.startswith("192.168."))
        found.append((rank, text))
    return [a for _rank, a in sorted(found)]


@dataclass
class Serving:
    """A server running in a thread of its own: its address for phones (`url`, with
    the token; `host` one of `hosts`, the addresses it answers to), until `stop`."""

    site: Site
    server: uvicorn.Server
    thread: threading.Thread
    host: str
    port: int
    hosts: tuple[str, ...] = ()
    started: dt.datetime = field(default_factory=dt.datetime.now)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/{self.site.token}/"

    def url_of(self, where: Address) -> str:
        return self.url + where.path

    def stop(self) -> None:
        """End every live page and the server; returns once it has stopped."""
        loop = self.site.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.site.hub.close)
        self.server.should_exit = True
        self.thread.join(timeout=10)


class PortTaken(OSError):
    """The port asked for could not be had (its message says why)."""


def listen_socket(bind: str, port: int) -> socket.socket:
    """A socket listening on BIND:PORT (PORT 0: any free one); PortTaken if not."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((bind, port))
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise PortTaken(error.errno, error.strerror or str(error)) from None
    sock.set_inheritable(True)
    return sock


def serve(
    db: Database,
    *,
    bind: str = "0.0.0.0",
    port: int = 0,
    host: str | None = None,
    token: str | None = None,
    poll_s: float = POLL_S,
) -> Serving:
    """Serve DB's pages on BIND:PORT in a thread (PortTaken when the port cannot be
    had); HOST is the address the phones are given (default: the room's address, or
    BIND when it names one)."""
    sock = listen_socket(bind, port)
    port = sock.getsockname()[1]
    rooms = room_addresses() if bind in ("0.0.0.0", "") else [bind]
    shown = host or (rooms[0] if rooms else "127.0.0.1")
    site = Site(db, token or new_token(), poll_s=poll_s)
    config = uvicorn.Config(
        Guard(site.app, served_hosts([shown, *rooms], port)),
        log_config=None,
        access_log=False,  # its lines would hold the token
        limit_concurrency=MAX_CONNECTIONS,
        h11_max_incomplete_event_size=MAX_HEAD,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
        server_header=False,
        lifespan="on",
        ws="none",
        http="h11",
        loop="asyncio",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.name = "web-server"
    thread.start()
    return Serving(site, server, thread, shown, port, tuple(dict.fromkeys([shown, *rooms])))
