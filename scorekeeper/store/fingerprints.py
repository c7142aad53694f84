"""Is this night already stored?  A night's fingerprint, and the stored nights an import
would duplicate.

Two nights are the same night when they were played on the same date by the same
players in the same seats, under the same rules, with the same hands in the same order:
the SHA-256 of that part of the canonical night document (`night_to_document`: the date,
the rules, the players and the hands), with each player named by their id in this
database, so that the fingerprint an import kept stays true when a player is renamed
(a file that still calls them by their old name names another player, as any import
of it would).  Where a night is filed (league,
season, table, title) and its money (closed, payments) are not part of it: the same
night filed under another league is still the night that was played.  A sitting from a
league's spreadsheet (result hands only) is the exception: its table is part of it,
as its scores alone do not tell two tables of one date apart.

A stored night is the night being imported when either
- it came in as the same document: an import keeps each night's fingerprint in
  `night.fingerprint` (an index), so importing a file again is found at once, even
  after the stored night was corrected in the app; or
- it holds the same night now: a night started in the app, or stored before that column
  (migration 0012), or changed since it came in, is read and fingerprinted when an
  import brings a night of its date, its number of hands and its players (few, if any).
A deleted night is not stored for this purpose: the same night may be imported again.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, text
from sqlalchemy import select as columns
from sqlmodel import Session, col, select

from scorekeeper.document import hand_to_document, read_night
from scorekeeper.games.result import RESULT
from scorekeeper.i18n import _
from scorekeeper.names import name_key
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Night
from scorekeeper.rules import RuleSet
from scorekeeper.store import records as stored
from scorekeeper.store.errors import StorageError
from scorekeeper.store.state import load_state, night_document, titled
from scorekeeper.store.tables import HandRow, NightRow, SeatRow

VERSION = "night-fingerprint/1"  # changed whenever what is fingerprinted changes
# Imports into a server database take this transaction-level advisory lock, so two that
# bring the same night at once cannot both find it missing (SQLite's BEGIN IMMEDIATE
# already lets one writer in at a time).  The bytes of "skimport".
IMPORT_LOCK = int.from_bytes(b"skimport", "big")


def fingerprint(
    night: Night, ids: Mapping[str, int], records: Sequence[Mapping[str, Any]] | None = None
) -> str:
    """The fingerprint of NIGHT, its players' ids given by IDS (name -> id); RECORDS, its
    hands as stored (`records.to_stored` of each canonical hand), when made already.  A night of
    result hands only (a sitting from a league's spreadsheet) is known by its date, who
    played and each one's points: its rules and seat order are the import's choice (the
    league's stake, the sheet's column order), not what was played, so the same sitting
    imported under another stake, preset, column order or league is still the same
    night; but its table is part of it (two tables can end a date with the same
    players' scores: a real league's sheet has two such pairs)."""
    results_only = bool(night.hands) and all(h.type == RESULT for h in night.hands)
    content: dict[str, Any] = {
        "version": VERSION,
        "date": night.info.date,
        "rules": None if results_only else rules_document(night.rules),
        "players": sorted(ids[p] for p in night.players)
        if results_only
        else [ids[p] for p in night.players],
        "hands": [stored.to_stored(hand_to_document(h), ids) for h in night.hands]
        if records is None
        else list(records),
    }
    if results_only:
        content["table"] = name_key(night.info.table or "")
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@functools.lru_cache(maxsize=64)
def _shortest(rules: RuleSet) -> str | dict[str, Any]:
    return rules.to_document()


def rules_document(rules: RuleSet) -> str | dict[str, Any]:
    """`RuleSet.to_document`, worked out once for each rule set (a league's thousands of
    nights share a few); the caller must not change what it returns."""
    try:
        return _shortest(rules)
    except TypeError:  # a rule set holding something unhashable
        return rules.to_document()


@dataclass(frozen=True)
class Duplicate:
    """The night at INDEX (from 0) of an import is already stored as NIGHT_ID, or is the
    same night as the one at SAME_AS earlier in the same import."""

    index: int
    night_id: int | None = None
    same_as: int | None = None
    # The stored night as people know it (`night_title`), for the message: not what makes
    # it the same duplicate.
    title: str = field(default="", compare=False)

    def describe(self, names: Sequence[str]) -> str:
        """What is wrong, naming the other night as NAMES (one a night imported) do."""
        if self.night_id is not None:
            return _(
                "already stored as “{night}” (night {number}: the same date, players, rules "
                "and hands)"
            ).format(night=self.title, number=self.night_id)
        assert self.same_as is not None
        return _("the same night as {night}").format(night=names[self.same_as])


class AlreadyStored(StorageError):
    """An import that would duplicate stored nights, or hold one night twice."""

    def __init__(self, duplicates: Sequence[Duplicate]) -> None:
        self.duplicates = tuple(duplicates)
        names = [
            _("night {number}").format(number=i + 1)
            for i in range(max(d.index for d in duplicates) + 1)
        ]
        said = "; ".join(f"{names[d.index]}: {d.describe(names)}" for d in duplicates)
        super().__init__(_("{duplicates}; nothing was imported").format(duplicates=said))


def lock_imports(session: Session) -> None:
    """Hold the import lock until the transaction ends (a server database only)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": IMPORT_LOCK})


def duplicates(
    session: Session, nights: Sequence[Night], prints: Sequence[str], ids: Mapping[str, int]
) -> list[Duplicate]:
    """The nights of an import (NIGHTS, their fingerprints PRINTS, every player's id in
    IDS) that are already stored, or repeat one earlier in the same import."""
    found: list[Duplicate] = []
    first: dict[str, int] = {}
    stored_as = _same_document(session, prints)
    unmatched = [i for i, p in enumerate(prints) if p not in stored_as]
    holding = _same_content(session, [(i, nights[i], prints[i]) for i in unmatched], ids)
    for index, mark in enumerate(prints):
        night_id = stored_as.get(mark, holding.get(index))
        row = session.get(NightRow, night_id) if night_id is not None else None
        if night_id is not None and row is not None:
            title = titled(session, row, nights[index].players)
            found.append(Duplicate(index, night_id=night_id, title=title))
        elif mark in first:
            found.append(Duplicate(index, same_as=first[mark]))
        first.setdefault(mark, index)
    return found


def _same_document(session: Session, prints: Sequence[str]) -> dict[str, int]:
    """Fingerprint -> the first night not deleted that came in as it."""
    if not prints:
        return {}
    query = (
        columns(col(NightRow.fingerprint), func.min(col(NightRow.id)))
        .where(col(NightRow.fingerprint).in_(set(prints)) & col(NightRow.discarded_at).is_(None))
        .group_by(col(NightRow.fingerprint))
    )
    return {mark: night_id for mark, night_id in session.execute(query).all()}


def _same_content(
    session: Session, incoming: Sequence[tuple[int, Night, str]], ids: Mapping[str, int]
) -> dict[int, int]:
    """Index -> the first stored night (not deleted) that holds the same night now, among
    those of the same date, number of hands and players as one incoming."""
    if not incoming:
        return {}
    wanted: dict[tuple[Any, ...], list[tuple[int, str]]] = defaultdict(list)
    for index, night, mark in incoming:
        key = (night.info.date, len(night.hands), frozenset(ids[p] for p in night.players))
        wanted[key].append((index, mark))
    matches: dict[int, int] = {}
    prints: dict[int, str] = {}
    for night_id, key in _candidates(session, {date for date, _hands, _players in wanted}):
        for index, mark in wanted.get(key, ()):
            if index in matches:
                continue
            if night_id not in prints:
                prints[night_id] = stored_fingerprint(session, night_id)
            if prints[night_id] == mark:
                matches[index] = night_id
    return matches


def _candidates(
    session: Session, dates: set[str | None]
) -> list[tuple[int, tuple[str | None, int, frozenset[int]]]]:
    """Every stored night (not deleted) of one of DATES, by id, with its key: its date,
    its number of hands, its players' ids."""
    days = [dt.date.fromisoformat(d) for d in dates if d is not None]
    on_a_date = col(NightRow.played_on).in_(days) if days else None
    undated = col(NightRow.played_on).is_(None) if None in dates else None
    which = on_a_date if undated is None else undated if on_a_date is None else on_a_date | undated
    if which is None:
        return []
    rows = session.execute(
        columns(col(NightRow.id), col(NightRow.played_on)).where(
            which & col(NightRow.discarded_at).is_(None)
        )
    ).all()
    nights: dict[int, dt.date | None] = dict(rows)
    if not nights:
        return []
    hands = dict(
        session.exec(
            select(HandRow.night_id, func.count())
            .where(col(HandRow.night_id).in_(nights))
            .group_by(col(HandRow.night_id))
        ).all()
    )
    players: dict[int, set[int]] = defaultdict(set)
    seats = select(SeatRow.night_id, SeatRow.player_id).where(col(SeatRow.night_id).in_(nights))
    for night_id, player_id in session.exec(seats):
        players[night_id].add(player_id)
    return [
        (
            night_id,
            (
                day.isoformat() if day else None,
                hands.get(night_id, 0),
                frozenset(players[night_id]),
            ),
        )
        for night_id, day in sorted(nights.items())
    ]


def stored_fingerprint(session: Session, night_id: int) -> str:
    """The fingerprint of a stored night as it is now (read in SESSION)."""
    state = load_state(session, night_id, lock=False)
    document = night_document(state, [h.record for h in state.hands])
    if state.row.played_on is not None:
        document["date"] = state.row.played_on.isoformat()
    night, problems = read_night(document)  # stored, so checked when it was written
    if night is None:
        raise InvalidNight(problems)
    return fingerprint(night, state.ids)
