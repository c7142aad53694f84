"""The panels beside the sheet: the selected hand's explanation, what is pending, the
running-total chart, and the end-of-night settlement with payments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.explain import said
from scorekeeper.formatting import money
from scorekeeper.games import game_of
from scorekeeper.i18n import N_, _, ngettext

from .labels import plain_label
from .line_chart import Axis, LineChart
from .rows_model import Column, RowsModel, money_column
from .session import NightView
from .spreadsheets import allow_copy

if TYPE_CHECKING:
    from scorekeeper.csv_out import Sheet


def bold_label(text: str) -> QLabel:
    """A panel's heading: TEXT in bold, never read as markup."""
    label = plain_label(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class HandPanel(QWidget):
    """The selected hand's explanation, and what is pending for the next hand."""

    def __init__(self) -> None:
        super().__init__()
        self.explanation = plain_label(name=_("Explanation of the hand"))
        self.pending = plain_label(name=_("Pending for the next hand"))
        self.balance = plain_label(name=_("Zero-sum check"))
        layout = QVBoxLayout(self)
        layout.addWidget(bold_label(_("The hand")))
        layout.addWidget(self.explanation)
        layout.addSpacing(12)
        layout.addWidget(bold_label(_("Next hand")))
        layout.addWidget(self.pending)
        layout.addSpacing(12)
        layout.addWidget(self.balance)
        layout.addStretch()

    def show_view(self, view: NightView | None, selected: int | None) -> None:
        if view is None:
            for label in (self.explanation, self.pending, self.balance):
                label.clear()
            return
        line = view.lines[selected] if selected is not None and selected < len(view.lines) else None
        if line is None and view.lines:
            line = view.lines[-1]
        self.explanation.setText(
            _("Hand {number}: {explanation}").format(
                number=line.number, explanation=line.result.explanation
            )
            if line
            else _("No hand yet.")
        )
        dealer = view.next_dealer() or "—"
        seated = ", ".join(view.seated_next)
        result = view.result
        waiting_line = game_of(view.rules).waiting(result, view.currency)  # doublers, Bock, pot
        lines = (
            said(_("Hand {number}, dealt by {dealer}."), number=view.next_number, dealer=dealer),
            waiting_line,
            said(_("At the table: {players}."), players=seated),
        )
        self.pending.setText("\n".join(lines))
        self.balance.setText(self._balance(view))

    @staticmethod
    def _balance(view: NightView) -> str:
        """The zero-sum check in words: what the totals sum to, with the pot's."""
        result = view.result
        points = sum(result.total_points.values())
        amount = money(sum(result.total_cents.values()), view.currency)
        if result.pot:
            return ngettext(
                "Totals sum to {points} point and {money}; with the pot's {pot}, to {whole}.",
                "Totals sum to {points} points and {money}; with the pot's {pot}, to {whole}.",
                abs(points),
            ).format(points=points, money=amount, pot=result.pot, whole=points + result.pot)
        return ngettext(
            "Totals sum to {points} point and {money}.",
            "Totals sum to {points} points and {money}.",
            abs(points),
        ).format(points=points, money=amount)


class RunningChart(LineChart):
    """Each player's running total through the night, hand 0 (the start) to the last,
    with a legend under it that wraps.  A hand recorded at the end adds one point to
    each line; any other change draws the chart again."""

    def __init__(self) -> None:
        super().__init__(
            Axis(_("Hand")), Axis(_("Points")), name=_("Running totals chart"), empty=""
        )
        self._view: NightView | None = None
        self._totals: dict[str, int] = {}

    def show_view(self, view: NightView | None) -> None:
        old = self._view
        if view is old:
            return
        self._view = view
        if view is not None and self._totals and view.adds_one_hand_to(old):
            points = view.lines[-1].result.points
            for player in self._totals:
                self._totals[player] += points.get(player, 0)
            self.extend(len(view.lines), self._totals)
            return
        self._draw(view)

    def _draw(self, view: NightView | None) -> None:
        if view is None or not view.lines:
            self._totals = {}
            self.set_lines(_("Running totals") if view else "", [])
            return
        rows = view.result.running_points()
        self._totals = dict(rows[-1])
        lines = [
            (player, [(0, 0), *((hand, row[player]) for hand, row in enumerate(rows, start=1))])
            for player in view.players
        ]
        self.set_lines(_("Running totals"), lines)


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
        self.mark.clicked.connect(self._mark)
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

    def _mark(self) -> None:
        row = self.table.currentIndex().row()
        if 0 <= row < len(self.model.rows) and not self.model.rows[row][3]:
            payer, payee, cents, _made = self.model.rows[row]
            self.pay.emit(payer, payee, cents)
