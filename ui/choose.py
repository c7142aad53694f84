"""A choice from a list in a small dialog (Night ▸ A player joins, leaves, Bring back a
deleted night): Qt's `QInputDialog.getItem`, but at least as wide as its title needs,
since a window manager cuts a title too long for the window ("A play… leaves", a trial)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QInputDialog, QLabel, QWidget

# What a window manager's title bar takes besides the title: its buttons and margins.
TITLE_BAR_EXTRA = 160


def choose_item(
    parent: QWidget,
    title: str,
    label: str,
    items: Sequence[str],
    current: int = 0,
    editable: bool = False,
) -> tuple[str, bool]:
    """The item chosen (or typed, when EDITABLE) and whether the dialog was accepted."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setComboBoxItems(list(items))
    dialog.setComboBoxEditable(editable)
    if items:
        dialog.setTextValue(items[current])
    # The dialog's layout sets its own least width when it is shown: the label's
    # least width widens it (the label is made by setLabelText).
    shown = dialog.findChild(QLabel)
    if shown is not None:
        shown.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(title) + TITLE_BAR_EXTRA)
    try:
        accepted = dialog.exec() == QInputDialog.DialogCode.Accepted
        return dialog.textValue(), accepted
    finally:
        dialog.deleteLater()  # not kept with its parent, one a question
