"""What the league window's tabs share: a read-only table view, a date field whose lowest
value means "any date", and the problem line above the tabs, through which every read
from the store goes (`ProblemLine.attempt`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QDate, QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QHeaderView,
    QLabel,
    QTableView,
)

from scorekeeper.i18n import _
from scorekeeper.store.errors import StorageError

from ..labels import PROBLEM_COLOUR
from ..language import date_format
from ..rows_model import RowsModel
from ..sheet_columns import column_width

ANY_DATE = QDate(2000, 1, 1)  # the date edits' "any date"
P = ParamSpec("P")
T = TypeVar("T")


def table_of(
    model: RowsModel[Any],
    name: str,
    *,
    sort: tuple[int, Qt.SortOrder] | None = None,
    stretch: int | None = None,
) -> QTableView:
    """A read-only table view of MODEL; sortable by raw values when SORT gives the column
    and order to start with; its columns fitted to what they show each time the rows
    change (`FittedColumns`), column STRETCH (else the last) taking the spare width."""
    view = QTableView()
    view.setAccessibleName(name)
    view.setModel(model)
    if sort is not None:  # the model sorts itself (RowsModel.sort): no proxy between
        view.setSortingEnabled(True)
        view.sortByColumn(*sort)
        # After the view's own slot has sorted the rows: the row selected, wherever
        # it went, is on screen.
        view.horizontalHeader().sortIndicatorChanged.connect(lambda *_: show_selected(view))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    FittedColumns(view, model, stretch)
    return view


def show_selected(view: QTableView) -> None:
    """Scroll VIEW to its selected row (else its current one), if any."""
    rows = view.selectionModel().selectedRows()
    index = rows[0] if rows else view.currentIndex()
    if index.isValid():
        view.scrollTo(index)


# The rows a table's columns are fitted to: a screenful and more, as Qt's own fitting
# measured the rows on screen (a league of 200 players: its first 40 standings).
TABLE_ROWS = 40


class FittedColumns(QObject):
    """VIEW's columns as wide as what they show, fitted once each time MODEL's rows,
    their order or its headers change (`ui.sheet_columns.column_width`: only the cells
    that can be the widest measured), not by Qt at every layout: Qt's ResizeToContents
    measured every cell on screen some five times to show the league window, a third
    of its showing.
    Column STRETCH takes the width the others leave but is never squeezed below what
    it shows: where the others need the whole width (longer headers, as German's are),
    it keeps its contents' width and the table scrolls sideways, instead of cutting
    every player's name to "…".  With no STRETCH the last column takes the spare width."""

    def __init__(self, view: QTableView, model: RowsModel[Any], stretch: int | None) -> None:
        super().__init__(view)
        self.view, self.model, self.stretch = view, model, stretch
        self.needed = 0  # what the STRETCH column shows
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        if stretch is None:
            header.setStretchLastSection(True)
        else:
            view.viewport().installEventFilter(self)
        model.modelReset.connect(self.fit)
        # Sorted: other rows come to the top (only the first TABLE_ROWS are measured).
        model.layoutChanged.connect(lambda *_: self.fit())
        model.headerDataChanged.connect(lambda *_: self.fit())
        self.fit()

    def fit(self) -> None:
        """Each column as wide as its header and the first TABLE_ROWS rows show."""
        header = self.view.horizontalHeader()
        rows = range(min(self.model.rowCount(), TABLE_ROWS))
        for column in range(self.model.columnCount()):
            width = column_width(self.view, column, rows, self.model.text)
            if column == self.stretch:
                self.needed = width
            header.resizeSection(column, width)
        self._stretch()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._stretch()
        return False

    def _stretch(self) -> None:
        """The STRETCH column as wide as the room the others leave, or what it shows."""
        if self.stretch is None or self.stretch >= self.model.columnCount():
            return
        header = self.view.horizontalHeader()
        others = sum(header.sectionSize(i) for i in range(header.count()) if i != self.stretch)
        room = self.view.viewport().width() - others
        header.resizeSection(self.stretch, max(self.needed, room))


def date_edit(name: str) -> QDateEdit:
    """A date field whose lowest value reads "any date"."""
    edit = QDateEdit()
    edit.setAccessibleName(name)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat(date_format())
    edit.setMinimumDate(ANY_DATE)
    edit.setSpecialValueText(_("any date"))
    edit.setDate(ANY_DATE)
    return edit


def chosen_date(edit: QDateEdit) -> dt.date | None:
    """The date in EDIT, or None for "any date"."""
    value = edit.date()
    return None if value == ANY_DATE else dt.date(value.year(), value.month(), value.day())


def fill(combo: QComboBox, names: list[str]) -> None:
    """Offer NAMES in COMBO, the one chosen kept when it is still there (no signal)."""
    keep = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(names)
    if keep in names:
        combo.setCurrentText(keep)
    combo.blockSignals(False)


class ProblemLine(QLabel):
    """The sentence above the tabs: a storage problem, or an undo refused.  Every read a
    tab makes goes through `attempt`, so that a problem is said there, never raised."""

    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAccessibleName(_("Problem"))
        self.setStyleSheet(f"color: {PROBLEM_COLOUR}")

    def say(self, message: str) -> None:
        """Show MESSAGE above the tabs."""
        self.setText(message)
        self.show()

    def quiet(self) -> None:
        """Nothing to say (before everything is read again)."""
        self.clear()
        self.hide()

    def attempt(self, action: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """ACTION's result; None, with the problem said, when the store refuses."""
        try:
            return action(*args, **kwargs)
        except StorageError as error:
            self.say(str(error))
            return None
