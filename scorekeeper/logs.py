"""The log: what the app and the command line did, from their start, in one file.

`scorekeeper.log` in the user's log folder (platformdirs' `user_log_dir`: on Linux
~/.local/state/sheepshead-scorekeeper/log), rotated at MAX_BYTES with the KEEP older
files beside it (`scorekeeper.log.1` the newest).  At INFO, the events someone helping
a user needs: a program started (its version, Python's, the platform), a database
opened or made, migrated (from and to which schema), a copy written (before a
migration, the daily one, a backup, a restore), and unexpected errors in full; with
`--debug`, each module's DEBUG lines too.  The app and the command line write to the
same file, each line naming its process.

Log lines are English and never translated (docs/translating.md): they are read by
whoever helps, not at the table.  A log that cannot be written never stops a program
nor puts a traceback on its screen: the line is dropped.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from scorekeeper.about import version

if TYPE_CHECKING:
    from logging.handlers import RotatingFileHandler

APP_NAME = "sheepshead-scorekeeper"
FILE_NAME = "scorekeeper.log"
MAX_BYTES = 1_000_000
KEEP = 3  # older files kept: scorekeeper.log.1 to .3
FORMAT = "%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s"
OURS = ("scorekeeper",)  # the loggers this package's modules log to (`__name__`)

logger = logging.getLogger(__name__)
_handler: logging.Handler | None = None
_attached: list[str] = []  # the loggers it was added to


HELD_LINES = 10_000  # at most, kept until the file is opened (`release`)


def _file_handler(path: Path) -> RotatingFileHandler:
    """The log file's handler: rotating, and quiet when it fails (a full disk, a folder
    not writable, another program rotating it at the same moment on Windows): the line
    is dropped instead of a traceback printed on standard error.  `logging.handlers`
    is imported here, not with the module (6 ms of the app's start: sockets, pickle)."""
    from logging.handlers import RotatingFileHandler

    class QuietRotatingHandler(RotatingFileHandler):
        def handleError(self, record: logging.LogRecord) -> None:
            return

    handler = QuietRotatingHandler(
        path, maxBytes=MAX_BYTES, backupCount=KEEP, encoding="utf-8", delay=True
    )
    handler.setFormatter(logging.Formatter(FORMAT))
    return handler


class _Held(logging.Handler):
    """The lines logged while the app starts, kept in memory until `release` writes
    them to the file (at the latest when the program ends)."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.records) < HELD_LINES:
            self.records.append(record)


def log_folder() -> Path:
    """The user's log folder for this app."""
    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def log_path() -> Path:
    """The log file (the newest; older ones beside it end .1, .2, .3)."""
    return log_folder() / FILE_NAME


def start_logging(
    program: str, *, debug: bool = False, also: Sequence[str] = (), held: bool = False
) -> Path:
    """Send this package's log (and the loggers named in ALSO: the app's own package) to
    the log file from now on, at INFO, or at DEBUG with DEBUG, and log PROGRAM's start.
    HELD (the app, before its first paint): the lines kept in memory until `release`
    opens the file, or the program ends.  Called again, it replaces the handler it
    added before.  Returns the file."""
    global _handler
    path = log_path()
    handler: logging.Handler = _Held() if held else _file_handler(path)
    if held:
        atexit.register(release)  # nothing logged is lost if the app ends before
    with contextlib.suppress(OSError):  # else each line is dropped; the program goes on
        path.parent.mkdir(parents=True, exist_ok=True)
    stop_logging()
    for name in (*OURS, *also):
        named = logging.getLogger(name)
        named.addHandler(handler)
        named.setLevel(logging.DEBUG if debug else logging.INFO)
        _attached.append(name)
    _handler = handler
    logger.info(
        "%s %s started (Python %s, %s)%s",
        program,
        version(),
        sys.version.split()[0],  # platform.python_version(), without its import
        sys.platform,
        ", debug" if debug else "",
    )
    return path


def release() -> None:
    """The file opened for lines held since `start_logging(held=True)`, and those lines
    written to it, in order; nothing when none are held."""
    global _handler
    held = _handler
    if not isinstance(held, _Held):
        return
    handler = _file_handler(log_path())
    for name in _attached:
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).removeHandler(held)
    _handler = handler
    for record in held.records:
        handler.handle(record)
    held.records.clear()


def stop_logging() -> None:
    """No more lines to the file (the handler `start_logging` added, taken off again)."""
    global _handler
    release()  # lines held: written first
    if _handler is None:
        return
    for name in _attached:
        logging.getLogger(name).removeHandler(_handler)
    _attached.clear()
    _handler.close()
    _handler = None


def flush() -> None:
    """Write out what is logged so far (a test, or before the log is shown)."""
    if _handler is not None:
        _handler.flush()
