"""The second round of house rules where the scorekeeper meets them: the result hand and
the loser-pays leaster typed into each game's form, the short deck's tricks, the dealer
proposed again after a hand nobody picked (and so who sits out at six), and the start
dialog's prices that follow another price or are set for some solos only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from scorekeeper.games import preset_rules
from scorekeeper.store import night_import
from tests.sheet import FIVE, night_doc
from tests.ui.test_night_screen import scored_export, sheet_points
from ui.start_dialog import StartNightDialog

FOUR = ["Ann", "Bob", "Cal", "Dee"]
SIX = [*FIVE, "Fay"]


def recorded(window: Any) -> list[dict[str, Any]]:
    return [line.record for line in window.session.view.lines]


def test_a_sheepshead_result_hand_is_typed_seen_and_recorded_as_typed(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any, tmp_path: Path, capsys: Any
) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.alt(Qt.Key.Key_U)  # Result
    qtbot.waitUntil(lambda: entry.kind == "result")
    assert entry.result_points.hasFocus()
    assert not entry.doublers.isVisibleTo(entry) and not entry.last_hand.isVisibleTo(entry)

    keyboard.type("12, -4, -8, 0")  # one player short: still missing, not saved
    keyboard.enter()
    assert recorded(window) == []
    assert "missing: the points of Eve" in entry.errors["result_points"].text()
    keyboard.type(", 1")  # sums to +1
    assert "add up to +1, not 0" in entry.errors["result_points"].text()
    keyboard.enter()
    assert recorded(window) == []

    keyboard.press(Qt.Key.Key_Backspace)
    keyboard.type("0")
    keyboard.press(Qt.Key.Key_Tab)  # the hands it stands for
    assert entry.result_hands.hasFocus()
    keyboard.type("3")
    assert entry.found == []
    # What Enter saves is shown before it is saved.
    assert "Ann +12" in entry.preview.text() and "Enter saves it" in entry.preview.text()
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)

    assert recorded(window) == [
        {
            "type": "result",
            "dealer": "Ann",
            "points": {"Ann": 12, "Bob": -4, "Cal": -8, "Dee": 0, "Eve": 0},
            "hands": 3,
        }
    ]
    assert sheet_points(window) == [{"Ann": 12, "Bob": -4, "Cal": -8, "Dee": 0, "Eve": 0}]
    scored = scored_export(database, night_id, tmp_path, capsys)
    assert scored["hands"][0]["points"] == {"Ann": 12, "Bob": -4, "Cal": -8, "Dee": 0, "Eve": 0}


def test_a_result_hand_edited_shows_its_points_in_seat_order(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    hand = {"type": "result", "points": {"Cal": 10, "Ann": -10}, "hands": 2}
    night_id = night_import.import_night(database, night_doc("classic-5", [hand]))
    window = open_window(database, night_id)
    window.entry.start_edit(window.session.view.lines[0])
    assert window.entry.result_points.text() == "-10, 0, 10, 0, 0"
    assert window.entry.result_hands.value() == 2


def test_the_hands_a_result_stands_for_are_recorded_as_typed_or_refused(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """No key is lost and nothing is filled in: 0 and 200000 are named beside the field,
    never saved as 1 or 20000; blank is one hand."""
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    entry = window.entry
    keyboard.alt(Qt.Key.Key_U)
    keyboard.type("5 -5 0 0 0")
    keyboard.press(Qt.Key.Key_Tab)
    for typed, message in [
        ("0", "0 is not between 1 and 100,000"),
        ("200000", "200000 is not between 1 and 100,000"),
        ("1.5", "'1.5' is not a whole number"),
    ]:
        entry.result_hands.selectAll()
        keyboard.type(typed)
        assert entry.result_hands.text() == typed
        keyboard.enter()
        assert recorded(window) == []
        assert message in entry.errors["hands"].text(), typed
    entry.result_hands.selectAll()
    keyboard.press(Qt.Key.Key_Delete)
    assert entry.found == [] and "A result," in entry.preview.text()
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert "hands" not in recorded(window)[0]


def test_a_schafkopf_result_hand_in_the_schafkopf_form(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.alt(Qt.Key.Key_S)  # Result
    qtbot.waitUntil(lambda: entry.kind == "result")
    keyboard.type("-30 -20 10 +40")  # spaces between, and signs, read as typed
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0]["points"] == {"Ann": -30, "Bob": -20, "Cal": 10, "Dee": 40}
    assert "hands" not in recorded(window)[0]  # one hand, the default


def test_points_in_seat_order_read_signs_and_nothing_else() -> None:
    from ui.entry_hands import _numbers

    assert _numbers("12, -4 \u22128 +0") == [12, -4, -8, 0]  # a typographic minus too
    assert _numbers("12, -4", signed=False) is None
    assert _numbers("1.5 -1.5") is None and _numbers("½ 1") is None and _numbers("--2") is None


def test_a_loser_pays_leaster_names_its_loser(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    rules = {"preset": "classic-5", "leaster_pay": "loser-pays"}
    night_id = night_import.import_night(database, night_doc(rules, []))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.alt(Qt.Key.Key_S)  # Leaster
    qtbot.waitUntil(lambda: entry.kind == "leaster")
    assert entry.loser.hasFocus() and not entry.winner.isVisibleTo(entry)
    keyboard.enter()
    assert recorded(window) == []
    assert [(p.key, p.missing) for p in entry.found] == [("loser", True)]

    keyboard.type("3")  # Cal took the most
    keyboard.alt(Qt.Key.Key_A)  # the leaster's points
    keyboard.type("10 20 50 30 10")
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0] == {
        "type": "leaster",
        "dealer": "Ann",
        "loser": "Cal",
        "points": {"Ann": 10, "Bob": 20, "Cal": 50, "Dee": 30, "Eve": 10},
    }
    assert sheet_points(window) == [{"Ann": 1, "Bob": 1, "Cal": -4, "Dee": 1, "Eve": 1}]


def test_a_loser_pays_leaster_whose_loser_has_not_the_most_is_refused_beside_the_field(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    rules = {"preset": "classic-5", "leaster_pay": "loser-pays"}
    window = open_window(database, night_import.import_night(database, night_doc(rules, [])))
    entry = window.entry
    keyboard.alt(Qt.Key.Key_S)
    keyboard.type("1")  # Ann, with 10
    keyboard.alt(Qt.Key.Key_A)  # the leaster's points
    keyboard.type("10 20 50 30 10")
    keyboard.enter()
    assert recorded(window) == []
    assert "Ann did not have the most points (Cal had 50)" in entry.errors["loser"].text()


def test_a_schafkopf_loser_pays_leaster(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    rules = {"preset": "schafkopf", "all_pass": "leaster", "leaster_pay": "loser-pays"}
    window = open_window(database, night_import.import_night(database, night_doc(rules, [], FOUR)))
    entry = window.entry
    keyboard.alt(Qt.Key.Key_R)  # Leaster
    qtbot.waitUntil(lambda: entry.kind == "leaster")
    assert entry.leaster_loser.hasFocus() and not entry.winner.isVisibleTo(entry)
    keyboard.type("2")
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0]["loser"] == "Bob" and "winner" not in recorded(window)[0]
    points = sheet_points(window)[0]
    assert points["Bob"] < 0 and sum(points.values()) == 0
    assert {points[p] for p in ("Ann", "Cal", "Dee")} == {-points["Bob"] // 3}


def test_the_short_deck_proposes_and_takes_six_tricks(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    window = open_window(
        database, night_import.import_night(database, night_doc("schafkopf-short", [], FOUR))
    )
    entry = window.entry
    keyboard.type("1" + "3" + "120")
    keyboard.press(Qt.Key.Key_Tab)
    assert entry.tricks.text() == "6"  # all six tricks, not eight
    keyboard.type("8")
    assert "8 is not between 0 and 6" in entry.errors["tricks"].text()  # a short deck
    keyboard.press(Qt.Key.Key_Backspace)
    keyboard.type("6")
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0]["tricks"] == 6
    assert window.session.view.lines[0].result.level == "schwarz"


def test_the_same_dealer_deals_again_after_nobody_picked_and_sits_out_at_six(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """no_pick_dealer same, max_redeals 2, six at a table that deals five: after a hand
    nobody picked the app proposes the same dealer (who sits out again), twice at most;
    the deal then passes on clockwise."""
    rules = {"preset": "classic-5", "no_pick_dealer": "same", "max_redeals": 2}
    night_id = night_import.import_night(database, night_doc(rules, [], SIX))
    window = open_window(database, night_id)
    entry = window.entry

    def proposed() -> str:
        return str(entry.dealer.entered())

    def nobody_picks() -> None:
        keyboard.alt(Qt.Key.Key_Y)
        qtbot.waitUntil(lambda: entry.kind == "no-pick")
        count = len(recorded(window))
        keyboard.enter()
        qtbot.waitUntil(lambda: len(recorded(window)) == count + 1)

    dealers = [proposed()]
    nobody_picks()  # Ann deals; nobody picks
    dealers.append(proposed())
    nobody_picks()  # Ann deals again; nobody picks again
    dealers.append(proposed())  # twice is the limit: Bob deals
    keyboard.alt(Qt.Key.Key_P)
    keyboard.type("3" + "4" + "70")  # Cal picks, Dee partners
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 3)
    dealers.append(proposed())
    nobody_picks()  # Cal deals; nobody picks
    dealers.append(proposed())

    assert dealers == ["Ann", "Ann", "Bob", "Cal", "Cal"]
    lines = window.session.view.lines
    assert [line.dealer for line in lines] == ["Ann", "Ann", "Bob", "Cal"]
    assert [line.sat_out for line in lines] == [("Ann",), ("Ann",), ("Bob",), ("Cal",)]
    # The panel beside the sheet says who deals next, as the form proposes.
    assert "Hand 5, dealt by Cal." in window.hand_panel.pending.text()


def test_under_the_default_the_deal_passes_on_after_nobody_picked(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", [], SIX))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.alt(Qt.Key.Key_Y)
    qtbot.waitUntil(lambda: entry.kind == "no-pick")
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert entry.dealer.entered() == "Bob"


def test_the_start_dialog_prices_apart_and_back_to_following(qtbot: Any) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    dialog.editor.preset.setCurrentText("schafkopf")
    widgets = dialog.option_widgets
    schwarz = widgets["tariff_schwarz"]
    assert schwarz.text() == "same as Price of an extra"  # the default: None, it follows
    assert dialog.rules() == preset_rules("schafkopf")

    schwarz.setValue(20)
    widgets["tariff_games"].spins["wenz"].setValue(20)
    assert widgets["tariff_games"].spins["geier"].text() == "as Price of a solo"
    rules = dialog.rules()
    assert rules.to_document() == {
        "preset": "schafkopf",
        "tariff_games": {"wenz": 20},
        "tariff_schwarz": 20,
    }
    assert rules.tariff_schneider is None and rules.schwarz_extra == 20

    schwarz.setValue(schwarz.minimum())  # back to "same as Price of an extra"
    widgets["tariff_games"].spins["wenz"].setValue(widgets["tariff_games"].spins["wenz"].minimum())
    assert dialog.rules() == preset_rules("schafkopf")

    # Rules carried in (a league's, the table's last) show in every spin box.
    dialog.set_rules(rules)
    assert schwarz.value() == 20 and widgets["tariff_games"].spins["wenz"].value() == 20
    assert dialog.rules() == rules
    dialog.set_rules(preset_rules("schafkopf"))  # a preset after them clears them
    assert widgets["tariff_games"].spins["wenz"].text() == "as Price of a solo"
    assert dialog.rules() == preset_rules("schafkopf")


def test_the_start_dialog_offers_the_new_sheepshead_options(qtbot: Any) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.editor.preset.setCurrentText("classic-5")
    widgets = dialog.option_widgets
    for name in ("sixty_doubles_next", "leaster_pay", "no_pick_dealer", "max_redeals"):
        assert widgets[name].isVisibleTo(dialog), name
    # Each new option is read beside its kin (the start dialog's rows in the game's order).
    rows = [name for name in dialog.editor.option_rows if widgets[name].isVisibleTo(dialog)]
    for kin, new in [
        ("no_pick", "no_pick_dealer"),
        ("no_pick_dealer", "max_redeals"),
        ("win_at", "sixty_doubles_next"),
        ("leaster_tie", "leaster_pay"),
    ]:
        assert rows.index(new) == rows.index(kin) + 1, new
    widgets["no_pick_dealer"].choose("same")
    widgets["max_redeals"].setValue(5)
    widgets["leaster_pay"].choose("loser-pays")
    widgets["sixty_doubles_next"].setChecked(True)
    rules = dialog.rules()
    assert (rules.no_pick_dealer, rules.max_redeals) == ("same", 5)
    assert rules.leaster_pay == "loser-pays" and rules.sixty_doubles_next


def test_the_stake_is_read_in_the_nights_currency(qtbot: Any) -> None:
    """A night in euros: '$0.25' for its stake is refused naming the field and the
    currency, never read as 25 euro cents; its rules dialog reads the night's too."""
    from ui.rules_editor import RulesDialog

    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    dialog.currency.set_code("EUR")
    stake = dialog.option_widgets["stake_cents"]
    assert isinstance(stake, QLineEdit)
    stake.setText("$0.25")
    assert "Stake: '$0.25' is in another currency: amounts here are in EUR" in (
        dialog.editor.problems()
    )
    stake.setText("0.25 €")
    assert dialog.editor.problems() == [] and dialog.rules().stake_cents == 25
    dialog.currency.set_code("USD")  # the same text is now in another currency
    preset = preset_rules(dialog.editor.preset.currentText())
    assert dialog.editor.problems() and dialog.rules().stake_cents == preset.stake_cents
    rules = RulesDialog(preset_rules("classic-5"), 3, currency="CHF")
    qtbot.addWidget(rules)
    rules.editor.option_widgets["stake_cents"].setText("$1")  # type: ignore[attr-defined]
    assert rules.editor.problems() == [
        "Stake: '$1' is in another currency: amounts here are in CHF"
    ]


