"""The top of the league window: which league, which season (or all), and from and
until which dates; every tab shows that period."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from scorekeeper.i18n import _
from scorekeeper.store import league as leagues

from .widgets import ANY_DATE, chosen_date, date_edit


class PeriodChooser(QWidget):
    """League, season and dates.  `league_chosen` when another league is chosen (its
    seasons are then offered again), `period_changed` when the season or a date is."""

    league_chosen = Signal()
    period_changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.league = QComboBox()
        self.league.setAccessibleName(_("League"))
        self.season = QComboBox()
        self.season.setAccessibleName(_("Season"))
        self.since, self.until = date_edit(_("From date")), date_edit(_("To date"))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for text, widget in (
            (_("&League"), self.league),
            (_("S&eason"), self.season),
            (_("&From"), self.since),
            (_("&Until"), self.until),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            row.addWidget(label)
            row.addWidget(widget, 1 if widget is self.league else 0)
        self.league.currentTextChanged.connect(lambda _: self.league_chosen.emit())
        for signal in (
            self.season.currentIndexChanged,
            self.since.dateChanged,
            self.until.dateChanged,
        ):
            signal.connect(lambda *_: self.period_changed.emit())

    def period(self) -> leagues.Period:
        """The league, season and dates chosen."""
        return leagues.Period(
            self.league.currentText(),
            self.season.currentData(),
            chosen_date(self.since),
            chosen_date(self.until),
        )

    def set_leagues(self, names: list[str], choose: str | None) -> None:
        """Offer NAMES and choose CHOOSE (else the first), without a signal."""
        self.league.blockSignals(True)
        self.league.clear()
        self.league.addItems(names)
        self.league.setCurrentIndex(names.index(choose) if choose in names else 0)
        self.league.blockSignals(False)

    def set_seasons(self, names: tuple[str, ...] | list[str]) -> None:
        """Offer "All seasons" and the league's seasons NAMES, and any date, without a
        signal: a league chosen, or the window opened again, shows all of it (the dates
        were kept while the season went back to all: "All seasons" over 18 of 150
        hands, a trial)."""
        for widget in (self.season, self.since, self.until):
            widget.blockSignals(True)
        self.season.clear()
        self.season.addItem(_("All seasons"), None)
        for name in names:
            self.season.addItem(name, name)
        self.since.setDate(ANY_DATE)
        self.until.setDate(ANY_DATE)
        for widget in (self.season, self.since, self.until):
            widget.blockSignals(False)
