"""The player page's chart: a player's balance after each closed night and payment."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from scorekeeper.formatting import amount_text, money, short_date
from scorekeeper.i18n import _
from scorekeeper.ledger import BalancePoint

from ..line_chart import Axis, LineChart


def day_label(day: int) -> str:
    """The date of the day numbered DAY (`date.toordinal`), as the locale writes it."""
    return short_date(dt.date.fromordinal(day))


def balance_axis(currency: str | None) -> Axis:
    """The balance axis: labelled at whole units of CURRENCY (100 cents), as the locale
    writes them (no currency known: the amounts alone)."""
    if currency is None:
        return Axis(_("Balance"), amount_text, unit=100)
    return Axis(_("Balance"), lambda cents: money(cents, currency), unit=100)


class BalanceChart(LineChart):
    """A player's balance over time: a point for each dated step of their history, the
    dates across, the balance up, labelled at whole units of the league's currency."""

    def __init__(self) -> None:
        super().__init__(
            Axis(_("Date"), day_label),
            balance_axis(None),  # nothing shown yet
            name=_("Balance over time"),
            empty=_("No closed night or payment with a date yet."),
        )

    def show_balance(
        self,
        name: str,
        history: Sequence[BalancePoint],
        currency: str | None,
        roster: Sequence[str] = (),
    ) -> None:
        """NAME's balance over time in CURRENCY (the league's; None when it could not be
        read: none is dated then), one point for each dated step of HISTORY, in NAME's
        colour on every chart of the league (their place in ROSTER); the title alone,
        and a sentence, when none is dated; nothing with no NAME."""
        self.up = balance_axis(currency)
        if not name:
            self.set_lines("", [])
            return
        dated = [(point.date.toordinal(), point.balance) for point in history if point.date]
        title = _("Balance over time: {player}").format(player=name)
        self.set_lines(title, [(name, dated)] if dated else [], roster)
