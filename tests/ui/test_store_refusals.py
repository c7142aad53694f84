"""A change the store refuses is shown in the user's words: the field named as the
window names it ("paid to", "amount"), never by a command-line flag."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.sample import sample_night_document
from scorekeeper.store.database import Database
from scorekeeper.store.money import league_money
from scorekeeper.store.night_import import import_night
from scorekeeper.store.seed import seed_sample_league
from ui.league.window import LeagueWindow
from ui.menus.night import pay

LEAGUE = "Tuesday Night League"


@pytest.mark.parametrize(
    ("payer", "payee", "cents", "shown"),
    [
        ("Ann", "Ann", 100, "paid to: a player cannot pay themselves"),
        ("Ann", "(pot)", 100, "paid to: (pot) is the table's Schafkopf pot, not a person"),
        ("Zed", "Bob", 100, "paid by: there is no player 'Zed'"),
        ("Ann", "Bob", MAX_AMOUNT + 1, f"amount: {MAX_AMOUNT + 1:,} is more than the most"),
    ],
)
def test_the_league_windows_payment_form_names_no_flag(
    database: Database, qtbot: Any, payer: str, payee: str, cents: int, shown: str
) -> None:
    seed_sample_league(database)
    window = LeagueWindow(database, LEAGUE)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.money_tab)  # as a person pays: on the Money tab
    assert not window.money_tab.pay(payer, payee, cents, dt.date(2026, 11, 22))
    said = window.money_tab.form_problem.text()
    assert said.startswith(shown) and "--" not in said
    assert league_money(database, league=LEAGUE).payments == ()


@pytest.mark.expects_errors
def test_the_night_screens_refusals_name_no_flag(database: Database, open_window, shown_errors):
    window = open_window(database, import_night(database, sample_night_document()))
    pay(window, "(pot)", "Ann", 100)  # as Settle up's Mark as paid
    pay(window, "Ann", "Bob", MAX_AMOUNT + 1)
    assert [m.split(" is ")[0] for m in shown_errors] == [
        "paid by: (pot)",
        f"amount: {MAX_AMOUNT + 1:,}",
    ]
    assert not any("--" in message for message in shown_errors)
