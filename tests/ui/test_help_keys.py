"""Help ▸ Keyboard (F1) lists the keys of the night on screen: its game's form, and of
that only what the night's rules offer (a Schafkopf night that deals again when all
pass has no Ramsch and no leaster, so no Alt+R, the letter of either)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.store import night_import
from tests.sheet import night_doc
from ui import dialog_keys

FOUR = ["Ann", "Bob", "Cal", "Dee"]
FIVE = [*FOUR, "Eve"]


def keys_shown(keyboard: Any, qtbot: Any) -> dict[str, str]:
    """F1, as a person presses it: {section: its text} of the dialog, then Esc."""
    shown: dict[str, str] = {}

    def read() -> None:
        dialog = dialog_keys.current()
        text = dialog.text.toPlainText()
        form, window = text.split("In the entry form")[1].split("Everywhere in the window")
        shown.update(all=text, form=form, window=window)
        keyboard.press(Qt.Key.Key_Escape)

    keyboard.in_next_dialog(read)
    keyboard.press(Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: "form" in shown)
    return shown


def alt_letters(text: str) -> set[str]:
    return set(re.findall(r"Alt\+(\w)\b", text))


def test_f1_at_a_schafkopf_night_that_deals_again_lists_no_ramsch_nor_leaster(
    database, open_window, keyboard, qtbot
) -> None:
    rules = {"preset": "schafkopf", "all_pass": "redeal"}
    window = open_window(database, night_import.import_night(database, night_doc(rules, [], FOUR)))
    shown = keys_shown(keyboard, qtbot)
    assert "Ramsch" not in shown["form"] and "Leaster" not in shown["form"]
    # Call game, Solo, Null, All passed, Misplay, Result; the partner, Points, Laufende,
    # Knocks, Kontra and Misplayed by (never shown together), Misplays, Last hand, Note,
    # Save.  Not Sitting out either: four at a table of four, nobody sits out.
    assert alt_letters(shown["form"]) == set("COUDMSWPIKBXATV")
    assert "Alt+D" in shown["form"] and "All passed" in shown["form"]
    assert "Sheepshead" not in shown["all"]  # its typical hands are another game's
    keyboard.alt(Qt.Key.Key_R)  # indeed nothing
    assert window.entry.kind == "call" and not window.entry.has_typing()


def test_f1_at_a_schafkopf_night_of_ramsch_lists_it(database, open_window, keyboard, qtbot):
    rules = {"preset": "schafkopf", "all_pass": "ramsch"}
    open_window(database, night_import.import_night(database, night_doc(rules, [], FOUR)))
    form = keys_shown(keyboard, qtbot)["form"]
    assert "Alt+R" in form and "Ramsch" in form
    assert "Leaster" not in form and "Alt+D" not in form  # no leaster; nobody passes it in
    keyboard.alt(Qt.Key.Key_R)
    assert window_kind(qtbot) == "ramsch"


def window_kind(qtbot: Any) -> str:
    window = QApplication.activeWindow()
    return str(window.entry.kind)


def test_f1_at_a_sheepshead_night_without_partners_lists_no_partner_key(
    database, open_window, keyboard, qtbot
) -> None:
    night_id = night_import.import_night(database, night_doc("cutthroat-4", [], FOUR))
    open_window(database, night_id)
    shown = keys_shown(keyboard, qtbot)
    assert "Partner" not in shown["form"] and "Call" not in shown["form"]
    # Points, Tricks, Leaster, the last hand of the night
    assert {"T", "K", "S", "I"} <= alt_letters(shown["form"])
    assert "R" not in alt_letters(shown["form"])  # Partner's
    assert "Schafkopf" not in shown["all"]


def test_f1_at_a_closed_night_lists_no_key_of_an_open_one(
    database, open_window, keyboard, qtbot
) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    window.settlement.close_night.emit(True)  # Settle up's Close the night
    window.sheet.setFocus()
    shown = keys_shown(keyboard, qtbot)
    assert "Ctrl+J" not in shown["window"] and "joins" not in shown["window"]
    assert "closed" in shown["form"]
    assert "Ctrl+Z" in shown["window"] and "F1" in shown["window"]


def test_f1_lists_each_key_of_the_window_once(
    database: Any, open_window: Any, keyboard: Any, qtbot: Any
) -> None:
    """A trial read Ctrl+C twice (the sheet's copy and the settlement's) and both "Del"
    and "Delete (on the sheet)"."""
    night = night_import.import_night(database, night_doc("classic-5", []))
    open_window(database, night)
    window = keys_shown(keyboard, qtbot)["window"]
    keys = [key for key in window.strip("\n").split("\n")[0::2] if key]  # key, what, key…
    assert keys and len(keys) == len(set(keys)), keys
    assert "Ctrl+C" in keys and "Del" in keys
    assert "Delete (on the sheet)" not in window


def test_esc_typed_before_the_help_has_the_keyboard_closes_it_and_the_hand_goes_on(
    database, open_window, keyboard, qtbot
) -> None:
    """F1 then Esc at once, a hand then (a trial): the window manager gives the help the
    keyboard a moment after it is shown, so the Esc and the keys after it are still sent
    to the window under it.  The Esc closes the help, and the hand lands in the form."""
    from ui.help import KeysDialog

    night_id = night_import.import_night(database, night_doc("classic-5", [], FIVE))
    window = open_window(database, night_id)
    under = window.windowHandle()  # where the keys go until the help has the keyboard
    left_open: list[bool] = []

    def at_once() -> None:
        QTest.keyClick(under, Qt.Key.Key_Escape)
        helps = [w for w in QApplication.topLevelWidgets() if isinstance(w, KeysDialog)]
        left_open.append(any(w.isVisible() for w in helps))
        for help_dialog in helps:
            help_dialog.reject()  # else its loop would never return

    QTimer.singleShot(0, at_once)
    keyboard.press(Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: left_open != [])
    assert left_open == [False]
    for key in "Bob":
        QTest.keyClick(under, key)
    assert window.entry.picker.text() == "Bob"


def test_f1_in_the_middle_of_a_hand_then_esc_goes_on_in_the_field_it_left(
    database, open_window, keyboard, qtbot
) -> None:
    """Picker typed, Points begun, F1, Esc: the next key goes on in Points, never into
    the first field (a review: Points' "3" became the picker "Cal")."""
    night_id = night_import.import_night(database, night_doc("classic-5", [], FIVE))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.type("Ann")
    keyboard.press(Qt.Key.Key_Tab)
    while QApplication.focusWidget() is not entry.points:  # the partner, then Points
        keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("6")

    def close() -> None:
        keyboard.press(Qt.Key.Key_Escape)

    keyboard.in_next_dialog(close)
    keyboard.press(Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: dialog_keys.current() is None)
    keyboard.type("3")
    assert (entry.picker.text(), entry.points.text()) == ("Ann", "63")


def test_f1_says_at_which_hand_type_an_alt_letter_of_two_meanings_is_for(
    database, open_window, keyboard, qtbot
) -> None:
    """Alt+A goes to the call at a pick and to the leaster's points at a leaster (never
    shown together: there are not letters enough for every field of a hand): the help
    says which is which."""
    open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    form = keys_shown(keyboard, qtbot)["form"]
    assert "Alt+A\ngo to Call — Pick\n" in form
    assert "Alt+A\ngo to Leaster points — Leaster\n" in form
    assert "Alt+P\nPick\n" in form  # a key of one meaning as it was