def a_leaster_typed(qtbot: Any, database: Any, open_window: Any, keyboard: Any, rules: Any) -> Any:
    """A night under RULES, its form on a leaster (Alt+S): the window."""
    window = open_window(database, night_import.import_night(database, night_doc(rules, [])))
    keyboard.alt(Qt.Key.Key_S)
    qtbot.waitUntil(lambda: window.entry.kind == "leaster")
    return window


@pytest.mark.parametrize(
    ("tie", "points", "said"),
    [
        ("all-win", {"Ann": -2, "Bob": 3, "Cal": -2, "Dee": 3, "Eve": -2}, "each wins"),
        ("void", {"Ann": 0, "Bob": 0, "Cal": 0, "Dee": 0, "Eve": 0}, "nobody pays"),
    ],
)
def test_a_leaster_tie_is_typed_as_it_was_played(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any, tie: str, points: dict, said: str
) -> None:
    """Under leaster_tie all-win or void the winner's seat, then those tied with it
    (seats or names, comma between), and the preview says what the tie pays."""
    rules = {"preset": "classic-5", "leaster_tie": tie}
    window = a_leaster_typed(qtbot, database, open_window, keyboard, rules)
    entry = window.entry
    keyboard.type("2")  # Bob: a seat digit moves on, to those tied with him
    assert entry.tied.hasFocus()
    keyboard.type("4")  # Dee
    assert said in entry.preview.text() and "Bob and Dee" in entry.preview.text()
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0] == {"type": "leaster", "dealer": "Ann", "winners": ["Bob", "Dee"]}
    assert sheet_points(window) == [points]


