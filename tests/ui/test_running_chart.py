"""The night's running-totals chart reads right: each label on its axes is the number at
its tick, so a hand's number stands under that hand's point (the hand axis once read
0, 1, 2, 3, 5 under hands 0 to 5, its ticks falling between the hands)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from scorekeeper.formatting import line_look
from scorekeeper.store import night_import
from tests.sheet import night_doc, no_pick, pick

FIVE_HANDS = [
    pick("Ann", "Bob", points=74, tricks=4, dealer="Eve"),
    pick("Cal", "Dee", points=50, tricks=2, dealer="Ann"),
    pick("Eve", "Ann", points=91, tricks=5, dealer="Bob"),
    pick("Bob", "Cal", points=61, tricks=3, dealer="Cal"),
    pick("Dee", "Eve", points=30, tricks=1, dealer="Dee"),
]


def shown(window: Any) -> Any:
    window.tabs.setCurrentWidget(window.chart)
    return window.chart.chart_layout()


def test_each_hand_number_stands_under_its_point(database, open_window, keyboard) -> None:
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", FIVE_HANDS))
    )
    chart = window.chart
    layout = shown(window)
    assert layout.across == [0, 1, 2, 3, 4, 5]  # hand 0 (the start) to hand 5, each a tick
    ann = chart.lines()["Ann"]
    assert [hand for hand, _ in ann] == [0, 1, 2, 3, 4, 5]
    assert ann[1:] == list(
        enumerate((r["Ann"] for r in window.session.view.result.running_points()), start=1)
    )
    for hand, total in ann:  # the label of hand N is where hand N's point is drawn
        assert chart.point_at(layout, hand, total).x() == chart.point_at(layout, hand, 0).x()

    keyboard.type("2474")  # hand 6 at the keyboard: the hand axis grows past hand 5
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.enter()
    assert len(window.session.view.lines) == 6
    layout = shown(window)
    assert 6 in layout.across and all(len(line) == 7 for line in chart.lines().values())
    totals = window.session.view.result.total_points
    assert {name: line[-1] for name, line in chart.lines().items()} == {
        name: (6, points) for name, points in totals.items()
    }


def test_a_night_of_no_points_yet_reads_whole_points(database, open_window) -> None:
    rules = {"preset": "classic-5", "no_pick": "doubler"}
    window = open_window(
        database, night_import.import_night(database, night_doc(rules, [no_pick()]))
    )
    layout = shown(window)
    assert layout.up[0] <= 0 <= layout.up[-1]
    assert layout.up == [0, 1] and layout.across == [0, 1]  # not -1, -0.5, 0, 0.5, 1


def test_the_chart_tab_clicked_before_its_panel_is_made_shows_the_night(
    database, open_window
) -> None:
    """The first screen is shown without the Chart and Settle up tabs' panels (they are
    made once it is painted: MainWindow.make_panels); a tab chosen before then shows its
    panel at once, on the night shown, and stays the tab chosen."""
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", FIVE_HANDS))
    )
    window.tabs.setCurrentIndex(1)  # as a click on the tab does
    assert window.tabs.currentIndex() == 1
    chart = window.tabs.currentWidget()
    assert chart is window.chart
    assert {name: points[-1] for name, points in chart.lines().items()} == {
        player: (5, total) for player, total in window.session.view.result.total_points.items()
    }
    window.tabs.setCurrentIndex(2)
    assert window.tabs.currentWidget() is window.settlement
    assert window.settlement.model.rowCount() == len(window.session.view.result.settlement) > 0


def test_a_player_is_drawn_in_the_colour_the_pdfs_give_them(database, open_window, qtbot) -> None:
    """On a night of the sample league, each line of the Chart tab has the colour and
    dash of that player on the night's and the league's printed charts (their place in
    the league's roster), not of their seat; and the player page's balance likewise."""
    from scorekeeper.reports import build
    from scorekeeper.sample import SAMPLE_LEAGUE
    from scorekeeper.store.seed import seed_sample_league
    from ui.league.window import LeagueWindow

    night_id = seed_sample_league(database)[1]
    window = open_window(database, night_id)
    shown(window)
    chart = window.chart
    printed = {
        n: look for n, _points, look in build.night_data(db=database, night_id=night_id).running
    }
    assert set(printed) == set(chart.lines())
    for name, (colour, dash) in printed.items():
        pen = chart.look(name)
        assert (pen.color().name(), tuple(pen.dashPattern()) or None) == (colour, dash), name
    seats = list(chart.lines())  # in seat order: a seat's look is not the player's
    assert any(printed[name] != line_look(seat) for seat, name in enumerate(seats))

    league = LeagueWindow(database, SAMPLE_LEAGUE)
    qtbot.addWidget(league)
    league.tabs.setCurrentWidget(league.player_tab)
    name = seats[-1]
    league.player_tab.player.setCurrentText(name)
    pen = league.player_tab.balance_chart.look(name)
    assert pen.color().name() == printed[name][0]
