"""Repository functions for nights and hands: small, keyword-only, rows in, records out.

Every write is one transaction that (1) locks the night, (2) builds the night as it
will be after the change, (3) validates and scores it with the core, (4) writes the
change, its revision and the rebuilt score cache, and commits; any problem rolls the
whole change back.  Nothing here returns a live ORM row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, text
from sqlmodel import Session, col, select

from scorekeeper.document import (
    FORMAT,
    hand_to_document,
    load_night,
    night_to_document,
    read_hand,
    read_night,
)
from scorekeeper.formatting import counted
from scorekeeper.night import Carry, HandResult, NightResult, score_next, score_night
from scorekeeper.problems import InvalidNight, Problem
from scorekeeper.records import Night
from scorekeeper.rules import RuleSet
from scorekeeper.store import records as stored
from scorekeeper.store.database import Database, check_whole, describe
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.people import (
    find_league,
    find_or_create_player,
    league_and_season,
)
from scorekeeper.store.state import (
    NightState,
    cache_rows,
    check_night,
    check_with_shift,
    document_hand,
    insert_cache,
    insert_hands,
    load_state,
    night_document,
    refuse_if_closed,
    rescore,
    shift_hands,
    write_cache,
)
from scorekeeper.store.tables import (
    HandPointsRow,
    HandRevisionRow,
    HandRow,
    HandScoreRow,
    LeagueRow,
    NightRow,
    PlayerRow,
    SeasonRow,
    SeatRow,
    core_table,
    now,
)


@dataclass(frozen=True)
class NightSummary:
    """One line of `scorekeeper nights`."""

    id: int
    date: str | None
    league: str | None
    season: str | None
    table: str | None
    title: str | None
    hands: int
    players: tuple[str, ...]
    closed: bool


@dataclass(frozen=True)
class Revision:
    """One version of a hand, as the history shows it."""

    id: int
    hand_id: int
    revision: int
    action: str
    position: int
    hand: dict[str, Any]
    recorded_at: dt.datetime


def _info(session: Session, row: NightRow) -> dict[str, Any]:
    info: dict[str, Any] = {}
    if row.played_on is not None:
        info["date"] = row.played_on.isoformat()
    if row.league_id is not None:
        info["league"] = session.get_one(LeagueRow, row.league_id).name
    if row.season_id is not None:
        info["season"] = session.get_one(SeasonRow, row.season_id).name
    if row.table_label is not None:
        info["table"] = row.table_label
    if row.title is not None:
        info["title"] = row.title
    return info


def export_night(db: Database, *, night_id: int) -> dict[str, Any]:
    """The night document of a stored night (what `scorekeeper export` writes)."""
    with db.session() as session:
        state = load_state(session, night_id, lock=False)
        _require_every_hand(db, session, night_id, [h.position for h in state.hands])
        document = night_document(state, [h.record for h in state.hands])
        info = _info(session, state.row)
    head = {"format": FORMAT, **info}
    return head | {k: v for k, v in document.items() if k != "format"}


def _require_every_hand(
    db: Database, session: Session, night_id: int, positions: list[int]
) -> None:
    """A night read through the index must be the whole night: positions 1..N, and as
    many hands as the table itself holds (read past the index, a few milliseconds on a
    league of 100,000 hands), so a damaged index never passes a partial night as whole."""
    whole = len(positions)
    if db.is_sqlite:
        scan = text("SELECT count(*) FROM hand NOT INDEXED WHERE night_id = :night")
        whole = session.connection().execute(scan, {"night": night_id}).scalar_one()
    if positions != list(range(1, len(positions) + 1)) or whole != len(positions):
        raise StorageError(
            f"the database {describe(db.url)} is damaged (night {night_id} reads "
            f"{counted(len(positions), 'hand')} through its index, the table holds {whole}); "
            "nothing was changed" + db.backup_hint()
        )


def load_stored_night(db: Database, *, night_id: int) -> Night:
    """A stored night as the core's record."""
    return night_of_document(export_night(db, night_id=night_id), night_id=night_id)


def night_of_document(document: Mapping[str, Any], *, night_id: int) -> Night:
    """The core's record of a stored night's exported document (read once, used twice)."""
    night, problems = load_night(document)
    if night is None:
        detail = "; ".join(str(p) for p in problems)
        raise StorageError(f"night {night_id} cannot be scored as stored ({detail})")
    return night


