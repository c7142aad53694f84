"""The night screen's Settle up tab: the fewest payments that square the night, what has
been paid of each (whichever window recorded it: this tab, or the league window's Money
tab) and what is still owed, and closing the night.  Made once the window is painted
(`MainWindow.make_panels`), or when first asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFontMetrics, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.formatting import money, short_date
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.ledger import Settled
from scorekeeper.store.errors import StorageError

from .labels import plain_label
from .rows_model import Column, RowsModel, money_column
from .session import NightView
from .spreadsheets import allow_copy

if TYPE_CHECKING:
    from scorekeeper.csv_out import Sheet

MADE = 2  # the column that says what has been paid of a payment


def _payment(row: Settled) -> str:
    return _("{payer} pays {payee}").format(payer=row.payer, payee=row.payee)


class SettlementModel(RowsModel[Settled]):
    """The fewest payments, what has been paid of each, and what is still owed."""

    columns = (
        Column(N_("Payment"), _payment, right=False),
        money_column(N_("Amount"), lambda r: r.cents),
        Column(N_("Made"), lambda r: "", lambda r: r.owed, right=False),  # `_text`
    )

    def set_settled(self, view: NightView | None, rows: tuple[Settled, ...]) -> None:
        """VIEW's settlement, each payment with what has been paid of it (ROWS)."""
        if view is not None:
            self.set_currency(view.currency)
        self.set_rows(rows)

    def _text(self, column: Column[Settled], row: Settled) -> str:
        if column is not self.columns[MADE]:
            return super()._text(column, row)
        if not row.paid:
            return _("not yet")
        if not row.owed:
            return _("paid ✓")
        if self.currency is None:
            return ""
        # Translators: Settle up's Made column for a payment paid in part.
        return _("{amount} owed").format(amount=money(row.owed, self.currency))

    def said(self, row: Settled) -> str:
        """ROW in a sentence: who pays whom how much, what has been paid of it and
        when, and what is still owed (the row's tooltip: its cells may be cut)."""
        if self.currency is None:
            return _payment(row)
        amount = money(row.cents, self.currency)
        owes = _("{payer} pays {payee} {amount}").format(
            payer=row.payer, payee=row.payee, amount=amount
        )
        days = ", ".join(short_date(day) for day in row.paid_on)
        if not row.paid:
            return _("{payment}: not paid yet.").format(payment=owes)
        if not row.owed:
            return _("{payment}: paid on {days}.").format(payment=owes, days=days)
        return _("{payment}: {paid} paid on {days}; {owed} still owed.").format(
            payment=owes,
            paid=money(row.paid, self.currency),
            days=days,
            owed=money(row.owed, self.currency),
        )

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid():
            return self.said(self.rows[index.row()])
        return super().data(index, role)


def fitted(payer: str, payee: str, metrics: QFontMetrics, width: int) -> str:
    """'PAYER pays PAYEE' in at most WIDTH pixels of METRICS' font: each name shortened
    with "…" where it must be, the shorter one whole if it can be, so both stay readable
    ("Bartho… pays Maximi…", never "Bartholomew pays …")."""
    words = _("{payer} pays {payee}")
    room = width - metrics.horizontalAdvance(words.format(payer="", payee=""))
    wide = {name: metrics.horizontalAdvance(name) for name in (payer, payee)}
    share = {name: room // 2 for name in wide}
    for name, other in ((payer, payee), (payee, payer)):
        if wide[name] < room // 2:  # the room one name leaves, the other may have
            share[other] = room - wide[name]

    def cut(name: str) -> str:
        return metrics.elidedText(name, Qt.TextElideMode.ElideRight, max(0, share[name]))

    return words.format(payer=cut(payer), payee=cut(payee))


class PaymentDelegate(QStyledItemDelegate):
    """The Payment column's cell: both names shortened to fit, never wrapped."""

    def __init__(self, model: SettlementModel, parent: QWidget) -> None:
        super().__init__(parent)
        self.model = model

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        if not 0 <= index.row() < len(self.model.rows):
            return
        # The text's room: the cell less the margins the style paints it within.
        style = option.widget.style() if option.widget is not None else QApplication.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, option) + 1
        width = option.rect.width() - 2 * margin
        if option.fontMetrics.horizontalAdvance(option.text) > width:
            row = self.model.rows[index.row()]
            option.text = fitted(row.payer, row.payee, option.fontMetrics, width)


