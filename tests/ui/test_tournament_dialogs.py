"""The tournament window's dialogs: a late entry registered when the session they join
is drawn already (registered, and told the session must be drawn again to seat them);
another game's tie-break refused for a new tournament."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.tournament import simulated_day
from scorekeeper.store.database import Database
from scorekeeper.store.tournament_draw import draw_session
from scorekeeper.store.tournaments import entries
from ui.tournament import tabs
from ui.tournament.dialogs import NewTournamentDialog
from ui.tournament.window import TournamentWindow


def _typed(names: str) -> Any:
    """A RegisterDialog.exec that types NAMES and presses OK."""

    def exec_(dialog: tabs.RegisterDialog) -> bool:
        dialog.names.setPlainText(names)
        dialog._ok()
        return dialog.result() == 1

    return exec_


def test_a_late_entry_after_the_last_draw_is_told_to_draw_again(
    qtbot: Any, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = simulated_day(database, players=40, sessions=3, played=2)
    draw_session(database, day, 3, seed=11)
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    monkeypatch.setattr(tabs.RegisterDialog, "exec", _typed("Latecomer"))
    window.players.register()
    (late,) = [e for e in entries(database, day) if e.player == "Latecomer"]
    assert late.first == 3
    assert window.problem.text().endswith("Session 3 is drawn already: draw it again to seat them.")


def test_a_late_entry_before_the_next_draw_is_told_nothing(
    qtbot: Any, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = simulated_day(database, players=40, sessions=3, played=2)
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    monkeypatch.setattr(tabs.RegisterDialog, "exec", _typed("Latecomer"))
    window.players.register()
    assert [e.first for e in entries(database, day) if e.player == "Latecomer"] == [3]
    assert window.problem.text() == ""


def test_the_new_tournament_dialog_refuses_another_games_tie_break(qtbot: Any) -> None:
    dialog = NewTournamentDialog()
    qtbot.addWidget(dialog)
    dialog.name.setText("Kohler Falls")
    dialog.tie_breaks.setText("solos-won")
    assert dialog.values() is None
    assert dialog.problem.text().startswith("⚠ Tie-breaks: 'solos-won' is not one of tables-won")
    dialog.tie_breaks.setText("picker-wins")
    chosen = dialog.values()
    assert chosen is not None and chosen["tie_breaks"] == ("picker-wins",)
