"""A date typed as people type one: `11/3/2026` (or `3.11.2026`) reads 11/3/2026.

Qt's QDateEdit moves on to the next part by itself once a part is whole (`11` of the
month), so the separator typed after it skipped a part ("11/3/3202", a trial), and its
Tab moved between the parts instead of on to the next field (names typed after it were
lost in the date).  Here a separator right after such a move is taken as said, and Tab
leaves the field."""

from __future__ import annotations

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDateEdit, QWidget


class TypedDateEdit(QDateEdit):
    def __init__(self, date: QDate, parent: QWidget | None = None) -> None:
        super().__init__(date, parent)
        self._moved_on = False  # the last key made the field go on to the next part

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and not (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            # On to the next field, as everywhere else (Qt's own moves between the parts;
            # its focusNextPrevChild is what moves a whole part on, so it stays).
            forward = event.key() == Qt.Key.Key_Tab and not (
                event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            )
            QWidget.focusNextPrevChild(self, forward)
            event.accept()
            return
        typed = event.text()
        if typed and typed in self._separators() and self._moved_on:
            self._moved_on = False  # the part was whole already: the separator is said
            event.accept()
            return
        before = self.currentSectionIndex()
        super().keyPressEvent(event)
        self._moved_on = typed.isdigit() and self.currentSectionIndex() != before

    def _separators(self) -> set[str]:
        """What stands between the parts in the field's format ('/' in 'M/d/yyyy')."""
        return {char for char in self.displayFormat() if not char.isalpha()}
