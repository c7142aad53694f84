"""The app checking itself once started, for the smoke test of the installed and frozen
forms (packaging/smoke), where no test code of ours is at hand: with
SCOREKEEPER_SELF_CHECK naming a file, the app writes what a person would see at the
start (the window shown, its icon drawn, the name the desktop knows it by, its own
words, Qt's and its money in the language chosen, the database it opened) to that file
as JSON, and quits.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow

from scorekeeper import __version__, formatting, i18n
from scorekeeper.games import all_games
from scorekeeper.resources import resources_folder

from .games import form_for

VARIABLE = "SCOREKEEPER_SELF_CHECK"


def facts(app: QApplication, window: QMainWindow, database: str) -> dict[str, object]:
    """What the started app shows, in values a script can compare."""
    icon = window.windowIcon()
    return {
        "version": __version__,
        "window_shown": window.isVisible(),
        "title": window.windowTitle(),
        "icon_drawn": not icon.pixmap(QSize(48, 48)).isNull(),
        "icon_sizes": sorted(size.width() for size in icon.availableSizes()),
        "app_icon_drawn": not app.windowIcon().pixmap(QSize(48, 48)).isNull(),
        "desktop_file_name": QGuiApplication.desktopFileName(),
        "platform": app.platformName(),
        "language": i18n.language(),
        "our_words": i18n._("usage: "),  # a word of our catalogue ("Aufruf: " in German)
        "qt_words": QCoreApplication.translate("QPlatformTheme", "Cancel"),  # Qt's own
        "money": formatting.money(123456, "EUR"),  # Babel's data for the language
        # Every game and its entry form, those registered for later imported now: a
        # module only named by a string (scorekeeper.games.Later) is there too.
        "game_forms": [g.name for g in all_games() if form_for(g.name) is not None],
        "resources": str(resources_folder()),
        "database": database,
    }


def schedule(app: QApplication, window: QMainWindow, database: str) -> None:
    """When SCOREKEEPER_SELF_CHECK names a file, write the facts to it once the event
    loop runs (the window shown), then quit."""
    target = os.environ.get(VARIABLE)
    if target:
        QTimer.singleShot(0, lambda: _write_and_quit(app, window, database, Path(target)))


def _write_and_quit(app: QApplication, window: QMainWindow, database: str, path: Path) -> None:
    path.write_text(json.dumps(facts(app, window, database), indent=1), encoding="utf-8")
    app.quit()
