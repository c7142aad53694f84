"""Nights in and out as night documents: `import_night`, `file_night` (a night the
command line has read and checked once, not checked again), `import_nights` (many
nights in one transaction, each table by one executemany), `file_nights` (the command
line's checked nights, many at once, none that is stored already), `create_night` (an
empty night is filed as a document), and `export_night`, the document back.

An import is all or nothing: a document with any problem raises `InvalidNight` and
writes nothing; a night is validated and scored by the core before it is committed.
Several programs may file nights at once (the tables of a league night): the players,
then the league and season, are found or created safely (`store.people`), every write
in that order and each kind in the order of their keys (players first, as a
fingerprint names them by id), and a filing a database server refuses for crossing
another (a deadlock among them) is filed again (`Database.write`).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert
from sqlmodel import Session, col, select

from scorekeeper.document import (
    FORMAT,
    hand_to_document,
    load_night,
    night_to_document,
    read_night,
)
from scorekeeper.formatting import locale_currency, short_iso
from scorekeeper.i18n import _, ngettext
from scorekeeper.names import name_key
from scorekeeper.night import score_night
from scorekeeper.problems import InvalidNight, Problem
from scorekeeper.records import Night, NightInfo
from scorekeeper.rules import RuleSet
from scorekeeper.store import records as stored
from scorekeeper.store import summaries
from scorekeeper.store.database import Database, check_whole
from scorekeeper.store.engine import describe
from scorekeeper.store.errors import StorageError
from scorekeeper.store.fingerprints import (
    AlreadyStored,
    Duplicate,
    duplicates,
    fingerprint,
    lock_imports,
)
from scorekeeper.store.ids import new_hand_ids, new_ids
from scorekeeper.store.people import find_league, league_and_season, players_named
from scorekeeper.store.state import (
    CacheRows,
    cache_rows,
    fetch_in,
    insert_cache,
)
from scorekeeper.store.stored_night import (
    SETTLED,
    PartialNight,
    StoredNight,
    currency_of,
    read_stored,
)
from scorekeeper.store.tables import (
    HandRevisionRow,
    HandRow,
    LeagueRow,
    NightChangeRow,
    NightRow,
    PaymentRow,
    SeatRow,
    core_table,
    now,
    this_computer,
)


def season_needs_league() -> Problem:
    """The problem of a night filed under a season but no league."""
    return Problem("season", _("a season belongs to a league: give league too"))


@dataclass(frozen=True)
class NightProblem(Problem):
    """A problem of one of several nights filed at once: its FIELD says "night N: ...",
    and NIGHT (N, from 1) and WITHIN (the field in that night) keep what it is about,
    so that a sheet's import can name the row it came from."""

    night: int = 0
    within: str = ""


def in_night(index: int, problem: Problem) -> NightProblem:
    """PROBLEM of the INDEXth night (from 1) of several filed at once."""
    field = _("night {number}: {field}").format(number=index, field=problem.field)
    return NightProblem(
        field,
        problem.message,
        problem.hand,
        missing=problem.missing,
        night=index,
        within=problem.field,
    )


def import_night(db: Database, document: Any) -> int:
    """File a night document (league and season created if missing); returns its id.

    All or nothing: a document with any problem raises `InvalidNight` and writes nothing.
    """
    night, problems = load_night(document)
    if night is None:
        raise InvalidNight(problems)
    return file_night(db, night)


def file_night(db: Database, night: Night) -> int:
    """File a night that `load_night` has read and checked (as `import_night` does with
    a document); returns its id.  Nothing is read or checked twice, and `score_night`
    keeps its own check as it scores the night.  It keeps no fingerprint and asks for
    none (`file_nights` does both): a night started in the app is filed here."""
    check_whole(db)  # never file a night into a damaged database
    info = night.info
    if info.season is not None and info.league is None:
        raise InvalidNight([season_needs_league()])
    return db.write(lambda session: _file(session, night))


def _file(session: Session, night: Night) -> int:
    """`file_night`'s transaction: every player (seated or paying), then the league and
    season, then the night, its seats, payments and hands, scored: the bulk import's
    writes (`_file_all`) for one night, without a fingerprint."""
    players = _Players(session, _everyone([night]))
    (night_id,) = _file_all(session, players, [night], [None], _records([night], players.ids))
    return night_id


