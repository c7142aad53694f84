"""A read-only table model for plain rows: each column says its header, its text and the
value it sorts by (`SORT_ROLE`: raw numbers, so sorting is by number, not by text).
The league window's tables and the night screen's settlement are made of it.  A
column's header is marked with `N_` where the columns are declared (at import time) and
translated here, when it is shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
        self.rows: list[Row] = []

    def set_currency(self, currency: str) -> None:
        """Show the money columns in CURRENCY (an ISO 4217 code) from now on."""
        if currency != self.currency:
            self.beginResetModel()
            self.currency = currency
            self.endResetModel()

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Show these rows instead."""
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

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
        if not index.isValid():
            return None
        column, row = self.columns[index.column()], self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if column.cents is not None:
                currency = self.currency
                return "" if currency is None else money(column.cents(row), currency)
            return column.text(row)
        if role == SORT_ROLE:  # Qt compares only plain values: fractions sort as floats
            value = column.sort(row)
            return float(value) if isinstance(value, Fraction) else value
        if role == Qt.ItemDataRole.TextAlignmentRole:
            side = Qt.AlignmentFlag.AlignRight if column.right else Qt.AlignmentFlag.AlignLeft
            return int(side | Qt.AlignmentFlag.AlignVCenter)
        return None
