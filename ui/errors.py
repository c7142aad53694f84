"""No traceback ever reaches the user: unexpected errors go to the log file in the
user's log folder (`scorekeeper.logs`, the app's whole log from its start), and the user
sees a short message saying where."""

from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from scorekeeper import logs
from scorekeeper.i18n import _

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

log = logging.getLogger(__name__)
PACKAGE = __name__.rpartition(".")[0]  # the app's package, whatever it is installed as


def log_path() -> Path:
    """The app's log file, in the user's log folder."""
    return logs.log_path()


def start_logging(*, debug: bool = False, early: bool = False) -> Path:
    """Send the app's log, and the core's, to the log file from now on (INFO; with
    DEBUG more); EARLY, not rotated until `logs.release` (the first paint)."""
    return logs.start_logging("sheepshead-scorekeeper", debug=debug, also=(PACKAGE,), early=early)


def show_error(message: str, title: str = "Sheepshead Scorekeeper") -> None:
    """A short message box (plain text: names may hold < or &)."""
    if QApplication.instance() is None:
        print(message, file=sys.stderr)
        return
    error_box(message, title).exec()


def error_box(message: str, title: str = "Sheepshead Scorekeeper") -> QMessageBox:
    """The message box `show_error` shows: MESSAGE as a sentence (`as_sentence`)."""
    from PySide6.QtWidgets import QMessageBox  # its enums made when first shown

    box = QMessageBox(QMessageBox.Icon.Critical, title, as_sentence(message))
    box.setTextFormat(box.textFormat().PlainText)
    return box


def as_sentence(message: str) -> str:
    """MESSAGE with a capital first letter when it starts with a word of the app's own
    (the store's refusals are clauses, "the database … is damaged", for the command
    line's "error: "); one that starts with a path, an address or a quoted value,
    none of them a plain word, is left as it is."""
    word = message.split(" ", 1)[0]
    if word.isalpha() and word.islower():
        return message[0].upper() + message[1:]
    return message


def unexpected(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    """sys.excepthook: log the whole story, tell the user in one sentence."""
    log.error("unexpected error\n%s", "".join(traceback.format_exception(kind, error, tb)))
    logs.flush()  # the file the message names holds the story when it is read
    show_error(
        _(
            "Something went wrong ({error}). Nothing you recorded is lost. "
            "The details are in {path}."
        ).format(error=f"{kind.__name__}: {error}", path=log_path())
    )


def install(*, debug: bool = False, early: bool = False) -> None:
    """Log from here on (EARLY: `start_logging`), and catch every unexpected error."""
    start_logging(debug=debug, early=early)
    sys.excepthook = unexpected
