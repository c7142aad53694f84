"""Leagues and seasons, and what standings and statistics read: one grouped query over
the score cache, turned into the core's `NightLine`s and `HandFact`s at the boundary."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, text
from sqlalchemy import select as columns
from sqlalchemy.sql import Select
from sqlmodel import Session, col, select

from scorekeeper.formatting import is_currency_code, not_a_currency_code
from scorekeeper.games import DEFAULT_GAME, all_presets, game_of_preset, one_game, parse_rules
from scorekeeper.i18n import _
from scorekeeper.rules import RuleSet
from scorekeeper.standings import (
    NightLine,
    PlayerNights,
    Standings,
    StandingsOptions,
    compute_standings,
    parse_standings_options,
    rank_players,
)
from scorekeeper.store import stored_night
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league_sums import night_preset
from scorekeeper.store.people import (
    find_league,
    find_or_create_league,
    find_or_create_season,
    find_season,
)
from scorekeeper.store.tables import (
    SUMMED,
    LeagueFigureRow,
    LeagueNightsRow,
    LeagueRow,
    LeagueSumsRow,
    NightFigureRow,
    NightRow,
    NightSummaryRow,
    NightTotalRow,
    PlayerRow,
    SeasonRow,
    core_table,
)


@dataclass(frozen=True)
class LeagueInfo:
    """A league as the league screens show it."""

    id: int
    name: str
    rules: RuleSet | None
    standings: StandingsOptions
    seasons: tuple[str, ...]
    currency: str  # the ISO 4217 code its money is in


NightLabel = tuple[str | None, str | None, str | None, str]  # date, season, table, game


@dataclass(frozen=True)
class Period:
    """Which of a league's nights: one season or all, between two dates (inclusive)."""

    league: str
    season: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None


def has_league(db: Database, name: str) -> bool:
    """True when a league of this stored NAME is there (stored_night.has_league, the
    question the first screen's read answers too)."""
    with db.session() as session:
        return stored_night.has_league(
            lambda sql, parameters: session.execute(text(sql), parameters).all(), name
        )


def list_leagues(db: Database) -> list[str]:
    """Every league's name, alphabetically."""
    with db.session() as session:
        return [row.name for row in session.exec(select(LeagueRow).order_by("name_key"))]


def league_row(session: Session, name: str) -> LeagueRow:
    """The league of this name, or a StorageError about the league."""
    found = find_league(session, name)
    if found is None:
        raise StorageError(_("there is no league {name}").format(name=repr(name)), field="league")
    return found


def _rules(value: Any, what: str) -> RuleSet | None:
    if value is None:
        return None
    rules, problems = parse_rules(value)
    if rules is None:
        raise StorageError(
            _("{what} has rules this version cannot read ({problem})").format(
                what=what, problem=problems[0]
            )
        )
    return rules


def _options(value: Any, what: str) -> StandingsOptions:
    options, problems = parse_standings_options(value)
    if options is None:
        raise StorageError(_("{what}: {problem}").format(what=what, problem=problems[0]))
    return options


def league_info(db: Database, *, league: str) -> LeagueInfo:
    """A league with its default rules, standings options and seasons."""
    with db.session() as session:
        row = league_row(session, league)
        seasons = session.exec(
            select(SeasonRow.name).where(SeasonRow.league_id == row.id).order_by("created_at")
        ).all()
        assert row.id is not None
        return LeagueInfo(
            row.id,
            row.name,
            _rules(row.rules, _("league {name}").format(name=repr(row.name))),
            _options(row.standings, _("league {name}").format(name=repr(row.name))),
            tuple(seasons),
            row.currency,
        )


def save_league(
    db: Database,
    *,
    name: str,
    rules: RuleSet | None = None,
    standings: StandingsOptions | None = None,
    currency: str | None = None,
) -> int:
    """Create a league (its money in CURRENCY, default the locale's), or change its
    default rules, standings options or currency (what is None is left as it is);
    returns its id.  Safe when another program creates the same league at the same
    moment (`people.find_or_create_league`).  A currency that is not an ISO 4217 code
    is refused."""
    if currency is not None and not is_currency_code(currency):
        raise StorageError(not_a_currency_code(repr(currency)), field="currency")

    def save(session: Session) -> int:
        row = find_or_create_league(session, name, currency)
        if currency is not None:
            row.currency = currency
        if rules is not None:
            row.rules = rules.to_json()
        if standings is not None:
            row.standings = standings.to_json()
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id

    return db.write(save)


def league_currency(db: Database, *, league: str) -> str | None:
    """The currency LEAGUE keeps its money in, or None when there is no such league."""
    with db.session() as session:
        found = find_league(session, league)
        return None if found is None else found.currency


