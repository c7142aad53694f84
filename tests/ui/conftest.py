"""The UI tests: remembered settings in a temporary folder, real SQLite databases, and a
keyboard that types into whatever has the focus and counts its keys."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from scorekeeper.store.database import Database, open_database
from ui import dialog_keys
from ui.app import identify
from ui.language import apply_language
from ui.main_window import MainWindow
from ui.session import NightSession


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path) -> Iterator[None]:
    """QSettings (window geometry, last choices) in this test's own folder."""
    identify()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    yield


@pytest.fixture(autouse=True)
def shown_errors(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[list[str]]:
    """Error messages the app would show, recorded instead of a modal box; a test that
    does not expect any fails if one appears."""
    from ui import errors

    shown: list[str] = []
    monkeypatch.setattr(errors, "show_error", lambda message, *_: shown.append(message))
    yield shown
    if "expects_errors" not in request.keywords:
        assert shown == [], shown


@pytest.fixture
def german(qapp: QApplication) -> Iterator[None]:
    """The app speaking German, Qt's own words too (the windows made after it); English
    again after."""
    apply_language(qapp, "de")
    yield
    apply_language(qapp, "en")


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    db = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    yield db
    db.dispose()


@pytest.fixture
def open_window(qtbot: Any) -> Callable[[Database, int | None], MainWindow]:
    """The night screen on a night (or none), shown and active, the entry focused."""

    def make(db: Database, night_id: int | None) -> MainWindow:
        session = NightSession(db)
        session.open(night_id)
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        window.focus_entry()
        return window

    return make


class Keyboard:
    """Keys to whatever widget has the focus, as a person at the keyboard would; counts
    every key pressed (a modifier combination counts as one)."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot
        self.count = 0

    def focused(self) -> QWidget:
        self.qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=3000)
        widget = QApplication.focusWidget()
        assert widget is not None
        return widget

    def type(self, text: str) -> None:
        for char in text:
            self.qtbot.keyClick(self.focused(), char)
            self.count += 1

    def press(
        self, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        self.qtbot.keyClick(self.focused(), key, modifiers)
        self.count += 1

    def enter(self) -> None:
        self.press(Qt.Key.Key_Return)

    def ctrl(self, key: Qt.Key, shift: bool = False) -> None:
        modifiers = Qt.KeyboardModifier.ControlModifier
        if shift:
            modifiers |= Qt.KeyboardModifier.ShiftModifier
        self.press(key, modifiers)

    def alt(self, key: Qt.Key) -> None:
        self.press(key, Qt.KeyboardModifier.AltModifier)

    def in_next_dialog(self, action: Callable[[], None]) -> None:
        """Run ACTION (more keys) in the modal dialog that the next key press opens (by
        Qt's modality, or kept modal by ui/dialog_keys.py)."""

        def when_open() -> None:
            dialog = QApplication.activeModalWidget() or dialog_keys.current()
            if dialog is None or QApplication.activeWindow() is not dialog:
                QTimer.singleShot(10, when_open)  # wait for the dialog to take the keyboard
                return
            action()

        QTimer.singleShot(0, when_open)


@pytest.fixture
def keyboard(qtbot: Any) -> Keyboard:
    return Keyboard(qtbot)


def retype(window: MainWindow, keyboard: Keyboard, row: int, **fields: str) -> None:
    """Hand ROW opened with F2, each of FIELDS (the form's field: its new text) typed
    over what it holds, then Enter."""
    window.sheet.setCurrentIndex(window.model.index(row, 0))
    keyboard.press(Qt.Key.Key_F2)
    for name, text in fields.items():
        field = getattr(window.entry, name)
        field.setFocus()
        field.selectAll()
        keyboard.type(text)
    keyboard.enter()
