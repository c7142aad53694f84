"""Work the app does while the user looks, not while they act: the imports after the
first paint (`import_when_quiet`: ui/app.py's `when_shown`, `MainWindow.load_rest`)
each block the event loop for a moment, so each waits for a quiet one.

A step runs at an event-loop turn when no menu or dialog of the app is open (but the
first start's welcome, shown whole before the event loop ran: `WHOLE`) and no key or
mouse button was pressed in the last `QUIET_MS`; otherwise it is looked at again
`RETRY_MS` later.  So a menu opened or a dialog called up in the first second is never
frozen half open by an import (keys typed then reached the wrong place: a new user's
trial), and a typist's keys wait for one step at most.  The clock that hears the keys
is an application-wide event filter, so it listens only while such work is pending.
"""

from __future__ import annotations

import importlib
import linecache
import time
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from . import dialog_keys

QUIET_MS = 250
# A dialog's property: it was shown whole before the event loop ran (the first start's
# welcome), so work behind it cannot freeze it half open; keys typed into it still wait
# for the work, and the database is open by the time it closes.
WHOLE = "shown_whole"
RETRY_MS = 40
INPUT = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.Wheel,
    }
)


class InputClock(QObject):
    """When the user last pressed a key or a button, heard by an event filter on the
    whole application while `listening`."""

    def __init__(self) -> None:
        super().__init__()
        self.last = 0.0  # time.monotonic() of the last key or click
        self.pending = 0  # steps waiting: the filter listens while any is

    def listen(self) -> None:
        app = QApplication.instance()
        if self.pending == 0 and app is not None:
            app.installEventFilter(self)
        self.pending += 1

    def stop(self) -> None:
        self.pending -= 1
        app = QApplication.instance()
        if self.pending == 0 and app is not None:
            app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in INPUT:
            self.last = time.monotonic()
        return False

    def quiet(self) -> bool:
        """No menu or dialog open, and no key or click for `QUIET_MS`."""
        if QApplication.activePopupWidget() is not None:
            return False
        modal = QApplication.activeModalWidget()
        if (modal is not None and not modal.property(WHOLE)) or dialog_keys.current():
            return False
        return (time.monotonic() - self.last) * 1000 >= QUIET_MS


CLOCK = InputClock()


def when_quiet(step: Callable[[], None]) -> None:
    """Run STEP at an event-loop turn when the user is not acting (see above)."""
    CLOCK.listen()
    QTimer.singleShot(0, partial(_attempt, step))


def _attempt(step: Callable[[], None]) -> None:
    if not CLOCK.quiet():
        QTimer.singleShot(RETRY_MS, partial(_attempt, step))
        return
    CLOCK.stop()
    step()


def import_when_quiet(
    modules: Sequence[str], then: Callable[[], None] | None = None, package: str | None = None
) -> None:
    """Import MODULES (relative ones to PACKAGE), one a quiet event-loop turn, the source
    text PySide6 read of each let go after it (`forget_sources`); then call THEN."""
    if not modules:
        if then is not None:
            then()
        return

    def step() -> None:
        importlib.import_module(modules[0], package)
        forget_sources()
        import_when_quiet(modules[1:], then, package)

    when_quiet(step)


def forget_sources() -> None:
    """Let go of the source text of the modules just imported: PySide6 reads the source
    of every module imported after it (looking for `from __feature__`) through
    `linecache`, which keeps it: some 20 MB for the database layer alone, the app's
    peak memory if kept (docs/performance.md).  ui/binding.py answers that scan without
    reading on the PySide6 the app pins; this stays for one whose scan it cannot.
    Called after each import step; a traceback reads again what it needs."""
    linecache.clearcache()
