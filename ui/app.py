"""Launching the desktop app: arguments, the database, and the night screen.

The application layer opens the database (`ui.app_layer.open_store`, with the sample
league the first time).  The app opens on the night changed last that is still open
(read from the database, so it reopens on the same night even after being killed), or
on the latest night.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from . import binding  # noqa: F401  (PySide6 first, its source scan off: ui/binding.py)

# isort: split

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from scorekeeper import i18n, logs
from scorekeeper.about import version
from scorekeeper.i18n import _
from scorekeeper.logs import log_path
from scorekeeper.store.errors import StorageError

from . import errors
from .app_layer import open_store
from .first_screen import read_view, sound
from .language import apply_language, chosen_language
from .main_window import MainWindow
from .menus.windows import show_welcome
from .paths import APP_ID
from .quiet import import_when_quiet, when_quiet
from .session import NightSession

# The database layer (SQLAlchemy, sqlmodel, pydantic: some 500 modules, half a start) is
# imported once the first screen is up (ui/first_screen.py), or before the window when
# the usual open must run first.
if TYPE_CHECKING:
    from scorekeeper.store.database import Database

APP_NAME = "Sheepshead Scorekeeper"
FIRST_PAINT_WAIT_MS = 2000
# The database layer, imported once the first screen is shown, a step at a time (each
# blocks the event loop: SQLAlchemy's package alone about 0.2 s on 2 cores).
LAYER = (
    "sqlalchemy",
    "sqlalchemy.orm",
    "pydantic",
    "pydantic.main",
    "sqlmodel",
    "scorekeeper.store.tables",
)
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
    from scorekeeper.store.engine import describe
    from scorekeeper.store.tonight import night_to_reopen

    session = NightSession(database)
    session.open(night_to_reopen(database))
    window = MainWindow(session)
    if database.created:
        window.say(
            _("A new database was made at {database}.").format(database=describe(database.url))
        )
    return window


def open_first(url: str | None) -> tuple[MainWindow, bool] | None:
    """The night screen on the night to reopen, read before the database layer is
    imported (ui/first_screen.py), and whether the sample league is there; None when
    the usual open must run first."""
    first = read_view(url)
    if first is None:
        return None
    session = NightSession(lambda: open_store(url))
    session.show_first(first.view)
    window = MainWindow(session)  # built while the open's check of the file runs
    if sound(url):
        return window, first.sample
    window.deleteLater()  # the usual open says what is wrong with the file
    return None


def show_first(url: str | None) -> MainWindow:
    """The night screen opened (on its first screen when it can be: `open_first`) and
    shown; on the first start with the welcome over it at once, before the event loop
    runs, so every key typed reaches the window it was typed into (a welcome shown
    only once the database was open, a second later, took the keys of a hand being
    typed: a trial).  A refusal to open raises `StorageError`."""
    opened = open_first(url)
    if opened is None:
        window, sample = open_window(open_store(url)), None  # asked of the open database
    else:
        window, sample = opened
    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setWindowIcon(window.windowIcon())  # the dialogs' too
    window.show()
    if first_start():
        # Shown whole before the event loop: the database layer loads behind it (a
        # packaged build's self-check, on a fresh profile, waited for it for ever).
        show_welcome(window, sample, whole=True)
    return window


class _FirstPaint(QObject):
    """Calls THEN once, when WINDOW has been painted the first time (or after
    `FIRST_PAINT_WAIT_MS`, should no paint come: a window started minimised)."""

    def __init__(self, window: MainWindow, then: Callable[[], None]) -> None:
        super().__init__(window)
        self.then: Callable[[], None] | None = then
        window.installEventFilter(self)
        QTimer.singleShot(FIRST_PAINT_WAIT_MS, self.call)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.call)  # once the whole window is painted
        return False

    def call(self) -> None:
        then, self.then = self.then, None
        if then is not None:
            then()


def after_first_paint(window: MainWindow, then: Callable[[], None]) -> None:
    """Call THEN once WINDOW is on the screen, painted: what is loaded after the first
    screen must not delay it."""
    _FirstPaint(window, then)


def when_shown(app: QApplication, window: MainWindow) -> None:
    """Once the window is up: the panels of its other tabs made, the database layer
    imported (one module an event-loop turn, each when the user is not acting:
    ui/quiet.py), then `open_behind`.  The cycle collector, paused for the start
    (ui/start.py), runs again from here, and the log file is rotated from here on
    (scorekeeper.logs.release: its rotating handler not imported before the paint)."""
    gc.enable()
    logs.release()
    when_quiet(window.make_panels)
    import_when_quiet(LAYER, then=partial(open_behind, app, window))


def open_behind(app: QApplication, window: MainWindow) -> None:
    """The database opened behind a first screen (at once for a window opened the usual
    way), then the rest loaded and the day's backup made.  A refusal to open is said,
    and the app ends with status 2."""
    from scorekeeper.store.engine import describe

    try:
        window.session.open_database()
    except StorageError as error:
        errors.show_error(str(error))
        app.exit(2)
        return
    window.load_rest()  # the menus' dialogs, while the user looks
    QTimer.singleShot(0, window.daily_backup)  # the first start of a day: a copy
    from . import self_check  # a packaged build's check of itself, once the app is open

    self_check.schedule(app, window, describe(window.session.db.url))


def main(argv: Sequence[str] | None = None) -> int:
    """Open the app and run until its window is closed."""
    argv = list(sys.argv[1:] if argv is None else argv)
    identify()
    i18n.set_language(chosen_language())  # --help in the app's language too
    i18n.translate_argparse()
    args = parse_arguments(argv)
    # The log from here on, rotated after the first paint (when_shown).
    errors.install(debug=args.debug, early=True)
    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication([sys.argv[0], *argv])
    logger.info("language: %s (chosen: %s)", apply_language(app), chosen_language())
    try:
        window = show_first(args.database)
    except StorageError as error:
        errors.show_error(str(error))
        return 2
    after_first_paint(window, partial(when_shown, app, window))
    shot = os.environ.get("SCOREKEEPER_SCREENSHOT")
    if shot:
        QTimer.singleShot(800, lambda: _screenshot_and_quit(app, shot))
    return int(app.exec())


def _screenshot_and_quit(app: QApplication, path: str) -> None:
    """Save the whole screen (the real X screen under Xvfb) to PATH, then quit: used to
    produce the README's screenshots."""
    screen = app.primaryScreen()
    screen.grabWindow(0).save(path)
    app.quit()


if __name__ == "__main__":  # `python -m ui.app`, as `python -m ui`
    raise SystemExit(main())
