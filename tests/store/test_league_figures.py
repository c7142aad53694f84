"""A league's figures are each game's own (`Game.figures`, counted by its
`figure_counts`), and migration 0022 carries the summaries' fixed columns into them
exactly: upgraded, a database counts what it counted before (picks, picks won,
schneiders won and lost, a Sheepshead night's leasters won), and what the game counts
now besides (Schafkopf's solos, Ramsch lost), as the game itself counts every hand the
database holds.  A hypothesis sample of both games' nights, and the old database of
tests/data/schema-0009.sql (made by that version's code), hold it."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, select

from scorekeeper.games import game_named
from scorekeeper.stats import player_statistics
from scorekeeper.store import league as leagues
from scorekeeper.store import league_hands, night_import
from scorekeeper.store.database import SCHEMA_HEAD, Database, open_database
from scorekeeper.store.tables import (
    HandFigureRow,
    LeagueFigureRow,
    NightFigureRow,
    NightRow,
    PlayerRow,
    core_table,
)
from tests.store.conftest import downgrade_to, upgrade_to
from tests.store.test_old_database import ROWS
from tests.strategies import night_documents, schafkopf_night_documents

BEFORE = "0021"  # the schema before the figures
# The summaries' columns before 0022, and the figure each became.
COLUMNS = ("picks", "picker_wins", "schneiders_won", "schneiders_lost", "leasters_won")
Figures = dict[str, set[tuple[Any, ...]]]


def figures_stored(db: Database) -> Figures:
    """Every row of the three figure tables, by table, player by name."""
    with db.engine.connect() as connection:
        names = dict(connection.execute(select(core_table(PlayerRow).c[:2])).all())
        found: Figures = {}
        for model in (HandFigureRow, NightFigureRow, LeagueFigureRow):
            table = core_table(model)
            found[table.name] = {
                tuple(names.get(v, v) if c == "player_id" else v for c, v in row._mapping.items())
                for row in connection.execute(select(table))
            }
    return found


def old_columns(db: Database) -> dict[tuple[int, str], tuple[int, ...]]:
    """What the summary's columns held at schema BEFORE: by night and player name."""
    query = (
        f"SELECT s.night_id, p.name, {', '.join('s.' + c for c in COLUMNS)} "
        "FROM night_summary s JOIN player p ON p.id = s.player_id"
    )
    with db.engine.connect() as connection:
        rows = connection.exec_driver_sql(query).all()
    return {(night, name): tuple(int(v) for v in counts) for night, name, *counts in rows}


def as_columns(figures: Figures) -> dict[tuple[int, str], tuple[int, ...]]:
    """The night figures as the summary's columns counted them (a player with none of
    them: no line)."""
    counts: dict[tuple[int, str], Counter[str]] = {}
    for night, name, figure, tally in figures["night_figure"]:
        counts.setdefault((night, name), Counter())[figure] += tally
    return {
        key: tuple(c[column] for column in COLUMNS)
        for key, c in counts.items()
        if any(c[column] for column in COLUMNS)
    }


def schafkopf_nights(db: Database) -> set[int]:
    """The nights played at Schafkopf, by their rules' preset."""
    with db.engine.connect() as connection:
        rows = connection.execute(select(core_table(NightRow).c.id, core_table(NightRow).c.rules))
        return {n for n, rules in rows if str(rules.get("preset", "")).startswith("schafkopf")}


documents = st.one_of(night_documents(max_hands=6), schafkopf_night_documents(max_hands=8))


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(drawn=st.lists(documents, min_size=1, max_size=4))
def test_the_migration_counts_what_each_game_counts_and_the_columns_counted(
    db: Database, drawn: list[dict[str, Any]]
) -> None:
    """Nights of both games filed by this version, the database taken back to the
    summaries' columns (0021) and up again: the figures are the rows the games' own
    counting wrote, and what the columns said of them is what the figures say."""
    night_import.import_nights(db, [d | {"league": "Club"} for d in drawn])
    written = figures_stored(db)
    downgrade_to(db.engine, BEFORE)
    columns = old_columns(db)
    upgrade_to(db.engine, SCHEMA_HEAD)
    assert figures_stored(db) == written
    # The columns, with a Schafkopf night's leasters (no figure now) left out.
    schafkopf = schafkopf_nights(db)
    wanted = {
        key: (*counts[:4], 0 if key[0] in schafkopf else counts[4])
        for key, counts in columns.items()
    }
    assert as_columns(written) == {k: c for k, c in wanted.items() if any(c)}


def test_an_old_database_upgraded_ranks_and_counts_its_players_as_before(tmp_path: Path) -> None:
    """The database of schema 0009 taken to 0021 (its summaries' columns filled by the
    migrations of that time), then opened by this version: every league's standings,
    all seasons and each, count what the columns did, each in its game's figures."""
    path = tmp_path / "league.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_to(engine, "0009", ROWS.read_text("utf-8").splitlines())
    upgrade_to(engine, BEFORE)
    engine.dispose()
    schafkopf = "json_extract(n.rules, '$.preset') LIKE 'schafkopf%'"
    with sqlite3.connect(path) as old:
        # A Schafkopf night's leasters are Sheepshead's now: no longer counted.
        columns = ", ".join(
            f"SUM(CASE WHEN {schafkopf} THEN 0 ELSE s.{c} END)"
            if c == "leasters_won"
            else f"SUM(s.{c})"
            for c in COLUMNS
        )
        before = {
            (league, season, name): dict(zip(COLUMNS, counts, strict=True))
            for league, season, name, *counts in old.execute(
                f"SELECT l.name, se.name, p.name, {columns} FROM night_summary s "
                "JOIN night n ON n.id = s.night_id JOIN league l ON l.id = n.league_id "
                "LEFT JOIN season se ON se.id = n.season_id JOIN player p ON p.id = s.player_id "
                "WHERE n.discarded_at IS NULL GROUP BY l.name, se.name, p.name"
            )
        }
        games = dict(
            old.execute(
                f"SELECT l.name, MIN({schafkopf}) FROM night n JOIN league l "
                "ON l.id = n.league_id GROUP BY l.name"
            ).fetchall()
        )
    assert len(set(games.values())) == 2, "a league of each game (and one of both)"

    db = open_database(f"sqlite:///{path}")
    try:
        for league in games:
            seasons = {s for (lg, s, _) in before if lg == league}
            for season in (None, *seasons):
                table = leagues.standings(db, leagues.Period(league, season))
                expected: dict[str, Counter[str]] = {}
                for (lg, s, name), counts in before.items():
                    if lg == league and season in (None, s):
                        expected.setdefault(name, Counter()).update(counts)
                assert table.everyone
                for standing in table.everyone:
                    now = {c: standing.figure(c) for c in COLUMNS}
                    old = {c: expected[standing.player][c] for c in COLUMNS}
                    assert now == old, (league, season, standing.player)
            # A player's statistics count the hands declared as the standings do.
            for standing in leagues.standings(db, leagues.Period(league)).everyone:
                facts = league_hands.hand_facts(db, leagues.Period(league), player=standing.player)
                stats = player_statistics(standing.player, facts)
                assert (stats.picker.hands, stats.picker.won) == (
                    standing.figure("picks"),
                    standing.figure("picker_wins"),
                )
        # A Schafkopf league's figures are its game's: solos, no leasters.
        only = next(league for league, kopf in games.items() if kopf)
        keys = [f.key for f in game_named(leagues.standings(db, leagues.Period(only)).game).figures]
        assert "solos" in keys and "leasters_won" not in keys
    finally:
        db.dispose()
