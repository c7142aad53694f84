"""The database tables (sqlmodel): what was recorded, never what was computed as truth.

Hands store the record as it was entered at the table (the night document's form,
with player ids in place of names so that a rename touches no history).  Scores live
only in the `hand_score`/`hand_points` cache, which is rebuilt in the same transaction
as every change and can therefore never go stale.
"""

from __future__ import annotations

import datetime as dt
import functools
import socket
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    Index,
    Integer,
    String,
    Table,
    UniqueConstraint,
    exists,
)
from sqlalchemy.engine import Connection
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A moment in time, always timezone-aware UTC in Python, whatever the database."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: store timezone-aware UTC")
        return value.astimezone(dt.UTC)

    def process_result_value(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def now() -> dt.datetime:
    """The current moment, timezone-aware UTC."""
    return dt.datetime.now(dt.UTC)


def _moment(nullable: bool = False) -> Any:
    column: Column[dt.datetime] = Column(UTCDateTime(), nullable=nullable)
    return (
        Field(default=None, sa_column=column)
        if nullable
        else Field(default_factory=now, sa_column=column)
    )


def _json(nullable: bool = False) -> Any:
    return Field(default=None, sa_column=Column(JSON, nullable=nullable))


@functools.cache
def this_computer() -> str:
    """This computer's name on its network (a history says which laptop wrote what)."""
    return socket.gethostname()[:255] or "?"


def _computer() -> Any:
    return Field(default_factory=this_computer, sa_column=Column(String(255), nullable=True))


# Points, cents and multipliers: 64-bit on every database (migration 0009).  SQLite's
# INTEGER already holds 64 bits, so there the column stays INTEGER; a server database
# has BIGINT.  What may be stored is bounded in the core (`scorekeeper.limits`).
AMOUNT = BigInteger().with_variant(Integer(), "sqlite")


def _amount(default: int | None = None) -> Any:
    """A 64-bit integer column for an amount (required when it has no DEFAULT)."""
    column: Column[int] = Column(AMOUNT, nullable=False)
    return Field(sa_column=column) if default is None else Field(default=default, sa_column=column)


class PlayerRow(SQLModel, table=True):
    """A person, across every night and league; unique by trimmed, case-folded name."""

    __tablename__ = "player"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)
    retired: bool = False
    created_at: dt.datetime = _moment()


class PlayerMergeRow(SQLModel, table=True):
    """A player merged into another (store/merge.py): their row as it was and the ids
    of every row that moved (`moved`: seats, hands, hand versions, payments, nights), so
    that the merge can be undone exactly; the row goes when it is (migration 0021)."""

    __tablename__ = "player_merge"
    id: int | None = Field(default=None, primary_key=True)
    player_id: int
    name: str
    name_key: str
    retired: bool
    created_at: dt.datetime = _moment()
    into_id: int = Field(index=True)
    moved: dict[str, Any] = _json()
    merged_at: dt.datetime = _moment()
    computer: str | None = _computer()


class LeagueRow(SQLModel, table=True):
    """A league, with its default rules (a full rule set as JSON) for new nights and
    the currency its money is in."""

    __tablename__ = "league"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)
    rules: dict[str, Any] | None = _json(nullable=True)
    standings: dict[str, Any] | None = _json(nullable=True)  # StandingsOptions as JSON
    created_at: dt.datetime = _moment()
    # The ISO 4217 code its money is in, its nights' and payments' (migration 0014).
    currency: str = Field(
        default="USD", sa_column=Column(String(3), nullable=False, server_default="USD")
    )


class SeasonRow(SQLModel, table=True):
    """A season of a league; nights are filed under it."""

    __tablename__ = "season"
    __table_args__ = (UniqueConstraint("league_id", "name_key"),)
    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    name: str
    name_key: str
    rules: dict[str, Any] | None = _json(nullable=True)
    created_at: dt.datetime = _moment()


