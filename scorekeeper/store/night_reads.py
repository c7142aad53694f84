"""Stored nights read back: the list of nights, a night as the core's record and its
score, its hands' ids, a hand's history, and the points the score cache holds.
Nothing here writes, and nothing returns a live ORM row."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from scorekeeper.i18n import _
from scorekeeper.night import NightResult, score_night
from scorekeeper.records import Night
from scorekeeper.store import records as stored
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.night_import import export_night
from scorekeeper.store.people import find_league
from scorekeeper.store.state import load_state
from scorekeeper.store.stored_night import night_of_document
from scorekeeper.store.tables import (
    HandPointsRow,
    HandRevisionRow,
    HandRow,
    LeagueRow,
    NightRow,
    NightTotalRow,
    PlayerRow,
    SeasonRow,
    SeatRow,
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
    with db.session() as session:
        # The columns listed, not the rows: a night's rules and document are JSON that
        # the list never shows (reading them was most of its time).
        query = select(  # type: ignore[call-overload,misc]
            NightRow.id,
            NightRow.played_on,
            NightRow.league_id,
            NightRow.season_id,
            NightRow.table_label,
            NightRow.title,
            NightRow.closed_at,
        ).where(col(NightRow.discarded_at).is_(None))
        if league is not None:
            found = find_league(session, league)
            if found is None:
                raise StorageError(
                    _("there is no league {name}").format(name=repr(league)), field="league"
                )
            query = query.where(NightRow.league_id == found.id)
        rows = list(session.exec(query))
        # Each night's hands as every write counted them (store/summaries.py).
        counts = dict(session.exec(select(NightTotalRow.night_id, NightTotalRow.hand_rows)).all())
        # Seats, names, leagues and seasons read once for all the nights, not per night.
        names = dict(session.exec(select(PlayerRow.id, PlayerRow.name)).all())
        leagues = dict(session.exec(select(LeagueRow.id, LeagueRow.name)).all())
        seasons = dict(session.exec(select(SeasonRow.id, SeasonRow.name)).all())
        seated: dict[int, list[int]] = {}
        seat_order = select(SeatRow.night_id, SeatRow.player_id).order_by(
            col(SeatRow.night_id), col(SeatRow.position), col(SeatRow.first_hand)
        )
        for night_id, player_id in session.exec(seat_order):
            order = seated.setdefault(night_id, [])
            if player_id not in order:
                order.append(player_id)
        summaries = []
        for row in rows:
            assert row.id is not None
            summaries.append(
                NightSummary(
                    id=row.id,
                    date=row.played_on.isoformat() if row.played_on else None,
                    league=leagues.get(row.league_id) if row.league_id is not None else None,
                    season=seasons.get(row.season_id) if row.season_id is not None else None,
                    table=row.table_label,
                    title=row.title,
                    hands=counts.get(row.id, 0),
                    players=tuple(names[p] for p in seated.get(row.id, [])),
                    closed=row.closed_at is not None,
                )
            )
    summaries.sort(key=lambda s: (s.date or "", s.id), reverse=True)
    return summaries


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
    """The ids of a night's hands in order (hand 1 first)."""
    with db.session() as session:
        query = select(HandRow.id).where(HandRow.night_id == night_id).order_by("position")
        return [i for i in session.exec(query) if i is not None]


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
