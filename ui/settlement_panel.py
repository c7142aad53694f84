"""The night screen's Settle up tab: the fewest payments that square the night, which of
them have been made, and closing the night.  Made once the window is painted
(`MainWindow.make_panels`), or when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.i18n import N_, _, ngettext

from .labels import plain_label
from .rows_model import Column, RowsModel, money_column
from .session import NightView
from .spreadsheets import allow_copy

if TYPE_CHECKING:
    from scorekeeper.csv_out import Sheet


class SettlementModel(RowsModel[tuple[str, str, int, bool]]):
    """The fewest payments, and which of them have been made."""

    columns = (
        Column(
            N_("Payment"),
            lambda r: _("{payer} pays {payee}").format(payer=r[0], payee=r[1]),
            right=False,
        ),
        money_column(N_("Amount"), lambda r: r[2]),
        Column(N_("Made"), lambda r: _("paid ✓") if r[3] else _("not yet"), right=False),
    )

    def set_view(self, view: NightView | None) -> None:
        rows = []
        if view is not None:
            self.set_currency(view.currency)
            made = [(p.payer, p.payee, p.cents) for p in view.payments]
            for payment in view.result.settlement:
                key = (payment.payer, payment.payee, payment.cents)
                done = key in made
                if done:
                    made.remove(key)
                rows.append((payment.payer, payment.payee, payment.cents, done))
        self.set_rows(rows)


class SettlementPanel(QWidget):
    """End of night: who pays whom, marking payments made, closing the night."""

    pay = Signal(str, str, int)
    close_night = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        self.model = SettlementModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName(_("Settlement"))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)  # Tab goes on to Mark as paid, not cell by cell
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
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
        self.model.set_view(view)
        self._closed = bool(view and view.closed)
        self.closer.setText(_("Reopen the night") if self._closed else _("Close the night"))
        if view is None:
            self.summary.clear()
            return
        count = len(view.result.settlement)
        made = sum(1 for row in self.model.rows if row[3])
        self.summary.setText(
            ngettext(
                "{count} payment squares everyone up; {made} made.",
                "{count} payments square everyone up; {made} made.",
                count,
            ).format(count=count, made=made)
            if count
            else _("Nobody owes anybody anything.")
        )
        if self.model.rowCount():
            self.table.selectRow(0)

    def _sheet(self) -> Sheet:
        """The settlement as a sheet, for Ctrl+C (the sheets' module loaded then)."""
        from scorekeeper.reports.sheets import settlement_sheet

        return settlement_sheet(self.model.rows)

    def mark_selected(self) -> None:
        """Mark the selected payment as paid (`pay`: the window records it); then the
        keyboard is on the list again, on the next payment, so the next one is a key
        away (a trial's focus jumped back into the entry form)."""
        row = self.table.currentIndex().row()
        if 0 <= row < len(self.model.rows) and not self.model.rows[row][3]:
            payer, payee, cents, _made = self.model.rows[row]
            self.pay.emit(payer, payee, cents)
            self.focus_row(row + 1)

    def focus_row(self, row: int) -> None:
        """The list takes the keyboard, ROW selected (the last one, past the end)."""
        count = self.model.rowCount()
        if count:
            self.table.selectRow(max(0, min(row, count - 1)))
        self.table.setFocus()
