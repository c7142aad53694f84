"""Every Alt+letter in the night screen means one thing: no clash between the entry
form's fields and buttons, nor with the menus."""

import re

from PySide6.QtWidgets import QAbstractButton, QLabel

from scorekeeper.store import night_import
from tests.sheet import night_doc
from ui.games.schafkopf import SchafkopfForm


def test_no_two_controls_share_an_alt_letter(database, open_window) -> None:
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    texts = [a.text() for a in window.menuBar().actions()]
    texts += [w.text() for w in window.entry.findChildren(QAbstractButton)]
    texts += [w.text() for w in window.entry.findChildren(QLabel) if w.buddy() is not None]
    letters = [m.group(1).lower() for t in texts if (m := re.search(r"&(\w)", t))]
    assert len(letters) == len(set(letters)), sorted(letters)


def test_no_two_controls_of_the_schafkopf_form_share_an_alt_letter(database, open_window) -> None:
    night_id = night_import.import_night(
        database, night_doc("schafkopf", [], ["Ann", "Bob", "Cal", "Dee"])
    )
    window = open_window(database, night_id)
    assert isinstance(window.entry, SchafkopfForm)
    texts = [a.text() for a in window.menuBar().actions()]
    texts += [w.text() for w in window.entry.findChildren(QAbstractButton)]
    texts += [w.text() for w in window.entry.findChildren(QLabel) if w.buddy() is not None]
    letters = [m.group(1).lower() for t in texts if (m := re.search(r"&(\w)", t))]
    assert len(letters) == len(set(letters)), sorted(letters)
