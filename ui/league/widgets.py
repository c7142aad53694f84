"""What the league window's tabs share: a read-only table view, a date field whose lowest
value means "any date", a field whose Ctrl+Z is the window's once it has nothing of its
own to undo (`UndoFallsThrough`), and the problem line above the tabs, through which
every read from the store goes (`ProblemLine.attempt`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QDate, QEvent, QLocale, QObject, Qt
from PySide6.QtGui import QFocusEvent, QGuiApplication, QKeyEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QWidget,
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
    # Tab goes on to the next control (a list's button), not cell by cell: the arrows
    # choose a row (a trial could not reach "Mark the selected payment as made").
    view.setTabKeyNavigation(False)
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


class AnyDateEdit(QDateEdit):
    """A date field whose lowest value reads "any date".  Typed into while it says so
    (or over the whole of its text), it starts from a date whose parts the typing
    replaces (`_typing_start`: "11/1/2026" typed reads the 1st of November 2026, not
    "any date11126", a trial), a part not typed being this year's or this month's when
    the typing ends, a two-digit year this century's; a date pasted into it is read
    whole; it says a new date only when the typing ends (Enter, Tab), not at each key;
    its calendar opens on this month, not January 2000; the whole text selected and
    deleted sets it back to any date."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.setToolTip(_("Type a date or choose one; select it all and delete it for any date."))
        self.setCalendarPopup(True)
        self.setDisplayFormat(date_format())
        self.setMinimumDate(ANY_DATE)
        self.setSpecialValueText(_("any date"))
        self.setDate(ANY_DATE)
        self.setKeyboardTracking(False)  # a half-typed date is not a period yet
        self._moved_on = False  # the last digit typed moved the cursor to the next part
        self._watching = False  # the calendar, made by the first click on the field
        # The digits typed into each part since the typing began at "any date" (None:
        # it did not): what `_typing_ended` completes.
        self._typed: dict[QDateEdit.Section, str] | None = None
        self.editingFinished.connect(self._typing_ended)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        typed, line = event.text(), self.lineEdit()
        whole = line.hasSelectedText() and line.selectedText() == line.text()
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and (
            whole or self.date() == ANY_DATE
        ):
            self._typed = None
            self.setDate(ANY_DATE)
            return
        if event.matches(QKeySequence.StandardKey.Paste) and self._pasted():
            return
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            self._typed = None  # stepped by Qt: its date stands as it shows it
        if typed and not typed.isdigit() and typed in self.displayFormat() and self._moved_on:
            # Qt moved to the next part by itself after the last digit ("11" is a whole
            # month): the separator typed after it is that move, not one more (else
            # "11/1/2026" skipped the day and read the 1 as the year).
            self._moved_on = False
            return
        if typed.isdigit() and (whole or self.date() == ANY_DATE):
            # A new date typed over "any date", or over the whole of one (Qt dropped the
            # first digit typed over a selected date, a trial): from the start.
            blocked = self.blockSignals(True)  # not a date anyone chose: nothing said
            self.setDate(_typing_start())
            self.blockSignals(blocked)
            self.setSelectedSection(self.sectionAt(0))
            self._typed = {}
        section = self.currentSection()
        super().keyPressEvent(event)
        if self._typed is not None and typed.isdigit():
            self._typed[section] = self._typed.get(section, "") + typed
        elif self._typed is not None and event.key() == Qt.Key.Key_Backspace:
            self._typed[section] = self._typed.get(section, "")[:-1]
        self._moved_on = typed.isdigit() and self.currentSection() != section

    def _pasted(self) -> bool:
        """A date pasted whole, as the locale writes it (its year in two digits or
        four): taken, and True; else False (Qt pastes it as it would)."""
        text = (QGuiApplication.clipboard().text() or "").strip()
        shown = self.displayFormat()
        # Qt's "d" and "M" read one digit or two: "1.11.2026" as well as "01.11.2026".
        lenient = shown.replace("dd", "d").replace("MM", "M")
        for written in (lenient, lenient.replace("yyyy", "yy"), "yyyy-MM-dd"):
            day = QLocale().toDate(text, written)
            if day.isValid() and "yyyy" not in written and day.year() < ANY_DATE.year():
                day = day.addYears(100)  # Qt reads a two-digit year as the 1900s'
            if day.isValid() and day > ANY_DATE:
                self._typed = None
                self.setDate(day)
                return True
        return False

    def _typing_ended(self) -> None:
        """The date typed into "any date", from the digits typed into each part, the
        parts not typed completed: the year this year (two digits: this century's), the
        month this month, the day the 1st."""
        typed, self._typed = self._typed, None
        if not typed:
            return
        today = QDate.currentDate()

        def part(section: QDateEdit.Section, low: int, high: int, otherwise: int) -> int:
            digits = typed.get(section, "")
            return int(digits) if digits and low <= int(digits) <= high else otherwise

        year = part(QDateEdit.Section.YearSection, 2000, 9999, 0) or (
            2000 + part(QDateEdit.Section.YearSection, 0, 99, today.year() - 2000)
        )
        month = part(QDateEdit.Section.MonthSection, 1, 12, today.month())
        last = QDate(year, month, 1).daysInMonth()
        self.setDate(QDate(year, month, min(part(QDateEdit.Section.DaySection, 1, 31, 1), last)))

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._moved_on = False
        super().focusInEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._moved_on = False  # a click may choose another part
        # The calendar is made by its first popup, not with the field (two calendars
        # for a window that may never show them).
        if not self._watching:
            self._watching = True
            self.calendarWidget().installEventFilter(self)
        super().mousePressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        calendar = self.calendarWidget()
        if watched is calendar and event.type() == QEvent.Type.Show and self.date() == ANY_DATE:
            today = QDate.currentDate()
            calendar.setCurrentPage(today.year(), today.month())
        return super().eventFilter(watched, event)


