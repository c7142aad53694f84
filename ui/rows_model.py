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
        self._texts: dict[tuple[int, int], str] = {}  # (row, column) -> text, as shown

    def set_currency(self, currency: str) -> None:
        """Show the money columns in CURRENCY (an ISO 4217 code) from now on."""
        if currency != self.currency:
            self.beginResetModel()
            self.currency = currency
            self._texts = {}
            self.endResetModel()

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Show these rows instead."""
        self.beginResetModel()
        self.rows = list(rows)
        self._texts = {}
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
        # Asked some ten times a cell when a table is shown (each role, measuring and
        # painting): the role is tested as a plain int and a cell's text made once.
        if role in _TEXT_ROLES:
            key = (index.row(), index.column())
            text = self._texts.get(key)
            if text is None and index.isValid():
                text = self._texts[key] = self._text(self.columns[key[1]], self.rows[key[0]])
            return text
        if role == _ALIGNMENT:
            return _RIGHT if index.isValid() and self.columns[index.column()].right else _LEFT
        if role == SORT_ROLE and index.isValid():
            # Qt compares only plain values: fractions sort as floats
            value = self.columns[index.column()].sort(self.rows[index.row()])
            return float(value) if isinstance(value, Fraction) else value
        return None

    def _text(self, column: Column[Row], row: Row) -> str:
        if column.cents is not None:
            currency = self.currency
            return "" if currency is None else money(column.cents(row), currency)
        return column.text(row)


_TEXT_ROLES = frozenset(
    {int(Qt.ItemDataRole.DisplayRole.value), int(Qt.ItemDataRole.AccessibleTextRole.value)}
)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
_LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
