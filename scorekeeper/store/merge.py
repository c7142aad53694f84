"""Two players made one, and undone (issue 34, point 8): an old database may hold one
person twice ("Ｃａｌ" beside "Cal", "Zoë" composed and decomposed), and a table may
have typed a regular's name two ways before names were checked.

`merge_players` gives every seat, hand (each version in its history too), payment,
summary and tournament row (`tournament_merge`) of one player (FROM) to another
(INTO) and removes FROM, in one transaction; the league sums move with the summaries
(`league_sums.moving`), so standings and statistics read INTO's nights as one
player's.  Every night scores as it did: a merge moves ids, never a point.  It is
refused when the two sat at one night, paid each other or are in one tournament (two
people), or are one player.

A `player_merge` row keeps FROM's row as it was and the ids of every row that moved;
`unmerge_player` puts each back and FROM with its id, name and date, so that the
database is as it was before (tests/store/test_merge.py compares a dump of every
table), while none of those nights, payments or tournaments has changed since (else
`Conflict`, nothing written) and FROM's name is nobody's.  Both take the import lock (PostgreSQL's
advisory lock; SQLite's write lock is every write's) and lock the nights they move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, or_, select, update
from sqlmodel import Session

from scorekeeper.i18n import _
from scorekeeper.names import name_key, quoted
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.fingerprints import lock_imports
from scorekeeper.store.league_sums import moving
from scorekeeper.store.people import Player, require_player
from scorekeeper.store.records import with_player
from scorekeeper.store.state import titled
from scorekeeper.store.tables import (
    HandFigureRow,
    HandPointsRow,
    HandRevisionRow,
    HandRow,
    NightChangeRow,
    NightFigureRow,
    NightRow,
    NightSummaryRow,
    PaymentRow,
    PlayerMergeRow,
    PlayerRow,
    SeatRow,
    core_table,
    now,
    this_computer,
)
from scorekeeper.store.tournament_merge import (
    move_tournament_rows,
    refuse_one_tournament,
    tournament_rows,
)


@dataclass(frozen=True)
class Moving:
    """What a merge of PLAYER into INTO moves: the nights PLAYER sat at, the hands they
    were dealt into, and the payments they made or took."""

    player: Player
    into: Player
    nights: int
    hands: int
    payments: int


@dataclass(frozen=True)
class Merged:
    """A merge done: what moved, and the id of its record (what undoes it)."""

    merge_id: int
    moving: Moving


def what_moves(db: Database, *, player: str, into: str) -> Moving:
    """What merging PLAYER into INTO would move, or the StorageError that refuses it
    (naming the field "player" or "merged into"); writes nothing."""
    with db.session() as session:
        source, target = _pair(session, player, into)
        return _moving(session, source, target)


def merge_players(db: Database, *, player: str, into: str) -> Merged:
    """Make PLAYER one with INTO: every seat, hand, payment and sum of PLAYER's is
    INTO's, and PLAYER is removed; kept so that `unmerge_player` can undo it."""
    return db.write(lambda session: _merge(session, player, into))


def _merge(session: Session, player: str, into: str) -> Merged:
    lock_imports(session)
    source, target = _pair(session, player, into)
    assert source.id is not None and target.id is not None
    said = _moving(session, source, target)
    connection = session.connection()
    nights = _nights_of(connection, source.id)
    _lock(connection, nights)
    moved = _moved_rows(connection, source.id, nights)
    moved["tournament"] = tournament_rows(connection, source.id)
    with moving(connection, nights):
        _move(connection, moved, source.id, target.id)
    record = {
        "player_id": source.id,
        "name": source.name,
        "name_key": source.name_key,
        "retired": source.retired,
        "created_at": source.created_at,
        "into_id": target.id,
        "moved": moved,
        "merged_at": now(),
        "computer": this_computer(),
    }
    merge_id = connection.execute(
        insert(core_table(PlayerMergeRow)).values(record).returning(core_table(PlayerMergeRow).c.id)
    ).scalar_one()
    session.expunge(source)
    connection.execute(delete(core_table(PlayerRow)).where(core_table(PlayerRow).c.id == source.id))
    return Merged(merge_id, said)


def unmerge_player(db: Database, *, merge_id: int) -> Player:
    """Undo the merge MERGE_ID: its player back, with their id, name and every row that
    moved, exactly as before it.  Refused (`Conflict`, nothing written) when one of
    their nights or payments has changed since, the player they were merged into is
    gone, or another player has their name now."""
    return db.write(lambda session: _unmerge(session, merge_id))


