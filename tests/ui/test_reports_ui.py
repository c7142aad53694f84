"""Printing from the app: the night report, a cancelled report, the league's reports,
and Alt letters in the league window that each mean one thing."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from scorekeeper.formatting import money
from scorekeeper.store.night_reads import night_result
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tonight import night_to_reopen
from ui import file_dialogs
from ui.league.window import LeagueWindow


@pytest.fixture
def save_to(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The save dialog answers with a file in the test's folder; "open it?" with No."""
    target = tmp_path / "report.pdf"
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: str(target))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    return target


def text_of(path: Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_printing_the_night_writes_its_report(database, open_window, save_to) -> None:
    seed_sample_league(database)
    night_id = night_to_reopen(database)
    window = open_window(database, night_id)
    window.menu_actions["print_night"].trigger()
    text = text_of(save_to)
    for payment in night_result(database, night_id=night_id).settlement:
        assert f"{payment.payer} pays {payment.payee} {money(payment.cents, 'USD')}" in text


def test_a_cancelled_report_writes_nothing(database, open_window, save_to, monkeypatch) -> None:
    seed_sample_league(database)
    window = open_window(database, night_to_reopen(database))
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: True)
    window.menu_actions["print_night"].trigger()
    assert not save_to.exists() and not list(save_to.parent.glob("*.partial"))


def test_the_league_window_prints_the_league_and_a_statement(database, qtbot, save_to) -> None:
    seed_sample_league(database)
    window = LeagueWindow(database, "Tuesday Night League")
    qtbot.addWidget(window)
    window.print_league()
    assert "Standings" in text_of(save_to)
    window.tabs.setCurrentIndex(1)
    window.player_tab.player.setCurrentText("Bob")
    window.print_statements()
    text = text_of(save_to)
    assert "Statement: Bob" in text and "Statement: Ann" not in text


def test_no_two_controls_of_the_league_window_share_an_alt_letter(database, qtbot) -> None:
    """Those shown together: the period, printing and the tab names always, and one tab's
    controls at a time (Qt ignores the Alt+letter of a control on a tab not shown)."""
    seed_sample_league(database)
    window = LeagueWindow(database, "Tuesday Night League")
    qtbot.addWidget(window)
    pages = [window.tabs.widget(i) for i in range(window.tabs.count())]

    def texts(widgets: list[Any]) -> list[str]:
        found = [w.text() for w in widgets if isinstance(w, QAbstractButton)]
        return found + [w.text() for w in widgets if isinstance(w, QLabel) and w.buddy()]

    everything = window.findChildren(QWidget)
    always = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    always += texts([w for w in everything if not any(p.isAncestorOf(w) for p in pages)])
    for page in pages:
        shown = always + texts(page.findChildren(QWidget))
        letters = [m.group(1).lower() for t in shown if (m := re.search(r"&(\w)", t))]
        assert len(letters) == len(set(letters)), sorted(letters)


def test_the_pad_printed_at_a_schafkopf_night_is_a_schafkopf_pad(
    database, open_window, save_to, monkeypatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    from scorekeeper.store.night_import import import_night
    from tests.sheet import night_doc

    four = ["Ann", "Bob", "Cal", "Dee"]
    window = open_window(database, import_night(database, night_doc("schafkopf", [], four)))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (k["text"], True))
    window.menu_actions["print_pad"].trigger()
    text = text_of(save_to)
    assert "Schafkopf score pad" in text and "Declarer" in text
    assert "Sheepshead" not in text and "Picker" not in text


@pytest.mark.parametrize("documents", ["", "missing"])
def test_a_report_is_offered_in_the_home_folder_when_there_is_no_documents_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, qtbot: Any, documents: str
) -> None:
    """No Documents folder (none named, or not there): the save dialog starts in the
    home folder, never in the folder the app was started from (a trial: the checkout)."""
    from PySide6.QtCore import QStandardPaths

    from ui import reports

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    named = "" if not documents else str(tmp_path / documents)
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda *_: named)
    offered: list[str] = []
    monkeypatch.setattr(
        file_dialogs, "save_file", lambda _parent, _title, start, _kinds: offered.append(start)
    )
    parent = QWidget()
    qtbot.addWidget(parent)
    assert reports.ask_where(parent, "night-1.pdf") is None
    assert offered == [str(home / "night-1.pdf")]
