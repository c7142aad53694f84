"""The house rules on screen in words: each option's row by its label, each choice of a
list by its words and a price left to another by that one's label, in German as in
English, while the rules the dialog gives keep the night document's keys."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from scorekeeper.games import preset_rules
from scorekeeper.store import night_import
from tests.sheet import night_doc
from ui.rules_editor import RuleChoice, RulesDialog
from ui.start_dialog import StartNightDialog


def row_label(dialog: StartNightDialog | RulesDialog, name: str) -> str:
    label = dialog.editor.form.labelForField(dialog.editor.option_rows[name])
    assert isinstance(label, QLabel)
    return label.text()


def items(combo: RuleChoice) -> list[tuple[str, str]]:
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def test_the_german_start_dialog_shows_labels_and_choices_in_words_and_keeps_the_keys(
    german: None, qtbot: Any
) -> None:
    dialog = StartNightDialog(["Ann", "Bob", "Cal", "Dee"], [])
    qtbot.addWidget(dialog)
    dialog.editor.preset.setCurrentText("schafkopf")
    widgets = dialog.option_widgets
    assert row_label(dialog, "stake_cents") == "Einsatz je Punkt"
    assert row_label(dialog, "dealt_in") == "Spieler je Spiel"
    assert row_label(dialog, "tariff_call") == "Preis eines Sauspiels"
    assert row_label(dialog, "leaster_pay") == "Wer im Leaster zahlt"
    leaster_pay = widgets["leaster_pay"]
    assert isinstance(leaster_pay, RuleChoice)
    assert items(leaster_pay) == [
        ("der Gewinner kassiert", "winner-collects"),
        ("der Verlierer zahlt", "loser-pays"),
    ]
    assert leaster_pay.currentText() == "der Gewinner kassiert"
    assert widgets["leaster_tie"].currentText() == "der Tisch lost aus"
    assert widgets["tariff_schwarz"].text() == "wie Preis eines Zuschlags"
    assert widgets["tariff_games"].spins["geier"].text() == "wie Preis eines Solos"
    assert widgets["bock_after"].boxes["lost-solo"].text() == "ein verlorenes Solo"
    laufende = [label.text() for label in widgets["laufende_min"].findChildren(QLabel)]
    assert laufende == ["Sauspiel", "Farbsolo", "Wenz", "Geier", "die übrigen Soli"]

    leaster_pay.setCurrentIndex(leaster_pay.findText("der Verlierer zahlt"))
    widgets["all_pass"].setCurrentIndex(widgets["all_pass"].findText("alle zahlen in den Stock"))
    widgets["bock_after"].boxes["kontra"].setChecked(True)
    rules = dialog.choices()["rules"]
    assert (rules.leaster_pay, rules.all_pass, rules.bock_after) == (
        "loser-pays",
        "pot",
        ("kontra",),
    )
    assert rules.to_document() == {
        "preset": "schafkopf",
        "leaster_pay": "loser-pays",
        "all_pass": "pot",
        "bock_after": ["kontra"],
    }


def test_the_german_rules_dialog_shows_a_nights_choice_in_words(german: None, qtbot: Any) -> None:
    rules = preset_rules("classic-5").with_options({"partner": "jack-of-diamonds"})
    dialog = RulesDialog(rules, 3, currency="USD")
    qtbot.addWidget(dialog)
    assert row_label(dialog, "partner") == "Partner"
    assert dialog.editor.option_widgets["partner"].currentText() == "der Karo-Bube"
    assert row_label(dialog, "no_pick_dealer") == "Geber, wenn keiner pickt"
    assert dialog.editor.option_widgets["no_pick_dealer"].currentText() == "der Nächste"
    assert dialog.rules() == rules


def test_the_english_start_dialog_names_no_option_by_its_key(qtbot: Any) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    for name in dialog.editor.option_rows:
        text = row_label(dialog, name)
        assert "_" not in text and text != name.replace("_", " "), name
    for name, widget in dialog.option_widgets.items():
        if isinstance(widget, RuleChoice):
            for text, key in items(widget):
                assert text != key, (name, key)


def test_the_german_entry_form_offers_the_calls_in_words_and_records_the_key(
    german: None, qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    call = window.entry.call
    offered = [call.itemText(i) for i in range(call.count())]
    assert offered[:4] == ["", "Kreuz-Ass", "Pik-Ass", "Herz-Ass"]
    keyboard.type("2" + "4" + "74")  # Bob picks, Dee partners, 74
    call.setCurrentIndex(call.findText("Herz-Ass"))
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()  # the proposed tricks
    qtbot.waitUntil(lambda: len(window.session.view.lines) == 1)
    assert window.session.view.lines[0].record["call"] == "ace-hearts"
