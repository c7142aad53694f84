"""Players, leagues and seasons: found by name (`scorekeeper.names.name_key`: its
stored form, without regard to case), created only under a name `clean_name` accepts.

Several programs may create the same player, league or season at the same moment (the
tables of a league night filing their first nights of a new season): each is found or
inserted with `INSERT ... ON CONFLICT DO NOTHING` and read again (`_found_or_made`), so
a second program waits for the first's transaction and then finds its row, and the
players a write creates are created in the order of their keys (`players_named`), so
that two writes never wait for each other's players."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import select as columns
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, col, select

from scorekeeper.formatting import locale_currency
from scorekeeper.i18n import _
from scorekeeper.names import (
    LABEL_LENGTH,
    NAME_LENGTH,
    clean_name,
    look_keys,
    name_key,
    quoted,
    spelled,
)
from scorekeeper.results import POT
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Field, StorageError
from scorekeeper.store.tables import (
    LeagueRow,
    NightRow,
    PaymentRow,
    PlayerRow,
    SeasonRow,
    SeatRow,
    core_table,
)

Row = TypeVar("Row", bound=SQLModel)


def stored_name(name: str, field: Field, *, limit: int = NAME_LENGTH) -> str:
    """NAME in the form it is stored in (`scorekeeper.names`), or a StorageError that
    names FIELD and what is wrong: every function here that creates a name calls it."""
    cleaned, problem = clean_name(name, limit=limit)
    if problem is not None:
        raise StorageError(problem, field=field)
    return cleaned


@dataclass(frozen=True)
class Player:
    """A player as the rest of the app sees one."""

    id: int
    name: str
    retired: bool


def find_or_create_player(session: Session, name: str, field: Field = "player") -> PlayerRow:
    """The player of this name, created if new (safe when two writers race to create);
    a name that cannot be stored is refused, naming FIELD."""
    name = stored_name(name, field)
    key = name_key(name)
    query = select(PlayerRow).where(PlayerRow.name_key == key)
    found: PlayerRow | None = session.exec(query).first()
    if found is not None:
        return found
    refuse_look_alike(session, name, field)
    return _found_or_made(session, query, PlayerRow(name=name, name_key=key), ["name_key"])


def refuse_look_alike(session: Session, name: str, field: Field, *, besides: int = 0) -> None:
    """A StorageError naming FIELD when another player (not the one of id BESIDES) has a
    name that looks like NAME (`names.look_keys`: the UTS #39 skeleton), so that "Bоb"
    with a Cyrillic "о", or "B0b", never becomes a second Bob."""
    other = look_alike(session, name, besides=besides)
    if other is not None:
        raise StorageError(
            _(
                "{name} looks the same as {other}, another player's name: type {other} "
                "for that player, or a name that looks different"
            ).format(name=quoted(name), other=quoted(other)),
            field=field,
        )


def look_alike(session: Session, name: str, *, besides: int = 0) -> str | None:
    """The name of a player (not the one of id BESIDES) whose name looks like NAME, if
    any: every name compared, the roster being a few hundred at most."""
    player = core_table(PlayerRow).c
    looks = look_keys(name)
    rows = session.connection().execute(
        columns(player.id, player.name).order_by(player.name_key, player.id)
    )
    return next((n for i, n in rows if i != besides and look_keys(n) & looks), None)


def players_named(session: Session, names: Iterable[str]) -> dict[str, PlayerRow]:
    """The player of each name (a name that cannot be stored, or that looks like another
    player's, refused naming the field "players"), each new one created in the order of
    their keys: two writes creating players at once then wait for each other at most
    once, never each for the other."""
    keyed = {name: name_key(stored_name(name, "players")) for name in names}
    by_key = {
        key: find_or_create_player(session, name, "players")
        for name, key in sorted(keyed.items(), key=lambda item: item[1])
    }
    return {name: by_key[key] for name, key in keyed.items()}


def _found_or_made(session: Session, query: Any, new: Row, unique: list[str]) -> Row:
    """The row QUERY finds, else NEW inserted and found: on PostgreSQL and SQLite by
    `INSERT ... ON CONFLICT (UNIQUE) DO NOTHING` (a program inserting the same row at
    the same moment makes this one wait for its transaction, and this finds its row);
    elsewhere in a savepoint, read again when the insert clashes."""
    found: Row | None = session.exec(query).first()
    if found is not None:
        return found
    dialect = session.get_bind().dialect.name
    values = new.model_dump(exclude={"id"})
    if dialect in ("postgresql", "sqlite"):
        # The dialect's own insert, imported only here: PostgreSQL's dialect costs a
        # SQLite start (the app's first window) 20 ms and asyncio.
        dml = importlib.import_module(f"sqlalchemy.dialects.{dialect}")
        statement = dml.insert(core_table(type(new))).values(values)
        session.execute(statement.on_conflict_do_nothing(index_elements=unique))
        made: Row = session.exec(query).one()
        return made
    try:
        with session.begin_nested():
            session.add(new)
        return new
    except IntegrityError:
        again: Row = session.exec(query).one()
        return again


def require_player(session: Session, name: str, field: Field) -> PlayerRow:
    """The player of this name, or a StorageError about FIELD, where it was given.

    A name stored exactly so is that player's, even where an old database holds two
    players of one key ("Ｃａｌ" and "Cal", or "Zoë" composed and decomposed, which
    versions before names were folded could store); otherwise the player whose name has
    this key, and when two have, a StorageError that names both (spelled out, as they
    may print alike) and asks for the exact one."""
    exact = session.exec(select(PlayerRow).where(PlayerRow.name == name)).all()
    if len(exact) == 1:
        return exact[0]
    found = _of_key(session, name)
    if len(found) == 1:
        return found[0]
    if not found:
        raise StorageError(_("there is no player {name}").format(name=repr(name)), field=field)
    players = ", ".join(f"{quoted(row.name)} ({spelled(row.name)})" for row in found)
    raise StorageError(
        _("{name} is the name of {count} players: {players}; give the exact one").format(
            name=quoted(name), count=len(found), players=players
        ),
        field=field,
    )


def _of_key(session: Session, name: str) -> list[PlayerRow]:
    """The players whose stored key is NAME's key, and those an old version stored
    under another key whose name has this key now (migrations 0008 and 0013 left such
    a row as it was when its new key was another's)."""
    key = name_key(name)
    player = core_table(PlayerRow).c
    stale = [
        row_id
        for row_id, stored, old in session.connection().execute(
            columns(player.id, player.name, player.name_key)
        )
        if old != key and name_key(stored) == key
    ]
    query = select(PlayerRow).where((col(PlayerRow.name_key) == key) | col(PlayerRow.id).in_(stale))
    return list(session.exec(query.order_by(col(PlayerRow.id))).all())


def find_league(session: Session, name: str) -> LeagueRow | None:
    """The league of this name, if there is one."""
    return session.exec(select(LeagueRow).where(LeagueRow.name_key == name_key(name))).first()


def find_season(session: Session, league_id: int, name: str) -> SeasonRow | None:
    """The season of this name in a league, if there is one."""
    query = select(SeasonRow).where(
        (SeasonRow.league_id == league_id) & (SeasonRow.name_key == name_key(name))
    )
    return session.exec(query).first()


def league_and_season(
    session: Session, league: str | None, season: str | None, currency: str | None = None
) -> tuple[int | None, int | None]:
    """The ids to file a night under, creating the league and season if missing (safe
    when programs race to create them: `_found_or_made`); a new league keeps its money
    in CURRENCY (default: the locale's), and a night in another currency than its
    league's is refused (its amounts would be read as the league's)."""
    if league is None:
        return None, None
    found = find_or_create_league(session, league, currency)
    assert found.id is not None
    if currency is not None and found.currency != currency:
        message = _(
            "the night's money is in {currency}, but league {league} keeps its money in {kept}"
        )
        raise StorageError(
            message.format(currency=currency, league=repr(found.name), kept=found.currency),
            field="currency",
        )
    if season is None:
        return found.id, None
    filed = find_or_create_season(session, found.id, season)
    return found.id, filed.id


def find_or_create_league(session: Session, name: str, currency: str | None = None) -> LeagueRow:
    """The league of this name, created if new (its money in CURRENCY, default the
    locale's); a name that cannot be stored is refused."""
    name = stored_name(name, "league", limit=LABEL_LENGTH)
    key = name_key(name)
    query = select(LeagueRow).where(LeagueRow.name_key == key)
    new = LeagueRow(name=name, name_key=key, currency=currency or locale_currency())
    return _found_or_made(session, query, new, ["name_key"])


def find_or_create_season(session: Session, league_id: int, name: str) -> SeasonRow:
    """The season of this name in a league, created if new; a name that cannot be
    stored is refused."""
    name = stored_name(name, "season", limit=LABEL_LENGTH)
    key = name_key(name)
    query = select(SeasonRow).where(
        (SeasonRow.league_id == league_id) & (SeasonRow.name_key == key)
    )
    new = SeasonRow(league_id=league_id, name=name, name_key=key)
    return _found_or_made(session, query, new, ["league_id", "name_key"])


def list_players(
    db: Database, *, include_retired: bool = False, league: str | None = None
) -> list[Player]:
    """The roster, by name: plain rows (the ORM's bookkeeping of a row per player was
    most of File ▸ New night's reading, and grew with the roster); with LEAGUE, only
    its players: those seated at one of its nights (not deleted) or named in one of
    its payments."""
    player = core_table(PlayerRow).c
    query = columns(player.id, player.name, player.retired).order_by(player.name_key)
    if not include_retired:
        query = query.where(player.retired.is_(False))
    if league is not None:
        night, seat, paid = (core_table(t).c for t in (NightRow, SeatRow, PaymentRow))
        known = core_table(LeagueRow).c
        of_league = columns(known.id).where(known.name_key == name_key(league))
        seated = (
            columns(seat.player_id)
            .join(core_table(NightRow), night.id == seat.night_id)
            .where(night.league_id.in_(of_league.scalar_subquery()), night.discarded_at.is_(None))
        )
        payers = columns(paid.payer_id).where(paid.league_id.in_(of_league.scalar_subquery()))
        payees = columns(paid.payee_id).where(paid.league_id.in_(of_league.scalar_subquery()))
        query = query.where(player.id.in_(seated.union(payers, payees)))
    with db.session() as session:
        rows = session.connection().execute(query).all()
    return [Player(id=i, name=name, retired=bool(retired)) for i, name, retired in rows]


def rename_player(db: Database, *, old: str, new: str) -> Player:
    """Rename a player everywhere at once (hands store ids, so history is untouched);
    the player as now stored.  The name must be one no other player has, and not the
    name a Schafkopf pot goes by in a settlement."""
    new = stored_name(new, "new name")
    if new == POT:
        raise StorageError(
            _("{pot} is the Schafkopf pot's name, not a player's").format(pot=POT),
            field="new name",
        )
    with db.transaction() as session:
        player = require_player(session, old, "player")
        clash = session.exec(select(PlayerRow).where(PlayerRow.name_key == name_key(new))).first()
        if clash is not None and clash.id != player.id:
            raise StorageError(
                _("there is already a player {name}").format(name=repr(clash.name)),
                field="new name",
            )
        refuse_look_alike(session, new, "new name", besides=player.id or 0)
        player.name, player.name_key = new, name_key(new)
        session.add(player)
        return _player(player)


def retire_player(db: Database, *, name: str, retired: bool = True) -> Player:
    """Take a player off (or back onto) the roster offered for new nights; their
    nights and money stay as they are.  The player as now stored."""
    with db.transaction() as session:
        player = require_player(session, name, "player")
        player.retired = retired
        session.add(player)
        return _player(player)


def _player(row: PlayerRow) -> Player:
    return Player(id=row.id or 0, name=row.name, retired=row.retired)
