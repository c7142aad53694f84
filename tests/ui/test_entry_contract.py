"""What is typed is what is recorded: one test for each defect found by trying the entry
form at a real table's speed (issue "Record exactly the hand that was typed").  Each
drives the real window through the keyboard and checks what the database holds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLabel, QMenu

from scorekeeper.games import preset_rules
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.night_history import deleted_nights, night_changes
from scorekeeper.store.seats import join_night
from tests.sheet import night_doc
from tests.ui.test_night_screen import pick

TABLE = ["Jon", "Ida", "Dee", "Hal", "Cal"]  # the seats of the report
FOUR = ["Ann", "Bob", "Cal", "Dee"]


def stored(database: Any, night_id: int) -> list[dict[str, Any]]:
    """The hands as the database holds them."""
    return list(night_import.export_night(database, night_id=night_id)["hands"])


def focused_name() -> str:
    widget = QApplication.focusWidget()
    return widget.accessibleName() if widget is not None else ""


@pytest.fixture
def table_night(database: Any, open_window: Any) -> tuple[Any, int]:
    night_id = night_import.import_night(database, night_doc("classic-5", [], TABLE))
    return open_window(database, night_id), night_id


# 1. Typed names spilled into the next field.


def test_a_name_typed_in_full_stays_in_its_field(table_night, keyboard, database) -> None:
    window, night_id = table_night
    keyboard.type("Ida")  # the "d" once matched Dee in the partner field
    assert window.entry.picker.text() == "Ida" and window.entry.partner.text() == ""
    assert focused_name() == "Picker"  # a name could go on: it waits for Tab
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("Hal")
    assert window.entry.partner.text() == "Hal" and window.entry.points.text() == ""
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("61")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("3")
    keyboard.enter()
    (hand,) = stored(database, night_id)
    assert (hand["picker"], hand["partners"], hand["points"], hand["tricks"]) == (
        "Ida",
        ["Hal"],
        61,
        3,
    )


def test_the_start_of_a_name_is_enough_and_shown_whole_on_leaving(table_night, keyboard) -> None:
    window, _ = table_night
    keyboard.type("H")  # Hal: the only name that starts with H
    assert window.entry.picker.value == "Hal" and window.entry.picker.text() == "H"
    keyboard.press(Qt.Key.Key_Tab)
    assert window.entry.picker.text() == "Hal" and focused_name() == "Partner"


def test_a_name_is_found_however_the_start_dialog_would_take_it(
    database, open_window, keyboard
) -> None:
    """Spaces, case and full-width letters: the form finds a player as the start dialog
    and the store name them ("bob   smith" is Bob Smith, "ｅｖｅ" is Eve)."""
    players = ["Ann", "Bob Smith", "Cal", "Dee", "Eve"]
    night_id = night_import.import_night(database, night_doc("classic-5", [], players))
    open_window(database, night_id)
    keyboard.type("bob   smith")
    keyboard.press(Qt.Key.Key_Tab)
    for char in "\uff45\uff56\uff45":  # full-width letters, as an input method types them
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char)
            QApplication.sendEvent(QApplication.focusWidget(), event)
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("74")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("4")
    keyboard.enter()
    (hand,) = stored(database, night_id)
    assert (hand["picker"], hand["partners"]) == ("Bob Smith", ["Eve"])


def test_a_start_shared_by_two_names_is_a_problem_not_a_guess(
    database, open_window, keyboard
) -> None:
    night_id = night_import.import_night(
        database, night_doc("classic-5", [], ["Dan", "Dee", "Ann", "Bob", "Cal"])
    )
    window = open_window(database, night_id)
    keyboard.type("D")
    keyboard.press(Qt.Key.Key_Tab)
    assert window.entry.picker.value is None
    assert "could be Dan or Dee" in " ".join(window.entry.problems)


# 2. Schafkopf tricks were pre-filled and the typed count ignored.


def test_schafkopf_tricks_typed_replace_the_proposal_and_a_lost_tout_is_lost(
    database, open_window, keyboard
) -> None:
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    window = open_window(database, night_id)
    keyboard.type("1" + "3" + "75")
    keyboard.press(Qt.Key.Key_Tab)
    assert window.entry.tricks.text() == "5"  # proposed from the points, selected
    assert window.entry.tricks.selectedText() == "5"
    keyboard.type("7")
    keyboard.enter()
    assert stored(database, night_id)[0]["tricks"] == 7

    keyboard.alt(Qt.Key.Key_O)  # a Wenz Tout by Bob, who took 7 of 8 tricks: lost
    keyboard.type("2")
    keyboard.type("W")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("110")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("7")
    window.entry.declared.setCurrentIndex(window.entry.declared.findData("tout"))
    keyboard.enter()
    hand = stored(database, night_id)[1]
    assert hand["tricks"] == 7 and hand["tout"] is True
    assert window.session.view.lines[1].result.points["Bob"] < 0


# 3. Points spilled into tricks.


def test_points_never_merge_with_or_split_into_the_tricks(table_night, keyboard, database) -> None:
    window, night_id = table_night
    keyboard.type("2" + "4" + "11")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("1")
    assert (window.entry.points.text(), window.entry.tricks.text()) == ("11", "1")
    keyboard.enter()
    assert (stored(database, night_id)[0]["points"], stored(database, night_id)[0]["tricks"]) == (
        11,
        1,
    )

    keyboard.type("2" + "4" + "130")  # stays 130, and is refused with its reason
    assert window.entry.points.text() == "130" and window.entry.tricks.text() == ""
    keyboard.enter()
    assert len(stored(database, night_id)) == 1
    assert "130 is not between 0 and 120" in window.entry.errors["points"].text()
    assert focused_name() == "Points"


def test_a_letter_in_the_points_stays_there_and_is_named(table_night, keyboard) -> None:
    window, _ = table_night
    keyboard.type("2" + "4" + "7q")
    assert window.entry.points.text() == "7q"
    keyboard.enter()
    assert "'7q' is not a whole number" in window.entry.errors["points"].text()


# 4. 0 points became a schneider; editing reset the tricks.


def test_zero_points_proposes_no_trick_and_saves_a_no_trick_loss(
    table_night, keyboard, database
) -> None:
    window, night_id = table_night
    keyboard.type("2" + "4" + "0")
    keyboard.press(Qt.Key.Key_Tab)
    assert window.entry.tricks.text() == "0"
    assert "no trick" in window.entry.preview.text()
    keyboard.enter()
    assert stored(database, night_id)[0]["tricks"] == 0
    assert window.session.view.lines[0].result.level == "no-trick"


def test_editing_a_hands_points_keeps_its_recorded_tricks(table_night, keyboard, database) -> None:
    window, night_id = table_night
    hand = {"type": "pick", "picker": "Ida", "partners": ["Hal"], "points": 70, "tricks": 2}
    hand_writes.record_hand(database, night_id=night_id, hand=hand)
    window.session.refresh()
    keyboard.ctrl(Qt.Key.Key_Up)
    keyboard.press(Qt.Key.Key_F2)
    window.entry.points.setFocus()
    keyboard.type("75")
    keyboard.enter()
    assert stored(database, night_id)[0]["points"] == 75
    assert stored(database, night_id)[0]["tricks"] == 2


# 5. A blank partner silently meant "alone".


def test_a_blank_partner_is_missing_and_zero_is_alone(table_night, keyboard, database) -> None:
    window, night_id = table_night
    keyboard.type("2")
    keyboard.press(Qt.Key.Key_Tab)  # partner left blank
    keyboard.type("74")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()
    assert stored(database, night_id) == []
    assert focused_name() == "Partner"  # Enter went to what is missing
    assert "missing" in window.entry.errors["partners"].text()
    keyboard.type("0")  # alone
    keyboard.enter()
    (hand,) = stored(database, night_id)
    assert hand["partners"] == [] and hand["call"] == "alone"


# 6. Ctrl+Z with a half-typed hand changed the past.


def test_ctrl_z_clears_the_typing_before_it_undoes_anything_stored(
    table_night, keyboard, database
) -> None:
    window, night_id = table_night
    for _ in range(2):
        pick(keyboard, "2", "4", "74")
    window.menu_actions["delete_hand"].trigger()  # hand 2 deleted
    window.focus_entry()
    assert len(stored(database, night_id)) == 1
    keyboard.type("3" + "5" + "8")  # half a hand
    keyboard.ctrl(Qt.Key.Key_Z)
    assert len(stored(database, night_id)) == 1  # the past is as it was
    assert window.entry.picker.text() == "" and window.entry.points.text() == ""
    assert "Cleared the hand being typed" in window.statusBar().currentMessage()
    keyboard.ctrl(Qt.Key.Key_Z)  # nothing typed now: undo the deletion
    assert len(stored(database, night_id)) == 2
    assert window.statusBar().currentMessage().startswith("Undid: hand 2 deleted")


# 7. Redo by keyboard was dead.


@pytest.mark.parametrize("shift_z", [True, False], ids=["ctrl-shift-z", "ctrl-y"])
def test_redo_by_keyboard_from_the_form_and_the_sheet(
    table_night, keyboard, database, shift_z: bool
) -> None:
    window, night_id = table_night
    pick(keyboard, "2", "4", "74")

    def redo() -> None:
        if shift_z:
            keyboard.ctrl(Qt.Key.Key_Z, shift=True)
        else:
            keyboard.ctrl(Qt.Key.Key_Y)

    keyboard.ctrl(Qt.Key.Key_Z)
    assert stored(database, night_id) == []
    redo()  # from the entry form
    assert len(stored(database, night_id)) == 1
    assert window.statusBar().currentMessage().startswith("Redid: hand 1 recorded")
    keyboard.ctrl(Qt.Key.Key_Up)
    keyboard.ctrl(Qt.Key.Key_Z)
    assert stored(database, night_id) == []
    window.sheet.setFocus()
    redo()  # from the sheet
    assert len(stored(database, night_id)) == 1


# 8. Enter in "Start a night" started the night.


def test_enter_in_start_a_night_seats_the_player_and_starts_nothing(
    qtbot, database, open_window, keyboard
) -> None:
    window = open_window(database, None)
    seen: dict[str, Any] = {}

    def in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        keyboard.type("Ann")
        keyboard.enter()
        seen["players"] = dialog.players()
        seen["open"] = dialog.isVisible()
        seen["summary"] = dialog.summary.text()
        dialog.reject()

    keyboard.in_next_dialog(in_dialog)
    keyboard.ctrl(Qt.Key.Key_N)
    assert seen["players"] == ["Ann"] and seen["open"]
    assert "a point" in seen["summary"]  # the stake, near the top
    assert window.session.night_id is None and night_reads.list_nights(database) == []


def test_the_stake_is_the_first_house_rule(qtbot) -> None:
    from ui.start_dialog import StartNightDialog

    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    form = dialog.editor.form
    labels = [form.itemAt(row, form.ItemRole.LabelRole).widget() for row in range(2)]
    assert [label.text() for label in labels] == ["&Preset", "Stake a point"]


def test_a_night_started_by_mistake_can_be_deleted_and_brought_back(
    qtbot, database, open_window, keyboard
) -> None:
    window = open_window(database, None)
    session = window.session
    session.start_night(players=[*FOUR, "Eve"], rules=preset_rules("classic-5"))
    mistaken = session.night_id
    window.menu_actions["delete_night"].trigger()  # no hands: no question asked
    assert session.night_id != mistaken
    assert [n.id for n in deleted_nights(database)] == [mistaken]
    assert mistaken not in [n.id for n in night_reads.list_nights(database)]
    session.bring_back_night(mistaken)
    assert session.night_id == mistaken and deleted_nights(database) == []
    assert [c.action for c in night_changes(database, night_id=mistaken)] == ["delete", "restore"]


def test_enter_in_the_question_to_delete_a_night_with_hands_keeps_it(
    table_night, keyboard, database
) -> None:
    """The question's default is No: Enter typed on from the form deletes nothing."""
    window, night_id = table_night
    pick(keyboard, "2", "4", "74")
    asked: list[str] = []

    def in_question() -> None:
        asked.append(QApplication.activeModalWidget().windowTitle())
        keyboard.enter()

    keyboard.in_next_dialog(in_question)
    window.menu_actions["delete_night"].trigger()
    assert asked == ["Delete this night"]
    assert window.session.night_id == night_id and deleted_nights(database) == []