def file_in(session: Session, night: Night) -> int:
    """`file_night` in the caller's transaction SESSION (a write that files a night
    with something of its own: a tournament's table); returns the night's id."""
    return _file(session, night)


def _payers(info: NightInfo) -> list[str]:
    """Everyone a night's payments name."""
    return [name for p in info.payments for name in (p.payer, p.payee)]


def import_nights(db: Database, documents: Sequence[Any]) -> list[int]:
    """File many night documents in one transaction (a league's history, say); returns
    their ids in order.  All or nothing: every problem in every document is reported
    (as "night N: ..."), and one bad document writes nothing at all.

    The same checks and scores as `import_night`, with the rows of all the nights
    written table by table (one executemany each) instead of night by night.  Every
    night given is filed, stored already or not (`file_nights` asks).
    """
    loaded: list[Night] = []
    problems: list[Problem] = []
    for index, document in enumerate(documents, start=1):
        night, found = load_night(document)
        if night is not None and night.info.season is not None and night.info.league is None:
            night, found = None, [season_needs_league()]
        if night is None:
            problems += [in_night(index, p) for p in found]
        else:
            loaded.append(night)
    if problems:
        raise InvalidNight(problems)
    if not loaded:
        return []
    check_whole(db)
    return db.write(lambda session: _import_all(session, loaded))


def _import_all(session: Session, loaded: Sequence[Night]) -> list[int]:
    """`import_nights`' transaction: every player (in the order of their keys), then
    the nights with their fingerprints (`_file_all`)."""
    players = _Players(session, _everyone(loaded))
    records = _records(loaded, players.ids)
    prints = [fingerprint(n, players.ids, r) for n, r in zip(loaded, records, strict=True)]
    return _file_all(session, players, loaded, prints, records)


def file_nights(
    db: Database, nights: Sequence[Night], *, skip_existing: bool = False
) -> list[int | Duplicate]:
    """File nights that `load_night` has read and checked (`scorekeeper import`'s files),
    all in one transaction, unless one is stored already (`store.fingerprints`: the same
    date, players, rules and hands) or repeats another of NIGHTS: then `AlreadyStored`
    names each, and nothing is written.  With SKIP_EXISTING those are left out instead
    and the rest filed.  Returns, in order, each new night's id or what left it out.
    Safe when other programs file nights at the same moment (`Database.write`)."""
    problems = [in_night(index, p) for index, p in _season_problems(nights)]
    if problems:
        raise InvalidNight(problems)
    check_whole(db)
    return db.write(lambda session: _file_new(session, nights, skip_existing=skip_existing))


def _file_new(
    session: Session, nights: Sequence[Night], *, skip_existing: bool
) -> list[int | Duplicate]:
    """`file_nights`' transaction: the import lock, every seated player of every night
    (in the order of their keys: a fingerprint names players by id), the nights stored
    already found by their fingerprints, then the others filed (`_file_all`), the people
    only their payments name made first (a night left out makes nobody)."""
    lock_imports(session)
    players = _Players(session, [name for night in nights for name in night.players])
    records = _records(nights, players.ids)
    prints = [fingerprint(n, players.ids, r) for n, r in zip(nights, records, strict=True)]
    found = duplicates(session, nights, prints, players.ids)
    if found and not skip_existing:
        raise AlreadyStored(found)
    left_out = {d.index: d for d in found}
    keep = [i for i in range(len(nights)) if i not in left_out]
    players.add([name for i in keep for name in _payers(nights[i].info)])
    kept = [nights[i] for i in keep]
    ids = _file_all(session, players, kept, [prints[i] for i in keep], [records[i] for i in keep])
    filed: dict[int, int | Duplicate] = dict(zip(keep, ids, strict=True))
    return [filed[i] if i in filed else left_out[i] for i in range(len(nights))]


def _season_problems(nights: Sequence[Night]) -> list[tuple[int, Problem]]:
    """A season without a league, for each night (counted from 1) that has one."""
    return [
        (index, season_needs_league())
        for index, night in enumerate(nights, start=1)
        if night.info.season is not None and night.info.league is None
    ]


