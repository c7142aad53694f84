"""What the status bar says stays long enough to read: the day's backup, made behind
the window at the start, does not replace a hand just recorded."""

from __future__ import annotations

from scorekeeper.store import night_import
from tests.sheet import night_doc
from tests.ui.test_sheet_columns import CALLED
from ui.menus.edit import save_hand


def test_the_day_s_backup_does_not_hide_a_hand_just_recorded(database, open_window) -> None:
    """The day's backup, made behind the window at the start, is said only when the
    status bar is not saying something since: a hand recorded in the first second keeps
    its "Ctrl+Z undoes it" (a trial); a backup that failed is said whatever."""
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    bar = window.statusBar()
    save_hand(window, CALLED | {"dealer": window.session.view.next_dealer()})
    recorded = bar.currentMessage()
    assert "recorded" in recorded
    window._daily_done.emit("Today's backup: /tmp/x.daily.bak", True)
    assert bar.currentMessage() == recorded
    window._daily_done.emit("Today's backup was not made: the disk is full", False)
    assert bar.currentMessage().startswith("Today's backup was not made")
    bar.clearMessage()
    window._daily_done.emit("Today's backup: /tmp/x.daily.bak", True)
    assert bar.currentMessage() == "Today's backup: /tmp/x.daily.bak"


def test_opening_another_night_clears_what_was_said_of_the_last_one(
    database, open_window, monkeypatch
) -> None:
    """ "Hand 1 recorded … Ctrl+Z undoes it" is not left on screen over another night,
    where Ctrl+Z has nothing to undo (a trial)."""
    from scorekeeper.store.night_reads import list_nights
    from ui import night_chooser

    first = night_import.import_night(database, night_doc("classic-5", []))
    other = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, first)
    save_hand(window, CALLED | {"dealer": window.session.view.next_dealer()})
    assert "Ctrl+Z" in window.statusBar().currentMessage()
    chosen = next(n for n in list_nights(database) if n.id == other)
    monkeypatch.setattr(night_chooser, "choose_night", lambda *_: chosen)
    window.menu_actions["open_night"].trigger()
    assert window.session.night_id == other
    assert "Ctrl+Z" not in window.statusBar().currentMessage()


def test_a_player_joining_or_going_home_is_said_with_how_to_undo_it(
    database, open_window, monkeypatch
) -> None:
    """Night ▸ A player leaves left the last hand's "Hand 1 recorded" in the status bar
    (a trial): it says who went home after which hand, and a join who sits down from
    which, each with Ctrl+Z."""
    from ui import choose

    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    save_hand(window, CALLED | {"dealer": window.session.view.next_dealer()})
    bar = window.statusBar()
    monkeypatch.setattr(choose, "choose_item", lambda *_args: ("Eve", True))
    window.menu_actions["leave"].trigger()
    assert bar.currentMessage() == "Eve goes home after hand 1. Ctrl+Z undoes it."
    assert "Eve" not in window.session.view.seated_next
    answers = iter([("Zoë", True), ("Dee", True)])  # who sits down, then after whom
    monkeypatch.setattr(choose, "choose_item", lambda *_args: next(answers))
    window.menu_actions["join"].trigger()
    assert bar.currentMessage() == "Zoë sits down from hand 2. Ctrl+Z undoes it."
    assert "Zoë" in window.session.view.seated_next


def test_the_question_who_goes_home_is_wide_enough_for_its_title(
    database, open_window, keyboard
) -> None:
    """Night ▸ A player leaves asked in a dialog so narrow that the window manager cut
    its title ("A play… leaves", a trial): it is as wide as the title and a title
    bar's buttons; the player typed is the one who goes home."""
    from PySide6.QtWidgets import QApplication

    six = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", [], six))
    )
    seen: dict[str, int] = {}

    def in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        seen["width"] = dialog.width()
        seen["title"] = dialog.fontMetrics().horizontalAdvance(dialog.windowTitle())
        keyboard.type("Eve")
        keyboard.enter()

    keyboard.in_next_dialog(in_dialog)
    window.menu_actions["leave"].trigger()
    assert seen["width"] >= seen["title"] + 120
    assert "Eve" not in window.session.view.seated_next