class NightRow(SQLModel, table=True):
    """One night at one table, with the full rule set it is scored under."""

    __tablename__ = "night"
    # The nights File ▸ Open night lists, newest first, counted and read a page at a
    # time from this index (store/night_search.py; migration 0018).
    __table_args__ = (Index("ix_night_newest", "discarded_at", "played_on", "id"),)
    id: int | None = Field(default=None, primary_key=True)
    league_id: int | None = Field(default=None, foreign_key="league.id", index=True)
    season_id: int | None = Field(default=None, foreign_key="season.id", index=True)
    played_on: dt.date | None = None
    table_label: str | None = None
    title: str | None = None
    rules: dict[str, Any] = _json()
    closed_at: dt.datetime | None = _moment(nullable=True)
    discarded_at: dt.datetime | None = _moment(nullable=True)  # its start was undone
    created_at: dt.datetime = _moment()
    updated_at: dt.datetime = _moment()
    # An imported night's fingerprint: the document it came in as (store/fingerprints.py;
    # None for a night started in the app or stored before migration 0012).
    fingerprint: str | None = Field(
        default=None, sa_column=Column(String(64), nullable=True, index=True)
    )
    # The ISO 4217 code a night without a league keeps its money in; a night in a
    # league follows its league's, and keeps None here (migration 0014).
    currency: str | None = Field(default=None, sa_column=Column(String(3), nullable=True))


class SeatRow(SQLModel, table=True):
    """A player's seat at a night, clockwise `position`, valid from one hand to another
    (`first_hand` to `last_hand`, counted from 1; no last hand: to the end)."""

    __tablename__ = "seat"
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    position: int
    first_hand: int = 1
    last_hand: int | None = None


class HandRow(SQLModel, table=True):
    """A hand as recorded at the table, at its place in the night (`position` from 1)."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("night_id", "position"),)
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    position: int
    record: dict[str, Any] = _json()
    revision: int = 1
    updated_at: dt.datetime = _moment()


class HandRevisionRow(SQLModel, table=True):
    """Every version a hand has had: kept on insert, edit, delete and restore."""

    __tablename__ = "hand_revision"
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    hand_id: int = Field(index=True)
    revision: int
    action: str  # "insert", "edit", "delete" or "restore"
    position: int
    record: dict[str, Any] = _json()
    recorded_at: dt.datetime = _moment()
    computer: str | None = _computer()  # the computer that wrote it (migration 0020)


class NightChangeRow(SQLModel, table=True):
    """What happened to a night as a whole: its house rules changed (the rules before
    and after), or the night deleted or brought back."""

    __tablename__ = "night_change"
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    action: str  # "rules", "delete" or "restore"
    before: dict[str, Any] | None = _json(nullable=True)
    after: dict[str, Any] | None = _json(nullable=True)
    recorded_at: dt.datetime = _moment()
    computer: str | None = _computer()  # the computer that made it (migration 0020)


class HandScoreRow(SQLModel, table=True):
    """Cache: a hand's computed result, rebuilt in the same transaction as any change."""

    __tablename__ = "hand_score"
    hand_id: int = Field(foreign_key="hand.id", primary_key=True, ondelete="CASCADE")
    night_id: int = Field(foreign_key="night.id", index=True)
    position: int
    outcome: str
    level: str
    multiplier: int = _amount()
    explanation: str
    doublers_pending: int
    call: str | None = None  # a pick's partner call ("alone", ...) or a Schafkopf game
    pot: int = _amount(0)  # points this hand put into a Schafkopf pot (negative: taken out)
    pot_cents: int = _amount(0)
    bock_pending: int | None = None  # Bock hands still to come (None: cached before 0006)
    hands: int = 1  # the played hands it stands for (a result hand may stand for many)


