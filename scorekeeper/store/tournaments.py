"""A tournament in the database: made, read, its players registered (paid or open,
late, withdrawn, pairs kept apart) and each session drawn.

Every write is one transaction that first locks the tournament's row (`_locked`: a
server database's `FOR UPDATE`; SQLite's `BEGIN IMMEDIATE` holds the file already), so
entry stations typing at once take turns.  Players are the league's roster: found by
name or added (`people.players_named`).  The draw is the core's (`tournament.draw`);
what it seated is kept with its seed, so it can be shown, printed and reproduced.  A
session's results go into nights, one a table (`store/tournament_results.py`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlmodel import Session, col, select

from scorekeeper.games import parse_rules
from scorekeeper.i18n import _
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import LABEL_LENGTH, name_key
from scorekeeper.problems import grouped
from scorekeeper.rules import RuleSet
from scorekeeper.store.database import Database, check_whole
from scorekeeper.store.errors import Field, StorageError
from scorekeeper.store.people import players_named, require_player, stored_name
from scorekeeper.store.tables import (
    ApartRow,
    DrawRow,
    EntryRow,
    PlayerRow,
    TournamentRow,
)
from scorekeeper.tournament.day import MOST_HANDS, MOST_SESSIONS, Entry, Tournament
from scorekeeper.tournament.draw import (
    Pair,
    pair,
)
from scorekeeper.tournament.prizes import Payout, default_payout, parse_payout
from scorekeeper.tournament.standings import parse_tie_breaks
from scorekeeper.tournament.tables import UNEVEN, Uneven


def create_tournament(
    db: Database,
    *,
    name: str,
    date: dt.date,
    rules: RuleSet,
    sessions: int,
    hands: int,
    entry_cents: int = 0,
    currency: str = "USD",
    payout: Payout | None = None,
    tie_breaks: Sequence[str] | None = None,
    uneven: Uneven = "larger",
) -> Tournament:
    """A new tournament (its TIE_BREAKS None: its game's); every value refused that
    cannot be, naming its field.  Its
    rules keep no stake: a tournament plays for points, and its money is the prizes."""
    name = stored_name(name, "tournament", limit=LABEL_LENGTH)
    within(sessions, 1, MOST_SESSIONS, "sessions")
    within(hands, 1, MOST_HANDS, "hands")
    within(entry_cents, 0, MAX_AMOUNT, "entry fee")
    if uneven not in UNEVEN:
        raise StorageError(_("must be larger or smaller"), field="uneven")
    payout = payout or default_payout(sessions)
    checked, problems = parse_payout(payout.to_json(), sessions)
    if checked is None:
        raise StorageError(str(problems[0]), field="payout")
    chain, problems = parse_tie_breaks(None if tie_breaks is None else list(tie_breaks), rules.game)
    if chain is None:
        raise StorageError(problems[0].message, field="tie-breaks")
    played, problems = parse_rules({**rules.to_json(), "stake_cents": 0})
    if played is None:
        raise StorageError(str(problems[0]), field="rules")
    check_whole(db)

    def make(session: Session) -> int:
        key = name_key(name)
        if session.exec(select(TournamentRow.id).where(TournamentRow.name_key == key)).first():
            raise StorageError(
                _("there is a tournament {name} already").format(name=repr(name)),
                field="tournament",
            )
        row = TournamentRow(
            name=name,
            name_key=key,
            held_on=date,
            rules=played.to_json(),
            sessions=sessions,
            hands=hands,
            entry_cents=entry_cents,
            currency=currency,
            payout=checked.to_json(),
            tie_breaks=",".join(chain),
            uneven=uneven,
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id

    db.write(make)
    return tournament_named(db, name)


def within(value: int, least: int, most: int, field: Field) -> None:
    if not least <= value <= most:
        message = _("{value} is not between {least} and {most}").format(
            value=grouped(value), least=grouped(least), most=grouped(most)
        )
        raise StorageError(message, field=field)


def require_session(tournament: Tournament, number: int, field: Field = "session") -> None:
    """Refuse NUMBER, naming FIELD, unless it is one of TOURNAMENT's sessions: every
    door a session number comes in by asks this before it reads or writes."""
    within(number, 1, tournament.sessions, field)


def tournament_named(db: Database, name: str) -> Tournament:
    """The tournament of this name, or a StorageError naming the field."""
    with db.session() as session:
        return _tournament(_row(session, name))


def list_tournaments(db: Database) -> list[Tournament]:
    """Every tournament, the newest day first."""
    with db.session() as session:
        rows = session.exec(select(TournamentRow)).all()
    ordered = sorted(rows, key=lambda r: (r.held_on, r.id or 0), reverse=True)
    return [_tournament(row) for row in ordered]


def _row(session: Session, name: str, *, lock: bool = False) -> TournamentRow:
    query = select(TournamentRow).where(TournamentRow.name_key == name_key(name))
    row = session.exec(query.with_for_update() if lock else query).first()
    if row is None:
        message = _("there is no tournament {name}").format(name=repr(name))
        raise StorageError(message, field="tournament")
    return row


def _tournament(row: TournamentRow) -> Tournament:
    rules, _problems = parse_rules(row.rules)
    payout, _problems = parse_payout(row.payout, row.sessions)
    if rules is None or payout is None:
        raise StorageError(
            _("tournament {name}: its stored rules cannot be read").format(name=repr(row.name))
        )
    assert row.id is not None
    uneven: Uneven = "smaller" if row.uneven == "smaller" else "larger"
    return Tournament(
        id=row.id,
        name=row.name,
        date=row.held_on,
        rules=rules,
        sessions=row.sessions,
        hands=row.hands,
        entry_cents=row.entry_cents,
        currency=row.currency,
        payout=payout,
        tie_breaks=tuple(t for t in row.tie_breaks.split(",") if t),
        uneven=uneven,
    )


def locked(session: Session, tournament: Tournament) -> TournamentRow:
    """The tournament's row, locked until the transaction ends (a server database)."""
    query = select(TournamentRow).where(TournamentRow.id == tournament.id).with_for_update()
    return session.exec(query).one()


# -- registration -----------------------------------------------------------------------


def entries(db: Database, tournament: Tournament) -> list[Entry]:
    """Every registered player, by name."""
    with db.session() as session:
        return entries_in(session, tournament.id)


def entries_in(session: Session, tournament_id: int) -> list[Entry]:
    rows = session.exec(
        select(PlayerRow.name, EntryRow.paid, EntryRow.first_session, EntryRow.last_session)
        .join(PlayerRow, col(PlayerRow.id) == col(EntryRow.player_id))
        .where(EntryRow.tournament_id == tournament_id)
    ).all()
    found = [Entry(name, paid, first, last) for name, paid, first, last in rows]
    return sorted(found, key=lambda e: name_key(e.player))


def register(
    db: Database,
    tournament: Tournament,
    players: Sequence[str],
    *,
    paid: bool = False,
    first_session: int | None = None,
) -> list[Entry]:
    """Register PLAYERS (found on the roster, or added), paid or open, playing from
    FIRST_SESSION (default: the first not drawn yet, so a late entry joins the next
    draw; when every session is drawn, the last, which `drawn_already` says).  One
    already registered is refused, naming them; nothing is written then."""
    if not players:
        raise StorageError(_("name at least one player"), field="players")

    def write(session: Session) -> list[Entry]:
        locked(session, tournament)
        first = _next_undrawn(session, tournament) if first_session is None else first_session
        require_session(tournament, first)
        rows = players_named(session, players)
        ids = {row.id for row in rows.values()}
        if len(ids) != len(players):
            raise StorageError(_("names a player twice"), field="players")
        taken = session.exec(
            select(PlayerRow.name)
            .join(EntryRow, col(EntryRow.player_id) == col(PlayerRow.id))
            .where(EntryRow.tournament_id == tournament.id, col(EntryRow.player_id).in_(ids))
        ).all()
        if taken:
            message = _("{player} is registered already").format(
                player=sorted(taken, key=name_key)[0]
            )
            raise StorageError(message, field="players")
        for row in rows.values():
            assert row.id is not None
            session.add(
                EntryRow(
                    tournament_id=tournament.id, player_id=row.id, paid=paid, first_session=first
                )
            )
        session.flush()
        return [
            e
            for e in entries_in(session, tournament.id)
            if e.player in {r.name for r in rows.values()}
        ]

    return db.write(write)


def drawn_already(db: Database, tournament: Tournament, number: int) -> str | None:
    """What a player registered to play from session NUMBER is told when it is drawn
    already: its tables do not seat them until it is drawn again (None: not drawn)."""
    with db.session() as session:
        if number not in drawn_sessions(session, tournament.id):
            return None
    message = _("Session {session} is drawn already: draw it again to seat them.")
    return message.format(session=number)


def _next_undrawn(session: Session, tournament: Tournament) -> int:
    drawn = drawn_sessions(session, tournament.id)
    return min(max(drawn, default=0) + 1, tournament.sessions)


def drawn_sessions(session: Session, tournament_id: int) -> list[int]:
    return sorted(
        session.exec(select(DrawRow.session).where(DrawRow.tournament_id == tournament_id)).all()
    )


def _entry(session: Session, tournament: Tournament, player: str) -> EntryRow:
    found = require_player(session, player, "player")
    row = session.get(EntryRow, (tournament.id, found.id))
    if row is None:
        message = _("{player} is not registered for {tournament}").format(
            player=found.name, tournament=tournament.name
        )
        raise StorageError(message, field="player")
    return row


def set_paid(db: Database, tournament: Tournament, player: str, *, paid: bool = True) -> None:
    """Mark PLAYER's entry fee paid (or open again)."""

    def write(session: Session) -> None:
        locked(session, tournament)
        _entry(session, tournament, player).paid = paid

    db.write(write)


def withdraw(db: Database, tournament: Tournament, player: str, *, after: int) -> None:
    """PLAYER plays no session after AFTER (0: none at all).  A later session drawn
    already seats them still: it says so until it is drawn again."""

    def write(session: Session) -> None:
        locked(session, tournament)
        row = _entry(session, tournament, player)
        within(after, row.first_session - 1, tournament.sessions, "session")
        row.last_session = after

    db.write(write)


def keep_apart(db: Database, tournament: Tournament, first: str, second: str) -> None:
    """Two registered players who must not sit at one table (a family, say)."""

    def write(session: Session) -> None:
        locked(session, tournament)
        a = _entry(session, tournament, first).player_id
        b = _entry(session, tournament, second).player_id
        if a == b:
            raise StorageError(_("a player cannot be kept apart from themselves"), field="players")
        low, high = sorted((a, b))
        if session.get(ApartRow, (tournament.id, low, high)) is None:
            session.add(ApartRow(tournament_id=tournament.id, first_id=low, second_id=high))

    db.write(write)


def apart_pairs(db: Database, tournament: Tournament) -> list[tuple[str, str]]:
    """The pairs kept apart, by name."""
    with db.session() as session:
        found = [ordered(p) for p in apart_in(session, tournament.id)]
    return sorted(found, key=lambda p: (name_key(p[0]), name_key(p[1])))


def ordered(both: Pair) -> tuple[str, str]:
    """A pair's two names in the order of their keys."""
    first, second = sorted(both, key=name_key)
    return first, second


def apart_in(session: Session, tournament_id: int) -> set[Pair]:
    names = _names(session)
    rows = session.exec(select(ApartRow).where(ApartRow.tournament_id == tournament_id)).all()
    return {pair(names[r.first_id], names[r.second_id]) for r in rows}


def _names(session: Session) -> dict[int, str]:
    return {
        i: n for i, n in session.exec(select(PlayerRow.id, PlayerRow.name)).all() if i is not None
    }
