"""A league's money across nights: each closed night's settlement as debts, the payments
recorded against them, and who owes whom now; what has been paid of a night's
settlement (the arithmetic is `scorekeeper.ledger`)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as columns
from sqlmodel import Session, col, select

from scorekeeper.formatting import money
from scorekeeper.i18n import _
from scorekeeper.ledger import (
    BalancePoint,
    Debt,
    DebtMode,
    PaymentRecord,
    Settled,
    balance_history,
    balances,
    debts_of_night,
    outstanding,
    settled,
)
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import NOTE_LENGTH, fold_name, name_key, name_problem
from scorekeeper.problems import grouped
from scorekeeper.results import POT
from scorekeeper.settlement import Payment, settle
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Field, StorageError
from scorekeeper.store.league import league_row
from scorekeeper.store.people import require_player
from scorekeeper.store.stored_night import SETTLED
from scorekeeper.store.tables import (
    HandPointsRow,
    HandScoreRow,
    LeagueRow,
    NightChangeRow,
    NightRow,
    PaymentRow,
    PlayerRow,
    SeatRow,
)


@dataclass(frozen=True)
class LeagueMoney:
    """Everything the money view shows for a league."""

    league: str
    debts: tuple[Debt, ...]
    payments: tuple[PaymentRecord, ...]
    balances: dict[str, int]  # every player's, by name; sums to zero
    currency: str  # the league's: what every amount here is in

    def outstanding(
        self, mode: DebtMode = "simplify", collector: str | None = None
    ) -> tuple[Payment, ...]:
        """Who owes whom now, in MODE."""
        return outstanding(self.debts, self.payments, mode=mode, collector=collector)

    def history(self, player: str) -> list[BalancePoint]:
        """A player's balance after each closed night and payment."""
        return balance_history(player, self.debts, self.payments)


def league_money(db: Database, *, league: str) -> LeagueMoney:
    """A league's debts (closed nights only: an open night is still being played), its
    payments, and every player's balance."""
    with db.session() as session:
        return _money_of(session, league_row(session, league))


def night_settled(
    db: Database, *, night_id: int, settlement: Sequence[Payment]
) -> tuple[Settled, ...]:
    """SETTLEMENT, a night's as the core scored it, with what has been paid of each
    payment (`ledger.settled`), whichever window recorded the payments: those made at
    the night's Settle up, and, for a night of a league, those recorded in the league
    window, read the same way the league's money is read (an open night's settlement
    taking its place among the closed nights' debts by its date)."""
    with db.session() as session:
        night = session.get(NightRow, night_id)
        if night is None:
            message = _("there is no night {number}").format(number=night_id)
            raise StorageError(message, field="night")
        date, closed = night.played_on, night.closed_at is not None
        if session.execute(
            _settled_at_table().where(col(NightChangeRow.night_id) == night_id)
        ).first():
            # Settled at the table: its money changed hands there and then, all of it.
            whole = debts_of_night(night_id, date, settlement)
            return tuple(Settled(d.debtor, d.creditor, d.cents, d.cents) for d in whole)
        if night.league_id is None:
            debts = debts_of_night(night_id, date, settlement)
            names = _names(session)  # read once, not once a payment
            made = [_record(p, names) for p in _payments(session, night=night_id)]
            return settled(debts, made)
        league = session.get(LeagueRow, night.league_id)
        assert league is not None  # a foreign key
        money = _money_of(session, league)
    others = [d for d in money.debts if d.night_id != night_id]
    debts = sorted(
        [*others, *debts_of_night(night_id, date, settlement)],
        key=lambda d: (d.date or dt.date.min, d.night_id),
    )
    # A closed night's debt is the league's: one whose debtor owes nothing in the
    # league any more was paid through others (the fewest payments route money through
    # a third player, which pays no one night's debt: `ledger.settled`). Shown as
    # owed, it would be paid twice. An open night is settled at its table, debt by debt.
    square = {p for p, cents in money.balances.items() if cents >= 0} if closed else set()
    return tuple(
        replace(paid, paid=paid.cents) if paid.owed and paid.payer in square else paid
        for paid, debt in zip(settled(debts, money.payments), debts, strict=True)
        if debt.night_id == night_id
    )


