"""`scorekeeper serve [--night ID | --league NAME] [--port N] [--bind ADDRESS]`: the score,
read-only, on every phone in the room (scorekeeper/web).  Prints the address with its
token and a QR code of it, and serves until Ctrl+C (or SIGTERM).  A new token is made
each time it starts: a phone that was given the last one is no longer served.

A port that cannot be had, a night or league that is not there: named by its flag,
status 2, nothing served.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import re
import signal
import sys
import threading
from types import FrameType
from typing import Any, TextIO

from scorekeeper.cli_common import EXIT_OK, UserError, open_store, whole_number
from scorekeeper.i18n import _

DEFAULT_PORT = 8737  # free on most machines; --port 0 takes any free one


def port_number(text: str) -> int:
    """A TCP port, 0 to 65535 (argparse names the flag when it is not)."""
    number = whole_number(text)
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(_("{value} is not a port (0 to 65535)").format(value=text))
    return number


def ip_address(text: str) -> str:
    """An IPv4 address to listen on ('0.0.0.0': every network of this computer)."""
    try:
        return str(ipaddress.IPv4Address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not an IPv4 address such as 192.168.1.20").format(value=text[:60])
        ) from None


def host_name(text: str) -> str:
    """An address phones can be given: an IPv4 address or a host name."""
    typed = text.strip()
    if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", typed, re.ASCII):
        raise argparse.ArgumentTypeError(
            _("{value} is not an address or a host name").format(value=text[:60])
        )
    return typed.lower()


def command_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until interrupted."""
    import segno

    from scorekeeper.store.league import has_league
    from scorekeeper.store.night_import import night_as_stored
    from scorekeeper.web.pages import Address
    from scorekeeper.web.server import PortTaken, serve

    db = open_store(args)
    where = Address()
    if args.night is not None:
        night_as_stored(db, night_id=args.night)  # StorageError naming --night if none
        where = Address("night", str(args.night))
    elif args.league is not None:
        if not has_league(db, args.league):
            raise UserError([_("--league: there is no league {name}").format(name=args.league)])
        where = Address("tonight", args.league)
    try:
        serving = serve(db, bind=args.bind, port=args.port, host=args.address)
    except PortTaken as error:
        if error.errno == errno.EADDRNOTAVAIL:
            message = _("--bind: {address} is not an address of this computer").format(
                address=args.bind
            )
        else:
            message = _("--port: {port} on {address} cannot be used: {reason}").format(
                port=args.port, address=args.bind, reason=error.strerror or error
            )
        raise UserError([message]) from None
    url = serving.url_of(where)
    out.write(_("Serving the score, read-only, at {url}").format(url=url) + "\n")
    segno.make(url, error="m").terminal(out=out, compact=True)
    out.write(_("Scan the code with a phone's camera. Ctrl+C stops serving.") + "\n")
    out.flush()
    _wait(serving)
    return EXIT_OK


def _wait(serving: Any) -> None:
    """Until Ctrl+C or SIGTERM, then stop the server (every phone's page ends)."""
    stop = threading.Event()

    def stopping(number: int, frame: FrameType | None) -> None:
        stop.set()

    previous = signal.signal(signal.SIGTERM, stopping)
    try:
        while not stop.is_set() and serving.thread.is_alive():
            stop.wait(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        serving.stop()
        sys.stdout.flush()


def add_serve_command(commands: Any) -> None:
    """`scorekeeper serve`."""
    serve = commands.add_parser(
        "serve",
        help=_("show the score, read-only, on the phones in the room"),
        description=_(
            "Serve read-only pages of the nights, each league's night and its standings "
            "to the phones on this computer's network, live, joined by the address "
            "printed (or its QR code), which holds a new access token each time."
        ),
    )
    which = serve.add_mutually_exclusive_group()
    which.add_argument(
        "--night", type=whole_number, metavar=_("ID"), help=_("the night the code opens")
    )
    which.add_argument(
        "--league", metavar=_("NAME"), help=_("the league whose night tonight the code opens")
    )
    serve.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("the port to serve on (default: {port}; 0: any free one)").format(port=DEFAULT_PORT),
    )
    serve.add_argument(
        "--bind",
        default="0.0.0.0",
        type=ip_address,
        metavar=_("ADDRESS"),
        help=_("the address to listen on (default: every network of this computer)"),
    )
    serve.add_argument(
        "--address",
        type=host_name,
        metavar=_("ADDRESS"),
        help=_("the address the phones are given (default: this computer's on the network)"),
    )
    serve.set_defaults(run=command_serve)