def _unmerge(session: Session, merge_id: int) -> Player:
    lock_imports(session)
    connection = session.connection()
    merge = session.get(PlayerMergeRow, merge_id)
    if merge is None:
        raise Conflict(_("that merge has been undone already"))
    into = session.get(PlayerRow, merge.into_id)
    if into is None or into.id is None:
        raise Conflict(
            _("{player} was merged into a player who is gone since").format(
                player=quoted(merge.name)
            )
        )
    clash = connection.execute(
        select(core_table(PlayerRow).c.name).where(
            core_table(PlayerRow).c.name_key == merge.name_key
        )
    ).scalar()
    if clash is not None:
        raise Conflict(_("there is already a player {name}").format(name=repr(clash)))
    moved: dict[str, Any] = merge.moved
    nights: list[int] = moved["nights"]
    _lock(connection, nights)
    kept = moved.get("tournament")  # a merge kept before tournaments (0023) has none
    if _moved_rows(connection, into.id, nights, payments=moved) != {
        k: v for k, v in moved.items() if k != "tournament"
    }:
        raise Conflict(
            _("{player}'s nights or payments have changed since they were merged").format(
                player=quoted(merge.name)
            )
        )
    if kept is not None and tournament_rows(connection, into.id, kept["tournaments"]) != kept:
        raise Conflict(
            _("{player}'s tournaments have changed since they were merged").format(
                player=quoted(merge.name)
            )
        )
    connection.execute(
        insert(core_table(PlayerRow)).values(
            id=merge.player_id,
            name=merge.name,
            name_key=merge.name_key,
            retired=merge.retired,
            created_at=merge.created_at,
        )
    )
    with moving(connection, nights):
        _move(connection, moved, into.id, merge.player_id)
    session.delete(merge)
    return Player(id=merge.player_id, name=merge.name, retired=merge.retired)


def merges_of(db: Database, name: str) -> list[tuple[int, str, str]]:
    """The merges that undo would bring a player called NAME back from (its id, the
    name merged, and the name of the player it went into), newest first: the exact
    name's first, else those of NAME's key."""
    merge, player = core_table(PlayerMergeRow).c, core_table(PlayerRow).c
    query = (
        select(merge.id, merge.name, merge.name_key, player.name)
        .join_from(core_table(PlayerMergeRow), core_table(PlayerRow), player.id == merge.into_id)
        .order_by(merge.id.desc())
    )
    with db.session() as session:
        rows = session.connection().execute(query).all()
    exact = [(i, n, into) for i, n, _key, into in rows if n == name]
    return exact or [(i, n, into) for i, n, key, into in rows if key == name_key(name)]


def _pair(session: Session, player: str, into: str) -> tuple[PlayerRow, PlayerRow]:
    """The two players, or a StorageError: one is the other, or they sat at one night
    or paid each other."""
    source = require_player(session, player, "player")
    target = require_player(session, into, "merged into")
    if source.id == target.id:
        raise StorageError(
            _("{player} and {into} are one player already").format(
                player=quoted(player), into=quoted(into)
            ),
            field="merged into",
        )
    assert source.id is not None and target.id is not None
    connection = session.connection()
    refuse_one_tournament(connection, source, target)
    both = set(_nights_of(connection, source.id)) & set(_nights_of(connection, target.id))
    if both:
        night = session.get(NightRow, min(both))
        assert night is not None
        raise StorageError(
            _("{player} and {into} sat at one night ({night}): they are two people").format(
                player=quoted(source.name), into=quoted(target.name), night=titled(session, night)
            ),
            field="merged into",
        )
    paid = core_table(PaymentRow).c
    between = or_(
        (paid.payer_id == source.id) & (paid.payee_id == target.id),
        (paid.payer_id == target.id) & (paid.payee_id == source.id),
    )
    if connection.execute(select(func.count()).where(between)).scalar_one():
        raise StorageError(
            _("{player} and {into} paid each other: they are two people").format(
                player=quoted(source.name), into=quoted(target.name)
            ),
            field="merged into",
        )
    return source, target


def _moving(session: Session, source: PlayerRow, target: PlayerRow) -> Moving:
    assert source.id is not None and target.id is not None
    connection = session.connection()
    points, paid = core_table(HandPointsRow).c, core_table(PaymentRow).c
    hands = connection.execute(
        select(func.count()).where(points.player_id == source.id)
    ).scalar_one()
    payments = connection.execute(
        select(func.count()).where((paid.payer_id == source.id) | (paid.payee_id == source.id))
    ).scalar_one()
    return Moving(
        Player(source.id, source.name, source.retired),
        Player(target.id, target.name, target.retired),
        nights=len(_nights_of(connection, source.id)),
        hands=hands,
        payments=payments,
    )


def _nights_of(connection: Connection, player_id: int) -> list[int]:
    seat = core_table(SeatRow).c
    query = select(seat.night_id).where(seat.player_id == player_id).distinct()
    return sorted(connection.execute(query).scalars())


