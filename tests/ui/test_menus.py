"""The night screen's menus as a person reads them: every menu's items in order, their
words, Alt letters and keys, which of them can be used with no night, an open one or a
closed one, and the keys Help ▸ Keyboard (F1) lists, in its order.  Written down from
the window before its menus were declared in one table (ui/menus/table.py), so that the
move changed nothing a user sees."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QKeySequence

from scorekeeper.store import night_import
from tests.sheet import night_doc, pick
from ui.help import shortcut_rows

SHEET = "on the sheet"  # the key works only while the sheet has the keyboard
QUIT = "the platform's Quit keys"  # read once the app runs (none offscreen)


# A menu an indented block, as it reads on screen (kept so by hand: wrapped by the
# formatter, the menus no longer read as they drop down).
MENUS: list[tuple[str, list[Any]]] = [
    ("&File", [
        ("&New night…", "Ctrl+N"),
        ("&Open night…", "Ctrl+O"),
        ("&Export night…", ""),
        ("Export as &spreadsheet (CSV)…", "Ctrl+Shift+S"),
        ("&Print night report…", "Ctrl+P"),
        ("Blank score p&ad…", ""),
        "-",
        ("&Import nights…", ""),
        ("Import spreads&heet…", ""),
        "-",
        ("&Back up the database…", ""),
        ("&Restore a backup…", ""),
        ("&Daily backups…", ""),
        "-",
        ("&Quit", QUIT),
    ]),
    ("&Edit", [
        ("&Undo", "Ctrl+Z"),
        ("&Redo", "Ctrl+Shift+Z or Ctrl+Y"),
        "-",
        ("&Edit selected hand", "F2"),
        ("&Insert a hand before the selected one", "Ctrl+I"),
        ("&Delete selected hand (on the sheet)", "Del", SHEET),
        ("&Copy the sheet (for a spreadsheet)", "Ctrl+C", SHEET),
        ("Go to the &sheet", "Ctrl+Up"),
        ("Go to the hand &entry", "Ctrl+Down"),
        "-",
        ("&Preferences…", "Ctrl+,"),
    ]),
    ("&Night", [
        ("A player &joins…", "Ctrl+J"),
        ("A player &leaves…", "Ctrl+Shift+L"),
        "-",
        ("&Settle up", "Ctrl+E"),
        ("&Mark the selected payment as paid", "Ctrl+M"),
        ("&History of the selected hand…", "Ctrl+H"),
        ("&Chart", "Ctrl+G"),
        "-",
        ("House &rules of this night…", ""),
        ("&Delete this night…", ""),
        ("&Bring back a deleted night…", ""),
        "-",
        ("Show on &phones…", ""),
    ]),
    ("&League", [
        ("&Standings, players and money…", "Ctrl+L"),
        ("Tonight's &board (for the room)…", "Ctrl+B"),
        "-",
        ("&Tournament: players, draw, results, standings…", "Ctrl+T"),
        ("Tournament board (for the &hall)…", ""),
    ]),
    ("&Help", [
        ("&Keyboard and the entry form", "F1"),
        ("&Welcome", ""),
        ("&About Sheepshead Scorekeeper", ""),
    ]),
]  # fmt: skip

# What cannot be used: no night has no one to seat, no rules and nothing to delete; a
# closed night is reopened first (Settle up) to seat anyone or change its rules.
UNUSABLE = {
    "none": {
        "A player &joins…",
        "A player &leaves…",
        "House &rules of this night…",
        "&Delete this night…",
    },
    "open": set(),
    "closed": {"A player &joins…", "A player &leaves…", "House &rules of this night…"},
}

# F1's "Everywhere in the window": the sheet's Ctrl+C first, then the menus' order (of
# what can be used now).
F1_ROWS = [
    ("Ctrl+C", "Copy the sheet (for a spreadsheet)"),
    ("Ctrl+N", "New night…"),
    ("Ctrl+O", "Open night…"),
    ("Ctrl+Shift+S", "Export as spreadsheet (CSV)…"),
    ("Ctrl+P", "Print night report…"),
    (QUIT, "Quit"),
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Shift+Z or Ctrl+Y", "Redo"),
    ("F2", "Edit selected hand"),
    ("Ctrl+I", "Insert a hand before the selected one"),
    ("Del", "Delete selected hand (on the sheet)"),
    ("Ctrl+Up", "Go to the sheet"),
    ("Ctrl+Down", "Go to the hand entry"),
    ("Ctrl+,", "Preferences…"),
    ("Ctrl+J", "A player joins…"),
    ("Ctrl+Shift+L", "A player leaves…"),
    ("Ctrl+E", "Settle up"),
    ("Ctrl+M", "Mark the selected payment as paid"),
    ("Ctrl+H", "History of the selected hand…"),
    ("Ctrl+G", "Chart"),
    ("Ctrl+L", "Standings, players and money…"),
    ("Ctrl+B", "Tonight's board (for the room)…"),
    ("Ctrl+T", "Tournament: players, draw, results, standings…"),
    ("F1", "Keyboard and the entry form"),
]


def menus_read(window: Any) -> tuple[list[tuple[str, list[Any]]], set[str]]:
    """Each menu of WINDOW's bar: its title and items ("-" a line; else the text, its
    keys, and SHEET when they work on the sheet only); and the items not usable now."""
    read, unusable = [], set()
    for title in window.menuBar().actions():
        items: list[Any] = []
        for action in title.menu().actions():
            if action.isSeparator():
                items.append("-")
                continue
            keys = " or ".join(
                key.toString(QKeySequence.SequenceFormat.PortableText) for key in action.shortcuts()
            )
            on_sheet = action.shortcutContext().name == "WidgetShortcut"
            items.append((action.text(), keys, *([SHEET] if on_sheet else [])))
            if not action.isEnabled():
                unusable.add(action.text())
        read.append((title.text(), items))
    return read, unusable


@pytest.mark.parametrize("night", ["none", "open", "closed"])
def test_the_menus_read_as_they_did_before_the_table(database, open_window, night) -> None:
    night_id = None
    if night != "none":
        document = night_doc("classic-5", [pick("Bob", "Dee", points=74, tricks=4)])
        document["closed"] = night == "closed"
        night_id = night_import.import_night(database, document)
    window = open_window(database, night_id)
    read, unusable = menus_read(window)
    assert read == platform_keys(MENUS)
    assert unusable == UNUSABLE[night]
    usable = [row for row in F1_ROWS if row[1] not in {t.replace("&", "") for t in unusable}]
    assert shortcut_rows(window) == platform_keys(usable)


def platform_keys(expected: Any) -> Any:
    """EXPECTED with QUIT as the platform's Quit keys (Qt knows them once it runs)."""
    if expected == QUIT:
        return " or ".join(
            key.toString(QKeySequence.SequenceFormat.PortableText)
            for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        )
    if isinstance(expected, list | tuple):
        return type(expected)(platform_keys(each) for each in expected)
    return expected
