"""The tournament window's dialogs: a new tournament (its day, game and house rules,
sessions and hands, fee, payout and tie-breaks), players registered, a table sheet's
totals (zero-sum before OK), a penalty.  Each gives back what was typed; the window
hands it to its layer (ui/tournament_session.py), which stores it or says why not."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QDate, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.formatting import currency_name, locale_currency
from scorekeeper.i18n import _
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import clean_name
from scorekeeper.tournament.prizes import (
    REMAINDER_MEANING,
    REMAINDERS,
    default_payout,
    parse_payout,
)
from scorekeeper.tournament.standings import parse_tie_breaks, tie_break_names
from scorekeeper.tournament.tables import UNEVEN, UNEVEN_MEANING

from ..currency import CurrencyChoice, MoneyEdit
from ..date_edit import TypedDateEdit
from ..language import date_format
from ..no_enter import NoEnterDialog
from ..rules_editor import RulesEditor
from ..screens import resize_to_fit

MOST_TABLE_POINTS = 1_000_000  # a table sheet's total for one player, either way


class _Spin(QSpinBox):
    """A number field whose number is selected whenever it takes the focus (the first
    field too, focused as its dialog opens), so that what is typed replaces it: typing
    12 over the 0 gave 120."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        QTimer.singleShot(0, self, self.selectAll)  # after Qt's own placing of the cursor


def _spin(least: int, most: int, value: int, name: str) -> QSpinBox:
    spin = _Spin()
    spin.setRange(least, most)
    spin.setValue(value)
    spin.setAccessibleName(name)
    return spin


