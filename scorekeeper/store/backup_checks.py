"""What a restore checks of a backup before it touches anything (`backup_commands`):
a SQLite backup's file holds the app's own tables, columns and indexes and nothing else
(`refuse_foreign`), its values are the kinds their columns hold (`check_sqlite_backup`,
`backup_rows`, `check_rows`), and its rows are what every later command accepts: each
night rescored as an import would, each league's standings and money read
(`check_contents`).  Each refusal names the backup and the first thing wrong."""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel, col

from scorekeeper.i18n import N_, _
from scorekeeper.json_input import why_not_json
from scorekeeper.names import quoted
from scorekeeper.problems import InvalidNight
from scorekeeper.store import backup as files
from scorekeeper.store.database import (
    SCHEMA_HEAD,
    Database,
    open_database,
)
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tables import (
    HandRevisionRow,
    HandRow,
    LeagueRow,
    NightRow,
    PlayerRow,
    SeasonRow,
    SeatRow,
)

logger = logging.getLogger(__name__)


def backup_rows(checked: Database, *, source: Path) -> dict[str, Any]:
    """Every row of the SQLite backup SOURCE (brought up to date: CHECKED) read as its
    columns hold them, as a dump: a value that is none of its column's kind (a moment
    that is a number, text that is no JSON), which SQLite keeps as given, is refused
    naming its table."""
    tables = {}
    with checked.translate_errors(), checked.engine.connect() as connection:
        for table in SQLModel.metadata.sorted_tables:
            try:
                tables[table.name] = files.table_rows(connection, table)
            except DBAPIError:
                raise
            except Exception as error:  # the rows are untrusted: any failure is "refuse"
                why = f"{type(error).__name__}: {error}"
                raise StorageError(
                    _(
                        "{file}: table {table}: holds a value its column cannot hold ({error}). "
                        "Nothing was changed."
                    ).format(file=source, table=table.name, error=why)
                ) from None
    return {"format": files.DUMP_FORMAT, "schema": SCHEMA_HEAD, "tables": tables}


def check_rows(db: Database, rows: dict[str, Any], *, source: Path) -> None:
    """A SQLite backup's ROWS held to what a dump's are: every value against its column
    (`backup.check_rows`) and every reference to a row that exists."""
    try:
        files.check_rows(SQLModel.metadata, rows)
    except files.BadDump as error:
        raise StorageError(
            _("{file}: {problem}. Nothing was changed.").format(file=source, problem=error)
        ) from None
    with db.engine.connect() as connection:
        dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if dangling:
        table, row, parent = dangling[0][0], dangling[0][1], dangling[0][2]
        raise StorageError(
            _(
                "{file}: table {table}, row id {row}: refers to a {parent} that is not in the "
                "backup. Nothing was changed."
            ).format(file=source, table=table, row=row, parent=parent)
        )


# What a SQLite file may hold besides rows, as a restore's refusal names it.
_OBJECTS = {
    "table": N_("table {name}"),
    "index": N_("index {name}"),
    "trigger": N_("trigger {name}"),
    "view": N_("view {name}"),
}


