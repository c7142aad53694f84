"""Writing a night's hands: record (at the end, or inserted), edit, delete, and restore
one version from a hand's history.

Every write is one transaction that (1) locks the night, (2) builds the night as it
will be after the change, (3) validates and scores it with the core, (4) writes the
change, its revision and the rebuilt score cache, and commits; any problem rolls the
whole change back.  A hand recorded at the end is scored from the carry its
predecessor left in the cache, without rereading the night.  Each write returns what
its undo needs (`HandVersion`), and an undo or redo that passes a revision back is
refused (`Conflict`) when another program changed the hand since.  Nothing here
returns a live ORM row.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, delete, func
from sqlmodel import Session, col, select

from scorekeeper.document import hand_to_document, read_hand
from scorekeeper.i18n import _
from scorekeeper.night import Carry, score_next
from scorekeeper.problems import InvalidNight, Problem
from scorekeeper.records import Night
from scorekeeper.results import HandResult, NightResult
from scorekeeper.store import records as stored
from scorekeeper.store import summaries
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.state import (
    NightState,
    check_night,
    check_with_shift,
    document_hand,
    insert_hands,
    load_state,
    refuse_if_closed,
    rescore,
    shift_hands,
    write_cache,
)
from scorekeeper.store.stored_night import StoredHand
from scorekeeper.store.tables import (
    HandFigureRow,
    HandPointsRow,
    HandRevisionRow,
    HandRow,
    HandScoreRow,
    core_table,
    now,
)


def _canonical(state: NightState, hand: Mapping[str, Any], number: int) -> dict[str, Any]:
    parsed, problems = read_hand(hand, state.players, state.rules, number)
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
        refuse_if_closed(state, to="hand")
        count = len(state.hands)
        if not 1 <= position <= count + 1:
            message = _("{number} is not between {low} and {high}").format(
                number=position, low=1, high=count + 1
            )
            raise InvalidNight([Problem("position", message)])
        row = _insert(session, state, hand, position)[1]
        return _version(session, row)


def _insert(
    session: Session, state: NightState, hand: Mapping[str, Any], at: int, *, whole: bool = False
) -> tuple[NightResult, HandRow]:
    """Put a hand at AT, later hands moving down, and rescore from it (or, WHOLE, the
    whole night); the night as scored, and the hand's new row."""
    record = _canonical(state, hand, at)
    records = [h.record for h in state.hands]
    records.insert(at - 1, record)
    night = check_with_shift(state, records, at, +1)
    shift_hands(session, state, at, +1)
    (row,) = insert_hands(session, state.row.id or 0, [record], start=at)
    assert row.id is not None
    state.hands.insert(at - 1, StoredHand(row.id, at, record))
    return rescore(session, state, night, state.hands, from_position=1 if whole else at), row


