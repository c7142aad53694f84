"""File ▸ Open night's search, asked of the database: the nights whose line holds every
word typed, counted, and read a page at a time, newest first.

A night's line (`night_parts`) is what the chooser shows of it: its number, its date in
the user's short form, its league, its table ("-" when it has none), its count of hands
as the user's language writes it, its players, and its date in ISO form too.  A word is
kept in a line when its `search_key` is in the `search_key` of one of those parts (a
word holds no space, so it is never in two parts at once).

The folding is Python's (`search_key`, the one rule), never the database's: what a
part can be is read from the small tables it comes from (the players, the leagues, the
tables' names, the dates nights are played on, the counts of hands), each folded once;
a word becomes, for each kind of part, the values whose text holds it, and the
database keeps the nights with one of those values (a player among their seats).  The
work folding does grows with the people, tables and days of a league, never with its
hands, and a rename or a language changed needs nothing written
(docs/decisions.md, "The night search folds in Python").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Connection, String, and_, cast, false, func, or_, true
from sqlalchemy import select as columns

from scorekeeper.formatting import short_iso
from scorekeeper.names import search_key
from scorekeeper.problems import grouped
from scorekeeper.store.database import Database
from scorekeeper.store.night_reads import NightSummary, night_summaries, night_summary_query
from scorekeeper.store.tables import (
    LeagueRow,
    NightRow,
    NightTotalRow,
    PlayerRow,
    SeatRow,
    core_table,
)

Condition = ColumnElement[bool]


def table_text(table: str | None) -> str:
    """A night's table as the chooser shows it: "-" when it has none."""
    return table or "-"


def night_parts(night: NightSummary) -> tuple[str, ...]:
    """What is searched in a night's line, as it is shown: its number, date (short),
    league, table, hands and players one by one, then its date as ISO ("2026-11-20")."""
    shown = (str(night.id), short_iso(night.date), night.league or "", table_text(night.table))
    return (*shown, grouped(night.hands), *night.players, night.date or "")


def search_words(typed: str) -> tuple[str, ...]:
    """The words of TYPED as the search compares them; a word that folds to nothing
    (a lone accent) is in every line, and left out."""
    return tuple(word for word in (search_key(w) for w in typed.split()) if word)


@dataclass
class Vocabulary:
    """Each kind of part a line is made of: its values (a player's id, a date...) with
    the folded texts a line shows for each (`keys`)."""

    keys: dict[Hashable, tuple[str, ...]] = field(default_factory=dict)

    def add(self, value: Hashable, *texts: str) -> None:
        self.keys[value] = tuple(search_key(text) for text in texts)

    def holding(self, word: str) -> set[Hashable]:
        """The values one of whose texts holds WORD."""
        return {value for value, keys in self.keys.items() if any(word in k for k in keys)}


