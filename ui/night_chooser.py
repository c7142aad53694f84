"""File ▸ Open night: every stored night in a list that narrows as the user types.

A league keeps thousands of nights (3,203 in the benchmark's 100,000 hands), so the
chooser is a search, not a scroll: a filter line at the top, focused, and under it the
nights newest first, one line each (number, date, league, table, hands, players).
Every word typed must appear somewhere in a night's line, in any case and with or
without its accents ("zoe" finds Zoë); the first match is selected, the arrow and page
keys move the selection from the filter, Enter or a double-click opens it, Escape
cancels.

The list is a model over the `NightSummary` rows `list_nights` returns: a line's texts
are made when it is painted, the search keys on the first word typed, and the view is
given the nights that match a screenful or two at a time (`canFetchMore`/`fetchMore`,
as it scrolls down; End goes to the last), so that laying the list out costs the same
for 20 nights or 20,000.  The words typed are always searched for in every night.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

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

from scorekeeper.formatting import short_iso
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.names import fold_name
from scorekeeper.problems import grouped
from scorekeeper.store.night_reads import NightSummary

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


def search_key(text: str) -> str:
    """TEXT as the filter compares it: a name's stored form (`fold_name`), case-folded,
    its accents and other combining marks left out ("Zoë", "ZOE" and "zoe" are one)."""
    decomposed = unicodedata.normalize("NFD", fold_name(text).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def matches(words: Sequence[str], line: str) -> bool:
    """Whether every one of WORDS (each a `search_key`) is somewhere in LINE (one too)."""
    return all(word in line for word in words)


class NightList(QAbstractTableModel):
    """The nights, one a line, newest first as `list_nights` gives them, and which of
    them the words typed keep (`shown`); the view has the first `loaded` of those as
    rows, and asks for more as it scrolls down (Qt's model API, below)."""

    def __init__(self, nights: Sequence[NightSummary]) -> None:
        super().__init__()
        self.nights = list(nights)
        self.shown: list[int] = list(range(len(self.nights)))  # indexes into nights
        self.loaded = min(BATCH, len(self.shown))  # the view's rows: the first of shown
        self._texts: dict[int, tuple[str, ...]] = {}
        self._keys: list[str] | None = None  # made on the first word typed
        self._written: dict[Any, str] = {}  # date or count of hands -> as shown
        self._folded: dict[str, str] = {}  # a part of a line -> its `search_key`

    def texts(self, night: int) -> tuple[str, ...]:
        """The line of the night at NIGHT (an index into `nights`), column by column."""
        if night not in self._texts:
            facts = self.parts(night)[:PLAYERS]
            self._texts[night] = (*facts, ", ".join(self.nights[night].players))
        return self._texts[night]

    def _shown(self, value: Any, show: Callable[[Any], str]) -> str:
        """VALUE (a date, a count of hands) as SHOW writes it, written once for all the
        nights that share it (a few hundred dates and counts among thousands)."""
        if value not in self._written:
            self._written[value] = show(value)
        return self._written[value]

    def _key(self, part: str) -> str:
        """PART of a line (a name, a date) as the filter compares it, folded once."""
        if part not in self._folded:
            self._folded[part] = search_key(part)
        return self._folded[part]

    def parts(self, night: int) -> tuple[str, ...]:
        """What the filter searches in a night's line: what it shows (the players one
        by one), and its date as ISO too ("2026-11-20")."""
        n = self.nights[night]
        shown = (
            str(n.id),
            self._shown(n.date, short_iso),
            n.league or "",
            n.table or "-",
            self._shown(n.hands, grouped),
        )
        return (*shown, *n.players, n.date or "")

    def line(self, night: int) -> str:
        """The night's line as one text, as the filter searches it."""
        return " ".join(self.parts(night))

    def set_filter(self, typed: str) -> None:
        """Keep only the nights whose line holds every word of TYPED; all when empty."""
        words = [search_key(word) for word in typed.split()]
        if not words:
            shown = list(range(len(self.nights)))
        else:
            if self._keys is None:  # on the first word typed, each name folded once
                key = self._key
                self._keys = [
                    " ".join(key(part) for part in self.parts(i)) for i in range(len(self.nights))
                ]
            keys = self._keys
            shown = [i for i, line in enumerate(keys) if matches(words, line)]
        if shown != self.shown:  # the view laid out again only when the list changed
            self.beginResetModel()
            self.shown = shown
            self.loaded = min(BATCH, len(shown))
            self.endResetModel()

    def matching(self) -> int:
        """How many nights the words typed keep (the view may have fewer rows yet)."""
        return len(self.shown)

    def load_all(self) -> None:
        """Give the view every night kept (before End goes to the last one)."""
        while self.canFetchMore():
            self.fetchMore()

    def night_at(self, row: int) -> NightSummary:
        """The night shown on ROW."""
        return self.nights[self.shown[row]]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.loaded

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self.loaded < len(self.shown)

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid():
            return
        more = min(BATCH, len(self.shown) - self.loaded)
        if more > 0:
            self.beginInsertRows(QModelIndex(), self.loaded, self.loaded + more - 1)
            self.loaded += more
            self.endInsertRows()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        shows = role == Qt.ItemDataRole.DisplayRole
        if shows or (role == Qt.ItemDataRole.ToolTipRole and index.column() in LONG):
            return self.texts(self.shown[index.row()])[index.column()]
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

    def __init__(self, nights: Sequence[NightSummary], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Open a night"))
        self.model = NightList(nights)
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
        shown, total = self.model.matching(), len(self.model.nights)
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


def choose_night(nights: Sequence[NightSummary], parent: QWidget | None) -> NightSummary | None:
    """The night the user chooses among NIGHTS (newest first), or None when they cancel.
    Over PARENT's window, what is typed at once is searched for (ui/dialog_keys.py)."""
    dialog = NightChooser(nights, parent)
    try:
        result = dialog.exec() if parent is None else run(dialog, parent)
        return dialog.chosen() if result == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
