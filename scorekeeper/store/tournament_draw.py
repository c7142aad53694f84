"""A tournament's sessions drawn: the core's draw (`tournament.draw`) over the
players entered for the session, the earlier sessions' seats and the pairs kept
apart; what it seated kept with its seed (the tables, their seats and hands), so it
can be shown, printed and reproduced; drawn again (late entries, withdrawals) while
none of its tables has a result and no later session is drawn.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from scorekeeper.i18n import _
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tables import (
    DrawnSeatRow,
    DrawRow,
    HandRow,
    NightRow,
    PlayerRow,
    TableRow,
    now,
)
from scorekeeper.store.tournaments import (
    apart_in,
    drawn_sessions,
    entries_in,
    locked,
    ordered,
    require_session,
    within,
)
from scorekeeper.tournament.day import DrawnSession, Tournament
from scorekeeper.tournament.draw import (
    Drawn,
    Pair,
    draw_in_order,
    drawing_order,
    least_repeats,
    meetings,
    most_repeats,
    pair,
    pairs_met_again,
    repeats,
)
from scorekeeper.tournament.tables import no_plan_words, plan_tables, plan_words

SEEDS = 1_000_000  # a drawn seed has six digits at most: read aloud, typed back


def draw_session(
    db: Database, tournament: Tournament, session_number: int, *, seed: int | None = None
) -> DrawnSession:
    """Draw SESSION_NUMBER (again, for late entries or withdrawals: while none of its
    tables has a result and no later session is drawn) with SEED (default: a new one,
    drawn from the system's randomness).  Its tables' empty nights are let go."""
    within(session_number, 1, tournament.sessions, "session")
    if seed is not None:
        within(seed, 0, MAX_AMOUNT, "seed")
    chosen = secrets.randbelow(SEEDS) if seed is None else seed

    def write(session: Session) -> None:
        locked(session, tournament)
        drawn = drawn_sessions(session, tournament.id)
        if any(s > session_number for s in drawn):
            message = _(
                "session {later} is drawn already: only the last drawn session can be drawn again"
            )
            raise StorageError(message.format(later=max(drawn)), field="session")
        missing = [s for s in range(1, session_number) if s not in drawn]
        if missing:
            raise StorageError(
                _("draw session {first} first").format(first=missing[0]), field="session"
            )
        _refuse_if_reported(session, tournament, session_number)
        players = [e.player for e in entries_in(session, tournament.id) if e.plays(session_number)]
        plan = plan_tables(len(players), tournament.seating, tournament.uneven)
        if plan is None:
            raise StorageError(
                no_plan_words(len(players), tournament.seating.kinds), field="players"
            )
        history = [seated_in(session, tournament, s) for s in range(1, session_number)]
        order = drawing_order(players)
        met, apart = meetings(history), apart_in(session, tournament.id)
        result = draw_in_order(order, plan.sizes, seed=chosen, met=met, apart=apart)
        ids = _ids(session, order)
        kept = {
            "players": [ids[p] for p in order],
            "apart": sorted(_by_id(p, ids) for p in apart if p <= ids.keys()),
            "met": sorted([*_by_id(p, ids), n] for p, n in met.items() if n and p <= ids.keys()),
        }
        _replace_draw(session, tournament, session_number, result, kept)

    db.write(write)
    return drawn_session(db, tournament, session_number)


def _refuse_if_reported(session: Session, tournament: Tournament, number: int) -> None:
    """A session whose tables have results is not drawn again."""
    nights = [
        t.night_id
        for t in session.exec(
            select(TableRow).where(
                TableRow.tournament_id == tournament.id, TableRow.session == number
            )
        ).all()
        if t.night_id is not None
    ]
    if nights and session.exec(select(HandRow.id).where(col(HandRow.night_id).in_(nights))).first():
        message = _("session {session} has results already: it cannot be drawn again")
        raise StorageError(message.format(session=number), field="session")


def _ids(session: Session, names: Sequence[str]) -> dict[str, int]:
    """The players called NAMES, by name, their ids."""
    rows = session.exec(
        select(PlayerRow.id, PlayerRow.name).where(col(PlayerRow.name).in_(names))
    ).all()
    return {name: player_id for player_id, name in rows if player_id is not None}


def _by_id(both: Pair, ids: Mapping[str, int]) -> list[int]:
    """A pair of players as their ids, the lower first."""
    return sorted(ids[p] for p in both)


def _replace_draw(
    session: Session,
    tournament: Tournament,
    number: int,
    drawn: Drawn,
    drawn_from: dict[str, Any],
) -> None:
    where = (
        col(DrawnSeatRow.tournament_id) == tournament.id,
        col(DrawnSeatRow.session) == number,
    )
    tables = (col(TableRow.tournament_id) == tournament.id, col(TableRow.session) == number)
    old_nights = [n for n in session.exec(select(TableRow.night_id).where(*tables)).all() if n]
    if old_nights:  # empty (checked above): let go, as a night whose start was undone
        session.execute(
            update(NightRow).where(col(NightRow.id).in_(old_nights)).values(discarded_at=now())
        )
    session.execute(delete(DrawnSeatRow).where(*where))
    session.execute(delete(TableRow).where(*tables))
    session.execute(
        delete(DrawRow).where(
            col(DrawRow.tournament_id) == tournament.id, col(DrawRow.session) == number
        )
    )
    ids = _ids(session, [p for t in drawn.tables for p in t])
    session.add(
        DrawRow(tournament_id=tournament.id, session=number, seed=drawn.seed, drawn_from=drawn_from)
    )
    for table_number, players in enumerate(drawn.tables, start=1):
        kind = tournament.kind(len(players))
        session.add(
            TableRow(
                tournament_id=tournament.id,
                session=number,
                number=table_number,
                seats=len(players),
                hands=kind.hands(tournament.hands),
            )
        )
        for seat, player in enumerate(players, start=1):
            session.add(
                DrawnSeatRow(
                    tournament_id=tournament.id,
                    session=number,
                    player_id=ids[player],
                    table_number=table_number,
                    seat=seat,
                )
            )
    session.flush()


def seated_in(session: Session, tournament: Tournament, number: int) -> tuple[tuple[str, ...], ...]:
    """Session NUMBER's tables as drawn, each its players in seat order."""
    rows = session.exec(
        select(DrawnSeatRow.table_number, DrawnSeatRow.seat, PlayerRow.name)
        .join(PlayerRow, col(PlayerRow.id) == col(DrawnSeatRow.player_id))
        .where(DrawnSeatRow.tournament_id == tournament.id, DrawnSeatRow.session == number)
    ).all()
    tables: dict[int, list[tuple[int, str]]] = {}
    for table, seat, name in rows:
        tables.setdefault(table, []).append((seat, name))
    return tuple(tuple(n for _seat, n in sorted(tables[t])) for t in sorted(tables))


def seated(db: Database, tournament: Tournament, number: int) -> tuple[tuple[str, ...], ...]:
    """Session NUMBER's tables as drawn (empty: not drawn)."""
    with db.session() as session:
        return seated_in(session, tournament, number)


def drawn_session(db: Database, tournament: Tournament, number: int) -> DrawnSession:
    """Session NUMBER's draw as stored, with what it achieved (see `DrawnSession`)."""
    require_session(tournament, number)
    with db.session() as session:
        row = session.get(DrawRow, (tournament.id, number))
        if row is None:
            raise StorageError(
                _("session {session} is not drawn yet").format(session=number), field="session"
            )
        history = [seated_in(session, tournament, s) for s in range(1, number + 1)]
        apart = apart_in(session, tournament.id)
    tables = history[-1]
    before = meetings(history[:-1])
    again = sum(
        1 for t in tables for i, a in enumerate(t) for b in t[i + 1 :] if before.get(pair(a, b), 0)
    )
    together = tuple(ordered(p) for p in apart if any(p <= set(t) for t in tables))
    most = most_repeats(
        [p for t in tables for p in t],
        [len(t) for t in tables],
        met=before,
        apart=apart,
        parted=not together,
    )
    plan = plan_tables(sum(len(t) for t in tables), tournament.seating, tournament.uneven)
    day = meetings(history)
    return DrawnSession(
        session=number,
        seed=row.seed,
        tables=tables,
        plan=plan_words(plan, tournament.seating.kinds) if plan else "",
        repeats=again,
        most=most,
        day_repeats=repeats(day),
        day_pairs_again=pairs_met_again(day),
        least=least_repeats(history, apart),
        apart_together=together,
        drawn_at=row.drawn_at,
    )


def reproduces(db: Database, tournament: Tournament, number: int) -> bool:
    """Whether session NUMBER's stored seating is the one its seed draws from what it
    was drawn from (the players in the order drawn, the pairs then kept apart and the
    meetings then, by ids: a pair kept apart or a player renamed since changes
    nothing), so that a printed seed can be checked."""
    with db.session() as session:
        row = session.get(DrawRow, (tournament.id, number))
        if row is None:
            return False
        seats = session.exec(
            select(DrawnSeatRow.table_number, DrawnSeatRow.seat, DrawnSeatRow.player_id).where(
                DrawnSeatRow.tournament_id == tournament.id, DrawnSeatRow.session == number
            )
        ).all()
    by_table: dict[int, list[tuple[int, str]]] = {}
    for table, seat, player_id in seats:
        by_table.setdefault(table, []).append((seat, str(player_id)))
    tables = tuple(tuple(p for _seat, p in sorted(by_table[t])) for t in sorted(by_table))
    given = row.drawn_from
    again = draw_in_order(
        [str(p) for p in given["players"]],
        [len(t) for t in tables],
        seed=row.seed,
        met={pair(str(a), str(b)): n for a, b, n in given["met"]},
        apart={pair(str(a), str(b)) for a, b in given["apart"]},
    )
    return again.tables == tables


def draws(db: Database, tournament: Tournament) -> dict[int, Any]:
    """Each drawn session's seed, by session."""
    with db.session() as session:
        rows = session.exec(select(DrawRow).where(DrawRow.tournament_id == tournament.id)).all()
    return {r.session: r.seed for r in rows}


def start_round(db: Database, tournament: Tournament, number: int, *, started: bool = True) -> None:
    """Start session NUMBER's round now (the board's clock counts from it), or take the
    start back (STARTED false: the clock stops showing)."""
    require_session(tournament, number)

    def write(session: Session) -> None:
        locked(session, tournament)
        row = session.get(DrawRow, (tournament.id, number))
        if row is None:
            message = _("session {session} is not drawn yet").format(session=number)
            raise StorageError(message, field="session")
        row.started_at = now() if started else None

    db.write(write)


def round_started(db: Database, tournament: Tournament, number: int) -> dt.datetime | None:
    """When session NUMBER's round started (None: not drawn, or not started)."""
    with db.session() as session:
        row = session.get(DrawRow, (tournament.id, number))
        return row.started_at if row is not None else None
