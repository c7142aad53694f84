"""Measure the app's speed against the floor, on a generated league of 100,000 hands.

    python benchmarks/run.py [--quick] [--repeat N] [--only NAME,...] [--keep DIR]

Prints one JSON object a line: {"name", "seconds", "floor_seconds", "ratio", ...}.
Each figure is the median of several runs.  The floor is the least any implementation
on this stack could take for the same work, measured in the same run on the same data
(see docs/performance.md for what each floor is).  Peak memory is reported in bytes
as {"name": "peak_memory", "bytes", "floor_bytes", "ratio"}.

Nothing here is a test: a slow machine prints slow figures and nothing fails.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.league import FULL, QUICK, league_documents, night_document  # noqa: E402
from scorekeeper.games import preset_rules  # noqa: E402

NAMES = (
    "import",
    "standings",
    "record_hand",
    "edit_early_hand",
    "night_pdf",
    "league_pdf",
    "startup",
    "peak_memory",
)
BIG_NIGHT = 1000  # hands in the night record_hand and edit_early_hand work on
PDF_NIGHT = 60


def median_seconds(
    work: Callable[[], Any], repeat: int, setup: Callable[[], Any] | None = None
) -> float:
    """The median wall time of WORK over REPEAT runs (SETUP, untimed, before each)."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def emit(name: str, seconds: float, floor: float, **extra: Any) -> None:
    line = {
        "name": name,
        "seconds": round(seconds, 6),
        "floor_seconds": round(floor, 6),
        "ratio": round(seconds / floor, 3) if floor else None,
        **extra,
    }
    print(json.dumps(line), flush=True)


@contextmanager
def scratch(keep: Path | None) -> Iterator[Path]:
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        yield keep
        return
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def fresh_database(path: Path) -> Any:
    from scorekeeper.store.database import open_database

    for stale in path.parent.glob(path.name + "*"):
        stale.unlink()
    return open_database(sqlite_url(path))


# -- 1. import ---------------------------------------------------------------------------


def bench_import(folder: Path, documents: list[dict[str, Any]], repeat: int, report: bool) -> Path:
    """Bulk import of the whole league; floor: the night, seat and hand rows inserted
    with one executemany each into the same fresh, migrated database."""
    from sqlalchemy import insert

    from scorekeeper.store import night_import
    from scorekeeper.store.tables import HandRow, NightRow, PlayerRow, SeatRow, core_table, now

    league = folder / "league.sqlite"
    holder: dict[str, Any] = {}

    def setup() -> None:
        holder["db"] = fresh_database(league)

    seconds = median_seconds(
        lambda: night_import.import_nights(holder["db"], documents), repeat, setup
    )
    holder["db"].dispose()
    if not report:
        return league

    names = sorted({p for d in documents for p in d["players"]})
    player_ids = {name: i for i, name in enumerate(names, start=1)}
    moment = now()
    night_rows, seat_rows, hand_rows = [], [], []
    for night_id, document in enumerate(documents, start=1):
        night_rows.append(
            dict(
                id=night_id,
                rules=document["rules"],
                created_at=moment,
                updated_at=moment,
                table_label=document["table"],
            )
        )
        seat_rows += [
            dict(night_id=night_id, player_id=player_ids[p], position=i, first_hand=1)
            for i, p in enumerate(document["players"], start=1)
        ]
        hand_rows += [
            dict(night_id=night_id, position=i, record=h, revision=1, updated_at=moment)
            for i, h in enumerate(document["hands"], start=1)
        ]
    floor_path = folder / "floor.sqlite"

    def floor() -> None:
        db = holder["floor"]
        with db.engine.begin() as connection:
            connection.execute(
                insert(core_table(PlayerRow)),
                [
                    dict(id=i, name=n, name_key=n.casefold(), created_at=moment)
                    for n, i in player_ids.items()
                ],
            )
            connection.execute(insert(core_table(NightRow)), night_rows)
            connection.execute(insert(core_table(SeatRow)), seat_rows)
            connection.execute(insert(core_table(HandRow)), hand_rows)

    def floor_setup() -> None:
        holder["floor"] = fresh_database(floor_path)

    floor_seconds = median_seconds(floor, repeat, floor_setup)
    holder["floor"].dispose()
    emit("import", seconds, floor_seconds, hands=sum(len(d["hands"]) for d in documents))
    return league


# -- 2. standings ------------------------------------------------------------------------


