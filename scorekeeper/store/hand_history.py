"""A night's history of hands, read back (issue 33): every version each hand has had
(`hand_revision`: recorded, changed, deleted, brought back, an earlier version put
back), when, on which computer, and what each change did to each player's money in
the night.

The money is found by playing the history forward: the night's hands as they stood
before and after each change, scored whole under the rules in force then (a change of
the house rules, `night_change`, counts from when it was made), the night's totals
compared.  The hands' places move as the store moves them (an insert pushes the hands
at and after its place down, a delete pulls them up, a deleted hand brought back pushes
them again, an earlier version put back moves none);
tests/store/test_hand_history.py checks that the history ends with the night's hands.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, func, select

from scorekeeper.document import load_night, read_hand
from scorekeeper.games import Carry, all_options, parse_rules
from scorekeeper.i18n import _
from scorekeeper.night import score_next, score_night, totals_with_one_more
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Night
from scorekeeper.results import NightResult
from scorekeeper.rules import RuleSet
from scorekeeper.store.database import Database
from scorekeeper.store.night_import import night_as_stored
from scorekeeper.store.records import from_stored
from scorekeeper.store.stored_night import Seat
from scorekeeper.store.tables import HandRevisionRow, NightChangeRow, NightRow
from scorekeeper.validation import validate_hand, with_absent_players


@dataclass(frozen=True)
class HandVersion:
    """One version of a hand, as the history shows it."""

    hand_id: int
    number: int  # the hand's place in the night when this version was written
    revision: int
    action: str  # "insert", "edit", "delete" or "restore"
    when: dt.datetime
    computer: str | None  # None: written before the app kept it
    record: Mapping[str, Any]
    explanation: str  # the hand as scored then ("" for a delete)
    cents: Mapping[str, int] | None  # each player's money in the night, after - before


def night_history(
    db: Database, *, night_id: int, number: int | None = None, hand_id: int | None = None
) -> list[HandVersion]:
    """Every version of every hand of the night, oldest first (with NUMBER, only the
    versions of the hand now at that place; with HAND_ID, of that hand, wherever it is);
    each with what it did to the money."""
    stored = night_as_stored(db, night_id=night_id)
    with db.session() as session:
        revisions = _versions_of(session, night_id)
        changes = session.exec(
            select(NightChangeRow)
            .where((NightChangeRow.night_id == night_id) & (NightChangeRow.action == "rules"))
            .order_by(col(NightChangeRow.id))
        ).all()
    document = {k: v for k, v in stored.document.items() if k not in ("closed", "payments")}
    wanted = hand_id if number is None else _hand_at(stored.hand_ids, number)
    names = {seat.player_id: seat.name for seat in stored.seats}
    replay = _Replay(document, [(c.recorded_at, c.before, c.after) for c in changes])
    replay.seats, seats = _seats_through(revisions, stored.seats)
    out: list[HandVersion] = []
    # The night's changes of rules, among its hands' versions when the whole night's
    # history is asked for: each with what the rescoring did to the money.
    pending = list(changes) if wanted is None else []
    for row, seated in zip(revisions, seats, strict=True):
        while pending and pending[0].recorded_at < row.recorded_at:
            out.append(_rules_version(replay, pending.pop(0)))
        before = replay.totals(row.recorded_at) if row.hand_id == wanted or wanted is None else None
        record = from_stored(row.record, names)  # players by id, as stored: by name
        replay.apply(row.hand_id, row.action, row.position, record)
        replay.seats = seated
        if wanted is not None and row.hand_id != wanted:
            continue
        after, explanation = replay.scored(row.recorded_at, row.hand_id)
        cents = None
        if before is not None and after is not None:
            players = sorted(set(before) | set(after), key=list(document["players"]).index)
            cents = {p: after.get(p, 0) - before.get(p, 0) for p in players}
        out.append(
            HandVersion(
                hand_id=row.hand_id,
                number=row.position,
                revision=row.revision,
                action=row.action,
                when=row.recorded_at,
                computer=row.computer,
                record=record,
                explanation="" if row.action == "delete" else explanation,
                cents=cents,
            )
        )
    out += [_rules_version(replay, change) for change in pending]
    return out


def _rules_version(replay: _Replay, change: NightChangeRow) -> HandVersion:
    """A change of the night's rules as a line of its history (no hand: number 0):
    the options it changed, and the money the night's hands moved by, scored under
    the rules before it and after it as they stood then."""
    when = change.recorded_at
    before = replay.totals(when - dt.timedelta(microseconds=1))
    after = replay.totals(when)
    cents = None
    if before is not None and after is not None:
        cents = {p: after.get(p, 0) - before.get(p, 0) for p in replay.document["players"]}
    return HandVersion(
        hand_id=0,
        number=0,
        revision=0,
        action="rules",
        when=when,
        computer=change.computer,
        record={},
        explanation=rules_change_said(change.before or {}, change.after or {}),
        cents=cents,
    )


def rules_change_said(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """'House rules: Stake a point, Who pays a leaster' — the options a change of
    rules set otherwise, by their names on screen, in the language spoken."""
    options = {o.name: o for o in all_options()}
    changed = [key for key in sorted({*before, *after}) if before.get(key) != after.get(key)]
    if "preset" in changed:  # the game's preset first, then its options
        changed.remove("preset")
        changed.insert(0, "preset")
    words = [
        _("Preset") if key == "preset" else options[key].shown_name() if key in options else key
        for key in changed
    ]
    return _("House rules: {options}").format(options=", ".join(words) or _("as before"))


SeatRange = tuple[str, int, int | None]  # a player, the first hand and the last (None: on)


def _seats_through(
    revisions: Sequence[HandRevisionRow], now: Sequence[Seat]
) -> tuple[tuple[SeatRange, ...], list[tuple[SeatRange, ...]]]:
    """The night's seats before the first version was written, and as they stood after
    each: from today's, each insert, delete and hand brought back undone, newest first,
    as the store moved the seats (state.shift_seats; an ambiguous place, a player who
    joined at the very hand deleted, is read as joining after it)."""
    steps = _shifts(revisions)
    seats: tuple[SeatRange, ...] = tuple((s.name, s.first_hand, s.last_hand) for s in now)
    after: list[tuple[SeatRange, ...]] = [()] * len(revisions)
    for index in reversed(range(len(revisions))):
        after[index] = seats
        at, step = steps[index]
        if step:
            seats = tuple(_unshift(seat, at, step) for seat in seats)
    return seats, after


def _shifts(revisions: Sequence[HandRevisionRow]) -> list[tuple[int, int]]:
    """For each version, where the store moved the seats and by how much: +1 for a hand
    inserted or brought back before the last, -1 for a hand deleted, 0 for the rest."""
    live: set[int] = set()
    out = []
    for row in revisions:
        step = 0
        if row.action == "insert" or (row.action == "restore" and row.hand_id not in live):
            step = 1 if row.position <= len(live) else 0  # appending moves nothing
            live.add(row.hand_id)
        elif row.action == "delete":
            step = -1
            live.discard(row.hand_id)
        out.append((row.position, step))
    return out


def _unshift(seat: SeatRange, at: int, step: int) -> SeatRange:
    """SEAT as it was before the store moved it by STEP at AT (state.shift_seats)."""
    name, first, last = seat
    if step > 0:
        first = first - 1 if first > at else first
        last = last - 1 if last is not None and last > at else last
    else:
        first = first + 1 if first >= at and first > 1 else first
        last = last + 1 if last is not None and last >= at - 1 else last
    return (name, first, last)


def _versions_of(session: Session, night_id: int) -> Sequence[HandRevisionRow]:
    """Every history row of the night's hands, oldest first."""
    return session.exec(
        select(HandRevisionRow)
        .where(HandRevisionRow.night_id == night_id)
        .order_by(col(HandRevisionRow.id))
    ).all()


