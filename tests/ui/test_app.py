"""The app opens on the sample night and its sheet matches the core's numbers."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget

from scorekeeper.document import load_night
from scorekeeper.night import score_night
from scorekeeper.sample import sample_night_document
from ui.app import SheetWindow, parse_arguments


def test_the_sheet_shows_the_core_totals_that_sum_to_zero(qtbot) -> None:
    night, _ = load_night(sample_night_document())
    assert night is not None
    result = score_night(night)
    window = SheetWindow(result, "Sample night")
    qtbot.addWidget(window)
    table = window.findChild(QTableWidget)
    totals_row = len(result.hands)
    shown = [int(table.item(totals_row, c).text()) for c in range(len(result.players))]
    assert shown == [result.total_points[p] for p in result.players]
    assert sum(shown) == 0
    assert table.item(0, 1).toolTip() == result.hands[0].explanation


def test_the_database_comes_from_the_argument_or_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", "sqlite:///from-env.db")
    assert parse_arguments([]).database == "sqlite:///from-env.db"
    assert parse_arguments(["--database", "sqlite:///x.db"]).database == "sqlite:///x.db"