def _records(nights: Sequence[Night], ids: Mapping[str, int]) -> list[list[dict[str, Any]]]:
    """Each night's hands as stored (canonical, players by id): made once, for both the
    fingerprint and the hand rows."""
    return [[stored.to_stored(hand_to_document(h), ids) for h in night.hands] for night in nights]


def _everyone(nights: Sequence[Night]) -> list[str]:
    """Everyone NIGHTS seat or whose payments name."""
    return [name for n in nights for name in (*n.players, *_payers(n.info))]


def _file_all(
    session: Session,
    players: _Players,
    loaded: Sequence[Night],
    prints: Sequence[str | None],
    records: Sequence[Sequence[dict[str, Any]]],
) -> list[int]:
    """Write checked nights (with the fingerprints they came in with, if any, and their hands as
    stored, RECORDS), their players found or created already (`_Players`): their
    leagues and seasons (in the order of their keys), then the nights FILED_AT_ONCE at a
    time, each table's rows of them by one executemany (`_file_some`), so that a
    league's whole history costs the memory of one chunk's rows; returns the nights'
    ids in order."""
    if not loaded:
        return []
    places = {(n.info.league, n.info.season, n.info.currency) for n in loaded}
    filed = {
        where: league_and_season(session, *where)
        for where in sorted(places, key=lambda w: (name_key(w[0] or ""), name_key(w[1] or "")))
    }
    moment = now()
    night_ids: list[int] = []
    for first in range(0, len(loaded), FILED_AT_ONCE):
        chunk = slice(first, first + FILED_AT_ONCE)
        night_ids += _file_some(
            session, players, filed, moment, loaded[chunk], prints[chunk], records[chunk]
        )
    summaries.write_for_nights(session, night_ids)
    return night_ids


# How many nights `_file_all` writes by one executemany a table (the rows of a chunk are
# all in memory at once; more saves little time: docs/performance.md).
FILED_AT_ONCE = 1_000


def _file_some(
    session: Session,
    players: _Players,
    filed: Mapping[tuple[str | None, str | None, str], tuple[int | None, int | None]],
    moment: dt.datetime,
    loaded: Sequence[Night],
    prints: Sequence[str | None],
    records: Sequence[Sequence[dict[str, Any]]],
) -> list[int]:
    """One chunk of `_file_all`: the nights' and hands' ids taken first (`ids.new_ids`),
    then each table's rows by one executemany, and the score cache."""
    night_ids = new_ids(session, NightRow, len(loaded))
    night_rows, night_leagues = [], []
    for night_id, night, mark in zip(night_ids, loaded, prints, strict=True):
        info = night.info
        league_id, season_id = filed[(info.league, info.season, info.currency)]
        night_leagues.append(league_id)
        night_rows.append(
            dict(
                id=night_id,
                league_id=league_id,
                season_id=season_id,
                currency=None if league_id is not None else info.currency,
                played_on=dt.date.fromisoformat(info.date) if info.date else None,
                table_label=info.table,
                title=info.title,
                rules=_rules_json(night.rules),
                closed_at=moment if info.closed else None,
                created_at=moment,
                updated_at=moment,
                fingerprint=mark,
            )
        )
    connection = session.connection()
    connection.execute(insert(core_table(NightRow)), night_rows)
    hand_ids = new_hand_ids(session, sum(len(r) for r in records))
    next_id = iter(hand_ids)
    seat_rows, hand_rows, revisions = [], [], []
    for night_id, night, hands in zip(night_ids, loaded, records, strict=True):
        seat_rows += [
            dict(night_id=night_id, player_id=players.id(name), position=place, first_hand=1)
            for place, name in enumerate(night.players, start=1)
        ]
        for number, record in enumerate(hands, start=1):
            hand_id = next(next_id)
            hand_rows.append(
                dict(
                    id=hand_id,
                    night_id=night_id,
                    position=number,
                    revision=1,
                    updated_at=moment,
                    record=record,
                )
            )
            revisions.append(
                dict(
                    night_id=night_id,
                    hand_id=hand_id,
                    revision=1,
                    action="insert",
                    position=number,
                    record=record,
                    recorded_at=moment,
                    computer=this_computer(),
                )
            )
    if seat_rows:
        connection.execute(insert(core_table(SeatRow)), seat_rows)
    filed_money = zip(night_ids, night_leagues, (n.info for n in loaded), strict=True)
    _file_payments(session, list(filed_money), players.ids)
    if hand_rows:
        connection.execute(insert(core_table(HandRow)), hand_rows)
        connection.execute(insert(core_table(HandRevisionRow)), revisions)
    # A night settled at the table says so in its history (`stored_night.SETTLED`): its
    # league carries no debts from it.
    settled = [
        dict(night_id=night_id, action=SETTLED, recorded_at=moment, computer=this_computer())
        for night_id, night in zip(night_ids, loaded, strict=True)
        if night.info.settled
    ]
    if settled:
        connection.execute(insert(core_table(NightChangeRow)), settled)
    cache = CacheRows([], [], [])
    start = 0
    for night_id, night in zip(night_ids, loaded, strict=True):
        count = len(night.hands)
        stored_night = players.as_stored(night)
        result = score_night(stored_night)
        scored = zip(hand_ids[start : start + count], result.hands, stored_night.hands, strict=True)
        more = cache_rows(night_id, players.ids, stored_night.rules, scored)
        for rows, added in zip(cache, more, strict=True):
            rows += added
        start += count
    insert_cache(session, cache)
    return night_ids


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    """`RuleSet.to_json`, worked out once for each rule set (`rules_document`)."""
    try:
        return _full_rules(rules)
    except TypeError:  # a rule set holding something unhashable
        return rules.to_json()


