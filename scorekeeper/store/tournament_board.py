"""The tournament's board (Tournament ▸ Board): what the hall sees during a round.

`board_now` reads the round in play (the last session drawn), when it started (the
clock counts from it), the tables still to report, and the standings through it
(each session's top scorers with them), every number the core's.  `change_token` is
what the board polls: the league board's token (every hand, night and seat written)
with the tournament's own tables' (a draw, a round started, a penalty, an entry).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlmodel import col

from scorekeeper.store import board as boards
from scorekeeper.store.database import Database
from scorekeeper.store.tables import DrawRow, EntryRow, PenaltyRow
from scorekeeper.store.tournament_draw import draws, round_started
from scorekeeper.store.tournament_results import standings, table_statuses
from scorekeeper.tournament.day import TableStatus, Tournament
from scorekeeper.tournament.standings import Standings


@dataclass(frozen=True)
class TournamentBoard:
    """The round in play (SESSION, None before any draw), when it started, its tables
    and those still to report, and the standings through it."""

    tournament: Tournament
    session: int | None
    started: dt.datetime | None
    tables: tuple[TableStatus, ...]
    standings: Standings

    @property
    def waiting(self) -> tuple[int, ...]:
        """The tables still to report, by number."""
        return tuple(t.number for t in self.tables if not t.done)


def board_now(db: Database, tournament: Tournament) -> TournamentBoard:
    """The board of TOURNAMENT now (see `TournamentBoard`)."""
    drawn = sorted(draws(db, tournament))
    session = drawn[-1] if drawn else None
    tables = tuple(table_statuses(db, tournament, session)) if session else ()
    started = round_started(db, tournament, session) if session else None
    ranked = standings(db, tournament, through=session or 1)
    return TournamentBoard(tournament, session, started, tables, ranked)


def change_token(db: Database) -> tuple[Any, ...]:
    """A value that changes whenever anything the tournament's board shows may have."""
    with db.session() as session:
        row = session.execute(
            select(
                select(func.count(col(DrawRow.session))).scalar_subquery(),
                select(func.max(DrawRow.drawn_at)).scalar_subquery(),
                select(func.count(col(DrawRow.started_at))).scalar_subquery(),
                select(func.max(DrawRow.started_at)).scalar_subquery(),
                select(func.count(col(PenaltyRow.id))).scalar_subquery(),
                select(func.max(PenaltyRow.id)).scalar_subquery(),
                select(func.count(col(EntryRow.player_id))).scalar_subquery(),
            )
        ).one()
    return (*boards.change_token(db), *row)
