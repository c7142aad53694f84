"""Every item of the night screen's menus, declared once (as Picard declares its main
window's actions): its name, menu, words (with its Alt letter), keys, what it does and
when it can be used; `build_menus` makes the menu bar from it.  Each menu's Alt letters
are its own, in German too (tests/ui/test_mnemonics.py); the menus read as
tests/ui/test_menus.py writes them down."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenuBar

from scorekeeper.i18n import N_, _

from ..session import NightView
from . import edit, files, night, windows
from .screen import NightScreen

Key = str | QKeySequence.StandardKey
StandardKey = QKeySequence.StandardKey


def open_night(view: NightView | None) -> bool:
    """A night is on screen and open: players may come and go, its rules change."""
    return view is not None and not view.closed


def any_night(view: NightView | None) -> bool:
    """A night is on screen, open or closed."""
    return view is not None


@dataclass(frozen=True)
class Item:
    """One menu item: NAME (its QAction in `build_menus`' answer), the MENU it is in,
    its TEXT (marked, translated as the menu is built), what it DOES to the window, its
    KEYS, and when it can be USABLE (None: always).  LINE: a line above it.  ON_SHEET:
    its keys work only while the sheet has the keyboard (in a field, Delete deletes a
    character and Ctrl+C copies the text); SHEETS_OWN: the sheet's own action, as every
    table's Ctrl+C is (ui.spreadsheets), which F1 lists before the window's."""

    name: str
    menu: str
    text: str
    does: Callable[[NightScreen], None]
    keys: tuple[Key, ...] = ()
    usable: Callable[[NightView | None], bool] | None = None
    line: bool = False
    on_sheet: bool = False
    sheets_own: bool = False


# The menu bar's Alt letters (F, E, N, L, H; D, B, A, L, H in German) are the window's:
# no entry form's field or button has one (tests/ui/test_mnemonics.py).
MENUS = (
    ("file", N_("&File")),
    ("edit", N_("&Edit")),
    ("night", N_("&Night")),
    ("league", N_("&League")),
    ("help", N_("&Help")),
)

ITEMS = (
    Item("new_night", "file", N_("&New night…"), night.new_night, (StandardKey.New,)),
    Item("open_night", "file", N_("&Open night…"), files.open_night, (StandardKey.Open,)),
    Item("export_night", "file", N_("&Export night…"), files.export_night),
    Item(
        "export_spreadsheet",
        "file",
        N_("Export as &spreadsheet (CSV)…"),
        files.export_spreadsheet,
        (StandardKey.SaveAs,),
    ),
    Item(
        "print_night", "file", N_("&Print night report…"), files.print_night, (StandardKey.Print,)
    ),
    Item("print_pad", "file", N_("Blank score p&ad…"), files.print_pad),
    Item("import_nights", "file", N_("&Import nights…"), files.import_nights, line=True),
    # Alt+H: S is left to Export as spreadsheet, I is Import nights.
    Item("import_spreadsheet", "file", N_("Import spreads&heet…"), files.import_spreadsheet),
    Item("back_up", "file", N_("&Back up the database…"), files.back_up, line=True),
    Item("restore_backup", "file", N_("&Restore a backup…"), files.restore_backup),
    Item("daily_backups", "file", N_("&Daily backups…"), files.choose_daily_backups),
    Item("quit", "file", N_("&Quit"), files.quit_app, (StandardKey.Quit,), line=True),
    # Always usable: with a half-typed hand, Ctrl+Z clears the typing first.
    Item("undo", "edit", N_("&Undo"), edit.undo, ("Ctrl+Z",)),
    Item("redo", "edit", N_("&Redo"), edit.redo, ("Ctrl+Shift+Z", "Ctrl+Y")),
    Item("edit_hand", "edit", N_("&Edit selected hand"), edit.edit_selected, ("F2",), line=True),
    Item(
        "insert_hand",
        "edit",
        N_("&Insert a hand before the selected one"),
        edit.insert_before,
        ("Ctrl+I",),
    ),
    Item(
        "delete_hand",
        "edit",
        N_("&Delete selected hand (on the sheet)"),
        edit.delete_selected,
        (StandardKey.Delete,),
        on_sheet=True,
    ),
    Item(
        "copy_sheet",
        "edit",
        N_("&Copy the sheet (for a spreadsheet)"),
        files.copy_for_spreadsheet,
        (StandardKey.Copy,),
        on_sheet=True,
        sheets_own=True,
    ),
    Item("go_to_sheet", "edit", N_("Go to the &sheet"), edit.go_to_sheet, ("Ctrl+Up",)),
    Item("go_to_entry", "edit", N_("Go to the hand &entry"), edit.go_to_entry, ("Ctrl+Down",)),
    Item(
        "preferences",
        "edit",
        N_("&Preferences…"),
        windows.show_preferences,
        ("Ctrl+,",),
        line=True,
    ),
    Item("join", "night", N_("A player &joins…"), night.join, ("Ctrl+J",), open_night),
    Item("leave", "night", N_("A player &leaves…"), night.leave, ("Ctrl+Shift+L",), open_night),
    Item("settle_up", "night", N_("&Settle up"), night.show_settlement, ("Ctrl+E",), line=True),
    Item(
        "mark_paid",
        "night",
        N_("&Mark the selected payment as paid"),
        night.mark_paid,
        ("Ctrl+M",),
    ),
    Item(
        "history",
        "night",
        N_("&History of the selected hand…"),
        night.show_history,
        ("Ctrl+H",),
    ),
    Item("chart", "night", N_("&Chart"), night.show_chart, ("Ctrl+G",)),
    Item(
        "rules",
        "night",
        N_("House &rules of this night…"),
        night.change_rules,
        usable=open_night,
        line=True,
    ),
    Item(
        "delete_night",
        "night",
        N_("&Delete this night…"),
        night.delete_night,
        usable=any_night,
    ),
    Item("bring_back", "night", N_("&Bring back a deleted night…"), night.bring_back_night),
    Item("phones", "night", N_("Show on &phones…"), windows.show_on_phones, line=True),
    Item(
        "league",
        "league",
        N_("&Standings, players and money…"),
        windows.show_league,
        ("Ctrl+L",),
    ),
    Item(
        "board",
        "league",
        N_("Tonight's &board (for the room)…"),
        windows.show_board,
        ("Ctrl+B",),
    ),
    # A tournament day in League: the entry form holds every letter of "Tournament" (and
    # of "Turnier"), and a letter of the menu bar's may not be one of the form's.
    Item(
        "tournament",
        "league",
        N_("&Tournament: players, draw, results, standings…"),
        windows.show_tournaments,
        ("Ctrl+T",),
        line=True,
    ),
    Item(
        "tournament_board",
        "league",
        N_("Tournament board (for the &hall)…"),
        windows.show_tournament_board,
    ),
    Item("keys", "help", N_("&Keyboard and the entry form"), windows.show_keys, ("F1",)),
    Item("welcome", "help", N_("&Welcome"), windows.show_welcome),
    Item("about", "help", N_("&About Sheepshead Scorekeeper"), windows.show_about),
)


def build_menus(window: NightScreen, bar: QMenuBar) -> dict[str, QAction]:
    """The menu bar BAR of WINDOW made from MENUS and ITEMS, each item's action made
    (the window's, or the sheet's) in the order they read; each action by its name."""
    actions: dict[str, QAction] = {}
    for menu_name, title in MENUS:
        menu = bar.addMenu(_(title))
        for item in (item for item in ITEMS if item.menu == menu_name):
            if item.line:
                menu.addSeparator()
            actions[item.name] = action = QAction(
                _(item.text), window.sheet if item.sheets_own else window.widget
            )
            if item.keys:
                action.setShortcuts([QKeySequence(key) for key in item.keys])
            action.triggered.connect(_doing(item.does, window))
            if item.on_sheet:
                action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
                window.sheet.addAction(action)
            menu.addAction(action)
    return actions


def _doing(does: Callable[[NightScreen], None], window: NightScreen) -> Callable[[bool], None]:
    """What an action's `triggered` (with its checked state, unused) calls: DOES(WINDOW)."""

    def done(_checked: bool = False) -> None:
        does(window)

    return done


def show_usable(actions: dict[str, QAction], view: NightView | None) -> None:
    """Each item of ACTIONS (`build_menus`' answer) that can be used only sometimes,
    enabled or not for the night VIEW (None: none)."""
    for item in ITEMS:
        if item.usable is not None:
            actions[item.name].setEnabled(item.usable(view))
