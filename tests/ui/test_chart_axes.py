"""The night screen's running-totals chart labels its axes at whole numbers only, each
at its own place (a night of 7 hands read 0, 2, 5, 7, 10 under ticks at 0, 2.5, 5, 7.5
and 10): the same promise as the printed chart's."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PySide6.QtCore import Qt

from scorekeeper.store import night_import
from tests.reports.test_reports import NAMES, night_document
from tests.sheet import night_doc, pick


def assert_whole_and_even(ticks: list[int]) -> None:
    """Whole numbers, at least two, evenly spaced: each label is the number at its tick."""
    assert all(isinstance(t, int) for t in ticks), ticks
    assert len(ticks) >= 2 and len({b - a for a, b in itertools.pairwise(ticks)}) == 1


def chart_ticks(window: Any) -> tuple[list[int], list[int]]:
    window.tabs.setCurrentWidget(window.chart)
    layout = window.chart.chart_layout()
    return layout.across, layout.up


@pytest.mark.parametrize("hands", [1, 3, 7, 12, 41])
def test_the_running_chart_labels_whole_hands_and_points(database, open_window, hands: int) -> None:
    night_id = night_import.import_night(database, night_document(NAMES, hands, seed=hands))
    window: Any = open_window(database, night_id)
    across, up = chart_ticks(window)
    assert across[0] == 0 and across[-1] >= hands
    assert_whole_and_even(across)
    assert_whole_and_even(up)
    totals = [y for line in window.chart.lines().values() for _, y in line]
    assert up[0] <= min(totals) and up[-1] >= max(totals)


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
    across, up = chart_ticks(window)
    assert across[-1] >= 7
    assert_whole_and_even(across)
    assert_whole_and_even(up)
