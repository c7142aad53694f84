"""The sheet after a hand is recorded at the end: its columns fit what they show (the
window fits them itself when the night opens, and after a hand at the end only widens
them), its cells are painted as the model says, and the panels beside it follow."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from scorekeeper.store import night_import
from tests.sheet import FIVE, leaster, night_doc
from ui.menus.edit import save_hand
from ui.sheet_model import ALIGNMENT, DISPLAY, FIXED, FONT, HAND

CALLED = {
    "type": "pick",
    "picker": "Bob",
    "partners": ["Dee"],
    "call": "ace-hearts",
    "points": 64,
    "tricks": 3,
}


def cramped(window: Any, rows: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """The cells (row, column) of ROWS (every row when None) wider than their column:
    text the sheet would cut off."""
    sheet, model = window.sheet, window.model
    grid = 1 if sheet.showGrid() else 0
    return [
        (row, column)
        for row in (range(model.rowCount()) if rows is None else rows)
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
    save_hand(window, CALLED | {"dealer": window.session.view.next_dealer()})
    assert len(window.session.view.lines) == 2
    called_row = model.index(1, HAND)
    assert sheet.sizeHintForIndex(called_row).width() > narrow  # it needs more room...
    assert cramped(window) == []  # ...and has it, as every other cell


def test_a_painted_cell_shows_what_the_model_says(database, open_window) -> None:
    """The sheet is painted from its cells' items: the text is what the night's view
    says of the cell (`SheetModel.text`, worked out without the items), a hand's
    players' and numbers' cells right-aligned, the totals in bold."""
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
            assert option.text == model.text(row, column), (row, column)
            assert option.displayAlignment.value == index.data(ALIGNMENT), (row, column)
            right = column not in (1, HAND) or row >= len(hands)  # the dealer's, a hand's
            assert bool(option.displayAlignment & Qt.AlignmentFlag.AlignRight) == right
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
        save_hand(window, CALLED | {"dealer": window.session.view.next_dealer()})
        assert panel.explanation.text().startswith(f"Hand {number}:")
        assert panel.pending.text().startswith(f"Hand {number + 1},")
    window.sheet.setCurrentIndex(window.model.index(0, 0))
    assert panel.explanation.text().startswith("Hand 1:")
    save_hand(window, leaster("Cal") | {"dealer": window.session.view.next_dealer()})
    assert panel.explanation.text().startswith("Hand 3:")
    assert panel.pending.text().startswith("Hand 4,")


def varied_hands(players: list[str] = FIVE) -> list[dict[str, Any]]:
    """Forty hands whose cells differ in width from row to row: picks alone and called,
    won and lost, schneider and schwarz, leasters, so that the widest cell of a column
    is seldom on the last screen of rows."""
    hands: list[dict[str, Any]] = []
    for number in range(40):
        if number % 7 == 3:
            hands.append(leaster(players[number % 5]))
            continue
        points = [0, 15, 31, 45, 60, 61, 75, 91, 120][number % 9]
        tricks = 0 if points == 0 else 6 if points == 120 else 3
        hands.append(CALLED | {"points": points, "tricks": tricks})
    return hands


def test_the_columns_are_as_wide_as_qt_fitting_every_row(database, open_window) -> None:
    """The window measures only the cells that can be the widest (ui.sheet_columns), and
    the widths are those Qt's own fitting gives when it measures every cell: a column
    whose widest cell is far above the rows on screen is as wide, a long name's header
    too."""
    players = ["Ann", "Bob", "Cal", "Dee", "Eve Maximiliane von Lengenfeld"]
    hands = varied_hands(players)
    night = night_doc("classic-5", hands, players)
    window = open_window(database, night_import.import_night(database, night))
    sheet, model = window.sheet, window.model
    assert model.rowCount() == len(hands) + 2
    fitted = [sheet.columnWidth(column) for column in range(model.columnCount())]
    sheet.horizontalHeader().setResizeContentsPrecision(-1)  # every row
    sheet.resizeColumnsToContents()
    assert fitted == [sheet.columnWidth(column) for column in range(model.columnCount())]
    assert cramped(window) == []


def test_opening_a_night_measures_few_of_its_cells(database, qtbot, monkeypatch) -> None:
    """Qt is asked about a few cells of each column while the window fits them, not
    about every one: measuring all of a usual night's took most of the time its window
    took to make (docs/performance.md)."""
    from ui.main_window import MainWindow
    from ui.session import NightSession
    from ui.sheet_model import SheetModel

    asked: set[tuple[int, int]] = set()
    data, many = SheetModel.data, SheetModel.multiData

    def counted_data(self: SheetModel, index: Any, role: int = DISPLAY) -> Any:
        asked.add((index.row(), index.column()))
        return data(self, index, role)

    def counted_many(self: SheetModel, index: Any, span: Any) -> None:
        asked.add((index.row(), index.column()))
        many(self, index, span)

    monkeypatch.setattr(SheetModel, "data", counted_data)
    monkeypatch.setattr(SheetModel, "multiData", counted_many)
    session = NightSession(database)
    session.open(night_import.import_night(database, night_doc("classic-5", varied_hands())))
    window = MainWindow(session)  # made, not yet shown: nothing painted
    qtbot.addWidget(window)
    cells = window.model.rowCount() * window.model.columnCount()
    assert window.model.rowCount() == 42
    assert 0 < len(asked) < cells // 4


def test_an_early_hand_edited_on_a_long_night_leaves_its_last_hands_whole(
    database, open_window
) -> None:
    """A long night's sheet is fitted to the rows on screen, and to its last hand and
    the totals: the widest number is the last hand's (a trial: an edit of hand 3 of
    1,003 left "…" in the hand column of hands 994 to 1,003, their text wrapped)."""
    hands = [leaster(FIVE[n % 5]) for n in range(1003)]  # a four-digit last hand
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    sheet, model = window.sheet, window.model
    sheet.setCurrentIndex(model.index(2, HAND))
    # F2 on hand 3: it stays on screen, the last hands below.
    window.menu_actions["edit_hand"].trigger()
    save_hand(window, CALLED)
    assert window.session.view.lines[2].record["type"] == "pick"
    last = range(model.rowCount() - 3, model.rowCount())  # the last hand, the totals
    assert cramped(window, last) == []


def test_a_column_a_pixel_short_of_a_new_cell_is_widened(database, open_window) -> None:
    """After a hand at the end only its row and the totals are looked at, and Qt's size
    hint asked only when a text comes near its column's edge: a cell one pixel too wide
    for its column, in the regular font or the totals' bold, still widens it."""
    from ui.sheet_columns import widen_to

    hands = [leaster("Ann"), CALLED, leaster("Cal")]
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    sheet, model = window.sheet, window.model
    grid = 1 if sheet.showGrid() else 0
    last = range(model.rowCount() - 3, model.rowCount())  # the last hand and the totals
    for row in last:
        for column in range(model.columnCount()):
            if not model.text(row, column):
                continue
            needed = sheet.sizeHintForIndex(model.index(row, column)).width() + grid
            sheet.setColumnWidth(column, needed - 1)
            widen_to(sheet, model, last)
            assert sheet.columnWidth(column) >= needed, (row, column, model.text(row, column))


