"""The night summaries standings and the Table tab read (`night_summary`, `night_total`,
`night_outcome`) are, after any
sequence of writes through the store, exactly what the stored hands sum to when the
core scores them again: they cannot drift from the hands.  Nor can the score cache
they are summed from (`hand_score`, `hand_points`), which a write rewrites only where
it changed."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text, update

from scorekeeper.games import game_of, parse_rules
from scorekeeper.night import score_night
from scorekeeper.problems import InvalidNight
from scorekeeper.standings import (
    RANK_BY,
    TIE_BREAKS,
    NightLine,
    StandingsOptions,
    compute_standings,
    figure_tie_breaks,
    night_places,
)
from scorekeeper.store import (
    backup_commands,
    hand_writes,
    league,
    night_history,
    night_import,
    night_reads,
    seats,
    summaries,
    tonight,
)
from scorekeeper.store.database import SCHEMA_HEAD, Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.state import cache_rows
from scorekeeper.store.tables import (
    SUMMED,
    HandFigureRow,
    HandPointsRow,
    HandScoreRow,
    LeagueFigureRow,
    LeagueNightsRow,
    LeagueOutcomeRow,
    LeagueSumsRow,
    NightFigureRow,
    NightOutcomeRow,
    NightRow,
    NightSummaryRow,
    NightTotalRow,
    PlayerRow,
    core_table,
)
from tests.store.corpus import corpus
from tests.strategies import hand, night_documents, schafkopf_hand, schafkopf_night_documents

# (night, player) -> SUMMED and the place at the table; night -> hands, pot, pot's cents;
# (night, player, figure) -> the count
Summaries = tuple[
    dict[tuple[int, str], tuple[int, ...]],
    dict[int, tuple[int, int, int]],
    dict[tuple[int, str, str], int],
]


def stored(db: Database) -> Summaries:
    """What `night_summary`, `night_total` and `night_figure` hold, by night and player
    name."""
    summary, total = core_table(NightSummaryRow).c, core_table(NightTotalRow).c
    figures = core_table(NightFigureRow).c
    with db.engine.connect() as connection:
        names = dict(connection.execute(select(core_table(PlayerRow).c[:2])).all())
        rows = connection.execute(
            select(
                summary.night_id, summary.player_id, *(summary[c] for c in SUMMED), summary.place
            )
        ).all()
        totals = connection.execute(
            select(total.night_id, total.hand_rows, total.pot, total.pot_cents)
        ).all()
        counted = connection.execute(select(figures)).all()
    return (
        {(n, names[p]): tuple(int(v) for v in sums) for n, p, *sums in rows},
        {n: (int(h), int(pot), int(cents)) for n, h, pot, cents in totals},
        {(n, names[p], figure): int(tally) for n, p, figure, tally in counted},
    )


def recomputed(db: Database) -> Summaries:
    """Every stored night scored again by the core, summed player by player."""
    with db.engine.connect() as connection:
        night_ids = list(connection.execute(select(core_table(NightRow).c.id)).scalars())
    players: dict[tuple[int, str], Counter[str]] = {}
    totals: dict[int, tuple[int, int, int]] = {}
    figures: Counter[tuple[int, str, str]] = Counter()
    for night_id in night_ids:
        night = night_reads.load_stored_night(db, night_id=night_id)
        result = score_night(night)
        count = game_of(night.rules).figure_counts
        for scored, record in zip(result.hands, night.hands, strict=True):
            for name in scored.active:
                sums = players.setdefault((night_id, name), Counter())
                sums.update(
                    points=scored.points[name],
                    cents=scored.cents[name],
                    hands=scored.hands,
                    misplays=record.misplays.count(name),
                )
            for name, counted in count(record, scored).items():
                figures.update({(night_id, name, key): n for key, n in counted.items()})
        if result.hands:
            pot = sum(h.pot_change for h in result.hands)
            totals[night_id] = (len(result.hands), pot, pot * night.rules.stake_cents)
    lines = [
        NightLine(night, None, None, None, name, sums["points"], sums["cents"])
        for (night, name), sums in players.items()
    ]
    places = night_places(lines)  # the core's places: by points, the tied sharing
    return (
        {
            (night, name): (*(sums[c] for c in SUMMED), places[night][name])
            for (night, name), sums in players.items()
        },
        totals,
        {key: n for key, n in figures.items() if n},
    )


# (night, outcome, level, partnered) -> hand rows, played hands
Outcomes = dict[tuple[int, str, str, bool], tuple[int, int]]


def stored_outcomes(db: Database) -> Outcomes:
    """What `night_outcome` holds."""
    kinds = core_table(NightOutcomeRow).c
    with db.engine.connect() as connection:
        rows = connection.execute(select(kinds)).all()
    return {(n, o, lv, bool(p)): (int(rows_), int(h)) for n, o, lv, p, rows_, h in rows}


def recounted_outcomes(db: Database) -> Outcomes:
    """Every stored night scored again by the core, its hands counted by outcome,
    level and whether a player the core seated at the hand was the declarer's partner."""
    with db.engine.connect() as connection:
        night_ids = list(connection.execute(select(core_table(NightRow).c.id)).scalars())
    counts: Counter[tuple[int, str, str, bool]] = Counter()
    played: Counter[tuple[int, str, str, bool]] = Counter()
    for night_id in night_ids:
        night = night_reads.load_stored_night(db, night_id=night_id)
        for scored in score_night(night).hands:
            partnered = any(scored.roles[name] == "partner" for name in scored.active)
            key = (night_id, scored.outcome, scored.level, partnered)
            counts[key] += 1
            played[key] += scored.hands
    return {key: (counts[key], played[key]) for key in counts}


