"""A line chart drawn with QPainter: the night's running totals and a player's balance.

Lines of whole numbers (hands, points, days, cents), each axis labelled at whole
numbers only (`formatting.whole_ticks`, as the printed charts are), every label under
(or beside) its own place, as many as fit without touching.  Each line has the colour
and dash pattern of the printed charts (`formatting.player_looks`: a player's, the same
on every chart of their league); the legend under the
plot names every line in plain text (a name is never read as markup) and wraps, so no
name is cut short unless it alone is wider than the chart.  Qt's own charts (QtCharts,
in PySide6-Addons) are not needed: docs/decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from scorekeeper.formatting import Look, marker_offsets, player_looks, single_x, whole_ticks

MARGIN = 8  # around the whole chart
TICK = 4  # a tick mark's length
SAMPLE = 30  # the line drawn before a name in the legend
LINE_WIDTH = 2
DOT, DOT_ROOM = 2.5, 10  # each point's dot, drawn while points are this far apart
MARKER = 5  # the dot of a chart whose points share one x, with its value above it
MARKER_SPREAD = 0.8  # how far apart such markers stand, of the room either side
MOST_ACROSS = 10  # the most labels under the plot, however wide
MOST_UP = 8  # and beside it
PAPER = QColor("#ffffff")  # the chart reads as on paper, whatever the desktop's theme
INK = QColor("#222222")
GRID = QColor("#e4e7ec")
FAINT = QColor("#6b7280")

Point = tuple[int, int]


@dataclass(frozen=True)
class Axis:
    """How one axis reads: its title, a label for a value, and the unit its labels are
    whole multiples of (a balance in cents labelled at whole dollars: 100)."""

    title: str
    label: Callable[[int], str] = str
    unit: int = 1


@dataclass(frozen=True)
class ChartLayout:
    """Where each part of the chart goes at one size: the plot, the ticks of each axis,
    and each legend entry's place (the name as drawn, perhaps shortened); SINGLE, the
    one x of every point when they share one (`formatting.single_x`): drawn as a
    marker a line with its value, in the middle of the plot."""

    plot: QRectF
    across: list[int]
    up: list[int]
    legend: list[tuple[str, QRectF]]
    single: float | None = None

    @property
    def span(self) -> tuple[float, float]:
        """The x at the plot's left and right edges: one x in the middle of its own."""
        if self.single is not None:
            return self.single - 1, self.single + 1
        return self.across[0], self.across[-1]


