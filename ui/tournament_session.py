"""The tournament window's part of the application layer (ui/app_layer.py): the only way
it writes.  Each change is made in the store (one transaction, refused whole with the
field named: `StorageError`), then `changed` says to read again.  A tournament's steps
are not on the undo stack: each has its own way back (mark paid or open, check or
uncheck, a penalty taken back, a session drawn again while it has no result), as the
command line's `scorekeeper tournament` has."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from scorekeeper.rules import RuleSet
from scorekeeper.store.tournament_draw import draw_session, start_round
from scorekeeper.store.tournament_results import (
    add_penalty,
    record_totals,
    remove_penalty,
    set_checked,
    table_night,
)
from scorekeeper.store.tournaments import (
    create_tournament,
    keep_apart,
    register,
    set_paid,
    withdraw,
)
from scorekeeper.tournament.day import DrawnSession, Entry, Tournament
from scorekeeper.tournament.prizes import Payout
from scorekeeper.tournament.tables import Uneven

from .app_layer import Layer


class TournamentSession(Layer):
    """The changes made from the tournament window; `changed` after each."""

    def create(
        self,
        *,
        name: str,
        date: dt.date,
        rules: RuleSet,
        sessions: int,
        hands: int,
        entry_cents: int,
        currency: str,
        payout: Payout,
        tie_breaks: Sequence[str],
        uneven: Uneven,
    ) -> Tournament:
        made = create_tournament(
            self.db,
            name=name,
            date=date,
            rules=rules,
            sessions=sessions,
            hands=hands,
            entry_cents=entry_cents,
            currency=currency,
            payout=payout,
            tie_breaks=tie_breaks,
            uneven=uneven,
        )
        self.changed.emit()
        return made

    def register(
        self, tournament: Tournament, players: Sequence[str], *, paid: bool, first: int | None
    ) -> list[Entry]:
        added = register(self.db, tournament, players, paid=paid, first_session=first)
        self.changed.emit()
        return added

    def set_paid(self, tournament: Tournament, player: str, *, paid: bool) -> None:
        set_paid(self.db, tournament, player, paid=paid)
        self.changed.emit()

    def withdraw(self, tournament: Tournament, player: str, *, after: int) -> None:
        withdraw(self.db, tournament, player, after=after)
        self.changed.emit()

    def keep_apart(self, tournament: Tournament, first: str, second: str) -> None:
        keep_apart(self.db, tournament, first, second)
        self.changed.emit()

    def draw(self, tournament: Tournament, session: int, *, seed: int | None) -> DrawnSession:
        drawn = draw_session(self.db, tournament, session, seed=seed)
        self.changed.emit()
        return drawn

    def start_round(self, tournament: Tournament, session: int, *, started: bool) -> None:
        start_round(self.db, tournament, session, started=started)
        self.changed.emit()

    def totals(
        self, tournament: Tournament, session: int, table: int, points: Mapping[str, int]
    ) -> int:
        night = record_totals(self.db, tournament, session, table, points)
        self.changed.emit()
        return night

    def table_night(self, tournament: Tournament, session: int, table: int) -> int:
        night = table_night(self.db, tournament, session, table)
        self.changed.emit()
        return night

    def check(self, tournament: Tournament, session: int, table: int, *, checked: bool) -> None:
        set_checked(self.db, tournament, session, table, checked=checked)
        self.changed.emit()

    def penalty(
        self, tournament: Tournament, session: int, player: str, points: int, reason: str
    ) -> int:
        number = add_penalty(self.db, tournament, session, player, points, reason)
        self.changed.emit()
        return number

    def remove_penalty(self, tournament: Tournament, number: int) -> None:
        remove_penalty(self.db, tournament, number)
        self.changed.emit()
