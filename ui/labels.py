"""Labels the windows share: text that is shown as it reads, never as markup."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

PROBLEM_COLOUR = "#b00020"


def plain_label(text: str = "", name: str = "") -> QLabel:
    """A label that never reads markup (names may hold < or &)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setAccessibleName(name)
    return label


def problem_label(name: str) -> QLabel:
    """A plain label for a problem, in the problem colour, empty until one is said."""
    label = plain_label(name=name)
    label.setStyleSheet(f"color: {PROBLEM_COLOUR}")
    return label
