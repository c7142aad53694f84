"""The fuzzer's restore target: mutated backups through `scorekeeper restore --force`.

A small league is made through the command line (three of the sample league's nights,
a Schafkopf night, two sittings of a spreadsheet, a night closed, a payment, a player
retired) and backed up twice, as a JSON dump and as a SQLite copy.  Each mutant is one
of them changed a few times at random:

- a dump's JSON: a value replaced by one of another kind, a stored date or byte string
  that is none, a row dropped, doubled or pointed at another row (or at none), a column
  dropped or added, a table dropped, added or not a list, a hand's record or a night's
  rules changed as the nights target changes a document, the schema or format changed;
  then the text as a whole (cut short, nested deep, a key given twice, a number of
  thousands of digits, `NaN`);
- a SQLite backup: rows changed, deleted, doubled or pointed elsewhere with SQL, a
  trigger, a view, a table or an index added, a column dropped, added or renamed, a
  table or index dropped, the schema revision changed, the page size changed; then the
  file's bytes flipped, a page zeroed or the file cut short.

Each is restored into a database holding the original league.  Every outcome must be
one of two:

- status 0, and the database then answers everything it is asked: whole (SQLite's
  integrity and foreign key checks), nothing in it but the app's own tables and indexes
  (no trigger, view or other table), the nights and hands the backup held, every night
  listed, exported and its export scored to a sum of exactly zero, its history read,
  every league's standings (each player's points those of the nights' scores), debts
  (balances summing to zero) and each player's statistics;
- status 2, nothing on standard output, a message naming the backup file, and the
  database exactly as it was (its schema and every row, compared as SQL text).

Status 1, a traceback, or a database half restored is a failure.
"""

from __future__ import annotations

import contextlib
import copy
import json
import shutil
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.fuzzing import (
    CONTROL,
    STRINGS,
    Chooser,
    Outcome,
    change_json,
    change_text,
    other_value,
    run,
    sqlite_text,
    unbalanced,
)

LEAGUE = "Tuesday Night League"
# Columns that hold JSON: changed as a night document is, not only replaced.
JSON_COLUMNS = {
    ("hand", "record"),
    ("hand_revision", "record"),
    ("night", "rules"),
    ("league", "rules"),
    ("league", "standings"),
    ("season", "rules"),
}
STORED = [
    {"$date": "2026-02-30"},
    {"$date": "2026-03-03T25:00:00"},
    {"$date": "yesterday"},
    {"$date": 20260303},
    {"$date": "2026-03-03"},
    {"$date": "2026-03-03T21:15:00+00:00"},
    {"$bytes": "!!!"},
    {"$bytes": "AAEC"},
    {"$date": "2026-03-03", "x": 1},
]
SQL_VALUES: list[Any] = [
    None,
    -1,
    0,
    1,
    2**63 - 1,
    -(2**63),
    10**13,
    1.5,
    "text",
    "",
    "2026-02-30",
    "2026-03-03 21:15:00.000000",
    "Ann\u200b",
    "Ann",
    "x" * 5000,
    "[1, 2",
    '{"type": "pick"}',
    "null",
    b"\x00\xff",
]
TRIGGERS = [
    "CREATE TRIGGER fuzz_trigger AFTER INSERT ON hand BEGIN DELETE FROM player; END",
    "CREATE TRIGGER fuzz_trigger BEFORE UPDATE ON night BEGIN SELECT RAISE(ABORT, 'no'); END",
    "CREATE TRIGGER fuzz_trigger AFTER DELETE ON seat BEGIN UPDATE hand SET position = 0; END",
]
VIEWS = [
    "CREATE VIEW fuzz_view AS SELECT * FROM player",
    "CREATE VIEW fuzz_view AS SELECT night_id, sum(points) FROM hand_points GROUP BY night_id",
]
TABLES = [
    "CREATE TABLE fuzz_table (x)",
    "CREATE TABLE fuzz_table AS SELECT * FROM hand",
    "CREATE TABLE sqlite_stat1 (tbl, idx, stat)",
]
INDEXES = [
    "CREATE INDEX fuzz_index ON hand (record)",
    "CREATE UNIQUE INDEX fuzz_index ON player (name)",
    "CREATE INDEX fuzz_index ON night (played_on) WHERE closed_at IS NULL",
    "CREATE INDEX fuzz_index ON player (lower(name))",
]
ADDED_COLUMNS = ["TEXT DEFAULT 'x'", "INTEGER NOT NULL DEFAULT 0", "BLOB"]
PAGE_SIZE = 4096
# How a dump and a SQLite backup are changed, each as often as it is named.
DUMP_CHANGES = (
    *("value", "value", "value", "value", "json", "json", "drop", "drop", "double", "double"),
    *("refer", "refer", "column", "table", "schema", "format", "anywhere"),
)
SQL_CHANGES = (
    *("update", "update", "update", "update", "update", "delete", "delete", "double"),
    *("double", "refer", "refer", "trigger", "view", "table", "index", "drop column"),
    *("add column", "rename", "drop", "revision", "page size"),
)


