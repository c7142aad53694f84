"""Each night's sums, kept beside the score cache: one `night_summary` row per player
per night (points, cents, hands, and the counts standings and the league report read),
one `night_total` row per night (its hands and its pot), and a `night_outcome` row per
night and kind of hand (its outcome, level and whether the declarer had a partner:
how often each happens, the league's Table tab).  Standings and the Table tab read
these few thousand rows, not the hundreds of thousands of `hand_points`.

They are written only from the cache, inside the caller's transaction, by the queries
that sum it (`summed`, `totalled`, `outcomed`): `write_for_nights` sums whole nights
again (a night imported, a backup loaded); a write that changes a few hands' cache rows
(a hand recorded, inserted, edited, deleted or restored, a seat moved, the rules
changed) sums those hands before and after and adds the difference (`sums_of_hands`,
`change`), so that recording a hand does not sum its night's thousand hands again.
There the night's total comes from `outcomed` with the pots, whose rows add up to what
`totalled` says of the same hands (one query fewer a hand).  Every write calls one or
the other for what it changed, so the summary cannot drift from the hands
(tests/store/test_summaries.py holds this, and the whole nights' queries equal to the
hands', after any sequence of writes).  Each of them moves the leagues' all-time sums
with the nights it changed (store/league_sums.py)."""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Connection,
    bindparam,
    delete,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlmodel import Session

from scorekeeper.store import league_sums
from scorekeeper.store.tables import (
    CHUNK,
    COUNTED,
    KIND,
    SUMMED,
    HandFigureRow,
    HandPointsRow,
    HandScoreRow,
    NightFigureRow,
    NightOutcomeRow,
    NightSummaryRow,
    NightTotalRow,
    core_table,
    partnered,
)


def summed() -> Any:
    """Each player's sums for each night, grouped from the score cache (the columns of
    `night_summary`, in order: night, player, then SUMMED)."""
    points, score = core_table(HandPointsRow).c, core_table(HandScoreRow).c
    return (
        select(
            points.night_id,
            points.player_id,
            func.sum(points.points),
            func.sum(points.cents),
            func.sum(score.hands),  # a result hand stands for its hands
            func.sum(points.misplays),
        )
        .join_from(
            core_table(HandPointsRow), core_table(HandScoreRow), score.hand_id == points.hand_id
        )
        .group_by(points.night_id, points.player_id)
    )


def figured() -> Any:
    """Each player's count of each figure of the game for each night, summed from the
    cache's `hand_figure` (the columns of `night_figure`, in order)."""
    figures = core_table(HandFigureRow).c
    return select(
        figures.night_id, figures.player_id, figures.figure, func.sum(figures.tally)
    ).group_by(figures.night_id, figures.player_id, figures.figure)


def totalled() -> Any:
    """Each night's hands and pot, from the score cache (the columns of `night_total`)."""
    score = core_table(HandScoreRow).c
    return select(
        score.night_id, func.count(), func.sum(score.pot), func.sum(score.pot_cents)
    ).group_by(score.night_id)


def outcomed(*where: Any, pots: bool = False) -> Any:
    """Each night's hands (those WHERE picks) by outcome, level and whether the
    declarer was `partnered`, counted: the columns of `night_outcome` in order (night,
    KIND, COUNTED), and with POTS the points and cents they left in the pot."""
    score = core_table(HandScoreRow).c
    columns = [score.night_id, score.outcome, score.level, partnered().label("partnered")]
    hands = select(*columns, score.hands, score.pot, score.pot_cents).where(*where).subquery()
    key = [hands.c[name] for name in ("night_id", *KIND)]
    counts = [func.count(), func.sum(hands.c.hands)]
    if pots:
        counts += [func.sum(hands.c.pot), func.sum(hands.c.pot_cents)]
    return select(*key, *counts).group_by(*key)


def _unplaced(query: Any) -> Any:
    """QUERY's rows with a place to be set (`_place`) once the night's rows are in."""
    return query.add_columns(literal(0))


