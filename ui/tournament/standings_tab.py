"""The tournament window's Standings tab: the standings after a session (or overall),
the tie-breaks, each session's top scorer, the prizes as they stand; export and print."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from scorekeeper.formatting import money
from scorekeeper.i18n import N_, _
from scorekeeper.store.tournament_draw import draws
from scorekeeper.store.tournament_results import prize_list, standings
from scorekeeper.tournament.columns import standing_columns
from scorekeeper.tournament.day import Tournament
from scorekeeper.tournament.standings import Standings, describe_tie_breaks

from ..league.widgets import table_of
from ..rows_model import Column, RowsModel
from .tabs import Host, _button, _buttons, _session_spin, _words


class PrizesModel(RowsModel[tuple[str, str, str]]):
    columns = (
        Column(N_("Prize"), lambda r: r[0], right=False),
        Column(N_("Player"), lambda r: r[1], right=False),
        Column(N_("Amount"), lambda r: r[2]),
    )


class StandingsTab(QWidget):
    """The standings after a session (or overall), penalties apart, ties broken by the
    chain; each session's top scorer; the prizes; export and print."""

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host
        self.after = _session_spin(_("After session"))
        self.after.valueChanged.connect(lambda _v: self.show_standings())
        self.model: RowsModel[Any] = RowsModel()
        self.view = table_of(self.model, _("Standings"), stretch=1)
        self.lines = QLabel()
        self.lines.setWordWrap(True)
        self.prizes = PrizesModel()
        self.prize_view = table_of(self.prizes, _("Prizes"), stretch=0)
        self.provisional = QLabel()  # what is still to report, while anything is
        self.provisional.setWordWrap(True)
        self.provisional.setStyleSheet("font-weight: bold")
        self.provisional.hide()
        self.ranked: Standings | None = None
        top = QHBoxLayout()
        top.addWidget(QLabel(_("After session")))
        top.addWidget(self.after)
        top.addStretch()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 3)
        layout.addWidget(self.lines)
        layout.addWidget(QLabel(_("The prizes, as the standings stand now")))
        layout.addWidget(self.provisional)
        layout.addWidget(self.prize_view, 1)
        layout.addLayout(
            _buttons(
                _button(_("&Export as spreadsheet (CSV)…"), self.export),
                _button(_("Print the standin&gs…"), self.print_standings),
                _button(_("Print the pri&ze list…"), self.print_prizes),
            )
        )

    def refresh(self, tournament: Tournament) -> None:
        seeds = self.host.attempt(draws, self.host.layer.db, tournament) or {}
        self.after.blockSignals(True)
        self.after.setMaximum(tournament.sessions)
        if seeds and self.after.value() == 1:
            self.after.setValue(max(seeds))
        self.after.blockSignals(False)
        self.show_standings()

    def show_standings(self) -> None:
        tournament = self.host.tournament()
        if tournament is None:
            return
        db = self.host.layer.db
        ranked = self.host.attempt(standings, db, tournament, through=self.after.value())
        if ranked is None:
            return
        self.ranked = ranked
        self.model.columns = [
            Column(c.heading(), _cell(c), _sort(c), right=c.figure, data=True)
            for c in standing_columns(ranked)
        ]
        self.model.set_rows(list(ranked.rows))
        tops = [
            _("Top scorer of session {session}: {players}").format(
                session=number, players=", ".join(players)
            )
            for number, players in enumerate(ranked.tops, start=1)
            if players
        ]
        _words(self.lines, [*tops, describe_tie_breaks(ranked.tie_breaks, ranked.game)])
        prizes = self.host.attempt(prize_list, db, tournament)
        if prizes is not None:
            rows = [
                (a.what(), a.player, money(a.cents, tournament.currency)) for a in prizes.awards
            ]
            self.prizes.set_rows(rows)
            said = prizes.provisional()
            self.provisional.setText(said or "")
            self.provisional.setVisible(said is not None)

    def export(self) -> None:
        if self.ranked is None:
            return
        from scorekeeper.reports.sheets import tournament_standings_sheet

        self.host.export(tournament_standings_sheet(self.ranked), "standings.csv")

    def print_standings(self) -> None:
        self.host.print_paper("standings_pdf", "standings.pdf", after=self.after.value())

    def print_prizes(self) -> None:
        self.host.print_paper("payout_pdf", "prize-list.pdf")


def _cell(column: Any) -> Callable[[Any], str]:
    return lambda row: str(column.text(row))


def _sort(column: Any) -> Callable[[Any], Any]:
    def key(row: Any) -> Any:
        value = column.value(row)
        return (value is None, value if value is not None else 0)

    return key
