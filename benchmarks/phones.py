"""Every phone in the room: 200 phones following one night while 8 tables record hands.

    python benchmarks/phones.py [--phones N] [--tables N] [--hands N] [--database URL]

Files a league night of TABLES tables (a SQLite file of its own, or the empty
database at URL), starts `scorekeeper serve` in a process of its own on 127.0.0.1,
and opens PHONES live pages of table 1's night (Server-Sent Events over real sockets,
as a phone's browser follows it).  Then every table records HANDS hands, each in a
thread of its own as a laptop at that table would, table 1 waiting for every phone to
show its hand before it records the next.  For each of table 1's hands it measures the
time from the save (the store's commit returned) to every phone holding the page with
that hand.

The floor: the same event (the same bytes) pushed by a bare asyncio server to the same
number of bare sockets, from the moment it is told to until every socket has read it:
the least any server could take to tell that many phones, with no database between.

Prints one JSON line: {"name": "phones", "phones", "tables", "hands", "database",
"median_seconds", "max_seconds", "floor_median_seconds", "floor_max_seconds",
"ratio", "server_rss_mb", "server_peak_mb", "server_cpu_share", "floor_rss_mb",
"goal_seconds", "met"}.  The goal: every page within 2 s.

Nothing here is a test: a slow machine prints slow figures and nothing fails.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.store import hand_writes, night_import  # noqa: E402
from scorekeeper.store.database import Database, open_database  # noqa: E402

GOAL_SECONDS = 2.0
PLAYERS = ["Ann", "Bob", "Cal", "Dee", "Eve"]
WAIT_S = 30.0  # the longest a hand may take to reach every phone before the run gives up


def table_night(table: int, today: dt.date) -> dict[str, Any]:
    return {
        "format": "sheepshead-night/1",
        "date": today.isoformat(),
        "league": "Benchmark League",
        "season": "One",
        "table": str(table),
        "rules": {"preset": "classic-5", "stake_cents": 10},
        "players": [f"{name} {table}" for name in PLAYERS],
        "hands": [],
    }


def a_hand(table: int, number: int) -> dict[str, Any]:
    names = [f"{name} {table}" for name in PLAYERS]
    picker, partner = names[number % 5], names[(number + 2) % 5]
    dealer = names[(number - 1) % 5]
    return {
        "type": "pick",
        "picker": picker,
        "partners": [partner],
        "points": 61 + number % 30,
        "tricks": 3,
        "dealer": dealer,
    }


@dataclass
class Phone:
    """One phone's live page: when each hand's page arrived."""

    seen: dict[int, float] = field(default_factory=dict)  # hand count -> arrival


async def follow(host: str, port: int, path: str, phone: Phone, ready: asyncio.Event) -> None:
    """Follow PATH's live page, noting when each number of hands first shows."""
    reader, writer = await asyncio.open_connection(host, port, limit=2**22)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n"
    writer.write(request.encode())
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass  # the response's head
    ready.set()
    data: list[str] = []
    while True:
        line = await reader.readline()
        if not line:
            return
        text = line.decode().rstrip("\r\n")
        if text.startswith("data: "):
            data.append(text[6:])
        elif text == "" and data:
            body = "\n".join(data)
            data = []
            hands = body.count('<tr class="about">')
            phone.seen.setdefault(hands, time.perf_counter())


async def phones_follow(
    host: str, port: int, path: str, count: int
) -> tuple[list[Phone], list[asyncio.Task[None]]]:
    phones = [Phone() for _ in range(count)]
    readies = [asyncio.Event() for _ in range(count)]
    tasks = [
        asyncio.create_task(follow(host, port, path, p, r))
        for p, r in zip(phones, readies, strict=True)
    ]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), WAIT_S)
    return phones, tasks


