"""Each night's sums, kept beside the score cache: one `night_summary` row per player
per night (points, cents, hands, and the counts standings and the league report read)
and one `night_total` row per night (its hands and its pot).  Standings read these few
thousand rows, not the hundreds of thousands of `hand_points`.

They are never written any other way than by `write_for_nights`, which sums them again
from the cache inside the caller's transaction: every write that changes a night's
cache (a hand recorded, inserted, edited, deleted or restored, a seat moved, the rules
changed, a night imported, a backup loaded) calls it for the nights it changed, so the
summary cannot drift from the hands (tests/store/test_summaries.py holds this after any
sequence of writes)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, and_, case, delete, func, insert, literal, select, update
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
