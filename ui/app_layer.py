"""The thin application layer: the one way the windows change the database.

Widgets never call the store's write functions (tests/ui/test_layers.py holds them to
it).  They call a layer: `NightSession` (ui/session.py) for the night screen,
`LeagueSession` (ui/league_session.py) for the league window, and `open_store` here
when the app starts.  A layer makes each change
in the store first (committed, checked and rescored there), then pushes it onto its
`UndoStack` as the command for that kind of change (ui/commands.py), then shows it.

Undo and redo keep the same order: the store first, and the stack moves only once the
store has done it.  So an undo or redo the database refuses leaves the stack and the
data in step, and says why in one sentence (`failed`): one refused for a while (the
database busy in another program) stays where it is, to be tried again; one that can
never be done (another program changed the same hand since) leaves the list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from scorekeeper.i18n import N_, _
from scorekeeper.problems import InvalidNight
from scorekeeper.store.errors import Conflict, StorageError

# The database layer (SQLAlchemy, sqlmodel) is imported where it is used: the first
# screen is shown before it (ui/first_screen.py).
if TYPE_CHECKING:
    from scorekeeper.store import hand_writes
    from scorekeeper.store.database import Database
    from scorekeeper.store.restore_preview import RestorePreview
    from scorekeeper.store.sheet_import import SheetPlan


def open_store(url: str | None) -> Database:
    """Open the database; the default one gets the sample league the first time."""
    from scorekeeper.store.database import open_database
    from scorekeeper.store.engine import resolve_url
    from scorekeeper.store.state import holds_data

    database = open_database(url)
    if not url and resolve_url(None) == resolve_url(url) and not holds_data(database):
        from scorekeeper.store.seed import seed_sample_league  # once in a user's life

        seed_sample_league(database)
    return database


def back_up(database: Database, target: str) -> str:
    """Copy the open database to TARGET with the command line's `backup` (a SQLite copy,
    or a JSON dump of every row when TARGET ends in .json): never onto the database
    itself or one of its files, never of a damaged one.  A file already at TARGET is
    replaced, as `--force` does: the save dialog has asked.  Returns what kind of copy
    was made; a refusal or a failed write raises `StorageError`, nothing written."""
    from scorekeeper.store.backup_commands import backup

    return backup(database, target, force=True)


def restore_backup(database: Database, source: str) -> Path | None:
    """Put the backup SOURCE in place of every row of DATABASE, as `scorekeeper restore
    --force` does: the backup checked whole first, a copy of what it replaces kept
    (returned; None when the database was empty), refused while another program has the
    database open.  A refusal raises `StorageError`, nothing changed."""
    from scorekeeper.store.backup_commands import restore

    return restore(database, source, force=True)


def preview_backup(database: Database, source: str) -> RestorePreview:
    """What restoring SOURCE would put in place of what (`restore_preview`): the backup
    checked whole as the restore checks it, in a scratch copy of its own; a backup the
    restore would refuse raises `StorageError` here, before anything is asked."""
    from scorekeeper.store.restore_preview import preview_restore

    return preview_restore(database, source)


def import_files(database: Database, paths: Sequence[str]) -> list[int]:
    """File the night documents in PATHS in one transaction, as `scorekeeper import`
    does (all or nothing, through the same JSON door and checks, and none that is stored
    already: `file_nights`); returns their ids.  A file that cannot be read, every
    problem of every night, and a night stored already raise `StorageError` naming the
    file."""
    from scorekeeper.document import loads_night
    from scorekeeper.json_input import read_limited, too_large
    from scorekeeper.store.fingerprints import AlreadyStored
    from scorekeeper.store.night_import import file_nights, season_needs_league

    names = [Path(path).name for path in paths]
    nights, lines = [], []
    for path, name in zip(paths, names, strict=True):
        try:
            with open(path, "rb") as handle:
                data = read_limited(handle)
        except OSError as error:
            raise StorageError(
                _("{file}: cannot be read ({reason})").format(file=name, reason=error.strerror)
            ) from None
        night, problems = loads_night(data) if data is not None else (None, [too_large()])
        if night is not None and night.info.season is not None and night.info.league is None:
            night, problems = None, [season_needs_league()]
        if night is None:
            lines += [f"{name}: {problem}" for problem in problems]
        else:
            nights.append(night)
    if lines:
        raise StorageError("; ".join(lines))
    try:
        filed = file_nights(database, nights)
    except AlreadyStored as error:
        said = [f"{names[d.index]}: {d.describe(names)}" for d in error.duplicates]
        raise StorageError("; ".join(said)) from None
    return [night_id for night_id in filed if isinstance(night_id, int)]


def daily_copy(database: Database, keep: int) -> Path | None:
    """Today's backup of DATABASE unless one was made today (`store.daily`), the
    newest KEEP kept; the copy made, or None.  A failed copy raises `StorageError`."""
    from scorekeeper.store.daily import daily_backup

    return daily_backup(database, keep=keep)


def import_sheet(database: Database, plan: SheetPlan) -> list[int]:
    """File a league's spreadsheet as the preview planned it (File ▸ Import spreadsheet,
    `scorekeeper import-sheet`): every night in one transaction, or none; their ids.
    Not on the undo stack: the preview and its Import button are the step's check.  A
    problem raises `InvalidNight` (named by row and column), a refusal `StorageError`."""
    from scorekeeper.store.sheet_import import file_sheet

    return file_sheet(database, plan)


class StoreCommand(QUndoCommand):
    """One kind of change, already made in the store when it is pushed.

    Each kind says how it is undone and redone in the store (`undo_in_store`,
    `redo_in_store`: each raises when the store refuses, having written nothing) and
    what it is called (its text).  `UndoStack` does that store step before it moves;
    Qt's `undo` and `redo` then find it done and do nothing more, as the first `redo`
    does when the command is pushed (the change is already stored)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.stored = True  # the store step of the next undo or redo is done already

    def undo_in_store(self) -> None:
        raise NotImplementedError

    def redo_in_store(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        if not self.stored:  # Qt moving the stack by itself: the store still follows
            self.redo_in_store()
        self.stored = False

    def undo(self) -> None:
        if not self.stored:
            self.undo_in_store()
        self.stored = False


# What an undo or redo the store refused says, by which it was: (refused for good, so
# taken off the list; refused for now).
REFUSALS = {
    "undo": (
        N_(
            "Could not undo “{change}”: {reason}, so it is taken off the undo list "
            "(nothing was changed)."
        ),
        N_("Could not undo “{change}”: {reason}."),
    ),
    "redo": (
        N_(
            "Could not redo “{change}”: {reason}, so it is taken off the redo list "
            "(nothing was changed)."
        ),
        N_("Could not redo “{change}”: {reason}."),
    ),
}


def reason(error: StorageError | InvalidNight) -> str:
    """A refusal in words, on one line."""
    if isinstance(error, InvalidNight):
        return "; ".join(str(problem) for problem in error.problems)
    return str(error)


class UndoStack(QUndoStack):
    """A QUndoStack of `StoreCommand`s whose `undo` and `redo` change the store first and
    move the stack only once the store has done it (`moved`), else leave it where it is
    with the sentence why in `refusal`."""

    refusal: str | None = None
    moved = False  # whether the last undo or redo moved the stack

    def undo(self) -> None:
        self.refusal, self.moved = None, False
        if not self.canUndo():
            return
        command = self.command(self.index() - 1)
        assert isinstance(command, StoreCommand)
        self.moved = self._move(command, "undo", command.undo_in_store, super().undo)

    def redo(self) -> None:
        self.refusal, self.moved = None, False
        if not self.canRedo():
            return
        command = self.command(self.index())
        assert isinstance(command, StoreCommand)
        self.moved = self._move(command, "redo", command.redo_in_store, super().redo)

    def _move(
        self,
        command: StoreCommand,
        verb: str,
        in_store: Callable[[], None],
        move: Callable[[], None],
    ) -> bool:
        text = command.text()
        try:
            in_store()
        except (Conflict, InvalidNight) as error:
            # Never possible again (the database no longer holds what this change left):
            # Qt takes an obsolete command off the stack instead of running it.
            command.setObsolete(True)
            move()
            self.refusal = _(REFUSALS[verb][0]).format(change=text, reason=reason(error))
            return False
        except StorageError as error:  # busy, unreachable, full: the same may work later
            self.refusal = _(REFUSALS[verb][1]).format(change=text, reason=reason(error))
            return False
        command.stored = True
        move()
        return True


class Revisions(dict[int, int]):
    """The revision this program last left each hand at, by hand id: what the next undo
    or redo of a change to that hand expects to find.  One for all the hand commands
    of a stack, since several of them may change the same hand in turn (recorded,
    then deleted: undoing the delete brings it back at a later revision)."""

    def left(self, version: hand_writes.HandVersion) -> hand_writes.HandVersion:
        """VERSION is how a change left its hand."""
        self[version.hand_id] = version.revision
        return version


class Layer(QObject):
    """What both windows' layers share: the database, the undo stack, and the signals a
    window listens to (`changed`: show the data again; `failed`: one sentence)."""

    changed = Signal()
    failed = Signal(str)

    def __init__(
        self, db: Database | Callable[[], Database], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._db: Database | None = None if callable(db) else db
        self._opener: Callable[[], Database] | None = db if callable(db) else None
        self.undo_stack = UndoStack(self)

    @property
    def db(self) -> Database:
        """The database; a layer made with an opener (the first screen, shown before
        the database layer was imported) opens it now if it is not open yet."""
        if self._db is None:
            assert self._opener is not None
            self._db = self._opener()
            self.opened_late(self._db)
        return self._db

    def opened_late(self, database: Database) -> None:
        """DATABASE was opened on first use, after the window showed what it had read
        without it: a layer with a view checks it against the store here, before the
        change that opened it is made."""

    @property
    def opened(self) -> bool:
        """True once the database is open (always, unless made with an opener)."""
        return self._db is not None

    def refresh(self) -> None:
        """Read what is shown again (a layer with a view rebuilds it first)."""
        self.changed.emit()

    def push(self, command: StoreCommand) -> None:
        """A change already stored goes onto the undo stack, and is shown."""
        self.undo_stack.push(command)
        self.refresh()

    def undo(self) -> bool:
        """Undo the last change in the store, then on the stack; False when the store
        refused (and the sentence why is on its way to `failed`)."""
        self.undo_stack.undo()
        return self._shown(self.undo_stack.moved)

    def redo(self) -> bool:
        """Redo the last change undone, the same way."""
        self.undo_stack.redo()
        return self._shown(self.undo_stack.moved)

    def _shown(self, moved: bool) -> bool:
        # After a refusal too: what another program changed is shown, then the reason
        # (once: a database too busy to undo in is too busy to read, too).
        said = self.undo_stack.refusal
        try:
            self.refresh()
        except StorageError as error:
            said = said or str(error)
        if said:
            self.failed.emit(said)
        return moved
