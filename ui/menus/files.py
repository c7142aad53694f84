"""File ▸ …: a night opened, exported (as a night document, a spreadsheet or a report)
or imported; a blank score pad; the database backed up and restored, and the daily
copies.  What only these need is imported where it is used, so that the first screen
shows without it (ui/main_window.py's LATER)."""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QSettings, Qt, SignalInstance
from PySide6.QtWidgets import QApplication, QDialog

from scorekeeper.explain import said
from scorekeeper.games import DEFAULT_PRESET
from scorekeeper.i18n import _, ngettext
from scorekeeper.store.errors import StorageError

from .. import errors
from ..spreadsheets import copy_sheet
from .screen import NightScreen

if TYPE_CHECKING:
    from scorekeeper.csv_out import Sheet
    from scorekeeper.store.database import Database

DAILY_KEEP_KEY = "backups/daily_keep"  # how many daily copies to keep (0: none)

T = TypeVar("T")


def busy(work: Callable[[], T]) -> tuple[T | None, str]:
    """WORK's result under the wait cursor, and ""; or None and the store's refusal,
    worded as the command line says it."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        return work(), ""
    except StorageError as error:
        return None, str(error)
    finally:
        QApplication.restoreOverrideCursor()


def daily_keep() -> int:
    """How many daily backups the user keeps (File ▸ Daily backups; 14 at first)."""
    from scorekeeper.store.daily import KEEP

    value = QSettings().value(DAILY_KEEP_KEY, KEEP)
    try:
        return max(0, int(str(value)))
    except ValueError:
        return KEEP


def open_night(window: NightScreen) -> None:
    """File ▸ Open night: the night chosen in a searchable list of every night."""
    from scorekeeper.store.night_search import NightSearch

    from ..night_chooser import choose_night

    session = window.session
    search = NightSearch(session.db)
    chosen = choose_night(search, window.widget) if search.total() else None
    if chosen is not None:
        session.undo_stack.clear()
        window.statusBar().clearMessage()  # "Ctrl+Z undoes it" was the other night's
        session.open(chosen.id)


def export_night(window: NightScreen) -> None:
    """File ▸ Export night: the night document (JSON), as `scorekeeper export` writes it."""
    from .. import file_dialogs

    session = window.session
    view = session.view
    if session.night_id is None or view is None:
        return
    suggested = f"{view.file_stem}.json"
    path = file_dialogs.save_file(window.widget, _("Export night"), suggested, "JSON (*.json)")
    if path:
        import json

        from scorekeeper.store.night_import import export_night

        document = export_night(session.db, night_id=session.night_id)
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(document, handle, ensure_ascii=False, indent=2)


def sheet_for_spreadsheet(window: NightScreen) -> Sheet | None:
    """The night on screen as a spreadsheet: a row a hand, a column a player, the
    totals and the money in cents (what `scorekeeper export --csv` writes)."""
    from scorekeeper.reports.sheets import night_sheet, scored_in_english
    from scorekeeper.store.stored_night import night_of_document

    view = window.session.view
    if view is None:
        return None
    night = night_of_document(view.document, night_id=view.night_id)
    return night_sheet(scored_in_english(night), [line.dealer for line in view.lines])


def copy_for_spreadsheet(window: NightScreen) -> None:
    """Edit ▸ Copy the sheet (Ctrl+C on the sheet): the sheet on the clipboard for a
    spreadsheet (ui.spreadsheets, as every table copies), and said."""
    sheet = sheet_for_spreadsheet(window)
    if sheet is None:
        return
    copy_sheet(sheet)
    rows = len(sheet.rows)
    window.say(
        ngettext(
            "Copied the sheet ({count} row) to paste into a spreadsheet.",
            "Copied the sheet ({count} rows) to paste into a spreadsheet.",
            rows,
        ).format(count=rows)
    )


def export_spreadsheet(window: NightScreen) -> None:
    """File ▸ Export as spreadsheet (CSV): the sheet on screen, in a file chosen here."""
    from ..spreadsheets import export_sheet

    view = window.session.view
    if view is None:
        return
    suggested = f"{view.file_stem}.csv"
    path, problem = export_sheet(window.widget, sheet_for_spreadsheet(window), suggested)
    if problem:
        errors.show_error(problem)
    elif path:
        window.say(
            _("Exported the sheet to {path} (points, and money in cents).").format(path=path)
        )


def print_night(window: NightScreen) -> None:
    """File ▸ Print night report: the session report (PDF) of the night on screen."""
    from ..reports import built, make_report

    view, db = window.session.view, window.session.db
    if view is None:
        return
    # The night as people know it, never its id: 'Tuesday-League-2026-11-03-table-1.pdf'.
    suggested = f"{view.file_stem}.pdf"
    make_report(window.widget, suggested, partial(built("night_pdf"), db, night_id=view.night_id))
    window.back_to_entry()


def print_pad(window: NightScreen) -> None:
    """File ▸ Blank score pad: a PDF for the players at this table, or others typed
    in, in the words of this table's game."""
    from PySide6.QtWidgets import QInputDialog

    from ..reports import built, make_report

    view = window.session.view
    preset = view.rules.preset if view else DEFAULT_PRESET
    seated = ", ".join(view.seated_next) if view else "Ann, Bob, Cal, Dee, Eve"
    names, ok = QInputDialog.getText(
        window.widget, _("Blank score pad"), _("Players, clockwise:"), text=seated
    )
    if ok:
        players = [n.strip() for n in names.split(",") if n.strip()]
        make_report(
            window.widget, "score-pad.pdf", partial(built("pad_pdf"), players, preset=preset)
        )
    window.back_to_entry()


