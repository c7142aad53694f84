"""The night screen's running-totals chart labels its axes at whole numbers only, each
at its own place (a night of 7 hands read 0, 2, 5, 7, 10 under ticks at 0, 2.5, 5, 7.5
and 10): the same promise as the printed chart's."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCharts import QValueAxis
from PySide6.QtCore import Qt

from scorekeeper.store import night_import
from tests.reports.test_reports import NAMES, night_document
from tests.sheet import night_doc, pick


def labelled_at(axis: QValueAxis) -> list[float]:
    """The values Qt writes a label at, as it places them: TickCount evenly from the
    axis' minimum to its maximum, or (TicksDynamic) every TickInterval from the anchor."""
    low, high = axis.min(), axis.max()
    if axis.tickType() == QValueAxis.TickType.TicksFixed:
        count = axis.tickCount()
        return [low + i * (high - low) / (count - 1) for i in range(count)]
    step, anchor = axis.tickInterval(), axis.tickAnchor()
    first = anchor + step * -(-(low - anchor) // step)
    return [first + i * step for i in range(int((high - first) // step) + 1)]


def assert_whole_and_distinct(axis: QValueAxis) -> None:
    values = labelled_at(axis)
    assert axis.labelFormat() == "%d"
    assert all(v == int(v) for v in values), values  # a label "%d" of 2.5 reads 2
    assert len(values) >= 2 and len(set(values)) == len(values)


@pytest.mark.parametrize("hands", [1, 3, 7, 12, 41])
def test_the_running_chart_labels_whole_hands_and_points(database, open_window, hands: int) -> None:
    night_id = night_import.import_night(database, night_document(NAMES, hands, seed=hands))
    window: Any = open_window(database, night_id)
    across, up = window.chart._axes
    assert across.max() >= hands
    assert_whole_and_distinct(across)
    assert_whole_and_distinct(up)


def test_a_hand_recorded_keeps_the_labels_whole(database, open_window, keyboard) -> None:
    hands = [pick("Bob", "Dee", points=74, tricks=4) for _ in range(4)]
    window: Any = open_window(
        database, night_import.import_night(database, night_doc("classic-5", hands))
    )
    for _ in range(3):  # the hands axis and the points axis both grow
        keyboard.type("2474")  # Bob picks, Dee partners, they take 74
        keyboard.press(Qt.Key.Key_Tab)  # the tricks proposed
        keyboard.enter()
    assert len(window.session.view.lines) == 7
    across, up = window.chart._axes
    assert_whole_and_distinct(across)
    assert_whole_and_distinct(up)
