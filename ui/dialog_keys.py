"""A dialog called up by a key, and the keys typed right after it: they reach it.

Qt blocks the window under a modal dialog the moment the dialog is shown, but the
window manager gives the dialog the keyboard only a moment later; keys typed in between
are addressed to the window under it, and Qt drops keys sent to a blocked window.  A
new user's trial: F1 then Esc at once left the help open (the Esc dropped), and it took
the keys of the next hand; Ctrl+O then a name at once lost the name's first letters.

So `run` shows such a dialog without Qt's modality and keeps it modal itself: while it
is open, every key that reaches the window under it goes to the dialog's focused field
(the keys typed before the dialog had the keyboard included), no shortcut of that
window fires, and a click there brings the dialog back to the front.  Once it is
closed, the keys the window manager still sends it (it gave it the keyboard just as it
closed) go to the window under it, until that window (or another, an error box the
closing opened) has the keyboard or the dialog is deleted; keys typed into any other
window stay there.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QEventLoop, QObject
from PySide6.QtGui import QInputMethodEvent, QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from shiboken6 import isValid

# Typed text: keys, and what an input method (dead keys, Compose, IBus) commits.
KEYS = frozenset({QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.InputMethod})
CLICKS = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.Wheel,
    }
)
WATCHED = KEYS | CLICKS | {QEvent.Type.ShortcutOverride, QEvent.Type.WindowActivate}
_open: list[QDialog] = []  # the dialogs `run` shows, the innermost last


def current() -> QDialog | None:
    """The dialog `run` shows now (the innermost), or None."""
    return _open[-1] if _open else None


class _Keeper(QObject):
    """The application-wide filter that sends the keys of the window UNDER to DIALOG
    while it is open; once it is closed, until UNDER has the keyboard again, the keys
    the window manager still sends the closed dialog go back to UNDER."""

    def __init__(self, dialog: QDialog, under: QWidget) -> None:
        super().__init__(under)
        self.dialog, self.under = dialog, under
        self.closed = False
        self.stopped = False

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.deleteLater()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()  # first: every event of the app passes here
        if kind not in WATCHED or self.stopped or not isinstance(watched, QWidget):
            return False
        if self.closed or not isValid(self.dialog) or not self.dialog.isVisible():
            if kind == QEvent.Type.WindowActivate:  # sent to a window itself
                if not (isValid(self.dialog) and watched is self.dialog):
                    self.stop()  # the window, or another (an error box), has the keyboard
            elif kind in KEYS and isValid(self.dialog) and watched.window() is self.dialog:
                # A key sent to the closed dialog: the window manager had not yet
                # given the window back the keyboard.  A key typed into any other
                # window is that window's.
                return self._send(event, self.under.focusWidget() or self.under)
            return False
        if watched.window() is not self.under:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()  # the key is the dialog's: no shortcut of the window under it
            return True
        if kind in KEYS:
            return self._send(event, self.dialog.focusWidget() or self.dialog)
        if kind in CLICKS:
            self.dialog.raise_()
            self.dialog.activateWindow()
            return True
        return False

    @staticmethod
    def _send(event: QEvent, target: QWidget) -> bool:
        if isinstance(event, QInputMethodEvent):  # "ë" by a dead key, say
            text = QInputMethodEvent(event.preeditString(), event.attributes())
            text.setCommitString(
                event.commitString(), event.replacementStart(), event.replacementLength()
            )
            QApplication.sendEvent(target, text)
            return True
        if not isinstance(event, QKeyEvent):
            return False
        again = QKeyEvent(
            event.type(),
            event.key(),
            event.modifiers(),
            event.text(),
            event.isAutoRepeat(),
            event.count(),
        )
        QApplication.sendEvent(target, again)
        return True


def run(dialog: QDialog, under: QWidget) -> int:
    """Show DIALOG over the window UNDER and wait until it is closed, as `exec` does,
    every key typed meanwhile its own (see above); its result."""
    app = QApplication.instance()
    keeper = _Keeper(dialog, under.window())
    loop = QEventLoop()
    dialog.finished.connect(loop.quit)
    dialog.destroyed.connect(keeper.stop)  # never a filter left behind
    _open.append(dialog)
    if app is not None:
        app.installEventFilter(keeper)
    try:
        dialog.show()
        if dialog.isVisible():  # not closed while shown
            loop.exec()
    finally:
        _open.remove(dialog)
        keeper.closed = True
        if keeper.under.isActiveWindow():
            keeper.stop()
    return dialog.result()
