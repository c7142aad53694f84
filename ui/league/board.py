"""Tonight's board (League ▸ Tonight's board): the league night for the room, on a
projector or a TV.  Every table playing tonight with its newest hands and each
player's total, tonight's standings and the season's, in large type, light on dark,
with nothing to press once it is open (F11 or double-click: full screen; Esc leaves
full screen, then closes).

It reads everything again (`scorekeeper.store.board.board_of`) whenever the database
says something changed: on PostgreSQL at once, by `LISTEN` on the channel every write
notifies (`board.listen`, in a thread of its own); on SQLite, and whenever listening
fails, by polling `board.change_token` every few seconds (`ChangeWatcher`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.explain import signed
from scorekeeper.formatting import short_date
from scorekeeper.i18n import _, ngettext
from scorekeeper.standing_columns import every_games_column
from scorekeeper.standings import Standings
from scorekeeper.store import board as boards
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.web.pages import Address

from ..phones import PhoneCode, PhonesDialog, pages_of
from ..screens import resize_to_fit

POLL_MS = 3000  # how often the database is asked, when it cannot say so itself
PAGE_MS = 12000  # how long a page of tables stays, when they do not all fit at once
RECENT_SHOWN = 3  # a table's newest hands on a screen TALL pixels or more; else one
TALL = 900
NARROW = 1200  # below it the season's standings go under tonight's
SETTLE_MS = 150  # notifications close together make one refresh
STANDINGS_SHOWN = 20  # the season's top players on the board
RANK = every_games_column("rank")  # a place as every door writes it ('—': listed apart)
PHONE_CODE_PIXELS = 200  # the QR code for phones, while they are shown the score

STYLE = """
QWidget#board { background: #101418; }
QLabel { color: #f2f2f2; font-size: 22px; }
QLabel[role="title"] { font-size: 40px; font-weight: bold; }
QLabel[role="heading"] { font-size: 30px; font-weight: bold; color: #ffd75e; }
QLabel[role="dim"] { color: #b8c0c8; font-size: 20px; }
QLabel[role="plus"] { color: #7ee787; }
QLabel[role="minus"] { color: #ff9b8f; }
QLabel[role="name"] { font-weight: bold; }
QFrame[role="card"] { background: #1b2128; border: 2px solid #2f3a45; border-radius: 10px; }
QScrollArea { border: none; background: transparent; }
QPushButton { font-size: 18px; padding: 6px 12px; }
"""


def season_title(season: str | None) -> str:
    """The heading of a season's standings: its name ("Season 2026", "Spring"), said to
    be a season when the name does not say it already; no season: all nights."""
    if not season:
        return _("All nights")
    first = season.split(maxsplit=1)[0].casefold()
    if first in ("season", _("Season").casefold()):
        return season
    return _("Season {season}").format(season=season)


class ChangeWatcher(QObject):
    """Says `changed` soon after anything a board shows may have changed in DB: by
    PostgreSQL's notifications when it can, and by polling the change token (every
    POLL_MS) always, so a dropped listener or a SQLite file still updates."""

    changed = Signal()
    _notified = Signal()  # from the listening thread; delivered in the window's thread

    def __init__(
        self,
        db: Database,
        parent: QObject | None = None,
        poll_ms: int = POLL_MS,
        token: Callable[[Database], tuple[Any, ...]] = boards.change_token,
    ):
        super().__init__(parent)
        self.db = db
        self.token = token  # what it polls (a tournament's board: its own tables too)
        self.listening = False
        self._token: tuple[Any, ...] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self._fire)
        self._notified.connect(self._settle.start)
        self._poll = QTimer(self, interval=poll_ms)
        self._poll.timeout.connect(self._check)

    def start(self) -> None:
        """Watch from now on: the token read first, so that a change committed while the
        board reads the night is seen at the next poll."""
        self._token = self._read_token()
        self._poll.start()
        if boards.can_listen(self.db) and self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._listen, name="board", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._poll.stop()
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1)  # it stops within half a second once connected
            self._thread = None  # one still connecting ends by its connect timeout

    def _listen(self) -> None:
        try:
            boards.listen(self.db, self._stop, self._notify, self._listening)
        except StorageError:
            pass  # polling goes on, as on SQLite
        finally:
            self.listening = False

    def _notify(self) -> None:
        """From the listening thread: a change, told to the window's thread (unless the
        window has gone meanwhile)."""
        if not self._stop.is_set():
            with contextlib.suppress(RuntimeError):
                self._notified.emit()

    def _listening(self) -> None:
        self.listening = True  # from here on, every commit anywhere is heard

    def _read_token(self) -> tuple[Any, ...] | None:
        try:
            return self.token(self.db)
        except StorageError:
            return None  # the server is away: the next poll asks again

    def _check(self) -> None:
        token = self._read_token()
        if token is not None and token != self._token:
            self._token = token  # seen: the next poll waits for the next change
            self._settle.start()

    def _fire(self) -> None:
        self._token = self._read_token() or self._token  # what the refresh now reads
        self.changed.emit()


def _label(text: str, role: str = "", align: Qt.AlignmentFlag | None = None) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if role:
        label.setProperty("role", role)
    if align is not None:
        label.setAlignment(align)
    return label


def _points(amount: int, bold: bool = False) -> QLabel:
    role = "plus" if amount > 0 else "minus" if amount < 0 else ""
    label = _label(signed(amount), role, Qt.AlignmentFlag.AlignRight)
    if bold:
        label.setStyleSheet("font-weight: bold;")
    return label


class RoomScreen(QWidget):
    """A window for the room (a projector, a TV): F11 or a double click fills the
    screen and back; Escape leaves full screen, else closes.  Tonight's board and a
    tournament's board are both one."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif event.key() == Qt.Key.Key_Escape:
            if self.isFullScreen():
                self.showNormal()
            else:
                self.close()
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.toggle_full_screen()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()


class BoardWindow(RoomScreen):
    """The board of one league's night (today's, unless DATE is given)."""

    def __init__(
        self,
        db: Database,
        league: str,
        date: dt.date | None = None,
        poll_ms: int = POLL_MS,
    ) -> None:
        super().__init__()
        self.db, self.league, self.given_date = db, league, date
        self.setObjectName("board")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self.setWindowTitle(_("Tonight's board — {league}").format(league=league))
        self.setAccessibleName(_("Tonight's board"))
        self.board: boards.Board | None = None
        self._updated = dt.datetime.now()
        self.title = _label("", "title")
        self.title.setWordWrap(True)  # a long league's name never widens the board past its screen
        self.updated = _label("", "dim", Qt.AlignmentFlag.AlignRight)
        self.tables = QWidget()
        self.tables.setStyleSheet("background: transparent;")
        self.tables_layout = QGridLayout(self.tables)
        self.tables_layout.setSpacing(16)
        scroll = QScrollArea()
        scroll.setWidget(self.tables)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.viewport().setStyleSheet("background: transparent;")
        # Tonight's standings and the season's side by side, each as tall as the screen.
        self.tonight = QWidget()
        self.season = QWidget()
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.updated)
        self.phones_button = QPushButton(_("Show on &phones…"))
        self.phones_button.clicked.connect(self.show_on_phones)
        top.addWidget(self.phones_button)
        body = QHBoxLayout()
        body.addWidget(scroll, 1)  # the tables take every pixel the standings leave
        # Side by side on a wide screen; on a narrow one (a 1024-pixel projector) the
        # season's under tonight's, so that the tables keep room for a card.
        self.standings_columns: list[QVBoxLayout] = []
        for standings in (self.tonight, self.season):
            column = QVBoxLayout()
            column.addWidget(standings)
            column.addStretch()
            body.addSpacing(24)
            body.addLayout(column, 0)
            self.standings_columns.append(column)
        # While the score is shown on phones, the code to join by, under the standings.
        self.phone_code = PhoneCode(Address("tonight", league), PHONE_CODE_PIXELS)
        self.standings_columns[1].addWidget(self.phone_code)
        self.stacked = False
        self.tables_scroll = scroll
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        self.page = 0  # the page of tables shown, when they take several
        self.pages = 1
        self.pager = QTimer(self, interval=PAGE_MS)
        self.pager.timeout.connect(self.next_page)
        self.watcher = ChangeWatcher(db, self, poll_ms)
        self.watcher.changed.connect(self.refresh)
        resize_to_fit(self, 1280, 720)
        self.watcher.start()  # before the first read: nothing committed between is missed
        self.refresh()

    def show_on_phones(self) -> None:
        """The board's Show on phones: the dialog, its code opening this league tonight."""
        dialog = PhonesDialog(self.db, pages_of(self.league, None), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    # -- what it shows -------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the night again and show it."""
        try:
            board = boards.board_of(self.db, league=self.league, date=self.date)
            if not board.tables and self.given_date is None:  # past midnight, still playing
                yesterday = self.date - dt.timedelta(days=1)
                late = boards.board_of(self.db, league=self.league, date=yesterday)
                board = late if late.tables else board
        except StorageError as error:
            self.updated.setText(_("Not updated: {problem}").format(problem=error))
            return
        self.board = board
        when = short_date(board.date)
        self.title.setText(f"{board.league} — {when}")
        self._updated = dt.datetime.now()
        self._show_all_standings(board)
        self._show_tables(board)

    def _show_all_standings(self, board: boards.Board) -> None:
        """Tonight's standings and the season's, each as many players as the screen's
        height shows (the rest counted): forty players made the board taller than a
        1024x768 projector, and it was cut off."""
        self._arrange_standings()
        fits = self.standings_rows()
        if self.stacked:  # one above the other: each half the height
            fits = max(3, fits // 2 - 1)
        self._show_standings(self.tonight, _("Tonight"), board.tonight, fits)
        self._show_standings(
            self.season,
            season_title(board.season),
            board.season_standings,
            min(STANDINGS_SHOWN, fits),
        )

    def _arrange_standings(self) -> None:
        """The season's standings beside tonight's, or under them below NARROW pixels."""
        screen = self.screen().availableGeometry().width() if self.screen() else self.width()
        stacked = min(self.width(), screen) < NARROW
        if stacked == self.stacked:
            return
        self.stacked = stacked
        first, second = self.standings_columns
        if stacked:
            second.removeWidget(self.season)
            first.insertWidget(1, self.season)
        else:
            first.removeWidget(self.season)
            second.insertWidget(0, self.season)

    def standings_rows(self) -> int:
        """How many players' lines of standings fit under their heading."""
        row = self._styled_height("name") + 6  # and the grid's spacing
        heading = self._styled_height("heading") + 6
        room = self.height() - self._styled_height("title") - 60 - heading - row
        return max(3, room // row)

    def _styled_height(self, role: str) -> int:
        """How tall a line of ROLE is on the board (its style sheet's type)."""
        probe = _label("0", role)
        probe.setParent(self)
        probe.ensurePolished()
        height = probe.sizeHint().height()
        probe.setParent(None)
        probe.deleteLater()
        return height

    @property
    def date(self) -> dt.date:
        """The night asked for: the one given, else today's (and while today has no
        table, yesterday's: a night that goes on past midnight stays on the board)."""
        return self.given_date or dt.date.today()

    def text(self) -> str:
        """Everything the board shows, as plain text (what a test reads)."""
        return "\n".join(label.text() for label in self.findChildren(QLabel) if label.text())

    def _show_tables(self, board: boards.Board) -> None:
        """The tables tonight (a page of them, when they take several), and when the
        board last read them, with which page it shows."""
        _clear(self.tables_layout)
        updated = _("updated {time}").format(time=f"{self._updated:%H:%M:%S}")
        self.updated.setText(updated)
        if not board.tables:
            waiting = _label(_("No table has started tonight yet."), "heading")
            waiting.setWordWrap(True)  # whole in any language, at any width
            self.tables_layout.addWidget(waiting, 0, 0)
            return
        # On a short screen each table shows its newest hand, not three, to fit more.
        recent = RECENT_SHOWN if self.height() >= TALL else 1
        cards = [_table_card(table, recent) for table in board.tables]
        for card in cards:  # measured in the board's type (its style sheet), not Qt's own
            card.setParent(self.tables)
            card.ensurePolished()
        pages = self.table_pages(cards)
        self.pages = len(pages)
        self.page %= self.pages
        shown = pages[self.page]
        for row, cards_in_row in enumerate(shown):
            for column, card in enumerate(cards_in_row):
                self.tables_layout.addWidget(card, row, column, Qt.AlignmentFlag.AlignTop)
        placed = {id(card) for row in shown for card in row}
        for card in cards:  # those of the other pages
            if id(card) not in placed:
                card.setParent(None)
                card.deleteLater()
        self.tables_layout.setRowStretch(self.tables_layout.rowCount(), 1)
        if self.pages > 1:
            first = sum(len(r) for p in pages[: self.page] for r in p) + 1
            last = first + sum(len(r) for r in shown) - 1
            # Translators: the board's tables, a page at a time: "Tables 1–4 of 9".
            which = (
                _("Tables {first}–{last} of {count}")
                if last > first
                else _("Table {first} of {count}")
            )
            self.updated.setText(
                f"{updated}  ·  {which.format(first=first, last=last, count=len(cards))}"
            )
            if not self.pager.isActive():
                self.pager.start()
        else:
            self.pager.stop()

    def table_pages(self, cards: list[QFrame]) -> list[list[list[QFrame]]]:
        """CARDS in rows of as many as fit side by side whole, and the rows in pages of
        as many as fit one above the other (a card is never cut; one too tall for the
        screen is a page of its own, and scrolls)."""
        spacing = self.tables_layout.spacing()
        layout = self.layout()
        if layout is not None:
            layout.activate()  # the tables' room as the standings beside them leave it
        viewport = self.tables_scroll.viewport()
        wide = max(card.sizeHint().width() for card in cards)
        columns = max(1, min(len(cards), (viewport.width() + spacing) // (wide + spacing)))
        rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
        pages: list[list[list[QFrame]]] = []
        page: list[list[QFrame]] = []
        used = 0
        for row in rows:
            tall = max(card.sizeHint().height() for card in row)
            if page and used + spacing + tall > viewport.height():
                pages.append(page)
                page, used = [], 0
            used += (spacing if page else 0) + tall
            page.append(row)
        pages.append(page)
        return pages

    def next_page(self) -> None:
        """The next page of tables (every PAGE_MS, when they take several)."""
        if self.board is not None and self.pages > 1:
            self.page = (self.page + 1) % self.pages
            self._show_tables(self.board)

    def _show_standings(
        self, box: QWidget, heading: str, standings: Standings, limit: int | None
    ) -> None:
        layout = box.layout()
        if not isinstance(layout, QGridLayout):
            layout = QGridLayout(box)
            layout.setHorizontalSpacing(18)
        _clear(layout)
        layout.addWidget(_label(heading, "heading"), 0, 0, 1, 3)
        everyone = [s for s in standings.everyone if s.nights]
        if not everyone:
            layout.addWidget(_label(_("no hands yet"), "dim"), 1, 0, 1, 3)
            return
        shown = everyone if limit is None else everyone[:limit]
        for row, line in enumerate(shown, start=1):
            place = RANK.text(line, "")
            layout.addWidget(_label(place, "dim", Qt.AlignmentFlag.AlignRight), row, 0)
            layout.addWidget(_label(line.player, "name"), row, 1)
            layout.addWidget(_points(line.points, bold=True), row, 2)
        if limit is not None and len(everyone) > limit:
            rest = len(everyone) - limit
            more = _label(
                ngettext("and {count} more", "and {count} more", rest).format(count=rest), "dim"
            )
            layout.addWidget(more, len(shown) + 1, 1, 1, 2)

    # -- laid out again, and closing ------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.board is not None:  # laid out again for the new size
            self._show_all_standings(self.board)
            self._show_tables(self.board)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.pager.stop()
        self.watcher.stop()
        super().closeEvent(event)


def _table_card(table: boards.TableNow, recent: int = 3) -> QFrame:
    """One table: its name and hands so far, each player's total, its RECENT newest
    hands."""
    card = QFrame()
    card.setProperty("role", "card")
    card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    grid = QGridLayout(card)
    grid.setContentsMargins(16, 12, 16, 12)
    grid.setHorizontalSpacing(14)
    count = (
        ngettext("{count} hand", "{count} hands", table.hands).format(count=table.hands)
        if table.hands
        else _("no hands yet")
    )
    if table.closed:
        # Translators: a closed table's hands on the board: "12 hands · closed".
        count = _("{hands} · closed").format(hands=count)
    label = _("Table {table}").format(table=table.label) if table.label.isdigit() else table.label
    grid.addWidget(_label(label, "heading"), 0, 0, 1, 2)
    grid.addWidget(_label(count, "dim", Qt.AlignmentFlag.AlignRight), 0, 2, 1, len(table.players))
    for column, player in enumerate(table.players, start=1):
        grid.addWidget(_label(player, "name", Qt.AlignmentFlag.AlignRight), 1, column)
    grid.addWidget(_label(_("Total"), "name"), 2, 0)
    for column, player in enumerate(table.players, start=1):
        grid.addWidget(_points(table.totals.get(player, 0), bold=True), 2, column)
    row = 3
    for hand in table.recent[:recent]:
        grid.addWidget(_label(f"#{hand.number}", "dim"), row, 0)
        for column, player in enumerate(table.players, start=1):
            if player in hand.points:
                grid.addWidget(_points(hand.points[player]), row, column)
        summary = _label(hand.summary, "dim")
        summary.setWordWrap(True)
        grid.addWidget(summary, row + 1, 0, 1, len(table.players) + 1)
        row += 2
    grid.setColumnStretch(0, 1)
    return card


def _clear(layout: Any) -> None:
    """Take every widget out of LAYOUT (they are deleted)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.setParent(None)  # gone from the board at once, deleted soon after
            widget.deleteLater()
