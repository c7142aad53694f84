"""The tournament window (Tournament ▸ Tournaments): a tournament chosen at the top (or
a new one made), then its players, its draw, its results by table and its standings,
each a tab (ui/tournament/tabs.py), read again after every change, here or at the
night screen; the problem line says what the store refused, naming the field.  What
it writes goes through its layer (ui/tournament_session.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.i18n import _
from scorekeeper.problems import InvalidNight
from scorekeeper.store import tournament_board as boards
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tournaments import list_tournaments
from scorekeeper.tournament.day import Tournament

from ..league.board import POLL_MS, ChangeWatcher
from ..league.widgets import ProblemLine
from ..reports import make_report, report_paper
from ..screens import resize_to_fit
from ..spreadsheets import export_sheet
from ..tournament_session import TournamentSession
from .dialogs import NewTournamentDialog
from .standings_tab import StandingsTab
from .tabs import DrawTab, PlayersTab, ResultsTab

T = TypeVar("T")


class TournamentWindow(QWidget):
    """A tournament day, run from one window."""

    def __init__(
        self,
        db: Database,
        open_night: Callable[[int], None] | None = None,
        poll_ms: int = POLL_MS,
    ) -> None:
        super().__init__()
        self.setWindowTitle(_("Tournament — Sheepshead Scorekeeper"))
        self.setAccessibleName(_("Tournament"))
        self.layer = TournamentSession(db, self)
        self.layer.changed.connect(self.refresh)
        self._open_night = open_night
        self.board: QWidget | None = None
        self.known: list[Tournament] = []
        self.chooser = QComboBox()
        self.chooser.setAccessibleName(_("Tournament"))
        self.chooser.currentIndexChanged.connect(lambda _i: self.show_tournament())
        top = QHBoxLayout()
        label = QLabel(_("T&ournament"))
        label.setBuddy(self.chooser)
        top.addWidget(label)
        top.addWidget(self.chooser, 1)
        for text, slot in (
            (_("&New tournament…"), self.new_tournament),
            (_("The &board…"), self.show_board),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, act=slot: act())
            top.addWidget(button)
        self.problem = ProblemLine()
        # Its room kept, shown or not: a problem said or gone moves nothing below it
        # (the tabs moved 20 px, and a click landed on the wrong thing).
        self.problem.setMinimumHeight(2 * self.problem.fontMetrics().lineSpacing())
        self.tabs = QTabWidget()
        self.players = PlayersTab(self)
        self.draw = DrawTab(self)
        self.results = ResultsTab(self)
        self.standings = StandingsTab(self)
        self.tabs.addTab(self.players, _("&Players"))
        self.tabs.addTab(self.draw, _("&Draw"))
        self.tabs.addTab(self.results, _("&Results"))
        self.tabs.addTab(self.standings, _("&Standings"))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.problem)
        layout.addWidget(self.tabs, 1)
        resize_to_fit(self, 1100, 760)
        # Results entered at another station (the command line, another window) are
        # shown as the board shows them: on the same change signal, and as a tab is shown.
        self.watcher = ChangeWatcher(db, self, poll_ms, token=boards.change_token)
        self.watcher.changed.connect(self.show_tournament)
        self.tabs.currentChanged.connect(lambda _i: self.show_tournament())
        self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.watcher.stop()
        super().closeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.watcher.start()

    # -- what the tabs ask of it --------------------------------------------------------

    def tournament(self) -> Tournament | None:
        index = self.chooser.currentIndex()
        return self.known[index] if 0 <= index < len(self.known) else None

    def attempt(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """ACTION's result; None, with the refusal said on the problem line."""
        try:
            result = action(*args, **kwargs)
        except StorageError as error:
            self.say(str(error))
            return None
        except InvalidNight as error:
            self.say("; ".join(p.message for p in error.problems))
            return None
        if getattr(action, "__self__", None) is self.layer:
            self.problem.clear()  # a change made: the last refusal is said no longer
        return result

    def say(self, message: str) -> None:
        self.problem.setText(message)

    def open_night(self, night_id: int) -> None:
        """The table's night, on the night screen (its hands typed in the entry form)."""
        if self._open_night is not None:
            self._open_night(night_id)

    def print_paper(self, kind: str, suggested: str, **options: Any) -> None:
        tournament = self.tournament()
        if tournament is not None:
            make_report(
                self, suggested, partial(_paper, kind, self.layer.db, tournament, **options)
            )

    def export(self, sheet: Any, suggested: str) -> None:
        _written, why = export_sheet(self, sheet, suggested)
        if why:
            self.say(why)

    # -- reading again ------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the tournaments again and show the one chosen."""
        self.problem.clear()
        chosen = self.tournament()
        known = self.attempt(list_tournaments, self.layer.db)
        if known is None:
            return
        self.known = known
        self.chooser.blockSignals(True)
        self.chooser.clear()
        self.chooser.addItems([f"{t.name} · {t.date.isoformat()}" for t in known])
        names = [t.name for t in known]
        if chosen is not None and chosen.name in names:
            self.chooser.setCurrentIndex(names.index(chosen.name))
        self.chooser.blockSignals(False)
        self.show_tournament()

    def show_tournament(self) -> None:
        tournament = self.tournament()
        self.tabs.setEnabled(tournament is not None)
        if tournament is None:
            return
        for tab in (self.players, self.draw, self.results, self.standings):
            tab.refresh(tournament)

    def choose(self, name: str) -> None:
        """Show the tournament NAME."""
        names = [t.name for t in self.known]
        if name in names:
            self.chooser.setCurrentIndex(names.index(name))

    # -- actions ------------------------------------------------------------------------

    def new_tournament(self) -> None:
        dialog = NewTournamentDialog(self)
        if dialog.exec() and dialog.chosen is not None:
            made = self.attempt(self.layer.create, **dialog.chosen)
            if made is not None:
                self.choose(made.name)

    def show_board(self) -> None:
        """The board of the tournament chosen, for the hall."""
        from .board import TournamentBoardWindow

        tournament = self.tournament()
        if tournament is None:
            return
        if self.board is not None:
            self.board.close()
        self.board = TournamentBoardWindow(self.layer.db, tournament)
        self.board.show()
        self.board.raise_()


def _paper(kind: str, db: Database, tournament: Tournament, **options: Any) -> bytes:
    """A tournament's paper, on the paper Preferences chose (reportlab imported now)."""
    from scorekeeper.reports import tournament_build

    make: Callable[..., bytes] = getattr(tournament_build, kind)
    if kind in ("seating_pdf", "cards_pdf", "sheets_pdf"):
        return make(db, tournament, options.pop("session"), paper=report_paper(), **options)
    return make(db, tournament, paper=report_paper(), **options)


def show_window(
    db: Database, window: TournamentWindow | None, open_night: Callable[[int], None]
) -> TournamentWindow:
    """The tournament window, made the first time (its tables' nights opened by
    OPEN_NIGHT, the night screen's), else read again; shown and raised."""
    if window is None:
        window = TournamentWindow(db, open_night)
    else:
        window.refresh()
    window.show()
    window.raise_()
    window.activateWindow()
    return window
