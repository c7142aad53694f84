"""The night screen, driven through the keyboard alone, agrees with the database and
with `scorekeeper score` of the exported night."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester

from scorekeeper.cli import main as cli
from scorekeeper.games import preset_rules
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.tonight import night_to_reopen
from tests.sheet import leaster, night_doc
from ui.sheet_model import SORT_ROLE, SheetModel
from ui.start_dialog import SETTINGS_KEY

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def scored_export(database: Any, night_id: int, tmp_path: Path, capsys: Any) -> dict[str, Any]:
    """`scorekeeper score` of the night as `scorekeeper export` writes it from the database."""
    exported = tmp_path / "exported.json"
    url = str(database.url)
    assert cli(["--database", url, "export", "--night", str(night_id), "-o", str(exported)]) == 0
    capsys.readouterr()
    assert cli(["score", str(exported)]) == 0
    scored: dict[str, Any] = json.loads(capsys.readouterr().out)
    return scored


def sheet_points(window: Any) -> list[dict[str, int]]:
    """What the sheet shows: each hand's points per player (the sort role's raw value)."""
    model = window.model
    view = window.session.view
    rows = []
    for row in range(len(view.lines)):
        rows.append(
            {p: model.index(row, 4 + c).data(SORT_ROLE) for c, p in enumerate(view.players)}
        )
    return rows


def pick(keyboard: Any, picker: str, partner: str, points: str) -> None:
    """Seat digits move on; the points wait for Tab; Enter takes the proposed tricks."""
    keyboard.type(picker + partner + points)
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()


def choose(qtbot: Any, window: Any, keyboard: Any, letter: Qt.Key, kind: str) -> None:
    keyboard.alt(letter)
    qtbot.waitUntil(lambda: window.entry.kind == kind)


def test_a_typical_hand_takes_seven_keys(qtbot, database, open_window, keyboard) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    keyboard.type("2")  # Bob picks
    keyboard.type("4")  # Dee is the partner
    keyboard.type("74")  # the picking side took 74
    keyboard.press(Qt.Key.Key_Tab)  # a number could go on: Tab says it is done
    keyboard.type("4")  # their tricks, replacing the proposal
    keyboard.enter()  # save
    assert keyboard.count <= 7
    assert night_reads.cached_points(database, night_id=night_id) == [
        {"Ann": -1, "Bob": 2, "Cal": -1, "Dee": 1, "Eve": -1}
    ]
    assert sheet_points(window) == night_reads.cached_points(database, night_id=night_id)


def test_a_thirty_hand_night_through_the_keyboard_alone(
    qtbot, database, open_window, keyboard, tmp_path: Path, capsys
) -> None:
    rules = preset_rules("classic-5")
    remembered = {
        "players": FIVE,
        "league": "Tuesday",
        "season": "Fall",
        "table": "1",
        "rules": {**rules.to_json(), "no_pick": "doubler", "stake_cents": 10},
    }
    QSettings().setValue(SETTINGS_KEY, json.dumps(remembered))
    window = open_window(database, None)

    # Start the night with the table's remembered choices.
    keyboard.in_next_dialog(lambda: keyboard.alt(Qt.Key.Key_N))
    keyboard.ctrl(Qt.Key.Key_N)
    qtbot.waitUntil(lambda: window.session.view is not None and window.isActiveWindow())
    night_id = window.session.night_id

    pick(keyboard, "2", "4", "74")  # 1
    choose(qtbot, window, keyboard, Qt.Key.Key_Y, "no-pick")  # 2: nobody picked, a doubler
    keyboard.enter()
    pick(keyboard, "3", "5", "80")  # 3: doubled by the queued doubler
    choose(qtbot, window, keyboard, Qt.Key.Key_S, "leaster")  # 4: Cal wins the leaster
    keyboard.type("3")
    keyboard.enter()
    keyboard.type("12" + "65")  # 5: Ann and Bob, cracked
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.alt(Qt.Key.Key_C)
    keyboard.press(Qt.Key.Key_Up)
    keyboard.enter()
    choose(qtbot, window, keyboard, Qt.Key.Key_M, "misplay")  # 6: Eve misplays
    keyboard.type("5")
    keyboard.enter()
    for picker, partner, points in (
        ("4", "1", "91"),
        ("5", "0", "58"),
        ("1", "3", "61"),
        ("2", "5", "44"),
    ):  # 7-10 (8: Eve alone)
        pick(keyboard, picker, partner, points)

    # Fay sits down after Eve: six seated, so from now on the dealer sits out.
    def seat_fay() -> None:
        keyboard.type("Fay")
        keyboard.in_next_dialog(keyboard.enter)  # after Eve, the last seat
        keyboard.enter()

    keyboard.in_next_dialog(seat_fay)
    keyboard.ctrl(Qt.Key.Key_J)
    qtbot.waitUntil(lambda: "Fay" in window.session.view.seated_next and window.isActiveWindow())
    seats = window.session.view.seated_next
    assert seats == ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay")

    def pick_among_dealt_in(number: int, points: str) -> tuple[str, str]:
        dealer = window.session.view.next_dealer()
        dealt_in = [str(seat) for seat, name in enumerate(seats, 1) if name != dealer]
        picker, partner = dealt_in[number % 5], dealt_in[(number + 2) % 5]
        keyboard.type(picker + partner + points)
        keyboard.press(Qt.Key.Key_Tab)
        return picker, partner

    for number, points in enumerate(
        ("70", "35", "97", "62", "75", "29", "66", "88", "120", "60"), start=11
    ):  # hands 11-20
        pick_among_dealt_in(number, points)
        keyboard.enter()
        assert len(window.session.view.lines) == number, window.entry.problems

    # Fix hand 3 after hand 20: Cal and Eve really took 95.
    keyboard.ctrl(Qt.Key.Key_Up)  # to the sheet
    keyboard.press(Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    keyboard.press(Qt.Key.Key_Down)
    keyboard.press(Qt.Key.Key_Down)
    keyboard.press(Qt.Key.Key_F2)
    assert window.entry.editing is not None and window.entry.editing.number == 3
    pick(keyboard, "3", "5", "95")
    assert window.session.view.lines[2].record["points"] == 95, (
        window.entry.problems,
        window.entry.hand(),
        window.entry.editing,
    )

    for number in range(21, 30):
        pick_among_dealt_in(number, "77")
        keyboard.enter()
    pick_among_dealt_in(30, "65")  # 30: the last hand, doubled
    keyboard.alt(Qt.Key.Key_I)
    keyboard.enter()
    assert len(window.session.view.lines) == 30

    # Undo the last hand, then redo it.
    keyboard.ctrl(Qt.Key.Key_Z)
    assert len(window.session.view.lines) == 29
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert len(window.session.view.lines) == 30

    view = window.session.view
    kinds = [line.record["type"] for line in view.lines]
    assert {"leaster", "no-pick", "misplay"} <= set(kinds)
    assert view.lines[4].result.multiplier == 2  # the crack
    assert view.lines[2].result.multiplier == 2  # the queued doubler
    assert view.lines[29].result.multiplier == 2  # the last hand
    assert all(len(line.sat_out) == 1 for line in view.lines[10:])  # dealer sits out
    assert [
        r.action for r in night_reads.hand_history(database, hand_id=view.lines[2].hand_id)
    ] == [
        "insert",
        "edit",
    ]

    # The sheet, the database, and `scorekeeper score` of the export all agree.
    shown = sheet_points(window)
    assert shown == night_reads.cached_points(database, night_id=night_id)
    scored = scored_export(database, night_id, tmp_path, capsys)
    assert [h["points"] for h in scored["hands"]] == shown
    totals_row = len(view.lines)
    for column, player in enumerate(view.players):
        assert (
            window.model.index(totals_row, 4 + column).data(SORT_ROLE)
            == scored["totals"]["points"][player]
        )
        assert (
            window.model.index(totals_row + 1, 4 + column).data(SORT_ROLE)
            == scored["totals"]["cents"][player]
        )
    assert sum(scored["totals"]["cents"].values()) == 0


def test_the_sheet_and_settlement_models_pass_the_model_tester(
    qtbot, database, open_window
) -> None:
    document = night_doc(
        {"preset": "classic-5", "stake_cents": 25},
        [
            {"type": "pick", "picker": "Bob", "partners": ["Dee"], "points": 74, "tricks": 4},
            {"type": "leaster", "winner": "Cal"},
            {"type": "misplay", "misplays": ["Eve"]},
        ],
    )
    window = open_window(database, night_import.import_night(database, document))
    tester = ModelTester(None)
    tester.check(window.model)
    tester.check(window.settlement.model)
    empty = SheetModel()
    tester.check(empty)
    assert window.settlement.model.rowCount() == len(window.session.view.result.settlement)


def test_the_app_reopens_on_the_night_last_changed(database) -> None:
    first = night_import.import_night(database, night_doc("classic-5", []))
    second = night_import.import_night(database, night_doc("classic-5", []))
    hand_writes.record_hand(
        database,
        night_id=first,
        hand={"type": "pick", "picker": "Bob", "partners": [], "points": 70, "tricks": 3},
    )
    assert night_to_reopen(database) == first
    assert second != first


def test_a_leaster_with_each_players_points_and_tricks(
    qtbot, database, open_window, keyboard
) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    choose(qtbot, window, keyboard, Qt.Key.Key_S, "leaster")
    keyboard.type("3")  # Cal
    keyboard.alt(Qt.Key.Key_A)  # the leaster's points
    keyboard.type("30 41 12 37 5")  # adds up to 125: refused, the field says why
    assert any("add up to 125" in p for p in window.entry.problems), (
        window.entry.problems,
        window.entry.hand(),
    )
    assert "add up to 125" in window.entry.errors["leaster_points"].text()
    keyboard.enter()
    assert night_reads.cached_points(database, night_id=night_id) == []
    window.entry.leaster_points.setFocus()
    window.entry.leaster_points.selectAll()
    keyboard.type("30 41 12 37 0")
    keyboard.enter()
    hand = night_import.export_night(database, night_id=night_id)["hands"][0]
    assert hand["points"] == {"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 37, "Eve": 0}
    assert night_reads.cached_points(database, night_id=night_id)[0]["Cal"] == 4


def test_leaster_points_typed_short_are_refused_saying_how_they_are_typed(
    qtbot, database, open_window, keyboard
) -> None:
    """A trial: the leaster's points typed "10 20" were refused as "must map each
    player's name to a whole number", which said neither the field nor how to type it."""
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    entry = window.entry
    choose(qtbot, window, keyboard, Qt.Key.Key_S, "leaster")
    keyboard.type("3")  # Cal
    keyboard.alt(Qt.Key.Key_A)  # the leaster's points
    keyboard.type("10 20")
    how = "in seat order (Ann, Bob, Cal, Dee, Eve), comma or space between"
    assert entry.preview.text() == (
        f"Leaster points: 2 numbers for 5 players dealt in: one for each, {how}."
    )
    keyboard.enter()
    assert night_reads.cached_points(database, night_id=night_id) == []
    assert how in entry.errors["leaster_points"].text()
    entry.leaster_tricks.setText("1 2 x")
    said = entry.errors["leaster_tricks"].text()
    assert f"whole numbers of 0 or more only: one for each player, {how}" in said


def test_the_first_status_message_moves_nothing(qtbot, database, open_window, keyboard) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)

    def where() -> tuple[QPoint, int]:
        QApplication.processEvents()  # what is posted (a new bar shown, a layout) done
        window.layout().activate()
        return window.entry.mapTo(window, QPoint(0, 0)), window.sheet.height()

    before = where()
    keyboard.ctrl(Qt.Key.Key_Z)  # nothing typed, nothing stored: the status bar says so
    assert window.statusBar().currentMessage() == "Nothing to undo."
    assert where() == before


def test_deleting_a_hand_says_which_and_that_ctrl_z_brings_it_back(
    database, open_window, keyboard, qtbot
) -> None:
    """Save and edit say what they did in the status bar; a trial found Delete silent."""
    hands = [leaster("Ann"), leaster("Bob"), leaster("Cal")]
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    window.sheet.setFocus()
    window.sheet.setCurrentIndex(window.model.index(1, 0))
    keyboard.press(Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: len(window.session.view.lines) == 2)
    assert window.statusBar().currentMessage() == "Hand 2 deleted. Ctrl+Z brings it back."
    keyboard.ctrl(Qt.Key.Key_Z)
    qtbot.waitUntil(lambda: len(window.session.view.lines) == 3)
