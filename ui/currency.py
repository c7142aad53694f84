"""Money typed and its currency chosen: `CurrencyChoice`, a combo of the common
currencies (the euro and the dollar first) where any ISO 4217 code may be typed, and
`MoneyEdit`, an amount of the night's or the league's currency typed the locale's way
('1,25' in German, '1.25' in English), read in exact cents
(`scorekeeper.formatting.parse_money`) or refused with a message naming the field: the
one way money is typed in the app."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from scorekeeper.formatting import (
    COMMON_CURRENCIES,
    UnreadableAmount,
    amount_text,
    currency_symbol,
    is_currency_code,
    locale_currency,
    not_a_currency_code,
    parse_money,
)
from scorekeeper.i18n import _


class CurrencyChoice(QComboBox):
    """The currency a night's or a league's money is in: the common ones offered ('EUR
    · €'), any ISO 4217 code typed ('JPY')."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setAccessibleName(_("Currency"))
        for code in COMMON_CURRENCIES:
            self.addItem(self.shown(code), code)
        self.set_code(locale_currency())

    @staticmethod
    def shown(code: str) -> str:
        """How the choice of CODE reads: 'EUR · €', 'CHF' (a code that is its own sign)."""
        sign = currency_symbol(code)
        return code if sign == code else f"{code} · {sign}"

    def set_code(self, code: str) -> None:
        """Show CODE chosen."""
        self.setCurrentText(self.shown(code))

    def code(self) -> str | None:
        """The ISO 4217 code chosen or typed ('eur' is EUR), or None when what is typed
        is not one."""
        typed = self.currentText().strip().split(" ", 1)[0].upper()
        return typed if is_currency_code(typed) else None

    def problem(self) -> str | None:
        """What is wrong with the currency typed, naming the field, or None."""
        if self.code() is not None:
            return None
        problem = not_a_currency_code(repr(self.currentText().strip()))
        return _("{field}: {problem}").format(field=_("Currency"), problem=problem)


class MoneyEdit(QLineEdit):
    """An amount of CURRENCY (an ISO 4217 code: the night's or the league's) typed the
    locale's way, read in whole cents; FIELD names it in the message that refuses what
    cannot be read, or is in another currency ('$5' where the money is in euros)."""

    def __init__(self, field: str, currency: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field, self.currency = field, currency
        self.setAccessibleName(field)
        self.setPlaceholderText(amount_text(125))

    def set_currency(self, currency: str) -> None:
        """Read what is typed as CURRENCY from now on (the night's or league's chosen)."""
        self.currency = currency

    def set_cents(self, cents: int) -> None:
        """Show CENTS as the locale types them ('0,25')."""
        self.setText(amount_text(cents))

    def cents(self) -> int | None:
        """The cents typed, or None when they cannot be read (`problem` says why)."""
        try:
            return parse_money(self.text(), self.field, currency=self.currency)
        except UnreadableAmount:
            return None

    def refusal(self) -> UnreadableAmount | None:
        """Why what is typed is not an amount of the currency (its field and reason),
        or None."""
        try:
            parse_money(self.text(), self.field, currency=self.currency)
        except UnreadableAmount as refused:
            return refused
        return None

    def problem(self) -> str | None:
        """Why what is typed is not an amount, naming the field, or None."""
        refused = self.refusal()
        return None if refused is None else str(refused)
