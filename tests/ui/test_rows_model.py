"""A sortable table of the league window sorts its own rows (no proxy between): a
header click orders the rows by number, not by text; rows that sort alike keep the
order they were shown in; the row selected stays selected; rows read again come
sorted the same way; and `rows` is always the order on screen (what Ctrl+C copies)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ui.league.widgets import table_of
from ui.rows_model import Column, RowsModel

Row = tuple[str, int, int]  # a name, a number, another
ROWS: list[Row] = [("Ann", 10, 1), ("bob", 9, 2), ("Cal", 10, 2), ("dee", 100, 1)]


class Model(RowsModel[Row]):
    columns = (
        Column("Name", lambda r: r[0], lambda r: r[0].casefold(), right=False, data=True),
        Column("Points", lambda r: str(r[1]), lambda r: r[1], data=True),
        Column("Nights", lambda r: str(r[2]), lambda r: r[2], data=True),
    )


def names(model: Model) -> list[str]:
    """The first column as it reads on screen, top to bottom."""
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_a_header_sorts_by_number_and_ties_keep_the_order_shown(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", sort=(0, Qt.SortOrder.AscendingOrder))
    qtbot.addWidget(view)
    model.set_rows(ROWS)
    assert names(model) == ["Ann", "bob", "Cal", "dee"]  # by name, in any case
    view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    assert names(model) == ["bob", "Ann", "Cal", "dee"]  # 100 last: not "100" < "9"
    view.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    assert names(model) == ["bob", "Cal", "Ann", "dee"]  # 2s first, each tie by points
    assert [r[0] for r in model.rows] == names(model)  # what is copied: as on screen


def test_rows_read_again_come_sorted_by_the_column_chosen(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", sort=(1, Qt.SortOrder.DescendingOrder))
    qtbot.addWidget(view)
    model.set_rows(ROWS)
    assert names(model) == ["dee", "Ann", "Cal", "bob"]  # the tie in the order given
    model.set_rows([*ROWS, ("Eve", 50, 3)])
    assert names(model) == ["dee", "Eve", "Ann", "Cal", "bob"]


def test_the_row_selected_stays_selected_when_sorted(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", sort=(0, Qt.SortOrder.AscendingOrder))
    qtbot.addWidget(view)
    model.set_rows(ROWS)
    view.setCurrentIndex(model.index(3, 1))  # dee, the points cell
    view.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    current = view.currentIndex()
    assert (current.row(), current.column()) == (0, 1) and model.rows[0][0] == "dee"
    assert view.selectionModel().isRowSelected(0)


def test_sorted_by_no_column_shows_the_order_given(qtbot) -> None:
    model = Model()
    view = table_of(model, "Table", sort=(1, Qt.SortOrder.AscendingOrder))
    qtbot.addWidget(view)
    model.set_rows(ROWS)
    model.sort(-1)
    assert names(model) == [r[0] for r in ROWS]


def test_after_a_sort_the_row_selected_is_on_screen(qtbot) -> None:
    """A trial: after a header click the row selected had often gone off screen."""
    model = Model()
    view = table_of(model, "Table", sort=(1, Qt.SortOrder.AscendingOrder))
    qtbot.addWidget(view)
    model.set_rows([(f"P{n:03}", n, n % 7) for n in range(200)])
    view.resize(400, 200)
    view.show()
    qtbot.waitExposed(view)
    view.selectRow(0)  # P000, at the top
    for column, order in [(1, Qt.SortOrder.DescendingOrder), (0, Qt.SortOrder.DescendingOrder)]:
        view.horizontalHeader().setSortIndicator(column, order)  # the header clicked
        row = view.selectionModel().selectedRows()[0].row()
        assert model.index(row, 0).data() == "P000" and row == 199
        assert view.visualRect(model.index(row, 0)).intersects(view.viewport().rect())
