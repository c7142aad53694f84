"""A night as a whole, changed after it started: its house rules (every hand rescored
under the new rules in the same transaction), or the night deleted and brought back.
Each change is kept in the night's history (`night_change`), so nothing is lost."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, func, select

from scorekeeper.i18n import _
from scorekeeper.problems import InvalidNight
from scorekeeper.rules import RuleSet
from scorekeeper.store import league_sums
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict
from scorekeeper.store.state import (
    check_night,
    load_state,
    refuse_if_closed,
    rescore,
    title_of,
    titled,
)
from scorekeeper.store.tables import HandRow, NightChangeRow, NightRow, now
from scorekeeper.store.tonight import night_row


@dataclass(frozen=True)
class NightChange:
    """One entry of a night's history."""

    action: str  # "rules", "delete" or "restore"
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    recorded_at: dt.datetime


@dataclass(frozen=True)
class DeletedNight:
    """A night that was deleted, as the list to bring one back shows it: NAME, as
    people know it (`titled`: its league, date and table)."""

    id: int
    name: str
    hands: int
    deleted_at: dt.datetime


def change_rules(
    db: Database, *, night_id: int, rules: RuleSet, replacing: RuleSet | None = None
) -> RuleSet:
    """Score a night under RULES from now on: every hand is checked and rescored under
    them in one transaction (nothing changes if one hand cannot be scored), and the
    rules before and after go into the night's history.  Returns the rules replaced
    (what an undo puts back); with REPLACING, only a night still under those rules is
    changed (else `Conflict`: another program changed them since)."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        refuse_if_closed(state, to="rules")
        replaced = state.rules
        before = dict(state.row.rules)
        after = rules.to_json()
        if replacing is not None and before != replacing.to_json():
            raise Conflict(
                _("the house rules of “{night}” were changed in another program since").format(
                    night=title_of(state)
                )
            )
        if before == after:
            return replaced
        state.rules = rules
        night = check_night(state, [h.record for h in state.hands])
        # Another preset: the night moves to it in its league's sums, as it stands (the
        # rescore then moves its sums by what the new rules change).
        with league_sums.moving(session.connection(), [night_id]):
            state.row.rules = after
            session.add(state.row)
            session.add(
                NightChangeRow(night_id=night_id, action="rules", before=before, after=after)
            )
            session.flush()
        rescore(session, state, night, state.hands, from_position=1)
        return replaced


def rules_refusal(db: Database, *, night_id: int, rules: RuleSet) -> list[str]:
    """Why the night's hands cannot be scored under RULES, each problem as
    `change_rules` would refuse it ("hand 3: loser: ..."); none when they can.  Only
    reads: the window asks before it closes the rules it was given."""
    with db.session() as session:
        state = load_state(session, night_id, lock=False)
        state.rules = rules
        try:
            check_night(state, [h.record for h in state.hands])
        except InvalidNight as refused:
            return [str(problem) for problem in refused.problems]
    return []


def set_deleted(db: Database, *, night_id: int, deleted: bool) -> None:
    """Delete a night (it leaves every list, and its hands and history are kept) or
    bring it back; either way the night's history says so."""
    with db.transaction() as session:
        # Locked before what it adds is read: a hand being written at its table adds
        # its share first (PostgreSQL: the other write commits, then this one reads).
        row = night_row(session, night_id, lock=True)
        with league_sums.moving(session.connection(), [night_id]):  # out of its league, or in
            row.discarded_at = now() if deleted else None
            row.updated_at = now()
            session.add(row)
            action = "delete" if deleted else "restore"
            session.add(NightChangeRow(night_id=night_id, action=action))
            session.flush()


def night_changes(db: Database, *, night_id: int) -> list[NightChange]:
    """A night's history, oldest first."""
    with db.session() as session:
        rows = session.exec(
            select(NightChangeRow)
            .where(NightChangeRow.night_id == night_id)
            .order_by(col(NightChangeRow.id))
        ).all()
        return [NightChange(r.action, r.before, r.after, r.recorded_at) for r in rows]


def deleted_nights(db: Database) -> list[DeletedNight]:
    """Nights that were deleted, the latest first."""
    with db.session() as session:
        hands = (
            select(HandRow.night_id, func.count().label("hands"))
            .group_by(col(HandRow.night_id))
            .subquery()
        )
        rows = session.exec(
            select(NightRow, hands.c.hands)
            .outerjoin(hands, hands.c.night_id == NightRow.id)
            .where(col(NightRow.discarded_at).is_not(None))
            .order_by(col(NightRow.discarded_at).desc())
        ).all()
        return [
            DeletedNight(n.id or 0, titled(session, n), count or 0, n.discarded_at)
            for n, count in rows
            if n.discarded_at is not None
        ]


def rescore_whole(db: Database, *, night_id: int) -> None:
    """Check every hand of a night as an import would and rebuild its score cache (how
    a backup's nights are checked before a restore lets them replace anything); the
    night's own rows are otherwise left as they were."""
    with db.transaction() as session:
        state = load_state(session, night_id, lock=True)
        updated = state.row.updated_at
        night = check_night(state, [h.record for h in state.hands])
        rescore(session, state, night, state.hands, from_position=1)
        state.row.updated_at = updated
        session.add(state.row)
