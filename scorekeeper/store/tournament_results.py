"""A tournament's results: each table's session is a night, reported hand by hand
(the night form, or hands given whole) or as the sheet's totals (one result hand,
each player's points, zero-sum by the core's check, standing for the table's hands);
penalties taken from one player, kept apart; a table checked (signed) is its night
closed, and locked; the standings and the prizes read from the score cache.

A table's night is made when its first result comes: titled for the tournament and
the session, dated on its day, labelled with the table's number, seated as drawn,
under the tournament's rules (a table whose dealer sits out reports totals under the
rules that deal everyone in: each player has points).  A night made for hands and
left empty is let go (`discarded_at`) when totals replace it, or the session is drawn
again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as columns
from sqlmodel import Session, col, select

from scorekeeper.document import FORMAT, load_night
from scorekeeper.games import parse_rules
from scorekeeper.games.result import RESULT
from scorekeeper.i18n import _, ngettext
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import NOTE_LENGTH, name_key, printable
from scorekeeper.problems import InvalidNight
from scorekeeper.store.database import Database, check_whole
from scorekeeper.store.errors import Field, StorageError
from scorekeeper.store.night_import import file_in
from scorekeeper.store.people import require_player
from scorekeeper.store.tables import (
    DrawnSeatRow,
    HandScoreRow,
    NightFigureRow,
    NightRow,
    NightSummaryRow,
    NightTotalRow,
    PenaltyRow,
    PlayerRow,
    TableRow,
    now,
)
from scorekeeper.store.tournament_draw import seated_in
from scorekeeper.store.tournaments import entries_in, locked, require_session
from scorekeeper.tournament.day import TableStatus, Tournament
from scorekeeper.tournament.prizes import PrizeList, ToReport, split_prizes
from scorekeeper.tournament.standings import (
    Penalty,
    SessionLine,
    Standings,
    ranking,
    tournament_standings,
)


def table_statuses(db: Database, tournament: Tournament, number: int) -> list[TableStatus]:
    """Session NUMBER's tables and what each has reported (empty: not drawn)."""
    require_session(tournament, number)
    with db.session() as session:
        return _statuses(session, tournament, number)


def _statuses(session: Session, tournament: Tournament, number: int) -> list[TableStatus]:
    seated = seated_in(session, tournament, number)
    rows = session.exec(
        select(TableRow).where(
            col(TableRow.tournament_id) == tournament.id, col(TableRow.session) == number
        )
    ).all()
    nights = [r.night_id for r in rows if r.night_id is not None]
    played = _played(session, nights)
    kinds = _kinds(session, nights)
    closed = {
        i
        for i, at in session.exec(
            select(NightRow.id, NightRow.closed_at).where(col(NightRow.id).in_(nights))
        ).all()
        if at is not None
    }
    statuses = []
    for row in sorted(rows, key=lambda r: r.number):
        night = row.night_id
        reported = "waiting"
        if night is not None and played.get(night):
            reported = "totals" if kinds.get(night) == RESULT else "hands"
        statuses.append(
            TableStatus(
                session=number,
                number=row.number,
                players=seated[row.number - 1],
                hands=row.hands,
                reported=reported,  # type: ignore[arg-type]
                played=played.get(night, 0) if night is not None else 0,
                checked=night in closed,
                night_id=night,
            )
        )
    return statuses


def _played(session: Session, nights: Sequence[int]) -> dict[int, int]:
    """Each night's played hands (a result hand counted as the hands it stands for)."""
    rows = session.execute(
        columns(col(HandScoreRow.night_id), func.sum(col(HandScoreRow.hands)))
        .where(col(HandScoreRow.night_id).in_(nights))
        .group_by(col(HandScoreRow.night_id))
    ).all()
    return {night: int(hands) for night, hands in rows}


def _kinds(session: Session, nights: Sequence[int]) -> dict[int, str]:
    """Each night's first hand's outcome ("result" for a sheet's totals)."""
    rows = session.exec(
        select(HandScoreRow.night_id, HandScoreRow.outcome).where(
            col(HandScoreRow.night_id).in_(nights), HandScoreRow.position == 1
        )
    ).all()
    return dict(rows)


def _table(session: Session, tournament: Tournament, number: int, table: int) -> TableRow:
    row = session.get(TableRow, (tournament.id, number, table))
    if row is None:
        message = _("session {session} has no table {table}").format(session=number, table=table)
        raise StorageError(message, field="table")
    return row