def test_changing_a_nights_house_rules_rescores_every_hand_and_is_kept(
    table_night, keyboard, database
) -> None:
    window, night_id = table_night
    pick(keyboard, "2", "4", "74")
    stake = preset_rules("classic-5").stake_cents
    assert window.session.view.result.total_cents["Ida"] == 2 * stake
    window.session.change_rules(replace(preset_rules("classic-5"), stake_cents=stake + 20))
    assert window.session.view.result.total_cents["Ida"] == 2 * (stake + 20)
    (change,) = night_changes(database, night_id=night_id)
    assert change.action == "rules" and change.before["stake_cents"] == stake
    assert change.after["stake_cents"] == stake + 20
    keyboard.ctrl(Qt.Key.Key_Z)
    assert window.session.view.result.total_cents["Ida"] == 2 * stake


# 9. The smaller ones.


def test_ctrl_e_settles_up_from_inside_the_form(table_night, keyboard) -> None:
    window, _ = table_night
    keyboard.type("2")
    assert window.entry.isAncestorOf(QApplication.focusWidget())
    keyboard.ctrl(Qt.Key.Key_E)
    assert window.tabs.currentWidget() is window.settlement


def test_a_closed_night_seats_nobody(table_night, database) -> None:
    from scorekeeper.store.errors import StorageError

    window, night_id = table_night
    window.session.set_closed(True)
    assert not window.menu_actions["join"].isEnabled()
    with pytest.raises(StorageError, match="closed"):
        join_night(database, night_id=night_id, player="Fay")


