"""A night as stored, inside a write transaction: loading it, checking it with the core
as it will be after a change, moving hands and seats, and rebuilding the score cache.

The repository modules (`nights`, `seats`) build every write from these steps, so that
each change is validated and rescored in the same transaction that makes it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from sqlalchemy import delete, func, text, update
from sqlalchemy.orm import object_session
from sqlmodel import Session, col, select

from scorekeeper.document import load_night
from scorekeeper.formatting import night_title
from scorekeeper.games import game_of
from scorekeeper.i18n import _
from scorekeeper.night import score_night
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Hand, Night, NightInfo
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import RuleSet
from scorekeeper.store import stored_night, summaries
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.ids import new_hand_ids
from scorekeeper.store.stored_night import Fetch, StoredHand, seat_order, stored_hands
from scorekeeper.store.stored_night import rules_of as stored_rules
from scorekeeper.store.tables import (
    CHUNK,
    HandFigureRow,
    HandPointsRow,
    HandRevisionRow,
    HandRow,
    HandScoreRow,
    LeagueRow,
    NightRow,
    PlayerRow,
    SeatRow,
    core_table,
    insert_rows,
    now,
)


@dataclass
class NightState:
    """A night as stored, loaded inside a write transaction."""

    row: NightRow
    rules: RuleSet
    seats: list[SeatRow]
    names: dict[int, str]  # player id -> current name
    hands: list[StoredHand]  # in position order

    @property
    def players(self) -> tuple[str, ...]:
        return seat_order(self.seats, self.names)

    @property
    def ids(self) -> dict[str, int]:
        return {name: pid for pid, name in self.names.items()}


# -- reading -------------------------------------------------------------------------


def holds_data(db: Database) -> bool:
    """True when the database holds any player, night or league (a league with only its
    settings is data too): what a restore must not replace unasked, and what makes a
    database no longer empty for the sample league."""
    with db.translate_errors(), Session(db.engine) as session:
        return any(
            session.exec(select(func.count()).select_from(table)).one()
            for table in (PlayerRow, NightRow, LeagueRow)
        )


def rules_of(row: NightRow) -> RuleSet:
    return stored_rules(row.id or 0, row.rules)


def fetch_in(session: Session) -> Fetch:
    """A `stored_night.Fetch` that runs its plain SQL in SESSION's transaction."""

    def fetch(sql: str, parameters: Mapping[str, Any]) -> Sequence[Sequence[Any]]:
        return session.execute(text(sql), parameters).all()

    return fetch


def load_state(
    session: Session, night_id: int, *, lock: bool, with_hands: bool = True
) -> NightState:
    """A night's row, rules, seats and names, and (WITH_HANDS) its hands in order.

    The hands are read as the night screen and exports read them (`stored_hands`), as
    plain rows, not ORM objects (a third of an edit's own time at 1,000 hands): a
    write changes a hand's row through the ORM row it gets by its id."""
    query = select(NightRow).where(NightRow.id == night_id)
    row = session.exec(query.with_for_update() if lock else query).first()
    if row is None:
        raise StorageError(_("there is no night {number}").format(number=night_id), field="night")
    seats = list(session.exec(select(SeatRow).where(SeatRow.night_id == night_id)))
    player_ids = {s.player_id for s in seats}
    players = session.exec(select(PlayerRow).where(col(PlayerRow.id).in_(player_ids)))
    names = {p.id: p.name for p in players if p.id is not None}
    hands = stored_hands(fetch_in(session), night_id) if with_hands else []
    return NightState(row=row, rules=rules_of(row), seats=seats, names=names, hands=hands)


def titled(session: Session, row: NightRow, players: Sequence[str] | None = None) -> str:
    """The night of ROW as a message names it, as people know it (`night_title`: its
    league, date and table, else its own title, else who plays: PLAYERS, else those
    seated), never by its id."""
    if players is None:
        seated = (
            select(PlayerRow.name)
            .join(SeatRow, col(SeatRow.player_id) == col(PlayerRow.id))
            .where(SeatRow.night_id == row.id)
            .order_by(col(SeatRow.position), col(SeatRow.first_hand))
        )
        players = list(dict.fromkeys(session.exec(seated)))
    league = session.get(LeagueRow, row.league_id) if row.league_id is not None else None
    date = row.played_on.isoformat() if row.played_on is not None else None
    return night_title(league.name if league else None, date, row.table_label, row.title, players)


