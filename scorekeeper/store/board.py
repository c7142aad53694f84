"""Tonight's board: what the room sees on a league night with several tables.

`board_of` reads, for one league and one date, every table playing that night (its
players, its hands so far, the newest hands and each player's total), tonight's
standings and the season's.  Every number is the core's: each night scored by
`score_night` (its zero-sum check included), the standings by `compute_standings`.

`change_token` is what a screen polls to know that anything a board shows may have
changed (a hand recorded, edited or deleted at any table, a night started, rules
changed, a player joining): a few maxima and counts, cheap on any database.  On
PostgreSQL the database also says so itself: migration 0011 makes every write to a
night, a hand or a seat `NOTIFY` the channel `CHANNEL`, which a board `LISTEN`s to
(`ui.league.board`), so it updates at once instead of at the next poll.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlmodel import col

from scorekeeper.formatting import night_title
from scorekeeper.i18n import _
from scorekeeper.night import score_night
from scorekeeper.standings import Standings
from scorekeeper.store import league as leagues
from scorekeeper.store.database import Database
from scorekeeper.store.engine import describe, server_connect_args, server_timeouts
from scorekeeper.store.errors import StorageError
from scorekeeper.store.night_import import export_night
from scorekeeper.store.night_reads import NightSummary, list_nights
from scorekeeper.store.stored_night import night_of_document
from scorekeeper.store.tables import (
    HandRevisionRow,
    LeagueRow,
    NightChangeRow,
    NightRow,
    PlayerRow,
    SeatRow,
)

CHANNEL = "scorekeeper_changes"  # what PostgreSQL NOTIFYs on every write to a night
RECENT = 3  # the newest hands each table shows


@dataclass(frozen=True)
class HandNow:
    """One hand on a table's card: its number, its summary, each player's points."""

    number: int
    summary: str
    points: dict[str, int]


@dataclass(frozen=True)
class TableNow:
    """One table playing tonight: who sits where, its hands so far, its newest hands
    (newest first), each player's total, and whether the night is closed."""

    night_id: int
    label: str
    players: tuple[str, ...]
    hands: int
    recent: tuple[HandNow, ...]
    totals: dict[str, int]
    closed: bool


@dataclass(frozen=True)
class Board:
    """The league's night on DATE: its tables, tonight's standings and the season's
    (SEASON None: every night of the league)."""

    league: str
    date: dt.date
    season: str | None
    tables: tuple[TableNow, ...]
    tonight: Standings
    season_standings: Standings


def board_of(db: Database, *, league: str, date: dt.date, recent: int = RECENT) -> Board:
    """The board of LEAGUE's night on DATE (see `Board`)."""
    tonight = [n for n in list_nights(db, league=league) if n.date == date.isoformat()]
    tonight.sort(key=lambda n: (_natural(n.table or ""), n.id))
    tables = tuple(_table(db, summary, recent) for summary in tonight)
    season = _season(db, league, tonight)
    period = leagues.Period(league, since=date, until=date)
    return Board(
        league=league,
        date=date,
        season=season,
        tables=tables,
        tonight=leagues.standings(db, period),
        season_standings=leagues.standings(db, leagues.Period(league, season=season)),
    )


def _natural(label: str) -> tuple[tuple[int, Any], ...]:
    """A table's name as people sort it: "Table 2" before "Table 10"."""
    return tuple(
        (0, int(p)) if p.isdigit() else (1, p.casefold()) for p in re.split(r"(\d+)", label)
    )


def _table(db: Database, summary: NightSummary, recent: int) -> TableNow:
    night = night_of_document(export_night(db, night_id=summary.id), night_id=summary.id)
    result = score_night(night)
    hands = result.hands
    shown = tuple(
        HandNow(number=h.number, summary=h.summary, points=dict(h.points))
        for h in reversed(hands[-recent:] if recent else ())
    )
    return TableNow(
        night_id=summary.id,
        label=summary.table or night_title(None, None, None, summary.title, summary.players),
        players=night.players,
        hands=len(hands),
        recent=shown,
        totals=dict(result.total_points),
        closed=summary.closed,
    )


def _season(db: Database, league: str, tonight: list[NightSummary]) -> str | None:
    """The season tonight's nights are filed in (the most of them), else the league's
    newest season that has a night, else None."""
    named = Counter(n.season for n in tonight if n.season)
    if named:
        return named.most_common(1)[0][0]
    for summary in list_nights(db, league=league):  # newest first
        if summary.season:
            return summary.season
    return None


def change_token(db: Database) -> tuple[Any, ...]:
    """A value that changes whenever anything a board shows may have: the newest hand
    revision, night change, night and seat, when a night was last rescored or closed,
    and the players' names and the leagues' ranking (a rename, a ranking chosen: both
    small tables, read whole)."""
    with db.session() as session:
        players = select(col(PlayerRow.id), col(PlayerRow.name)).order_by(col(PlayerRow.id))
        names = tuple(tuple(row) for row in session.execute(players))
        leagues_now = tuple(
            (row.id, json.dumps(row.standings, sort_keys=True))
            for row in session.execute(select(col(LeagueRow.id), col(LeagueRow.standings)))
        )
        row = session.execute(
            select(
                select(func.max(HandRevisionRow.id)).scalar_subquery(),
                select(func.max(NightChangeRow.id)).scalar_subquery(),
                select(func.max(NightRow.id)).scalar_subquery(),
                select(func.max(NightRow.updated_at)).scalar_subquery(),
                select(func.count(col(SeatRow.id))).scalar_subquery(),
                select(func.count(col(NightRow.closed_at))).scalar_subquery(),
            )
        ).one()
    return (*row, hash(names), hash(leagues_now))


def can_listen(db: Database) -> bool:
    """True when the database says itself that something changed (PostgreSQL)."""
    return db.url.get_backend_name() == "postgresql"


def listen(
    db: Database,
    stop: threading.Event,
    on_change: Callable[[], None],
    on_listening: Callable[[], None] = lambda: None,
) -> None:
    """Until STOP is set: call ON_CHANGE (from this thread) each time a write to any
    night commits, as PostgreSQL notifies it on `CHANNEL`, over a connection of its
    own (ON_LISTENING once it listens).  Raises StorageError when the server cannot
    be reached or drops the connection: the caller falls back to polling
    `change_token`."""
    import psycopg  # only a PostgreSQL database needs it

    address = db.url.set(drivername="postgresql").render_as_string(hide_password=False)
    settings = server_connect_args(db.url, server_timeouts(db.url))  # as the app's own
    try:
        with psycopg.connect(address, autocommit=True, **settings) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            on_listening()
            while not stop.is_set():
                for _notice in connection.notifies(timeout=0.5):
                    on_change()
                    if stop.is_set():
                        break
    except psycopg.Error as error:
        raise StorageError(
            _("listening to {database} stopped: {error}").format(
                database=describe(db.url), error=error
            )
        ) from error