def _placing() -> Any:
    """The update that sets each summary row's place at its night's table: 1 and the
    players with more points, so tied players share the better place (1, 1, 3), as the
    core's `night_places` has it (tests/store/test_summaries.py holds both the same)."""
    summary = core_table(NightSummaryRow)
    other = summary.alias("other")
    above = (
        select(func.count())
        .where((other.c.night_id == summary.c.night_id) & (other.c.points > summary.c.points))
        .scalar_subquery()
    )
    return update(summary).values(place=1 + above)


def _place(connection: Connection, nights: list[int] | None) -> None:
    """Each summary row's place (`_placing`) of NIGHTS (None: every night)."""
    summary = core_table(NightSummaryRow)
    statement = _placing()
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
    kinds, figures = core_table(NightOutcomeRow), core_table(NightFigureRow)
    points, score = core_table(HandPointsRow).c, core_table(HandScoreRow).c
    counted = core_table(HandFigureRow).c
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        with league_sums.moving(connection, chunk):
            connection.execute(delete(summary).where(summary.c.night_id.in_(chunk)))
            connection.execute(delete(total).where(total.c.night_id.in_(chunk)))
            connection.execute(delete(kinds).where(kinds.c.night_id.in_(chunk)))
            connection.execute(delete(figures).where(figures.c.night_id.in_(chunk)))
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
            connection.execute(
                insert(kinds).from_select(
                    ["night_id", *KIND, *COUNTED], outcomed(score.night_id.in_(chunk))
                )
            )
            connection.execute(
                insert(figures).from_select(
                    list(FIGURE_COLUMNS), figured().where(counted.night_id.in_(chunk))
                )
            )


def write_for_all(connection: Connection) -> None:
    """Every night's summary summed again from the cache, in CONNECTION's transaction
    (a backup's rows loaded: what they held of the summary is not trusted)."""
    summary, total = core_table(NightSummaryRow), core_table(NightTotalRow)
    kinds, figures = core_table(NightOutcomeRow), core_table(NightFigureRow)
    connection.execute(delete(summary))
    connection.execute(delete(total))
    connection.execute(delete(kinds))
    connection.execute(delete(figures))
    columns = ["night_id", "player_id", *SUMMED, "place"]
    connection.execute(insert(summary).from_select(columns, _unplaced(summed())))
    _place(connection, None)
    connection.execute(
        insert(total).from_select(["night_id", "hand_rows", "pot", "pot_cents"], totalled())
    )
    connection.execute(insert(kinds).from_select(["night_id", *KIND, *COUNTED], outcomed()))
    connection.execute(insert(figures).from_select(list(FIGURE_COLUMNS), figured()))
    league_sums.fill_all(connection)


TOTALLED = ("hand_rows", "pot", "pot_cents")
FIGURE_COLUMNS = ("night_id", "player_id", "figure", "tally")  # `night_figure`'s, in order


@dataclass(frozen=True)
class Sums:
    """Some hands' share of one night's summary: each player's SUMMED (by player id),
    the night's TOTALLED, its hands of each KIND COUNTED, and each player's count of
    each figure (by player id and figure); no hand, no player, zeros, no kind and no
    figure."""

    players: dict[int, tuple[int, ...]] = field(default_factory=dict)
    total: tuple[int, ...] = (0, 0, 0)
    kinds: dict[tuple[Any, ...], tuple[int, ...]] = field(default_factory=dict)
    figures: dict[tuple[int, str], int] = field(default_factory=dict)


NONE = Sums()


def _plus(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))


@functools.cache
def _of_hands() -> tuple[Any, Any, Any]:
    """`summed`, `outcomed` (with the pots: its rows add up to what `totalled` says)
    and `figured` of the hands bound as "hands", built once: recording a hand runs them
    each time, and building them took longer than running them."""
    points, score = core_table(HandPointsRow).c, core_table(HandScoreRow).c
    figures = core_table(HandFigureRow).c
    hands: Any = bindparam("hands", expanding=True)
    return (
        summed().where(points.hand_id.in_(hands)),
        outcomed(score.hand_id.in_(hands), pots=True),
        figured().where(figures.hand_id.in_(hands)),
    )


