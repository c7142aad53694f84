"""File dialogs that never open a file they list.

Qt's file dialog asks its icon provider for each file's icon, and the provider reads
the first bytes of the file to learn its type.  Opening and closing a file the app's
database is in (the SQLite file, its -wal or -shm) releases every POSIX lock this
process holds on it: SQLite's own locks, silently, so that another program could write
under the app and the database be damaged (found in a new user's trial: a CSV chosen
beside the database).  These dialogs list files with plain icons, told by the name
only, and are Qt's own widget dialog (a platform's native dialog may read files too).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QFileInfo
from PySide6.QtGui import QAbstractFileIconProvider, QIcon
from PySide6.QtWidgets import QFileDialog, QStyle, QWidget

from scorekeeper.i18n import _


class NamesOnlyIcons(QAbstractFileIconProvider):
    """A folder's icon or a file's, never read from the file itself."""

    def __init__(self, style: QStyle) -> None:
        super().__init__()
        self.folder = style.standardIcon(QStyle.StandardPixmap.SP_DirIcon)
        self.file = style.standardIcon(QStyle.StandardPixmap.SP_FileIcon)

    def icon(self, what: object) -> QIcon:
        if isinstance(what, QFileInfo):
            return self.folder if what.isDir() else self.file
        return self.file

    def type(self, info: QFileInfo) -> str:
        return _("Folder") if info.isDir() else _("File")


def configure(dialog: QFileDialog) -> QFileDialog:
    """DIALOG made one that never opens the files it lists."""
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setIconProvider(NamesOnlyIcons(dialog.style()))
    return dialog


def _dialog(
    parent: QWidget | None, title: str, start: str, kinds: str, mode: QFileDialog.FileMode
) -> QFileDialog:
    dialog = configure(QFileDialog(parent, title, start, kinds))
    dialog.setFileMode(mode)
    return dialog


def open_file(parent: QWidget | None, title: str, start: str, kinds: str) -> str:
    """One existing file chosen, or "" when cancelled."""
    dialog = _dialog(parent, title, start, kinds, QFileDialog.FileMode.ExistingFile)
    return dialog.selectedFiles()[0] if dialog.exec() and dialog.selectedFiles() else ""


def open_files(parent: QWidget | None, title: str, start: str, kinds: str) -> Sequence[str]:
    """Existing files chosen, or none when cancelled."""
    dialog = _dialog(parent, title, start, kinds, QFileDialog.FileMode.ExistingFiles)
    return list(dialog.selectedFiles()) if dialog.exec() else []


def save_file(parent: QWidget | None, title: str, start: str, kinds: str) -> str:
    """Where to write a file, chosen (its replacing a file asked), or "" when cancelled."""
    dialog = _dialog(parent, title, start, kinds, QFileDialog.FileMode.AnyFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    return dialog.selectedFiles()[0] if dialog.exec() and dialog.selectedFiles() else ""
