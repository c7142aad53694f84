"""The packaged app's self-check names every game whose entry form it could make, those
registered for later imported there and then (ui.games.register_form_later): the smoke
test of the wheel and the frozen app (packaging/smoke) compares it, where the app's
package is `sheepshead_scorekeeper`, not `ui`, and a module named only by a string is
missing unless the build was told of it."""

from __future__ import annotations

from scorekeeper.games import all_games
from ui.self_check import facts


def test_the_self_check_loads_every_game_s_form(qapp) -> None:
    from PySide6.QtWidgets import QMainWindow

    found = facts(qapp, QMainWindow(), "sqlite:///x")
    assert found["game_forms"] == [g.name for g in all_games()] == ["sheepshead", "schafkopf"]