def night_result(db: Database, *, night_id: int) -> NightResult:
    """A stored night scored by the core."""
    return score_night(load_stored_night(db, night_id=night_id))


def list_nights(db: Database, *, league: str | None = None) -> list[NightSummary]:
    """Every night, newest first, optionally of one league."""
    with db.session() as session:
        query = select(NightRow).where(col(NightRow.discarded_at).is_(None))
        if league is not None:
            found = find_league(session, league)
            if found is None:
                raise StorageError(f"--league: there is no league {league!r}")
            query = query.where(NightRow.league_id == found.id)
        rows = list(session.exec(query))
        counts = dict(
            session.exec(
                select(HandRow.night_id, func.count()).group_by(HandRow.night_id)  # type: ignore[arg-type]
            ).all()
        )
        # Seats, names, leagues and seasons read once for all the nights, not per night.
        names = dict(session.exec(select(PlayerRow.id, PlayerRow.name)).all())
        leagues = dict(session.exec(select(LeagueRow.id, LeagueRow.name)).all())
        seasons = dict(session.exec(select(SeasonRow.id, SeasonRow.name)).all())
        seated: dict[int, list[int]] = {}
        seat_order = select(SeatRow.night_id, SeatRow.player_id).order_by(
            col(SeatRow.night_id), col(SeatRow.position), col(SeatRow.first_hand)
        )
        for night_id, player_id in session.exec(seat_order):
            order = seated.setdefault(night_id, [])
            if player_id not in order:
                order.append(player_id)
        summaries = []
        for row in rows:
            assert row.id is not None
            summaries.append(NightSummary(
                id=row.id, date=row.played_on.isoformat() if row.played_on else None,
                league=leagues.get(row.league_id) if row.league_id is not None else None,
                season=seasons.get(row.season_id) if row.season_id is not None else None,
                table=row.table_label, title=row.title, hands=counts.get(row.id, 0),
                players=tuple(names[p] for p in seated.get(row.id, [])),
                closed=row.closed_at is not None,
            ))  # fmt: skip
    summaries.sort(key=lambda s: (s.date or "", s.id), reverse=True)
    return summaries


def hand_history(db: Database, *, hand_id: int) -> list[Revision]:
    """Every version of a hand, oldest first, with each player's current name."""
    with db.session() as session:
        rows = list(session.exec(
            select(HandRevisionRow).where(HandRevisionRow.hand_id == hand_id)
            .order_by("revision")
        ))  # fmt: skip
        if not rows:
            raise StorageError(f"there is no hand {hand_id}")
        names = {p.id: p.name for p in session.exec(select(PlayerRow)) if p.id is not None}
    return [
        Revision(
            id=r.id or 0, hand_id=r.hand_id, revision=r.revision, action=r.action,
            position=r.position, hand=stored.from_stored(r.record, names),
            recorded_at=r.recorded_at,
        )
        for r in rows
    ]  # fmt: skip


def hand_ids(db: Database, *, night_id: int) -> list[int]:
    """The ids of a night's hands in order (hand 1 first)."""
    with db.session() as session:
        query = select(HandRow.id).where(HandRow.night_id == night_id).order_by("position")
        return [i for i in session.exec(query) if i is not None]


# -- writing -------------------------------------------------------------------------


