"""Spreadsheets from the windows: File ▸ Export as spreadsheet (CSV)… saves what is on
screen as a CSV file, and Ctrl+C on a table copies that table as tab-separated text with
its header row, ready to paste into a spreadsheet.  Each table says which sheet it
shows (`scorekeeper.reports.sheets`, the same as the command line's `--csv`), and
`scorekeeper.csv_out` writes it: whole numbers as numbers, names never run as formulas.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from scorekeeper.i18n import N_, _

# The sheets' writer (and the csv module) is imported at the first copy or export: the
# night screen's Ctrl+C is there from its first paint, the writer not needed till used.
if TYPE_CHECKING:
    from scorekeeper.csv_out import Sheet

SheetOf: TypeAlias = "Callable[[], Sheet | None]"
COPY_TEXT = N_("&Copy the table (for a spreadsheet)")  # translated where it is shown


def allow_copy(
    view: QAbstractItemView, sheet_of: SheetOf, copied: Callable[[Sheet], None] | None = None
) -> QAction:
    """Ctrl+C on VIEW (when it has the keyboard) copies the sheet SHEET_OF gives as
    tab-separated text; COPIED hears of it.  Returns the action (a menu may show it)."""
    action = QAction(_(COPY_TEXT), view)
    action.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
    action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)

    def copy() -> None:
        sheet = sheet_of()
        if sheet is not None:
            copy_sheet(sheet)
            if copied is not None:
                copied(sheet)

    action.triggered.connect(lambda _=False: copy())
    view.addAction(action)
    return action


def copy_sheet(sheet: Sheet) -> None:
    """SHEET on the clipboard as tab-separated text with its header row."""
    from scorekeeper.csv_out import tsv_text

    QApplication.clipboard().setText(tsv_text(sheet))


def file_name(*words: str | None) -> str:
    """A file name for a sheet from WORDS ("Tuesday Night League", "standings"): no
    folder separators or characters a file system refuses, ending `.csv`."""
    name = " ".join(w for w in words if w)
    return re.sub(r'[\\/:*?"<>|\x00-\x1f]+', "-", name).strip(" .-") + ".csv"


def export_sheet(parent: QWidget, sheet: Sheet | None, suggested: str) -> tuple[str, str]:
    """Ask where to save SHEET (SUGGESTED, in the home folder, to start with) and save it
    there, whole or not at all.  Returns (the file written, "") or ("", why not in one
    sentence); ("", "") when nothing was asked for or the person cancelled."""
    if sheet is None:
        return "", ""
    from . import file_dialogs  # the dialog's module, once a sheet is saved

    path = file_dialogs.save_file(
        parent,
        _("Export as spreadsheet (CSV)"),
        str(Path.home() / suggested),
        _("CSV spreadsheet (*.csv)"),
    )
    if not path:
        return "", ""
    if not Path(path).suffix:
        path += ".csv"
    from scorekeeper.csv_out import write_csv

    try:
        write_csv(sheet, path)
    except OSError as error:
        return "", _("{path}: cannot write it ({reason}); nothing was written").format(
            path=path, reason=error.strerror
        )
    return path, ""
