"""Money across nights: debts from each closed night's settlement, payments against them,
each player's balance, and who owes whom now, three ways.

A balance is what a player is owed (positive) or owes (negative).  Every debt adds its
cents to the creditor and takes them from the debtor; every payment moves them back.
So balances always sum to zero (checked), and so do the payments that clear them.

- `simplify`: the fewest payments that zero every balance (`settlement.settle`);
- `direct`: debts stay between the players who owe them (no money routed through a third
  person): each pair's debts and payments netted;
- `collector`: everyone who owes pays one treasurer, who pays everyone owed.

What has been paid of each night's debts (`settled`) is the one answer the night's
Settle up, its report and the league window share, whichever window recorded a payment.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scorekeeper.formatting import short_date
from scorekeeper.i18n import _
from scorekeeper.problems import require_zero_sum
from scorekeeper.settlement import Payment, check_settles, settle

DebtMode = Literal["simplify", "direct", "collector"]
DEBT_MODES: tuple[DebtMode, ...] = ("simplify", "direct", "collector")


@dataclass(frozen=True)
class Debt:
    """Money owed from one closed night: `debtor` owes `creditor` `cents`."""

    night_id: int
    date: dt.date | None
    debtor: str
    creditor: str
    cents: int


@dataclass(frozen=True)
class PaymentRecord:
    """Money that changed hands, whole or part of a debt."""

    id: int
    payer: str
    payee: str
    cents: int
    paid_on: dt.date
    night_id: int | None = None


@dataclass(frozen=True)
class BalancePoint:
    """A player's balance after one event (a night closed, a payment), for the chart."""

    date: dt.date | None
    balance: int
    what: str


@dataclass(frozen=True)
class Settled:
    """One debt (a payment of a night's settlement) and what has been paid of it."""

    payer: str
    payee: str
    cents: int
    paid: int = 0  # of the cents, those paid so far
    paid_on: tuple[dt.date, ...] = ()  # the days of the payments that paid them

    @property
    def owed(self) -> int:
        """The cents still owed."""
        return self.cents - self.paid


def settled(debts: Sequence[Debt], payments: Iterable[PaymentRecord]) -> tuple[Settled, ...]:
    """Each of DEBTS (oldest first) with what PAYMENTS (in the order made) have paid of
    it.  A payment pays what its payer owes its payee: first the debts of the night it
    was made for (marked at that night's Settle up), then the oldest of the rest (a
    payment recorded in the league, or what is left of one); what no such debt is left
    to take (a payment routed through a third player, as the fewest payments across
    nights may be) pays no night's debt, though it counts in the balances."""
    left = [debt.cents for debt in debts]
    days: list[list[dt.date]] = [[] for _ in debts]
    owing: dict[tuple[str, str], list[int]] = {}
    for index, debt in enumerate(debts):
        owing.setdefault((debt.debtor, debt.creditor), []).append(index)

    def pay(indexes: Iterable[int], cents: int, day: dt.date) -> int:
        for index in indexes:
            taken = min(left[index], cents)
            if taken:
                left[index] -= taken
                cents -= taken
                if day not in days[index]:
                    days[index].append(day)
        return cents

    rest = []
    for payment in payments:
        mine = owing.get((payment.payer, payment.payee), [])
        cents = payment.cents
        if payment.night_id is not None:
            tonight = [i for i in mine if debts[i].night_id == payment.night_id]
            cents = pay(tonight, cents, payment.paid_on)
        rest.append((mine, cents, payment.paid_on))
    for mine, cents, day in rest:
        pay(mine, cents, day)
    return tuple(
        Settled(debt.debtor, debt.creditor, debt.cents, debt.cents - left[i], tuple(days[i]))
        for i, debt in enumerate(debts)
    )


def settled_at_table(
    settlement: Sequence[Payment], made: Iterable[tuple[str, str, int, dt.date]]
) -> tuple[Settled, ...]:
    """A night's SETTLEMENT with what the payments MADE for it (payer, payee, cents,
    day) have paid of it (`settled`): what the night alone knows, its own payments; the
    store's answer counts its league's too (`store.money.night_settled`)."""
    debts = debts_of_night(0, None, settlement)
    return settled(debts, (PaymentRecord(0, p, q, c, day, 0) for p, q, c, day in made))


