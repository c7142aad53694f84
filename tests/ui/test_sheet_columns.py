"""The sheet after a hand is recorded at the end: its columns fit what they show (the
window fits them itself when the night opens, and after a hand at the end only widens
them), its cells are painted as the model says, and the panels beside it follow."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from scorekeeper.store import night_import
from tests.sheet import leaster, night_doc
from ui.sheet_model import ALIGNMENT, DISPLAY, FONT, HAND

CALLED = {
    "type": "pick",
    "picker": "Bob",
    "partners": ["Dee"],
    "call": "ace-hearts",
    "points": 64,
    "tricks": 3,
}


def cramped(window: Any) -> list[tuple[int, int]]:
    """The cells (row, column) wider than their column: text the sheet would cut off."""
    sheet, model = window.sheet, window.model
    grid = 1 if sheet.showGrid() else 0
    return [
        (row, column)
        for row in range(model.rowCount())
        for column in range(model.columnCount())
        if sheet.sizeHintForIndex(model.index(row, column)).width() + grid
        > sheet.columnWidth(column)
    ]


def test_every_cell_fits_its_column_when_the_night_opens(database, open_window) -> None:
    hands = [leaster("Ann"), CALLED, leaster("Cal")]
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    assert window.model.rowCount() == len(hands) + 2
    assert cramped(window) == []


def test_a_hand_recorded_at_the_end_widens_the_columns_it_needs(database, open_window) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", [leaster("Ann")]))
    window = open_window(database, night_id)
    sheet, model = window.sheet, window.model
    narrow = sheet.columnWidth(HAND)
    window.save_hand(CALLED | {"dealer": window.session.view.next_dealer()})
    assert len(window.session.view.lines) == 2
    called_row = model.index(1, HAND)
    assert sheet.sizeHintForIndex(called_row).width() > narrow  # it needs more room...
    assert cramped(window) == []  # ...and has it, as every other cell


def test_a_painted_cell_shows_what_the_model_says(database, open_window) -> None:
    """The sheet is painted from every role of a cell asked at once (`multiData`): the
    text, its alignment and the totals' bold are what `data` answers one by one."""
    hands = [leaster("Ann"), CALLED]
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    model = window.model
    delegate = QStyledItemDelegate()
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            option = QStyleOptionViewItem()
            delegate.initStyleOption(option, index)
            assert option.text == (index.data(DISPLAY) or ""), (row, column)
            assert option.displayAlignment.value == index.data(ALIGNMENT), (row, column)
            font = index.data(FONT)
            assert option.font.bold() == (isinstance(font, QFont) and font.bold()), (row, column)
    totals = model.index(model.rowCount() - 1, HAND)
    option = QStyleOptionViewItem()
    delegate.initStyleOption(option, totals)
    assert option.font.bold() and option.text.startswith("Money")


def test_the_hand_panel_follows_each_hand_recorded_and_the_row_chosen(
    database, open_window
) -> None:
    """The panels are shown once for each state of the night and row of the sheet: a
    hand recorded, or another row chosen, still shows in the hand panel."""
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    panel = window.hand_panel
    for number in (1, 2):
        window.save_hand(CALLED | {"dealer": window.session.view.next_dealer()})
        assert panel.explanation.text().startswith(f"Hand {number}:")
        assert panel.pending.text().startswith(f"Hand {number + 1},")
    window.sheet.setCurrentIndex(window.model.index(0, 0))
    assert panel.explanation.text().startswith("Hand 1:")
    window.save_hand(leaster("Cal") | {"dealer": window.session.view.next_dealer()})
    assert panel.explanation.text().startswith("Hand 3:")
    assert panel.pending.text().startswith("Hand 4,")
