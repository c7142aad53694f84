"""What the league window's tabs share: a read-only table view, a date field whose lowest
value means "any date", and the problem line above the tabs, through which every read
from the store goes (`ProblemLine.attempt`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QDate, QEvent, QObject, Qt, QTimer
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
    and order to start with; column STRETCH (else the last) takes the spare width, never
    narrower than what it shows (`KeepWhole`)."""
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
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # Columns fit the rows on screen, not every row (a big league's thousands of cells).
    header.setResizeContentsPrecision(0)
    if stretch is None:
        header.setStretchLastSection(True)
    else:
        KeepWhole(view, stretch)
    return view


def show_selected(view: QTableView) -> None:
    """Scroll VIEW to its selected row (else its current one), if any."""
    rows = view.selectionModel().selectedRows()
    index = rows[0] if rows else view.currentIndex()
    if index.isValid():
        view.scrollTo(index)


class KeepWhole(QObject):
    """A table's COLUMN takes the width its other columns leave, but is never squeezed
    below what it shows: where the other columns need the whole width (longer headers,
    as German's are), it keeps its contents' width and the table scrolls sideways,
    instead of cutting every player's name to "…"."""

    def __init__(self, view: QTableView, column: int) -> None:
        super().__init__(view)
        self.view, self.column = view, column
        view.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        view.viewport().installEventFilter(self)
        model = view.model()
        for signal in (model.modelReset, model.layoutChanged, model.headerDataChanged):
            signal.connect(lambda *_: QTimer.singleShot(0, self.fit))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self) -> None:
        """Stretch the column when the room left is at least what it shows, else size
        it to its contents."""
        header = self.view.horizontalHeader()
        others = sum(header.sectionSize(i) for i in range(header.count()) if i != self.column)
        needed = max(self.view.sizeHintForColumn(self.column), header.sectionSizeHint(self.column))
        room = self.view.viewport().width() - others
        mode = (
            QHeaderView.ResizeMode.Stretch
            if room >= needed
            else QHeaderView.ResizeMode.ResizeToContents
        )
        if header.sectionResizeMode(self.column) != mode:
            header.setSectionResizeMode(self.column, mode)


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