class HandPointsRow(SQLModel, table=True):
    """Cache: one player's points and cents for one hand (what standings sum)."""

    __tablename__ = "hand_points"
    __table_args__ = (Index("ix_hand_points_night_player", "night_id", "player_id"),)
    hand_id: int = Field(foreign_key="hand.id", primary_key=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True, index=True)
    night_id: int = Field(foreign_key="night.id")
    points: int = _amount()
    cents: int = _amount()
    role: str = "played"  # the player's part in the hand (scorekeeper.results.ROLES)
    misplays: int = 0  # misplays this player made in this hand


# Ids bound in one statement: well under every database's limit on bound parameters
# (SQLite's 32,766, PostgreSQL's 65,535).
CHUNK = 500


class HandFigureRow(SQLModel, table=True):
    """Cache: what one hand added to one player's count of one of its game's league
    figures (`Game.figure_counts`: a pick, a solo won, a Ramsch lost; a count of 0 has
    no row), written with `hand_points`."""

    __tablename__ = "hand_figure"
    __table_args__ = (Index("ix_hand_figure_night", "night_id"),)
    hand_id: int = Field(foreign_key="hand.id", primary_key=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    figure: str = Field(primary_key=True)  # the figure's key (`Figure.key`)
    night_id: int = Field(foreign_key="night.id")
    tally: int


# The sums a `night_summary` row keeps, in its columns' order (and `league_sums`').
SUMMED = ("points", "cents", "hands", "misplays")


# What tells one kind of hand from another in `night_outcome` and `league_outcome`, and
# what they count of each kind (in their columns' order).
KIND = ("outcome", "level", "partnered")
COUNTED = ("hand_rows", "hands")


class NightSummaryRow(SQLModel, table=True):
    """Cache: one player's sums over one night's cached hands (what standings and the
    league report read), rebuilt from `hand_points` and `hand_score` in the same
    transaction as every change to them (store/summaries.py)."""

    __tablename__ = "night_summary"
    night_id: int = Field(foreign_key="night.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True, index=True)
    points: int = _amount()
    cents: int = _amount()
    hands: int  # the played hands, a result hand counted as the hands it stands for
    misplays: int
    # The player's place at the night's table by points, tied players sharing the
    # better place (1, 1, 3): the core's `night_places`.
    place: int


class NightFigureRow(SQLModel, table=True):
    """Cache: one player's count of one figure of the game over one night's cached
    hands (their `hand_figure` rows summed; no row: none), kept with `night_summary`."""

    __tablename__ = "night_figure"
    night_id: int = Field(foreign_key="night.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    figure: str = Field(primary_key=True)
    tally: int


class NightTotalRow(SQLModel, table=True):
    """Cache: a night's cached hands counted and the points and cents its hands left in
    a Schafkopf pot, kept with `night_summary` (no row: no hand)."""

    __tablename__ = "night_total"
    night_id: int = Field(foreign_key="night.id", primary_key=True)
    hand_rows: int  # hands recorded (a result hand is one)
    pot: int = _amount()
    pot_cents: int = _amount()


class NightOutcomeRow(SQLModel, table=True):
    """Cache: a night's cached hands of one outcome, level, and whether the declarer
    had a partner (someone cached in the partner role), counted: what the league's
    Table tab reads for how often each outcome happens, a few rows a night instead of
    every hand (0.5 s at 100,000 hands).  Kept with `night_summary` (no row: no such
    hand)."""

    __tablename__ = "night_outcome"
    night_id: int = Field(foreign_key="night.id", primary_key=True)
    outcome: str = Field(primary_key=True)
    level: str = Field(primary_key=True)
    partnered: bool = Field(primary_key=True)
    hand_rows: int  # hands recorded (a result hand is one)
    hands: int  # the played hands they stand for


class LeagueSumsRow(SQLModel, table=True):
    """Cache: what every night of a league (not deleted) adds to one player's standing
    at one place: the nights the player finished at PLACE and their `night_summary`
    sums, kept by the writes that keep the summary, in their transaction
    (store/league_sums.py).  All-time standings read these rows, not every night's."""

    __tablename__ = "league_sums"
    league_id: int = Field(foreign_key="league.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    place: int = Field(primary_key=True)
    nights: int
    points: int = _amount()
    cents: int = _amount()
    hands: int
    misplays: int


class LeagueFigureRow(SQLModel, table=True):
    """Cache: one player's count of one figure over every night of a league (not
    deleted): their `night_figure` rows summed, kept with `league_sums`."""

    __tablename__ = "league_figure"
    league_id: int = Field(foreign_key="league.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    figure: str = Field(primary_key=True)
    tally: int


class LeagueNightsRow(SQLModel, table=True):
    """Cache: a league's nights with a hand (not deleted) played under one preset, and
    what they left in Schafkopf pots (their `night_total` rows summed), kept with
    `league_sums`; "" stands for rules that name no preset."""

    __tablename__ = "league_nights"
    league_id: int = Field(foreign_key="league.id", primary_key=True)
    preset: str = Field(primary_key=True)
    nights: int
    pot: int = _amount()
    pot_cents: int = _amount()


class LeagueOutcomeRow(SQLModel, table=True):
    """Cache: a league's hands (of nights not deleted, played under one preset) of one
    outcome, level and whether the declarer had a partner, counted: their
    `night_outcome` rows summed, kept with `league_sums`.  The Table tab over all
    seasons reads these few dozen rows, as many with a million hands as with a
    thousand."""

    __tablename__ = "league_outcome"
    league_id: int = Field(foreign_key="league.id", primary_key=True)
    preset: str = Field(primary_key=True)
    outcome: str = Field(primary_key=True)
    level: str = Field(primary_key=True)
    partnered: bool = Field(primary_key=True)
    hand_rows: int
    hands: int


class PaymentRow(SQLModel, table=True):
    """Money that changed hands: who paid whom, how many cents, when."""

    __tablename__ = "payment"
    id: int | None = Field(default=None, primary_key=True)
    league_id: int | None = Field(default=None, foreign_key="league.id", index=True)
    night_id: int | None = Field(default=None, foreign_key="night.id", index=True)
    payer_id: int = Field(foreign_key="player.id")
    payee_id: int = Field(foreign_key="player.id")
    cents: int = _amount()
    paid_on: dt.date
    note: str = ""
    recorded_at: dt.datetime = _moment()


class TournamentRow(SQLModel, table=True):
    """A tournament day: its game and house rules (a full rule set, as a night's), its
    sessions and each player's hands a session, the entry fee, how it pays
    (`tournament.prizes.Payout` as JSON), its tie-breaks ("solos-won,tables-won") and
    which tables seat an uneven field (migration 0023)."""

    __tablename__ = "tournament"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)
    held_on: dt.date
    rules: dict[str, Any] = _json()
    sessions: int
    hands: int  # each player's hands a session (a table whose dealer sits out plays more)
    entry_cents: int = _amount(0)
    currency: str = Field(sa_column=Column(String(3), nullable=False))
    payout: dict[str, Any] = _json()
    tie_breaks: str = ""  # the chain, in order, by their names and commas
    uneven: str = "larger"  # tables one "larger" (the dealer sits out) or "smaller"
    created_at: dt.datetime = _moment()


class EntryRow(SQLModel, table=True):
    """A player registered for a tournament: paid or not, playing from FIRST_SESSION
    (a late entry's later) to LAST_SESSION (withdrawn after it; None: to the end)."""

    __tablename__ = "tournament_entry"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True, index=True)
    paid: bool = False
    first_session: int = 1
    last_session: int | None = None
    entered_at: dt.datetime = _moment()


class ApartRow(SQLModel, table=True):
    """Two players of a tournament who must not sit at one table (the lower id first)."""

    __tablename__ = "tournament_apart"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    first_id: int = Field(foreign_key="player.id", primary_key=True)
    second_id: int = Field(foreign_key="player.id", primary_key=True)


class DrawRow(SQLModel, table=True):
    """A session's draw: the seed that reproduces it, what it was drawn from (DRAWN_FROM:
    "players", their ids in the order drawn; "apart", the pairs then kept apart and
    "met", the pairs then met with their count, by ids), when it was made, and when its
    round was started (the board's clock counts from it; None: not yet)."""

    __tablename__ = "tournament_draw"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    session: int = Field(primary_key=True)
    seed: int = _amount()
    drawn_from: dict[str, Any] = _json()
    drawn_at: dt.datetime = _moment()
    started_at: dt.datetime | None = _moment(nullable=True)


class TableRow(SQLModel, table=True):
    """A table of a session: its seats, the hands it plays, and the night its results
    are in (None until the first is entered; closed: checked and signed)."""

    __tablename__ = "tournament_table"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    session: int = Field(primary_key=True)
    number: int = Field(primary_key=True)
    seats: int
    hands: int
    night_id: int | None = Field(default=None, foreign_key="night.id")


class DrawnSeatRow(SQLModel, table=True):
    """Where the draw seated a player in a session: table and seat (seat 1 deals first)."""

    __tablename__ = "tournament_seat"
    __table_args__ = (UniqueConstraint("tournament_id", "session", "table_number", "seat"),)
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    session: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    table_number: int
    seat: int


class PenaltyRow(SQLModel, table=True):
    """Points taken from one player in one session, apart from the zero-sum table
    score, and why."""

    __tablename__ = "tournament_penalty"
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    session: int
    player_id: int = Field(foreign_key="player.id")
    points: int = _amount()
    reason: str = ""
    recorded_at: dt.datetime = _moment()


def core_table(model: type[SQLModel]) -> Table:
    """The Core table behind a model, for executemany inserts without the ORM's
    per-row bookkeeping (bulk import and the score cache)."""
    table = getattr(model, "__table__")  # noqa: B009 - not in SQLModel's type hints
    assert isinstance(table, Table)
    return table


def partnered() -> Any:
    """True where a hand's declarer had a partner: someone cached in the partner role.
    With the hand's outcome this is the scorer's `HandResult.alone`: a hand won or lost
    by a declarer (outcome win or loss) with no partner was played alone."""
    score = core_table(HandScoreRow).c
    partner = core_table(HandPointsRow).alias("partner")
    return exists().where((partner.c.hand_id == score.hand_id) & (partner.c.role == "partner"))


# A positional placeholder in each paramstyle of the drivers Scorekeeper runs on
# (sqlite3: qmark; psycopg: pyformat, which takes %s too).
_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def insert_rows(connection: Connection, table: Table, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert ROWS (each the same columns of TABLE, by name) by the driver's own
    executemany, one statement: SQLAlchemy builds no parameters row by row, which for
    the score cache's hundreds of thousands of rows was most of the time spent.

    Only for columns whose values the driver takes as they are (whole numbers, text,
    None): a column whose type SQLAlchemy would process for this database (a moment,
    JSON) is refused (ValueError), and such rows go through `insert` instead."""
    if not rows:
        return
    dialect = connection.dialect
    columns = list(rows[0])
    for name in columns:
        if table.c[name].type.dialect_impl(dialect).bind_processor(dialect) is not None:
            raise ValueError(f"{table.name}.{name} needs SQLAlchemy to write it")
    quote = dialect.identifier_preparer.quote
    marks = ", ".join([_PLACEHOLDERS[dialect.paramstyle]] * len(columns))
    names = ", ".join(quote(name) for name in columns)
    statement = f"INSERT INTO {quote(table.name)} ({names}) VALUES ({marks})"
    values = itemgetter(*columns) if len(columns) > 1 else lambda row: (row[columns[0]],)
    connection.exec_driver_sql(statement, [values(row) for row in rows])
