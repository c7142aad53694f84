"""The Qt binding itself: a release whose calls drain None's reference count aborts the
app ("deallocating None") after a few thousand calls, e.g. while charting a long night."""

from __future__ import annotations

import sys

from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QLabel


def test_calls_that_return_nothing_leave_none_alone(qtbot: object) -> None:
    label, path = QLabel(), QPainterPath()
    before = sys.getrefcount(None)
    for number in range(500):
        label.setText("hand")
        path.lineTo(number, number)
    # Other references to None come and go; a leak would show as a drop of 1,000.
    assert sys.getrefcount(None) > before - 100