# -- the league and its backups ---------------------------------------------------------


def make_league(folder: Path) -> Path:
    """A small league in FOLDER/league.sqlite3, made through the command line; the
    SQLite file returned."""
    from scorekeeper.sample import sample_league_documents

    folder.mkdir(parents=True, exist_ok=True)
    database = folder / "league.sqlite3"
    url = f"sqlite:///{database}"
    nights = sample_league_documents()[:3]
    schafkopf = {
        "format": "sheepshead-night/1",
        "date": "2026-03-24",
        "league": LEAGUE,
        "season": "Spring 2026",
        "rules": "schafkopf",
        "players": ["Ann", "Bob", "Cal", "Dee"],
        "hands": [
            {"type": "solo", "declarer": "Ann", "points": 78, "tricks": 5, "bid": 80},
            {"type": "call", "declarer": "Bob", "partner": "Dee", "points": 45, "tricks": 3},
        ],
    }
    files = []
    for number, document in enumerate([*nights, schafkopf], start=1):
        path = folder / f"night-{number}.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        files.append(str(path))
    sheet = folder / "sheet.csv"
    sheet.write_text("date,Ann,Bob,Cal,Zoë\n2025-11-04,5,-2,-3,\n2025-11-11,,4,-1,-3\n", "utf-8")
    for argv in (
        ["import", *files],
        ["close", "--night", "1"],
        ["pay", "--league", LEAGUE, "--from", "Ann", "--to", "Bob", "--cents", "30"],
        ["import-sheet", str(sheet), "--league", LEAGUE, "--preset", "classic-5"],
        ["players", "retire", "Zoë"],
    ):
        done = run(["--database", url, *argv])
        assert done.status == 0, (argv, done.err)
    return database


def backups(folder: Path) -> tuple[Path, Path]:
    """The league's SQLite backup and JSON dump, each made by `scorekeeper backup`."""
    database = make_league(folder)
    made = folder / "base.sqlite3", folder / "base.json"
    for target in made:
        done = run(["--database", f"sqlite:///{database}", "backup", str(target)])
        assert done.status == 0, done.err
    return made


# -- a dump's mutants --------------------------------------------------------------------


def dump_mutant(base: dict[str, Any], choose: Chooser) -> bytes:
    """One mutant of the dump BASE, as the bytes of a file."""
    document: Any = copy.deepcopy(base)
    for _ in range(choose.choice([1, 1, 1, 2, 3])):
        document = _change_dump(document, choose)
    text = json.dumps(document, ensure_ascii=choose.choice([True, False, True]))
    text = change_text(text, choose)
    return text.encode("utf-8", "surrogatepass")


def _rows(document: Any) -> dict[str, list[Any]]:
    """The dump's tables that are lists holding rows (after earlier changes, some may
    not be)."""
    tables = document.get("tables") if isinstance(document, dict) else None
    if not isinstance(tables, dict):
        return {}
    return {name: rows for name, rows in tables.items() if isinstance(rows, list) and rows}