# (league, player, place) -> nights and SUMMED; (league, preset) -> nights, pot, cents;
# (league, player, figure) -> the count
LeagueSums = tuple[
    dict[tuple[int, str, int], tuple[int, ...]],
    dict[tuple[int, str], tuple[int, ...]],
    dict[tuple[int, str, str], int],
]


def stored_league_sums(db: Database) -> LeagueSums:
    """What `league_sums`, `league_nights` and `league_figure` hold, by league and
    player name."""
    sums, counts = core_table(LeagueSumsRow).c, core_table(LeagueNightsRow).c
    figures = core_table(LeagueFigureRow).c
    with db.engine.connect() as connection:
        names = dict(connection.execute(select(core_table(PlayerRow).c[:2])).all())
        rows = connection.execute(select(sums)).all()
        nights = connection.execute(select(counts)).all()
        counted = connection.execute(select(figures)).all()
    return (
        {(lg, names[p], place): tuple(int(v) for v in rest) for lg, p, place, *rest in rows},
        {(lg, preset): tuple(int(v) for v in rest) for lg, preset, *rest in nights},
        {(lg, names[p], figure): int(tally) for lg, p, figure, tally in counted},
    )


def filed_nights(db: Database) -> dict[int, tuple[int, str]]:
    """Each night filed under a league and not deleted (what a league's sums count):
    its league and its preset ("" for rules that name none)."""
    night = core_table(NightRow).c
    with db.engine.connect() as connection:
        rows = connection.execute(
            select(night.id, night.league_id, night.rules, night.discarded_at)
        ).all()
    return {
        night_id: (league, rules.get("preset") or "" if isinstance(rules, dict) else "")
        for night_id, league, rules, deleted in rows
        if league is not None and deleted is None
    }


def regrouped_league_sums(db: Database) -> LeagueSums:
    """Each league's sums as the core's scores of its nights (`recomputed`) add up,
    every night filed under a league and not deleted counted once."""
    filed = filed_nights(db)
    summaries, totals, night_figures = recomputed(db)
    figures: Counter[tuple[int, str, str]] = Counter()
    for (night_id, name, figure), tally in night_figures.items():
        if night_id in filed:
            figures[filed[night_id][0], name, figure] += tally
    players: dict[tuple[int, str, int], tuple[int, ...]] = {}
    for (night_id, name), (*sums, place) in summaries.items():
        if night_id in filed:
            key = (filed[night_id][0], name, place)
            before = players.get(key, (0,) * (1 + len(sums)))
            players[key] = tuple(a + b for a, b in zip(before, (1, *sums), strict=True))
    nights: dict[tuple[int, str], tuple[int, ...]] = {}
    for night_id, (_, pot, cents) in totals.items():
        if night_id in filed:
            league, preset = filed[night_id]
            before = nights.get((league, preset), (0, 0, 0))
            nights[(league, preset)] = (before[0] + 1, before[1] + pot, before[2] + cents)
    return players, nights, dict(figures)


