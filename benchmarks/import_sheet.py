"""A league's ten years kept in a spreadsheet, imported: `scorekeeper import-sheet`.

    python benchmarks/import_sheet.py [--rows N] [--repeat N] [--keep DIR] [--memory]

Generates a sheet of a league's sittings (`ten_year_sheet`: 3,000 rows over ten years,
25 players, three to eight a sitting, the `hands` and `table` columns, separated by
semicolons with Excel's byte-order mark, a name quoted because it holds the separator),
then times the whole command, in this process, from the file to the committed nights:
read, checked, each column matched to the stored players, every night filed in one
transaction.  Prints one JSON line: {"name", "seconds", "floor_seconds", "ratio", "rows",
"goal_seconds", "met"}.  The floor is the store's bulk import
(`night_import.import_nights`) of the same night documents, built beforehand; the goal is
under 10 s here.  Each figure is the median of the runs, each into a fresh database.

With --memory, prints instead the peak memory of the command in a process of its own,
and what a row adds (the slope from a quarter of the rows), projected to the largest
sheet: {"name", "rows", "peak_mb", "kb_per_row", "at_limit_mb", "goal_kb_per_row",
"met"}.

Nothing here is a test: a slow machine prints slow figures and nothing fails.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime as dt
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROWS, PLAYER_COUNT, YEARS = 3000, 25, 10
FIRST_DAY = dt.date(2013, 9, 4)
GOAL_SECONDS = 10.0
# What filing a row may cost in memory, over reading the sheet: a league's history is
# filed in one transaction, its nights checked and planned whole (docs/performance.md).
GOAL_KB_PER_ROW = 6.0
LIMIT_ROWS = 480_000  # about what the largest sheet the app reads holds
LEAGUE = "Badger State Sheepshead League"
NAMES = (
    *("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kay", "Lou"),
    *("Max", "Ned", "Ola", "Pat", "Smith; Jr.", "Ray", "Sue", "Tom", "Uma", "Vic", "Zoë"),
    *("Łukasz", "O'Neil", "Quin", "Greta", "Hans"),
)


@dataclass(frozen=True)
class SheetRow:
    """A generated sitting: its date, table, hands, and each player's points."""

    date: dt.date
    table: int
    hands: int
    points: dict[str, int]


