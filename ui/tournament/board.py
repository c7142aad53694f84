"""The tournament's board (Tournament ▸ Board): the round for the hall, on a projector,
in the league board's large type, light on dark, nothing to press (F11 or a
double-click: full screen; Esc leaves it, then closes).  It shows the round in play
and a clock counting the round's time from its start, the tables still to report, and
the standings through the round with each session's top scorer, as many lines as the
screen's height shows.  It reads again when anything changed (the league board's
`ChangeWatcher`, polling the tournament's own token too)."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from scorekeeper.i18n import _, ngettext
from scorekeeper.store import tournament_board as boards
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.tournament.columns import standing_columns
from scorekeeper.tournament.day import Tournament

from ..league.board import POLL_MS, STYLE, ChangeWatcher, RoomScreen
from ..screens import resize_to_fit

ROW = 33  # a line of the standings on the board, in pixels, with its spacing
ABOVE = 260  # the title, the round, the clock and the tables to report


def clock(started: dt.datetime | None, now: dt.datetime) -> str:
    """The round's time since STARTED ('0:47:12'), or that it has not started."""
    if started is None:
        return _("not started yet")
    seconds = max(0, int((now - started).total_seconds()))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _label(text: str, role: str = "", align: Qt.AlignmentFlag | None = None) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if role:
        label.setProperty("role", role)
    if align is not None:
        label.setAlignment(align)
    return label


class TournamentBoardWindow(RoomScreen):
    """The board of one tournament."""

    def __init__(self, db: Database, tournament: Tournament, poll_ms: int = POLL_MS) -> None:
        super().__init__()
        self.db, self.tournament = db, tournament
        self.setObjectName("board")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self.setWindowTitle(_("Board — {tournament}").format(tournament=tournament.name))
        self.setAccessibleName(_("Tournament board"))
        self.board: boards.TournamentBoard | None = None
        self.title = _label(tournament.name, "title")
        self.title.setWordWrap(True)
        self.updated = _label("", "dim", Qt.AlignmentFlag.AlignRight)
        self.round = _label("", "heading")
        self.clock = _label("", "title", Qt.AlignmentFlag.AlignRight)
        self.clock.setAccessibleName(_("The round's time"))
        self.waiting = _label("", "heading")
        self.waiting.setWordWrap(True)
        self.tops = _label("", "dim")
        self.tops.setWordWrap(True)
        self.table = QWidget()
        self.grid = QGridLayout(self.table)
        self.grid.setHorizontalSpacing(28)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.updated)
        middle = QHBoxLayout()
        middle.addWidget(self.round, 1)
        middle.addWidget(self.clock)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addLayout(top)
        layout.addLayout(middle)
        layout.addWidget(self.waiting)
        layout.addWidget(self.tops)
        layout.addWidget(self.table)
        layout.addStretch(1)
        self.ticker = QTimer(self, interval=1000)
        self.ticker.timeout.connect(self.tick)
        self.watcher = ChangeWatcher(db, self, poll_ms, token=boards.change_token)
        self.watcher.changed.connect(self.refresh)
        resize_to_fit(self, 1280, 720)
        self.watcher.start()
        self.refresh()
        self.ticker.start()

    def refresh(self) -> None:
        """Read the round again and show it."""
        try:
            board = boards.board_now(self.db, self.tournament)
        except StorageError as error:
            self.updated.setText(_("Not updated: {problem}").format(problem=error))
            return
        self.board = board
        self.updated.setText(_("updated {time}").format(time=f"{dt.datetime.now():%H:%M:%S}"))
        self._show_round(board)
        self._show_standings(board)
        self.tick()

    def tick(self) -> None:
        """The clock, once a second."""
        started = self.board.started if self.board is not None else None
        self.clock.setText(clock(started, dt.datetime.now(dt.UTC)))

    def _show_round(self, board: boards.TournamentBoard) -> None:
        if board.session is None:
            self.round.setText(_("No session drawn yet"))
            self.waiting.setText("")
            return
        self.round.setText(
            _("Session {session} of {sessions}").format(
                session=board.session, sessions=self.tournament.sessions
            )
        )
        waiting = board.waiting
        if not waiting:
            self.waiting.setText(_("Every table has reported."))
        else:
            tables = ", ".join(str(n) for n in waiting)
            self.waiting.setText(
                ngettext(
                    "Still to report: table {tables}",
                    "Still to report ({count}): tables {tables}",
                    len(waiting),
                ).format(tables=tables, count=len(waiting))
            )
        tops = [
            # A session whose tables are still reporting has a top scorer so far only.
            (
                _("Top of session {session} so far: {players}")
                if n == board.session and waiting
                else _("Top of session {session}: {players}")
            ).format(session=n, players=", ".join(p))
            for n, p in enumerate(board.standings.tops, start=1)
            if p
        ]
        self.tops.setText("   ·   ".join(tops))

    def _show_standings(self, board: boards.TournamentBoard) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        rows = board.standings.rows
        if not rows:
            self.grid.addWidget(_label(_("no results yet"), "dim"), 0, 0)
            return
        columns = [
            c for c in standing_columns(board.standings) if c.key not in ("table-points", "hands")
        ]
        columns = [
            c for c in columns if c.key in ("place", "player", "penalties", "total") or c.session
        ]
        for index, column in enumerate(columns):
            align = Qt.AlignmentFlag.AlignRight if column.figure else None
            self.grid.addWidget(_label(column.heading(), "dim", align), 0, index)
        fits = max(3, (self.height() - ABOVE) // ROW)
        for line, row in enumerate(rows[:fits], start=1):
            for index, column in enumerate(columns):
                value = column.value(row)
                text = column.text(row)
                role = "name" if column.key in ("player", "total") else ""
                if column.key == "penalties" and value:
                    role = "minus"
                align = Qt.AlignmentFlag.AlignRight if column.figure else None
                self.grid.addWidget(_label(text, role, align), line, index)
        if len(rows) > fits:
            rest = len(rows) - fits
            more = ngettext("and {count} more", "and {count} more", rest).format(count=rest)
            self.grid.addWidget(_label(more, "dim"), fits + 1, 1)

    def text(self) -> str:
        """Everything the board shows, as plain text (what a test reads)."""
        return "\n".join(label.text() for label in self.findChildren(QLabel) if label.text())

    # -- laid out again, and closing ------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.board is not None:
            self._show_standings(self.board)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.ticker.stop()
        self.watcher.stop()
        super().closeEvent(event)