class SettlementPanel(QWidget):
    """End of night: who pays whom, marking payments made, closing the night.  What has
    been paid is READ from the store (`NightSession.settled`) while the tab is shown,
    and when it is shown next after a change (a hand recorded on another tab reads
    nothing: the store's read would slow every hand); meanwhile, and when the store
    cannot be read, the payments made at this tab (`NightView.settled`)."""

    pay = Signal(str, str, int)
    close_night = Signal(bool)

    def __init__(self, read: Callable[[NightView], tuple[Settled, ...]] | None = None) -> None:
        super().__init__()
        self.read = read
        self._view: NightView | None = None
        self._stale = False  # a change not read from the store yet (the tab hidden)
        self.model = SettlementModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName(_("Settlement"))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)  # Tab goes on to Mark as paid, not cell by cell
        # One line a payment: the amounts as wide as they are, the payment the rest, its
        # names shortened to fit when they must (the whole sentence is its tooltip).
        # A trial at 1280x800 found every column as wide as the others, and the names
        # wrapped over two lines, the payee's cut off.
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setItemDelegateForColumn(0, PaymentDelegate(self.model, self.table))
        allow_copy(self.table, self._sheet)
        self.summary = plain_label(name=_("Settlement summary"))
        self.mark = QPushButton(_("Mark as paid"))
        # Its keys: Ctrl+M from anywhere in the window (Night ▸ Mark the selected
        # payment as paid: every Alt letter of its words is the form's), or Tab from
        # the list and Space or Enter.
        self.mark.setToolTip(_("Mark the selected payment as paid (Ctrl+M)"))
        self.mark.setAutoDefault(True)  # Enter presses it, as Space does
        self.mark.clicked.connect(self.mark_selected)
        self._closed = False
        self.closer = QPushButton(_("Close the night"))
        self.closer.clicked.connect(lambda: self.close_night.emit(not self._closed))
        buttons = QHBoxLayout()
        buttons.addWidget(self.mark)
        buttons.addStretch()
        buttons.addWidget(self.closer)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def show_view(self, view: NightView | None) -> None:
        """VIEW's settlement, and what has been paid of it."""
        self._view = view
        self.model.set_settled(view, self._settled(view))
        self._closed = bool(view and view.closed)
        self.closer.setText(_("Reopen the night") if self._closed else _("Close the night"))
        if view is None:
            self.summary.clear()
            return
        self.summary.setText(self._summary(view))
        if self.model.rowCount():
            self.table.selectRow(0)

    def payments_changed(self) -> None:
        """Payments were recorded or taken back elsewhere (the league window): read
        again now if the tab is shown, else when it is next shown."""
        if self.isVisible():
            self.show_view(self._view)
        else:
            self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.show_view(self._view)

    def _settled(self, view: NightView | None) -> tuple[Settled, ...]:
        """VIEW's settlement with what has been paid of it: the store's answer while
        the tab is shown, else the view's own until it is."""
        self._stale = False
        if view is None:
            return ()
        if self.read is not None:
            if not self.isVisible():
                self._stale = True
                return view.settled()
            try:
                return self.read(view)
            except StorageError:
                pass  # the store cannot be read now: what the view knows, then
        return view.settled()

    def _summary(self, view: NightView) -> str:
        count = len(self.model.rows)
        if not count:
            return _("Nobody owes anybody anything.")
        made = sum(1 for row in self.model.rows if not row.owed)
        said = ngettext(
            "{count} payment squares everyone up; {made} made.",
            "{count} payments square everyone up; {made} made.",
            count,
        ).format(count=count, made=made)
        owed = sum(row.owed for row in self.model.rows)
        if owed:
            still = _("Still owed: {amount}.").format(amount=money(owed, view.currency))
        else:
            still = _("Everything is paid.")
        return f"{said} {still}"

    def _sheet(self) -> Sheet:
        """The settlement as a sheet, for Ctrl+C (the sheets' module loaded then)."""
        from scorekeeper.reports.sheets import settlement_sheet

        return settlement_sheet(self.model.rows)

    def mark_selected(self) -> None:
        """Mark the selected payment as paid, or what is still owed of it (`pay`: the
        window records it); then the keyboard is on the list again, on the next
        payment, so the next one is a key away (a trial's focus jumped back into the
        entry form)."""
        row = self.table.currentIndex().row()
        if 0 <= row < len(self.model.rows) and self.model.rows[row].owed:
            chosen = self.model.rows[row]
            self.pay.emit(chosen.payer, chosen.payee, chosen.owed)
            self.focus_row(row + 1)

    def focus_row(self, row: int) -> None:
        """The list takes the keyboard, ROW selected (the last one, past the end)."""
        count = self.model.rowCount()
        if count:
            self.table.selectRow(max(0, min(row, count - 1)))
        self.table.setFocus()
