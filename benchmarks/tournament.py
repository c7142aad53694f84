"""A simulated tournament day, and its benchmarks against the floor.

    python benchmarks/tournament.py [--quick] [--repeat N]

`simulated_day` files a Kohler Falls day (random but valid hands at every table, some
tables by the sheet's totals, penalties, late entries): the test suite's proof
(tests/store/test_tournament_day.py) and the screenshots use it.  The benchmarks, one
JSON line each as benchmarks/run.py prints them (docs/performance.md):

- `tournament_draw`: a third session's draw for 500 players (100 tables of 5, the two
  sessions before it kept apart); floor: the same players shuffled by the same seed
  and cut into tables, the least any seeded draw does;
- `tournament_standings`: the standings after each session of a 200-player day, read
  from the database and ranked; floor: one GROUP BY player summing the cached table
  points of the day's nights, once a session;
- `tournament_sheets_pdf`: the table sheets of a session of 100 tables (20 hands a
  table); floor: reportlab building one plain table of the same rows.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.league import sheepshead_hand  # noqa: E402
from scorekeeper.games import preset_rules  # noqa: E402
from scorekeeper.store.database import Database, open_database  # noqa: E402
from scorekeeper.store.hand_writes import append_hand  # noqa: E402
from scorekeeper.store.tournament_draw import draw_session  # noqa: E402
from scorekeeper.store.tournament_results import (  # noqa: E402
    add_penalty,
    record_hands,
    record_totals,
    set_checked,
    table_night,
    table_statuses,
)
from scorekeeper.store.tournaments import create_tournament, register  # noqa: E402
from scorekeeper.tournament.day import TableStatus, Tournament  # noqa: E402

KOHLER = "Kohler Falls Oktoberfest"
SEEDS = (190_271, 52_004, 777_001, 31_337, 8_128)


def hands_for(
    rng: random.Random, tournament: Tournament, table: TableStatus
) -> list[dict[str, Any]]:
    """Random valid hands for TABLE, the dealer going round (sitting out at six)."""
    rules = tournament.kind(len(table.players)).rules
    hands = []
    for number in range(table.hands):
        dealer = table.players[number % len(table.players)]
        sits_out = len(table.players) > rules.dealt_in
        active = [p for p in table.players if not (sits_out and p == dealer)]
        hands.append({**sheepshead_hand(rng, rules, active), "dealer": dealer})
    return hands


def totals_for(rng: random.Random, table: TableStatus) -> dict[str, int]:
    """A table sheet's totals: random, summing to zero."""
    points = {p: rng.randint(-40, 40) for p in table.players[:-1]}
    return points | {table.players[-1]: -sum(points.values())}


def play_session(
    db: Database,
    rng: random.Random,
    tournament: Tournament,
    session: int,
    *,
    one_by_one: tuple[int, ...] = (2, 7),
    leave: int = 0,
) -> None:
    """Every table of SESSION reports but the last LEAVE: one in five by totals, the
    tables ONE_BY_ONE hand by hand through their night (as the night form records
    them), the rest their hands whole; most are then checked."""
    statuses = table_statuses(db, tournament, session)
    for table in statuses[: len(statuses) - leave]:
        roll = rng.random()
        if roll < 0.2:
            record_totals(db, tournament, session, table.number, totals_for(rng, table))
        elif table.number in one_by_one:
            night = table_night(db, tournament, session, table.number)
            for hand in hands_for(rng, tournament, table):
                append_hand(db, night_id=night, hand=hand)
        else:
            record_hands(db, tournament, session, table.number, hands_for(rng, tournament, table))
        if rng.random() < 0.8:
            set_checked(db, tournament, session, table.number)


