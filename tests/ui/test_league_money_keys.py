"""The league window's Money tab at the keyboard: Ctrl+Z right after a payment is
recorded undoes the payment (and says which), as the night's Ctrl+Z undoes a hand."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.formatting import money
from scorekeeper.ledger import DEBT_MODES
from scorekeeper.store.database import Database
from scorekeeper.store.money import league_money
from scorekeeper.store.seed import seed_sample_league
from ui.league.window import LeagueWindow

LEAGUE = "Tuesday Night League"


@pytest.fixture
def window(database: Database, qtbot: Any) -> LeagueWindow:
    """The sample league's window on its Money tab, active, the first suggested payment
    selected."""
    seed_sample_league(database)
    shown = LeagueWindow(database, LEAGUE)
    qtbot.addWidget(shown)
    shown.show()
    shown.activateWindow()
    qtbot.waitUntil(shown.isActiveWindow)
    shown.tabs.setCurrentWidget(shown.money_tab)
    return shown


def payments(database: Database) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.cents) for p in league_money(database, league=LEAGUE).payments]


def test_ctrl_z_after_recording_a_payment_undoes_the_payment(
    window: LeagueWindow, database: Database, keyboard: Any, qtbot: Any
) -> None:
    """Typed into Amount, Enter records it; the Ctrl+Z typed next, still in Amount,
    takes the payment back (a trial's brought the amount's text back instead), says
    who paid whom how much, and Ctrl+Shift+Z records it again."""
    tab = window.money_tab
    payer, payee = tab.payer.currentText(), tab.payee.currentText()
    tab.amount.setFocus()
    qtbot.waitUntil(tab.amount.hasFocus)
    tab.amount.selectAll()
    keyboard.type("0.05")
    keyboard.enter()
    assert payments(database) == [(payer, payee, 5)]
    paid = f"{payer} paid {payee} {money(5, 'USD')}"
    assert window.status.currentMessage() == f"Payment recorded: {paid}. Ctrl+Z undoes it."
    assert QApplication.focusWidget() is tab.amount

    keyboard.ctrl(Qt.Key.Key_Z)
    assert payments(database) == []
    assert window.status.currentMessage() == f"Undid: payment: {paid}. Ctrl+Shift+Z redoes it."
    assert tab.payments_model.rows == []

    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert payments(database) == [(payer, payee, 5)]
    assert window.status.currentMessage() == f"Redid: payment: {paid}."


def test_ctrl_z_undoes_typing_in_the_amount_first(
    window: LeagueWindow, database: Database, keyboard: Any, qtbot: Any
) -> None:
    """While Amount holds typing of its own, Ctrl+Z undoes that as any field does; the
    next, with nothing of its own left, undoes the payment recorded before it."""
    tab = window.money_tab
    tab.amount.setFocus()
    qtbot.waitUntil(tab.amount.hasFocus)
    tab.amount.selectAll()
    keyboard.type("0.05")
    keyboard.enter()
    keyboard.type("7")
    keyboard.ctrl(Qt.Key.Key_Z)
    assert tab.amount.text() == "" and len(payments(database)) == 1
    keyboard.ctrl(Qt.Key.Key_Z)
    assert payments(database) == []


def test_mark_the_selected_payment_as_made_from_the_keyboard_keeps_the_list(
    window: LeagueWindow, database: Database, keyboard: Any, qtbot: Any
) -> None:
    """Tab from the list of who owes whom reaches the button (a trial's Tab went round
    the list's cells), Enter presses it, and the keyboard is back on the list, on the
    payment after the one made; Alt+K does the same.  (Between the players who owe each
    other, one payment made leaves the others as they were.)"""
    tab = window.money_tab
    tab.mode.setCurrentIndex(DEBT_MODES.index("direct"))
    suggested = list(tab.owed_model.rows)
    tab.owed_view.setFocus()
    qtbot.waitUntil(tab.owed_view.hasFocus)
    keyboard.press(Qt.Key.Key_Down)  # the second suggestion
    keyboard.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is tab.settle_selected
    keyboard.enter()
    made = suggested[1]
    assert payments(database) == [(made.payer, made.payee, made.cents)]
    assert QApplication.focusWidget() is tab.owed_view
    assert tab.owed_model.rows[tab.owed_view.currentIndex().row()] == suggested[2]

    keyboard.alt(Qt.Key.Key_K)  # the third, now where the second was
    qtbot.waitUntil(lambda: len(payments(database)) == 2)  # an Alt letter clicks a moment later
    assert payments(database)[-1] == (suggested[2].payer, suggested[2].payee, suggested[2].cents)
    assert QApplication.focusWidget() is tab.owed_view
    assert tab.owed_model.rows[tab.owed_view.currentIndex().row()] == suggested[3]