def start_server(url: str, night_id: int) -> tuple[subprocess.Popen[str], str]:
    """`scorekeeper serve` on a free port of 127.0.0.1; the process and its address."""
    command = [sys.executable, "-m", "scorekeeper", "--database", url, "serve"]
    command += ["--bind", "127.0.0.1", "--port", "0", "--night", str(night_id)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert server.stdout is not None
    first = server.stdout.readline()
    return server, first.split(" at ")[1].strip()


def run_tables(db: Database, nights: list[int], hands: int, phones: list[Phone]) -> list[float]:
    """Every table records HANDS hands at once; table 1 waits for every phone to show
    each of its hands before the next.  The seconds from each of table 1's saves to
    every phone showing it."""
    latencies: list[float] = []
    problems: list[BaseException] = []

    def table(index: int, night_id: int) -> None:
        try:
            for number in range(1, hands + 1):
                hand_writes.append_hand(db, night_id=night_id, hand=a_hand(index, number))
                saved = time.perf_counter()
                if index == 1:
                    latencies.append(every_phone_shows(phones, number) - saved)
        except BaseException as error:
            problems.append(error)

    threads = [threading.Thread(target=table, args=(i, n)) for i, n in enumerate(nights, start=1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if problems:
        raise problems[0]
    return latencies


def every_phone_shows(phones: list[Phone], hands: int) -> float:
    """When the last phone showed the page with HANDS hands."""
    deadline = time.perf_counter() + WAIT_S
    while time.perf_counter() < deadline:
        if all(hands in p.seen for p in phones):
            return max(p.seen[hands] for p in phones)
        time.sleep(0.002)  # the phones' loop runs in its own thread
    raise TimeoutError(f"hand {hands} did not reach every phone within {WAIT_S} s")


def measure_server(url: str, nights: list[int], phones_count: int, hands: int) -> dict[str, Any]:
    import psutil

    server, address = start_server(url, nights[0])
    parts = urlsplit(address)
    process = psutil.Process(server.pid)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        token, page = parts.path.strip("/").split("/", 1)
        events = f"/{token}/events/{page}"
        future = asyncio.run_coroutine_threadsafe(
            phones_follow(parts.hostname or "", parts.port or 0, events, phones_count), loop
        )
        phones, tasks = future.result(WAIT_S)
        db = open_database(url)
        cpu_before, wall_before = process.cpu_times(), time.perf_counter()
        latencies = run_tables(db, nights, hands, phones)
        cpu_after, wall = process.cpu_times(), time.perf_counter() - wall_before
        rss = process.memory_info().rss
        peak = _peak_bytes(server.pid) or rss
        db.dispose()
        for task in tasks:
            loop.call_soon_threadsafe(task.cancel)
    finally:
        server.terminate()
        server.wait(30)
        loop.call_soon_threadsafe(loop.stop)
    cpu = (cpu_after.user + cpu_after.system) - (cpu_before.user + cpu_before.system)
    return {
        "latencies": latencies,
        "server_rss_mb": round(rss / 2**20, 1),
        "server_peak_mb": round(peak / 2**20, 1),
        "server_cpu_share": round(cpu / wall, 3),  # of one core, while the tables played
    }


def _peak_bytes(pid: int) -> int | None:
    """A process's peak resident memory (Linux's VmHWM), if it says."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


# -- the floor: a bare server pushing the same bytes to bare sockets -------------------

BARE_SERVER = """
import asyncio, sys
async def main():
    sockets = []
    async def joined(reader, writer):
        sockets.append(writer)
    server = await asyncio.start_server(joined, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    loop = asyncio.get_running_loop()
    size = int(sys.stdin.readline())
    payload = b"x" * (size - 1) + b"\\n"
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        for writer in sockets:
            writer.write(payload)
        await asyncio.gather(*(w.drain() for w in sockets))
asyncio.run(main())
"""


async def bare_phones(port: int, count: int) -> list[asyncio.StreamReader]:
    readers = []
    for _ in range(count):
        reader, _writer = await asyncio.open_connection("127.0.0.1", port, limit=2**22)
        readers.append(reader)
    return readers


async def every_line(readers: list[asyncio.StreamReader]) -> None:
    await asyncio.gather(*(r.readline() for r in readers))


def measure_floor(phones_count: int, hands: int, size: int) -> dict[str, Any]:
    import psutil

    bare = subprocess.Popen(
        [sys.executable, "-c", BARE_SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # its sockets closing under it at the end
        text=True,
    )
    assert bare.stdin is not None and bare.stdout is not None
    port = int(bare.stdout.readline())
    bare.stdin.write(f"{size}\n")
    bare.stdin.flush()
    loop = asyncio.new_event_loop()
    try:
        readers = loop.run_until_complete(bare_phones(port, phones_count))
        times = []
        for _ in range(hands):
            told = time.perf_counter()
            bare.stdin.write("go\n")
            bare.stdin.flush()
            loop.run_until_complete(every_line(readers))
            times.append(time.perf_counter() - told)
        rss = psutil.Process(bare.pid).memory_info().rss
    finally:
        bare.stdin.close()
        bare.wait(30)
        loop.close()
    return {"times": times, "floor_rss_mb": round(rss / 2**20, 1)}


def page_size(url: str, night_id: int) -> int:
    """The bytes of the event that carries the night's page, as the phones read it."""
    from scorekeeper.web.pages import Address, page
    from scorekeeper.web.server import sse

    db = open_database(url)
    try:
        return len(sse(1, page(db, Address("night", str(night_id))).body).encode())
    finally:
        db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--database", help="an empty database's URL (default: a SQLite file)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-phones-"))
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[variable] = str(folder / variable.lower())  # never the runner's home
    try:
        url = args.database or f"sqlite:///{folder / 'league.sqlite3'}"
        db = open_database(url)
        today = dt.date.today()
        nights = [
            night_import.import_night(db, table_night(t, today)) for t in range(1, args.tables + 1)
        ]
        db.dispose()
        served = measure_server(url, nights, args.phones, args.hands)
        floor = measure_floor(args.phones, args.hands, page_size(url, nights[0]))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    latencies, floor_times = served.pop("latencies"), floor.pop("times")
    median = statistics.median(latencies)
    floor_median = statistics.median(floor_times)
    line = {
        "name": "phones",
        "phones": args.phones,
        "tables": args.tables,
        "hands": args.hands,
        "database": url.split(":", 1)[0],
        "median_seconds": round(median, 4),
        "max_seconds": round(max(latencies), 4),
        "floor_median_seconds": round(floor_median, 4),
        "floor_max_seconds": round(max(floor_times), 4),
        "ratio": round(median / floor_median, 1),
        **served,
        **floor,
        "goal_seconds": GOAL_SECONDS,
        "met": max(latencies) <= GOAL_SECONDS,
    }
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