SEASON_NEEDS_LEAGUE = Problem("season", "a season belongs to a league: give league too")


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
    a document); returns its id.  The command line checks a document before it opens the
    database, and files the night it checked: nothing is read or checked twice, and
    `score_night` keeps its own check as it scores the night."""
    check_whole(db)  # never file a night into a damaged database
    info = night.info
    if info.season is not None and info.league is None:
        raise InvalidNight([SEASON_NEEDS_LEAGUE])
    with db.transaction() as session:
        league_id, season_id = league_and_season(session, info.league, info.season)
        row = NightRow(
            league_id=league_id,
            season_id=season_id,
            played_on=dt.date.fromisoformat(info.date) if info.date else None,
            table_label=info.table,
            title=info.title,
            rules=night.rules.to_json(),
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        ids = _seat_everyone(session, row.id, night.players)
        records = [stored.to_stored(hand_to_document(h), ids) for h in night.hands]
        hand_rows = insert_hands(session, row.id, records)
        state = load_state(session, row.id, lock=True)
        rescore(session, state, _as_stored(state, night, records), hand_rows, from_position=1)
        return row.id


def _as_stored(state: NightState, night: Night, records: Sequence[Mapping[str, Any]]) -> Night:
    """The night with its players as stored (a player already known keeps the stored
    spelling: "ann" imported after "Ann" is Ann), read back without checking it again:
    new spellings of the same players cannot make a checked night wrong."""
    if state.players == night.players:
        return night
    stored_night, problems = read_night(night_document(state, records))
    if stored_night is None:
        raise InvalidNight(problems)
    return stored_night


def import_nights(db: Database, documents: Sequence[Any]) -> list[int]:
    """File many night documents in one transaction (a league's history, say); returns
    their ids in order.  All or nothing: every problem in every document is reported
    (as "night N: ..."), and one bad document writes nothing at all.

    The same checks and scores as `import_night`, with the rows of all the nights
    written table by table (one executemany each) instead of night by night.
    """
    loaded: list[Night] = []
    problems: list[Problem] = []
    for index, document in enumerate(documents, start=1):
        night, found = load_night(document)
        if night is not None and night.info.season is not None and night.info.league is None:
            night, found = None, [SEASON_NEEDS_LEAGUE]
        if night is None:
            problems += [Problem(f"night {index}: {p.field}", p.message, p.hand) for p in found]
        else:
            loaded.append(night)
    if problems:
        raise InvalidNight(problems)
    if not loaded:
        return []
    check_whole(db)
    with db.transaction() as session:
        players = _Players(session)
        filed: dict[tuple[str | None, str | None], tuple[int | None, int | None]] = {}
        night_rows = []
        for night in loaded:
            info = night.info
            where = (info.league, info.season)
            if where not in filed:
                filed[where] = league_and_season(session, info.league, info.season)
            league_id, season_id = filed[where]
            night_rows.append(dict(
                league_id=league_id, season_id=season_id,
                played_on=dt.date.fromisoformat(info.date) if info.date else None,
                table_label=info.table, title=info.title, rules=night.rules.to_json(),
                created_at=now(), updated_at=now(),
            ))  # fmt: skip
        night_ids = _insert_returning_ids(session, NightRow, night_rows)
        seat_rows, hand_rows = [], []
        for night_id, night in zip(night_ids, loaded, strict=True):
            for position, name in enumerate(night.players, start=1):
                seat_rows.append(dict(night_id=night_id, player_id=players.id(name),
                                      position=position, first_hand=1))  # fmt: skip
            hand_rows += [
                dict(night_id=night_id, position=number, revision=1, updated_at=now(),
                     record=stored.to_stored(hand_to_document(hand), players.ids))
                for number, hand in enumerate(night.hands, start=1)
            ]  # fmt: skip
        session.connection().execute(insert(core_table(SeatRow)), seat_rows)
        hand_ids = _insert_returning_ids(session, HandRow, hand_rows) if hand_rows else []
        moment = now()
        revisions = [
            dict(night_id=row["night_id"], hand_id=hand_id, revision=1, action="insert",
                 position=row["position"], record=row["record"], recorded_at=moment)
            for row, hand_id in zip(hand_rows, hand_ids, strict=True)
        ]  # fmt: skip
        if revisions:
            session.connection().execute(insert(core_table(HandRevisionRow)), revisions)
        scores: list[dict[str, Any]] = []
        points: list[dict[str, Any]] = []
        start = 0
        for night_id, night in zip(night_ids, loaded, strict=True):
            count = len(night.hands)
            stored_night = players.as_stored(night)
            result = score_night(stored_night)
            ids = hand_ids[start : start + count]
            scored = zip(ids, result.hands, stored_night.hands, strict=True)
            more = cache_rows(night_id, players.ids, stored_night.rules, scored)
            scores += more[0]
            points += more[1]
            start += count
        insert_cache(session, scores, points)
        return night_ids


def _insert_returning_ids(session: Session, table: Any, rows: list[dict[str, Any]]) -> list[int]:
    """Insert ROWS with one executemany and return their new ids in the same order."""
    core = core_table(table)
    query = insert(core).returning(core.c.id, sort_by_parameter_order=True)
    return [row_id for (row_id,) in session.connection().execute(query, rows)]


class _Players:
    """Players by name for a bulk import: each found or created once; a night is scored
    with the names as stored (a known player keeps the stored spelling)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.ids: dict[str, int] = {}
        self.names: dict[int, str] = {}

    def id(self, name: str) -> int:
        if name not in self.ids:
            row = find_or_create_player(self.session, name)
            assert row.id is not None
            self.ids[name], self.names[row.id] = row.id, row.name
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
) -> int:
    """Start an empty night for these seats (clockwise) under these rules."""
    document: dict[str, Any] = {"format": FORMAT, "rules": rules.to_json(),
                                "players": list(players), "hands": []}  # fmt: skip
    for key, value in (("league", league), ("season", season), ("table", table),
                       ("title", title)):  # fmt: skip
        if value is not None:
            document[key] = value
    if date is not None:
        document["date"] = date.isoformat()
    return import_night(db, document)


