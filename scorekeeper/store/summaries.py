"""Each night's sums, kept beside the score cache: one `night_summary` row per player
per night (points, cents, hands, and the counts standings and the league report read)
and one `night_total` row per night (its hands and its pot).  Standings read these few
thousand rows, not the hundreds of thousands of `hand_points`.

They are written only from the cache, inside the caller's transaction, by the one
query that sums it (`summed`, `totalled`): `write_for_nights` sums whole nights again
(a night imported, a backup loaded); a write that changes a few hands' cache rows (a
hand recorded, inserted, edited, deleted or restored, a seat moved, the rules changed)
sums those hands before and after with the same query and adds the difference
(`sums_of_hands`, `change`), so that recording a hand does not sum its night's
thousand hands again.  Every write calls one or the other for what it changed, so the
summary cannot drift from the hands (tests/store/test_summaries.py holds this after any
sequence of writes)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Connection,
    and_,
    case,
    delete,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlmodel import Session

from scorekeeper.store.tables import (
    HandPointsRow,
    HandScoreRow,
    NightSummaryRow,
    NightTotalRow,
    core_table,
)

# Nights per statement: well under every database's limit on bound parameters.
CHUNK = 500

SUMMED = (
    "points",
    "cents",
    "hands",
    "picks",
    "picker_wins",
    "schneiders_won",
    "schneiders_lost",
    "leasters_won",
    "misplays",
)


def _count(condition: Any) -> Any:
    return func.sum(case((condition, 1), else_=0))


def summed() -> Any:
    """Each player's sums for each night, grouped from the score cache (the columns of
    `night_summary`, in order: night, player, then SUMMED)."""
    points, score = core_table(HandPointsRow).c, core_table(HandScoreRow).c
    role, outcome = points.role, score.outcome
    declarer = role.in_(("picker", "partner"))
    side_won = (declarer & (outcome == "win")) | (~declarer & (outcome == "loss"))
    big = score.level != "normal"
    return (
        select(
            points.night_id,
            points.player_id,
            func.sum(points.points),
            func.sum(points.cents),
            func.sum(score.hands),  # a result hand stands for its hands
            _count(role == "picker"),
            _count(and_(role == "picker", outcome == "win")),
            _count(and_(big, side_won)),
            _count(and_(big, outcome.in_(("win", "loss")), ~side_won)),
            _count(role == "leaster-winner"),
            func.sum(points.misplays),
        )
        .join_from(
            core_table(HandPointsRow), core_table(HandScoreRow), score.hand_id == points.hand_id
        )
        .group_by(points.night_id, points.player_id)
    )


def totalled() -> Any:
    """Each night's hands and pot, from the score cache (the columns of `night_total`)."""
    score = core_table(HandScoreRow).c
    return select(
        score.night_id, func.count(), func.sum(score.pot), func.sum(score.pot_cents)
    ).group_by(score.night_id)


def _unplaced(query: Any) -> Any:
    """QUERY's rows with a place to be set (`_place`) once the night's rows are in."""
    return query.add_columns(literal(0))


def _place(connection: Connection, nights: list[int] | None) -> None:
    """Each summary row's place at its night's table, of NIGHTS (None: every night): 1
    and the players with more points, so tied players share the better place (1, 1, 3),
    as the core's `night_places` has it (tests/store/test_summaries.py holds both the
    same)."""
    summary = core_table(NightSummaryRow)
    other = summary.alias("other")
    above = (
        select(func.count())
        .where((other.c.night_id == summary.c.night_id) & (other.c.points > summary.c.points))
        .scalar_subquery()
    )
    statement = update(summary).values(place=1 + above)
    if nights is not None:
        statement = statement.where(summary.c.night_id.in_(nights))
    connection.execute(statement)


def write_for_nights(session: Session, night_ids: Iterable[int]) -> None:
    """Sum NIGHT_IDS' summaries again from their score cache, in the caller's transaction
    (what the session holds unwritten is flushed first).  Call it once a write has
    changed those nights' cache, before it commits: an import once for all its nights."""
    ids = sorted(set(night_ids))
    if not ids:
        return
    session.flush()
    connection = session.connection()
    summary, total = core_table(NightSummaryRow), core_table(NightTotalRow)
    points, score = core_table(HandPointsRow).c, core_table(HandScoreRow).c
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        connection.execute(delete(summary).where(summary.c.night_id.in_(chunk)))
        connection.execute(delete(total).where(total.c.night_id.in_(chunk)))
        connection.execute(
            insert(summary).from_select(
                ["night_id", "player_id", *SUMMED, "place"],
                _unplaced(summed().where(points.night_id.in_(chunk))),
            )
        )
        _place(connection, chunk)
        connection.execute(
            insert(total).from_select(
                ["night_id", "hand_rows", "pot", "pot_cents"],
                totalled().where(score.night_id.in_(chunk)),
            )
        )


