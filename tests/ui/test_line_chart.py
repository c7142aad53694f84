"""The chart drawn with QPainter (ui.line_chart): what it computes and what it paints.

Its axes are labelled at whole numbers, each label at its own value's place; each line
is drawn in its own colour and dash; the legend names every line as typed, in rows
that stay inside the chart; and a grab of it holds each line's colour where its points
are."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage

from scorekeeper.formatting import line_look, short_date
from scorekeeper.ledger import BalancePoint
from ui.league.chart import BalanceChart
from ui.line_chart import Axis, LineChart

EIGHT = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "<b>Hank</b>"]


def chart_of(qtbot: Any, lines: list[tuple[str, list[tuple[int, int]]]], size=(480, 320)):
    chart = LineChart(Axis("Hand"), Axis("Points"), name="chart", empty="Nothing yet.")
    qtbot.addWidget(chart)
    chart.resize(*size)
    chart.set_lines("Running totals", lines)
    return chart


def running(hands: int, players: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """PLAYERS lines over HANDS hands, of uneven whole totals around 0."""
    return [
        (EIGHT[p], [(h, (h * (p + 3) * 7) % 41 - 20 + p) for h in range(hands + 1)])
        for p in range(players)
    ]


def near(image: QImage, where: Any, colour: str, reach: int = 3) -> bool:
    """Whether a pixel within REACH of WHERE is (close to) COLOUR."""
    want = QColor(colour)
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            pixel = image.pixelColor(QPoint(round(where.x()) + dx, round(where.y()) + dy))
            if (
                sum(abs(a - b) for a, b in zip(pixel.getRgb()[:3], want.getRgb()[:3], strict=True))
                < 60
            ):
                return True
    return False


@pytest.mark.parametrize("hands", [1, 3, 7, 12, 41, 1000])
@pytest.mark.parametrize("size", [(300, 220), (480, 320), (1000, 500)])
def test_every_label_is_a_whole_number_at_its_place(qtbot, hands: int, size) -> None:
    chart = chart_of(qtbot, running(hands, 5), size)
    layout = chart.chart_layout()
    values = [y for _, line in chart.lines().items() for _, y in line]
    for ticks, low, high in ((layout.across, 0, hands), (layout.up, min(values), max(values))):
        assert all(isinstance(t, int) for t in ticks)
        assert len(ticks) >= 2 and ticks == sorted(set(ticks))  # distinct, in order
        assert ticks[0] <= low and ticks[-1] >= high  # every point on the plot
        steps = {b - a for a, b in itertools.pairwise(ticks)}
        assert len(steps) == 1  # evenly spaced: each label at its own value
    plot = layout.plot
    assert chart.point_at(layout, layout.across[0], 0).x() == pytest.approx(plot.left())
    assert chart.point_at(layout, layout.across[-1], 0).x() == pytest.approx(plot.right())
    assert chart.point_at(layout, 0, layout.up[0]).y() == pytest.approx(plot.bottom())
    assert chart.point_at(layout, 0, layout.up[-1]).y() == pytest.approx(plot.top())
    assert chart.rect().toRectF().contains(plot)


def test_the_hand_labels_fit_side_by_side(qtbot) -> None:
    """However narrow the chart, its labels under the plot never touch: fewer of them."""
    from PySide6.QtGui import QFontMetrics

    for width in (260, 320, 480, 800):
        chart = chart_of(qtbot, running(1000, 3), (width, 300))
        layout = chart.chart_layout()
        metrics = QFontMetrics(chart.font())
        places = [chart.point_at(layout, v, 0).x() for v in layout.across]
        widths = [metrics.horizontalAdvance(str(v)) for v in layout.across]
        for (x1, w1), (x2, w2) in itertools.pairwise(zip(places, widths, strict=True)):
            assert x2 - w2 / 2 > x1 + w1 / 2 + 4


def test_a_grab_shows_each_line_in_its_colour_where_its_points_are(qtbot) -> None:
    lines = running(7, 3)
    chart = chart_of(qtbot, lines)
    image = chart.grab().toImage()
    layout = chart.chart_layout()
    assert len({image.pixel(x, y) for x in range(0, 480, 7) for y in range(0, 320, 7)}) > 3
    for number, (name, points) in enumerate(lines):
        colour, _ = line_look(number)
        assert chart.look(name).color().name() == colour
        # the line's first stroke, before any dash's gap: the point at hand 0
        start = chart.point_at(layout, *points[0])
        after = chart.point_at(layout, *points[1])
        assert near(image, start * 0.9 + after * 0.1, colour), name


def test_the_legend_names_every_line_as_typed_inside_the_chart(qtbot) -> None:
    chart = chart_of(qtbot, running(4, 8), (300, 320))
    layout = chart.chart_layout()
    assert [shown for shown, _ in layout.legend] == EIGHT  # '<b>Hank</b>' as typed
    rows = {round(room.top()) for _, room in layout.legend}
    assert len(rows) > 1  # eight names do not fit one row of 300 pixels: they wrap
    inside = chart.rect().toRectF()
    for _, room in layout.legend:
        assert inside.contains(room)
        assert room.top() >= layout.plot.bottom()  # under the plot and its labels
    for (_, a), (_, b) in zip(layout.legend, layout.legend[1:], strict=False):
        assert not a.intersects(b)
    pens = {(chart.look(n).color().name(), tuple(chart.look(n).dashPattern())) for n in EIGHT}
    assert len(pens) == 8  # eight players told apart


def test_only_a_name_wider_than_the_chart_is_shortened(qtbot) -> None:
    long = "Maximiliane Theodora von und zu Hohenzollern-Sigmaringen"
    chart = chart_of(qtbot, [(long, [(0, 0), (1, 5)]), ("Bob", [(0, 0), (1, -5)])], (260, 220))
    shown = [name for name, _ in chart.chart_layout().legend]
    assert shown[0] != long and shown[0].endswith("…") and shown[1] == "Bob"
    chart.resize(900, 300)
    assert [name for name, _ in chart.chart_layout().legend] == [long, "Bob"]


def test_no_point_lies_on_the_edge_of_the_plot(qtbot) -> None:
    """A total at a multiple of the step (-10, 20) is not drawn on the plot's edge, where
    it would read as a line cut off; the line starting at 0 may start on it."""
    chart = chart_of(qtbot, [("Ann", [(0, 0), (1, -10), (2, 20)]), ("Bob", [(0, 0), (1, 5)])])
    layout = chart.chart_layout()
    assert layout.up[0] < -10 and layout.up[-1] > 20
    chart.set_lines("Balance", [("Bob", [(0, 0), (1, 300), (2, 200)])])
    assert chart.chart_layout().up[0] == 0  # nothing below 0: no room made under it


def test_a_point_added_extends_each_line(qtbot) -> None:
    chart = chart_of(qtbot, running(5, 2))
    chart.extend(6, {"Ann": 30, "Bob": -30})
    lines = chart.lines()
    assert lines["Ann"][-1] == (6, 30) and lines["Bob"][-1] == (6, -30)
    layout = chart.chart_layout()
    assert layout.across[-1] >= 6 and layout.up[0] <= -30 and layout.up[-1] >= 30


def test_a_chart_of_nothing_says_so(qtbot) -> None:
    chart = chart_of(qtbot, [])
    assert chart.chart_layout().across == []
    chart.grab()  # paints without an axis to draw


def test_the_balance_chart_reads_dates_and_whole_dollars(qtbot) -> None:
    chart = BalanceChart()
    qtbot.addWidget(chart)
    chart.resize(600, 320)
    history = [
        BalancePoint(dt.date(2024, 3, 1), 250, "night"),
        BalancePoint(None, 999_99, "undated"),
        BalancePoint(dt.date(2024, 3, 8), -1_175, "night"),
        BalancePoint(dt.date(2024, 4, 2), 0, "paid"),
    ]
    chart.show_balance("Bob", history, "USD")
    (line,) = chart.lines().values()
    days = [dt.date(2024, 3, 1), dt.date(2024, 3, 8), dt.date(2024, 4, 2)]
    assert line == list(zip([d.toordinal() for d in days], [250, -1175, 0], strict=True))
    layout = chart.chart_layout()
    assert layout.up[0] <= -1175 and layout.up[-1] >= 250
    assert all(tick % 100 == 0 for tick in layout.up)  # at whole dollars
    assert [chart.up.label(tick) for tick in layout.up if tick >= 0][:2] == ["$0.00", "$5.00"]
    labels = [chart.across.label(day) for day in layout.across]
    assert labels == [short_date(dt.date.fromordinal(day)) for day in layout.across]
    assert chart.title == "Balance over time: Bob"
    chart.show_balance("Bob", history, "EUR")  # the league's currency
    assert chart.up.label(500) == "€5.00"


def test_a_balance_of_one_day_is_a_marker_with_its_value_not_a_stroke(qtbot) -> None:
    """A league of one closed night, paid in part the same day: the balance chart shows
    the day's closing balance as a marker in the middle of the plot, its value written
    above it, the day alone under it (a trial's chart was a vertical stroke from the
    night's balance to the payment's at the plot's left edge)."""
    chart = BalanceChart()
    qtbot.addWidget(chart)
    chart.resize(600, 320)
    day = dt.date(2026, 11, 17)
    history = [BalancePoint(day, -100, "night"), BalancePoint(day, -50, "paid Cal")]
    chart.show_balance("Bob", history, "USD")
    layout = chart.chart_layout()
    assert [chart.across.label(x) for x in layout.across] == [short_date(day)]
    image = chart.grab().toImage()
    colour, _dash = line_look(0)
    middle = layout.plot.center().x()
    marker = chart.point_at(layout, day.toordinal(), -50)
    assert abs(marker.x() - middle) < 1
    assert near(image, marker, colour)
    night = chart.point_at(layout, day.toordinal(), -100)
    assert not near(image, night, colour)  # no stroke down to the night's balance
    assert not near(image, chart.point_at(layout, day.toordinal() - 1, -50), colour, 6)


def test_points_at_one_x_stand_side_by_side_each_in_its_colour(qtbot) -> None:
    """Several lines of one point each (a league of one night): a marker each, in its
    colour, side by side in the order of the lines, none hiding another."""
    lines = [(name, [(1, 5 * i)]) for i, name in enumerate(EIGHT[:4])]
    chart = chart_of(qtbot, lines)
    layout = chart.chart_layout()
    assert layout.across == [1]
    image = chart.grab().toImage()
    found = []
    for name, [(x, value)] in lines:
        row = chart.point_at(layout, x, value).y()
        colour = chart.look(name).color().name()
        xs = [
            left
            for left in range(int(layout.plot.left()), int(layout.plot.right()))
            if near(image, QPoint(left, round(row)), colour, reach=0)
        ]
        assert xs, name
        found.append(sum(xs) / len(xs))
    assert found == sorted(found) and min(b - a for a, b in itertools.pairwise(found)) > 20