class LineChart(QWidget):
    """Named lines of whole-number points, on whole-number axes, with a legend."""

    def __init__(self, across: Axis, up: Axis, *, name: str, empty: str = "") -> None:
        super().__init__()
        self.across, self.up = across, up
        self.title = ""
        self.empty = empty  # said where the plot would be while no line has a point
        self._lines: dict[str, list[Point]] = {}
        self._looks: dict[str, Look] = {}
        self.setAccessibleName(name)
        self.setMinimumSize(260, 200)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(480, 320)

    # -- the data --------------------------------------------------------------------

    def set_lines(
        self,
        title: str,
        lines: Sequence[tuple[str, Sequence[Point]]],
        roster: Sequence[str] = (),
    ) -> None:
        """Chart LINES (each a name and its points, in order) under TITLE, each player's
        line in their look: their place in ROSTER (their league's players), as on paper
        (`formatting.player_looks`); with no roster, the first line has the first look."""
        self.title = title
        self._lines = {name: list(points) for name, points in lines}
        self._looks = player_looks(list(self._lines), roster)
        self.setAccessibleDescription(", ".join(self._lines))
        self.update()

    def extend(self, x: int, values: Mapping[str, int]) -> None:
        """One point more at X on each line, at its value in VALUES."""
        for name, points in self._lines.items():
            points.append((x, values[name]))
        self.update()

    def lines(self) -> dict[str, list[Point]]:
        """Each line's points, by its name."""
        return {name: list(points) for name, points in self._lines.items()}

    def look(self, name: str) -> QPen:
        """The pen NAME's line is drawn with (and its legend sample)."""
        colour, dash = self._looks[name]
        pen = QPen(QColor(colour), LINE_WIDTH)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        if dash:
            pen.setDashPattern(list(dash))
        return pen

    # -- the layout ------------------------------------------------------------------

    def _extent(self) -> tuple[int, int, int, int] | None:
        """The smallest and largest x and y of every point (0 always among the y: a
        total's sign reads at a glance); None with no point."""
        points = [p for line in self._lines.values() for p in line]
        if single_x(self._lines.values()) is not None:  # each line's last value is shown
            points = [line[-1] for line in self._lines.values() if line]
        if not points:
            return None
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), max(xs), min(0, *ys), max(0, *ys)

    def chart_layout(self) -> ChartLayout:
        """Where everything goes at the widget's present size."""
        width, height = self.width(), self.height()
        metrics = QFontMetrics(self.font())
        line_height = metrics.height()
        legend, legend_height = self._legend(metrics, width)
        top = MARGIN + (self._title_metrics().height() + 6 if self.title else 0)
        bottom = height - MARGIN - legend_height - 2 * line_height - TICK - 4
        extent = self._extent()
        if extent is None:
            plot = QRectF(MARGIN, top, max(1, width - 2 * MARGIN), max(1, bottom - top))
            return ChartLayout(plot, [], [], legend)
        low_x, high_x, low_y, high_y = extent
        most_up = max(2, min(MOST_UP, int((bottom - top) // (2.2 * line_height)) + 1))
        up = _ticks(low_y, high_y, self.up.unit, most_up, room=True)
        label_width = max(metrics.horizontalAdvance(self.up.label(v)) for v in up)
        left = MARGIN + line_height + 4 + label_width + TICK + 2
        widest = max(metrics.horizontalAdvance(self.across.label(v)) for v in (low_x, high_x))
        right = width - MARGIN - widest / 2
        room = max(1.0, right - left)
        most_across = max(2, min(MOST_ACROSS, int(room // (widest + 12)) + 1))
        plot = QRectF(left, top, room, max(1, bottom - top))
        single = single_x(self._lines.values())
        if single is not None:  # its label alone, under the middle
            return ChartLayout(plot, [int(single)], up, legend, single)
        across = _ticks(low_x, high_x, self.across.unit, most_across)
        return ChartLayout(plot, across, up, legend)

    def _legend(self, metrics: QFontMetrics, width: int) -> tuple[list[tuple[str, QRectF]], int]:
        """Each line's legend entry (its name, shortened only when it alone is wider than
        the chart), in rows that wrap at the widget's width; and the legend's height."""
        entries: list[tuple[str, QRectF]] = []
        row_height = metrics.height() + 4
        x, row = float(MARGIN), 0
        room = max(40, width - 2 * MARGIN - SAMPLE - 6)
        for name in self._lines:
            shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)
            entry = SAMPLE + 6 + metrics.horizontalAdvance(shown)
            if x > MARGIN and x + entry > width - MARGIN:
                x, row = float(MARGIN), row + 1
            entries.append((shown, QRectF(x, row, entry, row_height)))  # row: fixed below
            x += entry + 16
        rows = row + 1 if entries else 0
        first = self.height() - MARGIN - rows * row_height
        placed = [
            (shown, QRectF(r.x(), first + r.y() * row_height, r.width(), r.height()))
            for shown, r in entries
        ]
        return placed, rows * row_height

    def _title_metrics(self) -> QFontMetrics:
        return QFontMetrics(self._title_font())

    def _title_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def point_at(self, layout: ChartLayout, x: float, y: float) -> QPointF:
        """Where the value (X, Y) is drawn in LAYOUT."""
        plot, up = layout.plot, layout.up
        low, high = layout.span
        left = plot.left() + (x - low) / (high - low) * plot.width()
        top = plot.bottom() - (y - up[0]) / (up[-1] - up[0]) * plot.height()
        return QPointF(left, top)

    # -- drawing ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), PAPER)
        layout = self.chart_layout()
        if self.title:
            painter.setFont(self._title_font())
            painter.setPen(INK)
            title_room = QRectF(MARGIN, MARGIN, self.width() - 2 * MARGIN, self.height())
            align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
            painter.drawText(
                title_room,
                int(align),
                self._title_metrics().elidedText(
                    self.title, Qt.TextElideMode.ElideRight, int(title_room.width())
                ),
            )
            painter.setFont(self.font())
        if layout.across:
            self._draw_axes(painter, layout)
            self._draw_lines(painter, layout)
        elif self.title:  # a chart of nothing yet says so
            painter.setPen(FAINT)
            painter.drawText(layout.plot, int(Qt.AlignmentFlag.AlignCenter), self.empty)
        self._draw_legend(painter, layout)
        painter.end()

    def _draw_axes(self, painter: QPainter, layout: ChartLayout) -> None:
        plot = layout.plot
        metrics = QFontMetrics(self.font())
        height = metrics.height()
        for value in layout.across:
            where = self.point_at(layout, value, layout.up[0])
            painter.setPen(GRID)
            painter.drawLine(QPointF(where.x(), plot.top()), where)
            painter.setPen(INK)
            painter.drawLine(where, where + QPointF(0, TICK))
            label = self.across.label(value)
            room = QRectF(where.x() - 200, plot.bottom() + TICK + 1, 400, height)
            painter.drawText(room, int(Qt.AlignmentFlag.AlignHCenter), label)
        for value in layout.up:
            where = self.point_at(layout, layout.span[0], value)
            painter.setPen(QPen(FAINT if value == 0 else GRID, 1))
            painter.drawLine(where, QPointF(plot.right(), where.y()))
            painter.setPen(INK)
            painter.drawLine(where - QPointF(TICK, 0), where)
            room = QRectF(MARGIN, where.y() - height / 2, where.x() - TICK - 2 - MARGIN, height)
            align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(room, int(align), self.up.label(value))
        painter.setPen(QPen(INK, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        below = QRectF(plot.left(), plot.bottom() + TICK + height + 2, plot.width(), height)
        painter.drawText(below, int(Qt.AlignmentFlag.AlignHCenter), self.across.title)
        painter.save()  # the up axis's title, turned to read upwards beside it
        painter.translate(MARGIN, plot.center().y())
        painter.rotate(-90)
        side = QRectF(-plot.height() / 2, 0, plot.height(), height)
        painter.drawText(side, int(Qt.AlignmentFlag.AlignHCenter), self.up.title)
        painter.restore()

    def _draw_lines(self, painter: QPainter, layout: ChartLayout) -> None:
        if layout.single is not None:
            self._draw_markers(painter, layout, layout.single)
            return
        painter.save()
        grow = DOT + 1  # a dot on the plot's edge drawn whole
        painter.setClipRect(layout.plot.adjusted(-grow, -grow, grow, grow))
        for name, points in self._lines.items():
            pen = self.look(name)
            painter.setPen(pen)
            places = [self.point_at(layout, x, y) for x, y in points]
            painter.drawPolyline(QPolygonF(places))
            if len(points) <= layout.plot.width() / DOT_ROOM:  # room for a dot at each point
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(pen.color())
                for place in places:
                    painter.drawEllipse(place, DOT, DOT)
                painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.restore()

    def _draw_markers(self, painter: QPainter, layout: ChartLayout, x: float) -> None:
        """Every point at the one x X: each line's last value (the balance at the end of
        that day), a marker side by side with the others, its value written above it."""
        metrics = QFontMetrics(self.font())
        lines = [(name, points) for name, points in self._lines.items() if points]
        for (name, points), offset in zip(lines, marker_offsets(len(lines)), strict=True):
            value = points[-1][1]
            place = self.point_at(layout, x + offset * MARKER_SPREAD, value)
            colour = self.look(name).color()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawEllipse(place, MARKER, MARKER)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(INK)
            label = self.up.label(value)
            room = QRectF(place.x() - 200, place.y() - MARKER - 2 - metrics.height(), 400, 0)
            room.setHeight(metrics.height())
            painter.drawText(room, int(Qt.AlignmentFlag.AlignHCenter), label)

    def _draw_legend(self, painter: QPainter, layout: ChartLayout) -> None:
        for (shown, room), name in zip(layout.legend, self._lines, strict=True):
            middle = room.center().y()
            painter.setPen(self.look(name))
            painter.drawLine(QPointF(room.left(), middle), QPointF(room.left() + SAMPLE, middle))
            painter.setPen(INK)
            text = room.adjusted(SAMPLE + 6, 0, 0, 0)
            align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(text, int(align), shown)  # drawText never reads markup


def _ticks(low: int, high: int, unit: int, most: int, *, room: bool = False) -> list[int]:
    """Whole multiples of UNIT to label LOW to HIGH by, at most MOST of them; with ROOM,
    a point of its own (not 0) never on the plot's edge, where it would read as cut."""
    low_units, high_units = low / unit, high / unit
    if room:
        pad = (high_units - low_units) / 50 or 0.5
        low_units -= pad if low < 0 else 0
        high_units += pad if high > 0 else 0
    return [tick * unit for tick in whole_ticks(low_units, high_units, most)]
