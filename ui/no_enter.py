"""`NoEnterDialog`: a dialog Enter never accepts by itself (Start a night, a night's
house rules, Import spreadsheet), with the problem line that says what stops it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton


class NoEnterDialog(QDialog):
    """A dialog that Enter never accepts by itself: Enter acts on the button that has
    the focus, and otherwise on nothing (a field's own Enter still works)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            focused = self.focusWidget()
            if isinstance(focused, QPushButton):
                focused.click()
            return
        super().keyPressEvent(event)

    def problem_and_buttons(self) -> tuple[QLabel, QDialogButtonBox]:
        """The line that names what stops the dialog, and its OK and Cancel.  The line
        keeps room for two lines of text, shown or not, so that nothing above it moves
        when a problem appears, wraps or goes."""
        problem = QLabel()
        problem.setStyleSheet("color: #b00020;")
        problem.setTextFormat(Qt.TextFormat.PlainText)
        problem.setWordWrap(True)
        problem.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        problem.setMinimumHeight(2 * problem.fontMetrics().lineSpacing())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        return problem, buttons

    def plain_buttons(self, box: QDialogButtonBox) -> None:
        for button in box.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
                button.setDefault(False)
