"""A merged player's tournament rows (issue 36): their entries, the pairs they are
kept apart in, their seats in each draw, their penalties and the ids each draw was
drawn from, moved with the rest of a merge (`store.merge`) and back by its undo.

Two players entered in one tournament are two people: such a merge is refused,
naming the tournament.  Otherwise the player merged into is in none of the merged
player's tournaments, so every row moves without meeting one of theirs, and an undo
finds exactly the rows the merge moved, unless one of those tournaments has changed
for them since (then `_rows` differs and the undo is refused)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, delete, insert, select, union, update

from scorekeeper.i18n import _
from scorekeeper.names import quoted
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tables import (
    ApartRow,
    DrawnSeatRow,
    DrawRow,
    EntryRow,
    PenaltyRow,
    TournamentRow,
    core_table,
)


def refuse_one_tournament(connection: Connection, player: Any, into: Any) -> None:
    """A StorageError (field "merged into") when PLAYER and INTO (player rows) are
    both in one tournament: they are two people."""
    both = set(_tournaments_of(connection, player.id)) & set(_tournaments_of(connection, into.id))
    if both:
        name = connection.execute(
            select(core_table(TournamentRow).c.name).where(
                core_table(TournamentRow).c.id == min(both)
            )
        ).scalar_one()
        raise StorageError(
            _(
                "{player} and {into} are both in the tournament {tournament}: they are two people"
            ).format(player=quoted(player.name), into=quoted(into.name), tournament=quoted(name)),
            field="merged into",
        )


def tournament_rows(
    connection: Connection, player_id: int, tournaments: list[int] | None = None
) -> dict[str, Any]:
    """The tournament rows that name PLAYER_ID (in TOURNAMENTS; default: every
    tournament they are in), each without the player's id (a pair kept apart by its
    other player): what a merge moves, and what its undo finds again only
    when none of those tournaments has changed for them."""
    entry, apart, seat, penalty, draw = (
        core_table(t).c for t in (EntryRow, ApartRow, DrawnSeatRow, PenaltyRow, DrawRow)
    )
    if tournaments is None:
        tournaments = _tournaments_of(connection, player_id)
    kept = connection.execute(
        select(apart.tournament_id, apart.first_id, apart.second_id).where(
            apart.tournament_id.in_(tournaments)
            & ((apart.first_id == player_id) | (apart.second_id == player_id))
        )
    )
    seats = connection.execute(
        select(seat.tournament_id, seat.session)
        .where(seat.tournament_id.in_(tournaments) & (seat.player_id == player_id))
        .order_by(seat.tournament_id, seat.session)
    )
    penalties = select(penalty.id).where(
        penalty.tournament_id.in_(tournaments) & (penalty.player_id == player_id)
    )
    draws = connection.execute(
        select(draw.tournament_id, draw.session, draw.drawn_from)
        .where(draw.tournament_id.in_(tournaments))
        .order_by(draw.tournament_id, draw.session)
    )
    entered = select(entry.tournament_id).where(
        entry.tournament_id.in_(tournaments) & (entry.player_id == player_id)
    )
    return {
        "tournaments": tournaments,
        "entries": sorted(connection.execute(entered).scalars()),
        "apart": sorted([t, b if a == player_id else a] for t, a, b in kept),
        "seats": [list(r) for r in seats],
        "penalties": sorted(connection.execute(penalties).scalars()),
        "draws": [[t, s] for t, s, given in draws if player_id in given["players"]],
    }


def move_tournament_rows(connection: Connection, moved: dict[str, Any], old: int, new: int) -> None:
    """Every row MOVED lists from player OLD to NEW: their entries, seats and
    penalties; each pair kept apart written again with the lower id first; and each
    draw's inputs with OLD's id NEW's (the order drawn kept, so the seed still draws
    the same tables)."""
    tournaments = moved["tournaments"]
    if not tournaments:
        return
    for table in (EntryRow, DrawnSeatRow, PenaltyRow):
        c = core_table(table).c
        connection.execute(
            update(core_table(table))
            .where(c.tournament_id.in_(tournaments) & (c.player_id == old))
            .values(player_id=new)
        )
    apart = core_table(ApartRow)
    for tournament, other in moved["apart"]:
        first, second = sorted((other, old))
        connection.execute(
            delete(apart).where(
                (apart.c.tournament_id == tournament)
                & (apart.c.first_id == first)
                & (apart.c.second_id == second)
            )
        )
        low, high = sorted((other, new))
        connection.execute(
            insert(apart).values(tournament_id=tournament, first_id=low, second_id=high)
        )
    draw = core_table(DrawRow)
    for tournament, session in moved["draws"]:
        where = (draw.c.tournament_id == tournament) & (draw.c.session == session)
        given = connection.execute(select(draw.c.drawn_from).where(where)).scalar_one()
        connection.execute(update(draw).where(where).values(drawn_from=_renamed(given, old, new)))


def _renamed(given: dict[str, Any], old: int, new: int) -> dict[str, Any]:
    """A draw's inputs GIVEN with player OLD as NEW, each pair the lower id first and
    the pairs in order (as a draw writes them: so that a merge undone gives them back
    exactly); the players keep the order they were drawn in."""

    def one(p: int) -> int:
        return new if p == old else p

    return {
        "players": [one(p) for p in given["players"]],
        "apart": sorted(sorted(one(p) for p in both) for both in given["apart"]),
        "met": sorted([*sorted((one(a), one(b))), n] for a, b, n in given["met"]),
    }


def _tournaments_of(connection: Connection, player_id: int) -> list[int]:
    """The tournaments any row of which names PLAYER_ID."""
    entry, apart, seat, penalty = (
        core_table(t).c for t in (EntryRow, ApartRow, DrawnSeatRow, PenaltyRow)
    )
    found = union(
        select(entry.tournament_id).where(entry.player_id == player_id),
        select(apart.tournament_id).where(
            (apart.first_id == player_id) | (apart.second_id == player_id)
        ),
        select(seat.tournament_id).where(seat.player_id == player_id),
        select(penalty.tournament_id).where(penalty.player_id == player_id),
    )
    return sorted(connection.execute(found).scalars())
