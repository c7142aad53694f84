"""The night screen: the score sheet, the hand entry under it, panels beside it.

Keyboard first: the entry form has the focus after every change.  Ctrl+Z first clears
a half-typed hand, and only with nothing typed undoes the last stored change (the status
bar says which); Ctrl+Shift+Z or Ctrl+Y redoes it.  F2 edits the selected hand, Ctrl+I
inserts a hand before it, Delete (on the sheet) deletes it; Ctrl+J seats a player,
Ctrl+Shift+L sees one go home; Ctrl+E shows the settlement; F1 lists every key.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QByteArray, QItemSelectionModel, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QHeaderView,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from scorekeeper.explain import said
from scorekeeper.formatting import money, short_date
from scorekeeper.games import DEFAULT_GAME, DEFAULT_PRESET, Game, game_named, game_of
from scorekeeper.i18n import _, ngettext
from scorekeeper.problems import InvalidNight
from scorekeeper.store.errors import StorageError

from . import errors
from .entry_form import EntryForm
from .games import NoEntryForm, form_for
from .labels import in_words
from .night_panels import HandPanel
from .paths import app_icon
from .quiet import import_when_quiet
from .screens import resize_to_fit
from .session import HandLine, NightSession, NightView
from .sheet_columns import fit_columns, widen_to
from .sheet_model import HAND_ID_ROLE, TOTAL_ROWS, SheetModel, SheetView
from .spreadsheets import allow_copy

# What only the menus, the dialogs and the other windows need is imported where it is
# used, so that the first screen shows without it (docs/performance.md, "Start-up");
# load_rest() imports it while the user looks at the night.  So are Qt's QInputDialog
# and QMessageBox: PySide6 makes a class's enums the first time it is named (3 ms).
if TYPE_CHECKING:
    from scorekeeper.csv_out import Sheet

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

LONG_NIGHT = 100  # hands
SCREENFUL = 40  # rows of a long night's sheet measured to fit its columns
APP_NAME = "Sheepshead Scorekeeper"


DAILY_KEEP_KEY = "backups/daily_keep"  # how many daily copies to keep (0: none)


def daily_keep() -> int:
    """How many daily backups the user keeps (File ▸ Daily backups; 14 at first)."""
    from scorekeeper.store.daily import KEEP

    value = QSettings().value(DAILY_KEEP_KEY, KEEP)
    try:
        return max(0, int(str(value)))
    except ValueError:
        return KEEP


T = TypeVar("T")


def busy(work: Callable[[], T]) -> tuple[T | None, str]:
    """WORK's result under the wait cursor, and ""; or None and the store's refusal,
    worded as the command line says it."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        return work(), ""
    except StorageError as error:
        return None, str(error)
    finally:
        QApplication.restoreOverrideCursor()


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
        self.sheet = SheetView()
        self.sheet.setModel(self.model)
        self.sheet.setAccessibleName(_("Score sheet"))
        self.sheet.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.sheet.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.sheet.setAlternatingRowColors(True)
        self.sheet.verticalHeader().setVisible(False)
        header = self.sheet.horizontalHeader()
        # Fitted to their contents by the window, not by Qt at each layout (_fit_columns).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setResizeContentsPrecision(-1)  # every row; see refresh() for long nights
        self.sheet.doubleClicked.connect(lambda _: self.edit_selected())
        self._refreshing = False  # refresh() at work: it fits the columns itself
        scroll = self.sheet.verticalScrollBar()
        scroll.valueChanged.connect(self._widen_shown)  # scrolled
        scroll.rangeChanged.connect(lambda *_: self._widen_shown())  # more rows in sight
        # Scrolled to its end, the sheet stays there as it grows shorter (a hand type
        # whose form is taller): the totals under the last hand stay in sight.
        self._sheet_at_end = True
        scroll.valueChanged.connect(lambda value: self._note_sheet_end(value))
        scroll.rangeChanged.connect(lambda _low, high: self._keep_sheet_end(high))

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
        self._menus()

        self.league_window: LeagueWindow | None = None
        self.board_window: BoardWindow | None = None
        self.welcome: QDialog | None = None
        self._panels_shown: tuple[NightView | None, int] | None = None  # view and row
        session.changed.connect(self.refresh)
        session.changed_elsewhere.connect(self._changed_elsewhere)
        self._reread_waits = False  # a refresh held back while a hand is being typed
        session.failed.connect(lambda message: errors.show_error(message))
        self.sheet.selectionModel().currentRowChanged.connect(lambda *_: self._show_panels())
        self.restore_geometry()
        self.refresh()

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
        self._settlement.pay.connect(self.pay)
        self._settlement.close_night.connect(self.set_closed)
        for index, panel in ((1, self._chart), (2, self._settlement)):
            text, empty = self.tabs.tabText(index), self.tabs.widget(index)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, panel, text)
            if empty is not None:
                empty.deleteLater()
        self.tabs.setCurrentIndex(chosen)
        self._chart.show_view(self.session.view)
        self._settlement.show_view(self.session.view)

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
            form.submitted.connect(self.save_hand)
            form.cancelled.connect(partial(self._cleared, form))
            form.hide()
            self.entries.addWidget(form)
            self.forms[game.name] = form
        return form

    # -- menus ---------------------------------------------------------------------

    def _action(self, menu: Any, text: str, slot: Any, *keys: Any) -> QAction:
        action = QAction(text, self)
        if keys:
            action.setShortcuts([QKeySequence(k) for k in keys])
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    def _menus(self) -> None:
        bar = self.menuBar()
        # Each menu's Alt letters are its own, in German too (tests/ui/test_mnemonics.py).
        file = bar.addMenu(_("&File"))
        self._action(file, _("&New night…"), self.new_night, QKeySequence.StandardKey.New)
        self._action(file, _("&Open night…"), self.open_night, QKeySequence.StandardKey.Open)
        self._action(file, _("&Export night…"), self.export_night)
        self._action(
            file,
            _("Export as &spreadsheet (CSV)…"),
            self.export_spreadsheet,
            QKeySequence.StandardKey.SaveAs,
        )
        self._action(
            file, _("&Print night report…"), self.print_night, QKeySequence.StandardKey.Print
        )
        self._action(file, _("Blank score p&ad…"), self.print_pad)
        file.addSeparator()
        self._action(file, _("&Import nights…"), self.import_nights)
        # Alt+H: S is left to Export as spreadsheet, I is Import nights.
        self._action(file, _("Import spreads&heet…"), self.import_spreadsheet)
        file.addSeparator()
        self._action(file, _("&Back up the database…"), self.back_up)
        self._action(file, _("&Restore a backup…"), self.restore_backup)
        self._action(file, _("&Daily backups…"), self.choose_daily_backups)
        file.addSeparator()
        self._action(file, _("&Quit"), self.close, QKeySequence.StandardKey.Quit)

        edit = bar.addMenu(_("&Edit"))
        # Always enabled: with a half-typed hand, Ctrl+Z clears the typing first.
        self.undo_action = self._action(edit, _("&Undo"), self.undo, "Ctrl+Z")
        self.redo_action = self._action(edit, _("&Redo"), self.redo, "Ctrl+Shift+Z", "Ctrl+Y")
        stack = self.session.undo_stack
        stack.undoTextChanged.connect(self._undo_text)
        stack.redoTextChanged.connect(self._redo_text)
        edit.addSeparator()
        self._action(edit, _("&Edit selected hand"), self.edit_selected, "F2")
        self._action(
            edit, _("&Insert a hand before the selected one"), self.insert_before, "Ctrl+I"
        )
        delete = self._action(
            edit,
            _("&Delete selected hand (on the sheet)"),
            self.delete_selected,
            QKeySequence.StandardKey.Delete,
        )
        # Delete acts on the sheet only: in a field it deletes a character.
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.sheet.addAction(delete)
        # Ctrl+C on the sheet copies it for a spreadsheet; in a field it copies the text.
        copy = allow_copy(self.sheet, self.sheet_for_spreadsheet, self._copied)
        copy.setText(_("&Copy the sheet (for a spreadsheet)"))
        edit.addAction(copy)
        self._action(edit, _("Go to the &sheet"), self.sheet.setFocus, "Ctrl+Up")
        self._action(edit, _("Go to the hand &entry"), self.focus_entry, "Ctrl+Down")
        edit.addSeparator()
        self._action(edit, _("&Preferences…"), self.show_preferences, "Ctrl+,")

        night = bar.addMenu(_("&Night"))
        self.join_action = self._action(night, _("A player &joins…"), self.join, "Ctrl+J")
        self.leave_action = self._action(night, _("A player &leaves…"), self.leave, "Ctrl+Shift+L")
        night.addSeparator()
        self._action(night, _("&Settle up"), self.show_settlement, "Ctrl+E")
        self._action(night, _("&Mark the selected payment as paid"), self.mark_paid, "Ctrl+M")
        self._action(night, _("&History of the selected hand…"), self.show_history, "Ctrl+H")
        self._action(night, _("&Chart"), lambda: self.tabs.setCurrentWidget(self.chart), "Ctrl+G")
        night.addSeparator()
        self.rules_action = self._action(night, _("House &rules of this night…"), self.change_rules)
        self.delete_night_action = self._action(night, _("&Delete this night…"), self.delete_night)
        self._action(night, _("&Bring back a deleted night…"), self.bring_back_night)

        league = bar.addMenu(_("&League"))
        self._action(league, _("&Standings, players and money…"), self.show_league, "Ctrl+L")
        self._action(league, _("Tonight's &board (for the room)…"), self.show_board, "Ctrl+B")

        # The menu bar's Alt letters (F, E, N, L, H; D, B, A, L, H in German) are the
        # window's: no entry form's field or button has one (tests/ui/test_mnemonics.py).
        help_menu = bar.addMenu(_("&Help"))
        self._action(help_menu, _("&Keyboard and the entry form"), self.show_keys, "F1")
        self._action(help_menu, _("&Welcome"), self.show_welcome)
        self._action(help_menu, _("&About Sheepshead Scorekeeper"), self.show_about)

    def _undo_text(self, text: str) -> None:
        # Translators: the Edit menu's Undo with what it undoes ("&Undo: hand 3 recorded").
        self.undo_action.setText(_("&Undo: {change}").format(change=text) if text else _("&Undo"))

    def _redo_text(self, text: str) -> None:
        self.redo_action.setText(_("&Redo: {change}").format(change=text) if text else _("&Redo"))

    # -- showing ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's night as it now is in the database; its columns fitted
        by `_fit_columns`, so the scrolling it does widens nothing more."""
        self._refreshing = True
        try:
            self._show_night()
        finally:
            self._refreshing = False

    def _show_night(self) -> None:
        self._reread_waits = False
        view = self.session.view
        keep = self.sheet.currentIndex().row()
        # Columns fit every row of a usual night, but only the rows on screen of a long
        # one: measuring all 1,000 rows after each hand took most of a second
        # (benchmarks/run.py, record_hand).
        # Before the sheet is shown, a screenful of rows: for "the rows on screen"
        # (precision 0) a table not yet shown measures every row (Qt's
        # sizeHintForColumn), a quarter of a second of starting on a 1,000-hand night.
        long_night = view is not None and len(view.lines) > LONG_NIGHT
        shown = 0 if self.sheet.isVisible() else SCREENFUL
        self.sheet.horizontalHeader().setResizeContentsPrecision(shown if long_night else -1)
        appended = self.model.set_view(view)
        form = self._form_of(game_of(view.rules) if view else game_named(DEFAULT_GAME))
        if self.entry is not form:
            self.entry.set_view(None)
            self.entry.hide()
            self._form = form
            form.show()
        self.entry.set_view(view)
        open_night = view is not None and not view.closed
        for action in (self.join_action, self.leave_action, self.rules_action):
            action.setEnabled(open_night)
        self.delete_night_action.setEnabled(view is not None)
        if view is None:
            title = APP_NAME
        elif view.closed:
            title = _("{night} — {app} (closed)").format(night=view.title, app=APP_NAME)
        else:
            title = f"{view.title} — {APP_NAME}"
        self.setWindowTitle(title)
        if view is not None and view.lines:
            row = keep if 0 <= keep < len(view.lines) else len(view.lines) - 1
            if self.entry.editing is None:
                row = len(view.lines) - 1
            index = self.model.index(row, 0)
            self.sheet.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            # The totals under the last hand stay in sight, then the chosen row.
            self.sheet.scrollTo(self.model.index(self.model.rowCount() - 1, 0))
            self.sheet.scrollTo(index)
        self._fit_columns(appended, long_night)
        self._show_panels()
        if not self.isActiveWindow():
            return
        if view is not None and not view.closed:
            self.focus_entry()
        elif not self.entry.isEnabled() and (
            self.focusWidget() is None or not self.focusWidget().isEnabled()
        ):
            self.sheet.setFocus()  # keys (Ctrl+Z, Ctrl+N) still reach the window

    def _fit_columns(self, appended: bool, long_night: bool) -> None:
        """The sheet's columns as wide as their contents: every row of a usual night
        (ui.sheet_columns, which measures only the cells that can be widest), the rows
        `refresh` chose of a long one and its last hand; after a hand recorded at the
        end, only widened where its row or the totals under it need more.  Qt's own fitting
        (ResizeToContents) measured a screenful of rows again after every hand: about
        6 ms of the 30 recording one took (benchmarks/run.py, record_hand)."""
        last = range(self.model.rowCount() - 1 - TOTAL_ROWS, self.model.rowCount())
        if not appended:
            if not long_night:
                fit_columns(self.sheet, self.model)
                return
            # The rows on screen, and the last hand and the totals: the widest number
            # is the last hand's (an edit near the top left "…" for hands 994-1003).
            self.sheet.resizeColumnsToContents()
        widen_to(self.sheet, self.model, last)

    def _note_sheet_end(self, value: int) -> None:
        self._sheet_at_end = value == self.sheet.verticalScrollBar().maximum()

    def _keep_sheet_end(self, high: int) -> None:
        """The sheet's scrolling range is now up to HIGH: at its end before, at its end
        still (called before the scroll bar moves its value into the new range)."""
        if self._sheet_at_end:
            self.sheet.verticalScrollBar().setValue(high)

    def _widen_shown(self) -> None:
        """A long night's columns were fitted to the rows then on screen and its last
        hand: rows scrolled into sight later, or shown by a taller sheet, widen a column
        too narrow for them (a trial: a player's cell of hand 606 split over two lines)."""
        view = self.session.view
        if self._refreshing or view is None or len(view.lines) <= LONG_NIGHT:
            return  # every row was measured, or refresh() is fitting them
        first = self.sheet.rowAt(0)
        if first < 0:
            return
        last = self.sheet.rowAt(self.sheet.viewport().height() - 1)
        last = last if last >= 0 else self.model.rowCount() - 1  # the sheet ends above
        widen_to(self.sheet, self.model, range(first, last + 1))

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

    def selected_hand_id(self) -> int | None:
        index = self.sheet.currentIndex()
        if not index.isValid():
            return None
        value = self.model.data(self.model.index(index.row(), 0), HAND_ID_ROLE)
        return int(value) if value is not None else None

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

    def save_hand(self, hand: dict[str, Any]) -> None:
        """Save the form's hand; once the store has committed it, say so, with its
        score and how to take it back."""
        entry = self.entry
        number = entry.number
        explanation = entry.result.explanation if entry.result is not None else ""
        if entry.is_as_recorded(hand):  # opened and saved unchanged: the record stays
            entry.start_new()
            self.say(_("Hand {number} is as recorded: nothing was written.").format(number=number))
            self.focus_entry()
            return
        if entry.editing is not None:
            done = self.attempt(self.session.edit_hand, entry.editing.hand_id, hand)
            message = _("Hand {number} changed: {explanation} Ctrl+Z undoes it.")
        else:
            done = self.attempt(self.session.record_hand, hand, entry.insert_at)
            message = (
                _("Hand {number} inserted: {explanation} Ctrl+Z undoes it.")
                if entry.insert_at is not None
                else _("Hand {number} recorded: {explanation} Ctrl+Z undoes it.")
            )
        if done:
            # The refresh after a hand recorded at the end started the next one already
            # (`EntryForm.set_view`); an edit or an insert still has the form to clear.
            fresh = (
                entry.view is self.session.view
                and entry.editing is None
                and entry.insert_at is None
            )
            if not fresh:
                entry.start_new()
            self.say(message.format(number=number, explanation=explanation))
            self.focus_entry()

    def say(self, message: str) -> None:
        """A sentence in the status bar, long enough to read."""
        self.statusBar().showMessage(message, 15000)

    def _say_backup(self, message: str, made: bool) -> None:
        """The day's backup MADE (or not), said unless the status bar is saying
        something since (a hand recorded in the first second: its "Ctrl+Z undoes it"
        stays; a trial); a backup not made is said whatever."""
        if not made or not self.statusBar().currentMessage():
            self.say(message)

    def _cleared(self, form: EntryForm) -> None:
        """Esc in the form: a new hand, and the night as the store has it if it was
        held back while this one was typed."""
        form.start_new()
        if self._reread_waits:
            self.refresh()

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

    def undo(self) -> None:
        """Ctrl+Z: clear a half-typed hand; with nothing typed, undo the last stored
        change, and say which."""
        if self.entry.has_typing():
            self.entry.clear_typing()
            if self._reread_waits:
                self.refresh()
            follow = self.session.undo_stack.undoText()
            self.say(
                said(
                    _("Cleared the hand being typed. Ctrl+Z again undoes: {change}."), change=follow
                )
                if follow
                else _("Cleared the hand being typed.")
            )
            return
        stack = self.session.undo_stack
        if not stack.canUndo() and not stack.count():  # after a restart: from the history
            self.session.recall_history()
        if not stack.canUndo():
            self.say(_("Nothing to undo."))
            return
        text = stack.undoText()
        line = self._line_of(getattr(stack.command(stack.index() - 1), "hand_id", None))
        if self.session.undo():
            gone = line is not None and self._line_of(line.hand_id) is None
            if gone and line is not None:  # the hand went: what it was, where it was
                message = said(
                    _("Undid: {change} ({hand}). Ctrl+Shift+Z redoes it."),
                    change=text,
                    hand=line.result.explanation.rstrip("."),
                )
            else:
                message = said(_("Undid: {change}. Ctrl+Shift+Z redoes it."), change=text)
            self.say(message)
            if line is not None:
                self.show_place(line.number)
        self.focus_entry()

    def _line_of(self, hand_id: int | None) -> HandLine | None:
        """The sheet's line of hand HAND_ID, if it is on it."""
        view = self.session.view
        if hand_id is None or view is None:
            return None
        return next((line for line in view.lines if line.hand_id == hand_id), None)

    def show_place(self, number: int) -> None:
        """Select and show the sheet's row of hand NUMBER, or the last hand's when the
        night has fewer now (a hand undone at its end): where the change was."""
        view = self.session.view
        if view is None or not view.lines:
            return
        row = min(number, len(view.lines)) - 1
        index = self.model.index(row, 0)
        self.sheet.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.sheet.scrollTo(index)

    def redo(self) -> None:
        """Ctrl+Shift+Z or Ctrl+Y: redo the last change undone, and say which."""
        stack = self.session.undo_stack
        if not stack.canRedo():
            self.say(_("Nothing to redo."))
            return
        text = stack.redoText()
        hand_id = getattr(stack.command(stack.index()), "hand_id", None)
        if self.session.redo():
            self.say(said(_("Redid: {change}."), change=text))
            line = self._line_of(hand_id)
            if line is not None:
                self.show_place(line.number)
        self.focus_entry()

    def edit_selected(self) -> None:
        row = self.sheet.currentIndex().row()
        line = self.model.line_at(row)
        if line is not None and self.session.view and not self.session.view.closed:
            self.entry.start_edit(line)

    def insert_before(self) -> None:
        line = self.model.line_at(self.sheet.currentIndex().row())
        if line is not None and self.session.view and not self.session.view.closed:
            self.entry.start_new(insert_at=line.number)
            self.focus_entry()

    def delete_selected(self) -> None:
        """Edit ▸ Delete selected hand (Del on the sheet), said in the status bar."""
        hand_id = self.selected_hand_id()
        line = self.model.line_at(self.sheet.currentIndex().row())
        if hand_id is not None and self.attempt(self.session.delete_hand, hand_id):
            number = line.number if line is not None else ""
            self.say(_("Hand {number} deleted. Ctrl+Z brings it back.").format(number=number))

    def join(self) -> None:
        from scorekeeper.names import clean_name
        from scorekeeper.store.people import list_players

        from .choose import choose_item

        view = self.session.view
        if view is None:
            return
        roster = [p.name for p in list_players(self.session.db) if p.name not in view.seated_next]
        typed, ok = choose_item(self, _("A player joins"), _("Who sits down?"), roster, 0, True)
        name, problem = clean_name(typed)
        if not ok or not name:
            return
        if problem is not None:
            errors.show_error(_("Who sits down: {problem}").format(problem=problem))
            self.back_to_entry()
            return
        seats = list(view.seated_next)
        after, ok = choose_item(
            self,
            _("A player joins"),
            _("{player} sits after:").format(player=name),
            seats,
            len(seats) - 1,
            False,
        )
        if ok and self.attempt(self.session.join, name, after):
            message = _("{player} sits down from hand {number}. Ctrl+Z undoes it.")
            self.say(message.format(player=name, number=view.next_number))
        self.back_to_entry()

    def leave(self) -> None:
        from .choose import choose_item

        view = self.session.view
        if view is None:
            return
        name, ok = choose_item(
            self, _("A player leaves"), _("Who goes home?"), list(view.seated_next), 0, False
        )
        if ok and self.attempt(self.session.leave, name):
            if view.lines:
                message = _("{player} goes home after hand {number}. Ctrl+Z undoes it.")
            else:
                message = _("{player} goes home before the first hand. Ctrl+Z undoes it.")
            self.say(message.format(player=name, number=len(view.lines)))
        self.back_to_entry()

    def _payments_changed(self) -> None:
        """The league window changed something (a payment among what it can change):
        Settle up reads what has been paid again, now or when next shown."""
        if self._settlement is not None:
            self._settlement.payments_changed()

    def pay(self, payer: str, payee: str, cents: int) -> None:
        """A payment of the settlement made (Settle up's Mark as paid), and said."""
        if self.attempt(self.session.record_payment, payer, payee, cents) and self.session.view:
            amount = money(cents, self.session.view.currency)
            self.say(
                said(
                    _("Payment recorded: {payer} paid {payee} {amount}. Ctrl+Z undoes it."),
                    payer=payer,
                    payee=payee,
                    amount=amount,
                )
            )

    def mark_paid(self) -> None:
        """Night ▸ Mark the selected payment as paid (Ctrl+M): on the Settle up tab,
        the payment selected there; elsewhere the tab is shown first, to choose one."""
        if self.tabs.currentWidget() is not self.settlement:
            self.show_settlement()
            return
        self.settlement.mark_selected()

    def set_closed(self, closed: bool) -> None:
        self.attempt(self.session.set_closed, closed)

    def new_night(self) -> None:
        from scorekeeper.store.league import (
            current_season,
            default_rules,
            league_currency,
            list_leagues,
        )
        from scorekeeper.store.night_import import night_taken
        from scorekeeper.store.people import list_players

        from .start_dialog import StartNightDialog

        db = self.session.db
        roster = [p.name for p in list_players(db)]
        leagues = list_leagues(db)  # the names alone (every night read took 0.1 s a 100,000 hands)
        dialog = StartNightDialog(
            roster,
            leagues,
            self,
            lambda league, season: default_rules(db, league=league, season=season),
            lambda league: league_currency(db, league=league),
            lambda league, date, table: night_taken(db, league=league, date=date, table=table),
            lambda league: current_season(db, league=league),
        )
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.attempt(lambda: self.session.start_night(**dialog.choices()))
        self.back_to_entry()

    def change_rules(self) -> None:
        """Night ▸ House rules: change the open night's rules; every hand is rescored."""
        from scorekeeper.store.night_history import rules_refusal

        from .rules_editor import RulesDialog

        view = self.session.view
        if view is None or view.closed:
            return
        dialog = RulesDialog(
            view.rules,
            len(view.lines),
            self,
            currency=view.currency,
            refusal=lambda rules: rules_refusal(
                self.session.db, night_id=view.night_id, rules=rules
            ),
        )
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        if accepted and dialog.rules() != view.rules:  # noqa: SIM102 - a dialog, then a save
            if self.attempt(self.session.change_rules, dialog.rules()):
                self.say(_("House rules changed; every hand scored again. Ctrl+Z puts them back."))
        self.back_to_entry()

    def delete_night(self) -> None:
        """Night ▸ Delete this night: a night started by mistake goes; it is kept, and
        Ctrl+Z or Night ▸ Bring back a deleted night restores it."""
        from PySide6.QtWidgets import QMessageBox

        view = self.session.view
        if view is None:
            return
        if view.lines:
            hands = len(view.lines)
            answer = QMessageBox.question(
                self,
                _("Delete this night"),
                ngettext(
                    "Delete “{night}” with its {count} hand?\n\n"
                    "It is kept: Ctrl+Z, or Night ▸ Bring back a deleted night, restores it.",
                    "Delete “{night}” with its {count} hands?\n\n"
                    "It is kept: Ctrl+Z, or Night ▸ Bring back a deleted night, restores it.",
                    hands,
                ).format(night=view.title, count=hands),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,  # Enter typed on does not delete it
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        if self.attempt(self.session.delete_night):
            self.say(_("Deleted “{night}”. Ctrl+Z brings it back.").format(night=view.title))
        self.back_to_entry()

    def bring_back_night(self) -> None:
        """Night ▸ Bring back a deleted night: choose one, and it opens again."""
        from scorekeeper.store.night_history import deleted_nights

        from .choose import choose_item

        deleted = deleted_nights(self.session.db)
        if not deleted:
            self.say(_("No night has been deleted."))
            return
        labels = [
            ngettext(
                "{night} ({count} hand, deleted {when})",
                "{night} ({count} hands, deleted {when})",
                n.hands,
            ).format(
                night=n.name,
                count=n.hands,
                when=f"{short_date(n.deleted_at.astimezone())} {n.deleted_at.astimezone():%H:%M}",
            )
            for n in deleted
        ]
        choice, ok = choose_item(
            self, _("Bring back a deleted night"), _("Night:"), labels, 0, False
        )
        if ok:
            night_id = deleted[labels.index(choice)].id
            if self.attempt(self.session.bring_back_night, night_id) and self.session.view:
                self.say(
                    _("“{night}” is back. Ctrl+Z deletes it again.").format(
                        night=self.session.view.title
                    )
                )
        self.back_to_entry()

    def show_settlement(self) -> None:
        """Night ▸ Settle up (Ctrl+E): the payments, taking the keyboard (arrows choose
        a payment, Tab reaches Mark as paid and Close the night)."""
        self.tabs.setCurrentWidget(self.settlement)
        table = self.settlement.table
        if table.model().rowCount() and not table.selectionModel().hasSelection():
            table.selectRow(0)
        table.setFocus()

    def show_history(self) -> None:
        """Night ▸ History of the selected hand (Ctrl+H): its every version, or the
        night's when no hand is selected (ui/history_dialog.py)."""
        from .dialog_keys import run
        from .history_dialog import HistoryDialog

        view = self.session.view
        if view is None:
            return
        line = self.model.line_at(self.sheet.currentIndex().row())
        hand = (line.number, line.hand_id) if line is not None else None
        dialog = HistoryDialog(self.session.db, view.night_id, hand, view.currency, self)
        run(dialog, self)
        dialog.deleteLater()
        self.back_to_entry()

    def show_keys(self) -> None:
        """Help ▸ Keyboard (F1): every shortcut and the entry form's contract."""
        from .dialog_keys import run
        from .help import KeysDialog

        dialog = KeysDialog(self)
        typing = QApplication.focusWidget()  # a hand's field, its cursor where it was
        # Back to the form as it closes, before the keys typed after its Esc are
        # handled (after `run` returns, the focus moved would take them over).
        dialog.finished.connect(lambda _=0: self.back_to(typing))
        run(dialog, self)  # Esc typed at once closes it (ui/dialog_keys.py)
        dialog.deleteLater()

    def back_to(self, field: QWidget | None) -> None:
        """After a dialog called up over a hand being typed: the field of the form that
        had the keyboard has it again, its cursor where it was and nothing selected (the
        first field took the next key instead: Points' "3" became the Picker's "Cal", a
        review); anything else, `back_to_entry`."""
        if (
            field is None
            or not isValid(field)
            or not self.entry.isAncestorOf(field)
            or not field.isVisible()
            or not field.isEnabled()
        ):
            self.back_to_entry()
            return
        self.activateWindow()
        field.setFocus(Qt.FocusReason.ActiveWindowFocusReason)  # selects nothing

    def show_about(self) -> None:
        """Help ▸ About: the version, licence, Qt and Python, and where things are kept."""
        from .about import AboutDialog

        AboutDialog(self, self.session.db).exec()
        self.back_to_entry()

    def show_preferences(self) -> None:
        """Edit ▸ Preferences (Ctrl+,): the language and the reports' paper."""
        from .preferences import PreferencesDialog

        PreferencesDialog(self).exec()
        self.back_to_entry()

    def show_welcome(self, sample: bool | None = None, *, whole: bool = False) -> None:
        """Help ▸ Welcome: what the app is, that the sample league is a sample, and a
        way to start a night.  SAMPLE: whether the sample league is there, when already
        read (the first start's, by the first screen's read); None: asked of the
        database.  WHOLE: shown before the event loop runs (the first start's), so the
        work after the first paint goes on behind it (ui/quiet.py)."""
        from .help import WelcomeDialog

        if sample is None:
            from scorekeeper.sample import SAMPLE_LEAGUE
            from scorekeeper.store.league import has_league

            sample = has_league(self.session.db, SAMPLE_LEAGUE)
        dialog = WelcomeDialog(self, sample=sample)
        dialog.accepted.connect(self.new_night)
        dialog.rejected.connect(self.back_to_entry)
        dialog.finished.connect(dialog.deleteLater)
        self.welcome = dialog
        if whole:
            from .quiet import WHOLE

            dialog.setProperty(WHOLE, True)
        dialog.open()  # window-modal, without a nested event loop

    def print_night(self) -> None:
        """The session report (PDF) of the night on screen."""
        from .reports import built, make_report

        view, db = self.session.view, self.session.db
        if view is None:
            return
        # The night as people know it, never its id: 'Tuesday-League-2026-11-03-table-1.pdf'.
        suggested = f"{view.file_stem}.pdf"
        make_report(self, suggested, partial(built("night_pdf"), db, night_id=view.night_id))
        self.back_to_entry()

    def print_pad(self) -> None:
        """A blank score pad (PDF) for the players at this table, or others typed in,
        in the words of this table's game."""
        from PySide6.QtWidgets import QInputDialog

        from .reports import built, make_report

        view = self.session.view
        preset = view.rules.preset if view else DEFAULT_PRESET
        seated = ", ".join(view.seated_next) if view else "Ann, Bob, Cal, Dee, Eve"
        names, ok = QInputDialog.getText(
            self, _("Blank score pad"), _("Players, clockwise:"), text=seated
        )
        if ok:
            players = [n.strip() for n in names.split(",") if n.strip()]
            make_report(self, "score-pad.pdf", partial(built("pad_pdf"), players, preset=preset))
        self.back_to_entry()

    def show_league(self) -> None:
        """The league window, on this night's league; kept up to date while it is open."""
        from .league.window import LeagueWindow

        view = self.session.view
        league = view.document.get("league") if view is not None else None
        if self.league_window is None:
            self.league_window = LeagueWindow(self.session.db, league)
            self.league_window.place(beside=self)
            self.session.changed.connect(self._refresh_league)
            self.league_window.layer.renamed.connect(self._names_changed)
            # A payment recorded there (or undone) is shown on Settle up too.
            self.league_window.layer.changed.connect(self._payments_changed)
        else:
            self.league_window.load_leagues(league or self.league_window.league())
        self.league_window.show()
        self.league_window.show_whole_standings()  # the first time it shows
        self.league_window.raise_()
        self.league_window.activateWindow()

    def show_board(self) -> None:
        """Tonight's board of this night's league (else the league window's, else the
        first league): a window for the room that updates itself."""
        from scorekeeper.store.league import list_leagues

        from .league.board import BoardWindow

        view = self.session.view
        league = view.document.get("league") if view is not None else None
        if not league and self.league_window is not None:
            league = self.league_window.league() or None
        if not league:
            known = list_leagues(self.session.db)
            league = known[0] if known else None
        if not league:
            self.statusBar().showMessage(
                _(
                    "No league yet: tonight's board shows a league's tables; file a night "
                    "under a league first."
                )
            )
            return
        if self.board_window is not None:
            self.board_window.close()
        if self._daily_thread is not None:  # today's copy finished, not left half made
            self._daily_thread.join(timeout=60)
        self.board_window = BoardWindow(self.session.db, league)
        self.board_window.show()
        self.board_window.raise_()
        self.board_window.activateWindow()

    def _refresh_league(self) -> None:
        """After a change at the table: the league window reads its numbers again, with
        the league, season, dates and ranking the person chose left as they are."""
        if self.league_window is not None and self.league_window.isVisible():
            self.league_window.refresh()

    def _names_changed(self) -> None:
        """A player renamed in the league window (or that undone): the night is read
        again, so that the sheet and the entry form know them by the name now stored."""
        if self.session.night_id is not None:
            self.attempt(self.session.refresh)

    def open_night(self) -> None:
        """File ▸ Open night: the night chosen in a searchable list of every night."""
        from scorekeeper.store.night_search import NightSearch

        from .night_chooser import choose_night

        search = NightSearch(self.session.db)
        chosen = choose_night(search, self) if search.total() else None
        if chosen is not None:
            self.session.undo_stack.clear()
            self.statusBar().clearMessage()  # "Ctrl+Z undoes it" was the other night's
            self.session.open(chosen.id)

    def export_night(self) -> None:
        from . import file_dialogs

        view = self.session.view
        if self.session.night_id is None or view is None:
            return
        suggested = f"{view.file_stem}.json"
        path = file_dialogs.save_file(self, _("Export night"), suggested, "JSON (*.json)")
        if path:
            import json

            from scorekeeper.store.night_import import export_night

            document = export_night(self.session.db, night_id=self.session.night_id)
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(document, handle, ensure_ascii=False, indent=2)

    def sheet_for_spreadsheet(self) -> Sheet | None:
        """The night on screen as a spreadsheet: a row a hand, a column a player, the
        totals and the money in cents (what `scorekeeper export --csv` writes)."""
        from scorekeeper.reports.sheets import night_sheet, scored_in_english
        from scorekeeper.store.stored_night import night_of_document

        view = self.session.view
        if view is None:
            return None
        night = night_of_document(view.document, night_id=view.night_id)
        return night_sheet(scored_in_english(night), [line.dealer for line in view.lines])

    def _copied(self, sheet: Sheet) -> None:
        rows = len(sheet.rows)
        self.say(
            ngettext(
                "Copied the sheet ({count} row) to paste into a spreadsheet.",
                "Copied the sheet ({count} rows) to paste into a spreadsheet.",
                rows,
            ).format(count=rows)
        )

    def export_spreadsheet(self) -> None:
        """File ▸ Export as spreadsheet (CSV): the sheet on screen, in a file chosen here."""
        from .spreadsheets import export_sheet

        view = self.session.view
        if view is None:
            return
        suggested = f"{view.file_stem}.csv"
        path, problem = export_sheet(self, self.sheet_for_spreadsheet(), suggested)
        if problem:
            errors.show_error(problem)
        elif path:
            self.say(
                _("Exported the sheet to {path} (points, and money in cents).").format(path=path)
            )

    def import_spreadsheet(self) -> None:
        """File ▸ Import spreadsheet: a league's sheet of sittings (a row a sitting, a
        column a player), previewed before Import files it whole; said in the status bar."""
        from . import file_dialogs
        from .sheet_dialog import SheetImportDialog

        path = file_dialogs.open_file(
            self, _("Import spreadsheet"), str(Path.home()), _("CSV (*.csv *.txt);;Any file (*)")
        )
        if path:
            view = self.session.view
            league = view.document.get("league") if view is not None else None
            dialog = SheetImportDialog(self.session.db, path, league, self)
            if dialog.exec() == QDialog.DialogCode.Accepted and dialog.plan is not None:
                self.session.refresh()
                filed = len(dialog.filed)
                self.say(
                    said(
                        ngettext(
                            "Filed {count} night of {file} into {league}.",
                            "Filed {count} nights of {file} into {league}.",
                            filed,
                        ),
                        count=filed,
                        file=Path(path).name,
                        league=dialog.plan.league,
                    )
                )
            dialog.deleteLater()  # and the sheet it holds
        self.back_to_entry()

    def back_up(self) -> None:
        """File ▸ Back up: a copy of the whole database, safe while it is open, in a
        file chosen here; said in the status bar, or why not in one sentence."""
        from . import file_dialogs
        from .app_layer import back_up

        db = self.session.db
        kind = "sqlite3" if db.sqlite_path is not None else "json"
        suggested = Path.home() / f"scorekeeper-backup-{dt.date.today()}.{kind}"
        kinds = (
            _("SQLite copy (*.sqlite3);;JSON dump of every row (*.json)")
            if db.sqlite_path is not None
            else _("JSON dump of every row (*.json)")
        )
        path = file_dialogs.save_file(self, _("Back up the database"), str(suggested), kinds)
        if path:
            made, refusal = busy(lambda: back_up(db, path))
            if refusal:
                errors.show_error(refusal)
            else:
                self.say(
                    _("Backed up to {path} ({kind}); File ▸ Restore a backup puts it back.").format(
                        path=path, kind=made
                    )
                )
        self.back_to_entry()

    def restore_backup(self) -> None:
        """File ▸ Restore a backup: a backup file chosen, what it replaces said and
        confirmed, then put in place (checked whole first; a copy of the database it
        replaces kept); the night screen reads the restored database from the start,
        with nothing to undo.  Refused, in one sentence, while another program has the
        database open."""
        from PySide6.QtWidgets import QMessageBox

        from scorekeeper.store.engine import describe
        from scorekeeper.store.tonight import night_to_reopen

        from . import file_dialogs
        from .app_layer import preview_backup, restore_backup
        from .restore_question import restore_question

        db = self.session.db
        kinds = (
            _("Backups (*.sqlite3 *.bak *.json);;All files (*)")
            if db.sqlite_path is not None
            else _("JSON dumps (*.json);;All files (*)")
        )
        path = file_dialogs.open_file(self, _("Restore a backup"), str(Path.home()), kinds)
        if not path:
            self.back_to_entry()
            return
        preview, refusal = busy(lambda: preview_backup(db, path))
        if preview is None:  # a backup the restore would refuse: said before any question
            errors.show_error(refusal)
            return
        server = None if db.sqlite_path is not None else describe(db.url)
        question = restore_question(preview, Path(path).name, server=server)
        answer = QMessageBox.question(
            self,
            _("Restore a backup"),
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            self.back_to_entry()
            return
        kept, refusal = busy(lambda: restore_backup(db, path))
        if refusal:
            errors.show_error(refusal)
            return
        # Every undo stack's changes were to rows the backup replaced: none is kept.
        self.session.undo_stack.clear()
        if self.league_window is not None:
            self.league_window.undo_stack.clear()
        self.session.open(night_to_reopen(db))
        self._refresh_league()
        if self.board_window is not None:
            self.board_window.refresh()
        self.say(
            _("Restored {file}; the database before it is kept as {kept}.").format(
                file=Path(path).name, kept=kept
            )
            if kept
            else _("Restored {file}.").format(file=Path(path).name)
        )

    def import_nights(self) -> None:
        """File ▸ Import nights: night documents (JSON, as File ▸ Export night and
        `scorekeeper export` write them), all filed or none; the last one opened."""
        from . import file_dialogs
        from .app_layer import import_files

        paths = file_dialogs.open_files(
            self,
            _("Import nights"),
            str(Path.home()),
            _("Night documents (*.json);;All files (*)"),
        )
        if not paths:
            self.back_to_entry()
            return
        try:
            ids = import_files(self.session.db, paths)
        except StorageError as error:
            errors.show_error(_("Nothing was imported: {reason}").format(reason=error))
            return
        if ids:
            self.session.open(ids[-1])
            self._refresh_league()
        self.say(
            ngettext(
                "Imported {count} night: {numbers}.",
                "Imported {count} nights: {numbers}.",
                len(ids),
            ).format(count=len(ids), numbers=", ".join(map(str, ids)))
        )

    def choose_daily_backups(self) -> None:
        """File ▸ Daily backups: how many daily copies to keep (0: none)."""
        from PySide6.QtWidgets import QInputDialog

        keep, ok = QInputDialog.getInt(
            self,
            _("Daily backups"),
            _(
                "On the first start of each day the database is copied; keep the newest\n"
                "how many copies (0: make none)?"
            ),
            daily_keep(),
            0,
            365,
        )
        if ok:
            QSettings().setValue(DAILY_KEEP_KEY, keep)
            self.say(
                ngettext(
                    "Daily backups: the newest {count} copy kept.",
                    "Daily backups: the newest {count} copies kept.",
                    keep,
                ).format(count=keep)
                if keep
                else _("Daily backups: none made.")
            )
        self.back_to_entry()

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
        from .app_layer import daily_copy

        keep = daily_keep()
        db = self.session.db
        if db.sqlite_path is None:
            return  # a server database is backed up by its organiser (docs/decisions.md)
        if db.created:
            return  # nothing in it to keep yet; the status bar says where it was made
        done = self._daily_done

        def work() -> None:
            try:
                made = daily_copy(db, keep)
                said = _("Today's backup: {path}").format(path=made) if made is not None else ""
            except StorageError as error:
                made, said = None, _("Today's backup was not made: {reason}").format(reason=error)
            if said:
                with contextlib.suppress(RuntimeError):  # the window gone meanwhile
                    done.emit(said, made is not None)

        self._daily_thread = threading.Thread(target=work, name="daily-backup", daemon=True)
        self._daily_thread.start()

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
        if self._daily_thread is not None:  # today's copy finished, not left half made
            self._daily_thread.join(timeout=60)
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/splitter", self.splitter.saveState())
        settings.sync()
        super().closeEvent(event)