def _names(session: Session) -> dict[int | None, str]:
    """Every player's name, by id."""
    return {pid: name for pid, name in session.exec(select(PlayerRow.id, PlayerRow.name))}


def _payments(
    session: Session, *, league: int | None = None, night: int | None = None
) -> list[PaymentRow]:
    """The payments of a LEAGUE, or made for a NIGHT, in the order made."""
    chosen = PaymentRow.league_id == league if night is None else PaymentRow.night_id == night
    query = select(PaymentRow).where(chosen).order_by(col(PaymentRow.paid_on), col(PaymentRow.id))
    return list(session.exec(query))


def _settled_at_table() -> Any:
    """The ids of the nights settled at the table (`stored_night.SETTLED` in their
    history): a league carries no debts from them."""
    change = col(NightChangeRow.action)
    return columns(col(NightChangeRow.night_id)).where(change == SETTLED)


def _record(row: PaymentRow, names: dict[int | None, str]) -> PaymentRecord:
    return PaymentRecord(
        row.id or 0, names[row.payer_id], names[row.payee_id], row.cents, row.paid_on, row.night_id
    )


def _money_of(session: Session, row: LeagueRow) -> LeagueMoney:
    """The league ROW's money (`league_money`), read in SESSION."""
    closed: list[tuple[int, dt.date | None]] = [
        (night, date)
        for night, date in session.execute(
            columns(col(NightRow.id), col(NightRow.played_on)).where(
                (col(NightRow.league_id) == row.id)
                & col(NightRow.closed_at).is_not(None)
                & col(NightRow.discarded_at).is_(None)
                & ~col(NightRow.id).in_(_settled_at_table())  # its money changed hands then
            )
        ).all()
    ]
    names = _names(session)
    ids = [night for night, _day in closed]
    totals = _night_cents(session, ids, names)
    for night, pot in _night_pots(session, ids).items():
        totals[night][POT] = pot
    debts = [
        d
        for night, date in sorted(closed, key=lambda n: (n[1] or dt.date.min, n[0]))
        for d in debts_of_night(night, date, settle(totals.get(night, {})))
    ]
    payments = [_record(p, names) for p in _payments(session, league=row.id)]
    everyone = sorted(
        {d.debtor for d in debts}
        | {d.creditor for d in debts}
        | {p.payer for p in payments}
        | {p.payee for p in payments},
        key=str.casefold,
    )
    return LeagueMoney(
        row.name, tuple(debts), tuple(payments), balances(debts, payments, everyone), row.currency
    )


def _night_cents(
    session: Session, nights: list[int], names: dict[int | None, str]
) -> dict[int, dict[str, int]]:
    """Each night's money per player, in seat order (so the settlement is the one the
    night screen showed: it settles in the same order)."""
    if not nights:
        return {}
    night, player = col(HandPointsRow.night_id), col(HandPointsRow.player_id)
    sums = session.execute(
        columns(night, player, func.sum(col(HandPointsRow.cents)))
        .where(night.in_(nights))
        .group_by(night, player)
    ).all()
    cents: dict[int, dict[int, int]] = defaultdict(dict)
    for night_id, player_id, total in sums:
        cents[night_id][player_id] = int(total)
    seats = session.execute(
        columns(col(SeatRow.night_id), col(SeatRow.player_id))
        .where(col(SeatRow.night_id).in_(nights))
        .order_by(col(SeatRow.night_id), col(SeatRow.position), col(SeatRow.first_hand))
    ).all()
    ordered: dict[int, dict[str, int]] = defaultdict(dict)
    for night_id, player_id in seats:
        if player_id in cents[night_id] and names[player_id] not in ordered[night_id]:
            ordered[night_id][names[player_id]] = cents[night_id][player_id]
    return ordered


