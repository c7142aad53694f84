"""The tournament window's dialogs as a new user met them, typing at a fast typist's
pace: everything reachable on a laptop's screen, Tab moving from field to field, and
one Alt letter for each thing."""

from __future__ import annotations

from typing import Any

from ui.screens import FRAME
from ui.tournament.dialogs import NewTournamentDialog


def test_the_new_tournament_dialog_fits_a_laptop_screen(qtbot: Any) -> None:
    """It was 860 px tall: on an 850 px screen its OK and Cancel were off the screen."""
    dialog = NewTournamentDialog()
    qtbot.addWidget(dialog)
    least = dialog.minimumSizeHint()
    assert least.width() <= 1366 - FRAME // 2 and least.height() <= 768 - FRAME
    free = dialog.screen().availableGeometry()
    assert dialog.height() <= free.height() - FRAME
    assert dialog.width() <= free.width() - FRAME // 2
