"""The night's Settle up tab: marking a payment as made from the keyboard, the payments
made for the night's debts whichever window recorded them, and what is still owed."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.formatting import money, short_date
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


def test_a_payment_recorded_in_the_league_window_shows_on_the_nights_settle_up(
    database: Database, open_window: Any, keyboard: Any, qtbot: Any
) -> None:
    """A closed night of the league on screen, Settle up shown; a payment recorded in
    League ▸ Money between two of its settlement (part of what one owes the other) is
    shown there at once: what was paid, when, and what is still owed (a trial's Settle
    up said "not yet" of a debt the league window had been paid)."""
    from ui.league.window import LeagueWindow

    oldest = seed_sample_league(database)[0]  # its debts are the oldest: paid first
    window = open_window(database, oldest)
    keyboard.ctrl(Qt.Key.Key_E)
    panel = window.settlement
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.table)
    first = window.session.view.result.settlement[0]
    assert panel.model.index(0, 2).data() == "not yet"

    window.menu_actions["league"].trigger()
    league = window.league_window
    assert isinstance(league, LeagueWindow)
    qtbot.addWidget(league)
    league.tabs.setCurrentWidget(league.money_tab)
    league.money_tab.payer.setCurrentText(first.payer)
    league.money_tab.payee.setCurrentText(first.payee)
    league.money_tab.amount.setText("0.01")
    league.money_tab.record.click()

    owed = money(first.cents - 1, "USD")
    assert panel.model.index(0, 2).data() == f"{owed} owed"
    tip = panel.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    day = short_date(dt.date.today())
    amount = money(first.cents, "USD")
    assert tip == (
        f"{first.payer} pays {first.payee} {amount}: $0.01 paid on {day}; {owed} still owed."
    )
    total = sum(p.cents for p in window.session.view.result.settlement)
    assert panel.summary.text().endswith(f"Still owed: {money(total - 1, 'USD')}.")

    league.activateWindow()
    qtbot.waitUntil(league.isActiveWindow)
    league.money_tab.amount.setFocus()
    keyboard.ctrl(Qt.Key.Key_Z)  # undone there: not paid here either
    assert panel.model.index(0, 2).data() == "not yet"


LONG_NAMES = ["Bartholomew", "Maximilian", "Konstantin", "Friederike", "Evangeline", "Wilhelmina"]


def test_long_names_fit_settle_up_at_1280_by_800(
    database: Database, open_window: Any, keyboard: Any, qtbot: Any
) -> None:
    """At 1280x800, every payment is one line: both names as much as fits, shortened
    with "…" (a trial's payer wrapped over two lines and the payee was cut off), the
    amounts whole, the whole sentence in the row's tooltip."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    from scorekeeper.sample import sample_night_document
    from scorekeeper.store import night_import

    document = sample_night_document()
    renamed = dict(zip(document["players"], LONG_NAMES, strict=True))
    text = json.dumps(document)
    for short, long in renamed.items():
        text = text.replace(f'"{short}"', f'"{long}"')
    window = open_window(database, night_import.import_night(database, json.loads(text)))
    window.resize(1280, 800)
    keyboard.ctrl(Qt.Key.Key_E)
    panel = window.settlement
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.table)
    table, model = panel.table, panel.model
    assert model.rowCount() >= 3
    for row, payment in enumerate(model.rows):
        index = model.index(row, 0)
        option = QStyleOptionViewItem()
        option.rect = table.visualRect(index)
        option.widget = table
        table.itemDelegateForIndex(index).initStyleOption(option, index)
        drawn = option.text
        assert option.fontMetrics.horizontalAdvance(drawn) <= option.rect.width(), drawn
        payer, payee = drawn.split(" pays ")
        assert payment.payer.startswith(payer.rstrip("…")[:3]), drawn
        assert payment.payee.startswith(payee.rstrip("…")[:3]), drawn
        assert index.data(Qt.ItemDataRole.ToolTipRole).startswith(
            f"{payment.payer} pays {payment.payee} $"
        )
        for column in (1, 2):
            cell = model.index(row, column)
            width = table.fontMetrics().horizontalAdvance(cell.data())
            assert width < table.columnWidth(column), cell.data()