def _seat_everyone(session: Session, night_id: int, players: Sequence[str]) -> dict[str, int]:
    ids = {}
    for position, name in enumerate(players, start=1):
        player = find_or_create_player(session, name)
        assert player.id is not None
        ids[name] = player.id
        session.add(SeatRow(night_id=night_id, player_id=player.id, position=position))
    session.flush()
    return ids


def _canonical(state: NightState, hand: Mapping[str, Any], number: int) -> dict[str, Any]:
    parsed, problems = read_hand(hand, state.players, number)
    if parsed is None:
        raise InvalidNight(problems)
    document = hand_to_document(parsed)
    return stored.to_stored(document, state.ids)


@dataclass(frozen=True)
class Appended:
    """A hand recorded at the end of a night: its id, the hand as the night document
    now has it, its score (what the night screen adds to the sheet), its number, and
    its revision (what an undo expects to find: `delete_hand(revision=...)`)."""

    hand_id: int
    hand: dict[str, Any]
    result: HandResult
    position: int
    revision: int


@dataclass(frozen=True)
class HandVersion:
    """What a change left of one hand, and all its undo or redo needs: the hand's place,
    its revision now (passed back as `revision=`, so a hand another program changed
    since is refused, never overwritten) and the history row of this version (what
    `restore_revision` brings back)."""

    hand_id: int
    position: int
    revision: int
    revision_id: int


def record_hand(
    db: Database, *, night_id: int, hand: Mapping[str, Any], position: int | None = None
) -> int:
    """Record a hand at the end of the night, or insert it at POSITION (from 1).

    Committed before this returns: once it returns, the hand is safe.
    """
    if position is None:
        return append_hand(db, night_id=night_id, hand=hand).hand_id
    return insert_hand(db, night_id=night_id, hand=hand, position=position).hand_id


def insert_hand(
    db: Database, *, night_id: int, hand: Mapping[str, Any], position: int
) -> HandVersion:
    """Insert a hand at POSITION (from 1), later hands moving down; committed before this
    returns."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="change a hand")
        count = len(state.hands)
        if not 1 <= position <= count + 1:
            message = f"{position} is not between 1 and {count + 1}"
            raise InvalidNight([Problem("position", message)])
        _insert(session, state, hand, position)
        row = state.hands[position - 1]
        assert row.id is not None
        return _version(session, row)


def _insert(
    session: Session, state: NightState, hand: Mapping[str, Any], at: int, *, whole: bool = False
) -> NightResult:
    """Put a hand at AT, later hands moving down, and rescore from it (or, WHOLE, the
    whole night)."""
    record = _canonical(state, hand, at)
    records = [h.record for h in state.hands]
    records.insert(at - 1, record)
    night = check_with_shift(state, records, at, +1)
    shift_hands(session, state, at, +1)
    (row,) = insert_hands(session, state.row.id or 0, [record], start=at)
    state.hands.insert(at - 1, row)
    return rescore(session, state, night, state.hands, from_position=1 if whole else at)


def append_hand(db: Database, *, night_id: int, hand: Mapping[str, Any]) -> Appended:
    """Record a hand at the end of the night, scored from the cached carry of the hand
    before it (queued doublers, Bock hands, the pot): the night's other hands are
    neither read nor rescored.  Committed before this returns."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True, with_hands=False)
        refuse_if_closed(state, to="change a hand")
        count, carry = _tail(session, night_id)
        at = count + 1
        if carry is None:  # cached before the carry was kept: rescore the night once
            state = load_state(session, night_id, lock=True)
            result = _insert(session, state, hand, at, whole=True)
            row = state.hands[-1]
            assert row.id is not None
            document = document_hand(state, row.record, at)
            return Appended(row.id, document, result.hands[-1], at, row.revision)
        record = _canonical(state, hand, at)
        document = document_hand(state, record, at)
        parsed, problems = read_hand(document, state.players, at)
        if parsed is None:
            raise InvalidNight(problems)
        scored = score_next(Night(state.rules, state.players), parsed, carry, number=at)
        (row,) = insert_hands(session, night_id, [record], start=at)
        assert row.id is not None
        write_cache(session, night_id, state.ids, state.rules, [(row.id, scored, parsed)])
        state.row.updated_at = now()
        session.add(state.row)
        return Appended(row.id, document, scored, at, row.revision)