# (league, preset, outcome, level, partnered) -> hand rows, played hands
LeagueOutcomes = dict[tuple[int, str, str, str, bool], tuple[int, int]]


def stored_league_outcomes(db: Database) -> LeagueOutcomes:
    """What `league_outcome` holds."""
    kinds = core_table(LeagueOutcomeRow).c
    with db.engine.connect() as connection:
        rows = connection.execute(select(kinds)).all()
    return {(lg, pr, o, lv, bool(p)): (int(r), int(h)) for lg, pr, o, lv, p, r, h in rows}


def regrouped_league_outcomes(db: Database) -> LeagueOutcomes:
    """Each league's hands of each kind as the core's scores of its nights count them
    (`recounted_outcomes`), every night filed under a league and not deleted counted
    under its preset."""
    filed = filed_nights(db)
    grouped: dict[tuple[int, str, str, str, bool], tuple[int, int]] = {}
    for (night_id, *kind), (rows, played) in recounted_outcomes(db).items():
        if night_id in filed:
            league, preset = filed[night_id]
            key = (league, preset, kind[0], kind[1], kind[2])
            before = grouped.get(key, (0, 0))
            grouped[key] = (before[0] + rows, before[1] + played)
    return grouped


Cache = dict[str, set[frozenset[tuple[str, Any]]]]


def rescored_cache(db: Database) -> Cache:
    """The score cache every stored night would have if it were scored again now, as
    `cache_rows` makes it: each table's rows, each row its columns and values."""
    with db.engine.connect() as connection:
        night_ids = list(connection.execute(select(core_table(NightRow).c.id)).scalars())
        ids = {n: i for i, n in connection.execute(select(core_table(PlayerRow).c[:2])).all()}
    cache: Cache = {"hand_score": set(), "hand_points": set(), "hand_figure": set()}
    for night_id in night_ids:
        night = night_reads.load_stored_night(db, night_id=night_id)
        hands = zip(
            night_reads.hand_ids(db, night_id=night_id),
            score_night(night).hands,
            night.hands,
            strict=True,
        )
        rows = cache_rows(night_id, ids, night.rules, hands)
        cache["hand_score"] |= {frozenset(row.items()) for row in rows.scores}
        cache["hand_points"] |= {frozenset(row.items()) for row in rows.points}
        cache["hand_figure"] |= {frozenset(row.items()) for row in rows.figures}
    return cache


def stored_cache(db: Database) -> Cache:
    """The score cache as stored, in the same form."""
    with db.engine.connect() as connection:
        return {
            table.name: {frozenset(r._mapping.items()) for r in connection.execute(select(table))}
            for table in (
                core_table(HandScoreRow),
                core_table(HandPointsRow),
                core_table(HandFigureRow),
            )
        }


def dealt_in_by_league(db: Database) -> dict[str, list[str]]:
    """Each league's players dealt into a hand of a night filed under it and not
    deleted, read from every hand's cached points (what the Player tab offers)."""
    points, night, player = (
        core_table(HandPointsRow).c,
        core_table(NightRow).c,
        core_table(PlayerRow).c,
    )
    leagues: dict[str, list[str]] = {}
    with db.engine.connect() as connection:  # one at a time: SQLite's take turns
        for name in ("Club", "Other club"):
            league_id = connection.execute(
                text("SELECT id FROM league WHERE name = :name"), {"name": name}
            ).scalar_one_or_none()
            if league_id is None:
                continue
            query = (
                select(player.name)
                .distinct()
                .join_from(core_table(HandPointsRow), core_table(NightRow))
                .join(core_table(PlayerRow), player.id == points.player_id)
                .where((night.league_id == league_id) & night.discarded_at.is_(None))
            )
            leagues[name] = sorted(connection.execute(query).scalars(), key=str.casefold)
    return leagues


# -- the writes a table makes, drawn ------------------------------------------------------

Write = Callable[[Database, st.DataObject, list[int]], None]
documents = st.one_of(night_documents(max_hands=5), schafkopf_night_documents(max_hands=5))


def _night(data: st.DataObject, nights: list[int]) -> int:
    return data.draw(st.sampled_from(nights))


