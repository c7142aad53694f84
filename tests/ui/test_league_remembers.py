"""A league remembers its game, house rules, stake and currency (issue 33, point 3):
choosing it in Start a night loads them, whatever the table's last night was; changing
them for one night is said on the dialog's top line; a new league typed in German keeps
its money in euros."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSettings

from scorekeeper.store import night_import
from scorekeeper.store.database import Database
from scorekeeper.store.league import current_season, default_rules, league_currency
from ui.start_dialog import SETTINGS_KEY, StartNightDialog

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def tuesday(database: Database) -> None:
    """A Sheepshead league at 25 cents a point, its rules never set: only its nights."""
    for date in ("2026-10-06", "2026-10-20"):
        night_import.import_night(
            database,
            {
                "format": "sheepshead-night/1",
                "rules": {"preset": "jack-of-diamonds-5", "stake_cents": 25},
                "players": FIVE,
                "hands": [],
                "league": "Tuesday",
                "date": date,
                "currency": "USD",
            },
        )


def dialog_on(database: Database, qtbot: Any) -> StartNightDialog:
    """Start a night as the window opens it on DATABASE (the league's rules, currency
    and current season asked of it)."""
    dialog = StartNightDialog(
        FIVE,
        ["Tuesday"],
        None,
        lambda league, season: default_rules(database, league=league, season=season),
        lambda league: league_currency(database, league=league),
        None,
        lambda league: current_season(database, league=league),
    )
    qtbot.addWidget(dialog)
    return dialog


def test_choosing_a_league_loads_its_game_and_stake_not_the_last_nights(
    database: Database, qtbot: Any
) -> None:
    tuesday(database)
    last = {"players": ["Ann", "Bob", "Cal", "Dee"], "league": "", "currency": "EUR"}
    last["rules"] = {"preset": "schafkopf", "stake_cents": 1}  # the table's last night
    QSettings().setValue(SETTINGS_KEY, json.dumps(last))
    dialog = dialog_on(database, qtbot)
    assert dialog.rules().preset == "schafkopf"
    dialog.league.setCurrentText("Tuesday")
    rules = dialog.rules()
    assert (rules.preset, rules.stake_cents) == ("jack-of-diamonds-5", 25)
    assert dialog.currency.code() == "USD" and not dialog.currency.isEnabled()
    assert "changed for this night" not in dialog.summary.text()
    stake = dialog.editor.option_widgets["stake_cents"]
    stake.setText("0.10")
    assert dialog.summary.text().endswith(
        "— changed for this night: Stake a point (the league's: jack-of-diamonds-5, $0.25)"
    ), dialog.summary.text()


def test_a_new_league_keeps_its_money_in_the_languages_currency(
    database: Database, qtbot: Any, german: None
) -> None:
    last = {"players": FIVE, "league": "", "currency": "USD", "rules": "classic-5"}
    QSettings().setValue(SETTINGS_KEY, json.dumps(last))
    dialog = dialog_on(database, qtbot)
    dialog.league.setCurrentText("Stammtisch")  # no such league yet
    assert dialog.currency.code() == "EUR" and dialog.currency.isEnabled()


def test_choosing_a_league_proposes_its_season(database: Database, qtbot: Any) -> None:
    """Found in a trial: the Season field stayed blank after choosing the league, so
    tonight's nights were filed under no season while the board said "Fall 2026"."""
    tuesday(database)
    night_import.import_night(
        database,
        {
            "format": "sheepshead-night/1",
            "rules": {"preset": "jack-of-diamonds-5", "stake_cents": 25},
            "players": FIVE,
            "hands": [],
            "league": "Tuesday",
            "season": "Fall 2026",
            "date": "2026-11-03",
        },
    )
    dialog = dialog_on(database, qtbot)
    dialog.league.setCurrentText("Tuesday")
    assert dialog.season.text() == "Fall 2026"
    dialog.league.setCurrentText("Stammtisch")  # a new league: no season to propose
    assert dialog.season.text() == ""
    dialog.season.setText("Winter")
    dialog.season.setModified(True)  # typed by the user: kept
    dialog.league.setCurrentText("Tuesday")
    assert dialog.season.text() == "Winter"
