"""A window's first size, fitted to the screen it opens on."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

# Room kept for the title bar and the window frame, which the window's own size leaves
# out until it is shown.
FRAME = 48


def resize_to_fit(window: QWidget, width: int, height: int) -> None:
    """Give WINDOW the size WIDTH x HEIGHT, or less where its screen's free area (less
    panels and task bars) is smaller, so that its frame and all of it show."""
    screen = window.screen()
    if screen is None:
        window.resize(width, height)
        return
    free = screen.availableGeometry()
    window.resize(min(width, free.width() - FRAME // 2), min(height, free.height() - FRAME))
