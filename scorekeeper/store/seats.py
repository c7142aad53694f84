"""Players joining and leaving a night: a seat is valid from one hand to another.

A player who joins takes a place in the clockwise order and plays from a given hand
(by default the next one); one who leaves stops after a given hand (by default the
last one recorded).  The night is checked with the core as it will be, and rescored,
in the same transaction, so a change that would make a recorded hand impossible (six
seated with no dealer named, say) is refused with the hand and field named.
"""

from __future__ import annotations

from sqlmodel import col, select

from scorekeeper.names import name_key
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.people import find_or_create_player
from scorekeeper.store.state import (
    NightState,
    check_night,
    load_state,
    refuse_if_closed,
    rescore,
)
from scorekeeper.store.tables import SeatRow


def _open_seat(state: NightState, player_id: int) -> SeatRow | None:
    return next((s for s in state.seats if s.player_id == player_id and s.last_hand is None), None)


def _player_id(state: NightState, name: str) -> int:
    for player_id, current in state.names.items():
        if name_key(current) == name_key(name):
            return player_id
    raise StorageError(f"--player: {name!r} has no seat at night {state.row.id}")


def join_night(
    db: Database,
    *,
    night_id: int,
    player: str,
    from_hand: int | None = None,
    after: str | None = None,
) -> None:
    """Seat PLAYER from hand FROM_HAND on, clockwise after AFTER (default: last seat)."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="change who sits")
        count = len(state.hands)
        first = count + 1 if from_hand is None else from_hand
        if not 1 <= first <= count + 1:
            raise StorageError(f"--from-hand: {first} is not between 1 and {count + 1}")
        row = find_or_create_player(session, player)
        assert row.id is not None
        if _open_seat(state, row.id) is not None:
            raise StorageError(f"{row.name} is already seated at night {night_id}")
        earlier = [s for s in state.seats if s.player_id == row.id]
        position = earlier[0].position if earlier else _place_after(state, after)
        seat = SeatRow(night_id=night_id, player_id=row.id, position=position, first_hand=first)
        state.seats.append(seat)
        state.names[row.id] = row.name
        night = check_night(state, [h.record for h in state.hands])
        session.add_all(state.seats)
        session.flush()
        if first <= count:
            rescore(session, state, night, state.hands, from_position=first)


def _place_after(state: NightState, after: str | None) -> int:
    """A clockwise position after AFTER's seat, moving later seats one place on."""
    if after is None:
        return max((s.position for s in state.seats), default=0) + 1
    anchor = max(s.position for s in state.seats if s.player_id == _player_id(state, after))
    for seat in state.seats:
        if seat.position > anchor:
            seat.position += 1
    return anchor + 1


def leave_night(db: Database, *, night_id: int, player: str, after_hand: int | None = None) -> None:
    """PLAYER stops playing after hand AFTER_HAND (default: the last recorded hand)."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="change who sits")
        count = len(state.hands)
        last = count if after_hand is None else after_hand
        seat = _open_seat(state, _player_id(state, player))
        if seat is None:
            raise StorageError(f"{player} has already left night {night_id}")
        if not seat.first_hand - 1 <= last <= count:
            raise StorageError(
                f"--after-hand: {last} is not between {seat.first_hand - 1} and {count}"
            )
        if last < seat.first_hand:  # joined and left before playing a hand
            state.seats.remove(seat)
            session.delete(seat)
        else:
            seat.last_hand = last
            session.add(seat)
        night = check_night(state, [h.record for h in state.hands])
        session.flush()
        if last < count:
            rescore(session, state, night, state.hands, from_position=last + 1)


def seated_players(db: Database, *, night_id: int, hand: int) -> list[str]:
    """Who is seated at hand HAND (from 1), clockwise: whom the next deal goes round."""
    with db.session() as session:
        state = load_state(session, night_id, lock=False)
        query = select(SeatRow).where(SeatRow.night_id == night_id).order_by(col(SeatRow.position))
        seats = session.exec(query).all()
    return [
        state.names[s.player_id]
        for s in seats
        if s.first_hand <= hand and (s.last_hand is None or hand <= s.last_hand)
    ]


def seat_ranges(db: Database, *, night_id: int) -> list[tuple[str, int, int | None]]:
    """Each seat of a night, clockwise: (player, first hand, last hand or None)."""
    with db.session() as session:
        state = load_state(session, night_id, lock=False)
    ordered = sorted(state.seats, key=lambda s: (s.position, s.first_hand))
    return [(state.names[s.player_id], s.first_hand, s.last_hand) for s in ordered]
