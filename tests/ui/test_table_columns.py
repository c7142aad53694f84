"""The league window's tables fit their columns to what they show, fitted once when
their rows change (`FittedColumns`), not by Qt at every layout: every cell of the rows
fitted is whole, the stretching column takes the spare width but is never squeezed
below what it shows, and showing a table asks the model about each cell a few times,
not five passes of every role."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QApplication

from ui.league.widgets import TABLE_ROWS, table_of
from ui.rows_model import Column, RowsModel

Row = tuple[str, int, str]


class Model(RowsModel[Row]):
    columns = (
        Column("Name", lambda r: r[0], lambda r: r[0].casefold(), right=False, data=True),
        Column("Points", lambda r: f"{r[1]:+d}", lambda r: r[1], data=True),
        Column("A long header over short cells", lambda r: r[2], lambda r: r[2], data=True),
    )


def rows(count: int) -> list[Row]:
    """COUNT players, the widest name and the widest figure far down."""
    made = [(f"Player {n}", n, "x") for n in range(count)]
    made[count - 2] = ("Bartholomew Featherstonehaugh-Wolfeschlegel", 5, "y")
    made[count - 1] = ("Zoë", -123456789, "z")
    return made


def cramped(view, model: Model, count: int) -> list[tuple[int, int]]:
    """The cells (row, column) among the first COUNT wider than their column."""
    grid = 1 if view.showGrid() else 0
    return [
        (row, column)
        for row in range(count)
        for column in range(model.columnCount())
        if view.sizeHintForIndex(model.index(row, column)).width() + grid > view.columnWidth(column)
    ]


def test_every_cell_fitted_is_whole_and_the_header_too(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", stretch=0)
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    model.set_rows(rows(30))  # the widest name and figure below the first screen
    assert cramped(view, model, 30) == []
    header = view.horizontalHeader()
    assert all(view.columnWidth(c) >= header.sectionSizeHint(c) for c in range(model.columnCount()))


def test_the_stretching_column_takes_the_room_left_but_keeps_what_it_shows(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", stretch=0)
    qtbot.addWidget(view)
    model.set_rows(rows(10))
    view.resize(1200, 300)
    view.show()
    qtbot.waitUntil(lambda: view.viewport().width() > 1000)
    header = view.horizontalHeader()
    used = sum(header.sectionSize(c) for c in range(model.columnCount()))
    assert used == view.viewport().width()  # the name column takes the spare width
    view.resize(200, 300)  # narrower than the other columns need
    qtbot.waitUntil(lambda: view.viewport().width() < 200)
    assert cramped(view, model, 10) == []  # the names whole: the table scrolls instead


def test_showing_a_table_asks_each_cell_a_few_times_not_every_pass(qtbot) -> None:
    asked: dict[tuple[int, int], int] = {}

    class Counting(Model):
        def data(
            self,
            index: QModelIndex | QPersistentModelIndex,
            role: int = Qt.ItemDataRole.DisplayRole,
        ) -> object:
            key = (index.row(), index.column())
            asked[key] = asked.get(key, 0) + 1
            return super().data(index, role)

    model = Counting()
    view = table_of(model, "Table", stretch=0)
    qtbot.addWidget(view)
    model.set_rows(rows(TABLE_ROWS))
    view.resize(900, 400)
    view.show()
    QApplication.processEvents()  # shown and laid out
    view.viewport().repaint()
    painted = [key for key in asked if key[0] < 5]
    assert painted  # the first rows were painted
    # Painted once or twice (about eight roles a paint); Qt's fitting at every layout
    # asked the cells on screen some forty times.
    assert max(asked[key] for key in painted) <= 20


def test_a_sort_that_brings_other_rows_to_the_top_fits_them(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", sort=(1, Qt.SortOrder.DescendingOrder), stretch=0)
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    model.set_rows(rows(TABLE_ROWS + 60))  # the longest name and figure: fitted last
    view.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # now at the top
    assert model.rows[0][1] == -123456789
    assert cramped(view, model, TABLE_ROWS) == []
