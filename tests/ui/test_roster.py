"""The league window's roster, at the keyboard: a player renamed everywhere at once (the
standings, the night screen), retired from the roster new nights offer and put back,
each undone and redone; a refusal said in one sentence naming the field, nothing
written."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog

from scorekeeper.store.database import Database
from scorekeeper.store.people import list_players, rename_player
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tonight import night_to_reopen
from tests.ui.test_league_window import open_league, shown_column
from ui.league.window import LeagueWindow


@pytest.fixture
def screens(database: Database, open_window: Any, keyboard: Any, qtbot: Any) -> Any:
    """The night screen on the sample league's open night, and the league window opened
    from it by Ctrl+L, with the keyboard; Alt+O shows the roster, its list focused."""
    seed_sample_league(database)
    main = open_window(database, night_to_reopen(database))
    league = open_league(main, keyboard, qtbot)
    league.activateWindow()
    qtbot.waitUntil(league.isActiveWindow)
    keyboard.alt(Qt.Key.Key_O)
    assert league.tabs.currentWidget() is league.roster_tab
    assert keyboard.focused() is league.roster_tab.roster_view
    return main, league


def choose(keyboard: Any, league: LeagueWindow, name: str) -> None:
    """Type the start of NAME in the roster list: that player is selected."""
    keyboard.type(name)
    selected = league.roster_tab.selected()
    assert selected is not None and selected.name == name


def rename(keyboard: Any, qtbot: Any, new: str) -> None:
    """Alt+N (Rename…), the new name typed over the old one, Enter."""
    asked: list[str] = []

    def in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        asked.append(dialog.labelText())
        keyboard.ctrl(Qt.Key.Key_A)
        keyboard.type(new)
        keyboard.enter()

    keyboard.in_next_dialog(in_dialog)
    keyboard.alt(Qt.Key.Key_N)
    qtbot.waitUntil(lambda: asked != [])


def roster(database: Database) -> dict[str, bool]:
    """Each stored player's name, and whether they are retired."""
    return {p.name: p.retired for p in list_players(database, include_retired=True)}


def names_shown(main: Any, league: LeagueWindow) -> tuple[set[str], set[str], set[str]]:
    """The names on the night screen's sheet, in the standings, and on the roster."""
    model = main.model
    sheet = {model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())}
    league.tabs.setCurrentWidget(league.standings_tab)  # each tab is read when chosen
    standings = set(shown_column(league.standings_tab.standings_view, 1))
    league.tabs.setCurrentWidget(league.roster_tab)
    return sheet, standings, set(shown_column(league.roster_tab.roster_view, 0))


def test_a_player_renamed_is_renamed_everywhere_and_back(
    screens: Any, database: Database, keyboard: Any, qtbot: Any
) -> None:
    main, league = screens
    assert "Cal" in main.session.view.players
    choose(keyboard, league, "Cal")
    rename(keyboard, qtbot, "Calvin")

    assert "Calvin" in roster(database) and "Cal" not in roster(database)  # saved first
    for shown in names_shown(main, league):
        assert "Calvin" in shown and "Cal" not in shown
    assert league.roster_tab.selected().name == "Calvin"  # still the one selected
    assert league.roster_tab.roster_problem.text() == ""
    assert league.undo_stack.undoText() == "Cal renamed Calvin"

    keyboard.ctrl(Qt.Key.Key_Z)
    assert "Cal" in roster(database) and "Calvin" not in roster(database)
    for shown in names_shown(main, league):
        assert "Cal" in shown and "Calvin" not in shown
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert "Calvin" in roster(database)
    assert "Calvin" in main.session.view.players  # the night screen follows a redo too


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("ida", "new name: there is already a player 'Ida'"),
        ("  ", "new name: "),
        ("(pot)", "new name: (pot) is the Schafkopf pot's name, not a player's"),
    ],
)
def test_a_refused_name_is_said_naming_the_field_and_nothing_changes(
    screens: Any, database: Database, keyboard: Any, qtbot: Any, typed: str, said: str
) -> None:
    main, league = screens
    before = roster(database)
    choose(keyboard, league, "Cal")
    rename(keyboard, qtbot, typed)
    problem = league.roster_tab.roster_problem.text()
    assert problem.startswith(said) and "\n" not in problem
    assert roster(database) == before
    assert not league.undo_stack.canUndo()
    assert "Cal" in main.session.view.players


