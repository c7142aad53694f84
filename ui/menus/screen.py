"""What the menus' items need of the night screen (`NightScreen`), so that each lives in
a module of its own and none imports the window (as ui/commands.py's `ShowsNight`
describes what a whole-night command needs of the session)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QDialog, QMainWindow, QStatusBar, QTabWidget

if TYPE_CHECKING:
    from ..entry_form import EntryForm
    from ..league.board import BoardWindow
    from ..league.window import LeagueWindow
    from ..night_chart import RunningChart
    from ..night_sheet import NightSheet
    from ..session import NightSession
    from ..settlement_panel import SettlementPanel


class NightScreen(Protocol):
    """The night screen (ui.main_window.MainWindow) as its menus use it: the night's
    session, the sheet, the entry form, the panels and the other windows; a sentence
    said in the status bar, a change attempted (a refusal shown, never raised), and the
    keyboard given back to the form after a dialog."""

    session: NightSession
    sheet: NightSheet
    tabs: QTabWidget
    league_window: LeagueWindow | None
    board_window: BoardWindow | None
    tournament_window: Any  # ui/tournament/window.py's TournamentWindow, once opened
    welcome: QDialog | None

    @property
    def widget(self) -> QMainWindow:
        """The window, the parent of the dialogs the menus open."""
        ...

    @property
    def entry(self) -> EntryForm: ...

    @property
    def chart(self) -> RunningChart: ...

    @property
    def settlement(self) -> SettlementPanel: ...

    def statusBar(self) -> QStatusBar: ...

    def close(self) -> bool: ...

    def say(self, message: str) -> None: ...

    def attempt(self, action: Any, *args: Any) -> bool: ...

    def reread_if_held(self) -> None: ...

    def focus_entry(self) -> None: ...

    def back_to_entry(self) -> None: ...

    def wait_for_daily_backup(self) -> None: ...

    def payments_changed(self) -> None: ...

    def refresh_league(self) -> None: ...

    def names_changed(self) -> None: ...
