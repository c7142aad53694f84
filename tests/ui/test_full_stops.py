"""A sentence that ends in a name ending in a full stop ("Wes S.") ends there: a trial
read "Hand 32, dealt by Wes S.." and "At the table: … Hans K..", in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.explain import said
from scorekeeper.store import night_import
from tests.sheet import leaster, night_doc

PLAYERS = ["Wes S.", "Ann", "Bob", "Cal", "Hans K."]


def test_a_name_that_ends_in_a_full_stop_gets_no_second_one() -> None:
    assert said("Hand {number}, dealt by {dealer}.", number=3, dealer="Wes S.") == (
        "Hand 3, dealt by Wes S."
    )
    assert said("Undid: {change}. Ctrl+Shift+Z redoes it.", change="Ann paid Wes S.") == (
        "Undid: Ann paid Wes S. Ctrl+Shift+Z redoes it."
    )
    assert said("Hand {number}, dealt by {dealer}.", number=3, dealer="Ann") == (
        "Hand 3, dealt by Ann."
    )


def _next_hand_lines(database: Any, open_window: Any) -> list[str]:
    hands = [leaster("Ann")] * 5
    night = night_import.import_night(database, night_doc("classic-5", hands, PLAYERS))
    window = open_window(database, night)
    return window.hand_panel.pending.text().split("\n")


def test_the_next_hand_names_its_dealer_and_the_table_with_one_full_stop(
    database: Any, open_window: Any
) -> None:
    lines = _next_hand_lines(database, open_window)
    assert lines[0] == "Hand 6, dealt by Wes S."
    assert lines[-1] == "At the table: Wes S., Ann, Bob, Cal, Hans K."


@pytest.mark.usefixtures("german")
def test_the_german_next_hand_names_them_with_one_full_stop_too(
    database: Any, open_window: Any
) -> None:
    lines = _next_hand_lines(database, open_window)
    assert lines[0] == "Spiel 6, Geber: Wes S."
    assert lines[-1] == "Am Tisch: Wes S., Ann, Bob, Cal, Hans K."


def test_at_a_table_of_one_more_the_next_hand_says_the_dealer_sits_out(
    database: Any, open_window: Any
) -> None:
    """Six at a five-handed game: the dealer sits the next hand out, and the panel
    names the five who play, not all six as playing (a trial)."""
    six = [*PLAYERS, "Fay"]
    night = night_import.import_night(database, night_doc("classic-5", [], six))
    window = open_window(database, night)
    lines = window.hand_panel.pending.text().split("\n")
    assert lines[0] == "Hand 1, dealt by Wes S."
    assert lines[-1] == "Playing: Ann, Bob, Cal, Hans K., Fay (Wes S. sits out)."


@pytest.mark.usefixtures("german")
def test_the_german_next_hand_says_the_dealer_sits_out_too(database: Any, open_window: Any) -> None:
    night = night_import.import_night(database, night_doc("classic-5", [], [*PLAYERS, "Fay"]))
    lines = open_window(database, night).hand_panel.pending.text().split("\n")
    assert lines[-1] == "Es spielen: Ann, Bob, Cal, Hans K., Fay (Wes S. setzt aus)."


def test_a_schafkopf_night_says_bock_only_when_bock_hands_are_to_come(
    database: Any, open_window: Any
) -> None:
    """'Bock (counts double): 0 hands to come.' stood in the panel of every Schafkopf
    night, one without Bock rules too (a trial); a Schwarz under bock_after then says
    the Bock hands to come."""
    four = ["Ann", "Bob", "Cal", "Dee"]
    won = {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 120, "tricks": 8}
    plain = night_import.import_night(database, night_doc("schafkopf", [won], four))
    lines = open_window(database, plain).hand_panel.pending.text().split("\n")
    assert not any("Bock" in line for line in lines) and len(lines) == 2
    rules = {"preset": "schafkopf", "bock_after": ["schwarz"], "bock_hands": 2}
    bock = night_import.import_night(database, night_doc(rules, [won], four))
    lines = open_window(database, bock).hand_panel.pending.text().split("\n")
    assert "Bock (counts double): 2 hands to come." in lines


def test_a_hand_typed_after_the_last_hand_says_so_in_the_preview(
    database: Any, open_window: Any
) -> None:
    hands = [leaster("Ann"), leaster("Bob", last_hand=True)]
    night = night_import.import_night(database, night_doc("classic-5", hands, PLAYERS))
    window = open_window(database, night)
    assert window.entry.preview.text().endswith("(Hand 2 was marked the night's last hand.)")
    plain = night_import.import_night(database, night_doc("classic-5", hands[:1], PLAYERS))
    window = open_window(database, plain)
    assert "last hand" not in window.entry.preview.text()
