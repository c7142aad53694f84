"""What the store and the command line say of one database, filled the same way, as
JSON: to hold a refactoring to "no change" across versions of the code (issue 35's
"scores, stored data and every export identical before and after").

The database is a new SQLite file holding the sample league and the 633 nights of
`tests/data/scoring-snapshot.json.gz` (the spec's examples and 300 hypothesis nights of
each game), filed in a league a source.  What is written: the rows of the tables that
hold what was recorded and scored (moments and hosts left out), every night exported,
and for each league the standings (as text, CSV and JSON), the debts, each player's
statistics (text and CSV) and the league report's text.  Run it under two versions
and compare the files:

    PYTHONPATH=/path/to/old/checkout .venv/bin/python tests/sameness.py before.json
    .venv/bin/python tests/sameness.py after.json

(the snapshot file is read from this checkout, so both runs file the same nights).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gzip
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import text

SNAPSHOT = Path(__file__).resolve().parent / "data" / "scoring-snapshot.json.gz"
TABLES = ("night", "seat", "hand", "hand_score", "hand_points", "night_summary")
TABLES += ("night_total", "player", "league", "season")
NOT_COMPARED = ("_at", "time", "host", "user", "updated", "created")


def main(out: Path) -> None:
    from scorekeeper import cli
    from scorekeeper.store.database import open_database
    from scorekeeper.store.night_import import import_night
    from scorekeeper.store.seed import seed_sample_league

    folder = Path(tempfile.mkdtemp())
    url = f"sqlite:///{folder / 'same.sqlite3'}"
    db = open_database(url)
    seed_sample_league(db)
    first = dt.date(2025, 1, 1)
    entries = json.loads(gzip.decompress(SNAPSHOT.read_bytes()))
    for i, entry in enumerate(entries):
        source = entry["name"].split()[0].rstrip(":")
        league = {"sheepshead": "Hypothesis Sheepshead", "schafkopf": "Hypothesis Schafkopf"}
        night = dict(entry["night"], league=league.get(source, f"Spec {source}"))
        night.setdefault("date", (first + dt.timedelta(days=i)).isoformat())
        import_night(db, night)

    def run(*argv: str) -> list[Any]:
        said, problems = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(problems):
            try:
                status: Any = cli.main(["--database", url, *argv])
            except SystemExit as stop:
                status = f"exit {stop.code}"
        return [status, said.getvalue(), problems.getvalue()]

    found: dict[str, Any] = {}
    with db.engine.connect() as connection:
        leagues = [n for (n,) in connection.execute(text("SELECT name FROM league ORDER BY name"))]
        players = [n for (n,) in connection.execute(text("SELECT name FROM player ORDER BY name"))]
        nights = [n for (n,) in connection.execute(text("SELECT id FROM night ORDER BY id"))]
        for table in TABLES:
            rows = connection.execute(text(f"SELECT * FROM {table}")).mappings()
            found[table] = sorted(
                json.dumps({k: str(v) for k, v in row.items() if not k.endswith(NOT_COMPARED)})
                for row in rows
            )
    for night in nights:
        found[f"export {night}"] = run("export", str(night))
    for league in leagues:
        for form in ((), ("--csv",), ("--json",)):
            found[f"standings {league} {form}"] = run("standings", "--league", league, *form)
        found[f"debts {league}"] = run("debts", "--league", league)
        for player in players:
            for form in ((), ("--csv",)):
                said = run("stats", "--league", league, "--player", player, *form)
                if said[0] == 0:
                    found[f"stats {league} {player} {form}"] = said
        pdf = folder / "league.pdf"
        said = run("report", "league", "--league", league, "--output", str(pdf))
        if said[0] == 0:
            from pypdf import PdfReader

            said = [page.extract_text() for page in PdfReader(pdf).pages]
        found[f"report {league}"] = said
    out.write_text(json.dumps(found, indent=1, sort_keys=True), "utf-8")
    print(f"{len(entries)} nights filed beside the sample league; {len(found)} outputs: {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