def refuse_foreign(checked: Database, *, source: Path) -> None:
    """A SQLite backup brought up to date (CHECKED) holds the app's own tables, their
    columns and their indexes, and nothing else: a trigger, a view, another table, a
    column or an index the app never made (which the restore's page copy would carry
    into the live database, to run on every later write) is refused, each named."""
    expected: dict[str, set[str]] = {}
    indexes: dict[str, set[str]] = {}
    for table in SQLModel.metadata.sorted_tables:
        expected[table.name] = {column.name for column in table.columns}
        indexes |= {index.name or "": {c.name for c in index.columns} for index in table.indexes}
    found = []
    with checked.engine.connect() as connection:
        objects = connection.exec_driver_sql(
            "SELECT type, name, tbl_name FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        for kind, name, owner in objects:
            own_index = kind == "index" and (
                name in indexes
                or (
                    name.startswith("sqlite_autoindex_") and owner in (*expected, "alembic_version")
                )
            )
            if (kind == "table" and (name in expected or name == "alembic_version")) or own_index:
                continue
            found.append(
                _(_OBJECTS.get(kind, "{kind} {name}")).format(kind=kind, name=quoted(name))
            )
        for name, columns in expected.items():
            have = {row[1] for row in connection.exec_driver_sql(f'PRAGMA table_info("{name}")')}
            found += [
                _("column {name}").format(name=quoted(f"{name}.{extra}"))
                for extra in sorted(have - columns)
            ]
        for index, columns in indexes.items():
            info = connection.exec_driver_sql(f'PRAGMA index_info("{index}")').fetchall()
            if {row[2] for row in info} != columns:
                found.append(_("index {name}").format(name=quoted(index)))
    if found:
        raise StorageError(
            _(
                "{file}: holds what the app never writes ({found}); a backup restores only "
                "the app's own tables. Nothing was changed."
            ).format(file=source, found=", ".join(found))
        )
    assert checked.sqlite_path is not None
    shape, own = _shape(checked.sqlite_path), _own_shape()
    unlike = [name for name in sorted(own) if shape.get(name) != own[name]]
    if unlike:
        raise StorageError(
            _(
                "{file}: its tables {tables} are not as the app makes them (a column's kind, "
                "a key, a unique or not-empty rule differs); a backup restores only the app's "
                "own tables. Nothing was changed."
            ).format(file=source, tables=", ".join(unlike))
        )


Shape = dict[str, tuple[frozenset[Any], ...]]


def _shape(path: Path) -> Shape:
    """Each table of the SQLite file PATH as SQLite describes it: its columns (name,
    kind, not empty, key), its indexes (unique, columns) and its references."""
    shape: Shape = {}
    with contextlib.closing(sqlite3.connect(path)) as con:
        names = con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        for (table,) in names:
            columns = frozenset(
                (row[1], str(row[2]).upper(), row[3], row[5])
                for row in con.execute(f'PRAGMA table_info("{table}")')
            )
            indexes = frozenset(
                (row[2], tuple(c[2] for c in con.execute(f'PRAGMA index_info("{row[1]}")')))
                for row in con.execute(f'PRAGMA index_list("{table}")').fetchall()
            )
            references = frozenset(
                (row[2], row[3], row[4])
                for row in con.execute(f'PRAGMA foreign_key_list("{table}")')
            )
            shape[table] = (columns, indexes, references)
    return shape


@functools.cache
def _own_shape() -> Shape:
    """The shape (`_shape`) of a database this version makes: what a backup, brought
    up to date, must have (one migrated from the first schema has it too)."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-shape-") as folder:
        path = Path(folder) / "own.sqlite3"
        open_database(f"sqlite:///{path}").dispose()
        return _shape(path)


def check_sqlite_backup(path: Path, *, source: Path) -> None:
    """The scratch copy PATH of the SQLite backup SOURCE must be whole
    (`integrity_check`) and a Scorekeeper database."""
    try:
        with contextlib.closing(sqlite3.connect(path)) as con:
            damage = con.execute("PRAGMA integrity_check").fetchall()
            has_schema = con.execute(
                "SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'"
            ).fetchall()
    except sqlite3.Error as error:
        raise StorageError(
            _("{file}: cannot be read as a backup ({error})").format(file=source, error=error)
        ) from None
    except UnicodeDecodeError:  # SQLite quoting a damaged schema (engine.NOT_UTF8_SCHEMA)
        damage = [(_("its schema holds bytes that are not UTF-8 text"),)]
    if damage != [("ok",)]:
        raise StorageError(
            _("{file}: the backup is damaged ({found}); nothing was changed").format(
                file=source, found=damage[0][0]
            )
        )
    if not has_schema:
        raise StorageError(
            _("{file}: is not a Scorekeeper backup (no schema in it)").format(file=source)
        )
    wrong = _value_misfit(path)
    if wrong:
        table, row, column, problem = wrong
        raise StorageError(
            _(
                "{file}: table {table}, row id {row}: {column} {problem}. Nothing was changed."
            ).format(file=source, table=table, row=row, column=column, problem=problem)
        )


def _value_misfit(path: Path) -> tuple[str, int, str, str] | None:
    """The first value in the SQLite file PATH (the app's tables, at whatever schema
    the file has) that the app could not read: text that is not UTF-8, or in a JSON
    column not the JSON object the app writes there; table, row id, column and what is
    wrong.  Read as bytes, before anything (the migrations included) decodes them."""
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.text_factory = bytes
        # A name that is not UTF-8 (a flipped byte) is none of the app's: left to the
        # checks of the tables' shape, which refuse it.
        present = {
            name.decode("utf-8", "replace")
            for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        for table in SQLModel.metadata.sorted_tables:
            if table.name not in present:
                continue
            columns = {
                row[1].decode("utf-8", "replace")
                for row in con.execute(f'PRAGMA table_info("{table.name}")')
            }
            for column in table.columns:
                json_column = files.is_json(column)
                if column.name not in columns or not (json_column or files.is_text(column)):
                    continue
                query = f'SELECT rowid, "{column.name}" FROM "{table.name}" ORDER BY rowid'
                for row, value in con.execute(query):
                    problem = _not_an_object(value) if json_column else _not_text(value)
                    if problem:
                        return table.name, int(row), column.name, problem
    return None


def _not_text(value: bytes | int | float | None) -> str | None:
    """Why VALUE (a text column's, as SQLite keeps it) cannot be read as text."""
    if isinstance(value, bytes):
        try:
            value.decode("utf-8")
        except UnicodeDecodeError:
            return _("is not UTF-8 text")
    return None


def _not_an_object(value: bytes | int | float | None) -> str | None:
    """Why VALUE (a JSON column's, as SQLite keeps it) is not a JSON object or empty."""
    if value is None:
        return None
    if not isinstance(value, bytes):
        return _("is not a JSON object")
    try:
        found = json.loads(value.decode("utf-8"))
    except ValueError as error:
        return _("is not JSON ({problem})").format(problem=why_not_json(error))
    return None if isinstance(found, dict) or found is None else _("is not a JSON object")


def check_contents(db: Database, *, source: Path) -> None:
    """Every night checked and rescored as an import is, every league's standings and
    money read: what the restored database will be asked, asked first."""
    from scorekeeper.store.league import Period, standings
    from scorekeeper.store.money import league_money
    from scorekeeper.store.night_history import rescore_whole

    with db.session() as session:
        ids = session.scalars(select(col(NightRow.id)).order_by(col(NightRow.id)))
        night_ids = [i for i in ids if i is not None]
        leagues = list(session.scalars(select(col(LeagueRow.name))))
        wrong = _rows_later_refused(session)
    if wrong:
        what, problem = wrong
        raise StorageError(
            _("{file}: {what} in the backup is wrong: {problem}. Nothing was changed.").format(
                file=source, what=what, problem=problem
            )
        )
    # The rows are untrusted: whatever goes wrong while reading them means "refuse".
    for night_id in night_ids:
        try:
            rescore_whole(db, night_id=night_id)
        except Exception as error:
            what = _("night {number}").format(number=night_id)
            raise StorageError(_refusal(source, what, error)) from None
    for league in leagues:
        try:
            standings(db, Period(league=league))
            league_money(db, league=league)
        except Exception as error:
            what = _("league {name}").format(name=quoted(league))
            raise StorageError(_refusal(source, what, error)) from None


def _rows_later_refused(session: Any) -> tuple[str, str] | None:
    """What in a backup's rows the restore's rescoring would pass but a later command
    refuse, and why: a name whose key is not its name's (the next import would make
    a second "Ann"), a currency that is no ISO 4217 code (every CSV export refused), a
    night whose hands' places are not 1, 2, 3 ... (read as damage)."""
    from scorekeeper.formatting import is_currency_code, not_a_currency_code
    from scorekeeper.names import name_key

    for model, kind in ((PlayerRow, _("player {name}")), (LeagueRow, _("league {name}"))):
        for name, key in session.execute(select(col(model.name), col(model.name_key))).all():
            if name_key(name) != key:
                return kind.format(name=quoted(name)), _("its key is not its name's")
    for name, key in session.execute(select(col(SeasonRow.name), col(SeasonRow.name_key))).all():
        if name_key(name) != key:
            return _("season {name}").format(name=quoted(name)), _("its key is not its name's")
    for name, code in session.execute(select(col(LeagueRow.name), col(LeagueRow.currency))).all():
        if not is_currency_code(code):
            what = _("league {name}").format(name=quoted(name))
            return what, not_a_currency_code(quoted(code))
    query = select(col(NightRow.id), col(NightRow.currency)).where(
        col(NightRow.currency).is_not(None)
    )
    for night_id, code in session.execute(query).all():
        if not is_currency_code(code):
            return _("night {number}").format(number=night_id), not_a_currency_code(quoted(code))
    wrong = _names_later_refused(session) or _history_later_refused(session)
    if wrong is not None:
        return wrong
    position = col(HandRow.position)
    places = select(
        col(HandRow.night_id), func.count(), func.min(position), func.max(position)
    ).group_by(col(HandRow.night_id))
    for night_id, count, first, last in session.execute(places).all():
        if (first, last) != (1, count):
            problem = _("its {count} hands are at places {first} to {last}, not 1 to {count}")
            return (
                _("night {number}").format(number=night_id),
                problem.format(count=count, first=first, last=last),
            )
    return None


def _names_later_refused(session: Any) -> tuple[str, str] | None:
    """A name or label in a backup's rows that no door would have let in (a control
    character, one that prints as nothing, too long, not in its stored form), which
    every export of it would refuse: its row, and what is wrong with it."""
    from scorekeeper.names import LABEL_LENGTH, NAME_LENGTH, TITLE_LENGTH, clean_name

    named = [
        (PlayerRow.name, PlayerRow.name, NAME_LENGTH, _("player {name}")),
        (LeagueRow.name, LeagueRow.name, LABEL_LENGTH, _("league {name}")),
        (SeasonRow.name, SeasonRow.name, LABEL_LENGTH, _("season {name}")),
        (NightRow.id, NightRow.table_label, LABEL_LENGTH, _("night {number}")),
        (NightRow.id, NightRow.title, TITLE_LENGTH, _("night {number}")),
    ]
    for row, value, limit, kind in named:
        query = select(col(row), col(value)).where(col(value).is_not(None))
        for which, stored in session.execute(query):
            cleaned, problem = clean_name(stored, limit=limit)
            if problem is not None or cleaned != stored:
                what = kind.format(name=quoted(str(which)), number=which)
                return what, problem or _("{name} is not as it would be stored").format(
                    name=quoted(stored)
                )
    return None


def _history_later_refused(session: Any) -> tuple[str, str] | None:
    """What in a backup's history of hands `history` (and undo after a restart) would
    fail to read, and why: a version of a hand filed under another night than the
    hand's, or naming a player the night does not seat.  (Read row by row, not
    replayed: replaying every night's history would more than double a restore.)"""
    from scorekeeper.store.records import from_stored

    night = col(HandRevisionRow.night_id)
    elsewhere = (
        select(night)
        .join(HandRow, col(HandRow.id) == col(HandRevisionRow.hand_id))
        .where(col(HandRow.night_id) != night)
    )
    moved = session.execute(elsewhere.limit(1)).scalar()
    if moved is not None:
        return _("night {number}").format(number=moved), _(
            "its history holds a version of another night's hand"
        )
    seated: dict[int, dict[int, str]] = {}
    for night_id, player_id in session.execute(
        select(col(SeatRow.night_id), col(SeatRow.player_id))
    ):
        seated.setdefault(night_id, {})[player_id] = ""
    versions = session.execute(select(night, col(HandRevisionRow.record)).order_by(night))
    for night_id, record in versions.yield_per(1000):
        try:  # each an object already (`_json_misfit`, `backup.check_rows`)
            from_stored(record, seated.get(night_id, {}))
        except (LookupError, TypeError, ValueError):
            where = _("night {number}").format(number=night_id)
            return where, _("its history names a player who is not at its table")
    return None


def _refusal(source: Path, what: str, error: Exception) -> str:
    """Why WHAT (a night or a league) of the backup SOURCE is refused."""
    if isinstance(error, InvalidNight | StorageError):
        return _("{file}: {what} in the backup is wrong: {problem}. Nothing was changed.").format(
            file=source, what=what, problem=str(error).splitlines()[0]
        )
    # Not a refusal the app words: the rows are not as any version writes them.  What
    # the reader tripped on goes to the log, not to the user.
    logger.warning("restore of %s: %s cannot be read", source, what, exc_info=error)
    return _(
        "{file}: {what} in the backup cannot be read: its rows are not as this app writes "
        "them. Nothing was changed."
    ).format(file=source, what=what)
