"""File ▸ Open night: every stored night in a list that narrows as the user types.

A league keeps thousands of nights (3,203 in the benchmark's 100,000 hands), so the
chooser is a search, not a scroll: a filter line at the top, focused, and under it the
nights newest first, one line each (number, date, league, table, hands, players).
Every word typed must appear somewhere in a night's line, in any case and with or
without its accents ("zoe" finds Zoë); the first match is selected, the arrow and page
keys move the selection from the filter, Enter or a double-click opens it, Escape
cancels.

The list is a model over the store's `NightSearch`, which the database answers: how
many nights the words typed keep, and a page of them at a time, newest first.  The
view is given the first page, and the next as it scrolls down (`canFetchMore`/
`fetchMore`; End asks for the rest at once), so that opening the chooser and typing in
it read and lay out a screenful or two, for 20 nights or 20,000.  The words typed are
always searched for in every night.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.problems import grouped
from scorekeeper.store.night_reads import NightSummary
from scorekeeper.store.night_search import NightSearch, night_parts, search_words

from .dialog_keys import run

Index = QModelIndex | QPersistentModelIndex
# The columns, each with what it shows of a night; marked here, translated when shown.
NUMBER, DATE, LEAGUE, TABLE, HANDS, PLAYERS = range(6)
HEADERS = (N_("No."), N_("Date"), N_("League"), N_("Table"), N_("Hands"), N_("Players"))
RIGHT = (NUMBER, HANDS)
LONG = (LEAGUE, PLAYERS)  # the columns that may be elided: their tooltip is the whole
WIDEST = 260  # pixels: a long league name is elided beyond this
GAP = 12  # pixels between one column's longest text and the next column
FITTED_ROWS = 40  # the rows a column is fitted to: a screenful, never every night
BATCH = 100  # the matching nights given the view at a time, a few screenfuls
MOVING_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)


class NightList(QAbstractTableModel):
    """The nights the words typed keep (`set_filter`), newest first: how many there
    are (`matching`), and the first `loaded` of them, the view's rows, read from the
    database a page at a time as the view asks for more (Qt's model API, below)."""

    def __init__(self, search: NightSearch) -> None:
        super().__init__()
        self.search = search
        self.total = search.total()
        self.typed = ""
        self.matches = self.total
        self.nights = search.page("", offset=0, limit=BATCH)
        self._texts: dict[int, tuple[str, ...]] = {}  # a night's id -> its line

    @property
    def loaded(self) -> int:
        """The view's rows: the first nights kept, read so far."""
        return len(self.nights)

    def texts(self, row: int) -> tuple[str, ...]:
        """The line of the night on ROW, column by column."""
        night = self.nights[row]
        if night.id not in self._texts:
            facts = night_parts(night)[:PLAYERS]
            self._texts[night.id] = (*facts, ", ".join(night.players))
        return self._texts[night.id]

    def set_filter(self, typed: str) -> None:
        """Keep only the nights whose line holds every word of TYPED; all when empty."""
        if search_words(typed) == search_words(self.typed):  # a space, a lone accent
            return
        matches = self.search.count(typed)
        nights = self.search.page(typed, offset=0, limit=BATCH)
        self.typed = typed
        if (matches, nights) != (self.matches, self.nights):  # laid out again on a change
            self.beginResetModel()
            self.matches, self.nights = matches, nights
            self.endResetModel()

    def matching(self) -> int:
        """How many nights the words typed keep (the view may have fewer rows yet)."""
        return self.matches

    def load_all(self) -> None:
        """Give the view every night kept (before End goes to the last one)."""
        self._load(None)

    def night_at(self, row: int) -> NightSummary:
        """The night shown on ROW."""
        return self.nights[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.loaded

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self.loaded < self.matches

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if not parent.isValid():
            self._load(BATCH)

    def _load(self, more: int | None) -> None:
        """MORE of the nights kept (None: all the rest) read and given the view."""
        if not self.canFetchMore():
            return
        nights = self.search.page(self.typed, offset=self.loaded, limit=more)
        if len(nights) < (more or self.matches - self.loaded):
            self.matches = self.loaded + len(nights)  # others deleted some meanwhile
        if nights:
            self.beginInsertRows(QModelIndex(), self.loaded, self.loaded + len(nights) - 1)
            self.nights = self.nights + nights
            self.endInsertRows()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        shows = role == Qt.ItemDataRole.DisplayRole
        if shows or (role == Qt.ItemDataRole.ToolTipRole and index.column() in LONG):
            return self.texts(index.row())[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in RIGHT:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(HEADERS[section])
        if role == Qt.ItemDataRole.TextAlignmentRole and section in RIGHT:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None


class NightChooser(QDialog):
    """Open a night: type to narrow the list, Enter to open the one selected."""

    def __init__(self, search: NightSearch, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Open a night"))
        self.model = NightList(search)
        self.search = QLineEdit()
        self.search.setPlaceholderText(
            _("Type to search: a date, league, table, player or night number")
        )
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(_("Search the nights"))
        self.view = self._make_view()
        self.count = QLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.search, self.view, self.count, self.buttons):
            layout.addWidget(widget)
        self.search.textChanged.connect(self._narrow)
        self.search.installEventFilter(self)
        self.view.installEventFilter(self)
        self.view.doubleClicked.connect(self._open_clicked)
        self._fit_columns()
        self._narrow("")
        self.resize(720, 460)
        self.search.setFocus()

    def _make_view(self) -> QTreeView:
        """The list: rows of one height (nothing measures every night), one selected."""
        view = QTreeView()
        view.setModel(self.model)
        view.setRootIsDecorated(False)
        view.setUniformRowHeights(True)
        view.setAlternatingRowColors(True)
        view.setAllColumnsShowFocus(True)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = view.header()
        header.setResizeContentsPrecision(FITTED_ROWS)
        header.setStretchLastSection(True)
        header.setSectionsMovable(False)
        return view

    def _fit_columns(self) -> None:
        """Each column but the players as wide as its header and its first screenful
        of lines (the league's longest name further down is elided, its tooltip whole)."""
        header = self.view.header()
        for column in range(PLAYERS):
            self.view.resizeColumnToContents(column)
            header.resizeSection(column, min(header.sectionSize(column) + GAP, WIDEST))

    def _narrow(self, typed: str) -> None:
        """Keep the nights TYPED matches, select the first, say how many there are."""
        self.model.set_filter(typed)
        shown, total = self.model.matching(), self.model.total
        if shown:
            self.view.setCurrentIndex(self.model.index(0, 0))
        if shown == total:
            text = ngettext("{count} night", "{count} nights", total)
        else:
            text = ngettext("{shown} of {count} night", "{shown} of {count} nights", total)
        self.count.setText(text.format(shown=grouped(shown), count=grouped(total)))
        opener = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        opener.setEnabled(shown > 0)

    def chosen(self) -> NightSummary | None:
        """The night selected, or None when nothing matches."""
        index = self.view.currentIndex()
        return self.model.night_at(index.row()) if index.isValid() else None

    def _open_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.view.setCurrentIndex(index)
            self.accept()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The arrow and page keys typed in the filter move the list's selection; End
        in the list goes to the last night kept, not the last given the view yet."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if watched is self.search and event.key() in MOVING_KEYS:
                QApplication.sendEvent(self.view, event)
                return True
            if watched is self.view and event.key() == Qt.Key.Key_End:
                self.model.load_all()
        return super().eventFilter(watched, event)

    def accept(self) -> None:
        """Open only when a night is selected (Enter with nothing matching does nothing)."""
        if self.chosen() is not None:
            super().accept()


def choose_night(search: NightSearch, parent: QWidget | None) -> NightSummary | None:
    """The night the user chooses among those SEARCH finds, or None when they cancel.
    Over PARENT's window, what is typed at once is searched for (ui/dialog_keys.py)."""
    dialog = NightChooser(search, parent)
    try:
        result = dialog.exec() if parent is None else run(dialog, parent)
        return dialog.chosen() if result == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