def test_under_a_drawn_tie_the_leaster_names_one_winner(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    window = a_leaster_typed(qtbot, database, open_window, keyboard, "classic-5")
    entry = window.entry
    assert not entry.tied.isVisibleTo(entry) and not entry.second.isVisibleTo(entry)
    keyboard.type("2")
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0] == {"type": "leaster", "dealer": "Ann", "winner": "Bob"}


def test_a_second_leaster_winner_is_typed_after_the_winner(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """Under leaster_second: the winner's seat, then the second's; the preview and the
    sheet pay the winner two prices and the second one."""
    rules = {"preset": "classic-5", "leaster_second": True}
    window = a_leaster_typed(qtbot, database, open_window, keyboard, rules)
    entry = window.entry
    keyboard.type("3")  # Cal won
    assert entry.second.hasFocus()
    keyboard.type("2")  # Bob came second
    assert "Cal won the leaster and Bob came second" in entry.preview.text()
    keyboard.enter()
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0] == {
        "type": "leaster",
        "dealer": "Ann",
        "winner": "Cal",
        "second": "Bob",
    }
    assert sheet_points(window) == [{"Ann": -1, "Bob": 1, "Cal": 2, "Dee": -1, "Eve": -1}]
    marks = [window.model.text(0, column) for column in range(4, 9)]  # Ann to Eve
    assert marks[1].split()[:2] == ["+1", "L2"] and marks[2].split()[:2] == ["+2", "L"]
    assert "L" not in marks[0]


def test_a_leaster_with_no_second_under_leaster_second_pays_as_before(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    rules = {"preset": "classic-5", "leaster_second": True}
    window = a_leaster_typed(qtbot, database, open_window, keyboard, rules)
    keyboard.type("3")
    keyboard.enter()  # the second left blank: it is optional
    qtbot.waitUntil(lambda: len(recorded(window)) == 1)
    assert recorded(window)[0] == {"type": "leaster", "dealer": "Ann", "winner": "Cal"}
    assert sheet_points(window) == [{"Ann": -1, "Bob": -1, "Cal": 4, "Dee": -1, "Eve": -1}]