def _status(session: Session, tournament: Tournament, number: int, table: int) -> TableStatus:
    require_session(tournament, number)
    found = [s for s in _statuses(session, tournament, number) if s.number == table]
    if not found:
        message = _("session {session} has no table {table}").format(session=number, table=table)
        raise StorageError(message, field="table")
    return found[0]


def _night_document(
    tournament: Tournament, status: TableStatus, hands: Sequence[Any], *, all_in: bool
) -> dict[str, Any]:
    rules = tournament.kind(len(status.players)).rules
    if all_in and len(status.players) != rules.dealt_in:
        dealt, problems = parse_rules({**rules.to_json(), **rules.deal_all_in(len(status.players))})
        if dealt is None:
            raise InvalidNight(problems)
        rules = dealt
    return {
        "format": FORMAT,
        "rules": rules.to_json(),
        "players": list(status.players),
        "hands": list(hands),
        "currency": tournament.currency,
        "date": tournament.date.isoformat(),
        "title": tournament.night_title(status.session),
        "table": str(status.number),
    }


def _file_table(
    session: Session,
    tournament: Tournament,
    status: TableStatus,
    hands: Sequence[Any],
    *,
    all_in: bool,
) -> int:
    """File the table's night anew with HANDS (its old night, empty, let go)."""
    night, problems = load_night(_night_document(tournament, status, hands, all_in=all_in))
    if night is None:
        raise InvalidNight(problems)
    if status.night_id is not None:
        old = session.get(NightRow, status.night_id)
        if old is not None:
            old.discarded_at = now()
    night_id = file_in(session, night)
    _table(session, tournament, status.session, status.number).night_id = night_id
    session.flush()
    return night_id


def table_night(db: Database, tournament: Tournament, number: int, table: int) -> int:
    """The night of table TABLE in session NUMBER, made (seated as drawn, no hands) if
    it has none yet: where its hands are recorded one by one."""
    check_whole(db)

    def write(session: Session) -> int:
        locked(session, tournament)
        status = _status(session, tournament, number, table)
        if status.night_id is not None:
            return status.night_id
        return _file_table(session, tournament, status, [], all_in=False)

    return db.write(write)


def _refuse_if_checked(status: TableStatus, field: Field = "table") -> None:
    """Refuse (naming FIELD) a change to a checked table's results: its lock."""
    if status.checked:
        message = _(
            "table {table} of session {session} is checked: open it again to change its results"
        )
        raise StorageError(message.format(table=status.number, session=status.session), field=field)


def record_totals(
    db: Database, tournament: Tournament, number: int, table: int, points: Mapping[str, int]
) -> int:
    """The table sheet's totals: each seated player's points (every one named, summing
    to zero: the core's check), one result hand standing for the hands each played.
    Refused where the table has hands recorded one by one, or is checked.  Returns the
    night's id."""
    check_whole(db)

    def write(session: Session) -> int:
        locked(session, tournament)
        status = _status(session, tournament, number, table)
        _refuse_if_checked(status)
        if status.reported != "waiting":
            raise StorageError(_reported_already(status), field="table")
        given = _by_seat(status, points)
        # Each player's hands: a table whose dealer sits out deals more, each plays these.
        hand = {"type": RESULT, "points": given, "hands": tournament.hands}
        return _file_table(session, tournament, status, [hand], all_in=True)

    return db.write(write)


def _reported_already(status: TableStatus) -> str:
    if status.reported == "totals":
        message = _("table {table} of session {session} has its totals already")
    else:
        message = ngettext(
            "table {table} of session {session} has {count} hand recorded already: "
            "correct it in its night",
            "table {table} of session {session} has {count} hands recorded already: "
            "correct them in its night",
            status.played,
        )
    return message.format(table=status.number, session=status.session, count=status.played)


def _by_seat(status: TableStatus, points: Mapping[str, int]) -> dict[str, int]:
    """POINTS by the seated players' names (as stored), every one named once."""
    seated = {name_key(p): p for p in status.players}
    given: dict[str, int] = {}
    for name, value in points.items():
        player = seated.get(name_key(name))
        if player is None:
            message = _("{player} does not sit at table {table} in session {session}")
            raise StorageError(
                message.format(player=printable(name), table=status.number, session=status.session),
                field="points",
            )
        if abs(value) > MAX_AMOUNT:
            raise StorageError(_("{value} is too large").format(value=value), field="points")
        given[player] = value
    missing = [p for p in status.players if p not in given]
    if missing:
        message = _("missing: the points of {players}").format(players=", ".join(missing))
        raise StorageError(message, field="points")
    return {p: given[p] for p in status.players}


