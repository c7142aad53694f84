"""The panels beside the sheet: the selected hand's explanation, what is pending, the
running-total chart, and the end-of-night settlement with payments."""

from __future__ import annotations

import html
import math

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.formatting import money
from scorekeeper.games import game_of
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.reports.sheets import settlement_sheet

from .labels import plain_label
from .rows_model import Column, RowsModel, money_column
from .session import NightView
from .spreadsheets import allow_copy

# Eight colours told apart by people with any colour vision (Okabe and Ito), and a line
# style each as well, so that no two of a table's up to eight players look alike.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442")
STYLES = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotLine,
    Qt.PenStyle.DashDotDotLine,
)
HAND_TICKS = 10  # the most steps between the hand axis's ticks
POINT_TICKS = 8  # and the points axis's (it is shorter)
# How each style looks in the legend's text.
STYLE_MARKS = ("━━━", "╺━╺━", "┈┈┈┈", "━╸·━", "━·╸·")


def player_look(number: int) -> tuple[str, Qt.PenStyle]:
    """The colour and line style of the NUMBERth player's line (from 0): unique for
    each of up to eight players."""
    return COLOURS[number % len(COLOURS)], STYLES[number % len(STYLES)]


def bold_label(text: str) -> QLabel:
    """A panel's heading: TEXT in bold, never read as markup."""
    label = plain_label(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class HandPanel(QWidget):
    """The selected hand's explanation, and what is pending for the next hand."""

    def __init__(self) -> None:
        super().__init__()
        self.explanation = plain_label(name=_("Explanation of the hand"))
        self.pending = plain_label(name=_("Pending for the next hand"))
        self.balance = plain_label(name=_("Zero-sum check"))
        layout = QVBoxLayout(self)
        layout.addWidget(bold_label(_("The hand")))
        layout.addWidget(self.explanation)
        layout.addSpacing(12)
        layout.addWidget(bold_label(_("Next hand")))
        layout.addWidget(self.pending)
        layout.addSpacing(12)
        layout.addWidget(self.balance)
        layout.addStretch()

    def show_view(self, view: NightView | None, selected: int | None) -> None:
        if view is None:
            for label in (self.explanation, self.pending, self.balance):
                label.clear()
            return
        line = view.lines[selected] if selected is not None and selected < len(view.lines) else None
        if line is None and view.lines:
            line = view.lines[-1]
        self.explanation.setText(
            _("Hand {number}: {explanation}").format(
                number=line.number, explanation=line.result.explanation
            )
            if line
            else _("No hand yet.")
        )
        dealer = view.next_dealer() or "—"
        seated = ", ".join(view.seated_next)
        result = view.result
        waiting_line = game_of(view.rules).waiting(result, view.currency)  # doublers, Bock, pot
        lines = (
            _("Hand {number}, dealt by {dealer}.").format(number=view.next_number, dealer=dealer),
            waiting_line,
            _("At the table: {players}.").format(players=seated),
        )
        self.pending.setText("\n".join(lines))
        self.balance.setText(self._balance(view))

    @staticmethod
    def _balance(view: NightView) -> str:
        """The zero-sum check in words: what the totals sum to, with the pot's."""
        result = view.result
        points = sum(result.total_points.values())
        amount = money(sum(result.total_cents.values()), view.currency)
        if result.pot:
            return ngettext(
                "Totals sum to {points} point and {money}; with the pot's {pot}, to {whole}.",
                "Totals sum to {points} points and {money}; with the pot's {pot}, to {whole}.",
                abs(points),
            ).format(points=points, money=amount, pot=result.pot, whole=points + result.pot)
        return ngettext(
            "Totals sum to {points} point and {money}.",
            "Totals sum to {points} points and {money}.",
            abs(points),
        ).format(points=points, money=amount)


class RunningChart(QWidget):
    """Each player's running total through the night, with a legend under it that
    wraps (a chart's own legend cuts names short at the panel's width).  A hand
    recorded at the end adds one point to each line; any other change draws the chart
    again."""

    def __init__(self) -> None:
        super().__init__()
        self.view = QChartView()
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setAccessibleName(_("Running totals chart"))
        self.view.setMinimumHeight(220)
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.legend.setAccessibleName(_("Chart legend"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.legend)
        self._view: NightView | None = None
        self._series: dict[str, QLineSeries] = {}
        self._axes: tuple[QValueAxis, QValueAxis] | None = None
        self._range = (0, 0)
        self._totals: dict[str, int] = {}

    def show_view(self, view: NightView | None) -> None:
        old = self._view
        if view is old:
            return
        self._view = view
        if view is not None and self._axes is not None and view.adds_one_hand_to(old):
            self._add_hand(view)
            return
        self._draw(view)

    def _add_hand(self, view: NightView) -> None:
        number = len(view.lines)
        points = view.lines[-1].result.points
        for player, series in self._series.items():
            self._totals[player] += points.get(player, 0)
            series.append(number, self._totals[player])
        assert self._axes is not None
        if number > self._axes[0].max():
            whole_ticks(self._axes[0], 0, _hands_axis_end(number), most=HAND_TICKS)
        low, high = min(self._totals.values()), max(self._totals.values())
        if low < self._range[0] or high > self._range[1]:
            self._fit(min(low, self._range[0]), max(high, self._range[1]))

    def _fit(self, low: int, high: int) -> None:
        """The points axis from LOW to HIGH, rounded out to whole steps; it is set again
        only when a total goes past it (re-laying out a long night's lines is slow)."""
        assert self._axes is not None
        axis = self._axes[1]
        whole_ticks(axis, low - 1, high + 1, most=POINT_TICKS)
        self._range = (int(axis.min()), int(axis.max()))

    def _draw(self, view: NightView | None) -> None:
        chart = QChart()
        chart.setTitle(_("Running totals"))
        chart.legend().hide()
        self.legend.setText(self._legend_html(view.players if view and view.lines else ()))
        self._series, self._axes, self._range, self._totals = {}, None, (0, 0), {}
        if view is not None and view.lines:
            rows = view.result.running_points()
            x_axis, y_axis = QValueAxis(), QValueAxis()
            x_axis.setTitleText(_("Hand"))
            x_axis.setLabelFormat("%d")
            whole_ticks(x_axis, 0, _hands_axis_end(len(rows)), most=HAND_TICKS)
            y_axis.setLabelFormat("%d")  # points are whole numbers
            y_axis.setTitleText(_("Points"))
            chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
            chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
            self._axes = (x_axis, y_axis)
            self._range = (1, -1)  # nothing yet: _fit sets the axis
            self._fit(
                min(0, *(min(r.values()) for r in rows)), max(0, *(max(r.values()) for r in rows))
            )
            for number, player in enumerate(view.players):
                series = QLineSeries()
                series.setName(player)
                line = [QPointF(hand, row[player]) for hand, row in enumerate(rows, start=1)]
                series.append([QPointF(0, 0), *line])
                chart.addSeries(series)
                series.attachAxis(x_axis)
                series.attachAxis(y_axis)
                colour, style = player_look(number)
                pen = QPen(QColor(colour))
                pen.setStyle(style)
                pen.setWidth(2)
                series.setPen(pen)
                self._series[player] = series
            self._totals = dict(rows[-1])
        previous = self.view.chart()
        self.view.setChart(chart)
        if previous is not None:
            previous.deleteLater()  # setChart hands the old chart back; free it

    @staticmethod
    def _legend_html(players: tuple[str, ...]) -> str:
        """Every player's name beside a sample of their line, wrapping as it needs."""
        items = []
        for number, player in enumerate(players):
            colour, _style = player_look(number)
            mark = STYLE_MARKS[number % len(STYLE_MARKS)]
            items.append(f"<span style='color:{colour}'>{mark}</span>&nbsp;{html.escape(player)}")
        return " &nbsp; ".join(items)


def whole_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that divides SPAN into at most MOST
    steps."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if span <= most * step:
                return step
        power *= 10


def whole_ticks(axis: QValueAxis, low: int, high: int, *, most: int) -> None:
    """AXIS from LOW to HIGH, rounded out to whole steps (`whole_step`), with a tick at
    every multiple of the step: each label ("%d") is the number at its tick.  Qt's own
    ticks divide the range evenly, and five of them on hands 0 to 5 fell at 1.25, 2.5,
    3.75: labelled 0, 1, 2, 3, 5, none under its hand's point."""
    step = whole_step(high - low, most)
    axis.setTickType(QValueAxis.TickType.TicksDynamic)
    axis.setTickAnchor(0)
    axis.setTickInterval(step)
    axis.setRange(math.floor(low / step) * step, math.ceil(high / step) * step)


def _hands_axis_end(hands: int) -> int:
    """Where the hands axis ends: past the last hand, rounded up so that recording a
    hand seldom moves it (a night of 1,000 hands re-lays out 5,000 points when it does)."""
    step = 5 if hands <= 40 else 25 if hands <= 400 else 100
    return -(-hands // step) * step


class SettlementModel(RowsModel[tuple[str, str, int, bool]]):
    """The fewest payments, and which of them have been made."""

    columns = (
        Column(
            N_("Payment"),
            lambda r: _("{payer} pays {payee}").format(payer=r[0], payee=r[1]),
            right=False,
        ),
        money_column(N_("Amount"), lambda r: r[2]),
        Column(N_("Made"), lambda r: _("paid ✓") if r[3] else _("not yet"), right=False),
    )

    def set_view(self, view: NightView | None) -> None:
        rows = []
        if view is not None:
            self.set_currency(view.currency)
            made = [(p.payer, p.payee, p.cents) for p in view.payments]
            for payment in view.result.settlement:
                key = (payment.payer, payment.payee, payment.cents)
                done = key in made
                if done:
                    made.remove(key)
                rows.append((payment.payer, payment.payee, payment.cents, done))
        self.set_rows(rows)


class SettlementPanel(QWidget):
    """End of night: who pays whom, marking payments made, closing the night."""

    pay = Signal(str, str, int)
    close_night = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        self.model = SettlementModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName(_("Settlement"))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        allow_copy(self.table, lambda: settlement_sheet(self.model.rows))
        self.summary = plain_label(name=_("Settlement summary"))
        self.mark = QPushButton(_("Mark as paid"))
        self.mark.clicked.connect(self._mark)
        self._closed = False
        self.closer = QPushButton(_("Close the night"))
        self.closer.clicked.connect(lambda: self.close_night.emit(not self._closed))
        buttons = QHBoxLayout()
        buttons.addWidget(self.mark)
        buttons.addStretch()
        buttons.addWidget(self.closer)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def show_view(self, view: NightView | None) -> None:
        self.model.set_view(view)
        self._closed = bool(view and view.closed)
        self.closer.setText(_("Reopen the night") if self._closed else _("Close the night"))
        if view is None:
            self.summary.clear()
            return
        count = len(view.result.settlement)
        made = sum(1 for row in self.model.rows if row[3])
        self.summary.setText(
            ngettext(
                "{count} payment squares everyone up; {made} made.",
                "{count} payments square everyone up; {made} made.",
                count,
            ).format(count=count, made=made)
            if count
            else _("Nobody owes anybody anything.")
        )
        if self.model.rowCount():
            self.table.selectRow(0)

    def _mark(self) -> None:
        row = self.table.currentIndex().row()
        if 0 <= row < len(self.model.rows) and not self.model.rows[row][3]:
            payer, payee, cents, _made = self.model.rows[row]
            self.pay.emit(payer, payee, cents)
