"""A house-rules change the night's hands cannot be scored under (issue 33, point 6):
the dialog stays open with every choice made in it, says why in words (the option's
name and choice as the dialog shows them, never the document's `leaster_pay
'loser-pays'`), and nothing is changed until rules that fit are chosen."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from scorekeeper.store import night_import
from scorekeeper.store.database import Database
from ui.rules_editor import RulesDialog

from .conftest import Keyboard

NIGHT = {
    "format": "sheepshead-night/1",
    "rules": {"preset": "jack-of-diamonds-5", "stake_cents": 25},
    "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
    "hands": [
        {"type": "pick", "picker": "Ann", "partner": "Bob", "points": 70, "tricks": 4},
        {"type": "leaster", "winner": "Cal"},
    ],
}


def test_a_refused_change_keeps_the_dialog_and_says_it_in_words(
    database: Database, open_window: Any, keyboard: Keyboard, qtbot: Any
) -> None:
    night_id = night_import.import_night(database, NIGHT)
    window = open_window(database, night_id)
    said: list[str] = []

    def choose() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, RulesDialog)
        widgets = dialog.editor.option_widgets
        widgets["stake_cents"].setText("0.50")
        widgets["leaster_pay"].choose("loser-pays")
        dialog.accept()  # Rescore the night: refused
        said.append(dialog.problem.text())
        assert dialog.isVisible()
        assert widgets["stake_cents"].text() == "0.50"  # the other edit stays
        widgets["leaster_pay"].choose("winner-collects")
        dialog.accept()

    keyboard.in_next_dialog(choose)
    window.menu_actions["rules"].trigger()
    qtbot.waitUntil(lambda: bool(said))
    assert said == [
        "⚠ hand 2: winner: under “Who pays a leaster: the loser pays” a leaster names "
        "its loser, not a winner"
    ]
    rules = window.session.view.rules
    assert (rules.stake_cents, rules.leaster_pay) == (50, "winner-collects")
    assert "The loser pays" not in window.statusBar().currentMessage()


def test_options_are_named_in_the_language_spoken(german: None) -> None:
    from scorekeeper.i18n import _
    from ui.labels import in_words

    said = in_words(_("under leaster_pay 'loser-pays' a leaster names its loser, not a winner"))
    assert "leaster_pay" not in said and "loser-pays" not in said
    assert f"“{_('Who pays a leaster')}: {_('the loser pays')}”" in said, said
    assert _("Who pays a leaster") != "Who pays a leaster"