def _a_hand(db: Database, data: st.DataObject, night_id: int) -> dict[str, Any]:
    """A hand drawn for the night's rules and players (it may not fit: then refused)."""
    document = night_import.export_night(db, night_id=night_id)
    rules, _ = parse_rules(document["rules"])
    assert rules is not None
    players, number = document["players"], len(document["hands"])
    if game_of(rules).name == "schafkopf":
        return data.draw(schafkopf_hand(rules, players, number))
    return data.draw(hand(rules, players, number))


def _a_hand_id(db: Database, data: st.DataObject, night_id: int) -> int | None:
    ids = night_reads.hand_ids(db, night_id=night_id)
    return data.draw(st.sampled_from(ids)) if ids else None


# Nights filed under one of two leagues, or none.
filed_documents = st.tuples(documents, st.sampled_from([None, "Club", "Other club"])).map(
    lambda drawn: drawn[0] | {"league": drawn[1]} if drawn[1] else drawn[0]
)


def import_one(db: Database, data: st.DataObject, nights: list[int]) -> None:
    nights.append(night_import.import_night(db, data.draw(filed_documents)))


def import_many(db: Database, data: st.DataObject, nights: list[int]) -> None:
    drawn = data.draw(st.lists(filed_documents, min_size=1, max_size=3))
    nights += night_import.import_nights(db, drawn)


