"""Launching the desktop app: arguments, the QApplication, and the main window.

Until the live night screen lands, the window shows a sample night scored by the
core, as the paper score sheet would show it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper import __version__
from scorekeeper.document import load_night
from scorekeeper.night import NightResult, score_night
from scorekeeper.sample import sample_night_document
from scorekeeper.store.database import Database, open_database, resolve_url
from scorekeeper.store.errors import StorageError
from scorekeeper.store.nights import list_nights, night_result
from scorekeeper.store.seed import is_empty, seed_sample_league
from ui import errors

APP_NAME = "Sheepshead Scorekeeper"


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The app's own arguments; Qt's are left for QApplication."""
    parser = argparse.ArgumentParser(prog="sheepshead-scorekeeper", description=APP_NAME)
    parser.add_argument(
        "--database",
        metavar="URL",
        default=os.environ.get("SCOREKEEPER_DATABASE_URL"),
        help="SQLAlchemy database URL (default: a SQLite file in your data folder)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args, _ = parser.parse_known_args(argv)
    return args


class SheetWindow(QMainWindow):
    """A read-only score sheet of one scored night: a row a hand, a column a player."""

    def __init__(self, result: NightResult, title: str) -> None:
        super().__init__()
        self.setWindowTitle(f"{title} — {APP_NAME}")
        self.setAccessibleName(title)
        table = QTableWidget(len(result.hands) + 2, len(result.players))
        table.setAccessibleName("Score sheet")
        table.setHorizontalHeaderLabels(list(result.players))
        labels = [str(h.number) for h in result.hands] + ["Points", "Money"]
        table.setVerticalHeaderLabels(labels)
        running = result.running_points()
        for row, hand in enumerate(result.hands):
            for column, player in enumerate(result.players):
                cell = QTableWidgetItem(f"{hand.points[player]:+d}  ({running[row][player]:+d})")
                cell.setToolTip(hand.explanation)
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if player not in hand.active:
                    cell.setText("—")
                    cell.setForeground(QBrush(QColor("#777777")))
                table.setItem(row, column, cell)
        for column, player in enumerate(result.players):
            cents = result.total_cents[player]
            sign = "-" if cents < 0 else ""
            table.setItem(len(result.hands), column, QTableWidgetItem(
                f"{result.total_points[player]:+d}"))  # fmt: skip
            table.setItem(len(result.hands) + 1, column, QTableWidgetItem(
                f"{sign}${abs(cents) // 100}.{abs(cents) % 100:02d}"))  # fmt: skip
        table.resizeColumnsToContents()
        note = QLabel(f"{title}. Hover a cell for the hand's explanation.")
        note.setTextFormat(Qt.TextFormat.PlainText)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(note)
        layout.addWidget(table)
        self.setCentralWidget(body)
        self.resize(760, 520)


def open_store(url: str | None) -> Database:
    """Open the database; the default one gets the sample league the first time."""
    database = open_database(url)
    if resolve_url(url) == resolve_url(None) and not url and is_empty(database):
        seed_sample_league(database)
    return database


def latest_night(database: Database) -> tuple[NightResult, str] | None:
    """The most recent night, scored, and its title for the window."""
    nights = list_nights(database)
    if not nights:
        return None
    newest = nights[0]
    label = " · ".join(x for x in (newest.league, newest.date, f"table {newest.table}") if x)
    return night_result(database, night_id=newest.id), label


def main(argv: Sequence[str] | None = None) -> int:
    """Open the app and run until its window is closed."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_arguments(argv)
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName(APP_NAME)
    errors.install()
    try:
        database = open_store(args.database)
        shown = latest_night(database)
    except StorageError as error:
        errors.show_error(str(error))
        return 2
    if shown is None:
        night, _ = load_night(sample_night_document())
        assert night is not None
        shown = score_night(night), "Sample night"
    window = SheetWindow(*shown)
    window.show()
    shot = os.environ.get("SCOREKEEPER_SCREENSHOT")
    if shot:
        QTimer.singleShot(500, lambda: _screenshot_and_quit(app, shot))
    return int(app.exec())


def _screenshot_and_quit(app: QApplication, path: str) -> None:
    """Save the whole screen (the real X screen under Xvfb) to PATH, then quit: used to
    produce the README's screenshots."""
    screen = app.primaryScreen()
    screen.grabWindow(0).save(path)
    app.quit()
