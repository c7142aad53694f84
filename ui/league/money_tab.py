"""The money tab: each player's balance across the league's closed nights, who owes whom
(in three ways of squaring up), and the payments recorded; a payment recorded here goes
through the window's application layer (`LeagueSession`), saved before it is shown and
undone by Ctrl+Z."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.csv_out import Sheet
from scorekeeper.explain import said
from scorekeeper.formatting import currency_symbol, locale_currency, money
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.ledger import DEBT_MODES
from scorekeeper.reports.sheets import balances_sheet, money_sheet, owed_sheet, payments_sheet
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.money import LeagueMoney, league_money

from ..currency import CurrencyChoice, MoneyEdit
from ..date_edit import TypedDateEdit
from ..labels import plain_label, problem_label
from ..language import date_format
from ..league_session import LeagueSession
from ..spreadsheets import allow_copy
from .models import BalancesModel, OwedModel, PaymentsModel
from .widgets import ProblemLine, fill, table_of, undo_falls_through

# Each way of squaring up (`ledger.DEBT_MODES`), translated where shown.
MODE_NAMES = {
    "simplify": N_("Fewest payments"),
    "direct": N_("Only between players who owe each other"),
    "collector": N_("Everyone through a treasurer"),
}


class MoneyTab(QWidget):
    """Balances, who owes whom, the payment form, and the payments recorded; the
    currency the league keeps its money in, chosen (`currency_changed` once kept)."""

    currency_changed = Signal()

    def __init__(
        self,
        db: Database,
        layer: LeagueSession,
        problem: ProblemLine,
        say: Callable[[str], None] = lambda _message: None,
    ) -> None:
        super().__init__()
        self.db, self.layer, self.problem, self.say = db, layer, problem, say
        self.league = ""
        self.money: LeagueMoney | None = None
        self.mode = QComboBox()
        self.mode.setAccessibleName(_("How to square up"))
        for key in DEBT_MODES:
            self.mode.addItem(_(MODE_NAMES[key]), key)
        self.collector = QComboBox()
        self.collector.setAccessibleName(_("Treasurer"))
        self.mode.currentIndexChanged.connect(lambda *_: self.show_money(self.league))
        self.collector.currentIndexChanged.connect(lambda *_: self.show_money(self.league))
        self.balances_model, self.owed_model = BalancesModel(), OwedModel()
        self.payments_model = PaymentsModel()
        self.balances_view = table_of(
            self.balances_model, _("Balances"), sort=(1, Qt.SortOrder.DescendingOrder), stretch=0
        )
        self.owed_view = table_of(self.owed_model, _("Who owes whom"), stretch=0)
        self.owed_view.selectionModel().currentRowChanged.connect(lambda *_: self._prefill())
        self.payments_view = table_of(self.payments_model, _("Payments recorded"), stretch=1)
        allow_copy(
            self.balances_view,
            lambda: balances_sheet(self.balances_model.rows),
        )
        allow_copy(self.owed_view, lambda: owed_sheet(self.owed_model.rows))
        allow_copy(self.payments_view, lambda: payments_sheet(self.payments_model.rows))
        self.money_summary = plain_label(name=_("Money summary"))
        self.settle_selected = QPushButton(_("Mar&k the selected payment as made"))
        self.settle_selected.setAutoDefault(True)  # Enter presses it, as Space does
        self.settle_selected.clicked.connect(self.pay_selected)
        form = self._payment_form()
        self.currency_choice = CurrencyChoice()
        self.currency_choice.setAccessibleName(_("The league's currency"))
        self.currency_choice.activated.connect(lambda _index: self.keep_currency())
        typed = self.currency_choice.lineEdit()
        assert typed is not None  # an editable combo box always has its line edit
        typed.editingFinished.connect(self.keep_currency)
        currency_label = QLabel(_("The league's currenc&y"))
        currency_label.setBuddy(self.currency_choice)
        kept_in = QHBoxLayout()
        kept_in.addWidget(currency_label)
        kept_in.addWidget(self.currency_choice, 1)
        left = QVBoxLayout()
        left.addLayout(kept_in)
        left.addWidget(QLabel(_("Balances across closed nights")))
        left.addWidget(self.balances_view, 1)
        right = QVBoxLayout()
        modes = QHBoxLayout()
        modes.addWidget(self.mode, 1)
        modes.addWidget(QLabel(_("Treasurer")))
        modes.addWidget(self.collector)
        right.addLayout(modes)
        right.addWidget(self.money_summary)
        right.addWidget(self.owed_view, 1)
        right.addWidget(self.settle_selected)
        right.addLayout(form)
        right.addWidget(QLabel(_("Payments recorded")))
        right.addWidget(self.payments_view, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addLayout(right, 2)

    def _payment_form(self) -> QFormLayout:
        self.payer, self.payee = QComboBox(), QComboBox()
        self.payer.setAccessibleName(_("Paid by"))
        self.payee.setAccessibleName(_("Paid to"))
        # The league's currency once its money is read (`show_money`); nothing is
        # recorded before (`record_payment`).
        self.amount = MoneyEdit(_("Amount"), locale_currency())
        self.amount.returnPressed.connect(self.record_payment)
        self.paid_on = TypedDateEdit(QDate.currentDate())
        self.paid_on.setAccessibleName(_("Paid on"))
        self.paid_on.setCalendarPopup(True)
        self.paid_on.setDisplayFormat(date_format())
        self.record = QPushButton(_("Re&cord payment"))
        self.record.clicked.connect(self.record_payment)
        self.form_problem = problem_label(_("Payment problem"))
        form = QFormLayout()
        form.addRow(_("Paid &by"), self.payer)
        form.addRow(_("Pai&d to"), self.payee)  # Alt+O: the Roster tab
        self.amount_label = QLabel()
        self.amount_label.setBuddy(self.amount)
        self._label_amount()
        form.addRow(self.amount_label, self.amount)
        form.addRow(_("&When paid"), self.paid_on)
        form.addRow(self.form_problem, self.record)
        for field in (self.amount, self.paid_on):
            undo_falls_through(field)
        return form

    # -- showing ---------------------------------------------------------------------

    def currency(self) -> str | None:
        """The currency the league shown keeps its money in (None: not read)."""
        return self.money.currency if self.money is not None else None

    def keep_currency(self) -> None:
        """Keep the currency chosen as the league's: every amount of its nights and
        payments is shown in it from now on (the amounts stay as they are)."""
        if self.money is None or self.currency_choice.code() == self.money.currency:
            return
        code = self.currency_choice.code()
        if code is None:
            self.form_problem.setText(self.currency_choice.problem() or "")
            return
        if self.problem.attempt(self.layer.keep_currency, self.league, code) is not None:
            self.form_problem.clear()
            self.currency_changed.emit()

    def _label_amount(self) -> None:
        """The amount's label names the league's currency: 'Amount (€)'."""
        currency = self.currency()
        if currency is None:  # the league's money not read: no currency guessed
            self.amount_label.setText(_("&Amount"))
            return
        sign = currency_symbol(currency)
        self.amount_label.setText(_("&Amount ({currency})").format(currency=sign))

    def show_money(self, league: str) -> None:
        """LEAGUE's balances, who owes whom in the chosen mode, and its payments, read
        again (the player page charts a balance from `money`)."""
        self.league = league
        self.money = self.problem.attempt(league_money, self.db, league=league)
        if self.money is None:  # not read: no amounts shown, none in a guessed currency
            for model in (self.balances_model, self.owed_model, self.payments_model):
                model.set_rows([])
            self._label_amount()
            return
        for model in (self.balances_model, self.owed_model, self.payments_model):
            model.set_currency(self.money.currency)
        self.amount.set_currency(self.money.currency)
        self._label_amount()
        if self.currency_choice.code() != self.money.currency:
            self.currency_choice.set_code(self.money.currency)
        names = sorted(self.money.balances, key=str.casefold)
        for combo in (self.collector, self.payer, self.payee):
            fill(combo, names)
        mode = self.mode.currentData()
        self.collector.setEnabled(mode == "collector")
        collector = self.collector.currentText() or None
        owed = self.money.outstanding(mode, collector) if mode != "collector" or collector else ()
        self.balances_model.set_rows(sorted(self.money.balances.items(), key=lambda b: -b[1]))
        self.owed_model.set_rows(owed)
        self.payments_model.set_rows(self.money.payments)
        count = len(owed)
        self.money_summary.setText(
            ngettext(
                "{count} payment squares everyone up.",
                "{count} payments square everyone up.",
                count,
            ).format(count=count)
            if owed
            else _("Everyone is square.")
        )
        if owed:
            self.owed_view.selectRow(0)

    def sheet(self) -> Sheet | None:
        """The league's money for a spreadsheet: every closed night's debts, every
        payment and who owes whom now in the way chosen (what `scorekeeper debts --csv`
        writes)."""
        if self.money is None:
            return None
        return money_sheet(self.money.debts, self.money.payments, self.owed_model.rows)

    # -- writing ---------------------------------------------------------------------

    def pay(self, payer: str, payee: str, cents: int, paid_on: dt.date) -> bool:
        """Record a payment (saved before it is shown); False with the problem shown."""
        currency = self.currency()
        if currency is None:  # the league's money could not be read (the problem says why)
            return False
        try:
            self.layer.record_payment(
                league=self.league,
                payer=payer,
                payee=payee,
                cents=cents,
                paid_on=paid_on,
                currency=currency,
            )
        except StorageError as error:
            self.form_problem.setText(str(error))
            return False
        self.form_problem.clear()
        self.say(
            said(
                _("Payment recorded: {payer} paid {payee} {amount}. Ctrl+Z undoes it."),
                payer=payer,
                payee=payee,
                amount=money(cents, currency),
            )
        )
        return True

    def record_payment(self) -> None:
        """Record the payment typed into the form."""
        cents = self.amount.cents()
        if cents is None or cents <= 0:
            problem = self.amount.problem() or _("{field}: must be more than nothing").format(
                field=self.amount.field
            )
            self.form_problem.setText(problem)
            self.amount.setFocus()
            return
        day = self.paid_on.date()
        if self.pay(
            self.payer.currentText(),
            self.payee.currentText(),
            cents,
            dt.date(day.year(), day.month(), day.day()),
        ):
            # Emptied with its own undo history: the next Ctrl+Z typed there is the
            # window's, and undoes the payment (`undo_falls_through`).
            self.amount.setText("")

    def _prefill(self) -> None:
        """The form offers the selected suggested payment (a partial one is one edit away)."""
        row = self.owed_view.currentIndex().row()
        if 0 <= row < len(self.owed_model.rows):
            owed = self.owed_model.rows[row]
            self.payer.setCurrentText(owed.payer)
            self.payee.setCurrentText(owed.payee)
            self.amount.set_cents(owed.cents)

    def pay_selected(self) -> None:
        """Record the selected suggested payment as made, today; the keyboard goes
        back to the list, on the payment after it (now in its place), so the next one
        is a key away (a trial's focus stayed on the button, the list on its first row)."""
        row = self.owed_view.currentIndex().row()
        if not 0 <= row < len(self.owed_model.rows):
            return
        owed, after = self.owed_model.rows[row], self.owed_model.rows[row + 1 :]
        if self.pay(owed.payer, owed.payee, owed.cents, dt.date.today()):
            # Who owes whom is worked out again: the next payment is found where it
            # went, else the row in the place of the one made.
            rows = self.owed_model.rows
            row = next((rows.index(p) for p in after if p in rows), row)
            if rows:
                self.owed_view.selectRow(min(row, len(rows) - 1))
            self.owed_view.setFocus()