def write_for_all(connection: Connection) -> None:
    """Every night's summary summed again from the cache, in CONNECTION's transaction
    (a backup's rows loaded: what they held of the summary is not trusted)."""
    summary, total = core_table(NightSummaryRow), core_table(NightTotalRow)
    connection.execute(delete(summary))
    connection.execute(delete(total))
    columns = ["night_id", "player_id", *SUMMED, "place"]
    connection.execute(insert(summary).from_select(columns, _unplaced(summed())))
    _place(connection, None)
    connection.execute(
        insert(total).from_select(["night_id", "hand_rows", "pot", "pot_cents"], totalled())
    )


TOTALLED = ("hand_rows", "pot", "pot_cents")


@dataclass(frozen=True)
class Sums:
    """Some hands' share of one night's summary: each player's SUMMED (by player id) and
    the night's TOTALLED; no hand, no player and zeros."""

    players: dict[int, tuple[int, ...]] = field(default_factory=dict)
    total: tuple[int, ...] = (0, 0, 0)


NONE = Sums()


def _plus(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))


def sums_of_hands(session: Session, hand_ids: Collection[int]) -> Sums:
    """What HAND_IDS' cache rows (of one night), as they are now, add to its summary: what
    `summed` and `totalled` group, of these hands only."""
    if not hand_ids:
        return NONE
    session.flush()
    connection = session.connection()
    points, score = core_table(HandPointsRow).c, core_table(HandScoreRow).c
    zeros = (0,) * len(SUMMED)
    players: dict[int, tuple[int, ...]] = {}
    total = NONE.total
    ids = sorted(hand_ids)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        mine = points.hand_id.in_(chunk)  # the primary key's first column
        # int(): PostgreSQL sums BIGINT columns as NUMERIC (Decimal).
        for _, player_id, *values in connection.execute(summed().where(mine)):
            found = tuple(int(v) for v in values)
            players[player_id] = _plus(players.get(player_id, zeros), found)
        row = connection.execute(totalled().where(score.hand_id.in_(chunk))).first()
        if row is not None:
            total = _plus(total, tuple(int(v) for v in row[1:]))
    return Sums(players, total)


def change(session: Session, night_id: int, before: Sums, after: Sums) -> None:
    """NIGHT_ID's summary changed by what some hands' cache rows summed to BEFORE a write
    and AFTER it (`sums_of_hands` of the same hands, before and after): the difference
    added to each player's row (a row made for a player new to the night, and dropped
    for one left with no hand in it) and to the night's total (dropped at no hand)."""
    session.flush()
    connection = session.connection()
    zeros = (0,) * len(SUMMED)
    players = {
        player_id: _plus(
            after.players.get(player_id, zeros), before.players.get(player_id, zeros), -1
        )
        for player_id in before.players.keys() | after.players.keys()
    }
    summary, total = core_table(NightSummaryRow), core_table(NightTotalRow)
    for player_id, delta in players.items():
        # A row made here is placed with the others below.
        _add(
            connection, summary, SUMMED, delta, {"place": 0}, night_id=night_id, player_id=player_id
        )
    if gone := before.players.keys() - after.players.keys():
        points = core_table(HandPointsRow).c
        played = exists().where(
            (points.night_id == night_id) & (points.player_id == summary.c.player_id)
        )
        connection.execute(
            delete(summary).where(
                (summary.c.night_id == night_id) & summary.c.player_id.in_(gone) & ~played
            )
        )
    if players:  # points moved, or a player's row came or went: the places again
        _place(connection, [night_id])
    _add(connection, total, TOTALLED, _plus(after.total, before.total, -1), {}, night_id=night_id)
    connection.execute(
        delete(total).where((total.c.night_id == night_id) & (total.c.hand_rows == 0))
    )


def _add(
    connection: Connection,
    table: Any,
    names: tuple[str, ...],
    delta: tuple[int, ...],
    made: dict[str, int],
    **key: int,
) -> None:
    """Add DELTA to the NAMES columns of TABLE's row of KEY, made (from zeros, and MADE's
    other columns) if it is not there yet."""
    if not any(delta):
        return
    where = and_(*(table.c[k] == v for k, v in key.items()))
    changed = connection.execute(
        update(table)
        .where(where)
        .values({n: table.c[n] + d for n, d in zip(names, delta, strict=True)})
    )
    if changed.rowcount == 0:
        connection.execute(insert(table).values(key | made | dict(zip(names, delta, strict=True))))