class NewTournamentDialog(NoEnterDialog):
    """A new tournament: its name and day, its game and house rules (the presets and
    every option, as a night's), its sessions and each player's hands a session, the
    entry fee and currency, how it pays, its tie-breaks, and which tables seat an
    uneven field."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New tournament"))
        self.name = QLineEdit()
        self.name.setAccessibleName(_("Tournament's name"))
        self.date = TypedDateEdit(QDate.currentDate())  # a typed date, and one Tab
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat(date_format())
        self.date.setAccessibleName(_("Date"))
        self.sessions = _spin(1, 20, 3, _("Sessions"))
        self.hands = _spin(1, 500, 20, _("Hands a session"))
        self.currency = CurrencyChoice()
        self.fee = MoneyEdit(_("Entry fee"), self.currency.code() or locale_currency())
        self.fee.set_cents(2000)
        self.currency.currentTextChanged.connect(
            lambda _text: self.fee.set_currency(self.currency.code() or locale_currency())
        )
        payout = default_payout(3)
        self.share = _spin(0, 100, payout.share, _("Share of the fees paid out"))
        self.places = QLineEdit(", ".join(str(p) for p in payout.places))
        self.places.setAccessibleName(_("Each place's percent"))
        self.session_top = _spin(0, 100, payout.session_top, _("Each session's top scorer"))
        self.remainder = QComboBox()
        for key in REMAINDERS:
            unit = currency_name(locale_currency(), count=1)
            meaning = _(REMAINDER_MEANING[key]).format(unit=unit)
            self.remainder.addItem(meaning, key)
            self.remainder.setItemData(
                self.remainder.count() - 1, meaning, Qt.ItemDataRole.ToolTipRole
            )
        # A meaning a sentence long is shown in part (whole in the list and its tip),
        # not made the dialog's width: the dialog fits a laptop's screen.
        self.remainder.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.remainder.setMinimumContentsLength(30)
        self.remainder.currentIndexChanged.connect(
            lambda _i: self.remainder.setToolTip(self.remainder.currentText())
        )
        self.remainder.setToolTip(self.remainder.currentText())
        self.tie_breaks = QLineEdit()
        self.tie_breaks.setPlaceholderText(
            _("the game's own: solos-won or picker-wins, tables-won")
        )
        self.tie_breaks.setAccessibleName(_("Tie-breaks"))
        self.tie_breaks.setToolTip(", ".join(tie_break_names()))
        self.uneven = QComboBox()
        for side in UNEVEN:
            self.uneven.addItem(_(UNEVEN_MEANING[side]), side)
        self.rules = RulesEditor(self.currency.code() or locale_currency())
        self.rules.preset.setCurrentText("jack-of-diamonds-5")
        # Its tables keep no stake (the note below): none offered beside it.
        self.rules.form.setRowVisible(self.rules.option_rows["stake_cents"], False)
        self.sessions.valueChanged.connect(self._payout_for_sessions)
        form = QFormLayout()
        form.addRow(_("&Name"), self.name)
        form.addRow(_("&Date"), self.date)
        sessions = QHBoxLayout()
        sessions.addWidget(self.sessions)
        payout_note = QLabel(_("(sets the payout below to the usual one for so many)"))
        payout_note.setWordWrap(True)
        sessions.addWidget(payout_note, 1)
        sessions_label = QLabel(_("&Sessions"))
        sessions_label.setBuddy(self.sessions)
        form.addRow(sessions_label, sessions)
        form.addRow(_("&Hands each player plays a session"), self.hands)
        form.addRow(_("Entry &fee"), self.fee)
        form.addRow(_("C&urrency"), self.currency)
        form.addRow(_("Paid out, percent of the fees"), self.share)
        form.addRow(_("Pla&ces, percent each"), self.places)
        form.addRow(_("Each session's top scorer, perc&ent"), self.session_top)
        form.addRow(_("What rounding leaves"), self.remainder)
        form.addRow(_("&Tie-breaks, in order"), self.tie_breaks)
        form.addRow(_("Where the players do not divide"), self.uneven)
        note = QLabel(
            _(
                "A tournament plays for points: its tables keep no stake, and its money "
                "is the prizes.  The percentages add up to 100 (shares of the pool) or to "
                "the share paid out (shares of the fees)."
            )
        )
        note.setWordWrap(True)
        self.problem, buttons = self.problem_and_buttons()
        self.chosen: dict[str, Any] | None = None
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        # Two columns, the rules' many options (they scroll) beside the form, so that
        # the whole dialog, OK with it, fits a 1366 x 768 laptop's screen.
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(note)
        left.addStretch()
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addWidget(self.rules, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        resize_to_fit(self, 1200, 680)

    def _ok(self) -> None:
        self.chosen = self.values()
        if self.chosen is not None:
            self.accept()

    def _payout_for_sessions(self, sessions: int) -> None:
        payout = default_payout(sessions)
        self.places.setText(", ".join(str(p) for p in payout.places))
        self.session_top.setValue(payout.session_top)
        self.share.setValue(payout.share)

    def values(self) -> dict[str, Any] | None:
        """What was typed, checked (the problem said, and None, when something is not):
        the keywords of `TournamentSession.create`."""
        name, problem = clean_name(self.name.text(), limit=60)
        if problem is not None:
            self._refuse(_("Name: {problem}").format(problem=problem))
            return None
        fee = self.fee.cents()
        if fee is None or not 0 <= fee <= MAX_AMOUNT:
            self._refuse(self.fee.problem() or _("Entry fee: 0 or more"))
            return None
        currency = self.currency.code()
        if currency is None:
            self._refuse(self.currency.problem() or "")
            return None
        parts = [p.strip() for p in self.places.text().replace(";", ",").split(",") if p.strip()]
        if not all(p.isdigit() for p in parts):
            self._refuse(_("Places: whole percentages separated by commas"))
            return None
        value = {
            "share": self.share.value(),
            "places": [int(p) for p in parts],
            "session_top": self.session_top.value(),
            "remainder": self.remainder.currentData(),
        }
        payout, problems = parse_payout(value, self.sessions.value())
        if payout is None:
            self._refuse("; ".join(p.message for p in problems))
            return None
        typed = [t.strip() for t in self.tie_breaks.text().split(",") if t.strip()]
        chain, problems = parse_tie_breaks(typed or None, self.rules.rules().game)
        if chain is None:
            self._refuse(_("Tie-breaks: {problem}").format(problem=problems[0].message))
            return None
        day = self.date.date()
        self.problem.clear()
        return dict(
            name=name,
            date=dt.date(day.year(), day.month(), day.day()),
            rules=self.rules.rules(),
            sessions=self.sessions.value(),
            hands=self.hands.value(),
            entry_cents=fee,
            currency=currency,
            payout=payout,
            tie_breaks=chain,
            uneven=self.uneven.currentData(),
        )

    def _refuse(self, message: str) -> None:
        self.problem.setText("⚠ " + message)


class RegisterDialog(NoEnterDialog):
    """Players to register, a name a line (the roster's, or new), paid or not."""

    def __init__(self, sessions: int, first: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Register players"))
        self.names = QPlainTextEdit()
        self.names.setAccessibleName(_("Players, one a line"))
        self.names.setTabChangesFocus(True)  # Tab goes on to the next field, as elsewhere
        self.paid = QCheckBox(_("Entry fee pai&d"))
        self.paid.setChecked(True)
        self.first = _spin(1, sessions, first, _("Playing from session"))
        form = QFormLayout()
        form.addRow(_("&Players, one a line"), self.names)
        form.addRow("", self.paid)
        form.addRow(_("Playing from &session"), self.first)
        self.problem, buttons = self.problem_and_buttons()
        # Enter starts a new line of names; the button (Alt+R) or Ctrl+Enter registers.
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("&Register"))
        self.plain_buttons(buttons)
        for key in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(key), self, self._ok)
        self.chosen: list[str] | None = None
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def _ok(self) -> None:
        self.chosen = self.players()
        if self.chosen:
            self.accept()
        elif self.chosen is not None:
            self.problem.setText("⚠ " + _("Type at least one name."))

    def players(self) -> list[str] | None:
        """The names typed in their stored form; None (the problem said) when one cannot
        be a name."""
        names = []
        for line in self.names.toPlainText().splitlines():
            if not line.strip():
                continue
            name, problem = clean_name(line)
            if problem is not None:
                self.problem.setText(
                    "⚠ " + _("{name}: {problem}").format(name=line, problem=problem)
                )
                return None
            names.append(name)
        return names


