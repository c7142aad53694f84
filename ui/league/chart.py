"""The player page's chart: a player's balance after each closed night and payment."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from scorekeeper.i18n import _
from scorekeeper.ledger import BalancePoint

from ..line_chart import Axis, LineChart
from ..money import dollars


def day_label(day: int) -> str:
    """The date of the day numbered DAY (`date.toordinal`), as the axis writes it."""
    return dt.date.fromordinal(day).isoformat()


class BalanceChart(LineChart):
    """A player's balance over time: a point for each dated step of their history, the
    dates across, the balance up, labelled at whole dollars."""

    def __init__(self) -> None:
        super().__init__(
            Axis(_("Date"), day_label),
            Axis(_("Balance"), dollars, unit=100),
            name=_("Balance over time"),
            empty=_("No closed night or payment with a date yet."),
        )

    def show_balance(self, name: str, history: Sequence[BalancePoint]) -> None:
        """NAME's balance over time, one point for each dated step of HISTORY; the title
        alone, and a sentence, when none is dated; nothing with no NAME."""
        if not name:
            self.set_lines("", [])
            return
        dated = [(point.date.toordinal(), point.balance) for point in history if point.date]
        title = _("Balance over time: {player}").format(player=name)
        self.set_lines(title, [(name, dated)] if dated else [])
