"""Players joining and leaving a night: a seat is valid from one hand to another.

A player who joins takes a place in the clockwise order and plays from a given hand
(by default the next one); one who leaves stops after a given hand (by default the
last one recorded).  The night is checked with the core as it will be, and rescored,
in the same transaction, so a change that would make a recorded hand impossible (six
seated with no dealer named, say) is refused with the hand and field named.

Each change returns the seat as it left it (`Seat`): what its undo needs.  An undo or
redo passes the number of hands the night had when the change was made (`hands=`): a
night another program recorded or took back hands in since is refused (`Conflict`),
since a seat moved under hands already played would change their scores.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import col, select

from scorekeeper.i18n import _, ngettext
from scorekeeper.names import name_key
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.night_import import night_as_stored
from scorekeeper.store.people import find_or_create_player
from scorekeeper.store.state import (
    NightState,
    check_night,
    load_state,
    refuse_if_closed,
    rescore,
    title_of,
)
from scorekeeper.store.tables import SeatRow


@dataclass(frozen=True)
class Seat:
    """A player's seat as a change left it: the player's stored name, the clockwise
    position, the first hand played and the last (None: still seated; before the
    first: the seat is gone, as when a player leaves before playing a hand)."""

    player: str
    position: int
    first_hand: int
    last_hand: int | None


def _seat(state: NightState, seat: SeatRow) -> Seat:
    return Seat(state.names[seat.player_id], seat.position, seat.first_hand, seat.last_hand)


def _expect_hands(state: NightState, hands: int | None) -> None:
    """An undo or redo of a seat change fits only the night as that change left it."""
    if hands is not None and len(state.hands) != hands:
        count = len(state.hands)
        raise Conflict(
            ngettext(
                "“{night}” has {count} hand, not {expected}: another "
                "program recorded or took back hands since",
                "“{night}” has {count} hands, not {expected}: another "
                "program recorded or took back hands since",
                count,
            ).format(night=title_of(state), count=count, expected=hands)
        )


def _refused(hands: int | None, message: str) -> StorageError:
    """A refusal; of an undo or redo (HANDS given), a `Conflict`: it can never be done."""
    return Conflict(message) if hands is not None else StorageError(message)


def _open_seat(state: NightState, player_id: int) -> SeatRow | None:
    return next((s for s in state.seats if s.player_id == player_id and s.last_hand is None), None)


def _player_id(state: NightState, name: str) -> int:
    for player_id, current in state.names.items():
        if name_key(current) == name_key(name):
            return player_id
    raise StorageError(
        _("{name} has no seat at “{night}”").format(name=repr(name), night=title_of(state)),
        field="player",
    )


def join_night(
    db: Database,
    *,
    night_id: int,
    player: str,
    from_hand: int | None = None,
    after: str | None = None,
    hands: int | None = None,
) -> Seat:
    """Seat PLAYER from hand FROM_HAND on, clockwise after AFTER (default: last seat);
    with HANDS, only while the night has that many hands (else `Conflict`)."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="seats")
        _expect_hands(state, hands)
        count = len(state.hands)
        first = count + 1 if from_hand is None else from_hand
        if not 1 <= first <= count + 1:
            raise StorageError(
                _("{number} is not between {low} and {high}").format(
                    number=first, low=1, high=count + 1
                ),
                field="first hand",
            )
        row = find_or_create_player(session, player)
        assert row.id is not None
        if _open_seat(state, row.id) is not None:
            already = _("{name} is already seated at “{night}”")
            raise _refused(hands, already.format(name=row.name, night=title_of(state)))
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
        return _seat(state, seat)


def _place_after(state: NightState, after: str | None) -> int:
    """A clockwise position after AFTER's seat, moving later seats one place on."""
    if after is None:
        return max((s.position for s in state.seats), default=0) + 1
    anchor = max(s.position for s in state.seats if s.player_id == _player_id(state, after))
    for seat in state.seats:
        if seat.position > anchor:
            seat.position += 1
    return anchor + 1


def leave_night(
    db: Database,
    *,
    night_id: int,
    player: str,
    after_hand: int | None = None,
    hands: int | None = None,
) -> Seat:
    """PLAYER stops playing after hand AFTER_HAND (default: the last recorded hand); with
    HANDS, only while the night has that many hands (else `Conflict`)."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="seats")
        _expect_hands(state, hands)
        count = len(state.hands)
        last = count if after_hand is None else after_hand
        seat = _open_seat(state, _player_id(state, player))
        if seat is None:
            left = _("{name} has already left “{night}”")
            raise _refused(hands, left.format(name=player, night=title_of(state)))
        if not seat.first_hand - 1 <= last <= count:
            raise StorageError(
                _("{number} is not between {low} and {high}").format(
                    number=last, low=seat.first_hand - 1, high=count
                ),
                field="last hand",
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
        return replace(_seat(state, seat), last_hand=last)


def reopen_seat(db: Database, *, night_id: int, seat: Seat, hands: int | None = None) -> Seat:
    """Undo a player's leaving (SEAT, as `leave_night` returned it): the seat runs to the
    end of the night again or, if leaving removed it (no hand played in it), it is put
    back where it was; with HANDS, only while the night has that many hands."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="seats")
        _expect_hands(state, hands)
        player = find_or_create_player(session, seat.player)
        assert player.id is not None
        if _open_seat(state, player.id) is not None:
            already = _("{name} is already seated at “{night}”")
            raise _refused(hands, already.format(name=player.name, night=title_of(state)))
        row = next(
            (
                s
                for s in state.seats
                if s.player_id == player.id and s.first_hand == seat.first_hand
            ),
            None,
        )
        if row is not None:
            row.last_hand = None
        else:
            for other in state.seats:
                if other.position >= seat.position:
                    other.position += 1
            row = SeatRow(
                night_id=night_id,
                player_id=player.id,
                position=seat.position,
                first_hand=seat.first_hand,
            )
            state.seats.append(row)
            state.names[player.id] = player.name
        night = check_night(state, [h.record for h in state.hands])
        session.add_all(state.seats)
        session.flush()
        changed = seat.first_hand if seat.last_hand is None else seat.last_hand + 1
        changed = max(changed, seat.first_hand)  # the first hand the seat is back for
        if changed <= len(state.hands):
            rescore(session, state, night, state.hands, from_position=changed)
        return _seat(state, row)


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
    """Each seat of a night, clockwise: (player, first hand, last hand or None), as the
    night screen reads them."""
    return list(night_as_stored(db, night_id=night_id).seat_ranges)