def _tail(session: Session, night_id: int) -> tuple[int, Carry | None]:
    """How many hands a night has, and what its last hand left to the next (None when
    the cache does not say)."""
    score = core_table(HandScoreRow).c
    count, pot = (
        session.connection()
        .execute(
            select(func.count(), func.coalesce(func.sum(score.pot), 0)).where(
                score.night_id == night_id
            )
        )
        .one()
    )
    if not count:
        return 0, Carry()
    doublers, bock = (
        session.connection()
        .execute(
            select(score.doublers_pending, score.bock_pending).where(
                (score.night_id == night_id) & (score.position == count)
            )
        )
        .one()
    )
    # int(): PostgreSQL sums a BIGINT column as NUMERIC, which psycopg reads as Decimal.
    return count, None if bock is None else Carry(doublers, bock, int(pot))


@dataclass(frozen=True)
class Edited:
    """A hand edited: the hand as the night document now has it, and the whole night
    as rescored in the same transaction (what the night screen shows next); this
    version, and the history row of the version it replaced (what an undo restores)."""

    hand: dict[str, Any]
    result: NightResult
    version: HandVersion
    replaced: int


def edit_hand(
    db: Database, *, hand_id: int, hand: Mapping[str, Any], revision: int | None = None
) -> Edited:
    """Replace what was recorded for a hand; the earlier version stays in its history.
    With REVISION, only a hand still at that revision is changed (else `Conflict`)."""
    with db.transaction() as session:
        state, row = _state_of_hand(session, hand_id, revision)
        refuse_if_closed(state, to="change a hand")
        replaced = _revision_row(session, hand_id, row.revision)
        assert replaced is not None  # every revision of a hand is in its history
        record = _canonical(state, hand, row.position)
        result, version = _replace(session, state, row, record, action="edit")
        return Edited(document_hand(state, record, row.position), result, version, replaced)


def delete_hand(db: Database, *, hand_id: int, revision: int | None = None) -> HandVersion:
    """Delete a hand; it stays in its history and can be restored (the version returned
    is the deleted hand's: `restore_revision` of it brings it back at its place).  With
    REVISION, only a hand still at that revision is deleted (else `Conflict`)."""
    with db.transaction() as session:
        state, row = _state_of_hand(session, hand_id, revision)
        refuse_if_closed(state, to="change a hand")
        at = row.position
        records = [h.record for h in state.hands if h.id != hand_id]
        night = check_with_shift(state, records, at, -1)
        deleted = HandRevisionRow(
            night_id=row.night_id,
            hand_id=hand_id,
            revision=row.revision + 1,
            action="delete",
            position=at,
            record=row.record,
        )
        session.add(deleted)
        session.execute(delete(HandScoreRow).where(col(HandScoreRow.hand_id) == hand_id))
        session.execute(delete(HandPointsRow).where(col(HandPointsRow.hand_id) == hand_id))
        session.delete(row)
        session.flush()
        state.hands = [h for h in state.hands if h.id != hand_id]
        shift_hands(session, state, at, -1)
        rescore(session, state, night, state.hands, from_position=at)
        assert deleted.id is not None
        return HandVersion(hand_id, at, deleted.revision, deleted.id)


