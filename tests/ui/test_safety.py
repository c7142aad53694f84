"""Safe by default: a killed app loses no hand it showed, and reopens on that night;
every change, starting the night and seat changes included, can be undone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt

from scorekeeper.games import preset_rules
from scorekeeper.store import night_import, night_reads
from scorekeeper.store.database import open_database
from scorekeeper.store.tonight import night_payments
from tests.sheet import night_doc

ROOT = Path(__file__).resolve().parents[2]


def test_killing_the_app_loses_no_recorded_hand(tmp_path: Path, open_window) -> None:
    url = f"sqlite:///{tmp_path / 'night.sqlite3'}"
    db = open_database(url)
    other = night_import.import_night(db, night_doc("classic-5", []))
    night_id = night_import.import_night(db, night_doc("classic-5", []))  # changed last: reopened
    db.dispose()
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.ui.drive_app", url, str(tmp_path / "settings")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().split() == ["opened", str(night_id)]
    shown = [int(process.stdout.readline().split()[1]) for _ in range(12)]
    assert shown == list(range(1, 13))
    os.kill(process.pid, signal.SIGKILL)
    process.wait()

    reopened = open_database(url)
    window = open_window(reopened, None)  # as the app does: the night to reopen
    from scorekeeper.store.tonight import night_to_reopen

    window.session.open(night_to_reopen(reopened))
    assert window.session.night_id == night_id != other
    lines = window.session.view.lines
    assert len(lines) >= 12
    assert all(line.record["picker"] == "Bob" and line.record["points"] == 74 for line in lines)
    assert window.model.rowCount() == len(lines) + 2
    reopened.dispose()


def test_starting_a_night_and_a_seat_change_can_be_undone(
    qtbot, database, open_window, keyboard
) -> None:
    window = open_window(database, None)
    session = window.session
    session.start_night(
        players=["Ann", "Bob", "Cal", "Dee", "Eve"], rules=preset_rules("classic-5")
    )
    started = session.night_id
    session.join("Fay", after="Cal")
    assert session.view.seated_next == ("Ann", "Bob", "Cal", "Fay", "Dee", "Eve")
    window.back_to_entry()
    keyboard.ctrl(Qt.Key.Key_Z)  # Fay's seat goes
    assert session.view.seated_next == ("Ann", "Bob", "Cal", "Dee", "Eve")
    keyboard.ctrl(Qt.Key.Key_Z)  # the night itself goes
    assert session.night_id is None and night_reads.list_nights(database) == []
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)  # and comes back
    assert session.night_id == started  # the same night, with its history
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert "Fay" in session.view.seated_next
    session.leave("Ann")
    assert "Ann" not in session.view.seated_next
    keyboard.ctrl(Qt.Key.Key_Z)
    assert session.view.seated_next[0] == "Ann"  # back in her own seat


def test_settling_up_marks_payments_and_closes_the_night(qtbot, database, open_window) -> None:
    document = night_doc(
        {"preset": "classic-5", "stake_cents": 25},
        [
            {"type": "pick", "picker": "Bob", "partners": ["Dee"], "points": 74, "tricks": 4},
            {"type": "leaster", "winner": "Cal"},
        ],
    )
    night_id = night_import.import_night(database, document)
    window = open_window(database, night_id)
    panel = window.settlement
    texts = [
        panel.model.index(r, 0).data() + " " + panel.model.index(r, 1).data()
        for r in range(panel.model.rowCount())
    ]
    assert texts == [
        f"{p.payer} pays {p.payee} ${p.cents // 100}.{p.cents % 100:02d}"
        for p in window.session.view.result.settlement
    ]
    assert "Ann pays Cal $0.50" in texts
    panel.table.selectRow(0)
    qtbot.mouseClick(panel.mark, Qt.MouseButton.LeftButton)
    assert len(night_payments(database, night_id=night_id)) == 1
    assert panel.model.index(0, 2).data() == "paid ✓"
    qtbot.mouseClick(panel.closer, Qt.MouseButton.LeftButton)
    assert window.session.view.closed and not window.entry.isEnabled()
    assert "(closed)" in window.windowTitle()
    qtbot.mouseClick(panel.closer, Qt.MouseButton.LeftButton)  # reopen to fix a mistake
    assert not window.session.view.closed and window.entry.isEnabled()
