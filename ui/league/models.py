"""Table models of the league window: standings, a player's statistics, balances, who
owes whom, payments, and the roster.  Each holds plain values from the core (never ORM
rows), shows text, and gives the raw value under SORT_ROLE (`ui.rows_model`) so sorting
is by number, not by text."""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import Qt

from scorekeeper.formatting import short_date
from scorekeeper.games import DEFAULT_GAME
from scorekeeper.i18n import N_, _
from scorekeeper.ledger import PaymentRecord
from scorekeeper.settlement import Payment
from scorekeeper.standing_columns import GAME_BRIEF, StandingColumn, standing_columns
from scorekeeper.standings import Standing
from scorekeeper.store.people import Player

from ..rows_model import Column, RowsModel, money_column

WINDOW_COLUMNS = (
    "rank",
    "player",
    "nights",
    "hands",
    "points",
    "cents",
    "score",
    "points_per_hand",
    GAME_BRIEF,
    "misplays",
    "nights_won",
)


def standings_columns(game: str) -> tuple[Column[Standing], ...]:
    """The standings' columns the window shows, as the core declares them
    (`standing_columns`: the same text as every other door's), headed in the words of
    GAME, the league's (marked by the game, translated when shown)."""
    return tuple(_shown(c) for c in standing_columns(game, WINDOW_COLUMNS))


def _shown(column: StandingColumn) -> Column[Standing]:
    """COLUMN as a table model's: its money in the model's currency."""
    if column.money:
        return money_column(column.header, lambda s: cast(int, column.value(s)))
    return Column(
        column.header,
        lambda s: column.text(s, ""),
        column.sort,
        right=not column.name,
    )


class StandingsModel(RowsModel[Standing]):
    """The standings: qualified players ranked, then those not yet qualified ("—"),
    headed in the words of the league's game (`set_game`)."""

    columns = standings_columns(DEFAULT_GAME)

    def set_game(self, game: str) -> None:
        """Head the columns in the words of GAME (`Standings.game`)."""
        columns = standings_columns(game)
        if [c.header for c in columns] != [c.header for c in self.columns]:
            self.columns = columns
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(columns) - 1)


class LabelledModel(RowsModel[tuple[str, str]]):
    """Label and value pairs (a player's statistics, the table's outcomes)."""

    # No headers (hidden): shown as they are, never looked up (gettext's "" is the
    # catalogue's own header).
    columns = (
        Column("", lambda r: r[0], right=False, data=True),
        Column("", lambda r: r[1], right=False, data=True),
    )


class BalancesModel(RowsModel[tuple[str, int]]):
    """Each player's balance across nights: owed to them (+) or by them (−)."""

    columns = (
        Column(N_("Player"), lambda r: r[0], lambda r: r[0].casefold(), right=False),
        money_column(N_("Balance"), lambda r: r[1]),
    )


class OwedModel(RowsModel[Payment]):
    """Who owes whom now."""

    columns = (
        Column(
            N_("Payment"),
            lambda p: _("{payer} pays {payee}").format(payer=p.payer, payee=p.payee),
            right=False,
        ),
        money_column(N_("Amount"), lambda p: p.cents),
    )


class PaymentsModel(RowsModel[PaymentRecord]):
    """Payments recorded in the league, newest last."""

    columns = (
        Column(N_("Date"), lambda p: short_date(p.paid_on), lambda p: p.paid_on, right=False),
        Column(
            N_("Payment"),
            lambda p: _("{payer} paid {payee}").format(payer=p.payer, payee=p.payee),
            right=False,
        ),
        money_column(N_("Amount"), lambda p: p.cents),
    )


class RosterModel(RowsModel[Player]):
    """Every player, by name, and whether new nights offer them (retired or not)."""

    columns = (
        Column(N_("Player"), lambda p: p.name, lambda p: p.name.casefold(), right=False),
        Column(N_("Roster"), lambda p: _("retired") if p.retired else _("playing"), right=False),
    )
