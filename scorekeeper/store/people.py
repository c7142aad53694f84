"""Players, leagues and seasons: found by name (`scorekeeper.names.name_key`: its
stored form, without regard to case), created only under a name `clean_name` accepts."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from scorekeeper.names import LABEL_LENGTH, NAME_LENGTH, clean_name, name_key
from scorekeeper.night import POT
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Field, StorageError
from scorekeeper.store.tables import LeagueRow, PlayerRow, SeasonRow


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
    found = session.exec(select(PlayerRow).where(PlayerRow.name_key == key)).first()
    if found is not None:
        return found
    try:
        with session.begin_nested():
            player = PlayerRow(name=name, name_key=key)
            session.add(player)
        return player
    except IntegrityError:
        return session.exec(select(PlayerRow).where(PlayerRow.name_key == key)).one()


def require_player(session: Session, name: str, field: Field) -> PlayerRow:
    """The player of this name, or a StorageError about FIELD, where it was given."""
    found = session.exec(select(PlayerRow).where(PlayerRow.name_key == name_key(name))).first()
    if found is None:
        raise StorageError(f"there is no player {name!r}", field=field)
    return found


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
    session: Session, league: str | None, season: str | None
) -> tuple[int | None, int | None]:
    """The ids to file a night under, creating the league and season if missing."""
    if league is None:
        return None, None
    league = stored_name(league, "league", limit=LABEL_LENGTH)
    found = find_league(session, league)
    if found is None:
        found = LeagueRow(name=league, name_key=name_key(league))
        session.add(found)
        session.flush()
    assert found.id is not None
    if season is None:
        return found.id, None
    season = stored_name(season, "season", limit=LABEL_LENGTH)
    filed = find_season(session, found.id, season)
    if filed is None:
        filed = SeasonRow(league_id=found.id, name=season, name_key=name_key(season))
        session.add(filed)
        session.flush()
    return found.id, filed.id


def list_players(db: Database, *, include_retired: bool = False) -> list[Player]:
    """The roster, by name."""
    with db.session() as session:
        rows = session.exec(select(PlayerRow).order_by("name_key"))
        return [_player(r) for r in rows if include_retired or not r.retired]


def rename_player(db: Database, *, old: str, new: str) -> Player:
    """Rename a player everywhere at once (hands store ids, so history is untouched);
    the player as now stored.  The name must be one no other player has, and not the
    name a Schafkopf pot goes by in a settlement."""
    new = stored_name(new, "new name")
    if new == POT:
        raise StorageError(f"{POT} is the Schafkopf pot's name, not a player's", field="new name")
    with db.transaction() as session:
        player = require_player(session, old, "player")
        clash = session.exec(select(PlayerRow).where(PlayerRow.name_key == name_key(new))).first()
        if clash is not None and clash.id != player.id:
            raise StorageError(f"there is already a player {clash.name!r}", field="new name")
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