def current_season(db: Database, *, league: str) -> str | None:
    """The season of LEAGUE's newest night not deleted (what its next night is filed
    under, unless changed), or None: no such league, or its newest night has none."""
    with db.session() as session:
        found = find_league(session, league)
        if found is None:
            return None
        newest = (
            select(NightRow.season_id)
            .where((col(NightRow.league_id) == found.id) & col(NightRow.discarded_at).is_(None))
            .order_by(col(NightRow.played_on).desc().nulls_last(), col(NightRow.id).desc())
            .limit(1)
        )
        season_id = session.exec(newest).first()
        season = session.get(SeasonRow, season_id) if season_id is not None else None
        return season.name if season is not None else None


def save_season(db: Database, *, league: str, name: str, rules: RuleSet | None = None) -> int:
    """Create a season of a league (or change its default rules); returns its id.  Safe
    when another program creates the same season at the same moment."""

    def save(session: Session) -> int:
        found = league_row(session, league)
        assert found.id is not None
        row = find_or_create_season(session, found.id, name)
        if rules is not None:
            row.rules = rules.to_json()
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id

    return db.write(save)


def default_rules(db: Database, *, league: str, season: str | None = None) -> RuleSet | None:
    """The rules a new night of this league (and season) starts with: the season's own,
    else the league's, else those of its newest night (the season's, else any), else
    None (a new league: the table's last choice then).  A league remembers its game,
    house rules and stake from its nights until they are set for it."""
    with db.session() as session:
        found = find_league(session, league)
        if found is None or found.id is None:
            return None
        filed = find_season(session, found.id, season) if season else None
        if filed is not None and filed.rules is not None:
            return _rules(filed.rules, _("season {name}").format(name=repr(filed.name)))
        if found.rules is not None:
            return _rules(found.rules, _("league {name}").format(name=repr(found.name)))
        for season_id in ([filed.id] if filed is not None else []) + [None]:
            newest = _newest_night_rules(session, found.id, season_id)
            if newest is not None:
                return _rules(newest, _("league {name}").format(name=repr(found.name)))
        return None


def _newest_night_rules(session: Session, league_id: int, season_id: int | None) -> Any:
    """The rules of the league's (or its season's) newest night not deleted, or None."""
    query = select(NightRow.rules).where(
        (col(NightRow.league_id) == league_id) & col(NightRow.discarded_at).is_(None)
    )
    if season_id is not None:
        query = query.where(col(NightRow.season_id) == season_id)
    newest = query.order_by(
        col(NightRow.played_on).desc().nulls_last(), col(NightRow.id).desc()
    ).limit(1)
    return session.exec(newest).first()


def nights_of(session: Session, period: Period) -> Select[Any]:
    """The ids of the period's nights (never a discarded one)."""
    league = league_row(session, period.league)
    query = select(NightRow.id).where(
        (col(NightRow.league_id) == league.id) & col(NightRow.discarded_at).is_(None)
    )
    if period.season is not None:
        assert league.id is not None
        season = find_season(session, league.id, period.season)
        if season is None:
            raise StorageError(
                _("league {league} has no season {season}").format(
                    league=repr(league.name), season=repr(period.season)
                ),
                field="season",
            )
        query = query.where(NightRow.season_id == season.id)
    if period.since is not None:
        query = query.where(col(NightRow.played_on) >= period.since)
    if period.until is not None:
        query = query.where(col(NightRow.played_on) <= period.until)
    return query


def night_lines(db: Database, period: Period) -> list[NightLine]:
    """Each player's sums for each night of the period, as each write left them in
    `night_summary` and `night_figure` (store/summaries.py): a row per player per
    night (and figure), never a hand."""
    summary = core_table(NightSummaryRow).c
    query = columns(
        summary.night_id, col(PlayerRow.name), *(summary[name] for name in SUMMED)
    ).join_from(core_table(NightSummaryRow), PlayerRow, col(PlayerRow.id) == summary.player_id)
    figures = core_table(NightFigureRow).c
    counted = columns(
        figures.night_id, col(PlayerRow.name), figures.figure, figures.tally
    ).join_from(core_table(NightFigureRow), PlayerRow, col(PlayerRow.id) == figures.player_id)
    with db.session() as session:
        wanted = nights_of(session, period)
        connection = session.connection()  # plain rows: no ORM bookkeeping per line
        rows = connection.execute(query.where(summary.night_id.in_(wanted))).all()
        tallies = connection.execute(counted.where(figures.night_id.in_(wanted))).all()
        nights = _night_labels(connection, wanted)
    of_line: dict[tuple[int, str], dict[str, int]] = {}
    for night, player, figure, tally in tallies:
        of_line.setdefault((night, player), {})[figure] = int(tally)
    # The summary's columns are NOT NULL integers: each row is a NightLine as it comes,
    # in NightLine's order (_LINE_ORDER holds it).
    heads = {night: (night, *label[:3]) for night, label in nights.items()}
    make = NightLine._make
    none: dict[str, int] = {}
    lines = [
        make(
            (
                *heads[night],
                player,
                *sums,
                nights[night][3],
                of_line.get((night, player), none),
            )
        )
        for night, player, *sums in rows
    ]
    order = {night: (label[0] or "", night) for night, label in nights.items()}
    lines.sort(key=lambda line: (order[line.night_id], line.player.casefold()))
    return lines