def _change_dump(document: Any, choose: Chooser) -> Any:
    rows = _rows(document)
    action = choose.choice(DUMP_CHANGES)
    if action == "anywhere" or not rows:
        return change_json(document, choose)
    if action == "schema":
        document["schema"] = choose.choice(["0001", "0019", "0021", "9999", 20, None, " 0020"])
        return document
    if action == "format":
        document["format"] = choose.choice(["sheepshead-scorekeeper-dump/2", "", None, 1])
        return document
    if action == "table":
        _change_table(document["tables"], choose)
        return document
    table = choose.choice(sorted(rows))
    index = choose.integer(0, len(rows[table]) - 1)
    row = rows[table][index]
    if action == "drop":
        del rows[table][index]
    elif action == "double":
        twin = copy.deepcopy(row)
        if isinstance(twin, dict) and "id" in twin and choose.integer(0, 1):
            twin["id"] = max(r.get("id", 0) for r in rows[table] if isinstance(r, dict)) + 1
        rows[table].insert(choose.integer(0, len(rows[table])), twin)
    elif not isinstance(row, dict) or not row:
        rows[table][index] = other_value(choose)
    elif action == "column":
        if choose.integer(0, 1):
            del row[choose.choice(sorted(row))]
        else:
            row[choose.choice(["x", "ID", "id ", *sorted(row)])] = other_value(choose)
    else:
        column = choose.choice(sorted(row))
        row[column] = _new_value(document, table, column, row[column], action, choose)
    return document


def _change_table(tables: dict[str, Any], choose: Chooser) -> None:
    name = choose.choice(sorted(tables))
    how = choose.choice(["drop", "add", "empty", "not a list"])
    if how == "drop":
        del tables[name]
    elif how == "add":
        tables[choose.choice(["fuzz_table", "alembic_version", "sqlite_master"])] = [
            {"x": 1}
        ] * choose.integer(0, 2)
    elif how == "empty":
        tables[name] = []
    else:
        tables[name] = other_value(choose)


def _new_value(
    document: dict[str, Any], table: str, column: str, value: Any, action: str, choose: Chooser
) -> Any:
    """What a row's VALUE becomes: another kind, a JSON column changed within, an id of
    another row (of any table) or of none, a stored date or bytes that is not one."""
    if action == "json" and (table, column) in JSON_COLUMNS:
        return change_json(copy.deepcopy(value), choose)
    if action == "refer" or (column.endswith("_id") and choose.integer(0, 1)):
        ids = [r.get("id") for rs in _rows(document).values() for r in rs if isinstance(r, dict)]
        return choose.choice([*ids[:50], 0, -1, 999, None, "1", 1.0, True])
    if isinstance(value, dict) and "$date" in value:
        return choose.choice(STORED)
    if isinstance(value, int) and not isinstance(value, bool) and choose.integer(0, 1):
        return value + choose.choice([-1, 1, -value - 1, 10**12, 10**18, 2**63])
    if isinstance(value, str) and choose.integer(0, 1):
        return choose.choice([value.upper(), f" {value}", value[:-1], value * 2, f"{value}\u200b"])
    return choose.choice([other_value(choose), *STORED[:3], choose.choice(STRINGS)])


# -- a SQLite backup's mutants -----------------------------------------------------------

Step = Callable[[sqlite3.Connection], None]


def sqlite_mutant(base: Path, target: Path, choose: Chooser) -> list[str]:
    """Make TARGET a mutant of the SQLite backup BASE; returns what was done to it,
    each change as SQL or as bytes (a change SQLite refuses is skipped, and said)."""
    shutil.copyfile(base, target)
    done: list[str] = []
    with contextlib.closing(sqlite3.connect(target, isolation_level=None)) as con:
        con.execute("PRAGMA foreign_keys = OFF")
        for _ in range(choose.choice([1, 1, 1, 2, 3])):
            statement, values = _sql_change(con, choose)
            try:
                con.execute(statement, values)
                if statement.startswith("PRAGMA page_size"):
                    con.execute("VACUUM")
                done.append(f"{statement} {values!r}" if values else statement)
            except sqlite3.Error as error:
                done.append(f"(refused by SQLite: {error}) {statement}")
    done += _change_bytes(target, choose)
    return done


def _schema(con: sqlite3.Connection) -> dict[str, list[str]]:
    """The file's tables (the app's and any other) and their columns."""
    names = con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    return {
        name: [row[1] for row in con.execute(f'PRAGMA table_info("{name}")')] for (name,) in names
    }