def bench_standings(db: Any, league: str, repeat: int) -> None:
    """All-time standings as the league window shows them; floor: one GROUP BY summing
    the per-hand points already stored."""
    from sqlalchemy import func, select

    from scorekeeper.store.league import Period, standings
    from scorekeeper.store.tables import HandPointsRow, core_table

    seconds = median_seconds(lambda: standings(db, Period(league)), repeat)
    points = core_table(HandPointsRow).c
    query = select(points.player_id, func.sum(points.points), func.sum(points.cents)).group_by(
        points.player_id
    )

    def floor() -> None:
        with db.engine.connect() as connection:
            connection.execute(query).all()

    emit("standings", seconds, median_seconds(floor, repeat))


# -- 3 and 4. record a hand, edit an early one, in the app's own session --------------------


def classic_night(db: Any, players: list[str], *, hands: int, seed: int, table: int) -> int:
    """A classic-5 night of HANDS generated hands at these seats, filed in the league's
    last season; its id.  No hand is marked the last, so hands can be recorded after."""
    import random

    from scorekeeper.store import night_import

    mix = ("classic-5", {"preset": "classic-5", "stake_cents": 25}, preset_rules("classic-5"))
    document = night_document(
        random.Random(seed),
        date=dt.date(2026, 11, 20),
        season="Season 2026",
        table=table,
        players=players,
        mix=mix,
        hands=hands,
    )
    document["hands"][-1].pop("last_hand", None)
    return night_import.import_night(db, document)


def big_night(db: Any, players: list[str]) -> int:
    return classic_night(db, players, hands=BIG_NIGHT, seed=7, table=9)


def bench_hands(db: Any, players: list[str], repeat: int) -> None:
    """Record one hand at the end of a 1,000-hand night and edit hand 2 of it, through
    the night screen (store, rescore, the sheet and panels refreshed)."""
    from PySide6.QtWidgets import QApplication
    from sqlalchemy import insert, select

    from scorekeeper.document import load_night
    from scorekeeper.night import score_night
    from scorekeeper.store import night_import
    from scorekeeper.store.tables import HandRow, core_table, now
    from ui.main_window import MainWindow
    from ui.session import NightSession

    app = QApplication.instance() or QApplication([])
    night_id = big_night(db, players)
    session = NightSession(db)
    session.open(night_id)
    window = MainWindow(session)
    window.show()
    app.processEvents()

    view = session.view
    assert view is not None
    hand = {
        "type": "pick",
        "picker": players[1],
        "partners": [players[2]],
        "call": "ace-hearts",
        "points": 64,
        "tricks": 3,
    }

    def record() -> None:
        current = session.view
        assert current is not None
        session.record_hand(hand | {"dealer": current.next_dealer()})
        app.processEvents()

    seconds = median_seconds(record, repeat)
    record_floor_night = big_night(db, players)
    position = {"next": BIG_NIGHT + 1}
    table = core_table(HandRow)
    with db.engine.connect() as connection:
        stored = connection.execute(
            select(table.c.record)
            .where(table.c.night_id == night_id)
            .order_by(table.c.position.desc())
            .limit(1)
        ).scalar_one()

    def floor() -> None:
        with db.engine.begin() as connection:
            connection.execute(
                insert(table),
                dict(
                    night_id=record_floor_night,
                    position=position["next"],
                    record=stored,
                    revision=1,
                    updated_at=now(),
                ),
            )
        position["next"] += 1

    emit("record_hand", seconds, median_seconds(floor, repeat), night_hands=BIG_NIGHT)

    second = session.view.lines[1]  # type: ignore[union-attr]
    # Hand 2 flips between what was dealt and a lone pick, so each edit rescores the rest.
    lone = {
        "type": "pick",
        "picker": players[0],
        "partners": [],
        "call": "alone",
        "points": 91,
        "tricks": 4,
        "dealer": second.record["dealer"],
    }
    versions = [dict(second.record), lone]
    turn = {"n": 0}

    def edit() -> None:
        turn["n"] += 1
        session.edit_hand(second.hand_id, versions[turn["n"] % 2])
        app.processEvents()

    seconds = median_seconds(edit, repeat)
    document = night_import.export_night(db, night_id=night_id)

    def score_in_memory() -> None:
        night, _ = load_night(document)
        assert night is not None
        score_night(night)

    emit(
        "edit_early_hand",
        seconds,
        median_seconds(score_in_memory, repeat),
        night_hands=len(document["hands"]),
    )
    window.close()


# -- 5. PDFs -----------------------------------------------------------------------------