def test_a_long_night_makes_the_items_of_the_rows_asked_for_only(database, open_window) -> None:
    """The sheet's cells are Qt's own items, made for a row the first time one of its
    indexes is asked for: a 1,003-hand night opens with the rows on screen made, not
    9,000 items; a row asked for later says what the night says; no cell is edited in
    place (Enter or a double click edits the hand)."""
    from ui.sheet_model import SPOKEN, TOOLTIP

    hands = [leaster(FIVE[n % 5]) for n in range(1003)]
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    model = window.model
    made = sum(model._made)
    assert 0 < made < 60
    line = window.session.view.lines[500]
    cell = model.index(500, HAND)
    assert model._made[500] and sum(model._made) == made + 1
    assert cell.data(DISPLAY) == line.result.summary == model.text(500, HAND)
    assert cell.data(TOOLTIP) == line.result.explanation
    assert cell.data(SPOKEN) == line.result.summary
    assert not cell.flags() & Qt.ItemFlag.ItemIsEditable
    # A hand recorded at the end: its row and the totals under it made anew.
    save_hand(window, CALLED | {"dealer": window.session.view.next_dealer()})
    last = model.rowCount() - 1 - 2
    assert model.index(last, HAND).data(DISPLAY) == window.session.view.lines[-1].result.summary
    total = model.index(model.rowCount() - 2, len(FIXED))  # the first player's points total
    first = window.session.view.players[0]
    assert total.data(DISPLAY) == f"{window.session.view.result.total_points[first]:+d}"


def cramped_on_screen(window: Any) -> list[tuple[int, int]]:
    """The cells (row, column) of the rows on screen wider than their column."""
    sheet = window.sheet
    first, last = sheet.rowAt(0), sheet.rowAt(sheet.viewport().height() - 1)
    return cramped(window, range(first, (last if last >= 0 else window.model.rowCount() - 1) + 1))


def test_a_long_night_s_rows_scrolled_into_sight_fit_their_columns(database, open_window) -> None:
    """A long night's columns are fitted to the rows on screen and its last hand when it
    opens; a row scrolled into sight later with a wider cell widens its column (a
    trial: a cell of hand 606 of 700 split over two lines)."""
    hands = [leaster(FIVE[n % 5]) for n in range(150)]
    hands[40] = CALLED  # a longer hand text than any leaster's, far from the end
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    sheet, model = window.sheet, window.model
    assert sheet.rowAt(0) > 40  # the pick is out of sight: its column not fitted to it
    narrow = sheet.columnWidth(HAND)
    sheet.scrollTo(model.index(40, HAND))
    assert sheet.columnWidth(HAND) > narrow
    assert cramped_on_screen(window) == []


def test_a_long_night_s_rows_shown_by_a_taller_window_fit_their_columns(
    database, open_window, qtbot
) -> None:
    """Rows brought into sight without a scroll (the window made taller) widen their
    columns too (a review)."""
    hands = [leaster(FIVE[n % 5]) for n in range(150)]
    hands[18] = CALLED
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    sheet = window.sheet
    window.resize(window.width(), 420)
    qtbot.waitUntil(lambda: sheet.rowAt(sheet.viewport().height() - 1) >= 0)
    sheet.scrollToTop()
    assert sheet.rowAt(sheet.viewport().height() - 1) < 18  # the pick below the sheet
    narrow = sheet.columnWidth(HAND)
    window.resize(window.width(), 1100)
    qtbot.waitUntil(lambda: sheet.rowAt(sheet.viewport().height() - 1) > 18)
    assert sheet.columnWidth(HAND) > narrow
    assert cramped_on_screen(window) == []


def test_a_total_of_nothing_reads_0_as_the_running_totals_do(database, open_window) -> None:
    """The totals row wrote a player at zero as "+0" under hands whose running totals
    write "0" (a trial)."""
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    model = window.model
    players = range(len(FIXED), model.columnCount())
    assert [model.index(0, column).data() for column in players] == ["0"] * len(FIVE)
