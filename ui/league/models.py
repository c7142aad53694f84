"""Table models of the league window: standings, a player's statistics, balances, who
owes whom, payments, and the roster.  Each holds plain values from the core (never ORM
rows), shows text, and gives the raw value under SORT_ROLE (`ui.rows_model`) so sorting
is by number, not by text."""

from __future__ import annotations

from PySide6.QtCore import Qt

from scorekeeper.formatting import decimal, percent, short_date
from scorekeeper.games import DEFAULT_GAME, Words, game_named
from scorekeeper.ledger import PaymentRecord
from scorekeeper.settlement import Payment
from scorekeeper.standings import Standing
from scorekeeper.store.people import Player

from ..rows_model import Column, RowsModel, money_column


def _rank_sort(row: Standing) -> int:
    return row.rank if row.rank is not None else 1_000_000  # listed apart: last


def standings_columns(words: Words) -> tuple[Column[Standing], ...]:
    """The standings' columns, headed in the words of the league's game."""
    return (
        Column("#", lambda s: str(s.rank) if s.rank else "—", _rank_sort),
        Column("Player", lambda s: s.player, lambda s: s.player.casefold(), right=False),
        Column("Nights", lambda s: str(s.nights), lambda s: s.nights),
        Column("Hands", lambda s: str(s.hands), lambda s: s.hands),
        Column("Points", lambda s: str(s.points), lambda s: s.points),
        money_column("Money", lambda s: s.cents),
        Column(
            "Score",
            lambda s: decimal(s.score) if s.score.denominator != 1 else str(s.score),
            lambda s: s.score,
        ),
        Column("Pts/hand", lambda s: decimal(s.points_per_hand), lambda s: s.points_per_hand),
        Column(words.picks, lambda s: str(s.picks), lambda s: s.picks),
        Column(
            words.picks_won,
            lambda s: percent(s.picker_win_rate),
            lambda s: s.picker_win_rate if s.picker_win_rate is not None else -1.0,
        ),
        Column("Nights won", lambda s: str(s.nights_won), lambda s: s.nights_won),
        Column(words.schneiders, lambda s: str(s.schneiders_won), lambda s: s.schneiders_won),
        Column(words.leasters, lambda s: str(s.leasters_won), lambda s: s.leasters_won),
        Column("Misplays", lambda s: str(s.misplays), lambda s: s.misplays),
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

    columns = (
        Column("", lambda r: r[0], right=False),
        Column("", lambda r: r[1], right=False),
    )


class BalancesModel(RowsModel[tuple[str, int]]):
    """Each player's balance across nights: owed to them (+) or by them (−)."""

    columns = (
        Column("Player", lambda r: r[0], lambda r: r[0].casefold(), right=False),
        money_column("Balance", lambda r: r[1]),
    )


class OwedModel(RowsModel[Payment]):
    """Who owes whom now."""

    columns = (
        Column("Payment", lambda p: f"{p.payer} pays {p.payee}", right=False),
        money_column("Amount", lambda p: p.cents),
    )


class PaymentsModel(RowsModel[PaymentRecord]):
    """Payments recorded in the league, newest last."""

    columns = (
        Column("Date", lambda p: short_date(p.paid_on), lambda p: p.paid_on, right=False),
        Column("Payment", lambda p: f"{p.payer} paid {p.payee}", right=False),
        money_column("Amount", lambda p: p.cents),
    )


class RosterModel(RowsModel[Player]):
    """Every player, by name, and whether new nights offer them (retired or not)."""

    columns = (
        Column("Player", lambda p: p.name, lambda p: p.name.casefold(), right=False),
        Column("Roster", lambda p: "retired" if p.retired else "playing", right=False),
    )