_LINE_ORDER = ("night_id", "date", "season", "table", "player", *SUMMED, "game", "figures")
assert NightLine._fields == _LINE_ORDER, "night_lines makes NightLines by position"


def _night_labels(connection: Connection, wanted: Select[Any]) -> dict[int, NightLabel]:
    """The date, season, table and game of each night WANTED names."""
    query = (
        columns(
            col(NightRow.id),
            col(NightRow.played_on),
            col(SeasonRow.name),
            col(NightRow.table_label),
            night_preset(),
        )
        .outerjoin(SeasonRow, col(SeasonRow.id) == col(NightRow.season_id))
        .where(col(NightRow.id).in_(wanted))
    )
    rows = connection.execute(query).all()
    games = {preset: game_name(preset) for *_, preset in rows}
    return {
        night: (date.isoformat() if date else None, season, table, games[preset])
        for night, date, season, table, preset in rows
    }


def night_games(session: Session, period: Period) -> dict[int, str]:
    """The game each of the period's nights was played at, by its rules' preset."""
    query = columns(col(NightRow.id), night_preset()).where(
        col(NightRow.id).in_(nights_of(session, period))
    )
    rows = session.connection().execute(query).all()
    games = {preset: game_name(preset) for _, preset in rows}
    return {night: games[preset] for night, preset in rows}


def game_name(preset: str | None) -> str:
    return game_of_preset(preset).name if preset in all_presets() else DEFAULT_GAME


def played_alone(outcome: str, partnered: bool) -> bool | None:
    return None if outcome not in ("win", "loss") else not partnered


def standings(db: Database, period: Period, options: StandingsOptions | None = None) -> Standings:
    """The period's standings under OPTIONS, else the league's own choice.  Unless the
    worst nights are dropped (which needs every night's value), the database sums each
    player's nights and counts their places, and the core ranks the sums: a row per
    player and place, not one per player and night (docs/performance.md)."""
    if options is None:
        options = league_info(db, league=period.league).standings
    if options.drop_worst:
        return compute_standings(night_lines(db, period), options, pot_totals(db, period))
    players, nights, game = players_nights(db, period)
    return rank_players(players, options, pot_totals(db, period), nights=nights, game=game)


def all_time(period: Period) -> bool:
    """Whether PERIOD is every night of its league (no season, no dates): what the
    league's all-time sums hold (store/league_sums.py)."""
    return period.season is None and period.since is None and period.until is None


def players_nights(db: Database, period: Period) -> tuple[list[PlayerNights], int, str]:
    """Each player's nights of the period summed with their places counted (the
    core's `player_nights` of `night_lines`, summed by the database), the number of
    nights with a hand, and the game they were played at."""
    if all_time(period):
        return _all_time_players(db, period.league)
    summary = core_table(NightSummaryRow).c
    with db.session() as session:
        wanted = nights_of(session, period)
        # A place is the core's `night_places`, kept with the sums (store/summaries.py).
        query = (
            columns(
                summary.player_id,
                summary.place,
                func.count(),
                *(func.sum(summary[name]) for name in SUMMED),
            )
            .where(summary.night_id.in_(wanted))
            .group_by(summary.player_id, summary.place)
        )
        connection = session.connection()
        rows = connection.execute(query).all()
        figures = core_table(NightFigureRow).c
        tallies = connection.execute(
            columns(figures.player_id, figures.figure, func.sum(figures.tally))
            .where(figures.night_id.in_(wanted))
            .group_by(figures.player_id, figures.figure)
        ).all()
        names = _names(connection, {player for player, *_ in rows})
        played = columns(summary.night_id).where(summary.night_id.in_(wanted)).distinct()
        nights = connection.execute(columns(func.count()).select_from(played.subquery()))
        presets = connection.execute(
            columns(night_preset()).where(col(NightRow.id).in_(played)).distinct()
        ).all()
    game = one_game(game_name(preset) for (preset,) in presets).name
    return _by_player(rows, tallies, names), int(nights.scalar_one()), game