def plain_table_pdf(rows: list[list[str]]) -> bytes:
    """The floor of a report: reportlab building one plain table of the same rows."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import SimpleDocTemplate, Table

    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=letter).build([Table(rows, repeatRows=1)])
    return out.getvalue()


def bench_pdfs(db: Any, league: str, players: list[str], repeat: int) -> None:
    from scorekeeper.night import score_night
    from scorekeeper.reports.build import league_pdf, night_pdf
    from scorekeeper.reports.data import night_report
    from scorekeeper.store import night_reads
    from scorekeeper.store.league import Period, league_info, night_lines
    from scorekeeper.store.league import standings as league_standings

    night_id = classic_night(db, players, hands=PDF_NIGHT, seed=60, table=8)
    seconds = median_seconds(lambda: night_pdf(db, night_id=night_id), repeat)
    night = night_reads.load_stored_night(db, night_id=night_id)
    report = night_report(night, score_night(night), night_id=night_id)
    rows = [[*report.header, *report.players]]
    rows += [[*cells, *(a for a, _ in per_player)] for cells, per_player in report.rows]
    emit(
        "night_pdf", seconds, median_seconds(lambda: plain_table_pdf(rows), repeat), hands=PDF_NIGHT
    )

    big = max(1, repeat // 2)
    seconds = median_seconds(lambda: league_pdf(db, league=league), big)
    info = league_info(db, league=league)
    table = league_standings(db, Period(info.name))
    listing = night_reads.list_nights(db, league=league)
    lines = night_lines(db, Period(info.name))
    league_rows = [
        [r.player, str(r.nights), str(r.hands), str(r.points), str(r.cents)] for r in table.everyone
    ]
    league_rows += [
        [n.date or "-", n.table or "-", ", ".join(n.players), str(n.hands), ""] for n in listing
    ]
    emit(
        "league_pdf",
        seconds,
        median_seconds(lambda: plain_table_pdf(league_rows), big),
        nights=len(listing),
        night_lines=len(lines),
    )


# -- 6 and 7. startup and memory, in a process of their own ------------------------------


def probe(*args: str) -> tuple[float, float, int]:
    """One start of the probe: the seconds from launch until its window was ready for
    typing (benchmarks/probe_app.py says what ready means), the seconds until the
    process had ended, and its peak memory."""
    command = [sys.executable, str(ROOT / "benchmarks" / "probe_app.py"), *args]
    environment = os.environ | {"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    # An installed app starts from compiled bytecode: let the warm-up run write it.
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    environment["SCOREKEEPER_PROBE_START"] = repr(time.time())
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"probe {' '.join(args)} failed:\n{done.stderr}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return float(found["ready_seconds"]), seconds, int(found["peak_bytes"])


def bench_startup(path: Path, repeat: int) -> None:
    """Until the window is ready for typing: the real night's sheet painted and the
    focus in the entry form (a skeleton window would not count); floor: a bare PySide6
    window with a table.  The whole process (its exit too) is reported beside it."""
    url = sqlite_url(path)
    probe("--database", url)  # warm the file cache and Python's bytecode cache
    app = [probe("--database", url) for _ in range(repeat)]
    floor = [probe("--floor") for _ in range(repeat)]
    emit(
        "startup",
        statistics.median(r for r, _, _ in app),
        statistics.median(r for r, _, _ in floor),
        process_seconds=round(statistics.median(s for _, s, _ in app), 6),
        floor_process_seconds=round(statistics.median(s for _, s, _ in floor), 6),
    )
    with_league = [probe("--database", url, "--league")[2] for _ in range(max(1, repeat // 2))]
    used = max(with_league)
    floor_bytes = statistics.median(b for _, _, b in floor)
    print(
        json.dumps(
            {
                "name": "peak_memory",
                "bytes": used,
                "floor_bytes": floor_bytes,
                "ratio": round(used / floor_bytes, 3),
            }
        ),
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK:,} hands, not {FULL:,}")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--only", help="comma-separated benchmark names")
    parser.add_argument("--keep", type=Path, help="keep the databases in this folder")
    args = parser.parse_args(argv)
    wanted = set(args.only.split(",")) if args.only else set(NAMES)
    if unknown := wanted - set(NAMES):
        parser.error(
            f"--only: no benchmark {', '.join(sorted(unknown))} (one of {', '.join(NAMES)})"
        )
    repeat = max(1, args.repeat)
    documents = league_documents(QUICK if args.quick else FULL)
    league = documents[0]["league"]
    players = documents[-1]["players"][:5]
    while len(players) < 5:
        players.append(f"Extra {len(players)}")
    with scratch(args.keep) as folder:
        big = max(1, repeat // 2) if not args.quick else repeat
        path = bench_import(folder, documents, big, "import" in wanted)
        from scorekeeper.store.database import open_database

        db = open_database(sqlite_url(path))
        if "standings" in wanted:
            bench_standings(db, league, repeat)
        if wanted & {"record_hand", "edit_early_hand"}:
            bench_hands(db, players, repeat)
        if wanted & {"night_pdf", "league_pdf"}:
            bench_pdfs(db, league, players, repeat)
        db.dispose()
        if wanted & {"startup", "peak_memory"}:
            bench_startup(path, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
