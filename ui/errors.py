"""No traceback ever reaches the user: unexpected errors go to a log file in the user's
data folder, and the user sees a short message saying where."""

from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path
from types import TracebackType

import platformdirs
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.i18n import _

APP_NAME = "sheepshead-scorekeeper"
log = logging.getLogger("scorekeeper")


def log_path() -> Path:
    """The app's log file, in the user's log folder."""
    return platformdirs.user_log_path(APP_NAME, appauthor=False) / "scorekeeper.log"


def start_logging() -> Path:
    """Send the app's log to its file (created if need be)."""
    path = log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    return path


def show_error(message: str, title: str = "Sheepshead Scorekeeper") -> None:
    """A short message box (plain text: names may hold < or &)."""
    if QApplication.instance() is None:
        print(message, file=sys.stderr)
        return
    box = QMessageBox(QMessageBox.Icon.Critical, title, message)
    box.setTextFormat(box.textFormat().PlainText)
    box.exec()


def unexpected(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    """sys.excepthook: log the whole story, tell the user in one sentence."""
    log.error("unexpected error\n%s", "".join(traceback.format_exception(kind, error, tb)))
    show_error(
        _(
            "Something went wrong ({error}). Nothing you recorded is lost. "
            "The details are in {path}."
        ).format(error=f"{kind.__name__}: {error}", path=log_path())
    )


def install() -> None:
    """Catch every unexpected error from here on."""
    start_logging()
    sys.excepthook = unexpected
