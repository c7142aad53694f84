"""The standings tab: the period's standings under the ranking chosen (points, money,
points per hand or placement points; who qualifies; worst nights dropped), sortable by
any column, and that ranking kept as the league's own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.csv_out import Sheet
from scorekeeper.formatting import amount_text, money
from scorekeeper.games import DEFAULT_GAME
from scorekeeper.i18n import _, ngettext
from scorekeeper.reports.sheets import standings_sheet
from scorekeeper.standings import RANK_BY, RANK_BY_MEANING, StandingsOptions
from scorekeeper.store import league as leagues
from scorekeeper.store.database import Database

from ..labels import plain_label
from ..league_session import LeagueSession
from ..spreadsheets import allow_copy
from .models import StandingsModel
from .widgets import ProblemLine, table_of


class StandingsTab(QWidget):
    """Standings of the period shown (`show`), ranked as chosen here."""

    def __init__(self, db: Database, layer: LeagueSession, problem: ProblemLine) -> None:
        super().__init__()
        self.db, self.layer, self.problem = db, layer, problem
        self.info: leagues.LeagueInfo | None = None  # the league's own ranking, tie-breaks
        self.period: leagues.Period | None = None
        self.rank_by = QComboBox()
        self.rank_by.setAccessibleName(_("Rank by"))
        for key in RANK_BY:
            self.rank_by.addItem(_(RANK_BY_MEANING[key]), key)
        self.min_nights, self.min_hands, self.drop_worst = QSpinBox(), QSpinBox(), QSpinBox()
        for spin, name in (
            (self.min_nights, _("Nights to qualify")),
            (self.min_hands, _("Hands to qualify")),
            (self.drop_worst, _("Worst nights not counted")),
        ):
            spin.setRange(0, 10_000)
            spin.setAccessibleName(name)
            spin.valueChanged.connect(lambda *_: self.show_standings())
        self.rank_by.currentIndexChanged.connect(lambda *_: self.show_standings())
        self.save_choice = QPushButton(_("Sa&ve as the league's ranking"))
        self.save_choice.clicked.connect(self.save_ranking)
        self.standings_model = StandingsModel()
        ascending = (0, Qt.SortOrder.AscendingOrder)
        self.standings_view = table_of(
            self.standings_model, _("Standings"), sort=ascending, stretch=1
        )
        self.game = DEFAULT_GAME  # whose words head the standings
        allow_copy(self.standings_view, self.sheet)
        self.rules_text = plain_label(name=_("How the standings are ranked"))
        controls = QGridLayout()
        for column, (text, widget) in enumerate(
            (
                (_("&Rank by"), self.rank_by),
                (_("Min. &nights"), self.min_nights),
                (_("Min. &hands"), self.min_hands),
                (_("&Drop worst"), self.drop_worst),
            )
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            controls.addWidget(label, 0, column)
            controls.addWidget(widget, 1, column)
        controls.addWidget(self.save_choice, 1, 4)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.standings_view, 1)
        layout.addWidget(self.rules_text)

    def set_league(self, info: leagues.LeagueInfo | None) -> None:
        """A league chosen: its own ranking shown as the choice (when it was read)."""
        self.info = info
        if info is None:
            return
        self.standings_model.set_currency(info.currency)
        options = info.standings
        widgets = (self.rank_by, self.min_nights, self.min_hands, self.drop_worst)
        for widget in widgets:
            widget.blockSignals(True)
        self.rank_by.setCurrentIndex(RANK_BY.index(options.rank_by))
        self.min_nights.setValue(options.min_nights)
        self.min_hands.setValue(options.min_hands)
        self.drop_worst.setValue(options.drop_worst)
        for widget in widgets:
            widget.blockSignals(False)

    def options(self) -> StandingsOptions:
        """The ranking chosen here (tie-breaks and placement points: the league's)."""
        base = self.info.standings if self.info else StandingsOptions()
        return StandingsOptions(
            rank_by=self.rank_by.currentData(),
            placement_points=base.placement_points,
            min_nights=self.min_nights.value(),
            min_hands=self.min_hands.value(),
            drop_worst=self.drop_worst.value(),
            tie_breaks=base.tie_breaks,
        )

    def show_period(self, period: leagues.Period) -> None:
        """The standings of PERIOD."""
        self.period = period
        self.show_standings()

    def show_standings(self) -> None:
        """The standings for the period under the chosen ranking."""
        if self.period is None:
            return
        options = self.options()
        result = self.problem.attempt(leagues.standings, self.db, self.period, options)
        if result is None:
            return
        self.game = result.game
        self.standings_model.set_game(result.game)
        self.standings_model.set_rows(result.everyone)
        words = options.describe(result.game)
        currency = self.standings_model.currency
        points = sum(r.points for r in result.everyone)
        cents = sum(r.cents for r in result.everyone)
        with_pots = (points + result.pot[0], cents + result.pot[1])
        if result.pot == (0, 0) or with_pots != (0, 0):  # the sums as they are, said
            said = ngettext(
                "{count} night; points and money sum to {points} and {money}.",
                "{count} nights; points and money sum to {points} and {money}.",
                result.nights,
            )
        else:  # what the players are down is in the pots, and no more: said (a trial
            # read the players' sums alone as an error)
            said = ngettext(
                "{count} night; points and money sum to {points} and {money}, and the pots "
                "hold {pot} and {pot_money}: zero together.",
                "{count} nights; points and money sum to {points} and {money}, and the pots "
                "hold {pot} and {pot_money}: zero together.",
                result.nights,
            )
        words.append(
            said.format(
                count=result.nights,
                points=points,
                money=_money(cents, currency),
                pot=result.pot[0],
                pot_money=_money(result.pot[1], currency),
            )
        )
        self.rules_text.setText("\n".join(words))

    def sheet(self) -> Sheet:
        """The standings as shown (in the order of the column sorted by), for a
        spreadsheet: what `scorekeeper standings --csv` writes."""
        return standings_sheet(self.standings_model.rows, self.game)

    def save_ranking(self) -> None:
        """Keep the chosen ranking as the league's own."""
        if self.period is None:
            return
        name = self.period.league
        if self.problem.attempt(self.layer.keep_ranking, name, self.options()):
            self.info = leagues.league_info(self.db, league=name)


def _money(cents: int, currency: str | None) -> str:
    """CENTS in CURRENCY (the league's; the amount alone when it could not be read,
    never in a guessed one)."""
    return amount_text(cents) if currency is None else money(cents, currency)