@functools.lru_cache(maxsize=64)
def _full_rules(rules: RuleSet) -> dict[str, Any]:
    return rules.to_json()


def _file_payments(
    session: Session,
    nights: Sequence[tuple[int, int | None, NightInfo]],
    ids: Mapping[str, int],
) -> None:
    """The payments of filed nights (night id, league id, info), one executemany: each
    person by the id IDS gives their name (found or created before), each payment
    dated as given, else on the night's date, else today."""
    rows = [
        dict(
            league_id=league_id,
            night_id=night_id,
            payer_id=ids[payment.payer],
            payee_id=ids[payment.payee],
            cents=payment.cents,
            paid_on=payment.paid_on(info.date),
            note="",
            recorded_at=now(),
        )
        for night_id, league_id, info in nights
        for payment in info.payments
    ]
    if rows:
        session.connection().execute(insert(core_table(PaymentRow)), rows)


class _Players:
    """Players by name for a bulk import: each found or created once, all before any
    night is filed (`players_named`); a night is scored with the names as stored (a
    known player keeps the stored spelling)."""

    def __init__(self, session: Session, names: Sequence[str]) -> None:
        self.session = session
        self.ids: dict[str, int] = {}
        self.names: dict[int, str] = {}
        self.add(names)

    def add(self, names: Sequence[str]) -> None:
        """The players of NAMES not known yet, found or created in the order of their
        keys (`players_named`)."""
        new = [name for name in names if name not in self.ids]
        for name, row in players_named(self.session, new).items():
            assert row.id is not None
            self.ids[name], self.names[row.id] = row.id, row.name

    def id(self, name: str) -> int:
        return self.ids[name]

    def as_stored(self, night: Night) -> Night:
        if all(self.names[self.ids[p]] == p for p in night.players):
            return night
        renamed = {p: self.names[self.ids[p]] for p in night.players}
        self.ids |= {stored_name: self.ids[p] for p, stored_name in renamed.items()}
        document = night_to_document(night)
        document["players"] = [renamed[p] for p in night.players]
        document["hands"] = [
            stored.from_stored(stored.to_stored(h, self.ids), self.names) for h in document["hands"]
        ]
        again, problems = read_night(document)  # checked already, as `_as_stored` says
        if again is None:
            raise InvalidNight(problems)
        return again