def test_an_inserted_hand_gets_the_dealer_whose_deal_it_was(table_night, keyboard) -> None:
    window, _ = table_night
    for _ in range(2):
        pick(keyboard, "2", "4", "74")
    assert [ln.dealer for ln in window.session.view.lines] == ["Jon", "Ida"]
    keyboard.ctrl(Qt.Key.Key_Up)
    window.sheet.selectRow(1)
    keyboard.ctrl(Qt.Key.Key_I)  # a forgotten hand between hands 1 and 2
    assert window.entry.insert_at == 2
    assert window.entry.dealer.text() == "Ida"  # after Jon's deal


def test_the_status_bar_names_the_hand_just_saved(table_night, keyboard) -> None:
    window, _ = table_night
    pick(keyboard, "2", "4", "74")
    message = window.statusBar().currentMessage()
    assert message.startswith("Hand 1 recorded: Ida and Hal took 74") and "Ctrl+Z" in message


def test_alt_d_and_alt_i_leave_the_digits_in_the_field_being_typed(
    table_night, keyboard, database
) -> None:
    window, night_id = table_night
    keyboard.type("2" + "4")
    keyboard.alt(Qt.Key.Key_D)  # the defenders' points follow
    keyboard.type("46")
    assert window.entry.points.text() == "46" and window.entry.defenders.isChecked()
    keyboard.alt(Qt.Key.Key_I)  # the last hand of the night
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("4")
    assert window.entry.tricks.text() == "4"
    keyboard.enter()
    (hand,) = stored(database, night_id)
    assert hand["points"] == 74 and hand["last_hand"] is True


