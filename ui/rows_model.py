"""A read-only table model for plain rows: each column says its header, its text and the
value it sorts by (`SORT_ROLE`: raw numbers, so sorting is by number, not by text).
The league window's tables and the night screen's settlement are made of it.  A
column's header is marked with `N_` where the columns are declared (at import time) and
translated here, when it is shown.

A sortable view sorts the model itself (`RowsModel.sort`, what a header click calls):
`rows` are always in the order shown.  A sorting proxy did this before, and asked the
model for its row and column counts some 24,000 times to show 60 standings (a third of
the league window's opening, docs/performance.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from scorekeeper.formatting import money
from scorekeeper.i18n import _

Index = QModelIndex | QPersistentModelIndex
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
Row = TypeVar("Row")


class Column(Generic[Row]):
    """One column: its header (marked with `N_`, translated when shown; with DATA, a
    name, shown as it is), its text, and the value it sorts by."""

    def __init__(
        self,
        header: str,
        text: Callable[[Row], str],
        sort: Callable[[Row], Any] | None = None,
        *,
        right: bool = True,
        data: bool = False,
    ) -> None:
        self.header, self.text, self.sort, self.right = header, text, sort or text, right
        self.data = data
        self.cents: Callable[[Row], int] | None = None

    @property
    def shown(self) -> str:
        """The header as the table shows it: in the language spoken, a name as it is."""
        return self.header if self.data else _(self.header)


def money_column(header: str, cents: Callable[[Row], int]) -> Column[Row]:
    """A column of amounts: CENTS of each row, shown in the model's currency
    (`RowsModel.set_currency`) as the locale writes it, sorted by the cents."""
    column: Column[Row] = Column(header, lambda row: str(cents(row)), cents)
    column.cents = cents
    return column


class RowsModel(QAbstractTableModel, Generic[Row]):
    """A read-only table of ROWS, one per line, described by COLUMNS."""

    columns: Sequence[Column[Row]] = ()
    # What its money columns are in (the league's, the night's); None until it is
    # known, and its money cells blank till then (never an amount in a guessed currency).
    currency: str | None = None

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []  # in the order shown
        self._given: list[Row] = []  # in the order given
        self._shown: list[int] = []  # indexes into _given, in the order shown
        self._texts: dict[tuple[int, int], str] = {}  # (row, column) -> text, as shown
        self.sorted_by: tuple[int, Qt.SortOrder] | None = None  # column, order

    def set_currency(self, currency: str) -> None:
        """Show the money columns in CURRENCY (an ISO 4217 code) from now on."""
        if currency != self.currency:
            self.beginResetModel()
            self.currency = currency
            self._texts = {}
            self.endResetModel()

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Show these rows instead (sorted by the column sorted by, if any; rows that
        sort alike in the order given)."""
        self.beginResetModel()
        self._given = list(rows)
        self._shown = self._sorted(range(len(self._given)))
        self.rows = [self._given[i] for i in self._shown]
        self._texts = {}
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Show the rows ordered by COLUMN's sort values (a header clicked); column -1,
        in the order given.  The sort is stable: rows that sort alike keep the order
        they were shown in (as Qt's sorting proxy kept them), and the selection stays
        on the same rows."""
        self.layoutAboutToBeChanged.emit()
        self.sorted_by = (column, order) if column >= 0 else None
        before = self._shown
        self._shown = self._sorted(before if column >= 0 else range(len(self._given)))
        self.rows = [self._given[i] for i in self._shown]
        place = {given: at for at, given in enumerate(self._shown)}
        old = self.persistentIndexList()
        new = [self.index(place[before[i.row()]], i.column()) for i in old]
        self.changePersistentIndexList(old, new)
        self._texts = {}
        self.layoutChanged.emit()

    def _sorted(self, given: Iterable[int]) -> list[int]:
        """GIVEN (indexes into the rows given) in the order sorted by (a stable sort),
        or as they are."""
        if self.sorted_by is None:
            return list(given)
        column, order = self.sorted_by
        by, rows = self.columns[column], self._given
        descending = order == Qt.SortOrder.DescendingOrder
        return sorted(given, key=lambda i: _sort_value(by, rows[i]), reverse=descending)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].shown
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        # Asked some ten times a cell when a table is shown (each role, measuring and
        # painting): the role is tested as a plain int and a cell's text made once.
        if role in _TEXT_ROLES:
            return self.text(index.row(), index.column()) if index.isValid() else None
        if role == _ALIGNMENT:
            return _RIGHT if index.isValid() and self.columns[index.column()].right else _LEFT
        if role == SORT_ROLE and index.isValid():
            return _sort_value(self.columns[index.column()], self.rows[index.row()])
        return None

    def text(self, row: int, column: int) -> str:
        """What the cell at ROW, COLUMN shows, made once, read without a call through Qt
        (a table's fitting reads many: ui/sheet_columns.py)."""
        key = (row, column)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._text(self.columns[column], self.rows[row])
        return text

    def _text(self, column: Column[Row], row: Row) -> str:
        if column.cents is not None:
            currency = self.currency
            return "" if currency is None else money(column.cents(row), currency)
        return column.text(row)


def _sort_value(column: Column[Row], row: Row) -> Any:
    """What ROW sorts by in COLUMN, as a plain value (Qt compares only plain values:
    fractions sort as floats)."""
    value = column.sort(row)
    return float(value) if isinstance(value, Fraction) else value


_TEXT_ROLES = frozenset(
    {int(Qt.ItemDataRole.DisplayRole.value), int(Qt.ItemDataRole.AccessibleTextRole.value)}
)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
_LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