def debts_of_night(
    night_id: int, date: dt.date | None, settlement: Iterable[Payment]
) -> list[Debt]:
    """A closed night's settlement as debts."""
    return [Debt(night_id, date, p.payer, p.payee, p.cents) for p in settlement]


def balances(
    debts: Iterable[Debt], payments: Iterable[PaymentRecord], players: Iterable[str] = ()
) -> dict[str, int]:
    """Each player's balance: owed to them (positive) or by them (negative)."""
    balance = dict.fromkeys(players, 0)
    for debt in debts:
        balance[debt.creditor] = balance.get(debt.creditor, 0) + debt.cents
        balance[debt.debtor] = balance.get(debt.debtor, 0) - debt.cents
    for payment in payments:
        balance[payment.payer] = balance.get(payment.payer, 0) + payment.cents
        balance[payment.payee] = balance.get(payment.payee, 0) - payment.cents
    require_zero_sum(balance, "the league's balances")
    return balance


def outstanding(
    debts: Sequence[Debt],
    payments: Sequence[PaymentRecord],
    *,
    mode: DebtMode = "simplify",
    collector: str | None = None,
) -> tuple[Payment, ...]:
    """The payments that would square everyone up now, in the chosen mode."""
    balance = balances(debts, payments)
    if mode == "simplify":
        owed = settle(balance)
    elif mode == "direct":
        owed = _direct(debts, payments)
    else:
        if not collector:
            raise ValueError("collector mode needs the treasurer's name")
        owed = _through(collector, balance)
    check_settles(balance, owed, "who owes whom")
    return owed


def _direct(debts: Iterable[Debt], payments: Iterable[PaymentRecord]) -> tuple[Payment, ...]:
    """Each pair's debts net of each other and of what passed between them."""
    net: dict[tuple[str, str], int] = {}  # (a, b) with a < b: what a owes b

    def owe(debtor: str, creditor: str, cents: int) -> None:
        pair = (debtor, creditor) if debtor < creditor else (creditor, debtor)
        net[pair] = net.get(pair, 0) + (cents if pair[0] == debtor else -cents)

    for debt in debts:
        owe(debt.debtor, debt.creditor, debt.cents)
    for payment in payments:
        owe(payment.payee, payment.payer, payment.cents)
    owed = [Payment(a, b, c) if c > 0 else Payment(b, a, -c) for (a, b), c in net.items() if c]
    return tuple(sorted(owed, key=lambda p: (-p.cents, p.payer, p.payee)))


def _through(collector: str, balance: Mapping[str, int]) -> tuple[Payment, ...]:
    """Everyone who owes pays the collector; the collector pays everyone owed."""
    into = [Payment(p, collector, -c) for p, c in balance.items() if c < 0 and p != collector]
    out = [Payment(collector, p, c) for p, c in balance.items() if c > 0 and p != collector]
    return tuple(
        sorted(into, key=lambda p: (-p.cents, p.payer))
        + sorted(out, key=lambda p: (-p.cents, p.payee))
    )


def balance_history(
    player: str, debts: Iterable[Debt], payments: Iterable[PaymentRecord]
) -> list[BalancePoint]:
    """A player's balance after each night and payment that touched it, in date order
    (a night before a payment on the same day)."""
    events: list[tuple[dt.date, int, int, str]] = []
    nights: dict[int, tuple[dt.date | None, int]] = {}
    for debt in debts:
        if player in (debt.debtor, debt.creditor):
            date, cents = nights.get(debt.night_id, (debt.date, 0))
            sign = 1 if debt.creditor == player else -1
            nights[debt.night_id] = (date, cents + sign * debt.cents)
    for date, cents in nights.values():
        night = _("the night of {date}").format(date=short_date(date)) if date else _("a night")
        events.append((date or dt.date.min, 0, cents, night))
    for payment in payments:
        if player in (payment.payer, payment.payee):
            sign = 1 if payment.payer == player else -1
            other = payment.payee if sign == 1 else payment.payer
            paid = _("paid {player}") if sign == 1 else _("paid by {player}")
            word = paid.format(player=other)
            events.append((payment.paid_on, 1, sign * payment.cents, word))
    points, running = [], 0
    for date, _order, cents, what in sorted(events, key=lambda e: (e[0], e[1])):
        running += cents
        points.append(BalancePoint(None if date == dt.date.min else date, running, what))
    return points