def _lock(connection: Connection, nights: Sequence[int]) -> None:
    """Hold NIGHTS as a hand's write holds its night (`SELECT ... FOR UPDATE` on a
    server; SQLite's write lock holds every night), in the order of their ids."""
    if connection.dialect.name == "postgresql" and nights:
        night = core_table(NightRow).c
        query = select(night.id).where(night.id.in_(nights)).order_by(night.id).with_for_update()
        connection.execute(query).all()


def _moved_rows(
    connection: Connection,
    player_id: int,
    nights: list[int],
    payments: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ids of the rows that name PLAYER_ID in NIGHTS (their seats, hands and hands'
    versions) and of their payments (made and taken; with PAYMENTS, only those it
    lists: another payment of the player's was theirs before a merge), and the last
    change of each kind to those nights: what a merge moves, and what its undo finds
    again only when nothing has changed since."""
    seat, hand, version, change, paid = (
        core_table(t).c for t in (SeatRow, HandRow, HandRevisionRow, NightChangeRow, PaymentRow)
    )
    seats = connection.execute(
        select(seat.id).where(seat.player_id == player_id).order_by(seat.id)
    ).scalars()
    hands = _naming(connection, hand, player_id, nights)
    versions = _naming(connection, version, player_id, nights)
    made = select(paid.id).where(paid.payer_id == player_id).order_by(paid.id)
    taken = select(paid.id).where(paid.payee_id == player_id).order_by(paid.id)
    if payments is not None:
        made = made.where(paid.id.in_(payments["paid"]))
        taken = taken.where(paid.id.in_(payments["received"]))
        seats = connection.execute(
            select(seat.id)
            .where((seat.player_id == player_id) & seat.night_id.in_(nights))
            .order_by(seat.id)
        ).scalars()
    last_version = select(func.max(version.id)).where(version.night_id.in_(nights))
    last_change = select(func.max(change.id)).where(change.night_id.in_(nights))
    return {
        "nights": nights,
        "seats": list(seats),
        "hands": hands,
        "versions": versions,
        "paid": list(connection.execute(made).scalars()),
        "received": list(connection.execute(taken).scalars()),
        "last_version": connection.execute(last_version).scalar(),
        "last_change": connection.execute(last_change).scalar(),
    }


def _naming(connection: Connection, table: Any, player_id: int, nights: list[int]) -> list[int]:
    """The ids of TABLE's records (hands or their versions) in NIGHTS that name
    PLAYER_ID."""
    if not nights:
        return []
    rows = connection.execute(
        select(table.id, table.record).where(table.night_id.in_(nights)).order_by(table.id)
    )
    return [row_id for row_id, record in rows if with_player(record, player_id, -1) != record]


def _move(connection: Connection, moved: dict[str, Any], old: int, new: int) -> None:
    """Every row MOVED lists, and the cache rows of its nights, from player OLD to NEW."""
    seat, points, summary, paid = (
        core_table(t).c for t in (SeatRow, HandPointsRow, NightSummaryRow, PaymentRow)
    )
    figures, counted = core_table(HandFigureRow).c, core_table(NightFigureRow).c
    nights = moved["nights"]
    if moved["seats"]:
        connection.execute(
            update(core_table(SeatRow)).where(seat.id.in_(moved["seats"])).values(player_id=new)
        )
    for table, c in (
        (HandPointsRow, points),
        (NightSummaryRow, summary),
        (HandFigureRow, figures),
        (NightFigureRow, counted),
    ):
        if nights:
            connection.execute(
                update(core_table(table))
                .where(c.night_id.in_(nights) & (c.player_id == old))
                .values(player_id=new)
            )
    if "tournament" in moved:
        move_tournament_rows(connection, moved["tournament"], old, new)
    _rewrite(connection, core_table(HandRow), moved["hands"], old, new)
    _rewrite(connection, core_table(HandRevisionRow), moved["versions"], old, new)
    for column, ids in (("payer_id", moved["paid"]), ("payee_id", moved["received"])):
        if ids:
            connection.execute(
                update(core_table(PaymentRow)).where(paid.id.in_(ids)).values({column: new})
            )


def _rewrite(connection: Connection, table: Any, ids: list[int], old: int, new: int) -> None:
    """Each record of TABLE's rows IDS with player OLD written as NEW; nothing else of
    the row changes (its revision and time stay: no version was made)."""
    if not ids:
        return
    rows = connection.execute(select(table.c.id, table.c.record).where(table.c.id.in_(ids)))
    for row_id, record in rows.all():
        connection.execute(
            update(table).where(table.c.id == row_id).values(record=with_player(record, old, new))
        )
