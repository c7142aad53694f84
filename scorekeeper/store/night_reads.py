"""Stored nights read back: the list of nights, a night as the core's record and its
score, its hands' ids, a hand's history, and the points the score cache holds.
Nothing here writes, and nothing returns a live ORM row."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Select
from sqlalchemy import select as columns
from sqlmodel import col, select

from scorekeeper.i18n import _
from scorekeeper.night import score_night
from scorekeeper.records import Night
from scorekeeper.results import NightResult
from scorekeeper.store import records as stored
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.night_import import export_night, night_as_stored
from scorekeeper.store.people import find_league
from scorekeeper.store.state import load_state
from scorekeeper.store.stored_night import night_of_document
from scorekeeper.store.tables import (
    CHUNK,
    HandPointsRow,
    HandRevisionRow,
    HandRow,
    LeagueRow,
    NightRow,
    NightTotalRow,
    PlayerRow,
    SeasonRow,
    SeatRow,
    core_table,
)


@dataclass(frozen=True)
class NightSummary:
    """One line of `scorekeeper nights`."""

    id: int
    date: str | None
    league: str | None
    season: str | None
    table: str | None
    title: str | None
    hands: int
    players: tuple[str, ...]
    closed: bool


@dataclass(frozen=True)
class Revision:
    """One version of a hand, as the history shows it."""

    id: int
    hand_id: int
    revision: int
    action: str
    position: int
    hand: dict[str, Any]
    recorded_at: dt.datetime


def load_stored_night(db: Database, *, night_id: int) -> Night:
    """A stored night as the core's record."""
    return night_of_document(export_night(db, night_id=night_id), night_id=night_id)


def night_result(db: Database, *, night_id: int) -> NightResult:
    """A stored night scored by the core."""
    return score_night(load_stored_night(db, night_id=night_id))


def list_nights(db: Database, *, league: str | None = None) -> list[NightSummary]:
    """Every night, newest first, optionally of one league."""
    night = core_table(NightRow).c
    query = night_summary_query()
    with db.session() as session:
        if league is not None:
            found = find_league(session, league)
            if found is None:
                raise StorageError(
                    _("there is no league {name}").format(name=repr(league)), field="league"
                )
            query = query.where(night.league_id == found.id)
        summaries = night_summaries(session.connection(), query, every_night=True)
    summaries.sort(key=lambda s: (s.date or "", s.id), reverse=True)
    return summaries


def night_summary_query() -> Select[Any]:
    """The query of the nights not discarded, a row a night, as `night_summaries`
    reads them: with their league's and season's names and their count of hands
    joined in.  A night's rules and document are JSON that a list never shows."""
    night = core_table(NightRow).c
    leagues, seasons = core_table(LeagueRow).c, core_table(SeasonRow).c
    totals = core_table(NightTotalRow).c
    return (
        columns(
            night.id,
            night.played_on,
            leagues.name,
            seasons.name,
            night.table_label,
            night.title,
            totals.hand_rows,
            night.closed_at.is_not(None),
        )
        .select_from(core_table(NightRow))
        .outerjoin(core_table(LeagueRow), leagues.id == night.league_id)
        .outerjoin(core_table(SeasonRow), seasons.id == night.season_id)
        .outerjoin(core_table(NightTotalRow), totals.night_id == night.id)
        .where(night.discarded_at.is_(None))
    )


def night_summaries(
    connection: Connection, query: Select[Any], *, every_night: bool = False
) -> list[NightSummary]:
    """The nights QUERY (a `night_summary_query`, narrowed) gives, in its order, each
    with its players in the order they sat.  Plain rows, no ORM bookkeeping per row
    (which was most of the time); the seats of every night read in one go when
    EVERY_NIGHT, else only those of the nights read."""
    rows = connection.execute(query).all()
    names = dict(connection.execute(columns(col(PlayerRow.id), col(PlayerRow.name))).all())
    seat = core_table(SeatRow).c
    seat_order = columns(seat.night_id, seat.player_id).order_by(
        seat.night_id, seat.position, seat.first_hand
    )
    if every_night:
        seats = connection.execute(seat_order).all()
    else:  # a page's nights, by chunks within every database's limit on parameters
        ids = [row[0] for row in rows]
        seats = [
            seat_row
            for start in range(0, len(ids), CHUNK)
            for seat_row in connection.execute(
                seat_order.where(seat.night_id.in_(ids[start : start + CHUNK]))
            )
        ]
    seated: dict[int, list[int]] = {}
    for night_id, player_id in seats:
        order = seated.setdefault(night_id, [])
        if player_id not in order:
            order.append(player_id)
    return [
        NightSummary(
            id=night_id,
            date=date.isoformat() if date else None,
            league=league_name,
            season=season,
            table=table,
            title=title,
            hands=hands or 0,
            players=tuple(names[p] for p in seated.get(night_id, ())),
            closed=bool(closed),
        )
        for night_id, date, league_name, season, table, title, hands, closed in rows
    ]


def hand_history(db: Database, *, hand_id: int) -> list[Revision]:
    """Every version of a hand, oldest first, with each player's current name."""
    with db.session() as session:
        rows = list(
            session.exec(
                select(HandRevisionRow)
                .where(HandRevisionRow.hand_id == hand_id)
                .order_by("revision")
            )
        )
        if not rows:
            raise StorageError(_("there is no hand {number}").format(number=hand_id))
        names = {p.id: p.name for p in session.exec(select(PlayerRow)) if p.id is not None}
    return [
        Revision(
            id=r.id or 0,
            hand_id=r.hand_id,
            revision=r.revision,
            action=r.action,
            position=r.position,
            hand=stored.from_stored(r.record, names),
            recorded_at=r.recorded_at,
        )
        for r in rows
    ]


def hand_ids(db: Database, *, night_id: int) -> list[int]:
    """The ids of a night's hands in order (hand 1 first), as the night screen reads
    them."""
    return list(night_as_stored(db, night_id=night_id).hand_ids)


def cached_points(db: Database, *, night_id: int) -> list[dict[str, int]]:
    """Each hand's points per seated player as the cache holds them (0 when not dealt
    in): what the sheet shows without rescoring, and what must equal a fresh scoring."""
    with db.session() as session:
        state = load_state(session, night_id, lock=False)
        query = (
            select(HandRow.position, HandPointsRow.player_id, HandPointsRow.points)
            .join(HandPointsRow, col(HandPointsRow.hand_id) == col(HandRow.id))
            .where(HandRow.night_id == night_id)
        )
        rows = session.exec(query).all()
    sheet = [dict.fromkeys(state.players, 0) for _ in state.hands]
    for position, player_id, points in rows:
        sheet[position - 1][state.names[player_id]] = points
    return sheet