def sums_of_hands(session: Session, hand_ids: Collection[int]) -> Sums:
    """What HAND_IDS' cache rows (of one night), as they are now, add to its summary: what
    `summed` and `totalled` group, of these hands only."""
    if not hand_ids:
        return NONE
    session.flush()
    connection = session.connection()
    of_players, of_kinds, of_figures = _of_hands()
    zeros = (0,) * len(SUMMED)
    players: dict[int, tuple[int, ...]] = {}
    total = NONE.total
    kinds: dict[tuple[Any, ...], tuple[int, ...]] = {}
    figures: dict[tuple[int, str], int] = {}
    ids = sorted(hand_ids)
    for start in range(0, len(ids), CHUNK):
        chunk = {"hands": ids[start : start + CHUNK]}  # the primary keys' first column
        # int(): PostgreSQL sums BIGINT columns as NUMERIC (Decimal).
        for _, player_id, *values in connection.execute(of_players, chunk):
            found = tuple(int(v) for v in values)
            players[player_id] = _plus(players.get(player_id, zeros), found)
        for _, outcome, level, with_partner, rows, played, pot, cents in connection.execute(
            of_kinds, chunk
        ):
            kind = (outcome, level, bool(with_partner))  # SQLite's EXISTS is 0 or 1
            kinds[kind] = _plus(kinds.get(kind, (0, 0)), (int(rows), int(played)))
            total = _plus(total, (int(rows), int(pot), int(cents)))
        for _, player_id, figure, tally in connection.execute(of_figures, chunk):
            figures[player_id, figure] = figures.get((player_id, figure), 0) + int(tally)
    return Sums(players, total, kinds, figures)


@dataclass(frozen=True)
class _Moves:
    """The statements `change` runs, built once (their parameters bound by name): the
    players with a row in a night's summary; a player's row, and the night's total,
    moved by a difference ("d_" and the column), or made; a night's places again; the
    night's total dropped when it counts no hand."""

    players: Any
    move_player: Any
    make_player: Any
    place: Any
    move_total: Any
    make_total: Any
    drop_total: Any
    drop_kinds: Any
    drop_figures: Any


@functools.cache
def _moves() -> _Moves:
    summary, total = core_table(NightSummaryRow), core_table(NightTotalRow)
    kinds, figures = core_table(NightOutcomeRow), core_table(NightFigureRow)
    night: Any = bindparam("k_night")
    player: Any = bindparam("k_player")
    mine = (summary.c.night_id == night) & (summary.c.player_id == player)
    tonight = total.c.night_id == night

    def moved(table: Any, names: tuple[str, ...]) -> dict[str, Any]:
        return {n: table.c[n] + bindparam("d_" + n) for n in names}

    return _Moves(
        players=select(summary.c.player_id).where(summary.c.night_id == night),
        move_player=update(summary).where(mine).values(moved(summary, SUMMED)),
        # A row made here is placed with the others (`place` below).
        make_player=insert(summary).values(
            night_id=night, player_id=player, place=0, **{n: bindparam("d_" + n) for n in SUMMED}
        ),
        place=_placing().where(summary.c.night_id == night),
        move_total=update(total).where(tonight).values(moved(total, TOTALLED)),
        make_total=insert(total).values(
            night_id=night, **{n: bindparam("d_" + n) for n in TOTALLED}
        ),
        drop_total=delete(total).where(tonight & (total.c.hand_rows == 0)),
        drop_kinds=delete(kinds).where((kinds.c.night_id == night) & (kinds.c.hand_rows == 0)),
        drop_figures=delete(figures).where((figures.c.night_id == night) & (figures.c.tally == 0)),
    )