def record(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    hand_writes.record_hand(db, night_id=night_id, hand=_a_hand(db, data, night_id))


def insert(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    count = len(night_reads.hand_ids(db, night_id=night_id))
    at = data.draw(st.integers(1, count + 1))
    hand_writes.insert_hand(db, night_id=night_id, hand=_a_hand(db, data, night_id), position=at)


def edit(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    if (hand_id := _a_hand_id(db, data, night_id)) is not None:
        hand_writes.edit_hand(db, hand_id=hand_id, hand=_a_hand(db, data, night_id))


def delete_and_maybe_restore(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    if (hand_id := _a_hand_id(db, data, night_id)) is None:
        return
    deleted = hand_writes.delete_hand(db, hand_id=hand_id)
    if data.draw(st.booleans()):
        hand_writes.restore_revision(db, revision_id=deleted.revision_id)


def undo_an_edit(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    if (hand_id := _a_hand_id(db, data, night_id)) is None:
        return
    edited = hand_writes.edit_hand(db, hand_id=hand_id, hand=_a_hand(db, data, night_id))
    hand_writes.restore_revision(db, revision_id=edited.replaced)


def change_stake(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    document = night_import.export_night(db, night_id=night_id)["rules"]
    written = {"preset": document} if isinstance(document, str) else dict(document)
    rules, _ = parse_rules(written | {"stake_cents": data.draw(st.integers(0, 500))})
    assert rules is not None
    night_history.change_rules(db, night_id=night_id, rules=rules)


def join_and_leave(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    players = night_import.export_night(db, night_id=night_id)["players"]
    if data.draw(st.booleans()):
        seats.join_night(db, night_id=night_id, player="Ivy")
    else:
        count = len(night_reads.hand_ids(db, night_id=night_id))
        after = data.draw(st.integers(0, count))
        seat = seats.leave_night(
            db, night_id=night_id, player=data.draw(st.sampled_from(players)), after_hand=after
        )
        if data.draw(st.booleans()):
            seats.reopen_seat(db, night_id=night_id, seat=seat)


def close_or_reopen(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_id = _night(data, nights)
    tonight.set_closed(db, night_id=night_id, closed=data.draw(st.booleans()))


def delete_or_restore_night(db: Database, data: st.DataObject, nights: list[int]) -> None:
    night_history.set_deleted(db, night_id=_night(data, nights), deleted=data.draw(st.booleans()))


WRITES: list[Write] = [
    delete_or_restore_night,
    record,
    insert,
    edit,
    delete_and_maybe_restore,
    undo_an_edit,
    change_stake,
    join_and_leave,
    close_or_reopen,
]


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_after_any_writes_the_summary_is_what_the_hands_sum_to(
    db: Database, data: st.DataObject
) -> None:
    nights: list[int] = []
    import_one(db, data, nights)
    for _ in range(data.draw(st.integers(1, 8))):
        write = data.draw(st.sampled_from([import_one, import_many, *WRITES]))
        # A write refused wrote nothing, and the summary must say the same.
        with contextlib.suppress(InvalidNight, StorageError):
            write(db, data, nights)
        assert stored(db) == recomputed(db)
        assert stored_outcomes(db) == recounted_outcomes(db)
        assert stored_cache(db) == rescored_cache(db)
        assert stored_league_sums(db) == regrouped_league_sums(db)
        assert stored_league_outcomes(db) == regrouped_league_outcomes(db)
        for name, dealt_in in dealt_in_by_league(db).items():
            assert league.league_players(db, league.Period(name)) == dealt_in


options = st.builds(
    StandingsOptions,
    rank_by=st.sampled_from(RANK_BY),
    placement_points=st.lists(st.integers(0, 9), min_size=1, max_size=5).map(tuple),
    min_nights=st.integers(0, 3),
    min_hands=st.integers(0, 12),
    tie_breaks=st.permutations([*TIE_BREAKS, *figure_tie_breaks()]).map(lambda t: tuple(t[:3])),
)
club_documents = documents.map(lambda document: document | {"league": "Club"})


def club_nights(db: Database, data: st.DataObject, nights: list[int]) -> None:
    drawn = data.draw(st.lists(club_documents, min_size=1, max_size=3))
    nights += night_import.import_nights(db, drawn)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_standings_the_database_sums_are_the_core_s_of_every_night(
    db: Database, data: st.DataObject
) -> None:
    """Without dropping a night, standings are ranked from each player's sums and
    places as the database adds them up (`league.players_nights`): the same standings,
    under any options, as the core's from every night (`compute_standings`)."""
    nights: list[int] = []
    club_nights(db, data, nights)
    for _ in range(data.draw(st.integers(0, 6))):
        write = data.draw(st.sampled_from([club_nights, *WRITES]))
        with contextlib.suppress(InvalidNight, StorageError):
            write(db, data, nights)
        period = league.Period("Club")
        chosen = data.draw(options)
        every_night = league.night_lines(db, period)
        assert league.standings(db, period, chosen) == compute_standings(
            every_night, chosen, league.pot_totals(db, period)
        )


def test_the_corpus_imported_at_once_or_hand_by_hand_sums_the_same(db: Database) -> None:
    night_import.import_nights(db, corpus())
    for document in corpus():
        night_id = night_import.import_night(db, document | {"hands": []})
        for played in document["hands"]:
            hand_writes.record_hand(db, night_id=night_id, hand=played)
    summaries, totals, figures = stored(db)
    assert (summaries, totals, figures) == recomputed(db)
    assert stored_outcomes(db) == recounted_outcomes(db)
    assert any(sums[SUMMED.index("misplays")] for sums in summaries.values())
    assert {figure for _, _, figure in figures} >= {"leasters_won", "solos", "ramsch_lost"}
    assert any(pot for _, pot, _ in totals.values())


def test_a_restored_dump_sums_its_summary_again_from_the_hands(
    db: Database, tmp_path: Path
) -> None:
    night_import.import_nights(db, [d | {"league": "Club"} for d in corpus()[:4]])
    document = backup_commands.dump(db)
    for row in document["tables"]["night_summary"]:
        row["points"] += 1000  # a summary that no longer says what the hands do
    document["tables"]["night_total"] = []
    document["tables"]["league_sums"] = []  # not trusted either: summed again
    document["tables"]["league_nights"] = []
    document["tables"]["league_outcome"] = []
    document["tables"]["league_figure"] = []
    for row in document["tables"]["night_figure"]:
        row["tally"] += 1
    for row in document["tables"]["night_outcome"]:
        row["hand_rows"] += 1
    source = tmp_path / "dump.json"
    source.write_text(json.dumps(document), "utf-8")
    backup_commands.restore(db, str(source), force=True)
    assert stored(db) == recomputed(db) and stored(db)[1] and stored(db)[2]
    assert stored_outcomes(db) == recounted_outcomes(db) and stored_outcomes(db)
    assert stored_league_sums(db) == regrouped_league_sums(db) and stored_league_sums(db)[1]
    assert stored_league_outcomes(db) == regrouped_league_outcomes(db)
    assert stored_league_outcomes(db)


def test_a_restored_sqlite_backup_sums_its_summaries_and_counts_again(
    db: Database, tmp_path: Path
) -> None:
    """A backup file's sums and counts are not trusted either: the restore sums them
    again from the hands (it kept what the file held, a review found)."""
    if not db.is_sqlite:
        pytest.skip("a server's backup is a dump (the test above)")
    import sqlite3

    night_import.import_nights(db, [d | {"league": "Club"} for d in corpus()[:4]])
    copy = tmp_path / "backup.sqlite3"
    backup_commands.backup(db, str(copy), force=True)
    with contextlib.closing(sqlite3.connect(copy)) as backup, backup:
        backup.execute("UPDATE night_summary SET points = points + 1000")
        backup.execute("UPDATE night_outcome SET hand_rows = hand_rows + 1")
        backup.execute("UPDATE league_outcome SET hands = hands + 1")
        backup.execute("UPDATE league_sums SET points = points + 1")
        backup.execute("UPDATE night_figure SET tally = tally + 1")
        backup.execute("UPDATE league_figure SET tally = tally + 2")
    backup_commands.restore(db, str(copy), force=True)
    assert stored(db) == recomputed(db) and stored(db)[1] and stored(db)[2]
    assert stored_outcomes(db) == recounted_outcomes(db) and stored_outcomes(db)
    assert stored_league_outcomes(db) == regrouped_league_outcomes(db)
    assert stored_league_sums(db) == regrouped_league_sums(db) and stored_league_sums(db)[1]


def test_the_migration_fills_the_summary_of_the_nights_stored_before_it(db: Database) -> None:
    """0015 sums the cache the database holds (here: the cache of nights filed, the
    summary emptied as a database from before 0015 has none)."""
    from tests.store.conftest import downgrade_to, upgrade_to

    night_import.import_nights(db, corpus())
    expected = stored(db)
    downgrade_to(db.engine, "0014")
    upgrade_to(db.engine, "0015")
    upgrade_to(db.engine, "0016")  # the places, read here with the sums
    upgrade_to(db.engine, SCHEMA_HEAD)  # and on: 0022 counts the figures again
    assert stored(db) == expected == recomputed(db)
    with db.engine.begin() as connection:  # nothing else writes it: a change shows
        connection.execute(update(core_table(NightSummaryRow)).values(points=0))
    assert stored(db) != recomputed(db)


def test_the_migration_places_the_players_of_the_nights_stored_before_it(db: Database) -> None:
    """0016 gives every summary row stored before it its place at the table, the
    core's (a tied night among them)."""
    from tests.store.conftest import downgrade_to, upgrade_to

    night_import.import_nights(db, corpus())
    expected = stored(db)
    assert any(
        sums[-1] == other[-1] and key[0] == key2[0] and key != key2
        for key, sums in expected[0].items()
        for key2, other in expected[0].items()
    ), "the corpus has a night with two players tied"
    downgrade_to(db.engine, "0015")
    upgrade_to(db.engine, "0016")
    upgrade_to(db.engine, SCHEMA_HEAD)  # and on: 0022 counts the figures again
    assert stored(db) == expected == recomputed(db)
    with db.engine.begin() as connection:  # nothing else writes it: a change shows
        connection.execute(update(core_table(NightSummaryRow)).values(place=1))
    assert stored(db) != recomputed(db)


def test_the_migration_fills_the_league_sums_of_the_nights_stored_before_it(
    db: Database,
) -> None:
    """0017 sums each league's nights the database holds (a deleted one left out),
    as every write since keeps them."""
    from tests.store.conftest import downgrade_to, upgrade_to

    ids = night_import.import_nights(db, [d | {"league": "Club"} for d in corpus()])
    night_import.import_nights(db, corpus()[:2])  # filed under no league
    night_history.set_deleted(db, night_id=ids[0], deleted=True)
    expected = stored_league_sums(db)
    assert expected == regrouped_league_sums(db) and len(expected[0]) > 3
    downgrade_to(db.engine, "0016")
    upgrade_to(db.engine, "0017")
    upgrade_to(db.engine, SCHEMA_HEAD)  # and on: 0022 counts the figures again
    assert stored_league_sums(db) == expected
    with db.engine.begin() as connection:  # nothing else writes it: a change shows
        connection.execute(update(core_table(LeagueSumsRow)).values(points=0))
    assert stored_league_sums(db) != regrouped_league_sums(db)


def test_the_migration_counts_the_outcomes_of_the_nights_stored_before_it(db: Database) -> None:
    """0019 counts each night's hands by outcome, level and partner, and each
    league's (a deleted night left out), as every write since keeps them (a Schafkopf
    night, a result hand and a hand played alone among them)."""
    from tests.store.conftest import downgrade_to, upgrade_to

    ids = night_import.import_nights(db, [d | {"league": "Club"} for d in corpus()])
    night_import.import_nights(db, corpus()[:2])  # filed under no league
    night_history.set_deleted(db, night_id=ids[0], deleted=True)
    expected = stored_outcomes(db), stored_league_outcomes(db)
    assert expected == (recounted_outcomes(db), regrouped_league_outcomes(db))
    assert {partnered for *_, partnered in expected[0]} == {True, False}
    assert any(played > rows for rows, played in expected[0].values()), "a result hand"
    assert len({key[1] for key in expected[1]}) > 1, "more than one preset"
    downgrade_to(db.engine, "0018")
    upgrade_to(db.engine, "0019")
    assert (stored_outcomes(db), stored_league_outcomes(db)) == expected
    with db.engine.begin() as connection:  # nothing else writes them: a change shows
        connection.execute(update(core_table(NightOutcomeRow)).values(hands=0))
        connection.execute(update(core_table(LeagueOutcomeRow)).values(hands=0))
    assert stored_outcomes(db) != recounted_outcomes(db)
    assert stored_league_outcomes(db) != regrouped_league_outcomes(db)


def test_a_night_s_rules_changed_to_another_preset_move_it_in_its_league_s_sums(
    db: Database,
) -> None:
    """A league's count of nights is kept by preset (their game heads the standings):
    a night's rules changed to another preset move it there."""
    moved = 0
    for document in corpus():
        if document["rules"] not in ("classic-5", {"preset": "classic-5"}):
            continue
        night_id = night_import.import_night(db, document | {"league": "Club"})
        with contextlib.suppress(InvalidNight, StorageError):  # a hand the new rules refuse
            rules, _ = parse_rules({"preset": "jack-of-diamonds-5"})
            assert rules is not None
            night_history.change_rules(db, night_id=night_id, rules=rules)
            moved += 1
        assert stored_league_sums(db) == regrouped_league_sums(db)
        assert stored_league_outcomes(db) == regrouped_league_outcomes(db)
    assert moved, "the corpus has a classic night the jack of diamonds can score"
    assert any(preset == "jack-of-diamonds-5" for _, preset in stored_league_sums(db)[1])


def test_a_night_deleted_while_a_hand_is_being_written_leaves_the_league_sums_right(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a server, a night deleted at one table while a hand of it is being written at
    another waits for that hand, then takes the night out of its league whole (it read
    what the night adds before the hand was there: the hand stayed in the league's
    sums).  Ordered by events and the server's own lock table, not by sleeping."""
    if db.is_sqlite:
        pytest.skip("SQLite's writers take turns from their first read")
    filed = [document | {"league": "Club"} for document in corpus()[:2]]
    night_id, _ = night_import.import_nights(db, filed)
    played = night_import.export_night(db, night_id=night_id)["hands"][-1]
    inside, release = threading.Event(), threading.Event()
    moving = summaries.change

    def paused(*args: Any, **kwargs: Any) -> None:
        moving(*args, **kwargs)
        if threading.current_thread().name == "hand":
            inside.set()  # the hand written, the night locked, nothing committed
            assert release.wait(30)

    monkeypatch.setattr(summaries, "change", paused)
    hand = threading.Thread(
        name="hand",
        target=lambda: hand_writes.record_hand(db, night_id=night_id, hand=played),
    )
    hand.start()
    assert inside.wait(30)
    deleting = threading.Thread(
        target=lambda: night_history.set_deleted(db, night_id=night_id, deleted=True)
    )
    deleting.start()
    with db.engine.connect() as watcher:  # until the delete waits for the hand's lock
        waiting = text(  # a session of this test's database waiting for a lock
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        deadline = time.monotonic() + 30
        while watcher.execute(waiting).scalar_one() == 0:
            assert time.monotonic() < deadline, "the delete never waited for the hand"
            watcher.rollback()
    release.set()
    hand.join(30)
    deleting.join(30)
    assert stored_league_sums(db) == regrouped_league_sums(db)
    assert stored_league_outcomes(db) == regrouped_league_outcomes(db)
