"""The night's Settle up tab: marking a payment as made from the keyboard, the payments
made for the night's debts whichever window recorded them, and what is still owed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.formatting import money
from scorekeeper.store.database import Database
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tonight import night_payments, night_to_reopen


def made(database: Database, night_id: int) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.cents) for p in night_payments(database, night_id=night_id)]


def test_mark_as_paid_from_the_keyboard_keeps_the_list_on_the_next_payment(
    database: Database, open_window: Any, keyboard: Any, qtbot: Any
) -> None:
    """Ctrl+E, a payment chosen with the arrows, Tab to Mark as paid and Enter (or
    Space) mark it; the keyboard stays on the list, on the next payment (a trial's
    focus jumped back into the entry form), where Ctrl+M marks that one too; the status
    bar says who paid whom how much."""
    seed_sample_league(database)
    night_id = night_to_reopen(database)
    window = open_window(database, night_id)
    keyboard.ctrl(Qt.Key.Key_E)
    panel = window.settlement
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.table)
    owed = [(p.payer, p.payee, p.cents) for p in window.session.view.result.settlement]
    assert len(owed) >= 3
    keyboard.press(Qt.Key.Key_Down)
    keyboard.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.mark
    keyboard.enter()
    assert made(database, night_id) == [owed[1]]
    assert QApplication.focusWidget() is panel.table
    assert panel.table.currentIndex().row() == 2
    payer, payee, cents = owed[1]
    paid = f"{payer} paid {payee} {money(cents, 'USD')}"
    assert window.statusBar().currentMessage() == f"Payment recorded: {paid}. Ctrl+Z undoes it."

    keyboard.ctrl(Qt.Key.Key_M)
    assert made(database, night_id) == [owed[1], owed[2]]
    assert QApplication.focusWidget() is panel.table


def test_ctrl_m_away_from_settle_up_shows_it_first(
    database: Database, open_window: Any, keyboard: Any, qtbot: Any
) -> None:
    """Ctrl+M typed in the entry form marks nothing unseen: it shows Settle up, the
    keyboard on its list, for the payment to be chosen."""
    seed_sample_league(database)
    night_id = night_to_reopen(database)
    window = open_window(database, night_id)
    keyboard.ctrl(Qt.Key.Key_M)
    assert window.tabs.currentWidget() is window.settlement
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.settlement.table)
    assert made(database, night_id) == []