def _hand_at(hand_ids: Sequence[int], number: int) -> int:
    if not 1 <= number <= len(hand_ids):
        raise LookupError(number)
    return hand_ids[number - 1]


class _Replay:
    """The night's hands as they stood at each step of its history."""

    def __init__(
        self, document: Mapping[str, Any], rule_changes: Sequence[tuple[dt.datetime, Any, Any]]
    ) -> None:
        self.document = document
        self.seats: tuple[SeatRange, ...] = ()  # as they stand at this step of the history
        self.rule_changes = rule_changes
        self.live: dict[int, tuple[int, Mapping[str, Any]]] = {}  # hand id: (place, record)
        self.step = 0  # how many versions were applied
        self._last: tuple[tuple[int, str], Any] | None = None  # the last night scored
        # The hand the last version put at the end of the night (an append): the night
        # scored before it plus this one hand is the night after it.
        self._appended: int | None = None

    def apply(self, hand_id: int, action: str, position: int, record: Mapping[str, Any]) -> None:
        """One version written: the places of the other hands move as the store moves
        them."""
        self.step += 1
        self._appended = None
        if action == "insert" or (action == "restore" and hand_id not in self.live):
            self._shift(position, 1)
            self.live[hand_id] = (position, record)
            if position == len(self.live):
                self._appended = hand_id
        elif action == "delete":
            self.live.pop(hand_id, None)
            self._shift(position + 1, -1)
        else:
            self.live[hand_id] = (position, record)

    def _shift(self, start: int, by: int) -> None:
        self.live = {
            hand: (place + by if place >= start else place, record)
            for hand, (place, record) in self.live.items()
        }

    def present(self, number: int) -> set[str]:
        """Who sat at the table for the hand at place NUMBER, as the seats stood."""
        return {
            name
            for name, first, last in self.seats
            if first <= number and (last is None or number <= last)
        }

    def hand_ids(self) -> list[int]:
        return [hand for hand, _ in sorted(self.live.items(), key=lambda item: item[1][0])]

    def rules_at(self, moment: dt.datetime) -> Any:
        """The night's rules at MOMENT: after the last change made by then, else before
        the first change made after it, else the night's rules now."""
        rules = self.document["rules"]
        for when, before, after in reversed(self.rule_changes):
            if when <= moment:
                return after
            rules = before
        return rules

    def _result(self, moment: dt.datetime) -> Any:
        """The night as it stands, scored under the rules of MOMENT (None when it cannot
        be); the same night under the same rules is scored once."""
        rules = self.rules_at(moment)
        key = (self.step, json.dumps([rules, self.seats], sort_keys=True))
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        rules_set = parse_rules(rules)[0]
        players = self.document["players"]
        last = self._last
        if (
            last is not None
            and last[1] is not None
            and last[0] == (self.step - 1, key[1])
            and self._appended is not None
            and rules_set is not None
        ):
            result = self._one_more(rules_set, tuple(players), last[1])
            if result is not None:
                self._last = (key, result)
                return result
        hands = [
            with_absent_players(self.live[hand][1], players, self.present(place), rules_set)
            if rules_set is not None
            else self.live[hand][1]
            for place, hand in enumerate(self.hand_ids(), 1)
        ]
        night, _problems = load_night({**self.document, "rules": rules, "hands": hands})
        result = None
        if night is not None:
            try:
                result = score_night(night)
            except InvalidNight:
                result = None
        self._last = (key, result)
        return result

    def _one_more(self, rules: RuleSet, players: tuple[str, ...], before: NightResult) -> Any:
        """The night scored before the last version, and the hand it appended scored
        after it (as the store scores an appended hand: from the carry of the hand
        before it); None when that hand cannot be read so (the whole night is scored)."""
        assert self._appended is not None
        place, record = self.live[self._appended]
        hand, problems = read_hand(
            with_absent_players(record, players, self.present(place), rules), players, rules, place
        )
        if hand is None or problems or validate_hand(hand, rules, players):
            return None
        carry = Carry.after(before.hands[-1] if before.hands else None)
        try:
            scored = score_next(Night(rules, players), hand, carry, number=place)
            return totals_with_one_more(rules, players, before, scored)
        except InvalidNight:
            return None

    def totals(self, moment: dt.datetime) -> dict[str, int] | None:
        """Each player's money in the night as it stands, under the rules of MOMENT."""
        result = self._result(moment)
        return None if result is None else dict(result.total_cents)

    def scored(self, moment: dt.datetime, hand_id: int) -> tuple[dict[str, int] | None, str]:
        """The totals as the night stands, and HAND_ID's explanation in it."""
        result = self._result(moment)
        if result is None:
            return None, ""
        order = self.hand_ids()
        explanation = result.hands[order.index(hand_id)].explanation if hand_id in self.live else ""
        return dict(result.total_cents), explanation


