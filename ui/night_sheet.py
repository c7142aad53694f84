"""The night screen's score sheet (`NightSheet`): a row a hand, then the totals; the
row chosen kept (or the last hand's) as the night changes, its columns fitted to their
contents at each change, and, scrolled to its end, kept there as it grows shorter."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from .session import HandLine, NightView
from .sheet_columns import fit_columns, widen_to
from .sheet_model import HAND_ID_ROLE, TOTAL_ROWS, SheetModel, SheetView

LONG_NIGHT = 100  # hands
SCREENFUL = 40  # rows of a long night's sheet measured to fit its columns


class NightSheet(SheetView):
    """The sheet of the night on screen, showing MODEL; `set_view` and `show_chosen`
    show a new state of the night, `fit` fits the columns to it."""

    def __init__(self, model: SheetModel) -> None:
        super().__init__()
        self.sheet_model = model
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        # Fitted to their contents here, not by Qt at each layout (`fit`).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setResizeContentsPrecision(-1)  # every row; see set_view for long nights
        self._refreshing = False  # the night being shown: `fit` fits the columns itself
        self._long_night = False
        scroll = self.verticalScrollBar()
        scroll.valueChanged.connect(self._widen_shown)  # scrolled
        scroll.rangeChanged.connect(lambda *_: self._widen_shown())  # more rows in sight
        # Scrolled to its end, the sheet stays there as it grows shorter (a hand type
        # whose form is taller): the totals under the last hand stay in sight.
        self._at_end = True
        scroll.valueChanged.connect(lambda value: self._note_end(value))
        scroll.rangeChanged.connect(lambda _low, high: self._keep_end(high))

    @contextmanager
    def refreshing(self) -> Iterator[None]:
        """While the night's new state is shown: the columns are fitted once, by `fit`,
        not again by the scrolling that showing it does."""
        self._refreshing = True
        try:
            yield
        finally:
            self._refreshing = False

    def set_view(self, view: NightView | None) -> bool:
        """The rows of VIEW; True when they are the rows before and one hand more."""
        # Columns fit every row of a usual night, but only the rows on screen of a long
        # one: measuring all 1,000 rows after each hand took most of a second
        # (benchmarks/run.py, record_hand).
        # Before the sheet is shown, a screenful of rows: for "the rows on screen"
        # (precision 0) a table not yet shown measures every row (Qt's
        # sizeHintForColumn), a quarter of a second of starting on a 1,000-hand night.
        self._long_night = view is not None and len(view.lines) > LONG_NIGHT
        shown = 0 if self.isVisible() else SCREENFUL
        self.horizontalHeader().setResizeContentsPrecision(shown if self._long_night else -1)
        return self.sheet_model.set_view(view)

    def show_chosen(self, view: NightView | None, keep: int, *, last: bool) -> None:
        """Row KEEP chosen again (the row chosen before VIEW was shown), or the last
        hand's when it has gone or LAST; the totals under the last hand in sight, then
        the row chosen."""
        if view is None or not view.lines:
            return
        row = keep if 0 <= keep < len(view.lines) else len(view.lines) - 1
        if last:
            row = len(view.lines) - 1
        index = self.sheet_model.index(row, 0)
        self.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.scrollTo(self.sheet_model.index(self.sheet_model.rowCount() - 1, 0))
        self.scrollTo(index)

    def show_hand(self, number: int, view: NightView | None) -> None:
        """Select and show the row of hand NUMBER, or the last hand's when the night
        (VIEW) has fewer now (a hand undone at its end): where a change was."""
        if view is None or not view.lines:
            return
        row = min(number, len(view.lines)) - 1
        index = self.sheet_model.index(row, 0)
        self.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.scrollTo(index)

    def chosen_line(self) -> HandLine | None:
        """The hand of the row chosen, if it is a hand's."""
        return self.sheet_model.line_at(self.currentIndex().row())

    def selected_hand_id(self) -> int | None:
        index = self.currentIndex()
        if not index.isValid():
            return None
        value = self.sheet_model.data(self.sheet_model.index(index.row(), 0), HAND_ID_ROLE)
        return int(value) if value is not None else None

    def fit(self, appended: bool) -> None:
        """The columns as wide as their contents: every row of a usual night
        (ui.sheet_columns, which measures only the cells that can be widest), the rows
        `set_view` chose of a long one and its last hand; after a hand recorded at the
        end (APPENDED), only widened where its row or the totals under it need more.
        Qt's own fitting (ResizeToContents) measured a screenful of rows again after
        every hand: about 6 ms of the 30 recording one took (benchmarks/run.py,
        record_hand)."""
        model = self.sheet_model
        last = range(model.rowCount() - 1 - TOTAL_ROWS, model.rowCount())
        if not appended:
            if not self._long_night:
                fit_columns(self, model)
                return
            # The rows on screen, and the last hand and the totals: the widest number
            # is the last hand's (an edit near the top left "…" for hands 994-1003).
            self.resizeColumnsToContents()
        widen_to(self, model, last)

    def _note_end(self, value: int) -> None:
        self._at_end = value == self.verticalScrollBar().maximum()

    def _keep_end(self, high: int) -> None:
        """The scrolling range is now up to HIGH: at its end before, at its end still
        (called before the scroll bar moves its value into the new range)."""
        if self._at_end:
            self.verticalScrollBar().setValue(high)

    def _widen_shown(self) -> None:
        """A long night's columns were fitted to the rows then on screen and its last
        hand: rows scrolled into sight later, or shown by a taller sheet, widen a column
        too narrow for them (a trial: a player's cell of hand 606 split over two lines)."""
        view = self.sheet_model.view
        if self._refreshing or view is None or len(view.lines) <= LONG_NIGHT:
            return  # every row was measured, or the night is being shown and fitted
        first = self.rowAt(0)
        if first < 0:
            return
        last = self.rowAt(self.viewport().height() - 1)
        last = last if last >= 0 else self.sheet_model.rowCount() - 1  # the sheet ends above
        widen_to(self, self.sheet_model, range(first, last + 1))
