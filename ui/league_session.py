"""The league window's part of the application layer (ui/app_layer.py): the only way it
writes.  A payment, a player renamed, merged, retired or put back on the roster is made in the
store, then pushed as its command (undoable); the ranking chosen is kept as the
league's own."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import Signal

from scorekeeper.standings import StandingsOptions
from scorekeeper.store.league import save_league
from scorekeeper.store.merge import Merged, merge_players
from scorekeeper.store.money import record_league_payment
from scorekeeper.store.people import Player, rename_player, retire_player
from scorekeeper.store.stored_night import PaymentMade

from .app_layer import Layer
from .commands import LeaguePayment, MergePlayers, RenamePlayer, RetirePlayer


class LeagueSession(Layer):
    """The changes made from the league window; `changed` after each, undone or not, and
    `renamed` too when a player's name changed (the night screen shows names)."""

    renamed = Signal()

    def record_payment(
        self,
        *,
        league: str,
        payer: str,
        payee: str,
        cents: int,
        paid_on: dt.date,
        currency: str,
    ) -> None:
        """Write down that PAYER paid PAYEE (whole or part of what is owed, in CURRENCY,
        the league's); undo takes it back, redo writes it down again."""
        payment_id = record_league_payment(
            self.db, league=league, payer=payer, payee=payee, cents=cents, paid_on=paid_on
        )
        made = PaymentMade(payment_id, payer, payee, cents, paid_on)
        self.push(LeaguePayment(self.db, league, made, currency))

    def keep_ranking(self, league: str, options: StandingsOptions) -> int:
        """Keep the chosen ranking (and who qualifies) as the league's own; returns the
        league's id."""
        return save_league(self.db, name=league, standings=options)

    def keep_currency(self, league: str, currency: str) -> int:
        """Keep CURRENCY (an ISO 4217 code) as the one LEAGUE's money is in; returns the
        league's id."""
        return save_league(self.db, name=league, currency=currency)

    def rename_player(self, old: str, new: str) -> Player:
        """Rename the player OLD to NEW everywhere at once (the store refuses a name
        taken or one it cannot keep, naming the field "new name"); undo gives the old
        name back.  The player as now stored; nothing is pushed when the name stays."""
        player = rename_player(self.db, old=old, new=new)
        if player.name != old:
            self.push(RenamePlayer(self.db, player, old))
            self.renamed.emit()
        return player

    def merge_player(self, player: str, *, into: str) -> Merged:
        """Make PLAYER one with INTO (every night, hand and payment INTO's; the store
        refuses two who sat at one night or paid each other, naming "merged into"); undo
        brings PLAYER back exactly as before."""
        merged = merge_players(self.db, player=player, into=into)
        self.push(MergePlayers(self.db, merged))
        self.renamed.emit()
        return merged

    def retire_player(self, name: str, *, retired: bool) -> Player:
        """Take NAME off the roster new nights offer (RETIRED), or put them back; their
        nights and money stay.  Undo puts them back as they were."""
        player = retire_player(self.db, name=name, retired=retired)
        self.push(RetirePlayer(self.db, player))
        return player

    def undo(self) -> bool:
        return self._told(self.undo_stack.index() - 1, super().undo)

    def redo(self) -> bool:
        return self._told(self.undo_stack.index(), super().redo)

    def _told(self, at: int, step: Callable[[], bool]) -> bool:
        """STEP the stack from the command AT; a rename undone or redone says `renamed`."""
        command = self.undo_stack.command(at)
        moved = step()
        if moved and isinstance(command, RenamePlayer | MergePlayers):
            self.renamed.emit()
        return moved