def record_hands(
    db: Database, tournament: Tournament, number: int, table: int, hands: Sequence[Any]
) -> int:
    """A table's hands given whole (night-document hands, by name), all or none, into a
    table that has none yet.  Returns the night's id."""
    check_whole(db)

    def write(session: Session) -> int:
        locked(session, tournament)
        status = _status(session, tournament, number, table)
        _refuse_if_checked(status)
        if status.reported != "waiting":
            raise StorageError(_reported_already(status), field="table")
        return _file_table(session, tournament, status, hands, all_in=False)

    return db.write(write)


def set_checked(
    db: Database, tournament: Tournament, number: int, table: int, *, checked: bool = True
) -> None:
    """Mark a table's session checked (its sheet signed): its night is closed, and no
    result of it changes until it is unchecked.  Only a table whose hands are all in
    (or its totals) can be."""

    def write(session: Session) -> None:
        locked(session, tournament)
        status = _status(session, tournament, number, table)
        if checked and not status.done:
            message = ngettext(
                "table {table} of session {session} has {played} of its {hands} hand: "
                "it can be checked once all are in",
                "table {table} of session {session} has {played} of its {hands} hands: "
                "it can be checked once all are in",
                status.hands,
            )
            raise StorageError(
                message.format(
                    table=table, session=number, played=status.played, hands=status.hands
                ),
                field="table",
            )
        if status.night_id is None:
            return
        night = session.exec(
            select(NightRow).where(NightRow.id == status.night_id).with_for_update()
        ).one()
        night.closed_at = (night.closed_at or now()) if checked else None

    db.write(write)


# -- penalties ---------------------------------------------------------------------------


