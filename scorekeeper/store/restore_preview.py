"""What a restore would put in place and what it would replace, asked before it runs:
the backup checked whole as the restore checks it (so a backup that would be refused is
refused before the question), what it holds and when it last changed, what the database
holds now, and the nights changed here since the backup's last change (what, after the
restore, only the copy kept of the database would hold)."""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, or_
from sqlalchemy import select as columns
from sqlmodel import Session, col, select

from scorekeeper.i18n import _
from scorekeeper.store.backup_commands import checked_copy
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tables import (
    HandRevisionRow,
    HandRow,
    LeagueRow,
    NightChangeRow,
    NightRow,
    PaymentRow,
    PlayerRow,
)

# Where a change is kept with its moment: a night's row, its hands' versions, its
# changes as a whole, and payments.
_MOMENTS = (
    col(NightRow.updated_at),
    col(HandRevisionRow.recorded_at),
    col(NightChangeRow.recorded_at),
    col(PaymentRow.recorded_at),
)


@dataclass(frozen=True)
class Holdings:
    """What a database holds, counted as the user knows it (nights not deleted)."""

    nights: int
    hands: int
    players: int
    payments: int
    last_change: dt.datetime | None  # the newest moment it keeps (None: nothing in it)


@dataclass(frozen=True)
class ChangedNight:
    """A night of the database changed since the backup's last change."""

    league: str | None
    played_on: dt.date | None
    table: str | None
    title: str | None
    hands: int


@dataclass(frozen=True)
class RestorePreview:
    backup: Holdings
    now: Holdings
    changed_since: tuple[ChangedNight, ...]  # newest first
    # League payments (of no night) recorded since the backup's last change.
    payments_since: int = 0
    # Players the database has by a name the backup has not (new, or renamed since).
    players_since: tuple[str, ...] = ()


def preview_restore(db: Database, source: str) -> RestorePreview:
    """The backup in SOURCE checked whole (a refusal raises `StorageError`, as the
    restore would) and compared with DB; only reads."""
    path = Path(source)
    if not path.is_file():
        raise StorageError(_("{file}: no such backup file").format(file=source))
    with tempfile.TemporaryDirectory(prefix="scorekeeper-preview-") as folder:
        checked = checked_copy(path, Path(folder))
        try:
            backup = holdings(checked)
            kept = set(_player_names(checked))
        finally:
            checked.dispose()
    now = holdings(db)
    moment = backup.last_change
    return RestorePreview(
        backup,
        now,
        tuple(changed_since(db, moment)),
        _league_payments_since(db, moment),
        tuple(name for name in _player_names(db) if name not in kept),
    )


def _player_names(db: Database) -> list[str]:
    with db.translate_errors(), Session(db.engine) as session:
        return sorted(session.exec(select(PlayerRow.name)).all(), key=str.casefold)


def _league_payments_since(db: Database, moment: dt.datetime | None) -> int:
    """The payments of no night (League ▸ Money's) recorded after MOMENT (all: None)."""
    query = select(func.count()).select_from(PaymentRow).where(col(PaymentRow.night_id).is_(None))
    if moment is not None:
        query = query.where(col(PaymentRow.recorded_at) > moment)
    with db.translate_errors(), Session(db.engine) as session:
        return int(session.exec(query).one())


def holdings(db: Database) -> Holdings:
    with db.translate_errors(), Session(db.engine) as session:
        live = col(NightRow.discarded_at).is_(None)
        nights = session.exec(select(func.count()).select_from(NightRow).where(live)).one()
        hands = session.exec(
            select(func.count()).select_from(HandRow).join(NightRow).where(live)
        ).one()
        players = session.exec(select(func.count()).select_from(PlayerRow)).one()
        payments = session.exec(select(func.count()).select_from(PaymentRow)).one()
        moments = [session.exec(select(func.max(moment))).one() for moment in _MOMENTS]
    known = [m for m in moments if m is not None]
    return Holdings(nights, hands, players, payments, max(known) if known else None)


def changed_since(db: Database, moment: dt.datetime | None) -> Sequence[ChangedNight]:
    """The nights (not deleted) changed after MOMENT, their own row, a hand, the night
    as a whole or a payment of theirs; every night when MOMENT is None."""
    with db.translate_errors(), Session(db.engine) as session:
        query = (
            columns(
                col(NightRow.id),
                col(LeagueRow.name),
                col(NightRow.played_on),
                col(NightRow.table_label),
                col(NightRow.title),
            )
            .join(LeagueRow, isouter=True)
            .where(col(NightRow.discarded_at).is_(None))
        )
        if moment is not None:
            query = query.where(
                or_(
                    col(NightRow.updated_at) > moment,
                    col(NightRow.id).in_(
                        select(HandRevisionRow.night_id).where(
                            col(HandRevisionRow.recorded_at) > moment
                        )
                    ),
                    col(NightRow.id).in_(
                        select(NightChangeRow.night_id).where(
                            col(NightChangeRow.recorded_at) > moment
                        )
                    ),
                    col(NightRow.id).in_(
                        select(PaymentRow.night_id).where(col(PaymentRow.recorded_at) > moment)
                    ),
                )
            )
        rows = session.execute(query).all()
        counts: dict[int, int] = {
            night_id: count
            for night_id, count in session.execute(
                columns(col(HandRow.night_id), func.count())
                .where(col(HandRow.night_id).in_([row[0] for row in rows]))
                .group_by(col(HandRow.night_id))
            ).all()
        }
    found = [
        ChangedNight(league, played_on, table, title, counts.get(night_id, 0))
        for night_id, league, played_on, table, title in rows
    ]
    found.sort(key=lambda n: n.played_on or dt.date.min, reverse=True)
    return found