def create_night(
    db: Database,
    *,
    players: Sequence[str],
    rules: RuleSet,
    date: dt.date | None = None,
    league: str | None = None,
    season: str | None = None,
    table: str | None = None,
    title: str | None = None,
    currency: str | None = None,
) -> int:
    """Start an empty night for these seats (clockwise) under these rules, its money in
    CURRENCY (default: its league's, else the locale's).  The first night of a new
    league gives it its rules: what a later night changes for itself stays its own."""
    new_league = league is not None and not _league_exists(db, league)
    document: dict[str, Any] = {
        "format": FORMAT,
        "rules": rules.to_json(),
        "players": list(players),
        "hands": [],
        "currency": currency or _currency_for(db, league),
    }
    for key, value in (("league", league), ("season", season), ("table", table), ("title", title)):
        if value is not None:
            document[key] = value
    if date is not None:
        document["date"] = date.isoformat()
    night, problems = load_night(document)
    if night is None:
        raise InvalidNight(problems)
    if night.info.season is not None and night.info.league is None:
        raise InvalidNight([season_needs_league()])
    check_whole(db)

    def start(session: Session) -> int:
        # Asked in the write that files the night, under the import lock (a server) or
        # SQLite's write lock: two stations starting the same table at once file one.
        lock_imports(session)
        if league is not None and date is not None:
            taken = _taken_in(session, league, date, table)
            if taken is not None:
                raise StorageError(taken, field="table")
        return _file(session, night)

    night_id = db.write(start)
    if new_league and league is not None:
        from scorekeeper.store.league import save_league

        save_league(db, name=league, rules=rules)
    return night_id


def night_taken(db: Database, *, league: str, date: dt.date, table: str | None) -> str | None:
    """Why a new night of LEAGUE on DATE at TABLE would be a second copy of one the
    league has already (not discarded): its title would be the same, and its hands go
    to the one already there; None when there is none.  Start a night asks it as the
    user types; `create_night` asks it again in the write that files the night."""
    with db.session() as session:
        return _taken_in(session, league, date, table)


def _taken_in(session: Session, league: str, date: dt.date, table: str | None) -> str | None:
    """`night_taken`, read in SESSION."""
    found = find_league(session, league)
    if found is None:
        return None
    rows = session.exec(
        select(NightRow.id, NightRow.table_label).where(
            col(NightRow.league_id) == found.id,
            col(NightRow.played_on) == date,
            col(NightRow.discarded_at).is_(None),
        )
    ).all()
    same = [(i, label) for i, label in rows if name_key(label or "") == name_key(table or "")]
    if not same:
        return None
    night_id, label = same[0]
    hands = session.exec(
        select(func.count()).select_from(HandRow).where(col(HandRow.night_id) == night_id)
    ).one()
    where = {"league": found.name, "date": short_iso(date.isoformat()), "hands": hands}
    if label:
        message = ngettext(
            "{league} has a night at table {table} on {date} already ({hands} hand): "
            "open it (File ▸ Open night), or name this table otherwise",
            "{league} has a night at table {table} on {date} already ({hands} hands): "
            "open it (File ▸ Open night), or name this table otherwise",
            hands,
        )
        return message.format(table=label, **where)
    message = ngettext(
        "{league} has a night on {date} already ({hands} hand): open it "
        "(File ▸ Open night), or name this night's table",
        "{league} has a night on {date} already ({hands} hands): open it "
        "(File ▸ Open night), or name this night's table",
        hands,
    )
    return message.format(**where)


def _league_exists(db: Database, league: str) -> bool:
    with db.session() as session:
        return find_league(session, league) is not None


def _currency_for(db: Database, league: str | None) -> str:
    """The currency a new night's money is in: its league's, else the locale's."""
    if league is not None:
        with db.session() as session:
            found = find_league(session, league)
            if found is not None:
                return found.currency
    return locale_currency()


# -- export --------------------------------------------------------------------------


def night_as_stored(db: Database, *, night_id: int) -> StoredNight:
    """A stored night read whole (store/stored_night.py): its document, hands' ids,
    seats and payments, in one read transaction."""
    with db.session() as session:
        try:
            return read_stored(fetch_in(session), night_id, counted=db.is_sqlite)
        except PartialNight as partial:
            raise partial.as_error(describe(db.url), db.backup_hint()) from None


def export_night(db: Database, *, night_id: int) -> dict[str, Any]:
    """The night document of a stored night (what `scorekeeper export` writes), with
    whether it is closed and the payments made for it."""
    return night_as_stored(db, night_id=night_id).document


def night_currency(session: Session, row: NightRow) -> str:
    """The currency a stored night's money is in: its league's, else its own."""
    league = session.get_one(LeagueRow, row.league_id) if row.league_id is not None else None
    return currency_of(league is not None, league.currency if league else None, row.currency)