def ten_year_rows(
    rows: int = ROWS, players: int = PLAYER_COUNT, seed: int = 2013
) -> tuple[list[str], list[SheetRow]]:
    """The players (the sheet's columns) and ROWS sittings spread over ten years: a
    few tables most days, three to eight players each (five most often), points summing
    to zero, 8 to 30 hands a sitting.  The same for the same arguments."""
    rng = random.Random(seed)
    names = list(NAMES[:players])
    days = YEARS * 365
    out: list[SheetRow] = []
    tables: dict[dt.date, int] = {}
    for index in range(rows):
        date = FIRST_DAY + dt.timedelta(days=index * days // rows)
        tables[date] = tables.get(date, 0) + 1
        count = rng.choices(range(3, 9), weights=(1, 4, 8, 3, 1, 1))[0]
        seated = sorted(rng.sample(range(len(names)), count))
        points = [rng.randint(-45, 45) for _ in seated[1:]]
        points.insert(rng.randrange(count), -sum(points))
        out.append(
            SheetRow(
                date,
                tables[date],
                rng.randint(8, 30),
                {names[i]: p for i, p in zip(seated, points, strict=True)},
            )
        )
    return names, out


def sheet_text(names: list[str], rows: list[SheetRow], separator: str = ";") -> str:
    """The sheet as a spreadsheet saves it: a header row, then a row a sitting (dates
    written as the US writes them, month first, every fifth one as ISO)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, lineterminator="\r\n")
    writer.writerow(["Date", "table", "hands", *names])
    for number, row in enumerate(rows):
        date = row.date
        written = date.isoformat() if number % 5 == 0 else f"{date.month}/{date.day}/{date.year}"
        cells = [str(row.points[n]) if n in row.points else "" for n in names]
        writer.writerow([written, str(row.table), str(row.hands), *cells])
    return buffer.getvalue()


def ten_year_sheet(rows: int = ROWS, players: int = PLAYER_COUNT, seed: int = 2013) -> bytes:
    """The ten-year sheet's bytes: UTF-8 with Excel's byte-order mark, semicolons."""
    names, sittings = ten_year_rows(rows, players, seed)
    return b"\xef\xbb\xbf" + sheet_text(names, sittings).encode("utf-8")


def median_seconds(work: Callable[[], Any], setup: Callable[[], Any], repeat: int) -> float:
    """The median wall time of WORK over REPEAT runs, SETUP (untimed) before each."""
    times = []
    for _ in range(repeat):
        setup()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(folder: Path, rows: int, repeat: int) -> dict[str, Any]:
    """Time `scorekeeper import-sheet` of the ten-year sheet against the floor."""
    from scorekeeper.cli import main
    from scorekeeper.league_sheet import read_sheet
    from scorekeeper.store.database import open_database
    from scorekeeper.store.night_import import import_nights
    from scorekeeper.store.sheet_import import plan_sheet

    path = folder / "league.csv"
    path.write_bytes(ten_year_sheet(rows))
    database = folder / "league.sqlite3"
    url = f"sqlite:///{database}"

    def fresh() -> None:
        for stale in folder.glob(database.name + "*"):
            stale.unlink()
        open_database(url).dispose()  # made and migrated, as a league's database is

    def command() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(["--database", url, "import-sheet", str(path), "--league", LEAGUE])
        assert status == 0, status

    seconds = median_seconds(command, fresh, repeat)
    fresh()
    db = open_database(url)
    sheet, problems = read_sheet(path.read_bytes())
    assert sheet is not None and not problems, problems
    documents = plan_sheet(db, sheet, league=LEAGUE).documents
    db.dispose()
    holder: dict[str, Any] = {}

    def floor_setup() -> None:
        fresh()
        holder["db"] = open_database(url)

    floor = median_seconds(lambda: import_nights(holder["db"], documents), floor_setup, repeat)
    holder["db"].dispose()
    return {
        "name": "import_sheet",
        "seconds": round(seconds, 6),
        "floor_seconds": round(floor, 6),
        "ratio": round(seconds / floor, 3) if floor else None,
        "rows": rows,
        "goal_seconds": GOAL_SECONDS,
        "met": seconds < GOAL_SECONDS,
    }


def peak_memory(folder: Path, rows: int) -> dict[str, Any]:
    """The peak memory (resident set) of `scorekeeper import-sheet` of the sheet of ROWS
    rows, each in a process of its own into a fresh database, and what a row adds: the
    slope between a quarter of the sheet and the whole (the app's own size drops out),
    projected to the documented limit of LIMIT_ROWS."""
    peaks = {}
    for count in (rows // 4, rows):
        path = folder / f"memory-{count}.csv"
        path.write_bytes(ten_year_sheet(count))
        database = folder / f"memory-{count}.sqlite3"
        for stale in folder.glob(database.name + "*"):
            stale.unlink()
        url = f"sqlite:///{database}"
        command = [sys.executable, "-m", "scorekeeper", "--database", url, "import-sheet"]
        peaks[count] = _peak_kb([*command, str(path), "--league", LEAGUE])
    per_row = (peaks[rows] - peaks[rows // 4]) / (rows - rows // 4)
    return {
        "name": "import_sheet_memory",
        "rows": rows,
        "peak_mb": round(peaks[rows] / 1024, 1),
        "kb_per_row": round(per_row, 2),
        "at_limit_mb": round((peaks[rows] + per_row * (LIMIT_ROWS - rows)) / 1024),
        "goal_kb_per_row": GOAL_KB_PER_ROW,
        "met": per_row < GOAL_KB_PER_ROW,
    }


def _peak_kb(command: list[str]) -> int:
    """COMMAND run to its end; its peak resident set in KiB (it must succeed)."""
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 0, (command, child.returncode)
    return int(usage.ru_maxrss)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=ROWS, help=f"sittings (default {ROWS:,})")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--keep", type=Path, help="keep the sheet and database in this folder")
    parser.add_argument(
        "--memory", action="store_true", help="measure the peak memory instead of the time"
    )
    args = parser.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="scorekeeper-sheet-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        if args.memory:
            print(json.dumps(peak_memory(folder, args.rows)), flush=True)
        else:
            print(json.dumps(measure(folder, args.rows, max(1, args.repeat))), flush=True)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())