def add_penalty(
    db: Database, tournament: Tournament, number: int, player: str, points: int, reason: str = ""
) -> int:
    """Take POINTS (1 or more) from PLAYER in session NUMBER, why in REASON; returns its
    id.  The player must be seated in that session."""
    require_session(tournament, number)
    if not 1 <= points <= MAX_AMOUNT:
        raise StorageError(_("a penalty takes 1 point or more"), field="points")
    if len(reason) > NOTE_LENGTH:
        message = _("is longer than {count} characters").format(count=NOTE_LENGTH)
        raise StorageError(message, field="reason")

    def write(session: Session) -> int:
        locked(session, tournament)
        found = require_player(session, player, "player")
        seat = session.get(DrawnSeatRow, (tournament.id, number, found.id))
        if seat is None:
            message = _("{player} does not play in session {session}").format(
                player=found.name, session=number
            )
            raise StorageError(message, field="player")
        status = _status(session, tournament, number, seat.table_number)
        _refuse_if_checked(status, "player")
        assert found.id is not None
        row = PenaltyRow(
            tournament_id=tournament.id,
            session=number,
            player_id=found.id,
            points=points,
            reason=reason,
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id

    return db.write(write)


def remove_penalty(db: Database, tournament: Tournament, penalty_id: int) -> None:
    """Take back a penalty given in error (not on a checked table: its lock, as when
    it is given)."""

    def write(session: Session) -> None:
        locked(session, tournament)
        row = session.get(PenaltyRow, penalty_id)
        if row is None or row.tournament_id != tournament.id:
            raise StorageError(
                _("there is no penalty {number}").format(number=penalty_id), field="penalty"
            )
        seat = session.get(DrawnSeatRow, (tournament.id, row.session, row.player_id))
        if seat is not None:
            _refuse_if_checked(
                _status(session, tournament, row.session, seat.table_number), "penalty"
            )
        session.delete(row)

    db.write(write)


def penalties(db: Database, tournament: Tournament) -> list[tuple[int, Penalty]]:
    """Every penalty, with its id, in the order given."""
    with db.session() as session:
        return _penalties(session, tournament)


def _penalties(session: Session, tournament: Tournament) -> list[tuple[int, Penalty]]:
    rows = session.execute(
        columns(
            col(PenaltyRow.id),
            col(PlayerRow.name),
            col(PenaltyRow.session),
            col(PenaltyRow.points),
            col(PenaltyRow.reason),
        )
        .join(PlayerRow, col(PlayerRow.id) == col(PenaltyRow.player_id))
        .where(col(PenaltyRow.tournament_id) == tournament.id)
        .order_by(col(PenaltyRow.id))
    ).all()
    return [(i, Penalty(name, s, p, r)) for i, name, s, p, r in rows if i is not None]


# -- standings and prizes ---------------------------------------------------------------


def session_lines(
    db: Database, tournament: Tournament
) -> tuple[list[SessionLine], list[Penalty], dict[tuple[int, int], int]]:
    """Each player's figures at each table that has reported (from the score cache),
    the penalties, and each table's pot (by session and table)."""
    with db.session() as session:
        return _lines(session, tournament)


def _lines(
    session: Session, tournament: Tournament
) -> tuple[list[SessionLine], list[Penalty], dict[tuple[int, int], int]]:
    tables = {
        t.night_id: (t.session, t.number)
        for t in session.exec(select(TableRow).where(TableRow.tournament_id == tournament.id)).all()
        if t.night_id is not None
    }
    nights = list(tables)
    s = NightSummaryRow
    rows = session.execute(
        columns(col(s.night_id), col(s.player_id), col(PlayerRow.name), *SUMS)
        .join(PlayerRow, col(PlayerRow.id) == col(s.player_id))
        .where(col(s.night_id).in_(nights))
    ).all()
    figures = _figures(session, nights)
    lines = [
        SessionLine(
            name,
            *tables[night],
            points,
            hands,
            misplays,
            MappingProxyType(figures.get((night, player), {})),
        )
        for night, player, name, points, hands, misplays in rows
    ]
    pots = {
        tables[night]: pot
        for night, pot in session.exec(
            select(NightTotalRow.night_id, NightTotalRow.pot).where(
                col(NightTotalRow.night_id).in_(nights)
            )
        ).all()
        if pot
    }
    return lines, [p for _i, p in _penalties(session, tournament)], pots


SUMS = (col(NightSummaryRow.points), col(NightSummaryRow.hands), col(NightSummaryRow.misplays))


def _figures(session: Session, nights: Sequence[int]) -> dict[tuple[int, int], dict[str, int]]:
    """Each player's counts of the game's figures (`Game.figures`: a solo won), by night
    and player id: the night's cached sums (`night_figure`), as a league reads them."""
    f = NightFigureRow
    counts: dict[tuple[int, int], dict[str, int]] = {}
    for night, player, figure, tally in session.execute(
        columns(col(f.night_id), col(f.player_id), col(f.figure), col(f.tally)).where(
            col(f.night_id).in_(nights)
        )
    ).all():
        counts.setdefault((night, player), {})[figure] = tally
    return counts


def standings(
    db: Database, tournament: Tournament, *, through: int | None = None, only: int | None = None
) -> Standings:
    """The standings after session THROUGH (default: the last with a result), or of
    session ONLY alone: every player entered for a session shown, those whose table
    has not reported yet too (without a score for it).  A session number outside the
    day is refused, naming `after` (THROUGH) or `session` (ONLY)."""
    if through is not None:
        require_session(tournament, through, "after")
    if only is not None:
        require_session(tournament, only)
    lines, taken, pots = session_lines(db, tournament)
    if through is None:
        sessions = [line.session for line in lines] + [p.session for p in taken]
        through = max(sessions, default=1)
    shown = [only] if only is not None else range(1, through + 1)
    with db.session() as session:
        entered = [e.player for e in entries_in(session, tournament.id) if any(map(e.plays, shown))]
    return tournament_standings(
        lines,
        taken,
        sessions=tournament.sessions,
        through=through,
        only=only,
        tie_breaks=tournament.tie_breaks,
        pots=pots,
        game=tournament.rules.game,
        players=entered,
    )


def prize_list(db: Database, tournament: Tournament) -> PrizeList:
    """The prizes from the overall standings and each session's top scorers:
    provisional while a table is still to report (or a session to draw), and no top
    scorer's prize for a session not reported in full."""
    with db.session() as session:
        paid = sum(1 for e in entries_in(session, tournament.id) if e.paid)
        pending = _to_report(session, tournament)
    overall = standings(db, tournament, through=tournament.sessions)
    return split_prizes(
        entry_cents=tournament.entry_cents,
        entries=paid,
        payout=tournament.payout,
        ranking=ranking(overall),
        session_tops=overall.tops,
        pending=pending,
    )


def _to_report(session: Session, tournament: Tournament) -> list[ToReport]:
    """The sessions not reported in full: their tables still to report (none: the
    session is not drawn yet)."""
    pending = []
    for number in range(1, tournament.sessions + 1):
        tables = _statuses(session, tournament, number)
        waiting = tuple(t.number for t in tables if not t.done)
        if not tables or waiting:
            pending.append(ToReport(number, waiting))
    return pending
