"""The night screen's Chart tab: each player's running total through the night.  Made
once the window is painted (`MainWindow.make_panels`): the chart's drawing code is no
part of the first screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QShowEvent

from scorekeeper.i18n import _
from scorekeeper.store.errors import StorageError

from .line_chart import Axis, LineChart
from .session import NightView


class RunningChart(LineChart):
    """Each player's running total through the night, hand 0 (the start) to the last,
    with a legend under it that wraps.  A hand recorded at the end adds one point to
    each line; any other change draws the chart again.  Each player's line has their
    colour on every chart of the league: their place in its ROSTER (read when the
    chart is drawn again, not at each hand)."""

    def __init__(self, roster: Callable[[NightView], Sequence[str] | None] | None = None) -> None:
        super().__init__(
            Axis(_("Hand")), Axis(_("Points")), name=_("Running totals chart"), empty=""
        )
        self.roster = roster
        self._unread = False  # drawn before the roster could be read: read when shown
        self._view: NightView | None = None
        self._totals: dict[str, int] = {}

    def show_view(self, view: NightView | None) -> None:
        old = self._view
        if view is old:
            return
        self._view = view
        if view is not None and self._totals and view.adds_one_hand_to(old):
            points = view.lines[-1].result.points
            for player in self._totals:
                self._totals[player] += points.get(player, 0)
            self.extend(len(view.lines), self._totals)
            return
        self._draw(view)

    def _draw(self, view: NightView | None) -> None:
        if view is None or not view.lines:
            self._totals = {}
            self.set_lines(_("Running totals") if view else "", [])
            return
        rows = view.result.running_points()
        self._totals = dict(rows[-1])
        lines = [
            (player, [(0, 0), *((hand, row[player]) for hand, row in enumerate(rows, start=1))])
            for player in view.players
        ]
        self.set_lines(_("Running totals"), lines, self._roster(view))

    def _roster(self, view: NightView) -> Sequence[str]:
        """VIEW's league's players (none read: the night's own order, and, while the
        database is not open yet, read again when the chart is next shown)."""
        try:
            roster = self.roster(view) if self.roster is not None else ()
        except StorageError:
            roster = ()
        self._unread = roster is None
        return roster or ()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._unread:
            self._draw(self._view)
