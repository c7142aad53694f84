"""Table models of the league window: standings, a player's statistics, balances, who
owes whom, payments, and the roster.  Each holds plain values from the core (never ORM
rows), shows text, and gives the raw value under SORT_ROLE (`ui.rows_model`) so sorting
is by number, not by text."""

from __future__ import annotations

from PySide6.QtCore import Qt

from scorekeeper.formatting import local_decimal, local_figure, local_percent, short_date
from scorekeeper.games import DEFAULT_GAME, Words, game_named
from scorekeeper.i18n import N_, _
from scorekeeper.ledger import PaymentRecord
from scorekeeper.settlement import Payment
from scorekeeper.standings import Standing
from scorekeeper.store.people import Player

from ..rows_model import Column, RowsModel, money_column


def _rank_sort(row: Standing) -> int:
    return row.rank if row.rank is not None else 1_000_000  # listed apart: last


def standings_columns(words: Words) -> tuple[Column[Standing], ...]:
    """The standings' columns, headed in the words of the league's game (marked by the
    game, translated when shown); a count it has no word for left out."""
    return (
        Column("#", lambda s: str(s.rank) if s.rank else "—", _rank_sort, data=True),
        Column(N_("Player"), lambda s: s.player, lambda s: s.player.casefold(), right=False),
        Column(N_("Nights"), lambda s: str(s.nights), lambda s: s.nights),
        Column(N_("Hands"), lambda s: str(s.hands), lambda s: s.hands),
        Column(N_("Points"), lambda s: str(s.points), lambda s: s.points),
        money_column(N_("Money"), lambda s: s.cents),
        Column(
            N_("Score"),
            lambda s: local_figure(s.score),
            lambda s: s.score,
        ),
        Column(
            N_("Pts/hand"), lambda s: local_decimal(s.points_per_hand), lambda s: s.points_per_hand
        ),
        Column(words.picks, lambda s: str(s.picks), lambda s: s.picks),
        Column(
            words.picks_won,
            lambda s: local_percent(s.picker_win_rate),
            lambda s: s.picker_win_rate if s.picker_win_rate is not None else -1.0,
        ),
        Column(N_("Nights won"), lambda s: str(s.nights_won), lambda s: s.nights_won),
        *(
            [Column(words.schneiders, lambda s: str(s.schneiders_won), lambda s: s.schneiders_won)]
            if words.schneiders
            else []
        ),
        *(
            [Column(words.leasters, lambda s: str(s.leasters_won), lambda s: s.leasters_won)]
            if words.leasters
            else []
        ),
        Column(N_("Misplays"), lambda s: str(s.misplays), lambda s: s.misplays),
    )


class StandingsModel(RowsModel[Standing]):
    """The standings: qualified players ranked, then those not yet qualified ("—"),
    headed in the words of the league's game (`set_game`)."""

    columns = standings_columns(game_named(DEFAULT_GAME).words)

    def set_game(self, game: str) -> None:
        """Head the columns in the words of GAME (`Standings.game`)."""
        columns = standings_columns(game_named(game).words)
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
