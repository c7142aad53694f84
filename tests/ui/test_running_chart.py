"""The night's running-totals chart reads right: each label on its axes is the number at
its tick, so a hand's number stands under that hand's point (the hand axis once read
0, 1, 2, 3, 5 under hands 0 to 5, its ticks falling between the hands)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCharts import QValueAxis
from PySide6.QtCore import Qt

from scorekeeper.store import night_import
from tests.sheet import night_doc, no_pick, pick

FIVE_HANDS = [
    pick("Ann", "Bob", points=74, tricks=4, dealer="Eve"),
    pick("Cal", "Dee", points=50, tricks=2, dealer="Ann"),
    pick("Eve", "Ann", points=91, tricks=5, dealer="Bob"),
    pick("Bob", "Cal", points=61, tricks=3, dealer="Cal"),
    pick("Dee", "Eve", points=30, tricks=1, dealer="Dee"),
]


def ticks(axis: QValueAxis) -> list[float]:
    """Where AXIS draws its ticks, and so its labels, whichever kind of ticks it has."""
    low, high = axis.min(), axis.max()
    if axis.tickType() == QValueAxis.TickType.TicksDynamic:
        step, anchor = axis.tickInterval(), axis.tickAnchor()
        first = anchor + math.ceil((low - anchor) / step) * step
        return [first + k * step for k in range(int((high - first) / step + 1e-9) + 1)]
    count = axis.tickCount()
    return [low + k * (high - low) / (count - 1) for k in range(count)]


def axes(window: Any) -> tuple[QValueAxis, QValueAxis]:
    chart = window.chart.view.chart()
    (hands,) = chart.axes(Qt.Orientation.Horizontal)
    (points,) = chart.axes(Qt.Orientation.Vertical)
    assert isinstance(hands, QValueAxis) and isinstance(points, QValueAxis)
    return hands, points


def whole(values: list[float]) -> bool:
    return all(value == int(value) for value in values)


def test_each_hand_number_stands_under_its_point(database, open_window, keyboard) -> None:
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", FIVE_HANDS))
    )
    hands, points = axes(window)
    assert whole(ticks(hands)) and whole(ticks(points))
    assert set(range(6)) <= set(ticks(hands))  # hand 0 (the start) to hand 5, each a tick
    assert hands.labelFormat() == "%d"

    keyboard.type("2474")  # hand 6 at the keyboard: the hand axis grows past hand 5
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()
    assert len(window.session.view.lines) == 6
    hands, points = axes(window)
    assert hands.max() >= 6 and whole(ticks(hands)) and whole(ticks(points))
    assert 6 in ticks(hands)


def test_a_night_of_no_points_yet_reads_whole_points(database, open_window) -> None:
    rules = {"preset": "classic-5", "no_pick": "doubler"}
    window = open_window(
        database, night_import.import_night(database, night_doc(rules, [no_pick()]))
    )
    hands, points = axes(window)
    assert points.min() <= 0 <= points.max()
    assert whole(ticks(points)) and whole(ticks(hands))  # not -1, -0.5, 0, 0.5, 1
