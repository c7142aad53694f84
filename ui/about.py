"""Help ▸ About: what this program is (its version and licence, the Qt and Python it
runs on) and where it keeps things (the database, its backups, the log), each path in
a field of its own to select and copy, and Copy to put all of it on the clipboard for
a message to whoever helps."""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.about import LICENCE, version
from scorekeeper.i18n import _
from scorekeeper.logs import log_path
from scorekeeper.store.database import Database, copies_place
from scorekeeper.store.engine import describe

from .labels import plain_label

APP_NAME = "Sheepshead Scorekeeper"


def about_lines(db: Database) -> list[tuple[str, str]]:
    """What the dialog says, as (what, value) in the order shown: the version, the
    licence, Qt's and Python's versions, then the database, backups and log paths."""
    return [
        (_("Version"), version()),
        (_("Licence"), LICENCE),
        ("Qt", f"{qVersion()} (PySide6 {PySide6.__version__})"),
        ("Python", f"{platform.python_version()} ({platform.system()})"),
        (_("Database"), describe(db.url)),
        (_("Backups"), str(copies_place(db)[0])),
        (_("Log"), str(log_path())),
    ]


PATHS = 3  # the last lines are paths: each a field to select and copy


class AboutDialog(QDialog):
    """The version, licence, Qt and Python, and the database's, backups' and log's
    paths (selectable); Copy puts it all on the clipboard."""

    def __init__(self, parent: QWidget | None, db: Database) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("About {app}").format(app=APP_NAME))
        self.lines = about_lines(db)
        title = QLabel(f"<b style='font-size:large'>{APP_NAME}</b>")
        what = plain_label(_("Scores Sheepshead and Schafkopf nights and keeps a league."))
        licence = plain_label(
            _(
                "Free software under the GNU General Public License, version 3 or later: "
                "you may share and change it under its terms. It comes with no warranty."
            )
        )
        form = QFormLayout()
        self.fields: dict[str, QWidget] = {}
        for number, (name, value) in enumerate(self.lines):
            shown: QLabel | QLineEdit
            if number >= len(self.lines) - PATHS:
                shown = QLineEdit(value)
                shown.setReadOnly(True)
                shown.setCursorPosition(0)
                whole = shown.fontMetrics().horizontalAdvance(value) + 16
                shown.setMinimumWidth(max(420, min(whole, 760)))  # a long one scrolls
            else:
                shown = plain_label(value)
                shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            shown.setAccessibleName(name)
            form.addRow(_("{what}:").format(what=name), shown)
            self.fields[name] = shown
        where = plain_label(
            _(
                "Backups: the daily copies and those kept before a migration or a restore. "
                "The log says what the app did, for finding a fault."
            )
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(_("&Copy"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for part in (title, what, licence):
            layout.addWidget(part)
        layout.addSpacing(8)
        layout.addLayout(form)
        layout.addWidget(where)
        layout.addWidget(buttons)

    def text(self) -> str:
        """All the dialog says, a line each (for a message to whoever helps)."""
        return "\n".join([APP_NAME, *(f"{name}: {value}" for name, value in self.lines)])

    def copy(self) -> None:
        """Everything on the clipboard."""
        QGuiApplication.clipboard().setText(self.text())