def _sql_change(con: sqlite3.Connection, choose: Chooser) -> tuple[str, tuple[Any, ...]]:
    """One change, as a statement and its values."""
    tables = _schema(con)
    filled = [t for t in sorted(tables) if con.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone()]
    action = choose.choice(SQL_CHANGES)
    table = choose.choice(filled or sorted(tables))
    column = choose.choice(tables[table] or ["id"])
    if action in ("update", "refer", "delete", "double") and filled:
        rowids = [r[0] for r in con.execute(f'SELECT rowid FROM "{table}"')]
        rowid = choose.choice(rowids or [1])
        if action == "delete":
            return f'DELETE FROM "{table}" WHERE rowid = ?', (rowid,)
        if action == "double":
            next_id = f'(SELECT max(id) + 1 FROM "{table}")'
            columns = ", ".join(next_id if c == "id" else f'"{c}"' for c in tables[table])
            listed = ", ".join(f'"{c}"' for c in tables[table])
            return (
                f'INSERT INTO "{table}" ({listed}) SELECT {columns} FROM "{table}" WHERE rowid = ?',
                (rowid,),
            )
        if action == "refer":
            ids = [c for c in tables[table] if c.endswith("_id")] or [column]
            column = choose.choice(ids)
            value: Any = choose.choice([0, -1, 2, 3, 999, None])
        else:
            value = _sql_value(con, table, column, rowid, choose)
        return f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?', (value, rowid)
    return _shape_change(action, table, column, choose), ()


def _sql_value(
    con: sqlite3.Connection, table: str, column: str, rowid: int, choose: Chooser
) -> Any:
    if (table, column) in JSON_COLUMNS and choose.integer(0, 2):
        (stored,) = con.execute(f'SELECT "{column}" FROM "{table}" WHERE rowid = ?', (rowid,))
        with contextlib.suppress(TypeError, ValueError):
            changed = change_json(json.loads(stored[0]), choose)
            return (
                json.dumps(changed, ensure_ascii=False)
                .encode("utf-8", "surrogatepass")
                .decode("utf-8", "replace")
            )
    return choose.choice(SQL_VALUES)


def _shape_change(action: str, table: str, column: str, choose: Chooser) -> str:
    """A statement that changes the file's schema."""
    if action == "trigger":
        return choose.choice(TRIGGERS)
    if action == "view":
        return choose.choice(VIEWS)
    if action == "table":
        return choose.choice(TABLES)
    if action == "index":
        return choose.choice(INDEXES)
    if action == "drop column":
        return f'ALTER TABLE "{table}" DROP COLUMN "{column}"'
    if action == "add column":
        return f'ALTER TABLE "{table}" ADD COLUMN fuzz_column {choose.choice(ADDED_COLUMNS)}'
    if action == "rename":
        if choose.integer(0, 1):
            return f'ALTER TABLE "{table}" RENAME COLUMN "{column}" TO fuzz_column'
        return f'ALTER TABLE "{table}" RENAME TO fuzz_table'
    if action == "drop":
        return choose.choice([f'DROP TABLE "{table}"', "DROP INDEX ix_hand_night_position"])
    if action == "revision":
        return choose.choice(
            [
                "UPDATE alembic_version SET version_num = '0019'",
                "UPDATE alembic_version SET version_num = '0001'",
                "UPDATE alembic_version SET version_num = '9999'",
                "UPDATE alembic_version SET version_num = 20",
                "DELETE FROM alembic_version",
                "INSERT INTO alembic_version VALUES ('0019')",
                "DROP TABLE alembic_version",
            ]
        )
    return f"PRAGMA page_size = {choose.choice([512, 1024, 8192, 65536])}"


