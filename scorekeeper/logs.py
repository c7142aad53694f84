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

import contextlib
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from scorekeeper.about import version

APP_NAME = "sheepshead-scorekeeper"
FILE_NAME = "scorekeeper.log"
MAX_BYTES = 1_000_000
KEEP = 3  # older files kept: scorekeeper.log.1 to .3
FORMAT = "%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s"
OURS = ("scorekeeper",)  # the loggers this package's modules log to (`__name__`)

logger = logging.getLogger(__name__)
_handler: logging.Handler | None = None
_attached: list[str] = []  # the loggers it was added to


class _Quiet(logging.Handler):
    """A log file's handler that drops a line it cannot write (`_file_handler`)."""

    def handleError(self, record: logging.LogRecord) -> None:
        return


class _QuietFile(_Quiet, logging.FileHandler):
    """The log file, not rotated: what the app writes to until its first paint
    (`start_logging(early=True)`), then `release`s."""


def _file_handler(path: Path, *, rotating: bool = True) -> logging.FileHandler:
    """The log file's handler: ROTATING (or not: `_QuietFile`), and quiet when it fails
    (a full disk, a folder not writable, another program rotating it at the same moment
    on Windows): the line is dropped instead of a traceback printed on standard error.
    `logging.handlers` is imported here, not with the module (6 ms of the app's start:
    sockets, pickle, queues)."""
    handler: logging.FileHandler
    if rotating:
        from logging.handlers import RotatingFileHandler

        class QuietRotatingHandler(_Quiet, RotatingFileHandler):
            pass

        handler = QuietRotatingHandler(
            path, maxBytes=MAX_BYTES, backupCount=KEEP, encoding="utf-8", delay=True
        )
    else:
        handler = _QuietFile(path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter(FORMAT))
    return handler


def log_folder() -> Path:
    """The user's log folder for this app."""
    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def log_path() -> Path:
    """The log file (the newest; older ones beside it end .1, .2, .3)."""
    return log_folder() / FILE_NAME


def start_logging(
    program: str, *, debug: bool = False, also: Sequence[str] = (), early: bool = False
) -> Path:
    """Send this package's log (and the loggers named in ALSO: the app's own package) to
    the log file from now on, at INFO, or at DEBUG with DEBUG, and log PROGRAM's start.
    EARLY (the app, before its first paint): written at once, but not rotated until
    `release` (which imports the rotating handler).  Called again, it replaces the
    handler it added before.  Returns the file."""
    global _handler
    path = log_path()
    handler = _file_handler(path, rotating=not early)
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
    """The log file rotated from now on, when `start_logging(early=True)` began it
    without: the same file, every line kept, in order."""
    global _handler
    early = _handler
    if not isinstance(early, _QuietFile):
        return
    handler = _file_handler(log_path())
    for name in _attached:
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).removeHandler(early)
    _handler = handler
    early.close()


def stop_logging() -> None:
    """No more lines to the file (the handler `start_logging` added, taken off again)."""
    global _handler
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