def import_nights(window: NightScreen) -> None:
    """File ▸ Import nights: night documents (JSON, as File ▸ Export night and
    `scorekeeper export` write them), all filed or none; the last one opened."""
    from .. import file_dialogs
    from ..app_layer import import_files

    paths = file_dialogs.open_files(
        window.widget,
        _("Import nights"),
        str(Path.home()),
        _("Night documents (*.json);;All files (*)"),
    )
    if not paths:
        window.back_to_entry()
        return
    try:
        ids = import_files(window.session.db, paths)
    except StorageError as error:
        errors.show_error(_("Nothing was imported: {reason}").format(reason=error))
        return
    if ids:
        window.session.open(ids[-1])
        window.refresh_league()
    window.say(
        ngettext(
            "Imported {count} night: {numbers}.",
            "Imported {count} nights: {numbers}.",
            len(ids),
        ).format(count=len(ids), numbers=", ".join(map(str, ids)))
    )


def import_spreadsheet(window: NightScreen) -> None:
    """File ▸ Import spreadsheet: a league's sheet of sittings (a row a sitting, a
    column a player), previewed before Import files it whole; said in the status bar."""
    from .. import file_dialogs
    from ..sheet_dialog import SheetImportDialog

    path = file_dialogs.open_file(
        window.widget,
        _("Import spreadsheet"),
        str(Path.home()),
        _("CSV (*.csv *.txt);;Any file (*)"),
    )
    if path:
        session = window.session
        view = session.view
        league = view.document.get("league") if view is not None else None
        dialog = SheetImportDialog(session.db, path, league, window.widget)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.plan is not None:
            session.refresh()
            filed = len(dialog.filed)
            window.say(
                said(
                    ngettext(
                        "Filed {count} night of {file} into {league}.",
                        "Filed {count} nights of {file} into {league}.",
                        filed,
                    ),
                    count=filed,
                    file=Path(path).name,
                    league=dialog.plan.league,
                )
            )
        dialog.deleteLater()  # and the sheet it holds
    window.back_to_entry()


def back_up(window: NightScreen) -> None:
    """File ▸ Back up: a copy of the whole database, safe while it is open, in a
    file chosen here; said in the status bar, or why not in one sentence."""
    from .. import file_dialogs
    from ..app_layer import back_up

    db = window.session.db
    kind = "sqlite3" if db.sqlite_path is not None else "json"
    suggested = Path.home() / f"scorekeeper-backup-{dt.date.today()}.{kind}"
    kinds = (
        _("SQLite copy (*.sqlite3);;JSON dump of every row (*.json)")
        if db.sqlite_path is not None
        else _("JSON dump of every row (*.json)")
    )
    path = file_dialogs.save_file(window.widget, _("Back up the database"), str(suggested), kinds)
    if path:
        made, refusal = busy(lambda: back_up(db, path))
        if refusal:
            errors.show_error(refusal)
        else:
            window.say(
                _("Backed up to {path} ({kind}); File ▸ Restore a backup puts it back.").format(
                    path=path, kind=made
                )
            )
    window.back_to_entry()