def test_alt_l_is_the_league_menu(table_night) -> None:
    window, _ = table_night
    titles = [a.text() for a in window.menuBar().actions()]
    assert "&League" in titles
    leaster = next(b for b in window.entry.types.buttons() if b.property("kind") == "leaster")
    assert "&L" not in leaster.text()


def test_the_totals_stay_in_sight_under_a_long_night(database, open_window) -> None:
    hand = {"type": "pick", "picker": "Ida", "partners": ["Hal"], "points": 74, "tricks": 4}
    night_id = night_import.import_night(database, night_doc("classic-5", [hand] * 14, TABLE))
    window = open_window(database, night_id)
    window.resize(1200, 760)
    shown = [form for form in window.forms.values() if form.isVisible()]
    assert shown == [window.entry]  # no other game's form takes room at a Sheepshead table
    money_row = window.model.rowCount() - 1
    rect = window.sheet.visualRect(window.model.index(money_row, 0))
    assert window.sheet.viewport().rect().contains(rect.center())
    spare = window.entry.height() - window.entry.sizeHint().height()
    assert spare < 40


def test_the_chart_tells_eight_players_apart_and_names_them_all(database, open_window) -> None:
    eight = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hank"]
    hand = {"type": "misplay", "misplays": ["Bob"], "dealer": "Ann"}
    rules = {"preset": "seven-handed", "dealt_in": 7}
    night_id = night_import.import_night(database, night_doc(rules, [hand], eight))
    window = open_window(database, night_id)
    window.tabs.setCurrentWidget(window.chart)
    legend = [name for name, _ in window.chart.chart_layout().legend]
    assert legend == eight  # every name whole, in seat order
    pens = {(p.color().name(), tuple(p.dashPattern())) for p in map(window.chart.look, eight)}
    assert len(pens) == 8