def change(session: Session, night_id: int, before: Sums, after: Sums) -> None:
    """NIGHT_ID's summary changed by what some hands' cache rows summed to BEFORE a write
    and AFTER it (`sums_of_hands` of the same hands, before and after): the difference
    added to each player's row (a row made for a player new to the night, and dropped
    for one left with no hand in it) and to the night's total (dropped at no hand)."""
    session.flush()
    connection = session.connection()
    with league_sums.moving(connection, [night_id]):
        _move(connection, night_id, before, after)


def _move(connection: Connection, night_id: int, before: Sums, after: Sums) -> None:
    """`change` of the night's summary alone."""
    moves = _moves()
    zeros = (0,) * len(SUMMED)
    players = {
        player_id: _plus(
            after.players.get(player_id, zeros), before.players.get(player_id, zeros), -1
        )
        for player_id in before.players.keys() | after.players.keys()
    }
    key = {"k_night": night_id}
    if moving := {p: delta for p, delta in players.items() if any(delta)}:
        there = set(connection.execute(moves.players, key).scalars())
        for made, statement in ((True, moves.make_player), (False, moves.move_player)):
            rows = [
                key | {"k_player": p} | _named(SUMMED, delta)
                for p, delta in moving.items()
                if (p not in there) == made
            ]
            if rows:
                connection.execute(statement, rows)
    summary = core_table(NightSummaryRow)
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
        connection.execute(moves.place, key)
    delta = _plus(after.total, before.total, -1)
    if any(delta):
        changed = connection.execute(moves.move_total, key | _named(TOTALLED, delta))
        if changed.rowcount == 0:
            connection.execute(moves.make_total, key | _named(TOTALLED, delta))
    if delta[0] <= 0:  # no hand came: the night may count none now
        connection.execute(moves.drop_total, key)
    _move_kinds(connection, key, before, after)
    _move_figures(connection, key, before, after)


def _move_figures(connection: Connection, key: dict[str, Any], before: Sums, after: Sums) -> None:
    """The night's figures (KEY names the night) moved from what BEFORE counted to what
    AFTER does, by one upsert in the order of their keys; a count left at 0 dropped."""
    rows = [
        {"night_id": key["k_night"], "player_id": player, "figure": figure, "tally": delta}
        for player, figure in sorted(before.figures.keys() | after.figures.keys())
        if (
            delta := after.figures.get((player, figure), 0)
            - before.figures.get((player, figure), 0)
        )
    ]
    if not rows:
        return
    keys = ("night_id", "player_id", "figure")
    connection.execute(
        league_sums.upsert(connection.dialect.name, NightFigureRow, keys, ("tally",)), rows
    )
    if any(row["tally"] < 0 for row in rows):
        connection.execute(_moves().drop_figures, key)


def _move_kinds(connection: Connection, key: dict[str, Any], before: Sums, after: Sums) -> None:
    """The night's hands of each kind (KEY names the night) moved from what BEFORE
    counted to what AFTER does, by one upsert in the order of the kinds (as the
    league's rows are, `league_sums.upsert`); a kind left with no hand dropped."""
    rows = []
    for kind in sorted(before.kinds.keys() | after.kinds.keys()):
        delta = _plus(after.kinds.get(kind, (0, 0)), before.kinds.get(kind, (0, 0)), -1)
        if any(delta):
            named = dict(zip(KIND, kind, strict=True)) | dict(zip(COUNTED, delta, strict=True))
            rows.append({"night_id": key["k_night"]} | named)
    if not rows:
        return
    keys = ("night_id", *KIND)
    connection.execute(
        league_sums.upsert(connection.dialect.name, NightOutcomeRow, keys, COUNTED), rows
    )
    if any(row["hand_rows"] < 0 for row in rows):
        connection.execute(_moves().drop_kinds, key)


def _named(names: tuple[str, ...], delta: tuple[int, ...]) -> dict[str, int]:
    """DELTA as the parameters "d_" and each of NAMES."""
    return {"d_" + n: d for n, d in zip(names, delta, strict=True)}