def join_offers(main: Any, keyboard: Any, qtbot: Any) -> list[str]:
    """Who Ctrl+J (a player joins) offers at the night screen; the dialog is closed."""
    offered: list[str] = []

    def in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        offered.extend(dialog.comboBoxItems())
        keyboard.press(Qt.Key.Key_Escape)

    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    keyboard.in_next_dialog(in_dialog)
    keyboard.ctrl(Qt.Key.Key_J)
    qtbot.waitUntil(lambda: offered != [])
    return offered


def test_a_player_retired_is_not_offered_until_put_back(
    screens: Any, database: Database, keyboard: Any, qtbot: Any
) -> None:
    main, league = screens
    assert "Bob" not in main.session.view.players and "Bob" in join_offers(main, keyboard, qtbot)
    league.activateWindow()
    qtbot.waitUntil(league.isActiveWindow)
    league.roster_tab.roster_view.setFocus()
    choose(keyboard, league, "Bob")
    assert league.roster_tab.retire.text() == "&Retire"
    keyboard.alt(Qt.Key.Key_R)  # Qt clicks a button by its Alt+letter a moment later
    qtbot.waitUntil(lambda: league.roster_tab.retire.text() == "&Reinstate")

    assert roster(database)["Bob"] is True
    assert "retired" in shown_column(league.roster_tab.roster_view, 1)
    assert league.roster_tab.retire.text() == "&Reinstate"
    assert "Bob" in set(shown_column(league.standings_tab.standings_view, 1))  # nights kept
    assert league.undo_stack.undoText() == "Bob retired"
    assert "Bob" not in join_offers(main, keyboard, qtbot)

    league.activateWindow()
    qtbot.waitUntil(league.isActiveWindow)
    keyboard.ctrl(Qt.Key.Key_Z)
    assert roster(database)["Bob"] is False
    assert league.roster_tab.retire.text() == "&Retire"
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert roster(database)["Bob"] is True
    keyboard.alt(Qt.Key.Key_R)  # now Reinstate
    qtbot.waitUntil(lambda: league.roster_tab.retire.text() == "&Retire")
    assert roster(database)["Bob"] is False
    assert league.undo_stack.undoText() == "Bob back on the roster"
    assert "Bob" in join_offers(main, keyboard, qtbot)


def test_an_undo_after_another_program_renamed_the_player_is_refused(
    screens: Any, database: Database, keyboard: Any, qtbot: Any
) -> None:
    _, league = screens
    choose(keyboard, league, "Cal")
    rename(keyboard, qtbot, "Calvin")
    rename_player(database, old="Calvin", new="Carl")  # `scorekeeper players rename`
    keyboard.ctrl(Qt.Key.Key_Z)
    said = league.problem.text()
    assert said.startswith("Could not undo “Cal renamed Calvin”: another program has renamed")
    assert "taken off the undo list" in said
    assert "Carl" in roster(database) and "Cal" not in roster(database)
    assert not league.undo_stack.canUndo()


def test_the_roster_lists_the_leagues_players_and_every_leagues_when_ticked(
    screens: Any, database: Database, keyboard: Any, qtbot: Any
) -> None:
    """Issue 33, point 6: a player of another league only is not on this league's
    roster until "Every league's players" (Alt+V) is ticked."""
    from scorekeeper.store.night_import import import_night

    _main, league = screens
    import_night(
        database,
        {
            "format": "sheepshead-night/1",
            "rules": {"preset": "schafkopf"},
            "players": ["Ann", "Sepp", "Vroni", "Wast"],
            "hands": [],
            "league": "Stammtisch",
            "date": "2026-11-04",
        },
    )
    tab = league.roster_tab
    league.fill(tab)
    names = [p.name for p in tab.roster_model.rows]
    assert "Sepp" not in names and names == [
        p.name for p in list_players(database, include_retired=True, league=league.league())
    ]
    keyboard.alt(Qt.Key.Key_V)
    qtbot.waitUntil(tab.everyone.isChecked)  # a mnemonic clicks after its animation
    everyone = [p.name for p in tab.roster_model.rows]
    assert {"Sepp", "Vroni", "Wast"} <= set(everyone) and set(names) < set(everyone)
