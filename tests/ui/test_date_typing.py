"""A date typed as people type one (found in a trial): in Start a night, `11/3/2026`
typed over the date read 11/3/3202 (the field went on to the day by itself after
`11`, and the `/` then skipped to the year), and Tab moved from the month to the day
instead of on to the players, where the names typed next were lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QDate, QLocale, Qt
from PySide6.QtWidgets import QApplication

from ui.language import date_format
from ui.start_dialog import StartNightDialog


@pytest.fixture
def american() -> Iterator[None]:
    """Dates as written in the United States, 'M/d/yyyy': a month of two digits first."""
    before = QLocale()
    QLocale.setDefault(QLocale("en_US"))
    yield
    QLocale.setDefault(before)


def test_a_date_typed_with_its_separators_reads_as_typed(
    qtbot: Any, keyboard: Any, american: None
) -> None:
    dialog = StartNightDialog(["Ann", "Bob"], [])
    assert dialog.date.displayFormat() == "M/d/yyyy"
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.date.setFocus()
    dialog.date.setSelectedSection(dialog.date.sectionAt(0))  # as the field takes focus
    wanted = QDate(2026, 11, 3)
    keyboard.type(wanted.toString(date_format()))  # '11/3/2026' in American English
    assert dialog.date.date() == wanted
    keyboard.press(Qt.Key.Key_Tab)  # on to the next field, not the date's next part
    assert QApplication.focusWidget() is not dialog.date
    assert not dialog.date.isAncestorOf(QApplication.focusWidget())