def test_help_lists_every_shortcut_and_the_forms_contract(table_night) -> None:
    from ui.help import CONTRACT, KeysDialog

    window, _ = table_night
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert isinstance(help_menu, QMenu)
    assert any(a.shortcut().toString() == "F1" for a in help_menu.actions())
    dialog = KeysDialog(window)
    text = dialog.text.toPlainText()
    for line in CONTRACT:
        assert line in text
    for shortcut in ("Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y", "Ctrl+E", "F2", "Ctrl+I", "Alt+S"):
        assert shortcut in text, shortcut
    dialog.deleteLater()


def test_the_first_start_says_the_sample_is_a_sample(qtbot, database, open_window) -> None:
    from scorekeeper.store.seed import seed_sample_league
    from ui.app import first_start

    assert first_start() is True
    assert first_start() is False  # once only
    seed_sample_league(database)
    window = open_window(database, None)
    window.menu_actions["welcome"].trigger()
    qtbot.waitUntil(lambda: window.welcome is not None and window.welcome.isVisible())
    words = " ".join(label.text() for label in window.welcome.findChildren(QLabel))
    assert "sample" in words and "Start a night" in [
        b.text().replace("&", "") for b in window.welcome.findChildren(type(window.entry.save))
    ]
    window.welcome.reject()


def test_the_welcome_speaks_of_no_sample_where_there_is_none(qtbot, database, open_window) -> None:
    """A database that held nights of its own when first opened gets no sample league:
    the welcome does not say that what is shown is one."""
    window = open_window(database, None)
    window.menu_actions["welcome"].trigger()
    qtbot.waitUntil(lambda: window.welcome is not None and window.welcome.isVisible())
    words = " ".join(label.text() for label in window.welcome.findChildren(QLabel))
    buttons = [b.text() for b in window.welcome.findChildren(type(window.entry.save))]
    assert "sample" not in words.lower() and "&Look around the sample" not in buttons
    window.welcome.reject()


def test_a_typical_call_game_takes_at_most_eight_keys(database, open_window, keyboard) -> None:
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    open_window(database, night_id)
    keyboard.type("1")  # Ann declares a Sauspiel (the form starts on a call game)
    keyboard.type("3")  # Cal held the called ace
    keyboard.type("75")  # their points
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("5")  # their tricks
    keyboard.enter()
    assert keyboard.count <= 8
    (hand,) = stored(database, night_id)
    assert (hand["declarer"], hand["partners"], hand["points"], hand["tricks"]) == (
        "Ann",
        ["Cal"],
        75,
        5,
    )


def test_the_manual_states_the_forms_contract_as_the_app_does() -> None:
    from pathlib import Path

    from ui.help import CONTRACT

    manual = Path(__file__).resolve().parents[2] / "docs" / "manual.md"
    text = manual.read_text(encoding="utf-8")
    for line in CONTRACT:
        assert f"- {line}" in text, line


def test_a_long_night_opens_without_the_sheet_reading_every_hand(
    database, open_window, monkeypatch
) -> None:
    """A 1,000-hand night's sheet fits its columns to a screenful of rows: opening it
    reads a few dozen of its rows, not all (a table not yet shown measured every row
    for "the rows on screen", a quarter of a second of the start)."""
    from ui.night_sheet import SCREENFUL
    from ui.sheet_model import SheetModel

    hand = {"type": "pick", "picker": "Ida", "partners": ["Hal"], "points": 74, "tricks": 4}
    night_id = night_import.import_night(database, night_doc("classic-5", [hand] * 1000, TABLE))
    asked: set[int] = set()
    real = SheetModel.data

    def data(self: SheetModel, index: Any, role: int = 0) -> object:
        asked.add(index.row())
        return real(self, index, role)

    monkeypatch.setattr(SheetModel, "data", data)
    window = open_window(database, night_id)
    assert window.model.rowCount() == 1002  # every hand, the totals and the money
    assert len(asked) < 3 * SCREENFUL


def test_a_misplay_s_blank_misplayer_is_still_to_type_not_a_warning_at_once(
    table_night, keyboard, database
) -> None:
    """A trial: choosing Misplay showed "⚠ a misplay hand names at least one misplayer"
    before anything was typed; like any blank field it is still to type, and warned of
    once Enter is pressed."""
    window, night_id = table_night
    keyboard.alt(Qt.Key.Key_M)
    assert window.entry.kind == "misplay"
    assert window.entry.errors["misplayer"].text() == ""
    assert "Still to type: Misplayed by" in window.entry.preview.text()
    keyboard.enter()
    assert stored(database, night_id) == []
    assert "misplayer" in window.entry.errors["misplayer"].text()