def title_of(state: NightState) -> str:
    """STATE's night as a message names it (`titled`)."""
    session = object_session(state.row)
    assert isinstance(session, Session)  # a state is loaded in its write's session
    return titled(session, state.row, state.players)


def refuse_if_closed(state: NightState, *, to: Literal["hand", "seats", "rules"]) -> None:
    """A closed night is settled: nothing in it changes until it is reopened (TO: what
    was to change, its hands, who sits, or its rules)."""
    if state.row.closed_at is None:
        return
    if to == "hand":
        message = _("“{night}” is closed; reopen it to change a hand")
    elif to == "seats":
        message = _("“{night}” is closed; reopen it to change who sits")
    else:
        message = _("“{night}” is closed; reopen it to change its rules")
    raise StorageError(message.format(night=title_of(state)))


def seated_at(state: NightState, number: int) -> set[str]:
    return stored_night.seated_at(state.seats, state.names, number)


def document_hand(
    state: NightState,
    record: Mapping[str, Any],
    number: int,
    players: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """A stored record as a document hand, with players not seated at it sitting out
    (PLAYERS: the night's, `state.players`, when the caller has them already)."""
    players = state.players if players is None else players
    seated = seated_at(state, number)
    return stored_night.document_hand(record, state.names, players, seated, state.rules)


def night_document(state: NightState, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The night document of STATE with RECORDS as its hands (nothing of where it is
    filed: rules, players and hands)."""
    return stored_night.night_document(NightInfo(), state.rules, state.seats, state.names, records)


def insert_hands(
    session: Session, night_id: int, records: Sequence[dict[str, Any]], start: int = 1
) -> list[HandRow]:
    ids = new_hand_ids(session, len(records))  # never a deleted hand's (store/ids.py)
    rows = [
        HandRow(id=id_, night_id=night_id, position=start + i, record=r)
        for i, (id_, r) in enumerate(zip(ids, records, strict=True))
    ]
    session.add_all(rows)
    session.flush()
    moment = now()
    session.add_all(
        HandRevisionRow(
            night_id=night_id,
            hand_id=row.id,
            revision=1,
            action="insert",
            position=row.position,
            record=row.record,
            recorded_at=moment,
        )
        for row in rows
        if row.id is not None
    )
    return rows


def check_night(state: NightState, records: Sequence[Mapping[str, Any]]) -> Night:
    night, problems = load_night(night_document(state, records))
    if night is None:
        raise InvalidNight(problems)
    return night


def check_with_shift(state: NightState, records: list[dict[str, Any]], at: int, step: int) -> Night:
    """Validate the night after inserting (+1) or deleting (-1) at AT, seats following."""
    seats = [(s.first_hand, s.last_hand) for s in state.seats]
    if not _appending(state, at, step):
        shift_seats(state.seats, at, step)
    try:
        return check_night(state, records)
    finally:
        for seat, (first, last) in zip(state.seats, seats, strict=True):
            seat.first_hand, seat.last_hand = first, last


def _appending(state: NightState, at: int, step: int) -> bool:
    return step > 0 and at > len(state.hands)


def shift_seats(seats: Sequence[SeatRow], at: int, step: int) -> None:
    """Seat ranges follow a hand inserted (+1) or deleted (-1) at AT: a player who
    joined at or after it joins one hand later (earlier), and likewise for leaving."""
    for seat in seats:
        joined_after = seat.first_hand > at or (step > 0 and seat.first_hand == at > 1)
        if joined_after:
            seat.first_hand += step
        if seat.last_hand is not None and seat.last_hand >= at:
            seat.last_hand += step


def shift_hands(session: Session, state: NightState, at: int, step: int) -> None:
    """Make room for a hand inserted at AT (+1) or close the gap of one deleted at AT (-1):
    hands after move by STEP positions, in two steps so that the unique (night, position)
    constraint never sees two hands in one place; seats follow, and so do STATE's hands
    and any hand's ORM row the session holds.  Appending moves nothing: a player who
    joins at the next hand plays it."""
    if _appending(state, at, step):
        return
    shift_seats(state.seats, at, step)
    at = at if step > 0 else at + 1
    night_id = state.row.id
    moving = (col(HandRow.night_id) == night_id) & (col(HandRow.position) >= at)
    session.execute(update(HandRow).where(moving).values(position=-col(HandRow.position)))
    session.execute(
        update(HandRow)
        .where((col(HandRow.night_id) == night_id) & (col(HandRow.position) < 0))
        .values(position=-col(HandRow.position) + step)
    )
    state.hands = [
        replace(hand, position=hand.position + step) if hand.position >= at else hand
        for hand in state.hands
    ]
    for held in list(session.identity_map.values()):
        if isinstance(held, HandRow):
            session.expire(held, ["position"])
    session.add_all(state.seats)
    session.flush()


def rescore(
    session: Session,
    state: NightState,
    night: Night,
    rows: Sequence[StoredHand],
    *,
    from_position: int,
    only_that_hand: bool = False,
) -> NightResult:
    """Score the night and bring the score cache of the hands from FROM_POSITION on up to
    date, in the caller's transaction: only the hands whose cache rows are not already
    what they score now are rewritten (an edit of an early hand seldom changes the
    thousand after it), and the night's summary changes by what those hands' rows sum
    to before and after (store/summaries.py).  Returns the night as scored.

    ONLY_THAT_HAND: the hand at FROM_POSITION is the one thing changed (an edit: the
    same seats, rules and later records).  A hand's score is a function of its record,
    the table and the carry it starts from (`Carry`), so when the edited hand leaves
    the next the carry it left before, the later hands' cache rows stand as the write
    that last changed them left them, and only the edited hand's are compared; else
    every later hand's are, as above."""
    result = score_night(night)
    night_id = state.row.id
    assert night_id is not None
    through = None  # every hand from FROM_POSITION on
    if only_that_hand and len(rows) > from_position:
        edited = rows[from_position - 1].id
        if _leaves_same_carry(session, edited, result.hands[from_position - 1]):
            through = from_position
    last = len(rows) if through is None else through
    scored = zip(rows, result.hands, night.hands, strict=True)
    cache = cache_rows(
        night_id,
        state.ids,
        night.rules,
        [
            (row.id, hand, record)
            for row, hand, record in scored
            if from_position <= hand.number <= last
        ],
    )
    changed = _changed_hands(session, night_id, from_position, through, cache)
    if changed:
        before = summaries.sums_of_hands(session, changed)
        _delete_cache(session, changed)
        insert_cache(session, cache.of(changed))
        summaries.change(session, night_id, before, summaries.sums_of_hands(session, changed))
    state.row.updated_at = now()
    session.add(state.row)
    return result


def _leaves_same_carry(session: Session, hand_id: int, hand: HandResult) -> bool:
    """Whether HAND, as scored now, leaves the next hand what its cache row says it left
    (the doublers and Bock hands still to come, and what it put into the pot: the pot
    it leaves, the hands before it being unchanged)."""
    table = core_table(HandScoreRow)
    query = table.select().with_only_columns(
        table.c.doublers_pending, table.c.bock_pending, table.c.pot
    )
    cached = session.connection().execute(query.where(table.c.hand_id == hand_id)).first()
    return cached is not None and tuple(cached) == (
        hand.doublers_pending,
        hand.bock_pending,
        hand.pot_change,
    )


def _changed_hands(
    session: Session,
    night_id: int,
    from_position: int,
    through: int | None,
    cache: CacheRows,
) -> set[int]:
    """The hands whose cache rows, as stored for the hands from FROM_POSITION on (to
    THROUGH, unless None), are not CACHE's (`cache_rows`): changed, new, or no longer
    there.  Rows are compared whole, as tuples of the columns `cache_rows` writes (hand
    id first); a hand's figures as the set of its rows (a hand may have none)."""
    score_table = core_table(HandScoreRow)
    later = (score_table.c.night_id == night_id) & (score_table.c.position >= from_position)
    if through is not None:
        later &= score_table.c.position <= through
    connection = session.connection()
    changed: set[int] = set()
    for table, wanted in (
        (score_table, cache.scores),
        (core_table(HandPointsRow), cache.points),
        (core_table(HandFigureRow), cache.figures),
    ):
        query = table.select()
        if table is not score_table:
            query = query.join_from(table, score_table, score_table.c.hand_id == table.c.hand_id)
        query = query.where(later)
        names = list(wanted[0]) if wanted else ["hand_id"]
        stored = set(
            map(tuple, connection.execute(query.with_only_columns(*(table.c[n] for n in names))))
        )
        if not wanted:  # nothing of this table from FROM_POSITION on: whatever is stored goes
            changed |= {row[0] for row in stored}
            continue
        written = {tuple(row.values()) for row in wanted}
        changed |= {row[0] for row in stored ^ written}
    return changed


def _delete_cache(session: Session, hand_ids: set[int]) -> None:
    """Delete the cache rows of HAND_IDS (in chunks: every database limits parameters)."""
    ids = sorted(hand_ids)
    connection = session.connection()
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        connection.execute(delete(HandScoreRow).where(col(HandScoreRow.hand_id).in_(chunk)))
        connection.execute(delete(HandPointsRow).where(col(HandPointsRow.hand_id).in_(chunk)))
        connection.execute(delete(HandFigureRow).where(col(HandFigureRow.hand_id).in_(chunk)))


def write_cache(
    session: Session,
    night_id: int,
    ids: Mapping[str, int],
    rules: RuleSet,
    hands: Iterable[tuple[int, HandResult, Hand]],
) -> None:
    """Insert the score cache of scored HANDS (hand id, result, record)."""
    insert_cache(session, cache_rows(night_id, ids, rules, hands))


class CacheRows(NamedTuple):
    """The score cache of some hands as parameters for executemany: a `hand_score` row
    per hand, a `hand_points` row per player dealt in, a `hand_figure` row per player
    and figure the hand counts for them (`Game.figure_counts`)."""

    scores: list[dict[str, Any]]
    points: list[dict[str, Any]]
    figures: list[dict[str, Any]]

    def of(self, hand_ids: Collection[int]) -> CacheRows:
        """The rows of HAND_IDS only."""
        return CacheRows(*([r for r in rows if r["hand_id"] in hand_ids] for rows in self))


def insert_cache(session: Session, cache: CacheRows) -> None:
    """Insert cache rows made by `cache_rows`, one executemany per table (the driver's:
    `insert_rows`)."""
    connection = session.connection()
    insert_rows(connection, core_table(HandScoreRow), cache.scores)
    insert_rows(connection, core_table(HandPointsRow), cache.points)
    if cache.figures:
        insert_rows(connection, core_table(HandFigureRow), cache.figures)


def cache_rows(
    night_id: int,
    ids: Mapping[str, int],
    rules: RuleSet,
    hands: Iterable[tuple[int, HandResult, Hand]],
) -> CacheRows:
    """The score cache of scored hands (hand id, result, record), as `CacheRows`; what
    each adds to its players' figures is its game's to say (`Game.figure_counts`)."""
    stake = rules.stake_cents
    count = game_of(rules).figure_counts
    scores: list[dict[str, Any]] = []
    points: list[dict[str, Any]] = []
    figures: list[dict[str, Any]] = []
    for hand_id, hand, record in hands:
        scores.append(
            dict(
                hand_id=hand_id,
                night_id=night_id,
                position=hand.number,
                outcome=hand.outcome,
                level=hand.level,
                multiplier=hand.multiplier,
                explanation=hand.explanation,
                doublers_pending=hand.doublers_pending,
                call=hand.call,
                pot=hand.pot_change,
                pot_cents=hand.pot_change * stake,
                bock_pending=hand.bock_pending,
                hands=hand.hands,
            )
        )
        points += [
            dict(
                hand_id=hand_id,
                player_id=ids[p],
                night_id=night_id,
                points=hand.points[p],
                cents=hand.cents[p],
                role=hand.roles[p],
                misplays=record.misplays.count(p),
            )
            for p in hand.active
        ]
        figures += [
            dict(hand_id=hand_id, player_id=ids[p], figure=key, night_id=night_id, tally=tally)
            for p, counted in count(record, hand).items()
            for key, tally in counted.items()
            if tally
        ]
    return CacheRows(scores, points, figures)
