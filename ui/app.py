"""Launching the desktop app: arguments, the database, and the night screen.

The application layer opens the database (`ui.app_layer.open_store`, with the sample
league the first time).  The app opens on the night changed last that is still open
(read from the database, so it reopens on the same night even after being killed), or
on the latest night.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

# The database layer first (SQLAlchemy, sqlmodel, pydantic and the tables: some 500
# modules), then Qt: PySide6 reads the source of every module imported after it, looking
# for its __feature__ switch, which costs the start 40 ms (docs/performance.md).
from scorekeeper.store.database import Database
from scorekeeper.store.tonight import night_to_reopen

# isort: split
from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from scorekeeper import i18n
from scorekeeper.about import version
from scorekeeper.i18n import _
from scorekeeper.logs import log_path
from scorekeeper.store.engine import describe
from scorekeeper.store.errors import StorageError

from . import errors, self_check
from .app_layer import open_store
from .language import apply_language, chosen_language
from .main_window import MainWindow
from .paths import APP_ID
from .session import NightSession

APP_NAME = "Sheepshead Scorekeeper"
logger = logging.getLogger(__name__)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The app's own arguments; Qt's are left for QApplication."""
    parser = argparse.ArgumentParser(prog="sheepshead-scorekeeper", description=APP_NAME)
    parser.add_argument(
        "--database",
        metavar="URL",
        default=os.environ.get("SCOREKEEPER_DATABASE_URL"),
        help=_("SQLAlchemy database URL (default: a SQLite file in your data folder)"),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {version()}",
        help=_("show program's version number and exit"),  # argparse's own words, German
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        # Translators: {path} is the log file's path.
        help=_("write more to the log, for finding a fault ({path})")
        .format(path=log_path())
        .replace("%", "%%"),
    )
    args, _qt_arguments = parser.parse_known_args(argv)
    return args


def identify() -> None:
    """Names QSettings uses for the remembered window and start-night choices, and the
    desktop entry's name (its icon and name on a Wayland desktop's task bar)."""
    QCoreApplication.setOrganizationName("sheepshead-scorekeeper")
    QCoreApplication.setApplicationName(APP_NAME)
    QGuiApplication.setDesktopFileName(APP_ID)


def first_start() -> bool:
    """True the first time the app starts for this user (then never again): the
    welcome says that the sample league is a sample."""
    settings = QSettings()
    if settings.value("welcome/shown"):
        return False
    settings.setValue("welcome/shown", True)
    settings.sync()
    return True


def open_window(database: Database) -> MainWindow:
    """The night screen on the night to reopen; a database this start made says where
    it was made, in the status bar (a mistyped path is noticed)."""
    session = NightSession(database)
    session.open(night_to_reopen(database))
    window = MainWindow(session)
    if database.created:
        window.say(
            _("A new database was made at {database}.").format(database=describe(database.url))
        )
    return window


def main(argv: Sequence[str] | None = None) -> int:
    """Open the app and run until its window is closed."""
    argv = list(sys.argv[1:] if argv is None else argv)
    identify()
    i18n.set_language(chosen_language())  # --help in the app's language too
    i18n.translate_argparse()
    args = parse_arguments(argv)
    errors.install(debug=args.debug)  # the log from here on
    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication([sys.argv[0], *argv])
    logger.info("language: %s (chosen: %s)", apply_language(app), chosen_language())
    try:
        database = open_store(args.database)
    except StorageError as error:
        errors.show_error(str(error))
        return 2
    window = open_window(database)
    app.setWindowIcon(window.windowIcon())  # the dialogs' too
    window.show()
    QTimer.singleShot(0, window.load_rest)  # the menus' dialogs, while the user looks
    QTimer.singleShot(0, window.daily_backup)  # the first start of a day: a copy
    if first_start():
        QTimer.singleShot(0, window.show_welcome)
    shot = os.environ.get("SCOREKEEPER_SCREENSHOT")
    if shot:
        QTimer.singleShot(800, lambda: _screenshot_and_quit(app, shot))
    self_check.schedule(app, window, describe(database.url))
    return int(app.exec())


def _screenshot_and_quit(app: QApplication, path: str) -> None:
    """Save the whole screen (the real X screen under Xvfb) to PATH, then quit: used to
    produce the README's screenshots."""
    screen = app.primaryScreen()
    screen.grabWindow(0).save(path)
    app.quit()


if __name__ == "__main__":  # `python -m ui.app`, as `python -m ui`
    raise SystemExit(main())
