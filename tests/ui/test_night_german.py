"""The night screen in German: its menus (each Alt letter meaning one thing), the
sentences that were built from pieces (a hand recorded, undone, redone; the totals;
the settlement), and the entry form, which tells a field still to type from a wrong one
in German too."""

from __future__ import annotations

import gettext
import re
from typing import Any

from PySide6.QtCore import Qt

from scorekeeper import i18n
from scorekeeper.formatting import money
from scorekeeper.store import night_import
from tests.sheet import leaster, night_doc, pick
from ui.menus.files import sheet_for_spreadsheet
from ui.sheet_model import HAND

HANDS = [
    pick("Bob", "Dee", points=74, tricks=4, dealer="Ann"),
    pick("Cal", "Eve", points=45, tricks=2, dealer="Bob"),
    leaster("Ann", dealer="Cal"),
]


def letters(texts: list[str]) -> list[str]:
    return [m.group(1).lower() for t in texts if (m := re.search(r"&(\w)", t))]


def test_the_german_menus_give_each_alt_letter_one_meaning(german, database, open_window) -> None:
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    menus = window.menuBar().actions()
    assert [a.text() for a in menus] == ["&Datei", "&Bearbeiten", "&Abend", "&Liga", "&Hilfe"]
    for menu in menus:
        inside = letters([a.text() for a in menu.menu().actions()])
        assert len(inside) == len(set(inside)), (menu.text(), sorted(inside))
    # The menu bar's letters and the form's own button work from the entry form alike.
    bar = letters([a.text() for a in menus] + [window.entry.save.text()])
    assert len(bar) == len(set(bar)), sorted(bar)


def test_a_hand_recorded_undone_and_redone_is_said_in_german(
    german, qtbot, database, open_window, keyboard
) -> None:
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    keyboard.type("2" + "4" + "74")  # Bob picks, Dee partners, 74
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()  # the proposed tricks
    said = window.statusBar().currentMessage()
    assert said.startswith("Spiel 1 eingetragen: ")
    assert said.endswith(" Strg+Z macht es rückgängig.")
    assert window.undo_action.text() == "&Rückgängig: Spiel 1 eingetragen"

    keyboard.ctrl(Qt.Key.Key_Z)
    assert window.statusBar().currentMessage() == (
        "Rückgängig gemacht: Spiel 1 eingetragen (Bob und Dee machten 74 Augen: gewonnen. "
        "Bob +2, Dee +1, jeder Gegenspieler -1). Strg+Umschalt+Z stellt es wieder her."
    )
    assert window.redo_action.text() == "&Wiederholen: Spiel 1 eingetragen"
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert window.statusBar().currentMessage() == "Wiederholt: Spiel 1 eingetragen."
    assert len(window.session.view.lines) == 1


def test_the_sheet_and_the_settlement_speak_german(german, database, open_window) -> None:
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", HANDS))
    )
    model, lines = window.model, len(window.session.view.lines)
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)]
    assert header == ["#", "Geber", "Spiel", "×"]
    assert model.index(lines, HAND).data() == "Gesamt (Summe 0 ✓)"
    assert model.index(lines + 1, HAND).data() == "Geld (Summe 0 ✓)"
    ann = model.index(0, 4).data(Qt.ItemDataRole.AccessibleTextRole)
    assert ann == "Ann, Spiel 1: -1 Punkt, Zwischenstand -1"
    payments = len(window.session.view.result.settlement)
    assert payments > 1
    owed = money(sum(p.cents for p in window.session.view.result.settlement), "USD")
    assert window.settlement.summary.text() == (
        f"Mit {payments} Zahlungen sind alle quitt; davon 0 bezahlt. Noch offen: {owed}."
    )
    assert window.hand_panel.pending.text().startswith("Spiel 4, Geber: Dee.\n")


def test_the_german_form_says_what_is_missing_only_when_asked(
    german, database, open_window
) -> None:
    """A blank field is 'still to type', said beside it only once Enter was pressed;
    a wrong entry is said at once (the form tells them apart in German too)."""
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    form: Any = window.entry
    assert [label.text() for label in form.errors.values()] == [""] * len(form.errors)
    assert form.preview.text().startswith("Noch einzugeben: ")

    form.set_kind("result")
    form.check()
    assert form.preview.text() == "Noch einzugeben: Punkte je Spieler."
    assert form.errors["result_points"].text() == ""
    form.submit()  # Enter: now the missing points are said beside their field
    assert form.errors["result_points"].text() == (
        "⚠ fehlt: die Punkte jedes Spielers, in Sitzreihenfolge"
    )

    form.result_points.setText("1, 2, 3, 4, 5, -15")
    assert form.errors["result_points"].text() == (
        "⚠ 6 Zahlen für 5 Spieler im Spiel: eine für jeden, in Sitzreihenfolge "
        "(Ann, Bob, Cal, Dee, Eve), getrennt durch Komma oder Leerzeichen"
    )


class Reworded(gettext.NullTranslations):
    """German whose sentences of a missing field ("missing: …", "fehlt: …") start
    "bitte eingeben: …" instead, while "missing" alone stays "fehlt": a translation
    free to word each sentence as it likes."""

    def __init__(self) -> None:
        super().__init__()
        self.german = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=["de"])

    def gettext(self, message: str) -> str:
        german = self.german.gettext(message)
        if message.startswith("missing: "):
            return german.replace("fehlt: ", "bitte eingeben: ", 1)
        return german


def test_a_missing_field_is_told_by_its_mark_not_by_the_german_word(
    german, database, open_window
) -> None:
    """Whatever words a translation gives "missing: …", a blank field (the core's or
    the form's own) waits for Enter and is listed as still to type."""
    i18n.install(Reworded(), "de")
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    form: Any = window.entry
    form.check()
    assert form.preview.text() == "Noch einzugeben: Picker, Partner, Augen, Stiche."
    assert [label.text() for label in form.errors.values()] == [""] * len(form.errors)

    form.set_kind("result")
    form.check()
    assert form.preview.text() == "Noch einzugeben: Punkte je Spieler."
    assert form.errors["result_points"].text() == ""
    form.submit()
    assert form.errors["result_points"].text() == (
        "⚠ bitte eingeben: die Punkte jedes Spielers, in Sitzreihenfolge"
    )


def test_the_night_s_spreadsheet_stays_english_while_the_sheet_speaks_german(
    german, database, open_window
) -> None:
    """File ▸ Export as spreadsheet and Copy write a file's words, in English, as
    `scorekeeper export --csv` does; the screen's sheet stays German."""
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", HANDS))
    )
    sheet = sheet_for_spreadsheet(window)
    assert [row[2] for row in sheet.rows[:3]] == [
        "Bob and Dee: 74 (4 tricks) win",
        "Cal and Eve: 45 (2 tricks) loss",
        "Leaster: Ann",
    ]
    assert window.session.view.result.hands[0].summary == "Bob und Dee: 74 (4 Stiche) gewonnen"