def _typing_start() -> QDate:
    """The date a date typed into "any date" starts from, each part typed replacing
    its own: the 1st of January of the last leap year, so that no day typed before its
    month (31, or the 29th of February) is cut to fit the month it starts in (Qt makes
    the 31st of a 30-day month its 30th as it is typed)."""
    year = QDate.currentDate().year()
    while not QDate.isLeapYear(year):
        year -= 1
    return max(QDate(year, 1, 1), ANY_DATE.addDays(1))


def date_edit(name: str) -> QDateEdit:
    """A date field whose lowest value reads "any date" (`AnyDateEdit`)."""
    return AnyDateEdit(name)


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


class UndoFallsThrough(QObject):
    """Ctrl+Z (Ctrl+Shift+Z) in a field with nothing typed of its own to undo (redo)
    reaches the window, which undoes the last stored change, as everywhere else in it:
    a payment just recorded from the Amount field is undone by the Ctrl+Z typed there
    (a trial's Ctrl+Z brought the amount's text back instead, and the payment stayed).
    While the field has typing of its own, Ctrl+Z undoes that first, as any field does."""

    def __init__(self, field: QWidget, line: QLineEdit) -> None:
        super().__init__(field)
        self.line = line  # the field's text: the line edit itself, or a date's
        field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            undo = event.matches(QKeySequence.StandardKey.Undo)
            redo = event.matches(QKeySequence.StandardKey.Redo)
            if (undo and not self.line.isUndoAvailable()) or (
                redo and not self.line.isRedoAvailable()
            ):
                event.ignore()  # not the field's: the window's shortcut takes it
                return True
        return False


def undo_falls_through(field: QWidget) -> None:
    """FIELD (a line edit, or a field holding one: a date, an editable list) leaves
    Ctrl+Z and Ctrl+Shift+Z to the window when it has nothing of its own to undo."""
    line = field if isinstance(field, QLineEdit) else field.findChild(QLineEdit)
    if line is not None:
        UndoFallsThrough(field, line)


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
