"""`scorekeeper serve`: prints the address with its token and a QR code, serves the
pages until Ctrl+C (status 0), and refuses what cannot be served by its flag (status
2, nothing served, no traceback)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

SCOREKEEPER = [sys.executable, "-m", "scorekeeper"]


def scorekeeper(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SCOREKEEPER, "--database", url, *args], capture_output=True, text=True, timeout=60
    )


def test_serve_prints_its_address_serves_it_and_stops_on_ctrl_c(url: str) -> None:
    command = [*SCOREKEEPER, "--database", url, "serve", "--bind", "127.0.0.1", "--port", "0"]
    command += ["--night", "1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("Serving the score, read-only, at http://127.0.0.1:")
        address = urlsplit(first.split(" at ")[1].strip())
        assert address.path.endswith("/night/1")
        qr = [server.stdout.readline() for _line in range(3)]
        assert all("█" in line for line in qr)  # the code, drawn in the terminal
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
        connection.request("GET", address.path)
        page = connection.getresponse()
        assert page.status == 200 and "Tuesday Night League" in page.read().decode()
        connection.close()
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "Traceback" not in err


def test_a_port_in_use_is_refused_by_its_flag(url: str) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = str(taken.getsockname()[1])
        done = scorekeeper(url, "serve", "--bind", "127.0.0.1", "--port", port)
    finally:
        taken.close()
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"scorekeeper: --port: {port} on 127.0.0.1 cannot be used")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--night", "99"], "scorekeeper: --night: there is no night 99"),
        (["--league", "Nowhere"], "scorekeeper: --league: there is no league Nowhere"),
        (["--port", "70000"], "argument --port: 70000 is not a port (0 to 65535)"),
        (["--bind", "my laptop"], "argument --bind: my laptop is not an IPv4 address"),
        (["--address", "a/b"], "argument --address: a/b is not an address or a host name"),
    ],
)
def test_what_cannot_be_served_is_named_by_its_flag(url: str, args: list[str], said: str) -> None:
    done = scorekeeper(url, "serve", "--port", "0", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert said in done.stderr and "Traceback" not in done.stderr


def test_serve_speaks_german(url: str) -> None:
    environment = os.environ | {"LANGUAGE": "de"}
    done = subprocess.run(
        [*SCOREKEEPER, "--database", url, "serve", "--port", "70000"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert done.returncode == 2
    assert "Argument --port: 70000 ist kein Port (0 bis 65535)" in done.stderr, done.stderr
