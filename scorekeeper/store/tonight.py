"""What the night screen needs besides hands: the night to reopen on, closing and
reopening, and the payments made at the end of it."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, text
from sqlmodel import Session, col, select

from scorekeeper.i18n import _
from scorekeeper.store import stored_night
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.money import add_payment, check_cents
from scorekeeper.store.night_import import night_as_stored, night_currency
from scorekeeper.store.state import titled
from scorekeeper.store.stored_night import PaymentMade
from scorekeeper.store.tables import (
    HandRow,
    NightRow,
    PaymentRow,
    TableRow,
    TournamentRow,
    now,
)


def night_to_reopen(db: Database) -> int | None:
    """The night the app should open on: the last one changed that is still open, else
    the last one changed.  Read from the database, so it survives the app being killed."""
    with db.session() as session:
        return stored_night.night_to_reopen(
            lambda sql, parameters: session.execute(text(sql), parameters).all()
        )


def is_closed(db: Database, *, night_id: int) -> bool:
    """True when the night has been closed (settled), as the night screen reads it."""
    return night_as_stored(db, night_id=night_id).closed


def set_closed(db: Database, *, night_id: int, closed: bool) -> bool:
    """Close a night (no more changes; its settlement becomes its league's debts) or
    reopen it to fix a mistake.  Returns whether it was closed before."""
    with db.transaction() as session:
        row = night_row(session, night_id)
        if row.discarded_at is not None:
            raise StorageError(
                _("“{night}” is deleted (bring it back first); nothing was changed").format(
                    night=titled(session, row)
                ),
                field="night",
            )
        was_closed = row.closed_at is not None
        if was_closed != closed:  # closed already, or open already: nothing to write
            _refuse_a_tournament_table(session, row, closed=closed)
            row.closed_at = now() if closed else None
            row.updated_at = now()
            session.add(row)
        return was_closed


def _refuse_a_tournament_table(session: Session, row: NightRow, *, closed: bool) -> None:
    """A tournament table's night is closed and opened by checking the table (its lock,
    `tournament_results.set_checked`), never by closing or reopening the night."""
    found = session.exec(
        select(TableRow.session, TableRow.number, TournamentRow.name)
        .join(TournamentRow, col(TournamentRow.id) == col(TableRow.tournament_id))
        .where(TableRow.night_id == row.id)
    ).first()
    if found is None:
        return
    number, table, tournament = found
    if closed:
        message = _(
            "“{night}” is table {table} of session {session} of {tournament}: check the "
            "table instead (scorekeeper tournament check, or the tournament window's "
            "Results)"
        )
    else:
        message = _(
            "“{night}” is table {table} of session {session} of {tournament}, checked and "
            "locked: uncheck the table instead (scorekeeper tournament check --undo, or "
            "the tournament window's Results)"
        )
    words = message.format(
        night=titled(session, row), table=table, session=number, tournament=tournament
    )
    raise StorageError(words, field="night")


def record_payment(
    db: Database, *, night_id: int, payer: str, payee: str, cents: int, paid_on: dt.date
) -> int:
    """Write down that PAYER paid PAYEE; returns the payment's id."""
    if cents <= 0:
        check_cents(cents, None)
    with db.transaction() as session:
        row = night_row(session, night_id)
        check_cents(cents, night_currency(session, row))
        # A payment marked is a change to the night: the app opens on it next (a trial
        # marked a payment on one night, and the restart opened another).
        row.updated_at = now()
        session.add(row)
        return add_payment(
            session,
            league_id=row.league_id,
            night_id=night_id,
            payer=payer,
            payee=payee,
            cents=cents,
            paid_on=paid_on,
        )


def delete_payment(db: Database, *, payment_id: int) -> None:
    """Take back a payment written down by mistake; one already taken back (by another
    program) is a `Conflict`."""
    with db.transaction() as session:
        payment = session.get(PaymentRow, payment_id)
        if payment is None:
            raise Conflict(_("that payment was taken back in another program since"))
        session.delete(payment)


def night_payments(db: Database, *, night_id: int) -> list[PaymentMade]:
    """The payments made for a night, in the order they were written down, as the night
    screen reads them."""
    return list(night_as_stored(db, night_id=night_id).payments)


def hand_count(db: Database, *, night_id: int) -> int:
    """How many hands a night has."""
    with db.session() as session:
        count: int = session.execute(
            select(func.count()).select_from(HandRow).where(HandRow.night_id == night_id)
        ).scalar_one()
    return count


def night_row(session: Session, night_id: int, *, lock: bool = False) -> NightRow:
    """A night's row (LOCK: locked until the transaction ends, as every write that
    changes its hands locks it); a night that does not exist is a StorageError."""
    row = session.get(NightRow, night_id, with_for_update=lock)
    if row is None:
        raise StorageError(_("there is no night {number}").format(number=night_id), field="night")
    return row