class TotalsDialog(NoEnterDialog):
    """A table sheet's totals: each seated player's points, their sum shown as typed;
    OK only once they sum to zero."""

    def __init__(
        self,
        title: str,
        players: tuple[str, ...],
        parent: QWidget | None = None,
        entered: Mapping[str, int] | None = None,
    ):
        """ENTERED: the totals recorded already, shown as they are (not typed over)."""
        super().__init__(parent)
        self.setWindowTitle(title)
        self.spins: dict[str, QSpinBox] = {}
        form = QFormLayout()
        for player in players:
            spin = _spin(
                -MOST_TABLE_POINTS, MOST_TABLE_POINTS, (entered or {}).get(player, 0), player
            )
            spin.setReadOnly(entered is not None)
            spin.valueChanged.connect(self._summed)
            self.spins[player] = spin
            form.addRow(QLabel(player), spin)
        self.sum = QLabel()
        self.problem, self.buttons = self.problem_and_buttons()
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.sum)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self._summed()
        if entered is not None:
            self.sum.setText(
                _(
                    "These totals are recorded.  To correct them, open the table's night "
                    "(Hands in its night) and change its result hand there; a table "
                    "checked and signed is opened again first (Open it again)."
                )
            )
            self.sum.setWordWrap(True)
            self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Close)

    def _summed(self) -> None:
        total = sum(spin.value() for spin in self.spins.values())
        if total:
            self.sum.setText(_("The points add up to {total:+d}, not 0.").format(total=total))
        else:
            self.sum.setText(_("The points add up to 0."))
        ok = self.buttons.button(self.buttons.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(total == 0)

    def points(self) -> dict[str, int]:
        return {player: spin.value() for player, spin in self.spins.items()}


class PenaltyDialog(NoEnterDialog):
    """Points taken from one player of a session, and why."""

    def __init__(self, players: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Penalty"))
        self.player = QComboBox()
        self.player.addItems(players)
        self.player.setAccessibleName(_("Player"))
        self.points = _spin(1, 1000, 4, _("Points taken"))
        self.reason = QLineEdit()
        self.reason.setAccessibleName(_("Why"))
        self.reason.setMaxLength(200)
        form = QFormLayout()
        form.addRow(_("&Player"), self.player)
        form.addRow(_("Points &taken"), self.points)
        form.addRow(_("&Why"), self.reason)
        self.problem, buttons = self.problem_and_buttons()
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