def restore_backup(window: NightScreen) -> None:
    """File ▸ Restore a backup: a backup file chosen, what it replaces said and
    confirmed, then put in place (checked whole first; a copy of the database it
    replaces kept); the night screen reads the restored database from the start,
    with nothing to undo.  Refused, in one sentence, while another program has the
    database open."""
    from PySide6.QtWidgets import QMessageBox

    from scorekeeper.store.engine import describe
    from scorekeeper.store.tonight import night_to_reopen

    from .. import file_dialogs
    from ..app_layer import preview_backup, restore_backup
    from ..restore_question import restore_question

    db = window.session.db
    kinds = (
        _("Backups (*.sqlite3 *.bak *.json);;All files (*)")
        if db.sqlite_path is not None
        else _("JSON dumps (*.json);;All files (*)")
    )
    path = file_dialogs.open_file(window.widget, _("Restore a backup"), str(Path.home()), kinds)
    if not path:
        window.back_to_entry()
        return
    preview, refusal = busy(lambda: preview_backup(db, path))
    if preview is None:  # a backup the restore would refuse: said before any question
        errors.show_error(refusal)
        return
    server = None if db.sqlite_path is not None else describe(db.url)
    question = restore_question(preview, Path(path).name, server=server)
    answer = QMessageBox.question(
        window.widget,
        _("Restore a backup"),
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    if answer != QMessageBox.StandardButton.Yes:
        window.back_to_entry()
        return
    kept, refusal = busy(lambda: restore_backup(db, path))
    if refusal:
        errors.show_error(refusal)
        return
    # Every undo stack's changes were to rows the backup replaced: none is kept.
    window.session.undo_stack.clear()
    if window.league_window is not None:
        window.league_window.undo_stack.clear()
    window.session.open(night_to_reopen(db))
    window.refresh_league()
    if window.board_window is not None:
        window.board_window.refresh()
    window.say(
        _("Restored {file}; the database before it is kept as {kept}.").format(
            file=Path(path).name, kept=kept
        )
        if kept
        else _("Restored {file}.").format(file=Path(path).name)
    )


def choose_daily_backups(window: NightScreen) -> None:
    """File ▸ Daily backups: how many daily copies to keep (0: none)."""
    from PySide6.QtWidgets import QInputDialog

    keep, ok = QInputDialog.getInt(
        window.widget,
        _("Daily backups"),
        _(
            "On the first start of each day the database is copied; keep the newest\n"
            "how many copies (0: make none)?"
        ),
        daily_keep(),
        0,
        365,
    )
    if ok:
        QSettings().setValue(DAILY_KEEP_KEY, keep)
        window.say(
            ngettext(
                "Daily backups: the newest {count} copy kept.",
                "Daily backups: the newest {count} copies kept.",
                keep,
            ).format(count=keep)
            if keep
            else _("Daily backups: none made.")
        )
    window.back_to_entry()


def daily_backup(db: Database, done: SignalInstance) -> threading.Thread | None:
    """The first start of a day: a copy of DB, made in a thread of its own so the
    window can be typed into meanwhile (the thread returned), said through DONE (what,
    and whether a copy was made); None when nothing is copied."""
    from ..app_layer import daily_copy

    keep = daily_keep()
    if db.sqlite_path is None:
        return None  # a server database is backed up by its organiser (docs/decisions.md)
    if db.created:
        return None  # nothing in it to keep yet; the status bar says where it was made

    def work() -> None:
        try:
            made = daily_copy(db, keep)
            said = _("Today's backup: {path}").format(path=made) if made is not None else ""
        except StorageError as error:
            made, said = None, _("Today's backup was not made: {reason}").format(reason=error)
        if said:
            with contextlib.suppress(RuntimeError):  # the window gone meanwhile
                done.emit(said, made is not None)

    thread = threading.Thread(target=work, name="daily-backup", daemon=True)
    thread.start()
    return thread


def quit_app(window: NightScreen) -> None:
    """File ▸ Quit: the window closed (the league's and the board with it)."""
    window.close()
