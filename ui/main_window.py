"""The night screen: the score sheet, the hand entry under it, panels beside it.

Keyboard first: the entry form has the focus after every change.  Ctrl+Z first clears
a half-typed hand, and only with nothing typed undoes the last stored change (the status
bar says which); Ctrl+Shift+Z or Ctrl+Y redoes it.  F2 edits the selected hand, Ctrl+I
inserts a hand before it, Delete (on the sheet) deletes it; Ctrl+J seats a player,
Ctrl+Shift+L sees one go home; Ctrl+E shows the settlement; F1 lists every key.

What each menu item does is in ui/menus/, declared once in ui/menus/table.py; the
window lays out its widgets and shows the night.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.games import DEFAULT_GAME, Game, game_named, game_of
from scorekeeper.i18n import _
from scorekeeper.problems import InvalidNight
from scorekeeper.store.errors import StorageError

from . import errors
from .entry_form import EntryForm
from .games import NoEntryForm, form_for
from .labels import in_words
from .menus import edit, files, night
from .menus.table import build_menus, show_usable
from .night_panels import HandPanel
from .night_sheet import NightSheet
from .paths import app_icon
from .quiet import import_when_quiet
from .screens import resize_to_fit
from .session import NightSession, NightView
from .sheet_model import SheetModel

# What only the menus, the dialogs and the other windows need is imported where it is
# used, so that the first screen shows without it (docs/performance.md, "Start-up");
# load_rest() imports it while the user looks at the night.  So are Qt's QInputDialog
# and QMessageBox: PySide6 makes a class's enums the first time it is named (3 ms).
if TYPE_CHECKING:
    from .league.board import BoardWindow
    from .league.window import LeagueWindow
    from .night_chart import RunningChart
    from .settlement_panel import SettlementPanel

LATER = (
    "scorekeeper.names",
    "scorekeeper.reports.sheets",
    "scorekeeper.sample",
    "scorekeeper.store.daily",
    "scorekeeper.store.league",
    "scorekeeper.store.night_history",
    "scorekeeper.store.people",
    ".app_layer",
    ".file_dialogs",
    ".about",
    ".help",
    ".preferences",
    ".reports",
    ".rules_editor",
    ".start_dialog",
    ".sheet_dialog",
    ".league.window",
    ".league.board",
)

APP_NAME = "Sheepshead Scorekeeper"


class MainWindow(QMainWindow):
    """One night at a time, as the table's paper sheet, but always right."""

    _daily_done = Signal(str, bool)  # from the daily backup's thread: what, and if made

    def __init__(self, session: NightSession) -> None:
        super().__init__()
        self.session = session
        self._daily_done.connect(self._say_backup)
        self._daily_thread: threading.Thread | None = None
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.setAccessibleName(APP_NAME)

        self.model = SheetModel()
        self.sheet = NightSheet(self.model)
        self.sheet.setAccessibleName(_("Score sheet"))
        self.sheet.doubleClicked.connect(lambda _: edit.edit_selected(self))

        # The entry form of the night's game, made the first time a night of that game
        # is shown (ui.games); the others are hidden and take no room.
        self.forms: dict[str, EntryForm] = {}
        self.entries = QVBoxLayout()
        self.entries.setContentsMargins(0, 0, 0, 0)
        self._form = self._form_of(game_named(DEFAULT_GAME))  # before any night
        self._form.show()

        self.hand_panel = HandPanel()
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(_("Night panels"))
        self.tabs.addTab(self.hand_panel, _("Hand"))
        # The Chart and Settle up tabs hold empty pages until `make_panels`.
        self.tabs.addTab(QWidget(), _("Chart"))
        self.tabs.addTab(QWidget(), _("Settle up"))
        self._chart: RunningChart | None = None
        self._settlement: SettlementPanel | None = None
        self.tabs.currentChanged.connect(lambda _: self.make_panels())

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.sheet, 1)
        left_layout.addLayout(self.entries)
        self.splitter = QSplitter()
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.setCentralWidget(self.splitter)
        # The status bar from the start, empty: its first message then moves nothing.
        self.statusBar().setAccessibleName(_("Status"))
        self.menu_actions = build_menus(self, self.menuBar())
        self.undo_action = self.menu_actions["undo"]
        self.redo_action = self.menu_actions["redo"]
        # The window's own methods: Qt lets go of them when the window goes.
        session.undo_stack.undoTextChanged.connect(self._undo_text)
        session.undo_stack.redoTextChanged.connect(self._redo_text)

        self.league_window: LeagueWindow | None = None
        self.board_window: BoardWindow | None = None
        self.tournament_window: Any = None  # ui/tournament/window.py's, once opened
        self.welcome: QDialog | None = None
        self._panels_shown: tuple[NightView | None, int] | None = None  # view and row
        session.changed.connect(self.refresh)
        session.changed.connect(self.refresh_league)  # once it is open
        session.changed_elsewhere.connect(self._changed_elsewhere)
        self._reread_waits = False  # a refresh held back while a hand is being typed
        session.failed.connect(lambda message: errors.show_error(message))
        self.sheet.selectionModel().currentRowChanged.connect(lambda *_: self._show_panels())
        self.restore_geometry()
        self.refresh()

    @property
    def widget(self) -> QMainWindow:
        """The window, the parent of the dialogs its menus open (ui.menus)."""
        return self

    @property
    def chart(self) -> RunningChart:
        """The Chart tab's running-total chart (made now if it is not yet)."""
        self.make_panels()
        assert self._chart is not None
        return self._chart

    @property
    def settlement(self) -> SettlementPanel:
        """The Settle up tab's payments (made now if they are not yet)."""
        self.make_panels()
        assert self._settlement is not None
        return self._settlement

    def make_panels(self) -> None:
        """The panels of the tabs not shown at first, the chart and the settlement, made
        once and showing the night: after the first paint (ui.app), or as soon as one
        is chosen or asked for.  The first screen has neither, nor their modules (the
        chart's drawing, the settlement's table): 12 ms of a start."""
        if self._chart is not None:
            return
        from .night_chart import RunningChart
        from .settlement_panel import SettlementPanel

        chosen = self.tabs.currentIndex()
        self._chart = RunningChart(self.session.roster)
        self._settlement = SettlementPanel(self.session.settled)
        self._settlement.pay.connect(partial(night.pay, self))
        self._settlement.close_night.connect(partial(night.set_closed, self))
        for index, panel in ((1, self._chart), (2, self._settlement)):
            text, empty = self.tabs.tabText(index), self.tabs.widget(index)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, panel, text)
            if empty is not None:
                empty.deleteLater()
        self.tabs.setCurrentIndex(chosen)
        self._chart.show_view(self.session.view)
        self._settlement.show_view(self.session.view)

    def payments_changed(self) -> None:
        """The league window changed something (a payment among what it can change):
        Settle up reads what has been paid again, now or when next shown."""
        if self._settlement is not None:
            self._settlement.payments_changed()

    def refresh_league(self) -> None:
        """After a change at the table: the league window, if open, reads its numbers
        again, with the league, season, dates and ranking the person chose left as they
        are."""
        if self.league_window is not None and self.league_window.isVisible():
            self.league_window.refresh()

    def names_changed(self) -> None:
        """A player renamed in the league window (or that undone): the night is read
        again, so that the sheet and the entry form know them by the name now stored."""
        if self.session.night_id is not None:
            self.attempt(self.session.refresh)

    def _undo_text(self, text: str) -> None:
        edit.name_undo(self.undo_action, text)

    def _redo_text(self, text: str) -> None:
        edit.name_redo(self.redo_action, text)

    @property
    def entry(self) -> EntryForm:
        """The entry form of the night's game."""
        return self._form

    def _form_of(self, game: Game) -> EntryForm:
        """GAME's entry form (ui.games), made and hidden the first time it is asked for;
        a game with no form gets a plain sentence in its place."""
        form = self.forms.get(game.name)
        if form is None:
            make = form_for(game.name) or partial(NoEntryForm, game.title)
            form = make()
            form.submitted.connect(partial(edit.save_hand, self))
            form.cancelled.connect(partial(self._cleared, form))
            form.hide()
            self.entries.addWidget(form)
            self.forms[game.name] = form
        return form

    # -- showing ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's night as it now is in the database; its columns fitted
        once (`NightSheet.fit`), so the scrolling it does widens nothing more."""
        with self.sheet.refreshing():
            self._show_night()

    def _show_night(self) -> None:
        self._reread_waits = False
        view = self.session.view
        keep = self.sheet.currentIndex().row()
        appended = self.sheet.set_view(view)
        form = self._form_of(game_of(view.rules) if view else game_named(DEFAULT_GAME))
        if self.entry is not form:
            self.entry.set_view(None)
            self.entry.hide()
            self._form = form
            form.show()
        self.entry.set_view(view)
        show_usable(self.menu_actions, view)
        if view is None:
            title = APP_NAME
        elif view.closed:
            title = _("{night} — {app} (closed)").format(night=view.title, app=APP_NAME)
        else:
            title = f"{view.title} — {APP_NAME}"
        self.setWindowTitle(title)
        self.sheet.show_chosen(view, keep, last=self.entry.editing is None)
        self.sheet.fit(appended)
        self._show_panels()
        if not self.isActiveWindow():
            return
        if view is not None and not view.closed:
            self.focus_entry()
        elif not self.entry.isEnabled() and (
            self.focusWidget() is None or not self.focusWidget().isEnabled()
        ):
            self.sheet.setFocus()  # keys (Ctrl+Z, Ctrl+N) still reach the window

    def _show_panels(self) -> None:
        """The panels beside the sheet for the night's view and the sheet's current row,
        once for each (a refresh moving the current row shows them already)."""
        view = self.session.view
        row = self.sheet.currentIndex().row()
        shown = self._panels_shown
        if shown is not None and shown[0] is view and shown[1] == row:
            return
        self._panels_shown = (view, row)
        self.hand_panel.show_view(view, row if row >= 0 else None)
        if self._chart is not None and self._settlement is not None:
            self._chart.show_view(view)
            self._settlement.show_view(view)

    def focus_entry(self) -> None:
        self.entry._first_field_focus()

    def back_to_entry(self) -> None:
        """After a dialog: the window takes the keyboard again, the entry has the focus."""
        self.activateWindow()
        self.focus_entry()

    # -- doing -----------------------------------------------------------------------

    def attempt(self, action: Any, *args: Any) -> bool:
        """Run a change; a refused or failed one is shown in a sentence, never raised."""
        try:
            action(*args)
        except InvalidNight as error:
            errors.show_error("\n".join(in_words(str(p)) for p in error.problems))
            return False
        except StorageError as error:
            errors.show_error(str(error))
            return False
        return True

    def say(self, message: str) -> None:
        """A sentence in the status bar, long enough to read."""
        self.statusBar().showMessage(message, 15000)

    def _say_backup(self, message: str, made: bool) -> None:
        """The day's backup MADE (or not), said unless the status bar is saying
        something since (a hand recorded in the first second: its "Ctrl+Z undoes it"
        stays; a trial); a backup not made is said whatever."""
        if not made or not self.statusBar().currentMessage():
            self.say(message)

    def reread_if_held(self) -> None:
        """The night as the store has it, if it was held back while a hand was typed."""
        if self._reread_waits:
            self.refresh()

    def _cleared(self, form: EntryForm) -> None:
        """Esc in the form: a new hand, and the night as the store has it if it was
        held back while this one was typed."""
        form.start_new()
        self.reread_if_held()

    def _changed_elsewhere(self) -> None:
        """Another program changed the night between the first screen's read and the
        store's: shown at once, unless a hand is being typed (then once it is saved or
        cleared, and said), so nothing typed is wiped."""
        if not self.entry.has_typing():
            self.refresh()
            return
        self._reread_waits = True
        self.say(
            _(
                "Another program changed this night meanwhile: the sheet shows it once "
                "this hand is saved or cleared."
            )
        )

    def load_rest(self, modules: Sequence[str] = LATER) -> None:
        """Import what the menus, the dialogs and the other windows need, once the
        window is shown: one module an event-loop turn, each when the user is not
        acting (ui/quiet.py), so that a key typed meanwhile waits for one module's
        import at most and lands where it was typed, and no menu or dialog freezes
        half open."""
        import_when_quiet(modules, package=__package__)

    def daily_backup(self) -> None:
        """The first start of a day: a copy of the database, made in a thread of its own
        so the window can be typed into meanwhile; said in the status bar."""
        self._daily_thread = files.daily_backup(self.session.db, self._daily_done)

    def wait_for_daily_backup(self) -> None:
        """Today's copy finished, not left half made (before the window closes, or the
        board's window opens the database again)."""
        if self._daily_thread is not None:
            self._daily_thread.join(timeout=60)

    # -- window state ----------------------------------------------------------------

    def restore_geometry(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:  # the first start: no taller or wider than the screen's free area
            resize_to_fit(self, 1200, 760)
        splitter = settings.value("window/splitter")
        if isinstance(splitter, QByteArray):
            self.splitter.restoreState(splitter)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.league_window is not None:  # quitting closes it too (keeping its place)
            self.league_window.close()
        if self.board_window is not None:
            self.board_window.close()
        self.wait_for_daily_backup()
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/splitter", self.splitter.saveState())
        settings.sync()
        super().closeEvent(event)
