"""What each process of the concurrency tests does, started by multiprocessing (spawn):
everything imported first, then every process waits at one barrier and does its part at
the same moment, and sends back what a user would have seen.

A table files the first night of a league and season by the real command line
(`scorekeeper --database URL import NIGHT.json`); an opener opens the database as any
program does (`open_database`).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

# Imported before the barrier, so the processes race on the database, not on imports.
import alembic.command  # noqa: F401

import scorekeeper.store.night_import  # noqa: F401
from scorekeeper import cli
from scorekeeper.store.database import open_database
from scorekeeper.store.errors import StorageError

LEAGUE, SEASON = "Thursday League", "Spring 2027"
# Ten regulars, "Zoë" among them twice: composed (U+00EB) and decomposed (e, U+0308).
POOL = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Zo\u00eb", "Ivy"]
ZOE_DECOMPOSED = "Zoe\u0308"


def table_night(table: int) -> dict[str, Any]:
    """Table TABLE's first night: five of the pool, each table a different five in a
    different order (so two tables create players in crossing orders), one hand."""
    players = [POOL[(2 * table + k) % len(POOL)] for k in range(5)]
    if table % 2:
        players.reverse()
    if table % 3 == 1:  # some tables type Zoë decomposed
        players = [ZOE_DECOMPOSED if p == "Zo\u00eb" else p for p in players]
    return {
        "format": "sheepshead-night/1",
        "rules": "classic-5",
        "league": LEAGUE,
        "season": SEASON,
        "table": f"Table {table + 1}",
        "date": "2027-03-04",
        "players": players,
        "hands": [
            {
                "type": "pick",
                "picker": players[0],
                "partners": [players[1]],
                "points": 70,
                "tricks": 4,
            },
        ],
    }


def file_by_command_line(url: str, document: Path, barrier: Any, results: Any) -> None:
    """At the barrier, `scorekeeper --database URL import DOCUMENT`; sends back its exit
    status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    barrier.wait()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["--database", url, "import", str(document)])
    results.put((status, out.getvalue(), err.getvalue()))


def open_at_once(url: str, barrier: Any, results: Any) -> None:
    """At the barrier, open the database; sends back whether this program made its
    schema (a new database), the backup it took before migrating, or what it said."""
    barrier.wait()
    try:
        db = open_database(url)
    except StorageError as error:
        results.put(("refused", str(error)))
        return
    except Exception as error:  # what a user would have seen as an internal error
        results.put(("failed", f"{type(error).__name__}: {error}"))
        return
    backup = str(db.backup) if db.backup is not None else None
    results.put(("opened", json.dumps({"created": db.created, "backup": backup})))
    db.dispose()


if __name__ == "__main__":  # pragma: no cover - only ever started by multiprocessing
    sys.exit("run by tests/store/test_concurrent_writers.py")


def command_line(url: str, args: list[str], barrier: Any, results: Any) -> None:
    """At the barrier, `scorekeeper --database URL ARGS...`; sends back ARGS' command,
    its exit status, standard output and standard error."""
    import scorekeeper.store.merge  # noqa: F401 - imported before the race, as the rest

    out, err = io.StringIO(), io.StringIO()
    barrier.wait()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["--database", url, *args])
    results.put((args[0], status, out.getvalue(), err.getvalue()))
