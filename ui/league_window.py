"""The league window: standings, a player's page, the money across nights, and how often
each outcome happens, for one league, a season or all, and a range of dates.

Everything shown is read from the store and computed by the core on each refresh; what
is written here (a payment, the ranking kept as the league's) goes through the window's
application layer (`LeagueSession`): a payment is saved before the window shows it and
can be undone (Ctrl+Z) and redone like any change in the night screen.
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from PySide6.QtCharts import QChart, QChartView, QDateTimeAxis, QLineSeries, QValueAxis
from PySide6.QtCore import (
    QByteArray,
    QDate,
    QDateTime,
    QPoint,
    QRect,
    QSettings,
    QSize,
    QSortFilterProxyModel,
    Qt,
    QTime,
)
from PySide6.QtGui import (
    QCloseEvent,
    QKeySequence,
    QPainter,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.formatting import counted, dollars, parse_dollars
from scorekeeper.ledger import DEBT_MODES
from scorekeeper.standings import RANK_BY, RANK_BY_MEANING, StandingsOptions
from scorekeeper.stats import outcome_lines, player_statistics, statistics_lines
from scorekeeper.store import league as leagues
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.money import LeagueMoney, league_money
from ui.league_models import (
    SORT_ROLE,
    BalancesModel,
    LabelledModel,
    OwedModel,
    PaymentsModel,
    RowsModel,
    StandingsModel,
)
from ui.league_session import LeagueSession
from ui.night_panels import plain_label
from ui.reports import built, make_report

ANY_DATE = QDate(2000, 1, 1)  # the date edits' "any date"
GEOMETRY_KEY = "league/geometry"  # where the window was when it was last closed
SIZE = QSize(1100, 700)  # the first time, screen allowing
OFFSET = 48  # the first time, down and right of the night screen when not beside it
MODE_NAMES = {
    "simplify": "Fewest payments",
    "direct": "Only between players who owe each other",
    "collector": "Everyone through a treasurer",
}


def table_of(
    model: RowsModel[Any],
    name: str,
    *,
    sort: tuple[int, Qt.SortOrder] | None = None,
    stretch: int | None = None,
) -> QTableView:
    """A read-only table view of MODEL; sortable by raw values when SORT gives the column
    and order to start with; column STRETCH (else the last) takes the spare width."""
    view = QTableView()
    view.setAccessibleName(name)
    if sort is not None:
        proxy = QSortFilterProxyModel(view)
        proxy.setSourceModel(model)
        proxy.setSortRole(SORT_ROLE)
        view.setModel(proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(*sort)
    else:
        view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    if stretch is None:
        header.setStretchLastSection(True)
    else:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view


def date_edit(name: str) -> QDateEdit:
    """A date field whose lowest value reads "any date"."""
    edit = QDateEdit()
    edit.setAccessibleName(name)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setMinimumDate(ANY_DATE)
    edit.setSpecialValueText("any date")
    edit.setDate(ANY_DATE)
    return edit


def chosen_date(edit: QDateEdit) -> dt.date | None:
    """The date in EDIT, or None for "any date"."""
    value = edit.date()
    return None if value == ANY_DATE else dt.date(value.year(), value.month(), value.day())


def first_place(screen: QRect, night: QRect, frame: QSize) -> QRect:
    """Where the league window first opens (its frame's corner, its size without the
    frame), on the SCREEN's free area and the night screen's frame NIGHT, each window's
    FRAME (title bar, borders) as big: beside the night screen when the screen has room,
    else OFFSET down and right of its corner; never past the screen's edges."""
    size = SIZE.boundedTo(screen.size() - frame)
    width, height = size.width() + frame.width(), size.height() + frame.height()
    if night.right() + width <= screen.right():
        left, top = night.right() + 1, night.top()
    else:
        left, top = night.left() + OFFSET, night.top() + OFFSET
    left = max(min(left, screen.right() + 1 - width), screen.left())
    top = max(min(top, screen.bottom() + 1 - height), screen.top())
    return QRect(QPoint(left, top), size)


