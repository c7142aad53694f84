"""The league window: standings, a player's page, the money across nights, how often
each outcome happens, for one league, a season or all, and a range of dates; and the
roster, where a player is renamed or retired.

Everything shown is read from the store and computed by the core on each refresh; what
is written here (a payment, a player renamed or retired, the ranking kept as the
league's) goes through the window's application layer (`LeagueSession`): a change is
saved before the window shows it and can be undone (Ctrl+Z) and redone like any change
in the night screen.  Each tab is its
own module; this one holds them together: the period chosen at the top, the problem
line above the tabs, reading everything again, printing, and where the window opens.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QMenuBar,
    QPushButton,
    QStatusBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.csv_out import Sheet
from scorekeeper.explain import said
from scorekeeper.i18n import _, pgettext
from scorekeeper.store import league as leagues
from scorekeeper.store.database import Database

from ..league_session import LeagueSession
from ..reports import built, make_report
from ..spreadsheets import export_sheet, file_name
from .money_tab import MoneyTab
from .period import PeriodChooser
from .placement import SIZE, keep_place, place, widen
from .player_tab import PlayerTab
from .roster_tab import RosterTab
from .standings_tab import StandingsTab
from .table_tab import TableTab
from .widgets import ProblemLine


class LeagueWindow(QWidget):
    """Standings, players and money of one league."""

    def __init__(self, db: Database, league: str | None = None) -> None:
        super().__init__()
        self.db = db
        self.setWindowTitle(_("League — Sheepshead Scorekeeper"))
        self.setAccessibleName(_("League"))
        self.layer = LeagueSession(db, self)
        self.undo_stack = self.layer.undo_stack
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        for redo in ("Ctrl+Shift+Z", "Ctrl+Y"):
            QShortcut(QKeySequence(redo), self, self.redo)
        self.problem = ProblemLine()
        self.status = QStatusBar()  # what was just done, and what Ctrl+Z would undo
        self.status.setSizeGripEnabled(False)
        self.status.setAccessibleName(_("Status"))
        self.filters = PeriodChooser()
        self.standings_tab = StandingsTab(db, self.layer, self.problem)
        self.player_tab = PlayerTab(db, self.problem)
        self.money_tab = MoneyTab(db, self.layer, self.problem, self.say)
        self.table_tab = TableTab(db, self.problem)
        self.roster_tab = RosterTab(db, self.layer, self.problem)
        self.stale: set[QWidget] = set()  # tabs read again only when next chosen
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(_("League views"))
        self.tabs.addTab(self.standings_tab, _("&Standings"))
        self.tabs.addTab(self.player_tab, _("&Player"))
        self.tabs.addTab(self.money_tab, _("&Money"))
        self.tabs.addTab(self.table_tab, _("&Table"))
        self.tabs.addTab(self.roster_tab, _("R&oster"))
        self.tabs.currentChanged.connect(self._tab_chosen)
        self._tab_keys()
        self.league_report = QPushButton(_("Print lea&gue report…"))
        self.league_report.clicked.connect(self.print_league)
        self.statements = QPushButton(_("Pr&int statements…"))
        self.statements.clicked.connect(self.print_statements)
        top = QHBoxLayout()
        top.addWidget(self.filters, 1)
        top.addWidget(self.league_report)
        top.addWidget(self.statements)
        layout = QVBoxLayout(self)
        layout.setMenuBar(self._menus())
        layout.addLayout(top)
        layout.addWidget(self.problem)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        self.resize(SIZE)
        self._first_place = False  # placed the first time, not yet widened (`place`)
        self.filters.league_chosen.connect(self._league_changed)
        self.filters.period_changed.connect(self.refresh)
        self.load_leagues(league)
        self.layer.changed.connect(self.refresh)
        self.layer.failed.connect(self.problem.say)
        self.money_tab.currency_changed.connect(self._league_changed)

    def say(self, message: str) -> None:
        """A sentence in the status line, long enough to read."""
        self.status.showMessage(message, 15000)

    def undo(self) -> None:
        """Ctrl+Z: undo the last change made here (a payment, a rename), and say which."""
        stack = self.undo_stack
        if not stack.canUndo():
            self.say(_("Nothing to undo."))
            return
        text = stack.undoText()
        if self.layer.undo():
            self.say(said(_("Undid: {change}. Ctrl+Shift+Z redoes it."), change=text))

    def redo(self) -> None:
        """Ctrl+Shift+Z or Ctrl+Y: redo the last change undone, and say which."""
        stack = self.undo_stack
        if not stack.canRedo():
            self.say(_("Nothing to redo."))
            return
        text = stack.redoText()
        if self.layer.redo():
            self.say(said(_("Redid: {change}."), change=text))

    def _menus(self) -> QMenuBar:
        """File ▸ Export as spreadsheet (CSV)… (Ctrl+Shift+S): the table of the tab on
        screen.  The menu has no Alt letter: Alt+F is the From date."""
        bar = QMenuBar(self)
        # Translators: the league window's menu, with no Alt letter (Alt+F is the From date).
        file = bar.addMenu(_("File"))
        export = QAction(_("Export as &spreadsheet (CSV)…"), self)
        export.setShortcut(QKeySequence(QKeySequence.StandardKey.SaveAs))
        export.triggered.connect(lambda _=False: self.export_spreadsheet())
        file.addAction(export)
        self.addAction(export)
        close = QAction(_("&Close"), self)  # Ctrl+W, or Esc, as a window of the app closes
        close.setShortcuts(
            [*QKeySequence.keyBindings(QKeySequence.StandardKey.Close), QKeySequence("Esc")]
        )
        close.triggered.connect(lambda _=False: self.close())
        file.addSeparator()
        file.addAction(close)
        self.addAction(close)
        return bar

    def _tab_keys(self) -> None:
        """Ctrl+Tab and Ctrl+PgDown the next tab, Ctrl+Shift+Tab and Ctrl+PgUp the one
        before, from anywhere in the window: a window's shortcut is seen before a field
        or a table takes the key (a table would move its selection on Ctrl+Shift+Tab)."""
        # Shift+Tab arrives as Backtab, so Ctrl+Shift+Tab is listened for both ways.
        # On X11 one press matches several of these at once (Ctrl+Shift+Backtab and
        # Ctrl+Backtab), which Qt calls ambiguous and would act on none of: each
        # does the same, so an ambiguous press is acted on too (a trial found
        # Ctrl+Shift+Tab dead in the real window).
        for keys, step in (
            (("Ctrl+Tab", "Ctrl+PgDown"), 1),
            (("Ctrl+Shift+Tab", "Ctrl+Shift+Backtab", "Ctrl+Backtab", "Ctrl+PgUp"), -1),
        ):
            for key in keys:
                shortcut = QShortcut(QKeySequence(key), self, partial(self._next_tab, step))
                shortcut.activatedAmbiguously.connect(partial(self._next_tab, step))

    def _next_tab(self, step: int) -> None:
        """The tab STEP after the one on screen (round from the last to the first)."""
        count = self.tabs.count()
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % count)

    def _tab_chosen(self) -> None:
        """A tab is read when chosen, if the data changed since it was last filled (or
        it never was); one with a list to act on (the roster) takes the keyboard."""
        page = self.tabs.currentWidget()
        if page in self.stale and self.league():
            self.fill(page)
        if page is not None and page.focusProxy() is not None:
            page.setFocus()
        elif (focus := QApplication.focusWidget()) is not None and self.tabs.isAncestorOf(focus):
            # The keyboard was on the tab left, and Qt's focus chain would hand it to the
            # new tab's first field: the tab bar takes it (Ctrl+Tab to Money put a cursor
            # in its currency box, where a stray key would change the league's currency:
            # a trial).
            self.tabs.tabBar().setFocus()

    def league(self) -> str:
        """The league shown ("" when there is none yet)."""
        return self.filters.league.currentText()

    def load_leagues(self, choose: str | None = None) -> None:
        """Fill the league list and show CHOOSE (else the first league)."""
        self.filters.set_leagues(leagues.list_leagues(self.db), choose)
        self._league_changed()

    def _league_changed(self) -> None:
        info = None
        if self.league():
            info = self.problem.attempt(leagues.league_info, self.db, league=self.league())
        self.filters.set_seasons(info.seasons if info is not None else ())
        self.standings_tab.set_league(info)
        self.refresh()

    def refresh(self) -> None:
        """Read everything again (after a payment, or a hand at the night screen)."""
        self.problem.quiet()
        if not self.league():
            self.problem.say(_("No league yet: file a night under a league to see one here."))
            return
        # Only the tab on screen is read now; the others when next chosen (a league of
        # 100,000 hands would otherwise read five tabs to show one).
        self.stale = {
            self.standings_tab,
            self.player_tab,
            self.money_tab,
            self.table_tab,
            self.roster_tab,
        }
        self.fill(self.tabs.currentWidget())

    def fill(self, page: QWidget) -> None:
        """Read PAGE (a tab) again for the league and period chosen."""
        self.stale.discard(page)
        period = self.filters.period()
        if page is self.standings_tab:
            self.standings_tab.show_period(period)
        elif page is self.money_tab:
            self.money_tab.show_money(self.league())
        elif page is self.player_tab:
            if self.money_tab in self.stale:  # the player page charts the league's money
                self.fill(self.money_tab)
            self.player_tab.show_period(period, self.money_tab.money)
        elif page is self.table_tab:
            self.table_tab.show_period(period)
        elif page is self.roster_tab:
            self.roster_tab.show_roster(self.league())

    # -- spreadsheets ----------------------------------------------------------------

    def sheet_on_screen(self) -> tuple[Sheet | None, str]:
        """The current tab's table as a spreadsheet (what the command line's --csv
        writes of it), and a file name for it."""
        tabs: list[tuple[StandingsTab | PlayerTab | MoneyTab | TableTab | RosterTab, str]] = [
            # Translators: the words the suggested file names end in ("… standings.csv").
            (self.standings_tab, pgettext("file name", "standings")),
            (self.player_tab, self.player_tab.player.currentText()),
            (self.money_tab, pgettext("file name", "money")),
            (self.table_tab, pgettext("file name", "outcomes")),
            (self.roster_tab, pgettext("file name", "roster")),
        ]
        for tab, what in tabs:
            if tab is self.tabs.currentWidget():
                return tab.sheet(), file_name(self.league(), what)
        return None, ""

    def export_spreadsheet(self) -> None:
        """File ▸ Export as spreadsheet (CSV): the table on screen, in a file chosen
        here; a file that cannot be written is said on the problem line."""
        sheet, suggested = self.sheet_on_screen()
        _path, problem = export_sheet(self, sheet, suggested)
        if problem:
            self.problem.say(problem)

    # -- window state ----------------------------------------------------------------

    def place(self, beside: QWidget) -> None:
        """Open where it was when last closed; the first time, beside the night screen
        BESIDE, or a little down and right of it (ui.league.placement), and once shown
        as wide as the standings need (`show_whole_standings`)."""
        self._first_place = place(self, beside)

    def show_whole_standings(self) -> None:
        """Shown the first time (not where it was closed): as wide as the standings
        need, where the screen has room (a trial: the German standings, their headers
        longer, scrolled sideways at 1280x800 in a window of 1100 pixels)."""
        if not self._first_place:
            return
        self._first_place = False
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # laid out as shown
        view = self.standings_tab.standings_view
        short = view.horizontalHeader().length() - view.viewport().width()
        if short > 0:
            widen(self, short)

    def closeEvent(self, event: QCloseEvent) -> None:
        keep_place(self)
        super().closeEvent(event)

    # -- printing --------------------------------------------------------------------

    def print_league(self) -> None:
        """The league report (PDF) for the season chosen, or all seasons."""
        league, season = self.league(), self.filters.season.currentData()
        if not league:
            return
        # Translators: the suggested file name's end for a league report of every season.
        seasons = season or _("all seasons")
        name = f"{league} {seasons}.pdf"
        make_report(self, name, partial(built("league_pdf"), self.db, league=league, season=season))

    def print_statements(self) -> None:
        """Player statements: the chosen player's on the player page, else everyone's."""
        league, season = self.league(), self.filters.season.currentData()
        if not league:
            return
        on_page = self.tabs.currentWidget() is self.player_tab
        player = self.player_tab.player.currentText() if on_page else ""
        players = [player] if player else []
        if player:
            name = _("{league} statement {player}.pdf").format(league=league, player=player)
        else:
            name = _("{league} statements.pdf").format(league=league)
        make = partial(
            built("statements_pdf"), self.db, league=league, players=players, season=season
        )
        make_report(self, name, make)