def append_hand(db: Database, *, night_id: int, hand: Mapping[str, Any]) -> Appended:
    """Record a hand at the end of the night, scored from the cached carry of the hand
    before it (queued doublers, Bock hands, the pot): the night's other hands are
    neither read nor rescored.  Committed before this returns."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True, with_hands=False)
        refuse_if_closed(state, to="hand")
        count, carry = _tail(session, night_id)
        at = count + 1
        if carry is None:  # cached before the carry was kept: rescore the night once
            state = load_state(session, night_id, lock=True)
            result, row = _insert(session, state, hand, at, whole=True)
            assert row.id is not None
            document = document_hand(state, row.record, at)
            return Appended(row.id, document, result.hands[-1], at, row.revision)
        record = _canonical(state, hand, at)
        document = document_hand(state, record, at)
        parsed, problems = read_hand(document, state.players, state.rules, at)
        if parsed is None:
            raise InvalidNight(problems)
        scored = score_next(Night(state.rules, state.players), parsed, carry, number=at)
        (row,) = insert_hands(session, night_id, [record], start=at)
        assert row.id is not None
        write_cache(session, night_id, state.ids, state.rules, [(row.id, scored, parsed)])
        state.row.updated_at = now()
        session.add(state.row)
        added = summaries.sums_of_hands(session, [row.id])
        summaries.change(session, night_id, summaries.NONE, added)
        return Appended(row.id, document, scored, at, row.revision)


@functools.cache
def _tail_queries() -> tuple[Any, Any]:
    """`_tail`'s two queries, built once (a hand recorded runs them each time): a night's
    hand count and pot, and what its hand at a position left pending."""
    score = core_table(HandScoreRow).c
    night: Any = bindparam("night")
    return (
        select(func.count(), func.coalesce(func.sum(score.pot), 0)).where(score.night_id == night),
        select(score.doublers_pending, score.bock_pending).where(
            (score.night_id == night) & (score.position == bindparam("position"))
        ),
    )


def _tail(session: Session, night_id: int) -> tuple[int, Carry | None]:
    """How many hands a night has, and what its last hand left to the next (None when
    the cache does not say)."""
    counted, pending = _tail_queries()
    connection = session.connection()
    count, pot = connection.execute(counted, {"night": night_id}).one()
    if not count:
        return 0, Carry()
    doublers, bock = connection.execute(pending, {"night": night_id, "position": count}).one()
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
        refuse_if_closed(state, to="hand")
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
        refuse_if_closed(state, to="hand")
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
        gone = summaries.sums_of_hands(session, [hand_id])
        session.execute(delete(HandScoreRow).where(col(HandScoreRow.hand_id) == hand_id))
        session.execute(delete(HandPointsRow).where(col(HandPointsRow.hand_id) == hand_id))
        session.execute(delete(HandFigureRow).where(col(HandFigureRow.hand_id) == hand_id))
        session.delete(row)
        session.flush()
        summaries.change(session, row.night_id, gone, summaries.NONE)
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
            raise StorageError(_("there is no hand revision {number}").format(number=revision_id))
        state = load_state(session, found.night_id, lock=True)
        # Read under the night's lock (another table may have moved or deleted it).
        live = session.get(HandRow, found.hand_id, populate_existing=True)
        latest = session.exec(
            select(func.max(HandRevisionRow.revision)).where(
                HandRevisionRow.hand_id == found.hand_id
            )
        ).one()
        if revision is not None and latest != revision:
            raise _overtaken(session, found.hand_id)
        refuse_if_closed(state, to="hand")
        if live is not None:
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
        state.hands.insert(at - 1, StoredHand(found.hand_id, at, row.record))
        rescore(session, state, night, state.hands, from_position=at)
        assert restored.id is not None
        return HandVersion(found.hand_id, at, row.revision, restored.id)


def _state_of_hand(
    session: Session, hand_id: int, revision: int | None = None
) -> tuple[NightState, HandRow]:
    """A hand's night, locked, and the hand; with REVISION, a `Conflict` unless the hand
    is still at that revision."""
    found = session.get(HandRow, hand_id)
    state = load_state(session, found.night_id, lock=True) if found is not None else None
    # Read again under the night's lock: another table may have moved, changed or
    # deleted the hand since it was first read (on PostgreSQL; SQLite's writers take
    # turns from their first read).
    row = session.get(HandRow, hand_id, populate_existing=True)
    if row is None or state is None:
        if revision is not None and _revision_row(session, hand_id, revision) is not None:
            raise _overtaken(session, hand_id)  # it was here, and is deleted
        raise StorageError(_("there is no hand {number}").format(number=hand_id))
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
    if latest.action == "delete":
        message = _("hand {number} was deleted in another program since")
    elif latest.action == "restore":
        message = _("hand {number} was brought back in another program since")
    else:
        message = _("hand {number} was changed in another program since")
    return Conflict(message.format(number=latest.position))


def _version(session: Session, row: HandRow) -> HandVersion:
    assert row.id is not None
    revision_id = _revision_row(session, row.id, row.revision)
    assert revision_id is not None
    return HandVersion(row.id, row.position, row.revision, revision_id)


def _replace(
    session: Session, state: NightState, row: HandRow, record: dict[str, Any], *, action: str
) -> tuple[NightResult, HandVersion]:
    # The hand where the night, read under its lock, has it (not where it once was).
    at = row.position - 1
    if not (0 <= at < len(state.hands) and state.hands[at].id == row.id):
        raise Conflict(
            _("hand {number} was moved in another program meanwhile; nothing was changed").format(
                number=row.id
            )
        )
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
    result = rescore(
        session, state, night, state.hands, from_position=row.position, only_that_hand=True
    )
    assert row.id is not None and version.id is not None
    return result, HandVersion(row.id, row.position, row.revision, version.id)