def _change_bytes(path: Path, choose: Chooser) -> list[str]:
    """The file's bytes changed, most often not at all: some flipped, a page zeroed,
    the file cut short."""
    action = choose.choice(["none"] * 8 + ["flip", "flip", "zero page", "cut", "header"])
    data = bytearray(path.read_bytes())
    if action == "none" or not data:
        return []
    if action == "flip":
        where = [choose.integer(0, len(data) - 1) for _ in range(choose.integer(1, 8))]
        for offset in where:
            data[offset] ^= choose.choice([0x01, 0x80, 0xFF])
        said = f"bytes flipped at {where}"
    elif action == "zero page":
        page = choose.integer(0, max(0, len(data) // PAGE_SIZE - 1))
        data[page * PAGE_SIZE : (page + 1) * PAGE_SIZE] = bytes(PAGE_SIZE)
        said = f"page {page + 1} zeroed"
    elif action == "cut":
        size = choose.choice([0, 15, 100, PAGE_SIZE, len(data) // 2, len(data) - 1])
        del data[size:]
        said = f"cut to {size} bytes"
    else:
        offset = choose.choice([16, 18, 19, 20, 28, 40, 44, 56])
        data[offset] ^= 0xFF
        said = f"header byte {offset} flipped"
    path.write_bytes(bytes(data))
    return [said]


# -- the check ---------------------------------------------------------------------------


class RestoreChecker:
    """Restores mutants, each into a fresh copy of the league's database, and checks
    what the command did."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.base_sqlite, self.base_json = backups(folder / "base")
        self.base_dump = json.loads(self.base_json.read_text("utf-8"))
        self.live = folder / "live" / "league.sqlite3"
        self.url = f"sqlite:///{self.live}"
        self.original = sqlite_text(self.base_sqlite)
        self.objects = _objects(self.base_sqlite)
        self.statuses: Counter[str] = Counter()

    def fresh(self) -> None:
        """The database to restore into: the league as backed up, and nothing beside
        it (no write-ahead log, lock or copy kept by an earlier restore)."""
        shutil.rmtree(self.live.parent, ignore_errors=True)
        self.live.parent.mkdir()
        shutil.copyfile(self.base_sqlite, self.live)

    def check_dump(self, data: bytes) -> str | None:
        """The broken promise of a dump mutant (its bytes), or None."""
        mutant = self.folder / "mutant.json"
        mutant.write_bytes(data)
        return self._restore(mutant, "dump", lambda: _dump_nights(data))

    def check_sqlite(self, choose: Chooser) -> tuple[list[str], str | None]:
        """Make a SQLite mutant; what was done to it, and its broken promise or None."""
        mutant = self.folder / "mutant.sqlite3"
        steps = sqlite_mutant(self.base_sqlite, mutant, choose)
        return steps, self._restore(mutant, "SQLite", lambda: _sqlite_nights(mutant))

    def _restore(
        self, mutant: Path, kind: str, held: Callable[[], dict[int, int] | None]
    ) -> str | None:
        self.fresh()
        done = run(["--database", self.url, "restore", "--force", str(mutant)])
        self.statuses[f"{kind} {done.status}"] += 1
        if done.status == 2:
            return self._refused(done, mutant)
        if done.status != 0:
            return f"status {done.status}: {done.err.strip()[:300]}"
        if not done.out.startswith(f"Restored from {mutant}.\n"):
            return f"status 0 but it says {done.out[:200]!r}"
        return self._restored(held())

    def _refused(self, done: Outcome, mutant: Path) -> str | None:
        lines = done.err.splitlines()
        if done.out:
            return "status 2 but something on standard output"
        if not lines or any(not line.startswith("scorekeeper: ") for line in lines):
            return f"status 2 without a message of the command line's: {done.err[:300]!r}"
        if str(mutant) not in lines[0]:
            return f"a refusal that does not name the backup: {lines[0]!r}"
        if CONTROL.search(done.err):
            return "a control character echoed to the terminal"
        if sqlite_text(self.live) != self.original:
            return "refused, but the database was changed"
        return None

    def _restored(self, held: dict[int, int] | None) -> str | None:
        """What is wrong with the database a restore said it made, or None."""
        with contextlib.closing(sqlite3.connect(self.live)) as con:
            whole = con.execute("PRAGMA integrity_check").fetchall()
            dangling = con.execute("PRAGMA foreign_key_check").fetchall()
            hands = dict(con.execute("SELECT night_id, count(*) FROM hand GROUP BY night_id"))
            nights = {n: hands.get(n, 0) for (n,) in con.execute("SELECT id FROM night")}
            leagues = [name for (name,) in con.execute("SELECT name FROM league")]
        if whole != [("ok",)] or dangling:
            return f"restored, but the database is not whole: {whole[:1]} {dangling[:1]}"
        foreign = _objects(self.live) - self.objects
        if foreign:
            return f"restored, and the database holds what the app never made: {sorted(foreign)}"
        if held is not None and nights != held:
            return f"restored nights and hands {nights}, but the backup held {held}"
        listed = run(["--database", self.url, "nights"])
        if listed.status != 0:
            return f"restored, but `nights` says: {listed.err.strip()[:300]}"
        scored = {}
        for night in sorted(nights):
            result = self._night(night)
            if isinstance(result, str):
                return result
            scored[night] = result
        for league in leagues:
            problem = self._league(league, scored)
            if problem:
                return problem
        return None

    def _night(self, night: int) -> dict[str, Any] | str:
        """Night NIGHT exported, its export scored; its league and totals, or what is
        wrong."""
        exported = run(["--database", self.url, "export", "--night", str(night)])
        if exported.status != 0:
            return f"restored, but night {night} does not export: {exported.err.strip()[:300]}"
        history = run(["--database", self.url, "history", "--night", str(night), "--json"])
        if history.status != 0:
            return f"restored, but night {night}'s history: {history.err.strip()[:300]}"
        document = self.folder / "exported.json"
        document.write_text(exported.out, encoding="utf-8")
        again = run(["score", str(document)])
        if again.status != 0:
            return f"restored, but night {night}'s export is refused: {again.err.strip()[:300]}"
        problem = unbalanced(json.loads(again.out))
        if problem:
            return f"restored, but in night {night}'s export {problem}"
        return {
            "league": json.loads(exported.out).get("league"),
            "points": json.loads(again.out)["totals"]["points"],
        }

    def _league(self, league: str, scored: dict[int, Any]) -> str | None:
        """What is wrong with LEAGUE's standings, debts or players' statistics."""
        at = ["--database", self.url]
        standings = run([*at, "standings", "--league", league, "--json"])
        debts = run([*at, "debts", "--league", league, "--json"])
        for name, done in (("standings", standings), ("debts", debts)):
            if done.status != 0:
                return f"restored, but {name} of {league!r}: {done.err.strip()[:300]}"
        if sum(json.loads(debts.out)["balances"].values()) != 0:
            return f"restored, but the balances of {league!r} do not sum to zero"
        table = json.loads(standings.out)
        points = Counter[str]()
        for night in scored.values():
            if night["league"] == league:
                points.update(night["points"])
        counted = {row["player"]: row["points"] for row in table}
        if all(row["dropped_nights"] == 0 for row in table) and counted != {
            name: total for name, total in points.items() if name in counted
        }:
            return f"restored, but {league!r}'s standings {counted} are not its nights' {points}"
        for row in table:
            stats = run([*at, "stats", "--league", league, "--player", row["player"], "--json"])
            if stats.status != 0:
                return f"restored, but stats of {row['player']!r}: {stats.err.strip()[:300]}"
        return None


def _objects(path: Path) -> set[tuple[str, str, str]]:
    """What the SQLite file PATH holds besides rows: its tables, indexes, triggers and
    views, as (type, name, table)."""
    with contextlib.closing(sqlite3.connect(path)) as con:
        return set(con.execute("SELECT type, name, tbl_name FROM sqlite_master"))


def _dump_nights(data: bytes) -> dict[int, int] | None:
    """Each night's id and count of hands in a dump that was restored (None when the
    fuzzer cannot tell: an older schema's, say)."""
    with contextlib.suppress(ValueError, TypeError, KeyError, AttributeError):
        tables = json.loads(data.decode("utf-8-sig"))["tables"]
        hands = Counter(row["night_id"] for row in tables["hand"])
        return {row["id"]: hands.get(row["id"], 0) for row in tables["night"]}
    return None


def _sqlite_nights(path: Path) -> dict[int, int] | None:
    """Each night's id and count of hands in a SQLite file that was restored."""
    with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(path)) as con:
        hands = dict(con.execute("SELECT night_id, count(*) FROM hand GROUP BY night_id"))
        return {n: hands.get(n, 0) for (n,) in con.execute("SELECT id FROM night")}
    return None