def _all_time_players(db: Database, league: str) -> tuple[list[PlayerNights], int, str]:
    """`players_nights` of every night of LEAGUE, read from its all-time sums: a row
    per player and place, and a row per preset played."""
    sums, counts = core_table(LeagueSumsRow).c, core_table(LeagueNightsRow).c
    with db.session() as session:
        league_id = league_row(session, league).id
        connection = session.connection()
        rows = connection.execute(
            columns(sums.player_id, sums.place, sums.nights, *(sums[n] for n in SUMMED)).where(
                sums.league_id == league_id
            )
        ).all()
        figures = core_table(LeagueFigureRow).c
        tallies = connection.execute(
            columns(figures.player_id, figures.figure, figures.tally).where(
                figures.league_id == league_id
            )
        ).all()
        names = _names(connection, {player for player, *_ in rows})
        played = connection.execute(
            columns(counts.preset, counts.nights).where(counts.league_id == league_id)
        ).all()
    game = one_game(game_name(preset) for preset, _ in played).name
    return _by_player(rows, tallies, names), sum(int(count) for _, count in played), game


def _names(connection: Connection, player_ids: set[int]) -> dict[int | None, str]:
    """The names of PLAYER_IDS, by id."""
    query = columns(col(PlayerRow.id), col(PlayerRow.name)).where(col(PlayerRow.id).in_(player_ids))
    return dict(connection.execute(query).all())


def _by_player(
    rows: Sequence[Any], tallies: Sequence[Any], names: dict[int | None, str]
) -> list[PlayerNights]:
    """Rows of (player id, place, nights, SUMMED) added up by player, their places
    counted, with TALLIES, rows of (player id, figure, count)."""
    by_player: dict[str, list[Any]] = {}
    places: dict[str, dict[int, int]] = {}
    for player_id, at, count, *sums in rows:
        player = names[player_id]
        totals = by_player.setdefault(player, [0] * (1 + len(sums)))
        totals[0] += int(count)
        for index, value in enumerate(sums, 1):
            totals[index] += int(value)  # PostgreSQL sums a bigint as a numeric
        places.setdefault(player, {})[int(at)] = int(count)
    figures: dict[str, dict[str, int]] = {}
    for player_id, figure, tally in tallies:
        if player_id in names:
            figures.setdefault(names[player_id], {})[figure] = int(tally)
    return [
        PlayerNights._make((player, *totals, places[player], figures.get(player, {})))
        for player, totals in by_player.items()
    ]


def pot_totals(db: Database, period: Period) -> tuple[int, int]:
    """The points and cents the period's nights left in Schafkopf pots (a party to the
    zero sum: the players' totals and the pots sum to zero)."""
    if all_time(period):  # the league's all-time sums
        total: Any = core_table(LeagueNightsRow).c
    else:
        total = core_table(NightTotalRow).c
    query = columns(
        func.coalesce(func.sum(total.pot), 0), func.coalesce(func.sum(total.pot_cents), 0)
    )
    with db.session() as session:
        if all_time(period):
            query = query.where(total.league_id == league_row(session, period.league).id)
        else:
            query = query.where(total.night_id.in_(nights_of(session, period)))
        row = session.execute(query).one()
    return int(row[0]), int(row[1])


def league_roster(
    db: Database, *, league: str | None = None, night_id: int | None = None
) -> list[str]:
    """The players of LEAGUE (or of the league of the night NIGHT_ID; none for a night
    of no league), in the order they came into the database: the places their charts'
    colours follow on screen and on paper (`formatting.player_looks`), a new player
    taking the next.  Read from the league's sums (a row a player and place)."""
    with db.session() as session:
        if league is not None:
            league_id = league_row(session, league).id
        else:
            night = session.get(NightRow, night_id)
            league_id = night.league_id if night is not None else None
        if league_id is None:
            return []
        query = (
            select(PlayerRow.id, PlayerRow.name)
            .distinct()
            .join(LeagueSumsRow, col(LeagueSumsRow.player_id) == col(PlayerRow.id))
            .where(LeagueSumsRow.league_id == league_id)
            .order_by(col(PlayerRow.id))
        )
        return [name for _id, name in session.exec(query)]


def league_players(db: Database, period: Period) -> list[str]:
    """Everyone dealt into a hand of the period, by name: each has a night's summary
    row for each night they were dealt into (a row a player and night, not one a
    player and hand: 0.12 s to read at 100,000 hands, the Player tab's first show)."""
    with db.session() as session:
        query = (
            select(PlayerRow.name)
            .distinct()
            .join(NightSummaryRow, col(NightSummaryRow.player_id) == col(PlayerRow.id))
            .where(col(NightSummaryRow.night_id).in_(nights_of(session, period)))
        )
        return sorted(session.exec(query).all(), key=str.casefold)
