"""The league window's part of the application layer (ui/app_layer.py): the only way it
writes.  A payment is recorded in the store, then pushed as its command (undoable);
the ranking chosen is kept as the league's own."""

from __future__ import annotations

import datetime as dt

from scorekeeper.standings import StandingsOptions
from scorekeeper.store.league import save_league
from scorekeeper.store.money import record_league_payment
from scorekeeper.store.tonight import PaymentMade
from ui.app_layer import Layer
from ui.commands import LeaguePayment


class LeagueSession(Layer):
    """The changes made from the league window; `changed` after each, undone or not."""

    def record_payment(
        self, *, league: str, payer: str, payee: str, cents: int, paid_on: dt.date
    ) -> None:
        """Write down that PAYER paid PAYEE (whole or part of what is owed); undo takes
        it back, redo writes it down again."""
        payment_id = record_league_payment(
            self.db, league=league, payer=payer, payee=payee, cents=cents, paid_on=paid_on
        )
        self.push(
            LeaguePayment(self.db, league, PaymentMade(payment_id, payer, payee, cents, paid_on))
        )

    def keep_ranking(self, league: str, options: StandingsOptions) -> int:
        """Keep the chosen ranking (and who qualifies) as the league's own; returns the
        league's id."""
        return save_league(self.db, name=league, standings=options)