@dataclass(frozen=True)
class StoredVersion:
    """One row of a night's hand history, as an undo rebuilt from it needs it."""

    id: int  # the history row (what restore_revision brings back)
    hand_id: int
    revision: int
    action: str
    position: int
    record: Mapping[str, Any] = field(default_factory=dict, compare=False)  # as stored


def undoable_versions(
    db: Database, *, night_id: int
) -> tuple[list[StoredVersion], int, dict[int, int]]:
    """The night's hand versions, oldest first; from which of them on undo can take
    them back after a restart (those since the night came in whole, by an import, and
    since its last change as a whole: its rules, or the night deleted or brought
    back); and each hand's revision now (a deleted hand's, its deletion's)."""
    with db.session() as session:
        changed = session.exec(
            select(func.max(NightChangeRow.recorded_at)).where(NightChangeRow.night_id == night_id)
        ).one()
        # An imported night's hands are written at the moment the night is made.
        made = session.exec(select(NightRow.created_at).where(NightRow.id == night_id)).one()
        since = max(changed, made) if changed is not None else made
        rows = _versions_of(session, night_id)
        latest = session.exec(
            select(HandRevisionRow.hand_id, func.max(HandRevisionRow.revision))
            .where(HandRevisionRow.night_id == night_id)
            .group_by(col(HandRevisionRow.hand_id))
        ).all()
    versions = [
        StoredVersion(r.id or 0, r.hand_id, r.revision, r.action, r.position, r.record)
        for r in rows
    ]
    first = next(
        (i for i, r in enumerate(rows) if since is None or r.recorded_at > since), len(rows)
    )
    return versions, first, {int(hand): int(revision) for hand, revision in latest}
