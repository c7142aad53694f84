"""The player page's chart: a player's balance after each closed night and payment."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import QChart, QDateTimeAxis, QLineSeries, QValueAxis
from PySide6.QtCore import QDate, QDateTime, Qt, QTime

from scorekeeper.ledger import BalancePoint


def balance_chart(name: str, history: Sequence[BalancePoint]) -> QChart:
    """NAME's balance over time, one point for each dated step of HISTORY; an empty
    chart, titled, when none is dated."""
    chart = QChart()
    chart.setTitle(f"Balance over time: {name}")
    chart.legend().hide()
    dated = [(point.date, point.balance) for point in history if point.date]
    if not dated:
        return chart
    series = QLineSeries()
    for day, balance in dated:
        moment = QDateTime(QDate(day.year, day.month, day.day), QTime())
        series.append(moment.toMSecsSinceEpoch(), balance / 100)  # display only
    chart.addSeries(series)
    x_axis, y_axis = QDateTimeAxis(), QValueAxis()
    x_axis.setFormat("yyyy-MM-dd")
    x_axis.setTickCount(min(6, max(2, len(dated))))
    y_axis.setTitleText("Balance ($)")
    y_axis.setLabelFormat("%.2f")
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    series.attachAxis(x_axis)
    series.attachAxis(y_axis)
    y_axis.applyNiceNumbers()
    return chart
