"""The player page: one player's statistics over the period, in the words of the game
their nights were played at, and their balance over time."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from scorekeeper.csv_out import Sheet
from scorekeeper.i18n import _
from scorekeeper.reports.sheets import statistics_sheet
from scorekeeper.stats import PlayerStatistics, player_statistics, statistics_lines
from scorekeeper.store import league as leagues
from scorekeeper.store import league_hands
from scorekeeper.store.database import Database
from scorekeeper.store.money import LeagueMoney

from ..spreadsheets import allow_copy
from .chart import BalanceChart
from .models import LabelledModel
from .widgets import ProblemLine, fill, table_of


class PlayerTab(QWidget):
    """The chosen player's statistics and balance chart."""

    def __init__(self, db: Database, problem: ProblemLine) -> None:
        super().__init__()
        self.db, self.problem = db, problem
        self.period: leagues.Period | None = None
        self.money: LeagueMoney | None = None
        self.player = QComboBox()
        self.player.setAccessibleName(_("Player"))
        self.player.currentTextChanged.connect(lambda _: self.show_player())
        self.stats_model = LabelledModel()
        self.stats_view = table_of(self.stats_model, _("Player statistics"), stretch=1)
        self.stats_view.horizontalHeader().setVisible(False)
        self.stats: PlayerStatistics | None = None
        allow_copy(self.stats_view, self.sheet)
        self.balance_chart = BalanceChart()
        split = QSplitter()
        split.addWidget(self.stats_view)
        split.addWidget(self.balance_chart)
        split.setStretchFactor(1, 1)
        split.setSizes([400, 700])
        label = QLabel(_("Pla&yer"))
        label.setBuddy(self.player)
        top = QHBoxLayout()
        top.addWidget(label)
        top.addWidget(self.player, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)

    def show_period(self, period: leagues.Period, money: LeagueMoney | None) -> None:
        """The players of PERIOD offered (the one chosen kept), and that player shown,
        their balance charted from MONEY."""
        self.period, self.money = period, money
        fill(self.player, self.problem.attempt(leagues.league_players, self.db, period) or [])
        self.show_player()

    def show_player(self) -> None:
        """The chosen player's statistics and balance over time."""
        name = self.player.currentText()
        if not name or self.period is None:
            self.stats = None
            self.stats_model.set_rows([])
            self.balance_chart.show_balance("", [], None)
            return
        attempt = self.problem.attempt
        facts = attempt(league_hands.hand_facts, self.db, self.period, player=name) or []
        self.stats = player_statistics(name, facts)
        currency = self.money.currency if self.money else None  # not read: no amounts
        self.stats_model.set_rows(statistics_lines(self.stats, currency, on_screen=True))
        history = self.money.history(name) if self.money else []
        roster = attempt(leagues.league_roster, self.db, league=self.period.league) or ()
        self.balance_chart.show_balance(name, history, currency, roster)

    def sheet(self) -> Sheet | None:
        """The player's statistics, for a spreadsheet (what `scorekeeper stats --csv`
        writes); None with no player chosen."""
        return statistics_sheet(self.stats) if self.stats is not None else None
