"""What the night screen needs besides hands: the night to reopen on, closing and
reopening, and the payments made at the end of it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from scorekeeper.names import name_key
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.money import add_payment, check_cents
from scorekeeper.store.tables import (
    HandRow,
    NightRow,
    PaymentRow,
    PlayerRow,
    SeatRow,
    now,
)


@dataclass(frozen=True)
class PaymentMade:
    """A payment recorded at the end of a night."""

    id: int
    payer: str
    payee: str
    cents: int
    paid_on: dt.date


def night_to_reopen(db: Database) -> int | None:
    """The night the app should open on: the last one changed that is still open, else
    the last one changed.  Read from the database, so it survives the app being killed."""
    with db.session() as session:
        query = (
            select(NightRow.id, NightRow.closed_at)
            .where(col(NightRow.discarded_at).is_(None))
            .order_by(col(NightRow.updated_at).desc(), col(NightRow.id).desc())
        )
        rows = session.exec(query).all()
    open_nights = [night_id for night_id, closed in rows if closed is None]
    if open_nights:
        return open_nights[0]
    return rows[0][0] if rows else None


def is_closed(db: Database, *, night_id: int) -> bool:
    """True when the night has been closed (settled)."""
    with db.session() as session:
        return night_row(session, night_id).closed_at is not None


def set_closed(db: Database, *, night_id: int, closed: bool) -> None:
    """Close a night (no more changes) or reopen it to fix a mistake."""
    with db.transaction() as session:
        row = night_row(session, night_id)
        row.closed_at = now() if closed else None
        row.updated_at = now()
        session.add(row)


def open_seat(db: Database, *, night_id: int, player: str) -> tuple[int, int]:
    """Where a seated player sits: (clockwise position, first hand)."""
    with db.session() as session:
        seat = session.exec(_seats_of(night_id, player)).first()
    if seat is None:
        raise StorageError(f"{player} has no seat at night {night_id}")
    return seat.position, seat.first_hand


def reopen_seat(
    db: Database, *, night_id: int, player: str, position: int, first_hand: int
) -> None:
    """Undo a player's leaving: their seat runs to the end of the night again, or, if
    leaving removed it (they had played no hand), it is put back where it was."""
    with db.transaction() as session:
        seat = session.exec(_seats_of(night_id, player)).first()
        if seat is not None and seat.first_hand == first_hand:
            seat.last_hand = None
            session.add(seat)
            return
        player_row = session.exec(
            select(PlayerRow).where(PlayerRow.name_key == name_key(player))).one()  # fmt: skip
        for other in session.exec(select(SeatRow).where(SeatRow.night_id == night_id)):
            if other.position >= position:
                other.position += 1
                session.add(other)
        assert player_row.id is not None
        session.add(SeatRow(night_id=night_id, player_id=player_row.id, position=position,
                            first_hand=first_hand))  # fmt: skip


def _seats_of(night_id: int, player: str) -> Any:
    return (
        select(SeatRow).join(PlayerRow, col(PlayerRow.id) == col(SeatRow.player_id))
        .where((SeatRow.night_id == night_id) & (PlayerRow.name_key == name_key(player)))
        .order_by(col(SeatRow.first_hand).desc())
    )  # fmt: skip


def record_payment(
    db: Database, *, night_id: int, payer: str, payee: str, cents: int, paid_on: dt.date
) -> int:
    """Write down that PAYER paid PAYEE; returns the payment's id."""
    check_cents(cents)
    with db.transaction() as session:
        row = night_row(session, night_id)
        return add_payment(session, league_id=row.league_id, night_id=night_id, payer=payer,
                           payee=payee, cents=cents, paid_on=paid_on)  # fmt: skip


def delete_payment(db: Database, *, payment_id: int) -> None:
    """Take back a payment written down by mistake; one already taken back (by another
    program) is a `Conflict`."""
    with db.transaction() as session:
        payment = session.get(PaymentRow, payment_id)
        if payment is None:
            raise Conflict("that payment was taken back in another program since")
        session.delete(payment)


def night_payments(db: Database, *, night_id: int) -> list[PaymentMade]:
    """The payments made for a night, in the order they were written down."""
    with db.session() as session:
        rows = session.exec(
            select(PaymentRow).where(PaymentRow.night_id == night_id).order_by(col(PaymentRow.id))
        ).all()
        names = {p.id: p.name for p in session.exec(select(PlayerRow))}
    return [PaymentMade(r.id or 0, names[r.payer_id], names[r.payee_id], r.cents, r.paid_on)
            for r in rows]  # fmt: skip


def hand_count(db: Database, *, night_id: int) -> int:
    """How many hands a night has."""
    with db.session() as session:
        count: int = session.execute(
            select(func.count()).select_from(HandRow).where(HandRow.night_id == night_id)
        ).scalar_one()
    return count


def night_row(session: Session, night_id: int) -> NightRow:
    """A night's row; a night that does not exist is a StorageError."""
    row = session.get(NightRow, night_id)
    if row is None:
        raise StorageError(f"there is no night {night_id}")
    return row