class LeagueWindow(QWidget):
    """Standings, players and money of one league."""

    def __init__(self, db: Database, league: str | None = None) -> None:
        super().__init__()
        self.db = db
        self.setWindowTitle("League — Sheepshead Scorekeeper")
        self.setAccessibleName("League")
        self.layer = LeagueSession(db, self)
        self.undo_stack = self.layer.undo_stack
        QShortcut(QKeySequence.StandardKey.Undo, self, self.layer.undo)
        QShortcut(QKeySequence("Ctrl+Shift+Z"), self, self.layer.redo)
        self.money: LeagueMoney | None = None
        self._info: leagues.LeagueInfo | None = None
        self._filters()
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("League views")
        self.tabs.addTab(self._standings_tab(), "&Standings")
        self.tabs.addTab(self._player_tab(), "&Player")
        self.tabs.addTab(self._money_tab(), "&Money")
        self.tabs.addTab(self._table_tab(), "&Table")
        self.problem = plain_label(name="Problem")
        self.problem.setStyleSheet("color: #b00020")
        layout = QVBoxLayout(self)
        layout.addLayout(self.filter_row)
        layout.addWidget(self.problem)
        layout.addWidget(self.tabs, 1)
        self.resize(SIZE)
        self.load_leagues(league)
        self.layer.changed.connect(self.refresh)
        self.layer.failed.connect(self._say_problem)

    # -- building --------------------------------------------------------------------

    def _filters(self) -> None:
        self.league = QComboBox()
        self.league.setAccessibleName("League")
        self.season = QComboBox()
        self.season.setAccessibleName("Season")
        self.since, self.until = date_edit("From date"), date_edit("To date")
        row = QHBoxLayout()
        for text, widget in (
            ("&League", self.league),
            ("S&eason", self.season),
            ("&From", self.since),
            ("&Until", self.until),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            row.addWidget(label)
            row.addWidget(widget, 1 if widget is self.league else 0)
        self.league_report = QPushButton("Print lea&gue report…")
        self.league_report.clicked.connect(self.print_league)
        self.statements = QPushButton("Pr&int statements…")
        self.statements.clicked.connect(self.print_statements)
        row.addWidget(self.league_report)
        row.addWidget(self.statements)
        self.filter_row = row
        self.league.currentTextChanged.connect(lambda _: self._league_changed())
        for signal in (
            self.season.currentIndexChanged,
            self.since.dateChanged,
            self.until.dateChanged,
        ):
            signal.connect(lambda *_: self.refresh())

    def _standings_tab(self) -> QWidget:
        self.rank_by = QComboBox()
        self.rank_by.setAccessibleName("Rank by")
        for key in RANK_BY:
            self.rank_by.addItem(RANK_BY_MEANING[key], key)
        self.min_nights, self.min_hands, self.drop_worst = QSpinBox(), QSpinBox(), QSpinBox()
        for spin, name in (
            (self.min_nights, "Nights to qualify"),
            (self.min_hands, "Hands to qualify"),
            (self.drop_worst, "Worst nights not counted"),
        ):
            spin.setRange(0, 10_000)
            spin.setAccessibleName(name)
            spin.valueChanged.connect(lambda *_: self.show_standings())
        self.rank_by.currentIndexChanged.connect(lambda *_: self.show_standings())
        self.save_choice = QPushButton("Sa&ve as the league's ranking")
        self.save_choice.clicked.connect(self.save_ranking)
        self.standings_model = StandingsModel()
        ascending = (0, Qt.SortOrder.AscendingOrder)
        self.standings_view = table_of(self.standings_model, "Standings", sort=ascending, stretch=1)
        self.rules_text = plain_label(name="How the standings are ranked")
        controls = QGridLayout()
        for column, (text, widget) in enumerate(
            (
                ("&Rank by", self.rank_by),
                ("Min. &nights", self.min_nights),
                ("Min. &hands", self.min_hands),
                ("&Drop worst", self.drop_worst),
            )
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            controls.addWidget(label, 0, column)
            controls.addWidget(widget, 1, column)
        controls.addWidget(self.save_choice, 1, 4)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(controls)
        layout.addWidget(self.standings_view, 1)
        layout.addWidget(self.rules_text)
        return tab

    def _player_tab(self) -> QWidget:
        self.player = QComboBox()
        self.player.setAccessibleName("Player")
        self.player.currentTextChanged.connect(lambda _: self.show_player())
        self.stats_model = LabelledModel()
        self.stats_view = table_of(self.stats_model, "Player statistics", stretch=1)
        self.stats_view.horizontalHeader().setVisible(False)
        self.balance_chart = QChartView()
        self.balance_chart.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.balance_chart.setAccessibleName("Balance over time")
        split = QSplitter()
        split.addWidget(self.stats_view)
        split.addWidget(self.balance_chart)
        split.setStretchFactor(1, 1)
        split.setSizes([400, 700])
        label = QLabel("Pla&yer")
        label.setBuddy(self.player)
        top = QHBoxLayout()
        top.addWidget(label)
        top.addWidget(self.player, 1)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        return tab

    def _money_tab(self) -> QWidget:
        self.mode = QComboBox()
        self.mode.setAccessibleName("How to square up")
        for key in DEBT_MODES:
            self.mode.addItem(MODE_NAMES[key], key)
        self.collector = QComboBox()
        self.collector.setAccessibleName("Treasurer")
        self.mode.currentIndexChanged.connect(lambda *_: self.show_money())
        self.collector.currentIndexChanged.connect(lambda *_: self.show_money())
        self.balances_model, self.owed_model = BalancesModel(), OwedModel()
        self.payments_model = PaymentsModel()
        self.balances_view = table_of(
            self.balances_model, "Balances", sort=(1, Qt.SortOrder.DescendingOrder), stretch=0
        )
        self.owed_view = table_of(self.owed_model, "Who owes whom", stretch=0)
        self.owed_view.selectionModel().currentRowChanged.connect(lambda *_: self._prefill())
        self.payments_view = table_of(self.payments_model, "Payments recorded", stretch=1)
        self.money_summary = plain_label(name="Money summary")
        self.settle_selected = QPushButton("Mar&k the selected payment as made")
        self.settle_selected.clicked.connect(self.pay_selected)
        form = self._payment_form()
        left = QVBoxLayout()
        left.addWidget(QLabel("Balances across closed nights"))
        left.addWidget(self.balances_view, 1)
        right = QVBoxLayout()
        modes = QHBoxLayout()
        modes.addWidget(self.mode, 1)
        modes.addWidget(QLabel("Treasurer"))
        modes.addWidget(self.collector)
        right.addLayout(modes)
        right.addWidget(self.money_summary)
        right.addWidget(self.owed_view, 1)
        right.addWidget(self.settle_selected)
        right.addLayout(form)
        right.addWidget(QLabel("Payments recorded"))
        right.addWidget(self.payments_view, 1)
        tab = QWidget()
        layout = QHBoxLayout(tab)
        layout.addLayout(left, 1)
        layout.addLayout(right, 2)
        return tab

    def _payment_form(self) -> QFormLayout:
        self.payer, self.payee = QComboBox(), QComboBox()
        self.payer.setAccessibleName("Paid by")
        self.payee.setAccessibleName("Paid to")
        self.amount = QLineEdit()
        self.amount.setAccessibleName("Amount")
        self.amount.setPlaceholderText("1.25")
        self.amount.returnPressed.connect(self.record_payment)
        self.paid_on = QDateEdit(QDate.currentDate())
        self.paid_on.setAccessibleName("Paid on")
        self.paid_on.setCalendarPopup(True)
        self.paid_on.setDisplayFormat("yyyy-MM-dd")
        self.record = QPushButton("Re&cord payment")
        self.record.clicked.connect(self.record_payment)
        self.form_problem = plain_label(name="Payment problem")
        self.form_problem.setStyleSheet("color: #b00020")
        form = QFormLayout()
        form.addRow("Paid &by", self.payer)
        form.addRow("Paid t&o", self.payee)
        form.addRow("&Amount ($)", self.amount)
        form.addRow("&When paid", self.paid_on)
        form.addRow(self.form_problem, self.record)
        return form

    def _table_tab(self) -> QWidget:
        self.outcomes_model = LabelledModel()
        view = table_of(self.outcomes_model, "How often each outcome happens")
        view.horizontalHeader().setVisible(False)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addWidget(QLabel("How often each outcome happens at the table"))
        layout.addWidget(view, 1)
        return tab

    # -- reading ---------------------------------------------------------------------

    def period(self) -> leagues.Period:
        """The league, season and dates chosen at the top."""
        season = self.season.currentData()
        return leagues.Period(
            self.league.currentText(), season, chosen_date(self.since), chosen_date(self.until)
        )

    def options(self) -> StandingsOptions:
        """The ranking chosen on the standings tab (tie-breaks: the league's)."""
        info = self._info
        base = info.standings if info else StandingsOptions()
        return StandingsOptions(
            rank_by=self.rank_by.currentData(),
            placement_points=base.placement_points,
            min_nights=self.min_nights.value(),
            min_hands=self.min_hands.value(),
            drop_worst=self.drop_worst.value(),
            tie_breaks=base.tie_breaks,
        )

    def load_leagues(self, choose: str | None = None) -> None:
        """Fill the league list and show CHOOSE (else the first league)."""
        names = leagues.list_leagues(self.db)
        self.league.blockSignals(True)
        self.league.clear()
        self.league.addItems(names)
        self.league.blockSignals(False)
        index = names.index(choose) if choose in names else 0
        self.league.setCurrentIndex(index)
        self._league_changed()

    def _league_changed(self) -> None:
        self._info = None
        self.season.blockSignals(True)
        self.season.clear()
        self.season.addItem("All seasons", None)
        if self.league.currentText():
            self._info = self._attempt(
                leagues.league_info, self.db, league=self.league.currentText()
            )
        if self._info is not None:
            for name in self._info.seasons:
                self.season.addItem(name, name)
            self._show_options(self._info.standings)
        self.season.blockSignals(False)
        self.refresh()

    def _show_options(self, options: StandingsOptions) -> None:
        widgets = (self.rank_by, self.min_nights, self.min_hands, self.drop_worst)
        for widget in widgets:
            widget.blockSignals(True)
        self.rank_by.setCurrentIndex(RANK_BY.index(options.rank_by))
        self.min_nights.setValue(options.min_nights)
        self.min_hands.setValue(options.min_hands)
        self.drop_worst.setValue(options.drop_worst)
        for widget in widgets:
            widget.blockSignals(False)

    def _attempt(self, action: Any, *args: Any, **kwargs: Any) -> Any:
        """Run ACTION; a storage problem is shown above the tabs, never raised."""
        try:
            result = action(*args, **kwargs)
        except StorageError as error:
            self._say_problem(str(error))
            return None
        return result

    def _say_problem(self, message: str) -> None:
        """A sentence above the tabs (a storage problem, or an undo refused)."""
        self.problem.setText(message)
        self.problem.show()

    # -- showing ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Read everything again (after a payment, or a hand at the night screen)."""
        self.problem.clear()
        self.problem.hide()
        if not self.league.currentText():
            self.problem.setText("No league yet: file a night under a league to see one here.")
            self.problem.show()
            return
        self.show_standings()
        self.show_money()  # before the player page: it charts the player's balance
        players = self._attempt(leagues.league_players, self.db, self.period()) or []
        self._fill(self.player, players)
        self.show_player()
        outcomes = self._attempt(leagues.hand_outcomes, self.db, self.period()) or []
        self.outcomes_model.set_rows(outcome_lines(outcomes))

    def _fill(self, combo: QComboBox, names: list[str]) -> None:
        keep = combo.currentText()
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(names)
        if keep in names:
            combo.setCurrentText(keep)
        combo.blockSignals(False)

    def show_standings(self) -> None:
        """The standings for the period under the chosen ranking."""
        options = self.options()
        result = self._attempt(leagues.standings, self.db, self.period(), options)
        if result is None:
            return
        self.standings_model.set_game(result.game)
        self.standings_model.set_rows(result.everyone)
        words = options.describe()
        words.append(
            f"{counted(result.nights, 'night')}; points and money sum to "
            f"{sum(r.points for r in result.everyone)} and "
            f"{dollars(sum(r.cents for r in result.everyone))}."
        )
        self.rules_text.setText("\n".join(words))

    def save_ranking(self) -> None:
        """Keep the chosen ranking as the league's own."""
        name = self.league.currentText()
        if self._attempt(self.layer.keep_ranking, name, self.options()):
            self._info = leagues.league_info(self.db, league=name)

    def show_player(self) -> None:
        """The chosen player's statistics and balance over time."""
        name = self.player.currentText()
        if not name:
            self.stats_model.set_rows([])
            self.balance_chart.setChart(QChart())
            return
        facts = self._attempt(leagues.hand_facts, self.db, self.period(), player=name) or []
        self.stats_model.set_rows(statistics_lines(player_statistics(name, facts)))
        self.balance_chart.setChart(self._balance_chart(name))

    def _balance_chart(self, name: str) -> QChart:
        chart = QChart()
        chart.setTitle(f"Balance over time: {name}")
        chart.legend().hide()
        history = [p for p in (self.money.history(name) if self.money else []) if p.date]
        if not history:
            return chart
        series = QLineSeries()
        for point in history:
            assert point.date is not None
            moment = QDateTime(QDate(point.date.year, point.date.month, point.date.day), QTime())
            series.append(moment.toMSecsSinceEpoch(), point.balance / 100)  # display only
        chart.addSeries(series)
        x_axis, y_axis = QDateTimeAxis(), QValueAxis()
        x_axis.setFormat("yyyy-MM-dd")
        x_axis.setTickCount(min(6, max(2, len(history))))
        y_axis.setTitleText("Balance ($)")
        y_axis.setLabelFormat("%.2f")
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(x_axis)
        series.attachAxis(y_axis)
        y_axis.applyNiceNumbers()
        return chart

    def show_money(self) -> None:
        """Balances, who owes whom in the chosen mode, and the payments recorded."""
        self.money = self._attempt(league_money, self.db, league=self.league.currentText())
        if self.money is None:
            return
        names = sorted(self.money.balances, key=str.casefold)
        for combo in (self.collector, self.payer, self.payee):
            self._fill(combo, names)
        mode = self.mode.currentData()
        self.collector.setEnabled(mode == "collector")
        collector = self.collector.currentText() or None
        owed = self.money.outstanding(mode, collector) if mode != "collector" or collector else ()
        self.balances_model.set_rows(sorted(self.money.balances.items(), key=lambda b: -b[1]))
        self.owed_model.set_rows(owed)
        self.payments_model.set_rows(self.money.payments)
        self.money_summary.setText(
            f"{counted(len(owed), 'payment')} square{'s' if len(owed) == 1 else ''} everyone up."
            if owed
            else "Everyone is square."
        )
        if owed:
            self.owed_view.selectRow(0)

    # -- writing ---------------------------------------------------------------------

    def pay(self, payer: str, payee: str, cents: int, paid_on: dt.date) -> bool:
        """Record a payment (saved before it is shown); False with the problem shown."""
        league = self.league.currentText()
        try:
            self.layer.record_payment(
                league=league, payer=payer, payee=payee, cents=cents, paid_on=paid_on
            )
        except StorageError as error:
            self.form_problem.setText(str(error))
            return False
        self.form_problem.clear()
        return True

    def record_payment(self) -> None:
        """Record the payment typed into the form."""
        cents = parse_dollars(self.amount.text())
        if cents is None or cents <= 0:
            self.form_problem.setText(
                f"Amount: {self.amount.text()!r} is not an amount of money like 1.25"
            )
            self.amount.setFocus()
            return
        day = self.paid_on.date()
        if self.pay(
            self.payer.currentText(),
            self.payee.currentText(),
            cents,
            dt.date(day.year(), day.month(), day.day()),
        ):
            self.amount.clear()

    def _prefill(self) -> None:
        """The form offers the selected suggested payment (a partial one is one edit away)."""
        row = self.owed_view.currentIndex().row()
        if 0 <= row < len(self.owed_model.rows):
            owed = self.owed_model.rows[row]
            self.payer.setCurrentText(owed.payer)
            self.payee.setCurrentText(owed.payee)
            self.amount.setText(dollars(owed.cents).removeprefix("$"))

    def pay_selected(self) -> None:
        """Record the selected suggested payment as made, today."""
        row = self.owed_view.currentIndex().row()
        if 0 <= row < len(self.owed_model.rows):
            owed = self.owed_model.rows[row]
            self.pay(owed.payer, owed.payee, owed.cents, dt.date.today())

    # -- window state ----------------------------------------------------------------

    def place(self, beside: QWidget) -> None:
        """Where the window opens: where it was when last closed; the first time, beside
        the night screen BESIDE when the screen has room, else a little down and right
        of its corner (its title and left edge left in sight), always on the screen."""
        saved = QSettings().value(GEOMETRY_KEY)
        if isinstance(saved, QByteArray) and self.restoreGeometry(saved):
            return
        frame = beside.frameGeometry().size() - beside.size()  # title bar and borders
        where = first_place(beside.screen().availableGeometry(), beside.frameGeometry(), frame)
        self.resize(where.size())
        self.move(where.topLeft())

    def closeEvent(self, event: QCloseEvent) -> None:
        settings = QSettings()
        settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        settings.sync()
        super().closeEvent(event)

    # -- printing --------------------------------------------------------------------

    def print_league(self) -> None:
        """The league report (PDF) for the season chosen, or all seasons."""
        league, season = self.league.currentText(), self.season.currentData()
        if not league:
            return
        name = f"{league} {season or 'all seasons'}.pdf"
        make_report(self, name, partial(built("league_pdf"), self.db, league=league, season=season))

    def print_statements(self) -> None:
        """Player statements: the chosen player's on the player page, else everyone's."""
        league, season = self.league.currentText(), self.season.currentData()
        if not league:
            return
        player = self.player.currentText() if self.tabs.currentIndex() == 1 else ""
        players = [player] if player else []
        name = f"{league} statement{' ' + player if player else 's'}.pdf"
        make = partial(
            built("statements_pdf"), self.db, league=league, players=players, season=season
        )
        make_report(self, name, make)
