"""Every Alt+letter in the night screen means one thing: the menu bar's titles (each has
one: Alt+H opens Help) and the entry form's fields and buttons shown together, in either
game's form, at every hand type its rules offer, in English and in German.  A trial
found Alt+H ticking "Last hand" instead of opening the Help menu, and Schafkopf's
Laufende, Klopfen and Kontra and the note with no Alt letter at all."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMenu

from scorekeeper.store import night_import
from tests.sheet import night_doc
from ui.games.schafkopf import SchafkopfForm

SEVEN = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus"]  # two sit out: "Sitting out" shows
SIX = SEVEN[:6]

# Each rule that offers another hand type or shows another field, at a table big enough
# for "Sitting out".
NIGHTS = [
    ("classic-5", SEVEN),
    ({"preset": "classic-5", "leaster_tie": "all-win", "leaster_second": True}, SEVEN),
    ({"preset": "classic-5", "leaster_pay": "loser-pays"}, SEVEN),
    ({"preset": "classic-5", "partner": "none"}, SEVEN),
    *(({"preset": "schafkopf", "all_pass": rule}, SIX) for rule in ("redeal", "pot", "ramsch")),
    ({"preset": "schafkopf", "all_pass": "leaster", "leaster_tie": "all-win"}, SIX),
    ({"preset": "schafkopf", "all_pass": "leaster", "leaster_pay": "loser-pays"}, SIX),
    ({"preset": "schafkopf", "all_pass": "forced"}, SIX),
]


def letter(text: str) -> str | None:
    found = re.search(r"&(\w)", text)
    return found.group(1).lower() if found else None


def letters_shown(window: Any) -> list[tuple[str, str]]:
    """(Alt letter, whose) for each menu-bar title and each button and field label of
    the entry form that is shown now: what one Alt+letter could mean."""
    form = window.entry
    texts = [a.text() for a in window.menuBar().actions()]
    texts += [b.text() for b in form.findChildren(QAbstractButton) if b.isVisible()]
    texts += [
        label.text()
        for label in form.findChildren(QLabel)
        if label.buddy() is not None and label.isVisible()
    ]
    return [(found, text) for text in texts if (found := letter(text))]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("rules", "players"), NIGHTS)
def test_no_two_things_shown_together_share_an_alt_letter(
    request, database, open_window, language, rules, players
) -> None:
    if language == "de":
        request.getfixturevalue("german")
    night_id = night_import.import_night(database, night_doc(rules, [], players))
    window = open_window(database, night_id)
    menus = [a.text() for a in window.menuBar().actions()]
    assert all(letter(title) for title in menus), menus  # Alt+H opens Help
    form = window.entry
    offered = [b for b in form.types.buttons() if not b.isHidden()]
    assert form.sitting_out.isVisible()
    checks = [form.last_hand, *([form.forced] if isinstance(form, SchafkopfForm) else [])]
    for button in offered:
        form.set_kind(str(button.property("kind")))
        for ticked in (False, True):  # a forced game shows fewer fields
            for check in checks:
                check.setChecked(ticked)
            shown = letters_shown(window)
            twice = {
                found: [text for each, text in shown if each == found]
                for found, _ in shown
                if [each for each, _ in shown].count(found) > 1
            }
            assert twice == {}, (form.kind, twice)


@pytest.mark.parametrize("language", ["en", "de"])
def test_laufende_klopfen_kontra_and_the_note_have_an_alt_letter(
    request, database, open_window, language
) -> None:
    if language == "de":
        request.getfixturevalue("german")
    night = night_doc({"preset": "schafkopf"}, [], SIX[:4])
    window = open_window(database, night_import.import_night(database, night))
    form = window.entry
    labels = {label.buddy(): label.text() for label in form.findChildren(QLabel)}
    for field in (form.laufende, form.knocks, form.kontra, form.note):
        assert letter(labels[field]), labels[field]


def test_alt_h_opens_the_help_menu_and_ticks_nothing(
    qtbot, database, open_window, keyboard
) -> None:
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    keyboard.alt(Qt.Key.Key_H)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    help_menu = window.menuBar().actions()[-1].menu()
    assert menu is help_menu
    menu.close()
    assert not window.entry.last_hand.isChecked()