def _night_pots(session: Session, nights: list[int]) -> dict[int, int]:
    """The cents each night left in its Schafkopf pot: the pot is a party to the
    night's settlement, named `(pot)`, as on the night screen."""
    if not nights:
        return {}
    night = col(HandScoreRow.night_id)
    total = func.sum(col(HandScoreRow.pot_cents))
    rows = session.execute(
        columns(night, total).where(night.in_(nights)).group_by(night).having(total != 0)
    ).all()
    return {night_id: int(cents) for night_id, cents in rows}


def check_cents(cents: int, currency: str | None) -> None:
    """Refuse a payment of no cents, or of more than Scorekeeper keeps (`limits`), the
    most said in CURRENCY (the league's or the night's) when it is known."""
    if cents <= 0:
        raise StorageError(
            _("{cents} is not a positive number of cents").format(cents=cents), field="amount"
        )
    if cents > MAX_AMOUNT:
        if currency is None:
            message = _("{cents} is more than the most Scorekeeper keeps, {most} cents")
        else:
            message = _("{cents} is more than the most Scorekeeper keeps, {most} cents ({money})")
        most = money(MAX_AMOUNT, currency) if currency is not None else ""
        raise StorageError(
            message.format(cents=grouped(cents), most=grouped(MAX_AMOUNT), money=most),
            field="amount",
        )


def add_payment(
    session: Session,
    *,
    league_id: int | None,
    night_id: int | None,
    payer: str,
    payee: str,
    cents: int,
    paid_on: dt.date,
    note: str = "",
) -> int:
    """Write a payment in the caller's transaction (the players who paid and were paid
    must exist); returns its id.  The one writer of payments made one at a time (the
    window, `scorekeeper pay`); an imported night's payments are refused by the same
    rules in its document (`document._read_payment`) before they are filed whole;
    the callers have said the most in their currency (`check_cents`)."""
    check_cents(cents, None)
    note = fold_name(note)
    if note and (problem := name_problem(note, limit=NOTE_LENGTH)) is not None:
        raise StorageError(problem, field="note")
    if name_key(payer) == name_key(payee):  # a night's payments go into its document too
        raise StorageError(_("a player cannot pay themselves"), field="paid to")
    sides: tuple[tuple[Field, str], ...] = (("paid by", payer), ("paid to", payee))
    for field, name in sides:
        if name.strip() == POT:
            raise StorageError(
                _(
                    "{pot} is the table's Schafkopf pot, not a person; it is settled at the "
                    "table (into the next pot, or shared out), not recorded as a payment"
                ).format(pot=POT),
                field=field,
            )
    payer_id = require_player(session, payer, "paid by").id
    payee_id = require_player(session, payee, "paid to").id
    assert payer_id is not None and payee_id is not None
    payment = PaymentRow(
        league_id=league_id,
        night_id=night_id,
        payer_id=payer_id,
        payee_id=payee_id,
        cents=cents,
        paid_on=paid_on,
        note=note,
    )
    session.add(payment)
    session.flush()
    assert payment.id is not None
    return payment.id


def record_league_payment(
    db: Database,
    *,
    league: str,
    payer: str,
    payee: str,
    cents: int,
    paid_on: dt.date | None = None,
    note: str = "",
) -> int:
    """Write down that PAYER paid PAYEE, whole or part of what is owed; returns its id."""
    if cents <= 0:
        check_cents(cents, None)
    if name_key(payer) == name_key(payee):
        raise StorageError(_("a player cannot pay themselves"), field="paid to")
    with db.transaction() as session:
        row = league_row(session, league)
        check_cents(cents, row.currency)
        return add_payment(
            session,
            league_id=row.id,
            night_id=None,
            payer=payer,
            payee=payee,
            cents=cents,
            paid_on=paid_on or dt.date.today(),
            note=note,
        )
