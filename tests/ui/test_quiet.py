"""The work done after the first paint waits while the user acts (ui/quiet.py): an open
menu or dialog, or a key just pressed, holds each import step back, so that no menu is
frozen half open and no key is taken from where it was typed (a new user's trial:
Alt+F, Esc and a hand typed in the first second lost the hand)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QMenu

from ui import quiet


def _turns(count: int = 30) -> None:
    """Event-loop turns (the step's retries come at once: RETRY_MS is 0 here)."""
    for _ in range(count):
        QApplication.processEvents()


class Clock:
    """The time as the step sees it, moved by the test (no wall clock waited on)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(quiet, "RETRY_MS", 0)
    monkeypatch.setattr(quiet, "time", fake)
    monkeypatch.setattr(quiet.CLOCK, "last", 0.0)
    return fake


def test_a_step_runs_at_once_when_nobody_acts(qtbot: Any) -> None:
    done: list[str] = []
    quiet.when_quiet(lambda: done.append("loaded"))
    qtbot.waitUntil(lambda: done == ["loaded"])


def test_a_step_waits_while_a_dialog_is_open(qtbot: Any) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setModal(True)
    dialog.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dialog)
    done: list[str] = []
    quiet.when_quiet(lambda: done.append("loaded"))
    _turns()
    assert done == []
    dialog.close()
    qtbot.waitUntil(lambda: done == ["loaded"])


def test_a_step_waits_while_a_menu_is_open(qtbot: Any) -> None:
    menu = QMenu()
    qtbot.addWidget(menu)
    menu.addAction("Open night")
    menu.popup(menu.pos())
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    done: list[str] = []
    quiet.when_quiet(lambda: done.append("loaded"))
    _turns()
    assert done == []
    menu.close()
    qtbot.waitUntil(lambda: done == ["loaded"])


def test_a_step_waits_for_a_pause_in_the_typing(qtbot: Any, clock: Clock) -> None:
    field = QLineEdit()
    qtbot.addWidget(field)
    field.show()
    done: list[str] = []
    quiet.when_quiet(lambda: done.append("loaded"))
    qtbot.keyClicks(field, "74")  # heard by the clock: the step waits QUIET_MS
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    clock.now += (quiet.QUIET_MS - 1) / 1000
    _turns()
    assert done == [] and field.text() == "74"
    clock.now += 2 / 1000  # a pause as long as QUIET_MS
    qtbot.waitUntil(lambda: done == ["loaded"])  # then it runs
    assert quiet.CLOCK.pending == 0  # and the clock stops listening


def test_a_step_waits_while_a_dialog_called_up_by_a_key_is_open(qtbot: Any) -> None:
    """F1's help and Ctrl+O's chooser are not Qt-modal (ui/dialog_keys.py keeps them
    modal): the work waits for them all the same."""
    from PySide6.QtCore import QTimer

    from ui import dialog_keys

    under = QLineEdit()
    qtbot.addWidget(under)
    under.show()
    dialog = QDialog(under)
    done: list[str] = []
    seen: list[list[str]] = []

    def while_open() -> None:
        quiet.when_quiet(lambda: done.append("loaded"))
        _turns()
        seen.append(list(done))
        dialog.accept()

    QTimer.singleShot(0, while_open)
    dialog_keys.run(dialog, under)
    assert seen == [[]]  # nothing ran while it was open
    qtbot.waitUntil(lambda: done == ["loaded"])


def test_the_first_start_s_welcome_shown_whole_does_not_hold_a_step_back(qtbot: Any) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setProperty(quiet.WHOLE, True)
    dialog.setModal(True)
    dialog.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dialog)
    done: list[str] = []
    quiet.when_quiet(lambda: done.append("loaded"))
    qtbot.waitUntil(lambda: done == ["loaded"])
    assert dialog.isVisible()
