"""Where the league window opens: where it was when last closed; the first time, beside
the night screen when the screen has room, else a little down and right of its corner,
always on the screen."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QPoint, QRect, QSettings, QSize
from PySide6.QtWidgets import QWidget

GEOMETRY_KEY = "league/geometry"  # where the window was when it was last closed
SIZE = QSize(1100, 700)  # the first time, screen allowing
OFFSET = 48  # the first time, down and right of the night screen when not beside it


def first_place(screen: QRect, night: QRect, frame: QSize) -> QRect:
    """Where the league window first opens (its frame's corner, its size without the
    frame), on the SCREEN's free area and the night screen's frame NIGHT, each window's
    FRAME (title bar, borders) as big: beside the night screen when the screen has room,
    else OFFSET down and right of its corner; never past the screen's edges."""
    size = SIZE.boundedTo(screen.size() - frame)
    width, height = size.width() + frame.width(), size.height() + frame.height()
    if night.right() + width <= screen.right():
        left, top = night.right() + 1, night.top()
    else:
        left, top = night.left() + OFFSET, night.top() + OFFSET
    left = max(min(left, screen.right() + 1 - width), screen.left())
    top = max(min(top, screen.bottom() + 1 - height), screen.top())
    return QRect(QPoint(left, top), size)


def place(window: QWidget, beside: QWidget) -> bool:
    """Put WINDOW where it was when last closed; the first time, by `first_place` from
    the night screen BESIDE (its title and left edge left in sight), and say so (True)."""
    saved = QSettings().value(GEOMETRY_KEY)
    if isinstance(saved, QByteArray) and window.restoreGeometry(saved):
        return False
    frame = beside.frameGeometry().size() - beside.size()  # title bar and borders
    where = first_place(beside.screen().availableGeometry(), beside.frameGeometry(), frame)
    window.resize(where.size())
    window.move(where.topLeft())
    return True


def widen(window: QWidget, by: int) -> None:
    """WINDOW BY pixels wider, as far as its screen's free area has room; moved left
    where its right edge would pass the screen's, never past its left edge."""
    screen = window.screen().availableGeometry()
    frame = window.frameGeometry().width() - window.width()  # its borders
    width = min(window.width() + by, screen.width() - frame)
    left = max(min(window.x(), screen.right() + 1 - width - frame), screen.left())
    window.resize(width, window.height())
    window.move(left, window.y())


def keep_place(window: QWidget) -> None:
    """Remember where WINDOW is, for the next time it opens."""
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.sync()
