"""Every kind of change at the table is one undo command: Ctrl+Z walks the night back
through each (the Edit menu naming it), Ctrl+Shift+Z walks it forward again, and at
every step the screen shows exactly what the database holds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt

from scorekeeper.games import preset_rules
from scorekeeper.store import night_import, night_reads
from scorekeeper.store.night_history import deleted_nights
from tests.sheet import night_doc, pick
from ui.session import build_view

SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


def seen(window: Any) -> tuple[Any, ...]:
    """What the night screen shows: each hand (its id, record and points), who sits
    where from which hand to which, the rules, the payments marked and whether closed."""
    view = window.session.view
    return (
        [(line.hand_id, line.record, line.result.points) for line in view.lines],
        view.seat_ranges,
        view.rules,
        [(p.payer, p.payee, p.cents) for p in view.payments],
        view.closed,
    )


def stored(database: Any, night_id: int) -> tuple[Any, ...]:
    """The same, read afresh from the database."""
    view = build_view(database, night_id)
    return (
        [(line.hand_id, line.record, line.result.points) for line in view.lines],
        view.seat_ranges,
        view.rules,
        [(p.payer, p.payee, p.cents) for p in view.payments],
        view.closed,
    )


def test_each_kind_of_change_is_undone_and_redone_as_one_step(
    database, open_window, keyboard
) -> None:
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    session = window.session
    rules = preset_rules("classic-5")
    changes = [
        ("hand 1 recorded", lambda: session.record_hand(pick("Bob", "Dee", points=74, tricks=4))),
        ("hand 2 recorded", lambda: session.record_hand(pick("Cal", points=91, tricks=5))),
        ("hand 1 inserted", lambda: session.record_hand(pick("Eve", points=40, tricks=2), 1)),
        (
            "hand 2 changed",
            lambda: session.edit_hand(
                session.view.lines[1].hand_id, pick("Ann", "Bob", points=61, tricks=3)
            ),
        ),
        ("hand 3 deleted", lambda: session.delete_hand(session.view.lines[2].hand_id)),
        ("Fay joined", lambda: session.join("Fay", after="Cal")),
        ("Ann left", lambda: session.leave("Ann")),
        (
            "house rules changed",
            lambda: session.change_rules(replace(rules, stake_cents=rules.stake_cents + 5)),
        ),
        ("Bob paid Eve", lambda: session.record_payment("Bob", "Eve", 50)),
        ("the night closed", lambda: session.set_closed(True)),
    ]
    before = []
    for text, change in changes:
        before.append(seen(window))
        change()
        assert window.undo_action.text() == f"&Undo: {text}"
        assert seen(window) == stored(database, night_id)
    after = seen(window)
    assert [name for name, *_ in after[1]] == ["Ann", "Bob", "Cal", "Fay", "Dee", "Eve"]

    for (text, _), shown in zip(reversed(changes), reversed(before), strict=True):
        keyboard.ctrl(Qt.Key.Key_Z)
        assert window.redo_action.text() == f"&Redo: {text}"
        assert seen(window) == shown == stored(database, night_id)
    assert (
        window.undo_action.text() == "&Undo"
        and night_reads.hand_ids(database, night_id=night_id) == []
    )

    for (text, _), shown in zip(changes[1:], before[1:], strict=True):
        keyboard.ctrl(Qt.Key.Key_Z, shift=True)
        assert window.redo_action.text() == f"&Redo: {text}"
        assert seen(window) == shown == stored(database, night_id)
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert window.redo_action.text() == "&Redo"
    assert seen(window) == after == stored(database, night_id)  # the same hands, by id


def test_deleting_a_night_and_bringing_it_back_are_undone_and_redone(
    database, open_window, keyboard
) -> None:
    kept = night_import.import_night(database, night_doc("classic-5", [], SIX[:5]))
    mistaken = night_import.import_night(database, night_doc("classic-5", [], SIX[:5]))
    window = open_window(database, mistaken)
    window.menu_actions["delete_night"].trigger()  # no hands: no question asked
    assert window.session.night_id == kept
    assert [n.id for n in deleted_nights(database)] == [mistaken]
    # By its title: a night of no league or date is known by who played, never by its id.
    assert window.undo_action.text() == "&Undo: “Ann, Bob, Cal, Dee, Eve” deleted"
    keyboard.ctrl(Qt.Key.Key_Z)
    assert window.session.night_id == mistaken and deleted_nights(database) == []
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert window.session.night_id == kept
    window.session.bring_back_night(mistaken)
    assert window.undo_action.text() == "&Undo: “Ann, Bob, Cal, Dee, Eve” brought back"
    keyboard.ctrl(Qt.Key.Key_Z)
    assert window.session.night_id == kept and [n.id for n in deleted_nights(database)] == [
        mistaken
    ]
