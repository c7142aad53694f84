"""Making a report from the app: where to save it, a progress dialog that can cancel a
long one, the file written whole, and an offer to open it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QWidget

from scorekeeper.i18n import _
from scorekeeper.store.errors import StorageError

from . import errors, file_dialogs
from .language import chosen_paper

Make = Callable[..., bytes]  # called with progress=...


def report_paper() -> str | None:
    """The paper reports are printed on, as the preferences say: 'A4' or 'Letter', or
    None for the locale's (the setting "auto", absent or not understood)."""
    value = chosen_paper()
    return None if value == "auto" else value


def built(name: str) -> Make:
    """A report function of `scorekeeper.reports.build`, imported when first used:
    reportlab takes a third of a second to import, and the app starts without it.  It
    prints on the paper the preferences choose (`report_paper`)."""

    def make(*args: Any, **kwargs: Any) -> bytes:
        from scorekeeper.reports import build

        report: Make = getattr(build, name)
        return report(*args, **{"paper": report_paper(), **kwargs})

    return make


def ask_where(parent: QWidget, suggested: str) -> Path | None:
    """The file to save a report to, or None if the person changed their mind."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if not folder or not Path(folder).is_dir():  # no Documents folder: the home folder,
        folder = str(Path.home())  # never the folder the app was started from (a trial)
    path = file_dialogs.save_file(
        parent, _("Save the report"), str(Path(folder) / suggested), _("PDF documents (*.pdf)")
    )
    if not path:
        return None
    return Path(path if path.lower().endswith(".pdf") else path + ".pdf")


def lay_out(parent: QWidget, make: Make) -> bytes | None:
    """Run MAKE under a progress dialog whose Cancel stops it; None when cancelled or
    when it failed (the failure shown in a sentence)."""
    from scorekeeper.reports.render import ReportCancelled, ReportError

    dialog = QProgressDialog(_("Laying out the report…"), _("Cancel"), 0, 0, parent)
    dialog.setWindowTitle(_("Making the report"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(400)

    def progress(kind: str, value: int) -> None:
        if kind == "SIZE_EST":
            dialog.setMaximum(max(1, value))
        elif kind == "PROGRESS":
            dialog.setValue(min(value, dialog.maximum()))
        elif kind == "PAGE":
            dialog.setLabelText(_("Laying out page {page}…").format(page=value))
        QApplication.processEvents()
        if dialog.wasCanceled():
            raise ReportCancelled("the report was cancelled")

    try:
        return make(progress=progress)
    except ReportCancelled:
        return None
    except (ReportError, StorageError) as error:
        errors.show_error(_("The report could not be made: {reason}").format(reason=error))
        return None
    finally:
        dialog.close()


def make_report(parent: QWidget, suggested: str, make: Make) -> Path | None:
    """Ask where, lay out, write whole, offer to open; the path written, or None.  The
    reports (reportlab: a third of a second) are imported once the file is chosen,
    while the progress dialog is up, not before the file dialog is shown."""
    path = ask_where(parent, suggested)
    if path is None:
        return None
    from scorekeeper.reports.build import save_pdf
    from scorekeeper.reports.render import ReportError

    data = lay_out(parent, make)
    if data is None:
        return None
    try:
        save_pdf(path, data)
    except ReportError as error:
        errors.show_error(_("The report could not be saved: {reason}").format(reason=error))
        return None
    answer = QMessageBox.question(
        parent, _("Report saved"), _("Saved {path}.\n\nOpen it now?").format(path=path)
    )
    if answer == QMessageBox.StandardButton.Yes:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
    return path