class NightSearch:
    """The nights of a database as File ▸ Open night searches them: `count` and `page`
    for the words typed.  The small tables are read and folded on the first word."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._vocabularies: dict[str, Vocabulary] | None = None
        self._conditions: dict[tuple[str, ...], Condition] = {}
        self._total: int | None = None

    def total(self) -> int:
        """How many nights there are (counted once: the menu asks, then the chooser)."""
        if self._total is None:
            self._total = self.count("")
        return self._total

    def count(self, typed: str) -> int:
        """How many nights hold every word of TYPED (every night when it has none)."""
        night = core_table(NightRow).c
        totals = core_table(NightTotalRow).c
        nights: Any = core_table(NightRow)
        if search_words(typed):  # the count of hands is searched: joined (else, only
            # the index of the nights is read: migration 0018)
            nights = nights.outerjoin(core_table(NightTotalRow), totals.night_id == night.id)
        query = (
            columns(func.count())
            .select_from(nights)
            .where(night.discarded_at.is_(None), self._condition(typed))
        )
        with self.db.session() as session:
            return int(session.connection().execute(query).scalar_one())

    def page(self, typed: str, *, offset: int, limit: int | None) -> list[NightSummary]:
        """The nights that hold every word of TYPED, newest first (by date, the undated
        last, then by number) from the OFFSET-th, at most LIMIT (None: all the rest)."""
        night = core_table(NightRow).c
        query = (
            night_summary_query()
            .where(self._condition(typed))
            .order_by(night.played_on.desc().nulls_last(), night.id.desc())
            .offset(offset)
            .limit(limit)
        )
        with self.db.session() as session:
            return night_summaries(session.connection(), query)

    def _condition(self, typed: str) -> Condition:
        """The WHERE clause keeping the nights that hold every word of TYPED."""
        words = search_words(typed)
        if not words:
            return true()
        if words not in self._conditions:  # the count and the first page ask alike
            self._conditions = {words: and_(*(self._holding(word) for word in words))}
        return self._conditions[words]

    def _holding(self, word: str) -> Condition:
        """The nights one of whose parts holds WORD (already a `search_key`)."""
        night = core_table(NightRow).c
        totals = core_table(NightTotalRow).c
        seat = core_table(SeatRow).c
        kinds = self._vocabulary()
        hands = func.coalesce(totals.hand_rows, 0)
        seated = among(seat.player_id, kinds["players"], word)
        either = [
            among(night.league_id, kinds["leagues"], word),
            among(night.table_label, kinds["tables"], word),
            among(night.played_on, kinds["dates"], word),
            among(hands, kinds["hands"], word),
            night.id.in_(columns(seat.night_id).where(seated)),
        ]
        if word.isascii() and word.isdigit():  # a night's number
            either.append(cast(night.id, String).contains(word, autoescape=True))
        return or_(*either)

    def _vocabulary(self) -> dict[str, Vocabulary]:
        """Each kind of part's values and their folded texts, read once."""
        if self._vocabularies is None:
            with self.db.session() as session:
                self._vocabularies = read_vocabulary(session.connection())
        return self._vocabularies


def read_vocabulary(connection: Connection) -> dict[str, Vocabulary]:
    """The players, leagues, tables' names, dates and counts of hands a night's line
    can show, each with its texts (as `night_parts` writes them) folded."""
    night, totals = core_table(NightRow).c, core_table(NightTotalRow).c
    kinds = {name: Vocabulary() for name in ("players", "leagues", "tables", "dates", "hands")}
    player, league = core_table(PlayerRow).c, core_table(LeagueRow).c
    for player_id, name in connection.execute(columns(player.id, player.name)):
        kinds["players"].add(player_id, name)
    for league_id, name in connection.execute(columns(league.id, league.name)):
        kinds["leagues"].add(league_id, name)
    for (table,) in connection.execute(columns(night.table_label).distinct()):
        kinds["tables"].add(table, table_text(table))
    for (day,) in connection.execute(columns(night.played_on).distinct()):
        iso = day.isoformat() if isinstance(day, dt.date) else None
        kinds["dates"].add(day, short_iso(iso), iso or "")
    for (hands,) in connection.execute(columns(totals.hand_rows).distinct()):
        kinds["hands"].add(hands, grouped(hands))
    kinds["hands"].add(0, grouped(0))  # a night without a total row has no hands
    return kinds


def among(column: Any, kind: Vocabulary, word: str) -> Condition:
    """COLUMN holds one of KIND's values whose text holds WORD: by those values, or by
    the others when they are fewer (a digit typed is in most dates), so that the list
    the database is sent stays short; null when the text of no value holds it."""
    held = kind.holding(word)
    values = [v for v in held if v is not None]
    others = [v for v in kind.keys if v not in held and v is not None]
    if not values:
        found: Condition = false()
    elif len(others) < len(values):
        found = column.is_not(None) if not others else column.not_in(others)
    else:
        found = column.in_(values)
    return or_(found, column.is_(None)) if None in held else found