def restore_revision(db: Database, *, revision_id: int, revision: int | None = None) -> HandVersion:
    """Bring back one version of a hand: an earlier edit, or a deleted hand at its place.
    With REVISION, only a hand whose latest revision is still that one is changed
    (else `Conflict`): an undo or redo never overwrites what another program did."""
    with db.transaction() as session:
        found = session.get(HandRevisionRow, revision_id)
        if found is None:
            raise StorageError(f"there is no hand revision {revision_id}")
        live = session.get(HandRow, found.hand_id)
        state = load_state(session, found.night_id, lock=True)
        latest = session.exec(
            select(func.max(HandRevisionRow.revision)).where(
                HandRevisionRow.hand_id == found.hand_id
            )
        ).one()
        if revision is not None and latest != revision:
            raise _overtaken(session, found.hand_id)
        refuse_if_closed(state, to="change a hand")
        if live is not None:
            live = next(h for h in state.hands if h.id == found.hand_id)
            return _replace(session, state, live, found.record, action="restore")[1]
        at = min(found.position, len(state.hands) + 1)
        records = [h.record for h in state.hands]
        records.insert(at - 1, found.record)
        night = check_with_shift(state, records, at, +1)
        shift_hands(session, state, at, +1)
        row = HandRow(
            id=found.hand_id,
            night_id=found.night_id,
            position=at,
            record=found.record,
            revision=(latest or 0) + 1,
        )
        session.add(row)
        restored = HandRevisionRow(
            night_id=row.night_id,
            hand_id=found.hand_id,
            revision=row.revision,
            action="restore",
            position=at,
            record=row.record,
        )
        session.add(restored)
        session.flush()
        state.hands.insert(at - 1, row)
        rescore(session, state, night, state.hands, from_position=at)
        assert restored.id is not None
        return HandVersion(found.hand_id, at, row.revision, restored.id)


def _state_of_hand(
    session: Session, hand_id: int, revision: int | None = None
) -> tuple[NightState, HandRow]:
    """A hand's night, locked, and the hand; with REVISION, a `Conflict` unless the hand
    is still at that revision."""
    row = session.get(HandRow, hand_id)
    if row is None:
        if revision is not None and _revision_row(session, hand_id, revision) is not None:
            raise _overtaken(session, hand_id)  # it was here, and is deleted
        raise StorageError(f"there is no hand {hand_id}")
    state = load_state(session, row.night_id, lock=True)
    row = next(h for h in state.hands if h.id == hand_id)
    if revision is not None and row.revision != revision:
        raise _overtaken(session, hand_id)
    return state, row


def _revision_row(session: Session, hand_id: int, revision: int) -> int | None:
    """The id of a hand's history row at REVISION (None if there is none)."""
    return session.exec(
        select(HandRevisionRow.id).where(
            (HandRevisionRow.hand_id == hand_id) & (HandRevisionRow.revision == revision)
        )
    ).first()


def _overtaken(session: Session, hand_id: int) -> Conflict:
    """The refusal of an undo or redo of a hand changed (or deleted, or brought back)
    elsewhere since, said with the hand's place as its latest version has it."""
    latest = session.exec(
        select(HandRevisionRow)
        .where(HandRevisionRow.hand_id == hand_id)
        .order_by(col(HandRevisionRow.revision).desc())
    ).first()
    assert latest is not None
    what = {"delete": "deleted", "restore": "brought back"}.get(latest.action, "changed")
    return Conflict(f"hand {latest.position} was {what} in another program since")


def _version(session: Session, row: HandRow) -> HandVersion:
    assert row.id is not None
    revision_id = _revision_row(session, row.id, row.revision)
    assert revision_id is not None
    return HandVersion(row.id, row.position, row.revision, revision_id)


def _replace(
    session: Session, state: NightState, row: HandRow, record: dict[str, Any], *, action: str
) -> tuple[NightResult, HandVersion]:
    records = [record if h.id == row.id else h.record for h in state.hands]
    night = check_night(state, records)
    row.record = record
    row.revision += 1
    row.updated_at = now()
    session.add(row)
    version = HandRevisionRow(
        night_id=row.night_id,
        hand_id=row.id or 0,
        revision=row.revision,
        action=action,
        position=row.position,
        record=record,
    )
    session.add(version)
    session.flush()
    result = rescore(session, state, night, state.hands, from_position=row.position)
    assert row.id is not None and version.id is not None
    return result, HandVersion(row.id, row.position, row.revision, version.id)


def cached_points(db: Database, *, night_id: int) -> list[dict[str, int]]:
    """Each hand's points per seated player as the cache holds them (0 when not dealt
    in): what the sheet shows without rescoring, and what must equal a fresh scoring."""
    with db.session() as session:
        state = load_state(session, night_id, lock=False)
        query = (
            select(HandRow.position, HandPointsRow.player_id, HandPointsRow.points)
            .join(HandPointsRow, col(HandPointsRow.hand_id) == col(HandRow.id))
            .where(HandRow.night_id == night_id)
        )
        rows = session.exec(query).all()
    sheet = [dict.fromkeys(state.players, 0) for _ in state.hands]
    for position, player_id, points in rows:
        sheet[position - 1][state.names[player_id]] = points
    return sheet
