"""The welcome's buttons by the keyboard: Enter starts a night, and on the other button
(Tab to it) Enter presses that one (a trial: Tab to Close, Enter, and the welcome stayed
open; only Esc closed it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from ui.help import WelcomeDialog


@pytest.mark.parametrize("sample", [True, False])
def test_enter_presses_the_button_with_the_focus(qtbot, sample: bool) -> None:
    said: list[str] = []
    for tab_to_the_other in (False, True):
        dialog = WelcomeDialog(sample=sample)
        qtbot.addWidget(dialog)
        dialog.accepted.connect(lambda: said.append("start"))
        dialog.rejected.connect(lambda: said.append("close"))
        dialog.show()
        start, other = dialog.findChildren(QPushButton)
        focused = other if tab_to_the_other else start
        focused.setFocus()
        QTest.keyClick(focused, Qt.Key.Key_Return)
        assert not dialog.isVisible()
    assert said == ["start", "close"]
