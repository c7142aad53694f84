"""A night is named as people know it, by its league, date and table, never by the id
the database gave it: in the files the window offers to save it as, the window's
title, a message about it, and the list of deleted nights (a trial's report was
offered as `night-9.pdf`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from scorekeeper.store import night_import
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tonight import night_to_reopen, set_closed
from tests.sheet import night_doc
from ui import file_dialogs

SAFE = re.compile(r"[\w-]+\.(pdf|csv|json)")  # letters, digits and hyphens, and its ending


@pytest.fixture
def offered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The file names the save dialogs offer (each then cancelled)."""
    names: list[str] = []

    def save_file(_parent: Any, _title: str, suggested: str, _filter: str) -> str:
        names.append(Path(suggested).name)
        return ""

    monkeypatch.setattr(file_dialogs, "save_file", save_file)
    return names


def test_a_nights_files_are_offered_under_its_league_date_and_table(
    database, open_window, offered
) -> None:
    seed_sample_league(database)
    night_id = night_to_reopen(database)
    window = open_window(database, night_id)
    document = window.session.view.document
    assert (document["league"], document["date"]) == ("Tuesday Night League", "2026-11-03")
    stem = f"Tuesday-Night-League-2026-11-03-table-{document['table']}"
    window.menu_actions["print_night"].trigger()
    window.menu_actions["export_spreadsheet"].trigger()
    window.menu_actions["export_night"].trigger()
    assert offered == [f"{stem}.pdf", f"{stem}.csv", f"{stem}.json"]
    assert all(SAFE.fullmatch(name) for name in offered)
    assert str(night_id) not in window.windowTitle().replace("2026", "")


def test_a_night_of_no_league_or_date_is_named_by_who_played(
    database, open_window, offered
) -> None:
    """Nothing else to know it by: its players, in the title, a message and a file."""
    night_id = night_import.import_night(database, night_doc("classic-5", []))
    window = open_window(database, night_id)
    assert window.windowTitle().startswith("Ann, Bob, Cal, Dee, Eve — ")
    window.menu_actions["print_night"].trigger()
    assert offered == ["Ann-Bob-Cal-Dee-Eve.pdf"]


@pytest.mark.expects_errors
def test_a_message_about_a_closed_night_names_it_by_its_title(
    database, open_window, shown_errors
) -> None:
    """Another program closed the night meanwhile: the refusal names the night as the
    window's title does (a trial's said "night 9 is closed")."""
    seed_sample_league(database)
    night_id = night_to_reopen(database)
    window = open_window(database, night_id)
    set_closed(database, night_id=night_id, closed=True)  # another program, meanwhile
    title = window.session.view.title
    assert not window.attempt(window.session.leave, window.session.view.seated_next[0])
    assert shown_errors == [f"“{title}” is closed; reopen it to change who sits"]


def test_the_deleted_nights_are_listed_by_title(database, open_window, monkeypatch) -> None:
    seed_sample_league(database)
    night_id = night_to_reopen(database)
    window = open_window(database, night_id)
    title = window.session.view.title
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window.menu_actions["delete_night"].trigger()
    listed: list[list[str]] = []

    def choose(_parent: Any, _title: str, _label: str, labels: list[str], *_rest: Any):
        listed.append(labels)
        return "", False

    from ui import choose as choosing

    monkeypatch.setattr(choosing, "choose_item", choose)
    window.menu_actions["bring_back"].trigger()
    (labels,) = listed
    assert len(labels) == 1 and labels[0].startswith(f"{title} (")
    assert not labels[0].startswith(f"{night_id}:")