def simulated_day(
    db: Database,
    *,
    players: int = 200,
    sessions: int = 3,
    played: int | None = None,
    seed: int = 36,
    late: int = 2,
    name: str = KOHLER,
) -> Tournament:
    """A Kohler Falls day filed into DB: PLAYERS registered and paid, LATE more joining
    the second session, SESSIONS of 20 hands of which the first PLAYED are played (the
    last of them but a few tables), a penalty in each played session."""
    rng = random.Random(seed)
    tournament = create_tournament(
        db,
        name=name,
        date=dt.date(2026, 10, 4),
        rules=preset_rules("jack-of-diamonds-5"),
        sessions=sessions,
        hands=20,
        entry_cents=2000,
        currency="USD",
    )
    register(db, tournament, [f"Player {n:03d}" for n in range(1, players + 1)], paid=True)
    played = sessions if played is None else played
    for session in range(1, played + 1):
        if session == 2 and late:
            register(db, tournament, [f"Late Entry {n}" for n in range(1, late + 1)], paid=True)
        draw_session(db, tournament, session, seed=SEEDS[(session - 1) % len(SEEDS)])
        play_session(db, rng, tournament, session, leave=3 if session == played < sessions else 0)
        table = table_statuses(db, tournament, session)[0]
        set_checked(db, tournament, session, table.number, checked=False)
        add_penalty(db, tournament, session, table.players[0], 4, "commented while sitting out")
    return tournament


# -- the benchmarks ---------------------------------------------------------------------


def bench_draw(repeat: int) -> None:
    from benchmarks.run import emit, median_seconds
    from scorekeeper.tournament.draw import draw_tables, meetings

    players = [f"Player {n:03d}" for n in range(1, 501)]
    sizes = (5,) * 100
    history = [draw_tables(players, sizes, seed=s).tables for s in (1, 2)]
    met = meetings(history)
    result: dict[str, Any] = {}

    def draw() -> None:
        result["drawn"] = draw_tables(players, sizes, seed=3, met=met)

    def floor() -> None:
        order = sorted(players)
        random.Random(3).shuffle(order)
        [order[i : i + 5] for i in range(0, len(order), 5)]

    seconds = median_seconds(draw, repeat)
    emit(
        "tournament_draw",
        seconds,
        median_seconds(floor, repeat),
        players=500,
        repeats=result["drawn"].repeats,
    )


def bench_standings(db: Database, tournament: Tournament, repeat: int) -> None:
    from sqlalchemy import func, select

    from benchmarks.run import emit, median_seconds
    from scorekeeper.store.tables import NightSummaryRow, TableRow, core_table
    from scorekeeper.store.tournament_results import standings

    def work() -> None:
        for session in range(1, tournament.sessions + 1):
            standings(db, tournament, through=session)

    summary, tables = core_table(NightSummaryRow), core_table(TableRow)

    def floor() -> None:
        with db.engine.connect() as connection:
            for session in range(1, tournament.sessions + 1):
                query = (
                    select(summary.c.player_id, func.sum(summary.c.points))
                    .join(tables, tables.c.night_id == summary.c.night_id)
                    .where(tables.c.tournament_id == tournament.id, tables.c.session <= session)
                    .group_by(summary.c.player_id)
                )
                connection.execute(query).all()

    emit(
        "tournament_standings",
        median_seconds(work, repeat),
        median_seconds(floor, repeat),
        sessions=tournament.sessions,
    )


def bench_sheets(db: Database, tournament: Tournament, repeat: int) -> None:
    from reportlab.platypus import SimpleDocTemplate, Table

    from benchmarks.run import emit, median_seconds
    from scorekeeper.reports.render import register_fonts
    from scorekeeper.reports.tournament_build import sheets_pdf

    statuses = table_statuses(db, tournament, 1)
    rows = [
        [str(n), t.players[n % len(t.players)], *([""] * 18)]
        for t in statuses
        for n in range(t.hands + 3)
    ]

    def work() -> None:
        sheets_pdf(db, tournament, 1)

    def floor() -> None:
        import io

        register_fonts()
        SimpleDocTemplate(io.BytesIO()).build([Table(rows, repeatRows=1)])

    emit(
        "tournament_sheets_pdf",
        median_seconds(work, repeat),
        median_seconds(floor, repeat),
        tables=len(statuses),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller day, for the tests")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else args.repeat
    bench_draw(repeat)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-tournament-") as folder:
        db = open_database(f"sqlite:///{Path(folder) / 'day.sqlite3'}")
        day = simulated_day(db, players=40 if args.quick else 200)
        bench_standings(db, day, repeat)
        big = create_tournament(
            db,
            name="Sheets",
            date=dt.date(2026, 10, 4),
            rules=preset_rules("jack-of-diamonds-5"),
            sessions=1,
            hands=20,
        )
        register(
            db, big, [f"Seat {n:03d}" for n in range(1, (100 if not args.quick else 10) * 5 + 1)]
        )
        draw_session(db, big, 1, seed=1)
        bench_sheets(db, big, repeat)
        db.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
