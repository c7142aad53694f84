"""A Schafkopf night on the night screen, through the keyboard: a Sauspiel, a Wenz with
Laufende and a Kontra, and a Ramsch with a Jungfrau.  The sheet shows what
`scorekeeper score` says of the exported night."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from scorekeeper.store import night_import, night_reads
from tests.sheet import night_doc
from tests.ui.test_night_screen import scored_export, sheet_points
from ui.games.schafkopf import SchafkopfForm
from ui.sheet_model import SORT_ROLE

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def test_sauspiel_wenz_with_kontra_and_ramsch_with_a_jungfrau(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any, tmp_path: Path, capsys: Any
) -> None:
    rules = {"preset": "schafkopf", "all_pass": "ramsch", "stake_cents": 5}
    night_id = night_import.import_night(database, night_doc(rules, [], FOUR))
    window = open_window(database, night_id)
    entry = window.entry
    assert isinstance(entry, SchafkopfForm) and entry.kind == "call"

    # 1. Sauspiel: Ann (seat 1) calls; Cal (seat 3) held the ace; they take 75.
    keyboard.type("1" + "3" + "75")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()
    qtbot.waitUntil(lambda: len(window.session.view.lines) == 1)

    # 2. Wenz: Bob declares, takes 80 with 2 Laufende; Kontra.
    keyboard.alt(Qt.Key.Key_O)
    qtbot.waitUntil(lambda: entry.kind == "solo")
    keyboard.type("2")  # Bob; the game list has the focus next
    keyboard.type("W")  # Wenz: the kind is chosen, never Farbsolo by default
    keyboard.alt(Qt.Key.Key_P)
    keyboard.type("80")
    keyboard.press(Qt.Key.Key_Tab)  # the tricks, proposed from the points
    keyboard.press(Qt.Key.Key_Tab)  # Laufende
    keyboard.type("2")
    keyboard.press(Qt.Key.Key_Tab)  # knocks
    keyboard.press(Qt.Key.Key_Tab)  # Kontra
    keyboard.press(Qt.Key.Key_Down)
    assert entry.hand() == {
        "type": "solo",
        "dealer": "Bob",
        "declarer": "Bob",
        "tricks": 5,
        "kontra": 1,
        "points": 80,
        "laufende": 2,
        "game": "wenz",
    }
    keyboard.alt(Qt.Key.Key_V)
    qtbot.waitUntil(lambda: len(window.session.view.lines) == 2)

    # 3. Ramsch: Bob has the most points, Dee took no trick (a Jungfrau).
    keyboard.alt(Qt.Key.Key_R)
    qtbot.waitUntil(lambda: entry.kind == "ramsch")
    keyboard.type("30 50 40 0")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("3 3 2 0")
    keyboard.enter()
    qtbot.waitUntil(lambda: len(window.session.view.lines) == 3)

    view = window.session.view
    assert [line.record["type"] for line in view.lines] == ["call", "solo", "ramsch"]
    shown = sheet_points(window)
    assert shown == [
        {"Ann": 20, "Bob": -20, "Cal": 20, "Dee": -20},
        {"Ann": -140, "Bob": 420, "Cal": -140, "Dee": -140},
        {"Ann": 40, "Bob": -120, "Cal": 40, "Dee": 40},
    ]
    assert "Wenz" in view.lines[1].result.explanation
    assert "Kontra" in view.lines[1].result.explanation
    assert "Jungfrau" in view.lines[2].result.explanation
    summaries = [window.model.index(r, 2).data() for r in range(3)]
    assert summaries[1].startswith("Wenz Bob: 80 won")
    assert summaries[2] == "Ramsch: Bob lost with 50, Jungfrau Dee"

    # The sheet, the database and `scorekeeper score` of the export all agree.
    assert shown == night_reads.cached_points(database, night_id=night_id)
    scored = scored_export(database, night_id, tmp_path, capsys)
    assert [h["points"] for h in scored["hands"]] == shown
    for column, player in enumerate(view.players):
        assert (
            window.model.index(3, 4 + column).data(SORT_ROLE) == scored["totals"]["points"][player]
        )
        assert (
            window.model.index(4, 4 + column).data(SORT_ROLE) == scored["totals"]["cents"][player]
        )


def test_a_bad_schafkopf_hand_is_named_beside_its_field_and_not_saved(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.type("1")  # Ann declares; the partner field has the focus
    keyboard.type("1")  # Ann again: she cannot be her own partner
    keyboard.type("75")
    keyboard.enter()
    assert "declarer, not a partner" in entry.errors["partners"].text()
    assert window.session.view.lines == ()
    assert not entry.save.isEnabled()


def test_a_call_game_s_blank_partner_is_still_to_type_not_a_warning_at_once(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """A trial: the Sauspiel's "Still to type" left out Partner, and a long warning
    about a partner came up beside the blank field while the points were typed; like
    any blank field it is still to type, and warned of once Enter is pressed."""
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.type("4")  # Dee declares; the partner field has the focus, left blank
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("70")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("5")  # the tricks: the hand is whole but for its partner
    assert entry.errors["partners"].text() == ""
    assert "Partner" in entry.preview.text() and "Still to type" in entry.preview.text()
    keyboard.enter()
    assert window.session.view.lines == ()
    assert "missing" in entry.errors["partners"].text()
    assert "called ace" in entry.errors["partners"].text()


def test_still_to_type_names_the_partner_from_the_start(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """A trial: before the declarer was typed, "Still to type" named the declarer, the
    points and the tricks, and left out the partner a call game needs."""
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    entry = open_window(database, night_id).entry
    assert entry.preview.text() == (
        "Still to type: Declarer (Spieler), Partner (who held the called ace), Points, Tricks."
    )
    keyboard.type("1")  # Ann declares
    assert "Partner (who held the called ace)" in entry.preview.text()
    assert entry.errors["partners"].text() == ""  # said beside it once Enter is pressed


def test_ramsch_points_typed_short_are_refused_saying_how_they_are_typed(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """As the leaster's: a Ramsch's points for three of four players are named with how
    they are typed, not as a map the form never asked for."""
    rules = {"preset": "schafkopf", "all_pass": "ramsch"}
    window = open_window(database, night_import.import_night(database, night_doc(rules, [], FOUR)))
    entry = window.entry
    keyboard.alt(Qt.Key.Key_R)
    qtbot.waitUntil(lambda: entry.kind == "ramsch")
    keyboard.type("30 50 40")
    assert entry.preview.text().startswith(
        "Still to type: Ramsch tricks. Ramsch points: 3 numbers for 4 players dealt in: one "
        "for each, in seat order (Ann, Bob, Cal, Dee), comma or space between"
    )


def test_a_solo_whose_kind_is_not_chosen_is_missing_it_never_a_farbsolo(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """Nothing that changes the score is filled in: the kind of solo starts blank, and a
    solo typed without one is not saved (it was saved as a Farbsolo)."""
    night_id = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    window = open_window(database, night_id)
    entry = window.entry
    keyboard.alt(Qt.Key.Key_O)
    qtbot.waitUntil(lambda: entry.kind == "solo")
    keyboard.type("2")  # Bob declares; the kind of solo has the focus, and is left blank
    keyboard.alt(Qt.Key.Key_P)
    keyboard.type("80")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()
    assert "missing" in entry.errors["game"].text()
    assert "game" not in entry.hand()
    assert window.session.view.lines == ()
    assert entry.focusWidget() is entry.game or entry.game.hasFocus()


def test_a_night_started_under_a_schafkopf_preset_gets_the_schafkopf_form(
    qtbot: Any, database: Any, open_window: Any
) -> None:
    from scorekeeper.games import preset_rules
    from ui.start_dialog import StartNightDialog

    window = open_window(database, None)
    dialog = StartNightDialog(FOUR, [], window)
    qtbot.addWidget(dialog)
    for name in FOUR:
        dialog.add_name.setCurrentText(name)
        dialog.add_player()
    dialog.preset.setCurrentText("schafkopf-10-50")
    assert dialog.rules() == preset_rules("schafkopf-10-50")
    assert not dialog.option_widgets["partner"].isVisibleTo(dialog)
    assert dialog.option_widgets["tariff_call"].isVisibleTo(dialog)
    dialog.option_widgets["laufende_min"].spins["wenz"].setValue(3)
    dialog.option_widgets["bock_after"].boxes["kontra"].setChecked(True)
    rules = dialog.rules()
    assert dict(rules.laufende_min)["wenz"] == 3 and rules.bock_after == ("kontra",)
    window.session.start_night(**dialog.choices())
    qtbot.waitUntil(lambda: window.session.view is not None)
    assert window.session.view.rules == rules
    assert isinstance(window.entry, SchafkopfForm) and window.entry.isVisible()
    shown = {b.property("kind") for b in window.entry.types.buttons() if b.isVisibleTo(window)}
    assert shown == {"call", "solo", "null", "ramsch", "misplay", "result"}  # all pass: Ramsch


def test_a_night_with_a_pot_shows_the_pot_and_the_cores_zero_sum(
    qtbot: Any, database: Any, open_window: Any
) -> None:
    """Passed hands pay into the pot: the players' totals then sum to minus the pot,
    and the sheet says so (the core checked it) instead of crying DOES NOT SUM TO 0."""
    rules = {"preset": "schafkopf", "all_pass": "pot", "stake_cents": 5}
    hands = [
        {"type": "pass", "dealer": "Ann"},
        {"type": "pass", "dealer": "Bob"},
        {
            "type": "call",
            "dealer": "Cal",
            "declarer": "Ann",
            "partners": ["Cal"],
            "points": 50,
            "tricks": 3,
        },
    ]
    night_id = night_import.import_night(database, night_doc(rules, hands, FOUR))
    window = open_window(database, night_id)
    result = window.session.view.result
    assert result.pot == 320 and sum(result.total_points.values()) == -320
    total_row, money_row = len(hands), len(hands) + 1
    assert window.model.index(total_row, 2).data() == "Total (pot 320; sums to 0 ✓)"
    assert window.model.index(money_row, 2).data() == "Money (pot $16.00; sums to 0 ✓)"


def test_the_schafkopf_sheet_marks_declarer_and_partner_in_its_own_letters(
    qtbot: Any, database: Any, open_window: Any
) -> None:
    """S for the Spieler (the declarer), s for the Mitspieler; D still the dealer."""
    hands = [
        {
            "type": "call",
            "dealer": "Bob",
            "declarer": "Ann",
            "partners": ["Cal"],
            "points": 75,
            "tricks": 5,
        },
        {
            "type": "solo",
            "dealer": "Cal",
            "declarer": "Dee",
            "game": "wenz",
            "points": 80,
            "tricks": 6,
        },
    ]
    night_id = night_import.import_night(database, night_doc("schafkopf", hands, FOUR))
    window = open_window(database, night_id)
    cells = [[window.model.index(row, 4 + c).data() for c in range(4)] for row in range(2)]
    assert cells[0] == ["+20 S   +20", "-20 D   -20", "+20 s   +20", "-20   -20"]
    assert cells[1] == ["-50   -30", "-50   -70", "-50 D   -30", "+150 S   +130"]
    assert window.model.index(1, 2).data() == "Wenz Dee: 80 won"


def test_an_alt_letter_the_night_has_no_use_for_types_nothing(
    qtbot: Any, database: Any, open_window: Any, keyboard: Any
) -> None:
    """Alt+Y (a Sheepshead key) or Alt+R (Ramsch, when all passed pay the pot) at a
    Schafkopf night: no 'y' or 'r' lands in the field being typed in."""
    rules = {"preset": "schafkopf", "all_pass": "pot"}
    night_id = night_import.import_night(database, night_doc(rules, [], FOUR))
    window = open_window(database, night_id)
    entry = window.entry
    field = keyboard.focused()
    for key in (Qt.Key.Key_Y, Qt.Key.Key_R):
        keyboard.alt(key)
    assert keyboard.focused() is field
    assert entry.hand().get("declarer") is None
    assert getattr(field, "text", lambda: "")() == ""


def test_the_standings_say_what_the_pots_hold_beside_the_players_sums(
    qtbot: Any, database: Any, monkeypatch: Any
) -> None:
    """A league whose nights left points in a pot: the standings' footer says the pots
    hold what the players are down, zero together (a trial read "points and money sum to
    -5440" as an error)."""
    from scorekeeper.store.league import Period
    from ui.league.window import LeagueWindow

    rules = {"preset": "schafkopf", "all_pass": "pot", "stake_cents": 5}
    hands = [{"type": "pass", "dealer": "Ann"}, {"type": "pass", "dealer": "Bob"}]
    night_import.import_night(database, night_doc(rules, hands, FOUR) | {"league": "Club"})
    window = LeagueWindow(database, "Club")
    qtbot.addWidget(window)
    window.standings_tab.show_period(Period("Club"))
    footer = window.standings_tab.rules_text.text().splitlines()[-1]
    assert footer == (
        "1 night; points and money sum to -160 and -$8.00, "
        "and the pots hold 160 and $8.00: zero together."
    )
    # Were the players' sums and the pots ever not to cancel, nothing would say "zero".
    import dataclasses

    from scorekeeper.store import league as leagues

    real = leagues.standings
    monkeypatch.setattr(
        leagues, "standings", lambda *a: dataclasses.replace(real(*a), pot=(150, 800))
    )
    window.standings_tab.show_period(Period("Club"))
    footer = window.standings_tab.rules_text.text().splitlines()[-1]
    assert footer == "1 night; points and money sum to -160 and -$8.00."
