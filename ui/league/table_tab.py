"""The table tab: how often each outcome happens at the league's table in the period,
in the words of the game its nights were played at."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from scorekeeper.csv_out import Sheet
from scorekeeper.i18n import _
from scorekeeper.reports.sheets import outcomes_sheet
from scorekeeper.stats import outcome_figures, outcome_lines
from scorekeeper.store import league as leagues
from scorekeeper.store import league_hands
from scorekeeper.store.database import Database

from ..spreadsheets import allow_copy
from .models import LabelledModel
from .widgets import ProblemLine, table_of


class TableTab(QWidget):
    """Each outcome's count and share of the hands."""

    def __init__(self, db: Database, problem: ProblemLine) -> None:
        super().__init__()
        self.db, self.problem = db, problem
        self.outcomes_model = LabelledModel()
        view = table_of(self.outcomes_model, _("How often each outcome happens"))
        view.horizontalHeader().setVisible(False)
        self.figures: list[tuple[str, int, int | None]] = []
        allow_copy(view, self.sheet)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("How often each outcome happens at the table")))
        layout.addWidget(view, 1)

    def show_period(self, period: leagues.Period) -> None:
        """The outcomes of PERIOD's hands."""
        outcomes = self.problem.attempt(league_hands.hand_outcomes, self.db, period)
        if outcomes is None:  # not read: the problem line says why, no "0 hands" below it
            self.figures = []
            self.outcomes_model.set_rows([])
            return
        self.figures = outcome_figures(outcomes)
        self.outcomes_model.set_rows(outcome_lines(outcomes))

    def sheet(self) -> Sheet:
        """The outcomes for a spreadsheet: each one's hands, and the hands it is a
        share of."""
        return outcomes_sheet(self.figures)
